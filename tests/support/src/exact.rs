//! The exact backend: `rug::Rational` behind a newtype (the orphan rule
//! forbids implementing `swept::Real` for `Rational` outside `swept`).

use core::cmp::Ordering;
use core::fmt;
use core::ops::{Add, Mul, Neg, Sub};
use rug::{Integer, Rational};
use swept::Real;
use swept::num_traits::{FromPrimitive, ToPrimitive};

/// An exact rational number.
#[derive(Clone, PartialEq, PartialOrd, Default)]
pub struct Exact(pub Rational);

impl Exact {
    /// `num / den`.
    pub fn ratio(num: i64, den: i64) -> Exact {
        Exact(Rational::from((num, den)))
    }

    /// The exact value of a finite `f64`.
    pub fn from_f64_exact(x: f64) -> Option<Exact> {
        Rational::from_f64(x).map(Exact)
    }

    /// `self · 2^k`, exactly.
    pub fn times_pow2(&self, k: i32) -> Exact {
        let mut q = self.0.clone();
        if k >= 0 {
            q <<= k as u32;
        } else {
            q >>= (-k) as u32;
        }
        Exact(q)
    }

    /// Sign: -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        match self.0.cmp0() {
            Ordering::Less => -1,
            Ordering::Equal => 0,
            Ordering::Greater => 1,
        }
    }

    /// The nearest value `q * 2^e` with `q` of at most `prec` bits and
    /// `e >= emin` (ties to even): IEEE rounding to a `prec`-bit float, by
    /// integer arithmetic. Returns `(q, e)`.
    pub fn round_to_float(&self, prec: u32, emin: i32) -> (Integer, i32) {
        if self.0.cmp0() == Ordering::Equal {
            return (Integer::new(), emin);
        }
        let (n, d) = (self.0.numer().clone(), self.0.denom().clone());
        let mut e =
            (n.significant_bits() as i32 - d.significant_bits() as i32 - prec as i32).max(emin);
        loop {
            let q = round_half_even(&Rational::from((n.clone(), d.clone())), e);
            if q.significant_bits() <= prec || e > 100_000 {
                return (q, e);
            }
            e += 1;
        }
    }

    /// The nearest `f64` (ties to even; overflow to infinity).
    pub fn nearest_f64(&self) -> f64 {
        let (q, e) = self.round_to_float(53, -1074);
        scale2(q.to_f64(), e)
    }

    /// The nearest `f32` (ties to even; overflow to infinity).
    pub fn nearest_f32(&self) -> f32 {
        let (q, e) = self.round_to_float(24, -149);
        scale2(q.to_f64(), e) as f32 // exact: q has at most 24 bits
    }

    /// `round(self * 2^frac)` ties to even, the bits of the nearest fixed
    /// number with `frac` fraction bits.
    pub fn nearest_fixed_bits(&self, frac: u32) -> Integer {
        round_half_even(&self.0, -(frac as i32))
    }

    /// A decimal with `digits` significant digits, for printing irrational
    /// constructions.
    pub fn to_decimal(&self, digits: u32) -> String {
        if self.0.cmp0() == Ordering::Equal {
            return "0".into();
        }
        let neg = self.0.cmp0() == Ordering::Less;
        let a = Rational::from(self.0.abs_ref());
        // Find k with 10^(digits-1) <= a * 10^k < 10^digits.
        let mut k: i32 = digits as i32
            - 1
            - (a.numer().significant_bits() as i32 - a.denom().significant_bits() as i32) * 3 / 10;
        let scaled = |k: i32| {
            let p = Rational::from(Integer::from(Integer::u_pow_u(10, k.unsigned_abs())));
            if k >= 0 {
                Rational::from(&a * &p)
            } else {
                Rational::from(&a / &p)
            }
        };
        let lo = Integer::from(Integer::u_pow_u(10, digits - 1));
        let hi = Integer::from(Integer::u_pow_u(10, digits));
        let mut m = round_half_even(&scaled(k), 0);
        for _ in 0..8 {
            if m < lo {
                k += 1;
            } else if m >= hi {
                k -= 1;
            } else {
                break;
            }
            m = round_half_even(&scaled(k), 0);
        }
        let s = m.to_string();
        let point = s.len() as i32 - k; // digits before the decimal point
        let body = if point <= 0 {
            format!("0.{}{}", "0".repeat((-point) as usize), s)
        } else if point as usize >= s.len() {
            format!("{}{}", s, "0".repeat(point as usize - s.len()))
        } else {
            format!("{}.{}", &s[..point as usize], &s[point as usize..])
        };
        let body = if body.contains('.') {
            body.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            body
        };
        if neg { format!("-{body}") } else { body }
    }
}

