//! `Int`: the one wide integer of the crate, a signed two's-complement
//! integer of `N` limbs.
//!
//! A limb is the target's word: `u64` where pointers are 64 bits wide,
//! `u32` elsewhere (a 32-bit core multiplies two words into a double word
//! in one instruction; a `u64` limb there would call a software routine).
//! Results do not depend on the limb: every operation is exact (or
//! documented as wrapping modulo `2^(bits N)`), so the same inputs give the
//! same integers on every target.
//!
//! Ring operations wrap; the exact layer sizes `N` so that they never do
//! (each user states the bound it relies on). Division and square root work
//! on magnitudes and return `None` instead of dividing by zero. No operation
//! indexes out of bounds or can panic: loops run over iterators and
//! `get`, divisions are checked.

use core::cmp::Ordering;
use core::ops::{Add, Mul, Neg, Sub};

#[cfg(all(target_pointer_width = "64", not(swept_limb32)))]
mod word {
    /// One limb.
    pub type Limb = u64;
    /// Two limbs, for products and divisions.
    pub type Double = u128;
}
#[cfg(any(not(target_pointer_width = "64"), swept_limb32))]
mod word {
    /// One limb.
    pub type Limb = u32;
    /// Two limbs, for products and divisions.
    pub type Double = u64;
}
pub(crate) use word::{Double, Limb};

/// Bits per limb.
pub(crate) const LIMB_BITS: u32 = Limb::BITS;

/// The number of limbs that hold `bits` bits.
pub(crate) const fn limbs(bits: u32) -> usize {
    bits.div_ceil(LIMB_BITS) as usize
}

/// A signed integer of `N` limbs (`N · LIMB_BITS` bits), two's complement,
/// least significant limb first.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Int<const N: usize>([Limb; N]);

impl<const N: usize> core::fmt::Debug for Int<N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(if self.is_negative() { "-0x" } else { "0x" })?;
        let m = self.magnitude();
        let top = used(&m).max(1);
        for (i, limb) in m.iter().take(top).rev().enumerate() {
            if i == 0 {
                write!(f, "{limb:x}")?;
            } else {
                write!(f, "{limb:0w$x}", w = (LIMB_BITS / 4) as usize)?;
            }
        }
        Ok(())
    }
}

/// The number of limbs up to the most significant nonzero one.
#[inline]
fn used<const N: usize>(m: &[Limb; N]) -> usize {
    m.iter().rposition(|l| *l != 0).map_or(0, |i| i + 1)
}

/// `a + b + carry` and the carry out.
#[inline(always)]
fn adc(a: Limb, b: Limb, carry: bool) -> (Limb, bool) {
    let (s, c1) = a.overflowing_add(b);
    let (s, c2) = s.overflowing_add(Limb::from(carry));
    (s, c1 | c2)
}

/// `a - b - borrow` and the borrow out.
#[inline(always)]
fn sbb(a: Limb, b: Limb, borrow: bool) -> (Limb, bool) {
    let (d, b1) = a.overflowing_sub(b);
    let (d, b2) = d.overflowing_sub(Limb::from(borrow));
    (d, b1 | b2)
}

/// Magnitude arithmetic on `[Limb; N]` (unsigned, modulo `2^(bits N)`).
mod mag {
    use super::{Double, LIMB_BITS, Limb, adc, sbb, used};
    use core::cmp::Ordering;

