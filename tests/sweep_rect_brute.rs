//! Moving circle vs moving rectangle on the exact backend, checked case by
//! case against the independent brute force of
//! [`swept_support::brute_rect`] (8 boundary features, no region logic,
//! times as exact quadratic surds).
//!
//! * Kinds must agree exactly; an `Overlapping` witness must be the exact
//!   nearest point.
//! * A rational time (an edge contact, or a corner whose discriminant is a
//!   square) must be equal; an irrational one within 2^-200 relative of the
//!   exact surd, decided exactly (the kernel's square root is within 2^-256).
//! * The contact point and the circle's center must be the brute force's
//!   at the kernel's own time: exactly where the time is rational,
//!   otherwise each coordinate `base + t rate` implies a time within
//!   2^-200 of the surd; the normal must follow the brute force's rule (a
//!   face's exactly, a corner circle's `(d + t v) / r` to within 2^-200).
//!
//! Inputs: a degenerate-biased mix built in the rectangle's frame (grazing,
//! tangent, exactly through corners and edge ends, touching at 0, velocity
//! parallel to an edge or zero, zero radius or extents, nudged off a
//! boundary by 2^-16, 2^-23 relative or 2^-60), mapped to world coordinates
//! with a moving rectangle and exact (Pythagorean or rational-parametrised)
//! axes of either handedness; and W1-like random inputs. Plus the `_within`
//! variants with limits at, just below and just above the exact time, and
//! the seed-listing regressions of the module doc.

use rug::Rational;
use swept::Error;
use swept::geom::{Aabb2, Circle, Obb2, Vec2};
use swept::query::Sweep;
use swept::query::sweep_circle_rect::{
    sweep_circle_aabb2, sweep_circle_aabb2_within, sweep_circle_obb2, sweep_circle_obb2_within,
};
use swept_support::Exact;
use swept_support::brute_rect::{
    BruteResult, Feature, LocalResult, Surd, brute_local, brute_sweep_aabb, brute_sweep_obb,
    sign_lin, sign_two_roots,
};
use swept_support::generate::{Gen, TRIPLES};
use swept_support::sweep_check::{assert_no_failures, eps};
use swept_support::workload::{SEED, SplitMix64};

type Q = Rational;

fn q(n: i64, d: i64) -> Exact {
    Exact::ratio(n, d)
}

fn ex(x: f64) -> Exact {
    Exact::from_f64_exact(x).expect("finite")
}

fn v(x: Exact, y: Exact) -> Vec2<Exact> {
    Vec2::new(x, y)
}

fn vi(x: i64, y: i64) -> Vec2<Exact> {
    v(q(x, 1), q(y, 1))
}

// ---------------------------------------------------------------------------
// Cases

#[derive(Clone, Debug)]
enum Rect {
    Aabb(Aabb2<Exact>),
    Obb(Obb2<Exact>),
}

#[derive(Clone, Debug)]
struct Case {
    circle: Circle<Exact>,
    cv: Vec2<Exact>,
    rect: Rect,
    rv: Vec2<Exact>,
}

impl Case {
    fn kernel(&self) -> Result<Sweep<Exact>, Error> {
        match &self.rect {
            Rect::Aabb(b) => sweep_circle_aabb2(&self.circle, &self.cv, b, &self.rv),
            Rect::Obb(b) => sweep_circle_obb2(&self.circle, &self.cv, b, &self.rv),
        }
    }

    /// A negative radius or extent (or `min > max`): the query must name
    /// it as an error (the brute force takes such a rectangle as empty).
    fn negative(&self) -> bool {
        let z = <Exact as swept::Real>::zero();
        let bad_rect = match &self.rect {
            Rect::Aabb(b) => b.min.x > b.max.x || b.min.y > b.max.y,
            Rect::Obb(b) => b.half_extents.iter().any(|e| *e < z),
        };
        self.circle.radius < z || bad_rect
    }

    fn kernel_within(&self, t: &Exact) -> Result<Sweep<Exact>, Error> {
        match &self.rect {
            Rect::Aabb(b) => sweep_circle_aabb2_within(&self.circle, &self.cv, b, &self.rv, t),
            Rect::Obb(b) => sweep_circle_obb2_within(&self.circle, &self.cv, b, &self.rv, t),
        }
    }

    fn brute(&self) -> BruteResult {
        match &self.rect {
            Rect::Aabb(b) => brute_sweep_aabb(&self.circle, &self.cv, b, &self.rv),
            Rect::Obb(b) => brute_sweep_obb(&self.circle, &self.cv, b, &self.rv),
        }
    }
}

