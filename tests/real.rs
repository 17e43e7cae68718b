//! The `Real` backends (square roots, quotients, negation) and the test
//! harness's conversions to them.

use fixed::types::{I16F16, I32F32, I48F16};
use rug::{Integer, Rational};
use swept::Real;
use swept::geom::Vec2;
use swept_support::{Backend, Exact};

#[test]
fn from_ratio_ties_to_even_in_fixed() {
    // 3/2^17 is halfway between 1 and 2 LSBs of I16F16: ties to even gives 2.
    assert_eq!(I16F16::from_ratio(3, 1 << 17).unwrap().to_bits(), 2);
    // 1/2^17 is halfway between 0 and 1 LSB: ties to even gives 0.
    assert_eq!(I16F16::from_ratio(1, 1 << 17).unwrap().to_bits(), 0);
    assert_eq!(I16F16::from_ratio(-3, 1 << 17).unwrap().to_bits(), -2);
}

#[test]
fn from_f64_rejects_non_finite_and_out_of_range() {
    for x in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        assert!(f32::nearest_from_f64(x).is_none());
        assert!(f64::nearest_from_f64(x).is_none());
        assert!(I16F16::nearest_from_f64(x).is_none());
        assert!(I32F32::nearest_from_f64(x).is_none());
    }
    assert!(f32::nearest_from_f64(1e39).is_none());
    assert!(I16F16::nearest_from_f64(40000.0).is_none());
    assert_eq!(I16F16::nearest_from_f64(-1.5).unwrap().nearest_f64(), -1.5);
}

#[test]
fn float_sqrt_is_correctly_rounded() {
    // libm's sqrt must give the bits of the IEEE (hardware) square root.
    let mut rng = swept_support::workload::SplitMix64::new(7);
    for _ in 0..100_000 {
        let x = f64::from_bits(rng.next_u64() >> 1); // non-negative
        let y = x as f32;
        assert_eq!(Real::sqrt(x).to_bits(), x.sqrt().to_bits(), "{x:e}");
        assert_eq!(Real::sqrt(y).to_bits(), y.sqrt().to_bits(), "{y:e}");
    }
}

#[test]
fn fixed_sqrt_rounds_down() {
    // s = sqrt(x) in I16F16 is the largest s with s² <= x (as exact rationals).
    let mut rng = swept_support::workload::SplitMix64::new(11);
    for _ in 0..20_000 {
        let x = I16F16::from_bits((rng.next_u64() >> 33) as i32);
        let s = Real::sqrt(x);
        let (xe, se) = (x.to_exact(), s.to_exact());
        let lsb = Exact::ratio(1, 1 << 16);
        assert!(se.clone() * se.clone() <= xe, "{x}: {s}");
        let up = se + lsb;
        assert!(up.clone() * up > xe, "{x}: {s} is not the largest");
    }
    // Negative input: zero, no panic.
    assert_eq!(Real::sqrt(I16F16::from_num(-4)), I16F16::ZERO);
}

#[test]
fn exact_sqrt_within_2_pow_minus_256() {
    for (p, q) in [
        (2i64, 1i64),
        (1, 3),
        (10_000_000_007, 17),
        (1, 1 << 40),
        (9, 4),
    ] {
        let x = Exact::ratio(p, q);
        let s = x.clone().sqrt();
        // |s² - x| / x <= 2 * 2^-256 bounds the root's relative error by 2^-256.
        let err = ((s.clone() * s).0 - x.0.clone()).abs() / x.0.clone();
        assert!(
            err <= Rational::from((Integer::from(2), Integer::from(1) << 256)),
            "{p}/{q}"
        );
    }
    // Perfect squares stay exact.
    assert_eq!(Exact::ratio(9, 4).sqrt(), Exact::ratio(3, 2));
    assert_eq!(Exact::ratio(-1, 4).sqrt(), Exact::zero());
}

#[test]
fn quotient_never_panics() {
    assert_eq!(I16F16::from_num(1).quotient(I16F16::ZERO), I16F16::MAX);
    assert_eq!(I16F16::from_num(-1).quotient(I16F16::ZERO), I16F16::MIN);
    assert_eq!(
        I16F16::from_num(20000).quotient(I16F16::from_num(0.25)),
        I16F16::MAX
    );
    assert_eq!(
        I16F16::from_num(7).quotient(I16F16::from_num(2)),
        I16F16::from_num(3.5)
    );
    assert!(f64::quotient(1.0, 0.0).is_infinite());
    assert_eq!(Exact::one().quotient(Exact::zero()), Exact::zero());
}

#[test]
fn exact_nearest_float_and_decimal() {
    assert_eq!(Exact::ratio(1, 3).nearest_f64(), 1.0 / 3.0);
    assert_eq!(Exact::ratio(1, 3).nearest_f32(), 1.0f32 / 3.0);
    assert_eq!(Exact::ratio(-7, 2).to_decimal(40), "-3.5");
    assert_eq!(Exact::ratio(1, 3).to_decimal(5), "0.33333");
    assert_eq!(
        Exact::ratio(2, 1).sqrt().to_decimal(20),
        "1.4142135623730950488"
    );
    assert_eq!(Exact::ratio(12345, 1).to_decimal(3), "12300");
    // Ties to even at 2^-1075: rounds to zero; just above rounds up.
    let tiny = Exact(Rational::from((Integer::from(1), Integer::from(1) << 1075)));
    assert_eq!(tiny.nearest_f64(), 0.0);
}

#[test]
fn names() {
    assert_eq!(<f32 as Backend>::NAME, "f32");
    assert_eq!(<I16F16 as Backend>::NAME, "I16F16");
    assert_eq!(<I32F32 as Backend>::NAME, "I32F32");
    assert_eq!(<I48F16 as Backend>::NAME, "I48F16");
}

/// Issue 15's defect: `Vec2::perp` negated `y` with `-`, which panics on
/// fixed point's `MIN` in a debug build (this test runs in both). `-MIN`
/// is not representable; it saturates to `MAX`, one LSB off.
#[test]
fn vec2_perp_on_fixed_min_does_not_panic() {
    let v = Vec2::new(I16F16::from_num(3), I16F16::MIN);
    assert_eq!(v.perp(), Vec2::new(I16F16::MAX, I16F16::from_num(3)));
    let w = Vec2::new(I32F32::MIN, I32F32::MIN);
    assert_eq!(w.perp(), Vec2::new(I32F32::MAX, I32F32::MIN));
    let e = Vec2::new(Exact::ratio(1, 3), Exact::ratio(-2, 5));
    assert_eq!(e.perp(), Vec2::new(Exact::ratio(2, 5), Exact::ratio(1, 3)));
    assert_eq!(Vec2::new(1.5f64, -0.0).perp().x.to_bits(), 0.0f64.to_bits());
}
