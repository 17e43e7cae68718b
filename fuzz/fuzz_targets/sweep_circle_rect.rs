//! Moving circle vs moving rectangle (`swept::query::sweep_circle_rect`),
//! three ways:
//!
//! * raw bit patterns, NaN and infinities included, on every backend of the
//!   harness (`swept_support::each_backend!`): no query panics (fuzz builds
//!   keep overflow checks); a NaN or infinite input gives `NotFinite` and a
//!   finite one never does; a contact time is finite and `>= 0` (and
//!   `<= max_time` for `_within`, always); every finite raw input then goes
//!   through the exact oracle;
//! * exact inputs (small integers over powers of two, Pythagorean axes; with
//!   `aim` the circle is sent exactly at a corner or along an edge line, so
//!   tangencies and ties happen) through the exact oracle:
//!   `swept_support::check_all` on every backend: the exact kind, values
//!   rounded once (`tests/support/src/agree.rs`);
//! * the same exact inputs against the independent brute force of
//!   `swept_support::brute_rect` (kinds and exact times must agree).

#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use swept::Error;
use swept::Real;
use swept::geom::{Aabb2, Circle, Obb2, Vec2};
use swept::query::sweep_circle_rect::*;
use swept::query::{Hit, Sweep};
use swept_support::brute_rect::{BruteResult, brute_sweep_aabb, brute_sweep_obb};
use swept_support::generate::TRIPLES;
use swept_support::sweep_check::eps;
use swept_support::sweep_queries::{SweepAabb2, SweepObb2};
use swept_support::{Backend, Exact, Tallies, check_all, each_backend};

/// Number of scalars an input draws.
const N: usize = 14;

#[derive(Arbitrary, Debug)]
struct Input {
    /// Raw bit patterns, as each backend reads them (`Backend::from_raw`).
    raw: [u64; N],
    /// Exact values `num[i] / 2^(shift[i] % 7)`.
    num: [i8; N],
    shift: [u8; N],
    /// The oriented box's first axis: a Pythagorean triple, its signs, swapped.
    axis: u8,
    /// Aim the circle: 0 no, 1 at a corner, 2 along an edge's offset line.
    aim: u8,
}

/// Layout: circle center `v0 v1`, radius `v2`, velocity `v3 v4`; box velocity
/// `v5 v6`; aligned box `(v7 v8) - (v9 v10)`; oriented box center `v7 v8`,
/// half extents `v9 v10`, axes `(v11 v12)` and `(v12 v11)` unless given;
/// time limit `v13`.
struct Shapes<T> {
    circle: Circle<T>,
    cv: Vec2<T>,
    bv: Vec2<T>,
    rect: Aabb2<T>,
    obb: Obb2<T>,
    limit: T,
}

fn shapes<T: Backend>(v: &[T; N], axes: Option<[Vec2<T>; 2]>) -> Shapes<T> {
    let p = |i: usize, j: usize| Vec2::new(v[i].clone(), v[j].clone());
    // Raw axes: no `perp`, which would negate a fixed-point minimum.
    let axes = axes.unwrap_or_else(|| [p(11, 12), p(12, 11)]);
    Shapes {
        circle: Circle::new(p(0, 1), v[2].clone()),
        cv: p(3, 4),
        bv: p(5, 6),
        rect: Aabb2::new(p(7, 8), p(9, 10)),
        obb: Obb2::new(p(7, 8), axes, [v[9].clone(), v[10].clone()]),
        limit: v[13].clone(),
    }
}

const AABB: &[usize] = &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const OBB: &[usize] = &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/// The error contract and the time's range for one result.
fn contract<T: Backend>(
    name: &str,
    v: &[T; N],
    used: &[usize],
    got: &Result<Sweep<T>, Error>,
    clean: &Result<Sweep<T>, Error>,
    limit: Option<&T>,
) {
    let ctx = || format!("{name}::<{}> on {v:?}: {got:?}", T::NAME);
    let not_finite =
        used.iter().any(|&i| !v[i].is_finite()) || limit.is_some_and(|t| !t.is_finite());
    match got {
        // With several faults any may be reported; with only non-finite
        // values (the zeroed input is accepted) it must be `NotFinite`.
        Err(e) if not_finite => assert!(
            matches!(e, Error::NotFinite(_)) || clean.is_err(),
            "{}",
            ctx()
        ),
        Err(e) => assert!(!matches!(e, Error::NotFinite(_)), "{}", ctx()),
        Ok(r) => {
            assert!(!not_finite, "non-finite input accepted: {}", ctx());
            if let Sweep::Hit(h) = r {
                let time = &h.time;
                assert!(time.is_finite() && *time >= T::zero(), "{}", ctx());
                for p in [&h.point, &h.center, &h.normal] {
                    assert!(p.x.is_finite() && p.y.is_finite(), "{}", ctx());
                }
                if let Some(t) = limit {
                    assert!(*time <= *t, "past the limit: {}", ctx());
                }
            }
        }
    }
}

