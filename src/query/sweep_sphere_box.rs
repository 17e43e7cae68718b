//! Moving sphere vs moving box (aligned or oriented): the first hit, its
//! time, point, the sphere's center and the normal, by the rules of every
//! sweep ([`crate::query::sweep`]); Eberly's method for the rectangle
//! (module [`sweep_circle_rect`](super::sweep_circle_rect)) with the finer
//! region decomposition it calls for in 3D.
//!
//! # Reduction
//! As in 2D ([`sweep_circle_rect`](super::sweep_circle_rect)): motion
//! relative to the box, in its frame (an aligned box in doubled
//! coordinates `C = 2P - (min + max)`, `K = max - min`, `2r`, `2V`; an
//! oriented one in its axes as given, `C_j = (P - O) · a_j`, `V_j = V ·
//! a_j`, `K_j = e_j`), reflected so that `C` lies in the first octant. The
//! box is `[-k0, k0] × [-k1, k1] × [-k2, k2]`, `Δ = C - K`.
//!
//! # Regions and features
//! The center moves along `C + tV` against the rounded box `B_r` (points
//! within `r` of the box): the union of 6 offset faces, 12 edge cylinders
//! and 8 corner spheres. On each axis a point is *above* (`x_j >= k_j`),
//! *within* (`|x_j| <= k_j`) or *below* (`x_j <= -k_j`): the 26 products
//! other than within-within-within are the closed zones of the 26 features
//! (a feature is fixed at `±k_j` on the axes where the zone is above or
//! below, free elsewhere: one fixed axis a face, two an edge, three a
//! corner). In a feature's zone the distance to the box is the distance to
//! the feature's plane, line or point.
//!
//! * **t = 0**: the sign of `|g|² - r²` for the gaps `g_j = max(Δ_j, 0)`
//!   (degree 2): negative is overlapping (and for `r = 0`, a center inside
//!   every slab strictly); zero is touching, a hit at 0 iff the motion goes
//!   in, `v · g < 0` (degree 2; normal `g / r`), and for `r = 0` on the
//!   boundary `v_j < 0` on each axis where `Δ_j = 0`, the box having an
//!   interior (normal the face's, or `-V/|V|` on an edge or a corner).
//! * **The dilated box** `|x_j| <= k_j + r` contains the rounded one: a
//!   path that never meets it misses (per axis the times in its slab, each
//!   entry no later than every exit: `d_j u_m <= e_m s_j`, degree 2).
//! * **A feature's contact**: a face (high side `i`) at `t = d_i / s_i`,
//!   `d_i = Δ_i - r > 0`, `s_i = -v_i > 0`, the crossing within the other
//!   slabs, `|c_o s_i + d_i v_o| <= k_o s_i` (degree 2). A rounded feature
//!   (edge or corner `w`; `D = c - w`, `V` on its fixed axes) at the
//!   entering root `t = (q0 - √q1) / q2` of `q2 t² - 2 q0 t + far`, `q2 =
//!   |V|²`, `q0 = -V·D > 0`, `far = |D|² - r² > 0`, `q1 = q0² - q2 far > 0`
//!   (degree 4; `q1 = 0` is a tangent graze), the center then in the
//!   feature's zone: the sign of `q2 D_j + v_j q0 - v_j √q1` on each fixed
//!   axis and `|c_a + t v_a| <= k_a` on the free one (degree 6).
//! * **Why one accepted feature is the first contact, and every first
//!   contact is accepted**: the distance `f(t)` from the center to the box
//!   is convex. At an accepted feature's time `f = r`, and `f` decreases
//!   (the feature's own distance does, to first order, even on the zone's
//!   boundary), so `f > r` before it: the contact is the first, and
//!   entering. Conversely at the first contact `t*` (`f(t*) = r`, `f' < 0`,
//!   else a graze) the center lies in the closed zone of some feature; that
//!   feature's distance equals `f` there with the same gradient, so `t*` is
//!   its entering root and it is accepted. Hence no two candidates' times
//!   need comparing: the features are tried in a fixed order and the first
//!   accepted is the answer (at a zone boundary two may be; they give the
//!   same contact).
//! * **Which features are tried** (complete by the argument above, and
//!   since the coordinates move monotonically): on axis `j` above if
//!   `Δ_j >= 0` or `v_j > 0`, within if `Δ_j <= 0` or `v_j < 0`, below if
//!   `v_j < 0` (the reflected center has `c_j >= 0`); and only features with a high
//!   fixed axis moved toward (`v_j < 0`): the normal `n` at a contact has
//!   `n_j` of the side's sign on fixed axes, 0 on free ones, and `n·V < 0`.
//!   A low face is never hit first: it lies beyond the center's side.
//! * **`r = 0`**: the rounded features vanish (`q1 = -|V × D|² <= 0`), the
//!   faces' closed zones take every contact; a point reaching two face
//!   planes at once (`d_o s_i = d_i s_o`, degree 2) runs through an edge or
//!   corner: its normal is `-V/|V|`.
//! * **`max_time`**: on a face `d_i <= T s_i`; on a rounded feature `q0 - T
//!   q2 <= 0` or `(q0 - T q2)² <= q1` (degree 6 with `T`).
//!
//! In the inputs the degrees double for the oriented box. Every sign is
//! decided by the exact layer ([`crate::exact`]): exactly, on every
//! backend.
//!
//! # Construction
//! Built last, in world coordinates, each value rounded once (to nearest,
//! ties to even). The sphere's center at the hit is
//! `p + t v_sphere`; the point is the box's, carried by the box: on a face
//! the face's coordinate and the center's other two; on an edge the edge's
//! two and the center's along it; at a corner the corner. The normal is a
//! face's `±a_i`, or `(D + tV) / r` on a rounded feature.
//!
//! # Degenerate cases and domain
//! As for the rectangle: zero relative velocity is a miss unless
//! overlapping; a zero extent makes the box a rectangle, a segment or a
//! point (no interior); sliding along a dilated face or a tangent graze is
//! a miss. NaN or infinity: [`Error::NotFinite`] naming the input; a
//! negative radius or half extent, or `min > max`: [`Error::Negative`];
//! oriented axes further than
//! [`AXIS_TOLERANCE`](crate::query::AXIS_TOLERANCE) from orthonormal:
//! [`Error::BadAxes`]; a contact time or point outside the backend's range:
//! [`Error::OutOfRange`]; floats whose exact fallback is needed for inputs
//! spread too far apart: [`Error::Spread`].

