//! Tests of [`double`](super): against exact rationals.

use super::{Approx, Double, surd};
use crate::exact::Surd;
use crate::exact::filter::Ieee;
use crate::exact::filter::tests::exact;
use crate::test_rng::next;
use rug::Rational;

fn dd<F: Ieee>(x: &Double<F>) -> Rational {
    exact(x.h) + exact(x.l)
}

/// A random float of magnitude `2^[lo, hi]`, either sign, sometimes 0.
pub(in crate::exact) fn float<F: Ieee>(
    s: &mut u64,
    lo: i32,
    hi: i32,
    from: impl Fn(f64) -> F,
) -> F {
    if next(s) % 16 == 0 {
        return F::ZERO;
    }
    let e = lo + (next(s) % (hi - lo + 1) as u64) as i32;
    let m = 1.0 + (next(s) >> 11) as f64 / (1u64 << 53) as f64;
    let x = m * 2f64.powi(e);
    from(if next(s) % 2 == 0 { -x } else { x })
}

/// `[lo, hi]` around `√q` (`q >= 0`), `2^-300` wide relative.
pub(in crate::exact) fn sqrt_bracket(q: &Rational) -> (Rational, Rational) {
    let (n, d) = (q.numer().clone(), q.denom().clone());
    let r = ((n * &d) << 600u32).sqrt();
    let den = Rational::from(d << 300u32);
    (
        Rational::from(r.clone()) / &den,
        Rational::from(r + 1) / den,
    )
}

/// Whether `v` is the float nearest to every value in `[lo, hi]`
/// (`None`: the interval straddles a midpoint, undecided).
pub(in crate::exact) fn nearest<F: Ieee>(v: F, lo: &Rational, hi: &Rational) -> Option<bool> {
    let x = exact(v);
    let mag = v.abs();
    let below = if mag == F::ZERO { F::ZERO } else { mag.below() };
    let gap_down = exact(mag) - exact(below);
    // The gap above is at least the gap below.
    let up = gap_down * Rational::from((1, 2));
    let (m_lo, m_hi) = (x.clone() - &up, x.clone() + &up);
    if *lo > m_lo && *hi < m_hi {
        return Some(true);
    }
    if *hi < m_lo || *lo > m_hi {
        Some(false)
    } else {
        None
    }
}

/// Random polynomial-like expressions of random inputs: the bound holds
/// for every operation, and `round` returns the nearest float whenever it
/// returns, for at least `percent` of the values built. `inputs` draws the
/// inputs and their exact values, `value` is a computed value's exact
/// value and bound.
pub(in crate::exact) fn expressions_hold<A: Approx + core::fmt::Debug, F: Ieee>(
    mut inputs: impl FnMut() -> ([A; 6], [Rational; 6]),
    value: impl Fn(&A) -> (Rational, Rational),
    round: impl Fn(A) -> Option<F>,
    percent: usize,
) {
    let (mut rounded, mut total) = (0, 0);
    for _ in 0..20_000 {
        let (x, q) = inputs();
        // (x0 x1 - x2 x3)(x4 + x5) - x0 x5 x3, and √ and / of it.
        let a = (x[0] * x[1] - x[2] * x[3]) * (x[4] + x[5]) - x[0] * x[5] * x[3];
        let qa = (q[0].clone() * &q[1] - q[2].clone() * &q[3]) * (q[4].clone() + &q[5])
            - q[0].clone() * &q[5] * &q[3];
        let (va, ea) = value(&a);
        let err = (va - &qa).abs();
        assert!(err <= ea, "sum/product bound: {err} > {ea}");
        let c = a * a + x[1] * x[1];
        let qc = qa.clone() * &qa + q[1].clone() * &q[1];
        let Some(root) = c.root() else {
            continue;
        };
        // |root - √C| <= e: (root - e)² <= C <= (root + e)².
        let (vr, er) = value(&root);
        let (lo_r, hi_r) = (vr.clone() - &er, vr + er);
        assert!(lo_r.clone() * &lo_r <= qc || lo_r < 0, "root bound (low)");
        assert!(hi_r.clone() * &hi_r >= qc, "root bound (high)");
        total += 1;
        let p = Surd {
            a,
            b: x[2],
            d: x[4],
            e: x[5],
        };
        let Some(w) = surd(&p, Some(root)) else {
            continue;
        };
        // The exact value within a 2^-300 bracket of √C.
        let (rl, rh) = sqrt_bracket(&qc);
        let ends = |r: &Rational| {
            let n = qa.clone() + q[2].clone() * r;
            let d = q[4].clone() + q[5].clone() * r;
            (n, d)
        };
        let ((n0, d0), (n1, d1)) = (ends(&rl), ends(&rh));
        if d0.cmp0() != d1.cmp0() || d0.cmp0() == core::cmp::Ordering::Equal {
            continue;
        }
        // n / d is monotone in r between the ends.
        let (a0, a1) = (n0 / d0, n1 / d1);
        let (lo, hi) = if a0 <= a1 { (a0, a1) } else { (a1, a0) };
        let (vw, ew) = value(&w);
        let (wl, wh) = (vw.clone() - &ew, vw + ew);
        assert!(wl <= hi && wh >= lo, "quotient bound: {w:?} vs {lo}");
        if let Some(v) = round(w) {
            rounded += 1;
            assert_ne!(
                nearest(v, &lo, &hi),
                Some(false),
                "not the nearest float: {v:?} vs {lo}"
            );
        }
    }
    assert!(
        rounded * 100 > total * percent,
        "only {rounded} of {total} certified"
    );
}

