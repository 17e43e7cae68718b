//! The oriented rectangle's frame, its procedures and its constructions.
//!
//! Inputs (16, then the time limit): circle center `p`, box center `o`,
//! axes `a_0`, `a_1`, half extents `e`, radius `r`, circle velocity `w_c`,
//! box velocity `w_b`, and the number 1 as a direction (`one`), so that
//! every local length carries one factor of the axes' unit: the local
//! values are `C_j = (p - o) · a_j`, `V_j = (w_c - w_b) · a_j`, `K_j = e_j ·
//! 1`, `R = r · 1` (degree 2 in the inputs), and a world point is `o +
//! Σ q_j a_j / 1²` for local coordinates `q`.

use super::canonical::{self, Canonical, Decision, Found, Local, Start};
use super::{resolve, static_values};
use crate::Real;
use crate::error::{Error, Quantity};
use crate::exact::{Construction, Dim, Finish, Part, Procedure, Ring, Signs, Surd};
use crate::geom::{Circle, Obb2, Vec2};
use crate::query::sweep::{
    self, Build, Every, Step, before_start, limit, timed, within_limit, zero,
};
use crate::query::{away, inline};
use crate::query::{
    axes_within_tolerance, construct, cross, decide, decide_checked, dot, nonnegative, orthonormal,
};

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

/// The early exit in the frame (degree 2 in the inputs): true if the center
/// certainly leaves on some axis and, where `AXES`, the axes are
/// orthonormal within the tolerance (without `AXES`, for axes checked
/// before: `advance`'s obstacles).
pub(super) struct Leaves<const AXES: bool>;

impl<const AXES: bool> Procedure<16> for Leaves<AXES> {
    type Out = bool;
    const DIMS: [Dim; 16] = DIMS;
    const DEGREE: u32 = 2;
    #[inline(always)]
    fn run<R: Ring>(&self, x: &[R; 16], s: &mut Signs) -> bool {
        let Some((k, c, v, r)) = local(x) else {
            return false;
        };
        let [_, _, _, _, a0x, a0y, a1x, a1y, .., one] = x;
        let axes = !AXES || axes_within_tolerance([a0x, a0y, a1x, a1y], one, s);
        axes & (leaves(&c[0], &k[0], &r, &v[0], s) | leaves(&c[1], &k[1], &r, &v[1], s))
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
        Decision::of(local(x), s)
    }
}

/// Whether the contact of a decision happens by the time limit (input 16).
pub(super) struct Within(pub Decision);

