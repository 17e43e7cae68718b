//! Degenerate-biased inputs for a moving sphere vs a moving box (3D),
//! built in the box's frame so that the hard cases are common, then placed
//! in the world as an aligned box or as an oriented one turned by an exact
//! rational rotation (so its axes are exactly orthonormal and
//! [`brute_obb3`](crate::brute_box3::brute_obb3) applies).
//!
//! In the frame the box is `[-k, k]` (a half extent is zero one time in
//! eight), the sphere of radius `r` (zero one time in ten) has its center
//! at `c` moving by `v` relative to the box. The boundary of the box
//! dilated by `r` is made of 6 face patches, 12 edge cylinders and 8
//! corner spheres; the paths ([`Path`]):
//!
//! * aimed through a point of that boundary (a face patch, a cylinder, a
//!   sphere, their seams), through a corner or an edge of the box itself
//!   (a point, `r = 0`, then runs exactly through an edge or a corner),
//!   through a corner or an edge of the box dilated per axis (two or three
//!   face planes crossed at once), reached at a chosen time `t0` (often 0:
//!   touching at the start; 1, 1/2, or a small rational);
//! * tangent to an edge cylinder (the velocity's part across the edge
//!   perpendicular to the offset from the edge, any part along it) or to a
//!   corner sphere (the velocity perpendicular to the offset from the
//!   corner): a graze when the tangent point is in the feature's own
//!   region;
//! * sliding in a dilated face plane, or along a cylinder parallel to its
//!   edge;
//! * starting on the boundary with any velocity (touching at 0, moving
//!   in, out or along);
//! * velocity parallel to a face, zero, along one axis, or general;
//! * nudged off any of these by 2^-16, 2^-23 relative or 2^-60 (a
//!   coordinate or the radius).
//!
//! Coordinates are small dyadics (exact ties), small non-dyadic rationals,
//! uniform `f64` values or nudged grid values ([`Gen::value`]); unit
//! directions come from Pythagorean triples and quadruples.

use crate::cases::rational_rotation;
use crate::exact::Exact;
use crate::generate::{Gen, TRIPLES};
use swept::Real;
use swept::geom::{Aabb3, Obb3, Sphere, Vec3};

fn q(n: i64, d: i64) -> Exact {
    Exact::ratio(n, d)
}

fn zero() -> Exact {
    Exact::zero()
}

/// Pythagorean quadruples `(a, b, c, d)`, `a² + b² + c² = d²`: `(a, b,
/// c) / d` is an exact rational unit vector (the last two lie in a
/// coordinate plane or along an axis).
pub const QUADRUPLES: [(i64, i64, i64, i64); 12] = [
    (1, 2, 2, 3),
    (2, 3, 6, 7),
    (1, 4, 8, 9),
    (4, 4, 7, 9),
    (2, 6, 9, 11),
    (6, 6, 7, 11),
    (3, 4, 12, 13),
    (2, 10, 11, 15),
    (1, 12, 12, 17),
    (8, 9, 12, 17),
    (0, 3, 4, 5),
    (0, 0, 1, 1),
];

/// Which kind of path a case was drawn as (for the tallies of a run).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Path {
    /// A random center and velocity.
    Random,
    /// Through a chosen point at a chosen time.
    Aimed,
    /// Tangent to an edge cylinder.
    GrazeEdge,
    /// Tangent to a corner sphere.
    GrazeCorner,
    /// In a dilated face plane, or along a cylinder parallel to its edge.
    Slide,
    /// On the dilated boundary at `t = 0`.
    Boundary,
    /// Velocity parallel to a face (a zero component).
    Parallel,
    /// Aimed, then a coordinate or the radius nudged by a tiny amount.
    Nudged,
}

