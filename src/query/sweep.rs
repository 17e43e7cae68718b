//! The one result of every sweep, and the rules every sweep follows.
//!
//! A sweep moves a circle (center `C`, radius `r`) along a straight path
//! relative to an obstacle (a rectangle, a segment, another circle; in 3D
//! a sphere against a box), and answers with a [`Sweep`]:
//!
//! * [`Sweep::Overlapping`]: at `t = 0` the circle overlaps the obstacle:
//!   the distance from `C` to the obstacle is less than `r` (for `r = 0`, a
//!   point: `C` lies in the obstacle's interior). Nothing is swept: an
//!   overlap is reported, never tunnelled through. `witness` is the point
//!   of the obstacle nearest `C`.
//! * [`Sweep::Hit`]: the first time at which the circle touches the
//!   obstacle **while moving toward it**, `V · n < 0` with `V` the relative
//!   velocity and `n` the unit normal at the contact (from the obstacle
//!   toward the circle). Touching at `t = 0` while moving in is a hit at
//!   time 0.
//! * [`Sweep::Miss`]: no hit (in the time allowed). Touching while moving
//!   away or sliding along (`V · n >= 0`), a tangent graze of a rounded
//!   corner or an end, and a zero velocity are not hits: the distance
//!   along a straight path is convex, so a circle that touches without
//!   moving in never penetrates.
//! * Zero radius, a moving point: it hits the first time it reaches the
//!   obstacle from outside (a face, the end of a segment, a point);
//!   starting on the boundary, it hits at 0 only if it moves into the
//!   obstacle's interior (a segment has none). Where a point meets a
//!   corner or an end head-on the normal is not unique: the queries take
//!   the face crossed (end points included) or, running into an end or a
//!   corner along no face, `-V/|V|`, and say which.
//! * A time limit (the `_within` forms, `time <= max_time`): a negative
//!   limit admits no hit, so the answer is [`Sweep::Miss`] (or
//!   [`Sweep::Overlapping`], which is about `t = 0` and reported whatever
//!   the limit), not an error: a caller counting down the time left in a
//!   frame needs no special case when it runs out. A NaN or infinite limit
//!   is [`Error::NotFinite`] naming [`Quantity::MaxTime`].
//! * Bad inputs are errors, never a panic: a NaN or infinite coordinate,
//!   radius, extent or velocity is [`Error::NotFinite`] and a negative
//!   radius or extent [`Error::Negative`], each naming the input. The
//!   shapes' `new` does not check (it is a plain `const fn`, for tables of
//!   constants); the query that reads a value does, and each shape's
//!   `try_new` checks the same up front.
//!
//! Every decision is exact on every backend ([`crate::exact`]); the hit's
//! values are each rounded once from the exact value (to nearest, ties to
//! even, on every backend), never computed from one another. So each
//! sweep's `_time` form, which builds a hit's time alone (`Sweep<T, ()>`:
//! no point, center, normal or witness), answers as the full form does,
//! with the same time, bit for bit.

use crate::Real;
use crate::error::{Error, Quantity};
use crate::exact::{Construction, Dim, First, Procedure, exceeds};
use crate::geom::{Vec2, Vec3};
use crate::query::{clamp_time, construct, decide, finite};

/// What a moving circle meets first (the rules: [module doc](self)).
///
/// ```
/// use swept::geom::{Circle, Segment2, Vec2};
/// use swept::query::{Sweep, sweep_circle_segment::sweep_circle_segment};
/// let floor = Segment2::new(Vec2::new(-4.0, 0.0), Vec2::new(4.0, 0.0));
/// let ball = |y: f64| Circle::new(Vec2::new(0.0, y), 1.0);
/// let down = Vec2::new(0.0, -2.0);
/// // Already through the floor's surface: an overlap, with the floor's
/// // point nearest the center.
/// let witness = Vec2::new(0.0, 0.0);
/// assert_eq!(sweep_circle_segment(&ball(0.5), &down, &floor), Ok(Sweep::Overlapping { witness }));
/// // Resting on it and moving up: not a hit.
/// assert_eq!(sweep_circle_segment(&ball(1.0), &-down, &floor), Ok(Sweep::Miss));
/// // Falling onto it from 2 up: a hit halfway through the frame.
/// let hit = sweep_circle_segment(&ball(2.0), &down, &floor).unwrap();
/// assert_eq!(hit.hit().map(|h| (h.time, h.normal)), Some((0.5, Vec2::new(0.0, 1.0))));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Sweep<T, V = Vec2<T>> {
    /// At `t = 0` the circle overlaps the obstacle.
    Overlapping {
        /// The point of the obstacle nearest the circle's center, in world
        /// coordinates at `t = 0`.
        witness: V,
    },
    /// The circle hits the obstacle.
    Hit(Hit<T, V>),
    /// No hit (within the time allowed).
    Miss,
}

