//! The canonical problem of both rectangle sweeps: rectangle `[-k0, k0] ×
//! [-k1, k1]`, center `c` in the first quadrant, velocity `v`, radius `r`,
//! all in one ring; its decisions, named, in the order the module doc of
//! [`sweep_circle_rect`](super) lists them; and the early exit, which each
//! rectangle states in its own terms.

use crate::exact::{Ring, Signs};
use core::cmp::Ordering;

/// The local values `(k, c, v, r)` of a rectangle, before reflection.
pub(super) type Local<R> = ([R; 2], [R; 2], [R; 2], R);

/// What the canonical problem decided, before any value is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Found {
    /// Overlapping at time 0; per axis, whether the center lies within the
    /// rectangle's slab (then the nearest point shares its coordinate).
    Overlap([bool; 2]),
    /// Touching at time 0 (as `Overlap`).
    Touch([bool; 2]),
    /// Contact on the face `x_i = k_i + r`.
    Edge(usize),
    /// Contact at the corner whose coordinates are negative where `neg[j]`.
    Corner([bool; 2]),
    /// No contact.
    Miss,
}

/// A decision: the reflection into the first quadrant (`neg[j]`: axis `j`
/// was negated) and what was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Decision {
    pub neg: [bool; 2],
    pub found: Found,
}

/// The canonical values: half extents `k`, center `c`, velocity `v` (all
/// reflected by `neg`), radius `r`.
pub(super) struct Canonical<R> {
    k: [R; 2],
    c: [R; 2],
    v: [R; 2],
    r: R,
}

/// `(a_i, a_o)` for the face axis `i` (1 if `y`) and the other axis `o`.
#[inline(always)]
fn pick<R: Ring>(y: bool, [a0, a1]: &[R; 2]) -> (R, R) {
    (
        R::select(y, a1.clone(), a0.clone()),
        R::select(y, a0.clone(), a1.clone()),
    )
}

impl<R: Ring> Canonical<R> {
    /// The local problem `(k, c, v, r)`, reflected by `neg`.
    #[inline(always)]
    pub fn new(k: [R; 2], [c0, c1]: [R; 2], [v0, v1]: [R; 2], r: R, neg: [bool; 2]) -> Self {
        Canonical {
            k,
            c: [c0.negate_if(neg[0]), c1.negate_if(neg[1])],
            v: [v0.negate_if(neg[0]), v1.negate_if(neg[1])],
            r,
        }
    }

    /// Decides the problem from the local values: the reflection by the
    /// signs of `c`, then [`Canonical::solve`].
    #[inline(always)]
    pub fn decide(k: [R; 2], c: [R; 2], v: [R; 2], r: R, s: &mut Signs) -> Decision {
        let neg = [s.negative(&c[0]), s.negative(&c[1])];
        let q = Canonical::new(k, c, v, r, neg);
        Decision {
            neg,
            found: q.solve(s),
        }
    }

