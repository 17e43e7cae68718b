//! Moving circle vs moving circle: hand-derived cases on every backend, the
//! exact kernel against the independent brute force of
//! `swept_support::brute_circle` (10^5 cases, zero disagreements), every
//! backend against the exact one, and the symmetries.

use swept::geom::{Circle, Vec2};
use swept::query::sweep_circle_circle::{sweep_circle_circle, sweep_circle_circle_within};
use swept::query::{Hit, Sweep};
use swept::{Error, Quantity};
use swept_support::brute_circle::{brute_sweep_circle, check_circle};
use swept_support::generate::Gen;
use swept_support::sweep_check::eps;
use swept_support::sweep_queries::{SweepCircle, SweepCircleWithin};
use swept_support::workload::{SEED, SplitMix64};
use swept_support::{Backend, Exact, N_BACKENDS, Registered, check_biased, check_mix};

fn r<T: Backend>(n: i64, d: i64) -> T {
    T::from_ratio(n, d).unwrap()
}

fn i<T: Backend>(n: i64) -> T {
    r(n, 1)
}

fn pi<T: Backend>(x: i64, y: i64) -> Vec2<T> {
    Vec2::new(i(x), i(y))
}

fn run<T: Backend>(c: (i64, i64, i64), v: (i64, i64), o: (i64, i64, i64)) -> Sweep<T> {
    let circle = Circle::new(pi(c.0, c.1), i(c.2));
    let other = Circle::new(pi(o.0, o.1), i(o.2));
    sweep_circle_circle(&circle, &pi(v.0, v.1), &other, &Vec2::zero()).unwrap()
}

fn hit<T: Backend>(t: T, point: Vec2<T>, center: Vec2<T>, normal: Vec2<T>) -> Sweep<T> {
    Sweep::Hit(Hit {
        time: t,
        point,
        center,
        normal,
    })
}

/// Hand cases: the obstacle of radius 2 at the origin, at rest.
fn by_hand<T: Backend>() {
    let peg = (0, 0, 2);
    // Head-on from (-5, 0), r = 1, at speed 2: centers 3 apart at t = 1;
    // the contact (-2, 0), the center (-3, 0), the normal (-1, 0).
    assert_eq!(
        run::<T>((-5, 0, 1), (2, 0), peg),
        hit(i(1), pi(-2, 0), pi(-3, 0), pi(-1, 0))
    );
    // Passing at distance 4 > 3 from the peg's center: a miss; at
    // distance 3 exactly: tangent at t = 5, a graze: a miss.
    assert_eq!(run::<T>((-5, 4, 1), (1, 0), peg), Sweep::Miss);
    assert_eq!(run::<T>((-5, 3, 1), (1, 0), peg), Sweep::Miss);
    // From (-6, 0) along (3, 4): |(-6 + 3t, 4t)|² = 9 is 25t² - 36t + 27 =
    // 0, whose discriminant is negative: a miss.
    assert_eq!(run::<T>((-6, 0, 1), (3, 4), peg), Sweep::Miss);
    // Touching at 0 (centers 3 apart): moving in, a hit at 0 at (-2, 0);
    // moving away or sliding, a miss.
    assert_eq!(
        run::<T>((-3, 0, 1), (1, 0), peg),
        hit(i(0), pi(-2, 0), pi(-3, 0), pi(-1, 0))
    );
    assert_eq!(run::<T>((-3, 0, 1), (-1, 0), peg), Sweep::Miss);
    assert_eq!(run::<T>((-3, 0, 1), (0, 1), peg), Sweep::Miss);
    // A point (r = 0) on the peg's boundary at (-2, 0): moving in, a hit
    // at 0 there with the normal (-1, 0); moving away or along the
    // tangent, a miss.
    assert_eq!(
        run::<T>((-2, 0, 0), (1, 0), peg),
        hit(i(0), pi(-2, 0), pi(-2, 0), pi(-1, 0))
    );
    assert_eq!(run::<T>((-2, 0, 0), (-1, 0), peg), Sweep::Miss);
    assert_eq!(run::<T>((-2, 0, 0), (0, 1), peg), Sweep::Miss);
    // Overlapping: the witness is the obstacle's point nearest the center,
    // (-2, 0); with the center inside the obstacle, the center itself.
    assert_eq!(
        run::<T>((-5, 0, 4), (1, 0), peg),
        Sweep::Overlapping { witness: pi(-2, 0) }
    );
    assert_eq!(
        run::<T>((1, 0, 1), (1, 0), peg),
        Sweep::Overlapping { witness: pi(1, 0) }
    );
    // Two points head-on: (-5, 0) at speed 1 meets the origin at t = 5,
    // normal -V/|V| = (-1, 0); passing beside it, a miss; at the same
    // place, two points have no interior: a miss.
    assert_eq!(
        run::<T>((-5, 0, 0), (1, 0), (0, 0, 0)),
        hit(i(5), pi(0, 0), pi(0, 0), pi(-1, 0))
    );
    assert_eq!(run::<T>((-5, 1, 0), (1, 0), (0, 0, 0)), Sweep::Miss);
    assert_eq!(run::<T>((0, 0, 0), (1, 0), (0, 0, 0)), Sweep::Miss);
    // The obstacle moving: still circle at (5, 0), r = 1, the peg moving
    // right at 1: centers 3 apart at t = 2, the peg at (2, 0), the contact
    // (4, 0), the normal from the peg to the circle (1, 0).
    let c = Circle::new(pi::<T>(5, 0), i(1));
    let other = Circle::new(pi::<T>(0, 0), i(2));
    assert_eq!(
        sweep_circle_circle(&c, &Vec2::zero(), &other, &pi(1, 0)),
        Ok(hit(i(2), pi(4, 0), pi(5, 0), pi(1, 0)))
    );
    // Within: the t = 1 head-on hit is past a limit of 1/2.
    let c = Circle::new(pi::<T>(-5, 0), i(1));
    assert_eq!(
        sweep_circle_circle_within(&c, &pi(2, 0), &other, &Vec2::zero(), &r(1, 2)),
        Ok(Sweep::Miss)
    );
    // Bad input: named.
    let neg = Circle::new(pi::<T>(0, 0), i(-1));
    assert_eq!(
        sweep_circle_circle(&c, &pi(1, 0), &neg, &Vec2::zero()),
        Err(Error::Negative(Quantity::Obstacle))
    );
}

