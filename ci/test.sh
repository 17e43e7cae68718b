#!/usr/bin/env bash
# The tests: exactly the command README.md gives (checked, so the two cannot
# drift apart).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

cmd="cargo test --workspace --release"
if ! grep -qxF "$cmd" README.md; then
    echo "README.md no longer gives the test command '$cmd': update ci/test.sh" >&2
    exit 1
fi
$cmd
