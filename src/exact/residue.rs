//! Exact signs of polynomials of any width the fallback holds, in a small,
//! fixed frame: the procedure runs on [`Res`], an integer held by its
//! residue modulo one prime below `2^31` (one *chunk*), and is run again
//! for each further chunk where one prime is too few.
//!
//! By the Chinese remainder theorem the residues modulo `n` primes fix an
//! integer modulo `M = p_0 ⋯ p_{n-1}`; an integer `v` with `|v| < M / 2`
//! is the representative of `v mod M` in `(-M/2, M/2)`, so its sign is
//! whether that representative, `V` in `[0, M)`, is zero, at most
//! `(M - 1) / 2`, or above. Garner's algorithm gives `V`'s mixed-radix
//! digits, `V = a_0 + a_1 p_0 + a_2 p_0 p_1 + ⋯` with `0 <= a_i < p_i`:
//! `a_i = (v - (a_0 + p_0 (a_1 + ⋯))) · (p_0 ⋯ p_{i-1})^-1 mod p_i`. Those
//! of `(M - 1) / 2` come from halving `M - 1`'s digits `p_i - 1` from the
//! top, and the two compare digit by digit from the top.
//!
//! Every prime is `2^31 - c` with `c < 2^13`, so a product reduces by
//! `2^31 ≡ c` (two multiply-adds and a subtraction), and a residue of a
//! small integer is the integer itself: the ring's constants need no
//! prime. Each prime is above `2^30.999`, so `k` chunks decide integers
//! below `2^(30 k - 1)` ([`bits`]).
//!
//! Where one chunk holds every polynomial a procedure takes the sign of,
//! each sign is decided as it is taken. Where `k > 1` are needed, the
//! procedure is replayed: each run follows the signs decided so far and
//! captures the residue of the next one; `k` runs (one per chunk) give
//! that sign's residues modulo `k` primes. A sign costs `k` runs, and the
//! frame holds one residue per value whatever the width: no wide integer
//! (one, not two or eight: a construction's run holds every value it
//! builds, and the stack bound ranks above the runs a wide sign costs).
//! A decision's replay keeps the digits of [`DECISION_CHUNKS`], a
//! comparison's those its caller sizes for the construction's widest
//! parts on its backend (module `nearest`), at most [`CHUNKS`].

use super::{FALLBACK_BITS, Ring};
use core::cell::Cell;
use core::cmp::Ordering;
use core::ops::{Add, Mul, Neg, Sub};

/// Primes per value: one chunk. One: a [`Res`] is then eight bytes on a
/// 32-bit target, not twelve, and a construction's run holds every value
/// it builds (`f32`'s 2D sweeps, 0.6 to 0.7 KB less stack); a wide sign
/// takes twice the runs.
pub const LANES: usize = 1;

/// Chunks: enough for a comparison of the widest construction with a
/// midpoint (module `nearest`; a test checks). A decision takes as many as
/// its inputs need, two at least (a chunk holds 29 bits, below
/// [`super::COEFFICIENT_BITS`]).
pub const CHUNKS: usize = 356;

/// The primes: the `LANES · CHUNKS` largest below `2^31`, in descending
/// order, `LANES` per chunk, each held as half its distance below the one
/// before (below `2^31 - 1`, itself prime, for the first): a byte a
/// prime in every image with a residue (every such gap is below 512,
/// checked here).
const GAPS: [u8; LANES * CHUNKS] = {
    let mut out = [0; LANES * CHUNKS];
    let (mut n, mut before) = ((1u64 << 31) - 1, (1u64 << 31) - 1);
    let mut i = 0;
    while i < LANES * CHUNKS {
        while !is_prime(n) {
            n -= 2;
        }
        assert!(c_of(n as u32) < 1 << 13 && (before - n) / 2 < 256);
        out[i] = ((before - n) / 2) as u8;
        before = n;
        n -= 2;
        i += 1;
    }
    out
};

/// The primes in order, counted across the chunks, from [`GAPS`].
#[inline]
fn all_primes() -> impl Iterator<Item = u32> {
    GAPS.iter().scan((1u32 << 31) - 1, |p, &g| {
        *p -= 2 * u32::from(g);
        Some(*p)
    })
}

/// Prime `i` (`i + 1` steps of [`all_primes`]; past them, the last).
#[inline]
fn prime(i: usize) -> u32 {
    all_primes().take(i + 1).last().unwrap_or(1)
}

