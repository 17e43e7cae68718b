//! Double-word arithmetic with a proved error bound: how a float
//! construction is rounded correctly without integers in the common case.
//!
//! A value is `h + l` with `|l| <= u|h|` (the output of a `TwoSum`), a
//! magnitude `m` and a count `k` of operations, such that
//!
//! ```text
//! |h| <= m   and   |h + l - P| <= 9 k u² m
//! ```
//!
//! to first order in `u`. With `η` half the smallest subnormal (the error
//! of a rounding that underflows), each product's `m` gets a floor `τ =
//! 4η / u²` (a normal number), so that `9u² τ >= 32η` covers the
//! underflows of the product and of every later sum. The error-free steps are Knuth's `TwoSum`
//! (exact for every finite result) and Dekker's `TwoProd` with Veltkamp's
//! splitting (exact unless a partial product underflows or a value
//! overflows); no fused multiply-add, so the bits are the same everywhere.
//! By induction (`k` is a constant of the expression: the compiler folds
//! it):
//! * an input: `m = |x|`, `k = 0`, exact; the sum of two inputs is exact
//!   too (`TwoSum`), `k = 0`, `m = m_a + m_b`, and the product of two
//!   inputs is `TwoProd`'s pair itself (a case of the product rule below);
//! * `a ± b`: the low parts and the `TwoSum` error (each at most
//!   `u (|h_a| + |h_b|)`) are added with two roundings, `5u²(m_a + m_b) +
//!   4η`; `m = m_a + m_b`, `k = max(k_a, k_b) + 1`;
//! * `a · b`: `|h_a| e_b + |h_b| e_a + e_a e_b` from the operands, and
//!   `8u² m_a m_b + 32η` from the two cross products, their sum, the
//!   `TwoProd` error added to it and the dropped `l_a l_b`; `m = m_a m_b +
//!   τ` (just `0` if an operand is an exact zero: so is the product), `k =
//!   k_a + k_b + 1` (`9 (k_a + k_b) u² + 8u² + 81 k_a k_b u⁴ <= 9 k u²` for
//!   `k <= 2^10`).
//!
//! Then, with `e` that bound:
//! * `√c` (`h_c > 0`): `s = √h_c` and one Newton step, `s + ((h_c - s²) +
//!   l_c) / 2s`: `e_c / s + 8u²s + 16η` (the step's truncation `δ²/8s³`
//!   and its four roundings, and `|√C - √c| <= |C - c| / √c`);
//! * `n / d`: `q = h_n / h_d` and one correction, `q + (n - q d) / h_d`:
//!   `(e_n + |q| e_d + 32η) / g + 20u²|q|` with `g = |h_d| (1 - 2u) - e_d
//!   <= |h_d|` (one division for both terms).
//!
//! Every bound is computed in the same floats, rounded to nearest; those
//! roundings and the factors `(1 + u)^j` dropped above (below `1 + 2^-12`
//! for `k <= 2^10`) are covered by doubling the final bound. Overflow gives
//! an infinity or NaN, which no certificate passes.
//!
//! The result is rounded to nearest where the whole interval `h + l ± e`
//! lies strictly between the two midpoints around `fl(h + l)`: then
//! `fl(h + l)` is the exact value correctly rounded. Elsewhere (a value
//! within its bound of a tie, a cancellation, an underflow) the caller
//! takes the exact integers.

use super::Ring;
use super::Surd;
use super::filter::Ieee;
use core::cmp::Ordering;
use core::ops::{Add, Mul, Neg, Sub};

/// A double-word value with its error bound (module doc).
#[derive(Clone, Copy, Debug)]
pub struct Double<F> {
    h: F,
    l: F,
    m: F,
    k: u32,
    /// `l` is zero and `h` exact (an input): a constant of the expression,
    /// like `k`, so the steps it saves are removed at compile time.
    single: bool,
}

/// The largest operation count the bound is proved for.
const MAX_K: u32 = 1 << 10;

