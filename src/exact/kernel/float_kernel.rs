//! The floats' kernel: each sign by a filter, one bound per polynomial
//! ([`bound`]) and then each value's own ([`Filtered`]), and where neither
//! is certain by the exact fallback on the inputs' integers
//! ([`crate::exact::align`]); each value built in double-word arithmetic
//! ([`double`]), or for `f32` where `f64` is hardware in `f64`
//! ([`widened`]), and where its rounding is not proved from the integers.
//! `f32` decides in `f64` too where that is hardware ([`in_f64`],
//! [`through_f64`]). Either way `f32` answers as every target does: a
//! value or a sign is returned where the exact fallback would return it,
//! and elsewhere refused ([`held`], [`within`]).

use super::*;

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
        if const { in_f64::<F, P, N>() } {
            return <Float as Kernel<f64>>::decide(p, &widen(x));
        }
        // A small procedure is cheaper on values carrying their own bounds
        // than on one bound per query, which needs a pass over the inputs
        // first; so is every procedure on a 32-bit target (`first_filter`),
        // there out of line.
        if small::<P, N>() || !first_filter() {
            // A sign certain by monotonicity may rest on an infinity.
            if !all_finite(x) {
                return Err(not_finite(*x));
            }
            if small::<P, N>() {
                return filtered_then_exactly(p, *x);
            }
            return decide_filtered(p, *x);
        }
        let kinds = const { bound::Kinds::of(&P::DIMS) };
        match bound::scaled(x, &kinds, P::DEGREE) {
            Ok(y) => {
                if let Some(out) = surely(p, &bound::bounded(&y, &P::DIMS, P::DEGREE)) {
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
        // An infinite input carries no error bound: refused by name.
        if !all_finite(x) {
            return Err(not_finite(*x));
        }
        let need = |bits| construction_bits(C::DEGREE, bits);
        if !const { held::<F, C, N, M>() }
            && !within(x, &C::DIMS, const { by_spread(&C::DIMS) }, need)
        {
            return Err(Refused::Spread);
        }
        // Set where the certified route fails (`None` is one store: the
        // common case pays nothing for it).
        let mut seeds = None;
        if let Some(v) = construct_certified(c, x, &mut seeds) {
            return Ok(v);
        }
        if RETRIED && !narrow::<F>() {
            if let Some(v) = retried(c, x, &mut seeds) {
                return Ok(v);
            }
        }
        // In place: one array of seeds in this frame (on 64-bit targets
        // the retried route's, read beside the approximations: `SEEDED`).
        let seeds = seeds.get_or_insert([approx::Approx::UNKNOWN; M]);
        // Beside the exact route's frames, not under them.
        if SEEDED {
            rescaled(c, x, seeds);
        }
        construct_exactly(c, x, seeds)
    }

    /// One rounded difference: rounding is monotone and `c` is a float,
    /// so `a - b <= c` gives `fl(a - b) <= c` (an overflow to an infinity
    /// included). False on a NaN.
    #[inline(always)]
    fn exceeds(a: &F, b: &F, c: &F) -> bool {
        *a - *b > *c
    }

    /// Two rounded values: rounding is monotone, so `a - b <= c + d`
    /// gives `fl(a - b) <= fl(c + d)`. False on a NaN.
    #[inline(always)]
    fn exceeds_sum(a: &F, b: &F, c: &F, d: &F) -> bool {
        *a - *b > *c + *d
    }
}

/// The refusal naming the first input of `x` that is not finite (cold,
/// and by value: the caller's inputs need not be stored for it).
#[cold]
#[inline(never)]
fn not_finite<F: Ieee, const N: usize>(x: [F; N]) -> Refused {
    Refused::NotFinite(x.iter().position(|v| !v.finite()).unwrap_or(0))
}

/// Whether every value is finite. On 64-bit targets `x - x` is zero for
/// each finite `x` and NaN otherwise, and the bits of their magnitudes
/// are or-ed (one vectorisable pass); elsewhere the largest magnitude's
/// bits are below infinity's (integer steps, without the floating-point
/// unit's status read that a float comparison costs there).
#[inline(always)]
#[allow(clippy::eq_op)] // `x - x`: zero or NaN, on purpose
fn all_finite<F: Ieee, const N: usize>(x: &[F; N]) -> bool {
    if cfg!(target_pointer_width = "64") {
        return x
            .iter()
            .fold(0u64, |acc, v| acc | (*v - *v).magnitude_bits())
            == 0;
    }
    x.iter()
        .fold(true, |ok, v| ok & (v.magnitude_bits() < F::INFINITY_BITS))
}

/// The inputs as exact filtered values, so that every rounding count it
/// folds stays a constant: on 64-bit targets in a loop, which the compiler
/// unrolls there (at constant indices, `at_each!`, W1-OBB `f64` took 885
/// to 981 instructions a query: `SWEPT_BENCH_N=10000 bash
/// benches/instructions.sh 'w1_obb::scalar::f64$'`); on the others, built
/// for microcontrollers at opt-level "s", which does not unroll it, at
/// constant indices.
#[inline(always)]
pub(super) fn inputs<F: Ieee, const N: usize>(x: &[F; N]) -> [Filtered<F>; N] {
    let mut out = const { [Filtered::PLACEHOLDER; N] };
    if cfg!(target_pointer_width = "64") {
        for (o, v) in out.iter_mut().zip(x) {
            *o = Filtered::input(*v);
        }
    } else {
        at_each!(out, N, i => Filtered::input(x.get(i).copied().unwrap_or(F::ZERO)));
    }
    out
}

/// The floats' second filter (each value's own bound), then the exact
/// fallback, out of line (after the first filter, or first on a 32-bit
/// target).
#[inline(never)]
fn decide_filtered<F: Ieee + Dyadic, P: Procedure<N>, const N: usize>(
    p: &P,
    x: [F; N],
) -> Result<P::Out, Refused> {
    filtered_then_exactly(p, x)
}

/// Whether `F` is `f32` where `f64` is hardware ([`widened::NARROW_IN_F64`]):
/// its values, and the product of any two, are `f64`s exactly, so its
/// decisions and constructions can run there.
const fn narrow<F: Ieee>() -> bool {
    widened::NARROW_IN_F64 && F::PRECISION == f32::MANTISSA_DIGITS
}

/// Bits of the widest integer the fallback aligns `f32` inputs into,
/// without a time among them and with one (`align`): every scale is at
/// most `149` (a lowest set bit is at least `2^-149`) and every value
/// below `2^128`, so `128 + 149`; with a time, lengths are scaled by up
/// to `149 + 149` (the times' and the velocities' lowest bits).
const F32_BITS: [u32; 2] = [128 + 149, 128 + 149 + 149];

/// [`F32_BITS`] for inputs of dimensions `dims`; `None` where one is not
/// a length, a velocity, a time or a direction.
const fn f32_bits<const N: usize>(dims: &[Dim; N]) -> Option<u32> {
    let kinds = bound::Kinds::of(dims);
    if kinds.known {
        Some(F32_BITS[kinds.has_time() as usize])
    } else {
        None
    }
}

/// Whether `f32` decides `P` in `f64` from the start: where `f64` is
/// hardware ([`narrow`]), where every bound is `2^29` times tighter, and
/// where the exact fallback answers every `f32` input (its integers
/// within [`FALLBACK_BITS`] by [`F32_BITS`]): the answer is then the exact
/// one on every route, so on every target. A constant per procedure.
const fn in_f64<F: Ieee, P: Procedure<N>, const N: usize>() -> bool {
    narrow::<F>() && f32_held::<F, P, N>()
}

/// The values as `f64`s, exactly.
#[inline(always)]
fn widen<F: Ieee, const N: usize>(x: &[F; N]) -> [f64; N] {
    let mut out = [0.0; N];
    for (o, v) in out.iter_mut().zip(x) {
        *o = v.widen();
    }
    out
}

/// `f32` where `f64` is hardware, for a procedure not [`in_f64`] (one
/// whose fallback refuses some `f32` inputs), after `f32`'s filters: the
/// signs they left by each value's own bound in `f64`, where the fallback
/// holds the inputs ([`within`]: so the answer is the exact one every
/// target gives; elsewhere the fallback refuses, as on every target).
/// `None`: not taken, or a sign left.
#[inline(always)]
fn through_f64<F: Ieee + Dyadic, P: Procedure<N>, const N: usize>(
    p: &P,
    x: &[F; N],
) -> Option<P::Out> {
    let need = |bits| decision_bits(P::DEGREE, bits);
    if !narrow::<F>() || !within(x, &P::DIMS, const { by_spread(&P::DIMS) }, need) {
        return None;
    }
    surely(p, &inputs(&widen(x)))
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
pub(super) fn surely<R: Ring, P: Procedure<N>, const N: usize>(
    p: &P,
    x: &[R; N],
) -> Option<P::Out> {
    let mut s = Signs::new();
    let out = p.run(x, &mut s);
    s.sure().then_some(out)
}

/// Whether floats decide on one bound per query ([`bound::bounded`]) before
/// each value's own ([`Filtered`]): on 64-bit targets. On a 32-bit one
/// (`thumbv7em-none-eabihf`, opt-level "s"), without it, an `f32` sweep
/// takes 2 to 11 KB less flash and the queries' hits go from 0.6x (the
/// 3D boxes, whose first bound often fails, so both filters ran) to 1.15x
/// (the static oriented boxes) the instructions (`python3 ci/mcu.py`).
const fn first_filter() -> bool {
    cfg!(target_pointer_width = "64")
}

/// Whether floats decide `P` on [`Filtered`] values first: degree at most
/// 2. Measured by `SWEPT_BENCH_N=5000 bash benches/instructions.sh
/// 'w4_obb::scalar::f64$' 'w1_obb::scalar::f64$' ...` before and after (in
/// the bench's harness of then): the oriented box's early exit
/// (degree 2 in 26 inputs) takes W4-OBB `f64` from 5,785 to 3,084
/// instructions a query; the oriented rectangle's (in 16) costs W1-OBB 4%
/// more in `f64` (954 to 989) and 7% in `f32` (989 to 1,054).
pub(super) const fn small<P: Procedure<N>, const N: usize>() -> bool {
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
    if let Some(out) = through_f64(p, &x) {
        return Ok(out);
    }
    if RETRIED {
        if let Some(out) = expanded(p, &x) {
            return Ok(out);
        }
    }
    // Filled in place: moved out of a `Result`, a plan was copied (296
    // bytes for `sweep_aabb2`'s procedure on a Cortex-M4F).
    let mut plan = Plan::EMPTY;
    let need = |bits| decision_bits(P::DEGREE, bits);
    // Where the fallback surely holds the inputs, the approximations run
    // first on the inputs as they are: the alignment (two passes over
    // them) only where a sign is left for the residues.
    let first = const { f32_held::<F, P, N>() }
        || (const { by_spread(&P::DIMS) } && need(spread(&x)) <= FALLBACK_BITS);
    if first {
        plan.exponents_into(&x)?;
        if let Some(out) = aligned::decide(p, &plan, aligned::Runs::Approx) {
            return Ok(out);
        }
    }
    plan_into(&x, &P::DIMS, true, &mut plan)?;
    let need = need(plan.bits());
    if need > FALLBACK_BITS {
        return Err(Refused::Spread);
    }
    let runs = if first {
        aligned::Runs::Exactly(need)
    } else {
        aligned::Runs::Both(need)
    };
    aligned::decide(p, &plan, runs).ok_or(Refused::Spread)
}

/// Whether `F` is `f32` and the exact fallback holds every `f32` input of
/// `P` (its integers within [`FALLBACK_BITS`] by [`F32_BITS`]). A constant
/// per procedure.
const fn f32_held<F: Ieee, P: Procedure<N>, const N: usize>() -> bool {
    F::PRECISION == f32::MANTISSA_DIGITS
        && matches!(f32_bits(&P::DIMS), Some(b) if decision_bits(P::DEGREE, b) <= FALLBACK_BITS)
}

/// `p` on exact sums of the inputs ([`expansion`]), where every sign it
/// takes is certain there: inputs a few binary orders apart, whose
/// polynomials cancel to zero or below the filters' bounds (a grid's
/// touch at time 0). On 64-bit targets ([`RETRIED`]), before the aligned
/// integers: there W5 `f64`'s slowest queries took 70 µs in the exact
/// route (`cargo bench --bench typed`). In sums of twelve components
/// (each value is copied whole at every step): a miss at an exact touch
/// took 24,306 instructions in sixteen, 21,414 in twelve, and W5 no more
/// in all; in eight more values outgrow their room and leave the
/// decision to the aligned integers (that miss: 27,792).
///
/// Alone: a run on double-word values that keep exact values exact
/// (`double::Tracked`) before it settled some decisions in fewer
/// instructions (W5 `f64`'s query 8140: 50,484 a query with it, 59,830
/// without; callgrind on that query), cost more where it did not (query
/// 13979: 22,208 against 16,849; a touch at time 0, query 14778: 12,869
/// against 9,528), and took 57 KB of a user's binary, a copy of every
/// procedure (`bash ci/compile-time.sh`: 1,488,440 against 1,431,272
/// bytes): code size ranks above speed.
#[inline(never)]
fn expanded<F: Ieee, P: Procedure<N>, const N: usize>(p: &P, x: &[F; N]) -> Option<P::Out> {
    surely(p, &x.map(expansion::Sum::<F, 12>::of))
}

/// Whether `F`'s constructions are answered alike on every target without
/// looking at the inputs: `f64`'s are built the same way everywhere, and
/// `f32`'s (in `f64` where that is hardware, in double-word `f32`
/// elsewhere: routes that certify different values) where the exact
/// fallback holds every `f32` input ([`F32_BITS`]), as for `C` of degree
/// up to 4 without a time input. Where neither holds, [`within`]
/// decides. A constant per construction.
const fn held<F: Ieee, C: Construction<N, M>, const N: usize, const M: usize>() -> bool {
    F::PRECISION != f32::MANTISSA_DIGITS
        || matches!(f32_bits(&C::DIMS), Some(b) if construction_bits(C::DEGREE, b) <= FALLBACK_BITS)
}

/// Whether the exact fallback holds the finite `x`, of dimensions `dims`,
/// for polynomials that need `need(bits)` bits on inputs of `bits` bits
/// (else it refuses, [`Refused::Spread`]). `f32` answers only where it
/// does, as every target then answers alike ([`held`], [`through_f64`]).
/// First by [`spread`], one pass over the exponents, where `fast`
/// ([`by_spread`]); where that bound is too wide, by the alignment itself.
#[inline(always)]
fn within<F: Ieee + Dyadic, const N: usize>(
    x: &[F; N],
    dims: &[Dim; N],
    fast: bool,
    need: impl Fn(u32) -> u32,
) -> bool {
    (fast && need(spread(x)) <= FALLBACK_BITS) || planned_within(*x, dims, need)
}

/// [`within`] by the alignment: where [`spread`]'s bound is too wide
/// (inputs spread over more than a hundred binary orders) or does not
/// apply (a time among the inputs).
#[cold]
#[inline(never)]
fn planned_within<F: Ieee + Dyadic, const N: usize>(
    x: [F; N],
    dims: &[Dim; N],
    need: impl Fn(u32) -> u32,
) -> bool {
    plan(&x, dims, true).is_ok_and(|p| need(p.bits()) <= FALLBACK_BITS)
}

/// Whether [`spread`] bounds the alignment of inputs of dimensions `dims`:
/// each a length, a velocity or a direction.
const fn by_spread<const N: usize>(dims: &[Dim; N]) -> bool {
    let kinds = bound::Kinds::of(dims);
    kinds.known && !kinds.has_time()
}

/// A bound on the bits of the aligned inputs (`plan`'s) where none is a
/// time and each is a length, a velocity or a direction: each kind is
/// aligned on its own lowest set bit, so every aligned input is below
/// `2^(H - L)`, `H` the largest exponent with `|x| < 2^H` and `L` the
/// smallest of the inputs' units in the last place (at most their lowest
/// set bits). With `f` an exponent field and `p` the precision, a nonzero
/// input is below `2^(f - bias + 1)` (a subnormal too, with `f = 0`) and a
/// multiple of `2^(g - bias - p + 1)`, `g` the field of its bits less one
/// (`f`, or `f - 1` for a power of two or a subnormal: an `L` lower by
/// one, still a bound). So `H - L <= max f - min g + p`, and a zero's `g`
/// is out of reach of every field (its bits less one wrap), as `plan`
/// leaves zeros out. Branch-free, one pass.
#[inline(always)]
fn spread<F: Ieee, const N: usize>(x: &[F; N]) -> u32 {
    let (mut hi, mut lo) = (0u32, u32::MAX);
    for v in x {
        let bits = v.magnitude_bits();
        hi = hi.max((bits >> (F::PRECISION - 1)) as u32);
        lo = lo.min((bits.wrapping_sub(1) >> (F::PRECISION - 1)) as u32);
    }
    hi.saturating_sub(lo) + F::PRECISION
}

/// A float construction in double-word arithmetic ([`double`]), or for
/// `f32` where `f64` is hardware in `f64` ([`widened`]), if every value's
/// rounding to nearest is proved; else none, and where the exact route's
/// search for each value starts in `seeds` ([`seeds`]; also where every
/// value is proved, if `seeds` came filled). Out of line on 32-bit targets: inlined
/// at opt-level 3, its values made the frame that calls the exact route
/// 1.0 to 1.5 KB (`f32` sweeps on a Cortex-M4F, `ci/stack.sh`).
#[cfg_attr(target_pointer_width = "32", inline(never))]
#[cfg_attr(not(target_pointer_width = "32"), inline)]
fn construct_certified<F: Ieee, C: Construction<N, M>, const N: usize, const M: usize>(
    c: &C,
    x: &[F; N],
    seeds: &mut Option<[approx::Approx; M]>,
) -> Option<[F; M]> {
    if narrow::<F>() {
        return on_values(
            c,
            x,
            |v| Widened::input(v.widen()),
            Narrowed(seeds, PhantomData),
        );
    }
    on_values(c, x, Double::input, Certified(seeds))
}

/// Whether a construction the certified route did not prove is built
/// again in [`double::Tracked`] before the exact route: on 64-bit
/// targets, where the first route does not keep exact zeros and exact
/// values at run time (module `double`), and a hit on a grid (a corner
/// at a zero coordinate, a normal along an axis) then failed to the exact
/// route: W5 `f64` took 24,213 instructions a query, 4,389 with the retry
/// (`SWEPT_BENCH_N=20000 bash benches/instructions.sh 'w5::full::f64$'`;
/// 2,039 with [`double::tighten`] too). Elsewhere the first route keeps
/// them.
const RETRIED: bool = !cfg!(any(test, not(target_pointer_width = "64")));

/// [`construct_certified`] in [`double::Tracked`], each value its bound
/// does not prove rounded by exact comparisons with the midpoints beside
/// it: on the double-word parts where they are exact, else on the
/// construction run on exact sums ([`on_sums`]); the seeds where that
/// fails too. Out of line and cold: only where the first route failed.
/// On W5 `f64` the grid's ties and cancellations took the exact route,
/// a hit's 99th percentile 47.7x its median and the slowest query 590x;
/// with the comparisons 4.3x and 54x (`cargo bench --bench typed`).
#[cold]
#[inline(never)]
fn retried<F: Ieee, C: Construction<N, M>, const N: usize, const M: usize>(
    c: &C,
    x: &[F; N],
    seeds: &mut Option<[approx::Approx; M]>,
) -> Option<[F; M]> {
    let mut found = [(F::ZERO, false); M];
    let mut kept = None;
    let at = AtMidpoints(&mut found, &mut kept);
    if let Some(v) = on_values(c, x, double::Tracked::exactly, at) {
        return Some(v);
    }
    if let Some(v) = on_sums(c, x, &found) {
        return Some(v);
    }
    // The exact route's seeds, from the parts of the run above.
    if let Some((radicand, parts)) = &kept {
        *seeds = Some(self::seeds(radicand, parts));
    }
    None
}

/// A construction's radicand and parts in double-word arithmetic.
type Parts<F, const M: usize> = (double::Tracked<F>, [Part<double::Tracked<F>>; M]);

/// The retry's rounding: by the bounds, else by the midpoints where the
/// parts are exact ([`double::finish_at_midpoints`]), writing each
/// value found, or as computed where it is not; where a value is not
/// found, the radicand and parts are kept for the exact route's seeds
/// (one run of the construction for both: a second run for the seeds
/// was a second copy of every construction in a user's binary).
struct AtMidpoints<'a, F, const M: usize>(&'a mut [(F, bool); M], &'a mut Option<Parts<F, M>>);

impl<F: Ieee, const M: usize> Finish<double::Tracked<F>, M> for AtMidpoints<'_, F, M> {
    type Out = Option<[F; M]>;
    fn finish(
        self,
        radicand: &double::Tracked<F>,
        parts: &[Part<double::Tracked<F>>; M],
    ) -> Self::Out {
        let mut out = [F::ZERO; M];
        if double::finish_at_midpoints(radicand, parts, self.0, &mut out) {
            return Some(out);
        }
        *self.1 = Some((*radicand, parts.clone()));
        None
    }
    fn zero(self) -> Self::Out {
        Some([F::ZERO; M])
    }
}

/// `c` built on exact sums of the inputs ([`expansion`]), each value not
/// yet `found` rounded by the midpoints beside its candidate (module
/// `double::midpoints`): where the double-word parts were not exact (a
/// radicand of degree four) but the sums hold them, a value that cancels
/// far below its terms among them. `None` where a value is not found so.
#[inline(never)]
fn on_sums<F: Ieee, C: Construction<N, M>, const N: usize, const M: usize>(
    c: &C,
    x: &[F; N],
    found: &[(F, bool); M],
) -> Option<[F; M]> {
    c.build(&x.map(expansion::Sum::of), OnSums(found))
}

/// [`on_sums`]'s rounding.
struct OnSums<'a, F, const M: usize>(&'a [(F, bool); M]);