/// [`expressions_hold`] on double-word values of inputs of magnitude
/// `2^[lo, hi]`.
fn bounds_hold<F: Ieee>(from: impl Fn(f64) -> F + Copy, lo: i32, hi: i32) {
    let mut s = 7u64;
    let inputs = || {
        let x: [Double<F>; 6] =
            core::array::from_fn(|_| Double::input(float(&mut s, lo, hi, from)));
        (x, x.map(|v| exact(v.h)))
    };
    expressions_hold(inputs, |v| (dd(v), exact(v.e)), Double::round, 90);
}

#[test]
fn f64_bounds_hold_and_rounding_is_nearest() {
    bounds_hold::<f64>(|x| x, -40, 40);
}

#[test]
fn f32_bounds_hold_and_rounding_is_nearest() {
    bounds_hold::<f32>(|x| x as f32, -12, 12);
}

/// The bounds hold where inputs are zero (a quarter of them), so that
/// products and quotients of exact zeros are exact ([`ZEROS_EXACT`]).
#[test]
fn bounds_hold_with_zero_inputs() {
    let mut s = 13u64;
    let inputs = || {
        let x: [Double<f64>; 6] = core::array::from_fn(|_| {
            let v = float(&mut s, -40, 40, |x| x);
            Double::input(if v.to_bits() % 4 == 0 { 0.0 } else { v })
        });
        (x, x.map(|v| exact(v.h)))
    };
    // Zero radicands and cancelled parts leave more values uncertified:
    // 75% of them without ZEROS_EXACT, 78% with it.
    expressions_hold(inputs, |v| (dd(v), exact(v.e)), Double::round, 77);
}

/// An exact zero times a computed value, or over one, is certified as
/// +0; a computed zero that carries a bound (a cancellation) is not, nor
/// its product.
#[test]
fn exact_zeros_stay_certain() {
    let third = Double::input(1.0f64)
        .div(Double::input(3.0))
        .expect("nonzero");
    assert!(third.e > 0.0);
    let zero = Double::input(0.0f64);
    let product = zero * third;
    assert_eq!(product.round().map(f64::to_bits), Some(0));
    let quotient = (product + zero).div(third).expect("nonzero");
    assert_eq!(quotient.round().map(f64::to_bits), Some(0));
    let cancel = (third * Double::input(3.0)) - Double::input(1.0);
    assert!(cancel.e > 0.0);
    assert_eq!((cancel * third).round(), None);
    assert_eq!(cancel.div(third).and_then(Double::round), None);
    // A product that underflowed to zero carries a bound whose own
    // products underflow in turn: still not certain, 2^-1800 · 2^900
    // is not zero.
    let tiny = Double::input(2f64.powi(-600));
    let under = tiny * tiny * tiny;
    assert_eq!(under.h, 0.0);
    assert_eq!((under * Double::input(2f64.powi(900))).round(), None);
    assert_eq!(
        (under * Double::input(2f64.powi(900)))
            .div(Double::input(1.0))
            .and_then(Double::round),
        None
    );
}

