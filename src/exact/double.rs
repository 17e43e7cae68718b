//! Double-word arithmetic with a running error bound: how a float
//! construction is rounded correctly without integers in the common case.
//!
//! A value is `h + l` with `|l| <= u|h|` (the output of a `TwoSum`) and a
//! bound `e` on its distance to the exact value `P` it stands for:
//!
//! ```text
//! |h + l - P| <= e
//! ```
//!
//! to first order in `u` (the rest is covered below). The error-free steps
//! are Knuth's `TwoSum` (exact for every finite result) and Dekker's
//! `TwoProd` with Veltkamp's splitting (exact unless a partial product
//! underflows or a value overflows); no fused multiply-add, so the bits are
//! the same everywhere. `η` is half the smallest subnormal, the error of a
//! rounding that underflows.
//! * An input: `e = 0`. The sum of two inputs is `TwoSum`'s pair, exact;
//!   the product of two inputs `TwoProd`'s pair, within `32η`.
//! * `a ± b`: the low parts and the `TwoSum` error (each at most `u
//!   (|h_a| + |h_b|)`) are added with two roundings: `e = e_a + e_b + 5u²
//!   (|h_a| + |h_b|)` (sums are exact when they underflow).
//! * `a · b`: `TwoProd(h_a, h_b)` plus `h_a l_b + l_a h_b`, three roundings,
//!   and the dropped `l_a l_b`: `e = |h_a| e_b + |h_b| e_a + e_a e_b + 8u²
//!   |h_a h_b| + 32η`; on 32-bit targets `0` where `a` or `b` is an
//!   exact zero (`h = 0` and `e = 0`: every partial product is then an
//!   exact zero).
//! * `√c` (`h_c > 0`): `s = √h_c` and one Newton step, `s + ((h_c - s²) +
//!   l_c) / 2s`: `e_c / s + 8u² s + 16η` (the step's truncation `δ²/8s³` and
//!   its four roundings, and `|√C - √c| <= |C - c| / √c`).
//! * `n / d`: `q = h_n / h_d` and one correction, `q + (n - q d) r` with
//!   `r = fl(1 / h_d)`: `(e_n + |q| e_d + 32η) / g + 26u² |q| + 16η` (on
//!   32-bit targets `0` where `n` is an exact zero, `h_n = 0` and `e_n =
//!   0`) with
//!   `g = |h_d| (1 - 2u) - e_d <= |h_d|` (one division for both terms;
//!   refused unless `g > 0`; the correction, below `3u |q|`, is off by a
//!   relative `2u` and an underflow through `r`).
//!
//! Every bound is computed in the same floats, rounded to nearest, from
//! magnitudes that are `(1 + u)`-close to the exact ones; those roundings
//! and the dropped higher-order terms stay below a factor `1 + 2^-12` over
//! fewer than `2^10` operations, which doubling the final bound covers.
//! Overflow gives an infinity or NaN, which no certificate passes.
//!
//! The result is rounded to nearest where the whole interval `h + l ± 2e`
//! lies strictly between the two midpoints around `fl(h + l)`, or where
//! `e = 0` (then `h + l` is the exact value, and the sum rounds it to
//! nearest, ties to even): then `fl(h + l)` is the exact value correctly
//! rounded. Elsewhere (a value
//! within its bound of a tie, a cancellation, an underflow) the caller
//! takes exact comparisons with the midpoints (module `midpoints`, on
//! 64-bit targets) or the exact integers.

use super::filter::Ieee;
use super::{Part, Ring, Surd, approx};
use core::cmp::Ordering;
use core::ops::{Add, Mul, Neg, Sub};

/// A double-word value with its error bound (module doc).
///
/// Its `+`, `·` and division are inlined on 64-bit targets, where the
/// flags below fold and a hit's values are built in few instructions, and
/// calls on 32-bit ones (microcontrollers), where each inlined copy costs
/// flash: by `bash ci/size.sh` on thumbv7em (opt-level "s"), `f32`
/// sweep-aabb2 60,000 to 54,392 bytes, sweep-obb2 100,956 to 88,844,
/// advance 255,438 to 224,986, for 10% to 70% more instructions on a hit
/// (`python3 ci/mcu.py`). The same operations either way: the same bits.
///
/// `T` turns on [`ZEROS_EXACT`] and [`EXACT_AT_RUN_TIME`] where they are
/// off (64-bit targets): the floats' retry of a construction the first
/// route did not prove ([`Tracked`]).
#[derive(Clone, Copy, Debug)]
pub struct Double<F, const T: bool = false> {
    h: F,
    l: F,
    e: F,
    /// An input or a constant (`l = e = 0`): a constant of the expression,
    /// so the steps it saves are removed at compile time.
    single: bool,
    /// `e = 0` (an input, a constant, or the sum of two): a constant of
    /// the expression, like `single`.
    exact: bool,
}