impl<F: Ieee, const M: usize> Finish<expansion::Sum<F>, M> for OnSums<'_, F, M> {
    type Out = Option<[F; M]>;
    fn finish(
        self,
        radicand: &expansion::Sum<F>,
        parts: &[Part<expansion::Sum<F>>; M],
    ) -> Self::Out {
        // The comparisons in sums of fewer components than the
        // construction's (each is copied whole at every operation).
        let narrow = double::midpoints::resized::<F>;
        let base = double::midpoints::base(&narrow(parts.first()?));
        let radicand = double::midpoints::Radicand::new(&radicand.resized());
        let mut out = [F::ZERO; M];
        for (i, ((o, part), &(c, found))) in out.iter_mut().zip(parts).zip(self.0).enumerate() {
            *o = if found {
                c
            } else {
                double::midpoints::nearest_value(i, || Some(narrow(part)), &base, &radicand, c)?
            };
        }
        Some(out)
    }
    fn zero(self) -> Self::Out {
        Some([F::ZERO; M])
    }
}

/// `f32`'s rounding in `f64` ([`widened`]): each value where its bound
/// proves the nearest `F`, else none and the seeds.
struct Narrowed<'a, F, const M: usize>(&'a mut Option<[approx::Approx; M]>, PhantomData<F>);