/// The primes of chunk `k` (at most the last).
#[inline]
fn primes(k: usize) -> [u32; LANES] {
    let k = k.min(CHUNKS - 1);
    let mut out = [0; LANES];
    for (l, o) in out.iter_mut().enumerate() {
        *o = prime(k * LANES + l);
    }
    out
}

/// `c` of the prime `p = 2^31 - c` (below `2^13` for every prime: the
/// reductions rely on it, checked with the primes).
#[inline(always)]
const fn c_of(p: u32) -> u32 {
    (1 << 31) - p
}

/// `a^e mod m` (`m < 2^32`).
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

/// Whether `n < 2^32` is prime: Miller–Rabin with the bases 2, 3, 5 and 7,
/// which has no false witness below `3.2 · 10^9`.
const fn is_prime(n: u64) -> bool {
    if n < 2 || n % 2 == 0 {
        return n == 2;
    }
    let (mut d, mut s) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        s += 1;
    }
    let bases = [2u64, 3, 5, 7];
    let mut k = 0;
    while k < bases.len() {
        let a = bases[k] % n;
        k += 1;
        if a == 0 {
            continue;
        }
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        let mut r = 1;
        while r < s && x != n - 1 {
            x = x * x % n;
            r += 1;
        }
        if x != n - 1 {
            return false;
        }
    }
    true
}

/// Magnitude bits whose signs `k` chunks decide: `k · LANES` primes
/// above `2^30.999` make `M > 2^(30 k)`, and `|v| < 2^(30 k - 1)` is
/// below `M / 2`.
#[cfg_attr(not(feature = "fixed"), allow(dead_code))]
pub const fn bits(chunks: usize) -> u32 {
    CHUNK_BITS * chunks as u32 - 1
}

/// The chunks that decide polynomials of `need` magnitude bits, if at most
/// [`CHUNKS`].
pub const fn chunks_for(need: u32) -> Option<usize> {
    // At least one: need + 1 >= 1.
    let k = (need as usize)
        .saturating_add(1)
        .div_ceil(CHUNK_BITS as usize);
    if k <= CHUNKS { Some(k) } else { None }
}

/// Bits a chunk adds: `31 LANES - 1` (module doc).
const CHUNK_BITS: u32 = 31 * LANES as u32 - 1;

const LOW: u64 = (1 << 31) - 1;

/// `x mod p` for `x < 2^64`, `p = 2^31 - c`.
#[inline(always)]
fn reduce64(x: u64, p: u32, c: u32) -> u32 {
    // 2^31 ≡ c: below 2^47, then below 2^31 + 2^29 < 2 p.
    let x = (x >> 31) * u64::from(c) + (x & LOW);
    let x = ((x >> 31) * u64::from(c) + (x & LOW)) as u32;
    if x >= p { x - p } else { x }
}

/// `a b mod p` for `a, b < 2^31`.
#[inline(always)]
fn mul_mod(a: u32, b: u32, p: u32, c: u32) -> u32 {
    reduce64(u64::from(a) * u64::from(b), p, c)
}

/// `x mod p` for `x < 2^32` (`p > 2^31 - 2^13`: at most two subtractions).
#[inline(always)]
fn reduce(x: u32, p: u32) -> u32 {
    let x = if x >= p { x - p } else { x };
    if x >= p { x - p } else { x }
}

/// `2^s mod p`: `2^(s mod 31) · c^(s / 31)`.
fn pow2(s: u32, p: u32, c: u32) -> u32 {
    let (mut r, mut b, mut e) = (reduce(1 << (s % 31), p), c, s / 31);
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, b, p, c);
        }
        b = mul_mod(b, b, p, c);
        e >>= 1;
    }
    r
}

/// `q^-1 mod p` for `q` not a multiple of `p` (Fermat's inverse,
/// `q^(p - 2)`): Garner's factor `(p_0 ⋯ p_{i-1})^-1 mod p_i`, computed
/// where a digit is, not held in a table of a prime's size for each.
fn inverse(q: u32, p: u32, c: u32) -> u32 {
    let (mut r, mut b, mut e) = (1, q, p - 2);
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, b, p, c);
        }
        b = mul_mod(b, b, p, c);
        e >>= 1;
    }
    r
}

/// Garner's digits of one integer, pushed chunk by chunk: its residues
/// modulo each chunk's primes in turn, as many as `digits` holds.
struct Digits<'d> {
    digits: &'d mut [u32],
    n: usize,
    nonzero: bool,
}

