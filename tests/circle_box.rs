//! Static circle/sphere vs box (seed 001): agreement of every backend with
//! the exact one, the seed's pinned inconsistencies, bad input.

use fixed::types::{I16F16, I32F32};
use swept::error::AxesFault;
use swept::geom::{Aabb2, Aabb3, Circle, Obb2, Obb3, Sphere, Vec2, Vec3};
use swept::query::circle_box::*;
use swept::{Error, Quantity};
use swept_support::Backend;
use swept_support::cases::biased_rect;
use swept_support::generate::Gen;
use swept_support::queries::{
    CircleAabb2, CircleObb2, DistanceAabb2, DistanceAabb3, DistanceObb2, DistanceObb3, SphereAabb3,
    SphereObb3,
};
use swept_support::workload::{SEED, SplitMix64};
use swept_support::{Exact, N_BACKENDS, Registered, check_biased, check_mix, each_backend};

/// `Q`'s degenerate-biased mix (`Registered::biased`, seed `seed`) and its
/// workload mix (`Registered::workload`), 40000 cases each: every finite
/// input is answered (the distances of these mixes stay within every
/// backend's range), and at least `min_touching` biased cases touch.
fn agrees_with_exact<Q: Registered>(seed: u64, min_touching: usize) {
    let mut g = Gen::new(seed);
    let name = format!("{} biased", Q::NAME);
    check_biased::<Q>(&name, 40_000, [0; N_BACKENDS], min_touching, || {
        Q::biased(&mut g)
    });
    let mut r = SplitMix64::new(SEED);
    let name = format!("{} workload", Q::NAME);
    check_mix::<Q>(&name, 40_000, [0; N_BACKENDS], || Q::workload(&mut r));
}

// The touching floors are about a third of the counts at these seeds (7565,
// 4058, 7443, 4088 of 40000). The distances expose no boundary.

#[test]
fn circle_aabb2_agrees_with_exact() {
    agrees_with_exact::<CircleAabb2>(1, 2_500);
}

#[test]
fn sphere_aabb3_agrees_with_exact() {
    agrees_with_exact::<SphereAabb3>(2, 1_300);
}

#[test]
fn circle_obb2_agrees_with_exact() {
    agrees_with_exact::<CircleObb2>(3, 2_400);
}

#[test]
fn sphere_obb3_agrees_with_exact() {
    agrees_with_exact::<SphereObb3>(7, 1_300);
}

#[test]
fn distances_agree_with_exact() {
    agrees_with_exact::<DistanceAabb2>(4, 0);
    agrees_with_exact::<DistanceAabb3>(5, 0);
    agrees_with_exact::<DistanceObb2>(6, 0);
    agrees_with_exact::<DistanceObb3>(8, 0);
}

/// Touching happens in the biased mix: the sweep is not testing only easy cases.
#[test]
fn biased_mix_touches_often() {
    let mut g = Gen::new(1);
    let mut touching = 0;
    for _ in 0..10_000 {
        let (c, b) = biased_rect(&mut g);
        if classify_circle_aabb2(&c, &b) == Ok(Proximity::Touching) {
            touching += 1;
        }
    }
    assert!(touching > 1000, "{touching}");
}

fn aabb<T: Backend>(x0: i64, y0: i64, x1: i64, y1: i64) -> Aabb2<T> {
    let f = |v| T::from_ratio(v, 1).unwrap();
    Aabb2::new(Vec2::new(f(x0), f(y0)), Vec2::new(f(x1), f(y1)))
}

fn circle<T: Backend>(x: i64, y: i64, r: (i64, i64)) -> Circle<T> {
    let f = |v| T::from_ratio(v, 1).unwrap();
    Circle::new(Vec2::new(f(x), f(y)), T::from_ratio(r.0, r.1).unwrap())
}

