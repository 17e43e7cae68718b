//! Moving circle vs moving rectangle (aligned or oriented): the first hit,
//! its time, point, the circle's center and the normal, by the rules of
//! every sweep ([`crate::query::sweep`]) (after D. Eberly, "Intersection
//! of Moving Circle and Rectangle", Geometric Tools, 2018).
//!
//! # Reduction (Eberly's §2)
//! Motion is taken relative to the rectangle (`V = V_circle - V_rect`) and
//! expressed in its frame. An aligned rectangle is handled in *doubled*
//! coordinates, `C = 2P - (min + max)`, `K = max - min`, `2r`, `2V` (no
//! halving); an oriented one in its axes as given (not normalised), `C_j =
//! (P - O) · a_j`, `V_j = V · a_j`, `K_j = e_j`. Components of `C` that are
//! negative are negated with those of `V`, so `C` lies in the first
//! quadrant; the rectangle is `[-k0, k0] × [-k1, k1]` and `Δ = C - K`.
//!
//! # Regions and predicates
//! The center moves along `C + tV` against the rounded rectangle (the
//! rectangle dilated by `r`); `d_i = Δ_i - r`, `s_i = -v_i`. Each decision
//! is the sign of a polynomial, of the degree given in the local values:
//!
//! * **Early exit**: beyond a dilated face (`d_i > 0`, degree 1) and not
//!   moving toward it (`v_i >= 0`): no contact. Most random queries end
//!   here.
//! * **Passing by**, first in the procedure: the path leaves one axis's
//!   slab `|c_i + t v_i| <= k_i + r` before it enters the other's (degree
//!   2), so it never meets the rectangle dilated by `r`: no contact. A
//!   shortcut, taken only where every sign is proved and only on 64-bit
//!   targets (32-bit ones skip it for code size): elsewhere the regions
//!   below decide the same.
//! * **t = 0**: with `d_i <= 0` on both axes, the sign of `|g|² - r²` for
//!   the gaps `g_i = max(Δ_i, 0)` (degree 2): negative is overlapping (and
//!   for `r = 0`, a center inside both slabs strictly, `Δ_i < 0`); zero is
//!   touching, a hit at 0 iff the motion goes in: `v · g < 0` (degree 2;
//!   the normal is `g / r`), and for `r = 0` on the boundary `v_i < 0` on
//!   each axis where `Δ_i = 0`, the rectangle having an interior (the
//!   normal is the face's, or `-V/|V|` at the corner `K`). The point is
//!   the rectangle's point nearest the center (per axis: the center's
//!   coordinate where `Δ_i <= 0`, else the face).
//! * **Corner region** (`0 < Δ0, Δ1 <= r`, Eberly's R4): only the arc at
//!   `K` is visible: the corner test below.
//! * **Edge region** (`d_i > 0 >= d_o`, R5/R6): the center must cross the
//!   face line `x_i = k_i + r` (`s_i > 0`, degree 1); where the crossing
//!   lies along the other axis is the sign of `c_o s_i + d_i v_o ∓ k_o s_i`
//!   (degree 2): on the face it is an edge contact; beyond it, the arc at
//!   the corner on that side decides.
//! * **Vertex region** (both `d_i > 0`, R7): the face crossed last is the
//!   only one that can be entered, `d0 s1 >= d1 s0` (degree 2), then as in
//!   the edge region. A point (`r = 0`) crossing both at once (`d0 s1 =
//!   d1 s0`) runs through the corner `K` head-on: a hit there if `s0 > 0`,
//!   with the normal `-V/|V|` (no face is crossed first).
//! * **Corner test**: the path enters the circle of radius `r` about the
//!   corner `K'` iff `q0 = -V·Δ' > 0` (degree 2) and `q1 = r²|V|² - (V ×
//!   Δ')² > 0` (degree 4); `q1 = 0` is a tangent graze, not a hit. (With
//!   `r = 0` a path through a corner crosses a face line at the face's
//!   end, which the edge test takes: the corner test never holds.)
//! * **`max_time`**, after the contact is found: `t <= T` is `d_i <= T s_i`
//!   on a face (degree 2 with `T`) and `q0 - T q2 <= 0 or (q0 - T q2)² <=
//!   q1` at a corner, `q2 = |V|²` (degree 6). A negative `T` admits no
//!   contact (an overlap at 0 is still reported).
//!
//! In the inputs the degrees double for the oriented rectangle (its local
//! values are dot products with the axes). Every sign is decided by the
//! exact layer ([`crate::exact`]): exactly, on every backend.
//!
//! # Construction
//! Built last, in world coordinates, each value rounded once (to nearest,
//! ties to even; [`crate::exact`]); the circle's
//! center at the hit is always `p + t v_circle`:
//! * on a face (aligned, center beyond `f`, the face's coordinate): `t =
//!   (|p_i - f| - r) / w_n` with `w_n` the closing speed, the point `(f + t
//!   v_rect,i ; p_o + t v_circle,o)`: the face at time `t`, the center's
//!   coordinate along it; the normal the face's, `±e_i`;
//! * at a corner `w`: `t = (|D|² - r²) / (q0 + √q1)` with `D = p - w`, the
//!   relative velocity `V`, `q0 = -V·D`, `q1 = r²|V|² - (V × D)²` (the
//!   root of `q2 t² - 2 q0 t + |D|² - r²` without cancellation), the point
//!   `w + t v_rect`, the normal `(D + t V) / r`;
//! * the oriented rectangle: the same in its frame, points mapped back as
//!   `o + Σ q_j a_j + t v_rect` and normals `n = Σ n_j a_j` (a face's
//!   normal is `±a_i` as given: unit as far as the axes are);
//! * a hit at 0: the nearest point, the normal `g / r` (or as above for
//!   `r = 0`); overlapping: the nearest point (aligned: input coordinates,
//!   no rounding at all).
//!
//! # Where Eberly's listings are wrong (each pinned by a test in
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
//! * The listings report a circle touching at `t = 0` as a contact at 0
//!   whatever its velocity, and a tangent graze as a contact; by the rules
//!   of every sweep both are misses when the circle does not move in.
//! * The text's Eq. 11/18 and the end rows of Tables 1–3 miss a side
//!   condition: box `[(-1,-2),(1,2)]`, `C = (4,0)`, `r = 1`, `V = (-1,0)` hits
//!   the right edge at `t = 2`.
//!
//! # Degenerate cases
//! Zero relative velocity: `Miss` unless overlapping. Zero radius: a moving
//! point, hitting where it reaches the rectangle from outside (the face
//! crossed gives the normal, its end points included; through a corner
//! along no face, `-V/|V|`); inside the open rectangle it is overlapping. Zero extents: the rectangle is a segment or
//! a point (no interior: a point on it at `t = 0` is not a hit). Velocity
//! parallel to an edge: sliding along the dilated edge line, or a tangent
//! graze of a corner arc (`q1 = 0`), is a miss.
//!
//! # Domain and errors
//! Every finite input is decided. NaN or infinity: [`Error::NotFinite`]
//! naming the input; a negative radius or half extent, or `min > max`:
//! [`Error::Negative`]; oriented axes further than
//! [`AXIS_TOLERANCE`](crate::query::AXIS_TOLERANCE) from orthonormal:
//! [`Error::BadAxes`]. A contact time or point outside the backend's
//! range (a very slow approach on fixed point): [`Error::OutOfRange`]
//! naming it; floats whose exact fallback is needed for inputs spread too
//! far apart: [`Error::Spread`].

