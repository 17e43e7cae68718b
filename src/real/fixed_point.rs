//! `Real` for signed fixed point from the `fixed` crate, generic over the
//! fraction bits: `FixedI32<F>` (F <= 27, e.g. `I16F16`) and `FixedI64<F>`
//! (F <= 59, e.g. `I32F32`, `I48F16`). Decisions and constructions run on
//! the raw integers in the exact layer; the operators here are `fixed`'s
//! own, and `sqrt` and `quotient` never panic.

use super::{ConstZero, Real};
use fixed::types::extra::{IsLessOrEqual, LeEqU32, LeEqU64, True, U27, U59, Unsigned};
use fixed::{FixedI32, FixedI64};

// One body for both widths: their bit types differ.
macro_rules! fixed_real {
    ($Fixed:ident, $Le:ident, $MaxFrac:ty) => {
        impl<F> ConstZero for $Fixed<F> {
            const ZERO: Self = Self::ZERO;
        }

        impl<F> Real for $Fixed<F>
        where
            F: $Le + Unsigned + IsLessOrEqual<$MaxFrac, Output = True>,
        {
            type Kernel = crate::exact::Fixed;
            #[inline]
            fn zero() -> Self {
                Self::ZERO
            }
            #[inline]
            fn one() -> Self {
                Self::from_bits(1 << F::U32)
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
            fn saturating_neg(self) -> Self {
                <$Fixed<F>>::saturating_neg(self)
            }
        }
    };
}

fixed_real!(FixedI32, LeEqU32, U27);
fixed_real!(FixedI64, LeEqU64, U59);