impl<'d> Digits<'d> {
    fn new(digits: &'d mut [u32]) -> Digits<'d> {
        Digits {
            digits,
            n: 0,
            nonzero: false,
        }
    }

    /// The residues modulo the next chunk's primes.
    fn push(&mut self, lanes: &[u32; LANES]) {
        let start = self.n;
        if start / LANES >= CHUNKS {
            return;
        }
        let ps = primes(start / LANES);
        self.nonzero |= lanes.iter().any(|&r| r != 0);
        // a_0 + a_1 p_0 + ⋯ mod each new prime, term by term with the
        // weight w = p_0 ⋯ p_{j-1}: one chain a lane.
        let (mut sum, mut w) = ([0u32; LANES], [1u32; LANES]);
        let add = |sum: &mut [u32; LANES], w: &mut [u32; LANES], a: u32, q: u32, only: usize| {
            for ((s, w), &p) in sum.iter_mut().zip(w).zip(&ps).skip(only) {
                let c = c_of(p);
                *s = reduce(*s + mul_mod(reduce(a, p), *w, p, c), p);
                *w = mul_mod(*w, reduce(q, p), p, c);
            }
        };
        for (&a, q) in self.digits.iter().zip(all_primes()).take(start) {
            add(&mut sum, &mut w, a, q, 0);
        }
        // The new digits in order, each added to the chains after it.
        for l in 0..LANES {
            // `w` is now the product of every earlier prime.
            let (Some(&x), Some(&p), Some(&q), Some(&s)) =
                (lanes.get(l), ps.get(l), w.get(l), sum.get(l))
            else {
                return;
            };
            let c = c_of(p);
            let diff = if x >= s { x - s } else { x + (p - s) };
            let a = mul_mod(diff, inverse(q, p, c), p, c);
            if let Some(d) = self.digits.get_mut(start + l) {
                *d = a;
            }
            add(&mut sum, &mut w, a, p, l + 1);
        }
        self.n += LANES;
    }

    /// The sign of the integer, exact where its magnitude is below
    /// `2^bits(k)` for the `k` chunks pushed (module doc).
    fn sign(&self) -> Ordering {
        if !self.nonzero {
            return Ordering::Equal;
        }
        // V against (M - 1) / 2, digit by digit from the top: halving M - 1's
        // digits from the top, each carry worth p_i of the digit below.
        let mut carry = 0u64;
        // `p_i`: the top digit's prime, then each next one up its gap.
        let mut up = prime(self.n.saturating_sub(1));
        for (i, &d) in self.digits.iter().enumerate().take(self.n).rev() {
            let p = up;
            up += 2 * GAPS.get(i).map_or(0, |&g| u32::from(g));
            let t = carry * u64::from(p) + u64::from(p - 1);
            let (half, rest) = ((t / 2) as u32, t % 2);
            carry = rest;
            if d != half {
                return if d < half {
                    Ordering::Greater
                } else {
                    Ordering::Less
                };
            }
        }
        Ordering::Greater
    }
}

/// The sign of the integer with residues `lanes` modulo chunk 0's primes,
/// exact below `2^bits(1)`.
fn signum(lanes: &[u32; LANES]) -> Ordering {
    let mut d = [0; LANES];
    let mut d = Digits::new(&mut d);
    d.push(lanes);
    d.sign()
}

/// At most this many signs of a decision are replayed (two bits each):
/// above any procedure's (the moving sphere against a box, the most, takes
/// a few per feature over 26 features, about 250 at worst).
const MAX_SIGNS: usize = 1024;

/// At most this many signs of a comparison's run (module `nearest`): its
/// radicand's, its denominator's (three) and two midpoints' (three each),
/// after those the construction takes (a positive part or a magnitude, two
/// per axis at most: six).
const RUN_SIGNS: usize = 64;

/// The signs a replayed procedure has decided so far, two bits each in the
/// caller's bytes.
struct Decided<'s> {
    signs: &'s mut [u8],
    len: usize,
}

