//! Moving circle vs moving rectangle (aligned or oriented): first contact
//! kind, time and point (seed 000: D. Eberly, "Intersection of Moving Circle
//! and Rectangle", Geometric Tools, 2018).
//!
//! # Reduction (the seed's §2)
//! Motion is taken relative to the rectangle (`V = V_circle - V_rect`) and
//! expressed in its frame: for an oriented rectangle `C = Rᵀ(P - center)`,
//! `V = Rᵀ V` with `R = [axis0 axis1]` taken as given (not normalised). An
//! aligned rectangle is handled in *doubled* coordinates, `C = 2P - (min +
//! max)`, `K = max - min`, `2r`, `2V`, so its center is never halved before a
//! decision (halving is inexact in fixed point); times are unchanged by the
//! common scaling. Components of `C` that are negative are negated with those
//! of `V`, so `C` lies in the first quadrant; the rectangle is `[-k0, k0] ×
//! [-k1, k1]` and `Δ = C - K`.
//!
//! # Regions and predicates
//! The center moves along `C + tV` against the rounded rectangle (the
//! rectangle dilated by `r`). With gaps `g_i = max(Δ_i, 0)`:
//!
//! * **t = 0** ([`gap_beyond_radius`], [`compare_distance_radius`], degree
//!   2): `|g| < r` is `Overlapping` (witness: the point of the rectangle
//!   nearest `C`, which lies in the circle); `|g| = r` is a contact at time 0
//!   at that point, whatever the velocity.
//! * **Corner region** (`0 < Δ0, Δ1 <= r`, the seed's R4 / vertex separated):
//!   only the arc at `K` is visible: the corner test below.
//! * **Edge region** (`Δ_i > r >= Δ_o`, R5/R6 / edge unbounded): the center
//!   must cross the face line `x_i = k_i + r` (`v_i < 0`) at
//!   `t_i = d_i / (-v_i)`, `d_i = Δ_i - r`; where the crossing lies along the
//!   other axis is the sign of `w ∓ k_o (-v_i)` with `w = c_o (-v_i) + d_i v_o`
//!   (`crossing_side`, degree 2): on the face it is an edge contact at
//!   `t_i`; beyond it, the arc at the corner on that side decides.
//! * **Vertex region** (`Δ0 > r` and `Δ1 > r`, R7 / vertex unbounded): both
//!   components of `V` must be negative; the face crossed *last* is the only
//!   one that can be entered (`crosses_x_last`: `d0 (-v1) >= d1 (-v0)`,
//!   degree 2), then as in the edge region.
//! * **Corner test** (`approaches`, `arc_discriminant_nonnegative`): the
//!   ray meets the circle of radius `r` at corner `K'` iff `q0 = -V·Δ' > 0`
//!   and `q1 = r²|V|² - (V × Δ')² >= 0` (degree 4).
//!
//! Every branch is the sign of a polynomial of degree at most 4 in the local
//! inputs (8 in the oriented rectangle's inputs, whose axes enter the
//! reduction). The time is built last: `d_i / (-v_i)` at an edge, and at a
//! corner `(q0 - √q1) / q2` with `q2 = |V|²`, computed in the equivalent
//! cancellation-free form `(|Δ'|² - r²) / (q0 + √q1)`. The contact point is
//! the corner, or `(k_i, c_o + t v_o)` on an edge, mapped back to world
//! coordinates *at the contact time* (the rectangle has moved by `t V_rect`).
//! `max_time` is decided by polynomial signs too, before the time is built:
//! `t <= T` is `d_i <= T (-v_i)` or `q0 - T q2 <= 0 or (q0 - T q2)² <= q1`
//! (exact on the exact backend; see below for the others). `max_time`
//! itself must lie within `M(2, 2)` (see Domain). A negative `max_time`
//! admits no contact (only an overlap at 0 is reported). The reported time
//! never exceeds `max_time`: where rounding of the built time (floats) or
//! of the corner limit test (fixed point) would put it past the limit, it
//! is clamped to the limit.
//!
//! # How exactly each backend decides
//! Every predicate compares its products in [`Real::Wide`] (degree 4:
//! [`Real::cmp_wide_products`]).
//! * Exact rationals: exactly; this is the oracle.
//! * Fixed point, aligned rectangle: exactly. The local values are exact
//!   sums and differences of the inputs (doubled coordinates, no halving)
//!   and `Wide` holds products exactly (double-width integers, a 256-bit
//!   comparison at degree 4): no kind differs from the oracle's
//!   (`tests/sweep_circle_rect.rs` asserts it, band included). Only the
//!   corner's `max_time` test (degree 6 with `T`) still uses floored
//!   products.
//! * Fixed point, oriented rectangle: exactly on the local values, which
//!   are rounded dot products with the axes; so not exactly on the inputs.
//! * Floats: on rounded products; kinds agree with the oracle's outside a
//!   band of a few units of roundoff (module `swept_support::agree` in the
//!   test harness states the band; `cargo run --release --example
//!   accuracy` counts the cases inside it). Filtered exact predicates are
//!   to come behind the same `Real` items.
//!
//! # Where the seed's listings are wrong (each pinned by a test in
//! `tests/sweep_circle_rect.rs` named after it)
//! * Listing 14, `InRegionEdgeUnbounded` uses `radius * V[1]` where it must be
//!   `radius * V[i1]`: box `[-1,1]²`, `C = (0,3)`, `r = 1`, `V = (1,-2)` gives
//!   the corner `(1,1)` at `t = 1 - √5/5`; the truth is the top edge at
//!   `(1/2, 1)`, `t = 1/2`.
//! * Listing 14, `InRegionVertexUnbounded`: the `else { K2 … }` block hangs off
//!   `if (V[0] < 0 && V[1] < 0)` instead of the test on which face is crossed
//!   last (Listing 10 has it right): box `[-1,1]²`, `C = (3,3)`, `r = 1`:
//!   `V = (-3,-1)` hits the top edge at `t = 1`; `V = (1,-1)` misses.
//! * Listing 1's back-transform `rectangle.center[i] + sign[i] *
//!   contactPoint[i] * rectangle.axis[i]` mixes a scalar and a vector (Listing
//!   15 is right: `center + Σ sign_i p_i axis_i`), and every listing returns the
//!   point in the rectangle's time-0 frame, wrong for a moving rectangle.
//! * Radius 0 with the center inside is touching (distance 0 = r), not
//!   overlapping: the listings report -1.
//! * The text's Eq. 11/18 and the end rows of Tables 1–3 miss a side
//!   condition: box `[(-1,-2),(1,2)]`, `C = (4,0)`, `r = 1`, `V = (-1,0)` hits
//!   the right edge at `t = 2`.
//!
//! # Degenerate cases
//! Zero relative velocity: `NoContact` unless overlapping or touching at 0.
//! Zero radius: a moving point (touching the closed rectangle is a contact).
//! Zero extents: the rectangle is a segment or a point. Velocity parallel to
//! an edge: a graze along the dilated edge line is a contact at the corner
//! arc's tangent point (`q1 = 0`), at the corner. Negative radius or extent
//! (an empty set): `NoContact`.
//!
//! # Domain
//! With `M` = [`Real::magnitude_limit`], the local values (`C`, `V`, `K`, `r`
//! after the reduction; doubled for the aligned rectangle) and the
//! rectangle's velocity must lie within `M(4, 5)`; for fixed point the raw
//! coordinates within `M(1, 2)` (aligned) or `M(1, 3)` (oriented) too, so
//! that the local values can be computed without wrapping (floats skip that
//! check: a raw value too large makes a local value infinite, which the
//! local check refuses; the world point built last adds values within the
//! local limits to a raw one, which cannot overflow); a contact time must
//! not exceed `M(2, 2)`. Otherwise
//! [`QueryError::OutOfDomain`] (NaN or infinity: [`QueryError::NotFinite`]).
//! "Within" is [`Real::all_within`]: the sum of magnitudes for floats, each
//! magnitude strictly below the limit for fixed point.
//! `I32F32`: local values up to 2^6 (64), times up to 2^14. `I16F16`: local
//! values up to 2^2 (4), times up to 2^6: too small for W1 (relative
//! positions up to 48 in doubled units).

