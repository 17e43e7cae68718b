//! A brute-force exact reference for a moving circle vs a static segment over
//! one frame, written independently of the kernel's region logic.
//!
//! # Method
//! With `E = P1 - P0`, `C = B_s - P0`, `m = E.perp()`, `h = m·C`, `w = m·V`:
//!
//! * At `t = 0` the exact squared distance from `B_s` to the segment (nearest
//!   point by the clamped projection) is compared with `R²`: less is
//!   `Overlapping`; equal is a hit at 0 iff `R > 0` and `V·(B_s - nearest) <
//!   0`, otherwise no hit (touching while sliding or separating; a
//!   zero-radius point on the segment has no side).
//! * Otherwise every boundary feature of the capsule gives candidate times in
//!   `[0, 1]`: each offset line `m·X = s R|E|` (`s = ±1`) crossed while
//!   moving toward it from outside (`s w < 0`), at
//!   `t = (s h - √(R² L2)) / (-s w)`, kept if the crossing is within the span
//!   (`0 <= E·X <= L2`, decided exactly on the surd); and each end circle's
//!   smaller root of `|B(t) - P|² = R²` (both ends, even when they coincide).
//!   The earliest candidate is the first contact (every candidate is a time
//!   where the distance is at most `R`, and the first contact is one of
//!   them). It is a hit iff the motion is into the segment there: an offset
//!   line crossing always is; an end circle root is iff its discriminant is
//!   positive (a zero discriminant is a tangent graze), or `R = 0` (the point
//!   runs through the end point).
//! * One-sided: only `h > 0` can hit.
//!
//! Times are quadratic surds ([`Surd`]), compared exactly. All candidates
//! tied at the minimum are returned, with their contact point and normal
//! rule, so that a caller can accept the kernel's choice at a junction.

use crate::brute_rect::{AffinePoint, Surd, sign_lin};
use crate::exact::Exact;
use core::cmp::Ordering;
use rug::Rational;
use swept::geom::{Circle, Segment2, Vec2};
use swept::query::{Hit, Sweep};

type Q = Rational;

fn sign(a: &Q) -> i32 {
    match a.cmp0() {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    }
}

fn dot(a: &[Q; 2], b: &[Q; 2]) -> Q {
    Q::from(&a[0] * &b[0]) + Q::from(&a[1] * &b[1])
}

fn cross(a: &[Q; 2], b: &[Q; 2]) -> Q {
    Q::from(&a[0] * &b[1]) - Q::from(&a[1] * &b[0])
}

fn sub(a: &[Q; 2], b: &[Q; 2]) -> [Q; 2] {
    [Q::from(&a[0] - &b[0]), Q::from(&a[1] - &b[1])]
}

fn scale(a: &[Q; 2], k: &Q) -> [Q; 2] {
    [Q::from(&a[0] * k), Q::from(&a[1] * k)]
}

/// Both coordinates within `tol`.
fn near(a: &[Q; 2], b: &[Q; 2], tol: &Q) -> bool {
    sub(a, b).iter().all(|d| Q::from(d.abs_ref()) <= *tol)
}

fn add(a: &[Q; 2], b: &[Q; 2]) -> [Q; 2] {
    [Q::from(&a[0] + &b[0]), Q::from(&a[1] + &b[1])]
}

/// The exact coordinates of a vector.
pub fn q2(p: &Vec2<Exact>) -> [Q; 2] {
    [p.x.0.clone(), p.y.0.clone()]
}

/// How the kernel's normal must relate to the hit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NormalRule {
    /// `n = (center - end) / R` exactly, for the kernel's own center.
    FromEnd {
        /// The end point.
        end: [Q; 2],
    },
    /// `n` is the unit vector along `dir` (parallel, same direction, unit
    /// within the tolerance of a square root).
    Along {
        /// The direction (exact).
        dir: [Q; 2],
    },
}

/// A boundary feature of the capsule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SegFeature {
    /// The nearest point at `t = 0` (touching while moving in).
    Start,
    /// The offset line on side `s` (`+1`: front, `m·X > 0`).
    Line {
        /// -1 or 1.
        s: i32,
    },
    /// The circle around `P0` (`0`) or `P1` (`1`).
    End {
        /// 0 or 1.
        i: usize,
    },
}

/// One candidate at the minimum time.
#[derive(Clone, Debug)]
pub struct Tied {
    /// Which feature.
    pub feature: SegFeature,
    /// The contact point as a function of time.
    pub contact: AffinePoint,
    /// The normal's rule.
    pub normal: NormalRule,
}

/// The brute-force answer.
#[derive(Clone, Debug)]
pub enum BruteSweep {
    /// Distance at `t = 0` below the radius; the segment's point nearest
    /// the center.
    Overlapping {
        /// The nearest point.
        nearest: [Q; 2],
    },
    /// A hit at `time`; every feature reaching it.
    Hit {
        /// The exact time.
        time: Surd,
        /// The tied features (at least one).
        tied: Vec<Tied>,
    },
    /// No hit in the frame.
    Miss,
}

