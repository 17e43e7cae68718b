#!/usr/bin/env bash
# Worst-case stack of every query on a microcontroller: one
# thumbv7em-none-eabihf image (Cortex-M4F; LTO, panic = "abort") per
# opt-level, "s" and 3, holding every query on every backend, each its own
# entry (ci/size, feature `entries`); ci/stack.py reads each entry's deepest
# call path from the disassembly, every frame on it. It fails on what it
# cannot bound: recursion, an indirect call or jump, a frame it cannot size.
#
# Bounds (issue "Exactness a microcontroller can afford"): 4 KiB for every
# 2D query, 6 KiB for every 3D query, 8 KiB for `advance`, on f32, I16F16,
# I32F32 and I48F16 (f64 is shown, unbounded). A row above its bound is
# marked OVER and fails the script: every bounded row is within it at both
# opt-levels.
#
# STACK_OPTS narrows the opt-levels (default "s 3"; "s" under CI).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

target=thumbv7em-none-eabihf
rustup target add "$target" >/dev/null
ensure_llvm llvm-objdump
# Under CI only "s" (as ci/size.sh): the second image is four minutes.
all_opts="s 3"
[[ ${CI:-} == true ]] && all_opts=s
opts=(${STACK_OPTS:-$all_opts})
base=${CARGO_TARGET_DIR:-$PWD/target}/stack

declare -A worst
failed=0
for o in "${opts[@]}"; do
    CARGO_PROFILE_RELEASE_OPT_LEVEL=$o CARGO_TARGET_DIR="$base/$o" cargo build -q --release \
        --target "$target" --manifest-path ci/size/Cargo.toml --features entries
    bin=$base/$o/$target/release/swept-size
    if ! python3 ci/stack.py "$bin" --entries entries >"$base/$o.txt"; then
        grep '^FAULT' "$base/$o.txt" >&2 || true
        failed=1
    fi
    while read -r q b n _; do
        [[ $q == FAULT ]] && continue
        worst[$q,$b,$o]=$n
    done <"$base/$o.txt"
done

bound() { # query
    case $1 in
    advance) echo 8192 ;;
    *aabb3 | *obb3) echo 6144 ;;
    *) echo 4096 ;;
    esac
}

over=0
header="| query | backend | bound |"
rule="|---|---|---|"
for o in "${opts[@]}"; do
    header+=" opt-level \"$o\" |"
    rule+="---|"
done
echo "== worst-case stack in bytes ($target, LTO, panic=abort; python3 ci/stack.py on the disassembly)"
echo "$header"
echo "$rule"
for q in classify_circle_aabb2 classify_sphere_aabb3 classify_circle_obb2 classify_sphere_obb3 \
    distance_aabb2 sweep_aabb2 sweep_obb2 sweep_segment sweep_circle sweep_aabb3 sweep_obb3 advance; do
    for b in f32 f64 i16f16 i32f32 i48f16; do
        limit=$(bound "$q")
        row="| $q | $b | $( [[ $b == f64 ]] && echo - || echo "$limit") |"
        for o in "${opts[@]}"; do
            n=${worst[$q,$b,$o]:-?}
            mark=""
            if [[ $b != f64 && ( $n == "?" || $n -gt $limit ) ]]; then
                mark=" OVER"
                over=1
            fi
            row+=" $n$mark |"
        done
        echo "$row"
    done
done
if ((over)); then
    echo "some queries need more stack than their bound (OVER)"
    failed=1
fi
exit "$failed"