/// A case in the box's frame: half extents `k`, center `c`, relative
/// velocity `v`, radius `r`, and how it was drawn.
#[derive(Clone, Debug)]
pub struct Local3 {
    /// Half extents (non-negative).
    pub k: [Exact; 3],
    /// The sphere's center at `t = 0`, in the frame.
    pub c: [Exact; 3],
    /// The sphere's velocity relative to the box, in the frame.
    pub v: [Exact; 3],
    /// Radius (non-negative).
    pub r: Exact,
    /// How the path was drawn.
    pub path: Path,
}

fn sign_pm(g: &mut Gen) -> i64 {
    [1, -1][g.below(2) as usize]
}

fn abs(x: Exact) -> Exact {
    if x.signum() < 0 { -x } else { x }
}

/// A rational unit vector with random signs and order.
pub fn unit3(g: &mut Gen) -> [Exact; 3] {
    let s = [sign_pm(g), sign_pm(g), sign_pm(g)];
    unit3_in(g, s)
}

/// A rational unit vector in the closed octant of signs `s`, its
/// coordinates in a random order.
pub fn unit3_in(g: &mut Gen, s: [i64; 3]) -> [Exact; 3] {
    let &(a, b, c, d) = g.pick(&QUADRUPLES);
    let mut m = [a, b, c];
    // A random permutation (Fisher-Yates on three).
    for i in (1..3).rev() {
        let j = g.below(i as u64 + 1) as usize;
        m.swap(i, j);
    }
    [q(s[0] * m[0], d), q(s[1] * m[1], d), q(s[2] * m[2], d)]
}

/// A rational unit vector of the plane in the closed quadrant of signs `s`.
pub fn unit2_in(g: &mut Gen, s: [i64; 2]) -> [Exact; 2] {
    let &(a, b, c) = g.pick(&TRIPLES);
    let (a, b) = if g.chance(0.5) { (a, b) } else { (b, a) };
    [q(s[0] * a, c), q(s[1] * b, c)]
}

/// A velocity: zero, along one axis, parallel to a coordinate plane, or
/// general.
pub fn velocity3(g: &mut Gen, range: i64) -> [Exact; 3] {
    let mut v = [g.value(range), g.value(range), g.value(range)];
    match g.below(100) {
        0..10 => v = [zero(), zero(), zero()],
        10..25 => {
            let keep = g.below(3) as usize;
            for (i, x) in v.iter_mut().enumerate() {
                if i != keep {
                    *x = zero();
                }
            }
        }
        25..45 => v[g.below(3) as usize] = zero(),
        _ => {}
    }
    v
}

/// A fraction in `[-1, 1]` biased to -1, 0 and 1 (the ends of a span).
fn fraction(g: &mut Gen) -> Exact {
    match g.below(7) {
        0 => q(1, 1),
        1 => q(-1, 1),
        2 => zero(),
        3 => g.third(1),
        _ => g.grid(1),
    }
}

/// A tiny nudge: a few 2^-60, or a few 2^-16 / 2^-23 relative of a grid
/// value near 0.
fn nudge(g: &mut Gen) -> Exact {
    if g.chance(0.3) {
        q(g.below(9) as i64 - 4, 1 << 60)
    } else {
        g.nudged(0)
    }
}

/// The other two axes of `m`, in cyclic order.
fn others(m: usize) -> (usize, usize) {
    ((m + 1) % 3, (m + 2) % 3)
}

/// A point on a face patch of the dilated box (its seams included).
fn face_point(g: &mut Gen, k: &[Exact; 3], r: &Exact) -> [Exact; 3] {
    let i = g.below(3) as usize;
    let mut x = [zero(), zero(), zero()];
    for (j, xj) in x.iter_mut().enumerate() {
        *xj = if j == i {
            q(sign_pm(g), 1) * (k[i].clone() + r.clone())
        } else {
            fraction(g) * k[j].clone()
        };
    }
    x
}

