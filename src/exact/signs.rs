//! [`Signs`]: the signs a procedure takes, and whether each was certain.

use super::Ring;
use core::cmp::Ordering;

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
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
    pub fn surely_positive<R: Ring>(&self, x: &R) -> bool {
        let (s, sure) = x.sign();
        sure & (s == Ordering::Greater)
    }

    /// Whether every sign so far was certain.
    #[inline(always)]
    pub(crate) fn sure(&self) -> bool {
        self.sure
    }
}