mod aligned;
mod canonical;
mod oriented;

use crate::Real;
use crate::error::{Error, Quantity};
use crate::geom::{Aabb3, Obb3, Sphere, Vec3};
use crate::query::sweep::{
    Build, Every, Sweep, TimeOnly, before_start, leaves_aligned, limit, within_limit, zero,
};
use crate::query::{decide_checked, nonnegative};
use canonical::Found;

/// The early exit (module doc, [`leaves_aligned`]): true only if the
/// query is certainly a miss there. Branch-free.
#[inline(always)]
pub(crate) fn aabb_gone<T: Real>(
    s: &Sphere<T>,
    cv: &Vec3<T>,
    b: &Aabb3<T>,
    bv: &Vec3<T>,
    max_time: Option<&T>,
) -> bool {
    let (p, lo, hi) = (&s.center, &b.min, &b.max);
    let sides = [
        [&p.x, &p.y, &p.z],
        [&lo.x, &lo.y, &lo.z],
        [&hi.x, &hi.y, &hi.z],
        [&cv.x, &cv.y, &cv.z],
        [&bv.x, &bv.y, &bv.z],
    ];
    leaves_aligned(sides, &s.radius, max_time)
}

/// Moving sphere vs moving axis-aligned box: the first hit at any time
/// `t >= 0` (the rules: [`crate::query::sweep`]).
///
/// ```
/// use swept::geom::{Aabb3, Sphere, Vec3};
/// use swept::query::{Hit, Sweep, sweep_sphere_box::sweep_sphere_aabb3};
/// // The cube [-1,1]³; a unit sphere at (4, 0, 0) moving left at speed 1
/// // reaches x = 1 + 1 at t = 2, touching the face x = 1 at (1, 0, 0).
/// let b = Aabb3::new(Vec3::new(-1.0, -1.0, -1.0), Vec3::new(1.0, 1.0, 1.0));
/// let s = Sphere::new(Vec3::new(4.0, 0.0, 0.0), 1.0);
/// let still = Vec3::new(0.0, 0.0, 0.0);
/// let hit = sweep_sphere_aabb3(&s, &Vec3::new(-1.0, 0.0, 0.0), &b, &still);
/// assert_eq!(
///     hit,
///     Ok(Sweep::Hit(Hit {
///         time: 2.0,
///         point: Vec3::new(1.0, 0.0, 0.0),
///         center: Vec3::new(2.0, 0.0, 0.0),
///         normal: Vec3::new(1.0, 0.0, 0.0),
///     }))
/// );
/// ```
pub fn sweep_sphere_aabb3<T: Real>(
    sphere: &Sphere<T>,
    sphere_velocity: &Vec3<T>,
    b: &Aabb3<T>,
    box_velocity: &Vec3<T>,
) -> Result<Sweep<T, Vec3<T>>, Error> {
    sweep_aabb::<T, Every>(sphere, sphere_velocity, b, box_velocity, None)
}

