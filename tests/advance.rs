//! `swept::advance`: hand-derived frames on every backend (a corner, a ball
//! trapped between two walls, zero displacement, the bounce bound, a
//! graze, restitution 0, starting in overlap, bad input), the exact
//! backend against a step-by-step reference built from the single sweeps,
//! and the property that no ball ever ends inside an obstacle or outside a
//! closed arena, on every backend.

use swept::advance::{AdvanceError, Advanced, Contact, Obstacle, Options, Outcome, advance};
use swept::geom::{Aabb2, Circle, Obb2, Segment2, Vec2};
use swept::query::sweep_circle_circle::sweep_circle_circle_within;
use swept::query::sweep_circle_rect::{sweep_circle_aabb2_within, sweep_circle_obb2_within};
use swept::query::sweep_circle_segment::{Sides, sweep_circle_segment_sided};
use swept::query::{Hit, Sweep};
use swept::{Error, Quantity, Real};
use swept_support::generate::{Gen, TRIPLES};
use swept_support::{Backend, Exact, each_backend};

fn r<T: Backend>(n: i64, d: i64) -> T {
    T::from_ratio(n, d).unwrap()
}

fn i<T: Backend>(n: i64) -> T {
    r(n, 1)
}

fn pi<T: Backend>(x: i64, y: i64) -> Vec2<T> {
    Vec2::new(i(x), i(y))
}

fn seg<T: Backend>(a: (i64, i64), b: (i64, i64)) -> Obstacle<T> {
    Obstacle::Segment(Segment2::new(pi(a.0, a.1), pi(b.0, b.1)))
}

/// Runs `advance`, collecting the contacts.
fn run<T: Backend>(
    ball: Circle<T>,
    d: Vec2<T>,
    obstacles: &[Obstacle<T>],
    options: Options<T>,
) -> (Advanced<T>, Vec<Contact<T>>) {
    let mut contacts = Vec::new();
    let end = advance(&ball, &d, obstacles, &options, |c| contacts.push(c.clone()))
        .unwrap_or_else(|e| panic!("{}: {e}", T::NAME));
    (end, contacts)
}

fn bounces<T: Backend>(max: u32) -> Options<T> {
    Options {
        restitution: T::one(),
        max_bounces: max,
    }
}

