//! Times `sweep_circle_aabb2` on a few fixed cases (a miss, a face hit, a
//! corner hit) on `f64` and `I32F32`, as a game would call it, and prints
//! the best of several passes in nanoseconds per call. Built and run by
//! `benches/debug.sh` in each profile it compares.

use std::hint::black_box;
use std::time::Instant;
use swept::Real;
use swept::fixed::types::I32F32;
use swept::geom::{Aabb2, Circle, Vec2};
use swept::query::sweep_circle_rect::sweep_circle_aabb2;

/// A circle of radius 1/2 at `c` moving by `v` against the fixed box [0, 2]².
fn case<T: Real>(c: (f64, f64), v: (f64, f64)) -> (Circle<T>, Vec2<T>, Aabb2<T>, Vec2<T>) {
    let n = |x: f64| T::from_f64(x).unwrap_or_else(T::zero);
    let v2 = |(x, y): (f64, f64)| Vec2::new(n(x), n(y));
    let rect = Aabb2::new(v2((0.0, 0.0)), v2((2.0, 2.0)));
    (Circle::new(v2(c), n(0.5)), v2(v), rect, v2((0.0, 0.0)))
}

/// Nanoseconds per call, the best of seven passes of `n` calls.
fn time<T: Real>(name: &str, c: (f64, f64), v: (f64, f64), n: u32) {
    let (circle, vel, rect, rvel) = case::<T>(c, v);
    let what = match sweep_circle_aabb2(&circle, &vel, &rect, &rvel) {
        Ok(swept::query::Sweep::Hit(h)) => {
            format!("hit at t = {:.4}", h.time.to_f64().unwrap_or(f64::NAN))
        }
        other => format!("{other:?}"),
    };
    let mut best = f64::INFINITY;
    for _ in 0..7 {
        let start = Instant::now();
        for _ in 0..n {
            let r = sweep_circle_aabb2(black_box(&circle), black_box(&vel), &rect, &rvel);
            black_box(r.is_ok());
        }
        best = best.min(start.elapsed().as_secs_f64() * 1e9 / f64::from(n));
    }
    println!("{name:<20} {best:>9.0} ns   ({what})");
}

fn main() {
    let n = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    // A miss (moving away), a hit on the face x = 0 at t = 1/2, and a hit on
    // the corner (0, 0) from below and to the left.
    let miss = ((-3.0, 1.0), (-1.0, 0.0));
    let face = ((-1.5, 1.0), (2.0, 0.0));
    let corner = ((-1.0, -1.0), (1.5, 1.25));
    time::<f64>("f64 miss", miss.0, miss.1, n);
    time::<f64>("f64 face hit", face.0, face.1, n);
    time::<f64>("f64 corner hit", corner.0, corner.1, n);
    time::<I32F32>("I32F32 miss", miss.0, miss.1, n);
    time::<I32F32>("I32F32 face hit", face.0, face.1, n);
    time::<I32F32>("I32F32 corner hit", corner.0, corner.1, n);
}
