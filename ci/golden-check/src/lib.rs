//! Golden vectors for `swept` (issue 5, "Determinism"): the file format of
//! `tests/golden/queries.txt`, and the check that recomputes every case on
//! `f32`, `f64`, `I16F16`, `I32F32` and `I48F16` and compares the result
//! bits.
//!
//! `no_std` and allocation-free (parsing is `str::lines`, `split`, and
//! `str::parse` into fixed-size arrays), so the same code runs in the std test
//! `tests/golden.rs`, in the hosted runner `src/main.rs` (x86_64, i686,
//! aarch64 under qemu-user, wasm32-wasip1 under a WASI runtime) and on a
//! Cortex-M4F under qemu-system-arm (`ci/golden-thumb`).
//!
//! # Format
//! One case per line; `#` starts a comment line. A case is
//!
//! ```text
//! <query> <input> ... <input> | <f32> | <f64> | <I16F16> | <I32F32> | <I48F16>
//! ```
//!
//! * `<input>`: a rational `n/d` or an integer `n` (`i64`, reduced, at most
//!   2^53 in magnitude), converted to each backend by
//!   [`Backend::from_input`] (nearest, ties to even: a single IEEE division
//!   of exact operands for floats, rounded again to `f32` (innocuous for a
//!   quotient, 53 >= 2·24 + 2), integer rounding for fixed point, so the
//!   conversion is itself deterministic); or `nan`, `inf`, `-inf` (floats
//!   only: a fixed backend cannot represent them).
//! * Each result is [`Outcome`]'s tokens: `-` (an input is not representable
//!   on the backend), `!` and a [`Error`] variant's name (`!NotFinite`,
//!   `!OutOfRange`, ...), `D` / `T` / `O` ([`Proximity`]), `V bits`
//!   (a squared distance), `N` / `W x y` / `H time px py cx cy nx ny`
//!   ([`Sweep`] of every sweep: a miss, overlapping with the witness, a hit
//!   with its time, contact point, center and normal; in 3D `W x y z` and
//!   `H time px py pz cx cy cz nx ny nz`), `A x y dx dy n k`
//!   (an advanced frame: the end center, the displacement after it, the
//!   number of contacts `n` and how it ended `k`: 0 moved the whole frame, 1
//!   stopped at the bounce limit, `2 + i` embedded in obstacle `i`; `n` and
//!   `k` in hex too). `bits` are lower-case hex
//!   without leading zeros: `to_bits()` for floats, the two's-complement
//!   raw bits (`to_bits() as u32` for `I16F16`, `as u64` for `I32F32` and
//!   `I48F16`).
//!
//! The inputs of each query, in order ([`Query::arity`] of them):
//!
//! | query | inputs |
//! |---|---|
//! | `circle_aabb2` | `cx cy r  minx miny maxx maxy` |
//! | `sphere_aabb3` | `cx cy cz r  minx miny minz maxx maxy maxz` |
//! | `sphere_obb3` | `cx cy cz r  ox oy oz a0x a0y a0z a1x a1y a1z a2x a2y a2z e0 e1 e2` |
//! | `circle_obb2` | `cx cy r  ox oy a0x a0y a1x a1y e0 e1` |
//! | `dist_aabb2` | `px py  minx miny maxx maxy` |
//! | `dist_aabb3` | `px py pz  minx miny minz maxx maxy maxz` |
//! | `dist_obb3` | `px py pz  ox oy oz a0x ... a2z e0 e1 e2` |
//! | `dist_obb2` | `px py  ox oy a0x a0y a1x a1y e0 e1` |
//! | `sweep_aabb2` | `cx cy r cvx cvy  minx miny maxx maxy rvx rvy` |
//! | `sweep_aabb2_within` | as `sweep_aabb2`, then `max_time` |
//! | `sweep_obb2` | `cx cy r cvx cvy  ox oy a0x a0y a1x a1y e0 e1 rvx rvy` |
//! | `sweep_obb2_within` | as `sweep_obb2`, then `max_time` |
//! | `sweep_segment2` | `cx cy r vx vy  p0x p0y p1x p1y` |
//! | `sweep_segment2_front` | as `sweep_segment2` (one-sided, [`Sides::Front`]) |
//! | `sweep_circle2` | `cx cy r cvx cvy  ox oy rho ovx ovy` |
//! | `sweep_circle2_within` | as `sweep_circle2`, then `max_time` |
//! | `sweep_aabb3` | `cx cy cz r cvx cvy cvz  minx miny minz maxx maxy maxz rvx rvy rvz` |
//! | `sweep_aabb3_within` | as `sweep_aabb3`, then `max_time` |
//! | `sweep_obb3` | `cx cy cz r cvx cvy cvz  ox oy oz a0x ... a2z e0 e1 e2  rvx rvy rvz` |
//! | `sweep_obb3_within` | as `sweep_obb3`, then `max_time` |
//! | `advance` | `cx cy r dx dy e` (one frame in [`arena`], at most 16 bounces) |
//!
//! (`c`: circle or sphere center, `r` radius, `cv` its velocity; `o`, `a0`,
//! `a1`, `e0 e1` (in 3D `a2`, `e2` too): oriented box center, axes, half extents; `rv`: the box's
//! velocity; `v` the circle's displacement over the frame, `p0 p1` the
//! segment; `o rho ov`: the other circle's center, radius and velocity.) The classify queries are `classify_*`, the distances
//! `distance_squared_point_*`, the sweeps `sweep_circle_*` and
//! `sweep_sphere_*` of `swept::query` (`sweep_circle_segment_sided` for the
//! segment).
//!
//! # Adding a query family
//! A variant of [`Query`], listed in [`Query::ALL`], with its [`Query::name`],
//! [`Query::arity`] (and a row in the table above), and an arm in [`run`];
//! then the oracle adapter and the case generator in `tests/golden.rs`, and
//! regenerate (`SWEPT_GOLDEN_REGEN=1`, see there). Cases of the existing
//! queries keep their bits, so the diff of the file shows only the new lines.

