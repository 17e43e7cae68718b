//! Moving circle vs static segment over one frame (seed 003): the seed's
//! defects pinned by name with hand-derived exact values,
//! degenerate cases, the exact kernel against the independent brute force
//! of `swept_support::brute_segment` (≥ 10^5 cases, zero disagreements),
//! every backend against the exact one, and quickcheck properties.

use fixed::types::{I16F16, I32F32};
use quickcheck::{Arbitrary, QuickCheck, TestResult};
use rug::Rational;
use swept::geom::{Circle, Segment2, Vec2};
use swept::query::sweep_circle_segment::{Sides, sweep_circle_segment, sweep_circle_segment_sided};
use swept::query::{Hit, Sweep};
use swept::{Error, Quantity};
use swept_support::Backend;
use swept_support::Exact;
use swept_support::Registered;
use swept_support::brute_segment::{brute_sweep_segment, check_against_brute};
use swept_support::generate::Gen;
use swept_support::segment_queries::{SegmentInput, SweepSegment, segment_biased};
use swept_support::sweep_check::eps;
use swept_support::workload::{SEED, SplitMix64};
use swept_support::{N_BACKENDS, check_biased, check_mix};

type Q = Rational;

fn r<T: Backend>(n: i64, d: i64) -> T {
    T::from_ratio(n, d).unwrap()
}

fn i<T: Backend>(n: i64) -> T {
    r(n, 1)
}

fn p<T: Backend>(x: (i64, i64), y: (i64, i64)) -> Vec2<T> {
    Vec2::new(r(x.0, x.1), r(y.0, y.1))
}

fn pi<T: Backend>(x: i64, y: i64) -> Vec2<T> {
    Vec2::new(i(x), i(y))
}

fn seg<T: Backend>(a: Vec2<T>, b: Vec2<T>) -> Segment2<T> {
    Segment2::new(a, b)
}

fn run<T: Backend>(s: &Segment2<T>, c: Vec2<T>, rad: T, d: Vec2<T>) -> Sweep<T> {
    sweep_circle_segment(&Circle::new(c, rad), &d, s).unwrap()
}

/// A hit at time `t` with the center `c` at the hit, the contact point and
/// the normal.
fn hit<T: Backend>(t: T, c: Vec2<T>, contact: Vec2<T>, n: Vec2<T>) -> Sweep<T> {
    Sweep::Hit(Hit {
        time: t,
        point: contact,
        center: c,
        normal: n,
    })
}

fn overlap<T: Backend>(witness: Vec2<T>) -> Sweep<T> {
    Sweep::Overlapping { witness }
}

fn ex(b: &Sweep<Exact>) -> (Q, [Q; 2], [Q; 2], [Q; 2]) {
    match b {
        Sweep::Hit(h) => {
            let v = |p: &Vec2<Exact>| [p.x.0.clone(), p.y.0.clone()];
            (h.time.0.clone(), v(&h.center), v(&h.point), v(&h.normal))
        }
        other => panic!("expected a hit, got {other:?}"),
    }
}

// ---------------------------------------------------------------------------
// The seed's defects (module doc), one test each.