impl<T, V> Sweep<T, V> {
    /// The hit, if any.
    ///
    /// ```
    /// use swept::query::Sweep;
    /// assert!(Sweep::<f32>::Miss.hit().is_none());
    /// ```
    pub fn hit(&self) -> Option<&Hit<T, V>> {
        match self {
            Sweep::Hit(h) => Some(h),
            _ => None,
        }
    }
}

/// A hit: when, where, and which way.
///
/// ```
/// use swept::geom::{Circle, Vec2};
/// use swept::query::{Hit, Sweep, sweep_circle_circle::sweep_circle_circle};
/// // A circle of radius 1 at (0, 5) falls at speed 1 onto a peg of radius 1
/// // at the origin: the centers are 2 apart at t = 3; the contact point is
/// // halfway, (0, 1), and the normal points from the peg to the circle.
/// let c = Circle::new(Vec2::new(0.0, 5.0), 1.0);
/// let peg = Circle::new(Vec2::new(0.0, 0.0), 1.0);
/// let r = sweep_circle_circle(&c, &Vec2::new(0.0, -1.0), &peg, &Vec2::new(0.0, 0.0));
/// let Ok(Sweep::Hit(Hit { time, point, center, normal })) = r else { panic!() };
/// assert_eq!((time, point, center, normal), (3.0, Vec2::new(0.0, 1.0), Vec2::new(0.0, 2.0), Vec2::new(0.0, 1.0)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hit<T, V = Vec2<T>> {
    /// The time of the hit (a fraction of the frame for a displacement,
    /// otherwise in the velocities' time unit).
    pub time: T,
    /// The point of the obstacle touched, in world coordinates at `time`.
    pub point: V,
    /// The circle's center at `time`.
    pub center: V,
    /// The unit normal at the contact, from the obstacle toward the circle.
    pub normal: V,
}

impl<T: Real> Hit<T> {
    /// The hit from the values of a construction in the order `time,
    /// point, center, normal`, its time clamped to `[0, max_time]` (its
    /// rounding can pass either end).
    pub(crate) fn from_values(v: [T; 7], max_time: Option<&T>) -> Hit<T> {
        let [time, px, py, cx, cy, nx, ny] = v;
        Hit {
            time: clamp_time(time, max_time),
            point: Vec2::new(px, py),
            center: Vec2::new(cx, cy),
            normal: Vec2::new(nx, ny),
        }
    }
}

impl<T: Real> Hit<T, Vec3<T>> {
    /// The 3D hit from the values `time, point, center, normal`, its time
    /// clamped as [`Hit::from_values`].
    pub(crate) fn from_values3(v: [T; 10], max_time: Option<&T>) -> Hit<T, Vec3<T>> {
        let [time, px, py, pz, cx, cy, cz, nx, ny, nz] = v;
        Hit {
            time: clamp_time(time, max_time),
            point: Vec3::new(px, py, pz),
            center: Vec3::new(cx, cy, cz),
            normal: Vec3::new(nx, ny, nz),
        }
    }
}

