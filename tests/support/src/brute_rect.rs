//! A brute-force exact reference for a moving circle vs a moving rectangle
//! (aligned or oriented), written independently of the kernel's region logic.
//!
//! # Method
//! Motion is taken relative to the rectangle and expressed in its frame (the
//! axes used as given, which must be exactly orthonormal): center `C`,
//! velocity `V`, rectangle `[-k0, k0] × [-k1, k1]`, radius `r`.
//!
//! * At `t = 0` the exact squared distance from `C` to the rectangle is
//!   compared with `r²`: less is `Overlapping` (witness: the nearest point),
//!   and so is, for `r = 0`, a center strictly inside. Equal is touching: a
//!   hit at 0 iff the motion goes in (`V · g < 0` for the gap `g = C -
//!   nearest`, normal `g / r`; for `r = 0`, iff `C + εV` lies in the open
//!   rectangle for small `ε`, normal the face's or, at a corner, `-V/|V|`),
//!   otherwise no hit at all (the distance is convex and does not
//!   decrease).
//! * Otherwise the center is outside the rounded rectangle (the rectangle
//!   dilated by `r`), whose boundary is covered by 8 features: 4 offset edges
//!   (the lines `x_i = ±(k_i + r)` limited to `|x_o| <= k_o`) and 4 corner
//!   circles of radius `r`. For each feature the earliest root `t >= 0` at
//!   which the center meets it is computed (the crossing of the line, moving
//!   toward it and within the span at that time; the smaller root of
//!   `|C + tV - K|² = r²`, a double root, a tangent graze, only for `r =
//!   0`), and the minimum is the first hit.
//!
//! Why the minimum is right: `t ↦ dist(C + tV, rect)` is convex and exceeds
//! `r` at 0; every candidate is a time where the distance is at most `r`
//! (exactly `r` on an offset edge, at most `r` on a corner circle), so no
//! candidate precedes the first hit `T`; and at `T` the center is on an
//! offset edge entered from outside, or enters a corner circle, so `T` is a
//! candidate. A path that only grazes (a tangent to a corner circle, or
//! sliding along an edge line) never gets within `r`: no candidate.
//!
//! Times are quadratic surds `(a - √b) / c`, compared exactly
//! ([`Surd::cmp`]), so ties between features are decided exactly. At a tie
//! the contact point is the point of the rectangle nearest the center, hence
//! unique; [`brute_local`] asserts that every tied feature gives it.

use crate::exact::Exact;
use core::cmp::Ordering;
use rug::{Integer, Rational};
use swept::geom::{Aabb2, Circle, Obb2, Vec2};

type Q = Rational;

fn add(a: &Q, b: &Q) -> Q {
    Q::from(a + b)
}
fn sub(a: &Q, b: &Q) -> Q {
    Q::from(a - b)
}
fn mul(a: &Q, b: &Q) -> Q {
    Q::from(a * b)
}
fn div(a: &Q, b: &Q) -> Q {
    Q::from(a / b)
}
fn neg(a: &Q) -> Q {
    Q::from(-a)
}
fn sign(a: &Q) -> i32 {
    match a.cmp0() {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    }
}
fn zero() -> Q {
    Q::new()
}
fn one() -> Q {
    Q::from(1)
}

/// The sign of `e + f √b` (`b >= 0`), exactly.
pub fn sign_lin(e: &Q, f: &Q, b: &Q) -> i32 {
    assert!(b.cmp0() != Ordering::Less, "sign_lin: negative radicand");
    let se = sign(e);
    let sf = if b.cmp0() == Ordering::Equal {
        0
    } else {
        sign(f)
    };
    if sf == 0 {
        return se;
    }
    if se == 0 || se == sf {
        return sf;
    }
    // Opposite signs: compare e² with f² b.
    match mul(e, e).cmp(&mul(&mul(f, f), b)) {
        Ordering::Greater => se,
        Ordering::Less => sf,
        Ordering::Equal => 0,
    }
}

