//! Plain versions of swept's queries: the textbook algorithm in the
//! backend's own arithmetic, every comparison on rounded values, no exact
//! layer. The floor that `ci/mcu-count.sh` measures swept against; not
//! exact, not checked, never shipped.
//!
//! Moving circle vs moving aligned rectangle (`sweep_aabb2`): the relative
//! motion `v = v_circle - v_rect` against the rectangle grown by `r`, a
//! slab test for the entry time; where the center enters beyond the
//! rectangle on both axes, the corner's circle instead (the smaller root of
//! `|d + t v|² = r²`, `d` the center from the corner). The hit: its time,
//! the contact point (the rectangle's point touched, moved with it), the
//! circle's center then, and the unit normal.

#![no_std]

use swept::Real;
use swept::geom::{Aabb2, Circle, Vec2};

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
