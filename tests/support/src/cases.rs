//! Input generators shared by tests, examples and fuzz targets: the
//! degenerate-biased mixes and the workloads, as exact inputs.

use crate::exact::Exact;
use crate::generate::{Gen, TRIPLES};
use crate::workload::{SplitMix64, w1, w3_box, w3_rect};
use swept::Real;
use swept::geom::{Aabb2, Aabb3, Circle, Obb2, Obb3, Sphere, Vec2, Vec3};

fn ex(x: f64) -> Exact {
    Exact::from_f64_exact(x).unwrap()
}

fn q(n: i64, d: i64) -> Exact {
    Exact::ratio(n, d)
}

/// A degenerate-biased aligned rectangle: corners from the value mix, and
/// half the time the center placed on an edge line or at a Pythagorean
/// distance from a corner, so touching is common.
pub fn biased_rect(g: &mut Gen) -> (Circle<Exact>, Aabb2<Exact>) {
    let (x0, y0) = (g.value(8), g.value(8));
    let (w, h) = (g.nonneg(6), g.nonneg(6));
    let b = Aabb2::new(Vec2::new(x0.clone(), y0.clone()), Vec2::new(x0 + w, y0 + h));
    let (center, r) = if g.chance(0.5) {
        // Center at (corner + (a, b) k), radius c k: touching a corner exactly.
        let &(a, bb, c) = g.pick(&TRIPLES);
        let k = Exact::ratio(1 + g.below(4) as i64, 1 << g.below(3));
        let r = Exact::ratio(c, 1) * k.clone();
        let corner = b.max.clone();
        let mut center = corner + Vec2::new(Exact::ratio(a, 1), Exact::ratio(bb, 1)) * k;
        if g.chance(0.5) {
            center.y = g.value(8); // then an edge or a corner region, near-touching often
        }
        let r = if g.chance(0.3) { r + g.nudged(0) } else { r };
        (center, r)
    } else {
        (Vec2::new(g.value(16), g.value(16)), g.nonneg(3))
    };
    (Circle::new(center, r), b)
}

pub fn biased_box(g: &mut Gen) -> (Sphere<Exact>, Aabb3<Exact>) {
    let (c, b2) = biased_rect(g);
    let z0 = g.value(8);
    let d = g.nonneg(6);
    let cz = if g.chance(0.5) {
        z0.clone() + d.clone() * Exact::ratio(1, 2)
    } else {
        g.value(16)
    };
    let b = Aabb3::new(
        Vec3::new(b2.min.x, b2.min.y, z0.clone()),
        Vec3::new(b2.max.x, b2.max.y, z0 + d),
    );
    (
        Sphere::new(Vec3::new(c.center.x, c.center.y, cz), c.radius),
        b,
    )
}

/// [`biased_rect`] turned by a Pythagorean rotation and moved: an oriented
/// box with exact axes, the circle placed as the rectangle's was.
pub fn biased_obb(g: &mut Gen) -> (Circle<Exact>, Obb2<Exact>) {
    let &(a, b, c) = g.pick(&TRIPLES);
    let (sa, sb) = ([1, -1][g.below(2) as usize], [1, -1][g.below(2) as usize]);
    let u = Vec2::new(Exact::ratio(sa * a, c), Exact::ratio(sb * b, c));
    let u = if g.chance(0.5) {
        u
    } else {
        Vec2::new(u.y.clone(), u.x.clone())
    };
    let (circle, rect) = biased_rect(g);
    // The rectangle turned by the exact rotation (u, u⊥) about its center
    // and moved to `center`, the circle with it: distances are kept
    // exactly, so touching stays touching.
    let half = Exact::ratio(1, 2);
    let mid = (rect.min.clone() + rect.max.clone()) * half.clone();
    let half = [
        (rect.max.x.clone() - rect.min.x.clone()) * half.clone(),
        (rect.max.y.clone() - rect.min.y.clone()) * half,
    ];
    let center = Vec2::new(g.value(8), g.value(8));
    let d = circle.center.clone() - mid;
    let at = center.clone() + u.clone() * d.x.clone() + u.perp() * d.y.clone();
    let circle = Circle::new(at, circle.radius);
    (circle, Obb2::new(center, [u.clone(), u.perp()], half))
}