#![no_std]

use core::fmt;
use fixed::types::{I16F16, I32F32, I48F16};
use swept::Error;
use swept::Real;
use swept::advance::{self, AdvanceError, Advanced, Obstacle, Options};
use swept::geom::{Aabb2, Aabb3, Circle, Obb2, Obb3, Segment2, Sphere, Vec2, Vec3};
use swept::query::circle_box::{self, Proximity};
use swept::query::sweep_circle_segment::{self, Sides};
use swept::query::{Sweep, sweep_circle_circle, sweep_circle_rect, sweep_sphere_box};

/// The committed golden vectors.
pub const QUERIES: &str = include_str!("../../../tests/golden/queries.txt");

/// The most inputs a query takes.
pub const MAX_INPUTS: usize = 26;

/// The backends, in the order of the result columns.
pub const BACKENDS: [&str; 5] = ["f32", "f64", "I16F16", "I32F32", "I48F16"];

/// One input number, as written in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// `num / den`.
    Ratio(i64, i64),
    /// Not a number (floats only).
    Nan,
    /// Positive infinity (floats only).
    Inf,
    /// Negative infinity (floats only).
    NegInf,
}

impl Input {
    /// Parses `n/d`, `n`, `nan`, `inf` or `-inf`.
    pub fn parse(s: &str) -> Option<Input> {
        Some(match s {
            "nan" => Input::Nan,
            "inf" => Input::Inf,
            "-inf" => Input::NegInf,
            _ => match s.split_once('/') {
                Some((n, d)) => Input::Ratio(n.parse().ok()?, d.parse().ok()?),
                None => Input::Ratio(s.parse().ok()?, 1),
            },
        })
    }
}

impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Input::Ratio(n, 1) => write!(f, "{n}"),
            Input::Ratio(n, d) => write!(f, "{n}/{d}"),
            Input::Nan => f.write_str("nan"),
            Input::Inf => f.write_str("inf"),
            Input::NegInf => f.write_str("-inf"),
        }
    }
}

/// A backend of the golden vectors: how an input converts to it, and the
/// bits of a result.
pub trait Backend: Real + Copy {
    /// The raw bits (floats: `to_bits`; fixed: two's complement, zero-extended).
    fn bits(&self) -> u64;
    /// The value with these raw bits (the inverse of [`Backend::bits`]).
    fn from_raw_bits(bits: u64) -> Self;
    /// The input on this backend, `None` if it is not representable.
    fn from_input(x: Input) -> Option<Self>;
}

/// `n / d` as the nearest `f64` (one IEEE division of exact operands,
/// `|n|, |d| <= 2^53`); `None` for `d = 0`.
fn ratio_f64(n: i64, d: i64) -> Option<f64> {
    (d != 0).then(|| n as f64 / d as f64)
}

/// The raw bits of `n / d` with `frac` fraction bits, nearest, ties to even;
/// `None` for `d = 0`.
fn ratio_fixed(n: i64, d: i64, frac: u32) -> Option<i128> {
    if d == 0 {
        return None;
    }
    let (num, den) = ((n as i128) << frac, d as i128);
    let (num, den) = if den < 0 { (-num, -den) } else { (num, den) };
    let q = num.div_euclid(den);
    let r2 = 2 * num.rem_euclid(den);
    Some(if r2 > den || (r2 == den && q % 2 != 0) {
        q + 1
    } else {
        q
    })
}

impl Backend for f32 {
    fn from_raw_bits(bits: u64) -> Self {
        f32::from_bits(bits as u32)
    }
    fn bits(&self) -> u64 {
        self.to_bits() as u64
    }
    fn from_input(x: Input) -> Option<Self> {
        match x {
            Input::Ratio(n, d) => ratio_f64(n, d).map(|x| x as f32).filter(|x| x.is_finite()),
            Input::Nan => Some(f32::NAN),
            Input::Inf => Some(f32::INFINITY),
            Input::NegInf => Some(f32::NEG_INFINITY),
        }
    }
}

