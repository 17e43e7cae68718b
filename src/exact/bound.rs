//! Floating-point evaluation against one constant bound per polynomial:
//! `Bounded`, the floats' first filter on 64-bit targets (a static filter
//! after scaling, in CGAL's terms).
//!
//! # Scaling
//! Every input is a length, a velocity, a time or a direction ([`Dim`]),
//! and every polynomial a procedure takes the sign of is homogeneous in
//! these dimensions. [`scaled`] multiplies each input `x_i` of dimension
//! `δ_i` by `2^(-δ_i · S)`, with one exponent per base dimension `S =
//! (S_L, S_T, S_D)` chosen from the largest input of each kind so that the
//! scaled inputs `y_i` lie within fixed targets, `|y_i| <= 2^(δ_i · A)`
//! with `A = (a, 0, 1)` and `a = (E_max - 50) / D` for a procedure of
//! degree `D` (lengths and velocities up to `2^a`, times up to 1, axis
//! coordinates up to 2; with time inputs the lengths' scale is raised
//! until velocity × time is covered). A polynomial `P` of dimension `δ`
//! becomes `2^(-δ · S) P`: the same sign. Inputs below their target are
//! scaled up, exactly (at most by `2^(E_max - 1)`: far below it they stay
//! below; with times, the lengths' scale stops where the velocities' would,
//! so that a velocity's scale stays the length's over the time's); a
//! scaling down that would round a tiny input to the subnormal
//! grid is refused (the next filter takes those inputs), so the scaled
//! inputs are exact.
//!
//! # The bound
//! Each value carries, as constants of the expression that the compiler
//! folds, a rounding count `k` (`max + 1` for a sum, `k_a + k_b + 1` for a
//! product, 0 for an input or a constant), the sum `c` of the absolute
//! values of its coefficients and its dimension `δ` (sums of different
//! dimensions are flagged, and then no sign is certified: the scaling
//! would not keep it). So `|P|(|y|) <= c 2^(δ · A)`, below `2^(E_max - 10)`
//! for every intermediate value (`c <= 2^40`), and the evaluation gives
//! `|v̂ - P(y)| <= γ_k c 2^(δ · A) + n η c 2^((δ - δ_j) · A)` (Higham,
//! *Accuracy and Stability of Numerical Algorithms*, §3.1; `n < 2^10`
//! operations, each product that underflows, of dimension `δ_j >= 0`, off
//! by at most `η`, half the smallest subnormal, later multiplied by at most
//! its cofactor's bound: negligible beside the first term). So the sign of
//! `v̂` is the sign of `P` when
//!
//! ```text
//! |v̂| > (2k + 4) u c 2^(δ · A)
//! ```
//!
//! (`2k u >= γ_k` for `k <= 64`, `u` for the `η` terms, `u` more for the
//! rounding of the constant, and a unit of slack), a constant of the
//! expression: each sign costs one comparison. Two more signs are certain
//! whatever the bound: of an input or constant (`k = 0`), and of a sum or
//! difference of two of them, whose rounding is monotone and is zero
//! exactly when the sum is; and, where the computed value is not zero, of
//! one rounding of exact operands plus an exact value (module `filter`,
//! "Signs by monotonicity"). Where a scale is outside the normal range
//! (inputs near the ends of the format, or velocity × time beyond it), or
//! `c` or `k` is too large, nothing is certified and the next filter runs.
//!
//! # Writing procedures for it
//! `k`, `c` and `δ` fold only where the compiler sees the whole expression:
//! a closure or an iterator adaptor it keeps out of line (`each(|j| ..)`,
//! `.fold`, `.all`) receives them as run-time values and computes every
//! bound again on each call (commit 5bef8bc measures what that cost the 3D
//! sweeps). So procedures (and, for the double-word flags, constructions) are
//! written as straight-line code, plain loops and `#[inline(always)]`
//! functions; a value chosen at run time is a [`Ring::select`] of values,
//! not a reference chosen among them (which keeps them in memory); and the
//! filter values are built ([`bounded`]) in the function that runs the
//! procedure, whether or not the compiler inlines that one.

