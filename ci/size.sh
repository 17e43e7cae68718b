#!/usr/bin/env bash
# Code size on a microcontroller (issue 15): for thumbv7em-none-eabihf with
# LTO and panic=abort, one image per query x backend (ci/size, the query
# with its inputs through black_box), built at opt-level "s" and 3; prints
# the flash bytes (`.text` and `.rodata`) each adds to the empty image,
# as a Markdown table (the
# size table of docs/embedded.md comes from this script).
#
# Checks: no f32 query links an f64 software routine (`__aeabi_d*`). The
# bounds (each sweep at most 12 KiB, each static query 3 KiB, `advance`
# 32 KiB, on f32 and fixed point) are printed against each row and
# enforced with SIZE_ENFORCE=1; beside each size, the query's own bytes,
# those outside the functions every query's image shares (the exact
# engine, whose size is printed once per backend and level).
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

# Flash bytes of the image just built: its code and its read-only data
# (`.text` and `.rodata`: tables such as the residues' primes are flash
# a query needs as much as its instructions).
text() {
    size -A "$bin" | awk '$1 == ".text" || $1 == ".rodata" { n += $2 } END { print n }'
}

build() {
    CARGO_PROFILE_RELEASE_OPT_LEVEL=$1 cargo build -q --release --target "$target" \
        --manifest-path "$manifest" ${2:+--features "$2"}
}

ensure_llvm llvm-nm
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
# The functions of the image just built: `llvm-nm -S` lines.
symbols() {
    llvm-nm -S --defined-only "$bin" >"$data/$1.syms"
}

declare -A base
for o in "${opts[@]}"; do
    build "$o" ""
    base[$o]=$(text)
    symbols "base.$o"
done

failed=0
for q in "${queries[@]}"; do
    for b in "${backends[@]}"; do
        for o in "${opts[@]}"; do
            build "$o" "q-$q,b-$b"
            n=$(($(text) - ${base[$o]}))
            echo "$q $b $o $n" >>"$data/sizes"
            echo "$q $b opt-level $o: $n bytes" >&2
            symbols "$q.$b.$o"
            if [[ $b == f32 ]] && nm "$bin" 2>/dev/null | grep -q '__aeabi_d'; then
                echo "FAIL: $q on f32 at opt-level $o links f64 software routines:" >&2
                nm "$bin" | grep '__aeabi_d' >&2
                failed=1
            fi
        done
    done
done

echo "== flash bytes (.text and .rodata) per query (thumbv7em-none-eabihf, LTO, panic=abort; minus the empty image: ${base[*]} bytes)"
# The table: each query's bytes, the bound, and its own bytes: those not in
# the functions that every query's image of that backend and level holds
# (the shared exact engine, counted once per image, reported below).
status=0
python3 - "$data" "${opts[@]}" <<'PY' || status=$?
import sys, os, collections
data, opts = sys.argv[1], sys.argv[2:]
rows = [l.split() for l in open(os.path.join(data, "sizes"))]
def syms(name):
    out = {}
    for line in open(os.path.join(data, name + ".syms")):
        f = line.split()
        if len(f) == 4 and f[2] in "tT":
            out[f[3]] = int(f[1], 16)
    return out
def bound(q):
    return 32768 if q == "advance" else 12288 if q.startswith("sweep") else 3072
groups = collections.defaultdict(list)
for q, b, o, n in rows:
    groups[b, o].append(q)
shared = {}
for (b, o), qs in groups.items():
    base = syms("base." + o)
    common = None
    for q in qs:
        s = syms(f"{q}.{b}.{o}")
        common = dict(s) if common is None else {k: min(v, s[k]) for k, v in common.items() if k in s}
    shared[b, o] = sum(v for k, v in common.items() if k not in base) if len(qs) > 1 else 0
over = False
print("| query | backend | bound | " + " | ".join(f'opt-level "{o}" (own)' for o in opts) + " |")
print("|---|---|---|" + "---|" * len(opts))
table = collections.OrderedDict()
for q, b, o, n in rows:
    table.setdefault((q, b), {})[o] = int(n)
for (q, b), by in table.items():
    limit = bound(q)
    cells = []
    for o in opts:
        n = by.get(o)
        if n is None:
            cells.append("?")
            continue
        mark = ""
        if b != "f64" and n > limit:
            mark, over = " OVER", True
        cells.append(f"{n} ({n - shared[b, o]}){mark}")
    print(f"| {q} | {b} | {'-' if b == 'f64' else limit} | " + " | ".join(cells) + " |")
print()
print("Shared by every query (the functions each image of a backend and level holds):")
for (b, o), n in sorted(shared.items()):
    print(f"  {b}, opt-level \"{o}\": {n} bytes")
if over:
    print("some queries are above their bound (OVER)")
    sys.exit(2)
PY
if ((status == 2)); then
    if [[ ${SIZE_ENFORCE:-0} == 1 ]]; then failed=1; fi
elif ((status != 0)); then
    failed=1
fi
exit "$failed"
