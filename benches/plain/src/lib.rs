//! Plain versions of swept's queries: the textbook algorithm in the
//! backend's own arithmetic, every comparison on rounded values, no exact
//! layer. The floor that `ci/mcu-count.sh` measures swept against; not
//! exact, not checked, never shipped.
//!
//! * Moving circle vs moving aligned rectangle (`sweep_aabb2`): the relative
//!   motion `v = v_circle - v_rect` against the rectangle grown by `r`, a
//!   slab test for the entry time; where the center enters beyond the
//!   rectangle on both axes, the corner's circle instead (the smaller root of
//!   `|d + t v|² = r²`, `d` the center from the corner). The hit: its time,
//!   the contact point (the rectangle's point touched, moved with it), the
//!   circle's center then, and the unit normal.
//! * Moving circle vs moving oriented rectangle (`sweep_obb2`): the same in
//!   the rectangle's frame (the relative motion and center projected on its
//!   unit axes), the hit turned back.
//! * Moving circle vs moving circle (`sweep_circle`): the smaller root of
//!   `|d + t v|² = (r1 + r2)²` for the relative center `d` and motion `v`.
//! * Moving circle vs still segment over one frame (`sweep_segment`): the
//!   line's distance reaching `r` (the center's projection inside the
//!   segment), else the nearer end's circle; times in `[0, 1]`.
//! * Still circle vs aligned rectangle (`classify_circle_aabb2`): the
//!   squared distance from the center to its clamp into the rectangle
//!   (`distance_aabb2`) against `r²`; the same in 3D
//!   (`classify_sphere_aabb3`), and in an oriented box's frame
//!   (`classify_circle_obb2`, `classify_sphere_obb3`).

#![no_std]

use swept::Real;
use swept::geom::{Aabb2, Aabb3, Circle, Obb2, Obb3, Segment2, Sphere, Vec2};

/// A plain hit: time, contact point, center, normal.
pub struct PlainHit<T> {
    /// When the circle first touches.
    pub time: T,
    /// Where it touches.
    pub point: Vec2<T>,
    /// The circle's center then.
    pub center: Vec2<T>,
    /// The unit normal from the rectangle toward the circle.
    pub normal: Vec2<T>,
}

/// `max(a, b)`, `min(a, b)` on rounded values.
fn max<T: Real>(a: T, b: T) -> T {
    if a > b { a } else { b }
}
fn min<T: Real>(a: T, b: T) -> T {
    if a < b { a } else { b }
}

