//! The link between a number type and the exact layer ([`Kernel`]), and its
//! three implementations: exact types ([`Exactly`]), IEEE floats (a filter
//! and an exact fallback) and fixed point (exact integers, after the
//! floats' filter where `f64` is hardware).

use super::align::{Dyadic, Plan, plan};
use super::bound;
use super::double::{self, Double};
use super::filter::{Filtered, Ieee};
use super::int::{Int, limbs};
use super::round;
use super::{
    COEFFICIENT_BITS, Construction, Dim, FALLBACK_BITS, Finish, Part, Procedure, Refused, Ring,
    Signs, Surd,
};
use crate::Real;
use core::cmp::Ordering;
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

/// Calls `f::<K, …>(…)` with `K` the limbs of the smallest integer size
/// (bits) at least `need`, or evaluates `$none` if there is none.
macro_rules! by_size {
    ($need:expr, $f:ident::<$($g:tt),*>($($arg:expr),*), $none:expr) => {{
        let need: u32 = $need;
        if need <= 128 {
            $f::<{ limbs(128) }, $($g),*>($($arg),*)
        } else if need <= 192 {
            $f::<{ limbs(192) }, $($g),*>($($arg),*)
        } else if need <= 256 {
            $f::<{ limbs(256) }, $($g),*>($($arg),*)
        } else if need <= 384 {
            $f::<{ limbs(384) }, $($g),*>($($arg),*)
        } else if need <= 640 {
            $f::<{ limbs(640) }, $($g),*>($($arg),*)
        } else if need <= 1024 {
            $f::<{ limbs(1024) }, $($g),*>($($arg),*)
        } else if need <= 1536 {
            $f::<{ limbs(1536) }, $($g),*>($($arg),*)
        } else if need <= FALLBACK_BITS {
            $f::<{ limbs(FALLBACK_BITS) }, $($g),*>($($arg),*)
        } else {
            $none
        }
    }};
}

/// Calls `f::<K, …>(…)` for the floats' fallback in one of two sizes: the
/// smallest size for `$small` bits (a constant: inputs within
/// [`NEAR_BITS`] of each other), or [`FALLBACK_BITS`]; `$none` beyond.
/// Two sizes, not every size: each is a copy of the whole procedure, and
/// the fallback is rare.
macro_rules! near_or_far {
    ($need:expr, $small:expr, $f:ident::<$($g:tt),*>($($arg:expr),*), $none:expr) => {{
        let (need, small): (u32, u32) = ($need, $small);
        if need <= small {
            by_size!(small, $f::<$($g),*>($($arg),*), $none)
        } else if need <= FALLBACK_BITS {
            $f::<{ limbs(FALLBACK_BITS) }, $($g),*>($($arg),*)
        } else {
            $none
        }
    }};
}

/// Aligned bits of float inputs that the fallback's smaller size holds:
/// inputs whose binary orders span up to about 2^70 (W1, W2 and most
/// real scenes).
const NEAR_BITS: u32 = 128;

/// Bits a procedure of degree `degree` needs on inputs of `bits` bits.
#[inline]
const fn decision_bits(degree: u32, bits: u32) -> u32 {
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

/// Runs `p` on the inputs aligned into integers of `K` limbs.
fn run_on<const K: usize, P: Procedure<N>, const N: usize>(
    p: &P,
    plan: &Plan<N>,
) -> Result<P::Out, Refused> {
    let x: [Int<K>; N] = plan.build().ok_or(Refused::Spread)?;
    Ok(p.run(&x, &mut Signs::new()))
}

/// Builds `c` on the inputs aligned into integers of `K` limbs; `round`
/// turns each exact value into the backend's (`None`: out of its range,
/// which ends at `2^limit`).
fn build_on<const K: usize, T: Real, C: Construction<N, M>, const N: usize, const M: usize>(
    c: &C,
    plan: &Plan<N>,
    (round, limit): (&impl Fn(round::Signed) -> Option<T>, i32),
) -> Result<[T; M], Refused> {
    let x: [Int<K>; N] = plan.build().ok_or(Refused::Spread)?;
    let scale = |i: usize| {
        let dim = C::OUT.get(i).copied().unwrap_or(Dim::NONE);
        plan.scale().of(dim)
    };
    c.build(
        &x,
        Rounded {
            scale,
            round,
            limit,
        },
    )
}

/// The integer kernels' rounding: each exact value scaled back by
/// `scale(i)` and rounded by `round`.
struct Rounded<'a, S, F> {
    scale: S,
    round: &'a F,
    limit: i32,
}