pub fn w3_rect_exact(r: &mut SplitMix64) -> (Circle<Exact>, Aabb2<Exact>) {
    let w = w3_rect(r);
    let min = Vec2::new(ex(w.min[0]), ex(w.min[1]));
    let max = Vec2::new(ex(w.min[0]) + ex(w.size[0]), ex(w.min[1]) + ex(w.size[1]));
    (
        Circle::new(Vec2::new(ex(w.center[0]), ex(w.center[1])), ex(w.radius)),
        Aabb2::new(min, max),
    )
}

pub fn w3_box_exact(r: &mut SplitMix64) -> (Sphere<Exact>, Aabb3<Exact>) {
    let w = w3_box(r);
    let v = |a: [f64; 3]| Vec3::new(ex(a[0]), ex(a[1]), ex(a[2]));
    let min = v(w.min);
    let max = min.clone() + v(w.size);
    (Sphere::new(v(w.center), ex(w.radius)), Aabb3::new(min, max))
}

/// A degenerate-biased aligned query: grid values, velocities parallel to
/// edges, zero velocity, zero radius and extents, centers on the dilated
/// boundary, grazing lines.
pub fn sweep_biased_aabb(g: &mut Gen) -> (Circle<Exact>, Vec2<Exact>, Aabb2<Exact>, Vec2<Exact>) {
    let (x0, y0) = (g.value(4), g.value(4));
    let w = if g.chance(0.1) {
        Exact::zero()
    } else {
        g.nonneg(4)
    };
    let h = if g.chance(0.1) {
        Exact::zero()
    } else {
        g.nonneg(4)
    };
    let b = Aabb2::new(
        Vec2::new(x0.clone(), y0.clone()),
        Vec2::new(x0.clone() + w.clone(), y0.clone() + h.clone()),
    );
    let r = if g.chance(0.1) {
        Exact::zero()
    } else {
        g.nonneg(2)
    };
    let mut center = Vec2::new(g.value(12), g.value(12));
    if g.chance(0.3) {
        // On the dilated right edge line, or a corner's tangent line.
        center.x = b.max.x.clone()
            + r.clone()
            + if g.chance(0.5) {
                Exact::zero()
            } else {
                g.nonneg(6)
            };
    }
    let mut vel = Vec2::new(g.value(8), g.value(8));
    match g.below(6) {
        0 => vel.y = Exact::zero(),
        1 => vel.x = Exact::zero(),
        2 => vel = Vec2::zero(),
        3 => {
            // Aim at a corner, or tangent to its arc: from (px, py) toward the
            // corner offset by r along a Pythagorean direction.
            let &(a, bb, c) = g.pick(&TRIPLES);
            let target = b.max.clone()
                + Vec2::new(q(a, c), q(bb, c))
                    * r.clone()
                    * if g.chance(0.5) {
                        Exact::one()
                    } else {
                        Exact::zero()
                    };
            vel = target - center.clone();
        }
        _ => {}
    }
    let bv = if g.chance(0.5) {
        Vec2::zero()
    } else {
        Vec2::new(g.value(2), g.value(2))
    };
    (Circle::new(center, r), vel + bv.clone(), b, bv)
}

pub fn sweep_biased_obb(g: &mut Gen) -> (Circle<Exact>, Vec2<Exact>, Obb2<Exact>, Vec2<Exact>) {
    let (c, cv, b, bv) = sweep_biased_aabb(g);
    let &(a, bb, cc) = g.pick(&TRIPLES);
    let u = Vec2::new(q(a, cc), q(bb, cc));
    let half = [
        (b.max.x.clone() - b.min.x.clone()) * q(1, 2),
        (b.max.y.clone() - b.min.y.clone()) * q(1, 2),
    ];
    let center = Vec2::new(
        (b.max.x.clone() + b.min.x.clone()) * q(1, 2),
        (b.max.y.clone() + b.min.y.clone()) * q(1, 2),
    );
    (c, cv, Obb2::new(center, [u.clone(), u.perp()], half), bv)
}