/// Checks the kernel's answer against the brute force's.
fn check(got: &Result<Sweep<Exact>, Error>, want: &BruteResult) -> Result<(), String> {
    match (got, want) {
        (Ok(Sweep::Miss), BruteResult::NoContact | BruteResult::Graze) => Ok(()),
        (Ok(Sweep::Overlapping { witness }), BruteResult::Overlapping { witness: w }) => {
            if witness == w {
                Ok(())
            } else {
                Err(format!("witness {witness:?}, nearest point {w:?}"))
            }
        }
        (
            Ok(Sweep::Hit(hit)),
            BruteResult::Contact {
                time: t,
                point: p,
                center: c,
                normal,
                ..
            },
        ) => {
            let time = &hit.time;
            let time_ok = t.is_time(&time.0, &eps());
            if !time_ok {
                return Err(format!(
                    "time {} ({time:?}), exact {t:?} ≈ {}",
                    time.0.to_f64(),
                    t.nearest_f64()
                ));
            }
            if !p.matches(t, &hit.point, &eps()) {
                let at = t.as_rational().map(|x| p.at(&x));
                return Err(format!(
                    "point {:?}, exact {p:?} at t ≈ {} ({at:?})",
                    hit.point,
                    t.nearest_f64()
                ));
            }
            if !c.matches(t, &hit.center, &eps()) {
                return Err(format!("center {:?}, exact {c:?}", hit.center));
            }
            let n = [hit.normal.x.0.clone(), hit.normal.y.0.clone()];
            if !normal.iter().any(|rule| rule.holds(&n, &time.0, &eps())) {
                return Err(format!("normal {:?}, rules {normal:?}", hit.normal));
            }
            Ok(())
        }
        _ => Err(format!(
            "kinds differ: kernel {got:?}, brute {}",
            describe(want)
        )),
    }
}

fn describe(b: &BruteResult) -> String {
    match b {
        BruteResult::Contact { time, features, .. } => {
            format!(
                "Contact at {} via {features:?} ({time:?})",
                time.nearest_f64()
            )
        }
        other => format!("{other:?}"),
    }
}

// ---------------------------------------------------------------------------
// Generators

/// A Pythagorean unit vector with random signs and order (includes (±1, 0)).
fn pyth_unit(g: &mut Gen) -> [Exact; 2] {
    let &(a, b, c) = g.pick(&TRIPLES);
    let (sa, sb) = ([1, -1][g.below(2) as usize], [1, -1][g.below(2) as usize]);
    let u = [q(sa * a, c), q(sb * b, c)];
    if g.chance(0.5) {
        u
    } else {
        [u[1].clone(), u[0].clone()]
    }
}

/// A Pythagorean unit vector in the closed quadrant of signs `s`.
fn pyth_unit_in(g: &mut Gen, s: [i64; 2]) -> [Exact; 2] {
    let &(a, b, c) = g.pick(&TRIPLES);
    let (a, b) = if g.chance(0.5) { (a, b) } else { (b, a) };
    [q(s[0] * a, c), q(s[1] * b, c)]
}

fn sign_pm(g: &mut Gen) -> i64 {
    [1, -1][g.below(2) as usize]
}

/// A velocity: zero, parallel to an axis, or general.
fn velocity(g: &mut Gen, range: i64) -> [Exact; 2] {
    let u = g.below(100);
    if u < 10 {
        [q(0, 1), q(0, 1)]
    } else if u < 25 {
        let s = g.value(range);
        if g.chance(0.5) {
            [s, q(0, 1)]
        } else {
            [q(0, 1), s]
        }
    } else {
        [g.value(range), g.value(range)]
    }
}

/// A tiny nudge: a few 2^-16, 2^-23 relative, or 2^-60.
fn nudge(g: &mut Gen) -> Exact {
    if g.chance(0.3) {
        q(g.below(9) as i64 - 4, 1 << 60)
    } else {
        g.nudged(0)
    }
}

/// A fraction in [-1, 1] biased to -1, 0, 1.
fn fraction(g: &mut Gen) -> Exact {
    match g.below(6) {
        0 => q(1, 1),
        1 => q(-1, 1),
        2 => q(0, 1),
        3 => g.third(1),
        _ => g.grid(1),
    }
}

/// A point on the boundary of the rounded rectangle `[-k, k]` dilated by `r`.
fn boundary_point(g: &mut Gen, k: &[Exact; 2], r: &Exact) -> [Exact; 2] {
    let (s0, s1) = (sign_pm(g), sign_pm(g));
    if g.chance(0.5) {
        // On an offset edge (its ends included).
        let axis = g.below(2) as usize;
        let o = 1 - axis;
        let mut x = [q(0, 1), q(0, 1)];
        x[axis] = q(s0, 1) * (k[axis].clone() + r.clone());
        x[o] = fraction(g) * k[o].clone();
        x
    } else {
        // On a corner arc, in its outward quadrant.
        let u = pyth_unit_in(g, [s0, s1]);
        [
            q(s0, 1) * k[0].clone() + r.clone() * u[0].clone(),
            q(s1, 1) * k[1].clone() + r.clone() * u[1].clone(),
        ]
    }
}

