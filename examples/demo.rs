//! The main job: runs the queries on a built-in scene, on every backend side
//! by side (f32, f64, Q16.16, Q32.32, Q48.16 and the exact rationals), and
//! prints each answer with the exact one beside it: first the static
//! queries, then the moving ones (circle vs moving rectangle, circle vs
//! segment with the bounce), including the cases where the seeds' listings
//! are wrong.
//!
//! `cargo run --release --example demo`

use swept::Error;
use swept::geom::{Aabb2, Aabb3, Circle, Obb2, Segment2, Sphere, Vec2, Vec3};
use swept::query::Sweep;
use swept::query::circle_box::{
    Proximity, classify_circle_aabb2, classify_circle_obb2, classify_sphere_aabb3,
    distance_squared_point_aabb2,
};
use swept::query::sweep_circle_rect::{sweep_circle_aabb2, sweep_circle_obb2};
use swept::query::sweep_circle_segment::sweep_circle_segment;
use swept_support::{BACKENDS, Backend, Exact, each_backend};

/// A scene given as exact ratios `(num, den)`, converted to each backend
/// (nearest value).
struct Case {
    what: &'static str,
    /// circle/sphere center, radius, box min, box max (z ignored in 2D)
    nums: [(i64, i64); 10],
    kind: Kind,
}

#[derive(Clone, Copy)]
enum Kind {
    CircleAabb,
    SphereAabb,
    /// box center = min, half extents = max; axis (3/5, 4/5)
    CircleObb,
    Distance,
}

const CASES: [Case; 8] = [
    Case {
        what: "corner, 3-4-5 touching",
        nums: [
            (5, 1),
            (5, 1),
            (0, 1),
            (5, 1),
            (0, 1),
            (0, 1),
            (0, 1),
            (2, 1),
            (1, 1),
            (0, 1),
        ],
        kind: Kind::CircleAabb,
    },
    Case {
        what: "corner, just apart (r = 5 - 2^-20)",
        nums: [
            (5, 1),
            (5, 1),
            (0, 1),
            (5242879, 1 << 20),
            (0, 1),
            (0, 1),
            (0, 1),
            (2, 1),
            (1, 1),
            (0, 1),
        ],
        kind: Kind::CircleAabb,
    },
    Case {
        what: "due east, touching",
        nums: [
            (3, 1),
            (1, 2),
            (0, 1),
            (1, 1),
            (0, 1),
            (0, 1),
            (0, 1),
            (2, 1),
            (1, 1),
            (0, 1),
        ],
        kind: Kind::CircleAabb,
    },
    Case {
        what: "radius 0 inside (Shaffer: true)",
        nums: [
            (1, 1),
            (1, 2),
            (0, 1),
            (0, 1),
            (0, 1),
            (0, 1),
            (0, 1),
            (2, 1),
            (1, 1),
            (0, 1),
        ],
        kind: Kind::CircleAabb,
    },
    Case {
        what: "1/10 grid: exact only in rationals",
        nums: [
            (23, 10),
            (13, 10),
            (0, 1),
            (1, 2),
            (0, 1),
            (0, 1),
            (0, 1),
            (2, 1),
            (1, 1),
            (0, 1),
        ],
        kind: Kind::CircleAabb,
    },
    Case {
        what: "sphere, 2-3-6-7 corner",
        nums: [
            (3, 1),
            (4, 1),
            (7, 1),
            (7, 1),
            (0, 1),
            (0, 1),
            (0, 1),
            (1, 1),
            (1, 1),
            (1, 1),
        ],
        kind: Kind::SphereAabb,
    },
    Case {
        what: "oriented box, local (2, 3)",
        nums: [
            (1, 5),
            (19, 5),
            (0, 1),
            (3, 2),
            (1, 1),
            (1, 1),
            (0, 1),
            (1, 1),
            (2, 1),
            (0, 1),
        ],
        kind: Kind::CircleObb,
    },
    Case {
        what: "distance² to box (2 decimals)",
        nums: [
            (11, 10),
            (27, 10),
            (0, 1),
            (0, 1),
            (0, 1),
            (0, 1),
            (0, 1),
            (2, 1),
            (1, 1),
            (0, 1),
        ],
        kind: Kind::Distance,
    },
];

