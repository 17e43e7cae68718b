//! Moving sphere vs moving box (aligned and oriented,
//! `swept::query::sweep_sphere_box`), checked three ways.
//!
//! 1. **Against the brute force** of `swept_support::brute_box3` (the
//!    earliest root among 6 offset faces, 12 edge cylinders and 8 corner
//!    spheres, times as exact quadratic surds, no region logic), on the
//!    exact backend, case by case: 120,000 cases (40,000 aligned and 40,000
//!    oriented from the degenerate-biased generator of
//!    `swept_support::biased_box3`, 10,000 + 10,000 W4 draws, and 20,000
//!    `_within` cases with limits at, just below and just above the exact
//!    time). For every case:
//!    * the kind (overlapping, hit, miss) must be the brute force's;
//!    * an overlap's witness must be exactly the box's point nearest the
//!      center at `t = 0`;
//!    * a hit's time must equal the brute force's exactly when that is
//!      rational (a face, or an edge or corner whose discriminant is a
//!      square, every `r = 0` contact), and be within 2^-200 relative of
//!      the exact surd otherwise (the exact backend's square root is within
//!      2^-256: an irrational time cannot be represented exactly);
//!    * the center must be `p + t v` at the query's own time `t` (exactly
//!      when the time is rational, within 2^-200 otherwise; so below), the
//!      point must lie on the box's surface at time `t` (the box moved by
//!      its velocity): inside its closed slabs, on at least one face;
//!    * `r > 0`: `|center - point| = r` and `center - point = r n`; the
//!      normal lies in the box's normal cone at the point (zero along every
//!      axis on which the point is strictly inside the span, pointing out
//!      on the others), so the point is the box's point nearest the
//!      center and the normal is perpendicular to the contact feature;
//!    * `r = 0`: the point is the center; on a single face, the normal is
//!      exactly that face's axis; at an edge or a corner (run into
//!      head-on) it is unit and in the normal cone, or `-V/|V|` (the 2D
//!      rule for a corner met along no face), counted separately;
//!    * the normal is unit (exactly when the time is rational, and within
//!      1e-12 in `f64` always), and the relative velocity goes against it
//!      (`V · n < 0`, exactly: touching while moving away is not a hit).
//!
//!    Negative radii, inverted boxes and negative half extents are mixed
//!    in at a low rate: each must be an `Err(Error::Negative(_))`.
//! 2. **Hand-derived cases** (faces, edges, corners of the unit cube,
//!    grazes of an edge cylinder and of a corner sphere, touching at 0 in
//!    and out, overlap witnesses, zero radius through a face, an edge and
//!    a corner, degenerate boxes, moving boxes, oriented boxes, `_within`
//!    limits, bad input), each derivation in a comment, each run on `f32`,
//!    `f64`, `I16F16`, `I32F32`, `I48F16` and the exact backend (inputs
//!    chosen representable on all), and each also checked against the
//!    brute force on the exact conversion of its inputs: a wrong hand
//!    derivation fails as such, not as a query bug.
//! 3. **Quickcheck properties** on the exact backend, from fixed seeds:
//!    translation, mirror and axis-permutation symmetry, a common extra
//!    velocity, scaled velocities, and monotonicity (a larger radius or a
//!    grown box gives an overlap or a strictly earlier hit; a smaller one
//!    turns a miss into nothing else).
//!
//! `cargo test --release --test sweep_sphere_box -- --nocapture` prints the
//! tallies (kinds, contact features, generator paths).

use quickcheck::{Arbitrary, QuickCheck, TestResult};
use rug::{Integer, Rational};
use std::collections::BTreeMap;
use swept::error::AxesFault;
use swept::geom::{Aabb3, Obb3, Sphere, Vec3};
use swept::query::sweep_sphere_box::{
    sweep_sphere_aabb3, sweep_sphere_aabb3_within, sweep_sphere_obb3, sweep_sphere_obb3_within,
};
use swept::query::{Hit, Sweep};
use swept::{Error, Quantity, Real};
use swept_support::biased_box3::{Local3, Path, local_case3, place_aabb3, place_obb3, w4_axes};
use swept_support::brute_box3::{Brute3, brute_aabb3, brute_obb3};
use swept_support::brute_rect::Surd;
use swept_support::cases::{rational_rotation, w4_aabb_exact};
use swept_support::generate::Gen;
use swept_support::workload::{SEED, SplitMix64, w4};
use swept_support::{Backend, Exact};

type Q = Rational;
type Sweep3<T> = Sweep<T, Vec3<T>>;
type Hit3<T> = Hit<T, Vec3<T>>;

fn q(n: i64, d: i64) -> Exact {
    Exact::ratio(n, d)
}

/// 2^-200: the tolerance on values built from an irrational time.
fn eps() -> Q {
    Q::from(1) >> 200u32
}

// ---------------------------------------------------------------------------
// Exact vector helpers (arrays of rationals).

type V3 = [Q; 3];

fn qv(v: &Vec3<Exact>) -> V3 {
    [v.x.0.clone(), v.y.0.clone(), v.z.0.clone()]
}

fn dot(a: &V3, b: &V3) -> Q {
    Q::from(&a[0] * &b[0]) + Q::from(&a[1] * &b[1]) + Q::from(&a[2] * &b[2])
}

fn add(a: &V3, b: &V3) -> V3 {
    [0, 1, 2].map(|i| Q::from(&a[i] + &b[i]))
}

fn sub(a: &V3, b: &V3) -> V3 {
    [0, 1, 2].map(|i| Q::from(&a[i] - &b[i]))
}

fn scale(a: &V3, s: &Q) -> V3 {
    [0, 1, 2].map(|i| Q::from(&a[i] * s))
}

fn cross(a: &V3, b: &V3) -> V3 {
    [
        Q::from(&a[1] * &b[2]) - Q::from(&a[2] * &b[1]),
        Q::from(&a[2] * &b[0]) - Q::from(&a[0] * &b[2]),
        Q::from(&a[0] * &b[1]) - Q::from(&a[1] * &b[0]),
    ]
}

fn qabs(x: &Q) -> Q {
    Q::from(x.abs_ref())
}

/// `|a - b| <= tol`.
fn within(a: &Q, b: &Q, tol: &Q) -> bool {
    qabs(&Q::from(a - b)) <= *tol
}

fn within3(a: &V3, b: &V3, tol: &Q) -> bool {
    (0..3).all(|i| within(&a[i], &b[i], tol))
}

fn f64s(a: &V3) -> [f64; 3] {
    a.clone().map(|x| x.to_f64())
}

// ---------------------------------------------------------------------------
// Cases on the exact backend

#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // test data
enum Box3 {
    Aabb(Aabb3<Exact>),
    Obb(Obb3<Exact>),
}

#[derive(Clone, Debug)]
struct Case {
    sphere: Sphere<Exact>,
    sv: Vec3<Exact>,
    b: Box3,
    bv: Vec3<Exact>,
}

/// The box's frame: center at `t = 0`, axes, half extents, velocity.
struct Frame {
    o: V3,
    a: [V3; 3],
    k: V3,
    bv: V3,
}

impl Frame {
    /// `p` in the box's frame at time `t`.
    fn local(&self, t: &Q, p: &V3) -> V3 {
        let d = sub(p, &add(&self.o, &scale(&self.bv, t)));
        [0, 1, 2].map(|j| dot(&d, &self.a[j]))
    }

    /// The world point with frame coordinates `x` at time `t`.
    fn world(&self, t: &Q, x: &V3) -> V3 {
        let mut p = add(&self.o, &scale(&self.bv, t));
        for (a, xj) in self.a.iter().zip(x) {
            p = add(&p, &scale(a, xj));
        }
        p
    }
}

impl Case {
    fn from_aabb(
        (sphere, sv, b, bv): (Sphere<Exact>, Vec3<Exact>, Aabb3<Exact>, Vec3<Exact>),
    ) -> Case {
        Case {
            sphere,
            sv,
            b: Box3::Aabb(b),
            bv,
        }
    }

    fn from_obb(
        (sphere, sv, b, bv): (Sphere<Exact>, Vec3<Exact>, Obb3<Exact>, Vec3<Exact>),
    ) -> Case {
        Case {
            sphere,
            sv,
            b: Box3::Obb(b),
            bv,
        }
    }

    fn query(&self) -> Result<Sweep3<Exact>, Error> {
        let (s, sv, bv) = (&self.sphere, &self.sv, &self.bv);
        match &self.b {
            Box3::Aabb(b) => sweep_sphere_aabb3(s, sv, b, bv),
            Box3::Obb(b) => sweep_sphere_obb3(s, sv, b, bv),
        }
    }

    fn query_within(&self, limit: &Exact) -> Result<Sweep3<Exact>, Error> {
        let (s, sv, bv) = (&self.sphere, &self.sv, &self.bv);
        match &self.b {
            Box3::Aabb(b) => sweep_sphere_aabb3_within(s, sv, b, bv, limit),
            Box3::Obb(b) => sweep_sphere_obb3_within(s, sv, b, bv, limit),
        }
    }

    fn brute(&self) -> Brute3 {
        let (s, sv, bv) = (&self.sphere, &self.sv, &self.bv);
        match &self.b {
            Box3::Aabb(b) => brute_aabb3(s, sv, b, bv),
            Box3::Obb(b) => brute_obb3(s, sv, b, bv),
        }
    }

    /// A negative radius or half extent, or `min > max`: the query must
    /// refuse it (the brute force does not apply).
    fn negative(&self) -> bool {
        let z = Exact::zero();
        let bad_box = match &self.b {
            Box3::Aabb(b) => b.min.x > b.max.x || b.min.y > b.max.y || b.min.z > b.max.z,
            Box3::Obb(b) => b.half_extents.iter().any(|e| *e < z),
        };
        self.sphere.radius < z || bad_box
    }

    fn frame(&self) -> Frame {
        let bv = qv(&self.bv);
        match &self.b {
            Box3::Aabb(b) => {
                let (lo, hi) = (qv(&b.min), qv(&b.max));
                let half = Q::from((1, 2));
                let unit = |i: usize| [0, 1, 2].map(|j| Q::from(u32::from(i == j)));
                Frame {
                    o: scale(&add(&lo, &hi), &half),
                    a: [unit(0), unit(1), unit(2)],
                    k: scale(&sub(&hi, &lo), &half),
                    bv,
                }
            }
            Box3::Obb(b) => Frame {
                o: qv(&b.center),
                a: b.axes.each_ref().map(qv),
                k: b.half_extents.each_ref().map(|e| e.0.clone()),
                bv,
            },
        }
    }

    /// The relative velocity `V = v_sphere - v_box`.
    fn rel_velocity(&self) -> V3 {
        sub(&qv(&self.sv), &qv(&self.bv))
    }

    /// The box's point nearest the center at `t = 0`.
    fn nearest(&self) -> V3 {
        let f = self.frame();
        let c = f.local(&Q::new(), &qv(&self.sphere.center));
        let x = [0, 1, 2].map(|j| {
            let k = &f.k[j];
            if c[j] > *k {
                k.clone()
            } else if c[j] < Q::from(-k) {
                Q::from(-k)
            } else {
                c[j].clone()
            }
        });
        f.world(&Q::new(), &x)
    }

    /// 1 + the largest magnitude of any input: the scale of tolerances.
    fn magnitude(&self) -> Q {
        let mut m = Q::from(1);
        let mut see = |x: &Exact| {
            let a = qabs(&x.0);
            if a > m {
                m = a;
            }
        };
        let s = &self.sphere;
        for v in [&s.center, &self.sv, &self.bv] {
            see(&v.x);
            see(&v.y);
            see(&v.z);
        }
        see(&s.radius);
        match &self.b {
            Box3::Aabb(b) => {
                for v in [&b.min, &b.max] {
                    see(&v.x);
                    see(&v.y);
                    see(&v.z);
                }
            }
            Box3::Obb(b) => {
                see(&b.center.x);
                see(&b.center.y);
                see(&b.center.z);
                b.half_extents.iter().for_each(&mut see);
            }
        }
        m + 1u32
    }
}

// ---------------------------------------------------------------------------
// The check of one answer against the brute force

/// What a checked answer was, for the tallies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Kind {
    Overlap,
    Miss,
    /// A hit at `t = 0`.
    Touch0,
    /// A hit at `t > 0` on one face (the point on one face plane only).
    Face,
    /// On two face planes: an edge.
    Edge,
    /// On three: a corner.
    Corner,
}

/// How a zero-radius hit at an edge or a corner chose its normal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum PointNormal {
    /// In the normal cone and equal to `-V/|V|`.
    Both,
    /// In the normal cone only.
    Cone,
    /// `-V/|V|` only.
    AgainstVelocity,
}

#[derive(Clone, Copy, Debug)]
struct Checked {
    kind: Kind,
    irrational: bool,
    point_normal: Option<PointNormal>,
}

