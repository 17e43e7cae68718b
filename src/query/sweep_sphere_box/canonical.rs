//! The canonical problem of both box sweeps in 3D: box `[-k0, k0] × [-k1,
//! k1] × [-k2, k2]`, center `c` in the first octant, velocity `v`, radius
//! `r`, all in one ring; its decisions, named, in the order of the module
//! doc of [`sweep_sphere_box`](super); and each hit in local terms.

use crate::exact::{Part, Ring, Signs, Surd};
use crate::query::dot3;
use core::cmp::Ordering;

/// The local values `(k, c, v, r)` of a box, before reflection.
pub(super) type Local<R> = ([R; 3], [R; 3], [R; 3], R);

/// A feature of the box in the canonical frame: on each axis fixed at a
/// face plane (`fixed`, at `-k_j` where `low`, else `k_j`) or free. One
/// axis fixed: a face; two: an edge; three: a corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Feature {
    pub fixed: [bool; 3],
    pub low: [bool; 3],
}

/// What the canonical problem decided, before any value is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Found {
    /// Overlapping at time 0; per axis, whether the center lies within the
    /// box's slab (then the nearest point shares its coordinate).
    Overlap { inside: [bool; 3] },
    /// A hit at time 0: touching and moving in.
    Start(Start),
    /// The first contact, with this feature's face, edge cylinder or
    /// corner sphere.
    Contact(Feature),
    /// A point (`r = 0`) reaching face `i`'s plane and another face plane
    /// at once, through an edge or a corner: the normal is `-V/|V|`.
    Through(usize),
    /// No hit.
    Miss,
}

/// How a hit at time 0 touches, which fixes its normal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Start {
    /// `r > 0`, at the gaps `g` from the nearest point (per axis whether
    /// within the slab): the normal is `g / r`.
    Gap([bool; 3]),
    /// `r = 0`, a point on face `i` within the other slabs: the face normal.
    Face(usize),
    /// `r = 0`, a point on an edge or a corner: the normal is `-V/|V|`.
    Edge,
}

/// A decision: the reflection into the first octant (`neg[j]`: axis `j`
/// was negated) and what was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Decision {
    pub neg: [bool; 3],
    pub found: Found,
}

/// A hit in local terms, unreflected: its time, the radicand of every
/// surd, the box's point of contact `q + t q'` per axis in the box's frame,
/// and the normal.
pub(super) struct LocalHit<R> {
    pub time: Part<R>,
    pub radicand: R,
    pub point: [(R, R); 3],
    pub normal: Normal<R>,
}

/// A hit's normal: `(n + t n') / m` per axis in the box's frame, or `-V/|V|`
/// for the relative velocity `V` in the world.
pub(super) enum Normal<R> {
    Along([(R, R); 3], R),
    Away,
}

/// The canonical values: half extents `k`, center `c`, velocity `v` (all
/// reflected by `neg`), radius `r`.
pub(super) struct Canonical<R> {
    k: [R; 3],
    c: [R; 3],
    v: [R; 3],
    r: R,
}

/// The sign of `a - b √q` for `q > 0` (degree that of `a²`, `b² q`).
#[inline(always)]
fn surd_sign<R: Ring>(a: &R, b: &R, q: &R, s: &mut Signs) -> Ordering {
    let (sa, sb) = (s.sign(a), s.sign(b));
    match (sa, sb) {
        (_, Ordering::Equal) => sa,
        (Ordering::Equal, _) => sb.reverse(),
        (Ordering::Greater, Ordering::Less) => Ordering::Greater,
        (Ordering::Less, Ordering::Greater) => Ordering::Less,
        _ => {
            let m = s.sign(&(a.clone() * a.clone() - b.clone() * b.clone() * q.clone()));
            if sa == Ordering::Greater {
                m
            } else {
                m.reverse()
            }
        }
    }
}

