//! Floating-point evaluation with a proved error bound: `Filtered`.
//!
//! # The bound
//! A `Filtered` value carries the rounded value `v̂` of a polynomial `P`,
//! a magnitude `m̂`, and a count `k` of roundings, such that
//!
//! ```text
//! |v̂| <= m̂   and   |v̂ - P| <= θ_k m̂,   θ_k <= 2 k u,
//! ```
//!
//! `u` the unit roundoff (`2^-24`, `2^-53`), for `k <= 64` (`k` is a
//! constant of the expression: the compiler folds it). By induction, with
//! `η` half the smallest subnormal and `τ = η / u` (the smallest normal):
//!
//! * an input: `v̂ = x`, `m̂ = |x|`, `k = 0`, exact;
//! * both operands exact (`k = 0`): `ŝ = fl(a ∘ b)` has `|ŝ - S| <= u|S| +
//!   η` (the `η` for a product that underflows; a sum is exact when
//!   subnormal), so `|ŝ - S| <= u (|ŝ| + τ) / (1 - u)`: `m̂ = fl(|ŝ| + τ)`
//!   for a product of nonzero operands, `m̂ = |ŝ|` otherwise, `k = 1`.
//!   A difference of two inputs thus has a certain sign, zero included;
//! * a sum: `|ŝ - (A + B)| <= θ_a m̂_a + θ_b m̂_b + u|â + b̂|`, and
//!   `m̂ = fl(m̂_a + m̂_b) >= (m̂_a + m̂_b)(1 - u)`: `θ = (max θ + u) / (1 - u)`,
//!   `k = max(k_a, k_b) + 1`;
//! * a product: `|âb̂ - AB| <= m̂_a m̂_b (θ_a + θ_b + θ_a θ_b)`, plus `u|âb̂| +
//!   η` for its rounding, and `m̂ = fl(fl(m̂_a m̂_b) + τ) >= (1 - u)^2 m̂_a
//!   m̂_b + (1 - u)(τ - η)`: `θ = (θ_a + θ_b + θ_a θ_b + u) / (1 - u)^2`,
//!   `k = k_a + k_b + 1` (`τ` is added only if `m̂_a, m̂_b > 0`: otherwise an
//!   operand is exactly zero and so is the product, whose `m̂` stays 0).
//!
//! `θ_k <= 2ku` follows by induction as long as `(k² + 6k + 3) u <= 1`.
//! The sign of `v̂` is certainly the sign of `P` when `k = 0`, when `m̂ = 0`
//! (then `v̂ = P = 0`), or when `|v̂| > fl((2k + 1) u m̂)` with `m̂ >=`
//! [`Ieee::SAFE_MIN`] (so that this bound does not underflow); NaN and
//! infinities fail every comparison, so overflow is never certain.
//! `filter_bounds_hold` in the tests checks the bound against exact
//! arithmetic on random expressions, underflow and overflow included.
//!
//! `max(x, 0)` and `|x|` keep their operand's `m̂` and `k`: both functions
//! are 1-Lipschitz and do not increase magnitudes, so the invariant holds
//! without deciding the sign of `x`.
//!
//! # Signs by monotonicity
//! Rounding to nearest is monotone, and a sum of two floats rounds to zero
//! only when it is zero. So for exact `a, b, c` and `x = fl(a ∘ b)` one
//! rounding of them (`∘` a sum or a product), `fl(x + c)` has the sign of
//! `x + c`, and where `x ≠ -c` that is the sign of `a ∘ b + c` (`a ∘ b >
//! -c` implies `x >= -c`, and conversely). Likewise `fl(a · b)`, unless it
//! is zero, has the sign of `a · b`. Such values carry a flag: their sign
//! is certain wherever they are not zero, whatever the bound (the test
//! `monotone_signs_are_exact`).

use super::Ring;
use core::cmp::Ordering;
use core::fmt::Debug;
use core::ops::{Add, Div, Mul, Neg, Sub};