/// The sign of `a + √b - √c` (`b, c >= 0`), exactly.
pub fn sign_two_roots(a: &Q, b: &Q, c: &Q) -> i32 {
    // u = a + √b.
    let u = sign_lin(a, &one(), b);
    if u < 0 {
        return -1;
    }
    if u == 0 {
        return if c.cmp0() == Ordering::Equal { 0 } else { -1 };
    }
    // u > 0: sign(u - √c) = sign(u² - c) = sign(a² + b - c + 2a √b).
    let e = sub(&add(&mul(a, a), b), c);
    let f = mul(&Q::from(2), a);
    sign_lin(&e, &f, b)
}

fn ord(s: i32) -> Ordering {
    s.cmp(&0)
}

/// The quadratic surd `(a - √b) / c`, with `b >= 0` and `c > 0`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Surd {
    /// Rational part of the numerator.
    pub a: Q,
    /// Radicand (non-negative).
    pub b: Q,
    /// Denominator (positive).
    pub c: Q,
}

impl Surd {
    /// `(a - √b) / c`; panics unless `b >= 0` and `c > 0`.
    pub fn new(a: Q, b: Q, c: Q) -> Surd {
        assert!(b.cmp0() != Ordering::Less, "Surd: negative radicand");
        assert!(
            c.cmp0() == Ordering::Greater,
            "Surd: non-positive denominator"
        );
        Surd { a, b, c }
    }

    /// The rational `x`.
    pub fn rational(x: Q) -> Surd {
        Surd::new(x, zero(), one())
    }

    /// `(p, s)` with `self = p - √s`.
    pub fn normal(&self) -> (Q, Q) {
        (div(&self.a, &self.c), div(&self.b, &mul(&self.c, &self.c)))
    }

    /// The exact value if it is rational (`b` a square of a rational).
    pub fn as_rational(&self) -> Option<Q> {
        let (p, s) = self.normal();
        if s.cmp0() == Ordering::Equal {
            return Some(p);
        }
        let (n, d) = (s.numer(), s.denom());
        if n.is_perfect_square() && d.is_perfect_square() {
            let root = Q::from((Integer::from(n.sqrt_ref()), Integer::from(d.sqrt_ref())));
            Some(sub(&p, &root))
        } else {
            None
        }
    }

    /// Exact order of two surds.
    #[allow(clippy::should_implement_trait)] // no Eq: equal values have many representations
    pub fn cmp(&self, o: &Surd) -> Ordering {
        // (p1 - √s1) - (p2 - √s2) = (p1 - p2) + √s2 - √s1.
        let (p1, s1) = self.normal();
        let (p2, s2) = o.normal();
        ord(sign_two_roots(&sub(&p1, &p2), &s2, &s1))
    }

    /// Exact order of `self` and the rational `x`.
    pub fn cmp_rational(&self, x: &Q) -> Ordering {
        // p - √s - x.
        let (p, s) = self.normal();
        ord(sign_lin(&sub(&p, x), &neg(&one()), &s))
    }

    /// Whether a query's time `x` is this exact time: equal when it is
    /// rational, within `eps` relative when it is a surd (which no
    /// rational equals).
    pub fn is_time(&self, x: &Q, eps: &Q) -> bool {
        match self.as_rational() {
            Some(q) => *x == q,
            None => self.within_rel(x, eps),
        }
    }

    /// Whether `|x - self| <= eps |self|`, decided exactly.
    pub fn within_rel(&self, x: &Q, eps: &Q) -> bool {
        let (p, s) = self.normal();
        // sign(x - m (p - √s)) = sign((x - m p) + m √s).
        let side = |m: &Q| sign_lin(&sub(x, &mul(m, &p)), m, &s);
        let (hi, lo) = (add(&one(), eps), sub(&one(), eps));
        match sign_lin(&p, &neg(&one()), &s) {
            0 => x.cmp0() == Ordering::Equal,
            1 => side(&hi) <= 0 && side(&lo) >= 0,
            _ => side(&hi) >= 0 && side(&lo) <= 0,
        }
    }

