//! Many queries at once: every sweep and static query over slices, with
//! the same name and the same answers, bit for bit, as the query it
//! batches.
//!
//! # Layout
//! One slice per argument of the query (its structs of arrays at the level
//! of objects, as an entity system keeps positions apart from velocities),
//! a time limit or a choice of sides shared by the whole batch, and the
//! results written into the caller's slice: no allocation, and no copy
//! into a layout of the crate's. Query `i` takes element `i` of every
//! slice; the shortest slice sets how many are answered, and that count
//! is returned.
//!
//! # Evaluation
//! The sweeps against an aligned rectangle or box run in chunks of
//! [`LANES`]: first their early exit (the center beyond a dilated face
//! and not moving toward it, decided by [`exceeds`](crate::exact::exceeds)
//! and comparisons of inputs) on every lane, branch-free, which the
//! compiler vectorises; then the full query on the lanes that exit does
//! not settle, gathered so that no branch depends on the data. The scalar
//! query takes that same early exit, so a lane's answer does not depend on
//! the path. The other queries run the scalar query lane by lane.
//!
//! ```
//! use swept::geom::{Aabb2, Circle, Vec2};
//! use swept::query::{Sweep, batch};
//! let unit = Aabb2::new(Vec2::new(-1.0, -1.0), Vec2::new(1.0, 1.0));
//! let circles = [Circle::new(Vec2::new(4.0, 0.0), 1.0), Circle::new(Vec2::new(4.0, 0.0), 1.0)];
//! let velocities = [Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0)];
//! let still = [Vec2::new(0.0, 0.0); 2];
//! let mut out = [Ok(Sweep::Miss); 2];
//! let n = batch::sweep_circle_aabb2(&circles, &velocities, &[unit; 2], &still, &mut out);
//! assert_eq!(n, 2);
//! // The first closes in and touches the face x = 1 at t = 2; the second
//! // moves away.
//! assert_eq!(out[0].unwrap().hit().map(|h| h.time), Some(2.0));
//! assert_eq!(out[1], Ok(Sweep::Miss));
//! ```

use crate::Real;
use crate::error::Error;
use crate::geom::{Aabb2, Aabb3, Circle, Obb2, Obb3, Segment2, Sphere, Vec2, Vec3};
use crate::query::Sweep;
use crate::query::circle_box::{self, Proximity};
use crate::query::sweep::Every;
use crate::query::sweep_circle_segment::Sides;
use crate::query::{
    sweep_circle_circle as pair, sweep_circle_rect as rect, sweep_circle_segment as segment,
    sweep_sphere_box as sphere_box,
};

/// Lanes of a chunk: the early exits of a chunk are decided together.
pub const LANES: usize = 16;

/// Answers query `i` of a chunk-filtered batch: `gone(i)` is the early
/// exit of lane `i` (branch-free), `full(i)` the full query, which writes
/// its result; lanes that exit get `miss`.
#[inline(always)]
fn filtered<O>(
    n: usize,
    out: &mut [O],
    gone: impl Fn(usize) -> bool,
    miss: impl Fn() -> O,
    full: impl Fn(usize) -> O,
) -> usize {
    let out = out.get_mut(..n).unwrap_or_default();
    for (c, chunk) in out.chunks_mut(LANES).enumerate() {
        let base = c * LANES;
        let mut exits = [false; LANES];
        for (j, e) in exits.iter_mut().enumerate().take(chunk.len()) {
            *e = gone(base + j);
        }
        // The lanes left, gathered: `k <= j < LANES`.
        let mut left = [0u8; LANES];
        let mut k = 0;
        for (j, (e, o)) in exits.iter().zip(chunk.iter_mut()).enumerate() {
            *o = miss();
            left[k % LANES] = j as u8;
            k += usize::from(!*e);
        }
        for &j in left.get(..k).unwrap_or_default() {
            let j = usize::from(j);
            if let Some(o) = chunk.get_mut(j) {
                *o = full(base + j);
            }
        }
    }
    n
}

