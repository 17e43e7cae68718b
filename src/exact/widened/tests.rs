//! Tests of [`widened`](super): against exact rationals.

use super::{Approx, Widened};
use crate::exact::Surd;
use crate::exact::double::tests::{expressions_hold, float, nearest};
use crate::exact::filter::tests::exact;
use rug::Rational;

fn q(x: &Widened) -> Rational {
    exact(x.w)
}

/// Random expressions of `f32` inputs: the bound holds for every
/// operation, and `round` returns the nearest `f32` whenever it returns.
#[test]
fn bounds_hold_and_rounding_is_nearest() {
    let mut s = 5u64;
    let inputs = || {
        let f: [f32; 6] = core::array::from_fn(|_| float(&mut s, -12, 12, |x| x as f32));
        (f.map(|v| Widened::input(f64::from(v))), f.map(exact))
    };
    expressions_hold(inputs, |v| (q(v), exact(v.e)), Widened::round::<f32>, 90);
}

/// The `f32` below a positive one.
fn below(x: f32) -> f32 {
    f32::from_bits(x.to_bits() - 1)
}

/// Each certified rounding is the nearest `f32`, at and around ties and
/// powers of two: values `z + k/32` of a unit below `z` (exact in `f64`;
/// `k = ±16` a tie below, `k = 32` a tie above a power of two), carried by
/// several bounds. A refusal only where the interval reaches a midpoint.
#[test]
fn ties_and_powers_of_two() {
    for base in [1.0f32, 1.5, 2.0, 3.0e-38, 1.0e30] {
        let unit = f64::from(base) - f64::from(below(base));
        for k in -40i32..=40 {
            let w = f64::from(base) + unit * f64::from(k) / 32.0;
            for e in [0.0, unit / 64.0, unit / 4.0] {
                let v = Widened::computed(w, e);
                let (lo, hi) = (exact(w) - exact(e + e), exact(w) + exact(e + e));
                match v.round::<f32>() {
                    Some(z) => assert_eq!(nearest(z, &lo, &hi), Some(true), "{w} ± {e}: {z}"),
                    None => assert_ne!(nearest(w as f32, &lo, &hi), Some(true), "{w} ± {e}"),
                }
            }
        }
    }
}

/// Exact zeros, values beyond `f32`'s range either way, subnormals, exact
/// products, and a denominator that may be zero.
#[test]
fn zeros_tiny_and_huge() {
    let x = Widened::input(3.0);
    // x - x: computed to zero with no error: +0.
    let zero = (x - x).round::<f32>();
    assert_eq!(zero.map(f32::to_bits), Some(0));
    // A zero carrying an error is not certified.
    assert_eq!(Widened::computed(0.0, 1e-300).round::<f32>(), None);
    // Below f32's subnormals: refused, not rounded to zero.
    assert_eq!(Widened::computed(1e-50, 0.0).round::<f32>(), None);
    // Beyond f32's range: refused.
    assert_eq!(Widened::computed(1e39, 0.0).round::<f32>(), None);
    // A subnormal f32 exactly.
    let tiny = f32::from_bits(5);
    let v = Widened::computed(f64::from(tiny), 0.0).round::<f32>();
    assert_eq!(v, Some(tiny));
    // A product of two inputs is exact.
    let (a, b) = (16_777_215.0f32, -1.0e-30f32);
    let p = Widened::input(f64::from(a)) * Widened::input(f64::from(b));
    assert_eq!(q(&p), exact(a) * exact(b));
    assert!(p.exact);
    // A count of more than 24 bits times an input is rounded, and bounded.
    let n = <Widened as crate::exact::Ring>::small(u32::MAX);
    let m = n * Widened::input(f64::from(a));
    let err = (q(&m) - exact(f64::from(u32::MAX)) * exact(a)).abs();
    assert!(err > 0 && err <= exact(m.e), "{err}");
    assert!(!m.exact && m.e > 0.0);
    // Dividing by a denominator within its bound of zero is refused.
    let d = Widened::computed(1e-10, 2e-10);
    assert!(Widened::input(1.0).over(d).is_none());
}

/// Products near the subnormal range: the bound's underflow terms keep it
/// sound, carried to large magnitudes too. The values stand for
/// themselves (bound 0, not flagged exact), so every step rounds.
#[test]
fn tiny_values_are_bounded() {
    let mut s = 13u64;
    for _ in 0..5_000 {
        let x: [f64; 3] = core::array::from_fn(|_| float(&mut s, -560, -500, |x| x));
        let w = x.map(|v| Widened::computed(v, 0.0));
        let a = w[0] * w[1] - w[2] * w[2];
        let qa = exact(x[0]) * exact(x[1]) - exact(x[2]) * exact(x[2]);
        assert!((q(&a) - &qa).abs() <= exact(a.e), "{a:?}");
        let big = Widened::input(2f64.powi(900));
        let b = a * big * big + w[0];
        let qb = qa.clone() * exact(big.w) * exact(big.w) + exact(x[0]);
        assert!((q(&b) - &qb).abs() <= exact(b.e), "carried: {b:?}");
        // Finite quotients only (2^800 / 2^-530 overflows).
        let c = b.over(w[1]).filter(|c| c.w.is_finite() && c.e.is_finite());
        if let Some(c) = c {
            let qc = qb / exact(x[1]);
            assert!((q(&c) - &qc).abs() <= exact(c.e), "quotient: {c:?}");
        }
    }
}

/// A construction that reads an infinite input through a positive part
/// would compute an exact finite value: the floats refuse it by name.
#[test]
fn infinite_inputs_are_refused() {
    use crate::exact::{Construction, Dim, Finish, Refused, Ring, construct};
    struct PositivePart;
    impl Construction<2, 1> for PositivePart {
        const DIMS: [Dim; 2] = [Dim::LENGTH; 2];
        const OUT: [Dim; 1] = [Dim::LENGTH];
        const DEGREE: u32 = 1;
        fn build<R: Ring, O: Finish<R, 1>>(&self, x: &[R; 2], out: O) -> O::Out {
            out.finish(
                &R::zero(),
                &[Surd::value(x[1].clone().positive_part()).into()],
            )
        }
    }
    assert_eq!(construct(&PositivePart, &[0.0f32, -2.0]), Ok([0.0]));
    for bad in [f32::NEG_INFINITY, f32::INFINITY, f32::NAN] {
        let r = construct(&PositivePart, &[bad, -2.0]);
        assert_eq!(r, Err(Refused::NotFinite(0)), "{bad}");
        let r = construct(&PositivePart, &[0.0f64, f64::from(bad)]);
        assert_eq!(r, Err(Refused::NotFinite(1)), "{bad}");
    }
}
