//! The harness's view of each static query: input and output types and the
//! comparison by the rule of [`crate::agree`]; and the run of a query on
//! every backend ([`check_all`]).

use crate::agree::{Backend, Query, Tally, Verdict, compare_results, rounded_once};
use crate::exact::Exact;
use rug::Rational;
use swept::Error;
use swept::geom::{Aabb2, Aabb3, Circle, Obb2, Obb3, Sphere, Vec2, Vec3};
use swept::query::batch;
use swept::query::circle_box::{self, Proximity};

/// Converts a 2D vector's coordinates.
pub fn map2<T: Backend, U: Backend>(
    v: &Vec2<T>,
    f: &mut dyn FnMut(&T) -> Option<U>,
) -> Option<Vec2<U>> {
    Some(Vec2::new(f(&v.x)?, f(&v.y)?))
}

/// Converts a 3D vector's coordinates.
pub fn map3<T: Backend, U: Backend>(
    v: &Vec3<T>,
    f: &mut dyn FnMut(&T) -> Option<U>,
) -> Option<Vec3<U>> {
    Some(Vec3::new(f(&v.x)?, f(&v.y)?, f(&v.z)?))
}

/// The largest magnitude among `values`, as `f64`.
pub fn scale_of<'a>(values: impl IntoIterator<Item = &'a Exact>) -> f64 {
    values
        .into_iter()
        .map(|v| Rational::from(v.0.abs_ref()).to_f64())
        .fold(0.0, f64::max)
}

/// `|x|`, exactly.
pub fn absx(x: &Exact) -> Exact {
    if x.signum() < 0 {
        -x.clone()
    } else {
        x.clone()
    }
}

/// Compares two static classifications.
fn compare_proximity(
    exact: &Result<Proximity, Error>,
    got: &Result<Proximity, Error>,
) -> Result<Verdict, String> {
    compare_results(exact, got, |a, b| (a == b).then_some(true))
}

/// Static circle vs aligned rectangle, [`circle_box::classify_circle_aabb2`].
pub struct CircleAabb2;

impl Query for CircleAabb2 {
    type Input<T: Backend> = (Circle<T>, Aabb2<T>);
    type Output<T: Backend> = Result<Proximity, Error>;
    fn try_map<T: Backend, U: Backend>(
        (c, b): &Self::Input<T>,
        f: &mut dyn FnMut(&T) -> Option<U>,
    ) -> Option<Self::Input<U>> {
        let circle = Circle::new(map2(&c.center, f)?, f(&c.radius)?);
        Some((circle, Aabb2::new(map2(&b.min, f)?, map2(&b.max, f)?)))
    }
    fn run<T: Backend>((c, b): &Self::Input<T>) -> Self::Output<T> {
        circle_box::classify_circle_aabb2(c, b)
    }
    fn run_batch<T: Backend>(inputs: &[Self::Input<T>]) -> Vec<Self::Output<T>> {
        crate::batch::two(inputs, batch::classify_circle_aabb2)
    }
    fn compare<T: Backend>(
        e: &Self::Output<Exact>,
        g: &Self::Output<T>,
    ) -> Result<Verdict, String> {
        compare_proximity(e, g)
    }
}

/// Static sphere vs aligned box, [`circle_box::classify_sphere_aabb3`].
pub struct SphereAabb3;

impl Query for SphereAabb3 {
    type Input<T: Backend> = (Sphere<T>, Aabb3<T>);
    type Output<T: Backend> = Result<Proximity, Error>;
    fn try_map<T: Backend, U: Backend>(
        (s, b): &Self::Input<T>,
        f: &mut dyn FnMut(&T) -> Option<U>,
    ) -> Option<Self::Input<U>> {
        let sphere = Sphere::new(map3(&s.center, f)?, f(&s.radius)?);
        Some((sphere, Aabb3::new(map3(&b.min, f)?, map3(&b.max, f)?)))
    }
    fn run<T: Backend>((s, b): &Self::Input<T>) -> Self::Output<T> {
        circle_box::classify_sphere_aabb3(s, b)
    }
    fn run_batch<T: Backend>(inputs: &[Self::Input<T>]) -> Vec<Self::Output<T>> {
        crate::batch::two(inputs, batch::classify_sphere_aabb3)
    }
    fn compare<T: Backend>(
        e: &Self::Output<Exact>,
        g: &Self::Output<T>,
    ) -> Result<Verdict, String> {
        compare_proximity(e, g)
    }
}

/// Static circle vs oriented rectangle, [`circle_box::classify_circle_obb2`].
pub struct CircleObb2;

