//! Moving circle vs static segment over one frame, with the bounce
//! (`swept::query::sweep_circle_segment`), three ways:
//!
//! * raw bit patterns, NaN and infinities included, on every backend of the
//!   harness (`swept_support::each_backend!`), both sides and one-sided: no
//!   query panics (fuzz builds keep overflow checks); a NaN or infinite input
//!   gives `NotFinite` and a finite one never does; a hit's time is in `[0,
//!   1]` and its points and normal are finite; every finite raw input then
//!   goes through the exact oracle;
//! * exact inputs (small integers over powers of two; with `aim` the circle
//!   is sent exactly at an end point, along an offset line of a
//!   Pythagorean-direction segment, or placed touching it) through the exact
//!   oracle: `swept_support::check_all` on every backend: the exact kind,
//!   values rounded once (`tests/support/src/agree.rs`);
//! * the same exact inputs against the independent brute force of
//!   `swept_support::brute_segment` (kinds, exact times, center, contact,
//!   normal and reflected end).

#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use swept::Real;
use swept::geom::{Circle, Segment2, Vec2};
use swept::query::Sweep;
use swept::query::sweep_circle_segment::*;
use swept::{Error, Quantity};
use swept_support::brute_segment::{brute_sweep_segment, check_against_brute};
use swept_support::generate::TRIPLES;
use swept_support::segment_queries::SweepSegment;
use swept_support::{Backend, Exact, Tallies, check_all, each_backend};

/// Number of scalars an input draws.
const N: usize = 9;

#[derive(Arbitrary, Debug)]
struct Input {
    /// Raw bit patterns, as each backend reads them (`Backend::from_raw`).
    raw: [u64; N],
    /// Exact values `num[i] / 2^(shift[i] % 7)`.
    num: [i8; N],
    shift: [u8; N],
    /// A Pythagorean direction for the segment: triple, signs, swapped.
    dir: u8,
    /// Aim: 0 no, 1 at an end point, 2 along an offset line, 3 touching.
    aim: u8,
    /// One-sided.
    one_sided: bool,
}

/// Layout: segment `(v0 v1) - (v2 v3)`, circle center `v4 v5`, radius `v6`,
/// displacement `v7 v8`.
fn shapes<T: Backend>(v: &[T; N]) -> (Circle<T>, Vec2<T>, Segment2<T>) {
    let p = |i: usize| Vec2::new(v[i].clone(), v[i + 1].clone());
    (
        Circle::new(p(4), v[6].clone()),
        p(7),
        Segment2::new(p(0), p(2)),
    )
}

fn run<T: Backend>(v: &[T; N], one: bool) -> Result<Sweep<T>, Error> {
    let (c, d, s) = shapes(v);
    let sides = if one { Sides::Front } else { Sides::Both };
    sweep_circle_segment_sided(&c, &d, &s, sides)
}

/// The error contract and the ranges of a hit.
fn contract<T: Backend>(v: &[T; N], one: bool) {
    let got = run(v, one);
    let zeroed = v.clone().map(|x| if x.is_finite() { x } else { T::zero() });
    let clean = run(&zeroed, one);
    let ctx = || format!("{}::<{}> on {v:?}: {got:?}", one, T::NAME);
    let not_finite = v.iter().any(|x| !x.is_finite());
    match &got {
        // With several faults any may be reported; with only non-finite
        // values (the zeroed input is accepted) it must be `NotFinite`.
        Err(e) if not_finite => assert!(
            matches!(e, Error::NotFinite(_)) || clean.is_err(),
            "{}",
            ctx()
        ),
        Err(e) => assert!(!matches!(e, Error::NotFinite(_)), "{}", ctx()),
        Ok(b) => {
            assert!(!not_finite, "non-finite input accepted: {}", ctx());
            if let Sweep::Hit(h) = b {
                let time = &h.time;
                assert!(
                    time.is_finite() && *time >= T::zero() && *time <= T::one(),
                    "{}",
                    ctx()
                );
                for p in [&h.center, &h.point, &h.normal] {
                    assert!(p.x.is_finite() && p.y.is_finite(), "{}", ctx());
                }
            }
        }
    }
}

