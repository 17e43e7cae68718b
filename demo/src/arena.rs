//! The demo's arena: four walls, two blocks, a turned block, pegs and
//! slanted walls, in a 48 x 32 room; and a deterministic set of balls with
//! their displacements per frame. Every number is a ratio of small
//! integers, converted to each backend (the `f64` quotient, then the
//! backend's nearest value: the nearest value to the ratio, as the `f64`
//! quotient is never a midpoint of the backend's values).
//! `examples/pictures.rs` draws it too.

#![allow(dead_code)] // shared with examples/pictures.rs, which uses a part

use swept::Real;
use swept::advance::Obstacle;
use swept::geom::{Aabb2, Circle, Obb2, Segment2, Vec2};

/// The room: `[0, WIDTH] x [0, HEIGHT]`.
pub const WIDTH: i64 = 48;
/// The room's height.
pub const HEIGHT: i64 = 32;

fn q<T: Real>(n: i64, d: i64) -> T {
    T::from_f64(n as f64 / d as f64).expect("the arena fits every backend")
}

fn p<T: Real>(x: i64, y: i64) -> Vec2<T> {
    Vec2::new(q(x, 1), q(y, 1))
}

/// The obstacles.
pub fn obstacles<T: Real>() -> Vec<Obstacle<T>> {
    let (w, h) = (WIDTH, HEIGHT);
    let wall = |a: Vec2<T>, b: Vec2<T>| Obstacle::Segment(Segment2::new(a, b));
    let peg = |x: i64, y: i64, r: (i64, i64)| Obstacle::Circle(Circle::new(p(x, y), q(r.0, r.1)));
    vec![
        wall(p(0, 0), p(w, 0)),
        wall(p(w, 0), p(w, h)),
        wall(p(w, h), p(0, h)),
        wall(p(0, h), p(0, 0)),
        Obstacle::Aabb(Aabb2::new(p(8, 6), p(14, 10))),
        Obstacle::Aabb(Aabb2::new(p(30, 22), p(38, 25))),
        // Turned by the 3-4-5 rotation.
        Obstacle::Obb(Obb2::new(
            p(34, 9),
            [Vec2::new(q(3, 5), q(4, 5)), Vec2::new(q(-4, 5), q(3, 5))],
            [q(4, 1), q(3, 2)],
        )),
        peg(20, 16, (2, 1)),
        peg(24, 8, (1, 1)),
        peg(12, 22, (3, 2)),
        peg(40, 16, (1, 1)),
        peg(26, 26, (1, 2)),
        wall(p(4, 26), p(10, 30)),
        wall(p(42, 4), p(46, 10)),
    ]
}

/// One ball: its circle and its displacement per frame.
pub struct Ball<T> {
    /// The ball.
    pub circle: Circle<T>,
    /// Its displacement per frame.
    pub displacement: Vec2<T>,
}

/// splitmix64, the stream the balls are drawn from.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// `n` balls, drawn from a fixed stream: radii 1/4 to 1, speeds up to 3/4
/// of a unit per frame, placed clear of every obstacle (checked on the
/// ratios, with margin).
pub fn balls<T: Real>(n: usize) -> Vec<Ball<T>> {
    let mut rng = SplitMix64(0xBA11_5EED);
    let mut pick = |lo: i64, hi: i64| lo + (rng.next_u64() % (hi - lo + 1) as u64) as i64;
    let mut out = Vec::new();
    while out.len() < n {
        // In sixteenths of a unit.
        let (x, y, r) = (
            pick(32, 16 * WIDTH - 32),
            pick(32, 16 * HEIGHT - 32),
            pick(4, 16),
        );
        let (vx, vy) = (pick(-12, 12), pick(-12, 12));
        let c = [x as f64 / 16.0, y as f64 / 16.0];
        if clear(c, r as f64 / 16.0 + 0.5) {
            out.push(Ball {
                circle: Circle::new(Vec2::new(q(x, 16), q(y, 16)), q(r, 16)),
                displacement: Vec2::new(q(vx, 16), q(vy, 16)),
            });
        }
    }
    out
}

/// Whether a disc is clear of every obstacle (in f64, with the margin in
/// `r`: only to place the balls).
fn clear(c: [f64; 2], r: f64) -> bool {
    let d = |a: [f64; 2], b: [f64; 2]| (a[0] - b[0]).hypot(a[1] - b[1]);
    obstacles::<f64>().iter().all(|o| match o {
        Obstacle::Segment(s) | Obstacle::OneSided(s) => {
            let (a, b) = ([s.p0.x, s.p0.y], [s.p1.x, s.p1.y]);
            let e = [b[0] - a[0], b[1] - a[1]];
            let t = (((c[0] - a[0]) * e[0] + (c[1] - a[1]) * e[1]) / (e[0] * e[0] + e[1] * e[1]))
                .clamp(0.0, 1.0);
            d(c, [a[0] + t * e[0], a[1] + t * e[1]]) > r
        }
        Obstacle::Aabb(b) => {
            let n = [c[0].clamp(b.min.x, b.max.x), c[1].clamp(b.min.y, b.max.y)];
            d(c, n) > r
        }
        Obstacle::Obb(b) => {
            let rel = [c[0] - b.center.x, c[1] - b.center.y];
            let [a0, a1] = b.axes;
            let s = [rel[0] * a0.x + rel[1] * a0.y, rel[0] * a1.x + rel[1] * a1.y];
            let n = [
                s[0].clamp(-b.half_extents[0], b.half_extents[0]),
                s[1].clamp(-b.half_extents[1], b.half_extents[1]),
            ];
            d(s, n) > r
        }
        Obstacle::Circle(k) => d(c, [k.center.x, k.center.y]) > r + k.radius,
    })
}

/// Draws the obstacles (in `f64`) on a picture.
pub fn draw(p: &mut crate::svg::Svg) {
    let wall = "stroke=\"#555\" stroke-width=\"4\" stroke-linecap=\"round\"";
    let solid = "fill=\"#ccc\" stroke=\"#555\" stroke-width=\"2\"";
    for o in obstacles::<f64>() {
        match o {
            Obstacle::Segment(s) | Obstacle::OneSided(s) => {
                p.line([s.p0.x, s.p0.y], [s.p1.x, s.p1.y], wall)
            }
            Obstacle::Aabb(b) => p.poly(
                &[
                    [b.min.x, b.min.y],
                    [b.max.x, b.min.y],
                    [b.max.x, b.max.y],
                    [b.min.x, b.max.y],
                ],
                true,
                solid,
            ),
            Obstacle::Obb(b) => {
                let [a0, a1] = b.axes;
                let [e0, e1] = b.half_extents;
                let corner = |s0: f64, s1: f64| {
                    [
                        b.center.x + s0 * e0 * a0.x + s1 * e1 * a1.x,
                        b.center.y + s0 * e0 * a0.y + s1 * e1 * a1.y,
                    ]
                };
                let c = [
                    corner(-1.0, -1.0),
                    corner(1.0, -1.0),
                    corner(1.0, 1.0),
                    corner(-1.0, 1.0),
                ];
                p.poly(&c, true, solid);
            }
            Obstacle::Circle(k) => p.circle([k.center.x, k.center.y], k.radius, solid),
        }
    }
}