/// A denominator that computes to one skips the division: exactly one
/// (1 · 1) keeps the numerator's bound; one plus an underflowed square
/// (1 + t², `t = 2^-600`) widens it enough to cover the true quotient.
#[test]
fn a_denominator_computed_as_one_is_not_divided_by() {
    let mut s = 11u64;
    let one = Double::input(1.0f64);
    let t = Double::input(2f64.powi(-600));
    let t2 = exact(2f64.powi(-600)) * exact(2f64.powi(-600));
    for _ in 0..2_000 {
        let x: [Double<f64>; 3] =
            core::array::from_fn(|_| Double::input(float(&mut s, -40, 40, |x| x)));
        let q: [Rational; 3] = core::array::from_fn(|i| exact(x[i].h));
        // An input (its bound is all the denominator's) and a sum of
        // products.
        let n = [x[0], x[0] * x[1] - x[2]];
        let qn = [q[0].clone(), q[0].clone() * &q[1] - &q[2]];
        for (n, qn) in n.into_iter().zip(qn) {
            for (d, qd) in [
                (one * one, Rational::from(1)),
                (one + t * t, Rational::from(1) + &t2),
            ] {
                assert_eq!((d.h, d.l), (1.0, 0.0));
                let v = n.over(d).expect("no division");
                assert_eq!((v.h, v.l), (n.h, n.l));
                let err = (dd(&v) - qn.clone() / qd).abs();
                assert!(err <= exact(v.e), "{err} > {:?}", v.e);
            }
        }
    }
}

#[test]
fn tiny_values_are_refused_not_misrounded() {
    // Products near the subnormal range: the bound's η terms keep it
    // sound; the certificate may refuse.
    let mut s = 11u64;
    for _ in 0..5_000 {
        let x: [Double<f64>; 3] =
            core::array::from_fn(|_| Double::input(float(&mut s, -560, -500, |x| x)));
        let a = x[0] * x[1] - x[2] * x[2];
        let qa = exact(x[0].h) * exact(x[1].h) - exact(x[2].h) * exact(x[2].h);
        assert!((dd(&a) - &qa).abs() <= exact(a.e));
        // Carried to a large magnitude, the underflow stays covered.
        let big = Double::input(2f64.powi(900));
        let b = a * big * big + x[0];
        let qb = qa.clone() * exact(big.h) * exact(big.h) + exact(x[0].h);
        assert!((dd(&b) - &qb).abs() <= exact(b.e), "carried: {b:?}");
    }
}

/// `round_fixed` gives the count of `2^-frac` nearest the exact value
/// whenever it gives one, and none at a tie: on quotients and roots of
/// sums of products of values on the fixed grid.
#[test]
#[cfg(all(feature = "fixed", target_arch = "x86_64", target_feature = "sse2"))]
fn fixed_rounding_is_nearest_and_refuses_ties() {
    let mut s = 5u64;
    let half = Rational::from((1, 2));
    for frac in [16u32, 32] {
        let unit = 2f64.powi(-(frac as i32));
        let scale = Rational::from(1u64 << frac);
        let (mut rounded, mut total) = (0, 0);
        for _ in 0..20_000 {
            // Raw integers of up to 34 bits, either sign.
            let x: [Double<f64>; 4] = core::array::from_fn(|_| {
                let raw = (next(&mut s) >> 30) as i64 - (1i64 << 33);
                Double::input(raw as f64 * unit)
            });
            let q: [Rational; 4] = core::array::from_fn(|i| exact(x[i].h));
            let n = x[0] * x[1] + x[2];
            let qn = q[0].clone() * &q[1] + &q[2];
            let Some(v) = n.div(x[3]) else {
                continue;
            };
            total += 1;
            if let Some(k) = v.round_fixed(frac) {
                rounded += 1;
                let off = qn / &q[3] * &scale - Rational::from(k);
                assert!(off.abs() < half, "not the nearest count: {k}");
            }
        }
        assert!(rounded * 10 > total * 9, "only {rounded} of {total}");
        // Ties: halfway between two counts, none; one grid step off, the count.
        for m in [-7i64, -1, 0, 1, 6, 1 << 40] {
            let tie = Double::input((2 * m + 1) as f64 * unit / 2.0);
            assert_eq!(tie.round_fixed(frac), None, "tie {m}");
            let on = Double::input(m as f64 * unit);
            assert_eq!(on.round_fixed(frac), Some(m));
        }
    }
}

