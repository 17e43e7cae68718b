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
//!   integers is an integer of at most `D·B + log2(terms)` bits, whose
//!   sign its residues modulo enough primes decide.
//!
//! # How each backend decides a sign
//! * Exact rationals (the test oracle, [`Exactly`]): on the values.
//! * Fixed point: the raw integers are the aligned integers; a procedure
//!   in few inputs whose polynomials fit 192 bits on them runs on them
//!   in 192-bit arithmetic, exactly, or in 128-bit arithmetic where the
//!   type's range or the inputs' width fits that (module `narrow`); any other
//!   runs on approximations with a proved error bound (module `approx`)
//!   where those prove every sign, else on their residues (module
//!   `residue`), with as many primes as the inputs' actual width needs, so
//!   no input is ever refused for a decision. On x86_64 and aarch64, where
//!   `f64` is hardware, the floats' filters below run first when every raw integer is below `2^53` (the
//!   values are then `f64`s exactly); the integers decide only what they
//!   leave.
//! * `f32`, `f64`: on 64-bit targets the procedure first runs on plain
//!   floats against one bound per query (`Bounded`, module `bound`; on
//!   32-bit ones it costs more code than it saves instructions, and the
//!   next filter comes first): each input is bounded by
//!   a power of two of its dimension, so each polynomial's error bound is
//!   a constant of the expression times a power of two, and each sign
//!   comes with a proof that it is the exact one or a flag that it may not
//!   be. Where some sign was not proved (or the inputs' magnitudes are
//!   outside that bound's window), it runs on `Filtered` values, each with
//!   its own error bound (module `filter`), and only where some sign is
//!   still not proved, exactly, on the aligned integers: on
//!   approximations where those prove every sign (module `approx`),
//!   else by their residues (module `residue`): modulo as many primes as
//!   the widest polynomial needs, replayed once per prime for each sign.
//!   The frame is the same small one whatever the width: no wide integer.
//!   The answer never depends on which path ran.
//! * `f32` where `f64` is hardware: the same in `f64`, where the inputs
//!   and their pairwise products are exact and every bound is `2^29`
//!   times tighter, for each procedure whose fallback holds every `f32`
//!   input (degree up to 8, or 5 with a time input); for the others,
//!   after `f32`'s filters, each value's own bound in `f64` before the
//!   integers, where those hold the inputs. Elsewhere the fallback's
//!   refusal ([`Refused::Spread`]) is the same as on a target without
//!   `f64`.
//!
//! # How each backend constructs a value
//! `(a + b√c) / (d + e√c)` with `a, …, e` polynomials in the inputs:
//! * exact rationals: evaluated with the type's own `sqrt` and `quotient`;
//! * fixed point: the nearest multiple of the LSB, ties to even; a
//!   squared length polynomial in few lengths computed exactly in 192
//!   bits and rounded by a shift (module `narrow`); any other found by
//!   exact comparisons of the value with the midpoints between multiples:
//!   each the sign of a polynomial in the aligned inputs, decided on their
//!   residues, starting from an approximation (module `nearest`); refused
//!   if the value is outside the type's range. On x86_64 and aarch64,
//!   first the floats' double-word arithmetic below, rounded to the
//!   nearest multiple of the LSB where its bound proves it with `2^-31` of
//!   an LSB to spare: the same multiple;
//! * floats: correctly rounded (to nearest, ties to even). First in
//!   double-word arithmetic with a running error bound (module `double`);
//!   `f32` where `f64` is hardware (x86_64, aarch64) in one `f64` with a
//!   running bound instead (module `widened`): 53 bits against double-word
//!   `f32`'s 48, in a fraction of the steps. Returned where the bound
//!   proves which float is nearest; elsewhere (a value within its bound of
//!   a midpoint, a cancellation, an underflow) the fixed-point route above,
//!   on the float format's midpoints: the nearest float, exactly. On
//!   32-bit targets its search starts from the values the first route
//!   computed, with their bounds (no second approximation of the
//!   construction), and that route keeps exact values exact where it sees
//!   at run time that an operation rounded nothing, so that exact zeros
//!   and ties need no comparison on residues (module `double`).
//!   `f32`'s two routes certify different values, so where its exact
//!   route would refuse the inputs ([`Refused::Spread`]), an `f32` value is
//!   refused on every route: every target answers alike.
//!
//! # Domains
//! Fixed point: every finite input; a construction outside the type's
//! range is refused. Floats: every finite input, except where the exact
//! fallback is needed (for an `f32` value: wherever it would be asked)
//! and the aligned inputs need more than the fallback's integers hold
//! ([`Refused::Spread`]: lengths, velocities, times and directions each
//! spanning up to a few hundred bits always fit, see [`FALLBACK_BITS`]),
//! and constructions that overflow.

