//! Moving sphere vs moving oriented box (`swept::query::sweep_sphere_box`):
//! hand-derived cases. On every backend (as in `tests/sweep_sphere_box.rs`,
//! each also checked against the brute force), a quarter turn about `z`
//! (axes exact on all): faces, an edge, a corner, a moving box, a graze,
//! an overlap witness, touching at 0. On the exact backend, rational
//! rotations (from quaternions): the answers in world coordinates from
//! the frame's, also with both bodies moving.

use swept::geom::{Obb3, Sphere, Vec3};
use swept::query::sweep_sphere_box::sweep_sphere_obb3;
use swept::query::{Hit, Sweep};
use swept_support::cases::rational_rotation;
use swept_support::hand_box3::{BoxT, Want, expect, hit_w, num, setup, vi, w, ws};
use swept_support::{Backend, Exact};

fn q(n: i64, d: i64) -> Exact {
    Exact::ratio(n, d)
}

/// The box `[-1, 1] x [-2, 2] x [-3, 3]` as an oriented box: center 0,
/// axes (0, 1, 0), (-1, 0, 0), (0, 0, 1) (a quarter turn about z), half
/// extents (2, 1, 3); exact on every backend.
fn quarter_turned<T: Backend>() -> BoxT<T> {
    BoxT::Obb(Obb3::new(
        Vec3::zero(),
        [vi(0, 1, 0), vi(-1, 0, 0), vi(0, 0, 1)],
        [num(2, 1), num(1, 1), num(3, 1)],
    ))
}

/// The rules on an oriented box.
fn oriented<T: Backend>() {
    // The top face z = 3: from (0, 0, 6), r = 1, by (0, 0, -1): t = 2, the
    // contact (0, 0, 3), the normal (0, 0, 1).
    let s = setup::<T>(quarter_turned(), ([0, 0, 6], 1), (1, 1), ([0, 0, -1], 1));
    expect(
        "obb face z",
        &s,
        hit_w(
            w(2, 1),
            ws([0, 0, 3], 1),
            ws([0, 0, 4], 1),
            ws([0, 0, 1], 1),
        ),
    );
    // The face x = 1 (local axis 1, negated): from (5, 1/2, -2) by (-1, 0,
    // 0), r = 1: x = 2 at t = 3; the contact (1, 1/2, -2) (|y| <= 2, |z| <=
    // 3), the normal (1, 0, 0).
    let s = setup::<T>(quarter_turned(), ([10, 1, -4], 2), (1, 1), ([-1, 0, 0], 1));
    expect(
        "obb face x",
        &s,
        hit_w(
            w(3, 1),
            ws([2, 1, -4], 2),
            ws([4, 1, -4], 2),
            ws([1, 0, 0], 1),
        ),
    );
    // The edge (1, 2, z): from (7, 10, 0), r = 5, by (-3, -4, 0): the
    // offset (6, 8) - t (3, 4): t = 1, the center (4, 6, 0).
    let s = setup::<T>(quarter_turned(), ([7, 10, 0], 1), (5, 1), ([-3, -4, 0], 1));
    expect(
        "obb edge",
        &s,
        hit_w(
            w(1, 1),
            ws([1, 2, 0], 1),
            ws([4, 6, 0], 1),
            [w(3, 5), w(4, 5), w(0, 1)],
        ),
    );
    // The corner (-1, 2, -3): from corner + 2 (-1, 2, -2) = (-3, 6, -7), r
    // = 3, by (1, -2, 2): t = 1.
    let s = setup::<T>(quarter_turned(), ([-3, 6, -7], 1), (3, 1), ([1, -2, 2], 1));
    expect(
        "obb corner",
        &s,
        hit_w(
            w(1, 1),
            ws([-1, 2, -3], 1),
            ws([-2, 4, -5], 1),
            ws([-1, 2, -2], 3),
        ),
    );
    // The box moving up at 1, the sphere at rest at (0, 0, 6), r = 1: the
    // face z = 3 + t meets z = 6 - 1 at t = 2, at (0, 0, 5).
    let mut s = setup::<T>(quarter_turned(), ([0, 0, 6], 1), (1, 1), ([0, 0, 0], 1));
    s.bv = vi(0, 0, 1);
    expect(
        "obb moving",
        &s,
        hit_w(
            w(2, 1),
            ws([0, 0, 5], 1),
            ws([0, 0, 6], 1),
            ws([0, 0, 1], 1),
        ),
    );
    // A graze of the cylinder about the edge (1, 2, z): (4, 6, 0) is on it
    // (offset (3, 4)), (-4, 3, 0) tangent: from (12, 0, 0). A miss.
    let s = setup::<T>(quarter_turned(), ([12, 0, 0], 1), (5, 1), ([-4, 3, 0], 1));
    expect("obb edge graze", &s, Want::Miss);
    // Overlapping: center (3/2, 5/2, 0), r = 1: the nearest point (1, 2,
    // 0) at distance² 1/2.
    let s = setup::<T>(quarter_turned(), ([3, 5, 0], 2), (1, 1), ([1, 0, 0], 1));
    expect("obb overlap", &s, Want::Overlap(ws([1, 2, 0], 1)));
    // Touching the face z = 3 at 0 (center (0, 0, 4)): in, a hit at 0;
    // sliding, a miss.
    let s = setup::<T>(quarter_turned(), ([0, 0, 4], 1), (1, 1), ([1, 1, -1], 1));
    expect(
        "obb touch, in",
        &s,
        hit_w(
            w(0, 1),
            ws([0, 0, 3], 1),
            ws([0, 0, 4], 1),
            ws([0, 0, 1], 1),
        ),
    );
    expect(
        "obb touch, sliding",
        &s.with_velocity(([1, 1, 0], 1)),
        Want::Miss,
    );
}