impl BruteSweep {
    /// The hit time, if any.
    pub fn time(&self) -> Option<&Surd> {
        match self {
            BruteSweep::Hit { time, .. } => Some(time),
            _ => None,
        }
    }
}

struct Cand {
    time: Surd,
    transversal: bool,
    tied: Tied,
}

fn constant(p: [Q; 2]) -> AffinePoint {
    AffinePoint {
        base: p,
        rate: [Q::new(), Q::new()],
    }
}

/// Moving circle vs static segment over one frame, by brute force.
pub fn brute_sweep_segment(
    circle: &Circle<Exact>,
    displacement: &Vec2<Exact>,
    segment: &Segment2<Exact>,
    one_sided: bool,
) -> BruteSweep {
    let r = circle.radius.0.clone();
    if r.cmp0() == Ordering::Less {
        return BruteSweep::Miss;
    }
    let (p0, p1) = (q2(&segment.p0), q2(&segment.p1));
    let b = q2(&circle.center);
    let v = q2(displacement);
    let e = sub(&p1, &p0);
    let c = sub(&b, &p0);
    let m = [Q::from(-&e[1]), e[0].clone()];
    let l2 = dot(&e, &e);
    let r2 = Q::from(&r * &r);
    let h = dot(&m, &c);
    let w = dot(&m, &v);

    // t = 0: the nearest point by the clamped projection.
    let lambda = if l2.cmp0() == Ordering::Equal {
        Q::new()
    } else {
        let l = Q::from(dot(&e, &c) / &l2);
        if l.cmp0() == Ordering::Less {
            Q::new()
        } else if l > 1 {
            Q::from(1)
        } else {
            l
        }
    };
    let nearest = add(&p0, &scale(&e, &lambda));
    let g = sub(&b, &nearest);
    match dot(&g, &g).cmp(&r2) {
        Ordering::Less => return BruteSweep::Overlapping { nearest },
        Ordering::Equal => {
            if one_sided && sign(&h) <= 0 {
                return BruteSweep::Miss;
            }
            if r.cmp0() == Ordering::Equal || sign(&dot(&v, &g)) >= 0 {
                return BruteSweep::Miss;
            }
            return BruteSweep::Hit {
                time: Surd::rational(Q::new()),
                tied: vec![Tied {
                    feature: SegFeature::Start,
                    contact: constant(nearest),
                    normal: NormalRule::Along { dir: g },
                }],
            };
        }
        Ordering::Greater => {}
    }
    if one_sided && sign(&h) <= 0 {
        return BruteSweep::Miss;
    }

    let zero = Q::new();
    let one = Q::from(1);
    let in_frame = |t: &Surd| {
        t.cmp_rational(&zero) != Ordering::Less && t.cmp_rational(&one) != Ordering::Greater
    };
    let mut cands: Vec<Cand> = Vec::new();

    // Offset lines.
    if l2.cmp0() == Ordering::Greater {
        let a0 = dot(&e, &c);
        let u = dot(&e, &v);
        for s in [1i32, -1] {
            let sq = Q::from(s);
            let sw = Q::from(&sq * &w);
            if sw.cmp0() != Ordering::Less {
                continue; // not moving toward this line from outside
            }
            // t = (s h - √(R² L2)) / (-s w).
            let t = Surd::new(Q::from(&sq * &h), Q::from(&r2 * &l2), Q::from(-&sw));
            if !in_frame(&t) {
                continue;
            }
            // a(t) = a0 + u t = (a0 c + u a - u √b) / c.
            let num = Q::from(&a0 * &t.c) + Q::from(&u * &t.a);
            let nu = Q::from(-&u);
            let low = sign_lin(&num, &nu, &t.b);
            let high = sign_lin(&Q::from(&num - Q::from(&l2 * &t.c)), &nu, &t.b);
            if low < 0 || high > 0 {
                continue;
            }
            // Contact: P0 + E (a0 + t u) / L2.
            let contact = AffinePoint {
                base: add(&p0, &scale(&e, &Q::from(&a0 / &l2))),
                rate: scale(&e, &Q::from(&u / &l2)),
            };
            let dir = scale(&m, &sq);
            cands.push(Cand {
                time: t,
                transversal: true,
                tied: Tied {
                    feature: SegFeature::Line { s },
                    contact,
                    normal: NormalRule::Along { dir },
                },
            });
        }
    }

    // End circles.
    let vv = dot(&v, &v);
    if vv.cmp0() == Ordering::Greater {
        for (i, p) in [&p0, &p1].into_iter().enumerate() {
            let d = sub(&b, p);
            let bq = dot(&d, &v);
            let cq = dot(&d, &d) - Q::from(&r2);
            let disc = Q::from(&bq * &bq) - Q::from(&vv * &cq);
            if disc.cmp0() == Ordering::Less {
                continue;
            }
            let transversal = disc.cmp0() == Ordering::Greater || r.cmp0() == Ordering::Equal;
            let t = Surd::new(Q::from(-&bq), disc, vv.clone());
            if !in_frame(&t) {
                continue;
            }
            let normal = if r.cmp0() == Ordering::Equal {
                let nv = [Q::from(-&v[0]), Q::from(-&v[1])];
                NormalRule::Along { dir: nv }
            } else {
                NormalRule::FromEnd { end: p.clone() }
            };
            cands.push(Cand {
                time: t,
                transversal,
                tied: Tied {
                    feature: SegFeature::End { i },
                    contact: constant(p.clone()),
                    normal,
                },
            });
        }
    }

    let Some(best) = cands
        .iter()
        .map(|c| &c.time)
        .min_by(|a, b| a.cmp(b))
        .cloned()
    else {
        return BruteSweep::Miss;
    };
    let tied: Vec<&Cand> = cands
        .iter()
        .filter(|c| c.time.cmp(&best) == Ordering::Equal)
        .collect();
    let transversal = tied[0].transversal;
    assert!(
        tied.iter().all(|c| c.transversal == transversal),
        "brute: a graze tied with a crossing"
    );
    // Self-check: every tied feature touches at the same point.
    if let Some(t) = best.as_rational() {
        let p = tied[0].tied.contact.at(&t);
        for c in &tied {
            assert_eq!(c.tied.contact.at(&t), p, "brute: tied contacts differ");
        }
    }
    if !transversal {
        return BruteSweep::Miss;
    }
    BruteSweep::Hit {
        time: best,
        tied: tied.into_iter().map(|c| c.tied.clone()).collect(),
    }
}

