#!/usr/bin/env bash
# Lints: every target of every workspace member, warnings denied.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ensure_component clippy cargo clippy --version

cargo clippy --workspace --all-targets -- -D warnings
