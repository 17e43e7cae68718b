//! Moving circle vs moving rectangle (aligned or oriented): first contact
//! kind, time and point (seed 000: D. Eberly, "Intersection of Moving Circle
//! and Rectangle", Geometric Tools, 2018).
//!
//! # Reduction (the seed's §2)
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
//! * **t = 0**: with `d_i <= 0` on both axes, the sign of `|g|² - r²` for
//!   the gaps `g_i = max(Δ_i, 0)` (degree 2): negative is overlapping,
//!   zero is a contact at time 0 whatever the velocity. The point is the
//!   rectangle's point nearest the center (per axis: the center's
//!   coordinate where `Δ_i <= 0`, else the face).
//! * **Corner region** (`0 < Δ0, Δ1 <= r`, the seed's R4): only the arc at
//!   `K` is visible: the corner test below.
//! * **Edge region** (`d_i > 0 >= d_o`, R5/R6): the center must cross the
//!   face line `x_i = k_i + r` (`s_i > 0`, degree 1); where the crossing
//!   lies along the other axis is the sign of `c_o s_i + d_i v_o ∓ k_o s_i`
//!   (degree 2): on the face it is an edge contact; beyond it, the arc at
//!   the corner on that side decides.
//! * **Vertex region** (both `d_i > 0`, R7): the face crossed last is the
//!   only one that can be entered, `d0 s1 >= d1 s0` (degree 2), then as in
//!   the edge region.
//! * **Corner test**: the path meets the circle of radius `r` about the
//!   corner `K'` iff `q0 = -V·Δ' > 0` (degree 2) and `q1 = r²|V|² - (V ×
//!   Δ')² >= 0` (degree 4).
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
//! Built last, in world coordinates, each value rounded once (floats to
//! nearest, fixed point within 1 LSB; [`crate::exact`]):
//! * on a face (aligned, center beyond `f`, the face's coordinate): `t =
//!   (|p_i - f| - r) / w_n` with `w_n` the closing speed, and the point
//!   `(f + t v_rect,i ; p_o + t v_circle,o)`: the face at time `t`, the
//!   center's coordinate along it;
//! * at a corner `w`: `t = (|D|² - r²) / (q0 + √q1)` with `D = p - w`, the
//!   relative velocity `V`, `q0 = -V·D`, `q1 = r²|V|² - (V × D)²` (the
//!   root of `q2 t² - 2 q0 t + |D|² - r²` without cancellation), and the
//!   point `w + t v_rect`;
//! * the oriented rectangle: the same in its frame, the point mapped back
//!   as `o + Σ q_j a_j + t v_rect`;
//! * touching at 0 or overlapping: the nearest point (aligned: input
//!   coordinates, no rounding at all).
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
//! arc's tangent point (`q1 = 0`), at the corner.
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

mod canonical;
mod oriented;

use crate::Real;
use crate::exact::{Construction, Dim, Finish, Part, Procedure, Ring, Signs, Surd};
use crate::geom::{Aabb2, Circle, Obb2, Vec2};
use crate::query::{
    Error, Quantity, clamp_time, construct, cross, decide, decide_checked, dot, finite,
    nonnegative, orthonormal,
};
use canonical::{Canonical, Decision, Found, Local};

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

/// What the aligned rectangle's inputs measure: center, box corners,
/// radius (lengths), circle and box velocities.
const AABB_DIMS: [Dim; 11] = {
    let (l, v) = (Dim::LENGTH, Dim::VELOCITY);
    [l, l, l, l, l, l, l, v, v, v, v]
};

/// The aligned rectangle's local values in doubled coordinates, from the
/// inputs `p, lo, hi, r, v_circle, v_rect`.
#[inline(always)]
fn aabb_local<R: Ring>(x: &[R]) -> Option<Local<R>> {
    let [px, py, lx, ly, hx, hy, r, cx, cy, wx, wy, ..] = x else {
        return None;
    };
    let two = |a: R| a.clone() + a;
    Some((
        [hx.clone() - lx.clone(), hy.clone() - ly.clone()],
        [
            two(px.clone()) - (lx.clone() + hx.clone()),
            two(py.clone()) - (ly.clone() + hy.clone()),
        ],
        [two(cx.clone() - wx.clone()), two(cy.clone() - wy.clone())],
        two(r.clone()),
    ))
}

