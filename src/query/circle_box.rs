//! Static circle vs box and sphere vs box: overlap, and the squared distance
//! from a point to a box (after C. A. Shaffer, "Fast Circle-Rectangle
//! Intersection Checking", Graphics Gems, and its 3D form).
//!
//! # Regions and predicates
//! Per axis, a coordinate `c` lies below, inside or above the box's slab
//! `[lo, hi]` (Shaffer's three regions per axis: 9 in 2D, 27 in 3D), and
//! its *gap* is `lo - c`, `0` or `c - hi`: `max(lo - c, 0) + max(c - hi,
//! 0)` (degree 1 in each region). The squared distance from `c` to the
//! solid box is the sum of the squared gaps, and one predicate classifies:
//! the sign of `Σ gap² - r²` (degree 2 in each region) is negative for
//! [`Proximity::Overlapping`], zero for [`Proximity::Touching`], positive
//! for [`Proximity::Disjoint`]. The region needs no decision of its own:
//! the exact layer takes positive parts exactly, and its filter carries
//! its error bound through them (`crate::exact`).
//!
//! For an oriented box (center `o`, axes `a_i`, half extents `e_i`; two
//! axes in 2D, three in 3D) the point in the box frame is `s_i = (p - o) ·
//! a_i` (degree 2 in the inputs, the axes being inputs), its gap on axis
//! `i` is `max(|s_i| - e_i, 0)`, and the class is the sign of `Σ gap² - r²`
//! (degree 4), one procedure for both dimensions. The axes are used as
//! given, never normalised: the answer is exact for the box they span,
//! which is the box meant where they are exactly unit and orthogonal
//! (e.g. `(3/5, 4/5)` and `(-4/5, 3/5)`, on the exact backend only: no
//! axis off the coordinate axes is exactly unit in a binary format); axes
//! further than
//! [`AXIS_TOLERANCE`](crate::query::AXIS_TOLERANCE) from orthonormal give
//! [`Error::BadAxes`].
//!
//! In Shaffer's listing each region has its own test (an edge region
//! compares one gap with `r`, a corner region the sum of squares with
//! `r²`); with a zero gap on the other axes the sum of squares is the same
//! decision, so one predicate serves every region. His listing uses strict
//! `<` everywhere (touching is not overlap) but returns TRUE when the box
//! contains the center whatever the radius, so for radius 0 it answers
//! "overlap" for a center strictly inside and "no overlap" for a center on
//! the box's edge (`|0| < 0` is false): inconsistent at radius 0. Here both
//! are `Touching` (`tests/circle_box.rs` pins it).
//!
//! # Exactness
//! Every sign is decided by the exact layer ([`crate::exact`]): each
//! backend gives the exact class of its own input. The squared distances
//! are constructions rounded once, to nearest (ties to even) on every
//! backend.
//!
//! # Semantics
//! Closed: touching counts as overlap; `classify_*` tells the three cases
//! apart (strict overlap is `== Overlapping`). A zero radius is a point, so
//! a point inside or on the box is `Touching`. NaN or infinite inputs give
//! [`Error::NotFinite`], a negative radius or half extent or a box
//! whose minimum exceeds its maximum [`Error::Negative`], each naming
//! the input.
//!
//! # Domain
//! Every finite input is answered. A squared distance outside the
//! backend's range is [`Error::OutOfRange`]; on floats, inputs spread
//! over more binary orders than the exact fallback holds give
//! [`Error::Spread`] where that fallback is needed (see
//! [`crate::exact`]).

mod oriented;

pub use oriented::{
    classify_circle_obb2, classify_sphere_obb3, distance_squared_point_obb2,
    distance_squared_point_obb3, overlaps_circle_obb2, overlaps_sphere_obb3,
};

use crate::Real;
use crate::exact::{Construction, Dim, Finish, Procedure, Ring, Signs, Surd, each_index};
use crate::geom::{Aabb2, Aabb3, Circle, Sphere, Vec2, Vec3};
use crate::query::{Error, Quantity, construct, decide, finite, inline, nonnegative};
use core::cmp::Ordering;

/// How a static circle (or sphere) and a box relate.
///
/// ```
/// use swept::geom::{Aabb2, Circle, Vec2};
/// use swept::query::circle_box::{Proximity, classify_circle_aabb2};
/// // The unit square; a circle of radius 1 centered 1 to its right touches.
/// let b = Aabb2::new(Vec2::new(0.0, 0.0), Vec2::new(1.0, 1.0));
/// let c = Circle::new(Vec2::new(2.0, 0.5), 1.0);
/// let p = classify_circle_aabb2(&c, &b).unwrap();
/// assert_eq!(p, Proximity::Touching);
/// assert!(p.overlaps());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Proximity {
    /// The distance from the center to the box exceeds the radius.
    Disjoint,
    /// The distance equals the radius: the boundaries touch (or, radius 0, the
    /// point lies in the box).
    Touching,
    /// The distance is less than the radius: the interiors overlap.
    Overlapping,
}

