//! The query tool: reads queries from stdin, one per line, runs them on the
//! backend named by the argument (any of the harness's backends,
//! `swept_support::BACKENDS`, case-insensitive: `f32`, `f64`, `i16f16`,
//! `i32f32`, `i48f16`; or `exact`) and prints one result line per input line.
//!
//! ```text
//! in:  aabb minx miny maxx maxy wx wy cx cy r vx vy [within T]
//! in:  obb cx cy ux uy e0 e1 wx wy px py r vx vy [within T]
//! in:  circle ox oy rho wx wy cx cy r vx vy [within T]
//! in:  seg p0x p0y p1x p1y cx cy r dx dy
//! in:  seg1 p0x p0y p1x p1y cx cy r dx dy
//! in:  aabb3 minx miny minz maxx maxy maxz wx wy wz cx cy cz r vx vy vz [within T]
//! in:  obb3 cx cy cz ux uy uz sx sy sz e0 e1 e2 wx wy wz px py pz r vx vy vz [within T]
//! in:  advance cx cy r dx dy e ; <obstacle> ; <obstacle> ...
//!      (obstacles: seg p0x p0y p1x p1y | seg1 p0x p0y p1x p1y |
//!       aabb minx miny maxx maxy | obb cx cy ux uy e0 e1 | circle ox oy rho)
//! out: overlap X Y | hit T PX PY CX CY NX NY | none | error <reason>
//! out: overlap X Y Z | hit T PX PY PZ CX CY CZ NX NY NZ (3D lines)
//! out: end CX CY DX DY contacts N moved|bounce-limit|embedded I
//!      [; contact I T PX PY NX NY]... (advance: each contact in order)
//! ```
//!
//! Every sweep prints the same fields (the rules: `swept::query::sweep`):
//! an overlap's witness (the obstacle's point nearest the center); a hit's
//! time, contact point, the circle's center at the hit and the unit normal.
//! `aabb`: box, box velocity, circle center, radius, circle velocity. `obb`:
//! box center, unit axis 0 (axis 1 is (-uy, ux)), half extents, box velocity,
//! circle center, radius, circle velocity. `circle`: the other circle's
//! center, radius and velocity, then the moving circle's. `seg`: a circle
//! moving over one frame against a static segment
//! (`swept::query::sweep_circle_segment`, both sides solid): segment ends,
//! circle center, radius, displacement. `aabb3` and `obb3`: a moving sphere
//! vs a moving box (`swept::query::sweep_sphere_box`) in the same order as
//! `aabb` and `obb`; the oriented box's axes are `u`, `s` and `u × s`
//! (`Obb3::try_from_axes`: the cross product in the backend's arithmetic,
//! the axes checked). `within T` counts only hits at `time <= T` (the
//! `_within` forms). `seg1`: the segment solid on its front only (the side
//! `(p1 - p0).perp()` points to, `Sides::Front`). `advance`: a circle
//! displaced by `(dx, dy)` over one frame among still obstacles, bouncing
//! with restitution `e` (`swept::advance`, up to 16 bounces).
//!
//! Units: the box and circle sweeps take velocities per unit of time and
//! search all `t >= 0` (a hit's time in those units); `seg`, `seg1` and
//! `advance` take the displacement over one frame, and a time is the
//! fraction of the frame, in `[0, 1]`. Numbers in: decimal (`-1.25`,
//! `3e-2`) or `p/q`; exact for `exact`, nearest for the others. Numbers out:
//! shortest round-trip decimal for floats, the exact decimal of a fixed value,
//! and for `exact` `p/q`, or 40 significant digits for a value built with a
//! square root (a denominator beyond 2^128: the backend's root is a
//! rational within 2^-260).
//!
//! `echo "aabb -1 -1 1 1 0 0 4 0 1 -1 0" | cargo run --release --example query -- exact`
//!
//! README.md shows a few lines with their output; `ci/demo.sh` checks them.