impl Decided<'_> {
    fn get(&self, i: usize) -> Option<Ordering> {
        if i >= self.len {
            return None;
        }
        let bits = self
            .signs
            .get(i / 4)
            .map_or(0, |b| (b >> (2 * (i % 4))) & 3);
        Some(match bits {
            0 => Ordering::Less,
            1 => Ordering::Equal,
            _ => Ordering::Greater,
        })
    }

    /// Records the next sign; `None` past the bytes' capacity.
    fn push(&mut self, s: Ordering) -> Option<()> {
        let b = self.signs.get_mut(self.len / 4)?;
        *b |= ((s as i8 + 1) as u8) << (2 * (self.len % 4));
        self.len += 1;
        Some(())
    }
}

/// What the values of one run share: their chunk, and how signs are taken.
pub struct Ctx<'a> {
    primes: [u32; LANES],
    /// `None`: one chunk holds every value, each sign is decided as
    /// taken. Else the signs to follow, and the capture of the next.
    replay: Option<&'a Decided<'a>>,
    /// Bits of a value whose sign is taken without a bound of its own.
    need: u32,
    taken: Cell<usize>,
    /// The next sign's lanes, and the bits of its value.
    captured: Cell<Option<([u32; LANES], u32)>>,
}

impl<'a> Ctx<'a> {
    /// Out of line: one copy for every run's caller (each decision's and
    /// comparison's [`replay`]).
    #[inline(never)]
    fn new(chunk: usize, replay: Option<&'a Decided<'a>>, need: u32) -> Ctx<'a> {
        Ctx {
            primes: primes(chunk),
            replay,
            need,
            taken: Cell::new(0),
            captured: Cell::new(None),
        }
    }

    /// Whether this run has captured its sign: what follows is not used,
    /// and may be skipped.
    pub fn done(&self) -> bool {
        self.captured.get().is_some()
    }

    /// The sign of the value `f` builds, below `2^need`: built only where
    /// it is decided now or captured (a replayed sign needs no value).
    pub fn sign_of(&'a self, need: u32, f: impl FnOnce() -> Res<'a>) -> Ordering {
        match self.replay {
            None => f().signum(),
            Some(decided) => self.replayed(decided, need, f),
        }
    }

    /// [`Ctx::sign_of`] in a replay: the sign decided earlier, or the
    /// capture of the next. It takes no sign itself, so that no path of
    /// the call graph leads from a sign back to itself (at opt-level 3 the
    /// compiler merged `sign_of`'s instances into one that did, and
    /// `ci/stack.py` could not bound it).
    fn replayed(&self, decided: &Decided<'_>, need: u32, f: impl FnOnce() -> Res<'a>) -> Ordering {
        let i = self.taken.get();
        self.taken.set(i.saturating_add(1));
        if let Some(s) = decided.get(i) {
            return s;
        }
        if i == decided.len {
            let lanes = match f() {
                Res::Lanes(_, lanes) => lanes,
                Res::Const(v) => self.lift(i64::from(v)),
            };
            self.captured.set(Some((lanes, need)));
        }
        Ordering::Equal
    }

    /// The input `±m · 2^shift`.
    pub fn input(&'a self, neg: bool, m: u64, shift: u32) -> Res<'a> {
        Res::Lanes(self, self.lanes(neg, m, shift))
    }

    /// The lanes of `±m · 2^shift`.
    fn lanes(&self, neg: bool, m: u64, shift: u32) -> [u32; LANES] {
        let mut lanes = [0; LANES];
        // A narrow input (the common case) is one 64-bit value.
        let narrow = m.checked_shl(shift).filter(|v| v >> shift == m);
        for (o, &p) in lanes.iter_mut().zip(&self.primes) {
            let c = c_of(p);
            let r = match narrow {
                Some(v) => reduce64(v, p, c),
                None => mul_mod(reduce64(m, p, c), pow2(shift, p, c), p, c),
            };
            *o = if neg && r != 0 { p - r } else { r };
        }
        lanes
    }

    /// `±m · 2^shift` for a wide `m`.
    pub fn wide(&'a self, neg: bool, m: u128, shift: u32) -> Res<'a> {
        let hi = self.input(neg, (m >> 64) as u64, shift.saturating_add(64));
        hi + self.input(neg, m as u64, shift)
    }

    /// A constant's lanes: inline, as the ring's operations lift their
    /// constant operands (no call below theirs).
    #[inline(always)]
    fn lift(&self, v: i64) -> [u32; LANES] {
        let (m, mut lanes) = (v.unsigned_abs(), [0; LANES]);
        for (o, &p) in lanes.iter_mut().zip(&self.primes) {
            let r = reduce64(m, p, c_of(p));
            *o = if v < 0 && r != 0 { p - r } else { r };
        }
        lanes
    }

    /// The sign of a value of this run without a bound of its own.
    fn sign(&'a self, lanes: &[u32; LANES]) -> Ordering {
        match self.replay {
            None => signum(lanes),
            Some(decided) => self.replayed(decided, self.need, || Res::Lanes(self, *lanes)),
        }
    }
}

/// An integer: a small constant (the ring's own), or its residues modulo
/// one chunk's primes.
#[derive(Clone, Copy)]
pub enum Res<'a> {
    /// A constant, exactly: a procedure builds none of `2^31` or more
    /// ([`super::Procedure::DEGREE`]), so that a [`Res`] takes eight
    /// bytes on a 32-bit target.
    Const(i32),
    /// Residues modulo the primes of the run's chunk.
    Lanes(&'a Ctx<'a>, [u32; LANES]),
}

