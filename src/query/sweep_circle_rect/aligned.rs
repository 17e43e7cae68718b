//! The aligned rectangle's procedures and construction.
//!
//! Inputs (11, then the time limit): circle center `p`, the box's `min` and
//! `max`, radius `r`, circle velocity `w_c`, box velocity `w_b`. The local
//! values are in doubled coordinates (exact in every backend): `K = max -
//! min`, `C = 2p - (min + max)`, `V = 2 (w_c - w_b)`, `R = 2r`.

use super::canonical::{Canonical, Decision, Found, Local, Start};
use crate::exact::{Construction, Dim, Finish, Part, Procedure, Ring, Signs, Surd};
use crate::query::inline;
use crate::query::sweep::timed;
use crate::query::{away, cross, dot};

/// What the aligned rectangle's inputs measure: center, box corners,
/// radius (lengths), circle and box velocities.
pub(super) const DIMS: [Dim; 11] = {
    let (l, v) = (Dim::LENGTH, Dim::VELOCITY);
    [l, l, l, l, l, l, l, v, v, v, v]
};

/// The aligned rectangle's local values in doubled coordinates, from the
/// inputs `p, lo, hi, r, v_circle, v_rect`.
#[inline(always)]
fn local<R: Ring>(x: &[R]) -> Option<Local<R>> {
    let [px, py, lx, ly, hx, hy, r, cx, cy, wx, wy, ..] = x else {
        return None;
    };
    let two = inline(
        #[inline(always)]
        |a: R| a.clone() + a,
    );
    Some((
        [hx.clone() - lx.clone(), hy.clone() - ly.clone()],
        [
            two(px.clone()) - (lx.clone() + hx.clone()),
            two(py.clone()) - (ly.clone() + hy.clone()),
        ],
        [two(cx.clone() - wx.clone()), two(cy.clone() - wy.clone())],
        two(r.clone()),
    ))
}

/// The aligned rectangle's decisions (degree 4).
pub(super) struct Sweep;

impl Procedure<11> for Sweep {
    type Out = Decision;
    const DIMS: [Dim; 11] = DIMS;
    const DEGREE: u32 = 4;
    #[inline(always)]
    fn run<R: Ring>(&self, x: &[R; 11], s: &mut Signs) -> Decision {
        Decision::of(local(x), s)
    }
}

/// Whether the contact of a decision happens by the time limit (input 11).
pub(super) struct Within(pub Decision);

impl Procedure<12> for Within {
    type Out = bool;
    const DIMS: [Dim; 12] = timed(&DIMS);
    const DEGREE: u32 = 6;
    #[inline(always)]
    fn run<R: Ring>(&self, x: &[R; 12], s: &mut Signs) -> bool {
        let (Some((k, c, v, r)), [.., t]) = (local(x), x) else {
            return false;
        };
        Canonical::new(k, c, v, r, self.0.neg).within(self.0.found, t, s)
    }
}

/// An aligned hit's time, point, center and normal (the parent module's doc,
/// "Construction").
pub(super) struct Hit(pub Decision);

impl Hit {
    /// The world corner `w` of a corner contact, and `D = p - w`, `V`.
    #[inline(always)]
    fn corner<R: Ring>(&self, corner: [bool; 2], x: &[R]) -> Option<Local<R>> {
        let [px, py, lx, ly, hx, hy, r, cx, cy, wx, wy, ..] = x else {
            return None;
        };
        let low = |j: usize| self.0.neg[j] ^ corner[j];
        let w = [
            R::select(low(0), lx.clone(), hx.clone()),
            R::select(low(1), ly.clone(), hy.clone()),
        ];
        let d = [px.clone() - w[0].clone(), py.clone() - w[1].clone()];
        let v = [cx.clone() - wx.clone(), cy.clone() - wy.clone()];
        Some((w, d, v, r.clone()))
    }

    /// A hit at time 0 (`how`): the nearest point and the normal.
    #[inline(always)]
    fn start<R: Ring, O: Finish<R, 7>>(&self, how: Start, x: &[R; 11], out: O) -> O::Out {
        let [px, py, lx, ly, hx, hy, r, cx, cy, wx, wy] = x;
        let neg = self.0.neg;
        let face = inline(
            #[inline(always)]
            |j: usize| {
                let (lo, hi) = if j == 0 { (lx, hx) } else { (ly, hy) };
                R::select(neg[j], lo.clone(), hi.clone())
            },
        );
        let p = [px.clone(), py.clone()];
        let v = [cx.clone() - wx.clone(), cy.clone() - wy.clone()];
        let value = inline(
            #[inline(always)]
            |a: R| Part::from(Surd::value(a)),
        );
        let outward = inline(
            #[inline(always)]
            |j: usize| R::one().negate_if(neg[j]),
        );
        let (nearest, normal, radicand) = match how {
            Start::Gap(inside) => {
                let q = inline(
                    #[inline(always)]
                    |j: usize| R::select(inside[j], p[j].clone(), face(j)),
                );
                let n = inline(
                    #[inline(always)]
                    |j: usize| Surd::ratio(p[j].clone() - q(j), r.clone()).into(),
                );
                ([q(0), q(1)], [n(0), n(1)], R::zero())
            }
            Start::Deeper(inside) => {
                // g / |g| = g √c / c, c = g · g.
                let q = inline(
                    #[inline(always)]
                    |j: usize| R::select(inside[j], p[j].clone(), face(j)),
                );
                let g = [p[0].clone() - q(0), p[1].clone() - q(1)];
                let gg = dot(&g, &g);
                let n = inline(
                    #[inline(always)]
                    |j: usize| {
                        Part::from(Surd {
                            a: R::zero(),
                            b: g[j].clone(),
                            d: gg.clone(),
                            e: R::zero(),
                        })
                    },
                );
                ([q(0), q(1)], [n(0), n(1)], gg.clone())
            }
            Start::Face(i) => {
                let n = inline(
                    #[inline(always)]
                    |j: usize| value(R::select(j == i, outward(j), R::zero())),
                );
                (p.clone(), [n(0), n(1)], R::zero())
            }
            Start::Corner => (p.clone(), away(&v), dot(&v, &v)),
        };
        let [q0, q1] = nearest;
        let [n0, n1] = normal;
        let [p0, p1] = p;
        out.finish(
            &radicand,
            &[
                value(R::zero()),
                value(q0),
                value(q1),
                value(p0),
                value(p1),
                n0,
                n1,
            ],
        )
    }
}