/// Moving circle vs moving aligned rectangle, plainly (module doc); `None`
/// for a miss or an overlap at the start.
#[inline(never)]
pub fn sweep_aabb2<T: Real>(
    circle: &Circle<T>,
    cv: &Vec2<T>,
    rect: &Aabb2<T>,
    rv: &Vec2<T>,
) -> Option<PlainHit<T>> {
    let zero = T::zero();
    let (p, r) = (&circle.center, circle.radius.clone());
    let v = [cv.x.clone() - rv.x.clone(), cv.y.clone() - rv.y.clone()];
    let c = [p.x.clone(), p.y.clone()];
    let lo = [rect.min.x.clone(), rect.min.y.clone()];
    let hi = [rect.max.x.clone(), rect.max.y.clone()];
    // Slab test against the rectangle grown by r.
    let (mut enter, mut exit) = (zero.clone(), T::from_i32(1 << 14)?);
    let mut face = None;
    for j in 0..2 {
        let (a, b) = (lo[j].clone() - r.clone(), hi[j].clone() + r.clone());
        if v[j] == zero {
            if c[j] < a || c[j] > b {
                return None;
            }
            continue;
        }
        let t0 = (a - c[j].clone()).quotient(v[j].clone());
        let t1 = (b - c[j].clone()).quotient(v[j].clone());
        let (near, far) = if t0 < t1 { (t0, t1) } else { (t1, t0) };
        if near > enter {
            enter = near;
            face = Some(j);
        }
        exit = min(exit, far);
    }
    let j = face?;
    if enter > exit {
        return None;
    }
    let at = [
        c[0].clone() + v[0].clone() * enter.clone(),
        c[1].clone() + v[1].clone() * enter.clone(),
    ];
    let o = 1 - j;
    if at[o] < lo[o] || at[o] > hi[o] {
        // Beyond the face: the corner's circle.
        let k = [
            if at[0] < lo[0] {
                lo[0].clone()
            } else {
                hi[0].clone()
            },
            if at[1] < lo[1] {
                lo[1].clone()
            } else {
                hi[1].clone()
            },
        ];
        let d = [c[0].clone() - k[0].clone(), c[1].clone() - k[1].clone()];
        let a = v[0].clone() * v[0].clone() + v[1].clone() * v[1].clone();
        let b = d[0].clone() * v[0].clone() + d[1].clone() * v[1].clone();
        let cc = d[0].clone() * d[0].clone() + d[1].clone() * d[1].clone() - r.clone() * r.clone();
        let disc = b.clone() * b.clone() - a.clone() * cc;
        if disc < zero || b >= zero {
            return None;
        }
        let t = (-b - disc.sqrt()).quotient(a);
        let time = max(t, zero);
        let center = Vec2::new(
            p.x.clone() + cv.x.clone() * time.clone(),
            p.y.clone() + cv.y.clone() * time.clone(),
        );
        let n = [
            (d[0].clone() + v[0].clone() * time.clone()).quotient(r.clone()),
            (d[1].clone() + v[1].clone() * time.clone()).quotient(r.clone()),
        ];
        let point = Vec2::new(
            k[0].clone() + rv.x.clone() * time.clone(),
            k[1].clone() + rv.y.clone() * time.clone(),
        );
        return Some(PlainHit {
            time,
            point,
            center,
            normal: Vec2::new(n[0].clone(), n[1].clone()),
        });
    }
    // On the face.
    let out = if v[j] < zero { T::one() } else { -T::one() };
    let time = enter;
    let center = Vec2::new(
        p.x.clone() + cv.x.clone() * time.clone(),
        p.y.clone() + cv.y.clone() * time.clone(),
    );
    let mut n = [zero.clone(), zero.clone()];
    n[j] = out.clone();
    let mut point = [center.x.clone(), center.y.clone()];
    point[j] = point[j].clone() - out * r;
    Some(PlainHit {
        time,
        point: Vec2::new(point[0].clone(), point[1].clone()),
        center,
        normal: Vec2::new(n[0].clone(), n[1].clone()),
    })
}

/// `a · b`.
fn dot<T: Real>(a: &Vec2<T>, b: &Vec2<T>) -> T {
    a.x.clone() * b.x.clone() + a.y.clone() * b.y.clone()
}

/// `a - b`.
fn sub<T: Real>(a: &Vec2<T>, b: &Vec2<T>) -> Vec2<T> {
    Vec2::new(a.x.clone() - b.x.clone(), a.y.clone() - b.y.clone())
}

/// `a + b s`.
fn add_scaled<T: Real>(a: &Vec2<T>, b: &Vec2<T>, s: &T) -> Vec2<T> {
    Vec2::new(
        a.x.clone() + b.x.clone() * s.clone(),
        a.y.clone() + b.y.clone() * s.clone(),
    )
}

/// The smaller root `t` of `|d + t v|² = rr²` while approaching, if any.
fn approach<T: Real>(d: &Vec2<T>, v: &Vec2<T>, rr: &T) -> Option<T> {
    let zero = T::zero();
    let a = dot(v, v);
    let b = dot(d, v);
    let c = dot(d, d) - rr.clone() * rr.clone();
    let disc = b.clone() * b.clone() - a.clone() * c;
    if disc < zero || b >= zero || a == zero {
        return None;
    }
    Some((-b - disc.sqrt()).quotient(a))
}

/// `x` clamped into `[lo, hi]`.
fn clamp<T: Real>(x: &T, lo: &T, hi: &T) -> T {
    min(max(x.clone(), lo.clone()), hi.clone())
}

