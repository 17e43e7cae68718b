//! Approximations with a proved error bound: a value `v` known as `v̂ ± ε`
//! ([`Approx`]), in integer arithmetic only (no float routine is linked
//! for it).
//!
//! `v̂` is a [`Big`], `±m · 2^e` with a 64-bit significand whose top bit is
//! set and an exponent of its own, so that no polynomial of a construction
//! overflows it; `ε` an upper bound `m · 2^e` rounded up at every step
//! (`Ub`). Each operation adds its operands' propagated errors and its own
//! rounding, which is zero where it drops no set bit, and else below one
//! unit of the 64th bit of its largest operand or result:
//!
//! * `â ± b̂` is exact in 128 bits where the exponents differ by less than
//!   64, and then truncated to 64 bits: below `2^(e + 1)`, `e` the larger
//!   operand's exponent; past 64 the smaller operand is dropped, below
//!   `2^e`. `ε = ε_a + ε_b + 2^(e + 1)`.
//! * `â b̂` is exact in 128 bits and truncated: below `2^(e_a + e_b + 64)`.
//!   `ε = |â| ε_b + |b̂| ε_a + ε_a ε_b + 2^(e_a + e_b + 64)`.
//! * `√ĉ` is the integer square root `r̂`, below `2^e_r` from `√ĉ`; with
//!   `c >= 0`, `|√c - √ĉ| = |c - ĉ| / (√c + √ĉ) <= ε_c / r̂`. Taken only
//!   where `ĉ > ε_c` (or both are zero): else `ε` is infinite.
//! * `n̂ / d̂` is floored, below `2^(e_n - e_d - 63)` (`ρ`); where `|d̂| >
//!   2 ε_d`, `|d| >= |d̂| / 2` and `|n/d - n̂/d̂| <= (ε_n + |n̂/d̂| ε_d) / |d|`,
//!   so `ε = 2 (ε_n + (|q̂| + ρ) ε_d) / |d̂| + ρ`. Else `ε` is infinite.
//!
//! Where `|v̂| > ε` the sign of `v` is the sign of `v̂`; where `ε = 0`, `v =
//! v̂`. `bounds_hold` in the tests checks every rule against exact
//! rationals on random expressions.

use super::align::{Plan, Scale};
use super::{Construction, Dim, Finish, Part, Ring};
use core::cmp::Ordering;
use core::num::{NonZeroU32, NonZeroU64};
use core::ops::{Add, Mul, Neg, Sub};

/// An approximate value `±m · 2^e`: `m` a 64-bit significand with its top
/// bit set (or zero), and an exponent of its own.
#[derive(Clone, Copy, Debug)]
pub struct Big {
    pub(super) negative: bool,
    pub(super) m: u64,
    pub(super) e: i32,
}

/// `⌊√n⌋`, two bits of `n` a step (`u128::isqrt` takes 330 bytes of stack
/// on a 32-bit target, and this square root is on the approximation's
/// deepest path).
fn isqrt(mut n: u128) -> u128 {
    let (mut rem, mut root) = (0u128, 0u64);
    for _ in 0..64 {
        // The next two bits of `n`, from the top.
        rem = rem << 2 | n >> 126;
        n <<= 2;
        // `(2 root + 1)²` against the remainder, in units of the step.
        let t = u128::from(root) << 2 | 1;
        root <<= 1;
        if rem >= t {
            rem -= t;
            root |= 1;
        }
    }
    u128::from(root)
}

impl Big {
    /// Zero.
    pub const ZERO: Big = Big {
        negative: false,
        m: 0,
        e: 0,
    };

    /// `±m · 2^e`, normalised (the top 64 bits of `m` kept).
    pub fn new(negative: bool, m: u128, e: i32) -> Big {
        Big::rounded(negative, m, e).0
    }

    /// [`Big::new`], and whether it dropped a set bit.
    fn rounded(negative: bool, m: u128, e: i32) -> (Big, bool) {
        if m == 0 {
            return (Big::ZERO, false);
        }
        let lz = m.leading_zeros();
        let big = Big {
            negative,
            m: ((m << lz) >> 64) as u64,
            e: e.saturating_add(64 - lz as i32),
        };
        (big, (m << lz) as u64 != 0)
    }

    /// `n` exactly.
    #[cfg(test)]
    pub fn small(n: u32) -> Big {
        Big::new(false, u128::from(n), 0)
    }

    /// `⌊√self⌋` to 64 bits (zero for a negative value).
    #[cfg(test)]
    pub fn sqrt(self) -> Big {
        self.root().0
    }

    /// [`Big::sqrt`], and whether it is inexact.
    fn root(self) -> (Big, bool) {
        if self.negative || self.m == 0 {
            return (Big::ZERO, false);
        }
        // An even exponent, the significand in [2^126, 2^128).
        let (m, e) = if self.e % 2 != 0 {
            (u128::from(self.m) << 63, self.e.saturating_sub(63))
        } else {
            (u128::from(self.m) << 64, self.e.saturating_sub(64))
        };
        let x = isqrt(m);
        // (`x < 2^64`: no bit dropped.)
        (Big::normal(false, x as u64, e / 2), x * x != m)
    }

    /// `self / d` floored to 64 bits; zero where `d` is.
    #[cfg(test)]
    pub fn div(self, d: Big) -> Big {
        self.quotient(d).0
    }

