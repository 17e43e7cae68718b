//! Queries in a bare-metal image, for ci/size.sh and ci/stack.sh (see
//! Cargo.toml). The inputs come through `black_box`, so nothing is folded
//! away; `_start` is the linker's default entry symbol.
//!
//! With a `q-…` and a `b-…` feature, `_start` calls that one query on that
//! backend (ci/size.sh: the bytes it adds to the empty image). With
//! `entries`, every query on every backend has an entry of its own,
//! `entry_<query>_<backend>`, out of line and called directly by `_start`,
//! so that ci/stack.sh can follow each one's calls from its first
//! instruction.

#![no_std]
#![no_main]

use core::hint::black_box;
use core::panic::PanicInfo;
use swept::Real;
use swept::advance::{Obstacle, Options, advance};
use swept::geom::{Aabb2, Aabb3, Circle, Obb2, Obb3, Segment2, Sphere, Vec2, Vec3};
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

/// A backend whose every bit pattern is a value.
trait Word: Real {
    fn from_word(w: u64) -> Self;
}
impl Word for f32 {
    fn from_word(w: u64) -> Self {
        f32::from_bits(w as u32)
    }
}
impl Word for f64 {
    fn from_word(w: u64) -> Self {
        f64::from_bits(w)
    }
}
impl Word for fixed::types::I16F16 {
    fn from_word(w: u64) -> Self {
        Self::from_bits(w as i32)
    }
}
impl Word for fixed::types::I32F32 {
    fn from_word(w: u64) -> Self {
        Self::from_bits(w as i64)
    }
}
impl Word for fixed::types::I48F16 {
    fn from_word(w: u64) -> Self {
        Self::from_bits(w as i64)
    }
}

/// An opaque value (a word the optimiser cannot see: a table of them
/// built on the stack for each input was cleared by a `memset` that the
/// images of the smallest queries counted as theirs, and a table in
/// flash counts as theirs too).
#[cfg(not(feature = "entries"))]
fn any<T: Word>(i: usize) -> T {
    T::from_word(black_box(i as u64))
}

/// The inputs of the `entries` image, which ci/mcu.py writes before it
/// calls an entry: word `i` is `INPUT[2 i] | INPUT[2 i + 1] << 32`.
#[cfg(feature = "entries")]
#[unsafe(no_mangle)]
pub static INPUT: [core::sync::atomic::AtomicU32; 80] =
    [const { core::sync::atomic::AtomicU32::new(0) }; 80];

/// The `i`-th input word of the `entries` image.
#[cfg(feature = "entries")]
fn any<T: Word>(i: usize) -> T {
    use core::sync::atomic::Ordering::Relaxed;
    let half = |j: usize| INPUT.get(j).map_or(0, |w| u64::from(w.load(Relaxed)));
    T::from_word(half(2 * i) | half(2 * i + 1) << 32)
}

fn v2<T: Word>(i: usize) -> Vec2<T> {
    Vec2::new(any(i), any(i + 1))
}

fn v3<T: Word>(i: usize) -> Vec3<T> {
    Vec3::new(any(i), any(i + 1), any(i + 2))
}

/// A query's result as a word: [`ERROR`] for an error value, below it
/// what `ok` makes of an answer (ci/mcu.py reads it).
fn code<R, E>(r: Result<R, E>, ok: impl FnOnce(R) -> u32) -> u32 {
    r.map_or(ERROR, |v| ok(v).min(ERROR - 1))
}

/// The word of an error value.
const ERROR: u32 = 0xE0;

/// Whether a sweep hit (1), or an error value.
fn hit<T, V>(r: Result<Sweep<T, V>, swept::Error>) -> u32 {
    code(r, |s| matches!(s, Sweep::Hit(_)) as u32)
}

/// Each query on opaque inputs, folded into a word.
mod queries {
    use super::*;

