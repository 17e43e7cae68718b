//! Moving circle vs moving rectangle on the exact backend: properties that
//! hold whatever the kernel's internals (quickcheck).
//!
//! * Translating every position by `d`: the same kind and time (exactly),
//!   the point, center or witness translated by `d` (exactly), the same
//!   normal.
//! * Mirroring `x`, or swapping the axes: the same kind, the same time, the
//!   point, center and normal mirrored or swapped.
//! * The same extra velocity `u` for both bodies: the same kind and time
//!   (exactly); the point and center move by `u t` (exactly).
//! * Both velocities times `k > 0`: the time divided by `k`, the point,
//!   center and normal unchanged.
//! * At a hit: the point is in the rectangle at time `t`, on its boundary
//!   when `r > 0`, at distance `r` from the center at time `t` (exactly when
//!   the point is not a corner, where the time is rational; within 2^-200
//!   relative otherwise); the center is `p + t v`, the normal unit, `(center
//!   - point) / r` for `r > 0`, and the relative velocity goes against it;
//!   at earlier sampled times the distance exceeds `r`. An overlap's witness
//!   is in the rectangle and strictly inside the circle; with no hit the
//!   distance is never below `r` at sampled times.
//! * Touching at 0: a hit at time 0 iff the relative velocity goes in
//!   (against the gap from the nearest point), a miss otherwise.
//! * `_within`: agrees with the unlimited query on whether the time is at
//!   most the limit.
//!
//! Times built with a square root are within 2^-256 relative in the exact
//! backend: where a property compares two of them it allows 2^-200.

use quickcheck::{Arbitrary, QuickCheck, TestResult};
use quickcheck_macros::quickcheck;
use rug::Rational;
use swept::Error;
use swept::geom::{Aabb2, Circle, Obb2, Vec2};
use swept::query::Sweep;
use swept::query::sweep_circle_rect::{
    sweep_circle_aabb2, sweep_circle_aabb2_within, sweep_circle_obb2, sweep_circle_obb2_within,
};
use swept_support::Exact;
use swept_support::generate::{Gen, TRIPLES};
use swept_support::sweep_check::{self, eps, near, same_time};

type Q = Rational;

fn q(n: i64, d: i64) -> Exact {
    Exact::ratio(n, d)
}

fn v(x: Exact, y: Exact) -> Vec2<Exact> {
    Vec2::new(x, y)
}

fn zero() -> Exact {
    q(0, 1)
}

fn abs(x: &Exact) -> Q {
    Q::from(x.0.abs_ref())
}

// ---------------------------------------------------------------------------
// Inputs

#[derive(Clone, Debug)]
enum Rect {
    Aabb(Aabb2<Exact>),
    Obb(Obb2<Exact>),
}

#[derive(Clone, Debug)]
struct Input {
    circle: Circle<Exact>,
    cv: Vec2<Exact>,
    rect: Rect,
    rv: Vec2<Exact>,
}

fn sign_pm(g: &mut Gen) -> i64 {
    [1, -1][g.below(2) as usize]
}

fn pyth(g: &mut Gen) -> [Exact; 2] {
    let &(a, b, c) = g.pick(&TRIPLES);
    let u = [q(sign_pm(g) * a, c), q(sign_pm(g) * b, c)];
    if g.chance(0.5) {
        u
    } else {
        [u[1].clone(), u[0].clone()]
    }
}

fn velocity(g: &mut Gen) -> [Exact; 2] {
    match g.below(10) {
        0 => [zero(), zero()],
        1 => [g.value(5), zero()],
        2 => [zero(), g.value(5)],
        _ => [g.value(5), g.value(5)],
    }
}

