//! The link between a number type and the exact layer ([`Kernel`]), and its
//! three implementations: exact types ([`Exactly`]), IEEE floats (a filter
//! and an exact fallback) and fixed point (exact integers, after the
//! floats' filter where `f64` is hardware).

use super::align::Plan;
use super::align::{Dyadic, plan, plan_into};
use super::aligned;
use super::approx;
use super::bound;
use super::double::{self, Approx, Double};
use super::expansion;
use super::filter::{Filtered, Ieee};
#[cfg(test)]
use super::int::Int;
#[cfg(feature = "fixed")]
use super::narrow;
use super::nearest;
#[cfg(feature = "fixed")]
use super::residue;
use super::widened::{self, Widened};
use super::{
    COEFFICIENT_BITS, Construction, Dim, FALLBACK_BITS, Finish, Part, Procedure, Refused, Ring,
    Signs, Surd,
};
use crate::Real;
use core::cmp::Ordering;
use core::marker::PhantomData;
use core::ops::{Add, Mul, Neg, Sub};

mod sealed {
    pub trait Sealed {}
}

/// How a number type decides exactly and rounds its constructions: the
/// associated type [`Real::Kernel`]. Sealed: `f32`, `f64` and the `fixed`
/// types have their own; a type outside the crate uses [`Exactly`].
pub trait Kernel<T>: sealed::Sealed {
    /// Runs `p` on `x` with every sign exact.
    fn decide<P: Procedure<N>, const N: usize>(p: &P, x: &[T; N]) -> Result<P::Out, Refused>;
    /// Builds `c` on `x`, rounded as the type rounds.
    fn construct<C: Construction<N, M>, const N: usize, const M: usize>(
        c: &C,
        x: &[T; N],
    ) -> Result<[T; M], Refused>;
    /// Whether `a - b > c`, certainly: true only where it holds exactly,
    /// false where it does not or where this one cheap, branch-free test
    /// cannot tell (a NaN or an infinity among the inputs: false, or
    /// anything). A sweep's early exit, taken before any procedure runs.
    fn exceeds(a: &T, b: &T, c: &T) -> bool;
    /// Whether `a - b > c + d`, certainly, as [`Kernel::exceeds`].
    fn exceeds_sum(a: &T, b: &T, c: &T, d: &T) -> bool;
}

/// The kernel of a type whose `+`, `-`, `*` and comparisons are exact (an
/// arbitrary-precision rational, a big integer): procedures run on its
/// values, constructions use its `sqrt` and `quotient`. The only kernel a
/// type outside this crate can choose, and only correct for such a type:
/// a type that rounds (a float wrapper) would decide as it rounds.
#[derive(Clone, Copy, Debug)]
pub struct Exactly;

/// The kernel of `f32` and `f64`.
#[derive(Clone, Copy, Debug)]
pub struct Float;

/// The kernel of fixed point.
#[cfg(feature = "fixed")]
#[derive(Clone, Copy, Debug)]
pub struct Fixed;

impl sealed::Sealed for Exactly {}
impl sealed::Sealed for Float {}
#[cfg(feature = "fixed")]
impl sealed::Sealed for Fixed {}

// ---------------------------------------------------------------------------
// Exact types.

/// A value of an exact type, as a [`Ring`].
#[derive(Clone, Debug)]
pub struct Plain<T>(T);

impl<T: Real> Add for Plain<T> {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        Plain(self.0 + o.0)
    }
}
impl<T: Real> Sub for Plain<T> {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        Plain(self.0 - o.0)
    }
}
impl<T: Real> Mul for Plain<T> {
    type Output = Self;
    fn mul(self, o: Self) -> Self {
        Plain(self.0 * o.0)
    }
}
impl<T: Real> Neg for Plain<T> {
    type Output = Self;
    fn neg(self) -> Self {
        Plain(-self.0)
    }
}
impl<T: Real> Ring for Plain<T> {
    fn zero() -> Self {
        Plain(T::zero())
    }
    fn one() -> Self {
        Plain(T::one())
    }
    fn sign(&self) -> (Ordering, bool) {
        let s = self.0.partial_cmp(&T::zero()).unwrap_or(Ordering::Equal);
        (s, true)
    }
    fn positive_part(self) -> Self {
        if self.0 > T::zero() {
            self
        } else {
            Plain(T::zero())
        }
    }
    fn abs(self) -> Self {
        if self.0 < T::zero() { -self } else { self }
    }
}

