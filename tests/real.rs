//! The `Real` backends: conversions, square roots, domains.

use fixed::types::{I16F16, I32F32};
use rug::{Integer, Rational};
use swept::Real;
use swept_support::{Backend, Exact};

/// `from_ratio` gives the nearest value, checked against the exact nearest.
fn ratio_is_nearest<T: Backend>() {
    for num in -300i64..=300 {
        for den in [1i64, 2, 3, 7, 10, 1 << 20, 3 << 30, 1_000_003] {
            let got = T::from_ratio(num * 1_234_567, den);
            let want = T::from_exact(&Exact::ratio(num * 1_234_567, den));
            assert_eq!(got, want, "{}: {num}/{den}", T::NAME);
        }
    }
    assert!(T::from_ratio(1, 0).is_none());
}

#[test]
fn from_ratio_is_nearest() {
    ratio_is_nearest::<f32>();
    ratio_is_nearest::<f64>();
    ratio_is_nearest::<I16F16>();
    ratio_is_nearest::<I32F32>();
}

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
        assert!(f32::from_f64(x).is_none());
        assert!(f64::from_f64(x).is_none());
        assert!(I16F16::from_f64(x).is_none());
        assert!(I32F32::from_f64(x).is_none());
    }
    assert!(f32::from_f64(1e39).is_none());
    assert!(I16F16::from_f64(40000.0).is_none());
    assert_eq!(I16F16::from_f64(-1.5).unwrap().to_f64(), -1.5);
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

/// `negate_if` is negation or the identity, bit for bit (signed zeros and
/// infinities included) on every backend.
#[test]
fn negate_if_is_negation() {
    for x in [
        0.0f64,
        -0.0,
        1.5,
        -2.25e-300,
        4e-320,
        f64::INFINITY,
        -f64::MAX,
    ] {
        assert_eq!(x.negate_if(true).to_bits(), (-x).to_bits(), "{x}");
        assert_eq!(x.negate_if(false).to_bits(), x.to_bits(), "{x}");
        let y = x as f32;
        assert_eq!(y.negate_if(true).to_bits(), (-y).to_bits(), "{y}");
        assert_eq!(y.negate_if(false).to_bits(), y.to_bits(), "{y}");
    }
    assert!(f64::NAN.negate_if(true).is_sign_negative());
    let q = I32F32::from_num(-3.75);
    assert_eq!(q.negate_if(true), I32F32::from_num(3.75));
    assert_eq!(q.negate_if(false), q);
    let r = Exact::ratio(-7, 3);
    assert_eq!(r.clone().negate_if(true), Exact::ratio(7, 3));
    assert_eq!(r.clone().negate_if(false), r);
}

/// `magnitude_limit(d, tl)` is the largest power of two m with 2^tl m^d <= MAX.
fn limit_is_tight<T: Backend>(max: &Exact) {
    for d in 1..=4u32 {
        for tl in 0..=4u32 {
            let m = T::magnitude_limit(d, tl).unwrap().to_exact();
            let pow = |x: &Exact| (0..d).fold(Exact::one(), |p, _| p * x.clone());
            let terms = Exact::ratio(1 << tl, 1);
            assert!(terms.clone() * pow(&m) <= *max, "{} d={d} tl={tl}", T::NAME);
            let m2 = m.clone() + m;
            assert!(
                terms * pow(&m2) > *max,
                "{} d={d} tl={tl} not tight",
                T::NAME
            );
        }
    }
}

#[test]
fn magnitude_limits_are_tight() {
    limit_is_tight::<I16F16>(&I16F16::MAX.to_exact());
    limit_is_tight::<I32F32>(&I32F32::MAX.to_exact());
    limit_is_tight::<f32>(&f32::MAX.to_exact());
    limit_is_tight::<f64>(&f64::MAX.to_exact());
    // I16F16: 2^(32-2-16) = 2^14 for degree 1, 2^7 for degree 2, 2^3 for degree 4.
    assert_eq!(
        I16F16::magnitude_limit(1, 0).unwrap(),
        I16F16::from_num(1 << 14)
    );
    assert_eq!(
        I16F16::magnitude_limit(2, 0).unwrap(),
        I16F16::from_num(1 << 7)
    );
    assert_eq!(I16F16::magnitude_limit(4, 0).unwrap(), I16F16::from_num(8));
    assert!(Exact::magnitude_limit(4, 4).is_none());
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
    assert_eq!(<f32 as Real>::NAME, "f32");
    assert_eq!(<I16F16 as Real>::NAME, "I16F16");
    assert_eq!(<I32F32 as Real>::NAME, "I32F32");
}

