//! Moving circle vs static line segment over one frame: whether and when
//! the circle hits, the contact point, where its center is then and the
//! unit normal, by the rules of every sweep ([`crate::query::sweep`])
//! (after an unattributed pseudo-code, "Moving Circle vs Static Line"; the
//! bounce it goes on to compute is [`advance`](crate::advance)'s).
//!
//! # Problem
//! Circle of radius `R` centered at `B_s`, displaced by `V` over the frame
//! (`B(t) = B_s + tV`, `t ∈ [0, 1]`, `B_e = B_s + V`); segment `P0 P1`. All
//! decisions use the relative values `C0 = B_s - P0`, `C1 = B_s - P1`,
//! `E = P1 - P0` and `V`, never a unit vector: a segment comes as two points
//! and `|E|` is irrational in general. With `m = E.perp() = (-E.y, E.x)`
//! (the *front* normal, not normalised) the degree-2 intermediates are
//!
//! ```text
//! L2 = E·E   a0 = E·C0  a1 = E·C1  h = E×C0 (= m·C0)  u = E·V  w = E×V (= m·V)
//! q2 = V·V   d_i = V·C_i   x_i = V×C_i   n_i = C_i·C_i   R²
//! ```
//!
//! The circle touches the segment when its center is on the boundary of the
//! *capsule* (the segment dilated by `R`): two offset lines `h = ±R|E|`
//! limited to the span `0 <= a <= L2`, and the two end circles `|X - P_i| = R`.
//!
//! # Rule (what a hit is)
//! * `dist(B_s, segment) < R`: [`Sweep::Overlapping`] with the segment's
//!   point nearest `B_s` (reported, never tunnelled through; no sweep is
//!   done).
//! * A **hit** is the first time `t ∈ [0, 1]` at which the circle touches the
//!   segment *while moving toward it*: `V·n < 0`, with `n` the unit normal at
//!   the contact, pointing from the segment to the center. So touching at
//!   `t = 0` while moving in is a hit at 0; touching while separating
//!   (`V·n > 0`) or sliding (`V·n = 0`, which includes a tangent graze of an
//!   end circle at `t > 0` and a zero displacement) is not a hit, and since
//!   the distance along the path is convex the circle then never penetrates:
//!   [`Sweep::Miss`].
//! * Zero radius (a moving point): the first time it reaches the segment from
//!   outside is a hit, with `n` pointing back along the approach: `±m/|m|`
//!   where it crosses the segment (end points included), `-V/|V|` where it
//!   runs into an end point from beyond it. At an end point the normal of a
//!   point is discontinuous (every unit vector of the exposed half-plane is
//!   one): these two rules pick one, decided exactly on every backend. A
//!   point that *starts* on the segment has no side to move into: `Miss`.
//! * Zero-length segment: a point, i.e. the end circle at `P0` only.
//! * [`Sides::Front`] (one-sided): only a circle whose center starts strictly
//!   in front of the segment's line (`h = m·(B_s - P0) > 0`, the side `m`
//!   points to, left of `P0 → P1`) can hit; from behind or on the line it
//!   passes (`Miss`). An overlap is still reported. A zero-length segment
//!   has no front and is never hit in this mode. (Box2D's one-sided chain
//!   segments decide on the start side the same way.)
//!
//! # Predicates (every branch is the sign of a polynomial in the inputs)
//! 0. **Early exit** (degree 1): on some axis the center beyond the
//!    segment's bounding box dilated by `R` and not moving toward it: a
//!    miss.
//! 1. **Start** (degree ≤ 4). `a0 <= 0` (or `L2 = 0`): nearest point `P0`,
//!    compare `n0` with `R²`; `a1 >= 0`: `P1`, `n1` vs `R²`; otherwise the
//!    body, `h²` vs `R² L2`. Less: overlapping. Equal: a hit at 0 iff
//!    approaching: `d0 < 0`, `d1 < 0`, or `σ w < 0` with `σ = sign h`.
//! 2. **Body** (the side `σ = sign h` the center starts on). A center
//!    beyond the offset line (`h² > R² L2`) must cross it before touching
//!    anything (the whole capsule has `|h| <= R|E|`): if it moves away or
//!    parallel (`σ w >= 0`), or crosses after the frame (`|h| - |w| > R|E|`,
//!    degree 4), there is no hit at all. It crosses at
//!    `t_b = (|h| - R|E|) / |w|`. The crossing
//!    lies within the span iff `σ x0 |E| >= uR` and `σ x1 |E| <= uR` (from
//!    `a(t_b)|w| = |E| (σ x0 |E| - uR)`, using `a0 w - h u = L2 (C0 × V)`;
//!    the factor `|E|` cancels, so each test compares `x√L2` with `uR` by
//!    signs and then squares: degree 6). A crossing within the span is the
//!    first contact (the distance is convex along the path and decreases
//!    through it).
//! 3. **End circles** (otherwise). The path enters the circle at `P` iff
//!    `q0 = -d > 0` and `q1 = R² q2 - x² > 0` (`= 0` only for `R = 0`: the
//!    point runs exactly through `P`), at `T = (q0 - √q1) / q2`. The entry
//!    is on the capsule's boundary iff it lies on the *exposed* half, beyond
//!    the end normal through `P` (`F·(B(T) - P) >= 0` with `F = -E` at `P0`,
//!    `F = E` at `P1`). With `α = F·C`, `β = F·V`, `g = α q2 + q0 β`
//!    (degree 4: compares the chord's midpoint with the crossing of the end
//!    normal) and `k = L2 x² - R² β²` (degree 6: the crossing `Z` of the end
//!    normal lies outside the circle, `|Z - P|² = L2 x² / β²`): exposed iff
//!    `α >= 0` when `β = 0`, `g >= 0 or k <= 0` when `β < 0`, and
//!    `g >= 0 and k > 0` when `β > 0` (`k = 0` there is the junction with
//!    the offset line, which 2. decides). An exposed entry is the first
//!    contact; it is in the frame iff `q0 <= q2` or `(q0 - q2)² <= q1`.
//!
//! At most one of 2. and 3. can be the first contact (it is unique); where
//! they meet (the junction of an offset line and an end circle) both give
//! the same time, point and normal, and 2. is taken. The independent brute
//! force `tests/support/src/brute_segment.rs` takes the earliest root among
//! all four features instead, and agrees exactly.
//!
//! # Construction (after every decision)
//! Each value is a surd `(a + b√c) / (d + e√c)` of polynomials in the
//! inputs (degree 7 at most), rounded once by the exact layer (to nearest,
//! ties to even; [`crate::exact`]). With `T` the time
//! and `B_i = B_s + T V` the center at the hit:
//! * Body, `c = L2`: `T = (h² - R² L2) / (|w| (|h| + R√L2))` (no
//!   cancellation; `0` when touching at the start), the contact `P0 + E
//!   (a0 + T u) / L2` (the center's projection), `n = σ m √L2 / L2`.
//! * End circle, `R > 0`, `c = q1`: `T = (n_i - R²) / (q0 + √q1)` (equal
//!   to `(q0 - √q1) / q2`), the contact `P`, `n = (B_i - P) / R`.
//! * End point, `R = 0`, `c = q2`: `T = n_i / q0` (rational: `q1 = 0`),
//!   `n = -V √q2 / q2`.
//! * Overlapping: the nearest point, `P_i` or `P0 + E a0 / L2`.
//!
//! # Where that pseudo-code is wrong
//! Each defect is pinned by a test in `tests/sweep_circle_segment.rs` named
//! after it.
//! * `seed_divides_by_zero_velocity`: `T_i = … / (N̂·V)` "we are sure
//!   `N̂·V != 0`", and `t_i = (m - H) / V.Length()`, `V̂`, `M̂` divide by
//!   `|V|`. Here `V = 0` is `Miss` (or overlapping), and a displacement
//!   parallel to the segment goes to the end circles: segment `(0,0)–(2,0)`,
//!   `B_s = (-3, 0)`, `R = 1`, `V = (4, 0)` hits `P0` at `t = 1/2`, `B_i =
//!   (-1, 0)`, `n = (-1, 0)`.
//! * `seed_initial_overlap`: never tested: `B_s = (-1/2, 0)`, `R = 1`,
//!   `V = (1, 0)` against `(0,0)–(2,0)` gives a "hit" at `t = -1/2`; here
//!   `Overlapping`.
//! * `seed_touching_while_separating`: `B_s = (1, -1)`, `R = 1`, `V = (0,-1)`
//!   against `(0,0)–(2,0)`: the seed reflects and tunnels; here `Miss`, the
//!   circle ends at `(1, -2)`. Moving in (`V = (0, 1)`) is a hit at 0.
//! * `seed_cap_choice_by_smaller_m`: the end circle is chosen by the smaller
//!   `|m|`: segment `(0,0)–(0,1)`, `B_s = (-3, 0)`, `R = 2`, `V = (3, -1)`
//!   hits `P0` at `t = (9 - √31)/10`, not `P1` at `3/5`; segment
//!   `(3/2,3)–(3/2,9/4)`, `B_s = (-11/2, 4)`, `R = 2`, `V = (6, 0)` hits `P0`
//!   at `t = (7 - √3)/6` where the seed reports none.
//! * `seed_reflection_normal_of_length_r`: `ApplyReflection(P0B_i, …)` uses
//!   `B_i - P0`, of length `R`, as if it were unit: wrong whenever `R != 1`.
//!   Here the normal is unit, and [`advance`](crate::advance) reflects
//!   about it.
//! * `seed_strict_product_test`: `M·B_sP0' * M·B_sP1' < 0` is strict, so a
//!   path through `P0'` goes to the end-circle heuristic: segment
//!   `(-2,-1/2)–(-2,-5/2)`, `B_s = (-5,-1/2)`, `R = 2`, `V = (4, 0)` hits the
//!   body at its end at `t = 1/4`, not `3/4`.
//!
//! # Why a separate kernel, not the rectangle kernel with a zero half-extent
//! The oriented-rectangle kernel of
//! [`sweep_circle_rect`](super::sweep_circle_rect) needs a unit axis, and
//! `E/|E|` is irrational in general: its decisions would be exact for a
//! rounded axis, not for the segment given. It also answers another
//! question (contact at any `t >= 0`).
//!
//! # Domain and errors
//! Every finite input is decided, on every backend (the predicates have
//! degree 6 in the inputs). NaN or infinity: [`Error::NotFinite`]
//! naming the input; a negative radius: [`Error::Negative`]. A value of
//! the hit outside the backend's range: [`Error::OutOfRange`] naming it;
//! floats whose exact fallback is needed for inputs spread too far apart:
//! [`Error::Spread`].