use crate::Real;
use crate::geom::{Aabb2, Circle, Obb2, Vec2};
use crate::query::circle_box::{compare_distance_radius, gap_beyond_radius};
use crate::query::{QueryError, check_axes, check_derived, check_domain, check_raw, max, min};
use core::cmp::Ordering;

/// The first contact of a moving circle with a moving rectangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sweep<T> {
    /// At `t = 0` the distance from the center to the solid rectangle is
    /// less than the radius. `witness` is a point of the rectangle inside the
    /// circle (the one nearest the center).
    Overlapping {
        /// A point in both, in world coordinates.
        witness: Vec2<T>,
    },
    /// The distance first equals the radius at `time >= 0` (touching at
    /// `t = 0` is a contact at 0), at `point` in world coordinates at that
    /// time.
    Contact {
        /// First contact time.
        time: T,
        /// Contact point on the rectangle's boundary, world coordinates at `time`.
        point: Vec2<T>,
    },
    /// No contact at any time `t >= 0` (or none up to `max_time`).
    NoContact,
}

/// What the canonical problem found, before any square root or division.
enum Found<T> {
    /// Overlapping at 0; canonical witness.
    Overlap([T; 2]),
    /// Touching at 0; canonical point.
    Touch([T; 2]),
    /// Contact on face `i` (`x_i = k_i + r`) at `t = d / s`, `s = -v_i > 0`.
    Edge {
        i: usize,
        d: T,
        s: T,
    },
    /// Contact at corner `k`.
    Corner([T; 2]),
    Miss,
}

