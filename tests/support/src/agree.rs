//! The one rule by which a float or fixed result is checked against the
//! exact one.
//!
//! # The rule
//! The backend's input is first converted *exactly* to rationals, and the
//! exact backend runs on that same input: what is measured is the arithmetic
//! of the kernel, not the rounding of the input.
//!
//! * **Kinds** (which enum variant, which error) must agree: every backend
//!   decides every predicate exactly.
//! * **Values** (a time, a point, a squared distance) must be the exact
//!   value rounded once ([`rounded_once`]): floats to nearest, fixed point
//!   within 1 LSB, as `swept` documents its constructions.
//! * A backend may refuse an input as out of its domain; that is counted, not
//!   failed, and each test states how many it tolerates.

use crate::exact::Exact;
use fixed::types::extra::{IsLessOrEqual, LeEqU32, LeEqU64, True, U27, U59, Unsigned};
use fixed::{FixedI32, FixedI64};
use rug::{Integer, Rational};
use swept::Error;
use swept::Real;

/// A backend under test.
pub trait Backend: Real {
    /// Short name in reports (`"f32"`, `"I16F16"`, `"exact"`, ...).
    const NAME: &'static str;
    /// Relative rounding unit of `+ - *` (unit roundoff); 0 if exact or fixed.
    const REL: f64;
    /// Absolute rounding unit of a product: one LSB for fixed point, the
    /// smallest subnormal (the error of an underflowing product) for floats.
    const ABS: f64;
    /// The exact value of `self`.
    fn to_exact(&self) -> Exact;
    /// The nearest value to `x` (ties to even); `None` outside the
    /// representable range.
    fn from_exact(x: &Exact) -> Option<Self>;
    /// The nearest `f64` (NaN and infinities pass through).
    fn nearest_f64(&self) -> f64;
    /// The value whose raw bits are the low bits of `bits` (floats:
    /// `from_bits`, NaN and infinities included; fixed point: two's
    /// complement; exact: the signed integer), for fuzzing bit patterns.
    fn from_raw(bits: u64) -> Self;
    /// A decimal that reads back as `self`: the shortest for floats, the
    /// exact one for fixed point, `p/q` for exact.
    fn decimal(&self) -> String;
    /// The nearest value to `num / den`; `None` for `den = 0` or outside
    /// the range.
    fn from_ratio(num: i64, den: i64) -> Option<Self> {
        (den != 0)
            .then(|| Exact::ratio(num, den))
            .and_then(|x| Self::from_exact(&x))
    }
    /// The nearest value to `x`; `None` for NaN, infinities or outside the
    /// range.
    fn nearest_from_f64(x: f64) -> Option<Self> {
        Exact::from_f64_exact(x).and_then(|x| Self::from_exact(&x))
    }
}

impl Backend for f64 {
    const NAME: &'static str = "f64";
    fn nearest_f64(&self) -> f64 {
        *self
    }
    fn from_raw(bits: u64) -> Self {
        f64::from_bits(bits)
    }
    fn decimal(&self) -> String {
        format!("{self}")
    }
    const REL: f64 = f64::EPSILON / 2.0;
    const ABS: f64 = f64::from_bits(1); // 2^-1074
    fn to_exact(&self) -> Exact {
        Exact::from_f64_exact(*self).expect("finite")
    }
    fn from_exact(x: &Exact) -> Option<Self> {
        Some(x.nearest_f64()).filter(|v| v.is_finite())
    }
}

impl Backend for f32 {
    const NAME: &'static str = "f32";
    fn nearest_f64(&self) -> f64 {
        f64::from(*self)
    }
    fn from_raw(bits: u64) -> Self {
        f32::from_bits(bits as u32)
    }
    fn decimal(&self) -> String {
        format!("{self}")
    }
    const REL: f64 = f32::EPSILON as f64 / 2.0;
    const ABS: f64 = f32::from_bits(1) as f64; // 2^-149
    fn to_exact(&self) -> Exact {
        Exact::from_f64_exact(*self as f64).expect("finite")
    }
    fn from_exact(x: &Exact) -> Option<Self> {
        Some(x.nearest_f32()).filter(|v| v.is_finite())
    }
}