/// Segment (0,0)–(2,0), R = 1. V = 0 (the seed divides by |V|): a circle at
/// (1, 2), distance 2 > 1: no hit. Touching at (1, 1) with V = 0: sliding,
/// no hit. Parallel V (the seed divides by N̂·V = 0 or ends in the edge
/// heuristic): B_s = (-3, 0), V = (4, 0): |(-3 + 4t, 0)| = 1 at t = 1/2,
/// B_i = (-1, 0), contact P0 = (0,0), n = (-1, 0).
fn seed_divides_by_zero_velocity<T: Backend>() {
    let s = seg(pi::<T>(0, 0), pi(2, 0));
    assert_eq!(run(&s, pi(1, 2), i(1), Vec2::zero()), Sweep::Miss);
    assert_eq!(run(&s, pi(1, 1), i(1), Vec2::zero()), Sweep::Miss);
    assert_eq!(
        run(&s, pi(-3, 0), i(1), pi(4, 0)),
        hit(r(1, 2), pi(-1, 0), pi(0, 0), pi(-1, 0))
    );
    // Parallel and offset by 1/2: B_s = (-3, 1/2), V = (4, 0) hits the end
    // circle at (4t - 3)² = 3/4, t = (6 - √3)/8, B_i = (-√3/2, 1/2),
    // n = (-√3/2, 1/2).
    let b = run(&s, p((-3, 1), (1, 2)), i(1), pi(4, 0));
    let Sweep::Hit(Hit {
        time,
        center,
        point: contact,
        normal,
    }) = b
    else {
        panic!("{b:?}")
    };
    let s3 = 3f64.sqrt();
    let tol = 1e-5;
    assert!(
        (time.nearest_f64() - (6.0 - s3) / 8.0).abs() < tol,
        "{time:?}"
    );
    assert!((center.x.nearest_f64() + s3 / 2.0).abs() < tol);
    assert_eq!(contact, pi(0, 0));
    assert!((normal.x.nearest_f64() + s3 / 2.0).abs() < tol);
    assert!((normal.y.nearest_f64() - 0.5).abs() < tol);
}

/// B_s = (-1/2, 0), R = 1, V = (1, 0) against (0,0)–(2,0): distance 1/2 < 1
/// at the start: overlapping (the seed reports a hit at t = -1/2), the
/// nearest point P0 = (0, 0) the witness.
fn seed_initial_overlap<T: Backend>() {
    let s = seg(pi::<T>(0, 0), pi(2, 0));
    assert_eq!(
        run(&s, p((-1, 2), (0, 1)), i(1), pi(1, 0)),
        overlap(pi(0, 0))
    );
}

/// B_s = (1, -1), R = 1, V = (0, -1) against (0,0)–(2,0): touching (at
/// distance 1) while separating: no hit, the circle ends at (1, -2); the seed
/// reflects it there, sending it up through the segment. Moving in,
/// V = (0, 1): a hit at t = 0, B_i = (1, -1), contact (1, 0), n = (0, -1).
/// Sliding, V = (1, 0): no hit.
fn seed_touching_while_separating<T: Backend>() {
    let s = seg(pi::<T>(0, 0), pi(2, 0));
    assert_eq!(run(&s, pi(1, -1), i(1), pi(0, -1)), Sweep::Miss);
    assert_eq!(
        run(&s, pi(1, -1), i(1), pi(0, 1)),
        hit(i(0), pi(1, -1), pi(1, 0), pi(0, -1))
    );
    assert_eq!(run(&s, pi(1, -1), i(1), pi(1, 0)), Sweep::Miss);
}

/// The end circle chosen by the smaller |m|. (a) Segment (0,0)–(0,1),
/// B_s = (-3, 0), R = 2, V = (3, -1): |(-3 + 3t, -t)|² = 4 is
/// 10t² - 18t + 5 = 0, t = (9 - √31)/10 ≈ 0.3432 at P0 (E·B_i = -t < 0:
/// the exposed half), not P1 at 3/5. (b) Segment (3/2,3)–(3/2,9/4),
/// B_s = (-11/2, 4), R = 2, V = (6, 0): C0 = (-7, 1), (6t - 7)² = 3,
/// t = (7 - √3)/6 ≈ 0.8780 at P0 (the seed reports none). On the exact
/// backend: the time within 2^-200, contact P0 exactly, n = (B_i - P0)/2
/// exactly, |B_i - P0|² = 4 within 2^-200.
fn seed_cap_choice_by_smaller_m<T: Backend>() {
    let check = |s: Segment2<T>, c: Vec2<T>, d: Vec2<T>, want: f64| {
        let b = run(&s, c, i(2), d);
        let Sweep::Hit(Hit {
            time,
            point: contact,
            center,
            normal,
        }) = b
        else {
            panic!("{b:?}")
        };
        assert!(
            (time.nearest_f64() - want).abs() < 1e-5,
            "{time:?} vs {want}"
        );
        assert_eq!(contact, s.p0);
        let dn = (center.x.nearest_f64() - s.p0.x.nearest_f64()) / 2.0 - normal.x.nearest_f64();
        assert!(dn.abs() < 1e-4);
    };
    check(
        seg(pi(0, 0), pi(0, 1)),
        pi(-3, 0),
        pi(3, -1),
        (9.0 - 31f64.sqrt()) / 10.0,
    );
    check(
        seg(p((3, 2), (3, 1)), p((3, 2), (9, 4))),
        p((-11, 2), (4, 1)),
        pi(6, 0),
        (7.0 - 3f64.sqrt()) / 6.0,
    );
}

