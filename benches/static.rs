//! W3 (benches/WORKLOAD.md): static circle vs aligned rectangle, N =
//! 1,000,000 queries held in memory, every backend; plus two comparisons that
//! justify design choices:
//!
//! * generic `classify_circle_aabb2::<f32>` (exact decisions) vs the earlier
//!   kernel, which rounded its decisions, written by hand for `f32`: what
//!   exactness costs on the static query;
//! * the shipped form (Shaffer's per-axis regions as branch-free gaps, with
//!   the exact early exit) vs the listing's branch-per-region form and the
//!   clamp form (no domain check, squares every axis).
//!
//! On divan as `benches/sweep.rs` is (`support/harness.rs`: divan's µs are
//! ns per query over N = 1,000,000 queries held in memory); before the
//! timed rows, untimed, each row's shares of the three outcomes and how
//! often the other forms decide as the shipped one.
//!
//! `cargo bench --bench static` (N from `SWEPT_BENCH_N`; divan's arguments
//! after `--`, e.g. the filter `shipped::f64`; `SWEPT_BENCH_REPORT=0`
//! skips the report). Instructions per query: `benches/instructions.sh
//! --bench static 'shipped::f64$'`.

// Each bench uses part of the harness.
#[allow(dead_code)]
#[path = "support/harness.rs"]
mod harness;

use fixed::types::{I16F16, I32F32, I48F16};
use swept::geom::{Aabb2, Circle, Vec2};
use swept::query::circle_box::{Proximity, classify_circle_aabb2};
use swept_support::Backend;
use swept_support::workload::{SEED, SplitMix64, w3_rect};

fn inputs<T: Backend>(n: usize) -> Vec<(Circle<T>, Aabb2<T>)> {
    let mut r = SplitMix64::new(SEED);
    let c = |x: f64| T::nearest_from_f64(x).unwrap();
    (0..n)
        .map(|_| {
            let w = w3_rect(&mut r);
            let min = Vec2::new(c(w.min[0]), c(w.min[1]));
            let max = Vec2::new(min.x.clone() + c(w.size[0]), min.y.clone() + c(w.size[1]));
            (
                Circle::new(Vec2::new(c(w.center[0]), c(w.center[1])), c(w.radius)),
                Aabb2::new(min, max),
            )
        })
        .collect()
}

/// The earlier kernel (before the exact layer) transcribed by hand for f32:
/// its domain check (the largest magnitude key against the limit's), gaps
/// and predicates on rounded values, no trait. The difference from the
/// generic one is the cost of deciding exactly.
#[inline(never)]
fn hand_f32(c: &Circle<f32>, b: &Aabb2<f32>) -> Result<Proximity, ()> {
    let key = |v: f32| v.to_bits() & 0x7fff_ffff;
    let (x, y, r) = (c.center.x, c.center.y, c.radius);
    let coords = [x, y, b.min.x, b.min.y, b.max.x, b.max.y];
    // 2^126 and 2^63: magnitude_limit(1, 1) and (2, 1) for f32.
    if coords.iter().fold(0, |m, &v| m.max(key(v))) > 0x7e80_0000 {
        return Err(());
    }
    if key(r) > 0x5f00_0000 {
        return Err(());
    }
    let max = |a: f32, b: f32| if a > b { a } else { b };
    let gap = |c: f32, lo: f32, hi: f32| max(max(lo - c, c - hi), 0.0);
    let (gx, gy) = (gap(x, b.min.x, b.max.x), gap(y, b.min.y, b.max.y));
    let far = (gx > r) | (gy > r);
    let (cx, cy) = (if gx < r { gx } else { r }, if gy < r { gy } else { r });
    let (d2, r2) = (0.0 + cx * cx + cy * cy, r * r);
    Ok(if far | (d2 > r2) {
        Proximity::Disjoint
    } else if d2 == r2 {
        Proximity::Touching
    } else {
        Proximity::Overlapping
    })
}

/// The clamp form: always square both axes.
#[inline(never)]
fn clamp_form<T: Backend>(c: &Circle<T>, b: &Aabb2<T>) -> Proximity {
    let clamp = |v: &T, lo: &T, hi: &T| {
        if v < lo {
            lo.clone()
        } else if hi < v {
            hi.clone()
        } else {
            v.clone()
        }
    };
    let dx = clamp(&c.center.x, &b.min.x, &b.max.x) - c.center.x.clone();
    let dy = clamp(&c.center.y, &b.min.y, &b.max.y) - c.center.y.clone();
    let d2 = dx.clone() * dx + dy.clone() * dy;
    let r2 = c.radius.clone() * c.radius.clone();
    if d2 < r2 {
        Proximity::Overlapping
    } else if d2 == r2 {
        Proximity::Touching
    } else {
        Proximity::Disjoint
    }
}

