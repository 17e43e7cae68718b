//! Floating-point evaluation against one bound per query: `Bounded`, the
//! floats' first filter (a semi-static filter, in CGAL's terms).
//!
//! # The bound
//! Every input `x_i` of dimension `δ_i` (lengths, velocities, times,
//! directions: [`Dim`]) is bounded by a power of two of its dimension,
//! `|x_i| <= 2^(δ_i · E)`, with one exponent per base dimension `E = (E_L,
//! E_T, E_D)` taken from the largest input of each kind ([`exponents`]).
//! A polynomial `P` that the procedure evaluates carries, as constants of
//! the expression that the compiler folds, its dimension `δ`, a rounding
//! count `k` (as in module `filter`: `max + 1` for a sum, `k_a + k_b + 1`
//! for a product, 0 for an input) and the sum `c` of the absolute values
//! of its coefficients, so that `|P|(|x|) <= c · 2^(δ · E)` (every monomial
//! of `P` has dimension `δ`: sums of different dimensions are refused, and
//! then no sign is certified).
//!
//! Without underflow, the evaluation of an expression tree with `k`
//! roundings along every path gives `|v̂ - P| <= γ_k |P|(|x|)`, `γ_k = k u /
//! (1 - k u)` (Higham, *Accuracy and Stability of Numerical Algorithms*,
//! §3.1). A product that underflows adds at most `η` (half the smallest
//! subnormal), which the later operations multiply by at most the bound
//! of their cofactor: with every `|δ_i · E| <= W` and degree at most `D`,
//! at most `n η c 2^(D W)` in all (`n < 2^10` operations), which is at
//! most `u c 2^(δ · E)` as long as `2 D W <= log2(u / η) - 10` (the
//! product of the cofactors' `c` along a path is at most the root's `c`).
//! So where [`exponents`] accepts the inputs (`|δ_g · E| <= W` for each
//! kind, `W` the largest such window for the procedure's degree `D`: 126
//! for `f64` and 14 for `f32` at degree 4) the sign of `v̂` is the sign of
//! `P` when
//!
//! ```text
//! |v̂| > (2k + 4) u c 2^(δ · E)
//! ```
//!
//! (`2k u >= γ_k` for `k <= 64`, `u` for the underflows, `u` more for the
//! rounding of the constant `(2k + 4) u c`). Intermediate values stay below
//! `c 2^(D W)`, far from overflow. Where the inputs are outside the window,
//! or `c` or `k` is too large, nothing is certified and the dynamic filter
//! (module `filter`) runs.

use super::align::Scale;
use super::filter::Ieee;
use super::{Dim, Ring};
use core::cmp::Ordering;
use core::ops::{Add, Mul, Neg, Sub};

/// The largest coefficient sum and rounding count a sign is certified for.
const MAX_C: u64 = 1 << 40;
const MAX_K: u32 = 64;

/// A float value of a polynomial and what bounds its error (module doc).
#[derive(Clone, Copy, Debug)]
pub struct Bounded<F> {
    v: F,
    k: u32,
    c: u64,
    dim: Dim,
    /// Sums of different dimensions were taken: nothing is certified.
    mixed: bool,
    /// `E`, the same in every value of one evaluation that depends on an
    /// input (constants carry zeros: their dimension is none).
    e: Scale,
}

impl<F: Ieee> Bounded<F> {
    /// Input `x` of dimension `dim`, with the query's exponents `e`.
    #[inline(always)]
    pub fn input(x: F, dim: Dim, e: Scale) -> Self {
        Bounded {
            v: x,
            k: 0,
            c: 1,
            dim,
            mixed: false,
            e,
        }
    }

    /// A constant of the expression (no dimension).
    #[inline(always)]
    fn constant(x: F, c: u64) -> Self {
        Bounded {
            v: x,
            k: 0,
            c,
            dim: Dim::NONE,
            mixed: false,
            e: Scale::new(0, 0, 0),
        }
    }

