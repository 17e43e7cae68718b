//! Queries, one file per query family, named after what it computes.
//!
//! Every query returns `Result<_, QueryError>`: `Err` when an input is NaN or
//! infinite or negative where it must not be, or when a result is outside
//! the backend's range (see each query's "Domain and errors"). It never
//! panics.

pub mod circle_box;
pub mod sweep_circle_rect;
pub mod sweep_circle_segment;

use crate::Real;
use crate::exact::{self, Construction, Dim, Procedure, Refused, Ring, Signs};
use crate::geom::Vec2;
use core::fmt;

/// Why a query gave no answer: which input or result, and what is wrong
/// with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum QueryError {
    /// An input is NaN or infinite.
    NotFinite(Quantity),
    /// A radius or half extent is negative, or a box's minimum exceeds its
    /// maximum on some axis (`Quantity::Extent`).
    Negative(Quantity),
    /// An oriented box's axes are not unit and orthogonal to within
    /// [`AXIS_TOLERANCE`].
    BadAxes,
    /// A result is outside the backend's range: its magnitude reaches
    /// `2^limit` (fixed point: the integer bits; floats: overflow).
    OutOfRange {
        /// The result.
        quantity: Quantity,
        /// The backend's range, as a power of two.
        limit: i32,
    },
    /// Floats only: a decision or a construction needed the exact
    /// fallback, and the inputs' binary exponents spread over more bits
    /// than its integers hold ([`FALLBACK_BITS`](crate::exact::FALLBACK_BITS)
    /// for the procedure's degree; see `crate::exact`).
    Spread,
}

/// An input or a result, as an error names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Quantity {
    /// A circle's or sphere's center.
    Center,
    /// A radius.
    Radius,
    /// A moving circle's velocity or displacement.
    Velocity,
    /// A query point.
    Point,
    /// An aligned box's minimum corner.
    Min,
    /// An aligned box's maximum corner.
    Max,
    /// An aligned box's size, `max - min`.
    Extent,
    /// An oriented box's center.
    BoxCenter,
    /// An oriented box's axes.
    Axes,
    /// An oriented box's half extents.
    HalfExtents,
    /// A box's velocity.
    BoxVelocity,
    /// A segment's end point.
    SegmentEnd,
    /// A time limit.
    MaxTime,
    /// A squared distance.
    Distance,
    /// A contact time.
    Time,
    /// A contact point.
    ContactPoint,
    /// A point of an overlap.
    Witness,
    /// A circle's center at a hit.
    HitCenter,
    /// A contact normal.
    Normal,
    /// A reflected end point.
    ReflectedEnd,
}

impl Quantity {
    fn name(self) -> &'static str {
        match self {
            Quantity::Center => "center",
            Quantity::Radius => "radius",
            Quantity::Velocity => "velocity",
            Quantity::Point => "point",
            Quantity::Min => "box minimum",
            Quantity::Max => "box maximum",
            Quantity::Extent => "box extent (max - min)",
            Quantity::BoxCenter => "box center",
            Quantity::Axes => "box axes",
            Quantity::HalfExtents => "half extents",
            Quantity::BoxVelocity => "box velocity",
            Quantity::SegmentEnd => "segment end",
            Quantity::MaxTime => "time limit",
            Quantity::Distance => "squared distance",
            Quantity::Time => "contact time",
            Quantity::ContactPoint => "contact point",
            Quantity::Witness => "overlap witness",
            Quantity::HitCenter => "center at the hit",
            Quantity::Normal => "normal",
            Quantity::ReflectedEnd => "reflected end",
        }
    }
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueryError::NotFinite(q) => write!(f, "{} is NaN or infinite", q.name()),
            QueryError::Negative(q) => write!(f, "{} is negative", q.name()),
            QueryError::BadAxes => f.write_str("oriented box axes not unit and orthogonal"),
            QueryError::OutOfRange { quantity, limit } => {
                write!(
                    f,
                    "{} reaches 2^{limit}, the backend's range",
                    quantity.name()
                )
            }
            QueryError::Spread => {
                f.write_str("inputs spread over too many binary orders for exact arithmetic")
            }
        }
    }
}

impl core::error::Error for QueryError {}