/// As [`sweep_sphere_aabb3`], counting only hits at `time <= max_time`.
/// The limit is decided exactly, before the time is computed.
///
/// ```
/// use swept::geom::{Aabb3, Sphere, Vec3};
/// use swept::query::{Sweep, sweep_sphere_box::sweep_sphere_aabb3_within};
/// // The hit of the example above comes at t = 2: not within 1.
/// let b = Aabb3::new(Vec3::new(-1.0, -1.0, -1.0), Vec3::new(1.0, 1.0, 1.0));
/// let s = Sphere::new(Vec3::new(4.0, 0.0, 0.0), 1.0);
/// let (v, still) = (Vec3::new(-1.0, 0.0, 0.0), Vec3::new(0.0, 0.0, 0.0));
/// assert_eq!(sweep_sphere_aabb3_within(&s, &v, &b, &still, &1.0), Ok(Sweep::Miss));
/// ```
pub fn sweep_sphere_aabb3_within<T: Real>(
    sphere: &Sphere<T>,
    sphere_velocity: &Vec3<T>,
    b: &Aabb3<T>,
    box_velocity: &Vec3<T>,
    max_time: &T,
) -> Result<Sweep<T, Vec3<T>>, Error> {
    sweep_aabb::<T, Every>(sphere, sphere_velocity, b, box_velocity, Some(max_time))
}

/// As [`sweep_sphere_aabb3`], building only the time of a hit: the same
/// answer, with `point`, `center`, `normal` and an overlap's `witness`
/// left out (`()`), and one value rounded instead of ten. Its domain is
/// at least the full query's.
///
/// ```
/// use swept::geom::{Aabb3, Sphere, Vec3};
/// use swept::query::sweep_sphere_box::sweep_sphere_aabb3_time;
/// let b = Aabb3::new(Vec3::new(-1.0, -1.0, -1.0), Vec3::new(1.0, 1.0, 1.0));
/// let s = Sphere::new(Vec3::new(4.0, 0.0, 0.0), 1.0);
/// let (v, still) = (Vec3::new(-1.0, 0.0, 0.0), Vec3::new(0.0, 0.0, 0.0));
/// let hit = sweep_sphere_aabb3_time(&s, &v, &b, &still).unwrap();
/// assert_eq!(hit.hit().map(|h| h.time), Some(2.0));
/// ```
pub fn sweep_sphere_aabb3_time<T: Real>(
    sphere: &Sphere<T>,
    sphere_velocity: &Vec3<T>,
    b: &Aabb3<T>,
    box_velocity: &Vec3<T>,
) -> Result<Sweep<T, ()>, Error> {
    sweep_aabb::<T, TimeOnly>(sphere, sphere_velocity, b, box_velocity, None)
}

