//! The 3D cases of the golden vectors: static sphere (or point) vs oriented
//! box, and the moving sphere vs moving aligned and oriented box (with and
//! without a time limit). As for 2D: a degenerate-biased mix, the first of
//! it scaled to each fixed backend's domain edges, workload draws, and
//! cases by hand.

use super::*;
use swept::geom::Obb3;
use swept_support::biased_box3::{local_case3, place_aabb3, place_obb3};
use swept_support::cases::w4_obb3_exact;
use swept_support::cases::{biased_obb3, rational_rotation, w3_obb3_exact, w4_aabb_exact};

/// Biased draws per 3D query (the first 60 are scaled as well).
const BIASED: usize = 100;
/// Workload draws per 3D query.
const DRAWS: usize = 30;

/// The oriented box's inputs: center, three axes, three half extents.
fn obb3_refs(b: &Obb3<Exact>) -> Vec<&Exact> {
    let mut v = vec![&b.center.x, &b.center.y, &b.center.z];
    for a in &b.axes {
        v.extend([&a.x, &a.y, &a.z]);
    }
    v.extend(&b.half_extents);
    v
}

fn v3_refs(v: &Vec3<Exact>) -> [&Exact; 3] {
    [&v.x, &v.y, &v.z]
}

fn sweep_aabb3_flat(
    s: &Sphere<Exact>,
    sv: &Vec3<Exact>,
    b: &Aabb3<Exact>,
    bv: &Vec3<Exact>,
) -> Vec<Input> {
    let mut v = v3_refs(&s.center).to_vec();
    v.push(&s.radius);
    for p in [sv, &b.min, &b.max, bv] {
        v.extend(v3_refs(p));
    }
    inputs(v)
}

fn sweep_obb3_flat(
    s: &Sphere<Exact>,
    sv: &Vec3<Exact>,
    b: &Obb3<Exact>,
    bv: &Vec3<Exact>,
) -> Vec<Input> {
    let mut v = v3_refs(&s.center).to_vec();
    v.push(&s.radius);
    v.extend(v3_refs(sv));
    v.extend(obb3_refs(b));
    v.extend(v3_refs(bv));
    inputs(v)
}