/// `(s, t)` with `s = fl(a + b)` and `s + t = a + b` exactly.
#[inline(always)]
pub(super) fn two_sum<F: Ieee>(a: F, b: F) -> (F, F) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// `(hi, lo)` with `hi + lo = a` and each half of at most `p/2` bits.
#[inline(always)]
fn split<F: Ieee>(a: F) -> (F, F) {
    let g = F::SPLIT * a;
    let hi = g - (g - a);
    (hi, a - hi)
}

/// `(p, q)` with `p = fl(a b)` and `p + q = a b` (without underflow).
#[inline(always)]
pub(super) fn two_prod<F: Ieee>(a: F, b: F) -> (F, F) {
    let p = a * b;
    let (ah, al) = split(a);
    let (bh, bl) = split(b);
    (p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
}

/// Whether `TwoProd`'s pair `(p, q)` is exact: `|p|` far enough above
/// the underflow (`2^(2p + 4)` times the least normal) that no partial
/// product underflows. False on a NaN (a factor past Veltkamp's split).
#[inline(always)]
pub(super) fn exact_product<F: Ieee>(p: F) -> bool {
    p.abs() >= F::TAU * F::pow2(2 * F::PRECISION as i32 + 4)
}

/// Whether a product with an exactly zero operand and a quotient of an
/// exactly zero numerator (`h = 0` and `e = 0`: then the value is zero)
/// carry no underflow term: every partial product, or the quotient and
/// its correction, and every term of the bound are then exact zeros, so
/// that an exact zero stays certain, a normal's or a coordinate's zero
/// among them. A computed `h = 0` with `e > 0` (a product that underflowed,
/// a cancellation) keeps its terms: its bound's own products may underflow
/// to zero. Only where the test pays: on thumbv7em it takes the segment's
/// face hit from 42,629 to 9,921 instructions and the 3D sweeps' face and
/// edge hits by two thirds (`python3 ci/mcu.py`); on x86-64 it costs
/// W1-OBB `f64` 894 to 973 instructions a query, where the common values
/// are not zero (`benches/instructions.sh`). The values are the same
/// either way; the unit tests take the 32-bit form on every target.
const ZEROS_EXACT: bool = cfg!(any(test, not(target_pointer_width = "64")));

/// Whether a sum or product of exact values (`e = 0` at run time) finds
/// that it rounded nothing, and is then exact too: a sum of values
/// without low parts, a product of two values without low parts that no
/// partial product underflows (`|ab| >= 2^(2p + 4)` times the least
/// normal), a value times a power of two whose scaled low part is
/// normal. Exact values then keep `e = 0`, and an exact zero among a
/// construction's values is certain without the exact route. On 32-bit
/// targets, where `+` and `·` are calls and the exact route costs most;
/// on 64-bit ones the tests would be on every hit's values (W1), where
/// exact values are rare.
const EXACT_AT_RUN_TIME: bool = cfg!(any(test, not(target_pointer_width = "64")));

/// [`Double`] with exact zeros and exact values kept at run time on every
/// target.
pub type Tracked<F> = Double<F, true>;

/// Whether `a` is exact and has no low part (at run time).
#[inline(always)]
fn exact_high<F: Ieee, const T: bool>(a: &Double<F, T>) -> bool {
    a.l == F::ZERO && a.e == F::ZERO
}

/// `k u²`.
#[inline(always)]
fn u2<F: Ieee>(k: u32) -> F {
    F::count(k) * (F::U * F::U)
}

/// `k η` (`η` is half the smallest subnormal; `2η` is representable).
#[inline(always)]
fn eta<F: Ieee>(k: u32) -> F {
    F::count(k / 2) * (F::TAU * (F::U + F::U))
}

/// The error that `a ± b` (`product` false) or `a · b` carries from its
/// operands: `e_a + e_b`, or `|h_b| e_a + |h_a| e_b + e_a e_b`, without the
/// terms of exact operands (IEEE arithmetic cannot drop `0 · x` by itself;
/// the cases are constants of the expression).
#[inline(always)]
fn carried<F: Ieee, const T: bool>(a: &Double<F, T>, b: &Double<F, T>, product: bool) -> F {
    match (a.exact, b.exact, product) {
        (true, true, _) => F::ZERO,
        (true, false, false) => b.e,
        (false, true, false) => a.e,
        (false, false, false) => a.e + b.e,
        (true, false, true) => a.h.abs() * b.e,
        (false, true, true) => b.h.abs() * a.e,
        (false, false, true) => a.h.abs() * b.e + b.h.abs() * a.e + a.e * b.e,
    }
}

impl<F: Ieee> Double<F> {
    /// An input, exact.
    #[inline(always)]
    pub fn input(x: F) -> Self {
        Double::exactly(x)
    }
}

impl<F: Ieee, const T: bool> Double<F, T> {
    /// An input or a constant, exact.
    #[inline(always)]
    pub fn exactly(x: F) -> Self {
        Double {
            h: x,
            l: F::ZERO,
            e: F::ZERO,
            single: true,
            exact: true,
        }
    }

    /// A computed value with bound `e`.
    #[inline(always)]
    fn computed(h: F, l: F, e: F) -> Self {
        Double {
            h,
            l,
            e,
            single: false,
            exact: false,
        }
    }

    /// `self / d`; `None` where `d` is not certainly away from zero.
    /// Inlined always on 64-bit targets: it is on every hit's values, and
    /// the compiler's budget left it a call. A call on 32-bit ones, as
    /// `+` and `·` ([`Double`]'s doc).
    #[cfg_attr(target_pointer_width = "32", inline(never))]
    #[cfg_attr(not(target_pointer_width = "32"), inline(always))]
    pub fn div(self, d: Self) -> Option<Self> {
        let de = if d.exact { F::ZERO } else { d.e };
        let gap = d.h.abs() * (F::ONE - F::U - F::U) - de;
        if gap.partial_cmp(&F::ZERO) != Some(Ordering::Greater) {
            return None;
        }
        // The correction divides by `h_d` through its reciprocal, computed
        // beside `q`: a relative `2u` more on a correction below `3u|q|`.
        let (q, inv) = (self.h / d.h, F::ONE / d.h);
        let (p, pe) = two_prod(q, d.h);
        // [`Tracked`]: an exact quotient of exact values stays exact (a
        // grid's `0.66 / 4`, whose bound would leave a tie to the exact
        // comparisons).
        if T {
            if let Some(e) = exactly_over(&self, &d, q, (p, pe)) {
                return Some(e);
            }
        }
        let r = match (self.single, d.single) {
            (true, true) => ((self.h - p) - pe) * inv,
            (true, false) => (((self.h - p) - pe) - q * d.l) * inv,
            (false, true) => (((self.h - p) - pe) + self.l) * inv,
            (false, false) => ((((self.h - p) - pe) + self.l) - q * d.l) * inv,
        };
        let (h, l) = two_sum(q, r);
        // `gap <= |h_d|`: one division bounds both terms.
        let carried = match (self.exact, d.exact) {
            (true, true) => F::ZERO,
            (false, true) => self.e,
            (true, false) => q.abs() * d.e,
            (false, false) => self.e + q.abs() * d.e,
        };
        // An exact zero numerator (`e = 0` too): `q`, the correction and
        // the bound are exact zeros ([`ZEROS_EXACT`]).
        let (under, under_q) = if (T || ZEROS_EXACT) && self.h == F::ZERO && self.e == F::ZERO {
            (F::ZERO, F::ZERO)
        } else {
            (eta::<F>(32), eta::<F>(16))
        };
        let e = (carried + under) / gap + u2::<F>(26) * q.abs() + under_q;
        Some(Double::computed(h, l, e))
    }

    /// The exact value rounded to nearest, where the bound proves which
    /// float that is (module doc). Inlined always (as [`Rounds`]).
    #[inline(always)]
    pub fn round(self) -> Option<F> {
        let e = self.e + self.e;
        let r = self.h + self.l;
        if r == F::ZERO {
            return (self.h == F::ZERO && e == F::ZERO).then_some(F::ZERO);
        }
        if !(r.finite() & e.finite()) {
            return None;
        }
        // Exact: `r` is `h` or a neighbour of it.
        let off = ((self.h - r) + self.l).abs();
        let mag = r.abs();
        // The smaller half-gap around `r` (below, at a power of two).
        let half = (mag - mag.below()) / F::count(2);
        let far = off * (F::ONE + F::count(4) * F::U) + e;
        // An exact value (`e = 0`: it is `h + l`) is rounded once, by the
        // sum: to nearest, ties to even, a tie included (`1 - t` times a
        // power of two, in `advance`'s reflection, is one).
        ((far < half) | (e == F::ZERO)).then_some(r)
    }
}

/// Fixed point's rounding, where fixed point takes the floats' path
/// (`kernel::fixed_kernel::first`).
#[cfg(all(
    feature = "fixed",
    any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    )
))]
impl Double<f64> {
    /// The exact value's nearest multiple of `2^-frac` (`frac <= 63`), as a
    /// count of them, where the bound proves which it is with `2^-31` of a
    /// count to spare, so that it is the integers' exact nearest
    /// ([`round::value`](super::round::value)); `None` at a tie, near one,
    /// or from `2^50` counts.
    #[inline(always)]
    pub fn round_fixed(self, frac: u32) -> Option<i64> {
        const TWO_50: f64 = (1u64 << 50) as f64;
        const TWO_52: f64 = (1u64 << 52) as f64;
        const TWO_M30: f64 = 1.0 / (1u64 << 30) as f64;
        // Scalings by a power of two within the range: exact.
        let s = (1u64 << frac.min(63)) as f64;
        let (h, l, e) = (self.h * s, self.l * s, (self.e + self.e) * s);
        // Below 2^50 (NaN is not): `h` to an integer, ties to even (adding
        // 1.5·2^52 leaves only units), and `h - k` exact (both are multiples
        // of `h`'s last place, at most a half apart).
        let within = h.abs() < TWO_50;
        let big = 1.5 * TWO_52;
        let k = (h + big) - big;
        let off = ((h - k) + l).abs();
        let far = off * (1.0 + 4.0 * f64::EPSILON) + e;
        // Below one half by more than the roundings of `far` and `2^-31`.
        (within && far < 0.5 - TWO_M30).then_some(k as i64)
    }
}