    #[inline]
    pub fn add<const N: usize>(a: &[Limb; N], b: &[Limb; N]) -> ([Limb; N], bool) {
        let mut out = [0; N];
        let mut carry = false;
        for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
            (*o, carry) = adc(*x, *y, carry);
        }
        (out, carry)
    }

    #[inline]
    pub fn sub<const N: usize>(a: &[Limb; N], b: &[Limb; N]) -> ([Limb; N], bool) {
        let mut out = [0; N];
        let mut borrow = false;
        for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
            (*o, borrow) = sbb(*x, *y, borrow);
        }
        (out, borrow)
    }

    /// `0 - a`.
    #[inline]
    pub fn negate<const N: usize>(a: &[Limb; N]) -> [Limb; N] {
        sub(&[0; N], a).0
    }

    #[inline]
    pub fn cmp<const N: usize>(a: &[Limb; N], b: &[Limb; N]) -> Ordering {
        a.iter().rev().cmp(b.iter().rev())
    }

    /// `a · b` modulo `2^(bits N)`, over every limb: for two's-complement
    /// operands the signed product modulo `2^(bits N)` (no branch).
    #[inline]
    pub fn mul_truncated<const N: usize>(a: &[Limb; N], b: &[Limb; N]) -> [Limb; N] {
        let mut out = [0; N];
        for (i, x) in a.iter().enumerate() {
            let mut carry: Double = 0;
            let x = Double::from(*x);
            for (o, y) in out.iter_mut().skip(i).zip(b.iter()) {
                let t = Double::from(*o) + x * Double::from(*y) + carry;
                *o = t as Limb;
                carry = t >> LIMB_BITS;
            }
        }
        out
    }

    /// `a · b` modulo `2^(bits N)`, over the used limbs only.
    #[inline]
    pub fn mul<const N: usize>(a: &[Limb; N], b: &[Limb; N]) -> [Limb; N] {
        let (na, nb) = (used(a), used(b));
        let mut out = [0; N];
        for (i, x) in a.iter().take(na).enumerate() {
            let mut carry: Double = 0;
            let x = Double::from(*x);
            for (o, y) in out.iter_mut().skip(i).zip(b.iter().take(nb)) {
                let t = Double::from(*o) + x * Double::from(*y) + carry;
                *o = t as Limb;
                carry = t >> LIMB_BITS;
            }
            if let Some(o) = out.get_mut(i + nb) {
                *o = carry as Limb;
            }
        }
        out
    }

    /// `a · 2^s` modulo `2^(bits N)`.
    #[inline]
    pub fn shl<const N: usize>(a: &[Limb; N], s: u32) -> [Limb; N] {
        let (whole, bits) = ((s / LIMB_BITS) as usize, s % LIMB_BITS);
        let mut out = [0; N];
        for (i, o) in out.iter_mut().enumerate().skip(whole) {
            let lo = a.get(i - whole).copied().unwrap_or(0);
            let below = match (i - whole).checked_sub(1) {
                Some(j) if bits > 0 => a.get(j).copied().unwrap_or(0) >> (LIMB_BITS - bits),
                _ => 0,
            };
            *o = (lo << bits) | below;
        }
        out
    }

    /// `⌊a / 2^s⌋`, and whether a nonzero bit was shifted out.
    #[inline]
    pub fn shr<const N: usize>(a: &[Limb; N], s: u32) -> ([Limb; N], bool) {
        let (whole, bits) = ((s / LIMB_BITS) as usize, s % LIMB_BITS);
        let mut out = [0; N];
        for (i, o) in out.iter_mut().enumerate() {
            let lo = a.get(i + whole).copied().unwrap_or(0);
            let above = match a.get(i + whole + 1) {
                Some(h) if bits > 0 => *h << (LIMB_BITS - bits),
                _ => 0,
            };
            *o = (lo >> bits) | above;
        }
        let mut lost = a.iter().take(whole.min(N)).any(|l| *l != 0);
        if bits > 0 {
            if let Some(l) = a.get(whole) {
                lost |= *l & ((1 << bits) - 1) != 0;
            }
        }
        (out, lost)
    }

    /// The number of significant bits.
    #[inline]
    pub fn bits<const N: usize>(a: &[Limb; N]) -> u32 {
        match used(a).checked_sub(1) {
            Some(top) => {
                let l = a.get(top).copied().unwrap_or(0);
                top as u32 * LIMB_BITS + (LIMB_BITS - l.leading_zeros())
            }
            None => 0,
        }
    }

    /// `(⌊u / v⌋, u mod v)` (Knuth's algorithm D); `None` if `v = 0` or
    /// if `u` uses every limb (the normalised dividend needs one more).
    pub fn divrem<const N: usize>(u: &[Limb; N], v: &[Limb; N]) -> Option<([Limb; N], [Limb; N])> {
        let (m, n) = (used(u), used(v));
        let top = n.checked_sub(1)?;
        let vtop = *v.get(top)?;
        if m < n {
            return Some(([0; N], *u));
        }
        let mut q = [0; N];
        if n == 1 {
            let d = Double::from(vtop);
            let mut r: Double = 0;
            for (qj, uj) in q.iter_mut().zip(u).take(m).rev() {
                let cur = (r << LIMB_BITS) | Double::from(*uj);
                *qj = cur.checked_div(d)? as Limb;
                r = cur.checked_rem(d)?;
            }
            let mut rem = [0; N];
            rem[0] = r as Limb;
            return Some((q, rem));
        }
        if m >= N {
            return None;
        }
        // Normalise: the divisor's top bit set; the dividend gains a limb.
        let s = vtop.leading_zeros();
        let vn = shl(v, s);
        let mut un = shl(u, s);
        if s > 0 {
            let spill = u.get(m - 1).copied().unwrap_or(0) >> (LIMB_BITS - s);
            *un.get_mut(m)? = spill;
        }
        let (v1, v2) = (Double::from(*vn.get(top)?), Double::from(*vn.get(top - 1)?));
        let base: Double = 1 << LIMB_BITS;
        for j in (0..=m - n).rev() {
            let hi = Double::from(*un.get(j + n)?);
            let mid = Double::from(*un.get(j + n - 1)?);
            let lo = Double::from(*un.get(j + n - 2)?);
            let num = (hi << LIMB_BITS) | mid;
            let mut qhat = num.checked_div(v1)?;
            let mut rhat = num - qhat * v1;
            while qhat >= base || qhat * v2 > ((rhat << LIMB_BITS) | lo) {
                qhat -= 1;
                rhat += v1;
                if rhat >= base {
                    break;
                }
            }
            // un[j..j+n+1] -= qhat · vn
            let mut carry: Double = 0;
            let mut borrow = false;
            for (x, y) in un.iter_mut().skip(j).zip(vn.iter().take(n)) {
                let p = qhat * Double::from(*y) + carry;
                carry = p >> LIMB_BITS;
                (*x, borrow) = sbb(*x, p as Limb, borrow);
            }
            let last = un.get_mut(j + n)?;
            let (d, b) = sbb(*last, carry as Limb, borrow);
            *last = d;
            let mut qj = qhat as Limb;
            if b {
                // Subtracted once too often: add the divisor back.
                qj = qj.wrapping_sub(1);
                let mut c = false;
                for (x, y) in un.iter_mut().skip(j).zip(vn.iter().take(n)) {
                    (*x, c) = adc(*x, *y, c);
                }
                let last = un.get_mut(j + n)?;
                *last = last.wrapping_add(Limb::from(c));
            }
            *q.get_mut(j)? = qj;
        }
        let mut rem = [0; N];
        for (r, x) in rem.iter_mut().zip(un.iter()).take(n) {
            *r = *x;
        }
        Some((q, shr(&rem, s).0))
    }

    /// `⌊√a⌋` (Newton's iteration from above); `None` if `a` uses every
    /// limb (see [`divrem`]).
    pub fn isqrt<const N: usize>(a: &[Limb; N]) -> Option<[Limb; N]> {
        let b = bits(a);
        if b == 0 {
            return Some([0; N]);
        }
        // x0 = 2^⌈b/2⌉ > √a; Newton's iterates decrease to ⌊√a⌋.
        let mut one = [0; N];
        one[0] = 1;
        let mut x = shl(&one, b.div_ceil(2));
        loop {
            let (q, _) = divrem(a, &x)?;
            let (sum, _) = add(&x, &q);
            let (next, _) = shr(&sum, 1);
            if cmp(&next, &x) != Ordering::Less {
                return Some(x);
            }
            x = next;
        }
    }
}

