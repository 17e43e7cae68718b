//! W1 (shared/bench/WORKLOAD.md): moving circle vs moving rectangle, aligned
//! and oriented, every backend; W4: moving sphere vs moving box, the same.
//! Each query scalar (one call per query) and as a batch (`swept::query::
//! batch`, the inputs one slice per argument). N = 1,000,000 queries held
//! in memory (generation not timed), best of 10 runs (1 on the exact
//! backend); prints ns per query, outcome shares and the checksum (sum of
//! the outcome code -1/0/+1 plus the contact time, in f64, uncapped, in
//! query order). Inputs a backend refuses as out of its domain are counted
//! and add nothing to the checksum. First, the floor reference
//! (`support/floor.rs`) against the scalar W1-AABB f64 query, both checked
//! against the exact answers.
//!
//! `cargo bench --bench sweep` (N from `SWEPT_BENCH_N`; `SWEPT_BENCH_ONLY`
//! selects rows by prefix, e.g. `"W1-AABB f64"`, or by whole name ending
//! in `$`, e.g. `"W1-AABB f64$"`; `SWEPT_BENCH_REPS` sets the runs per
//! row; `SWEPT_BENCH_SCALING=1` times W1-AABB f64 from 10^3 to 10^7
//! queries instead; `benches/instructions.sh` counts instructions per
//! query). The W4-AABB f64 checksum is the exact answer's
//! (40805.223002065504) to within f64 rounding.

#[path = "support/floor.rs"]
mod floor;

use swept::Error;
use swept::geom::{Aabb2, Circle, Obb2, Vec2, Vec3};
use swept::query::sweep_circle_rect::{sweep_circle_aabb2, sweep_circle_obb2};
use swept::query::sweep_sphere_box::{sweep_sphere_aabb3, sweep_sphere_obb3};
use swept::query::{Sweep, batch};
use swept_support::Backend;
use swept_support::sweep_queries::compare_sweep;
use swept_support::workload::{
    Outcome, SEED, SplitMix64, W1In, W4In, batch_row, bench_row, reps, selected, timed_scalar, w1,
    w1_in, w4, w4_in,
};
use swept_support::{Exact, each_backend};

/// Runs per row; the best is reported. This machine's neighbours slow
/// whole runs: best of 3 moved W4-AABB f64 between 127 and 223 ns.
const REPS: usize = 10;

fn inputs<T: Backend>(n: usize) -> Vec<W1In<T>> {
    let mut r = SplitMix64::new(SEED);
    (0..n)
        .map(|_| w1_in::<T>(&w1(&mut r)).expect("W1 converts"))
        .collect()
}

fn inputs4<T: Backend>(n: usize) -> Vec<W4In<T>> {
    let mut r = SplitMix64::new(SEED);
    (0..n)
        .map(|_| w4_in::<T>(&w4(&mut r)).expect("W4 converts"))
        .collect()
}

/// The report's outcome of one W1 or W4 result.
fn outcome<T: Backend, V>(r: &Result<Sweep<T, V>, Error>) -> Outcome {
    match r {
        Ok(Sweep::Overlapping { .. }) => Outcome::Overlap,
        Ok(Sweep::Hit(h)) => Outcome::Contact(h.time.to_f64()),
        Ok(Sweep::Miss) => Outcome::None,
        Err(_) => Outcome::Refused,
    }
}

fn bench<T: Backend, I, V>(
    name: &str,
    items: &[I],
    reps: usize,
    f: impl Fn(&I) -> Result<Sweep<T, V>, Error>,
) {
    if selected(name) {
        bench_row(name, "contact", items, reps, f, outcome);
    }
}

fn backend<T: Backend>(n: usize, reps: usize) {
    let a = format!("W1-AABB {}", T::NAME);
    let o = format!("W1-OBB {}", T::NAME);
    if ![&a, &o]
        .iter()
        .any(|r| selected(r) || selected(&format!("{r} batch")))
    {
        return;
    }
    let items = inputs::<T>(n);
    bench(&a, &items, reps, |q| {
        sweep_circle_aabb2(&q.circle, &q.circle_velocity, &q.aabb, &q.rect_velocity)
    });
    bench(&o, &items, reps, |q| {
        sweep_circle_obb2(&q.circle, &q.circle_velocity, &q.obb, &q.rect_velocity)
    });
    let s = Slices::of(&items);
    batched(&format!("{a} batch"), n, reps, |out| {
        batch::sweep_circle_aabb2(
            &s.circles,
            &s.circle_velocities,
            &s.aabbs,
            &s.rect_velocities,
            out,
        )
    });
    batched(&format!("{o} batch"), n, reps, |out| {
        batch::sweep_circle_obb2(
            &s.circles,
            &s.circle_velocities,
            &s.obbs,
            &s.rect_velocities,
            out,
        )
    });
}