/// `n / d` where it is exact: `n` and `d` exact (`e = 0`), `d` without a
/// low part, and `q = fl(h_n / d)` and `fl(l_n / d)` each times `d`
/// exactly their numerator (`TwoProd`'s pair `(p, 0)`, above the
/// underflow): then `n / d` is their sum, as a `TwoSum` pair, exact.
/// `qp` is `TwoProd(q, d)`.
#[inline(always)]
fn exactly_over<F: Ieee, const T: bool>(
    n: &Double<F, T>,
    d: &Double<F, T>,
    q: F,
    qp: (F, F),
) -> Option<Double<F, T>> {
    let exact = |x: F, (p, pe): (F, F)| p == x && pe == F::ZERO && exact_product(p);
    if n.e != F::ZERO || d.e != F::ZERO || d.l != F::ZERO || !exact(n.h, qp) {
        return None;
    }
    if n.l == F::ZERO {
        return Some(Double::computed(q, F::ZERO, F::ZERO));
    }
    let ql = n.l / d.h;
    if !exact(n.l, two_prod(ql, d.h)) {
        return None;
    }
    let (h, l) = two_sum(q, ql);
    Some(Double::computed(h, l, F::ZERO))
}

impl<F: Ieee, const T: bool> Add for Double<F, T> {
    type Output = Self;
    #[cfg_attr(target_pointer_width = "32", inline(never))]
    #[cfg_attr(not(target_pointer_width = "32"), inline(always))]
    fn add(self, o: Self) -> Self {
        if OUT_OF_LINE && T {
            return tracked_sum(self, o);
        }
        self.sum(o)
    }
}