/// A W1 draw as exact shapes: the circle, its velocity, the aligned and the
/// oriented rectangle, the rectangle's velocity. The oriented rectangle's
/// axes are the f64 cos/sin of the angle (unit to within an ulp, as users
/// pass them).
#[allow(clippy::type_complexity)]
pub fn w1_shapes_exact(
    r: &mut SplitMix64,
) -> (
    Circle<Exact>,
    Vec2<Exact>,
    Aabb2<Exact>,
    Obb2<Exact>,
    Vec2<Exact>,
) {
    let w = w1(r);
    let v = |p: [f64; 2]| Vec2::new(ex(p[0]), ex(p[1]));
    let circle = Circle::new(v(w.circle), ex(w.radius));
    let axis = [libm::cos(w.angle), libm::sin(w.angle)];
    let obb = Obb2::new(
        v(w.center),
        [v(axis), v([-axis[1], axis[0]])],
        [ex(w.half[0]), ex(w.half[1])],
    );
    let aabb = Aabb2::new(
        v([w.center[0] - w.half[0], w.center[1] - w.half[1]]),
        v([w.center[0] + w.half[0], w.center[1] + w.half[1]]),
    );
    (circle, v(w.circle_velocity), aabb, obb, v(w.rect_velocity))
}

/// A W1 draw as two circles: W1's circle and velocity, and a circle at the
/// rectangle's center with its first half extent as radius, moving with
/// the rectangle.
pub fn w1_circles_exact(
    r: &mut SplitMix64,
) -> (Circle<Exact>, Vec2<Exact>, Circle<Exact>, Vec2<Exact>) {
    let (c, cv, _, obb, bv) = w1_shapes_exact(r);
    let other = Circle::new(obb.center, obb.half_extents[0].clone());
    (c, cv, other, bv)
}

/// A degenerate-biased circle pair: grid values, zero radii (a point, two
/// points), the circle placed to reach the dilated circle (radius `r +
/// ρ`) at a chosen time (often 0) head-on, along a tangent (a graze), or
/// anyhow; zero and random velocities; sometimes nudged off the boundary.
pub fn sweep_biased_circle(
    g: &mut Gen,
) -> (Circle<Exact>, Vec2<Exact>, Circle<Exact>, Vec2<Exact>) {
    let o = Vec2::new(g.value(4), g.value(4));
    let radius = |g: &mut Gen| {
        if g.chance(0.15) {
            Exact::zero()
        } else {
            g.nonneg(2)
        }
    };
    let (r, rho) = (radius(g), radius(g));
    let &(a, b, c) = g.pick(&TRIPLES);
    let sx = if g.chance(0.5) { 1 } else { -1 };
    let sy = if g.chance(0.5) { 1 } else { -1 };
    let u = Vec2::new(q(sx * a, c), q(sy * b, c));
    let target = o.clone() + u.clone() * (r.clone() + rho.clone());
    let speed = g.nonneg(4);
    let vel = match g.below(5) {
        0 => Vec2::zero(),
        1 => u.clone() * -speed,
        2 => u.perp() * speed,
        3 => u.clone() * speed,
        _ => Vec2::new(g.value(8), g.value(8)),
    };
    let t0 = match g.below(4) {
        0 => q(0, 1),
        1 => q(1, 1),
        2 => q(1, 2),
        _ => g.nonneg(2),
    };
    let mut center = target - vel.clone() * t0;
    if g.chance(0.15) {
        center.x = center.x + q(1, 1 << 20);
    }
    let bv = if g.chance(0.5) {
        Vec2::zero()
    } else {
        Vec2::new(g.value(2), g.value(2))
    };
    (
        Circle::new(center, r),
        vel + bv.clone(),
        Circle::new(o, rho),
        bv,
    )
}

/// The rotation of the integer quaternion `[w, x, y, z]` (not all zero):
/// its matrix divided by `w² + x² + y² + z²` has rational entries and is
/// exactly orthonormal. Its columns, the images of the unit axes.
pub fn rational_rotation(q4: [i64; 4]) -> [Vec3<Exact>; 3] {
    let [w, x, y, z] = q4;
    let n = w * w + x * x + y * y + z * z;
    let e = |v: i64| Exact::ratio(v, n);
    [
        Vec3::new(
            e(w * w + x * x - y * y - z * z),
            e(2 * (x * y + w * z)),
            e(2 * (x * z - w * y)),
        ),
        Vec3::new(
            e(2 * (x * y - w * z)),
            e(w * w - x * x + y * y - z * z),
            e(2 * (y * z + w * x)),
        ),
        Vec3::new(
            e(2 * (x * z + w * y)),
            e(2 * (y * z - w * x)),
            e(w * w - x * x - y * y + z * z),
        ),
    ]
}

