//! `Real` for `f32` and `f64`: IEEE basic operations and `libm::sqrt` only;
//! and [`Float`], what the geometry offers on floats alone.

use super::{ConstZero, Real};

mod sealed {
    pub trait Sealed {}
}

/// The float backends, `f32` and `f64`: what the geometry offers on floats
/// alone (`Vec2::length`, `Vec2::normalize`), all
/// by `libm` (the same bits on every target). Sealed.
///
/// ```
/// use swept::geom::Vec2;
/// use swept::real::Float;
/// fn speed<T: Float>(v: Vec2<T>) -> T {
///     v.length()
/// }
/// assert_eq!(speed(Vec2::new(3.0f32, 4.0)), 5.0);
/// assert_eq!(Float::max(2.0f64, f64::NAN), 2.0);
/// ```
pub trait Float: Real + ConstZero + Copy + sealed::Sealed {
    /// `|self|`.
    fn abs(self) -> Self;
    /// The larger of the two (the other one if one is NaN).
    fn max(self, o: Self) -> Self;
    /// Cosine (`libm`).
    fn cos(self) -> Self;
    /// Sine (`libm`).
    fn sin(self) -> Self;
}

macro_rules! float_real {
    ($F:ty, $sqrt:path, $cos:path, $sin:path) => {
        impl sealed::Sealed for $F {}

        impl ConstZero for $F {
            const ZERO: Self = 0.0;
        }

        impl Float for $F {
            #[inline]
            fn abs(self) -> Self {
                <$F>::abs(self)
            }
            #[inline]
            fn max(self, o: Self) -> Self {
                <$F>::max(self, o)
            }
            #[inline]
            fn cos(self) -> Self {
                $cos(self)
            }
            #[inline]
            fn sin(self) -> Self {
                $sin(self)
            }
        }

        impl Real for $F {
            type Kernel = crate::exact::Float;
            #[inline]
            fn zero() -> Self {
                0.0
            }
            #[inline]
            fn one() -> Self {
                1.0
            }
            #[inline]
            fn sqrt(self) -> Self {
                $sqrt(self)
            }
            #[inline]
            fn quotient(self, den: Self) -> Self {
                self / den
            }
            #[inline]
            fn is_finite(&self) -> bool {
                <$F>::is_finite(*self)
            }
            #[inline]
            fn cos_sin(&self) -> Option<(Self, Self)> {
                Some(($cos(*self), $sin(*self)))
            }
        }
    };
}

float_real!(f64, libm::sqrt, libm::cos, libm::sin);
float_real!(f32, libm::sqrtf, libm::cosf, libm::sinf);
