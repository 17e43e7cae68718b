//! The exact route of a construction: each value rounded to the nearest
//! point of its grid (a float format, or fixed point's multiples of
//! `2^-frac`), ties to even, by exact comparisons with midpoints.
//!
//! The points of a grid are numbered by integer keys in order (a float's
//! key is its magnitude's bits, negated for a negative float; a fixed
//! value's is its raw integer), and the even keys are the even
//! significands. Between the points of keys `k` and `k + 1` lies the
//! midpoint `mid(k) = ±m · 2^e`, a dyadic number. The nearest point to
//! `v` is `k*`, the least key with `v <= mid(k*)`, or its even neighbour
//! `k* + 1` where `v = mid(k*)`; past the last point, `v` is out of range.
//!
//! For `v = (a + b√c) / (d + e√c)`, with `a, …, e` integer polynomials in
//! the aligned inputs, the sign of `v - m` is that of `d + e√c` times that
//! of `(a - m d) + (b - m e)√c` (scaled by a power of two to integers);
//! and the sign of a sum `x + y√c` is the sign of its terms where they
//! agree, else the larger's, by the sign of `x² - y²c`. Each is a sign of
//! an integer polynomial, decided on residues (module `residue`): no
//! division, no root and no wide integer, in a small frame.
//!
//! The search starts from an approximation of each value with a proved
//! error bound (module `approx`: a 64-bit integer significand with its own
//! exponent, so that nothing overflows), which the caller gives: built on
//! the aligned inputs, or on 32-bit targets for the floats converted from
//! the values their certified route computed, with their bounds (no copy
//! of the construction for it). The search steps outward by doubling strides
//! until it brackets `k*`, then halves the bracket: one or two comparisons
//! where the approximation is good, a few dozen where cancellation spoilt
//! it. A comparison the bound proves (the midpoint is farther from the
//! approximation than its error bound, or both are exact and equal) takes
//! no run; the others of a round (at most two) are made in one run of the
//! construction on residues. The values are searched one at a time, so
//! that a construction's search holds one value's state, not all of them.
//! The approximation and its bound only decide where they prove: the
//! answer is the exact value's nearest point.
//!
//! Sizes: with `A` bits bounding `|a|, …, |e|` and `c`, a nonzero `v` lies
//! within `2^±(3A + 2)` (as `a² - b²c`, if not zero, is an integer, `|a +
//! b√c| >= 2^-(1.5A + 1)`; likewise the denominator). A midpoint beyond
//! those bounds is compared by magnitude alone; the others give `x`, `y`
//! of at most `4A + 136` bits and `x² - y²c` of `9A + 280`.

use super::align::{Plan, Scale};
use super::approx::{Approx, Big};
use super::residue::{self, CHUNKS, Ctx, LANES, Res};
use super::{Construction, Dim, Finish, Part, Refused, Ring, Surd};
use core::cmp::Ordering;

/// Chunks of Garner's digits that hold every comparison of a
/// construction whose parts and radicand have at most `a` bits
/// (`9A + 280`, module doc); `None` past [`residue::CHUNKS`].
pub const fn chunks(a: u32) -> Option<usize> {
    residue::chunks_for(a.saturating_mul(9).saturating_add(280))
}

/// Chunks that hold every comparison of a construction on fixed point's
/// grid (`bits`-bit raw integers, `frac` fraction bits) whose parts and
/// radicand have at most `a` bits and whose values measure `out`: fewer
/// than [`chunks`]' where the midpoints' exponents are narrow. A fixed
/// plan multiplies each base dimension by `2^0`, `2^frac` or `2^(2 frac)`
/// (module `align`), so a midpoint `±m · 2^k` of the values' scale has
/// `m` below `2^(bits + 1)` and `|k|` at most `K = frac + 1 + 2 frac p`,
/// `p` the largest sum of a value's powers of the base dimensions; then
/// `x`, `y` have at most `a + bits + K + 2` bits and `x² - y²c` at most
/// `3a + 2 (bits + K) + 6` (the bits of [`Probe::new`]).
#[cfg_attr(not(feature = "fixed"), allow(dead_code))]
pub const fn fixed_chunks(a: u32, bits: u32, frac: u32, out: &[Dim]) -> Option<usize> {
    let mut p = 0;
    let mut i = 0;
    while i < out.len() {
        let d = out[i];
        let s = d.length.unsigned_abs() as u32
            + d.time.unsigned_abs() as u32
            + d.direction.unsigned_abs() as u32;
        if s > p {
            p = s;
        }
        i += 1;
    }
    let k = frac
        .saturating_mul(2)
        .saturating_mul(p)
        .saturating_add(frac)
        .saturating_add(1);
    let narrow = a
        .saturating_mul(3)
        .saturating_add(bits.saturating_add(k).saturating_mul(2))
        .saturating_add(6);
    let wide = a.saturating_mul(9).saturating_add(280);
    residue::chunks_for(if narrow < wide { narrow } else { wide })
}

/// A construction's values as keys of their grid, and which of those at
/// key 0 are negative (a float's `-0`): bit `i` for value `i`.
pub struct Keys<const M: usize> {
    /// Each value's key.
    pub key: [i64; M],
    minus_zero: u32,
}

