//! The floats' kernel: each sign by a filter, one bound per polynomial
//! ([`bound`]) and then each value's own ([`Filtered`]), and where neither
//! is certain by the exact fallback on the inputs' integers
//! ([`crate::exact::align`]); each value built in double-word arithmetic
//! ([`double`]), or for `f32` where `f64` is hardware in `f64`
//! ([`widened`]), and where its rounding is not proved from the integers.

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
        // An infinite input carries no error bound: refused by name.
        if !all_finite(x) {
            return Err(not_finite(*x));
        }
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
pub(super) fn inputs<F: Ieee, const N: usize>(x: &[F; N]) -> [Filtered<F>; N] {
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
pub(super) fn surely<R: Ring, P: Procedure<N>, const N: usize>(
    p: &P,
    x: &[R; N],
) -> Option<P::Out> {
    let mut s = Signs::new();
    let out = p.run(x, &mut s);
    s.sure().then_some(out)
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
    let plan = plan(&x, &P::DIMS, true)?;
    let need = decision_bits(P::DEGREE, plan.bits());
    let near = decision_bits(P::DEGREE, NEAR_BITS);
    near_or_far!(need, near, run_on::<P, N>(p, &plan), Err(Refused::Spread))
}

/// A float construction in double-word arithmetic ([`double`]), or for
/// `f32` where `f64` is hardware in `f64` ([`widened`]), if every value's
/// rounding to nearest is proved.
#[inline]
fn construct_certified<F: Ieee, C: Construction<N, M>, const N: usize, const M: usize>(
    c: &C,
    x: &[F; N],
) -> Option<[F; M]> {
    // Two inputs multiply exactly in `f64` (`widened`): `f32`.
    if widened::NARROW_IN_F64 && 2 * F::PRECISION <= f64::MANTISSA_DIGITS {
        return on_values(c, x, |v| Widened::input(v.widen()), Narrowed(PhantomData));
    }
    on_values(c, x, Double::input, Certified)
}

/// `f32`'s rounding in `f64` ([`widened`]): each value where its bound
/// proves the nearest `F`, else none.
struct Narrowed<F>(PhantomData<F>);

impl<F: Ieee, const M: usize> Finish<Widened, M> for Narrowed<F> {
    type Out = Option<[F; M]>;
    #[inline(always)]
    fn finish(self, radicand: &Widened, parts: &[Part<Widened>; M]) -> Option<[F; M]> {
        double::finish_by(radicand, parts, F::ZERO, Widened::round::<F>)
    }
    #[inline(always)]
    fn zero(self) -> Option<[F; M]> {
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
    let mut xs = [A::zero(); N];
    for (o, v) in xs.iter_mut().zip(x) {
        *o = input(*v);
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
