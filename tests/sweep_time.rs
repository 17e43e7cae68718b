//! The time-only sweeps (`*_time`, `*_time_within`) against the full ones
//! and the exact backend, on every backend, over each sweep's workload
//! and degenerate-biased draws (the registry's):
//!
//! * where the full form answers, the time-only form gives the same kind
//!   and, at a hit, the same time, bit for bit (both are the exact time
//!   rounded once);
//! * where the full form names a bad input, the time-only form names the
//!   same one; where it refuses to round some value (`Spread`,
//!   `OutOfRange`), the time-only form may answer;
//! * every answer of the time-only form has the exact backend's kind, and
//!   at a hit its time is the exact time rounded once.

use swept::Error;
use swept::query::sweep_circle_circle::{
    sweep_circle_circle_time, sweep_circle_circle_time_within,
};
use swept::query::sweep_circle_rect::{
    sweep_circle_aabb2_time, sweep_circle_aabb2_time_within, sweep_circle_obb2_time,
    sweep_circle_obb2_time_within,
};
use swept::query::sweep_circle_segment::{Sides, sweep_circle_segment_sided_time};
use swept::query::sweep_sphere_box::{
    sweep_sphere_aabb3_time, sweep_sphere_aabb3_time_within, sweep_sphere_obb3_time,
    sweep_sphere_obb3_time_within,
};
use swept::query::{Hit, Sweep};
use swept_support::agree::{refusal, rounded_once};
use swept_support::generate::Gen;
use swept_support::segment_queries::SweepSegment;
use swept_support::sweep_queries::{
    SweepAabb2, SweepAabb2Within, SweepCircle, SweepCircleWithin, SweepObb2, SweepObb2Within,
};
use swept_support::sweep3_queries::{SweepAabb3, SweepAabb3Within, SweepObb3, SweepObb3Within};
use swept_support::workload::SplitMix64;
use swept_support::{Backend, Exact, Registered, each_backend};

/// Draws of each kind (workload, biased) per query.
const CASES: usize = 400;

/// A sweep's answer with its vectors dropped: what the time-only form
/// returns.
trait Shape<T> {
    fn shape(&self) -> Result<Sweep<T, ()>, Error>;
}

impl<T: Clone, V> Shape<T> for Result<Sweep<T, V>, Error> {
    fn shape(&self) -> Result<Sweep<T, ()>, Error> {
        match self {
            Ok(Sweep::Miss) => Ok(Sweep::Miss),
            Ok(Sweep::Overlapping { .. }) => Ok(Sweep::Overlapping { witness: () }),
            Ok(Sweep::Hit(h)) => Ok(Sweep::Hit(Hit {
                time: h.time.clone(),
                point: (),
                center: (),
                normal: (),
            })),
            Err(e) => Err(*e),
        }
    }
}

/// A sweep of the registry with its time-only form.
trait TimeForm: Registered {
    fn time<T: Backend>(input: &Self::Input<T>) -> Result<Sweep<T, ()>, Error>;
}

macro_rules! time_form {
    ($Q:ty, $f:ident) => {
        impl TimeForm for $Q {
            fn time<T: Backend>((c, cv, b, bv): &Self::Input<T>) -> Result<Sweep<T, ()>, Error> {
                $f(c, cv, b, bv)
            }
        }
    };
    ($Q:ty, $f:ident, within) => {
        impl TimeForm for $Q {
            fn time<T: Backend>(
                ((c, cv, b, bv), t): &Self::Input<T>,
            ) -> Result<Sweep<T, ()>, Error> {
                $f(c, cv, b, bv, t)
            }
        }
    };
}

time_form!(SweepAabb2, sweep_circle_aabb2_time);
time_form!(SweepObb2, sweep_circle_obb2_time);
time_form!(SweepCircle, sweep_circle_circle_time);
time_form!(SweepAabb3, sweep_sphere_aabb3_time);
time_form!(SweepObb3, sweep_sphere_obb3_time);
time_form!(SweepAabb2Within, sweep_circle_aabb2_time_within, within);
time_form!(SweepObb2Within, sweep_circle_obb2_time_within, within);
time_form!(SweepCircleWithin, sweep_circle_circle_time_within, within);
time_form!(SweepAabb3Within, sweep_sphere_aabb3_time_within, within);
time_form!(SweepObb3Within, sweep_sphere_obb3_time_within, within);