mod aligned;
mod canonical;
mod oriented;

pub(crate) use oriented::step_obb;

use crate::Real;
use crate::error::{Error, Quantity};
use crate::geom::{Aabb2, Circle, Obb2, Vec2};
use crate::query::sweep::{
    Build, Every, Step, Sweep, TimeOnly, before_start, leaves_aligned, limit, within_limit, zero,
};
use crate::query::{decide_checked, nonnegative};
use canonical::{Decision, Found, Start};

/// The early exit (module doc, [`leaves_aligned`]): true only if the
/// query is certainly a miss there. Branch-free.
#[inline(always)]
pub(crate) fn aabb_gone<T: Real>(
    circle: &Circle<T>,
    cv: &Vec2<T>,
    rect: &Aabb2<T>,
    rv: &Vec2<T>,
    max_time: Option<&T>,
) -> bool {
    let (p, lo, hi) = (&circle.center, &rect.min, &rect.max);
    let sides = [
        [&p.x, &p.y],
        [&lo.x, &lo.y],
        [&hi.x, &hi.y],
        [&cv.x, &cv.y],
        [&rv.x, &rv.y],
    ];
    leaves_aligned(sides, &circle.radius, max_time)
}

/// Moving circle vs moving axis-aligned rectangle: the first hit at any
/// time `t >= 0` (the rules: [`crate::query::sweep`]).
///
/// ```
/// use swept::geom::{Aabb2, Circle, Vec2};
/// use swept::query::{Hit, Sweep, sweep_circle_rect::sweep_circle_aabb2};
/// // Box [-1,1]², circle at (4, 0), r = 1, moving left at speed 1: the
/// // center reaches x = 1 + 1 at t = 2, at (2, 0); the contact point is
/// // (1, 0) on the face whose normal is (1, 0).
/// let b = Aabb2::new(Vec2::new(-1.0, -1.0), Vec2::new(1.0, 1.0));
/// let c = Circle::new(Vec2::new(4.0, 0.0), 1.0);
/// let hit = sweep_circle_aabb2(&c, &Vec2::new(-1.0, 0.0), &b, &Vec2::new(0.0, 0.0));
/// assert_eq!(
///     hit,
///     Ok(Sweep::Hit(Hit {
///         time: 2.0,
///         point: Vec2::new(1.0, 0.0),
///         center: Vec2::new(2.0, 0.0),
///         normal: Vec2::new(1.0, 0.0),
///     }))
/// );
/// ```
pub fn sweep_circle_aabb2<T: Real>(
    circle: &Circle<T>,
    circle_velocity: &Vec2<T>,
    rect: &Aabb2<T>,
    rect_velocity: &Vec2<T>,
) -> Result<Sweep<T>, Error> {
    sweep_aabb::<T, Every>(circle, circle_velocity, rect, rect_velocity, None)
}

