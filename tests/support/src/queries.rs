//! The harness's view of each query: input and output types, margin, and
//! comparison under the tolerance rule of [`crate::agree`].

use crate::agree::{Backend, Margin, Query, Tally, Verdict};
use crate::exact::Exact;
use rug::Rational;
use swept::Real;
use swept::geom::{Aabb2, Aabb3, Circle, Obb2, Sphere, Vec2, Vec3};
use swept::query::QueryError;
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

/// `x²`, exactly.
pub(crate) fn sq(x: &Exact) -> Exact {
    x.clone() * x.clone()
}

/// `|x|`, exactly.
pub fn absx(x: &Exact) -> Exact {
    if x.signum() < 0 {
        -x.clone()
    } else {
        x.clone()
    }
}

/// The nearest `f64`, for tolerances.
pub(crate) fn f(x: &Exact) -> f64 {
    x.to_f64()
}

/// Exact gap of `c` outside `[lo, hi]` (0 inside).
fn gap(c: &Exact, lo: &Exact, hi: &Exact) -> Exact {
    // As the kernel: max(lo - c, c - hi, 0), which for an inverted slab
    // (lo > hi) is the larger of the two, not the one on the center's side.
    let (a, b) = (lo.clone() - c.clone(), c.clone() - hi.clone());
    let g = if a > b { a } else { b };
    if g > Exact::zero() { g } else { Exact::zero() }
}

/// Whether an error is a backend's refusal (a result outside its range,
/// or inputs too spread for its exact fallback), which the harness counts
/// rather than fails.
pub fn refusal(e: &QueryError) -> bool {
    matches!(e, QueryError::OutOfRange { .. } | QueryError::Spread)
}

/// Compares two static classifications.
fn compare_proximity(
    exact: &Result<Proximity, QueryError>,
    got: &Result<Proximity, QueryError>,
    near: bool,
) -> Result<Verdict, String> {
    match (exact, got) {
        (_, Err(e)) if refusal(e) => Ok(Verdict::OutOfDomain),
        // Bad input is refused on every backend, the exact one included.
        (Err(a), Err(b)) if a == b => Ok(Verdict::Agree),
        (Ok(a), Ok(b)) if a == b => Ok(Verdict::Agree),
        (Ok(_), Ok(_)) if near => Ok(Verdict::InBand),
        _ => Err("kinds differ off the band".into()),
    }
}

/// Static circle vs aligned rectangle, [`circle_box::classify_circle_aabb2`].
/// Margin: `dist² - r²` (degree 2).
pub struct CircleAabb2;

impl Query for CircleAabb2 {
    type Input<T: Backend> = (Circle<T>, Aabb2<T>);
    type Output<T: Backend> = Result<Proximity, QueryError>;
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
    fn margin((c, b): &Self::Input<Exact>) -> Margin {
        let d2 =
            sq(&gap(&c.center.x, &b.min.x, &b.max.x)) + sq(&gap(&c.center.y, &b.min.y, &b.max.y));
        let p = [
            &c.center.x,
            &c.center.y,
            &b.min.x,
            &b.min.y,
            &b.max.x,
            &b.max.y,
            &c.radius,
        ];
        Margin::one(d2 - sq(&c.radius), 2.0 * scale_of(p), 2)
    }
    fn compare<T: Backend>(
        _input: &Self::Input<Exact>,
        e: &Self::Output<Exact>,
        g: &Self::Output<T>,
        near: bool,
        _margin: &Margin,
    ) -> Result<Verdict, String> {
        compare_proximity(e, g, near)
    }
}

/// Static sphere vs aligned box, [`circle_box::classify_sphere_aabb3`].
pub struct SphereAabb3;

impl Query for SphereAabb3 {
    type Input<T: Backend> = (Sphere<T>, Aabb3<T>);
    type Output<T: Backend> = Result<Proximity, QueryError>;
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
    fn margin((s, b): &Self::Input<Exact>) -> Margin {
        let c = &s.center;
        let d2 = sq(&gap(&c.x, &b.min.x, &b.max.x))
            + sq(&gap(&c.y, &b.min.y, &b.max.y))
            + sq(&gap(&c.z, &b.min.z, &b.max.z));
        let p = [
            &c.x, &c.y, &c.z, &b.min.x, &b.min.y, &b.min.z, &b.max.x, &b.max.y, &b.max.z, &s.radius,
        ];
        Margin::one(d2 - sq(&s.radius), 2.0 * scale_of(p), 2)
    }
    fn compare<T: Backend>(
        _input: &Self::Input<Exact>,
        e: &Self::Output<Exact>,
        g: &Self::Output<T>,
        near: bool,
        _margin: &Margin,
    ) -> Result<Verdict, String> {
        compare_proximity(e, g, near)
    }
}

