//! Moving circle vs moving circle: the first hit, its time, point, the
//! circle's center and the normal, by the rules of every sweep
//! ([`crate::query::sweep`]).
//!
//! # Reduction
//! Circle `(c, r)` moving at `v`, obstacle `(o, ρ)` moving at `w`. Relative
//! to the obstacle the center moves along `D + tV` with `D = c - o`, `V = v -
//! w`, and the two touch when `|D + tV| = R`, `R = r + ρ`: the moving center
//! against the obstacle's center dilated by `R` (the corner arc of
//! [`sweep_circle_rect`](super::sweep_circle_rect), alone).
//!
//! # Predicates (signs of polynomials in the inputs)
//! * **t = 0** (degree 2): `|D|² - R²` negative is overlapping; zero is
//!   touching, a hit at 0 iff `V · D < 0` (degree 2) and `R > 0` (two points,
//!   `R = 0`, have no interior to move into).
//! * **Later**: the path enters the circle of radius `R` iff `q0 = -V · D >
//!   0` (degree 2) and `q1 = R²|V|² - (V × D)² > 0` (degree 4); `q1 = 0` is a
//!   tangent graze, not a hit, except for two points (`R = 0`), where it is
//!   the path through `o`.
//! * **`max_time`**: `q0 - T q2 <= 0` or `(q0 - T q2)² <= q1`, `q2 = |V|²`
//!   (degree 6).
//! * For [`advance`](crate::advance), an overlap also decides whether the
//!   motion deepens it (`V · D < 0`) and whether the center lies in the
//!   obstacle (`|D|² <= ρ²`).
//! * **Early exit**, before them: on some axis `D_j > R` and `V_j >= 0` (or
//!   `D_j < -R` and `V_j <= 0`), certainly (comparisons of inputs,
//!   [`exceeds_sum`]): `|D_j + tV_j|`, a lower bound of the distance,
//!   stays above `R`, a miss.
//!
//! # Construction
//! Each value rounded once ([`crate::exact`]): `t = (|D|² - R²) / (q0 +
//! √q1)` (the smaller root of `q2 t² - 2 q0 t + |D|² - R²`, without
//! cancellation), the center `c + t v`, the normal `n = (D + t V) / R`, the
//! point `o + t w + ρ n`; at 0 the same with `t = 0`; for two points
//! `t = |D|² / q0`, the point `o + t w` and `n = -V/|V|`. Overlapping: the
//! witness `o + ρ D / |D|`, or the center where it lies in the obstacle.
//!
//! # Domain and errors
//! Every finite input is decided (degree 6 at most). NaN or infinity:
//! [`Error::NotFinite`] naming the input; a negative radius:
//! [`Error::Negative`] naming it ([`Quantity::Radius`] for the moving
//! circle, [`Quantity::Obstacle`] for the other). A value outside the
//! backend's range: [`Error::OutOfRange`] naming it; floats whose exact
//! fallback is needed for inputs spread too far apart: [`Error::Spread`].

use crate::Real;
use crate::error::{Error, Quantity};
use crate::exact::{Construction, Dim, Finish, Part, Procedure, Ring, Signs, Surd, exceeds_sum};
use crate::geom::{Circle, Vec2};
use crate::query::sweep::{Build, Every, Hit, Step, Sweep, TimeOnly, limit, timed, within_limit};
use crate::query::{away, construct, cross, decide_checked, dot, inline, nonnegative};

/// What the decisions found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// Overlapping at 0; `deepening`: `V · D < 0`; `inside`: the center
    /// lies in the obstacle.
    Overlap { deepening: bool, inside: bool },
    /// Touching at 0, moving in.
    Start,
    /// Entering the dilated circle later.
    Arc,
    /// Two points meeting (`R = 0`).
    Through,
    /// Overlapping and moving deeper (for [`advance`](crate::advance)), the
    /// center not on the other's (`D != 0`): a hit at 0 pushing out along
    /// `D / |D|`.
    Deeper,
    /// No hit.
    Miss,
}

