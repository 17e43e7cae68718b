use crate::Real;
use crate::error::{AxesFault, Error, Quantity};
use crate::geom::{Vec3, check_finite, check_nonnegative};
use crate::query::orthonormal3;

/// A solid oriented box: the points `center + s*axes[0] + t*axes[1] +
/// u*axes[2]` with `|s| <= half_extents[0]`, `|t| <= half_extents[1]` and
/// `|u| <= half_extents[2]`.
///
/// As for [`Obb2`](crate::geom::Obb2), the axes are taken as given: queries
/// do not normalise them (a decision never depends on a square root) and
/// refuse axes further from orthonormal than
/// [`AXIS_TOLERANCE`](crate::query::AXIS_TOLERANCE) (1/16), which every
/// validating constructor checks too, exactly. So axes rounded to any
/// backend, converted from `f32` or computed from a rotation, are accepted;
/// the answers are exact for the box `|(p - center) · axes[i]| <=
/// half_extents[i]` those axes define. Handedness does not matter: the box
/// is symmetric in each axis.
///
/// ```
/// use swept::geom::{Obb3, Vec3};
/// // A 4 x 2 x 2 box turned a quarter turn about z, from two axes (the
/// // third is their cross product) or from a unit quaternion.
/// let c = Vec3::new(0.0_f64, 0.0, 0.0);
/// let a = Obb3::try_from_axes(c, Vec3::new(0.0, 1.0, 0.0), Vec3::new(-1.0, 0.0, 0.0), [2.0, 1.0, 1.0]).unwrap();
/// assert_eq!(a.axes[2], Vec3::new(0.0, 0.0, 1.0));
/// let h = core::f64::consts::FRAC_1_SQRT_2;
/// let q = Obb3::try_from_quaternion(c, [h, 0.0, 0.0, h], [2.0, 1.0, 1.0]).unwrap();
/// assert!((q.axes[0] - a.axes[0]).length() < 1e-15);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Obb3<T> {
    /// Center.
    pub center: Vec3<T>,
    /// Three orthonormal axes.
    pub axes: [Vec3<T>; 3],
    /// Non-negative half extents along the three axes.
    pub half_extents: [T; 3],
}

impl<T> Obb3<T> {
    /// A box, unchecked.
    ///
    /// ```
    /// use swept::geom::{Obb3, Vec3};
    /// let axes = [Vec3::new(1, 0, 0), Vec3::new(0, 1, 0), Vec3::new(0, 0, 1)];
    /// let b = Obb3::new(Vec3::new(0, 0, 0), axes, [3, 2, 1]);
    /// assert_eq!(b.half_extents[2], 1);
    /// ```
    pub const fn new(center: Vec3<T>, axes: [Vec3<T>; 3], half_extents: [T; 3]) -> Self {
        Obb3 {
            center,
            axes,
            half_extents,
        }
    }
}

impl<T: Real> Obb3<T> {
    /// A box with finite values, non-negative half extents, and axes unit
    /// and pairwise orthogonal to within
    /// [`AXIS_TOLERANCE`](crate::query::AXIS_TOLERANCE), decided exactly;
    /// otherwise [`Error::NotFinite`], [`Error::Negative`] or
    /// [`Error::BadAxes`] naming the input and the test it failed.
    ///
    /// ```
    /// use swept::{Error, error::AxesFault, geom::{Obb3, Vec3}};
    /// let (x, y, z) = (Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0), Vec3::new(0.0, 0.0, 1.0));
    /// let c = Vec3::new(0.0, 0.0, 0.0);
    /// assert!(Obb3::try_new(c, [x, y, z], [1.0, 1.0, 1.0]).is_ok());
    /// let bad = Obb3::try_new(c, [x, y, x], [1.0, 1.0, 1.0]);
    /// assert_eq!(bad, Err(Error::BadAxes(AxesFault::NotOrthogonal { axes: [0, 2] })));
    /// ```
    pub fn try_new(
        center: Vec3<T>,
        axes: [Vec3<T>; 3],
        half_extents: [T; 3],
    ) -> Result<Self, Error> {
        check_finite([&center.x, &center.y, &center.z], Quantity::BoxCenter)?;
        check_finite(axes.iter().flat_map(|a| [&a.x, &a.y, &a.z]), Quantity::Axes)?;
        check_finite(&half_extents, Quantity::HalfExtents)?;
        for e in &half_extents {
            check_nonnegative(e, Quantity::HalfExtents)?;
        }
        orthonormal3(&axes)?;
        Ok(Obb3::new(center, axes, half_extents))
    }