#[inline]
fn dot<T: Real>(a: &[T; 2], b: &[T; 2]) -> T {
    a[0].clone() * b[0].clone() + a[1].clone() * b[1].clone()
}

#[inline]
fn cross<T: Real>(a: &[T; 2], b: &[T; 2]) -> T {
    a[0].clone() * b[1].clone() - a[1].clone() * b[0].clone()
}

#[inline]
fn sub<T: Real>(a: &[T; 2], b: &[T; 2]) -> [T; 2] {
    [a[0].clone() - b[0].clone(), a[1].clone() - b[1].clone()]
}

/// `a · b` in [`Real::Wide`], where every predicate compares its products.
#[inline]
fn w<T: Real>(a: &T, b: &T) -> T::Wide {
    T::wide(a, b)
}

/// Sign of `q0 = -V·Δ` (degree 2): positive when the center approaches the
/// corner. (`x + y < 0` is `x < -y`, rounded or not.)
#[inline]
fn approaches<T: Real>(d: &[T; 2], v: &[T; 2]) -> bool {
    w(&v[0], &d[0]) < w(&-v[1].clone(), &d[1])
}

/// Sign of `q1 = r²|V|² - (V × Δ)²` (degree 4): the line `C + tV` passes
/// within `r` of the corner iff it is not negative.
#[inline]
fn arc_discriminant_nonnegative<T: Real>(d: &[T; 2], v: &[T; 2], r: &T) -> bool {
    let vv = w(&v[0], &v[0]) + w(&v[1], &v[1]);
    let x = w(&v[0], &d[1]) - w(&v[1], &d[0]);
    T::cmp_wide_products(&w(r, r), &vv, &x, &x) != Ordering::Less
}

/// Where the crossing of the face line `x_i = k_i + r` lies along axis `o`,
/// for `s = -v_i > 0` and `d = c_i - k_i - r`: the sign of
/// `w ∓ k_o s` with `w = c_o s + d v_o = s · (c_o + t v_o)` (degree 2).
/// `Less`: below the face (`c_o + t v_o < -k_o`), `Equal`: on it,
/// `Greater`: above it.
#[inline]
fn crossing_side<T: Real>(c_o: &T, k_o: &T, d: &T, s: &T, v_o: &T) -> Ordering {
    let along = w(c_o, s) + w(d, v_o);
    if along > w(k_o, s) {
        Ordering::Greater
    } else if along < w(&-k_o.clone(), s) {
        Ordering::Less
    } else {
        Ordering::Equal
    }
}

/// For a center beyond both face lines moving toward both: the x face line is
/// crossed last iff `t_x >= t_y`, i.e. `d0 (-v1) >= d1 (-v0)` (degree 2).
#[inline]
fn crosses_x_last<T: Real>(d0: &T, d1: &T, s0: &T, s1: &T) -> bool {
    w(d0, s1) >= w(d1, s0)
}