impl Backend for f64 {
    fn from_raw_bits(bits: u64) -> Self {
        f64::from_bits(bits)
    }
    fn bits(&self) -> u64 {
        self.to_bits()
    }
    fn from_input(x: Input) -> Option<Self> {
        match x {
            Input::Ratio(n, d) => ratio_f64(n, d),
            Input::Nan => Some(f64::NAN),
            Input::Inf => Some(f64::INFINITY),
            Input::NegInf => Some(f64::NEG_INFINITY),
        }
    }
}

impl Backend for I16F16 {
    fn from_raw_bits(bits: u64) -> Self {
        I16F16::from_bits(bits as u32 as i32)
    }
    fn bits(&self) -> u64 {
        self.to_bits() as u32 as u64
    }
    fn from_input(x: Input) -> Option<Self> {
        match x {
            Input::Ratio(n, d) => ratio_fixed(n, d, 16)
                .and_then(|b| i32::try_from(b).ok())
                .map(I16F16::from_bits),
            _ => None,
        }
    }
}

impl Backend for I32F32 {
    fn from_raw_bits(bits: u64) -> Self {
        I32F32::from_bits(bits as i64)
    }
    fn bits(&self) -> u64 {
        self.to_bits() as u64
    }
    fn from_input(x: Input) -> Option<Self> {
        match x {
            Input::Ratio(n, d) => ratio_fixed(n, d, 32)
                .and_then(|b| i64::try_from(b).ok())
                .map(I32F32::from_bits),
            _ => None,
        }
    }
}

impl Backend for I48F16 {
    fn from_raw_bits(bits: u64) -> Self {
        I48F16::from_bits(bits as i64)
    }
    fn bits(&self) -> u64 {
        self.to_bits() as u64
    }
    fn from_input(x: Input) -> Option<Self> {
        match x {
            Input::Ratio(n, d) => ratio_fixed(n, d, 16)
                .and_then(|b| i64::try_from(b).ok())
                .map(I48F16::from_bits),
            _ => None,
        }
    }
}

/// The queries the golden vectors cover (see the table in the crate doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Query {
    /// `circle_box::classify_circle_aabb2`.
    CircleAabb2,
    /// `circle_box::classify_sphere_aabb3`.
    SphereAabb3,
    /// `circle_box::classify_circle_obb2`.
    CircleObb2,
    /// `circle_box::distance_squared_point_aabb2`.
    DistAabb2,
    /// `circle_box::distance_squared_point_aabb3`.
    DistAabb3,
    /// `circle_box::distance_squared_point_obb2`.
    DistObb2,
    /// `sweep_circle_rect::sweep_circle_aabb2`.
    SweepAabb2,
    /// `sweep_circle_rect::sweep_circle_aabb2_within`.
    SweepAabb2Within,
    /// `sweep_circle_rect::sweep_circle_obb2`.
    SweepObb2,
    /// `sweep_circle_rect::sweep_circle_obb2_within`.
    SweepObb2Within,
    /// `sweep_circle_segment::sweep_circle_segment` (both sides solid).
    SweepSegment2,
    /// `sweep_circle_segment::sweep_circle_segment_sided` with `Sides::Front`.
    SweepSegment2Front,
    /// `sweep_circle_circle::sweep_circle_circle`.
    SweepCircle2,
    /// `sweep_circle_circle::sweep_circle_circle_within`.
    SweepCircle2Within,
    /// `advance::advance` in [`arena`].
    Advance,
    // The 3D queries added later come last, so that the earlier queries
    // keep their positions (and the seeds derived from them).
    /// `circle_box::classify_sphere_obb3`.
    SphereObb3,
    /// `circle_box::distance_squared_point_obb3`.
    DistObb3,
    /// `sweep_sphere_box::sweep_sphere_aabb3`.
    SweepAabb3,
    /// `sweep_sphere_box::sweep_sphere_aabb3_within`.
    SweepAabb3Within,
    /// `sweep_sphere_box::sweep_sphere_obb3`.
    SweepObb3,
    /// `sweep_sphere_box::sweep_sphere_obb3_within`.
    SweepObb3Within,
}

impl Query {
    /// Every query, in the order of [`Summary::per_query`].
    pub const ALL: [Query; 21] = [
        Query::CircleAabb2,
        Query::SphereAabb3,
        Query::CircleObb2,
        Query::DistAabb2,
        Query::DistAabb3,
        Query::DistObb2,
        Query::SweepAabb2,
        Query::SweepAabb2Within,
        Query::SweepObb2,
        Query::SweepObb2Within,
        Query::SweepSegment2,
        Query::SweepSegment2Front,
        Query::SweepCircle2,
        Query::SweepCircle2Within,
        Query::Advance,
        Query::SphereObb3,
        Query::DistObb3,
        Query::SweepAabb3,
        Query::SweepAabb3Within,
        Query::SweepObb3,
        Query::SweepObb3Within,
    ];