#[test]
fn seed_cap_choice_by_smaller_m_exact() {
    let s = seg(pi::<Exact>(0, 0), pi(0, 1));
    let (t, c, contact, n) = ex(&run(&s, pi(-3, 0), i(2), pi(3, -1)));
    // t = (9 - √31)/10: 10t² - 18t + 5 = 0 within 2^-200.
    let poly: Q = Q::from(10 * Q::from(&t * &t)) - Q::from(18 * t.clone()) + 5u32;
    assert!(poly.abs() < eps(), "{}", t.to_f64());
    assert!(t < (6, 10)); // not P1's 3/5
    assert_eq!(contact, [Q::new(), Q::new()]);
    assert_eq!(n, [c[0].clone() / 2, c[1].clone() / 2]);
    let s = seg(p::<Exact>((3, 2), (3, 1)), p((3, 2), (9, 4)));
    let (t, c, contact, n) = ex(&run(&s, p((-11, 2), (4, 1)), i(2), pi(6, 0)));
    // (6t - 7)² = 3 with 6t < 7.
    let d = Q::from(6 * t.clone()) - 7;
    assert!(Q::from(&d * &d) - 3 < eps() && Q::from(&d * &d) - 3 > -eps());
    assert!(d < 0);
    assert_eq!(contact, [Q::from((3, 2)), Q::from(3)]);
    let p0 = [Q::from((3, 2)), Q::from(3)];
    assert_eq!(
        n,
        [Q::from(&c[0] - &p0[0]) / 2, Q::from(&c[1] - &p0[1]) / 2]
    );
}

/// `ApplyReflection(P0B_i, …)` with a normal of length R. Segment
/// (0,0)–(16,0), R = 5, B_s = (-5, 6), V = (4, -4): |C + tV|² = 25 is
/// 32t² - 88t + 36 = 0, t = 1/2 (q0 = 44, q1 = 784 = 28²), B_i = (-3, 4),
/// exposed (E·B_i = -48 < 0); the body line y = 5 is crossed at t = 1/4
/// at x = -4, outside the span. The normal is the unit (-3/5, 4/5), not
/// the seed's B_i - P0 = (-3, 4) of length 5 (`advance` reflects about the
/// unit one: `tests/advance.rs`).
fn seed_reflection_normal_of_length_r<T: Backend>() {
    let s = seg(pi::<T>(0, 0), pi(16, 0));
    let b = run(&s, pi(-5, 6), i(5), pi(4, -4));
    let Sweep::Hit(h) = b.clone() else {
        panic!("{b:?}")
    };
    assert_eq!(h.time, r(1, 2));
    assert_eq!(h.center, pi(-3, 4));
    assert_eq!(h.point, pi(0, 0));
    // 3/5 and 4/5 rounded once (exact on the exact backend).
    assert_eq!(h.normal, p((-3, 5), (4, 5)));
}