    /// [`Big::div`], and whether it is inexact.
    fn quotient(self, d: Big) -> (Big, bool) {
        if d.m == 0 {
            return (Big::ZERO, true);
        }
        // `m · 2^63 / d.m` is below 2^64 (`d.m >= 2^63`).
        let (q, r) = divide(self.m >> 1, self.m << 63, d.m);
        let e = self.e.saturating_sub(d.e).saturating_sub(63);
        (Big::normal(self.negative != d.negative, q, e), r != 0)
    }

    /// `self + o`, and whether it is inexact, in 64-bit words (the
    /// difference of two values of one exponent is exact; at one exponent
    /// apart, where it needs 65 bits, it is truncated as the sums below).
    fn sum(self, o: Big) -> (Big, bool) {
        if o.m == 0 {
            return (self, false);
        }
        if self.m == 0 {
            return (o, false);
        }
        let (big, small) = if self.e >= o.e { (self, o) } else { (o, self) };
        let d = big.e.saturating_sub(small.e) as u32;
        if d >= 64 {
            return (big, true);
        }
        let negative = big.negative;
        if big.negative == small.negative {
            // `small` in units of `2^big.e`: `q` and the fraction `f / 2^d`.
            let (q, f) = (small.m >> d, small.m & ((1 << d) - 1));
            let (s, carry) = big.m.overflowing_add(q);
            return if carry {
                let m = s >> 1 | 1 << 63;
                (
                    Big {
                        negative,
                        m,
                        e: big.e.saturating_add(1),
                    },
                    f != 0 || s & 1 != 0,
                )
            } else {
                (
                    Big {
                        negative,
                        m: s,
                        e: big.e,
                    },
                    f != 0,
                )
            };
        }
        if d == 0 {
            // Exact: the larger significand minus the smaller.
            return if big.m >= small.m {
                (Big::normal(negative, big.m - small.m, big.e), false)
            } else {
                (Big::normal(small.negative, small.m - big.m, big.e), false)
            };
        }
        // `q < 2^63 <= big.m`: the difference is positive.
        let (q, f) = (small.m >> d, small.m & ((1 << d) - 1));
        if f == 0 {
            return (Big::normal(negative, big.m - q, big.e), false);
        }
        // (big.m - q - 1) + (1 - f / 2^d), the fraction `g / 2^d`.
        let r = big.m - q - 1;
        if r >> 63 != 0 {
            return (
                Big {
                    negative,
                    m: r,
                    e: big.e,
                },
                true,
            );
        }
        let g = (1 << d) - f;
        let m = r << 1 | g >> (d - 1);
        let lost = g & ((1 << (d - 1)) - 1) != 0;
        (Big::normal(negative, m, big.e.saturating_sub(1)), lost)
    }

    /// `±m · 2^e` normalised, exactly: [`Big::new`] of a 64-bit `m`, in
    /// 64-bit words (through `Big::new`'s 128-bit shift a sum took 99
    /// instructions on average on a Cortex-M4F where it now takes 73:
    /// `classify_circle_aabb2` touching a corner in `f32`, a case of
    /// `python3 ci/mcu.py`).
    pub fn normal(negative: bool, m: u64, e: i32) -> Big {
        if m == 0 {
            return Big::ZERO;
        }
        let lz = m.leading_zeros();
        Big {
            negative,
            m: m << lz,
            e: e.saturating_sub(lz as i32),
        }
    }

    /// `self · o`, and whether it is inexact (both normalised: the
    /// product's top bit is bit 127 or 126).
    fn product(self, o: Big) -> (Big, bool) {
        if self.m == 0 || o.m == 0 {
            return (Big::ZERO, false);
        }
        let p = u128::from(self.m) * u128::from(o.m);
        let (hi, lo) = ((p >> 64) as u64, p as u64);
        let negative = self.negative != o.negative;
        let e = self.e.saturating_add(o.e).saturating_add(64);
        if hi >> 63 != 0 {
            (Big { negative, m: hi, e }, lo != 0)
        } else {
            let m = hi << 1 | lo >> 63;
            (
                Big {
                    negative,
                    m,
                    e: e.saturating_sub(1),
                },
                lo << 1 != 0,
            )
        }
    }

    fn signum(self) -> Ordering {
        match (self.m, self.negative) {
            (0, _) => Ordering::Equal,
            (_, true) => Ordering::Less,
            (_, false) => Ordering::Greater,
        }
    }
}

// The search's tests build values with them; `Approx` takes the
// rounding flags of `sum` and `product`.
#[cfg(test)]
impl Add for Big {
    type Output = Big;
    fn add(self, o: Big) -> Big {
        self.sum(o).0
    }
}

impl Neg for Big {
    type Output = Big;
    fn neg(self) -> Big {
        Big {
            negative: !self.negative,
            ..self
        }
    }
}

#[cfg(test)]
impl Mul for Big {
    type Output = Big;
    fn mul(self, o: Big) -> Big {
        self.product(o).0
    }
}

