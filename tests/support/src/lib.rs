//! Test support for `swept`, shared by tests, examples, benches and fuzz
//! targets: the exact rational backend ([`Exact`]), exact and nearest
//! conversions between backends ([`Backend`]), input generators biased to
//! degenerate cases ([`generate`]), the workload generator of
//! `benches/WORKLOAD.md` ([`workload`]), the one cross-backend
//! agreement rule ([`agree`]), and the exact checks of the sweeps
//! ([`sweep_check`]; for the sphere vs box: [`case_box3`], [`check_box3`],
//! [`hand_box3`]).

pub mod agree;
pub mod batch;
pub mod biased_box3;
pub mod brute_box3;
pub mod brute_circle;
pub mod brute_rect;
pub mod brute_segment;
pub mod case_box3;
pub mod cases;
pub mod check_box3;
pub mod exact;
pub mod generate;
pub mod hand_box3;
pub mod queries;
pub mod registry;
pub mod segment_queries;
pub mod sweep3_queries;
pub mod sweep_check;
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

/// `#[test] fn name()` for each generic `fn name<T: Backend>()` named,
/// run on every backend of [`each_backend!`] and on [`Exact`]. Invoked in
/// a child module of the one defining the functions (`mod hand {
/// on_every_backend!(faces, edges); }`): a test per function, named after
/// it.
#[macro_export]
macro_rules! on_every_backend {
    ($($name:ident),* $(,)?) => {$(
        #[test]
        fn $name() {
            $crate::each_backend!(T => super::$name::<T>());
            super::$name::<$crate::Exact>();
        }
    )*};
}

/// Every backend's name, in the order of [`each_backend!`].
pub const BACKENDS: &[&str] = &each_backend!(T => <T as Backend>::NAME);

/// How many backends [`BACKENDS`] lists.
pub const N_BACKENDS: usize = BACKENDS.len();