impl Query for CircleObb2 {
    type Input<T: Backend> = (Circle<T>, Obb2<T>);
    type Output<T: Backend> = Result<Proximity, Error>;
    fn try_map<T: Backend, U: Backend>(
        (c, b): &Self::Input<T>,
        f: &mut dyn FnMut(&T) -> Option<U>,
    ) -> Option<Self::Input<U>> {
        let circle = Circle::new(map2(&c.center, f)?, f(&c.radius)?);
        let axes = [map2(&b.axes[0], f)?, map2(&b.axes[1], f)?];
        let half = [f(&b.half_extents[0])?, f(&b.half_extents[1])?];
        Some((circle, Obb2::new(map2(&b.center, f)?, axes, half)))
    }
    fn run<T: Backend>((c, b): &Self::Input<T>) -> Self::Output<T> {
        circle_box::classify_circle_obb2(c, b)
    }
    fn run_batch<T: Backend>(inputs: &[Self::Input<T>]) -> Vec<Self::Output<T>> {
        crate::batch::two(inputs, batch::classify_circle_obb2)
    }
    fn compare<T: Backend>(
        e: &Self::Output<Exact>,
        g: &Self::Output<T>,
    ) -> Result<Verdict, String> {
        compare_proximity(e, g)
    }
}

/// Converts an oriented box in 3D.
pub fn map_obb3<T: Backend, U: Backend>(
    b: &Obb3<T>,
    f: &mut dyn FnMut(&T) -> Option<U>,
) -> Option<Obb3<U>> {
    let [a0, a1, a2] = &b.axes;
    let axes = [map3(a0, f)?, map3(a1, f)?, map3(a2, f)?];
    let [e0, e1, e2] = &b.half_extents;
    let half = [f(e0)?, f(e1)?, f(e2)?];
    Some(Obb3::new(map3(&b.center, f)?, axes, half))
}

/// Static sphere vs oriented box, [`circle_box::classify_sphere_obb3`].
pub struct SphereObb3;

impl Query for SphereObb3 {
    type Input<T: Backend> = (Sphere<T>, Obb3<T>);
    type Output<T: Backend> = Result<Proximity, Error>;
    fn try_map<T: Backend, U: Backend>(
        (s, b): &Self::Input<T>,
        f: &mut dyn FnMut(&T) -> Option<U>,
    ) -> Option<Self::Input<U>> {
        let sphere = Sphere::new(map3(&s.center, f)?, f(&s.radius)?);
        Some((sphere, map_obb3(b, f)?))
    }
    fn run<T: Backend>((s, b): &Self::Input<T>) -> Self::Output<T> {
        circle_box::classify_sphere_obb3(s, b)
    }
    fn run_batch<T: Backend>(inputs: &[Self::Input<T>]) -> Vec<Self::Output<T>> {
        crate::batch::two(inputs, batch::classify_sphere_obb3)
    }
    fn compare<T: Backend>(
        e: &Self::Output<Exact>,
        g: &Self::Output<T>,
    ) -> Result<Verdict, String> {
        compare_proximity(e, g)
    }
}

/// Squared distance from a point to an oriented box: a value query.
pub struct DistanceObb3;

impl Query for DistanceObb3 {
    type Input<T: Backend> = (Vec3<T>, Obb3<T>);
    type Output<T: Backend> = Result<T, Error>;
    fn try_map<T: Backend, U: Backend>(
        (p, b): &Self::Input<T>,
        f: &mut dyn FnMut(&T) -> Option<U>,
    ) -> Option<Self::Input<U>> {
        Some((map3(p, f)?, map_obb3(b, f)?))
    }
    fn run<T: Backend>((p, b): &Self::Input<T>) -> Self::Output<T> {
        circle_box::distance_squared_point_obb3(p, b)
    }
    fn run_batch<T: Backend>(inputs: &[Self::Input<T>]) -> Vec<Self::Output<T>> {
        crate::batch::two(inputs, batch::distance_squared_point_obb3)
    }
    fn compare<T: Backend>(
        e: &Self::Output<Exact>,
        g: &Self::Output<T>,
    ) -> Result<Verdict, String> {
        compare_value(e, g)
    }
}

/// Squared distance from a point to an aligned rectangle: a value query.
pub struct DistanceAabb2;

impl Query for DistanceAabb2 {
    type Input<T: Backend> = (Vec2<T>, Aabb2<T>);
    type Output<T: Backend> = Result<T, Error>;
    fn try_map<T: Backend, U: Backend>(
        (p, b): &Self::Input<T>,
        f: &mut dyn FnMut(&T) -> Option<U>,
    ) -> Option<Self::Input<U>> {
        Some((map2(p, f)?, Aabb2::new(map2(&b.min, f)?, map2(&b.max, f)?)))
    }
    fn run<T: Backend>((p, b): &Self::Input<T>) -> Self::Output<T> {
        circle_box::distance_squared_point_aabb2(p, b)
    }
    fn run_batch<T: Backend>(inputs: &[Self::Input<T>]) -> Vec<Self::Output<T>> {
        crate::batch::two(inputs, batch::distance_squared_point_aabb2)
    }
    fn compare<T: Backend>(
        e: &Self::Output<Exact>,
        g: &Self::Output<T>,
    ) -> Result<Verdict, String> {
        compare_value(e, g)
    }
}

