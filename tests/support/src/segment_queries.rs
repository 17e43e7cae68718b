//! Harness adapter and input generators for the moving circle vs static
//! segment query (`swept::query::sweep_circle_segment`).

use crate::agree::{Backend, Query, Verdict};
use crate::exact::Exact;
use crate::generate::{Gen, TRIPLES};
use crate::queries::map2;
use crate::sweep_queries::compare_sweep;
use crate::workload::{SplitMix64, w2};
use swept::Error;
use swept::geom::{Circle, Segment2, Vec2};
use swept::query::sweep_circle_segment::{Sides, sweep_circle_segment_sided};
use swept::query::{Sweep, batch};

/// An input: circle, displacement, segment, one-sided.
pub type SegmentInput<T> = (Circle<T>, Vec2<T>, Segment2<T>, bool);

/// Moving circle vs static segment over one frame.
pub struct SweepSegment;

impl Query for SweepSegment {
    type Input<T: Backend> = SegmentInput<T>;
    type Output<T: Backend> = Result<Sweep<T>, Error>;
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
    fn run_batch<T: Backend>(inputs: &[Self::Input<T>]) -> Vec<Self::Output<T>> {
        let mut all = Vec::with_capacity(inputs.len());
        for run in inputs.chunk_by(|x, y| x.3 == y.3) {
            let sides = if run[0].3 { Sides::Front } else { Sides::Both };
            let (c, v, s): (Vec<_>, Vec<_>, Vec<_>) = run
                .iter()
                .map(|(c, v, s, _)| (c.clone(), v.clone(), s.clone()))
                .collect();
            let mut out = vec![Err(Error::Spread); run.len()];
            let n = batch::sweep_circle_segment_sided(&c, &v, &s, sides, &mut out);
            assert_eq!(n, run.len(), "answered");
            all.extend(out);
        }
        all
    }
    fn compare<T: Backend>(
        exact: &Self::Output<Exact>,
        got: &Self::Output<T>,
    ) -> Result<Verdict, String> {
        compare_sweep(exact, got)
    }
}

fn ex(x: f64) -> Exact {
    Exact::from_f64_exact(x).expect("finite")
}

/// One W2 query (`benches/WORKLOAD.md`) as an exact two-sided input.
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
