//! Moving a circle through one frame among still obstacles, bouncing.
//!
//! [`advance`] moves a circle by its displacement for the frame against a
//! list of [`Obstacle`]s (segments, aligned and oriented rectangles,
//! circles), reflecting it at each contact, and returns where it ends, the
//! displacement it leaves with, and every contact through a callback (no
//! allocation).
//!
//! # One step
//! From the center `P` with the rest of the frame's displacement `R`
//! (the whole displacement at first), every obstacle is swept over `t ∈
//! [0, 1]` of `R` by the rules of every sweep ([`crate::query::sweep`]):
//! each decision exact, on every backend. An obstacle the circle already
//! overlaps is resolved rather than reported: moving deeper into it is a
//! contact at `t = 0` whose normal points from the obstacle's nearest point
//! to the center (so the circle is pushed back out); moving out or along
//! it is no contact; a center inside the obstacle (the circle's center,
//! not just the circle) stops the step: [`Outcome::Embedded`].
//!
//! The earliest contact wins; contacts at the same time go to the
//! obstacle listed first. Contact times are compared as their rounded
//! values, which orders them exactly unless they round alike: every time
//! is correctly rounded (to nearest, on every backend), and correct
//! rounding is monotone, so two different rounded times are in their
//! exact order. Contacts whose times round alike count as simultaneous (a rule of the inputs alone, as
//! for a corner): the lower index goes first, and the other is met at the
//! start of the next step if the reflected motion still goes into it.
//! The circle moves to
//! the contact's center, the rest of the displacement `(1 - t) R` is
//! reflected about the contact's normal `n` with restitution `e`,
//! `(1 - t) (R - (1 + e) (R · n) n)`, and the next step starts there,
//! passing over the obstacle just met: the reflected motion leaves it or
//! slides along it (`R' · n = -e R · n >= 0`), and every obstacle is
//! convex, so a contact with it in that step could only come from the
//! rounding of the contact's values. Two obstacles met at once (a corner)
//! take two steps: the second is then a contact at the start of the next
//! step (the reflected motion still goes into it) or no contact (it
//! leaves). At most
//! [`Options::max_bounces`] reflections: a contact beyond them stops the
//! circle where it touches ([`Outcome::BounceLimit`]), never further.
//!
//! Every value is built by the exact layer from the values before it and
//! rounded once (the center after a step, the reflected displacement, the
//! frame time of a contact): `advance` does no arithmetic of its own, so
//! fixed point neither overflows nor panics, and every backend gives the
//! same bits on every target.
//!
//! # What it guarantees
//! * No tunnelling: a center never crosses an obstacle's boundary into it,
//!   as long as the radius exceeds the rounding of a coordinate (floats: a
//!   couple of ulps of the coordinates' magnitude; fixed point: 2 LSB).
//!   Each contact's center is the exact one rounded once, so the circle may
//!   end overlapping an obstacle by that rounding; the next step then
//!   resolves the overlap as above. A smaller radius (a point, `r = 0`) can
//!   be rounded onto the far side of a thin wall.
//! * Starting in overlap: resolved as in every step (pushed out when moving
//!   deeper, free to leave otherwise); starting with the center inside an
//!   obstacle: not moved, [`Outcome::Embedded`].
//! * Contacts caused by rounding alone are not taken: the obstacle just met
//!   is passed over in the next step (above). A circle sliding along a
//!   wall it touched may then end a rounding deeper into it; the next
//!   frame resolves that overlap as any other.
//! * Drift: each value is the exact one for the rounded values before it,
//!   so over many steps the circle drifts from the exact path by the
//!   roundings it gathers. A contact rounds its center and the rest of the
//!   motion (half an LSB or half an ulp each), and the
//!   error in the rest moves the next contact by up to the motion's slope
//!   times it (through the next contact time); a bounce off a flat face
//!   carries earlier errors on without growing them, a glancing contact
//!   with a corner or a circle can magnify them. Measured: a ball in a
//!   closed room of four walls, 120 frames with 54 bounces, ended each
//!   frame within 12 LSB of the exact path on `I32F32` and 16 LSB on
//!   `I16F16` and `I48F16` (`cargo test --release --test suite
//!   advance::fixed_point_drift -- --nocapture`).
//!
//! # Moving obstacles
//! Not supported: after a bounce at frame time `τ` a moving obstacle would
//! have to be swept from its position at `τ`, a rounded value, and the
//! bounce itself would need the obstacle's velocity (the reflection of the
//! relative motion). For one moving obstacle, the sweeps of
//! [`crate::query`] answer exactly.

