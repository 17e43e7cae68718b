//! Tests of [`bound`](super): against exact rationals.

use super::{Bounded, Kinds, Outside};
use crate::exact::filter::Ieee;
use crate::exact::filter::tests::{exact, float};
use crate::exact::{Dim, Ring};
use crate::test_rng::next;
use rug::Rational;

/// A random polynomial of degree `d` in `leaves` (every monomial of
/// degree `d`: homogeneous), as a bounded float and exactly.
fn poly<F: Ieee>(
    s: &mut u64,
    leaves: &[(Bounded<F>, Rational)],
    d: u32,
    depth: u32,
) -> (Bounded<F>, Rational) {
    if d == 1 && (depth == 0 || next(s) % 3 != 0) {
        return leaves[(next(s) % leaves.len() as u64) as usize].clone();
    }
    if d > 1 && (depth == 0 || next(s) % 2 == 0) {
        let a = 1 + (next(s) % u64::from(d - 1)) as u32;
        let (x, p) = poly(s, leaves, a, depth.saturating_sub(1));
        let (y, q) = poly(s, leaves, d - a, depth.saturating_sub(1));
        return (x * y, p * q);
    }
    if next(s) % 4 == 0 {
        // Constants, on the left, as a procedure's running sums start.
        let (x, p) = poly(s, leaves, d, depth - 1);
        let n = (next(s) % 4) as u32;
        return (
            Bounded::zero() + Bounded::small(n) * x,
            p * Rational::from(n),
        );
    }
    let (x, p) = poly(s, leaves, d, depth - 1);
    let (y, q) = poly(s, leaves, d, depth - 1);
    if next(s) % 2 == 0 {
        (x + y, p + q)
    } else {
        (x - y, p - q)
    }
}

/// Every certified sign is the exact one (of the polynomial in the
/// inputs as given, before scaling).
fn certified_signs_are_exact<F: Ieee>(
    seed: u64,
    lo: i32,
    hi: i32,
    from: impl Fn(f64) -> F + Copy,
) -> usize {
    const DEGREE: u32 = 6;
    let mut s = seed;
    let mut certified = 0;
    let dims = [
        Dim::LENGTH,
        Dim::LENGTH,
        Dim::VELOCITY,
        Dim::LENGTH,
        Dim::VELOCITY,
        Dim::LENGTH,
    ];
    let kinds = Kinds::of(&dims);
    for _ in 0..20_000 {
        let mut x = [F::ZERO; 6];
        for v in &mut x {
            *v = float(&mut s, lo, hi, from);
        }
        // Near-ties: one leaf a rounded multiple of another.
        x[5] = x[0] * F::count(3) / F::count(3);
        let Ok(y) = scaled(&x, &dims, &kinds, DEGREE) else {
            continue;
        };
        // Homogeneous: in the lengths only, or in the velocities only.
        let kind = if next(&mut s) % 2 == 0 {
            Dim::LENGTH
        } else {
            Dim::VELOCITY
        };
        let leaves: std::vec::Vec<_> = x
            .iter()
            .zip(&y)
            .zip(&dims)
            .filter(|(_, d)| **d == kind)
            .map(|((v, b), _)| (*b, exact(*v)))
            .collect();
        let d = 1 + (next(&mut s) % u64::from(DEGREE)) as u32;
        let (b, q) = poly(&mut s, &leaves, d, 4);
        // Exact zeros whose rounded values need not be: one polynomial
        // associated two ways, minus each other.
        let (a, (y, _), (z, _)) = (b, poly(&mut s, &leaves, d, 2), poly(&mut s, &leaves, d, 2));
        let (u, _) = poly(&mut s, &leaves, 1, 0);
        let (v, _) = poly(&mut s, &leaves, 1, 0);
        let product = if d + 2 <= DEGREE {
            (a * u) * v - a * (u * v)
        } else {
            Bounded::zero()
        };
        let zeros = [(a + y) + z - (a + (y + z)), product];
        for (b, q) in [(b, q)]
            .into_iter()
            .chain(zeros.map(|z| (z, Rational::new())))
        {
            let (sign, sure) = b.sign();
            if sure {
                certified += 1;
                assert_eq!(sign, q.cmp0(), "certified a wrong sign: {b:?} vs {q}");
            }
        }
    }
    certified
}

#[test]
fn certified_signs_are_exact_across_magnitudes() {
    let f32_of = |x: f64| x as f32;
    let f64_of = |x: f64| x;
    // Ordinary, mixed, tiny (subnormal), huge, and spread magnitudes:
    // the scaling takes each kind to 1 wherever it is.
    for (seed, lo, hi) in [
        (1, -4, 4),
        (2, -60, 60),
        (3, -1074, -1000),
        (4, 900, 1022),
        (9, -1074, 1000),
    ] {
        let n = certified_signs_are_exact::<f64>(seed, lo, hi, f64_of);
        // Inputs far below 1 are scaled up only so far.
        assert!(
            n > 1_000 || lo < -1000,
            "f64 {lo}..{hi}: only {n} certified"
        );
    }
    for (seed, lo, hi) in [
        (5, -4, 4),
        (6, -9, 9),
        (7, -149, -120),
        (8, 100, 126),
        (10, -149, 120),
    ] {
        let n = certified_signs_are_exact::<f32>(seed, lo, hi, f32_of);
        assert!(n > 1_000 || lo < -100, "f32 {lo}..{hi}: only {n} certified");
    }
}