/// The relative values `D`, `V` and `R = r + ρ` of the inputs `c, r, v, o,
/// ρ, w`.
#[inline(always)]
fn relative<R: Ring>(x: &[R]) -> ([R; 2], [R; 2], R) {
    let [cx, cy, r, vx, vy, ox, oy, rho, wx, wy, ..] = x else {
        return ([R::zero(), R::zero()], [R::zero(), R::zero()], R::zero());
    };
    (
        [cx.clone() - ox.clone(), cy.clone() - oy.clone()],
        [vx.clone() - wx.clone(), vy.clone() - wy.clone()],
        r.clone() + rho.clone(),
    )
}

/// What the inputs measure.
const DIMS: [Dim; 10] = {
    let (l, v) = (Dim::LENGTH, Dim::VELOCITY);
    [l, l, l, v, v, l, l, l, v, v]
};

/// The names of the inputs.
const NAMES: [Quantity; 10] = {
    use Quantity::{Center, Obstacle, ObstacleVelocity, Radius, Velocity};
    [
        Center,
        Center,
        Radius,
        Velocity,
        Velocity,
        Obstacle,
        Obstacle,
        Obstacle,
        ObstacleVelocity,
        ObstacleVelocity,
    ]
};

/// The decisions of the module doc (degree 4).
pub(crate) struct Decide;

impl Procedure<10> for Decide {
    type Out = Found;
    const DIMS: [Dim; 10] = DIMS;
    const DEGREE: u32 = 4;
    #[inline(always)]
    fn run<R: Ring>(&self, x: &[R; 10], s: &mut Signs) -> Found {
        let (d, v, big) = relative(x);
        let dd = dot(&d, &d);
        let vd = dot(&v, &d);
        match s.sign(&(dd.clone() - big.clone() * big.clone())) {
            core::cmp::Ordering::Less => {
                let rho = &x[7];
                let inside = !s.positive(&(dd - rho.clone() * rho.clone()));
                let deepening = s.negative(&vd);
                return Found::Overlap { deepening, inside };
            }
            core::cmp::Ordering::Equal => {
                return if !s.zero(&big) && s.negative(&vd) {
                    Found::Start
                } else {
                    Found::Miss
                };
            }
            core::cmp::Ordering::Greater => {}
        }
        if !s.negative(&vd) {
            return Found::Miss;
        }
        let x = cross(&v, &d);
        let q1 = big.clone() * big.clone() * dot(&v, &v) - x.clone() * x;
        match s.sign(&q1) {
            core::cmp::Ordering::Greater => Found::Arc,
            core::cmp::Ordering::Equal if s.zero(&big) => Found::Through,
            _ => Found::Miss,
        }
    }
}

/// Whether the hit of a decision comes by the time limit (input 10).
struct Within(Found);

impl Procedure<11> for Within {
    type Out = bool;
    const DIMS: [Dim; 11] = timed(&DIMS);
    const DEGREE: u32 = 6;
    #[inline(always)]
    fn run<R: Ring>(&self, x: &[R; 11], s: &mut Signs) -> bool {
        let (d, v, big) = relative(x);
        let [.., t] = x;
        let (q0, q2) = (-dot(&v, &d), dot(&v, &v));
        let a = q0 - t.clone() * q2.clone();
        let early = !s.positive(&a);
        match self.0 {
            Found::Arc => {
                let c = cross(&v, &d);
                let q1 = big.clone() * big * q2 - c.clone() * c;
                early | (s.sign_when(&(a.clone() * a - q1), !early).is_le())
            }
            Found::Through => early,
            _ => true,
        }
    }
}

/// A hit's time, point, center and normal (module doc, "Construction").
pub(crate) struct HitValues(pub Found);