use crate::Real;
use crate::error::{Error, Quantity};
use crate::exact::{Construction, Dim, Finish, Ring, Surd};
use crate::geom::{Aabb2, Circle, Obb2, Segment2, Vec2};
use crate::query::inline;
use crate::query::sweep::Step;
use crate::query::sweep_circle_circle::step_circle;
use crate::query::sweep_circle_rect::{step_aabb, step_obb};
use crate::query::sweep_circle_segment::{Sides, step_segment};
use crate::query::{construct, finite};
use core::fmt;

/// A still obstacle.
///
/// ```
/// use swept::advance::{Obstacle, Options, advance};
/// use swept::geom::{Circle, Vec2};
/// // A ball of radius 1 at (-5, 0) rolls by (4, 0) into a peg of radius 1
/// // at the origin: the centers are 2 apart at t = 3/4, at (-2, 0); the
/// // rest, (1, 0), comes back: it ends at (-3, 0).
/// let peg = Obstacle::Circle(Circle::new(Vec2::new(0.0, 0.0), 1.0));
/// let ball = Circle::new(Vec2::new(-5.0, 0.0), 1.0);
/// let mut touched = None;
/// let end = advance(&ball, &Vec2::new(4.0, 0.0), &[peg], &Options::default(), |c| {
///     touched = Some((c.time, c.point))
/// })
/// .unwrap();
/// assert_eq!(touched, Some((0.75, Vec2::new(-1.0, 0.0))));
/// assert_eq!(end.center, Vec2::new(-3.0, 0.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Obstacle<T> {
    /// A segment, both sides solid.
    Segment(Segment2<T>),
    /// A segment solid only on its front, the side `(p1 - p0).perp()` points
    /// to ([`Sides::Front`]): a circle behind it passes through.
    OneSided(Segment2<T>),
    /// An axis-aligned rectangle.
    Aabb(Aabb2<T>),
    /// An oriented rectangle.
    Obb(Obb2<T>),
    /// A disc (a peg, a ball at rest).
    Circle(Circle<T>),
}

impl<T: Real> Obstacle<T> {
    /// `Ok` if the obstacle is one the queries accept (finite values,
    /// non-negative sizes, orthonormal axes).
    fn check(&self) -> Result<(), Error> {
        match self {
            Obstacle::Segment(s) | Obstacle::OneSided(s) => {
                Segment2::try_new(s.p0.clone(), s.p1.clone()).map(drop)
            }
            Obstacle::Aabb(b) => Aabb2::try_new(b.min.clone(), b.max.clone()).map(drop),
            Obstacle::Obb(b) => {
                Obb2::try_new(b.center.clone(), b.axes.clone(), b.half_extents.clone()).map(drop)
            }
            Obstacle::Circle(c) => Circle::try_new(c.center.clone(), c.radius.clone()).map(drop),
        }
    }

    /// One step against this obstacle.
    fn step(&self, circle: &Circle<T>, d: &Vec2<T>) -> Result<Step<T>, Error> {
        match self {
            Obstacle::Segment(s) => step_segment(circle, d, s, Sides::Both),
            Obstacle::OneSided(s) => step_segment(circle, d, s, Sides::Front),
            Obstacle::Aabb(b) => step_aabb(circle, d, b),
            Obstacle::Obb(b) => step_obb(circle, d, b),
            Obstacle::Circle(c) => step_circle(circle, d, c),
        }
    }
}

