#!/usr/bin/env bash
# Instructions per query of rows of a bench (`--bench NAME`: sweep, the
# default, sweep_segment or static), by callgrind: one run
# (SWEPT_BENCH_REPS=1) of N queries (SWEPT_BENCH_N, default 100000), counted
# inside the timed loop only (`timed_scalar`, `timed_batch`: the query
# calls, the result stores and the loop; not the input generation).
# Built for x86-64-v2 in its own target directory: this valgrind cannot
# run AVX-512 code.
#
#   benches/instructions.sh [--bench NAME] ["W1-AABB f64" "W1-AABB f64 floor" ...]
#
# A row name selects as SWEPT_BENCH_ONLY does: by prefix, or by whole name
# ending in `$`; one row runs per count.
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
    rows=('W1-AABB f64 floor$' 'W1-AABB f64$' 'W1-AABB f64 batch$' 'W1-OBB f64$' 'W1-OBB f64 batch$'
          'W1-AABB f32$' 'W1-AABB f32 batch$' 'W1-OBB f32$' 'W1-OBB f32 batch$')
fi
export CARGO_TARGET_DIR=target/x86-64-v2 RUSTFLAGS="-C target-cpu=x86-64-v2"
bin=$(cargo bench --bench "$bench" --no-run 2>&1 | sed -n 's/.*Executable .*(\(.*\)).*/\1/p' | tail -1)
[ -x "$bin" ] || { echo "no bench binary" >&2; exit 1; }
for row in "${rows[@]}"; do
    out=$(mktemp)
    SWEPT_BENCH_N=$n SWEPT_BENCH_REPS=1 SWEPT_BENCH_ONLY="$row" \
        valgrind --tool=callgrind --callgrind-out-file="$out" \
        --toggle-collect='*timed_scalar*' --toggle-collect='*timed_batch*' "$bin" >/dev/null 2>&1
    ir=$(callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
    rm -f "$out"
    awk -v row="${row%\$}" -v ir="$ir" -v n="$n" \
        'BEGIN { printf "%-24s %8.1f instructions/query\n", row, ir / n }'
done
