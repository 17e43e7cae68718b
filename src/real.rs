//! The one numeric trait every query is generic over.
//!
//! A query is a fixed sequence of additions, subtractions, multiplications and
//! comparisons (its *decisions*), followed by at most a square root and a
//! division (its *construction*). `Real` asks for exactly that, nothing more, so
//! that one kernel runs on:
//!
//! | backend | decisions | `sqrt` | `quotient` |
//! |---|---|---|---|
//! | `f32`, `f64` | IEEE basic operations, round to nearest; filtered, with an exact integer fallback, where a query says so (rectangle sweeps) | `libm`, correctly rounded | IEEE, correctly rounded |
//! | `FixedI32<F>`, `FixedI64<F>` (`fixed`) | integer; products a query compares in [`Real::Wide`] exact (the box queries), others rounded down (floor); filtered, with an exact integer fallback, where a query's local values are rounded products (the oriented rectangle sweep) | integer square root, rounded down | truncated toward zero |
//! | exact rationals (test harness, `rug`) | exact | within 2^-256 relative | exact |
//!
//! The trait does not require `Copy` (arbitrary-precision rationals are not),
//! and its constants are functions (a big number cannot be an associated const).
//! For `Copy` types `clone` is a copy, so generic code costs nothing:
//! `benches/static.rs` compares a generic query with the same query written
//! by hand for `f32`.
//!
//! # Determinism
//! Floats use only `+ - * /`, comparisons and `libm::sqrt`; never `mul_add` or
//! an intrinsic, so the same inputs give the same bits on every IEEE target.
//! Fixed point is integer arithmetic and bit-exact everywhere.
//!
//! # Predicates
//! A predicate compares products through [`Real::Wide`], [`Real::wide`] and
//! [`Real::cmp_wide_products`] (degree 2 and 4), not through `*`, so that
//! each backend decides as exactly as it can while the kernel stays one:
//! rationals and fixed point decide exactly (fixed point: double-width
//! integer products, a 256-bit comparison at degree 4). Floats compare the
//! rounded products `*` gives and say, through [`Real::rounding`] and
//! [`Real::wide_separated`], whether that order is certain given an error
//! bound; where it is not, a query decides again exactly on its raw inputs
//! made integers ([`Real::to_dyadic`], fixed-width integers in
//! `real/big.rs`). Fixed point does the same where a query's local values
//! are rounded products, with bounds from [`Real::lsb`]. The box queries
//! (`circle_box`, `sweep_circle_rect`) use `Wide`; the rectangle sweep
//! (aligned and oriented) also filters and falls back, so it decides
//! exactly on floats, and on fixed point for the oriented rectangle too;
//! `sweep_circle_segment`,
//! whose tests reach
//! degree 6, uses neither yet.
//!
//! # Domains
//! [`Real::magnitude_limit`] gives each backend's overflow-free input range for a
//! polynomial of a given degree; queries check their (translated) inputs
//! against it up front with [`Real::all_within`] and return an error outside
//! it.

use core::cmp::Ordering;
use core::fmt::Debug;
use core::ops::{Add, Mul, Neg, Sub};

mod fixed_point;
mod float;