/// How [`advance`] bounces.
///
/// ```
/// use swept::advance::{Obstacle, Options, advance};
/// use swept::geom::{Circle, Segment2, Vec2};
/// // Restitution 1/2: a ball falling by (0, -4) from (0, 3) touches the
/// // floor at t = 1/2; the rest, (0, -2), leaves at half the normal
/// // speed, (0, 1): it ends at (0, 2), leaving with (0, 2).
/// let floor = Obstacle::Segment(Segment2::new(Vec2::new(-9.0, 0.0), Vec2::new(9.0, 0.0)));
/// let ball = Circle::new(Vec2::new(0.0, 3.0), 1.0);
/// let soft = Options { restitution: 0.5, ..Options::default() };
/// let end = advance(&ball, &Vec2::new(0.0, -4.0), &[floor], &soft, |_| {}).unwrap();
/// assert_eq!((end.center, end.displacement), (Vec2::new(0.0, 2.0), Vec2::new(0.0, 2.0)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Options<T> {
    /// Coefficient of restitution in `[0, 1]`: the share of the normal
    /// motion kept by a bounce (1: a mirror; 0: slide along).
    pub restitution: T,
    /// The most reflections in one frame; a contact beyond them stops the
    /// circle where it touches (the displacement it leaves with is still
    /// reflected there, so that the next frame does not move into it).
    pub max_bounces: u32,
}

impl<T: Real> Default for Options<T> {
    /// Restitution 1, up to 16 bounces.
    fn default() -> Self {
        Options {
            restitution: T::one(),
            max_bounces: 16,
        }
    }
}

/// One contact of a frame.
///
/// ```
/// use swept::advance::{Contact, Obstacle, Options, advance};
/// use swept::geom::{Circle, Segment2, Vec2};
/// // Down onto the floor y = 0 at t = 1/2, touching (0, 0).
/// let floor = Obstacle::Segment(Segment2::new(Vec2::new(-9.0, 0.0), Vec2::new(9.0, 0.0)));
/// let ball = Circle::new(Vec2::new(0.0, 3.0), 1.0);
/// let mut seen = None;
/// advance(&ball, &Vec2::new(0.0, -4.0), &[floor], &Options::default(), |c| seen = Some(*c))
///     .unwrap();
/// let (point, center, normal) = (Vec2::new(0.0, 0.0), Vec2::new(0.0, 1.0), Vec2::new(0.0, 1.0));
/// assert_eq!(seen, Some(Contact { obstacle: 0, time: 0.5, point, center, normal }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Contact<T> {
    /// The obstacle's index in the list.
    pub obstacle: usize,
    /// When, as a fraction of the frame.
    pub time: T,
    /// The obstacle's point touched.
    pub point: Vec2<T>,
    /// The circle's center then.
    pub center: Vec2<T>,
    /// The unit normal at the contact, from the obstacle toward the circle.
    pub normal: Vec2<T>,
}

/// How a frame ended.
///
/// ```
/// use swept::advance::{Obstacle, Options, Outcome, advance};
/// use swept::geom::{Aabb2, Circle, Segment2, Vec2};
/// let floor = Obstacle::Segment(Segment2::new(Vec2::new(-9.0, 0.0), Vec2::new(9.0, 0.0)));
/// let ball = Circle::new(Vec2::new(0.0, 3.0), 1.0);
/// let down = Vec2::new(0.0, -4.0);
/// // No bounce allowed: it stops where it touches.
/// let stiff = Options { max_bounces: 0, ..Options::default() };
/// let end = advance(&ball, &down, &[floor], &stiff, |_| {}).unwrap();
/// assert_eq!((end.center, end.outcome), (Vec2::new(0.0, 1.0), Outcome::BounceLimit));
/// // Its center inside a crate: it does not move.
/// let crate_ = Obstacle::Aabb(Aabb2::new(Vec2::new(-1.0, 2.0), Vec2::new(1.0, 4.0)));
/// let end = advance(&ball, &down, &[floor, crate_], &Options::default(), |_| {}).unwrap();
/// assert_eq!((end.center, end.outcome), (ball.center, Outcome::Embedded { obstacle: 1 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The circle used the whole frame.
    Moved,
    /// A contact past [`Options::max_bounces`] stopped the circle where it
    /// touched.
    BounceLimit,
    /// The circle's center is inside this obstacle: not moved further.
    Embedded {
        /// The obstacle's index in the list.
        obstacle: usize,
    },
}

