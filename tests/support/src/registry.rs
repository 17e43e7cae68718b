//! The query registry: every query the harness checks, with the name of
//! the `swept` function it runs and the inputs the harness draws for it.
//! [`each_query!`] runs code on each, as [`each_backend!`] does on each
//! backend: the accuracy table, the scaling test and the like take their
//! queries from it, so a query added here is checked by all of them.
//!
//! To add a query: an adapter type implementing [`Query`] and
//! [`Registered`], and one line in [`each_query!`].

use crate::agree::Query;
use crate::biased_box3::{local_case3, place_aabb3, place_obb3};
use crate::cases::{
    biased_box, biased_obb, biased_obb3, biased_rect, sweep_biased_aabb, sweep_biased_circle,
    sweep_biased_obb, w1_circles_exact, w1_shapes_exact, w3_box_exact, w3_obb3_exact,
    w3_rect_exact,
};
use crate::cases::{w4_aabb_exact, w4_obb3_exact};
use crate::exact::Exact;
use crate::generate::Gen;
use crate::queries::check_mix;
use crate::queries::{
    CircleAabb2, CircleObb2, DistanceAabb2, DistanceAabb3, DistanceObb2, DistanceObb3, SphereAabb3,
    SphereObb3,
};
use crate::segment_queries::{SweepSegment, segment_biased, w2_exact};
use crate::sweep_queries::{
    SweepAabb2, SweepAabb2Within, SweepCircle, SweepCircleWithin, SweepObb2, SweepObb2Within,
};
use crate::sweep3_queries::{SweepAabb3, SweepAabb3Within, SweepObb3, SweepObb3Within};
use crate::workload::SplitMix64;
use swept::Error;
use swept::geom::{Obb2, Obb3, Vec2, Vec3};
use swept::query::Sweep;
use swept::query::circle_box::Proximity;

/// `[e, e, ...]`: the expression `e` once per query of the registry, with
/// the type name `Q` (any identifier) standing for its adapter, in the order
/// of [`QUERIES`].
#[macro_export]
macro_rules! each_query {
    ($Q:ident => $e:expr) => {
        [
            {
                type $Q = $crate::queries::CircleAabb2;
                $e
            },
            {
                type $Q = $crate::queries::DistanceAabb2;
                $e
            },
            {
                type $Q = $crate::queries::SphereAabb3;
                $e
            },
            {
                type $Q = $crate::queries::CircleObb2;
                $e
            },
            {
                type $Q = $crate::queries::DistanceAabb3;
                $e
            },
            {
                type $Q = $crate::queries::DistanceObb2;
                $e
            },
            {
                type $Q = $crate::queries::SphereObb3;
                $e
            },
            {
                type $Q = $crate::queries::DistanceObb3;
                $e
            },
            {
                type $Q = $crate::sweep_queries::SweepAabb2;
                $e
            },
            {
                type $Q = $crate::sweep_queries::SweepObb2;
                $e
            },
            {
                type $Q = $crate::sweep_queries::SweepAabb2Within;
                $e
            },
            {
                type $Q = $crate::sweep_queries::SweepObb2Within;
                $e
            },
            {
                type $Q = $crate::segment_queries::SweepSegment;
                $e
            },
            {
                type $Q = $crate::sweep_queries::SweepCircle;
                $e
            },
            {
                type $Q = $crate::sweep_queries::SweepCircleWithin;
                $e
            },
            {
                type $Q = $crate::sweep3_queries::SweepAabb3;
                $e
            },
            {
                type $Q = $crate::sweep3_queries::SweepObb3;
                $e
            },
            {
                type $Q = $crate::sweep3_queries::SweepAabb3Within;
                $e
            },
            {
                type $Q = $crate::sweep3_queries::SweepObb3Within;
                $e
            },
        ]
    };
}

/// Every query's name, in the order of [`each_query!`].
pub const QUERIES: &[&str] = &each_query!(Q => <Q as Registered>::NAME);