/// A batch of sweeps against aligned boxes, `M` moving at `V` against `B`
/// moving at `V`: `gone` is the query's early exit, `full` the rest of it
/// (the scalar query is the two in turn).
#[inline(always)]
fn aligned<T: Real, M, V, B>(
    (movers, mover_velocities, boxes, box_velocities): (&[M], &[V], &[B], &[V]),
    max_time: Option<&T>,
    out: &mut [Result<Sweep<T, V>, Error>],
    gone: impl Fn(&M, &V, &B, &V, Option<&T>) -> bool,
    full: impl Fn(&M, &V, &B, &V, Option<&T>) -> Result<Sweep<T, V>, Error>,
) -> usize {
    let miss = || Ok(Sweep::Miss);
    let n = out
        .len()
        .min(movers.len())
        .min(mover_velocities.len())
        .min(boxes.len())
        .min(box_velocities.len());
    let at = |i: usize| {
        Some((
            movers.get(i)?,
            mover_velocities.get(i)?,
            boxes.get(i)?,
            box_velocities.get(i)?,
        ))
    };
    filtered(
        n,
        out,
        |i| at(i).is_some_and(|(m, mv, b, bv)| gone(m, mv, b, bv, max_time)),
        miss,
        |i| match at(i) {
            Some((m, mv, b, bv)) => full(m, mv, b, bv, max_time),
            None => miss(),
        },
    )
}

/// [`sweep_circle_aabb2`](rect::sweep_circle_aabb2) on each `i`:
/// `circles[i]` moving at `circle_velocities[i]` against `rects[i]` moving
/// at `rect_velocities[i]`, into `out[i]`; returns how many were answered
/// (the shortest slice's length).
///
/// ```
/// use swept::geom::{Aabb2, Circle, Vec2};
/// use swept::query::{Sweep, batch, sweep_circle_rect};
/// let (c, v) = ([Circle::new(Vec2::new(4.0, 0.0), 1.0)], [Vec2::new(-1.0, 0.0)]);
/// let (b, still) = ([Aabb2::new(Vec2::new(-1.0, -1.0), Vec2::new(1.0, 1.0))], [Vec2::new(0.0, 0.0)]);
/// let mut out = [Ok(Sweep::Miss)];
/// assert_eq!(batch::sweep_circle_aabb2(&c, &v, &b, &still, &mut out), 1);
/// assert_eq!(out[0], sweep_circle_rect::sweep_circle_aabb2(&c[0], &v[0], &b[0], &still[0]));
/// ```
pub fn sweep_circle_aabb2<T: Real>(
    circles: &[Circle<T>],
    circle_velocities: &[Vec2<T>],
    rects: &[Aabb2<T>],
    rect_velocities: &[Vec2<T>],
    out: &mut [Result<Sweep<T>, Error>],
) -> usize {
    let slices = (circles, circle_velocities, rects, rect_velocities);
    let (gone, full) = (rect::aabb_gone, rect::sweep_aabb_in_full::<T, Every>);
    aligned(slices, None, out, gone, full)
}

/// [`sweep_circle_aabb2_within`](rect::sweep_circle_aabb2_within) on each
/// `i`, with one `max_time` for all, as [`sweep_circle_aabb2`].
///
/// ```
/// use swept::geom::{Aabb2, Circle, Vec2};
/// use swept::query::{Sweep, batch, sweep_circle_rect};
/// let (c, v) = ([Circle::new(Vec2::new(4.0, 0.0), 1.0)], [Vec2::new(-1.0, 0.0)]);
/// let (b, still) = ([Aabb2::new(Vec2::new(-1.0, -1.0), Vec2::new(1.0, 1.0))], [Vec2::new(0.0, 0.0)]);
/// let mut out = [Ok(Sweep::Miss)];
/// assert_eq!(batch::sweep_circle_aabb2_within(&c, &v, &b, &still, &2.5, &mut out), 1);
/// assert_eq!(out[0], sweep_circle_rect::sweep_circle_aabb2_within(&c[0], &v[0], &b[0], &still[0], &2.5));
/// ```
pub fn sweep_circle_aabb2_within<T: Real>(
    circles: &[Circle<T>],
    circle_velocities: &[Vec2<T>],
    rects: &[Aabb2<T>],
    rect_velocities: &[Vec2<T>],
    max_time: &T,
    out: &mut [Result<Sweep<T>, Error>],
) -> usize {
    let slices = (circles, circle_velocities, rects, rect_velocities);
    let (gone, full) = (rect::aabb_gone, rect::sweep_aabb_in_full::<T, Every>);
    aligned(slices, Some(max_time), out, gone, full)
}