/// An IEEE binary format: what the filter and the exact rounding need.
pub trait Ieee:
    Copy
    + PartialOrd
    + Debug
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
{
    /// Zero.
    const ZERO: Self;
    /// One.
    const ONE: Self;
    /// The unit roundoff `u`.
    const U: Self;
    /// The smallest normal, `τ = η / u` with `η` half the smallest subnormal.
    const TAU: Self;
    /// The smallest magnitude `m̂` with which a nonzero sign is certified.
    const SAFE_MIN: Self;
    /// Significand bits, the implicit one included (24, 53).
    const PRECISION: u32;
    /// Largest exponent `E` with `2^E` finite (127, 1023).
    const MAX_EXP: i32;
    /// `|x|` (clears the sign bit).
    fn abs(self) -> Self;
    /// The sign of `x` (`Equal` for zeros and NaN).
    #[inline(always)]
    fn ordering(self) -> Ordering {
        if self > Self::ZERO {
            Ordering::Greater
        } else if self < Self::ZERO {
            Ordering::Less
        } else {
            Ordering::Equal
        }
    }
    /// `-x` if `neg` (flips the sign bit).
    fn flip(self, neg: bool) -> Self;
    /// `a` if `c`, else `b`, by masking the bits (no branch: a select of
    /// floats on a `bool` is a branch on x86-64, a coin toss on random
    /// inputs).
    fn blend(c: bool, a: Self, b: Self) -> Self;
    /// The correctly rounded square root (`libm`).
    fn sqrt(self) -> Self;
    /// `n` exactly (`n <= 2^24`).
    fn count(n: u32) -> Self;
    /// False for NaN and infinities.
    fn finite(self) -> bool;
    /// The value as `(-1)^neg · m · 2^e`; `None` if not finite.
    fn dyadic(self) -> Option<(bool, u64, i32)>;
    /// The value whose bits are `bits` (exponent and significand fields),
    /// negated if `neg`.
    fn from_magnitude_bits(neg: bool, bits: u64) -> Self;
    /// Veltkamp's splitting constant `2^ceil(p/2) + 1`.
    const SPLIT: Self;
    /// The largest float below a positive finite `x`.
    fn below(self) -> Self;
    /// `log2(u / η)`: the unit roundoff over half the smallest subnormal
    /// (1022, 126).
    const UNDERFLOW_BITS: i32;
    /// `2^p`, exactly, for `p` in the normal range.
    fn pow2(p: i32) -> Self;
    /// The bits of `|x|` (ordered as the magnitudes are).
    fn magnitude_bits(self) -> u64;
    /// [`Ieee::magnitude_bits`] of infinity: every non-finite value's
    /// are at least these.
    const INFINITY_BITS: u64;
    /// The smallest `e` with `|x| < 2^e`, from [`Ieee::magnitude_bits`]
    /// (`2^(1 - MAX_EXP)` for zero and subnormals).
    fn top_exponent(bits: u64) -> i32;
    /// `n`, rounded to nearest.
    fn count_u64(n: u64) -> Self;
    /// The value as an `f64`, exactly.
    fn widen(self) -> f64;
    /// The value nearest `x` (ties to even; beyond the range, infinite).
    fn narrow(x: f64) -> Self;
}

