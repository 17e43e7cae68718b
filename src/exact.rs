//! The exact layer: how every backend decides the sign of a polynomial
//! exactly, and rounds a construction once.
//!
//! Queries never see it at work. A query writes its decisions once, as a
//! [`Procedure`]: code generic over a [`Ring`] that takes the sign of
//! polynomials in its inputs through [`Signs`]. It writes each value it
//! returns as a [`Construction`]: the surd `(a + b√c) / (d + e√c)` of
//! polynomials in its inputs, the only place a square root or a division
//! appears. The number type's [`Kernel`] runs both.
//!
//! # Facts it rests on
//! * Every input is a length, a velocity, a time or a direction ([`Dim`]),
//!   and every polynomial a query takes the sign of is homogeneous in
//!   those dimensions. Scaling lengths by `2^a`, times by `2^b` and
//!   directions by `2^c` therefore scales it by a power of two and keeps
//!   its sign: the exact paths below scale each dimension independently.
//! * Every `f32`, `f64` and fixed-point value is a dyadic rational
//!   `m · 2^e`. Scaled as above by the smallest powers that make every
//!   input an integer (module `align`), a polynomial of degree `D` in `B`-bit
//!   integers is an integer of at most `D·B + log2(terms)` bits: `Int`
//!   holds it exactly.
//!
//! # How each backend decides a sign
//! * Exact rationals (the test oracle, [`Exactly`]): on the values.
//! * Fixed point: the raw integers are the aligned integers; the procedure
//!   runs on `Int` sized for the type's full range at the procedure's
//!   degree, so no input is ever refused for a decision, or on 256-bit
//!   integers where the inputs' actual width lets them hold every value
//!   (the narrow path: same integers, fewer limbs).
//! * `f32`, `f64`: the procedure first runs on plain floats against one
//!   bound per query (`Bounded`, module `bound`): each input is bounded by
//!   a power of two of its dimension, so each polynomial's error bound is
//!   a constant of the expression times a power of two, and each sign
//!   comes with a proof that it is the exact one or a flag that it may not
//!   be. Where some sign was not proved (or the inputs' magnitudes are
//!   outside that bound's window), it runs on `Filtered` values, each with
//!   its own error bound (module `filter`), and only where some sign is
//!   still not proved, exactly, on the aligned integers. The answer never
//!   depends on which path ran.
//!
//! # How each backend constructs a value
//! `(a + b√c) / (d + e√c)` with `a, …, e` polynomials in the inputs:
//! * exact rationals: evaluated with the type's own `sqrt` and `quotient`;
//! * fixed point: `a, …, e` exactly in `Int`, then the surd to 127 bits
//!   (cancellation removed by conjugates) and rounded once to the nearest
//!   multiple of the LSB: within 1 LSB, or refused if the value is outside
//!   the type's range (module `round`);
//! * floats: correctly rounded (to nearest, ties to even). First in
//!   double-word arithmetic with a running error bound (module `double`),
//!   returned where the bound proves which float is nearest; elsewhere (a
//!   value within its bound of a midpoint, a cancellation, an underflow)
//!   the fixed-point route above, whose 127 bits round to the same float
//!   except within `2^-122` relative of a midpoint (a tie it resolves by
//!   its approximation).
//!
//! # Domains
//! Fixed point: every finite input; a construction outside the type's
//! range is refused. Floats: every finite input, except where the exact
//! fallback is needed and the aligned inputs need more than the fallback's
//! integers hold ([`Refused::Spread`]: lengths, velocities, times and
//! directions each spanning up to a few hundred bits always fit, see
//! [`FALLBACK_BITS`]), and constructions that overflow.

mod align;
mod bound;
mod double;
mod filter;
mod int;
mod kernel;
mod round;

#[cfg(feature = "fixed")]
pub(crate) use kernel::Fixed;
pub(crate) use kernel::Float;
pub use kernel::{Exactly, Kernel};

