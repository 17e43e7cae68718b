//! Moving sphere vs moving box (`swept::query::sweep_sphere_box`):
//! quickcheck properties on the exact backend, from fixed seeds, on cases
//! from the degenerate-biased generator of `swept_support::biased_box3`
//! (aligned or oriented), properties that hold whatever the kernel's
//! internals:
//!
//! * moving both bodies by an integer offset `d`: the same kind and time,
//!   the point, center and witness moved by `d`, the same normal;
//! * mirroring an axis or permuting the axes (every position, velocity and
//!   box axis): the same kind and time, the point, center, witness and
//!   normal mapped;
//! * the same extra velocity `u` for both bodies: the same kind and time,
//!   the point and center moved by `u t`;
//! * both velocities times `k > 0`: the time divided by `k`, the point,
//!   center and normal unchanged;
//! * monotonicity: a larger radius or a grown box gives an overlap or a
//!   strictly earlier hit; a smaller one turns a miss into nothing else;
//! * `_within` agrees with the unlimited query: a hit at `t <= limit` the
//!   same, later a miss;
//! * nothing is touched before the hit (sampled times), nor ever on a miss.
//!
//! Times built with a square root are within 2^-256 relative in the exact
//! backend: where a property compares two of them it allows 2^-200
//! (`swept_support::sweep_check`).

use quickcheck::{Arbitrary, QuickCheck, Testable};
use rug::Rational;
use swept::Error;
use swept::geom::Vec3;
use swept::query::Sweep;
use swept_support::Exact;
use swept_support::biased_box3::{local_case3, place_aabb3, place_obb3};
use swept_support::case_box3::{Case, Sweep3, add, qabs, qv, scale};
use swept_support::generate::Gen;
use swept_support::sweep_check::{near, related, same_time};

type Q = Rational;

fn q(n: i64, d: i64) -> Exact {
    Exact::ratio(n, d)
}

/// A case from the biased generator, aligned or oriented.
#[derive(Clone, Debug)]
struct Input(Case);

impl Arbitrary for Input {
    fn arbitrary(g: &mut quickcheck::Gen) -> Input {
        let mut s = Gen::new(u64::arbitrary(g));
        let l = local_case3(&mut s);
        Input(if s.chance(0.5) {
            Case::from_aabb(place_aabb3(&mut s, &l))
        } else {
            Case::from_obb(place_obb3(&mut s, &l))
        })
    }
}

/// An integer offset, each coordinate in [-64, 63].
#[derive(Clone, Debug)]
struct Offset(Vec3<Exact>);

impl Arbitrary for Offset {
    fn arbitrary(g: &mut quickcheck::Gen) -> Offset {
        let c = |g: &mut quickcheck::Gen| q(i64::from(i8::arbitrary(g) / 2), 1);
        Offset(Vec3::new(c(g), c(g), c(g)))
    }
}

/// A small rational velocity.
#[derive(Clone, Debug)]
struct Extra(Vec3<Exact>);

impl Arbitrary for Extra {
    fn arbitrary(g: &mut quickcheck::Gen) -> Extra {
        let mut s = Gen::new(u64::arbitrary(g));
        Extra(Vec3::new(s.value(4), s.value(4), s.value(4)))
    }
}

/// A small positive rational.
#[derive(Clone, Debug)]
struct Factor(Exact);

impl Arbitrary for Factor {
    fn arbitrary(g: &mut quickcheck::Gen) -> Factor {
        let n = 1 + i64::from(u8::arbitrary(g) % 12);
        let d = *g.choose(&[1i64, 2, 3, 4, 7, 16, 64]).unwrap();
        Factor(q(n, d))
    }
}

/// One of the six permutations of the axes, or a mirror of one axis.
#[derive(Clone, Debug)]
struct Linear(u8);

impl Arbitrary for Linear {
    fn arbitrary(g: &mut quickcheck::Gen) -> Linear {
        Linear(u8::arbitrary(g) % 8)
    }
}

impl Linear {
    fn apply(&self, p: &Vec3<Exact>) -> Vec3<Exact> {
        let (x, y, z) = (p.x.clone(), p.y.clone(), p.z.clone());
        match self.0 {
            0 => Vec3::new(-x, y, z),
            1 => Vec3::new(x, -y, z),
            2 => Vec3::new(x, y, -z),
            3 => Vec3::new(y, x, z),
            4 => Vec3::new(x, z, y),
            5 => Vec3::new(z, y, x),
            6 => Vec3::new(y, z, x),
            _ => Vec3::new(z, x, y),
        }
    }
}