/// Sets `$out[i] = $e` for every index `i` of the array `$out` of length
/// `$len` (at most 32), each at a constant index, not in a loop: the
/// filters' values carry rounding counts and dimensions that must stay
/// constants of the expression, and at opt-level "s" the compiler neither unrolls a loop
/// nor inlines a closure called at each index, so that they were computed
/// at run time. (A macro, not a function taking a closure, for that reason.)
/// `at_each!(len, i => { .. })` runs the block for every index below `len`
/// likewise.
macro_rules! at_each {
    ($len:ident, $i:ident => $body:block) => {
        const { assert!($len <= 32) };
        at_each!(@@ $len, $i, $body,
            0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31)
    };
    (@@ $len:ident, $i:ident, $body:block, $($n:literal)*) => {
        $(
            if $n < $len {
                let $i: usize = $n;
                $body
            }
        )*
    };
    ($out:ident, $len:ident, $i:ident => $e:expr) => {
        const { assert!($len <= 32) };
        at_each!(@ $out, $i, $e,
            0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31)
    };
    (@ $out:ident, $i:ident, $e:expr, $($n:literal)*) => {
        $(
            if let Some(o) = $out.get_mut($n) {
                let $i: usize = $n;
                *o = $e;
            }
        )*
    };
}

mod align;
mod aligned;
mod approx;
mod bound;
mod double;
mod expansion;
mod filter;
#[cfg(test)]
mod int;
mod kernel;
#[cfg(feature = "fixed")]
mod narrow;
mod nearest;
mod residue;
mod signs;
mod surd;
mod widened;

#[cfg(feature = "fixed")]
pub(crate) use kernel::Fixed;
pub(crate) use kernel::Float;
pub use kernel::{Exactly, Kernel};
pub use signs::Signs;
pub(crate) use surd::First;
pub use surd::{Construction, Finish, Part, Surd};

use core::cmp::Ordering;
use core::ops::{Add, Mul, Neg, Sub};

