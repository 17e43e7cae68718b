//! Geometric primitives, generic over [`Real`].
//!
//! Fields are public and the plain constructors (`new`) accept anything, so a
//! query can be fed raw data; the validating constructors (`try_new`) reject
//! what no query can give a meaning to, with a [`GeomError`].

mod aabb2;
mod aabb3;
mod circle;
mod obb2;
mod segment2;
mod sphere;
mod vec2;
mod vec3;

pub use aabb2::Aabb2;
pub use aabb3::Aabb3;
pub use circle::Circle;
pub use obb2::Obb2;
pub use segment2::Segment2;
pub use sphere::Sphere;
pub use vec2::Vec2;
pub use vec3::Vec3;

use crate::Real;
use core::fmt;

/// Why a validating constructor refused its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GeomError {
    /// A coordinate, radius or extent is NaN or infinite.
    NotFinite,
    /// A radius is negative.
    NegativeRadius,
    /// A half extent is negative.
    NegativeExtent,
    /// A box has `min > max` on some axis.
    InvertedBox,
    /// An oriented box axis is not of unit length (beyond
    /// [`Real::unit_tolerance`]).
    AxisNotUnit,
    /// Oriented box axes are not orthogonal (beyond [`Real::unit_tolerance`]).
    AxesNotOrthogonal,
}

impl fmt::Display for GeomError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GeomError::NotFinite => "coordinate is NaN or infinite",
            GeomError::NegativeRadius => "radius is negative",
            GeomError::NegativeExtent => "half extent is negative",
            GeomError::InvertedBox => "box min is greater than max",
            GeomError::AxisNotUnit => "box axis is not a unit vector",
            GeomError::AxesNotOrthogonal => "box axes are not orthogonal",
        })
    }
}

impl core::error::Error for GeomError {}

/// `Ok` if every value is finite.
pub(crate) fn check_finite<'a, T: Real + 'a>(
    values: impl IntoIterator<Item = &'a T>,
) -> Result<(), GeomError> {
    if values.into_iter().all(Real::is_finite) {
        Ok(())
    } else {
        Err(GeomError::NotFinite)
    }
}