/// Runs procedure `p` on the inputs `x` exactly (the exact layer); a
/// refusal names an input from `names`.
#[inline(always)]
pub(crate) fn decide<T: Real, P: Procedure<N>, const N: usize>(
    p: &P,
    x: &[T; N],
    names: &[Quantity; N],
) -> Result<P::Out, QueryError> {
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
    faults: impl FnOnce() -> Result<(), QueryError>,
) -> Result<P::Out, QueryError> {
    let d = decide(p, x, names);
    if !matches!(d, Err(QueryError::NotFinite(_))) {
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
) -> Result<[T; M], QueryError> {
    exact::construct(c, x).map_err(|e| refused(e, names, values))
}

/// The error for a refusal of the exact layer: input `i` is named
/// `inputs[i]`, value `i` of a construction `values[i]`.
#[cold]
#[inline(never)]
fn refused(r: Refused, inputs: &[Quantity], values: &[Quantity]) -> QueryError {
    // The layer names an input or a value by its index in the arrays it was
    // given, which are these; the fallbacks cannot be reached.
    match r {
        Refused::NotFinite(i) => {
            QueryError::NotFinite(inputs.get(i).copied().unwrap_or(Quantity::Center))
        }
        Refused::Unrepresentable { index, limit } => match values.get(index) {
            Some(&quantity) => QueryError::OutOfRange { quantity, limit },
            None => QueryError::Spread,
        },
        Refused::Spread => QueryError::Spread,
    }
}

/// `Ok` if `t` is finite; otherwise [`QueryError::NotFinite`] naming it.
#[inline(always)]
pub(crate) fn finite<T: Real>(t: &T, name: Quantity) -> Result<(), QueryError> {
    if t.is_finite() {
        Ok(())
    } else {
        Err(QueryError::NotFinite(name))
    }
}

/// A time the decisions put in `[0, hi]` (`hi` none: `[0, ∞)`), clamped
/// there: its rounding (within 1 LSB on fixed point) can pass either end.
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
) -> Result<(), QueryError> {
    let zero = T::zero();
    if x.iter().fold(true, |ok, v| ok & (**v >= zero)) {
        return Ok(());
    }
    name_first(&x.map(T::clone), names, |v| *v < zero, QueryError::Negative)
}

/// The error for the first value that is `bad` (`Ok` if none is).
#[cold]
#[inline(never)]
fn name_first<T: Real, const N: usize>(
    x: &[T; N],
    names: &[Quantity; N],
    bad: impl Fn(&T) -> bool,
    error: fn(Quantity) -> QueryError,
) -> Result<(), QueryError> {
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
/// [`Obb2::try_new`](crate::geom::Obb2::try_new) checks a much tighter
/// tolerance. Decided exactly on every backend.
pub const AXIS_TOLERANCE: (i64, i64) = (1, 16);

/// The axes test of [`orthonormal`]: inputs `a_0`, `a_1` and the number 1,
/// all directions; true if `|a_i|² - 1` and `a_0 · a_1` lie within
/// [`AXIS_TOLERANCE`] `= n/d` of 0 (degree 2): `d x - (d + n) · 1 <= 0`
/// and `d x - (d - n) · 1 >= 0` for a squared length `x`, `d |x| <= n · 1`
/// for the dot product.
struct Orthonormal;

impl Procedure<5> for Orthonormal {
    type Out = bool;
    const DIMS: [Dim; 5] = [Dim::DIRECTION; 5];
    const DEGREE: u32 = 2;
    #[inline(always)]
    fn run<R: Ring>(&self, x: &[R; 5], s: &mut Signs) -> bool {
        let [a0x, a0y, a1x, a1y, one] = x;
        axes_within_tolerance([a0x, a0y, a1x, a1y], one, s)
    }
}

/// The decisions of [`Orthonormal`] on the axes `a_0 = (x_0, x_1)`, `a_1 =
/// (x_2, x_3)` and the number 1, for procedures that take them among more
/// inputs.
#[inline(always)]
pub(crate) fn axes_within_tolerance<R: Ring>(x: [&R; 4], one: &R, s: &mut Signs) -> bool {
    let [a0x, a0y, a1x, a1y] = x;
    let (a0, a1) = ([a0x.clone(), a0y.clone()], [a1x.clone(), a1y.clone()]);
    let (n, d) = (AXIS_TOLERANCE.0 as u32, AXIS_TOLERANCE.1 as u32);
    let one2 = one.clone() * one.clone();
    let (below, above) = (
        R::small(d - n) * one2.clone(),
        R::small(d + n) * one2.clone(),
    );
    let tol = R::small(n) * one2;
    let unit0 = within(dot(&a0, &a0), d, &below, &above, s);
    let unit1 = within(dot(&a1, &a1), d, &below, &above, s);
    let square = within(dot(&a0, &a1), d, &-tol.clone(), &tol, s);
    unit0 & unit1 & square
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
/// exactly; [`QueryError::BadAxes`] otherwise.
#[inline(always)]
pub(crate) fn orthonormal<T: Real>(a0: &Vec2<T>, a1: &Vec2<T>) -> Result<(), QueryError> {
    let x = [
        a0.x.clone(),
        a0.y.clone(),
        a1.x.clone(),
        a1.y.clone(),
        T::one(),
    ];
    if decide(&Orthonormal, &x, &[Quantity::Axes; 5])? {
        Ok(())
    } else {
        Err(QueryError::BadAxes)
    }
}