impl TimeForm for SweepSegment {
    fn time<T: Backend>((c, v, s, one): &Self::Input<T>) -> Result<Sweep<T, ()>, Error> {
        let sides = if *one { Sides::Front } else { Sides::Both };
        sweep_circle_segment_sided_time(c, v, s, sides)
    }
}

/// Hits, overlaps and misses seen.
#[derive(Default, Debug)]
struct Seen {
    hits: usize,
    overlaps: usize,
    misses: usize,
}

/// Checks the time-only form of `Q` on backend `T` at `case` rounded to
/// `T` (module doc).
fn check<Q: TimeForm, T: Backend>(case: &Q::Input<Exact>, seen: &mut Seen)
where
    Q::Output<T>: Shape<T>,
    Q::Output<Exact>: Shape<Exact>,
{
    let Some(x) = Q::try_map(case, &mut |v: &Exact| T::from_exact(v)) else {
        return;
    };
    let xe = Q::try_map(&x, &mut |v: &T| Some(v.to_exact())).expect("exact");
    let (got, full, exact) = (Q::time(&x), Q::run(&x).shape(), Q::run(&xe).shape());
    let at = || format!("{} {}: {x:?}", Q::NAME, T::NAME);
    match &full {
        Ok(_) => assert_eq!(got, full, "as the full form: {}", at()),
        Err(e) if !refusal(e) => assert_eq!(got, full, "the same fault: {}", at()),
        Err(_) => {}
    }
    match (&got, &exact) {
        (Err(e), _) => assert!(
            refusal(e) || exact.as_ref().err() == Some(e),
            "{e:?} {}",
            at()
        ),
        (Ok(Sweep::Miss), Ok(Sweep::Miss)) => seen.misses += 1,
        (Ok(Sweep::Overlapping { .. }), Ok(Sweep::Overlapping { .. })) => seen.overlaps += 1,
        (Ok(Sweep::Hit(h)), Ok(Sweep::Hit(e))) => {
            assert!(
                rounded_once(&h.time, &e.time),
                "time {:?} of {:?}: {}",
                h.time,
                e.time,
                at()
            );
            seen.hits += 1;
        }
        _ => panic!("kind {got:?}, exact {exact:?}: {}", at()),
    }
}

/// `Q` on every backend and on the exact one, over its draws; each query
/// must meet hits, overlaps and misses.
fn every_backend<Q: TimeForm>(seed: u64)
where
    Q::Output<f32>: Shape<f32>,
    Q::Output<f64>: Shape<f64>,
    Q::Output<swept_support::I16F16>: Shape<swept_support::I16F16>,
    Q::Output<swept_support::I32F32>: Shape<swept_support::I32F32>,
    Q::Output<swept_support::I48F16>: Shape<swept_support::I48F16>,
    Q::Output<Exact>: Shape<Exact>,
{
    let (mut rng, mut g) = (SplitMix64::new(seed), Gen::new(seed));
    let cases: Vec<_> = (0..CASES)
        .map(|_| Q::workload(&mut rng))
        .chain((0..CASES).map(|_| Q::biased(&mut g)))
        .collect();
    let mut seen = Seen::default();
    for case in &cases {
        each_backend!(T => check::<Q, T>(case, &mut seen));
        check::<Q, Exact>(case, &mut seen);
    }
    assert!(
        seen.hits > 100 && seen.overlaps > 10 && seen.misses > 100,
        "{}: {seen:?}",
        Q::NAME
    );
}

#[test]
fn aligned_rectangle() {
    every_backend::<SweepAabb2>(1);
    every_backend::<SweepAabb2Within>(2);
}

#[test]
fn oriented_rectangle() {
    every_backend::<SweepObb2>(3);
    every_backend::<SweepObb2Within>(4);
}

#[test]
fn circle() {
    every_backend::<SweepCircle>(5);
    every_backend::<SweepCircleWithin>(6);
}

#[test]
fn segment() {
    every_backend::<SweepSegment>(7);
}

#[test]
fn aligned_box() {
    every_backend::<SweepAabb3>(8);
    every_backend::<SweepAabb3Within>(9);
}

#[test]
fn oriented_box() {
    every_backend::<SweepObb3>(10);
    every_backend::<SweepObb3Within>(11);
}