/// A ball into a corner of two walls (x = 0, y = 0), both touched at
/// t = 1/2 at the center (1, 1): the floor (listed first) reflects
/// (-2, -2) to (-2, 2); the next step starts touching the wall, moving
/// into it: a contact at 0 there reflects it to (2, 2): the ball ends at
/// (3, 3), leaving with (4, 4) = -(-4, -4). Exact on every backend.
fn corner<T: Backend>() {
    let walls = [seg::<T>((0, 0), (10, 0)), seg((0, 0), (0, 10))];
    let ball = Circle::new(pi(3, 3), i(1));
    let (end, contacts) = run(ball, pi(-4, -4), &walls, Options::default());
    assert_eq!(end.center, pi(3, 3), "{}", T::NAME);
    assert_eq!(end.displacement, pi(4, 4));
    assert_eq!((end.contacts, end.outcome), (2, Outcome::Moved));
    let seen: Vec<_> = contacts
        .iter()
        .map(|c| {
            (
                c.obstacle,
                c.time.clone(),
                c.center.clone(),
                c.normal.clone(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            (0, r(1, 2), pi(1, 1), pi(0, 1)),
            (1, r(1, 2), pi(1, 1), pi(1, 0))
        ]
    );
}

/// A ball of radius 1 between walls x = 0 and x = 3 (centers bounce
/// between x = 1 and x = 2), from (3/2, 0) by (8, 0): the first contact
/// after 1/2 (at x = 2), then one every unit: 8 contacts, at distances
/// 1/2 + k (k < 8), the last at x = 1 (the eighth, an even one, is on the
/// left), then 1/2 more to the right: (3/2, 0), leaving with (8, 0). With
/// at most 3 bounces the fourth contact stops it at x = 1.
fn trapped<T: Backend>() {
    let walls = [seg::<T>((0, -5), (0, 5)), seg((3, -5), (3, 5))];
    let ball = Circle::new(Vec2::new(r(3, 2), i(0)), i(1));
    let (end, contacts) = run(ball.clone(), pi(8, 0), &walls, bounces(16));
    assert_eq!((end.contacts, end.outcome), (8, Outcome::Moved));
    let x: Vec<usize> = contacts.iter().map(|c| c.obstacle).collect();
    assert_eq!(x, [1, 0, 1, 0, 1, 0, 1, 0]);
    assert_eq!(end.displacement, pi(8, 0));
    // Each step's values are rounded once (the times 1/16, 2/15, ... are
    // not dyadic): the end within a few units of the backend.
    let tol = if T::REL > 0.0 { 1e-5 } else { 1e-3 };
    assert!(
        (end.center.x.nearest_f64() - 1.5).abs() < tol,
        "{:?}",
        end.center
    );
    assert_eq!(end.center.y, i(0));
    // The times: (1/2 + k) / 8.
    for (k, c) in contacts.iter().enumerate() {
        let want = (0.5 + k as f64) / 8.0;
        assert!(
            (c.time.nearest_f64() - want).abs() < tol,
            "{k}: {:?}",
            c.time
        );
    }
    let (end, contacts) = run(ball, pi(8, 0), &walls, bounces(3));
    assert_eq!((end.contacts, end.outcome), (4, Outcome::BounceLimit));
    assert_eq!(contacts.len(), 4);
    assert_eq!(end.center, pi(1, 0));
}

/// No displacement: nothing moves, even touching a wall.
fn zero_displacement<T: Backend>() {
    let walls = [seg::<T>((-5, 0), (5, 0))];
    let ball = Circle::new(pi(0, 1), i(1));
    let (end, contacts) = run(ball, Vec2::zero(), &walls, Options::default());
    assert_eq!(end.center, pi(0, 1));
    assert_eq!(end.displacement, Vec2::zero());
    assert!(contacts.is_empty());
    assert_eq!(end.outcome, Outcome::Moved);
}

/// Sliding along a wall it touches, and grazing a box's corner: no
/// contact, the whole displacement.
fn grazing<T: Backend>() {
    let floor = [seg::<T>((-10, 0), (10, 0))];
    let ball = Circle::new(pi(-5, 1), i(1));
    let (end, contacts) = run(ball, pi(7, 0), &floor, Options::default());
    assert_eq!((end.center, contacts.len()), (pi(2, 1), 0));
    // The box [0,2]x[0,2]; a ball of radius 1 along y = 3 passes tangent to
    // the top face's line: no contact.
    let b = [Obstacle::Aabb(Aabb2::new(pi::<T>(0, 0), pi(2, 2)))];
    let ball = Circle::new(pi(-3, 3), i(1));
    let (end, contacts) = run(ball, pi(8, 0), &b, Options::default());
    assert_eq!((end.center, contacts.len()), (pi(5, 3), 0));
}

/// Restitution 0: the ball keeps only its motion along the wall. From
/// (0, 3) by (4, -4) onto the floor: touching at t = 1/2 at (2, 1); the
/// rest (2, -2) becomes (2, 0): it ends at (4, 1), leaving with (4, 0).
fn slide<T: Backend>() {
    let floor = [seg::<T>((-10, 0), (10, 0))];
    let ball = Circle::new(pi(0, 3), i(1));
    let options = Options {
        restitution: T::zero(),
        max_bounces: 4,
    };
    let (end, contacts) = run(ball, pi(4, -4), &floor, options);
    assert_eq!(end.center, pi(4, 1), "{}", T::NAME);
    assert_eq!(end.displacement, pi(4, 0));
    assert_eq!(contacts.len(), 1);
}

/// Starting in overlap: a ball sunk 1/2 into the floor moving up leaves
/// freely; moving down it is pushed back at once (a contact at 0, the
/// normal from the floor's nearest point, (0, 1)). A center inside a box:
/// embedded, not moved.
fn start_in_overlap<T: Backend>() {
    let floor = [seg::<T>((-10, 0), (10, 0))];
    let sunk = Circle::new(Vec2::new(i(0), r(1, 2)), i(1));
    let (end, contacts) = run(sunk.clone(), pi(0, 2), &floor, Options::default());
    assert_eq!((end.center, contacts.len()), (Vec2::new(i(0), r(5, 2)), 0));
    let (end, contacts) = run(sunk, pi(0, -2), &floor, Options::default());
    assert_eq!(contacts.len(), 1);
    assert_eq!(
        (contacts[0].time.clone(), contacts[0].normal.clone()),
        (i(0), pi(0, 1))
    );
    assert_eq!(end.center, Vec2::new(i(0), r(5, 2)));
    let b = [Obstacle::Aabb(Aabb2::new(pi::<T>(0, 0), pi(4, 4)))];
    let inside = Circle::new(pi(1, 1), i(1));
    let (end, contacts) = run(inside, pi(5, 0), &b, Options::default());
    assert_eq!(end.outcome, Outcome::Embedded { obstacle: 0 });
    assert_eq!((end.center, contacts.len()), (pi(1, 1), 0));
}

macro_rules! on_every_backend {
    ($($name:ident),*) => {$(
        #[test]
        fn $name() {
            each_backend!(T => super::$name::<T>());
            super::$name::<Exact>();
        }
    )*};
}

mod hand {
    use super::Exact;
    use swept_support::each_backend;
    on_every_backend!(
        corner,
        trapped,
        zero_displacement,
        grazing,
        slide,
        start_in_overlap
    );
}

#[test]
fn bad_input_is_an_error_before_any_contact() {
    let walls = [seg::<f64>((0, 0), (10, 0))];
    let ball = Circle::new(Vec2::new(1.0, 3.0), 1.0);
    let mut called = false;
    let mut go = |b: &Circle<f64>, d: Vec2<f64>, o: &[Obstacle<f64>], options: Options<f64>| {
        advance(b, &d, o, &options, |_| called = true)
    };
    let err = |obstacle, error| Err(AdvanceError { obstacle, error });
    let nan = Circle::new(Vec2::new(f64::NAN, 0.0), 1.0);
    let down = Vec2::new(0.0, -4.0);
    assert_eq!(
        go(&nan, down, &walls, Options::default()),
        err(None, Error::NotFinite(Quantity::Center))
    );
    assert_eq!(
        go(
            &ball,
            Vec2::new(0.0, f64::INFINITY),
            &walls,
            Options::default()
        ),
        err(None, Error::NotFinite(Quantity::Velocity))
    );
    let bounce = Options {
        restitution: 1.5,
        max_bounces: 4,
    };
    assert_eq!(
        go(&ball, down, &walls, bounce),
        err(None, Error::NotInUnitInterval(Quantity::Restitution))
    );
    let bad = [
        walls[0],
        Obstacle::Circle(Circle::new(Vec2::new(0.0, 0.0), -1.0)),
    ];
    assert_eq!(
        go(&ball, down, &bad, Options::default()),
        err(Some(1), Error::Negative(Quantity::Radius))
    );
    let skew = [Obstacle::Obb(Obb2::new(
        Vec2::new(0.0, 0.0),
        [Vec2::new(1.0, 0.0), Vec2::new(1.0, 0.0)],
        [1.0, 1.0],
    ))];
    let e = go(&ball, down, &skew, Options::default()).unwrap_err();
    assert_eq!(e.obstacle, Some(0));
    assert!(matches!(e.error, Error::BadAxes(_)));
    assert!(!called, "the callback ran before an error of the input");
    assert_eq!(
        e.to_string(),
        "obstacle 0: box axes 0 and 1 are not orthogonal (a0 · a1 beyond ±1/16)"
    );
}

// ---------------------------------------------------------------------------
// The reference: the same frame, step by step, from the public sweeps.

/// What a reference step meets against one obstacle: `Some(Ok(hit))`, an
/// embedded center `Some(Err(()))`, or nothing.
fn reference_step(
    o: &Obstacle<Exact>,
    ball: &Circle<Exact>,
    d: &Vec2<Exact>,
) -> Option<Result<Hit<Exact>, ()>> {
    let still = Vec2::zero();
    let one = Exact::ratio(1, 1);
    let s = match o {
        Obstacle::Segment(s) => sweep_circle_segment_sided(ball, d, s, Sides::Both),
        Obstacle::OneSided(s) => sweep_circle_segment_sided(ball, d, s, Sides::Front),
        Obstacle::Aabb(b) => sweep_circle_aabb2_within(ball, d, b, &still, &one),
        Obstacle::Obb(b) => sweep_circle_obb2_within(ball, d, b, &still, &one),
        Obstacle::Circle(c) => sweep_circle_circle_within(ball, d, c, &still, &one),
    }
    .expect("exact answers");
    match s {
        Sweep::Hit(h) => Some(Ok(h)),
        Sweep::Miss => None,
        // An overlap: embedded if the nearest point is the center; a hit at
        // 0 pushing out along g = center - witness if moving along -g.
        Sweep::Overlapping { witness } => {
            let g = ball.center.clone() - witness.clone();
            if g == Vec2::zero() {
                return Some(Err(()));
            }
            if d.dot(&g) >= Exact::zero() {
                return None;
            }
            let len = g.length_squared().sqrt();
            Some(Ok(Hit {
                time: Exact::zero(),
                point: witness,
                center: ball.center.clone(),
                normal: g / len,
            }))
        }
    }
}

/// A frame by the reference: the end center, the outgoing displacement,
/// the contacts as `(obstacle, frame time, normal)`, the outcome.
type Frame = (
    Vec2<Exact>,
    Vec2<Exact>,
    Vec<(usize, Exact, Vec2<Exact>)>,
    Outcome,
);

/// The frame by the reference, written from the module doc of
/// `swept::advance` on the public sweeps.
fn reference(
    ball: &Circle<Exact>,
    d: &Vec2<Exact>,
    obstacles: &[Obstacle<Exact>],
    e: &Exact,
    max: u32,
) -> Frame {
    let one = Exact::ratio(1, 1);
    let (mut ball, mut rest, mut time) = (ball.clone(), d.clone(), Exact::zero());
    let mut out = d.clone();
    let mut contacts: Vec<(usize, Exact, Vec2<Exact>)> = Vec::new();
    let reflect = |v: Vec2<Exact>, n: &Vec2<Exact>| {
        let k = (one.clone() + e.clone()) * v.dot(n);
        v - n.clone() * k
    };
    loop {
        let mut first: Option<(usize, Hit<Exact>)> = None;
        for (i, o) in obstacles.iter().enumerate() {
            // The obstacle just met is passed over (advance's rule).
            if contacts.last().is_some_and(|c| c.0 == i) {
                continue;
            }
            match reference_step(o, &ball, &rest) {
                Some(Err(())) => {
                    return (
                        ball.center,
                        out,
                        contacts,
                        Outcome::Embedded { obstacle: i },
                    );
                }
                Some(Ok(h)) if first.as_ref().is_none_or(|(_, f)| h.time < f.time) => {
                    first = Some((i, h));
                }
                _ => {}
            }
        }
        let Some((i, h)) = first else {
            return (ball.center + rest, out, contacts, Outcome::Moved);
        };
        time = time.clone() + h.time.clone() * (one.clone() - time);
        contacts.push((i, time.clone(), h.normal.clone()));
        ball.center = h.center;
        out = reflect(out, &h.normal);
        if contacts.len() as u32 > max {
            return (ball.center, out, contacts, Outcome::BounceLimit);
        }
        let keep = one.clone() - h.time;
        rest = reflect(rest, &h.normal) * keep;
    }
}

/// `advance` on the exact backend against the reference: the outcome,
/// every contact's obstacle, time and normal, the end center and the
/// outgoing displacement; the number of contacts.
fn agree(
    ball: &Circle<Exact>,
    d: &Vec2<Exact>,
    obstacles: &[Obstacle<Exact>],
    options: &Options<Exact>,
) -> usize {
    let mut contacts = Vec::new();
    let end =
        advance(ball, d, obstacles, options, |c| contacts.push(c.clone())).expect("exact answers");
    let (e, max) = (&options.restitution, options.max_bounces);
    let (center, out, want, outcome) = reference(ball, d, obstacles, e, max);
    let ctx = || {
        format!(
            "{ball:?} by {d:?} among {obstacles:?}\n  got {end:?} {contacts:?}\n  want {center:?} {out:?} {want:?} {outcome:?}"
        )
    };
    let near2 = |a: &Vec2<Exact>, b: &Vec2<Exact>| near(&a.x, &b.x) && near(&a.y, &b.y);
    assert_eq!(end.outcome, outcome, "{}", ctx());
    assert_eq!(contacts.len(), want.len(), "{}", ctx());
    for (c, (i, t, n)) in contacts.iter().zip(&want) {
        assert!(c.obstacle == *i && near(&c.time, t), "{}", ctx());
        assert!(near2(&c.normal, n), "{}", ctx());
    }
    assert!(near2(&end.center, &center), "{}", ctx());
    assert!(near2(&end.displacement, &out), "{}", ctx());
    contacts.len()
}

/// `|a - b| <= 2^-190 (1 + |b|)`: values built with square roots in
/// different ways.
fn near(a: &Exact, b: &Exact) -> bool {
    let d = (a.clone() - b.clone()).0.abs();
    d <= (rug::Rational::from(1) + b.0.clone().abs()) >> 190u32
}

/// A random scene: a few obstacles around the origin (segments, one-sided
/// segments, boxes, oriented boxes with Pythagorean axes, pegs), often
/// touching each other; a ball placed and aimed to hit them.
fn scene(g: &mut Gen) -> (Circle<Exact>, Vec2<Exact>, Vec<Obstacle<Exact>>) {
    let q = Exact::ratio;
    let n = 1 + g.below(5) as usize;
    let mut obstacles = Vec::new();
    for _ in 0..n {
        let p = Vec2::new(g.grid(6), g.grid(6));
        let o = match g.below(5) {
            0 => Obstacle::Segment(Segment2::new(
                p.clone(),
                p + Vec2::new(g.grid(4), g.grid(4)),
            )),
            1 => Obstacle::OneSided(Segment2::new(
                p.clone(),
                p + Vec2::new(g.grid(4), g.grid(4)),
            )),
            2 => {
                let s = Vec2::new(g.nonneg(3), g.nonneg(3));
                Obstacle::Aabb(Aabb2::new(p.clone(), p + s))
            }
            3 => {
                let &(a, b, c) = g.pick(&TRIPLES);
                let u = Vec2::new(q(a, c), q(b, c));
                Obstacle::Obb(Obb2::new(
                    p,
                    [u.clone(), u.perp()],
                    [g.nonneg(2), g.nonneg(2)],
                ))
            }
            _ => Obstacle::Circle(Circle::new(p, g.nonneg(2))),
        };
        obstacles.push(o);
    }
    let ball = Circle::new(Vec2::new(g.grid(10), g.grid(10)), g.nonneg(2));
    let d = Vec2::new(g.value(16), g.value(16));
    (ball, d, obstacles)
}

#[test]
fn exact_frames_agree_with_the_step_by_step_reference() {
    let mut g = Gen::new(0xADA0_0001);
    let (mut with_contacts, mut bounced_twice) = (0, 0);
    // The exact backend's values grow with every irrational contact: a
    // few bounces per frame keep the run short.
    for k in 0..1_500 {
        let (ball, d, obstacles) = scene(&mut g);
        let e = [Exact::ratio(1, 1), Exact::ratio(1, 2), Exact::zero()][k % 3].clone();
        let max = [4, 2, 0][k % 5 % 3];
        let options = Options {
            restitution: e.clone(),
            max_bounces: max,
        };
        let contacts = agree(&ball, &d, &obstacles, &options);
        with_contacts += usize::from(contacts > 0);
        bounced_twice += usize::from(contacts >= 2);
    }
    println!("{with_contacts} frames with contacts, {bounced_twice} with two or more");
    assert!(with_contacts > 250 && bounced_twice > 30);
}

/// A scene, its options and the number of contacts expected.
type Scene<'a> = (
    Circle<Exact>,
    Vec2<Exact>,
    &'a [Obstacle<Exact>],
    Options<Exact>,
    usize,
);

/// The scenes of the hand-derived tests above, and a graze along an
/// oriented box and past a peg, against the reference on the exact
/// backend (the hand tests pin the values; this pins the rules).
#[test]
fn named_scenes_agree_with_the_reference() {
    type E = Exact;
    let q = Exact::ratio;
    let opts = |e: Exact, max: u32| Options {
        restitution: e,
        max_bounces: max,
    };
    let floor = [seg::<E>((-10, 0), (10, 0))];
    let corner = [seg::<E>((0, 0), (10, 0)), seg((0, 0), (0, 10))];
    let walls = [seg::<E>((0, -5), (0, 5)), seg((3, -5), (3, 5))];
    let square = [Obstacle::Aabb(Aabb2::new(pi::<E>(0, 0), pi(2, 2)))];
    let big = [Obstacle::Aabb(Aabb2::new(pi::<E>(0, 0), pi(4, 4)))];
    // The square [-1, 1]^2 turned by (3/5, 4/5): its faces are the lines
    // (p · u) = ±1 and (p · u⊥) = ±1. A ball of radius 1 on the line
    // p · u⊥ = 2, moving along u, is tangent to the face p · u⊥ = 1.
    let u = Vec2::new(q(3, 5), q(4, 5));
    let turned = [Obstacle::Obb(Obb2::new(
        pi::<E>(0, 0),
        [u.clone(), u.perp()],
        [q(1, 1), q(1, 1)],
    ))];
    let start = u.perp() * q(2, 1) - u.clone() * q(4, 1);
    // A peg of radius 1 at the origin; a ball of radius 1 along y = 2 grazes it.
    let peg = [Obstacle::Circle(Circle::new(pi::<E>(0, 0), q(1, 1)))];
    let ball = |x: i64, y: i64, r: Exact| Circle::new(pi::<E>(x, y), r);
    let cases: Vec<Scene> = vec![
        (
            ball(3, 3, q(1, 1)),
            pi(-4, -4),
            &corner,
            opts(q(1, 1), 16),
            2,
        ),
        (
            Circle::new(Vec2::new(q(3, 2), q(0, 1)), q(1, 1)),
            pi(8, 0),
            &walls,
            opts(q(1, 1), 16),
            8,
        ),
        (
            Circle::new(Vec2::new(q(3, 2), q(0, 1)), q(1, 1)),
            pi(8, 0),
            &walls,
            opts(q(1, 1), 3),
            4,
        ),
        (
            ball(0, 1, q(1, 1)),
            Vec2::zero(),
            &floor,
            opts(q(1, 1), 16),
            0,
        ),
        (ball(-5, 1, q(1, 1)), pi(7, 0), &floor, opts(q(1, 1), 16), 0),
        (
            ball(-3, 3, q(1, 1)),
            pi(8, 0),
            &square,
            opts(q(1, 1), 16),
            0,
        ),
        (ball(0, 3, q(1, 1)), pi(4, -4), &floor, opts(q(0, 1), 4), 1),
        (
            Circle::new(Vec2::new(q(0, 1), q(1, 2)), q(1, 1)),
            pi(0, 2),
            &floor,
            opts(q(1, 1), 16),
            0,
        ),
        (
            Circle::new(Vec2::new(q(0, 1), q(1, 2)), q(1, 1)),
            pi(0, -2),
            &floor,
            opts(q(1, 1), 16),
            1,
        ),
        (ball(1, 1, q(1, 1)), pi(5, 0), &big, opts(q(1, 1), 16), 0),
        (
            Circle::new(start, q(1, 1)),
            u * q(8, 1),
            &turned,
            opts(q(1, 1), 16),
            0,
        ),
        (ball(-4, 2, q(1, 1)), pi(8, 0), &peg, opts(q(1, 1), 16), 0),
        (ball(-4, 1, q(1, 1)), pi(8, 0), &peg, opts(q(1, 1), 16), 1),
    ];
    for (k, (b, d, obstacles, options, n)) in cases.iter().enumerate() {
        assert_eq!(agree(b, d, obstacles, options), *n, "scene {k}");
    }
}

// ---------------------------------------------------------------------------
// The closed arena.

/// The arena `[0, 24] x [0, 16]` (four walls) with a box, an oriented box
/// (axes (3/5, 4/5)), two pegs and a slanted wall inside.
fn arena<T: Backend>() -> Vec<Obstacle<T>> {
    let v = |x: i64, y: i64| pi::<T>(x, y);
    vec![
        Obstacle::Segment(Segment2::new(v(0, 0), v(24, 0))),
        Obstacle::Segment(Segment2::new(v(24, 0), v(24, 16))),
        Obstacle::Segment(Segment2::new(v(24, 16), v(0, 16))),
        Obstacle::Segment(Segment2::new(v(0, 16), v(0, 0))),
        Obstacle::Aabb(Aabb2::new(v(4, 4), v(7, 6))),
        Obstacle::Obb(Obb2::new(
            v(17, 5),
            [Vec2::new(r(3, 5), r(4, 5)), Vec2::new(r(-4, 5), r(3, 5))],
            [i(2), i(1)],
        )),
        Obstacle::Circle(Circle::new(v(12, 10), i(1))),
        Obstacle::Circle(Circle::new(v(8, 12), r(1, 2))),
        Obstacle::Segment(Segment2::new(v(14, 13), v(20, 10))),
    ]
}

/// Whether `p` (exact) lies inside obstacle `o` (closed): a center that
/// tunnelled into it.
fn inside(o: &Obstacle<Exact>, p: &Vec2<Exact>) -> bool {
    match o {
        Obstacle::Segment(s) | Obstacle::OneSided(s) => {
            let e = s.p1.clone() - s.p0.clone();
            let c = p.clone() - s.p0.clone();
            let a = e.dot(&c);
            e.cross(&c) == Exact::zero() && a >= Exact::zero() && a <= e.dot(&e)
        }
        Obstacle::Aabb(b) => b.min.x <= p.x && p.x <= b.max.x && b.min.y <= p.y && p.y <= b.max.y,
        Obstacle::Obb(b) => {
            let c = p.clone() - b.center.clone();
            let within = |a: &Vec2<Exact>, e: &Exact| {
                let s = c.dot(a);
                s <= e.clone() && s >= -e.clone()
            };
            within(&b.axes[0], &b.half_extents[0]) && within(&b.axes[1], &b.half_extents[1])
        }
        Obstacle::Circle(c) => {
            (p.clone() - c.center.clone()).length_squared() <= c.radius.clone() * c.radius.clone()
        }
    }
}

/// Balls of radius 1/2 to 1 thrown around the arena for 60 frames with
/// random restitutions: after every frame, on every backend, the center is
/// strictly inside the arena, inside no obstacle, and never embedded.
fn arena_holds<T: Backend>(seed: u64) -> u32 {
    let obstacles = arena::<T>();
    let exact: Vec<Obstacle<Exact>> = obstacles.iter().map(to_exact).collect();
    let mut g = Gen::new(seed);
    let mut total = 0;
    for _ in 0..40 {
        // A start clear of every obstacle (no overlap, decided exactly).
        let mut ball = loop {
            let c = Vec2::new(
                T::from_exact(&(g.nonneg(22) + Exact::ratio(1, 1))).unwrap(),
                T::from_exact(&(g.nonneg(14) + Exact::ratio(1, 1))).unwrap(),
            );
            let half = Exact::ratio(1, 2);
            let rad = T::from_exact(&(half.clone() + g.nonneg(1) * half)).unwrap();
            let b = Circle::new(c, rad);
            let be = Circle::new(b.center.clone().map(|x| x.to_exact()), b.radius.to_exact());
            let clear = exact
                .iter()
                .all(|o| reference_step(o, &be, &Vec2::zero()).is_none() && !overlaps(o, &be));
            if clear {
                break b;
            }
        };
        let mut d = Vec2::new(
            T::from_exact(&g.value(12)).unwrap(),
            T::from_exact(&g.value(12)).unwrap(),
        );
        let options = Options {
            restitution: T::from_exact(
                &[Exact::ratio(1, 1), Exact::ratio(3, 4), Exact::zero()][g.below(3) as usize],
            )
            .unwrap(),
            max_bounces: 16,
        };
        for frame in 0..60 {
            let end = advance(&ball, &d, &obstacles, &options, |_| {})
                .unwrap_or_else(|e| panic!("{}: {e}", T::NAME));
            total += end.contacts;
            let p = end.center.clone().map(|x| x.to_exact());
            let ctx = || format!("{} frame {frame}: {ball:?} by {d:?} -> {end:?}", T::NAME);
            assert!(
                !matches!(end.outcome, Outcome::Embedded { .. }),
                "{}",
                ctx()
            );
            let zero = Exact::zero();
            assert!(
                p.x > zero && p.y > zero && p.x < Exact::ratio(24, 1) && p.y < Exact::ratio(16, 1),
                "left the arena: {}",
                ctx()
            );
            for o in &exact {
                assert!(!inside(o, &p), "inside {o:?}: {}", ctx());
            }
            ball.center = end.center;
            d = end.displacement;
        }
    }
    total
}

/// Whether the circle overlaps the obstacle at rest (the sweep says so).
fn overlaps(o: &Obstacle<Exact>, b: &Circle<Exact>) -> bool {
    let (still, one) = (Vec2::zero(), Exact::ratio(1, 1));
    let s = match o {
        Obstacle::Segment(s) | Obstacle::OneSided(s) => {
            sweep_circle_segment_sided(b, &still, s, Sides::Both)
        }
        Obstacle::Aabb(x) => sweep_circle_aabb2_within(b, &still, x, &still, &one),
        Obstacle::Obb(x) => sweep_circle_obb2_within(b, &still, x, &still, &one),
        Obstacle::Circle(c) => sweep_circle_circle_within(b, &still, c, &still, &one),
    };
    matches!(s, Ok(Sweep::Overlapping { .. }))
}

fn to_exact<T: Backend>(o: &Obstacle<T>) -> Obstacle<Exact> {
    let v = |p: &Vec2<T>| p.clone().map(|x| x.to_exact());
    match o {
        Obstacle::Segment(s) => Obstacle::Segment(Segment2::new(v(&s.p0), v(&s.p1))),
        Obstacle::OneSided(s) => Obstacle::OneSided(Segment2::new(v(&s.p0), v(&s.p1))),
        Obstacle::Aabb(b) => Obstacle::Aabb(Aabb2::new(v(&b.min), v(&b.max))),
        Obstacle::Obb(b) => Obstacle::Obb(Obb2::new(
            v(&b.center),
            [v(&b.axes[0]), v(&b.axes[1])],
            [b.half_extents[0].to_exact(), b.half_extents[1].to_exact()],
        )),
        Obstacle::Circle(c) => Obstacle::Circle(Circle::new(v(&c.center), c.radius.to_exact())),
    }
}

#[test]
fn no_ball_leaves_the_arena_or_enters_an_obstacle() {
    let contacts = each_backend!(T => arena_holds::<T>(0xA7E4_0001));
    println!("contacts per backend: {contacts:?}");
    assert!(contacts.iter().all(|&c| c > 500), "{contacts:?}");
}

/// How far a fixed-point ball drifts from the exact one: `frames` frames in
/// a closed 16 x 12 room of four walls, each frame starting where the last
/// ended with the displacement it left with (restitution 1), beside the
/// same frames on the exact backend from the same start. Returns the
/// contacts and the largest gap between the two end centers after any
/// frame, in LSB of `T`. Every contact is on a face (the room's corners lie
/// outside the ball's reach), so the exact frames need no square root.
fn drift<T: Backend>(frames: u32) -> (usize, f64) {
    let walls = [
        seg::<T>((0, 0), (16, 0)),
        seg((16, 0), (16, 12)),
        seg((16, 12), (0, 12)),
        seg((0, 12), (0, 0)),
    ];
    let exact_walls: Vec<Obstacle<Exact>> = walls.iter().map(to_exact).collect();
    let mut ball = Circle::new(Vec2::new(r::<T>(31, 10), r(71, 10)), r(1, 2));
    let mut d = Vec2::new(r::<T>(37, 10), r(23, 10));
    let mut exact_ball = Circle::new(
        ball.center.clone().map(|x| x.to_exact()),
        ball.radius.to_exact(),
    );
    let mut exact_d = d.clone().map(|x| x.to_exact());
    let (mut contacts, mut worst) = (0, 0.0f64);
    for _ in 0..frames {
        let (end, met) = run(ball.clone(), d, &walls, bounces(16));
        let (exact_end, exact_met) = run(exact_ball.clone(), exact_d, &exact_walls, bounces(16));
        assert_eq!(
            met.len(),
            exact_met.len(),
            "{}: the same walls met",
            T::NAME
        );
        contacts += met.len();
        let gap = |a: &T, b: &Exact| (a.to_exact() - b.clone()).nearest_f64().abs() / T::ABS;
        worst = worst
            .max(gap(&end.center.x, &exact_end.center.x))
            .max(gap(&end.center.y, &exact_end.center.y));
        (ball.center, d) = (end.center, end.displacement);
        (exact_ball.center, exact_d) = (exact_end.center, exact_end.displacement);
    }
    (contacts, worst)
}

/// The drift `advance`'s docs state: a bounce off a face adds the rounding
/// of the contact's center and of the rest of the motion (1 LSB each), and
/// an earlier error carries through a face bounce unamplified in the
/// position and scaled by the slope `|R_y / R_x|` (here 23/37 or 37/23)
/// through the contact time in the rest; the end position's own rounding
/// adds 1 LSB a frame. So the gap may grow by about 3 LSB a contact and 1
/// LSB a frame, never faster.
#[test]
fn fixed_point_drift_after_bounces_stays_within_a_few_lsb_each() {
    let frames = 120;
    for (name, (contacts, worst)) in [
        ("I16F16", drift::<swept::fixed::types::I16F16>(frames)),
        ("I32F32", drift::<swept::fixed::types::I32F32>(frames)),
        ("I48F16", drift::<swept::fixed::types::I48F16>(frames)),
    ] {
        println!(
            "{name}: {frames} frames, {contacts} contacts, end centers at most {worst} LSB from the exact ones"
        );
        assert!(contacts >= 40, "{name}: {contacts} contacts");
        let bound = 3.0 * contacts as f64 + f64::from(frames);
        assert!(
            worst <= bound,
            "{name}: {worst} LSB after {contacts} contacts, over {bound}"
        );
    }
}