    /// Rationals `lo <= self <= hi` with `hi - lo <= 2^-bits / denominator`
    /// (equal if `self` is rational).
    pub fn bracket(&self, bits: u32) -> (Q, Q) {
        if let Some(x) = self.as_rational() {
            return (x.clone(), x);
        }
        let (p, s) = self.normal();
        // √(n/d) = √(n d) / d; R = ⌊√(n d 4^bits)⌋, R / (d 2^bits) <= √s < (R+1) / (d 2^bits).
        let (n, d) = (s.numer().clone(), s.denom().clone());
        let big = Integer::from(&n * &d) << (2 * bits);
        let root = big.sqrt();
        let den = d << bits;
        let low_root = Q::from((root.clone(), den.clone()));
        let high_root = Q::from((root + 1u32, den));
        (sub(&p, &high_root), sub(&p, &low_root))
    }

    /// An approximation, for messages.
    pub fn nearest_f64(&self) -> f64 {
        let (lo, hi) = self.bracket(80);
        (lo.to_f64() + hi.to_f64()) / 2.0
    }
}

/// A boundary feature of the rounded rectangle, in the rectangle's frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Feature {
    /// The offset edge on the line `x_axis = side (k_axis + r)`.
    Edge {
        /// 0 or 1.
        axis: usize,
        /// -1 or 1.
        side: i32,
    },
    /// The circle of radius `r` at the corner `(sx k0, sy k1)`.
    Corner {
        /// -1 or 1.
        sx: i32,
        /// -1 or 1.
        sy: i32,
    },
}

/// A point moving linearly: `base + t rate`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AffinePoint {
    /// Position at `t = 0`.
    pub base: [Q; 2],
    /// Velocity.
    pub rate: [Q; 2],
}

impl AffinePoint {
    /// The position at a rational time.
    pub fn at(&self, t: &Q) -> [Q; 2] {
        [
            add(&self.base[0], &mul(t, &self.rate[0])),
            add(&self.base[1], &mul(t, &self.rate[1])),
        ]
    }

    /// Whether `p` is this point at time `t`: exactly if `t` is rational,
    /// otherwise each coordinate within `eps` relative in the time (the
    /// coordinate `base + t rate` with `t` off by `eps t`).
    pub fn matches(&self, t: &Surd, p: &Vec2<Exact>, eps: &Q) -> bool {
        if let Some(t) = t.as_rational() {
            let [x, y] = self.at(&t);
            return x == p.x.0 && y == p.y.0;
        }
        [(&p.x.0, 0), (&p.y.0, 1)].iter().all(|(pc, i)| {
            if self.rate[*i].cmp0() == Ordering::Equal {
                **pc == self.base[*i]
            } else {
                // The time this coordinate implies.
                let implied = div(&sub(pc, &self.base[*i]), &self.rate[*i]);
                t.within_rel(&implied, eps)
            }
        })
    }
}

/// What the normal of a hit must be (any one of a list may hold).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NormalRule {
    /// Exactly this (rational) unit vector.
    Exact([Q; 2]),
    /// The unit vector along this direction.
    Along([Q; 2]),
    /// `(d + t v) / r` at the hit's time `t`: a corner circle's normal.
    FromCorner {
        /// The center minus the corner at `t = 0`.
        d: [Q; 2],
        /// The relative velocity.
        v: [Q; 2],
        /// The radius (positive).
        r: Q,
    },
}

impl NormalRule {
    /// The rule for vectors turned by `along` (a map of the frame's axes).
    fn turned(&self, along: &dyn Fn(&[Q; 2]) -> [Q; 2]) -> NormalRule {
        match self {
            NormalRule::Exact(n) => NormalRule::Exact(along(n)),
            NormalRule::Along(d) => NormalRule::Along(along(d)),
            NormalRule::FromCorner { d, v, r } => NormalRule::FromCorner {
                d: along(d),
                v: along(v),
                r: r.clone(),
            },
        }
    }

