use crate::Real;
use crate::geom::{GeomError, Vec3};

/// A solid ball: the points at distance at most `radius` from `center`.
/// A zero radius is a point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sphere<T> {
    /// Center.
    pub center: Vec3<T>,
    /// Radius (non-negative).
    pub radius: T,
}

impl<T> Sphere<T> {
    /// A sphere, unchecked.
    pub const fn new(center: Vec3<T>, radius: T) -> Self {
        Sphere { center, radius }
    }
}

impl<T: Real> Sphere<T> {
    /// A sphere with finite center and finite, non-negative radius.
    pub fn try_new(center: Vec3<T>, radius: T) -> Result<Self, GeomError> {
        if !center.is_finite() || !radius.is_finite() {
            return Err(GeomError::NotFinite);
        }
        if radius < T::zero() {
            return Err(GeomError::NegativeRadius);
        }
        Ok(Sphere::new(center, radius))
    }
}