/// Exact values stay exact where the test at run time sees it (32-bit
/// targets and tests): products of inputs far from the underflow, their
/// sums, a value times a power of two; so an exact zero among them is
/// certain and an exact tie is rounded to even without the exact route.
/// Near the underflow the bound stays.
#[test]
fn exact_values_keep_no_bound() {
    let i = |x: f32| Double::input(x);
    let zero = i(3.0) * i(5.0) - i(15.0) * i(1.0);
    assert_eq!((zero.h, zero.l, zero.e), (0.0, 0.0, 0.0));
    assert_eq!(zero.round(), Some(0.0));
    // 1 - t for t = fl(5/12) needs 25 bits: a midpoint, times 1/8.
    let t = 5.0f32 / 12.0;
    let tie = (i(1.0) - i(t)) * i(0.125);
    assert_eq!(tie.e, 0.0);
    assert_eq!(dd(&tie), (Rational::from(1) - exact(t)) / 8);
    // By hand: t = 13981013 · 2^-25, so 1 - t = 19573419 · 2^-25 is the
    // midpoint of 9786709 and 9786710 units of 2^-24, and the tie goes to
    // the even one: 9786710 · 2^-27 after the 1/8.
    assert_eq!(t.to_bits(), 0x3ed5_5555);
    let even = 9_786_710.0f32 / (1u32 << 27) as f32;
    assert_eq!(exact(even) - dd(&tie), Rational::from((1, 1u64 << 28)));
    assert_eq!(tie.round(), Some(even));
    // A low part scaled into the subnormals, and a product near them.
    let low = (i(1.0) - i(t)) * i(2f32.powi(-120));
    assert!(low.e > 0.0);
    let tiny = i(2f32.powi(-70)) * i(2f32.powi(-30));
    assert!(tiny.e > 0.0);
}

/// A denominator computed as one (`h = 1`, `l = 0`) with a bound keeps a
/// bound however small the numerator: its term `3 e_d |h_n|` underflows
/// to zero below about `2^-970` (`f64`) or `2^-105` (`f32`), and an exact
/// numerator at a tie would otherwise be rounded as exact, to even. Found
/// by review: `(2^-1000 + 2^-1053) / (1 - 2^-120)` is just above the tie
/// of `2^-1000` and its successor, whose nearest float is the successor.
#[test]
fn a_denominator_near_one_keeps_a_bound() {
    let i = |x: f64| Double::input(x);
    // (`powi` of an exponent past the range is zero in a debug build:
    // the least powers as products.)
    let n = i(2f64.powi(-1000)) + i(2f64.powi(-1000) * 2f64.powi(-53));
    assert_eq!(n.e, 0.0);
    for d in [
        (i(1.0) + i(2f64.powi(-60))) * (i(1.0) - i(2f64.powi(-60))),
        i(1.0) - i(2f64.powi(-600)) * i(2f64.powi(-600)),
    ] {
        assert_eq!((d.h, d.l), (1.0, 0.0));
        let w = n.over(d).expect("a denominator of one");
        assert!(w.e > 0.0, "{w:?}");
        assert_ne!(w.round(), Some(2f64.powi(-1000)));
    }
    let i = |x: f32| Double::input(x);
    let n = i(2f32.powi(-110)) + i(2f32.powi(-110) * 2f32.powi(-24));
    let d = (i(1.0) + i(2f32.powi(-30))) * (i(1.0) - i(2f32.powi(-30)));
    let w = n.over(d).expect("a denominator of one");
    assert!(w.e > 0.0, "{w:?}");
    assert_ne!(w.round(), Some(2f32.powi(-110)));
}

