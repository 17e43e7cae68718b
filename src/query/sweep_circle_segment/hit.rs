//! The values of a hit, each a surd of polynomials in the inputs (module
//! doc of [`sweep_circle_segment`](super), "Construction").

use super::{DIMS, End, Feature, Local};
use crate::exact::{Construction, Dim, Finish, Part, Ring, Surd};

/// Component `j` of `a` (1 for any `j > 0`): a select, where an index
/// would leave a bounds check (a panic path) at low optimisation levels.
#[inline(always)]
fn pick<R: Ring>(a: &[R; 2], j: usize) -> R {
    let [x, y] = a;
    R::select(j == 0, x.clone(), y.clone())
}

/// Component `j` of the circle's center at the hit time `t` (value 0):
/// `B + t V`, along its path.
#[inline(always)]
fn center<R: Ring>(k: &Local<R>, j: usize) -> Part<R> {
    Part::along(pick(&k.b, j), pick(&k.v, j))
}

/// A hit's time, center, contact, normal and reflected end (module doc,
/// "Construction").
pub(super) struct Hit(pub Feature);

impl Construction<9, 9> for Hit {
    const DIMS: [Dim; 9] = DIMS;
    const OUT: [Dim; 9] = {
        let (n, l) = (Dim::NONE, Dim::LENGTH);
        [n, l, l, l, l, n, n, l, l]
    };
    const DEGREE: u32 = 7;
    #[inline(always)]
    fn build<R: Ring, O: Finish<R, 9>>(&self, x: &[R; 9], out: O) -> O::Out {
        let k = Local::new(x);
        let zero = R::zero;
        match self.0 {
            Feature::Body { front } => {
                let (l2, w) = (k.l2(), k.w());
                let radicand = l2.clone();
                let hs = k.h().negate_if(!front);
                let ws = -w.clone().negate_if(!front);
                let num = hs.clone() * hs.clone() - k.r2() * l2.clone();
                let (d, e) = (ws.clone() * hs, ws * k.r.clone());
                let (ld, le) = (l2.clone() * d.clone(), l2.clone() * e.clone());
                let (along, u) = (k.a(End::P0), k.u());
                let perp = [-k.e[1].clone(), k.e[0].clone()];
                let contact = |j: usize| Surd {
                    a: pick(&k.p0, j) * ld.clone()
                        + pick(&k.e, j) * (along.clone() * d.clone() + u.clone() * num.clone()),
                    b: pick(&k.p0, j) * le.clone() + pick(&k.e, j) * along.clone() * e.clone(),
                    d: ld.clone(),
                    e: le.clone(),
                };
                let normal = |j: usize| Surd {
                    a: zero(),
                    b: pick(&perp, j).negate_if(!front),
                    d: l2.clone(),
                    e: zero(),
                };
                let two_wm = |j: usize| w.clone() * pick(&perp, j) + w.clone() * pick(&perp, j);
                let reflected = |j: usize| Surd {
                    a: k.end(j) * ld.clone() - two_wm(j) * (d.clone() - num.clone()),
                    b: k.end(j) * le.clone() - two_wm(j) * e.clone(),
                    d: ld.clone(),
                    e: le.clone(),
                };
                out.finish(
                    &radicand,
                    &[
                        Surd {
                            a: num.clone(),
                            b: zero(),
                            d: d.clone(),
                            e: e.clone(),
                        }
                        .into(),
                        center(&k, 0),
                        center(&k, 1),
                        contact(0).into(),
                        contact(1).into(),
                        normal(0).into(),
                        normal(1).into(),
                        reflected(0).into(),
                        reflected(1).into(),
                    ],
                )
            }
            Feature::Cap(end) => {
                let c = k.c(end);
                let (q0, q2, xi, r2) = (-k.d(end), k.q2(), k.x(end), k.r2());
                let q1 = r2.clone() * q2.clone() - xi.clone() * xi;
                let radicand = q1.clone();
                let far = k.n(end) - r2.clone();
                let delta = q2.clone() - q0.clone();
                let a = |j: usize| pick(c, j) * q2.clone() + pick(&k.v, j) * q0.clone();
                let den = q2.clone() * q2.clone() * r2;
                let two = |v: R| v.clone() + v;
                let normal = |j: usize| Surd {
                    a: pick(c, j) * q0.clone() + pick(&k.v, j) * far.clone(),
                    b: pick(c, j),
                    d: k.r.clone() * q0.clone(),
                    e: k.r.clone(),
                };
                let reflected = |j: usize| {
                    let (aj, vj) = (a(j), pick(&k.v, j));
                    Surd {
                        a: k.end(j) * den.clone()
                            + two(q1.clone() * (aj.clone() - delta.clone() * vj.clone())),
                        b: two(delta.clone() * aj - vj * q1.clone()),
                        d: den.clone(),
                        e: zero(),
                    }
                };
                out.finish(
                    &radicand,
                    &[
                        Surd::over_root(far.clone(), q0.clone()).into(),
                        center(&k, 0),
                        center(&k, 1),
                        Surd::value(k.p(end)[0].clone()).into(),
                        Surd::value(k.p(end)[1].clone()).into(),
                        normal(0).into(),
                        normal(1).into(),
                        reflected(0).into(),
                        reflected(1).into(),
                    ],
                )
            }
            Feature::Point(end) => {
                let (q0, q2, n) = (-k.d(end), k.q2(), k.n(end));
                // The center at T = n / q0, and reflected back along its
                // path: B_s + (2T - 1) V.
                let back = |j: usize| {
                    let (b, v) = (pick(&k.b, j), pick(&k.v, j));
                    Part::along(b - v.clone(), v.clone() + v)
                };
                let radicand = q2.clone();
                let normal = |j: usize| Surd {
                    a: zero(),
                    b: -pick(&k.v, j),
                    d: q2.clone(),
                    e: zero(),
                };
                out.finish(
                    &radicand,
                    &[
                        Surd::ratio(n, q0).into(),
                        center(&k, 0),
                        center(&k, 1),
                        Surd::value(k.p(end)[0].clone()).into(),
                        Surd::value(k.p(end)[1].clone()).into(),
                        normal(0).into(),
                        normal(1).into(),
                        back(0),
                        back(1),
                    ],
                )
            }
        }
    }
}
