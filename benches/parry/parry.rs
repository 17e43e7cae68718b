//! W1 (benches/WORKLOAD.md) in f32 with parry2d's `cast_shapes` (a
//! ball against a cuboid, unbounded time, an overlap at 0 reported) and
//! with `swept`, on divan as `benches/sweep.rs` is (`../support/
//! harness.rs`: divan's µs are ns per query over N = 1,000,000 queries
//! held in memory). Before the timed rows, untimed: both against the exact
//! answers on the first 20,000 queries: outcome disagreements and the
//! largest time error (absolute), and `swept`'s agreement by the rule of
//! `swept_support::agree`.
//!
//! `cargo bench --manifest-path benches/parry/Cargo.toml` (N from
//! `SWEPT_BENCH_N`; divan's arguments after `--`, e.g. `w1_aabb`;
//! `SWEPT_BENCH_REPORT=0` skips the report).

// Each bench uses part of the harness.
#[allow(dead_code, unused_imports, unused_macros)]
#[path = "../support/harness.rs"]
mod harness;

use parry2d::math::{Mat2, Pose, Rot2, Vector};
use parry2d::query::{ShapeCastOptions, ShapeCastStatus, cast_shapes};
use parry2d::shape::{Ball, Cuboid};
use swept::Error;
use swept::query::Sweep;
use swept::query::sweep_circle_rect::{sweep_circle_aabb2, sweep_circle_obb2};
use swept_support::sweep_queries::compare_sweep;
use swept_support::workload::{Outcome, SEED, SplitMix64, W1In, w1, w1_in};
use swept_support::{Backend, Exact};

const CHECKED: usize = 20_000;

/// A W1 query as parry takes it: ball, cuboid (half extents, rotation) and
/// both velocities, from the f32 values `swept` gets.
struct ParryIn {
    ball: (Pose, Vector, Ball),
    aabb: Pose,
    obb: Pose,
    cuboid: Cuboid,
    rect_velocity: Vector,
}

fn parry_in(q: &W1In<f32>) -> ParryIn {
    let c = &q.circle;
    let v = |x: &swept::geom::Vec2<f32>| Vector::new(x.x, x.y);
    let center = v(&q.obb.center);
    ParryIn {
        ball: (
            Pose::from_translation(v(&c.center)),
            v(&q.circle_velocity),
            Ball::new(c.radius),
        ),
        aabb: Pose::from_translation(center),
        // The axes `swept` gets, as the rotation (not renormalised).
        obb: Pose::from_parts(
            center,
            Rot2::from_matrix_unchecked(Mat2::from_cols(v(&q.obb.axes[0]), v(&q.obb.axes[1]))),
        ),
        cuboid: Cuboid::new(Vector::new(q.obb.half_extents[0], q.obb.half_extents[1])),
        rect_velocity: v(&q.rect_velocity),
    }
}

fn parry(q: &ParryIn, rect: &Pose) -> Outcome {
    let options = ShapeCastOptions {
        max_time_of_impact: f32::MAX,
        target_distance: 0.0,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: false,
    };
    let (pose, vel, ball) = &q.ball;
    match cast_shapes(pose, *vel, ball, rect, q.rect_velocity, &q.cuboid, options) {
        Ok(Some(h)) if h.status == ShapeCastStatus::PenetratingOrWithinTargetDist => {
            Outcome::Overlap
        }
        Ok(Some(h)) => Outcome::Contact(f64::from(h.time_of_impact)),
        Ok(None) => Outcome::None,
        Err(_) => Outcome::Refused,
    }
}

fn outcome<T: Backend>(r: &Result<Sweep<T>, Error>) -> Outcome {
    match r {
        Ok(Sweep::Overlapping { .. }) => Outcome::Overlap,
        Ok(Sweep::Hit(h)) => Outcome::Contact(h.time.nearest_f64()),
        Ok(Sweep::Miss) => Outcome::None,
        Err(_) => Outcome::Refused,
    }
}

/// Outcome disagreements and the largest time error of `got` against
/// `exact`.
fn against(exact: &[Outcome], got: &[Outcome]) -> (usize, f64) {
    let (mut differ, mut worst) = (0, 0.0f64);
    for (e, g) in exact.iter().zip(got) {
        match (e, g) {
            (Outcome::Contact(a), Outcome::Contact(b)) => worst = worst.max((a - b).abs()),
            (a, b) if a == b => {}
            _ => differ += 1,
        }
    }
    (differ, worst)
}

