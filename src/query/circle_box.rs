//! Static circle vs box and sphere vs box: overlap, and the squared distance
//! from a point to a box (seed 001, Shaffer, "Fast Circle-Rectangle
//! Intersection Checking", Graphics Gems, and its 3D form).
//!
//! # Math
//! Per axis, the center `c` lies below, inside or above the box's slab
//! `[lo, hi]` (Shaffer's regions: 3 per axis, so 9 in 2D and 27 in 3D). Its
//! *gap* on that axis is `lo - c`, `0` or `c - hi`, i.e.
//! `max(lo - c, c - hi, 0)`, and the squared distance from `c` to the solid
//! box is the sum of the squared gaps. Two predicates decide:
//!
//! * [`gap_beyond_radius`]: `gap > r` on some axis (degree 1). Then the
//!   center is beyond the radius whatever the other axes say: `Disjoint`.
//! * [`compare_distance_radius`]: the sign of `Σ gap² - r²` (degree 2),
//!   with every gap capped at `r` first, which changes nothing when the first
//!   predicate is false and bounds each square by `r²` (fixed point cannot
//!   overflow).
//!
//! In Shaffer's listing each region has its own test (an edge region compares
//! one gap with `r`, a corner region the sum of squares with `r²`); with a
//! zero gap on the other axes, the sum-of-squares test is the same decision,
//! so one formula serves all regions. Every decision is the sign of a
//! polynomial of degree at most 2 in the inputs; no square root or division
//! is taken, so the exact backend decides exactly. For the oriented box the
//! point is first projected on the axes, `s_i = (p - center) · axis_i`, and
//! the gap is `max(|s_i| - e_i, 0)` (degree 2, so the distance test is degree
//! 4 in the inputs). Axes are used as given: for an exact answer they must be
//! exactly unit and orthogonal (e.g. `(3/5, 4/5)` and `(-4/5, 3/5)`); axes
//! further than [`AXIS_TOLERANCE`](crate::query::AXIS_TOLERANCE) from
//! orthonormal give [`QueryError::BadAxes`].
//!
//! # Semantics
//! Closed: touching counts as overlap. [`classify_circle_aabb2`] and its
//! siblings tell the three cases apart (`Disjoint`, `Touching`,
//! `Overlapping`): strict semantics is `== Overlapping`. A zero radius is a
//! point, so a point inside or on the box is `Touching` (distance 0 = r). A
//! negative radius is an empty disc: always `Disjoint`. An inverted box
//! (`min > max` on an axis) has a positive gap for every center on that axis:
//! it behaves as an empty slab, and the answer is `Disjoint` or, at worst,
//! what the gaps say; it never panics.
//!
//! Shaffer's listing uses strict `<` everywhere (touching is not overlap) but
//! returns TRUE when the box contains the center whatever the radius, so for
//! radius 0 it answers "overlap" for a center strictly inside and "no
//! overlap" for a center on the box's edge (`|0| < 0` is false): inconsistent
//! at radius 0. Here both are `Touching`; `tests/circle_box.rs` pins it.
//!
//! # Why branch-free gaps, not the listing's regions or a clamp
//! Measured by `cargo bench --bench static` on W3 (N = 10^6, f32, this
//! machine): the listing's branch per region mispredicts on random queries
//! (about 15-26 ns per query); the clamp form `Σ (clamp(c, lo, hi) - c)²`
//! is fastest (about 2.7 ns) but squares every axis, so in fixed point its
//! domain shrinks to coordinates within `M(2, 3)` (2^5 in `I16F16`, against
//! 2^14 here), and it has no domain check. The shipped form computes the same
//! gaps without a branch and keeps the exact early exit (about 5 ns,
//! domain check included). All three make the same decisions: identical on
//! the exact backend (the same polynomials), and on all 10^6 W3 queries in
//! f64 (printed by the bench).
//!
//! # Error bound
//! Gaps are single subtractions. Fixed point: gaps are exact, the early exit
//! is exact, and the distance test compares double-width products
//! ([`Real::Wide`]): aligned boxes are decided exactly (`tests/circle_box.rs`
//! asserts no kind differs from the oracle's); for the oriented box the
//! local center is a rounded dot product.
//! Floats: each gap has relative error at most u (unit roundoff), so the
//! corner test's sides are within about 3u relative; decisions agree with the
//! exact ones outside that band (`tests/circle_box.rs` checks this).
//!
//! # Domain
//! With `M` = [`Real::magnitude_limit`]: box and center coordinates within
//! `M(1, 1)` (their differences fit) and the radius within `M(2, 1)` (2D) or
//! `M(2, 2)` (3D). For the oriented box: coordinates and half extents within
//! `M(1, 3)`, axis coordinates within 2, radius within `M(2, 1)`. For
//! `I16F16` that is coordinates up to 2^14 (2^12 for the oriented box) and a
//! radius up to 2^6; for `I32F32`, 2^30 (2^28) and 2^14.
//! "Within" is checked by [`Real::all_within`]: for floats the sum of the
//! magnitudes, for fixed point each magnitude (strictly below the limit). The squared distances need
//! coordinates within `M(2, 3)` (2D) or `M(2, 4)` (3D): up to 2^5 in `I16F16`.
//! Outside: [`QueryError::OutOfDomain`]; NaN or infinity: [`QueryError::NotFinite`].