    /// The name used in the file.
    pub const fn name(self) -> &'static str {
        match self {
            Query::CircleAabb2 => "circle_aabb2",
            Query::SphereAabb3 => "sphere_aabb3",
            Query::CircleObb2 => "circle_obb2",
            Query::SphereObb3 => "sphere_obb3",
            Query::DistAabb2 => "dist_aabb2",
            Query::DistAabb3 => "dist_aabb3",
            Query::DistObb2 => "dist_obb2",
            Query::DistObb3 => "dist_obb3",
            Query::SweepAabb2 => "sweep_aabb2",
            Query::SweepAabb2Within => "sweep_aabb2_within",
            Query::SweepObb2 => "sweep_obb2",
            Query::SweepObb2Within => "sweep_obb2_within",
            Query::SweepSegment2 => "sweep_segment2",
            Query::SweepSegment2Front => "sweep_segment2_front",
            Query::SweepCircle2 => "sweep_circle2",
            Query::SweepCircle2Within => "sweep_circle2_within",
            Query::SweepAabb3 => "sweep_aabb3",
            Query::SweepAabb3Within => "sweep_aabb3_within",
            Query::SweepObb3 => "sweep_obb3",
            Query::SweepObb3Within => "sweep_obb3_within",
            Query::Advance => "advance",
        }
    }

    /// The number of inputs.
    pub const fn arity(self) -> usize {
        match self {
            Query::CircleAabb2 => 7,
            Query::SphereAabb3 => 10,
            Query::CircleObb2 => 11,
            Query::SphereObb3 => 19,
            Query::DistAabb2 => 6,
            Query::DistAabb3 => 9,
            Query::DistObb2 => 10,
            Query::DistObb3 => 18,
            Query::SweepAabb2 => 11,
            Query::SweepAabb2Within => 12,
            Query::SweepObb2 => 15,
            Query::SweepObb2Within => 16,
            Query::SweepSegment2 | Query::SweepSegment2Front => 9,
            Query::SweepCircle2 => 10,
            Query::SweepCircle2Within => 11,
            Query::SweepAabb3 => 16,
            Query::SweepAabb3Within => 17,
            Query::SweepObb3 => 25,
            Query::SweepObb3Within => 26,
            Query::Advance => 6,
        }
    }

    /// The query with this name.
    pub fn from_name(name: &str) -> Option<Query> {
        Query::ALL.into_iter().find(|q| q.name() == name)
    }

    /// Position in [`Query::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A [`Error`] as the file records it: its variant's name, so that a
/// variant added later needs no change here (`Error` is
/// `#[non_exhaustive]`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ErrorName {
    len: u8,
    bytes: [u8; 23],
}

impl ErrorName {
    /// The name of `e`'s variant: its `Debug` form up to the first
    /// character that is not alphanumeric (the variant's fields are not
    /// recorded), cut at 23 bytes.
    pub fn of(e: Error) -> ErrorName {
        use fmt::Write;
        /// Takes the leading alphanumeric characters of what is written.
        struct Name(ErrorName, bool);
        impl fmt::Write for Name {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                for c in s.chars() {
                    self.1 |= !c.is_ascii_alphanumeric();
                    if !self.1 {
                        self.0.write_char(c)?;
                    }
                }
                Ok(())
            }
        }
        let mut name = Name(
            ErrorName {
                len: 0,
                bytes: [0; 23],
            },
            false,
        );
        let _ = write!(name, "{e:?}");
        name.0
    }

    /// A name as written in the file; `None` if empty, too long or not
    /// alphanumeric.
    pub fn parse(s: &str) -> Option<ErrorName> {
        let mut name = ErrorName {
            len: 0,
            bytes: [0; 23],
        };
        let ok = !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric());
        (ok && fmt::Write::write_str(&mut name, s).is_ok()).then_some(name)
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        let bytes = self.bytes.get(..self.len as usize).unwrap_or(&[]);
        core::str::from_utf8(bytes).unwrap_or("?")
    }
}

impl fmt::Write for ErrorName {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let start = self.len as usize;
        let end = start + s.len();
        let slot = self.bytes.get_mut(start..end).ok_or(fmt::Error)?;
        slot.copy_from_slice(s.as_bytes());
        self.len = end as u8;
        Ok(())
    }
}

