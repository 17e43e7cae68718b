//! W5 (benches/WORKLOAD.md): circles on the grids people type, swept
//! against a static 2 x 2 box; the spread of one query's time, not the
//! mean. Every query's answer is first checked against the exact backend
//! (kinds equal, values rounded once); then each query is timed alone, the
//! fastest of [`ROUNDS`] rounds of [`REPS`] calls, the rounds interleaved
//! over the workload so that a burst of noise touches one round of a few
//! queries. Reported per backend and form (the full `Hit`, the time
//! alone): the outcome shares and checksum, a hit's median, 90th and 99th
//! percentile and slowest time, the slowest query of any outcome, and the
//! ratios the issue bounds (99th percentile and slowest over the hits'
//! median), with the slowest queries' inputs.
//!
//! `cargo bench --bench typed` (N from `SWEPT_W5_N`, default 20,000).

use std::hint::black_box;
use std::time::Instant;
use swept::Error;
use swept::geom::{Aabb2, Circle, Vec2};
use swept::query::Sweep;
use swept::query::sweep_circle_rect::{sweep_circle_aabb2, sweep_circle_aabb2_time};
use swept_support::Backend;
use swept_support::sweep_queries::compare_sweep;
use swept_support::workload::{Outcome, SEED, SplitMix64, W1In, W5, W5_N, summary, w5, w5_in};

/// Calls a timing takes.
const REPS: u32 = 8;

/// Rounds over the workload; a query's time is its fastest.
const ROUNDS: usize = 5;

fn full<T: Backend>(q: &W1In<T>) -> Result<Sweep<T>, Error> {
    sweep_circle_aabb2(&q.circle, &q.circle_velocity, &q.aabb, &q.rect_velocity)
}

fn time_only<T: Backend>(q: &W1In<T>) -> Result<Sweep<T, ()>, Error> {
    sweep_circle_aabb2_time(&q.circle, &q.circle_velocity, &q.aabb, &q.rect_velocity)
}

fn outcome<T: Backend, V>(r: &Result<Sweep<T, V>, Error>) -> Outcome {
    match r {
        Ok(Sweep::Overlapping { .. }) => Outcome::Overlap,
        Ok(Sweep::Hit(h)) => Outcome::Contact(h.time.nearest_f64()),
        Ok(Sweep::Miss) => Outcome::None,
        Err(_) => Outcome::Refused,
    }
}

/// Each query's time in ns: the fastest of [`ROUNDS`] interleaved rounds.
fn times<I, R>(items: &[I], f: impl Fn(&I) -> R) -> Vec<f64> {
    let mut best = vec![f64::INFINITY; items.len()];
    for _ in 0..ROUNDS {
        for (b, q) in best.iter_mut().zip(items) {
            let start = Instant::now();
            for _ in 0..REPS {
                black_box(f(black_box(q)));
            }
            let ns = start.elapsed().as_nanos() as f64 / f64::from(REPS);
            *b = b.min(ns);
        }
    }
    best
}

/// The `p`-th percentile of sorted `v` (nearest rank).
fn percentile(v: &[f64], p: f64) -> f64 {
    let rank = ((p / 100.0) * v.len() as f64).ceil() as usize;
    v[rank.clamp(1, v.len()) - 1]
}

/// One row: shares, checksum, the hits' spread, the slowest queries.
fn row<T: Backend, V>(
    name: &str,
    draws: &[W5],
    items: &[W1In<T>],
    f: impl Fn(&W1In<T>) -> Result<Sweep<T, V>, Error>,
) {
    let answers: Vec<_> = items.iter().map(&f).collect();
    let ns = times(items, f);
    let mut hits: Vec<f64> = answers
        .iter()
        .zip(&ns)
        .filter(|(a, _)| matches!(a, Ok(Sweep::Hit(_))))
        .map(|(_, t)| *t)
        .collect();
    hits.sort_by(f64::total_cmp);
    let median = percentile(&hits, 50.0);
    let p99 = percentile(&hits, 99.0);
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|&a, &b| ns[b].total_cmp(&ns[a]));
    let slowest = ns[order[0]];
    println!("{name:<18} {}", summary("hit", &answers, outcome));
    println!(
        "{:<18} hit median {median:.0} ns, p90 {:.0}, p99 {p99:.0}, slowest hit {:.0}; slowest query {slowest:.0} ns; p99/median {:.1}, slowest/median {:.1}",
        "",
        percentile(&hits, 90.0),
        hits[hits.len() - 1],
        p99 / median,
        slowest / median,
    );
    for &i in order.iter().take(3) {
        let w = &draws[i];
        println!(
            "{:<18}   {:.0} ns: query {i}, center {:?} radius {} velocity {:?}: {:?}",
            "",
            ns[i],
            w.circle,
            w.radius,
            w.circle_velocity,
            outcome(&answers[i]),
        );
    }
}

/// Checks every answer of `T` against the exact backend's.
fn check<T: Backend>(items: &[W1In<T>]) {
    for (i, q) in items.iter().enumerate() {
        let x = |v: &T| v.to_exact();
        let v = |p: &Vec2<T>| Vec2::new(x(&p.x), x(&p.y));
        let exact = sweep_circle_aabb2(
            &Circle::new(v(&q.circle.center), x(&q.circle.radius)),
            &v(&q.circle_velocity),
            &Aabb2::new(v(&q.aabb.min), v(&q.aabb.max)),
            &v(&q.rect_velocity),
        );
        if let Err(why) = compare_sweep(&exact, &full(q)) {
            panic!(
                "W5 {} query {i} disagrees with the exact answer: {why}",
                T::NAME
            );
        }
    }
}

fn backend<T: Backend>(draws: &[W5]) {
    let items: Vec<W1In<T>> = draws
        .iter()
        .map(|w| w5_in(w).expect("W5 converts"))
        .collect();
    check(&items);
    row(&format!("W5 {}", T::NAME), draws, &items, full);
    row(&format!("W5 {} time", T::NAME), draws, &items, time_only);
}

fn main() {
    if std::env::args().any(|a| a == "--list" || a == "--test") {
        return;
    }
    let n = std::env::var("SWEPT_W5_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(W5_N);
    let mut r = SplitMix64::new(SEED);
    let draws: Vec<W5> = (0..n).map(|_| w5(&mut r)).collect();
    println!("W5, N = {n}: each query the fastest of {ROUNDS} rounds of {REPS} calls");
    backend::<f64>(&draws);
    backend::<f32>(&draws);
    backend::<swept_support::I32F32>(&draws);
}