impl Input {
    /// Built in the rectangle's frame so that touching, grazing and exact
    /// hits at corners and edge ends are common, then placed in the world.
    fn draw(g: &mut Gen) -> Input {
        let ext = |g: &mut Gen| if g.chance(0.1) { zero() } else { g.nonneg(4) };
        let k = [ext(g), ext(g)];
        let r = if g.chance(0.1) { zero() } else { g.nonneg(3) };
        let (s0, s1) = (q(sign_pm(g), 1), q(sign_pm(g), 1));
        // A point on the rounded boundary (or a corner, or anywhere).
        let x = match g.below(5) {
            0 => {
                let u = pyth(g);
                let u = [abs(&u[0]), abs(&u[1])];
                [
                    s0.clone() * (k[0].clone() + r.clone() * Exact(u[0].clone())),
                    s1.clone() * (k[1].clone() + r.clone() * Exact(u[1].clone())),
                ]
            }
            1 => [
                s0.clone() * (k[0].clone() + r.clone()),
                g.grid(1) * k[1].clone(),
            ],
            2 => [
                g.third(1) * k[0].clone(),
                s1.clone() * (k[1].clone() + r.clone()),
            ],
            3 => [s0 * k[0].clone(), s1 * k[1].clone()],
            _ => [g.value(8), g.value(8)],
        };
        let w = if g.chance(0.2) {
            // Tangent to the circle at a corner (or an edge graze).
            let u = pyth(g);
            let s = g.value(4);
            [-u[1].clone() * s.clone(), u[0].clone() * s]
        } else {
            velocity(g)
        };
        let t0 = if g.chance(0.2) { zero() } else { g.nonneg(3) };
        let c = [
            x[0].clone() - t0.clone() * w[0].clone(),
            x[1].clone() - t0 * w[1].clone(),
        ];
        let o = v(g.value(8), g.value(8));
        let rv = if g.chance(0.3) {
            v(zero(), zero())
        } else {
            v(g.value(3), g.value(3))
        };
        if g.chance(0.5) {
            let p = v(o.x.clone() + c[0].clone(), o.y.clone() + c[1].clone());
            let cv = v(w[0].clone() + rv.x.clone(), w[1].clone() + rv.y.clone());
            let rect = Aabb2::new(
                v(o.x.clone() - k[0].clone(), o.y.clone() - k[1].clone()),
                v(o.x.clone() + k[0].clone(), o.y.clone() + k[1].clone()),
            );
            Input {
                circle: Circle::new(p, r),
                cv,
                rect: Rect::Aabb(rect),
                rv,
            }
        } else {
            let u = pyth(g);
            let a0 = v(u[0].clone(), u[1].clone());
            let a1 = v(-u[1].clone(), u[0].clone());
            let a1 = if g.chance(0.2) { -a1 } else { a1 };
            let p = o.clone() + a0.clone() * c[0].clone() + a1.clone() * c[1].clone();
            let cv = a0.clone() * w[0].clone() + a1.clone() * w[1].clone() + rv.clone();
            let rect = Obb2::new(o, [a0, a1], k);
            Input {
                circle: Circle::new(p, r),
                cv,
                rect: Rect::Obb(rect),
                rv,
            }
        }
    }

    fn sweep(&self) -> Result<Sweep<Exact>, Error> {
        match &self.rect {
            Rect::Aabb(b) => sweep_circle_aabb2(&self.circle, &self.cv, b, &self.rv),
            Rect::Obb(b) => sweep_circle_obb2(&self.circle, &self.cv, b, &self.rv),
        }
    }

    fn sweep_within(&self, t: &Exact) -> Result<Sweep<Exact>, Error> {
        match &self.rect {
            Rect::Aabb(b) => sweep_circle_aabb2_within(&self.circle, &self.cv, b, &self.rv, t),
            Rect::Obb(b) => sweep_circle_obb2_within(&self.circle, &self.cv, b, &self.rv, t),
        }
    }

