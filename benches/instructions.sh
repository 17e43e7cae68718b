#!/usr/bin/env bash
# Instructions per query of rows of a bench (`--bench NAME`: sweep, the
# default, sweep_segment or static), by callgrind: one sample of N queries
# (SWEPT_BENCH_N, default 100000: N/1000 iterations of a chunk of 1,000,
# benches/support/harness.rs), counted inside `scalar_chunk` and
# `batch_chunk` only (the query calls and the result stores; not the
# input generation, not divan's loop), divided by N. Built for x86-64-v2
# in its own target directory: this valgrind cannot run AVX-512 code.
#
#   benches/instructions.sh [--bench NAME] ['w1_aabb::scalar::f64$' '::floor$' ...]
#
# A row is named by a divan filter (a regular expression on its path,
# `sweep::w1_aabb::batch::f64`); end it in `$` so that one row runs per
# count. (The exact backend's rows hold N/100 queries and answer them
# again until N are answered.)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${SWEPT_BENCH_N:-100000}
bench=sweep
if [ "${1:-}" = --bench ]; then
    bench=$2
    shift 2
fi
rows=("$@")
if [ ${#rows[@]} -eq 0 ] && [ "$bench" = sweep ]; then
    rows=('::floor$')
    for q in w1_aabb w1_obb; do
        for t in f64 f32; do
            rows+=("$q::scalar::$t\$" "$q::batch::$t\$")
        done
    done
fi
export CARGO_TARGET_DIR=target/x86-64-v2 RUSTFLAGS="-C target-cpu=x86-64-v2"
bin=$(cargo bench --bench "$bench" --no-run 2>&1 | sed -n 's/.*Executable .*(\(.*\)).*/\1/p' | tail -1)
[ -x "$bin" ] || { echo "no bench binary" >&2; exit 1; }
for row in "${rows[@]}"; do
    out=$(mktemp)
    SWEPT_BENCH_N=$n SWEPT_BENCH_REPORT=0 \
        valgrind --tool=callgrind --callgrind-out-file="$out" \
        --toggle-collect='*harness::scalar_chunk*' --toggle-collect='*harness::batch_chunk*' \
        "$bin" --bench "$row" --sample-count 1 --sample-size $((n / 1000)) >/dev/null 2>&1
    ir=$(callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
    rm -f "$out"
    awk -v row="${row%\$}" -v ir="${ir:-0}" -v n="$n" \
        'BEGIN { printf "%-24s %8.1f instructions/query\n", row, ir / n }'
done