/// `a` if `cond`, else `b`. Whether this becomes a select or a branch is the
/// optimiser's choice (on x86-64 a select of `f64` values on a `bool` is
/// often a branch); `solve` avoids it where it mattered by indexing.
#[inline(always)]
fn pick<T>(cond: bool, a: T, b: T) -> T {
    if cond { a } else { b }
}

/// The canonical problem: rectangle `[-k0, k0] × [-k1, k1]` (`k >= 0`),
/// center `c >= 0`, velocity `v`, radius `r >= 0`.
///
/// The face the center can enter through is chosen first (edge region: the
/// far axis; vertex region: the face crossed last), then one crossing test
/// and one corner test decide; near the rectangle (both `Δ_i <= r`) the
/// distance test decides overlap and touching, and the corner test alone
/// the corner region. Every predicate is evaluated and the results are
/// combined with `&`, `|` and selects, not branches: on random queries
/// each region branch is a coin toss the processor mispredicts
/// (`cargo bench --bench sweep`, W1-AABB f64 on the 2-core dev machine:
/// 48.7 ns per query with region branches, 28.5 without).
#[inline(always)]
fn solve<T: Real>(k: &[T; 2], c: &[T; 2], v: &[T; 2], r: &T) -> Found<T> {
    let delta = sub(c, k);
    let far = [
        gap_beyond_radius(&delta[0], r),
        gap_beyond_radius(&delta[1], r),
    ];
    let near = !(far[0] | far[1]);
    let gaps = [
        max(delta[0].clone(), T::zero()),
        max(delta[1].clone(), T::zero()),
    ];
    let distance = compare_distance_radius(&gaps, r);
    let s = [-v[0].clone(), -v[1].clone()];
    let d = [delta[0].clone() - r.clone(), delta[1].clone() - r.clone()];
    // Edge region: the far axis. Vertex region: the face crossed last (if
    // the center moves away along either axis, the chosen `s_i` is not
    // positive: `d_0 s_1 >= d_1 s_0` with `d > 0` and `s_i > 0` forces
    // `s_o > 0`). Near: axis 0, with the face tests switched off below.
    let y = far[1] & !(far[0] & crosses_x_last(&d[0], &d[1], &s[0], &s[1]));
    let (i, o) = (usize::from(y), usize::from(!y));
    let (ci, co, ki, ko, vi, vo) = (&c[i], &c[o], &k[i], &k[o], &v[i], &v[o]);
    let (si, di) = (&s[i], &d[i]);
    let toward = near | (*si > T::zero());
    let side = crossing_side(co, ko, di, si, vo);
    let on = !near & side.is_eq();
    // The corner at the end of the face the crossing passed; near: `K`.
    let ko = pick(!near & side.is_lt(), -ko.clone(), ko.clone());
    let dc = [ci.clone() - ki.clone(), co.clone() - ko.clone()];
    let vc = [vi.clone(), vo.clone()];
    let corner = approaches(&dc, &vc) & arc_discriminant_nonnegative(&dc, &vc, r);
    if near & (distance != Ordering::Greater) {
        let nearest = [
            min(c[0].clone(), k[0].clone()),
            min(c[1].clone(), k[1].clone()),
        ];
        return match distance {
            Ordering::Less => Found::Overlap(nearest),
            _ => Found::Touch(nearest),
        };
    }
    if !(toward & (on | corner)) {
        Found::Miss
    } else if on {
        Found::Edge {
            i,
            d: di.clone(),
            s: si.clone(),
        }
    } else {
        Found::Corner(pick(y, [ko.clone(), ki.clone()], [ki.clone(), ko]))
    }
}

/// `t = d / s <= T` as `d <= T s` (`s > 0`).
#[inline]
fn edge_time_within<T: Real>(d: &T, s: &T, t: &T) -> bool {
    w(d, &T::one()) <= w(t, s)
}