/// Squared distance from a point to an aligned box: a value query.
pub struct DistanceAabb3;

impl Query for DistanceAabb3 {
    type Input<T: Backend> = (Vec3<T>, Aabb3<T>);
    type Output<T: Backend> = Result<T, Error>;
    fn try_map<T: Backend, U: Backend>(
        (p, b): &Self::Input<T>,
        f: &mut dyn FnMut(&T) -> Option<U>,
    ) -> Option<Self::Input<U>> {
        Some((map3(p, f)?, Aabb3::new(map3(&b.min, f)?, map3(&b.max, f)?)))
    }
    fn run<T: Backend>((p, b): &Self::Input<T>) -> Self::Output<T> {
        circle_box::distance_squared_point_aabb3(p, b)
    }
    fn run_batch<T: Backend>(inputs: &[Self::Input<T>]) -> Vec<Self::Output<T>> {
        crate::batch::two(inputs, batch::distance_squared_point_aabb3)
    }
    fn compare<T: Backend>(
        e: &Self::Output<Exact>,
        g: &Self::Output<T>,
    ) -> Result<Verdict, String> {
        compare_value(e, g)
    }
}

/// Squared distance from a point to an oriented rectangle (degree 4: the
/// axes are inputs): a value query.
pub struct DistanceObb2;

impl Query for DistanceObb2 {
    type Input<T: Backend> = (Vec2<T>, Obb2<T>);
    type Output<T: Backend> = Result<T, Error>;
    fn try_map<T: Backend, U: Backend>(
        (p, b): &Self::Input<T>,
        f: &mut dyn FnMut(&T) -> Option<U>,
    ) -> Option<Self::Input<U>> {
        let axes = [map2(&b.axes[0], f)?, map2(&b.axes[1], f)?];
        let half = [f(&b.half_extents[0])?, f(&b.half_extents[1])?];
        Some((map2(p, f)?, Obb2::new(map2(&b.center, f)?, axes, half)))
    }
    fn run<T: Backend>((p, b): &Self::Input<T>) -> Self::Output<T> {
        circle_box::distance_squared_point_obb2(p, b)
    }
    fn run_batch<T: Backend>(inputs: &[Self::Input<T>]) -> Vec<Self::Output<T>> {
        crate::batch::two(inputs, batch::distance_squared_point_obb2)
    }
    fn compare<T: Backend>(
        e: &Self::Output<Exact>,
        g: &Self::Output<T>,
    ) -> Result<Verdict, String> {
        compare_value(e, g)
    }
}

/// A value (e.g. a squared distance) must be the exact one rounded once.
pub fn compare_value<T: Backend>(
    e: &Result<Exact, Error>,
    g: &Result<T, Error>,
) -> Result<Verdict, String> {
    compare_results(e, g, |a, b| Some(rounded_once(b, a)))
}

/// One [`Tally`] per backend of [`crate::BACKENDS`].
pub type Tallies = [Tally; crate::N_BACKENDS];

/// Runs [`crate::check`] for `Q` on every backend, in the order of
/// [`crate::BACKENDS`]; the first disagreement, if any.
pub fn check_all<Q: Query>(input: &Q::Input<Exact>, tallies: &mut Tallies) -> Result<(), String> {
    let mut tally = tallies.iter_mut();
    let results = crate::each_backend!(T => crate::check::<Q, T>(input, tally.next().expect("one per backend")));
    results.into_iter().collect()
}

/// Runs `n` inputs from `make` through [`check_all`]: no disagreement (a
/// panic at the first, naming `name` and the case), and at most
/// `max_refusals[b]` inputs refused as out of domain by backend `b`.
pub fn check_mix<Q: Query>(
    name: &str,
    n: usize,
    max_refusals: [u64; crate::N_BACKENDS],
    mut make: impl FnMut() -> Q::Input<Exact>,
) {
    let mut tallies: Tallies = Default::default();
    for i in 0..n {
        if let Err(e) = check_all::<Q>(&make(), &mut tallies) {
            panic!("{name} case {i}: {e}");
        }
    }
    for ((b, t), max) in crate::BACKENDS.iter().zip(&tallies).zip(max_refusals) {
        println!("{name} {b}: {t:?}");
        assert!(t.out_of_domain <= max, "{name} {b}: {t:?}");
    }
}
