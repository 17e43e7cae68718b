#!/usr/bin/env bash
# swept beside the C++ reference and parry2d, timed alternately in one run
# (issue 42): this machine shares its cores, so only times taken side by
# side in one run compare.
#
#   bash benches/reference.sh                # every row
#   bash benches/reference.sh w1-aabb f64    # one query and backend
#
# The C++ reference is David Eberly's Geometric Tools (GTE): the FIQuery of
# a moving circle (sphere) against a moving aligned or oriented rectangle
# (box), built from its published headers by `benches/reference/gte.cpp`
# with $CXX (g++) -O3 -march=x86-64-v2, beside swept's side
# (`benches/reference`, -C target-cpu=x86-64-v2). Its source is not in
# this repository: GTE_DIR names the GTE directory of a clone of
# https://github.com/davideberly/GeometricTools (default
# benches/reference/GeometricTools/GTE); where it or the compiler is not
# at hand, the script says so and skips that part.
#
# Both sides answer the same input bits: the first N queries of W1 and W4
# (benches/WORKLOAD.md; N from SWEPT_BENCH_N, default 1,000,000), written
# by `swept-reference dump` as the queries take them. For each query and
# backend, ROUNDS times (default 3) both, each the fastest of ten passes
# over the N queries in memory (ns a query), the reference first in odd
# rounds and swept first in even ones. The table gives each side's
# fastest round, the ratio of the two and each round's ratio; the
# checksums (the sum of the outcome code, -1/0/+1, plus the contact time);
# the queries whose outcome differs, by pair of codes (`0->1:19`: the
# reference misses, swept hits); of the hits both find, how many times
# differ and the largest difference relative to swept's; and, where
# valgrind is at hand, the instructions a query inside the loop
# (callgrind, the first SWEPT_INSTR_N = 10,000 queries, one pass). With
# N = 1,000,000 swept's W1-AABB and W4-AABB `f64` checksums must be the
# exact answers WORKLOAD.md publishes: the script fails otherwise.
#
# Then, run without arguments, parry2d's `cast_shapes` (benches/parry: W1
# in f32, built for x86-64-v2 in its own target directory), its divan
# rows run alternately with swept's in the same way.
set -euo pipefail
# GTE_DIR as given, before the cd below.
gte=$(realpath -m "${GTE_DIR:-$(dirname "$0")/reference/GeometricTools/GTE}")
cd "$(dirname "$0")/.."
source benches/divan.sh
n=${SWEPT_BENCH_N:-1000000}
ni=${SWEPT_INSTR_N:-10000}
rounds=${ROUNDS:-3}
[ "$rounds" -ge 1 ] || { echo "ROUNDS: at least 1" >&2; exit 1; }
cxx=${CXX:-g++}
if [ $# -gt 0 ]; then
    rows=("${1,,} ${2:-f64}")
else
    rows=()
    for q in w1-aabb w1-obb w4-aabb w4-obb; do
        rows+=("$q f64" "$q f32")
    done
fi
export RUSTFLAGS="-C target-cpu=x86-64-v2"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The fastest of a list of numbers.
fastest() { printf '%s\n' "$@" | sort -g | head -1; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

reference() {
    if [ ! -f "$gte/Mathematics/IntrAlignedBox2Circle2.h" ]; then
        echo "C++ reference: skipped: its source is not at hand (GTE_DIR=$gte holds no" \
            "Mathematics/IntrAlignedBox2Circle2.h; clone https://github.com/davideberly/GeometricTools" \
            "and set GTE_DIR to its GTE directory)"
        return
    fi
    if ! command -v "$cxx" >/dev/null; then
        echo "C++ reference: skipped: no C++ compiler ($cxx)"
        return
    fi
    local mine=benches/reference/target/x86-64-v2/release/swept-reference theirs=$work/gte-reference
    cargo build -q --release --manifest-path benches/reference/Cargo.toml \
        --target-dir benches/reference/target/x86-64-v2
    "$cxx" -O3 -march=x86-64-v2 -std=c++17 -I "$gte" benches/reference/gte.cpp -o "$theirs"
    mkdir -p "$work/n" "$work/i"
    "$mine" dump "$n" "$work/n"
    "$mine" dump "$ni" "$work/i"
    local counts=0
    command -v valgrind >/dev/null && counts=1
    # The clone's commit, where GTE_DIR is the GTE directory of a clone.
    local at=$gte
    if [ "$(git -C "$gte/.." rev-parse --show-toplevel 2>/dev/null)" = "$(realpath "$gte/..")" ]; then
        at="$gte ($(git -C "$gte/.." log -1 --format=%h))"
    fi
    echo "C++ reference: GTE at $at, $("$cxx" --version | head -1)"
    echo
    echo "| query | backend | C++ ns | swept ns | swept / C++ | each round | instructions C++ | swept | checksum C++ | swept | outcomes differ | by codes | hit times differ | largest, relative |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    local row q b input r theirs_ns mine_ns each out_t out_m sum_t sum_m res differ kinds apart largest
    for row in "${rows[@]}"; do
        read -r q b <<<"$row"
        input=${q%%-*}-$b.bin
        theirs_ns=() mine_ns=() each=()
        for ((r = 0; r < rounds; r++)); do
            if ((r % 2 == 0)); then
                out_t=$("$theirs" "$q" "$b" "$work/n/$input" "$work/theirs.ans" 10)
                out_m=$("$mine" run "$q" "$b" "$work/n/$input" "$work/mine.ans" 10)
            else
                out_m=$("$mine" run "$q" "$b" "$work/n/$input" "$work/mine.ans" 10)
                out_t=$("$theirs" "$q" "$b" "$work/n/$input" "$work/theirs.ans" 10)
            fi
            theirs_ns+=("${out_t% *}") mine_ns+=("${out_m% *}")
            each+=("$(ratio "${out_m% *}" "${out_t% *}")")
        done
        sum_t=${out_t#* } sum_m=${out_m#* }
        res=$("$mine" compare "$work/theirs.ans" "$work/mine.ans")
        read -r differ kinds apart largest <<<"$res"
        local it=– im=–
        if [ $counts = 1 ]; then
            it=$(instructions "$ni" "$theirs" "$q" "$b" "$work/i/$input" "$work/x.ans" 1)
            im=$(instructions "$ni" "$mine" run "$q" "$b" "$work/i/$input" "$work/x.ans" 1)
        fi
        local t m
        t=$(fastest "${theirs_ns[@]}") m=$(fastest "${mine_ns[@]}")
        echo "| $q | $b | $t | $m | $(ratio "$m" "$t") | ${each[*]} | $it | $im | $sum_t | $sum_m | $differ | $kinds | $apart | $largest |"
        # WORKLOAD.md's exact checksums, at its N.
        local exact=
        [ "$n" = 1000000 ] && [ "$q $b" = "w1-aabb f64" ] && exact=167827.30301352788
        [ "$n" = 1000000 ] && [ "$q $b" = "w4-aabb f64" ] && exact=40805.223002065504
        if [ -n "$exact" ] && [ "$sum_m" != "$exact" ]; then
            echo "swept's $q $b checksum $sum_m is not the exact $exact" >&2
            wrong=1 # the script's status, after the rest
        fi
    done
}

# Instructions a query inside `answer_all`: instructions N COMMAND...
instructions() {
    local count=$1 out=$work/callgrind.out ir
    shift
    valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect='*answer_all*' \
        "$@" >/dev/null 2>&1 || true
    ir=$(callgrind_annotate "$out" 2>/dev/null |
        awk -v n="$count" '/PROGRAM TOTALS/ { gsub(",", "", $1); printf "%.1f", $1 / n }')
    echo "${ir:-?}"
    rm -f "$out"
}

parry() {
    local bin q r p s ps ss each log=$work/parry-build.log
    cargo bench --manifest-path benches/parry/Cargo.toml --no-run \
        --target-dir benches/parry/target/x86-64-v2 >"$log" 2>&1 || true
    bin=$(sed -n 's/.*Executable .*(\(.*\)).*/\1/p' "$log" | tail -1)
    [ -x "$bin" ] || { cat "$log" >&2; echo "parry2d: no bench binary" >&2; return 1; }
    echo
    echo "parry2d: \`cargo bench --manifest-path benches/parry/Cargo.toml\` (x86-64-v2), its rows alternately"
    echo
    echo "| W1, f32 | parry2d ns | swept ns | parry2d / swept | each round |"
    echo "|---|---|---|---|---|"
    for q in w1_aabb w1_obb; do
        ps=() ss=() each=()
        for ((r = 0; r < rounds; r++)); do
            if ((r % 2 == 0)); then
                p=$(SWEPT_BENCH_N=$n SWEPT_BENCH_REPORT=0 "$bin" --bench "$q::parry2d\$" 2>/dev/null | divan_ns)
                s=$(SWEPT_BENCH_N=$n SWEPT_BENCH_REPORT=0 "$bin" --bench "$q::swept\$" 2>/dev/null | divan_ns)
            else
                s=$(SWEPT_BENCH_N=$n SWEPT_BENCH_REPORT=0 "$bin" --bench "$q::swept\$" 2>/dev/null | divan_ns)
                p=$(SWEPT_BENCH_N=$n SWEPT_BENCH_REPORT=0 "$bin" --bench "$q::parry2d\$" 2>/dev/null | divan_ns)
            fi
            ps+=("$p") ss+=("$s") each+=("$(ratio "$p" "$s")")
        done
        p=$(fastest "${ps[@]}") s=$(fastest "${ss[@]}")
        echo "| $q | $p | $s | $(ratio "$p" "$s") | ${each[*]} |"
    done
}

wrong=0
reference
if [ $# -eq 0 ]; then
    parry
fi
exit $wrong