mod hit;

use crate::Real;
use crate::error::{Error, Quantity};
use crate::exact::{Dim, Procedure, Ring, Signs};
use crate::geom::{Circle, Segment2, Vec2};
use crate::query::sweep::{Build, Every, HIT, Hit, Step, Sweep, TimeOnly, leaves_aligned};
use crate::query::{construct, cross, decide_checked, dot, nonnegative};
use core::cmp::Ordering;

/// Which sides of the segment are solid.
///
/// ```
/// use swept::geom::{Circle, Segment2, Vec2};
/// use swept::query::sweep_circle_segment::{Sides, sweep_circle_segment_sided};
/// // The front of (0,0)-(4,0) faces +y: from above, both choices hit.
/// let seg = Segment2::new(Vec2::new(0.0, 0.0), Vec2::new(4.0, 0.0));
/// let c = Circle::new(Vec2::new(1.0, 3.0), 1.0);
/// let d = Vec2::new(0.0, -4.0);
/// for sides in [Sides::Both, Sides::Front] {
///     let hit = sweep_circle_segment_sided(&c, &d, &seg, sides).unwrap();
///     assert_eq!(hit.hit().map(|h| h.time), Some(0.5));
/// }
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Sides {
    /// Both sides (the default).
    #[default]
    Both,
    /// Only the front, the side `(p1 - p0).perp()` points to (left of
    /// `p0 → p1`): a circle whose center starts behind or on the segment's
    /// line is never hit.
    Front,
}

