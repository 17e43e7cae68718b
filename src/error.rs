//! The one error type of the crate: what was wrong, and with which input or
//! result.
//!
//! Every validating constructor (`try_new`, `try_from_*`) and every query
//! returns [`Error`]; it names the input (a [`Quantity`]) and says why.
//! [`advance`](crate::advance::advance) returns it inside an
//! [`AdvanceError`](crate::advance::AdvanceError) with the obstacle it came
//! from; the exact layer's `decide` and `construct` return
//! [`Refused`](crate::exact::Refused), which names an input by position.
//! Nothing in the crate panics on bad input, and nothing answers it with a
//! made-up number.

use core::fmt;

/// Why a constructor or a query gave no answer: which input or result, and
/// what is wrong with it.
///
/// ```
/// use fixed::types::I16F16;
/// use swept::geom::{Aabb2, Circle, Vec2};
/// use swept::query::sweep_circle_rect::sweep_circle_aabb2;
/// use swept::{Error, Quantity};
/// // A negative radius is named:
/// let bad = Circle::try_new(Vec2::new(0.0, 0.0), -1.0);
/// assert_eq!(bad, Err(Error::Negative(Quantity::Radius)));
/// assert_eq!(bad.unwrap_err().to_string(), "radius is negative");
/// // A result beyond the backend: a circle 30,000 from a box, crawling at
/// // 1/2 per time unit, hits at t ≈ 60,000, past I16F16's 32,768.
/// let q = |x: f64| I16F16::from_num(x);
/// let c = Circle::new(Vec2::new(q(30000.0), q(0.0)), q(1.0));
/// let b = Aabb2::new(Vec2::new(q(-1.0), q(-1.0)), Vec2::new(q(1.0), q(1.0)));
/// let r = sweep_circle_aabb2(&c, &Vec2::new(q(-0.5), q(0.0)), &b, &Vec2::new(q(0.0), q(0.0)));
/// let err = Error::OutOfRange { quantity: Quantity::Time, limit: 15 };
/// assert_eq!(r, Err(err));
/// assert_eq!(err.to_string(), "contact time reaches 2^15, the backend's range");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Error {
    /// An input is NaN or infinite.
    NotFinite(Quantity),
    /// A radius or half extent is negative, or a box's minimum exceeds its
    /// maximum on some axis (`Quantity::Extent`).
    Negative(Quantity),
    /// A value that must lie in `[0, 1]` does not (a restitution).
    NotInUnitInterval(Quantity),
    /// An oriented box's axes are not unit and orthogonal to within
    /// [`AXIS_TOLERANCE`](crate::query::AXIS_TOLERANCE).
    BadAxes(AxesFault),
    /// A direction that must not be zero is zero (`Obb2::try_from_direction`).
    ZeroDirection,
    /// A result is outside the backend's range: its magnitude reaches
    /// `2^limit` (fixed point: the integer bits but the sign bit, 15 for
    /// `I16F16`; floats: overflow).
    OutOfRange {
        /// The result.
        quantity: Quantity,
        /// The backend's range, as a power of two.
        limit: i32,
    },
    /// Floats only: a decision or a construction needed the exact
    /// fallback, and the inputs' binary exponents spread over more bits
    /// than its integers hold ([`FALLBACK_BITS`](crate::exact::FALLBACK_BITS)
    /// for the procedure's degree; see `crate::exact`).
    Spread,
}

/// Which test an oriented box's axes failed.
///
/// ```
/// use swept::error::{AxesFault, Error};
/// use swept::geom::{Obb2, Vec2};
/// // Unit axes, 90° apart, then an axis of length 2.
/// let (o, x, y) = (Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0), Vec2::new(0.0, 1.0));
/// assert!(Obb2::try_new(o, [x, y], [1.0, 1.0]).is_ok());
/// let fault = Obb2::try_new(o, [x, y * 2.0], [1.0, 1.0]);
/// assert_eq!(fault, Err(Error::BadAxes(AxesFault::NotUnit { axis: 1 })));
/// let fault = Obb2::try_new(o, [x, x], [1.0, 1.0]);
/// assert_eq!(fault, Err(Error::BadAxes(AxesFault::NotOrthogonal { axes: [0, 1] })));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum AxesFault {
    /// `|axes[axis]|² - 1` is beyond the tolerance.
    NotUnit {
        /// Which axis: 0 or 1 (0, 1 or 2 for a box in 3D).
        axis: usize,
    },
    /// `axes[i] · axes[j]` is beyond the tolerance.
    NotOrthogonal {
        /// The pair `[i, j]`, `i < j`.
        axes: [usize; 2],
    },
}