/// What an input measures, as powers of length, time and direction: the
/// exact paths scale each of the three by its own power of two.
///
/// ```
/// use swept::exact::Dim;
/// // A velocity times a time is a length.
/// let (v, t) = (Dim::VELOCITY, Dim::TIME);
/// assert_eq!(Dim::new(v.length + t.length, v.time + t.time, 0), Dim::LENGTH);
/// ```
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
    /// A pure number. Not scaled: on the exact paths such an input must be
    /// an integer (a count, a constant), else the decision is refused
    /// ([`Refused::Spread`]).
    pub const NONE: Dim = Dim::new(0, 0, 0);

    /// `length^l · time^t · direction^d`.
    ///
    /// ```
    /// use swept::exact::Dim;
    /// // An acceleration, length per time squared.
    /// let a = Dim::new(1, -2, 0);
    /// assert_eq!((a.length, a.time), (1, -2));
    /// assert_eq!(Dim::new(1, -1, 0), Dim::VELOCITY);
    /// ```
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
/// (residues), or exact values ([`Exactly`]).
///
/// A procedure sees only these operations, so it runs unchanged in every
/// ring. Here: is `x` at least `n` times as far from 0 as `y`?
///
/// ```
/// use core::cmp::Ordering;
/// use swept::exact::{Dim, Procedure, Ring, Signs, decide};
/// struct TimesAsFar(u32);
/// impl Procedure<2> for TimesAsFar {
///     type Out = bool;
///     const DIMS: [Dim; 2] = [Dim::LENGTH; 2];
///     const DEGREE: u32 = 1;
///     fn run<R: Ring>(&self, v: &[R; 2], s: &mut Signs) -> bool {
///         let [x, y] = v.clone();
///         s.sign(&(x.abs() - R::small(self.0) * y.abs())) != Ordering::Less
///     }
/// }
/// assert_eq!(decide(&TimesAsFar(2), &[-3.0f32, 1.5]), Ok(true));
/// assert_eq!(decide(&TimesAsFar(2), &[-3.0f32, -1.6]), Ok(false));
/// // 0.3 is below 3 × 0.1 (the doubles nearest them: 0.29999999999999998...
/// // and 3 × 0.10000000000000000555...).
/// assert_eq!(decide(&TimesAsFar(3), &[0.3f64, 0.1]), Ok(false));
/// ```
pub trait Ring:
    Clone + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Neg<Output = Self>
{
    /// Zero.
    ///
    /// ```
    /// # use core::cmp::Ordering;
    /// # use swept::exact::{Dim, Procedure, Ring, Signs, decide};
    /// # struct P;
    /// # impl Procedure<1> for P {
    /// #     type Out = bool;
    /// #     const DIMS: [Dim; 1] = [Dim::LENGTH; 1];
    /// #     const DEGREE: u32 = 2;
    ///     fn run<R: Ring>(&self, x: &[R; 1], s: &mut Signs) -> bool {
    ///         // Is x above zero? (As `s.positive(&x[0])`.)
    ///         s.positive(&(x[0].clone() - R::zero()))
    ///     }
    /// # }
    /// assert_eq!(decide(&P, &[0.5f64]), Ok(true));
    /// ```
    fn zero() -> Self;
    /// One.
    ///
    /// ```
    /// # use core::cmp::Ordering;
    /// # use swept::exact::{Dim, Procedure, Ring, Signs, decide};
    /// # struct P;
    /// # impl Procedure<1> for P {
    /// #     type Out = bool;
    /// #     const DIMS: [Dim; 1] = [Dim::NONE; 1];
    /// #     const DEGREE: u32 = 2;
    ///     fn run<R: Ring>(&self, x: &[R; 1], s: &mut Signs) -> bool {
    ///         // Is the count x below one?
    ///         s.negative(&(x[0].clone() - R::one()))
    ///     }
    /// # }
    /// assert_eq!(decide(&P, &[0.0f32]), Ok(true));
    /// assert_eq!(decide(&P, &[1.0f32]), Ok(false));
    /// ```
    fn one() -> Self;
    /// The sign of the value as computed, and whether it is certainly the
    /// sign of the exact value.
    ///
    /// ```
    /// # use core::cmp::Ordering;
    /// # use swept::exact::{Dim, Procedure, Ring, Signs, decide};
    /// # struct P;
    /// # impl Procedure<1> for P {
    /// #     type Out = Ordering;
    /// #     const DIMS: [Dim; 1] = [Dim::LENGTH; 1];
    /// #     const DEGREE: u32 = 2;
    ///     fn run<R: Ring>(&self, x: &[R; 1], s: &mut Signs) -> Ordering {
    ///         // A procedure takes signs through `Signs`, which calls `sign` and
    ///         // records whether it was certain.
    ///         s.sign(&x[0])
    ///     }
    /// # }
    /// assert_eq!(decide(&P, &[-2.0f64]), Ok(Ordering::Less));
    /// ```
    fn sign(&self) -> (Ordering, bool);
    /// The integer `n` (a pure number), exactly; a procedure's constants
    /// stay below `2^31` ([`Procedure::DEGREE`]).
    ///
    /// ```
    /// # use core::cmp::Ordering;
    /// # use swept::exact::{Dim, Procedure, Ring, Signs, decide};
    /// # struct P;
    /// # impl Procedure<2> for P {
    /// #     type Out = bool;
    /// #     const DIMS: [Dim; 2] = [Dim::LENGTH; 2];
    /// #     const DEGREE: u32 = 2;
    ///     fn run<R: Ring>(&self, x: &[R; 2], s: &mut Signs) -> bool {
    ///         // x > 3 y
    ///         s.positive(&(x[0].clone() - R::small(3) * x[1].clone()))
    ///     }
    /// # }
    /// assert_eq!(decide(&P, &[3.0f64, 1.0]), Ok(false));
    /// assert_eq!(decide(&P, &[3.5f64, 1.0]), Ok(true));
    /// ```
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
    ///
    /// ```
    /// # use core::cmp::Ordering;
    /// # use swept::exact::{Dim, Procedure, Ring, Signs, decide};
    /// # struct P;
    /// # impl Procedure<2> for P {
    /// #     type Out = bool;
    /// #     const DIMS: [Dim; 2] = [Dim::LENGTH; 2];
    /// #     const DEGREE: u32 = 2;
    ///     fn run<R: Ring>(&self, x: &[R; 2], s: &mut Signs) -> bool {
    ///         // The distance from x to y, positive whichever is larger.
    ///         let d = x[1].clone() - x[0].clone();
    ///         let flip = s.negative(&d);
    ///         s.positive(&d.negate_if(flip))
    ///     }
    /// # }
    /// assert_eq!(decide(&P, &[3.0f32, 1.0]), Ok(true));
    /// assert_eq!(decide(&P, &[1.0f32, 1.0]), Ok(false));
    /// ```
    #[inline]
    fn negate_if(self, neg: bool) -> Self {
        if neg { -self } else { self }
    }
    /// `a` if `c`, else `b`.
    ///
    /// ```
    /// # use core::cmp::Ordering;
    /// # use swept::exact::{Dim, Procedure, Ring, Signs, decide};
    /// # struct P;
    /// # impl Procedure<2> for P {
    /// #     type Out = Ordering;
    /// #     const DIMS: [Dim; 2] = [Dim::LENGTH; 2];
    /// #     const DEGREE: u32 = 2;
    ///     fn run<R: Ring>(&self, x: &[R; 2], s: &mut Signs) -> Ordering {
    ///         // The sign of the larger of x and y.
    ///         let x_larger = s.positive(&(x[0].clone() - x[1].clone()));
    ///         s.sign(&R::select(x_larger, x[0].clone(), x[1].clone()))
    ///     }
    /// # }
    /// assert_eq!(decide(&P, &[-3.0f64, 2.0]), Ok(Ordering::Greater));
    /// assert_eq!(decide(&P, &[-3.0f64, -4.0]), Ok(Ordering::Less));
    /// ```
    #[inline]
    fn select(c: bool, a: Self, b: Self) -> Self {
        if c { a } else { b }
    }
    /// `a()` if `c`, else `b()`: the chosen value alone built, where each
    /// operation costs a call (the exact runs); both built and
    /// [`Ring::select`]ed where branch-free code is cheaper (the filters
    /// on 64-bit targets).
    ///
    /// ```
    /// # use core::cmp::Ordering;
    /// # use swept::exact::{Dim, Procedure, Ring, Signs, decide};
    /// # struct P;
    /// # impl Procedure<2> for P {
    /// #     type Out = Ordering;
    /// #     const DIMS: [Dim; 2] = [Dim::LENGTH; 2];
    /// #     const DEGREE: u32 = 2;
    ///     fn run<R: Ring>(&self, x: &[R; 2], s: &mut Signs) -> Ordering {
    ///         // The sign of x² - y² where x is positive, else of y.
    ///         let positive = s.positive(&x[0]);
    ///         let v = R::pick(
    ///             positive,
    ///             || x[0].clone() * x[0].clone() - x[1].clone() * x[1].clone(),
    ///             || x[1].clone(),
    ///         );
    ///         s.sign(&v)
    ///     }
    /// # }
    /// assert_eq!(decide(&P, &[3.0f64, 2.0]), Ok(Ordering::Greater));
    /// assert_eq!(decide(&P, &[-3.0f64, -4.0]), Ok(Ordering::Less));
    /// ```
    #[inline(always)]
    fn pick(c: bool, a: impl FnOnce() -> Self, b: impl FnOnce() -> Self) -> Self {
        if c { a() } else { b() }
    }
    /// `max(self, 0)`: exact in exact rings; in `Filtered` the positive
    /// part of the computed value, whose error bound is the operand's (the
    /// positive part is 1-Lipschitz), so no sign needs deciding.
    ///
    /// ```
    /// # use core::cmp::Ordering;
    /// # use swept::exact::{Dim, Procedure, Ring, Signs, decide};
    /// # struct P;
    /// # impl Procedure<2> for P {
    /// #     type Out = Ordering;
    /// #     const DIMS: [Dim; 2] = [Dim::LENGTH; 2];
    /// #     const DEGREE: u32 = 2;
    ///     fn run<R: Ring>(&self, x: &[R; 2], s: &mut Signs) -> Ordering {
    ///         // max(x, 0) against y.
    ///         s.sign(&(x[0].clone().positive_part() - x[1].clone()))
    ///     }
    /// # }
    /// assert_eq!(decide(&P, &[-3.0f64, 0.0]), Ok(Ordering::Equal));
    /// ```
    fn positive_part(self) -> Self;
    /// `|self|`, exact or within the operand's bound like
    /// [`Ring::positive_part`].
    ///
    /// ```
    /// # use core::cmp::Ordering;
    /// # use swept::exact::{Dim, Procedure, Ring, Signs, decide};
    /// # struct P;
    /// # impl Procedure<2> for P {
    /// #     type Out = Ordering;
    /// #     const DIMS: [Dim; 2] = [Dim::LENGTH; 2];
    /// #     const DEGREE: u32 = 2;
    ///     fn run<R: Ring>(&self, x: &[R; 2], s: &mut Signs) -> Ordering {
    ///         // |x| against y.
    ///         s.sign(&(x[0].clone().abs() - x[1].clone()))
    ///     }
    /// # }
    /// assert_eq!(decide(&P, &[-3.0f32, 3.0]), Ok(Ordering::Equal));
    /// ```
    fn abs(self) -> Self;
    /// Whether the values carry constants of the expression (a filter's
    /// rounding counts, the double-word route's flags), which the compiler
    /// folds only where each value is computed at constant indices: a
    /// procedure's repeated steps are then best written out; in the other
    /// rings a loop does the same in less code.
    const FOLDS: bool = false;
}