    pub fn classify_circle_aabb2<T: Word>() -> u32 {
        let b = Aabb2::new(v2(3), v2(5));
        code(
            circle_box::classify_circle_aabb2(&Circle::new(v2::<T>(0), any(2)), &b),
            |_| 1,
        )
    }
    pub fn classify_sphere_aabb3<T: Word>() -> u32 {
        let b = Aabb3::new(v3(4), v3(7));
        code(
            circle_box::classify_sphere_aabb3(&Sphere::new(v3::<T>(0), any(3)), &b),
            |_| 1,
        )
    }
    pub fn classify_circle_obb2<T: Word>() -> u32 {
        let b = Obb2::new(v2(3), [v2(5), v2(7)], [any(9), any(10)]);
        code(
            circle_box::classify_circle_obb2(&Circle::new(v2::<T>(0), any(2)), &b),
            |_| 1,
        )
    }
    pub fn classify_sphere_obb3<T: Word>() -> u32 {
        let b = Obb3::new(v3(4), [v3(7), v3(10), v3(13)], [any(16), any(17), any(18)]);
        code(
            circle_box::classify_sphere_obb3(&Sphere::new(v3::<T>(0), any(3)), &b),
            |_| 1,
        )
    }
    pub fn distance_aabb2<T: Word>() -> u32 {
        let d = circle_box::distance_squared_point_aabb2(&v2::<T>(0), &Aabb2::new(v2(2), v2(4)));
        code(d, |d| (black_box(d) > any(6)) as u32)
    }
    pub fn sweep_aabb2<T: Word>() -> u32 {
        hit(sweep_circle_rect::sweep_circle_aabb2(
            &Circle::new(v2::<T>(0), any(2)),
            &v2(3),
            &Aabb2::new(v2(5), v2(7)),
            &v2(9),
        ))
    }
    pub fn sweep_obb2<T: Word>() -> u32 {
        hit(sweep_circle_rect::sweep_circle_obb2(
            &Circle::new(v2::<T>(0), any(2)),
            &v2(3),
            &Obb2::new(v2(5), [v2(7), v2(9)], [any(11), any(12)]),
            &v2(13),
        ))
    }
    pub fn sweep_segment<T: Word>() -> u32 {
        hit(sweep_circle_segment::sweep_circle_segment(
            &Circle::new(v2::<T>(0), any(2)),
            &v2(3),
            &Segment2::new(v2(5), v2(7)),
        ))
    }
    pub fn sweep_circle<T: Word>() -> u32 {
        hit(sweep_circle_circle::sweep_circle_circle(
            &Circle::new(v2::<T>(0), any(2)),
            &v2(3),
            &Circle::new(v2(5), any(7)),
            &v2(8),
        ))
    }
    pub fn sweep_aabb3<T: Word>() -> u32 {
        hit(sweep_sphere_box::sweep_sphere_aabb3(
            &Sphere::new(v3::<T>(0), any(3)),
            &v3(4),
            &Aabb3::new(v3(7), v3(10)),
            &v3(13),
        ))
    }
    pub fn sweep_obb3<T: Word>() -> u32 {
        hit(sweep_sphere_box::sweep_sphere_obb3(
            &Sphere::new(v3::<T>(0), any(3)),
            &v3(4),
            &Obb3::new(v3(7), [v3(10), v3(13), v3(16)], [any(19), any(20), any(21)]),
            &v3(22),
        ))
    }
    /// One obstacle of each kind.
    pub fn advance<T: Word>() -> u32 {
        let a = super::advance(
            &Circle::new(v2::<T>(0), any(2)),
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
        );
        code(a, |a| a.contacts)
    }
}

/// `$m!(query, feature)` for every query.
macro_rules! each_query {
    ($m:ident) => {
        $m!(classify_circle_aabb2, "q-classify-circle-aabb2");
        $m!(classify_sphere_aabb3, "q-classify-sphere-aabb3");
        $m!(classify_circle_obb2, "q-classify-circle-obb2");
        $m!(classify_sphere_obb3, "q-classify-sphere-obb3");
        $m!(distance_aabb2, "q-distance-aabb2");
        $m!(sweep_aabb2, "q-sweep-aabb2");
        $m!(sweep_obb2, "q-sweep-obb2");
        $m!(sweep_segment, "q-sweep-segment");
        $m!(sweep_circle, "q-sweep-circle");
        $m!(sweep_aabb3, "q-sweep-aabb3");
        $m!(sweep_obb3, "q-sweep-obb3");
        $m!(advance, "q-advance");
    };
}

