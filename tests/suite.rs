//! The test suite, one binary (the files stay one per query family, each
//! a module here): every test instantiates the queries on the same six
//! backends, so one crate compiles each instantiation once, where a binary
//! per file compiled it in each. `tests/golden.rs` (its own command in
//! ci/golden.sh) and `tests/geom.rs` (built with the optional features by
//! ci/features.sh) stay apart. Run one file's tests with
//! `cargo test --release --test suite FILE::`.

mod advance;
mod batch;
mod circle_box;
mod circle_box_props;
mod domain_corners;
mod real;
mod scaling;
mod sweep_box3_brute;
mod sweep_box3_props;
mod sweep_circle_circle;
mod sweep_circle_rect;
mod sweep_circle_segment;
mod sweep_rect_brute;
mod sweep_rect_props;
mod sweep_sphere_box;
mod sweep_sphere_box_agree;
mod sweep_sphere_box_bad_input;
mod sweep_sphere_box_oriented;
mod sweep_time;