use core::cmp::Ordering;
use core::ops::{Add, Mul, Neg, Sub};

/// What an input measures, as powers of length, time and direction: the
/// exact paths scale each of the three by its own power of two.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dim {
    /// Power of length.
    pub length: i8,
    /// Power of time.
    pub time: i8,
    /// Power of direction (an oriented box's axis coordinates).
    pub direction: i8,
}

impl Dim {
    /// A position, extent, radius or displacement.
    pub const LENGTH: Dim = Dim::new(1, 0, 0);
    /// Length per time.
    pub const VELOCITY: Dim = Dim::new(1, -1, 0);
    /// A time.
    pub const TIME: Dim = Dim::new(0, 1, 0);
    /// An axis coordinate (unitless, scaled apart from lengths).
    pub const DIRECTION: Dim = Dim::new(0, 0, 1);
    /// A pure number.
    pub const NONE: Dim = Dim::new(0, 0, 0);

    /// `length^l · time^t · direction^d`.
    pub const fn new(length: i8, time: i8, direction: i8) -> Dim {
        Dim {
            length,
            time,
            direction,
        }
    }
}

/// A commutative ring in which a procedure evaluates its polynomials: the
/// backend's values with their error bound (`Filtered`), integers
/// (`Int`), or exact values ([`Exactly`]).
pub trait Ring:
    Clone + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Neg<Output = Self>
{
    /// Zero.
    fn zero() -> Self;
    /// One.
    fn one() -> Self;
    /// The sign of the value as computed, and whether it is certainly the
    /// sign of the exact value.
    fn sign(&self) -> (Ordering, bool);
    /// The integer `n` (a pure number), exactly.
    #[inline]
    fn small(n: u32) -> Self {
        // Doubling and adding: exact in any ring.
        let (mut sum, mut x, mut n) = (Self::zero(), Self::one(), n);
        while n > 0 {
            if n & 1 == 1 {
                sum = sum + x.clone();
            }
            n >>= 1;
            if n > 0 {
                x = x.clone() + x;
            }
        }
        sum
    }
    /// `-self` if `neg` (floats flip the sign bit: no branch).
    #[inline]
    fn negate_if(self, neg: bool) -> Self {
        if neg { -self } else { self }
    }
    /// `a` if `c`, else `b`.
    #[inline]
    fn select(c: bool, a: Self, b: Self) -> Self {
        if c { a } else { b }
    }
    /// `max(self, 0)`: exact in exact rings; in `Filtered` the positive
    /// part of the computed value, whose error bound is the operand's (the
    /// positive part is 1-Lipschitz), so no sign needs deciding.
    fn positive_part(self) -> Self;
    /// `|self|`, exact or within the operand's bound like
    /// [`Ring::positive_part`].
    fn abs(self) -> Self;
}

/// The signs a procedure takes, and whether all of them were certain.
#[derive(Debug)]
pub struct Signs {
    sure: bool,
}

impl Signs {
    #[inline]
    pub(crate) fn new() -> Signs {
        Signs { sure: true }
    }

    /// The sign of `x` (recording whether it is certain).
    #[inline]
    pub fn sign<R: Ring>(&mut self, x: &R) -> Ordering {
        let (s, sure) = x.sign();
        self.sure &= sure;
        s
    }

    /// `x > 0`.
    #[inline]
    pub fn positive<R: Ring>(&mut self, x: &R) -> bool {
        self.sign(x) == Ordering::Greater
    }

    /// `x < 0`.
    #[inline]
    pub fn negative<R: Ring>(&mut self, x: &R) -> bool {
        self.sign(x) == Ordering::Less
    }

    /// `x = 0`.
    #[inline]
    pub fn zero<R: Ring>(&mut self, x: &R) -> bool {
        self.sign(x) == Ordering::Equal
    }

