//! Exact signs of narrow polynomials: a procedure on fixed point's raw
//! integers as 192-bit two's complement integers ([`Narrow`]), or 128-bit
//! ones ([`Small`]) where those suffice.
//!
//! The arithmetic wraps, so it computes each value modulo `2^192` (or
//! `2^128`); a value below `2^191` (`2^127`) in magnitude is its own
//! representative, so every sign the procedure takes is the exact one. By
//! [`super::Procedure::DEGREE`], each polynomial of degree `D` in inputs
//! below `2^B` with coefficients summing below `2^32` is below
//! `2^(D·B + 32)`: narrow where that is at most [`BITS`], as for any
//! procedure of degree 2 on 64-bit raw integers, and within [`Small`]
//! where it is at most [`SMALL_BITS`]: on every input of a 32-bit type,
//! or on 64-bit raw integers below `2^47` (an `I32F32` value below
//! `2^15`) at degree 2. [`Width`] chooses.
//! A construction whose values are such polynomials ([`construct`]) is
//! built the same way, each value rounded to the type's grid by a shift.

use super::kernel::decision_bits;
use super::{Construction, Dim, Finish, Part, Procedure, Ring, Signs};
use core::cmp::Ordering;
use core::ops::{Add, Mul, Neg, Sub};

/// The widest polynomial, in bits, that [`decide`] decides.
pub const BITS: u32 = 191;

/// An integer modulo `2^192`: `hi · 2^64 + lo`.
#[derive(Clone, Copy)]
pub struct Narrow {
    lo: u64,
    hi: i128,
}

impl Narrow {
    /// The value, where it is an `i64`.
    #[inline(always)]
    fn narrow(self) -> Option<i64> {
        let lo = self.lo as i64;
        (self.hi == i128::from(lo >> 63)).then_some(lo)
    }

    /// `v`.
    #[inline(always)]
    fn of(v: i128) -> Narrow {
        Narrow {
            lo: v as u64,
            hi: v >> 64,
        }
    }
}

impl Add for Narrow {
    type Output = Narrow;
    #[inline(never)]
    fn add(self, o: Narrow) -> Narrow {
        let (lo, c) = self.lo.overflowing_add(o.lo);
        Narrow {
            lo,
            hi: self.hi.wrapping_add(o.hi).wrapping_add(i128::from(c)),
        }
    }
}

impl Sub for Narrow {
    type Output = Narrow;
    #[inline(never)]
    fn sub(self, o: Narrow) -> Narrow {
        let (lo, b) = self.lo.overflowing_sub(o.lo);
        Narrow {
            lo,
            hi: self.hi.wrapping_sub(o.hi).wrapping_sub(i128::from(b)),
        }
    }
}

impl Neg for Narrow {
    type Output = Narrow;
    #[inline(always)]
    fn neg(self) -> Narrow {
        Narrow::zero() - self
    }
}

impl Mul for Narrow {
    type Output = Narrow;
    /// `(h 2^64 + l)(h' 2^64 + l')` modulo `2^192`: `l l'`, the cross
    /// terms `h l' + h' l` at `2^64`, and `h h'` at `2^128`, its low 64
    /// bits only.
    #[inline(never)]
    fn mul(self, o: Narrow) -> Narrow {
        // Factors within `i64` (most): one product.
        if let (Some(a), Some(b)) = (self.narrow(), o.narrow()) {
            return Narrow::of(i128::from(a) * i128::from(b));
        }
        let low = u128::from(self.lo) * u128::from(o.lo);
        let cross = self
            .hi
            .wrapping_mul(i128::from(o.lo))
            .wrapping_add(o.hi.wrapping_mul(i128::from(self.lo)));
        let top = i128::from((self.hi as u64).wrapping_mul(o.hi as u64)) << 64;
        Narrow {
            lo: low as u64,
            hi: ((low >> 64) as i128).wrapping_add(cross).wrapping_add(top),
        }
    }
}

impl Ring for Narrow {
    #[inline(always)]
    fn zero() -> Narrow {
        Narrow::small(0)
    }
    #[inline(always)]
    fn one() -> Narrow {
        Narrow::small(1)
    }
    #[inline(always)]
    fn small(n: u32) -> Narrow {
        Narrow {
            lo: u64::from(n),
            hi: 0,
        }
    }
    #[inline(never)]
    fn sign(&self) -> (Ordering, bool) {
        let s = match self.hi.cmp(&0) {
            Ordering::Equal if self.lo != 0 => Ordering::Greater,
            s => s,
        };
        (s, true)
    }
    #[inline(never)]
    fn positive_part(self) -> Narrow {
        if self.hi < 0 { Narrow::zero() } else { self }
    }
    #[inline(never)]
    fn abs(self) -> Narrow {
        if self.hi < 0 { -self } else { self }
    }
}

