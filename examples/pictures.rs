//! Regenerates the pictures in `docs/` that README shows:
//!
//! * `docs/fan.svg`: Eberly's figure, redrawn from the queries. A
//!   rectangle, aligned (left) and turned by the 3-4-5 rotation (right),
//!   and a fan of circles of radius 1 swept at it from one point by
//!   `sweep_circle_aabb2` and `sweep_circle_obb2`: each path up to the
//!   first hit, the circle there, the point touched and the normal; a miss
//!   as a faint line. The dashed outline is the rounded rectangle (the
//!   rectangle dilated by the radius), the set of centers the paths stop
//!   at.
//! * `docs/arena.svg`: the arena of the demo (`demo/src/arena.rs`) with the paths of
//!   four balls over 150 frames of `swept::advance` (f64) and the points
//!   they touched.
//!
//! `cargo run --release --example pictures` (writes both files; the same
//! bytes on every run).

#[path = "../demo/src/arena.rs"]
mod arena;
#[path = "../demo/src/svg.rs"]
mod svg;

use swept::advance::{Options, advance};
use swept::geom::{Aabb2, Circle, Obb2, Vec2};
use swept::query::Sweep;
use swept::query::sweep_circle_rect::{sweep_circle_aabb2, sweep_circle_obb2};

/// The fan: 17 directions from `from` at `speed`, between the angles `a0`
/// and `a1` (radians); each swept by `sweep`.
fn fan(
    p: &mut svg::Svg,
    from: [f64; 2],
    a0: f64,
    a1: f64,
    sweep: impl Fn(&Circle<f64>, &Vec2<f64>) -> Sweep<f64>,
) {
    let n = 17;
    for k in 0..n {
        let a = a0 + (a1 - a0) * k as f64 / (n - 1) as f64;
        let v = Vec2::new(libm::cos(a), libm::sin(a));
        let c = Circle::new(Vec2::new(from[0], from[1]), 1.0);
        match sweep(&c, &v) {
            Sweep::Hit(h) => {
                let (center, point, normal) = (h.center, h.point, h.normal);
                p.line(
                    from,
                    [center.x, center.y],
                    "stroke=\"#1f77b4\" stroke-width=\"1.5\"",
                );
                p.circle(
                    [center.x, center.y],
                    1.0,
                    "fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1\" stroke-opacity=\"0.6\"",
                );
                p.line(
                    [point.x, point.y],
                    [point.x + 0.8 * normal.x, point.y + 0.8 * normal.y],
                    "stroke=\"#d62728\" stroke-width=\"2\"",
                );
                p.dot([point.x, point.y], 3.0, "#d62728");
            }
            _ => p.line(
                from,
                [from[0] + 14.0 * v.x, from[1] + 14.0 * v.y],
                "stroke=\"#999\" stroke-width=\"1\" stroke-dasharray=\"4 4\"",
            ),
        }
    }
    p.dot(from, 4.0, "#000");
}

/// The outline of a rectangle `center + s a0 + t a1` (`|s| <= e0`, `|t| <=
/// e1`) dilated by `r`: four offset edges joined by quarter circles.
fn rounded(center: [f64; 2], a0: [f64; 2], a1: [f64; 2], e: [f64; 2], r: f64) -> Vec<[f64; 2]> {
    let mut out = Vec::new();
    for (sx, sy, start) in [
        (1.0, 1.0, 0.0),
        (-1.0, 1.0, 0.5),
        (-1.0, -1.0, 1.0),
        (1.0, -1.0, 1.5),
    ] {
        let k = [sx * e[0], sy * e[1]];
        for j in 0..=8 {
            let ang = std::f64::consts::PI * (start + 0.5 * j as f64 / 8.0);
            let l = [k[0] + r * libm::cos(ang), k[1] + r * libm::sin(ang)];
            out.push([
                center[0] + l[0] * a0[0] + l[1] * a1[0],
                center[1] + l[0] * a0[1] + l[1] * a1[1],
            ]);
        }
    }
    out
}