impl Construction<10, 7> for HitValues {
    const DIMS: [Dim; 10] = DIMS;
    const OUT: [Dim; 7] = {
        let (t, l, n) = (Dim::TIME, Dim::LENGTH, Dim::NONE);
        [t, l, l, l, l, n, n]
    };
    const DEGREE: u32 = 4;
    #[inline(always)]
    fn build<R: Ring, O: Finish<R, 7>>(&self, x: &[R; 10], out: O) -> O::Out {
        let [cx, cy, _, vx, vy, ox, oy, rho, wx, wy] = x;
        let (d, v, big) = relative(x);
        let (c, vc, o, w) = (
            [cx.clone(), cy.clone()],
            [vx.clone(), vy.clone()],
            [ox.clone(), oy.clone()],
            [wx.clone(), wy.clone()],
        );
        let center = inline(
            #[inline(always)]
            |j: usize| Part::along(c[j].clone(), vc[j].clone()),
        );
        // o + t w + ρ (D + t V) / R = (o R + ρ D + t (w R + ρ V)) / R.
        let point = inline(
            #[inline(always)]
            |j: usize| {
                Part::Along(
                    o[j].clone() * big.clone() + rho.clone() * d[j].clone(),
                    w[j].clone() * big.clone() + rho.clone() * v[j].clone(),
                    big.clone(),
                )
            },
        );
        let normal = inline(
            #[inline(always)]
            |j: usize| Part::Along(d[j].clone(), v[j].clone(), big.clone()),
        );
        let dd = dot(&d, &d);
        let q0 = -dot(&v, &d);
        match self.0 {
            // At 0, or later at (|D|² - R²) / (q0 + √q1).
            Found::Start | Found::Arc => {
                let (radicand, time) = if self.0 == Found::Start {
                    (R::zero(), Surd::value(R::zero()))
                } else {
                    let cr = cross(&v, &d);
                    let q1 = big.clone() * big.clone() * dot(&v, &v) - cr.clone() * cr;
                    (q1, Surd::over_root(dd - big.clone() * big.clone(), q0))
                };
                out.finish(
                    &radicand,
                    &[
                        time.into(),
                        point(0),
                        point(1),
                        center(0),
                        center(1),
                        normal(0),
                        normal(1),
                    ],
                )
            }
            Found::Deeper => {
                // D / |D| = D √c / c and o + ρ D / |D|, c = |D|².
                let unit = inline(
                    #[inline(always)]
                    |a: R, b: R| {
                        Part::from(Surd {
                            a,
                            b,
                            d: dd.clone(),
                            e: R::zero(),
                        })
                    },
                );
                out.finish(
                    &dd,
                    &[
                        Surd::value(R::zero()).into(),
                        unit(o[0].clone() * dd.clone(), rho.clone() * d[0].clone()),
                        unit(o[1].clone() * dd.clone(), rho.clone() * d[1].clone()),
                        Surd::value(c[0].clone()).into(),
                        Surd::value(c[1].clone()).into(),
                        unit(R::zero(), d[0].clone()),
                        unit(R::zero(), d[1].clone()),
                    ],
                )
            }
            Found::Through => {
                let vv = dot(&v, &v);
                let [n0, n1] = away(&v);
                out.finish(
                    &vv,
                    &[
                        Surd::ratio(dd, q0).into(),
                        Part::along(o[0].clone(), w[0].clone()),
                        Part::along(o[1].clone(), w[1].clone()),
                        center(0),
                        center(1),
                        n0,
                        n1,
                    ],
                )
            }
            _ => out.zero(),
        }
    }
}

/// The obstacle's point nearest the center of an overlap: `o + ρ D / |D|`,
/// or the center where it lies in the obstacle.
struct Witness(bool);

impl Construction<10, 2> for Witness {
    const DIMS: [Dim; 10] = DIMS;
    const OUT: [Dim; 2] = [Dim::LENGTH; 2];
    const DEGREE: u32 = 3;
    #[inline(always)]
    fn build<R: Ring, O: Finish<R, 2>>(&self, x: &[R; 10], out: O) -> O::Out {
        let [cx, cy, _, _, _, ox, oy, rho, ..] = x;
        let (d, _, _) = relative(x);
        let dd = dot(&d, &d);
        let (c, o) = ([cx.clone(), cy.clone()], [ox.clone(), oy.clone()]);
        let w = inline(
            #[inline(always)]
            |j: usize| {
                if self.0 {
                    Surd::value(c[j].clone())
                } else {
                    Surd {
                        a: o[j].clone() * dd.clone(),
                        b: rho.clone() * d[j].clone(),
                        d: dd.clone(),
                        e: R::zero(),
                    }
                }
            },
        );
        out.finish(&dd, &[w(0).into(), w(1).into()])
    }
}