    /// Whether `n` satisfies the rule at time `t` (the kernel's own time):
    /// exactly, or within `eps` times the values' scale.
    pub fn holds(&self, n: &[Q; 2], t: &Q, eps: &Q) -> bool {
        match self {
            NormalRule::Exact(e) => n == e,
            NormalRule::Along(d) => {
                let nn = dot(n, n);
                sub(&mul(&n[0], &d[1]), &mul(&n[1], &d[0])).cmp0() == Ordering::Equal
                    && dot(n, d).cmp0() == Ordering::Greater
                    && Q::from(sub(&nn, &one()).abs_ref()) <= *eps
            }
            NormalRule::FromCorner { d, v, r } => {
                let scale = [&d[0], &d[1], &v[0], &v[1], t]
                    .iter()
                    .fold(one(), |m, x| m.max(Q::from(x.abs_ref())));
                let tol = mul(&mul(eps, &mul(&scale, &scale)), &div(&Q::from(16), r));
                (0..2).all(|j| {
                    let want = div(&add(&d[j], &mul(t, &v[j])), r);
                    Q::from(sub(&n[j], &want).abs_ref()) <= tol
                })
            }
        }
    }
}

/// The brute-force result in the rectangle's frame.
#[allow(clippy::large_enum_variant)] // a test oracle: clarity over size
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LocalResult {
    /// Overlapping at 0; the nearest point.
    Overlapping {
        /// Nearest point of the rectangle to the center.
        nearest: [Q; 2],
    },
    /// First hit.
    Contact {
        /// Exact time.
        time: Surd,
        /// Contact point in the frame, `base + t rate` (for a touch at 0,
        /// the nearest point).
        point: AffinePoint,
        /// The features reaching the minimum (empty for a touch at 0).
        features: Vec<Feature>,
        /// The normal: any one of these rules.
        normal: Vec<NormalRule>,
    },
    /// No hit at any `t >= 0`: the path is tangent to a corner circle
    /// (touches it at one instant, never within `r`).
    Graze,
    /// No hit at any `t >= 0`.
    NoContact,
}

fn clamp(x: &Q, k: &Q) -> Q {
    if *x > *k {
        k.clone()
    } else if *x < neg(k) {
        neg(k)
    } else {
        x.clone()
    }
}

