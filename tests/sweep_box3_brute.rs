//! The brute-force exact reference for a moving sphere vs a moving box
//! (`swept_support::brute_box3`): hand-derived cases for each kind of
//! feature, and the exact checksum of W4-AABB that `shared/bench/WORKLOAD.md`
//! publishes (40805.223002065504, from an exact oracle written
//! independently of this one).

use swept::geom::{Aabb3, Obb3, Sphere, Vec3};
use swept_support::Exact;
use swept_support::brute_box3::{Brute3, brute_aabb3, brute_obb3};
use swept_support::cases::w4_aabb_exact;
use swept_support::workload::{SEED, SplitMix64};

fn q(n: i64, d: i64) -> Exact {
    Exact::ratio(n, d)
}

fn v(x: i64, y: i64, z: i64) -> Vec3<Exact> {
    Vec3::new(q(x, 1), q(y, 1), q(z, 1))
}

/// The unit cube [-1, 1]^3 at rest; a sphere of radius `r` at `c` moving by `d`.
fn cube(c: Vec3<Exact>, r: Exact, d: Vec3<Exact>) -> Brute3 {
    let b = Aabb3::new(v(-1, -1, -1), v(1, 1, 1));
    brute_aabb3(&Sphere::new(c, r), &d, &b, &v(0, 0, 0))
}

/// A hit at exactly the rational `t`.
fn hit_at(b: &Brute3, t: Exact) -> bool {
    matches!(b, Brute3::Hit(s) if s.as_rational() == Some(t.0.clone()))
}

#[test]
fn faces_edges_corners_by_hand() {
    // A face: from (5, 0, 0), r = 1, by (-1, 0, 0): the plane x = 2 at t = 3.
    assert!(hit_at(&cube(v(5, 0, 0), q(1, 1), v(-1, 0, 0)), q(3, 1)));
    // An edge: from (4, 4, 0) by (-1, -1, 0), r = 1: the edge (1, 1, z) is
    // at distance √2 (3 - t) from the center; √2 (3 - t) = 1 at t = 3 - 1/√2.
    let b = cube(v(4, 4, 0), q(1, 1), v(-1, -1, 0));
    let Brute3::Hit(t) = b else { panic!("{b:?}") };
    let want = 3.0 - core::f64::consts::FRAC_1_SQRT_2;
    assert!((t.to_f64() - want).abs() < 1e-15, "{}", t.to_f64());
    // A corner: the center (4, 5, 13) is the corner (1, 1, 1) plus (3, 4,
    // 12), at distance 13: with r = 13, touching; moving by -(3, 4, 12),
    // in: a hit at 0. From twice as far, (7, 9, 25), the distance is
    // 13 (2 - t): a hit at t = 1.
    assert!(hit_at(
        &cube(v(4, 5, 13), q(13, 1), v(-3, -4, -12)),
        q(0, 1)
    ));
    assert!(hit_at(
        &cube(v(7, 9, 25), q(13, 1), v(-3, -4, -12)),
        q(1, 1)
    ));
    // Moving away while touching: a miss; overlapping: overlapping.
    assert!(matches!(
        cube(v(2, 0, 0), q(1, 1), v(1, 0, 0)),
        Brute3::Miss
    ));
    assert!(matches!(
        cube(v(2, 0, 0), q(2, 1), v(1, 0, 0)),
        Brute3::Overlapping
    ));
    // Sliding in the plane y = 2 at z = 1 (distance 1 from the edge (x, 1,
    // 1) while |x| <= 1, more elsewhere), r = 1: no hit.
    assert!(matches!(
        cube(v(-5, 2, 1), q(1, 1), v(1, 0, 0)),
        Brute3::Miss
    ));
    // Tangent to the cylinder about the edge (1, 1, z): (8/5, 9/5, 0) is on
    // it (offset (3/5, 4/5) from the edge), and (-4, 3, 0) is tangent
    // there; the path through it from 2 steps back only grazes: a miss.
    let c = Vec3::new(q(8, 5) + q(8, 1), q(9, 5) - q(6, 1), q(0, 1));
    assert!(matches!(cube(c, q(1, 1), v(-4, 3, 0)), Brute3::Miss));
    // A point (r = 0) through the edge line (1, 1, z): a double root, a hit.
    assert!(hit_at(&cube(v(3, 3, 0), q(0, 1), v(-1, -1, 0)), q(2, 1)));
    // A point on the face x = 1 moving in: a hit at 0; moving along: a miss.
    assert!(hit_at(&cube(v(1, 0, 0), q(0, 1), v(-1, 0, 0)), q(0, 1)));
    assert!(matches!(
        cube(v(1, 0, 0), q(0, 1), v(0, 1, 0)),
        Brute3::Miss
    ));
}

#[test]
fn oriented_box_is_the_aligned_one_turned() {
    // The quarter turn about z (axes (0, 1, 0), (-1, 0, 0), (0, 0, 1))
    // with half extents (2, 1, 3) is the aligned [-1, 1] x [-2, 2] x [-3, 3].
    let o = Obb3::new(
        v(0, 0, 0),
        [v(0, 1, 0), v(-1, 0, 0), v(0, 0, 1)],
        [q(2, 1), q(1, 1), q(3, 1)],
    );
    let a = Aabb3::new(v(-1, -2, -3), v(1, 2, 3));
    let mut r = SplitMix64::new(SEED);
    for _ in 0..2_000 {
        let (s, sv, _, bv) = w4_aabb_exact(&mut r);
        let (x, y) = (brute_obb3(&s, &sv, &o, &bv), brute_aabb3(&s, &sv, &a, &bv));
        let same = match (&x, &y) {
            (Brute3::Hit(t), Brute3::Hit(u)) => t.cmp(u).is_eq(),
            (Brute3::Overlapping, Brute3::Overlapping) | (Brute3::Miss, Brute3::Miss) => true,
            _ => false,
        };
        assert!(same, "{x:?} {y:?}");
    }
}

/// W4-AABB, 1,000,000 queries: the checksum of the exact answers equals the
/// published exact one to within the rounding of the f64 sum (12,172
/// overlaps, 32,217 hits, 955,611 misses). About two and a half minutes:
/// `cargo test --release --test sweep_box3_brute -- --ignored`.
#[test]
#[ignore = "about 150 s; run with --ignored"]
fn w4_aabb_exact_checksum() {
    let mut r = SplitMix64::new(SEED);
    let (mut sum, mut counts) = (0.0, [0usize; 3]);
    for _ in 0..1_000_000 {
        let (s, sv, b, bv) = w4_aabb_exact(&mut r);
        let x = brute_aabb3(&s, &sv, &b, &bv);
        counts[match x {
            Brute3::Overlapping => 0,
            Brute3::Hit(_) => 1,
            Brute3::Miss => 2,
        }] += 1;
        sum += x.checksum_term();
    }
    println!("W4-AABB exact brute force: {counts:?} (overlap, hit, miss), checksum {sum:.11}");
    assert!((sum - 40805.223002065504).abs() < 1e-7, "{sum}");
}
