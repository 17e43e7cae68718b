//! The oriented rectangle's frame, its procedures and its constructions.
//!
//! Inputs (16, then the time limit): circle center `p`, box center `o`,
//! axes `a_0`, `a_1`, half extents `e`, radius `r`, circle velocity `w_c`,
//! box velocity `w_b`, and the number 1 as a direction (`one`), so that
//! every local length carries one factor of the axes' unit: the local
//! values are `C_j = (p - o) · a_j`, `V_j = (w_c - w_b) · a_j`, `K_j = e_j ·
//! 1`, `R = r · 1` (degree 2 in the inputs), and a world point is `o +
//! Σ q_j a_j / 1²` for local coordinates `q`.

use super::canonical::{self, Canonical, Decision, Found, Local};
use crate::exact::{Construction, Dim, Finish, Part, Procedure, Ring, Signs, Surd};
use crate::query::{axes_within_tolerance, cross, dot};

/// What each input measures.
pub(super) const DIMS: [Dim; 16] = {
    let (l, v, a) = (Dim::LENGTH, Dim::VELOCITY, Dim::DIRECTION);
    [l, l, l, l, a, a, a, a, l, l, l, v, v, v, v, a]
};

/// The local values `(K, C, V, R)` of the inputs (module doc).
#[inline(always)]
fn local<R: Ring>(x: &[R]) -> Option<Local<R>> {
    let [
        px,
        py,
        ox,
        oy,
        a0x,
        a0y,
        a1x,
        a1y,
        e0,
        e1,
        r,
        cx,
        cy,
        wx,
        wy,
        one,
        ..,
    ] = x
    else {
        return None;
    };
    let d = [px.clone() - ox.clone(), py.clone() - oy.clone()];
    let u = [cx.clone() - wx.clone(), cy.clone() - wy.clone()];
    let (a0, a1) = ([a0x.clone(), a0y.clone()], [a1x.clone(), a1y.clone()]);
    Some((
        [e0.clone() * one.clone(), e1.clone() * one.clone()],
        [dot(&d, &a0), dot(&d, &a1)],
        [dot(&u, &a0), dot(&u, &a1)],
        r.clone() * one.clone(),
    ))
}

/// The early exit in the frame on one axis: `±C_j - K_j - R`.
#[inline(always)]
fn leaves<R: Ring>(cj: &R, kj: &R, r: &R, vj: &R, s: &Signs) -> bool {
    let kr = kj.clone() + r.clone();
    canonical::leaves(&(cj.clone() - kr.clone()), &(-cj.clone() - kr), vj, s)
}

/// The early exit in the frame (degree 2 in the inputs): true if the axes
/// are orthonormal within the tolerance and the center certainly leaves on
/// some axis.
pub(super) struct Leaves;

impl Procedure<16> for Leaves {
    type Out = bool;
    const DIMS: [Dim; 16] = DIMS;
    const DEGREE: u32 = 2;
    #[inline(always)]
    fn run<R: Ring>(&self, x: &[R; 16], s: &mut Signs) -> bool {
        let Some((k, c, v, r)) = local(x) else {
            return false;
        };
        let [_, _, _, _, a0x, a0y, a1x, a1y, .., one] = x;
        axes_within_tolerance([a0x, a0y, a1x, a1y], one, s)
            & (leaves(&c[0], &k[0], &r, &v[0], s) | leaves(&c[1], &k[1], &r, &v[1], s))
    }
}

/// The decisions (degree 8 in the inputs: 4 in the local values).
pub(super) struct Sweep;

impl Procedure<16> for Sweep {
    type Out = Decision;
    const DIMS: [Dim; 16] = DIMS;
    const DEGREE: u32 = 8;
    #[inline(always)]
    fn run<R: Ring>(&self, x: &[R; 16], s: &mut Signs) -> Decision {
        match local(x) {
            Some((k, c, v, r)) => Canonical::decide(k, c, v, r, s),
            None => Decision {
                neg: [false; 2],
                found: Found::Miss,
            },
        }
    }
}

/// Whether the contact of a decision happens by the time limit (input 16).
pub(super) struct Within(pub Decision);

impl Procedure<17> for Within {
    type Out = bool;
    const DIMS: [Dim; 17] = {
        let mut d = [Dim::TIME; 17];
        let mut i = 0;
        while i < 16 {
            d[i] = DIMS[i];
            i += 1;
        }
        d
    };
    const DEGREE: u32 = 10;
    #[inline(always)]
    fn run<R: Ring>(&self, x: &[R; 17], s: &mut Signs) -> bool {
        let (Some((k, c, v, r)), [.., t]) = (local(x), x) else {
            return false;
        };
        let q = Canonical::new(k, c, v, r, self.0.neg);
        q.within(self.0.found, t, s)
    }
}

/// `m` times the world point `o + Σ q_j a_j / 1²` of local coordinates
/// `q / m`, times `1²`: `o 1² m + Σ q_j a_j`.
#[inline(always)]
fn world<R: Ring>(x: &[R], q: [R; 2], m: R) -> [R; 2] {
    let [_, _, ox, oy, .., one] = x else {
        return [R::zero(), R::zero()];
    };
    let om = one.clone() * one.clone() * m;
    let [sx, sy] = on_axes(x, q);
    [ox.clone() * om.clone() + sx, oy.clone() * om + sy]
}

/// `Σ q_j a_j`.
#[inline(always)]
fn on_axes<R: Ring>(x: &[R], q: [R; 2]) -> [R; 2] {
    let [_, _, _, _, a0x, a0y, a1x, a1y, ..] = x else {
        return [R::zero(), R::zero()];
    };
    let [q0, q1] = q;
    [
        q0.clone() * a0x.clone() + q1.clone() * a1x.clone(),
        q0 * a0y.clone() + q1 * a1y.clone(),
    ]
}

