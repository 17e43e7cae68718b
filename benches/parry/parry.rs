//! W1 (shared/bench/WORKLOAD.md) in f32 with parry2d's `cast_shapes` (a
//! ball against a cuboid, unbounded time, an overlap at 0 reported) and
//! with `swept`, alternately, best of 5 runs each; then both against the
//! exact answers on the first 20,000 queries: outcome disagreements and
//! the largest time error (absolute), and `swept`'s agreement by the rule
//! of `swept_support::agree`.
//!
//! `cargo bench --manifest-path benches/parry/Cargo.toml` (N from
//! `SWEPT_BENCH_N`, default 1,000,000).

use parry2d::math::{Mat2, Pose, Rot2, Vector};
use parry2d::query::{ShapeCastOptions, ShapeCastStatus, cast_shapes};
use parry2d::shape::{Ball, Cuboid};
use std::hint::black_box;
use swept::Error;
use swept::query::Sweep;
use swept::query::sweep_circle_rect::{sweep_circle_aabb2, sweep_circle_obb2};
use swept_support::sweep_queries::compare_sweep;
use swept_support::workload::{Outcome, SEED, SplitMix64, W1In, timed_scalar, w1, w1_in};
use swept_support::{Backend, Exact};

const REPS: usize = 5;
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
        Ok(Sweep::Hit(h)) => Outcome::Contact(h.time.to_f64()),
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

fn main() {
    if std::env::args().any(|a| a == "--test") {
        return;
    }
    let n: usize = std::env::var("SWEPT_BENCH_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let mut r = SplitMix64::new(SEED);
    let (mut ours, mut theirs) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for _ in 0..n {
        let q = w1_in::<f32>(&w1(&mut r)).expect("W1 converts");
        theirs.push(parry_in(&q));
        ours.push(q);
    }
    println!(
        "W1 f32, N = {n}, best of {REPS}; checked against the exact answers on the first {CHECKED}"
    );
    for oriented in [false, true] {
        let name = if oriented { "W1-OBB" } else { "W1-AABB" };
        let swept = |q: &W1In<f32>| {
            if oriented {
                sweep_circle_obb2(&q.circle, &q.circle_velocity, &q.obb, &q.rect_velocity)
            } else {
                sweep_circle_aabb2(&q.circle, &q.circle_velocity, &q.aabb, &q.rect_velocity)
            }
        };
        let cast = |q: &ParryIn| parry(q, if oriented { &q.obb } else { &q.aabb });
        let (mut best_s, mut best_p) = (f64::INFINITY, f64::INFINITY);
        let (mut got_s, mut got_p) = (Vec::new(), Vec::new());
        for _ in 0..REPS {
            best_s = best_s.min(timed_scalar(&ours, swept, &mut got_s));
            best_p = best_p.min(timed_scalar(&theirs, cast, &mut got_p));
        }
        black_box((&got_s, &got_p));
        let m = CHECKED.min(n);
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
            "{name:<8} swept {best_s:7.1} ns/query  parry2d {best_p:7.1} ns/query  ({:.1}x)",
            best_p / best_s
        );
        println!(
            "{name:<8} outcomes against exact: swept {ds} differ (time error <= {ws:.1e}), parry2d {dp} differ (time error <= {wp:.1e})"
        );
    }
}