impl<F: Ieee, const T: bool> Mul for Double<F, T> {
    type Output = Self;
    #[cfg_attr(target_pointer_width = "32", inline(never))]
    #[cfg_attr(not(target_pointer_width = "32"), inline(always))]
    fn mul(self, o: Self) -> Self {
        if OUT_OF_LINE && T {
            return tracked_product(self, o);
        }
        self.product(o)
    }
}

/// Whether [`Tracked`]'s sums and products are calls where [`Double`]'s
/// are inlined (64-bit targets): it serves the floats' retry of a
/// construction alone (`float_kernel::retried`), a copy of every
/// construction. Inlined (when a copy of every procedure ran on it too),
/// they took 151 KB more of the README quick start's binary (1,639,560 against 1,488,712 bytes, `bash
/// ci/compile-time.sh`; products alone out of line, 1,542,872) for 12%
/// fewer instructions on W5 `f64` (`SWEPT_BENCH_N=20000 bash
/// benches/instructions.sh 'w5::full::f64$'`: 569.5 against 648.4;
/// products alone, 617.4), where the grids' ties take the retry: code
/// size ranks above speed.
const OUT_OF_LINE: bool = cfg!(target_pointer_width = "64");

/// [`Tracked`]'s sum, out of line ([`OUT_OF_LINE`]).
#[inline(never)]
fn tracked_sum<F: Ieee, const T: bool>(a: Double<F, T>, b: Double<F, T>) -> Double<F, T> {
    a.sum(b)
}

/// [`Tracked`]'s product, out of line ([`OUT_OF_LINE`]).
#[inline(never)]
fn tracked_product<F: Ieee, const T: bool>(a: Double<F, T>, b: Double<F, T>) -> Double<F, T> {
    a.product(b)
}

impl<F: Ieee, const T: bool> Double<F, T> {
    /// `self + o` ([`Add`]).
    #[inline(always)]
    fn sum(self, o: Self) -> Self {
        let (s, t) = two_sum(self.h, o.h);
        // The cases by `single` are constants: IEEE arithmetic cannot drop
        // an operation on a zero low part by itself.
        let w = match (self.single, o.single) {
            (true, true) => {
                return Double {
                    h: s,
                    l: t,
                    e: F::ZERO,
                    single: false,
                    exact: true,
                };
            }
            (true, false) => t + o.l,
            (false, true) => t + self.l,
            (false, false) => (t + self.l) + o.l,
        };
        let (h, l) = two_sum(s, w);
        // Of exact values without low parts, `w` is `t` and the sum exact
        // ([`EXACT_AT_RUN_TIME`]).
        // (An overflow leaves a NaN in `h` or `l`, which every later step
        // keeps and no certificate passes, as without the test.)
        if (T || EXACT_AT_RUN_TIME) && exact_high(&self) && exact_high(&o) {
            return Double::computed(h, l, F::ZERO);
        }
        let e = carried(&self, &o, false) + u2::<F>(5) * (self.h.abs() + o.h.abs());
        Double::computed(h, l, e)
    }
}

impl<F: Ieee, const T: bool> Sub for Double<F, T> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        self + -o
    }
}

impl<F: Ieee, const T: bool> Neg for Double<F, T> {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        Double {
            h: -self.h,
            l: -self.l,
            ..self
        }
    }
}

