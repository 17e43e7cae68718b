//! The exact route of a construction: `(a + b√c) / (d + e√c)` from exact
//! integers, rounded once.
//!
//! A sum `x + y√c` whose terms have the same sign (or one zero) is
//! evaluated as it stands; where they have opposite signs it is
//! `(x² - y²c) / (x - y√c)`, whose numerator is an exact integer (zero
//! exactly when the sum is) and whose denominator adds magnitudes. Every
//! remaining step (the root, products, quotients and sums of positive
//! values) is done on 128-bit significands truncated toward zero
//! ([`Wide`]), each with a relative error below `2^-126`; at most 12 of
//! them give a value within `2^-122` relative of the exact one, which is
//! then rounded to nearest once, ties to even: to the float format or to
//! fixed point's grid of `2^-frac` ([`Grid`]).
//!
//! Where the approximation lies within its error of a midpoint between two
//! neighbours of the grid, it cannot tell which is nearest: there the side
//! of the midpoint `m` is decided exactly ([`residue::side`]). For
//! `v = (a + b√c) / (d + e√c)` that is the sign of `(a - m d) + (b - m e)√c`
//! times that of `d + e√c`, each a sum `x + y√c` decided as above with
//! `x² - y²c` by its residues, as wide as the parts times a midpoint are
//! (`TIE_BITS` for the widest). So every value is the nearest, ties to
//! even, exactly. Integer arithmetic only, so the bits are the same on
//! every target, with or without a floating-point unit.

use super::Surd;
use super::filter::Ieee;
use super::int::{Int, limbs};
use super::residue;
use core::cmp::Ordering;

/// Significand bits of a [`Wide`].
const W: u32 = 128;

/// Units of a [`Wide`]'s last bit within which its rounding may differ
/// from the exact value's: its error is below `2^-122` of the value, 64
/// units of a significand below `2^128`.
const NEAR: u128 = 1 << 8;

/// Bits that decide a near-tie of the widest construction (module
/// `residue` holds them). A part of a construction has at most `B =
/// FALLBACK_BITS / 2` bits; a sum `a + b√c` of such parts is nonzero only
/// at least `1 / (2|a|)` (as `a² - b²c` is a nonzero integer), so the
/// numerator or the denominator cancels by at most `2B + 1` bits, and `x`,
/// `y` of [`residue::side`] (a part against a midpoint of at most 130 bits,
/// scaled to integers) have at most `3B + 132` bits: `x²` and `y²c` (`c`
/// below `2^(2B + 8)`) fit `8B + 280` bits.
#[cfg(test)]
pub const TIE_BITS: u32 = 4 * super::FALLBACK_BITS + 320;

/// Integers holding a product or a shifted quotient of two significands.
type Pair = Int<{ limbs(2 * W + 66) }>;

/// A positive value `m · 2^e` with `2^(W-1) <= m < 2^W`.
#[derive(Clone, Copy, Debug)]
pub struct Wide {
    m: Pair,
    e: i32,
}

impl Wide {
    /// `|x|` truncated to `W` bits; `None` for zero.
    fn of<const K: usize>(x: &Int<K>) -> Option<Wide> {
        let (top, scale, _) = x.top_bits(W);
        if top == 0 {
            return None;
        }
        let up = top.leading_zeros();
        Some(Wide {
            m: Pair::from_u128(top << up)?,
            e: scale as i32 - up as i32,
        })
    }

    /// `m · 2^e` for any positive integer `m`, normalised (truncated).
    fn normal(m: Pair, e: i32) -> Option<Wide> {
        let b = m.bits();
        if b == 0 {
            return None;
        }
        Some(if b > W {
            Wide {
                m: m.shr_magnitude(b - W).0,
                e: e + (b - W) as i32,
            }
        } else {
            Wide {
                m: m.shl(W - b),
                e: e - (W - b) as i32,
            }
        })
    }

    fn mul(self, o: Wide) -> Option<Wide> {
        Wide::normal(self.m * o.m, self.e + o.e)
    }

    fn div(self, o: Wide) -> Option<Wide> {
        let (q, _) = self.m.shl(W).div_rem(o.m)?;
        Wide::normal(q, self.e - o.e - W as i32)
    }

