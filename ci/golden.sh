#!/usr/bin/env bash
# Golden vectors on every target (issue 5, "Determinism"): the results of
# tests/golden/queries.txt (6,661 cases on f32, f64, I16F16, I32F32
# and I48F16) must be recomputed bit for bit on
#   x86_64 debug and release      cargo test --test golden (+ the oracle check)
#   x86_64 -C target-cpu=native   the runner ci/golden-check (swept-golden)
#   i686-unknown-linux-gnu        the runner, natively (gcc multilib links it)
#   aarch64-unknown-linux-gnu     the runner under qemu-user
#   wasm32-wasip1                 the runner under Node's node:wasi
#   thumbv7em-none-eabihf         ci/golden-thumb under qemu-system-arm
#                                 (Cortex-M4F, semihosting; f64 soft float;
#                                 the file in the board's PSRAM)
# The cross runs build only swept, fixed and the no_std check (no rug).
# Installs what a fresh Debian machine lacks: rustup targets, and through
# apt-get gcc multilib, the aarch64 cross gcc and libc, qemu-user and
# qemu-system-arm. A target whose tools cannot be installed is reported as
# skipped; any mismatch fails. Prints each target's outcome and time, and
# checks that every run printed the same digest of all results.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

root=$PWD
# The cross and native builds get their own directories, so they leave the
# main target directory's cache (and its lock) alone.
base=${CARGO_TARGET_DIR:-$root/target}
cross_dir=$base/golden

# ---- setup -----------------------------------------------------------------

targets=(i686-unknown-linux-gnu aarch64-unknown-linux-gnu wasm32-wasip1 thumbv7em-none-eabihf)
has_target() {
    rustup target list --installed | grep -qx "$1"
}
for t in "${targets[@]}"; do
    if ! has_target "$t"; then
        echo "installing rustup target $t"
        rustup target add "$t" || true
    fi
done

