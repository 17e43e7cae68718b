use crate::Real;
use crate::error::{Error, Quantity};
use crate::exact::{Construction, Dim, Finish, Ring, Surd};
use crate::geom::{Vec2, check_finite, check_nonnegative};
use crate::query::{construct, orthonormal};

/// A solid oriented rectangle: the points `center + s*axes[0] + t*axes[1]`
/// with `|s| <= half_extents[0]` and `|t| <= half_extents[1]`.
///
/// The axes are taken as given: queries assume they are orthonormal and do
/// not normalise them (a decision never depends on a square root), and
/// refuse axes further from orthonormal than
/// [`AXIS_TOLERANCE`](crate::query::AXIS_TOLERANCE) (1/16), which every
/// validating constructor here checks too. So an axis rounded to any
/// backend, or converted from `f32` to another one, is accepted. The
/// answers are exact for the rectangle those axes span. An exactly unit
/// axis off the coordinate axes exists only on the exact backend (a
/// Pythagorean direction such as `(3/5, 4/5)`): `0.6` and `0.8` are not
/// binary fractions, so on floats and fixed point such an axis is within
/// the tolerance, not unit.
///
/// ```
/// use swept::geom::{Obb2, Vec2};
/// // A 4 x 2 rectangle turned a quarter turn, from an angle, a rotation
/// // or a direction of any length:
/// let c = Vec2::new(0.0_f64, 0.0);
/// let a = Obb2::try_from_angle(c, core::f64::consts::FRAC_PI_2, [2.0, 1.0]).unwrap();
/// let b = Obb2::try_from_rotation(c, 0.0, 1.0, [2.0, 1.0]).unwrap();
/// let d = Obb2::try_from_direction(c, Vec2::new(0.0, 3.0), [2.0, 1.0]).unwrap();
/// assert_eq!(b.axes, [Vec2::new(0.0, 1.0), Vec2::new(-1.0, 0.0)]);
/// assert_eq!(d, b);
/// assert!((a.axes[0].y - 1.0).abs() < 1e-15);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
    ///
    /// ```
    /// use swept::geom::{Obb2, Vec2};
    /// let axes = [Vec2::new(0.6, 0.8), Vec2::new(-0.8, 0.6)];
    /// let b = Obb2::new(Vec2::new(0.0, 0.0), axes, [2.0, 1.0]);
    /// assert_eq!(b.half_extents[0], 2.0);
    /// ```
    pub const fn new(center: Vec2<T>, axes: [Vec2<T>; 2], half_extents: [T; 2]) -> Self {
        Obb2 {
            center,
            axes,
            half_extents,
        }
    }
}

impl<T: Real> Obb2<T> {
    /// A box with finite values, non-negative half extents, and axes unit
    /// and orthogonal to within
    /// [`AXIS_TOLERANCE`](crate::query::AXIS_TOLERANCE), decided exactly;
    /// otherwise [`Error::NotFinite`], [`Error::Negative`] or
    /// [`Error::BadAxes`] naming the input and the test it failed.
    ///
    /// ```
    /// use swept::{Error, error::AxesFault, geom::{Obb2, Vec2}};
    /// let c = Vec2::new(0.0, 0.0);
    /// let square = [Vec2::new(1.0, 0.0), Vec2::new(0.0, 1.0)];
    /// assert!(Obb2::try_new(c, square, [1.0, 1.0]).is_ok());
    /// let long = [Vec2::new(1.5, 0.0), Vec2::new(0.0, 1.0)];
    /// assert_eq!(Obb2::try_new(c, long, [1.0, 1.0]), Err(Error::BadAxes(AxesFault::NotUnit { axis: 0 })));
    /// ```
    pub fn try_new(
        center: Vec2<T>,
        axes: [Vec2<T>; 2],
        half_extents: [T; 2],
    ) -> Result<Self, Error> {
        let [a0, a1] = &axes;
        let [e0, e1] = &half_extents;
        check_finite([&center.x, &center.y], Quantity::BoxCenter)?;
        check_finite([&a0.x, &a0.y, &a1.x, &a1.y], Quantity::Axes)?;
        check_finite([e0, e1], Quantity::HalfExtents)?;
        check_nonnegative(e0, Quantity::HalfExtents)?;
        check_nonnegative(e1, Quantity::HalfExtents)?;
        orthonormal(a0, a1)?;
        Ok(Obb2::new(center, axes, half_extents))
    }

    /// A box from its first axis; the second is its quarter turn
    /// counter-clockwise `(-axis0.y, axis0.x)`, so the two are orthogonal by
    /// construction. Validated as [`Obb2::try_new`].
    ///
    /// ```
    /// use swept::geom::{Obb2, Vec2};
    /// let b = Obb2::try_from_axis(Vec2::new(0.0, 0.0), Vec2::new(0.6, 0.8), [2.0, 1.0]).unwrap();
    /// assert_eq!(b.axes[1], Vec2::new(-0.8, 0.6));
    /// ```
    pub fn try_from_axis(
        center: Vec2<T>,
        axis0: Vec2<T>,
        half_extents: [T; 2],
    ) -> Result<Self, Error> {
        let axis1 = axis0.perp();
        Obb2::try_new(center, [axis0, axis1], half_extents)
    }