impl Proximity {
    /// Closed overlap: touching counts.
    ///
    /// ```
    /// use swept::query::circle_box::Proximity;
    /// assert!(Proximity::Touching.overlaps());
    /// assert!(!Proximity::Disjoint.overlaps());
    /// ```
    pub fn overlaps(self) -> bool {
        self != Proximity::Disjoint
    }

    fn of(order: Ordering) -> Proximity {
        match order {
            Ordering::Less => Proximity::Overlapping,
            Ordering::Equal => Proximity::Touching,
            Ordering::Greater => Proximity::Disjoint,
        }
    }
}

/// The gap of `c` outside `[lo, hi]`: `max(lo - c, 0) + max(c - hi, 0)`
/// (at most one term is positive, `lo <= hi` being checked), which is
/// `lo - c` below the slab, `c - hi` above it, 0 inside.
#[inline(always)]
fn slab_gap<R: Ring>(c: &R, lo: &R, hi: &R) -> R {
    (lo.clone() - c.clone()).positive_part() + (c.clone() - hi.clone()).positive_part()
}

/// `Σ gap²` over the axes: inputs per axis `c, lo, hi`; each axis at
/// constant indices where the ring's values carry constants
/// ([`Ring::FOLDS`]), else a loop.
#[inline(always)]
fn aabb_gaps<R: Ring, const N: usize>(x: &[R; N]) -> R {
    let mut sum = R::zero();
    let mut axis = inline(
        #[inline(always)]
        |a: &[R]| {
            if let [c, lo, hi] = a {
                let g = slab_gap(c, lo, hi);
                sum = sum.clone() + g.clone() * g;
            }
        },
    );
    if R::FOLDS {
        each_index::<R, N>(inline(
            #[inline(always)]
            |i| {
                if let (0, Some(a)) = (i % 3, x.get(i..i + 3)) {
                    axis(a);
                }
            },
        ));
    } else {
        x.chunks_exact(3).for_each(axis);
    }
    sum
}

/// An aligned box: the inputs are, per axis, the coordinate and the slab's
/// low and high ends; to classify, the radius last. The class is the sign
/// of `Σ gap² - r²`.
struct Aabb;

impl<const N: usize> Procedure<N> for Aabb {
    type Out = Ordering;
    const DIMS: [Dim; N] = [Dim::LENGTH; N];
    const DEGREE: u32 = 2;
    #[inline(always)]
    fn run<R: Ring>(&self, x: &[R; N], s: &mut Signs) -> Ordering {
        let mut sum = aabb_gaps(x);
        if let [r] = x.chunks_exact(3).remainder() {
            sum = sum - r.clone() * r.clone();
        }
        s.sign(&sum)
    }
}

impl<const N: usize> Construction<N, 1> for Aabb {
    const DIMS: [Dim; N] = [Dim::LENGTH; N];
    const OUT: [Dim; 1] = [Dim::new(2, 0, 0)];
    const DEGREE: u32 = 2;
    #[inline(always)]
    fn build<R: Ring, O: Finish<R, 1>>(&self, x: &[R; N], out: O) -> O::Out {
        out.finish(&R::zero(), &[Surd::value(aabb_gaps(x)).into()])
    }
}

/// The inputs of an aligned box query, per axis `c, lo, hi` (`point`
/// names `c`), then the radius if there is one, checked. Only the
/// extents' order and the radius' sign are tested on the way: a
/// non-finite input that passes them is named by the exact layer, by its
/// index, which is the order the full check names it in ([`faults`]).
#[inline(always)]
fn checked<T: Real, const N: usize>(x: [T; N], point: Quantity) -> Result<[T; N], Error> {
    let axes = x.chunks_exact(3);
    let mut ok = axes.remainder().iter().all(|r| *r >= T::zero());
    for a in axes {
        ok &= ordered(a);
    }
    if !ok {
        faults(&x, point)?;
    }
    Ok(x)
}

/// Whether an axis `c, lo, hi` has `lo <= hi`.
#[inline(always)]
fn ordered<T: Real>(axis: &[T]) -> bool {
    matches!(axis, [_, lo, hi] if lo <= hi)
}