/// As [`sweep_circle_aabb2`], counting only hits at `time <= max_time`
/// (e.g. `1` for "within this frame" when velocities are per frame). The
/// limit is decided exactly, before the time is computed.
///
/// ```
/// use swept::geom::{Aabb2, Circle, Vec2};
/// use swept::query::{Sweep, sweep_circle_rect::sweep_circle_aabb2_within};
/// // The hit of the example above comes at t = 2: not within a frame of 1.
/// let b = Aabb2::new(Vec2::new(-1.0, -1.0), Vec2::new(1.0, 1.0));
/// let c = Circle::new(Vec2::new(4.0, 0.0), 1.0);
/// let (v, still) = (Vec2::new(-1.0, 0.0), Vec2::new(0.0, 0.0));
/// assert_eq!(sweep_circle_aabb2_within(&c, &v, &b, &still, &1.0), Ok(Sweep::Miss));
/// assert!(sweep_circle_aabb2_within(&c, &v, &b, &still, &2.0).unwrap().hit().is_some());
/// ```
pub fn sweep_circle_aabb2_within<T: Real>(
    circle: &Circle<T>,
    circle_velocity: &Vec2<T>,
    rect: &Aabb2<T>,
    rect_velocity: &Vec2<T>,
    max_time: &T,
) -> Result<Sweep<T>, Error> {
    sweep_aabb::<T, Every>(circle, circle_velocity, rect, rect_velocity, Some(max_time))
}