    fn add(self, o: Wide) -> Option<Wide> {
        let (hi, lo) = if self.e >= o.e { (self, o) } else { (o, self) };
        let gap = (hi.e - lo.e) as u32;
        let lo_m = if gap >= 2 * W {
            Pair::ZERO
        } else {
            lo.m.shr_magnitude(gap).0
        };
        Wide::normal(hi.m + lo_m, hi.e)
    }

    fn sqrt(self) -> Option<Wide> {
        // √(m 2^e) = √(m 2^(W + odd)) 2^((e - W - odd) / 2).
        let odd = (self.e - W as i32).rem_euclid(2) as u32;
        let r = self.m.shl(W + odd).isqrt()?;
        Wide::normal(r, (self.e - W as i32 - odd as i32) / 2)
    }

    fn scaled(self, by: i32) -> Wide {
        Wide {
            e: self.e + by,
            ..self
        }
    }
}

/// A signed value: its sign and magnitude (`None`: exactly zero).
pub type Signed = (Ordering, Option<Wide>);

/// Where a value is rounded.
#[derive(Clone, Copy, Debug)]
pub enum Grid {
    /// A float format: `precision` significand bits, exponents below
    /// `max_exp`, subnormals below `2^(1 - max_exp)`.
    Float {
        /// Significand bits, the implicit one included.
        precision: i32,
        /// One past the largest exponent.
        max_exp: i32,
    },
    /// Multiples of `2^-frac`.
    #[cfg_attr(not(feature = "fixed"), allow(dead_code))]
    Fixed {
        /// Fraction bits.
        frac: u32,
    },
}

impl Grid {
    /// `F`'s format.
    pub fn float<F: Ieee>() -> Grid {
        Grid::Float {
            precision: F::PRECISION as i32,
            max_exp: F::MAX_EXP,
        }
    }

    /// How many low bits of `v`'s significand rounding to this grid drops.
    fn cut(self, v: &Wide) -> i32 {
        match self {
            Grid::Float { precision, max_exp } => {
                // v ∈ [2^x, 2^(x+1)); p bits kept when normal, fewer below.
                let x = v.e + (W - 1) as i32;
                let min_exp = 1 - max_exp;
                let keep = if x >= min_exp {
                    precision
                } else {
                    precision - (min_exp - x)
                };
                W as i32 - keep
            }
            Grid::Fixed { frac } => -(v.e + frac as i32),
        }
    }
}

/// `x + y√c` with `root = √c` (`None`: `c = 0`).
fn half<const K: usize>(x: &Int<K>, y: &Int<K>, c: &Int<K>, root: Option<Wide>) -> Option<Signed> {
    let (sx, sy) = (x.signum(), y.signum());
    let Some(root) = root.filter(|_| sy != Ordering::Equal) else {
        return Some((sx, Wide::of(x)));
    };
    let y_root = Wide::of(y)?.mul(root)?;
    if sx == Ordering::Equal {
        return Some((sy, Some(y_root)));
    }
    if sx == sy {
        return Some((sx, Some(Wide::of(x)?.add(y_root)?)));
    }
    // Opposite signs: (x² - y²c) / (x - y√c).
    let n = *x * *x - *y * *y * *c;
    let sign = match n.signum() {
        Ordering::Greater => sx,
        Ordering::Less => sy,
        Ordering::Equal => return Some((Ordering::Equal, None)),
    };
    let den = Wide::of(x)?.add(y_root)?;
    Some((sign, Some(Wide::of(&n)?.div(den)?)))
}

/// `√c` (`None` for `c = 0`); a negative `c` is taken as 0 (the procedure
/// decided it is not).
pub fn root<const K: usize>(c: &Int<K>) -> Option<Wide> {
    Wide::of(c)?.sqrt()
}

/// `(a + b√c) / (d + e√c) · 2^-scale`, from exact parts (`root = √c`):
/// its sign and magnitude, the magnitude on the side of each midpoint of
/// `grid` that the exact value is on (so that rounding it to nearest on
/// `grid` gives the exact value's nearest); `None` if the denominator is
/// zero or a step fails (it cannot within the stated sizes).
pub fn value<const K: usize>(
    p: &Surd<Int<K>>,
    c: &Int<K>,
    root: Option<Wide>,
    scale: i32,
    grid: Grid,
) -> Option<Signed> {
    let (sn, n) = half(&p.a, &p.b, c, root)?;
    let (sd, d) = half(&p.d, &p.e, c, root)?;
    let d = d?;
    let Some(n) = n else {
        return Some((Ordering::Equal, None));
    };
    let sign = if sn == sd {
        Ordering::Greater
    } else {
        Ordering::Less
    };
    let v = n.div(d)?.scaled(-scale);
    let tie = |mid: u128, exp: i32| {
        let parts = [
            p.a.limbs(),
            p.b.limbs(),
            p.d.limbs(),
            p.e.limbs(),
            c.limbs(),
        ];
        residue::side(parts, sign == Ordering::Less, sd, mid, exp + scale)
    };
    Some((sign, Some(settle(v, grid, tie))))
}