/// A query of the registry.
pub trait Registered: Query {
    /// The `swept` function it runs.
    const NAME: &'static str;
    /// Whether the answer is a decision (a kind, with the values built for
    /// it): scaling the input by a power of two cannot change its kind.
    /// False for a value query (a squared distance), whose value scales and
    /// may leave the range.
    const DECISION: bool = true;
    /// A workload-like input (`benches/WORKLOAD.md`).
    fn workload(rng: &mut SplitMix64) -> Self::Input<Exact>;
    /// A degenerate-biased input.
    fn biased(g: &mut Gen) -> Self::Input<Exact>;
    /// Whether the exact answer lies exactly on a decision boundary, where
    /// one rounding the wrong way changes the kind: touching, a contact at
    /// `t = 0` or at the end of the time allowed. False where the output
    /// exposes no such boundary (a squared distance).
    fn on_boundary(_input: &Self::Input<Exact>, _exact: &Self::Output<Exact>) -> bool {
        false
    }
    /// The input with every length and velocity scaled by `2^k`, which
    /// cannot change its answer (every predicate is homogeneous).
    fn scaled(input: &Self::Input<Exact>, k: i32) -> Self::Input<Exact> {
        every_number_scaled::<Self>(input, k)
    }
}

/// Every number of the input scaled by `2^k`.
fn every_number_scaled<Q: Query + ?Sized>(input: &Q::Input<Exact>, k: i32) -> Q::Input<Exact> {
    Q::try_map(input, &mut |v: &Exact| Some(v.times_pow2(k))).expect("exact")
}

/// An oriented box scaled by `2^k`: its axes are directions and keep
/// their scale.
fn obb_scaled(b: &Obb2<Exact>, k: i32) -> Obb2<Exact> {
    let [e0, e1] = &b.half_extents;
    let c = &b.center;
    Obb2::new(
        Vec2::new(c.x.times_pow2(k), c.y.times_pow2(k)),
        b.axes.clone(),
        [e0.times_pow2(k), e1.times_pow2(k)],
    )
}

impl Registered for CircleAabb2 {
    const NAME: &'static str = "classify_circle_aabb2";
    fn on_boundary(_: &Self::Input<Exact>, exact: &Self::Output<Exact>) -> bool {
        *exact == Ok(Proximity::Touching)
    }
    fn workload(rng: &mut SplitMix64) -> Self::Input<Exact> {
        w3_rect_exact(rng)
    }
    fn biased(g: &mut Gen) -> Self::Input<Exact> {
        biased_rect(g)
    }
}

/// The point is the circle's center in the draws of [`CircleAabb2`].
impl Registered for DistanceAabb2 {
    const NAME: &'static str = "distance_squared_point_aabb2";
    const DECISION: bool = false;
    fn workload(rng: &mut SplitMix64) -> Self::Input<Exact> {
        let (c, b) = CircleAabb2::workload(rng);
        (c.center, b)
    }
    fn biased(g: &mut Gen) -> Self::Input<Exact> {
        let (c, b) = CircleAabb2::biased(g);
        (c.center, b)
    }
}

/// The point is the sphere's center in the draws of [`SphereAabb3`].
impl Registered for DistanceAabb3 {
    const NAME: &'static str = "distance_squared_point_aabb3";
    const DECISION: bool = false;
    fn workload(rng: &mut SplitMix64) -> Self::Input<Exact> {
        let (s, b) = SphereAabb3::workload(rng);
        (s.center, b)
    }
    fn biased(g: &mut Gen) -> Self::Input<Exact> {
        let (s, b) = SphereAabb3::biased(g);
        (s.center, b)
    }
}

