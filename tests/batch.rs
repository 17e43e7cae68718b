//! The batch queries (`swept::query::batch`) answer as the scalar queries
//! do, bit for bit: every query of the registry on every backend, on its
//! workload and its degenerate-biased inputs (which take the exact
//! fallbacks), and the aligned rectangle's filtered batch on inputs that
//! are not finite, faulty, or decided only by the fallback. Results are
//! compared by their `Debug` form, which tells every float apart (`-0.0`
//! from `0.0`) and prints fixed point exactly.

use swept::Error;
use swept::Real;
use swept::geom::{Aabb2, Circle, Vec2};
use swept::query::sweep_circle_rect::{sweep_circle_aabb2, sweep_circle_aabb2_within};
use swept::query::{Sweep, batch};
use swept_support::generate::Gen;
use swept_support::workload::{SEED, SplitMix64, w1, w1_in};
use swept_support::{Backend, Exact, Registered, each_backend, each_query};

/// Inputs per query and kind (workload, biased).
const CASES: usize = 200;

/// Whether the batch of `inputs` gives the scalar answers; the number of
/// inputs run.
fn same<Q: Registered, T: Backend>(inputs: &[Q::Input<Exact>]) -> usize {
    let on_t: Vec<Q::Input<T>> = inputs
        .iter()
        .filter_map(|i| Q::try_map(i, &mut |v: &Exact| T::from_exact(v)))
        .collect();
    let batched = Q::run_batch(&on_t);
    assert_eq!(batched.len(), on_t.len());
    for (input, got) in on_t.iter().zip(&batched) {
        let want = format!("{:?}", Q::run(input));
        assert_eq!(
            format!("{got:?}"),
            want,
            "{} {}: {input:?}",
            Q::NAME,
            T::NAME
        );
    }
    on_t.len()
}

#[test]
fn every_query_every_backend_as_scalar() {
    let mut seed = 0xBA7C_4000;
    let runs = each_query!(Q => {
        seed += 1;
        let mut rng = SplitMix64::new(seed);
        let mut g = Gen::new(seed);
        let mut inputs: Vec<_> = (0..CASES).map(|_| Q::workload(&mut rng)).collect();
        inputs.extend((0..CASES).map(|_| Q::biased(&mut g)));
        let counts = each_backend!(T => same::<Q, T>(&inputs));
        // The oracle on a share (its scalar runs are slow).
        let exact = same::<Q, Exact>(&inputs[CASES - 20..CASES + 20]);
        (Q::NAME, counts, exact)
    });
    for (name, counts, exact) in runs {
        // f32 and f64 hold every input; the fixed backends most.
        assert!(
            counts[..2].iter().all(|&n| n == 2 * CASES),
            "{name} {counts:?}"
        );
        assert!(counts.iter().all(|&n| n >= CASES), "{name} {counts:?}");
        assert_eq!(exact, 40, "{name}");
    }
}

/// The W1 inputs on `T`, as the batch's slices.
type Slices<T> = (Vec<Circle<T>>, Vec<Vec2<T>>, Vec<Aabb2<T>>, Vec<Vec2<T>>);

fn w1_slices<T: Backend>(n: usize) -> Slices<T> {
    let mut r = SplitMix64::new(SEED);
    let mut s: Slices<T> = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..n {
        let q = w1_in::<T>(&w1(&mut r)).expect("W1 converts");
        s.0.push(q.circle);
        s.1.push(q.circle_velocity);
        s.2.push(q.aabb);
        s.3.push(q.rect_velocity);
    }
    s
}

/// Checks the aligned rectangle's batch, unbounded and within `limit`,
/// against the scalar query on every lane.
fn check_aabb2<T: Backend>((c, cv, b, bv): &Slices<T>, limit: &T) {
    let mut out = vec![Err(Error::Spread); c.len()];
    assert_eq!(batch::sweep_circle_aabb2(c, cv, b, bv, &mut out), c.len());
    let mut within = vec![Err(Error::Spread); c.len()];
    let n = batch::sweep_circle_aabb2_within(c, cv, b, bv, limit, &mut within);
    assert_eq!(n, c.len());
    for i in 0..c.len() {
        let want = sweep_circle_aabb2(&c[i], &cv[i], &b[i], &bv[i]);
        assert_eq!(format!("{:?}", out[i]), format!("{want:?}"), "lane {i}");
        let want = sweep_circle_aabb2_within(&c[i], &cv[i], &b[i], &bv[i], limit);
        assert_eq!(format!("{:?}", within[i]), format!("{want:?}"), "lane {i}");
    }
}