/// [`Narrowed`]'s rounding of each value.
struct ToNarrow<F>(PhantomData<F>);

impl<F: Ieee> double::Rounds<Widened, F> for ToNarrow<F> {
    #[inline(always)]
    fn round(&self, v: Widened) -> Option<F> {
        v.round::<F>()
    }
}

impl<F: Ieee, const M: usize> Finish<Widened, M> for Narrowed<'_, F, M> {
    type Out = Option<[F; M]>;
    #[inline(always)]
    fn finish(self, radicand: &Widened, parts: &[Part<Widened>; M]) -> Self::Out {
        let v = double::finish_by(radicand, parts, F::ZERO, ToNarrow(PhantomData));
        recorded(v, self.0, radicand, parts, SEEDED)
    }
    #[inline(always)]
    fn zero(self) -> Self::Out {
        Some([F::ZERO; M])
    }
}

/// `c` built on the values `input` makes of `x` (double-word, or
/// [`Widened`]), finished by `out`.
#[inline(always)]
pub(super) fn on_values<
    F: Copy,
    A: Approx,
    C: Construction<N, M>,
    O: Finish<A, M>,
    const N: usize,
    const M: usize,
>(
    c: &C,
    x: &[F; N],
    input: impl Fn(F) -> A,
    out: O,
) -> O::Out {
    if cfg!(target_pointer_width = "64") {
        // A loop, which the compiler unrolls there (from a placeholder it
        // costs W1-AABB `f64` 8 instructions a query).
        let mut xs = [A::zero(); N];
        for (o, v) in xs.iter_mut().zip(x) {
            *o = input(*v);
        }
        return c.build(&xs, out);
    }
    // At constant indices, as [`inputs`], over a placeholder: each
    // value's flags stay constants of the expression.
    let mut xs = const { [A::PLACEHOLDER; N] };
    at_each!(xs, N, i => x.get(i).map_or(A::PLACEHOLDER, |v| input(*v)));
    c.build(&xs, out)
}