/// What a sweep builds of its answer, a hit's values `time, point,
/// center, normal` (`M` of them) and an overlap's witness (a `W`):
/// every one ([`Every`]), or a hit's time alone ([`TimeOnly`]).
pub(crate) trait Build<T: Real, W, const M: usize> {
    /// A hit's vectors and an overlap's witness: `W`, or `()`.
    type V;
    /// The hit whose values `c` builds on `x` (named `inputs`), its time
    /// clamped to `[0, max_time]` as [`Hit::from_values`].
    fn hit<C: Construction<N, M>, const N: usize>(
        c: &C,
        x: &[T; N],
        inputs: &[Quantity; N],
        max_time: Option<&T>,
    ) -> Result<Hit<T, Self::V>, Error>;
    /// An overlap's witness, built by `w` where it is needed.
    fn witness(w: impl FnOnce() -> Result<W, Error>) -> Result<Self::V, Error>;
}

/// Every value of a hit and the witness of an overlap.
pub(crate) struct Every;

/// A hit's time alone: one value rounded, not seven (ten in 3D).
pub(crate) struct TimeOnly;

impl<T: Real> Build<T, Vec2<T>, 7> for Every {
    type V = Vec2<T>;
    #[inline(always)]
    fn hit<C: Construction<N, 7>, const N: usize>(
        c: &C,
        x: &[T; N],
        inputs: &[Quantity; N],
        max_time: Option<&T>,
    ) -> Result<Hit<T>, Error> {
        construct(c, x, inputs, &HIT).map(|v| Hit::from_values(v, max_time))
    }
    #[inline(always)]
    fn witness(w: impl FnOnce() -> Result<Vec2<T>, Error>) -> Result<Vec2<T>, Error> {
        w()
    }
}

impl<T: Real> Build<T, Vec3<T>, 10> for Every {
    type V = Vec3<T>;
    #[inline(always)]
    fn hit<C: Construction<N, 10>, const N: usize>(
        c: &C,
        x: &[T; N],
        inputs: &[Quantity; N],
        max_time: Option<&T>,
    ) -> Result<Hit<T, Vec3<T>>, Error> {
        construct(c, x, inputs, &HIT3).map(|v| Hit::from_values3(v, max_time))
    }
    #[inline(always)]
    fn witness(w: impl FnOnce() -> Result<Vec3<T>, Error>) -> Result<Vec3<T>, Error> {
        w()
    }
}

impl<T: Real, W, const M: usize> Build<T, W, M> for TimeOnly {
    type V = ();
    #[inline(always)]
    fn hit<C: Construction<N, M>, const N: usize>(
        c: &C,
        x: &[T; N],
        inputs: &[Quantity; N],
        max_time: Option<&T>,
    ) -> Result<Hit<T, ()>, Error> {
        let [time] = construct(&First::<C, M>(c), x, inputs, &[Quantity::Time])?;
        Ok(Hit {
            time: clamp_time(time, max_time),
            point: (),
            center: (),
            normal: (),
        })
    }
    #[inline(always)]
    fn witness(_: impl FnOnce() -> Result<W, Error>) -> Result<(), Error> {
        Ok(())
    }
}

/// What one step of [`advance`](crate::advance) meets against one
/// obstacle: the rules of every sweep over the frame, with an overlap
/// resolved: moving deeper into it is a hit at 0 whose normal points from
/// the obstacle's nearest point to the center; moving out or along, a
/// miss; the center inside the obstacle (closed), embedded.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Step<T> {
    /// A hit (at 0 for an overlap moving deeper).
    Hit(Hit<T>),
    /// No hit in the frame.
    Miss,
    /// The circle's center is inside the obstacle.
    Embedded,
}

impl<T> Step<T> {
    /// The step of a sweep with no overlap left to resolve.
    pub(crate) fn of(s: Sweep<T>) -> Step<T> {
        match s {
            Sweep::Hit(h) => Step::Hit(h),
            _ => Step::Miss,
        }
    }
}

/// The names of a 3D hit's values, in the order of [`Hit::from_values3`].
pub(crate) const HIT3: [Quantity; 10] = {
    use Quantity::{ContactPoint, HitCenter, Normal, Time};
    [
        Time,
        ContactPoint,
        ContactPoint,
        ContactPoint,
        HitCenter,
        HitCenter,
        HitCenter,
        Normal,
        Normal,
        Normal,
    ]
};

/// The names of a hit's values, in the order of [`Hit::from_values`].
pub(crate) const HIT: [Quantity; 7] = {
    use Quantity::{ContactPoint, HitCenter, Normal, Time};
    [
        Time,
        ContactPoint,
        ContactPoint,
        HitCenter,
        HitCenter,
        Normal,
        Normal,
    ]
};