impl<F: Ieee, const T: bool> Double<F, T> {
    /// `self o` ([`Mul`]).
    #[inline(always)]
    fn product(self, o: Self) -> Self {
        let (p, q) = two_prod(self.h, o.h);
        // An exact zero (`h = 0` with `e = 0`: an input, a constant, or a
        // value built from them without rounding) makes every partial
        // product and every term of the bound zero ([`ZEROS_EXACT`]).
        let zero = |d: &Self| d.h == F::ZERO && d.e == F::ZERO;
        let under = if (T || ZEROS_EXACT) && (zero(&self) || zero(&o)) {
            F::ZERO
        } else {
            eta::<F>(32)
        };
        // Exact products far above the underflow ([`EXACT_AT_RUN_TIME`]):
        // of two values with no low parts, `p + q`; of an exact value and
        // a power of two, each part scaled.
        if (T || EXACT_AT_RUN_TIME) && self.e == F::ZERO && o.e == F::ZERO && exact_product(p) {
            // (A factor past the range of Veltkamp's split leaves `q` NaN,
            // kept as in `add`.)
            if self.l == F::ZERO && o.l == F::ZERO {
                return Double::computed(p, q, F::ZERO);
            }
            // A power of two scales a low part exactly unless it underflows.
            let scaled = |a: &Self, b: &Self| {
                let pow2 = b.h.magnitude_bits() & ((1 << (F::PRECISION - 1)) - 1) == 0;
                let l = a.l * b.h;
                (b.l == F::ZERO && pow2 && l.abs() > F::TAU).then_some(l)
            };
            if let Some(l) = scaled(&self, &o).or_else(|| scaled(&o, &self)) {
                return Double::computed(p, l, F::ZERO);
            }
        }
        // As for `add`: the cases by `single` are constants.
        let w = match (self.single, o.single) {
            (true, true) => return Double::computed(p, q, under),
            (true, false) => q + self.h * o.l,
            (false, true) => q + self.l * o.h,
            (false, false) => q + (self.h * o.l + self.l * o.h),
        };
        let (h, l) = two_sum(p, w);
        let e = carried(&self, &o, true) + u2::<F>(8) * p.abs() + under;
        Double::computed(h, l, e)
    }
}

impl<F: Ieee, const T: bool> Ring for Double<F, T> {
    const FOLDS: bool = true;
    #[inline(always)]
    fn zero() -> Self {
        Self::exactly(F::ZERO)
    }
    #[inline(always)]
    fn one() -> Self {
        Self::exactly(F::ONE)
    }
    #[inline(always)]
    fn small(n: u32) -> Self {
        Self::exactly(F::count(n))
    }
    #[inline(always)]
    fn sign(&self) -> (Ordering, bool) {
        let s = self.h.partial_cmp(&F::ZERO).unwrap_or(Ordering::Equal);
        // [`Tracked`] keeps `e = 0` for exact values only: `h = 0` with
        // `e = 0` is an exact zero (as [`ZEROS_EXACT`] reads it).
        let zero = T && self.h == F::ZERO && self.e == F::ZERO;
        let sure = self.exact | zero | (self.h.abs() > self.e + self.e);
        (s, sure)
    }
    #[inline(always)]
    fn negate_if(self, neg: bool) -> Self {
        Double {
            h: self.h.flip(neg),
            l: self.l.flip(neg),
            ..self
        }
    }
    #[inline(always)]
    fn pick(c: bool, a: impl FnOnce() -> Self, b: impl FnOnce() -> Self) -> Self {
        super::pick_where_inlined(c, a, b)
    }
    #[inline(always)]
    fn select(c: bool, a: Self, b: Self) -> Self {
        if a.single & b.single {
            return Self::exactly(F::blend(c, a.h, b.h));
        }
        let exact = a.exact & b.exact;
        Double {
            h: F::blend(c, a.h, b.h),
            l: F::blend(c, a.l, b.l),
            e: if exact {
                F::ZERO
            } else {
                F::blend(c, a.e, b.e)
            },
            single: false,
            exact,
        }
    }
    #[inline(always)]
    fn positive_part(self) -> Self {
        // 1-Lipschitz: the bound stays. A NaN (an overflow) stays NaN,
        // which no certificate passes, not a zero within the bound (one
        // comparison, as `h > 0`: NaN is not `<= 0`).
        #[allow(clippy::neg_cmp_op_on_partial_ord)]
        let pos = !(self.h <= F::ZERO);
        Double {
            h: F::blend(pos, self.h, F::ZERO),
            l: F::blend(pos, self.l, F::ZERO),
            ..self
        }
    }
    #[inline(always)]
    fn abs(self) -> Self {
        self.negate_if(self.h < F::ZERO)
    }
}

