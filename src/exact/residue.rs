//! `Res`: an integer held by its residues modulo [`LANES`] primes below
//! `2^31`, a [`Ring`] whose signs are exact for integers of magnitude
//! below `2^RES_BITS` ([`RES_BITS`]).
//!
//! By the Chinese remainder theorem the residues fix an integer modulo
//! `M = p_0 ⋯ p_{L-1}` (`M > 2^247`); an integer `v` with `|v| < M / 2` is
//! the representative of `v mod M` in `(-M/2, M/2)`, so its sign is
//! whether that representative, `V` in `[0, M)`, is zero, at most
//! `(M - 1) / 2`, or above. Garner's algorithm gives `V`'s mixed-radix digits,
//! `V = a_0 + a_1 p_0 + a_2 p_0 p_1 + ⋯` with `0 <= a_i < p_i`, and those
//! of `(M - 1) / 2` come from halving `M - 1`'s digits `p_i - 1` from the
//! top: the two compare digit by digit from the top.
//!
//! No wide integer anywhere: a value is 32 bytes, and a product is one
//! Montgomery multiplication per lane (`a b 2^-32 mod p`: on a 32-bit core
//! a 64-bit product and a multiply-accumulate), so a procedure runs on
//! these in a small, fixed frame.
//!
//! The floats' exact fallback runs a procedure on `Res` where the aligned
//! inputs make every polynomial it evaluates fit (`decision_bits(DEGREE,
//! bits) <= RES_BITS`), and on wide integers beyond. (Fixed point's narrow
//! integers, of at most eight limbs with small raw values, are cheaper than
//! eight residues there.)

use super::Ring;
use core::cmp::Ordering;
use core::ops::{Add, Mul, Neg, Sub};

/// Lanes: primes per value.
pub const LANES: usize = 8;

/// The primes: the eight largest below `2^31` (checked prime by a test).
const P: [u32; LANES] = [
    2_147_483_647,
    2_147_483_629,
    2_147_483_587,
    2_147_483_579,
    2_147_483_563,
    2_147_483_549,
    2_147_483_543,
    2_147_483_497,
];

/// Magnitude bits whose signs `Res` decides: every prime is above `2^30.99`,
/// so `M > 2^247` and `|v| < 2^246` is below `M / 2`.
pub const RES_BITS: u32 = 246;

/// `a^e mod m`.
const fn pow_mod(a: u64, mut e: u64, m: u64) -> u64 {
    let (mut r, mut b) = (1 % m, a % m);
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % m;
        }
        b = b * b % m;
        e >>= 1;
    }
    r
}

/// Per prime: `-p^-1 mod 2^32` (Montgomery's), `2^64 mod p` (into
/// Montgomery form), `2^96 mod p` (a high word into it).
const MONT: [(u32, u32, u32); LANES] = {
    let mut out = [(0, 0, 0); LANES];
    let mut i = 0;
    while i < LANES {
        let p = P[i] as u64;
        // Newton's iteration for p^-1 mod 2^32 (p odd): 5 steps from p.
        let mut inv: u32 = P[i];
        let mut k = 0;
        while k < 5 {
            inv = inv.wrapping_mul(2u32.wrapping_sub(P[i].wrapping_mul(inv)));
            k += 1;
        }
        let r = (1u64 << 32) % p;
        out[i] = (
            inv.wrapping_neg(),
            (r * r % p) as u32,
            (r * r % p * r % p) as u32,
        );
        i += 1;
    }
    out
};

/// `GARNER[i][j] = p_j^-1 · 2^32 mod p_i` for `j < i` (Fermat's inverse, in
/// Montgomery form so that one Montgomery product by it multiplies a plain
/// residue by `p_j^-1`).
const GARNER: [[u32; LANES]; LANES] = {
    let mut out = [[0; LANES]; LANES];
    let mut i = 0;
    while i < LANES {
        let p = P[i] as u64;
        let mut j = 0;
        while j < i {
            let inv = pow_mod(P[j] as u64 % p, p - 2, p);
            out[i][j] = (inv * ((1u64 << 32) % p) % p) as u32;
            j += 1;
        }
        i += 1;
    }
    out
};

/// `(M - 1) / 2` in mixed radix: `M - 1` has the digits `p_i - 1`, halved
/// from the top digit down, each carry worth `p_i` of the digit below.
const HALF: [u32; LANES] = {
    let mut out = [0; LANES];
    let mut carry = 0u64;
    let mut i = LANES;
    while i > 0 {
        i -= 1;
        let t = carry * P[i] as u64 + (P[i] as u64 - 1);
        out[i] = (t / 2) as u32;
        carry = t % 2;
    }
    out
};

