use crate::Real;
use crate::geom::{GeomError, Vec2};

/// A solid axis-aligned rectangle `[min.x, max.x] × [min.y, max.y]`.
/// Zero width or height is allowed (a segment or a point).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Aabb2<T> {
    /// Lower corner.
    pub min: Vec2<T>,
    /// Upper corner.
    pub max: Vec2<T>,
}

impl<T> Aabb2<T> {
    /// A box from its corners, unchecked.
    pub const fn new(min: Vec2<T>, max: Vec2<T>) -> Self {
        Aabb2 { min, max }
    }
}

impl<T: Real> Aabb2<T> {
    /// A box with finite corners and `min <= max` on each axis.
    pub fn try_new(min: Vec2<T>, max: Vec2<T>) -> Result<Self, GeomError> {
        if !min.is_finite() || !max.is_finite() {
            return Err(GeomError::NotFinite);
        }
        if min.x > max.x || min.y > max.y {
            return Err(GeomError::InvertedBox);
        }
        Ok(Aabb2::new(min, max))
    }
}