/// The strict product test. Segment (-2,-1/2)–(-2,-5/2) (E = (0,-2),
/// |E| = 2), B_s = (-5,-1/2), R = 2, V = (4, 0): h = E×C0 = -6, w = 8, the
/// back offset line (|h| = R|E| = 4) is crossed at t = (6 - 4)/8 = 1/4, at
/// the span's end (a = 0: the path runs through P0'): a body hit at
/// t = 1/4, B_i = (-4, -1/2), contact P0, n = (-1, 0). Not the seed's
/// 3/4.
fn seed_strict_product_test<T: Backend>() {
    let s = seg(p::<T>((-2, 1), (-1, 2)), p((-2, 1), (-5, 2)));
    assert_eq!(
        run(&s, p((-5, 1), (-1, 2)), i(2), pi(4, 0)),
        hit(r(1, 4), p((-4, 1), (-1, 2)), p((-2, 1), (-1, 2)), pi(-1, 0),)
    );
}

/// Degenerate cases, hand derived (all values exact in every backend).
fn degenerate<T: Backend>() {
    let s = seg(pi::<T>(0, 0), pi(4, 0));
    // Body hit from above, the doc example: (1,3) r 1 by (0,-4): t = 1/2.
    assert_eq!(
        run(&s, pi(1, 3), i(1), pi(0, -4)),
        hit(r(1, 2), pi(1, 1), pi(1, 0), pi(0, 1))
    );
    // From below (back side): (3,-3) r 1 by (0,4): t = 1/2, n = (0,-1).
    assert_eq!(
        run(&s, pi(3, -3), i(1), pi(0, 4)),
        hit(r(1, 2), pi(3, -1), pi(3, 0), pi(0, -1))
    );
    // Oblique body hit: (0,3) r 1 by (2,-4): t = 1/2, B_i = (1,1).
    assert_eq!(
        run(&s, pi(0, 3), i(1), pi(2, -4)),
        hit(r(1, 2), pi(1, 1), pi(1, 0), pi(0, 1))
    );
    // Hit exactly at t = 1: (1,3) r 1 by (0,-2): B_i = B_e = (1,1).
    assert_eq!(
        run(&s, pi(1, 3), i(1), pi(0, -2)),
        hit(i(1), pi(1, 1), pi(1, 0), pi(0, 1))
    );
    // Just short of it: by (0, -3/2): no hit in the frame.
    assert_eq!(run(&s, pi(1, 3), i(1), p((0, 1), (-3, 2))), Sweep::Miss);
    // Moving away: no hit.
    assert_eq!(run(&s, pi(1, 3), i(1), pi(0, 4)), Sweep::Miss);
    // Zero radius (a moving point) through the body: (1,2) by (0,-4) at
    // t = 1/2 on (1, 0), n = (0, 1).
    assert_eq!(
        run(&s, pi(1, 2), i(0), pi(0, -4)),
        hit(r(1, 2), pi(1, 0), pi(1, 0), pi(0, 1))
    );
    // Zero radius exactly through the end point P1 from the side: the body
    // at its end: (4,2) by (0,-4): t = 1/2, contact (4, 0), n = (0, 1).
    assert_eq!(
        run(&s, pi(4, 2), i(0), pi(0, -4)),
        hit(r(1, 2), pi(4, 0), pi(4, 0), pi(0, 1))
    );
    // Zero radius along the segment's line into P0: (-2, 0) by (4, 0):
    // t = 1/2 at P0, n = -V/|V| = (-1, 0).
    assert_eq!(
        run(&s, pi(-2, 0), i(0), pi(4, 0)),
        hit(r(1, 2), pi(0, 0), pi(0, 0), pi(-1, 0))
    );
    // Zero radius starting on the segment: no side to move into: no hit.
    assert_eq!(run(&s, pi(1, 0), i(0), pi(0, -1)), Sweep::Miss);
    // Zero radius just missing the end: (5, 2) by (0, -4): no hit.
    assert_eq!(run(&s, pi(5, 2), i(0), pi(0, -4)), Sweep::Miss);
    // Parallel graze along the offset line y = 1 into P1's circle from the
    // right: tangent, sliding: no hit (ends at B_e).
    assert_eq!(run(&s, pi(7, 1), i(1), pi(-4, 0)), Sweep::Miss);
    // Parallel head-on into P1 along the line: (7, 0) r 1 by (-4, 0):
    // t = 1/2, B_i = (5, 0), n = (1, 0).
    assert_eq!(
        run(&s, pi(7, 0), i(1), pi(-4, 0)),
        hit(r(1, 2), pi(5, 0), pi(4, 0), pi(1, 0))
    );
    // Zero-length segment (a point at (0,0)): (0,3) r 1 by (0,-4): t = 1/2,
    // B_i = (0,1), n = (0,1).
    let pt = seg(pi::<T>(0, 0), pi(0, 0));
    assert_eq!(
        run(&pt, pi(0, 3), i(1), pi(0, -4)),
        hit(r(1, 2), pi(0, 1), pi(0, 0), pi(0, 1))
    );
    // ... and a zero-radius point through it.
    assert_eq!(
        run(&pt, pi(0, 2), i(0), pi(0, -4)),
        hit(r(1, 2), pi(0, 0), pi(0, 0), pi(0, 1))
    );
    // Overlapping a zero-length segment: the witness is the point.
    assert_eq!(run(&pt, pi(0, 0), i(1), pi(0, -4)), overlap(pi(0, 0)));
    // Overlapping the body: the witness is the projection (1, 0).
    assert_eq!(
        run(&s, p((1, 1), (1, 2)), i(1), pi(0, -4)),
        overlap(pi(1, 0))
    );
    // Start inside the body strip beyond the end, moving in: the end circle.
    // (-2, 0) r 1 by (2, 0): t = 1/2, B_i = (-1, 0), n = (-1, 0).
    assert_eq!(
        run(&s, pi(-2, 0), i(1), pi(2, 0)),
        hit(r(1, 2), pi(-1, 0), pi(0, 0), pi(-1, 0))
    );
}

