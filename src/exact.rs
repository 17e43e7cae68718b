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
//!   (the narrow path: same integers, fewer limbs). On x86_64 and aarch64,
//!   where `f64` is hardware, the floats' filters below run first when
//!   every raw integer is below `2^53` (the values are then `f64`s
//!   exactly); the integers decide only what they leave.
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
//!   the type's range (module `round`). On x86_64 and aarch64, first the
//!   floats' double-word arithmetic below, rounded to the nearest multiple
//!   of the LSB where its bound proves it with `2^-31` of an LSB to spare
//!   (more than the 127 bits are off by): the same multiple;
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
/// (`Int`), or exact values ([`Exactly`]).
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
    /// The integer `n` (a pure number), exactly.
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
}

/// The signs a procedure takes, and whether all of them were certain.
///
/// A procedure asks every sign through `Signs`: on a rounded ring the
/// kernel learns whether each one was proved, and reruns the procedure
/// on exact integers if not. An early exit may test `surely_positive`
/// (records nothing: when unproved, the rest of the procedure decides);
/// `peek` reads a sign that only chooses between equivalent paths.
///
/// ```
/// use core::cmp::Ordering;
/// use swept::exact::{Dim, Procedure, Ring, Signs, decide};
/// /// Where `x` lies against `[lo, hi]`: below, on an end, inside, above.
/// struct Place;
/// impl Procedure<3> for Place {
///     type Out = &'static str;
///     const DIMS: [Dim; 3] = [Dim::LENGTH; 3];
///     const DEGREE: u32 = 1;
///     fn run<R: Ring>(&self, v: &[R; 3], s: &mut Signs) -> &'static str {
///         let [x, lo, hi] = v.clone();
///         if s.surely_positive(&(x.clone() - hi.clone())) {
///             return "above";
///         }
///         let (below, at_lo) = (s.negative(&(x.clone() - lo.clone())), s.zero(&(x.clone() - lo)));
///         let against_hi = s.sign(&(x - hi));
///         match (below, at_lo, against_hi) {
///             (true, _, _) => "below",
///             (_, true, _) | (_, _, Ordering::Equal) => "on an end",
///             (_, _, Ordering::Less) => "inside",
///             _ => "above",
///         }
///     }
/// }
/// assert_eq!(decide(&Place, &[0.5f64, 0.0, 1.0]), Ok("inside"));
/// assert_eq!(decide(&Place, &[1.0f64, 0.0, 1.0]), Ok("on an end"));
/// assert_eq!(decide(&Place, &[0.1 + 0.2, 0.3, 1.0]), Ok("inside"));
/// ```
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
    ///
    /// ```
    /// # use core::cmp::Ordering;
    /// # use swept::exact::{Dim, Procedure, Ring, Signs, decide};
    /// # struct P;
    /// # impl Procedure<3> for P {
    /// #     type Out = Ordering;
    /// #     const DIMS: [Dim; 3] = [Dim::LENGTH; 3];
    /// #     const DEGREE: u32 = 2;
    ///     fn run<R: Ring>(&self, x: &[R; 3], s: &mut Signs) -> Ordering {
    ///         // 3 x y against z².
    ///         let [x, y, z] = x.clone();
    ///         s.sign(&(R::small(3) * x * y - z.clone() * z))
    ///     }
    /// # }
    /// // 3 · 0.5 · 0.666...663 (the double nearest 2/3, below it) < 1.
    /// assert_eq!(decide(&P, &[0.5f64, 2.0 / 3.0, 1.0]), Ok(Ordering::Less));
    /// ```
    #[inline]
    pub fn sign<R: Ring>(&mut self, x: &R) -> Ordering {
        let (s, sure) = x.sign();
        self.sure &= sure;
        s
    }

    /// `x > 0`.
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
    ///         s.positive(&x[0])
    ///     }
    /// # }
    /// assert_eq!(decide(&P, &[f64::MIN_POSITIVE]), Ok(true));
    /// ```
    #[inline]
    pub fn positive<R: Ring>(&mut self, x: &R) -> bool {
        self.sign(x) == Ordering::Greater
    }

    /// `x < 0`.
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
    ///         s.negative(&x[0])
    ///     }
    /// # }
    /// assert_eq!(decide(&P, &[-0.0f32]), Ok(false));
    /// ```
    #[inline]
    pub fn negative<R: Ring>(&mut self, x: &R) -> bool {
        self.sign(x) == Ordering::Less
    }

    /// `x = 0`.
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
    ///         // x² = y²
    ///         s.zero(&(x[0].clone() * x[0].clone() - x[1].clone() * x[1].clone()))
    ///     }
    /// # }
    /// assert_eq!(decide(&P, &[0.1f64, -0.1]), Ok(true));
    /// assert_eq!(decide(&P, &[0.1f64, 0.1000000000000001]), Ok(false));
    /// ```
    #[inline]
    pub fn zero<R: Ring>(&mut self, x: &R) -> bool {
        self.sign(x) == Ordering::Equal
    }

    /// The sign of `x`, recording whether it is certain only if `relevant`
    /// (a predicate evaluated on every path, on which the outcome rests
    /// only on some).
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
    ///         // Both positive: y's sign is computed on every path, but matters
    ///         // only when x > 0.
    ///         let x_pos = s.positive(&x[0]);
    ///         let y_sign = s.sign_when(&x[1], x_pos);
    ///         x_pos & (y_sign == Ordering::Greater)
    ///     }
    /// # }
    /// assert_eq!(decide(&P, &[1.0f64, 2.0]), Ok(true));
    /// assert_eq!(decide(&P, &[-1.0f64, 2.0]), Ok(false));
    /// ```
    #[inline]
    pub fn sign_when<R: Ring>(&mut self, x: &R, relevant: bool) -> Ordering {
        let (s, sure) = x.sign();
        self.sure &= sure | !relevant;
        s
    }

    /// The sign of `x` as computed, recording nothing.
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
    ///         // Subtract the smaller from the larger (either order would do:
    ///         // the peeked sign only picks the cheaper path), then decide.
    ///         let d = x[0].clone() - x[1].clone();
    ///         let d = d.clone().negate_if(s.peek(&d) == Ordering::Less);
    ///         s.sign(&d)
    ///     }
    /// # }
    /// assert_eq!(decide(&P, &[1.0f64, 1.0]), Ok(Ordering::Equal));
    /// assert_eq!(decide(&P, &[1.0f64, 2.0]), Ok(Ordering::Greater));
    /// ```
    #[inline]
    pub fn peek<R: Ring>(&self, x: &R) -> Ordering {
        x.sign().0
    }

    /// `x > 0`, and certainly so; records nothing (an early exit that,
    /// when not certain, leaves the question to the rest of the procedure).
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
    ///         // x > y, with an early exit when that is clear.
    ///         let d = x[0].clone() - x[1].clone();
    ///         if s.surely_positive(&d) {
    ///             return true;
    ///         }
    ///         s.positive(&d)
    ///     }
    /// # }
    /// assert_eq!(decide(&P, &[2.0f64, 1.0]), Ok(true));
    /// assert_eq!(decide(&P, &[1.0f64, 1.0]), Ok(false));
    /// ```
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
    /// `2^COEFFICIENT_BITS`.
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

