//! Fixed point's kernel. A value is its raw integer times `2^-FRAC`, so a
//! procedure without a time input runs on the raw integers as they are (a
//! polynomial of degree `d` in them is `2^(d·FRAC)` times the one in the
//! values: the same sign); with a time (which raises lengths by `FRAC`
//! bits), on the aligned integers ([`plan`]). Decisions of a procedure in
//! few inputs whose polynomials fit 192 bits on the raw integers run on
//! them in 192-bit arithmetic (module `narrow`); others on the
//! integers' approximations (module `approx`) where those prove every
//! sign, else on their residues (module `residue`), as many as their
//! actual width needs, over the type's whole range. Constructions round
//! each value once, to the nearest multiple of `2^-FRAC`, ties to even, by
//! exact comparisons with midpoints on the same residues (module
//! `nearest`).
//!
//! Where the hardware has `f64` (module `first`), raw integers below `2^53`
//! make the values `f64`s exactly: the floats' filters decide and their
//! double-word arithmetic builds, with the integers' answer bit for bit
//! ([`Double::round_fixed`]); the integers take what that leaves.

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
    use crate::exact::kernel::float_kernel::{inputs, on_values, small, surely};

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
        if let Ok(y) = bound::scaled(&x, &kinds, P::DEGREE) {
            let xs = bound::bounded(&y, &P::DIMS, P::DEGREE);
            if let Some(out) = surely(p, &xs) {
                return Some(out);
            }
        }
        surely(p, &inputs(&x))
    }

    /// `c`'s values where double-word arithmetic proves each one's
    /// nearest fixed value.
    #[inline(always)]
    pub fn construct<T: FixedRaw + Real, C: Construction<N, M>, const N: usize, const M: usize>(
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
        let raws = on_values(c, &as_f64(x)?, Double::input, ToFixed(T::FRAC))?;
        let mut out: [T; M] = core::array::from_fn(|_| T::zero());
        for (o, r) in out.iter_mut().zip(raws) {
            *o = T::from_raw(i128::from(r))?;
        }
        Some(out)
    }

    /// Rounding to the nearest multiple of `2^-frac`, as counts.
    struct ToFixed(u32);

    impl double::Rounds<Double<f64>, i64> for ToFixed {
        #[inline(always)]
        fn round(&self, v: Double<f64>) -> Option<i64> {
            v.round_fixed(self.0)
        }
    }

    impl<const M: usize> Finish<Double<f64>, M> for ToFixed {
        type Out = Option<[i64; M]>;
        #[inline(always)]
        fn finish(self, radicand: &Double<f64>, parts: &[Part<Double<f64>>; M]) -> Self::Out {
            double::finish_by(radicand, parts, 0, self)
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
    pub fn construct<T, C, const N: usize, const M: usize>(_: &C, _: &[T; N]) -> Option<[T; M]> {
        None
    }
}

/// Whether `C`'s values are built on the raw integers in 192 bits
/// (`narrow::construct`): at most ten inputs, every one a length, every
/// value a squared length (a squared distance), every polynomial within
/// `narrow::BITS`. Not for lengths (`advance`'s sums), which it would
/// build in fewer instructions (its miss 35% fewer) but in 1.3 KB more
/// flash, `advance`'s other values needing the general route anyway
/// (`ci/size.sh`).
const fn narrow_values<T: FixedRaw, C: Construction<N, M>, const N: usize, const M: usize>() -> bool
{
    N <= 10
        && decision_bits(C::DEGREE, T::RAW_BITS) <= narrow::BITS
        && narrow::every(&C::DIMS, Dim::LENGTH)
        && narrow::every(&C::OUT, Dim::new(2, 0, 0))
}

/// `p` on the integers, by their residues (module `residue`): the raw
/// integers where no input is a time, else the aligned ones. As wide as
/// the inputs are, not as the type's range: a chunk of residues holds the
/// common case.
#[inline(never)]
fn decide_on_integers<T: FixedRaw + Dyadic + Real, P: Procedure<N>, const N: usize>(
    p: &P,
    x: &[T; N],
) -> Result<P::Out, Refused> {
    // The chunks hold the type's whole range: no input is refused.
    const {
        assert!(
            decision_bits(P::DEGREE, fixed_bits::<T, N>(&P::DIMS))
                <= residue::bits(residue::DECISION_CHUNKS)
        )
    };
    // A procedure in few inputs whose polynomials fit 192 bits on the raw
    // integers (degree 2 on 64-bit ones, 4 on 32-bit ones: a static query,
    // the axes' check, a static oriented rectangle in `I16F16`) is
    // narrow: exact in 192 bits, in fewer instructions than on
    // approximations, and in less code where no other procedure of the
    // image needs those (a static query's). On 32-bit targets a procedure
    // of more than twelve inputs (the oriented boxes' early exits, in 16
    // and 26) only in `i128` (`I16F16`'s): its copy on 192-bit values
    // took more code than on approximations (`ci/size.sh`: 1 to 2 KB on
    // the oriented queries), where in `i128` the sizes move both ways
    // (`I16F16` sweep-obb2 48,302 to 47,168 bytes, sweep-obb3 60,860 to
    // 62,212, advance 110,596 to 111,156) and a miss takes a third to a
    // half of the instructions (`python3 ci/mcu.py IMAGE --profile
    // sweep_obb2 miss i16f16`: 4,270 to 1,224; sweep_obb3 5,490 to
    // 2,772). On 64-bit targets in either width (instructions a query,
    // on approximations and here: W1-OBB `I16F16` 5,780.9 and 974.8,
    // W4-OBB 6,975.1 and 1,638.0, `SWEPT_BENCH_N=10000 bash
    // benches/instructions.sh 'w1_obb::scalar::I16F16$'`).
    if const {
        !has_time(&P::DIMS)
            && (N <= 12
                || cfg!(target_pointer_width = "64")
                || decision_bits(P::DEGREE, T::RAW_BITS) <= narrow::SMALL_BITS)
    } && const { decision_bits(P::DEGREE, T::RAW_BITS) <= narrow::BITS }
    {
        return Ok(narrow::decide(
            p,
            x.map(|v| v.raw()),
            const { narrow::Width::of(P::DEGREE, T::RAW_BITS, &P::DIMS) },
        ));
    }
    // Filled in place (moved out of either branch, a plan was copied).
    let mut plan = Plan::EMPTY;
    if const { has_time(&P::DIMS) } {
        plan_into(x, &P::DIMS, false, &mut plan)?;
    } else {
        plan.integers_into(x.iter().map(|v| (v.raw() < 0, v.raw().unsigned_abs())));
    }
    let runs = aligned::Runs::Both(decision_bits(P::DEGREE, plan.bits()));
    aligned::decide(p, &plan, runs).ok_or(Refused::Spread)
}

/// Each value the nearest multiple of `2^-FRAC` to the exact one, ties
/// to even, by exact comparisons with midpoints ([`nearest`]).
#[inline(never)]
fn construct_on_integers<
    T: FixedRaw + Dyadic + Real,
    C: Construction<N, M>,
    const N: usize,
    const M: usize,
>(
    c: &C,
    x: &[T; N],
) -> Result<[T; M], Refused> {
    let limit = (T::RAW_BITS - T::FRAC) as i32 - 1;
    // Polynomials in lengths (a squared distance) on the raw integers,
    // within 192 bits: exactly, each rounded by a shift (as `narrow`
    // decides, where the approximations and residues are not needed).
    if const { narrow_values::<T, C, N, M>() } {
        if let Some(values) = narrow::construct(
            c,
            x.map(|v| v.raw()),
            T::FRAC,
            const { narrow::Width::of(C::DEGREE, T::RAW_BITS, &C::DIMS) },
        ) {
            // Not one loop with the keys' below: shared, it took the
            // `I32F32` sweeps 84 to 708 bytes more (`ci/size.sh`).
            let mut out = [T::zero(); M];
            for (i, (o, v)) in out.iter_mut().zip(values).enumerate() {
                *o = v
                    .and_then(|v| T::from_raw(i128::from(v)))
                    .ok_or(Refused::Unrepresentable { index: i, limit })?;
            }
            return Ok(out);
        }
    }
    // The comparisons hold the type's whole range: no input is refused
    // (`nearest::fixed_chunks`: `3A` bits and the grid's, not `9A`).
    let chunks = const {
        let a = decision_bits(C::DEGREE, fixed_bits::<T, N>(&C::DIMS));
        match nearest::fixed_chunks(a, T::RAW_BITS, T::FRAC, &C::OUT) {
            Some(k) => k,
            None => panic!("a fixed type too wide for the comparisons"),
        }
    };
    // Filled in place (not copied out of a `Result`).
    let mut planned = Plan::EMPTY;
    plan_into(x, &C::DIMS, false, &mut planned)?;
    let plan = &planned;
    let grid = nearest::Grid::Fixed {
        frac: T::FRAC,
        bits: T::RAW_BITS,
    };
    // The approximations, with their error bounds: where each search
    // starts, and each comparison they prove. Made first, so that their
    // frame is beside the digits', not under them.
    let approx = approx::approximate(c, plan);
    let mut keys = nearest::Keys::ZERO;
    nearest::construct(c, plan, (grid, limit), chunks, &approx, &mut keys)?;
    let mut out: [T; M] = core::array::from_fn(|_| T::zero());
    for (i, (o, k)) in out.iter_mut().zip(keys.key).enumerate() {
        *o = T::from_raw(i128::from(k)).ok_or(Refused::Unrepresentable { index: i, limit })?;
    }
    Ok(out)
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

    /// On the raw integers, exactly; false where `a - b` or `c + d`
    /// overflows 64 bits (the procedure decides those).
    #[inline(always)]
    fn exceeds_sum(a: &T, b: &T, c: &T, d: &T) -> bool {
        let [a, b, c, d] = [a, b, c, d].map(|x| x.raw());
        match (a.checked_sub(b), c.checked_add(d)) {
            (Some(x), Some(y)) => x > y,
            _ => false,
        }
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
