//! Exact sums of floats (Shewchuk's expansions): a value held as
//! nonoverlapping components in increasing magnitude, whose sign is the
//! sign of its largest one.
//!
//! A sum adds a float by `GrowExpansion` (Knuth's `TwoSum` along the
//! components, zeros dropped), exact for every finite result; a product
//! of two floats is Dekker's `TwoProd` pair, exact where its partial
//! products do not underflow (`|ab| >= 2^(2p + 4)` times the least normal,
//! the bound of module `double`'s exact products), and a product of sums
//! the sum of those pairs. Where a product could underflow or a sum
//! outgrows its room the value is *spoilt*, and so is everything built
//! from it; an overflow leaves a NaN or an infinity, which stays. A sign
//! is certain where the value is neither.
//!
//! A [`Ring`], so that a procedure's signs can be taken exactly on floats
//! of a few binary orders (a grid's touch at time 0, `0.91² - 0.91²`)
//! without integers; inputs spread far apart outgrow the room and take
//! the exact route.

use super::Ring;
use super::double::{exact_product, two_prod, two_sum};
use super::filter::Ieee;
use core::cmp::Ordering;
use core::ops::{Add, Mul, Neg, Sub};

/// Components a sum holds by default: the values of a construction run
/// on exact sums (`float_kernel::on_sums`), which stay short on the inputs
/// people type (a value that outgrows the room takes the exact route).
/// Their comparisons with midpoints run on sums of fewer
/// (`double::midpoints::ROOM`): each sum is copied whole at every ring
/// operation. In 24 here too, each construction's copies inlined took the
/// README quick start's binary from 1,714,888 to 1,737,816 bytes (`bash
/// ci/compile-time.sh`'s crate) for no fewer instructions on W5's slowest
/// query (8140: 48,308 and 48,403, callgrind on that query).
pub const ROOM: usize = 48;

/// An exact sum of floats in at most `R` components, or spoilt (module
/// doc).
#[derive(Clone, Copy, Debug)]
pub struct Sum<F, const R: usize = ROOM> {
    c: [F; R],
    n: usize,
    ok: bool,
}

impl<F: Ieee, const R: usize> Sum<F, R> {
    /// `x` (an infinity or NaN stays, and no sign of it is certain).
    pub fn of(x: F) -> Self {
        let mut s = Sum {
            c: [F::ZERO; R],
            n: 0,
            ok: true,
        };
        s.push(x);
        s
    }

    /// The same sum in room `Q` (spoilt where it does not fit).
    pub fn resized<const Q: usize>(&self) -> Sum<F, Q> {
        let mut s = Sum::of(F::ZERO);
        s.ok = self.ok;
        for &x in self.parts() {
            put(&mut s.c, &mut s.n, &mut s.ok, x);
        }
        s
    }

    /// The components.
    pub fn parts(&self) -> &[F] {
        self.c.get(..self.n).unwrap_or(&[])
    }

    /// Adds `x` (`GrowExpansion` with zero elimination).
    pub fn push(&mut self, x: F) {
        if x == F::ZERO {
            return;
        }
        let (mut q, mut k) = (x, 0);
        for i in 0..self.n {
            let Some(&c) = self.c.get(i) else { break };
            let (s, t) = two_sum(q, c);
            if t != F::ZERO {
                // (`k <= i`.)
                if let Some(o) = self.c.get_mut(k) {
                    *o = t;
                }
                k += 1;
            }
            q = s;
        }
        if q != F::ZERO {
            match self.c.get_mut(k) {
                Some(o) => *o = q,
                None => self.ok = false,
            }
            k += 1;
        }
        self.n = k.min(R);
    }

    /// Adds `a b`: spoilt where a partial product could underflow.
    pub fn add_product(&mut self, a: F, b: F) {
        if a == F::ZERO || b == F::ZERO {
            return;
        }
        let (p, q) = two_prod(a, b);
        self.ok &= exact_product(p);
        self.push(q);
        self.push(p);
    }

    /// Adds `a b` for a sum `b`.
    pub fn add_products<const Q: usize>(&mut self, a: F, b: &Sum<F, Q>) {
        self.ok &= b.ok;
        for &x in b.parts() {
            self.add_product(a, x);
        }
    }

