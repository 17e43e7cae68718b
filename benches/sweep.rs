//! W1 (benches/WORKLOAD.md): moving circle vs moving rectangle, aligned
//! and oriented, every backend; W4: moving sphere vs moving box, the same;
//! W5: W1-AABB's query on typed grids, full and time alone.
//! Each query scalar (one call per query) and as a batch (`swept::query::
//! batch`, the inputs one slice per argument), on divan (`support/
//! harness.rs`: a chunk of 1,000 queries an iteration, so divan's µs are
//! ns per query; a sample is one pass over N = 1,000,000 queries held in
//! memory; ten samples). The exact backend's rows time N/100 queries,
//! three samples. The row `floor` is the floor reference
//! (`support/floor.rs`), in plain `f64`.
//!
//! Before the timed rows, untimed, a report: per row the outcome shares
//! and the checksum (sum of the outcome code -1/0/+1 plus the contact time,
//! in f64, uncapped, in query order; the exact backend on all N of W1 and
//! N/10 of W4), each batch checked equal to its scalar query, and the
//! floor and `swept`'s W1-AABB f64 checked against the exact answers on
//! the first 20,000 queries. Inputs a backend refuses as out of its domain
//! are counted and add nothing to the checksum. The W4-AABB f64 checksum is
//! the exact answer's (40805.223002065504) to within f64 rounding.
//!
//! `cargo bench --bench sweep` (N from `SWEPT_BENCH_N`; divan's arguments
//! after `--`: a filter such as `w1_aabb::scalar`, `--sample-count`,
//! `--sample-size`; `SWEPT_BENCH_REPORT=0` skips the report). The scaling
//! rows (W1-AABB f64 from 10^3 to 10^7 queries) are ignored unless asked
//! for: `cargo bench --bench sweep -- --include-ignored scaling`.
//! `benches/instructions.sh` counts instructions per query.

#[path = "support/floor.rs"]
mod floor;
#[path = "support/harness.rs"]
mod harness;

use divan::Bencher;
use harness::{PASSES, queries};
use std::ops::Range;
use swept::Error;
use swept::geom::{Aabb2, Aabb3, Circle, Obb2, Obb3, Sphere, Vec2, Vec3};
use swept::query::sweep_circle_rect::{
    sweep_circle_aabb2, sweep_circle_aabb2_time, sweep_circle_obb2, sweep_circle_obb2_time,
};
use swept::query::sweep_sphere_box::{sweep_sphere_aabb3, sweep_sphere_obb3};
use swept::query::{Sweep, batch};
use swept_support::sweep_queries::compare_sweep;
use swept_support::workload::{
    Outcome, SEED, SplitMix64, W1In, W4In, W5_N, summary, w1, w1_in, w4, w4_in, w5, w5_in,
};
use swept_support::{Backend, Exact, each_backend};

/// A 2D sweep's answer; `V = Vec3<T>` for 3D.
type Answer<T, V = Vec2<T>> = Result<Sweep<T, V>, Error>;

/// The result buffer's fill before a row writes it.
const UNWRITTEN: Error = Error::Spread;

fn w1_inputs<T: Backend>(n: usize) -> Vec<W1In<T>> {
    let mut r = SplitMix64::new(SEED);
    (0..n)
        .map(|_| w1_in::<T>(&w1(&mut r)).expect("W1 converts"))
        .collect()
}

fn w4_inputs<T: Backend>(n: usize) -> Vec<W4In<T>> {
    let mut r = SplitMix64::new(SEED);
    (0..n)
        .map(|_| w4_in::<T>(&w4(&mut r)).expect("W4 converts"))
        .collect()
}

/// The report's outcome of one W1 or W4 result.
fn outcome<T: Backend, V>(r: &Answer<T, V>) -> Outcome {
    match r {
        Ok(Sweep::Overlapping { .. }) => Outcome::Overlap,
        Ok(Sweep::Hit(h)) => Outcome::Contact(h.time.nearest_f64()),
        Ok(Sweep::Miss) => Outcome::None,
        Err(_) => Outcome::Refused,
    }
}

fn aabb2<T: Backend>(q: &W1In<T>) -> Answer<T> {
    sweep_circle_aabb2(&q.circle, &q.circle_velocity, &q.aabb, &q.rect_velocity)
}

fn obb2<T: Backend>(q: &W1In<T>) -> Answer<T> {
    sweep_circle_obb2(&q.circle, &q.circle_velocity, &q.obb, &q.rect_velocity)
}