fn fan_picture() -> String {
    let mut p = svg::Svg::new(-13.0, -9.0, 31.0, 9.0, 20.0);
    let solid = "fill=\"#ccc\" stroke=\"#555\" stroke-width=\"2\"";
    let dashed = "fill=\"none\" stroke=\"#555\" stroke-width=\"1\" stroke-dasharray=\"6 4\"";
    // Left: [-3, 3] x [-2, 2] at the origin.
    let b = Aabb2::new(Vec2::new(-3.0, -2.0), Vec2::new(3.0, 2.0));
    p.poly(
        &[[-3.0, -2.0], [3.0, -2.0], [3.0, 2.0], [-3.0, 2.0]],
        true,
        solid,
    );
    p.poly(
        &rounded([0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [3.0, 2.0], 1.0),
        true,
        dashed,
    );
    let still = Vec2::new(0.0, 0.0);
    fan(&mut p, [-10.0, 6.0], -1.05, -0.15, |c, v| {
        sweep_circle_aabb2(c, v, &b, &still).expect("finite")
    });
    // Right: the same turned by (3/5, 4/5), at (18, 0).
    let (a0, a1) = ([0.6, 0.8], [-0.8, 0.6]);
    let o = Obb2::try_from_axis(Vec2::new(18.0, 0.0), Vec2::new(0.6, 0.8), [3.0, 2.0])
        .expect("unit axis");
    let corner = |s: f64, t: f64| {
        [
            18.0 + 3.0 * s * a0[0] + 2.0 * t * a1[0],
            3.0 * s * a0[1] + 2.0 * t * a1[1],
        ]
    };
    p.poly(
        &[
            corner(-1.0, -1.0),
            corner(1.0, -1.0),
            corner(1.0, 1.0),
            corner(-1.0, 1.0),
        ],
        true,
        solid,
    );
    p.poly(&rounded([18.0, 0.0], a0, a1, [3.0, 2.0], 1.0), true, dashed);
    fan(&mut p, [8.0, 6.0], -0.95, -0.05, |c, v| {
        sweep_circle_obb2(c, v, &o, &still).expect("finite")
    });
    p.text(
        [-12.5, -8.3],
        14.0,
        "#333",
        "paths to the first hit and the circle there (blue), the point and normal (red), the rounded rectangle (dashed)",
    );
    p.finish()
}

fn arena_picture() -> String {
    let (w, h) = (arena::WIDTH as f64, arena::HEIGHT as f64);
    let mut p = svg::Svg::new(-1.0, -1.0, w + 1.0, h + 1.0, 16.0);
    arena::draw(&mut p);
    let obstacles = arena::obstacles::<f64>();
    let options = Options::default();
    let colours = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728"];
    for (ball, colour) in arena::balls::<f64>(4).into_iter().zip(colours) {
        let (mut c, mut d) = (ball.circle, ball.displacement);
        let mut path = vec![[c.center.x, c.center.y]];
        let mut touched = Vec::new();
        for _ in 0..150 {
            let end = advance(&c, &d, &obstacles, &options, |k| {
                path.push([k.center.x, k.center.y]);
                touched.push([k.point.x, k.point.y]);
            })
            .expect("the arena is valid");
            c.center = end.center;
            d = end.displacement;
            path.push([c.center.x, c.center.y]);
        }
        p.poly(
            &path,
            false,
            &format!("fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\""),
        );
        p.circle(
            [c.center.x, c.center.y],
            c.radius,
            &format!("fill=\"{colour}\""),
        );
        for t in touched {
            p.dot(t, 3.0, colour);
        }
    }
    p.finish()
}

fn main() {
    std::fs::create_dir_all("docs").expect("docs/");
    for (file, svg) in [
        ("docs/fan.svg", fan_picture()),
        ("docs/arena.svg", arena_picture()),
    ] {
        std::fs::write(file, svg).expect("write the picture");
        println!("wrote {file}");
    }
}
