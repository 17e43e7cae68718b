//! Hand-derived cases of a moving sphere vs a moving box on every backend
//! (`tests/sweep_sphere_box*.rs`): the boxes and inputs ([`Setup`], on
//! values exact on every backend), what a case expects ([`Want`], built of
//! exact or irrational values [`W`]), and [`expect`], which checks both
//! the query on the backend and the hand derivation itself against the
//! brute force of [`crate::brute_box3`] on the exact inputs: a wrong hand
//! derivation fails as such, not as a query bug.
//!
//! A value is compared exactly where the expected one is exact and the
//! backend represents it, else within one rounding ([`close`]): the exact
//! backend 2^-200 relative, floats one ulp, fixed point one LSB.

use crate::agree::Backend;
use crate::brute_box3::{Brute3, brute_aabb3, brute_obb3};
use crate::case_box3::{Hit3, Sweep3, qabs};
use crate::check_box3::describe;
use crate::exact::Exact;
use crate::sweep_check::eps;
use rug::{Integer, Rational};
use swept::Error;
use swept::geom::{Aabb3, Obb3, Sphere, Vec3};
use swept::query::Sweep;
use swept::query::sweep_sphere_box::{
    sweep_sphere_aabb3, sweep_sphere_aabb3_within, sweep_sphere_obb3, sweep_sphere_obb3_within,
};

type Q = Rational;

/// An expected value: `v` exactly (`exact`), or an approximation of an
/// irrational value within 2^-290.
#[derive(Clone, Debug)]
pub struct W {
    /// The value.
    pub v: Q,
    /// Exactly `v`.
    pub exact: bool,
}

/// The rational `n / d`.
pub fn w(n: i64, d: i64) -> W {
    W {
        v: Q::from((n, d)),
        exact: true,
    }
}

/// `(x, y, z) / d`.
pub fn ws(x: [i64; 3], d: i64) -> [W; 3] {
    x.map(|n| w(n, d))
}

/// `√x` to within 2^-290 (exact if `x` is the square of a rational).
pub fn sqrt_q(x: &Q) -> W {
    let (n, d) = (x.numer().clone(), x.denom().clone());
    if n.is_perfect_square() && d.is_perfect_square() {
        return W {
            v: Q::from((n.sqrt(), d.sqrt())),
            exact: true,
        };
    }
    // √(n/d) = √(n d) / d.
    let root = (Integer::from(&n * &d) << 600u32).sqrt();
    W {
        v: Q::from((root, d << 300u32)),
        exact: false,
    }
}

/// `a + b √s`.
pub fn surd_w(a: Q, b: Q, s: Q) -> W {
    let r = sqrt_q(&s);
    W {
        v: a + b * r.v,
        exact: r.exact,
    }
}

/// The tolerance for a value of backend `T` against an approximation of
/// an irrational value: the exact backend 2^-200 relative; floats one ulp
/// (they are rounded once to nearest: half an ulp); fixed point one LSB.
pub fn unit_err<T: Backend>(v: &Q) -> Q {
    let a = qabs(v).max(Q::from(1));
    if T::NAME == "exact" {
        return eps() * a;
    }
    let f = |x: f64| Exact::from_f64_exact(x).expect("finite").0;
    if T::REL == 0.0 {
        f(T::ABS)
    } else {
        f(2.0 * T::REL) * a + f(T::ABS)
    }
}

/// `got` against `want`: equal where `want` is exact and `T` represents it,
/// else within one rounding ([`unit_err`]).
pub fn close<T: Backend>(got: &T, want: &W) -> bool {
    let g = got.to_exact().0;
    let representable = want.exact
        && T::from_exact(&Exact(want.v.clone())).is_some_and(|x| x.to_exact().0 == want.v);
    if representable {
        g == want.v
    } else {
        qabs(&Q::from(&g - &want.v)) <= unit_err::<T>(&want.v)
    }
}

/// [`close`] on every coordinate.
pub fn close3<T: Backend>(got: &Vec3<T>, want: &[W; 3]) -> bool {
    close(&got.x, &want[0]) && close(&got.y, &want[1]) && close(&got.z, &want[2])
}

