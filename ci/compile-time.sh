#!/usr/bin/env bash
# What a user pays to build on swept: two small crates of a user's, made
# here in target/compile-time with swept as a path dependency, built in
# release once for their dependencies, then again after a change to their
# own source, timed (the fastest of three rebuilds). `advance` is README's
# quick start run on `f64` and on `I32F32`; `sweep` one `f32` sweep
# against an aligned rectangle. Prints each crate's own compile time and
# the size of its binary (stripped), against the bounds of issue
# "Exactness a microcontroller can afford" (10 s and 300 KB; 3 s);
# with COMPILE_TIME_ENFORCE=1 it fails above them. A third crate,
# `baseline`, prints what the first prints without swept: its binary is
# what std and fixed's formatting link by themselves.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

root=$PWD
dir=${CARGO_TARGET_DIR:-$root/target}/compile-time
mkdir -p "$dir"

crate() { # name, main.rs on stdin
    mkdir -p "$dir/$1/src"
    cat >"$dir/$1/Cargo.toml" <<TOML
[package]
name = "user-$1"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
swept = { path = "$root" }
fixed = "1.28"

[profile.release]
strip = true

[workspace]
TOML
    cat >"$dir/$1/src/main.rs"
}

crate advance <<'RS'
use fixed::types::I32F32;
use swept::Real;
use swept::advance::{AdvanceError, Obstacle, Options, advance};
use swept::geom::{Aabb2, Circle, Segment2, Vec2};

/// README's quick start on any backend: the ball's end and the hits.
fn quick_start<T: Real>(q: impl Fn(f64) -> T) -> Result<(Vec2<T>, usize), AdvanceError> {
    let v = |x: f64, y: f64| Vec2::new(q(x), q(y));
    let floor = Segment2::new(v(0.0, 0.0), v(10.0, 0.0));
    let crate_ = Aabb2::new(v(6.0, 0.0), v(8.0, 2.0));
    let obstacles = [Obstacle::Segment(floor), Obstacle::Aabb(crate_)];
    let ball = Circle::new(v(4.0, 1.0), q(0.5));
    let mut hits = 0;
    let end = advance(&ball, &v(3.0, 0.0), &obstacles, &Options::default(), |_| hits += 1)?;
    Ok((end.center, hits))
}

fn main() -> Result<(), AdvanceError> {
    let (c, n) = quick_start(|x| x)?;
    println!("f64: end ({}, {}), {n} hit", c.x, c.y);
    let (c, n) = quick_start(I32F32::from_num)?;
    println!("I32F32: end ({}, {}), {n} hit", c.x, c.y);
    Ok(())
}
RS

crate sweep <<'RS'
use swept::geom::{Aabb2, Circle, Vec2};
use swept::query::sweep_circle_rect::sweep_circle_aabb2;

fn main() {
    let b = Aabb2::new(Vec2::new(-1.0f32, -1.0), Vec2::new(1.0, 1.0));
    let c = Circle::new(Vec2::new(4.0, 0.0), 1.0);
    let s = sweep_circle_aabb2(&c, &Vec2::new(-1.0, 0.0), &b, &Vec2::new(0.0, 0.0));
    println!("{s:?}");
}
RS

# The same program's output without swept: what std and fixed's printing
# link by themselves, the floor under the first crate's binary.
crate baseline <<'RS'
use fixed::types::I32F32;
fn main() {
    // From the arguments, so that nothing is folded away.
    let n = std::env::args().count() as f64;
    println!("f64: end ({}, {}), {} hit", n, n / 2.0, n as usize);
    let q = I32F32::from_num(n);
    println!("I32F32: end ({}, {}), {} hit", q, q / 2, n as usize);
}
RS
# One target directory for all three crates: their dependencies build once.
export CARGO_TARGET_DIR=$dir/target
failed=0
report() { # name, bound in seconds, bound in bytes (0: none)
    local name=$1 secs=$2 bytes=$3 best=""
    (cd "$dir/$name" && cargo build --release -q)
    for _ in 1 2 3; do
        touch "$dir/$name/src/main.rs"
        local t0 t1
        t0=$(date +%s.%N)
        (cd "$dir/$name" && cargo build --release -q)
        t1=$(date +%s.%N)
        best=$(python3 -c "print(min(x for x in [$t1 - $t0, ${best:-1e9}]))")
    done
    local size
    size=$(wc -c <"$CARGO_TARGET_DIR/release/user-$name")
    local verdict="within"
    if python3 -c "import sys; sys.exit(0 if $best <= $secs and ($bytes == 0 or $size <= $bytes) else 1)"; then :; else
        verdict="OVER"
        failed=1
    fi
    printf '%-8s %6.1f s (bound %s s)  binary %8d bytes%s  %s\n' "$name" "$best" "$secs" "$size" \
        "$( ((bytes)) && echo " (bound $bytes)")" "$verdict"
}
echo "== a user's crate, rebuilt in release after a change to its own source (fastest of 3)"
report advance 10 300000
report sweep 3 0
(cd "$dir/baseline" && cargo build --release -q)
floor=$(wc -c <"$CARGO_TARGET_DIR/release/user-baseline")
echo "the first crate's output printed without swept: binary $floor bytes (the floor under its binary)"
if ((failed)) && [[ ${COMPILE_TIME_ENFORCE:-0} == 1 ]]; then
    exit 1
fi