/// `v` with its significand moved to the side of the nearest midpoint of
/// `grid` that the exact value is on, where `v` is within its error of it:
/// `tie(mid, exp)` gives the exact value's magnitude against `mid ·
/// 2^exp`. Elsewhere `v` as it is.
fn settle(v: Wide, grid: Grid, tie: impl FnOnce(u128, i32) -> Option<Ordering>) -> Wide {
    let s = grid.cut(&v);
    let (top, _, _) = v.m.top_bits(W);
    // The midpoint between q0 · 2^s and (q0 + 1) · 2^s, in units of the
    // significand's last bit (`s = W + 1`: half the grid's least step).
    let (q0, gap) = match s {
        2..=128 => {
            let q0 = top.checked_shr(s as u32).unwrap_or(0);
            let rest = top - q0.checked_shl(s as u32).unwrap_or(0);
            (q0, rest.abs_diff(1 << (s - 1)))
        }
        129 => (0, u128::MAX - top + 1),
        _ => return v,
    };
    if gap > NEAR {
        return v;
    }
    let Some(side) = tie(2 * q0 + 1, v.e + s - 1) else {
        return v;
    };
    let (m, e) = if s == 129 {
        // Half the least step: above it rounds up, at it or below to 0.
        match side {
            Ordering::Greater => ((1 << 127) + 1, v.e + 1),
            Ordering::Equal => (1 << 127, v.e + 1),
            Ordering::Less => return v,
        }
    } else {
        let base = q0.checked_shl(s as u32).unwrap_or(0) + (1 << (s - 1));
        let m = match side {
            Ordering::Greater => base + 1,
            Ordering::Less => base - 1,
            Ordering::Equal => base,
        };
        (m, v.e)
    };
    match Pair::from_u128(m) {
        Some(m) => Wide { m, e },
        None => v,
    }
}

/// The nearest float to `±v`, ties to even (the exact value's nearest
/// where [`value`] settled `v` on [`Grid::float`]); `None` if it
/// overflows.
pub fn to_float<F: Ieee>((sign, v): Signed) -> Option<F> {
    let neg = sign == Ordering::Less;
    let Some(v) = v else {
        return Some(F::ZERO);
    };
    let (top, _, _) = v.m.top_bits(W);
    // v ∈ [2^x, 2^(x+1)).
    let x = v.e + (W - 1) as i32;
    let p = F::PRECISION as i32;
    let min_exp = 1 - F::MAX_EXP;
    if x > F::MAX_EXP {
        return None;
    }
    let rounded = round_shift(top, Grid::float::<F>().cut(&v));
    let bits = if x >= min_exp {
        // The implicit bit carries into the exponent field (and a
        // rounding up to 2^p into the next binade).
        ((x + F::MAX_EXP - 1) as u64) << (p - 1) as u32
    } else {
        0
    } + rounded as u64;
    let inf = ((2 * F::MAX_EXP + 1) as u64) << (p - 1) as u32;
    (bits < inf).then(|| F::from_magnitude_bits(neg, bits))
}

/// The nearest multiple of `2^-frac` to `±v`, as an integer count of them,
/// ties to even (the exact value's nearest where [`value`] settled `v` on
/// [`Grid::Fixed`]); `None` from `2^96` counts.
#[cfg(feature = "fixed")]
pub fn to_fixed((sign, v): Signed, frac: u32) -> Option<i128> {
    let Some(v) = v else {
        return Some(0);
    };
    let (top, _, _) = v.m.top_bits(W);
    // v · 2^frac = top / 2^cut with top >= 2^(W-1): below 2^96 counts
    // while 32 bits or more are cut.
    let cut = Grid::Fixed { frac }.cut(&v);
    if cut < W as i32 - 96 {
        return None;
    }
    let mag = round_shift(top, cut);
    let mag = i128::try_from(mag).ok()?;
    Some(if sign == Ordering::Less { -mag } else { mag })
}

