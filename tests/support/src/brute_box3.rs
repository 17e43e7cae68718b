//! A brute-force exact reference for a moving sphere vs a moving box
//! (aligned, or oriented with exactly orthonormal axes), written
//! independently of any kernel's region logic.
//!
//! # Method
//! Motion is taken relative to the box and expressed in its frame: center
//! `C`, velocity `V`, box `[-k0, k0] × [-k1, k1] × [-k2, k2]`, radius `r`.
//!
//! * At `t = 0` the exact squared distance from `C` to the box (the sum of
//!   the squared gaps `max(|c_i| - k_i, 0)`) is compared with `r²`: less is
//!   `Overlapping`, and so is, for `r = 0`, a center strictly inside. Equal
//!   is touching: a hit at 0 iff the motion goes in (`V · g < 0` for the
//!   gap `g = C - nearest`; for `r = 0`, iff `C + εV` lies in the open box
//!   for small `ε`), otherwise no hit at all (the distance is convex and
//!   does not decrease).
//! * Otherwise the center is outside the box dilated by `r`, whose boundary
//!   is covered by 26 features: 6 offset faces (the planes `x_i = ±(k_i +
//!   r)` limited to `|x_j| <= k_j` on the other two axes), 12 edge
//!   cylinders of radius `r` (about the edge lines, limited to the edge's
//!   span) and 8 corner spheres of radius `r`. For each feature the
//!   earliest root `t >= 0` at which the center meets it is computed (the
//!   crossing of a plane moving inward and within the face's span at that
//!   time; the smaller root of the cylinder's or the sphere's quadratic,
//!   within the edge's span for a cylinder; a double root, a tangent
//!   graze, only for `r = 0`), and the minimum is the first hit.
//!
//! Why the minimum is right: `t ↦ dist(C + tV, box)` is convex and exceeds
//! `r` at 0. Every candidate is a time at which the distance is at most
//! `r` (on a face patch it is `r`; on a cylinder within the edge's span or
//! on a corner sphere the box's edge or corner is within `r`), so no
//! candidate precedes the first hit `T`. At `T` the center lies on the
//! dilated box's boundary, entered from outside: on a face patch crossed
//! inward, or on a cylinder patch or a corner sphere entered at the
//! smaller root of its quadratic (a line enters a cylinder or a sphere at
//! most once), so `T` is a candidate. A path that only grazes (tangent to
//! a cylinder or a sphere, or sliding in a face's plane) never gets within
//! `r`: no candidate.
//!
//! Times are quadratic surds ([`Surd`]), compared exactly.

use crate::brute_rect::Surd;
use crate::exact::Exact;
use core::cmp::Ordering;
use rug::Rational;
use swept::geom::{Aabb3, Obb3, Sphere, Vec3};

type Q = Rational;

/// What the brute force finds.
#[derive(Clone, Debug)]
pub enum Brute3 {
    /// Overlapping at `t = 0`.
    Overlapping,
    /// The first hit, at this exact time.
    Hit(Surd),
    /// No hit.
    Miss,
}

impl Brute3 {
    /// The workloads' checksum term: -1, 1 + the time (in `f64`), or 0.
    pub fn checksum_term(&self) -> f64 {
        match self {
            Brute3::Overlapping => -1.0,
            Brute3::Hit(t) => 1.0 + t.nearest_f64(),
            Brute3::Miss => 0.0,
        }
    }
}

fn q(x: &Exact) -> Q {
    x.0.clone()
}

fn dot3(a: &[Q; 3], b: &[Q; 3]) -> Q {
    Q::from(&a[0] * &b[0]) + Q::from(&a[1] * &b[1]) + Q::from(&a[2] * &b[2])
}