/// A value with a running error bound in which a construction's parts are
/// evaluated and then rounded: [`Double`], and [`Widened`](super::widened::Widened)
/// for `f32` where `f64` is hardware.
pub trait Approx: Ring + Copy {
    /// All zero bits, overwritten before it is read: an array filled with
    /// it is one `memset` the compiler forgets, where another value is a
    /// loop (at opt-level "s") that keeps the array in memory and each
    /// flag a run-time value.
    const PLACEHOLDER: Self;
    /// Whether this is the constant zero of the expression.
    fn is_zero(&self) -> bool;
    /// `√self` for a value the procedure decided is not negative; `None`
    /// where the computed value is not positive (a graze at zero, unless
    /// exactly zero).
    fn root(self) -> Option<Self>;
    /// `self / d`; `None` where `d` is not certainly away from zero.
    fn over(self, d: Self) -> Option<Self>;
    /// The value and its bound as an approximation of the exact route
    /// ([`approx::Approx::UNKNOWN`] past the range): where a search for
    /// the nearest float starts. Sound for sums and products, whose bounds
    /// hold whatever their size.
    fn seed(&self) -> approx::Approx;
    /// Whether its values are rounded to `f64` (past 64 bits, so that a
    /// seed from the parts' approximations can lose a value that cancels
    /// by more than ten bits: [`tighten`]).
    const WIDE: bool;
}

/// `x` exactly, `None` if not finite.
#[inline(always)]
pub(super) fn big<F: Ieee>(x: F) -> Option<approx::Big> {
    let (negative, m, e) = x.dyadic()?;
    Some(approx::Big::normal(negative, m, e))
}

impl<F: Ieee, const T: bool> Approx for Double<F, T> {
    const WIDE: bool = F::PRECISION > f32::MANTISSA_DIGITS;
    const PLACEHOLDER: Self = Double {
        h: F::ZERO,
        l: F::ZERO,
        e: F::ZERO,
        single: false,
        exact: false,
    };
    #[inline(always)]
    fn is_zero(&self) -> bool {
        self.single && self.h == F::ZERO
    }
    #[inline]
    fn root(self) -> Option<Self> {
        if self.h == F::ZERO && self.e == F::ZERO {
            return Some(self);
        }
        if self.h.partial_cmp(&F::ZERO) != Some(Ordering::Greater) {
            return None;
        }
        let s = self.h.sqrt();
        let (p, q) = two_prod(s, s);
        let r = (((self.h - p) - q) + self.l) / (s + s);
        let (h, l) = two_sum(s, r);
        let carried = if self.exact { F::ZERO } else { self.e / s };
        Some(Double::computed(
            h,
            l,
            carried + u2::<F>(8) * s + eta::<F>(16),
        ))
    }
    fn seed(&self) -> approx::Approx {
        match (big(self.h), big(self.l), big(self.e)) {
            (Some(h), Some(l), Some(e)) => approx::Approx::seeded(h, l, e),
            _ => approx::Approx::UNKNOWN,
        }
    }
    /// No division where `d` computes to one (a constant, or the oriented
    /// rectangle's number 1 squared): then `|1/d - 1| <= 2 e_d` for `e_d <=
    /// 1/2`, so `n` stands for `n / d` with `3 e_d (|h_n| + e_n)` more.
    #[inline(always)]
    fn over(self, d: Self) -> Option<Self> {
        let n = self;
        if d.h == F::ONE && d.l == F::ZERO {
            if d.exact {
                return Some(n);
            }
            if d.e <= F::U {
                // The product's two roundings may underflow (a tiny `n`):
                // `2η` covers them, so that `e = 0` stays exact (`round`).
                let under = if d.e == F::ZERO { F::ZERO } else { eta::<F>(2) };
                let e = n.e + F::count(3) * d.e * (n.h.abs() + n.e) + under;
                return Some(Double::computed(n.h, n.l, e));
            }
        }
        n.div(d)
    }
}

/// `(a + b√c) / (d + e√c)` from parts with bounds and `√c` (`None`: `c =
/// 0`); `None` where a denominator is not certainly away from zero. A part
/// `b` or `e` that is the constant zero, or `d` the constant one, costs
/// nothing.
#[inline(always)]
pub fn surd<A: Approx>(p: &Surd<A>, root: Option<A>) -> Option<A> {
    half(&p.a, &p.b, root).over(half(&p.d, &p.e, root))
}

/// `x + y √c`.
#[inline(always)]
fn half<A: Approx>(x: &A, y: &A, root: Option<A>) -> A {
    match root {
        Some(r) if !y.is_zero() => *x + *y * r,
        _ => *x,
    }
}

/// The values of a construction, each correctly rounded where its bound
/// proves it: `None` if one is not (module doc). On 32-bit targets a
/// construction of more values than are unrolled ([`UNROLLED`]) calls
/// [`finish_into`], one function for all of them, where each held its
/// own copy of the loop: by `CI=true bash ci/size.sh`, `f32` sweep-aabb2
/// 49,576 to 47,856 bytes, advance 204,822 to 194,074, and no row of
/// `python3 ci/mcu.py` moved by 2% but the `f32` sweep_aabb2 face hit
/// (2,427 to 2,370). Fewer values stay inlined, folded where their parts
/// are constants.
#[inline(always)]
pub fn finish<F: Ieee, const T: bool, const M: usize>(
    radicand: &Double<F, T>,
    parts: &[Part<Double<F, T>>; M],
) -> Option<[F; M]> {
    if cfg!(target_pointer_width = "32") && M > UNROLLED {
        let mut out = [F::ZERO; M];
        return finish_into(radicand, parts, &mut out).then_some(out);
    }
    finish_by(radicand, parts, F::ZERO, ToFloat)
}