/// As [`sweep_sphere_aabb3_within`], building only the time of a hit
/// ([`sweep_sphere_aabb3_time`]).
///
/// ```
/// use swept::geom::{Aabb3, Sphere, Vec3};
/// use swept::query::{Sweep, sweep_sphere_box::sweep_sphere_aabb3_time_within};
/// let b = Aabb3::new(Vec3::new(-1.0, -1.0, -1.0), Vec3::new(1.0, 1.0, 1.0));
/// let s = Sphere::new(Vec3::new(4.0, 0.0, 0.0), 1.0);
/// let (v, still) = (Vec3::new(-1.0, 0.0, 0.0), Vec3::new(0.0, 0.0, 0.0));
/// assert_eq!(sweep_sphere_aabb3_time_within(&s, &v, &b, &still, &1.0), Ok(Sweep::Miss));
/// ```
pub fn sweep_sphere_aabb3_time_within<T: Real>(
    sphere: &Sphere<T>,
    sphere_velocity: &Vec3<T>,
    b: &Aabb3<T>,
    box_velocity: &Vec3<T>,
    max_time: &T,
) -> Result<Sweep<T, ()>, Error> {
    sweep_aabb::<T, TimeOnly>(sphere, sphere_velocity, b, box_velocity, Some(max_time))
}

/// The aligned box's faults other than a non-finite input: the limit, the
/// radius, the extents.
#[inline(always)]
fn aabb_faults<T: Real>(s: &Sphere<T>, b: &Aabb3<T>, max_time: Option<&T>) -> Result<(), Error> {
    let (lo, hi) = (&b.min, &b.max);
    let ok = (s.radius >= T::zero())
        & (lo.x <= hi.x)
        & (lo.y <= hi.y)
        & (lo.z <= hi.z)
        & max_time.is_none_or(T::is_finite);
    if ok {
        return Ok(());
    }
    name_aabb_fault(s, b, max_time)
}

/// The first fault [`aabb_faults`] found.
#[cold]
#[inline(never)]
fn name_aabb_fault<T: Real>(
    s: &Sphere<T>,
    b: &Aabb3<T>,
    max_time: Option<&T>,
) -> Result<(), Error> {
    limit(max_time)?;
    nonnegative([&s.radius], &[Quantity::Radius])?;
    let (lo, hi) = (&b.min, &b.max);
    if (lo.x <= hi.x) & (lo.y <= hi.y) & (lo.z <= hi.z) {
        Ok(())
    } else {
        Err(Error::Negative(Quantity::Extent))
    }
}

/// The inputs of the aligned box's procedures.
#[inline(always)]
fn aabb_inputs<T: Real>(s: &Sphere<T>, cv: &Vec3<T>, b: &Aabb3<T>, bv: &Vec3<T>) -> [T; 16] {
    let (p, lo, hi) = (&s.center, &b.min, &b.max);
    [
        p.x.clone(),
        p.y.clone(),
        p.z.clone(),
        lo.x.clone(),
        lo.y.clone(),
        lo.z.clone(),
        hi.x.clone(),
        hi.y.clone(),
        hi.z.clone(),
        s.radius.clone(),
        cv.x.clone(),
        cv.y.clone(),
        cv.z.clone(),
        bv.x.clone(),
        bv.y.clone(),
        bv.z.clone(),
    ]
}

/// The early exit, inline; every other case out of line.
#[inline]
fn sweep_aabb<T: Real, B: Build<T, Vec3<T>, 10>>(
    s: &Sphere<T>,
    cv: &Vec3<T>,
    b: &Aabb3<T>,
    bv: &Vec3<T>,
    max_time: Option<&T>,
) -> Result<Sweep<T, B::V>, Error> {
    if aabb_gone(s, cv, b, bv, max_time) {
        return Ok(Sweep::Miss);
    }
    sweep_aabb_in_full::<T, B>(s, cv, b, bv, max_time)
}

