//! The oriented boxes of [`circle_box`](super): one procedure, [`Obb`],
//! for a rectangle in 2D and a box in 3D (the module doc of the parent
//! states the math).

use super::{Proximity, radius};
use crate::Real;
use crate::exact::{Construction, Dim, Finish, Procedure, Ring, Signs, Surd, each_index};
use crate::geom::{Circle, Obb2, Obb3, Sphere, Vec2, Vec3};
use crate::query::{
    Error, Quantity, construct, decide, finite, nonnegative, orthonormal, orthonormal3,
};
use core::cmp::Ordering;

/// An oriented box in `D` dimensions: the inputs are the point `p`, the box
/// center `o`, the axes `a_0 .. a_{D-1}`, the half extents `e`, the number
/// 1 in the unit of the axes (so that `e_i · 1` has the dimension of
/// `s_i`), then, to classify, the radius: `D² + 3D + 1` inputs, one more
/// with the radius.
struct Obb<const D: usize>;

/// `Σ gap²` over the oriented box's axes: `s_i = (p - o) · a_i`, `gap_i =
/// max(|s_i| - e_i · 1, 0)`, each input at a constant index where the
/// ring's values carry constants ([`each_index`]).
#[inline(always)]
fn obb_gaps<R: Ring, const D: usize>(x: &[R]) -> R {
    let mut sum = R::zero();
    each_index::<R, D>(
        #[inline(always)]
        |i| {
            let g = gap::<R, D>(x, i);
            sum = sum.clone() + g.clone() * g;
        },
    );
    sum
}

/// `gap_i` of [`obb_gaps`].
#[inline(always)]
fn gap<R: Ring, const D: usize>(x: &[R], i: usize) -> R {
    let axis = 2 * D + i * D;
    let mut si = term::<R, D>(x, axis, 0);
    each_index::<R, D>(
        #[inline(always)]
        |k| {
            if k > 0 {
                si = si.clone() + term::<R, D>(x, axis, k);
            }
        },
    );
    let (e, one) = (input(x, 2 * D + D * D + i), input(x, 3 * D + D * D));
    (si.abs() - e * one).positive_part()
}

/// `(p_k - o_k) a_k` of the axis starting at input `axis`.
#[inline(always)]
fn term<R: Ring, const D: usize>(x: &[R], axis: usize, k: usize) -> R {
    (input(x, k) - input(x, D + k)) * input(x, axis + k)
}

/// Input `i` (every index here is below the inputs' count).
#[inline(always)]
fn input<R: Ring>(x: &[R], i: usize) -> R {
    x.get(i).cloned().unwrap_or_else(R::zero)
}

impl<const D: usize, const N: usize> Procedure<N> for Obb<D> {
    /// The sign of `Σ gap² - (r · 1)²`.
    type Out = Ordering;
    const DIMS: [Dim; N] = obb_dims::<D, N>();
    const DEGREE: u32 = 4;
    #[inline(always)]
    fn run<R: Ring>(&self, x: &[R; N], s: &mut Signs) -> Ordering {
        let mut sum = obb_gaps::<R, D>(x);
        let at = D * D + 3 * D;
        if let (Some(one), Some(r)) = (x.get(at), x.get(at + 1)) {
            let r1 = r.clone() * one.clone();
            sum = sum - r1.clone() * r1;
        }
        s.sign(&sum)
    }
}

/// `p, o`: lengths; the axes and the number 1: directions; `e`, `r`:
/// lengths.
const fn obb_dims<const D: usize, const N: usize>() -> [Dim; N] {
    let mut d = [Dim::LENGTH; N];
    let mut i = 2 * D;
    while i < 2 * D + D * D && i < N {
        d[i] = Dim::DIRECTION;
        i += 1;
    }
    if D * D + 3 * D < N {
        d[D * D + 3 * D] = Dim::DIRECTION;
    }
    d
}

impl<const D: usize, const N: usize> Construction<N, 1> for Obb<D> {
    const DIMS: [Dim; N] = obb_dims::<D, N>();
    /// `Σ gap²` in length² · direction²: the squared distance for unit axes.
    const OUT: [Dim; 1] = [Dim::new(2, 0, 2)];
    const DEGREE: u32 = 4;
    #[inline(always)]
    fn build<R: Ring, O: Finish<R, 1>>(&self, x: &[R; N], out: O) -> O::Out {
        out.finish(&R::zero(), &[Surd::value(obb_gaps::<R, D>(x)).into()])
    }
}

