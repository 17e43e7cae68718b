//! A procedure's signs on the aligned integers (module `align`), from one
//! copy of it: its values are [`Either`], an approximation with a proved
//! bound (module `approx`) in a first run, residues (module `residue`) in
//! the runs after, where the first leaves a sign. Which one a value is,
//! its inputs decide; each operation is one call that dispatches on it.
//! The approximations may also run on the inputs unaligned, each with its
//! own exponent ([`Plan::exponents_into`]): an alignment multiplies every
//! polynomial of a procedure by a power of two, so their signs are the
//! same.

use super::align::{Aligned, Plan};
use super::approx::{self, Approx};
use super::residue::{self, Ctx, Res};
use super::{Procedure, Ring, Signs};
use core::cmp::Ordering;
use core::ops::{Add, Mul, Neg, Sub};

/// A value of a run on the aligned integers: an approximation, or a
/// residue (a ring constant is a residue's, [`Res::Const`], in both
/// runs).
#[derive(Clone, Copy)]
pub enum Either<'a> {
    /// An approximation with its bound.
    Approx(Approx),
    /// A residue, or a constant.
    Res(Res<'a>),
}

/// Which runs [`decide`] makes.
#[derive(Clone, Copy)]
pub enum Runs {
    /// On the approximations alone (a plan of the inputs' own exponents,
    /// [`Plan::exponents_into`], whose values are not integers).
    Approx,
    /// On residues alone, every polynomial below `2^need` (the
    /// approximations have run on the inputs already).
    Exactly(u32),
    /// On the approximations, then where they leave a sign exactly.
    Both(u32),
}

/// `p` on the inputs of `plan`: by the approximations where they prove
/// every sign, and where they do not (or do not run) exactly on residues
/// as `runs` asks; `None` where a sign is left, or where the residues
/// refuse.
#[inline(never)]
pub fn decide<P: Procedure<N>, const N: usize>(
    p: &P,
    plan: &Plan<N>,
    runs: Runs,
) -> Option<P::Out> {
    if !matches!(runs, Runs::Exactly(_)) {
        if let (out, true) = run(p, plan, None) {
            return Some(out);
        }
    }
    match runs {
        Runs::Approx => None,
        Runs::Exactly(need) | Runs::Both(need) => {
            residue::decide_by(need, |ctx| run(p, plan, Some(ctx)).0)
        }
    }
}

/// `p` on the inputs of `plan`, as approximations, or as residues
/// in `ctx`'s chunk; and whether every sign it took was certain. Out of
/// line, the one copy of `p` both runs call, its inputs built in its own
/// frame (a frame of the caller's, under the run, held them twice).
///
/// Two rings (one for each) compiled every procedure twice: on
/// `thumbv7em-none-eabihf` one ring takes `advance` from 157,508 to 144,950
/// bytes in `f32` and from 113,832 to 102,062 in `I32F32`, the sweeps up to
/// 13% smaller, a static query with one procedure 0.7 KB larger (the
/// dispatch, shared by every procedure of an image; `CI=true bash
/// ci/size.sh`, `SIZE_BACKENDS=i32f32 SIZE_OPTS=s bash ci/size.sh`), and
/// the README quick start's binary on x86_64 from 1,431,272 to 1,348,320
/// (`bash ci/compile-time.sh`). Each operation pays a call and a branch:
/// where these runs decide (exact cases, `I32F32`'s oriented boxes) up to
/// 50% more instructions on the microcontroller, 13 more of its rows over
/// their bounds (`bash ci/mcu-count.sh`: 61 of 132); code size ranks above
/// speed. A value takes 20 bytes there ([`Approx`] is word-aligned for it),
/// where a residue took 8: the static queries need up to 0.7 KB more stack,
/// within every bound (`bash ci/stack.sh`).
#[inline(never)]
fn run<'a, P: Procedure<N>, const N: usize>(
    p: &P,
    plan: &Plan<N>,
    ctx: Option<&'a Ctx<'a>>,
) -> (P::Out, bool) {
    let mut x = [Either::zero(); N];
    inputs(&mut x, plan.parts(), ctx);
    let mut s = Signs::new();
    let out = p.run(&x, &mut s);
    (out, s.sure())
}

