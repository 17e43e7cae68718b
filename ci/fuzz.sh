#!/usr/bin/env bash
# Fuzz smoke run: every target in fuzz/fuzz_targets/ for FUZZ_SECONDS seconds
# (default 30, libFuzzer seed FUZZ_SEED, default 1) on nightly; any crash,
# panic or oracle disagreement fails.
# Without a nightly toolchain: SKIP.
#
# Sanitizer: none by default (FUZZ_SANITIZER=address to change it). swept
# forbids `unsafe` and the only C code, GMP, is the uninstrumented system
# library, so AddressSanitizer finds nothing more here and halves the
# executions per second; overflow checks stay on either way (cargo fuzz builds
# with debug assertions).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

seconds=${FUZZ_SECONDS:-30}
# A fixed seed by default, so a CI failure reproduces (FUZZ_SEED=0: random).
seed=${FUZZ_SEED:-1}
sanitizer=${FUZZ_SANITIZER:-none}

if ! cargo +nightly --version >/dev/null 2>&1; then
    skip "fuzz: no nightly toolchain (rustup toolchain install nightly)"
    exit 0
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "installing cargo-fuzz"
    cargo install cargo-fuzz --locked
fi

shopt -s nullglob
targets=(fuzz/fuzz_targets/*.rs)
if ((${#targets[@]} == 0)); then
    echo "no fuzz targets in fuzz/fuzz_targets" >&2
    exit 1
fi
cd fuzz
# One build of every target (their crates compile side by side), then the
# runs two at a time, one per core, each log printed once its pair is done.
cargo +nightly fuzz build --sanitizer "$sanitizer"
fuzz_one() { # target
    echo "== fuzz $1 for ${seconds}s (sanitizer: $sanitizer)"
    cargo +nightly fuzz run --sanitizer "$sanitizer" "$1" -- \
        -max_total_time="$seconds" -seed="$seed" -print_final_stats=1 ||
        {
            status=$?
            echo "fuzz target $1 FAILED; the input is in fuzz/artifacts/$1/" >&2
            return "$status"
        }
}
names=()
for file in "${targets[@]}"; do
    names+=("$(basename "$file" .rs)")
done
in_pairs fuzz_one "${names[@]}"
failed=("${failed_items[@]}")
if ((${#failed[@]})); then
    echo "failed fuzz targets: ${failed[*]}" >&2
    exit 1
fi