#[test]
fn sums_of_different_dimensions_are_never_certified() {
    let l = Bounded::input(0.75f64, Dim::LENGTH, 4);
    let v = Bounded::input(0.5f64, Dim::VELOCITY, 4);
    let l2 = Bounded::input(0.5f64, Dim::LENGTH, 4);
    // (A monotone rounding of exact values, `l * l2 + v`, is certain
    // whatever its dimensions: no bound is used.)
    assert!(!(l * l2 + v * v).sign().1);
    assert!(!(l * l - l * l2 - l).sign().1);
    assert!((l * l - l * l).sign().1 || (l * l - l * l).sign().0 == core::cmp::Ordering::Equal);
}

#[test]
fn sums_of_two_inputs_have_sure_signs() {
    for (a, b) in [
        (1.0, 1.0),
        (0.1, 0.1 + f64::EPSILON),
        (3.0, -3.0),
        (0.0, 0.0),
        (f64::from_bits(1), 0.0),
    ] {
        let x = Bounded::input(a, Dim::LENGTH, 4);
        let y = Bounded::input(b, Dim::LENGTH, 4);
        let (s, sure) = (x - y).sign();
        assert!(sure, "{a} - {b}");
        assert_eq!(Some(s), exact(a).partial_cmp(&exact(b)));
    }
}

#[test]
fn scaling_finds_non_finite_inputs_and_the_range() {
    let dims = [Dim::LENGTH, Dim::VELOCITY];
    let kinds = Kinds::of(&dims);
    let err = |x: [f64; 2]| scaled(&x, &dims, &kinds, 4).map(|_| ()).unwrap_err();
    assert_eq!(err([1.0, f64::NAN]), Outside::NotFinite);
    assert_eq!(err([f64::NEG_INFINITY, 0.0]), Outside::NotFinite);
    // Velocity × time beyond the format: no length scale covers it.
    let t = [Dim::LENGTH, Dim::VELOCITY, Dim::TIME];
    let far = scaled(&[1.0f64, 1e300, 1e300], &t, &Kinds::of(&t), 4);
    assert_eq!(far.map(|_| ()).unwrap_err(), Outside::Window);
    // Tiny and huge values are scaled to their target 2^a (a = 243 at
    // degree 4; subnormals as the smallest normal).
    let top = 2f64.powi(243);
    for x in [
        [1e-200f64, 0.0],
        [1e300, -1e-60],
        [3.0, 0.5],
        [f64::from_bits(3), 0.0],
    ] {
        let y = scaled(&x, &dims, &kinds, 4).expect("in range");
        assert!(y.iter().all(|b| b.v.abs() < top));
        assert!(
            y.iter().any(|b| b.v.abs() >= top / 2.0) || x[0] < 1e-307,
            "{y:?}"
        );
    }
    // A length 2^1993 times smaller than the largest would round.
    let ll = [Dim::LENGTH; 2];
    let lost = scaled(&[1e300f64, 1e-300], &ll, &Kinds::of(&ll), 4);
    assert_eq!(lost.map(|_| ()).unwrap_err(), Outside::Window);
    // E_T = 3, E_L = max(1, 4 + 3) = 7: time 4 to 1/2, velocity 8 to
    // 2^242, length 1 to 2^236.
    let y = scaled(&[1.0f64, 8.0, 4.0], &t, &Kinds::of(&t), 4).expect("in range");
    assert_eq!(y.map(|b| b.v), [2f64.powi(236), 2f64.powi(242), 0.5]);
    // Tiny lengths and velocities with a time near 1: the scaling up
    // stops at the format's edge, and a velocity keeps the length's
    // scale over the time's (E_T = 1: the velocities are scaled up by
    // 2^126, the limit, so the lengths by 2^125).
    let y = scaled(
        &[2f32.powi(-118), 2f32.powi(-119), 1.5],
        &t,
        &Kinds::of(&t),
        6,
    )
    .expect("in range");
    let [l, v, tt] = y.map(|b| b.v);
    assert_eq!(
        [l / 2f32.powi(-118), v / 2f32.powi(-119), tt / 1.5],
        [2f32.powi(125), 2f32.powi(126), 0.5]
    );
}

/// [`super::scaled`]'s filter values.
fn scaled<F: Ieee, const N: usize>(
    x: &[F; N],
    dims: &[Dim; N],
    kinds: &Kinds<N>,
    degree: u32,
) -> Result<[Bounded<F>; N], Outside> {
    super::scaled(x, kinds, degree).map(|y| super::bounded(&y, dims, degree))
}