/// The brute force on the canonical problem: rectangle `[-k0,k0] × [-k1,k1]`,
/// center `c`, relative velocity `v`, radius `r`. A negative radius or
/// extent (an empty set) gives `NoContact`.
pub fn brute_local(k: &[Q; 2], c: &[Q; 2], v: &[Q; 2], r: &Q) -> LocalResult {
    if r.cmp0() == Ordering::Less || k[0].cmp0() == Ordering::Less || k[1].cmp0() == Ordering::Less
    {
        return LocalResult::NoContact;
    }
    let r2 = mul(r, r);
    // t = 0.
    let nearest = [clamp(&c[0], &k[0]), clamp(&c[1], &k[1])];
    let g = [sub(&c[0], &nearest[0]), sub(&c[1], &nearest[1])];
    let dist2 = add(&mul(&g[0], &g[0]), &mul(&g[1], &g[1]));
    let strictly_in = |j: usize| c[j] < k[j] && c[j] > neg(&k[j]);
    let point_inside = r.cmp0() == Ordering::Equal && strictly_in(0) && strictly_in(1);
    let at_start = |normal: NormalRule| LocalResult::Contact {
        time: Surd::rational(zero()),
        point: AffinePoint {
            base: nearest.clone(),
            rate: [zero(), zero()],
        },
        features: Vec::new(),
        normal: vec![normal],
    };
    match dist2.cmp(&r2) {
        Ordering::Less => return LocalResult::Overlapping { nearest },
        _ if point_inside => return LocalResult::Overlapping { nearest },
        Ordering::Equal if r.cmp0() == Ordering::Greater => {
            if sign(&dot(v, &g)) >= 0 {
                return LocalResult::NoContact;
            }
            return at_start(NormalRule::Exact([div(&g[0], r), div(&g[1], r)]));
        }
        Ordering::Equal => {
            // r = 0 on the boundary: C + εV must be in the open rectangle.
            let goes_in = |j: usize| {
                strictly_in(j)
                    || (c[j] == k[j] && sign(&v[j]) < 0)
                    || (c[j] == neg(&k[j]) && sign(&v[j]) > 0)
            };
            let open = sign(&k[0]) > 0 && sign(&k[1]) > 0;
            if !(open && goes_in(0) && goes_in(1)) {
                return LocalResult::NoContact;
            }
            let face = |j: usize| {
                let mut n = [zero(), zero()];
                n[j] = Q::from(sign(&c[j]));
                n
            };
            return at_start(match (strictly_in(0), strictly_in(1)) {
                (true, _) => NormalRule::Exact(face(1)),
                (_, true) => NormalRule::Exact(face(0)),
                _ => NormalRule::Along([neg(&v[0]), neg(&v[1])]),
            });
        }
        Ordering::Greater => {}
    }
    // Candidates: (time, feature, point in the frame); whether a corner
    // circle is only grazed.
    let mut cands: Vec<(Surd, Feature, AffinePoint)> = Vec::new();
    let mut grazed = false;
    for axis in 0..2 {
        let o = 1 - axis;
        if v[axis].cmp0() == Ordering::Equal {
            continue; // parallel: a graze is caught by the corner circle
        }
        for side in [-1i32, 1] {
            let s = Q::from(side);
            if sign(&v[axis]) * side >= 0 {
                continue; // not moving toward this edge
            }
            let line = mul(&s, &add(&k[axis], r));
            let t = div(&sub(&line, &c[axis]), &v[axis]);
            if t.cmp0() == Ordering::Less {
                continue;
            }
            let along = add(&c[o], &mul(&t, &v[o]));
            if along > k[o] || along < neg(&k[o]) {
                continue;
            }
            let mut base = [zero(), zero()];
            let mut rate = [zero(), zero()];
            base[axis] = mul(&s, &k[axis]);
            base[o] = c[o].clone();
            rate[o] = v[o].clone();
            cands.push((
                Surd::rational(t),
                Feature::Edge { axis, side },
                AffinePoint { base, rate },
            ));
        }
    }
    let vv = add(&mul(&v[0], &v[0]), &mul(&v[1], &v[1]));
    if vv.cmp0() == Ordering::Greater {
        for sx in [-1i32, 1] {
            for sy in [-1i32, 1] {
                let kk = [mul(&Q::from(sx), &k[0]), mul(&Q::from(sy), &k[1])];
                let d = [sub(&c[0], &kk[0]), sub(&c[1], &kk[1])];
                // |d + t v|² = r²: vv t² + 2 b t + cq = 0.
                let b = add(&mul(&d[0], &v[0]), &mul(&d[1], &v[1]));
                let cq = sub(&add(&mul(&d[0], &d[0]), &mul(&d[1], &d[1])), &r2);
                let disc = sub(&mul(&b, &b), &mul(&vv, &cq));
                // A double root is a tangent graze (no hit) unless r = 0.
                let graze = disc.cmp0() == Ordering::Equal && r.cmp0() == Ordering::Greater;
                if disc.cmp0() == Ordering::Less {
                    continue;
                }
                if graze {
                    let t = Surd::new(neg(&b), zero(), vv.clone());
                    grazed |= t.cmp_rational(&zero()) != Ordering::Less;
                    continue;
                }
                let t = Surd::new(neg(&b), disc, vv.clone());
                if t.cmp_rational(&zero()) == Ordering::Less {
                    continue;
                }
                let point = AffinePoint {
                    base: kk,
                    rate: [zero(), zero()],
                };
                cands.push((t, Feature::Corner { sx, sy }, point));
            }
        }
    }
    let Some(best) = cands.iter().map(|c| &c.0).min_by(|a, b| a.cmp(b)).cloned() else {
        return if grazed {
            LocalResult::Graze
        } else {
            LocalResult::NoContact
        };
    };
    let tied: Vec<&(Surd, Feature, AffinePoint)> = cands
        .iter()
        .filter(|c| c.0.cmp(&best) == Ordering::Equal)
        .collect();
    // Self-check: every tied feature gives the same point at the tie.
    match best.as_rational() {
        Some(t) => {
            let p0 = tied[0].2.at(&t);
            for f in &tied {
                assert_eq!(f.2.at(&t), p0, "brute: tied features disagree on the point");
            }
        }
        None => {
            for f in &tied {
                assert!(
                    matches!(f.1, Feature::Corner { .. }) && f.2 == tied[0].2,
                    "brute: irrational tie between distinct points"
                );
            }
        }
    }
    // The normal: a face's, or a corner circle's (d + t v) / r; a point
    // (r = 0) through a corner takes the face crossed, or -v/|v| where it
    // crosses both face lines at once.
    let both = [0, 1].iter().all(|a| {
        tied.iter()
            .any(|f| matches!(f.1, Feature::Edge { axis, .. } if axis == *a))
    });
    let normal = if r.cmp0() == Ordering::Equal && both {
        vec![NormalRule::Along([neg(&v[0]), neg(&v[1])])]
    } else {
        tied.iter()
            .filter_map(|f| match f.1 {
                Feature::Edge { axis, side } => {
                    let mut n = [zero(), zero()];
                    n[axis] = Q::from(side);
                    Some(NormalRule::Exact(n))
                }
                Feature::Corner { .. } if r.cmp0() == Ordering::Equal => None,
                Feature::Corner { sx, sy } => Some(NormalRule::FromCorner {
                    d: [
                        sub(&c[0], &mul(&Q::from(sx), &k[0])),
                        sub(&c[1], &mul(&Q::from(sy), &k[1])),
                    ],
                    v: v.clone(),
                    r: r.clone(),
                }),
            })
            .collect()
    };
    LocalResult::Contact {
        time: best,
        point: tied[0].2.clone(),
        features: tied.iter().map(|f| f.1).collect(),
        normal,
    }
}