/// Seed 001 pins, on every backend: Shaffer's listing returns TRUE for a
/// radius-0 center strictly inside but FALSE (`|0| < 0`) for one on an edge,
/// and FALSE for any touching. Closed semantics: all three are `Touching`.
fn shaffer_pins<T: Backend>() {
    let b = aabb::<T>(0, 0, 2, 1);
    // Radius 0, center strictly inside: Shaffer TRUE; here Touching (0 = r).
    assert_eq!(
        classify_circle_aabb2(&circle::<T>(1, 0, (0, 1)), &b),
        Ok(Proximity::Touching)
    );
    // Radius 0, center on the edge y = 0 ... inside the slab: Touching.
    let on_edge = Circle::new(Vec2::new(T::one(), T::zero()), T::zero());
    assert_eq!(classify_circle_aabb2(&on_edge, &b), Ok(Proximity::Touching));
    // Radius 0 on the box's top-right corner: Touching.
    assert_eq!(
        classify_circle_aabb2(&circle::<T>(2, 1, (0, 1)), &b),
        Ok(Proximity::Touching)
    );
    // Due east at gap 1 with r = 1: Shaffer's `R.min.x < Rad` is FALSE; closed: overlap.
    assert_eq!(
        overlaps_circle_aabb2(&circle::<T>(3, 0, (1, 1)), &b),
        Ok(true)
    );
    assert_eq!(
        classify_circle_aabb2(&circle::<T>(3, 0, (1, 1)), &b),
        Ok(Proximity::Touching)
    );
    // Corner region, 3-4-5: center (2+3, 1+4), r = 5 touches; r = 5 ± 1/8 either side.
    assert_eq!(
        classify_circle_aabb2(&circle::<T>(5, 5, (5, 1)), &b),
        Ok(Proximity::Touching)
    );
    assert_eq!(
        classify_circle_aabb2(&circle::<T>(5, 5, (41, 8)), &b),
        Ok(Proximity::Overlapping)
    );
    assert_eq!(
        classify_circle_aabb2(&circle::<T>(5, 5, (39, 8)), &b),
        Ok(Proximity::Disjoint)
    );
    // Corner region where both gaps are below r but the distance is not: gaps
    // (3, 4), r = 9/2 < 5.
    assert_eq!(
        classify_circle_aabb2(&circle::<T>(5, 5, (9, 2)), &b),
        Ok(Proximity::Disjoint)
    );
    // Center inside with positive radius: Overlapping.
    assert_eq!(
        classify_circle_aabb2(&circle::<T>(1, 0, (1, 4)), &b),
        Ok(Proximity::Overlapping)
    );
    // Negative radius: an error naming it.
    assert_eq!(
        classify_circle_aabb2(&circle::<T>(1, 0, (-1, 4)), &b),
        Err(Error::Negative(Quantity::Radius))
    );
    // Squared distance: corner (2, 1) to (5, 5) is 25; inside is 0.
    let d = distance_squared_point_aabb2(
        &Vec2::new(T::from_ratio(5, 1).unwrap(), T::from_ratio(5, 1).unwrap()),
        &b,
    );
    assert_eq!(d, Ok(T::from_ratio(25, 1).unwrap()));
}

#[test]
fn shaffer_radius_zero_and_touching_pins() {
    each_backend!(T => shaffer_pins::<T>());
    shaffer_pins::<Exact>();
}

/// The 3D form: 27 regions; a 2-3-6-7 quadruple gives an exact corner touch.
fn sphere_pins<T: Backend>() {
    let f = |v| T::from_ratio(v, 1).unwrap();
    let b = Aabb3::new(Vec3::new(f(0), f(0), f(0)), Vec3::new(f(1), f(1), f(1)));
    let s = |x, y, z, r| Sphere::new(Vec3::new(f(x), f(y), f(z)), f(r));
    // Corner (1,1,1) + (2,3,6): distance 7.
    assert_eq!(
        classify_sphere_aabb3(&s(3, 4, 7, 7), &b),
        Ok(Proximity::Touching)
    );
    assert_eq!(
        classify_sphere_aabb3(&s(3, 4, 7, 6), &b),
        Ok(Proximity::Disjoint)
    );
    assert_eq!(
        classify_sphere_aabb3(&s(3, 4, 7, 8), &b),
        Ok(Proximity::Overlapping)
    );
    // Edge region (x, y outside, z inside): (1,1) + (3,4) -> 5.
    assert_eq!(
        classify_sphere_aabb3(&s(4, 5, 0, 5), &b),
        Ok(Proximity::Touching)
    );
    // Face region: due +z at gap 2.
    assert_eq!(
        classify_sphere_aabb3(&s(0, 1, 3, 2), &b),
        Ok(Proximity::Touching)
    );
    assert_eq!(
        classify_sphere_aabb3(&s(0, 1, 3, 1), &b),
        Ok(Proximity::Disjoint)
    );
    let p = Vec3::new(f(3), f(4), f(7));
    assert_eq!(distance_squared_point_aabb3(&p, &b), Ok(f(49)));
}

#[test]
fn sphere_aabb3_pins() {
    each_backend!(T => sphere_pins::<T>());
    sphere_pins::<Exact>();
}

