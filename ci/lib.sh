# Shared helpers for the ci/*.sh scripts; sourced, not run.

# Every script runs from the repository root (the parent of ci/).
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Installs a rustup component for the default toolchain unless the command
# after its name already works: ensure_component rustfmt cargo fmt --version
ensure_component() {
    local component=$1
    shift
    if ! "$@" >/dev/null 2>&1; then
        echo "installing rustup component $component"
        rustup component add "$component"
    fi
}

# A note that part of a step did not run, picked up by .ci/run's summary.
skip() {
    echo "SKIP: $*"
}

# Installs Debian's llvm unless the command named exists (llvm-objdump,
# llvm-nm): ensure_llvm llvm-objdump
ensure_llvm() {
    if ! command -v "$1" >/dev/null; then
        echo "installing llvm ($1)"
        apt-get update -qq && apt-get install -y -qq llvm >/dev/null
    fi
}

# in_pairs RUN ITEM...: runs `RUN ITEM` for each item, two at a time (one
# per core), each one's output printed in order once its pair is done; the
# items whose run failed are left in the array `failed_items`.
in_pairs() {
    local run=$1 dir i j status
    shift
    local items=("$@")
    dir=$(mktemp -d)
    failed_items=()
    for ((i = 0; i < ${#items[@]}; i += 2)); do
        local pair=("${items[@]:i:2}") pids=()
        for j in "${!pair[@]}"; do
            "$run" "${pair[j]}" >"$dir/$((i + j))" 2>&1 &
            pids+=($!)
        done
        for j in "${!pair[@]}"; do
            status=0
            wait "${pids[j]}" || status=$?
            cat "$dir/$((i + j))"
            ((status == 0)) || failed_items+=("${pair[j]}")
        done
    done
    rm -rf "$dir"
}
