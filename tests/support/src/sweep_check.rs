//! The pieces of the exact checks of a sweep that do not depend on the
//! dimension (a `Sweep<Exact, V>` for any vector type `V`): the tolerance
//! on values built from an irrational time, the comparison of two answers
//! that a property relates, and the report of a run of cases.
//!
//! The exact backend's square root is within 2^-256 relative, so a time
//! with a square root in it cannot be represented exactly: where two such
//! values are compared the checks allow 2^-200 ([`eps`]).

use crate::exact::Exact;
use core::fmt::Debug;
use rug::Rational;
use swept::Error;
use swept::query::Sweep;

type Q = Rational;

/// 2^-200: the tolerance on values built from an irrational time.
pub fn eps() -> Q {
    Q::from(1) >> 200u32
}

fn abs(x: &Q) -> Q {
    Q::from(x.abs_ref())
}

/// `|a - b| <= 2^-200 (1 + |a| + |b|)`.
pub fn near(a: &Exact, b: &Exact) -> bool {
    let d = abs(&Q::from(&a.0 - &b.0));
    d <= eps() * (Q::from(1) + abs(&a.0) + abs(&b.0))
}

/// Two query times for the same true time: equal, or (built with a
/// square root) within 2^-200 relative.
pub fn same_time(a: &Exact, b: &Exact) -> bool {
    a == b || abs(&Q::from(&a.0 - &b.0)) <= eps() * abs(&a.0)
}

/// Two answers related as a property says: the same kind; times by
/// `time_ok`; points and centers by `point_ok` (the first answer's value,
/// its time, the second's value); witnesses by `witness_ok`; normals by
/// `normal_ok`. `Err` names the first that is not.
pub fn related<V: Debug>(
    a: &Result<Sweep<Exact, V>, Error>,
    b: &Result<Sweep<Exact, V>, Error>,
    time_ok: impl Fn(&Exact, &Exact) -> bool,
    point_ok: impl Fn(&V, &Exact, &V) -> bool,
    witness_ok: impl Fn(&V, &V) -> bool,
    normal_ok: impl Fn(&V, &V) -> bool,
) -> Result<(), String> {
    match (a, b) {
        (Ok(Sweep::Miss), Ok(Sweep::Miss)) => Ok(()),
        (Ok(Sweep::Overlapping { witness: p }), Ok(Sweep::Overlapping { witness: w })) => {
            if witness_ok(p, w) {
                Ok(())
            } else {
                Err(format!("witnesses {p:?} / {w:?}"))
            }
        }
        (Ok(Sweep::Hit(h)), Ok(Sweep::Hit(k))) => {
            if !time_ok(&h.time, &k.time) {
                Err(format!("times {:?} / {:?}", h.time, k.time))
            } else if !point_ok(&h.point, &h.time, &k.point) {
                Err(format!("points {:?} / {:?}", h.point, k.point))
            } else if !point_ok(&h.center, &h.time, &k.center) {
                Err(format!("centers {:?} / {:?}", h.center, k.center))
            } else if !normal_ok(&h.normal, &k.normal) {
                Err(format!("normals {:?} / {:?}", h.normal, k.normal))
            } else {
                Ok(())
            }
        }
        _ => Err(format!("kinds differ: {a:?} / {b:?}")),
    }
}

/// Fails, listing the first six, if any of the `n` cases of the run
/// `name` failed.
#[track_caller]
pub fn assert_no_failures(name: &str, n: usize, failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{name}: {} of {n} disagree; first:\n{}",
        failures.len(),
        failures
            .iter()
            .take(6)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