/// One image, one query: the feature's query on the feature's backend.
#[cfg(not(feature = "entries"))]
mod one {
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

    #[allow(unreachable_code)]
    pub fn query() -> u32 {
        macro_rules! pick {
            ($q:ident, $f:literal) => {
                #[cfg(feature = $f)]
                return super::queries::$q::<T>();
            };
        }
        each_query!(pick);
        0
    }
}

/// The entry point: the query once (its result kept), then parks.
#[cfg(not(feature = "entries"))]
#[unsafe(no_mangle)]
pub extern "C" fn _start() -> ! {
    black_box(one::query());
    loop {
        core::hint::spin_loop();
    }
}

/// Every query on every backend, each its own entry: `entries::<query>::<backend>`
/// (each folds in a number of its own, so that no two are merged).
#[cfg(feature = "entries")]
mod entries {
    macro_rules! entry {
        ($q:ident, $f:literal) => {
            pub mod $q {
                use fixed::types::{I16F16, I32F32, I48F16};
                #[inline(never)]
                pub fn f32() -> u32 {
                    crate::queries::$q::<f32>() ^ core::hint::black_box(0)
                }
                #[inline(never)]
                pub fn f64() -> u32 {
                    crate::queries::$q::<f64>() ^ core::hint::black_box(1)
                }
                #[inline(never)]
                pub fn i16f16() -> u32 {
                    crate::queries::$q::<I16F16>() ^ core::hint::black_box(2)
                }
                #[inline(never)]
                pub fn i32f32() -> u32 {
                    crate::queries::$q::<I32F32>() ^ core::hint::black_box(3)
                }
                #[inline(never)]
                pub fn i48f16() -> u32 {
                    crate::queries::$q::<I48F16>() ^ core::hint::black_box(4)
                }
            }
        };
    }
    each_query!(entry);

    /// The plain references (benches/plain), the floor of ci/mcu-count.sh:
    /// `entries::plain_<query>::{f32, i32f32}`, on the query's inputs.
    macro_rules! plain {
        ($name:ident, |$t:ident| $body:expr) => {
            pub mod $name {
                use super::super::*;
                use fixed::types::I32F32;
                fn plain<$t: Word>() -> u32 {
                    $body
                }
                #[inline(never)]
                pub fn f32() -> u32 {
                    plain::<f32>()
                }
                #[inline(never)]
                pub fn i32f32() -> u32 {
                    plain::<I32F32>() ^ black_box(3)
                }
            }
        };
    }

    /// A plain hit's time, kept.
    fn kept<T: super::Word, V>(h: Option<swept_plain::PlainHit<T, V>>) -> u32 {
        h.map_or(0, |h| {
            core::hint::black_box(h)
                .time
                .to_f32()
                .map_or(2, |t| t.to_bits())
        })
    }