/// W1 as the batch queries take it: one slice per argument.
struct Slices<T> {
    circles: Vec<Circle<T>>,
    circle_velocities: Vec<Vec2<T>>,
    aabbs: Vec<Aabb2<T>>,
    obbs: Vec<Obb2<T>>,
    rect_velocities: Vec<Vec2<T>>,
}

impl<T: Backend> Slices<T> {
    fn of(items: &[W1In<T>]) -> Self {
        Slices {
            circles: items.iter().map(|q| q.circle.clone()).collect(),
            circle_velocities: items.iter().map(|q| q.circle_velocity.clone()).collect(),
            aabbs: items.iter().map(|q| q.aabb.clone()).collect(),
            obbs: items.iter().map(|q| q.obb.clone()).collect(),
            rect_velocities: items.iter().map(|q| q.rect_velocity.clone()).collect(),
        }
    }
}

/// A batch row (selected as [`bench`] selects).
fn batched<T: Backend, V: Clone>(
    name: &str,
    n: usize,
    reps: usize,
    f: impl Fn(&mut [Result<Sweep<T, V>, Error>]) -> usize,
) {
    if selected(name) {
        batch_row(name, "contact", n, reps, Err(Error::Spread), f, outcome);
    }
}

/// ns per query of W1-AABB f64, scalar and batch, from 10^3 to 10^7
/// queries (`SWEPT_BENCH_SCALING=1`): the batch's should stay flat.
fn scaling() {
    println!("W1-AABB f64 scaling (best of 5; 3 at 10^7)");
    for e in 3..=7 {
        let n = 10usize.pow(e);
        let reps = if e == 7 { 3 } else { 5 };
        let items = inputs::<f64>(n);
        bench(&format!("10^{e} W1-AABB f64"), &items, reps, |q| {
            sweep_circle_aabb2(&q.circle, &q.circle_velocity, &q.aabb, &q.rect_velocity)
        });
        let s = Slices::of(&items);
        batched(&format!("10^{e} W1-AABB f64 batch"), n, reps, |out| {
            batch::sweep_circle_aabb2(
                &s.circles,
                &s.circle_velocities,
                &s.aabbs,
                &s.rect_velocities,
                out,
            )
        });
    }
}

fn backend4<T: Backend>(n: usize, reps: usize) {
    let a = format!("W4-AABB {}", T::NAME);
    let o = format!("W4-OBB {}", T::NAME);
    if ![&a, &o]
        .iter()
        .any(|r| selected(r) || selected(&format!("{r} batch")))
    {
        return;
    }
    let items = inputs4::<T>(n);
    bench::<T, _, Vec3<T>>(&a, &items, reps, |q| {
        sweep_sphere_aabb3(&q.sphere, &q.sphere_velocity, &q.aabb, &q.box_velocity)
    });
    bench::<T, _, Vec3<T>>(&o, &items, reps, |q| {
        sweep_sphere_obb3(&q.sphere, &q.sphere_velocity, &q.obb, &q.box_velocity)
    });
    let spheres: Vec<_> = items.iter().map(|q| q.sphere.clone()).collect();
    let sphere_velocities: Vec<_> = items.iter().map(|q| q.sphere_velocity.clone()).collect();
    let aabbs: Vec<_> = items.iter().map(|q| q.aabb.clone()).collect();
    let obbs: Vec<_> = items.iter().map(|q| q.obb.clone()).collect();
    let box_velocities: Vec<_> = items.iter().map(|q| q.box_velocity.clone()).collect();
    let (s, sv, bv) = (&spheres, &sphere_velocities, &box_velocities);
    batched(&format!("{a} batch"), n, reps, |out| {
        batch::sweep_sphere_aabb3(s, sv, &aabbs, bv, out)
    });
    batched(&format!("{o} batch"), n, reps, |out| {
        batch::sweep_sphere_obb3(s, sv, &obbs, bv, out)
    });
}