/// The inputs of a run, from `parts`: approximations, or residues in
/// `ctx`'s chunk (one copy for every procedure).
#[inline(never)]
fn inputs<'a>(x: &mut [Either<'a>], parts: &[Aligned], ctx: Option<&'a Ctx<'a>>) {
    for (o, a) in x.iter_mut().zip(parts) {
        *o = match ctx {
            Some(ctx) => {
                let (neg, m, shift) = a.get();
                Either::Res(ctx.input(neg, m, shift))
            }
            None => {
                let (neg, m, e) = a.value();
                Either::Approx(Approx::input(neg, m, e))
            }
        };
    }
}

impl Either<'_> {
    /// The value as an approximation: a constant exactly; a residue (never
    /// beside an approximation: a run's inputs are all one or the other)
    /// as nothing known.
    #[inline(always)]
    fn approx(self) -> Approx {
        match self {
            Either::Approx(a) => a,
            Either::Res(Res::Const(c)) => Approx::input(c < 0, u64::from(c.unsigned_abs()), 0),
            Either::Res(_) => Approx::UNKNOWN,
        }
    }
}

/// `a + b`, `a - b` or `a b` (`OP` 0, 1, 2): one call for each operation
/// of the procedure's copy (a copy of this for each `OP`), the operands
/// passed on in place.
#[inline(never)]
fn apply<'a, const OP: u8>(a: &Either<'a>, b: &Either<'a>) -> Either<'a> {
    let approx = |x: &Approx, y: &Approx| match OP {
        0 => approx::sum(x, y, false),
        1 => approx::sum(x, y, true),
        _ => approx::product(x, y),
    };
    match (a, b) {
        (Either::Approx(x), Either::Approx(y)) => Either::Approx(approx(x, y)),
        (Either::Res(x), Either::Res(y)) => Either::Res(match OP {
            0 => *x + *y,
            1 => *x - *y,
            _ => *x * *y,
        }),
        (x, y) => Either::Approx(approx(&x.approx(), &y.approx())),
    }
}

impl Add for Either<'_> {
    type Output = Self;
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        apply::<0>(&self, &o)
    }
}

impl Sub for Either<'_> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        apply::<1>(&self, &o)
    }
}

impl Mul for Either<'_> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        apply::<2>(&self, &o)
    }
}

impl Neg for Either<'_> {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        unary(&self, Unary::Neg)
    }
}

/// The sign of `a`, and whether it is certain.
#[inline(never)]
fn sign(a: &Either<'_>) -> (Ordering, bool) {
    match a {
        Either::Approx(x) => x.sign(),
        Either::Res(x) => x.sign(),
    }
}

/// What [`unary`] computes.
#[derive(Clone, Copy)]
enum Unary {
    /// `max(a, 0)`.
    PositivePart,
    /// `|a|`.
    Abs,
    /// `-a`.
    Neg,
}

/// `max(a, 0)`, `|a|` or `-a`: one call for each.
#[inline(never)]
fn unary<'a>(a: &Either<'a>, op: Unary) -> Either<'a> {
    match (a, op) {
        (Either::Approx(x), Unary::PositivePart) => Either::Approx(x.positive_part()),
        (Either::Approx(x), Unary::Abs) => Either::Approx(x.abs()),
        (Either::Approx(x), Unary::Neg) => Either::Approx(-*x),
        (Either::Res(x), Unary::PositivePart) => Either::Res(x.positive_part()),
        (Either::Res(x), Unary::Abs) => Either::Res(x.abs()),
        (Either::Res(x), Unary::Neg) => Either::Res(-*x),
    }
}

impl Ring for Either<'_> {
    #[inline(always)]
    fn zero() -> Self {
        Either::Res(Res::zero())
    }
    #[inline(always)]
    fn one() -> Self {
        Either::Res(Res::one())
    }
    #[inline(always)]
    fn small(n: u32) -> Self {
        Either::Res(Res::small(n))
    }
    #[inline(always)]
    fn sign(&self) -> (Ordering, bool) {
        sign(self)
    }
    #[inline(always)]
    fn positive_part(self) -> Self {
        unary(&self, Unary::PositivePart)
    }
    #[inline(always)]
    fn abs(self) -> Self {
        unary(&self, Unary::Abs)
    }
}
