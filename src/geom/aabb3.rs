use crate::Real;
use crate::geom::{GeomError, Vec3};

/// A solid axis-aligned box `[min, max]` on each axis. Zero sizes are allowed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Aabb3<T> {
    /// Lower corner.
    pub min: Vec3<T>,
    /// Upper corner.
    pub max: Vec3<T>,
}

impl<T> Aabb3<T> {
    /// A box from its corners, unchecked.
    pub const fn new(min: Vec3<T>, max: Vec3<T>) -> Self {
        Aabb3 { min, max }
    }
}

impl<T: Real> Aabb3<T> {
    /// A box with finite corners and `min <= max` on each axis.
    pub fn try_new(min: Vec3<T>, max: Vec3<T>) -> Result<Self, GeomError> {
        if !min.is_finite() || !max.is_finite() {
            return Err(GeomError::NotFinite);
        }
        if min.x > max.x || min.y > max.y || min.z > max.z {
            return Err(GeomError::InvertedBox);
        }
        Ok(Aabb3::new(min, max))
    }
}