/// The groups of `query`, one of the 3D queries.
pub(super) fn draw3(query: Query) -> Groups {
    match query {
        Query::SphereObb3 | Query::DistObb3 => {
            let dist = query == Query::DistObb3;
            // Axes at 7..16 (with the radius) or 6..15 (without).
            let axes = if dist { 6..15 } else { 7..16 };
            let drop_r = |mut v: Vec<Input>| {
                if dist {
                    v.remove(3);
                }
                v
            };
            let flat = |s: &Sphere<Exact>, b: &Obb3<Exact>| {
                let mut v = v3_refs(&s.center).to_vec();
                v.push(&s.radius);
                v.extend(obb3_refs(b));
                drop_r(inputs(v))
            };
            let mut groups = standard(0x601d_0031, BIASED, &STATIC_SCALES, axes, |g| {
                let (s, b) = biased_obb3(g);
                flat(&s, &b)
            });
            let mut rng = SplitMix64::new(SEED ^ 3);
            let w3 = (0..DRAWS)
                .map(|_| {
                    let (s, b) = w3_obb3_exact(&mut rng);
                    flat(&s, &b)
                })
                .collect();
            groups.push(("workload W3 draws, turned by exact rotations".into(), w3));
            // Against the unit cube: around its center, touching the face
            // x = 1, a point off the corner, inside, touching the corner
            // (1, 1, 1) from (1, 1, 3).
            let centers = [
                ins![0, 0, 0, 1],
                ins![3, 0, 0, 2],
                ins![2, 2, 2, 0],
                ins![(1, 2), 0, (1, 3), 1],
                ins![1, 1, 3, 2],
            ];
            let hand = every_center_with_every_box(&centers, obb3s_by_hand(), drop_r);
            groups.push((
                "by hand: exact axes, zero sizes, refused axes, limits".into(),
                hand,
            ));
            groups
        }
        Query::SweepAabb3 | Query::SweepAabb3Within => {
            let mut groups = standard(0x601d_0032, BIASED, &SWEEP_SCALES, 0..0, |g| {
                let l = local_case3(g);
                let (s, sv, b, bv) = place_aabb3(g, &l);
                sweep_aabb3_flat(&s, &sv, &b, &bv)
            });
            let mut rng = SplitMix64::new(SEED ^ 4);
            let w4s = (0..DRAWS)
                .map(|_| {
                    let (s, sv, b, bv) = w4_aabb_exact(&mut rng);
                    sweep_aabb3_flat(&s, &sv, &b, &bv)
                })
                .collect();
            groups.push(("workload W4 draws".into(), w4s));
            groups.push((
                "by hand: face, edge, corner, grazes, points, touching at 0, refusals".into(),
                sweep_aabb3_by_hand(),
            ));
            if query == Query::SweepAabb3Within {
                with_limits(groups, Query::SweepAabb3)
            } else {
                groups
            }
        }
        _ => {
            // Axes at 10..19.
            let mut groups = standard(0x601d_0033, BIASED, &SWEEP_SCALES, 10..19, |g| {
                let l = local_case3(g);
                let (s, sv, b, bv) = place_obb3(g, &l);
                sweep_obb3_flat(&s, &sv, &b, &bv)
            });
            let mut rng = SplitMix64::new(SEED ^ 5);
            let w4s = (0..DRAWS)
                .map(|_| {
                    let (s, sv, b, bv) = w4_obb3_exact(&mut rng);
                    sweep_obb3_flat(&s, &sv, &b, &bv)
                })
                .collect();
            groups.push((
                "workload W4 draws (exactly orthonormal axes near W4's)".into(),
                w4s,
            ));
            let mut hand = Vec::new();
            for v in sweep_aabb3_by_hand() {
                hand.push(aabb3_case_as_obb3(&v, [1, 0, 0, 0]));
                hand.push(aabb3_case_as_obb3(&v, [2, 1, 1, 1]));
            }
            groups.push((
                "by hand: the aligned cases, axis-aligned and turned by q = (2, 1, 1, 1)".into(),
                hand,
            ));
            if query == Query::SweepObb3Within {
                with_limits(groups, Query::SweepObb3)
            } else {
                groups
            }
        }
    }
}

/// Oriented boxes by hand (`ox oy oz`, three axes, `e0 e1 e2`).
fn obb3s_by_hand() -> Vec<Vec<Input>> {
    let id = ins![1, 0, 0, 0, 1, 0, 0, 0, 1];
    // The rotation by q = (2, 1, 1, 1): entries over 7.
    let turned = ins![
        (5, 7),
        (6, 7),
        (-2, 7),
        (-2, 7),
        (5, 7),
        (6, 7),
        (6, 7),
        (-2, 7),
        (5, 7)
    ];
    let with = |c: Vec<Input>, axes: &Vec<Input>, e: Vec<Input>| {
        let mut v = c;
        v.extend(axes);
        v.extend(e);
        v
    };
    vec![
        with(ins![0, 0, 0], &id, ins![1, 1, 1]),
        with(ins![0, 0, 0], &turned, ins![1, 1, 1]),
        with(ins![1, 1, 1], &id, ins![0, 0, 0]), // a point
        with(ins![0, 0, 0], &turned, ins![2, 0, 0]), // a segment
        with(
            ins![0, 0, 0],
            &ins![0, 1, 0, 1, 0, 0, 0, 0, 1],
            ins![1, 2, 1],
        ), // left-handed
        with(
            ins![0, 0, 0],
            &ins![2, 0, 0, 0, 2, 0, 0, 0, 2],
            ins![1, 1, 1],
        ), // axes of length 2
        with(
            ins![0, 0, 0],
            &ins![1, 0, 0, 1, 0, 0, 0, 0, 1],
            ins![1, 1, 1],
        ), // parallel axes
        with(ins![0, 0, 0], &id, ins![1, -1, 1]), // negative extent
        with(
            ins![0, 0, 0],
            &ins![NAN, 0, 0, 0, 1, 0, 0, 0, 1],
            ins![1, 1, 1],
        ),
        with(ins![4095, 0, 0], &id, ins![1, 1, 1]), // I16F16 limit 2^12: in
        with(ins![4096, 0, 0], &id, ins![1, 1, 1]), // out
    ]
}

