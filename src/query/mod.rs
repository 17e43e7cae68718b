//! Queries, one file per query family, named after what it computes:
//!
//! * [`circle_box`]: a still circle or sphere against a box: classify,
//!   overlap, squared distance;
//! * [`sweep_circle_rect`], [`sweep_circle_segment`],
//!   [`sweep_circle_circle`]: a moving circle against a moving rectangle,
//!   a still segment, a moving circle; [`sweep_sphere_box`]: a moving
//!   sphere against a moving box in 3D. Every sweep answers with one
//!   [`Sweep`] by the same rules ([`sweep`]): overlapping at the start, a
//!   [`Hit`] (time, contact point, center, unit normal), or a miss;
//! * [`batch`]: each of these over slices, answering as the query does.
//!
//! Every query returns `Result<_, Error>`: `Err` when an input is NaN or
//! infinite or negative where it must not be, when an oriented box's axes
//! are not orthonormal within [`AXIS_TOLERANCE`] (`BadAxes`), when a result
//! is outside the backend's range (`OutOfRange`), or, on floats, when the
//! exact fallback would need wider integers than it holds (`Spread`; see
//! each query's "Domain and errors"). It never
//! panics. [`advance`](crate::advance) builds on the sweeps to move a
//! circle through a frame among obstacles, bouncing.

/// `[e(i0), e(i1), ..]`: `e` with `j` bound to each listed axis, written
/// out in place so that `j` is a constant in each (a closure may stay out
/// of line and compute a filter's bounds at run time: module doc of
/// `exact::bound`, "Writing procedures for it"). On thumbv7em a closure
/// per axis took the segment's `f32` face hit 21% more instructions and
/// `advance` 5 KB more code (`python3 ci/mcu.py`, `ci/size.sh`).
macro_rules! each {
    ([$($i:literal),+], |$j:pat_param| $e:expr) => {{
        [$({
            let $j: usize = $i;
            $e
        }),+]
    }};
}

pub mod batch;
pub mod circle_box;
pub mod sweep;
pub mod sweep_circle_circle;
pub mod sweep_circle_rect;
pub mod sweep_circle_segment;
pub mod sweep_sphere_box;

pub use sweep::{Hit, Sweep};

use crate::Real;
use crate::error::{AxesFault, Error, Quantity};
use crate::exact::{self, Construction, Dim, Part, Procedure, Refused, Ring, Signs, Surd};
use crate::geom::{Vec2, Vec3};

/// Runs procedure `p` on the inputs `x` exactly (the exact layer); a
/// refusal names an input from `names`.
#[inline(always)]
pub(crate) fn decide<T: Real, P: Procedure<N>, const N: usize>(
    p: &P,
    x: &[T; N],
    names: &[Quantity; N],
) -> Result<P::Out, Error> {
    exact::decide(p, x).map_err(|e| refused(e, names, &[]))
}

/// As [`decide`], with the query's other input checks `faults` (a bad
/// radius, extent, limit or axes): a non-finite input is named first,
/// then a fault, then a refusal of the decision.
#[inline(always)]
pub(crate) fn decide_checked<T: Real, P: Procedure<N>, const N: usize>(
    p: &P,
    x: &[T; N],
    names: &[Quantity; N],
    faults: impl FnOnce() -> Result<(), Error>,
) -> Result<P::Out, Error> {
    let d = decide(p, x, names);
    if !matches!(d, Err(Error::NotFinite(_))) {
        faults()?;
    }
    d
}

/// Builds construction `c` on the inputs `x`, each value rounded once; a
/// refusal names an input from `names` or a value from `values`.
#[inline(always)]
pub(crate) fn construct<T: Real, C: Construction<N, M>, const N: usize, const M: usize>(
    c: &C,
    x: &[T; N],
    names: &[Quantity; N],
    values: &[Quantity; M],
) -> Result<[T; M], Error> {
    exact::construct(c, x).map_err(|e| refused(e, names, values))
}