fn near3(a: &Vec3<Exact>, b: &Vec3<Exact>) -> bool {
    near(&a.x, &b.x) && near(&a.y, &b.y) && near(&a.z, &b.z)
}

/// Runs `prop` on `n` cases from `seed`.
fn check(seed: u64, n: u64, prop: impl Testable) {
    QuickCheck::new()
        .rng(quickcheck::Gen::from_size_and_seed(100, seed))
        .tests(n)
        .max_tests(10 * n)
        .quickcheck(prop);
}

/// Moving both bodies by an integer offset `d`: the same kind and time;
/// the point, the center and the witness moved by `d`, the same normal.
fn translation(input: Input, d: Offset) -> Result<(), String> {
    let (case, d) = (input.0, d.0);
    let moved = case.map(|p| p.clone() + d.clone(), |v| v.clone());
    related(
        &case.query(),
        &moved.query(),
        same_time,
        |p, _, r| near3(&(p.clone() + d.clone()), r),
        |p, r| p.clone() + d.clone() == *r,
        near3,
    )
}

#[test]
fn translation_invariance() {
    check(0x7A45, 1500, translation as fn(_, _) -> _);
}

/// Mirroring an axis or permuting the axes (of every position, velocity
/// and box axis): the same kind and time; the point, center, witness and
/// normal mapped.
fn symmetry(input: Input, m: Linear) -> Result<(), String> {
    let case = input.0;
    let mapped = case.map(|p| m.apply(p), |v| m.apply(v));
    related(
        &case.query(),
        &mapped.query(),
        same_time,
        |p, _, r| near3(&m.apply(p), r),
        |p, r| m.apply(p) == *r,
        |n, k| near3(&m.apply(n), k),
    )
}

#[test]
fn mirror_and_permutation_symmetry() {
    check(0x5A11, 2000, symmetry as fn(_, _) -> _);
}

/// The same extra velocity `u` for both bodies: the same kind and time;
/// the point and the center moved by `u t`.
fn extra_velocity(input: Input, u: Extra) -> Result<(), String> {
    let (case, u) = (input.0, u.0);
    let mut moved = case.clone();
    moved.sv += u.clone();
    moved.bv += u.clone();
    related(
        &case.query(),
        &moved.query(),
        same_time,
        |p, t, r| near3(&(p.clone() + u.clone() * t.clone()), r),
        |p, r| p == r,
        near3,
    )
}

#[test]
fn common_velocity_is_relative_motion() {
    check(0xC0AA, 1500, extra_velocity as fn(_, _) -> _);
}

/// Both velocities times `k > 0`: the time divided by `k`; the point, the
/// center and the normal unchanged.
fn scaled_velocity(input: Input, k: Factor) -> Result<(), String> {
    let (case, k) = (input.0, k.0);
    let mut fast = case.clone();
    fast.sv *= k.clone();
    fast.bv *= k.clone();
    related(
        &case.query(),
        &fast.query(),
        |s, t| same_time(&(t.clone() * k.clone()), s),
        |p, _, r| near3(p, r),
        |p, r| p == r,
        near3,
    )
}

#[test]
fn scaling_velocities_divides_time() {
    check(0x5CA1, 1500, scaled_velocity as fn(_, _) -> _);
}

/// A larger body (`big`) than `small`'s, containing its δ-neighbourhood:
/// a hit at `t` becomes an overlap or a hit strictly before `t` (at `t`
/// the center is strictly within the new reach, and the distance along a
/// line is convex, so the first touch comes earlier and moves in); an
/// overlap stays an overlap.
fn larger_is_earlier(
    small: &Result<Sweep3<Exact>, Error>,
    big: &Result<Sweep3<Exact>, Error>,
) -> Result<(), String> {
    match (small, big) {
        (Ok(Sweep::Hit(h)), Ok(Sweep::Overlapping { .. })) if h.time.signum() >= 0 => Ok(()),
        (Ok(Sweep::Hit(h)), Ok(Sweep::Hit(k))) if k.time < h.time => Ok(()),
        (Ok(Sweep::Overlapping { .. }), Ok(Sweep::Overlapping { .. })) => Ok(()),
        (Ok(Sweep::Miss), Ok(_)) => Ok(()),
        _ => Err(format!("smaller: {small:?}; larger: {big:?}")),
    }
}

/// A miss stays a miss for a smaller body.
fn smaller_still_misses(
    big: &Result<Sweep3<Exact>, Error>,
    small: &Result<Sweep3<Exact>, Error>,
) -> Result<(), String> {
    match (big, small) {
        (Ok(Sweep::Miss), Ok(Sweep::Miss)) => Ok(()),
        (Ok(Sweep::Miss), _) => Err(format!("larger: a miss; smaller: {small:?}")),
        _ => Ok(()),
    }
}

