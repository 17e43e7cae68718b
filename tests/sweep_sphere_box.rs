//! Moving sphere vs moving aligned box (`swept::query::sweep_sphere_box`):
//! hand-derived cases, each derivation in a comment, each run on `f32`,
//! `f64`, `I16F16`, `I32F32`, `I48F16` and the exact backend (inputs
//! chosen representable on all), and each also checked against the brute
//! force on the exact conversion of its inputs (`swept_support::hand_box3`):
//! a wrong hand derivation fails as such, not as a query bug.
//!
//! The cases: faces, edges and corners of the unit cube (rational and
//! irrational times), a moving box and both bodies carried by a common
//! velocity; grazes of an edge cylinder and of a corner sphere and sliding
//! in a face plane (misses), just inside them (hits); touching at 0 moving
//! in, out, along and tangent; overlap witnesses; a zero radius through a
//! face, an edge and a corner; degenerate boxes (a plate, a segment, a
//! point); `_within` limits before, at and after the hit.
//!
//! Elsewhere: oriented boxes in `tests/sweep_sphere_box_oriented.rs`, bad
//! input in `tests/sweep_sphere_box_bad_input.rs`, the 120,000 cases
//! against the brute force in `tests/sweep_box3_brute.rs`, the properties
//! in `tests/sweep_box3_props.rs`, the backends' agreement in
//! `tests/sweep_sphere_box_agree.rs`.

use rug::Rational;
use swept::query::Sweep;
use swept_support::Backend;
use swept_support::hand_box3::{Want, aabb, cube, expect, hit_w, setup, sqrt_q, surd_w, vi, w, ws};

type Q = Rational;

/// Face hits of the unit cube.
fn faces<T: Backend>() {
    // From (5, 0, 0), r = 1, by (-1, 0, 0): the center reaches the dilated
    // face x = 1 + 1 at t = 3, at (2, 0, 0); the contact (1, 0, 0), the
    // normal (1, 0, 0).
    let s = setup::<T>(cube(), ([5, 0, 0], 1), (1, 1), ([-1, 0, 0], 1));
    let face_x = hit_w(
        w(3, 1),
        ws([1, 0, 0], 1),
        ws([2, 0, 0], 1),
        ws([1, 0, 0], 1),
    );
    expect("face x", &s, face_x.clone());
    // From (1/2, -1/4, 4), r = 1/2, by (0, 0, -2): z = 1 + 1/2 at t = (4 -
    // 3/2) / 2 = 5/4; the center stays over the face (|x|, |y| <= 1).
    let s = setup::<T>(cube(), ([2, -1, 16], 4), (1, 2), ([0, 0, -2], 1));
    expect(
        "face z",
        &s,
        hit_w(
            w(5, 4),
            ws([2, -1, 4], 4),
            ws([2, -1, 6], 4),
            ws([0, 0, 1], 1),
        ),
    );
    // Oblique: from (-6, 1/2, -1/4), r = 1, by (2, -1/4, 1/2): x = -2 at
    // t = 2, the center at (-2, 0, 3/4), over the face x = -1 (|y|, |z| <=
    // 1); before, x < -2: farther than 1.
    let s = setup::<T>(cube(), ([-24, 2, -1], 4), (1, 1), ([8, -1, 2], 4));
    expect(
        "face -x oblique",
        &s,
        hit_w(
            w(2, 1),
            ws([-4, 0, 3], 4),
            ws([-8, 0, 3], 4),
            ws([-1, 0, 0], 1),
        ),
    );
    // The box moving: the cube by (1, 0, 0), the sphere at rest at (6, 0,
    // 0), r = 1: the gap 6 - (1 + t) is 1 at t = 4, when the face is at x
    // = 5: the contact (5, 0, 0) (the box's point at time t, not at 0).
    let mut s = setup::<T>(cube(), ([6, 0, 0], 1), (1, 1), ([0, 0, 0], 1));
    s.bv = vi(1, 0, 0);
    expect(
        "moving box",
        &s,
        hit_w(
            w(4, 1),
            ws([5, 0, 0], 1),
            ws([6, 0, 0], 1),
            ws([1, 0, 0], 1),
        ),
    );
    // Both carried by u = (1/2, 1, -1) (the first case): the same time 3;
    // the center (2, 0, 0) + 3u = (7/2, 3, -3), the contact (1, 0, 0) + 3u
    // = (5/2, 3, -3).
    let s = setup::<T>(cube(), ([5, 0, 0], 1), (1, 1), ([-1, 0, 0], 1)).carried(([1, 2, -2], 2));
    expect(
        "carried",
        &s,
        hit_w(
            w(3, 1),
            ws([5, 6, -6], 2),
            ws([7, 6, -6], 2),
            ws([1, 0, 0], 1),
        ),
    );
}