impl<const K: usize, const M: usize, T, S, F> Finish<Int<K>, M> for Rounded<'_, S, F>
where
    T: Real,
    S: Fn(usize) -> i32,
    F: Fn(round::Signed) -> Option<T>,
{
    type Out = Result<[T; M], Refused>;
    #[inline]
    fn finish(self, radicand: &Int<K>, parts: &[Part<Int<K>>; M]) -> Self::Out {
        let root = round::root(radicand);
        let base = Part::base(parts);
        let mut out: [T; M] = core::array::from_fn(|_| T::zero());
        for (i, (o, p)) in out.iter_mut().zip(parts).enumerate() {
            let v = round::value(&p.expand(base), radicand, root, (self.scale)(i));
            *o = v.and_then(self.round).ok_or(Refused::Unrepresentable {
                index: i,
                limit: self.limit,
            })?;
        }
        Ok(out)
    }
    fn zero(self) -> Self::Out {
        Ok(core::array::from_fn(|_| T::zero()))
    }
}

// ---------------------------------------------------------------------------
// Floats.

impl Dyadic for f32 {
    #[inline]
    fn dyadic(&self) -> Option<(bool, u64, i32)> {
        Ieee::dyadic(*self)
    }
}

impl Dyadic for f64 {
    #[inline]
    fn dyadic(&self) -> Option<(bool, u64, i32)> {
        Ieee::dyadic(*self)
    }
}

impl<F: Ieee + Dyadic + Real> Kernel<F> for Float {
    #[inline(always)]
    fn decide<P: Procedure<N>, const N: usize>(p: &P, x: &[F; N]) -> Result<P::Out, Refused> {
        // A small procedure is cheaper on values carrying their own bounds
        // than on one bound per query, which needs a pass over the inputs
        // first.
        if small::<P, N>() {
            // A sign certain by monotonicity may rest on an infinity.
            if !all_finite(x) {
                return Err(not_finite(*x));
            }
            return filtered_then_exactly(p, *x);
        }
        let kinds = const { bound::Kinds::of(&P::DIMS) };
        match bound::scaled(x, &P::DIMS, &kinds, P::DEGREE) {
            Ok(xs) => {
                if let Some(out) = surely(p, &xs) {
                    return Ok(out);
                }
            }
            Err(bound::Outside::NotFinite) => return Err(not_finite(*x)),
            Err(bound::Outside::Window) => {}
        }
        decide_filtered(p, *x)
    }

    #[inline(never)]
    fn construct<C: Construction<N, M>, const N: usize, const M: usize>(
        c: &C,
        x: &[F; N],
    ) -> Result<[F; M], Refused> {
        match construct_certified(c, x) {
            Some(v) => Ok(v),
            None => construct_exactly(c, x),
        }
    }

    /// One rounded difference: rounding is monotone and `c` is a float,
    /// so `a - b <= c` gives `fl(a - b) <= c` (an overflow to an infinity
    /// included). False on a NaN.
    #[inline(always)]
    fn exceeds(a: &F, b: &F, c: &F) -> bool {
        *a - *b > *c
    }
}

/// The refusal naming the first input of `x` that is not finite (cold,
/// and by value: the caller's inputs need not be stored for it).
#[cold]
#[inline(never)]
fn not_finite<F: Ieee, const N: usize>(x: [F; N]) -> Refused {
    Refused::NotFinite(x.iter().position(|v| !v.finite()).unwrap_or(0))
}

/// Whether every value is finite: `x - x` is zero for each finite `x` and
/// NaN otherwise, and the bits of their magnitudes are or-ed (one
/// vectorisable pass).
#[inline(always)]
#[allow(clippy::eq_op)] // `x - x`: zero or NaN, on purpose
fn all_finite<F: Ieee, const N: usize>(x: &[F; N]) -> bool {
    x.iter()
        .fold(0u64, |acc, v| acc | (*v - *v).magnitude_bits())
        == 0
}

