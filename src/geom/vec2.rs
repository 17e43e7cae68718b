use crate::Real;
use crate::geom::{GeomError, check_finite};
use core::ops::{Add, Mul, Neg, Sub};

/// A 2D point or vector.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Vec2<T> {
    /// x coordinate.
    pub x: T,
    /// y coordinate.
    pub y: T,
}

impl<T> Vec2<T> {
    /// A vector from its coordinates.
    pub const fn new(x: T, y: T) -> Self {
        Vec2 { x, y }
    }

    /// Applies `f` to each coordinate (e.g. to convert between backends).
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> Vec2<U> {
        Vec2::new(f(self.x), f(self.y))
    }
}

impl<T: Real> Vec2<T> {
    /// A vector with finite coordinates.
    pub fn try_new(x: T, y: T) -> Result<Self, GeomError> {
        check_finite([&x, &y])?;
        Ok(Vec2::new(x, y))
    }

    /// The zero vector.
    pub fn zero() -> Self {
        Vec2::new(T::zero(), T::zero())
    }

    /// Dot product.
    #[inline]
    pub fn dot(&self, o: &Self) -> T {
        self.x.clone() * o.x.clone() + self.y.clone() * o.y.clone()
    }

    /// Cross product `self.x * o.y - self.y * o.x`.
    #[inline]
    pub fn cross(&self, o: &Self) -> T {
        self.x.clone() * o.y.clone() - self.y.clone() * o.x.clone()
    }

    /// The vector turned a quarter turn counter-clockwise, `(-y, x)`.
    /// Never panics: on fixed point `-MIN` is not representable and becomes
    /// `MAX`, one LSB off ([`Real::saturating_neg`]).
    #[inline]
    pub fn perp(&self) -> Self {
        Vec2::new(self.y.clone().saturating_neg(), self.x.clone())
    }

    /// Squared length.
    #[inline]
    pub fn length_squared(&self) -> T {
        self.dot(self)
    }

    pub(crate) fn is_finite(&self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }
}

impl<T: Real> Add for Vec2<T> {
    type Output = Self;
    #[inline]
    fn add(self, o: Self) -> Self {
        Vec2::new(self.x + o.x, self.y + o.y)
    }
}

impl<T: Real> Sub for Vec2<T> {
    type Output = Self;
    #[inline]
    fn sub(self, o: Self) -> Self {
        Vec2::new(self.x - o.x, self.y - o.y)
    }
}

impl<T: Real> Neg for Vec2<T> {
    type Output = Self;
    #[inline]
    fn neg(self) -> Self {
        Vec2::new(-self.x, -self.y)
    }
}

impl<T: Real> Mul<T> for Vec2<T> {
    type Output = Self;
    #[inline]
    fn mul(self, k: T) -> Self {
        Vec2::new(self.x * k.clone(), self.y * k)
    }
}