/// Edge hits of the unit cube.
fn edges<T: Backend>() {
    // The edge (1, 1, z): from (7, 9, 1/2), r = 5, by (-3, -4, 0), the
    // offset from the edge is (6, 8) - t (3, 4) = (2 - t)(3, 4), of length
    // 5 (2 - t) = 5 at t = 1 (z = 1/2 in the edge's span throughout): the
    // contact (1, 1, 1/2), the center (4, 5, 1/2), the normal (3, 4, 0)/5.
    let s = setup::<T>(cube(), ([14, 18, 1], 2), (5, 1), ([-3, -4, 0], 1));
    let n = [w(3, 5), w(4, 5), w(0, 1)];
    expect(
        "edge 3-4-5",
        &s,
        hit_w(w(1, 1), ws([2, 2, 1], 2), ws([8, 10, 1], 2), n.clone()),
    );
    // The same with motion along the edge: from (7, 9, -1/2) by (-3, -4,
    // 1/2): z = -1/2 + t/2 stays in [-1, 1]: t = 1 at (4, 5, 0).
    let s = setup::<T>(cube(), ([14, 18, -1], 2), (5, 1), ([-6, -8, 1], 2));
    expect(
        "edge, moving along it",
        &s,
        hit_w(w(1, 1), ws([1, 1, 0], 1), ws([4, 5, 0], 1), n),
    );
    // The edge (x, -1, 1): from (1/4, -7, 9), r = 5, by (0, 3, -4): the
    // offset (y + 1, z - 1) = (-6, 8) + t (3, -4) = (2 - t)(-3, 4): t = 1;
    // the contact (1/4, -1, 1), the center (1/4, -4, 5), the normal (0,
    // -3, 4)/5.
    let s = setup::<T>(cube(), ([1, -28, 36], 4), (5, 1), ([0, 3, -4], 1));
    expect(
        "edge along x",
        &s,
        hit_w(
            w(1, 1),
            ws([1, -4, 4], 4),
            ws([1, -16, 20], 4),
            [w(0, 1), w(-3, 5), w(4, 5)],
        ),
    );
    // Irrational: from (4, 4, 0), r = 1, by (-1, -1, 0): the offset from
    // the edge (1, 1, z) is (3 - t)(1, 1), of length √2 (3 - t) = 1 at t =
    // 3 - 1/√2; the center (1 + 1/√2)(1, 1, 0), the normal (1, 1, 0)/√2.
    let s = setup::<T>(cube(), ([4, 4, 0], 1), (1, 1), ([-1, -1, 0], 1));
    let h = Q::from((1, 2));
    let t = surd_w(Q::from(3), Q::from(-1), h.clone());
    let c = surd_w(Q::from(1), Q::from(1), h.clone());
    let nh = sqrt_q(&h);
    expect(
        "edge irrational",
        &s,
        hit_w(
            t,
            ws([1, 1, 0], 1),
            [c.clone(), c, w(0, 1)],
            [nh.clone(), nh, w(0, 1)],
        ),
    );
}