use crate::Real;
use crate::geom::{Aabb2, Aabb3, Circle, Obb2, Sphere, Vec2, Vec3};
use crate::query::{QueryError, check_axes, check_domain, compare, max, min};
use core::cmp::Ordering;

/// How a static circle (or sphere) and a box relate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    pub fn overlaps(self) -> bool {
        self != Proximity::Disjoint
    }
}

/// The gap of `c` outside the slab `[lo, hi]`: `lo - c` below it, `c - hi`
/// above it, 0 inside (Shaffer's per-axis region, without a branch).
#[inline]
fn slab_gap<T: Real>(c: &T, lo: &T, hi: &T) -> T {
    max(
        max(lo.clone() - c.clone(), c.clone() - hi.clone()),
        T::zero(),
    )
}

/// Sign of `gap - r` (degree 1): true if the gap alone puts the center
/// beyond the radius.
#[inline]
pub fn gap_beyond_radius<T: Real>(gap: &T, r: &T) -> bool {
    gap > r
}

/// Sign of `Σ gap² - r²` (degree 2, in [`Real::Wide`]: exact on fixed
/// point). Each gap is first capped at `r`, which changes nothing when no
/// gap exceeds `r` (the only case this decides) and bounds every term by
/// `r²`, so the sum cannot overflow.
#[inline]
pub fn compare_distance_radius<T: Real>(gaps: &[T], r: &T) -> Ordering {
    let (sum, r2) = distance_radius_sides(gaps, r);
    compare(&sum, &r2)
}

/// [`compare_distance_radius`] on gaps computed with rounding, and whether
/// its outcome is the exact one: `err` bounds the error of `Σ gap² - r²`
/// (see [`Real::wide_separated`]; no bound: taken as exact).
#[inline]
pub(crate) fn compare_distance_radius_within<T: Real>(
    gaps: &[T],
    r: &T,
    err: Option<&T>,
) -> (Ordering, bool) {
    let (sum, r2) = distance_radius_sides(gaps, r);
    let sure = err.is_none_or(|err| T::wide_separated(&sum, &r2, err));
    (compare(&sum, &r2), sure)
}

#[inline]
fn distance_radius_sides<T: Real>(gaps: &[T], r: &T) -> (T::Wide, T::Wide) {
    let mut sum = T::wide(&T::zero(), &T::zero());
    for g in gaps {
        let g = min(g.clone(), r.clone());
        sum = sum + T::wide(&g, &g);
    }
    (sum, T::wide(r, r))
}

