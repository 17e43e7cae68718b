//! The canonical problem of both rectangle sweeps: rectangle `[-k0, k0] ×
//! [-k1, k1]`, center `c` in the first quadrant, velocity `v`, radius `r`,
//! all in one ring; its decisions, named, in the order the module doc of
//! [`sweep_circle_rect`](super) lists them; and the early exit, which each
//! rectangle states in its own terms.

use crate::exact::{Ring, Signs};
use crate::query::inline;
use core::cmp::Ordering;

/// The local values `(k, c, v, r)` of a rectangle, before reflection.
pub(super) type Local<R> = ([R; 2], [R; 2], [R; 2], R);

/// What the canonical problem decided, before any value is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Found {
    /// Overlapping at time 0; per axis, whether the center lies within the
    /// rectangle's slab (then the nearest point shares its coordinate);
    /// `deepening`: the motion takes the center toward that point, `v · g
    /// < 0` for the gaps `g` (false where the center is inside, `g = 0`).
    Overlap { inside: [bool; 2], deepening: bool },
    /// A hit at time 0: touching and moving in.
    Start(Start),
    /// Contact on the face `x_i = k_i + r`.
    Edge(usize),
    /// Contact at the corner whose coordinates are negative where `neg[j]`.
    Corner([bool; 2]),
    /// A point (`r = 0`) from the vertex region through the corner `K`,
    /// both face lines at once: the normal is `-V/|V|`.
    Through,
    /// No hit.
    Miss,
}

/// How a hit at time 0 touches, which fixes its normal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Start {
    /// `r > 0`, at the gaps `g` from the nearest point (per axis whether
    /// within the slab, as [`Found::Overlap`]): the normal is `g / r`.
    Gap([bool; 2]),
    /// `r = 0`, a point on face `i` within the other slab: the face normal.
    Face(usize),
    /// `r = 0`, a point at the corner `K`: the normal is `-V/|V|`.
    Corner,
    /// Overlapping and moving deeper (for [`advance`](crate::advance)),
    /// the gaps `g` from the nearest point not zero (per axis whether within
    /// the slab): the normal is `g / |g|`.
    Deeper([bool; 2]),
}

/// A decision: the reflection into the first quadrant (`neg[j]`: axis `j`
/// was negated) and what was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Decision {
    pub neg: [bool; 2],
    pub found: Found,
}

impl Decision {
    /// No contact (the inputs a procedure cannot read: none of the crate's).
    pub const MISS: Decision = Decision {
        neg: [false; 2],
        found: Found::Miss,
    };

