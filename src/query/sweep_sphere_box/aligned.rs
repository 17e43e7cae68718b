//! The aligned box's procedures and construction.
//!
//! Inputs (16, then the time limit): sphere center `p`, the box's `min`
//! and `max`, radius `r`, sphere velocity `w_s`, box velocity `w_b`. The
//! local values are in doubled coordinates (exact in every backend): `K =
//! max - min`, `C = 2p - (min + max)`, `V = 2 (w_s - w_b)`, `R = 2r`.

use super::canonical::{self, Canonical, Decision, Found, Local, Start};
use crate::Real;
use crate::exact::{Construction, Dim, Finish, Part, Procedure, Ring, Signs, Surd};
use crate::geom::{Aabb3, Vec3};
use crate::query::dot3;
use crate::query::inline;
use crate::query::sweep::timed;

/// `-V/|V|` as surds `-V_j √c / c` over the radicand `c = |V|²`.
#[inline(always)]
pub(super) fn away<R: Ring>(v: &[R; 3]) -> [Part<R>; 3] {
    let vv = dot3(v, v);
    let n = inline(
        #[inline(always)]
        |b: &R| {
            Part::from(Surd {
                a: R::zero(),
                b: -b.clone(),
                d: vv.clone(),
                e: R::zero(),
            })
        },
    );
    let [a, b, c] = v;
    [n(a), n(b), n(c)]
}

/// What the aligned box's inputs measure: center, box corners, radius
/// (lengths), sphere and box velocities.
pub(super) const DIMS: [Dim; 16] = {
    let (l, v) = (Dim::LENGTH, Dim::VELOCITY);
    [l, l, l, l, l, l, l, l, l, l, v, v, v, v, v, v]
};

/// The aligned box's local values in doubled coordinates, from the inputs
/// `p, lo, hi, r, v_sphere, v_box`.
#[inline(always)]
fn local<R: Ring>(x: &[R]) -> Option<Local<R>> {
    let [
        px,
        py,
        pz,
        lx,
        ly,
        lz,
        hx,
        hy,
        hz,
        r,
        cx,
        cy,
        cz,
        wx,
        wy,
        wz,
        ..,
    ] = x
    else {
        return None;
    };
    let two = inline(
        #[inline(always)]
        |a: R| a.clone() + a,
    );
    let k = [
        hx.clone() - lx.clone(),
        hy.clone() - ly.clone(),
        hz.clone() - lz.clone(),
    ];
    let c = [
        two(px.clone()) - (lx.clone() + hx.clone()),
        two(py.clone()) - (ly.clone() + hy.clone()),
        two(pz.clone()) - (lz.clone() + hz.clone()),
    ];
    let v = [
        two(cx.clone() - wx.clone()),
        two(cy.clone() - wy.clone()),
        two(cz.clone() - wz.clone()),
    ];
    Some((k, c, v, two(r.clone())))
}

/// The aligned box's decisions (degree 6).
pub(super) struct Sweep;

impl Procedure<16> for Sweep {
    type Out = Decision;
    const DIMS: [Dim; 16] = DIMS;
    const DEGREE: u32 = 6;
    #[inline(always)]
    fn run<R: Ring>(&self, x: &[R; 16], s: &mut Signs) -> Decision {
        match local(x) {
            Some((k, c, v, r)) => Canonical::decide(k, c, v, r, s),
            None => Decision {
                neg: [false; 3],
                found: Found::Miss,
            },
        }
    }
}

/// Whether the contact of a decision happens by the time limit (input 16).
pub(super) struct Within(pub Decision);

impl Procedure<17> for Within {
    type Out = bool;
    const DIMS: [Dim; 17] = timed(&DIMS);
    const DEGREE: u32 = 6;
    #[inline(always)]
    fn run<R: Ring>(&self, x: &[R; 17], s: &mut Signs) -> bool {
        let (Some((k, c, v, r)), [.., t]) = (local(x), x) else {
            return false;
        };
        Canonical::new(k, c, v, r, self.0.neg).within(self.0.found, t, s)
    }
}