/// [`Ring::pick`] for a ring whose operations are inlined on 64-bit
/// targets and calls elsewhere (the filters' `Filtered`, the double-word
/// values): there branch-free, both built and [`Ring::select`]ed, so that
/// their flags and rounding counts fold (a branch took W4-AABB `f64` 9%
/// more instructions); elsewhere the chosen one alone built.
#[inline(always)]
pub(crate) fn pick_where_inlined<R: Ring>(
    c: bool,
    a: impl FnOnce() -> R,
    b: impl FnOnce() -> R,
) -> R {
    if cfg!(target_pointer_width = "64") {
        R::select(c, a(), b())
    } else if c {
        a()
    } else {
        b()
    }
}

/// `f(0)`, .., `f(N - 1)` for `N` at most 32: at constant indices where
/// `R`'s values carry constants of the expression ([`Ring::FOLDS`]), else
/// as a loop. Pass `f` as `#[inline(always)] |i| ..`: kept out of line, a
/// closure receives those constants as run-time values.
#[inline(always)]
pub(crate) fn each_index<R: Ring, const N: usize>(mut f: impl FnMut(usize)) {
    if R::FOLDS {
        at_each!(N, i => {
            f(i);
        });
    } else {
        for i in 0..N {
            f(i);
        }
    }
}