/// `a b 2^-32 mod p`, for `a, b < p`.
#[inline(always)]
fn mont_mul(a: u32, b: u32, p: u32, neg_inv: u32) -> u32 {
    let t = u64::from(a) * u64::from(b);
    let m = (t as u32).wrapping_mul(neg_inv);
    // t + m p < 2^62 + 2^63: no overflow; the sum is divisible by 2^32.
    let u = ((t + u64::from(m) * u64::from(p)) >> 32) as u32;
    if u >= p { u - p } else { u }
}

/// `x mod p` for `x < 2^32` (`p > 2^31`, so one subtraction).
#[inline(always)]
fn reduce(x: u32, p: u32) -> u32 {
    if x >= p { x - p } else { x }
}

/// An integer by its residues, in Montgomery form (`v 2^32 mod p_i`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Res([u32; LANES]);

impl Res {
    /// Zero.
    pub const ZERO: Res = Res([0; LANES]);

    /// `±m · 2^shift`: one conversion where it fits 64 bits (a narrow
    /// input), else times `2^shift` by squaring.
    pub fn from_parts(neg: bool, m: u64, shift: u32) -> Res {
        let v = if shift < 64 && m.leading_zeros() >= shift {
            Res::from_u64(m << shift)
        } else {
            Res::from_u64(m) * Res::pow2(shift)
        };
        if neg { -v } else { v }
    }

    /// `x`.
    #[cfg(test)]
    pub fn from_i64(x: i64) -> Res {
        let v = Res::from_u64(x.unsigned_abs());
        if x < 0 { -v } else { v }
    }

    /// `x`, in Montgomery form: its two words times `2^64` and `2^96`
    /// mod `p`, each one Montgomery product.
    fn from_u64(x: u64) -> Res {
        let (hi, lo) = ((x >> 32) as u32, x as u32);
        let mut out = [0; LANES];
        for (o, (&p, &(n, r2, r3))) in out.iter_mut().zip(P.iter().zip(&MONT)) {
            let a = mont_mul(reduce(lo, p), r2, p, n);
            let b = mont_mul(reduce(hi, p), r3, p, n);
            *o = reduce(a + b, p);
        }
        Res(out)
    }

    /// `2^s`, by squaring.
    fn pow2(mut s: u32) -> Res {
        let (mut r, mut b) = (Res::from_u64(1), Res::from_u64(2));
        while s > 0 {
            if s & 1 == 1 {
                r = r * b;
            }
            s >>= 1;
            if s > 0 {
                b = b * b;
            }
        }
        r
    }

    /// The sign of the integer, exact where its magnitude is below
    /// `2^RES_BITS` (module doc).
    pub fn signum(&self) -> Ordering {
        // Plain residues, then Garner's digits.
        let mut x = [0u32; LANES];
        for (o, (&v, (&p, &(n, _, _)))) in x.iter_mut().zip(self.0.iter().zip(P.iter().zip(&MONT)))
        {
            *o = mont_mul(v, 1, p, n);
        }
        let mut digits = [0u32; LANES];
        for (i, ((&xi, &p), &(n, _, _))) in x.iter().zip(&P).zip(&MONT).enumerate() {
            let mut t = xi;
            for (&a, &inv) in digits
                .iter()
                .zip(GARNER.get(i).into_iter().flatten())
                .take(i)
            {
                let d = reduce(a, p);
                let diff = if t >= d { t - d } else { t + (p - d) };
                t = mont_mul(diff, inv, p, n);
            }
            if let Some(o) = digits.get_mut(i) {
                *o = t;
            }
        }
        if digits.iter().all(|&d| d == 0) {
            return Ordering::Equal;
        }
        // V against (M - 1) / 2, from the top digit.
        for (&d, &h) in digits.iter().zip(&HALF).rev() {
            if d != h {
                return if d < h {
                    Ordering::Greater
                } else {
                    Ordering::Less
                };
            }
        }
        Ordering::Greater
    }
}

impl Add for Res {
    type Output = Res;
    #[inline]
    fn add(self, o: Res) -> Res {
        let mut out = self.0;
        for ((a, &b), &p) in out.iter_mut().zip(&o.0).zip(&P) {
            *a = reduce(*a + b, p);
        }
        Res(out)
    }
}

impl Sub for Res {
    type Output = Res;
    #[inline]
    fn sub(self, o: Res) -> Res {
        let mut out = self.0;
        for ((a, &b), &p) in out.iter_mut().zip(&o.0).zip(&P) {
            *a = if *a >= b { *a - b } else { *a + (p - b) };
        }
        Res(out)
    }
}