/// The floats' rounding in double-word arithmetic: each value where its
/// bound proves the nearest float, else none ([`double::finish`]) and
/// the seeds.
struct Certified<'a, const M: usize>(&'a mut Option<[approx::Approx; M]>);

impl<F: Ieee, const M: usize> Finish<Double<F>, M> for Certified<'_, M> {
    type Out = Option<[F; M]>;
    #[inline(always)]
    fn finish(self, radicand: &Double<F>, parts: &[Part<Double<F>>; M]) -> Self::Out {
        // On 64-bit targets the seeds come from the retry ([`retried`]).
        recorded(
            double::finish(radicand, parts),
            self.0,
            radicand,
            parts,
            SEEDED,
        )
    }
    #[inline(always)]
    fn zero(self) -> Self::Out {
        Some([F::ZERO; M])
    }
}

/// The certified route's values `v`, with the seeds written where they
/// are asked for (`record`): where a value was not proved, or where `to`
/// came filled ([`rescaled`]).
#[inline(always)]
fn recorded<A: double::Approx, F, const M: usize>(
    v: Option<[F; M]>,
    to: &mut Option<[approx::Approx; M]>,
    radicand: &A,
    parts: &[Part<A>; M],
    record: bool,
) -> Option<[F; M]> {
    if record && (v.is_none() || to.is_some()) {
        *to = Some(seeds(radicand, parts));
    }
    v
}

/// Where the exact route's search for each value starts: the values
/// from the parts and radicand as computed, with their bounds, through
/// the approximations' root and division ([`approx::values`]), whose
/// bounds hold however wide (the float routes' root and quotient bounds
/// are first-order, sound where they certify). A part past the float
/// range knows nothing ([`approx::Approx::UNKNOWN`]): the search then gallops
/// from zero.
#[cold]
#[inline(never)]
fn seeds<A: double::Approx, const M: usize>(
    radicand: &A,
    parts: &[Part<A>; M],
) -> [approx::Approx; M] {
    let mut out = [approx::Approx::UNKNOWN; M];
    approx::values(&radicand.seed(), &parts.each_ref().map(part_seed), &mut out);
    if A::WIDE {
        double::tighten(radicand, parts, &mut out);
    }
    out
}

/// A part's polynomials as [`seeds`] takes them.
#[inline(never)]
fn part_seed<A: double::Approx>(p: &Part<A>) -> Part<approx::Approx> {
    p.map(A::seed)
}

/// Whether the exact route's search starts from the certified route's
/// values ([`seeds`]) rather than from the construction run again on
/// approximations of the aligned inputs ([`approx::approximate`]): on
/// 32-bit targets, where that second copy of every construction costs
/// 4 to 20 KB of flash (`bash ci/size.sh`), and where the double-word
/// route keeps exact values exact ([`double`]), so that exact zeros and
/// ties need no run on residues. On 64-bit targets the approximations'
/// exact small integers settle those without a run: with the seeds W1-AABB
/// `f64` took 373 to 394 instructions a query (`benches/instructions.sh`).
/// The same keys either way; the unit tests take the seeds on every
/// target.
const SEEDED: bool = cfg!(any(test, target_pointer_width = "32"));

/// Seeds where the certified route left some unknown (a part past the
/// float range) or its lengths are far from one, so that its parts may
/// have underflowed (the largest beyond `2^±w`, `w` the float's exponent
/// range over twice the degree: subnormal inputs took the segment's sweep
/// 16x the instructions on thumbv7em): the same route on the inputs with
/// every length scaled by one power of two, the largest to about one
/// (each value scales by a power of two, its dimension's), where that
/// scaling is exact.
#[cold]
#[inline(never)]
fn rescaled<F: Ieee, C: Construction<N, M>, const N: usize, const M: usize>(
    c: &C,
    x: &[F; N],
    seeds: &mut [approx::Approx; M],
) {
    let window = if approx::Approx::any_unknown(seeds) {
        -1
    } else {
        (F::MAX_EXP - 2) / (2 * C::DEGREE.max(1) as i32)
    };
    let mut y = *x;
    let Some(top) = lengths_scaled(&mut y, &C::DIMS, window) else {
        return;
    };
    // Filled in: the route's seeds even where it certifies.
    let mut found = Some([approx::Approx::UNKNOWN; M]);
    construct_certified(c, &y, &mut found);
    if let Some(found) = &found {
        merge(seeds, found, top, &C::OUT);
    }
}