/// Corner hits of the unit cube.
fn corners<T: Backend>() {
    // The corner (1, 1, 1): from (3, 5, 5) = corner + 2 (1, 2, 2), r = 3,
    // by -(1, 2, 2): the offset is (2 - t)(1, 2, 2), of length 3 (2 - t) =
    // 3 at t = 1 (all coordinates beyond 1: the corner's region); the
    // center (2, 3, 3), the normal (1, 2, 2)/3.
    let s = setup::<T>(cube(), ([3, 5, 5], 1), (3, 1), ([-1, -2, -2], 1));
    expect(
        "corner 1-2-2",
        &s,
        hit_w(
            w(1, 1),
            ws([1, 1, 1], 1),
            ws([2, 3, 3], 1),
            ws([1, 2, 2], 3),
        ),
    );
    // From (7, 9, 25) = corner + 2 (3, 4, 12), r = 13, by -(3, 4, 12):
    // t = 1, the center (4, 5, 13), the normal (3, 4, 12)/13.
    let s = setup::<T>(cube(), ([7, 9, 25], 1), (13, 1), ([-3, -4, -12], 1));
    expect(
        "corner 3-4-12",
        &s,
        hit_w(
            w(1, 1),
            ws([1, 1, 1], 1),
            ws([4, 5, 13], 1),
            ws([3, 4, 12], 13),
        ),
    );
    // The corner (-1, 1, -1): from corner + 2 (-1, 2, -2) = (-3, 5, -5),
    // r = 3, by (1, -2, 2): t = 1, the center (-2, 3, -3), the normal
    // (-1, 2, -2)/3.
    let s = setup::<T>(cube(), ([-3, 5, -5], 1), (3, 1), ([1, -2, 2], 1));
    expect(
        "corner (-1, 1, -1)",
        &s,
        hit_w(
            w(1, 1),
            ws([-1, 1, -1], 1),
            ws([-2, 3, -3], 1),
            ws([-1, 2, -2], 3),
        ),
    );
    // Irrational: from (4, 4, 4), r = 1, by -(1, 1, 1): the offset (3 -
    // t)(1, 1, 1) has length √3 (3 - t) = 1 at t = 3 - 1/√3; the center
    // (1 + 1/√3)(1, 1, 1), the normal (1, 1, 1)/√3.
    let s = setup::<T>(cube(), ([4, 4, 4], 1), (1, 1), ([-1, -1, -1], 1));
    let third = Q::from((1, 3));
    let t = surd_w(Q::from(3), Q::from(-1), third.clone());
    let c = surd_w(Q::from(1), Q::from(1), third.clone());
    let n = sqrt_q(&third);
    expect(
        "corner irrational",
        &s,
        hit_w(
            t,
            ws([1, 1, 1], 1),
            [c.clone(), c.clone(), c],
            [n.clone(), n.clone(), n],
        ),
    );
}