/// The brute-force result in world coordinates.
#[allow(clippy::large_enum_variant)] // a test oracle: clarity over size
#[derive(Clone, Debug, PartialEq)]
pub enum BruteResult {
    /// Overlapping at 0.
    Overlapping {
        /// The point of the rectangle nearest the center.
        witness: Vec2<Exact>,
    },
    /// First hit at `time`, at `point.at(time)` in world coordinates
    /// (the rectangle's motion included).
    Contact {
        /// Exact time.
        time: Surd,
        /// World point as a function of time.
        point: AffinePoint,
        /// The circle's center as a function of time.
        center: AffinePoint,
        /// The features reaching the minimum (empty for a touch at 0).
        features: Vec<Feature>,
        /// The normal (world): any one of these rules.
        normal: Vec<NormalRule>,
    },
    /// No hit: a tangent graze of a corner circle.
    Graze,
    /// No hit.
    NoContact,
}

impl BruteResult {
    /// The contact time, if any.
    pub fn time(&self) -> Option<&Surd> {
        match self {
            BruteResult::Contact { time, .. } => Some(time),
            _ => None,
        }
    }
}

fn dot(a: &[Q; 2], b: &[Q; 2]) -> Q {
    add(&mul(&a[0], &b[0]), &mul(&a[1], &b[1]))
}

fn v2(p: &Vec2<Exact>) -> [Q; 2] {
    [p.x.0.clone(), p.y.0.clone()]
}

fn ex2(p: [Q; 2]) -> Vec2<Exact> {
    let [x, y] = p;
    Vec2::new(Exact(x), Exact(y))
}