mod hand {
    swept_support::on_every_backend!(oriented);
}

/// Rational rotations on the exact backend: the answers in world
/// coordinates from the frame's.
#[test]
fn oriented_rational_rotations_exact() {
    // Axes of the quaternion (2, 1, 0, 0)/√5: (1, 0, 0), (0, 3/5, 4/5),
    // (0, -4/5, 3/5); and of (1, 2, 3, 4)/√30, a general rotation.
    let e = |n| q(n, 1);
    for axes in [
        rational_rotation([2, 1, 0, 0]),
        rational_rotation([1, 2, 3, 4]),
    ] {
        let [a0, a1, a2] = axes.clone();
        let o = Vec3::new(e(1), e(1), e(1));
        let b = Obb3::new(o.clone(), axes.clone(), [e(1), e(2), e(3)]);
        let at = |x: [i64; 3]| {
            o.clone() + a0.clone() * e(x[0]) + a1.clone() * e(x[1]) + a2.clone() * e(x[2])
        };
        let vec = |x: [i64; 3]| a0.clone() * e(x[0]) + a1.clone() * e(x[1]) + a2.clone() * e(x[2]);
        let zero = Vec3::zero();
        let hit = |t: i64, p: Vec3<Exact>, c: Vec3<Exact>, n: Vec3<Exact>| {
            Ok(Sweep::Hit(Hit {
                time: e(t),
                point: p,
                center: c,
                normal: n,
            }))
        };
        // Frame (0, 0, 7), r = 2, by -a2: frame z = 3 + 2 at t = 2; the
        // contact at frame (0, 0, 3), the center (0, 0, 5), the normal a2.
        let s = Sphere::new(at([0, 0, 7]), e(2));
        let got = sweep_sphere_obb3(&s, &-a2.clone(), &b, &zero);
        assert_eq!(got, hit(2, at([0, 0, 3]), at([0, 0, 5]), a2.clone()));
        // Frame (7, 10, 0), r = 5, by frame (-3, -4, 0): the edge at frame
        // (1, 2, z), t = 1; the normal frame (3, 4, 0)/5.
        let s = Sphere::new(at([7, 10, 0]), e(5));
        let got = sweep_sphere_obb3(&s, &vec([-3, -4, 0]), &b, &zero);
        let n = (a0.clone() * e(3) + a1.clone() * e(4)) * q(1, 5);
        assert_eq!(got, hit(1, at([1, 2, 0]), at([4, 6, 0]), n));
        // The same moving with the box by u = (1, -2, 1/2): the contact and
        // the center move by u t.
        let u = Vec3::new(e(1), e(-2), q(1, 2));
        let got = sweep_sphere_obb3(&s, &(vec([-3, -4, 0]) + u.clone()), &b, &u);
        let n = (a0.clone() * e(3) + a1.clone() * e(4)) * q(1, 5);
        assert_eq!(
            got,
            hit(1, at([1, 2, 0]) + u.clone(), at([4, 6, 0]) + u.clone(), n)
        );
        // Overlapping: frame (2, 3, 7/2), r = 2: the nearest frame point
        // (1, 2, 3) at distance² 1 + 1 + 1/4 < 4.
        let s = Sphere::new(at([4, 6, 7]) * q(1, 2) + o.clone() * q(1, 2), e(2));
        let got = sweep_sphere_obb3(&s, &zero, &b, &zero);
        assert_eq!(
            got,
            Ok(Sweep::Overlapping {
                witness: at([1, 2, 3])
            })
        );
    }
}