/// Moving circle vs static segment over one frame, both sides solid.
///
/// ```
/// use swept::geom::{Circle, Segment2, Vec2};
/// use swept::query::{Hit, Sweep, sweep_circle_segment::sweep_circle_segment};
/// // Segment (0,0)-(4,0), circle at (1, 3), r = 1, moving by (0, -4): the
/// // center reaches y = 1 at t = 1/2, at (1, 1), touching (1, 0) with the
/// // normal (0, 1).
/// let seg = Segment2::new(Vec2::new(0.0, 0.0), Vec2::new(4.0, 0.0));
/// let c = Circle::new(Vec2::new(1.0, 3.0), 1.0);
/// let b = sweep_circle_segment(&c, &Vec2::new(0.0, -4.0), &seg);
/// assert_eq!(
///     b,
///     Ok(Sweep::Hit(Hit {
///         time: 0.5,
///         point: Vec2::new(1.0, 0.0),
///         center: Vec2::new(1.0, 1.0),
///         normal: Vec2::new(0.0, 1.0),
///     }))
/// );
/// ```
pub fn sweep_circle_segment<T: Real>(
    circle: &Circle<T>,
    displacement: &Vec2<T>,
    segment: &Segment2<T>,
) -> Result<Sweep<T>, Error> {
    sweep_circle_segment_sided(circle, displacement, segment, Sides::Both)
}