impl fmt::Debug for ErrorName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A result as the file records it: kinds and raw bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// An input is not representable on the backend (`-`).
    Unrepresentable,
    /// The query refused its input (`!NotFinite`, `!OutOfDomain`, ...).
    Error(ErrorName),
    /// A static classification (`D`, `T`, `O`).
    Proximity(Proximity),
    /// A squared distance (`V bits`).
    Value(u64),
    /// A miss (`N`).
    Miss,
    /// Overlapping at time 0 (`W x y`).
    Overlapping {
        /// The witness point's bits.
        witness: [u64; 2],
    },
    /// A hit (`H time px py cx cy nx ny`): the bits of the time, contact
    /// point, center and normal, in that order.
    Hit([u64; 7]),
    /// Overlapping at time 0 in 3D (`W x y z`).
    Overlapping3 {
        /// The witness point's bits.
        witness: [u64; 3],
    },
    /// A hit in 3D (`H time px py pz cx cy cz nx ny nz`).
    Hit3([u64; 10]),
    /// A frame of `advance` (`A x y dx dy n k`).
    Advanced {
        /// The bits of the end center and the displacement.
        bits: [u64; 4],
        /// The number of contacts.
        contacts: u64,
        /// 0 moved, 1 bounce limit, `2 + i` embedded in obstacle `i`.
        end: u64,
    },
}

impl Outcome {
    /// A classification's outcome.
    pub fn proximity(r: Result<Proximity, Error>) -> Outcome {
        match r {
            Ok(p) => Outcome::Proximity(p),
            Err(e) => Outcome::Error(ErrorName::of(e)),
        }
    }

    /// A value's outcome.
    pub fn value<T: Backend>(r: Result<T, Error>) -> Outcome {
        match r {
            Ok(v) => Outcome::Value(v.bits()),
            Err(e) => Outcome::Error(ErrorName::of(e)),
        }
    }

    /// A sweep's outcome.
    pub fn sweep<T: Backend>(r: Result<Sweep<T>, Error>) -> Outcome {
        match r {
            Ok(Sweep::Miss) => Outcome::Miss,
            Ok(Sweep::Overlapping { witness: w }) => Outcome::Overlapping {
                witness: [w.x.bits(), w.y.bits()],
            },
            Ok(Sweep::Hit(h)) => Outcome::Hit([
                h.time.bits(),
                h.point.x.bits(),
                h.point.y.bits(),
                h.center.x.bits(),
                h.center.y.bits(),
                h.normal.x.bits(),
                h.normal.y.bits(),
            ]),
            Err(e) => Outcome::Error(ErrorName::of(e)),
        }
    }

    /// A 3D sweep's outcome.
    pub fn sweep3<T: Backend>(r: Result<Sweep<T, Vec3<T>>, Error>) -> Outcome {
        let v = |v: &Vec3<T>| [v.x.bits(), v.y.bits(), v.z.bits()];
        match r {
            Ok(Sweep::Miss) => Outcome::Miss,
            Ok(Sweep::Overlapping { witness: w }) => Outcome::Overlapping3 { witness: v(&w) },
            Ok(Sweep::Hit(h)) => {
                let ([px, py, pz], [cx, cy, cz], [nx, ny, nz]) =
                    (v(&h.point), v(&h.center), v(&h.normal));
                Outcome::Hit3([h.time.bits(), px, py, pz, cx, cy, cz, nx, ny, nz])
            }
            Err(e) => Outcome::Error(ErrorName::of(e)),
        }
    }

    /// A frame's outcome.
    pub fn advanced<T: Backend>(r: Result<Advanced<T>, AdvanceError>) -> Outcome {
        match r {
            Ok(a) => Outcome::Advanced {
                bits: [
                    a.center.x.bits(),
                    a.center.y.bits(),
                    a.displacement.x.bits(),
                    a.displacement.y.bits(),
                ],
                contacts: u64::from(a.contacts),
                end: match a.outcome {
                    advance::Outcome::Moved => 0,
                    advance::Outcome::BounceLimit => 1,
                    advance::Outcome::Embedded { obstacle } => 2 + obstacle as u64,
                },
            },
            Err(e) => Outcome::Error(ErrorName::of(e.error)),
        }
    }