/// The listing's form: branch to one of the nine regions, then one test.
#[inline(never)]
fn listing_regions<T: Backend>(c: &Circle<T>, b: &Aabb2<T>) -> Proximity {
    let side = |v: &T, lo: &T, hi: &T| {
        if v < lo {
            Some(lo.clone() - v.clone())
        } else if hi < v {
            Some(v.clone() - hi.clone())
        } else {
            None
        }
    };
    let r = &c.radius;
    let sign = |a: T, b: T| {
        if a < b {
            Proximity::Overlapping
        } else if a == b {
            Proximity::Touching
        } else {
            Proximity::Disjoint
        }
    };
    match (
        side(&c.center.x, &b.min.x, &b.max.x),
        side(&c.center.y, &b.min.y, &b.max.y),
    ) {
        (None, None) => sign(T::zero(), r.clone()),
        (Some(g), None) | (None, Some(g)) => sign(g, r.clone()),
        (Some(gx), Some(gy)) => sign(gx.clone() * gx + gy.clone() * gy, r.clone() * r.clone()),
    }
}

#[inline]
fn shipped<T: Backend>(c: &Circle<T>, b: &Aabb2<T>) -> Proximity {
    classify_circle_aabb2(c, b).unwrap_or(Proximity::Disjoint)
}

/// A timed row: `$f` on W3 in backend `$T`, named `$name`.
macro_rules! row {
    ($name:ident, $T:ty, $f:expr) => {
        #[allow(non_snake_case)]
        #[divan::bench(sample_count = 10, sample_size = harness::PASSES)]
        fn $name(b: divan::Bencher) {
            let items = inputs::<$T>(harness::queries());
            harness::scalar(b, &items, Proximity::Disjoint, |(c, bx)| $f(c, bx));
        }
    };
}

/// The shipped query, `classify_circle_aabb2`.
mod shipped {
    use super::*;
    harness::per_backend!(T, b, n => {
        harness::scalar(b, &inputs::<T>(n), Proximity::Disjoint, |(c, bx)| shipped(c, bx));
    });
}

/// The circles and the rectangles of `items`, one slice each.
fn split<T: Backend>(items: &[(Circle<T>, Aabb2<T>)]) -> (Vec<Circle<T>>, Vec<Aabb2<T>>) {
    items.iter().cloned().unzip()
}

/// The shipped query as a batch (`batch::classify_circle_aabb2`, the
/// circles and the rectangles in one slice each).
mod batch {
    use super::*;
    harness::per_backend!(T, b, n => {
        let (circles, rects) = split(&inputs::<T>(n));
        harness::batch(b, n, Err(swept::Error::Spread), |r, out| {
            swept::query::batch::classify_circle_aabb2(&circles[r.clone()], &rects[r], out)
        });
    });
}

/// The earlier kernel, by hand for `f32` (rounded decisions).
mod hand {
    use super::*;
    row!(f32, f32, |c, b| hand_f32(c, b)
        .unwrap_or(Proximity::Disjoint));
}

/// The clamp form, no domain check, rounded decisions.
mod clamp {
    use super::*;
    row!(f32, f32, clamp_form);
    row!(f64, f64, clamp_form);
    row!(I16F16, I16F16, clamp_form);
    row!(I32F32, I32F32, clamp_form);
}

/// The listing's branch per region.
mod listing {
    use super::*;
    row!(f32, f32, listing_regions);
    row!(I16F16, I16F16, listing_regions);
}

/// A report line: the shares of the three outcomes of `f` on `items`.
fn report<I>(name: &str, items: &[I], f: impl Fn(&I) -> Proximity) {
    let mut c = [0usize; 3];
    for r in harness::answers(items, f) {
        c[r as usize] += 1;
    }
    let n = items.len() as f64;
    println!(
        "{name:<28} overlap {:5.2}%  touching {:5.2}%  disjoint {:5.2}%",
        100.0 * c[2] as f64 / n,
        100.0 * c[1] as f64 / n,
        100.0 * c[0] as f64 / n
    );
}

fn main() {
    if harness::report_wanted() {
        let n = harness::queries();
        println!("report, untimed: W3 static circle vs aligned rectangle, N = {n}");
        let f32s = inputs::<f32>(n);
        report("f32 shipped", &f32s, |(c, b)| shipped(c, b));
        report("f32 hand-transcribed", &f32s, |(c, b)| {
            hand_f32(c, b).unwrap_or(Proximity::Disjoint)
        });
        let f64s = inputs::<f64>(n);
        report("f64 shipped", &f64s, |(c, b)| shipped(c, b));
        report("I16F16 shipped", &inputs::<I16F16>(n), |(c, b)| {
            shipped(c, b)
        });
        report("I32F32 shipped", &inputs::<I32F32>(n), |(c, b)| {
            shipped(c, b)
        });
        report("I48F16 shipped", &inputs::<I48F16>(n), |(c, b)| {
            shipped(c, b)
        });
        let (circles, rects) = split(&f64s);
        let mut batched = vec![Err(swept::Error::Spread); n];
        swept::query::batch::classify_circle_aabb2(&circles, &rects, &mut batched);
        let scalar = harness::answers(&f64s, |(c, b)| classify_circle_aabb2(c, b));
        assert!(batched == scalar, "f64: the batch differs");
        println!("f64 batch: the same answers as the scalar query");
        let same = |f: fn(&Circle<f64>, &Aabb2<f64>) -> Proximity| {
            f64s.iter()
                .filter(|(c, b)| shipped(c, b) == f(c, b))
                .count()
        };
        println!(
            "f64 shipped vs clamp: same decision on {} of {n}",
            same(clamp_form)
        );
        println!(
            "f64 shipped vs listing regions: same decision on {} of {n}",
            same(listing_regions)
        );
    }
    divan::main();
}