/// A point on an edge cylinder (in its own region, seams included): the
/// edge along `m` at `(s_i k_i, s_j k_j)`, offset by `r u` with `u` in the
/// edge's outward quadrant, at `x_m` within the span.
fn cylinder_point(g: &mut Gen, k: &[Exact; 3], r: &Exact) -> ([Exact; 3], usize, [Exact; 2]) {
    let m = g.below(3) as usize;
    let (i, j) = others(m);
    let s = [sign_pm(g), sign_pm(g)];
    let u = unit2_in(g, s);
    let mut x = [zero(), zero(), zero()];
    x[i] = q(s[0], 1) * k[i].clone() + r.clone() * u[0].clone();
    x[j] = q(s[1], 1) * k[j].clone() + r.clone() * u[1].clone();
    x[m] = fraction(g) * k[m].clone();
    (x, m, u)
}

/// A point on a corner sphere, in the corner's outward octant; the corner
/// and the unit offset.
fn sphere_point(g: &mut Gen, k: &[Exact; 3], r: &Exact) -> ([Exact; 3], [Exact; 3]) {
    let s = [sign_pm(g), sign_pm(g), sign_pm(g)];
    let u = unit3_in(g, s);
    let x = [0, 1, 2].map(|i| q(s[i], 1) * k[i].clone() + r.clone() * u[i].clone());
    (x, u)
}

/// A point of the dilated box's boundary.
fn boundary_point(g: &mut Gen, k: &[Exact; 3], r: &Exact) -> [Exact; 3] {
    match g.below(3) {
        0 => face_point(g, k, r),
        1 => cylinder_point(g, k, r).0,
        _ => sphere_point(g, k, r).0,
    }
}

/// A point a path is sent through.
fn target_point(g: &mut Gen, k: &[Exact; 3], r: &Exact) -> [Exact; 3] {
    let s = [0; 3].map(|_| q(sign_pm(g), 1));
    match g.below(24) {
        0..=13 => boundary_point(g, k, r),
        // A corner of the box dilated per axis: three face planes at once.
        14 | 15 => [0, 1, 2].map(|i| s[i].clone() * (k[i].clone() + r.clone())),
        // An edge of the box dilated per axis: two face planes at once.
        16 | 17 => {
            let m = g.below(3) as usize;
            let mut x = [0, 1, 2].map(|i| s[i].clone() * (k[i].clone() + r.clone()));
            x[m] = fraction(g) * k[m].clone();
            x
        }
        // A corner of the box itself.
        18 | 19 => [0, 1, 2].map(|i| s[i].clone() * k[i].clone()),
        // A point on an edge of the box itself.
        20 | 21 => {
            let m = g.below(3) as usize;
            let mut x = [0, 1, 2].map(|i| s[i].clone() * k[i].clone());
            x[m] = fraction(g) * k[m].clone();
            x
        }
        _ => [g.value(6), g.value(6), g.value(6)],
    }
}

/// A time at which a path reaches its point: 0 (touching at the start),
/// 1, 1/2, or a small non-negative rational.
fn reach_time(g: &mut Gen) -> Exact {
    match g.below(10) {
        0 | 1 => zero(),
        2 => q(1, 1),
        3 => q(1, 2),
        4 => abs(g.third(3)),
        _ => g.nonneg(3),
    }
}

/// `x - t v`, the start of a path through `x` at time `t`.
fn back(x: &[Exact; 3], v: &[Exact; 3], t: &Exact) -> [Exact; 3] {
    [0, 1, 2].map(|i| x[i].clone() - t.clone() * v[i].clone())
}

