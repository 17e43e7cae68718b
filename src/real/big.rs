//! Fixed-width two's-complement integers: the exact fallback for decisions
//! made in floating point.
//!
//! A float is a dyadic rational `±m · 2^e`. Where a float predicate cannot
//! be sure of its sign (its value lies within its error bound), a query
//! scales its raw inputs by a common power of two into integers
//! ([`to_big`]) and runs the same decision code on [`Big`]: sums,
//! differences and products of integers are exact as long as they fit, and
//! the queries that use it bound their inputs' bit span ([`SPAN`]) so that
//! every value of degree 4 does.
//!
//! `Big<4>` (256 bits) holds the values, `Big<16>` (1024 bits) their
//! [`Real::Wide`] products. Where the values are themselves of degree 2 in
//! the scaled inputs (an oriented box's local frame: a length times an
//! axis), `Big<8>` holds them and `Big<32>` their products. Only ring
//! operations and comparisons are meant
//! to be used: `sqrt` and `quotient` are never called on it (decisions only)
//! and return zero. No allocation, no panic: additions and products wrap
//! (mod `2^(64N)`), which never happens within [`SPAN`].

use super::Real;
use core::cmp::Ordering;
use core::ops::{Add, Mul, Neg, Sub};

/// The widest span, in bits, from the lowest set bit to the highest, of
/// the raw inputs scaled together into [`Big`]: a value of the canonical
/// problems (doubled, at most three raw terms) then takes at most
/// `SPAN + 3` bits plus sign (< 256), and a degree-4 predicate, a sum of at
/// most 8 products, at most `4 (SPAN + 3) + 3 + 1` bits (< 1024). For the
/// oriented box (local values: a length, or a length group scaled by the
/// axes' power of two, plus a sum of two length-times-axis products; each
/// group within `SPAN`) a local value takes at most `2 SPAN + 5` bits plus
/// sign (< 512) and a degree-4 predicate at most `4 (2 SPAN + 5) + 4`
/// (< 2048).
pub(crate) const SPAN: u32 = 248;

/// A signed integer of `64 N` bits, two's complement, little-endian limbs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Big<const N: usize>([u64; N]);

impl<const N: usize> Big<N> {
    const ZERO: Self = Big([0; N]);

    fn is_negative(&self) -> bool {
        self.0.last().is_some_and(|top| top >> 63 == 1)
    }

    /// The same value in `M >= N` limbs (sign-extended).
    fn widen<const M: usize>(&self) -> Big<M> {
        let fill = if self.is_negative() { u64::MAX } else { 0 };
        let mut out = [fill; M];
        for (o, x) in out.iter_mut().zip(self.0.iter()) {
            *o = *x;
        }
        Big(out)
    }

    /// `(-1)^neg · m · 2^shift` if it fits in `64 N - 1` bits.
    fn from_parts(neg: bool, m: u64, shift: u32) -> Option<Self> {
        let bits = 64 - m.leading_zeros();
        if m != 0 && shift + bits > 64 * N as u32 - 1 {
            return None;
        }
        let (limb, bit) = ((shift / 64) as usize, shift % 64);
        let wide = (m as u128) << bit;
        let mut x = [0; N];
        for (j, o) in x.iter_mut().enumerate() {
            if j == limb {
                *o = wide as u64;
            } else if j == limb + 1 {
                *o = (wide >> 64) as u64;
            }
        }
        Some(if neg { -Big(x) } else { Big(x) })
    }
}

impl<const N: usize> Add for Big<N> {
    type Output = Self;
    fn add(self, rhs: Self) -> Self {
        let mut out = [0; N];
        let mut carry = false;
        for ((o, a), b) in out.iter_mut().zip(self.0).zip(rhs.0) {
            let (s, c1) = a.overflowing_add(b);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *o = s;
            // At most one of the two additions carries.
            carry = c1 != c2;
        }
        Big(out)
    }
}

impl<const N: usize> Neg for Big<N> {
    type Output = Self;
    fn neg(self) -> Self {
        let mut one = [0; N];
        if let Some(low) = one.first_mut() {
            *low = 1;
        }
        Big(self.0.map(|x| !x)) + Big(one)
    }
}

impl<const N: usize> Sub for Big<N> {
    type Output = Self;
    fn sub(self, rhs: Self) -> Self {
        self + -rhs
    }
}

impl<const N: usize> Mul for Big<N> {
    type Output = Self;
    /// Schoolbook on the magnitudes, over their nonzero limbs only (the
    /// values are mostly much narrower than `N` limbs), truncated to `N`
    /// limbs: the product mod `2^(64N)`, which is the signed product
    /// whenever that fits.
    fn mul(self, rhs: Self) -> Self {
        let neg = self.is_negative() != rhs.is_negative();
        let magnitude = |x: Self| if x.is_negative() { -x } else { x };
        let (a, b) = (magnitude(self), magnitude(rhs));
        let used = |x: &Self| x.0.iter().rposition(|l| *l != 0).map_or(0, |i| i + 1);
        let (na, nb) = (used(&a), used(&b));
        let mut out = [0u64; N];
        for (i, x) in a.0.iter().enumerate().take(na) {
            let mut carry = 0u128;
            for (o, y) in out.iter_mut().skip(i).zip(b.0.iter().take(nb)) {
                let t = *o as u128 + (*x as u128) * (*y as u128) + carry;
                *o = t as u64;
                carry = t >> 64;
            }
            if let Some(o) = out.get_mut(i + nb) {
                *o = carry as u64;
            }
        }
        if neg { -Big(out) } else { Big(out) }
    }
}