/// Every sweep query on raw values of `T`.
fn raw_queries<T: Backend>(v: &[T; N]) {
    let zeroed = v.clone().map(|x| if x.is_finite() { x } else { T::zero() });
    let (s, z) = (shapes(v, None), shapes(&zeroed, None));
    let aabb = |s: &Shapes<T>| sweep_circle_aabb2(&s.circle, &s.cv, &s.rect, &s.bv);
    contract("sweep_circle_aabb2", v, AABB, &aabb(&s), &aabb(&z), None);
    let aabb =
        |s: &Shapes<T>| sweep_circle_aabb2_within(&s.circle, &s.cv, &s.rect, &s.bv, &s.limit);
    let name = "sweep_circle_aabb2_within";
    contract(name, v, AABB, &aabb(&s), &aabb(&z), Some(&s.limit));
    let obb = |s: &Shapes<T>| sweep_circle_obb2(&s.circle, &s.cv, &s.obb, &s.bv);
    contract("sweep_circle_obb2", v, OBB, &obb(&s), &obb(&z), None);
    let obb = |s: &Shapes<T>| sweep_circle_obb2_within(&s.circle, &s.cv, &s.obb, &s.bv, &s.limit);
    let name = "sweep_circle_obb2_within";
    contract(name, v, OBB, &obb(&s), &obb(&z), Some(&s.limit));
}

/// The oracle on every backend, and the brute force on the exact backend.
fn oracle_all(s: &Shapes<Exact>, brute: bool) {
    let mut tallies: Tallies = Default::default();
    let aabb = (s.circle.clone(), s.cv.clone(), s.rect.clone(), s.bv.clone());
    if let Err(e) = check_all::<SweepAabb2>(&aabb, &mut tallies) {
        panic!("disagreement with the exact backend: {e}");
    }
    let obb = (s.circle.clone(), s.cv.clone(), s.obb.clone(), s.bv.clone());
    if let Err(e) = check_all::<SweepObb2>(&obb, &mut tallies) {
        panic!("disagreement with the exact backend: {e}");
    }
    if brute {
        // A negative radius or extent must be named as an error (the brute
        // force takes such a rectangle as empty).
        let zero = Exact::zero();
        let r = s.circle.radius < zero;
        let (lo, hi) = (&s.rect.min, &s.rect.max);
        let negative = r || lo.x > hi.x || lo.y > hi.y;
        let got = sweep_circle_aabb2(&s.circle, &s.cv, &s.rect, &s.bv);
        agree_brute(
            "aabb",
            &got,
            &brute_sweep_aabb(&s.circle, &s.cv, &s.rect, &s.bv),
            negative,
        );
        let negative = r || s.obb.half_extents.iter().any(|e| *e < zero);
        let got = sweep_circle_obb2(&s.circle, &s.cv, &s.obb, &s.bv);
        agree_brute(
            "obb",
            &got,
            &brute_sweep_obb(&s.circle, &s.cv, &s.obb, &s.bv),
            negative,
        );
    }
}

/// Kinds agree; a rational brute-force time is the kernel's exactly, an
/// irrational one within 2^-200 relative; a `negative` input is an error.
fn agree_brute(name: &str, got: &Result<Sweep<Exact>, Error>, want: &BruteResult, negative: bool) {
    let ctx = || format!("{name}: kernel {got:?}, brute force {want:?}");
    if negative {
        assert!(matches!(got, Err(Error::Negative(_))), "{}", ctx());
        return;
    }
    match (got, want) {
        (Ok(Sweep::Overlapping { .. }), BruteResult::Overlapping { .. }) => {}
        (Ok(Sweep::Miss), BruteResult::NoContact | BruteResult::Graze) => {}
        (Ok(Sweep::Hit(Hit { time, .. })), BruteResult::Contact { .. }) => {
            let t = want.time().expect("contact has a time");
            assert!(t.is_time(&time.0, &eps()), "{}", ctx());
        }
        _ => panic!("kinds differ: {}", ctx()),
    }
}

/// Raw values of backend `T`: contract, then (when all are finite) the oracle
/// on their exact values.
fn raw_backend<T: Backend>(v: [T; N]) {
    raw_queries(&v);
    if v.iter().all(Real::is_finite) {
        let e = v.map(|x| x.to_exact());
        oracle_all(&shapes(&e, None), false);
    }
}

/// Small dyadic values, a Pythagorean frame, and with `aim` the circle's
/// relative velocity pointed exactly at a corner of the dilated box or
/// along the offset line of an edge.
fn exact_input(input: &Input) {
    let v: [Exact; N] =
        core::array::from_fn(|i| Exact::ratio(input.num[i].into(), 1 << (input.shift[i] % 7)));
    let (a, b, c) = TRIPLES[input.axis as usize % TRIPLES.len()];
    let sign = |bit: u8| if input.axis >> bit & 1 == 0 { 1 } else { -1 };
    let (a, b) = if input.axis & 0x80 == 0 {
        (a, b)
    } else {
        (b, a)
    };
    let axis0 = Vec2::new(Exact::ratio(sign(5) * a, c), Exact::ratio(sign(6) * b, c));
    let mut s = shapes(&v, Some([axis0.clone(), axis0.perp()]));
    if !input.aim.is_multiple_of(3) {
        // Relative velocity = target - center, target on the aligned box's
        // corner (1) or on the line y = max.y + r (2): the circle's path then
        // passes exactly through a corner or grazes an edge line.
        let r = s.circle.radius.clone();
        let target = if input.aim % 3 == 1 {
            s.rect.max.clone()
        } else {
            Vec2::new(s.rect.min.x.clone(), s.rect.max.y.clone() + r)
        };
        s.cv = target - s.circle.center.clone() + s.bv.clone();
    }
    oracle_all(&s, true);
}

fuzz_target!(|input: Input| {
    let r = input.raw;
    each_backend!(T => raw_backend(r.map(T::from_raw)));
    exact_input(&input);
});