/// [`aabb2`]'s time alone (`sweep_circle_aabb2_time`).
fn aabb2_time<T: Backend>(q: &W1In<T>) -> Answer<T, ()> {
    sweep_circle_aabb2_time(&q.circle, &q.circle_velocity, &q.aabb, &q.rect_velocity)
}

/// [`obb2`]'s time alone (`sweep_circle_obb2_time`).
fn obb2_time<T: Backend>(q: &W1In<T>) -> Answer<T, ()> {
    sweep_circle_obb2_time(&q.circle, &q.circle_velocity, &q.obb, &q.rect_velocity)
}

fn aabb3<T: Backend>(q: &W4In<T>) -> Answer<T, Vec3<T>> {
    sweep_sphere_aabb3(&q.sphere, &q.sphere_velocity, &q.aabb, &q.box_velocity)
}

fn obb3<T: Backend>(q: &W4In<T>) -> Answer<T, Vec3<T>> {
    sweep_sphere_obb3(&q.sphere, &q.sphere_velocity, &q.obb, &q.box_velocity)
}

/// W1 as the batch queries take it: one slice per argument.
struct Slices2<T> {
    circles: Vec<Circle<T>>,
    circle_velocities: Vec<Vec2<T>>,
    aabbs: Vec<Aabb2<T>>,
    obbs: Vec<Obb2<T>>,
    rect_velocities: Vec<Vec2<T>>,
}

impl<T: Backend> Slices2<T> {
    fn of(items: &[W1In<T>]) -> Self {
        Slices2 {
            circles: items.iter().map(|q| q.circle.clone()).collect(),
            circle_velocities: items.iter().map(|q| q.circle_velocity.clone()).collect(),
            aabbs: items.iter().map(|q| q.aabb.clone()).collect(),
            obbs: items.iter().map(|q| q.obb.clone()).collect(),
            rect_velocities: items.iter().map(|q| q.rect_velocity.clone()).collect(),
        }
    }

    fn aabb(&self, r: Range<usize>, out: &mut [Answer<T>]) -> usize {
        let (c, v, b) = (&self.circles, &self.circle_velocities, &self.aabbs);
        batch::sweep_circle_aabb2(
            &c[r.clone()],
            &v[r.clone()],
            &b[r.clone()],
            &self.rect_velocities[r],
            out,
        )
    }

    fn obb(&self, r: Range<usize>, out: &mut [Answer<T>]) -> usize {
        let (c, v, b) = (&self.circles, &self.circle_velocities, &self.obbs);
        batch::sweep_circle_obb2(
            &c[r.clone()],
            &v[r.clone()],
            &b[r.clone()],
            &self.rect_velocities[r],
            out,
        )
    }
}

/// W4 as the batch queries take it.
struct Slices3<T> {
    spheres: Vec<Sphere<T>>,
    sphere_velocities: Vec<Vec3<T>>,
    aabbs: Vec<Aabb3<T>>,
    obbs: Vec<Obb3<T>>,
    box_velocities: Vec<Vec3<T>>,
}

impl<T: Backend> Slices3<T> {
    fn of(items: &[W4In<T>]) -> Self {
        Slices3 {
            spheres: items.iter().map(|q| q.sphere.clone()).collect(),
            sphere_velocities: items.iter().map(|q| q.sphere_velocity.clone()).collect(),
            aabbs: items.iter().map(|q| q.aabb.clone()).collect(),
            obbs: items.iter().map(|q| q.obb.clone()).collect(),
            box_velocities: items.iter().map(|q| q.box_velocity.clone()).collect(),
        }
    }

    fn aabb(&self, r: Range<usize>, out: &mut [Answer<T, Vec3<T>>]) -> usize {
        let (s, v, b) = (&self.spheres, &self.sphere_velocities, &self.aabbs);
        batch::sweep_sphere_aabb3(
            &s[r.clone()],
            &v[r.clone()],
            &b[r.clone()],
            &self.box_velocities[r],
            out,
        )
    }

    fn obb(&self, r: Range<usize>, out: &mut [Answer<T, Vec3<T>>]) -> usize {
        let (s, v, b) = (&self.spheres, &self.sphere_velocities, &self.obbs);
        batch::sweep_sphere_obb3(
            &s[r.clone()],
            &v[r.clone()],
            &b[r.clone()],
            &self.box_velocities[r],
            out,
        )
    }
}

