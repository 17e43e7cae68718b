#!/usr/bin/env bash
# no_std: the library alone for two bare-metal targets (no `std` exists there,
# so a `std` dependency fails the build), then ci/nostd-link, a no_std binary
# with its own panic handler that links every static query on f32, f64,
# I16F16 and I32F32 (a missing symbol or a second panic handler fails here),
# and ci/panic-never, an image calling every query, static and moving, on the
# same four backends, that links only if no panic path survives optimisation
# (release, LTO, one codegen unit). The linker is rust-lld, shipped with the
# targets.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

targets=(thumbv6m-none-eabi thumbv7em-none-eabihf)
rustup target add "${targets[@]}"

for t in "${targets[@]}"; do
    echo "== swept --lib for $t"
    cargo build --lib --target "$t"
done
for t in "${targets[@]}"; do
    echo "== ci/nostd-link for $t"
    cargo build --release --target "$t" --manifest-path ci/nostd-link/Cargo.toml
    bin=ci/nostd-link/target/$t/release/swept-nostd-link
    test -s "$bin"
    echo "linked $bin ($(wc -c <"$bin") bytes)"
done
# The no-panic link check at the optimisation levels a firmware is built
# with: LTO at opt-level 3 and "z" (the most and the least inlining), LTO at
# 1 (the least optimisation), and "s" without LTO (no whole-program
# optimisation). Levels 2 and "s" with LTO lie between these.
# An LTO build with one codegen unit is single-threaded, so the levels build
# two at a time, each in its own target directory, with their logs printed
# in order once both are done.
base=${CARGO_TARGET_DIR:-$PWD/target}/panic-never
panic_never() { # "opt-level lto"
    set -- $1
    echo "== ci/panic-never for thumbv7em-none-eabihf, opt-level $1, lto $2 (links only without a panic path)"
    CARGO_PROFILE_RELEASE_OPT_LEVEL=$1 CARGO_PROFILE_RELEASE_LTO=$2 \
        CARGO_TARGET_DIR="$base/$1-$2" \
        cargo build --release --target thumbv7em-none-eabihf \
        --manifest-path ci/panic-never/Cargo.toml
}
in_pairs panic_never "3 true" "z true" "1 true" "s false"
failed=("${failed_items[@]}")
if ((${#failed[@]})); then
    echo "a panic path survives in swept (opt-level and lto: ${failed[*]}): the undefined symbol" >&2
    echo "swept_panic_path_survived is referenced by the panic handler; find the caller with" >&2
    echo "  cd ci/panic-never && CARGO_PROFILE_RELEASE_OPT_LEVEL=1 cargo rustc --release \\" >&2
    echo "    --target thumbv7em-none-eabihf -- --emit=llvm-ir" >&2
    echo "and grep the .ll for calls to core::panicking" >&2
    exit 1
fi
echo "linked ci/panic-never at every level above: no panic path"