impl<const M: usize> Keys<M> {
    /// Every key 0, none negative.
    pub const ZERO: Keys<M> = Keys {
        key: [0; M],
        minus_zero: 0,
    };

    /// Whether value `i` is `-0`.
    pub fn minus_zero(&self, i: usize) -> bool {
        i < 32 && self.minus_zero >> i & 1 != 0
    }
}

/// Where a construction's values are rounded.
#[derive(Clone, Copy, Debug)]
pub enum Grid {
    /// A float format: `precision` significand bits (the implicit one
    /// included), exponents below `max_exp`.
    Float {
        /// Significand bits.
        precision: u32,
        /// One past the largest exponent.
        max_exp: i32,
    },
    /// Multiples of `2^-frac` held in `bits`-bit signed integers.
    #[cfg_attr(not(feature = "fixed"), allow(dead_code))]
    Fixed {
        /// Fraction bits.
        frac: u32,
        /// Bits of the raw integer.
        bits: u32,
    },
}

/// A midpoint `±m · 2^e`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Mid {
    negative: bool,
    m: u128,
    e: i32,
}

impl Grid {
    /// The keys of the least and the greatest point.
    fn range(self) -> (i128, i128) {
        match self {
            Grid::Float { precision, max_exp } => {
                let top = (i128::from(2 * max_exp - 1) << (precision - 1)) - 1;
                (-top, top)
            }
            Grid::Fixed { bits, .. } => (-(1 << (bits - 1)), (1 << (bits - 1)) - 1),
        }
    }

    /// The midpoint between the points of keys `k` and `k + 1`.
    fn mid(self, k: i128) -> Mid {
        match self {
            Grid::Float { precision, max_exp } => {
                // Between -|k| and -(|k| - 1) for k < 0: the negated
                // midpoint above |k| - 1.
                let (negative, k) = if k < 0 {
                    (true, (-k - 1).unsigned_abs())
                } else {
                    (false, k.unsigned_abs())
                };
                // The least subnormal is 2^least.
                let least = 3 - max_exp - precision as i32;
                let (field, frac) = (k >> (precision - 1), k & ((1 << (precision - 1)) - 1));
                let (m, e) = if field == 0 {
                    (frac, least)
                } else {
                    (frac | 1 << (precision - 1), field as i32 + least - 1)
                };
                // (m + 1) · 2^e is the next point, also across a binade.
                Mid {
                    negative,
                    m: 2 * m + 1,
                    e: e - 1,
                }
            }
            Grid::Fixed { frac, .. } => {
                let m = 2 * k + 1;
                Mid {
                    negative: m < 0,
                    m: m.unsigned_abs(),
                    e: -(frac as i32) - 1,
                }
            }
        }
    }

    /// A key near `v · 2^-scale` (truncated), within the range widened by
    /// one at each end.
    fn key_of(self, v: Big, scale: i32) -> i128 {
        let (lo, hi) = self.range();
        if v.m == 0 {
            return 0;
        }
        // |v · 2^-scale| in [2^x, 2^(x+1)), its significand's top at 2^63.
        let e = v.e.saturating_sub(scale);
        let x = e.saturating_add(63);
        let k = match self {
            Grid::Float { precision, max_exp } => {
                let p = precision as i32;
                let least = 3 - max_exp - p;
                if x >= max_exp {
                    hi + 1
                } else if x >= 1 - max_exp {
                    let frac = (v.m << 1) >> (65 - p);
                    (i128::from(x + max_exp - 1) << (p - 1)) + i128::from(frac)
                } else {
                    // A subnormal's count of 2^least.
                    let s = least.saturating_sub(e) as u32;
                    i128::from(v.m.checked_shr(s).unwrap_or(0))
                }
            }
            Grid::Fixed { frac, bits } => {
                let t = e.saturating_add(frac as i32);
                if t >= 0 {
                    if x.saturating_add(frac as i32) >= bits as i32 {
                        hi + 1
                    } else {
                        i128::from(v.m) << t
                    }
                } else {
                    i128::from(v.m.checked_shr(t.unsigned_abs()).unwrap_or(0))
                }
            }
        };
        // (`max` then `min`: `clamp` has a panic path.)
        (if v.negative { -k } else { k }).max(lo - 1).min(hi + 1)
    }
}

/// The construction `c`'s values on the aligned inputs of `plan`, each the
/// nearest point of `grid` to the exact value (ties to even), written to
/// `out` as keys (a grid's keys fit in 64 bits) with whether a value that
/// rounds to key 0 is negative (a float's `-0`). At most 32 values.
/// Refused where a value is past the grid's range (`limit`, as in
/// [`Refused::Unrepresentable`]), or where a comparison needs more than
/// `chunks` chunks of digits ([`chunks`] of the construction's widest
/// parts).
#[inline(always)]
pub fn construct<C: Construction<N, M>, const N: usize, const M: usize>(
    c: &C,
    plan: &Plan<N>,
    to: (Grid, i32),
    chunks: usize,
    approx: &[Approx; M],
    out: &mut Keys<M>,
) -> Result<(), Refused> {
    const { assert!(M <= 32) };
    // The digits in a frame sized for `chunks` (a constant of the caller:
    // the other sizes fold away), rounded up to one of a few sizes.
    let a = (c, plan, to, approx, out);
    if chunks <= 64 {
        in_digits::<C, N, M, { LANES * 64 }>(a)
    } else if chunks <= 96 {
        in_digits::<C, N, M, { LANES * 96 }>(a)
    } else if chunks <= 128 {
        in_digits::<C, N, M, { LANES * 128 }>(a)
    } else if chunks <= 192 {
        in_digits::<C, N, M, { LANES * 192 }>(a)
    } else if chunks <= 256 {
        in_digits::<C, N, M, { LANES * 256 }>(a)
    } else if chunks <= 288 {
        in_digits::<C, N, M, { LANES * 288 }>(a)
    } else if chunks <= CHUNKS {
        in_digits::<C, N, M, { LANES * CHUNKS }>(a)
    } else {
        Err(Refused::Spread)
    }
}

