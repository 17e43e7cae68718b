//! Inputs as integers: each dyadic input `(-1)^s m 2^e` is multiplied by
//! `2^(l·E_L + t·E_T + d·E_D)`, its dimension `(l, t, d)` times one
//! exponent per base dimension, chosen so that every input becomes an
//! integer. A polynomial homogeneous in the dimensions is multiplied by a
//! power of two, so its sign is kept; a constructed value of dimension
//! `(l, t, d)` is divided back by `2^(l·E_L + t·E_T + d·E_D)`.
//!
//! Floats take the smallest exponents (each dimension's lowest set bit
//! becomes bit 0), so the integers are as narrow as the inputs' spread
//! allows; fixed point keeps its raw integers (every value has exponent
//! `-F`). Velocities are lengths per time: without a time input, `E_T` is
//! chosen to align the velocities on their own lowest bit; with one (a
//! time limit), `E_T` aligns the times and `E_L` is raised until the
//! velocities are integers too.

use super::approx::Approx;
#[cfg(test)]
use super::int::Int;
use super::residue::{Ctx, Res};
use super::{Dim, Refused, Ring};

/// A value that is a dyadic rational.
pub trait Dyadic {
    /// `(-1)^neg · m · 2^e`; `None` for NaN and infinities.
    fn dyadic(&self) -> Option<(bool, u64, i32)>;
}

/// The exponents `E_L, E_T, E_D` of an alignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scale {
    length: i32,
    time: i32,
    direction: i32,
}

impl Scale {
    /// The power of two a value of dimension `d` was multiplied by.
    #[inline]
    pub fn of(&self, d: Dim) -> i32 {
        i32::from(d.length) * self.length
            + i32::from(d.time) * self.time
            + i32::from(d.direction) * self.direction
    }
}

/// The exponents for inputs whose lowest set bits, over the inputs of
/// each base dimension in the order of [`base`] (`None`: every such input
/// zero, or none), are `low`.
fn scale([l, v, t, d]: [Option<i32>; 4]) -> Scale {
    let d = d.map_or(0, |x| -x);
    let (length, time) = match t {
        Some(t) => {
            let time = -t;
            let length = match (l, v) {
                (Some(l), Some(v)) => (-l).max(time - v),
                (Some(l), None) => -l,
                (None, Some(v)) => time - v,
                (None, None) => 0,
            };
            (length, time)
        }
        None => {
            let length = l.map_or_else(|| v.map_or(0, |v| -v), |l| -l);
            (length, v.map_or(0, |v| length + v))
        }
    };
    Scale {
        length,
        time,
        direction: d,
    }
}

/// An alignment: each input's sign, odd part (floats) or integer (fixed
/// point) and the shift that makes it an integer, the exponents, and the
/// widest integer's bit count.
#[derive(Clone, Copy, Debug)]
pub struct Plan<const N: usize> {
    parts: [Aligned; N],
    scale: Scale,
    bits: u32,
}

/// An aligned input `±m · 2^shift` in three 32-bit words (a plan takes
/// 12 bytes an input on a 32-bit target, not 16): `m`'s halves, then
/// `shift` (below `2^31`) with the sign in the top bit.
#[derive(Clone, Copy, Debug, Default)]
pub struct Aligned([u32; 3]);

impl Aligned {
    #[inline]
    fn new(neg: bool, m: u64, shift: u32) -> Aligned {
        Aligned([m as u32, (m >> 32) as u32, shift | u32::from(neg) << 31])
    }

    /// `(neg, m, shift)`.
    #[inline]
    pub fn get(self) -> (bool, u64, u32) {
        let [lo, hi, s] = self.0;
        (
            s >> 31 != 0,
            u64::from(lo) | u64::from(hi) << 32,
            s & !(1 << 31),
        )
    }

    /// `(neg, m, e)`: `±m · 2^e`, `e` the shift of an aligned input, or
    /// an input's own exponent ([`Plan::exponents_into`]). An aligned
    /// plan's shifts are below `2^30` wherever a run takes them (its
    /// [`Plan::bits`] bound them, and a run needs those within
    /// [`FALLBACK_BITS`](super::FALLBACK_BITS)).
    #[inline]
    pub fn value(self) -> (bool, u64, i32) {
        let (neg, m, e) = self.get();
        // The exponent back from 31 bits.
        (neg, m, ((e << 1) as i32) >> 1)
    }
}