fn show(r: Result<Proximity, Error>) -> String {
    match r {
        Ok(p) => format!("{p:?}"),
        Err(e) => format!("error: {e}"),
    }
}

fn run<T: Backend>(case: &Case) -> String {
    let v: Vec<T> = case
        .nums
        .iter()
        .map(|&(n, d)| T::from_ratio(n, d).unwrap())
        .collect();
    let v2 = |i: usize| Vec2::new(v[i].clone(), v[i + 1].clone());
    match case.kind {
        Kind::CircleAabb => {
            let c = Circle::new(v2(0), v[3].clone());
            let b = Aabb2::new(v2(4), Vec2::new(v[7].clone(), v[8].clone()));
            show(classify_circle_aabb2(&c, &b))
        }
        Kind::SphereAabb => {
            let s = Sphere::new(
                Vec3::new(v[0].clone(), v[1].clone(), v[2].clone()),
                v[3].clone(),
            );
            let b = Aabb3::new(
                Vec3::new(v[4].clone(), v[5].clone(), v[6].clone()),
                Vec3::new(v[7].clone(), v[8].clone(), v[9].clone()),
            );
            show(classify_sphere_aabb3(&s, &b))
        }
        Kind::CircleObb => {
            let axis = Vec2::new(T::from_ratio(3, 5).unwrap(), T::from_ratio(4, 5).unwrap());
            let b = Obb2::new(
                v2(4),
                [axis.clone(), axis.perp()],
                [v[7].clone(), v[8].clone()],
            );
            show(classify_circle_obb2(&Circle::new(v2(0), v[3].clone()), &b))
        }
        Kind::Distance => {
            let b = Aabb2::new(v2(4), Vec2::new(v[7].clone(), v[8].clone()));
            match distance_squared_point_aabb2(&v2(0), &b) {
                Ok(d) => format!("{:.10}", d.to_f64()),
                Err(e) => format!("error: {e}"),
            }
        }
    }
}

fn main() {
    println!("swept demo: static circle/sphere vs box (seed 001) on every backend");
    let row = |first: &str, cells: &[String]| {
        let cells: String = cells.iter().map(|c| format!(" {c:>13}")).collect();
        println!("{first:<38}{cells}");
    };
    let names = BACKENDS.iter().chain([&Exact::NAME]);
    row("case", &names.map(|n| n.to_string()).collect::<Vec<_>>());
    let mut mismatches = 0;
    for case in &CASES {
        let answers = each_backend!(T => run::<T>(case));
        let exact = run::<Exact>(case);
        let mut marks: Vec<String> = answers
            .iter()
            .map(|a| {
                if *a == exact {
                    a.clone()
                } else {
                    format!("{a}*")
                }
            })
            .collect();
        mismatches += answers.iter().filter(|a| **a != exact).count();
        marks.push(exact);
        row(case.what, &marks);
    }
    println!(
        "* differs from exact: {mismatches} (inputs that are not exact in a backend, rounded on conversion)"
    );
    moving();
}

/// A moving scene: numbers as exact ratios `(num, den)`.
struct Scene {
    what: &'static str,
    kind: Moving,
    /// aabb: min, max, box velocity, center, r, velocity (11 values);
    /// obb: center, half extents, box velocity, center, r, velocity (axis
    /// (3/5, 4/5)); segment: p0, p1, center, r, displacement (9 values).
    nums: &'static [(i64, i64)],
}

#[derive(Clone, Copy)]
enum Moving {
    Aabb,
    Obb,
    Segment,
}

const fn n(x: i64) -> (i64, i64) {
    (x, 1)
}