/// The names of an oriented box query's inputs in `D` dimensions (the
/// order of [`Obb`]), the radius last.
const fn obb_names<const D: usize, const N: usize>(point: Quantity) -> [Quantity; N] {
    use Quantity::{Axes, BoxCenter, HalfExtents, Radius};
    let mut q = [Radius; N];
    let mut i = 0;
    while i < N && i < D * D + 3 * D + 1 {
        q[i] = if i < D {
            point
        } else if i < 2 * D {
            BoxCenter
        } else if i < 2 * D + D * D {
            Axes
        } else if i < 3 * D + D * D {
            HalfExtents
        } else {
            Axes
        };
        i += 1;
    }
    q
}

/// The inputs of an oriented box query in `D` dimensions, in the order
/// of [`Obb`] (named by `names`), the radius last where there is
/// one, checked; `axes` decides the box's axes orthonormal within the
/// tolerance. Only the half extents' and the radius' signs and the axes
/// are tested on the way; where one fails, [`faults`] names the first
/// fault in the documented order. A non-finite input that passes them is
/// named by the exact layer, by its index, which is the same order.
#[inline(always)]
fn checked<T: Real, const D: usize, const N: usize>(
    x: [T; N],
    names: &[Quantity; N],
    axes: impl Fn() -> Result<(), Error>,
) -> Result<[T; N], Error> {
    let extents = 2 * D + D * D;
    let signed = x.get(extents..extents + D).unwrap_or(&[]);
    let radius = x.get(3 * D + D * D + 1..).unwrap_or(&[]);
    let zero = T::zero();
    let ok = signed
        .iter()
        .chain(radius)
        .fold(true, |ok, v| ok & (*v >= zero));
    let axes = axes();
    if !ok || axes.is_err() {
        faults::<T, D, N>(&x, names, axes)?;
    }
    Ok(x)
}

/// The first fault of an oriented box query's inputs ([`checked`]): a
/// non-finite input, then a negative half extent, then the axes' fault
/// `axes`, then the radius.
#[cold]
#[inline(never)]
fn faults<T: Real, const D: usize, const N: usize>(
    x: &[T; N],
    names: &[Quantity; N],
    axes: Result<(), Error>,
) -> Result<(), Error> {
    let extents = 2 * D + D * D;
    for (v, name) in x.iter().zip(names).take(extents + D) {
        finite(v, *name)?;
    }
    for e in x.iter().skip(extents).take(D) {
        nonnegative([e], &[Quantity::HalfExtents])?;
    }
    axes?;
    x.get(3 * D + D * D + 1..)
        .unwrap_or(&[])
        .iter()
        .try_for_each(|r| radius(r).map(|_| ()))
}

/// The inputs of an oriented rectangle query without the radius.
#[inline(always)]
fn obb2_inputs<T: Real>(p: &Vec2<T>, b: &Obb2<T>) -> [T; 11] {
    let ([a0, a1], [e0, e1], o) = (&b.axes, &b.half_extents, &b.center);
    [
        p.x.clone(),
        p.y.clone(),
        o.x.clone(),
        o.y.clone(),
        a0.x.clone(),
        a0.y.clone(),
        a1.x.clone(),
        a1.y.clone(),
        e0.clone(),
        e1.clone(),
        T::one(),
    ]
}

/// How a circle relates to an oriented rectangle.
///
/// ```
/// use swept::geom::{Circle, Obb2, Vec2};
/// use swept::query::circle_box::{Proximity, classify_circle_obb2};
/// // A square of half-extents 1 turned by 45° about the origin: its corner
/// // is at (√2, 0) ≈ (1.414, 0). A circle of radius 0.7 at (2, 0) reaches
/// // x = 1.3 (overlaps); at (2.2, 0) it reaches 1.5 (disjoint).
/// let h = core::f64::consts::FRAC_1_SQRT_2;
/// let b = Obb2::try_from_rotation(Vec2::new(0.0, 0.0), h, h, [1.0, 1.0]).unwrap();
/// let c = |x: f64| Circle::new(Vec2::new(x, 0.0), 0.7);
/// assert_eq!(classify_circle_obb2(&c(2.0), &b), Ok(Proximity::Overlapping));
/// assert_eq!(classify_circle_obb2(&c(2.2), &b), Ok(Proximity::Disjoint));
/// ```
pub fn classify_circle_obb2<T: Real>(circle: &Circle<T>, b: &Obb2<T>) -> Result<Proximity, Error> {
    let [px, py, ox, oy, a0x, a0y, a1x, a1y, e0, e1, one] = obb2_inputs(&circle.center, b);
    let r = circle.radius.clone();
    let input = [px, py, ox, oy, a0x, a0y, a1x, a1y, e0, e1, one, r];
    let axes = || orthonormal(&b.axes[0], &b.axes[1]);
    let names = const { obb_names::<2, 12>(Quantity::Center) };
    let input = checked::<T, 2, 12>(input, &names, axes)?;
    let order = decide(&Obb::<2>, &input, &names)?;
    Ok(Proximity::of(order))
}