/// Tangent grazes and sliding: misses; just inside them: hits.
fn grazes<T: Backend>() {
    // The cylinder of radius 5 about the edge (1, 1, z): (4, 5, 0) is on
    // it (offset (3, 4)), in the edge's region, and (-4, 3) is tangent to
    // its cross-section there. The path from (12, -1, -1) by (-4, 3, 1/2)
    // passes (4, 5, 0) at t = 2 (z = 0 in the span); its projection across
    // the edge is the tangent line, which supports the dilated box (convex,
    // smooth there): the distance to the box never drops below 5. A miss.
    let s = setup::<T>(cube(), ([24, -2, -2], 2), (5, 1), ([-8, 6, 1], 2));
    expect("edge cylinder graze", &s, Want::Miss);
    // A radius 1/16 larger: the line is 5 from the edge, inside: a hit.
    expect(
        "edge cylinder, just inside",
        &s.with_radius((81, 16)),
        Want::HitAtBruteTime,
    );
    // The sphere of radius 3 about the corner (1, 1, 1): (2, 3, 3) is on it
    // (offset (1, 2, 2), in the corner's region), and (2, -2, 1) is
    // perpendicular to the offset: tangent. From (-2, 7, 1) = (2, 3, 3) -
    // 2 (2, -2, 1): the path lies in the tangent plane, which supports the
    // dilated box. A miss.
    let s = setup::<T>(cube(), ([-2, 7, 1], 1), (3, 1), ([2, -2, 1], 1));
    expect("corner sphere graze", &s, Want::Miss);
    expect(
        "corner sphere, just inside",
        &s.with_radius((49, 16)),
        Want::HitAtBruteTime,
    );
    // Sliding in the dilated face plane z = 1 + 1 across the top face:
    // at distance 1 over the face, more elsewhere. A miss.
    let s = setup::<T>(cube(), ([-5, 0, 2], 1), (1, 1), ([1, 0, 0], 1));
    expect("sliding over a face", &s, Want::Miss);
    // Sliding in the plane y = 2 diagonally, over the edges y = 1: the
    // y-gap alone is 1 = r. A miss.
    let s = setup::<T>(cube(), ([-10, 4, -6], 2), (1, 1), ([2, 0, 1], 2));
    expect("sliding diagonally in a face plane", &s, Want::Miss);
    // Along the cylinder about the edge (1, 1, z), parallel to it, at
    // distance 5 = r: touching while |z| <= 1, never closer. A miss.
    let s = setup::<T>(cube(), ([4, 5, -7], 1), (5, 1), ([0, 0, 1], 1));
    expect("sliding along an edge cylinder", &s, Want::Miss);
    // Zero velocity, apart: a miss.
    let s = setup::<T>(cube(), ([5, 0, 0], 1), (1, 1), ([0, 0, 0], 1));
    expect("at rest", &s, Want::Miss);
}