#[test]
fn hand_cases_on_every_backend() {
    swept_support::each_backend!(T => by_hand::<T>());
    by_hand::<Exact>();
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let c = Circle::new(Vec2::new(f64::NAN, 0.0), 1.0);
    let o = Circle::new(Vec2::new(0.0, 0.0), 1.0);
    assert_eq!(
        sweep_circle_circle(&c, &Vec2::zero(), &o, &Vec2::zero()),
        Err(Error::NotFinite(Quantity::Center))
    );
    let c = Circle::new(Vec2::new(5.0, 0.0), 1.0);
    assert_eq!(
        sweep_circle_circle(&c, &Vec2::zero(), &o, &Vec2::new(f64::INFINITY, 0.0)),
        Err(Error::NotFinite(Quantity::ObstacleVelocity))
    );
    assert_eq!(
        sweep_circle_circle_within(&c, &Vec2::zero(), &o, &Vec2::zero(), &f64::NAN),
        Err(Error::NotFinite(Quantity::MaxTime))
    );
    assert_eq!(
        sweep_circle_circle(
            &Circle::new(c.center, -1.0),
            &Vec2::zero(),
            &o,
            &Vec2::zero()
        ),
        Err(Error::Negative(Quantity::Radius))
    );
}

#[test]
fn exact_kernel_agrees_with_brute_force() {
    let mut g = Gen::new(0xC1C1_0001);
    let mut kinds = [0usize; 3];
    for k in 0..100_000 {
        let (c, cv, o, ov) = SweepCircle::biased(&mut g);
        let got = sweep_circle_circle(&c, &cv, &o, &ov).expect("exact answers");
        let want = brute_sweep_circle(&c, &cv, &o, &ov);
        if let Err(e) = check_circle(&c, &o, &got, &want, &eps()) {
            panic!("case {k}: {e}\n  {c:?} {cv:?} {o:?} {ov:?}");
        }
        kinds[match got {
            Sweep::Overlapping { .. } => 0,
            Sweep::Hit(_) => 1,
            Sweep::Miss => 2,
        }] += 1;
    }
    println!("overlap/hit/miss {kinds:?}");
    assert!(kinds.iter().all(|&n| n > 5_000), "{kinds:?}");
    let mut rng = SplitMix64::new(SEED);
    for k in 0..20_000 {
        let (c, cv, o, ov) = SweepCircle::workload(&mut rng);
        let got = sweep_circle_circle(&c, &cv, &o, &ov).expect("exact answers");
        let want = brute_sweep_circle(&c, &cv, &o, &ov);
        if let Err(e) = check_circle(&c, &o, &got, &want, &eps()) {
            panic!("W1 case {k}: {e}");
        }
    }
}

#[test]
fn every_backend_agrees_with_exact() {
    let mut rng = SplitMix64::new(SEED);
    check_mix::<SweepCircle>("W1 circles", 20_000, [0; N_BACKENDS], || {
        SweepCircle::workload(&mut rng)
    });
    // I16F16 refuses the few slow hits whose time exceeds its range.
    let mut g = Gen::new(0xC1C1_0002);
    check_biased::<SweepCircle>("biased", 20_000, [0, 0, 100, 0, 0], 300, || {
        SweepCircle::biased(&mut g)
    });
    let mut g = Gen::new(0xC1C1_0003);
    check_biased::<SweepCircleWithin>("biased within", 20_000, [0; N_BACKENDS], 300, || {
        SweepCircleWithin::biased(&mut g)
    });
}

/// Translating everything by `d` translates the point, center and witness
/// and keeps the time and normal; swapping which circle moves (the other
/// moving by `-v`) keeps the time.
#[test]
fn symmetries() {
    let mut g = Gen::new(0xC1C1_0004);
    for _ in 0..5_000 {
        let (c, cv, o, ov) = SweepCircle::biased(&mut g);
        let d = Vec2::new(g.value(20), g.value(20));
        let a = sweep_circle_circle(&c, &cv, &o, &ov).unwrap();
        let moved = |x: &Circle<Exact>| Circle::new(x.center.clone() + d.clone(), x.radius.clone());
        let b = sweep_circle_circle(&moved(&c), &cv, &moved(&o), &ov).unwrap();
        let ok = match (&a, &b) {
            (Sweep::Hit(h), Sweep::Hit(k)) => {
                h.time == k.time
                    && h.point.clone() + d.clone() == k.point
                    && h.center.clone() + d.clone() == k.center
                    && h.normal == k.normal
            }
            (Sweep::Overlapping { witness: w }, Sweep::Overlapping { witness: x }) => {
                w.clone() + d.clone() == *x
            }
            _ => a == b,
        };
        assert!(ok, "{a:?} / {b:?}");
        let still = Vec2::zero();
        let rel = sweep_circle_circle(&c, &(cv.clone() - ov.clone()), &o, &still).unwrap();
        let times = |s: &Sweep<Exact>| s.hit().map(|h| h.time.clone());
        assert_eq!(times(&a), times(&rel), "relative motion");
    }
}