    /// The decision on local values `(K, C, V, R)`, if there are any: a
    /// miss where the path is proved to pass by the rectangle
    /// ([`PASSING_BY`]), else [`Canonical::decide`].
    #[inline(always)]
    pub fn of<R: Ring>(local: Option<Local<R>>, s: &mut Signs) -> Decision {
        match local {
            Some((k, c, v, r)) if !(PASSING_BY && passes_by(&k, &c, &v, &r)) => {
                Canonical::decide(k, c, v, r, s)
            }
            _ => Decision::MISS,
        }
    }
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
            return Self::at_start(&g, &delta, k, v, &dist, s);
        }
        // Vertex region: the face crossed last, d0 (-v1) >= d1 (-v0)
        // (degree 2); edge region: the far axis.
        let sv = [-v[0].clone(), -v[1].clone()];
        let last = d[0].clone() * sv[1].clone() - d[1].clone() * sv[0].clone();
        let vertex = far[0] & far[1];
        let last_sign = s.sign_when(&last, vertex);
        let x_last = last_sign != Ordering::Less;
        // A point (r = 0) crossing both face lines at once runs through the
        // corner K, head-on: no face is crossed first.
        if vertex && last_sign == Ordering::Equal && s.zero(r) {
            return if s.positive(&sv[0]) {
                Found::Through
            } else {
                Found::Miss
            };
        }
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
        // A graze (q1 = 0) is not a hit; for r = 0 it would be a path
        // through the corner, which the edge test has taken as on a face.
        let arc = s.sign_when(&q1, needs_corner & approach) == Ordering::Greater;
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

    /// Touching or overlapping at time 0 (`dist = |g|² - r² <= 0`, near
    /// the rectangle): overlapping if `dist < 0`, or for `r = 0` with the
    /// center inside both slabs strictly; otherwise a hit iff the motion
    /// goes in: `v · g < 0` (degree 2) for `r > 0`, and for a point on the
    /// boundary, `v_i < 0` on every axis where it is on the face (`Δ_i =
    /// 0`), the rectangle having an interior (`k > 0`).
    #[inline(always)]
    fn at_start(
        g: &[R; 2],
        delta: &[R; 2],
        k: &[R; 2],
        v: &[R; 2],
        dist: &R,
        s: &mut Signs,
    ) -> Found {
        let sign = [s.sign(&delta[0]), s.sign(&delta[1])];
        let inside = sign.map(|o| o != Ordering::Greater);
        let strict = sign.map(|o| o == Ordering::Less);
        let vg = v[0].clone() * g[0].clone() + v[1].clone() * g[1].clone();
        if s.negative(dist) || (strict[0] & strict[1]) {
            // With the center inside both slabs, g = 0: no direction
            // deepens (and a zero sign would cost the exact fallback).
            let outside = !(inside[0] & inside[1]);
            let deepening = outside & (s.sign_when(&vg, outside) == Ordering::Less);
            return Found::Overlap { inside, deepening };
        }
        if !(inside[0] & inside[1]) {
            // r > 0: g / r is the unit normal.
            return if s.negative(&vg) {
                Found::Start(Start::Gap(inside))
            } else {
                Found::Miss
            };
        }
        // r = 0 (g = 0), on the boundary.
        let open = s.positive(&k[0]) & s.positive(&k[1]);
        let enters = inline(
            #[inline(always)]
            |j: usize, s: &mut Signs| strict[j] || s.negative(&v[j]),
        );
        if !(open && enters(0, s) && enters(1, s)) {
            Found::Miss
        } else if strict[0] {
            Found::Start(Start::Face(1))
        } else if strict[1] {
            Found::Start(Start::Face(0))
        } else {
            Found::Start(Start::Corner)
        }
    }

    /// Whether the contact `found` happens at a time at most `t` (`t >=
    /// 0`): on a face, `d_i <= t s_i` (degree 2 with `t`); at a corner,
    /// `q0 - t q2 <= 0` or `(q0 - t q2)² <= q1` with `q2 = |V|²` (degree 6).
    #[inline(always)]
    pub fn within(&self, found: Found, t: &R, s: &mut Signs) -> bool {
        let Canonical { k, c, v, r } = self;
        match found {
            // Through: both face lines at one time, face 0's.
            Found::Edge(_) | Found::Through => {
                let y = found == Found::Edge(1);
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

/// Whether [`passes_by`] is tried: on 64-bit targets. A shortcut only
/// (the regions decide the same outcome), and on 32-bit targets, where
/// microcontrollers count bytes, it would grow a sweep's code by up to
/// 11% (thumbv7em at opt-level "s", `SIZE_QUERIES="sweep-aabb2 sweep-obb2
/// advance" bash ci/size.sh`: sweep-aabb2 `I32F32` 39,660 to 43,976 bytes,
/// `f32` 99,952 to 108,524).
const PASSING_BY: bool = cfg!(target_pointer_width = "64");

/// **Passing by**, in local values `(k, c, v, r)` (one scale for all, the
/// rectangle `[-k0, k0] × [-k1, k1]`): the path leaves the slab `|c_i + t
/// v_i| <= k_i + r` of one axis before it enters the other's, so it never
/// meets the rectangle dilated by `r` (degree 2). With each axis reflected
/// so that `v_i >= 0`, the slab is entered at `e_i / v_i`, `e_i = -(k_i +
/// r) - c_i`, and left at `x_i / v_i`, `x_i = k_i + r - c_i`: passing by is
/// `e_i v_j - x_j v_i > 0` for `(i, j) = (0, 1)` or `(1, 0)`. Where `v_i =
/// 0` the same sign says that slab `i` is never entered (`e_i > 0`), where
/// `v_j = 0` that slab `j` is never reached (`x_j < 0`). True only where
/// every sign it rests on is proved; it records none: where not, the
/// regions decide.
#[inline(always)]
fn passes_by<R: Ring>(k: &[R; 2], c: &[R; 2], v: &[R; 2], r: &R) -> bool {
    // Straight-line code (module doc of `exact::bound`, "Writing
    // procedures").
    let ((s0, sure0), (s1, sure1)) = (v[0].sign(), v[1].sign());
    let (n0, n1) = (s0 == Ordering::Less, s1 == Ordering::Less);
    let (c0, c1) = (c[0].clone().negate_if(n0), c[1].clone().negate_if(n1));
    let (v0, v1) = (v[0].clone().negate_if(n0), v[1].clone().negate_if(n1));
    let (reach0, reach1) = (k[0].clone() + r.clone(), k[1].clone() + r.clone());
    let (enter0, exit0) = (-reach0.clone() - c0.clone(), reach0 - c0);
    let (enter1, exit1) = (-reach1.clone() - c1.clone(), reach1 - c1);
    let (a, sure_a) = (enter0 * v1.clone() - exit1 * v0.clone()).sign();
    let (b, sure_b) = (enter1 * v0 - exit0 * v1).sign();
    let proved = (sure_a & (a == Ordering::Greater)) | (sure_b & (b == Ordering::Greater));
    sure0 & sure1 & proved
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