/// Touching at `t = 0`: a hit at 0 moving in, a miss otherwise.
fn touching<T: Backend>() {
    // On the face: center (2, 0, 0), r = 1.
    let s = setup::<T>(cube(), ([2, 0, 0], 1), (1, 1), ([-1, 0, 0], 1));
    expect(
        "face touch, in",
        &s,
        hit_w(
            w(0, 1),
            ws([1, 0, 0], 1),
            ws([2, 0, 0], 1),
            ws([1, 0, 0], 1),
        ),
    );
    for (how, v) in [
        ("out", [1, 0, 0]),
        ("along", [0, 1, 1]),
        ("still", [0, 0, 0]),
    ] {
        expect(
            &format!("face touch, {how}"),
            &s.with_velocity((v, 1)),
            Want::Miss,
        );
    }
    // On the edge cylinder: center (4, 5, 0) = (1, 1, 0) + (3, 4, 0), r =
    // 5; the gap g = (3, 4, 0). In: V · g < 0, for (-3, -4, 0) and for
    // (-1, 0, 0) (-3 < 0): a hit at 0, normal g / 5.
    let s = setup::<T>(cube(), ([4, 5, 0], 1), (5, 1), ([-3, -4, 0], 1));
    let at0 = hit_w(
        w(0, 1),
        ws([1, 1, 0], 1),
        ws([4, 5, 0], 1),
        [w(3, 5), w(4, 5), w(0, 1)],
    );
    expect("edge touch, in", &s, at0.clone());
    expect(
        "edge touch, in obliquely",
        &s.with_velocity(([-1, 0, 0], 1)),
        at0,
    );
    // Tangent, along the edge, out, and tangent with motion along: V · g
    // >= 0: misses.
    for (how, v) in [
        ("tangent", [4, -3, 0]),
        ("along the edge", [0, 0, 1]),
        ("out", [3, 4, 0]),
        ("tangent and along", [4, -3, -1]),
    ] {
        expect(
            &format!("edge touch, {how}"),
            &s.with_velocity((v, 1)),
            Want::Miss,
        );
    }
    // On the corner sphere: center (4, 5, 13) = (1, 1, 1) + (3, 4, 12), r
    // = 13: in by -(3, 4, 12), a hit at 0 with normal (3, 4, 12)/13;
    // tangent (4, -3, 0) (perpendicular to the gap): a miss.
    let s = setup::<T>(cube(), ([4, 5, 13], 1), (13, 1), ([-3, -4, -12], 1));
    expect(
        "corner touch, in",
        &s,
        hit_w(
            w(0, 1),
            ws([1, 1, 1], 1),
            ws([4, 5, 13], 1),
            ws([3, 4, 12], 13),
        ),
    );
    expect(
        "corner touch, tangent",
        &s.with_velocity(([4, -3, 0], 1)),
        Want::Miss,
    );
    // A point (r = 0) on the face x = 1: in, a hit at 0 with the face's
    // normal; along the face or out, a miss.
    let s = setup::<T>(cube(), ([1, 0, 0], 1), (0, 1), ([-1, 0, 0], 1));
    expect(
        "point on a face, in",
        &s,
        hit_w(
            w(0, 1),
            ws([1, 0, 0], 1),
            ws([1, 0, 0], 1),
            ws([1, 0, 0], 1),
        ),
    );
    for (how, v) in [("along", [0, 1, -1]), ("out", [1, 1, 0])] {
        expect(
            &format!("point on a face, {how}"),
            &s.with_velocity((v, 1)),
            Want::Miss,
        );
    }
    // A point on the edge (1, 1, 0): into the open box by (-1, -1, 0) (the
    // normal not pinned: the edge is met head-on); along the face y = 1 by
    // (-1, 0, 0), it stays on the boundary: a miss.
    let s = setup::<T>(cube(), ([1, 1, 0], 1), (0, 1), ([-1, -1, 0], 1));
    expect(
        "point on an edge, in",
        &s,
        Want::Hit(w(0, 1), ws([1, 1, 0], 1), ws([1, 1, 0], 1), None),
    );
    expect(
        "point on an edge, along a face",
        &s.with_velocity(([-1, 0, 0], 1)),
        Want::Miss,
    );
    // A point at the corner (1, 1, 1) into the box by -(1, 1, 1): a hit at
    // 0; the normal is (1, 1, 1)/√3 by either rule (the cone's diagonal,
    // -V/|V|).
    let s = setup::<T>(cube(), ([1, 1, 1], 1), (0, 1), ([-1, -1, -1], 1));
    let n = sqrt_q(&Q::from((1, 3)));
    expect(
        "point at a corner, in",
        &s,
        hit_w(
            w(0, 1),
            ws([1, 1, 1], 1),
            ws([1, 1, 1], 1),
            [n.clone(), n.clone(), n],
        ),
    );
}

/// Overlapping at `t = 0`: the witness is the box's point nearest the
/// center, whatever the velocity.
fn overlaps<T: Backend>() {
    // Center (1/2, 3, -5/4), r = 3: the nearest point (1/2, 1, -1), at
    // distance² 4 + 1/16 < 9.
    let s = setup::<T>(cube(), ([2, 12, -5], 4), (3, 1), ([7, -1, 2], 1));
    expect("overlap", &s, Want::Overlap(ws([2, 4, -4], 4)));
    // The center inside: the center itself.
    let s = setup::<T>(cube(), ([1, -2, 3], 4), (1, 1), ([0, 0, 0], 1));
    expect("center inside", &s, Want::Overlap(ws([1, -2, 3], 4)));
    // A point strictly inside: itself; a point on the boundary at rest is
    // not in the open box: a miss.
    let s = setup::<T>(cube(), ([1, -2, 3], 4), (0, 1), ([5, 1, 0], 1));
    expect("point inside", &s, Want::Overlap(ws([1, -2, 3], 4)));
    let s = setup::<T>(cube(), ([1, 0, 0], 1), (0, 1), ([0, 0, 0], 1));
    expect("point on the boundary at rest", &s, Want::Miss);
    // Beyond the corner (1, 1, 1) by (3, 4, 12) (distance 13), r = 14: the
    // corner.
    let s = setup::<T>(cube(), ([4, 5, 13], 1), (14, 1), ([1, 1, 1], 1));
    expect("overlap at a corner", &s, Want::Overlap(ws([1, 1, 1], 1)));
    // Beyond the edge (1, 1, z) at z = 1/2 by (3, 4, 0), r = 6: the edge
    // point (1, 1, 1/2).
    let s = setup::<T>(cube(), ([8, 10, 1], 2), (6, 1), ([-1, 0, 0], 1));
    expect("overlap at an edge", &s, Want::Overlap(ws([2, 2, 1], 2)));
}

