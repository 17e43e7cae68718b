//! Exact cases of a moving sphere vs a moving box, aligned or oriented,
//! for the tests of `swept::query::sweep_sphere_box` (`tests/sweep_box3_*`,
//! `tests/sweep_sphere_box*`).
//!
//! * Vector helpers on arrays of rationals ([`V3`]): the checks compute
//!   with these, not with `Vec3<Exact>`'s operators (the code under test).
//! * [`Case`]: one query's exact inputs, with the query
//!   ([`Case::query`], [`Case::query_within`]), the brute force of
//!   [`crate::brute_box3`] ([`Case::brute`]), the box's [`Frame`], the box's
//!   point nearest the center at `t = 0` ([`Case::nearest`]), and the maps
//!   the properties apply ([`Case::map`], [`Case::grown`]).
//! * The case generators: the degenerate-biased mix of
//!   [`crate::biased_box3`] placed as an aligned ([`biased_aabb`]) or an
//!   oriented box ([`biased_obb`]), with negative radii, inverted boxes and
//!   negative half extents mixed in at [`NEGATIVE_RATE`]; and the W4 draws
//!   ([`w4_aabb`], [`w4_obb`]).

use crate::biased_box3::{Local3, Path, local_case3, place_aabb3, place_obb3, w4_axes};
use crate::brute_box3::{Brute3, brute_aabb3, brute_obb3};
use crate::cases::w4_aabb_exact;
use crate::exact::Exact;
use crate::generate::Gen;
use crate::workload::{SplitMix64, w4};
use rug::Rational;
use swept::geom::{Aabb3, Obb3, Sphere, Vec3};
use swept::query::sweep_sphere_box::{
    sweep_sphere_aabb3, sweep_sphere_aabb3_within, sweep_sphere_obb3, sweep_sphere_obb3_within,
};
use swept::query::{Hit, Sweep};
use swept::{Error, Real};

type Q = Rational;

/// A 3D sweep's answer.
pub type Sweep3<T> = Sweep<T, Vec3<T>>;
/// A 3D sweep's hit.
pub type Hit3<T> = Hit<T, Vec3<T>>;

fn q(n: i64, d: i64) -> Exact {
    Exact::ratio(n, d)
}

// ---------------------------------------------------------------------------
// Exact vector helpers (arrays of rationals).

/// A vector of rationals.
pub type V3 = [Q; 3];

/// The rationals of `v`.
pub fn qv(v: &Vec3<Exact>) -> V3 {
    [v.x.0.clone(), v.y.0.clone(), v.z.0.clone()]
}

/// `a · b`.
pub fn dot(a: &V3, b: &V3) -> Q {
    Q::from(&a[0] * &b[0]) + Q::from(&a[1] * &b[1]) + Q::from(&a[2] * &b[2])
}

/// `a + b`.
pub fn add(a: &V3, b: &V3) -> V3 {
    [0, 1, 2].map(|i| Q::from(&a[i] + &b[i]))
}

/// `a - b`.
pub fn sub(a: &V3, b: &V3) -> V3 {
    [0, 1, 2].map(|i| Q::from(&a[i] - &b[i]))
}

/// `s a`.
pub fn scale(a: &V3, s: &Q) -> V3 {
    [0, 1, 2].map(|i| Q::from(&a[i] * s))
}

/// `a × b`.
pub fn cross(a: &V3, b: &V3) -> V3 {
    [
        Q::from(&a[1] * &b[2]) - Q::from(&a[2] * &b[1]),
        Q::from(&a[2] * &b[0]) - Q::from(&a[0] * &b[2]),
        Q::from(&a[0] * &b[1]) - Q::from(&a[1] * &b[0]),
    ]
}

/// `|x|`.
pub fn qabs(x: &Q) -> Q {
    Q::from(x.abs_ref())
}

/// `|a - b| <= tol`.
pub fn within(a: &Q, b: &Q, tol: &Q) -> bool {
    qabs(&Q::from(a - b)) <= *tol
}