/// What [`search`] takes: the construction, the plan, the grid and its
/// limit, the approximations and the keys to write.
type Searched<'a, C, const N: usize, const M: usize> = (
    &'a C,
    &'a Plan<N>,
    (Grid, i32),
    &'a [Approx; M],
    &'a mut Keys<M>,
);

/// [`search`] with room for `K` digits.
#[inline(never)]
fn in_digits<C: Construction<N, M>, const N: usize, const M: usize, const K: usize>(
    a: Searched<'_, C, N, M>,
) -> Result<(), Refused> {
    search(a, &mut [0; K])
}

/// [`construct`] from the approximations, with the comparisons' digits
/// in `digits`: the runs the search asks for ([`Walk::next`], one copy for
/// every construction), each made here.
#[inline(never)]
fn search<C: Construction<N, M>, const N: usize, const M: usize>(
    (c, plan, (grid, limit), approx, out): Searched<'_, C, N, M>,
    digits: &mut [u32],
) -> Result<(), Refused> {
    let bits = super::kernel::decision_bits(C::DEGREE, plan.bits());
    let mut known = Known {
        root: None,
        dens: [None; M],
    };
    let mut walk = Walk {
        grid,
        limit,
        bits,
        scale: plan.scale(),
        dims: &C::OUT,
        approx,
        key: &mut out.key,
        minus_zero: &mut out.minus_zero,
        at: 0,
        started: false,
        zero: false,
        // One value at a time, in rounds of comparisons: those the
        // approximation does not prove, in one run on residues. The run
        // is made from this loop, whose frame holds one value's search
        // (each round's bookkeeping is out of line, beside the run).
        value: Value::empty(),
    };
    let mut sides = None;
    while let Some((i, probes, need)) = walk.next(sides)? {
        sides = Some(compare(
            c,
            plan,
            (i, probes, need),
            (bits, &mut known),
            digits,
        )?);
    }
    Ok(())
}

/// A run a search asks for: the value it builds, its probes, and the bits
/// of the widest integer whose sign the run takes.
type Run<'a> = (usize, &'a [Option<Probe>; 2], u32);

/// A construction's search ([`search`]) between its runs: the values'
/// grid, approximations and scales, the keys found so far, the value
/// searched (`at`), whether its search has started, and whether the run
/// awaited compares it with zero.
struct Walk<'a> {
    grid: Grid,
    limit: i32,
    bits: u32,
    scale: Scale,
    dims: &'a [Dim],
    approx: &'a [Approx],
    key: &'a mut [i64],
    minus_zero: &'a mut u32,
    at: usize,
    started: bool,
    zero: bool,
    value: Value,
}

impl Walk<'_> {
    /// The next run the search needs, after the one that gave `sides`
    /// (`None` at the start): the value it builds, its probes and the
    /// bits of its widest sign ([`Run`]); `None` once every key is found. Refused where a value is past the grid's
    /// range.
    #[inline(never)]
    fn next(&mut self, mut sides: Option<[Ordering; 2]>) -> Result<Option<Run<'_>>, Refused> {
        // A round whose probes need no run (each compared by magnitude
        // alone) is settled here, as a run's `Equal` would.
        loop {
            let Some(i) = self.step(sides)? else {
                return Ok(None);
            };
            let runs = || self.value.probes.iter().flatten().filter(|p| p.runs());
            if runs().next().is_some() {
                let need = runs().map(|p| p.need).fold(3 * self.bits + 2, u32::max);
                return Ok(Some((i, &self.value.probes, need)));
            }
            sides = Some([Ordering::Equal; 2]);
        }
    }

    /// [`Walk::next`]'s step: the value whose probes await a run, or
    /// `None` once every key is found.
    fn step(&mut self, sides: Option<[Ordering; 2]>) -> Result<Option<usize>, Refused> {
        let (grid, (lo, hi), bits) = (self.grid, self.grid.range(), self.bits);
        if let Some(sides) = sides {
            if self.zero {
                // The sign of a value that rounds to key 0: it is done.
                self.zero = false;
                self.done(sides[0] == Ordering::Less);
            } else {
                self.value.settle(grid, sides);
            }
        }
        let approx = self.approx;
        while let Some(v) = approx.get(self.at) {
            let i = self.at;
            if !self.started {
                let d = self.dims.get(i).copied().unwrap_or(Dim::NONE);
                self.value.start(grid, v, self.scale.of(d));
                self.started = true;
            }
            if self.value.round(grid, v, bits) {
                return Ok(Some(i));
            }
            // Settled: the key, and for key 0 the sign of the value.
            let k = self.value.search.nearest();
            let out_of_range = Refused::Unrepresentable {
                index: i,
                limit: self.limit,
            };
            if k < lo || k > hi {
                return Err(out_of_range);
            }
            let o = self.key.get_mut(i).ok_or(out_of_range)?;
            *o = i64::try_from(k).map_err(|_| out_of_range)?;
            let mut negative = false;
            if k == 0 && matches!(grid, Grid::Float { .. }) {
                match v.signum().or(self.value.sign) {
                    Some(s) => negative = s == Ordering::Less,
                    None => {
                        self.value.against_zero(bits);
                        self.zero = true;
                        return Ok(Some(i));
                    }
                }
            }
            self.done(negative);
        }
        Ok(None)
    }

    /// The value searched is done: whether it is `-0`, and the next.
    fn done(&mut self, negative: bool) {
        *self.minus_zero |= u32::from(negative) << self.at;
        self.at += 1;
        self.started = false;
    }
}