use rug::{Integer, Rational};
use std::io::{BufRead, Write};
use swept::advance::{Obstacle, Options, Outcome, advance};
use swept::geom::{Aabb2, Aabb3, Circle, Obb2, Obb3, Segment2, Sphere, Vec2, Vec3};
use swept::query::Sweep;
use swept::query::sweep_circle_circle::{sweep_circle_circle, sweep_circle_circle_within};
use swept::query::sweep_circle_rect::{
    sweep_circle_aabb2, sweep_circle_aabb2_within, sweep_circle_obb2, sweep_circle_obb2_within,
};
use swept::query::sweep_circle_segment::{Sides, sweep_circle_segment_sided};
use swept::query::sweep_sphere_box::{
    sweep_sphere_aabb3, sweep_sphere_aabb3_within, sweep_sphere_obb3, sweep_sphere_obb3_within,
};
use swept_support::{BACKENDS, Backend, Exact, N_BACKENDS, each_backend};

/// A number as printed: [`Backend::decimal`], except that the exact
/// backend prints a value with a denominator beyond 2^128 (a square root's
/// approximation) as 40 significant digits.
fn print<T: Backend>(x: &T) -> String {
    if T::NAME != Exact::NAME || x.to_exact().0.denom().significant_bits() <= 129 {
        x.decimal()
    } else {
        x.to_exact().to_decimal(40)
    }
}

/// Parses `-1.25`, `3e-2`, `7` or `p/q` exactly.
fn parse_exact(s: &str) -> Result<Exact, String> {
    let bad = || format!("bad number '{s}'");
    if let Some((p, q)) = s.split_once('/') {
        let p: Integer = p.parse().map_err(|_| bad())?;
        let q: Integer = q.parse().map_err(|_| bad())?;
        if q == 0 {
            return Err(format!("zero denominator in '{s}'"));
        }
        return Ok(Exact(Rational::from((p, q))));
    }
    let (mant, exp) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], s[i + 1..].parse::<i32>().map_err(|_| bad())?),
        None => (s, 0),
    };
    let (neg, mant) = match mant.strip_prefix('-') {
        Some(m) => (true, m),
        None => (false, mant.strip_prefix('+').unwrap_or(mant)),
    };
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    if int.is_empty() && frac.is_empty()
        || !int.chars().chain(frac.chars()).all(|c| c.is_ascii_digit())
    {
        return Err(bad());
    }
    if exp.abs() > 4000 {
        return Err(format!("exponent out of range in '{s}'"));
    }
    let digits: Integer = format!("{int}{frac}0").parse().map_err(|_| bad())?;
    let e = exp - frac.len() as i32 - 1;
    let ten = Integer::from(Integer::u_pow_u(10, e.unsigned_abs()));
    let v = if e >= 0 {
        Rational::from(digits * ten)
    } else {
        Rational::from((digits, ten))
    };
    Ok(Exact(if neg { -v } else { v }))
}

/// The numbers of a line's words, on backend `T`.
fn numbers<T: Backend>(words: &[&str]) -> Result<Vec<T>, String> {
    words
        .iter()
        .map(|w| {
            let x = parse_exact(w)?;
            T::from_exact(&x).ok_or_else(|| format!("{x} is out of range for {}", T::NAME))
        })
        .collect()
}

/// How many numbers a query line takes.
fn arity(kind: &str) -> Option<usize> {
    Some(match kind {
        "aabb" => 11,
        "obb" => 13,
        "circle" => 10,
        "seg" | "seg1" => 9,
        "aabb3" => 16,
        "obb3" => 22,
        _ => return None,
    })
}