/// The classification shared by all boxes, from the per-axis gaps. Both
/// predicates are always evaluated and combined without a branch: on random
/// queries the per-region branches of the listing mispredict (see the
/// module doc).
#[inline]
fn classify_gaps<T: Real>(gaps: &[T], r: &T) -> Proximity {
    let far = gaps
        .iter()
        .fold(false, |far, g| far | gap_beyond_radius(g, r));
    let order = compare_distance_radius(gaps, r);
    // `|`, not `||`: no branch on the (unpredictable) gap test.
    if far | (order == Ordering::Greater) {
        Proximity::Disjoint
    } else if order == Ordering::Equal {
        Proximity::Touching
    } else {
        Proximity::Overlapping
    }
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
/// // Center (2, 3): due north, gap 2.
/// let n = Circle::new(Vec2::new(1.0, 3.0), 2.0);
/// assert_eq!(classify_circle_aabb2(&n, &b), Ok(Proximity::Touching));
/// ```
pub fn classify_circle_aabb2<T: Real>(
    circle: &Circle<T>,
    b: &Aabb2<T>,
) -> Result<Proximity, QueryError> {
    let (c, r) = (&circle.center, &circle.radius);
    let coords = [&c.x, &c.y, &b.min.x, &b.min.y, &b.max.x, &b.max.y];
    check_domain(coords, T::magnitude_limit(1, 1))?;
    check_domain([r], T::magnitude_limit(2, 1))?;
    let gaps = [
        slab_gap(&c.x, &b.min.x, &b.max.x),
        slab_gap(&c.y, &b.min.y, &b.max.y),
    ];
    Ok(classify_gaps(&gaps, r))
}

/// Closed overlap of a circle and an axis-aligned rectangle (touching counts).
pub fn overlaps_circle_aabb2<T: Real>(
    circle: &Circle<T>,
    b: &Aabb2<T>,
) -> Result<bool, QueryError> {
    classify_circle_aabb2(circle, b).map(Proximity::overlaps)
}

/// How a sphere relates to an axis-aligned box.
pub fn classify_sphere_aabb3<T: Real>(
    sphere: &Sphere<T>,
    b: &Aabb3<T>,
) -> Result<Proximity, QueryError> {
    let (c, r) = (&sphere.center, &sphere.radius);
    let coords = [
        &c.x, &c.y, &c.z, &b.min.x, &b.min.y, &b.min.z, &b.max.x, &b.max.y, &b.max.z,
    ];
    check_domain(coords, T::magnitude_limit(1, 1))?;
    check_domain([r], T::magnitude_limit(2, 2))?;
    let gaps = [
        slab_gap(&c.x, &b.min.x, &b.max.x),
        slab_gap(&c.y, &b.min.y, &b.max.y),
        slab_gap(&c.z, &b.min.z, &b.max.z),
    ];
    Ok(classify_gaps(&gaps, r))
}

/// Closed overlap of a sphere and an axis-aligned box (touching counts).
pub fn overlaps_sphere_aabb3<T: Real>(
    sphere: &Sphere<T>,
    b: &Aabb3<T>,
) -> Result<bool, QueryError> {
    classify_sphere_aabb3(sphere, b).map(Proximity::overlaps)
}

/// The gap of the projection `s` outside `[-e, e]` (0 inside).
#[inline]
fn centered_gap<T: Real>(s: T, e: &T) -> T {
    max(s.abs() - e.clone(), T::zero())
}

/// Checks an oriented box's inputs and returns the local coordinates of `p`.
fn obb_local<T: Real>(p: &Vec2<T>, b: &Obb2<T>, limit: Option<T>) -> Result<[T; 2], QueryError> {
    let [a0, a1] = &b.axes;
    let [e0, e1] = &b.half_extents;
    let coords = [&p.x, &p.y, &b.center.x, &b.center.y, e0, e1];
    // Axes first: a refusal is then the same on every backend.
    check_axes(a0, a1)?;
    check_domain(coords, limit)?;
    let d = p.clone() - b.center.clone();
    Ok([d.dot(a0), d.dot(a1)])
}

/// How a circle relates to an oriented rectangle.
pub fn classify_circle_obb2<T: Real>(
    circle: &Circle<T>,
    b: &Obb2<T>,
) -> Result<Proximity, QueryError> {
    let r = &circle.radius;
    let [s0, s1] = obb_local(&circle.center, b, T::magnitude_limit(1, 3))?;
    check_domain([r], T::magnitude_limit(2, 1))?;
    let [e0, e1] = &b.half_extents;
    Ok(classify_gaps(
        &[centered_gap(s0, e0), centered_gap(s1, e1)],
        r,
    ))
}

/// Closed overlap of a circle and an oriented rectangle (touching counts).
pub fn overlaps_circle_obb2<T: Real>(circle: &Circle<T>, b: &Obb2<T>) -> Result<bool, QueryError> {
    classify_circle_obb2(circle, b).map(Proximity::overlaps)
}

/// Sum of the squares.
#[inline]
fn sum_squares<T: Real>(gaps: impl IntoIterator<Item = T>) -> T {
    gaps.into_iter().fold(T::zero(), |s, g| s + g.clone() * g)
}

/// Squared distance from a point to a solid axis-aligned rectangle (0 inside).
pub fn distance_squared_point_aabb2<T: Real>(p: &Vec2<T>, b: &Aabb2<T>) -> Result<T, QueryError> {
    let coords = [&p.x, &p.y, &b.min.x, &b.min.y, &b.max.x, &b.max.y];
    check_domain(coords, T::magnitude_limit(2, 3))?;
    Ok(sum_squares([
        slab_gap(&p.x, &b.min.x, &b.max.x),
        slab_gap(&p.y, &b.min.y, &b.max.y),
    ]))
}

/// Squared distance from a point to a solid axis-aligned box (0 inside).
pub fn distance_squared_point_aabb3<T: Real>(p: &Vec3<T>, b: &Aabb3<T>) -> Result<T, QueryError> {
    let coords = [
        &p.x, &p.y, &p.z, &b.min.x, &b.min.y, &b.min.z, &b.max.x, &b.max.y, &b.max.z,
    ];
    check_domain(coords, T::magnitude_limit(2, 4))?;
    Ok(sum_squares([
        slab_gap(&p.x, &b.min.x, &b.max.x),
        slab_gap(&p.y, &b.min.y, &b.max.y),
        slab_gap(&p.z, &b.min.z, &b.max.z),
    ]))
}

/// Squared distance from a point to a solid oriented rectangle (0 inside).
/// Domain: coordinates and half extents within `M(2, 8)`, axis coordinates
/// within 2.
pub fn distance_squared_point_obb2<T: Real>(p: &Vec2<T>, b: &Obb2<T>) -> Result<T, QueryError> {
    let [s0, s1] = obb_local(p, b, T::magnitude_limit(2, 8))?;
    let [e0, e1] = &b.half_extents;
    Ok(sum_squares([centered_gap(s0, e0), centered_gap(s1, e1)]))
}
