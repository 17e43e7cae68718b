//! A brute-force exact reference for a moving circle vs a moving circle,
//! written from the geometry alone: the roots of `|D + tV|² = R²`.
//!
//! With `D = c - o`, `V = v - w`, `R = r + ρ`: overlapping at 0 iff `|D| <
//! R`; touching at 0 is a hit iff `R > 0` and `V · D < 0`; otherwise the
//! first hit is the smaller root of `|V|² t² + 2 (V·D) t + |D|² - R² = 0`,
//! kept if it is at least 0 and the path enters the circle there (a
//! positive discriminant; a zero one is a tangent graze, except for two
//! points, `R = 0`, where it is the path through `o`).

use crate::brute_rect::{AffinePoint, NormalRule, Surd};
use crate::exact::Exact;
use core::cmp::Ordering;
use rug::Rational;
use swept::geom::{Circle, Vec2};
use swept::query::Sweep;

type Q = Rational;

fn q2(p: &Vec2<Exact>) -> [Q; 2] {
    [p.x.0.clone(), p.y.0.clone()]
}

fn dot(a: &[Q; 2], b: &[Q; 2]) -> Q {
    Q::from(&a[0] * &b[0]) + Q::from(&a[1] * &b[1])
}

fn lin(a: &[Q; 2], k: &Q, b: &[Q; 2]) -> [Q; 2] {
    [
        Q::from(&a[0] + Q::from(k * &b[0])),
        Q::from(&a[1] + Q::from(k * &b[1])),
    ]
}

/// The brute-force answer.
#[allow(clippy::large_enum_variant)] // a test oracle: clarity over size
#[derive(Clone, Debug)]
pub enum BruteCircle {
    /// Overlapping at 0; whether the center lies in the other circle (then
    /// the witness is the center, otherwise `o + ρ D / |D|`).
    Overlapping {
        /// `|D| <= ρ`.
        inside: bool,
    },
    /// The first hit.
    Hit {
        /// Exact time.
        time: Surd,
        /// The contact point as a function of time.
        point: AffinePoint,
        /// The circle's center as a function of time.
        center: AffinePoint,
        /// The normal's rule.
        normal: NormalRule,
    },
    /// No hit.
    Miss,
}

/// Moving circle `c` (velocity `cv`) vs moving circle `o` (velocity `ov`).
pub fn brute_sweep_circle(
    c: &Circle<Exact>,
    cv: &Vec2<Exact>,
    o: &Circle<Exact>,
    ov: &Vec2<Exact>,
) -> BruteCircle {
    let (p, w, oc, ow) = (q2(&c.center), q2(cv), q2(&o.center), q2(ov));
    let (r, rho) = (c.radius.0.clone(), o.radius.0.clone());
    let d = [Q::from(&p[0] - &oc[0]), Q::from(&p[1] - &oc[1])];
    let v = [Q::from(&w[0] - &ow[0]), Q::from(&w[1] - &ow[1])];
    let big = Q::from(&r + &rho);
    let (dd, vd, vv) = (dot(&d, &d), dot(&v, &d), dot(&v, &v));
    let r2 = Q::from(&big * &big);
    let center = AffinePoint {
        base: p.clone(),
        rate: w.clone(),
    };
    // The contact point o + t w + ρ (D + t V) / R (R > 0), or o + t w.
    let point = if big.cmp0() == Ordering::Greater {
        let k = Q::from(&rho / &big);
        AffinePoint {
            base: lin(&oc, &k, &d),
            rate: lin(&ow, &k, &v),
        }
    } else {
        AffinePoint {
            base: oc.clone(),
            rate: ow.clone(),
        }
    };
    let corner = NormalRule::FromCorner {
        d: d.clone(),
        v: v.clone(),
        r: big.clone(),
    };
    match dd.cmp(&r2) {
        Ordering::Less => {
            return BruteCircle::Overlapping {
                inside: dd <= Q::from(&rho * &rho),
            };
        }
        Ordering::Equal => {
            return if big.cmp0() == Ordering::Greater && vd.cmp0() == Ordering::Less {
                BruteCircle::Hit {
                    time: Surd::rational(Q::new()),
                    point,
                    center,
                    normal: corner,
                }
            } else {
                BruteCircle::Miss
            };
        }
        Ordering::Greater => {}
    }
    if vv.cmp0() == Ordering::Equal {
        return BruteCircle::Miss;
    }
    let cq = Q::from(&dd - &r2);
    let disc = Q::from(&vd * &vd) - Q::from(&vv * &cq);
    let graze = disc.cmp0() == Ordering::Equal && big.cmp0() == Ordering::Greater;
    if disc.cmp0() == Ordering::Less || graze {
        return BruteCircle::Miss;
    }
    let t = Surd::new(Q::from(-&vd), disc, vv);
    if t.cmp_rational(&Q::new()) == Ordering::Less {
        return BruteCircle::Miss;
    }
    let normal = if big.cmp0() == Ordering::Greater {
        corner
    } else {
        NormalRule::Along([Q::from(-&v[0]), Q::from(-&v[1])])
    };
    BruteCircle::Hit {
        time: t,
        point,
        center,
        normal,
    }
}

