#!/usr/bin/env bash
# MSRV: the `rust-version` of Cargo.toml. Two checks:
# 1. every package swept builds with, all features on (its normal dependencies, their normal
#    and build dependencies, transitively, as Cargo.lock resolves them)
#    declares a rust-version no newer than ours (packages that declare none
#    are listed);
# 2. `cargo +$MSRV check --lib`, if rustup can install that toolchain (it needs
#    static.rust-lang.org); if it cannot, the check is reported as skipped.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

metadata=$(cargo metadata --format-version 1 --all-features)
msrv=$(python3 -c '
import json, sys
m = json.load(sys.stdin)
print(next(p for p in m["packages"] if p["name"] == "swept")["rust_version"] or "")
' <<<"$metadata")
if [[ -z $msrv ]]; then
    echo "Cargo.toml declares no rust-version" >&2
    exit 1
fi
echo "MSRV (Cargo.toml rust-version): $msrv"

echo "== dependencies' declared rust-version"
read -r -d '' walk <<'PY' || true
import json, sys

def version(v):
    return tuple(int(x) for x in (v.split(".") + ["0", "0"])[:3])

msrv = sys.argv[1]
m = json.load(sys.stdin)
packages = {p["id"]: p for p in m["packages"]}
nodes = {n["id"]: n for n in m["resolve"]["nodes"]}
root = next(i for i, p in packages.items() if p["name"] == "swept")

# Walk from swept: its normal dependencies (no dev), then theirs and their
# build dependencies, which the MSRV compiler also has to build.
seen, todo = set(), [root]
while todo:
    node = nodes[todo.pop()]
    for dep in node["deps"]:
        kinds = {k["kind"] for k in dep["dep_kinds"]}
        wanted = {None} if node["id"] == root else {None, "build"}
        if kinds & wanted and dep["pkg"] not in seen:
            seen.add(dep["pkg"])
            todo.append(dep["pkg"])

newer, undeclared = [], []
for pid in sorted(seen, key=lambda i: packages[i]["name"]):
    p = packages[pid]
    rv = p.get("rust_version")
    print(f"  {p['name']} {p['version']}: rust-version {rv or '(none)'}")
    if rv is None:
        undeclared.append(p["name"])
    elif version(rv) > version(msrv):
        newer.append(f"{p['name']} {p['version']} needs {rv}")
if undeclared:
    print("  declare none (covered only by the toolchain check):", ", ".join(undeclared))
if newer:
    print(f"dependencies newer than the MSRV {msrv}: " + "; ".join(newer), file=sys.stderr)
    sys.exit(1)
print(f"  all {len(seen) - len(undeclared)} declared rust-versions are <= {msrv}")
PY
python3 -c "$walk" "$msrv" <<<"$metadata"

echo "== cargo +$msrv check --lib (default and all features)"
if out=$(timeout 600 rustup toolchain install "$msrv" --profile minimal 2>&1); then
    cargo "+$msrv" check --lib -p swept
    cargo "+$msrv" check --lib -p swept --all-features
else
    echo "$out" | grep -m 3 "^error" || true
    skip "toolchain check: 'rustup toolchain install $msrv --profile minimal' failed (no access to static.rust-lang.org?); only the declared rust-versions were checked"
fi
