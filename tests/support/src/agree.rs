//! The one rule by which a float or fixed result is checked against the
//! exact one.
//!
//! # The tolerance rule
//! The backend's input is first converted *exactly* to rationals, and the
//! exact backend runs on that same input: what is measured is the arithmetic
//! of the kernel, not the rounding of the input.
//!
//! A decision is the sign of a polynomial `P` of degree `d` in inputs of
//! magnitude at most `s` (taken as at least 1). With `u` the backend's
//! relative rounding unit ([`Backend::REL`], 0 for fixed point) and `lsb` its
//! absolute one ([`Backend::ABS`]: one LSB for fixed point; the smallest
//! subnormal for floats, since a product that underflows has an absolute,
//! not a relative, error), its band is
//!
//! ```text
//! band(s, d) = 32 d (u s^d + lsb s^(d-1))
//! ```
//!
//! * **Kinds** (which enum variant) must agree unless `|P(exact input)| <= band`.
//! * **Values** (a time, a point, a squared distance) must lie within the
//!   tolerance the query states in terms of [`band`] (for a value that is
//!   itself a degree-`d` polynomial: `band(s, d)`).
//! * A backend may refuse an input as out of its domain; that is counted, not
//!   failed, and each test states how many it tolerates.

use crate::exact::Exact;
use fixed::types::extra::{IsLessOrEqual, LeEqU32, LeEqU64, True, U27, U59, Unsigned};
use fixed::{FixedI32, FixedI64};
use rug::{Integer, Rational};
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
    fn to_f64(&self) -> f64;
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
    fn from_f64(x: f64) -> Option<Self> {
        Exact::from_f64_exact(x).and_then(|x| Self::from_exact(&x))
    }
}

impl Backend for f64 {
    const NAME: &'static str = "f64";
    fn to_f64(&self) -> f64 {
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
    fn to_f64(&self) -> f64 {
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
            fn to_f64(&self) -> f64 {
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
    fn to_f64(&self) -> f64 {
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

/// The band of the tolerance rule (see the module doc).
pub fn band<T: Backend>(scale: f64, degree: u32) -> f64 {
    let s = scale.abs().max(1.0);
    let d = degree.max(1) as i32;
    // Each term is skipped when its unit is 0, so that `0 * inf` (a scale
    // whose power overflows) cannot make the band NaN.
    let term = |unit: f64, p: i32| if unit == 0.0 { 0.0 } else { unit * s.powi(p) };
    32.0 * d as f64 * (term(T::REL, d) + term(T::ABS, d - 1))
}

/// How close an exact input is to the decision boundaries: the values of the
/// deciding polynomials with their degrees, and the inputs' magnitude.
#[derive(Clone, Debug)]
pub struct Margin {
    /// `(P(input), degree of P)` for each predicate the kernel may evaluate.
    pub values: Vec<(Exact, u32)>,
    /// Largest input magnitude that enters the predicates.
    pub scale: f64,
}

impl Margin {
    /// One predicate.
    pub fn one(value: Exact, scale: f64, degree: u32) -> Margin {
        Margin {
            values: vec![(value, degree)],
            scale,
        }
    }

    /// True if some predicate lies within its band for backend `T`.
    pub fn near<T: Backend>(&self) -> bool {
        self.values
            .iter()
            .any(|(v, d)| Rational::from(v.0.abs_ref()).to_f64() <= band::<T>(self.scale, *d))
    }
}

/// The outcome of one comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Same kind, values within tolerance.
    Agree,
    /// Kinds differ, allowed because the exact input is within the band.
    InBand,
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
    /// The margin of an exact input.
    fn margin(input: &Self::Input<Exact>) -> Margin;
    /// Compares the backend's output with the exact one on the same (exact)
    /// input. `near` says the input lies within the band of a decision
    /// boundary; `margin` is what [`Query::margin`] returned.
    fn compare<T: Backend>(
        input: &Self::Input<Exact>,
        exact: &Self::Output<Exact>,
        got: &Self::Output<T>,
        near: bool,
        margin: &Margin,
    ) -> Result<Verdict, String>;
}

/// Counts of [`check`] outcomes for one backend.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Inputs checked.
    pub cases: u64,
    /// Kinds and values agreed.
    pub agree: u64,
    /// Kinds differed within the band.
    pub in_band: u64,
    /// Inputs within the band of some decision (whatever the outcome): how
    /// often the mix reaches decision boundaries.
    pub near: u64,
    /// Refused as out of domain.
    pub out_of_domain: u64,
    /// Not representable on the backend at all (skipped).
    pub unrepresentable: u64,
}

/// Runs `Q` on backend `T` at the nearest input to `input`, and on the exact
/// backend at the same (converted) input, and applies the tolerance rule.
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
    let m = Q::margin(&xe);
    let near = m.near::<T>();
    tally.near += u64::from(near);
    match Q::compare::<T>(&xe, &want, &got, near, &m) {
        Ok(Verdict::Agree) => tally.agree += 1,
        Ok(Verdict::InBand) => tally.in_band += 1,
        Ok(Verdict::OutOfDomain) => tally.out_of_domain += 1,
        Err(e) => {
            return Err(format!(
                "{}: {e}\n  input  {x:?}\n  exact  {want:?}\n  got    {got:?}\n  margin {m:?}",
                T::NAME
            ));
        }
    }
    Ok(())
}
