//! W2 (benches/WORKLOAD.md): moving circle vs static segment over one
//! frame, every backend, on divan as `benches/sweep.rs` is (`support/
//! harness.rs`: divan's µs are ns per query; N = 1,000,000 queries held in
//! memory, the exact backend N/100). Before the timed rows, untimed: per
//! row the outcome shares and the checksum: the sum, in f64 in query order,
//! of the outcome code (overlapping -1, hit +1, no hit 0) plus the hit time
//! (0 unless a hit), as for W1. Inputs a backend refuses as out of its
//! domain are counted and add nothing.
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
//! `cargo bench --bench sweep_segment` (N from `SWEPT_BENCH_N`; divan's
//! arguments after `--`, e.g. the filter `w2::f64`; `SWEPT_BENCH_REPORT=0`
//! skips the report).

// Each bench uses part of the harness.
#[allow(dead_code)]
#[path = "support/harness.rs"]
mod harness;

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
use swept_support::workload::{Outcome, SEED, SplitMix64, W2, summary, w2};
use swept_support::{Exact, each_backend};

/// A W2 query on backend `T`.
struct W2In<T> {
    circle: Circle<T>,
    displacement: Vec2<T>,
    segment: Segment2<T>,
}

fn convert<T: Backend>(w: &W2) -> Option<W2In<T>> {
    let c = |x: f64| T::nearest_from_f64(x);
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
        Ok(Sweep::Hit(h)) => Outcome::Contact(h.time.nearest_f64()),
        Ok(Sweep::Miss) => Outcome::None,
        Err(_) => Outcome::Refused,
    }
}

type Answer<T> = Result<Sweep<T>, Error>;

fn segment<T: Backend>(q: &W2In<T>) -> Answer<T> {
    sweep_circle_segment(&q.circle, &q.displacement, &q.segment)
}

fn rect<T: Backend>(q: &W2In<T>) -> Answer<T> {
    via_rect(&q.circle, &q.displacement, &q.segment)
}

/// This crate's kernel.
mod w2 {
    use super::*;
    harness::per_backend!(T, b, n => {
        harness::scalar(b, &inputs::<T>(n), Err(Error::Spread), segment);
    });
}

/// W2 as the batch query takes it: circles, displacements, segments.
type Slices<T> = (Vec<Circle<T>>, Vec<Vec2<T>>, Vec<Segment2<T>>);

/// [`Slices`] of `items`.
fn slices<T: Backend>(items: &[W2In<T>]) -> Slices<T> {
    (
        items.iter().map(|q| q.circle.clone()).collect(),
        items.iter().map(|q| q.displacement.clone()).collect(),
        items.iter().map(|q| q.segment.clone()).collect(),
    )
}

/// This crate's kernel as a batch (`batch::sweep_circle_segment`, one
/// slice per argument).
mod w2_batch {
    use super::*;
    harness::per_backend!(T, b, n => {
        let (circles, moves, segments) = slices(&inputs::<T>(n));
        harness::batch(b, n, Err(Error::Spread), |r, out| {
            swept::query::batch::sweep_circle_segment(
                &circles[r.clone()],
                &moves[r.clone()],
                &segments[r],
                out,
            )
        });
    });
}

/// The rectangle route (module doc).
mod w2_rect {
    use super::*;
    harness::per_backend!(T, b, n => {
        harness::scalar(b, &inputs::<T>(n), Err(Error::Spread), rect);
    });
}

/// The report lines of a backend: both routes' shares and checksums, and
/// how often they differ in kind.
fn report<T: Backend>(n: usize) {
    let items = inputs::<T>(n);
    let (mine, rect) = (
        harness::answers(&items, segment),
        harness::answers(&items, rect),
    );
    let mut batched = vec![Err(Error::Spread); n];
    let (circles, moves, segments) = slices(&items);
    swept::query::batch::sweep_circle_segment(&circles, &moves, &segments, &mut batched);
    assert!(batched == mine, "W2 {}: the batch differs", T::NAME);
    println!(
        "W2 {:<12} {}  (batch: the same)",
        T::NAME,
        summary("hit", &mine, outcome)
    );
    println!("W2-rect {:<7} {}", T::NAME, summary("hit", &rect, outcome));
    let differ = mine
        .iter()
        .zip(&rect)
        .filter(|(x, y)| discriminant(&outcome(*x)) != discriminant(&outcome(*y)))
        .count();
    println!(
        "  {}: the two routes differ in kind on {differ} of {n}",
        T::NAME
    );
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
    if harness::report_wanted() {
        let n = harness::queries();
        println!("report, untimed: W2, N = {n} (exact: N/100)");
        each_backend!(T => report::<T>(n));
        report::<Exact>(harness::exact_queries());
        exactness(20_000);
    }
    divan::main();
}