/// One-sided: the front is where (P1 - P0).perp() points, y > 0 for
/// (0,0)–(4,0). From the front the hit is as two-sided; from behind, or on
/// the line, no hit; an overlap is still reported. Reversing the segment
/// swaps the sides.
fn one_sided<T: Backend>() {
    let s = seg(pi::<T>(0, 0), pi(4, 0));
    let go = |s: &Segment2<T>, c: Vec2<T>, rad: T, d: Vec2<T>| {
        sweep_circle_segment_sided(&Circle::new(c, rad), &d, s, Sides::Front).unwrap()
    };
    assert_eq!(
        go(&s, pi(1, 3), i(1), pi(0, -4)),
        hit(r(1, 2), pi(1, 1), pi(1, 0), pi(0, 1))
    );
    assert_eq!(go(&s, pi(3, -3), i(1), pi(0, 4)), Sweep::Miss);
    assert_eq!(go(&s, pi(-3, 0), i(1), pi(4, 0)), Sweep::Miss);
    assert_eq!(go(&s, pi(1, 0), i(1), pi(0, 4)), overlap(pi(1, 0)));
    let back = seg(pi::<T>(4, 0), pi(0, 0));
    assert_eq!(
        go(&back, pi(3, -3), i(1), pi(0, 4)),
        hit(r(1, 2), pi(3, -1), pi(3, 0), pi(0, -1))
    );
    // Touching from the front while moving in: a hit at 0.
    assert_eq!(
        go(&s, pi(1, 1), i(1), pi(0, -1)),
        hit(i(0), pi(1, 1), pi(1, 0), pi(0, 1))
    );
    // A zero-length segment has no front.
    let pt = seg(pi::<T>(0, 0), pi(0, 0));
    assert_eq!(go(&pt, pi(0, 3), i(1), pi(0, -4)), Sweep::Miss);
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
        seed_divides_by_zero_velocity,
        seed_initial_overlap,
        seed_touching_while_separating,
        seed_cap_choice_by_smaller_m,
        seed_reflection_normal_of_length_r,
        seed_strict_product_test,
        degenerate,
        one_sided
    );
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let s = seg(pi::<f64>(0, 0), pi(4, 0));
    let nan = Circle::new(Vec2::new(f64::NAN, 0.0), 1.0);
    assert_eq!(
        sweep_circle_segment(&nan, &Vec2::zero(), &s),
        Err(Error::NotFinite(Quantity::Center))
    );
    let c = Circle::new(Vec2::new(1.0, 3.0), 1.0);
    assert_eq!(
        sweep_circle_segment(&c, &Vec2::new(0.0, f64::INFINITY), &s),
        Err(Error::NotFinite(Quantity::Velocity))
    );
    let bad = seg(Vec2::new(0.0, f64::NEG_INFINITY), pi(4, 0));
    assert_eq!(
        sweep_circle_segment(&c, &Vec2::zero(), &bad),
        Err(Error::NotFinite(Quantity::SegmentEnd))
    );
    assert_eq!(
        sweep_circle_segment(&Circle::new(Vec2::zero(), f64::NAN), &Vec2::zero(), &s),
        Err(Error::NotFinite(Quantity::Radius))
    );
    // A negative radius is an error that names it, on every backend.
    assert_eq!(
        sweep_circle_segment(&Circle::new(pi(1, 0), -1.0), &pi(0, -4), &s),
        Err(Error::Negative(Quantity::Radius))
    );
    let s32 = seg(pi::<I32F32>(0, 0), pi(4, 0));
    assert_eq!(
        sweep_circle_segment(&Circle::new(pi(1, 3), -I32F32::DELTA), &pi(0, -4), &s32),
        Err(Error::Negative(Quantity::Radius))
    );
}

