//! Harness adapter and input generators for the moving circle vs static
//! segment query (`swept::query::sweep_circle_segment`).
//!
//! # Margin
//! Every polynomial the kernel may evaluate, on the exact relative values
//! (`C0 = B_s - P0`, `C1 = B_s - P1`, `E`, `V`, `R`; degrees in those): the
//! start tests (`a0`, `a1`, `L2`, `n_i - R²`, `h² - R² L2`, `d_i`, `w`,
//! `h`), the body tests (`σw`, `h² - R²L2`, `x_i`, `u`, `x_i² L2 - u² R²`,
//! `|h| - |w|`, `(|h| - |w|)² - R² L2`), and for both end circles
//! `q1 = R²q2 - x²`, `α`, `β`, `g = α q2 + q0 β`, `k = L2 x² - R² β²`,
//! `q0 - q2` and `(q0 - q2)² - q1`.
//!
//! # Value tolerances
//! With `δ = band(s, 1)` (a position error on the input scale `s`) and
//! `e_d = band(s, d)`: the time may be off by 4 times `δ / v_n + √(δ R) / |V|`
//! (perturbed input: `v_n = |V·n|` is the approach speed, the second term
//! the grazing case) plus the construction's own error (body:
//! `2 e_4 (1 + t) / (|w| (|h| + R|E|))`; end circle:
//! `(e_2 + t (e_2 + √e_4)) / (q0 + √q1)`) plus `u t + lsb`. The center may
//! be off by `|V|` times that plus `8 δ`; the contact by the center's
//! tolerance plus `8 δ`; the normal by the center's tolerance over `R`
//! (end circle), `8 (δ + lsb) / |E|` (body) and `8 (δ + lsb) / |V|` (a
//! zero-radius point), plus `8 (u + lsb)`; the reflected end by the
//! center's tolerance plus `4 |V|` times the normal's and the time's, plus
//! `8 δ`. These are bounds for the test, not measured errors. A zero-radius
//! point hitting near an end point has a discontinuous normal (module doc of
//! the query): there the normal and the reflected end are not compared.

use crate::agree::{Backend, Margin, Query, Verdict};
use crate::exact::Exact;
use crate::generate::{Gen, TRIPLES};
use crate::queries::{absx, f, map2, scale_of, sq};
use crate::workload::{SplitMix64, w2};
use swept::geom::{Circle, Segment2, Vec2};
use swept::query::QueryError;
use swept::query::sweep_circle_segment::{Bounce, Sides, sweep_circle_segment_sided};

/// An input: circle, displacement, segment, one-sided.
pub type SegmentInput<T> = (Circle<T>, Vec2<T>, Segment2<T>, bool);

/// Moving circle vs static segment over one frame, with the bounce.
pub struct SweepSegment;

/// The relative values and intermediates, exactly.
struct Rel {
    v: Vec2<Exact>,
    r: Exact,
    l2: Exact,
    h: Exact,
    w: Exact,
    u: Exact,
    q2: Exact,
    /// Per end: (C_i, d_i, x_i, n_i, α_i, β_i).
    ends: [(Vec2<Exact>, Exact, Exact, Exact, Exact, Exact); 2],
    scale: f64,
}

impl Rel {
    fn new((c, v, s, _): &SegmentInput<Exact>) -> Rel {
        let b = &c.center;
        let c0 = b.clone() - s.p0.clone();
        let c1 = b.clone() - s.p1.clone();
        let e = s.p1.clone() - s.p0.clone();
        let r = c.radius.clone();
        let scale = scale_of([
            &c0.x, &c0.y, &c1.x, &c1.y, &e.x, &e.y, &v.x, &v.y, &r, &b.x, &b.y, &s.p0.x, &s.p0.y,
            &s.p1.x, &s.p1.y,
        ]);
        let u = e.dot(v);
        let end = |ci: Vec2<Exact>, alpha: Exact, beta: Exact| {
            (
                ci.clone(),
                v.dot(&ci),
                v.cross(&ci),
                ci.dot(&ci),
                alpha,
                beta,
            )
        };
        let ends = [
            end(c0.clone(), -e.dot(&c0), -u.clone()),
            end(c1.clone(), e.dot(&c1), u.clone()),
        ];
        Rel {
            l2: e.dot(&e),
            h: e.cross(&c0),
            w: e.cross(v),
            u,
            q2: v.dot(v),
            v: v.clone(),
            r,
            ends,
            scale,
        }
    }