/// The squared distance from `p` to an aligned rectangle, plainly: from
/// `p` to its clamp into the rectangle.
#[inline(never)]
pub fn distance_aabb2<T: Real>(p: &Vec2<T>, rect: &Aabb2<T>) -> T {
    let dx = p.x.clone() - clamp(&p.x, &rect.min.x, &rect.max.x);
    let dy = p.y.clone() - clamp(&p.y, &rect.min.y, &rect.max.y);
    dx.clone() * dx + dy.clone() * dy
}

/// Still sphere vs aligned box, plainly: the squared distance from the
/// center to its clamp into the box against `r²`; 0 disjoint, 1
/// touching, 2 overlapping.
#[inline(never)]
pub fn classify_sphere_aabb3<T: Real>(sphere: &Sphere<T>, b: &Aabb3<T>) -> u32 {
    let c = &sphere.center;
    let dx = c.x.clone() - clamp(&c.x, &b.min.x, &b.max.x);
    let dy = c.y.clone() - clamp(&c.y, &b.min.y, &b.max.y);
    let dz = c.z.clone() - clamp(&c.z, &b.min.z, &b.max.z);
    let d2 = dx.clone() * dx + dy.clone() * dy + dz.clone() * dz;
    let r2 = sphere.radius.clone() * sphere.radius.clone();
    classify(d2, r2)
}

/// 0 if `d2 > r2`, 1 if equal, 2 below.
fn classify<T: Real>(d2: T, r2: T) -> u32 {
    if d2 > r2 {
        0
    } else if d2 == r2 {
        1
    } else {
        2
    }
}

/// Still circle vs aligned rectangle, plainly: 0 disjoint, 1 touching,
/// 2 overlapping.
#[inline(never)]
pub fn classify_circle_aabb2<T: Real>(circle: &Circle<T>, rect: &Aabb2<T>) -> u32 {
    let d2 = distance_aabb2(&circle.center, rect);
    classify(d2, circle.radius.clone() * circle.radius.clone())
}

/// Still circle vs oriented rectangle, plainly: the center in the
/// rectangle's frame (projected on its unit axes), clamped into the half
/// extents, its squared distance against `r²`; 0 disjoint, 1 touching, 2
/// overlapping.
#[inline(never)]
pub fn classify_circle_obb2<T: Real>(circle: &Circle<T>, b: &Obb2<T>) -> u32 {
    let d = circle.center.clone() - b.center.clone();
    let along = b.axes.iter().map(|a| d.dot(a));
    classify(
        gaps(along, &b.half_extents),
        circle.radius.clone() * circle.radius.clone(),
    )
}

/// Still sphere vs oriented box, plainly: as
/// [`classify_circle_obb2`], on three axes.
#[inline(never)]
pub fn classify_sphere_obb3<T: Real>(sphere: &Sphere<T>, b: &Obb3<T>) -> u32 {
    let d = sphere.center.clone() - b.center.clone();
    let along = b.axes.iter().map(|a| d.dot(a));
    classify(
        gaps(along, &b.half_extents),
        sphere.radius.clone() * sphere.radius.clone(),
    )
}

/// `Σ (u_i - clamp(u_i, -h_i, h_i))²`: the squared distance from a point
/// at `u` in a box's frame to the box of half extents `h`.
fn gaps<T: Real>(u: impl Iterator<Item = T>, h: &[T]) -> T {
    u.zip(h).fold(T::zero(), |sum, (u, h)| {
        let off = u.clone() - clamp(&u, &-h.clone(), h);
        sum + off.clone() * off
    })
}