/// Checks a kernel answer on the exact backend against the brute force:
/// kinds equal; an overlap's witness the nearest point; a rational time
/// equal, an irrational one within `eps` relative; the center `B_s + t V`
/// for the kernel's `t`; and for some tied feature: the contact (exactly,
/// or at a time within `eps` when the time is irrational) and the normal
/// by its rule (unit within `eps`).
pub fn check_against_brute(
    circle: &Circle<Exact>,
    displacement: &Vec2<Exact>,
    got: &Sweep<Exact>,
    want: &BruteSweep,
    eps: &Q,
) -> Result<(), String> {
    match (got, want) {
        (Sweep::Miss, BruteSweep::Miss) => Ok(()),
        (Sweep::Overlapping { witness }, BruteSweep::Overlapping { nearest }) => {
            if q2(witness) == *nearest {
                Ok(())
            } else {
                Err(format!("witness {witness:?}, nearest {nearest:?}"))
            }
        }
        (Sweep::Hit(hit), BruteSweep::Hit { time: t, tied }) => {
            let Hit {
                time,
                point,
                center,
                normal,
            } = hit;
            let tk = &time.0;
            let time_ok = t.is_time(tk, eps);
            if !time_ok {
                return Err(format!(
                    "time {} ({tk}), exact {t:?} ≈ {}",
                    tk.to_f64(),
                    t.nearest_f64()
                ));
            }
            // The kernel builds each value from the exact inputs with one
            // shared square root (within 2^-260 on this backend), not from
            // the rounded time: identities hold to within `tol`.
            let v = q2(displacement);
            let b = q2(&circle.center);
            let r = &circle.radius.0;
            let big = [&b[0], &b[1], &v[0], &v[1], r]
                .iter()
                .fold(Q::from(1), |m, x| m.max(Q::from(x.abs_ref())));
            let tol = Q::from(eps * &big) * &big * 16u32;
            let want_center = add(&b, &scale(&v, tk));
            if !near(&q2(center), &want_center, &tol) {
                return Err(format!("center {center:?} is not B_s + t V"));
            }
            let n = q2(normal);
            let mut errs = Vec::new();
            for f in tied {
                if !f.contact.matches(t, point, eps) {
                    errs.push(format!("{:?}: contact {point:?}", f.feature));
                    continue;
                }
                let normal_ok = match &f.normal {
                    NormalRule::FromEnd { end } => {
                        let d = sub(&q2(center), end);
                        r.cmp0() == Ordering::Greater
                            && near(
                                &n,
                                &[d[0].clone() / r, d[1].clone() / r],
                                &(Q::from(&tol / r) * 2u32),
                            )
                    }
                    NormalRule::Along { dir } => {
                        let nn = dot(&n, &n);
                        cross(&n, dir).cmp0() == Ordering::Equal
                            && dot(&n, dir).cmp0() == Ordering::Greater
                            && Q::from(&nn - 1u32).abs() <= *eps
                    }
                };
                if !normal_ok {
                    errs.push(format!("{:?}: normal {normal:?}", f.feature));
                    continue;
                }
                return Ok(());
            }
            Err(format!("no tied feature matches: {}", errs.join("; ")))
        }
        _ => Err(format!("kinds differ: kernel {got:?}, brute {want:?}")),
    }
}