/// A value with an explicit error bound `e` (after `√` or `/`).
#[derive(Clone, Copy, Debug)]
pub struct Bounded<F> {
    h: F,
    l: F,
    e: F,
}

/// `(s, t)` with `s = fl(a + b)` and `s + t = a + b` exactly.
#[inline(always)]
fn two_sum<F: Ieee>(a: F, b: F) -> (F, F) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// `(hi, lo)` with `hi + lo = a` and each half of at most `p/2` bits.
#[inline(always)]
fn split<F: Ieee>(a: F) -> (F, F) {
    let g = F::SPLIT * a;
    let hi = g - (g - a);
    (hi, a - hi)
}

/// `(p, q)` with `p = fl(a b)` and `p + q = a b` (without underflow).
#[inline(always)]
fn two_prod<F: Ieee>(a: F, b: F) -> (F, F) {
    let p = a * b;
    let (ah, al) = split(a);
    let (bh, bl) = split(b);
    (p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
}

/// The smallest subnormal, `2η` (`η` itself is not representable).
#[inline(always)]
fn two_eta<F: Ieee>() -> F {
    F::TAU * (F::U + F::U)
}

impl<F: Ieee> Double<F> {
    /// An input, exact.
    #[inline(always)]
    pub fn input(x: F) -> Self {
        Double {
            h: x,
            l: F::ZERO,
            m: x.abs(),
            k: 0,
            single: true,
        }
    }

    /// The value with its bound made explicit (`e` infinite past
    /// [`MAX_K`]).
    #[inline(always)]
    pub fn bounded(self) -> Bounded<F> {
        let e = F::count(9 * self.k) * (F::U * F::U) * self.m;
        let e = if self.k <= MAX_K { e } else { F::ONE / F::ZERO };
        // k = 0: exact (inputs and their sums).
        let e = F::blend(self.k == 0, F::ZERO, e);
        Bounded {
            h: self.h,
            l: self.l,
            e,
        }
    }
}

impl<F: Ieee> Bounded<F> {
    /// `√self` for a value the procedure decided is not negative; `None`
    /// where the computed value is not positive (a graze at zero, unless
    /// exactly zero).
    #[inline]
    pub fn sqrt(self) -> Option<Self> {
        if self.h == F::ZERO && self.e == F::ZERO {
            return Some(self);
        }
        if self.h.partial_cmp(&F::ZERO) != Some(Ordering::Greater) {
            return None;
        }
        let s = self.h.sqrt();
        let (p, q) = two_prod(s, s);
        let r = (((self.h - p) - q) + self.l) / (s + s);
        let (h, l) = two_sum(s, r);
        let u2 = F::U * F::U;
        let e = self.e / s + F::count(8) * u2 * s + F::count(8) * two_eta::<F>();
        Some(Bounded { h, l, e })
    }

    /// `self + b · c`, exactly as [`Double`] does it, with the bounds of
    /// the module doc.
    #[inline(always)]
    fn add_mul(self, b: Bounded<F>, c: Bounded<F>) -> Self {
        let (p, q) = two_prod(b.h, c.h);
        let t = q + (b.h * c.l + b.l * c.h);
        let (ph, pl) = two_sum(p, t);
        let (s, t) = two_sum(self.h, ph);
        let (h, l) = two_sum(s, (t + self.l) + pl);
        let u2 = F::U * F::U;
        let (hb, hc) = (b.h.abs(), c.h.abs());
        let e = self.e
            + hb * c.e
            + hc * b.e
            + b.e * c.e
            + F::count(8) * u2 * hb * hc
            + F::count(5) * u2 * (self.h.abs() + ph.abs())
            + F::count(24) * two_eta::<F>();
        Bounded { h, l, e }
    }

    /// `self / d`; `None` where `d` is not certainly away from zero.
    #[inline]
    pub fn div(self, d: Self) -> Option<Self> {
        let gap = d.h.abs() * (F::ONE - F::U - F::U) - d.e;
        if gap.partial_cmp(&F::ZERO) != Some(Ordering::Greater) {
            return None;
        }
        let q = self.h / d.h;
        let (p, pe) = two_prod(q, d.h);
        let r = ((((self.h - p) - pe) + self.l) - q * d.l) / d.h;
        let (h, l) = two_sum(q, r);
        let u2 = F::U * F::U;
        // `gap <= |h_d|`: one division bounds both terms.
        let e = (self.e + q.abs() * d.e + F::count(16) * two_eta::<F>()) / gap
            + F::count(20) * u2 * q.abs();
        Some(Bounded { h, l, e })
    }

    /// The exact value rounded to nearest, where the bound proves which
    /// float that is (module doc).
    #[inline]
    pub fn round(self) -> Option<F> {
        let e = self.e + self.e;
        let r = self.h + self.l;
        if r == F::ZERO {
            return (self.h == F::ZERO && e == F::ZERO).then_some(F::ZERO);
        }
        if !(r.finite() & e.finite()) {
            return None;
        }
        // Exact: `r` is `h` or a neighbour of it.
        let off = ((self.h - r) + self.l).abs();
        let mag = r.abs();
        // The smaller half-gap around `r` (below, at a power of two).
        let half = (mag - mag.below()) / F::count(2);
        let far = off * (F::ONE + F::count(4) * F::U) + e;
        (far < half).then_some(r)
    }
}

impl<F: Ieee> Add for Double<F> {
    type Output = Self;
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        let (s, t) = two_sum(self.h, o.h);
        let (h, l) = if self.single & o.single {
            (s, t)
        } else {
            two_sum(s, (t + self.l) + o.l)
        };
        let k = if self.k == 0 && o.k == 0 {
            0
        } else {
            self.k.max(o.k) + 1
        };
        Double {
            h,
            l,
            m: self.m + o.m,
            k,
            single: false,
        }
    }
}