impl<T: Real> Kernel<T> for Exactly {
    fn decide<P: Procedure<N>, const N: usize>(p: &P, x: &[T; N]) -> Result<P::Out, Refused> {
        if let Some(i) = x.iter().position(|v| !v.is_finite()) {
            return Err(Refused::NotFinite(i));
        }
        let x = x.clone().map(Plain);
        Ok(p.run(&x, &mut Signs::new()))
    }

    fn construct<C: Construction<N, M>, const N: usize, const M: usize>(
        c: &C,
        x: &[T; N],
    ) -> Result<[T; M], Refused> {
        let x = x.clone().map(Plain);
        Ok(c.build(&x, Quotients))
    }

    #[inline]
    fn exceeds(a: &T, b: &T, c: &T) -> bool {
        a.clone() - b.clone() > *c
    }

    #[inline]
    fn exceeds_sum(a: &T, b: &T, c: &T, d: &T) -> bool {
        a.clone() - b.clone() > c.clone() + d.clone()
    }
}

/// [`Exactly`]'s rounding: none, the type's own `sqrt` and `quotient`.
struct Quotients;

impl<T: Real, const M: usize> Finish<Plain<T>, M> for Quotients {
    type Out = [T; M];
    fn finish(self, radicand: &Plain<T>, parts: &[Part<Plain<T>>; M]) -> [T; M] {
        let root = radicand.0.clone().sqrt();
        let surd = |p: &Surd<Plain<T>>| {
            let n = p.a.0.clone() + p.b.0.clone() * root.clone();
            let d = p.d.0.clone() + p.e.0.clone() * root.clone();
            n.quotient(d)
        };
        let base = Part::base(parts).map_or_else(T::zero, surd);
        parts.each_ref().map(|p| match p {
            Part::Surd(s) => surd(s),
            Part::Along(p, q, m) => {
                (p.0.clone() + q.0.clone() * base.clone()).quotient(m.0.clone())
            }
        })
    }
    fn zero(self) -> [T; M] {
        core::array::from_fn(|_| T::zero())
    }
}

// ---------------------------------------------------------------------------
// Integers.

#[cfg(test)]
impl<const K: usize> Ring for Int<K> {
    #[inline]
    fn zero() -> Self {
        Int::ZERO
    }
    #[inline]
    fn one() -> Self {
        Int::from_i64(1)
    }
    #[inline]
    fn small(n: u32) -> Self {
        Int::from_i64(i64::from(n))
    }
    #[inline]
    fn sign(&self) -> (Ordering, bool) {
        (self.signum(), true)
    }
    #[inline]
    fn positive_part(self) -> Self {
        if self.signum() == Ordering::Greater {
            self
        } else {
            Int::ZERO
        }
    }
    #[inline]
    fn abs(self) -> Self {
        if self.signum() == Ordering::Less {
            -self
        } else {
            self
        }
    }
}

/// Bits a procedure of degree `degree` needs on inputs of `bits` bits.
#[inline]
pub(super) const fn decision_bits(degree: u32, bits: u32) -> u32 {
    degree.saturating_mul(bits).saturating_add(COEFFICIENT_BITS)
}

/// Bits a construction of degree `degree` needs on inputs of `bits` bits:
/// its parts, and the conjugate `x² - y²c` of two of them.
#[inline]
const fn construction_bits(degree: u32, bits: u32) -> u32 {
    decision_bits(degree, bits)
        .saturating_mul(2)
        .saturating_add(8)
}

// ---------------------------------------------------------------------------
// Floats.

mod float_kernel;

// ---------------------------------------------------------------------------
// Fixed point.

#[cfg(feature = "fixed")]
mod fixed_kernel;
