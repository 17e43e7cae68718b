use crate::Real;
use crate::geom::{GeomError, Vec2};

/// A solid disc: the points at distance at most `radius` from `center`.
/// A zero radius is a point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Circle<T> {
    /// Center.
    pub center: Vec2<T>,
    /// Radius (non-negative).
    pub radius: T,
}

impl<T> Circle<T> {
    /// A circle, unchecked.
    pub const fn new(center: Vec2<T>, radius: T) -> Self {
        Circle { center, radius }
    }
}

impl<T: Real> Circle<T> {
    /// A circle with finite center and finite, non-negative radius.
    pub fn try_new(center: Vec2<T>, radius: T) -> Result<Self, GeomError> {
        if !center.is_finite() || !radius.is_finite() {
            return Err(GeomError::NotFinite);
        }
        if radius < T::zero() {
            return Err(GeomError::NegativeRadius);
        }
        Ok(Circle::new(center, radius))
    }
}
