use crate::Real;
use crate::error::{Error, Quantity};
use crate::geom::{Vec2, check_finite, check_nonnegative};

/// A solid disc: the points at distance at most `radius` from `center`.
/// A zero radius is a point.
///
/// ```
/// use swept::geom::{Circle, Vec2};
/// let a = Circle::from(((1.0, 2.0), 0.5));
/// let b = Circle::from(([1.0, 2.0], 0.5));
/// assert_eq!(a, b);
/// assert_eq!(a, Circle::new(Vec2::new(1.0, 2.0), 0.5));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Circle<T> {
    /// Center.
    pub center: Vec2<T>,
    /// Radius (non-negative).
    pub radius: T,
}

impl<T> Circle<T> {
    /// A circle, unchecked.
    ///
    /// ```
    /// use swept::geom::{Circle, Vec2};
    /// assert_eq!(Circle::new(Vec2::new(0, 0), 3).radius, 3);
    /// ```
    pub const fn new(center: Vec2<T>, radius: T) -> Self {
        Circle { center, radius }
    }
}

impl<T: Real> Circle<T> {
    /// A circle with finite center and finite, non-negative radius;
    /// otherwise [`Error::NotFinite`] or [`Error::Negative`] naming the input.
    ///
    /// ```
    /// use swept::{Error, Quantity, geom::{Circle, Vec2}};
    /// let c = Circle::try_new(Vec2::new(0.0, 0.0), -1.0);
    /// assert_eq!(c, Err(Error::Negative(Quantity::Radius)));
    /// ```
    pub fn try_new(center: Vec2<T>, radius: T) -> Result<Self, Error> {
        check_finite([&center.x, &center.y], Quantity::Center)?;
        check_finite([&radius], Quantity::Radius)?;
        check_nonnegative(&radius, Quantity::Radius)?;
        Ok(Circle::new(center, radius))
    }
}

impl<T, V: Into<Vec2<T>>> From<(V, T)> for Circle<T> {
    #[inline]
    fn from((center, radius): (V, T)) -> Self {
        Circle::new(center.into(), radius)
    }
}