/// One case in the box's frame (module doc).
pub fn local_case3(g: &mut Gen) -> Local3 {
    let extent = |g: &mut Gen| if g.chance(0.12) { zero() } else { g.nonneg(4) };
    let k = [extent(g), extent(g), extent(g)];
    let r = if g.chance(0.1) { zero() } else { g.nonneg(3) };
    let (c, v, path) = match g.below(20) {
        0..=2 => (
            [g.value(12), g.value(12), g.value(12)],
            velocity3(g, 6),
            Path::Random,
        ),
        3..=7 => {
            let x = target_point(g, &k, &r);
            let v = if g.chance(0.15) {
                // Head-on toward the box's center.
                let s = g.nonneg(2);
                x.clone().map(|xi| -xi * s.clone())
            } else {
                velocity3(g, 6)
            };
            (back(&x, &v, &reach_time(g)), v, Path::Aimed)
        }
        8 | 9 => {
            let (x, m, u) = if g.chance(0.85) {
                cylinder_point(g, &k, &r)
            } else {
                // Offset outside the edge's own quadrant: may hit.
                let (mut x, m, _) = cylinder_point(g, &k, &r);
                let (i, j) = others(m);
                let s = [sign_pm(g), sign_pm(g)];
                let u = unit2_in(g, s);
                x[i] = k[i].clone() + r.clone() * u[0].clone();
                x[j] = k[j].clone() + r.clone() * u[1].clone();
                (x, m, u)
            };
            let (i, j) = others(m);
            let speed = g.value(4);
            let mut v = [zero(), zero(), zero()];
            v[i] = -u[1].clone() * speed.clone();
            v[j] = u[0].clone() * speed;
            v[m] = if g.chance(0.3) { zero() } else { g.value(4) };
            (back(&x, &v, &reach_time(g)), v, Path::GrazeEdge)
        }
        10 | 11 => {
            let (x, u) = if g.chance(0.85) {
                sphere_point(g, &k, &r)
            } else {
                let u = unit3(g);
                let x = [0, 1, 2].map(|i| k[i].clone() + r.clone() * u[i].clone());
                (x, u)
            };
            // v = u × w: perpendicular to the offset.
            let w = [g.grid(4), g.grid(4), g.grid(4)];
            let v = [
                u[1].clone() * w[2].clone() - u[2].clone() * w[1].clone(),
                u[2].clone() * w[0].clone() - u[0].clone() * w[2].clone(),
                u[0].clone() * w[1].clone() - u[1].clone() * w[0].clone(),
            ];
            (back(&x, &v, &reach_time(g)), v, Path::GrazeCorner)
        }
        12 | 13 => {
            if g.chance(0.6) {
                // In a dilated face plane, moving within it.
                let i = g.below(3) as usize;
                let mut c = [g.value(8), g.value(8), g.value(8)];
                c[i] = q(sign_pm(g), 1) * (k[i].clone() + r.clone());
                let mut v = velocity3(g, 6);
                v[i] = zero();
                (c, v, Path::Slide)
            } else {
                // On a cylinder, moving parallel to its edge.
                let (mut c, m, _) = cylinder_point(g, &k, &r);
                c[m] = g.value(10);
                let mut v = [zero(), zero(), zero()];
                v[m] = g.value(6);
                (c, v, Path::Slide)
            }
        }
        14 | 15 => (boundary_point(g, &k, &r), velocity3(g, 6), Path::Boundary),
        16 | 17 => {
            let mut v = velocity3(g, 6);
            v[g.below(3) as usize] = zero();
            let x = target_point(g, &k, &r);
            (back(&x, &v, &reach_time(g)), v, Path::Parallel)
        }
        _ => {
            let x = target_point(g, &k, &r);
            let v = velocity3(g, 6);
            let mut c = back(&x, &v, &reach_time(g));
            let i = g.below(4) as usize;
            if i < 3 {
                c[i] = c[i].clone() + nudge(g);
            }
            (c, v, Path::Nudged)
        }
    };
    let r = if path == Path::Nudged && g.chance(0.25) {
        abs(r + nudge(g))
    } else {
        r
    };
    Local3 { k, c, v, r, path }
}

/// A box velocity: zero one time in four, else small.
fn box_velocity(g: &mut Gen) -> Vec3<Exact> {
    if g.chance(0.25) {
        Vec3::zero()
    } else {
        Vec3::new(g.value(3), g.value(3), g.value(3))
    }
}

