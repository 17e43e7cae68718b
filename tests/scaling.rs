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
//! overflow, bits below the LSB), or at which a result is not (the query's
//! `OutOfRange`), is skipped.

use swept_support::generate::Gen;
use swept_support::{Backend, Exact, Registered, each_backend, each_query};

/// Cases per query.
const CASES: usize = 60;

/// The kind of an output: its `Debug` form up to the first value
/// (`Ok(Contact`, `Ok(Overlapping)`, `Err(Spread)`, ...).
fn kind(debug: &str) -> String {
    let end = debug.find([' ', '{', ',', '.']).unwrap_or(debug.len());
    debug[..end].trim_end_matches(')').to_string()
}

/// The value of `T` equal to `x`, if there is one.
fn exactly<T: Backend>(x: &Exact) -> Option<T> {
    T::from_exact(x).filter(|t| t.to_exact() == *x)
}

/// Checks query `Q` on backend `T` over `cases`: the case rounded to `T`,
/// its exact kind, then every scale `2^k` for `k` in `ks`. Returns the
/// scales run.
fn check<Q: Registered, T: Backend>(
    cases: &[Q::Input<Exact>],
    ks: impl Iterator<Item = i32> + Clone,
) -> usize {
    let mut runs = 0;
    for case in cases {
        let Some(on_t) = Q::try_map(case, &mut |v: &Exact| T::from_exact(v)) else {
            continue;
        };
        let base = Q::try_map(&on_t, &mut |v: &T| Some(v.to_exact())).expect("exact");
        let want = kind(&format!("{:?}", Q::run(&base)));
        for k in ks.clone() {
            let s = Q::scaled(&base, k);
            let Some(x) = Q::try_map(&s, &mut |v: &Exact| exactly::<T>(v)) else {
                continue;
            };
            let got = kind(&format!("{:?}", Q::run(&x)));
            if got == "Err(OutOfRange" {
                continue; // a result (a reflected end, say) beyond the range
            }
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
        .take_while(|&k| T::from_exact(&Exact::ratio(1, 1).times_pow2(k)).is_some())
        .last()
        .expect("1 is representable");
    let (lo, hi) = (lsb - 8, max + 8);
    (lo..=hi).step_by(if hi - lo > 400 { 7 } else { 1 })
}

/// Every backend, each over its scales; each must run some.
fn every_backend<Q: Registered>(cases: &[Q::Input<Exact>]) {
    let runs = each_backend!(T => check::<Q, T>(cases, scales::<T>()));
    assert!(runs.iter().all(|&n| n > cases.len()), "{runs:?}");
}

/// Every decision query of the registry, on its degenerate-biased cases.
#[test]
fn kinds_do_not_change_with_scale() {
    let mut seed = 0x5CA1_E000;
    let checked = each_query!(Q => {
        seed += 1;
        let mut g = Gen::new(seed);
        let cases: Vec<_> = (0..CASES).map(|_| Q::biased(&mut g)).collect();
        if Q::DECISION {
            every_backend::<Q>(&cases);
        }
        Q::DECISION
    });
    assert!(checked.iter().filter(|&&c| c).count() >= 8, "{checked:?}");
}