/// W1 with one in seven lanes spoilt: a NaN, an infinity, a negative
/// radius, crossed corners, a zero radius, a zero-width rectangle or a
/// circle touching its face; every backend's batch answers as its scalar.
#[test]
fn spoilt_lanes_as_scalar() {
    fn spoil<T: Backend>(s: &mut Slices<T>, bad: Option<T>) {
        let n = s.0.len();
        for i in (0..n).step_by(7) {
            let (c, cv, b) = (&mut s.0[i], &mut s.1[i], &mut s.2[i]);
            match (i / 7) % 8 {
                0 => c.center.x = bad.clone().unwrap_or_else(T::zero),
                1 => cv.y = bad.clone().unwrap_or_else(T::one),
                2 => c.radius = -c.radius.clone(),
                3 => core::mem::swap(&mut b.min.x, &mut b.max.x),
                4 => c.radius = T::zero(),
                5 => b.max.y = b.min.y.clone(),
                6 => c.center.x = b.max.x.clone() + c.radius.clone(),
                _ => b.min = b.max.clone(),
            }
        }
    }
    let f32s = &mut w1_slices::<f32>(3000);
    spoil(f32s, Some(f32::NAN));
    check_aabb2(f32s, &1.0);
    let f64s = &mut w1_slices::<f64>(3000);
    spoil(f64s, Some(f64::INFINITY));
    check_aabb2(f64s, &0.5);
    each_backend!(T => {
        let s = &mut w1_slices::<T>(1000);
        spoil(s, None);
        check_aabb2(s, &T::one());
    });
    let nan = &mut w1_slices::<f64>(100);
    spoil(nan, Some(f64::NAN));
    check_aabb2(nan, &f64::NAN);
}

/// Inputs on a grid of halves (centers midway, touching at 0, paths along
/// a dilated face or through a corner, zero radii and extents: signs that
/// are zero) and spread over many binary orders (subnormals, infinities in
/// `f32`): every lane of the aligned rectangle's batch answers as the
/// scalar query.
#[test]
fn grid_and_spread_lanes_as_scalar() {
    fn slices<T: Backend>(
        n: usize,
        mut at: impl FnMut(&mut SplitMix64) -> f64,
        from: impl Fn(f64) -> T,
    ) -> Slices<T> {
        let mut r = SplitMix64::new(0x6A1D);
        let mut s: Slices<T> = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for _ in 0..n {
            let mut v = || from(at(&mut r));
            let (p, rad, c) = (Vec2::new(v(), v()), v(), Vec2::new(v(), v()));
            let (a, b) = (Vec2::new(v(), v()), Vec2::new(v(), v()));
            let order = |a: T, b: T| if a < b { (a, b) } else { (b, a) };
            let ((lx, hx), (ly, hy)) = (order(a.x, b.x), order(a.y, b.y));
            let rad = if rad < T::zero() { -rad } else { rad };
            s.0.push(Circle::new(p, rad));
            s.1.push(c);
            s.2.push(Aabb2::new(Vec2::new(lx, ly), Vec2::new(hx, hy)));
            s.3.push(Vec2::new(v(), v()));
        }
        s
    }
    let grid = |r: &mut SplitMix64| (r.next_u64() % 17) as f64 * 0.5 - 4.0;
    let spread = |r: &mut SplitMix64| {
        let m = (r.next_u64() % 2001) as f64 - 1000.0;
        let e = (r.next_u64() % 700) as i32 - 350;
        m * f64::powi(2.0, e / 2) * f64::powi(2.0, e - e / 2)
    };
    let (f32s, f64s) = (|x: f64| x as f32, |x: f64| x);
    check_aabb2(&slices(20_000, grid, f32s), &1.5);
    check_aabb2(&slices(20_000, grid, f64s), &1.5);
    check_aabb2(&slices(5_000, spread, f64s), &1.0);
    check_aabb2(&slices(5_000, |r| spread(r) * 1e-60, f32s), &1.0);
}