    /// Applies a map to every position (`pos`) and every velocity and axis
    /// (`lin`, linear); an aligned box keeps its corners sorted.
    fn map(
        &self,
        pos: impl Fn(&Vec2<Exact>) -> Vec2<Exact>,
        lin: impl Fn(&Vec2<Exact>) -> Vec2<Exact>,
    ) -> Input {
        let rect = match &self.rect {
            Rect::Aabb(b) => {
                let (p, r) = (pos(&b.min), pos(&b.max));
                let lo = |a: &Exact, b: &Exact| if a < b { a.clone() } else { b.clone() };
                let hi = |a: &Exact, b: &Exact| if a < b { b.clone() } else { a.clone() };
                Rect::Aabb(Aabb2::new(
                    v(lo(&p.x, &r.x), lo(&p.y, &r.y)),
                    v(hi(&p.x, &r.x), hi(&p.y, &r.y)),
                ))
            }
            Rect::Obb(b) => Rect::Obb(Obb2::new(
                pos(&b.center),
                [lin(&b.axes[0]), lin(&b.axes[1])],
                b.half_extents.clone(),
            )),
        };
        Input {
            circle: Circle::new(pos(&self.circle.center), self.circle.radius.clone()),
            cv: lin(&self.cv),
            rect,
            rv: lin(&self.rv),
        }
    }
}

impl Arbitrary for Input {
    fn arbitrary(g: &mut quickcheck::Gen) -> Input {
        Input::draw(&mut Gen::new(u64::arbitrary(g)))
    }
}

/// A small positive rational, for scale factors.
#[derive(Clone, Debug)]
struct Factor(Exact);

impl Arbitrary for Factor {
    fn arbitrary(g: &mut quickcheck::Gen) -> Factor {
        let n = 1 + u8::arbitrary(g) as i64 % 12;
        let d = *g.choose(&[1i64, 2, 3, 4, 7, 16]).unwrap();
        Factor(q(n, d))
    }
}

/// A small rational vector.
#[derive(Clone, Debug)]
struct Shift(Vec2<Exact>);

impl Arbitrary for Shift {
    fn arbitrary(g: &mut quickcheck::Gen) -> Shift {
        let mut s = Gen::new(u64::arbitrary(g));
        Shift(v(s.value(20), s.value(20)))
    }
}

// ---------------------------------------------------------------------------
// Comparisons

fn near2(a: &Vec2<Exact>, b: &Vec2<Exact>) -> bool {
    near(&a.x, &b.x) && near(&a.y, &b.y)
}

fn fail(msg: String) -> TestResult {
    TestResult::error(msg)
}

/// [`sweep_check::related`] as a quickcheck result.
fn related(
    a: &Result<Sweep<Exact>, Error>,
    b: &Result<Sweep<Exact>, Error>,
    time_ok: impl Fn(&Exact, &Exact) -> bool,
    point_ok: impl Fn(&Vec2<Exact>, &Exact, &Vec2<Exact>) -> bool,
    witness_ok: impl Fn(&Vec2<Exact>, &Vec2<Exact>) -> bool,
    normal_ok: impl Fn(&Vec2<Exact>, &Vec2<Exact>) -> bool,
) -> TestResult {
    match sweep_check::related(a, b, time_ok, point_ok, witness_ok, normal_ok) {
        Ok(()) => TestResult::passed(),
        Err(e) => fail(e),
    }
}

fn check(n: u64, prop: fn(Input) -> TestResult) {
    QuickCheck::new()
        .tests(n)
        .max_tests(10 * n)
        .quickcheck(prop);
}

fn check2<A: Arbitrary + core::fmt::Debug>(n: u64, prop: fn(Input, A) -> TestResult) {
    QuickCheck::new()
        .tests(n)
        .max_tests(10 * n)
        .quickcheck(prop);
}

// ---------------------------------------------------------------------------
// Symmetries