/// Fixed point answers every input within half its range: a segment of
/// length 40 (refused before the exact layer, whose `I32F32` limit was 512
/// on degree-2 intermediates), a room of 20,000 units on `I16F16`, and raw
/// values at the type's extremes.
#[test]
fn fixed_point_answers_its_whole_range() {
    // (1, 3) r 1 by (0, -4) against (0,0)-(40,0): y = 1 at t = 1/2, B_i =
    // (1, 1).
    let far = Circle::new(pi::<I32F32>(1, 3), i(1));
    let big = seg(pi::<I32F32>(0, 0), pi(40, 0));
    assert_eq!(
        sweep_circle_segment(&far, &pi(0, -4), &big).unwrap(),
        hit(r(1, 2), pi(1, 1), pi(1, 0), pi(0, 1))
    );
    // I16F16: (10000, 16000) r 1000 by (0, -16000) against (0,0)-(16000,0):
    // y = 1000 at t = 15/16, B_i = (10000, 1000).
    let s16 = seg(pi::<I16F16>(0, 0), pi(16_000, 0));
    let c16 = Circle::new(pi::<I16F16>(10_000, 16_000), i(1_000));
    assert_eq!(
        sweep_circle_segment(&c16, &pi(0, -16_000), &s16).unwrap(),
        hit(r(15, 16), pi(10_000, 1_000), pi(10_000, 0), pi(0, 1),)
    );
    // Raw extremes, far from the segment: decided, no overflow.
    let huge = Circle::new(Vec2::new(I32F32::MAX, I32F32::MIN), i(1));
    assert_eq!(
        sweep_circle_segment(&huge, &pi(0, -4), &s32()),
        Ok(Sweep::Miss)
    );
    // |(-2^30, -2^30)| = 2^30 √2 < MAX = 2^31 - 2^-32.
    let half = I32F32::MIN / 2;
    let huge = Circle::new(Vec2::new(half, half), I32F32::MAX);
    assert_eq!(
        sweep_circle_segment(&huge, &pi(0, -4), &s32()),
        Ok(overlap(pi(0, 0)))
    );
}

fn s32() -> Segment2<I32F32> {
    seg(pi(0, 0), pi(4, 0))
}

// ---------------------------------------------------------------------------
// The exact kernel against the brute force.