/// As [`sweep_circle_segment`], with the solid sides chosen by `sides`.
///
/// ```
/// use swept::geom::{Circle, Segment2, Vec2};
/// use swept::query::{Sweep, sweep_circle_segment::{Sides, sweep_circle_segment_sided}};
/// // The front of (0,0)-(4,0) faces +y (left of p0 -> p1): a circle coming
/// // from below passes through.
/// let seg = Segment2::new(Vec2::new(0.0, 0.0), Vec2::new(4.0, 0.0));
/// let c = Circle::new(Vec2::new(1.0, -3.0), 1.0);
/// let b = sweep_circle_segment_sided(&c, &Vec2::new(0.0, 6.0), &seg, Sides::Front);
/// assert_eq!(b, Ok(Sweep::Miss));
/// ```
pub fn sweep_circle_segment_sided<T: Real>(
    circle: &Circle<T>,
    displacement: &Vec2<T>,
    segment: &Segment2<T>,
    sides: Sides,
) -> Result<Sweep<T>, Error> {
    sweep::<T, Every>(circle, displacement, segment, sides)
}

/// As [`sweep_circle_segment`], building only the time of a hit: the
/// same answer, with `point`, `center`, `normal` and an overlap's
/// `witness` left out (`()`), and one value rounded instead of seven. Its
/// domain is at least the full query's.
///
/// ```
/// use swept::geom::{Circle, Segment2, Vec2};
/// use swept::query::sweep_circle_segment::sweep_circle_segment_time;
/// let seg = Segment2::new(Vec2::new(0.0, 0.0), Vec2::new(4.0, 0.0));
/// let c = Circle::new(Vec2::new(1.0, 3.0), 1.0);
/// let hit = sweep_circle_segment_time(&c, &Vec2::new(0.0, -4.0), &seg).unwrap();
/// assert_eq!(hit.hit().map(|h| h.time), Some(0.5));
/// ```
pub fn sweep_circle_segment_time<T: Real>(
    circle: &Circle<T>,
    displacement: &Vec2<T>,
    segment: &Segment2<T>,
) -> Result<Sweep<T, ()>, Error> {
    sweep::<T, TimeOnly>(circle, displacement, segment, Sides::Both)
}

/// As [`sweep_circle_segment_sided`], building only the time of a hit
/// ([`sweep_circle_segment_time`]).
///
/// ```
/// use swept::geom::{Circle, Segment2, Vec2};
/// use swept::query::{Sweep, sweep_circle_segment::{Sides, sweep_circle_segment_sided_time}};
/// let seg = Segment2::new(Vec2::new(0.0, 0.0), Vec2::new(4.0, 0.0));
/// let c = Circle::new(Vec2::new(1.0, -3.0), 1.0);
/// let b = sweep_circle_segment_sided_time(&c, &Vec2::new(0.0, 6.0), &seg, Sides::Front);
/// assert_eq!(b, Ok(Sweep::Miss));
/// ```
pub fn sweep_circle_segment_sided_time<T: Real>(
    circle: &Circle<T>,
    displacement: &Vec2<T>,
    segment: &Segment2<T>,
    sides: Sides,
) -> Result<Sweep<T, ()>, Error> {
    sweep::<T, TimeOnly>(circle, displacement, segment, sides)
}

/// The sweep over one frame, building what `B` asks for.
fn sweep<T: Real, B: Build<T, Vec2<T>, 7>>(
    circle: &Circle<T>,
    displacement: &Vec2<T>,
    segment: &Segment2<T>,
    sides: Sides,
) -> Result<Sweep<T, B::V>, Error> {
    let (x, found) = decision(circle, displacement, segment, sides)?;
    let feature = match found {
        Found::Overlap { nearest, .. } => {
            let witness = B::witness(|| {
                let [wx, wy] =
                    construct(&hit::Witness(nearest), &x, &NAMES, &[Quantity::Witness; 2])?;
                Ok(Vec2::new(wx, wy))
            })?;
            return Ok(Sweep::Overlapping { witness });
        }
        Found::Miss => return Ok(Sweep::Miss),
        Found::Hit(f) => f,
    };
    B::hit(&hit::Hit(feature), &x, &NAMES, Some(&T::one())).map(Sweep::Hit)
}