/// `case` against a body larger by δ (`big`), and one smaller by δ
/// (`small`) where the sizes allow: [`larger_is_earlier`], then
/// [`smaller_still_misses`].
fn monotone(case: &Case, big: &Case, small: Option<Case>) -> Result<(), String> {
    let here = case.query();
    larger_is_earlier(&here, &big.query())?;
    small.map_or(Ok(()), |s| smaller_still_misses(&here, &s.query()))
}

/// The radius grown by `δ`, and shrunk by `δ` where it stays non-negative.
fn radius_monotone(input: Input, d: Factor) -> Result<(), String> {
    let case = input.0;
    let d = d.0 * q(1, 8);
    let with_radius = |r: Exact| {
        let mut c = case.clone();
        c.sphere.radius = r;
        c
    };
    let r = case.sphere.radius.clone();
    let small = (r >= d).then(|| with_radius(r.clone() - d.clone()));
    monotone(&case, &with_radius(r + d), small)
}

#[test]
fn larger_radius_hits_earlier() {
    check(0x7AD1, 1500, radius_monotone as fn(_, _) -> _);
}

/// The box grown by `δ` on every half extent, and shrunk by `δ` where its
/// half extents allow.
fn box_monotone(input: Input, d: Factor) -> Result<(), String> {
    let case = input.0;
    let d = d.0 * q(1, 8);
    let small = (case.min_half_extent() >= d.0).then(|| case.grown(&-d.clone()));
    monotone(&case, &case.grown(&d), small)
}

#[test]
fn grown_box_hits_earlier() {
    check(0xB0C5, 1500, box_monotone as fn(_, _) -> _);
}

/// `_within` agrees with the unlimited query: a hit at `t <= limit` the
/// same, later a miss; an overlap or a miss unchanged (a negative limit
/// drops even a hit at 0, and still reports an overlap).
fn within_limit(input: Input, limit: Factor) -> Result<(), String> {
    let case = input.0;
    let limit = limit.0 - q(1, 2);
    let full = case.query();
    let lim = case.query_within(&limit);
    match (&full, &lim) {
        (Ok(Sweep::Hit(h)), _) if h.time > limit => {
            if lim == Ok(Sweep::Miss) {
                Ok(())
            } else {
                Err(format!(
                    "hit at {:?} past the limit {limit:?}: {lim:?}",
                    h.time
                ))
            }
        }
        _ if full == lim => Ok(()),
        _ => Err(format!("limit {limit:?}: {full:?} / {lim:?}")),
    }
}

#[test]
fn within_agrees_with_unlimited() {
    check(0x1137, 1500, within_limit as fn(_, _) -> _);
}

/// The contact, for any case (also checked against the brute force in
/// `tests/sweep_box3_brute.rs`): at every sampled time before the hit the
/// center is farther than `r` from the box; with no hit it is never
/// nearer than `r`.
fn no_contact_before(input: Input) -> Result<(), String> {
    let case = input.0;
    let f = case.frame();
    let r2 = Q::from(&case.sphere.radius.0 * &case.sphere.radius.0);
    let dist2 = |t: &Q| {
        let c = add(&qv(&case.sphere.center), &scale(&qv(&case.sv), t));
        let x = f.local(t, &c);
        (0..3)
            .map(|j| {
                let g = Q::from(qabs(&x[j]) - &f.k[j]);
                if g.cmp0().is_gt() {
                    Q::from(&g * &g)
                } else {
                    Q::new()
                }
            })
            .fold(Q::new(), |a, b| a + b)
    };
    match case.query() {
        Ok(Sweep::Hit(h)) if h.time.signum() > 0 => {
            for j in 0..16 {
                let s = Q::from(&h.time.0 * Q::from((j, 16)));
                if dist2(&s) <= r2 {
                    return Err(format!(
                        "within r already at {j}/16 of the time {:?}",
                        h.time
                    ));
                }
            }
            Ok(())
        }
        Ok(Sweep::Miss) => {
            for s in [0, 1, 2, 3, 4, 8, 16, 64, 1000] {
                if dist2(&Q::from((s, 2))) < r2 {
                    return Err(format!("a miss, but within r at t = {s}/2"));
                }
            }
            Ok(())
        }
        Ok(_) => Ok(()),
        Err(e) => Err(format!("{e:?}")),
    }
}

#[test]
fn nothing_is_touched_before_the_hit() {
    check(0xF125, 2000, no_contact_before as fn(_) -> _);
}
