//! A `no_std`, `no_main` image that links only if no panic path survives in
//! the queries of `swept` (circle/sphere vs box, circle vs rectangle, sphere
//! vs box moving, circle vs segment, circle vs circle, `advance` among all
//! of them, and the batches: the filtered ones and one run lane by lane)
//! (see Cargo.toml). `_start` is the linker's default entry
//! symbol, so everything it calls is kept; every input comes through
//! `black_box`, so no query is folded away or specialised to known values.

#![no_std]
#![no_main]

use core::hint::black_box;
use core::panic::PanicInfo;
use fixed::types::{I16F16, I32F32, I48F16};
use swept::Real;
use swept::advance::{Obstacle, Options, advance};
use swept::geom::{Aabb2, Aabb3, Circle, Obb2, Obb3, Segment2, Sphere, Vec2, Vec3};
use swept::query::sweep_circle_segment::{self, Sides};
use swept::query::{
    Sweep, batch, circle_box, sweep_circle_circle, sweep_circle_rect, sweep_sphere_box,
};

unsafe extern "C" {
    /// Defined nowhere: referenced only if a panic can happen.
    fn swept_panic_path_survived() -> !;
}

#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    // SAFETY: never runs; the link fails if this call is reachable.
    unsafe { swept_panic_path_survived() }
}

/// How this image makes opaque values of a backend (`Real` has no
/// conversions): `(seed - 7) / 4`, with no division and no check that
/// could panic.
trait Any: Real {
    fn any(seed: u32) -> Self;
}

impl Any for f32 {
    fn any(seed: u32) -> f32 {
        (black_box(seed) as f32 - 7.0) * 0.25
    }
}

impl Any for f64 {
    fn any(seed: u32) -> f64 {
        (f64::from(black_box(seed)) - 7.0) * 0.25
    }
}

macro_rules! fixed_any {
    ($($T:ty: $Inner:ty),*) => {$(
        impl Any for $T {
            fn any(seed: u32) -> $T {
                let n = (black_box(seed) & 0xff) as $Inner - 7;
                <$T>::from_bits(n << (<$T>::FRAC_NBITS - 2))
            }
        }
    )*};
}
fixed_any!(I16F16: i32, I32F32: i64, I48F16: i64);

/// An opaque value of `T`, from bits the optimiser cannot see.
fn any<T: Any>(seed: u32) -> T {
    T::any(seed)
}

fn v2<T: Any>(s: u32) -> Vec2<T> {
    Vec2::new(any(s), any(s + 1))
}

fn v3<T: Any>(s: u32) -> Vec3<T> {
    Vec3::new(any(s), any(s + 1), any(s + 2))
}