/// Which integers a procedure or construction on raw integers runs in:
/// [`Small`] ones where the type's range fits them; where it does not,
/// for few lengths (at most seven: the plane's aligned static queries,
/// where the second copy costs under half a kilobyte), [`Small`] ones
/// where the inputs' width does and 192-bit ones where it does not; else
/// 192-bit ones alone, where a second copy would cost more code than the
/// instructions it saves (the axes' check: 1.3 KB, `ci/size.sh`).
#[derive(Clone, Copy)]
pub enum Width {
    /// [`Small`].
    Small,
    /// [`Small`] or [`Narrow`], by the inputs' width.
    ByInputs,
    /// [`Narrow`].
    Wide,
}

impl Width {
    /// The width for polynomials of degree `degree` in inputs `dims` of
    /// `raw_bits` bits.
    pub const fn of(degree: u32, raw_bits: u32, dims: &[Dim]) -> Width {
        if decision_bits(degree, raw_bits) <= SMALL_BITS {
            Width::Small
        } else if dims.len() <= 7 && every(dims, Dim::LENGTH) {
            Width::ByInputs
        } else {
            Width::Wide
        }
    }

    /// Whether `x` runs in [`Small`] integers.
    #[inline(always)]
    fn small<const N: usize>(self, degree: u32, x: &[i64; N]) -> bool {
        match self {
            Width::Small => true,
            Width::ByInputs => decision_bits(degree, width(x)) <= SMALL_BITS,
            Width::Wide => false,
        }
    }
}

/// `p` on the raw integers `x`, every polynomial it evaluates below
/// `2^BITS` (the caller has checked): exact, in the integers `w` chooses.
#[inline(always)]
pub fn decide<P: Procedure<N>, const N: usize>(p: &P, x: [i64; N], w: Width) -> P::Out {
    if w.small(P::DEGREE, &x) {
        decide_in::<Small, P, N>(p, &x)
    } else {
        decide_in::<Narrow, P, N>(p, &x)
    }
}

/// `p` on `x` as integers of the ring `W`.
#[inline(never)]
fn decide_in<W: Word, P: Procedure<N>, const N: usize>(p: &P, x: &[i64; N]) -> P::Out {
    p.run(&x.map(W::of), &mut Signs::new())
}

/// Whether every one of `dims` is `d`.
pub const fn every(dims: &[Dim], d: Dim) -> bool {
    let mut i = 0;
    while i < dims.len() {
        let e = dims[i];
        if e.length != d.length || e.time != d.time || e.direction != d.direction {
            return false;
        }
        i += 1;
    }
    true
}

/// The least `B` with every `|x_i| < 2^B`.
#[inline(always)]
fn width<const N: usize>(x: &[i64; N]) -> u32 {
    64 - x
        .iter()
        .fold(0, |m, v| m | v.unsigned_abs())
        .leading_zeros()
}

/// The widest polynomial, in bits, that [`Small`] holds.
pub const SMALL_BITS: u32 = 127;

/// An integer modulo `2^128`: as [`Narrow`], for polynomials below
/// `2^SMALL_BITS` (inputs up to 47 bits wide at degree 2), in a quarter
/// of its instructions.
#[derive(Clone, Copy)]
pub struct Small(i128);

impl Add for Small {
    type Output = Small;
    #[inline(always)]
    fn add(self, o: Small) -> Small {
        Small(self.0.wrapping_add(o.0))
    }
}

impl Sub for Small {
    type Output = Small;
    #[inline(always)]
    fn sub(self, o: Small) -> Small {
        Small(self.0.wrapping_sub(o.0))
    }
}

impl Neg for Small {
    type Output = Small;
    #[inline(always)]
    fn neg(self) -> Small {
        Small(self.0.wrapping_neg())
    }
}

impl Mul for Small {
    type Output = Small;
    /// Factors within `i64` (the inputs' differences, where the bound
    /// holds): one widening product; others wrap.
    #[inline(always)]
    fn mul(self, o: Small) -> Small {
        match (i64::try_from(self.0), i64::try_from(o.0)) {
            (Ok(a), Ok(b)) => Small(i128::from(a) * i128::from(b)),
            _ => Small(self.0.wrapping_mul(o.0)),
        }
    }
}

impl Ring for Small {
    #[inline(always)]
    fn zero() -> Small {
        Small(0)
    }
    #[inline(always)]
    fn one() -> Small {
        Small(1)
    }
    #[inline(always)]
    fn small(n: u32) -> Small {
        Small(i128::from(n))
    }
    #[inline(always)]
    fn sign(&self) -> (Ordering, bool) {
        (self.0.cmp(&0), true)
    }
    #[inline(always)]
    fn positive_part(self) -> Small {
        Small(self.0.max(0))
    }
    #[inline(always)]
    fn abs(self) -> Small {
        Small(self.0.wrapping_abs())
    }
}

