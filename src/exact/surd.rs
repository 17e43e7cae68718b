//! The shape of a constructed value, [`Surd`] and [`Part`], and the
//! traits that build and finish one: [`Construction`], [`Finish`].

use super::{Dim, Ring};

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

impl<R> Part<R> {
    /// The same part with `f` applied to each of its polynomials.
    pub(crate) fn map<S>(&self, mut f: impl FnMut(&R) -> S) -> Part<S> {
        match self {
            Part::Surd(s) => Part::Surd(Surd {
                a: f(&s.a),
                b: f(&s.b),
                d: f(&s.d),
                e: f(&s.e),
            }),
            Part::Along(p, q, m) => Part::Along(f(p), f(q), f(m)),
        }
    }
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
    pub fn base(parts: &[Part<R>]) -> Option<&Surd<R>> {
        match parts.first() {
            Some(Part::Surd(s)) => Some(s),
            _ => None,
        }
    }
}

/// The first value of the construction `C` alone (a hit's time): the
/// other parts are built and dropped, never rounded. Its domain is at
/// least `C`'s: a backend that refuses to round some value of `C` may
/// round this one.
pub(crate) struct First<'a, C, const M: usize>(pub &'a C);

impl<C: Construction<N, M>, const N: usize, const M: usize> Construction<N, 1> for First<'_, C, M> {
    const DIMS: [Dim; N] = C::DIMS;
    const OUT: [Dim; 1] = [C::OUT[0]];
    const DEGREE: u32 = C::DEGREE;
    #[inline(always)]
    fn build<R: Ring, O: Finish<R, 1>>(&self, x: &[R; N], out: O) -> O::Out {
        self.0.build(x, FirstOf(out))
    }
}

/// [`First`]'s finish: `O` on the first part.
struct FirstOf<O>(O);

impl<R: Ring, O: Finish<R, 1>, const M: usize> Finish<R, M> for FirstOf<O> {
    type Out = O::Out;
    #[inline(always)]
    fn finish(self, radicand: &R, parts: &[Part<R>; M]) -> O::Out {
        match parts.first() {
            Some(p) => self.0.finish(radicand, core::array::from_ref(p)),
            None => self.0.zero(),
        }
    }
    #[inline(always)]
    fn zero(self) -> O::Out {
        self.0.zero()
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
    /// [`Procedure::DEGREE`](super::Procedure::DEGREE), of every surd, and of the surd a
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
/// [`construct`](super::construct) chooses it).
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