/// The point is the circle's center in the draws of [`CircleObb2`].
impl Registered for DistanceObb2 {
    const NAME: &'static str = "distance_squared_point_obb2";
    const DECISION: bool = false;
    fn workload(rng: &mut SplitMix64) -> Self::Input<Exact> {
        let (c, b) = CircleObb2::workload(rng);
        (c.center, b)
    }
    fn biased(g: &mut Gen) -> Self::Input<Exact> {
        let (c, b) = CircleObb2::biased(g);
        (c.center, b)
    }
    fn scaled(input: &Self::Input<Exact>, k: i32) -> Self::Input<Exact> {
        let p = &input.0;
        let p = Vec2::new(p.x.times_pow2(k), p.y.times_pow2(k));
        (p, obb_scaled(&input.1, k))
    }
}

impl Registered for SphereAabb3 {
    const NAME: &'static str = "classify_sphere_aabb3";
    fn on_boundary(_: &Self::Input<Exact>, exact: &Self::Output<Exact>) -> bool {
        *exact == Ok(Proximity::Touching)
    }
    fn workload(rng: &mut SplitMix64) -> Self::Input<Exact> {
        w3_box_exact(rng)
    }
    fn biased(g: &mut Gen) -> Self::Input<Exact> {
        biased_box(g)
    }
}

/// An oriented box in 3D scaled by `2^k` (its axes keep their scale).
fn obb3_scaled(b: &Obb3<Exact>, k: i32) -> Obb3<Exact> {
    let [e0, e1, e2] = &b.half_extents;
    let c = &b.center;
    Obb3::new(
        Vec3::new(c.x.times_pow2(k), c.y.times_pow2(k), c.z.times_pow2(k)),
        b.axes.clone(),
        [e0.times_pow2(k), e1.times_pow2(k), e2.times_pow2(k)],
    )
}

/// The workload is W3's sphere and box turned by a rational rotation.
impl Registered for SphereObb3 {
    const NAME: &'static str = "classify_sphere_obb3";
    fn on_boundary(_: &Self::Input<Exact>, exact: &Self::Output<Exact>) -> bool {
        *exact == Ok(Proximity::Touching)
    }
    fn workload(rng: &mut SplitMix64) -> Self::Input<Exact> {
        w3_obb3_exact(rng)
    }
    fn biased(g: &mut Gen) -> Self::Input<Exact> {
        biased_obb3(g)
    }
    fn scaled(input: &Self::Input<Exact>, k: i32) -> Self::Input<Exact> {
        let (s, _) = every_number_scaled::<Self>(input, k);
        (s, obb3_scaled(&input.1, k))
    }
}

/// The point is the sphere's center in the draws of [`SphereObb3`].
impl Registered for DistanceObb3 {
    const NAME: &'static str = "distance_squared_point_obb3";
    const DECISION: bool = false;
    fn workload(rng: &mut SplitMix64) -> Self::Input<Exact> {
        let (s, b) = SphereObb3::workload(rng);
        (s.center, b)
    }
    fn biased(g: &mut Gen) -> Self::Input<Exact> {
        let (s, b) = SphereObb3::biased(g);
        (s.center, b)
    }
    fn scaled(input: &Self::Input<Exact>, k: i32) -> Self::Input<Exact> {
        let p = &input.0;
        let p = Vec3::new(p.x.times_pow2(k), p.y.times_pow2(k), p.z.times_pow2(k));
        (p, obb3_scaled(&input.1, k))
    }
}

/// The workload is W1's circle and oriented rectangle.
impl Registered for CircleObb2 {
    const NAME: &'static str = "classify_circle_obb2";
    fn on_boundary(_: &Self::Input<Exact>, exact: &Self::Output<Exact>) -> bool {
        *exact == Ok(Proximity::Touching)
    }
    fn workload(rng: &mut SplitMix64) -> Self::Input<Exact> {
        let (c, _, _, obb, _) = w1_shapes_exact(rng);
        (c, obb)
    }
    fn biased(g: &mut Gen) -> Self::Input<Exact> {
        biased_obb(g)
    }
    fn scaled(input: &Self::Input<Exact>, k: i32) -> Self::Input<Exact> {
        let (c, _) = every_number_scaled::<Self>(input, k);
        (c, obb_scaled(&input.1, k))
    }
}