const SCENES: [Scene; 7] = [
    Scene {
        what: "Eberly L14 edge-unbounded (listing: corner)",
        kind: Moving::Aabb,
        nums: &[
            n(-1),
            n(-1),
            n(1),
            n(1),
            n(0),
            n(0),
            n(0),
            n(3),
            n(1),
            n(1),
            n(-2),
        ],
    },
    Scene {
        what: "corner arc, t = 2 - 1/sqrt 2",
        kind: Moving::Aabb,
        nums: &[
            n(-1),
            n(-1),
            n(1),
            n(1),
            n(0),
            n(0),
            n(3),
            n(3),
            n(1),
            n(-1),
            n(-1),
        ],
    },
    Scene {
        what: "moving box catches a resting circle",
        kind: Moving::Aabb,
        nums: &[
            n(-1),
            n(-1),
            n(1),
            n(1),
            n(1),
            n(0),
            n(5),
            n(0),
            n(1),
            n(0),
            n(0),
        ],
    },
    Scene {
        what: "oriented 3-4-5 box, head-on",
        kind: Moving::Obb,
        nums: &[
            n(0),
            n(0),
            n(2),
            n(1),
            n(0),
            n(0),
            n(3),
            n(4),
            n(1),
            n(-3),
            n(-4),
        ],
    },
    Scene {
        what: "seed 003 cap choice (seed: P1 at 3/5)",
        kind: Moving::Segment,
        nums: &[n(0), n(0), n(0), n(1), n(-3), n(0), n(2), n(3), n(-1)],
    },
    Scene {
        what: "body hit and bounce",
        kind: Moving::Segment,
        nums: &[n(0), n(0), n(4), n(0), n(1), n(3), n(1), n(0), n(-4)],
    },
    Scene {
        what: "touching, separating (seed: tunnels)",
        kind: Moving::Segment,
        nums: &[n(0), n(0), n(2), n(0), n(1), n(-1), n(1), n(0), n(-1)],
    },
];

/// Up to 9 significant digits.
fn sig<T: Backend>(x: &T) -> String {
    let s = format!("{:.9}", x.to_f64());
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

fn pt<T: Backend>(p: &Vec2<T>) -> String {
    format!("({}, {})", sig(&p.x), sig(&p.y))
}

fn run_moving<T: Backend>(scene: &Scene) -> String {
    let Some(v) = scene
        .nums
        .iter()
        .map(|&(n, d)| T::from_ratio(n, d))
        .collect::<Option<Vec<T>>>()
    else {
        return "not representable".into();
    };
    let v2 = |i: usize| Vec2::new(v[i].clone(), v[i + 1].clone());
    let sweep = |r: Result<Sweep<T>, Error>| match r {
        Ok(Sweep::Overlapping { witness }) => format!("overlap {}", pt(&witness)),
        Ok(Sweep::Hit(h)) => format!(
            "hit t={} at {} n={}",
            sig(&h.time),
            pt(&h.point),
            pt(&h.normal)
        ),
        Ok(Sweep::Miss) => "none".into(),
        Err(e) => format!("error: {e}"),
    };
    match scene.kind {
        Moving::Aabb => {
            let b = Aabb2::new(v2(0), v2(2));
            let c = Circle::new(v2(6), v[8].clone());
            sweep(sweep_circle_aabb2(&c, &v2(9), &b, &v2(4)))
        }
        Moving::Obb => {
            let axis = Vec2::new(T::from_ratio(3, 5).unwrap(), T::from_ratio(4, 5).unwrap());
            let b = Obb2::new(
                v2(0),
                [axis.clone(), axis.perp()],
                [v[2].clone(), v[3].clone()],
            );
            let c = Circle::new(v2(6), v[8].clone());
            sweep(sweep_circle_obb2(&c, &v2(9), &b, &v2(4)))
        }
        Moving::Segment => {
            let s = Segment2::new(v2(0), v2(2));
            let c = Circle::new(v2(4), v[6].clone());
            sweep(sweep_circle_segment(&c, &v2(7), &s))
        }
    }
}

fn moving() {
    println!();
    println!("moving circle vs moving rectangle (seed 000), vs segment with bounce (seed 003)");
    for scene in &SCENES {
        println!("{}", scene.what);
        let exact = run_moving::<Exact>(scene);
        for (name, got) in BACKENDS
            .iter()
            .zip(each_backend!(T => run_moving::<T>(scene)))
        {
            let mark = if got == exact { "" } else { "  *" };
            println!("  {name:<7} {got}{mark}");
        }
        println!("  {:<7} {exact}", "exact");
    }
    println!("* differs from exact in the 9 digits shown");
}