    /// The regions and their predicates (module doc of the query). Every
    /// predicate of a path is evaluated and its certainty recorded only
    /// where the outcome rests on it.
    #[inline(always)]
    pub fn solve(&self, s: &mut Signs) -> Found {
        let Canonical { k, c, v, r } = self;
        let delta = [c[0].clone() - k[0].clone(), c[1].clone() - k[1].clone()];
        let d = [delta[0].clone() - r.clone(), delta[1].clone() - r.clone()];
        // Beyond each dilated face line (degree 1).
        let far = [s.positive(&d[0]), s.positive(&d[1])];
        let near = !(far[0] | far[1]);
        // t = 0: |gaps|² against r² (degree 2; the gaps are positive parts).
        let g = [
            delta[0].clone().positive_part(),
            delta[1].clone().positive_part(),
        ];
        let dist =
            g[0].clone() * g[0].clone() + g[1].clone() * g[1].clone() - r.clone() * r.clone();
        let touching = near & (s.sign_when(&dist, near) != Ordering::Greater);
        if touching {
            let inside = [
                s.sign(&delta[0]) != Ordering::Greater,
                s.sign(&delta[1]) != Ordering::Greater,
            ];
            return if s.negative(&dist) {
                Found::Overlap(inside)
            } else {
                Found::Touch(inside)
            };
        }
        // Vertex region: the face crossed last, d0 (-v1) >= d1 (-v0)
        // (degree 2); edge region: the far axis.
        let sv = [-v[0].clone(), -v[1].clone()];
        let last = d[0].clone() * sv[1].clone() - d[1].clone() * sv[0].clone();
        let x_last = s.sign_when(&last, far[0] & far[1]) != Ordering::Less;
        let y = far[1] & !(far[0] & x_last);
        let ((ci, co), (ki, ko)) = (pick(y, c), pick(y, k));
        let ((vi, vo), (si, _), (di, _)) = (pick(y, v), pick(y, &sv), pick(y, &d));
        // Moving toward the face: s_i = -v_i > 0 (degree 1).
        let toward = near | (s.sign_when(&si, !near) == Ordering::Greater);
        // Where the crossing of the face line lies along the other axis:
        // the signs of c_o s_i + d_i v_o ∓ k_o s_i (degree 2).
        let along = co.clone() * si.clone() + di * vo.clone();
        let edge = ko.clone() * si;
        let crossing = !near & toward;
        let above = s.sign_when(&(along.clone() - edge.clone()), crossing) == Ordering::Greater;
        let below = s.sign_when(&(along + edge), crossing) == Ordering::Less;
        let on = !near & !above & !below;
        let below = !near & below;
        // The corner at the end of the face the crossing passed (near: K):
        // approaching it, q0 = -V·Δ > 0 (degree 2), and the path within r
        // of it, q1 = r²|V|² - (V × Δ)² >= 0 (degree 4).
        let ko = ko.negate_if(below);
        let dc = [ci - ki, co - ko];
        let vc = [vi, vo];
        let needs_corner = toward & !on;
        let vd = vc[0].clone() * dc[0].clone() + vc[1].clone() * dc[1].clone();
        let approach = s.sign_when(&vd, needs_corner) == Ordering::Less;
        let x = vc[0].clone() * dc[1].clone() - vc[1].clone() * dc[0].clone();
        let vv = vc[0].clone() * vc[0].clone() + vc[1].clone() * vc[1].clone();
        let q1 = r.clone() * r.clone() * vv - x.clone() * x;
        let arc = s.sign_when(&q1, needs_corner & approach) != Ordering::Less;
        if !(toward & (on | (approach & arc))) {
            Found::Miss
        } else if on {
            Found::Edge(usize::from(y))
        } else if y {
            Found::Corner([below, false])
        } else {
            Found::Corner([false, below])
        }
    }

    /// Whether the contact `found` happens at a time at most `t` (`t >=
    /// 0`): on a face, `d_i <= t s_i` (degree 2 with `t`); at a corner,
    /// `q0 - t q2 <= 0` or `(q0 - t q2)² <= q1` with `q2 = |V|²` (degree 6).
    #[inline(always)]
    pub fn within(&self, found: Found, t: &R, s: &mut Signs) -> bool {
        let Canonical { k, c, v, r } = self;
        match found {
            Found::Edge(i) => {
                let y = i == 1;
                let ((ci, _), (ki, _), (vi, _)) = (pick(y, c), pick(y, k), pick(y, v));
                let d = ci - ki - r.clone();
                s.sign(&(t.clone() * -vi - d)) != Ordering::Less
            }
            Found::Corner([n0, n1]) => {
                let dc = [
                    c[0].clone() - k[0].clone().negate_if(n0),
                    c[1].clone() - k[1].clone().negate_if(n1),
                ];
                let q0 = -(v[0].clone() * dc[0].clone() + v[1].clone() * dc[1].clone());
                let q2 = v[0].clone() * v[0].clone() + v[1].clone() * v[1].clone();
                let x = v[0].clone() * dc[1].clone() - v[1].clone() * dc[0].clone();
                let q1 = r.clone() * r.clone() * q2.clone() - x.clone() * x;
                let a = q0 - t.clone() * q2;
                let early = s.sign(&a) != Ordering::Greater;
                let square = a.clone() * a - q1;
                early | (s.sign_when(&square, !early) != Ordering::Greater)
            }
            _ => true,
        }
    }
}

/// **Early exit** on one axis: the center beyond a dilated face, `beyond_hi
/// = x - hi - r > 0` or `beyond_lo = lo - x - r > 0` (degree 1, in the
/// rectangle's own terms), and not moving toward it (`w = v_x >= 0`,
/// resp. `<= 0`), certainly. Records nothing: if not certain, the rest of
/// the procedure decides.
#[inline(always)]
pub(super) fn leaves<R: Ring>(beyond_hi: &R, beyond_lo: &R, w: &R, s: &Signs) -> bool {
    let (sw, sure) = w.sign();
    let hi = s.surely_positive(beyond_hi) & sure & (sw != Ordering::Less);
    let lo = s.surely_positive(beyond_lo) & sure & (sw != Ordering::Greater);
    hi | lo
}