impl Registered for SweepAabb2 {
    const NAME: &'static str = "sweep_circle_aabb2";
    fn on_boundary(_: &Self::Input<Exact>, exact: &Self::Output<Exact>) -> bool {
        hit_at(exact, &[Exact::ratio(0, 1)])
    }
    fn workload(rng: &mut SplitMix64) -> Self::Input<Exact> {
        let (c, cv, aabb, _, bv) = w1_shapes_exact(rng);
        (c, cv, aabb, bv)
    }
    fn biased(g: &mut Gen) -> Self::Input<Exact> {
        sweep_biased_aabb(g)
    }
}

impl Registered for SweepObb2 {
    const NAME: &'static str = "sweep_circle_obb2";
    fn on_boundary(_: &Self::Input<Exact>, exact: &Self::Output<Exact>) -> bool {
        hit_at(exact, &[Exact::ratio(0, 1)])
    }
    fn workload(rng: &mut SplitMix64) -> Self::Input<Exact> {
        let (c, cv, _, obb, bv) = w1_shapes_exact(rng);
        (c, cv, obb, bv)
    }
    fn biased(g: &mut Gen) -> Self::Input<Exact> {
        sweep_biased_obb(g)
    }
    fn scaled(input: &Self::Input<Exact>, k: i32) -> Self::Input<Exact> {
        let (c, cv, _, bv) = every_number_scaled::<Self>(input, k);
        (c, cv, obb_scaled(&input.2, k), bv)
    }
}

impl Registered for SweepCircle {
    const NAME: &'static str = "sweep_circle_circle";
    fn on_boundary(_: &Self::Input<Exact>, exact: &Self::Output<Exact>) -> bool {
        hit_at(exact, &[Exact::ratio(0, 1)])
    }
    fn workload(rng: &mut SplitMix64) -> Self::Input<Exact> {
        w1_circles_exact(rng)
    }
    fn biased(g: &mut Gen) -> Self::Input<Exact> {
        sweep_biased_circle(g)
    }
}

impl Registered for SweepSegment {
    const NAME: &'static str = "sweep_circle_segment";
    /// A hit at the start or the end of the frame.
    fn on_boundary(_: &Self::Input<Exact>, exact: &Self::Output<Exact>) -> bool {
        hit_at(exact, &[Exact::ratio(0, 1), Exact::ratio(1, 1)])
    }
    fn workload(rng: &mut SplitMix64) -> Self::Input<Exact> {
        w2_exact(rng)
    }
    fn biased(g: &mut Gen) -> Self::Input<Exact> {
        segment_biased(g, 8)
    }
}

/// A time limit for a biased sweep: the exact hit time, if any, or
/// `2^-20` before or after it (the limit on, just short of and just past the
/// contact), else one of a few fixed limits (zero, negative, the frame, a
/// third, past I16F16's range of times).
fn biased_limit<V>(g: &mut Gen, exact: &Result<Sweep<Exact, V>, Error>) -> Exact {
    let fixed = [(0, 1), (-1, 1), (1, 1), (1, 2), (1, 3), (64, 1)];
    let near = Exact::ratio(1, 1 << 20);
    match (exact, g.below(4)) {
        (Ok(Sweep::Hit(h)), 0) => h.time.clone(),
        (Ok(Sweep::Hit(h)), 1) => h.time.clone() - near,
        (Ok(Sweep::Hit(h)), 2) => h.time.clone() + near,
        _ => {
            let &(n, d) = g.pick(&fixed);
            Exact::ratio(n, d)
        }
    }
}

/// Whether `exact` is a hit at one of `times`.
fn hit_at<V>(exact: &Result<Sweep<Exact, V>, Error>, times: &[Exact]) -> bool {
    matches!(exact, Ok(Sweep::Hit(h)) if times.contains(&h.time))
}