/// A query's decisions: signs of polynomials in its `N` inputs, made in any
/// [`Ring`], combined into an outcome that holds no values.
///
/// The orientation of three points, exactly, in any backend:
///
/// ```
/// use core::cmp::Ordering;
/// use swept::exact::{Dim, Procedure, Ring, Signs, decide};
/// /// Which side of the line through `a` and `b` the point `c` lies on.
/// struct Orient;
/// impl Procedure<6> for Orient {
///     type Out = Ordering;
///     const DIMS: [Dim; 6] = [Dim::LENGTH; 6];
///     const DEGREE: u32 = 2;
///     fn run<R: Ring>(&self, x: &[R; 6], s: &mut Signs) -> Ordering {
///         let [ax, ay, bx, by, cx, cy] = x.clone();
///         s.sign(&((bx - ax.clone()) * (cy - ay.clone()) - (by - ay) * (cx - ax)))
///     }
/// }
/// // a = 0, b = (1 + ε, 1), c = (1, 1 - ε) with ε = 2^-52: the
/// // determinant is -ε², which f64 arithmetic rounds to 0.
/// let e = f64::EPSILON;
/// assert_eq!((1.0 + e) * (1.0 - e) - 1.0, 0.0);
/// assert_eq!(decide(&Orient, &[0.0, 0.0, 1.0 + e, 1.0, 1.0, 1.0 - e]), Ok(Ordering::Less));
/// ```
pub trait Procedure<const N: usize> {
    /// The decision.
    type Out;
    /// What each input measures. Every polynomial whose sign the procedure
    /// takes must be homogeneous in these dimensions.
    const DIMS: [Dim; N];
    /// A bound on the total degree, in the inputs, of every polynomial the
    /// procedure evaluates (it sizes the exact integers), such that the sum
    /// of the absolute values of each polynomial's coefficients is below
    /// `2^COEFFICIENT_BITS`, and every constant it builds from
    /// [`Ring::zero`], [`Ring::one`] and [`Ring::small`] alone is below
    /// `2^31` in magnitude (the residues hold a constant in one word).
    const DEGREE: u32;
    /// Runs the decisions.
    ///
    /// ```
    /// # use core::cmp::Ordering;
    /// # use swept::exact::{Dim, Procedure, Ring, Signs, decide};
    /// # struct P;
    /// # impl Procedure<2> for P {
    /// #     type Out = bool;
    /// #     const DIMS: [Dim; 2] = [Dim::LENGTH; 2];
    /// #     const DEGREE: u32 = 2;
    ///     fn run<R: Ring>(&self, x: &[R; 2], s: &mut Signs) -> bool {
    ///         // x ≥ y.
    ///         !s.negative(&(x[0].clone() - x[1].clone()))
    ///     }
    /// # }
    /// assert_eq!(decide(&P, &[1.0f32, 1.0]), Ok(true));
    /// ```
    fn run<R: Ring>(&self, x: &[R; N], s: &mut Signs) -> Self::Out;
}