/// Plans the alignment of `x`; `minimize` takes each value's lowest set
/// bit (floats), otherwise its exponent (fixed point). `Err(Spread)` if an
/// input is not finite.
#[inline]
pub fn plan<T: Dyadic, const N: usize>(
    x: &[T; N],
    dims: &[Dim; N],
    minimize: bool,
) -> Result<Plan<N>, Refused> {
    let mut out = Plan::EMPTY;
    plan_into(x, dims, minimize, &mut out)?;
    Ok(out)
}

/// [`plan`] into `out`, where the caller keeps it: returned, a plan was
/// copied once more (148 bytes for `sweep_aabb2`'s procedure on a
/// Cortex-M4F).
#[inline]
pub fn plan_into<T: Dyadic, const N: usize>(
    x: &[T; N],
    dims: &[Dim; N],
    minimize: bool,
    out: &mut Plan<N>,
) -> Result<(), Refused> {
    (out.scale, out.bits) = plan_parts(x, dims, minimize, &mut out.parts)?;
    Ok(())
}

/// [`plan_into`] for any number of inputs (one function for every
/// procedure and construction of a number type), in two passes: each
/// input's part, kept in `parts` with its exponent, and the lowest
/// exponent of each base dimension; then each exponent made a shift.
/// Out of line: its frame sits beside, not under, the frames of the exact
/// route that follows.
#[inline(never)]
fn plan_parts<T: Dyadic>(
    x: &[T],
    dims: &[Dim],
    minimize: bool,
    parts: &mut [Aligned],
) -> Result<(Scale, u32), Refused> {
    let mut low = [None; 4];
    for ((o, v), d) in parts.iter_mut().zip(x).zip(dims) {
        // `±m · 2^e`, `m` odd where `minimize` (or zero).
        let (neg, mut m, mut e) = v.dyadic().ok_or(Refused::Spread)?;
        if m == 0 {
            *o = Aligned::default();
            continue;
        }
        if minimize {
            let tz = m.trailing_zeros();
            (m, e) = (m >> tz, e + tz as i32);
        }
        // `e` in the shift's 31 bits (every exponent is far within).
        *o = Aligned::new(neg, m, e as u32 & !(1 << 31));
        if let Some(l) = base(*d).and_then(|b| low.get_mut(b)) {
            *l = Some(l.map_or(e, |l: i32| l.min(e)));
        }
    }
    let scale = scale(low);
    let mut bits = 0;
    for (o, d) in parts.iter_mut().zip(dims) {
        let (neg, m, e) = o.get();
        if m == 0 {
            continue;
        }
        // The exponent back from 31 bits, and the shift (below 2^31).
        let e = ((e << 1) as i32) >> 1;
        let shift = u32::try_from(e + scale.of(*d)).map_err(|_| Refused::Spread)?;
        bits = u32::max(bits, shift.saturating_add(64 - m.leading_zeros()));
        *o = Aligned::new(neg, m, shift);
    }
    Ok((scale, bits))
}

/// Each input of `x` as it is, `±m · 2^e`, its own exponent kept (no
/// alignment): for a run on approximations alone ([`Aligned::value`]), whose
/// signs are the aligned inputs' (module doc: an alignment multiplies each
/// polynomial by a power of two), without [`plan_parts`]' two passes.
/// `Err(Spread)` if an input is not finite.
#[inline(never)]
fn exponents<T: Dyadic>(x: &[T], parts: &mut [Aligned]) -> Result<(), Refused> {
    for (o, v) in parts.iter_mut().zip(x) {
        let (neg, m, e) = v.dyadic().ok_or(Refused::Spread)?;
        // `e` in the 31 bits of a shift (every exponent is far within).
        *o = Aligned::new(neg, m, e as u32 & !(1 << 31));
    }
    Ok(())
}