/// A point the center is sent through.
fn target_point(g: &mut Gen, k: &[Exact; 2], r: &Exact) -> [Exact; 2] {
    let (s0, s1) = (q(sign_pm(g), 1), q(sign_pm(g), 1));
    match g.below(20) {
        0..=11 => boundary_point(g, k, r),
        // The corner of the dilated square: both face lines at once.
        12..=14 => [
            s0 * (k[0].clone() + r.clone()),
            s1 * (k[1].clone() + r.clone()),
        ],
        // A corner of the rectangle itself.
        15 | 16 => [s0 * k[0].clone(), s1 * k[1].clone()],
        _ => [g.value(6), g.value(6)],
    }
}

/// A canonical problem (rectangle frame): half extents, center, velocity, radius.
struct Local {
    k: [Exact; 2],
    c: [Exact; 2],
    v: [Exact; 2],
    r: Exact,
}

fn extent(g: &mut Gen) -> Exact {
    if g.chance(0.12) { q(0, 1) } else { g.nonneg(4) }
}

fn local_case(g: &mut Gen) -> Local {
    let k = [extent(g), extent(g)];
    let r = if g.chance(0.1) { q(0, 1) } else { g.nonneg(3) };
    let t0 = |g: &mut Gen| {
        if g.chance(0.2) {
            g.third(3).abs_q()
        } else {
            g.nonneg(3)
        }
    };
    let (c, v) = match g.below(8) {
        0 | 1 => ([g.value(12), g.value(12)], velocity(g, 6)),
        2 => {
            // Along a dilated edge line, velocity parallel to it.
            let axis = g.below(2) as usize;
            let o = 1 - axis;
            let mut c = [q(0, 1), q(0, 1)];
            c[axis] = q(sign_pm(g), 1) * (k[axis].clone() + r.clone());
            c[o] = g.value(10);
            let mut v = [q(0, 1), q(0, 1)];
            v[o] = g.value(6);
            (c, v)
        }
        3 => {
            // Tangent to a corner circle.
            let (s0, s1) = (sign_pm(g), sign_pm(g));
            let u = if g.chance(0.8) {
                pyth_unit_in(g, [s0, s1])
            } else {
                pyth_unit(g)
            };
            let x = [
                q(s0, 1) * k[0].clone() + r.clone() * u[0].clone(),
                q(s1, 1) * k[1].clone() + r.clone() * u[1].clone(),
            ];
            let speed = g.value(4);
            let w = [-u[1].clone() * speed.clone(), u[0].clone() * speed];
            let t = t0(g);
            (
                [
                    x[0].clone() - t.clone() * w[0].clone(),
                    x[1].clone() - t * w[1].clone(),
                ],
                w,
            )
        }
        4 | 5 => {
            let x = target_point(g, &k, &r);
            let w = velocity(g, 6);
            let t = t0(g);
            (
                [
                    x[0].clone() - t.clone() * w[0].clone(),
                    x[1].clone() - t * w[1].clone(),
                ],
                w,
            )
        }
        6 => (boundary_point(g, &k, &r), velocity(g, 6)),
        _ => {
            let x = target_point(g, &k, &r);
            let w = velocity(g, 6);
            let t = t0(g);
            let mut c = [
                x[0].clone() - t.clone() * w[0].clone(),
                x[1].clone() - t * w[1].clone(),
            ];
            let i = g.below(3) as usize;
            if i < 2 {
                c[i] = c[i].clone() + nudge(g);
            }
            (c, w)
        }
    };
    let r = if g.chance(0.05) { r + nudge(g) } else { r };
    Local { k, c, v, r }
}

trait AbsQ {
    fn abs_q(self) -> Self;
}

impl AbsQ for Exact {
    fn abs_q(self) -> Exact {
        if self.signum() < 0 { -self } else { self }
    }
}

trait MaxQ {
    fn max_q(self, o: Self) -> Self;
}

impl MaxQ for Exact {
    fn max_q(self, o: Exact) -> Exact {
        if self < o { o } else { self }
    }
}

fn rect_velocity(g: &mut Gen) -> Vec2<Exact> {
    if g.chance(0.25) {
        vi(0, 0)
    } else {
        v(g.value(3), g.value(3))
    }
}