/// Bits reserved, above `degree · input bits`, for the coefficients and
/// the number of terms of a polynomial (see [`Procedure::DEGREE`]).
pub const COEFFICIENT_BITS: u32 = 32;

/// The floats' exact fallback answers where every polynomial of a decision
/// (or every part of a construction, twice over) fits this many bits: its
/// domain, the same on every target.
pub const FALLBACK_BITS: u32 = 2304;

/// Why the exact layer gave no answer.
///
/// ```
/// # use core::cmp::Ordering;
/// # use fixed::types::I16F16;
/// # use swept::exact::{Construction, Dim, Finish, Procedure, Refused, Ring, Signs, Surd, construct, decide};
/// # struct Sign;
/// # impl Procedure<1> for Sign {
/// #     type Out = Ordering;
/// #     const DIMS: [Dim; 1] = [Dim::LENGTH];
/// #     const DEGREE: u32 = 1;
/// #     fn run<R: Ring>(&self, x: &[R; 1], s: &mut Signs) -> Ordering {
/// #         s.sign(&x[0])
/// #     }
/// # }
/// # struct Square;
/// # impl Construction<1, 1> for Square {
/// #     const DIMS: [Dim; 1] = [Dim::LENGTH];
/// #     const OUT: [Dim; 1] = [Dim::new(2, 0, 0)];
/// #     const DEGREE: u32 = 2;
/// #     fn build<R: Ring, O: Finish<R, 1>>(&self, x: &[R; 1], out: O) -> O::Out {
/// #         out.finish(&R::zero(), &[Surd::value(x[0].clone() * x[0].clone()).into()])
/// #     }
/// # }
/// // `Sign` decides the sign of its input, `Square` builds x².
/// assert_eq!(decide(&Sign, &[f32::NAN]), Err(Refused::NotFinite(0)));
/// // 256² is past I16F16's range, which ends at 2^15.
/// let big = I16F16::from_num(256);
/// assert_eq!(construct(&Square, &[big]), Err(Refused::Unrepresentable { index: 0, limit: 15 }));
/// ```
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
///
/// ```
/// use core::cmp::Ordering;
/// use fixed::types::I16F16;
/// use swept::exact::{Dim, Procedure, Ring, Signs, decide};
/// /// Does a circle of radius `r` at `x` reach the interval `[lo, hi]`?
/// struct Reaches;
/// impl Procedure<4> for Reaches {
///     type Out = bool;
///     const DIMS: [Dim; 4] = [Dim::LENGTH; 4];
///     const DEGREE: u32 = 1;
///     fn run<R: Ring>(&self, v: &[R; 4], s: &mut Signs) -> bool {
///         let [x, lo, hi, r] = v.clone();
///         let gap = (lo - x.clone()).positive_part() + (x - hi).positive_part();
///         s.sign(&(gap - r)) != Ordering::Greater
///     }
/// }
/// // 0.1 + 0.2 lands past 0.3 in f64; the decision is on the value given.
/// assert_eq!(decide(&Reaches, &[0.1 + 0.2, -1.0, 0.0, 0.3]), Ok(false));
/// let q = |x: f64| I16F16::from_num(x);
/// assert_eq!(decide(&Reaches, &[q(3.0), q(-1.0), q(1.0), q(2.0)]), Ok(true));
/// // Fixed point decides over its whole range: no product overflows.
/// assert_eq!(decide(&Reaches, &[I16F16::MAX, I16F16::MIN, q(0.0), I16F16::MAX]), Ok(true));
/// ```
#[inline]
pub fn decide<T: crate::Real, P: Procedure<N>, const N: usize>(
    p: &P,
    x: &[T; N],
) -> Result<P::Out, Refused> {
    <T::Kernel as Kernel<T>>::decide(p, x)
}