/// Closed overlap of a circle and an oriented rectangle (touching counts).
///
/// ```
/// use swept::geom::{Circle, Obb2, Vec2};
/// use swept::query::circle_box::overlaps_circle_obb2;
/// // The rectangle [-2, 2] x [-1, 1] turned a quarter: [-1, 1] x [-2, 2].
/// let b = Obb2::try_from_rotation(Vec2::new(0.0, 0.0), 0.0, 1.0, [2.0, 1.0]).unwrap();
/// // Center (0, 3): gap 1 above the top face y = 2.
/// assert_eq!(overlaps_circle_obb2(&Circle::new(Vec2::new(0.0, 3.0), 1.0), &b), Ok(true));
/// assert_eq!(overlaps_circle_obb2(&Circle::new(Vec2::new(0.0, 3.0), 0.5), &b), Ok(false));
/// ```
pub fn overlaps_circle_obb2<T: Real>(circle: &Circle<T>, b: &Obb2<T>) -> Result<bool, Error> {
    classify_circle_obb2(circle, b).map(Proximity::overlaps)
}

/// Squared distance from a point to a solid oriented rectangle (0 inside),
/// in the box's frame: the squared length of the gaps along the axes as
/// given (for unit axes, the squared distance).
///
/// ```
/// use swept::geom::{Obb2, Vec2};
/// use swept::query::circle_box::distance_squared_point_obb2;
/// // [-1, 1] x [-2, 2] as a quarter-turned [-2, 2] x [-1, 1]; the point
/// // (4, 6) is 3 right of it and 4 above: 9 + 16.
/// let b = Obb2::try_from_rotation(Vec2::new(0.0, 0.0), 0.0, 1.0, [2.0, 1.0]).unwrap();
/// assert_eq!(distance_squared_point_obb2(&Vec2::new(4.0, 6.0), &b), Ok(25.0));
/// ```
pub fn distance_squared_point_obb2<T: Real>(p: &Vec2<T>, b: &Obb2<T>) -> Result<T, Error> {
    let axes = || orthonormal(&b.axes[0], &b.axes[1]);
    let names = const { obb_names::<2, 11>(Quantity::Point) };
    let input = checked::<T, 2, 11>(obb2_inputs(p, b), &names, axes)?;
    let [d] = construct(&Obb::<2>, &input, &names, &[Quantity::Distance])?;
    Ok(d)
}

/// The inputs of an oriented box query in 3D without the radius.
#[inline(always)]
fn obb3_inputs<T: Real>(p: &Vec3<T>, b: &Obb3<T>) -> [T; 19] {
    let ([a0, a1, a2], [e0, e1, e2], c) = (&b.axes, &b.half_extents, &b.center);
    [
        p.x.clone(),
        p.y.clone(),
        p.z.clone(),
        c.x.clone(),
        c.y.clone(),
        c.z.clone(),
        a0.x.clone(),
        a0.y.clone(),
        a0.z.clone(),
        a1.x.clone(),
        a1.y.clone(),
        a1.z.clone(),
        a2.x.clone(),
        a2.y.clone(),
        a2.z.clone(),
        e0.clone(),
        e1.clone(),
        e2.clone(),
        T::one(),
    ]
}

