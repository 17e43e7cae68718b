//! The main job: `cargo run --release -p swept-demo` (a package that
//! depends on `swept` alone, so it builds in a minute).
//!
//! Two dozen balls bounce around an arena (four walls, blocks, a turned
//! block, pegs, slanted walls) for 3,000 frames, moved by
//! `swept::advance` alone, on four backends: `f64`, `f32`, `I32F32` and
//! `I48F16`. It prints, for each, a hash of where every ball ends (the
//! same on every run and every target: that is what lockstep netcode
//! needs), how many contacts it met, and how long its balls follow the
//! `f64` ones before rounding differences, amplified at every bounce,
//! send them elsewhere; and it checks that no ball ever left the arena or
//! entered an obstacle. It writes a picture, `target/demo.svg`: the
//! arena, the paths of four balls over the first 150 frames, one colour per
//! backend, and the points they touched.
//!
//! Standard output is the same on every run; the time per frame, which
//! depends on the machine, goes to standard error.

mod arena;
mod svg;

use std::fmt::Write as _;
use std::time::Instant;
use swept::Real;
use swept::advance::{Obstacle, Options, Outcome, advance};
use swept::fixed::types::{I32F32, I48F16};
use swept::geom::Vec2;

/// A backend of the demo: a name, and its values printed exactly (floats:
/// the shortest decimal that reads back; fixed point: every digit).
trait Backend: Real + std::fmt::Display {
    const NAME: &'static str;
}
impl Backend for f64 {
    const NAME: &'static str = "f64";
}
impl Backend for f32 {
    const NAME: &'static str = "f32";
}
impl Backend for I32F32 {
    const NAME: &'static str = "I32F32";
}
impl Backend for I48F16 {
    const NAME: &'static str = "I48F16";
}

/// Balls, frames, and what the picture shows.
const BALLS: usize = 24;
const FRAMES: usize = 3_000;
const TRACED: usize = 4;
const TRACE_FRAMES: usize = 150;

/// One backend's run, in `f64` for the comparisons.
struct Run {
    name: &'static str,
    /// Every ball's center after every frame.
    centers: Vec<Vec<[f64; 2]>>,
    /// The traced balls' paths (contact centers and frame ends) and the
    /// points they touched, over the first frames.
    paths: Vec<Vec<[f64; 2]>>,
    touched: Vec<[f64; 2]>,
    contacts: u64,
    bounce_limits: u64,
    /// FNV-1a of every ball's final center and displacement.
    hash: u64,
    nanos_per_frame: f64,
    /// Frames where some ball was outside the room or inside an obstacle.
    escapes: u64,
}

fn xy<T: Backend>(v: &Vec2<T>) -> [f64; 2] {
    let f = |x: &T| x.to_f64().expect("every backend converts to f64");
    [f(&v.x), f(&v.y)]
}