/// [`within`] on every coordinate.
pub fn within3(a: &V3, b: &V3, tol: &Q) -> bool {
    (0..3).all(|i| within(&a[i], &b[i], tol))
}

/// `a` in `f64`, for messages.
pub fn f64s(a: &V3) -> [f64; 3] {
    a.clone().map(|x| x.to_f64())
}

// ---------------------------------------------------------------------------
// Cases on the exact backend

/// The box of a [`Case`].
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // test data
pub enum Box3 {
    /// Aligned.
    Aabb(Aabb3<Exact>),
    /// Oriented.
    Obb(Obb3<Exact>),
}

/// A sphere moving by `sv` against a box moving by `bv`.
#[derive(Clone, Debug)]
pub struct Case {
    /// The sphere at `t = 0`.
    pub sphere: Sphere<Exact>,
    /// The sphere's velocity.
    pub sv: Vec3<Exact>,
    /// The box at `t = 0`.
    pub b: Box3,
    /// The box's velocity.
    pub bv: Vec3<Exact>,
}

/// The box's frame: center at `t = 0`, axes, half extents, velocity.
pub struct Frame {
    /// The center at `t = 0`.
    pub o: V3,
    /// The axes.
    pub a: [V3; 3],
    /// The half extents.
    pub k: V3,
    /// The velocity.
    pub bv: V3,
}

impl Frame {
    /// `p` in the box's frame at time `t`.
    pub fn local(&self, t: &Q, p: &V3) -> V3 {
        let d = sub(p, &add(&self.o, &scale(&self.bv, t)));
        [0, 1, 2].map(|j| dot(&d, &self.a[j]))
    }

    /// The world point with frame coordinates `x` at time `t`.
    pub fn world(&self, t: &Q, x: &V3) -> V3 {
        let mut p = add(&self.o, &scale(&self.bv, t));
        for (a, xj) in self.a.iter().zip(x) {
            p = add(&p, &scale(a, xj));
        }
        p
    }
}

impl Case {
    /// A case with an aligned box.
    pub fn from_aabb(
        (sphere, sv, b, bv): (Sphere<Exact>, Vec3<Exact>, Aabb3<Exact>, Vec3<Exact>),
    ) -> Case {
        Case {
            sphere,
            sv,
            b: Box3::Aabb(b),
            bv,
        }
    }

    /// A case with an oriented box.
    pub fn from_obb(
        (sphere, sv, b, bv): (Sphere<Exact>, Vec3<Exact>, Obb3<Exact>, Vec3<Exact>),
    ) -> Case {
        Case {
            sphere,
            sv,
            b: Box3::Obb(b),
            bv,
        }
    }

    /// The query under test.
    pub fn query(&self) -> Result<Sweep3<Exact>, Error> {
        let (s, sv, bv) = (&self.sphere, &self.sv, &self.bv);
        match &self.b {
            Box3::Aabb(b) => sweep_sphere_aabb3(s, sv, b, bv),
            Box3::Obb(b) => sweep_sphere_obb3(s, sv, b, bv),
        }
    }

    /// The query under test with a time limit.
    pub fn query_within(&self, limit: &Exact) -> Result<Sweep3<Exact>, Error> {
        let (s, sv, bv) = (&self.sphere, &self.sv, &self.bv);
        match &self.b {
            Box3::Aabb(b) => sweep_sphere_aabb3_within(s, sv, b, bv, limit),
            Box3::Obb(b) => sweep_sphere_obb3_within(s, sv, b, bv, limit),
        }
    }

    /// The brute force.
    pub fn brute(&self) -> Brute3 {
        let (s, sv, bv) = (&self.sphere, &self.sv, &self.bv);
        match &self.b {
            Box3::Aabb(b) => brute_aabb3(s, sv, b, bv),
            Box3::Obb(b) => brute_obb3(s, sv, b, bv),
        }
    }