/// The inputs as exact filtered values. A loop the compiler keeps inline
/// (`array::map` it does not), so that every rounding count it folds stays
/// a constant.
#[inline(always)]
fn inputs<F: Ieee, const N: usize>(x: &[F; N]) -> [Filtered<F>; N] {
    let mut out = [Filtered::input(F::ZERO); N];
    for (o, v) in out.iter_mut().zip(x) {
        *o = Filtered::input(*v);
    }
    out
}

/// The floats' second filter (each value's own bound), then the exact
/// fallback, out of line (after the first filter).
#[inline(never)]
fn decide_filtered<F: Ieee + Dyadic, P: Procedure<N>, const N: usize>(
    p: &P,
    x: [F; N],
) -> Result<P::Out, Refused> {
    filtered_then_exactly(p, x)
}

/// The per-value filter, then the exact fallback; `x` finite.
#[inline(always)]
fn filtered_then_exactly<F: Ieee + Dyadic, P: Procedure<N>, const N: usize>(
    p: &P,
    x: [F; N],
) -> Result<P::Out, Refused> {
    match surely(p, &inputs(&x)) {
        Some(out) => Ok(out),
        None => decide_exactly(p, x),
    }
}

/// The outcome of `p` on filtered values, if every sign it took was
/// certain.
#[inline(always)]
fn surely<R: Ring, P: Procedure<N>, const N: usize>(p: &P, x: &[R; N]) -> Option<P::Out> {
    let mut s = Signs::new();
    let out = p.run(x, &mut s);
    s.sure().then_some(out)
}

/// Whether floats decide `P` on [`Filtered`] values first: degree at most
/// 2. Measured by `SWEPT_BENCH_N=5000 bash benches/instructions.sh 'W4-OBB
/// f64$' 'W1-OBB f64$' ...` before and after: the oriented box's early exit
/// (degree 2 in 26 inputs) takes W4-OBB `f64` from 5,785 to 3,084
/// instructions a query; the oriented rectangle's (in 16) costs W1-OBB 4%
/// more in `f64` (954 to 989) and 7% in `f32` (989 to 1,054).
const fn small<P: Procedure<N>, const N: usize>() -> bool {
    P::DEGREE <= 2
}

/// The floats' exact fallback: the procedure on the aligned inputs; `x`
/// finite (every caller has checked, and named the input otherwise).
#[cold]
#[inline(never)]
fn decide_exactly<F: Ieee + Dyadic, P: Procedure<N>, const N: usize>(
    p: &P,
    x: [F; N],
) -> Result<P::Out, Refused> {
    let plan = plan(&x, &P::DIMS, true)?;
    let need = decision_bits(P::DEGREE, plan.bits());
    let near = decision_bits(P::DEGREE, NEAR_BITS);
    near_or_far!(need, near, run_on::<P, N>(p, &plan), Err(Refused::Spread))
}

/// A float construction in double-word arithmetic, if every value's
/// rounding to nearest is proved ([`double`](super::double)).
#[inline]
fn construct_certified<F: Ieee, C: Construction<N, M>, const N: usize, const M: usize>(
    c: &C,
    x: &[F; N],
) -> Option<[F; M]> {
    on_doubles(c, x, Certified)
}

/// `c` built on double-word values of `x`, finished by `out`.
#[inline(always)]
fn on_doubles<
    F: Ieee,
    C: Construction<N, M>,
    O: Finish<Double<F>, M>,
    const N: usize,
    const M: usize,
>(
    c: &C,
    x: &[F; N],
    out: O,
) -> O::Out {
    let mut xs = [Double::input(F::ZERO); N];
    for (o, v) in xs.iter_mut().zip(x) {
        *o = Double::input(*v);
    }
    c.build(&xs, out)
}

/// The floats' rounding in double-word arithmetic: each value where its
/// bound proves the nearest float, else none.
struct Certified;

impl<F: Ieee, const M: usize> Finish<Double<F>, M> for Certified {
    type Out = Option<[F; M]>;
    #[inline(always)]
    fn finish(self, radicand: &Double<F>, parts: &[Part<Double<F>>; M]) -> Option<[F; M]> {
        double::finish(radicand, parts)
    }
    #[inline(always)]
    fn zero(self) -> Option<[F; M]> {
        Some([F::ZERO; M])
    }
}

/// The floats' exact construction: the parts in integers, each value
/// rounded once.
#[cold]
#[inline(never)]
fn construct_exactly<
    F: Ieee + Dyadic + Real,
    C: Construction<N, M>,
    const N: usize,
    const M: usize,