    /// Parses the tokens of one result column.
    pub fn parse(s: &str) -> Option<Outcome> {
        let mut t = s.split_ascii_whitespace();
        let tag = t.next()?;
        // The numbers after the tag (at most ten), in hex.
        let mut n = [0u64; 10];
        let mut len = 0;
        for word in t {
            *n.get_mut(len)? = u64::from_str_radix(word, 16).ok()?;
            len += 1;
        }
        let outcome = match (tag, len) {
            ("-", 0) => Outcome::Unrepresentable,
            (e, 0) if e.starts_with('!') => Outcome::Error(ErrorName::parse(e.get(1..)?)?),
            ("D", 0) => Outcome::Proximity(Proximity::Disjoint),
            ("T", 0) => Outcome::Proximity(Proximity::Touching),
            ("O", 0) => Outcome::Proximity(Proximity::Overlapping),
            ("N", 0) => Outcome::Miss,
            ("V", 1) => Outcome::Value(n[0]),
            ("W", 2) => Outcome::Overlapping {
                witness: [n[0], n[1]],
            },
            ("W", 3) => Outcome::Overlapping3 {
                witness: [n[0], n[1], n[2]],
            },
            ("A", 6) => Outcome::Advanced {
                bits: [n[0], n[1], n[2], n[3]],
                contacts: n[4],
                end: n[5],
            },
            ("H", 7) => Outcome::Hit([n[0], n[1], n[2], n[3], n[4], n[5], n[6]]),
            ("H", 10) => Outcome::Hit3(n),
            _ => return None,
        };
        Some(outcome)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Unrepresentable => f.write_str("-"),
            Outcome::Error(e) => write!(f, "!{}", e.as_str()),
            Outcome::Proximity(Proximity::Disjoint) => f.write_str("D"),
            Outcome::Proximity(Proximity::Touching) => f.write_str("T"),
            Outcome::Proximity(Proximity::Overlapping) => f.write_str("O"),
            Outcome::Value(v) => write!(f, "V {v:x}"),
            Outcome::Miss => f.write_str("N"),
            Outcome::Overlapping { witness: [x, y] } => write!(f, "W {x:x} {y:x}"),
            Outcome::Overlapping3 { witness: [x, y, z] } => write!(f, "W {x:x} {y:x} {z:x}"),
            Outcome::Hit(bits) => {
                f.write_str("H")?;
                bits.iter().try_for_each(|b| write!(f, " {b:x}"))
            }
            Outcome::Hit3(bits) => {
                f.write_str("H")?;
                bits.iter().try_for_each(|b| write!(f, " {b:x}"))
            }
            Outcome::Advanced {
                bits,
                contacts,
                end,
            } => {
                f.write_str("A")?;
                bits.iter().try_for_each(|b| write!(f, " {b:x}"))?;
                write!(f, " {contacts:x} {end:x}")
            }
        }
    }
}

/// Runs `query` on backend `T` with `inputs` (converted by
/// [`Backend::from_input`]).
pub fn run<T: Backend>(query: Query, inputs: &[Input]) -> Outcome {
    let mut x = [T::zero(); MAX_INPUTS];
    for (slot, &input) in x.iter_mut().zip(inputs) {
        match T::from_input(input) {
            Some(v) => *slot = v,
            None => return Outcome::Unrepresentable,
        }
    }
    let v2 = |i: usize| Vec2::new(x[i], x[i + 1]);
    let v3 = |i: usize| Vec3::new(x[i], x[i + 1], x[i + 2]);
    // An oriented box at `i`: center, two axes, two half extents.
    let obb = |i: usize| Obb2::new(v2(i), [v2(i + 2), v2(i + 4)], [x[i + 6], x[i + 7]]);
    // In 3D: center, three axes, three half extents.
    let obb3 = |i: usize| {
        let axes = [v3(i + 3), v3(i + 6), v3(i + 9)];
        Obb3::new(v3(i), axes, [x[i + 12], x[i + 13], x[i + 14]])
    };
    match query {
        Query::CircleAabb2 => Outcome::proximity(circle_box::classify_circle_aabb2(
            &Circle::new(v2(0), x[2]),
            &Aabb2::new(v2(3), v2(5)),
        )),
        Query::SphereAabb3 => Outcome::proximity(circle_box::classify_sphere_aabb3(
            &Sphere::new(v3(0), x[3]),
            &Aabb3::new(v3(4), v3(7)),
        )),
        Query::CircleObb2 => Outcome::proximity(circle_box::classify_circle_obb2(
            &Circle::new(v2(0), x[2]),
            &obb(3),
        )),
        Query::DistAabb2 => Outcome::value(circle_box::distance_squared_point_aabb2(
            &v2(0),
            &Aabb2::new(v2(2), v2(4)),
        )),
        Query::DistAabb3 => Outcome::value(circle_box::distance_squared_point_aabb3(
            &v3(0),
            &Aabb3::new(v3(3), v3(6)),
        )),
        Query::DistObb2 => Outcome::value(circle_box::distance_squared_point_obb2(&v2(0), &obb(2))),
        Query::SphereObb3 => Outcome::proximity(circle_box::classify_sphere_obb3(
            &Sphere::new(v3(0), x[3]),
            &obb3(4),
        )),
        Query::DistObb3 => {
            Outcome::value(circle_box::distance_squared_point_obb3(&v3(0), &obb3(3)))
        }
        Query::SweepAabb3 | Query::SweepAabb3Within => {
            let sphere = Sphere::new(v3(0), x[3]);
            let b = Aabb3::new(v3(7), v3(10));
            Outcome::sweep3(if query == Query::SweepAabb3 {
                sweep_sphere_box::sweep_sphere_aabb3(&sphere, &v3(4), &b, &v3(13))
            } else {
                sweep_sphere_box::sweep_sphere_aabb3_within(&sphere, &v3(4), &b, &v3(13), &x[16])
            })
        }
        Query::SweepObb3 | Query::SweepObb3Within => {
            let sphere = Sphere::new(v3(0), x[3]);
            let b = obb3(7);
            Outcome::sweep3(if query == Query::SweepObb3 {
                sweep_sphere_box::sweep_sphere_obb3(&sphere, &v3(4), &b, &v3(22))
            } else {
                sweep_sphere_box::sweep_sphere_obb3_within(&sphere, &v3(4), &b, &v3(22), &x[25])
            })
        }
        Query::SweepAabb2 | Query::SweepAabb2Within => {
            let circle = Circle::new(v2(0), x[2]);
            let rect = Aabb2::new(v2(5), v2(7));
            Outcome::sweep(if query == Query::SweepAabb2 {
                sweep_circle_rect::sweep_circle_aabb2(&circle, &v2(3), &rect, &v2(9))
            } else {
                sweep_circle_rect::sweep_circle_aabb2_within(&circle, &v2(3), &rect, &v2(9), &x[11])
            })
        }
        Query::SweepObb2 | Query::SweepObb2Within => {
            let circle = Circle::new(v2(0), x[2]);
            let rect = obb(5);
            Outcome::sweep(if query == Query::SweepObb2 {
                sweep_circle_rect::sweep_circle_obb2(&circle, &v2(3), &rect, &v2(13))
            } else {
                sweep_circle_rect::sweep_circle_obb2_within(&circle, &v2(3), &rect, &v2(13), &x[15])
            })
        }
        Query::SweepSegment2 | Query::SweepSegment2Front => {
            let sides = if query == Query::SweepSegment2 {
                Sides::Both
            } else {
                Sides::Front
            };
            Outcome::sweep(sweep_circle_segment::sweep_circle_segment_sided(
                &Circle::new(v2(0), x[2]),
                &v2(3),
                &Segment2::new(v2(5), v2(7)),
                sides,
            ))
        }
        Query::SweepCircle2 | Query::SweepCircle2Within => {
            let (circle, other) = (Circle::new(v2(0), x[2]), Circle::new(v2(5), x[7]));
            Outcome::sweep(if query == Query::SweepCircle2 {
                sweep_circle_circle::sweep_circle_circle(&circle, &v2(3), &other, &v2(8))
            } else {
                sweep_circle_circle::sweep_circle_circle_within(
                    &circle,
                    &v2(3),
                    &other,
                    &v2(8),
                    &x[10],
                )
            })
        }
        Query::Advance => {
            let Some(obstacles) = arena(|n, d| T::from_input(Input::Ratio(n, d))) else {
                return Outcome::Unrepresentable;
            };
            let options = Options {
                restitution: x[5],
                max_bounces: 16,
            };
            let circle = Circle::new(v2(0), x[2]);
            Outcome::advanced(advance::advance(
                &circle,
                &v2(3),
                &obstacles,
                &options,
                |_| {},
            ))
        }
    }
}

