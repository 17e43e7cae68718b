//! W1 (shared/bench/WORKLOAD.md): moving circle vs moving rectangle, aligned
//! and oriented, every backend; W4: moving sphere vs moving box, the same.
//! N = 1,000,000 queries held in memory (generation not timed), best of 10
//! runs (1 on the exact backend); prints ns per query, outcome
//! shares and the checksum (sum of the outcome code -1/0/+1 plus the contact
//! time, in f64, uncapped, in query order). Inputs a backend refuses as out of
//! its domain are counted and add nothing to the checksum.
//!
//! `cargo bench --bench sweep` (N from `SWEPT_BENCH_N`; `SWEPT_BENCH_ONLY`
//! selects rows by prefix, e.g. `"W1-AABB f64"`, for callgrind). The
//! W4-AABB f64 checksum is the exact answer's (40805.223002065504) to
//! within f64 rounding.

use swept::Error;
use swept::geom::Vec3;
use swept::query::Sweep;
use swept::query::sweep_circle_rect::{sweep_circle_aabb2, sweep_circle_obb2};
use swept::query::sweep_sphere_box::{sweep_sphere_aabb3, sweep_sphere_obb3};
use swept_support::Backend;
use swept_support::workload::{
    Outcome, SEED, SplitMix64, W1In, W4In, bench_row, w1, w1_in, w4, w4_in,
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
    let only = std::env::var("SWEPT_BENCH_ONLY").unwrap_or_default();
    if name.starts_with(&only) {
        bench_row(name, "contact", items, reps, f, outcome);
    }
}

fn backend<T: Backend>(n: usize, reps: usize) {
    let only = std::env::var("SWEPT_BENCH_ONLY").unwrap_or_default();
    let a = format!("W1-AABB {}", T::NAME);
    let o = format!("W1-OBB {}", T::NAME);
    if !a.starts_with(&only) && !o.starts_with(&only) {
        return;
    }
    let items = inputs::<T>(n);
    bench(&a, &items, reps, |q| {
        sweep_circle_aabb2(&q.circle, &q.circle_velocity, &q.aabb, &q.rect_velocity)
    });
    bench(&o, &items, reps, |q| {
        sweep_circle_obb2(&q.circle, &q.circle_velocity, &q.obb, &q.rect_velocity)
    });
}

fn backend4<T: Backend>(n: usize, reps: usize) {
    let only = std::env::var("SWEPT_BENCH_ONLY").unwrap_or_default();
    let a = format!("W4-AABB {}", T::NAME);
    let o = format!("W4-OBB {}", T::NAME);
    if !a.starts_with(&only) && !o.starts_with(&only) {
        return;
    }
    let items = inputs4::<T>(n);
    bench::<T, _, Vec3<T>>(&a, &items, reps, |q| {
        sweep_sphere_aabb3(&q.sphere, &q.sphere_velocity, &q.aabb, &q.box_velocity)
    });
    bench::<T, _, Vec3<T>>(&o, &items, reps, |q| {
        sweep_sphere_obb3(&q.sphere, &q.sphere_velocity, &q.obb, &q.box_velocity)
    });
}

fn main() {
    if std::env::args().any(|a| a == "--test") {
        return;
    }
    let n = std::env::var("SWEPT_BENCH_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    println!("W1, N = {n}");
    each_backend!(T => backend::<T>(n, REPS));
    backend::<Exact>(n, 1);
    println!("W4, N = {n}");
    each_backend!(T => backend4::<T>(n, REPS));
    backend4::<Exact>(n / 10, 1);
}