/// The other two axes of axis `i`.
#[inline(always)]
fn others(i: usize) -> [usize; 2] {
    match i {
        0 => [1, 2],
        1 => [0, 2],
        _ => [0, 1],
    }
}

/// `v[j]` without indexing (no bounds check to panic).
#[inline(always)]
fn at<R: Clone>(v: &[R; 3], j: usize) -> R {
    let [a, b, c] = v;
    match j {
        0 => a.clone(),
        1 => b.clone(),
        _ => c.clone(),
    }
}

/// `a × b`.
#[inline(always)]
pub(super) fn cross3<R: Ring>([a0, a1, a2]: &[R; 3], [b0, b1, b2]: &[R; 3]) -> [R; 3] {
    [
        a1.clone() * b2.clone() - a2.clone() * b1.clone(),
        a2.clone() * b0.clone() - a0.clone() * b2.clone(),
        a0.clone() * b1.clone() - a1.clone() * b0.clone(),
    ]
}

/// The quadratic of a rounded feature (edge cylinder or corner sphere):
/// `D = c - w` and `V` on the fixed axes (0 elsewhere), `q2 = |V|²`, `q0 =
/// -V·D`, `far = |D|² - r²`, `q1 = q0² - q2 far = r² q2 - |V × D|²`: the
/// center is within `r` of the feature's line or point at the roots of `q2
/// t² - 2 q0 t + far`.
struct Rounded<R> {
    d: [R; 3],
    v: [R; 3],
    q2: R,
    q0: R,
    far: R,
    q1: R,
}

impl<R: Ring> Canonical<R> {
    /// The local problem `(k, c, v, r)`, reflected by `neg`.
    #[inline(always)]
    pub fn new(k: [R; 3], c: [R; 3], v: [R; 3], r: R, neg: [bool; 3]) -> Self {
        Canonical {
            k,
            c: each!([0, 1, 2], |j| at(&c, j).negate_if(at(&neg, j))),
            v: each!([0, 1, 2], |j| at(&v, j).negate_if(at(&neg, j))),
            r,
        }
    }

    /// Decides the problem from the local values: the reflection by the
    /// signs of `c`, then [`Canonical::solve`].
    #[inline(always)]
    pub fn decide(k: [R; 3], c: [R; 3], v: [R; 3], r: R, s: &mut Signs) -> Decision {
        let neg = each!([0, 1, 2], |j| s.negative(&at(&c, j)));
        let q = Canonical::new(k, c, v, r, neg);
        Decision {
            neg,
            found: q.solve(s),
        }
    }