/// Where a frame leaves the circle.
///
/// ```
/// use swept::advance::{Options, Outcome, advance};
/// use swept::geom::{Circle, Vec2};
/// // Nothing in the way: it moves by the whole displacement.
/// let ball = Circle::new(Vec2::new(1.0, 1.0), 0.5);
/// let end = advance(&ball, &Vec2::new(2.0, -1.0), &[], &Options::default(), |_| {}).unwrap();
/// assert_eq!((end.center, end.displacement), (Vec2::new(3.0, 0.0), Vec2::new(2.0, -1.0)));
/// assert_eq!((end.contacts, end.outcome), (0, Outcome::Moved));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Advanced<T> {
    /// The circle's center at the end of the frame.
    pub center: Vec2<T>,
    /// The displacement it leaves with (for the next frame): the frame's
    /// displacement reflected at every contact, restitution applied.
    pub displacement: Vec2<T>,
    /// How many contacts the frame had (each went to the callback).
    pub contacts: u32,
    /// How the frame ended.
    pub outcome: Outcome,
}

/// Why [`advance`] gave no answer: an error of an input or a result, and
/// the obstacle it came from, if any.
///
/// ```
/// use swept::advance::{AdvanceError, Options, advance};
/// use swept::geom::{Circle, Vec2};
/// use swept::{Error, Quantity};
/// let ball = Circle::new(Vec2::new(0.0, 0.0), 1.0);
/// let bouncy = Options { restitution: 1.5, ..Options::default() };
/// let r = advance(&ball, &Vec2::new(1.0, 0.0), &[], &bouncy, |_| {});
/// let error = Error::NotInUnitInterval(Quantity::Restitution);
/// assert_eq!(r, Err(AdvanceError { obstacle: None, error }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AdvanceError {
    /// The obstacle's index, if the error is about one.
    pub obstacle: Option<usize>,
    /// What is wrong.
    pub error: Error,
}

impl fmt::Display for AdvanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.obstacle {
            Some(i) => write!(f, "obstacle {i}: {}", self.error),
            None => fmt::Display::fmt(&self.error, f),
        }
    }
}

impl core::error::Error for AdvanceError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl From<Error> for AdvanceError {
    fn from(error: Error) -> Self {
        AdvanceError {
            obstacle: None,
            error,
        }
    }
}