impl<'a> Res<'a> {
    /// The constant `v`.
    #[inline(always)]
    fn constant(v: i64) -> Res<'a> {
        // Saturating, sign kept: outside the procedures' bound only.
        Res::Const(v.clamp(-i64::from(i32::MAX), i64::from(i32::MAX)) as i32)
    }
}

/// Two operands' lanes in their run's chunk.
type Lanes<'a> = (&'a Ctx<'a>, [u32; LANES], [u32; LANES]);

impl<'a> Res<'a> {
    /// The two operands' lanes in the one chunk, or both constants.
    #[inline(always)]
    fn pair(self, o: Res<'a>) -> Result<Lanes<'a>, (i64, i64)> {
        match (self, o) {
            (Res::Lanes(ctx, a), Res::Lanes(_, b)) => Ok((ctx, a, b)),
            (Res::Lanes(ctx, a), Res::Const(b)) => Ok((ctx, a, ctx.lift(i64::from(b)))),
            (Res::Const(a), Res::Lanes(ctx, b)) => Ok((ctx, ctx.lift(i64::from(a)), b)),
            (Res::Const(a), Res::Const(b)) => Err((i64::from(a), i64::from(b))),
        }
    }

    #[inline(always)]
    fn lanewise(
        self,
        o: Res<'a>,
        f: impl Fn(u32, u32, u32, u32) -> u32,
        k: impl Fn(i64, i64) -> Option<i64>,
    ) -> Res<'a> {
        match self.pair(o) {
            Ok((ctx, mut a, b)) => {
                for ((x, &y), &p) in a.iter_mut().zip(&b).zip(&ctx.primes) {
                    *x = f(*x, y, p, c_of(p));
                }
                Res::Lanes(ctx, a)
            }
            // Outside the coefficients' bound only.
            Err((a, b)) => Res::constant(k(a, b).unwrap_or(i64::MAX)),
        }
    }

    fn signum(&self) -> Ordering {
        match *self {
            Res::Const(v) => i64::from(v).cmp(&0),
            Res::Lanes(ctx, ref lanes) => ctx.sign(lanes),
        }
    }
}

// The operations out of line: inlined, they grew a user's binary by a
// fifth and its build by a quarter (`bash ci/compile-time.sh`), and the
// residues are the rare route.
impl Add for Res<'_> {
    type Output = Self;
    #[inline(never)]
    fn add(self, o: Self) -> Self {
        self.lanewise(o, |a, b, p, _| reduce(a + b, p), i64::checked_add)
    }
}

impl Sub for Res<'_> {
    type Output = Self;
    #[inline(never)]
    fn sub(self, o: Self) -> Self {
        self.lanewise(
            o,
            |a, b, p, _| if a >= b { a - b } else { a + (p - b) },
            i64::checked_sub,
        )
    }
}

impl Neg for Res<'_> {
    type Output = Self;
    #[inline]
    fn neg(self) -> Self {
        Res::zero() - self
    }
}

impl Mul for Res<'_> {
    type Output = Self;
    #[inline(never)]
    fn mul(self, o: Self) -> Self {
        self.lanewise(o, mul_mod, i64::checked_mul)
    }
}