/// `(hi · 2^64 + lo) / d` and its remainder, for `d >= 2^63` and `hi < d`
/// (so the quotient is below `2^64`): Knuth's long division in 32-bit
/// digits (Hacker's Delight, `divlu`), since a 128-bit division is a long
/// software routine on 32-bit targets.
fn divide(hi: u64, lo: u64, d: u64) -> (u64, u64) {
    // The top digit, at least 2^31.
    let Some(d1) = Divisor::new((d >> 32) as u32).filter(|_| hi < d) else {
        return (u64::MAX, 1);
    };
    let digit = |u: u64, next: u64| digit::<32>(u, next, div_rem(u, d1), d);
    let (q1, u) = digit(hi, lo >> 32);
    let (q0, r) = digit(u, lo & u64::from(u32::MAX));
    (q1 << 32 | q0, r)
}

/// One digit of Knuth's long division in base `2^B`: the quotient of
/// `(u · 2^B + next) / d` (`u < d`, `next < 2^B`, `d` two digits with the
/// top one at least `2^(B - 1)`, so the quotient is a digit) and its
/// remainder, from `(q, r)`, the top digits' quotient `u / d_1` and
/// remainder, which is at most two too large.
#[inline(always)]
fn digit<const B: u32>(u: u64, next: u64, (mut q, mut r): (u64, u64), d: u64) -> (u64, u64) {
    let (d1, d0) = (d >> B, d & ((1 << B) - 1));
    while q >> B != 0 || q * d0 > (r << B | next) {
        q -= 1;
        r += d1;
        if r >> B != 0 {
            break;
        }
    }
    (q, (u << B | next).wrapping_sub(q.wrapping_mul(d)))
}

/// A divisor of [`div_rem`]: a word with its top bit set, so that each
/// quotient digit's estimate from its top half is at most two too large.
#[derive(Clone, Copy)]
struct Divisor(NonZeroU32);

impl Divisor {
    /// `d`, where its top bit is set.
    #[inline(always)]
    fn new(d: u32) -> Option<Divisor> {
        NonZeroU32::new(d)
            .filter(|d| d.get() >> 31 == 1)
            .map(Divisor)
    }

    /// The top 16 bits (at least `2^15`, so the bit set here is set).
    #[inline(always)]
    fn top_half(self) -> NonZeroU32 {
        const HALF: NonZeroU32 = match NonZeroU32::new(1 << 15) {
            Some(h) => h,
            None => NonZeroU32::MIN,
        };
        HALF | (self.0.get() >> 16)
    }
}

/// `(u / d, u % d)` (on every target alike). On 32-bit targets in 32-bit
/// hardware divisions of 16-bit digits ([`divlu`]), not a 64-bit
/// division's software routine: a value's quotient took `I32F32`
/// `sweep_circle_circle`'s hit about 600 instructions in it on a
/// Cortex-M4F.
#[inline(always)]
fn div_rem(u: u64, d: Divisor) -> (u64, u64) {
    if cfg!(target_pointer_width = "64") {
        let w = NonZeroU64::from(d.0);
        return (u / w, u % w);
    }
    in_words(u, d)
}

/// [`div_rem`] on 32-bit words: the top word's quotient (0 or 1), then
/// the rest, whose top word is below `d`.
#[inline(always)]
fn in_words(u: u64, d: Divisor) -> (u64, u64) {
    let (hi, lo) = ((u >> 32) as u32, u as u32);
    if hi == 0 {
        return (u64::from(lo / d.0), u64::from(lo % d.0));
    }
    let (q1, r1) = (hi / d.0, hi % d.0);
    let (q0, r0) = divlu(r1, lo, d);
    (u64::from(q1) << 32 | u64::from(q0), u64::from(r0))
}

/// `(u1 · 2^32 + u0) / v` and its remainder, for `u1 < v` (the quotient
/// is below `2^32`), in two digits of 16 bits, each from a 32-bit
/// division corrected at most twice.
#[inline(always)]
fn divlu(u1: u32, u0: u32, v: Divisor) -> (u32, u32) {
    let (vn1, vw) = (v.top_half(), u64::from(v.0.get()));
    let digit = |u: u64, next: u32| {
        let estimate = (u64::from(u as u32 / vn1), u64::from(u as u32 % vn1));
        digit::<16>(u, u64::from(next), estimate, vw)
    };
    let (q1, u) = digit(u64::from(u1), u0 >> 16);
    let (q0, r) = digit(u, u0 & 0xffff);
    ((q1 << 16 | q0) as u32, r as u32)
}

/// Exponents far past every value's: an infinite bound. Bounds are capped
/// there, which is sound because every real magnitude stays far below it
/// (aligned inputs of at most a few thousand bits, polynomials of small
/// degree: exponents of order 10^4 to 10^5, against 2^22).
const HUGE: i32 = 1 << 22;

/// Significant bits of a bound: rounding a bound up to them loosens it by
/// at most `2^(1 - SIG)` an operation, and lets [`Approx`] hold it in one
/// word with its exponent.
const SIG: u32 = 7;

/// An upper bound `m · 2^e` on a magnitude (`m` below `2^SIG`, not
/// normalised), rounded up in every operation: a bound needs no more.
#[derive(Clone, Copy, Debug)]
struct Ub {
    m: u32,
    e: i32,
}

impl Ub {
    const ZERO: Ub = Ub { m: 0, e: 0 };
    /// Above every value: nothing is certain with it.
    const INF: Ub = Ub {
        m: (1 << SIG) - 1,
        e: HUGE,
    };