/// The early exit on one axis in world terms: `p - hi - r`, `lo - p - r`
/// against the relative velocity `cv - rv`.
#[inline(always)]
fn aabb_leaves<R: Ring>(p: &R, lo: &R, hi: &R, r: &R, cv: &R, rv: &R, s: &Signs) -> bool {
    let beyond_hi = p.clone() - hi.clone() - r.clone();
    let beyond_lo = lo.clone() - p.clone() - r.clone();
    canonical::leaves(&beyond_hi, &beyond_lo, &(cv.clone() - rv.clone()), s)
}

/// The early exit in the aligned rectangle's terms (degree 1): true if
/// the center certainly leaves on some axis (module doc).
struct AabbLeaves;

impl Procedure<11> for AabbLeaves {
    type Out = bool;
    const DIMS: [Dim; 11] = AABB_DIMS;
    const DEGREE: u32 = 1;
    #[inline(always)]
    fn run<R: Ring>(&self, x: &[R; 11], s: &mut Signs) -> bool {
        let [px, py, lx, ly, hx, hy, r, cx, cy, wx, wy] = x;
        aabb_leaves(px, lx, hx, r, cx, wx, s) | aabb_leaves(py, ly, hy, r, cy, wy, s)
    }
}

/// The aligned rectangle's decisions (degree 4).
struct AabbSweep;

impl Procedure<11> for AabbSweep {
    type Out = Decision;
    const DIMS: [Dim; 11] = AABB_DIMS;
    const DEGREE: u32 = 4;
    #[inline(always)]
    fn run<R: Ring>(&self, x: &[R; 11], s: &mut Signs) -> Decision {
        match aabb_local(x) {
            Some((k, c, v, r)) => Canonical::decide(k, c, v, r, s),
            None => Decision {
                neg: [false; 2],
                found: Found::Miss,
            },
        }
    }
}

/// Whether the contact of a decision happens by the time limit (input 11).
struct AabbWithin(Decision);

impl Procedure<12> for AabbWithin {
    type Out = bool;
    const DIMS: [Dim; 12] = {
        let (l, v) = (Dim::LENGTH, Dim::VELOCITY);
        [l, l, l, l, l, l, l, v, v, v, v, Dim::TIME]
    };
    const DEGREE: u32 = 6;
    #[inline(always)]
    fn run<R: Ring>(&self, x: &[R; 12], s: &mut Signs) -> bool {
        let (Some((k, c, v, r)), [.., t]) = (aabb_local(x), x) else {
            return false;
        };
        Canonical::new(k, c, v, r, self.0.neg).within(self.0.found, t, s)
    }
}

/// An aligned contact's time and point (module doc, "Construction").
struct AabbContact(Decision);

impl AabbContact {
    /// The world corner `w` of a corner contact, and `D = p - w`, `V`.
    #[inline(always)]
    fn corner<R: Ring>(&self, corner: [bool; 2], x: &[R]) -> Option<Local<R>> {
        let [px, py, lx, ly, hx, hy, r, cx, cy, wx, wy, ..] = x else {
            return None;
        };
        let low = |j: usize| self.0.neg[j] ^ corner[j];
        let w = [
            R::select(low(0), lx.clone(), hx.clone()),
            R::select(low(1), ly.clone(), hy.clone()),
        ];
        let d = [px.clone() - w[0].clone(), py.clone() - w[1].clone()];
        let v = [cx.clone() - wx.clone(), cy.clone() - wy.clone()];
        Some((w, d, v, r.clone()))
    }
}