fn translation(input: Input, d: Shift) -> TestResult {
    let d = d.0;
    let moved = input.map(|p| p.clone() + d.clone(), |w| w.clone());
    related(
        &input.sweep(),
        &moved.sweep(),
        |s, t| s == t,
        |p, _, r| p.clone() + d.clone() == *r,
        |p, r| p.clone() + d.clone() == *r,
        |n, m| n == m,
    )
}

#[test]
fn translation_invariance() {
    check2(4000, translation);
}

fn mirror(p: &Vec2<Exact>) -> Vec2<Exact> {
    v(-p.x.clone(), p.y.clone())
}

fn swap(p: &Vec2<Exact>) -> Vec2<Exact> {
    v(p.y.clone(), p.x.clone())
}

fn mirror_x(input: Input) -> TestResult {
    let m = input.map(mirror, mirror);
    related(
        &input.sweep(),
        &m.sweep(),
        same_time,
        |p, _, r| near2(&mirror(p), r),
        |p, r| mirror(p) == *r,
        |n, m| near2(&mirror(n), m),
    )
}

#[test]
fn mirror_symmetry() {
    check(4000, mirror_x);
}

fn swap_axes(input: Input) -> TestResult {
    let m = input.map(swap, swap);
    related(
        &input.sweep(),
        &m.sweep(),
        same_time,
        |p, _, r| near2(&swap(p), r),
        |p, r| swap(p) == *r,
        |n, m| near2(&swap(n), m),
    )
}

#[test]
fn swap_symmetry() {
    check(4000, swap_axes);
}

/// A rotation by a quarter turn (mirror then swap) about a point: the same
/// again, exercising the reflection with both signs.
#[quickcheck]
fn quarter_turn(input: Input) -> TestResult {
    let turn = |p: &Vec2<Exact>| v(-p.y.clone(), p.x.clone());
    let m = input.map(turn, turn);
    related(
        &input.sweep(),
        &m.sweep(),
        same_time,
        |p, _, r| near2(&turn(p), r),
        |p, r| turn(p) == *r,
        |n, m| near2(&turn(n), m),
    )
}

fn extra_velocity(input: Input, u: Shift) -> TestResult {
    let u = u.0;
    let mut moved = input.clone();
    moved.cv += u.clone();
    moved.rv += u.clone();
    related(
        &input.sweep(),
        &moved.sweep(),
        |s, t| s == t,
        |p, t, r| p.clone() + u.clone() * t.clone() == *r,
        |p, r| p == r,
        |n, m| n == m,
    )
}

#[test]
fn common_velocity_is_relative_motion() {
    check2(4000, extra_velocity);
}

fn scaled_velocity(input: Input, k: Factor) -> TestResult {
    let k = k.0;
    let mut fast = input.clone();
    fast.cv *= k.clone();
    fast.rv *= k.clone();
    related(
        &input.sweep(),
        &fast.sweep(),
        |s, t| same_time(&(t.clone() * k.clone()), s),
        |p, _, r| near2(p, r),
        |p, r| p == r,
        near2,
    )
}

#[test]
fn scaling_velocities_divides_time() {
    check2(4000, scaled_velocity);
}

// ---------------------------------------------------------------------------
// The contact itself

/// The rectangle at time `t` as `(center, axes, half extents)`.
fn frame_at(input: &Input, t: &Exact) -> (Vec2<Exact>, [Vec2<Exact>; 2], [Exact; 2]) {
    let shift = input.rv.clone() * t.clone();
    match &input.rect {
        Rect::Aabb(b) => {
            let h = q(1, 2);
            let c = (b.min.clone() + b.max.clone()) * h.clone();
            let e = (b.max.clone() - b.min.clone()) * h;
            (
                c + shift,
                [v(q(1, 1), zero()), v(zero(), q(1, 1))],
                [e.x, e.y],
            )
        }
        Rect::Obb(b) => (
            b.center.clone() + shift,
            b.axes.clone(),
            b.half_extents.clone(),
        ),
    }
}