    /// `self` with its exponent within `±HUGE` ([`Approx`]'s layout):
    /// above, infinite; below, rounded up to `2^(SIG - HUGE)`.
    fn clamped(self) -> Ub {
        if self.m == 0 {
            Ub::ZERO
        } else if self.e > HUGE - SIG as i32 {
            Ub::INF
        } else if self.e < -HUGE {
            Ub::pow2(SIG as i32 - HUGE)
        } else {
            self
        }
    }

    fn pow2(e: i32) -> Ub {
        Ub { m: 1, e }
    }

    /// `2^e` where a rounding `lost` a bit, else zero.
    fn lost(lost: bool, e: i32) -> Ub {
        if lost { Ub::pow2(e) } else { Ub::ZERO }
    }

    /// `|b|`, rounded up.
    fn of(b: Big) -> Ub {
        Ub::up(b.m, b.e)
    }

    /// `m · 2^e` rounded up to `SIG` bits.
    fn up(m: u64, e: i32) -> Ub {
        let bits = u64::BITS - m.leading_zeros();
        if bits <= SIG {
            return Ub { m: m as u32, e };
        }
        let s = bits - SIG;
        let q = (m >> s) + u64::from(m & ((1 << s) - 1) != 0);
        // A carry to 2^SIG halves exactly.
        let (q, s) = if q >> SIG != 0 {
            (q >> 1, s + 1)
        } else {
            (q, s)
        };
        Ub {
            m: q as u32,
            e: e.saturating_add(s as i32).min(HUGE),
        }
    }

    fn add(self, o: Ub) -> Ub {
        if self.m == 0 {
            return o;
        }
        if o.m == 0 {
            return self;
        }
        let (a, b) = if self.e >= o.e { (self, o) } else { (o, self) };
        let d = a.e.saturating_sub(b.e) as u32;
        // `b` in units of `2^a.e`, rounded up.
        let b = if d >= 32 {
            1
        } else {
            (u64::from(b.m) + (1u64 << d) - 1) >> d
        };
        Ub::up(u64::from(a.m) + b, a.e)
    }

    fn mul(self, o: Ub) -> Ub {
        if self.m == 0 || o.m == 0 {
            return Ub::ZERO;
        }
        Ub::up(
            u64::from(self.m) * u64::from(o.m),
            self.e.saturating_add(o.e),
        )
    }

    /// `self / |d|` rounded up; `d` nonzero (normalised): over the top
    /// 32 bits of `d`, which are at most `d / 2^32`.
    fn div(self, d: Big) -> Ub {
        if self.m == 0 {
            return Ub::ZERO;
        }
        let q = Divisor::new((d.m >> 32) as u32)
            .map_or(u64::MAX, |top| div_rem(u64::from(self.m) << 32, top).0 + 1);
        Ub::up(q, self.e.saturating_sub(64).saturating_sub(d.e))
    }

    fn twice(self) -> Ub {
        Ub {
            e: self.e.saturating_add(1).min(HUGE),
            ..self
        }
    }

    /// Whether `self < |b|`, exactly.
    fn below(self, b: Big) -> bool {
        if b.m == 0 {
            return false;
        }
        if self.m == 0 {
            return true;
        }
        // Each in [2^(top - 1), 2^top).
        let bits = u32::BITS - self.m.leading_zeros();
        let top = self.e.saturating_add(bits as i32);
        let b_top = b.e.saturating_add(64);
        match top.cmp(&b_top) {
            Ordering::Less => true,
            Ordering::Greater => false,
            // Both aligned at bit 63: shifting left is exact.
            Ordering::Equal => u64::from(self.m) << (64 - bits) < b.m,
        }
    }
}

/// A value known as `v̂ ± ε` (module doc), in 16 bytes: a construction's
/// approximation holds every value it builds. `v̂`'s significand and
/// exponent, then one word with `ε` (its exponent in the top 24 bits, then
/// its [`SIG`] bits) and `v̂`'s sign in bit 0.
#[derive(Clone, Copy, Debug)]
pub struct Approx {
    /// `v̂`'s significand, low word first: two words, not a `u64`, so that
    /// an `Approx` is word-aligned on a 32-bit target and a value that is
    /// one or a residue (module `aligned`) takes 20 bytes there, not 24.
    m: [u32; 2],
    e: i32,
    rest: u32,
}

impl Approx {
    /// `v̂ ± ε`, `ε`'s exponent clamped to what the layout holds.
    fn of(v: Big, err: Ub) -> Approx {
        let err = err.clamped();
        Approx {
            m: [v.m as u32, (v.m >> 32) as u32],
            e: v.e,
            rest: (err.e as u32) << 8 | err.m << 1 | u32::from(v.negative),
        }
    }

    /// `v` exactly.
    pub fn exact(v: Big) -> Approx {
        Approx::of(v, Ub::ZERO)
    }

    /// The input `±m · 2^e` (module `align`), exactly.
    #[inline(always)]
    pub fn input(neg: bool, m: u64, e: i32) -> Approx {
        Approx::exact(Big::normal(neg, m, e))
    }

    /// Nothing known: every sign and side left to the exact route.
    pub const UNKNOWN: Approx = Approx {
        m: [0; 2],
        e: 0,
        rest: (Ub::INF.e as u32) << 8 | Ub::INF.m << 1,
    };

    /// Whether nothing is known ([`Approx::UNKNOWN`], or a bound as wide).
    pub fn is_unknown(self) -> bool {
        self.err().e >= HUGE
    }