impl<F: Ieee> Sub for Double<F> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        self + -o
    }
}

impl<F: Ieee> Neg for Double<F> {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        Double {
            h: -self.h,
            l: -self.l,
            ..self
        }
    }
}

impl<F: Ieee> Mul for Double<F> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        let (p, q) = two_prod(self.h, o.h);
        // Two inputs: `p + q` is the product (|q| <= u|p|).
        let (h, l) = if self.single & o.single {
            (p, q)
        } else {
            two_sum(p, q + (self.h * o.l + self.l * o.h))
        };
        // τ = 4η / u² = 2 (2η) / u².
        let tau = F::count(2) * two_eta::<F>() / (F::U * F::U);
        let floor = F::blend((self.m != F::ZERO) & (o.m != F::ZERO), tau, F::ZERO);
        Double {
            h,
            l,
            m: self.m * o.m + floor,
            k: self.k + o.k + 1,
            single: false,
        }
    }
}

impl<F: Ieee> Ring for Double<F> {
    #[inline(always)]
    fn zero() -> Self {
        Double::input(F::ZERO)
    }
    #[inline(always)]
    fn one() -> Self {
        Double::input(F::ONE)
    }
    #[inline(always)]
    fn small(n: u32) -> Self {
        Double::input(F::count(n))
    }
    #[inline(always)]
    fn sign(&self) -> (Ordering, bool) {
        let s = self.h.partial_cmp(&F::ZERO).unwrap_or(Ordering::Equal);
        let e = self.bounded().e;
        let sure = (self.k == 0) | (self.h.abs() > e + e);
        (s, sure)
    }
    #[inline(always)]
    fn negate_if(self, neg: bool) -> Self {
        Double {
            h: self.h.flip(neg),
            l: self.l.flip(neg),
            ..self
        }
    }
    #[inline(always)]
    fn select(c: bool, a: Self, b: Self) -> Self {
        if a.single & b.single {
            return Double::input(F::blend(c, a.h, b.h));
        }
        Double {
            h: F::blend(c, a.h, b.h),
            l: F::blend(c, a.l, b.l),
            m: F::blend(c, a.m, b.m),
            k: a.k.max(b.k),
            single: a.single & b.single,
        }
    }
    #[inline(always)]
    fn positive_part(self) -> Self {
        // 1-Lipschitz: the bound stays.
        let pos = self.h > F::ZERO;
        Double {
            h: F::blend(pos, self.h, F::ZERO),
            l: F::blend(pos, self.l, F::ZERO),
            ..self
        }
    }
    #[inline(always)]
    fn abs(self) -> Self {
        self.negate_if(self.h < F::ZERO)
    }
}