    /// The regions and their predicates (module doc of the query).
    #[inline(always)]
    pub fn solve(&self, s: &mut Signs) -> Found {
        let Canonical { k, c, v, r } = self;
        let delta = each!([0, 1, 2], |j| at(c, j) - at(k, j));
        // t = 0: |gaps|² against r² (degree 2).
        let g = each!([0, 1, 2], |j| at(&delta, j).positive_part());
        let dist = dot3(&g, &g) - r.clone() * r.clone();
        if s.sign(&dist) != Ordering::Greater {
            return self.at_start(&g, &delta, &dist, s);
        }
        if !self.enters_dilated(s) {
            return Found::Miss;
        }
        // The classes each coordinate can take at a contact (module doc):
        // above (x_j >= k_j), within (|x_j| <= k_j), below (x_j <= -k_j).
        let ds = each!([0, 1, 2], |j| s.sign(&at(&delta, j)));
        let vs = each!([0, 1, 2], |j| s.sign(&at(v, j)));
        let toward = vs.map(|o| o == Ordering::Less);
        let above = each!([0, 1, 2], |j| at(&ds, j) != Ordering::Less
            || at(&vs, j) == Ordering::Greater);
        let within = each!([0, 1, 2], |j| at(&ds, j) != Ordering::Greater
            || at(&toward, j));
        let class = |j: usize, fixed: bool, low: bool| {
            if !fixed {
                at(&within, j)
            } else if low {
                at(&toward, j)
            } else {
                at(&above, j)
            }
        };
        // Faces, then edges, then corners: every feature whose classes the
        // path can reach and which it can approach (a high side moved
        // toward). Any feature accepted is the first contact.
        let tried = |f: &Feature| {
            let reach = (0..3).all(|j| class(j, at(&f.fixed, j), at(&f.low, j)));
            let approach = (0..3).any(|j| at(&f.fixed, j) & !at(&f.low, j) & at(&toward, j));
            reach & approach
        };
        // Each feature's fixed axes are constants here (the filters' error
        // bounds then fold); only the sides vary at run time.
        for fixed in [
            [true, false, false],
            [false, true, false],
            [false, false, true],
        ] {
            let f = Feature {
                fixed,
                low: [false; 3],
            };
            if tried(&f) {
                if let Some(found) = self.face(f, &delta, s) {
                    return found;
                }
            }
        }
        for fixed in [
            [false, true, true],
            [true, false, true],
            [true, true, false],
        ] {
            for side in 0..4u8 {
                let bits = [side & 1 != 0, side & 2 != 0];
                let mut next = bits.into_iter();
                let low = fixed.map(|x| x && next.next().unwrap_or(false));
                let f = Feature { fixed, low };
                if tried(&f) && self.rounded_contact(f, s) {
                    return Found::Contact(f);
                }
            }
        }
        for side in 0..8u8 {
            let low = [side & 1 != 0, side & 2 != 0, side & 4 != 0];
            let f = Feature {
                fixed: [true; 3],
                low,
            };
            if tried(&f) && self.rounded_contact(f, s) {
                return Found::Contact(f);
            }
        }
        Found::Miss
    }

    /// Whether the path meets the dilated box `|x_j| <= k_j + r` at some
    /// `t >= 0` (it contains the rounded box): on each axis the center is
    /// in the slab from `enter_j` to `exit_j`, and every `enter_j <=
    /// exit_m`. A center beyond the slab (`d_j > 0`) enters at `d_j / s_j`
    /// if moving toward it (`s_j = -v_j > 0`), else never; one within it
    /// entered before 0. The slab is left at `(c_m + k_m + r) / s_m` moving
    /// down, at `-d_m / v_m` moving up, never at rest. The comparisons are
    /// `d_j u_m <= e_m s_j` (degree 2).
    #[inline(always)]
    fn enters_dilated(&self, s: &mut Signs) -> bool {
        let Canonical { k, c, v, r } = self;
        // No closures (module doc of `exact::bound`, "Writing procedures").
        let ([c0, c1, c2], [k0, k1, k2]) = (c, k);
        let d = [
            c0.clone() - k0.clone() - r.clone(),
            c1.clone() - k1.clone() - r.clone(),
            c2.clone() - k2.clone() - r.clone(),
        ];
        let [d0, d1, d2] = &d;
        let far = [s.positive(d0), s.positive(d1), s.positive(d2)];
        let [v0, v1, v2] = v;
        let vs = [s.sign(v0), s.sign(v1), s.sign(v2)];
        for j in 0..3 {
            if !at(&far, j) {
                continue;
            }
            if at(&vs, j) != Ordering::Less {
                return false;
            }
            let sj = -at(v, j);
            for m in others(j) {
                // Leaving the slab of m: distance e and speed u.
                let (e, u) = match at(&vs, m) {
                    Ordering::Less => (at(c, m) + at(k, m) + r.clone(), -at(v, m)),
                    Ordering::Greater => (-at(&d, m), at(v, m)),
                    Ordering::Equal => continue,
                };
                if s.positive(&(at(&d, j) * u - e * sj.clone())) {
                    return false;
                }
            }
        }
        true
    }

