#!/usr/bin/env bash
# The main job: exactly the demo command README.md gives, run twice. Its
# standard output must be the same both times (it is deterministic; the
# timings go to standard error), it must report that no ball left the arena
# or entered an obstacle, and it must write the picture it names. Then each
# query-tool command README.md shows (`$ echo ... | cargo run ... query ...`)
# must print the line README.md gives below it.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

cmd="cargo run --release -p swept-demo"
if ! grep -qxF "$cmd" README.md; then
    echo "README.md no longer gives the demo command '$cmd': update ci/demo.sh" >&2
    exit 1
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
rm -f target/demo.svg
$cmd >"$dir/first"
cat "$dir/first"
$cmd >"$dir/second" 2>/dev/null
if ! cmp -s "$dir/first" "$dir/second"; then
    echo "the demo printed something else the second time:" >&2
    diff "$dir/first" "$dir/second" >&2 || true
    exit 1
fi
grep -q "^No ball ever left the arena or entered an obstacle, on any backend.$" "$dir/first" || {
    echo "the demo does not report every ball inside the arena and outside the obstacles" >&2
    exit 1
}
grep -q "^<svg" target/demo.svg || {
    echo "the demo wrote no picture at target/demo.svg" >&2
    exit 1
}

checked=0
while IFS= read -r command && IFS= read -r want; do
    got=$(bash -c "${command#\$ }")
    if [[ $got != "$want" ]]; then
        echo "README.md: '${command#\$ }' printed '$got', README.md says '$want'" >&2
        exit 1
    fi
    checked=$((checked + 1))
done < <(grep -A1 '^\$ echo .* --example query -- ' README.md | grep -v '^--$')
((checked > 0)) || {
    echo "README.md shows no query-tool command to check" >&2
    exit 1
}
echo "the query tool printed what README.md shows, for all $checked commands"