fn aabb_case(g: &mut Gen) -> Case {
    let l = local_case(g);
    let o = [g.value(8), g.value(8)];
    let rv = rect_velocity(g);
    let mut min = v(o[0].clone() - l.k[0].clone(), o[1].clone() - l.k[1].clone());
    let max = v(o[0].clone() + l.k[0].clone(), o[1].clone() + l.k[1].clone());
    if g.chance(0.005) {
        min.x = max.x.clone() + q(1, 4); // inverted: empty
    }
    let p = v(o[0].clone() + l.c[0].clone(), o[1].clone() + l.c[1].clone());
    let cv = v(l.v[0].clone() + rv.x.clone(), l.v[1].clone() + rv.y.clone());
    let r = if g.chance(0.005) { -l.r - q(1, 8) } else { l.r };
    Case {
        circle: Circle::new(p, r),
        cv,
        rect: Rect::Aabb(Aabb2::new(min, max)),
        rv,
    }
}

/// An exact unit vector `((1 - m²), 2m) / (1 + m²)`.
fn rational_unit(m: Exact) -> Vec2<Exact> {
    let m2 = m.clone() * m.clone();
    let d = Exact(Q::from(1) + &m2.0);
    let x = Exact(Q::from(1) - &m2.0).0 / &d.0;
    let y = Exact(Q::from(2) * &m.0).0 / &d.0;
    v(Exact(Q::from(x)), Exact(Q::from(y)))
}

fn perp(a: &Vec2<Exact>) -> Vec2<Exact> {
    v(-a.y.clone(), a.x.clone())
}

fn obb_axes(g: &mut Gen) -> [Vec2<Exact>; 2] {
    let a0 = match g.below(10) {
        0 => vi(1, 0),
        1 => rational_unit(g.value(3)),
        _ => {
            let u = pyth_unit(g);
            v(u[0].clone(), u[1].clone())
        }
    };
    let a1 = perp(&a0);
    // Either handedness: the axes are taken as given.
    if g.chance(0.2) { [a0, -a1] } else { [a0, a1] }
}

fn obb_case(g: &mut Gen) -> Case {
    let l = local_case(g);
    let axes = obb_axes(g);
    let o = v(g.value(8), g.value(8));
    let rv = rect_velocity(g);
    let [a0, a1] = &axes;
    let p = o.clone() + a0.clone() * l.c[0].clone() + a1.clone() * l.c[1].clone();
    let cv = a0.clone() * l.v[0].clone() + a1.clone() * l.v[1].clone() + rv.clone();
    let mut k = l.k;
    if g.chance(0.005) {
        k[g.below(2) as usize] = q(-1, 3); // negative extent: empty
    }
    let r = if g.chance(0.005) { -l.r - q(1, 8) } else { l.r };
    Case {
        circle: Circle::new(p, r),
        cv,
        rect: Rect::Obb(Obb2::new(o, axes.clone(), k)),
        rv,
    }
}

/// One W1 query, drawn as `benches/WORKLOAD.md` lists (exact
/// conversion); the oriented variant's axes are the exact rational unit
/// vector with parameter `tan(a / 2)` (drawn in f64), so they are exactly
/// orthonormal and within ~1 ulp of `(cos a, sin a)`.
fn w1_case(rng: &mut SplitMix64, oriented: bool) -> Case {
    let (cx, cy) = (rng.uni(-8.0, 8.0), rng.uni(-8.0, 8.0));
    let (e0, e1) = (rng.uni(0.25, 4.0), rng.uni(0.25, 4.0));
    let a = rng.uni(0.0, 2.0 * core::f64::consts::PI);
    let (wx, wy) = (rng.uni(-2.0, 2.0), rng.uni(-2.0, 2.0));
    let (px, py) = (rng.uni(-16.0, 16.0), rng.uni(-16.0, 16.0));
    let r = rng.uni(0.1, 3.0);
    let (vx, vy) = (rng.uni(-16.0, 16.0), rng.uni(-16.0, 16.0));
    let c = v(ex(cx), ex(cy));
    let (e0, e1) = (ex(e0), ex(e1));
    let rect = if oriented {
        let a0 = rational_unit(ex((a / 2.0).tan()));
        let a1 = perp(&a0);
        Rect::Obb(Obb2::new(c, [a0, a1], [e0, e1]))
    } else {
        Rect::Aabb(Aabb2::new(
            v(c.x.clone() - e0.clone(), c.y.clone() - e1.clone()),
            v(c.x + e0, c.y + e1),
        ))
    };
    Case {
        circle: Circle::new(v(ex(px), ex(py)), ex(r)),
        cv: v(ex(vx), ex(vy)),
        rect,
        rv: v(ex(wx), ex(wy)),
    }
}

// ---------------------------------------------------------------------------
// Running

#[derive(Default, Debug)]
struct Stats {
    cases: usize,
    overlapping: usize,
    touch0: usize,
    edge: usize,
    corner: usize,
    graze: usize,
    tie: usize,
    no_contact: usize,
}