/// `(q0 - √q1) / q2 <= T` as `q0 - T q2 <= 0 or (q0 - T q2)² <= q1`
/// (`q2 > 0`, `q1 >= 0`; the square is of a value in `(0, q0]`).
#[inline]
fn corner_time_within<T: Real>(q0: &T, q1: &T, q2: &T, t: &T) -> bool {
    let a = q0.clone() - t.clone() * q2.clone();
    // `q1 > 0` first: with `q1 = 0` the test is `a <= 0`, and a square
    // floored (fixed point) or underflowed (floats) to 0 must not pass it.
    a <= T::zero() || (*q1 > T::zero() && a.clone() * a <= *q1)
}

/// The canonical contact time and point, with the time limit `limit`
/// decided exactly before anything is constructed.
#[inline(always)]
fn construct<T: Real>(
    found: Found<T>,
    k: &[T; 2],
    c: &[T; 2],
    v: &[T; 2],
    r: &T,
    max_time: Option<&T>,
    limit: Option<T>,
) -> Result<Option<(T, [T; 2])>, Outcome<T>> {
    match found {
        Found::Overlap(p) => Err(Outcome::Overlap(p)),
        // A negative limit admits no time, not even a touch at 0.
        _ if max_time.is_some_and(|t| *t < T::zero()) => Ok(None),
        Found::Touch(p) => Ok(Some((T::zero(), p))),
        Found::Miss => Ok(None),
        Found::Edge { i, d, s } => {
            if max_time.is_some_and(|t| !edge_time_within(&d, &s, t)) {
                return Ok(None);
            }
            if limit.is_some_and(|t| !edge_time_within(&d, &s, &t)) {
                return Err(Outcome::TooLate);
            }
            let t = clamp(d.quotient(s), max_time);
            // On face `i` the point is `k_i` across and `c_o + t v_o` along.
            // Selected by a branch, not written as `p[i]`: `i` is data here,
            // and an index the optimiser cannot bound is a panic path
            // (ci/panic-never).
            let p = if i == 0 {
                [k[0].clone(), c[1].clone() + t.clone() * v[1].clone()]
            } else {
                [c[0].clone() + t.clone() * v[0].clone(), k[1].clone()]
            };
            Ok(Some((t, p)))
        }
        Found::Corner(k) => {
            let d = sub(c, &k);
            let q0 = -dot(v, &d);
            let q2 = dot(v, v);
            let x = cross(v, &d);
            let r2 = r.clone() * r.clone();
            let q1 = r2.clone() * q2.clone() - x.clone() * x;
            if max_time.is_some_and(|t| !corner_time_within(&q0, &q1, &q2, t)) {
                return Ok(None);
            }
            if limit
                .as_ref()
                .is_some_and(|t| !corner_time_within(&q0, &q1, &q2, t))
            {
                return Err(Outcome::TooLate);
            }
            // (q0 - √q1) / q2 without cancellation: multiply by the conjugate,
            // (q0² - q1) / q2 = |Δ|² - r².
            let far = dot(&d, &d) - r2;
            // The exact tests above bound the true time by both limits; only
            // rounding (a square root, products floored in fixed point) can
            // put the built value past one, so it is clamped, not decided
            // on (within `limit`, `t * V_rect` cannot overflow).
            let t = far.quotient(q0 + q1.sqrt());
            let t = clamp(clamp(t, max_time), limit.as_ref());
            Ok(Some((t, k)))
        }
    }
}

/// `t`, or `max_time` if `t` was built past it (by rounding only: the limit
/// was decided before).
#[inline]
fn clamp<T: Real>(t: T, max_time: Option<&T>) -> T {
    match max_time {
        Some(m) if t > *m => m.clone(),
        _ => t,
    }
}

/// Non-contact outcomes of [`construct`].
enum Outcome<T> {
    Overlap([T; 2]),
    TooLate,
}

/// Reflects `c`, `v` into the first quadrant; returns the signs.
#[inline]
fn reflect<T: Real>(c: &mut [T; 2], v: &mut [T; 2]) -> [bool; 2] {
    let neg = [c[0] < T::zero(), c[1] < T::zero()];
    for i in 0..2 {
        c[i] = pick(neg[i], -c[i].clone(), c[i].clone());
        v[i] = pick(neg[i], -v[i].clone(), v[i].clone());
    }
    neg
}