/// One step of [`advance`](crate::advance) against a segment: the circle
/// displaced by `displacement` over the frame, an overlap resolved
/// ([`Step`]).
pub(crate) fn step_segment<T: Real>(
    circle: &Circle<T>,
    displacement: &Vec2<T>,
    segment: &Segment2<T>,
    sides: Sides,
) -> Result<Step<T>, Error> {
    let (x, found) = decision(circle, displacement, segment, sides)?;
    let feature = match found {
        Found::Overlap { on: true, .. } => return Ok(Step::Embedded),
        Found::Overlap {
            nearest,
            deepening: true,
            ..
        } => {
            // Static values: the displacement zeroed for the fallback.
            let mut x = x;
            x[2] = T::zero();
            x[3] = T::zero();
            let v = construct(&hit::PushOut(nearest), &x, &NAMES, &HIT)?;
            return Ok(Step::Hit(Hit::from_values(v, None)));
        }
        Found::Overlap { .. } | Found::Miss => return Ok(Step::Miss),
        Found::Hit(f) => f,
    };
    let v = construct(&hit::Hit(feature), &x, &NAMES, &HIT)?;
    Ok(Step::Hit(Hit::from_values(v, Some(&T::one()))))
}

/// The inputs and the decisions: the early exit ([`gone`]), else the
/// procedure, which also finds a non-finite input and names it before a
/// negative radius.
#[inline(always)]
fn decision<T: Real>(
    circle: &Circle<T>,
    displacement: &Vec2<T>,
    segment: &Segment2<T>,
    sides: Sides,
) -> Result<([T; 9], Found), Error> {
    let x = inputs(circle, displacement, segment);
    if gone(circle, displacement, segment) {
        return Ok((x, Found::Miss));
    }
    let found = decide_checked(&Decide(sides), &x, &NAMES, || {
        nonnegative([&circle.radius], &[Quantity::Radius])
    })?;
    Ok((x, found))
}

/// The early exit, as the aligned rectangle's ([`leaves_aligned`]): on
/// some axis the center beyond the segment's bounding box dilated by `R`
/// (certainly) and not moving toward it. The segment lies in that box, so
/// the center stays farther than `R` from it: a miss (on either side, and
/// no overlap at the start). False where not certain, or where an input is
/// not finite or `R < 0` (the procedure names it).
#[inline(always)]
fn gone<T: Real>(circle: &Circle<T>, v: &Vec2<T>, segment: &Segment2<T>) -> bool {
    let (b, p0, p1) = (&circle.center, &segment.p0, &segment.p1);
    // Copies, not references: on a Cortex-M4F the `f32` miss takes 234
    // instructions, not 282 (`python3 ci/mcu.py`). Both values of an axis
    // come out (a NaN too), so `leaves_aligned`'s finiteness check of
    // `lo` and `hi` covers every end point.
    let span = |a: &T, b: &T| {
        if a <= b {
            (a.clone(), b.clone())
        } else {
            (b.clone(), a.clone())
        }
    };
    let ((lx, hx), (ly, hy)) = (span(&p0.x, &p1.x), span(&p0.y, &p1.y));
    let still = T::zero();
    let sides = [
        [&b.x, &b.y],
        [&lx, &ly],
        [&hx, &hy],
        [&v.x, &v.y],
        [&still, &still],
    ];
    leaves_aligned(sides, &circle.radius, None)
}

/// The inputs `B_s, V, P0, P1, R` of the procedures.
#[inline(always)]
fn inputs<T: Real>(circle: &Circle<T>, v: &Vec2<T>, segment: &Segment2<T>) -> [T; 9] {
    let (b, r) = (&circle.center, &circle.radius);
    let (p0, p1) = (&segment.p0, &segment.p1);
    [
        b.x.clone(),
        b.y.clone(),
        v.x.clone(),
        v.y.clone(),
        p0.x.clone(),
        p0.y.clone(),
        p1.x.clone(),
        p1.y.clone(),
        r.clone(),
    ]
}

/// The names of the inputs.
const NAMES: [Quantity; 9] = {
    use Quantity::{Center, Radius, SegmentEnd, Velocity};
    [
        Center, Center, Velocity, Velocity, SegmentEnd, SegmentEnd, SegmentEnd, SegmentEnd, Radius,
    ]
};

/// The inputs `B_s, V, P0, P1, R`: all lengths.
const DIMS: [Dim; 9] = [Dim::LENGTH; 9];

/// Which end of the segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    P0,
    P1,
}

/// The boundary feature of the capsule hit first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Feature {
    /// An offset line, on the front (`h > 0`) or back side.
    Body { front: bool },
    /// An end circle (`R > 0`).
    Cap(End),
    /// An end point reached by a moving point (`R = 0`).
    Point(End),
}

/// What the decisions found, before any square root or division.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Found {
    /// Overlapping at `t = 0`: the nearest feature (a cap for an end, the
    /// body for the span); `deepening`: the motion takes the center toward
    /// the nearest point; `on`: the center is on the segment.
    Overlap {
        nearest: Feature,
        deepening: bool,
        on: bool,
    },
    Miss,
    /// A hit at `t ∈ [0, 1]` (touching at `t = 0` while moving in included).
    Hit(Feature),
}