    /// `2^(δ · E)`; infinite outside the normal range (a degree above the
    /// procedure's: nothing is certified).
    #[inline(always)]
    fn scale(&self) -> F {
        let p = self.e.of(self.dim);
        if (1 - F::MAX_EXP..=F::MAX_EXP).contains(&p) {
            F::pow2(p)
        } else {
            F::ONE / F::ZERO
        }
    }
}

/// The window `W` for polynomials of degree at most `degree` (module doc).
#[inline(always)]
const fn window<F: Ieee>(degree: u32) -> i32 {
    let d = if degree == 0 { 1 } else { degree as i32 };
    (F::UNDERFLOW_BITS - 10) / (2 * d)
}

/// Which kind (length, velocity, time, direction) each of `N` inputs is,
/// and which kinds occur: a constant per procedure.
#[derive(Clone, Copy, Debug)]
pub struct Kinds<const N: usize> {
    slot: [usize; N],
    has: [bool; 4],
    /// Every input is of one of the four kinds.
    known: bool,
}

impl<const N: usize> Kinds<N> {
    /// The kinds of inputs of dimensions `dims`.
    pub const fn of(dims: &[Dim; N]) -> Self {
        let mut k = Kinds {
            slot: [0; N],
            has: [false; 4],
            known: true,
        };
        let mut i = 0;
        while i < N {
            let d = dims[i];
            let slot = match (d.length, d.time, d.direction) {
                (1, 0, 0) => 0,
                (1, -1, 0) => 1,
                (0, 1, 0) => 2,
                (0, 0, 1) => 3,
                _ => {
                    k.known = false;
                    0
                }
            };
            k.slot[i] = slot;
            k.has[slot] = true;
            i += 1;
        }
        k
    }
}

/// The exponents `E` for the inputs `x` of kinds `kinds`: `|x_i| <=
/// 2^(δ_i · E)`; `None` where some kind's bound is outside `2^±W` for
/// polynomials of degree `degree`.
#[inline(always)]
pub fn exponents<F: Ieee, const N: usize>(
    x: &[F; N],
    kinds: &Kinds<N>,
    degree: u32,
) -> Option<Scale> {
    if !kinds.known {
        return None;
    }
    // The largest magnitude of each kind, by its bits (ordered as the
    // magnitudes are), then its exponent: `|x| < 2^top`.
    let mut top = [0u64; 4];
    for (v, slot) in x.iter().zip(kinds.slot) {
        if let Some(t) = top.get_mut(slot) {
            *t = (*t).max(v.magnitude_bits());
        }
    }
    let w = window::<F>(degree);
    let [l, v, t, d] = top.map(|b| F::top_exponent(b).max(-w));
    let [_, _, times, _] = kinds.has;
    // E_T: the times' bound; without times, whatever makes the velocities'
    // bound 2^v. E_L: the lengths', raised to cover velocity × time.
    let (el, et) = if times { (l.max(v + t), t) } else { (l, l - v) };
    let ed = d;
    let bounds = [el, el - et, et, ed];
    let ok = bounds
        .iter()
        .zip(kinds.has)
        .all(|(b, has)| !has || (-w..=w).contains(b));
    ok.then_some(Scale::new(el, et, ed))
}

/// The exponents of an operation's result: a constant (no dimension)
/// carries none.
#[inline(always)]
fn exps<F>(a: &Bounded<F>, b: &Bounded<F>) -> Scale {
    if a.dim == Dim::NONE { b.e } else { a.e }
}

/// The dimension of a product.
#[inline(always)]
const fn times(a: Dim, b: Dim) -> Dim {
    Dim::new(
        a.length.saturating_add(b.length),
        a.time.saturating_add(b.time),
        a.direction.saturating_add(b.direction),
    )
}

impl<F: Ieee> Add for Bounded<F> {
    type Output = Self;
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        // A constant zero has every dimension.
        let (dim, same) = if self.c == 0 {
            (o.dim, true)
        } else if o.c == 0 {
            (self.dim, true)
        } else {
            (self.dim, self.dim == o.dim)
        };
        Bounded {
            v: self.v + o.v,
            k: if self.k == 0 && o.k == 0 && (self.c == 0 || o.c == 0) {
                0
            } else {
                self.k.max(o.k) + 1
            },
            c: self.c.saturating_add(o.c),
            dim,
            mixed: self.mixed | o.mixed | !same,
            e: exps(&self, &o),
        }
    }
}

