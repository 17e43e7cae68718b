use crate::Real;
use crate::error::{Error, Quantity};
use crate::geom::check_finite;

/// A 3D point or vector, with the operators and conversions of
/// [`Vec2`](crate::geom::Vec2) (and the same arithmetic rules).
///
/// ```
/// use swept::geom::Vec3;
/// let x = Vec3::new(1.0_f64, 0.0, 0.0);
/// let y = Vec3::from([0.0, 1.0, 0.0]);
/// assert_eq!(x.cross(&y), Vec3::new(0.0, 0.0, 1.0));
/// assert_eq!((x + y * 2.0).length_squared(), 5.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Vec3<T> {
    /// x coordinate.
    pub x: T,
    /// y coordinate.
    pub y: T,
    /// z coordinate.
    pub z: T,
}

impl<T> Vec3<T> {
    /// A vector from its coordinates.
    ///
    /// ```
    /// let v = swept::geom::Vec3::new(1, 2, 3);
    /// assert_eq!((v.x, v.y, v.z), (1, 2, 3));
    /// ```
    pub const fn new(x: T, y: T, z: T) -> Self {
        Vec3 { x, y, z }
    }

    /// Applies `f` to each coordinate (e.g. to convert between backends).
    ///
    /// ```
    /// use swept::geom::Vec3;
    /// assert_eq!(Vec3::new(1, 2, 3).map(|c| c * 2), Vec3::new(2, 4, 6));
    /// ```
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> Vec3<U> {
        Vec3::new(f(self.x), f(self.y), f(self.z))
    }
}

impl<T: Real> Vec3<T> {
    /// A vector with finite coordinates; [`Error::NotFinite`] naming
    /// [`Quantity::Coordinate`] otherwise.
    ///
    /// ```
    /// use swept::geom::Vec3;
    /// assert!(Vec3::try_new(1.0, 2.0, f32::INFINITY).is_err());
    /// ```
    pub fn try_new(x: T, y: T, z: T) -> Result<Self, Error> {
        check_finite([&x, &y, &z], Quantity::Coordinate)?;
        Ok(Vec3::new(x, y, z))
    }

    /// The zero vector (for every backend; [`Vec3::ZERO`] is the constant
    /// of the `Copy` ones).
    ///
    /// ```
    /// use swept::geom::Vec3;
    /// assert_eq!(Vec3::<f32>::zero(), Vec3::new(0.0, 0.0, 0.0));
    /// ```
    pub fn zero() -> Self {
        Vec3::new(T::zero(), T::zero(), T::zero())
    }

    /// Dot product.
    ///
    /// ```
    /// use swept::geom::Vec3;
    /// assert_eq!(Vec3::new(1.0, 2.0, 3.0).dot(&Vec3::new(4.0, 5.0, 6.0)), 32.0);
    /// ```
    #[inline]
    pub fn dot(&self, o: &Self) -> T {
        self.x.clone() * o.x.clone() + self.y.clone() * o.y.clone() + self.z.clone() * o.z.clone()
    }

    /// Cross product (right-handed).
    ///
    /// ```
    /// use swept::geom::Vec3;
    /// let (y, z) = (Vec3::new(0.0, 1.0, 0.0), Vec3::new(0.0, 0.0, 1.0));
    /// assert_eq!(y.cross(&z), Vec3::new(1.0, 0.0, 0.0));
    /// ```
    #[inline]
    pub fn cross(&self, o: &Self) -> Self {
        let (a, b) = (self.clone(), o.clone());
        Vec3::new(
            a.y.clone() * b.z.clone() - a.z.clone() * b.y.clone(),
            a.z * b.x.clone() - a.x.clone() * b.z,
            a.x * b.y - a.y * b.x,
        )
    }

    /// Squared length.
    ///
    /// ```
    /// use swept::geom::Vec3;
    /// assert_eq!(Vec3::new(2.0, 3.0, 6.0).length_squared(), 49.0);
    /// ```
    #[inline]
    pub fn length_squared(&self) -> T {
        self.dot(self)
    }
}

super::vector_ops!(Vec3 { x, y, z });

impl<T> From<(T, T, T)> for Vec3<T> {
    #[inline]
    fn from((x, y, z): (T, T, T)) -> Self {
        Vec3::new(x, y, z)
    }
}

impl<T> From<Vec3<T>> for (T, T, T) {
    #[inline]
    fn from(v: Vec3<T>) -> Self {
        (v.x, v.y, v.z)
    }
}

impl<T> From<[T; 3]> for Vec3<T> {
    #[inline]
    fn from([x, y, z]: [T; 3]) -> Self {
        Vec3::new(x, y, z)
    }
}

impl<T> From<Vec3<T>> for [T; 3] {
    #[inline]
    fn from(v: Vec3<T>) -> Self {
        [v.x, v.y, v.z]
    }
}

#[cfg(feature = "mint")]
mod mint_impls {
    use super::Vec3;

    impl<T> From<mint::Vector3<T>> for Vec3<T> {
        #[inline]
        fn from(v: mint::Vector3<T>) -> Self {
            Vec3::new(v.x, v.y, v.z)
        }
    }

    impl<T> From<Vec3<T>> for mint::Vector3<T> {
        #[inline]
        fn from(v: Vec3<T>) -> Self {
            mint::Vector3 {
                x: v.x,
                y: v.y,
                z: v.z,
            }
        }
    }

    impl<T> From<mint::Point3<T>> for Vec3<T> {
        #[inline]
        fn from(v: mint::Point3<T>) -> Self {
            Vec3::new(v.x, v.y, v.z)
        }
    }

    impl<T> From<Vec3<T>> for mint::Point3<T> {
        #[inline]
        fn from(v: Vec3<T>) -> Self {
            mint::Point3 {
                x: v.x,
                y: v.y,
                z: v.z,
            }
        }
    }

    impl<T> mint::IntoMint for Vec3<T> {
        type MintType = mint::Vector3<T>;
    }
}
