use crate::Real;
use crate::error::{Error, Quantity};
use crate::geom::check_finite;

/// A 2D point or vector.
///
/// The operators (`+ - += -=`, `-v`, `v * k`, `v / k`, and `k * v` for
/// floats) work on any backend and follow its arithmetic: floats round
/// each operation, fixed point is the `fixed` crate's own (an overflow
/// panics in a debug build and wraps otherwise, as for the fixed types
/// themselves); `v / k` is [`Real::quotient`]. The queries never use them:
/// they decide on the inputs exactly.
///
/// ```
/// use swept::geom::Vec2;
/// let mut p = Vec2::new(1.0_f64, 2.0);
/// p += Vec2::from([3.0, 4.0]) * 0.5; // (2.5, 4)
/// assert_eq!(p, Vec2::new(2.5, 4.0));
/// assert_eq!(Vec2::new(3.0_f32, 4.0).length(), 5.0);
/// assert_eq!(<(f64, f64)>::from(p.perp()), (-4.0, 2.5));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Vec2<T> {
    /// x coordinate.
    pub x: T,
    /// y coordinate.
    pub y: T,
}

impl<T> Vec2<T> {
    /// A vector from its coordinates.
    ///
    /// ```
    /// let v = swept::geom::Vec2::new(1, 2);
    /// assert_eq!((v.x, v.y), (1, 2));
    /// ```
    pub const fn new(x: T, y: T) -> Self {
        Vec2 { x, y }
    }

    /// Applies `f` to each coordinate (e.g. to convert between backends).
    ///
    /// ```
    /// use swept::geom::Vec2;
    /// assert_eq!(Vec2::new(1.5_f64, -2.0).map(|c| c as f32), Vec2::new(1.5_f32, -2.0));
    /// ```
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> Vec2<U> {
        Vec2::new(f(self.x), f(self.y))
    }
}

impl<T: Real> Vec2<T> {
    /// A vector with finite coordinates; [`Error::NotFinite`] naming
    /// [`Quantity::Coordinate`] otherwise.
    ///
    /// ```
    /// use swept::{Error, Quantity, geom::Vec2};
    /// assert!(Vec2::try_new(1.0, 2.0).is_ok());
    /// assert_eq!(Vec2::try_new(f64::NAN, 2.0), Err(Error::NotFinite(Quantity::Coordinate)));
    /// ```
    pub fn try_new(x: T, y: T) -> Result<Self, Error> {
        check_finite([&x, &y], Quantity::Coordinate)?;
        Ok(Vec2::new(x, y))
    }

    /// The zero vector (for every backend; [`Vec2::ZERO`] is the constant
    /// of the `Copy` ones).
    ///
    /// ```
    /// use swept::geom::Vec2;
    /// assert_eq!(Vec2::<f64>::zero(), Vec2::new(0.0, 0.0));
    /// ```
    pub fn zero() -> Self {
        Vec2::new(T::zero(), T::zero())
    }

    /// Dot product.
    ///
    /// ```
    /// use swept::geom::Vec2;
    /// assert_eq!(Vec2::new(1.0, 2.0).dot(&Vec2::new(3.0, 4.0)), 11.0);
    /// ```
    #[inline]
    pub fn dot(&self, o: &Self) -> T {
        self.x.clone() * o.x.clone() + self.y.clone() * o.y.clone()
    }

    /// Cross product (the z of the 3D one), `self.x * o.y - self.y * o.x`:
    /// positive if `o` is counter-clockwise from `self`.
    ///
    /// ```
    /// use swept::geom::Vec2;
    /// assert_eq!(Vec2::new(1.0, 0.0).cross(&Vec2::new(0.0, 1.0)), 1.0);
    /// ```
    #[inline]
    pub fn cross(&self, o: &Self) -> T {
        self.x.clone() * o.y.clone() - self.y.clone() * o.x.clone()
    }

    /// The vector turned a quarter turn counter-clockwise, `(-y, x)`.
    /// Never panics: on fixed point `-MIN` is not representable and becomes
    /// `MAX`, one LSB off ([`Real::saturating_neg`]).
    ///
    /// ```
    /// use swept::geom::Vec2;
    /// assert_eq!(Vec2::new(1.0, 2.0).perp(), Vec2::new(-2.0, 1.0));
    /// ```
    #[inline]
    pub fn perp(&self) -> Self {
        Vec2::new(self.y.clone().saturating_neg(), self.x.clone())
    }

    /// Squared length.
    ///
    /// ```
    /// use swept::geom::Vec2;
    /// assert_eq!(Vec2::new(3.0, 4.0).length_squared(), 25.0);
    /// ```
    #[inline]
    pub fn length_squared(&self) -> T {
        self.dot(self)
    }
}

super::vector_ops!(Vec2 { x, y });

impl<T> From<(T, T)> for Vec2<T> {
    #[inline]
    fn from((x, y): (T, T)) -> Self {
        Vec2::new(x, y)
    }
}

impl<T> From<Vec2<T>> for (T, T) {
    #[inline]
    fn from(v: Vec2<T>) -> Self {
        (v.x, v.y)
    }
}

impl<T> From<[T; 2]> for Vec2<T> {
    #[inline]
    fn from([x, y]: [T; 2]) -> Self {
        Vec2::new(x, y)
    }
}

impl<T> From<Vec2<T>> for [T; 2] {
    #[inline]
    fn from(v: Vec2<T>) -> Self {
        [v.x, v.y]
    }
}

#[cfg(feature = "mint")]
mod mint_impls {
    use super::Vec2;

    impl<T> From<mint::Vector2<T>> for Vec2<T> {
        #[inline]
        fn from(v: mint::Vector2<T>) -> Self {
            Vec2::new(v.x, v.y)
        }
    }

    impl<T> From<Vec2<T>> for mint::Vector2<T> {
        #[inline]
        fn from(v: Vec2<T>) -> Self {
            mint::Vector2 { x: v.x, y: v.y }
        }
    }

    impl<T> From<mint::Point2<T>> for Vec2<T> {
        #[inline]
        fn from(v: mint::Point2<T>) -> Self {
            Vec2::new(v.x, v.y)
        }
    }

    impl<T> From<Vec2<T>> for mint::Point2<T> {
        #[inline]
        fn from(v: Vec2<T>) -> Self {
            mint::Point2 { x: v.x, y: v.y }
        }
    }

    impl<T> mint::IntoMint for Vec2<T> {
        type MintType = mint::Vector2<T>;
    }
}
