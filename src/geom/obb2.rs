use crate::Real;
use crate::geom::{GeomError, Vec2};

/// A solid oriented rectangle: the points `center + s*axes[0] + t*axes[1]`
/// with `|s| <= half_extents[0]` and `|t| <= half_extents[1]`.
///
/// The axes are taken as given: queries assume they are orthonormal and do not
/// normalise them (a decision never depends on a square root). For exact
/// results use axes whose coordinates are exact, e.g. from a Pythagorean
/// triple `(3/5, 4/5)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Obb2<T> {
    /// Center.
    pub center: Vec2<T>,
    /// Two orthonormal axes.
    pub axes: [Vec2<T>; 2],
    /// Non-negative half extents along `axes[0]` and `axes[1]`.
    pub half_extents: [T; 2],
}

impl<T> Obb2<T> {
    /// A box, unchecked.
    pub const fn new(center: Vec2<T>, axes: [Vec2<T>; 2], half_extents: [T; 2]) -> Self {
        Obb2 {
            center,
            axes,
            half_extents,
        }
    }
}

impl<T: Real> Obb2<T> {
    /// A box with finite values, non-negative half extents, and axes of unit
    /// length and orthogonal to within [`Real::unit_tolerance`] (exactly, for
    /// rationals).
    pub fn try_new(
        center: Vec2<T>,
        axes: [Vec2<T>; 2],
        half_extents: [T; 2],
    ) -> Result<Self, GeomError> {
        let [a0, a1] = &axes;
        let [e0, e1] = &half_extents;
        if !center.is_finite()
            || !a0.is_finite()
            || !a1.is_finite()
            || !e0.is_finite()
            || !e1.is_finite()
        {
            return Err(GeomError::NotFinite);
        }
        if *e0 < T::zero() || *e1 < T::zero() {
            return Err(GeomError::NegativeExtent);
        }
        let tol = T::unit_tolerance();
        let near_zero = |x: T| -tol.clone() <= x && x <= tol;
        let unit = |a: &Vec2<T>| near_zero(a.length_squared() - T::one());
        // Components beyond 2 cannot be unit; rejecting them first keeps the
        // squares from overflowing in fixed point (and no value is negated).
        let small = |a: &Vec2<T>| {
            let two = T::one() + T::one();
            let within = |x: &T| -two.clone() <= *x && *x <= two;
            within(&a.x) && within(&a.y)
        };
        if !small(a0) || !small(a1) || !unit(a0) || !unit(a1) {
            return Err(GeomError::AxisNotUnit);
        }
        if !near_zero(a0.dot(a1)) {
            return Err(GeomError::AxesNotOrthogonal);
        }
        Ok(Obb2::new(center, axes, half_extents))
    }

    /// A box from its first axis; the second is its quarter turn
    /// counter-clockwise `(-axis0.y, axis0.x)`, so the two are orthogonal by
    /// construction. Validated as [`Obb2::try_new`].
    pub fn try_from_axis(
        center: Vec2<T>,
        axis0: Vec2<T>,
        half_extents: [T; 2],
    ) -> Result<Self, GeomError> {
        let axis1 = axis0.perp();
        Obb2::try_new(center, [axis0, axis1], half_extents)
    }
}