/// The relative values `C0, C1, E, V, R` and the degree-2 intermediates of
/// the module doc (each a method, computed where it is used).
struct Local<R> {
    b: [R; 2],
    p0: [R; 2],
    p1: [R; 2],
    c0: [R; 2],
    c1: [R; 2],
    e: [R; 2],
    v: [R; 2],
    r: R,
}

/// `a` at `P0`, `b` at `P1`: by selects of values where the ring's values
/// carry constants of the expression ([`Ring::FOLDS`]), which a choice of
/// references would keep in memory; by a branch in the others, in less
/// code.
#[inline(always)]
fn either<R: Ring>(i: End, a: &[R; 2], b: &[R; 2]) -> [R; 2] {
    let p0 = i == End::P0;
    if !R::FOLDS {
        return if p0 { a.clone() } else { b.clone() };
    }
    [
        R::select(p0, a[0].clone(), b[0].clone()),
        R::select(p0, a[1].clone(), b[1].clone()),
    ]
}

/// `a - b`, written out where it is used (module doc of `exact::bound`,
/// "Writing procedures for it").
#[inline(always)]
fn sub<R: Ring>(a: &[R; 2], b: &[R; 2]) -> [R; 2] {
    [a[0].clone() - b[0].clone(), a[1].clone() - b[1].clone()]
}

impl<R: Ring> Local<R> {
    #[inline(always)]
    fn new(x: &[R; 9]) -> Self {
        let [bx, by, vx, vy, p0x, p0y, p1x, p1y, r] = x;
        let b = [bx.clone(), by.clone()];
        let (p0, p1) = ([p0x.clone(), p0y.clone()], [p1x.clone(), p1y.clone()]);
        Local {
            c0: sub(&b, &p0),
            c1: sub(&b, &p1),
            e: sub(&p1, &p0),
            v: [vx.clone(), vy.clone()],
            r: r.clone(),
            b,
            p0,
            p1,
        }
    }
    #[inline(always)]
    fn r2(&self) -> R {
        self.r.clone() * self.r.clone()
    }
    #[inline(always)]
    fn l2(&self) -> R {
        dot(&self.e, &self.e)
    }
    #[inline(always)]
    fn h(&self) -> R {
        cross(&self.e, &self.c0)
    }
    #[inline(always)]
    fn u(&self) -> R {
        dot(&self.e, &self.v)
    }
    #[inline(always)]
    fn w(&self) -> R {
        cross(&self.e, &self.v)
    }
    #[inline(always)]
    fn q2(&self) -> R {
        dot(&self.v, &self.v)
    }
    /// `C_i = B_s - P_i`, chosen by value ([`either`]), so that a
    /// filter's bounds stay constants of the expression where `i` is not
    /// one (module doc of `exact::bound`, "Writing procedures for it").
    #[inline(always)]
    fn c(&self, i: End) -> [R; 2] {
        either(i, &self.c0, &self.c1)
    }
    /// `P_i`.
    #[inline(always)]
    fn p(&self, i: End) -> [R; 2] {
        either(i, &self.p0, &self.p1)
    }
    /// `a_i = E·C_i`.
    #[inline(always)]
    fn a(&self, i: End) -> R {
        dot(&self.e, &self.c(i))
    }
    /// `d_i = V·C_i`.
    #[inline(always)]
    fn d(&self, i: End) -> R {
        dot(&self.v, &self.c(i))
    }
    /// `x_i = V×C_i`.
    #[inline(always)]
    fn x(&self, i: End) -> R {
        cross(&self.v, &self.c(i))
    }
    /// `n_i = C_i·C_i`.
    #[inline(always)]
    fn n(&self, i: End) -> R {
        let c = self.c(i);
        dot(&c, &c)
    }
}

/// The sign of `x √l2 - u r` for `l2, r >= 0`: by the signs, then by the
/// squares (degree 6).
#[inline(always)]
fn root_side<R: Ring>(x: &R, l2: &R, u: &R, r: &R, s: &mut Signs) -> Ordering {
    use Ordering::{Equal, Greater, Less};
    let y_sign = if s.zero(r) { Equal } else { s.sign(u) };
    let x_sign = if s.zero(l2) { Equal } else { s.sign(x) };
    match (x_sign, y_sign) {
        (Equal, Equal) => Equal,
        (Greater | Equal, Less | Equal) => Greater,
        (Less | Equal, Greater | Equal) => Less,
        // Both of one sign: by the squares, one expression, not a closure
        // (module doc of `exact::bound`, "Writing procedures for it").
        _ => {
            let squares =
                x.clone() * x.clone() * l2.clone() - u.clone() * u.clone() * r.clone() * r.clone();
            let m = s.sign(&squares);
            if x_sign == Greater { m } else { m.reverse() }
        }
    }
}