/// The error for a refusal of the exact layer: input `i` is named
/// `inputs[i]`, value `i` of a construction `values[i]`.
#[cold]
#[inline(never)]
fn refused(r: Refused, inputs: &[Quantity], values: &[Quantity]) -> Error {
    // The layer names an input or a value by its index in the arrays it was
    // given, which are these; the fallbacks cannot be reached.
    match r {
        Refused::NotFinite(i) => {
            Error::NotFinite(inputs.get(i).copied().unwrap_or(Quantity::Center))
        }
        Refused::Unrepresentable { index, limit } => match values.get(index) {
            Some(&quantity) => Error::OutOfRange { quantity, limit },
            None => Error::Spread,
        },
        Refused::Spread => Error::Spread,
    }
}

/// `Ok` if `t` is finite; otherwise [`Error::NotFinite`] naming it.
#[inline(always)]
pub(crate) fn finite<T: Real>(t: &T, name: Quantity) -> Result<(), Error> {
    if t.is_finite() {
        Ok(())
    } else {
        Err(Error::NotFinite(name))
    }
}

/// A time the decisions put in `[0, hi]` (`hi` none: `[0, ∞)`), clamped
/// there: its rounding (half an LSB on fixed point) can pass either end.
#[inline]
pub(crate) fn clamp_time<T: Real>(time: T, hi: Option<&T>) -> T {
    let time = if time < T::zero() { T::zero() } else { time };
    match hi {
        Some(h) if time > *h => h.clone(),
        _ => time,
    }
}

/// `Ok` if every value is at least zero; otherwise the first that is not.
#[inline(always)]
pub(crate) fn nonnegative<T: Real, const N: usize>(
    x: [&T; N],
    names: &[Quantity; N],
) -> Result<(), Error> {
    let zero = T::zero();
    if x.iter().fold(true, |ok, v| ok & (**v >= zero)) {
        return Ok(());
    }
    name_first(&x.map(T::clone), names, |v| *v < zero, Error::Negative)
}

/// The error for the first value that is `bad` (`Ok` if none is).
#[cold]
#[inline(never)]
fn name_first<T: Real, const N: usize>(
    x: &[T; N],
    names: &[Quantity; N],
    bad: impl Fn(&T) -> bool,
    error: fn(Quantity) -> Error,
) -> Result<(), Error> {
    match x.iter().zip(names).find(|(v, _)| bad(v)) {
        Some((_, q)) => Err(error(*q)),
        None => Ok(()),
    }
}

/// How far from orthonormal a query lets an oriented box's axes be: each
/// `|a_i|² - 1` and `a_0 · a_1` must lie in `[-1/16, 1/16]`. Loose enough for
/// unit axes rounded to any backend (Q16.16 rounds a unit axis to within
/// `2^-15` in squared length), tight enough that the local frame scales
/// lengths by at most `√(17/16)`, which the stated error bounds allow for.
/// The geometry constructors ([`Obb2::try_new`](crate::geom::Obb2::try_new)
/// and the others) check the same tolerance, so a box they accept is
/// accepted by every query. Decided exactly on every backend.
pub const AXIS_TOLERANCE: (i64, i64) = (1, 16);

/// The axes test of [`orthonormal`]: inputs `a_0`, `a_1` and the number 1,
/// all directions; the first test failed, if any: `|a_i|² - 1` and `a_0 ·
/// a_1` must lie within [`AXIS_TOLERANCE`] `= n/d` of 0 (degree 2): `d x -
/// (d + n) · 1 <= 0` and `d x - (d - n) · 1 >= 0` for a squared length `x`,
/// `d |x| <= n · 1` for the dot product.
struct Orthonormal;

impl Procedure<5> for Orthonormal {
    type Out = Option<AxesFault>;
    const DIMS: [Dim; 5] = [Dim::DIRECTION; 5];
    const DEGREE: u32 = 2;
    #[inline(always)]
    fn run<R: Ring>(&self, x: &[R; 5], s: &mut Signs) -> Option<AxesFault> {
        let [a0x, a0y, a1x, a1y, one] = x;
        let a = [[a0x.clone(), a0y.clone()], [a1x.clone(), a1y.clone()]];
        let t = Tolerance::new(one);
        let unit = [t.unit(dot(&a[0], &a[0]), s), t.unit(dot(&a[1], &a[1]), s)];
        let square = t.orthogonal(dot(&a[0], &a[1]), s);
        first_fault(&unit, &[([0, 1], square)])
    }
}