/// [`finish`], and where a value's bound does not prove it but its
/// polynomials are exact (`e = 0`, as [`Tracked`] keeps them), that value
/// rounded by exact comparisons with the midpoints beside it (module
/// `midpoints`): a tie or near-tie of exact inputs, a grid's `2 + 0.47`
/// among them, without the exact route. Where a value is neither,
/// false, and `found` holds each value rounded (`true`) or as computed
/// (`false`; zero where none was), from which [`midpoints::nearest`] can
/// start again on exact polynomials; `out` holds the values where it
/// returns true. For the floats' retry ([`Tracked`]), cold, and over
/// slices: one copy for every construction (as one per number of values,
/// it took 91 KB of the README quick start's binary, `bash
/// ci/compile-time.sh`).
#[inline(never)]
pub fn finish_at_midpoints<F: Ieee, const T: bool>(
    radicand: &Double<F, T>,
    parts: &[Part<Double<F, T>>],
    found: &mut [(F, bool)],
    out: &mut [F],
) -> bool {
    // Most retries are proved by the bounds alone: `finish_into`, one
    // copy for every construction (the unrolled `finish` in each took 40
    // KB of that binary for 2.3% of W5 `f64`'s instructions).
    finish_into(radicand, parts, out) || at_midpoints(radicand, parts, found, out).is_some()
}

/// [`finish_at_midpoints`] past the bounds: `Some` where every value is
/// found.
fn at_midpoints<F: Ieee, const T: bool>(
    radicand: &Double<F, T>,
    parts: &[Part<Double<F, T>>],
    found: &mut [(F, bool)],
    out: &mut [F],
) -> Option<()> {
    let root = if radicand.is_zero() {
        None
    } else {
        Some(radicand.root()?)
    };
    let first = parts.first()?;
    let base = match first {
        Part::Surd(s) => surd(s, root)?,
        Part::Along(p, _, m) => p.over(*m)?,
    };
    let mut all = true;
    // Value 0 and the radicand as exact sums, once for every value they
    // round: each part is two components, a value along value 0 a few
    // products of them, held in eight (where they outgrow that, the
    // construction on exact sums decides: on W5 `f64` eight took 2.9%
    // fewer instructions than sixteen, whose copies cost more).
    let mut exact_base = None;
    for (i, ((o, part), f)) in out.iter_mut().zip(parts).zip(found.iter_mut()).enumerate() {
        let Some(v) = value(i, part, base, root) else {
            all = false;
            continue;
        };
        let c = v.h + v.l;
        let mut exact = || {
            let (v0, c0) = exact_base
                .get_or_insert_with(|| {
                    let first = midpoints::exact_part::<F, T, 8>(first)?;
                    let radicand = midpoints::exact(radicand)?;
                    Some((midpoints::base(&first), midpoints::Radicand::new(&radicand)))
                })
                .as_ref()?;
            midpoints::nearest_value(i, || midpoints::exact_part(part), v0, c0, c)
        };
        *f = match v.round().or_else(&mut exact) {
            Some(x) => {
                *o = x;
                (x, true)
            }
            None => {
                all = false;
                (c, false)
            }
        };
    }
    all.then_some(())
}

/// [`finish`] into `out`, for any number of values (`false`: not
/// proved; `out` then holds some values): one function for every
/// construction of an image, where [`finish_by`] is a copy inlined in
/// each. The root and value 0 are [`finish_by`]'s, written out again:
/// through one helper returning both, this function took 84 bytes more
/// and the `f32` sweep_aabb2 face hit 3.6% more instructions on
/// thumbv7em (`ci/size.sh`, `python3 ci/mcu.py`); a unit test checks the
/// two agree value for value.
#[inline(never)]
pub fn finish_into<F: Ieee, const T: bool>(
    radicand: &Double<F, T>,
    parts: &[Part<Double<F, T>>],
    out: &mut [F],
) -> bool {
    let root = if radicand.is_zero() {
        None
    } else {
        match radicand.root() {
            Some(r) => Some(r),
            None => return false,
        }
    };
    let base = match parts.first() {
        Some(Part::Surd(s)) => surd(s, root),
        Some(Part::Along(p, _, m)) => p.over(*m),
        None => Some(Double::zero()),
    };
    let Some(base) = base else { return false };
    for (i, (o, part)) in out.iter_mut().zip(parts).enumerate() {
        match value(i, part, base, root).and_then(Double::round) {
            Some(v) => *o = v,
            None => return false,
        }
    }
    true
}