/// The first hit of a sphere of radius `r` whose center moves as `c + t v`
/// (`t >= 0`) with the box `[-k, k]` (each `k_i >= 0`), exactly, in the
/// box's frame.
pub fn brute_local(c: &[Q; 3], v: &[Q; 3], k: &[Q; 3], r: &Q) -> Brute3 {
    let zero = Q::new();
    // The gaps and the nearest point at t = 0.
    let mut gap = [Q::new(), Q::new(), Q::new()];
    let mut inside_open = true;
    for i in 0..3 {
        let a = Q::from(c[i].abs_ref());
        if a > k[i] {
            gap[i] = Q::from(&c[i] - &k[i]);
            if c[i] < zero {
                gap[i] = Q::from(&c[i] + &k[i]);
            }
        }
        inside_open &= a < k[i];
    }
    let d2 = dot3(&gap, &gap);
    let r2 = Q::from(r * r);
    match d2.cmp(&r2) {
        Ordering::Less => return Brute3::Overlapping,
        Ordering::Equal if r.cmp0() == Ordering::Equal => {
            if inside_open {
                return Brute3::Overlapping;
            }
            // On the boundary: in iff c + εv is in the open box.
            let enters = (0..3).all(|i| {
                let a = Q::from(c[i].abs_ref());
                if a < k[i] {
                    true
                } else if c[i] > zero || (c[i] == zero && k[i] > zero) {
                    // c_i = k_i > 0 (or k_i = 0: no open interval).
                    k[i] > zero && v[i] < zero
                } else if c[i] < zero {
                    v[i] > zero
                } else {
                    false
                }
            });
            return if enters {
                Brute3::Hit(Surd::rational(Q::new()))
            } else {
                Brute3::Miss
            };
        }
        Ordering::Equal => {
            return if dot3(v, &gap) < zero {
                Brute3::Hit(Surd::rational(Q::new()))
            } else {
                Brute3::Miss
            };
        }
        Ordering::Greater => {}
    }
    let mut best: Option<Surd> = None;
    let mut take = |t: Surd| {
        if best.as_ref().is_none_or(|b| t.cmp(b) == Ordering::Less) {
            best = Some(t);
        }
    };
    let at = |i: usize, t: &Q| Q::from(&c[i] + Q::from(t * &v[i]));
    let within = |x: &Q, k: &Q| Q::from(x.abs_ref()) <= *k;
    // Faces: x_i = s (k_i + r), moving inward (s v_i < 0).
    for i in 0..3 {
        for s in [-1i32, 1] {
            let sv = Q::from(&v[i] * s);
            if sv.cmp0() != Ordering::Less {
                continue;
            }
            let plane = Q::from(Q::from(&k[i] + r) * s);
            let t = Q::from(Q::from(&plane - &c[i]) / &v[i]);
            if t < zero {
                continue;
            }
            if (0..3)
                .filter(|&j| j != i)
                .all(|j| within(&at(j, &t), &k[j]))
            {
                take(Surd::rational(t));
            }
        }
    }
    // The smaller root of |d + t w|² = r² over the axes `axes` (d the
    // center minus the feature's point), if it is a first entry.
    let entry = |axes: &[usize], point: &[Q; 3]| -> Option<Surd> {
        let (mut a, mut b, mut c0) = (Q::new(), Q::new(), Q::from(-&r2));
        for &i in axes {
            let d = Q::from(&c[i] - &point[i]);
            a += Q::from(&v[i] * &v[i]);
            b += Q::from(&d * &v[i]);
            c0 += Q::from(&d * &d);
        }
        if a.cmp0() != Ordering::Greater {
            return None;
        }
        // t = (-b - √(b² - a c0)) / a.
        let disc = Q::from(&b * &b) - Q::from(&a * &c0);
        match disc.cmp0() {
            Ordering::Less => return None,
            Ordering::Equal if r.cmp0() != Ordering::Equal => return None,
            _ => {}
        }
        let t = Surd::new(-b, disc, a);
        (t.cmp_rational(&Q::new()) != Ordering::Less).then_some(t)
    };
    // Edges: along axis m, at (s_i k_i, s_j k_j); within |x_m| <= k_m at t.
    for m in 0..3 {
        let (i, j) = ((m + 1) % 3, (m + 2) % 3);
        for si in [-1i32, 1] {
            for sj in [-1i32, 1] {
                let mut p = [Q::new(), Q::new(), Q::new()];
                p[i] = Q::from(&k[i] * si);
                p[j] = Q::from(&k[j] * sj);
                let Some(t) = entry(&[i, j], &p) else {
                    continue;
                };
                if span_holds(&t, &c[m], &v[m], &k[m]) {
                    take(t);
                }
            }
        }
    }
    // Corners.
    for sx in [-1i32, 1] {
        for sy in [-1i32, 1] {
            for sz in [-1i32, 1] {
                let p = [
                    Q::from(&k[0] * sx),
                    Q::from(&k[1] * sy),
                    Q::from(&k[2] * sz),
                ];
                if let Some(t) = entry(&[0, 1, 2], &p) {
                    take(t);
                }
            }
        }
    }
    match best {
        Some(t) => Brute3::Hit(t),
        None => Brute3::Miss,
    }
}