use super::filter::Ieee;
use super::{Dim, Ring};
use core::cmp::Ordering;
use core::ops::{Add, Mul, Neg, Sub};

/// The largest coefficient sum and rounding count a sign is certified for.
const MAX_C: u64 = 1 << 40;
const MAX_K: u32 = 64;

/// A float value of a polynomial in scaled inputs and what bounds its
/// error (module doc).
#[derive(Clone, Copy, Debug)]
pub struct Bounded<F> {
    v: F,
    k: u32,
    c: u64,
    dim: Dim,
    /// Sums of different dimensions were taken: nothing is certified.
    mixed: bool,
    /// The computed sign is the exact one: an input, a constant, or the
    /// sum of two of them (module doc).
    sure: bool,
    /// The computed sign is the exact one unless the computed value is
    /// zero: one rounding of exact operands, plus an exact value (module
    /// doc of `filter`, "Signs by monotonicity").
    mono: bool,
    /// The lengths' target exponent `a` of the scaling (module doc), the
    /// same for every value of one procedure (constants carry `a` too).
    a: i32,
}

impl<F: Ieee> Bounded<F> {
    /// A scaled input `y` of dimension `dim` for a procedure of degree
    /// `degree` ([`scaled`]).
    #[inline(always)]
    pub fn input(y: F, dim: Dim, degree: u32) -> Self {
        Bounded {
            v: y,
            k: 0,
            c: 1,
            dim,
            mixed: false,
            sure: true,
            mono: false,
            a: target::<F>(degree),
        }
    }

    /// All zero bits, overwritten before it is read ([`scaled`]).
    const PLACEHOLDER: Self = Bounded {
        v: F::ZERO,
        k: 0,
        c: 0,
        dim: Dim::NONE,
        mixed: false,
        sure: false,
        mono: false,
        a: 0,
    };

    /// A constant of the expression (no dimension).
    #[inline(always)]
    fn constant(x: F, c: u64) -> Self {
        Bounded {
            v: x,
            k: 0,
            c,
            dim: Dim::NONE,
            mixed: false,
            sure: true,
            mono: false,
            a: 0,
        }
    }

    /// `2^(δ · A)` (module doc); infinite outside the normal range (a
    /// degree above the procedure's: nothing is certified). A constant of
    /// the expression.
    #[inline(always)]
    fn target(&self) -> F {
        let p = i32::from(self.dim.length) * self.a + i32::from(self.dim.direction);
        if (1 - F::MAX_EXP..=F::MAX_EXP).contains(&p) {
            F::pow2(p)
        } else {
            F::ONE / F::ZERO
        }
    }
}

/// The lengths' and velocities' target exponent `a` for a procedure of
/// degree `degree` (module doc).
#[inline(always)]
const fn target<F: Ieee>(degree: u32) -> i32 {
    let d = if degree == 0 { 1 } else { degree as i32 };
    (F::MAX_EXP - 50) / d
}

/// Which kind (length, velocity, time, direction) each of `N` inputs is,
/// and which kinds occur: a constant per procedure.
#[derive(Clone, Copy, Debug)]
pub struct Kinds<const N: usize> {
    slot: [usize; N],
    has: [bool; 4],
    /// Every input is of one of the four kinds.
    pub known: bool,
}

impl<const N: usize> Kinds<N> {
    /// Whether an input is a time.
    pub const fn has_time(&self) -> bool {
        let [_, _, times, _] = self.has;
        times
    }

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

/// Why [`scaled`] gave no inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outside {
    /// Some input is NaN or infinite.
    NotFinite,
    /// Some kind's scale is outside the normal range (or a kind is
    /// unknown).
    Window,
}