/// How a sphere relates to an oriented box.
///
/// ```
/// use swept::geom::{Obb3, Sphere, Vec3};
/// use swept::query::circle_box::{Proximity, classify_sphere_obb3};
/// // The box [-2, 2] x [-1, 1] x [-1, 1] turned a quarter about z is
/// // [-1, 1] x [-2, 2] x [-1, 1]. A sphere of radius 1 at (0, 3, 0)
/// // touches its face y = 2; at (2, 3, 0) it is √2 from the edge (1, 2, z).
/// let (u, s) = (Vec3::new(0.0, 1.0, 0.0), Vec3::new(-1.0, 0.0, 0.0));
/// let b = Obb3::try_from_axes(Vec3::new(0.0, 0.0, 0.0), u, s, [2.0, 1.0, 1.0]).unwrap();
/// let at = |x: f64, y: f64| Sphere::new(Vec3::new(x, y, 0.0), 1.0);
/// assert_eq!(classify_sphere_obb3(&at(0.0, 3.0), &b), Ok(Proximity::Touching));
/// assert_eq!(classify_sphere_obb3(&at(2.0, 3.0), &b), Ok(Proximity::Disjoint));
/// assert_eq!(classify_sphere_obb3(&at(0.0, 2.5), &b), Ok(Proximity::Overlapping));
/// ```
pub fn classify_sphere_obb3<T: Real>(sphere: &Sphere<T>, b: &Obb3<T>) -> Result<Proximity, Error> {
    let [
        x0,
        x1,
        x2,
        x3,
        x4,
        x5,
        x6,
        x7,
        x8,
        x9,
        x10,
        x11,
        x12,
        x13,
        x14,
        x15,
        x16,
        x17,
        x18,
    ] = obb3_inputs(&sphere.center, b);
    let r = sphere.radius.clone();
    let input = [
        x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15, x16, x17, x18, r,
    ];
    let names = const { obb_names::<3, 20>(Quantity::Center) };
    let input = checked::<T, 3, 20>(input, &names, || orthonormal3(&b.axes))?;
    let order = decide(&Obb::<3>, &input, &names)?;
    Ok(Proximity::of(order))
}

/// Closed overlap of a sphere and an oriented box (touching counts).
///
/// ```
/// use swept::geom::{Obb3, Sphere, Vec3};
/// use swept::query::circle_box::overlaps_sphere_obb3;
/// // The unit cube about the origin, turned by the quaternion of a quarter
/// // turn about x (cos 45°, sin 45°, 0, 0): still the cube [-1, 1]^3.
/// let h = core::f64::consts::FRAC_1_SQRT_2;
/// let b = Obb3::try_from_quaternion(Vec3::new(0.0, 0.0, 0.0), [h, h, 0.0, 0.0], [1.0; 3]).unwrap();
/// assert_eq!(overlaps_sphere_obb3(&Sphere::new(Vec3::new(0.0, 0.0, 2.5), 1.0), &b), Ok(false));
/// assert_eq!(overlaps_sphere_obb3(&Sphere::new(Vec3::new(0.0, 0.0, 1.5), 1.0), &b), Ok(true));
/// ```
pub fn overlaps_sphere_obb3<T: Real>(sphere: &Sphere<T>, b: &Obb3<T>) -> Result<bool, Error> {
    classify_sphere_obb3(sphere, b).map(Proximity::overlaps)
}

/// Squared distance from a point to a solid oriented box (0 inside), in
/// the box's frame: the squared length of the gaps along the axes as given
/// (for unit axes, the squared distance).
///
/// ```
/// use swept::geom::{Obb3, Vec3};
/// use swept::query::circle_box::distance_squared_point_obb3;
/// // [-1, 1] x [-2, 2] x [-1, 1] (as above); the point (4, 6, -3) is 3,
/// // 4 and 2 beyond its faces: 9 + 16 + 4.
/// let (u, s) = (Vec3::new(0.0, 1.0, 0.0), Vec3::new(-1.0, 0.0, 0.0));
/// let b = Obb3::try_from_axes(Vec3::new(0.0, 0.0, 0.0), u, s, [2.0, 1.0, 1.0]).unwrap();
/// assert_eq!(distance_squared_point_obb3(&Vec3::new(4.0, 6.0, -3.0), &b), Ok(29.0));
/// ```
pub fn distance_squared_point_obb3<T: Real>(p: &Vec3<T>, b: &Obb3<T>) -> Result<T, Error> {
    let axes = || orthonormal3(&b.axes);
    let names = const { obb_names::<3, 19>(Quantity::Point) };
    let input = checked::<T, 3, 19>(obb3_inputs(p, b), &names, axes)?;
    let [d] = construct(&Obb::<3>, &input, &names, &[Quantity::Distance])?;
    Ok(d)
}