/// One value's search, between its runs: the bracket, and the round
/// whose comparisons await a run (its keys are the bracket's
/// [`Search::probes`], which the round leaves unchanged until it settles).
struct Value {
    search: Search,
    scale: i32,
    /// The sides the approximation proves, and the comparisons it leaves
    /// to a run.
    sides: [Ordering; 2],
    probes: [Option<Probe>; 2],
    /// The value's sign, where a run compared it with zero (a midpoint
    /// below every nonzero value): the sign of a value that rounds to
    /// zero needs no run of its own then.
    sign: Option<Ordering>,
}

impl Value {
    /// A value with nothing to search yet (written field by field: a
    /// constant would be copied whole).
    #[inline(always)]
    fn empty() -> Value {
        Value {
            search: Search {
                below: 0,
                above: 0,
                tie: false,
                first: false,
                step: 1,
            },
            scale: 0,
            sides: [Ordering::Equal; 2],
            probes: [None; 2],
            sign: None,
        }
    }

    /// A search from the approximation `v` of a value of scale `scale`.
    #[inline(never)]
    fn start(&mut self, grid: Grid, v: &Approx, scale: i32) {
        let (lo, hi) = grid.range();
        let start = grid.key_of(v.value(), scale);
        self.search = Search::new(start.max(lo - 1).min(hi), (lo, hi));
        self.scale = scale;
        self.sign = None;
    }

    /// Whether a round needs a run (its probes in `probes`); `false` once
    /// settled. Rounds that `v`'s bound proves whole (the common case)
    /// are recorded on the way.
    #[inline(never)]
    fn round(&mut self, grid: Grid, v: &Approx, bits: u32) -> bool {
        loop {
            let keys = self.search.probes(grid.range());
            if keys.iter().all(Option::is_none) {
                return false;
            }
            let mut runs = false;
            for ((p, side), k) in self.probes.iter_mut().zip(&mut self.sides).zip(keys) {
                (*p, *side) = (None, Ordering::Equal);
                let Some(k) = k else { continue };
                let mid = grid.mid(k);
                match v.side(mid.negative, mid.m, mid.e.saturating_add(self.scale)) {
                    Some(proved) => *side = proved,
                    None => {
                        *p = Some(Probe::new(mid, self.scale, bits));
                        runs = true;
                    }
                }
            }
            if runs {
                return true;
            }
            // Proved whole: recorded from the keys at hand.
            for (k, side) in keys.into_iter().zip(self.sides) {
                if let Some(k) = k {
                    self.search.record(k, side);
                }
            }
            self.search.advance();
        }
    }

    /// Records the round: the proved sides, and the run's `runs` for the
    /// probes.
    fn settle(&mut self, grid: Grid, runs: [Ordering; 2]) {
        let keys = self.search.probes(grid.range());
        let sides = self.sides.into_iter().zip(&self.probes).zip(runs);
        for (k, ((side, p), r)) in keys.into_iter().zip(sides) {
            if let Some(k) = k {
                self.search
                    .record(k, p.as_ref().map_or(side, |p| p.finish(r)));
            }
            if p.as_ref().is_some_and(Probe::against_zero) {
                self.sign = Some(r);
            }
        }
        self.search.advance();
    }

    /// The probe that compares the value with zero.
    #[inline(never)]
    fn against_zero(&mut self, bits: u32) {
        let zero = Mid {
            negative: false,
            m: 0,
            e: 0,
        };
        self.probes = [Some(Probe::new(zero, self.scale, bits)), None];
    }
}

/// One value's search for its nearest key among `lo..=hi` (module doc):
/// `below` is a key with `v > mid(below)` (or `lo - 2`, standing for minus
/// infinity), `above` one with `v <= mid(above)` (or `hi + 1`, plus
/// infinity), and `tie` whether `v = mid(above)`.
struct Search {
    below: i128,
    above: i128,
    tie: bool,
    /// Whether the first round is to come.
    first: bool,
    /// The first key to compare, until the first round; then the stride
    /// of the gallop.
    step: i128,
}

impl Search {
    fn new(start: i128, (lo, hi): (i128, i128)) -> Search {
        Search {
            below: lo - 2,
            above: hi + 1,
            tie: false,
            first: true,
            step: start,
        }
    }