impl Construction<11, 3> for AabbContact {
    const DIMS: [Dim; 11] = AABB_DIMS;
    const OUT: [Dim; 3] = [Dim::TIME, Dim::LENGTH, Dim::LENGTH];
    const DEGREE: u32 = 4;
    #[inline(always)]
    fn build<R: Ring, O: Finish<R, 3>>(&self, x: &[R; 11], out: O) -> O::Out {
        let [px, py, lx, ly, hx, hy, r, cx, cy, wx, wy] = x;
        match self.0.found {
            Found::Edge(i) => {
                let y = i == 1;
                let sel = |a: &R, b: &R| R::select(y, b.clone(), a.clone());
                let (p, lo, hi, c, w) = (
                    sel(px, py),
                    sel(lx, ly),
                    sel(hx, hy),
                    sel(cx, cy),
                    sel(wx, wy),
                );
                let (po, co) = (sel(py, px), sel(cy, cx));
                let low = if y { self.0.neg[1] } else { self.0.neg[0] };
                let f = R::select(low, lo, hi);
                // t = a / s: a = |p_i - f| - r, s the closing speed.
                let a = (p - f.clone()).negate_if(low) - r.clone();
                let s = (w.clone() - c).negate_if(low);
                // The point: the face at time t, the center's coordinate
                // along it at time t.
                let across = Part::along(f, w);
                let along = Part::along(po, co);
                let t = Surd::ratio(a, s).into();
                let parts = if y {
                    [t, along, across]
                } else {
                    [t, across, along]
                };
                out.finish(&R::zero(), &parts)
            }
            Found::Corner(corner) => {
                let Some((w, d, v, r)) = self.corner(corner, x) else {
                    return out.zero();
                };
                let vd = cross(&v, &d);
                let radicand = r.clone() * r.clone() * dot(&v, &v) - vd.clone() * vd;
                let far = dot(&d, &d) - r.clone() * r;
                let q0 = -dot(&v, &d);
                // The point: the corner at time t.
                let [w0, w1] = w;
                let time = Surd::over_root(far, q0).into();
                let point = [Part::along(w0, wx.clone()), Part::along(w1, wy.clone())];
                let [p0, p1] = point;
                out.finish(&radicand, &[time, p0, p1])
            }
            _ => out.zero(),
        }
    }
}

/// The names of a contact's values.
const CONTACT: [Quantity; 3] = [
    Quantity::Time,
    Quantity::ContactPoint,
    Quantity::ContactPoint,
];

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
) -> Result<Sweep<T>, Error> {
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
) -> Result<Sweep<T>, Error> {
    sweep_aabb(circle, circle_velocity, rect, rect_velocity, Some(max_time))
}