/// The inputs `x` of kinds `kinds`, for a procedure of degree `degree`,
/// scaled by their dimension's power of two to their targets (module
/// doc), as floats ([`bounded`] makes them filter values where the
/// procedure runs); refused where some input is not finite, or a scale is
/// outside the normal range, or a scaling down is not exact. One pass over
/// the inputs' bits, which also finds the non-finite ones.
#[inline(always)]
pub fn scaled<F: Ieee, const N: usize>(
    x: &[F; N],
    kinds: &Kinds<N>,
    degree: u32,
) -> Result<[F; N], Outside> {
    // The largest magnitude of each kind, by its bits (ordered as the
    // magnitudes are, infinities and NaN above every finite value; below
    // 2^63, so compared as signed), then its exponent: `|x| < 2^top`.
    let mut top = [0i64; 4];
    let mut widest = |v: &F, slot: &usize| {
        if let Some(t) = top.get_mut(*slot) {
            *t = (*t).max(v.magnitude_bits() as i64);
        }
    };
    if cfg!(target_pointer_width = "64") {
        // `kinds.slot` by reference: by value, a long array is copied first.
        for (v, slot) in x.iter().zip(&kinds.slot) {
            widest(v, slot);
        }
    } else {
        // At constant indices (`at_each!`), where each input's kind is a
        // constant (opt-level "s" unrolls no loop).
        at_each!(N, i => {
            if let (Some(v), Some(slot)) = (x.get(i), kinds.slot.get(i)) {
                widest(v, slot);
            }
        });
    }
    let [l, v, t, d] = top.map(|b| b as u64);
    if l.max(v).max(t.max(d)) >= F::INFINITY_BITS {
        return Err(Outside::NotFinite);
    }
    // The four kinds written out here and below: opt-level "s" unrolls no
    // loop, and these are on every decision.
    let e = F::top_exponent;
    let [l, v, t, d] = [e(l), e(v), e(t), e(d)];
    let [_, _, times, _] = kinds.has;
    // E_T: the times' bound; without times, whatever makes the velocities'
    // bound 2^v. E_L: the lengths', raised to cover velocity × time.
    let (el, et) = if times { (l.max(v + t), t) } else { (l, l - v) };
    // Each kind's scale `2^-s` to its target (`a` for lengths and
    // velocities, 0 for times, 1 for axes), for the kinds that occur (the
    // others' are unused: taken as 1). A scaling up beyond the normal
    // range stops there (the inputs stay below their target); a scaling
    // down beyond it is refused. With times, a velocity's scale is the
    // length's over the time's: the length's stops where either would
    // pass the normal range, so that the ratio holds.
    let a = target::<F>(degree);
    let lo = 1 - F::MAX_EXP;
    let [s0, s1, s2, s3] = if times {
        let st = et.max(lo);
        let sl = (el - a).max(lo).max(lo + st);
        [sl, sl - st, st, d - 1]
    } else {
        [el - a, el - et - a, 0, d - 1]
    };
    let [h0, h1, h2, h3] = kinds.has;
    let keep = |s: i32, has: bool| if has { s.max(lo) } else { 0 };
    let s = [keep(s0, h0), keep(s1, h1), keep(s2, h2), keep(s3, h3)];
    let [s0, s1, s2, s3] = s;
    let top_scale = s0.max(s1).max(s2.max(s3));
    if !kinds.known || top_scale >= F::MAX_EXP {
        return Err(Outside::Window);
    }
    let down = [F::pow2(-s0), F::pow2(-s1), F::pow2(-s2), F::pow2(-s3)];
    let mut y = [F::ZERO; N];
    if cfg!(target_pointer_width = "64") {
        for ((y, v), slot) in y.iter_mut().zip(x).zip(&kinds.slot) {
            if let Some(d) = down.get(*slot) {
                *y = *v * *d;
            }
        }
    } else {
        at_each!(y, N, i => {
            let d = kinds.slot.get(i).and_then(|slot| down.get(*slot));
            match (x.get(i), d) {
                (Some(v), Some(d)) => *v * *d,
                _ => F::ZERO,
            }
        });
    }
    // A scaling down is exact unless it rounds to the subnormal grid:
    // scaling back gives the input.
    if top_scale > 0 && !exact_back(*x, s, kinds.slot) {
        return Err(Outside::Window);
    }
    Ok(y)
}

