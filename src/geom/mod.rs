//! Geometric primitives, generic over [`Real`].
//!
//! Fields are public and the plain constructors (`new`) accept anything, so a
//! query can be fed raw data; the validating constructors (`try_new`,
//! `try_from_*`) reject what no query can give a meaning to, with an
//! [`Error`] that names the input. A value a validating constructor accepts
//! is accepted by every query.

mod aabb2;
mod aabb3;
mod circle;
mod obb2;
mod obb3;
mod segment2;
mod sphere;
mod vec2;
mod vec3;

pub use aabb2::Aabb2;
pub use aabb3::Aabb3;
pub use circle::Circle;
pub use obb2::Obb2;
pub use obb3::Obb3;
pub use segment2::Segment2;
pub use sphere::Sphere;
pub use vec2::Vec2;
pub use vec3::Vec3;

use crate::Real;
use crate::error::{Error, Quantity};

/// `Ok` if every value is finite; [`Error::NotFinite`] naming `name`
/// otherwise.
pub(crate) fn check_finite<'a, T: Real + 'a>(
    values: impl IntoIterator<Item = &'a T>,
    name: Quantity,
) -> Result<(), Error> {
    if values.into_iter().all(Real::is_finite) {
        Ok(())
    } else {
        Err(Error::NotFinite(name))
    }
}

/// `Ok` if `x >= 0`; [`Error::Negative`] naming `name` otherwise.
pub(crate) fn check_nonnegative<T: Real>(x: &T, name: Quantity) -> Result<(), Error> {
    if *x >= T::zero() {
        Ok(())
    } else {
        Err(Error::Negative(name))
    }
}

/// The operators and constants every vector type has (see [`Vec2`]).
macro_rules! vector_ops {
    ($V:ident { $($f:ident),+ }) => {
        impl<T: Real> core::ops::Add for $V<T> {
            type Output = Self;
            #[inline]
            fn add(self, o: Self) -> Self {
                $V { $($f: self.$f + o.$f),+ }
            }
        }

        impl<T: Real> core::ops::Sub for $V<T> {
            type Output = Self;
            #[inline]
            fn sub(self, o: Self) -> Self {
                $V { $($f: self.$f - o.$f),+ }
            }
        }

        impl<T: Real> core::ops::Neg for $V<T> {
            type Output = Self;
            #[inline]
            fn neg(self) -> Self {
                $V { $($f: -self.$f),+ }
            }
        }

        impl<T: Real> core::ops::AddAssign for $V<T> {
            #[inline]
            fn add_assign(&mut self, o: Self) {
                $(self.$f = self.$f.clone() + o.$f;)+
            }
        }

        impl<T: Real> core::ops::SubAssign for $V<T> {
            #[inline]
            fn sub_assign(&mut self, o: Self) {
                $(self.$f = self.$f.clone() - o.$f;)+
            }
        }

        impl<T: Real> core::ops::Mul<T> for $V<T> {
            type Output = Self;
            #[inline]
            fn mul(self, k: T) -> Self {
                $V { $($f: self.$f * k.clone()),+ }
            }
        }

        /// Each coordinate's [`Real::quotient`] by `k`.
        impl<T: Real> core::ops::Div<T> for $V<T> {
            type Output = Self;
            #[inline]
            fn div(self, k: T) -> Self {
                $V { $($f: self.$f.quotient(k.clone())),+ }
            }
        }

        impl<T: Real> core::ops::MulAssign<T> for $V<T> {
            #[inline]
            fn mul_assign(&mut self, k: T) {
                $(self.$f = self.$f.clone() * k.clone();)+
            }
        }

        impl<T: Real> core::ops::DivAssign<T> for $V<T> {
            #[inline]
            fn div_assign(&mut self, k: T) {
                $(self.$f = self.$f.clone().quotient(k.clone());)+
            }
        }

        impl<T: crate::real::ConstZero> $V<T> {
            /// The zero vector.
            ///
            #[doc = concat!("```\nuse swept::geom::", stringify!($V), ";\nlet z = ", stringify!($V), "::<f32>::ZERO;\nassert_eq!(z.x, 0.0);\n```")]
            pub const ZERO: Self = $V { $($f: T::ZERO),+ };
        }

        impl<T: crate::real::Float> $V<T> {
            /// Length, `√(length_squared)` (`libm`'s correctly rounded square
            /// root of the rounded sum; infinite if the squares overflow).
            ///
            #[doc = concat!("```\nuse swept::geom::", stringify!($V), ";\nlet mut v = ", stringify!($V), "::<f64>::ZERO;\nv.x = -3.0;\nassert_eq!(v.length(), 3.0);\n```")]
            #[inline]
            pub fn length(self) -> T {
                self.length_squared().sqrt()
            }

            /// The unit vector in this direction, or `None` for a zero or
            /// non-finite vector. Scaled by its largest coordinate first, so
            /// tiny and huge vectors normalise too; the result is unit to
            /// within a few units of roundoff.
            ///
            #[doc = concat!("```\nuse swept::geom::", stringify!($V), ";\nlet mut v = ", stringify!($V), "::<f32>::ZERO;\nassert_eq!(v.normalize(), None);\nv.x = -1e-30;\nlet mut unit = ", stringify!($V), "::ZERO;\nunit.x = -1.0;\nassert_eq!(v.normalize(), Some(unit));\n```")]
            #[inline]
            pub fn normalize(self) -> Option<Self> {
                let finite = true $(&& self.$f.is_finite())+;
                let m = T::ZERO $(.max(self.$f.abs()))+;
                if !(finite && m > T::ZERO) {
                    return None;
                }
                let s = $V { $($f: self.$f.quotient(m)),+ };
                let l = s.length();
                Some($V { $($f: s.$f.quotient(l)),+ })
            }
        }

        impl core::ops::Mul<$V<f32>> for f32 {
            type Output = $V<f32>;
            #[inline]
            fn mul(self, v: $V<f32>) -> $V<f32> {
                v * self
            }
        }

        impl core::ops::Mul<$V<f64>> for f64 {
            type Output = $V<f64>;
            #[inline]
            fn mul(self, v: $V<f64>) -> $V<f64> {
                v * self
            }
        }
    };
}
pub(crate) use vector_ops;