/// `(a + b√c) / (d + e√c)`: the one shape of every constructed value, with
/// `c` shared by all values of one construction.
///
/// ```
/// # use swept::exact::{Construction, Dim, Finish, Ring, Surd, construct};
/// # struct C;
/// # impl Construction<2, 1> for C {
/// #     const DIMS: [Dim; 2] = [Dim::NONE; 2];
/// #     const OUT: [Dim; 1] = [Dim::NONE];
/// #     const DEGREE: u32 = 2;
///     fn build<R: Ring, O: Finish<R, 1>>(&self, x: &[R; 2], out: O) -> O::Out {
///         // (x + √y) / (1 - √y): a, b, d, e = x, 1, 1, -1, c = y.
///         let s = Surd { a: x[0].clone(), b: R::one(), d: R::one(), e: -R::one() };
///         out.finish(&x[1], &[s.into()])
///     }
/// # }
/// // (1 + 2) / (1 - 2)
/// assert_eq!(construct(&C, &[1.0f64, 4.0]), Ok([-3.0]));
/// ```
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
    ///
    /// ```
    /// # use swept::exact::{Construction, Dim, Finish, Part, Ring, Surd, construct};
    /// # struct C;
    /// # impl Construction<2, 1> for C {
    /// #     const DIMS: [Dim; 2] = [Dim::LENGTH; 2];
    /// #     const OUT: [Dim; 1] = [Dim::LENGTH];
    /// #     const DEGREE: u32 = 2;
    ///     fn build<R: Ring, O: Finish<R, 1>>(&self, x: &[R; 2], out: O) -> O::Out {
    ///         // x + y
    ///         let sum = x[0].clone() + x[1].clone();
    ///         out.finish(&R::zero(), &[Surd::value(sum).into()])
    ///     }
    /// # }
    /// assert_eq!(construct(&C, &[1.5f32, 2.25]), Ok([3.75]));
    /// ```
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
    ///
    /// ```
    /// # use swept::exact::{Construction, Dim, Finish, Part, Ring, Surd, construct};
    /// # struct C;
    /// # impl Construction<2, 1> for C {
    /// #     const DIMS: [Dim; 2] = [Dim::NONE; 2];
    /// #     const OUT: [Dim; 1] = [Dim::NONE];
    /// #     const DEGREE: u32 = 2;
    ///     fn build<R: Ring, O: Finish<R, 1>>(&self, x: &[R; 2], out: O) -> O::Out {
    ///         // x / y (y not zero)
    ///         let q = Surd::ratio(x[0].clone(), x[1].clone());
    ///         out.finish(&R::zero(), &[q.into()])
    ///     }
    /// # }
    /// assert_eq!(construct(&C, &[2.0f64, 3.0]), Ok([2.0 / 3.0]));
    /// ```
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
    ///
    /// ```
    /// # use swept::exact::{Construction, Dim, Finish, Part, Ring, Surd, construct};
    /// # struct C;
    /// # impl Construction<1, 1> for C {
    /// #     const DIMS: [Dim; 1] = [Dim::NONE];
    /// #     const OUT: [Dim; 1] = [Dim::NONE];
    /// #     const DEGREE: u32 = 2;
    ///     fn build<R: Ring, O: Finish<R, 1>>(&self, x: &[R; 1], out: O) -> O::Out {
    ///         // 1 / (1 + √x)
    ///         let q = Surd::over_root(R::one(), R::one());
    ///         out.finish(&x[0], &[q.into()])
    ///     }
    /// # }
    /// assert_eq!(construct(&C, &[9.0f64]), Ok([0.25]));
    /// ```
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
///
/// ```
/// # use swept::exact::{Construction, Dim, Finish, Part, Ring, Surd, construct};
/// # struct C;
/// # impl Construction<3, 2> for C {
/// #     const DIMS: [Dim; 3] = [Dim::LENGTH, Dim::LENGTH, Dim::VELOCITY];
/// #     const OUT: [Dim; 2] = [Dim::TIME, Dim::LENGTH];
/// #     const DEGREE: u32 = 2;
///     fn build<R: Ring, O: Finish<R, 2>>(&self, x: &[R; 3], out: O) -> O::Out {
///         // A point at x moving at v meets the wall at w at t = (w - x) / v;
///         // where it is then, x + v t, is value 1, built along value 0.
///         let [x, w, v] = x.clone();
///         let t = Part::Surd(Surd::ratio(w - x.clone(), v.clone()));
///         out.finish(&R::zero(), &[t, Part::along(x, v)])
///     }
/// # }
/// assert_eq!(construct(&C, &[-1.0f32, 2.0, 6.0]), Ok([0.5, 2.0]));
/// ```
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
    ///
    /// ```
    /// # use swept::exact::{Construction, Dim, Finish, Part, Ring, Surd, construct};
    /// # struct C;
    /// # impl Construction<5, 2> for C {
    /// #     const DIMS: [Dim; 5] = [Dim::LENGTH, Dim::LENGTH, Dim::VELOCITY, Dim::LENGTH, Dim::VELOCITY];
    /// #     const OUT: [Dim; 2] = [Dim::TIME, Dim::LENGTH];
    /// #     const DEGREE: u32 = 2;
    ///     fn build<R: Ring, O: Finish<R, 2>>(&self, x: &[R; 5], out: O) -> O::Out {
    ///         // A point at (x, y) moving at (vx, vy) reaches the wall at w at
    ///         // t = (w - x) / vx, where its y is y + t vy.
    ///         let [x, w, vx, y, vy] = x.clone();
    ///         out.finish(&R::zero(), &[Surd::ratio(w - x, vx).into(), Part::along(y, vy)])
    ///     }
    /// # }
    /// assert_eq!(construct(&C, &[0.0f64, 1.0, 4.0, 0.0, 2.0]), Ok([0.25, 0.5]));
    /// ```
    #[inline(always)]
    pub fn along(p: R, q: R) -> Part<R> {
        Part::Along(p, q, R::one())
    }

    /// The surd this part stands for, given the first value of its
    /// construction, `base` (`None` if that is not a surd).
    ///
    /// ```
    /// # use swept::exact::{Construction, Dim, Finish, Part, Ring, Surd, construct};
    /// # struct C;
    /// # impl Construction<5, 2> for C {
    /// #     const DIMS: [Dim; 5] = [Dim::LENGTH, Dim::LENGTH, Dim::VELOCITY, Dim::LENGTH, Dim::VELOCITY];
    /// #     const OUT: [Dim; 2] = [Dim::TIME, Dim::LENGTH];
    /// #     const DEGREE: u32 = 2;
    ///     fn build<R: Ring, O: Finish<R, 2>>(&self, x: &[R; 5], out: O) -> O::Out {
    ///         // As in `Part::along`, with y's surd written out:
    ///         // (y vx + vy (w - x)) / vx.
    ///         let [x, w, vx, y, vy] = x.clone();
    ///         let t = Surd::ratio(w - x, vx);
    ///         let y_then = Part::along(y, vy).expand(Some(&t));
    ///         out.finish(&R::zero(), &[t.into(), y_then.into()])
    ///     }
    /// # }
    /// assert_eq!(construct(&C, &[0.0f32, 1.0, 4.0, 0.0, 2.0]), Ok([0.25, 0.5]));
    /// ```
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
    ///
    /// ```
    /// # use swept::exact::{Construction, Dim, Finish, Part, Ring, Surd, construct};
    /// # struct C;
    /// # impl Construction<5, 2> for C {
    /// #     const DIMS: [Dim; 5] = [Dim::LENGTH, Dim::LENGTH, Dim::VELOCITY, Dim::LENGTH, Dim::VELOCITY];
    /// #     const OUT: [Dim; 2] = [Dim::TIME, Dim::LENGTH];
    /// #     const DEGREE: u32 = 2;
    ///     fn build<R: Ring, O: Finish<R, 2>>(&self, x: &[R; 5], out: O) -> O::Out {
    ///         let [x, w, vx, y, vy] = x.clone();
    ///         let parts = [Surd::ratio(w - x, vx).into(), Part::along(y, vy)];
    ///         let y_then = parts[1].expand(Part::base(&parts));
    ///         out.finish(&R::zero(), &[parts[0].clone(), y_then.into()])
    ///     }
    /// # }
    /// assert_eq!(construct(&C, &[0.0f64, 1.0, 4.0, 0.0, 2.0]), Ok([0.25, 0.5]));
    /// ```
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
///
/// The length of a vector, `√(x² + y²)`, rounded once:
///
/// ```
/// use swept::exact::{Construction, Dim, Finish, Ring, Surd, construct};
/// struct Length;
/// impl Construction<2, 1> for Length {
///     const DIMS: [Dim; 2] = [Dim::LENGTH; 2];
///     const OUT: [Dim; 1] = [Dim::LENGTH];
///     const DEGREE: u32 = 2;
///     fn build<R: Ring, O: Finish<R, 1>>(&self, x: &[R; 2], out: O) -> O::Out {
///         let [x, y] = x.clone();
///         let c = x.clone() * x + y.clone() * y;
///         let root = Surd { a: R::zero(), b: R::one(), d: R::one(), e: R::zero() };
///         out.finish(&c, &[root.into()])
///     }
/// }
/// assert_eq!(construct(&Length, &[3.0f32, 4.0]), Ok([5.0]));
/// // Correctly rounded, and x² does not overflow:
/// assert_eq!(construct(&Length, &[1.0f64, 1.0]), Ok([2f64.sqrt()]));
/// let big = 2f64.powi(1000);
/// assert_eq!(construct(&Length, &[3.0 * big, 4.0 * big]), Ok([5.0 * big]));
/// ```
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
    ///
    /// ```
    /// # use swept::exact::{Construction, Dim, Finish, Part, Ring, Surd, construct};
    /// # struct C;
    /// # impl Construction<2, 1> for C {
    /// #     const DIMS: [Dim; 2] = [Dim::LENGTH; 2];
    /// #     const OUT: [Dim; 1] = [Dim::LENGTH];
    /// #     const DEGREE: u32 = 2;
    ///     fn build<R: Ring, O: Finish<R, 1>>(&self, x: &[R; 2], out: O) -> O::Out {
    ///         // The distance between x and y, √((x - y)²).
    ///         let d = x[0].clone() - x[1].clone();
    ///         let root = Surd { a: R::zero(), b: R::one(), d: R::one(), e: R::zero() };
    ///         out.finish(&(d.clone() * d), &[root.into()])
    ///     }
    /// # }
    /// assert_eq!(construct(&C, &[1.0f64, 4.0]), Ok([3.0]));
    /// ```
    fn build<R: Ring, O: Finish<R, M>>(&self, x: &[R; N], out: O) -> O::Out;
}