impl Stats {
    fn record(&mut self, b: &BruteResult) {
        self.cases += 1;
        match b {
            BruteResult::Overlapping { .. } => self.overlapping += 1,
            BruteResult::NoContact => self.no_contact += 1,
            BruteResult::Graze => self.graze += 1,
            BruteResult::Contact { features, .. } => {
                if features.is_empty() {
                    self.touch0 += 1;
                    return;
                }
                if features.len() > 1 {
                    self.tie += 1;
                }
                if features.iter().any(|f| matches!(f, Feature::Edge { .. })) {
                    self.edge += 1;
                } else {
                    self.corner += 1;
                }
            }
        }
    }
}

fn run(name: &str, n: usize, mut make: impl FnMut() -> Case) -> Stats {
    let mut stats = Stats::default();
    let mut failures = Vec::new();
    for i in 0..n {
        let case = make();
        let want = case.brute();
        stats.record(&want);
        let got = case.kernel();
        if case.negative() {
            if !matches!(got, Err(Error::Negative(_))) {
                failures.push(format!(
                    "#{i}: negative input not refused: {got:?}\n  {case:?}"
                ));
            }
        } else if let Err(e) = check(&got, &want) {
            failures.push(format!("#{i}: {e}\n  {case:?}"));
        }
    }
    eprintln!("{name}: {stats:?}");
    assert_no_failures(name, n, &failures);
    stats
}

fn assert_coverage(s: &Stats, min_share: f64) {
    let min = (s.cases as f64 * min_share) as usize;
    for (what, n) in [
        ("overlapping", s.overlapping),
        ("touch at 0", s.touch0),
        ("edge", s.edge),
        ("corner", s.corner),
        ("graze", s.graze),
        ("tie", s.tie),
        ("no contact", s.no_contact),
    ] {
        assert!(n >= min, "coverage: only {n} {what} cases of {}", s.cases);
    }
}

#[test]
fn aabb_biased_agrees_with_brute_force() {
    let mut g = Gen::new(0x5EED_0000_0000_0001);
    let s = run("aabb biased", 50_000, || aabb_case(&mut g));
    assert_coverage(&s, 0.01);
}

#[test]
fn obb_biased_agrees_with_brute_force() {
    let mut g = Gen::new(0x5EED_0000_0000_0002);
    let s = run("obb biased", 50_000, || obb_case(&mut g));
    assert_coverage(&s, 0.01);
}

#[test]
fn aabb_w1_agrees_with_brute_force() {
    let mut rng = SplitMix64::new(SEED);
    let s = run("aabb W1", 15_000, || w1_case(&mut rng, false));
    assert!(s.overlapping > 0 && s.edge > 0 && s.corner > 0 && s.no_contact > 0);
}

#[test]
fn obb_w1_agrees_with_brute_force() {
    let mut rng = SplitMix64::new(SEED);
    let s = run("obb W1", 15_000, || w1_case(&mut rng, true));
    assert!(s.overlapping > 0 && s.edge > 0 && s.corner > 0 && s.no_contact > 0);
}

/// `_within`: limits at, just below and just above the exact time (2^-300
/// apart), zero, and random; decided by exact surd comparison.
#[test]
fn within_agrees_with_brute_force() {
    let mut g = Gen::new(0x5EED_0000_0000_0003);
    let mut failures = Vec::new();
    let (mut cut, mut kept) = (0, 0);
    let n = 20_000;
    for i in 0..n {
        let case = if i % 2 == 0 {
            aabb_case(&mut g)
        } else {
            obb_case(&mut g)
        };
        let want = case.brute();
        let limit = match want.time() {
            Some(t) => {
                let (lo, hi) = t.bracket(300);
                match g.below(5) {
                    0 => Exact(lo),
                    1 => Exact(hi),
                    // Below by 2^-40, but not negative (see
                    // `within_negative_limit_drops_touch_at_zero`).
                    2 => Exact(lo - (Q::from(1) >> 40u32)).max_q(q(0, 1)),
                    3 => q(0, 1),
                    _ => g.nonneg(4),
                }
            }
            None => g.nonneg(4),
        };
        let expected = match &want {
            BruteResult::Contact { time, .. } if time.cmp_rational(&limit.0).is_gt() => {
                cut += 1;
                BruteResult::NoContact
            }
            BruteResult::Contact { .. } => {
                kept += 1;
                want.clone()
            }
            other => other.clone(),
        };
        let got = case.kernel_within(&limit);
        if case.negative() {
            if !matches!(got, Err(Error::Negative(_))) {
                failures.push(format!(
                    "#{i}: negative input not refused: {got:?}\n  {case:?}"
                ));
            }
        } else if let Err(e) = check(&got, &expected) {
            failures.push(format!("#{i}: limit {limit:?}: {e}\n  {case:?}"));
        }
    }
    eprintln!("within: {n} cases, {cut} contacts cut by the limit, {kept} kept");
    assert!(cut > 1000 && kept > 1000);
    assert_no_failures("within", n, &failures);
}

