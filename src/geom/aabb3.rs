use crate::Real;
use crate::error::{Error, Quantity};
use crate::geom::{Vec3, check_finite};

/// A solid axis-aligned box `[min, max]` on each axis. Zero sizes are allowed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Aabb3<T> {
    /// Lower corner.
    pub min: Vec3<T>,
    /// Upper corner.
    pub max: Vec3<T>,
}

impl<T> Aabb3<T> {
    /// A box from its corners, unchecked.
    ///
    /// ```
    /// use swept::geom::{Aabb3, Vec3};
    /// let b = Aabb3::new(Vec3::new(0, 0, 0), Vec3::new(1, 2, 3));
    /// assert_eq!(b.max.z, 3);
    /// ```
    pub const fn new(min: Vec3<T>, max: Vec3<T>) -> Self {
        Aabb3 { min, max }
    }
}

impl<T: Real> Aabb3<T> {
    /// A box with finite corners and `min <= max` on each axis; otherwise
    /// [`Error::NotFinite`] naming the corner, or [`Error::Negative`] naming
    /// [`Quantity::Extent`].
    ///
    /// ```
    /// use swept::geom::{Aabb3, Vec3};
    /// assert!(Aabb3::try_new(Vec3::new(0.0, 0.0, 1.0), Vec3::new(1.0, 1.0, 0.0)).is_err());
    /// ```
    pub fn try_new(min: Vec3<T>, max: Vec3<T>) -> Result<Self, Error> {
        check_finite([&min.x, &min.y, &min.z], Quantity::Min)?;
        check_finite([&max.x, &max.y, &max.z], Quantity::Max)?;
        if min.x > max.x || min.y > max.y || min.z > max.z {
            return Err(Error::Negative(Quantity::Extent));
        }
        Ok(Aabb3::new(min, max))
    }

    /// The box `center ± half_extents`, unchecked (as
    /// [`Aabb2::from_center_half_extents`](crate::geom::Aabb2::from_center_half_extents)).
    ///
    /// ```
    /// use swept::geom::{Aabb3, Vec3};
    /// let b = Aabb3::from_center_half_extents(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 2.0, 3.0));
    /// assert_eq!(b.min, Vec3::new(-1.0, -2.0, -3.0));
    /// ```
    pub fn from_center_half_extents(center: Vec3<T>, half_extents: Vec3<T>) -> Self {
        Aabb3::new(center.clone() - half_extents.clone(), center + half_extents)
    }
}