/// The first fault of an aligned box query's inputs ([`checked`]): a
/// non-finite input, then a box whose minimum exceeds its maximum, then
/// the radius.
#[cold]
#[inline(never)]
fn faults<T: Real, const N: usize>(x: &[T; N], point: Quantity) -> Result<(), Error> {
    let names = [point, Quantity::Min, Quantity::Max];
    let axes = x.chunks_exact(3);
    for (v, name) in axes.clone().flatten().zip(names.iter().cycle()) {
        finite(v, *name)?;
    }
    if !axes.clone().all(ordered) {
        return Err(Error::Negative(Quantity::Extent));
    }
    axes.remainder()
        .iter()
        .try_for_each(|r| radius(r).map(|_| ()))
}

/// Checks the radius.
#[inline(always)]
fn radius<T: Real>(r: &T) -> Result<&T, Error> {
    finite(r, Quantity::Radius)?;
    nonnegative([r], &[Quantity::Radius])?;
    Ok(r)
}

/// How a circle relates to an axis-aligned rectangle.
///
/// ```
/// use swept::geom::{Aabb2, Circle, Vec2};
/// use swept::query::circle_box::{classify_circle_aabb2, Proximity};
/// let b = Aabb2::new(Vec2::new(0.0, 0.0), Vec2::new(2.0, 1.0));
/// // Center (3, 2): both gaps are 1, distance √2.
/// let c = |r: f64| Circle::new(Vec2::new(3.0, 2.0), r);
/// assert_eq!(classify_circle_aabb2(&c(1.0), &b), Ok(Proximity::Disjoint));
/// assert_eq!(classify_circle_aabb2(&c(1.5), &b), Ok(Proximity::Overlapping));
/// // Center (1, 3): due north, gap 2.
/// let n = Circle::new(Vec2::new(1.0, 3.0), 2.0);
/// assert_eq!(classify_circle_aabb2(&n, &b), Ok(Proximity::Touching));
/// ```
pub fn classify_circle_aabb2<T: Real>(
    circle: &Circle<T>,
    b: &Aabb2<T>,
) -> Result<Proximity, Error> {
    let (c, r) = (&circle.center, &circle.radius);
    let (lo, hi) = (&b.min, &b.max);
    let input = [
        c.x.clone(),
        lo.x.clone(),
        hi.x.clone(),
        c.y.clone(),
        lo.y.clone(),
        hi.y.clone(),
        r.clone(),
    ];
    let input = checked(input, Quantity::Center)?;
    let order = decide(&Aabb, &input, &const { aabb_names(Quantity::Center) })?;
    Ok(Proximity::of(order))
}

/// Closed overlap of a circle and an axis-aligned rectangle (touching counts).
///
/// ```
/// use swept::geom::{Aabb2, Circle, Vec2};
/// use swept::query::circle_box::overlaps_circle_aabb2;
/// let b = Aabb2::new(Vec2::new(0.0, 0.0), Vec2::new(2.0, 1.0));
/// // Center (1, 3), due north of the box, gap 2: a radius of 2 touches.
/// assert_eq!(overlaps_circle_aabb2(&Circle::new(Vec2::new(1.0, 3.0), 2.0), &b), Ok(true));
/// assert_eq!(overlaps_circle_aabb2(&Circle::new(Vec2::new(1.0, 3.0), 1.5), &b), Ok(false));
/// ```
pub fn overlaps_circle_aabb2<T: Real>(circle: &Circle<T>, b: &Aabb2<T>) -> Result<bool, Error> {
    classify_circle_aabb2(circle, b).map(Proximity::overlaps)
}

/// How a sphere relates to an axis-aligned box.
///
/// ```
/// use swept::geom::{Aabb3, Sphere, Vec3};
/// use swept::query::circle_box::{Proximity, classify_sphere_aabb3};
/// // The unit cube; center (2, 2, 2): gaps 1, 1, 1, distance √3 ≈ 1.73.
/// let cube = Aabb3::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 1.0));
/// let s = |r: f32| Sphere::new(Vec3::new(2.0, 2.0, 2.0), r);
/// assert_eq!(classify_sphere_aabb3(&s(1.7), &cube), Ok(Proximity::Disjoint));
/// assert_eq!(classify_sphere_aabb3(&s(1.75), &cube), Ok(Proximity::Overlapping));
/// ```
pub fn classify_sphere_aabb3<T: Real>(
    sphere: &Sphere<T>,
    b: &Aabb3<T>,
) -> Result<Proximity, Error> {
    let (c, r) = (&sphere.center, &sphere.radius);
    let (lo, hi) = (&b.min, &b.max);
    let input = [
        c.x.clone(),
        lo.x.clone(),
        hi.x.clone(),
        c.y.clone(),
        lo.y.clone(),
        hi.y.clone(),
        c.z.clone(),
        lo.z.clone(),
        hi.z.clone(),
        r.clone(),
    ];
    let input = checked(input, Quantity::Center)?;
    let order = decide(&Aabb, &input, &const { aabb_names(Quantity::Center) })?;
    Ok(Proximity::of(order))
}