#[inline]
fn unreflect<T: Real>(p: [T; 2], neg: [bool; 2]) -> [T; 2] {
    let [a, b] = p;
    [pick(neg[0], -a.clone(), a), pick(neg[1], -b.clone(), b)]
}

/// Runs the canonical problem and maps the result back with `to_world(p, t)`
/// (canonical point, unreflected; `None` for `t = 0`).
fn sweep_local<T: Real>(
    k: [T; 2],
    mut c: [T; 2],
    mut v: [T; 2],
    r: T,
    max_time: Option<&T>,
    to_world: impl Fn([T; 2], Option<&T>) -> Vec2<T>,
) -> Result<Sweep<T>, QueryError> {
    if r < T::zero() || k[0] < T::zero() || k[1] < T::zero() {
        return Ok(Sweep::NoContact); // an empty disc or rectangle
    }
    let neg = reflect(&mut c, &mut v);
    let found = solve(&k, &c, &v, &r);
    match construct(found, &k, &c, &v, &r, max_time, T::magnitude_limit(2, 2)) {
        Ok(None) => Ok(Sweep::NoContact),
        Ok(Some((time, p))) => {
            let point = to_world(unreflect(p, neg), Some(&time));
            Ok(Sweep::Contact { time, point })
        }
        Err(Outcome::Overlap(p)) => Ok(Sweep::Overlapping {
            witness: to_world(unreflect(p, neg), None),
        }),
        Err(Outcome::TooLate) => Err(QueryError::OutOfDomain),
    }
}

/// Moving circle vs moving axis-aligned rectangle: the first contact at any
/// time `t >= 0`.
///
/// ```
/// use swept::geom::{Aabb2, Circle, Vec2};
/// use swept::query::sweep_circle_rect::{sweep_circle_aabb2, Sweep};
/// // Box [-1,1]², circle at (4, 0), r = 1, moving left at speed 1: the
/// // center reaches x = 1 + 1 at t = 2; the contact point is (1, 0).
/// let b = Aabb2::new(Vec2::new(-1.0, -1.0), Vec2::new(1.0, 1.0));
/// let c = Circle::new(Vec2::new(4.0, 0.0), 1.0);
/// let hit = sweep_circle_aabb2(&c, &Vec2::new(-1.0, 0.0), &b, &Vec2::new(0.0, 0.0));
/// assert_eq!(hit, Ok(Sweep::Contact { time: 2.0, point: Vec2::new(1.0, 0.0) }));
/// ```
pub fn sweep_circle_aabb2<T: Real>(
    circle: &Circle<T>,
    circle_velocity: &Vec2<T>,
    rect: &Aabb2<T>,
    rect_velocity: &Vec2<T>,
) -> Result<Sweep<T>, QueryError> {
    sweep_aabb(circle, circle_velocity, rect, rect_velocity, None)
}

/// As [`sweep_circle_aabb2`], counting only contacts at `time <= max_time`
/// (e.g. `1` for "within this frame" when velocities are per frame). The
/// limit is decided exactly, before the time is computed.
pub fn sweep_circle_aabb2_within<T: Real>(
    circle: &Circle<T>,
    circle_velocity: &Vec2<T>,
    rect: &Aabb2<T>,
    rect_velocity: &Vec2<T>,
    max_time: &T,
) -> Result<Sweep<T>, QueryError> {
    sweep_aabb(circle, circle_velocity, rect, rect_velocity, Some(max_time))
}