>(
    c: &C,
    x: &[F; N],
) -> Result<[F; M], Refused> {
    let plan = plan(x, &C::DIMS, true)?;
    let need = construction_bits(C::DEGREE, plan.bits());
    let near = construction_bits(C::DEGREE, NEAR_BITS);
    let round = |v: round::Signed| round::to_float::<F>(v);
    near_or_far!(
        need,
        near,
        build_on::<F, C, N, M>(c, &plan, (&round, F::MAX_EXP + 1)),
        Err(Refused::Spread)
    )
}

// ---------------------------------------------------------------------------
// Fixed point.

#[cfg(feature = "fixed")]
mod fixed_kernel {
    use super::*;
    use fixed::types::extra::{IsLessOrEqual, LeEqU32, LeEqU64, True, U27, U59, Unsigned};
    use fixed::{FixedI32, FixedI64};

    /// A fixed-point type: its raw integer and fraction bits.
    pub trait FixedRaw: Copy {
        /// Fraction bits.
        const FRAC: u32;
        /// Bits of the raw integer.
        const RAW_BITS: u32;
        /// The raw integer.
        fn raw(self) -> i64;
        /// The value with this raw integer, if it fits.
        fn from_raw(raw: i128) -> Option<Self>;
    }

    macro_rules! fixed_raw {
        ($Fixed:ident, $Inner:ty, $Le:ident, $Max:ty, $bits:expr) => {
            impl<Frac> FixedRaw for $Fixed<Frac>
            where
                Frac: $Le + Unsigned + IsLessOrEqual<$Max, Output = True>,
            {
                const FRAC: u32 = Frac::U32;
                const RAW_BITS: u32 = $bits;
                #[inline]
                fn raw(self) -> i64 {
                    i64::from(self.to_bits())
                }
                #[inline]
                fn from_raw(raw: i128) -> Option<Self> {
                    <$Inner>::try_from(raw).ok().map(Self::from_bits)
                }
            }

            impl<Frac> Dyadic for $Fixed<Frac>
            where
                Frac: $Le + Unsigned + IsLessOrEqual<$Max, Output = True>,
            {
                #[inline]
                fn dyadic(&self) -> Option<(bool, u64, i32)> {
                    let raw = self.raw();
                    Some((raw < 0, raw.unsigned_abs(), -(Frac::I32)))
                }
            }
        };
    }
    fixed_raw!(FixedI32, i32, LeEqU32, U27, 32);
    fixed_raw!(FixedI64, i64, LeEqU64, U59, 64);

    /// Whether some input is a time (it raises lengths by `FRAC` bits).
    const fn has_time<const N: usize>(dims: &[Dim; N]) -> bool {
        let mut i = 0;
        while i < N {
            if dims[i].time > 0 {
                return true;
            }
            i += 1;
        }
        false
    }

    /// The widest aligned raw integer of a fixed type, for these inputs.
    #[inline]
    const fn fixed_bits<T: FixedRaw, const N: usize>(dims: &[Dim; N]) -> u32 {
        T::RAW_BITS + if has_time(dims) { T::FRAC } else { 0 }
    }

    /// Runs `p` on the raw integers in `K` limbs: the aligned integers when no
    /// input is a time (every value is an integer times `2^-FRAC`).
    #[inline]
    fn run_raw<const K: usize, T: FixedRaw, P: Procedure<N>, const N: usize>(
        p: &P,
        x: &[T; N],
    ) -> Result<P::Out, Refused> {
        let mut ints = [Int::<K>::ZERO; N];
        for (o, v) in ints.iter_mut().zip(x) {
            *o = Int::from_i64(v.raw());
        }
        Ok(p.run(&ints, &mut Signs::new()))
    }

    /// Bits of the integers of fixed point's narrow paths: decisions and
    /// constructions on inputs whose raw integers are small (a scene of a few
    /// hundred units in `I32F32`), where the integers sized for the type's
    /// whole range would be two to four times wider.
    const NARROW_DECISION_BITS: u32 = 256;
    const NARROW_CONSTRUCTION_BITS: u32 = 768;

    /// Bits of the widest raw integer among `x`, its sign included (the width
    /// [`fixed_bits`] bounds for the type).
    #[inline]
    fn raw_width<T: FixedRaw, const N: usize>(x: &[T; N]) -> u32 {
        let any = x.iter().fold(0u64, |acc, v| acc | v.raw().unsigned_abs());
        u64::BITS - any.leading_zeros() + 1
    }

