//! The one numeric trait every query is generic over.
//!
//! A query is a fixed sequence of decisions (signs of polynomials in its
//! inputs) followed by the construction of its values. `Real` asks for the
//! ring operations and comparisons a query writes, a square root and a
//! quotient for exact types' constructions, and the link to the exact layer
//! ([`Real::Kernel`]), which decides every sign exactly and rounds every
//! value once, whatever the number type:
//!
//! | backend | kernel | decisions | values |
//! |---|---|---|---|
//! | `f32`, `f64` | `Float` | filtered IEEE evaluation, exact integer fallback | correctly rounded |
//! | `FixedI32<F>`, `FixedI64<F>` (`fixed`) | `Fixed` | exact, in wide integers | within 1 LSB |
//! | a type whose `+ - *` are exact (arbitrary-precision rationals) | [`Exactly`](crate::exact::Exactly) | on its values | its own `sqrt` and `quotient` |
//!
//! # Implementing `Real` for your own type
//! [`Kernel`](crate::exact::Kernel) is sealed: `f32`, `f64` and the `fixed`
//! types have their own kernels, and a type outside this crate can only
//! choose [`Exactly`](crate::exact::Exactly), which decides with the type's
//! own arithmetic. That is exact only for a type whose `+`, `-`, `*` and
//! comparisons are exact (a big rational, a big integer); a type that rounds
//! (a float wrapper, a decimal) must not implement `Real`: wrap the values
//! as `f32`, `f64` or a `fixed` type instead, or convert them to rationals.
//!
//! The trait does not require `Copy` (arbitrary-precision rationals are
//! not), and its constants are functions (a big number cannot be an
//! associated const). For `Copy` types `clone` is a copy.
//!
//! # Determinism
//! Floats use only `+ - * /`, comparisons and `libm::sqrt`; never `mul_add`
//! or an intrinsic, so the same inputs give the same bits on every IEEE
//! target. Fixed point is integer arithmetic and bit-exact everywhere.

use core::fmt::Debug;
use core::ops::{Add, Mul, Neg, Sub};

#[cfg(feature = "fixed")]
mod fixed_point;
mod float;

pub use float::Float;

/// A number type a query can run on: a ring with comparisons, a square root
/// and a quotient, and the exact layer's kernel for it.
pub trait Real:
    Clone
    + PartialEq
    + PartialOrd
    + Debug
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
{
    /// How this type decides exactly and rounds its constructions: the
    /// link to the exact layer ([`crate::exact`]).
    type Kernel: crate::exact::Kernel<Self>;

    /// Zero.
    fn zero() -> Self;

    /// One.
    fn one() -> Self;

    /// Square root of a non-negative value (the [`Exactly`](crate::exact::Exactly)
    /// kernel's constructions; the built-in kernels round their own): for a
    /// negative value, NaN for floats, zero otherwise (never a panic).
    fn sqrt(self) -> Self;

    /// `self / den` (as [`Real::sqrt`]); for `den == 0` the result is
    /// unspecified (infinity or NaN for floats, zero otherwise) but never a
    /// panic.
    fn quotient(self, den: Self) -> Self;

    /// False for NaN and infinities.
    fn is_finite(&self) -> bool;

    /// `-self`, or the value nearest to it where it is not representable
    /// (fixed point: `-MIN` is `MAX`, one LSB off). Never a panic, unlike
    /// `-` on `MIN` in a debug build. The default, `-self`, is right for
    /// exact types.
    #[inline]
    fn saturating_neg(self) -> Self {
        -self
    }
}

/// A backend whose zero is a constant: every built-in one (`f32`, `f64`,
/// the `fixed` types), not arbitrary-precision rationals. It gives the
/// vectors their `ZERO`.
pub trait ConstZero {
    /// Zero.
    const ZERO: Self;
}
