//! The accuracy table: every query of the harness's registry
//! (`swept_support::each_query!`) on every backend (`each_backend!`)
//! against the exact backend, over a fixed-seed mix of workload-like and
//! degenerate-biased inputs (`Registered::workload`, `Registered::biased`).
//!
//! `cargo run --release --example accuracy` (`-- --n 1000000` for more cases
//! per query and backend; default 100000, half workload-like, half biased).
//!
//! As in the test harness (`tests/support/src/agree.rs`), each exact input is
//! converted to the backend (nearest), converted back exactly, and the exact
//! backend runs on that same input: the errors are the kernel's arithmetic,
//! not the rounding of the input. Columns:
//!
//! * `inputs`: the workload-like half or the degenerate-biased half;
//!   `same kind`: the kind (overlap, contact, none, ...) equals the exact
//!   backend's; `kind differs`: it does not (every backend decides exactly,
//!   so this is a bug: the run prints the input and exits non-zero);
//!   `refused`: not representable on the backend, or a result outside its
//!   range (`OutOfRange`, `Spread`).
//! * time, point and normal errors over the cases where both sides found a
//!   hit, in ulps of `max(|exact value|, 1)` for floats (of the larger
//!   coordinate for a point or normal; the floor at 1 keeps a time near 0
//!   from counting its absolute error in subnormal ulps) and in LSBs for
//!   fixed point: worst, 99.9th percentile, median. For the squared
//!   distance, the value's error in the time column.

use std::fmt::Write as _;
use swept::Error;
use swept::geom::{Vec2, Vec3};
use swept::query::Sweep;
use swept::query::circle_box::Proximity;
use swept_support::generate::Gen;
use swept_support::queries::{
    CircleAabb2, CircleObb2, DistanceAabb2, DistanceAabb3, DistanceObb2, DistanceObb3, SphereAabb3,
    SphereObb3,
};
use swept_support::segment_queries::SweepSegment;
use swept_support::sweep_queries::{
    SweepAabb2, SweepAabb2Within, SweepCircle, SweepCircleWithin, SweepObb2, SweepObb2Within,
};
use swept_support::sweep3_queries::{SweepAabb3, SweepAabb3Within, SweepObb3, SweepObb3Within};
use swept_support::workload::{SEED, SplitMix64};
use swept_support::{Backend, Exact, Registered, each_backend, each_query};

/// What is measured of one output.
struct Summary<T> {
    /// The kind (enum variant, or the error).
    kind: &'static str,
    /// A contact time.
    time: Option<T>,
    /// A contact point's coordinates.
    point: Option<Vec<T>>,
    /// A normal's coordinates.
    normal: Option<Vec<T>>,
    /// A value (squared distance).
    value: Option<T>,
}

impl<T> Summary<T> {
    fn kind(kind: &'static str) -> Self {
        Summary {
            kind,
            time: None,
            point: None,
            normal: None,
            value: None,
        }
    }
}

/// A harness query whose outputs the table can measure.
trait Measured: Registered {
    fn summary<T: Backend>(out: &Self::Output<T>) -> Summary<T>;
}

fn error_kind(e: &Error) -> &'static str {
    match e {
        Error::OutOfRange { .. } | Error::Spread => "refused",
        Error::NotFinite(_) => "not finite",
        Error::BadAxes(_) => "bad axes",
        _ => "error",
    }
}

fn proximity<T>(out: &Result<Proximity, Error>) -> Summary<T> {
    Summary::kind(match out {
        Ok(Proximity::Disjoint) => "disjoint",
        Ok(Proximity::Touching) => "touching",
        Ok(Proximity::Overlapping) => "overlapping",
        Err(e) => error_kind(e),
    })
}

fn sweep<T: Backend>(out: &Result<Sweep<T>, Error>) -> Summary<T> {
    let xy = |v: &Vec2<T>| vec![v.x.clone(), v.y.clone()];
    match out {
        Ok(Sweep::Overlapping { .. }) => Summary::kind("overlapping"),
        Ok(Sweep::Miss) => Summary::kind("miss"),
        Ok(Sweep::Hit(h)) => Summary {
            kind: "hit",
            time: Some(h.time.clone()),
            point: Some(xy(&h.point)),
            normal: Some(xy(&h.normal)),
            value: None,
        },
        Err(e) => Summary::kind(error_kind(e)),
    }
}