    fn margin(&self) -> Margin {
        let (r, l2, h, w, u, q2) = (&self.r, &self.l2, &self.h, &self.w, &self.u, &self.q2);
        let r2 = sq(r);
        let mut vals: Vec<(Exact, u32)> = vec![
            (r.clone(), 1),
            (l2.clone(), 2),
            (h.clone(), 2),
            (w.clone(), 2),
            (u.clone(), 2),
            (sq(h) - r2.clone() * l2.clone(), 4),
        ];
        let hw = absx(h) - absx(w);
        vals.push((hw.clone(), 2));
        vals.push((sq(&hw) - r2.clone() * l2.clone(), 4));
        for (_, d, x, n, alpha, beta) in &self.ends {
            vals.push((n.clone() - r2.clone(), 2));
            vals.push((d.clone(), 2));
            vals.push((x.clone(), 2));
            vals.push((alpha.clone(), 2));
            vals.push((sq(x) * l2.clone() - sq(u) * r2.clone(), 6));
            let q0 = -d.clone();
            let q1 = r2.clone() * q2.clone() - sq(x);
            vals.push((q1.clone(), 4));
            vals.push((alpha.clone() * q2.clone() + q0.clone() * beta.clone(), 4));
            vals.push((q0.clone() - q2.clone(), 2));
            vals.push((sq(&(q0 - q2.clone())) - q1, 4));
        }
        Margin {
            values: vals,
            scale: self.scale,
        }
    }
}

impl Query for SweepSegment {
    type Input<T: Backend> = SegmentInput<T>;
    type Output<T: Backend> = Result<Bounce<T>, QueryError>;
    fn try_map<T: Backend, U: Backend>(
        (c, v, s, one): &Self::Input<T>,
        f: &mut dyn FnMut(&T) -> Option<U>,
    ) -> Option<Self::Input<U>> {
        let circle = Circle::new(map2(&c.center, f)?, f(&c.radius)?);
        let seg = Segment2::new(map2(&s.p0, f)?, map2(&s.p1, f)?);
        Some((circle, map2(v, f)?, seg, *one))
    }
    fn run<T: Backend>((c, v, s, one): &Self::Input<T>) -> Self::Output<T> {
        let sides = if *one { Sides::Front } else { Sides::Both };
        sweep_circle_segment_sided(c, v, s, sides)
    }
    fn margin(input: &Self::Input<Exact>) -> Margin {
        Rel::new(input).margin()
    }
    fn compare<T: Backend>(
        input: &Self::Input<Exact>,
        exact: &Self::Output<Exact>,
        got: &Self::Output<T>,
        near: bool,
        margin: &Margin,
    ) -> Result<Verdict, String> {
        let e = match exact {
            Ok(e) => e,
            Err(err) => return Err(format!("exact backend failed: {err}")),
        };
        let g = match got {
            Err(e) if crate::queries::refusal(e) => return Ok(Verdict::OutOfDomain),
            Err(err) => return Err(format!("backend error {err}")),
            Ok(g) => g,
        };
        match (e, g) {
            (Bounce::NoHit, Bounce::NoHit) | (Bounce::Overlapping, Bounce::Overlapping) => {
                Ok(Verdict::Agree)
            }
            (
                Bounce::Hit {
                    time: te,
                    center: ce,
                    contact: pe,
                    normal: ne,
                    reflected_end: re,
                },
                Bounce::Hit {
                    time: tg,
                    center: cg,
                    contact: pg,
                    normal: ng,
                    reflected_end: rg,
                },
            ) => {
                let rel = Rel::new(input);
                let mut tol = Tolerance::new::<T>(&rel, ne, f(te), margin.scale);
                // A zero-radius point at an end point: the normal is
                // discontinuous there (the body's `±m/|m|` from the span's
                // side, `-V/|V|` along the line), so the normal and the
                // reflected end are not compared near an end point.
                let (_, _, s, _) = input;
                let off = |q: &Vec2<Exact>| {
                    f(&(pe.x.clone() - q.x.clone()))
                        .abs()
                        .max(f(&(pe.y.clone() - q.y.clone())).abs())
                };
                if rel.r.signum() == 0 && off(&s.p0).min(off(&s.p1)) <= 4.0 * tol.contact {
                    tol.normal = f64::INFINITY;
                    tol.end = f64::INFINITY;
                }
                let dist = |a: &Vec2<Exact>, b: &Vec2<T>| {
                    let dx = f(&(b.x.to_exact() - a.x.clone()));
                    let dy = f(&(b.y.to_exact() - a.y.clone()));
                    dx.abs().max(dy.abs())
                };
                let checks = [
                    ("time", f(&(tg.to_exact() - te.clone())).abs(), tol.time),
                    ("center", dist(ce, cg), tol.center),
                    ("contact", dist(pe, pg), tol.contact),
                    ("normal", dist(ne, ng), tol.normal),
                    ("reflected end", dist(re, rg), tol.end),
                ];
                for (what, err, tol) in checks {
                    // NaN errors fail; an infinite tolerance (ill-conditioned) passes.
                    if !(err <= tol || tol.is_infinite()) {
                        return Err(format!("{what} error {err:e} > {tol:e}"));
                    }
                }
                Ok(Verdict::Agree)
            }
            _ if near => Ok(Verdict::InBand),
            _ => Err("kinds differ off the band".into()),
        }
    }
}

