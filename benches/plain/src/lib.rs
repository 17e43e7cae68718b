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
//! * Moving sphere vs moving aligned box (`sweep_aabb3`): the slab test
//!   against the box grown by `r`; where the center enters beyond the box
//!   on a second axis, the edge's cylinder, and on a third, the three
//!   edges' cylinders at the corner, each past its end the corner's sphere
//!   (Ericson, *Real-Time Collision Detection*, 5.5.7). In an oriented
//!   box's frame: `sweep_obb3`.
//! * A circle through one frame among still obstacles (`advance`): each
//!   step the earliest contact of the plain sweeps over the rest of the
//!   displacement, the circle moved there and the rest reflected about the
//!   normal with restitution, the obstacle just met passed over in the next
//!   step; at most `max_bounces` contacts.

#![no_std]

use swept::Real;
use swept::geom::{Aabb2, Aabb3, Circle, Obb2, Obb3, Segment2, Sphere, Vec2, Vec3};

/// A plain hit: time, contact point, center, normal.
pub struct PlainHit<T, V = Vec2<T>> {
    /// When the circle first touches.
    pub time: T,
    /// Where it touches.
    pub point: V,
    /// The circle's center then.
    pub center: V,
    /// The unit normal from the obstacle toward the circle.
    pub normal: V,
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

/// The smaller root `t` of `|d + t v|² = r²` while approaching, in any
/// dimension.
fn approach_n<T: Real>(d: &[T], v: &[T], r: &T) -> Option<T> {
    let zero = T::zero();
    let dot = |a: &[T], b: &[T]| {
        a.iter()
            .zip(b)
            .fold(zero.clone(), |s, (x, y)| s + x.clone() * y.clone())
    };
    let (a, b) = (dot(v, v), dot(d, v));
    let c = dot(d, d) - r.clone() * r.clone();
    let disc = b.clone() * b.clone() - a.clone() * c;
    if disc < zero || b >= zero || a == zero {
        return None;
    }
    Some((-b - disc.sqrt()).quotient(a))
}

/// The first contact of a sphere of radius `r` at `c` moving by `v` with
/// the still box `[lo, hi]` (module doc): its time, the box's point
/// touched then, and the unit normal.
fn box_contact<T: Real>(
    c: &[T; 3],
    v: &[T; 3],
    (lo, hi): (&[T; 3], &[T; 3]),
    r: &T,
) -> Option<(T, [T; 3], [T; 3])> {
    let zero = T::zero();
    let (mut enter, mut exit) = (zero.clone(), T::from_i32(1 << 14)?);
    let mut face = None;
    for j in 0..3 {
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
    let at =
        |t: &T| -> [T; 3] { core::array::from_fn(|k| c[k].clone() + v[k].clone() * t.clone()) };
    let entry = at(&enter);
    // The box's point nearest the entry, and the axes it is beyond.
    let mut q: [T; 3] = core::array::from_fn(|k| clamp(&entry[k], &lo[k], &hi[k]));
    q[j] = if v[j] < zero {
        hi[j].clone()
    } else {
        lo[j].clone()
    };
    let beyond: [bool; 3] = core::array::from_fn(|k| k == j || entry[k] != q[k]);
    let unit = |t: &T, q: &[T; 3]| -> [T; 3] {
        let p = at(t);
        core::array::from_fn(|k| (p[k].clone() - q[k].clone()).quotient(r.clone()))
    };
    match beyond.iter().filter(|&&b| b).count() {
        1 => {
            let mut n = [zero.clone(), zero.clone(), zero.clone()];
            n[j] = if v[j] < zero { T::one() } else { -T::one() };
            let mut touched = entry;
            touched[j] = q[j].clone();
            Some((enter, touched, n))
        }
        count => {
            // The edges at q along each axis not beyond (one), or along
            // each axis (the corner: three); past an edge's end, the
            // corner's sphere.
            let mut best: Option<(T, [T; 3])> = None;
            for k in (0..3).filter(|&k| count == 3 || !beyond[k]) {
                let (a, b) = ((k + 1) % 3, (k + 2) % 3);
                let d = [c[a].clone() - q[a].clone(), c[b].clone() - q[b].clone()];
                let w = [v[a].clone(), v[b].clone()];
                let Some(t) = approach_n(&d, &w, r) else {
                    continue;
                };
                let along = c[k].clone() + v[k].clone() * t.clone();
                let mut p = q.clone();
                if along < lo[k] || along > hi[k] {
                    p[k] = if along < lo[k] {
                        lo[k].clone()
                    } else {
                        hi[k].clone()
                    };
                    let d: [T; 3] = core::array::from_fn(|i| c[i].clone() - p[i].clone());
                    let Some(t) = approach_n(&d, v, r) else {
                        continue;
                    };
                    if best.as_ref().is_none_or(|(b, _)| t < *b) {
                        best = Some((t, p));
                    }
                } else {
                    p[k] = along;
                    if best.as_ref().is_none_or(|(b, _)| t < *b) {
                        best = Some((t, p));
                    }
                }
            }
            let (t, p) = best?;
            let time = max(t, zero);
            let n = unit(&time, &p);
            Some((time, p, n))
        }
    }
}

fn v3_of<T: Real>(v: &Vec3<T>) -> [T; 3] {
    [v.x.clone(), v.y.clone(), v.z.clone()]
}

fn dot3<T: Real>(a: &[T; 3], b: &[T; 3]) -> T {
    a[0].clone() * b[0].clone() + a[1].clone() * b[1].clone() + a[2].clone() * b[2].clone()
}

/// `a + b s` in 3D.
fn add_scaled3<T: Real>(a: &Vec3<T>, b: &[T; 3], s: &T) -> Vec3<T> {
    Vec3::new(
        a.x.clone() + b[0].clone() * s.clone(),
        a.y.clone() + b[1].clone() * s.clone(),
        a.z.clone() + b[2].clone() * s.clone(),
    )
}

/// Moving sphere vs moving aligned box, plainly (module doc); `None` for
/// a miss or an overlap at the start.
#[inline(never)]
pub fn sweep_aabb3<T: Real>(
    sphere: &Sphere<T>,
    sv: &Vec3<T>,
    b: &Aabb3<T>,
    bv: &Vec3<T>,
) -> Option<PlainHit<T, Vec3<T>>> {
    let (s, w) = (v3_of(sv), v3_of(bv));
    let v: [T; 3] = core::array::from_fn(|k| s[k].clone() - w[k].clone());
    let (lo, hi) = (v3_of(&b.min), v3_of(&b.max));
    let (time, q, n) = box_contact(&v3_of(&sphere.center), &v, (&lo, &hi), &sphere.radius)?;
    Some(PlainHit {
        point: add_scaled3(
            &Vec3::new(q[0].clone(), q[1].clone(), q[2].clone()),
            &w,
            &time,
        ),
        center: add_scaled3(&sphere.center, &s, &time),
        normal: Vec3::new(n[0].clone(), n[1].clone(), n[2].clone()),
        time,
    })
}

/// Moving sphere vs moving oriented box, plainly: [`sweep_aabb3`]'s
/// contact in the box's frame, turned back.
#[inline(never)]
pub fn sweep_obb3<T: Real>(
    sphere: &Sphere<T>,
    sv: &Vec3<T>,
    b: &Obb3<T>,
    bv: &Vec3<T>,
) -> Option<PlainHit<T, Vec3<T>>> {
    let axes = b.axes.each_ref().map(v3_of);
    let (s, w, p, o) = (
        v3_of(sv),
        v3_of(bv),
        v3_of(&sphere.center),
        v3_of(&b.center),
    );
    let d: [T; 3] = core::array::from_fn(|k| p[k].clone() - o[k].clone());
    let v: [T; 3] = core::array::from_fn(|k| s[k].clone() - w[k].clone());
    let c = axes.each_ref().map(|a| dot3(&d, a));
    let v = axes.each_ref().map(|a| dot3(&v, a));
    let hi = b.half_extents.clone();
    let lo = hi.clone().map(|h| -h);
    let (time, q, n) = box_contact(&c, &v, (&lo, &hi), &sphere.radius)?;
    let turn = |x: &[T; 3]| -> [T; 3] {
        core::array::from_fn(|i| {
            axes.iter()
                .zip(x)
                .fold(T::zero(), |sum, (a, x)| sum + a[i].clone() * x.clone())
        })
    };
    let (q, n) = (turn(&q), turn(&n));
    let at = add_scaled3(&b.center, &w, &time);
    Some(PlainHit {
        point: add_scaled3(&at, &q, &T::one()),
        center: add_scaled3(&sphere.center, &s, &time),
        normal: Vec3::new(n[0].clone(), n[1].clone(), n[2].clone()),
        time,
    })
}

/// An obstacle of [`advance`].
pub enum PlainObstacle<T> {
    /// A segment, solid on both sides.
    Segment(Segment2<T>),
    /// An aligned rectangle.
    Aabb(Aabb2<T>),
    /// An oriented rectangle.
    Obb(Obb2<T>),
    /// A circle.
    Circle(Circle<T>),
}

/// A circle moved by `d` over one frame among still obstacles, plainly
/// (module doc): where it ends and how many contacts it made.
#[inline(never)]
pub fn advance<T: Real>(
    circle: &Circle<T>,
    d: &Vec2<T>,
    obstacles: &[PlainObstacle<T>],
    restitution: &T,
    max_bounces: u32,
) -> (Vec2<T>, u32) {
    let still = Vec2::new(T::zero(), T::zero());
    let (mut p, mut rest, mut last, mut contacts) = (circle.center.clone(), d.clone(), None, 0);
    loop {
        let c = Circle::new(p.clone(), circle.radius.clone());
        let mut best: Option<(usize, PlainHit<T>)> = None;
        for (i, o) in obstacles.iter().enumerate() {
            if last == Some(i) {
                continue;
            }
            let h = match o {
                PlainObstacle::Segment(s) => sweep_segment(&c, &rest, s),
                PlainObstacle::Aabb(b) => sweep_aabb2(&c, &rest, b, &still),
                PlainObstacle::Obb(b) => sweep_obb2(&c, &rest, b, &still),
                PlainObstacle::Circle(k) => sweep_circle(&c, &rest, k, &still),
            };
            if let Some(h) = h.filter(|h| h.time <= T::one()) {
                if best.as_ref().is_none_or(|(_, b)| h.time < b.time) {
                    best = Some((i, h));
                }
            }
        }
        let Some((i, h)) = best else {
            return (add_scaled(&p, &rest, &T::one()), contacts);
        };
        contacts += 1;
        if contacts > max_bounces {
            return (h.center, contacts);
        }
        let left = T::one() - h.time;
        let k = (T::one() + restitution.clone()) * dot(&rest, &h.normal);
        rest = Vec2::new(
            (rest.x.clone() - k.clone() * h.normal.x.clone()) * left.clone(),
            (rest.y.clone() - k * h.normal.y.clone()) * left,
        );
        p = h.center;
        last = Some(i);
    }
}