/// [`check_mix`] on a biased mix, which must also reach the boundary: at
/// least `min_on_boundary` of the `n` inputs have an exact answer
/// [`Registered::on_boundary`].
pub fn check_biased<Q: Registered>(
    name: &str,
    n: usize,
    max_refusals: [u64; crate::N_BACKENDS],
    min_on_boundary: usize,
    mut make: impl FnMut() -> Q::Input<Exact>,
) {
    let mut on_boundary = 0;
    check_mix::<Q>(name, n, max_refusals, || {
        let input = make();
        on_boundary += usize::from(Q::on_boundary(&input, &Q::run(&input)));
        input
    });
    println!("{name}: {on_boundary} of {n} on a boundary");
    assert!(
        on_boundary >= min_on_boundary,
        "{name}: {on_boundary} of {n} on a boundary, < {min_on_boundary}"
    );
}

/// The workload's limit is the frame (`1`: velocities are per frame); the
/// biased limits are [`biased_limit`]'s; scaling leaves the limit, a time,
/// as it is.
macro_rules! registered_within {
    ($within:ty, $base:ty, $name:literal) => {
        impl Registered for $within {
            const NAME: &'static str = $name;
            fn workload(rng: &mut SplitMix64) -> Self::Input<Exact> {
                (<$base>::workload(rng), Exact::ratio(1, 1))
            }
            fn biased(g: &mut Gen) -> Self::Input<Exact> {
                let input = <$base>::biased(g);
                let limit = biased_limit(g, &<$base>::run(&input));
                (input, limit)
            }
            fn scaled(input: &Self::Input<Exact>, k: i32) -> Self::Input<Exact> {
                (<$base>::scaled(&input.0, k), input.1.clone())
            }
            /// A hit at `t = 0` or at the limit.
            fn on_boundary(input: &Self::Input<Exact>, exact: &Self::Output<Exact>) -> bool {
                hit_at(exact, &[Exact::ratio(0, 1), input.1.clone()])
            }
        }
    };
}
registered_within!(SweepAabb2Within, SweepAabb2, "sweep_circle_aabb2_within");
registered_within!(SweepObb2Within, SweepObb2, "sweep_circle_obb2_within");
registered_within!(SweepCircleWithin, SweepCircle, "sweep_circle_circle_within");
registered_within!(SweepAabb3Within, SweepAabb3, "sweep_sphere_aabb3_within");
registered_within!(SweepObb3Within, SweepObb3, "sweep_sphere_obb3_within");

/// The workload is W4-AABB.
impl Registered for SweepAabb3 {
    const NAME: &'static str = "sweep_sphere_aabb3";
    fn on_boundary(_: &Self::Input<Exact>, exact: &Self::Output<Exact>) -> bool {
        hit_at(exact, &[Exact::ratio(0, 1)])
    }
    fn workload(rng: &mut SplitMix64) -> Self::Input<Exact> {
        w4_aabb_exact(rng)
    }
    fn biased(g: &mut Gen) -> Self::Input<Exact> {
        let l = local_case3(g);
        place_aabb3(g, &l)
    }
}

/// The workload is W4-OBB with exactly orthonormal axes near W4's.
impl Registered for SweepObb3 {
    const NAME: &'static str = "sweep_sphere_obb3";
    fn on_boundary(_: &Self::Input<Exact>, exact: &Self::Output<Exact>) -> bool {
        hit_at(exact, &[Exact::ratio(0, 1)])
    }
    fn workload(rng: &mut SplitMix64) -> Self::Input<Exact> {
        w4_obb3_exact(rng)
    }
    fn biased(g: &mut Gen) -> Self::Input<Exact> {
        let l = local_case3(g);
        place_obb3(g, &l)
    }
    fn scaled(input: &Self::Input<Exact>, k: i32) -> Self::Input<Exact> {
        let (s, sv, _, bv) = every_number_scaled::<Self>(input, k);
        (s, sv, obb3_scaled(&input.2, k), bv)
    }
}