/// The index of `d` among the dimensions that have an exponent of their
/// own in an alignment (by a match: a search of a table of them took an
/// aligned input 10 to 17 instructions more on a Cortex-M4F).
#[inline(always)]
fn base(d: Dim) -> Option<usize> {
    match d {
        Dim::LENGTH => Some(0),
        Dim::VELOCITY => Some(1),
        Dim::TIME => Some(2),
        Dim::DIRECTION => Some(3),
        _ => None,
    }
}

impl<const N: usize> Plan<N> {
    /// No inputs yet: what [`plan_into`] fills.
    pub const EMPTY: Plan<N> = Plan {
        parts: [Aligned([0; 3]); N],
        scale: Scale {
            length: 0,
            time: 0,
            direction: 0,
        },
        bits: 0,
    };

    /// Integers as they are, `±m` (fixed point's raw integers): scale 1.
    /// In place, as [`plan_into`]: returned, a plan was copied (416 bytes
    /// and 369 instructions for `I32F32` `sweep_sphere_obb3`'s early exit
    /// on a Cortex-M4F).
    #[cfg(feature = "fixed")]
    pub fn integers_into(&mut self, x: impl IntoIterator<Item = (bool, u64)>) {
        let mut any = 0u64;
        for (o, (neg, m)) in self.parts.iter_mut().zip(x) {
            *o = Aligned::new(neg, m, 0);
            any |= m;
        }
        self.scale = Scale {
            length: 0,
            time: 0,
            direction: 0,
        };
        self.bits = u64::BITS - any.leading_zeros();
    }

    /// The bit count of the widest aligned input.
    #[inline]
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// The exponents.
    #[inline]
    pub fn scale(&self) -> Scale {
        self.scale
    }

    /// The inputs of `x` as they are ([`exponents`]), not aligned: a plan
    /// for approximations alone ([`Aligned::value`]), whose scale is `2^0`
    /// and whose [`Plan::inputs`] are not integers.
    #[inline]
    pub fn exponents_into<T: Dyadic>(&mut self, x: &[T; N]) -> Result<(), Refused> {
        exponents(x, &mut self.parts)
    }

    /// The aligned inputs as exact approximations ([`Approx`]), written
    /// into `out`, in the caller's frame (a run holds them there; returned,
    /// they were copied once more).
    #[inline(always)]
    pub fn approximate(&self, out: &mut [Approx; N]) {
        for (o, a) in out.iter_mut().zip(&self.parts) {
            let (neg, m, e) = a.value();
            *o = Approx::input(neg, m, e);
        }
    }

    /// Each input, aligned ([`Aligned::get`]) or not ([`Aligned::value`]).
    #[inline(always)]
    pub fn parts(&self) -> &[Aligned] {
        &self.parts
    }