/// `p` in the rectangle's frame at time `t`.
fn local(input: &Input, t: &Exact, p: &Vec2<Exact>) -> ([Exact; 2], [Exact; 2]) {
    let (c, [a0, a1], e) = frame_at(input, t);
    let d = p.clone() - c;
    ([d.dot(&a0), d.dot(&a1)], e)
}

/// The squared distance from the circle's center to the rectangle at time `t`.
fn dist2_at(input: &Input, t: &Exact) -> Exact {
    let center = input.circle.center.clone() + input.cv.clone() * t.clone();
    let (x, e) = local(input, t, &center);
    let gap = |x: &Exact, e: &Exact| {
        let a = Exact(abs(x));
        if a > *e { a - e.clone() } else { zero() }
    };
    let (g0, g1) = (gap(&x[0], &e[0]), gap(&x[1], &e[1]));
    g0.clone() * g0 + g1.clone() * g1
}

fn r2(input: &Input) -> Exact {
    input.circle.radius.clone() * input.circle.radius.clone()
}

fn contact_geometry(input: Input) -> TestResult {
    let r = input.circle.radius.clone();
    match input.sweep() {
        Err(e) => fail(format!("{e:?}")),
        Ok(Sweep::Overlapping { witness }) if r.signum() == 0 => {
            // A point strictly inside: its own witness.
            let (x, e) = local(&input, &zero(), &witness);
            let strictly = abs(&x[0]) < e[0].0 && abs(&x[1]) < e[1].0;
            if witness == input.circle.center && strictly {
                TestResult::passed()
            } else {
                fail(format!("point overlap: witness {x:?} in {e:?}"))
            }
        }
        Ok(Sweep::Overlapping { witness }) => {
            let (x, e) = local(&input, &zero(), &witness);
            let inside = abs(&x[0]) <= e[0].0 && abs(&x[1]) <= e[1].0;
            let d = witness - input.circle.center.clone();
            if !inside
                || d.length_squared() >= r2(&input)
                || dist2_at(&input, &zero()) >= r2(&input)
            {
                fail(format!("witness {x:?} in {e:?}: {inside}; {d:?}"))
            } else {
                TestResult::passed()
            }
        }
        Ok(Sweep::Miss) => {
            for s in [0, 1, 2, 4, 16, 1000] {
                if dist2_at(&input, &q(s, 2)) < r2(&input) {
                    return fail(format!("no hit, but within r at t = {s}/2"));
                }
            }
            TestResult::passed()
        }
        Ok(Sweep::Hit(hit)) => {
            let (time, point) = (hit.time.clone(), hit.point.clone());
            if time.signum() < 0 {
                return fail(format!("negative time {time:?}"));
            }
            let (x, e) = local(&input, &time, &point);
            let (a0, a1) = (Exact(abs(&x[0])), Exact(abs(&x[1])));
            if a0 > e[0] || a1 > e[1] {
                return fail(format!("point {x:?} outside {e:?}"));
            }
            if r.signum() > 0 && a0 != e[0] && a1 != e[1] {
                return fail(format!("point {x:?} inside {e:?}"));
            }
            let corner = a0 == e[0] && a1 == e[1];
            let center = input.circle.center.clone() + input.cv.clone() * time.clone();
            if !near2(&center, &hit.center) {
                return fail(format!("center {:?}, p + t v = {center:?}", hit.center));
            }
            let n = hit.normal.clone();
            let unit = near(&n.length_squared(), &q(1, 1));
            let outward = r.signum() == 0
                || near2(&(n.clone() * r.clone()), &(center.clone() - point.clone()));
            let moving_in = (input.cv.clone() - input.rv.clone()).dot(&n).signum() < 0;
            if !(unit && outward && moving_in) {
                return fail(format!(
                    "normal {n:?}: unit {unit}, (center - point) / r {outward}, moving in {moving_in}"
                ));
            }
            let d2 = (center - point).length_squared();
            let rr = r2(&input);
            if d2 != rr {
                // Only a corner's time may be irrational (then approximate).
                let rel_v = (input.cv.clone() - input.rv.clone()).map(|c| Exact(abs(&c)));
                let scale = rr.0.clone()
                    + Q::from(&r.0 * &(rel_v.x.0 + rel_v.y.0)) * (Q::from(1) + &time.0);
                let err = Q::from(&d2.0 - &rr.0).abs();
                if !corner || err > eps() * scale {
                    return fail(format!(
                        "distance² {} vs r² {} (corner: {corner})",
                        d2.0.to_f64(),
                        rr.0.to_f64()
                    ));
                }
            }
            // No contact before: sampled earlier times are farther than r.
            if time.signum() > 0 {
                for j in 0..8 {
                    let s = time.clone() * q(j, 8);
                    if dist2_at(&input, &s) <= rr {
                        return fail(format!("within r already at {j}/8 of the contact time"));
                    }
                }
            }
            TestResult::passed()
        }
    }
}