/// `x / 2^s` rounded to nearest, ties to even (`s <= 0`: `x` itself; `s`
/// past the width: 0).
fn round_shift(x: u128, s: i32) -> u128 {
    if s <= 0 {
        return x;
    }
    if s > 128 {
        return 0;
    }
    let q = x.checked_shr(s as u32).unwrap_or(0);
    let rest = x - q.checked_shl(s as u32).unwrap_or(0);
    let half = 1u128 << (s - 1);
    if rest > half || (rest == half && q & 1 == 1) {
        q + 1
    } else {
        q
    }
}

#[cfg(test)]
mod tests {
    use super::{Grid, root, to_fixed, to_float, value};
    use crate::exact::Surd;
    use crate::exact::int::Int;
    use crate::test_rng::next;
    use rug::{Integer, Rational};
    use std::vec::Vec;

    type I = Int<{ super::limbs(1024) }>;

    fn int(x: &Integer) -> I {
        let neg = *x < 0;
        let m = Integer::from(x.abs_ref());
        let mut out = I::ZERO;
        for (i, d) in m
            .to_digits::<u64>(rug::integer::Order::Lsf)
            .iter()
            .enumerate()
        {
            out = out + I::from_parts(false, *d, 64 * i as u32).unwrap();
        }
        if neg { -out } else { out }
    }

    fn random(s: &mut u64, bits: u32) -> Integer {
        let b = (next(s) % u64::from(bits)) as u32;
        let mut x = Integer::from(next(s) % 3);
        while x.significant_bits() < b {
            x = (x << 64) + next(s);
        }
        x >>= x.significant_bits().saturating_sub(b);
        match next(s) % 4 {
            0 => -x,
            1 => Integer::new(),
            _ => x,
        }
    }

    /// The value with `√c` to 4000 bits (enough to survive the
    /// cancellation of the tests); `None` for a zero denominator.
    fn reference(p: &[Integer; 5], scale: i32) -> Option<Rational> {
        let bits = 4000;
        let s = Rational::from((
            Integer::from(&p[2] << (2 * bits)).sqrt(),
            Integer::from(1) << bits,
        ));
        let n = Rational::from(&p[0]) + Rational::from(&p[1]) * &s;
        let d = Rational::from(&p[3]) + Rational::from(&p[4]) * &s;
        if d == 0 {
            return None;
        }
        let v = n / d;
        Some(if scale >= 0 {
            v >> scale as u32
        } else {
            v << (-scale) as u32
        })
    }

    /// The integer nearest `x`, ties to even.
    fn round_even(x: &Rational) -> Integer {
        let floor = x.clone().floor().numer().clone();
        let rest = x.clone() - &floor;
        let half = Rational::from((1, 2));
        let up = rest > half || (rest == half && floor.is_odd());
        floor + u32::from(up)
    }

    /// `x` (nonzero) rounded to `bits` significant bits, to nearest, ties
    /// to even, as an `f64` (exact for `bits <= 53` in a normal range).
    fn nearest(x: &Rational, bits: u32) -> f64 {
        let neg = *x < 0;
        let mut m = x.clone().abs();
        let mut k: i32 = 0;
        let (lo, hi) = (Integer::from(1) << (bits - 1), Integer::from(1) << bits);
        while m < lo {
            m <<= 1u32;
            k += 1;
        }
        while m >= hi {
            m >>= 1u32;
            k -= 1;
        }
        let units = round_even(&m).to_f64();
        let v = units * 2f64.powi(-k);
        if neg { -v } else { v }
    }

    /// `|got - want| <= 1 ulp` of `got`'s format at `got`.
    fn within_ulp(got: f64, want: &Rational, eps: f64, tiny: f64) -> bool {
        let ulp = (got.abs() * eps).max(tiny);
        let err = (Rational::from_f64(got).unwrap() - want).abs();
        err <= Rational::from_f64(ulp).unwrap()
    }