/// The axes test of [`orthonormal3`], as [`Orthonormal`] for three axes
/// (inputs `a_0`, `a_1`, `a_2` and the number 1): each `|a_i|² - 1` and
/// each `a_i · a_j` within [`AXIS_TOLERANCE`] of 0.
struct Orthonormal3;

impl Procedure<10> for Orthonormal3 {
    type Out = Option<AxesFault>;
    const DIMS: [Dim; 10] = [Dim::DIRECTION; 10];
    const DEGREE: u32 = 2;
    #[inline(always)]
    fn run<R: Ring>(&self, x: &[R; 10], s: &mut Signs) -> Option<AxesFault> {
        let [a0x, a0y, a0z, a1x, a1y, a1z, a2x, a2y, a2z, one] = x;
        let a = [
            [a0x.clone(), a0y.clone(), a0z.clone()],
            [a1x.clone(), a1y.clone(), a1z.clone()],
            [a2x.clone(), a2y.clone(), a2z.clone()],
        ];
        let t = Tolerance::new(one);
        // Written out: indexing `a` in a closure leaves a bounds check
        // (and a panic path) at opt-level "s".
        let [a0, a1, a2] = &a;
        let unit = [
            t.unit(dot3(a0, a0), s),
            t.unit(dot3(a1, a1), s),
            t.unit(dot3(a2, a2), s),
        ];
        let pairs = [
            ([0, 1], t.orthogonal(dot3(a0, a1), s)),
            ([0, 2], t.orthogonal(dot3(a0, a2), s)),
            ([1, 2], t.orthogonal(dot3(a1, a2), s)),
        ];
        first_fault(&unit, &pairs)
    }
}

/// The first failed test: a unit test by axis, then an orthogonality test
/// by pair.
#[inline(always)]
fn first_fault(unit: &[bool], square: &[([usize; 2], bool)]) -> Option<AxesFault> {
    if let Some(axis) = unit.iter().position(|ok| !ok) {
        return Some(AxesFault::NotUnit { axis });
    }
    square
        .iter()
        .find(|(_, ok)| !ok)
        .map(|(axes, _)| AxesFault::NotOrthogonal { axes: *axes })
}

/// [`AXIS_TOLERANCE`] `= n/d` in a ring, scaled by the number 1 squared
/// (the dimension of a squared direction).
struct Tolerance<R> {
    d: u32,
    below: R,
    above: R,
    tol: R,
}

impl<R: Ring> Tolerance<R> {
    #[inline(always)]
    fn new(one: &R) -> Self {
        let (n, d) = (AXIS_TOLERANCE.0 as u32, AXIS_TOLERANCE.1 as u32);
        let one2 = one.clone() * one.clone();
        Tolerance {
            d,
            below: R::small(d - n) * one2.clone(),
            above: R::small(d + n) * one2.clone(),
            tol: R::small(n) * one2,
        }
    }

    /// `|x - 1| <= n/d` for a squared length `x`.
    #[inline(always)]
    fn unit(&self, x: R, s: &mut Signs) -> bool {
        within(x, self.d, &self.below, &self.above, s)
    }

    /// `|x| <= n/d` for a dot product `x`.
    #[inline(always)]
    fn orthogonal(&self, x: R, s: &mut Signs) -> bool {
        within(x, self.d, &-self.tol.clone(), &self.tol, s)
    }
}