    /// Whether some of `a` [`is_unknown`](Approx::is_unknown).
    #[inline(never)]
    pub fn any_unknown(a: &[Approx]) -> bool {
        a.iter().any(|a| a.is_unknown())
    }

    /// Each of `a` scaled as the aligned inputs were (`scale`, by its
    /// dimension in `out`). On slices: one copy for every construction.
    #[inline(never)]
    pub fn scale_all(a: &mut [Approx], scale: &Scale, out: &[Dim]) {
        for (a, d) in a.iter_mut().zip(out) {
            *a = a.scaled(scale.of(*d));
        }
    }

    /// `self`, or `b` where `b`'s bound is below `self`'s (both bound the
    /// same value: either serves a search, the tighter settles it in
    /// fewer runs).
    pub fn tighter(self, b: Approx) -> Approx {
        let (x, y) = (self.err(), b.err());
        // By their top bits: `m < 2^SIG`, so a nonzero `m · 2^e` is in
        // `[2^e, 2^(e + SIG))`.
        if x.m != 0 && (y.m == 0 || y.e.saturating_add(SIG as i32) <= x.e) {
            b
        } else {
            self
        }
    }

    /// Whether the bound is below `2^-bits` of the value's magnitude.
    pub fn within(self, bits: u32) -> bool {
        let (v, err) = (self.value(), self.err());
        // `|v̂| >= 2^(e + 63)` where nonzero.
        err.m == 0
            || (v.m != 0
                && err.e.saturating_add(SIG as i32).saturating_add(bits as i32)
                    <= v.e.saturating_add(63))
    }

    /// Each of `a` [`tighter`](Approx::tighter) with its `b`. On slices:
    /// one copy for every construction.
    #[inline(never)]
    pub fn tighten_all(a: &mut [Approx], b: &[Approx]) {
        for (a, b) in a.iter_mut().zip(b) {
            *a = a.tighter(*b);
        }
    }

    /// `h + l ± 2ε`, from a float route's value `h + l` and its bound
    /// `ε` (module `double`, which doubles its bound for the roundings of
    /// the bound itself).
    pub fn seeded(h: Big, l: Big, err: Big) -> Approx {
        let v = Approx::exact(h) + Approx::exact(l);
        Approx::of(v.value(), v.err().add(Ub::of(err).twice()))
    }

    /// `self · 2^k`, exactly.
    pub fn scaled(self, k: i32) -> Approx {
        let (v, err) = (self.value(), self.err());
        let err = if err.e >= HUGE {
            err
        } else {
            Ub {
                e: err.e.saturating_add(k),
                ..err
            }
        };
        let e = if v.m == 0 { 0 } else { v.e.saturating_add(k) };
        Approx::of(Big { e, ..v }, err)
    }

    /// The approximation `v̂`.
    pub fn value(self) -> Big {
        let [lo, hi] = self.m;
        Big {
            negative: self.rest & 1 == 1,
            m: u64::from(lo) | u64::from(hi) << 32,
            e: self.e,
        }
    }

    /// The bound `ε`.
    fn err(self) -> Ub {
        Ub {
            m: self.rest >> 1 & ((1 << SIG) - 1),
            e: self.rest as i32 >> 8,
        }
    }

    /// The sign of the value, where the bound proves it.
    pub fn signum(self) -> Option<Ordering> {
        let (v, err) = (self.value(), self.err());
        (err.m == 0 || err.below(v)).then(|| v.signum())
    }

    /// The sign of `v - (±m · 2^e)`, where the bound proves it.
    pub fn side(self, negative: bool, m: u128, e: i32) -> Option<Ordering> {
        let mid = Big::new(negative, m, e);
        // Exact unless `m` has more than 64 bits.
        let err = if m >> 64 == 0 {
            Ub::ZERO
        } else {
            Ub::pow2(mid.e)
        };
        (self - Approx::of(mid, err)).signum()
    }

    fn unknown(v: Big) -> Approx {
        Approx::of(v, Ub::INF)
    }

    fn sqrt(self) -> Approx {
        let (v, err) = (self.value(), self.err());
        if v.m == 0 && err.m == 0 {
            return self;
        }
        let (r, lost) = v.root();
        if v.negative || !err.below(v) {
            return Approx::unknown(r);
        }
        Approx::of(r, err.div(r).add(Ub::lost(lost, r.e)))
    }

    fn div(self, d: Approx) -> Approx {
        let (n, n_err, d, d_err) = (self.value(), self.err(), d.value(), d.err());
        let (q, lost) = n.quotient(d);
        if !d_err.twice().below(d) {
            return Approx::unknown(q);
        }
        if n.m == 0 && n_err.m == 0 {
            return self;
        }
        let rho = Ub::lost(lost, n.e.saturating_sub(d.e).saturating_sub(63));
        let spread = n_err.add(Ub::of(q).add(rho).mul(d_err));
        Approx::of(q, spread.twice().div(d).add(rho))
    }
}