/// The value tolerances of the module doc.
struct Tolerance {
    time: f64,
    center: f64,
    contact: f64,
    normal: f64,
    end: f64,
}

impl Tolerance {
    fn new<T: Backend>(rel: &Rel, n: &Vec2<Exact>, t: f64, scale: f64) -> Tolerance {
        let e = |d| crate::band::<T>(scale, d);
        let delta = e(1);
        let vlen = f(&rel.q2).sqrt();
        let len = f(&rel.l2).sqrt();
        let r = f(&rel.r);
        let vn = (f(&rel.v.x) * f(&n.x) + f(&rel.v.y) * f(&n.y)).abs();
        let graze = if vlen > 0.0 {
            (delta * r.max(delta)).sqrt() / vlen
        } else {
            f64::INFINITY
        };
        let (ha, wa) = (f(&absx(&rel.h)), f(&absx(&rel.w)));
        let body_den = wa * (ha + r * len);
        let body = if body_den > 0.0 {
            2.0 * e(4) * (1.0 + t) / body_den
        } else {
            0.0
        };
        let cap = rel
            .ends
            .iter()
            .map(|(_, d, x, _, _, _)| {
                let q0 = -f(d);
                let q1 = (r * r * f(&rel.q2) - f(x) * f(x)).max(0.0);
                let den = q0 + q1.sqrt();
                if den > 0.0 {
                    (e(2) + t * (e(2) + e(4).sqrt())) / den
                } else {
                    0.0
                }
            })
            .fold(0.0, f64::max);
        let time = 4.0 * (delta / vn + graze + body + cap + T::REL * t + T::ABS);
        let center = vlen * time + 8.0 * delta + 4.0 * T::ABS;
        let contact = center + 8.0 * delta;
        let tiny = f64::MIN_POSITIVE;
        let mut normal = 8.0 * (T::REL + T::ABS);
        if r > 0.0 {
            normal += (center + T::ABS) / r;
        }
        normal += 8.0 * (delta + T::ABS) * (1.0 + len) / len.max(tiny);
        normal += 8.0 * (delta + T::ABS) / vlen.max(tiny);
        let end = center + 4.0 * vlen * (normal + time) + 8.0 * delta;
        // 0 · ∞ (a zero speed in an ill-conditioned case) leaves the value
        // unchecked, not failed.
        let unchecked = |x: f64| if x.is_nan() { f64::INFINITY } else { x };
        Tolerance {
            time: unchecked(time),
            center: unchecked(center),
            contact: unchecked(contact),
            normal: unchecked(normal),
            end: unchecked(end),
        }
    }
}

fn ex(x: f64) -> Exact {
    Exact::from_f64_exact(x).expect("finite")
}

/// One W2 query (`shared/bench/WORKLOAD.md`) as an exact two-sided input.
pub fn w2_exact(r: &mut SplitMix64) -> SegmentInput<Exact> {
    let w = w2(r);
    let p = |a: [f64; 2]| Vec2::new(ex(a[0]), ex(a[1]));
    (
        Circle::new(p(w.center), ex(w.radius)),
        p(w.displacement),
        Segment2::new(p(w.p0), p(w.p1)),
        false,
    )
}

