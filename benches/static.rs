//! W3 (shared/bench/WORKLOAD.md): static circle vs aligned rectangle, N =
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
//! `cargo bench --bench static` (N from `SWEPT_BENCH_N`, default 1e6;
//! `SWEPT_BENCH_ONLY` selects rows by prefix, or by whole name ending in
//! `$`; `SWEPT_BENCH_REPS` sets the runs per row). Instructions per query:
//! `benches/instructions.sh --bench static "f64 generic (shipped)"`.

use fixed::types::{I16F16, I32F32, I48F16};
use swept::geom::{Aabb2, Circle, Vec2};
use swept::query::circle_box::{Proximity, classify_circle_aabb2};
use swept_support::Backend;
use swept_support::workload::{SEED, SplitMix64, reps, selected, timed_scalar, w3_rect};

fn inputs<T: Backend>(n: usize) -> Vec<(Circle<T>, Aabb2<T>)> {
    let mut r = SplitMix64::new(SEED);
    let c = |x: f64| T::from_f64(x).unwrap();
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

/// Best of [`reps`] runs (default 5): ns per query, and the counts of
/// each [`Proximity`] (disjoint, touching, overlapping). The timed loop is
/// [`timed_scalar`], which `benches/instructions.sh` counts.
fn time<I>(items: &[I], f: impl Fn(&I) -> Proximity) -> (f64, [usize; 3]) {
    let mut best = f64::INFINITY;
    let mut results = Vec::with_capacity(items.len());
    for _ in 0..reps(5) {
        best = best.min(timed_scalar(items, &f, &mut results));
    }
    let mut counts = [0; 3];
    for r in &results {
        counts[*r as usize] += 1;
    }
    (best, counts)
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

/// Row `name`: timed by `run` and reported, if selected.
fn row(name: &str, run: impl FnOnce() -> (f64, [usize; 3])) {
    if selected(name) {
        report(name, run());
    }
}

fn report(name: &str, (ns, c): (f64, [usize; 3])) {
    let n = (c[0] + c[1] + c[2]) as f64;
    println!(
        "{name:<28} {ns:6.2} ns/query  overlap {:5.2}%  touching {:5.2}%  disjoint {:5.2}%",
        100.0 * c[2] as f64 / n,
        100.0 * c[1] as f64 / n,
        100.0 * c[0] as f64 / n
    );
}

fn main() {
    let n = std::env::var("SWEPT_BENCH_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    if std::env::args().any(|a| a == "--test") {
        return; // `cargo test --benches` smoke: nothing to time
    }
    println!("W3 static circle vs aligned rectangle, N = {n}");
    let f32s = inputs::<f32>(n);
    row("f32 generic (shipped)", || {
        time(&f32s, |(c, b)| shipped(c, b))
    });
    row("f32 hand-transcribed", || {
        time(&f32s, |(c, b)| {
            hand_f32(c, b).unwrap_or(Proximity::Disjoint)
        })
    });
    row("f32 clamp, unchecked", || {
        time(&f32s, |(c, b)| clamp_form(c, b))
    });
    row("f32 listing regions", || {
        time(&f32s, |(c, b)| listing_regions(c, b))
    });
    let f64s = inputs::<f64>(n);
    row("f64 generic (shipped)", || {
        time(&f64s, |(c, b)| shipped(c, b))
    });
    row("f64 clamp, unchecked", || {
        time(&f64s, |(c, b)| clamp_form(c, b))
    });
    let q16 = inputs::<I16F16>(n);
    row("I16F16 (shipped)", || time(&q16, |(c, b)| shipped(c, b)));
    row("I16F16 clamp, unchecked", || {
        time(&q16, |(c, b)| clamp_form(c, b))
    });
    row("I16F16 listing regions", || {
        time(&q16, |(c, b)| listing_regions(c, b))
    });
    let q32 = inputs::<I32F32>(n);
    row("I32F32 (shipped)", || time(&q32, |(c, b)| shipped(c, b)));
    row("I32F32 clamp, unchecked", || {
        time(&q32, |(c, b)| clamp_form(c, b))
    });
    let q48 = inputs::<I48F16>(n);
    row("I48F16 (shipped)", || time(&q48, |(c, b)| shipped(c, b)));
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
