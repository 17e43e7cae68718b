#!/usr/bin/env bash
# docs/performance.md's Speed table, measured again: for each query and backend, ns per
# query (divan's fastest sample, a pass over N = 1,000,000 queries, of the
# build `cargo bench` makes) and instructions per query (callgrind,
# `benches/instructions.sh`, 10,000 queries), scalar and batch; then the
# floor reference. Prints the table in Markdown.
#
#   bash benches/table.sh            # every row (about 20 minutes)
#   bash benches/table.sh W1-AABB    # the rows of one workload
#
# Each figure comes from its own run, one row's filter at a time (`cargo
# bench --bench BENCH -- 'FILTER$'` for the time, `bash
# benches/instructions.sh --bench BENCH 'FILTER$'` for the count), the
# filters given in the table's first column.
set -euo pipefail
cd "$(dirname "$0")/.."
source benches/divan.sh
only=${1:-}
n=${SWEPT_BENCH_N:-1000000}
ni=${SWEPT_INSTR_N:-10000}

# workload, bench, scalar module, batch module
rows=(
    "W1-AABB sweep w1_aabb::scalar w1_aabb::batch"
    "W1-OBB sweep w1_obb::scalar w1_obb::batch"
    "W4-AABB sweep w4_aabb::scalar w4_aabb::batch"
    "W4-OBB sweep w4_obb::scalar w4_obb::batch"
    "W2 sweep_segment w2 w2_batch"
    "W3 static shipped batch"
)
backends=(f32 f64 I16F16 I32F32 I48F16 exact)

# The bench binary `cargo bench` builds (a no-op once built).
binary() {
    cargo bench --bench "$1" --no-run 2>&1 | sed -n 's/.*Executable .*(\(.*\)).*/\1/p' | tail -1
}

# ns per query of one row: divan's time of an iteration (1,000 queries),
# its fastest sample.
ns() {
    local bin
    bin=$(binary "$1")
    SWEPT_BENCH_N=$n SWEPT_BENCH_REPORT=0 "$bin" --bench "$2\$" 2>/dev/null | divan_ns
}

# Instructions per query of one row.
instr() {
    SWEPT_BENCH_N=$ni bash benches/instructions.sh --bench "$1" "$2\$" 2>/dev/null |
        awk '{ printf "%.1f", $2 }'
}

echo "| query (bench: scalar, batch filters) | backend | ns scalar | ns batch | instructions scalar | instructions batch |"
echo "|---|---|---|---|---|---|"
for row in "${rows[@]}"; do
    read -r name bench scalar batch <<<"$row"
    if [ -n "$only" ] && [ "$only" != "$name" ]; then
        continue
    fi
    for t in "${backends[@]}"; do
        echo "| $name (\`$bench\`: \`$scalar::$t\`, \`$batch::$t\`) | $t |" \
            "$(ns "$bench" "$scalar::$t") | $(ns "$bench" "$batch::$t") |" \
            "$(instr "$bench" "$scalar::$t") | $(instr "$bench" "$batch::$t") |"
    done
done
if [ -z "$only" ] || [ "$only" = floor ]; then
    echo "| floor: W1-AABB in plain \`f64\`, not exact (\`sweep\`: \`::floor\`) | f64 |" \
        "$(ns sweep "::floor") | – | $(instr sweep "::floor") | – |"
fi