/// As [`sweep_circle_aabb2`], building only the time of a hit: the same
/// answer, with `point`, `center`, `normal` and an overlap's `witness`
/// left out (`()`), and one value rounded instead of seven. Its domain is
/// at least the full query's: where a backend refuses to round a value
/// the time does not need, this form still answers.
///
/// ```
/// use swept::geom::{Aabb2, Circle, Vec2};
/// use swept::query::sweep_circle_rect::sweep_circle_aabb2_time;
/// let b = Aabb2::new(Vec2::new(-1.0, -1.0), Vec2::new(1.0, 1.0));
/// let c = Circle::new(Vec2::new(4.0, 0.0), 1.0);
/// let hit = sweep_circle_aabb2_time(&c, &Vec2::new(-1.0, 0.0), &b, &Vec2::new(0.0, 0.0));
/// assert_eq!(hit.map(|s| s.hit().map(|h| h.time)), Ok(Some(2.0)));
/// ```
pub fn sweep_circle_aabb2_time<T: Real>(
    circle: &Circle<T>,
    circle_velocity: &Vec2<T>,
    rect: &Aabb2<T>,
    rect_velocity: &Vec2<T>,
) -> Result<Sweep<T, ()>, Error> {
    sweep_aabb::<T, TimeOnly>(circle, circle_velocity, rect, rect_velocity, None)
}

/// As [`sweep_circle_aabb2_within`], building only the time of a hit
/// ([`sweep_circle_aabb2_time`]).
///
/// ```
/// use swept::geom::{Aabb2, Circle, Vec2};
/// use swept::query::{Sweep, sweep_circle_rect::sweep_circle_aabb2_time_within};
/// let b = Aabb2::new(Vec2::new(-1.0, -1.0), Vec2::new(1.0, 1.0));
/// let c = Circle::new(Vec2::new(4.0, 0.0), 1.0);
/// let (v, still) = (Vec2::new(-1.0, 0.0), Vec2::new(0.0, 0.0));
/// assert_eq!(sweep_circle_aabb2_time_within(&c, &v, &b, &still, &1.0), Ok(Sweep::Miss));
/// ```
pub fn sweep_circle_aabb2_time_within<T: Real>(
    circle: &Circle<T>,
    circle_velocity: &Vec2<T>,
    rect: &Aabb2<T>,
    rect_velocity: &Vec2<T>,
    max_time: &T,
) -> Result<Sweep<T, ()>, Error> {
    sweep_aabb::<T, TimeOnly>(circle, circle_velocity, rect, rect_velocity, Some(max_time))
}

/// The aligned rectangle's faults other than a non-finite input: the
/// limit, the radius, the extents. One branch-free test; the naming is
/// off the hot path.
#[inline(always)]
fn aabb_faults<T: Real>(
    circle: &Circle<T>,
    rect: &Aabb2<T>,
    max_time: Option<&T>,
) -> Result<(), Error> {
    let (lo, hi) = (&rect.min, &rect.max);
    let ok = (circle.radius >= T::zero())
        & (lo.x <= hi.x)
        & (lo.y <= hi.y)
        & max_time.is_none_or(T::is_finite);
    if ok {
        return Ok(());
    }
    name_aabb_fault(circle, rect, max_time)
}

/// The first fault [`aabb_faults`] found.
#[cold]
#[inline(never)]
fn name_aabb_fault<T: Real>(
    circle: &Circle<T>,
    rect: &Aabb2<T>,
    max_time: Option<&T>,
) -> Result<(), Error> {
    limit(max_time)?;
    nonnegative([&circle.radius], &[Quantity::Radius])?;
    let (lo, hi) = (&rect.min, &rect.max);
    if (lo.x <= hi.x) & (lo.y <= hi.y) {
        Ok(())
    } else {
        Err(Error::Negative(Quantity::Extent))
    }
}