    /// Adds `a b` for sums `a` and `b`, in place: `TwoProd`'s pair for
    /// each two of their components.
    pub fn add_product_of<const Q: usize>(&mut self, a: &Sum<F, Q>, b: &Sum<F, Q>) {
        self.ok &= a.ok && b.ok;
        for &x in a.parts() {
            self.add_products(x, b);
        }
    }

    /// Adds `a b` for a sum `b` and a power of two `a` (or zero): each
    /// product one float, exact, and spoilt where one could underflow.
    pub fn add_scaled_by_power_of_two<const Q: usize>(&mut self, a: F, b: &Sum<F, Q>) {
        self.ok &= b.ok;
        if a == F::ZERO {
            return;
        }
        for &x in b.parts() {
            let p = a * x;
            self.ok &= exact_product(p);
            self.push(p);
        }
    }

    /// `x b` for a sum `b` by Shewchuk's `ScaleExpansion` (zeros dropped),
    /// into `self`, which is zero: for a nonoverlapping `b`,
    /// nonoverlapping components of increasing magnitude in one pass along
    /// `b`, each written in place (not added along the sum, as
    /// [`Sum::add_products`] adds each product's pair; nor returned, a
    /// copy of all the room). Spoilt where a partial product could
    /// underflow.
    fn scale<const Q: usize>(&mut self, b: &Sum<F, Q>, x: F) {
        self.ok &= b.ok;
        let Some((&first, rest)) = b.parts().split_first() else {
            return;
        };
        if x == F::ZERO {
            return;
        }
        let (mut q, h) = two_prod(first, x);
        self.ok &= exact_product(q);
        self.append(h);
        for &e in rest {
            let (p, l) = two_prod(e, x);
            self.ok &= exact_product(p);
            let (s, h) = two_sum(q, l);
            self.append(h);
            // `FastTwoSum`: `|p| >= |s|` (Shewchuk's proof of
            // `ScaleExpansion`).
            q = p + s;
            self.append(s - (q - p));
        }
        self.append(q);
    }

    /// Puts `h` after the components, where it is above them all and
    /// does not overlap them (zero dropped).
    fn append(&mut self, h: F) {
        put(&mut self.c, &mut self.n, &mut self.ok, h);
    }

    /// The same value in as few components as `Compress` leaves
    /// (Shewchuk): each at most one unit apart from the next, so that a
    /// value of `b` bits takes about `b / p` of them, whatever cancelled.
    pub fn compress(&mut self) {
        let c = &mut self.c;
        let n = self.n;
        let Some(&top_part) = c.get(n.wrapping_sub(1)) else {
            return;
        };
        // Down from the top: each component merged into the running sum,
        // what that leaves below kept in place above the rest.
        let (mut q, mut bottom) = (top_part, n - 1);
        for i in (0..n - 1).rev() {
            let (s, t) = two_sum(q, c.get(i).copied().unwrap_or(F::ZERO));
            q = s;
            if t != F::ZERO {
                if let Some(o) = c.get_mut(bottom) {
                    *o = s;
                }
                bottom -= 1;
                q = t;
            }
        }
        if let Some(o) = c.get_mut(bottom) {
            *o = q;
        }
        // Up from the bottom: the same again, into place from index 0.
        let mut top = 0;
        for i in bottom + 1..n {
            let (s, t) = two_sum(c.get(i).copied().unwrap_or(F::ZERO), q);
            if t != F::ZERO {
                if let Some(o) = c.get_mut(top) {
                    *o = t;
                }
                top += 1;
            }
            q = s;
        }
        if let Some(o) = c.get_mut(top) {
            *o = q;
        }
        self.n = if q == F::ZERO { top } else { top + 1 };
    }

    /// The sign, where it is certain (neither spoilt nor past the range).
    pub fn sign_of(&self) -> Option<Ordering> {
        let finite = self.parts().iter().all(|x| x.finite());
        if !(self.ok && finite) {
            return None;
        }
        Some(
            self.parts()
                .last()
                .map_or(Ordering::Equal, |x| x.ordering()),
        )
    }

    /// Spoilt: what a value without a certain sign leaves.
    fn spoilt(mut self) -> Self {
        self.ok = false;
        self
    }
}