/// Moving toward the nearest feature: `d_i < 0` at an end, `σ w < 0` on
/// the span (a center on the line, `h = 0`, has no side).
#[inline(always)]
fn approaching<R: Ring>(k: &Local<R>, nearest: Feature, h: &R, s: &mut Signs) -> bool {
    match nearest {
        Feature::Cap(end) | Feature::Point(end) => s.negative(&k.d(end)),
        Feature::Body { front } => !s.zero(h) && s.negative(&k.w().negate_if(!front)),
    }
}

/// Step 3 of the module doc at end `end`: the hit on its circle, if the
/// path meets it where it is exposed, else `None` (the other end decides).
#[inline(always)]
fn end_circle<R: Ring>(
    k: &Local<R>,
    end: End,
    r2: &R,
    l2: &R,
    q2: &R,
    s: &mut Signs,
) -> Option<Found> {
    use Ordering::{Equal, Greater, Less};
    let (alpha, beta) = if end == End::P0 {
        (-k.a(End::P0), -k.u())
    } else {
        (k.a(End::P1), k.u())
    };
    let (q0, x) = (-k.d(end), k.x(end));
    if !s.positive(&q0) {
        return None;
    }
    let q1 = r2.clone() * q2.clone() - x.clone() * x.clone();
    let through = match s.sign(&q1) {
        Greater => false,
        Equal if s.zero(&k.r) => true,
        _ => return None,
    };
    let g = alpha.clone() * q2.clone() + q0.clone() * beta.clone();
    let kk = l2.clone() * x.clone() * x - r2.clone() * beta.clone() * beta.clone();
    let exposed = match s.sign(&beta) {
        Equal => s.sign(&alpha) != Less,
        Less => s.sign(&g) != Less || s.sign(&kk) != Greater,
        // Strict: `|Z - P| = R` with `β > 0` is the junction,
        // which 2. decides; for `R = 0` it is the end point reached
        // from the span's side, i.e. from inside the segment.
        Greater => s.sign(&g) != Less && s.positive(&kk),
    };
    if !exposed {
        return None;
    }
    let late = q0 - q2.clone();
    // `q1 = 0` (a point through P): in the frame iff `q0 <= q2`.
    let in_frame =
        !s.positive(&late) || (!through && s.sign(&(late.clone() * late - q1)) != Greater);
    Some(match (in_frame, through) {
        (false, _) => Found::Miss,
        (true, true) => Found::Hit(Feature::Point(end)),
        (true, false) => Found::Hit(Feature::Cap(end)),
    })
}

/// The decisions of the module doc (degree 6).
struct Decide(Sides);