    /// The face of `f` (one fixed axis `i`, high side), reached at `t =
    /// d_i / s_i` (`d_i = Δ_i - r > 0`, `s_i = -v_i > 0`) within the other
    /// slabs: `|c_o s_i + d_i v_o| <= k_o s_i` (degree 2). For `r = 0`, a
    /// crossing of another face plane at the same time (`d_o s_i = d_i s_o`,
    /// degree 2) runs through an edge or corner.
    #[inline(always)]
    fn face(&self, f: Feature, delta: &[R; 3], s: &mut Signs) -> Option<Found> {
        let Canonical { k, c, v, r } = self;
        let i = (0..3).find(|&j| at(&f.fixed, j)).unwrap_or(0);
        let di = at(delta, i) - r.clone();
        if !s.positive(&di) {
            return None;
        }
        let si = -at(v, i);
        for o in others(i) {
            let along = at(c, o) * si.clone() + di.clone() * at(v, o);
            let edge = at(k, o) * si.clone();
            if s.sign(&(along.clone() - edge.clone())) == Ordering::Greater
                || s.sign(&(along + edge)) == Ordering::Less
            {
                return None;
            }
        }
        if s.zero(r) {
            for o in others(i) {
                let d_o = at(delta, o);
                let s_o = -at(v, o);
                if s.positive(&d_o)
                    && s.positive(&s_o)
                    && s.zero(&(d_o * si.clone() - di.clone() * s_o))
                {
                    return Some(Found::Through(i));
                }
            }
        }
        Some(Found::Contact(f))
    }

    /// The quadratic of the rounded feature `f` (two or three fixed axes).
    #[inline(always)]
    fn rounded(&self, f: Feature) -> Rounded<R> {
        let Canonical { k, c, v, r } = self;
        let d = each!([0, 1, 2], |j| {
            R::pick(
                at(&f.fixed, j),
                || at(c, j) - at(k, j).negate_if(at(&f.low, j)),
                R::zero,
            )
        });
        let v = each!([0, 1, 2], |j| R::select(
            at(&f.fixed, j),
            at(v, j),
            R::zero()
        ));
        let q2 = dot3(&v, &v);
        let q0 = -dot3(&v, &d);
        let far = dot3(&d, &d) - r.clone() * r.clone();
        // q0² - q2 far, as r² |V|² - |V × D|²: no cancellation but near a
        // graze.
        let x = cross3(&v, &d);
        let q1 = r.clone() * r.clone() * q2.clone() - dot3(&x, &x);
        Rounded {
            d,
            v,
            q2,
            q0,
            far,
            q1,
        }
    }

    /// Whether the path enters the rounded feature `f` (`q0 > 0`, `far >
    /// 0`, `q1 > 0`: approaching, outside, not a tangent graze; degree 4)
    /// with the center at `t = (q0 - √q1) / q2` in `f`'s zone: `x_j(t) - w_j
    /// = (q2 D_j + v_j q0 - v_j √q1) / q2` of the side's sign on each fixed
    /// axis, `|x_a(t)| <= k_a` on the free one (degree 6).
    /// Inlined on 64-bit targets only, for code size elsewhere.
    #[cfg_attr(target_pointer_width = "64", inline(always))]
    fn rounded_contact(&self, f: Feature, s: &mut Signs) -> bool {
        let Canonical { k, c, v, .. } = self;
        let Rounded {
            d, q2, q0, far, q1, ..
        } = self.rounded(f);
        if !(s.positive(&q0) && s.positive(&far) && s.positive(&q1)) {
            return false;
        }
        // A loop, not a closure (`exact::bound`, "Writing procedures").
        for j in 0..3 {
            let vj = at(v, j);
            let lead = vj.clone() * q0.clone();
            let inside = if at(&f.fixed, j) {
                let a = q2.clone() * at(&d, j) + lead;
                let o = surd_sign(&a, &vj, &q1, s);
                if at(&f.low, j) {
                    o != Ordering::Greater
                } else {
                    o != Ordering::Less
                }
            } else {
                let hi = q2.clone() * (at(c, j) - at(k, j)) + lead.clone();
                let lo = q2.clone() * (at(c, j) + at(k, j)) + lead;
                surd_sign(&hi, &vj, &q1, s) != Ordering::Greater
                    && surd_sign(&lo, &vj, &q1, s) != Ordering::Less
            };
            if !inside {
                return false;
            }
        }
        true
    }

