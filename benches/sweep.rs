//! W1 (shared/bench/WORKLOAD.md): moving circle vs moving rectangle, aligned
//! and oriented, every backend. N = 1,000,000 queries held in memory
//! (generation not timed), best of 3 runs; prints ns per query, outcome
//! shares and the checksum (sum of the outcome code -1/0/+1 plus the contact
//! time, in f64, uncapped, in query order). Inputs a backend refuses as out of
//! its domain are counted and add nothing to the checksum.
//!
//! `cargo bench --bench sweep` (N from `SWEPT_BENCH_N`; `SWEPT_BENCH_ONLY`
//! selects rows by prefix, e.g. `"W1-AABB f64"`, for callgrind).

use swept::Error;
use swept::query::Sweep;
use swept::query::sweep_circle_rect::{sweep_circle_aabb2, sweep_circle_obb2};
use swept_support::Backend;
use swept_support::workload::{Outcome, SEED, SplitMix64, W1In, bench_row, w1, w1_in};
use swept_support::{Exact, each_backend};

fn inputs<T: Backend>(n: usize) -> Vec<W1In<T>> {
    let mut r = SplitMix64::new(SEED);
    (0..n)
        .map(|_| w1_in::<T>(&w1(&mut r)).expect("W1 converts"))
        .collect()
}

/// The report's outcome of one W1 result.
fn outcome<T: Backend>(r: &Result<Sweep<T>, Error>) -> Outcome {
    match r {
        Ok(Sweep::Overlapping { .. }) => Outcome::Overlap,
        Ok(Sweep::Hit(h)) => Outcome::Contact(h.time.to_f64()),
        Ok(Sweep::Miss) => Outcome::None,
        Err(_) => Outcome::Refused,
    }
}

fn bench<T: Backend>(
    name: &str,
    items: &[W1In<T>],
    reps: usize,
    f: impl Fn(&W1In<T>) -> Result<Sweep<T>, Error>,
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

fn main() {
    if std::env::args().any(|a| a == "--test") {
        return;
    }
    let n = std::env::var("SWEPT_BENCH_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    println!("W1, N = {n}");
    each_backend!(T => backend::<T>(n, 3));
    backend::<Exact>(n, 1);
}
