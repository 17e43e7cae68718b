//! The values of a hit and of an overlap, each a surd of polynomials in the
//! inputs (module doc of [`sweep_circle_segment`](super), "Construction").

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

/// A hit's time, contact point, center and normal (module doc,
/// "Construction").
pub(super) struct Hit(pub Feature);

impl Construction<9, 7> for Hit {
    const DIMS: [Dim; 9] = DIMS;
    const OUT: [Dim; 7] = {
        let (n, l) = (Dim::NONE, Dim::LENGTH);
        [n, l, l, l, l, n, n]
    };
    const DEGREE: u32 = 7;
    #[inline(always)]
    fn build<R: Ring, O: Finish<R, 7>>(&self, x: &[R; 9], out: O) -> O::Out {
        let k = Local::new(x);
        let zero = R::zero;
        // One parts array for every arm, handed over once: a frame holds
        // one, not one an arm.
        let (radicand, parts) = match self.0 {
            Feature::Body { front } => {
                let (l2, w) = (k.l2(), k.w());
                let radicand = l2.clone();
                let hs = k.h().negate_if(!front);
                let ws = -w.negate_if(!front);
                let num = hs.clone() * hs.clone() - k.r2() * l2.clone();
                let (d, e) = (ws.clone() * hs, ws * k.r.clone());
                let (ld, le) = (l2.clone() * d.clone(), l2.clone() * e.clone());
                let (along, u) = (k.a(End::P0), k.u());
                let perp = [-k.e[1].clone(), k.e[0].clone()];
                let [c0, c1] = each!([0, 1], |j| Surd {
                    a: pick(&k.p0, j) * ld.clone()
                        + pick(&k.e, j) * (along.clone() * d.clone() + u.clone() * num.clone()),
                    b: pick(&k.p0, j) * le.clone() + pick(&k.e, j) * along.clone() * e.clone(),
                    d: ld.clone(),
                    e: le.clone(),
                });
                let [n0, n1] = each!([0, 1], |j| Surd {
                    a: zero(),
                    b: pick(&perp, j).negate_if(!front),
                    d: l2.clone(),
                    e: zero(),
                });
                (
                    radicand,
                    [
                        Surd {
                            a: num.clone(),
                            b: zero(),
                            d: d.clone(),
                            e: e.clone(),
                        }
                        .into(),
                        c0.into(),
                        c1.into(),
                        center(&k, 0),
                        center(&k, 1),
                        n0.into(),
                        n1.into(),
                    ],
                )
            }
            Feature::Cap(end) => {
                let c = &k.c(end);
                let (q0, q2, xi, r2) = (-k.d(end), k.q2(), k.x(end), k.r2());
                let q1 = r2.clone() * q2 - xi.clone() * xi;
                let far = k.n(end) - r2;
                // n = (C + t V) / R with t = far / (q0 + √q1).
                let [n0, n1] = each!([0, 1], |j| Surd {
                    a: pick(c, j) * q0.clone() + pick(&k.v, j) * far.clone(),
                    b: pick(c, j),
                    d: k.r.clone() * q0.clone(),
                    e: k.r.clone(),
                });
                (
                    q1,
                    [
                        Surd::over_root(far.clone(), q0.clone()).into(),
                        Surd::value(pick(&k.p(end), 0)).into(),
                        Surd::value(pick(&k.p(end), 1)).into(),
                        center(&k, 0),
                        center(&k, 1),
                        n0.into(),
                        n1.into(),
                    ],
                )
            }
            Feature::Point(end) => {
                let (q0, q2, n) = (-k.d(end), k.q2(), k.n(end));
                let radicand = q2.clone();
                let [n0, n1] = each!([0, 1], |j| Surd {
                    a: zero(),
                    b: -pick(&k.v, j),
                    d: q2.clone(),
                    e: zero(),
                });
                (
                    radicand,
                    [
                        Surd::ratio(n, q0).into(),
                        Surd::value(pick(&k.p(end), 0)).into(),
                        Surd::value(pick(&k.p(end), 1)).into(),
                        center(&k, 0),
                        center(&k, 1),
                        n0.into(),
                        n1.into(),
                    ],
                )
            }
        };
        out.finish(&radicand, &parts)
    }
}

/// The segment's point nearest the center, of an overlap whose nearest
/// feature is given: an end, or the projection `P0 + E a0 / L2`.
pub(super) struct Witness(pub Feature);

impl Construction<9, 2> for Witness {
    const DIMS: [Dim; 9] = DIMS;
    const OUT: [Dim; 2] = [Dim::LENGTH; 2];
    const DEGREE: u32 = 3;
    #[inline(always)]
    fn build<R: Ring, O: Finish<R, 2>>(&self, x: &[R; 9], out: O) -> O::Out {
        let [w0, w1] = Witness::point(&Local::new(x), self.0);
        out.finish(&R::zero(), &[w0.into(), w1.into()])
    }
}

impl Witness {
    /// The nearest point of the feature.
    #[inline(always)]
    fn point<R: Ring>(k: &Local<R>, f: Feature) -> [Surd<R>; 2] {
        each!([0, 1], |j| match f {
            Feature::Cap(end) | Feature::Point(end) => Surd::value(pick(&k.p(end), j)),
            Feature::Body { .. } => {
                let l2 = k.l2();
                Surd::ratio(
                    pick(&k.p0, j) * l2.clone() + pick(&k.e, j) * k.a(End::P0),
                    l2,
                )
            }
        })
    }
}

/// An overlap moving deeper, for [`advance`](crate::advance): a hit at 0
/// at the nearest point, the normal from it to the center: `C_i / |C_i|`
/// at an end, `σ m / |m|` on the span.
pub(super) struct PushOut(pub Feature);

impl Construction<9, 7> for PushOut {
    const DIMS: [Dim; 9] = DIMS;
    const OUT: [Dim; 7] = <Hit as Construction<9, 7>>::OUT;
    const DEGREE: u32 = 3;
    #[inline(always)]
    fn build<R: Ring, O: Finish<R, 7>>(&self, x: &[R; 9], out: O) -> O::Out {
        let k = Local::new(x);
        let [w0, w1] = Witness::point(&k, self.0);
        let (dir, radicand) = match self.0 {
            Feature::Cap(end) | Feature::Point(end) => (k.c(end), k.n(end)),
            Feature::Body { front } => {
                let perp = [-k.e[1].clone(), k.e[0].clone()];
                (perp.map(|m| m.negate_if(!front)), k.l2())
            }
        };
        let [n0, n1] = each!([0, 1], |j| Surd {
            a: R::zero(),
            b: pick(&dir, j),
            d: radicand.clone(),
            e: R::zero(),
        });
        out.finish(
            &radicand,
            &[
                Surd::value(R::zero()).into(),
                w0.into(),
                w1.into(),
                Surd::value(pick(&k.b, 0)).into(),
                Surd::value(pick(&k.b, 1)).into(),
                n0.into(),
                n1.into(),
            ],
        )
    }
}