impl<const N: usize> Int<N> {
    /// Zero.
    pub const ZERO: Self = Int([0; N]);

    /// The capacity in bits (sign included).
    pub const BITS: u32 = N as u32 * LIMB_BITS;

    #[inline]
    fn is_negative(&self) -> bool {
        self.0.last().is_some_and(|top| top >> (LIMB_BITS - 1) == 1)
    }

    /// The sign.
    #[inline]
    pub fn signum(&self) -> Ordering {
        if self.is_negative() {
            Ordering::Less
        } else if self.0.iter().any(|l| *l != 0) {
            Ordering::Greater
        } else {
            Ordering::Equal
        }
    }

    /// The magnitude.
    #[inline]
    fn magnitude(&self) -> [Limb; N] {
        if self.is_negative() {
            mag::negate(&self.0)
        } else {
            self.0
        }
    }

    #[inline]
    fn from_magnitude(neg: bool, m: [Limb; N]) -> Self {
        Int(if neg { mag::negate(&m) } else { m })
    }

    /// `x` (sign-extended; `N` limbs hold at least 64 bits).
    #[inline]
    pub fn from_i64(x: i64) -> Self {
        let mut out = [if x < 0 { Limb::MAX } else { 0 }; N];
        let mut rest = x;
        for l in out.iter_mut().take((64 / LIMB_BITS) as usize) {
            *l = rest as Limb;
            rest = rest.checked_shr(LIMB_BITS).unwrap_or(0);
        }
        Int(out)
    }