/// Constructions of up to this many values are built unrolled, the rest
/// in a loop (the same operations either way, so the same bits). On
/// 64-bit targets every 2D sweep's hit (7 values): by `SWEPT_BENCH_N=10000
/// bash benches/instructions.sh`, W1-AABB `f64` from 479 to 447
/// instructions a query, `f32` 441 to 415, W1-OBB `f64` 976 to 952. On
/// 32-bit ones (microcontrollers) 1, a single value (the distances):
/// unrolling 7 grows the thumbv7em images by up to 12% in `f32` and 20%
/// in `f64` (`SIZE_QUERIES=... bash ci/size.sh`); 3 took 0.6% to 2.7%
/// more of the `f32` sweeps and `advance` (`CI=true bash ci/size.sh`:
/// sweep-circle 39,882 against 38,814 bytes, advance 158,500 against
/// 157,508) for 1.5% to 5.8% fewer of `advance`'s instructions (`bash
/// ci/mcu-count.sh`; its end of frame builds two values), and 0, the
/// distance 19,828 against 21,476.
const UNROLLED: usize = if cfg!(target_pointer_width = "64") {
    7
} else {
    1
};
// `finish_by`'s `unrolled!` lists the indices 0 to 6.
const _: () = assert!(UNROLLED <= 7);

/// How [`finish_by`] rounds each value: a method always inlined, at
/// every unrolled index (a function passed as a closure was left a call
/// at some of them, by the compiler's budget: W1-AABB `f64` 384 to 398
/// instructions a query after changes elsewhere).
pub trait Rounds<A, O> {
    /// `a` rounded, where its bound proves the result (`None`: not
    /// proved).
    fn round(&self, a: A) -> Option<O>;
}

/// To the nearest float ([`Double::round`]).
pub struct ToFloat;

impl<F: Ieee, const T: bool> Rounds<Double<F, T>, F> for ToFloat {
    #[inline(always)]
    fn round(&self, a: Double<F, T>) -> Option<F> {
        a.round()
    }
}

/// The values of a construction, each rounded by `r` (`None`: not
/// proved).
#[inline(always)]
pub fn finish_by<A: Approx, O: Copy, const M: usize>(
    radicand: &A,
    parts: &[Part<A>; M],
    zero: O,
    r: impl Rounds<A, O>,
) -> Option<[O; M]> {
    let root = if radicand.is_zero() {
        None
    } else {
        Some(radicand.root()?)
    };
    // Value 0, the base of the parts along it.
    let base = match parts.first() {
        Some(Part::Surd(s)) => surd(s, root)?,
        Some(Part::Along(p, _, m)) => p.over(*m)?,
        None => A::zero(),
    };
    let mut out = [zero; M];
    if M <= UNROLLED {
        // Unrolled: with constant indices each part's flags stay constants
        // of the expression, and the steps they save go.
        macro_rules! unrolled {
            ($($i:literal)*) => {$(
                if let (Some(o), Some(part)) = (out.get_mut($i), parts.get($i)) {
                    *o = r.round(value($i, part, base, root)?)?;
                }
            )*};
        }
        unrolled!(0 1 2 3 4 5 6);
    } else {
        // A loop: smaller code for the constructions of many values.
        for (i, (o, part)) in out.iter_mut().zip(parts).enumerate() {
            *o = r.round(value(i, part, base, root)?)?;
        }
    }
    Some(out)
}

/// Each of `out` [`tighter`](approx::Approx::tighter) with the value the
/// route builds from `radicand` and `parts`, where the route builds it
/// within `2^-40` of its magnitude, and value 0 too where the value is
/// built along it: a quotient's bound holds where its divisor's computed
/// gap is well above the divisor's bound (module doc: the gap is then
/// within a relative `2u` of its exact value), and a quotient's bound,
/// at least `|q| e_d / gap`, within `2^-40 |q|` says it is. A root's bound
/// holds whatever its radicand's. Such a value keeps what cancels far
/// below its terms, which the parts' 64-bit approximations lose
/// ([`approx::values`]).
#[inline(never)]
pub fn tighten<A: Approx>(radicand: &A, parts: &[Part<A>], out: &mut [approx::Approx]) {
    // As [`finish_by`]: a root that fails (a radicand not certainly
    // positive) is not a zero root, and leaves every seed as it is.
    let root = if radicand.is_zero() {
        None
    } else {
        match radicand.root() {
            Some(r) => Some(r),
            None => return,
        }
    };
    let base = match parts.first() {
        Some(Part::Surd(s)) => surd(s, root),
        Some(Part::Along(p, _, m)) => p.over(*m),
        None => None,
    };
    let Some(base) = base else { return };
    let along = base.seed().within(40);
    for (i, (o, part)) in out.iter_mut().zip(parts).enumerate() {
        if matches!(part, Part::Along(..)) && !along {
            continue;
        }
        if let Some(v) = value(i, part, base, root).map(|v| v.seed()) {
            if v.within(40) {
                *o = o.tighter(v);
            }
        }
    }
}

/// Value `i` of a construction, `part`, given value 0, `base`, and the
/// root.
#[inline(always)]
fn value<A: Approx>(i: usize, part: &Part<A>, base: A, root: Option<A>) -> Option<A> {
    match part {
        _ if i == 0 => Some(base),
        Part::Surd(s) => surd(s, root),
        Part::Along(p, q, m) => (*p + *q * base).over(*m),
    }
}

pub(super) mod midpoints;

#[cfg(test)]
pub(super) mod tests;