#[test]
fn circle_obb2_exact_rotation() {
    // Box centered at (1, 1), axes (3/5, 4/5) and (-4/5, 3/5), half extents
    // (1, 2). The point center + 2*axis0 + 3*axis1 has local coords (2, 3):
    // gaps (1, 1), distance² 2. Radius 1: disjoint (1 < 2); 3/2: overlap.
    let q = |n, d| Exact::ratio(n, d);
    let u = Vec2::new(q(3, 5), q(4, 5));
    let b =
        Obb2::try_from_axis(Vec2::new(q(1, 1), q(1, 1)), u.clone(), [q(1, 1), q(2, 1)]).unwrap();
    let p = b.center.clone() + u.clone() * q(2, 1) + u.perp() * q(3, 1);
    assert_eq!(distance_squared_point_obb2(&p, &b), Ok(q(2, 1)));
    let c = |r| Circle::new(p.clone(), r);
    assert_eq!(
        classify_circle_obb2(&c(q(1, 1)), &b),
        Ok(Proximity::Disjoint)
    );
    assert_eq!(
        classify_circle_obb2(&c(q(3, 2)), &b),
        Ok(Proximity::Overlapping)
    );
    // Local (2, 0): due along axis0 at gap 1.
    let p2 = b.center.clone() + u.clone() * q(2, 1);
    assert_eq!(
        classify_circle_obb2(&Circle::new(p2, q(1, 1)), &b),
        Ok(Proximity::Touching)
    );
}

/// The rotation of the quaternion (2, 1, 0, 0) / √5, a turn about x by
/// the angle of (3/5, 4/5): axes (1, 0, 0), (0, 3/5, 4/5), (0, -4/5, 3/5)
/// (the columns of its matrix, (w² + x² - y² - z², ...) / 5), exactly
/// orthonormal, so the answers are exact on the exact backend.
fn turned_x() -> [Vec3<Exact>; 3] {
    let q = |n, d| Exact::ratio(n, d);
    [
        Vec3::new(q(1, 1), q(0, 1), q(0, 1)),
        Vec3::new(q(0, 1), q(3, 5), q(4, 5)),
        Vec3::new(q(0, 1), q(-4, 5), q(3, 5)),
    ]
}

#[test]
fn sphere_obb3_exact_rotation() {
    // Center (1, 1, 1), half extents (1, 2, 3). The point center + 2 a0 +
    // 3 a1 + 5 a2 has local coordinates (2, 3, 5): gaps (1, 1, 2),
    // distance² 6. Radius 2: disjoint (4 < 6); 5/2: overlap (25/4 > 6).
    let q = |n, d| Exact::ratio(n, d);
    let [a0, a1, a2] = turned_x();
    let o = Vec3::new(q(1, 1), q(1, 1), q(1, 1));
    let b = Obb3::try_new(o.clone(), turned_x(), [q(1, 1), q(2, 1), q(3, 1)]).unwrap();
    let p = o.clone() + a0 * q(2, 1) + a1.clone() * q(3, 1) + a2.clone() * q(5, 1);
    assert_eq!(distance_squared_point_obb3(&p, &b), Ok(q(6, 1)));
    let s = |r| Sphere::new(p.clone(), r);
    assert_eq!(
        classify_sphere_obb3(&s(q(2, 1)), &b),
        Ok(Proximity::Disjoint)
    );
    assert_eq!(
        classify_sphere_obb3(&s(q(5, 2)), &b),
        Ok(Proximity::Overlapping)
    );
    assert_eq!(overlaps_sphere_obb3(&s(q(2, 1)), &b), Ok(false));
    // Local (0, 0, 4): along a2 at gap 1; radius 1 touches.
    let p2 = o.clone() + a2 * q(4, 1);
    assert_eq!(
        classify_sphere_obb3(&Sphere::new(p2, q(1, 1)), &b),
        Ok(Proximity::Touching)
    );
    // Local (1/2, -1, 3/2): inside, distance 0; a point there touches.
    let p3 = o + a1 * q(-1, 1) + turned_x()[0].clone() * q(1, 2) + turned_x()[2].clone() * q(3, 2);
    assert_eq!(distance_squared_point_obb3(&p3, &b), Ok(q(0, 1)));
    assert_eq!(
        classify_sphere_obb3(&Sphere::new(p3, q(0, 1)), &b),
        Ok(Proximity::Touching)
    );
}

/// The same box as quarter turns on every backend: axes (0, 1, 0),
/// (-1, 0, 0), (0, 0, 1) make [-1, 1] x [-2, 2] x [-3, 3] from half
/// extents (2, 1, 3); hand-derived classes.
fn obb3_pins<T: Backend>() {
    let n = |v: i64| T::from_ratio(v, 1).unwrap();
    let v = |x, y, z| Vec3::new(n(x), n(y), n(z));
    let b = Obb3::try_from_axes(v(0, 0, 0), v(0, 1, 0), v(-1, 0, 0), [n(2), n(1), n(3)]).unwrap();
    assert_eq!(b.axes[2], v(0, 0, 1), "{}", T::NAME);
    let s = |x, y, z, r| Sphere::new(v(x, y, z), n(r));
    // Above the top face z = 3 by 2: radius 2 touches, 1 does not.
    assert_eq!(
        classify_sphere_obb3(&s(0, 0, 5, 2), &b),
        Ok(Proximity::Touching)
    );
    assert_eq!(
        classify_sphere_obb3(&s(0, 0, 5, 1), &b),
        Ok(Proximity::Disjoint)
    );
    // Beyond the corner (1, 2, 3) by (2, 2, 1): distance 3.
    assert_eq!(
        classify_sphere_obb3(&s(3, 4, 4, 3), &b),
        Ok(Proximity::Touching)
    );
    assert_eq!(
        classify_sphere_obb3(&s(3, 4, 4, 2), &b),
        Ok(Proximity::Disjoint)
    );
    assert_eq!(distance_squared_point_obb3(&v(3, 4, 4), &b), Ok(n(9)));
    // Beside the edge x = 1, y = 2 by (3, 4): distance 5.
    assert_eq!(
        classify_sphere_obb3(&s(4, 6, 0, 5), &b),
        Ok(Proximity::Touching)
    );
    assert_eq!(
        classify_sphere_obb3(&s(4, 6, 0, 6), &b),
        Ok(Proximity::Overlapping)
    );
    // The center inside, radius 0: touching (closed box).
    assert_eq!(
        classify_sphere_obb3(&s(0, 1, -2, 0), &b),
        Ok(Proximity::Touching)
    );
}