/// Moving circle vs moving oriented rectangle, plainly (module doc).
#[inline(never)]
pub fn sweep_obb2<T: Real>(
    circle: &Circle<T>,
    cv: &Vec2<T>,
    rect: &Obb2<T>,
    rv: &Vec2<T>,
) -> Option<PlainHit<T>> {
    let [a0, a1] = &rect.axes;
    let [e0, e1] = &rect.half_extents;
    let d = sub(&circle.center, &rect.center);
    let v = sub(cv, rv);
    let local = Circle::new(Vec2::new(dot(&d, a0), dot(&d, a1)), circle.radius.clone());
    let box_ = Aabb2::new(
        Vec2::new(-e0.clone(), -e1.clone()),
        Vec2::new(e0.clone(), e1.clone()),
    );
    let still = Vec2::new(T::zero(), T::zero());
    let h = sweep_aabb2(&local, &Vec2::new(dot(&v, a0), dot(&v, a1)), &box_, &still)?;
    let turn = |p: &Vec2<T>| {
        add_scaled(
            &Vec2::new(a0.x.clone() * p.x.clone(), a0.y.clone() * p.x.clone()),
            a1,
            &p.y,
        )
    };
    let center = add_scaled(&circle.center, cv, &h.time);
    let normal = turn(&h.normal);
    let point = add_scaled(&center, &normal, &-circle.radius.clone());
    Some(PlainHit {
        time: h.time,
        point,
        center,
        normal,
    })
}

/// Moving circle vs moving circle, plainly (module doc).
#[inline(never)]
pub fn sweep_circle<T: Real>(
    a: &Circle<T>,
    av: &Vec2<T>,
    b: &Circle<T>,
    bv: &Vec2<T>,
) -> Option<PlainHit<T>> {
    let d = sub(&a.center, &b.center);
    let v = sub(av, bv);
    let rr = a.radius.clone() + b.radius.clone();
    let time = approach(&d, &v, &rr)?;
    if time < T::zero() {
        return None;
    }
    let center = add_scaled(&a.center, av, &time);
    let rel = add_scaled(&d, &v, &time);
    let normal = Vec2::new(
        rel.x.clone().quotient(rr.clone()),
        rel.y.clone().quotient(rr),
    );
    let point = add_scaled(&center, &normal, &-a.radius.clone());
    Some(PlainHit {
        time,
        point,
        center,
        normal,
    })
}

/// Moving circle vs still segment over one frame, plainly (module doc).
#[inline(never)]
pub fn sweep_segment<T: Real>(
    circle: &Circle<T>,
    v: &Vec2<T>,
    seg: &Segment2<T>,
) -> Option<PlainHit<T>> {
    let zero = T::zero();
    let (p, r) = (&circle.center, &circle.radius);
    let e = sub(&seg.p1, &seg.p0);
    let len2 = dot(&e, &e);
    let len = len2.clone().sqrt();
    let w = sub(p, &seg.p0);
    let cross = |a: &Vec2<T>, b: &Vec2<T>| a.x.clone() * b.y.clone() - a.y.clone() * b.x.clone();
    let (side, speed) = (cross(&e, &w), cross(&e, v));
    // The line, from the side the center is on, approached.
    let mut best: Option<(T, Vec2<T>)> = None;
    if len2 > zero && (side.clone() * speed.clone()) < zero {
        let reach = if side > zero {
            r.clone() * len.clone()
        } else {
            -(r.clone() * len.clone())
        };
        let t = (reach - side.clone()).quotient(speed);
        let at = add_scaled(&w, v, &t);
        let u = dot(&at, &e);
        if t >= zero && t <= T::one() && u >= zero && u <= len2 {
            let n = Vec2::new(-e.y.clone(), e.x.clone());
            let s = if side > zero {
                len.clone()
            } else {
                -len.clone()
            };
            best = Some((
                t,
                Vec2::new(n.x.clone().quotient(s.clone()), n.y.clone().quotient(s)),
            ));
        }
    }
    if best.is_none() {
        for end in [&seg.p0, &seg.p1] {
            let d = sub(p, end);
            if let Some(t) = approach(&d, v, r) {
                if t >= zero && t <= T::one() && best.as_ref().is_none_or(|(b, _)| t < *b) {
                    let rel = add_scaled(&d, v, &t);
                    let n = Vec2::new(
                        rel.x.clone().quotient(r.clone()),
                        rel.y.clone().quotient(r.clone()),
                    );
                    best = Some((t, n));
                }
            }
        }
    }
    let (time, normal) = best?;
    let center = add_scaled(p, v, &time);
    let point = add_scaled(&center, &normal, &-r.clone());
    Some(PlainHit {
        time,
        point,
        center,
        normal,
    })
}