#[test]
fn contact_is_on_the_boundary_at_distance_r_and_first() {
    check(6000, contact_geometry);
}

/// Touching at 0 (`r > 0`) with any relative velocity `w`: a hit at time
/// 0 iff `w` goes against the gap `g` from the nearest point (`w · g < 0`,
/// in the frame), a miss otherwise.
fn touch_hits_only_moving_in(input: Input, w: Shift) -> TestResult {
    let mut input = input;
    input.cv = w.0.clone() + input.rv.clone();
    if input.circle.radius.signum() <= 0 || dist2_at(&input, &zero()) != r2(&input) {
        return TestResult::discard();
    }
    let (x, e) = local(&input, &zero(), &input.circle.center);
    let clamp = |x: &Exact, e: &Exact| {
        if *x > *e {
            e.clone()
        } else if *x < -e.clone() {
            -e.clone()
        } else {
            x.clone()
        }
    };
    let g = [
        x[0].clone() - clamp(&x[0], &e[0]),
        x[1].clone() - clamp(&x[1], &e[1]),
    ];
    let (_, [a0, a1], _) = frame_at(&input, &zero());
    let wg = w.0.dot(&a0) * g[0].clone() + w.0.dot(&a1) * g[1].clone();
    match (input.sweep(), wg.signum() < 0) {
        (Ok(Sweep::Hit(h)), true) if h.time.signum() == 0 => TestResult::passed(),
        (Ok(Sweep::Miss), false) => TestResult::passed(),
        (other, moving_in) => fail(format!("touching, moving in: {moving_in}; got {other:?}")),
    }
}

#[test]
fn touching_at_zero_is_a_hit_only_moving_in() {
    QuickCheck::new()
        .tests(500)
        .max_tests(100_000)
        .quickcheck(touch_hits_only_moving_in as fn(Input, Shift) -> TestResult);
}

fn within_limit(input: Input, limit: Factor) -> TestResult {
    let full = input.sweep();
    let limit = limit.0 - q(1, 2); // some limits are 0 or below the time
    if limit.signum() < 0 {
        return TestResult::discard();
    }
    let got = input.sweep_within(&limit);
    match &full {
        Ok(Sweep::Hit(h)) => {
            let time = &h.time;
            let d = Q::from(&time.0 - &limit.0);
            if d.clone().abs() <= eps() * abs(time) && d != 0 {
                return TestResult::discard(); // too close to call for an irrational time
            }
            let expected = if *time <= limit {
                full.clone()
            } else {
                Ok(Sweep::Miss)
            };
            if got == expected {
                TestResult::passed()
            } else {
                fail(format!("{got:?}, expected {expected:?}"))
            }
        }
        _ => {
            if got == full {
                TestResult::passed()
            } else {
                fail(format!("{got:?}, unlimited {full:?}"))
            }
        }
    }
}

#[test]
fn within_agrees_with_unlimited() {
    check2(4000, within_limit);
}