// ---------------------------------------------------------------------------
// The seed listings' errors (module doc), checked on both the kernel and the
// brute force, static and with both bodies given the same extra velocity,
// and for the oriented variant, rotated by a Pythagorean rotation.

/// A truth: the contact `(time, point)` (rectangle at rest), or `None` for
/// no contact.
type Truth = Option<(Exact, Vec2<Exact>)>;

fn check_truth(case: &Case, truth: &Truth) {
    let brute = case.brute();
    match (&brute, truth) {
        (BruteResult::NoContact | BruteResult::Graze, None) => {}
        (BruteResult::Contact { time, point, .. }, Some((t, p))) => {
            assert_eq!(
                time.as_rational().as_ref(),
                Some(&t.0),
                "brute time, {case:?}"
            );
            let at = point.at(&t.0);
            assert_eq!(
                [Exact(at[0].clone()), Exact(at[1].clone())],
                [p.x.clone(), p.y.clone()]
            );
        }
        _ => panic!("brute force {brute:?} against the truth {truth:?}: {case:?}"),
    }
    check(&case.kernel(), &brute).unwrap_or_else(|e| panic!("kernel: {e}\n  {case:?}"));
}

/// The truth for the same case with `extra` added to both velocities and
/// the whole picture turned by the Pythagorean rotation `(a, b)/c` about
/// the origin (the rectangle becomes oriented) and moved by `shift`.
fn check_truth_variants(circle: Circle<Exact>, cv: Vec2<Exact>, rect: Aabb2<Exact>, truth: Truth) {
    let plain = Case {
        circle: circle.clone(),
        cv: cv.clone(),
        rect: Rect::Aabb(rect.clone()),
        rv: vi(0, 0),
    };
    check_truth(&plain, &truth);
    let extra = v(q(3, 7), q(-5, 4));
    let moving = Case {
        circle: circle.clone(),
        cv: cv.clone() + extra.clone(),
        rect: Rect::Aabb(rect.clone()),
        rv: extra.clone(),
    };
    let shifted = truth
        .clone()
        .map(|(t, p)| (t.clone(), p + extra.clone() * t));
    check_truth(&moving, &shifted);
    // Rotated (and moving, and translated).
    let rot = |p: &Vec2<Exact>| {
        v(
            q(3, 5) * p.x.clone() - q(4, 5) * p.y.clone(),
            q(4, 5) * p.x.clone() + q(3, 5) * p.y.clone(),
        )
    };
    let shift = v(q(-7, 3), q(11, 2));
    let half = q(1, 2);
    let center = v(
        (rect.min.x.clone() + rect.max.x.clone()) * half.clone(),
        (rect.min.y.clone() + rect.max.y.clone()) * half.clone(),
    );
    let half_extents = [
        (rect.max.x.clone() - rect.min.x.clone()) * half.clone(),
        (rect.max.y.clone() - rect.min.y.clone()) * half,
    ];
    let obb = Obb2::new(
        rot(&center) + shift.clone(),
        [rot(&vi(1, 0)), rot(&vi(0, 1))],
        half_extents,
    );
    let turned = Case {
        circle: Circle::new(rot(&circle.center) + shift.clone(), circle.radius.clone()),
        cv: rot(&(cv + extra.clone())),
        rect: Rect::Obb(obb),
        rv: rot(&extra),
    };
    let turned_truth =
        truth.map(|(t, p)| (t.clone(), rot(&(p + extra.clone() * t)) + shift.clone()));
    check_truth(&turned, &turned_truth);
}

fn unit_box() -> Aabb2<Exact> {
    Aabb2::new(vi(-1, -1), vi(1, 1))
}

/// Listing 14, `InRegionEdgeUnbounded`, `radius * V[1]` for `radius * V[i1]`.
#[test]
fn seed_listing14_edge_unbounded_uses_v1() {
    check_truth_variants(
        Circle::new(vi(0, 3), q(1, 1)),
        vi(1, -2),
        unit_box(),
        Some((q(1, 2), v(q(1, 2), q(1, 1)))),
    );
}

/// Listing 14, `InRegionVertexUnbounded`, the misplaced `else { K2 … }`.
#[test]
fn seed_listing14_vertex_unbounded_else() {
    let circle = Circle::new(vi(3, 3), q(1, 1));
    check_truth_variants(
        circle.clone(),
        vi(-3, -1),
        unit_box(),
        Some((q(1, 1), vi(0, 1))),
    );
    check_truth_variants(circle, vi(1, -1), unit_box(), None);
}

