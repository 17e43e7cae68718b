//! Moving circle vs moving rectangle (seed 000): agreement of every backend
//! with the exact one, the seed listings' defects pinned by name, degenerate
//! cases.

use fixed::types::{I16F16, I32F32, I48F16};
use swept::geom::{Aabb2, Circle, Obb2, Vec2};
use swept::query::sweep_circle_rect::*;
use swept::query::{Hit, Sweep};
use swept::{Error, Quantity};
use swept_support::generate::Gen;
use swept_support::sweep_queries::{SweepAabb2, SweepAabb2Within, SweepObb2, SweepObb2Within};
use swept_support::workload::{SEED, SplitMix64};
use swept_support::{Backend, Exact, Query, Registered};
use swept_support::{N_BACKENDS, Tallies, check_all, check_biased, check_mix};

fn q(n: i64, d: i64) -> Exact {
    Exact::ratio(n, d)
}

fn v<T: Backend>(x: (i64, i64), y: (i64, i64)) -> Vec2<T> {
    Vec2::new(
        T::from_ratio(x.0, x.1).unwrap(),
        T::from_ratio(y.0, y.1).unwrap(),
    )
}

fn i<T: Backend>(n: i64) -> T {
    T::from_ratio(n, 1).unwrap()
}

/// `Q`'s workload mix (`Registered::workload`: W1, 30000 cases, every one
/// answered by every backend, fixed point over its whole range) and its
/// degenerate-biased mix (`Registered::biased`, seed `seed`, 40000 cases:
/// at most `max_refusals` refused per backend, at least `min_on_boundary`
/// with an exact contact at `t = 0` or at the limit).
fn agrees_with_exact<Q: Registered>(
    seed: u64,
    max_refusals: [u64; N_BACKENDS],
    min_on_boundary: usize,
) {
    let mut r = SplitMix64::new(SEED);
    let name = format!("{} W1", Q::NAME);
    check_mix::<Q>(&name, 30_000, [0; N_BACKENDS], || Q::workload(&mut r));
    let mut g = Gen::new(seed);
    let name = format!("{} biased", Q::NAME);
    check_biased::<Q>(&name, 40_000, max_refusals, min_on_boundary, || {
        Q::biased(&mut g)
    });
}

// The boundary floors are about a third of the counts at these seeds (190,
// 27, 2334, 1996 of 40000: a hit at 0 or at the limit). I16F16 refuses the
// few slow hits whose time exceeds its range; with a limit every backend
// answers.

#[test]
fn aabb_agrees_with_exact() {
    agrees_with_exact::<SweepAabb2>(21, [0, 0, 100, 0, 0], 60);
}

#[test]
fn obb_agrees_with_exact() {
    agrees_with_exact::<SweepObb2>(22, [0, 0, 100, 0, 0], 9);
}

#[test]
fn aabb_within_agrees_with_exact() {
    agrees_with_exact::<SweepAabb2Within>(23, [0; N_BACKENDS], 770);
}

#[test]
fn obb_within_agrees_with_exact() {
    agrees_with_exact::<SweepObb2Within>(24, [0; N_BACKENDS], 660);
}

/// A float or fixed time within the documented bound of the exact one:
/// rounded to nearest (floats: at most `u` relative, half an ulp), 1 LSB
/// (fixed point).
fn time_close<T: Backend>(got: &T, want: &Exact) -> bool {
    let err = (got.to_exact() - want.clone()).nearest_f64().abs();
    let unit = if T::REL == 0.0 {
        T::ABS
    } else {
        T::REL * want.nearest_f64().abs()
    };
    err <= unit
}

/// The query on `input` and on its exact value: the same kind, and for a
/// hit a time within the documented bound. (The two bounds on `Q`
/// fix its output at two backends: one bound cannot say both.)
#[allow(clippy::multiple_bound_locations)]
fn assert_close_with<T: Backend, Q: Query<Output<T> = Result<Sweep<T>, Error>>>(input: &Q::Input<T>)
where
    Q: Query<Output<Exact> = Result<Sweep<Exact>, Error>>,
{
    let exact = Q::try_map(input, &mut |x: &T| Some(x.to_exact())).unwrap();
    let (got, want) = (Q::run(input), Q::run(&exact));
    match (&got, &want) {
        (Ok(Sweep::Hit(g)), Ok(Sweep::Hit(w))) => {
            assert!(
                time_close(&g.time, &w.time),
                "{}: {got:?} vs exact {want:?}",
                T::NAME
            )
        }
        (Ok(Sweep::Miss), Ok(Sweep::Miss))
        | (Ok(Sweep::Overlapping { .. }), Ok(Sweep::Overlapping { .. })) => {}
        _ => panic!("{}: {got:?} vs exact {want:?}", T::NAME),
    }
}

fn assert_close<T: Backend>(input: &<SweepAabb2 as Query>::Input<T>) {
    assert_close_with::<T, SweepAabb2>(input);
}

fn assert_close_obb<T: Backend>(input: &<SweepObb2 as Query>::Input<T>) {
    assert_close_with::<T, SweepObb2>(input);
}

fn aabb<T: Backend>(x0: i64, y0: i64, x1: i64, y1: i64) -> Aabb2<T> {
    Aabb2::new(Vec2::new(i(x0), i(y0)), Vec2::new(i(x1), i(y1)))
}

fn run<T: Backend>(
    b: &Aabb2<T>,
    c: (i64, i64),
    r: (i64, i64),
    vel: ((i64, i64), (i64, i64)),
) -> Sweep<T> {
    let circle = Circle::new(Vec2::new(i(c.0), i(c.1)), T::from_ratio(r.0, r.1).unwrap());
    sweep_circle_aabb2(&circle, &v(vel.0, vel.1), b, &Vec2::zero()).unwrap()
}

type Pair = ((i64, i64), (i64, i64));

/// A hit at time `t`, point `p`, center `c`, normal `n` (each coordinate a
/// ratio, converted to the nearest value of `T`).
fn hit<T: Backend>(t: (i64, i64), p: Pair, c: Pair, n: Pair) -> Sweep<T> {
    Sweep::Hit(Hit {
        time: T::from_ratio(t.0, t.1).unwrap(),
        point: v(p.0, p.1),
        center: v(c.0, c.1),
        normal: v(n.0, n.1),
    })
}

