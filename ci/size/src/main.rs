//! One query on one backend in a bare-metal image, for ci/size.sh (see
//! Cargo.toml). The inputs come through `black_box`, so nothing is folded
//! away; `_start` is the linker's default entry symbol.

#![no_std]
#![no_main]

use core::hint::black_box;
use core::panic::PanicInfo;
#[allow(unused_imports)]
use swept::advance::{Obstacle, Options, advance};
#[allow(unused_imports)]
use swept::geom::{Aabb2, Aabb3, Circle, Obb2, Obb3, Segment2, Sphere, Vec2, Vec3};
#[allow(unused_imports)]
use swept::query::{
    Sweep, circle_box, sweep_circle_circle, sweep_circle_rect, sweep_circle_segment,
    sweep_sphere_box,
};

#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    loop {
        core::hint::spin_loop();
    }
}

#[cfg(any(
    feature = "b-f32",
    not(any(
        feature = "b-f64",
        feature = "b-i16f16",
        feature = "b-i32f32",
        feature = "b-i48f16"
    ))
))]
type T = f32;
#[cfg(feature = "b-f64")]
type T = f64;
#[cfg(feature = "b-i16f16")]
type T = fixed::types::I16F16;
#[cfg(feature = "b-i32f32")]
type T = fixed::types::I32F32;
#[cfg(feature = "b-i48f16")]
type T = fixed::types::I48F16;

/// An opaque value: the `i`-th word of a table the optimiser cannot see,
/// as raw bits (every bit pattern is some value of `T`).
#[allow(dead_code)]
fn any(i: usize) -> T {
    let words: [u64; 40] = black_box([0; 40]);
    let w = words.get(i).copied().unwrap_or(0);
    #[cfg(not(any(
        feature = "b-f64",
        feature = "b-i16f16",
        feature = "b-i32f32",
        feature = "b-i48f16"
    )))]
    return f32::from_bits(w as u32);
    #[cfg(feature = "b-f64")]
    return f64::from_bits(w);
    #[cfg(feature = "b-i16f16")]
    return T::from_bits(w as i32);
    #[cfg(any(feature = "b-i32f32", feature = "b-i48f16"))]
    return T::from_bits(w as i64);
}

#[allow(dead_code)]
fn v2(i: usize) -> Vec2<T> {
    Vec2::new(any(i), any(i + 1))
}

#[allow(dead_code)]
fn v3(i: usize) -> Vec3<T> {
    Vec3::new(any(i), any(i + 1), any(i + 2))
}

/// Whether a sweep hit, as a word.
#[allow(dead_code)]
fn hit<V>(r: Result<Sweep<T, V>, swept::Error>) -> u32 {
    matches!(r, Ok(Sweep::Hit(_))) as u32
}

/// The query, folded into a word.
#[allow(unreachable_code)]
fn query() -> u32 {
    #[cfg(feature = "q-classify-circle-aabb2")]
    return circle_box::classify_circle_aabb2(&Circle::new(v2(0), any(2)), &Aabb2::new(v2(3), v2(5)))
        .is_ok() as u32;
    #[cfg(feature = "q-classify-sphere-aabb3")]
    return circle_box::classify_sphere_aabb3(
        &Sphere::new(Vec3::new(any(0), any(1), any(2)), any(3)),
        &Aabb3::new(
            Vec3::new(any(4), any(5), any(6)),
            Vec3::new(any(7), any(8), any(9)),
        ),
    )
    .is_ok() as u32;
    #[cfg(feature = "q-classify-circle-obb2")]
    return circle_box::classify_circle_obb2(
        &Circle::new(v2(0), any(2)),
        &Obb2::new(v2(3), [v2(5), v2(7)], [any(9), any(10)]),
    )
    .is_ok() as u32;
    #[cfg(feature = "q-classify-sphere-obb3")]
    return circle_box::classify_sphere_obb3(
        &Sphere::new(v3(0), any(3)),
        &Obb3::new(v3(4), [v3(7), v3(10), v3(13)], [any(16), any(17), any(18)]),
    )
    .is_ok() as u32;
    #[cfg(feature = "q-distance-aabb2")]
    return circle_box::distance_squared_point_aabb2(&v2(0), &Aabb2::new(v2(2), v2(4)))
        .map(|d| black_box(d) > any(6))
        .unwrap_or(false) as u32;
    #[cfg(feature = "q-sweep-aabb2")]
    return hit(sweep_circle_rect::sweep_circle_aabb2(
        &Circle::new(v2(0), any(2)),
        &v2(3),
        &Aabb2::new(v2(5), v2(7)),
        &v2(9),
    ));
    #[cfg(feature = "q-sweep-obb2")]
    return hit(sweep_circle_rect::sweep_circle_obb2(
        &Circle::new(v2(0), any(2)),
        &v2(3),
        &Obb2::new(v2(5), [v2(7), v2(9)], [any(11), any(12)]),
        &v2(13),
    ));
    #[cfg(feature = "q-sweep-segment")]
    return hit(sweep_circle_segment::sweep_circle_segment(
        &Circle::new(v2(0), any(2)),
        &v2(3),
        &Segment2::new(v2(5), v2(7)),
    ));
    #[cfg(feature = "q-sweep-circle")]
    return hit(sweep_circle_circle::sweep_circle_circle(
        &Circle::new(v2(0), any(2)),
        &v2(3),
        &Circle::new(v2(5), any(7)),
        &v2(8),
    ));
    #[cfg(feature = "q-sweep-aabb3")]
    return hit(sweep_sphere_box::sweep_sphere_aabb3(
        &Sphere::new(v3(0), any(3)),
        &v3(4),
        &Aabb3::new(v3(7), v3(10)),
        &v3(13),
    ));
    #[cfg(feature = "q-sweep-obb3")]
    return hit(sweep_sphere_box::sweep_sphere_obb3(
        &Sphere::new(v3(0), any(3)),
        &v3(4),
        &Obb3::new(v3(7), [v3(10), v3(13), v3(16)], [any(19), any(20), any(21)]),
        &v3(22),
    ));
    // One obstacle of each kind.
    #[cfg(feature = "q-advance")]
    return advance(
        &Circle::new(v2(0), any(2)),
        &v2(3),
        &[
            Obstacle::Segment(Segment2::new(v2(5), v2(7))),
            Obstacle::Aabb(Aabb2::new(v2(9), v2(11))),
            Obstacle::Obb(Obb2::new(v2(13), [v2(15), v2(17)], [any(19), any(20)])),
            Obstacle::Circle(Circle::new(v2(21), any(23))),
        ],
        &Options {
            restitution: any(24),
            max_bounces: 8,
        },
        |c| {
            black_box(c);
        },
    )
    .map_or(0, |a| a.contacts);
    0
}

/// The entry point: the query once (its result kept), then parks.
#[unsafe(no_mangle)]
pub extern "C" fn _start() -> ! {
    black_box(query());
    loop {
        core::hint::spin_loop();
    }
}