/// `a + b`, or `a - b` where `minus`: one function for both, so that a
/// difference is a call with a flag, not a copy of `b` negated first. By
/// reference: a caller that holds the operands in place (module
/// `aligned`) passes them without a copy.
#[inline(never)]
pub fn sum(a: &Approx, b: &Approx, minus: bool) -> Approx {
    let (x, y) = (a.value(), b.value());
    let y = if minus { -y } else { y };
    let (v, lost) = x.sum(y);
    let rounding = Ub::lost(lost, x.e.max(y.e).saturating_add(1));
    let (a_err, b_err) = (a.err(), b.err());
    // Exact operands (most, on the inputs people type): the bound is the
    // rounding's alone, as the sums below would give it.
    if a_err.m == 0 && b_err.m == 0 {
        return Approx::of(v, rounding);
    }
    Approx::of(v, a_err.add(b_err).add(rounding))
}

impl Add for Approx {
    type Output = Approx;
    #[inline(always)]
    fn add(self, o: Approx) -> Approx {
        sum(&self, &o, false)
    }
}

impl Sub for Approx {
    type Output = Approx;
    #[inline(always)]
    fn sub(self, o: Approx) -> Approx {
        sum(&self, &o, true)
    }
}

impl Neg for Approx {
    type Output = Approx;
    /// The sign bit flipped: `Approx::of(-v̂, ε)`, whose bound is
    /// already within the layout, without decoding and clamping it.
    fn neg(self) -> Approx {
        Approx {
            rest: self.rest ^ 1,
            ..self
        }
    }
}

impl Mul for Approx {
    type Output = Approx;
    #[inline(always)]
    fn mul(self, o: Approx) -> Approx {
        product(&self, &o)
    }
}

/// `a b`, by reference as [`sum`].
#[inline(never)]
pub fn product(a: &Approx, b: &Approx) -> Approx {
    let (x, y, x_err, y_err) = (a.value(), b.value(), a.err(), b.err());
    let (v, lost) = x.product(y);
    let rounding = Ub::lost(lost, x.e.saturating_add(y.e).saturating_add(64));
    // Exact factors: the rounding's bound alone, as below.
    if x_err.m == 0 && y_err.m == 0 {
        return Approx::of(v, rounding);
    }
    // |x| y_err + |y| x_err + x_err y_err + rounding; a term with an
    // exact factor is zero, and not bounded (most inputs are exact).
    let of = |v: Big, err: Ub| {
        if err.m == 0 {
            Ub::ZERO
        } else {
            Ub::of(v).mul(err)
        }
    };
    let err = of(x, y_err)
        .add(of(y, x_err))
        .add(x_err.mul(y_err))
        .add(rounding);
    Approx::of(v, err)
}

impl Ring for Approx {
    fn zero() -> Approx {
        Approx::exact(Big::ZERO)
    }
    fn one() -> Approx {
        Approx::exact(Big::normal(false, 1, 0))
    }
    fn small(n: u32) -> Approx {
        Approx::exact(Big::normal(false, u64::from(n), 0))
    }
    fn sign(&self) -> (Ordering, bool) {
        match self.signum() {
            Some(s) => (s, true),
            None => (self.value().signum(), false),
        }
    }
    // Both functions are 1-Lipschitz: the bound carries over.
    fn positive_part(self) -> Approx {
        match self.signum() {
            Some(Ordering::Greater) => self,
            Some(_) => Approx::zero(),
            None if self.value().negative => Approx::of(Big::ZERO, self.err()),
            None => self,
        }
    }
    /// The sign bit cleared, as [`Neg`].
    fn abs(self) -> Approx {
        Approx {
            rest: self.rest & !1,
            ..self
        }
    }
}

/// The construction's values as [`Approx`], in their own frame.
#[inline(never)]
pub fn approximate<C: Construction<N, M>, const N: usize, const M: usize>(
    c: &C,
    plan: &Plan<N>,
) -> [Approx; M] {
    let mut x = [Approx::zero(); N];
    plan.approximate(&mut x);
    c.build(&x, Approximate)
}

/// A construction's values as [`Approx`].
struct Approximate;

impl<const M: usize> Finish<Approx, M> for Approximate {
    type Out = [Approx; M];
    fn finish(self, c: &Approx, parts: &[Part<Approx>; M]) -> [Approx; M] {
        let mut out = [Approx::zero(); M];
        values(c, parts, &mut out);
        out
    }
    fn zero(self) -> [Approx; M] {
        [Approx::zero(); M]
    }
}