/// The decisions of [`Orthonormal`] on the axes `a_0 = (x_0, x_1)`, `a_1 =
/// (x_2, x_3)` and the number 1, for procedures that take them among more
/// inputs: true if all three tests pass.
#[inline(always)]
pub(crate) fn axes_within_tolerance<R: Ring>(x: [&R; 4], one: &R, s: &mut Signs) -> bool {
    let [a0x, a0y, a1x, a1y] = x;
    let (a0, a1) = ([a0x.clone(), a0y.clone()], [a1x.clone(), a1y.clone()]);
    let t = Tolerance::new(one);
    let unit0 = t.unit(dot(&a0, &a0), s);
    let unit1 = t.unit(dot(&a1, &a1), s);
    let square = t.orthogonal(dot(&a0, &a1), s);
    unit0 & unit1 & square
}

/// `-V/|V|`: the normal of a point running head-on into a corner, as
/// surds `-V_j √c / c` over the radicand `c = |V|²`.
#[inline(always)]
pub(crate) fn away<R: Ring>(v: &[R; 2]) -> [Part<R>; 2] {
    let vv = dot(v, v);
    each!([0, 1], |j| Part::from(Surd {
        a: R::zero(),
        b: -v[j].clone(),
        d: vv.clone(),
        e: R::zero(),
    }))
}

/// `f` itself, for a closure over ring values written
/// `inline(#[inline(always)] |j| ..)`: a closure the compiler keeps out of
/// line receives a filter's bounds and the double-word flags as run-time
/// values (module doc of `exact::bound`, "Writing procedures for it"), and
/// an attribute on a closure is accepted (on stable Rust) only where the
/// closure is an argument.
#[inline(always)]
pub(crate) fn inline<F>(f: F) -> F {
    f
}

/// `a · b` in three dimensions, in any ring.
#[inline(always)]
pub(crate) fn dot3<R: Ring>([ax, ay, az]: &[R; 3], [bx, by, bz]: &[R; 3]) -> R {
    ax.clone() * bx.clone() + ay.clone() * by.clone() + az.clone() * bz.clone()
}

/// `a · b = a_x b_x + a_y b_y`, in any ring.
#[inline(always)]
pub(crate) fn dot<R: Ring>([ax, ay]: &[R; 2], [bx, by]: &[R; 2]) -> R {
    ax.clone() * bx.clone() + ay.clone() * by.clone()
}

/// `a × b = a_x b_y - a_y b_x`, in any ring.
#[inline(always)]
pub(crate) fn cross<R: Ring>([ax, ay]: &[R; 2], [bx, by]: &[R; 2]) -> R {
    ax.clone() * by.clone() - ay.clone() * bx.clone()
}

/// `lo <= d x <= hi`.
#[inline(always)]
fn within<R: Ring>(x: R, d: u32, lo: &R, hi: &R, s: &mut Signs) -> bool {
    let dx = R::small(d) * x;
    !s.positive(&(dx.clone() - hi.clone())) & !s.negative(&(dx - lo.clone()))
}

/// `Ok` if the axes are orthonormal to within [`AXIS_TOLERANCE`], decided
/// exactly; [`Error::BadAxes`] naming the first test failed otherwise.
#[inline(always)]
pub(crate) fn orthonormal<T: Real>(a0: &Vec2<T>, a1: &Vec2<T>) -> Result<(), Error> {
    let x = [
        a0.x.clone(),
        a0.y.clone(),
        a1.x.clone(),
        a1.y.clone(),
        T::one(),
    ];
    match decide(&Orthonormal, &x, &[Quantity::Axes; 5])? {
        None => Ok(()),
        Some(fault) => Err(Error::BadAxes(fault)),
    }
}

/// As [`orthonormal`] for the three axes of a box in 3D.
#[inline(always)]
pub(crate) fn orthonormal3<T: Real>(a: &[Vec3<T>; 3]) -> Result<(), Error> {
    let [a0, a1, a2] = a;
    let x = [
        a0.x.clone(),
        a0.y.clone(),
        a0.z.clone(),
        a1.x.clone(),
        a1.y.clone(),
        a1.z.clone(),
        a2.x.clone(),
        a2.y.clone(),
        a2.z.clone(),
        T::one(),
    ];
    match decide(&Orthonormal3, &x, &[Quantity::Axes; 10])? {
        None => Ok(()),
        Some(fault) => Err(Error::BadAxes(fault)),
    }
}