/// A zero radius: a moving point.
fn points<T: Backend>() {
    // Through the face z = 1: from (0, 0, 5) by (0, 0, -1), t = 4 at (0, 0,
    // 1), the face's normal.
    let s = setup::<T>(cube(), ([0, 0, 5], 1), (0, 1), ([0, 0, -1], 1));
    expect(
        "point through a face",
        &s,
        hit_w(
            w(4, 1),
            ws([0, 0, 1], 1),
            ws([0, 0, 1], 1),
            ws([0, 0, 1], 1),
        ),
    );
    // Exactly through the edge (1, 1, z) at z = 1/2, across it: from (3, 3,
    // 1/2) by (-1, -1, 0), both face planes at t = 2; the normal (1, 1,
    // 0)/√2 by either rule.
    let s = setup::<T>(cube(), ([6, 6, 1], 2), (0, 1), ([-1, -1, 0], 1));
    let h = sqrt_q(&Q::from((1, 2)));
    expect(
        "point through an edge",
        &s,
        hit_w(
            w(2, 1),
            ws([2, 2, 1], 2),
            ws([2, 2, 1], 2),
            [h.clone(), h, w(0, 1)],
        ),
    );
    // Through the same edge moving along it too: from (3, 3, 0) by (-1,
    // -1, 1/4): t = 2 at (1, 1, 1/2); the normal is not pinned (the cone's
    // (1, 1, 0)/√2 and -V/|V| differ).
    let s = setup::<T>(cube(), ([12, 12, 0], 4), (0, 1), ([-4, -4, 1], 4));
    expect(
        "point through an edge, obliquely",
        &s,
        Want::Hit(w(2, 1), ws([2, 2, 1], 2), ws([2, 2, 1], 2), None),
    );
    // Exactly through the corner (1, 1, 1): from (3, 3, 3) by -(1, 1, 1):
    // t = 2, the normal (1, 1, 1)/√3 by either rule.
    let s = setup::<T>(cube(), ([3, 3, 3], 1), (0, 1), ([-1, -1, -1], 1));
    let n = sqrt_q(&Q::from((1, 3)));
    expect(
        "point through a corner",
        &s,
        hit_w(
            w(2, 1),
            ws([1, 1, 1], 1),
            ws([1, 1, 1], 1),
            [n.clone(), n.clone(), n],
        ),
    );
    // In the face plane y = 1, onto the edge (1, 1, z): from (3, 1, 0) by
    // (-1, 0, 0) the point reaches the closed box at t = 2 at (1, 1, 0),
    // crossing the face plane x = 1 (it then moves along the face y = 1):
    // a hit with the crossed face's normal (1, 0, 0).
    let s = setup::<T>(cube(), ([3, 1, 0], 1), (0, 1), ([-1, 0, 0], 1));
    expect(
        "point onto an edge along a face plane",
        &s,
        hit_w(
            w(2, 1),
            ws([1, 1, 0], 1),
            ws([1, 1, 0], 1),
            ws([1, 0, 0], 1),
        ),
    );
    // Just outside that plane, (3, 1 + 1/16, 0): it passes the box: a miss.
    let s = setup::<T>(cube(), ([48, 17, 0], 16), (0, 1), ([-1, 0, 0], 1));
    expect("point passing an edge", &s, Want::Miss);
}