fn brute_run(name: &str, n: usize, mut make: impl FnMut() -> SegmentInput<Exact>) -> [u64; 3] {
    let mut kinds = [0u64; 3];
    for k in 0..n {
        let input = make();
        let (c, d, s, one) = &input;
        let sides = if *one { Sides::Front } else { Sides::Both };
        let got = sweep_circle_segment_sided(c, d, s, sides).expect("exact has no domain");
        let want = brute_sweep_segment(c, d, s, *one);
        if let Err(e) = check_against_brute(c, d, &got, &want, &eps()) {
            panic!("{name} case {k}: {e}\n  input {input:?}");
        }
        kinds[match got {
            Sweep::Overlapping { .. } => 0,
            Sweep::Hit(_) => 1,
            Sweep::Miss => 2,
        }] += 1;
    }
    println!("{name}: overlap/hit/none {kinds:?}");
    kinds
}

#[test]
fn biased_agrees_with_brute_force() {
    let mut g = Gen::new(0x5E6_0000_0001);
    let k = brute_run("biased", 90_000, || SweepSegment::biased(&mut g));
    assert!(k.iter().all(|&c| c > 5_000), "{k:?}");
}

#[test]
fn w2_agrees_with_brute_force() {
    let mut rng = SplitMix64::new(SEED);
    brute_run("W2", 20_000, || SweepSegment::workload(&mut rng));
}

// ---------------------------------------------------------------------------
// Every backend against the exact one.

#[test]
fn w2_agrees_with_exact() {
    let mut rng = SplitMix64::new(SEED);
    check_mix::<SweepSegment>("W2", 10_000, [0; N_BACKENDS], || {
        SweepSegment::workload(&mut rng)
    });
}

#[test]
fn biased_agrees_with_exact() {
    let mut g = Gen::new(0x5E6_0000_0002);
    // Hits at t = 0 or 1: 474 of 10000 in each mix; the floors are a third.
    check_biased::<SweepSegment>("biased", 10_000, [0; N_BACKENDS], 150, || {
        SweepSegment::biased(&mut g)
    });
    // The same draws with coordinates within 1 instead of 8: a second
    // scale against the fixed-point grids.
    let mut g = Gen::new(0x5E6_0000_0003);
    check_biased::<SweepSegment>("biased-small", 10_000, [0; N_BACKENDS], 150, || {
        segment_biased(&mut g, 1)
    });
}

// ---------------------------------------------------------------------------
// Properties (quickcheck, exact backend).

#[derive(Clone, Debug)]
struct Input(SegmentInput<Exact>);

impl Arbitrary for Input {
    fn arbitrary(g: &mut quickcheck::Gen) -> Input {
        let mut s = Gen::new(u64::arbitrary(g));
        Input(SweepSegment::biased(&mut s))
    }
}

#[derive(Clone, Debug)]
struct Shift(Vec2<Exact>);

impl Arbitrary for Shift {
    fn arbitrary(g: &mut quickcheck::Gen) -> Shift {
        let mut s = Gen::new(u64::arbitrary(g));
        Shift(Vec2::new(s.value(20), s.value(20)))
    }
}

fn go((c, d, s, one): &SegmentInput<Exact>) -> Sweep<Exact> {
    let sides = if *one { Sides::Front } else { Sides::Both };
    sweep_circle_segment_sided(c, d, s, sides).unwrap()
}

fn qv(p: &Vec2<Exact>) -> [Q; 2] {
    [p.x.0.clone(), p.y.0.clone()]
}

fn dot(a: &[Q; 2], b: &[Q; 2]) -> Q {
    Q::from(&a[0] * &b[0]) + Q::from(&a[1] * &b[1])
}

fn sub(a: &[Q; 2], b: &[Q; 2]) -> [Q; 2] {
    [Q::from(&a[0] - &b[0]), Q::from(&a[1] - &b[1])]
}

fn check(n: u64, prop: fn(Input) -> TestResult) {
    QuickCheck::new()
        .tests(n)
        .max_tests(10 * n)
        .quickcheck(prop);
}