/// The timed rows of one query: `scalar` and `batch`, each on every
/// backend.
macro_rules! rows {
    ($name:ident, $inputs:ident, $slices:ident, $query:ident, $method:ident) => {
        mod $name {
            use super::*;

            /// One call per query.
            mod scalar {
                use super::*;
                harness::per_backend!(T, b, n => {
                    let items = $inputs::<T>(n);
                    harness::scalar(b, &items, Err(UNWRITTEN), $query);
                });
            }

            /// The batch query (`swept::query::batch`).
            mod batch {
                use super::*;
                harness::per_backend!(T, b, n => {
                    let s = $slices::of(&$inputs::<T>(n));
                    harness::batch(b, n, Err(UNWRITTEN), |r, out| s.$method(r, out));
                });
            }
        }
    };
}

rows!(w1_aabb, w1_inputs, Slices2, aabb2, aabb);
rows!(w1_obb, w1_inputs, Slices2, obb2, obb);

/// W1 through the time-only forms: a hit's time, no point, center or
/// normal.
mod w1_time {
    use super::*;

    /// `sweep_circle_aabb2_time`, one call per query.
    mod aabb {
        use super::*;
        harness::per_backend!(T, b, n => {
            harness::scalar(b, &w1_inputs::<T>(n), Err(UNWRITTEN), aabb2_time);
        });
    }

    /// `sweep_circle_obb2_time`, one call per query.
    mod obb {
        use super::*;
        harness::per_backend!(T, b, n => {
            harness::scalar(b, &w1_inputs::<T>(n), Err(UNWRITTEN), obb2_time);
        });
    }
}
/// W5 (typed grids) through `sweep_circle_aabb2` and its time alone: its
/// 20,000 queries, whatever N (`benches/typed.rs` gives each query's
/// time; count instructions with `SWEPT_BENCH_N=20000`).
mod w5 {
    use super::*;

    fn inputs<T: Backend>() -> Vec<W1In<T>> {
        let mut r = SplitMix64::new(SEED);
        (0..W5_N)
            .map(|_| w5_in::<T>(&w5(&mut r)).expect("W5 converts"))
            .collect()
    }

    /// `sweep_circle_aabb2`, one call per query.
    mod full {
        use super::*;
        harness::per_backend!(T, b, _n => {
            harness::scalar(b, &inputs::<T>(), Err(UNWRITTEN), aabb2);
        });
    }

    /// `sweep_circle_aabb2_time`, one call per query.
    mod time {
        use super::*;
        harness::per_backend!(T, b, _n => {
            harness::scalar(b, &inputs::<T>(), Err(UNWRITTEN), aabb2_time);
        });
    }
}

rows!(w4_aabb, w4_inputs, Slices3, aabb3, aabb);
rows!(w4_obb, w4_inputs, Slices3, obb3, obb);

/// The floor reference's answer to a W1 query.
fn floor_query(q: &W1In<f64>) -> floor::Floor {
    let (p, cv, b, bv) = (
        &q.circle.center,
        &q.circle_velocity,
        &q.aabb,
        &q.rect_velocity,
    );
    floor::sweep(
        [p.x, p.y],
        q.circle.radius,
        [cv.x, cv.y],
        [b.min.x, b.min.y],
        [b.max.x, b.max.y],
        [bv.x, bv.y],
    )
}

/// The floor reference on W1-AABB (`f64` only), timed as the rows are.
#[divan::bench(sample_count = 10, sample_size = PASSES)]
fn floor(b: Bencher) {
    let items = w1_inputs::<f64>(queries());
    harness::scalar(b, &items, floor::Floor::default(), floor_query);
}

/// W1-AABB `f64` on 10^3 to 10^7 queries (`args`: the power of ten),
/// scalar and batch: ns per query should stay flat. A sample answers
/// 10^6 queries (the workload again and again where it is smaller).
mod scaling {
    use super::*;

    #[divan::bench(args = [3, 4, 5, 6, 7], sample_count = 5, sample_size = PASSES, ignore)]
    fn scalar(b: Bencher, e: u32) {
        let items = w1_inputs::<f64>(10usize.pow(e));
        harness::scalar(b, &items, Err(UNWRITTEN), aabb2);
    }

    #[divan::bench(args = [3, 4, 5, 6, 7], sample_count = 5, sample_size = PASSES, ignore)]
    fn batch(b: Bencher, e: u32) {
        let n = 10usize.pow(e);
        let s = Slices2::of(&w1_inputs::<f64>(n));
        harness::batch(b, n, Err(UNWRITTEN), |r, out| s.aabb(r, out));
    }
}