    /// The sign of `x`, recording whether it is certain only if `relevant`
    /// (a predicate evaluated on every path, on which the outcome rests
    /// only on some).
    #[inline]
    pub fn sign_when<R: Ring>(&mut self, x: &R, relevant: bool) -> Ordering {
        let (s, sure) = x.sign();
        self.sure &= sure | !relevant;
        s
    }

    /// The sign of `x` as computed, recording nothing.
    #[inline]
    pub fn peek<R: Ring>(&self, x: &R) -> Ordering {
        x.sign().0
    }

    /// `x > 0`, and certainly so; records nothing (an early exit that,
    /// when not certain, leaves the question to the rest of the procedure).
    #[inline]
    pub fn surely_positive<R: Ring>(&self, x: &R) -> bool {
        let (s, sure) = x.sign();
        sure & (s == Ordering::Greater)
    }

    /// Whether every sign so far was certain.
    #[inline]
    pub(crate) fn sure(&self) -> bool {
        self.sure
    }
}

/// A query's decisions: signs of polynomials in its `N` inputs, made in any
/// [`Ring`], combined into an outcome that holds no values.
pub trait Procedure<const N: usize> {
    /// The decision.
    type Out;
    /// What each input measures. Every polynomial whose sign the procedure
    /// takes must be homogeneous in these dimensions.
    const DIMS: [Dim; N];
    /// A bound on the total degree, in the inputs, of every polynomial the
    /// procedure evaluates (it sizes the exact integers), such that the sum
    /// of the absolute values of each polynomial's coefficients is below
    /// `2^COEFFICIENT_BITS`.
    const DEGREE: u32;
    /// Runs the decisions.
    fn run<R: Ring>(&self, x: &[R; N], s: &mut Signs) -> Self::Out;
}

/// Bits reserved, above `degree · input bits`, for the coefficients and
/// the number of terms of a polynomial (see [`Procedure::DEGREE`]).
pub const COEFFICIENT_BITS: u32 = 32;

/// `(a + b√c) / (d + e√c)`: the one shape of every constructed value, with
/// `c` shared by all values of one construction.
#[derive(Clone, Debug)]
pub struct Surd<R> {
    /// Rational part of the numerator.
    pub a: R,
    /// Coefficient of `√c` in the numerator.
    pub b: R,
    /// Rational part of the denominator.
    pub d: R,
    /// Coefficient of `√c` in the denominator.
    pub e: R,
}

impl<R: Ring> Surd<R> {
    /// The polynomial value `a`.
    #[inline]
    pub fn value(a: R) -> Surd<R> {
        Surd {
            a,
            b: R::zero(),
            d: R::one(),
            e: R::zero(),
        }
    }

    /// `a / d`.
    #[inline]
    pub fn ratio(a: R, d: R) -> Surd<R> {
        Surd {
            a,
            b: R::zero(),
            d,
            e: R::zero(),
        }
    }

    /// `a / (d + √c)`.
    #[inline]
    pub fn over_root(a: R, d: R) -> Surd<R> {
        Surd {
            a,
            b: R::zero(),
            d,
            e: R::one(),
        }
    }
}

/// One value of a construction.
#[derive(Clone, Debug)]
pub enum Part<R> {
    /// A surd `(a + b√c) / (d + e√c)`.
    Surd(Surd<R>),
    /// `(p + q · v₀) / m`, with `v₀` the construction's first value,
    /// which is a [`Part::Surd`]: a point along a path at the contact time
    /// `v₀`. The same number as the surd it expands to, built from `v₀` (a
    /// kernel may expand it; a float kernel evaluates it from `v₀`, which
    /// is cheaper, and skips a division by a denominator equal to one). As
    /// value 0 it stands for `p / m`.
    Along(R, R, R),
}

impl<R: Ring> Part<R> {
    /// `p + q · v₀`.
    #[inline(always)]
    pub fn along(p: R, q: R) -> Part<R> {
        Part::Along(p, q, R::one())
    }