impl<const N: usize> Ord for Big<N> {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self.is_negative(), other.is_negative()) {
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            // Same sign: two's complement orders like the unsigned limbs.
            _ => self.0.iter().rev().cmp(other.0.iter().rev()),
        }
    }
}

impl<const N: usize> PartialOrd for Big<N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The raw values of one homogeneous group of a query (all lengths, or all
/// velocities), scaled by one common power of two into integers: `None` if
/// one is not a finite dyadic value, or if together they span more than
/// [`SPAN`] bits. A predicate homogeneous in each group has the same sign on
/// the scaled values.
pub(crate) fn to_big<T: Real, const K: usize>(values: [&T; K]) -> Option<[Big<4>; K]> {
    to_big_scaled(values).map(|(out, _)| out)
}

/// Values that are integers times one common power of two (fixed point:
/// times one LSB) as those integers, in `N` limbs; `None` if the exponents
/// differ (floats) or a value is not dyadic.
pub(crate) fn to_big_units<T: Real, const K: usize, const N: usize>(
    values: [&T; K],
) -> Option<[Big<N>; K]> {
    let mut out = [Big::ZERO; K];
    let mut unit = None;
    for (o, v) in out.iter_mut().zip(values) {
        let (neg, m, e) = v.to_dyadic()?;
        if *unit.get_or_insert(e) != e {
            return None;
        }
        *o = Big::from_parts(neg, m, 0)?;
    }
    Some(out)
}

/// As [`to_big`], in `N` limbs, also returning the scale: the values were
/// multiplied by `2^scale`. A group that is all zero has scale 0.
pub(crate) fn to_big_scaled<T: Real, const K: usize, const N: usize>(
    values: [&T; K],
) -> Option<([Big<N>; K], i32)> {
    let mut parts = [(false, 0u64, 0i32); K];
    let (mut low, mut high) = (i32::MAX, i32::MIN);
    for (p, v) in parts.iter_mut().zip(values) {
        *p = v.to_dyadic()?;
        let (_, m, e) = *p;
        if m != 0 {
            low = low.min(e + m.trailing_zeros() as i32);
            high = high.max(e + 64 - m.leading_zeros() as i32);
        }
    }
    if low == i32::MAX {
        return Some(([Big::ZERO; K], 0)); // all zero
    }
    if high - low > SPAN as i32 {
        return None;
    }
    let mut out = [Big::ZERO; K];
    for (o, (neg, m, e)) in out.iter_mut().zip(parts) {
        if m != 0 {
            // `e + tz(m) >= low`: shift the odd part, exactly.
            let tz = m.trailing_zeros();
            *o = Big::from_parts(neg, m >> tz, (e + tz as i32 - low) as u32)?;
        }
    }
    Some((out, -low))
}

/// `2^n`, if it fits.
pub(crate) fn power_of_two<const N: usize>(n: u32) -> Option<Big<N>> {
    Big::from_parts(false, 1, n)
}

/// Decisions only (see the module doc): `Big<4>` for values of degree 1 in
/// the scaled inputs, products in `Big<16>`; `Big<8>` for values of degree
/// 2 (an oriented box's local frame: lengths times axes), products in
/// `Big<32>`.
macro_rules! big_real {
    ($n:literal, $wide:literal) => {
        impl Real for Big<$n> {
            const NAME: &'static str = "big";
            type Kernel = crate::exact::Exactly;
            type Wide = Big<$wide>;
            #[inline]
            fn wide(a: &Self, b: &Self) -> Big<$wide> {
                a.widen::<$wide>() * b.widen::<$wide>()
            }
            fn cmp_wide_products(
                a: &Big<$wide>,
                b: &Big<$wide>,
                c: &Big<$wide>,
                d: &Big<$wide>,
            ) -> Ordering {
                (*a * *b).cmp(&(*c * *d))
            }
            fn zero() -> Self {
                Big::ZERO
            }
            fn one() -> Self {
                Big::from_parts(false, 1, 0).unwrap_or(Big::ZERO)
            }
            fn from_f64(x: f64) -> Option<Self> {
                // Integers only.
                let (neg, m, e) = x.to_dyadic()?;
                let tz = m.trailing_zeros().min(64);
                let (m, e) = if m == 0 {
                    (0, 0)
                } else {
                    (m >> tz, e + tz as i32)
                };
                if e < 0 {
                    return None;
                }
                Big::from_parts(neg, m, e as u32)
            }
            fn from_ratio(num: i64, den: i64) -> Option<Self> {
                let n = Big::from_parts(num < 0, num.unsigned_abs(), 0)?;
                match den {
                    1 => Some(n),
                    -1 => Some(-n),
                    _ => None,
                }
            }
            fn to_f64(&self) -> f64 {
                let (neg, mag) = if self.is_negative() {
                    (true, -*self)
                } else {
                    (false, *self)
                };
                let x = mag
                    .0
                    .iter()
                    .rev()
                    .fold(0.0, |acc, l| acc * 18446744073709551616.0 + *l as f64);
                if neg { -x } else { x }
            }
            fn sqrt(self) -> Self {
                Big::ZERO
            }
            fn quotient(self, _den: Self) -> Self {
                Big::ZERO
            }
            fn is_finite(&self) -> bool {
                true
            }
            fn magnitude_limit(_degree: u32, _terms_log2: u32) -> Option<Self> {
                None
            }
            fn unit_tolerance() -> Self {
                Big::ZERO
            }
        }
    };
}
big_real!(4, 16);
big_real!(8, 32);

/// SplitMix64: the unit tests' deterministic stream (the test harness has
/// its own; a unit test cannot depend on it).
#[cfg(test)]
pub(crate) fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::{Big, SPAN, splitmix, to_big};
    use crate::Real;
    use core::cmp::Ordering;
    use rug::Integer;

    fn int<const N: usize>(x: &Big<N>) -> Integer {
        let mut v = Integer::new();
        for limb in x.0.iter().rev() {
            v = (v << 64) + *limb;
        }
        if x.is_negative() {
            v - (Integer::from(1) << (64 * N as u32))
        } else {
            v
        }
    }

    /// A value of up to `bits` bits, either sign, from a splitmix stream.
    fn value(state: &mut u64, bits: u32) -> Big<4> {
        let mut next = || splitmix(state);
        let n = next() as u32 % (bits + 1);
        let mut x = Big([next(), next(), next(), next()]);
        // Keep the low `n` bits.
        for (j, l) in x.0.iter_mut().enumerate() {
            let lo = 64 * j as u32;
            *l = if n <= lo {
                0
            } else if n >= lo + 64 {
                *l
            } else {
                *l & ((1 << (n - lo)) - 1)
            };
        }
        if next() % 2 == 0 { -x } else { x }
    }

    #[test]
    fn ring_operations_and_order_are_exact_within_span() {
        let mut s = 5;
        // Values of a canonical problem: up to SPAN + 3 bits.
        for _ in 0..20_000 {
            let (a, b, c, d) = (
                value(&mut s, SPAN + 3),
                value(&mut s, SPAN + 3),
                value(&mut s, SPAN + 3),
                value(&mut s, SPAN + 3),
            );
            let (ia, ib, ic, id) = (int(&a), int(&b), int(&c), int(&d));
            assert_eq!(int(&(a + b)), ia.clone() + &ib);
            assert_eq!(int(&(a - b)), ia.clone() - &ib);
            assert_eq!(int(&-a), -ia.clone());
            assert_eq!(a.cmp(&b), ia.cmp(&ib));
            let (ab, cd) = (Big::<4>::wide(&a, &b), Big::<4>::wide(&c, &d));
            assert_eq!(int(&ab), ia.clone() * &ib);
            // Degree 4, as the arc test compares (a sum of two products
            // first, as there).
            let x = ab + cd;
            let want = (ia.clone() * &ib)
                .cmp(&((ic.clone() * &id) * (ia.clone() * &ib + ic.clone() * &id)));
            assert_eq!(
                Big::<4>::cmp_wide_products(
                    &ab,
                    &Big::<4>::wide(&Big::one(), &Big::one()),
                    &cd,
                    &x
                ),
                want
            );
            assert_eq!(a.cmp(&a), Ordering::Equal);
        }
    }

    #[test]
    fn scaling_into_integers_is_exact_and_bounded() {
        // 3 · 2^-1074 and 5 · 2^-1073: scaled by 2^1074 into 3 and 10.
        let tiny = [f64::from_bits(3), f64::from_bits(5) * 2.0];
        let [a, b] = to_big([&tiny[0], &tiny[1]]).expect("narrow span");
        assert_eq!((int(&a), int(&b)), (Integer::from(3), Integer::from(10)));
        // Signs, and a span of exactly SPAN bits: accepted; one more: not.
        let (lo, hi) = (
            f64::from_bits(1),
            -f64::from_bits(1) * 2f64.powi(SPAN as i32 - 1),
        );
        let [x, y] = to_big([&lo, &hi]).expect("span SPAN");
        assert_eq!(int(&x), Integer::from(1));
        assert_eq!(int(&y), -(Integer::from(1) << (SPAN - 1)));
        assert!(to_big([&lo, &(hi * 2.0)]).is_none());
        assert!(to_big([&lo, &f64::NAN]).is_none());
        assert_eq!(to_big([&0.0f32, &-0.0f32]), Some([Big::ZERO; 2]));
    }
}