/// An aligned query from a frame case: the box centered at a random point,
/// moving; the sphere's velocity the relative one plus the box's.
pub fn place_aabb3(
    g: &mut Gen,
    l: &Local3,
) -> (Sphere<Exact>, Vec3<Exact>, Aabb3<Exact>, Vec3<Exact>) {
    let o = Vec3::new(g.value(8), g.value(8), g.value(8));
    let bv = box_velocity(g);
    let [k0, k1, k2] = l.k.clone();
    let k = Vec3::new(k0, k1, k2);
    let b = Aabb3::new(o.clone() - k.clone(), o.clone() + k);
    let [c0, c1, c2] = l.c.clone();
    let [v0, v1, v2] = l.v.clone();
    let s = Sphere::new(o + Vec3::new(c0, c1, c2), l.r.clone());
    (s, Vec3::new(v0, v1, v2) + bv.clone(), b, bv)
}

/// Exactly orthonormal axes: the identity, a rotation by a quaternion of
/// small integers (quarter and half turns among them), one axis negated
/// one time in five (the other handedness).
pub fn rational_axes(g: &mut Gen) -> [Vec3<Exact>; 3] {
    let q4 = match g.below(10) {
        0 => [1, 0, 0, 0],
        1 => {
            // A quarter or half turn about a coordinate axis.
            let mut q4 = [1, 0, 0, 0];
            q4[1 + g.below(3) as usize] = if g.chance(0.5) { 1 } else { -1 };
            if g.chance(0.3) {
                q4[0] = 0;
            }
            q4
        }
        _ => {
            let mut q4 = [0i64; 4];
            while q4 == [0; 4] {
                q4 = [0; 4].map(|_| g.below(7) as i64 - 3);
            }
            q4
        }
    };
    let mut axes = rational_rotation(q4);
    if g.chance(0.2) {
        let i = g.below(3) as usize;
        axes[i] = -axes[i].clone();
    }
    axes
}

/// An oriented query from a frame case: the box turned by exact axes
/// ([`rational_axes`]), centered at a random point, moving.
pub fn place_obb3(
    g: &mut Gen,
    l: &Local3,
) -> (Sphere<Exact>, Vec3<Exact>, Obb3<Exact>, Vec3<Exact>) {
    let axes = rational_axes(g);
    let o = Vec3::new(g.value(8), g.value(8), g.value(8));
    let bv = box_velocity(g);
    let [a0, a1, a2] = axes.clone();
    let at = |x: &[Exact; 3]| {
        a0.clone() * x[0].clone() + a1.clone() * x[1].clone() + a2.clone() * x[2].clone()
    };
    let s = Sphere::new(o.clone() + at(&l.c), l.r.clone());
    let sv = at(&l.v) + bv.clone();
    (s, sv, Obb3::new(o, axes, l.k.clone()), bv)
}

/// A W4 draw's oriented box with exactly orthonormal axes near W4's:
/// the rotation `Rz(yaw) Ry(pitch) Rx(roll)` as a quaternion, scaled by
/// 2^20 and rounded to integers ([`rational_rotation`]).
pub fn w4_axes(angles: [f64; 3]) -> [Vec3<Exact>; 3] {
    let [yaw, pitch, roll] = angles;
    let (cz, sz) = (libm::cos(yaw / 2.0), libm::sin(yaw / 2.0));
    let (cy, sy) = (libm::cos(pitch / 2.0), libm::sin(pitch / 2.0));
    let (cx, sx) = (libm::cos(roll / 2.0), libm::sin(roll / 2.0));
    // qz * qy * qx.
    let w = cz * cy * cx + sz * sy * sx;
    let x = cz * cy * sx - sz * sy * cx;
    let y = cz * sy * cx + sz * cy * sx;
    let z = sz * cy * cx - cz * sy * sx;
    let s = (1u64 << 20) as f64;
    let n = |a: f64| libm::round(a * s) as i64;
    rational_rotation([n(w), n(x), n(y), n(z)])
}