/// Puts `x` after the first `n` floats of `buffer` (a zero dropped);
/// `ok` false where there is no room.
#[inline(always)]
fn put<F: Ieee>(buffer: &mut [F], n: &mut usize, ok: &mut bool, x: F) {
    if x == F::ZERO {
        return;
    }
    match buffer.get_mut(*n) {
        Some(o) => {
            *o = x;
            *n += 1;
        }
        None => *ok = false,
    }
}

/// A sum of floats and of products of floats, term by term: [`Filter`]
/// and [`Terms`].
pub trait Products<F: Ieee> {
    /// Adds the float `t`.
    fn push(&mut self, t: F);
    /// Nothing is proved after this where `ok` is false.
    fn keep_if(&mut self, ok: bool);
    /// `a b` as `TwoProd`'s pair, nothing proved after it where a
    /// partial product could underflow.
    #[inline]
    fn product(&mut self, a: F, b: F) -> (F, F) {
        let (p, q) = two_prod(a, b);
        self.keep_if(a == F::ZERO || b == F::ZERO || exact_product(p));
        (p, q)
    }
    /// Adds `a b`.
    #[inline]
    fn add_product(&mut self, a: F, b: F) {
        if a == F::ZERO || b == F::ZERO {
            return;
        }
        let (p, q) = self.product(a, b);
        self.push(p);
        self.push(q);
    }
}

impl<F: Ieee> Products<F> for Filter<F> {
    fn push(&mut self, t: F) {
        let (s, e) = two_sum(self.hi, t);
        self.hi = s;
        self.lo = self.lo + e;
        self.abs = self.abs + e.abs();
        self.n += 1;
    }
    fn keep_if(&mut self, ok: bool) {
        self.ok &= ok;
    }
}

impl<F: Ieee> Products<F> for Terms<'_, F> {
    fn push(&mut self, t: F) {
        put(self.t, &mut self.n, &mut self.ok, t);
    }
    fn keep_if(&mut self, ok: bool) {
        self.ok &= ok;
    }
}

/// A sum of products of floats in double-word arithmetic, with a bound:
/// its sign where the bound proves it, before an exact [`Sum`] is built.
/// Each `TwoSum` into `hi` is exact and leaves its error `e` in `lo`, a
/// plain sum, off by at most `n u Σ|e|` over `n` terms; a term's
/// products are `TwoProd` pairs, exact above the underflow bound (else
/// nothing is proved).
#[derive(Clone, Copy, Debug)]
pub struct Filter<F> {
    hi: F,
    lo: F,
    /// `Σ|e|`.
    abs: F,
    n: u32,
    ok: bool,
}

impl<F: Ieee> Filter<F> {
    /// Zero.
    pub fn new() -> Self {
        Filter {
            hi: F::ZERO,
            lo: F::ZERO,
            abs: F::ZERO,
            n: 0,
            ok: true,
        }
    }

    /// The sign of the sum where the bound proves it: `hi + lo` as a
    /// `TwoSum` pair `s + t`, of `s` where it is above twice `|t|` and the
    /// bound. The bound `(n + 2) u Σ|e|`, widened by
    /// `2^-20` for the roundings of `Σ|e|` (below `n u` relative, for
    /// fewer than `2^20` terms).
    pub fn sign(&self) -> Option<Ordering> {
        let bound = F::count(self.n + 2) * F::U * self.abs * (F::ONE + F::pow2(-20));
        let finite = self.hi.finite() && self.lo.finite() && bound.finite();
        if !(self.ok && finite && self.n < 1 << 20) {
            return None;
        }
        // `hi + lo` exactly as `s + t` with `|t|` at most half a unit of
        // `s`: what cancelled in `hi` after `lo` took its errors is gone.
        let (s, t) = two_sum(self.hi, self.lo);
        let two = F::count(2);
        (s != F::ZERO && s.abs() > two * (t.abs() + bound)).then(|| s.ordering())
    }
}