fn q(n: i64, d: i64) -> Exact {
    Exact::ratio(n, d)
}

fn v(x: Exact, y: Exact) -> Vec2<Exact> {
    Vec2::new(x, y)
}

fn sign_pm(g: &mut Gen) -> i64 {
    [1, -1][g.below(2) as usize]
}

/// A Pythagorean unit vector with random signs and order (includes the axes).
pub fn pyth_unit(g: &mut Gen) -> Vec2<Exact> {
    let &(a, b, c) = g.pick(&TRIPLES);
    let u = v(q(sign_pm(g) * a, c), q(sign_pm(g) * b, c));
    if g.chance(0.5) {
        u
    } else {
        v(u.y.clone(), u.x.clone())
    }
}

/// A tiny nudge: a few 2^-16, 2^-23 relative to 1, or 2^-60.
pub fn nudge(g: &mut Gen) -> Exact {
    let k = g.below(7) as i64 - 3;
    match g.below(3) {
        0 => q(k, 1 << 16),
        1 => q(k, 1 << 23),
        _ => q(k, 1 << 60),
    }
}

/// A degenerate-biased input: segments with rational or irrational length,
/// zero length; zero radius; the center placed so that it reaches (at a
/// chosen time, often exactly 0 or 1) an offset line, an end circle, the
/// junction of the two or an end point, with the displacement zero,
/// parallel or perpendicular to the segment, tangent to an end circle or
/// random; sometimes nudged off the boundary; one-sided 30% of the time.
/// `range` scales the coordinates (8 for W2-like magnitudes).
pub fn segment_biased(g: &mut Gen, range: i64) -> SegmentInput<Exact> {
    let half = (range / 2).max(1);
    let p0 = v(g.value(range), g.value(range));
    // Direction: rational unit (exact offset lines), or general.
    let rational = g.chance(0.6);
    let unit = pyth_unit(g);
    let len = if g.chance(0.1) {
        q(0, 1)
    } else {
        g.nonneg(half)
    };
    let e = if rational {
        unit.clone() * len.clone()
    } else if g.chance(0.1) {
        Vec2::zero()
    } else {
        v(g.value(half), g.value(half))
    };
    let p1 = p0.clone() + e.clone();
    let r = if g.chance(0.1) {
        q(0, 1)
    } else {
        g.nonneg((half / 2).max(1))
    };
    // The front unit normal when it is rational; otherwise any unit.
    let nrm = if rational {
        v(-unit.y.clone(), unit.x.clone())
    } else {
        pyth_unit(g)
    };
    let side = q(sign_pm(g), 1);
    let lambda = match g.below(4) {
        0 => q(0, 1),
        1 => q(1, 1),
        _ => Exact(g.grid(1).0.abs()),
    };
    let end = if g.chance(0.5) {
        p0.clone()
    } else {
        p1.clone()
    };
    let target = match g.below(6) {
        // On an offset line (exact when the direction is rational).
        0 | 1 => p0.clone() + e.clone() * lambda + nrm.clone() * (r.clone() * side.clone()),
        // On an end circle.
        2 => end.clone() + pyth_unit(g) * r.clone(),
        // A junction.
        3 => end.clone() + nrm.clone() * (r.clone() * side.clone()),
        // An end point.
        4 => end.clone(),
        _ => v(g.value(range), g.value(range)),
    };
    let speed = g.value(range);
    let disp = match g.below(8) {
        0 => Vec2::zero(),
        1 => e.clone() * q(sign_pm(g), 1 + g.below(2) as i64),
        2 => unit.clone() * speed,
        3 => nrm.clone() * speed,
        // Tangent to the end circle through the target (a graze).
        4 => (target.clone() - end.clone()).perp() * q(sign_pm(g), 1 + g.below(3) as i64),
        _ => v(g.value(range), g.value(range)),
    };
    let t0 = match g.below(5) {
        0 => q(0, 1),
        1 => q(1, 1),
        2 => q(1, 2),
        _ => g.nonneg(2),
    };
    let mut center = target - disp.clone() * t0;
    if g.chance(0.2) {
        center.x = center.x + nudge(g);
    }
    if g.chance(0.1) {
        center.y = center.y + nudge(g);
    }
    (
        Circle::new(center, r),
        disp,
        Segment2::new(p0, p1),
        g.chance(0.3),
    )
}