impl Construction<11, 7> for Hit {
    const DIMS: [Dim; 11] = DIMS;
    const OUT: [Dim; 7] = {
        let (t, l, n) = (Dim::TIME, Dim::LENGTH, Dim::NONE);
        [t, l, l, l, l, n, n]
    };
    const DEGREE: u32 = 4;
    #[inline(always)]
    fn build<R: Ring, O: Finish<R, 7>>(&self, x: &[R; 11], out: O) -> O::Out {
        let [px, py, lx, ly, hx, hy, r, cx, cy, wx, wy] = x;
        let center = inline(
            #[inline(always)]
            |j: usize| {
                let y = j == 1;
                Part::along(
                    R::select(y, py.clone(), px.clone()),
                    R::select(y, cy.clone(), cx.clone()),
                )
            },
        );
        // One parts array for every arm, handed over once: a frame holds
        // one, not one an arm.
        let (radicand, parts) = match self.0.found {
            Found::Start(how) => return self.start(how, x, out),
            Found::Through => {
                // Face 0's crossing time (rational: r = 0), the corner K at
                // that time, the normal -V/|V|.
                let low = self.0.neg[0];
                let a = (px.clone() - R::select(low, lx.clone(), hx.clone())).negate_if(low);
                let s = (wx.clone() - cx.clone()).negate_if(low);
                let Some((w, _, v, _)) = self.corner([false; 2], x) else {
                    return out.zero();
                };
                let [w0, w1] = w;
                let point = [Part::along(w0, wx.clone()), Part::along(w1, wy.clone())];
                let [p0, p1] = point;
                let [n0, n1] = away(&v);
                let t = Surd::ratio(a, s).into();
                (dot(&v, &v), [t, p0, p1, center(0), center(1), n0, n1])
            }
            Found::Edge(i) => {
                let y = i == 1;
                let sel = inline(
                    #[inline(always)]
                    |a: &R, b: &R| R::select(y, b.clone(), a.clone()),
                );
                let (p, lo, hi, c, w) = (
                    sel(px, py),
                    sel(lx, ly),
                    sel(hx, hy),
                    sel(cx, cy),
                    sel(wx, wy),
                );
                let (po, co) = (sel(py, px), sel(cy, cx));
                let low = if y { self.0.neg[1] } else { self.0.neg[0] };
                let f = R::select(low, lo, hi);
                // t = a / s: a = |p_i - f| - r, s the closing speed.
                let a = (p - f.clone()).negate_if(low) - r.clone();
                let s = (w.clone() - c).negate_if(low);
                // The point: the face at time t, the center's coordinate
                // along it at time t. The normal: the face's.
                let across = Part::along(f, w);
                let along = Part::along(po, co);
                let t = Surd::ratio(a, s).into();
                let out_n = Part::from(Surd::value(R::one().negate_if(low)));
                let zero_n = Part::from(Surd::value(R::zero()));
                let [x0, x1, n0, n1] = if y {
                    [along, across, zero_n, out_n]
                } else {
                    [across, along, out_n, zero_n]
                };
                (R::zero(), [t, x0, x1, center(0), center(1), n0, n1])
            }
            Found::Corner(corner) => {
                let Some((w, d, v, r)) = self.corner(corner, x) else {
                    return out.zero();
                };
                let vd = cross(&v, &d);
                let radicand = r.clone() * r.clone() * dot(&v, &v) - vd.clone() * vd;
                let far = dot(&d, &d) - r.clone() * r.clone();
                let q0 = -dot(&v, &d);
                // The point: the corner at time t; the normal (D + t V) / r.
                let [w0, w1] = w;
                let time = Surd::over_root(far, q0).into();
                let n = inline(
                    #[inline(always)]
                    |j: usize| Part::Along(d[j].clone(), v[j].clone(), r.clone()),
                );
                let point = [Part::along(w0, wx.clone()), Part::along(w1, wy.clone())];
                let [p0, p1] = point;
                (radicand, [time, p0, p1, center(0), center(1), n(0), n(1)])
            }
            _ => return out.zero(),
        };
        out.finish(&radicand, &parts)
    }
}
