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
//! | `f32`, `f64` | the float kernel | filtered IEEE evaluation, exact integer fallback | correctly rounded |
//! | `FixedI32<F>` (`F <= 27`), `FixedI64<F>` (`F <= 59`) (`fixed`) | the fixed kernel | exact, in wide integers | correctly rounded |
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
//! # Conversions
//! Every backend converts from and to the primitive numbers through
//! `num-traits`' [`FromPrimitive`] and [`ToPrimitive`] (re-exported as
//! `swept::num_traits`), which `Real` requires: `T::from_i32(3)`,
//! `T::from_f64(0.25)` (`None` outside a fixed type's range or for a
//! non-finite `f64` there), `x.to_f64()` (`Some` on every built-in backend).
//! Each is the type's own conversion: floats round to nearest; `fixed`
//! rounds to nearest, ties to even, both ways. One generic function on
//! `f32`, `f64` and `I32F32`:
//!
//! ```
//! use swept::Real;
//! use swept::fixed::types::I32F32;
//! use swept::geom::{Circle, Segment2, Vec2};
//! use swept::query::sweep_circle_segment::sweep_circle_segment;
//! /// When a ball of radius 1/2 dropped from height 3 by 4 lands on the
//! /// floor y = 0, as an `f64` for printing.
//! fn landing<T: Real>() -> Option<f64> {
//!     let n = |x: f64| T::from_f64(x).expect("in range");
//!     let floor = Segment2::new(Vec2::new(n(-5.0), n(0.0)), Vec2::new(n(5.0), n(0.0)));
//!     let ball = Circle::new(Vec2::new(n(0.0), n(3.0)), n(0.5));
//!     let sweep = sweep_circle_segment(&ball, &Vec2::new(n(0.0), n(-4.0)), &floor).ok()?;
//!     sweep.hit()?.time.to_f64()
//! }
//! // The center meets y = 1/2 after 2.5 of the 4 units: t = 0.625.
//! assert_eq!(landing::<f32>(), Some(0.625));
//! assert_eq!(landing::<f64>(), Some(0.625));
//! assert_eq!(landing::<I32F32>(), Some(0.625));
//! ```
//!
//! # Determinism
//! Floats use only `+ - * /`, comparisons and `libm::sqrt`; never `mul_add`
//! or an intrinsic, so the same inputs give the same bits on every IEEE
//! target. Fixed point is integer arithmetic and bit-exact everywhere.

use core::fmt::Debug;
use core::ops::{Add, Mul, Neg, Sub};
use num_traits::{FromPrimitive, ToPrimitive};

#[cfg(feature = "fixed")]
mod fixed_point;
mod float;

pub use float::Float;