macro_rules! ieee {
    ($F:ty, $Bits:ty, $p:expr, $max:expr, $safe:expr, $sqrt:path) => {
        impl Ieee for $F {
            const ZERO: Self = 0.0;
            const ONE: Self = 1.0;
            const U: Self = <$F>::EPSILON / 2.0;
            const TAU: Self = <$F>::MIN_POSITIVE;
            const SAFE_MIN: Self = $safe;
            const PRECISION: u32 = $p;
            const MAX_EXP: i32 = $max;
            #[inline(always)]
            fn abs(self) -> Self {
                <$F>::abs(self)
            }
            #[inline(always)]
            fn flip(self, neg: bool) -> Self {
                <$F>::from_bits(self.to_bits() ^ (<$Bits>::from(neg) << (<$Bits>::BITS - 1)))
            }
            #[inline(always)]
            fn blend(c: bool, a: Self, b: Self) -> Self {
                let mask = <$Bits>::from(c).wrapping_neg();
                <$F>::from_bits((a.to_bits() & mask) | (b.to_bits() & !mask))
            }
            #[inline(always)]
            fn sqrt(self) -> Self {
                $sqrt(self)
            }
            #[inline(always)]
            fn count(n: u32) -> Self {
                n as $F
            }
            #[inline(always)]
            fn finite(self) -> bool {
                <$F>::is_finite(self)
            }
            fn dyadic(self) -> Option<(bool, u64, i32)> {
                if !self.is_finite() {
                    return None;
                }
                let bits = self.to_bits();
                let frac = $p - 1;
                let neg = bits >> (<$Bits>::BITS - 1) == 1;
                let field = ((bits >> frac) & ((1 << (<$Bits>::BITS - $p)) - 1)) as i32;
                let m = u64::from(bits & ((1 << frac) - 1));
                let bias = $max + frac as i32;
                Some(match field {
                    0 => (neg, m, 1 - bias),
                    _ => (neg, m | 1 << frac, field - bias),
                })
            }
            const SPLIT: Self = ((1u64 << ($p as u32).div_ceil(2)) + 1) as $F;
            #[inline(always)]
            fn below(self) -> Self {
                <$F>::from_bits(self.to_bits() - 1)
            }
            const UNDERFLOW_BITS: i32 = $max - 1;
            #[inline(always)]
            fn pow2(p: i32) -> Self {
                let field = (p + $max) as $Bits;
                <$F>::from_bits(field << ($p - 1))
            }
            #[inline(always)]
            fn magnitude_bits(self) -> u64 {
                u64::from(self.to_bits() & !(1 << (<$Bits>::BITS - 1)))
            }
            const INFINITY_BITS: u64 = <$F>::INFINITY.to_bits() as u64;
            #[inline(always)]
            fn widen(self) -> f64 {
                f64::from(self)
            }
            #[inline(always)]
            #[allow(clippy::unnecessary_cast)]
            fn narrow(x: f64) -> Self {
                x as $F
            }
            #[inline(always)]
            fn top_exponent(bits: u64) -> i32 {
                (bits >> ($p - 1)) as i32 - ($max - 1)
            }
            #[inline(always)]
            fn count_u64(n: u64) -> Self {
                n as $F
            }
            fn from_magnitude_bits(neg: bool, bits: u64) -> Self {
                let sign = <$Bits>::from(neg) << (<$Bits>::BITS - 1);
                <$F>::from_bits(sign | bits as $Bits)
            }
        }
    };
}

// SAFE_MIN: 2^-960 and 2^-100, so that `(2k + 1) u m̂` stays normal.
ieee!(
    f64,
    u64,
    53,
    1023,
    f64::from_bits((1023 - 960) << 52),
    libm::sqrt
);
ieee!(
    f32,
    u32,
    24,
    127,
    f32::from_bits((127 - 100) << 23),
    libm::sqrtf
);

/// The largest rounding count the bound is proved for.
const MAX_K: u32 = 64;

/// A float value of a polynomial with a proved error bound (module doc).
#[derive(Clone, Copy, Debug)]
pub struct Filtered<F> {
    v: F,
    m: F,
    k: u32,
    /// The computed sign is the exact one unless the computed value is
    /// zero (module doc): a constant of the expression.
    mono: bool,
}

impl<F: Ieee> Filtered<F> {
    /// All zero bits, overwritten before it is read (as
    /// `double::Approx::PLACEHOLDER`).
    pub const PLACEHOLDER: Self = Filtered {
        v: F::ZERO,
        m: F::ZERO,
        k: 0,
        mono: false,
    };

    /// An input, exact.
    #[inline(always)]
    pub fn input(x: F) -> Self {
        Filtered {
            v: x,
            m: x.abs(),
            k: 0,
            mono: false,
        }
    }

