//! One `f64` with a running error bound: how an `f32` construction is
//! rounded correctly where `f64` is hardware, in one wider operation per
//! step where double-word `f32` takes a dozen ([`super::double`]).
//!
//! A value is `w` with a bound `e` on its distance to the exact value `P`
//! it stands for, `|w - P| <= e`, to first order in `u = 2^-53`:
//! * An input (an `f32`, exact in `f64`): `e = 0`; the product of two
//!   inputs is exact too (48 significant bits, exponents well within
//!   `f64`'s range), `e = 0`.
//! * `a ± b`: `w = fl(w_a ± w_b)`, `e = e_a + e_b + u |w|` (a sum that
//!   underflows is exact).
//! * `a · b`: `e = |w_a| e_b + |w_b| e_a + e_a e_b + u |w| + 8η`, `η` half
//!   the smallest subnormal (the result and the bound's three products may
//!   each underflow, each off by at most `η`).
//! * `√c` (`w_c > 0`): `s = fl(√w_c)`, `e = e_c / s + u s` (as
//!   `|√C - √c| <= |C - c| / √c`).
//! * `n / d`: `q = fl(w_n / w_d)`, `e = (e_n + |q| e_d) / g + u |q| + 8η`
//!   with `g = |w_d| (1 - 2u) - e_d`, a lower bound on `|D|` (refused unless
//!   `g > 0`), as `N/D - n/d = ((N - n) - (n/d)(D - d)) / D`. Where `e_d`
//!   is near `|w_d|` that bound rests on the first-order reading, but such
//!   a quotient's bound is far too wide for any rounding to pass.
//!
//! The bounds are computed in `f64`, rounded to nearest, from magnitudes
//! `(1 + u)`-close to the exact ones; those roundings and the dropped
//! higher-order terms stay below a factor `1 + 2^-12` over fewer than
//! `2^10` operations, which doubling the final bound covers. Overflow
//! gives an infinity or NaN, which no certificate passes.
//!
//! The result is the nearest `f32` `z` of `w` where the whole interval `w
//! ± 2e` lies strictly within half the smaller gap around `z`: then `z` is
//! the exact value correctly rounded. `|w - z|` is exact in `f64` (for `z
//! != 0` the two are within a factor of two). Elsewhere (near a tie, beyond
//! `f32`'s range, rounding to zero) the caller takes the exact integers.
//! Infinite inputs never come here (`Float::construct`).

use super::double::{Approx, big};
use super::filter::Ieee;
use super::{Ring, approx};
use core::cmp::Ordering;
use core::ops::{Add, Mul, Neg, Sub};

/// Whether `f32` constructions are built in `f64`: where `f64` is
/// hardware. Elsewhere (a microcontroller, where it is emulated and its
/// code would be linked) double-word `f32` builds them. A value either
/// route certifies is the same correctly rounded one, and so is the exact
/// route's; inputs spread too far apart for the exact route are refused
/// ([`Refused::Spread`](super::Refused)) before either runs, so that every
/// target answers alike (the floats' kernel, `held`).
pub(super) const NARROW_IN_F64: bool = cfg!(any(
    all(target_arch = "x86_64", target_feature = "sse2"),
    all(target_arch = "aarch64", target_feature = "neon")
));

/// `u`, the unit roundoff of `f64`.
const U: f64 = f64::EPSILON / 2.0;
/// `8η` (`4` times the smallest subnormal): what a product or quotient adds
/// for its underflows, of the result and of its bound's terms (each off by
/// at most `η`).
const TINY: f64 = f64::from_bits(4);

/// An `f64` value with its error bound (module doc).
#[derive(Clone, Copy, Debug)]
pub struct Widened {
    w: f64,
    e: f64,
    /// An input or a constant: products of two are exact, and the steps
    /// that flag saves are removed at compile time.
    single: bool,
    /// `e = 0`: a constant of the expression, like `single`.
    exact: bool,
}

impl Widened {
    /// An input or a constant: a value of 24 significant bits at most (an
    /// `f32`), so that the product of two is exact.
    #[inline(always)]
    pub fn input(x: f64) -> Self {
        Widened {
            w: x,
            e: 0.0,
            single: true,
            exact: true,
        }
    }

    /// A computed value with bound `e`.
    #[inline(always)]
    fn computed(w: f64, e: f64) -> Self {
        Widened {
            w,
            e,
            single: false,
            exact: false,
        }
    }

    /// `e`, or zero for an exact value (a constant of the expression).
    #[inline(always)]
    fn err(&self) -> f64 {
        if self.exact { 0.0 } else { self.e }
    }

    /// The exact value rounded to the nearest `F`, where the bound proves
    /// which that is (module doc).
    #[inline(always)]
    pub fn round<F: Ieee>(self) -> Option<F> {
        let e = self.err() + self.err();
        if self.w == 0.0 {
            return (e == 0.0).then_some(F::ZERO);
        }
        let z = F::narrow(self.w);
        let mag = z.abs();
        if !(z.finite() & e.finite()) || mag == F::ZERO {
            return None;
        }
        let off = (self.w - z.widen()).abs();
        // The smaller half-gap around `z` (below, at a power of two), exact.
        let half = (mag.widen() - mag.below().widen()) * 0.5;
        // `fl` is monotone and `half` a float: `fl(off + e) < half` gives
        // `off + e < half`.
        (off + e < half).then_some(z)
    }
}