impl Neg for Res {
    type Output = Res;
    #[inline]
    fn neg(self) -> Res {
        Res::ZERO - self
    }
}

impl Mul for Res {
    type Output = Res;
    #[inline]
    fn mul(self, o: Res) -> Res {
        let mut out = self.0;
        for ((a, &b), (&p, &(n, _, _))) in out.iter_mut().zip(&o.0).zip(P.iter().zip(&MONT)) {
            *a = mont_mul(*a, b, p, n);
        }
        Res(out)
    }
}

impl Ring for Res {
    #[inline]
    fn zero() -> Self {
        Res::ZERO
    }
    #[inline]
    fn one() -> Self {
        Res::from_u64(1)
    }
    #[inline]
    fn small(n: u32) -> Self {
        Res::from_u64(u64::from(n))
    }
    #[inline]
    fn sign(&self) -> (Ordering, bool) {
        (self.signum(), true)
    }
    #[inline]
    fn positive_part(self) -> Self {
        if self.signum() == Ordering::Greater {
            self
        } else {
            Res::ZERO
        }
    }
    #[inline]
    fn abs(self) -> Self {
        if self.signum() == Ordering::Less {
            -self
        } else {
            self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::int::{Int, limbs};
    use crate::test_rng::next;

    #[test]
    fn the_moduli_are_prime() {
        for p in P {
            let p = u64::from(p);
            assert!((2..=46_341u64).all(|d| p % d != 0), "{p}");
            assert!(p > 1 << 30 && p < 1 << 31);
        }
        // M > 2^(RES_BITS + 1): each prime is above 2^30.99.
        let bits: f64 = P.iter().map(|&p| f64::from(p).log2()).sum();
        assert!(bits > f64::from(RES_BITS + 1), "{bits}");
    }

    /// Signs of random polynomials, with exact zeros and values near
    /// `±2^RES_BITS`, against the same polynomials in wide integers.
    #[test]
    fn signs_agree_with_wide_integers() {
        type W = Int<{ limbs(512) }>;
        let mut s = 11u64;
        for i in 0..20_000 {
            // Inputs of up to 60 bits, shifted by up to 1: a difference
            // of products of four stays below 2^245.
            let width = [3, 20, 40, 60][i % 4];
            let mut parts = [(false, 0u64, 0u32); 4];
            for p in &mut parts {
                let neg = next(&mut s) & 1 == 1;
                let m = next(&mut s) >> (64 - width);
                *p = (neg, m, (next(&mut s) % 2) as u32);
            }
            let r: [Res; 4] = parts.map(|(n, m, sh)| Res::from_parts(n, m, sh));
            let w: [W; 4] = parts.map(|(n, m, sh)| W::from_parts(n, m, sh).expect("fits"));
            let [a, b, c, d] = r;
            let [wa, wb, wc, wd] = w;
            // a b c d - a b c d is zero, a b - c d has any sign, (a b)^2 -
            // (c d)^2 is a difference of squares.
            let e = a * b * c * d - d * c * b * a;
            let f = a * b - c * d;
            let g = a * a * b * b - c * c * d * d + a - d;
            let we = wa * wb * wc * wd - wd * wc * wb * wa;
            let wf = wa * wb - wc * wd;
            let wg = wa * wa * wb * wb - wc * wc * wd * wd + wa - wd;
            assert_eq!(e.signum(), we.signum(), "{parts:?}");
            assert_eq!(f.signum(), wf.signum(), "{parts:?}");
            assert_eq!(g.signum(), wg.signum(), "{parts:?}");
            assert_ne!(f.abs().signum(), Ordering::Less);
            assert_eq!(
                (-f).positive_part().signum(),
                (-wf).positive_part().signum()
            );
        }
    }

    /// The edges of the range: `±(2^246 - 1)`, `±1`, `±2^245`.
    #[test]
    fn signs_at_the_edges() {
        let two = |e: u32| Res::pow2(e);
        let one = Res::one();
        let top = two(RES_BITS) - one;
        assert_eq!(top.signum(), Ordering::Greater);
        assert_eq!((-top).signum(), Ordering::Less);
        assert_eq!(one.signum(), Ordering::Greater);
        assert_eq!((-one).signum(), Ordering::Less);
        assert_eq!((two(245) - two(245)).signum(), Ordering::Equal);
        assert_eq!(
            (Res::from_i64(i64::MIN) + two(63)).signum(),
            Ordering::Equal
        );
        assert_eq!(Res::from_parts(true, 3, 200).signum(), Ordering::Less);
        assert_eq!(
            (Res::from_parts(false, u64::MAX, 180) - Res::from_parts(false, 1, 244)).signum(),
            Ordering::Less
        );
    }
}