    /// A box from its first two axes; the third is `axis0 × axis1`, each
    /// coordinate rounded by the backend's arithmetic (and so orthonormal to
    /// within the tolerance when the first two are). Validated as
    /// [`Obb3::try_new`]; an axis with a coordinate beyond 3/2 is
    /// [`AxesFault::NotUnit`] before any arithmetic.
    ///
    /// ```
    /// use swept::geom::{Obb3, Vec3};
    /// let (u, s) = (Vec3::new(0.6, 0.8, 0.0), Vec3::new(-0.8, 0.6, 0.0));
    /// let b = Obb3::try_from_axes(Vec3::new(0.0, 0.0, 0.0), u, s, [1.0, 1.0, 1.0]).unwrap();
    /// assert_eq!(b.axes[2].z, 0.6 * 0.6 + 0.8 * 0.8);
    /// ```
    pub fn try_from_axes(
        center: Vec3<T>,
        axis0: Vec3<T>,
        axis1: Vec3<T>,
        half_extents: [T; 3],
    ) -> Result<Self, Error> {
        check_finite(
            [&axis0.x, &axis0.y, &axis0.z, &axis1.x, &axis1.y, &axis1.z],
            Quantity::Axes,
        )?;
        // An axis with a coordinate beyond 3/2 is not unit; refusing it
        // first keeps the cross product within every backend's range.
        for (axis, a) in [&axis0, &axis1].into_iter().enumerate() {
            if !within_three_halves([&a.x, &a.y, &a.z]) {
                return Err(Error::BadAxes(AxesFault::NotUnit { axis }));
            }
        }
        let axis2 = axis0.cross(&axis1);
        Obb3::try_new(center, [axis0, axis1, axis2], half_extents)
    }

    /// A box turned by the unit quaternion `[w, x, y, z]`: the axes are the
    /// columns of its rotation matrix (`axes[0] = (1 - 2(y² + z²), 2(xy +
    /// wz), 2(xz - wy))`, and so on), each coordinate a polynomial in the
    /// quaternion rounded by the backend's arithmetic. Validated as
    /// [`Obb3::try_new`], so a quaternion far from unit is
    /// [`Error::BadAxes`] (a coordinate beyond 3/2 names axis 0).
    ///
    /// ```
    /// use swept::geom::{Obb3, Vec3};
    /// // The identity rotation.
    /// let b = Obb3::try_from_quaternion(Vec3::new(0.0, 0.0, 0.0), [1.0, 0.0, 0.0, 0.0], [1.0, 2.0, 3.0]).unwrap();
    /// assert_eq!(b.axes[1], Vec3::new(0.0, 1.0, 0.0));
    /// ```
    pub fn try_from_quaternion(
        center: Vec3<T>,
        quaternion: [T; 4],
        half_extents: [T; 3],
    ) -> Result<Self, Error> {
        check_finite(&quaternion, Quantity::Axes)?;
        // A coordinate beyond 3/2 is no unit quaternion; refusing it first
        // keeps the products within every backend's range.
        if !within_three_halves(&quaternion) {
            return Err(Error::BadAxes(AxesFault::NotUnit { axis: 0 }));
        }
        let [w, x, y, z] = quaternion;
        let one = T::one();
        let two = one.clone() + one.clone();
        let m = |a: &T, b: &T| two.clone() * a.clone() * b.clone();
        let diag = |a: &T, b: &T| one.clone() - m(a, a) - m(b, b);
        let axes = [
            Vec3::new(diag(&y, &z), m(&x, &y) + m(&w, &z), m(&x, &z) - m(&w, &y)),
            Vec3::new(m(&x, &y) - m(&w, &z), diag(&x, &z), m(&y, &z) + m(&w, &x)),
            Vec3::new(m(&x, &z) + m(&w, &y), m(&y, &z) - m(&w, &x), diag(&x, &y)),
        ];
        Obb3::try_new(center, axes, half_extents)
    }
}

/// `|v| <= 3/2` for every value (no arithmetic that can overflow).
fn within_three_halves<'a, T: Real + 'a>(values: impl IntoIterator<Item = &'a T>) -> bool {
    let one = T::one();
    let bound = one.clone() + one.clone().quotient(one.clone() + one);
    values
        .into_iter()
        .all(|v| *v <= bound && *v >= -bound.clone())
}
