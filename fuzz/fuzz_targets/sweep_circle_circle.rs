//! Moving circle vs moving circle (`swept::query::sweep_circle_circle`),
//! three ways:
//!
//! * raw bit patterns, NaN and infinities included, on every backend of the
//!   harness: no query panics (fuzz builds keep overflow checks); a NaN or
//!   infinite input gives `NotFinite` and a finite one never does; a hit's
//!   values are finite, its time `>= 0` (and `<= max_time`);
//! * exact inputs (small integers over powers of two; with `aim` the circle
//!   sent head-on or along a tangent of the dilated circle) through the
//!   exact oracle on every backend (`swept_support::check_all`);
//! * the same exact inputs against the independent brute force of
//!   `swept_support::brute_circle`.

#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use swept::Real;
use swept::geom::{Circle, Vec2};
use swept::query::Sweep;
use swept::query::sweep_circle_circle::{sweep_circle_circle, sweep_circle_circle_within};
use swept::{Error, Quantity};
use swept_support::brute_circle::{brute_sweep_circle, check_circle};
use swept_support::sweep_queries::{SweepCircle, SweepCircleWithin};
use swept_support::{Backend, Exact, Tallies, check_all, each_backend};

/// Number of scalars an input draws.
const N: usize = 11;

#[derive(Arbitrary, Debug)]
struct Input {
    /// Raw bit patterns, as each backend reads them (`Backend::from_raw`).
    raw: [u64; N],
    /// Exact values `num[i] / 2^(shift[i] % 7)`.
    num: [i8; N],
    shift: [u8; N],
    /// Aim the circle: 0 no, 1 head-on at the other's center, 2 along the
    /// tangent of the dilated circle (radius `r + ρ`) at its top.
    aim: u8,
}

/// Layout: circle `v0 v1`, radius `v2`, velocity `v3 v4`; other circle
/// `v5 v6`, radius `v7`, velocity `v8 v9`; time limit `v10`.
type Shapes<T> = (Circle<T>, Vec2<T>, Circle<T>, Vec2<T>);

fn shapes<T: Backend>(v: &[T; N]) -> Shapes<T> {
    let p = |i: usize| Vec2::new(v[i].clone(), v[i + 1].clone());
    (
        Circle::new(p(0), v[2].clone()),
        p(3),
        Circle::new(p(5), v[7].clone()),
        p(8),
    )
}

/// The error contract and the ranges of a hit.
fn contract<T: Backend>(v: &[T; N]) {
    let (c, cv, o, ov) = shapes(v);
    let limit = &v[10];
    for (got, lim) in [
        (sweep_circle_circle(&c, &cv, &o, &ov), None),
        (
            sweep_circle_circle_within(&c, &cv, &o, &ov, limit),
            Some(limit),
        ),
    ] {
        let ctx = || format!("{}: {v:?}: {got:?}", T::NAME);
        let used_not_finite =
            v[..10].iter().any(|x| !x.is_finite()) || lim.is_some_and(|t| !t.is_finite());
        match &got {
            Err(Error::NotFinite(_)) => assert!(used_not_finite, "{}", ctx()),
            Err(_) => {}
            Ok(r) => {
                assert!(!used_not_finite, "non-finite input accepted: {}", ctx());
                if let Sweep::Hit(h) = r {
                    assert!(h.time.is_finite() && h.time >= T::zero(), "{}", ctx());
                    for p in [&h.point, &h.center, &h.normal] {
                        assert!(p.x.is_finite() && p.y.is_finite(), "{}", ctx());
                    }
                    if let Some(t) = lim {
                        assert!(h.time <= *t, "past the limit: {}", ctx());
                    }
                }
            }
        }
    }
}

/// The oracle on every backend and, on the exact backend, the brute force.
fn oracle(v: &[Exact; N]) {
    let (c, cv, o, ov) = shapes(v);
    let zero = Exact::zero();
    if c.radius < zero || o.radius < zero {
        let want = if c.radius < zero {
            Quantity::Radius
        } else {
            Quantity::Obstacle
        };
        assert_eq!(
            sweep_circle_circle(&c, &cv, &o, &ov),
            Err(Error::Negative(want))
        );
        return;
    }
    let mut tallies: Tallies = Default::default();
    let input = (c.clone(), cv.clone(), o.clone(), ov.clone());
    if let Err(e) = check_all::<SweepCircle>(&input, &mut tallies) {
        panic!("disagreement with the exact backend: {e}");
    }
    if let Err(e) = check_all::<SweepCircleWithin>(&(input, v[10].clone()), &mut tallies) {
        panic!("disagreement with the exact backend (within): {e}");
    }
    let got = sweep_circle_circle(&c, &cv, &o, &ov).expect("the exact backend answers");
    let want = brute_sweep_circle(&c, &cv, &o, &ov);
    let eps = Exact::ratio(1, 1).0 >> 200u32;
    if let Err(e) = check_circle(&c, &o, &got, &want, &eps) {
        panic!("disagreement with the brute force: {e}");
    }
}

fn exact_input(input: &Input) {
    let mut v: [Exact; N] =
        core::array::from_fn(|i| Exact::ratio(input.num[i].into(), 1 << (input.shift[i] % 7)));
    match input.aim % 3 {
        // The relative velocity from the center to the other's.
        1 => {
            v[3] = v[5].clone() - v[0].clone() + v[8].clone();
            v[4] = v[6].clone() - v[1].clone() + v[9].clone();
        }
        // The center on the dilated circle's top line, moving along it.
        2 => {
            v[1] = v[6].clone() + v[2].clone() + v[7].clone();
            v[4] = v[9].clone();
        }
        _ => {}
    }
    oracle(&v);
}

fuzz_target!(|input: Input| {
    let r = input.raw;
    each_backend!(T => contract(&r.map(T::from_raw)));
    exact_input(&input);
});
