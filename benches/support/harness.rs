//! The benches' rows on divan: a row answers its workload in chunks of
//! [`CHUNK`] queries, one chunk an iteration, cycling through the queries
//! held in memory (generated before timing). Divan's time per iteration is
//! then the time of 1,000 queries: its microseconds are nanoseconds per
//! query. A sample is [`PASSES`] iterations, one pass over the default
//! workload of N = 1,000,000 queries, and a row takes ten samples: the
//! `fastest` column is the best pass. The rows of every backend come from
//! [`per_backend!`].
//!
//! Instructions (`benches/instructions.sh`): callgrind counts inside
//! [`scalar_chunk`] and [`batch_chunk`] alone (the query calls and the
//! result stores) and divides by the queries they answered.

use divan::Bencher;
use divan::counter::ItemsCount;
use std::hint::black_box;
use std::ops::Range;

/// Queries an iteration answers.
pub const CHUNK: usize = 1000;

/// Iterations a sample takes: one pass over the default workload of
/// 1,000,000 queries (`--sample-size` sets another).
pub const PASSES: u32 = 1000;

/// The workload's size: `SWEPT_BENCH_N` (a multiple of [`CHUNK`]) or
/// 1,000,000.
pub fn queries() -> usize {
    let n = std::env::var("SWEPT_BENCH_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    assert!(
        n > 0 && n / CHUNK * CHUNK == n,
        "SWEPT_BENCH_N: a multiple of {CHUNK}"
    );
    n
}

/// The exact backend's rows: N/100 queries (at least a chunk).
pub fn exact_queries() -> usize {
    (queries() / 100 / CHUNK).max(1) * CHUNK
}

/// Whether the untimed report (outcome shares, checksums, checks against
/// the exact answers) runs before the timed rows: not for `--list`,
/// `--test`, or where `SWEPT_BENCH_REPORT=0` (an instruction count).
pub fn report_wanted() -> bool {
    let quiet = std::env::args().any(|a| a == "--list" || a == "--test");
    !quiet && std::env::var("SWEPT_BENCH_REPORT").map_or(true, |v| v != "0")
}

/// The chunks of `0..n`, in order, from the start again after the last.
struct Chunks {
    at: usize,
    n: usize,
}

impl Chunks {
    fn next(&mut self) -> Range<usize> {
        let r = self.at..self.at + CHUNK;
        self.at = if r.end >= self.n { 0 } else { r.end };
        r
    }
}

/// Answers `items` one query at a time into `out`. Not inlined, so that an
/// instruction count can take this function alone.
#[inline(never)]
pub fn scalar_chunk<I, R>(items: &[I], f: &impl Fn(&I) -> R, out: &mut [R]) {
    for (o, it) in out.iter_mut().zip(items) {
        *o = f(black_box(it));
    }
}

/// Answers the queries `r` as one batch into `out`: `f` returns how many
/// it answered. Not inlined, as [`scalar_chunk`].
#[inline(never)]
pub fn batch_chunk<R>(
    r: Range<usize>,
    f: &impl Fn(Range<usize>, &mut [R]) -> usize,
    out: &mut [R],
) {
    let answered = f(r, black_box(out));
    assert_eq!(answered, out.len(), "a batch answers every query");
}

/// A scalar row: `f` on each of `items` (a multiple of [`CHUNK`]), a chunk
/// an iteration; `unwritten` fills the result buffer first.
pub fn scalar<I, R: Clone>(b: Bencher, items: &[I], unwritten: R, f: impl Fn(&I) -> R) {
    let mut out = vec![unwritten; CHUNK];
    let mut chunks = Chunks {
        at: 0,
        n: items.len(),
    };
    b.counter(ItemsCount::new(CHUNK)).bench_local(|| {
        let r = chunks.next();
        scalar_chunk(&items[r], &f, &mut out);
    });
}

/// A batch row: `f` answers the queries of a range of `0..n` into the
/// slice it is given, a chunk an iteration.
pub fn batch<R: Clone>(
    b: Bencher,
    n: usize,
    unwritten: R,
    f: impl Fn(Range<usize>, &mut [R]) -> usize,
) {
    let mut out = vec![unwritten; CHUNK];
    let mut chunks = Chunks { at: 0, n };
    b.counter(ItemsCount::new(CHUNK)).bench_local(|| {
        batch_chunk(chunks.next(), &f, &mut out);
    });
}

/// Every result of `f` on `items`, untimed (for the report).
pub fn answers<I, R>(items: &[I], f: impl Fn(&I) -> R) -> Vec<R> {
    items.iter().map(f).collect()
}

/// A row per backend, each a function named after it (divan filters rows
/// by their path, e.g. `w1_aabb::scalar::f64$`): `$body` with `$T` the
/// backend, `$b` the bencher, `$n` the queries (N; the exact rationals:
/// [`exact_queries`], three samples). An `@row` reads `name = type,
/// samples, queries / per`: the function giving its queries, `1 / per` of
/// a default pass, and so a sample of [`PASSES`]` / per` iterations.
macro_rules! per_backend {
    ($T:ident, $b:ident, $n:ident => $body:block) => {
        $crate::harness::per_backend!(@row f32 = f32, 10, queries / 1; $T, $b, $n => $body);
        $crate::harness::per_backend!(@row f64 = f64, 10, queries / 1; $T, $b, $n => $body);
        $crate::harness::per_backend!(@row I16F16 = swept_support::I16F16, 10, queries / 1; $T, $b, $n => $body);
        $crate::harness::per_backend!(@row I32F32 = swept_support::I32F32, 10, queries / 1; $T, $b, $n => $body);
        $crate::harness::per_backend!(@row I48F16 = swept_support::I48F16, 10, queries / 1; $T, $b, $n => $body);
        $crate::harness::per_backend!(@row exact = swept_support::Exact, 3, exact_queries / 100; $T, $b, $n => $body);
    };
    (@row $name:ident = $ty:ty, $samples:literal, $queries:ident / $per:literal; $T:ident, $b:ident, $n:ident => $body:block) => {
        #[allow(non_snake_case)]
        #[divan::bench(sample_count = $samples, sample_size = $crate::harness::PASSES / $per)]
        fn $name($b: divan::Bencher) {
            type $T = $ty;
            let $n = $crate::harness::$queries();
            $body
        }
    };
}
pub(crate) use per_backend;