/// The listings' -1 for a zero radius inside: a point strictly inside the
/// rectangle is overlapping (in its interior), with itself as witness; on
/// the boundary it is not.
#[test]
fn seed_radius_zero_inside_overlaps() {
    let p = v(q(1, 3), q(-1, 2));
    let case = Case {
        circle: Circle::new(p.clone(), q(0, 1)),
        cv: vi(5, 1),
        rect: Rect::Aabb(unit_box()),
        rv: vi(0, 0),
    };
    let want = Ok(Sweep::Overlapping { witness: p });
    assert_eq!(case.kernel(), want);
    check(&want, &case.brute()).unwrap();
}

/// Eq. 11/18 and Tables 1–3: the missing side condition.
#[test]
fn seed_eq11_side_condition() {
    check_truth_variants(
        Circle::new(vi(4, 0), q(1, 1)),
        vi(-1, 0),
        Aabb2::new(vi(-1, -2), vi(1, 2)),
        Some((q(2, 1), vi(1, 0))),
    );
}

/// The module's doc example.
#[test]
fn doc_example() {
    check_truth_variants(
        Circle::new(vi(4, 0), q(1, 1)),
        vi(-1, 0),
        unit_box(),
        Some((q(2, 1), vi(1, 0))),
    );
}

// ---------------------------------------------------------------------------
// The brute force's own pieces.

fn qq(n: i64, d: i64) -> Q {
    Q::from((n, d))
}

fn surd(a: Q, b: Q, c: Q) -> Surd {
    Surd::new(a, b, c)
}

#[test]
fn surd_signs_hand_cases() {
    // 1 + √2 - √3 > 0; -1 + √2 - 0 > 0; √2 - √2 = 0; -√2 + √2 - √0 = 0.
    assert_eq!(sign_two_roots(&qq(1, 1), &qq(2, 1), &qq(3, 1)), 1);
    assert_eq!(sign_two_roots(&qq(-1, 1), &qq(2, 1), &qq(0, 1)), 1);
    assert_eq!(sign_two_roots(&qq(0, 1), &qq(2, 1), &qq(2, 1)), 0);
    assert_eq!(sign_two_roots(&qq(0, 1), &qq(0, 1), &qq(0, 1)), 0);
    // -2 + √4 - √0 = 0; -2 + √4 - √1 < 0; 1 + √1 - √4 = 0.
    assert_eq!(sign_two_roots(&qq(-2, 1), &qq(4, 1), &qq(0, 1)), 0);
    assert_eq!(sign_two_roots(&qq(-2, 1), &qq(4, 1), &qq(1, 1)), -1);
    assert_eq!(sign_two_roots(&qq(1, 1), &qq(1, 1), &qq(4, 1)), 0);
    // 3 - 2√2 > 0 (0.17); 3 - 2√3 < 0; 4 - 2√4 = 0.
    assert_eq!(sign_lin(&qq(3, 1), &qq(-2, 1), &qq(2, 1)), 1);
    assert_eq!(sign_lin(&qq(3, 1), &qq(-2, 1), &qq(3, 1)), -1);
    assert_eq!(sign_lin(&qq(4, 1), &qq(-2, 1), &qq(4, 1)), 0);
    // (3 - √5)/2 ≈ 0.381966 lies in (0.381966, 0.381967).
    let x = surd(qq(3, 1), qq(5, 1), qq(2, 1));
    assert!(x.cmp_rational(&qq(381_966, 1_000_000)).is_gt());
    assert!(x.cmp_rational(&qq(381_967, 1_000_000)).is_lt());
    // Same value, scaled: (6 - √20)/4.
    assert!(x.cmp(&surd(qq(6, 1), qq(20, 1), qq(4, 1))).is_eq());
    assert_eq!(
        surd(qq(5, 1), qq(9, 4), qq(2, 1)).as_rational(),
        Some(qq(7, 4))
    );
    assert_eq!(x.as_rational(), None);
}

