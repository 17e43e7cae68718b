//! Queries, one file per query family, named after what it computes.
//!
//! Every query returns `Result<_, QueryError>`: `Err` when an input is NaN or
//! infinite, or outside the backend's domain (where an intermediate could
//! overflow and the error bound would not hold). It never panics.

pub mod circle_box;
pub mod sweep_circle_rect;

use crate::Real;
use core::cmp::Ordering;
use core::fmt;

/// Why a query gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QueryError {
    /// An input is NaN or infinite.
    NotFinite,
    /// An input is finite but outside the backend's domain: some intermediate
    /// could overflow. See each query's domain in its module doc.
    OutOfDomain,
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            QueryError::NotFinite => "input is NaN or infinite",
            QueryError::OutOfDomain => "input outside the backend's domain",
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

/// `Ok` if every coordinate of the axes lies in `[-2, 2]` (unit axes have
/// coordinates in `[-1, 1]`); compared directly, so NaN fails and nothing is
/// negated (negating fixed point's minimum would overflow).
#[inline]
pub(crate) fn check_axes<T: Real>(values: [&T; 4]) -> Result<(), QueryError> {
    let two = T::one() + T::one();
    let neg_two = -two.clone();
    let ok = values
        .iter()
        .fold(true, |ok, v| ok & (neg_two <= **v) & (**v <= two));
    if ok { Ok(()) } else { Err(refusal(&values)) }
}

#[cold]
fn refusal<T: Real>(values: &[&T]) -> QueryError {
    if values.iter().all(|v| v.is_finite()) {
        QueryError::OutOfDomain
    } else {
        QueryError::NotFinite
    }
}

/// The order of `a` and `b`, for values already known not to be NaN.
#[inline]
pub(crate) fn compare<T: Real>(a: &T, b: &T) -> Ordering {
    if a < b {
        Ordering::Less
    } else if a == b {
        Ordering::Equal
    } else {
        Ordering::Greater
    }
}