    /// The next keys to compare, if not settled: first the
    /// approximation's key and the one below (where the approximation is
    /// good, one round settles it), then one a round.
    fn probes(&self, (lo, hi): (i128, i128)) -> [Option<i128>; 2] {
        if self.first {
            let k = self.step;
            return [(k > lo - 1).then_some(k - 1), Some(k)];
        }
        if self.above - self.below <= 1 {
            return [None; 2];
        }
        let k = if self.below < lo - 1 {
            (self.above - self.step).max(lo - 1)
        } else if self.above > hi {
            (self.below + self.step).min(hi)
        } else {
            self.below + (self.above - self.below) / 2
        };
        [Some(k), None]
    }

    /// The side of `mid(k)` that the value is on.
    fn record(&mut self, k: i128, side: Ordering) {
        if side == Ordering::Greater {
            self.below = self.below.max(k);
        } else if k < self.above {
            self.above = k;
            self.tie = side == Ordering::Equal;
        }
    }

    /// After a round: a gallop doubles its stride (from 1 after the
    /// first round).
    fn advance(&mut self) {
        self.step = if self.first {
            1
        } else {
            self.step.saturating_mul(2)
        };
        self.first = false;
    }

    /// The nearest key, once settled: `above`, or its even neighbour at a
    /// tie.
    fn nearest(&self) -> i128 {
        if self.tie && self.above % 2 != 0 {
            self.above + 1
        } else {
            self.above
        }
    }
}

/// A comparison of one value with a midpoint, in the aligned integers:
/// `±m · 2^k` with `k` the midpoint's exponent plus the value's scale.
#[derive(Clone, Copy, Debug)]
struct Probe {
    negative: bool,
    m: u128,
    k: i32,
    /// Compared by magnitude alone: the midpoint is beyond every nonzero
    /// value (`Greater`), or below every nonzero value (`Less`: then the
    /// run compares the value with zero).
    far: Option<Ordering>,
    /// Bits of `x` and `y` of the comparison, and of every integer the
    /// run takes the sign of.
    x_bits: u32,
    need: u32,
}

impl Probe {
    fn new(mid: Mid, scale: i32, bits: u32) -> Probe {
        let k = mid.e.saturating_add(scale);
        let m_bits = u128::BITS - mid.m.leading_zeros();
        // |v| within 2^±(3A + 2) unless zero (module doc).
        let bound = 3 * bits as i32 + 3;
        let far = if mid.m == 0 {
            None
        } else if k >= bound {
            Some(Ordering::Greater)
        } else if k.saturating_add(m_bits as i32) <= -bound {
            Some(Ordering::Less)
        } else {
            None
        };
        let (m, k) = if far.is_some() || mid.m == 0 {
            (0, 0)
        } else {
            (mid.m, k)
        };
        let up = k.unsigned_abs();
        // (Saturating: a bound past every chunk is refused, not wrapped.)
        let x = if k >= 0 {
            bits.max(m_bits.saturating_add(bits).saturating_add(up))
        } else {
            bits.saturating_add(up).max(m_bits + bits)
        }
        .saturating_add(1);
        Probe {
            negative: mid.negative,
            m,
            k,
            far,
            x_bits: x,
            need: x.saturating_mul(2).saturating_add(bits).max(3 * bits) + 2,
        }
    }

    /// Whether the run compares (not a midpoint beyond every value).
    fn runs(&self) -> bool {
        self.far != Some(Ordering::Greater)
    }

    /// Whether the run compares the value with zero: its side is the
    /// value's sign.
    fn against_zero(&self) -> bool {
        self.runs() && self.m == 0
    }

    /// The sign of `v - mid` from the run's side (the sign of `v - m`, or
    /// of `v` for a midpoint below every nonzero value).
    fn finish(&self, side: Ordering) -> Ordering {
        let beyond = if self.negative {
            Ordering::Greater
        } else {
            Ordering::Less
        };
        match self.far {
            Some(Ordering::Greater) => beyond,
            Some(_) if side == Ordering::Equal => beyond,
            _ => side,
        }
    }
}

/// What earlier runs decided that later ones reuse: whether the radicand
/// is positive, and the sign of each value's denominator.
#[derive(Clone, Copy)]
struct Known<const M: usize> {
    root: Option<bool>,
    dens: [Option<Ordering>; M],
}

/// One run of `c` on residues comparing value `which` with its probes'
/// midpoints (`Equal` where there is none, or it needs no run).
fn compare<C: Construction<N, M>, const N: usize, const M: usize>(
    c: &C,
    plan: &Plan<N>,
    (which, probes, need): Run<'_>,
    (bits, known): (u32, &mut Known<M>),
    digits: &mut [u32],
) -> Result<[Ordering; 2], Refused> {
    let k = *known;
    let (sides, now) = residue::run(need, digits, |ctx| {
        one_run(c, plan, ctx, (which, probes, bits), k)
    })
    .ok_or(Refused::Spread)?;
    *known = now;
    Ok(sides)
}

