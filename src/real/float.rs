//! `Real` for `f32` and `f64`: IEEE basic operations and `libm::sqrt` only.

use super::Real;
use crate::query::compare;
use core::cmp::Ordering;

/// `2^e` as `f64` for `e` in the normal range.
#[inline]
fn pow2(e: i32) -> f64 {
    f64::from_bits(((e + 1023) as u64) << 52)
}

/// Largest `e` with `2^(tl + degree * e) <= 2^max_exp`.
#[inline]
fn limit_exp(max_exp: i32, degree: u32, terms_log2: u32) -> i32 {
    let d = degree.max(1) as i32;
    (max_exp - terms_log2 as i32).div_euclid(d)
}

impl Real for f64 {
    const NAME: &'static str = "f64";
    const OVERFLOW_PROPAGATES: bool = true;
    type Wide = f64;
    #[inline]
    fn wide(a: &Self, b: &Self) -> Self {
        a * b
    }
    #[inline]
    fn cmp_wide_products(a: &Self, b: &Self, c: &Self, d: &Self) -> Ordering {
        compare(&(a * b), &(c * d))
    }
    #[inline]
    fn zero() -> Self {
        0.0
    }
    #[inline]
    fn one() -> Self {
        1.0
    }
    fn from_f64(x: f64) -> Option<Self> {
        x.is_finite().then_some(x)
    }
    fn from_ratio(num: i64, den: i64) -> Option<Self> {
        // Both operands exact when |num|, |den| <= 2^53: one correct rounding.
        (den != 0).then(|| num as f64 / den as f64)
    }
    #[inline]
    fn to_f64(&self) -> f64 {
        *self
    }
    #[inline]
    fn sqrt(self) -> Self {
        libm::sqrt(self)
    }
    #[inline]
    fn quotient(self, den: Self) -> Self {
        self / den
    }
    #[inline]
    fn is_finite(&self) -> bool {
        f64::is_finite(*self)
    }
    #[inline]
    fn magnitude_limit(degree: u32, terms_log2: u32) -> Option<Self> {
        // f64::MAX > 2^1023.
        Some(pow2(limit_exp(1023, degree, terms_log2)))
    }
    #[inline]
    fn all_within<const N: usize>(values: [&Self; N], limit: &Self) -> bool {
        values.iter().fold(0.0, |s, v| s + v.abs()) <= *limit
    }
    fn unit_tolerance() -> Self {
        16.0 * f64::EPSILON
    }
}

impl Real for f32 {
    const NAME: &'static str = "f32";
    const OVERFLOW_PROPAGATES: bool = true;
    type Wide = f32;
    #[inline]
    fn wide(a: &Self, b: &Self) -> Self {
        a * b
    }
    #[inline]
    fn cmp_wide_products(a: &Self, b: &Self, c: &Self, d: &Self) -> Ordering {
        compare(&(a * b), &(c * d))
    }
    #[inline]
    fn zero() -> Self {
        0.0
    }
    #[inline]
    fn one() -> Self {
        1.0
    }
    fn from_f64(x: f64) -> Option<Self> {
        let y = x as f32; // round to nearest, ties to even
        (x.is_finite() && y.is_finite()).then_some(y)
    }
    fn from_ratio(num: i64, den: i64) -> Option<Self> {
        // The f64 quotient of exact operands, rounded again to f32: double
        // rounding is innocuous for division since 53 >= 2 * 24 + 2.
        f64::from_ratio(num, den).and_then(f32::from_f64)
    }
    #[inline]
    fn to_f64(&self) -> f64 {
        *self as f64
    }
    #[inline]
    fn sqrt(self) -> Self {
        libm::sqrtf(self)
    }
    #[inline]
    fn quotient(self, den: Self) -> Self {
        self / den
    }
    #[inline]
    fn is_finite(&self) -> bool {
        f32::is_finite(*self)
    }
    #[inline]
    fn magnitude_limit(degree: u32, terms_log2: u32) -> Option<Self> {
        // f32::MAX > 2^127.
        Some(pow2(limit_exp(127, degree, terms_log2)) as f32)
    }
    #[inline]
    fn all_within<const N: usize>(values: [&Self; N], limit: &Self) -> bool {
        values.iter().fold(0.0, |s, v| s + v.abs()) <= *limit
    }
    fn unit_tolerance() -> Self {
        16.0 * f32::EPSILON
    }
}