/// Every case of [`sweep_aabb`] (module doc).
#[inline(never)]
pub(crate) fn sweep_aabb_in_full<T: Real, B: Build<T, Vec3<T>, 10>>(
    s: &Sphere<T>,
    cv: &Vec3<T>,
    b: &Aabb3<T>,
    bv: &Vec3<T>,
    max_time: Option<&T>,
) -> Result<Sweep<T, B::V>, Error> {
    let mut x = aabb_inputs(s, cv, b, bv);
    let d = decide_checked(&aligned::Sweep, &x, &AABB_NAMES, || {
        aabb_faults(s, b, max_time)
    })?;
    match d.found {
        Found::Miss => return Ok(Sweep::Miss),
        Found::Overlap { inside } => {
            let witness = B::witness(|| Ok(aligned::witness(&s.center, b, d.neg, inside)))?;
            return Ok(Sweep::Overlapping { witness });
        }
        Found::Start(_) if before_start(max_time) => return Ok(Sweep::Miss),
        Found::Start(_) => {
            // The values do not depend on the velocities but for `-V/|V|`.
            if !matches!(d.found, Found::Start(canonical::Start::Edge)) {
                zero(&mut x, 10, 6);
            }
        }
        Found::Contact(_) | Found::Through(_) => {
            if let Some(t) = max_time {
                if !within_limit(&aligned::Within(d), &x, t, &AABB_NAMES)? {
                    return Ok(Sweep::Miss);
                }
            }
        }
    }
    B::hit(&aligned::Hit(d), &x, &AABB_NAMES, max_time).map(Sweep::Hit)
}

/// The names of the aligned box's inputs.
const AABB_NAMES: [Quantity; 16] = {
    use Quantity::{BoxVelocity, Center, Max, Min, Radius, Velocity};
    [
        Center,
        Center,
        Center,
        Min,
        Min,
        Min,
        Max,
        Max,
        Max,
        Radius,
        Velocity,
        Velocity,
        Velocity,
        BoxVelocity,
        BoxVelocity,
        BoxVelocity,
    ]
};

/// Moving sphere vs moving oriented box: the first hit at any time `t >=
/// 0` (the rules: [`crate::query::sweep`]). The axes are used as given
/// (see [`Obb3`]); axes further than
/// [`AXIS_TOLERANCE`](crate::query::AXIS_TOLERANCE) from orthonormal give
/// [`Error::BadAxes`].
///
/// ```
/// use swept::geom::{Obb3, Sphere, Vec3};
/// use swept::query::sweep_sphere_box::sweep_sphere_obb3;
/// // A 2 x 2 x 2 cube turned about z by the 3-4-5 rotation: its face
/// // normal a_0 = (3/5, 4/5, 0). A unit sphere 5 out along a_0, moving
/// // back along it at speed 1, meets the face (at distance 1 + 1) at t = 3.
/// let a = [Vec3::new(0.6, 0.8, 0.0), Vec3::new(-0.8, 0.6, 0.0), Vec3::new(0.0, 0.0, 1.0)];
/// let b = Obb3::try_new(Vec3::new(0.0, 0.0, 0.0), a, [1.0, 1.0, 1.0]).unwrap();
/// let s = Sphere::new(Vec3::new(3.0, 4.0, 0.0), 1.0);
/// let (v, still) = (Vec3::new(-0.6, -0.8, 0.0), Vec3::new(0.0, 0.0, 0.0));
/// let hit = *sweep_sphere_obb3(&s, &v, &b, &still).unwrap().hit().unwrap();
/// assert_eq!(hit.time, 3.0);
/// assert_eq!(hit.normal, a[0]);
/// ```
pub fn sweep_sphere_obb3<T: Real>(
    sphere: &Sphere<T>,
    sphere_velocity: &Vec3<T>,
    b: &Obb3<T>,
    box_velocity: &Vec3<T>,
) -> Result<Sweep<T, Vec3<T>>, Error> {
    oriented::sweep::<T, Every>(sphere, sphere_velocity, b, box_velocity, None)
}