/// `Ok` if `max_time` (if any) is finite.
#[inline(always)]
fn limit<T: Real>(max_time: Option<&T>) -> Result<(), Error> {
    match max_time {
        Some(t) => finite(t, Quantity::MaxTime),
        None => Ok(()),
    }
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

/// The oriented rectangle's faults other than a non-finite input or bad
/// axes: the limit, the radius, the half extents. One branch-free test;
/// the naming is off the hot path.
#[inline(always)]
fn obb_faults<T: Real>(
    circle: &Circle<T>,
    rect: &Obb2<T>,
    max_time: Option<&T>,
) -> Result<(), Error> {
    let [e0, e1] = &rect.half_extents;
    let zero = T::zero();
    let ok =
        (circle.radius >= zero) & (*e0 >= zero) & (*e1 >= zero) & max_time.is_none_or(T::is_finite);
    if ok {
        return Ok(());
    }
    name_obb_fault(circle, rect, max_time)
}

/// The first fault [`obb_faults`] found.
#[cold]
#[inline(never)]
fn name_obb_fault<T: Real>(
    circle: &Circle<T>,
    rect: &Obb2<T>,
    max_time: Option<&T>,
) -> Result<(), Error> {
    use Quantity::{HalfExtents, Radius};
    limit(max_time)?;
    let [e0, e1] = &rect.half_extents;
    nonnegative(
        [&circle.radius, e0, e1],
        &[Radius, HalfExtents, HalfExtents],
    )
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
fn sweep_aabb<T: Real>(
    circle: &Circle<T>,
    cv: &Vec2<T>,
    rect: &Aabb2<T>,
    rv: &Vec2<T>,
    max_time: Option<&T>,
) -> Result<Sweep<T>, Error> {
    let x = aabb_inputs(circle, cv, rect, rv);
    if aabb_faults(circle, rect, max_time).is_ok()
        && decide(&AabbLeaves, &x, &AABB_NAMES) == Ok(true)
    {
        return Ok(Sweep::NoContact);
    }
    sweep_aabb_in_full(circle, cv, rect, rv, max_time)
}

/// Every case of [`sweep_aabb`] (module doc).
#[inline(never)]
fn sweep_aabb_in_full<T: Real>(
    circle: &Circle<T>,
    cv: &Vec2<T>,
    rect: &Aabb2<T>,
    rv: &Vec2<T>,
    max_time: Option<&T>,
) -> Result<Sweep<T>, Error> {
    let (p, lo, hi) = (&circle.center, &rect.min, &rect.max);
    let x = aabb_inputs(circle, cv, rect, rv);
    let d = decide_checked(&AabbSweep, &x, &AABB_NAMES, || {
        aabb_faults(circle, rect, max_time)
    })?;
    // The nearest point at time 0: an input coordinate per axis.
    let nearest = |inside: [bool; 2]| {
        let pick = |j: usize, p: &T, lo: &T, hi: &T| {
            let face = if d.neg[j] { lo } else { hi };
            if inside[j] { p.clone() } else { face.clone() }
        };
        Vec2::new(pick(0, &p.x, &lo.x, &hi.x), pick(1, &p.y, &lo.y, &hi.y))
    };
    match d.found {
        Found::Miss => Ok(Sweep::NoContact),
        Found::Overlap(inside) => Ok(Sweep::Overlapping {
            witness: nearest(inside),
        }),
        Found::Touch(inside) => Ok(touch(nearest(inside), max_time)),
        Found::Edge(_) | Found::Corner(_) => aabb_contact(circle, cv, rect, rv, max_time, d),
    }
}

/// A contact of [`sweep_aabb`]: the time limit decided, then the values
/// built (out of line: the inputs are gathered again here, not kept).
#[inline(never)]
fn aabb_contact<T: Real>(
    circle: &Circle<T>,
    cv: &Vec2<T>,
    rect: &Aabb2<T>,
    rv: &Vec2<T>,
    max_time: Option<&T>,
    d: Decision,
) -> Result<Sweep<T>, Error> {
    let x = aabb_inputs(circle, cv, rect, rv);
    if let Some(t) = max_time {
        let names = with_time(&AABB_NAMES, &Quantity::MaxTime);
        if !decide(&AabbWithin(d), &with_time(&x, t), &names)? {
            return Ok(Sweep::NoContact);
        }
    }
    let [time, px, py] = construct(&AabbContact(d), &x, &AABB_NAMES, &CONTACT)?;
    Ok(contact(time, Vec2::new(px, py), max_time))
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

/// The inputs followed by the time limit.
fn with_time<T: Clone, const N: usize, const M: usize>(x: &[T; N], t: &T) -> [T; M] {
    core::array::from_fn(|i| x.get(i).unwrap_or(t).clone())
}

/// A touch at time 0 (none if `max_time` is negative).
fn touch<T: Real>(point: Vec2<T>, max_time: Option<&T>) -> Sweep<T> {
    if max_time.is_some_and(|t| *t < T::zero()) {
        Sweep::NoContact
    } else {
        Sweep::Contact {
            time: T::zero(),
            point,
        }
    }
}

/// A contact whose time was decided to lie in `[0, max_time]`.
fn contact<T: Real>(time: T, point: Vec2<T>, max_time: Option<&T>) -> Sweep<T> {
    Sweep::Contact {
        time: clamp_time(time, max_time),
        point,
    }
}

/// Moving circle vs moving oriented rectangle: the first contact at any time
/// `t >= 0`. The axes are used as given (see [`Obb2`]); axes further than
/// [`AXIS_TOLERANCE`](crate::query::AXIS_TOLERANCE) from orthonormal give
/// [`Error::BadAxes`].
pub fn sweep_circle_obb2<T: Real>(
    circle: &Circle<T>,
    circle_velocity: &Vec2<T>,
    rect: &Obb2<T>,
    rect_velocity: &Vec2<T>,
) -> Result<Sweep<T>, Error> {
    sweep_obb(circle, circle_velocity, rect, rect_velocity, None)
}

/// As [`sweep_circle_obb2`], counting only contacts at `time <= max_time`.
pub fn sweep_circle_obb2_within<T: Real>(
    circle: &Circle<T>,
    circle_velocity: &Vec2<T>,
    rect: &Obb2<T>,
    rect_velocity: &Vec2<T>,
    max_time: &T,
) -> Result<Sweep<T>, Error> {
    sweep_obb(circle, circle_velocity, rect, rect_velocity, Some(max_time))
}

/// The inputs of the oriented rectangle's procedures.
#[inline(always)]
fn obb_inputs<T: Real>(circle: &Circle<T>, cv: &Vec2<T>, rect: &Obb2<T>, rv: &Vec2<T>) -> [T; 16] {
    let (p, o, r) = (&circle.center, &rect.center, &circle.radius);
    let [a0, a1] = &rect.axes;
    let [e0, e1] = &rect.half_extents;
    [
        p.x.clone(),
        p.y.clone(),
        o.x.clone(),
        o.y.clone(),
        a0.x.clone(),
        a0.y.clone(),
        a1.x.clone(),
        a1.y.clone(),
        e0.clone(),
        e1.clone(),
        r.clone(),
        cv.x.clone(),
        cv.y.clone(),
        rv.x.clone(),
        rv.y.clone(),
        T::one(),
    ]
}

/// The early exit, inline; every other case out of line.
#[inline]
fn sweep_obb<T: Real>(
    circle: &Circle<T>,
    cv: &Vec2<T>,
    rect: &Obb2<T>,
    rv: &Vec2<T>,
    max_time: Option<&T>,
) -> Result<Sweep<T>, Error> {
    let x = obb_inputs(circle, cv, rect, rv);
    // The axes are decided inside the early exit.
    if obb_faults(circle, rect, max_time).is_ok()
        && decide(&oriented::Leaves, &x, &OBB_NAMES) == Ok(true)
    {
        return Ok(Sweep::NoContact);
    }
    sweep_obb_in_full(circle, cv, rect, rv, max_time)
}

/// Every case of [`sweep_obb`] (module doc).
#[inline(never)]
fn sweep_obb_in_full<T: Real>(
    circle: &Circle<T>,
    cv: &Vec2<T>,
    rect: &Obb2<T>,
    rv: &Vec2<T>,
    max_time: Option<&T>,
) -> Result<Sweep<T>, Error> {
    let [a0, a1] = &rect.axes;
    let x = obb_inputs(circle, cv, rect, rv);
    let d = decide_checked(&oriented::Sweep, &x, &OBB_NAMES, || {
        obb_faults(circle, rect, max_time)?;
        orthonormal(a0, a1)
    })?;
    match d.found {
        Found::Miss => Ok(Sweep::NoContact),
        Found::Overlap(_) | Found::Touch(_) => {
            let witness = [Quantity::Witness; 2];
            let [wx, wy] = construct(&oriented::Nearest(d), &x, &OBB_NAMES, &witness)?;
            let point = Vec2::new(wx, wy);
            Ok(match d.found {
                Found::Overlap(_) => Sweep::Overlapping { witness: point },
                _ => touch(point, max_time),
            })
        }
        Found::Edge(_) | Found::Corner(_) => {
            if let Some(t) = max_time {
                let names = with_time(&OBB_NAMES, &Quantity::MaxTime);
                if !decide(&oriented::Within(d), &with_time(&x, t), &names)? {
                    return Ok(Sweep::NoContact);
                }
            }
            let [time, px, py] = construct(&oriented::Contact(d), &x, &OBB_NAMES, &CONTACT)?;
            Ok(contact(time, Vec2::new(px, py), max_time))
        }
    }
}

/// The names of the oriented rectangle's inputs (the last, the number 1,
/// is never refused).
const OBB_NAMES: [Quantity; 16] = {
    use Quantity::{Axes, BoxCenter, BoxVelocity, Center, HalfExtents, Radius, Velocity};
    [
        Center,
        Center,
        BoxCenter,
        BoxCenter,
        Axes,
        Axes,
        Axes,
        Axes,
        HalfExtents,
        HalfExtents,
        Radius,
        Velocity,
        Velocity,
        BoxVelocity,
        BoxVelocity,
        Axes,
    ]
};