/// The inputs of the aligned rectangle's procedures.
#[inline(always)]
fn aabb_inputs<T: Real>(
    circle: &Circle<T>,
    cv: &Vec2<T>,
    rect: &Aabb2<T>,
    rv: &Vec2<T>,
) -> [T; 11] {
    let (p, lo, hi, r) = (&circle.center, &rect.min, &rect.max, &circle.radius);
    [
        p.x.clone(),
        p.y.clone(),
        lo.x.clone(),
        lo.y.clone(),
        hi.x.clone(),
        hi.y.clone(),
        r.clone(),
        cv.x.clone(),
        cv.y.clone(),
        rv.x.clone(),
        rv.y.clone(),
    ]
}

/// The early exit, inline; every other case out of line.
#[inline]
fn sweep_aabb<T: Real, B: Build<T, Vec2<T>, 7>>(
    circle: &Circle<T>,
    cv: &Vec2<T>,
    rect: &Aabb2<T>,
    rv: &Vec2<T>,
    max_time: Option<&T>,
) -> Result<Sweep<T, B::V>, Error> {
    if aabb_gone(circle, cv, rect, rv, max_time) {
        return Ok(Sweep::Miss);
    }
    sweep_aabb_in_full::<T, B>(circle, cv, rect, rv, max_time)
}

/// Every case of [`sweep_aabb`] (module doc).
#[inline(never)]
pub(crate) fn sweep_aabb_in_full<T: Real, B: Build<T, Vec2<T>, 7>>(
    circle: &Circle<T>,
    cv: &Vec2<T>,
    rect: &Aabb2<T>,
    rv: &Vec2<T>,
    max_time: Option<&T>,
) -> Result<Sweep<T, B::V>, Error> {
    let (p, lo, hi) = (&circle.center, &rect.min, &rect.max);
    let x = aabb_inputs(circle, cv, rect, rv);
    let d = decide_checked(&aligned::Sweep, &x, &AABB_NAMES, || {
        aabb_faults(circle, rect, max_time)
    })?;
    match d.found {
        Found::Miss => Ok(Sweep::Miss),
        Found::Overlap { inside, .. } => {
            // The nearest point at time 0: an input coordinate per axis.
            let pick = |j: usize, p: &T, lo: &T, hi: &T| {
                let face = if d.neg[j] { lo } else { hi };
                if inside[j] { p.clone() } else { face.clone() }
            };
            let witness = B::witness(|| {
                Ok(Vec2::new(
                    pick(0, &p.x, &lo.x, &hi.x),
                    pick(1, &p.y, &lo.y, &hi.y),
                ))
            })?;
            Ok(Sweep::Overlapping { witness })
        }
        Found::Start(_) if before_start(max_time) => Ok(Sweep::Miss),
        Found::Start(_) | Found::Edge(_) | Found::Corner(_) | Found::Through => {
            aabb_hit::<T, B>(circle, cv, rect, rv, max_time, d)
        }
    }
}

/// Whether the values of `found` do not depend on the velocities (an
/// overlap, a hit at 0 but at a corner for `r = 0`): they are built with
/// the velocities zeroed, so that the exact fallback's integers, which
/// align every input given, need not span their magnitudes.
#[inline(always)]
fn static_values(found: Found) -> bool {
    matches!(
        found,
        Found::Overlap { .. } | Found::Start(Start::Gap(_) | Start::Face(_) | Start::Deeper(_))
    )
}

