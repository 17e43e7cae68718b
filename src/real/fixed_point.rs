//! `Real` for signed fixed point from the `fixed` crate, generic over the
//! fraction bits: `FixedI32<F>` (F <= 27, e.g. `I16F16`) and `FixedI64<F>`
//! (F <= 59, e.g. `I32F32`, `I48F16`): the oriented-box axis check computes values up to 8.
//!
//! All operations are integer operations, so results are bit-exact on every
//! target. Products are rounded down (floor of the double-width product),
//! `sqrt` is the integer square root rounded down, `quotient` truncates toward
//! zero and saturates when the quotient does not fit (or `den == 0`).
//! Inside a query's domain no sum or product overflows, so the operators'
//! debug-mode overflow checks never fire.

use super::Real;
use core::cmp::Ordering;
use fixed::types::extra::{IsLessOrEqual, LeEqU32, LeEqU64, True, U27, U59, Unsigned};
use fixed::{FixedI32, FixedI64};

/// `num / den` rounded to nearest, ties to even, for `den != 0`.
fn round_ratio(num: i128, den: i128) -> i128 {
    let (num, den) = if den < 0 { (-num, -den) } else { (num, den) };
    let q = num.div_euclid(den);
    let r2 = 2 * num.rem_euclid(den);
    if r2 > den || (r2 == den && q % 2 != 0) {
        q + 1
    } else {
        q
    }
}

/// `a · b` as a 256-bit unsigned value `(high, low)`: four 64 × 64-bit
/// products and their carries.
#[inline]
fn mul_u256(a: u128, b: u128) -> (u128, u128) {
    const LOW: u128 = (1 << 64) - 1;
    let (a1, a0, b1, b0) = (a >> 64, a & LOW, b >> 64, b & LOW);
    let (p00, p01, p10, p11) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
    // Each term below 2^64: the sum is below 2^66.
    let mid = (p00 >> 64) + (p01 & LOW) + (p10 & LOW);
    let low = (p00 & LOW) | (mid << 64);
    let high = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    (high, low)
}

/// The exact order of `a · b` and `c · d` (degree 4 in fixed-point bits):
/// by the signs, then the 256-bit magnitudes. No step can overflow.
fn cmp_products(a: i128, b: i128, c: i128, d: i128) -> Ordering {
    let sign = |x: i128, y: i128| x.signum() * y.signum();
    let (s, t) = (sign(a, b), sign(c, d));
    if s != t {
        return s.cmp(&t);
    }
    let ab = mul_u256(a.unsigned_abs(), b.unsigned_abs());
    let cd = mul_u256(c.unsigned_abs(), d.unsigned_abs());
    // Same sign: negative products order opposite to their magnitudes.
    if s < 0 { cd.cmp(&ab) } else { ab.cmp(&cd) }
}

/// `x · 2^shift` as a 256-bit value `(high, low)`, for `shift < 256` and
/// `x · 2^shift < 2^256`.
#[inline]
fn shl_u256(x: u128, shift: u32) -> (u128, u128) {
    match shift {
        0 => (0, x),
        1..128 => (x >> (128 - shift), x << shift),
        _ => (x << (shift - 128), 0),
    }
}

/// Whether `|a·b - c·d| > t · 2^shift`, exactly (256-bit magnitudes).
fn products_separated(a: i128, b: i128, c: i128, d: i128, t: u128, shift: u32) -> bool {
    let ab = mul_u256(a.unsigned_abs(), b.unsigned_abs());
    let cd = mul_u256(c.unsigned_abs(), d.unsigned_abs());
    let (ab_neg, cd_neg) = ((a < 0) != (b < 0), (c < 0) != (d < 0));
    // Each magnitude is below 2^254: their sum fits.
    let diff = if ab_neg != cd_neg {
        let (low, carry) = ab.1.overflowing_add(cd.1);
        (ab.0 + cd.0 + u128::from(carry), low)
    } else {
        let (big, small) = if ab >= cd { (ab, cd) } else { (cd, ab) };
        let (low, borrow) = big.1.overflowing_sub(small.1);
        (big.0 - small.0 - u128::from(borrow), low)
    };
    diff > shl_u256(t, shift)
}

/// Largest `e` with `2^(tl + degree*e) <= MAX` for a signed `nbits`-bit
/// number with `frac` fraction bits, i.e. `tl + degree*e <= nbits - 2 - frac`.
#[inline]
fn limit_exp(nbits: u32, frac: u32, degree: u32, terms_log2: u32) -> i32 {
    let room = nbits as i32 - 2 - frac as i32 - terms_log2 as i32;
    room.div_euclid(degree.max(1) as i32)
}