/// Closed overlap of a sphere and an axis-aligned box (touching counts).
///
/// ```
/// use swept::geom::{Aabb3, Sphere, Vec3};
/// use swept::query::circle_box::overlaps_sphere_aabb3;
/// // Center (0.5, 0.5, 3) above the unit cube, gap 2: radius 2 touches.
/// let cube = Aabb3::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 1.0));
/// let s = Sphere::new(Vec3::new(0.5, 0.5, 3.0), 2.0);
/// assert_eq!(overlaps_sphere_aabb3(&s, &cube), Ok(true));
/// ```
pub fn overlaps_sphere_aabb3<T: Real>(sphere: &Sphere<T>, b: &Aabb3<T>) -> Result<bool, Error> {
    classify_sphere_aabb3(sphere, b).map(Proximity::overlaps)
}

/// Squared distance from a point to a solid axis-aligned rectangle (0 inside).
///
/// Generic over the backend; on fixed point the result is rounded once
/// (here exact: every value is a multiple of the LSB).
///
/// ```
/// use fixed::types::I32F32;
/// use swept::geom::{Aabb2, Vec2};
/// use swept::query::circle_box::distance_squared_point_aabb2;
/// // Gaps 3 and 4 from the corner (2, 1): squared distance 25.
/// let q = |v: f64| I32F32::from_num(v);
/// let b = Aabb2::new(Vec2::new(q(0.0), q(0.0)), Vec2::new(q(2.0), q(1.0)));
/// let p = Vec2::new(q(5.0), q(5.0));
/// assert_eq!(distance_squared_point_aabb2(&p, &b), Ok(q(25.0)));
/// // Inside: 0.
/// let inside = Vec2::new(q(1.5), q(0.25));
/// assert_eq!(distance_squared_point_aabb2(&inside, &b), Ok(q(0.0)));
/// ```
pub fn distance_squared_point_aabb2<T: Real>(p: &Vec2<T>, b: &Aabb2<T>) -> Result<T, Error> {
    let (lo, hi) = (&b.min, &b.max);
    distance([
        p.x.clone(),
        lo.x.clone(),
        hi.x.clone(),
        p.y.clone(),
        lo.y.clone(),
        hi.y.clone(),
    ])
}

/// Squared distance from a point to a solid axis-aligned box (0 inside).
///
/// ```
/// use swept::geom::{Aabb3, Vec3};
/// use swept::query::circle_box::distance_squared_point_aabb3;
/// // Gaps 1, 2 and 2 beyond the unit cube: 1 + 4 + 4 = 9.
/// let cube = Aabb3::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 1.0));
/// assert_eq!(distance_squared_point_aabb3(&Vec3::new(2.0, -2.0, 3.0), &cube), Ok(9.0));
/// ```
pub fn distance_squared_point_aabb3<T: Real>(p: &Vec3<T>, b: &Aabb3<T>) -> Result<T, Error> {
    let (lo, hi) = (&b.min, &b.max);
    distance([
        p.x.clone(),
        lo.x.clone(),
        hi.x.clone(),
        p.y.clone(),
        lo.y.clone(),
        hi.y.clone(),
        p.z.clone(),
        lo.z.clone(),
        hi.z.clone(),
    ])
}

/// The squared distance to an aligned box, rounded once.
fn distance<T: Real, const N: usize>(input: [T; N]) -> Result<T, Error> {
    let input = checked(input, Quantity::Point)?;
    let names = const { aabb_names(Quantity::Point) };
    let [d] = construct(&Aabb, &input, &names, &[Quantity::Distance])?;
    Ok(d)
}

/// The names of an aligned box query's inputs: per axis the coordinate
/// (`point`), the low and high ends; the radius last.
const fn aabb_names<const N: usize>(point: Quantity) -> [Quantity; N] {
    let mut q = [Quantity::Radius; N];
    let mut i = 0;
    while i + 3 <= N {
        q[i] = point;
        q[i + 1] = Quantity::Min;
        q[i + 2] = Quantity::Max;
        i += 3;
    }
    q
}