/// Runs [`brute_local`] in the frame `origin + q0 axes[0] + q1 axes[1]`
/// (axes exactly orthonormal) moving at `rv`, for the center `p` moving at
/// `rv + w`, and maps the result back.
fn brute_frame(
    origin: &[Q; 2],
    axes: &[[Q; 2]; 2],
    k: &[Q; 2],
    p: &[Q; 2],
    w: &[Q; 2],
    rv: &[Q; 2],
    r: &Q,
) -> BruteResult {
    let [a0, a1] = axes;
    assert!(
        dot(a0, a0) == 1 && dot(a1, a1) == 1 && dot(a0, a1).cmp0() == Ordering::Equal,
        "brute: axes must be exactly orthonormal"
    );
    let d = [sub(&p[0], &origin[0]), sub(&p[1], &origin[1])];
    let c = [dot(&d, a0), dot(&d, a1)];
    let v = [dot(w, a0), dot(w, a1)];
    let to_world = |q: &[Q; 2]| {
        [
            add(&origin[0], &add(&mul(&q[0], &a0[0]), &mul(&q[1], &a1[0]))),
            add(&origin[1], &add(&mul(&q[0], &a0[1]), &mul(&q[1], &a1[1]))),
        ]
    };
    let along = |q: &[Q; 2]| {
        [
            add(&mul(&q[0], &a0[0]), &mul(&q[1], &a1[0])),
            add(&mul(&q[0], &a0[1]), &mul(&q[1], &a1[1])),
        ]
    };
    match brute_local(k, &c, &v, r) {
        LocalResult::Overlapping { nearest } => BruteResult::Overlapping {
            witness: ex2(to_world(&nearest)),
        },
        LocalResult::NoContact => BruteResult::NoContact,
        LocalResult::Graze => BruteResult::Graze,
        LocalResult::Contact {
            time,
            point,
            features,
            normal,
        } => {
            let rate = along(&point.rate);
            BruteResult::Contact {
                time,
                point: AffinePoint {
                    base: to_world(&point.base),
                    rate: [add(&rate[0], &rv[0]), add(&rate[1], &rv[1])],
                },
                center: AffinePoint {
                    base: p.clone(),
                    rate: [add(&w[0], &rv[0]), add(&w[1], &rv[1])],
                },
                features,
                normal: normal.iter().map(|n| n.turned(&along)).collect(),
            }
        }
    }
}

/// Moving circle vs moving axis-aligned rectangle, by brute force. An
/// inverted box (`min > max` on an axis) is empty: `NoContact`.
pub fn brute_sweep_aabb(
    circle: &Circle<Exact>,
    cv: &Vec2<Exact>,
    rect: &Aabb2<Exact>,
    rv: &Vec2<Exact>,
) -> BruteResult {
    let (lo, hi) = (v2(&rect.min), v2(&rect.max));
    let half = Q::from((1, 2));
    let origin = [
        mul(&add(&lo[0], &hi[0]), &half),
        mul(&add(&lo[1], &hi[1]), &half),
    ];
    let k = [
        mul(&sub(&hi[0], &lo[0]), &half),
        mul(&sub(&hi[1], &lo[1]), &half),
    ];
    let (rvq, cvq) = (v2(rv), v2(cv));
    let w = [sub(&cvq[0], &rvq[0]), sub(&cvq[1], &rvq[1])];
    let axes = [[one(), zero()], [zero(), one()]];
    brute_frame(
        &origin,
        &axes,
        &k,
        &v2(&circle.center),
        &w,
        &rvq,
        &circle.radius.0,
    )
}

/// Moving circle vs moving oriented rectangle, by brute force. The axes
/// must be exactly orthonormal (either handedness); a negative half extent
/// is empty: `NoContact`.
pub fn brute_sweep_obb(
    circle: &Circle<Exact>,
    cv: &Vec2<Exact>,
    rect: &Obb2<Exact>,
    rv: &Vec2<Exact>,
) -> BruteResult {
    let axes = [v2(&rect.axes[0]), v2(&rect.axes[1])];
    let k = [
        rect.half_extents[0].0.clone(),
        rect.half_extents[1].0.clone(),
    ];
    let (rvq, cvq) = (v2(rv), v2(cv));
    let w = [sub(&cvq[0], &rvq[0]), sub(&cvq[1], &rvq[1])];
    brute_frame(
        &v2(&rect.center),
        &axes,
        &k,
        &v2(&circle.center),
        &w,
        &rvq,
        &circle.radius.0,
    )
}
