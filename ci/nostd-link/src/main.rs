//! A `no_std`, `no_main` binary for bare-metal targets that links every static
//! query of `swept` on `f32`, `f64`, `I16F16` and `I32F32`, plus the `Real`
//! constructions (`sqrt`, `quotient`) that pull in `libm` and the compiler's
//! soft-float and wide-multiply builtins.
//!
//! `_start` is the linker's default entry symbol, so everything it reaches
//! survives `--gc-sections`; inputs and results go through `black_box`, so
//! nothing is folded away at compile time.

#![no_std]
#![no_main]

use core::hint::black_box;
use core::panic::PanicInfo;
use fixed::types::{I16F16, I32F32};
use swept::Real;
use swept::geom::{Aabb2, Aabb3, Circle, Obb2, Sphere, Vec2, Vec3};
use swept::query::circle_box;

#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    loop {
        core::hint::spin_loop();
    }
}

/// How this image makes values of a backend (`Real` has no conversions).
trait Ratio: Real {
    /// `num / den`, through `black_box` (zero if it does not fit).
    fn ratio(num: i64, den: i64) -> Self;
}

impl Ratio for f32 {
    fn ratio(num: i64, den: i64) -> f32 {
        black_box(num) as f32 / black_box(den) as f32
    }
}

impl Ratio for f64 {
    fn ratio(num: i64, den: i64) -> f64 {
        black_box(num) as f64 / black_box(den) as f64
    }
}

macro_rules! fixed_ratio {
    ($($T:ty: $Inner:ty),*) => {$(
        impl Ratio for $T {
            fn ratio(num: i64, den: i64) -> $T {
                let q = (i128::from(black_box(num)) << <$T>::FRAC_NBITS)
                    .checked_div(i128::from(black_box(den)))
                    .unwrap_or(0);
                <$T>::from_bits(<$Inner>::try_from(q).unwrap_or(0))
            }
        }
    )*};
}
fixed_ratio!(I16F16: i32, I32F32: i64);

/// `num / den` on `T`.
fn ratio<T: Ratio>(num: i64, den: i64) -> T {
    T::ratio(num, den)
}

/// Runs every static query once on `T` and folds the results into a word.
fn exercise<T: Ratio>() -> u32 {
    let v2 = |x, y| Vec2::new(ratio::<T>(x, 2), ratio::<T>(y, 2));
    let v3 = |x, y, z| Vec3::new(ratio::<T>(x, 2), ratio::<T>(y, 2), ratio::<T>(z, 2));
    let rect = Aabb2::new(v2(0, 0), v2(4, 2));
    let cube = Aabb3::new(v3(0, 0, 0), v3(4, 2, 2));
    let circle = Circle::new(v2(6, 4), ratio(3, 2));
    let sphere = Sphere::new(v3(6, 4, 1), ratio(3, 2));
    let axis0 = Vec2::new(ratio::<T>(3, 5), ratio::<T>(4, 5));
    let obb = Obb2::new(
        v2(1, 1),
        [axis0.clone(), axis0.perp()],
        [ratio(2, 1), ratio(1, 1)],
    );

    let mut word = 0u32;
    let mut fold = |bit: u32, ok: bool| word |= (ok as u32) << bit;
    fold(
        0,
        circle_box::overlaps_circle_aabb2(&circle, &rect) == Ok(true),
    );
    fold(1, circle_box::classify_circle_aabb2(&circle, &rect).is_ok());
    fold(
        2,
        circle_box::overlaps_sphere_aabb3(&sphere, &cube) == Ok(true),
    );
    fold(3, circle_box::classify_sphere_aabb3(&sphere, &cube).is_ok());
    fold(
        4,
        circle_box::overlaps_circle_obb2(&circle, &obb) == Ok(true),
    );
    fold(5, circle_box::classify_circle_obb2(&circle, &obb).is_ok());
    let d2 = circle_box::distance_squared_point_aabb2(&circle.center, &rect);
    let d3 = circle_box::distance_squared_point_aabb3(&sphere.center, &cube);
    let dobb = circle_box::distance_squared_point_obb2(&circle.center, &obb);
    for (bit, d) in [(6, d2), (7, d3), (8, dobb)] {
        // The constructions: a square root and a quotient of each distance.
        let d = d.unwrap_or_else(|_| T::zero());
        let root = black_box(d).sqrt();
        fold(bit, root.clone().quotient(ratio(3, 1)) > T::zero());
    }
    black_box(word)
}

/// The entry point: runs the queries on every backend, then parks.
#[unsafe(no_mangle)]
pub extern "C" fn _start() -> ! {
    black_box(exercise::<f32>());
    black_box(exercise::<f64>());
    black_box(exercise::<I16F16>());
    black_box(exercise::<I32F32>());
    loop {
        core::hint::spin_loop();
    }
}