impl Ring for Res<'_> {
    #[inline]
    fn zero() -> Self {
        Res::constant(0)
    }
    #[inline]
    fn one() -> Self {
        Res::constant(1)
    }
    #[inline]
    fn small(n: u32) -> Self {
        Res::constant(i64::from(n))
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
            Res::zero()
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

/// Chunks that hold every decision: the floats' fallback
/// ([`FALLBACK_BITS`]) and fixed point's widest (checked where it
/// decides). A decision's replay keeps digits for these alone.
pub const DECISION_CHUNKS: usize = match chunks_for(FALLBACK_BITS) {
    Some(k) => k,
    None => CHUNKS,
};

/// A decision `f` runs exactly on residues, where every polynomial it
/// takes the sign of is below `2^need` ([`run`]); `None` past
/// [`DECISION_CHUNKS`].
#[inline(never)]
pub fn decide_by<O>(need: u32, f: impl for<'a> Fn(&'a Ctx<'a>) -> O) -> Option<O> {
    if chunks_for(need)? == 1 {
        return Some(f(&Ctx::new(0, None, need)));
    }
    let signs = &mut [0; MAX_SIGNS / 4];
    replay(&f, (need, false), &mut [0; LANES * DECISION_CHUNKS], signs)
}

/// `f` on residues, where every integer whose sign it takes is below
/// `2^need` (or a bound of its own, [`Ctx::sign_of`]): once where a chunk
/// holds them (each sign decided as taken), else replayed for each sign,
/// on as many chunks as that sign needs, with Garner's digits in `digits`
/// (the caller's, sized for its widest sign). `None` where a
/// sign needs more chunks than `digits` holds, or `f` takes more than
/// [`RUN_SIGNS`] signs.
/// One call of [`replay`] either way: the caller's frame holds no
/// context of its own.
#[inline]
pub fn run<O>(need: u32, digits: &mut [u32], f: impl for<'a> Fn(&'a Ctx<'a>) -> O) -> Option<O> {
    let one = chunks_for(need)? == 1;
    replay(&f, (need, one), digits, &mut [0; RUN_SIGNS / 4])
}

/// [`run`]: once, each sign decided as taken, where `one` chunk holds
/// every sign; else replayed for each sign, with Garner's digits in
/// `space` and the signs decided in `signs` (the caller's, zeroed: a
/// decision's and a comparison's differ): `None` where a sign needs more
/// chunks than `space` holds, or there are more signs than `signs`
/// holds.
#[inline(never)]
fn replay<O>(
    f: &impl for<'a> Fn(&'a Ctx<'a>) -> O,
    (need, one): (u32, bool),
    space: &mut [u32],
    signs: &mut [u8],
) -> Option<O> {
    let mut r = Replay {
        decided: Decided { signs, len: 0 },
        digits: Digits::new(space),
        chunk: 0,
        chunks: 0,
    };
    // One run a loop, one context in the frame; what follows a run is
    // [`Replay::next`], one copy for every `f`.
    loop {
        let ctx = Ctx::new(r.chunk, (!one).then_some(&r.decided), need);
        let out = f(&ctx);
        if r.next(ctx.captured.get())? {
            return Some(out);
        }
    }
}

/// A [`replay`] between its runs: the signs decided, the digits of the
/// sign being taken, the chunk of the next run and how many that sign
/// needs.
struct Replay<'s> {
    decided: Decided<'s>,
    digits: Digits<'s>,
    chunk: usize,
    chunks: usize,
}

