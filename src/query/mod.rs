//! Queries, one file per query family, named after what it computes.
//!
//! Every query returns `Result<_, QueryError>`: `Err` when an input is NaN or
//! infinite, or outside the backend's domain (where an intermediate could
//! overflow and the error bound would not hold). It never panics.

pub mod circle_box;
pub mod sweep_circle_rect;
pub mod sweep_circle_segment;

use crate::Real;
use crate::geom::Vec2;
use core::cmp::Ordering;
use core::fmt;

/// Why a query gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum QueryError {
    /// An input is NaN or infinite.
    NotFinite,
    /// An input is finite but outside the backend's domain: some intermediate
    /// could overflow. See each query's domain in its module doc.
    OutOfDomain,
    /// An oriented box's axes are not unit and orthogonal to within the
    /// tolerance of [`AXIS_TOLERANCE`] (the error bounds assume they are).
    BadAxes,
}

/// How far from orthonormal a query lets an oriented box's axes be: each
/// `|a_i|² - 1` and `a_0 · a_1` must lie in `[-1/16, 1/16]`. Loose enough for
/// unit axes rounded to any backend (Q16.16 rounds a unit axis to within
/// `2^-15` in squared length), tight enough that the local frame scales
/// lengths by at most `√(17/16)`, which the stated error bounds allow for.
/// [`Obb2::try_new`](crate::geom::Obb2::try_new) checks a much tighter
/// tolerance. Decided exactly on fixed point and rationals; on floats with
/// rounded products (axes within a few units of roundoff of the tolerance
/// may go either way, deterministically).
pub const AXIS_TOLERANCE: (i64, i64) = (1, 16);

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            QueryError::NotFinite => "input is NaN or infinite",
            QueryError::OutOfDomain => "input outside the backend's domain",
            QueryError::BadAxes => "oriented box axes not unit and orthogonal",
        })
    }
}

impl core::error::Error for QueryError {}

/// `Ok` if every value lies within `limit` in magnitude; otherwise the reason.
#[inline]
pub(crate) fn check_domain<T: Real, const N: usize>(
    values: [&T; N],
    limit: Option<T>,
) -> Result<(), QueryError> {
    match limit {
        Some(limit) if !T::all_within(values, &limit) => Err(refusal(&values)),
        _ => Ok(()),
    }
}

/// The check on the raw inputs of a query that then moves to a local frame:
/// within `limit`, so that the local values can be computed. Skipped where
/// overflow propagates (floats): a raw value too large makes some local
/// value infinite or NaN, which [`check_derived`] then refuses.
#[inline]
pub(crate) fn check_raw<T: Real, const N: usize>(
    raw: [&T; N],
    limit: Option<T>,
) -> Result<(), QueryError> {
    if T::OVERFLOW_PROPAGATES {
        Ok(())
    } else {
        check_domain(raw, limit)
    }
}

/// The check on values derived from the raw inputs `raw`: within `limit`,
/// else the error as the raw inputs tell it (`NotFinite` only if one of
/// them is).
#[inline]
pub(crate) fn check_derived<T: Real, const N: usize, const M: usize>(
    derived: [&T; M],
    raw: [&T; N],
    limit: Option<T>,
) -> Result<(), QueryError> {
    match limit {
        Some(limit) if !T::all_within(derived, &limit) => Err(refusal(&raw)),
        _ => Ok(()),
    }
}

/// `Ok` if the axes are orthonormal to within [`AXIS_TOLERANCE`]. The
/// coordinates are first compared with `[-2, 2]` directly (NaN fails, and
/// nothing is negated: negating fixed point's minimum would overflow), so
/// the degree-2 tests after cannot overflow.
#[inline]
pub(crate) fn check_axes<T: Real>(a0: &Vec2<T>, a1: &Vec2<T>) -> Result<(), QueryError> {
    let two = T::one() + T::one();
    let neg_two = -two.clone();
    let values = [&a0.x, &a0.y, &a1.x, &a1.y];
    let small = values
        .iter()
        .fold(true, |ok, v| ok & (neg_two <= **v) & (**v <= two));
    if !small {
        return Err(match refusal(&values) {
            QueryError::NotFinite => QueryError::NotFinite,
            _ => QueryError::BadAxes,
        });
    }
    // Products in `Real::Wide`: exact for fixed point, whose floored
    // products let axes just past the tolerance through (fuzz find).
    let (n, d) = AXIS_TOLERANCE;
    let tol = T::from_ratio(n, d).unwrap_or_else(T::zero);
    let w = |x: &T| T::wide(x, &T::one());
    let dot = |a: &Vec2<T>, b: &Vec2<T>| T::wide(&a.x, &b.x) + T::wide(&a.y, &b.y);
    // `|x - c| <= tol` as `x <= c + tol` and `c <= x + tol`.
    let within = |x: T::Wide, c: T::Wide| (x.clone() <= c.clone() + w(&tol)) & (c <= x + w(&tol));
    let (one, zero) = (w(&T::one()), w(&T::zero()));
    let ok =
        within(dot(a0, a0), one.clone()) & within(dot(a1, a1), one) & within(dot(a0, a1), zero);
    if ok { Ok(()) } else { Err(QueryError::BadAxes) }
}

#[cold]
fn refusal<T: Real>(values: &[&T]) -> QueryError {
    if values.iter().all(|v| v.is_finite()) {
        QueryError::OutOfDomain
    } else {
        QueryError::NotFinite
    }
}

/// The larger of `a` and `b` (`b` if they are equal or unordered).
#[inline]
pub(crate) fn max<T: Real>(a: T, b: T) -> T {
    if a > b { a } else { b }
}

/// The smaller of `a` and `b` (`b` if they are equal or unordered).
#[inline]
pub(crate) fn min<T: Real>(a: T, b: T) -> T {
    if a < b { a } else { b }
}

/// The order of `a` and `b`, for values already known not to be NaN.
#[inline]
pub(crate) fn compare<T: PartialOrd>(a: &T, b: &T) -> Ordering {
    if a < b {
        Ordering::Less
    } else if a == b {
        Ordering::Equal
    } else {
        Ordering::Greater
    }
}
