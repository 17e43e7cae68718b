//! `swept`'s side of the paired comparison with the C++ reference
//! (`benches/reference.sh`; the reference's side is `gte.cpp`).
//!
//! - `dump N DIR`: the first N queries of W1 and W4 (`benches/WORKLOAD.md`)
//!   in `f32` and `f64`, as the queries take them, to `DIR/w1-f32.bin`,
//!   `w1-f64.bin`, `w4-f32.bin`, `w4-f64.bin`: per query its values in the
//!   order of [`W1_VALUES`] (or [`W4_VALUES`]), each an `f64` (little
//!   endian; an `f32` is exactly an `f64`).
//! - `run QUERY BACKEND INPUT ANSWERS PASSES`: answers the queries of
//!   INPUT (QUERY `w1-aabb`, `w1-obb`, `w4-aabb` or `w4-obb`; BACKEND
//!   `f32` or `f64`) PASSES times, one call per query, the results stored
//!   in memory; prints the fastest pass in ns a query and the checksum
//!   (the sum in query order of the outcome code, -1 overlap at 0, +1
//!   contact, 0 none, plus the contact time), and writes each query's code
//!   and time to ANSWERS (two `f64`s; a refused query: code 2).
//! - `compare A B`: between two ANSWERS files, the queries whose outcome
//!   differs, by pair of codes (`0->1:19`: 19 queries A misses and B
//!   hits); of the queries both hit, how many times differ; and the
//!   largest difference relative to B's time.
//!
//! Both sides time the same way: [`answer_all`] (C++: `answer_all`) over
//! every query, a pass timed by the monotonic clock.

use std::hint::black_box;
use std::time::Instant;
use swept::geom::{Aabb2, Aabb3, Circle, Obb2, Obb3, Sphere, Vec2, Vec3};
use swept::query::Sweep;
use swept::query::sweep_circle_rect::{sweep_circle_aabb2, sweep_circle_obb2};
use swept::query::sweep_sphere_box::{sweep_sphere_aabb3, sweep_sphere_obb3};
use swept_support::Backend;
use swept_support::workload::{SEED, SplitMix64, W1In, W4In, w1, w1_in, w4, w4_in};

/// Values of a W1 query in the files: box min, max; oriented box center,
/// axes, half extents; box velocity; circle center, radius; its velocity.
const W1_VALUES: usize = 19;
/// Values of a W4 query: as [`W1_VALUES`] in 3D.
const W4_VALUES: usize = 31;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let a: Vec<&str> = args.iter().map(String::as_str).collect();
    match a.as_slice() {
        ["dump", n, dir] => dump(n.parse().expect("N"), dir),
        ["run", query, backend, input, answers, passes] => {
            let passes = passes.parse().expect("PASSES");
            match *backend {
                "f32" => run::<f32>(query, input, answers, passes),
                "f64" => run::<f64>(query, input, answers, passes),
                _ => usage(),
            }
        }
        ["compare", a, b] => compare(a, b),
        _ => usage(),
    }
}

fn usage() -> ! {
    eprintln!(
        "usage: swept-reference dump N DIR | run QUERY BACKEND INPUT ANSWERS PASSES | compare A B"
    );
    std::process::exit(2);
}

