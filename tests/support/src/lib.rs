//! Test support for `swept`, shared by tests, examples, benches and fuzz
//! targets: the exact rational backend ([`Exact`]), exact and nearest
//! conversions between backends ([`Backend`]), input generators biased to
//! degenerate cases ([`generate`]), the workload generator of
//! `shared/bench/WORKLOAD.md` ([`workload`]) and the one cross-backend
//! agreement rule ([`agree`]).

pub mod agree;
pub mod biased_box3;
pub mod brute_box3;
pub mod brute_circle;
pub mod brute_rect;
pub mod brute_segment;
pub mod cases;
pub mod exact;
pub mod generate;
pub mod queries;
pub mod registry;
pub mod segment_queries;
pub mod sweep3_queries;
pub mod sweep_queries;
pub mod workload;

pub use agree::{Backend, Query, Tally, check, rounded_once};
pub use exact::Exact;
pub use queries::{Tallies, check_all, check_mix};
pub use registry::{QUERIES, Registered, check_biased};

/// The fixed backends shipped by `swept` and checked here.
pub type I16F16 = fixed::types::I16F16;
/// Q32.32.
pub type I32F32 = fixed::types::I32F32;
/// Q48.16.
pub type I48F16 = fixed::types::I48F16;

/// `[e, e, ...]`: the expression `e` once per backend the harness checks,
/// with the type name `T` (any identifier) standing for the backend, in
/// the order of [`BACKENDS`]. The one list of backends: tests, fuzz
/// targets and tools run every backend through it, so a backend added
/// here (a [`Backend`] impl, one line) is checked everywhere.
///
/// ```
/// use swept_support::{Backend, each_backend};
/// let names = each_backend!(T => <T as Backend>::NAME);
/// assert_eq!(names, ["f32", "f64", "I16F16", "I32F32", "I48F16"]);
/// ```
#[macro_export]
macro_rules! each_backend {
    ($T:ident => $e:expr) => {
        [
            {
                type $T = f32;
                $e
            },
            {
                type $T = f64;
                $e
            },
            {
                type $T = $crate::I16F16;
                $e
            },
            {
                type $T = $crate::I32F32;
                $e
            },
            {
                type $T = $crate::I48F16;
                $e
            },
        ]
    };
}

/// Every backend's name, in the order of [`each_backend!`].
pub const BACKENDS: &[&str] = &each_backend!(T => <T as Backend>::NAME);

/// How many backends [`BACKENDS`] lists.
pub const N_BACKENDS: usize = BACKENDS.len();