    /// A bound on `|v̂ - P|` (tests); `None` where none is proved.
    #[cfg(test)]
    fn error(&self) -> Option<F> {
        if self.k == 0 || self.m == F::ZERO {
            return Some(F::ZERO);
        }
        let e = F::count(2 * self.k + 1) * F::U * self.m;
        let ok = (self.k <= MAX_K) & (self.m >= F::SAFE_MIN) & e.finite();
        ok.then_some(e)
    }
}

/// `τ` if both magnitudes are nonzero (the floor of a product), else 0.
#[inline(always)]
fn floor<F: Ieee>(a: F, b: F) -> F {
    if (a != F::ZERO) & (b != F::ZERO) {
        F::TAU
    } else {
        F::ZERO
    }
}

impl<F: Ieee> Add for Filtered<F> {
    type Output = Self;
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        let v = self.v + o.v;
        if self.k == 0 && o.k == 0 {
            Filtered {
                v,
                m: v.abs(),
                k: 1,
                mono: true,
            }
        } else {
            Filtered {
                v,
                m: self.m + o.m,
                k: self.k.max(o.k) + 1,
                // One rounding of exact operands, plus an exact value.
                mono: (self.k == 1 && o.k == 0) || (self.k == 0 && o.k == 1),
            }
        }
    }
}

impl<F: Ieee> Sub for Filtered<F> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        self + -o
    }
}

impl<F: Ieee> Neg for Filtered<F> {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        Filtered { v: -self.v, ..self }
    }
}

impl<F: Ieee> Mul for Filtered<F> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        let v = self.v * o.v;
        if self.k == 0 && o.k == 0 {
            Filtered {
                v,
                m: v.abs() + floor(self.v, o.v),
                k: 1,
                mono: true,
            }
        } else {
            Filtered {
                v,
                m: self.m * o.m + floor(self.m, o.m),
                k: self.k + o.k + 1,
                mono: false,
            }
        }
    }
}