/// Swapping P0 and P1 changes nothing (two-sided; one-sided it swaps the
/// front and back, pinned in `one_sided`): the same kind, and values equal
/// or, built with a square root, within 2^-200.
fn swap_ends(input: Input) -> TestResult {
    let (c, d, s, _) = input.0.clone();
    let a = go(&(c.clone(), d.clone(), s.clone(), false));
    let b = go(&(c, d, Segment2::new(s.p1, s.p0), false));
    let same = match (&a, &b) {
        (Sweep::Hit(h1), Sweep::Hit(h2)) => {
            // Built with one square root each: equal, or within 2^-200.
            let near = |x: &Exact, y: &Exact| {
                Q::from(&x.0 - &y.0).abs() <= eps() * (Q::from(1) + Q::from(x.0.abs_ref()))
            };
            let near2 = |x: &Vec2<Exact>, y: &Vec2<Exact>| near(&x.x, &y.x) && near(&x.y, &y.y);
            near(&h1.time, &h2.time)
                && near2(&h1.center, &h2.center)
                && near2(&h1.point, &h2.point)
                && near2(&h1.normal, &h2.normal)
        }
        _ => a == b,
    };
    if same {
        TestResult::passed()
    } else {
        TestResult::error(format!("{a:?} / {b:?}"))
    }
}

#[test]
fn swapping_the_ends_changes_nothing() {
    check(2000, swap_ends);
}

/// Translating every position by `d`: the same kind and time, every point
/// translated (the normal unchanged), exactly.
fn translation(input: Input, d: Shift) -> TestResult {
    let (c, v, s, one) = input.0.clone();
    let d = d.0;
    let moved = (
        Circle::new(c.center.clone() + d.clone(), c.radius.clone()),
        v,
        Segment2::new(s.p0.clone() + d.clone(), s.p1.clone() + d.clone()),
        one,
    );
    let (a, b) = (go(&input.0), go(&moved));
    let ok = match (&a, &b) {
        (Sweep::Hit(h1), Sweep::Hit(h2)) => {
            h1.time == h2.time
                && h1.center.clone() + d.clone() == h2.center
                && h1.point.clone() + d.clone() == h2.point
                && h1.normal == h2.normal
        }
        (Sweep::Overlapping { witness: w1 }, Sweep::Overlapping { witness: w2 }) => {
            w1.clone() + d.clone() == *w2
        }
        _ => a == b,
    };
    if ok {
        TestResult::passed()
    } else {
        TestResult::error(format!("{a:?} / {b:?}"))
    }
}

#[test]
fn translation_invariance() {
    QuickCheck::new()
        .tests(2000)
        .max_tests(20_000)
        .quickcheck(translation as fn(Input, Shift) -> TestResult);
}

/// The hit's center is at distance R from the segment (within 2^-200
/// relative for an irrational time), and the normal is unit.
fn hit_is_at_radius(input: Input) -> TestResult {
    let (c, _, s, _) = &input.0;
    let Sweep::Hit(Hit {
        center,
        point: contact,
        normal,
        ..
    }) = go(&input.0)
    else {
        return TestResult::discard();
    };
    let g = sub(&qv(&center), &qv(&contact));
    let r2 = Q::from(&c.radius.0 * &c.radius.0);
    let d2 = dot(&g, &g);
    let nn = dot(&qv(&normal), &qv(&normal));
    let tol = eps() * (Q::from(1) + r2.clone() + Q::from(c.center.x.0.abs_ref()));
    let on_segment = {
        let e = qv(&(s.p1.clone() - s.p0.clone()));
        let a = dot(&e, &sub(&qv(&contact), &qv(&s.p0)));
        a.cmp0() != core::cmp::Ordering::Less && a <= dot(&e, &e)
    };
    if Q::from(&d2 - &r2).abs() <= tol && Q::from(&nn - 1u32).abs() <= eps() && on_segment {
        TestResult::passed()
    } else {
        TestResult::error(format!("d² {d2:?}, r² {r2:?}, |n|² {nn:?}"))
    }
}

#[test]
fn hit_center_is_at_the_radius() {
    check(2000, hit_is_at_radius);
}