    /// Touching or overlapping at time 0 (`dist = |g|² - r² <= 0`):
    /// overlapping if `dist < 0`, or for `r = 0` with the center inside
    /// every slab strictly; otherwise a hit iff the motion goes in: `v · g
    /// < 0` (degree 2) for `r > 0`, and for a point on the boundary, `v_j <
    /// 0` on every axis where it is on the face (`Δ_j = 0`), the box having
    /// an interior (`k > 0`).
    #[inline(always)]
    fn at_start(&self, g: &[R; 3], delta: &[R; 3], dist: &R, s: &mut Signs) -> Found {
        let Canonical { k, v, .. } = self;
        let sign = each!([0, 1, 2], |j| s.sign(&at(delta, j)));
        let inside = sign.map(|o| o != Ordering::Greater);
        let strict = sign.map(|o| o == Ordering::Less);
        if s.negative(dist) || strict.iter().all(|&b| b) {
            return Found::Overlap { inside };
        }
        if !inside.iter().all(|&b| b) {
            // r > 0: g / r is the unit normal.
            let vg = dot3(v, g);
            return if s.negative(&vg) {
                Found::Start(Start::Gap(inside))
            } else {
                Found::Miss
            };
        }
        // r = 0 (g = 0), on the boundary.
        let open = (0..3).all(|j| s.positive(&at(k, j)));
        let enters = (0..3).all(|j| at(&strict, j) || s.negative(&at(v, j)));
        if !(open && enters) {
            return Found::Miss;
        }
        match strict {
            [false, true, true] => Found::Start(Start::Face(0)),
            [true, false, true] => Found::Start(Start::Face(1)),
            [true, true, false] => Found::Start(Start::Face(2)),
            _ => Found::Start(Start::Edge),
        }
    }

    /// Whether the contact `found` happens at a time at most `t` (`t >=
    /// 0`): on a face, `d_i <= t s_i` (degree 2 with `t`); on a rounded
    /// feature, `q0 - t q2 <= 0` or `(q0 - t q2)² <= q1` (degree 6).
    #[inline(always)]
    pub fn within(&self, found: Found, t: &R, s: &mut Signs) -> bool {
        let Canonical { k, c, v, r } = self;
        let face = |i: usize, s: &mut Signs| {
            let d = at(c, i) - at(k, i) - r.clone();
            s.sign(&(t.clone() * -at(v, i) - d)) != Ordering::Less
        };
        match found {
            Found::Through(i) => face(i, s),
            Found::Contact(f) => match f.fixed {
                [true, false, false] => face(0, s),
                [false, true, false] => face(1, s),
                [false, false, true] => face(2, s),
                _ => {
                    let q = self.rounded(f);
                    let a = q.q0 - t.clone() * q.q2;
                    let early = s.sign(&a) != Ordering::Greater;
                    early || s.sign(&(a.clone() * a - q.q1)) != Ordering::Greater
                }
            },
            _ => true,
        }
    }

    /// The box's point nearest the center at time 0 (overlapping, or a hit
    /// at 0), unreflected: per axis `c_j` within the slab, else the face.
    #[inline(always)]
    pub fn nearest(&self, inside: [bool; 3], neg: [bool; 3]) -> [R; 3] {
        each!([0, 1, 2], |j| {
            let q = R::select(at(&inside, j), at(&self.c, j), at(&self.k, j));
            q.negate_if(at(&neg, j))
        })
    }