fn sweep3<T: Backend>(out: &Result<Sweep<T, Vec3<T>>, Error>) -> Summary<T> {
    let xyz = |v: &Vec3<T>| vec![v.x.clone(), v.y.clone(), v.z.clone()];
    match out {
        Ok(Sweep::Overlapping { .. }) => Summary::kind("overlapping"),
        Ok(Sweep::Miss) => Summary::kind("miss"),
        Ok(Sweep::Hit(h)) => Summary {
            kind: "hit",
            time: Some(h.time.clone()),
            point: Some(xyz(&h.point)),
            normal: Some(xyz(&h.normal)),
            value: None,
        },
        Err(e) => Summary::kind(error_kind(e)),
    }
}

fn value<T: Backend>(out: &Result<T, Error>) -> Summary<T> {
    match out {
        Ok(d) => Summary {
            value: Some(d.clone()),
            ..Summary::kind("value")
        },
        Err(e) => Summary::kind(error_kind(e)),
    }
}

/// Queries whose output one function summarizes.
macro_rules! measured {
    ($how:ident: $($q:ty),*) => {$(
        impl Measured for $q {
            fn summary<T: Backend>(out: &Self::Output<T>) -> Summary<T> {
                $how(out)
            }
        }
    )*};
}
measured!(proximity: CircleAabb2, SphereAabb3, CircleObb2, SphereObb3);
measured!(value: DistanceAabb2, DistanceAabb3, DistanceObb2, DistanceObb3);
measured!(
    sweep: SweepAabb2,
    SweepObb2,
    SweepAabb2Within,
    SweepObb2Within,
    SweepSegment,
    SweepCircle,
    SweepCircleWithin
);
measured!(
    sweep3: SweepAabb3,
    SweepObb3,
    SweepAabb3Within,
    SweepObb3Within
);

/// The error of `got` against `exact` in units of the backend: ulps of
/// `max(|reference|, 1)` for floats, LSBs for fixed point.
fn units<T: Backend>(got: &T, exact: &Exact, reference: f64) -> f64 {
    let err = (got.to_exact().0 - &exact.0).abs().to_f64();
    err / unit::<T>(reference.abs().max(1.0))
}

/// One ulp at `x` for a float backend (the subnormal spacing at least), one
/// LSB for fixed point.
fn unit<T: Backend>(x: f64) -> f64 {
    if T::REL == 0.0 {
        return T::ABS;
    }
    let x = x.abs();
    if x == 0.0 {
        return T::ABS;
    }
    // REL = 2^-p; ulp(x) = 2^(floor(log2 x) + 1 - p).
    let e = x.log2().floor();
    (2.0 * T::REL * e.exp2()).max(T::ABS)
}

#[derive(Default)]
struct Row {
    cases: u64,
    same: u64,
    differs: u64,
    refused: u64,
    time: Vec<f64>,
    point: Vec<f64>,
    normal: Vec<f64>,
    value: Vec<f64>,
}

fn measure<Q: Measured, T: Backend>(input: &Q::Input<Exact>, row: &mut Row) {
    row.cases += 1;
    let Some(x) = Q::try_map(input, &mut |v: &Exact| T::from_exact(v)) else {
        row.refused += 1;
        return;
    };
    let xe = Q::try_map(&x, &mut |v: &T| Some(v.to_exact())).expect("exact conversion");
    let got = Q::summary(&Q::run(&x));
    let want = Q::summary(&Q::run(&xe));
    if got.kind == "refused" && want.kind != "refused" {
        row.refused += 1;
        return;
    }
    if got.kind != want.kind {
        row.differs += 1;
        eprintln!(
            "KIND DIFFERS: {} on {}: got {}, exact {}\n  input {x:?}",
            Q::NAME,
            T::NAME,
            got.kind,
            want.kind
        );
        return;
    }
    row.same += 1;
    if let (Some(g), Some(w)) = (&got.time, &want.time) {
        row.time.push(units::<T>(g, w, w.nearest_f64()));
    }
    let vector = |g: &Vec<T>, w: &Vec<Exact>| {
        let reference = w.iter().map(|x| x.nearest_f64().abs()).fold(0.0, f64::max);
        g.iter()
            .zip(w)
            .map(|(g, w)| units::<T>(g, w, reference))
            .fold(0.0, f64::max)
    };
    if let (Some(g), Some(w)) = (&got.point, &want.point) {
        row.point.push(vector(g, w));
    }
    if let (Some(g), Some(w)) = (&got.normal, &want.normal) {
        row.normal.push(vector(g, w));
    }
    if let (Some(g), Some(w)) = (&got.value, &want.value) {
        row.value.push(units::<T>(g, w, w.nearest_f64()));
    }
}