/// Moving circle vs moving circle: the first hit at any time `t >= 0` (the
/// rules: [`crate::query::sweep`]).
///
/// ```
/// use swept::geom::{Circle, Vec2};
/// use swept::query::{Hit, Sweep, sweep_circle_circle::sweep_circle_circle};
/// // A unit circle at (-5, 0) moving right at speed 2 toward a still circle
/// // of radius 2 at the origin: the centers are 3 apart at t = 1, when the
/// // circles touch at (-2, 0).
/// let c = Circle::new(Vec2::new(-5.0, 0.0), 1.0);
/// let peg = Circle::new(Vec2::new(0.0, 0.0), 2.0);
/// let (v, still) = (Vec2::new(2.0, 0.0), Vec2::new(0.0, 0.0));
/// assert_eq!(
///     sweep_circle_circle(&c, &v, &peg, &still),
///     Ok(Sweep::Hit(Hit {
///         time: 1.0,
///         point: Vec2::new(-2.0, 0.0),
///         center: Vec2::new(-3.0, 0.0),
///         normal: Vec2::new(-1.0, 0.0),
///     }))
/// );
/// ```
pub fn sweep_circle_circle<T: Real>(
    circle: &Circle<T>,
    velocity: &Vec2<T>,
    other: &Circle<T>,
    other_velocity: &Vec2<T>,
) -> Result<Sweep<T>, Error> {
    sweep::<T, Every>(circle, velocity, other, other_velocity, None)
}

/// As [`sweep_circle_circle`], counting only hits at `time <= max_time`.
///
/// ```
/// use swept::geom::{Circle, Vec2};
/// use swept::query::{Sweep, sweep_circle_circle::sweep_circle_circle_within};
/// let c = Circle::new(Vec2::new(-5.0, 0.0), 1.0);
/// let peg = Circle::new(Vec2::new(0.0, 0.0), 2.0);
/// let (v, still) = (Vec2::new(2.0, 0.0), Vec2::new(0.0, 0.0));
/// assert_eq!(sweep_circle_circle_within(&c, &v, &peg, &still, &0.5), Ok(Sweep::Miss));
/// ```
pub fn sweep_circle_circle_within<T: Real>(
    circle: &Circle<T>,
    velocity: &Vec2<T>,
    other: &Circle<T>,
    other_velocity: &Vec2<T>,
    max_time: &T,
) -> Result<Sweep<T>, Error> {
    sweep::<T, Every>(circle, velocity, other, other_velocity, Some(max_time))
}

/// As [`sweep_circle_circle`], building only the time of a hit: the same
/// answer, with `point`, `center`, `normal` and an overlap's `witness`
/// left out (`()`), and one value rounded instead of seven. Its domain is
/// at least the full query's.
///
/// ```
/// use swept::geom::{Circle, Vec2};
/// use swept::query::sweep_circle_circle::sweep_circle_circle_time;
/// let c = Circle::new(Vec2::new(-5.0, 0.0), 1.0);
/// let peg = Circle::new(Vec2::new(0.0, 0.0), 2.0);
/// let (v, still) = (Vec2::new(2.0, 0.0), Vec2::new(0.0, 0.0));
/// let hit = sweep_circle_circle_time(&c, &v, &peg, &still).unwrap();
/// assert_eq!(hit.hit().map(|h| h.time), Some(1.0));
/// ```
pub fn sweep_circle_circle_time<T: Real>(
    circle: &Circle<T>,
    velocity: &Vec2<T>,
    other: &Circle<T>,
    other_velocity: &Vec2<T>,
) -> Result<Sweep<T, ()>, Error> {
    sweep::<T, TimeOnly>(circle, velocity, other, other_velocity, None)
}