fn fnv(h: &mut u64, s: &str) {
    for b in s.bytes() {
        *h = (*h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
}

fn simulate<T: Backend>() -> Run {
    let obstacles = arena::obstacles::<T>();
    let plain = arena::obstacles::<f64>();
    let mut balls = arena::balls::<T>(BALLS);
    let options = Options::default();
    let mut run = Run {
        name: T::NAME,
        centers: Vec::with_capacity(FRAMES),
        paths: balls
            .iter()
            .take(TRACED)
            .map(|b| vec![xy(&b.circle.center)])
            .collect(),
        touched: Vec::new(),
        contacts: 0,
        bounce_limits: 0,
        hash: 0xcbf2_9ce4_8422_2325,
        nanos_per_frame: 0.0,
        escapes: 0,
    };
    let start = Instant::now();
    for frame in 0..FRAMES {
        let traced = frame < TRACE_FRAMES;
        let mut row = Vec::with_capacity(BALLS);
        for (i, ball) in balls.iter_mut().enumerate() {
            let (paths, touched) = (&mut run.paths, &mut run.touched);
            let end = advance(
                &ball.circle,
                &ball.displacement,
                &obstacles,
                &options,
                |c| {
                    if traced && i < TRACED {
                        paths[i].push(xy(&c.center));
                        touched.push(xy(&c.point));
                    }
                },
            )
            .unwrap_or_else(|e| panic!("{}: {e}", T::NAME));
            run.contacts += u64::from(end.contacts);
            run.bounce_limits += u64::from(end.outcome == Outcome::BounceLimit);
            ball.circle.center = end.center;
            ball.displacement = end.displacement;
            if traced && i < TRACED {
                run.paths[i].push(xy(&ball.circle.center));
            }
            row.push(xy(&ball.circle.center));
        }
        run.escapes += u64::from(row.iter().any(|c| escaped(*c, &plain)));
        run.centers.push(row);
    }
    run.nanos_per_frame = start.elapsed().as_nanos() as f64 / FRAMES as f64;
    for b in &balls {
        for v in [&b.circle.center, &b.displacement] {
            fnv(&mut run.hash, &format!("{} {};", v.x, v.y));
        }
    }
    run
}

/// Whether a center is outside the room or inside an obstacle (in `f64`:
/// `tests/advance.rs` checks the same exactly).
fn escaped(c: [f64; 2], obstacles: &[Obstacle<f64>]) -> bool {
    let (w, h) = (arena::WIDTH as f64, arena::HEIGHT as f64);
    if !(c[0] > 0.0 && c[0] < w && c[1] > 0.0 && c[1] < h) {
        return true;
    }
    obstacles.iter().any(|o| match o {
        Obstacle::Aabb(b) => b.min.x < c[0] && c[0] < b.max.x && b.min.y < c[1] && c[1] < b.max.y,
        Obstacle::Obb(b) => {
            let rel = [c[0] - b.center.x, c[1] - b.center.y];
            let [a0, a1] = b.axes;
            (rel[0] * a0.x + rel[1] * a0.y).abs() < b.half_extents[0]
                && (rel[0] * a1.x + rel[1] * a1.y).abs() < b.half_extents[1]
        }
        Obstacle::Circle(k) => (c[0] - k.center.x).hypot(c[1] - k.center.y) < k.radius,
        _ => false,
    })
}

/// How far `run`'s balls are from `reference`'s after each frame.
fn drift(run: &Run, reference: &Run) -> Vec<(f64, f64)> {
    run.centers
        .iter()
        .zip(&reference.centers)
        .map(|(a, b)| {
            let mut d: Vec<f64> = a
                .iter()
                .zip(b)
                .map(|(p, q)| (p[0] - q[0]).hypot(p[1] - q[1]))
                .collect();
            d.sort_by(f64::total_cmp);
            (d[d.len() / 2], d[d.len() - 1])
        })
        .collect()
}

/// Frames as seconds of a 60 fps game.
fn seconds(frames: usize) -> String {
    format!("{:.1} s", frames as f64 / 60.0)
}

/// In words: how long `run` follows the reference.
fn follows(run: &Run, reference: &Run) -> String {
    let d = drift(run, reference);
    let hair = d.iter().position(|&(_, max)| max > 1e-3).unwrap_or(FRAMES);
    let apart = d
        .iter()
        .position(|&(median, _)| median > 0.5)
        .unwrap_or(FRAMES);
    if hair == FRAMES {
        return format!(
            "every ball within 1/1000 of a unit of {}'s for all {FRAMES} frames",
            reference.name
        );
    }
    let mut s = format!(
        "every ball within 1/1000 of a unit of {}'s for {hair} frames ({})",
        reference.name,
        seconds(hair)
    );
    if apart < FRAMES {
        let _ = write!(
            s,
            "; half the balls half a unit away (a ball's size) by frame {apart} ({})",
            seconds(apart)
        );
    } else {
        let _ = write!(s, "; the median ball still within half a unit at the end");
    }
    s
}

/// The picture: the arena, the traced balls' paths per backend and the
/// points they touched. Each backend has its own colour and dash, drawn
/// from the widest line to the narrowest, so that where the backends agree
/// every one still shows; the legend is one row, the caption the row
/// under it.
fn picture(runs: &[Run]) -> String {
    let (w, h) = (arena::WIDTH as f64, arena::HEIGHT as f64);
    let mut p = svg::Svg::new(-1.0, -4.5, w + 1.0, h + 1.0, 20.0);
    arena::draw(&mut p);
    let colours = ["#000000", "#1f77b4", "#ff7f0e", "#2ca02c"];
    let widths = ["5", "3", "2", "1.2"];
    let dashes = ["none", "10 5", "4 4", "2 2"];
    let style = |i: usize| {
        format!(
            "fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-dasharray=\"{}\" stroke-opacity=\"0.85\"",
            colours[i], widths[i], dashes[i]
        )
    };
    for (i, run) in runs.iter().enumerate() {
        for path in &run.paths {
            p.poly(path, false, &style(i));
        }
        for t in &run.touched {
            p.dot(*t, 3.5 - 0.6 * i as f64, colours[i]);
        }
    }
    for (i, run) in runs.iter().enumerate() {
        let x = 1.0 + 10.0 * i as f64;
        p.line([x, -1.5], [x + 2.5, -1.5], &style(i));
        p.text([x + 3.0, -2.0], 16.0, "#000", run.name);
    }
    p.text(
        [1.0, -3.8],
        14.0,
        "#444",
        &format!("{TRACED} balls, frames 0-{TRACE_FRAMES}; dots: points touched"),
    );
    p.finish()
}

fn main() {
    let runs = [
        simulate::<f64>(),
        simulate::<f32>(),
        simulate::<I32F32>(),
        simulate::<I48F16>(),
    ];
    let n_obstacles = arena::obstacles::<f64>().len();
    println!(
        "swept demo: {BALLS} balls in a {} x {} arena of {n_obstacles} obstacles (walls, blocks, a turned block, pegs), {FRAMES} frames ({} at 60 fps), moved by swept::advance alone; restitution 1, up to 16 bounces a frame.",
        arena::WIDTH,
        arena::HEIGHT,
        seconds(FRAMES)
    );
    println!();
    for run in &runs {
        println!(
            "{:<7} state hash {:016x}   {:>6} contacts{}",
            run.name,
            run.hash,
            run.contacts,
            if run.bounce_limits > 0 {
                format!(", {} frames stopped at the bounce limit", run.bounce_limits)
            } else {
                String::new()
            }
        );
    }
    println!();
    let (reference, others) = runs.split_first().expect("four runs");
    for run in others {
        println!("{:<7} {}.", run.name, follows(run, reference));
    }
    println!(
        "\nEvery backend is deterministic on its own: its hash is the same on every run and every target (the golden vectors, `cargo test --test golden` here and `ci/golden.sh` on the other targets, check each query bit for bit in seven builds on five targets). Across backends the paths part: a billiard doubles a tiny difference at every bounce, so the last digits of f32 or fixed point become whole units within seconds, as they would between any two number types."
    );
    let escapes: u64 = runs.iter().map(|r| r.escapes).sum();
    if escapes == 0 {
        println!("No ball ever left the arena or entered an obstacle, on any backend.");
    } else {
        println!("{escapes} frames had a ball outside the arena or inside an obstacle!");
    }
    let file = "target/demo.svg";
    let _ = std::fs::create_dir_all("target");
    match std::fs::write(file, picture(&runs)) {
        Ok(()) => println!(
            "Picture: {file} (the arena; {TRACED} balls over the first {TRACE_FRAMES} frames: f64 black and solid, f32 blue and dashed, I32F32 orange and dotted, I48F16 green and finely dotted; dots where they touched)."
        ),
        Err(e) => println!("Picture not written ({file}: {e})."),
    }
    for run in &runs {
        eprintln!(
            "time per frame ({BALLS} balls, this machine): {:<7} {:>8.1} us",
            run.name,
            run.nanos_per_frame / 1000.0
        );
    }
    if escapes > 0 {
        std::process::exit(1);
    }
}
