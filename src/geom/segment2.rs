use crate::Real;
use crate::geom::{GeomError, Vec2};

/// A closed line segment from `p0` to `p1`; `p0 == p1` is a point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Segment2<T> {
    /// First end point.
    pub p0: Vec2<T>,
    /// Second end point.
    pub p1: Vec2<T>,
}

impl<T> Segment2<T> {
    /// A segment, unchecked.
    pub const fn new(p0: Vec2<T>, p1: Vec2<T>) -> Self {
        Segment2 { p0, p1 }
    }
}

impl<T: Real> Segment2<T> {
    /// A segment with finite end points.
    pub fn try_new(p0: Vec2<T>, p1: Vec2<T>) -> Result<Self, GeomError> {
        if !p0.is_finite() || !p1.is_finite() {
            return Err(GeomError::NotFinite);
        }
        Ok(Segment2::new(p0, p1))
    }
}