/// An aligned box and a sphere turned together by `axes` about the box's
/// center and moved to `center`: distances are kept exactly, so touching
/// stays touching.
fn turned_box(
    sphere: Sphere<Exact>,
    b: Aabb3<Exact>,
    axes: [Vec3<Exact>; 3],
    center: Vec3<Exact>,
) -> (Sphere<Exact>, Obb3<Exact>) {
    let half = q(1, 2);
    let mid = (b.min.clone() + b.max.clone()) * half.clone();
    let size = b.max.clone() - b.min.clone();
    let half = [size.x * half.clone(), size.y * half.clone(), size.z * half];
    let d = sphere.center - mid;
    let [a0, a1, a2] = axes.clone();
    let at = center.clone() + a0 * d.x + a1 * d.y + a2 * d.z;
    (
        Sphere::new(at, sphere.radius),
        Obb3::new(center, axes, half),
    )
}

/// [`biased_box`] turned by an exact rational rotation (a small integer
/// quaternion, the identity and quarter turns among them) and moved.
pub fn biased_obb3(g: &mut Gen) -> (Sphere<Exact>, Obb3<Exact>) {
    let mut q4 = [0i64; 4];
    while q4 == [0; 4] {
        q4 = [0; 4].map(|_| g.below(5) as i64 - 2);
    }
    let axes = rational_rotation(q4);
    let (s, b) = biased_box(g);
    let center = Vec3::new(g.value(8), g.value(8), g.value(8));
    turned_box(s, b, axes, center)
}

/// W3's sphere and box turned by a rotation drawn from the stream (a
/// quaternion of small integers) about the box's center.
pub fn w3_obb3_exact(r: &mut SplitMix64) -> (Sphere<Exact>, Obb3<Exact>) {
    let (s, b) = w3_box_exact(r);
    let mut q4 = [0i64; 4];
    while q4 == [0; 4] {
        q4 = [0; 4].map(|_| (r.next_u64() % 9) as i64 - 4);
    }
    let center = (b.min.clone() + b.max.clone()) * q(1, 2);
    turned_box(s, b, rational_rotation(q4), center)
}

/// A W4-AABB query as exact inputs: the sphere, its velocity, the box
/// (center ± half extents, exactly), its velocity.
pub fn w4_aabb_exact(
    r: &mut SplitMix64,
) -> (Sphere<Exact>, Vec3<Exact>, Aabb3<Exact>, Vec3<Exact>) {
    let w = crate::workload::w4(r);
    let v = |a: [f64; 3]| Vec3::new(ex(a[0]), ex(a[1]), ex(a[2]));
    let (c, h) = (v(w.center), v(w.half));
    (
        Sphere::new(v(w.sphere), ex(w.radius)),
        v(w.sphere_velocity),
        Aabb3::new(c.clone() - h.clone(), c + h),
        v(w.box_velocity),
    )
}

/// A W4-OBB query as exact inputs: W4-AABB's, the box turned by exactly
/// orthonormal axes near W4's angles ([`w4_axes`](crate::biased_box3::w4_axes)).
pub fn w4_obb3_exact(r: &mut SplitMix64) -> (Sphere<Exact>, Vec3<Exact>, Obb3<Exact>, Vec3<Exact>) {
    let w = crate::workload::w4(r);
    let v = |a: [f64; 3]| Vec3::new(ex(a[0]), ex(a[1]), ex(a[2]));
    let h = v(w.half);
    (
        Sphere::new(v(w.sphere), ex(w.radius)),
        v(w.sphere_velocity),
        Obb3::new(
            v(w.center),
            crate::biased_box3::w4_axes(w.angles),
            [h.x, h.y, h.z],
        ),
        v(w.box_velocity),
    )
}