    /// Fixed point through `f64` first, on machines with hardware `f64`:
    /// where every raw integer is below `2^53`, the values are `f64`s
    /// exactly, and the floats' filters decide and their double-word
    /// arithmetic builds (rounded to the fixed type's nearest, with a margin
    /// that makes the count the integers' own); the integers take what those
    /// leave. A speed choice only: the answers are the integers', bit for
    /// bit, so targets without it (microcontrollers, where `f64` is
    /// emulated and its code would be linked) agree.
    #[cfg(any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    ))]
    mod first {
        use super::*;

        /// Whether the integers answer every input of dimensions `dims`
        /// where `need` bits are needed: each input a length, a velocity, a
        /// time or a direction (every crate query's; the integers refuse or
        /// misread others), and `need` within their widest size. Evaluated
        /// at compile time: elsewhere the integers alone answer, as on
        /// every target.
        const fn answered<const N: usize>(dims: &[Dim; N], need: u32) -> bool {
            bound::Kinds::of(dims).known && need <= FALLBACK_BITS
        }

        /// The values as `f64`, if every raw integer is below `2^53`.
        #[inline(always)]
        fn as_f64<T: FixedRaw, const N: usize>(x: &[T; N]) -> Option<[f64; N]> {
            let any = x.iter().fold(0u64, |acc, v| acc | v.raw().unsigned_abs());
            if any >> 53 != 0 {
                return None;
            }
            // `2^-FRAC`, and each product, exact.
            let unit = 1.0 / (1u64 << T::FRAC) as f64;
            let mut out = [0.0; N];
            for (o, v) in out.iter_mut().zip(x) {
                *o = v.raw() as f64 * unit;
            }
            Some(out)
        }

        /// `p`'s outcome where the floats' filters settle every sign.
        #[inline(always)]
        pub fn decide<T: FixedRaw, P: Procedure<N>, const N: usize>(
            p: &P,
            x: &[T; N],
        ) -> Option<P::Out> {
            // Integers of two limbs are as fast; and only where the
            // integers answer too.
            let take = const {
                let need = decision_bits(P::DEGREE, fixed_bits::<T, N>(&P::DIMS));
                need > 128 && answered::<N>(&P::DIMS, need)
            };
            if !take {
                return None;
            }
            let x = as_f64(x)?;
            if small::<P, N>() {
                return surely(p, &inputs(&x));
            }
            let kinds = const { bound::Kinds::of(&P::DIMS) };
            if let Ok(xs) = bound::scaled(&x, &P::DIMS, &kinds, P::DEGREE) {
                if let Some(out) = surely(p, &xs) {
                    return Some(out);
                }
            }
            surely(p, &inputs(&x))
        }

        /// `c`'s values where double-word arithmetic proves each one's
        /// nearest fixed value.
        #[inline(always)]
        pub fn construct<
            T: FixedRaw + Real,
            C: Construction<N, M>,
            const N: usize,
            const M: usize,
        >(
            c: &C,
            x: &[T; N],
        ) -> Option<[T; M]> {
            let take = const {
                let need = construction_bits(C::DEGREE, fixed_bits::<T, N>(&C::DIMS));
                answered::<N>(&C::DIMS, need)
            };
            if !take {
                return None;
            }
            let raws = on_doubles(c, &as_f64(x)?, ToFixed(T::FRAC))?;
            let mut out: [T; M] = core::array::from_fn(|_| T::zero());
            for (o, r) in out.iter_mut().zip(raws) {
                *o = T::from_raw(i128::from(r))?;
            }
            Some(out)
        }

        /// Rounding to the nearest multiple of `2^-frac`, as counts.
        struct ToFixed(u32);

        impl<const M: usize> Finish<Double<f64>, M> for ToFixed {
            type Out = Option<[i64; M]>;
            #[inline(always)]
            fn finish(self, radicand: &Double<f64>, parts: &[Part<Double<f64>>; M]) -> Self::Out {
                double::finish_by(radicand, parts, 0, |v| v.round_fixed(self.0))
            }
            #[inline(always)]
            fn zero(self) -> Self::Out {
                Some([0; M])
            }
        }
    }