/// The scaled inputs `y` ([`scaled`]) of dimensions `dims` as
/// filter values for a procedure of degree `degree`, each built at a
/// constant index (`at_each!`): its counts and dimension are constants of
/// the expression, which fold into the procedure where it runs in the same
/// function (a procedure handed the values by reference, out of line,
/// reads them as run-time values).
#[inline(always)]
pub fn bounded<F: Ieee, const N: usize>(
    y: &[F; N],
    dims: &[Dim; N],
    degree: u32,
) -> [Bounded<F>; N] {
    // Filled from `PLACEHOLDER`, all zero bits: a fill the compiler
    // writes as one `memset` and then forgets, where another value is a
    // loop (at opt-level "s") that keeps the array in memory and each
    // count a run-time value.
    let mut out = const { [Bounded::PLACEHOLDER; N] };
    at_each!(out, N, i => {
        let (y, dim) = (y.get(i).copied(), dims.get(i).copied());
        Bounded::input(y.unwrap_or(F::ZERO), dim.unwrap_or(Dim::NONE), degree)
    });
    out
}

/// Whether each input of `x` scaled by `2^-s` of its kind (at `slot`)
/// and back is itself: off the common path, only where a kind was scaled
/// down (by value: the caller's values need not be stored for it).
#[cold]
#[inline(never)]
fn exact_back<F: Ieee, const N: usize>(x: [F; N], s: [i32; 4], slot: [usize; N]) -> bool {
    x.iter().zip(slot).all(|(x, slot)| {
        s.get(slot)
            .is_some_and(|s| *x * F::pow2(-*s) * F::pow2(*s) == *x)
    })
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
        let exact = self.k == 0 && o.k == 0;
        Bounded {
            v: self.v + o.v,
            k: if exact && (self.c == 0 || o.c == 0) {
                0
            } else {
                self.k.max(o.k) + 1
            },
            c: self.c.saturating_add(o.c),
            dim,
            mixed: self.mixed | o.mixed | !same,
            sure: exact,
            mono: (self.k == 1 && o.k == 0) || (self.k == 0 && o.k == 1),
            a: self.a.max(o.a),
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
            // A product with a constant zero is an exact zero.
            sure: self.c == 0 || o.c == 0,
            mono: self.k == 0 && o.k == 0,
            a: self.a.max(o.a),
        }
    }
}

impl<F: Ieee> Ring for Bounded<F> {
    const FOLDS: bool = true;
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
        if self.sure || self.c == 0 {
            return (s, true);
        }
        if self.mono && s != Ordering::Equal {
            return (s, true);
        }
        if self.mixed || self.k > MAX_K || self.c > MAX_C {
            return (s, false);
        }
        let bound = F::count(2 * self.k + 4) * F::U * F::count_u64(self.c) * self.target();
        (s, self.v.abs() > bound)
    }
    #[inline(always)]
    fn negate_if(self, neg: bool) -> Self {
        Bounded {
            v: self.v.flip(neg),
            ..self
        }
    }
    #[inline(always)]
    fn pick(c: bool, a: impl FnOnce() -> Self, b: impl FnOnce() -> Self) -> Self {
        // Branch-free, its bounds folding ([`Ring::select`]).
        Self::select(c, a(), b())
    }
    #[inline(always)]
    fn select(c: bool, a: Self, b: Self) -> Self {
        Bounded {
            v: F::blend(c, a.v, b.v),
            k: a.k.max(b.k),
            c: a.c.max(b.c),
            dim: if a.c == 0 { b.dim } else { a.dim },
            mixed: a.mixed | b.mixed | (a.dim != b.dim && a.c != 0 && b.c != 0),
            sure: a.sure & b.sure,
            mono: a.mono & b.mono,
            a: a.a.max(b.a),
        }
    }
    #[inline(always)]
    fn positive_part(self) -> Self {
        // 1-Lipschitz and not increasing magnitudes: the bound stays; a
        // sure sign stays sure (max(x, 0) > 0 exactly when x > 0).
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
mod tests;