macro_rules! fixed_backend {
    ($Fixed:ident, $Inner:ty, $Le:ident, $Max:ty) => {
        impl<F> Backend for $Fixed<F>
        where
            F: $Le + Unsigned + IsLessOrEqual<$Max, Output = True>,
        {
            const NAME: &'static str = fixed_name(<$Inner>::BITS, F::U32);
            const REL: f64 = 0.0;
            const ABS: f64 = 1.0 / (1u64 << F::U32) as f64;
            fn nearest_f64(&self) -> f64 {
                self.to_num::<f64>()
            }
            fn from_raw(bits: u64) -> Self {
                Self::from_bits(bits as $Inner)
            }
            fn decimal(&self) -> String {
                fixed_decimal(self.to_bits().into(), F::U32)
            }
            fn to_exact(&self) -> Exact {
                Exact(Rational::from((
                    Integer::from(self.to_bits()),
                    Integer::from(1) << F::U32,
                )))
            }
            fn from_exact(x: &Exact) -> Option<Self> {
                x.nearest_fixed_bits(F::U32)
                    .to_i128()
                    .and_then(|b| <$Inner>::try_from(b).ok())
                    .map(Self::from_bits)
            }
        }
    };
}
fixed_backend!(FixedI32, i32, LeEqU32, U27);
fixed_backend!(FixedI64, i64, LeEqU64, U59);

/// The exact decimal of `bits / 2^frac`.
fn fixed_decimal(bits: i128, frac: u32) -> String {
    let mag = bits.unsigned_abs();
    let int = mag >> frac;
    let rem = mag & ((1u128 << frac) - 1);
    let sign = if bits < 0 { "-" } else { "" };
    if rem == 0 {
        return format!("{sign}{int}");
    }
    // rem / 2^frac = rem * 5^frac / 10^frac, with rem * 5^frac < 10^frac.
    let digits = (Integer::from(rem) * Integer::from(Integer::u_pow_u(5, frac))).to_string();
    let digits = format!("{digits:0>width$}", width = frac as usize);
    format!("{sign}{int}.{}", digits.trim_end_matches('0'))
}

/// `"I16F16"`-style names for the common fraction sizes.
const fn fixed_name(bits: u32, frac: u32) -> &'static str {
    match (bits, frac) {
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

impl Backend for Exact {
    const NAME: &'static str = "exact";
    fn nearest_f64(&self) -> f64 {
        self.nearest_f64()
    }
    fn from_raw(bits: u64) -> Self {
        Exact(Rational::from(bits as i64))
    }
    fn decimal(&self) -> String {
        format!("{}", self.0)
    }
    const REL: f64 = 0.0;
    const ABS: f64 = 0.0;
    fn to_exact(&self) -> Exact {
        self.clone()
    }
    fn from_exact(x: &Exact) -> Option<Self> {
        Some(x.clone())
    }
}

/// Whether `got` is `exact` rounded once, as `swept` documents it
/// (`swept::exact`): floats to nearest, no farther than the nearest value
/// plus `2^-120 |exact|` (either side of a value within `2^-122` relative
/// of a midpoint, which the exact route resolves by its 127-bit
/// approximation); fixed point within 1 LSB; the exact backend equal.
pub fn rounded_once<T: Backend>(got: &T, exact: &Exact) -> bool {
    let err = |v: &T| Exact((v.to_exact() - exact.clone()).0.abs());
    if T::REL == 0.0 {
        let lsb = Exact::from_f64_exact(T::ABS).expect("finite");
        return err(got) <= lsb;
    }
    let slack = Exact(exact.0.clone().abs() >> 120u32);
    T::from_exact(exact).is_some_and(|nearest| err(got) <= err(&nearest) + slack)
}

/// Whether an error is a backend's refusal (a result outside its range,
/// or inputs too spread for its exact fallback), which the harness counts
/// rather than fails.
pub fn refusal(e: &Error) -> bool {
    matches!(e, Error::OutOfRange { .. } | Error::Spread)
}

/// Compares two results of a query by the rule of the module doc: a
/// backend's refusal is counted; the same error on both sides agrees (bad
/// input is refused on every backend, the exact one included); two answers
/// go to `same`, which says whether they are of one kind with every value
/// rounded once (`Some(true)`), of one kind (`Some(false)`) or not (`None`).
pub fn compare_results<A, B>(
    exact: &Result<A, Error>,
    got: &Result<B, Error>,
    same: impl FnOnce(&A, &B) -> Option<bool>,
) -> Result<Verdict, String> {
    match (exact, got) {
        (_, Err(e)) if refusal(e) => Ok(Verdict::OutOfDomain),
        (Err(a), Err(b)) if a == b => Ok(Verdict::Agree),
        (Ok(a), Ok(b)) => match same(a, b) {
            Some(true) => Ok(Verdict::Agree),
            Some(false) => Err("a value is not the exact one rounded once".into()),
            None => Err("kinds differ".into()),
        },
        _ => Err("kinds differ".into()),
    }
}

/// The outcome of one comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Same kind, values rounded once from the exact ones.
    Agree,
    /// The backend refused the input as outside its domain.
    OutOfDomain,
}

