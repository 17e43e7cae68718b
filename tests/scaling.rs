//! Scaling every length and velocity of a case by a power of two cannot
//! change its answer (every predicate is homogeneous), and every backend
//! decides exactly, so every backend must give, at every scale at which the
//! case's values are exactly representable on it, the kind the exact
//! backend gives at scale 1. Each case is first rounded to the backend
//! (nearest); the exact kind is that of the rounded case. An oriented box's
//! axes are directions and keep their scale.
//!
//! Scales: `2^k` for `k` from the smallest to the largest at which the
//! values stay representable, derived from each backend's range (f32
//! `-157..=135`, f64 every 7th of `-1082..=1031`, I32F32 `-40..=38`); a
//! scale at which some value is not exactly representable (underflow,
//! overflow, bits below the LSB) is skipped.

use rug::Rational;
use swept::geom::{Circle, Obb2, Vec2};
use swept_support::cases::{
    biased_box, biased_obb, biased_rect, sweep_biased_aabb, sweep_biased_obb,
};
use swept_support::generate::Gen;
use swept_support::queries::{CircleAabb2, CircleObb2, SphereAabb3};
use swept_support::segment_queries::{SweepSegment, segment_biased};
use swept_support::sweep_queries::{SweepAabb2, SweepObb2};
use swept_support::{Backend, Exact, Query, each_backend};

/// Cases per query.
const CASES: usize = 60;

/// The kind of an output: its `Debug` form up to the first value
/// (`Ok(Contact`, `Ok(Overlapping)`, `Err(Spread)`, ...).
fn kind(debug: &str) -> String {
    let end = debug.find([' ', '{', ',', '.']).unwrap_or(debug.len());
    debug[..end].trim_end_matches(')').to_string()
}

/// `x · 2^k`, exactly.
fn scale(x: &Exact, k: i32) -> Exact {
    let mut q = Rational::from(&x.0);
    if k >= 0 {
        q <<= k as u32;
    } else {
        q >>= (-k) as u32;
    }
    Exact(q)
}

/// The value of `T` equal to `x`, if there is one.
fn exactly<T: Backend>(x: &Exact) -> Option<T> {
    T::from_exact(x).filter(|t| t.to_exact() == *x)
}

/// Scales the lengths and velocities of an exact input of `Q` by `2^k`.
type Scale<Q> = dyn Fn(&<Q as Query>::Input<Exact>, i32) -> <Q as Query>::Input<Exact>;

/// Checks query `Q` on backend `T` over `cases`: the case rounded to `T`,
/// its exact kind, then every scale `2^k` for `k` in `ks`; `scaled` scales
/// the lengths and velocities of an exact input. Returns the scales run.
fn check<Q: Query, T: Backend>(
    cases: &[Q::Input<Exact>],
    ks: impl Iterator<Item = i32> + Clone,
    scaled: &Scale<Q>,
) -> usize {
    let mut runs = 0;
    for case in cases {
        let Some(on_t) = Q::try_map(case, &mut |v: &Exact| T::from_exact(v)) else {
            continue;
        };
        let base = Q::try_map(&on_t, &mut |v: &T| Some(v.to_exact())).expect("exact");
        let want = kind(&format!("{:?}", Q::run(&base)));
        for k in ks.clone() {
            let s = scaled(&base, k);
            let Some(x) = Q::try_map(&s, &mut |v: &Exact| exactly::<T>(v)) else {
                continue;
            };
            let got = kind(&format!("{:?}", Q::run(&x)));
            assert_eq!(got, want, "{} at 2^{k}: {x:?}", T::NAME);
            runs += 1;
        }
    }
    runs
}

/// The exponents `k` of the scales `2^k` tried on `T`: from a few binary
/// orders below its smallest positive value to a few above its largest
/// (the cases' values lie within a few orders of 1), every 7th where that
/// is more than 400 scales (f64).
fn scales<T: Backend>() -> impl Iterator<Item = i32> + Clone {
    let lsb = T::ABS.log2() as i32;
    let max = (0..4096)
        .take_while(|&k| T::from_exact(&scale(&Exact::ratio(1, 1), k)).is_some())
        .last()
        .expect("1 is representable");
    let (lo, hi) = (lsb - 8, max + 8);
    (lo..=hi).step_by(if hi - lo > 400 { 7 } else { 1 })
}

/// Every backend, each over its scales; each must run some.
fn every_backend<Q: Query>(cases: &[Q::Input<Exact>], scaled: &Scale<Q>) {
    let runs = each_backend!(T => check::<Q, T>(cases, scales::<T>(), scaled));
    assert!(runs.iter().all(|&n| n > cases.len()), "{runs:?}");
}

/// Every number scaled (all inputs are lengths or velocities).
fn all<Q: Query>(x: &Q::Input<Exact>, k: i32) -> Q::Input<Exact> {
    Q::try_map(x, &mut |v: &Exact| Some(scale(v, k))).expect("exact")
}

fn v(p: &Vec2<Exact>, k: i32) -> Vec2<Exact> {
    Vec2::new(scale(&p.x, k), scale(&p.y, k))
}

fn circle(c: &Circle<Exact>, k: i32) -> Circle<Exact> {
    Circle::new(v(&c.center, k), scale(&c.radius, k))
}

/// An oriented box scaled, its axes kept.
fn obb(b: &Obb2<Exact>, k: i32) -> Obb2<Exact> {
    let [e0, e1] = &b.half_extents;
    Obb2::new(
        v(&b.center, k),
        b.axes.clone(),
        [scale(e0, k), scale(e1, k)],
    )
}

fn cases<I>(mut make: impl FnMut(&mut Gen) -> I, seed: u64) -> Vec<I> {
    let mut g = Gen::new(seed);
    (0..CASES).map(|_| make(&mut g)).collect()
}

#[test]
fn static_kinds_do_not_change_with_scale() {
    every_backend::<CircleAabb2>(&cases(biased_rect, 0x5CA1_E001), &all::<CircleAabb2>);
    every_backend::<SphereAabb3>(&cases(biased_box, 0x5CA1_E002), &all::<SphereAabb3>);
    every_backend::<CircleObb2>(&cases(biased_obb, 0x5CA1_E003), &|(c, b), k| {
        (circle(c, k), obb(b, k))
    });
}

#[test]
fn rectangle_sweep_kinds_do_not_change_with_scale() {
    every_backend::<SweepAabb2>(&cases(sweep_biased_aabb, 0x5CA1_E004), &all::<SweepAabb2>);
    every_backend::<SweepObb2>(
        &cases(sweep_biased_obb, 0x5CA1_E005),
        &|(c, cv, b, bv), k| (circle(c, k), v(cv, k), obb(b, k), v(bv, k)),
    );
}

#[test]
fn segment_sweep_kinds_do_not_change_with_scale() {
    let make = |g: &mut Gen| segment_biased(g, 8);
    every_backend::<SweepSegment>(&cases(make, 0x5CA1_E006), &all::<SweepSegment>);
}