/// The arena of the `advance` cases: the room `[0, 48] x [0, 32]` (four
/// walls), a block, a block turned by the 3-4-5 rotation, two pegs, a
/// one-sided wall (solid on its left, facing the room) and a slanted wall;
/// each number the ratio `(n, d)` converted by `f` (`None`: not
/// representable).
pub fn arena<T: Real>(f: impl Fn(i64, i64) -> Option<T>) -> Option<[Obstacle<T>; 10]> {
    let p = |x: i64, y: i64| Some(Vec2::new(f(x, 1)?, f(y, 1)?));
    let wall = |a: (i64, i64), b: (i64, i64)| {
        Some(Obstacle::Segment(Segment2::new(p(a.0, a.1)?, p(b.0, b.1)?)))
    };
    Some([
        wall((0, 0), (48, 0))?,
        wall((48, 0), (48, 32))?,
        wall((48, 32), (0, 32))?,
        wall((0, 32), (0, 0))?,
        Obstacle::Aabb(Aabb2::new(p(8, 6)?, p(14, 10)?)),
        Obstacle::Obb(Obb2::new(
            p(34, 9)?,
            [
                Vec2::new(f(3, 5)?, f(4, 5)?),
                Vec2::new(f(-4, 5)?, f(3, 5)?),
            ],
            [f(4, 1)?, f(3, 2)?],
        )),
        Obstacle::Circle(Circle::new(p(20, 16)?, f(2, 1)?)),
        Obstacle::Circle(Circle::new(p(24, 8)?, f(1, 1)?)),
        Obstacle::OneSided(Segment2::new(p(10, 30)?, p(4, 26)?)),
        wall((42, 4), (46, 10))?,
    ])
}

/// Runs `query` on the backend at `index` in [`BACKENDS`].
///
/// `#[inline]`, as [`check`]: the queries' instantiations are compiled in
/// the crate that calls it (the runner, the golden test), not in this one,
/// which every test target of `swept` links and so waits for.
#[inline]
pub fn run_backend(index: usize, query: Query, inputs: &[Input]) -> Outcome {
    match index {
        0 => run::<f32>(query, inputs),
        1 => run::<f64>(query, inputs),
        2 => run::<I16F16>(query, inputs),
        3 => run::<I32F32>(query, inputs),
        _ => run::<I48F16>(query, inputs),
    }
}

