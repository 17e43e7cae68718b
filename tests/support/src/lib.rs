//! Test support for `swept`, shared by tests, examples, benches and fuzz
//! targets: the exact rational backend ([`Exact`]), exact and nearest
//! conversions between backends ([`Backend`]), input generators biased to
//! degenerate cases ([`generate`]), the workload generator of
//! `shared/bench/WORKLOAD.md` ([`workload`]) and the one cross-backend
//! agreement rule ([`agree`]).

pub mod agree;
pub mod brute_rect;
pub mod brute_segment;
pub mod cases;
pub mod exact;
pub mod generate;
pub mod queries;
pub mod segment_queries;
pub mod sweep_queries;
pub mod workload;

pub use agree::{Backend, Margin, Query, Tally, band, check};
pub use exact::Exact;

/// The fixed backends shipped by `swept` and checked here.
pub type I16F16 = fixed::types::I16F16;
/// Q32.32.
pub type I32F32 = fixed::types::I32F32;
/// Q48.16.
pub type I48F16 = fixed::types::I48F16;