    /// A box turned by the rotation `(cos, sin)`: `axes[0] = (cos, sin)`,
    /// `axes[1] = (-sin, cos)`. Validated as [`Obb2::try_new`].
    ///
    /// ```
    /// use swept::geom::{Obb2, Vec2};
    /// let b = Obb2::try_from_rotation(Vec2::new(0.0, 0.0), 0.8, 0.6, [1.0, 1.0]).unwrap();
    /// assert_eq!(b.axes[0], Vec2::new(0.8, 0.6));
    /// ```
    pub fn try_from_rotation(
        center: Vec2<T>,
        cos: T,
        sin: T,
        half_extents: [T; 2],
    ) -> Result<Self, Error> {
        Obb2::try_from_axis(center, Vec2::new(cos, sin), half_extents)
    }

    /// A box whose first axis points along `direction`, of any non-zero
    /// length: the axis is `direction / |direction|`, each coordinate the
    /// exact quotient rounded once (to nearest, ties to even,
    /// [`crate::exact`]), so it needs no tolerance of its own.
    /// [`Error::ZeroDirection`] for a zero direction.
    ///
    /// ```
    /// use swept::geom::{Obb2, Vec2};
    /// let b = Obb2::try_from_direction(Vec2::new(0.0, 0.0), Vec2::new(-6.0, 8.0), [1.0, 1.0]).unwrap();
    /// assert_eq!(b.axes[0], Vec2::new(-0.6, 0.8));
    /// ```
    pub fn try_from_direction(
        center: Vec2<T>,
        direction: Vec2<T>,
        half_extents: [T; 2],
    ) -> Result<Self, Error> {
        check_finite([&direction.x, &direction.y], Quantity::Axes)?;
        if direction.x == T::zero() && direction.y == T::zero() {
            return Err(Error::ZeroDirection);
        }
        let x = [direction.x, direction.y];
        let [ux, uy] = construct(
            &UnitDirection,
            &x,
            &[Quantity::Axes; 2],
            &[Quantity::Axes; 2],
        )?;
        Obb2::try_from_axis(center, Vec2::new(ux, uy), half_extents)
    }
}

/// `d / |d|` for a non-zero `d`: `d_j √c / c` with `c = d·d`.
struct UnitDirection;

impl Construction<2, 2> for UnitDirection {
    const DIMS: [Dim; 2] = [Dim::LENGTH; 2];
    const OUT: [Dim; 2] = [Dim::NONE; 2];
    const DEGREE: u32 = 2;
    #[inline(always)]
    fn build<R: Ring, O: Finish<R, 2>>(&self, x: &[R; 2], out: O) -> O::Out {
        let [dx, dy] = x;
        let c = dx.clone() * dx.clone() + dy.clone() * dy.clone();
        let unit = |d: &R| Surd {
            a: R::zero(),
            b: d.clone(),
            d: c.clone(),
            e: R::zero(),
        };
        out.finish(&c, &[unit(dx).into(), unit(dy).into()])
    }
}

impl<T: Real> Obb2<T> {
    /// A box turned by `angle` radians counter-clockwise: `axes[0] = (cos
    /// angle, sin angle)` ([`Real::cos_sin`]: floats by `libm`, other
    /// backends `libm`'s `f64` value rounded once to the nearest; the same
    /// bits on every target), validated as [`Obb2::try_new`]. On every
    /// backend:
    ///
    /// ```
    /// use swept::fixed::types::I32F32;
    /// use swept::geom::{Obb2, Vec2};
    /// let b = Obb2::try_from_angle(Vec2::new(1.0, 1.0), 0.0, [2.0, 1.0]).unwrap();
    /// assert_eq!(b.axes, [Vec2::new(1.0, 0.0), Vec2::new(-0.0, 1.0)]);
    /// let q = |x: f64| I32F32::from_num(x);
    /// let c = Vec2::new(q(0.0), q(0.0));
    /// let b = Obb2::try_from_angle(c, q(core::f64::consts::FRAC_PI_2), [q(2.0), q(1.0)]).unwrap();
    /// assert!(b.axes[0].x.abs() <= I32F32::DELTA && b.axes[0].y == q(1.0));
    /// ```
    pub fn try_from_angle(center: Vec2<T>, angle: T, half_extents: [T; 2]) -> Result<Self, Error> {
        check_finite([&angle], Quantity::Angle)?;
        let (cos, sin) = angle.cos_sin().ok_or(Error::NotFinite(Quantity::Angle))?;
        Obb2::try_from_rotation(center, cos, sin, half_extents)
    }
}