/// `y` with every length scaled by `2^-top`, `2^top` about the largest
/// length's magnitude, and `top`; `None` where `|top| <= window` (left as
/// it is) or the scaling is not exact (then `y` is partly scaled). On
/// slices: one copy for every construction.
#[inline(never)]
fn lengths_scaled<F: Ieee>(y: &mut [F], dims: &[Dim], window: i32) -> Option<i32> {
    let mut top = None;
    for (v, d) in y.iter().zip(dims) {
        let bits = v.magnitude_bits();
        if d.length == 1 && bits != 0 {
            let e = F::top_exponent(bits);
            top = Some(top.map_or(e, |t: i32| t.max(e)));
        }
    }
    let top = top.filter(|t| t.abs() > window)?;
    let reach = 2 * (F::MAX_EXP - 2);
    for (v, d) in y.iter_mut().zip(dims) {
        let k = -top * i32::from(d.length);
        if k.abs() > reach {
            return None;
        }
        let (a, b) = (k / 2, k - k / 2);
        let w = *v * F::pow2(a) * F::pow2(b);
        // Exact: normal (or zero), and back to the input.
        let normal = w == F::ZERO || (w.finite() && w.abs() >= F::TAU);
        if !normal || w * F::pow2(-a) * F::pow2(-b) != *v {
            return None;
        }
        *v = w;
    }
    Some(top)
}

/// Each seed from the scaled route's (`found`), scaled back by its
/// dimension's power of `2^top`.
#[inline(never)]
fn merge(seeds: &mut [approx::Approx], found: &[approx::Approx], top: i32, out: &[Dim]) {
    for ((o, n), d) in seeds.iter_mut().zip(found).zip(out) {
        // Taken where it knows something: on lengths near one it is at
        // least as tight as the seed it replaces.
        if !n.is_unknown() {
            *o = n.scaled(top * i32::from(d.length));
        }
    }
}