/// Listing 14, `InRegionEdgeUnbounded`: `radius * V[1]` must be `radius *
/// V[i1]`. Box [-1,1]², C = (0,3), r = 1, V = (1,-2): the listing gives the
/// corner (1,1) at t = 1 - √5/5; the center reaches y = 2 at t = 1/2, at x =
/// 1/2, inside the top edge's span: contact (1/2, 1) at t = 1/2, the center
/// at (1/2, 2), the normal (0, 1).
fn listing14_edge_unbounded_radius_times_v1<T: Backend>() {
    let b = aabb::<T>(-1, -1, 1, 1);
    assert_eq!(
        run(&b, (0, 3), (1, 1), ((1, 1), (-2, 1))),
        hit((1, 2), ((1, 2), (1, 1)), ((1, 2), (2, 1)), ((0, 1), (1, 1)))
    );
}

/// Listing 14, `InRegionVertexUnbounded`: the `else { K2 … }` block hangs off
/// the wrong `if`. Box [-1,1]², C = (3,3), r = 1. V = (-3,-1): the center
/// crosses x = 2 at t = 1/3 (y = 8/3, above) and y = 2 at t = 1 (x = 0, in
/// the top span): top edge at (0,1), t = 1, center (0, 2), normal (0, 1).
/// V = (1,-1) moves away in x: miss.
fn listing14_vertex_unbounded_else_branch<T: Backend>() {
    let b = aabb::<T>(-1, -1, 1, 1);
    assert_eq!(
        run(&b, (3, 3), (1, 1), ((-3, 1), (-1, 1))),
        hit((1, 1), ((0, 1), (1, 1)), ((0, 1), (2, 1)), ((0, 1), (1, 1)))
    );
    assert_eq!(run(&b, (3, 3), (1, 1), ((1, 1), (-1, 1))), Sweep::Miss);
}

/// The text's Eq. 11/18 and the end rows of Tables 1–3 miss a side
/// condition. Box [(-1,-2),(1,2)], C = (4,0), r = 1, V = (-1,0): the center
/// reaches x = 2 at t = 2, at y = 0 within [-2, 2]: right edge (1, 0),
/// center (2, 0), normal (1, 0).
fn eq11_missing_side_condition<T: Backend>() {
    let b = aabb::<T>(-1, -2, 1, 2);
    assert_eq!(
        run(&b, (4, 0), (1, 1), ((-1, 1), (0, 1))),
        hit((2, 1), ((1, 1), (0, 1)), ((2, 1), (0, 1)), ((1, 1), (0, 1)))
    );
}

/// The listings' -1 for a zero radius inside: a point strictly inside the
/// rectangle is in its interior, overlapping, with itself as witness (the
/// rules of every sweep); so is a positive radius.
fn radius_zero_inside_overlaps<T: Backend>() {
    let b = aabb::<T>(-1, -1, 1, 1);
    assert_eq!(
        run(&b, (0, 0), (0, 1), ((1, 1), (0, 1))),
        Sweep::Overlapping {
            witness: Vec2::zero()
        }
    );
    assert_eq!(
        run(&b, (0, 0), (1, 2), ((1, 1), (0, 1))),
        Sweep::Overlapping {
            witness: Vec2::zero()
        }
    );
}

/// Listing 1 / every listing returns the point in the rectangle's t = 0
/// frame. Box [-1,1]² moving at (1, 0), circle at (6, 0), r = 1, at rest:
/// the gap 6 - (1 + t) closes to r = 1 at t = 4, when the box is at [3, 5]:
/// the contact point is (5, 0), not (1, 0); the circle still at (6, 0).
fn contact_point_is_in_world_frame_at_contact_time<T: Backend>() {
    let b = aabb::<T>(-1, -1, 1, 1);
    let circle = Circle::new(Vec2::new(i(6), i(0)), i(1));
    let got = sweep_circle_aabb2(&circle, &Vec2::zero(), &b, &v((1, 1), (0, 1))).unwrap();
    assert_eq!(
        got,
        hit((4, 1), ((5, 1), (0, 1)), ((6, 1), (0, 1)), ((1, 1), (0, 1)))
    );
}