    /// Without hardware `f64`: the integers alone.
    #[cfg(not(any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    )))]
    mod first {
        use super::*;

        #[inline(always)]
        pub fn decide<T, P: Procedure<N>, const N: usize>(_: &P, _: &[T; N]) -> Option<P::Out> {
            None
        }

        #[inline(always)]
        pub fn construct<T, C, const N: usize, const M: usize>(
            _: &C,
            _: &[T; N],
        ) -> Option<[T; M]> {
            None
        }
    }

    /// `p` on the integers: the raw integers where no input is a time,
    /// else the aligned ones.
    #[inline]
    fn decide_on_integers<T: FixedRaw + Dyadic + Real, P: Procedure<N>, const N: usize>(
        p: &P,
        x: &[T; N],
    ) -> Result<P::Out, Refused> {
        // Constants: the full size and the path are chosen at compile time;
        // the narrow path only where the full size is wider.
        let need = decision_bits(P::DEGREE, fixed_bits::<T, N>(&P::DIMS));
        if !has_time(&P::DIMS) {
            if need > NARROW_DECISION_BITS
                && decision_bits(P::DEGREE, raw_width(x)) <= NARROW_DECISION_BITS
            {
                return run_raw::<{ limbs(NARROW_DECISION_BITS) }, T, P, N>(p, x);
            }
            return by_size!(need, run_raw::<T, P, N>(p, x), Err(Refused::Spread));
        }
        let plan = plan(x, &P::DIMS, false)?;
        by_size!(need, run_on::<P, N>(p, &plan), Err(Refused::Spread))
    }

    /// `c` on the aligned integers, each value rounded once.
    #[inline]
    fn construct_on_integers<
        T: FixedRaw + Dyadic + Real,
        C: Construction<N, M>,
        const N: usize,
        const M: usize,
    >(
        c: &C,
        x: &[T; N],
    ) -> Result<[T; M], Refused> {
        let plan = plan(x, &C::DIMS, false)?;
        let need = construction_bits(C::DEGREE, fixed_bits::<T, N>(&C::DIMS));
        let round = |v: round::Signed| round::to_fixed(v, T::FRAC).and_then(T::from_raw);
        let limit = (T::RAW_BITS - T::FRAC) as i32 - 1;
        // `plan.bits()` is the widest aligned magnitude; one more for the sign.
        if need > NARROW_CONSTRUCTION_BITS
            && construction_bits(C::DEGREE, plan.bits() + 1) <= NARROW_CONSTRUCTION_BITS
        {
            return build_on::<{ limbs(NARROW_CONSTRUCTION_BITS) }, T, C, N, M>(
                c,
                &plan,
                (&round, limit),
            );
        }
        by_size!(
            need,
            build_on::<T, C, N, M>(c, &plan, (&round, limit)),
            Err(Refused::Spread)
        )
    }

    impl<T: FixedRaw + Dyadic + Real> Kernel<T> for Fixed {
        #[inline]
        fn decide<P: Procedure<N>, const N: usize>(p: &P, x: &[T; N]) -> Result<P::Out, Refused> {
            match first::decide(p, x) {
                Some(out) => Ok(out),
                None => decide_on_integers(p, x),
            }
        }

        #[inline]
        fn construct<C: Construction<N, M>, const N: usize, const M: usize>(
            c: &C,
            x: &[T; N],
        ) -> Result<[T; M], Refused> {
            match first::construct(c, x) {
                Some(out) => Ok(out),
                None => construct_on_integers(c, x),
            }
        }

        /// On the raw integers, exactly (every fixed value is finite).
        #[inline(always)]
        fn exceeds(a: &T, b: &T, c: &T) -> bool {
            i128::from(a.raw()) - i128::from(b.raw()) > i128::from(c.raw())
        }
    }

    /// The integers and the path through `f64` agree, bit for bit, on a
    /// corner's sign decisions and its time and normal (a root and
    /// quotients), on random inputs of up to 34 raw bits, ties included.
    #[cfg(all(test, target_arch = "x86_64", target_feature = "sse2"))]
    mod tests {
        use super::*;
        use crate::test_rng::next;
        use fixed::types::{I16F16, I32F32, I48F16};

        /// `D = x0, x1`, `V = x2, x3`, `r = x4`.
        struct Corner;