/// A number type a query can run on: a ring with comparisons, a square root
/// and a quotient, conversions from and to the primitive numbers
/// ([`FromPrimitive`], [`ToPrimitive`]: module doc, "Conversions"), and the
/// exact layer's kernel for it.
///
/// Write a routine once, generic over `Real`, and run it on any backend:
///
/// ```
/// use fixed::types::I32F32;
/// use swept::Real;
/// use swept::geom::{Circle, Segment2, Vec2};
/// use swept::query::sweep_circle_segment::sweep_circle_segment;
/// /// The fraction of the frame at which a falling ball lands, if it does.
/// fn lands<T: Real>(ball: &Circle<T>, fall: &Vec2<T>, floor: &Segment2<T>) -> Option<T> {
///     let s = sweep_circle_segment(ball, fall, floor).ok()?;
///     s.hit().map(|h| h.time.clone())
/// }
/// let floor = Segment2::new(Vec2::new(-4.0, 0.0), Vec2::new(4.0, 0.0));
/// let ball = Circle::new(Vec2::new(0.0, 2.0), 1.0);
/// assert_eq!(lands(&ball, &Vec2::new(0.0, -4.0), &floor), Some(0.25));
/// let q = |x: f64| I32F32::from_num(x);
/// let floor = Segment2::new(Vec2::new(q(-4.0), q(0.0)), Vec2::new(q(4.0), q(0.0)));
/// let ball = Circle::new(Vec2::new(q(0.0), q(2.0)), q(1.0));
/// assert_eq!(lands(&ball, &Vec2::new(q(0.0), q(-4.0)), &floor), Some(q(0.25)));
/// ```
pub trait Real:
    Clone
    + PartialEq
    + PartialOrd
    + Debug
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
    + FromPrimitive
    + ToPrimitive
{
    /// How this type decides exactly and rounds its constructions: the
    /// link to the exact layer ([`crate::exact`]).
    type Kernel: crate::exact::Kernel<Self>;

    /// Zero.
    ///
    /// ```
    /// use swept::Real;
    /// assert_eq!(<f32 as Real>::zero(), 0.0);
    /// ```
    fn zero() -> Self;

    /// One.
    ///
    /// ```
    /// use fixed::types::I48F16;
    /// use swept::Real;
    /// assert_eq!(<I48F16 as Real>::one(), I48F16::from_num(1));
    /// ```
    fn one() -> Self;

    /// Square root of a non-negative value (the [`Exactly`](crate::exact::Exactly)
    /// kernel's constructions; the built-in kernels round their own): for a
    /// negative value, NaN for floats, zero otherwise (never a panic).
    ///
    /// ```
    /// use fixed::types::I32F32;
    /// use swept::Real;
    /// assert_eq!(Real::sqrt(2.25f64), 1.5);
    /// assert!(Real::sqrt(-1.0f64).is_nan());
    /// assert_eq!(Real::sqrt(I32F32::from_num(-1)), I32F32::from_num(0));
    /// ```
    fn sqrt(self) -> Self;

    /// `self / den` (as [`Real::sqrt`]), never a panic: where the quotient
    /// is not representable (`den == 0`, or an overflow) floats give
    /// infinity or NaN and fixed point saturates to `MAX` or `MIN` (by the
    /// signs).
    ///
    /// ```
    /// use fixed::types::I16F16;
    /// use swept::Real;
    /// assert_eq!(3.0f32.quotient(4.0), 0.75);
    /// let q = |x: f64| I16F16::from_num(x);
    /// assert_eq!(q(3.0).quotient(q(4.0)), q(0.75));
    /// assert_eq!(q(3.0).quotient(q(0.0)), I16F16::MAX);
    /// assert_eq!(q(-300.0).quotient(q(0.001)), I16F16::MIN);
    /// ```
    fn quotient(self, den: Self) -> Self;

    /// False for NaN and infinities.
    ///
    /// ```
    /// use swept::Real;
    /// assert!(Real::is_finite(&1.0f64));
    /// assert!(!Real::is_finite(&f64::INFINITY));
    /// ```
    fn is_finite(&self) -> bool;

    /// `-self`, or the value nearest to it where it is not representable
    /// (fixed point: `-MIN` is `MAX`, one LSB off). Never a panic, unlike
    /// `-` on `MIN` in a debug build. The default, `-self`, is right for
    /// exact types.
    ///
    /// ```
    /// use fixed::types::I16F16;
    /// use swept::Real;
    /// assert_eq!(Real::saturating_neg(I16F16::MIN), I16F16::MAX);
    /// assert_eq!(Real::saturating_neg(2.0f32), -2.0);
    /// ```
    #[inline]
    fn saturating_neg(self) -> Self {
        -self
    }

    /// `(cos self, sin self)` of an angle in radians, for
    /// [`Obb2::try_from_angle`](crate::geom::Obb2::try_from_angle): floats
    /// by `libm`'s own routines (`cosf`, `sinf` for `f32`); every other
    /// backend through `f64`: `libm::cos` and `libm::sin` of the angle's
    /// nearest `f64`, each rounded once to the backend's nearest value
    /// ([`FromPrimitive::from_f64`]; fixed point: within half an LSB of
    /// `libm`'s value, itself within an `f64` ulp of the true one). The same
    /// bits on every target. `None` where a conversion fails (a NaN).
    ///
    /// ```
    /// use swept::Real;
    /// use swept::fixed::types::I32F32;
    /// let q = I32F32::from_num(0.5);
    /// let (c, s) = q.cos_sin().unwrap();
    /// assert_eq!((c, s), (I32F32::from_num(0.5f64.cos()), I32F32::from_num(0.5f64.sin())));
    /// assert_eq!(0.0f32.cos_sin(), Some((1.0, 0.0)));
    /// ```
    #[inline]
    fn cos_sin(&self) -> Option<(Self, Self)> {
        let a = self.to_f64()?;
        Some((Self::from_f64(libm::cos(a))?, Self::from_f64(libm::sin(a))?))
    }
}

/// A backend whose zero is a constant: every built-in one (`f32`, `f64`,
/// the `fixed` types), not arbitrary-precision rationals. It gives the
/// vectors their `ZERO`.
///
/// ```
/// use swept::geom::Vec2;
/// use swept::real::ConstZero;
/// assert_eq!(<f64 as ConstZero>::ZERO, 0.0);
/// assert_eq!(Vec2::<f64>::ZERO, Vec2::new(0.0, 0.0));
/// ```
pub trait ConstZero {
    /// Zero.
    const ZERO: Self;
}