/// W1 in `f32` for both, the first `n` queries.
fn inputs(n: usize) -> (Vec<W1In<f32>>, Vec<ParryIn>) {
    let mut r = SplitMix64::new(SEED);
    let (mut ours, mut theirs) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for _ in 0..n {
        let q = w1_in::<f32>(&w1(&mut r)).expect("W1 converts");
        theirs.push(parry_in(&q));
        ours.push(q);
    }
    (ours, theirs)
}

/// `swept`'s query, aligned or oriented.
fn swept_query(oriented: bool) -> impl Fn(&W1In<f32>) -> Result<Sweep<f32>, Error> {
    move |q| {
        if oriented {
            sweep_circle_obb2(&q.circle, &q.circle_velocity, &q.obb, &q.rect_velocity)
        } else {
            sweep_circle_aabb2(&q.circle, &q.circle_velocity, &q.aabb, &q.rect_velocity)
        }
    }
}

/// parry2d's query, aligned or oriented.
fn parry_query(oriented: bool) -> impl Fn(&ParryIn) -> Outcome {
    move |q| parry(q, if oriented { &q.obb } else { &q.aabb })
}

/// The timed rows of one rectangle: `swept` and `parry2d`.
macro_rules! rows {
    ($name:ident, $oriented:expr) => {
        mod $name {
            use super::*;

            #[divan::bench(sample_count = 10, sample_size = harness::PASSES)]
            fn swept(b: divan::Bencher) {
                let (ours, _) = inputs(harness::queries());
                harness::scalar(b, &ours, Err(Error::Spread), swept_query($oriented));
            }

            #[divan::bench(sample_count = 10, sample_size = harness::PASSES)]
            fn parry2d(b: divan::Bencher) {
                let (_, theirs) = inputs(harness::queries());
                harness::scalar(b, &theirs, Outcome::Refused, parry_query($oriented));
            }
        }
    };
}

rows!(w1_aabb, false);
rows!(w1_obb, true);

fn main() {
    if harness::report_wanted() {
        report(CHECKED.min(harness::queries()));
    }
    divan::main();
}

/// Both against the exact answers on the first `m` queries.
fn report(m: usize) {
    let (ours, theirs) = inputs(m);
    println!("W1 f32: both checked against the exact answers on the first {m}");
    for oriented in [false, true] {
        let name = if oriented { "W1-OBB" } else { "W1-AABB" };
        let got_s = harness::answers(&ours, swept_query(oriented));
        let got_p = harness::answers(&theirs, parry_query(oriented));
        let exact: Vec<_> = ours[..m]
            .iter()
            .map(|q| {
                let x = |v: &f32| Some(v.to_exact());
                let (c, cv, bv) = (&q.circle, &q.circle_velocity, &q.rect_velocity);
                let circle = swept::geom::Circle::new(
                    swept::geom::Vec2::new(x(&c.center.x)?, x(&c.center.y)?),
                    x(&c.radius)?,
                );
                let v2 =
                    |v: &swept::geom::Vec2<f32>| Some(swept::geom::Vec2::new(x(&v.x)?, x(&v.y)?));
                let e = if oriented {
                    let b = &q.obb;
                    let obb = swept::geom::Obb2::new(
                        v2(&b.center)?,
                        [v2(&b.axes[0])?, v2(&b.axes[1])?],
                        [x(&b.half_extents[0])?, x(&b.half_extents[1])?],
                    );
                    sweep_circle_obb2(&circle, &v2(cv)?, &obb, &v2(bv)?)
                } else {
                    let b = &q.aabb;
                    let aabb = swept::geom::Aabb2::new(v2(&b.min)?, v2(&b.max)?);
                    sweep_circle_aabb2(&circle, &v2(cv)?, &aabb, &v2(bv)?)
                };
                Some(e)
            })
            .map(|e: Option<Result<Sweep<Exact>, Error>>| e.expect("f32 converts exactly"))
            .collect();
        for (i, (e, g)) in exact.iter().zip(&got_s).enumerate() {
            if let Err(why) = compare_sweep(e, g) {
                panic!("{name} f32 query {i}: swept disagrees with the exact answer: {why}");
            }
        }
        let exact: Vec<Outcome> = exact.iter().map(outcome).collect();
        let swept_out: Vec<Outcome> = got_s[..m].iter().map(outcome).collect();
        let (ds, ws) = against(&exact, &swept_out);
        let (dp, wp) = against(&exact, &got_p[..m]);
        println!(
            "{name:<8} outcomes against exact: swept {ds} differ (time error <= {ws:.1e}), parry2d {dp} differ (time error <= {wp:.1e})"
        );
    }
}