/// As [`sweep_circle_circle_within`], building only the time of a hit
/// ([`sweep_circle_circle_time`]).
///
/// ```
/// use swept::geom::{Circle, Vec2};
/// use swept::query::{Sweep, sweep_circle_circle::sweep_circle_circle_time_within};
/// let c = Circle::new(Vec2::new(-5.0, 0.0), 1.0);
/// let peg = Circle::new(Vec2::new(0.0, 0.0), 2.0);
/// let (v, still) = (Vec2::new(2.0, 0.0), Vec2::new(0.0, 0.0));
/// assert_eq!(sweep_circle_circle_time_within(&c, &v, &peg, &still, &0.5), Ok(Sweep::Miss));
/// ```
pub fn sweep_circle_circle_time_within<T: Real>(
    circle: &Circle<T>,
    velocity: &Vec2<T>,
    other: &Circle<T>,
    other_velocity: &Vec2<T>,
    max_time: &T,
) -> Result<Sweep<T, ()>, Error> {
    sweep::<T, TimeOnly>(circle, velocity, other, other_velocity, Some(max_time))
}

/// The inputs of the procedures.
#[inline(always)]
pub(crate) fn inputs<T: Real>(
    circle: &Circle<T>,
    v: &Vec2<T>,
    other: &Circle<T>,
    w: &Vec2<T>,
) -> [T; 10] {
    let (c, o) = (&circle.center, &other.center);
    [
        c.x.clone(),
        c.y.clone(),
        circle.radius.clone(),
        v.x.clone(),
        v.y.clone(),
        o.x.clone(),
        o.y.clone(),
        other.radius.clone(),
        w.x.clone(),
        w.y.clone(),
    ]
}

/// The decision on `x`, its faults named (a non-finite input first): the
/// early exit ([`gone`]), else the procedure.
pub(crate) fn decide_inputs<T: Real>(x: &[T; 10], max_time: Option<&T>) -> Result<Found, Error> {
    if gone(x, max_time) {
        return Ok(Found::Miss);
    }
    decide_checked(&Decide, x, &NAMES, || {
        limit(max_time)?;
        nonnegative([&x[2], &x[7]], &[Quantity::Radius, Quantity::Obstacle])
    })
}

/// The early exit (module doc): on some axis the centers farther apart
/// than `r + ρ`, certainly, and not closing, so that they stay so: a miss
/// (no overlap at the start either). False where not certain, or where an
/// input is not finite or a radius negative (the procedure names it).
#[inline(always)]
fn gone<T: Real>(x: &[T; 10], max_time: Option<&T>) -> bool {
    let [cx, cy, r, vx, vy, ox, oy, rho, wx, wy] = x;
    let leaves = |c: &T, v: &T, o: &T, w: &T| {
        (exceeds_sum(c, o, r, rho) & (v >= w)) | (exceeds_sum(o, c, r, rho) & (v <= w))
    };
    // The inputs checked only where it is taken (a hit pays the
    // comparisons alone).
    (leaves(cx, vx, ox, wx) | leaves(cy, vy, oy, wy))
        && x.iter().all(T::is_finite)
        && max_time.is_none_or(T::is_finite)
        && (*r >= T::zero())
        && (*rho >= T::zero())
}

/// The hit of decision `found` on `x`, if it comes by `max_time`.
pub(crate) fn hit<T: Real, B: Build<T, Vec2<T>, 7>>(
    x: &[T; 10],
    found: Found,
    max_time: Option<&T>,
) -> Result<Option<Hit<T, B::V>>, Error> {
    if let Some(t) = max_time {
        if *t < T::zero() {
            return Ok(None);
        }
        let later = matches!(found, Found::Arc | Found::Through);
        if later && !within_limit(&Within(found), x, t, &NAMES)? {
            return Ok(None);
        }
    }
    B::hit(&HitValues(found), x, &NAMES, max_time).map(Some)
}

