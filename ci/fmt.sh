#!/usr/bin/env bash
# Formatting: the workspace, and the crates outside it (the no_std link
# check, the no-panic-path image, the bare-metal golden check and the fuzz
# targets).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ensure_component rustfmt cargo fmt --version

cargo fmt --all --check
cargo fmt --check --manifest-path ci/nostd-link/Cargo.toml
cargo fmt --check --manifest-path ci/panic-never/Cargo.toml
cargo fmt --check --manifest-path ci/golden-thumb/Cargo.toml
cargo fmt --check --manifest-path ci/size/Cargo.toml
cargo fmt --check --manifest-path fuzz/Cargo.toml
cargo fmt --check --manifest-path benches/plain/Cargo.toml
cargo fmt --check --manifest-path benches/reference/Cargo.toml