impl<F: Ieee> Ring for Filtered<F> {
    const FOLDS: bool = true;
    #[inline(always)]
    fn zero() -> Self {
        Filtered::input(F::ZERO)
    }
    #[inline(always)]
    fn one() -> Self {
        Filtered::input(F::ONE)
    }
    #[inline(always)]
    fn small(n: u32) -> Self {
        Filtered::input(F::count(n))
    }
    #[inline(always)]
    fn sign(&self) -> (Ordering, bool) {
        let s = self.v.ordering();
        let bound = F::count(2 * self.k + 1) * F::U * self.m;
        let proved = (self.v.abs() > bound) & (self.m >= F::SAFE_MIN) & (self.k <= MAX_K);
        let nonzero = self.mono & (s != Ordering::Equal);
        (s, (self.k == 0) | (self.m == F::ZERO) | proved | nonzero)
    }
    #[inline(always)]
    fn negate_if(self, neg: bool) -> Self {
        Filtered {
            v: self.v.flip(neg),
            ..self
        }
    }
    #[inline(always)]
    fn positive_part(self) -> Self {
        // `maxsd`: |max(v̂, 0) - max(P, 0)| <= |v̂ - P|.
        let v = if self.v > F::ZERO { self.v } else { F::ZERO };
        Filtered { v, ..self }
    }
    #[inline(always)]
    fn abs(self) -> Self {
        Filtered {
            v: self.v.abs(),
            ..self
        }
    }
    #[inline(always)]
    fn pick(c: bool, a: impl FnOnce() -> Self, b: impl FnOnce() -> Self) -> Self {
        super::pick_where_inlined(c, a, b)
    }
    #[inline(always)]
    fn select(c: bool, a: Self, b: Self) -> Self {
        Filtered {
            v: F::blend(c, a.v, b.v),
            m: F::blend(c, a.m, b.m),
            k: a.k.max(b.k),
            mono: a.mono & b.mono,
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::{Filtered, Ieee};
    use crate::exact::Ring;
    use crate::test_rng::next;
    use core::cmp::Ordering;
    use rug::Rational;
    use std::vec::Vec;

    /// An expression over `Filtered` and exact rationals side by side.
    #[derive(Clone)]
    struct Both<F> {
        f: Filtered<F>,
        q: Rational,
    }

    /// `x` as an exact rational.
    pub(crate) fn exact<F: Ieee>(x: F) -> Rational {
        let (neg, m, e) = x.dyadic().expect("finite");
        let r = Rational::from(m) << e;
        if neg { -r } else { r }
    }

    /// A random float of the given binary magnitude range, either sign,
    /// sometimes zero, sometimes a small integer (ties, exact zeros).
    pub(crate) fn float<F: Ieee>(s: &mut u64, lo: i32, hi: i32, from: impl Fn(f64) -> F) -> F {
        match next(s) % 8 {
            0 => F::ZERO,
            1 => F::count((next(s) % 8) as u32).flip(next(s) % 2 == 0),
            _ => {
                let e = lo + (next(s) % (hi - lo + 1) as u64) as i32;
                let m = 1.0 + (next(s) >> 11) as f64 / (1u64 << 53) as f64;
                let x = m * 2f64.powi(e / 2) * 2f64.powi(e - e / 2);
                let x = from(if next(s) % 2 == 0 { -x } else { x });
                if x.finite() { x } else { F::ZERO }
            }
        }
    }

    /// A random expression of depth at most `depth` over `leaves`.
    fn expr<F: Ieee>(s: &mut u64, leaves: &[Both<F>], depth: u32) -> Both<F> {
        if depth == 0 || next(s) % 4 == 0 {
            return leaves[(next(s) % leaves.len() as u64) as usize].clone();
        }
        let a = expr(s, leaves, depth - 1);
        let b = expr(s, leaves, depth - 1);
        match next(s) % 4 {
            0 => Both {
                f: a.f + b.f,
                q: a.q + b.q,
            },
            1 => Both {
                f: a.f - b.f,
                q: a.q - b.q,
            },
            2 => Both {
                f: a.f * b.f,
                q: a.q * b.q,
            },
            _ => Both { f: -a.f, q: -a.q },
        }
    }

    /// Every certified sign is the exact one, and every bound holds.
    fn bounds_hold<F: Ieee>(seed: u64, lo: i32, hi: i32, from: impl Fn(f64) -> F + Copy) -> usize {
        let mut s = seed;
        let mut certified = 0;
        for _ in 0..20_000 {
            let leaves: Vec<Both<F>> = (0..5)
                .map(|_| {
                    let x = float(&mut s, lo, hi, from);
                    Both {
                        f: Filtered::input(x),
                        q: exact(x),
                    }
                })
                .collect();
            // Near-ties: differences of nearly equal leaves.
            let mut leaves = leaves;
            let nudged = leaves[0].f.v * F::count(3) / F::count(3);
            let nudged = if nudged.finite() { nudged } else { F::ZERO };
            leaves.push(Both {
                f: Filtered::input(nudged),
                q: exact(nudged),
            });
            let x = expr(&mut s, &leaves, 5);
            let (sign, sure) = x.f.sign();
            if x.f.m.partial_cmp(&F::ZERO).is_none() {
                // 0 · ∞ in the magnitude: nothing is proved.
                assert!(!sure, "certain with m = NaN: {:?}", x.f);
            } else if x.f.v.finite() {
                assert!(x.f.v.abs() <= x.f.m, "|v| > m: {:?}", x.f);
                if let Some(e) = x.f.error() {
                    let err = (exact(x.f.v) - x.q.clone()).abs();
                    assert!(err <= exact(e), "error {err} > bound {e:?}: {:?}", x.f);
                }
            }
            if sure {
                certified += 1;
                assert_eq!(
                    sign,
                    x.q.cmp0(),
                    "certified a wrong sign: {:?} vs {}",
                    x.f,
                    x.q
                );
            }
        }
        certified
    }

    #[test]
    fn filter_bounds_hold() {
        let f32_of = |x: f64| x as f32;
        let f64_of = |x: f64| x;
        // Ordinary, mixed, underflowing and overflowing magnitudes.
        for (seed, lo, hi) in [(1, -4, 4), (2, -60, 60), (3, -1074, -1000), (4, 900, 1023)] {
            let n = bounds_hold::<f64>(seed, lo, hi, f64_of);
            assert!(n > 1_000, "f64 {lo}..{hi}: only {n} certified");
        }
        for (seed, lo, hi) in [(5, -4, 4), (6, -20, 20), (7, -149, -110), (8, 100, 127)] {
            let n = bounds_hold::<f32>(seed, lo, hi, f32_of);
            assert!(n > 1_000, "f32 {lo}..{hi}: only {n} certified");
        }
    }

    /// `fl(a ∘ b) ± c`: a certified sign is exact, and only a computed
    /// zero is uncertain; near-ties (`c` the rounded `a ∘ b`, or next to
    /// it) and underflow included.
    fn monotone_signs<F: Ieee>(from: impl Fn(f64) -> F + Copy, lo: i32, hi: i32) {
        let mut s = 21;
        let mut zeros = 0;
        for _ in 0..50_000 {
            let [a, b] = [0; 2].map(|_| float(&mut s, lo, hi, from));
            let product = next(&mut s) % 2 == 0;
            let x = if product { a * b } else { a - b };
            let c = match next(&mut s) % 3 {
                0 => x,
                1 if x != F::ZERO => x.abs().below().flip(x < F::ZERO),
                _ => float(&mut s, lo, hi, from),
            };
            let (fa, fb, fc) = (Filtered::input(a), Filtered::input(b), Filtered::input(c));
            let fx = if product { fa * fb } else { fa - fb };
            let exact_x = if product {
                exact(a) * exact(b)
            } else {
                exact(a) - exact(b)
            };
            for (f, q) in [
                (fx, exact_x.clone()),
                (fx - fc, exact_x.clone() - exact(c)),
                (fc - fx, exact(c) - exact_x),
            ] {
                let (sign, sure) = f.sign();
                if f.v.finite() && f.v != F::ZERO {
                    assert!(sure, "not certified: {f:?}");
                }
                if sure {
                    assert_eq!(sign, q.cmp0(), "{f:?} vs {q}");
                } else {
                    zeros += 1;
                }
            }
        }
        assert!(zeros > 1_000, "only {zeros} ties");
    }

    #[test]
    fn monotone_signs_are_exact() {
        monotone_signs::<f64>(|x| x, -8, 8);
        monotone_signs::<f64>(|x| x, -1074, -1000);
        monotone_signs::<f32>(|x| x as f32, -8, 8);
        monotone_signs::<f32>(|x| x as f32, -149, -120);
    }

    #[test]
    fn differences_of_inputs_have_certain_signs() {
        for (a, b) in [
            (1.0, 1.0),
            (0.1, 0.1 + f64::EPSILON),
            (3.0, -3.0),
            (0.0, 0.0),
        ] {
            let d = Filtered::input(a) - Filtered::input(b);
            let (s, sure) = d.sign();
            assert!(sure, "{a} - {b}");
            assert_eq!(Some(s), (a - b).partial_cmp(&0.0));
            // A product with an exact zero stays certain.
            let p = d * (Filtered::input(0.3) + Filtered::input(0.7));
            assert!(p.sign().1 || a != b, "{a} - {b}");
        }
        let (_, sure) = (Filtered::input(f64::NAN) - Filtered::input(1.0)).sign();
        assert!(!sure);
        let big = Filtered::input(f64::MAX);
        assert!(!(big * big - big * big).sign().1);
        // An overflow keeps its sign: one rounding of exact operands.
        assert_eq!((big * big).sign(), (Ordering::Greater, true));
    }
}