fn dump(n: usize, dir: &str) {
    fn write(path: String, values: Vec<f64>) {
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    fn both<T: Backend + Copy + Into<f64>>(dir: &str, name: &str, n: usize) {
        let (mut r1, mut r4) = (SplitMix64::new(SEED), SplitMix64::new(SEED));
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for _ in 0..n {
            let q = w1_in::<T>(&w1(&mut r1)).expect("W1 converts");
            a.extend(w1_values(&q).map(Into::into));
            let q = w4_in::<T>(&w4(&mut r4)).expect("W4 converts");
            b.extend(w4_values(&q).map(Into::into));
        }
        write(format!("{dir}/w1-{name}.bin"), a);
        write(format!("{dir}/w4-{name}.bin"), b);
    }
    both::<f32>(dir, "f32", n);
    both::<f64>(dir, "f64", n);
}

fn w1_values<T: Copy>(q: &W1In<T>) -> [T; W1_VALUES] {
    let (b, o, c) = (&q.aabb, &q.obb, &q.circle);
    let (v, w) = (&q.rect_velocity, &q.circle_velocity);
    [
        b.min.x,
        b.min.y,
        b.max.x,
        b.max.y, //
        o.center.x,
        o.center.y,
        o.axes[0].x,
        o.axes[0].y,
        o.axes[1].x,
        o.axes[1].y,
        o.half_extents[0],
        o.half_extents[1], //
        v.x,
        v.y,
        c.center.x,
        c.center.y,
        c.radius,
        w.x,
        w.y,
    ]
}

fn w4_values<T: Copy>(q: &W4In<T>) -> [T; W4_VALUES] {
    let (b, o, s) = (&q.aabb, &q.obb, &q.sphere);
    let (v, w) = (&q.box_velocity, &q.sphere_velocity);
    let [a0, a1, a2] = &o.axes;
    let [e0, e1, e2] = o.half_extents;
    [
        b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z, //
        o.center.x, o.center.y, o.center.z, a0.x, a0.y, a0.z, a1.x, a1.y, a1.z, a2.x, a2.y, a2.z,
        e0, e1, e2, //
        v.x, v.y, v.z, s.center.x, s.center.y, s.center.z, s.radius, w.x, w.y, w.z,
    ]
}

/// The queries of `path`, `k` values each, converted to `T` (exactly).
fn read<T: Clone>(path: &str, k: usize, to: impl Fn(f64) -> T) -> Vec<Vec<T>> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let values: Vec<T> = bytes
        .chunks_exact(8)
        .map(|b| to(f64::from_le_bytes(b.try_into().expect("8 bytes"))))
        .collect();
    assert_eq!(values.len() % k, 0, "{path}: not whole queries");
    values.chunks(k).map(<[T]>::to_vec).collect()
}

fn w1_query<T: Backend + Copy>(x: &[T]) -> W1In<T> {
    let v = |i: usize| Vec2::new(x[i], x[i + 1]);
    W1In {
        aabb: Aabb2::new(v(0), v(2)),
        obb: Obb2 {
            center: v(4),
            axes: [v(6), v(8)],
            half_extents: [x[10], x[11]],
        },
        rect_velocity: v(12),
        circle: Circle::new(v(14), x[16]),
        circle_velocity: v(17),
    }
}

fn w4_query<T: Backend + Copy>(x: &[T]) -> W4In<T> {
    let v = |i: usize| Vec3::new(x[i], x[i + 1], x[i + 2]);
    W4In {
        aabb: Aabb3::new(v(0), v(3)),
        obb: Obb3 {
            center: v(6),
            axes: [v(9), v(12), v(15)],
            half_extents: [x[18], x[19], x[20]],
        },
        box_velocity: v(21),
        sphere: Sphere::new(v(24), x[27]),
        sphere_velocity: v(28),
    }
}

/// A query's code and time as the answers file holds them.
fn answer<T: Backend, V>(r: &Result<Sweep<T, V>, swept::Error>) -> (f64, f64) {
    match r {
        Ok(Sweep::Overlapping { .. }) => (-1.0, 0.0),
        Ok(Sweep::Hit(h)) => (1.0, h.time.nearest_f64()),
        Ok(Sweep::Miss) => (0.0, 0.0),
        Err(_) => (2.0, 0.0),
    }
}

/// Answers every query into `out`, one call each. Not inlined: the
/// function an instruction count takes (`--toggle-collect`).
#[inline(never)]
fn answer_all<I, R>(items: &[I], f: &impl Fn(&I) -> R, out: &mut [R]) {
    for (o, it) in out.iter_mut().zip(items) {
        *o = f(black_box(it));
    }
}