/// The floor reference (`support/floor.rs`) on W1-AABB f64, then
/// `swept`'s scalar query ("paired"), alternately, best of `REPS` each,
/// and the ratio;
/// then both checked against the exact answers on the first `m` queries:
/// `swept`'s must agree by the rule of `swept_support::agree` (kinds equal,
/// values rounded once), the floor's are counted (outcome disagreements,
/// the largest time error).
fn floor_rows(n: usize, m: usize) {
    let (floor_row, paired_row) = ("W1-AABB f64 floor", "W1-AABB f64 paired");
    let (run_floor, run_swept) = (selected(floor_row), selected(paired_row));
    if !run_floor && !run_swept {
        return;
    }
    let items = inputs::<f64>(n);
    let plain = |q: &W1In<f64>| {
        let (p, cv, b, bv) = (
            &q.circle.center,
            &q.circle_velocity,
            &q.aabb,
            &q.rect_velocity,
        );
        floor::sweep(
            [p.x, p.y],
            q.circle.radius,
            [cv.x, cv.y],
            [b.min.x, b.min.y],
            [b.max.x, b.max.y],
            [bv.x, bv.y],
        )
    };
    let code = |f: &floor::Floor| match f.code {
        -1 => Outcome::Overlap,
        1 => Outcome::Contact(f.time),
        _ => Outcome::None,
    };
    let swept = |q: &W1In<f64>| {
        sweep_circle_aabb2(&q.circle, &q.circle_velocity, &q.aabb, &q.rect_velocity)
    };
    let (mut best_floor, mut best_swept) = (f64::INFINITY, f64::INFINITY);
    let (mut floors, mut swepts) = (Vec::new(), Vec::new());
    for _ in 0..reps(REPS) {
        if run_floor {
            best_floor = best_floor.min(timed_scalar(&items, plain, &mut floors));
        }
        if run_swept {
            best_swept = best_swept.min(timed_scalar(&items, swept, &mut swepts));
        }
    }
    let sum = |codes: &mut dyn Iterator<Item = Outcome>| {
        codes.fold(0.0, |s, o| match o {
            Outcome::Overlap => s - 1.0,
            Outcome::Contact(t) => s + (1.0 + t),
            _ => s,
        })
    };
    if run_floor {
        let sum = sum(&mut floors.iter().map(code));
        println!("{floor_row:<24} {best_floor:9.1} ns/query  checksum {sum:.11}");
    }
    if run_swept {
        let sum = sum(&mut swepts.iter().map(outcome));
        println!("{paired_row:<24} {best_swept:9.1} ns/query  checksum {sum:.11}");
    }
    if !(run_floor && run_swept) {
        return;
    }
    println!("swept / floor: {:.2} (same run)", best_swept / best_floor);
    let (mut differ, mut worst, mut normal) = (0, 0.0f64, 0.0f64);
    for (i, q) in items.iter().take(m).enumerate() {
        // The f64 query's values, exactly.
        let x = |v: &f64| v.to_exact();
        let v = |p: &Vec2<f64>| Vec2::new(x(&p.x), x(&p.y));
        let circle = Circle::new(v(&q.circle.center), x(&q.circle.radius));
        let aabb = Aabb2::new(v(&q.aabb.min), v(&q.aabb.max));
        let e = sweep_circle_aabb2(&circle, &v(&q.circle_velocity), &aabb, &v(&q.rect_velocity));
        if let Err(why) = compare_sweep(&e, &swepts[i]) {
            panic!("W1-AABB f64 query {i} disagrees with the exact answer: {why}");
        }
        match (outcome(&e), code(&floors[i])) {
            (Outcome::Contact(a), Outcome::Contact(b)) => {
                worst = worst.max((a - b).abs());
                if let Ok(Sweep::Hit(h)) = &e {
                    let n = floors[i].normal;
                    let off = |e: &Exact, f: f64| (e.to_f64() - f).abs();
                    normal = normal.max(off(&h.normal.x, n[0]).max(off(&h.normal.y, n[1])));
                }
            }
            (a, b) if a == b => {}
            _ => differ += 1,
        }
    }
    println!(
        "checked on the first {}: swept f64 agrees with the exact answers; the floor's outcome differs on {differ}, its time by at most {worst:.2e}, its normal by {normal:.2e}",
        m.min(n)
    );
}

fn main() {
    if std::env::args().any(|a| a == "--test") {
        return;
    }
    if std::env::var("SWEPT_BENCH_SCALING").is_ok() {
        scaling();
        return;
    }
    let n = std::env::var("SWEPT_BENCH_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    println!("W1, N = {n}");
    floor_rows(n, 20_000);
    each_backend!(T => backend::<T>(n, reps(REPS)));
    backend::<Exact>(n, 1);
    println!("W4, N = {n}");
    each_backend!(T => backend4::<T>(n, reps(REPS)));
    backend4::<Exact>(n / 10, 1);
}