/// `1²`.
#[inline(always)]
fn one2<R: Ring>(x: &[R]) -> R {
    x.last()
        .map_or_else(R::one, |one| one.clone() * one.clone())
}

/// The point of the rectangle nearest the center at time 0 (overlapping
/// or touching): per axis `C_j` where the center is within the slab, else
/// the face `±K_j`; in world coordinates, rounded once.
pub(super) struct Nearest(pub Decision);

impl Construction<16, 2> for Nearest {
    const DIMS: [Dim; 16] = DIMS;
    const OUT: [Dim; 2] = [Dim::LENGTH; 2];
    const DEGREE: u32 = 5;
    #[inline(always)]
    fn build<R: Ring, O: Finish<R, 2>>(&self, x: &[R; 16], out: O) -> O::Out {
        let (Found::Overlap(inside) | Found::Touch(inside)) = self.0.found else {
            return out.zero();
        };
        let Some((k, c, _, _)) = local(x) else {
            return out.zero();
        };
        let near = |j: usize| {
            let (kj, cj) = (k[j].clone(), c[j].clone());
            R::select(inside[j], cj, kj.negate_if(self.0.neg[j]))
        };
        let [nx, ny] = world(x, [near(0), near(1)], R::one());
        let d = one2(x);
        out.finish(
            &R::zero(),
            &[Surd::ratio(nx, d.clone()).into(), Surd::ratio(ny, d).into()],
        )
    }
}

/// The contact time and point of an edge or corner contact (module doc
/// of the query), in world coordinates at that time.
pub(super) struct Contact(pub Decision);

impl Construction<16, 3> for Contact {
    const DIMS: [Dim; 16] = DIMS;
    const OUT: [Dim; 3] = [Dim::TIME, Dim::LENGTH, Dim::LENGTH];
    const DEGREE: u32 = 8;
    #[inline(always)]
    fn build<R: Ring, O: Finish<R, 3>>(&self, x: &[R; 16], out: O) -> O::Out {
        let (Some((k, c, v, r)), [.., wx, wy, _]) = (local(x), x) else {
            return out.zero();
        };
        let neg = self.0.neg;
        let one2 = one2(x);
        match self.0.found {
            Found::Edge(i) => {
                // t = d / s with d = ±C_i - K_i - R, s = ∓V_i; the local
                // point is (±K_i, C_o + t V_o) on face i.
                let y = i == 1;
                let sel = |a: &[R; 2]| {
                    (
                        R::select(y, a[1].clone(), a[0].clone()),
                        R::select(y, a[0].clone(), a[1].clone()),
                    )
                };
                let ((ci, co), (ki, _), (vi, vo)) = (sel(&c), sel(&k), sel(&v));
                let ni = if y { neg[1] } else { neg[0] };
                let d = ci.negate_if(ni) - ki.clone() - r;
                let sp = (-vi).negate_if(ni);
                // The world point at time t = d / s: the local point (face
                // ±K_i, along C_o + t V_o) carried by the box, o + w_b t,
                // that is (o 1² + Σ q_j a_j + t (V_o a_o + w_b 1²)) / 1².
                let face = ki.negate_if(ni);
                let start = [
                    R::select(y, co.clone(), face.clone()),
                    R::select(y, face, co),
                ];
                let [_, _, _, _, a0x, a0y, a1x, a1y, ..] = x;
                let qx = vo.clone() * R::select(y, a0x.clone(), a1x.clone());
                let qy = vo * R::select(y, a0y.clone(), a1y.clone());
                let [px, py] = world(x, start, R::one());
                out.finish(
                    &R::zero(),
                    &[
                        Surd::ratio(d, sp).into(),
                        Part::Along(px, qx + wx.clone() * one2.clone(), one2.clone()),
                        Part::Along(py, qy + wy.clone() * one2.clone(), one2),
                    ],
                )
            }
            Found::Corner(corner) => {
                // The corner carried by the box: (o 1² + Σ q_j a_j + t w_b
                // 1²) / 1².
                let (q, far, q1, q0) = corner_parts(neg, corner, k, c, v, r);
                let [px, py] = world(x, q, R::one());
                let time = Surd::over_root(far, q0);
                out.finish(
                    &q1,
                    &[
                        time.into(),
                        Part::Along(px, wx.clone() * one2.clone(), one2.clone()),
                        Part::Along(py, wy.clone() * one2.clone(), one2),
                    ],
                )
            }
            _ => out.zero(),
        }
    }
}

/// A corner contact in local terms: the corner `q` (unreflected), `far =
/// |Δ|² - R²`, `q1 = R²|V|² - (V × Δ)²`, `q0 = -V · Δ` with `Δ = C - q`;
/// the time is `far / (q0 + √q1)`.
#[inline(always)]
fn corner_parts<R: Ring>(
    neg: [bool; 2],
    corner: [bool; 2],
    k: [R; 2],
    c: [R; 2],
    v: [R; 2],
    r: R,
) -> ([R; 2], R, R, R) {
    let [k0, k1] = k;
    let q = [
        k0.negate_if(neg[0] ^ corner[0]),
        k1.negate_if(neg[1] ^ corner[1]),
    ];
    let d = [c[0].clone() - q[0].clone(), c[1].clone() - q[1].clone()];
    let far = dot(&d, &d) - r.clone() * r.clone();
    let q0 = -dot(&v, &d);
    let vd = cross(&v, &d);
    let q1 = r.clone() * r * dot(&v, &v) - vd.clone() * vd;
    (q, far, q1, q0)
}