/// The oracle on every backend; with `brute`, the brute force on the exact
/// backend. A negative radius is the `Negative` error on every backend
/// instead (the brute force would take it as an empty disc).
fn oracle(v: &[Exact; N], one: bool, brute: bool) {
    let (c, d, s) = shapes(v);
    if c.radius < Exact::zero() {
        assert_eq!(run(v, one), Err(Error::Negative(Quantity::Radius)));
        negative_everywhere(v, one);
        return;
    }
    let mut tallies: Tallies = Default::default();
    let input = (c.clone(), d.clone(), s.clone(), one);
    if let Err(e) = check_all::<SweepSegment>(&input, &mut tallies) {
        panic!("disagreement with the exact backend: {e}");
    }
    if brute {
        let got = run(v, one).expect("the exact backend has no domain");
        let want = brute_sweep_segment(&c, &d, &s, one);
        let eps = Exact::ratio(1, 1).0 >> 200u32;
        if let Err(e) = check_against_brute(&c, &d, &got, &want, &eps) {
            panic!("disagreement with the brute force: {e} on {input:?}");
        }
    }
}

/// Whether the query on `v` converted to each backend (where it converts
/// with the radius still negative) is the `Negative` error.
fn negative_everywhere(v: &[Exact; N], one: bool) {
    fn on<T: Backend>(v: &[Exact; N], one: bool) {
        let Some(x) = v.iter().map(T::from_exact).collect::<Option<Vec<T>>>() else {
            return;
        };
        let Ok(x) = <[T; N]>::try_from(x) else {
            return;
        };
        if x[6] < T::zero() {
            let got = run(&x, one).map(|_| ());
            let want = Err(Error::Negative(Quantity::Radius));
            assert_eq!(got, want, "{} on {v:?}", T::NAME);
        }
    }
    each_backend!(T => on::<T>(v, one));
}

/// Raw values of backend `T`: contract, then (when all are finite) the
/// oracle on their exact values.
fn raw_backend<T: Backend>(v: [T; N], one: bool) {
    contract(&v, one);
    contract(&v, !one);
    if v.iter().all(Real::is_finite) {
        oracle(&v.map(|x| x.to_exact()), one, false);
    }
}

/// Small dyadic values; with `aim`, a Pythagorean direction for the
/// segment and the circle aimed at an end point, along an offset line, or
/// placed touching the body.
fn exact_input(input: &Input) {
    let mut v: [Exact; N] =
        core::array::from_fn(|i| Exact::ratio(input.num[i].into(), 1 << (input.shift[i] % 7)));
    let (a, b, c) = TRIPLES[input.dir as usize % TRIPLES.len()];
    let sign = |bit: u8| if input.dir >> bit & 1 == 0 { 1 } else { -1 };
    let (a, b) = if input.dir & 0x80 == 0 {
        (a, b)
    } else {
        (b, a)
    };
    let u = Vec2::new(Exact::ratio(sign(5) * a, c), Exact::ratio(sign(6) * b, c));
    let aim = input.aim % 4;
    if aim != 0 {
        // P1 = P0 + len u: the offset lines are rational.
        let len = Exact(v[2].0.clone().abs());
        v[2] = v[0].clone() + u.x.clone() * len.clone();
        v[3] = v[1].clone() + u.y.clone() * len.clone();
        let r = Exact(v[6].0.clone().abs());
        v[6] = r.clone();
        let (p0, p1) = (
            Vec2::new(v[0].clone(), v[1].clone()),
            Vec2::new(v[2].clone(), v[3].clone()),
        );
        let center = Vec2::new(v[4].clone(), v[5].clone());
        let off = u.perp() * r;
        let target = match aim {
            1 => p1,
            2 => p0 + off,
            _ => p0 + u.clone() * (len * Exact::ratio(1, 2)) + off,
        };
        if aim == 3 {
            // Touching at the start; the displacement stays as drawn.
            v[4] = target.x.clone();
            v[5] = target.y.clone();
        } else {
            // Straight at the target, reaching it at t = 1, 1/2 or 1/3.
            let k = Exact::ratio(1 + (input.aim as i64 >> 2) % 3, 1);
            let d = (target - center) * k;
            v[7] = d.x.clone();
            v[8] = d.y.clone();
        }
    }
    oracle(&v, input.one_sided, true);
}

fuzz_target!(|input: Input| {
    let r = input.raw;
    let one = input.one_sided;
    each_backend!(T => raw_backend(r.map(T::from_raw), one));
    exact_input(&input);
});