#[test]
fn sphere_obb3_pins() {
    each_backend!(T => obb3_pins::<T>());
    obb3_pins::<Exact>();
}

#[test]
fn obb3_bad_input_and_constructors() {
    let v = |x: f64, y: f64, z: f64| Vec3::new(x, y, z);
    let (x, y, z) = (v(1.0, 0.0, 0.0), v(0.0, 1.0, 0.0), v(0.0, 0.0, 1.0));
    let o = v(0.0, 0.0, 0.0);
    let s = Sphere::new(v(5.0, 0.0, 0.0), 1.0);
    let ob = |axes, half| Obb3::new(o, axes, half);
    // Each failing test named: the axis, the pair.
    let long = v(0.0, 0.0, 1.2);
    assert_eq!(
        classify_sphere_obb3(&s, &ob([x, y, long], [1.0; 3])),
        Err(Error::BadAxes(AxesFault::NotUnit { axis: 2 }))
    );
    let tilted = v(0.0, 0.6, 0.8);
    assert_eq!(
        classify_sphere_obb3(&s, &ob([x, y, tilted], [1.0; 3])),
        Err(Error::BadAxes(AxesFault::NotOrthogonal { axes: [1, 2] }))
    );
    assert_eq!(
        Obb3::try_new(o, [x, x, z], [1.0; 3]),
        Err(Error::BadAxes(AxesFault::NotOrthogonal { axes: [0, 1] }))
    );
    // NaN, infinity, negative half extent, negative radius: named.
    assert_eq!(
        classify_sphere_obb3(&s, &ob([x, v(0.0, f64::NAN, 0.0), z], [1.0; 3])),
        Err(Error::NotFinite(Quantity::Axes))
    );
    assert_eq!(
        distance_squared_point_obb3(&v(f64::INFINITY, 0.0, 0.0), &ob([x, y, z], [1.0; 3])),
        Err(Error::NotFinite(Quantity::Point))
    );
    assert_eq!(
        classify_sphere_obb3(&s, &ob([x, y, z], [1.0, -1.0, 1.0])),
        Err(Error::Negative(Quantity::HalfExtents))
    );
    assert_eq!(
        classify_sphere_obb3(&Sphere::new(o, -1.0), &ob([x, y, z], [1.0; 3])),
        Err(Error::Negative(Quantity::Radius))
    );
    // Axes from f32 rotations, converted to f64 and to fixed point, are
    // accepted; the third axis is the cross product.
    let (c, sn) = (0.3f32.cos(), 0.3f32.sin());
    let (u, w) = ([c, sn, 0.0], [-sn, c, 0.0]);
    let wide = |a: [f32; 3]| v(a[0] as f64, a[1] as f64, a[2] as f64);
    assert!(Obb3::try_from_axes(o, wide(u), wide(w), [1.0; 3]).is_ok());
    let fx = |a: [f32; 3]| {
        Vec3::new(
            I16F16::from_num(a[0]),
            I16F16::from_num(a[1]),
            I16F16::from_num(a[2]),
        )
    };
    let zero = Vec3::new(I16F16::ZERO, I16F16::ZERO, I16F16::ZERO);
    assert!(Obb3::try_from_axes(zero, fx(u), fx(w), [I16F16::ONE; 3]).is_ok());
    // Quaternions: a unit one from f32, accepted; one of length 2 or with
    // a huge coordinate (no overflow on fixed point), refused.
    let h = core::f32::consts::FRAC_1_SQRT_2 as f64;
    assert!(Obb3::try_from_quaternion(o, [h, 0.0, h, 0.0], [1.0; 3]).is_ok());
    assert_eq!(
        Obb3::try_from_quaternion(o, [1.0, 1.0, 1.0, 1.0], [1.0; 3]),
        Err(Error::BadAxes(AxesFault::NotUnit { axis: 0 }))
    );
    let big = I16F16::from_num(30_000);
    assert_eq!(
        Obb3::try_from_quaternion(zero, [big, big, big, big], [I16F16::ONE; 3]),
        Err(Error::BadAxes(AxesFault::NotUnit { axis: 0 }))
    );
    assert_eq!(
        Obb3::try_from_axes(zero, Vec3::new(big, big, big), fx(w), [I16F16::ONE; 3]),
        Err(Error::BadAxes(AxesFault::NotUnit { axis: 0 }))
    );
}