/// Moves `circle` by `displacement` through one frame among `obstacles`,
/// bouncing (module doc): returns where it ends and with which
/// displacement, and calls `on_contact` for each contact in order.
///
/// Bad input (a NaN or infinite value, a negative radius or size, bad
/// axes, a restitution outside `[0, 1]`) is an error before anything
/// else, naming the input and the obstacle: the callback is not called.
/// An error later (a value outside the backend's range) comes after the
/// contacts before it went to the callback.
///
/// ```
/// use swept::advance::{Obstacle, Options, Outcome, advance};
/// use swept::geom::{Circle, Segment2, Vec2};
/// // A floor y = 0 from x = -10 to 10; a ball of radius 1 at (0, 3) falling
/// // by (2, -4) over the frame: it touches the floor at t = 1/2, its center
/// // at (1, 1), and the rest, (1, -2), is mirrored to (1, 2): it ends at
/// // (2, 3).
/// let floor = Obstacle::Segment(Segment2::new(Vec2::new(-10.0, 0.0), Vec2::new(10.0, 0.0)));
/// let ball = Circle::new(Vec2::new(0.0, 3.0), 1.0);
/// let mut times = Vec::new();
/// let end = advance(&ball, &Vec2::new(2.0, -4.0), &[floor], &Options::default(), |c| {
///     times.push(c.time)
/// })
/// .unwrap();
/// assert_eq!(end.center, Vec2::new(2.0, 3.0));
/// assert_eq!(end.displacement, Vec2::new(2.0, 4.0));
/// assert_eq!((end.contacts, end.outcome), (1, Outcome::Moved));
/// assert_eq!(times, [0.5]);
/// ```
pub fn advance<T: Real>(
    circle: &Circle<T>,
    displacement: &Vec2<T>,
    obstacles: &[Obstacle<T>],
    options: &Options<T>,
    mut on_contact: impl FnMut(&Contact<T>),
) -> Result<Advanced<T>, AdvanceError> {
    Circle::try_new(circle.center.clone(), circle.radius.clone())?;
    let d = displacement;
    finite(&d.x, Quantity::Velocity)?;
    finite(&d.y, Quantity::Velocity)?;
    let e = &options.restitution;
    finite(e, Quantity::Restitution)?;
    if *e < T::zero() || *e > T::one() {
        return Err(Error::NotInUnitInterval(Quantity::Restitution).into());
    }
    for (i, o) in obstacles.iter().enumerate() {
        o.check().map_err(|error| AdvanceError {
            obstacle: Some(i),
            error,
        })?;
    }
    let mut ball = circle.clone();
    let mut rest = d.clone();
    let mut out = d.clone();
    let mut time = T::zero();
    let mut contacts = 0u32;
    let mut bounces = 0u32;
    let mut last = None;
    loop {
        // The earliest contact; ties to the lower index; the obstacle just
        // met passed over.
        let mut first: Option<(usize, crate::query::Hit<T>)> = None;
        for (i, o) in obstacles.iter().enumerate() {
            if last == Some(i) {
                continue;
            }
            let step = o.step(&ball, &rest).map_err(|error| AdvanceError {
                obstacle: Some(i),
                error,
            })?;
            match step {
                Step::Embedded => {
                    return Ok(Advanced {
                        center: ball.center,
                        displacement: out,
                        contacts,
                        outcome: Outcome::Embedded { obstacle: i },
                    });
                }
                Step::Hit(h) if first.as_ref().is_none_or(|(_, f)| h.time < f.time) => {
                    first = Some((i, h));
                }
                _ => {}
            }
        }
        let Some((obstacle, hit)) = first else {
            let p = [ball.center.x, ball.center.y, rest.x, rest.y];
            let names = {
                use Quantity::{Center, Velocity};
                [Center, Center, Velocity, Velocity]
            };
            let [x, y] = construct(&Sum, &p, &names, &[Quantity::Center; 2])?;
            return Ok(Advanced {
                center: Vec2::new(x, y),
                displacement: out,
                contacts,
                outcome: Outcome::Moved,
            });
        };
        // The frame time of the contact: τ + t (1 - τ).
        let [now] = construct(
            &FrameTime,
            &[time.clone(), hit.time.clone(), T::one()],
            &[Quantity::Time; 3],
            &[Quantity::Time],
        )?;
        time = now;
        last = Some(obstacle);
        contacts = contacts.saturating_add(1);
        on_contact(&Contact {
            obstacle,
            time: time.clone(),
            point: hit.point.clone(),
            center: hit.center.clone(),
            normal: hit.normal.clone(),
        });
        out = reflect(&out, &T::zero(), &hit.normal, e)?;
        ball.center = hit.center;
        if bounces == options.max_bounces {
            return Ok(Advanced {
                center: ball.center,
                displacement: out,
                contacts,
                outcome: Outcome::BounceLimit,
            });
        }
        // bounces < max_bounces: no overflow, and the loop ends after at
        // most max_bounces reflections.
        bounces += 1;
        rest = reflect(&rest, &hit.time, &hit.normal, e)?;
    }
}