    #[test]
    fn surds_round_within_one_unit() {
        let mut s = 11;
        let mut checked = 0;
        for _ in 0..20_000 {
            let mut p: [Integer; 5] = core::array::from_fn(|_| random(&mut s, 300));
            p[2] = p[2].clone().abs();
            if next(&mut s) % 3 == 0 {
                // x ≈ -y√c: heavy cancellation.
                let k: Integer = random(&mut s, 100).abs() + 1;
                p[2] = k.clone() * &k * (Integer::from(next(&mut s) % 5) + 2) + (next(&mut s) % 3);
                let r = Integer::from(p[2].sqrt_ref());
                p[0] = -(p[1].clone() * &r) + (next(&mut s) % 3);
            }
            let scale = (next(&mut s) % 200) as i32 - 100;
            let ints: Vec<I> = p.iter().map(int).collect();
            let surd = Surd {
                a: ints[0],
                b: ints[1],
                d: ints[3],
                e: ints[4],
            };
            let Some(want) = reference(&p, scale) else {
                continue;
            };
            let on = |grid| {
                value(&surd, &ints[2], root(&ints[2]), scale, grid).expect("nonzero denominator")
            };
            let got = on(Grid::float::<f64>());
            checked += 1;
            if want == 0 {
                assert!(got.1.is_none(), "exact zero");
                continue;
            }
            let f: f64 = to_float(got).expect("in range");
            assert_eq!(f, nearest(&want, 53), "{want}");
            if let Some(g) = to_float::<f32>(on(Grid::float::<f32>())) {
                assert!(
                    within_ulp(f64::from(g), &want, f64::from(f32::EPSILON), 1e-45),
                    "{g:e}"
                );
                if g.abs() >= f32::MIN_POSITIVE {
                    assert_eq!(f64::from(g), nearest(&want, 24), "{want}");
                }
            }
            if let Some(r) = to_fixed(on(Grid::Fixed { frac: 32 }), 32) {
                // The nearest multiple of 2^-32, ties to even.
                let nearest = round_even(&(want.clone() << 32u32));
                assert_eq!(Integer::from(r), nearest, "fixed {r} for {want}");
            }
        }
        assert!(checked > 15_000);
    }

    #[test]
    fn floats_round_to_nearest_at_the_edges() {
        // 1 + 2^-53 (a tie) rounds to even: 1.0; just above, up.
        let one = |extra: Integer| {
            let a = (Integer::from(1) << 200) + extra;
            let surd = Surd {
                a: int(&a),
                b: I::ZERO,
                d: I::from_parts(false, 1, 0).unwrap(),
                e: I::ZERO,
            };
            value(&surd, &I::ZERO, None, 200, Grid::float::<f64>()).unwrap()
        };
        assert_eq!(to_float::<f64>(one(Integer::from(1) << 147)), Some(1.0));
        // Above the tie by more than the 128 bits kept lose: up.
        assert_eq!(
            to_float::<f64>(one((Integer::from(1) << 147) + (Integer::from(1) << 100))),
            Some(1.0 + f64::EPSILON)
        );
        // The largest finite and the smallest subnormal.
        let big = Surd {
            a: I::from_parts(false, (1 << 53) - 1, 0).unwrap(),
            b: I::ZERO,
            d: I::from_parts(false, 1, 0).unwrap(),
            e: I::ZERO,
        };
        let f64s = Grid::float::<f64>();
        let v = value(&big, &I::ZERO, None, -(1023 - 52), f64s).unwrap();
        assert_eq!(to_float::<f64>(v), Some(f64::MAX));
        let v = value(&big, &I::ZERO, None, -(1024 - 52), f64s).unwrap();
        assert_eq!(to_float::<f64>(v), None);
        let tiny = Surd {
            a: I::from_parts(true, 1, 0).unwrap(),
            ..big
        };
        let v = value(&tiny, &I::ZERO, None, 1074, f64s).unwrap();
        assert_eq!(to_float::<f64>(v), Some(-f64::from_bits(1)));
        let v = value(&tiny, &I::ZERO, None, 1076, f64s).unwrap();
        assert_eq!(
            to_float::<f64>(v).map(f64::to_bits),
            Some((-0.0f64).to_bits())
        );
        assert_eq!(
            to_fixed(
                value(&tiny, &I::ZERO, None, 3, Grid::Fixed { frac: 2 }).unwrap(),
                2
            ),
            Some(0)
        );
        assert_eq!(
            to_fixed(
                value(&tiny, &I::ZERO, None, 1, Grid::Fixed { frac: 2 }).unwrap(),
                2
            ),
            Some(-2)
        );
    }
}