/// [`super::tighten`] leaves every seed as it is where the radicand is
/// not certainly positive (a graze: its root fails), rather than build the
/// values without their roots; and takes a value built within `2^-40`.
#[test]
fn tighten_skips_a_failed_root() {
    use crate::exact::{Part, approx};
    let one = Double::<f64>::input(1.0);
    // `(1 + √c) / 1` with `c` computed as `-2^-100 ± 2^-90`: its root fails.
    let parts = [Part::Surd(Surd {
        a: one,
        b: one,
        d: one,
        e: Double::input(0.0),
    })];
    let graze = Double::<f64>::computed(-(2f64.powi(-100)), 0.0, 2f64.powi(-90));
    let mut out = [approx::Approx::UNKNOWN];
    super::tighten(&graze, &parts, &mut out);
    assert!(out[0].is_unknown(), "{out:?}");
    // With `c = 4` exactly the value, 3, is taken.
    super::tighten(&Double::input(4.0), &parts, &mut out);
    let (lo, hi) = out[0].interval().expect("a bound");
    assert!(lo <= 3 && 3 <= hi && out[0].within(40), "{out:?}");
}

/// A [`Tracked`](super::Tracked) value's sign is certain at an exact zero
/// (`e = 0`, which it keeps for exact values only) and where a
/// cancellation leaves it far above its bound (a grid's `2.49 - 0.49 -
/// 2`, about `2^-53` of its terms); a zero of the untracked form, whose
/// `e = 0` is not kept on 64-bit targets, is not.
#[test]
fn tracked_signs_are_certain_at_exact_zeros() {
    use crate::exact::Ring;
    use core::cmp::Ordering;
    let t = super::Tracked::<f64>::exactly;
    let zero = t(3.0) * t(5.0) - t(15.0) * t(1.0);
    assert_eq!(zero.sign(), (Ordering::Equal, true));
    let gap = t(2.49) - t(0.49) - t(2.0);
    let e = exact(2.49) - exact(0.49) - exact(2.0);
    assert_eq!(e.cmp0(), Ordering::Greater);
    assert_eq!(gap.sign(), (Ordering::Greater, true));
    let d = Double::<f64>::input;
    let zero = d(3.0) * d(5.0) - d(15.0) * d(1.0);
    assert!(!zero.sign().1);
}

/// A [`Tracked`](super::Tracked) quotient of exact values is exact
/// (`e = 0`) where it is: by a power of two, or where the quotient of
/// each part is a float (`0.75 / 3`); elsewhere (`1 / 3`, a divisor with
/// a low part, near the underflow) it keeps a bound. Either way it is
/// within its bound of the exact quotient.
#[test]
fn tracked_quotients_of_exact_values_are_exact() {
    let t = super::Tracked::<f64>::exactly;
    let q = |n: super::Tracked<f64>, d: super::Tracked<f64>| n.div(d).unwrap();
    // 3.08 - 2 - 0.42 over 4: a grid's time.
    let n = t(3.08) - t(2.0) - t(0.42);
    assert_eq!(n.e, 0.0);
    let v = q(n, t(4.0));
    assert_eq!(v.e, 0.0);
    assert_eq!(
        exact(v.h) + exact(v.l),
        (exact(3.08) - exact(2.0) - exact(0.42)) / 4
    );
    // A two-float value (`1 + 2^-60`) over 4 and over -0.5.
    let n = t(1.0) + t(2f64.powi(-60));
    assert!(n.l != 0.0 && n.e == 0.0);
    for d in [4.0, -0.5] {
        let v = q(n, t(d));
        assert_eq!(v.e, 0.0);
        assert_eq!(
            exact(v.h) + exact(v.l),
            (exact(1.0) + exact(2f64.powi(-60))) / exact(d)
        );
    }
    let v = q(t(0.75), t(3.0));
    assert_eq!((v.h, v.l, v.e), (0.25, 0.0, 0.0));
    for (n, d) in [(t(1.0), t(3.0)), (n, t(3.0)), (t(1.0), t(1.0) + t(1e-30))] {
        let v = q(n, d);
        assert!(v.e > 0.0);
        let want = (exact(n.h) + exact(n.l)) / (exact(d.h) + exact(d.l));
        assert!((exact(v.h) + exact(v.l) - want).abs() <= exact(v.e));
    }
    let tiny = q(t(2f64.powi(-1000)), t(2.0));
    assert!(tiny.e > 0.0);
}
