#!/usr/bin/env bash
# What a query costs in a game's debug build, and what the profile settings
# README suggests buy back: builds benches/debug (a program that times
# sweep_circle_aabb2 on a miss, a face hit and a corner hit, f64 and I32F32)
#   dev        the dev profile as cargo ships it (opt-level 0)
#   dev+swept  with [profile.dev.package.swept] opt-level = 3
#   dev, O1    with [profile.dev] opt-level = 1 (the whole program)
#   release    for comparison
# then runs the four alternately, three rounds, and prints for each case
# the fastest time per call in nanoseconds. A benchmark: the times are only
# comparable within one run, on one machine.
#   bash benches/debug.sh [calls per pass, default 2000]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/debug"
calls=${1:-2000}
base=${CARGO_TARGET_DIR:-$PWD/target}
names=("dev" "dev+swept" "dev, O1" "release")
flags=(
    ""
    "--config profile.dev.package.swept.opt-level=3"
    "--config profile.dev.opt-level=1"
    "--release"
)
dirs=(dev dev-swept dev-o1 release)
bins=()
for i in "${!names[@]}"; do
    echo "== building: ${names[i]}" >&2
    # shellcheck disable=SC2086
    CARGO_TARGET_DIR="$base/${dirs[i]}" cargo build -q ${flags[i]} >&2
    profile=debug
    [[ ${flags[i]} == --release ]] && profile=release
    bins+=("$base/${dirs[i]}/$profile/swept-debug-cost")
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for round in 1 2 3; do
    for i in "${!names[@]}"; do
        "${bins[i]}" "$calls" >"$out/$i.$round"
    done
done
# Per case, the fastest of the rounds for each build.
python3 - "$out" "${names[@]}" <<'PY'
import sys, glob, os
out, names = sys.argv[1], sys.argv[2:]
best, what, order = {}, {}, []
for i, name in enumerate(names):
    for f in glob.glob(os.path.join(out, f"{i}.*")):
        for line in open(f):
            case, rest = line[:20].strip(), line[20:]
            ns = float(rest.split("ns")[0])
            what[case] = rest.split("ns", 1)[1].strip()
            if case not in order:
                order.append(case)
            best[case, name] = min(best.get((case, name), ns), ns)
print("| case | " + " | ".join(names) + " |")
print("|---|" + "---|" * len(names))
for case in order:
    cells = " | ".join(f"{best[case, n]:,.0f} ns" for n in names)
    print(f"| {case} {what[case]} | {cells} |")
PY