    plain!(plain_sweep_aabb2, |T| super::kept(
        swept_plain::sweep_aabb2(
            &Circle::new(v2::<T>(0), any(2)),
            &v2(3),
            &Aabb2::new(v2(5), v2(7)),
            &v2(9),
        )
    ));
    plain!(plain_sweep_obb2, |T| super::kept(swept_plain::sweep_obb2(
        &Circle::new(v2::<T>(0), any(2)),
        &v2(3),
        &Obb2::new(v2(5), [v2(7), v2(9)], [any(11), any(12)]),
        &v2(13),
    )));
    plain!(plain_sweep_segment, |T| super::kept(
        swept_plain::sweep_segment(
            &Circle::new(v2::<T>(0), any(2)),
            &v2(3),
            &Segment2::new(v2(5), v2(7)),
        )
    ));
    plain!(plain_sweep_circle, |T| super::kept(
        swept_plain::sweep_circle(
            &Circle::new(v2::<T>(0), any(2)),
            &v2(3),
            &Circle::new(v2(5), any(7)),
            &v2(8),
        )
    ));
    plain!(plain_sweep_aabb3, |T| super::kept(
        swept_plain::sweep_aabb3(
            &Sphere::new(v3::<T>(0), any(3)),
            &v3(4),
            &Aabb3::new(v3(7), v3(10)),
            &v3(13),
        )
    ));
    plain!(plain_sweep_obb3, |T| super::kept(swept_plain::sweep_obb3(
        &Sphere::new(v3::<T>(0), any(3)),
        &v3(4),
        &Obb3::new(v3(7), [v3(10), v3(13), v3(16)], [any(19), any(20), any(21)]),
        &v3(22),
    )));
    plain!(plain_advance, |T| {
        use swept_plain::PlainObstacle as O;
        let (end, contacts) = swept_plain::advance(
            &Circle::new(v2::<T>(0), any(2)),
            &v2(3),
            &[
                O::Segment(Segment2::new(v2(5), v2(7))),
                O::Aabb(Aabb2::new(v2(9), v2(11))),
                O::Obb(Obb2::new(v2(13), [v2(15), v2(17)], [any(19), any(20)])),
                O::Circle(Circle::new(v2(21), any(23))),
            ],
            &any(24),
            8,
        );
        black_box(end);
        contacts
    });
    plain!(plain_distance_aabb2, |T| {
        let d = swept_plain::distance_aabb2(&v2::<T>(0), &Aabb2::new(v2(2), v2(4)));
        (black_box(d) > any(6)) as u32
    });
    plain!(plain_classify_sphere_aabb3, |T| {
        swept_plain::classify_sphere_aabb3(
            &Sphere::new(v3::<T>(0), any(3)),
            &Aabb3::new(v3(4), v3(7)),
        )
    });
    plain!(plain_classify_circle_obb2, |T| {
        swept_plain::classify_circle_obb2(
            &Circle::new(v2::<T>(0), any(2)),
            &Obb2::new(v2(3), [v2(5), v2(7)], [any(9), any(10)]),
        )
    });
    plain!(plain_classify_sphere_obb3, |T| {
        swept_plain::classify_sphere_obb3(
            &Sphere::new(v3::<T>(0), any(3)),
            &Obb3::new(v3(4), [v3(7), v3(10), v3(13)], [any(16), any(17), any(18)]),
        )
    });
    plain!(plain_classify_circle_aabb2, |T| {
        swept_plain::classify_circle_aabb2(
            &Circle::new(v2::<T>(0), any(2)),
            &Aabb2::new(v2(3), v2(5)),
        )
    });
}

#[cfg(feature = "entries")]
#[unsafe(no_mangle)]
pub extern "C" fn _start() -> ! {
    macro_rules! call {
        ($q:ident, $f:literal) => {
            black_box(entries::$q::f32());
            black_box(entries::$q::f64());
            black_box(entries::$q::i16f16());
            black_box(entries::$q::i32f32());
            black_box(entries::$q::i48f16());
        };
    }
    each_query!(call);
    macro_rules! plain {
        ($($q:ident),*) => {
            $(
                black_box(entries::$q::f32());
                black_box(entries::$q::i32f32());
            )*
        };
    }
    plain!(
        plain_sweep_aabb2,
        plain_sweep_obb2,
        plain_sweep_segment,
        plain_sweep_circle,
        plain_sweep_aabb3,
        plain_sweep_obb3,
        plain_advance,
        plain_classify_circle_aabb2,
        plain_classify_sphere_aabb3,
        plain_classify_circle_obb2,
        plain_classify_sphere_obb3,
        plain_distance_aabb2
    );
    loop {
        core::hint::spin_loop();
    }
}