/// A malformed line of the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub what: &'static str,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "golden file line {}: {}", self.line, self.what)
    }
}

/// One case of the file.
#[derive(Clone, Copy, Debug)]
pub struct Case<'a> {
    /// 1-based line number.
    pub line: usize,
    /// The query.
    pub query: Query,
    inputs: [Input; MAX_INPUTS],
    /// The expected result columns, one per backend of [`BACKENDS`].
    pub expected: [&'a str; 5],
}

impl Case<'_> {
    /// The inputs.
    pub fn inputs(&self) -> &[Input] {
        self.inputs.get(..self.query.arity()).unwrap_or(&[])
    }
}

fn parse_case(line: usize, text: &str) -> Result<Case<'_>, ParseError> {
    let err = |what| ParseError { line, what };
    let mut columns = text.split('|');
    let mut head = columns.next().unwrap_or("").split_ascii_whitespace();
    let query = head
        .next()
        .and_then(Query::from_name)
        .ok_or(err("unknown query"))?;
    let mut inputs = [Input::Ratio(0, 1); MAX_INPUTS];
    let mut n = 0;
    for token in head {
        let slot = inputs.get_mut(n).ok_or(err("too many inputs"))?;
        *slot = Input::parse(token).ok_or(err("bad input"))?;
        n += 1;
    }
    if n != query.arity() {
        return Err(err("wrong number of inputs"));
    }
    let mut expected = [""; 5];
    for slot in &mut expected {
        *slot = columns.next().ok_or(err("missing result column"))?.trim();
    }
    if columns.next().is_some() {
        return Err(err("too many result columns"));
    }
    Ok(Case {
        line,
        query,
        inputs,
        expected,
    })
}

/// The cases of a golden file, in order (comments and blank lines skipped).
pub fn cases(text: &str) -> impl Iterator<Item = Result<Case<'_>, ParseError>> {
    text.lines().enumerate().filter_map(|(i, l)| {
        let l = l.trim();
        (!l.is_empty() && !l.starts_with('#')).then(|| parse_case(i + 1, l))
    })
}

/// A recomputed result that differs from the file.
#[derive(Clone, Copy, Debug)]
pub struct Mismatch<'a> {
    /// 1-based line number.
    pub line: usize,
    /// The query.
    pub query: Query,
    /// The backend's name.
    pub backend: &'static str,
    /// The expected column, as written.
    pub expected: &'a str,
    /// What this build computed.
    pub got: Outcome,
}

impl fmt::Display for Mismatch<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {} ({}, {}): expected `{}`, got `{}`",
            self.line,
            self.query.name(),
            self.backend,
            self.expected,
            self.got
        )
    }
}

/// What [`check`] found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Cases (lines).
    pub cases: u32,
    /// Results compared (cases times backends).
    pub checks: u32,
    /// Results that differ.
    pub mismatches: u32,
    /// Cases per query, in the order of [`Query::ALL`].
    pub per_query: [u32; Query::ALL.len()],
    /// FNV-1a hash of every recomputed result column: the same on every
    /// target if and only if every result is.
    pub digest: u64,
}

/// FNV-1a over formatted text.
struct Fnv(u64);

impl fmt::Write for Fnv {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for b in s.bytes() {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
        }
        Ok(())
    }
}

/// Recomputes every case of `text` on every backend and compares the bits
/// with the file; calls `on_mismatch` for each difference. `Err` if the file
/// is malformed (a missing or unparsable result counts as malformed).
#[inline]
pub fn check(
    text: &str,
    on_mismatch: &mut dyn FnMut(&Mismatch<'_>),
) -> Result<Summary, ParseError> {
    use fmt::Write;
    let mut s = Summary::default();
    let mut digest = Fnv(0xcbf2_9ce4_8422_2325);
    for case in cases(text) {
        let case = case?;
        s.cases += 1;
        if let Some(n) = s.per_query.get_mut(case.query.index()) {
            *n += 1;
        }
        for (b, (&backend, &expected)) in BACKENDS.iter().zip(&case.expected).enumerate() {
            let want = Outcome::parse(expected).ok_or(ParseError {
                line: case.line,
                what: "bad result column",
            })?;
            let got = run_backend(b, case.query, case.inputs());
            let _ = write!(digest, "{got}|");
            s.checks += 1;
            if got != want {
                s.mismatches += 1;
                on_mismatch(&Mismatch {
                    line: case.line,
                    query: case.query,
                    backend,
                    expected,
                    got,
                });
            }
        }
        let _ = digest.write_str("\n");
    }
    s.digest = digest.0;
    Ok(s)
}