/// A hit's ten values in order: time, point, center, normal (a function,
/// not a closure: module doc of `exact::bound`, "Writing procedures").
/// Inlined into each of its calls on 64-bit targets only: on thumbv7em
/// that grew `sweep-aabb3` by 2% (I32F32) to 13% (f64) (`ci/size.sh`).
#[cfg_attr(target_pointer_width = "64", inline(always))]
fn finish<R: Ring, O: Finish<R, 10>>(
    out: O,
    time: Part<R>,
    radicand: &R,
    [q0, q1, q2]: [Part<R>; 3],
    [c0, c1, c2]: [Part<R>; 3],
    [n0, n1, n2]: [Part<R>; 3],
) -> O::Out {
    out.finish(radicand, &[time, q0, q1, q2, c0, c1, c2, n0, n1, n2])
}

/// An aligned hit's values (module doc of the query, "Construction"), in
/// world terms (as in 2D: every value a short expression in the inputs,
/// which the floats' double-word rounding certifies).
pub(super) struct Hit(pub Decision);

impl Construction<16, 10> for Hit {
    const DIMS: [Dim; 16] = DIMS;
    const OUT: [Dim; 10] = {
        let (t, l, n) = (Dim::TIME, Dim::LENGTH, Dim::NONE);
        [t, l, l, l, l, l, l, n, n, n]
    };
    const DEGREE: u32 = 4;
    #[inline(always)]
    fn build<R: Ring, O: Finish<R, 10>>(&self, x: &[R; 16], out: O) -> O::Out {
        let [
            px,
            py,
            pz,
            lx,
            ly,
            lz,
            hx,
            hy,
            hz,
            r,
            cx,
            cy,
            cz,
            wx,
            wy,
            wz,
        ] = x;
        let (p, lo, hi) = ([px, py, pz], [lx, ly, lz], [hx, hy, hz]);
        let (vs, wb) = ([cx, cy, cz], [wx, wy, wz]);
        let neg = self.0.neg;
        let pick = inline(
            #[inline(always)]
            |a: [&R; 3], j: usize| match j {
                0 => a[0].clone(),
                1 => a[1].clone(),
                _ => a[2].clone(),
            },
        );
        let flag = |a: [bool; 3], j: usize| match j {
            0 => a[0],
            1 => a[1],
            _ => a[2],
        };
        let value = inline(
            #[inline(always)]
            |a: R| Part::from(Surd::value(a)),
        );
        let center = inline(
            #[inline(always)]
            |j: usize| Part::along(pick(p, j), pick(vs, j)),
        );
        let rel = each!([0, 1, 2], |j| pick(vs, j) - pick(wb, j));
        // The face plane on axis j on the world side `low`.
        let face = inline(
            #[inline(always)]
            |j: usize, low: bool| R::select(low, pick(lo, j), pick(hi, j)),
        );
        let centers = inline(
            #[inline(always)]
            || [center(0), center(1), center(2)],
        );
        // A face crossing on axis i, world side `low`: `t = a / s`.
        let face_time = inline(
            #[inline(always)]
            |i: usize, low: bool| {
                let a = (pick(p, i) - face(i, low)).negate_if(low) - r.clone();
                let s = (pick(wb, i) - pick(vs, i)).negate_if(low);
                Part::from(Surd::ratio(a, s))
            },
        );
        let unit = inline(
            #[inline(always)]
            |i: usize, low: bool| {
                each!([0, 1, 2], |j| value(R::select(
                    j == i,
                    R::one().negate_if(low),
                    R::zero()
                )))
            },
        );
        match self.0.found {
            Found::Start(how) => {
                let inside = match how {
                    Start::Gap(inside) => inside,
                    _ => [true; 3],
                };
                let q = each!([0, 1, 2], |j| R::select(
                    flag(inside, j),
                    pick(p, j),
                    face(j, flag(neg, j))
                ));
                let (radicand, normal) = match how {
                    Start::Gap(_) => (
                        R::zero(),
                        each!([0, 1, 2], |j| {
                            let g = pick(p, j) - q[j % 3].clone();
                            Part::from(Surd::ratio(g, r.clone()))
                        }),
                    ),
                    Start::Face(i) => (R::zero(), unit(i, flag(neg, i))),
                    Start::Edge => (dot3(&rel, &rel), away(&rel)),
                };
                let [q0, q1, q2] = q;
                let point = [value(q0), value(q1), value(q2)];
                finish(out, value(R::zero()), &radicand, point, centers(), normal)
            }
            Found::Through(i) => {
                // A point (r = 0): the contact point is the center.
                let low = flag(neg, i);
                finish(
                    out,
                    face_time(i, low),
                    &dot3(&rel, &rel),
                    centers(),
                    centers(),
                    away(&rel),
                )
            }
            Found::Contact(f) => {
                let low = each!([0, 1, 2], |j| flag(neg, j) ^ flag(f.low, j));
                let fixed = inline(
                    #[inline(always)]
                    |j: usize| flag(f.fixed, j),
                );
                let point = each!([0, 1, 2], |j| {
                    if fixed(j) {
                        Part::along(face(j, flag(low, j)), pick(wb, j))
                    } else {
                        center(j)
                    }
                });
                match f.fixed {
                    [true, false, false] => finish(
                        out,
                        face_time(0, low[0]),
                        &R::zero(),
                        point,
                        centers(),
                        unit(0, low[0]),
                    ),
                    [false, true, false] => finish(
                        out,
                        face_time(1, low[1]),
                        &R::zero(),
                        point,
                        centers(),
                        unit(1, low[1]),
                    ),
                    [false, false, true] => finish(
                        out,
                        face_time(2, low[2]),
                        &R::zero(),
                        point,
                        centers(),
                        unit(2, low[2]),
                    ),
                    _ => {
                        // D = p - w and V on the fixed axes.
                        let d = each!([0, 1, 2], |j| {
                            R::pick(fixed(j), || pick(p, j) - face(j, flag(low, j)), R::zero)
                        });
                        let v = each!([0, 1, 2], |j| R::select(
                            fixed(j),
                            rel[j % 3].clone(),
                            R::zero()
                        ));
                        let q2 = dot3(&v, &v);
                        let q0 = -dot3(&v, &d);
                        let far = dot3(&d, &d) - r.clone() * r.clone();
                        let x = canonical::cross3(&v, &d);
                        let q1 = r.clone() * r.clone() * q2 - dot3(&x, &x);
                        // Exactly 0 along a free axis (as a value: the
                        // double-word rounding certifies no zero quotient).
                        let normal = each!([0, 1, 2], |j| {
                            if fixed(j) {
                                Part::Along(d[j % 3].clone(), v[j % 3].clone(), r.clone())
                            } else {
                                value(R::zero())
                            }
                        });
                        let time = Part::from(Surd::over_root(far, q0));
                        finish(out, time, &q1, point, centers(), normal)
                    }
                }
            }
            _ => out.zero(),
        }
    }
}

/// The point of the aligned box nearest the center (overlapping): an
/// input coordinate per axis, no rounding.
pub(super) fn witness<T: Real>(
    p: &Vec3<T>,
    b: &Aabb3<T>,
    neg: [bool; 3],
    inside: [bool; 3],
) -> Vec3<T> {
    let pick = |j: usize, p: &T, lo: &T, hi: &T| {
        let (n, i) = match j {
            0 => (neg[0], inside[0]),
            1 => (neg[1], inside[1]),
            _ => (neg[2], inside[2]),
        };
        let face = if n { lo } else { hi };
        if i { p.clone() } else { face.clone() }
    };
    Vec3::new(
        pick(0, &p.x, &b.min.x, &b.max.x),
        pick(1, &p.y, &b.min.y, &b.max.y),
        pick(2, &p.z, &b.min.z, &b.max.z),
    )
}