    /// The brute force, or a miss for a negative input (refused anyway).
    pub fn brute_or_miss(&self) -> Brute3 {
        if self.negative() {
            Brute3::Miss
        } else {
            self.brute()
        }
    }

    /// A negative radius or half extent, or `min > max`: the query must
    /// refuse it (the brute force does not apply).
    pub fn negative(&self) -> bool {
        let z = Exact::zero();
        let bad_box = match &self.b {
            Box3::Aabb(b) => b.min.x > b.max.x || b.min.y > b.max.y || b.min.z > b.max.z,
            Box3::Obb(b) => b.half_extents.iter().any(|e| *e < z),
        };
        self.sphere.radius < z || bad_box
    }

    /// The box's frame.
    pub fn frame(&self) -> Frame {
        let bv = qv(&self.bv);
        match &self.b {
            Box3::Aabb(b) => {
                let (lo, hi) = (qv(&b.min), qv(&b.max));
                let half = Q::from((1, 2));
                let unit = |i: usize| [0, 1, 2].map(|j| Q::from(u32::from(i == j)));
                Frame {
                    o: scale(&add(&lo, &hi), &half),
                    a: [unit(0), unit(1), unit(2)],
                    k: scale(&sub(&hi, &lo), &half),
                    bv,
                }
            }
            Box3::Obb(b) => Frame {
                o: qv(&b.center),
                a: b.axes.each_ref().map(qv),
                k: b.half_extents.each_ref().map(|e| e.0.clone()),
                bv,
            },
        }
    }

    /// The relative velocity `V = v_sphere - v_box`.
    pub fn rel_velocity(&self) -> V3 {
        sub(&qv(&self.sv), &qv(&self.bv))
    }

    /// The box's point nearest the center at `t = 0`.
    pub fn nearest(&self) -> V3 {
        let f = self.frame();
        let c = f.local(&Q::new(), &qv(&self.sphere.center));
        let x = [0, 1, 2].map(|j| {
            let k = &f.k[j];
            if c[j] > *k {
                k.clone()
            } else if c[j] < Q::from(-k) {
                Q::from(-k)
            } else {
                c[j].clone()
            }
        });
        f.world(&Q::new(), &x)
    }

    /// 1 + the largest magnitude of any input: the scale of tolerances.
    pub fn magnitude(&self) -> Q {
        let mut m = Q::from(1);
        let mut see = |x: &Exact| {
            let a = qabs(&x.0);
            if a > m {
                m = a;
            }
        };
        let s = &self.sphere;
        for v in [&s.center, &self.sv, &self.bv] {
            see(&v.x);
            see(&v.y);
            see(&v.z);
        }
        see(&s.radius);
        match &self.b {
            Box3::Aabb(b) => {
                for v in [&b.min, &b.max] {
                    see(&v.x);
                    see(&v.y);
                    see(&v.z);
                }
            }
            Box3::Obb(b) => {
                see(&b.center.x);
                see(&b.center.y);
                see(&b.center.z);
                b.half_extents.iter().for_each(&mut see);
            }
        }
        m + 1u32
    }

    /// Every position mapped by `pos`, every velocity and axis by `lin`
    /// (linear); an aligned box keeps its corners sorted.
    pub fn map(
        &self,
        pos: impl Fn(&Vec3<Exact>) -> Vec3<Exact>,
        lin: impl Fn(&Vec3<Exact>) -> Vec3<Exact>,
    ) -> Case {
        let b = match &self.b {
            Box3::Aabb(b) => {
                let (p, r) = (pos(&b.min), pos(&b.max));
                let lo = |a: &Exact, b: &Exact| if a < b { a.clone() } else { b.clone() };
                let hi = |a: &Exact, b: &Exact| if a < b { b.clone() } else { a.clone() };
                Box3::Aabb(Aabb3::new(
                    Vec3::new(lo(&p.x, &r.x), lo(&p.y, &r.y), lo(&p.z, &r.z)),
                    Vec3::new(hi(&p.x, &r.x), hi(&p.y, &r.y), hi(&p.z, &r.z)),
                ))
            }
            Box3::Obb(b) => Box3::Obb(Obb3::new(
                pos(&b.center),
                b.axes.each_ref().map(&lin),
                b.half_extents.clone(),
            )),
        };
        Case {
            sphere: Sphere::new(pos(&self.sphere.center), self.sphere.radius.clone()),
            sv: lin(&self.sv),
            b,
            bv: lin(&self.bv),
        }
    }