/// A hit of [`sweep_aabb`]: the time limit decided, then the values built
/// (out of line: the inputs are gathered again here, not kept).
#[inline(never)]
fn aabb_hit<T: Real, B: Build<T, Vec2<T>, 7>>(
    circle: &Circle<T>,
    cv: &Vec2<T>,
    rect: &Aabb2<T>,
    rv: &Vec2<T>,
    max_time: Option<&T>,
    d: Decision,
) -> Result<Sweep<T, B::V>, Error> {
    if d.found == Found::Miss {
        return Ok(Sweep::Miss);
    }
    let mut x = aabb_inputs(circle, cv, rect, rv);
    if let (Some(t), Found::Edge(_) | Found::Corner(_) | Found::Through) = (max_time, d.found) {
        if !within_limit(&aligned::Within(d), &x, t, &AABB_NAMES)? {
            return Ok(Sweep::Miss);
        }
    }
    if static_values(d.found) {
        zero(&mut x, 7, 4);
    }
    B::hit(&aligned::Hit(d), &x, &AABB_NAMES, max_time).map(Sweep::Hit)
}

/// One step of [`advance`](crate::advance) against a still aligned
/// rectangle: the circle displaced by `d` over the frame, an overlap
/// resolved ([`Step`]).
pub(crate) fn step_aabb<T: Real>(
    circle: &Circle<T>,
    d: &Vec2<T>,
    rect: &Aabb2<T>,
) -> Result<Step<T>, Error> {
    let (still, one) = (Vec2::zero(), T::one());
    if aabb_gone(circle, d, rect, &still, None) {
        return Ok(Step::Miss);
    }
    let x = aabb_inputs(circle, d, rect, &still);
    let dec = decide_checked(&aligned::Sweep, &x, &AABB_NAMES, || {
        aabb_faults(circle, rect, None)
    })?;
    match resolve(dec) {
        Some(dec) => Ok(Step::of(aabb_hit::<T, Every>(
            circle,
            d,
            rect,
            &still,
            Some(&one),
            dec,
        )?)),
        None => Ok(Step::Embedded),
    }
}

/// A step's decision, an overlap resolved: moving deeper, a hit at 0
/// pushing out (`Start::Deeper`); out or along, a miss; the center inside,
/// `None` (embedded).
fn resolve(mut d: Decision) -> Option<Decision> {
    if let Found::Overlap { inside, deepening } = d.found {
        if inside[0] & inside[1] {
            return None;
        }
        d.found = if deepening {
            Found::Start(Start::Deeper(inside))
        } else {
            Found::Miss
        };
    }
    Some(d)
}

/// The names of the aligned rectangle's inputs.
const AABB_NAMES: [Quantity; 11] = {
    use Quantity::{BoxVelocity, Center, Max, Min, Radius, Velocity};
    [
        Center,
        Center,
        Min,
        Min,
        Max,
        Max,
        Radius,
        Velocity,
        Velocity,
        BoxVelocity,
        BoxVelocity,
    ]
};

/// Moving circle vs moving oriented rectangle: the first hit at any time
/// `t >= 0` (the rules: [`crate::query::sweep`]). The axes are used as
/// given (see [`Obb2`]); axes further than
/// [`AXIS_TOLERANCE`](crate::query::AXIS_TOLERANCE) from orthonormal give
/// [`Error::BadAxes`].
///
/// ```
/// use swept::geom::{Circle, Obb2, Vec2};
/// use swept::query::sweep_circle_rect::sweep_circle_obb2;
/// // A 2 x 2 square turned by the 3-4-5 rotation: its face normal a_0 =
/// // (3/5, 4/5). A unit circle 5 units out along a_0, moving back along
/// // it at speed 1, meets the face (at distance 1 + 1) at t = 3.
/// let a0 = Vec2::new(0.6, 0.8);
/// let b = Obb2::try_from_axis(Vec2::new(0.0, 0.0), a0, [1.0, 1.0]).unwrap();
/// let c = Circle::new(Vec2::new(3.0, 4.0), 1.0);
/// let (v, still) = (Vec2::new(-0.6, -0.8), Vec2::new(0.0, 0.0));
/// let hit = *sweep_circle_obb2(&c, &v, &b, &still).unwrap().hit().unwrap();
/// assert_eq!(hit.time, 3.0);
/// assert_eq!(hit.normal, a0);
/// ```
pub fn sweep_circle_obb2<T: Real>(
    circle: &Circle<T>,
    circle_velocity: &Vec2<T>,
    rect: &Obb2<T>,
    rect_velocity: &Vec2<T>,
) -> Result<Sweep<T>, Error> {
    oriented::sweep_obb::<T, Every>(circle, circle_velocity, rect, rect_velocity, None)
}