/// Floats whose exact sum's sign is wanted, held as they come (`TwoProd`
/// pairs of products among them) in a buffer: the sign of a sum of many
/// products without an expansion grown term by term (each step along all
/// its components). The first pass below is a [`Filter`]'s run over the
/// terms, and its bound is tried first.
///
/// The sign is found by distillation (Ogita, Rump and Oishi's `VecSum`,
/// as their `AccSign` uses it): a pass replaces the terms, left to right,
/// by the `TwoSum` of each with the running sum, leaving each error in
/// place and the rounded sum `s` in the first place; the exact sum is
/// unchanged, and the errors shrink by about `u` a pass. The sign is
/// `s`'s once `|s|` is above the others' magnitudes (`Σ|t_i|` as
/// computed, widened by `(2 n + 2) u` relative for its roundings, and
/// `|s|` far above the underflow), or once the others are all zero (then
/// `s` is the sum). A pass is `n` steps: a sum that cancels to `2^-k` of
/// its terms takes about `k / p` of them, an exact zero about as many as
/// its terms span binary orders over `p`. Where [`PASSES`] do not tell
/// (or a term could have underflowed, or the terms outgrew the room, or
/// the sum is within a few units of the underflow), nothing is proved.
/// The terms are held in a buffer the caller sizes to them (a larger
/// one is zeroed for nothing at every sign taken).
#[derive(Debug)]
pub struct Terms<'a, F> {
    t: &'a mut [F],
    n: usize,
    ok: bool,
}

/// Passes of [`Terms::sign`] before it gives up.
pub const PASSES: usize = 40;

impl<'a, F: Ieee> Terms<'a, F> {
    /// None, in `buffer`.
    pub fn new(buffer: &'a mut [F]) -> Self {
        Terms {
            t: buffer,
            n: 0,
            ok: true,
        }
    }

    /// The sign of the exact sum, where the distillation proves it (the
    /// type's doc); the terms are left transformed, their sum the same.
    pub fn sign(&mut self) -> Option<Ordering> {
        self.sign_above(F::ZERO)
    }

    /// The sign of the exact sum where the distillation proves its
    /// magnitude above `floor` (zero: [`Terms::sign`]); `None` elsewhere,
    /// early where it shows the magnitude below about twice `floor`.
    pub fn sign_above(&mut self, floor: F) -> Option<Ordering> {
        if !self.ok {
            return None;
        }
        let t = self.t.get_mut(..self.n)?;
        let len = t.len();
        // Roundings of the computed Σ|t_i| over fewer than 2^20 terms.
        let widen = F::count(2 * len as u32 + 2) * F::U;
        // A rounding of Σ|t_i| is within `u` of it, an underflowing one
        // exact, but the widening may underflow: below `2^-980` (`f64`),
        // where an `|s|` of at least this is far above it.
        let least = F::TAU * F::pow2(2 * F::PRECISION as i32 + 4);
        let Some((head, tail)) = t.split_first_mut() else {
            // No terms: zero, above no floor but zero.
            return (floor == F::ZERO).then_some(Ordering::Equal);
        };
        // The first pass is a [`Filter`]'s run over the terms: its sign,
        // where its bound proves one.
        let (s, rest, lo) = vec_sum::<F, true>(head, tail);
        let filter = Filter {
            hi: s,
            lo,
            abs: rest,
            n: u32::try_from(len).unwrap_or(u32::MAX),
            ok: true,
        };
        if floor == F::ZERO {
            if let Some(sign) = filter.sign() {
                return Some(sign);
            }
        }
        let (mut s, mut rest) = (s, rest);
        // The sum is `s` within `rest (1 + widen)`; `floor` doubled for
        // the roundings of the comparison.
        let floor = floor + floor;
        for pass in 0..PASSES {
            if pass > 0 {
                (s, rest, _) = vec_sum::<F, false>(head, tail);
            }
            if !(s.finite() && rest.finite() && floor.finite()) {
                return None;
            }
            if rest == F::ZERO {
                return (s.abs() > floor || floor == F::ZERO).then(|| s.ordering());
            }
            if s.abs() >= least && s.abs() > rest + rest * widen + floor {
                return Some(s.ordering());
            }
            if s.abs() + (rest + rest) < floor {
                return None;
            }
        }
        None
    }
}