/// A ring of integers modulo a power of two ([`Narrow`], [`Small`]): the
/// rings a procedure or construction on raw integers runs in.
trait Word: Ring + Copy {
    /// The raw integer `v`.
    fn of(v: i64) -> Self;
    /// Whether the value is `n`.
    fn is(&self, n: i64) -> bool;
    /// `self / 2^s` (`s < 64`), rounded to the nearest integer, ties to
    /// even, if that is an `i64`.
    fn shifted(self, s: u32) -> Option<i64>;
}

/// Whether a quotient by `2^s` whose remainder has the low bits `low`
/// (the bits below `s`) rounds up from its floor, odd where `odd`: to
/// nearest, ties to even.
#[inline(always)]
fn rounds_up(low: u64, s: u32, odd: bool) -> bool {
    let (rest, half) = (low & (1u64 << s).wrapping_sub(1), (1u64 << s) >> 1);
    s > 0 && (rest > half || (rest == half && odd))
}

impl Word for Narrow {
    #[inline(always)]
    fn of(v: i64) -> Narrow {
        Narrow::of(i128::from(v))
    }
    #[inline(always)]
    fn is(&self, n: i64) -> bool {
        self.narrow() == Some(n)
    }
    fn shifted(self, s: u32) -> Option<i64> {
        // The floor: `hi · 2^64 + lo` shifted, arithmetically.
        let q = Narrow {
            lo: (self.lo >> s) | (self.hi as u64).checked_shl(64 - s).unwrap_or(0),
            hi: self.hi >> s,
        };
        let up = rounds_up(self.lo, s, q.lo & 1 == 1);
        (if up { q + Narrow::one() } else { q }).narrow()
    }
}

impl Word for Small {
    #[inline(always)]
    fn of(v: i64) -> Small {
        Small(i128::from(v))
    }
    #[inline(always)]
    fn is(&self, n: i64) -> bool {
        self.0 == i128::from(n)
    }
    fn shifted(self, s: u32) -> Option<i64> {
        let q = self.0 >> s;
        let up = rounds_up(self.0 as u64, s, q & 1 == 1);
        i64::try_from(q + i128::from(up)).ok()
    }
}

/// The values of a construction on raw integers where each is a
/// polynomial (a [`Surd::value`](super::Surd::value): no root, denominator
/// one): `Some`, each as an integer of the ring; `None` for any other part.
struct Polynomials;

impl<W: Word, const M: usize> Finish<W, M> for Polynomials {
    type Out = Option<[W; M]>;
    // Inlined where the construction builds its parts, so that the tests
    // of constant parts fold (and the general route is left out).
    #[inline(always)]
    fn finish(self, _: &W, parts: &[Part<W>; M]) -> Option<[W; M]> {
        let mut out = [W::zero(); M];
        for (o, part) in out.iter_mut().zip(parts) {
            let Part::Surd(v) = part else {
                return None;
            };
            if !v.b.is(0) || !v.e.is(0) || !v.d.is(1) {
                return None;
            }
            *o = v.a;
        }
        Some(out)
    }
    fn zero(self) -> Option<[W; M]> {
        Some([W::zero(); M])
    }
}

/// The values of `c` on the raw integers `x` of a fixed-point type with
/// `frac` fraction bits, every input a length and every value a squared
/// length, every polynomial below `2^BITS` (the caller has checked):
/// each value's raw integer, the nearest to the exact value, ties to even
/// (`None` where it is not an `i64`); `None` where some value is not a
/// polynomial. In the integers `w` chooses.
///
/// Each value is `2^frac` times its raw integer (each input is `2^frac`
/// times its value), so one shift rounds it. Inlined into its caller,
/// which then sees whether `None` can be returned.
#[inline(always)]
pub fn construct<C: Construction<N, M>, const N: usize, const M: usize>(
    c: &C,
    x: [i64; N],
    frac: u32,
    w: Width,
) -> Option<[Option<i64>; M]> {
    if w.small(C::DEGREE, &x) {
        values_in::<Small, C, N, M>(c, x, frac)
    } else {
        values_in::<Narrow, C, N, M>(c, x, frac)
    }
}