/// With several faults at once, the first in the documented order is
/// named: a non-finite input (in the order point, box, radius), then an
/// inverted box or a negative half extent, then the axes, then the
/// radius. Each expectation is read off that order.
#[test]
fn the_first_fault_is_the_one_named() {
    use Quantity as Q;
    let (nan, inf) = (f32::NAN, f32::INFINITY);
    let b = Aabb2::new(Vec2::new(0.0f32, 0.0), Vec2::new(2.0, 1.0));
    let inverted = Aabb2::new(Vec2::new(2.0f32, 0.0), Vec2::new(0.0, 1.0));
    let circle = |x: f32, y: f32, r: f32| Circle::new(Vec2::new(x, y), r);
    let aabb2 = [
        (circle(0.0, nan, -1.0), b, Error::NotFinite(Q::Center)),
        (circle(inf, 0.0, inf), b, Error::NotFinite(Q::Center)),
        (circle(0.0, 0.0, nan), inverted, Error::Negative(Q::Extent)),
        (circle(0.0, 0.0, inf), b, Error::NotFinite(Q::Radius)),
        (circle(0.0, 0.0, -inf), b, Error::NotFinite(Q::Radius)),
        (circle(nan, 0.0, 1.0), inverted, Error::NotFinite(Q::Center)),
        (
            circle(0.0, 0.0, -1.0),
            Aabb2::new(Vec2::new(0.0, -inf), Vec2::new(2.0, 1.0)),
            Error::NotFinite(Q::Min),
        ),
        (
            circle(0.0, 0.0, 1.0),
            Aabb2::new(Vec2::new(2.0, 0.0), Vec2::new(0.0, nan)),
            Error::NotFinite(Q::Max),
        ),
    ];
    for (c, b, e) in aabb2 {
        assert_eq!(classify_circle_aabb2(&c, &b), Err(e), "{c:?} {b:?}");
    }
    let sphere = Sphere::new(Vec3::new(0.0, 0.0, inf), -1.0);
    let cube = Aabb3::new(Vec3::new(0.0f32, 0.0, 0.0), Vec3::new(1.0, 1.0, 1.0));
    assert_eq!(
        classify_sphere_aabb3(&sphere, &cube),
        Err(Error::NotFinite(Q::Center))
    );
    let inverted3 = Aabb3::new(Vec3::new(0.0, 0.0, 1.0), Vec3::new(1.0, 1.0, 0.0));
    assert_eq!(
        distance_squared_point_aabb3(&Vec3::new(0.0, inf, 0.0), &inverted3),
        Err(Error::NotFinite(Q::Point))
    );
    assert_eq!(
        distance_squared_point_aabb2(&Vec2::new(0.0, 0.0), &inverted),
        Err(Error::Negative(Q::Extent))
    );

    // Oriented: axes (1, 0), (0, 1) are fine, (2, 0), (0, 1) are not unit.
    let obb = |e0: f32, c: f32, ax: f32| Obb2 {
        center: Vec2::new(c, 0.0),
        axes: [Vec2::new(ax, 0.0), Vec2::new(0.0, 1.0)],
        half_extents: [e0, 1.0],
    };
    let not_unit = Error::BadAxes(AxesFault::NotUnit { axis: 0 });
    let obb2 = [
        (
            circle(nan, 0.0, 1.0),
            obb(1.0, 0.0, 2.0),
            Error::NotFinite(Q::Center),
        ),
        (circle(0.0, 0.0, -1.0), obb(1.0, 0.0, 2.0), not_unit),
        (
            circle(0.0, 0.0, 1.0),
            obb(-1.0, 0.0, 2.0),
            Error::Negative(Q::HalfExtents),
        ),
        (
            circle(0.0, 0.0, -1.0),
            obb(inf, 0.0, 1.0),
            Error::NotFinite(Q::HalfExtents),
        ),
        (
            circle(0.0, 0.0, inf),
            obb(1.0, 0.0, 1.0),
            Error::NotFinite(Q::Radius),
        ),
        (
            circle(inf, 0.0, -1.0),
            obb(1.0, 0.0, 1.0),
            Error::NotFinite(Q::Center),
        ),
        (
            circle(nan, 0.0, 1.0),
            obb(1.0, 0.0, nan),
            Error::NotFinite(Q::Center),
        ),
        (
            circle(0.0, 0.0, 1.0),
            obb(1.0, inf, 1.0),
            Error::NotFinite(Q::BoxCenter),
        ),
        (
            circle(0.0, 0.0, 1.0),
            obb(1.0, 0.0, inf),
            Error::NotFinite(Q::Axes),
        ),
        (circle(0.0, 0.0, nan), obb(1.0, 0.0, 2.0), not_unit),
    ];
    for (c, b, e) in obb2 {
        assert_eq!(classify_circle_obb2(&c, &b), Err(e), "{c:?} {b:?}");
    }
    assert_eq!(
        distance_squared_point_obb2(&Vec2::new(inf, 0.0), &obb(-1.0, 0.0, 2.0)),
        Err(Error::NotFinite(Q::Point))
    );
    let obb3 = |e0: f32, ax: f32| Obb3 {
        center: Vec3::new(0.0, 0.0, 0.0),
        axes: [
            Vec3::new(ax, 0.0, 0.0),
            Vec3::new(0.0, 1.0, 0.0),
            Vec3::new(0.0, 0.0, 1.0),
        ],
        half_extents: [e0, 1.0, 1.0],
    };
    let s = |z: f32, r: f32| Sphere::new(Vec3::new(0.0, 0.0, z), r);
    let cases3 = [
        (
            s(0.0, -1.0),
            obb3(-1.0, 2.0),
            Error::Negative(Q::HalfExtents),
        ),
        (s(0.0, -1.0), obb3(1.0, 2.0), not_unit),
        (s(nan, -1.0), obb3(-1.0, 2.0), Error::NotFinite(Q::Center)),
        (s(0.0, inf), obb3(1.0, 1.0), Error::NotFinite(Q::Radius)),
    ];
    for (sp, b, e) in cases3 {
        assert_eq!(classify_sphere_obb3(&sp, &b), Err(e), "{sp:?} {b:?}");
    }
    assert_eq!(
        distance_squared_point_obb3(&Vec3::new(0.0, 0.0, 0.0), &obb3(1.0, nan)),
        Err(Error::NotFinite(Q::Axes))
    );
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    use Quantity as Q;
    let b = aabb::<f64>(0, 0, 2, 1);
    let unit = Circle::new(Vec2::new(0.0, 0.0), 1.0);
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let c = Circle::new(Vec2::new(bad, 0.0), 1.0);
        assert_eq!(
            classify_circle_aabb2(&c, &b),
            Err(Error::NotFinite(Q::Center))
        );
        let c = Circle::new(Vec2::new(0.0, 0.0), bad);
        assert_eq!(
            classify_circle_aabb2(&c, &b),
            Err(Error::NotFinite(Q::Radius))
        );
        let nb = Aabb2::new(Vec2::new(0.0, bad), Vec2::new(1.0, 1.0));
        assert_eq!(
            overlaps_circle_aabb2(&unit, &nb),
            Err(Error::NotFinite(Q::Min))
        );
        assert_eq!(
            distance_squared_point_aabb2(&Vec2::new(bad, 0.0), &b),
            Err(Error::NotFinite(Q::Point))
        );
    }
    // An inverted box and a negative radius are errors that say so.
    let inv = Aabb2::new(Vec2::new(2.0, 0.0), Vec2::new(0.0, 1.0));
    assert_eq!(
        classify_circle_aabb2(&Circle::new(Vec2::new(1.0, 0.5), 0.5), &inv),
        Err(Error::Negative(Q::Extent))
    );
    let neg = Circle::new(Vec2::new(1.0, 0.5), -0.5);
    assert_eq!(
        classify_circle_aabb2(&neg, &b),
        Err(Error::Negative(Q::Radius))
    );
    // Fixed point answers over its whole range: a radius of 200 around
    // (10, 0) covers [0,2]×[0,1] (distance 8); a center at 20000 is 19998
    // from it.
    let big = Circle::new(
        Vec2::new(I16F16::from_num(10), I16F16::ZERO),
        I16F16::from_num(200),
    );
    let box16 = aabb::<I16F16>(0, 0, 2, 1);
    assert_eq!(
        classify_circle_aabb2(&big, &box16),
        Ok(Proximity::Overlapping)
    );
    let far = Circle::new(
        Vec2::new(I16F16::from_num(20000), I16F16::ZERO),
        I16F16::ONE,
    );
    assert_eq!(classify_circle_aabb2(&far, &box16), Ok(Proximity::Disjoint));
    // (100, 0) is 98 from the box: 9604 fits I16F16; (300, 0) is 298 from
    // it, and 88804 is beyond its range 2^15.
    let p = Vec2::new(I16F16::from_num(100), I16F16::ZERO);
    assert_eq!(
        distance_squared_point_aabb2(&p, &box16),
        Ok(I16F16::from_num(9604))
    );
    let p = Vec2::new(I16F16::from_num(300), I16F16::ZERO);
    assert_eq!(
        distance_squared_point_aabb2(&p, &box16),
        Err(Error::OutOfRange {
            quantity: Q::Distance,
            limit: 15
        })
    );
    // f32: a radius of 1e30 around a center in the box overlaps it (its
    // square would overflow f32; the decision does not).
    let huge = Circle::new(Vec2::new(0.5f32, 0.5), 1e30);
    assert_eq!(
        classify_circle_aabb2(&huge, &aabb::<f32>(0, 0, 2, 1)),
        Ok(Proximity::Overlapping)
    );
    // Oriented box with absurd axes: refused, not overflowed.
    let ob = Obb2::new(
        Vec2::new(I16F16::ZERO, I16F16::ZERO),
        [Vec2::new(I16F16::from_num(300), I16F16::ZERO); 2],
        [I16F16::ONE; 2],
    );
    let c = Circle::new(Vec2::new(I16F16::ONE, I16F16::ONE), I16F16::ONE);
    assert_eq!(
        classify_circle_obb2(&c, &ob),
        Err(Error::BadAxes(AxesFault::NotUnit { axis: 0 }))
    );
    // Axes not orthonormal: (1, 1/4) has |a|² = 17/16, exactly at the
    // tolerance (accepted, on every backend); (1, 1/2) has 5/4 (refused);
    // parallel unit axes are refused.
    let half = |x: i64, y: i64| Vec2::new(x as f64 / 4.0, y as f64 / 4.0);
    let perp_of = |a: Vec2<f64>| Vec2::new(-a.y, a.x);
    let c = Circle::new(Vec2::new(1.0, 1.0), 1.0);
    let ob = |a: Vec2<f64>, b: Vec2<f64>| Obb2::new(Vec2::new(0.0, 0.0), [a, b], [1.0; 2]);
    assert!(classify_circle_obb2(&c, &ob(half(4, 1), perp_of(half(4, 1)))).is_ok());
    assert_eq!(
        classify_circle_obb2(&c, &ob(half(4, 2), perp_of(half(4, 2)))),
        Err(Error::BadAxes(AxesFault::NotUnit { axis: 0 }))
    );
    assert_eq!(
        classify_circle_obb2(&c, &ob(half(4, 0), half(4, 0))),
        Err(Error::BadAxes(AxesFault::NotOrthogonal { axes: [0, 1] }))
    );
    let nan = Vec2::new(f64::NAN, 0.0);
    assert_eq!(
        classify_circle_obb2(&c, &ob(nan, half(0, 4))),
        Err(Error::NotFinite(Q::Axes))
    );
}