/// Degenerate boxes: a zero half extent (a plate), two (a segment),
/// three (a point).
fn degenerate<T: Backend>() {
    // The plate [-1, 1]² x {0}: from (0, 0, 3), r = 1, by (0, 0, -1): z = 1
    // at t = 2, the contact (0, 0, 0), the normal (0, 0, 1).
    let plate = || aabb::<T>([-1, -1, 0], [1, 1, 0]);
    let s = setup::<T>(plate(), ([0, 0, 3], 1), (1, 1), ([0, 0, -1], 1));
    expect(
        "plate face",
        &s,
        hit_w(
            w(2, 1),
            ws([0, 0, 0], 1),
            ws([0, 0, 1], 1),
            ws([0, 0, 1], 1),
        ),
    );
    // From below, a point through it: (1/2, 1/4, -1) by (0, 0, 1): t = 1 at
    // (1/2, 1/4, 0), crossing the plane upward: the normal (0, 0, -1).
    let s = setup::<T>(plate(), ([2, 1, -4], 4), (0, 1), ([0, 0, 1], 1));
    expect(
        "point through a plate",
        &s,
        hit_w(
            w(1, 1),
            ws([2, 1, 0], 4),
            ws([2, 1, 0], 4),
            ws([0, 0, -1], 1),
        ),
    );
    // A point on the plate has no interior to move into: a miss.
    let s = setup::<T>(plate(), ([2, 1, 0], 4), (0, 1), ([0, 0, -1], 1));
    expect("point on a plate", &s, Want::Miss);
    // The plate's edge (1, y, 0): from (7, 1/2, 8), r = 5, by (-3, 0, -4):
    // the offset (6, 8) - t (3, 4): t = 1 at (4, 1/2, 4), the contact (1,
    // 1/2, 0), the normal (3, 0, 4)/5.
    let s = setup::<T>(plate(), ([14, 1, 16], 2), (5, 1), ([-3, 0, -4], 1));
    expect(
        "plate edge",
        &s,
        hit_w(
            w(1, 1),
            ws([2, 1, 0], 2),
            ws([8, 1, 8], 2),
            [w(3, 5), w(0, 1), w(4, 5)],
        ),
    );
    // The segment [-1, 1] x {0} x {0}: from (1/2, 6, 8), r = 5, by (0, -3,
    // -4): t = 1, the contact (1/2, 0, 0), the center (1/2, 3, 4).
    let seg = || aabb::<T>([-1, 0, 0], [1, 0, 0]);
    let s = setup::<T>(seg(), ([1, 12, 16], 2), (5, 1), ([0, -3, -4], 1));
    expect(
        "segment",
        &s,
        hit_w(
            w(1, 1),
            ws([1, 0, 0], 2),
            ws([1, 6, 8], 2),
            [w(0, 1), w(3, 5), w(4, 5)],
        ),
    );
    // Past its end (2, 6, 8) by (0, -3, -4): the closest approach is (2,
    // 0, 0), 1 from the end (1, 0, 0); r = 1: a graze of the end sphere, a
    // miss; r = 2: a hit on the end sphere.
    let s = setup::<T>(seg(), ([2, 6, 8], 1), (1, 1), ([0, -3, -4], 1));
    expect("segment end graze", &s, Want::Miss);
    expect(
        "segment end, inside",
        &s.with_radius((2, 1)),
        Want::HitAtBruteTime,
    );
    // The point box {0}³: from (6, 8, 24), r = 13, by -(3, 4, 12): t = 1,
    // the contact (0, 0, 0), the normal (3, 4, 12)/13.
    let pt = || aabb::<T>([0, 0, 0], [0, 0, 0]);
    let s = setup::<T>(pt(), ([6, 8, 24], 1), (13, 1), ([-3, -4, -12], 1));
    expect(
        "point box",
        &s,
        hit_w(
            w(1, 1),
            ws([0, 0, 0], 1),
            ws([3, 4, 12], 1),
            ws([3, 4, 12], 13),
        ),
    );
    // A point through the point box: from (-4, 0, 0) by (2, 0, 0), t = 2;
    // the face plane x = 0 crossed from below, = -V/|V|: (-1, 0, 0).
    let s = setup::<T>(pt(), ([-4, 0, 0], 1), (0, 1), ([2, 0, 0], 1));
    expect(
        "point through a point box",
        &s,
        hit_w(
            w(2, 1),
            ws([0, 0, 0], 1),
            ws([0, 0, 0], 1),
            ws([-1, 0, 0], 1),
        ),
    );
}