/// As [`sweep_sphere_obb3`], counting only hits at `time <= max_time`.
///
/// ```
/// use swept::geom::{Obb3, Sphere, Vec3};
/// use swept::query::{Sweep, sweep_sphere_box::sweep_sphere_obb3_within};
/// let a = [Vec3::new(0.6, 0.8, 0.0), Vec3::new(-0.8, 0.6, 0.0), Vec3::new(0.0, 0.0, 1.0)];
/// let b = Obb3::try_new(Vec3::new(0.0, 0.0, 0.0), a, [1.0, 1.0, 1.0]).unwrap();
/// let s = Sphere::new(Vec3::new(3.0, 4.0, 0.0), 1.0);
/// let (v, still) = (Vec3::new(-0.6, -0.8, 0.0), Vec3::new(0.0, 0.0, 0.0));
/// assert_eq!(sweep_sphere_obb3_within(&s, &v, &b, &still, &2.5), Ok(Sweep::Miss));
/// ```
pub fn sweep_sphere_obb3_within<T: Real>(
    sphere: &Sphere<T>,
    sphere_velocity: &Vec3<T>,
    b: &Obb3<T>,
    box_velocity: &Vec3<T>,
    max_time: &T,
) -> Result<Sweep<T, Vec3<T>>, Error> {
    oriented::sweep::<T, Every>(sphere, sphere_velocity, b, box_velocity, Some(max_time))
}

/// As [`sweep_sphere_obb3`], building only the time of a hit (as
/// [`sweep_sphere_aabb3_time`]).
///
/// ```
/// use swept::geom::{Obb3, Sphere, Vec3};
/// use swept::query::sweep_sphere_box::sweep_sphere_obb3_time;
/// let a = [Vec3::new(0.6, 0.8, 0.0), Vec3::new(-0.8, 0.6, 0.0), Vec3::new(0.0, 0.0, 1.0)];
/// let b = Obb3::try_new(Vec3::new(0.0, 0.0, 0.0), a, [1.0, 1.0, 1.0]).unwrap();
/// let s = Sphere::new(Vec3::new(3.0, 4.0, 0.0), 1.0);
/// let (v, still) = (Vec3::new(-0.6, -0.8, 0.0), Vec3::new(0.0, 0.0, 0.0));
/// let hit = sweep_sphere_obb3_time(&s, &v, &b, &still).unwrap();
/// assert_eq!(hit.hit().map(|h| h.time), Some(3.0));
/// ```
pub fn sweep_sphere_obb3_time<T: Real>(
    sphere: &Sphere<T>,
    sphere_velocity: &Vec3<T>,
    b: &Obb3<T>,
    box_velocity: &Vec3<T>,
) -> Result<Sweep<T, ()>, Error> {
    oriented::sweep::<T, TimeOnly>(sphere, sphere_velocity, b, box_velocity, None)
}

/// As [`sweep_sphere_obb3_within`], building only the time of a hit (as
/// [`sweep_sphere_aabb3_time`]).
///
/// ```
/// use swept::geom::{Obb3, Sphere, Vec3};
/// use swept::query::{Sweep, sweep_sphere_box::sweep_sphere_obb3_time_within};
/// let a = [Vec3::new(0.6, 0.8, 0.0), Vec3::new(-0.8, 0.6, 0.0), Vec3::new(0.0, 0.0, 1.0)];
/// let b = Obb3::try_new(Vec3::new(0.0, 0.0, 0.0), a, [1.0, 1.0, 1.0]).unwrap();
/// let s = Sphere::new(Vec3::new(3.0, 4.0, 0.0), 1.0);
/// let (v, still) = (Vec3::new(-0.6, -0.8, 0.0), Vec3::new(0.0, 0.0, 0.0));
/// assert_eq!(sweep_sphere_obb3_time_within(&s, &v, &b, &still, &2.5), Ok(Sweep::Miss));
/// ```
pub fn sweep_sphere_obb3_time_within<T: Real>(
    sphere: &Sphere<T>,
    sphere_velocity: &Vec3<T>,
    b: &Obb3<T>,
    box_velocity: &Vec3<T>,
    max_time: &T,
) -> Result<Sweep<T, ()>, Error> {
    oriented::sweep::<T, TimeOnly>(sphere, sphere_velocity, b, box_velocity, Some(max_time))
}