/// [`sweep_sphere_aabb3`](sphere_box::sweep_sphere_aabb3) on each `i`, as
/// [`sweep_circle_aabb2`].
///
/// ```
/// use swept::geom::{Aabb3, Sphere, Vec3};
/// use swept::query::{Sweep, batch, sweep_sphere_box};
/// let (s, v) = ([Sphere::new(Vec3::new(4.0, 0.0, 0.0), 1.0)], [Vec3::new(-1.0, 0.0, 0.0)]);
/// let lo = Vec3::new(-1.0, -1.0, -1.0);
/// let (b, still) = ([Aabb3::new(lo, -lo)], [Vec3::new(0.0, 0.0, 0.0)]);
/// let mut out = [Ok(Sweep::Miss)];
/// assert_eq!(batch::sweep_sphere_aabb3(&s, &v, &b, &still, &mut out), 1);
/// assert_eq!(out[0], sweep_sphere_box::sweep_sphere_aabb3(&s[0], &v[0], &b[0], &still[0]));
/// // A hit at t = 2.
/// assert_eq!(out[0].unwrap().hit().map(|h| h.time), Some(2.0));
/// ```
pub fn sweep_sphere_aabb3<T: Real>(
    spheres: &[Sphere<T>],
    sphere_velocities: &[Vec3<T>],
    boxes: &[Aabb3<T>],
    box_velocities: &[Vec3<T>],
    out: &mut [Result<Sweep<T, Vec3<T>>, Error>],
) -> usize {
    let slices = (spheres, sphere_velocities, boxes, box_velocities);
    let (gone, full) = (
        sphere_box::aabb_gone,
        sphere_box::sweep_aabb_in_full::<T, Every>,
    );
    aligned(slices, None, out, gone, full)
}

/// [`sweep_sphere_aabb3_within`](sphere_box::sweep_sphere_aabb3_within) on
/// each `i`, with one `max_time` for all, as [`sweep_circle_aabb2`].
///
/// ```
/// use swept::geom::{Aabb3, Sphere, Vec3};
/// use swept::query::{Sweep, batch, sweep_sphere_box};
/// let (s, v) = ([Sphere::new(Vec3::new(4.0, 0.0, 0.0), 1.0)], [Vec3::new(-1.0, 0.0, 0.0)]);
/// let lo = Vec3::new(-1.0, -1.0, -1.0);
/// let (b, still) = ([Aabb3::new(lo, -lo)], [Vec3::new(0.0, 0.0, 0.0)]);
/// let mut out = [Ok(Sweep::Miss)];
/// assert_eq!(batch::sweep_sphere_aabb3_within(&s, &v, &b, &still, &2.5, &mut out), 1);
/// assert_eq!(out[0], sweep_sphere_box::sweep_sphere_aabb3_within(&s[0], &v[0], &b[0], &still[0], &2.5));
/// // A hit at t = 2.
/// assert_eq!(out[0].unwrap().hit().map(|h| h.time), Some(2.0));
/// ```
pub fn sweep_sphere_aabb3_within<T: Real>(
    spheres: &[Sphere<T>],
    sphere_velocities: &[Vec3<T>],
    boxes: &[Aabb3<T>],
    box_velocities: &[Vec3<T>],
    max_time: &T,
    out: &mut [Result<Sweep<T, Vec3<T>>, Error>],
) -> usize {
    let slices = (spheres, sphere_velocities, boxes, box_velocities);
    let (gone, full) = (
        sphere_box::aabb_gone,
        sphere_box::sweep_aabb_in_full::<T, Every>,
    );
    aligned(slices, Some(max_time), out, gone, full)
}