/// Static circle vs oriented rectangle, [`circle_box::classify_circle_obb2`].
/// Margin: `dist² - r²` in the box frame (degree 4 in the inputs, since the
/// axes are inputs).
pub struct CircleObb2;

impl Query for CircleObb2 {
    type Input<T: Backend> = (Circle<T>, Obb2<T>);
    type Output<T: Backend> = Result<Proximity, QueryError>;
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
    fn margin((c, b): &Self::Input<Exact>) -> Margin {
        let d = c.center.clone() - b.center.clone();
        let s = [d.dot(&b.axes[0]), d.dot(&b.axes[1])];
        let e = &b.half_extents;
        let g0 = gap(&s[0], &-e[0].clone(), &e[0]);
        let g1 = gap(&s[1], &-e[1].clone(), &e[1]);
        let p = [
            &c.center.x,
            &c.center.y,
            &b.center.x,
            &b.center.y,
            &e[0],
            &e[1],
            &c.radius,
        ];
        Margin::one(sq(&g0) + sq(&g1) - sq(&c.radius), 2.0 * scale_of(p), 4)
    }
    fn compare<T: Backend>(
        _input: &Self::Input<Exact>,
        e: &Self::Output<Exact>,
        g: &Self::Output<T>,
        near: bool,
        _margin: &Margin,
    ) -> Result<Verdict, String> {
        compare_proximity(e, g, near)
    }
}

/// Squared distance from a point to an aligned rectangle: a value query.
/// Its "margin" is the value itself (degree 2); the value must be within
/// the band.
pub struct DistanceAabb2;

impl Query for DistanceAabb2 {
    type Input<T: Backend> = (Vec2<T>, Aabb2<T>);
    type Output<T: Backend> = Result<T, QueryError>;
    fn try_map<T: Backend, U: Backend>(
        (p, b): &Self::Input<T>,
        f: &mut dyn FnMut(&T) -> Option<U>,
    ) -> Option<Self::Input<U>> {
        Some((map2(p, f)?, Aabb2::new(map2(&b.min, f)?, map2(&b.max, f)?)))
    }
    fn run<T: Backend>((p, b): &Self::Input<T>) -> Self::Output<T> {
        circle_box::distance_squared_point_aabb2(p, b)
    }
    fn margin((p, b): &Self::Input<Exact>) -> Margin {
        let v = [&p.x, &p.y, &b.min.x, &b.min.y, &b.max.x, &b.max.y];
        Margin::one(Exact::one(), 2.0 * scale_of(v), 2)
    }
    fn compare<T: Backend>(
        _input: &Self::Input<Exact>,
        e: &Self::Output<Exact>,
        g: &Self::Output<T>,
        _near: bool,
        margin: &Margin,
    ) -> Result<Verdict, String> {
        match (e, g) {
            // Bad input is refused on every backend, the exact one included.
            (Err(a), Err(b)) if a == b && !refusal(b) => Ok(Verdict::Agree),
            _ => compare_value(e, g, crate::band::<T>(margin.scale, 2)),
        }
    }
}

/// A value (e.g. a squared distance) must lie within `band` of the exact
/// one; a refusal by the backend is counted, not failed.
pub fn compare_value<T: Backend>(
    e: &Result<Exact, QueryError>,
    g: &Result<T, QueryError>,
    band: f64,
) -> Result<Verdict, String> {
    match (e, g) {
        (_, Err(e)) if refusal(e) => Ok(Verdict::OutOfDomain),
        (Ok(a), Ok(b)) => {
            let err = (b.to_exact() - a.clone()).to_f64().abs();
            if err <= band {
                Ok(Verdict::Agree)
            } else {
                Err(format!("value error {err:e} > {band:e}"))
            }
        }
        _ => Err("result kinds differ".into()),
    }
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

/// Every backend decides every query exactly: no kind may differ from the
/// exact one, however near a decision boundary the input lies.
pub fn assert_decided_exactly(name: &str, tallies: &Tallies) {
    for (b, t) in crate::BACKENDS.iter().zip(tallies) {
        assert_eq!(t.in_band, 0, "{name} {b}: {t:?}");
    }
}