/// `(a + b√c) / (d + e√c)` from double-word parts and `√c`, correctly
/// rounded where the bound proves it. A part `b` or `e` that is an exact
/// zero (a plain quotient) costs nothing.
#[inline(always)]
pub fn value<F: Ieee>(p: &Surd<Double<F>>, root: Bounded<F>) -> Option<F> {
    half(&p.a, &p.b, root).div(half(&p.d, &p.e, root))?.round()
}

/// `x + y √c`.
#[inline(always)]
fn half<F: Ieee>(x: &Double<F>, y: &Double<F>, root: Bounded<F>) -> Bounded<F> {
    let x = x.bounded();
    if y.k == 0 && y.h == F::ZERO {
        x
    } else {
        x.add_mul(y.bounded(), root)
    }
}

#[cfg(test)]
mod tests {
    use super::{Bounded, Double, value};
    use crate::exact::Surd;
    use crate::exact::filter::Ieee;
    use crate::exact::filter::tests::exact;
    use crate::test_rng::next;
    use rug::Rational;

    fn dd<F: Ieee>(x: &Bounded<F>) -> Rational {
        exact(x.h) + exact(x.l)
    }

    /// A random float of magnitude `2^[lo, hi]`, either sign, sometimes 0.
    fn float<F: Ieee>(s: &mut u64, lo: i32, hi: i32, from: impl Fn(f64) -> F) -> F {
        if next(s) % 16 == 0 {
            return F::ZERO;
        }
        let e = lo + (next(s) % (hi - lo + 1) as u64) as i32;
        let m = 1.0 + (next(s) >> 11) as f64 / (1u64 << 53) as f64;
        let x = m * 2f64.powi(e);
        from(if next(s) % 2 == 0 { -x } else { x })
    }

    /// `[lo, hi]` around `√q` (`q >= 0`), `2^-300` wide relative.
    fn sqrt_bracket(q: &Rational) -> (Rational, Rational) {
        let (n, d) = (q.numer().clone(), q.denom().clone());
        let r = ((n * &d) << 600u32).sqrt();
        let den = Rational::from(d << 300u32);
        (
            Rational::from(r.clone()) / &den,
            Rational::from(r + 1) / den,
        )
    }

    /// Whether `v` is the float nearest to every value in `[lo, hi]`
    /// (`None`: the interval straddles a midpoint, undecided).
    fn nearest<F: Ieee>(v: F, lo: &Rational, hi: &Rational) -> Option<bool> {
        let x = exact(v);
        let mag = v.abs();
        let below = if mag == F::ZERO { F::ZERO } else { mag.below() };
        let gap_down = exact(mag) - exact(below);
        // The gap above is at least the gap below.
        let up = gap_down * Rational::from((1, 2));
        let (m_lo, m_hi) = (x.clone() - &up, x.clone() + &up);
        if *lo > m_lo && *hi < m_hi {
            return Some(true);
        }
        if *hi < m_lo || *lo > m_hi {
            Some(false)
        } else {
            None
        }
    }