/// Batches a query lane by lane: `name(slices..., shared..., out)`, with
/// an example from one value per argument (`full`: the query's path).
macro_rules! lane_by_lane {
    ($(#[$doc:meta])* $name:ident = $scalar:path, $full:literal,
     ($($arg:ident: $ty:ty = $val:literal),+) $(, $shared:ident: $sty:ty = $sval:literal)*
     => $out:ty) => {
        $(#[$doc])*
        ///
        /// ```
        /// use swept::geom::*;
        /// use swept::query::batch;
        /// use swept::query::sweep_circle_segment::Sides;
        $(#[doc = concat!("let ", stringify!($arg), " = [", $val, "];")])+
        #[doc = "let mut out = [Err(swept::Error::Spread)];"]
        #[doc = concat!(
            "let n = batch::", stringify!($name), "(",
            $("&", stringify!($arg), ", ",)+ $($sval, ", ",)* "&mut out);"
        )]
        #[doc = "assert_eq!(n, 1);"]
        #[doc = concat!(
            "assert_eq!(out[0], swept::query::", $full, "(",
            $("&", stringify!($arg), "[0], ",)+ $($sval, ", ",)* "));"
        )]
        /// ```
        pub fn $name<T: Real>(
            $($arg: &[$ty],)+
            $($shared: $sty,)*
            out: &mut [Result<$out, Error>],
        ) -> usize {
            let n = out.len()$(.min($arg.len()))+;
            for (i, o) in out.iter_mut().take(n).enumerate() {
                if let ($(Some($arg),)+) = ($($arg.get(i),)+) {
                    *o = $scalar($($arg,)+ $($shared,)*);
                }
            }
            n
        }
    };
}