/// A query as the harness sees it: inputs and outputs generic over the
/// backend, and how to compare two outputs.
pub trait Query {
    /// The input on backend `T`.
    type Input<T: Backend>: Clone + core::fmt::Debug;
    /// The output on backend `T`.
    type Output<T: Backend>: core::fmt::Debug;
    /// Converts every number of an input.
    fn try_map<T: Backend, U: Backend>(
        input: &Self::Input<T>,
        f: &mut dyn FnMut(&T) -> Option<U>,
    ) -> Option<Self::Input<U>>;
    /// Runs the query.
    fn run<T: Backend>(input: &Self::Input<T>) -> Self::Output<T>;
    /// Runs the query's batch (`swept::query::batch`) on `inputs`.
    fn run_batch<T: Backend>(inputs: &[Self::Input<T>]) -> Vec<Self::Output<T>>;
    /// Compares the backend's output with the exact one on the same (exact)
    /// input, by the rule of the module doc.
    fn compare<T: Backend>(
        exact: &Self::Output<Exact>,
        got: &Self::Output<T>,
    ) -> Result<Verdict, String>;
}

/// Counts of [`check`] outcomes for one backend.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Inputs checked.
    pub cases: u64,
    /// Kinds and values agreed.
    pub agree: u64,
    /// Refused as out of domain.
    pub out_of_domain: u64,
    /// Not representable on the backend at all (skipped).
    pub unrepresentable: u64,
}

/// Runs `Q` on backend `T` at the nearest input to `input`, and on the exact
/// backend at the same (converted) input, and applies the rule.
/// `Err` carries a description of the disagreement.
pub fn check<Q: Query, T: Backend>(
    input: &Q::Input<Exact>,
    tally: &mut Tally,
) -> Result<(), String> {
    tally.cases += 1;
    let Some(x) = Q::try_map(input, &mut |v: &Exact| T::from_exact(v)) else {
        tally.unrepresentable += 1;
        return Ok(());
    };
    let xe = Q::try_map(&x, &mut |v: &T| Some(v.to_exact())).expect("exact conversion");
    let got = Q::run(&x);
    let want = Q::run(&xe);
    match Q::compare::<T>(&want, &got) {
        Ok(Verdict::Agree) => tally.agree += 1,
        Ok(Verdict::OutOfDomain) => tally.out_of_domain += 1,
        Err(e) => {
            return Err(format!(
                "{}: {e}\n  input  {x:?}\n  exact  {want:?}\n  got    {got:?}",
                T::NAME
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 1/3 rounded to nearest passes; one ulp (float) or two LSBs (fixed
    /// point) off does not; nor does 1 on the exact backend.
    #[test]
    fn rounded_once_is_the_documented_bound() {
        let third = Exact::ratio(1, 3);
        let near = 1.0f64 / 3.0;
        assert!(rounded_once(&near, &third));
        assert!(!rounded_once(&f64::from_bits(near.to_bits() + 1), &third));
        let near = 1.0f32 / 3.0;
        assert!(rounded_once(&near, &third));
        assert!(!rounded_once(&f32::from_bits(near.to_bits() + 1), &third));
        let near = crate::I16F16::from_bits(21845); // 1/3 · 2^16 = 21845.33
        assert!(rounded_once(&near, &third));
        assert!(rounded_once(&crate::I16F16::from_bits(21846), &third));
        assert!(!rounded_once(&crate::I16F16::from_bits(21847), &third));
        assert!(rounded_once(&third, &third));
        assert!(!rounded_once(&Exact::ratio(1, 1), &third));
    }
}