/// How a kernel rounds the values of a [`Construction`].
///
/// A construction only hands its parts over; each kernel implements
/// `Finish` (the trait is implemented inside the crate only in practice:
/// [`construct`] chooses it).
///
/// ```
/// # use swept::exact::{Construction, Dim, Finish, Ring, Surd, construct};
/// # struct C;
/// # impl Construction<1, 1> for C {
/// #     const DIMS: [Dim; 1] = [Dim::LENGTH];
/// #     const OUT: [Dim; 1] = [Dim::LENGTH];
/// #     const DEGREE: u32 = 2;
///     fn build<R: Ring, O: Finish<R, 1>>(&self, x: &[R; 1], out: O) -> O::Out {
///         // x / 3, rounded by the kernel of the type it runs on.
///         out.finish(&R::zero(), &[Surd::ratio(x[0].clone(), R::small(3)).into()])
///     }
/// # }
/// assert_eq!(construct(&C, &[1.0f32]), Ok([1.0f32 / 3.0]));
/// assert_eq!(construct(&C, &[1.0f64]), Ok([1.0f64 / 3.0]));
/// ```
pub trait Finish<R, const M: usize> {
    /// The rounded values, or why there are none.
    type Out;
    /// Rounds `parts`, whose root is `√radicand`.
    ///
    /// ```
    /// # use swept::exact::{Construction, Dim, Finish, Part, Ring, Surd, construct};
    /// # struct C;
    /// # impl Construction<2, 1> for C {
    /// #     const DIMS: [Dim; 2] = [Dim::LENGTH; 2];
    /// #     const OUT: [Dim; 1] = [Dim::LENGTH];
    /// #     const DEGREE: u32 = 2;
    ///     fn build<R: Ring, O: Finish<R, 1>>(&self, x: &[R; 2], out: O) -> O::Out {
    ///         // The geometric mean √(x y) (x y ≥ 0).
    ///         let c = x[0].clone() * x[1].clone();
    ///         let root = Surd { a: R::zero(), b: R::one(), d: R::one(), e: R::zero() };
    ///         out.finish(&c, &[root.into()])
    ///     }
    /// # }
    /// assert_eq!(construct(&C, &[2.0f64, 8.0]), Ok([4.0]));
    /// ```
    fn finish(self, radicand: &R, parts: &[Part<R>; M]) -> Self::Out;
    /// All values zero.
    ///
    /// ```
    /// # use swept::exact::{Construction, Dim, Finish, Part, Ring, Surd, construct};
    /// # struct C;
    /// # impl Construction<2, 1> for C {
    /// #     const DIMS: [Dim; 2] = [Dim::LENGTH; 2];
    /// #     const OUT: [Dim; 1] = [Dim::LENGTH];
    /// #     const DEGREE: u32 = 2;
    ///     fn build<R: Ring, O: Finish<R, 1>>(&self, x: &[R; 2], out: O) -> O::Out {
    ///         // Nothing to build: the answer is zero.
    ///         let _ = x;
    ///         out.zero()
    ///     }
    /// # }
    /// assert_eq!(construct(&C, &[2.0f64, 8.0]), Ok([0.0]));
    /// ```
    fn zero(self) -> Self::Out;
}

/// Bits of the integers of the floats' exact fallback.
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

/// Builds construction `c` on `x`, rounded as `T`'s kernel rounds.
///
/// ```
/// use fixed::types::I16F16;
/// use swept::exact::{Construction, Dim, Finish, Part, Ring, Surd, construct};
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
/// // In I16F16, 1/3 is rounded once to a multiple of 2^-16 (within 1 LSB):
/// let q = |x: f64| I16F16::from_num(x);
/// let [t] = construct(&Arrival, &[q(0.0), q(1.0), q(3.0)]).unwrap();
/// assert!((t - q(1.0 / 3.0)).abs() <= I16F16::DELTA);
/// ```
#[inline]
pub fn construct<T: crate::Real, C: Construction<N, M>, const N: usize, const M: usize>(
    c: &C,
    x: &[T; N],
) -> Result<[T; M], Refused> {
    <T::Kernel as Kernel<T>>::construct(c, x)
}
