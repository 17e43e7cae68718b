#!/usr/bin/env bash
# Feature sets: the library with no default features (an f32-only user:
# `fixed` must not be in the tree), with each optional feature alone and
# with all of them, linted with warnings denied; the tests of the optional
# features (tests/geom.rs: mint and serde); and the docs, warnings denied.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ensure_component clippy cargo clippy --version

for features in "--no-default-features" "--no-default-features --features mint" \
    "--no-default-features --features serde" "--features mint" "--features serde" "--all-features"; do
    echo "== cargo clippy --lib $features"
    # shellcheck disable=SC2086
    cargo clippy --lib $features -- -D warnings
done

echo "== fixed is not in the tree without default features"
if cargo tree --no-default-features -e normal --prefix none | grep -q '^fixed '; then
    echo "cargo tree --no-default-features lists fixed" >&2
    exit 1
fi

echo "== the optional features' tests"
cargo test --all-features --test geom

echo "== cargo doc, warnings denied"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --all-features -p swept
