#![no_std]
#![doc = include_str!("../README.md")]

#[cfg(test)]
extern crate std;

pub mod advance;
pub mod error;
pub mod exact;
pub mod geom;
pub mod query;
pub mod real;

pub use error::{Error, Quantity};
/// The fixed-point crate whose `FixedI32<F>` and `FixedI64<F>` are
/// backends (`swept::fixed::types::I32F32`, ...): one dependency line
/// suffices.
#[cfg(feature = "fixed")]
pub use fixed;
/// The crate of [`Real`]'s conversion traits, `FromPrimitive` and
/// `ToPrimitive`.
pub use num_traits;
pub use real::Real;

/// SplitMix64, the unit tests' deterministic stream.
#[cfg(test)]
pub(crate) mod test_rng {
    /// The next value of the stream with state `s`.
    pub fn next(s: &mut u64) -> u64 {
        *s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *s;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}