    /// The aligned inputs, each `(neg, m, shift)`: `±m · 2^shift`.
    #[inline(always)]
    pub fn inputs(&self) -> impl Iterator<Item = (bool, u64, u32)> + '_ {
        self.parts.iter().map(|a| a.get())
    }

    /// The aligned inputs by their residues ([`Res`]), written in the
    /// caller's frame (a run holds them there; `map` built them in one
    /// of its own, under the run's).
    #[inline(always)]
    pub fn residues<'a>(&self, ctx: &'a Ctx<'a>) -> [Res<'a>; N] {
        let mut out = [Res::zero(); N];
        for (o, (neg, m, shift)) in out.iter_mut().zip(self.inputs()) {
            *o = ctx.input(neg, m, shift);
        }
        out
    }
    /// The aligned inputs in `K` limbs; `None` if one does not fit.
    #[cfg(test)]
    pub fn build<const K: usize>(&self) -> Option<[Int<K>; N]> {
        let mut out = [Int::ZERO; N];
        for (o, a) in out.iter_mut().zip(self.parts) {
            let (neg, m, shift) = a.get();
            if m != 0 {
                *o = Int::from_parts(neg, m, shift)?;
            }
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::plan;
    use crate::exact::Dim;
    use crate::exact::Refused;
    use crate::exact::int::{Int, limbs};
    use std::vec::Vec;

    fn align<const N: usize, const K: usize>(
        x: &[f64; N],
        dims: &[Dim; N],
        max_bits: u32,
    ) -> Result<([Int<K>; N], super::Scale), Refused> {
        let p = plan(x, dims, true)?;
        if p.bits() > max_bits {
            return Err(Refused::Spread);
        }
        Ok((p.build().ok_or(Refused::Spread)?, p.scale()))
    }

    /// An aligned input's three words give back its sign, integer and
    /// shift, at the ends of their ranges.
    #[test]
    fn aligned_inputs_round_trip() {
        use super::Aligned;
        for neg in [false, true] {
            for m in [
                0,
                1,
                3,
                u64::from(u32::MAX),
                1 << 32,
                u64::MAX - 1,
                u64::MAX,
            ] {
                for shift in [0, 1, 2303, (1 << 31) - 1] {
                    assert_eq!(Aligned::new(neg, m, shift).get(), (neg, m, shift));
                }
            }
        }
    }

    #[test]
    fn inputs_become_integers_per_dimension() {
        use Dim as D;
        let dims = [D::LENGTH, D::LENGTH, D::VELOCITY, D::DIRECTION];
        // Lengths 0.75, -3 (lowest bit 2^-2), velocity 1/16, axis 0.5.
        let x = [0.75, -3.0, 0.0625, 0.5];
        let (ints, s) = align::<4, { limbs(256) }>(&x, &dims, 200).expect("fits");
        let v: Vec<i64> = ints
            .iter()
            .map(|i| i.top_bits(64).0 as i64 * i64::from(i.signum() as i8))
            .collect();
        assert_eq!(v, [3, -12, 1, 1]);
        assert_eq!(
            (s.of(D::LENGTH), s.of(D::VELOCITY), s.of(D::DIRECTION)),
            (2, 4, 1)
        );
        // A time: lengths are raised until velocities are integers.
        let dims = [D::LENGTH, D::VELOCITY, D::TIME];
        let x = [1.0, 0.5, 0.25];
        let (ints, s) = align::<3, { limbs(256) }>(&x, &dims, 200).expect("fits");
        let v: Vec<u128> = ints.iter().map(|i| i.top_bits(64).0).collect();
        // E_T = 2, E_L = max(0, 2 + 1) = 3: 8, 0.5·2^(3-2) = 1, 1.
        assert_eq!(v, [8, 1, 1]);
        assert_eq!(s.of(D::TIME), 2);
        assert!(align::<1, { limbs(256) }>(&[f64::NAN], &[D::LENGTH], 200).is_err());
        let wide = [1.0, f64::MIN_POSITIVE];
        assert!(align::<2, { limbs(1280) }>(&wide, &[D::LENGTH; 2], 1000).is_err());
        assert!(align::<2, { limbs(1280) }>(&wide, &[D::LENGTH; 2], 1100).is_ok());
    }

    /// The exponents at both ends of `f64`'s range survive the first
    /// pass: `-MAX` is `-(2^53 - 1) · 2^971`, the least subnormal `2^-1074`,
    /// so lengths scale by `2^1074` and the widest integer has `971 + 1074
    /// + 53` bits.
    #[test]
    fn extreme_exponents_align() {
        let p = plan(&[-f64::MAX, 5e-324, 0.0], &[Dim::LENGTH; 3], true).expect("finite");
        assert_eq!((p.scale().of(Dim::LENGTH), p.bits()), (1074, 2098));
        let parts: Vec<_> = p.parts.iter().map(|a| a.get()).collect();
        assert_eq!(
            parts,
            [(true, (1 << 53) - 1, 2045), (false, 1, 0), (false, 0, 0)]
        );
    }

    /// [`super::base`] names length, velocity, time and direction, in
    /// that order, and no other dimension.
    #[test]
    fn bases_by_their_powers() {
        use Dim as D;
        for l in -2..=2 {
            for t in -2..=2 {
                for d in -2..=2 {
                    let dim = Dim::new(l, t, d);
                    let i = [D::LENGTH, D::VELOCITY, D::TIME, D::DIRECTION]
                        .iter()
                        .position(|b| *b == dim);
                    assert_eq!(super::base(dim), i, "{dim:?}");
                }
            }
        }
    }
}