/// `x * 2^e` for an `f64` holding an integer, exactly while the result is
/// normal (and rounded once below).
fn scale2(x: f64, e: i32) -> f64 {
    let mut y = x;
    let mut e = e;
    while e > 0 {
        let s = e.min(1000);
        y *= f64::from_bits(((s + 1023) as u64) << 52);
        e -= s;
    }
    while e < 0 {
        let s = (-e).min(1000);
        y /= f64::from_bits(((s + 1023) as u64) << 52);
        e += s;
    }
    y
}

/// `round(x / 2^e)`, ties to even.
fn round_half_even(x: &Rational, e: i32) -> Integer {
    let scaled = if e >= 0 {
        Rational::from(x >> e as u32)
    } else {
        Rational::from(x << (-e) as u32)
    };
    let (fl, rem) = {
        let f = Integer::from(scaled.floor_ref());
        let r = scaled - Rational::from(f.clone());
        (f, r)
    };
    let half = Rational::from((1, 2));
    match rem.cmp(&half) {
        Ordering::Less => fl,
        Ordering::Greater => fl + 1,
        Ordering::Equal => {
            if fl.is_odd() {
                fl + 1
            } else {
                fl
            }
        }
    }
}

impl fmt::Debug for Exact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Display for Exact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Add for Exact {
    type Output = Exact;
    fn add(self, o: Exact) -> Exact {
        Exact(self.0 + o.0)
    }
}

impl Sub for Exact {
    type Output = Exact;
    fn sub(self, o: Exact) -> Exact {
        Exact(self.0 - o.0)
    }
}

impl Mul for Exact {
    type Output = Exact;
    fn mul(self, o: Exact) -> Exact {
        Exact(self.0 * o.0)
    }
}

impl Neg for Exact {
    type Output = Exact;
    fn neg(self) -> Exact {
        Exact(-self.0)
    }
}

/// Exactly where the value is an integer in range (`to_i64`, `to_u64`),
/// the nearest `f64` (ties to even) for `to_f64`.
impl ToPrimitive for Exact {
    fn to_i64(&self) -> Option<i64> {
        self.0
            .is_integer()
            .then(|| self.0.numer().to_i64())
            .flatten()
    }
    fn to_u64(&self) -> Option<u64> {
        self.0
            .is_integer()
            .then(|| self.0.numer().to_u64())
            .flatten()
    }
    fn to_f64(&self) -> Option<f64> {
        Some(crate::Backend::nearest_f64(self))
    }
}

/// Exactly: every integer and every finite `f64` is a rational.
impl FromPrimitive for Exact {
    fn from_i64(n: i64) -> Option<Self> {
        Some(Exact(Rational::from(n)))
    }
    fn from_u64(n: u64) -> Option<Self> {
        Some(Exact(Rational::from(n)))
    }
    fn from_f64(x: f64) -> Option<Self> {
        Exact::from_f64_exact(x)
    }
}

/// Bits kept by the square root: the result is within 2^-256 relative.
const SQRT_BITS: u32 = 260;

impl Real for Exact {
    type Kernel = swept::exact::Exactly;
    fn zero() -> Self {
        Exact(Rational::new())
    }
    fn one() -> Self {
        Exact(Rational::from(1))
    }
    /// `sqrt(p/q) = sqrt(p q 4^k) / (q 2^k)`, with `k` making the integer
    /// root at least 2^260: it is rounded down, so the relative error is
    /// below 2^-260.
    fn sqrt(self) -> Self {
        if self.0.cmp0() != Ordering::Greater {
            return Exact::zero();
        }
        let (p, q) = self.0.into_numer_denom();
        let pq = p * &q;
        let need = 2 * SQRT_BITS as i64 - pq.significant_bits() as i64;
        let k = if need > 0 { ((need + 1) / 2) as u32 } else { 0 };
        let root = (pq << (2 * k)).sqrt();
        Exact(Rational::from((root, q << k)))
    }
    fn quotient(self, den: Self) -> Self {
        if den.0.cmp0() == Ordering::Equal {
            Exact::zero()
        } else {
            Exact(self.0 / den.0)
        }
    }
    fn is_finite(&self) -> bool {
        true
    }
}