impl<F: Ieee> Sub for Bounded<F> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        self + -o
    }
}

impl<F: Ieee> Neg for Bounded<F> {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        Bounded { v: -self.v, ..self }
    }
}

impl<F: Ieee> Mul for Bounded<F> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        Bounded {
            v: self.v * o.v,
            k: self.k + o.k + 1,
            c: self.c.saturating_mul(o.c),
            dim: times(self.dim, o.dim),
            mixed: self.mixed | o.mixed,
            e: exps(&self, &o),
        }
    }
}

impl<F: Ieee> Ring for Bounded<F> {
    #[inline(always)]
    fn zero() -> Self {
        Bounded::constant(F::ZERO, 0)
    }
    #[inline(always)]
    fn one() -> Self {
        Bounded::constant(F::ONE, 1)
    }
    #[inline(always)]
    fn small(n: u32) -> Self {
        Bounded::constant(F::count(n), u64::from(n))
    }
    #[inline(always)]
    fn sign(&self) -> (Ordering, bool) {
        let s = self.v.ordering();
        // Constants of the expression: folded.
        let exact = self.k == 0 || self.c == 0;
        let valid = !self.mixed && self.k <= MAX_K && self.c <= MAX_C;
        let factor = F::count(2 * self.k + 4) * F::U * F::count_u64(self.c);
        let proved = self.v.abs() > factor * self.scale();
        (s, exact | (valid & proved))
    }
    #[inline(always)]
    fn negate_if(self, neg: bool) -> Self {
        Bounded {
            v: self.v.flip(neg),
            ..self
        }
    }
    #[inline(always)]
    fn select(c: bool, a: Self, b: Self) -> Self {
        Bounded {
            v: F::blend(c, a.v, b.v),
            k: a.k.max(b.k),
            c: a.c.max(b.c),
            dim: if a.c == 0 { b.dim } else { a.dim },
            mixed: a.mixed | b.mixed | (a.dim != b.dim && a.c != 0 && b.c != 0),
            e: exps(&a, &b),
        }
    }
    #[inline(always)]
    fn positive_part(self) -> Self {
        // 1-Lipschitz and not increasing magnitudes: the bound stays.
        let v = if self.v > F::ZERO { self.v } else { F::ZERO };
        Bounded { v, ..self }
    }
    #[inline(always)]
    fn abs(self) -> Self {
        Bounded {
            v: self.v.abs(),
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Bounded, Kinds, Scale, exponents};
    use crate::exact::filter::Ieee;
    use crate::exact::filter::tests::{exact, float};
    use crate::exact::{Dim, Ring};
    use crate::test_rng::next;
    use rug::Rational;

    /// A random polynomial of degree `d` in `leaves` (every monomial of
    /// degree `d`: homogeneous), as a bounded float and exactly.
    fn poly<F: Ieee>(
        s: &mut u64,
        leaves: &[(Bounded<F>, Rational)],
        d: u32,
        depth: u32,
    ) -> (Bounded<F>, Rational) {
        if d == 1 && (depth == 0 || next(s) % 3 != 0) {
            return leaves[(next(s) % leaves.len() as u64) as usize].clone();
        }
        if d > 1 && (depth == 0 || next(s) % 2 == 0) {
            let a = 1 + (next(s) % u64::from(d - 1)) as u32;
            let (x, p) = poly(s, leaves, a, depth.saturating_sub(1));
            let (y, q) = poly(s, leaves, d - a, depth.saturating_sub(1));
            return (x * y, p * q);
        }
        if next(s) % 4 == 0 {
            // Constants, on the left, as a procedure's running sums start.
            let (x, p) = poly(s, leaves, d, depth - 1);
            let n = (next(s) % 4) as u32;
            return (
                Bounded::zero() + Bounded::small(n) * x,
                p * Rational::from(n),
            );
        }
        let (x, p) = poly(s, leaves, d, depth - 1);
        let (y, q) = poly(s, leaves, d, depth - 1);
        if next(s) % 2 == 0 {
            (x + y, p + q)
        } else {
            (x - y, p - q)
        }
    }

    /// Every certified sign is the exact one.
    fn certified_signs_are_exact<F: Ieee>(
        seed: u64,
        lo: i32,
        hi: i32,
        from: impl Fn(f64) -> F + Copy,
    ) -> usize {
        const DEGREE: u32 = 6;
        let mut s = seed;
        let mut certified = 0;
        let dims = [
            Dim::LENGTH,
            Dim::LENGTH,
            Dim::VELOCITY,
            Dim::LENGTH,
            Dim::VELOCITY,
            Dim::LENGTH,
        ];
        let kinds = Kinds::of(&dims);
        for _ in 0..20_000 {
            let mut x = [F::ZERO; 6];
            for v in &mut x {
                *v = float(&mut s, lo, hi, from);
            }
            // Near-ties: one leaf a rounded multiple of another.
            x[5] = x[0] * F::count(3) / F::count(3);
            let Some(e) = exponents(&x, &kinds, DEGREE) else {
                continue;
            };
            // Homogeneous: in the lengths only, or in the velocities only.
            let kind = if next(&mut s) % 2 == 0 {
                Dim::LENGTH
            } else {
                Dim::VELOCITY
            };
            let leaves: std::vec::Vec<_> = x
                .iter()
                .zip(&dims)
                .filter(|(_, d)| **d == kind)
                .map(|(v, d)| (Bounded::input(*v, *d, e), exact(*v)))
                .collect();
            let d = 1 + (next(&mut s) % u64::from(DEGREE)) as u32;
            let (b, q) = poly(&mut s, &leaves, d, 4);
            // Exact zeros whose rounded values need not be: one polynomial
            // associated two ways, minus each other.
            let (a, (y, _), (z, _)) = (b, poly(&mut s, &leaves, d, 2), poly(&mut s, &leaves, d, 2));
            let (u, _) = poly(&mut s, &leaves, 1, 0);
            let (v, _) = poly(&mut s, &leaves, 1, 0);
            let product = if d + 2 <= DEGREE {
                (a * u) * v - a * (u * v)
            } else {
                Bounded::zero()
            };
            let zeros = [(a + y) + z - (a + (y + z)), product];
            for (b, q) in [(b, q)]
                .into_iter()
                .chain(zeros.map(|z| (z, Rational::new())))
            {
                let (sign, sure) = b.sign();
                if sure {
                    certified += 1;
                    assert_eq!(sign, q.cmp0(), "certified a wrong sign: {b:?} vs {q}");
                }
            }
        }
        certified
    }

    #[test]
    fn certified_signs_are_exact_across_magnitudes() {
        let f32_of = |x: f64| x as f32;
        let f64_of = |x: f64| x;
        // Ordinary, mixed, tiny (underflowing products) and window-edge
        // magnitudes.
        for (seed, lo, hi) in [(1, -4, 4), (2, -60, 60), (3, -1074, -1000), (4, 70, 84)] {
            let n = certified_signs_are_exact::<f64>(seed, lo, hi, f64_of);
            assert!(
                n > 1_000 || lo < -1000,
                "f64 {lo}..{hi}: only {n} certified"
            );
        }
        for (seed, lo, hi) in [(5, -4, 4), (6, -9, 9), (7, -149, -120), (8, 5, 9)] {
            let n = certified_signs_are_exact::<f32>(seed, lo, hi, f32_of);
            assert!(n > 1_000 || lo < -100, "f32 {lo}..{hi}: only {n} certified");
        }
    }

    #[test]
    fn sums_of_different_dimensions_are_never_certified() {
        let e = Scale::new(0, 0, 0);
        let l = Bounded::input(3.0f64, Dim::LENGTH, e);
        let v = Bounded::input(1.0f64, Dim::VELOCITY, e);
        assert!(!(l + v).sign().1);
        assert!(!(l * l - l).sign().1);
        assert!((l * l - l * l).sign().1 || (l * l - l * l).sign().0 == core::cmp::Ordering::Equal);
    }
}