fn sweep_aabb<T: Real>(
    circle: &Circle<T>,
    cv: &Vec2<T>,
    rect: &Aabb2<T>,
    rv: &Vec2<T>,
    max_time: Option<&T>,
) -> Result<Sweep<T>, QueryError> {
    let (p, (lo, hi)) = (&circle.center, (&rect.min, &rect.max));
    let raw = [
        &p.x,
        &p.y,
        &lo.x,
        &lo.y,
        &hi.x,
        &hi.y,
        &cv.x,
        &cv.y,
        &rv.x,
        &rv.y,
        &circle.radius,
    ];
    check_raw(raw, T::magnitude_limit(1, 2))?;
    if let Some(t) = max_time {
        check_domain([t], T::magnitude_limit(2, 2))?;
    }
    // Doubled local coordinates: no halving before a decision.
    let two = |x: T| x.clone() + x;
    let k = [hi.x.clone() - lo.x.clone(), hi.y.clone() - lo.y.clone()];
    let c = [
        two(p.x.clone()) - (lo.x.clone() + hi.x.clone()),
        two(p.y.clone()) - (lo.y.clone() + hi.y.clone()),
    ];
    let v = [
        two(cv.x.clone() - rv.x.clone()),
        two(cv.y.clone() - rv.y.clone()),
    ];
    let r = two(circle.radius.clone());
    let local = [&k[0], &k[1], &c[0], &c[1], &v[0], &v[1], &r, &rv.x, &rv.y];
    check_derived(local, raw, T::magnitude_limit(4, 5))?;
    let half = T::from_ratio(1, 2).unwrap_or_else(T::zero);
    sweep_local(k, c, v, r, max_time, |q, t| {
        // World point: (min + max + q) / 2 + t W.
        let [qx, qy] = q;
        let x = (lo.x.clone() + hi.x.clone() + qx) * half.clone();
        let y = (lo.y.clone() + hi.y.clone() + qy) * half.clone();
        match t {
            None => Vec2::new(x, y),
            Some(t) => Vec2::new(x + t.clone() * rv.x.clone(), y + t.clone() * rv.y.clone()),
        }
    })
}

/// Moving circle vs moving oriented rectangle: the first contact at any time
/// `t >= 0`. The axes are used as given (see [`Obb2`]); axes further than
/// [`AXIS_TOLERANCE`](crate::query::AXIS_TOLERANCE) from orthonormal give
/// [`QueryError::BadAxes`].
pub fn sweep_circle_obb2<T: Real>(
    circle: &Circle<T>,
    circle_velocity: &Vec2<T>,
    rect: &Obb2<T>,
    rect_velocity: &Vec2<T>,
) -> Result<Sweep<T>, QueryError> {
    sweep_obb(circle, circle_velocity, rect, rect_velocity, None)
}

/// As [`sweep_circle_obb2`], counting only contacts at `time <= max_time`.
pub fn sweep_circle_obb2_within<T: Real>(
    circle: &Circle<T>,
    circle_velocity: &Vec2<T>,
    rect: &Obb2<T>,
    rect_velocity: &Vec2<T>,
    max_time: &T,
) -> Result<Sweep<T>, QueryError> {
    sweep_obb(circle, circle_velocity, rect, rect_velocity, Some(max_time))
}

fn sweep_obb<T: Real>(
    circle: &Circle<T>,
    cv: &Vec2<T>,
    rect: &Obb2<T>,
    rv: &Vec2<T>,
    max_time: Option<&T>,
) -> Result<Sweep<T>, QueryError> {
    let (p, o) = (&circle.center, &rect.center);
    let [a0, a1] = &rect.axes;
    let [e0, e1] = &rect.half_extents;
    let raw = [
        &p.x,
        &p.y,
        &o.x,
        &o.y,
        &cv.x,
        &cv.y,
        &rv.x,
        &rv.y,
        e0,
        e1,
        &circle.radius,
    ];
    // Axes first: a refusal is then the same on every backend.
    check_axes(a0, a1)?;
    check_raw(raw, T::magnitude_limit(1, 3))?;
    if let Some(t) = max_time {
        check_domain([t], T::magnitude_limit(2, 2))?;
    }
    let d = p.clone() - o.clone();
    let w = cv.clone() - rv.clone();
    let c = [d.dot(a0), d.dot(a1)];
    let v = [w.dot(a0), w.dot(a1)];
    let (k, r) = ([e0.clone(), e1.clone()], circle.radius.clone());
    let local = [&k[0], &k[1], &c[0], &c[1], &v[0], &v[1], &r, &rv.x, &rv.y];
    check_derived(local, raw, T::magnitude_limit(4, 5))?;
    sweep_local(k, c, v, r, max_time, |[q0, q1], t| {
        // World point: center + t W + q0 axis0 + q1 axis1.
        let at = a0.clone() * q0 + a1.clone() * q1 + o.clone();
        match t {
            None => at,
            Some(t) => at + rv.clone() * t.clone(),
        }
    })
}
