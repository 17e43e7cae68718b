//! `Real` for `f32` and `f64`: IEEE basic operations and `libm::sqrt` only.

use super::Real;
use core::cmp::Ordering;

/// The finite IEEE binary value with these `bits` (a `width`-bit format
/// with `frac` fraction bits) as `(neg, m, e)`: `(-1)^neg · m · 2^e`.
fn dyadic(bits: u64, width: u32, frac: u32) -> (bool, u64, i32) {
    let bias = (1 << (width - frac - 2)) - 1 + frac as i32; // 1075, 150
    let neg = bits >> (width - 1) == 1;
    let field = ((bits >> frac) & ((1 << (width - frac - 1)) - 1)) as i32;
    let m = bits & ((1 << frac) - 1);
    match field {
        0 => (neg, m, 1 - bias), // zero and subnormals
        _ => (neg, m | 1 << frac, field - bias),
    }
}

/// `|x| > err` (never for NaN): no branch, the outcome is data.
#[inline]
fn beyond<F: Real>(x: F, err: F) -> bool {
    x.abs() > err
}

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
    type Kernel = crate::exact::Float;
    const OVERFLOW_PROPAGATES: bool = true;
    type Wide = f64;
    #[inline]
    fn wide(a: &Self, b: &Self) -> Self {
        a * b
    }
    #[inline]
    fn cmp_wide_products(a: &Self, b: &Self, c: &Self, d: &Self) -> Ordering {
        (a * b).partial_cmp(&(c * d)).unwrap_or(Ordering::Equal)
    }
    #[inline]
    fn rounding() -> Option<(Self, Self)> {
        // u = 2^-53; η = 2^-1022, the smallest normal.
        Some((f64::EPSILON / 2.0, f64::MIN_POSITIVE))
    }
    #[inline]
    fn to_dyadic(&self) -> Option<(bool, u64, i32)> {
        self.is_finite().then(|| dyadic(self.to_bits(), 64, 52))
    }
    #[inline]
    fn wide_separated(a: &Self, b: &Self, err: &Self) -> bool {
        beyond(a - b, *err)
    }
    #[inline]
    fn wide_products_separated(a: &Self, b: &Self, c: &Self, d: &Self, err: &Self) -> bool {
        beyond(a * b - c * d, *err)
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
    #[inline]
    fn abs(self) -> Self {
        f64::abs(self) // clears the sign bit: no branch
    }
    #[inline]
    fn negate_if(self, neg: bool) -> Self {
        f64::from_bits(self.to_bits() ^ (u64::from(neg) << 63))
    }
    fn unit_tolerance() -> Self {
        16.0 * f64::EPSILON
    }
}

impl Real for f32 {
    const NAME: &'static str = "f32";
    type Kernel = crate::exact::Float;
    const OVERFLOW_PROPAGATES: bool = true;
    type Wide = f32;
    #[inline]
    fn wide(a: &Self, b: &Self) -> Self {
        a * b
    }
    #[inline]
    fn cmp_wide_products(a: &Self, b: &Self, c: &Self, d: &Self) -> Ordering {
        (a * b).partial_cmp(&(c * d)).unwrap_or(Ordering::Equal)
    }
    #[inline]
    fn rounding() -> Option<(Self, Self)> {
        // u = 2^-24; η = 2^-126, the smallest normal.
        Some((f32::EPSILON / 2.0, f32::MIN_POSITIVE))
    }
    #[inline]
    fn to_dyadic(&self) -> Option<(bool, u64, i32)> {
        self.is_finite()
            .then(|| dyadic(self.to_bits().into(), 32, 23))
    }
    #[inline]
    fn wide_separated(a: &Self, b: &Self, err: &Self) -> bool {
        beyond(a - b, *err)
    }
    #[inline]
    fn wide_products_separated(a: &Self, b: &Self, c: &Self, d: &Self, err: &Self) -> bool {
        beyond(a * b - c * d, *err)
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
    #[inline]
    fn abs(self) -> Self {
        f32::abs(self) // clears the sign bit: no branch
    }
    #[inline]
    fn negate_if(self, neg: bool) -> Self {
        f32::from_bits(self.to_bits() ^ (u32::from(neg) << 31))
    }
    fn unit_tolerance() -> Self {
        16.0 * f32::EPSILON
    }
}
