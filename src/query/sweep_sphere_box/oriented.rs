//! The oriented box's frame, its procedures and its constructions.
//!
//! Inputs (26, then the time limit): sphere center `p`, box center `o`,
//! axes `a_0`, `a_1`, `a_2`, half extents `e`, radius `r`, sphere velocity
//! `w_s`, box velocity `w_b`, and the number 1 as a direction (`one`), so
//! that every local length carries one factor of the axes' unit: `C_j = (p
//! - o) · a_j`, `V_j = (w_s - w_b) · a_j`, `K_j = e_j · 1`, `R = r · 1`
//! (degree 2 in the inputs), and a world point is `o + Σ q_j a_j / 1²` for
//! local coordinates `q`.

use super::aligned::away;
use super::canonical::{Canonical, Decision, Found, Local, LocalHit, Normal, Start};
use crate::Real;
use crate::error::{Error, Quantity};
use crate::exact::{Construction, Dim, Finish, Part, Procedure, Ring, Signs, Surd};
use crate::geom::{Obb3, Sphere, Vec3};
use crate::query::inline;
use crate::query::sweep::{Build, Sweep, before_start, limit, timed, within_limit, zero};
use crate::query::{construct, decide, decide_checked, dot3, nonnegative, orthonormal3};
use core::cmp::Ordering;

/// The ten values of a hit: `time, point, center, normal`, from the local
/// hit, the world point of the box's local point `(q, q')` and the world
/// normal of a local one (both given by the box's frame), the center `p`,
/// the sphere's velocity and the world relative velocity.
#[inline(always)]
fn hit_values<R: Ring, O: Finish<R, 10>>(
    h: LocalHit<R>,
    point: impl Fn(&[(R, R); 3]) -> [Part<R>; 3],
    normal: impl Fn(&[(R, R); 3], &R) -> [Part<R>; 3],
    p: [&R; 3],
    vs: [&R; 3],
    rel: &[R; 3],
    out: O,
) -> O::Out {
    let [q0, q1, q2] = point(&h.point);
    let (radicand, [n0, n1, n2]) = match &h.normal {
        Normal::Along(n, m) => (h.radicand, normal(n, m)),
        Normal::Away => (dot3(rel, rel), away(rel)),
    };
    let c = inline(
        #[inline(always)]
        |j: usize| {
            let (pj, vj) = match j {
                0 => (p[0], vs[0]),
                1 => (p[1], vs[1]),
                _ => (p[2], vs[2]),
            };
            Part::along(pj.clone(), vj.clone())
        },
    );
    out.finish(
        &radicand,
        &[h.time, q0, q1, q2, c(0), c(1), c(2), n0, n1, n2],
    )
}

/// What each input measures.
const DIMS: [Dim; 26] = {
    let (l, v, a) = (Dim::LENGTH, Dim::VELOCITY, Dim::DIRECTION);
    [
        l, l, l, l, l, l, a, a, a, a, a, a, a, a, a, l, l, l, l, v, v, v, v, v, v, a,
    ]
};