/// The values `(a + b√c) / (d + e√c)` of a construction's parts and
/// radicand `c`, each with its bound, into `out`. Out of line, on slices:
/// one copy for every construction (returned, an array of them was copied
/// once more).
#[inline(never)]
pub fn values(c: &Approx, parts: &[Part<Approx>], out: &mut [Approx]) {
    let root = c.sqrt();
    let base = Part::base(parts);
    for (o, part) in out.iter_mut().zip(parts) {
        let s = part.expand(base);
        *o = (s.a + s.b * root).div(s.d + s.e * root);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::next;
    use rug::{Integer, Rational};

    fn exact(b: Big) -> Rational {
        let m = Rational::from(Integer::from(b.m)) << b.e;
        if b.negative { -m } else { m }
    }

    fn bound(u: Ub) -> Rational {
        Rational::from(Integer::from(u.m)) << u.e
    }

    impl Approx {
        /// `[v̂ - ε, v̂ + ε]`; `None` where `ε` is infinite.
        pub(in crate::exact) fn interval(self) -> Option<(Rational, Rational)> {
            let (v, err) = (exact(self.value()), self.err());
            (err.e < HUGE).then(|| (v.clone() - bound(err), v + bound(err)))
        }
    }

    /// A seed from a float route holds `h + l ± 2ε`, scaled; nothing is
    /// known of an unknown one.
    #[test]
    fn seeds_hold_their_values() {
        let (h, l, err) = (
            Big::new(false, 3, -1),
            Big::new(true, 1, -60),
            Big::new(false, 1, -70),
        );
        let (lo, hi) = Approx::seeded(h, l, err).scaled(5).interval().unwrap();
        let v: Rational = (Rational::from(3) / 2 - (Rational::from(1) << -60i32)) << 5u32;
        let e: Rational = Rational::from(1) << (5 - 69);
        assert!(lo <= v.clone() - &e && v + &e <= hi, "{lo} {hi}");
        assert!(Approx::UNKNOWN.interval().is_none());
        assert_eq!(Approx::UNKNOWN.signum(), None);
        assert_eq!(Approx::UNKNOWN.scaled(-7).signum(), None);
        assert_eq!(Approx::UNKNOWN.side(false, 1, 0), None);
    }

    /// A value of 1 to 128 significant bits (truncated to 64) over ±100
    /// binary orders, and its exact value.
    fn big(s: &mut u64) -> (Big, Rational) {
        let r = next(s);
        let bits = 1 + (r % 128) as u32;
        let m = (u128::from(next(s)) << 64 | u128::from(next(s))) >> (128 - bits);
        let e = (r >> 8) as i32 % 100;
        let v = Big::new(r >> 20 & 1 == 1, m, e);
        (v, exact(v))
    }

    fn check(a: Approx, x: &Rational, what: &str) {
        if a.err().e >= HUGE {
            return;
        }
        let off = (exact(a.value()) - x.clone()).abs();
        assert!(off <= bound(a.err()), "{what}: {a:?} for {x}");
        if let Some(s) = a.signum() {
            assert_eq!(s, x.cmp0(), "{what}: sign of {a:?} for {x}");
        }
    }

    #[test]
    fn bounds_hold() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            // Four inputs, then sums, differences, products (cancellation
            // included: a value minus a near copy of itself), a root and
            // a quotient.
            let ins: [(Big, Rational); 4] = core::array::from_fn(|_| big(&mut seed));
            let [(a, ra), (b, rb), (c, rc), (d, rd)] = ins.clone();
            let (a, b, c, d) = (
                Approx::exact(a),
                Approx::exact(b),
                Approx::exact(c),
                Approx::exact(d),
            );
            let p = a * b - c * d;
            let rp = ra.clone() * &rb - rc.clone() * &rd;
            check(p, &rp, "ab - cd");
            let q = p * p - a * c + b;
            let rq = rp.clone() * &rp - ra.clone() * &rc + &rb;
            check(q, &rq, "p² - ac + b");
            let near = a * b - (a + Approx::exact(Big::new(false, 1, -200))) * b;
            let rnear = -(Rational::from(1) << -200i32) * &rb;
            check(near, &rnear, "cancellation");
            // √(p²) = |p|; a root of a sum of squares; quotients.
            let sq = (p * p).sqrt();
            check(sq, &rp.clone().abs(), "√p²");
            let s = (a * a + b * b).sqrt();
            let rs2 = ra.clone() * &ra + rb.clone() * &rb;
            if s.err().e < HUGE {
                let lo = exact(s.value()) - bound(s.err());
                let hi = exact(s.value()) + bound(s.err());
                assert!(lo.clone() * &lo <= rs2 || lo < 0, "√: {s:?}");
                assert!(hi.clone() * &hi >= rs2, "√: {s:?}");
            }
            if rd != 0 {
                check(p.div(d), &(rp.clone() / &rd), "p / d");
                check(
                    q.div(p + d),
                    &(rq.clone() / (rp.clone() + &rd)),
                    "q / (p + d)",
                );
            }
            // A midpoint's side.
            let (m, rm) = big(&mut seed);
            let side = p.side(m.negative, u128::from(m.m) << 3 | 5, m.e.saturating_sub(3));
            let five = Rational::from(5) << (m.e - 3);
            let rm: Rational = if m.negative { rm - five } else { rm + five };
            if let Some(s) = side {
                let d: Rational = rp.clone() - rm;
                assert_eq!(s, d.cmp0(), "side");
            }
        }
    }

    #[test]
    fn sums_and_products_flag_every_rounding() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        for i in 0..200_000 {
            let ((a, ra), (b, rb)) = (big(&mut seed), big(&mut seed));
            // Near exponents and equal magnitudes too (cancellation).
            let b = match i % 4 {
                0 => Big {
                    e: a.e - (b.e & 3),
                    ..b
                },
                1 => Big {
                    negative: !a.negative,
                    ..a
                },
                _ => b,
            };
            let rb = if i % 4 < 2 { exact(b) } else { rb };
            let (s, lost) = a.sum(b);
            let rs: Rational = ra.clone() + &rb;
            assert_eq!(lost, exact(s) != rs, "{a:?} + {b:?} = {s:?}");
            let unit = Rational::from(1) << a.e.max(b.e).saturating_add(1);
            assert!((exact(s) - rs).abs() < unit, "{a:?} + {b:?} = {s:?}");
            assert!(s.m == 0 || s.m >> 63 == 1, "{s:?}");
            let (p, lost) = a.product(b);
            let rp: Rational = ra.clone() * &rb;
            assert_eq!(lost, exact(p) != rp, "{a:?} * {b:?} = {p:?}");
            assert!(p.m == 0 || p.m >> 63 == 1, "{p:?}");
            assert!((exact(p) - rp).abs() < Rational::from(1) << (a.e + b.e + 64));
        }
    }

    /// The 32-bit targets' division in words, here on every target,
    /// against `u64`'s: at the ends of the divisor's range, and where the
    /// digits' estimates need their corrections.
    #[test]
    fn words_divide_as_u64() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for i in 0..400_000 {
            let d = match i % 4 {
                0 => [1 << 31, u32::MAX, 0x8000_ffff, 0xffff_0000][i / 4 % 4],
                1 => 0x8000_0000 | (next(&mut seed) as u32 & 0xffff_0000),
                _ => 0x8000_0000 | next(&mut seed) as u32,
            };
            let u = match i % 3 {
                0 => u64::MAX - (next(&mut seed) & 0xffff),
                1 => (u64::from(d) * (next(&mut seed) >> 32)).wrapping_sub(next(&mut seed) & 1),
                _ => next(&mut seed),
            };
            let expected = (u / u64::from(d), u % u64::from(d));
            let d = Divisor::new(d).expect("d >= 2^31");
            assert_eq!(super::in_words(u, d), expected, "{u} / {}", d.0);
        }
    }

    #[test]
    fn long_division_agrees_with_u128() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for i in 0..100_000 {
            let d = next(&mut seed) | 1 << 63;
            let d = if i % 7 == 0 { d | (u64::MAX >> 1) } else { d };
            let hi = next(&mut seed) % d;
            let hi = if i % 5 == 0 { d - 1 } else { hi };
            let lo = if i % 3 == 0 {
                u64::MAX
            } else {
                next(&mut seed)
            };
            let n = u128::from(hi) << 64 | u128::from(lo);
            let (q, r) = divide(hi, lo, d);
            assert_eq!(u128::from(q), n / u128::from(d), "{hi} {lo} {d}");
            assert_eq!(u128::from(r), n % u128::from(d), "{hi} {lo} {d}");
        }
    }

    /// The digit-by-digit square root floors: `x² <= n < (x + 1)²`, at
    /// squares, beside them and at random, over the whole range.
    #[test]
    fn square_roots_floor() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for i in 0..20_000u32 {
            let r = u128::from(next(&mut seed));
            let n = match i % 4 {
                0 => r * r,
                1 => (r * r).saturating_sub(1),
                2 => u128::from(next(&mut seed)) << 64 | r,
                _ => (r * r).saturating_add(2 * r),
            };
            let x = isqrt(n);
            assert!(x * x <= n, "{n}");
            assert!((x + 1).checked_mul(x + 1).is_none_or(|s| s > n), "{n}");
        }
        assert_eq!(isqrt(u128::MAX), u128::from(u64::MAX));
        assert_eq!(isqrt(0), 0);
    }

    #[test]
    fn exact_values_are_certain() {
        // (3 · 7 - 1) / 4 = 5, √25 = 5, 2^60 + 1 - 2^60 = 1: the bound
        // proves each sign and each side of a neighbouring midpoint.
        let n = |v: u32| Approx::small(v);
        let five = (n(3) * n(7) - Approx::one()).div(n(4));
        assert_eq!(five.side(false, 11, -1), Some(Ordering::Less));
        assert_eq!(five.side(false, 9, -1), Some(Ordering::Greater));
        let root = (n(5) * n(5)).sqrt();
        assert_eq!(root.side(false, 5, 0), Some(Ordering::Equal));
        let two60 = Approx::exact(Big::new(false, 1, 60));
        let one = two60 + Approx::one() - two60;
        assert_eq!(one.signum(), Some(Ordering::Greater));
        // A cancellation to zero that the bound cannot tell from zero.
        let third = n(1).div(n(3));
        assert_eq!((third * n(3) - n(1)).signum(), None);
    }

    #[test]
    fn the_layout_keeps_the_value_and_rounds_the_bound_up() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20_000 {
            let (v, _) = big(&mut seed);
            let r = next(&mut seed);
            // Bounds of up to 32 bits, exponents past ±HUGE at both ends,
            // rounded to SIG bits as every operation leaves them.
            let m = (r as u32) >> (r >> 32 & 31);
            let e = (r >> 40) as i32 % (3 * HUGE);
            let u = Ub::up(u64::from(m), if r >> 39 & 1 == 1 { -e } else { e });
            let a = Approx::of(v, u);
            let (w, err) = (a.value(), a.err());
            assert_eq!((w.negative, w.m, w.e), (v.negative, v.m, v.e));
            assert!(u.m < 1 << SIG && err.m < 1 << SIG, "{a:?}");
            if m == 0 {
                assert_eq!(err.m, 0);
            } else if u.e > HUGE - SIG as i32 {
                assert_eq!((err.m, err.e), (Ub::INF.m, Ub::INF.e), "{u:?}");
            } else {
                assert!(bound(err) >= bound(u), "{u:?}: {err:?}");
                assert!(err.e >= -HUGE && err.e <= HUGE);
            }
        }
    }
}
