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