/// Calls every query once on `T` and folds the results into a word.
fn exercise<T: Any>() -> u32 {
    let circle = Circle::new(v2::<T>(1), any(3));
    let sphere = Sphere::new(v3::<T>(4), any(7));
    let rect = Aabb2::new(v2::<T>(8), v2(10));
    let cube = Aabb3::new(v3::<T>(12), v3(15));
    let obb = Obb2::new(v2::<T>(18), [v2(20), v2(22)], [any(24), any(25)]);
    let (cv, rv, t) = (v2::<T>(26), v2::<T>(28), any::<T>(30));
    let (p2, p3) = (v2::<T>(31), v3::<T>(33));

    let mut word = 0u32;
    let mut fold = |bit: u32, ok: bool| word ^= (ok as u32) << bit;
    fold(0, circle_box::classify_circle_aabb2(&circle, &rect).is_ok());
    fold(
        1,
        circle_box::overlaps_circle_aabb2(&circle, &rect) == Ok(true),
    );
    fold(2, circle_box::classify_sphere_aabb3(&sphere, &cube).is_ok());
    fold(
        3,
        circle_box::overlaps_sphere_aabb3(&sphere, &cube) == Ok(true),
    );
    fold(4, circle_box::classify_circle_obb2(&circle, &obb).is_ok());
    fold(
        5,
        circle_box::overlaps_circle_obb2(&circle, &obb) == Ok(true),
    );
    let d2 = circle_box::distance_squared_point_aabb2(&p2, &rect);
    let d3 = circle_box::distance_squared_point_aabb3(&p3, &cube);
    let dobb = circle_box::distance_squared_point_obb2(&p2, &obb);
    for (bit, d) in [(6, d2), (7, d3), (8, dobb)] {
        let d = d.unwrap_or_else(|_| T::zero());
        fold(bit, black_box(d.clone()).sqrt().quotient(d) > T::zero());
    }
    let sweeps = [
        sweep_circle_rect::sweep_circle_aabb2(&circle, &cv, &rect, &rv),
        sweep_circle_rect::sweep_circle_aabb2_within(&circle, &cv, &rect, &rv, &t),
        sweep_circle_rect::sweep_circle_obb2(&circle, &cv, &obb, &rv),
        sweep_circle_rect::sweep_circle_obb2_within(&circle, &cv, &obb, &rv, &t),
    ];
    for (bit, s) in (9..).zip(sweeps) {
        fold(bit, matches!(black_box(s), Ok(Sweep::Hit(_))));
    }
    let segment = Segment2::new(v2::<T>(35), v2(37));
    let other = Circle::new(v2::<T>(39), T::any(41));
    let more = [
        sweep_circle_segment::sweep_circle_segment(&circle, &cv, &segment),
        sweep_circle_segment::sweep_circle_segment_sided(&circle, &cv, &segment, Sides::Front),
        sweep_circle_circle::sweep_circle_circle(&circle, &cv, &other, &rv),
        sweep_circle_circle::sweep_circle_circle_within(&circle, &cv, &other, &rv, &t),
    ];
    for (bit, b) in (13..).zip(more) {
        fold(bit, matches!(black_box(b), Ok(Sweep::Hit(_))));
    }
    let obstacles = [
        Obstacle::Segment(segment.clone()),
        Obstacle::OneSided(segment),
        Obstacle::Aabb(rect),
        Obstacle::Obb(obb),
        Obstacle::Circle(other),
    ];
    let options = Options {
        restitution: t.clone(),
        max_bounces: 8,
    };
    let moved = advance(&circle, &cv, &obstacles, &options, |c| {
        black_box(c);
    });
    fold(17, matches!(black_box(moved), Ok(a) if a.contacts > 0));
    let box3 = Obb3::new(
        v3::<T>(42),
        [v3(45), v3(48), v3(51)],
        [any(54), any(55), any(56)],
    );
    fold(18, circle_box::classify_sphere_obb3(&sphere, &box3).is_ok());
    fold(
        19,
        circle_box::overlaps_sphere_obb3(&sphere, &box3) == Ok(true),
    );
    let d = circle_box::distance_squared_point_obb3(&p3, &box3).unwrap_or_else(|_| T::zero());
    fold(20, black_box(d.clone()).sqrt().quotient(d) > T::zero());
    let built = Obb3::try_from_quaternion(
        v3::<T>(57),
        [any(60), any(61), any(62), any(63)],
        [any(64), any(65), any(66)],
    );
    fold(21, built.is_ok());
    let built = Obb3::try_from_axes(v3::<T>(67), v3(70), v3(73), [any(76), any(77), any(78)]);
    fold(22, built.is_ok());
    let (sv, bv) = (v3::<T>(79), v3::<T>(82));
    let sweeps3 = [
        sweep_sphere_box::sweep_sphere_aabb3(&sphere, &sv, &cube, &bv),
        sweep_sphere_box::sweep_sphere_aabb3_within(&sphere, &sv, &cube, &bv, &t),
        sweep_sphere_box::sweep_sphere_obb3(&sphere, &sv, &box3, &bv),
        sweep_sphere_box::sweep_sphere_obb3_within(&sphere, &sv, &box3, &bv, &t),
    ];
    for (bit, s) in (23..).zip(sweeps3) {
        fold(bit, matches!(black_box(s), Ok(Sweep::Hit(_))));
    }
    // The batches, on slices of lengths the optimiser cannot see.
    let two = |a: &Vec2<T>| [a.clone(), a.clone()];
    let (circles, cvs, rvs) = ([circle.clone(), circle.clone()], two(&cv), two(&rv));
    let rect = Aabb2::new(v2::<T>(86), v2(88));
    let obb = Obb2::new(v2::<T>(90), [v2(92), v2(94)], [any(96), any(97)]);
    let (rects, obbs) = ([rect.clone(), rect], [obb.clone(), obb]);
    let mut out = [Ok(Sweep::Miss), Ok(Sweep::Miss)];
    let (c, v, w) = (
        black_box(&circles[..]),
        black_box(&cvs[..]),
        black_box(&rvs[..]),
    );
    let answered = [
        batch::sweep_circle_aabb2(c, v, black_box(&rects[..]), w, &mut out),
        batch::sweep_circle_aabb2_within(c, v, black_box(&rects[..]), w, &t, &mut out),
        batch::sweep_circle_obb2(c, v, black_box(&obbs[..]), w, &mut out),
    ];
    let three = |a: &Vec3<T>| [a.clone(), a.clone()];
    let (spheres, svs, bvs, cubes) = (
        [sphere.clone(), sphere],
        three(&sv),
        three(&bv),
        [cube.clone(), cube],
    );
    let mut out3 = [Ok(Sweep::Miss), Ok(Sweep::Miss)];
    let answered3 = batch::sweep_sphere_aabb3(
        black_box(&spheres[..]),
        black_box(&svs[..]),
        black_box(&cubes[..]),
        black_box(&bvs[..]),
        &mut out3,
    );
    fold(27, answered.iter().sum::<usize>() + answered3 > 3);
    fold(28, matches!(black_box(&out[1]), Ok(Sweep::Hit(_))));
    fold(29, matches!(black_box(&out3[1]), Ok(Sweep::Hit(_))));
    black_box(word)
}

/// The entry point: every query on every backend, then parks.
#[unsafe(no_mangle)]
pub extern "C" fn _start() -> ! {
    black_box(exercise::<f32>());
    black_box(exercise::<f64>());
    black_box(exercise::<I16F16>());
    black_box(exercise::<I32F32>());
    black_box(exercise::<I48F16>());
    loop {
        core::hint::spin_loop();
    }
}