/// One run of `c` on residues: value `which` [`built`], then compared
/// ([`against`]). Out of line: the callers' frames (each chunk's and the
/// single chunk's) hold a call, not the value.
#[inline(never)]
fn one_run<'a, C: Construction<N, M>, const N: usize, const M: usize>(
    c: &C,
    plan: &Plan<N>,
    ctx: &'a Ctx<'a>,
    (which, probes, bits): (usize, &[Option<Probe>; 2], u32),
    known: Known<M>,
) -> ([Ordering; 2], Known<M>) {
    against(
        ctx,
        built(c, plan, ctx, which),
        (which, probes, bits),
        known,
    )
}

/// What a run of a construction hands its comparisons: the compared
/// value and the radicand, or that every value is zero.
enum Built<'a> {
    Value(Res<'a>, Surd<Res<'a>>),
    Zero,
    /// Not a value of the construction.
    Outside,
}

/// Value `which` of `c` on the residues of one run. Out of line: the
/// construction's values live in this frame, which returns before the
/// comparisons take their signs (their frames beside it, not under it).
#[inline(never)]
fn built<'a, C: Construction<N, M>, const N: usize, const M: usize>(
    c: &C,
    plan: &Plan<N>,
    ctx: &'a Ctx<'a>,
    which: usize,
) -> Built<'a> {
    c.build(&plan.residues(ctx), Capture(which))
}

/// The value a run compares, as a [`Finish`] on residues.
struct Capture(usize);

impl<'a, const M: usize> Finish<Res<'a>, M> for Capture {
    type Out = Built<'a>;
    fn finish(self, c: &Res<'a>, parts: &[Part<Res<'a>>; M]) -> Built<'a> {
        match parts.get(self.0) {
            Some(part) => Built::Value(*c, part.expand(Part::base(parts))),
            None => Built::Outside,
        }
    }
    fn zero(self) -> Built<'a> {
        Built::Zero
    }
}

/// The comparisons of a run: the sides of value `which` (`b`) of its
/// probes' midpoints, with what the run decided of the radicand and the
/// denominator added to `known` (out of line: beside [`built`]'s frame).
#[inline(never)]
fn against<'a, const M: usize>(
    ctx: &'a Ctx<'a>,
    b: Built<'a>,
    (which, probes, bits): (usize, &[Option<Probe>; 2], u32),
    mut known: Known<M>,
) -> ([Ordering; 2], Known<M>) {
    let mut out = [Ordering::Equal; 2];
    let (c, s) = match b {
        Built::Value(c, s) => (c, s),
        Built::Outside => return (out, known),
        Built::Zero => {
            // Every value is 0: against a midpoint, its opposite sign.
            for (o, p) in out.iter_mut().zip(probes) {
                if let Some(p) = p.filter(Probe::runs) {
                    *o = match (p.m, p.negative) {
                        (0, _) => Ordering::Equal,
                        (_, true) => Ordering::Greater,
                        (_, false) => Ordering::Less,
                    };
                }
            }
            return (out, known);
        }
    };
    let Some(den) = known.dens.get_mut(which) else {
        return (out, known);
    };
    let root = *known
        .root
        .get_or_insert_with(|| ctx.sign_of(bits, || c) == Ordering::Greater);
    let den = *den.get_or_insert_with(|| {
        let (d, e) = (|| s.d, || s.e);
        surd_sign(ctx, (d, e, bits), &c, root, bits)
    });
    for (o, p) in out.iter_mut().zip(probes) {
        // A replayed run that has captured its sign is done.
        if ctx.done() {
            break;
        }
        if let Some(p) = p.filter(Probe::runs) {
            *o = over(side(ctx, &s, (&c, bits), root, &p), den);
        }
    }
    (out, known)
}

/// The sign of a quotient from those of its numerator and denominator.
fn over(num: Ordering, den: Ordering) -> Ordering {
    match den {
        Ordering::Greater => num,
        Ordering::Less => num.reverse(),
        // The procedure decided the denominator is not zero.
        Ordering::Equal => Ordering::Equal,
    }
}

/// The sign of the numerator of `s - (±m · 2^k)` for `s = (a + b√c) /
/// (d + e√c)` over `d + e√c` (`root`: `c > 0`): of `(a - m d) + (b - m
/// e)√c`, scaled to integers (`c` below `2^c_bits`). Inline: in the
/// frame of the run's finish, its values share the slots of those the
/// finish no longer holds (out of line, the two frames took 52 bytes
/// more).
#[inline(always)]
fn side<'a>(
    ctx: &'a Ctx<'a>,
    s: &Surd<Res<'a>>,
    (c, c_bits): (&Res<'a>, u32),
    root: bool,
    p: &Probe,
) -> Ordering {
    let shift = p.k.unsigned_abs();
    let (up, mid) = if p.k >= 0 {
        (Res::one(), ctx.wide(p.negative, p.m, shift))
    } else {
        (ctx.input(false, 1, shift), ctx.wide(p.negative, p.m, 0))
    };
    let x = || s.a * up - mid * s.d;
    let y = || s.b * up - mid * s.e;
    surd_sign(ctx, (x, y, p.x_bits), c, root, c_bits)
}