    /// The surd this part stands for, given the first value of its
    /// construction, `base` (`None` if that is not a surd).
    pub fn expand(&self, base: Option<&Surd<R>>) -> Surd<R> {
        match (self, base) {
            (Part::Surd(s), _) => s.clone(),
            (Part::Along(p, q, m), Some(v)) => Surd {
                a: p.clone() * v.d.clone() + q.clone() * v.a.clone(),
                b: p.clone() * v.e.clone() + q.clone() * v.b.clone(),
                d: v.d.clone() * m.clone(),
                e: v.e.clone() * m.clone(),
            },
            (Part::Along(p, _, m), None) => Surd::ratio(p.clone(), m.clone()),
        }
    }

    /// The first value's surd, if `parts` starts with one.
    pub fn base<const M: usize>(parts: &[Part<R>; M]) -> Option<&Surd<R>> {
        match parts.first() {
            Some(Part::Surd(s)) => Some(s),
            _ => None,
        }
    }
}

impl<R: Ring> From<Surd<R>> for Part<R> {
    #[inline(always)]
    fn from(s: Surd<R>) -> Part<R> {
        Part::Surd(s)
    }
}

/// Values a query returns: `M` surds in its `N` inputs, sharing one
/// radicand. The procedure has decided every sign the construction relies
/// on (the radicand is not negative, the denominators are not zero).
pub trait Construction<const N: usize, const M: usize> {
    /// What each input measures.
    const DIMS: [Dim; N];
    /// What each value measures (how it scales back from the exact path).
    const OUT: [Dim; M];
    /// A bound on the total degree of `a, …, e` and of the radicand, as in
    /// [`Procedure::DEGREE`], of every surd, and of the surd a
    /// [`Part::Along`] expands to (`(p d + q a + (p e + q b)√c) / (m d +
    /// m e√c)` for `v₀ = (a + b√c) / (d + e√c)`).
    const DEGREE: u32;
    /// Builds the radicand `c` (zero where no value has a root) and the
    /// values, and hands them to `f` from the branch that built them (so
    /// that a float kernel compiles each branch with its own constants);
    /// [`Finish::zero`] where the decision leaves nothing to build.
    fn build<R: Ring, O: Finish<R, M>>(&self, x: &[R; N], out: O) -> O::Out;
}

/// How a kernel rounds the values of a [`Construction`].
pub trait Finish<R, const M: usize> {
    /// The rounded values, or why there are none.
    type Out;
    /// Rounds `parts`, whose root is `√radicand`.
    fn finish(self, radicand: &R, parts: &[Part<R>; M]) -> Self::Out;
    /// All values zero.
    fn zero(self) -> Self::Out;
}

/// Bits of the integers of the floats' exact fallback.
pub const FALLBACK_BITS: u32 = 2304;

/// Why the exact layer gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refused {
    /// Input `index` is NaN or infinite.
    NotFinite(usize),
    /// Floats: the exact fallback was needed, and the inputs, aligned, need
    /// more than [`FALLBACK_BITS`] for this procedure's degree.
    Spread,
    /// Value `index` of a construction is outside the backend's range,
    /// which ends at `2^limit`.
    Unrepresentable {
        /// Which value.
        index: usize,
        /// The range, as a power of two.
        limit: i32,
    },
}

/// Runs procedure `p` on `x` exactly, on `T`'s kernel.
#[inline]
pub fn decide<T: crate::Real, P: Procedure<N>, const N: usize>(
    p: &P,
    x: &[T; N],
) -> Result<P::Out, Refused> {
    <T::Kernel as Kernel<T>>::decide(p, x)
}

/// Builds construction `c` on `x`, rounded as `T`'s kernel rounds.
#[inline]
pub fn construct<T: crate::Real, C: Construction<N, M>, const N: usize, const M: usize>(
    c: &C,
    x: &[T; N],
) -> Result<[T; M], Refused> {
    <T::Kernel as Kernel<T>>::construct(c, x)
}