    /// The box grown by `d` on every half extent (`d` may be negative).
    pub fn grown(&self, d: &Exact) -> Case {
        let mut c = self.clone();
        match &mut c.b {
            Box3::Aabb(b) => {
                let dv = Vec3::new(d.clone(), d.clone(), d.clone());
                b.min -= dv.clone();
                b.max += dv;
            }
            Box3::Obb(b) => {
                for e in b.half_extents.iter_mut() {
                    *e = e.clone() + d.clone();
                }
            }
        }
        c
    }

    /// The smallest half extent.
    pub fn min_half_extent(&self) -> Q {
        let f = self.frame();
        f.k.iter().min().cloned().unwrap_or_default()
    }
}

// ---------------------------------------------------------------------------
// Generators: each returns a case and, from the biased mix, its path.

/// The rate at which negative inputs are mixed in.
pub const NEGATIVE_RATE: f64 = 0.004;

/// A biased case (`biased_box3::local_case3`) with an aligned box; at
/// [`NEGATIVE_RATE`], an inverted box or a negative radius.
pub fn biased_aabb(g: &mut Gen) -> (Case, Option<Path>) {
    let l: Local3 = local_case3(g);
    let mut case = Case::from_aabb(place_aabb3(g, &l));
    if g.chance(NEGATIVE_RATE) {
        match &mut case.b {
            Box3::Aabb(b) if g.chance(0.5) => {
                let i = g.below(3);
                let (lo, hi) = (&mut b.min, &b.max);
                let (l, h) = match i {
                    0 => (&mut lo.x, &hi.x),
                    1 => (&mut lo.y, &hi.y),
                    _ => (&mut lo.z, &hi.z),
                };
                *l = h.clone() + q(1, 4);
            }
            _ => case.sphere.radius = -case.sphere.radius.clone() - q(1, 8),
        }
    }
    (case, Some(l.path))
}

/// A biased case with an oriented box; at [`NEGATIVE_RATE`], a negative
/// half extent or radius.
pub fn biased_obb(g: &mut Gen) -> (Case, Option<Path>) {
    let l: Local3 = local_case3(g);
    let mut case = Case::from_obb(place_obb3(g, &l));
    if g.chance(NEGATIVE_RATE) {
        match &mut case.b {
            Box3::Obb(b) if g.chance(0.5) => b.half_extents[g.below(3) as usize] = q(-1, 3),
            _ => case.sphere.radius = -case.sphere.radius.clone() - q(1, 8),
        }
    }
    (case, Some(l.path))
}

fn ex(x: f64) -> Exact {
    Exact::from_f64_exact(x).expect("finite")
}

/// A W4-AABB draw.
pub fn w4_aabb(r: &mut SplitMix64) -> (Case, Option<Path>) {
    (Case::from_aabb(w4_aabb_exact(r)), None)
}

/// A W4 draw with its oriented box, the axes exactly orthonormal and near
/// W4's angles (`biased_box3::w4_axes`).
pub fn w4_obb(r: &mut SplitMix64) -> (Case, Option<Path>) {
    let w = w4(r);
    let v = |a: [f64; 3]| Vec3::new(ex(a[0]), ex(a[1]), ex(a[2]));
    let b = Obb3::new(v(w.center), w4_axes(w.angles), w.half.map(ex));
    let case = Case {
        sphere: Sphere::new(v(w.sphere), ex(w.radius)),
        sv: v(w.sphere_velocity),
        b: Box3::Obb(b),
        bv: v(w.box_velocity),
    };
    (case, None)
}