/// `n / d` on backend `T`.
pub fn num<T: Backend>(n: i64, d: i64) -> T {
    T::from_ratio(n, d).expect("in range")
}

/// `(x, y, z) / d` on backend `T` (every value used is exact on each).
pub fn v3<T: Backend>(x: [i64; 3], d: i64) -> Vec3<T> {
    Vec3::new(num(x[0], d), num(x[1], d), num(x[2], d))
}

/// `(x, y, z)` on backend `T`.
pub fn vi<T: Backend>(x: i64, y: i64, z: i64) -> Vec3<T> {
    v3([x, y, z], 1)
}

/// The box of a [`Setup`].
#[derive(Clone, Debug)]
pub enum BoxT<T> {
    /// Aligned.
    Aabb(Aabb3<T>),
    /// Oriented.
    Obb(Obb3<T>),
}

/// A query on backend `T`.
#[derive(Clone, Debug)]
pub struct Setup<T> {
    /// The sphere at `t = 0`.
    pub s: Sphere<T>,
    /// The sphere's velocity.
    pub sv: Vec3<T>,
    /// The box at `t = 0`.
    pub b: BoxT<T>,
    /// The box's velocity.
    pub bv: Vec3<T>,
    /// The limit of a `_within` query.
    pub limit: Option<T>,
}

/// The cube `[-1, 1]³`.
pub fn cube<T: Backend>() -> BoxT<T> {
    BoxT::Aabb(Aabb3::new(vi(-1, -1, -1), vi(1, 1, 1)))
}

/// The aligned box `[lo, hi]`.
pub fn aabb<T: Backend>(lo: [i64; 3], hi: [i64; 3]) -> BoxT<T> {
    BoxT::Aabb(Aabb3::new(v3(lo, 1), v3(hi, 1)))
}

/// A sphere of radius `r` (`(n, d)`) at `c / cd` moving by `v / vd`
/// against `b` at rest.
pub fn setup<T: Backend>(
    b: BoxT<T>,
    c: ([i64; 3], i64),
    r: (i64, i64),
    v: ([i64; 3], i64),
) -> Setup<T> {
    Setup {
        s: Sphere::new(v3(c.0, c.1), num(r.0, r.1)),
        sv: v3(v.0, v.1),
        b,
        bv: Vec3::zero(),
        limit: None,
    }
}

impl<T: Backend> Setup<T> {
    /// The query (`_within` with a limit).
    pub fn run(&self) -> Result<Sweep3<T>, Error> {
        let (s, sv, bv) = (&self.s, &self.sv, &self.bv);
        match (&self.b, &self.limit) {
            (BoxT::Aabb(b), None) => sweep_sphere_aabb3(s, sv, b, bv),
            (BoxT::Aabb(b), Some(t)) => sweep_sphere_aabb3_within(s, sv, b, bv, t),
            (BoxT::Obb(b), None) => sweep_sphere_obb3(s, sv, b, bv),
            (BoxT::Obb(b), Some(t)) => sweep_sphere_obb3_within(s, sv, b, bv, t),
        }
    }

    /// The sphere's velocity replaced by `v.0 / v.1`.
    pub fn with_velocity(&self, v: ([i64; 3], i64)) -> Setup<T> {
        Setup {
            sv: v3(v.0, v.1),
            ..self.clone()
        }
    }

    /// The radius replaced by `r.0 / r.1`.
    pub fn with_radius(&self, r: (i64, i64)) -> Setup<T> {
        let mut s = self.clone();
        s.s.radius = num(r.0, r.1);
        s
    }

    /// A `_within` query with the limit `t.0 / t.1`.
    pub fn within(&self, t: (i64, i64)) -> Setup<T> {
        Setup {
            limit: Some(num(t.0, t.1)),
            ..self.clone()
        }
    }

    /// Both bodies given the extra velocity `u / d`.
    pub fn carried(&self, u: ([i64; 3], i64)) -> Setup<T> {
        let u = v3::<T>(u.0, u.1);
        Setup {
            sv: self.sv.clone() + u.clone(),
            bv: self.bv.clone() + u,
            ..self.clone()
        }
    }