/// The inputs as named parts.
struct Parts<'a, R> {
    p: [&'a R; 3],
    o: [&'a R; 3],
    a: [[&'a R; 3]; 3],
    e: [&'a R; 3],
    r: &'a R,
    ws: [&'a R; 3],
    wb: [&'a R; 3],
    one: &'a R,
}

#[inline(always)]
fn parts<R>(x: &[R]) -> Option<Parts<'_, R>> {
    let [
        px,
        py,
        pz,
        ox,
        oy,
        oz,
        a0x,
        a0y,
        a0z,
        a1x,
        a1y,
        a1z,
        a2x,
        a2y,
        a2z,
        e0,
        e1,
        e2,
        r,
        sx,
        sy,
        sz,
        bx,
        by,
        bz,
        one,
        ..,
    ] = x
    else {
        return None;
    };
    Some(Parts {
        p: [px, py, pz],
        o: [ox, oy, oz],
        a: [[a0x, a0y, a0z], [a1x, a1y, a1z], [a2x, a2y, a2z]],
        e: [e0, e1, e2],
        r,
        ws: [sx, sy, sz],
        wb: [bx, by, bz],
        one,
    })
}

/// `[a, b, c]` cloned.
#[inline(always)]
fn owned<R: Clone>([a, b, c]: [&R; 3]) -> [R; 3] {
    [a.clone(), b.clone(), c.clone()]
}

/// The local values `(K, C, V, R)` (module doc).
#[inline(always)]
fn local<R: Ring>(x: &[R]) -> Option<Local<R>> {
    let q = parts(x)?;
    // Written out, no `array::map`: kept inline, the filters' error bounds
    // fold to constants.
    let [px, py, pz] = q.p;
    let [ox, oy, oz] = q.o;
    let [sx, sy, sz] = q.ws;
    let [bx, by, bz] = q.wb;
    let d = [
        px.clone() - ox.clone(),
        py.clone() - oy.clone(),
        pz.clone() - oz.clone(),
    ];
    let u = [
        sx.clone() - bx.clone(),
        sy.clone() - by.clone(),
        sz.clone() - bz.clone(),
    ];
    let [a0, a1, a2] = q.a;
    let (a0, a1, a2) = (owned(a0), owned(a1), owned(a2));
    let [e0, e1, e2] = q.e;
    let one = q.one;
    Some((
        [
            e0.clone() * one.clone(),
            e1.clone() * one.clone(),
            e2.clone() * one.clone(),
        ],
        [dot3(&d, &a0), dot3(&d, &a1), dot3(&d, &a2)],
        [dot3(&u, &a0), dot3(&u, &a1), dot3(&u, &a2)],
        q.r.clone() * one.clone(),
    ))
}

/// `(a[j], b[j])` without indexing.
#[inline(always)]
fn pick3<'a, R>(a: [&'a R; 3], b: [&'a R; 3], j: usize) -> (&'a R, &'a R) {
    let ([a0, a1, a2], [b0, b1, b2]) = (a, b);
    match j {
        0 => (a0, b0),
        1 => (a1, b1),
        _ => (a2, b2),
    }
}

/// The early exit in the frame on one axis: beyond a dilated face (`±C_j
/// - K_j - R > 0`) and not moving toward it, certainly.
#[inline(always)]
fn leaves<R: Ring>(cj: &R, kj: &R, r: &R, vj: &R, s: &Signs) -> bool {
    let kr = kj.clone() + r.clone();
    let (sv, sure) = vj.sign();
    let up = s.surely_positive(&(cj.clone() - kr.clone())) & sure & (sv != Ordering::Less);
    let down = s.surely_positive(&(-cj.clone() - kr)) & sure & (sv != Ordering::Greater);
    up | down
}

/// The early exit in the frame (degree 2 in the inputs).
struct Leaves;

impl Procedure<26> for Leaves {
    type Out = bool;
    const DIMS: [Dim; 26] = DIMS;
    const DEGREE: u32 = 2;
    #[inline(always)]
    fn run<R: Ring>(&self, x: &[R; 26], s: &mut Signs) -> bool {
        let Some(([k0, k1, k2], [c0, c1, c2], [v0, v1, v2], r)) = local(x) else {
            return false;
        };
        leaves(&c0, &k0, &r, &v0, s) | leaves(&c1, &k1, &r, &v1, s) | leaves(&c2, &k2, &r, &v2, s)
    }
}

/// The decisions (degree 12 in the inputs: 6 in the local values).
struct Decide;

impl Procedure<26> for Decide {
    type Out = Decision;
    const DIMS: [Dim; 26] = DIMS;
    const DEGREE: u32 = 12;
    #[inline(always)]
    fn run<R: Ring>(&self, x: &[R; 26], s: &mut Signs) -> Decision {
        match local(x) {
            Some((k, c, v, r)) => Canonical::decide(k, c, v, r, s),
            None => Decision {
                neg: [false; 3],
                found: Found::Miss,
            },
        }
    }
}

/// Whether the contact of a decision happens by the time limit (input 26).
struct Within(Decision);

impl Procedure<27> for Within {
    type Out = bool;
    const DIMS: [Dim; 27] = timed(&DIMS);
    const DEGREE: u32 = 13;
    #[inline(always)]
    fn run<R: Ring>(&self, x: &[R; 27], s: &mut Signs) -> bool {
        let (Some((k, c, v, r)), [.., t]) = (local(x), x) else {
            return false;
        };
        Canonical::new(k, c, v, r, self.0.neg).within(self.0.found, t, s)
    }
}

/// `Σ q_j a_j` for local components `q`, per world axis.
#[inline(always)]
fn on_axes<R: Ring>(a: &[[&R; 3]; 3], q: [&R; 3]) -> [R; 3] {
    let [a0, a1, a2] = a;
    let [q0, q1, q2] = q;
    [0, 1, 2].map(|i| {
        let (x0, x1) = pick3(*a0, *a1, i);
        let (x2, _) = pick3(*a2, *a2, i);
        q0.clone() * x0.clone() + q1.clone() * x1.clone() + q2.clone() * x2.clone()
    })
}

/// The oriented box's point nearest the center at time 0 (overlapping),
/// in world coordinates, rounded once.
struct Nearest(Decision);

impl Construction<26, 3> for Nearest {
    const DIMS: [Dim; 26] = DIMS;
    const OUT: [Dim; 3] = [Dim::LENGTH; 3];
    const DEGREE: u32 = 5;
    #[inline(always)]
    fn build<R: Ring, O: Finish<R, 3>>(&self, x: &[R; 26], out: O) -> O::Out {
        let (Found::Overlap { inside }, Some((k, c, v, r)), Some(q)) =
            (self.0.found, local(x), parts(x))
        else {
            return out.zero();
        };
        let near = Canonical::new(k, c, v, r, self.0.neg).nearest(inside, self.0.neg);
        let [n0, n1, n2] = &near;
        let s = on_axes(&q.a, [n0, n1, n2]);
        let one2 = q.one.clone() * q.one.clone();
        let w = inline(
            #[inline(always)]
            |j: usize| {
                let (o, _) = pick3(q.o, q.o, j);
                let (sj, _) = pick3([&s[0], &s[1], &s[2]], [&s[0], &s[1], &s[2]], j);
                Surd::ratio(o.clone() * one2.clone() + sj.clone(), one2.clone()).into()
            },
        );
        out.finish(&R::zero(), &[w(0), w(1), w(2)])
    }
}

/// A hit's values (module doc of the query): a local point `q + t q'` is
/// `(o 1² + Σ q_j a_j + t (Σ q'_j a_j + w_b 1²)) / 1²` in the world, a local
/// normal `(n + t n') / m` is `(Σ n_j a_j + t Σ n'_j a_j) / (m 1)`.
struct HitValues(Decision);

impl Construction<26, 10> for HitValues {
    const DIMS: [Dim; 26] = DIMS;
    const OUT: [Dim; 10] = {
        let (t, l, n) = (Dim::TIME, Dim::LENGTH, Dim::NONE);
        [t, l, l, l, l, l, l, n, n, n]
    };
    const DEGREE: u32 = 8;
    #[inline(always)]
    fn build<R: Ring, O: Finish<R, 10>>(&self, x: &[R; 26], out: O) -> O::Out {
        let (Some((k, c, v, r)), Some(q)) = (local(x), parts(x)) else {
            return out.zero();
        };
        let h = Canonical::new(k, c, v, r, self.0.neg).hit(self.0.found, self.0.neg);
        let one2 = q.one.clone() * q.one.clone();
        let point = inline(
            #[inline(always)]
            |l: &[(R, R); 3]| {
                let [(a0, b0), (a1, b1), (a2, b2)] = l;
                let at = on_axes(&q.a, [a0, a1, a2]);
                let by = on_axes(&q.a, [b0, b1, b2]);
                let w = inline(
                    #[inline(always)]
                    |j: usize| {
                        let (o, wb) = pick3(q.o, q.wb, j);
                        let (aj, bj) = pick3([&at[0], &at[1], &at[2]], [&by[0], &by[1], &by[2]], j);
                        Part::Along(
                            o.clone() * one2.clone() + aj.clone(),
                            bj.clone() + wb.clone() * one2.clone(),
                            one2.clone(),
                        )
                    },
                );
                [w(0), w(1), w(2)]
            },
        );
        let normal = inline(
            #[inline(always)]
            |n: &[(R, R); 3], m: &R| {
                let [(a0, b0), (a1, b1), (a2, b2)] = n;
                let at = on_axes(&q.a, [a0, a1, a2]);
                let by = on_axes(&q.a, [b0, b1, b2]);
                let mm = m.clone() * q.one.clone();
                let [x0, x1, x2] = at;
                let [y0, y1, y2] = by;
                [
                    Part::Along(x0, y0, mm.clone()),
                    Part::Along(x1, y1, mm.clone()),
                    Part::Along(x2, y2, mm),
                ]
            },
        );
        let rel = [0, 1, 2].map(|j| {
            let (s, b) = pick3(q.ws, q.wb, j);
            s.clone() - b.clone()
        });
        hit_values(h, point, normal, q.p, q.ws, &rel, out)
    }
}

/// The oriented box's faults other than a non-finite input or bad axes:
/// the limit, the radius, the half extents.
#[inline(always)]
fn faults<T: Real>(s: &Sphere<T>, b: &Obb3<T>, max_time: Option<&T>) -> Result<(), Error> {
    let [e0, e1, e2] = &b.half_extents;
    let zero = T::zero();
    let ok = (s.radius >= zero)
        & (*e0 >= zero)
        & (*e1 >= zero)
        & (*e2 >= zero)
        & max_time.is_none_or(T::is_finite);
    if ok {
        return Ok(());
    }
    name_fault(s, b, max_time)
}

/// The first fault [`faults`] found.
#[cold]
#[inline(never)]
fn name_fault<T: Real>(s: &Sphere<T>, b: &Obb3<T>, max_time: Option<&T>) -> Result<(), Error> {
    use Quantity::{HalfExtents, Radius};
    limit(max_time)?;
    let [e0, e1, e2] = &b.half_extents;
    nonnegative(
        [&s.radius, e0, e1, e2],
        &[Radius, HalfExtents, HalfExtents, HalfExtents],
    )
}

/// The inputs of the oriented box's procedures.
#[inline(always)]
fn inputs<T: Real>(s: &Sphere<T>, sv: &Vec3<T>, b: &Obb3<T>, bv: &Vec3<T>) -> [T; 26] {
    let (p, o) = (&s.center, &b.center);
    let [a0, a1, a2] = &b.axes;
    let [e0, e1, e2] = &b.half_extents;
    [
        p.x.clone(),
        p.y.clone(),
        p.z.clone(),
        o.x.clone(),
        o.y.clone(),
        o.z.clone(),
        a0.x.clone(),
        a0.y.clone(),
        a0.z.clone(),
        a1.x.clone(),
        a1.y.clone(),
        a1.z.clone(),
        a2.x.clone(),
        a2.y.clone(),
        a2.z.clone(),
        e0.clone(),
        e1.clone(),
        e2.clone(),
        s.radius.clone(),
        sv.x.clone(),
        sv.y.clone(),
        sv.z.clone(),
        bv.x.clone(),
        bv.y.clone(),
        bv.z.clone(),
        T::one(),
    ]
}

/// The oriented sweep: the axes checked, the early exit, then every case.
pub(super) fn sweep<T: Real, B: Build<T, Vec3<T>, 10>>(
    s: &Sphere<T>,
    sv: &Vec3<T>,
    b: &Obb3<T>,
    bv: &Vec3<T>,
    max_time: Option<&T>,
) -> Result<Sweep<T, B::V>, Error> {
    let mut x = inputs(s, sv, b, bv);
    if faults(s, b, max_time).is_ok()
        && orthonormal3(&b.axes).is_ok()
        && decide(&Leaves, &x, &NAMES) == Ok(true)
    {
        return Ok(Sweep::Miss);
    }
    let d = decide_checked(&Decide, &x, &NAMES, || {
        faults(s, b, max_time)?;
        orthonormal3(&b.axes)
    })?;
    match d.found {
        Found::Miss => return Ok(Sweep::Miss),
        Found::Overlap { .. } => {
            let witness = B::witness(|| {
                zero(&mut x, 19, 6);
                let [wx, wy, wz] = construct(&Nearest(d), &x, &NAMES, &[Quantity::Witness; 3])?;
                Ok(Vec3::new(wx, wy, wz))
            })?;
            return Ok(Sweep::Overlapping { witness });
        }
        Found::Start(_) if before_start(max_time) => return Ok(Sweep::Miss),
        Found::Start(how) => {
            if how != Start::Edge {
                zero(&mut x, 19, 6);
            }
        }
        Found::Contact(_) | Found::Through(_) => {
            if let Some(t) = max_time {
                if !within_limit(&Within(d), &x, t, &NAMES)? {
                    return Ok(Sweep::Miss);
                }
            }
        }
    }
    B::hit(&HitValues(d), &x, &NAMES, max_time).map(Sweep::Hit)
}

/// The names of the oriented box's inputs (the last, the number 1, is never
/// refused).
const NAMES: [Quantity; 26] = {
    use Quantity::{Axes, BoxCenter, BoxVelocity, Center, HalfExtents, Radius, Velocity};
    [
        Center,
        Center,
        Center,
        BoxCenter,
        BoxCenter,
        BoxCenter,
        Axes,
        Axes,
        Axes,
        Axes,
        Axes,
        Axes,
        Axes,
        Axes,
        Axes,
        HalfExtents,
        HalfExtents,
        HalfExtents,
        Radius,
        Velocity,
        Velocity,
        Velocity,
        BoxVelocity,
        BoxVelocity,
        BoxVelocity,
        Axes,
    ]
};