/// `_within`: the limit before, at and after the hit.
fn within_limits<T: Backend>() {
    // The face hit at t = 3 (`faces`).
    let s = setup::<T>(cube(), ([5, 0, 0], 1), (1, 1), ([-1, 0, 0], 1));
    let face_x = hit_w(
        w(3, 1),
        ws([1, 0, 0], 1),
        ws([2, 0, 0], 1),
        ws([1, 0, 0], 1),
    );
    expect("within 2 < 3", &s.within((2, 1)), Want::Miss);
    expect("within 3 = 3", &s.within((3, 1)), face_x.clone());
    expect("within 4 > 3", &s.within((4, 1)), face_x);
    // The irrational edge hit at 3 - 1/√2 = 2.2929 (`edges`): cut by 9/4,
    // kept by 37/16.
    let s = setup::<T>(cube(), ([4, 4, 0], 1), (1, 1), ([-1, -1, 0], 1));
    expect("within 9/4 < 2.29", &s.within((9, 4)), Want::Miss);
    expect(
        "within 37/16 > 2.29",
        &s.within((37, 16)),
        Want::HitAtBruteTime,
    );
    // The corner hit at t = 1 (`corners`): cut by 15/16, kept at 1.
    let s = setup::<T>(cube(), ([7, 9, 25], 1), (13, 1), ([-3, -4, -12], 1));
    expect("within 15/16 < 1", &s.within((15, 16)), Want::Miss);
    expect(
        "within 1 = 1",
        &s.within((1, 1)),
        hit_w(
            w(1, 1),
            ws([1, 1, 1], 1),
            ws([4, 5, 13], 1),
            ws([3, 4, 12], 13),
        ),
    );
    // Touching at 0 moving in: kept by the limit 0, dropped by -1 (no time
    // at all is admitted); an overlap is reported whatever the limit.
    let s = setup::<T>(cube(), ([2, 0, 0], 1), (1, 1), ([-1, 0, 0], 1));
    expect(
        "touch within 0",
        &s.within((0, 1)),
        hit_w(
            w(0, 1),
            ws([1, 0, 0], 1),
            ws([2, 0, 0], 1),
            ws([1, 0, 0], 1),
        ),
    );
    let got = s.within((-1, 1)).run();
    assert_eq!(got, Ok(Sweep::Miss), "touch within -1 ({})", T::NAME);
    let s = setup::<T>(cube(), ([1, -2, 3], 4), (1, 1), ([0, 0, 0], 1));
    for l in [(-1, 1), (0, 1), (5, 1)] {
        expect(
            &format!("overlap within {l:?}"),
            &s.within(l),
            Want::Overlap(ws([1, -2, 3], 4)),
        );
    }
}

mod hand {
    swept_support::on_every_backend!(
        faces,
        edges,
        corners,
        grazes,
        touching,
        overlaps,
        points,
        degenerate,
        within_limits
    );
}