impl Procedure<9> for Decide {
    type Out = Found;
    const DIMS: [Dim; 9] = DIMS;
    const DEGREE: u32 = 6;
    #[inline(always)]
    fn run<R: Ring>(&self, x: &[R; 9], s: &mut Signs) -> Found {
        use Ordering::{Equal, Greater, Less};
        let k = Local::new(x);
        let (r2, l2, h) = (k.r2(), k.l2(), k.h());
        let point = !s.positive(&l2);
        let front = s.positive(&h);
        // 1. Start: nearest feature, distance vs radius, approach.
        let (nearest, order) = if point || !s.positive(&k.a(End::P0)) {
            (Feature::Cap(End::P0), s.sign(&(k.n(End::P0) - r2.clone())))
        } else if s.sign(&k.a(End::P1)) != Less {
            (Feature::Cap(End::P1), s.sign(&(k.n(End::P1) - r2.clone())))
        } else {
            let gap = h.clone() * h.clone() - r2.clone() * l2.clone();
            (Feature::Body { front }, s.sign(&gap))
        };
        if order == Less {
            let on = match nearest {
                Feature::Cap(end) | Feature::Point(end) => s.zero(&k.n(end)),
                Feature::Body { .. } => s.zero(&h),
            };
            let deepening = approaching(&k, nearest, &h, s);
            return Found::Overlap {
                nearest,
                deepening,
                on,
            };
        }
        if self.0 == Sides::Front && !front {
            return Found::Miss;
        }
        if order == Equal {
            let approaching = approaching(&k, nearest, &h, s);
            return match nearest {
                _ if !approaching => Found::Miss,
                Feature::Cap(end) if s.zero(&k.r) => Found::Hit(Feature::Point(end)),
                f => Found::Hit(f),
            };
        }
        // 2. Body. A center beyond the offset line on its side must cross
        // it before it can touch anything: moving away or parallel (`σw >=
        // 0`) or crossing after the frame (`|h| - |w| > R|E|`) is no hit.
        let rl = r2.clone() * l2.clone();
        if !point {
            let hs = h.clone().negate_if(!front);
            if s.positive(&(hs.clone() * hs.clone() - rl.clone())) {
                let ws = k.w().negate_if(!front);
                if s.sign(&ws) != Less {
                    return Found::Miss;
                }
                let g = hs + ws;
                if s.positive(&g) && s.positive(&(g.clone() * g - rl.clone())) {
                    return Found::Miss;
                }
                let u = k.u();
                let (x0, x1) = (
                    k.x(End::P0).negate_if(!front),
                    k.x(End::P1).negate_if(!front),
                );
                if root_side(&x0, &l2, &u, &k.r, s) != Less
                    && root_side(&x1, &l2, &u, &k.r, s) != Greater
                {
                    return Found::Hit(Feature::Body { front });
                }
            }
        }
        // 3. End circles.
        let q2 = k.q2();
        // A loop over one body, whose end is chosen by selects of values
        // (`Local::c`): not an iterator over the ends, which at opt-level
        // "s" kept the values in memory (module doc of `exact::bound`,
        // "Writing procedures for it").
        let mut end = End::P0;
        loop {
            if let Some(found) = end_circle(&k, end, &r2, &l2, &q2, s) {
                return found;
            }
            if point || end == End::P1 {
                return Found::Miss;
            }
            end = End::P1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::next;

    /// Wherever the early exit answers, the procedure answers a miss too,
    /// on either side (inputs on a grid of quarters, so that many touch,
    /// graze and start on the dilated box's faces).
    #[test]
    fn the_early_exit_is_a_miss_of_the_procedure() {
        let mut s = 7u64;
        let q = |s: &mut u64| (next(s) % 33) as f64 / 4.0 - 4.0;
        let mut taken = 0;
        for _ in 0..20_000 {
            let c = Circle::new(Vec2::new(q(&mut s), q(&mut s)), q(&mut s).abs());
            let d = Vec2::new(q(&mut s), q(&mut s));
            let (p0, p1) = (
                Vec2::new(q(&mut s), q(&mut s)),
                Vec2::new(q(&mut s), q(&mut s)),
            );
            let seg = Segment2::new(p0, p1);
            if !gone(&c, &d, &seg) {
                continue;
            }
            taken += 1;
            let x = inputs(&c, &d, &seg);
            for sides in [Sides::Both, Sides::Front] {
                let found = decide_checked(&Decide(sides), &x, &NAMES, || Ok(()));
                assert_eq!(found, Ok(Found::Miss), "{c:?} {d:?} {seg:?} {sides:?}");
            }
        }
        assert!(taken > 2_000, "{taken}");
    }

    /// Not taken on a bad input, which the procedure names; nor where the
    /// circle touches the dilated box's face (then the procedure decides).
    #[test]
    fn the_early_exit_leaves_bad_input_and_touches() {
        let seg = Segment2::new(Vec2::new(1.0, -1.0), Vec2::new(1.0, 1.0));
        let away = Vec2::new(1.0, 0.0);
        let c = Circle::new(Vec2::new(4.0, 0.0), 1.0);
        assert!(gone(&c, &away, &seg));
        let bad = Segment2::new(Vec2::new(f64::NAN, -1.0), Vec2::new(1.0, 1.0));
        assert!(!gone(&c, &away, &bad));
        // Every end point coordinate, NaN or infinite, on either side.
        for v in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            for j in 0..4 {
                let mut e = [1.0, -1.0, 1.0, 1.0];
                e[j] = v;
                let s = Segment2::new(Vec2::new(e[0], e[1]), Vec2::new(e[2], e[3]));
                assert!(!gone(&c, &away, &s), "{e:?}");
            }
        }
        assert_eq!(
            sweep_circle_segment(&c, &away, &bad),
            Err(Error::NotFinite(Quantity::SegmentEnd))
        );
        let negative = Circle::new(Vec2::new(4.0, 0.0), -1.0);
        assert!(!gone(&negative, &away, &seg));
        let touching = Circle::new(Vec2::new(2.0, 0.0), 1.0);
        assert!(!gone(&touching, &away, &seg));
        assert_eq!(
            sweep_circle_segment(&touching, &away, &seg),
            Ok(Sweep::Miss)
        );
    }
}