fn checked(kind: Kind) -> Checked {
    Checked {
        kind,
        irrational: false,
        point_normal: None,
    }
}

/// Checks the query's answer `got` for `case` against the brute force's
/// `want` (module doc, 1).
fn check(
    case: &Case,
    got: &Result<Sweep3<Exact>, Error>,
    want: &Brute3,
) -> Result<Checked, String> {
    match (got, want) {
        (Ok(Sweep::Miss), Brute3::Miss) => Ok(checked(Kind::Miss)),
        (Ok(Sweep::Overlapping { witness }), Brute3::Overlapping) => {
            let nearest = case.nearest();
            if qv(witness) == nearest {
                Ok(checked(Kind::Overlap))
            } else {
                Err(format!(
                    "witness {:?}, the nearest point {:?}",
                    f64s(&qv(witness)),
                    f64s(&nearest)
                ))
            }
        }
        (Ok(Sweep::Hit(hit)), Brute3::Hit(t)) => check_hit(case, hit, t),
        _ => Err(format!(
            "kinds differ: query {got:?}, brute force {}",
            describe(want)
        )),
    }
}

fn describe(b: &Brute3) -> String {
    match b {
        Brute3::Hit(t) => format!("Hit at {} ({t:?})", t.to_f64()),
        other => format!("{other:?}"),
    }
}

/// The checks of a hit at the exact time `want` (module doc, 1).
fn check_hit(case: &Case, hit: &Hit3<Exact>, want: &Surd) -> Result<Checked, String> {
    let t = hit.time.0.clone();
    let rational = want.as_rational();
    let time_ok = match &rational {
        Some(x) => t == *x,
        None => want.within_rel(&t, &eps()),
    };
    if !time_ok || t.cmp0().is_lt() {
        return Err(format!(
            "time {} ({t}), exact {} ({want:?})",
            t.to_f64(),
            want.to_f64()
        ));
    }
    // Exact comparisons when the time is rational, else within `tol`.
    let m = case.magnitude();
    let tol = if rational.is_some() {
        Q::new()
    } else {
        eps() * Q::from(&m * &m) * &m * (Q::from(1) + &t)
    };
    let f = case.frame();
    let r = case.sphere.radius.0.clone();
    let (point, center, n) = (qv(&hit.point), qv(&hit.center), qv(&hit.normal));
    let vel = case.rel_velocity();
    // The center: p + t v.
    let want_center = add(&qv(&case.sphere.center), &scale(&qv(&case.sv), &t));
    if !within3(&center, &want_center, &tol) {
        return Err(format!(
            "center {:?}, p + t v = {:?}",
            f64s(&center),
            f64s(&want_center)
        ));
    }
    // The point: on the box's surface at time t.
    let x = f.local(&t, &point);
    let inside = (0..3).all(|j| qabs(&x[j]) <= Q::from(&f.k[j] + &tol));
    let on: Vec<usize> = (0..3)
        .filter(|&j| within(&qabs(&x[j]), &f.k[j], &tol))
        .collect();
    if !inside || on.is_empty() {
        return Err(format!(
            "point {:?}: frame coordinates {:?}, half extents {:?}",
            f64s(&point),
            f64s(&x),
            f64s(&f.k)
        ));
    }
    // The normal: unit (in f64 always; exactly when rational), against V.
    let nf = f64s(&n);
    let len = (nf[0] * nf[0] + nf[1] * nf[1] + nf[2] * nf[2]).sqrt();
    if (len - 1.0).abs() > 1e-12 {
        return Err(format!("normal {nf:?} of length {len} (f64)"));
    }
    if dot(&n, &vel).cmp0().is_ge() {
        return Err(format!(
            "normal {nf:?} not against the relative velocity {:?}",
            f64s(&vel)
        ));
    }
    // The normal's components along the box's axes.
    let mn = [0, 1, 2].map(|j| dot(&n, &f.a[j]));
    let in_cone = |tol: &Q| {
        (0..3).all(|j| {
            if !on.contains(&j) {
                qabs(&mn[j]) <= *tol
            } else if x[j].cmp0().is_eq() || f.k[j].cmp0().is_eq() {
                true // a zero half extent: on both faces, either side
            } else {
                let out = if x[j].cmp0().is_gt() {
                    mn[j].clone()
                } else {
                    Q::from(-&mn[j])
                };
                out >= Q::from(-tol)
            }
        })
    };
    let mut point_normal = None;
    if r.cmp0().is_gt() {
        let unit_tol = tol.clone();
        if !within(&dot(&n, &n), &Q::from(1), &unit_tol) {
            return Err(format!("normal {nf:?} not unit"));
        }
        let d = sub(&center, &point);
        if !within(&dot(&d, &d), &Q::from(&r * &r), &tol) {
            return Err(format!(
                "|center - point|² = {}, r² = {}",
                dot(&d, &d).to_f64(),
                Q::from(&r * &r).to_f64()
            ));
        }
        if !within3(&d, &scale(&n, &r), &tol) {
            return Err(format!(
                "center - point = {:?}, r n = {:?}",
                f64s(&d),
                f64s(&scale(&n, &r))
            ));
        }
        if !in_cone(&tol) {
            return Err(format!(
                "normal {nf:?} (frame {:?}) not in the normal cone at the point (frame {:?}, half extents {:?})",
                f64s(&mn),
                f64s(&x),
                f64s(&f.k)
            ));
        }
    } else {
        // A moving point: the point is the center.
        if !within3(&point, &center, &tol) {
            return Err(format!(
                "r = 0: point {:?}, center {:?}",
                f64s(&point),
                f64s(&center)
            ));
        }
        if on.len() == 1 {
            // One face: its axis, exactly.
            let j = on[0];
            let a = &f.a[j];
            if n != *a && n != scale(a, &Q::from(-1)) {
                return Err(format!(
                    "r = 0 on the face of axis {j}: normal {nf:?}, axis {:?}",
                    f64s(a)
                ));
            }
        } else {
            // An edge or a corner, met head-on: unit, and in the normal
            // cone or -V/|V|.
            let ntol = eps() * &m;
            if !within(&dot(&n, &n), &Q::from(1), &ntol) {
                return Err(format!("r = 0: normal {nf:?} not unit"));
            }
            let cone = in_cone(&ntol);
            let vv = dot(&vel, &vel);
            let along = cross(&n, &vel)
                .iter()
                .all(|c| Q::from(c * c) <= Q::from(&ntol * &ntol) * &vv);
            point_normal = Some(match (cone, along) {
                (true, true) => PointNormal::Both,
                (true, false) => PointNormal::Cone,
                (false, true) => PointNormal::AgainstVelocity,
                (false, false) => {
                    return Err(format!(
                        "r = 0 at an edge or corner: normal {nf:?} (frame {:?}) neither in the cone at {:?} nor -V/|V|, V = {:?}",
                        f64s(&mn),
                        f64s(&x),
                        f64s(&vel)
                    ));
                }
            });
        }
    }
    let kind = if t.cmp0().is_eq() {
        Kind::Touch0
    } else {
        match on.len() {
            1 => Kind::Face,
            2 => Kind::Edge,
            _ => Kind::Corner,
        }
    };
    Ok(Checked {
        kind,
        irrational: rational.is_none(),
        point_normal,
    })
}

// ---------------------------------------------------------------------------
// Runs

#[derive(Default, Debug)]
struct Tally {
    cases: usize,
    refused_negative: usize,
    kinds: BTreeMap<Kind, usize>,
    irrational: usize,
    point_normals: BTreeMap<PointNormal, usize>,
    paths: BTreeMap<(Path, Kind), usize>,
}

impl Tally {
    fn count(&self, k: Kind) -> usize {
        self.kinds.get(&k).copied().unwrap_or(0)
    }

    fn record(&mut self, c: &Checked, path: Option<Path>) {
        *self.kinds.entry(c.kind).or_default() += 1;
        if c.irrational {
            self.irrational += 1;
        }
        if let Some(p) = c.point_normal {
            *self.point_normals.entry(p).or_default() += 1;
        }
        if let Some(p) = path {
            *self.paths.entry((p, c.kind)).or_default() += 1;
        }
    }

    fn print(&self, name: &str) {
        eprintln!(
            "{name}: {} cases ({} negative inputs refused), {:?}; {} irrational times; r = 0 at an edge or corner: {:?}",
            self.cases, self.refused_negative, self.kinds, self.irrational, self.point_normals
        );
        if !self.paths.is_empty() {
            let mut by_path: BTreeMap<Path, Vec<String>> = BTreeMap::new();
            for ((p, k), n) in &self.paths {
                by_path.entry(*p).or_default().push(format!("{k:?} {n}"));
            }
            for (p, ks) in by_path {
                eprintln!("    {p:?}: {}", ks.join(", "));
            }
        }
    }
}