/// `worst / 99.9% / median`, or `-` with no samples.
fn stats(v: &mut [f64]) -> String {
    if v.is_empty() {
        return "-".into();
    }
    v.sort_by(f64::total_cmp);
    let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    format!(
        "{} / {} / {}",
        short(at(1.0)),
        short(at(0.999)),
        short(at(0.5))
    )
}

fn short(x: f64) -> String {
    if x == 0.0 {
        "0".into()
    } else if x < 100.0 {
        format!("{x:.2}")
    } else {
        format!("{x:.2e}")
    }
}

/// Runs `Q` over `inputs` on every backend and prints two table rows each
/// (the workload half, then the biased half); returns the number of
/// inputs whose kind differs from the exact backend's.
fn table<Q: Measured>(inputs: &[Q::Input<Exact>], out: &mut String) -> u64
where
    Q::Input<Exact>: Sync,
{
    let mut differs = 0;
    let rows = std::thread::scope(|s| {
        each_backend!(T => s.spawn(|| run::<Q, T>(inputs))).map(|h| h.join().expect("worker"))
    });
    for (name, halves) in rows {
        for (half, mut r) in ["workload", "biased"].into_iter().zip(halves) {
            differs += r.differs;
            let measured = if r.value.is_empty() {
                format!(
                    "{} | {} | {}",
                    stats(&mut r.time),
                    stats(&mut r.point),
                    stats(&mut r.normal)
                )
            } else {
                format!("{} | - | -", stats(&mut r.value))
            };
            writeln!(
                out,
                "| {} | {name} | {half} | {} | {} | {} | {} | {measured} |",
                Q::NAME,
                r.cases,
                r.same,
                r.differs,
                r.refused
            )
            .expect("write");
        }
    }
    differs
}

fn run<Q: Measured, T: Backend>(inputs: &[Q::Input<Exact>]) -> (&'static str, [Row; 2]) {
    let mut rows: [Row; 2] = Default::default();
    let half = inputs.len() / 2;
    for (i, input) in inputs.iter().enumerate() {
        measure::<Q, T>(input, &mut rows[usize::from(i >= half)]);
    }
    (T::NAME, rows)
}

/// `n` inputs of `Q`: the first half workload-like, the rest biased.
fn inputs<Q: Registered>(n: usize) -> Vec<Q::Input<Exact>> {
    let (mut rng, mut g) = (SplitMix64::new(SEED), Gen::new(SEED));
    (0..n)
        .map(|i| {
            if i < n / 2 {
                Q::workload(&mut rng)
            } else {
                Q::biased(&mut g)
            }
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n = match args.iter().position(|a| a == "--n") {
        Some(i) => match args.get(i + 1).and_then(|s| s.parse().ok()) {
            Some(n) => n,
            None => {
                eprintln!("usage: accuracy [--n CASES]");
                std::process::exit(2);
            }
        },
        None => 100_000,
    };
    let mut out = String::new();
    out.push_str(
        "| query | backend | inputs | cases | same kind | kind differs | refused \
         | time error (worst / 99.9% / median) | point error (worst / 99.9% / median) \
         | normal error (worst / 99.9% / median) |\n\
         |---|---|---|---|---|---|---|---|---|---|\n",
    );
    let off: u64 = each_query!(Q => table::<Q>(&inputs::<Q>(n), &mut out))
        .iter()
        .sum();

    print!("{out}");
    if off > 0 {
        eprintln!("{off} kinds differ from the exact backend's");
        std::process::exit(1);
    }
}