/// One report line per query and backend: the scalar answers' shares and
/// checksum, the batch checked equal to them.
fn report_rows<T: Backend, I, V: PartialEq>(
    name: &str,
    items: &[I],
    query: impl Fn(&I) -> Answer<T, V>,
    batch: impl Fn(Range<usize>, &mut [Answer<T, V>]) -> usize,
) {
    let scalar = harness::answers(items, query);
    let mut batched: Vec<Answer<T, V>> = (0..items.len()).map(|_| Err(UNWRITTEN)).collect();
    assert_eq!(
        batch(0..items.len(), &mut batched),
        items.len(),
        "{name}: answered"
    );
    assert!(
        scalar == batched,
        "{name}: the batch differs from the scalar query"
    );
    println!(
        "{name:<16} {}  (batch: the same)",
        summary("contact", &scalar, outcome)
    );
}

fn report_w1<T: Backend>(n: usize) {
    let items = w1_inputs::<T>(n);
    let s = Slices2::of(&items);
    report_rows(&format!("W1-AABB {}", T::NAME), &items, aabb2, |r, o| {
        s.aabb(r, o)
    });
    report_rows(&format!("W1-OBB {}", T::NAME), &items, obb2, |r, o| {
        s.obb(r, o)
    });
}

fn report_w4<T: Backend>(n: usize) {
    let items = w4_inputs::<T>(n);
    let s = Slices3::of(&items);
    report_rows(&format!("W4-AABB {}", T::NAME), &items, aabb3, |r, o| {
        s.aabb(r, o)
    });
    report_rows(&format!("W4-OBB {}", T::NAME), &items, obb3, |r, o| {
        s.obb(r, o)
    });
}

/// The floor and `swept`'s W1-AABB `f64` against the exact answers on the
/// first `m` queries: `swept`'s must agree by the rule of
/// `swept_support::agree` (kinds equal, values rounded once); the floor's
/// are counted (outcome disagreements, the largest time and normal error).
fn check_floor(m: usize) {
    let items = w1_inputs::<f64>(m);
    let code = |f: &floor::Floor| match f.code {
        -1 => Outcome::Overlap,
        1 => Outcome::Contact(f.time),
        _ => Outcome::None,
    };
    let (mut differ, mut worst, mut normal) = (0, 0.0f64, 0.0f64);
    for (i, q) in items.iter().enumerate() {
        // The f64 query's values, exactly.
        let x = |v: &f64| v.to_exact();
        let v = |p: &Vec2<f64>| Vec2::new(x(&p.x), x(&p.y));
        let circle = Circle::new(v(&q.circle.center), x(&q.circle.radius));
        let aabb = Aabb2::new(v(&q.aabb.min), v(&q.aabb.max));
        let e = sweep_circle_aabb2(&circle, &v(&q.circle_velocity), &aabb, &v(&q.rect_velocity));
        if let Err(why) = compare_sweep(&e, &aabb2(q)) {
            panic!("W1-AABB f64 query {i} disagrees with the exact answer: {why}");
        }
        let f = floor_query(q);
        match (outcome(&e), code(&f)) {
            (Outcome::Contact(a), Outcome::Contact(b)) => {
                worst = worst.max((a - b).abs());
                if let Ok(Sweep::Hit(h)) = &e {
                    let off = |e: &Exact, f: f64| (e.nearest_f64() - f).abs();
                    normal = normal
                        .max(off(&h.normal.x, f.normal[0]).max(off(&h.normal.y, f.normal[1])));
                }
            }
            (a, b) if a == b => {}
            _ => differ += 1,
        }
    }
    println!(
        "checked on the first {m}: swept f64 agrees with the exact answers; the floor's outcome differs on {differ}, its time by at most {worst:.2e}, its normal by {normal:.2e}"
    );
}

fn report(n: usize) {
    println!("report, untimed: W1, N = {n}");
    each_backend!(T => report_w1::<T>(n));
    report_w1::<Exact>(n);
    println!("W4, N = {n} (exact: N/10)");
    each_backend!(T => report_w4::<T>(n));
    report_w4::<Exact>(n / 10);
    check_floor(20_000.min(n));
}

fn main() {
    if harness::report_wanted() {
        report(queries());
    }
    divan::main();
}