#[test]
fn surd_order_matches_approximation_and_brackets() {
    let mut g = Gen::new(77);
    let small = |g: &mut Gen| Q::from((g.below(41) as i64 - 20, 1 + g.below(12) as i64));
    for _ in 0..20_000 {
        let x = surd(
            small(&mut g),
            small(&mut g).abs(),
            small(&mut g).abs() + 1u32,
        );
        // A scaled copy is equal; a copy with a perturbed radicand is ordered.
        let k = Q::from((1 + g.below(9) as i64, 1 + g.below(9) as i64));
        let y = surd(
            Q::from(&x.a * &k),
            Q::from(&x.b * &k) * &k,
            Q::from(&x.c * &k),
        );
        assert!(x.cmp(&y).is_eq() && y.cmp(&x).is_eq());
        let z = surd(x.a.clone(), Q::from(&x.b + qq(1, 1 << 50)), x.c.clone());
        assert!(z.cmp(&x).is_lt() && x.cmp(&z).is_gt(), "{x:?} {z:?}");
        let (lo, hi) = x.bracket(300);
        assert!(x.cmp_rational(&lo).is_ge() && x.cmp_rational(&hi).is_le());
        assert!(Q::from(&hi - &lo) <= (Q::from(1) >> 300u32));
        assert_eq!(lo == hi, x.as_rational().is_some());
        assert!(x.within_rel(&lo, &eps()) && x.within_rel(&hi, &eps()) || x.a == 0 && x.b == 0);
        // Against an independent surd: f64 decides when far apart.
        let w = surd(
            small(&mut g),
            small(&mut g).abs(),
            small(&mut g).abs() + 1u32,
        );
        let (fx, fw) = (x.nearest_f64(), w.nearest_f64());
        if (fx - fw).abs() > 1e-9 * (1.0 + fx.abs()) {
            assert_eq!(x.cmp(&w), fx.partial_cmp(&fw).unwrap(), "{x:?} {w:?}");
        }
        assert_eq!(x.cmp(&w), w.cmp(&x).reverse());
    }
}

/// Ties and grazes in the frame, by hand.
#[test]
fn brute_local_hand_cases() {
    let k = [qq(1, 1), qq(1, 1)];
    let r = qq(1, 1);
    let contact = |c: [i64; 2], v: [i64; 2]| match brute_local(
        &k,
        &[qq(c[0], 1), qq(c[1], 1)],
        &[qq(v[0], 1), qq(v[1], 1)],
        &r,
    ) {
        LocalResult::Contact {
            time,
            point,
            features,
            ..
        } => {
            let t = time.as_rational();
            (time, t.map(|t| point.at(&t)), features)
        }
        other => panic!("{other:?}"),
    };
    // Edge and corner tie at the edge's end: t = 1 at (1, 1).
    let (t, p, f) = contact([3, 1], [-1, 0]);
    assert_eq!(t.as_rational(), Some(qq(1, 1)));
    assert_eq!(p, Some([qq(1, 1), qq(1, 1)]));
    assert_eq!(f.len(), 2);
    // A graze along the top dilated edge line: tangent to the corner at
    // t = 2, then sliding: never within r, no hit.
    assert_eq!(
        brute_local(&k, &[qq(3, 1), qq(2, 1)], &[qq(-1, 1), qq(0, 1)], &r),
        LocalResult::Graze
    );
    // Just inside it: the corner circle is entered, not tangent.
    let inside = brute_local(&k, &[qq(3, 1), qq(15, 8)], &[qq(-1, 1), qq(0, 1)], &r);
    assert!(
        matches!(&inside, LocalResult::Contact { features, .. } if features == &vec![Feature::Corner { sx: 1, sy: 1 }]),
        "{inside:?}"
    );
    // Both face lines at once, outside the arc: t = 2 - 1/√2 on the arc.
    let (t, p, _) = contact([3, 3], [-1, -1]);
    assert!(p.is_none() && t.cmp(&surd(qq(4, 1), qq(2, 1), qq(2, 1))).is_eq());
    // Moving away, and at rest: no contact; inside: overlapping.
    let z = [qq(0, 1), qq(0, 1)];
    assert_eq!(
        brute_local(&k, &[qq(3, 1), qq(3, 1)], &[qq(1, 1), qq(0, 1)], &r),
        LocalResult::NoContact
    );
    assert_eq!(
        brute_local(&k, &[qq(3, 1), qq(3, 1)], &z, &r),
        LocalResult::NoContact
    );
    assert!(matches!(
        brute_local(&k, &z, &z, &r),
        LocalResult::Overlapping { .. }
    ));
}

// ---------------------------------------------------------------------------
// `_within` with a negative limit.

/// A hit at time 0 is not "at time <= max_time" for `max_time < 0`: the
/// limit drops it, as it drops a hit at `t > 0`.
#[test]
fn within_negative_limit_drops_touch_at_zero() {
    // Circle touching the right edge of [-1,1]² at t = 0, moving in.
    let circle = Circle::new(vi(2, 0), q(1, 1));
    let got = sweep_circle_aabb2_within(&circle, &vi(-1, 0), &unit_box(), &vi(0, 0), &q(-1, 1));
    assert_eq!(
        got,
        Ok(Sweep::Miss),
        "hit at 0 reported past a negative limit"
    );
    let got = sweep_circle_aabb2_within(&circle, &vi(-1, 0), &unit_box(), &vi(0, 0), &q(0, 1));
    assert!(matches!(got, Ok(Sweep::Hit(_))), "{got:?}");
}