    /// Random polynomial-like expressions: the bound holds for every
    /// operation, and `round` returns the nearest float whenever it
    /// returns.
    fn bounds_hold<F: Ieee>(from: impl Fn(f64) -> F + Copy, lo: i32, hi: i32) {
        let mut s = 7u64;
        let (mut rounded, mut total) = (0, 0);
        for _ in 0..20_000 {
            let x: [Double<F>; 6] =
                core::array::from_fn(|_| Double::input(float(&mut s, lo, hi, from)));
            let q: [Rational; 6] = core::array::from_fn(|i| exact(x[i].h));
            // (x0 x1 - x2 x3)(x4 + x5) - x0 x5 x3, and √ and / of it.
            let a = (x[0] * x[1] - x[2] * x[3]) * (x[4] + x[5]) - x[0] * x[5] * x[3];
            let qa = (q[0].clone() * &q[1] - q[2].clone() * &q[3]) * (q[4].clone() + &q[5])
                - q[0].clone() * &q[5] * &q[3];
            let ab = a.bounded();
            let err = (dd(&ab) - &qa).abs();
            assert!(err <= exact(ab.e), "sum/product bound: {err} > {:?}", ab.e);
            let c = a * a + x[1] * x[1];
            let qc = qa.clone() * &qa + q[1].clone() * &q[1];
            let Some(root) = c.bounded().sqrt() else {
                continue;
            };
            // |root - √C| <= e: (root - e)² <= C <= (root + e)².
            let (lo_r, hi_r) = (dd(&root) - exact(root.e), dd(&root) + exact(root.e));
            assert!(lo_r.clone() * &lo_r <= qc || lo_r < 0, "root bound (low)");
            assert!(hi_r.clone() * &hi_r >= qc, "root bound (high)");
            total += 1;
            let p = Surd {
                a,
                b: x[2],
                d: x[4],
                e: x[5],
            };
            if let Some(v) = value(&p, root) {
                rounded += 1;
                // The exact value within a 2^-300 bracket of √C.
                let (rl, rh) = sqrt_bracket(&qc);
                let ends = |r: &Rational| {
                    let n = qa.clone() + q[2].clone() * r;
                    let d = q[4].clone() + q[5].clone() * r;
                    (n, d)
                };
                let ((n0, d0), (n1, d1)) = (ends(&rl), ends(&rh));
                if d0.cmp0() != d1.cmp0() || d0.cmp0() == core::cmp::Ordering::Equal {
                    continue;
                }
                // n / d is monotone in r between the ends.
                let (a0, a1) = (n0 / d0, n1 / d1);
                let (lo, hi) = if a0 <= a1 { (a0, a1) } else { (a1, a0) };
                assert_ne!(
                    nearest(v, &lo, &hi),
                    Some(false),
                    "not the nearest float: {v:?} vs {lo}"
                );
            }
        }
        assert!(
            rounded * 10 > total * 9,
            "only {rounded} of {total} certified"
        );
    }

    #[test]
    fn f64_bounds_hold_and_rounding_is_nearest() {
        bounds_hold::<f64>(|x| x, -40, 40);
    }

    #[test]
    fn f32_bounds_hold_and_rounding_is_nearest() {
        bounds_hold::<f32>(|x| x as f32, -12, 12);
    }

    #[test]
    fn tiny_values_are_refused_not_misrounded() {
        bounds_hold_tiny();
    }

    fn bounds_hold_tiny() {
        // Products near the subnormal range: the bound's η terms keep it
        // sound; the certificate may refuse.
        let mut s = 11u64;
        for _ in 0..5_000 {
            let x: [Double<f64>; 3] =
                core::array::from_fn(|_| Double::input(float(&mut s, -560, -500, |x| x)));
            let a = x[0] * x[1] - x[2] * x[2];
            let qa = exact(x[0].h) * exact(x[1].h) - exact(x[2].h) * exact(x[2].h);
            let ab = a.bounded();
            assert!((dd(&ab) - &qa).abs() <= exact(ab.e));
            // Carried to a large magnitude, the underflow stays covered.
            let big = Double::input(2f64.powi(900));
            let b = (a * big * big + x[0]).bounded();
            let qb = qa.clone() * exact(big.h) * exact(big.h) + exact(x[0].h);
            assert!((dd(&b) - &qb).abs() <= exact(b.e), "carried: {b:?}");
        }
    }
}