fn fail_report(name: &str, n: usize, failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{name}: {} of {n} disagree; first:\n{}",
        failures.len(),
        failures
            .iter()
            .take(6)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Runs `n` cases from `make` against the brute force.
fn run(name: &str, n: usize, mut make: impl FnMut() -> (Case, Option<Path>)) -> Tally {
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    for i in 0..n {
        let (case, path) = make();
        tally.cases += 1;
        let got = case.query();
        if case.negative() {
            if matches!(got, Err(Error::Negative(_))) {
                tally.refused_negative += 1;
            } else {
                failures.push(format!(
                    "#{i}: negative input not refused: {got:?}\n  {case:?}"
                ));
            }
            continue;
        }
        let want = case.brute();
        match check(&case, &got, &want) {
            Ok(c) => tally.record(&c, path),
            Err(e) => failures.push(format!("#{i} ({path:?}): {e}\n  {case:?}")),
        }
    }
    tally.print(name);
    fail_report(name, n, &failures);
    tally
}

/// At least `share` of the cases of each kind.
fn assert_coverage(name: &str, t: &Tally, share: f64) {
    let min = (t.cases as f64 * share) as usize;
    for k in [
        Kind::Overlap,
        Kind::Miss,
        Kind::Touch0,
        Kind::Face,
        Kind::Edge,
        Kind::Corner,
    ] {
        assert!(
            t.count(k) >= min,
            "{name}: coverage: only {} {k:?} of {}",
            t.count(k),
            t.cases
        );
    }
}

/// The rate at which negative inputs are mixed in.
const NEGATIVE_RATE: f64 = 0.004;

fn biased_aabb(g: &mut Gen) -> (Case, Option<Path>) {
    let l: Local3 = local_case3(g);
    let mut case = Case::from_aabb(place_aabb3(g, &l));
    if g.chance(NEGATIVE_RATE) {
        match &mut case.b {
            Box3::Aabb(b) if g.chance(0.5) => {
                let i = g.below(3);
                let (lo, hi) = (&mut b.min, &b.max);
                let (l, h) = match i {
                    0 => (&mut lo.x, &hi.x),
                    1 => (&mut lo.y, &hi.y),
                    _ => (&mut lo.z, &hi.z),
                };
                *l = h.clone() + q(1, 4);
            }
            _ => case.sphere.radius = -case.sphere.radius.clone() - q(1, 8),
        }
    }
    (case, Some(l.path))
}

fn biased_obb(g: &mut Gen) -> (Case, Option<Path>) {
    let l: Local3 = local_case3(g);
    let mut case = Case::from_obb(place_obb3(g, &l));
    if g.chance(NEGATIVE_RATE) {
        match &mut case.b {
            Box3::Obb(b) if g.chance(0.5) => b.half_extents[g.below(3) as usize] = q(-1, 3),
            _ => case.sphere.radius = -case.sphere.radius.clone() - q(1, 8),
        }
    }
    (case, Some(l.path))
}

fn ex(x: f64) -> Exact {
    Exact::from_f64_exact(x).expect("finite")
}

fn w4_aabb(r: &mut SplitMix64) -> (Case, Option<Path>) {
    (Case::from_aabb(w4_aabb_exact(r)), None)
}

/// A W4 draw with its oriented box, the axes exactly orthonormal and near
/// W4's angles (`biased_box3::w4_axes`).
fn w4_obb(r: &mut SplitMix64) -> (Case, Option<Path>) {
    let w = w4(r);
    let v = |a: [f64; 3]| Vec3::new(ex(a[0]), ex(a[1]), ex(a[2]));
    let b = Obb3::new(v(w.center), w4_axes(w.angles), w.half.map(ex));
    let case = Case {
        sphere: Sphere::new(v(w.sphere), ex(w.radius)),
        sv: v(w.sphere_velocity),
        b: Box3::Obb(b),
        bv: v(w.box_velocity),
    };
    (case, None)
}

#[test]
fn aabb_biased_agrees_with_brute_force() {
    let mut g = Gen::new(0x5EED_5B0C_0000_0001);
    let name = "aabb biased";
    let t = run(name, 40_000, || biased_aabb(&mut g));
    assert_coverage(name, &t, 0.01);
    assert!(t.refused_negative > 50 && t.irrational > 1000, "{t:?}");
}

#[test]
fn obb_biased_agrees_with_brute_force() {
    let mut g = Gen::new(0x5EED_5B0C_0000_0002);
    let name = "obb biased";
    let t = run(name, 40_000, || biased_obb(&mut g));
    assert_coverage(name, &t, 0.01);
    assert!(t.refused_negative > 50 && t.irrational > 1000, "{t:?}");
}

#[test]
fn w4_agrees_with_brute_force() {
    let mut r = SplitMix64::new(SEED);
    let a = run("aabb W4", 10_000, || w4_aabb(&mut r));
    let mut r = SplitMix64::new(SEED ^ 0x0BB3);
    let o = run("obb W4", 10_000, || w4_obb(&mut r));
    for (name, t) in [("aabb W4", a), ("obb W4", o)] {
        for k in [
            Kind::Overlap,
            Kind::Miss,
            Kind::Face,
            Kind::Edge,
            Kind::Corner,
        ] {
            assert!(t.count(k) > 0, "{name}: no {k:?}: {t:?}");
        }
    }
}

/// `_within`: limits at, just below and just above the exact time (2^-300
/// apart), 2^-40 below it, zero, and random; the expected answer is the
/// brute force's with a hit later than the limit dropped (decided by an
/// exact surd comparison).
#[test]
fn within_agrees_with_brute_force() {
    let mut g = Gen::new(0x5EED_5B0C_0000_0003);
    let mut failures = Vec::new();
    let (mut cut, mut kept, mut at_limit) = (0, 0, 0);
    let n = 20_000;
    for i in 0..n {
        let (case, path) = if i % 2 == 0 {
            biased_aabb(&mut g)
        } else {
            biased_obb(&mut g)
        };
        let want = case.brute_or_miss();
        let limit = match &want {
            Brute3::Hit(t) => {
                let (lo, hi) = t.bracket(300);
                match g.below(6) {
                    0 => Exact(lo),
                    1 => Exact(hi),
                    2 => {
                        let below = Exact(lo - (Q::from(1) >> 40u32));
                        if below.signum() < 0 { q(0, 1) } else { below }
                    }
                    3 => q(0, 1),
                    _ => g.nonneg(4),
                }
            }
            _ => g.nonneg(4),
        };
        let expected = match &want {
            Brute3::Hit(t) if t.cmp_rational(&limit.0).is_gt() => {
                cut += 1;
                Brute3::Miss
            }
            Brute3::Hit(t) => {
                kept += 1;
                if t.cmp_rational(&limit.0).is_eq() {
                    at_limit += 1;
                }
                want.clone()
            }
            other => other.clone(),
        };
        let got = case.query_within(&limit);
        if case.negative() {
            if !matches!(got, Err(Error::Negative(_))) {
                failures.push(format!(
                    "#{i}: negative input not refused: {got:?}\n  {case:?}"
                ));
            }
            continue;
        }
        let result = check(&case, &got, &expected).and_then(|c| match &got {
            Ok(Sweep::Hit(h)) if h.time > limit => {
                Err(format!("time {:?} past the limit {limit:?}", h.time))
            }
            _ => Ok(c),
        });
        if let Err(e) = result {
            failures.push(format!("#{i} ({path:?}): limit {limit:?}: {e}\n  {case:?}"));
        }
    }
    eprintln!(
        "within: {n} cases, {cut} hits cut by the limit, {kept} kept ({at_limit} exactly at it)"
    );
    assert!(cut > 1000 && kept > 1000 && at_limit > 100);
    fail_report("within", n, &failures);
}

impl Case {
    /// The brute force, or a miss for a negative input (refused anyway).
    fn brute_or_miss(&self) -> Brute3 {
        if self.negative() {
            Brute3::Miss
        } else {
            self.brute()
        }
    }
}

// ---------------------------------------------------------------------------
// Hand-derived cases, on every backend (module doc, 2)

/// An expected value: `v` exactly (`exact`), or an approximation of an
/// irrational value within 2^-290.
#[derive(Clone, Debug)]
struct W {
    v: Q,
    exact: bool,
}

/// The rational `n / d`.
fn w(n: i64, d: i64) -> W {
    W {
        v: Q::from((n, d)),
        exact: true,
    }
}

/// `(x, y, z) / d`.
fn ws(x: [i64; 3], d: i64) -> [W; 3] {
    x.map(|n| w(n, d))
}

/// `√x` to within 2^-290 (exact if `x` is the square of a rational).
fn sqrt_q(x: &Q) -> W {
    let (n, d) = (x.numer().clone(), x.denom().clone());
    if n.is_perfect_square() && d.is_perfect_square() {
        return W {
            v: Q::from((n.sqrt(), d.sqrt())),
            exact: true,
        };
    }
    // √(n/d) = √(n d) / d.
    let root = (Integer::from(&n * &d) << 600u32).sqrt();
    W {
        v: Q::from((root, d << 300u32)),
        exact: false,
    }
}

/// `a + b √s`.
fn surd_w(a: Q, b: Q, s: Q) -> W {
    let r = sqrt_q(&s);
    W {
        v: a + b * r.v,
        exact: r.exact,
    }
}

/// The tolerance for a value of backend `T` against an approximation of
/// an irrational value: the exact backend 2^-200 relative; floats one ulp
/// (they are rounded once to nearest: half an ulp); fixed point one LSB.
fn unit_err<T: Backend>(v: &Q) -> Q {
    let a = qabs(v).max(Q::from(1));
    if T::NAME == "exact" {
        return eps() * a;
    }
    let f = |x: f64| Exact::from_f64_exact(x).expect("finite").0;
    if T::REL == 0.0 {
        f(T::ABS)
    } else {
        f(2.0 * T::REL) * a + f(T::ABS)
    }
}

/// `got` against `want`: equal where `want` is exact and `T` represents it,
/// else within one rounding ([`unit_err`]).
fn close<T: Backend>(got: &T, want: &W) -> bool {
    let g = got.to_exact().0;
    let representable = want.exact
        && T::from_exact(&Exact(want.v.clone())).is_some_and(|x| x.to_exact().0 == want.v);
    if representable {
        g == want.v
    } else {
        qabs(&Q::from(&g - &want.v)) <= unit_err::<T>(&want.v)
    }
}

fn close3<T: Backend>(got: &Vec3<T>, want: &[W; 3]) -> bool {
    close(&got.x, &want[0]) && close(&got.y, &want[1]) && close(&got.z, &want[2])
}

fn num<T: Backend>(n: i64, d: i64) -> T {
    T::from_ratio(n, d).expect("in range")
}

/// `(x, y, z) / d` on backend `T` (every value used is exact on each).
fn v3<T: Backend>(x: [i64; 3], d: i64) -> Vec3<T> {
    Vec3::new(num(x[0], d), num(x[1], d), num(x[2], d))
}

fn vi<T: Backend>(x: i64, y: i64, z: i64) -> Vec3<T> {
    v3([x, y, z], 1)
}

#[derive(Clone, Debug)]
enum BoxT<T> {
    Aabb(Aabb3<T>),
    Obb(Obb3<T>),
}

/// A query on backend `T`.
#[derive(Clone, Debug)]
struct Setup<T> {
    s: Sphere<T>,
    sv: Vec3<T>,
    b: BoxT<T>,
    bv: Vec3<T>,
    limit: Option<T>,
}

/// The cube `[-1, 1]³`.
fn cube<T: Backend>() -> BoxT<T> {
    BoxT::Aabb(Aabb3::new(vi(-1, -1, -1), vi(1, 1, 1)))
}

fn aabb<T: Backend>(lo: [i64; 3], hi: [i64; 3]) -> BoxT<T> {
    BoxT::Aabb(Aabb3::new(v3(lo, 1), v3(hi, 1)))
}

/// A sphere of radius `r` (`(n, d)`) at `c / cd` moving by `v / vd`
/// against `b` at rest.
fn setup<T: Backend>(
    b: BoxT<T>,
    c: ([i64; 3], i64),
    r: (i64, i64),
    v: ([i64; 3], i64),
) -> Setup<T> {
    Setup {
        s: Sphere::new(v3(c.0, c.1), num(r.0, r.1)),
        sv: v3(v.0, v.1),
        b,
        bv: Vec3::zero(),
        limit: None,
    }
}

impl<T: Backend> Setup<T> {
    fn run(&self) -> Result<Sweep3<T>, Error> {
        let (s, sv, bv) = (&self.s, &self.sv, &self.bv);
        match (&self.b, &self.limit) {
            (BoxT::Aabb(b), None) => sweep_sphere_aabb3(s, sv, b, bv),
            (BoxT::Aabb(b), Some(t)) => sweep_sphere_aabb3_within(s, sv, b, bv, t),
            (BoxT::Obb(b), None) => sweep_sphere_obb3(s, sv, b, bv),
            (BoxT::Obb(b), Some(t)) => sweep_sphere_obb3_within(s, sv, b, bv, t),
        }
    }

    fn with_velocity(&self, v: ([i64; 3], i64)) -> Setup<T> {
        Setup {
            sv: v3(v.0, v.1),
            ..self.clone()
        }
    }

    fn with_radius(&self, r: (i64, i64)) -> Setup<T> {
        let mut s = self.clone();
        s.s.radius = num(r.0, r.1);
        s
    }

    fn within(&self, t: (i64, i64)) -> Setup<T> {
        Setup {
            limit: Some(num(t.0, t.1)),
            ..self.clone()
        }
    }

    /// Both bodies given the extra velocity `u / d`.
    fn carried(&self, u: ([i64; 3], i64)) -> Setup<T> {
        let u = v3::<T>(u.0, u.1);
        Setup {
            sv: self.sv.clone() + u.clone(),
            bv: self.bv.clone() + u,
            ..self.clone()
        }
    }

    /// The brute force on the exact values of the inputs, with the limit.
    fn brute(&self) -> Brute3 {
        let e = |x: &T| x.to_exact();
        let ev = |v: &Vec3<T>| v.clone().map(|c| e(&c));
        let s = Sphere::new(ev(&self.s.center), e(&self.s.radius));
        let (sv, bv) = (ev(&self.sv), ev(&self.bv));
        let b = match &self.b {
            BoxT::Aabb(b) => brute_aabb3(&s, &sv, &Aabb3::new(ev(&b.min), ev(&b.max)), &bv),
            BoxT::Obb(b) => {
                let o = Obb3::new(
                    ev(&b.center),
                    b.axes.each_ref().map(ev),
                    b.half_extents.each_ref().map(e),
                );
                brute_obb3(&s, &sv, &o, &bv)
            }
        };
        match (b, &self.limit) {
            (Brute3::Hit(t), Some(l)) if t.cmp_rational(&e(l).0).is_gt() => Brute3::Miss,
            (b, _) => b,
        }
    }
}

/// What a hand-derived case expects.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // test data
enum Want {
    Miss,
    Overlap([W; 3]),
    /// A hit: time, point, center, and the normal (`None`: not pinned,
    /// only unit and against the relative velocity).
    Hit(W, [W; 3], [W; 3], Option<[W; 3]>),
    /// A hit at the brute force's time (not derived by hand).
    HitAtBruteTime,
}

fn hit_w(t: W, p: [W; 3], c: [W; 3], n: [W; 3]) -> Want {
    Want::Hit(t, p, c, Some(n))
}

/// Checks the query on `s` against `want`, and the brute force on the
/// exact inputs against the hand derivation (kind and time).
#[track_caller]
fn expect<T: Backend>(what: &str, s: &Setup<T>, want: Want) {
    let name = T::NAME;
    let brute = s.brute();
    let derivation_ok = match (&want, &brute) {
        (Want::Miss, Brute3::Miss)
        | (Want::Overlap(_), Brute3::Overlapping)
        | (Want::HitAtBruteTime, Brute3::Hit(_)) => true,
        (Want::Hit(t, ..), Brute3::Hit(bt)) => match bt.as_rational() {
            Some(x) => t.exact && x == t.v,
            None => !t.exact && bt.within_rel(&t.v, &eps()),
        },
        _ => false,
    };
    assert!(
        derivation_ok,
        "{what} ({name}): the hand derivation {want:?} disagrees with the brute force {}",
        describe(&brute)
    );
    let got = s.run();
    let ok = match (&want, &got) {
        (Want::Miss, Ok(Sweep::Miss)) => true,
        (Want::Overlap(wit), Ok(Sweep::Overlapping { witness })) => close3(witness, wit),
        (Want::Hit(t, p, c, n), Ok(Sweep::Hit(h))) => {
            close(&h.time, t)
                && close3(&h.point, p)
                && close3(&h.center, c)
                && n.as_ref().is_none_or(|n| close3(&h.normal, n))
                && normal_sane(s, h)
        }
        (Want::HitAtBruteTime, Ok(Sweep::Hit(h))) => {
            let Brute3::Hit(bt) = &brute else {
                unreachable!()
            };
            let (lo, _) = bt.bracket(300);
            let t = W {
                v: lo,
                exact: bt.as_rational().is_some(),
            };
            close(&h.time, &t) && normal_sane(s, h)
        }
        _ => false,
    };
    assert!(ok, "{what} ({name}): got {got:?}, want {want:?}");
}

/// The normal is unit (in f64, to the backend's rounding) and against the
/// relative velocity.
fn normal_sane<T: Backend>(s: &Setup<T>, h: &Hit3<T>) -> bool {
    let f = |v: &Vec3<T>| [v.x.to_f64(), v.y.to_f64(), v.z.to_f64()];
    let (n, sv, bv) = (f(&h.normal), f(&s.sv), f(&s.bv));
    let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
    let tol = if T::NAME == "exact" || T::NAME == "f64" {
        1e-12
    } else {
        1e-4
    };
    let vn: f64 = (0..3).map(|i| (sv[i] - bv[i]) * n[i]).sum();
    (len - 1.0).abs() <= tol && vn < 0.0
}

/// Face hits of the unit cube.
fn faces<T: Backend>() {
    // From (5, 0, 0), r = 1, by (-1, 0, 0): the center reaches the dilated
    // face x = 1 + 1 at t = 3, at (2, 0, 0); the contact (1, 0, 0), the
    // normal (1, 0, 0).
    let s = setup::<T>(cube(), ([5, 0, 0], 1), (1, 1), ([-1, 0, 0], 1));
    let face_x = hit_w(
        w(3, 1),
        ws([1, 0, 0], 1),
        ws([2, 0, 0], 1),
        ws([1, 0, 0], 1),
    );
    expect("face x", &s, face_x.clone());
    // From (1/2, -1/4, 4), r = 1/2, by (0, 0, -2): z = 1 + 1/2 at t = (4 -
    // 3/2) / 2 = 5/4; the center stays over the face (|x|, |y| <= 1).
    let s = setup::<T>(cube(), ([2, -1, 16], 4), (1, 2), ([0, 0, -2], 1));
    expect(
        "face z",
        &s,
        hit_w(
            w(5, 4),
            ws([2, -1, 4], 4),
            ws([2, -1, 6], 4),
            ws([0, 0, 1], 1),
        ),
    );
    // Oblique: from (-6, 1/2, -1/4), r = 1, by (2, -1/4, 1/2): x = -2 at
    // t = 2, the center at (-2, 0, 3/4), over the face x = -1 (|y|, |z| <=
    // 1); before, x < -2: farther than 1.
    let s = setup::<T>(cube(), ([-24, 2, -1], 4), (1, 1), ([8, -1, 2], 4));
    expect(
        "face -x oblique",
        &s,
        hit_w(
            w(2, 1),
            ws([-4, 0, 3], 4),
            ws([-8, 0, 3], 4),
            ws([-1, 0, 0], 1),
        ),
    );
    // The box moving: the cube by (1, 0, 0), the sphere at rest at (6, 0,
    // 0), r = 1: the gap 6 - (1 + t) is 1 at t = 4, when the face is at x
    // = 5: the contact (5, 0, 0) (the box's point at time t, not at 0).
    let mut s = setup::<T>(cube(), ([6, 0, 0], 1), (1, 1), ([0, 0, 0], 1));
    s.bv = vi(1, 0, 0);
    expect(
        "moving box",
        &s,
        hit_w(
            w(4, 1),
            ws([5, 0, 0], 1),
            ws([6, 0, 0], 1),
            ws([1, 0, 0], 1),
        ),
    );
    // Both carried by u = (1/2, 1, -1) (the first case): the same time 3;
    // the center (2, 0, 0) + 3u = (7/2, 3, -3), the contact (1, 0, 0) + 3u
    // = (5/2, 3, -3).
    let s = setup::<T>(cube(), ([5, 0, 0], 1), (1, 1), ([-1, 0, 0], 1)).carried(([1, 2, -2], 2));
    expect(
        "carried",
        &s,
        hit_w(
            w(3, 1),
            ws([5, 6, -6], 2),
            ws([7, 6, -6], 2),
            ws([1, 0, 0], 1),
        ),
    );
}

/// Edge hits of the unit cube.
fn edges<T: Backend>() {
    // The edge (1, 1, z): from (7, 9, 1/2), r = 5, by (-3, -4, 0), the
    // offset from the edge is (6, 8) - t (3, 4) = (2 - t)(3, 4), of length
    // 5 (2 - t) = 5 at t = 1 (z = 1/2 in the edge's span throughout): the
    // contact (1, 1, 1/2), the center (4, 5, 1/2), the normal (3, 4, 0)/5.
    let s = setup::<T>(cube(), ([14, 18, 1], 2), (5, 1), ([-3, -4, 0], 1));
    let n = [w(3, 5), w(4, 5), w(0, 1)];
    expect(
        "edge 3-4-5",
        &s,
        hit_w(w(1, 1), ws([2, 2, 1], 2), ws([8, 10, 1], 2), n.clone()),
    );
    // The same with motion along the edge: from (7, 9, -1/2) by (-3, -4,
    // 1/2): z = -1/2 + t/2 stays in [-1, 1]: t = 1 at (4, 5, 0).
    let s = setup::<T>(cube(), ([14, 18, -1], 2), (5, 1), ([-6, -8, 1], 2));
    expect(
        "edge, moving along it",
        &s,
        hit_w(w(1, 1), ws([1, 1, 0], 1), ws([4, 5, 0], 1), n),
    );
    // The edge (x, -1, 1): from (1/4, -7, 9), r = 5, by (0, 3, -4): the
    // offset (y + 1, z - 1) = (-6, 8) + t (3, -4) = (2 - t)(-3, 4): t = 1;
    // the contact (1/4, -1, 1), the center (1/4, -4, 5), the normal (0,
    // -3, 4)/5.
    let s = setup::<T>(cube(), ([1, -28, 36], 4), (5, 1), ([0, 3, -4], 1));
    expect(
        "edge along x",
        &s,
        hit_w(
            w(1, 1),
            ws([1, -4, 4], 4),
            ws([1, -16, 20], 4),
            [w(0, 1), w(-3, 5), w(4, 5)],
        ),
    );
    // Irrational: from (4, 4, 0), r = 1, by (-1, -1, 0): the offset from
    // the edge (1, 1, z) is (3 - t)(1, 1), of length √2 (3 - t) = 1 at t =
    // 3 - 1/√2; the center (1 + 1/√2)(1, 1, 0), the normal (1, 1, 0)/√2.
    let s = setup::<T>(cube(), ([4, 4, 0], 1), (1, 1), ([-1, -1, 0], 1));
    let h = Q::from((1, 2));
    let t = surd_w(Q::from(3), Q::from(-1), h.clone());
    let c = surd_w(Q::from(1), Q::from(1), h.clone());
    let nh = sqrt_q(&h);
    expect(
        "edge irrational",
        &s,
        hit_w(
            t,
            ws([1, 1, 0], 1),
            [c.clone(), c, w(0, 1)],
            [nh.clone(), nh, w(0, 1)],
        ),
    );
}

/// Corner hits of the unit cube.
fn corners<T: Backend>() {
    // The corner (1, 1, 1): from (3, 5, 5) = corner + 2 (1, 2, 2), r = 3,
    // by -(1, 2, 2): the offset is (2 - t)(1, 2, 2), of length 3 (2 - t) =
    // 3 at t = 1 (all coordinates beyond 1: the corner's region); the
    // center (2, 3, 3), the normal (1, 2, 2)/3.
    let s = setup::<T>(cube(), ([3, 5, 5], 1), (3, 1), ([-1, -2, -2], 1));
    expect(
        "corner 1-2-2",
        &s,
        hit_w(
            w(1, 1),
            ws([1, 1, 1], 1),
            ws([2, 3, 3], 1),
            ws([1, 2, 2], 3),
        ),
    );
    // From (7, 9, 25) = corner + 2 (3, 4, 12), r = 13, by -(3, 4, 12):
    // t = 1, the center (4, 5, 13), the normal (3, 4, 12)/13.
    let s = setup::<T>(cube(), ([7, 9, 25], 1), (13, 1), ([-3, -4, -12], 1));
    expect(
        "corner 3-4-12",
        &s,
        hit_w(
            w(1, 1),
            ws([1, 1, 1], 1),
            ws([4, 5, 13], 1),
            ws([3, 4, 12], 13),
        ),
    );
    // The corner (-1, 1, -1): from corner + 2 (-1, 2, -2) = (-3, 5, -5),
    // r = 3, by (1, -2, 2): t = 1, the center (-2, 3, -3), the normal
    // (-1, 2, -2)/3.
    let s = setup::<T>(cube(), ([-3, 5, -5], 1), (3, 1), ([1, -2, 2], 1));
    expect(
        "corner (-1, 1, -1)",
        &s,
        hit_w(
            w(1, 1),
            ws([-1, 1, -1], 1),
            ws([-2, 3, -3], 1),
            ws([-1, 2, -2], 3),
        ),
    );
    // Irrational: from (4, 4, 4), r = 1, by -(1, 1, 1): the offset (3 -
    // t)(1, 1, 1) has length √3 (3 - t) = 1 at t = 3 - 1/√3; the center
    // (1 + 1/√3)(1, 1, 1), the normal (1, 1, 1)/√3.
    let s = setup::<T>(cube(), ([4, 4, 4], 1), (1, 1), ([-1, -1, -1], 1));
    let third = Q::from((1, 3));
    let t = surd_w(Q::from(3), Q::from(-1), third.clone());
    let c = surd_w(Q::from(1), Q::from(1), third.clone());
    let n = sqrt_q(&third);
    expect(
        "corner irrational",
        &s,
        hit_w(
            t,
            ws([1, 1, 1], 1),
            [c.clone(), c.clone(), c],
            [n.clone(), n.clone(), n],
        ),
    );
}

/// Tangent grazes and sliding: misses; just inside them: hits.
fn grazes<T: Backend>() {
    // The cylinder of radius 5 about the edge (1, 1, z): (4, 5, 0) is on
    // it (offset (3, 4)), in the edge's region, and (-4, 3) is tangent to
    // its cross-section there. The path from (12, -1, -1) by (-4, 3, 1/2)
    // passes (4, 5, 0) at t = 2 (z = 0 in the span); its projection across
    // the edge is the tangent line, which supports the dilated box (convex,
    // smooth there): the distance to the box never drops below 5. A miss.
    let s = setup::<T>(cube(), ([24, -2, -2], 2), (5, 1), ([-8, 6, 1], 2));
    expect("edge cylinder graze", &s, Want::Miss);
    // A radius 1/16 larger: the line is 5 from the edge, inside: a hit.
    expect(
        "edge cylinder, just inside",
        &s.with_radius((81, 16)),
        Want::HitAtBruteTime,
    );
    // The sphere of radius 3 about the corner (1, 1, 1): (2, 3, 3) is on it
    // (offset (1, 2, 2), in the corner's region), and (2, -2, 1) is
    // perpendicular to the offset: tangent. From (-2, 7, 1) = (2, 3, 3) -
    // 2 (2, -2, 1): the path lies in the tangent plane, which supports the
    // dilated box. A miss.
    let s = setup::<T>(cube(), ([-2, 7, 1], 1), (3, 1), ([2, -2, 1], 1));
    expect("corner sphere graze", &s, Want::Miss);
    expect(
        "corner sphere, just inside",
        &s.with_radius((49, 16)),
        Want::HitAtBruteTime,
    );
    // Sliding in the dilated face plane z = 1 + 1 across the top face:
    // at distance 1 over the face, more elsewhere. A miss.
    let s = setup::<T>(cube(), ([-5, 0, 2], 1), (1, 1), ([1, 0, 0], 1));
    expect("sliding over a face", &s, Want::Miss);
    // Sliding in the plane y = 2 diagonally, over the edges y = 1: the
    // y-gap alone is 1 = r. A miss.
    let s = setup::<T>(cube(), ([-10, 4, -6], 2), (1, 1), ([2, 0, 1], 2));
    expect("sliding diagonally in a face plane", &s, Want::Miss);
    // Along the cylinder about the edge (1, 1, z), parallel to it, at
    // distance 5 = r: touching while |z| <= 1, never closer. A miss.
    let s = setup::<T>(cube(), ([4, 5, -7], 1), (5, 1), ([0, 0, 1], 1));
    expect("sliding along an edge cylinder", &s, Want::Miss);
    // Zero velocity, apart: a miss.
    let s = setup::<T>(cube(), ([5, 0, 0], 1), (1, 1), ([0, 0, 0], 1));
    expect("at rest", &s, Want::Miss);
}

/// Touching at `t = 0`: a hit at 0 moving in, a miss otherwise.
fn touching<T: Backend>() {
    // On the face: center (2, 0, 0), r = 1.
    let s = setup::<T>(cube(), ([2, 0, 0], 1), (1, 1), ([-1, 0, 0], 1));
    expect(
        "face touch, in",
        &s,
        hit_w(
            w(0, 1),
            ws([1, 0, 0], 1),
            ws([2, 0, 0], 1),
            ws([1, 0, 0], 1),
        ),
    );
    for (how, v) in [
        ("out", [1, 0, 0]),
        ("along", [0, 1, 1]),
        ("still", [0, 0, 0]),
    ] {
        expect(
            &format!("face touch, {how}"),
            &s.with_velocity((v, 1)),
            Want::Miss,
        );
    }
    // On the edge cylinder: center (4, 5, 0) = (1, 1, 0) + (3, 4, 0), r =
    // 5; the gap g = (3, 4, 0). In: V · g < 0, for (-3, -4, 0) and for
    // (-1, 0, 0) (-3 < 0): a hit at 0, normal g / 5.
    let s = setup::<T>(cube(), ([4, 5, 0], 1), (5, 1), ([-3, -4, 0], 1));
    let at0 = hit_w(
        w(0, 1),
        ws([1, 1, 0], 1),
        ws([4, 5, 0], 1),
        [w(3, 5), w(4, 5), w(0, 1)],
    );
    expect("edge touch, in", &s, at0.clone());
    expect(
        "edge touch, in obliquely",
        &s.with_velocity(([-1, 0, 0], 1)),
        at0,
    );
    // Tangent, along the edge, out, and tangent with motion along: V · g
    // >= 0: misses.
    for (how, v) in [
        ("tangent", [4, -3, 0]),
        ("along the edge", [0, 0, 1]),
        ("out", [3, 4, 0]),
        ("tangent and along", [4, -3, -1]),
    ] {
        expect(
            &format!("edge touch, {how}"),
            &s.with_velocity((v, 1)),
            Want::Miss,
        );
    }
    // On the corner sphere: center (4, 5, 13) = (1, 1, 1) + (3, 4, 12), r
    // = 13: in by -(3, 4, 12), a hit at 0 with normal (3, 4, 12)/13;
    // tangent (4, -3, 0) (perpendicular to the gap): a miss.
    let s = setup::<T>(cube(), ([4, 5, 13], 1), (13, 1), ([-3, -4, -12], 1));
    expect(
        "corner touch, in",
        &s,
        hit_w(
            w(0, 1),
            ws([1, 1, 1], 1),
            ws([4, 5, 13], 1),
            ws([3, 4, 12], 13),
        ),
    );
    expect(
        "corner touch, tangent",
        &s.with_velocity(([4, -3, 0], 1)),
        Want::Miss,
    );
    // A point (r = 0) on the face x = 1: in, a hit at 0 with the face's
    // normal; along the face or out, a miss.
    let s = setup::<T>(cube(), ([1, 0, 0], 1), (0, 1), ([-1, 0, 0], 1));
    expect(
        "point on a face, in",
        &s,
        hit_w(
            w(0, 1),
            ws([1, 0, 0], 1),
            ws([1, 0, 0], 1),
            ws([1, 0, 0], 1),
        ),
    );
    for (how, v) in [("along", [0, 1, -1]), ("out", [1, 1, 0])] {
        expect(
            &format!("point on a face, {how}"),
            &s.with_velocity((v, 1)),
            Want::Miss,
        );
    }
    // A point on the edge (1, 1, 0): into the open box by (-1, -1, 0) (the
    // normal not pinned: the edge is met head-on); along the face y = 1 by
    // (-1, 0, 0), it stays on the boundary: a miss.
    let s = setup::<T>(cube(), ([1, 1, 0], 1), (0, 1), ([-1, -1, 0], 1));
    expect(
        "point on an edge, in",
        &s,
        Want::Hit(w(0, 1), ws([1, 1, 0], 1), ws([1, 1, 0], 1), None),
    );
    expect(
        "point on an edge, along a face",
        &s.with_velocity(([-1, 0, 0], 1)),
        Want::Miss,
    );
    // A point at the corner (1, 1, 1) into the box by -(1, 1, 1): a hit at
    // 0; the normal is (1, 1, 1)/√3 by either rule (the cone's diagonal,
    // -V/|V|).
    let s = setup::<T>(cube(), ([1, 1, 1], 1), (0, 1), ([-1, -1, -1], 1));
    let n = sqrt_q(&Q::from((1, 3)));
    expect(
        "point at a corner, in",
        &s,
        hit_w(
            w(0, 1),
            ws([1, 1, 1], 1),
            ws([1, 1, 1], 1),
            [n.clone(), n.clone(), n],
        ),
    );
}

/// Overlapping at `t = 0`: the witness is the box's point nearest the
/// center, whatever the velocity.
fn overlaps<T: Backend>() {
    // Center (1/2, 3, -5/4), r = 3: the nearest point (1/2, 1, -1), at
    // distance² 4 + 1/16 < 9.
    let s = setup::<T>(cube(), ([2, 12, -5], 4), (3, 1), ([7, -1, 2], 1));
    expect("overlap", &s, Want::Overlap(ws([2, 4, -4], 4)));
    // The center inside: the center itself.
    let s = setup::<T>(cube(), ([1, -2, 3], 4), (1, 1), ([0, 0, 0], 1));
    expect("center inside", &s, Want::Overlap(ws([1, -2, 3], 4)));
    // A point strictly inside: itself; a point on the boundary at rest is
    // not in the open box: a miss.
    let s = setup::<T>(cube(), ([1, -2, 3], 4), (0, 1), ([5, 1, 0], 1));
    expect("point inside", &s, Want::Overlap(ws([1, -2, 3], 4)));
    let s = setup::<T>(cube(), ([1, 0, 0], 1), (0, 1), ([0, 0, 0], 1));
    expect("point on the boundary at rest", &s, Want::Miss);
    // Beyond the corner (1, 1, 1) by (3, 4, 12) (distance 13), r = 14: the
    // corner.
    let s = setup::<T>(cube(), ([4, 5, 13], 1), (14, 1), ([1, 1, 1], 1));
    expect("overlap at a corner", &s, Want::Overlap(ws([1, 1, 1], 1)));
    // Beyond the edge (1, 1, z) at z = 1/2 by (3, 4, 0), r = 6: the edge
    // point (1, 1, 1/2).
    let s = setup::<T>(cube(), ([8, 10, 1], 2), (6, 1), ([-1, 0, 0], 1));
    expect("overlap at an edge", &s, Want::Overlap(ws([2, 2, 1], 2)));
}

/// A zero radius: a moving point.
fn points<T: Backend>() {
    // Through the face z = 1: from (0, 0, 5) by (0, 0, -1), t = 4 at (0, 0,
    // 1), the face's normal.
    let s = setup::<T>(cube(), ([0, 0, 5], 1), (0, 1), ([0, 0, -1], 1));
    expect(
        "point through a face",
        &s,
        hit_w(
            w(4, 1),
            ws([0, 0, 1], 1),
            ws([0, 0, 1], 1),
            ws([0, 0, 1], 1),
        ),
    );
    // Exactly through the edge (1, 1, z) at z = 1/2, across it: from (3, 3,
    // 1/2) by (-1, -1, 0), both face planes at t = 2; the normal (1, 1,
    // 0)/√2 by either rule.
    let s = setup::<T>(cube(), ([6, 6, 1], 2), (0, 1), ([-1, -1, 0], 1));
    let h = sqrt_q(&Q::from((1, 2)));
    expect(
        "point through an edge",
        &s,
        hit_w(
            w(2, 1),
            ws([2, 2, 1], 2),
            ws([2, 2, 1], 2),
            [h.clone(), h, w(0, 1)],
        ),
    );
    // Through the same edge moving along it too: from (3, 3, 0) by (-1,
    // -1, 1/4): t = 2 at (1, 1, 1/2); the normal is not pinned (the cone's
    // (1, 1, 0)/√2 and -V/|V| differ).
    let s = setup::<T>(cube(), ([12, 12, 0], 4), (0, 1), ([-4, -4, 1], 4));
    expect(
        "point through an edge, obliquely",
        &s,
        Want::Hit(w(2, 1), ws([2, 2, 1], 2), ws([2, 2, 1], 2), None),
    );
    // Exactly through the corner (1, 1, 1): from (3, 3, 3) by -(1, 1, 1):
    // t = 2, the normal (1, 1, 1)/√3 by either rule.
    let s = setup::<T>(cube(), ([3, 3, 3], 1), (0, 1), ([-1, -1, -1], 1));
    let n = sqrt_q(&Q::from((1, 3)));
    expect(
        "point through a corner",
        &s,
        hit_w(
            w(2, 1),
            ws([1, 1, 1], 1),
            ws([1, 1, 1], 1),
            [n.clone(), n.clone(), n],
        ),
    );
    // In the face plane y = 1, onto the edge (1, 1, z): from (3, 1, 0) by
    // (-1, 0, 0) the point reaches the closed box at t = 2 at (1, 1, 0),
    // crossing the face plane x = 1 (it then moves along the face y = 1):
    // a hit with the crossed face's normal (1, 0, 0).
    let s = setup::<T>(cube(), ([3, 1, 0], 1), (0, 1), ([-1, 0, 0], 1));
    expect(
        "point onto an edge along a face plane",
        &s,
        hit_w(
            w(2, 1),
            ws([1, 1, 0], 1),
            ws([1, 1, 0], 1),
            ws([1, 0, 0], 1),
        ),
    );
    // Just outside that plane, (3, 1 + 1/16, 0): it passes the box: a miss.
    let s = setup::<T>(cube(), ([48, 17, 0], 16), (0, 1), ([-1, 0, 0], 1));
    expect("point passing an edge", &s, Want::Miss);
}

/// Degenerate boxes: a zero half extent (a plate), two (a segment),
/// three (a point).
fn degenerate<T: Backend>() {
    // The plate [-1, 1]² x {0}: from (0, 0, 3), r = 1, by (0, 0, -1): z = 1
    // at t = 2, the contact (0, 0, 0), the normal (0, 0, 1).
    let plate = || aabb::<T>([-1, -1, 0], [1, 1, 0]);
    let s = setup::<T>(plate(), ([0, 0, 3], 1), (1, 1), ([0, 0, -1], 1));
    expect(
        "plate face",
        &s,
        hit_w(
            w(2, 1),
            ws([0, 0, 0], 1),
            ws([0, 0, 1], 1),
            ws([0, 0, 1], 1),
        ),
    );
    // From below, a point through it: (1/2, 1/4, -1) by (0, 0, 1): t = 1 at
    // (1/2, 1/4, 0), crossing the plane upward: the normal (0, 0, -1).
    let s = setup::<T>(plate(), ([2, 1, -4], 4), (0, 1), ([0, 0, 1], 1));
    expect(
        "point through a plate",
        &s,
        hit_w(
            w(1, 1),
            ws([2, 1, 0], 4),
            ws([2, 1, 0], 4),
            ws([0, 0, -1], 1),
        ),
    );
    // A point on the plate has no interior to move into: a miss.
    let s = setup::<T>(plate(), ([2, 1, 0], 4), (0, 1), ([0, 0, -1], 1));
    expect("point on a plate", &s, Want::Miss);
    // The plate's edge (1, y, 0): from (7, 1/2, 8), r = 5, by (-3, 0, -4):
    // the offset (6, 8) - t (3, 4): t = 1 at (4, 1/2, 4), the contact (1,
    // 1/2, 0), the normal (3, 0, 4)/5.
    let s = setup::<T>(plate(), ([14, 1, 16], 2), (5, 1), ([-3, 0, -4], 1));
    expect(
        "plate edge",
        &s,
        hit_w(
            w(1, 1),
            ws([2, 1, 0], 2),
            ws([8, 1, 8], 2),
            [w(3, 5), w(0, 1), w(4, 5)],
        ),
    );
    // The segment [-1, 1] x {0} x {0}: from (1/2, 6, 8), r = 5, by (0, -3,
    // -4): t = 1, the contact (1/2, 0, 0), the center (1/2, 3, 4).
    let seg = || aabb::<T>([-1, 0, 0], [1, 0, 0]);
    let s = setup::<T>(seg(), ([1, 12, 16], 2), (5, 1), ([0, -3, -4], 1));
    expect(
        "segment",
        &s,
        hit_w(
            w(1, 1),
            ws([1, 0, 0], 2),
            ws([1, 6, 8], 2),
            [w(0, 1), w(3, 5), w(4, 5)],
        ),
    );
    // Past its end (2, 6, 8) by (0, -3, -4): the closest approach is (2,
    // 0, 0), 1 from the end (1, 0, 0); r = 1: a graze of the end sphere, a
    // miss; r = 2: a hit on the end sphere.
    let s = setup::<T>(seg(), ([2, 6, 8], 1), (1, 1), ([0, -3, -4], 1));
    expect("segment end graze", &s, Want::Miss);
    expect(
        "segment end, inside",
        &s.with_radius((2, 1)),
        Want::HitAtBruteTime,
    );
    // The point box {0}³: from (6, 8, 24), r = 13, by -(3, 4, 12): t = 1,
    // the contact (0, 0, 0), the normal (3, 4, 12)/13.
    let pt = || aabb::<T>([0, 0, 0], [0, 0, 0]);
    let s = setup::<T>(pt(), ([6, 8, 24], 1), (13, 1), ([-3, -4, -12], 1));
    expect(
        "point box",
        &s,
        hit_w(
            w(1, 1),
            ws([0, 0, 0], 1),
            ws([3, 4, 12], 1),
            ws([3, 4, 12], 13),
        ),
    );
    // A point through the point box: from (-4, 0, 0) by (2, 0, 0), t = 2;
    // the face plane x = 0 crossed from below, = -V/|V|: (-1, 0, 0).
    let s = setup::<T>(pt(), ([-4, 0, 0], 1), (0, 1), ([2, 0, 0], 1));
    expect(
        "point through a point box",
        &s,
        hit_w(
            w(2, 1),
            ws([0, 0, 0], 1),
            ws([0, 0, 0], 1),
            ws([-1, 0, 0], 1),
        ),
    );
}

/// `_within`: the limit before, at and after the hit.
fn within_limits<T: Backend>() {
    // The face hit at t = 3 (`faces`).
    let s = setup::<T>(cube(), ([5, 0, 0], 1), (1, 1), ([-1, 0, 0], 1));
    let face_x = hit_w(
        w(3, 1),
        ws([1, 0, 0], 1),
        ws([2, 0, 0], 1),
        ws([1, 0, 0], 1),
    );
    expect("within 2 < 3", &s.within((2, 1)), Want::Miss);
    expect("within 3 = 3", &s.within((3, 1)), face_x.clone());
    expect("within 4 > 3", &s.within((4, 1)), face_x);
    // The irrational edge hit at 3 - 1/√2 = 2.2929 (`edges`): cut by 9/4,
    // kept by 37/16.
    let s = setup::<T>(cube(), ([4, 4, 0], 1), (1, 1), ([-1, -1, 0], 1));
    expect("within 9/4 < 2.29", &s.within((9, 4)), Want::Miss);
    expect(
        "within 37/16 > 2.29",
        &s.within((37, 16)),
        Want::HitAtBruteTime,
    );
    // The corner hit at t = 1 (`corners`): cut by 15/16, kept at 1.
    let s = setup::<T>(cube(), ([7, 9, 25], 1), (13, 1), ([-3, -4, -12], 1));
    expect("within 15/16 < 1", &s.within((15, 16)), Want::Miss);
    expect(
        "within 1 = 1",
        &s.within((1, 1)),
        hit_w(
            w(1, 1),
            ws([1, 1, 1], 1),
            ws([4, 5, 13], 1),
            ws([3, 4, 12], 13),
        ),
    );
    // Touching at 0 moving in: kept by the limit 0, dropped by -1 (no time
    // at all is admitted); an overlap is reported whatever the limit.
    let s = setup::<T>(cube(), ([2, 0, 0], 1), (1, 1), ([-1, 0, 0], 1));
    expect(
        "touch within 0",
        &s.within((0, 1)),
        hit_w(
            w(0, 1),
            ws([1, 0, 0], 1),
            ws([2, 0, 0], 1),
            ws([1, 0, 0], 1),
        ),
    );
    let got = s.within((-1, 1)).run();
    assert_eq!(got, Ok(Sweep::Miss), "touch within -1 ({})", T::NAME);
    let s = setup::<T>(cube(), ([1, -2, 3], 4), (1, 1), ([0, 0, 0], 1));
    for l in [(-1, 1), (0, 1), (5, 1)] {
        expect(
            &format!("overlap within {l:?}"),
            &s.within(l),
            Want::Overlap(ws([1, -2, 3], 4)),
        );
    }
}

/// The box `[-1, 1] x [-2, 2] x [-3, 3]` as an oriented box: center 0,
/// axes (0, 1, 0), (-1, 0, 0), (0, 0, 1) (a quarter turn about z), half
/// extents (2, 1, 3); exact on every backend.
fn quarter_turned<T: Backend>() -> BoxT<T> {
    BoxT::Obb(Obb3::new(
        Vec3::zero(),
        [vi(0, 1, 0), vi(-1, 0, 0), vi(0, 0, 1)],
        [num(2, 1), num(1, 1), num(3, 1)],
    ))
}

/// The rules on an oriented box.
fn oriented<T: Backend>() {
    // The top face z = 3: from (0, 0, 6), r = 1, by (0, 0, -1): t = 2, the
    // contact (0, 0, 3), the normal (0, 0, 1).
    let s = setup::<T>(quarter_turned(), ([0, 0, 6], 1), (1, 1), ([0, 0, -1], 1));
    expect(
        "obb face z",
        &s,
        hit_w(
            w(2, 1),
            ws([0, 0, 3], 1),
            ws([0, 0, 4], 1),
            ws([0, 0, 1], 1),
        ),
    );
    // The face x = 1 (local axis 1, negated): from (5, 1/2, -2) by (-1, 0,
    // 0), r = 1: x = 2 at t = 3; the contact (1, 1/2, -2) (|y| <= 2, |z| <=
    // 3), the normal (1, 0, 0).
    let s = setup::<T>(quarter_turned(), ([10, 1, -4], 2), (1, 1), ([-1, 0, 0], 1));
    expect(
        "obb face x",
        &s,
        hit_w(
            w(3, 1),
            ws([2, 1, -4], 2),
            ws([4, 1, -4], 2),
            ws([1, 0, 0], 1),
        ),
    );
    // The edge (1, 2, z): from (7, 10, 0), r = 5, by (-3, -4, 0): the
    // offset (6, 8) - t (3, 4): t = 1, the center (4, 6, 0).
    let s = setup::<T>(quarter_turned(), ([7, 10, 0], 1), (5, 1), ([-3, -4, 0], 1));
    expect(
        "obb edge",
        &s,
        hit_w(
            w(1, 1),
            ws([1, 2, 0], 1),
            ws([4, 6, 0], 1),
            [w(3, 5), w(4, 5), w(0, 1)],
        ),
    );
    // The corner (-1, 2, -3): from corner + 2 (-1, 2, -2) = (-3, 6, -7), r
    // = 3, by (1, -2, 2): t = 1.
    let s = setup::<T>(quarter_turned(), ([-3, 6, -7], 1), (3, 1), ([1, -2, 2], 1));
    expect(
        "obb corner",
        &s,
        hit_w(
            w(1, 1),
            ws([-1, 2, -3], 1),
            ws([-2, 4, -5], 1),
            ws([-1, 2, -2], 3),
        ),
    );
    // The box moving up at 1, the sphere at rest at (0, 0, 6), r = 1: the
    // face z = 3 + t meets z = 6 - 1 at t = 2, at (0, 0, 5).
    let mut s = setup::<T>(quarter_turned(), ([0, 0, 6], 1), (1, 1), ([0, 0, 0], 1));
    s.bv = vi(0, 0, 1);
    expect(
        "obb moving",
        &s,
        hit_w(
            w(2, 1),
            ws([0, 0, 5], 1),
            ws([0, 0, 6], 1),
            ws([0, 0, 1], 1),
        ),
    );
    // A graze of the cylinder about the edge (1, 2, z): (4, 6, 0) is on it
    // (offset (3, 4)), (-4, 3, 0) tangent: from (12, 0, 0). A miss.
    let s = setup::<T>(quarter_turned(), ([12, 0, 0], 1), (5, 1), ([-4, 3, 0], 1));
    expect("obb edge graze", &s, Want::Miss);
    // Overlapping: center (3/2, 5/2, 0), r = 1: the nearest point (1, 2,
    // 0) at distance² 1/2.
    let s = setup::<T>(quarter_turned(), ([3, 5, 0], 2), (1, 1), ([1, 0, 0], 1));
    expect("obb overlap", &s, Want::Overlap(ws([1, 2, 0], 1)));
    // Touching the face z = 3 at 0 (center (0, 0, 4)): in, a hit at 0;
    // sliding, a miss.
    let s = setup::<T>(quarter_turned(), ([0, 0, 4], 1), (1, 1), ([1, 1, -1], 1));
    expect(
        "obb touch, in",
        &s,
        hit_w(
            w(0, 1),
            ws([0, 0, 3], 1),
            ws([0, 0, 4], 1),
            ws([0, 0, 1], 1),
        ),
    );
    expect(
        "obb touch, sliding",
        &s.with_velocity(([1, 1, 0], 1)),
        Want::Miss,
    );
}

macro_rules! on_every_backend {
    ($($name:ident),*) => {$(
        #[test]
        fn $name() {
            swept_support::each_backend!(T => super::$name::<T>());
            super::$name::<swept_support::Exact>();
        }
    )*};
}

mod hand {
    on_every_backend!(
        faces,
        edges,
        corners,
        grazes,
        touching,
        overlaps,
        points,
        degenerate,
        within_limits,
        oriented
    );
}

/// Rational rotations on the exact backend: the answers in world
/// coordinates from the frame's.
#[test]
fn oriented_rational_rotations_exact() {
    // Axes of the quaternion (2, 1, 0, 0)/√5: (1, 0, 0), (0, 3/5, 4/5),
    // (0, -4/5, 3/5); and of (1, 2, 3, 4)/√30, a general rotation.
    let e = |n| q(n, 1);
    for axes in [
        rational_rotation([2, 1, 0, 0]),
        rational_rotation([1, 2, 3, 4]),
    ] {
        let [a0, a1, a2] = axes.clone();
        let o = Vec3::new(e(1), e(1), e(1));
        let b = Obb3::new(o.clone(), axes.clone(), [e(1), e(2), e(3)]);
        let at = |x: [i64; 3]| {
            o.clone() + a0.clone() * e(x[0]) + a1.clone() * e(x[1]) + a2.clone() * e(x[2])
        };
        let vec = |x: [i64; 3]| a0.clone() * e(x[0]) + a1.clone() * e(x[1]) + a2.clone() * e(x[2]);
        let zero = Vec3::zero();
        let hit = |t: i64, p: Vec3<Exact>, c: Vec3<Exact>, n: Vec3<Exact>| {
            Ok(Sweep::Hit(Hit {
                time: e(t),
                point: p,
                center: c,
                normal: n,
            }))
        };
        // Frame (0, 0, 7), r = 2, by -a2: frame z = 3 + 2 at t = 2; the
        // contact at frame (0, 0, 3), the center (0, 0, 5), the normal a2.
        let s = Sphere::new(at([0, 0, 7]), e(2));
        let got = sweep_sphere_obb3(&s, &-a2.clone(), &b, &zero);
        assert_eq!(got, hit(2, at([0, 0, 3]), at([0, 0, 5]), a2.clone()));
        // Frame (7, 10, 0), r = 5, by frame (-3, -4, 0): the edge at frame
        // (1, 2, z), t = 1; the normal frame (3, 4, 0)/5.
        let s = Sphere::new(at([7, 10, 0]), e(5));
        let got = sweep_sphere_obb3(&s, &vec([-3, -4, 0]), &b, &zero);
        let n = (a0.clone() * e(3) + a1.clone() * e(4)) * q(1, 5);
        assert_eq!(got, hit(1, at([1, 2, 0]), at([4, 6, 0]), n));
        // The same moving with the box by u = (1, -2, 1/2): the contact and
        // the center move by u t.
        let u = Vec3::new(e(1), e(-2), q(1, 2));
        let got = sweep_sphere_obb3(&s, &(vec([-3, -4, 0]) + u.clone()), &b, &u);
        let n = (a0.clone() * e(3) + a1.clone() * e(4)) * q(1, 5);
        assert_eq!(
            got,
            hit(1, at([1, 2, 0]) + u.clone(), at([4, 6, 0]) + u.clone(), n)
        );
        // Overlapping: frame (2, 3, 7/2), r = 2: the nearest frame point
        // (1, 2, 3) at distance² 1 + 1 + 1/4 < 4.
        let s = Sphere::new(at([4, 6, 7]) * q(1, 2) + o.clone() * q(1, 2), e(2));
        let got = sweep_sphere_obb3(&s, &zero, &b, &zero);
        assert_eq!(
            got,
            Ok(Sweep::Overlapping {
                witness: at([1, 2, 3])
            })
        );
    }
}

// ---------------------------------------------------------------------------
// Bad input: an error naming it, never a panic.

/// On the floats: NaN and infinities (`bad`) in every input.
fn not_finite<T: Backend>(bad: [T; 3]) {
    let name = T::NAME;
    let one = num::<T>(1, 1);
    let cube = Aabb3::new(vi::<T>(-1, -1, -1), vi(1, 1, 1));
    let obb = Obb3::new(
        Vec3::zero(),
        [vi::<T>(1, 0, 0), vi(0, 1, 0), vi(0, 0, 1)],
        [one.clone(), one.clone(), one.clone()],
    );
    let s = Sphere::new(vi::<T>(5, 0, 0), one.clone());
    let v = vi::<T>(-1, 0, 0);
    let z = Vec3::<T>::zero();
    for x in bad {
        let nf = |q| Err(Error::NotFinite(q));
        let with_x = |mut p: Vec3<T>| {
            p.y = x.clone();
            p
        };
        use Quantity::*;
        let aabb_cases: [(Quantity, Result<Sweep3<T>, Error>); 6] = [
            (
                Center,
                sweep_sphere_aabb3(
                    &Sphere::new(with_x(s.center.clone()), one.clone()),
                    &v,
                    &cube,
                    &z,
                ),
            ),
            (
                Radius,
                sweep_sphere_aabb3(&Sphere::new(s.center.clone(), x.clone()), &v, &cube, &z),
            ),
            (
                Velocity,
                sweep_sphere_aabb3(&s, &with_x(v.clone()), &cube, &z),
            ),
            (
                Min,
                sweep_sphere_aabb3(
                    &s,
                    &v,
                    &Aabb3::new(with_x(cube.min.clone()), cube.max.clone()),
                    &z,
                ),
            ),
            (
                Max,
                sweep_sphere_aabb3(
                    &s,
                    &v,
                    &Aabb3::new(cube.min.clone(), with_x(cube.max.clone())),
                    &z,
                ),
            ),
            (
                BoxVelocity,
                sweep_sphere_aabb3(&s, &v, &cube, &with_x(z.clone())),
            ),
        ];
        for (what, got) in aabb_cases {
            assert_eq!(got, nf(what), "aabb, {what:?} = {x:?} ({name})");
        }
        let mut bad_axes = obb.clone();
        bad_axes.axes[1] = with_x(bad_axes.axes[1].clone());
        let mut bad_half = obb.clone();
        bad_half.half_extents[2] = x.clone();
        let mut bad_center = obb.clone();
        bad_center.center = with_x(bad_center.center.clone());
        let obb_cases: [(Quantity, Result<Sweep3<T>, Error>); 5] = [
            (
                Center,
                sweep_sphere_obb3(
                    &Sphere::new(with_x(s.center.clone()), one.clone()),
                    &v,
                    &obb,
                    &z,
                ),
            ),
            (BoxCenter, sweep_sphere_obb3(&s, &v, &bad_center, &z)),
            (Axes, sweep_sphere_obb3(&s, &v, &bad_axes, &z)),
            (HalfExtents, sweep_sphere_obb3(&s, &v, &bad_half, &z)),
            (
                BoxVelocity,
                sweep_sphere_obb3(&s, &v, &obb, &with_x(z.clone())),
            ),
        ];
        for (what, got) in obb_cases {
            assert_eq!(got, nf(what), "obb, {what:?} = {x:?} ({name})");
        }
        // A bad limit, even where the motion alone ends the query (moving
        // away).
        let away = vi::<T>(1, 0, 0);
        assert_eq!(
            sweep_sphere_aabb3_within(&s, &away, &cube, &z, &x),
            nf(MaxTime),
            "aabb limit {x:?} ({name})"
        );
        assert_eq!(
            sweep_sphere_obb3_within(&s, &away, &obb, &z, &x),
            nf(MaxTime),
            "obb limit {x:?} ({name})"
        );
    }
}

#[test]
fn not_finite_input_is_an_error() {
    not_finite::<f32>([f32::NAN, f32::INFINITY, f32::NEG_INFINITY]);
    not_finite::<f64>([f64::NAN, f64::INFINITY, f64::NEG_INFINITY]);
}

/// On every backend: negative radius or half extent, `min > max`, axes
/// not orthonormal.
fn negative_and_bad_axes<T: Backend>() {
    let name = T::NAME;
    let one = num::<T>(1, 1);
    let cube = Aabb3::new(vi::<T>(-1, -1, -1), vi(1, 1, 1));
    let axes = [vi::<T>(1, 0, 0), vi(0, 1, 0), vi(0, 0, 1)];
    let obb = Obb3::new(
        Vec3::zero(),
        axes.clone(),
        [one.clone(), one.clone(), one.clone()],
    );
    let s = Sphere::new(vi::<T>(5, 0, 0), one.clone());
    let v = vi::<T>(-1, 0, 0);
    let z = Vec3::<T>::zero();
    let neg = Sphere::new(s.center.clone(), num(-1, 2));
    for away in [false, true] {
        // Moving away too: the early exit must not skip the checks.
        let v = if away { -v.clone() } else { v.clone() };
        assert_eq!(
            sweep_sphere_aabb3(&neg, &v, &cube, &z),
            Err(Error::Negative(Quantity::Radius)),
            "{name}"
        );
        assert_eq!(
            sweep_sphere_obb3(&neg, &v, &obb, &z),
            Err(Error::Negative(Quantity::Radius)),
            "{name}"
        );
        for i in 0..3 {
            let mut inv = cube.clone();
            match i {
                0 => inv.min.x = num(2, 1),
                1 => inv.max.y = num(-2, 1),
                _ => inv.min.z = num(3, 2),
            }
            assert_eq!(
                sweep_sphere_aabb3(&s, &v, &inv, &z),
                Err(Error::Negative(Quantity::Extent)),
                "{name}: inverted axis {i}"
            );
            let mut bad = obb.clone();
            bad.half_extents[i] = num(-1, 4);
            assert_eq!(
                sweep_sphere_obb3(&s, &v, &bad, &z),
                Err(Error::Negative(Quantity::HalfExtents)),
                "{name}: negative half extent {i}"
            );
        }
        // Axes not orthonormal: a repeated axis, a long one, a short one,
        // one tilted by far more than the tolerance; each an error.
        let tilted = Vec3::new(one.clone(), num(1, 2), T::zero());
        for (what, bad) in [
            (
                "repeated",
                [axes[0].clone(), axes[0].clone(), axes[2].clone()],
            ),
            ("long", [vi(2, 0, 0), axes[1].clone(), axes[2].clone()]),
            (
                "short",
                [axes[0].clone(), v3([0, 1, 0], 2), axes[2].clone()],
            ),
            ("tilted", [tilted, axes[1].clone(), axes[2].clone()]),
            ("zero", [axes[0].clone(), axes[1].clone(), Vec3::zero()]),
        ] {
            let b = Obb3::new(Vec3::zero(), bad, obb.half_extents.clone());
            let got = sweep_sphere_obb3(&s, &v, &b, &z);
            assert!(
                matches!(got, Err(Error::BadAxes(_))),
                "{name}: {what} axes: {got:?}"
            );
            let got = sweep_sphere_obb3_within(&s, &v, &b, &z, &one);
            assert!(
                matches!(got, Err(Error::BadAxes(_))),
                "{name}: {what} axes, within: {got:?}"
            );
        }
    }
    // Axes off by far less than the tolerance (1/16) are accepted: x tilted
    // by 1/256 toward y.
    let slightly = [
        Vec3::new(one.clone(), num(1, 256), T::zero()),
        axes[1].clone(),
        axes[2].clone(),
    ];
    let b = Obb3::new(Vec3::zero(), slightly, obb.half_extents.clone());
    let got = sweep_sphere_obb3(&s, &v, &b, &z);
    assert!(got.is_ok(), "{name}: axes within the tolerance: {got:?}");
    // The repeated-axes fault is named.
    let b = Obb3::new(
        Vec3::zero(),
        [axes[0].clone(), axes[0].clone(), axes[2].clone()],
        obb.half_extents.clone(),
    );
    assert_eq!(
        sweep_sphere_obb3(&s, &v, &b, &z),
        Err(Error::BadAxes(AxesFault::NotOrthogonal { axes: [0, 1] })),
        "{name}"
    );
}

mod refused {
    on_every_backend!(negative_and_bad_axes);
}

/// Raw bit patterns in every input, on every backend: an answer or an
/// error, never a panic (and never a hit at a negative time or a
/// non-finite value).
fn raw_bits<T: Backend>(seed: u64) {
    let mut r = SplitMix64::new(seed);
    // Raw bits one time in three, small grid values otherwise (so that
    // many queries get past the checks).
    let draw = |r: &mut SplitMix64| -> T {
        match r.next_u64() % 3 {
            0 => T::from_raw(r.next_u64()),
            _ => T::from_ratio((r.next_u64() % 17) as i64 - 8, 1 << (r.next_u64() % 3)).unwrap(),
        }
    };
    let v = |r: &mut SplitMix64| Vec3::new(draw(r), draw(r), draw(r));
    for _ in 0..3000 {
        let s = Sphere::new(v(&mut r), v(&mut r).x);
        let (sv, bv) = (v(&mut r), v(&mut r));
        let b = Aabb3::new(v(&mut r), v(&mut r));
        let o = Obb3::new(
            v(&mut r),
            [v(&mut r), v(&mut r), v(&mut r)],
            [v(&mut r).x, v(&mut r).y, v(&mut r).z],
        );
        let lim = v(&mut r).x;
        for got in [
            sweep_sphere_aabb3(&s, &sv, &b, &bv),
            sweep_sphere_aabb3_within(&s, &sv, &b, &bv, &lim),
            sweep_sphere_obb3(&s, &sv, &o, &bv),
            sweep_sphere_obb3_within(&s, &sv, &o, &bv, &lim),
        ] {
            if let Ok(Sweep::Hit(h)) = got {
                assert!(
                    h.time >= T::zero() && h.time.is_finite() && h.normal.x.is_finite(),
                    "{}: {h:?}",
                    T::NAME
                );
            }
        }
    }
}

#[test]
fn raw_bits_never_panic() {
    swept_support::each_backend!(T => raw_bits::<T>(0xB175));
}

// ---------------------------------------------------------------------------
// Quickcheck properties on the exact backend (module doc, 3), from fixed
// seeds.

/// A case from the biased generator, aligned or oriented.
#[derive(Clone, Debug)]
struct Input(Case);

impl Arbitrary for Input {
    fn arbitrary(g: &mut quickcheck::Gen) -> Input {
        let mut s = Gen::new(u64::arbitrary(g));
        let l = local_case3(&mut s);
        Input(if s.chance(0.5) {
            Case::from_aabb(place_aabb3(&mut s, &l))
        } else {
            Case::from_obb(place_obb3(&mut s, &l))
        })
    }
}

/// An integer offset, each coordinate in [-64, 63].
#[derive(Clone, Debug)]
struct Offset(Vec3<Exact>);

impl Arbitrary for Offset {
    fn arbitrary(g: &mut quickcheck::Gen) -> Offset {
        let c = |g: &mut quickcheck::Gen| q(i64::from(i8::arbitrary(g) / 2), 1);
        Offset(Vec3::new(c(g), c(g), c(g)))
    }
}

/// A small rational velocity.
#[derive(Clone, Debug)]
struct Extra(Vec3<Exact>);

impl Arbitrary for Extra {
    fn arbitrary(g: &mut quickcheck::Gen) -> Extra {
        let mut s = Gen::new(u64::arbitrary(g));
        Extra(Vec3::new(s.value(4), s.value(4), s.value(4)))
    }
}

/// A small positive rational.
#[derive(Clone, Debug)]
struct Factor(Exact);

impl Arbitrary for Factor {
    fn arbitrary(g: &mut quickcheck::Gen) -> Factor {
        let n = 1 + i64::from(u8::arbitrary(g) % 12);
        let d = *g.choose(&[1i64, 2, 3, 4, 7, 16, 64]).unwrap();
        Factor(q(n, d))
    }
}

/// One of the six permutations of the axes, or a mirror of one axis.
#[derive(Clone, Debug)]
struct Linear(u8);

impl Arbitrary for Linear {
    fn arbitrary(g: &mut quickcheck::Gen) -> Linear {
        Linear(u8::arbitrary(g) % 8)
    }
}

impl Linear {
    fn apply(&self, p: &Vec3<Exact>) -> Vec3<Exact> {
        let (x, y, z) = (p.x.clone(), p.y.clone(), p.z.clone());
        match self.0 {
            0 => Vec3::new(-x, y, z),
            1 => Vec3::new(x, -y, z),
            2 => Vec3::new(x, y, -z),
            3 => Vec3::new(y, x, z),
            4 => Vec3::new(x, z, y),
            5 => Vec3::new(z, y, x),
            6 => Vec3::new(y, z, x),
            _ => Vec3::new(z, x, y),
        }
    }
}

impl Case {
    /// Every position mapped by `pos`, every velocity and axis by `lin`
    /// (linear); an aligned box keeps its corners sorted.
    fn map(
        &self,
        pos: impl Fn(&Vec3<Exact>) -> Vec3<Exact>,
        lin: impl Fn(&Vec3<Exact>) -> Vec3<Exact>,
    ) -> Case {
        let b = match &self.b {
            Box3::Aabb(b) => {
                let (p, r) = (pos(&b.min), pos(&b.max));
                let lo = |a: &Exact, b: &Exact| if a < b { a.clone() } else { b.clone() };
                let hi = |a: &Exact, b: &Exact| if a < b { b.clone() } else { a.clone() };
                Box3::Aabb(Aabb3::new(
                    Vec3::new(lo(&p.x, &r.x), lo(&p.y, &r.y), lo(&p.z, &r.z)),
                    Vec3::new(hi(&p.x, &r.x), hi(&p.y, &r.y), hi(&p.z, &r.z)),
                ))
            }
            Box3::Obb(b) => Box3::Obb(Obb3::new(
                pos(&b.center),
                b.axes.each_ref().map(&lin),
                b.half_extents.clone(),
            )),
        };
        Case {
            sphere: Sphere::new(pos(&self.sphere.center), self.sphere.radius.clone()),
            sv: lin(&self.sv),
            b,
            bv: lin(&self.bv),
        }
    }

    /// The box grown by `d` on every half extent (`d` may be negative).
    fn grown(&self, d: &Exact) -> Case {
        let mut c = self.clone();
        match &mut c.b {
            Box3::Aabb(b) => {
                let dv = Vec3::new(d.clone(), d.clone(), d.clone());
                b.min -= dv.clone();
                b.max += dv;
            }
            Box3::Obb(b) => {
                for e in b.half_extents.iter_mut() {
                    *e = e.clone() + d.clone();
                }
            }
        }
        c
    }

    /// The smallest half extent.
    fn min_half_extent(&self) -> Q {
        let f = self.frame();
        f.k.iter().min().cloned().unwrap_or_default()
    }
}

/// `|a - b| <= 2^-200 (1 + |a| + |b|)`.
fn near(a: &Exact, b: &Exact) -> bool {
    let d = qabs(&Q::from(&a.0 - &b.0));
    d <= eps() * (Q::from(1) + qabs(&a.0) + qabs(&b.0))
}

fn near3(a: &Vec3<Exact>, b: &Vec3<Exact>) -> bool {
    near(&a.x, &b.x) && near(&a.y, &b.y) && near(&a.z, &b.z)
}

/// Two query times for the same true time: equal, or (built with a
/// square root) within 2^-200 relative.
fn same_time(a: &Exact, b: &Exact) -> bool {
    a == b || qabs(&Q::from(&a.0 - &b.0)) <= eps() * qabs(&a.0)
}

fn fail(msg: String) -> TestResult {
    TestResult::error(msg)
}

/// Two answers related as a property says: the same kind; times by
/// `time_ok`; points and centers by `point_ok` (the first answer's value,
/// its time, the second's value); witnesses by `witness_ok`; normals by
/// `normal_ok`.
fn related(
    a: &Result<Sweep3<Exact>, Error>,
    b: &Result<Sweep3<Exact>, Error>,
    time_ok: impl Fn(&Exact, &Exact) -> bool,
    point_ok: impl Fn(&Vec3<Exact>, &Exact, &Vec3<Exact>) -> bool,
    witness_ok: impl Fn(&Vec3<Exact>, &Vec3<Exact>) -> bool,
    normal_ok: impl Fn(&Vec3<Exact>, &Vec3<Exact>) -> bool,
) -> TestResult {
    match (a, b) {
        (Ok(Sweep::Miss), Ok(Sweep::Miss)) => TestResult::passed(),
        (Ok(Sweep::Overlapping { witness: p }), Ok(Sweep::Overlapping { witness: w })) => {
            if witness_ok(p, w) {
                TestResult::passed()
            } else {
                fail(format!("witnesses {p:?} / {w:?}"))
            }
        }
        (Ok(Sweep::Hit(h)), Ok(Sweep::Hit(k))) => {
            if !time_ok(&h.time, &k.time) {
                fail(format!("times {:?} / {:?}", h.time, k.time))
            } else if !point_ok(&h.point, &h.time, &k.point) {
                fail(format!("points {:?} / {:?}", h.point, k.point))
            } else if !point_ok(&h.center, &h.time, &k.center) {
                fail(format!("centers {:?} / {:?}", h.center, k.center))
            } else if !normal_ok(&h.normal, &k.normal) {
                fail(format!("normals {:?} / {:?}", h.normal, k.normal))
            } else {
                TestResult::passed()
            }
        }
        _ => fail(format!("kinds differ: {a:?} / {b:?}")),
    }
}

fn check1(seed: u64, n: u64, prop: fn(Input) -> TestResult) {
    QuickCheck::new()
        .rng(quickcheck::Gen::from_size_and_seed(100, seed))
        .tests(n)
        .max_tests(10 * n)
        .quickcheck(prop);
}

fn check2<A: Arbitrary + core::fmt::Debug>(seed: u64, n: u64, prop: fn(Input, A) -> TestResult) {
    QuickCheck::new()
        .rng(quickcheck::Gen::from_size_and_seed(100, seed))
        .tests(n)
        .max_tests(10 * n)
        .quickcheck(prop);
}

/// Moving both bodies by an integer offset `d`: the same kind and time;
/// the point, the center and the witness moved by `d`, the same normal.
fn translation(input: Input, d: Offset) -> TestResult {
    let (case, d) = (input.0, d.0);
    let moved = case.map(|p| p.clone() + d.clone(), |v| v.clone());
    related(
        &case.query(),
        &moved.query(),
        same_time,
        |p, _, r| near3(&(p.clone() + d.clone()), r),
        |p, r| p.clone() + d.clone() == *r,
        near3,
    )
}

#[test]
fn translation_invariance() {
    check2(0x7A45, 1500, translation);
}

/// Mirroring an axis or permuting the axes (of every position, velocity
/// and box axis): the same kind and time; the point, center, witness and
/// normal mapped.
fn symmetry(input: Input, m: Linear) -> TestResult {
    let case = input.0;
    let mapped = case.map(|p| m.apply(p), |v| m.apply(v));
    related(
        &case.query(),
        &mapped.query(),
        same_time,
        |p, _, r| near3(&m.apply(p), r),
        |p, r| m.apply(p) == *r,
        |n, k| near3(&m.apply(n), k),
    )
}

#[test]
fn mirror_and_permutation_symmetry() {
    check2(0x5A11, 2000, symmetry);
}

/// The same extra velocity `u` for both bodies: the same kind and time;
/// the point and the center moved by `u t`.
fn extra_velocity(input: Input, u: Extra) -> TestResult {
    let (case, u) = (input.0, u.0);
    let mut moved = case.clone();
    moved.sv += u.clone();
    moved.bv += u.clone();
    related(
        &case.query(),
        &moved.query(),
        same_time,
        |p, t, r| near3(&(p.clone() + u.clone() * t.clone()), r),
        |p, r| p == r,
        near3,
    )
}

#[test]
fn common_velocity_is_relative_motion() {
    check2(0xC0AA, 1500, extra_velocity);
}

/// Both velocities times `k > 0`: the time divided by `k`; the point, the
/// center and the normal unchanged.
fn scaled_velocity(input: Input, k: Factor) -> TestResult {
    let (case, k) = (input.0, k.0);
    let mut fast = case.clone();
    fast.sv *= k.clone();
    fast.bv *= k.clone();
    related(
        &case.query(),
        &fast.query(),
        |s, t| same_time(&(t.clone() * k.clone()), s),
        |p, _, r| near3(p, r),
        |p, r| p == r,
        near3,
    )
}

#[test]
fn scaling_velocities_divides_time() {
    check2(0x5CA1, 1500, scaled_velocity);
}

/// A larger body (`bigger`) than `case`'s, containing its δ-neighbourhood:
/// a hit at `t` becomes an overlap or a hit strictly before `t` (at `t`
/// the center is strictly within the new reach, and the distance along a
/// line is convex, so the first touch comes earlier and moves in); an
/// overlap stays an overlap.
fn larger_is_earlier(
    small: &Result<Sweep3<Exact>, Error>,
    big: &Result<Sweep3<Exact>, Error>,
) -> TestResult {
    match (small, big) {
        (Ok(Sweep::Hit(h)), Ok(Sweep::Overlapping { .. })) if h.time.signum() >= 0 => {
            TestResult::passed()
        }
        (Ok(Sweep::Hit(h)), Ok(Sweep::Hit(k))) if k.time < h.time => TestResult::passed(),
        (Ok(Sweep::Overlapping { .. }), Ok(Sweep::Overlapping { .. })) => TestResult::passed(),
        (Ok(Sweep::Miss), Ok(_)) => TestResult::passed(),
        _ => fail(format!("smaller: {small:?}; larger: {big:?}")),
    }
}

/// A miss stays a miss for a smaller body.
fn smaller_still_misses(
    big: &Result<Sweep3<Exact>, Error>,
    small: &Result<Sweep3<Exact>, Error>,
) -> TestResult {
    match (big, small) {
        (Ok(Sweep::Miss), Ok(Sweep::Miss)) => TestResult::passed(),
        (Ok(Sweep::Miss), _) => fail(format!("larger: a miss; smaller: {small:?}")),
        _ => TestResult::passed(),
    }
}

/// The radius grown by `δ`, and shrunk by `δ` where it stays non-negative.
fn radius_monotone(input: Input, d: Factor) -> TestResult {
    let case = input.0;
    let d = d.0 * q(1, 8);
    let here = case.query();
    let mut big = case.clone();
    big.sphere.radius = big.sphere.radius.clone() + d.clone();
    let r = larger_is_earlier(&here, &big.query());
    if r.is_failure() || r.is_error() {
        return r;
    }
    if case.sphere.radius >= d {
        let mut small = case.clone();
        small.sphere.radius = small.sphere.radius.clone() - d;
        return smaller_still_misses(&here, &small.query());
    }
    TestResult::passed()
}

#[test]
fn larger_radius_hits_earlier() {
    check2(0x7AD1, 1500, radius_monotone);
}

/// The box grown by `δ` on every half extent, and shrunk by `δ` where its
/// half extents allow.
fn box_monotone(input: Input, d: Factor) -> TestResult {
    let case = input.0;
    let d = d.0 * q(1, 8);
    let here = case.query();
    let r = larger_is_earlier(&here, &case.grown(&d).query());
    if r.is_failure() || r.is_error() {
        return r;
    }
    if case.min_half_extent() >= d.0 {
        return smaller_still_misses(&here, &case.grown(&-d).query());
    }
    TestResult::passed()
}

#[test]
fn grown_box_hits_earlier() {
    check2(0xB0C5, 1500, box_monotone);
}

/// `_within` agrees with the unlimited query: a hit at `t <= limit` the
/// same, later a miss; an overlap or a miss unchanged (a negative limit
/// drops even a hit at 0, and still reports an overlap).
fn within_limit(input: Input, limit: Factor) -> TestResult {
    let case = input.0;
    let limit = limit.0 - q(1, 2);
    let full = case.query();
    let lim = case.query_within(&limit);
    match (&full, &lim) {
        (Ok(Sweep::Hit(h)), _) if h.time > limit => {
            if lim == Ok(Sweep::Miss) {
                TestResult::passed()
            } else {
                fail(format!(
                    "hit at {:?} past the limit {limit:?}: {lim:?}",
                    h.time
                ))
            }
        }
        _ if full == lim => TestResult::passed(),
        _ => fail(format!("limit {limit:?}: {full:?} / {lim:?}")),
    }
}

#[test]
fn within_agrees_with_unlimited() {
    check2(0x1137, 1500, within_limit);
}

/// The contact, for any case (also checked against the brute force
/// above): at every sampled time before the hit the center is farther
/// than `r` from the box; with no hit it is never nearer than `r`.
fn no_contact_before(input: Input) -> TestResult {
    let case = input.0;
    let f = case.frame();
    let r2 = Q::from(&case.sphere.radius.0 * &case.sphere.radius.0);
    let dist2 = |t: &Q| {
        let c = add(&qv(&case.sphere.center), &scale(&qv(&case.sv), t));
        let x = f.local(t, &c);
        (0..3)
            .map(|j| {
                let g = Q::from(qabs(&x[j]) - &f.k[j]);
                if g.cmp0().is_gt() {
                    Q::from(&g * &g)
                } else {
                    Q::new()
                }
            })
            .fold(Q::new(), |a, b| a + b)
    };
    match case.query() {
        Ok(Sweep::Hit(h)) if h.time.signum() > 0 => {
            for j in 0..16 {
                let s = Q::from(&h.time.0 * Q::from((j, 16)));
                if dist2(&s) <= r2 {
                    return fail(format!(
                        "within r already at {j}/16 of the time {:?}",
                        h.time
                    ));
                }
            }
            TestResult::passed()
        }
        Ok(Sweep::Miss) => {
            for s in [0, 1, 2, 3, 4, 8, 16, 64, 1000] {
                if dist2(&Q::from((s, 2))) < r2 {
                    return fail(format!("a miss, but within r at t = {s}/2"));
                }
            }
            TestResult::passed()
        }
        Ok(_) => TestResult::passed(),
        Err(e) => fail(format!("{e:?}")),
    }
}

#[test]
fn nothing_is_touched_before_the_hit() {
    check1(0xF125, 2000, no_contact_before);
}
