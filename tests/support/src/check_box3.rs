//! The check of one answer of `swept::query::sweep_sphere_box` against
//! the brute force of [`crate::brute_box3`], on the exact backend, and the
//! runs of many cases (`tests/sweep_box3_brute.rs`). For every case:
//!
//! * the kind (overlapping, hit, miss) must be the brute force's;
//! * an overlap's witness must be exactly the box's point nearest the
//!   center at `t = 0`;
//! * a hit's time must equal the brute force's exactly when that is
//!   rational (a face, or an edge or corner whose discriminant is a
//!   square, every `r = 0` contact), and be within 2^-200 relative of the
//!   exact surd otherwise (the exact backend's square root is within
//!   2^-256: an irrational time cannot be represented exactly);
//! * the center must be `p + t v` at the query's own time `t` (exactly
//!   when the time is rational, within 2^-200 otherwise; so below), the
//!   point must lie on the box's surface at time `t` (the box moved by its
//!   velocity): inside its closed slabs, on at least one face;
//! * `r > 0`: `|center - point| = r` and `center - point = r n`; the
//!   normal lies in the box's normal cone at the point (zero along every
//!   axis on which the point is strictly inside the span, pointing out on
//!   the others), so the point is the box's point nearest the center and
//!   the normal is perpendicular to the contact feature;
//! * `r = 0`: the point is the center; on a single face, the normal is
//!   exactly that face's axis; at an edge or a corner (run into head-on)
//!   it is unit and in the normal cone, or `-V/|V|` (the 2D rule for a
//!   corner met along no face), counted separately;
//! * the normal is unit (exactly when the time is rational, and within
//!   1e-12 in `f64` always), and the relative velocity goes against it
//!   (`V · n < 0`, exactly: touching while moving away is not a hit).
//!
//! A negative input ([`Case::negative`]) must be an
//! `Err(Error::Negative(_))` instead ([`run`]).

use crate::biased_box3::Path;
use crate::brute_box3::Brute3;
use crate::brute_rect::Surd;
use crate::case_box3::{
    Case, Hit3, Sweep3, add, cross, dot, f64s, qabs, qv, scale, sub, within, within3,
};
use crate::exact::Exact;
use crate::sweep_check::{assert_no_failures, eps};
use rug::Rational;
use std::collections::BTreeMap;
use swept::Error;
use swept::query::Sweep;

type Q = Rational;

/// What a checked answer was, for the tallies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Overlapping at `t = 0`.
    Overlap,
    /// No hit.
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
pub enum PointNormal {
    /// In the normal cone and equal to `-V/|V|`.
    Both,
    /// In the normal cone only.
    Cone,
    /// `-V/|V|` only.
    AgainstVelocity,
}

/// What [`check`] found in an answer that passed.
#[derive(Clone, Copy, Debug)]
pub struct Checked {
    /// What the answer was.
    pub kind: Kind,
    /// A hit at an irrational time.
    pub irrational: bool,
    /// For a zero radius at an edge or a corner: how the normal was chosen.
    pub point_normal: Option<PointNormal>,
}

fn checked(kind: Kind) -> Checked {
    Checked {
        kind,
        irrational: false,
        point_normal: None,
    }
}

/// Checks the query's answer `got` for `case` against the brute force's
/// `want` (the module doc).
pub fn check(
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

/// The brute force's answer, for messages.
pub fn describe(b: &Brute3) -> String {
    match b {
        Brute3::Hit(t) => format!("Hit at {} ({t:?})", t.nearest_f64()),
        other => format!("{other:?}"),
    }
}

/// The checks of a hit at the exact time `want` (the module doc).
pub fn check_hit(case: &Case, hit: &Hit3<Exact>, want: &Surd) -> Result<Checked, String> {
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
            want.nearest_f64()
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

/// The counts of a run.
#[derive(Default, Debug)]
pub struct Tally {
    /// Cases run.
    pub cases: usize,
    /// Negative inputs, refused as they must be.
    pub refused_negative: usize,
    /// The answers by kind.
    pub kinds: BTreeMap<Kind, usize>,
    /// Hits at an irrational time.
    pub irrational: usize,
    /// Zero-radius hits at an edge or a corner, by the normal's rule.
    pub point_normals: BTreeMap<PointNormal, usize>,
    /// The answers by the generator's path and kind.
    pub paths: BTreeMap<(Path, Kind), usize>,
}

impl Tally {
    /// How many answers were of kind `k`.
    pub fn count(&self, k: Kind) -> usize {
        self.kinds.get(&k).copied().unwrap_or(0)
    }

    /// Counts one answer that passed.
    pub fn record(&mut self, c: &Checked, path: Option<Path>) {
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

    /// Prints the counts (seen with `--nocapture`).
    pub fn print(&self, name: &str) {
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

/// Runs `n` cases from `make` against the brute force: each must pass
/// [`check`], or be a negative input refused; fails listing the first
/// failures. Prints the tallies.
#[track_caller]
pub fn run(name: &str, n: usize, mut make: impl FnMut() -> (Case, Option<Path>)) -> Tally {
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
    assert_no_failures(name, n, &failures);
    tally
}

/// At least `share` of the cases of each kind.
#[track_caller]
pub fn assert_coverage(name: &str, t: &Tally, share: f64) {
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