/// Moving sphere vs moving aligned box by hand (`cx cy cz r cvx cvy cvz
/// minx miny minz maxx maxy maxz rvx rvy rvz`); the box is the cube
/// `[-1, 1]^3` unless said.
fn sweep_aabb3_by_hand() -> Vec<Vec<Input>> {
    let cube = ins![-1, -1, -1, 1, 1, 1];
    let case = |c: Vec<Input>, b: &Vec<Input>, bv: Vec<Input>| {
        let mut v = c;
        v.extend(b);
        v.extend(bv);
        v
    };
    let still = || ins![0, 0, 0];
    vec![
        // Face x = 1: the center reaches x = 2 at t = 2, point (1, 0, 0).
        case(ins![4, 0, 0, 1, -1, 0, 0], &cube, still()),
        // Edge (1, 1, z): |(3 - t, 3 - t)| - (1, 1)| = √2 (2 - t) = 1, t = 2 - 1/√2.
        case(ins![3, 3, 0, 1, -1, -1, 0], &cube, still()),
        // Corner (1, 1, 1): √3 (2 - t) = 1, t = 2 - 1/√3.
        case(ins![3, 3, 3, 1, -1, -1, -1], &cube, still()),
        // Moving away: a miss.
        case(ins![4, 0, 0, 1, 1, 0, 0], &cube, still()),
        // Sliding on the plane y = 2 of the top face: a graze, no hit.
        case(ins![4, 2, 0, 1, -1, 0, 0], &cube, still()),
        // Center (2, 2, 3) down along -z: on the planes x = 2 and y = 2 of
        // two faces, but √2 > 1 from the edge (1, 1, z) between: a miss.
        case(ins![2, 2, 3, 1, 0, 0, -1], &cube, still()),
        // Center (2, 1, 3) down along -z: its distance to the cube falls to
        // 1 at the corner (1, 1, 1), then stays 1 along the face x = 1: a
        // graze, no hit.
        case(ins![2, 1, 3, 1, 0, 0, -1], &cube, still()),
        // A point through the edge (1, 1, 0) head on: t = 2, normal -V/|V|.
        case(ins![3, 3, 0, 0, -1, -1, 0], &cube, still()),
        // A point through the corner: t = 2, normal (1, 1, 1)/√3.
        case(ins![3, 3, 3, 0, -1, -1, -1], &cube, still()),
        // A point through the face x = 1 at (1, 1/2, 0): t = 2.
        case(ins![3, (1, 2), 0, 0, -1, 0, 0], &cube, still()),
        // Overlapping at the start, at rest: witness the center itself.
        case(ins![(1, 2), 0, 0, 1, 0, 0, 0], &cube, still()),
        // A point inside: overlapping.
        case(ins![0, 0, 0, 0, 1, 1, 1], &cube, still()),
        // Touching at 0: at rest, moving away, moving in.
        case(ins![2, 0, 0, 1, 0, 0, 0], &cube, still()),
        case(ins![2, 0, 0, 1, 1, 0, 0], &cube, still()),
        case(ins![2, 0, 0, 1, -1, 0, 0], &cube, still()),
        // Only the box moves: t = 2.
        case(ins![4, 0, 0, 1, 0, 0, 0], &cube, ins![1, 0, 0]),
        // Equal velocities: a miss.
        case(ins![4, 0, 0, 1, 1, 0, 0], &cube, ins![1, 0, 0]),
        // A point box at the origin: |(3, 4, 0)(1 - t)| = 1, t = 4/5.
        case(
            ins![3, 4, 0, 1, -3, -4, 0],
            &ins![0, 0, 0, 0, 0, 0],
            still(),
        ),
        // A flat box (z from 0 to 0): the center reaches z = 1 at t = 1.
        case(
            ins![0, 0, 2, 1, 0, 0, -1],
            &ins![-1, -1, 0, 1, 1, 0],
            still(),
        ),
        // Non-dyadic: center (1/3, 1/3, 3), r = 1/3, down: z = 4/3 at t = 5/3.
        case(ins![(1, 3), (1, 3), 3, (1, 3), 0, 0, -1], &cube, still()),
        // Refused: negative radius, an inverted box, NaN, infinities.
        case(ins![4, 0, 0, -1, -1, 0, 0], &cube, still()),
        case(
            ins![4, 0, 0, 1, -1, 0, 0],
            &ins![1, -1, -1, -1, 1, 1],
            still(),
        ),
        case(ins![NAN, 0, 0, 1, -1, 0, 0], &cube, still()),
        case(ins![4, 0, 0, 1, INF, 0, 0], &cube, still()),
        case(ins![4, 0, 0, 1, -1, 0, 0], &cube, ins![0, 0, NINF]),
    ]
}

