#!/usr/bin/env bash
# The crate as published: `cargo package` (which builds the packaged crate
# on its own), the files it ships (the library, README with its pictures,
# CHANGELOG, both licenses), then the packaged crate's tests (unit tests and
# doctests; the integration tests, examples and benches stay in the
# repository) with all features, outside this workspace, in the debug
# profile (the test step runs them in release with default features: so
# both profiles are checked, and the build is a third of a release one).
# And every public item of the docs has a code example (rustdoc's
# missing_doc_code_examples lint, nightly only: SKIP without it).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

echo "== cargo package"
cargo package --allow-dirty -p swept
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
crate=target/package/swept-$version.crate

echo "== the files it ships"
list=$(tar tzf "$crate" | sed "s|^swept-$version/||")
echo "$list"
for f in Cargo.toml README.md CHANGELOG.md LICENSE-MIT LICENSE-APACHE src/lib.rs \
    docs/arena.svg docs/fan.svg; do
    grep -qx "$f" <<<"$list" || { echo "the package lacks $f" >&2; exit 1; }
done
if grep -E '^(tests|examples|benches|ci|fuzz)/' <<<"$list"; then
    echo "the package ships repository-only files (above)" >&2
    exit 1
fi

echo "== the packaged crate's tests"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
tar xzf "$crate" -C "$dir"
export CARGO_TARGET_DIR=$PWD/target/package-test
(cd "$dir/swept-$version" && cargo test --all-features)

echo "== every public item has an example"
if cargo +nightly --version >/dev/null 2>&1; then
    CARGO_TARGET_DIR=$PWD/target/nightly-doc cargo +nightly rustdoc --lib --all-features -p swept -- \
        -Z unstable-options -Zcrate-attr='feature(rustdoc_missing_doc_code_examples)' \
        -D rustdoc::missing_doc_code_examples
else
    skip "examples lint: no nightly toolchain"
fi