/// Degenerate cases, hand derived.
fn degenerate<T: Backend>() {
    let b = aabb::<T>(-1, -1, 1, 1);
    let e =
        |x: f64, y: f64, want: (f64, f64)| (x - want.0).abs() < 1e-4 && (y - want.1).abs() < 1e-4;
    // Zero relative velocity, separated: a miss.
    assert_eq!(run(&b, (5, 0), (1, 1), ((0, 1), (0, 1))), Sweep::Miss);
    // Touching at t = 0, center (2, 0), r = 1: moving in, a hit at 0 at
    // (1, 0) with the face normal; moving away or sliding along the face,
    // a miss (the rules of every sweep).
    assert_eq!(
        run(&b, (2, 0), (1, 1), ((-1, 1), (0, 1))),
        hit((0, 1), ((1, 1), (0, 1)), ((2, 1), (0, 1)), ((1, 1), (0, 1)))
    );
    assert_eq!(run(&b, (2, 0), (1, 1), ((1, 1), (0, 1))), Sweep::Miss);
    assert_eq!(run(&b, (2, 0), (1, 1), ((0, 1), (1, 1))), Sweep::Miss);
    // Graze along the dilated top edge line y = 2 from x = 5 moving left:
    // tangent to the arc at (1, 1) at t = 4, then sliding along the top
    // face at distance r: a miss.
    assert_eq!(run(&b, (5, 2), (1, 1), ((-1, 1), (0, 1))), Sweep::Miss);
    // Just above the graze line: a miss.
    let above = Circle::new(Vec2::new(i(5), T::from_ratio(33, 16).unwrap()), i(1));
    assert_eq!(
        sweep_circle_aabb2(&above, &v((-1, 1), (0, 1)), &b, &Vec2::zero()).unwrap(),
        Sweep::Miss
    );
    // Corner hit, 3-4-5: C = (1+3+3, 1+4+4) moving by (-3,-4) hits the arc at
    // (1,1) when the center is at (1,1) + (3,4)/5: |(6,8) - t(3,4)| = 1 at
    // t = 9/5, center (8/5, 9/5), normal (3/5, 4/5) (each rounded once).
    match run(&b, (7, 9), (1, 1), ((-3, 1), (-4, 1))) {
        Sweep::Hit(h) => {
            assert!((h.time.nearest_f64() - 1.8).abs() <= 4e-6, "{h:?}");
            assert_eq!(h.point, v((1, 1), (1, 1)));
            assert!(
                e(
                    h.center.x.nearest_f64(),
                    h.center.y.nearest_f64(),
                    (1.6, 1.8)
                ),
                "{h:?}"
            );
            assert!(
                e(
                    h.normal.x.nearest_f64(),
                    h.normal.y.nearest_f64(),
                    (0.6, 0.8)
                ),
                "{h:?}"
            );
        }
        other => panic!("{other:?}"),
    }
    // Zero extents: the box is the point (0,0); a moving point (r = 0) through
    // it: a hit at t = 2 at (0, 0), the face crossed x = 0 from the left.
    let pt = aabb::<T>(0, 0, 0, 0);
    assert_eq!(
        run(&pt, (-4, 0), (0, 1), ((2, 1), (0, 1))),
        hit(
            (2, 1),
            ((0, 1), (0, 1)),
            ((0, 1), (0, 1)),
            ((-1, 1), (0, 1))
        )
    );
    // A moving point exactly through the corner (1, 1) on the diagonal:
    // both face lines at once, head-on: n = -V/|V| = (1, 1)/√2, at t = 2.
    match run(&b, (3, 3), (0, 1), ((-1, 1), (-1, 1))) {
        Sweep::Hit(h) => {
            assert_eq!((h.time.clone(), h.point.clone()), (i(2), v((1, 1), (1, 1))));
            let s = core::f64::consts::FRAC_1_SQRT_2;
            assert!(
                e(h.normal.x.nearest_f64(), h.normal.y.nearest_f64(), (s, s)),
                "{h:?}"
            );
        }
        other => panic!("{other:?}"),
    }
    // A point on the boundary at t = 0: on the face x = 1 moving in, a hit
    // at 0 with the face normal; moving out, a miss; at the corner (1, 1)
    // moving into the box, a hit at 0 with n = -V/|V| = (1, 1)/√2; along
    // the face from the corner, a miss.
    assert_eq!(
        run(&b, (1, 0), (0, 1), ((-1, 1), (0, 1))),
        hit((0, 1), ((1, 1), (0, 1)), ((1, 1), (0, 1)), ((1, 1), (0, 1)))
    );
    assert_eq!(run(&b, (1, 0), (0, 1), ((1, 1), (0, 1))), Sweep::Miss);
    match run(&b, (1, 1), (0, 1), ((-1, 1), (-1, 1))) {
        Sweep::Hit(h) => {
            assert_eq!(
                (h.point.clone(), h.center.clone()),
                (v((1, 1), (1, 1)), v((1, 1), (1, 1)))
            );
            let s = core::f64::consts::FRAC_1_SQRT_2;
            assert!(
                e(h.normal.x.nearest_f64(), h.normal.y.nearest_f64(), (s, s)),
                "{h:?}"
            );
            assert_eq!(h.time, i(0));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(run(&b, (1, 1), (0, 1), ((-1, 1), (0, 1))), Sweep::Miss);
    // A point on a zero-size box has no interior to move into: a miss.
    assert_eq!(run(&pt, (0, 0), (0, 1), ((1, 1), (0, 1))), Sweep::Miss);
    // Negative radius: an error naming it.
    let neg = Circle::new(Vec2::zero(), T::from_ratio(-1, 1).unwrap());
    assert_eq!(
        sweep_circle_aabb2(&neg, &v((1, 1), (0, 1)), &b, &Vec2::zero()),
        Err(Error::Negative(Quantity::Radius))
    );
    // Within a frame: the t = 2 hit is outside max_time 1, inside 2.
    let c = Circle::new(Vec2::new(i(4), i(0)), i(1));
    let vel = v((-1, 1), (0, 1));
    assert_eq!(
        sweep_circle_aabb2_within(&c, &vel, &b, &Vec2::zero(), &i(1)).unwrap(),
        Sweep::Miss
    );
    assert_eq!(
        sweep_circle_aabb2_within(&c, &vel, &b, &Vec2::zero(), &i(2)).unwrap(),
        hit((2, 1), ((1, 1), (0, 1)), ((2, 1), (0, 1)), ((1, 1), (0, 1)))
    );
    // A corner hit at t = 9/5 against max_time 9/5 (exactly at the limit).
    let c = Circle::new(Vec2::new(i(7), i(9)), i(1));
    let vel = v((-3, 1), (-4, 1));
    let lim = T::from_ratio(9, 5).unwrap();
    if T::from_ratio(9, 5).unwrap().nearest_f64() == 1.8 {
        assert_eq!(
            sweep_circle_aabb2_within(&c, &vel, &b, &Vec2::zero(), &lim).unwrap(),
            hit((9, 5), ((1, 1), (1, 1)), ((8, 5), (9, 5)), ((3, 5), (4, 5)))
        );
    }
}

/// The rules of every sweep on an oriented rectangle, hand derived: the
/// box with center (1, 2), axes (0, 1) and (-1, 0), half extents 2 and 1
/// is the aligned [0, 2] x [0, 4] (exact on every backend).
fn oriented_rules<T: Backend>() {
    let b = Obb2::new(
        v::<T>((1, 1), (2, 1)),
        [v((0, 1), (1, 1)), v((-1, 1), (0, 1))],
        [i(2), i(1)],
    );
    let go = |x: i64, y: i64, r: i64, vx: i64, vy: i64| {
        let c = Circle::new(v((x, 1), (y, 1)), i(r));
        sweep_circle_obb2(&c, &v((vx, 1), (vy, 1)), &b, &Vec2::zero()).unwrap()
    };
    // Touching the face x = 2 at t = 0 (center (3, 2), r = 1): moving in,
    // a hit at 0 at (2, 2) with the face normal (1, 0); moving away or
    // sliding along the face, a miss.
    assert_eq!(
        go(3, 2, 1, -1, 0),
        hit((0, 1), ((2, 1), (2, 1)), ((3, 1), (2, 1)), ((1, 1), (0, 1)))
    );
    assert_eq!(go(3, 2, 1, 1, 0), Sweep::Miss);
    assert_eq!(go(3, 2, 1, 0, 1), Sweep::Miss);
    // A tangent graze: along y = 5 (the top face y = 4 dilated by r = 1)
    // from x = 6 moving left, tangent to the corner's arc at (2, 4), then
    // along the face at distance r: a miss.
    assert_eq!(go(6, 5, 1, -1, 0), Sweep::Miss);
    // A point (r = 0) on the face x = 2 at t = 0: moving in, a hit at 0
    // with the face normal; moving out or along, a miss; a point inside,
    // an overlap with itself as the witness.
    assert_eq!(
        go(2, 2, 0, -1, 0),
        hit((0, 1), ((2, 1), (2, 1)), ((2, 1), (2, 1)), ((1, 1), (0, 1)))
    );
    assert_eq!(go(2, 2, 0, 1, 0), Sweep::Miss);
    assert_eq!(go(2, 2, 0, 0, 1), Sweep::Miss);
    assert_eq!(
        go(1, 1, 0, 1, 0),
        Sweep::Overlapping {
            witness: v((1, 1), (1, 1))
        }
    );
}

macro_rules! on_every_backend {
    ($($name:ident),*) => {$(
        #[test]
        fn $name() {
            swept_support::each_backend!(T => super::$name::<T>());
            super::$name::<Exact>();
        }
    )*};
}

mod pinned {
    use super::Exact;
    on_every_backend!(
        listing14_edge_unbounded_radius_times_v1,
        listing14_vertex_unbounded_else_branch,
        eq11_missing_side_condition,
        radius_zero_inside_overlaps,
        contact_point_is_in_world_frame_at_contact_time,
        degenerate,
        oriented_rules
    );
}

#[test]
fn oriented_rectangle_exact() {
    // Box centered at (1, 2), axes (3/5, 4/5), (-4/5, 3/5), half extents (1, 1),
    // at rest. Circle at center + 4 axis0, r = 1, moving by -axis0: reaches
    // local x = 2 at t = 2; contact at center + axis0 = (8/5, 14/5), the
    // circle's center at center + 2 axis0 = (11/5, 18/5), the normal axis0.
    let u = Vec2::new(q(3, 5), q(4, 5));
    let b =
        Obb2::try_from_axis(Vec2::new(q(1, 1), q(2, 1)), u.clone(), [q(1, 1), q(1, 1)]).unwrap();
    let c = Circle::new(b.center.clone() + u.clone() * q(4, 1), q(1, 1));
    let got = sweep_circle_obb2(&c, &-u.clone(), &b, &Vec2::zero()).unwrap();
    assert_eq!(
        got,
        Sweep::Hit(Hit {
            time: q(2, 1),
            point: Vec2::new(q(8, 5), q(14, 5)),
            center: Vec2::new(q(11, 5), q(18, 5)),
            normal: u,
        })
    );
}

/// Fuzz find (the early exit taken before the limit was checked): a NaN
/// `max_time` is an error even where the motion alone ends the query at
/// once (the center beyond a face, moving away).
fn bad_limit_is_refused_before_the_early_exit<T: Backend>() {
    let n = |x: f64| T::nearest_from_f64(x).unwrap();
    let b = Aabb2::new(Vec2::new(n(-1.0), n(-1.0)), Vec2::new(n(1.0), n(1.0)));
    let o = Obb2::new(
        Vec2::zero(),
        [Vec2::new(n(1.0), n(0.0)), Vec2::new(n(0.0), n(1.0))],
        [n(1.0), n(1.0)],
    );
    let c = Circle::new(Vec2::new(n(5.0), n(0.0)), n(1.0));
    let away = Vec2::new(n(1.0), n(0.0));
    let nan = T::zero().quotient(T::zero());
    let want = Err(Error::NotFinite(Quantity::MaxTime));
    let got = sweep_circle_aabb2_within(&c, &away, &b, &Vec2::zero(), &nan);
    assert_eq!(got, want, "{}", T::NAME);
    let got = sweep_circle_obb2_within(&c, &away, &o, &Vec2::zero(), &nan);
    assert_eq!(got, want, "{}", T::NAME);
    // Any finite limit is answered, however large.
    let huge = n(1e30);
    let got = sweep_circle_aabb2_within(&c, &away, &b, &Vec2::zero(), &huge);
    assert_eq!(got, Ok(Sweep::Miss), "{}", T::NAME);
    // The same query with a limit in domain ends at the early exit.
    let got = sweep_circle_aabb2_within(&c, &away, &b, &Vec2::zero(), &n(1.0));
    assert_eq!(got, Ok(Sweep::Miss));
}

#[test]
fn bad_limit_is_refused_before_the_early_exit_f64() {
    bad_limit_is_refused_before_the_early_exit::<f64>();
}

#[test]
fn bad_limit_is_refused_before_the_early_exit_f32() {
    bad_limit_is_refused_before_the_early_exit::<f32>();
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let b = aabb::<f64>(-1, -1, 1, 1);
    let c = Circle::new(Vec2::new(f64::NAN, 0.0), 1.0);
    assert_eq!(
        sweep_circle_aabb2(&c, &Vec2::zero(), &b, &Vec2::zero()),
        Err(Error::NotFinite(Quantity::Center))
    );
    let c = Circle::new(Vec2::new(3.0, 0.0), 1.0);
    assert_eq!(
        sweep_circle_aabb2(&c, &Vec2::new(f64::INFINITY, 0.0), &b, &Vec2::zero()),
        Err(Error::NotFinite(Quantity::Velocity))
    );
    // Inverted box: an error naming its extent.
    let inv = aabb::<f64>(1, 1, -1, -1);
    let unit = Circle::new(Vec2::zero(), 1.0);
    assert_eq!(
        sweep_circle_aabb2(&unit, &Vec2::zero(), &inv, &Vec2::zero()),
        Err(Error::Negative(Quantity::Extent))
    );
}

/// Fixed point answers every input; only a result beyond its range is
/// refused, naming it. Box [-1,1]², radius 1, moving left: the center
/// reaches x = 2 after covering `x0 - 2`, touching (1, 0) with the normal
/// (1, 0).
#[test]
fn fixed_point_answers_its_whole_range() {
    let bq = aabb::<I32F32>(-1, -1, 1, 1);
    let left = |num: i64, den: i64| v::<I32F32>((-num, den), (0, 1));
    let hit = |t: I32F32| {
        Ok(Sweep::Hit(Hit {
            time: t,
            point: v((1, 1), (0, 1)),
            center: v((2, 1), (0, 1)),
            normal: v((1, 1), (0, 1)),
        }))
    };
    // I32F32 from 100 at speed 1 (a local value of 200, past the old
    // domain of 64): t = 98.
    let far = Circle::new(Vec2::new(i(100), i(0)), i(1));
    assert_eq!(
        sweep_circle_aabb2(&far, &left(1, 1), &bq, &Vec2::zero()),
        hit(i(98))
    );
    // From 30 at 2^-20 per unit of time: t = 28 · 2^20 (past the old
    // limit of 2^14, within the range 2^31).
    let slow = Circle::new(Vec2::new(i(30), i(0)), i(1));
    assert_eq!(
        sweep_circle_aabb2(&slow, &left(1, 1 << 20), &bq, &Vec2::zero()),
        hit(i(28 << 20))
    );
    // At one LSB per unit of time, 28 · 2^32 is beyond it: refused,
    // named, not saturated ...
    let crawl = Vec2::new(-I32F32::from_bits(1), I32F32::ZERO);
    assert_eq!(
        sweep_circle_aabb2(&slow, &crawl, &bq, &Vec2::zero()),
        Err(Error::OutOfRange {
            quantity: Quantity::Time,
            limit: 31
        })
    );
    // ... unless max_time cuts it off first (decided exactly).
    assert_eq!(
        sweep_circle_aabb2_within(&slow, &crawl, &bq, &Vec2::zero(), &i(1)),
        Ok(Sweep::Miss)
    );
    // Q16.16 on W1-sized values (refused before for degree 4): from 6 at
    // speed 1, t = 4.
    let b16 = aabb::<I16F16>(-1, -1, 1, 1);
    let c16 = Circle::new(Vec2::new(i(6), i(0)), i(1));
    assert_eq!(
        sweep_circle_aabb2(&c16, &v((-1, 1), (0, 1)), &b16, &Vec2::zero()),
        Ok(Sweep::Hit(Hit {
            time: i(4),
            point: v((1, 1), (0, 1)),
            center: v((2, 1), (0, 1)),
            normal: v((1, 1), (0, 1)),
        }))
    );
}

/// Floats decide through the exact fallback where a rounded sign is not
/// certain; the fallback aligns each dimension's inputs (lengths,
/// velocities) into integers of at most `FALLBACK_BITS`, so inputs
/// spreading further than that allows for the procedure's degree are
/// refused, not guessed (`Spread`). Box `[-5,5]²`, center `(4, 12)`, `r =
/// 5`, velocity `(4, -3)`: at `t = 1` the center `(8, 9)` is `5` from the
/// corner `(5, 5)`, `Δ = (-1, 7)` and `V × Δ = 7·4 - 3 = 25 = r|V|`: a
/// tangent graze (`q1 = 0`, a sign no filter can certify), a miss. The
/// slabs `|x| <= 10` and `|y| <= 10` are both crossed during `t` in
/// `[2/3, 3/2]`, so the path does not pass by the box, and the corner test
/// decides.
#[test]
fn float_fallback_refuses_a_group_spanning_too_many_bits() {
    let b = aabb::<f64>(-5, -5, 5, 5);
    let c = Circle::new(Vec2::new(4.0, 12.0), 5.0);
    let v = Vec2::new(4.0, -3.0);
    let graze = sweep_circle_aabb2(&c, &v, &b, &Vec2::new(0.0, 0.0));
    assert_eq!(graze, Ok(Sweep::Miss));
    // The box drifting left by ε = 2^-1000 makes V = (4 + ε, -3): q1 =
    // 25 |V|² - (25 + 7ε)² = -150ε - 24ε² < 0, a miss; velocities span
    // 1003 bits, and degree 4 needs about 4000.
    let drift = |e: f64| Vec2::new(-e, 0.0);
    assert_eq!(
        sweep_circle_aabb2(&c, &v, &b, &drift(2f64.powi(-1000))),
        Err(Error::Spread)
    );
    // A drift of 2^-200 (203 bits): decided, the miss.
    assert_eq!(
        sweep_circle_aabb2(&c, &v, &b, &drift(2f64.powi(-200))),
        Ok(Sweep::Miss)
    );
    // And to the right by 2^-200: q1 = 150ε - 24ε² > 0, the arc is
    // entered.
    assert!(matches!(
        sweep_circle_aabb2(&c, &v, &b, &drift(-(2f64.powi(-200)))),
        Ok(Sweep::Hit(_))
    ));
}

/// With no relative velocity (both bodies moving alike) every velocity
/// term is exactly 0, so floats need no fallback to decide a motion that
/// never starts, however the velocities are scaled. Corner region, not
/// touching: box `[-1,1]²`, center `(1.9, 1.9)`, `r = 1`: the gap to the
/// corner is `0.9√2 > 1`. Both velocities `(2^-150, 2^100)`.
#[test]
fn floats_decide_zero_relative_velocity_without_the_fallback() {
    let b = aabb::<f64>(-1, -1, 1, 1);
    let c = Circle::new(Vec2::new(1.9, 1.9), 1.0);
    let w = Vec2::new(2f64.powi(-150), 2f64.powi(100));
    assert_eq!(sweep_circle_aabb2(&c, &w, &b, &w), Ok(Sweep::Miss));
    // A relative velocity of 2^-150 toward the corner instead: decided
    // and built as the exact backend does, rounded to nearest.
    let v = Vec2::new(0.0, 2f64.powi(100));
    let input = (c, v, b, w);
    assert_close::<f64>(&input);
}

/// The early exit (beyond a dilated face, moving away) is taken only when
/// the face test is certain. Box `[(-1 + 2^-52, -1), (1, 1)]`, center
/// `(1.5, 1/4)`, `r = 1/2`: exactly touching at `t = 0` (the center is `r`
/// from the face `x = 1`). In doubled coordinates the rounded gap `d` is
/// `2^-52 > 0` (beyond the face line), within its error bound: the exact
/// fallback decides. Moving in, a hit at 0 at `(1, 1/4)`; moving away, a
/// miss; the same with velocities spanning 301 bits.
#[test]
fn early_exit_is_not_taken_on_an_uncertain_face_test() {
    let b = Aabb2::new(Vec2::new(-1.0 + 2f64.powi(-52), -1.0), Vec2::new(1.0, 1.0));
    let c = Circle::new(Vec2::new(1.5, 0.25), 0.5);
    let still = Vec2::new(0.0, 0.0);
    let want = Sweep::Hit(Hit {
        time: 0.0,
        point: Vec2::new(1.0, 0.25),
        center: Vec2::new(1.5, 0.25),
        normal: Vec2::new(1.0, 0.0),
    });
    let into = sweep_circle_aabb2(&c, &Vec2::new(-1.0, 0.0), &b, &still);
    assert_eq!(into, Ok(want));
    let into = Vec2::new(-1.0, 2f64.powi(-300));
    assert_eq!(sweep_circle_aabb2(&c, &into, &b, &still), Ok(want));
    let away = sweep_circle_aabb2(&c, &Vec2::new(1.0, 0.0), &b, &still);
    assert_eq!(away, Ok(Sweep::Miss));
    let away = Vec2::new(1.0, 2f64.powi(-300));
    assert_eq!(sweep_circle_aabb2(&c, &away, &b, &still), Ok(Sweep::Miss));
}

/// Floats decide the oriented rectangle on its exact local frame, not on
/// the rounded dot products. Box at the origin with axes `(3/5, 4/5)` and
/// `(-4/5, 3/5)`, half extents 1; circle at `(6/5, 8/5)`, `r = 1`, still:
/// with exact inputs the center is at `C_0 = 2` and touches the face
/// `x = 1`. Rounded to `f64` (or `f32`), `C_0 = fl(1.2)fl(0.6) +
/// fl(1.6)fl(0.8)` is `2 + 8.9e-17` (`2 + 9.5e-8`) exactly, so the circle is
/// clear of the face: no contact. The rounded dot product is exactly 2, a
/// touch, which the rounded decision used to report.
fn oriented_local_frame_is_exact<T: Backend>() {
    let b = Obb2::new(
        v::<T>((0, 1), (0, 1)),
        [v::<T>((3, 5), (4, 5)), v::<T>((-4, 5), (3, 5))],
        [i::<T>(1), i::<T>(1)],
    );
    let c = Circle::new(v::<T>((6, 5), (8, 5)), i::<T>(1));
    let still = v::<T>((0, 1), (0, 1));
    // The premise: the rounded local center is on the dilated face, the
    // exact one beyond it.
    let [a0, _] = &b.axes;
    let rounded = c.center.dot(a0);
    assert!(rounded == i::<T>(2), "{rounded:?}");
    let e = |x: &T| x.to_exact();
    let exact = e(&c.center.x) * e(&a0.x) + e(&c.center.y) * e(&a0.y);
    assert!(exact > q(2, 1), "{exact:?}");
    assert_eq!(sweep_circle_obb2(&c, &still, &b, &still), Ok(Sweep::Miss));
}

#[test]
fn oriented_local_frame_is_exact_f64() {
    oriented_local_frame_is_exact::<f64>();
}

#[test]
fn oriented_local_frame_is_exact_f32() {
    oriented_local_frame_is_exact::<f32>();
}

/// Fuzz find (sweep_circle_rect, seed 7, after floats began deciding the
/// oriented rectangle exactly): `f32`, a point (`r = 0`) at `(-0.032, 0)`
/// moving at `2.7555e-41` along x toward a tiny rectangle at the origin
/// with axes `(1.3e-44, -1.00003)` and `(-1.00003, 1.3e-44)`. The local
/// velocity along axis 0 is `2.7555e-41 · 1.3e-44`, which underflows to 0:
/// the exact decision is a contact through that face, and the time was
/// built as `0 / 0`, a NaN. Its exact construction (degree 8) on inputs
/// spanning about 150 bits needs more than `FALLBACK_BITS`: `Spread`, not
/// a NaN.
#[test]
fn oriented_face_crossed_below_rounding_is_refused_not_nan() {
    let axes = [
        Vec2::new(1.3e-44f32, -1.0000303),
        Vec2::new(-1.0000303, 1.3e-44),
    ];
    let b = Obb2::new(Vec2::new(0.0, 0.0), axes, [0.0, 3.63e-43]);
    let c = Circle::new(Vec2::new(-0.032032963f32, 0.0), 0.0);
    let hit = sweep_circle_obb2(&c, &Vec2::new(2.7555e-41, 0.0), &b, &Vec2::new(0.0, 0.0));
    assert_eq!(hit, Err(Error::Spread));
}

/// Review find: the early exit took the sign of the rounded local velocity
/// as exact, which it is not for the oriented rectangle (a dot product
/// that can underflow). A circle at `(-1.15 L, 2.165 L)` (`L = 2^-600` in
/// `f64`, `2^-90` in `f32`), radius `L`, moving at the smallest subnormal
/// along x; rectangle at the origin with axis `(-0.28, 0.96)`, half
/// extents `L`, still. Along axis 0 the local velocity is `-0.28` times the
/// smallest subnormal, rounded to 0: "beyond face 0 and not moving toward
/// it" gave `NoContact` as certain. The exact answer is a contact through
/// that face (at about `7e142` in `f64`, `8e17` in `f32`): decided and
/// built as the exact backend does.
fn underflowed_velocity_is_not_taken_as_moving_away<T: Backend>(l: T, tiny: T) {
    let t = |x: f64| T::nearest_from_f64(x).unwrap();
    let zero = Vec2::new(t(0.0), t(0.0));
    let b = Obb2::try_from_axis(
        zero.clone(),
        Vec2::new(t(-0.28), t(0.96)),
        [l.clone(), l.clone()],
    )
    .unwrap();
    let c = Circle::new(Vec2::new(t(-1.15) * l.clone(), t(2.165) * l.clone()), l);
    let input = (c, Vec2::new(tiny, t(0.0)), b, zero);
    let exact = SweepObb2::try_map(&input, &mut |x: &T| Some(x.to_exact())).unwrap();
    let want = SweepObb2::run(&exact);
    assert!(matches!(want, Ok(Sweep::Hit(_))), "{want:?}");
    assert_close_obb::<T>(&input);
}

#[test]
fn underflowed_velocity_is_not_taken_as_moving_away_f64() {
    underflowed_velocity_is_not_taken_as_moving_away(2f64.powi(-600), f64::from_bits(1));
}

#[test]
fn underflowed_velocity_is_not_taken_as_moving_away_f32() {
    underflowed_velocity_is_not_taken_as_moving_away(2f32.powi(-90), f32::from_bits(1));
}

/// Fuzz find (sweep_circle_rect, seed 11): fixed point validated the
/// axes with floored products, so axes just past the tolerance passed.
/// `I32F32` axes `(x, y)` and `(y, x)`, `x = 2^-5 + 2^-32`,
/// `y = 1 - 31·2^-32`: `xy = 2^-5 + 2^-37 - 31·2^-64`, so `a0·a1 = 2xy`
/// exceeds the tolerance `1/16` by about `2^-36`, while the floored
/// product is `2^-5` and the floored dot product exactly `1/16`.
#[test]
fn fixed_point_refuses_axes_just_past_the_tolerance() {
    let lsb = I32F32::from_bits(1);
    let x = I32F32::from_num(1) / 32 + lsb;
    let y = I32F32::ONE - lsb * 31;
    let b = Obb2::new(
        Vec2::new(I32F32::ZERO, I32F32::ZERO),
        [Vec2::new(x, y), Vec2::new(y, x)],
        [I32F32::ONE; 2],
    );
    let c = Circle::new(Vec2::new(I32F32::from_num(3), I32F32::ZERO), I32F32::ONE);
    let still = Vec2::new(I32F32::ZERO, I32F32::ZERO);
    assert_eq!(
        sweep_circle_obb2(&c, &still, &b, &still),
        Err(Error::BadAxes(swept::error::AxesFault::NotOrthogonal {
            axes: [0, 1]
        }))
    );
    // One LSB less on `x`: `2xy = 1/16 - 31·2^-36`, within.
    let x = x - lsb;
    let b = Obb2::new(b.center, [Vec2::new(x, y), Vec2::new(y, x)], b.half_extents);
    assert!(sweep_circle_obb2(&c, &still, &b, &still).is_ok());
}

/// Fuzz find (sweep_circle_rect, CI seed): a point rectangle at the origin
/// touched at t = 0 by a circle moving away from it at a corner (q0 < 0).
/// Every backend answers exactly (a miss: touching while moving away); the
/// harness's old time tolerance divided by `q0 + √q1`, exactly 0 here and
/// negative once rounded, and so counted the exact answer as in-band.
#[test]
fn touch_at_zero_moving_away_from_a_point_rectangle_agrees() {
    let r = 67372036.01568627;
    let input = (
        Circle::new(Vec2::new(0.0, r), r),
        Vec2::new(r, 4.031433583237231),
        Aabb2::new(Vec2::new(0.0, 0.0), Vec2::new(0.0, 0.0)),
        Vec2::new(0.0, 0.0),
    );
    let exact = SweepAabb2::try_map(&input, &mut |v: &f64| {
        Some(Exact::from_f64_exact(*v).unwrap())
    });
    let exact = exact.expect("finite input");
    assert_eq!(
        sweep_circle_aabb2(&input.0, &input.1, &input.2, &input.3),
        Ok(Sweep::Miss)
    );
    let mut t: Tallies = Default::default();
    check_all::<SweepAabb2>(&exact, &mut t).unwrap();
    assert_eq!(t[1].agree, 1, "{:?}", t[1]);
}

/// Fixed point, aligned rectangle: `_within` decides the limit exactly at
/// corners too (the test is of degree 6 with the limit; floored products
/// passed contacts just after it and dropped some just before). Corner
/// contacts with the limit set to the exact time's nearest values, one LSB
/// either side included; the exact backend decides on the same values.
fn corner_limit_is_exact<T: Backend>(scale: f64, seed: u64) -> usize {
    let mut r = SplitMix64::new(seed);
    let mut u = || (r.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    let t = |x: f64| T::nearest_from_f64(x).unwrap();
    let (mut corners, mut checked) = (0, 0);
    while corners < 300 {
        let b = Aabb2::new(
            Vec2::new(t(-scale), t(-scale)),
            Vec2::new(t(scale), t(scale)),
        );
        let rad = t(u() * 0.5 * scale);
        let c = Circle::new(
            Vec2::new(t((1.5 + u()) * scale), t((1.5 + u()) * scale)),
            rad,
        );
        let vel = Vec2::new(t(-(0.2 + u()) * scale), t(-(0.2 + u()) * scale));
        let input = (c, vel, b, Vec2::zero());
        let exact = SweepAabb2::try_map(&input, &mut |x: &T| Some(x.to_exact()));
        let (ce, ve, be, _) = exact.unwrap();
        let (c, vel, b, _) = input;
        let Ok(Sweep::Hit(Hit { time, point, .. })) =
            sweep_circle_aabb2(&ce, &ve, &be, &Vec2::zero())
        else {
            continue;
        };
        // Only corner contacts: the point is a corner of the box.
        if point.x != be.max.x || point.y != be.max.y {
            continue;
        }
        corners += 1;
        let Some(near) = T::from_exact(&time) else {
            continue;
        };
        let lsb = T::nearest_from_f64(T::ABS).unwrap();
        for limit in [near.clone() - lsb.clone(), near.clone(), near + lsb] {
            let got = sweep_circle_aabb2_within(&c, &vel, &b, &Vec2::zero(), &limit);
            let le = limit.to_exact();
            let want = sweep_circle_aabb2_within(&ce, &ve, &be, &Vec2::zero(), &le);
            match (got, want) {
                (Ok(g), Ok(w)) => assert_eq!(
                    matches!(g, Sweep::Hit(_)),
                    matches!(w, Sweep::Hit(_)),
                    "{}: limit {limit:?}, exact time {time:?}: {g:?}",
                    T::NAME
                ),
                (g, w) => panic!("{}: {g:?} vs {w:?}", T::NAME),
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn fixed_corner_limit_is_exact() {
    assert!(corner_limit_is_exact::<I32F32>(4.0, 21) >= 900);
    assert!(corner_limit_is_exact::<I48F16>(30.0, 22) >= 900);
    assert!(corner_limit_is_exact::<I16F16>(0.25, 23) >= 900);
}

/// Review find: fixed point, oriented rectangle, a relative velocity of a
/// few LSBs whose local components both round to 0; the fallback decided
/// a corner contact (exactly: at t ≈ 6077), and the time was built from
/// `v = 0` as 0. Now it is built from the exact values: within 1 LSB.
fn slow_oriented_corner_is_built_exactly<T: Backend>() {
    let t = |x: f64| T::nearest_from_f64(x).unwrap();
    let lsb = T::nearest_from_f64(T::ABS).unwrap();
    let axes = [Vec2::new(t(0.96), t(0.28)), Vec2::new(t(-0.28), t(0.96))];
    let b = Obb2::new(Vec2::zero(), axes, [t(1.0), t(1.0)]);
    let c = Circle::new(Vec2::new(t(-1.02), t(-1.86)), t(0.5));
    let cv = Vec2::new(lsb.clone(), lsb.clone() + lsb);
    let input = (c, cv, b, Vec2::zero());
    let exact = SweepObb2::try_map(&input, &mut |x: &T| Some(x.to_exact())).unwrap();
    let Ok(Sweep::Hit(Hit { time, .. })) = SweepObb2::run(&exact) else {
        panic!("the exact backend sees a contact");
    };
    assert!(time > Exact::ratio(6000, 1), "{time:?}");
    assert_close_obb::<T>(&input);
    let (c, cv, b, _) = input;
    let got = sweep_circle_obb2_within(&c, &cv, &b, &Vec2::zero(), &t(1.0));
    assert_eq!(got, Ok(Sweep::Miss), "{}", T::NAME);
}

#[test]
fn slow_oriented_corner_is_built_exactly_fixed() {
    slow_oriented_corner_is_built_exactly::<I48F16>();
    slow_oriented_corner_is_built_exactly::<I32F32>();
}

/// Review find: at a speed of one LSB per axis, `q2` floored to 0 and the
/// rounded domain-limit test refused an in-domain corner contact (t ≈
/// 9597.5 < 2^22); built from those values the time would have been 16384.
/// Built from the exact values it is within 1 LSB.
#[test]
fn slow_aligned_corner_is_accurate() {
    let t = |x: f64| I48F16::from_num(x);
    let lsb = I48F16::from_bits(1);
    let b = Aabb2::new(Vec2::new(t(-1.0), t(-1.0)), Vec2::new(t(1.0), t(1.0)));
    let c = Circle::new(Vec2::new(t(1.5), t(1.5)), t(0.5));
    let cv = Vec2::new(-lsb, -lsb);
    // Exactly: toward the corner (1, 1) from distance √2/2 at speed √2
    // LSBs, contact at distance 1/2: t = 65536 (1/2 - √2/4) ≈ 9597.5.
    let want = 65536.0 * (0.5 - 2f64.sqrt() / 4.0);
    match sweep_circle_aabb2(&c, &cv, &b, &Vec2::zero()) {
        Ok(Sweep::Hit(Hit { time, .. })) => {
            let lsb = 1.0 / 65536.0;
            assert!(
                (time.to_num::<f64>() - want).abs() <= lsb,
                "{time} vs {want}"
            );
        }
        other => panic!("{other:?}"),
    }
}

/// Issue 15's defect: on `FixedI32<U0>` (integers only) the contact point
/// of box `[-1,1]²`, circle `(4, 0)` r 1 moving `(-1, 0)` came out `(0, 0)`:
/// a construction that failed (`from_ratio` of a value with no integer
/// bits to spare) was replaced by zero. The exact answer, `t = 2` at
/// `(1, 0)`, is an integer and must be returned as it is; a value the type
/// cannot hold is an error that names it, never a made-up number.
#[test]
fn fixed_i32_u0_contact_point_is_not_made_up() {
    type U0 = fixed::FixedI32<fixed::types::extra::U0>;
    let n = |x: i32| U0::from_num(x);
    let rect = Aabb2::new(Vec2::new(n(-1), n(-1)), Vec2::new(n(1), n(1)));
    let c = Circle::new(Vec2::new(n(4), n(0)), n(1));
    let still = Vec2::new(n(0), n(0));
    assert_eq!(
        sweep_circle_aabb2(&c, &Vec2::new(n(-1), n(0)), &rect, &still),
        Ok(Sweep::Hit(Hit {
            time: n(2),
            point: Vec2::new(n(1), n(0)),
            center: Vec2::new(n(2), n(0)),
            normal: Vec2::new(n(1), n(0)),
        }))
    );
    // The same approach at an angle to the corner (1, 1): the point is the
    // corner itself, t = (|D|² - 1) / (q0 + √q1) with D = (3, 2), V = (-1,
    // -1): q0 = 5, q1 = 2 - 1 = 1, t = 12 / 6 = 2; the center (2, 1), the
    // normal (D + t V) / r = (1, 0).
    let c = Circle::new(Vec2::new(n(4), n(3)), n(1));
    assert_eq!(
        sweep_circle_aabb2(&c, &Vec2::new(n(-1), n(-1)), &rect, &still),
        Ok(Sweep::Hit(Hit {
            time: n(2),
            point: Vec2::new(n(1), n(1)),
            center: Vec2::new(n(2), n(1)),
            normal: Vec2::new(n(1), n(0)),
        }))
    );
}

/// W5 (benches/WORKLOAD.md): circles on the grids people type against a
/// 2 x 2 box, where a hit's values are often exact (a corner at a zero
/// coordinate, a normal along an axis, a time of few bits) or cancel far
/// below their terms: every backend agrees with the exact answer on the
/// first 3,000 queries, and a fifth of them or more hit.
#[test]
fn grid_inputs_agree_with_exact() {
    use swept_support::sweep_queries::compare_sweep;
    use swept_support::workload::{W5, w5, w5_in};
    fn on<T: Backend>(draws: &[W5]) -> usize {
        let mut hits = 0;
        for (k, w) in draws.iter().enumerate() {
            let q = w5_in::<T>(w).expect("W5 converts");
            let got = sweep_circle_aabb2(&q.circle, &q.circle_velocity, &q.aabb, &q.rect_velocity);
            let x = |v: &T| v.to_exact();
            let e = |a: &Vec2<T>| Vec2::new(x(&a.x), x(&a.y));
            let exact = sweep_circle_aabb2(
                &Circle::new(e(&q.circle.center), x(&q.circle.radius)),
                &e(&q.circle_velocity),
                &Aabb2::new(e(&q.aabb.min), e(&q.aabb.max)),
                &e(&q.rect_velocity),
            );
            if let Err(why) = compare_sweep(&exact, &got) {
                panic!("{} W5 query {k} ({w:?}): {why}", T::NAME);
            }
            hits += usize::from(matches!(got, Ok(Sweep::Hit(_))));
        }
        hits
    }
    let mut r = SplitMix64::new(SEED);
    let draws: Vec<_> = (0..3_000).map(|_| w5(&mut r)).collect();
    let hits = swept_support::each_backend!(T => on::<T>(&draws));
    assert!(hits.iter().all(|&h| h >= 300), "{hits:?}");
}