/// [`construct`] in the ring `W`.
#[inline(always)]
fn values_in<W: Word, C: Construction<N, M>, const N: usize, const M: usize>(
    c: &C,
    x: [i64; N],
    frac: u32,
) -> Option<[Option<i64>; M]> {
    let values = c.build(&x.map(W::of), Polynomials)?;
    Some(values.map(|v| v.shifted(frac)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::int::{Int, limbs};
    use crate::exact::kernel::decision_bits;
    use crate::test_rng::next;

    /// Signs of degree-2 polynomials, among them ones that cancel.
    struct Quadratic;

    impl Procedure<4> for Quadratic {
        type Out = [Ordering; 4];
        const DIMS: [Dim; 4] = [Dim::LENGTH; 4];
        const DEGREE: u32 = 2;
        fn run<R: Ring>(&self, x: &[R; 4], s: &mut Signs) -> [Ordering; 4] {
            let [a, b, c, d] = x.clone();
            let f = a.clone() * b.clone() - c.clone() * d.clone();
            let g = (a.clone() - d.clone()).abs() * (b.clone() - c.clone()).positive_part();
            [
                s.sign(&f),
                s.sign(&(g - R::small(3) * a.clone() * a.clone())),
                s.sign(&(a.clone() * b.clone() - b.clone() * a.clone())),
                s.sign(&(-(c.clone() * c) + R::small(7) * d.clone() * d - a * b)),
            ]
        }
    }

    /// `(a - b)²` and `c · d`: squared lengths.
    struct Gaps;

    impl Construction<4, 2> for Gaps {
        const DIMS: [Dim; 4] = [Dim::LENGTH; 4];
        const OUT: [Dim; 2] = [Dim::new(2, 0, 0); 2];
        const DEGREE: u32 = 2;
        fn build<R: Ring, O: Finish<R, 2>>(&self, x: &[R; 4], out: O) -> O::Out {
            let [a, b, c, d] = x.clone();
            let g = a - b;
            out.finish(
                &R::zero(),
                &[
                    super::super::Surd::value(g.clone() * g).into(),
                    super::super::Surd::value(c * d).into(),
                ],
            )
        }
    }

    #[test]
    fn values_are_the_nearest_raw_integers() {
        use rug::Integer;
        // The nearest integer to v / 2^s, ties to even, if an i64.
        let nearest = |v: Integer, s: u32| -> Option<i64> {
            let q = Integer::from(&v >> s);
            let r = v - Integer::from(&q << s);
            let twice = Integer::from(&r << 1u32);
            let one = Integer::from(1) << s;
            let up = twice > one || (twice == one && q.is_odd());
            (q + u32::from(up)).to_i64()
        };
        let mut s = 5u64;
        let (mut ties, mut small) = (0, 0);
        for i in 0..20_000 {
            let frac = [0, 1, 16, 32, 59][i % 5];
            let mut x: [i64; 4] = core::array::from_fn(|_| match next(&mut s) % 10 {
                0 => i64::MIN,
                1 => i64::MAX,
                _ => (next(&mut s) as i64) >> (next(&mut s) % 64),
            });
            if i % 3 == 0 && frac > 0 {
                // (a - b)² / 2^frac at a tie: a - b = 2^((frac - 1) / 2)
                // times an odd number, frac odd.
                x[1] = x[0].wrapping_sub(3 << ((frac - 1) / 2));
            }
            let g = Integer::from(x[0]) - x[1];
            let expected = [
                nearest(Integer::from(&g * &g), frac),
                nearest(Integer::from(x[2]) * x[3], frac),
            ];
            let frac_ties = frac % 2 == 1 && i % 3 == 0;
            ties += usize::from(frac_ties && expected[0].is_some());
            assert_eq!(
                construct(&Gaps, x, frac, Width::ByInputs),
                Some(expected),
                "{x:?} {frac}"
            );
            if decision_bits(Gaps::DEGREE, width(&x)) <= SMALL_BITS {
                // In `Small` integers, as for `I16F16` whatever the width.
                small += 1;
                assert_eq!(construct(&Gaps, x, frac, Width::Small), Some(expected));
            }
        }
        assert!(ties > 1_000 && small > 1_000, "{ties} {small}");
    }

    #[test]
    fn signs_agree_with_wide_integers() {
        type W = Int<{ limbs(256) }>;
        assert!(decision_bits(Quadratic::DEGREE, 64) <= BITS);
        let (mut s, mut small) = (11u64, 0);
        for i in 0..20_000 {
            // 1 to 64 bits wide, the extremes among them.
            let x: [i64; 4] = core::array::from_fn(|_| match next(&mut s) % 8 {
                0 => i64::MIN,
                1 => i64::MAX,
                _ => (next(&mut s) as i64) >> (next(&mut s) % 64),
            });
            let x = if i % 5 == 0 {
                [x[0], x[1], x[1], x[0]]
            } else {
                x
            };
            let ints = x.map(W::from_i64);
            let expected = Quadratic.run(&ints, &mut Signs::new());
            assert_eq!(decide(&Quadratic, x, Width::ByInputs), expected, "{x:?}");
            // In `Small` integers, by the width (the type's range for
            // `I16F16`): the same signs.
            if decision_bits(Quadratic::DEGREE, width(&x)) <= SMALL_BITS {
                small += 1;
                assert_eq!(decide_in::<Small, _, 4>(&Quadratic, &x), expected, "{x:?}");
            }
        }
        assert!(small > 2_000, "{small}");
    }
}