/// Paths within a few units in the last place of tangent to a corner's
/// arc: the circle of radius 1 at `(1 + a, 1 + b)` moving along `(-3, 4)`
/// against `[-1, 1]²` grazes the corner `(1, 1)` where `4a + 3b = 5` (at
/// the arc's point `(1.8, 1.6)`, past the right face's end). The
/// sign of `q1` is then below the rounding of its terms; every lane of
/// the batch answers as the scalar query.
#[test]
fn near_grazes_as_scalar() {
    fn slices<T: Backend>(
        n: usize,
        from: impl Fn(f64) -> T,
        up: impl Fn(T, i64) -> T,
    ) -> Slices<T> {
        let mut r = SplitMix64::new(0x9AA2E);
        let mut s: Slices<T> = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let unit = Aabb2::new(
            Vec2::new(from(-1.0), from(-1.0)),
            Vec2::new(from(1.0), from(1.0)),
        );
        for i in 0..n {
            let px = from(2.3 + 3.0 * (r.next_u64() >> 11) as f64 / (1u64 << 53) as f64);
            let a = px.clone() - from(1.0);
            // b = (5 - 4a) / 3, rounded, then moved by up to 3 units.
            let b = (from(5.0) - from(4.0) * a).quotient(from(3.0));
            let py = up(b + from(1.0), (i % 7) as i64 - 3);
            let speed = from(f64::from(1 + (i % 3) as u32));
            s.0.push(Circle::new(Vec2::new(px, py), from(1.0)));
            s.1.push(Vec2::new(-from(3.0) * speed.clone(), from(4.0) * speed));
            s.2.push(unit.clone());
            s.3.push(Vec2::new(from(0.0), from(0.0)));
        }
        s
    }
    fn up64(x: f64, k: i64) -> f64 {
        f64::from_bits((x.to_bits() as i64 + k) as u64)
    }
    fn up32(x: f32, k: i64) -> f32 {
        f32::from_bits((i64::from(x.to_bits()) + k) as u32)
    }
    check_aabb2(&slices(4_000, |x| x, up64), &10.0);
    check_aabb2(&slices(4_000, |x| x as f32, up32), &10.0);
}

/// Inputs whose early exit one rounded difference cannot prove (`p - hi`
/// exceeds `r` by `2^-60`, which rounds away): the filtered batch leaves
/// them to the full query, which decides them exactly, a miss moving
/// away and a hit at `t = 2^-60` moving in.
#[test]
fn undecided_exits_take_the_full_query() {
    let tiny = f64::powi(2.0, -60);
    let b = Aabb2::new(Vec2::new(-1.0, -1.0), Vec2::new(-tiny, 1.0));
    let c = Circle::new(Vec2::new(1.0, 0.0), 1.0);
    let still = Vec2::new(0.0, 0.0);
    let v = [Vec2::new(1.0, 0.0), Vec2::new(-1.0, 0.0)];
    let mut out = [Ok(Sweep::Miss), Err(Error::Spread)];
    assert_eq!(
        batch::sweep_circle_aabb2(&[c; 2], &v, &[b; 2], &[still; 2], &mut out),
        2
    );
    assert_eq!(out[0], Ok(Sweep::Miss));
    let hit = out[1].expect("decided").hit().copied().expect("a hit");
    // Face x = -2^-60 dilated by 1 is reached when 1 - t = 1 - 2^-60.
    assert_eq!(hit.time, tiny);
    assert_eq!(hit.normal, Vec2::new(1.0, 0.0));
}

/// The shortest slice sets the count; the rest of `out` is not written.
#[test]
fn shortest_slice_sets_the_count() {
    let (c, cv, b, bv) = w1_slices::<f64>(40);
    let mut out = vec![Err(Error::Spread); 40];
    assert_eq!(
        batch::sweep_circle_aabb2(&c[..33], &cv, &b, &bv, &mut out),
        33
    );
    assert!(out[33..].iter().all(|o| *o == Err(Error::Spread)));
    assert_eq!(batch::sweep_circle_obb2(&c, &cv, &[], &bv, &mut out), 0);
    let mut short = vec![Err(Error::Spread); 5];
    assert_eq!(batch::sweep_circle_aabb2(&c, &cv, &b, &bv, &mut short), 5);
    let want = sweep_circle_aabb2(&c[4], &cv[4], &b[4], &bv[4]);
    assert_eq!(short[4], want);
}