        const CORNER_DIMS: [Dim; 5] = {
            let (l, v) = (Dim::LENGTH, Dim::VELOCITY);
            [l, l, v, v, l]
        };

        impl Procedure<5> for Corner {
            type Out = [Ordering; 2];
            const DIMS: [Dim; 5] = CORNER_DIMS;
            const DEGREE: u32 = 4;
            fn run<R: Ring>(&self, x: &[R; 5], s: &mut Signs) -> [Ordering; 2] {
                let [d0, d1, v0, v1, r] = x.clone();
                let q0 = -(v0.clone() * d0.clone() + v1.clone() * d1.clone());
                let c = v0.clone() * d1 - v1.clone() * d0;
                let q1 = r.clone() * r * (v0.clone() * v0 + v1.clone() * v1) - c.clone() * c;
                [s.sign(&q0), s.sign(&q1)]
            }
        }

        impl Construction<5, 3> for Corner {
            const DIMS: [Dim; 5] = CORNER_DIMS;
            const OUT: [Dim; 3] = [Dim::TIME, Dim::NONE, Dim::NONE];
            const DEGREE: u32 = 4;
            fn build<R: Ring, O: Finish<R, 3>>(&self, x: &[R; 5], out: O) -> O::Out {
                let [d0, d1, v0, v1, r] = x.clone();
                let q0 = -(v0.clone() * d0.clone() + v1.clone() * d1.clone());
                let c = v0.clone() * d1.clone() - v1.clone() * d0.clone();
                let vv = v0.clone() * v0.clone() + v1.clone() * v1.clone();
                let q1 = r.clone() * r.clone() * vv - c.clone() * c;
                let far = d0.clone() * d0.clone() + d1.clone() * d1.clone() - r.clone() * r.clone();
                let n = |d: R, v: R| Part::Along(d, v, r.clone());
                out.finish(
                    &q1,
                    &[Surd::over_root(far, q0).into(), n(d0, v0), n(d1, v1)],
                )
            }
        }

        fn agree<T: FixedRaw + Dyadic + Real + core::fmt::Debug>(from: impl Fn(i64) -> T) {
            let mut s = 3u64;
            let (mut fast, mut total) = (0, 0);
            for i in 0..20_000 {
                // Small raw integers make exact ties and zero signs common.
                let bits = if i % 2 == 0 { 30 } else { 58 };
                let x: [T; 5] = core::array::from_fn(|_| {
                    from((next(&mut s) >> bits) as i64 - (1i64 << (63 - bits)))
                });
                if let Some(d) = first::decide(&Corner, &x) {
                    assert_eq!(Ok(d), decide_on_integers(&Corner, &x), "{x:?}");
                }
                let ints = decide_on_integers(&Corner, &x);
                // A corner contact: the path enters the circle.
                if ints != Ok([Ordering::Greater; 2]) {
                    continue;
                }
                total += 1;
                if let Some(v) = first::construct::<T, Corner, 5, 3>(&Corner, &x) {
                    fast += 1;
                    assert_eq!(Ok(v), construct_on_integers(&Corner, &x), "{x:?}");
                }
            }
            assert!(fast * 10 > total * 9, "only {fast} of {total} through f64");
        }

        /// `x - 1`, its input of no kind (the integers read it otherwise).
        struct Unit;

        impl Procedure<1> for Unit {
            type Out = Ordering;
            const DIMS: [Dim; 1] = [Dim::NONE];
            const DEGREE: u32 = 2;
            fn run<R: Ring>(&self, x: &[R; 1], s: &mut Signs) -> Ordering {
                let [x] = x.clone();
                s.sign(&(x - R::one()))
            }
        }

        /// Inputs the integers do not take as lengths, velocities, times
        /// or directions go to the integers alone, as on every target.
        #[test]
        fn other_dimensions_take_the_integers() {
            let x = [I32F32::from_num(0.5)];
            assert_eq!(first::decide(&Unit, &x), None);
            assert_eq!(Fixed::decide(&Unit, &x), decide_on_integers(&Unit, &x));
        }

        #[test]
        fn i32f32_agrees() {
            agree(I32F32::from_bits);
        }

        #[test]
        fn i48f16_agrees() {
            agree(I48F16::from_bits);
        }

        #[test]
        fn i16f16_agrees() {
            // Raw integers cut to 32 bits.
            agree(|raw| I16F16::from_bits(raw as i32));
        }
    }
}