// One body for both widths; a generic impl over the two `fixed` types is not
// expressible without a macro because their bit types differ.
macro_rules! fixed_real {
    ($Fixed:ident, $Inner:ty, $Le:ident, $MaxFrac:ty, $bits:expr) => {
        impl<F> Real for $Fixed<F>
        where
            F: $Le + Unsigned + IsLessOrEqual<$MaxFrac, Output = True>,
        {
            const NAME: &'static str = <Self as FixedName>::NAME;
            type Kernel = crate::exact::Fixed;
            type Wide = i128;
            #[inline]
            fn wide(a: &Self, b: &Self) -> i128 {
                // |bits| <= 2^63 each: the product fits, exactly.
                i128::from(a.to_bits()) * i128::from(b.to_bits())
            }
            #[inline]
            fn cmp_wide_products(a: &i128, b: &i128, c: &i128, d: &i128) -> Ordering {
                cmp_products(*a, *b, *c, *d)
            }
            #[inline]
            fn lsb() -> Option<Self> {
                Some(Self::from_bits(1))
            }
            #[inline]
            fn to_dyadic(&self) -> Option<(bool, u64, i32)> {
                let bits = self.to_bits();
                Some((bits < 0, u64::from(bits.unsigned_abs()), -(F::U32 as i32)))
            }
            #[inline]
            fn wide_separated(a: &i128, b: &i128, err: &Self) -> bool {
                // `Wide` has 2F fraction bits; |err| < 2^63, F <= 59.
                let err = i128::from(err.to_bits()) << F::U32;
                a.checked_sub(*b)
                    .is_some_and(|d| d.unsigned_abs() > err.unsigned_abs())
            }
            #[inline]
            fn wide_products_separated(a: &i128, b: &i128, c: &i128, d: &i128, err: &Self) -> bool {
                // The products have 4F fraction bits.
                let t = err.to_bits().unsigned_abs().into();
                products_separated(*a, *b, *c, *d, t, 3 * F::U32)
            }
            #[inline]
            fn zero() -> Self {
                Self::ZERO
            }
            #[inline]
            fn one() -> Self {
                Self::from_bits(1 << F::U32)
            }
            fn from_f64(x: f64) -> Option<Self> {
                // Nearest, ties to even; None for NaN, infinities, out of range.
                Self::checked_from_num(x)
            }
            fn from_ratio(num: i64, den: i64) -> Option<Self> {
                if den == 0 {
                    return None;
                }
                let bits = round_ratio((num as i128) << F::U32, den as i128);
                <$Inner>::try_from(bits).ok().map(Self::from_bits)
            }
            #[inline]
            fn to_f64(&self) -> f64 {
                self.to_num::<f64>()
            }
            #[inline]
            fn sqrt(self) -> Self {
                self.checked_sqrt().unwrap_or(Self::ZERO)
            }
            #[inline]
            fn quotient(self, den: Self) -> Self {
                match self.checked_div(den) {
                    Some(q) => q,
                    None if (self < Self::ZERO) != (den < Self::ZERO) => Self::MIN,
                    None => Self::MAX,
                }
            }
            #[inline]
            fn is_finite(&self) -> bool {
                true
            }
            #[inline]
            fn magnitude_limit(degree: u32, terms_log2: u32) -> Option<Self> {
                let e = limit_exp($bits, F::U32, degree, terms_log2);
                let shift = F::U32 as i32 + e;
                // An empty domain (2^e below the LSB) is zero: only zero fits.
                Some(if shift < 0 {
                    Self::ZERO
                } else {
                    Self::from_bits(1 << shift)
                })
            }
            #[inline]
            fn all_within<const M: usize>(values: [&Self; M], limit: &Self) -> bool {
                // `limit` is a power of two: every |bits| is below it iff
                // their OR is.
                let bits = values
                    .iter()
                    .fold(0, |acc, v| acc | v.to_bits().unsigned_abs());
                bits < limit.to_bits().unsigned_abs()
            }
            fn unit_tolerance() -> Self {
                Self::from_bits(8)
            }
        }

        impl<F: $Le + Unsigned> FixedName for $Fixed<F> {
            const NAME: &'static str = fixed_name::<F>($bits);
        }
    };
}

/// `"I16F16"`-style names for the common fraction sizes.
trait FixedName {
    const NAME: &'static str;
}

const fn fixed_name<F: Unsigned>(bits: u32) -> &'static str {
    match (bits, F::U32) {
        (32, 16) => "I16F16",
        (32, 8) => "I24F8",
        (32, 24) => "I8F24",
        (64, 32) => "I32F32",
        (64, 16) => "I48F16",
        (64, 24) => "I40F24",
        (64, 48) => "I16F48",
        (32, _) => "FixedI32",
        _ => "FixedI64",
    }
}

fixed_real!(FixedI32, i32, LeEqU32, U27, 32);
fixed_real!(FixedI64, i64, LeEqU64, U59, 64);