    /// `(-1)^neg · m · 2^shift`, if its magnitude is below `2^(BITS - 1)`.
    pub fn from_parts(neg: bool, m: u64, shift: u32) -> Option<Self> {
        let bits = 64 - m.leading_zeros();
        if m != 0 && shift.checked_add(bits)? > Self::BITS - 1 {
            return None;
        }
        let mut x = [0; N];
        let mut rest = m;
        for l in x.iter_mut() {
            *l = rest as Limb;
            rest = rest.checked_shr(LIMB_BITS).unwrap_or(0);
        }
        Some(Self::from_magnitude(neg, mag::shl(&x, shift)))
    }

    /// The number of significant bits of the magnitude.
    #[inline]
    pub fn bits(&self) -> u32 {
        mag::bits(&self.magnitude())
    }

    /// `self · 2^s` (wraps if it does not fit).
    #[inline]
    pub fn shl(self, s: u32) -> Self {
        Int(mag::shl(&self.0, s))
    }

    /// The magnitude shifted right by `s`, truncated toward zero, and
    /// whether nonzero bits were dropped.
    #[inline]
    pub fn shr_magnitude(self, s: u32) -> (Self, bool) {
        let (m, lost) = mag::shr(&self.magnitude(), s);
        (Self::from_magnitude(self.is_negative(), m), lost)
    }

    /// `(|self| / |d|, |self| mod |d|)` with the sign of `self · d` on the
    /// quotient and of `self` on the remainder (truncating division); `None`
    /// if `d = 0` or `self` leaves no spare limb.
    pub fn div_rem(self, d: Self) -> Option<(Self, Self)> {
        let (q, r) = mag::divrem(&self.magnitude(), &d.magnitude())?;
        let neg = self.is_negative();
        Some((
            Self::from_magnitude(neg != d.is_negative(), q),
            Self::from_magnitude(neg, r),
        ))
    }

    /// `⌊√self⌋` for `self >= 0`; `None` for a negative value.
    pub fn isqrt(self) -> Option<Self> {
        if self.is_negative() {
            return None;
        }
        mag::isqrt(&self.0).map(Int)
    }

    /// The magnitude's `width` most significant bits, as an integer below
    /// `2^width` (`width <= 128`), the power of two that scales them back
    /// (`|self| = top · 2^scale + rest`, `0 <= rest < 2^scale`), and whether
    /// `rest` is nonzero.
    pub fn top_bits(&self, width: u32) -> (u128, u32, bool) {
        let m = self.magnitude();
        let b = mag::bits(&m);
        let scale = b.saturating_sub(width);
        let (t, lost) = mag::shr(&m, scale);
        let mut top: u128 = 0;
        for l in t.iter().take((128 / LIMB_BITS) as usize).rev() {
            top = (top << (LIMB_BITS % 128)) | u128::from(*l);
        }
        (top, scale, lost)
    }
}

impl<const N: usize> Add for Int<N> {
    type Output = Self;
    #[inline]
    fn add(self, rhs: Self) -> Self {
        Int(mag::add(&self.0, &rhs.0).0)
    }
}

impl<const N: usize> Sub for Int<N> {
    type Output = Self;
    #[inline]
    fn sub(self, rhs: Self) -> Self {
        Int(mag::sub(&self.0, &rhs.0).0)
    }
}

impl<const N: usize> Neg for Int<N> {
    type Output = Self;
    #[inline]
    fn neg(self) -> Self {
        Int(mag::negate(&self.0))
    }
}

impl<const N: usize> Mul for Int<N> {
    type Output = Self;
    /// Small integers: the truncated product of the representations, all
    /// limbs, no branch. Large ones (mostly much narrower than their `N`
    /// limbs): the product of the magnitudes over their used limbs only,
    /// the sign applied after.
    #[inline]
    fn mul(self, rhs: Self) -> Self {
        if N * (LIMB_BITS as usize) <= 384 {
            return Int(mag::mul_truncated(&self.0, &rhs.0));
        }
        let neg = self.is_negative() != rhs.is_negative();
        Self::from_magnitude(neg, mag::mul(&self.magnitude(), &rhs.magnitude()))
    }
}

impl<const N: usize> Ord for Int<N> {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self.is_negative(), other.is_negative()) {
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            // Same sign: two's complement orders like the unsigned limbs.
            _ => mag::cmp(&self.0, &other.0),
        }
    }
}

impl<const N: usize> PartialOrd for Int<N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests;
