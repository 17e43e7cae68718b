//! The fixed-point domains of the moving queries, checked at their corners.
//!
//! Every query accepts every input whose coordinates, extents, radius and
//! velocities lie within half the type's range (`2^14`, `2^30`, `2^46`),
//! decides it exactly and refuses only a result outside the type's range,
//! naming it. Here every input is put at `±2^h` with every sign
//! combination (the corners of the domain, where the high-degree terms are
//! largest), and the query must answer and agree with the exact backend;
//! the tests run in release, where a fixed-point overflow would wrap
//! silently, so agreement is what shows none happened.

use fixed::types::{I16F16, I32F32, I48F16};
use swept::Real;
use swept::geom::{Aabb2, Circle, Obb2, Segment2, Vec2};
use swept::query::Sweep;
use swept::query::sweep_circle_rect::sweep_circle_aabb2;
use swept::{Error, Quantity};
use swept_support::queries::absx;
use swept_support::segment_queries::SweepSegment;
use swept_support::sweep_queries::{SweepAabb2, SweepObb2};
use swept_support::{Backend, Exact, Query, Tally, check};

/// Every sign pattern of `n` values.
fn signs(n: usize) -> impl Iterator<Item = Vec<Exact>> {
    (0..1u32 << n).map(move |bits| {
        (0..n)
            .map(|i| Exact::ratio(if bits >> i & 1 == 0 { 1 } else { -1 }, 1))
            .collect()
    })
}

/// Runs `Q` on `input` on backend `T`: it must answer and agree.
fn answers<Q: Query, T: Backend>(input: &Q::Input<Exact>) {
    let mut tally = Tally::default();
    if let Err(e) = check::<Q, T>(input, &mut tally) {
        panic!("{}: {e}", T::NAME);
    }
    assert_eq!(
        (tally.out_of_domain, tally.unrepresentable),
        (0, 0),
        "{}: refused inside the domain: {input:?}",
        T::NAME
    );
}

/// `2^e` exactly.
fn pow2(e: i32) -> Exact {
    let one = Exact::ratio(1, 1).0;
    Exact(if e >= 0 {
        one << e as u32
    } else {
        one >> (-e) as u32
    })
}

/// Aligned box `[-a, a]²` with every other input at `±a`, `a = 2^h` half
/// the type's range: every sign combination is answered exactly.
fn aabb_corners<T: Backend>(h: i32) {
    let a = pow2(h);
    let mut n = 0;
    for s in signs(6) {
        let rect = Aabb2::new(
            Vec2::new(-a.clone(), -a.clone()),
            Vec2::new(a.clone(), a.clone()),
        );
        let center = Vec2::new(s[0].clone() * a.clone(), s[1].clone() * a.clone());
        let cv = Vec2::new(s[2].clone() * a.clone(), s[3].clone() * a.clone());
        let rv = Vec2::new(s[4].clone() * a.clone(), s[5].clone() * a.clone());
        answers::<SweepAabb2, T>(&(Circle::new(center, a.clone()), cv, rect, rv));
        n += 1;
    }
    assert_eq!(n, 64);
}

/// Oriented box with axes `(1, 0)`, `(0, 1)`, half extents `a`, every
/// other input at `±a`, `a = 2^h` half the type's range.
fn obb_corners<T: Backend>(h: i32) {
    let a = pow2(h);
    let (one, zero) = (Exact::ratio(1, 1), Exact::zero());
    let axes = [
        Vec2::new(one.clone(), zero.clone()),
        Vec2::new(zero.clone(), one.clone()),
    ];
    for s in signs(6) {
        let center = Vec2::new(s[0].clone() * a.clone(), s[1].clone() * a.clone());
        let cv = Vec2::new(s[2].clone() * a.clone(), s[3].clone() * a.clone());
        let rv = Vec2::new(s[4].clone() * a.clone(), s[5].clone() * a.clone());
        let o = Vec2::new(s[4].clone() * a.clone(), -s[5].clone() * a.clone());
        let rect = Obb2::new(o, axes.clone(), [a.clone(), a.clone()]);
        answers::<SweepObb2, T>(&(Circle::new(center, a.clone()), cv, rect, rv));
    }
}