gcc_major=$(gcc -dumpversion | cut -d. -f1)
links_m32() {
    local tmp
    tmp=$(mktemp -d)
    printf 'int main(void) { return 0; }\n' >"$tmp/m.c"
    cc -m32 "$tmp/m.c" -o "$tmp/m" >/dev/null 2>&1
    local ok=$?
    rm -rf "$tmp"
    return $ok
}
# gcc-N-multilib, not gcc-multilib: Debian's gcc-multilib conflicts with the
# cross compilers (gcc-aarch64-linux-gnu).
packages=()
links_m32 || packages+=("gcc-$gcc_major-multilib")
command -v aarch64-linux-gnu-gcc >/dev/null || packages+=(gcc-aarch64-linux-gnu)
[[ -e /usr/aarch64-linux-gnu/lib/crt1.o ]] || packages+=(libc6-dev-arm64-cross)
command -v qemu-aarch64 >/dev/null || packages+=(qemu-user)
command -v qemu-system-arm >/dev/null || packages+=(qemu-system-arm)
if ((${#packages[@]})); then
    echo "installing with apt-get: ${packages[*]}"
    if command -v apt-get >/dev/null; then
        sudo=()
        ((EUID == 0)) || sudo=(sudo)
        "${sudo[@]}" apt-get update -qq || true
        DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq \
            --no-install-recommends "${packages[@]}" >/dev/null || true
    fi
fi

# ---- runs ------------------------------------------------------------------

# Two lanes, one per core: each target's build is mostly one large crate on
# one thread, and each run one emulator process, so two at a time take
# about half as long. Each target builds in its own directory (a shared one
# would serialise the builds on its lock). The logs are printed in order
# once both lanes are done.
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# run SLUG NAME COMMAND...: runs one target into $logs/SLUG.*: its output,
# and its name, outcome and time.
run() {
    local slug=$1 name=$2
    shift 2
    local start=$SECONDS status=passed
    {
        echo
        echo "== golden: $name"
        echo "   $*"
        "$@" 2>&1 || status=FAILED
    } >"$logs/$slug.log"
    printf '%s\n%s\n%s\n' "$name" "$status" $((SECONDS - start)) >"$logs/$slug.status"
}

# not_run SLUG NAME REASON: a target that could not be set up.
not_run() {
    skip "golden $2: $3"
    printf '%s\n%s\n%s\n%s\n' "$2" skipped - "$3" >"$logs/$1.status"
}

wasm_ready() { has_target wasm32-wasip1 && node -e 'require("node:wasi")' >/dev/null 2>&1; }
i686_ready() { has_target i686-unknown-linux-gnu && links_m32; }
aarch64_ready() {
    has_target aarch64-unknown-linux-gnu && command -v aarch64-linux-gnu-gcc >/dev/null &&
        [[ -e /usr/aarch64-linux-gnu/lib/crt1.o ]] && command -v qemu-aarch64 >/dev/null
}
thumb_ready() { has_target thumbv7em-none-eabihf && command -v qemu-system-arm >/dev/null; }

# Lane one: the cross targets built for a hosted runner.
lane_one() {
    if wasm_ready; then
        run wasm "wasm32-wasip1 (node:wasi)" \
            env CARGO_TARGET_DIR="$cross_dir/wasm32" \
            CARGO_TARGET_WASM32_WASIP1_RUNNER="node --no-warnings $root/ci/golden-check/wasi-run.mjs" \
            cargo run --release -p swept-golden --target wasm32-wasip1
    else
        not_run wasm wasm32-wasip1 "no rustup target or no Node.js with node:wasi"
    fi
    if i686_ready; then
        run i686 "i686-unknown-linux-gnu" \
            env CARGO_TARGET_DIR="$cross_dir/i686" \
            cargo run --release -p swept-golden --target i686-unknown-linux-gnu
    else
        not_run i686 i686-unknown-linux-gnu "no rustup target or no 'cc -m32' (gcc-$gcc_major-multilib)"
    fi
    if aarch64_ready; then
        run aarch64 "aarch64-unknown-linux-gnu (qemu-user)" \
            env CARGO_TARGET_DIR="$cross_dir/aarch64" \
            CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc \
            CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu" \
            cargo run --release -p swept-golden --target aarch64-unknown-linux-gnu
    else
        not_run aarch64 aarch64-unknown-linux-gnu "no rustup target, gcc-aarch64-linux-gnu, libc6-dev-arm64-cross or qemu-user"
    fi
}

# Lane two: x86_64 (the tests and the native runner) and the Cortex-M4F.
lane_two() {
    run debug "x86_64 debug (cargo test)" \
        cargo test --test golden -- --nocapture
    run release "x86_64 release (cargo test)" \
        cargo test --release --test golden -- --nocapture
    run native "x86_64 release, target-cpu=native" \
        env RUSTFLAGS="-C target-cpu=native" CARGO_TARGET_DIR="$base/golden-native" \
        cargo run --release -p swept-golden
    if thumb_ready; then
        # The runner (qemu-system-arm, MPS2 AN386, semihosting) is in
        # ci/golden-thumb/.cargo/config.toml, read from the working directory.
        run thumb "thumbv7em-none-eabihf (qemu-system-arm)" \
            bash -c 'cd ci/golden-thumb && cargo run --release'
    else
        not_run thumb thumbv7em-none-eabihf "no rustup target or no qemu-system-arm"
    fi
}

lane_one &
one=$!
lane_two &
two=$!
wait "$one" || true
wait "$two" || true

# ---- summary ---------------------------------------------------------------

summary=()
digests=()
failed=0
for slug in debug release native i686 aarch64 wasm thumb; do
    [[ -e $logs/$slug.log ]] && cat "$logs/$slug.log"
    if [[ ! -e $logs/$slug.status ]]; then
        summary+=("$(printf '%-40s %-7s' "$slug" "NOT RUN")")
        failed=1
        continue
    fi
    mapfile -t st <"$logs/$slug.status"
    if [[ ${st[1]} == skipped ]]; then
        summary+=("$(printf '%-40s %-7s %4s   %s' "${st[0]}" skipped - "${st[3]}")")
        continue
    fi
    [[ ${st[1]} == passed ]] || failed=1
    digest=$(grep -o 'digest [0-9a-f]*' "$logs/$slug.log" | tail -1 | cut -d' ' -f2 || true)
    [[ -n $digest ]] && digests+=("$digest")
    summary+=("$(printf '%-40s %-7s %4ss  %s' "${st[0]}" "${st[1]}" "${st[2]}" "${digest:-no digest}")")
done

echo
echo "== golden vectors: target, outcome, time, digest of all results"
printf '%s\n' "${summary[@]}"
if ((${#digests[@]})) && [[ $(printf '%s\n' "${digests[@]}" | sort -u | wc -l) -ne 1 ]]; then
    echo "the digests differ between targets" >&2
    failed=1
fi
if ((failed)); then
    echo "golden vectors: FAILED" >&2
    exit 1
fi
echo "golden vectors: every target that ran recomputed every result bit for bit"