/// `Ok` if `max_time` (if any) is finite.
#[inline(always)]
pub(crate) fn limit<T: Real>(max_time: Option<&T>) -> Result<(), Error> {
    match max_time {
        Some(t) => finite(t, Quantity::MaxTime),
        None => Ok(()),
    }
}

/// The inputs followed by the time limit.
pub(crate) fn with_time<T: Clone, const N: usize, const M: usize>(x: &[T; N], t: &T) -> [T; M] {
    core::array::from_fn(|i| x.get(i).unwrap_or(t).clone())
}

/// Whether a contact is within the time limit `t`: `p` decided on the
/// inputs `x` followed by `t` (out of line: the widened inputs and their
/// names are held beside the frames of the values built next, not under
/// them).
#[inline(never)]
pub(crate) fn within_limit<T: Real, P: Procedure<M, Out = bool>, const N: usize, const M: usize>(
    p: &P,
    x: &[T; N],
    t: &T,
    names: &[Quantity; N],
) -> Result<bool, Error> {
    decide(p, &with_time(x, t), &with_time(names, &Quantity::MaxTime))
}

/// What inputs of dimensions `dims` followed by the time limit measure
/// ([`with_time`]'s values), `M = N + 1`: a procedure's `DIMS`.
pub(crate) const fn timed<const N: usize, const M: usize>(dims: &[Dim; N]) -> [Dim; M] {
    assert!(M == N + 1);
    let mut d = [Dim::TIME; M];
    let mut i = 0;
    while i < N {
        d[i] = dims[i];
        i += 1;
    }
    d
}

/// Sets the `n` values from `first` on to zero (no slicing: no bounds
/// check to panic at low optimisation levels).
#[inline(always)]
pub(crate) fn zero<T: Real>(x: &mut [T], first: usize, n: usize) {
    for v in x.iter_mut().skip(first).take(n) {
        *v = T::zero();
    }
}

/// Whether a time limit admits no time at all (`max_time < 0`).
#[inline(always)]
pub(crate) fn before_start<T: Real>(max_time: Option<&T>) -> bool {
    max_time.is_some_and(|t| *t < T::zero())
}

/// The early exit of a sweep against an aligned box on `D` axes, before
/// any procedure runs: every input finite, no fault (`r >= 0`, `lo <=
/// hi`, a finite limit), and on some axis the center beyond a dilated
/// face (`p - hi > r` or `lo - p > r`, certainly: [`exceeds`]) and not
/// moving toward it (`v_mover >= v_box`, resp. `<=`: comparisons of
/// inputs, exact). Branch-free, so that a batch evaluates it across lanes;
/// false where not certain, and the full procedure decides.
#[inline(always)]
pub(crate) fn leaves_aligned<T: Real, const D: usize>(
    [p, lo, hi, mv, bv]: [[&T; D]; 5],
    r: &T,
    max_time: Option<&T>,
) -> bool {
    let mut ok = max_time.is_none_or(T::is_finite) & r.is_finite() & (*r >= T::zero());
    let mut away = false;
    let axes = p
        .iter()
        .zip(lo.iter())
        .zip(hi.iter())
        .zip(mv.iter())
        .zip(bv.iter());
    for ((((p, lo), hi), mv), bv) in axes {
        ok &= p.is_finite() & lo.is_finite() & hi.is_finite() & mv.is_finite() & bv.is_finite();
        ok &= lo <= hi;
        away |= (exceeds(*p, *hi, r) & (mv >= bv)) | (exceeds(*lo, *p, r) & (mv <= bv));
    }
    ok & away
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `timed` keeps the inputs' dimensions in order and appends the
    /// limit's.
    #[test]
    fn timed_appends_the_limit() {
        let (l, v, d) = (Dim::LENGTH, Dim::VELOCITY, Dim::DIRECTION);
        assert_eq!(timed::<3, 4>(&[l, v, d]), [l, v, d, Dim::TIME]);
        assert_eq!(timed::<0, 1>(&[]), [Dim::TIME]);
    }
}