#[test]
fn validating_constructors() {
    use swept::Quantity::{Axes, BoxCenter, Center, Coordinate, Extent, HalfExtents, Max, Radius};
    let v = |x: f64, y: f64| Vec2::new(x, y);
    assert_eq!(
        Vec2::try_new(f64::NAN, 0.0),
        Err(Error::NotFinite(Coordinate))
    );
    assert_eq!(
        Circle::try_new(v(0.0, 0.0), -1.0),
        Err(Error::Negative(Radius))
    );
    assert_eq!(
        Circle::try_new(v(0.0, 0.0), f64::NAN),
        Err(Error::NotFinite(Radius))
    );
    assert_eq!(
        Circle::try_new(v(f64::INFINITY, 0.0), 1.0),
        Err(Error::NotFinite(Center))
    );
    assert!(Circle::try_new(v(0.0, 0.0), 0.0).is_ok());
    assert_eq!(
        Aabb2::try_new(v(1.0, 0.0), v(0.0, 1.0)),
        Err(Error::Negative(Extent))
    );
    assert_eq!(
        Aabb2::try_new(v(0.0, 0.0), v(f64::NAN, 1.0)),
        Err(Error::NotFinite(Max))
    );
    assert!(Aabb2::try_new(v(0.0, 0.0), v(0.0, 1.0)).is_ok());
    let b3 = |a: f64| Vec3::new(a, 0.0, 0.0);
    assert_eq!(
        Aabb3::try_new(Vec3::new(0.0, 0.0, 1.0), Vec3::new(1.0, 1.0, 0.0)),
        Err(Error::Negative(Extent))
    );
    assert_eq!(Sphere::try_new(b3(0.0), -0.5), Err(Error::Negative(Radius)));
    assert_eq!(
        Obb2::try_new(v(0.0, 0.0), [v(1.0, 0.0), v(0.0, 1.0)], [1.0, -1.0]),
        Err(Error::Negative(HalfExtents))
    );
    assert_eq!(
        Obb2::try_new(v(f64::NAN, 0.0), [v(1.0, 0.0), v(0.0, 1.0)], [1.0, 1.0]),
        Err(Error::NotFinite(BoxCenter))
    );
    assert_eq!(
        Obb2::try_new(v(0.0, 0.0), [v(1.0, 0.0), v(0.0, 2.0)], [1.0, 1.0]),
        Err(Error::BadAxes(AxesFault::NotUnit { axis: 1 }))
    );
    assert_eq!(
        Obb2::try_new(v(0.0, 0.0), [v(1.0, 0.0), v(0.6, 0.8)], [1.0, 1.0]),
        Err(Error::BadAxes(AxesFault::NotOrthogonal { axes: [0, 1] }))
    );
    assert_eq!(
        Obb2::try_from_direction(v(0.0, 0.0), v(0.0, 0.0), [1.0, 1.0]),
        Err(Error::ZeroDirection)
    );
    assert_eq!(
        Obb2::try_from_direction(v(0.0, 0.0), v(f64::INFINITY, 0.0), [1.0, 1.0]),
        Err(Error::NotFinite(Axes))
    );
    // The constructors accept what the queries accept (AXIS_TOLERANCE,
    // 1/16): a rounded trig axis on every backend, an f32 axis converted
    // to f64 or fixed point, and an exact axis a little off unit.
    let a = 0.7f64;
    assert!(Obb2::try_from_axis(v(0.0, 0.0), v(a.cos(), a.sin()), [1.0, 1.0]).is_ok());
    let fx = |x: f64| I16F16::from_num(x);
    let ax = Vec2::new(fx(a.cos()), fx(a.sin()));
    assert!(Obb2::try_from_axis(Vec2::new(fx(0.0), fx(0.0)), ax, [fx(1.0), fx(1.0)]).is_ok());
    let (c32, s32) = ((a as f32).cos(), (a as f32).sin());
    let widened = v(f64::from(c32), f64::from(s32));
    assert!(Obb2::try_from_axis(v(0.0, 0.0), widened, [1.0, 1.0]).is_ok());
    let fixed32 = Vec2::new(I32F32::from_num(c32), I32F32::from_num(s32));
    let zero32 = Vec2::new(I32F32::ZERO, I32F32::ZERO);
    assert!(Obb2::try_from_axis(zero32, fixed32, [I32F32::ONE; 2]).is_ok());
    let q = |n, d| Exact::ratio(n, d);
    let o = Vec2::new(q(0, 1), q(0, 1));
    assert!(
        Obb2::try_from_axis(o.clone(), Vec2::new(q(3, 5), q(4, 5)), [q(1, 1), q(1, 1)]).is_ok()
    );
    let near = Vec2::new(q(3, 5), q(4, 5) + q(1, 1 << 40));
    assert!(Obb2::try_from_axis(o.clone(), near, [q(1, 1), q(1, 1)]).is_ok());
    // |(3/5, 37/40)|² = 1.215625: beyond 1 + 1/16.
    let off = Vec2::new(q(3, 5), q(4, 5) + q(1, 8));
    assert_eq!(
        Obb2::try_from_axis(o, off, [q(1, 1), q(1, 1)]),
        Err(Error::BadAxes(AxesFault::NotUnit { axis: 0 }))
    );
}