/// Checks a kernel answer on the exact backend against the brute force:
/// kinds equal; an overlap's witness the center (inside) or `o + ρ D /
/// |D|` (within `eps`); a rational time equal, an irrational one within
/// `eps` relative; the point and center at the kernel's time; the normal
/// by its rule.
pub fn check_circle(
    c: &Circle<Exact>,
    o: &Circle<Exact>,
    got: &Sweep<Exact>,
    want: &BruteCircle,
    eps: &Q,
) -> Result<(), String> {
    match (got, want) {
        (Sweep::Miss, BruteCircle::Miss) => Ok(()),
        (Sweep::Overlapping { witness }, BruteCircle::Overlapping { inside }) => {
            let ok = if *inside {
                *witness == c.center
            } else {
                // On the other circle (|w - o| = ρ within eps) and on the
                // ray toward the center (w - o parallel to D, same way).
                let (wq, oq, pq) = (q2(witness), q2(&o.center), q2(&c.center));
                let e = [Q::from(&wq[0] - &oq[0]), Q::from(&wq[1] - &oq[1])];
                let d = [Q::from(&pq[0] - &oq[0]), Q::from(&pq[1] - &oq[1])];
                let rho2 = Q::from(&o.radius.0 * &o.radius.0);
                let scale = Q::from(1) + &rho2 + dot(&d, &d);
                let cross = Q::from(&e[0] * &d[1]) - Q::from(&e[1] * &d[0]);
                Q::from(dot(&e, &e) - &rho2).abs() <= Q::from(eps * &scale)
                    && cross.abs() <= Q::from(eps * &scale)
                    && dot(&e, &d).cmp0() != Ordering::Less
            };
            if ok {
                Ok(())
            } else {
                Err(format!("witness {witness:?} (inside: {inside})"))
            }
        }
        (
            Sweep::Hit(h),
            BruteCircle::Hit {
                time: t,
                point,
                center,
                normal,
            },
        ) => {
            let tk = &h.time.0;
            let time_ok = t.is_time(tk, eps);
            if !time_ok {
                return Err(format!("time {} vs {}", tk.to_f64(), t.nearest_f64()));
            }
            if !point.matches(t, &h.point, eps) {
                return Err(format!("point {:?}, exact {point:?}", h.point));
            }
            if !center.matches(t, &h.center, eps) {
                return Err(format!("center {:?}, exact {center:?}", h.center));
            }
            if !normal.holds(&q2(&h.normal), tk, eps) {
                return Err(format!("normal {:?}, rule {normal:?}", h.normal));
            }
            Ok(())
        }
        _ => Err(format!("kinds differ: kernel {got:?}, brute {want:?}")),
    }
}