/// `(1 - t) (r - (1 + e) (r · n) n)`, rounded once.
fn reflect<T: Real>(r: &Vec2<T>, t: &T, n: &Vec2<T>, e: &T) -> Result<Vec2<T>, Error> {
    let x = [
        r.x.clone(),
        r.y.clone(),
        n.x.clone(),
        n.y.clone(),
        t.clone(),
        e.clone(),
        T::one(),
    ];
    let names = {
        use Quantity::{Normal, Restitution, Time, Velocity};
        [Velocity, Velocity, Normal, Normal, Time, Restitution, Time]
    };
    let [x, y] = construct(&Reflect, &x, &names, &[Quantity::Reflected; 2])?;
    Ok(Vec2::new(x, y))
}

/// `p + r`: where a step without contact ends.
struct Sum;

impl Construction<4, 2> for Sum {
    const DIMS: [Dim; 4] = [Dim::LENGTH; 4];
    const OUT: [Dim; 2] = [Dim::LENGTH; 2];
    const DEGREE: u32 = 1;
    #[inline(always)]
    fn build<R: Ring, O: Finish<R, 2>>(&self, x: &[R; 4], out: O) -> O::Out {
        let [px, py, rx, ry] = x;
        out.finish(
            &R::zero(),
            &[
                Surd::value(px.clone() + rx.clone()).into(),
                Surd::value(py.clone() + ry.clone()).into(),
            ],
        )
    }
}

/// `τ + t (1 - τ)` of the inputs `τ, t, 1`: the frame time of a contact at
/// `t` of the rest of the frame from `τ` (pure numbers, carried as
/// directions with the number 1 to keep every term of one degree).
struct FrameTime;

impl Construction<3, 1> for FrameTime {
    const DIMS: [Dim; 3] = [Dim::DIRECTION; 3];
    const OUT: [Dim; 1] = [Dim::NONE];
    const DEGREE: u32 = 2;
    #[inline(always)]
    fn build<R: Ring, O: Finish<R, 1>>(&self, x: &[R; 3], out: O) -> O::Out {
        let [tau, t, one] = x;
        let num = (tau.clone() + t.clone()) * one.clone() - tau.clone() * t.clone();
        out.finish(
            &R::zero(),
            &[Surd::ratio(num, one.clone() * one.clone()).into()],
        )
    }
}

/// `(1 - t) (r - (1 + e) (r · n) n)` of the inputs `r, n, t, e, 1` (`r` a
/// length; `n`, `t`, `e` pure numbers carried as directions with the number
/// 1): `(1 - t)(r 1³ - (1 + e)(r · n) n) / 1⁴`.
struct Reflect;

impl Construction<7, 2> for Reflect {
    const DIMS: [Dim; 7] = {
        let (l, d) = (Dim::LENGTH, Dim::DIRECTION);
        [l, l, d, d, d, d, d]
    };
    const OUT: [Dim; 2] = [Dim::LENGTH; 2];
    const DEGREE: u32 = 5;
    #[inline(always)]
    fn build<R: Ring, O: Finish<R, 2>>(&self, x: &[R; 7], out: O) -> O::Out {
        let [rx, ry, nx, ny, t, e, one] = x;
        let one3 = one.clone() * one.clone() * one.clone();
        let rn = rx.clone() * nx.clone() + ry.clone() * ny.clone();
        let k = (one.clone() + e.clone()) * rn;
        let keep = one.clone() - t.clone();
        let value = inline(
            #[inline(always)]
            |r: &R, n: &R| {
                Surd::ratio(
                    keep.clone() * (r.clone() * one3.clone() - k.clone() * n.clone()),
                    one3.clone() * one.clone(),
                )
                .into()
            },
        );
        out.finish(&R::zero(), &[value(rx, nx), value(ry, ny)])
    }
}
