//! W2 (shared/bench/WORKLOAD.md): moving circle vs static segment over one
//! frame, every backend. N = 1,000,000 queries held in
//! memory (generation not timed), best of 3 runs (the exact backend: N/100,
//! one run); prints ns per query, outcome shares and the checksum: the sum,
//! in f64 in query order, of the outcome code (overlapping -1, hit +1, no
//! hit 0) plus the hit time (0 unless a hit), as for W1 in `benches/sweep.rs`.
//! Inputs a backend refuses as out of its domain are counted and add nothing.
//!
//! The `W2-rect` rows answer the same query through the rectangle kernel
//! (the alternative the module doc of `sweep_circle_segment` declines): unit
//! axis `E/|E|` (a square root, two divisions), half extents `(|E|/2, 0)`,
//! center `(P0 + P1)/2`, `sweep_circle_obb2_within(.., max_time = 1)`. The
//! last line counts,
//! on the exact backend over degenerate-biased inputs, how often that route
//! and this crate's kernel disagree with the brute-force reference, by
//! cause (see `exactness`).
//!
//! `cargo bench --bench sweep_segment` (N from `SWEPT_BENCH_N`;
//! `SWEPT_BENCH_ONLY` selects rows by prefix, e.g. `"W2 f64"`, or by whole
//! name ending in `$`; `SWEPT_BENCH_REPS` sets the runs per row).

use rug::Rational;
use std::mem::discriminant;
use swept::Error;
use swept::geom::{Circle, Obb2, Segment2, Vec2};
use swept::query::Sweep;
use swept::query::sweep_circle_rect::sweep_circle_obb2_within;
use swept::query::sweep_circle_segment::sweep_circle_segment;
use swept_support::Backend;
use swept_support::brute_segment::{BruteSweep, brute_sweep_segment};
use swept_support::generate::Gen;
use swept_support::segment_queries::segment_biased;
use swept_support::workload::{Outcome, SEED, SplitMix64, W2, bench_row, reps, selected, w2};
use swept_support::{Exact, each_backend};

/// A W2 query on backend `T`.
struct W2In<T> {
    circle: Circle<T>,
    displacement: Vec2<T>,
    segment: Segment2<T>,
}

fn convert<T: Backend>(w: &W2) -> Option<W2In<T>> {
    let c = |x: f64| T::from_f64(x);
    let p = |a: [f64; 2]| Some(Vec2::new(c(a[0])?, c(a[1])?));
    Some(W2In {
        circle: Circle::new(p(w.center)?, c(w.radius)?),
        displacement: p(w.displacement)?,
        segment: Segment2::new(p(w.p0)?, p(w.p1)?),
    })
}

fn inputs<T: Backend>(n: usize) -> Vec<W2In<T>> {
    let mut r = SplitMix64::new(SEED);
    (0..n)
        .map(|_| convert::<T>(&w2(&mut r)).expect("W2 converts"))
        .collect()
}

/// The same query through the oriented-rectangle kernel (module doc).
fn via_rect<T: Backend>(
    circle: &Circle<T>,
    v: &Vec2<T>,
    s: &Segment2<T>,
) -> Result<Sweep<T>, Error> {
    let (zero, one) = (T::zero(), T::one());
    let half = T::from_ratio(1, 2).unwrap_or_else(T::zero);
    let e = s.p1.clone() - s.p0.clone();
    let len = e.length_squared().sqrt();
    let axis = if len > zero {
        Vec2::new(e.x.clone().quotient(len.clone()), e.y.quotient(len.clone()))
    } else {
        Vec2::new(one.clone(), zero.clone())
    };
    let center = (s.p0.clone() + s.p1.clone()) * half.clone();
    let obb = Obb2::new(center, [axis.clone(), axis.perp()], [len * half, zero]);
    sweep_circle_obb2_within(circle, v, &obb, &Vec2::zero(), &one)
}

/// The report's outcome of one W2 result.
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
    items: &[W2In<T>],
    reps: usize,
    f: impl Fn(&W2In<T>) -> Result<Sweep<T>, Error>,
) -> Vec<Result<Sweep<T>, Error>> {
    bench_row(name, "hit", items, reps, f, outcome)
}

fn backend<T: Backend>(n: usize, reps: usize) {
    let a = format!("W2 {}", T::NAME);
    let b = format!("W2-rect {}", T::NAME);
    if !selected(&a) && !selected(&b) {
        return;
    }
    let items = inputs::<T>(n);
    let mine = selected(&a).then(|| {
        bench(&a, &items, reps, |q| {
            sweep_circle_segment(&q.circle, &q.displacement, &q.segment)
        })
    });
    let rect = selected(&b).then(|| {
        bench(&b, &items, reps, |q| {
            via_rect(&q.circle, &q.displacement, &q.segment)
        })
    });
    if let (Some(m), Some(r)) = (mine, rect) {
        let differ = m
            .iter()
            .zip(&r)
            .filter(|(x, y)| discriminant(&outcome(*x)) != discriminant(&outcome(*y)))
            .count();
        println!(
            "  {}: the two routes differ in kind on {differ} of {n}",
            T::NAME
        );
    }
}

/// Disagreements with the brute force on the exact backend, by cause:
/// `[overlap, time, other]`: one side says overlapping and the other not
/// (the same rule, `dist < R`, in both routes: a numerical difference);
/// both hit at different times (beyond 2^-200); any other difference of
/// kind (both routes follow the rules of every sweep: a numerical
/// difference too, the rectangle's rounded axis).
fn exactness(n: usize) {
    let eps = Rational::from(1) >> 200u32;
    let mut g = Gen::new(0x5E6_BE7C);
    let (mut rect, mut mine) = ([0usize; 3], [0usize; 3]);
    for _ in 0..n {
        let (c, v, s, _) = segment_biased(&mut g, 8);
        let want = brute_sweep_segment(&c, &v, &s, false);
        let cause = |got: Result<Sweep<Exact>, Error>| match (&got, &want) {
            (Ok(Sweep::Overlapping { .. }), BruteSweep::Overlapping { .. })
            | (Ok(Sweep::Miss), BruteSweep::Miss) => None,
            (Ok(Sweep::Overlapping { .. }), _) | (_, BruteSweep::Overlapping { .. }) => Some(0),
            (Ok(Sweep::Hit(h)), BruteSweep::Hit { time: t, .. }) => {
                (!t.within_rel(&h.time.0, &eps)).then_some(1)
            }
            _ => Some(2),
        };
        if let Some(k) = cause(via_rect(&c, &v, &s)) {
            rect[k] += 1;
        }
        if let Some(k) = cause(sweep_circle_segment(&c, &v, &s)) {
            mine[k] += 1;
        }
    }
    println!(
        "exact, {n} degenerate-biased inputs, disagreements with the brute force [overlap, time, rule]: rectangle route {rect:?}, segment kernel {mine:?}"
    );
}

fn main() {
    if std::env::args().any(|a| a == "--test") {
        return;
    }
    let n = std::env::var("SWEPT_BENCH_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    println!("W2, N = {n}");
    each_backend!(T => backend::<T>(n, reps(3)));
    backend::<Exact>(n / 100, 1);
    let only = std::env::var("SWEPT_BENCH_ONLY").unwrap_or_default();
    if only.is_empty() {
        exactness(20_000);
    }
}
