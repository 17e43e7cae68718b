#![no_std]
#![doc = include_str!("../README.md")]

pub mod geom;
pub mod query;
pub mod real;

pub use real::Real;