/// The sign of `x + y√c` (`root`: `c > 0`), with `x` and `y` below
/// `2^xy_bits` and `c` below `2^c_bits`: each term built only where its
/// sign is decided now.
fn surd_sign<'a>(
    ctx: &'a Ctx<'a>,
    (x, y, xy_bits): (impl Fn() -> Res<'a>, impl Fn() -> Res<'a>, u32),
    c: &Res<'a>,
    root: bool,
    c_bits: u32,
) -> Ordering {
    let sx = ctx.sign_of(xy_bits, &x);
    if !root {
        return sx;
    }
    let sy = ctx.sign_of(xy_bits, &y);
    if sy == Ordering::Equal || sx == sy {
        return sx;
    }
    if sx == Ordering::Equal {
        return sy;
    }
    let need = xy_bits
        .saturating_mul(2)
        .saturating_add(c_bits)
        .saturating_add(1);
    let q = || {
        let (x, y) = (x(), y());
        x * x - y * y * *c
    };
    match ctx.sign_of(need, q) {
        Ordering::Greater => sx,
        Ordering::Less => sy,
        Ordering::Equal => Ordering::Equal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::next;

    #[test]
    fn midpoints_lie_between_neighbours() {
        // f64: keys are the bits; the midpoint of 1 and its successor.
        let g = Grid::Float {
            precision: 53,
            max_exp: 1024,
        };
        let one = 1f64.to_bits() as i128;
        assert_eq!(
            g.mid(one),
            Mid {
                negative: false,
                m: (1 << 53) + 1,
                e: -53
            }
        );
        // Across a binade: between the largest below 2 and 2.
        let below_two = (2f64.to_bits() - 1) as i128;
        let m = g.mid(below_two);
        assert_eq!((m.m, m.e), ((1 << 54) - 1, -53));
        // The overflow threshold: MAX + half an ulp.
        let (lo, hi) = g.range();
        assert_eq!(
            (lo, hi),
            (-(f64::MAX.to_bits() as i128), f64::MAX.to_bits() as i128)
        );
        assert_eq!((g.mid(hi).m, g.mid(hi).e), ((1 << 54) - 1, 1023 - 53));
        // Subnormals and zero; negative keys mirror.
        assert_eq!((g.mid(0).m, g.mid(0).e), (1, -1075));
        assert_eq!(
            g.mid(-1),
            Mid {
                negative: true,
                ..g.mid(0)
            }
        );
        assert_eq!(
            g.mid(-one - 1),
            Mid {
                negative: true,
                ..g.mid(one)
            }
        );
        // Keys of values: exact for floats.
        let big = |x: f64| {
            let bits = x.abs().to_bits();
            let (field, frac) = ((bits >> 52) as i32, bits & ((1 << 52) - 1));
            let (m, e) = if field == 0 {
                (frac, -1074)
            } else {
                (frac | 1 << 52, field - 1075)
            };
            Big::new(x < 0.0, u128::from(m), e)
        };
        for x in [1.0, -2.5, f64::MIN_POSITIVE, 5e-324, f64::MAX, 0.0, -1e300] {
            let k = x.abs().to_bits() as i128;
            assert_eq!(g.key_of(big(x), 0), if x < 0.0 { -k } else { k }, "{x}");
            // In units of 2^-3, the same key.
            assert_eq!(g.key_of(big(x) * big(8.0), 3), g.key_of(big(x), 0));
        }
        assert_eq!(g.key_of(big(f64::MAX) * big(2.0), 0), hi + 1);
        let f = Grid::Float {
            precision: 24,
            max_exp: 128,
        };
        for x in [1.0f32, 3.5e-42, f32::MAX, -7.25] {
            let k = x.abs().to_bits() as i128;
            assert_eq!(
                f.key_of(big(f64::from(x)), 0),
                if x < 0.0 { -k } else { k },
                "{x}"
            );
        }
        // Fixed point: raw integers.
        let q = Grid::Fixed { frac: 16, bits: 32 };
        assert_eq!(
            q.mid(-1),
            Mid {
                negative: true,
                m: 1,
                e: -17
            }
        );
        assert_eq!(q.range(), (i128::from(i32::MIN), i128::from(i32::MAX)));
        assert_eq!(q.key_of(big(1.5), 0), 3 << 15);
        assert_eq!(q.key_of(big(-1.5), 0), -3 << 15);
        assert_eq!(q.key_of(big(1e30), 0), i128::from(i32::MAX) + 1);
        assert_eq!(q.key_of(big(2f64.powi(-20)), 0), 0);
        // Arithmetic: (3 · 7 - 1) / 4 = 5, √25 = 5, 2^60 + 1 - 2^60 = 1.
        let n = |v: u32| Big::small(v);
        let five = (n(3) * n(7) + -Big::new(false, 1, 0)).div(n(4));
        assert_eq!(q.key_of(five, 0), 5 << 16);
        assert_eq!(q.key_of((n(5) * n(5)).sqrt(), 0), 5 << 16);
        let two60 = Big::new(false, 1, 60);
        assert_eq!(q.key_of(two60 + Big::new(false, 1, 0) + -two60, 0), 1 << 16);
    }

    /// Every comparison that runs fits the digits [`chunks`] sizes for its
    /// construction (`9A + 280` bits, module doc): midpoints of every grid
    /// the crate rounds to, at the ends of their ranges and at random
    /// keys, on either side of the values' bounds `2^±(3A + 2)`.
    #[test]
    fn comparisons_fit_their_digits() {
        let grids = [
            Grid::Float {
                precision: 24,
                max_exp: 128,
            },
            Grid::Float {
                precision: 53,
                max_exp: 1024,
            },
            Grid::Fixed { frac: 16, bits: 32 },
            Grid::Fixed { frac: 0, bits: 64 },
            Grid::Fixed { frac: 59, bits: 64 },
        ];
        let mut r = 11u64;
        let mut ran = 0;
        for grid in grids {
            let (lo, hi) = grid.range();
            for a in [33, 160, 288, 545, 1016, 1148] {
                let bound = 3 * a as i32 + 3;
                for i in 0..400 {
                    let k = match i {
                        0 => lo - 1,
                        1 => hi,
                        2 => 0,
                        3 => -1,
                        _ => (lo + i128::from(next(&mut r) % 1000)).max(lo - 1),
                    };
                    let k = if i >= 200 { hi - (k - lo) } else { k };
                    let mid = grid.mid(k);
                    // Scales putting the midpoint near and beyond either
                    // bound, and at random in between.
                    let near = -mid.e - (u128::BITS - mid.m.leading_zeros()) as i32;
                    for scale in [
                        -mid.e + bound - 1,
                        -mid.e + bound,
                        near - bound + 1,
                        near - bound,
                        -mid.e + (next(&mut r) % (2 * bound as u64)) as i32 - bound,
                    ] {
                        let p = Probe::new(mid, scale, a);
                        if p.runs() {
                            ran += 1;
                            assert!(p.need <= 9 * a + 280, "{grid:?} {a} {k} {scale}");
                            let k = chunks(a).expect("within CHUNKS");
                            assert!(residue::bits(k) >= p.need);
                        }
                    }
                }
            }
        }
        assert!(ran > 10_000);
    }

    /// On fixed point's grids, every comparison of a value whose scale a
    /// fixed plan gives (each base exponent `0`, `frac` or `2 frac`, every
    /// dimension of a crate construction's values) fits
    /// [`fixed_chunks`]' digits, at the ends of the range and at random
    /// keys; and those are at most [`chunks`]'.
    #[test]
    fn fixed_comparisons_fit_their_digits() {
        let dims = [Dim::TIME, Dim::LENGTH, Dim::NONE, Dim::VELOCITY];
        let mut r = 5u64;
        let mut ran = 0;
        for (frac, bits) in [(16, 32), (32, 64), (16, 64), (0, 64), (63, 64), (0, 8)] {
            let grid = Grid::Fixed { frac, bits };
            let (lo, hi) = grid.range();
            for a in [33, 160, 288, 545, 800] {
                let chunks = fixed_chunks(a, bits, frac, &dims).expect("within CHUNKS");
                assert!(chunks <= super::chunks(a).expect("within CHUNKS"));
                let f = frac as i32;
                for (l, t, d) in [
                    (0, 0, 0),
                    (f, 0, f),
                    (2 * f, f, f),
                    (f, f, 0),
                    (2 * f, 0, f),
                ] {
                    for dim in dims {
                        let scale = i32::from(dim.length) * l
                            + i32::from(dim.time) * t
                            + i32::from(dim.direction) * d;
                        for i in 0..100 {
                            let k = match i {
                                0 => lo - 1,
                                1 => hi,
                                2 => 0,
                                3 => -1,
                                _ => lo + i128::from(next(&mut r)) % (hi - lo),
                            };
                            let p = Probe::new(grid.mid(k), scale, a);
                            if p.runs() {
                                ran += 1;
                                let need = residue::bits(chunks);
                                assert!(p.need <= need, "{grid:?} {a} {k} {scale}");
                            }
                        }
                    }
                }
            }
        }
        assert!(ran > 10_000);
    }

    #[test]
    fn searches_settle_on_the_nearest_key() {
        // A value between keys, by its comparisons with exact rationals
        // (v in units of keys: mid(k) = k + 1/2).
        for (v2, start) in [
            (7, 0),
            (7, 100),
            (8, 3),
            (9, -50),
            (-3, 2),
            (-4, -9),
            (0, 5),
        ] {
            // v = v2 / 2; the nearest key, ties (odd v2... no: even v2 is
            // an integer; v2 odd is a tie) to even.
            let (lo, hi) = (-1000, 1000);
            let range = (lo, hi);
            let mut s = Search::new(start, range);
            let mut rounds = 0;
            while s.probes(range).iter().any(Option::is_some) {
                for k in s.probes(range).into_iter().flatten() {
                    s.record(k, v2.cmp(&(2 * k + 1)));
                }
                s.advance();
                rounds += 1;
                assert!(rounds < 40);
            }
            // A start at the nearest key settles in one round.
            assert!(rounds == 1 || start != s.nearest(), "{v2} {start}");
            let expected = if v2 % 2 == 0 {
                v2 / 2
            } else {
                let (a, b) = ((v2 - 1) / 2, (v2 + 1) / 2);
                if a % 2 == 0 { a } else { b }
            };
            assert_eq!(s.nearest(), expected, "{v2} {start}");
        }
        // Past the range: one past an end.
        let mut s = Search::new(0, (-10, 10));
        while let [_, Some(k)] | [Some(k), _] = s.probes((-10, 10)) {
            s.record(k, Ordering::Greater);
            s.advance();
        }
        assert_eq!(s.nearest(), 11);
    }
}