    /// The brute force on the exact values of the inputs, with the limit.
    pub fn brute(&self) -> Brute3 {
        let e = |x: &T| x.to_exact();
        let ev = |v: &Vec3<T>| v.clone().map(|c| e(&c));
        let s = Sphere::new(ev(&self.s.center), e(&self.s.radius));
        let (sv, bv) = (ev(&self.sv), ev(&self.bv));
        let b = match &self.b {
            BoxT::Aabb(b) => brute_aabb3(&s, &sv, &Aabb3::new(ev(&b.min), ev(&b.max)), &bv),
            BoxT::Obb(b) => {
                let o = Obb3::new(
                    ev(&b.center),
                    b.axes.each_ref().map(ev),
                    b.half_extents.each_ref().map(e),
                );
                brute_obb3(&s, &sv, &o, &bv)
            }
        };
        match (b, &self.limit) {
            (Brute3::Hit(t), Some(l)) if t.cmp_rational(&e(l).0).is_gt() => Brute3::Miss,
            (b, _) => b,
        }
    }
}

/// What a hand-derived case expects.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // test data
pub enum Want {
    /// No hit.
    Miss,
    /// Overlapping, with this witness.
    Overlap([W; 3]),
    /// A hit: time, point, center, and the normal (`None`: not pinned,
    /// only unit and against the relative velocity).
    Hit(W, [W; 3], [W; 3], Option<[W; 3]>),
    /// A hit at the brute force's time (not derived by hand).
    HitAtBruteTime,
}

/// A hit with its normal pinned.
pub fn hit_w(t: W, p: [W; 3], c: [W; 3], n: [W; 3]) -> Want {
    Want::Hit(t, p, c, Some(n))
}

/// Checks the query on `s` against `want`, and the brute force on the
/// exact inputs against the hand derivation (kind and time).
#[track_caller]
pub fn expect<T: Backend>(what: &str, s: &Setup<T>, want: Want) {
    let name = T::NAME;
    let brute = s.brute();
    let derivation_ok = match (&want, &brute) {
        (Want::Miss, Brute3::Miss)
        | (Want::Overlap(_), Brute3::Overlapping)
        | (Want::HitAtBruteTime, Brute3::Hit(_)) => true,
        (Want::Hit(t, ..), Brute3::Hit(bt)) => match bt.as_rational() {
            Some(x) => t.exact && x == t.v,
            None => !t.exact && bt.within_rel(&t.v, &eps()),
        },
        _ => false,
    };
    assert!(
        derivation_ok,
        "{what} ({name}): the hand derivation {want:?} disagrees with the brute force {}",
        describe(&brute)
    );
    let got = s.run();
    let ok = match (&want, &got) {
        (Want::Miss, Ok(Sweep::Miss)) => true,
        (Want::Overlap(wit), Ok(Sweep::Overlapping { witness })) => close3(witness, wit),
        (Want::Hit(t, p, c, n), Ok(Sweep::Hit(h))) => {
            close(&h.time, t)
                && close3(&h.point, p)
                && close3(&h.center, c)
                && n.as_ref().is_none_or(|n| close3(&h.normal, n))
                && normal_sane(s, h)
        }
        (Want::HitAtBruteTime, Ok(Sweep::Hit(h))) => {
            let Brute3::Hit(bt) = &brute else {
                unreachable!()
            };
            let (lo, _) = bt.bracket(300);
            let t = W {
                v: lo,
                exact: bt.as_rational().is_some(),
            };
            close(&h.time, &t) && normal_sane(s, h)
        }
        _ => false,
    };
    assert!(ok, "{what} ({name}): got {got:?}, want {want:?}");
}

/// The normal is unit (in f64, to the backend's rounding) and against the
/// relative velocity.
pub fn normal_sane<T: Backend>(s: &Setup<T>, h: &Hit3<T>) -> bool {
    let f = |v: &Vec3<T>| [v.x.nearest_f64(), v.y.nearest_f64(), v.z.nearest_f64()];
    let (n, sv, bv) = (f(&h.normal), f(&s.sv), f(&s.bv));
    let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
    let tol = if T::NAME == "exact" || T::NAME == "f64" {
        1e-12
    } else {
        1e-4
    };
    let vn: f64 = (0..3).map(|i| (sv[i] - bv[i]) * n[i]).sum();
    (len - 1.0).abs() <= tol && vn < 0.0
}