/// An aligned case as an oriented box turned by the rotation of the
/// integer quaternion `q4` (exactly orthonormal axes): world = R · local
/// for the centers and velocities.
fn aabb3_case_as_obb3(v: &[Input], q4: [i64; 4]) -> Vec<Input> {
    let all: Option<Vec<Exact>> = v
        .iter()
        .map(|i| match *i {
            Input::Ratio(n, d) => Some(q(n, d)),
            _ => None,
        })
        .collect();
    let Some(x) = all else {
        // A non-finite input: keep the sphere's slots, identity axes.
        let mut w = v[..7].to_vec();
        w.extend(ins![0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1]);
        w.extend_from_slice(&v[13..16]);
        return w;
    };
    let v3 = |i: usize| Vec3::new(x[i].clone(), x[i + 1].clone(), x[i + 2].clone());
    let half = q(1, 2);
    let center = (v3(7) + v3(10)) * half.clone();
    let e = (v3(10) - v3(7)) * half;
    let axes = rational_rotation(q4);
    let [a0, a1, a2] = axes.clone();
    let rot = |p: Vec3<Exact>| a0.clone() * p.x + a1.clone() * p.y + a2.clone() * p.z;
    let s = Sphere::new(rot(v3(0)), x[3].clone());
    let b = Obb3::new(rot(center), axes, [e.x, e.y, e.z]);
    sweep_obb3_flat(&s, &rot(v3(4)), &b, &rot(v3(13)))
}

/// The exact contact time of an unbounded 3D case, if it has one.
pub(super) fn exact_time3(base: Query, x: &[Exact]) -> Option<Exact> {
    let v3 = |i: usize| Vec3::new(x[i].clone(), x[i + 1].clone(), x[i + 2].clone());
    let s = Sphere::new(v3(0), x[3].clone());
    let r = if base == Query::SweepAabb3 {
        swept::query::sweep_sphere_box::sweep_sphere_aabb3(
            &s,
            &v3(4),
            &Aabb3::new(v3(7), v3(10)),
            &v3(13),
        )
    } else {
        let b = Obb3::new(
            v3(7),
            [v3(10), v3(13), v3(16)],
            [x[19].clone(), x[20].clone(), x[21].clone()],
        );
        swept::query::sweep_sphere_box::sweep_sphere_obb3(&s, &v3(4), &b, &v3(22))
    };
    match r {
        Ok(Sweep::Hit(h)) => Some(h.time),
        _ => None,
    }
}