/// The fastest of `passes` passes of `f` over `items` in ns a query, and
/// the answers.
fn timed<I, R: Clone>(items: &[I], f: impl Fn(&I) -> R, passes: u32) -> (f64, Vec<R>) {
    let mut out = vec![f(&items[0]); items.len()];
    let mut best = f64::INFINITY;
    for _ in 0..passes {
        let t = Instant::now();
        answer_all(items, &f, &mut out);
        best = best.min(t.elapsed().as_secs_f64());
        black_box(&out);
    }
    (best * 1e9 / items.len() as f64, out)
}

/// [`timed`], the answers as the answers file holds them.
fn coded<I, T: Backend, V: Clone>(
    items: &[I],
    f: impl Fn(&I) -> Result<Sweep<T, V>, swept::Error>,
    passes: u32,
) -> (f64, Vec<(f64, f64)>) {
    let (ns, out) = timed(items, f, passes);
    (ns, out.iter().map(answer).collect())
}

fn run<T: Backend + Copy>(query: &str, input: &str, answers: &str, passes: u32) {
    let to = |x: f64| T::nearest_from_f64(x).expect("a value of the backend");
    let w1s = || -> Vec<W1In<T>> {
        read(input, W1_VALUES, to)
            .iter()
            .map(|x| w1_query(x))
            .collect()
    };
    let w4s = || -> Vec<W4In<T>> {
        read(input, W4_VALUES, to)
            .iter()
            .map(|x| w4_query(x))
            .collect()
    };
    let (ns, codes) = match query {
        "w1-aabb" => coded(
            &w1s(),
            |q| sweep_circle_aabb2(&q.circle, &q.circle_velocity, &q.aabb, &q.rect_velocity),
            passes,
        ),
        "w1-obb" => coded(
            &w1s(),
            |q| sweep_circle_obb2(&q.circle, &q.circle_velocity, &q.obb, &q.rect_velocity),
            passes,
        ),
        "w4-aabb" => coded(
            &w4s(),
            |q| sweep_sphere_aabb3(&q.sphere, &q.sphere_velocity, &q.aabb, &q.box_velocity),
            passes,
        ),
        "w4-obb" => coded(
            &w4s(),
            |q| sweep_sphere_obb3(&q.sphere, &q.sphere_velocity, &q.obb, &q.box_velocity),
            passes,
        ),
        _ => usage(),
    };
    let sum: f64 = codes
        .iter()
        .filter(|(c, _)| *c != 2.0)
        .map(|(c, t)| c + t)
        .sum();
    let bytes: Vec<u8> = codes
        .iter()
        .flat_map(|&(c, t)| [c, t])
        .flat_map(f64::to_le_bytes)
        .collect();
    std::fs::write(answers, bytes).unwrap_or_else(|e| panic!("{answers}: {e}"));
    println!("{ns:.2} {sum}");
}

fn compare(a: &str, b: &str) {
    let (x, y) = (read(a, 2, |v| v), read(b, 2, |v| v));
    assert_eq!(x.len(), y.len(), "{a}, {b}: not the same queries");
    // Outcome pairs (A's code, B's code) that differ, by count.
    let mut pairs = std::collections::BTreeMap::new();
    let (mut hits, mut apart, mut largest) = (0usize, 0usize, 0.0f64);
    for (p, q) in x.iter().zip(&y) {
        if p[0] != q[0] {
            *pairs.entry((p[0] as i32, q[0] as i32)).or_insert(0usize) += 1;
        } else if p[0] == 1.0 {
            hits += 1;
            if p[1] != q[1] {
                apart += 1;
                largest = largest.max((p[1] - q[1]).abs() / q[1].abs());
            }
        }
    }
    let differ: usize = pairs.values().sum();
    let kinds: Vec<String> = pairs
        .iter()
        .map(|((p, q), n)| format!("{p}->{q}:{n}"))
        .collect();
    let kinds = if kinds.is_empty() {
        "-".to_string()
    } else {
        kinds.join(",")
    };
    println!("{differ} {kinds} {apart}/{hits} {largest:.1e}");
}
