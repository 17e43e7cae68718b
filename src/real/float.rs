//! `Real` for `f32` and `f64`: IEEE basic operations and `libm::sqrt` only.

use super::Real;

macro_rules! float_real {
    ($F:ty, $sqrt:path) => {
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
            fn unit_tolerance() -> Self {
                16.0 * <$F>::EPSILON
            }
        }
    };
}

float_real!(f64, libm::sqrt);
float_real!(f32, libm::sqrtf);