/// Whether `a - b > c`, certainly (one branch-free test of `T`'s
/// kernel, [`Kernel::exceeds`]): true only where it holds exactly; false
/// where it does not or where the test cannot tell, and on a NaN.
///
/// ```
/// use swept::exact::exceeds;
/// assert!(exceeds(&3.0, &1.0, &1.5));
/// assert!(!exceeds(&3.0, &1.0, &2.0));
/// // 1 + 2^-60 > 1, but it rounds to 1 in f64: not proved.
/// assert!(!exceeds(&1.0, &-f64::powi(2.0, -60), &1.0));
/// assert!(!exceeds(&f64::NAN, &0.0, &0.0));
/// ```
#[inline(always)]
pub fn exceeds<T: crate::Real>(a: &T, b: &T, c: &T) -> bool {
    <T::Kernel as Kernel<T>>::exceeds(a, b, c)
}

/// Whether `a - b > c + d`, certainly ([`Kernel::exceeds_sum`]), as
/// [`exceeds`].
///
/// ```
/// use swept::exact::exceeds_sum;
/// assert!(exceeds_sum(&4.0, &1.0, &1.5, &1.0));
/// assert!(!exceeds_sum(&4.0, &1.0, &1.5, &1.5));
/// // 0.1 + 0.2 > 0.3 in exact arithmetic on these doubles, and as
/// // computed; 0.3 - 0 > 0.1 + 0.2 is false either way.
/// assert!(!exceeds_sum(&0.3, &0.0, &0.1, &0.2));
/// assert!(!exceeds_sum(&f64::NAN, &0.0, &0.0, &0.0));
/// ```
#[inline(always)]
pub fn exceeds_sum<T: crate::Real>(a: &T, b: &T, c: &T, d: &T) -> bool {
    <T::Kernel as Kernel<T>>::exceeds_sum(a, b, c, d)
}

/// Builds construction `c` on `x`, rounded as `T`'s kernel rounds. A NaN
/// or infinite float input is [`Refused::NotFinite`], naming it.
///
/// ```
/// use fixed::types::I16F16;
/// use swept::exact::{Construction, Dim, Finish, Part, Refused, Ring, Surd, construct};
/// /// When a point at `x` moving at `v` (not zero) reaches the wall `w`.
/// struct Arrival;
/// impl Construction<3, 1> for Arrival {
///     const DIMS: [Dim; 3] = [Dim::LENGTH, Dim::LENGTH, Dim::VELOCITY];
///     const OUT: [Dim; 1] = [Dim::TIME];
///     const DEGREE: u32 = 1;
///     fn build<R: Ring, O: Finish<R, 1>>(&self, x: &[R; 3], out: O) -> O::Out {
///         let [x, w, v] = x.clone();
///         out.finish(&R::zero(), &[Part::Surd(Surd::ratio(w - x, v))])
///     }
/// }
/// // (1 - 0) / 3, correctly rounded:
/// assert_eq!(construct(&Arrival, &[0.0f32, 1.0, 3.0]), Ok([1.0 / 3.0]));
/// // In I16F16, 1/3 is rounded once to the nearest multiple of 2^-16,
/// // 21845 / 65536:
/// let q = |x: f64| I16F16::from_num(x);
/// let [t] = construct(&Arrival, &[q(0.0), q(1.0), q(3.0)]).unwrap();
/// assert_eq!(t, I16F16::from_bits(21845));
/// // A NaN input, named:
/// assert_eq!(construct(&Arrival, &[0.0, f64::NAN, 3.0]), Err(Refused::NotFinite(1)));
/// ```
#[inline]
pub fn construct<T: crate::Real, C: Construction<N, M>, const N: usize, const M: usize>(
    c: &C,
    x: &[T; N],
) -> Result<[T; M], Refused> {
    <T::Kernel as Kernel<T>>::construct(c, x)
}