/// The floats' exact construction: each value the nearest float to the
/// exact one, by exact comparisons with midpoints ([`nearest`]).
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
    seeds: &mut [approx::Approx; M],
) -> Result<[F; M], Refused> {
    // Filled in place (not copied out of a `Result`).
    let mut planned = Plan::EMPTY;
    plan_into(x, &C::DIMS, true, &mut planned)?;
    let plan = &planned;
    if construction_bits(C::DEGREE, plan.bits()) > FALLBACK_BITS {
        return Err(Refused::Spread);
    }
    let grid = nearest::Grid::Float {
        precision: F::PRECISION,
        // One past the largest exponent.
        max_exp: F::MAX_EXP + 1,
    };
    // The parts' bits: within the fallback's, and for `f32` within those
    // of its widest inputs ([`F32_BITS`]).
    let chunks = const {
        let mut a = (FALLBACK_BITS - 8) / 2;
        if F::PRECISION == f32::MANTISSA_DIGITS {
            if let Some(b) = f32_bits(&C::DIMS) {
                let f = decision_bits(C::DEGREE, b);
                if f < a {
                    a = f;
                }
            }
        }
        match nearest::chunks(a) {
            Some(k) => k,
            None => panic!("the fallback too wide for the comparisons"),
        }
    };
    let limit = F::MAX_EXP + 1;
    let mut keys = nearest::Keys::ZERO;
    if SEEDED {
        // The seeds on the aligned inputs' scale (in place: no copy under
        // the search's frames).
        approx::Approx::scale_all(seeds, &plan.scale(), &C::OUT);
        nearest::construct(c, plan, (grid, limit), chunks, seeds, &mut keys)?;
    } else {
        // The approximations of the aligned inputs, each replaced by the
        // retried route's seed where that is tighter: they hold exact
        // small values exactly, the seeds a value that cancels far below
        // its terms.
        let mut approx = approx::approximate(c, plan);
        // (`f32`'s route in `f64` records none: [`retried`].)
        if RETRIED && !narrow::<F>() {
            approx::Approx::scale_all(seeds, &plan.scale(), &C::OUT);
            approx::Approx::tighten_all(&mut approx, seeds);
        }
        nearest::construct(c, plan, (grid, limit), chunks, &approx, &mut keys)?;
    }
    let mut i = 0;
    Ok(keys.key.map(|k| {
        let minus_zero = keys.minus_zero(i);
        i += 1;
        F::from_magnitude_bits(k < 0 || minus_zero, k.unsigned_abs())
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::next;

    /// `F32_BITS` bounds the fallback's integers for every `f32` input, and
    /// is reached: the largest `f32` beside the smallest subnormal, where
    /// each scale is largest.
    #[test]
    fn f32_inputs_align_within_their_bound() {
        let (l, v, t, d) = (Dim::LENGTH, Dim::VELOCITY, Dim::TIME, Dim::DIRECTION);
        let tiny = f32::from_bits(1);
        let bits = |x: &[f32; 4], dims: &[Dim; 4]| plan(x, dims, true).expect("finite").bits();
        let no_time = [l, l, v, d];
        let with_time = [l, v, t, d];
        assert_eq!(bits(&[f32::MAX, tiny, 1.0, 1.0], &no_time), F32_BITS[0]);
        assert_eq!(bits(&[f32::MAX, tiny, tiny, 1.0], &with_time), F32_BITS[1]);
        // Every input at 1, the largest, the smallest or zero, then random
        // bits; [`spread`] bounds the alignment without a time too.
        let picks = [1.0, -f32::MAX, tiny, 0.0];
        let mut s = 7u64;
        for i in 0..256 + 20_000 {
            let x: [f32; 4] = core::array::from_fn(|j| {
                if i < 256 {
                    picks[(i / 4usize.pow(j as u32)) % 4]
                } else {
                    let r = f32::from_bits(next(&mut s) as u32);
                    if r.is_finite() { r } else { 0.5 }
                }
            });
            assert!(bits(&x, &no_time) <= F32_BITS[0], "{x:?}");
            assert!(bits(&x, &no_time) <= spread(&x), "{x:?}");
            assert!(bits(&x, &with_time) <= F32_BITS[1], "{x:?}");
        }
    }

    /// The sign of `x0 x1 - x2²` (lengths; `x3`, a length, only widens
    /// the alignment), declared of degree `D`.
    struct Square<const D: u32>;

    impl<const D: u32> Procedure<4> for Square<D> {
        type Out = bool;
        const DIMS: [Dim; 4] = [Dim::LENGTH; 4];
        const DEGREE: u32 = D;
        fn run<R: Ring>(&self, x: &[R; 4], s: &mut Signs) -> bool {
            let [x0, x1, x2, _] = x.clone();
            s.negative(&(x0 * x1 - x2.clone() * x2))
        }
    }

    /// `f32` decides in `f64` where that is hardware, and answers as every
    /// target does: the exact sign where the fallback holds the inputs, a
    /// refusal where it would not and `f32`'s filters leave the sign.
    /// `x0 x1 - x2² = 2^80 (1 - 2^-46) - 2^80 = -2^34`, which `f32`
    /// rounds to 0 (no filter of it certifies) and `f64` computes
    /// exactly. With `x3 = 2^-149` the lengths span 190 bits: degree 12
    /// needs `12 · 190 + 32 = 2312 > 2304` (`FALLBACK_BITS`), degree 4
    /// only 792; with `x3 = 2^-100`, 141 bits and 1724.
    #[test]
    fn f32_answers_alike_on_every_target() {
        let x = |tiny: f32| {
            [
                (1.0 + 2f32.powi(-23)) * 2f32.powi(40),
                (1.0 - 2f32.powi(-23)) * 2f32.powi(40),
                2f32.powi(40),
                tiny,
            ]
        };
        let (far, near) = (x(f32::from_bits(1)), x(2f32.powi(-100)));
        assert!(in_f64::<f32, Square<4>, 4>() == narrow::<f32>());
        assert!(!in_f64::<f32, Square<12>, 4>() && !in_f64::<f64, Square<4>, 4>());
        assert_eq!(Float::decide(&Square::<4>, &far), Ok(true));
        assert_eq!(Float::decide(&Square::<12>, &far), Err(Refused::Spread));
        assert_eq!(Float::decide(&Square::<12>, &near), Ok(true));
    }

    /// `x0 x1` (lengths; `x2`, a length, only widens the alignment),
    /// declared of degree `D`.
    struct Product<const D: u32>;

    impl<const D: u32> Construction<3, 1> for Product<D> {
        const DIMS: [Dim; 3] = [Dim::LENGTH; 3];
        const OUT: [Dim; 1] = [Dim::new(2, 0, 0)];
        const DEGREE: u32 = D;
        fn build<R: Ring, O: Finish<R, 1>>(&self, x: &[R; 3], out: O) -> O::Out {
            let [x0, x1, _] = x.clone();
            out.finish(&R::zero(), &[Surd::value(x0 * x1).into()])
        }
    }

    /// `f32` builds a value as every target does: where the fallback holds
    /// the inputs, the correctly rounded one; where it would not, a
    /// refusal, even where this target's route certifies the value.
    /// `x0 x1 = 2^-140 (1 + 2^-22 + 2^-46)`, on `f32`'s subnormal grid
    /// (spacing `2^-149`) nearest `2^-140`: `f64` proves that, double-word
    /// `f32` (whose products underflow) does not. The lengths' lowest set
    /// bit is `2^-123` (`x0`'s) and `x2 < 2^41`: 164 bits, which degree 8
    /// needs `2 (8 · 164 + 32) + 8 = 2696 > 2304` (`FALLBACK_BITS`) for and
    /// degree 5 1,712. With `x0 = 2^-100`, [`spread`] counts 165 bits (it
    /// takes `2^-124` for a power of two's unit in the last place) but the
    /// alignment 141: degree 7 needs 2,382 by the first and 2,046 by the
    /// second.
    #[test]
    fn f32_constructions_alike_on_every_target() {
        // 2^-140, subnormal, by its bits: `2f32.powi(-140)` is 0 in a
        // debug build, where `powi` forms 2^140 (infinite) and divides.
        let tiny = f32::from_bits(1 << (149 - 140));
        assert_eq!(tiny * 2f32.powi(70) * 2f32.powi(70), 1.0);
        let far = [
            (1.0 + 2f32.powi(-23)) * 2f32.powi(-100),
            (1.0 + 2f32.powi(-23)) * 2f32.powi(-40),
            2f32.powi(40),
        ];
        let widened = |x: &[f32; 3]| {
            on_values(
                &Product::<8>,
                x,
                |v| Widened::input(v.widen()),
                Narrowed(&mut None, PhantomData),
            )
        };
        let double =
            |x: &[f32; 3]| on_values(&Product::<8>, x, Double::input, Certified(&mut None));
        // The two routes disagree here: without the check, x86_64 would
        // answer and i686 refuse.
        assert_eq!((widened(&far), double(&far)), (Some([tiny]), None));
        assert!(held::<f32, Product<4>, 3, 1>() && held::<f64, Product<8>, 3, 1>());
        assert!(!held::<f32, Product<5>, 3, 1>());
        assert_eq!(Float::construct(&Product::<8>, &far), Err(Refused::Spread));
        assert_eq!(Float::construct(&Product::<5>, &far), Ok([tiny]));
        assert_eq!(Float::construct(&Product::<4>, &far), Ok([tiny]));
        let far64 = far.map(f64::from);
        let exact64 = far64[0] * far64[1]; // 48 significant bits: exact
        assert_eq!(Float::construct(&Product::<8>, &far64), Ok([exact64]));
        // Beyond `spread`'s bound, the alignment decides.
        let near = [2f32.powi(-100), 3.0, 2f32.powi(40)];
        assert_eq!(spread(&near), 165);
        assert_eq!(
            Float::construct(&Product::<7>, &near),
            Ok([3.0 * 2f32.powi(-100)])
        );
        assert_eq!(Float::construct(&Product::<8>, &near), Err(Refused::Spread));
    }

    /// `(x0 + x1) / ((x2 + x3)(x4 + x5))`: a length over a squared
    /// direction.
    struct OverNearOne;

    impl Construction<6, 1> for OverNearOne {
        const DIMS: [Dim; 6] = [
            Dim::LENGTH,
            Dim::LENGTH,
            Dim::DIRECTION,
            Dim::DIRECTION,
            Dim::DIRECTION,
            Dim::DIRECTION,
        ];
        const OUT: [Dim; 1] = [Dim::new(1, 0, -2)];
        const DEGREE: u32 = 2;
        fn build<R: Ring, O: Finish<R, 1>>(&self, x: &[R; 6], out: O) -> O::Out {
            let [x0, x1, x2, x3, x4, x5] = x.clone();
            out.finish(
                &R::zero(),
                &[Surd::ratio(x0 + x1, (x2 + x3) * (x4 + x5)).into()],
            )
        }
    }

    /// A tie over a denominator that the double-word route computes as
    /// one, `(1 + 2^-60)(1 - 2^-60) = 1 - 2^-120`: the value is just above
    /// the tie of `2^-1000` and its successor, so it rounds up (by hand).
    /// Where the route's bound underflowed it rounded the tie to even,
    /// down (found by review).
    #[test]
    fn a_tie_over_nearly_one_rounds_up() {
        // (`powi` past the range is zero in a debug build: a product.)
        let x = [
            2f64.powi(-1000),
            2f64.powi(-1000) * 2f64.powi(-53),
            1.0,
            2f64.powi(-60),
            1.0,
            -2f64.powi(-60),
        ];
        let up = f64::from_bits(2f64.powi(-1000).to_bits() + 1);
        assert_eq!(Float::construct(&OverNearOne, &x), Ok([up]));
        let mut y = x;
        y[0] = 1.0;
        y[1] = 2f64.powi(-53);
        assert_eq!(Float::construct(&OverNearOne, &y), Ok([1.0 + f64::EPSILON]));
    }

    /// `x0 + x1 + x2`, lengths.
    struct Sum3;

    impl Construction<3, 1> for Sum3 {
        const DIMS: [Dim; 3] = [Dim::LENGTH; 3];
        const OUT: [Dim; 1] = [Dim::LENGTH];
        const DEGREE: u32 = 1;
        fn build<R: Ring, O: Finish<R, 1>>(&self, x: &[R; 3], out: O) -> O::Out {
            let [x0, x1, x2] = x.clone();
            out.finish(&R::zero(), &[Surd::value(x0 + x1 + x2).into()])
        }
    }

    /// `(x0 + x1) / x2` (lengths over a velocity: a time).
    struct Ratio;

    impl Construction<3, 1> for Ratio {
        const DIMS: [Dim; 3] = [Dim::LENGTH, Dim::LENGTH, Dim::VELOCITY];
        const OUT: [Dim; 1] = [Dim::TIME];
        const DEGREE: u32 = 1;
        fn build<R: Ring, O: Finish<R, 1>>(&self, x: &[R; 3], out: O) -> O::Out {
            let [x0, x1, v] = x.clone();
            out.finish(&R::zero(), &[Part::Surd(Surd::ratio(x0 + x1, v))])
        }
    }

    /// Near-ties are decided exactly, not by the 127-bit approximation:
    /// `1 + 2^-24 ± 2^-140` lies `2^-140` off the midpoint between the `f32`s
    /// 1 and `1 + 2^-23`, and its aligned integer (141 bits) is wider than
    /// the approximation's 128, which reads it as the midpoint itself.
    /// Exact ties go to the even neighbour.
    #[test]
    fn near_ties_are_decided_exactly() {
        let tiny = f32::from_bits(1 << (149 - 140)); // 2^-140
        let half_ulp = 2f32.powi(-24);
        let up = 1.0 + 2f32.powi(-23);
        assert_eq!(Float::construct(&Sum3, &[1.0, half_ulp, tiny]), Ok([up]));
        assert_eq!(
            Float::construct(&Sum3, &[1.0, half_ulp, -tiny]),
            Ok([1.0f32])
        );
        assert_eq!(
            Float::construct(&Sum3, &[-1.0, -half_ulp, -tiny]),
            Ok([-up])
        );
        // Exact ties: to the even significand.
        assert_eq!(Float::construct(&Sum3, &[1.0, half_ulp, 0.0]), Ok([1.0f32]));
        assert_eq!(
            Float::construct(&Sum3, &[up, half_ulp, 0.0]),
            Ok([1.0 + 2f32.powi(-22)])
        );
        // f64: 1 + 2^-53 ± 2^-1000 (aligned: 1,001 bits).
        let (h, t) = (2f64.powi(-53), 2f64.powi(-1000));
        let up64 = 1.0 + 2f64.powi(-52);
        assert_eq!(Float::construct(&Sum3, &[1.0, h, t]), Ok([up64]));
        assert_eq!(Float::construct(&Sum3, &[1.0, h, -t]), Ok([1.0f64]));
        assert_eq!(Float::construct(&Sum3, &[1.0, h, 0.0]), Ok([1.0f64]));
        // A quotient: (1 + 2^-24 + 2^-140) / 1 and the same over 3 (far from
        // any midpoint), against the nearest computed in f64 (exact there).
        assert_eq!(
            Float::construct(&Ratio, &[1.0 + half_ulp as f64, tiny as f64, 1.0]),
            Ok([1.0 + half_ulp as f64 + tiny as f64])
        );
        assert_eq!(
            Float::construct(&Ratio, &[1.0f32, 0.0, 3.0]),
            Ok([1.0f32 / 3.0])
        );
        // Fixed point: to the nearest multiple of the LSB, ties to even.
        #[cfg(feature = "fixed")]
        {
            use crate::exact::kernel::Fixed;
            use fixed::types::I16F16;
            let (q, two) = (I16F16::from_bits, I16F16::from_num(2));
            let half = |raw: i32| Fixed::construct(&Ratio, &[q(raw), q(0), two]);
            assert_eq!(half(1), Ok([q(0)]));
            assert_eq!(half(3), Ok([q(2)]));
            assert_eq!(half(5), Ok([q(2)]));
            assert_eq!(half(-3), Ok([q(-2)]));
            assert_eq!(half(7), Ok([q(4)]));
        }
    }

    /// `t = (x0 x1 + x2 √c) / (x4 x5 - x6 x7)` with `c = x2² + x3²`, then
    /// `(x0 + x3 t) / x2`, `x1 + x2 t` and `√c / x4` (lengths: a root,
    /// quotients, parts along the first value).
    struct Along4;

    impl Construction<8, 4> for Along4 {
        const DIMS: [Dim; 8] = [Dim::LENGTH; 8];
        const OUT: [Dim; 4] = [Dim::NONE, Dim::NONE, Dim::LENGTH, Dim::NONE];
        const DEGREE: u32 = 4;
        fn build<R: Ring, O: Finish<R, 4>>(&self, x: &[R; 8], out: O) -> O::Out {
            let [x0, x1, x2, x3, x4, x5, x6, x7] = x.clone();
            let c = x2.clone() * x2.clone() + x3.clone() * x3.clone();
            let t = Surd {
                a: x0.clone() * x1.clone(),
                b: x2.clone(),
                d: x4.clone() * x5 - x6 * x7,
                e: R::zero(),
            };
            let root = Surd {
                a: R::zero(),
                b: R::one(),
                d: x4,
                e: R::zero(),
            };
            let parts = [
                t.into(),
                Part::Along(x0, x3, x2.clone()),
                Part::along(x1, x2),
                root.into(),
            ];
            out.finish(&c, &parts)
        }
    }

    /// Every seed of the exact route holds its exact value within its
    /// bound: [`Along4`]'s values from the parts in double-word `f32` and
    /// `f64` and in `f64` for `f32`, on inputs over wide ranges (products
    /// past the float range, underflows), with cancelled denominators and
    /// radicands, against exact rationals (the root bracketed).
    #[test]
    fn seeds_hold_the_exact_values() {
        use crate::exact::double::tests::sqrt_bracket;
        use crate::exact::filter::tests::{exact, float};
        use rug::Rational;

        struct Seeded;
        impl<A: double::Approx, const M: usize> Finish<A, M> for Seeded {
            type Out = [approx::Approx; M];
            fn finish(self, c: &A, parts: &[Part<A>; M]) -> Self::Out {
                seeds(c, parts)
            }
            fn zero(self) -> Self::Out {
                [approx::Approx::UNKNOWN; M]
            }
        }
        /// Along4's values on `x`, each as an interval (the root's
        /// bracket carried through; `None` at a zero denominator).
        fn values(x: &[Rational; 8]) -> Option<[(Rational, Rational); 4]> {
            let [x0, x1, x2, x3, x4, x5, x6, x7] = x.clone();
            let den = x4.clone() * &x5 - x6 * x7;
            if den == 0 || x2 == 0 || x4 == 0 {
                return None;
            }
            let c = x2.clone() * &x2 + x3.clone() * &x3;
            let (rlo, mut rhi) = sqrt_bracket(&c);
            if rlo.clone() * &rlo == c {
                rhi = rlo.clone();
            }
            let at = |r: &Rational| {
                let v0 = (x0.clone() * &x1 + x2.clone() * r) / &den;
                [
                    v0.clone(),
                    (x0.clone() + x3.clone() * &v0) / &x2,
                    x1.clone() + x2.clone() * &v0,
                    r.clone() / &x4,
                ]
            };
            let (a, b) = (at(&rlo), at(&rhi));
            let mut out = core::array::from_fn(|_| (Rational::new(), Rational::new()));
            for ((o, a), b) in out.iter_mut().zip(a).zip(b) {
                *o = if a <= b { (a, b) } else { (b, a) };
            }
            Some(out)
        }
        fn check(seeds: [approx::Approx; 4], x: &[Rational; 8], known: &mut u32) {
            let Some(exact) = values(x) else { return };
            for (s, (lo, hi)) in seeds.iter().zip(exact) {
                if let Some((a, b)) = s.interval() {
                    *known += 1;
                    assert!(a <= lo && hi <= b, "{s:?} for [{lo}, {hi}] at {x:?}");
                }
            }
        }
        let mut seed = 0x5eed_5eed_0123_4567u64;
        let (mut known, mut runs) = (0, 0);
        for round in 0..6_000 {
            let (lo, hi) = match round % 3 {
                0 => (-20, 20),
                1 => (-80, 80),
                _ => (-140, 120),
            };
            let mut x64: [f64; 8] = core::array::from_fn(|_| float(&mut seed, lo, hi, |v| v));
            let mut x32 = x64.map(|v| v as f32);
            // Cancellations: the denominator, the radicand's terms.
            if round % 5 == 0 {
                (x64[6], x64[7], x32[6], x32[7]) = (x64[4], x64[5], x32[4], x32[5]);
                x64[7] += x64[7] * 2f64.powi(-50);
                x32[7] += x32[7] * 2f32.powi(-22);
            }
            if round % 7 == 0 {
                (x64[3], x32[3]) = (0.0, 0.0);
            }
            // Value 0's numerator cancelled to its last bits: `x0 x1`
            // against `x2 |x2|` (`x3 = 0`), where the double-word seed
            // replaces the parts' ([`double::tighten`]).
            if round % 11 == 0 {
                (x64[3], x32[3]) = (0.0, 0.0);
                let y64 = -(x64[2] * x64[2].abs()) / x64[0];
                let y32 = -(x32[2] * x32[2].abs()) / x32[0];
                if y64.is_finite() && y32.is_finite() {
                    (x64[1], x32[1]) = (y64, y32);
                }
            }
            if x32.iter().all(|v| v.is_finite()) {
                let r32 = x32.map(exact);
                check(
                    on_values(&Along4, &x32, Double::input, Seeded),
                    &r32,
                    &mut known,
                );
                let w = on_values(&Along4, &x32, |v| Widened::input(v.widen()), Seeded);
                check(w, &r32, &mut known);
            }
            check(
                on_values(&Along4, &x64, Double::input, Seeded),
                &x64.map(exact),
                &mut known,
            );
            runs += 1;
        }
        // Most seeds carry a bound.
        assert!(known > runs * 4, "{known} of {runs} runs");
        // A numerator that cancels to its last bits: `1.1 x1 + 1.3 · 1.3`
        // with `x1` the float nearest `-1.3² / 1.1`, two products of 106
        // bits. The parts' 64-bit approximations leave about ten of its
        // bits; the double-word seed is within 2^-40.
        let x = [1.1, -(1.3f64 * 1.3) / 1.1, 1.3, 0.0, 1.0, 1.0, 0.0, 0.0];
        let s = on_values(&Along4, &x, Double::input, Seeded);
        check(s, &x.map(exact), &mut known);
        assert!(s[0].within(40), "{s:?}");
    }

    /// `max(x0 x1 + x2 x3, 0) + x4` (pure numbers).
    struct PositiveSum;

    impl Construction<5, 1> for PositiveSum {
        const DIMS: [Dim; 5] = [Dim::NONE; 5];
        const OUT: [Dim; 1] = [Dim::NONE];
        const DEGREE: u32 = 2;
        fn build<R: Ring, O: Finish<R, 1>>(&self, x: &[R; 5], out: O) -> O::Out {
            let [x0, x1, x2, x3, x4] = x.clone();
            let v = (x0 * x1 + x2 * x3).positive_part() + x4;
            out.finish(&R::zero(), &[Surd::value(v).into()])
        }
    }

    /// A part that overflowed (a sum past the range, a product whose
    /// factor is past Veltkamp's split) is not certified as the zero its
    /// positive part would make of a NaN, and its seed holds the exact
    /// value or nothing.
    #[test]
    fn overflows_are_not_zeros() {
        use crate::exact::filter::tests::exact;
        fn check<F: Ieee>(x: [F; 5]) {
            let mut seeds = None;
            let v = on_values(&PositiveSum, &x, Double::input, Certified(&mut seeds));
            assert!(v.is_none(), "certified {:?}", v.map(|v| v[0].widen()));
            let [x0, x1, x2, x3, x4] = x.map(exact);
            let p = x0 * x1 + x2 * x3;
            let want = if p > 0 { p } else { rug::Rational::new() } + x4;
            let seed = seeds.expect("seeded")[0];
            if let Some((lo, hi)) = seed.interval() {
                assert!(lo <= want && want <= hi, "{seed:?} for {want}");
            }
        }
        let big = 2f32.powi(115);
        check([big, 4096.0, big, 4096.0, 0.0]);
        check([1e35f32, 1e-30, -1e4, 1.0, 1.0]);
        check([1e301f64, 1e-290, -1e4, 1.0, 1.0]);
    }

    /// `double::finish_into`, which finishes the floats' larger
    /// constructions on 32-bit targets, certifies and rounds as the
    /// inlined `double::finish_by` does, value for value, on `f32` and
    /// `f64`.
    #[test]
    fn the_shared_finish_is_the_inlined_one() {
        struct ByValue;
        impl<F: Ieee, const M: usize> Finish<Double<F>, M> for ByValue {
            type Out = Option<[F; M]>;
            fn finish(self, c: &Double<F>, parts: &[Part<Double<F>>; M]) -> Option<[F; M]> {
                double::finish_by(c, parts, F::ZERO, double::ToFloat)
            }
            fn zero(self) -> Option<[F; M]> {
                Some([F::ZERO; M])
            }
        }
        struct Into;
        impl<F: Ieee, const M: usize> Finish<Double<F>, M> for Into {
            type Out = Option<[F; M]>;
            fn finish(self, c: &Double<F>, parts: &[Part<Double<F>>; M]) -> Option<[F; M]> {
                let mut out = [F::ZERO; M];
                double::finish_into(c, parts, &mut out).then_some(out)
            }
            fn zero(self) -> Option<[F; M]> {
                Some([F::ZERO; M])
            }
        }
        fn check<F: Ieee>(x: &[F; 8]) -> bool {
            let inlined = on_values(&Along4, x, Double::input, ByValue);
            assert_eq!(on_values(&Along4, x, Double::input, Into), inlined, "{x:?}");
            inlined.is_some()
        }
        let mut seed = 0xf1_0001u64;
        let mut certified = [0u32; 2];
        for i in 0..20_000 {
            let mut x: [f64; 8] = core::array::from_fn(|_| {
                let r = next(&mut seed);
                match i % 3 {
                    0 => ((r % 65) as f64 - 32.0) * 2f64.powi((r >> 20) as i32 % 5 - 2),
                    1 => f64::from_bits(r & !(0x7ff << 52) | (1000 + r % 47) << 52),
                    _ => f64::from_bits(r & !(0x7ff << 52) | (1013 + r % 21) << 52),
                }
            });
            // A denominator of zero, which neither certifies.
            if i % 5 == 0 {
                (x[6], x[7]) = (x[4], x[5]);
            }
            certified[0] += u32::from(check(&x));
            certified[1] += u32::from(check(&x.map(|v| v as f32)));
        }
        // Both outcomes, on both types.
        assert!(
            certified.iter().all(|&n| n > 1000 && n < 19_000),
            "{certified:?}"
        );
    }
}