impl Add for Widened {
    type Output = Self;
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        let w = self.w + o.w;
        Widened::computed(w, self.err() + o.err() + U * w.abs())
    }
}

impl Sub for Widened {
    type Output = Self;
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        self + -o
    }
}

impl Neg for Widened {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        Widened { w: -self.w, ..self }
    }
}

impl Mul for Widened {
    type Output = Self;
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        let w = self.w * o.w;
        // The cases are constants of the expression.
        let carried = match (self.single, o.single, self.exact, o.exact) {
            (true, true, _, _) => {
                return Widened {
                    w,
                    e: 0.0,
                    single: false,
                    exact: true,
                };
            }
            (_, _, true, true) => 0.0,
            (_, _, true, false) => self.w.abs() * o.e,
            (_, _, false, true) => o.w.abs() * self.e,
            (_, _, false, false) => self.w.abs() * o.e + o.w.abs() * self.e + self.e * o.e,
        };
        Widened::computed(w, carried + U * w.abs() + TINY)
    }
}

impl Ring for Widened {
    const FOLDS: bool = true;
    #[inline(always)]
    fn zero() -> Self {
        Widened::input(0.0)
    }
    #[inline(always)]
    fn one() -> Self {
        Widened::input(1.0)
    }
    #[inline(always)]
    fn small(n: u32) -> Self {
        // Exact; an input's product rule only up to 24 bits.
        Widened {
            single: n <= 1 << 24,
            ..Widened::input(f64::from(n))
        }
    }
    #[inline(always)]
    fn sign(&self) -> (Ordering, bool) {
        let s = self.w.partial_cmp(&0.0).unwrap_or(Ordering::Equal);
        let sure = self.exact | (self.w.abs() > self.e + self.e);
        (s, sure)
    }
    #[inline(always)]
    fn negate_if(self, neg: bool) -> Self {
        Widened {
            w: self.w.flip(neg),
            ..self
        }
    }
    #[inline(always)]
    fn pick(c: bool, a: impl FnOnce() -> Self, b: impl FnOnce() -> Self) -> Self {
        // Branch-free: inlined, its flags folding ([`Ring::select`]).
        Self::select(c, a(), b())
    }
    #[inline(always)]
    fn select(c: bool, a: Self, b: Self) -> Self {
        if a.single & b.single {
            return Widened::input(f64::blend(c, a.w, b.w));
        }
        let exact = a.exact & b.exact;
        Widened {
            w: f64::blend(c, a.w, b.w),
            e: if exact { 0.0 } else { f64::blend(c, a.e, b.e) },
            single: false,
            exact,
        }
    }
    #[inline(always)]
    fn positive_part(self) -> Self {
        // 1-Lipschitz: the bound stays. A NaN stays NaN (as `Double`'s).
        #[allow(clippy::neg_cmp_op_on_partial_ord)]
        let pos = !(self.w <= 0.0);
        Widened {
            w: f64::blend(pos, self.w, 0.0),
            ..self
        }
    }
    #[inline(always)]
    fn abs(self) -> Self {
        self.negate_if(self.w < 0.0)
    }
}

impl Approx for Widened {
    const PLACEHOLDER: Self = Widened {
        w: 0.0,
        e: 0.0,
        single: false,
        exact: false,
    };
    #[inline(always)]
    fn is_zero(&self) -> bool {
        self.single && self.w == 0.0
    }
    #[inline]
    fn root(self) -> Option<Self> {
        if self.w == 0.0 && self.err() == 0.0 {
            return Some(self);
        }
        if self.w.partial_cmp(&0.0) != Some(Ordering::Greater) {
            return None;
        }
        let s = libm::sqrt(self.w);
        Some(Widened::computed(s, self.err() / s + U * s))
    }
    const WIDE: bool = false;
    fn seed(&self) -> approx::Approx {
        match (big(self.w), big(self.err())) {
            (Some(w), Some(e)) => approx::Approx::seeded(w, approx::Big::ZERO, e),
            _ => approx::Approx::UNKNOWN,
        }
    }
    #[inline]
    fn over(self, d: Self) -> Option<Self> {
        if d.exact && d.w == 1.0 {
            return Some(self);
        }
        let g = d.w.abs() * (1.0 - U - U) - d.err();
        if g.partial_cmp(&0.0) != Some(Ordering::Greater) {
            return None;
        }
        let q = self.w / d.w;
        let carried = match (self.exact, d.exact) {
            (true, true) => 0.0,
            (false, true) => self.e,
            (true, false) => q.abs() * d.e,
            (false, false) => self.e + q.abs() * d.e,
        };
        Some(Widened::computed(q, carried / g + U * q.abs() + TINY))
    }
}

#[cfg(test)]
mod tests;
