use crate::Real;
use crate::geom::{GeomError, check_finite};
use core::ops::{Add, Mul, Neg, Sub};

/// A 3D point or vector.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
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
    pub const fn new(x: T, y: T, z: T) -> Self {
        Vec3 { x, y, z }
    }

    /// Applies `f` to each coordinate (e.g. to convert between backends).
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> Vec3<U> {
        Vec3::new(f(self.x), f(self.y), f(self.z))
    }
}

impl<T: Real> Vec3<T> {
    /// A vector with finite coordinates.
    pub fn try_new(x: T, y: T, z: T) -> Result<Self, GeomError> {
        check_finite([&x, &y, &z])?;
        Ok(Vec3::new(x, y, z))
    }

    /// The zero vector.
    pub fn zero() -> Self {
        Vec3::new(T::zero(), T::zero(), T::zero())
    }

    /// Dot product.
    #[inline]
    pub fn dot(&self, o: &Self) -> T {
        self.x.clone() * o.x.clone() + self.y.clone() * o.y.clone() + self.z.clone() * o.z.clone()
    }

    /// Squared length.
    #[inline]
    pub fn length_squared(&self) -> T {
        self.dot(self)
    }

    pub(crate) fn is_finite(&self) -> bool {
        self.x.is_finite() && self.y.is_finite() && self.z.is_finite()
    }
}

impl<T: Real> Add for Vec3<T> {
    type Output = Self;
    #[inline]
    fn add(self, o: Self) -> Self {
        Vec3::new(self.x + o.x, self.y + o.y, self.z + o.z)
    }
}

impl<T: Real> Sub for Vec3<T> {
    type Output = Self;
    #[inline]
    fn sub(self, o: Self) -> Self {
        Vec3::new(self.x - o.x, self.y - o.y, self.z - o.z)
    }
}

impl<T: Real> Neg for Vec3<T> {
    type Output = Self;
    #[inline]
    fn neg(self) -> Self {
        Vec3::new(-self.x, -self.y, -self.z)
    }
}

impl<T: Real> Mul<T> for Vec3<T> {
    type Output = Self;
    #[inline]
    fn mul(self, k: T) -> Self {
        Vec3::new(self.x * k.clone(), self.y * k.clone(), self.z * k)
    }
}