fn sweep<T: Real, B: Build<T, Vec2<T>, 7>>(
    circle: &Circle<T>,
    v: &Vec2<T>,
    other: &Circle<T>,
    w: &Vec2<T>,
    max_time: Option<&T>,
) -> Result<Sweep<T, B::V>, Error> {
    let x = inputs(circle, v, other, w);
    match decide_inputs(&x, max_time)? {
        Found::Miss => Ok(Sweep::Miss),
        Found::Overlap { inside, .. } => {
            let witness = B::witness(|| {
                let [wx, wy] = construct(&Witness(inside), &x, &NAMES, &[Quantity::Witness; 2])?;
                Ok(Vec2::new(wx, wy))
            })?;
            Ok(Sweep::Overlapping { witness })
        }
        found => Ok(match hit::<T, B>(&x, found, max_time)? {
            Some(h) => Sweep::Hit(h),
            None => Sweep::Miss,
        }),
    }
}

/// One step of [`advance`](crate::advance) against a still circle: the
/// circle displaced by `d` over the frame, an overlap resolved ([`Step`]).
pub(crate) fn step_circle<T: Real>(
    circle: &Circle<T>,
    d: &Vec2<T>,
    other: &Circle<T>,
) -> Result<Step<T>, Error> {
    let (still, one) = (Vec2::zero(), T::one());
    let mut x = inputs(circle, d, other, &still);
    let found = match decide_inputs(&x, None)? {
        Found::Overlap { inside: true, .. } => return Ok(Step::Embedded),
        Found::Overlap {
            deepening: true, ..
        } => {
            // Static values: the displacement zeroed for the fallback.
            x[3] = T::zero();
            x[4] = T::zero();
            Found::Deeper
        }
        Found::Overlap { .. } | Found::Miss => return Ok(Step::Miss),
        f => f,
    };
    Ok(match hit::<T, Every>(&x, found, Some(&one))? {
        Some(h) => Step::Hit(h),
        None => Step::Miss,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::next;

    /// Wherever the early exit answers, the procedure answers a miss too
    /// (inputs on a grid of quarters, so that many touch, graze and
    /// start at the dilated distance on an axis).
    #[test]
    fn the_early_exit_is_a_miss_of_the_procedure() {
        let mut s = 11u64;
        let q = |s: &mut u64| (next(s) % 33) as f64 / 4.0 - 4.0;
        let mut taken = 0;
        for _ in 0..20_000 {
            let mut x = [0.0; 10];
            for v in &mut x {
                *v = q(&mut s);
            }
            x[2] = x[2].abs();
            x[7] = x[7].abs() / 2.0;
            if !gone(&x, None) {
                continue;
            }
            taken += 1;
            let found = decide_checked(&Decide, &x, &NAMES, || Ok(()));
            assert_eq!(found, Ok(Found::Miss), "{x:?}");
        }
        assert!(taken > 2_000, "{taken}");
    }

    /// Not taken on a bad input, which the procedure names, nor where the
    /// centers are exactly `r + ρ` apart on the axis (then the procedure
    /// decides: a touch moving away).
    #[test]
    fn the_early_exit_leaves_bad_input_and_touches() {
        // c = (4, 0), r = 1, moving away (1, 0); o = (0, 0), ρ = 2.
        let x = [4.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0];
        assert!(gone(&x, None));
        assert!(gone(&x, Some(&1.0)));
        assert!(!gone(&x, Some(&f64::NAN)));
        for i in 0..10 {
            for v in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
                let mut bad = x;
                bad[i] = v;
                assert!(!gone(&bad, None), "{bad:?}");
            }
        }
        for i in [2, 7] {
            let mut negative = x;
            negative[i] = -0.5;
            assert!(!gone(&negative, None), "{negative:?}");
        }
        let mut touching = x;
        touching[0] = 3.0;
        assert!(!gone(&touching, None));
        // Closing on the axis: not taken, though a miss elsewhere.
        let mut closing = x;
        closing[3] = -1.0;
        closing[4] = 10.0;
        assert!(!gone(&closing, None));
    }
}