/// The one refusal left on fixed point: a result beyond the type's range.
/// A point of radius 0 at `x = 2^h` closing on the box `[-1, 1]²` at one
/// LSB per unit time touches at `t = (2^h - 1) / lsb`, far past the range
/// `2^(h+1)`: the error names the time and the limit.
fn slow_contact_is_out_of_range<T: Backend>(h: i32) {
    let lsb = T::ABS.log2() as i32;
    let p = |x: Exact, y: Exact| Vec2::new(x, y);
    let (one, zero) = (Exact::ratio(1, 1), Exact::zero());
    let input = (
        Circle::new(p(pow2(h), zero.clone()), zero.clone()),
        p(-pow2(lsb), zero.clone()),
        Aabb2::new(p(-one.clone(), -one.clone()), p(one.clone(), one.clone())),
        p(zero.clone(), zero.clone()),
    );
    let on_t = SweepAabb2::try_map(&input, &mut |v: &Exact| T::from_exact(v)).expect("fits");
    assert_eq!(
        sweep_circle_aabb2(&on_t.0, &on_t.1, &on_t.2, &on_t.3),
        Err(Error::OutOfRange {
            quantity: Quantity::Time,
            limit: h + 1
        }),
        "{}",
        T::NAME
    );
}

/// Segment with both ends at `(±a, ±a)`, center `(±a, ±a)`, displacement
/// `(±a, ±a)`, radius `a = 2^h` half the type's range, both-sided and
/// one-sided: every sign combination is decided exactly, and a hit is
/// answered unless one of its values is outside the type's range, which
/// the error then names (the first such value: a center near `2^(h+1)`).
fn segment_corners<T: Backend>(h: i32) {
    let a = pow2(h);
    let (mut answered, mut refused) = (0, 0);
    for s in signs(9) {
        let pm = |i: usize| s[i].clone() * a.clone();
        let p = |i: usize| Vec2::new(pm(i), pm(i + 1));
        let input = (
            Circle::new(p(0), a.clone()),
            p(2),
            Segment2::new(p(4), p(6)),
            s[8].signum() > 0,
        );
        let beyond = match SweepSegment::run(&input) {
            Ok(Sweep::Hit(hit)) => {
                use Quantity::{ContactPoint, HitCenter, Normal, Time};
                let values = [
                    (Time, hit.time),
                    (ContactPoint, hit.point.x),
                    (ContactPoint, hit.point.y),
                    (HitCenter, hit.center.x),
                    (HitCenter, hit.center.y),
                    (Normal, hit.normal.x),
                    (Normal, hit.normal.y),
                ];
                let range = pow2(h + 1);
                values
                    .into_iter()
                    .find(|(_, v)| absx(v) >= range)
                    .map(|(q, _)| q)
            }
            _ => None,
        };
        match beyond {
            None => {
                answers::<SweepSegment, T>(&input);
                answered += 1;
            }
            Some(quantity) => {
                let on_t =
                    SweepSegment::try_map(&input, &mut |v: &Exact| T::from_exact(v)).expect("fits");
                assert_eq!(
                    SweepSegment::run(&on_t),
                    Err(Error::OutOfRange {
                        quantity,
                        limit: h + 1
                    }),
                    "{}: {input:?}",
                    T::NAME
                );
                refused += 1;
            }
        }
    }
    assert!(answered > 400, "{answered} answered, {refused} refused");
}

#[test]
fn aabb_sweep_domain_corners() {
    aabb_corners::<I16F16>(14);
    aabb_corners::<I32F32>(30);
    aabb_corners::<I48F16>(46);
}

#[test]
fn slow_contact_beyond_the_range_is_refused_by_name() {
    slow_contact_is_out_of_range::<I16F16>(14);
    slow_contact_is_out_of_range::<I32F32>(30);
    slow_contact_is_out_of_range::<I48F16>(46);
}

#[test]
fn obb_sweep_domain_corners() {
    obb_corners::<I16F16>(14);
    obb_corners::<I32F32>(30);
    obb_corners::<I48F16>(46);
}

#[test]
fn segment_domain_corners() {
    segment_corners::<I16F16>(14);
    segment_corners::<I32F32>(30);
    segment_corners::<I48F16>(46);
}