/// One pass of `VecSum` (the doc of [`Terms`]): the running sum
/// started at `head` and put back there, each error left in place of its
/// term; the exact sum is unchanged. The sum, `Σ|e|` and, where `LO`,
/// `Σe`.
#[inline(always)]
fn vec_sum<F: Ieee, const LO: bool>(head: &mut F, tail: &mut [F]) -> (F, F, F) {
    let (mut s, mut rest, mut lo) = (*head, F::ZERO, F::ZERO);
    for x in tail.iter_mut() {
        let (a, e) = two_sum(s, *x);
        *x = e;
        s = a;
        rest = rest + e.abs();
        if LO {
            lo = lo + e;
        }
    }
    *head = s;
    (s, rest, lo)
}

// The ring's operations out of line: a `Sum` is a dozen floats, and
// every procedure and construction of the 64-bit retry runs on it
// (`float_kernel::expanded`, `on_sums`); inlined, their copies took a
// user's binary that calls `advance` on `f64` and `I32F32` from 1.70 to
// 2.00 MB (`bash ci/compile-time.sh`) and saved none of W5 `f64`'s
// instructions (`SWEPT_BENCH_N=20000 bash benches/instructions.sh
// 'w5::full::f64$'`: 568.8 inlined, 568.6 here).
impl<F: Ieee, const R: usize> Add for Sum<F, R> {
    type Output = Self;
    #[inline(never)]
    fn add(mut self, o: Self) -> Self {
        self.ok = self.ok && o.ok;
        for &x in o.parts() {
            self.push(x);
        }
        self
    }
}

impl<F: Ieee, const R: usize> Neg for Sum<F, R> {
    type Output = Self;
    #[inline(never)]
    fn neg(mut self) -> Self {
        let n = self.n;
        for x in self.c.iter_mut().take(n) {
            *x = -*x;
        }
        self
    }
}

impl<F: Ieee, const R: usize> Sub for Sum<F, R> {
    type Output = Self;
    /// `o`'s components negated as they are added (not a negated copy of
    /// `o` first).
    #[inline(never)]
    fn sub(mut self, o: Self) -> Self {
        self.ok = self.ok && o.ok;
        for &x in o.parts() {
            self.push(-x);
        }
        self
    }
}

impl<F: Ieee, const R: usize> Mul for Sum<F, R> {
    type Output = Self;
    #[inline(never)]
    fn mul(self, o: Self) -> Self {
        // The longer sum scaled by each component of the shorter, the
        // first in place.
        let (a, b) = if self.n <= o.n {
            (&self, &o)
        } else {
            (&o, &self)
        };
        // One sum returned on every path, built in place.
        let mut out = Sum::of(F::ZERO);
        out.ok = self.ok && o.ok;
        if let Some((&x, rest)) = a.parts().split_first() {
            out.scale(b, x);
            for &x in rest {
                out.add_products(x, b);
            }
        }
        out
    }
}