impl Replay<'_> {
    /// After a run that `captured` a sign's lanes (and the bits of its
    /// value), or none: whether the run's outcome is the answer (every
    /// sign it took was one decided; a later chunk's run captures the
    /// same sign), or another run follows; `None` where the sign needs
    /// more chunks than the digits hold, or more signs than are held.
    #[inline(never)]
    fn next(&mut self, captured: Option<([u32; LANES], u32)>) -> Option<bool> {
        let Some((lanes, bits)) = captured else {
            return (self.chunk == 0).then_some(true);
        };
        let digits = &mut self.digits;
        if self.chunk == 0 {
            (digits.n, digits.nonzero) = (0, false);
            self.chunks = chunks_for(bits).filter(|&k| k * LANES <= digits.digits.len())?;
        }
        digits.push(&lanes);
        self.chunk += 1;
        if self.chunk == self.chunks {
            self.decided.push(digits.sign())?;
            self.chunk = 0;
        }
        Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::align::Plan;
    use crate::exact::int::{Int, limbs};
    use crate::exact::{Dim, FALLBACK_BITS, Procedure, Signs, align::plan};
    use crate::test_rng::next;

    #[test]
    fn the_moduli_are_distinct_primes() {
        let primes: [u32; LANES * CHUNKS] = core::array::from_fn(prime);
        for (i, &p) in primes.iter().enumerate() {
            let p64 = u64::from(p);
            assert!((2..=46_341u64).all(|d| p64 % d != 0), "{p}");
            assert!(p > (1 << 31) - (1 << 13) && p < 1 << 31);
            // Descending: distinct.
            assert!(primes.get(i + 1).is_none_or(|&q| q < p));
        }
        // Every prime between the first and the last is among them.
        let (hi, lo) = (primes[0], primes[primes.len() - 1]);
        let count = (lo..=hi)
            .filter(|&n| (2..=46_341u32).all(|d| n % d != 0))
            .count();
        assert_eq!(count, primes.len());
        // M > 2^(bits(k) + 1) for k chunks, and the chunks hold the fallback.
        for k in 1..=CHUNKS {
            let b: f64 = primes[..LANES * k]
                .iter()
                .map(|&p| f64::from(p).log2())
                .sum();
            assert!(b > f64::from(bits(k) + 1), "{k} {b}");
        }
        assert!(bits(DECISION_CHUNKS) >= FALLBACK_BITS && DECISION_CHUNKS <= CHUNKS);
        // A comparison with a midpoint: 9A + 280 bits for parts of A bits
        // (module `nearest`), A up to half the fallback's bits.
        assert!(bits(CHUNKS) >= 9 * (FALLBACK_BITS - 8) / 2 + 280);
        assert_eq!(chunks_for(bits(1)), Some(1));
        assert_eq!(chunks_for(bits(1) + 1), Some(2));
        assert_eq!(chunks_for(bits(CHUNKS) + 1), None);
        // Garner's factors: (p_0 ⋯ p_{i-1}) inverse(..) ≡ 1 mod p_i.
        for (i, &p) in primes.iter().enumerate() {
            let q = primes[..i]
                .iter()
                .fold(1u64, |q, &r| q * u64::from(r) % u64::from(p));
            let inv = inverse(q as u32, p, c_of(p));
            assert!(inv < p);
            assert_eq!(q * u64::from(inv) % u64::from(p), 1);
        }
    }

    #[test]
    fn reduction_agrees_with_remainder() {
        let mut s = 5u64;
        for p in (0..LANES * CHUNKS).map(prime) {
            let c = c_of(p);
            for x in [0, 1, u64::MAX, u64::from(p), u64::from(p) * 3 - 1] {
                assert_eq!(u64::from(reduce64(x, p, c)), x % u64::from(p));
            }
            for _ in 0..200 {
                let x = next(&mut s);
                assert_eq!(u64::from(reduce64(x, p, c)), x % u64::from(p));
                let (a, b) = ((x >> 33) as u32 % p, (x as u32) >> 1);
                let b = b % p;
                assert_eq!(
                    u64::from(mul_mod(a, b, p, c)),
                    u64::from(a) * u64::from(b) % u64::from(p)
                );
                let e = (x % 3000) as u32;
                assert_eq!(
                    u64::from(pow2(e, p, c)),
                    pow_mod(2, u64::from(e), u64::from(p))
                );
            }
        }
    }

    /// [`Chain`] on the residues of `plan`'s inputs ([`decide_by`]).
    fn decide<const D: u32>(plan: &Plan<4>, need: u32) -> Option<[Ordering; 6]> {
        decide_by(need, |ctx| {
            Chain::<D>.run(&plan.residues(ctx), &mut Signs::new())
        })
    }

    /// Polynomials of degree `D` in four inputs, with signs taken on the
    /// way and a branch on each, so that a replay follows the path.
    struct Chain<const D: u32>;

    impl<const D: u32> Procedure<4> for Chain<D> {
        type Out = [Ordering; 6];
        const DIMS: [Dim; 4] = [Dim::LENGTH; 4];
        const DEGREE: u32 = D;
        fn run<R: Ring>(&self, x: &[R; 4], s: &mut Signs) -> [Ordering; 6] {
            let [a, b, c, d] = x.clone();
            let mut out = [Ordering::Equal; 6];
            // (a b - c d), then its powers up to degree D: a b c d - d c b a
            // is zero, and a branch on each sign.
            let f = a.clone() * b.clone() - c.clone() * d.clone();
            out[0] = s.sign(&f);
            let g = if out[0] == Ordering::Less {
                (a.clone() - d.clone()).abs()
            } else {
                (b.clone() - c.clone()).positive_part()
            };
            out[1] = s.sign(&(g.clone() - a.clone()));
            let mut p = f.clone();
            for _ in 2..D / 2 {
                p = p * f.clone();
            }
            let e = a.clone() * b.clone() * c.clone() * d.clone()
                - d.clone() * c.clone() * b.clone() * a.clone();
            out[2] = s.sign(&e);
            out[3] = s.sign(&(p.clone() - R::small(3) * g.clone() * g));
            out[4] = s.sign(&(-p.clone() + R::one() + R::one()));
            out[5] = s.sign(&(p * R::small(2) - R::small(7) * (a * b + c * d)));
            out
        }
    }

    /// Signs of wide polynomials, replayed over several chunks, against
    /// the same procedure on wide integers; with exact zeros, and inputs
    /// spread over hundreds of binary orders.
    #[test]
    fn signs_agree_with_wide_integers() {
        type W = Int<{ limbs(2560) }>;
        fn check<const D: u32>(x: &[f64; 4]) {
            let plan = plan(x, &[Dim::LENGTH; 4], true).expect("finite");
            let need = crate::exact::kernel::decision_bits(D, plan.bits());
            // The wide integers hold 2,559 bits.
            let Some(chunks) = chunks_for(need).filter(|_| need <= bits(DECISION_CHUNKS)) else {
                return;
            };
            let ints: [W; 4] = plan.build().expect("fits");
            let expected = Chain::<D>.run(&ints, &mut Signs::new());
            assert_eq!(decide::<D>(&plan, need), Some(expected), "{x:?} {chunks}");
        }
        let mut s = 3u64;
        let mut wide = 0;
        for i in 0..3_000 {
            let spread = [4, 60, 300, 600][i % 4];
            let x: [f64; 4] = core::array::from_fn(|_| {
                let m = (next(&mut s) >> 11) as f64;
                let e = (next(&mut s) % spread) as i32 - spread as i32 / 2;
                let v = m * 2f64.powi(e - 52);
                if next(&mut s) % 5 == 0 { -v } else { v }
            });
            // Ties: one product equal to another.
            let x = if i % 7 == 0 {
                [x[0], x[1], x[1], x[0]]
            } else {
                x
            };
            check::<4>(&x);
            check::<8>(&x);
            if i == 0 {
                // Past a decision's chunks: refused, not misread.
                let p = plan(&x, &[Dim::LENGTH; 4], true).expect("finite");
                assert_eq!(decide::<4>(&p, bits(DECISION_CHUNKS) + 1), None);
                assert!(decide::<4>(&p, bits(DECISION_CHUNKS)).is_some());
            }
            let p = plan(&x, &[Dim::LENGTH; 4], true).expect("finite");
            wide +=
                usize::from(chunks_for(crate::exact::kernel::decision_bits(8, p.bits())) > Some(4));
        }
        assert!(wide > 500, "{wide}");
    }

    /// A residue takes two words (a pointer and one residue, or a
    /// constant): eight bytes on a 32-bit target, where a construction's
    /// run holds every value it builds.
    #[test]
    fn a_residue_takes_two_words() {
        assert_eq!(size_of::<Res<'_>>(), 2 * size_of::<usize>());
    }

    /// The edges of one chunk's range, `±(2^29 - 1)` and `±1`, and exact
    /// zeros of values far wider than it (`2^245 - 2^245`).
    #[test]
    fn signs_at_the_edges() {
        let ctx = Ctx::new(0, None, bits(1));
        let two = |e: u32| ctx.input(false, 1, e);
        let one = Res::one();
        let top = two(bits(1)) - one;
        assert_eq!(top.signum(), Ordering::Greater);
        assert_eq!((-top).signum(), Ordering::Less);
        assert_eq!(((two(0) - one) - one).signum(), Ordering::Less);
        assert_eq!((two(245) - two(245)).signum(), Ordering::Equal);
        assert_eq!(
            (ctx.input(true, 1 << 63, 0) + two(63)).signum(),
            Ordering::Equal
        );
        assert_eq!(ctx.input(true, 3, bits(1) - 3).signum(), Ordering::Less);
        assert_eq!(
            (ctx.input(false, (1 << (bits(1) - 4)) - 1, 3) - two(bits(1) - 1)).signum(),
            Ordering::Less
        );
        assert_eq!(
            (Res::small(5) * Res::small(3) - one).signum(),
            Ordering::Greater
        );
    }
}