impl Procedure<17> for Within {
    type Out = bool;
    const DIMS: [Dim; 17] = timed(&DIMS);
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

/// The point of the rectangle nearest the center at time 0 (overlapping):
/// per axis `C_j` where the center is within the slab, else the face
/// `±K_j`; in world coordinates, rounded once.
pub(super) struct Nearest(pub Decision);

impl Construction<16, 2> for Nearest {
    const DIMS: [Dim; 16] = DIMS;
    const OUT: [Dim; 2] = [Dim::LENGTH; 2];
    const DEGREE: u32 = 5;
    #[inline(always)]
    fn build<R: Ring, O: Finish<R, 2>>(&self, x: &[R; 16], out: O) -> O::Out {
        let Found::Overlap { inside, .. } = self.0.found else {
            return out.zero();
        };
        let Some((k, c, _, _)) = local(x) else {
            return out.zero();
        };
        let near = inline(
            #[inline(always)]
            |j: usize| {
                let (kj, cj) = (k[j].clone(), c[j].clone());
                R::select(inside[j], cj, kj.negate_if(self.0.neg[j]))
            },
        );
        let [nx, ny] = world(x, [near(0), near(1)], R::one());
        let d = one2(x);
        out.finish(
            &R::zero(),
            &[Surd::ratio(nx, d.clone()).into(), Surd::ratio(ny, d).into()],
        )
    }
}

/// The local nearest point at time 0, per axis `C_j` within the slab, else
/// the face `±K_j` on the side of `neg`.
#[inline(always)]
fn nearest<R: Ring>(neg: [bool; 2], inside: [bool; 2], k: &[R; 2], c: &[R; 2]) -> [R; 2] {
    let near = inline(
        #[inline(always)]
        |j: usize| R::select(inside[j], c[j].clone(), k[j].clone().negate_if(neg[j])),
    );
    [near(0), near(1)]
}

/// A hit's time, point and center (module doc of the query), in world
/// coordinates at that time, and its normal `Σ n_j a_j` for the local unit
/// normal `n`.
pub(super) struct Hit(pub Decision);

impl Construction<16, 7> for Hit {
    const DIMS: [Dim; 16] = DIMS;
    const OUT: [Dim; 7] = {
        let (t, l, n) = (Dim::TIME, Dim::LENGTH, Dim::NONE);
        [t, l, l, l, l, n, n]
    };
    const DEGREE: u32 = 8;
    #[inline(always)]
    fn build<R: Ring, O: Finish<R, 7>>(&self, x: &[R; 16], out: O) -> O::Out {
        let (Some((k, c, v, r)), [px, py, .., cx, cy, wx, wy, one]) = (local(x), x) else {
            return out.zero();
        };
        let [_, _, _, _, a0x, a0y, a1x, a1y, ..] = x;
        let neg = self.0.neg;
        let one2 = one2(x);
        let center = [
            Part::along(px.clone(), cx.clone()),
            Part::along(py.clone(), cy.clone()),
        ];
        // The world vector Σ q_j a_j of local components q.
        let on = inline(
            #[inline(always)]
            |q: [R; 2]| on_axes(x, q),
        );
        // One parts array for every arm, handed over once: a frame holds
        // one, not one an arm.
        let (radicand, parts) = match self.0.found {
            Found::Start(how) => {
                let value = inline(
                    #[inline(always)]
                    |a: R| Part::from(Surd::value(a)),
                );
                let (q, normal, radicand) = match how {
                    // n = g / R, g = C - q: Σ g_j a_j / (r 1²).
                    Start::Gap(inside) => {
                        let q = nearest(neg, inside, &k, &c);
                        let g = [c[0].clone() - q[0].clone(), c[1].clone() - q[1].clone()];
                        let [nx, ny] = on(g);
                        let m = r.clone() * one.clone();
                        let n = [Surd::ratio(nx, m.clone()).into(), Surd::ratio(ny, m).into()];
                        (q, n, R::zero())
                    }
                    // g / |g| in the frame: Σ g_j a_j / (|g| 1) = Σ g_j a_j
                    // √c / (c 1), c = g · g.
                    Start::Deeper(inside) => {
                        let q = nearest(neg, inside, &k, &c);
                        let g = [c[0].clone() - q[0].clone(), c[1].clone() - q[1].clone()];
                        let gg = dot(&g, &g);
                        let [nx, ny] = on(g);
                        let m = gg.clone() * one.clone();
                        let n = inline(
                            #[inline(always)]
                            |b: R| {
                                Part::from(Surd {
                                    a: R::zero(),
                                    b,
                                    d: m.clone(),
                                    e: R::zero(),
                                })
                            },
                        );
                        (q, [n(nx), n(ny)], gg)
                    }
                    // ±a_i / 1 on the side the point is on.
                    Start::Face(i) => {
                        let q = nearest(neg, [true; 2], &k, &c);
                        let (ax, ay) = if i == 0 { (a0x, a0y) } else { (a1x, a1y) };
                        let ni = if i == 0 { neg[0] } else { neg[1] };
                        let n = inline(
                            #[inline(always)]
                            |a: &R| Surd::ratio(a.clone().negate_if(ni), one.clone()).into(),
                        );
                        (q, [n(ax), n(ay)], R::zero())
                    }
                    // -V / |V| in the world: V = w_c - w_b.
                    Start::Corner => {
                        let q = nearest(neg, [true; 2], &k, &c);
                        let vw = [cx.clone() - wx.clone(), cy.clone() - wy.clone()];
                        (q, away(&vw), dot(&vw, &vw))
                    }
                };
                let [qx, qy] = world(x, q, R::one());
                let [n0, n1] = normal;
                (
                    radicand,
                    [
                        value(R::zero()),
                        Surd::ratio(qx, one2.clone()).into(),
                        Surd::ratio(qy, one2).into(),
                        value(px.clone()),
                        value(py.clone()),
                        n0,
                        n1,
                    ],
                )
            }
            Found::Through => {
                // Face 0's crossing time (rational: r = 0), the corner K
                // carried by the box, the normal -V/|V| in the world.
                let d = c[0].clone().negate_if(neg[0]) - k[0].clone() - r;
                let sp = (-v[0].clone()).negate_if(neg[0]);
                let (q, ..) = corner_parts(neg, [false; 2], k, c, v.clone(), R::zero());
                let [px, py] = world(x, q, R::one());
                let vw = [cx.clone() - wx.clone(), cy.clone() - wy.clone()];
                let [n0, n1] = away(&vw);
                let [c0, c1] = center;
                (
                    dot(&vw, &vw),
                    [
                        Surd::ratio(d, sp).into(),
                        Part::Along(px, wx.clone() * one2.clone(), one2.clone()),
                        Part::Along(py, wy.clone() * one2.clone(), one2),
                        c0,
                        c1,
                        n0,
                        n1,
                    ],
                )
            }
            Found::Edge(i) => {
                // t = d / s with d = ±C_i - K_i - R, s = ∓V_i; the local
                // point is (±K_i, C_o + t V_o) on face i.
                let y = i == 1;
                let sel = inline(
                    #[inline(always)]
                    |a: &[R; 2]| {
                        (
                            R::select(y, a[1].clone(), a[0].clone()),
                            R::select(y, a[0].clone(), a[1].clone()),
                        )
                    },
                );
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
                let qx = vo.clone() * R::select(y, a0x.clone(), a1x.clone());
                let qy = vo * R::select(y, a0y.clone(), a1y.clone());
                let [px, py] = world(x, start, R::one());
                // The normal: ±a_i / 1.
                let n = inline(
                    #[inline(always)]
                    |a0: &R, a1: &R| {
                        Surd::ratio(
                            R::select(y, a1.clone(), a0.clone()).negate_if(ni),
                            one.clone(),
                        )
                    },
                );
                let [c0, c1] = center;
                (
                    R::zero(),
                    [
                        Surd::ratio(d, sp).into(),
                        Part::Along(px, qx + wx.clone() * one2.clone(), one2.clone()),
                        Part::Along(py, qy + wy.clone() * one2.clone(), one2),
                        c0,
                        c1,
                        n(a0x, a1x).into(),
                        n(a0y, a1y).into(),
                    ],
                )
            }
            Found::Corner(corner) => {
                // The corner carried by the box: (o 1² + Σ q_j a_j + t w_b
                // 1²) / 1²; the normal (Δ + t V) / R in the frame, Σ_j (Δ_j
                // + t V_j) a_j / (R 1) in the world (R = r 1, local).
                let (q, far, q1, q0) =
                    corner_parts(neg, corner, k, c.clone(), v.clone(), r.clone());
                let delta = [c[0].clone() - q[0].clone(), c[1].clone() - q[1].clone()];
                let ([dx, dy], [vx, vy]) = (on(delta), on(v));
                let m = r * one.clone();
                let [px, py] = world(x, q, R::one());
                let time = Surd::over_root(far, q0);
                let [c0, c1] = center;
                (
                    q1,
                    [
                        time.into(),
                        Part::Along(px, wx.clone() * one2.clone(), one2.clone()),
                        Part::Along(py, wy.clone() * one2.clone(), one2),
                        c0,
                        c1,
                        Part::Along(dx, vx, m.clone()),
                        Part::Along(dy, vy, m),
                    ],
                )
            }
            _ => return out.zero(),
        };
        out.finish(&radicand, &parts)
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

/// The oriented rectangle's faults other than a non-finite input or bad
/// axes: the limit, the radius, the half extents. One branch-free test;
/// the naming is off the hot path.
#[inline(always)]
fn obb_faults<T: Real>(
    circle: &Circle<T>,
    rect: &Obb2<T>,
    max_time: Option<&T>,
) -> Result<(), Error> {
    let [e0, e1] = &rect.half_extents;
    let zero = T::zero();
    let ok =
        (circle.radius >= zero) & (*e0 >= zero) & (*e1 >= zero) & max_time.is_none_or(T::is_finite);
    if ok {
        return Ok(());
    }
    name_obb_fault(circle, rect, max_time)
}

/// The first fault [`obb_faults`] found.
#[cold]
#[inline(never)]
fn name_obb_fault<T: Real>(
    circle: &Circle<T>,
    rect: &Obb2<T>,
    max_time: Option<&T>,
) -> Result<(), Error> {
    use Quantity::{HalfExtents, Radius};
    limit(max_time)?;
    let [e0, e1] = &rect.half_extents;
    nonnegative(
        [&circle.radius, e0, e1],
        &[Radius, HalfExtents, HalfExtents],
    )
}

/// The inputs of the oriented rectangle's procedures.
#[inline(always)]
fn obb_inputs<T: Real>(circle: &Circle<T>, cv: &Vec2<T>, rect: &Obb2<T>, rv: &Vec2<T>) -> [T; 16] {
    let (p, o, r) = (&circle.center, &rect.center, &circle.radius);
    let [a0, a1] = &rect.axes;
    let [e0, e1] = &rect.half_extents;
    [
        p.x.clone(),
        p.y.clone(),
        o.x.clone(),
        o.y.clone(),
        a0.x.clone(),
        a0.y.clone(),
        a1.x.clone(),
        a1.y.clone(),
        e0.clone(),
        e1.clone(),
        r.clone(),
        cv.x.clone(),
        cv.y.clone(),
        rv.x.clone(),
        rv.y.clone(),
        T::one(),
    ]
}

/// The early exit, inline; every other case out of line.
#[inline]
pub(super) fn sweep_obb<T: Real, B: Build<T, Vec2<T>, 7>>(
    circle: &Circle<T>,
    cv: &Vec2<T>,
    rect: &Obb2<T>,
    rv: &Vec2<T>,
    max_time: Option<&T>,
) -> Result<sweep::Sweep<T, B::V>, Error> {
    let x = obb_inputs(circle, cv, rect, rv);
    // The axes are decided inside the early exit.
    if obb_faults(circle, rect, max_time).is_ok() && gone::<T, true>(&x) {
        return Ok(sweep::Sweep::Miss);
    }
    sweep_obb_in_full::<T, B>(circle, cv, rect, rv, max_time)
}

/// Whether the early exit ([`Leaves`]) is certain on `x`. Out of line on
/// 32-bit targets: its filter values sit beside, not under, the frames of
/// the full decision (inlined into its caller, it put
/// `sweep_circle_obb2`'s stack on `f32` 64 bytes past its bound,
/// `ci/stack.py`). Inlined on 64-bit ones: out of line, W1-OBB `f64` took
/// 882.9 to 946.9 instructions a query (`SWEPT_BENCH_N=10000 bash
/// benches/instructions.sh 'w1_obb::scalar::f64$'`, ee4c7ff to f661136).
#[cfg_attr(target_pointer_width = "32", inline(never))]
#[cfg_attr(not(target_pointer_width = "32"), inline(always))]
fn gone<T: Real, const AXES: bool>(x: &[T; 16]) -> bool {
    decide(&Leaves::<AXES>, x, &OBB_NAMES) == Ok(true)
}

/// Every case of [`sweep_obb`] (the parent module's doc).
#[inline(never)]
fn sweep_obb_in_full<T: Real, B: Build<T, Vec2<T>, 7>>(
    circle: &Circle<T>,
    cv: &Vec2<T>,
    rect: &Obb2<T>,
    rv: &Vec2<T>,
    max_time: Option<&T>,
) -> Result<sweep::Sweep<T, B::V>, Error> {
    let [a0, a1] = &rect.axes;
    let mut x = obb_inputs(circle, cv, rect, rv);
    let d = decide_checked(&Sweep, &x, &OBB_NAMES, || {
        obb_faults(circle, rect, max_time)?;
        orthonormal(a0, a1)
    })?;
    if static_values(d.found) {
        zero(&mut x, 11, 4);
    }
    match d.found {
        Found::Overlap { .. } => {
            let witness = B::witness(|| {
                let [wx, wy] = construct(&Nearest(d), &x, &OBB_NAMES, &[Quantity::Witness; 2])?;
                Ok(Vec2::new(wx, wy))
            })?;
            Ok(sweep::Sweep::Overlapping { witness })
        }
        _ => obb_hit::<T, B>(&x, d, max_time),
    }
}

/// A hit (or a miss) of [`sweep_obb`]'s decision `d` on its inputs `x`
/// (the velocities zeroed where the values do not need them): the time
/// limit decided, then the values built.
fn obb_hit<T: Real, B: Build<T, Vec2<T>, 7>>(
    x: &[T; 16],
    d: Decision,
    max_time: Option<&T>,
) -> Result<sweep::Sweep<T, B::V>, Error> {
    match d.found {
        Found::Miss | Found::Overlap { .. } => return Ok(sweep::Sweep::Miss),
        Found::Start(_) if before_start(max_time) => return Ok(sweep::Sweep::Miss),
        Found::Edge(_) | Found::Corner(_) | Found::Through => {
            if let Some(t) = max_time {
                if !within_limit(&Within(d), x, t, &OBB_NAMES)? {
                    return Ok(sweep::Sweep::Miss);
                }
            }
        }
        Found::Start(_) => {}
    }
    B::hit(&Hit(d), x, &OBB_NAMES, max_time).map(sweep::Sweep::Hit)
}

/// One step of [`advance`](crate::advance) against a still oriented
/// rectangle: the circle displaced by `d` over the frame, an overlap
/// resolved ([`Step`]). The rectangle's axes are checked before, once a
/// frame (`advance`'s obstacles), so not again here.
pub(crate) fn step_obb<T: Real>(
    circle: &Circle<T>,
    d: &Vec2<T>,
    rect: &Obb2<T>,
) -> Result<Step<T>, Error> {
    let (still, one) = (Vec2::zero(), T::one());
    let mut x = obb_inputs(circle, d, rect, &still);
    if obb_faults(circle, rect, None).is_ok() && gone::<T, false>(&x) {
        return Ok(Step::Miss);
    }
    let dec = decide_checked(&Sweep, &x, &OBB_NAMES, || obb_faults(circle, rect, None))?;
    let Some(dec) = resolve(dec) else {
        return Ok(Step::Embedded);
    };
    if static_values(dec.found) {
        zero(&mut x, 11, 4);
    }
    Ok(Step::of(obb_hit::<T, Every>(&x, dec, Some(&one))?))
}

/// The names of the oriented rectangle's inputs (the last, the number 1,
/// is never refused).
const OBB_NAMES: [Quantity; 16] = {
    use Quantity::{Axes, BoxCenter, BoxVelocity, Center, HalfExtents, Radius, Velocity};
    [
        Center,
        Center,
        BoxCenter,
        BoxCenter,
        Axes,
        Axes,
        Axes,
        Axes,
        HalfExtents,
        HalfExtents,
        Radius,
        Velocity,
        Velocity,
        BoxVelocity,
        BoxVelocity,
        Axes,
    ]
};