#[test]
fn obb_from_direction_rounds_the_unit_axis_once() {
    // (1, 2) / √5 = (0.4472135954999579..., 0.8944271909999159...): each
    // coordinate the nearest value of the backend, checked against the
    // exact quotient on rationals: x² = 1/5 and y = 2x.
    let b = Obb2::try_from_direction(Vec2::new(0.0, 0.0), Vec2::new(1.0, 2.0), [1.0, 1.0]).unwrap();
    let [a0, a1] = b.axes;
    let exact = |x: f64| Exact::from_f64_exact(x).expect("finite");
    for (got, want_sq) in [(a0.x, Exact::ratio(1, 5)), (a0.y, Exact::ratio(4, 5))] {
        // The nearest f64 to √want_sq: its neighbours are farther.
        let g = exact(got);
        let err = |x: Exact| {
            let d = x.clone() * x - want_sq.clone();
            if d < Exact::ratio(0, 1) { -d } else { d }
        };
        let up = exact(f64::from_bits(got.to_bits() + 1));
        let down = exact(f64::from_bits(got.to_bits() - 1));
        assert!(err(g.clone()) < err(up) && err(g) < err(down), "{got}");
    }
    assert_eq!(a1, Vec2::new(-a0.y, a0.x));
    // A huge I16F16 direction: its square overflows the type, not the
    // construction.
    let big = Vec2::new(I16F16::from_num(30000), I16F16::from_num(-30000));
    let z = Vec2::new(I16F16::ZERO, I16F16::ZERO);
    let b = Obb2::try_from_direction(z, big, [I16F16::ONE; 2]).unwrap();
    let h = I16F16::from_bits(46341); // 1/√2 = 0.70710678 to 1 LSB (46340.95 / 65536)
    assert_eq!(b.axes[0], Vec2::new(h, -h));
}