/// As [`sweep_circle_obb2`], counting only hits at `time <= max_time`.
///
/// ```
/// use swept::geom::{Circle, Obb2, Vec2};
/// use swept::query::{Sweep, sweep_circle_rect::sweep_circle_obb2_within};
/// let b = Obb2::try_from_axis(Vec2::new(0.0, 0.0), Vec2::new(0.6, 0.8), [1.0, 1.0]).unwrap();
/// let c = Circle::new(Vec2::new(3.0, 4.0), 1.0);
/// let (v, still) = (Vec2::new(-0.6, -0.8), Vec2::new(0.0, 0.0));
/// assert_eq!(sweep_circle_obb2_within(&c, &v, &b, &still, &2.5), Ok(Sweep::Miss));
/// ```
pub fn sweep_circle_obb2_within<T: Real>(
    circle: &Circle<T>,
    circle_velocity: &Vec2<T>,
    rect: &Obb2<T>,
    rect_velocity: &Vec2<T>,
    max_time: &T,
) -> Result<Sweep<T>, Error> {
    oriented::sweep_obb::<T, Every>(circle, circle_velocity, rect, rect_velocity, Some(max_time))
}

/// As [`sweep_circle_obb2`], building only the time of a hit (as
/// [`sweep_circle_aabb2_time`]).
///
/// ```
/// use swept::geom::{Circle, Obb2, Vec2};
/// use swept::query::sweep_circle_rect::sweep_circle_obb2_time;
/// let b = Obb2::try_from_axis(Vec2::new(0.0, 0.0), Vec2::new(0.6, 0.8), [1.0, 1.0]).unwrap();
/// let c = Circle::new(Vec2::new(3.0, 4.0), 1.0);
/// let (v, still) = (Vec2::new(-0.6, -0.8), Vec2::new(0.0, 0.0));
/// let hit = sweep_circle_obb2_time(&c, &v, &b, &still).unwrap();
/// assert_eq!(hit.hit().map(|h| h.time), Some(3.0));
/// ```
pub fn sweep_circle_obb2_time<T: Real>(
    circle: &Circle<T>,
    circle_velocity: &Vec2<T>,
    rect: &Obb2<T>,
    rect_velocity: &Vec2<T>,
) -> Result<Sweep<T, ()>, Error> {
    oriented::sweep_obb::<T, TimeOnly>(circle, circle_velocity, rect, rect_velocity, None)
}

/// As [`sweep_circle_obb2_within`], building only the time of a hit (as
/// [`sweep_circle_aabb2_time`]).
///
/// ```
/// use swept::geom::{Circle, Obb2, Vec2};
/// use swept::query::{Sweep, sweep_circle_rect::sweep_circle_obb2_time_within};
/// let b = Obb2::try_from_axis(Vec2::new(0.0, 0.0), Vec2::new(0.6, 0.8), [1.0, 1.0]).unwrap();
/// let c = Circle::new(Vec2::new(3.0, 4.0), 1.0);
/// let (v, still) = (Vec2::new(-0.6, -0.8), Vec2::new(0.0, 0.0));
/// assert_eq!(sweep_circle_obb2_time_within(&c, &v, &b, &still, &2.5), Ok(Sweep::Miss));
/// ```
pub fn sweep_circle_obb2_time_within<T: Real>(
    circle: &Circle<T>,
    circle_velocity: &Vec2<T>,
    rect: &Obb2<T>,
    rect_velocity: &Vec2<T>,
    max_time: &T,
) -> Result<Sweep<T, ()>, Error> {
    oriented::sweep_obb::<T, TimeOnly>(circle, circle_velocity, rect, rect_velocity, Some(max_time))
}