lane_by_lane!(
    /// [`sweep_circle_obb2`](rect::sweep_circle_obb2) on each `i`, as
    /// [`sweep_circle_aabb2`].
    sweep_circle_obb2 = rect::sweep_circle_obb2,
    "sweep_circle_rect::sweep_circle_obb2",
    (circles: Circle<T> = "Circle::new(Vec2::new(4.0, 0.0), 1.0)", circle_velocities: Vec2<T> = "Vec2::new(-1.0, 0.0)", rects: Obb2<T> = "Obb2::new(Vec2::new(0.0, 0.0), [Vec2::new(1.0, 0.0), Vec2::new(0.0, 1.0)], [1.0, 1.0])", rect_velocities: Vec2<T> = "Vec2::new(-1.0, 0.0)")
        => Sweep<T>
);
lane_by_lane!(
    /// [`sweep_circle_obb2_within`](rect::sweep_circle_obb2_within) on each
    /// `i`, with one `max_time` for all, as [`sweep_circle_aabb2`].
    sweep_circle_obb2_within = rect::sweep_circle_obb2_within,
    "sweep_circle_rect::sweep_circle_obb2_within",
    (circles: Circle<T> = "Circle::new(Vec2::new(4.0, 0.0), 1.0)", circle_velocities: Vec2<T> = "Vec2::new(-1.0, 0.0)", rects: Obb2<T> = "Obb2::new(Vec2::new(0.0, 0.0), [Vec2::new(1.0, 0.0), Vec2::new(0.0, 1.0)], [1.0, 1.0])", rect_velocities: Vec2<T> = "Vec2::new(-1.0, 0.0)"), max_time: &T = "&2.0"
        => Sweep<T>
);
lane_by_lane!(
    /// [`sweep_circle_circle`](pair::sweep_circle_circle) on each `i`,
    /// as [`sweep_circle_aabb2`].
    sweep_circle_circle = pair::sweep_circle_circle,
    "sweep_circle_circle::sweep_circle_circle",
    (circles: Circle<T> = "Circle::new(Vec2::new(4.0, 0.0), 1.0)", velocities: Vec2<T> = "Vec2::new(-1.0, 0.0)", others: Circle<T> = "Circle::new(Vec2::new(4.0, 0.0), 1.0)", other_velocities: Vec2<T> = "Vec2::new(-1.0, 0.0)")
        => Sweep<T>
);
lane_by_lane!(
    /// [`sweep_circle_circle_within`](pair::sweep_circle_circle_within)
    /// on each `i`, with one `max_time` for all, as [`sweep_circle_aabb2`].
    sweep_circle_circle_within = pair::sweep_circle_circle_within,
    "sweep_circle_circle::sweep_circle_circle_within",
    (circles: Circle<T> = "Circle::new(Vec2::new(4.0, 0.0), 1.0)", velocities: Vec2<T> = "Vec2::new(-1.0, 0.0)", others: Circle<T> = "Circle::new(Vec2::new(4.0, 0.0), 1.0)", other_velocities: Vec2<T> = "Vec2::new(-1.0, 0.0)"), max_time: &T = "&2.0"
        => Sweep<T>
);
lane_by_lane!(
    /// [`sweep_circle_segment`](segment::sweep_circle_segment) on each `i`,
    /// as [`sweep_circle_aabb2`].
    sweep_circle_segment = segment::sweep_circle_segment,
    "sweep_circle_segment::sweep_circle_segment",
    (circles: Circle<T> = "Circle::new(Vec2::new(4.0, 0.0), 1.0)", displacements: Vec2<T> = "Vec2::new(-1.0, 0.0)", segments: Segment2<T> = "Segment2::new(Vec2::new(1.0, -1.0), Vec2::new(1.0, 1.0))")
        => Sweep<T>
);
lane_by_lane!(
    /// [`sweep_circle_segment_sided`](segment::sweep_circle_segment_sided)
    /// on each `i`, with one choice of `sides` for all, as
    /// [`sweep_circle_aabb2`].
    sweep_circle_segment_sided = segment::sweep_circle_segment_sided,
    "sweep_circle_segment::sweep_circle_segment_sided",
    (circles: Circle<T> = "Circle::new(Vec2::new(4.0, 0.0), 1.0)", displacements: Vec2<T> = "Vec2::new(-1.0, 0.0)", segments: Segment2<T> = "Segment2::new(Vec2::new(1.0, -1.0), Vec2::new(1.0, 1.0))"), sides: Sides = "Sides::Front"
        => Sweep<T>
);
lane_by_lane!(
    /// [`sweep_sphere_obb3`](sphere_box::sweep_sphere_obb3) on each `i`, as
    /// [`sweep_circle_aabb2`].
    sweep_sphere_obb3 = sphere_box::sweep_sphere_obb3,
    "sweep_sphere_box::sweep_sphere_obb3",
    (spheres: Sphere<T> = "Sphere::new(Vec3::new(4.0, 0.0, 0.0), 1.0)", sphere_velocities: Vec3<T> = "Vec3::new(-1.0, 0.0, 0.0)", boxes: Obb3<T> = "Obb3::new(Vec3::new(0.0, 0.0, 0.0), [Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0), Vec3::new(0.0, 0.0, 1.0)], [1.0, 1.0, 1.0])", box_velocities: Vec3<T> = "Vec3::new(-1.0, 0.0, 0.0)")
        => Sweep<T, Vec3<T>>
);
lane_by_lane!(
    /// [`sweep_sphere_obb3_within`](sphere_box::sweep_sphere_obb3_within) on
    /// each `i`, with one `max_time` for all, as [`sweep_circle_aabb2`].
    sweep_sphere_obb3_within = sphere_box::sweep_sphere_obb3_within,
    "sweep_sphere_box::sweep_sphere_obb3_within",
    (spheres: Sphere<T> = "Sphere::new(Vec3::new(4.0, 0.0, 0.0), 1.0)", sphere_velocities: Vec3<T> = "Vec3::new(-1.0, 0.0, 0.0)", boxes: Obb3<T> = "Obb3::new(Vec3::new(0.0, 0.0, 0.0), [Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0), Vec3::new(0.0, 0.0, 1.0)], [1.0, 1.0, 1.0])", box_velocities: Vec3<T> = "Vec3::new(-1.0, 0.0, 0.0)"), max_time: &T = "&2.0"
        => Sweep<T, Vec3<T>>
);
lane_by_lane!(
    /// [`classify_circle_aabb2`](circle_box::classify_circle_aabb2) on each
    /// `i`, as [`sweep_circle_aabb2`].
    classify_circle_aabb2 = circle_box::classify_circle_aabb2,
    "circle_box::classify_circle_aabb2",
    (circles: Circle<T> = "Circle::new(Vec2::new(4.0, 0.0), 1.0)", rects: Aabb2<T> = "Aabb2::new(Vec2::new(-1.0, -1.0), Vec2::new(1.0, 1.0))")
        => Proximity
);
lane_by_lane!(
    /// [`overlaps_circle_aabb2`](circle_box::overlaps_circle_aabb2) on each
    /// `i`, as [`sweep_circle_aabb2`].
    overlaps_circle_aabb2 = circle_box::overlaps_circle_aabb2,
    "circle_box::overlaps_circle_aabb2",
    (circles: Circle<T> = "Circle::new(Vec2::new(4.0, 0.0), 1.0)", rects: Aabb2<T> = "Aabb2::new(Vec2::new(-1.0, -1.0), Vec2::new(1.0, 1.0))")
        => bool
);
lane_by_lane!(
    /// [`classify_circle_obb2`](circle_box::classify_circle_obb2) on each
    /// `i`, as [`sweep_circle_aabb2`].
    classify_circle_obb2 = circle_box::classify_circle_obb2,
    "circle_box::classify_circle_obb2",
    (circles: Circle<T> = "Circle::new(Vec2::new(4.0, 0.0), 1.0)", rects: Obb2<T> = "Obb2::new(Vec2::new(0.0, 0.0), [Vec2::new(1.0, 0.0), Vec2::new(0.0, 1.0)], [1.0, 1.0])")
        => Proximity
);
lane_by_lane!(
    /// [`overlaps_circle_obb2`](circle_box::overlaps_circle_obb2) on each
    /// `i`, as [`sweep_circle_aabb2`].
    overlaps_circle_obb2 = circle_box::overlaps_circle_obb2,
    "circle_box::overlaps_circle_obb2",
    (circles: Circle<T> = "Circle::new(Vec2::new(4.0, 0.0), 1.0)", rects: Obb2<T> = "Obb2::new(Vec2::new(0.0, 0.0), [Vec2::new(1.0, 0.0), Vec2::new(0.0, 1.0)], [1.0, 1.0])")
        => bool
);
lane_by_lane!(
    /// [`classify_sphere_aabb3`](circle_box::classify_sphere_aabb3) on each
    /// `i`, as [`sweep_circle_aabb2`].
    classify_sphere_aabb3 = circle_box::classify_sphere_aabb3,
    "circle_box::classify_sphere_aabb3",
    (spheres: Sphere<T> = "Sphere::new(Vec3::new(4.0, 0.0, 0.0), 1.0)", boxes: Aabb3<T> = "Aabb3::new(Vec3::new(-1.0, -1.0, -1.0), Vec3::new(1.0, 1.0, 1.0))")
        => Proximity
);
lane_by_lane!(
    /// [`overlaps_sphere_aabb3`](circle_box::overlaps_sphere_aabb3) on each
    /// `i`, as [`sweep_circle_aabb2`].
    overlaps_sphere_aabb3 = circle_box::overlaps_sphere_aabb3,
    "circle_box::overlaps_sphere_aabb3",
    (spheres: Sphere<T> = "Sphere::new(Vec3::new(4.0, 0.0, 0.0), 1.0)", boxes: Aabb3<T> = "Aabb3::new(Vec3::new(-1.0, -1.0, -1.0), Vec3::new(1.0, 1.0, 1.0))")
        => bool
);
lane_by_lane!(
    /// [`classify_sphere_obb3`](circle_box::classify_sphere_obb3) on each
    /// `i`, as [`sweep_circle_aabb2`].
    classify_sphere_obb3 = circle_box::classify_sphere_obb3,
    "circle_box::classify_sphere_obb3",
    (spheres: Sphere<T> = "Sphere::new(Vec3::new(4.0, 0.0, 0.0), 1.0)", boxes: Obb3<T> = "Obb3::new(Vec3::new(0.0, 0.0, 0.0), [Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0), Vec3::new(0.0, 0.0, 1.0)], [1.0, 1.0, 1.0])")
        => Proximity
);
lane_by_lane!(
    /// [`overlaps_sphere_obb3`](circle_box::overlaps_sphere_obb3) on each
    /// `i`, as [`sweep_circle_aabb2`].
    overlaps_sphere_obb3 = circle_box::overlaps_sphere_obb3,
    "circle_box::overlaps_sphere_obb3",
    (spheres: Sphere<T> = "Sphere::new(Vec3::new(4.0, 0.0, 0.0), 1.0)", boxes: Obb3<T> = "Obb3::new(Vec3::new(0.0, 0.0, 0.0), [Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0), Vec3::new(0.0, 0.0, 1.0)], [1.0, 1.0, 1.0])")
        => bool
);
lane_by_lane!(
    /// [`distance_squared_point_aabb2`](circle_box::distance_squared_point_aabb2)
    /// on each `i`, as [`sweep_circle_aabb2`].
    distance_squared_point_aabb2 = circle_box::distance_squared_point_aabb2,
    "circle_box::distance_squared_point_aabb2",
    (points: Vec2<T> = "Vec2::new(-1.0, 0.0)", rects: Aabb2<T> = "Aabb2::new(Vec2::new(-1.0, -1.0), Vec2::new(1.0, 1.0))")
        => T
);
lane_by_lane!(
    /// [`distance_squared_point_obb2`](circle_box::distance_squared_point_obb2)
    /// on each `i`, as [`sweep_circle_aabb2`].
    distance_squared_point_obb2 = circle_box::distance_squared_point_obb2,
    "circle_box::distance_squared_point_obb2",
    (points: Vec2<T> = "Vec2::new(-1.0, 0.0)", rects: Obb2<T> = "Obb2::new(Vec2::new(0.0, 0.0), [Vec2::new(1.0, 0.0), Vec2::new(0.0, 1.0)], [1.0, 1.0])")
        => T
);
lane_by_lane!(
    /// [`distance_squared_point_aabb3`](circle_box::distance_squared_point_aabb3)
    /// on each `i`, as [`sweep_circle_aabb2`].
    distance_squared_point_aabb3 = circle_box::distance_squared_point_aabb3,
    "circle_box::distance_squared_point_aabb3",
    (points: Vec3<T> = "Vec3::new(-1.0, 0.0, 0.0)", boxes: Aabb3<T> = "Aabb3::new(Vec3::new(-1.0, -1.0, -1.0), Vec3::new(1.0, 1.0, 1.0))")
        => T
);
lane_by_lane!(
    /// [`distance_squared_point_obb3`](circle_box::distance_squared_point_obb3)
    /// on each `i`, as [`sweep_circle_aabb2`].
    distance_squared_point_obb3 = circle_box::distance_squared_point_obb3,
    "circle_box::distance_squared_point_obb3",
    (points: Vec3<T> = "Vec3::new(-1.0, 0.0, 0.0)", boxes: Obb3<T> = "Obb3::new(Vec3::new(0.0, 0.0, 0.0), [Vec3::new(1.0, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0), Vec3::new(0.0, 0.0, 1.0)], [1.0, 1.0, 1.0])")
        => T
);