/// Fixed point's `wide` is the exact product of the bits, and
/// `cmp_wide_products` the exact order of two products of wide values
/// (256-bit), checked with `rug` integers on random values of every size,
/// both signs, and the extremes (`i128::MIN` included: no overflow).
#[test]
fn fixed_wide_products_are_exact() {
    let a = I32F32::from_bits(-0x7654_3210_fedc_ba98);
    let b = I32F32::from_bits(0x1234_5678_9abc_def1);
    let want = Integer::from(a.to_bits()) * Integer::from(b.to_bits());
    assert_eq!(Integer::from(I32F32::wide(&a, &b)), want);
    assert_eq!(
        Integer::from(I32F32::wide(&I32F32::MIN, &I32F32::MIN)),
        Integer::from(1) << 126
    );

    let mut r = swept_support::workload::SplitMix64::new(7);
    let mut value = || {
        let bits = r.next_u64() % 128;
        let x = (((r.next_u64() as u128) << 64) | r.next_u64() as u128) >> (127 - bits);
        let x = x as i128;
        match r.next_u64() % 16 {
            0 => i128::MIN,
            1 => i128::MAX,
            2 => 0,
            3 | 4 => x.wrapping_neg(),
            _ => x,
        }
    };
    for _ in 0..100_000 {
        let (a, b, c, d) = (value(), value(), value(), value());
        // A third compare a product with its factors swapped (equal), a
        // third with one factor one step away (nearly equal).
        let (c, d) = match a.rem_euclid(3) {
            0 => (b, a),
            1 => (a, b.wrapping_add(1)),
            _ => (c, d),
        };
        let want =
            (Integer::from(a) * Integer::from(b)).cmp(&(Integer::from(c) * Integer::from(d)));
        assert_eq!(
            I32F32::cmp_wide_products(&a, &b, &c, &d),
            want,
            "{a} {b} {c} {d}"
        );
        assert_eq!(
            I16F16::cmp_wide_products(&a, &b, &c, &d),
            want,
            "I16F16: {a} {b} {c} {d}"
        );
    }
}

/// `to_dyadic` is the exact value: `(-1)^neg · m · 2^e` equals the float,
/// over random bit patterns (every exponent, subnormals included) and the
/// special values; non-finite values have none.
fn dyadic_is_exact<T: Backend>(from_bits: impl Fn(u64) -> T) {
    let exact = |(neg, m, e): (bool, u64, i32)| {
        let x = Rational::from(m);
        let x = if e >= 0 {
            x << e as u32
        } else {
            x >> (-e) as u32
        };
        if neg { -x } else { x }
    };
    let mut r = swept_support::workload::SplitMix64::new(11);
    let specials = [0u64, 1, 2, 0x7f, u64::MAX >> 2];
    for i in 0..100_000 {
        let x = from_bits(specials.get(i).copied().unwrap_or_else(|| r.next_u64()));
        match x.to_dyadic() {
            Some(d) => assert_eq!(exact(d), x.to_exact().0, "{x:?}"),
            None => assert!(!x.is_finite(), "{x:?}"),
        }
    }
}

#[test]
fn float_to_dyadic_is_exact() {
    dyadic_is_exact(f64::from_bits);
    dyadic_is_exact(|b| f32::from_bits(b as u32));
    dyadic_is_exact(|b| -f64::from_bits(b >> 12)); // subnormals, negative
    assert_eq!((-0.0f64).to_dyadic(), Some((true, 0, -1074)));
    assert_eq!(f64::NAN.to_dyadic(), None);
    assert_eq!(f32::INFINITY.to_dyadic(), None);
    // Only the backends whose decisions round have a fallback to feed:
    // floats, and fixed point (its oriented-rectangle frame).
    assert!(f64::rounding().is_some() && f32::rounding().is_some());
    assert!(I32F32::rounding().is_none() && I32F32::lsb().is_some());
    assert!(Exact::one().to_dyadic().is_none() && Exact::lsb().is_none());
    let q = I32F32::from_bits(-0x1_8000_0000); // -1.5
    assert_eq!(q.to_dyadic(), Some((true, 0x1_8000_0000, -32)));
    assert_eq!(I32F32::MIN.to_dyadic(), Some((true, 1 << 63, -32)));
    assert_eq!(I16F16::from_bits(5).to_dyadic(), Some((false, 5, -16)));
}
