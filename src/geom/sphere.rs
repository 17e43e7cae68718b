use crate::Real;
use crate::error::{Error, Quantity};
use crate::geom::{Vec3, check_finite, check_nonnegative};

/// A solid ball: the points at distance at most `radius` from `center`.
/// A zero radius is a point.
///
/// ```
/// use swept::geom::{Sphere, Vec3};
/// assert_eq!(Sphere::from(((1.0, 2.0, 3.0), 0.5)), Sphere::new(Vec3::new(1.0, 2.0, 3.0), 0.5));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Sphere<T> {
    /// Center.
    pub center: Vec3<T>,
    /// Radius (non-negative).
    pub radius: T,
}

impl<T> Sphere<T> {
    /// A sphere, unchecked.
    ///
    /// ```
    /// use swept::geom::{Sphere, Vec3};
    /// assert_eq!(Sphere::new(Vec3::new(0, 0, 0), 2).radius, 2);
    /// ```
    pub const fn new(center: Vec3<T>, radius: T) -> Self {
        Sphere { center, radius }
    }
}

impl<T: Real> Sphere<T> {
    /// A sphere with finite center and finite, non-negative radius;
    /// otherwise [`Error::NotFinite`] or [`Error::Negative`] naming the input.
    ///
    /// ```
    /// use swept::geom::{Sphere, Vec3};
    /// assert!(Sphere::try_new(Vec3::new(0.0, f64::NAN, 0.0), 1.0).is_err());
    /// ```
    pub fn try_new(center: Vec3<T>, radius: T) -> Result<Self, Error> {
        check_finite([&center.x, &center.y, &center.z], Quantity::Center)?;
        check_finite([&radius], Quantity::Radius)?;
        check_nonnegative(&radius, Quantity::Radius)?;
        Ok(Sphere::new(center, radius))
    }
}

impl<T, V: Into<Vec3<T>>> From<(V, T)> for Sphere<T> {
    #[inline]
    fn from((center, radius): (V, T)) -> Self {
        Sphere::new(center.into(), radius)
    }
}