/// Whether `|c + t v| <= k` at the surd time `t = p - √s`, exactly:
/// `-k <= c + v p - v √s <= k`.
fn span_holds(t: &Surd, c: &Q, v: &Q, k: &Q) -> bool {
    let (p, s) = t.normal();
    let base = Q::from(c + Q::from(v * &p));
    let f = Q::from(-v);
    // sign(base - k + f √s) <= 0 and sign(base + k + f √s) >= 0.
    let hi = crate::brute_rect::sign_lin(&Q::from(&base - k), &f, &s);
    let lo = crate::brute_rect::sign_lin(&Q::from(&base + k), &f, &s);
    hi <= 0 && lo >= 0
}

/// The brute force for a sphere moving by `sv` against an aligned box
/// moving by `bv` (exact inputs).
pub fn brute_aabb3(
    s: &Sphere<Exact>,
    sv: &Vec3<Exact>,
    b: &Aabb3<Exact>,
    bv: &Vec3<Exact>,
) -> Brute3 {
    let half = Q::from((1, 2));
    let mid = |lo: &Exact, hi: &Exact| Q::from(Q::from(q(lo) + q(hi)) * &half);
    let m = [
        mid(&b.min.x, &b.max.x),
        mid(&b.min.y, &b.max.y),
        mid(&b.min.z, &b.max.z),
    ];
    let k = [
        Q::from(Q::from(q(&b.max.x) - q(&b.min.x)) * &half),
        Q::from(Q::from(q(&b.max.y) - q(&b.min.y)) * &half),
        Q::from(Q::from(q(&b.max.z) - q(&b.min.z)) * &half),
    ];
    let c = [
        Q::from(q(&s.center.x) - &m[0]),
        Q::from(q(&s.center.y) - &m[1]),
        Q::from(q(&s.center.z) - &m[2]),
    ];
    let v = [
        Q::from(q(&sv.x) - q(&bv.x)),
        Q::from(q(&sv.y) - q(&bv.y)),
        Q::from(q(&sv.z) - q(&bv.z)),
    ];
    brute_local(&c, &v, &k, &q(&s.radius))
}

/// The brute force for a sphere against an oriented box whose axes are
/// exactly orthonormal (the frame is then a rotation, distances kept).
pub fn brute_obb3(
    s: &Sphere<Exact>,
    sv: &Vec3<Exact>,
    b: &Obb3<Exact>,
    bv: &Vec3<Exact>,
) -> Brute3 {
    let v3 = |p: &Vec3<Exact>| [q(&p.x), q(&p.y), q(&p.z)];
    let axes = b.axes.each_ref().map(v3);
    for (i, a) in axes.iter().enumerate() {
        for (j, bj) in axes.iter().enumerate() {
            let want = if i == j { Q::from(1) } else { Q::new() };
            assert_eq!(
                dot3(a, bj),
                want,
                "brute_obb3: axes not exactly orthonormal"
            );
        }
    }
    let d = {
        let (p, o) = (v3(&s.center), v3(&b.center));
        [0, 1, 2].map(|i| Q::from(&p[i] - &o[i]))
    };
    let w = {
        let (a, o) = (v3(sv), v3(bv));
        [0, 1, 2].map(|i| Q::from(&a[i] - &o[i]))
    };
    let c = [0, 1, 2].map(|i| dot3(&d, &axes[i]));
    let v = [0, 1, 2].map(|i| dot3(&w, &axes[i]));
    let k = b.half_extents.each_ref().map(q);
    brute_local(&c, &v, &k, &q(&s.radius))
}