    /// The hit of `found` in local terms, unreflected by `neg` (module doc
    /// of the query, "Construction").
    #[inline(always)]
    pub fn hit(&self, found: Found, neg: [bool; 3]) -> LocalHit<R> {
        let Canonical { k, c, v, r } = self;
        let zero = || R::zero();
        let value = |a: R| Part::from(Surd::value(a));
        // The center's local position at time t: c + t v.
        let moving = |j: usize| (at(c, j), at(v, j));
        let local = match found {
            Found::Start(how) => {
                let inside = match how {
                    Start::Gap(inside) => inside,
                    _ => [true; 3],
                };
                let q = each!([0, 1, 2], |j| R::select(at(&inside, j), at(c, j), at(k, j)));
                let normal = match how {
                    Start::Gap(_) => Normal::Along(
                        each!([0, 1, 2], |j| (at(c, j) - at(&q, j), zero())),
                        r.clone(),
                    ),
                    Start::Face(i) => Normal::Along(
                        each!([0, 1, 2], |j| (R::select(j == i, R::one(), zero()), zero())),
                        R::one(),
                    ),
                    Start::Edge => Normal::Away,
                };
                LocalHit {
                    time: value(zero()),
                    radicand: zero(),
                    point: each!([0, 1, 2], |j| (at(&q, j), zero())),
                    normal,
                }
            }
            Found::Through(i) => {
                let d = at(c, i) - at(k, i) - r.clone();
                LocalHit {
                    time: Surd::ratio(d, -at(v, i)).into(),
                    radicand: zero(),
                    point: each!([0, 1, 2], |j| moving(j)),
                    normal: Normal::Away,
                }
            }
            Found::Contact(f) if f.fixed.iter().filter(|&&b| b).count() == 1 => {
                let i = (0..3).find(|&j| at(&f.fixed, j)).unwrap_or(0);
                let d = at(c, i) - at(k, i) - r.clone();
                LocalHit {
                    time: Surd::ratio(d, -at(v, i)).into(),
                    radicand: zero(),
                    point: each!([0, 1, 2], |j| {
                        if j == i {
                            (at(k, j), zero())
                        } else {
                            moving(j)
                        }
                    }),
                    normal: Normal::Along(
                        each!([0, 1, 2], |j| (R::select(j == i, R::one(), zero()), zero())),
                        R::one(),
                    ),
                }
            }
            Found::Contact(f) => {
                let q = self.rounded(f);
                let point = each!([0, 1, 2], |j| {
                    if at(&f.fixed, j) {
                        (at(k, j).negate_if(at(&f.low, j)), zero())
                    } else {
                        moving(j)
                    }
                });
                let normal = each!([0, 1, 2], |j| (at(&q.d, j), at(&q.v, j)));
                LocalHit {
                    time: Surd::over_root(q.far, q.q0).into(),
                    radicand: q.q1,
                    point,
                    normal: Normal::Along(normal, r.clone()),
                }
            }
            _ => LocalHit {
                time: value(zero()),
                radicand: zero(),
                point: each!([0, 1, 2], |_| (zero(), zero())),
                normal: Normal::Away,
            },
        };
        local.unreflect(neg)
    }
}

impl<R: Ring> LocalHit<R> {
    /// The hit with the canonical reflection undone.
    #[inline(always)]
    fn unreflect(self, neg: [bool; 3]) -> LocalHit<R> {
        let flip = |(a, b): (R, R), n: bool| (a.negate_if(n), b.negate_if(n));
        let [p0, p1, p2] = self.point;
        let [n0, n1, n2] = neg;
        LocalHit {
            time: self.time,
            radicand: self.radicand,
            point: [flip(p0, n0), flip(p1, n1), flip(p2, n2)],
            normal: match self.normal {
                Normal::Along([a, b, c], m) => {
                    Normal::Along([flip(a, n0), flip(b, n1), flip(c, n2)], m)
                }
                Normal::Away => Normal::Away,
            },
        }
    }
}
