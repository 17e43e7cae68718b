//! The query tool: reads queries from stdin, one per line, runs them on the
//! backend named by the argument (any of the harness's backends,
//! `swept_support::BACKENDS`, case-insensitive: `f32`, `f64`, `i16f16`,
//! `i32f32`, `i48f16`; or `exact`) and prints one result line per input line.
//!
//! ```text
//! in:  aabb minx miny maxx maxy wx wy cx cy r vx vy
//! in:  obb cx cy ux uy e0 e1 wx wy px py r vx vy
//! in:  circle ox oy rho wx wy cx cy r vx vy
//! in:  seg p0x p0y p1x p1y cx cy r dx dy
//! in:  aabb3 minx miny minz maxx maxy maxz wx wy wz cx cy cz r vx vy vz
//! in:  obb3 cx cy cz ux uy uz sx sy sz e0 e1 e2 wx wy wz px py pz r vx vy vz
//! out: overlap X Y | hit T PX PY CX CY NX NY | none | error <reason>
//! out: overlap X Y Z | hit T PX PY PZ CX CY CZ NX NY NZ (3D lines)
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
//! the axes checked). Numbers in: decimal (`-1.25`,
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
use swept::geom::{Aabb2, Aabb3, Circle, Obb2, Obb3, Segment2, Sphere, Vec2, Vec3};
use swept::query::Sweep;
use swept::query::sweep_circle_circle::sweep_circle_circle;
use swept::query::sweep_circle_rect::{sweep_circle_aabb2, sweep_circle_obb2};
use swept::query::sweep_circle_segment::sweep_circle_segment;
use swept::query::sweep_sphere_box::{sweep_sphere_aabb3, sweep_sphere_obb3};
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

/// Runs one line on backend `T`.
fn line<T: Backend>(text: &str) -> Result<String, String> {
    let mut words = text.split_whitespace();
    let kind = words.next().ok_or("empty line")?;
    let nums: Vec<Exact> = words.map(parse_exact).collect::<Result<_, _>>()?;
    let want = match kind {
        "aabb" => 11,
        "obb" => 13,
        "circle" | "seg" => 10 - usize::from(kind == "seg"),
        "aabb3" => 16,
        "obb3" => 22,
        _ => return Err(format!("unknown query '{kind}'")),
    };
    if nums.len() != want {
        return Err(format!("'{kind}' takes {want} numbers, got {}", nums.len()));
    }
    let n: Vec<T> = nums
        .iter()
        .map(|x| T::from_exact(x).ok_or_else(|| format!("{x} is out of range for {}", T::NAME)))
        .collect::<Result<_, _>>()?;
    let v = |i: usize| Vec2::new(n[i].clone(), n[i + 1].clone());
    let v3 = |i: usize| Vec3::new(n[i].clone(), n[i + 1].clone(), n[i + 2].clone());
    let p2 = |v: &Vec2<T>| format!("{} {}", print(&v.x), print(&v.y));
    let p3 = |v: &Vec3<T>| format!("{} {} {}", print(&v.x), print(&v.y), print(&v.z));
    let err = |e: swept::Error| e.to_string();
    Ok(match kind {
        "seg" => show(
            sweep_circle_segment(
                &Circle::new(v(4), n[6].clone()),
                &v(7),
                &Segment2::new(v(0), v(2)),
            )
            .map_err(err)?,
            p2,
        ),
        "aabb" => show(
            sweep_circle_aabb2(
                &Circle::new(v(6), n[8].clone()),
                &v(9),
                &Aabb2::new(v(0), v(2)),
                &v(4),
            )
            .map_err(err)?,
            p2,
        ),
        "circle" => show(
            sweep_circle_circle(
                &Circle::new(v(5), n[7].clone()),
                &v(8),
                &Circle::new(v(0), n[2].clone()),
                &v(3),
            )
            .map_err(err)?,
            p2,
        ),
        "obb" => {
            let axis = v(2);
            let rect = Obb2::new(
                v(0),
                [axis.clone(), axis.perp()],
                [n[4].clone(), n[5].clone()],
            );
            let r = sweep_circle_obb2(&Circle::new(v(8), n[10].clone()), &v(11), &rect, &v(6));
            show(r.map_err(err)?, p2)
        }
        "aabb3" => show(
            sweep_sphere_aabb3(
                &Sphere::new(v3(9), n[12].clone()),
                &v3(13),
                &Aabb3::new(v3(0), v3(3)),
                &v3(6),
            )
            .map_err(err)?,
            p3,
        ),
        _ => {
            let extents = [n[9].clone(), n[10].clone(), n[11].clone()];
            let b = Obb3::try_from_axes(v3(0), v3(3), v3(6), extents).map_err(err)?;
            let r = sweep_sphere_obb3(&Sphere::new(v3(15), n[18].clone()), &v3(19), &b, &v3(12));
            show(r.map_err(err)?, p3)
        }
    })
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