/// Runs one line on backend `T`.
fn line<T: Backend>(text: &str) -> Result<String, String> {
    if let Some(rest) = text.trim_start().strip_prefix("advance") {
        return advance_line::<T>(rest);
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    let (kind, words) = words.split_first().ok_or("empty line")?;
    let kind = *kind;
    let want = arity(kind).ok_or_else(|| format!("unknown query '{kind}'"))?;
    let (words, within) = match words {
        [head @ .., "within", t] if !kind.starts_with("seg") => (head, Some(*t)),
        _ => (words, None),
    };
    if words.len() != want {
        return Err(format!(
            "'{kind}' takes {want} numbers, got {}",
            words.len()
        ));
    }
    let n: Vec<T> = numbers(words)?;
    let limit: Option<T> = match within {
        Some(t) => Some(numbers::<T>(&[t])?.remove(0)),
        None => None,
    };
    let v = |i: usize| Vec2::new(n[i].clone(), n[i + 1].clone());
    let v3 = |i: usize| Vec3::new(n[i].clone(), n[i + 1].clone(), n[i + 2].clone());
    let p2 = |v: &Vec2<T>| format!("{} {}", print(&v.x), print(&v.y));
    let p3 = |v: &Vec3<T>| format!("{} {} {}", print(&v.x), print(&v.y), print(&v.z));
    let err = |e: swept::Error| e.to_string();
    let t = limit.as_ref();
    Ok(match kind {
        "seg" | "seg1" => {
            let sides = if kind == "seg1" {
                Sides::Front
            } else {
                Sides::Both
            };
            let c = Circle::new(v(4), n[6].clone());
            let r = sweep_circle_segment_sided(&c, &v(7), &Segment2::new(v(0), v(2)), sides);
            show(r.map_err(err)?, p2)
        }
        "aabb" => {
            let (c, b) = (Circle::new(v(6), n[8].clone()), Aabb2::new(v(0), v(2)));
            let r = match t {
                Some(t) => sweep_circle_aabb2_within(&c, &v(9), &b, &v(4), t),
                None => sweep_circle_aabb2(&c, &v(9), &b, &v(4)),
            };
            show(r.map_err(err)?, p2)
        }
        "circle" => {
            let (c, o) = (
                Circle::new(v(5), n[7].clone()),
                Circle::new(v(0), n[2].clone()),
            );
            let r = match t {
                Some(t) => sweep_circle_circle_within(&c, &v(8), &o, &v(3), t),
                None => sweep_circle_circle(&c, &v(8), &o, &v(3)),
            };
            show(r.map_err(err)?, p2)
        }
        "obb" => {
            let axis = v(2);
            let rect = Obb2::new(
                v(0),
                [axis.clone(), axis.perp()],
                [n[4].clone(), n[5].clone()],
            );
            let c = Circle::new(v(8), n[10].clone());
            let r = match t {
                Some(t) => sweep_circle_obb2_within(&c, &v(11), &rect, &v(6), t),
                None => sweep_circle_obb2(&c, &v(11), &rect, &v(6)),
            };
            show(r.map_err(err)?, p2)
        }
        "aabb3" => {
            let (s, b) = (Sphere::new(v3(9), n[12].clone()), Aabb3::new(v3(0), v3(3)));
            let r = match t {
                Some(t) => sweep_sphere_aabb3_within(&s, &v3(13), &b, &v3(6), t),
                None => sweep_sphere_aabb3(&s, &v3(13), &b, &v3(6)),
            };
            show(r.map_err(err)?, p3)
        }
        _ => {
            let extents = [n[9].clone(), n[10].clone(), n[11].clone()];
            let b = Obb3::try_from_axes(v3(0), v3(3), v3(6), extents).map_err(err)?;
            let s = Sphere::new(v3(15), n[18].clone());
            let r = match t {
                Some(t) => sweep_sphere_obb3_within(&s, &v3(19), &b, &v3(12), t),
                None => sweep_sphere_obb3(&s, &v3(19), &b, &v3(12)),
            };
            show(r.map_err(err)?, p3)
        }
    })
}

/// An `advance` line (after the word): the ball and its frame, then the
/// obstacles, separated by `;`.
fn advance_line<T: Backend>(rest: &str) -> Result<String, String> {
    let mut parts = rest.split(';');
    let head: Vec<&str> = parts.next().unwrap_or("").split_whitespace().collect();
    if head.len() != 6 {
        return Err(format!(
            "'advance' takes cx cy r dx dy e, got {} numbers",
            head.len()
        ));
    }
    let n: Vec<T> = numbers(&head)?;
    let v = |n: &[T], i: usize| Vec2::new(n[i].clone(), n[i + 1].clone());
    let mut obstacles = Vec::new();
    for part in parts {
        let words: Vec<&str> = part.split_whitespace().collect();
        let (kind, words) = words.split_first().ok_or("an empty obstacle")?;
        let want = match *kind {
            "seg" | "seg1" | "aabb" => 4,
            "obb" => 6,
            "circle" => 3,
            _ => return Err(format!("unknown obstacle '{kind}'")),
        };
        if words.len() != want {
            return Err(format!(
                "obstacle '{kind}' takes {want} numbers, got {}",
                words.len()
            ));
        }
        let o: Vec<T> = numbers(words)?;
        obstacles.push(match *kind {
            "seg" => Obstacle::Segment(Segment2::new(v(&o, 0), v(&o, 2))),
            "seg1" => Obstacle::OneSided(Segment2::new(v(&o, 0), v(&o, 2))),
            "aabb" => Obstacle::Aabb(Aabb2::new(v(&o, 0), v(&o, 2))),
            "obb" => {
                let axis = v(&o, 2);
                let axes = [axis.clone(), axis.perp()];
                Obstacle::Obb(Obb2::new(v(&o, 0), axes, [o[4].clone(), o[5].clone()]))
            }
            _ => Obstacle::Circle(Circle::new(v(&o, 0), o[2].clone())),
        });
    }
    let p2 = |v: &Vec2<T>| format!("{} {}", print(&v.x), print(&v.y));
    let options = Options {
        restitution: n[5].clone(),
        ..Options::default()
    };
    let mut contacts = String::new();
    let end = advance(
        &Circle::new(v(&n, 0), n[2].clone()),
        &v(&n, 3),
        &obstacles,
        &options,
        |c| {
            contacts += &format!(
                "; contact {} {} {} {}",
                c.obstacle,
                print(&c.time),
                p2(&c.point),
                p2(&c.normal)
            );
        },
    )
    .map_err(|e| e.to_string())?;
    let how = match end.outcome {
        Outcome::Moved => "moved".to_string(),
        Outcome::BounceLimit => "bounce-limit".to_string(),
        Outcome::Embedded { obstacle } => format!("embedded {obstacle}"),
    };
    Ok(format!(
        "end {} {} contacts {} {how}{contacts}",
        p2(&end.center),
        p2(&end.displacement),
        end.contacts
    ))
}

/// One result line, with `p` printing a vector.
fn show<T: Backend, V>(result: Sweep<T, V>, p: impl Fn(&V) -> String) -> String {
    match result {
        Sweep::Miss => "none".into(),
        Sweep::Overlapping { witness } => format!("overlap {}", p(&witness)),
        Sweep::Hit(h) => format!(
            "hit {} {} {} {}",
            print(&h.time),
            p(&h.point),
            p(&h.center),
            p(&h.normal)
        ),
    }
}

fn run<T: Backend>() {
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for text in stdin.lock().lines() {
        let Ok(text) = text else { break };
        let answer = line::<T>(&text).unwrap_or_else(|e| format!("error {e}"));
        let _ = writeln!(out, "{answer}");
    }
}

/// Runs on the backend named `name` (any of the harness's [`BACKENDS`],
/// case-insensitive, or `exact`); false if there is none.
fn run_named(name: &str) -> bool {
    let runs: [fn(); N_BACKENDS] = each_backend!(T => run::<T>);
    let found = BACKENDS
        .iter()
        .zip(runs)
        .chain([(&Exact::NAME, run::<Exact> as fn())])
        .find(|(n, _)| n.eq_ignore_ascii_case(name));
    if let Some((_, run)) = found {
        run();
    }
    found.is_some()
}

fn main() {
    let name = std::env::args().nth(1).unwrap_or_default();
    if !run_named(&name) {
        let names: Vec<String> = BACKENDS.iter().map(|b| b.to_lowercase()).collect();
        eprintln!("usage: query {}|exact < queries", names.join("|"));
        std::process::exit(2);
    }
}