/// An input or a result, as an error names it.
///
/// ```
/// use swept::advance::{AdvanceError, Obstacle, Options, advance};
/// use swept::geom::{Circle, Segment2, Vec2};
/// use swept::{Error, Quantity};
/// // A NaN in the second obstacle: the error names the obstacle and the input.
/// let ok = Segment2::new(Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0));
/// let nan = Segment2::new(Vec2::new(0.0, f64::NAN), Vec2::new(1.0, 0.0));
/// let obstacles = [Obstacle::Segment(ok), Obstacle::Segment(nan)];
/// let ball = Circle::new(Vec2::new(0.0, 5.0), 1.0);
/// let r = advance(&ball, &Vec2::new(0.0, -1.0), &obstacles, &Options::default(), |_| {});
/// let error = Error::NotFinite(Quantity::SegmentEnd);
/// assert_eq!(r, Err(AdvanceError { obstacle: Some(1), error }));
/// assert_eq!(r.unwrap_err().to_string(), "obstacle 1: segment end is NaN or infinite");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Quantity {
    /// A coordinate of a vector given alone.
    Coordinate,
    /// A circle's or sphere's center.
    Center,
    /// A radius.
    Radius,
    /// A moving circle's velocity or displacement.
    Velocity,
    /// A query point.
    Point,
    /// An aligned box's minimum corner.
    Min,
    /// An aligned box's maximum corner.
    Max,
    /// An aligned box's size, `max - min`.
    Extent,
    /// An oriented box's center.
    BoxCenter,
    /// An oriented box's axes.
    Axes,
    /// An oriented box's angle.
    Angle,
    /// An oriented box's half extents.
    HalfExtents,
    /// A box's velocity.
    BoxVelocity,
    /// A segment's end point.
    SegmentEnd,
    /// An obstacle circle (its center or radius).
    Obstacle,
    /// An obstacle's velocity.
    ObstacleVelocity,
    /// A time limit.
    MaxTime,
    /// A coefficient of restitution.
    Restitution,
    /// A squared distance.
    Distance,
    /// A contact time.
    Time,
    /// A contact point.
    ContactPoint,
    /// A point of an overlap.
    Witness,
    /// A circle's center at a hit.
    HitCenter,
    /// A contact normal.
    Normal,
    /// A displacement after a bounce.
    Reflected,
}

impl Quantity {
    /// The name an error message uses.
    ///
    /// ```
    /// use swept::Quantity;
    /// assert_eq!(Quantity::HalfExtents.name(), "half extents");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Quantity::Coordinate => "coordinate",
            Quantity::Center => "center",
            Quantity::Radius => "radius",
            Quantity::Velocity => "velocity",
            Quantity::Point => "point",
            Quantity::Min => "box minimum",
            Quantity::Max => "box maximum",
            Quantity::Extent => "box extent (max - min)",
            Quantity::BoxCenter => "box center",
            Quantity::Axes => "box axes",
            Quantity::Angle => "box angle",
            Quantity::HalfExtents => "half extents",
            Quantity::BoxVelocity => "box velocity",
            Quantity::SegmentEnd => "segment end",
            Quantity::Obstacle => "obstacle circle",
            Quantity::ObstacleVelocity => "obstacle velocity",
            Quantity::MaxTime => "time limit",
            Quantity::Restitution => "restitution",
            Quantity::Distance => "squared distance",
            Quantity::Time => "contact time",
            Quantity::ContactPoint => "contact point",
            Quantity::Witness => "overlap witness",
            Quantity::HitCenter => "center at the hit",
            Quantity::Normal => "normal",
            Quantity::Reflected => "displacement after a bounce",
        }
    }
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (n, d) = crate::query::AXIS_TOLERANCE;
        match self {
            Error::NotFinite(q) => write!(f, "{q} is NaN or infinite"),
            Error::Negative(Quantity::Extent) => {
                f.write_str("box minimum exceeds its maximum on some axis")
            }
            Error::NotInUnitInterval(q) => write!(f, "{q} is outside [0, 1]"),
            Error::Negative(q) => write!(f, "{q} is negative"),
            Error::BadAxes(AxesFault::NotUnit { axis }) => write!(
                f,
                "box axis {axis} is not a unit vector (|a|² - 1 beyond ±{n}/{d})"
            ),
            Error::BadAxes(AxesFault::NotOrthogonal { axes: [i, j] }) => write!(
                f,
                "box axes {i} and {j} are not orthogonal (a{i} · a{j} beyond ±{n}/{d})"
            ),
            Error::ZeroDirection => f.write_str("box direction is zero"),
            Error::OutOfRange { quantity, limit } => {
                write!(f, "{quantity} reaches 2^{limit}, the backend's range")
            }
            Error::Spread => f.write_str(
                "inputs spread over too many binary orders for the exact fallback's integers",
            ),
        }
    }
}

impl core::error::Error for Error {}
