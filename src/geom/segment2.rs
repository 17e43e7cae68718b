use crate::Real;
use crate::error::{Error, Quantity};
use crate::geom::{Vec2, check_finite};

/// A closed line segment from `p0` to `p1`; `p0 == p1` is a point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Segment2<T> {
    /// First end point.
    pub p0: Vec2<T>,
    /// Second end point.
    pub p1: Vec2<T>,
}

impl<T> Segment2<T> {
    /// A segment, unchecked.
    ///
    /// ```
    /// use swept::geom::{Segment2, Vec2};
    /// let s = Segment2::new(Vec2::new(0.0, 0.0), Vec2::new(4.0, 0.0));
    /// assert_eq!(s.p1.x, 4.0);
    /// ```
    pub const fn new(p0: Vec2<T>, p1: Vec2<T>) -> Self {
        Segment2 { p0, p1 }
    }
}

impl<T: Real> Segment2<T> {
    /// A segment with finite end points; [`Error::NotFinite`] naming
    /// [`Quantity::SegmentEnd`] otherwise.
    ///
    /// ```
    /// use swept::geom::{Segment2, Vec2};
    /// assert!(Segment2::try_new(Vec2::new(0.0, 0.0), Vec2::new(f32::NAN, 0.0)).is_err());
    /// ```
    pub fn try_new(p0: Vec2<T>, p1: Vec2<T>) -> Result<Self, Error> {
        check_finite([&p0.x, &p0.y, &p1.x, &p1.y], Quantity::SegmentEnd)?;
        Ok(Segment2::new(p0, p1))
    }
}

impl<T, V: Into<Vec2<T>>> From<(V, V)> for Segment2<T> {
    #[inline]
    fn from((p0, p1): (V, V)) -> Self {
        Segment2::new(p0.into(), p1.into())
    }
}