impl<F: Ieee, const R: usize> Ring for Sum<F, R> {
    fn zero() -> Self {
        Sum::of(F::ZERO)
    }
    fn one() -> Self {
        Sum::of(F::ONE)
    }
    #[inline(never)]
    fn sign(&self) -> (Ordering, bool) {
        match self.sign_of() {
            Some(s) => (s, true),
            None => (Ordering::Equal, false),
        }
    }
    #[inline(never)]
    fn positive_part(self) -> Self {
        match self.sign_of() {
            Some(Ordering::Greater) => self,
            Some(_) => Self::zero(),
            None => self.spoilt(),
        }
    }
    #[inline(never)]
    fn abs(self) -> Self {
        match self.sign_of() {
            Some(Ordering::Less) => -self,
            Some(_) => self,
            None => self.spoilt(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::next;
    use rug::Rational;

    type S = Sum<f64>;

    fn exact(s: &S) -> Rational {
        s.parts()
            .iter()
            .fold(Rational::new(), |a, &x| a + Rational::from_f64(x).unwrap())
    }

    /// A float of `bits` random significand bits, scaled by `2^k`.
    fn float(state: &mut u64, bits: u32, k: i32) -> f64 {
        let m = (next(state) >> (64 - bits)) as f64;
        let s = if next(state) & 1 == 1 { -m } else { m };
        s * 2f64.powi(k)
    }

    /// Each component's lowest set bit above the next one's highest.
    fn assert_nonoverlapping(s: &S) {
        let bits = |x: f64| {
            let (_, m, e) = Ieee::dyadic(x).unwrap();
            (
                e + m.trailing_zeros() as i32,
                e + 63 - m.leading_zeros() as i32,
            )
        };
        for w in s.parts().windows(2) {
            assert!(bits(w[1]).0 > bits(w[0]).1, "{:?}", s.parts());
        }
    }

    /// The filter's sign, where it gives one, is the exact sign of the
    /// sum of products; it gives one wherever the sum is not within
    /// `2^-90` of its terms, and none at exact cancellations.
    #[test]
    fn filter_signs_are_exact() {
        let mut state = 3;
        let (mut given, mut far) = (0, 0);
        for i in 0..3000 {
            let mut f = Filter::new();
            let mut e = Rational::new();
            let mut abs = Rational::new();
            let k = (next(&mut state) % 60) as i32 - 30;
            let xs: [f64; 4] = core::array::from_fn(|_| float(&mut state, 53, k));
            // x0 x1 - x2 x3, and at every third draw x1 x0 - x0 x1 plus a
            // term from 2^-150 to 2^-40 of the products.
            let r = |x: f64| Rational::from_f64(x).unwrap();
            let (a, b, c, d) = if i % 3 == 0 {
                (xs[0], xs[1], xs[1], xs[0])
            } else {
                (xs[0], xs[1], xs[2], xs[3])
            };
            f.add_product(a, b);
            f.add_product(-c, d);
            e += r(a) * r(b) - r(c) * r(d);
            abs += (r(a) * r(b)).abs() + (r(c) * r(d)).abs();
            if i % 2 == 0 {
                let t = xs[2] * 2f64.powi(k - 40 - (i % 110));
                f.add_product(t, 1.0);
                e += r(t);
            }
            if let Some(s) = f.sign() {
                assert_eq!(s, e.cmp0(), "{i}");
                given += 1;
            }
            if e.clone().abs() > abs * Rational::from((1, 1u128 << 90)) {
                assert!(f.sign().is_some(), "{i}");
                far += 1;
            } else if e == 0 {
                assert_eq!(f.sign(), None);
            }
        }
        assert!(given > 2000 && far > 2000, "{given} {far}");
        // Terms over a hundred binary orders, then their exact sum's
        // components taken off but the last, and a little more: the sum is
        // tiny beside the errors `lo` lost on the way.
        let mut unproved = 0;
        for i in 0..3000 {
            let (mut f, mut exact) = (Filter::new(), S::of(0.0));
            for _ in 0..6 {
                let k = (next(&mut state) % 100) as i32 - 100;
                let t = float(&mut state, 53, k - 52);
                f.add_product(t, 1.0);
                exact.push(t);
            }
            let parts = exact.parts().to_vec();
            let tiny = parts[0] * [0.5, -1.5, 0.25, 3.0][i % 4];
            for &x in parts.iter().skip(1).rev() {
                f.add_product(-x, 1.0);
            }
            f.add_product(tiny, 1.0);
            let e = Rational::from_f64(parts[0]).unwrap() + Rational::from_f64(tiny).unwrap();
            match f.sign() {
                Some(s) => assert_eq!(s, e.cmp0(), "{i}"),
                None => unproved += 1,
            }
        }
        // (Most are left to the exact sum.)
        assert!(unproved > 1000, "{unproved}");
    }

    /// The distillation's sign, where it gives one, is the exact sign of
    /// the terms' sum, and it gives one for sums of products that cancel
    /// to zero or to far below their terms; none where a product could
    /// have underflowed or the terms outgrow the room.
    #[test]
    fn distilled_signs_are_exact() {
        let mut state = 11;
        let r = |x: f64| Rational::from_f64(x).unwrap();
        let mut zeros = 0;
        for i in 0..3000 {
            let mut buffer = [0.0; 64];
            let mut t = Terms::new(&mut buffer);
            let mut e = Rational::new();
            // Products over sixty binary orders, each added and then taken
            // off again but for a few, plus a term far below them (or none:
            // an exact zero, or a product's low part alone).
            let xs: [f64; 8] = core::array::from_fn(|_| {
                let k = (next(&mut state) % 60) as i32 - 30;
                float(&mut state, 53, k)
            });
            for w in xs.chunks_exact(2) {
                t.add_product(w[0], w[1]);
                e += r(w[0]) * r(w[1]);
            }
            let kept = i % 4;
            for w in xs.chunks_exact(2).skip(kept) {
                t.add_product(-w[1], w[0]);
                e -= r(w[1]) * r(w[0]);
            }
            match i % 3 {
                0 => {}
                1 => {
                    let tiny = xs[0] * 2f64.powi(-60 - (i % 200) as i32);
                    t.push(tiny);
                    e += r(tiny);
                }
                _ => {
                    // The low part of a product taken off its high part:
                    // `fl(ab) - ab`, below an ulp of it.
                    let p = xs[2] * xs[3];
                    t.push(-p);
                    e -= r(p);
                }
            }
            zeros += usize::from(e == 0);
            assert_eq!(t.sign(), Some(e.cmp0()), "{i}");
        }
        assert!(zeros > 200, "{zeros}");
        // A product that could underflow; more terms than the room.
        let mut buffer = [0.0; 64];
        let mut tiny = Terms::new(&mut buffer);
        tiny.add_product(2f64.powi(-600), 2f64.powi(-400));
        assert_eq!(tiny.sign(), None);
        let mut buffer = [0.0; 4];
        let mut full = Terms::new(&mut buffer);
        for k in 0..5 {
            full.push(f64::from(k + 1));
        }
        assert_eq!(full.sign(), None);
        assert_eq!(Terms::new(&mut [0.0; 4]).sign(), Some(Ordering::Equal));
    }

    /// Nonoverlapping components whose sum fits one float, as sums can
    /// leave them: compressed, one component.
    #[test]
    fn compress_merges_what_fits() {
        let mut s = S::of(0.0);
        let parts = [0.125, 1.0, 16.0, -256.0];
        s.c[..4].copy_from_slice(&parts);
        s.n = 4;
        s.compress();
        assert_eq!(s.parts(), &[-256.0 + 16.0 + 1.0 + 0.125]);
        let mut t = S::of(0.0);
        t.c[..3].copy_from_slice(&[2f64.powi(-80), 1.0, 2f64.powi(40)]);
        t.n = 3;
        t.compress();
        assert_eq!(t.parts(), &[2f64.powi(-80), 1.0 + 2f64.powi(40)]);
    }

    /// Sums and products of random floats a few binary orders apart hold
    /// the exact value, in nonoverlapping components of increasing
    /// magnitude, and their signs are the exact signs (zeros included:
    /// `x y - y x`, `x² - x²`).
    #[test]
    fn sums_are_exact() {
        let mut state = 7;
        for _ in 0..2000 {
            let xs: [f64; 4] = core::array::from_fn(|_| {
                let k = (next(&mut state) % 40) as i32 - 20;
                float(&mut state, 53, k)
            });
            let r = |x: f64| Rational::from_f64(x).unwrap();
            let s = |x: f64| S::of(x);
            let e = (r(xs[0]) * r(xs[1]) - r(xs[2]) * r(xs[3])) * (r(xs[0]) + r(xs[2]));
            let v = (s(xs[0]) * s(xs[1]) - s(xs[2]) * s(xs[3])) * (s(xs[0]) + s(xs[2]));
            assert_eq!(exact(&v), e);
            assert_eq!(v.sign(), (e.cmp0(), true));
            assert_nonoverlapping(&v);
            let mut w = v;
            w.compress();
            assert_eq!(exact(&w), e);
            assert_nonoverlapping(&w);
            assert!(w.parts().len() <= v.parts().len());
            let z = s(xs[0]) * s(xs[1]) * s(xs[1]) - s(xs[1]) * (s(xs[1]) * s(xs[0]));
            assert_eq!(z.sign(), (Ordering::Equal, true));
            assert_eq!(z.parts().len(), 0);
        }
    }

    /// A sum of one to six floats spread over 120 binary orders.
    fn spread_sum(state: &mut u64) -> S {
        let mut s = S::of(0.0);
        for _ in 0..(1 + next(state) % 6) {
            let k = (next(state) % 120) as i32 - 60;
            s.push(float(state, 53, k));
        }
        s
    }

    /// `v` holds `e` exactly, in nonoverlapping components of increasing
    /// magnitude, with its sign certain.
    fn assert_holds(v: &S, e: &Rational, i: i32) {
        assert_eq!(&exact(v), e, "{i}");
        assert_nonoverlapping(v);
        assert_eq!(v.sign(), (e.cmp0(), true), "{i}");
    }

    /// Sums and differences of sums of floats spread over 120 binary
    /// orders (and of a sum and itself, and of its parts' negations in
    /// another order) are exact, nonoverlapping, in increasing magnitude,
    /// with the exact sign.
    #[test]
    fn sums_of_sums_are_exact() {
        let mut state = 13;
        let mut spread = 0;
        for i in 0..3000 {
            let (a, b) = (spread_sum(&mut state), spread_sum(&mut state));
            spread += usize::from(a.parts().len() > 2 && b.parts().len() > 2);
            for (v, e) in [
                (a + b, exact(&a) + exact(&b)),
                (a - b, exact(&a) - exact(&b)),
                (b - a, exact(&b) - exact(&a)),
                (a - a, Rational::new()),
            ] {
                assert_holds(&v, &e, i);
            }
            // The parts of `a` negated one by one, largest first.
            let mut z = a;
            for &x in a.parts().iter().rev() {
                z = z - S::of(x);
            }
            assert_eq!(z.parts().len(), 0);
            assert_eq!(z.sign(), (Ordering::Equal, true));
        }
        assert!(spread > 500, "{spread}");
    }

    /// Products of sums spread over 120 binary orders (each by the
    /// other, by itself, by one float, by zero, and a sum of products)
    /// are exact, nonoverlapping, in increasing magnitude, with the exact
    /// sign; a product past the room is spoilt.
    #[test]
    fn products_of_sums_are_exact() {
        let mut state = 17;
        let mut long = 0;
        for i in 0..3000 {
            let (a, b) = (spread_sum(&mut state), spread_sum(&mut state));
            let x = S::of(float(&mut state, 53, (i % 40) - 20));
            long += usize::from(a.parts().len() > 3 && b.parts().len() > 3);
            for (v, e) in [
                (a * b, exact(&a) * exact(&b)),
                (b * a, exact(&b) * exact(&a)),
                (a * a, exact(&a) * exact(&a)),
                (x * b, exact(&x) * exact(&b)),
                (a * S::of(0.0), Rational::new()),
                (a * b - b * a, Rational::new()),
                (a * x + b * b, exact(&a) * exact(&x) + exact(&b) * exact(&b)),
            ] {
                assert_holds(&v, &e, i);
            }
        }
        assert!(long > 300, "{long}");
        // Seven components by seven over 280 binary orders: some 90 of
        // them, past the room.
        let mut wide = S::of(0.0);
        for k in 0..7 {
            wide.push(float(&mut state, 53, 80 * k - 280));
        }
        assert_eq!(wide.parts().len(), 7);
        assert!(!(wide * wide).sign().1);
    }

    /// A product that could underflow, a sum past the room, an overflow:
    /// no certain sign, and none of what is built from them.
    #[test]
    fn spoilt_values_have_no_sign() {
        let tiny = Sum::<f64>::of(2f64.powi(-600)) * S::of(2f64.powi(-400));
        assert!(!tiny.sign().1);
        assert!(!(tiny + S::of(1.0)).sign().1);
        assert!(!(tiny.positive_part()).sign().1);
        assert!(!(tiny.abs()).sign().1);
        let mut wide = S::of(2f64.powi(-1020));
        for k in 0..=ROOM as i32 {
            wide.push(2f64.powi(40 * k - 1000));
        }
        assert!(!wide.sign().1);
        let big = S::of(f64::MAX) + S::of(f64::MAX);
        assert!(!big.sign().1);
        assert!(!(S::of(f64::MAX) * S::of(2.0)).sign().1);
        assert_eq!(
            (S::of(-3.0)).positive_part().sign(),
            (Ordering::Equal, true)
        );
        assert_eq!((S::of(-3.0)).abs().sign(), (Ordering::Greater, true));
    }
}
