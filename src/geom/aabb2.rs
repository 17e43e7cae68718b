use crate::Real;
use crate::error::{Error, Quantity};
use crate::geom::{Vec2, check_finite};

/// A solid axis-aligned rectangle `[min.x, max.x] × [min.y, max.y]`.
/// Zero width or height is allowed (a segment or a point).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Aabb2<T> {
    /// Lower corner.
    pub min: Vec2<T>,
    /// Upper corner.
    pub max: Vec2<T>,
}

impl<T> Aabb2<T> {
    /// A box from its corners, unchecked.
    ///
    /// ```
    /// use swept::geom::{Aabb2, Vec2};
    /// let b = Aabb2::new(Vec2::new(-1.0, -2.0), Vec2::new(1.0, 2.0));
    /// assert_eq!(b.max.y, 2.0);
    /// ```
    pub const fn new(min: Vec2<T>, max: Vec2<T>) -> Self {
        Aabb2 { min, max }
    }
}

impl<T: Real> Aabb2<T> {
    /// A box with finite corners and `min <= max` on each axis; otherwise
    /// [`Error::NotFinite`] naming the corner, or [`Error::Negative`] naming
    /// [`Quantity::Extent`].
    ///
    /// ```
    /// use swept::{Error, Quantity, geom::{Aabb2, Vec2}};
    /// let inverted = Aabb2::try_new(Vec2::new(1.0, 0.0), Vec2::new(0.0, 1.0));
    /// assert_eq!(inverted, Err(Error::Negative(Quantity::Extent)));
    /// ```
    pub fn try_new(min: Vec2<T>, max: Vec2<T>) -> Result<Self, Error> {
        check_finite([&min.x, &min.y], Quantity::Min)?;
        check_finite([&max.x, &max.y], Quantity::Max)?;
        if min.x > max.x || min.y > max.y {
            return Err(Error::Negative(Quantity::Extent));
        }
        Ok(Aabb2::new(min, max))
    }

    /// The box `center ± half_extents`, unchecked: `min = center -
    /// half_extents` and `max = center + half_extents` in `T`'s arithmetic
    /// (rounded on floats, as [`Vec2`]'s operators).
    ///
    /// ```
    /// use swept::geom::{Aabb2, Vec2};
    /// let b = Aabb2::from_center_half_extents(Vec2::new(1.0, 1.0), Vec2::new(2.0, 0.5));
    /// assert_eq!(b, Aabb2::new(Vec2::new(-1.0, 0.5), Vec2::new(3.0, 1.5)));
    /// ```
    pub fn from_center_half_extents(center: Vec2<T>, half_extents: Vec2<T>) -> Self {
        Aabb2::new(center.clone() - half_extents.clone(), center + half_extents)
    }
}