/// A number type a query can run on: a ring with exact comparisons, plus a
/// square root and a quotient used only to construct final values.
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
    /// Short name of the backend, used in reports (`"f32"`, `"I16F16"`, ...).
    const NAME: &'static str;

    /// How this type decides exactly and rounds its constructions: the
    /// link to the exact layer (`crate::exact`).
    type Kernel: crate::exact::Kernel<Self>;

    /// True if a sum or product that overflows becomes a non-finite value
    /// that propagates to everything computed from it (IEEE floats: ±inf,
    /// NaN). Then a domain check on values derived from the inputs also
    /// covers the inputs, and a query may skip the check on the raw inputs.
    /// False (the default) where overflow wraps (fixed point).
    const OVERFLOW_PROPAGATES: bool = false;

    /// The type a product of two values is compared in: exact for fixed
    /// point (the double-width integer product, `2F` fraction bits) and
    /// rationals; `Self` for floats.
    type Wide: Clone + PartialOrd + Add<Output = Self::Wide> + Sub<Output = Self::Wide>;

    /// `a · b` as a [`Real::Wide`]: exact for fixed point and rationals; for
    /// floats the rounded product, the value `a * b` gives.
    fn wide(a: &Self, b: &Self) -> Self::Wide;

    /// The order of `a · b` and `c · d` for wide values (a degree-4
    /// comparison): exact for fixed point and rationals; for floats the
    /// order of the rounded products (for values not NaN).
    fn cmp_wide_products(
        a: &Self::Wide,
        b: &Self::Wide,
        c: &Self::Wide,
        d: &Self::Wide,
    ) -> Ordering;

    /// Where the backend's ring operations round (floats): the unit
    /// roundoff `u`, and `η`, a bound on the absolute error a product can
    /// take on underflow: the smallest *normal* value (`2^-1022`, `2^-126`),
    /// far above the half subnormal step that error really is, so that
    /// error bounds are computed without subnormal operands (on x86 each
    /// such operation is a microcode assist, hundreds of cycles). `None`
    /// (the default) where the
    /// decisions a query makes are exact as computed: fixed point (exact
    /// sums, [`Real::Wide`] products) and rationals. Queries bound their
    /// predicates' errors with it and decide again exactly where the
    /// rounded sign is not certain.
    #[inline]
    fn rounding() -> Option<(Self, Self)> {
        None
    }

    /// Fixed point: the resolution (one unit in the last place), to which
    /// products round down. Queries whose local values are rounded
    /// products (the oriented rectangle's frame) bound their predicates'
    /// errors with it and decide again exactly where the computed sign is
    /// not certain. `None` (the default) elsewhere.
    #[inline]
    fn lsb() -> Option<Self> {
        None
    }

    /// `self` exactly as `(neg, m, e)`, the value `(-1)^neg · m · 2^e`: the
    /// way into the exact fallback of rounded decisions (floats, fixed
    /// point). `None` for NaN and infinities, and for backends whose values
    /// are not dyadic or that do not need a fallback (the default).
    #[inline]
    fn to_dyadic(&self) -> Option<(bool, u64, i32)> {
        None
    }

    /// Whether the order of the computed (wide) values `a` and `b` is the
    /// order of the exact values `A` and `B` they stand for, given that
    /// `err` bounds `|(a - b) - (A - B)|` with a relative margin of `2u` to
    /// spare for the subtraction itself (floats): `|a - b| > err`. Fixed
    /// point compares exactly (`Wide` holds `a - b` exactly). Backends
    /// whose decisions are exact (the default): always.
    #[inline]
    fn wide_separated(a: &Self::Wide, b: &Self::Wide, err: &Self) -> bool {
        let _ = (a, b, err);
        true
    }

    /// As [`Real::wide_separated`] for the degree-4 comparison of
    /// [`Real::cmp_wide_products`]: `err` bounds the error of the computed
    /// `a·b - c·d`, the products' roundings included.
    #[inline]
    fn wide_products_separated(
        a: &Self::Wide,
        b: &Self::Wide,
        c: &Self::Wide,
        d: &Self::Wide,
        err: &Self,
    ) -> bool {
        let _ = (a, b, c, d, err);
        true
    }

    /// Zero.
    fn zero() -> Self;

    /// One.
    fn one() -> Self;

    /// The value nearest to `x` (ties to even); `None` if `x` is NaN, infinite
    /// or outside the representable range.
    fn from_f64(x: f64) -> Option<Self>;

    /// The value nearest to `num / den` (ties to even; exact for rationals);
    /// `None` if `den == 0` or the value is outside the representable range.
    /// Floats are correctly rounded when `|num|` and `|den|` are at most 2^53.
    fn from_ratio(num: i64, den: i64) -> Option<Self>;

    /// The `f64` nearest to `self` (NaN and infinities pass through).
    fn to_f64(&self) -> f64;

    /// Square root of a non-negative value: correctly rounded for floats,
    /// rounded down for fixed point, within 2^-256 relative for rationals.
    /// For a negative value: NaN for floats, zero otherwise (never a panic).
    /// Queries call it only to construct a result, never before a decision.
    fn sqrt(self) -> Self;

    /// `self / den`: correctly rounded for floats, truncated toward zero for
    /// fixed point, exact for rationals. Queries call it only with a `den`
    /// their decisions proved non-zero; for `den == 0` the result is
    /// unspecified (infinity or NaN for floats, zero otherwise) but never a panic.
    fn quotient(self, den: Self) -> Self;

    /// False for NaN and infinities.
    fn is_finite(&self) -> bool;

    /// Largest power of two `m` such that `2^terms_log2` products of `degree`
    /// factors, each of magnitude at most `m`, and all their partial sums are
    /// representable. `None`: unbounded (rationals).
    ///
    /// Queries derive their input domain from it, intermediate by intermediate.
    fn magnitude_limit(degree: u32, terms_log2: u32) -> Option<Self>;

    /// True if every value is finite and small enough for a domain limit
    /// `limit` (a value of [`Real::magnitude_limit`], a power of two), by the
    /// cheapest test each backend has:
    ///
    /// * floats: the sum of the magnitudes is at most `limit` (NaN and
    ///   infinities fail this one comparison);
    /// * fixed point: every magnitude is below `limit` (one OR of the bits,
    ///   one comparison);
    /// * the default: every magnitude is at most `limit`.
    #[inline]
    fn all_within<const N: usize>(values: [&Self; N], limit: &Self) -> bool {
        values
            .iter()
            .fold(true, |ok, v| ok & ((*v).clone().abs() <= *limit))
    }

    /// Tolerance for validating "unit" vectors and orthogonality in
    /// constructors: a few units of roundoff (floats), a few LSBs (fixed), zero
    /// (rationals: exact).
    fn unit_tolerance() -> Self;

    /// `-self` if `neg`, else `self`: the reflections into the first
    /// quadrant and back. Floats flip the sign bit (what IEEE negation
    /// does), so no branch is taken on `neg`: on x86-64 a select of two
    /// float values on a `bool` becomes a branch, and the reflections are
    /// coin tosses on random queries.
    #[inline]
    fn negate_if(self, neg: bool) -> Self {
        if neg { -self } else { self }
    }

    /// Absolute value.
    #[inline]
    fn abs(self) -> Self {
        if self < Self::zero() { -self } else { self }
    }
}
