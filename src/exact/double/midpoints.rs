//! The nearest float to an exact value `v = (n + r √c) / (d + s √c)`,
//! where `n`, `r`, `d`, `s` and `c` are known exactly as sums of floats
//! (module `expansion`; `r = s = 0` for a rational value): a value the
//! double-word route could not round, because it lies on or near a
//! midpoint between two floats (a grid's sum `2 + 0.47` is one) or
//! cancels far below its terms.
//!
//! With `c₀` the route's candidate, `c⁻ < c₀ < c⁺` its neighbours and
//! `m⁻`, `m⁺` the midpoints `c₀ - (c₀ - c⁻) / 2`, `c₀ + (c⁺ - c₀) / 2` (a
//! float and a power of two: exact), the nearest float to `v` is `c₀`
//! where `m⁻ < v < m⁺`, and the even one of the two at `v = m±`. Each
//! comparison is the sign of `v - m`, that of `x + y √c` with `x = n - m
//! d` and `y = r - m s`, times that of the denominator `d + s √c`: the
//! sign of `x` and `y` where they agree, else that of `x + y S` for `S`
//! the root to about `2^-150` with a proved bound (three floats, from the
//! exact residual `c - S²`), else that of `x² - y² c` times that of `x`,
//! in double-word arithmetic with a bound (`expansion::Filter`), else
//! exactly: by distillation of the same products (`expansion::Terms`),
//! else on their exact sum. A zero
//! candidate answers `+0` where `v` is exactly zero, as every route
//! rounds it. Where a product could underflow, a value overflows, a sum
//! would outgrow its room, or `v` is not between `m⁻` and `m⁺`, there is
//! no answer here (`None`) and the caller takes the exact route.

use super::Double;
use crate::exact::expansion::{Filter, Products, Sum, Terms};
use crate::exact::filter::Ieee;
use crate::exact::{Part, Surd};
use core::cell::OnceCell;
use core::cmp::Ordering;

/// `x` where it is exact (`e = 0`: `h + l`, module `double`), else
/// `None`.
pub fn exact<F: Ieee, const T: bool, const R: usize>(x: &Double<F, T>) -> Option<Sum<F, R>> {
    if x.e != F::ZERO {
        return None;
    }
    let mut s = Sum::of(F::ZERO);
    s.push(x.l);
    s.push(x.h);
    Some(s)
}

/// A part whose polynomials are exact, as sums.
pub fn exact_part<F: Ieee, const T: bool, const R: usize>(
    p: &Part<Double<F, T>>,
) -> Option<Part<Sum<F, R>>> {
    Some(match p {
        Part::Surd(s) => Part::Surd(Surd {
            a: exact(&s.a)?,
            b: exact(&s.b)?,
            d: exact(&s.d)?,
            e: exact(&s.e)?,
        }),
        Part::Along(p, q, m) => Part::Along(exact(p)?, exact(q)?, exact(m)?),
    })
}

/// A part of a construction's exact sums in the room of the comparisons
/// ([`ROOM`]; a sum that does not fit is spoilt).
pub fn resized<F: Ieee>(p: &Part<Sum<F>>) -> Part<Sum<F, ROOM>> {
    p.map(Sum::resized)
}

/// A value `(n + r √c) / (d + s √c)` of exact sums (`r = s = 0`:
/// rational).
#[derive(Clone, Copy, Debug)]
pub struct Value<F, const R: usize> {
    n: Sum<F, R>,
    r: Sum<F, R>,
    d: Sum<F, R>,
    s: Sum<F, R>,
}

/// A surd's value (of radicand `c`).
fn surd<F: Ieee, const R: usize>(s: &Surd<Sum<F, R>>) -> Value<F, R> {
    Value {
        n: s.a,
        r: s.b,
        d: s.d,
        s: s.e,
    }
}

/// Value 0 of a construction of exact parts whose first part is
/// `first`: the base of the values along it ([`value`]).
pub fn base<F: Ieee, const R: usize>(first: &Part<Sum<F, R>>) -> Value<F, R> {
    match first {
        Part::Surd(s) => surd(s),
        Part::Along(p, _, m) => rational(p, m),
    }
}

/// `n / d`.
fn rational<F: Ieee, const R: usize>(n: &Sum<F, R>, d: &Sum<F, R>) -> Value<F, R> {
    let zero = Sum::of(F::ZERO);
    Value {
        n: *n,
        r: zero,
        d: *d,
        s: zero,
    }
}

/// Value `i` of a construction of exact parts whose value 0 is `v`
/// ([`base`]). A value along value 0, `(p + q v) / m` with `v = (n + r √c)
/// / (d + s √c)`, is `(p d + q n + (p s + q r) √c) / (m d + m s √c)`.
fn value<F: Ieee, const R: usize>(
    i: usize,
    part: &Part<Sum<F, R>>,
    v: &Value<F, R>,
) -> Value<F, R> {
    match part {
        Part::Surd(s) => surd(s),
        Part::Along(p, _, m) if i == 0 => rational(p, m),
        Part::Along(p, q, m) => {
            // Each sum built in place (a product returned is a copy of
            // all its room).
            let zero = Sum::of(F::ZERO);
            let mut w = Value {
                n: zero,
                r: zero,
                d: zero,
                s: zero,
            };
            w.n.add_product_of(p, &v.d);
            w.n.add_product_of(q, &v.n);
            w.r.add_product_of(p, &v.s);
            w.r.add_product_of(q, &v.r);
            w.d.add_product_of(m, &v.d);
            w.s.add_product_of(m, &v.s);
            for x in [&mut w.n, &mut w.r, &mut w.d, &mut w.s] {
                x.compress();
            }
            w
        }
    }
}

/// Value `i` of a construction whose value 0 is `base` ([`base`])
/// rounded by [`nearest`] beside `c`: value 0 is `base` itself, and the
/// part of any other (`part`, in exact sums) is made only for it.
pub fn nearest_value<F: Ieee, const R: usize>(
    i: usize,
    part: impl FnOnce() -> Option<Part<Sum<F, R>>>,
    base: &Value<F, R>,
    root: &Radicand<F, R>,
    c: F,
) -> Option<F> {
    if i == 0 {
        return nearest(base, root, c);
    }
    nearest(&value(i, &part()?, base), root, c)
}

/// Components of a square's sum: the products of two sums' components.
const SQUARES: usize = 256;

/// Terms of `x² - y² c` held for its sign by distillation: sums of eight
/// components against a radicand of three take 504 (`conjugate_sign`'s
/// count).
const TERMS: usize = 512;

/// Components of the sums the comparisons run on: fewer than a
/// construction's (`expansion::ROOM`), since each is copied whole at
/// every operation: W5's slowest query takes 52,706 instructions in 48
/// and 48,308 in 24 (callgrind on that query).
pub const ROOM: usize = 24;

/// Terms of `x + y S` for [`by_root`]: sums of four components against
/// a root of three floats take 28 (more leave the sign to the squares).
const ROOT_TERMS: usize = 48;

/// Room for the terms of most (a larger buffer is zeroed for nothing):
/// sums of four components against a radicand of two take 100, W5's
/// (benches/WORKLOAD.md) at most 127.
const FEW_TERMS: usize = 128;

/// A radicand `c`, compressed, and its root as [`root`] gives it, taken
/// where a sign first needs it (once for all the values of a
/// construction).
pub struct Radicand<F, const R: usize> {
    c: Sum<F, R>,
    root: OnceCell<Option<([F; 3], F)>>,
}

impl<F: Ieee, const R: usize> Radicand<F, R> {
    /// `c`, for [`nearest`].
    pub fn new(c: &Sum<F, R>) -> Self {
        let mut c = *c;
        c.compress();
        Radicand {
            c,
            root: OnceCell::new(),
        }
    }
}

/// The sign of `x + y √c` (`c >= 0`): of `x` and `y` where they agree,
/// else that [`conjugate_sign`] finds.
fn surd_sign<F: Ieee, const R: usize>(
    x: &Sum<F, R>,
    y: &Sum<F, R>,
    c: &Radicand<F, R>,
) -> Option<Ordering> {
    match agreed(x, y, &c.c)? {
        Ok(s) => Some(s),
        Err(signs) => conjugate_sign(&mut x.clone(), &mut y.clone(), c, signs),
    }
}

/// The sign of `x + y √c` where the signs of `x` and `y √c` tell it
/// (`Ok`), else theirs (`Err`: opposite, neither zero).
fn agreed<F: Ieee, const R: usize>(
    x: &Sum<F, R>,
    y: &Sum<F, R>,
    c: &Sum<F, R>,
) -> Option<Result<Ordering, (Ordering, Ordering)>> {
    let (sx, sy) = (x.sign_of()?, y.sign_of()?);
    let sy = match c.sign_of()? {
        Ordering::Less => return None,
        Ordering::Equal => Ordering::Equal,
        Ordering::Greater => sy,
    };
    Some(if sy == Ordering::Equal || sx == sy {
        Ok(sx)
    } else if sx == Ordering::Equal {
        Ok(sy)
    } else {
        Err((sx, sy))
    })
}

/// The sign of `x + y √c` for `x` and `y √c` of opposite signs `(sx,
/// sy)`: by the root ([`by_root`]), else of `x² - y² c`, times `sx`. `x`
/// and `y` the caller's copies for this, compressed here.
fn conjugate_sign<F: Ieee, const R: usize>(
    x: &mut Sum<F, R>,
    y: &mut Sum<F, R>,
    radicand: &Radicand<F, R>,
    (sx, sy): (Ordering, Ordering),
) -> Option<Ordering> {
    x.compress();
    y.compress();
    let c = &radicand.c;
    if let Some(root) = radicand.root.get_or_init(|| root(c)) {
        if let Some(s) = by_root(x, y, root) {
            return Some(s);
        }
    }
    let order = |s: Ordering| match s {
        Ordering::Greater => sx,
        Ordering::Less => sy,
        Ordering::Equal => Ordering::Equal,
    };
    // The products of x² - y² c, once: their sum in double-word
    // arithmetic first, proved unless it is within about 2^-100 of its
    // terms (a tie, or nearly); else its sign by distillation.
    // Terms `conjugate` can push: a pair for each product of two of x's
    // components, two pairs for each of two of y's with one of c's.
    let (nx, ny, nc) = (x.parts().len(), y.parts().len(), c.parts().len());
    let need = nx * (nx + 1) + 2 * ny * (ny + 1) * nc;
    if need > TERMS {
        // Past the room: the filter alone, on the products as they come.
        let mut f = Filter::new();
        conjugate(&mut f, x, y, c);
        if let Some(s) = f.sign() {
            return Some(order(s));
        }
    } else {
        let (mut few, mut many);
        let buffer: &mut [F] = if need <= FEW_TERMS {
            few = [F::ZERO; FEW_TERMS];
            &mut few
        } else {
            many = [F::ZERO; TERMS];
            &mut many
        };
        let mut t = Terms::new(buffer);
        conjugate(&mut t, x, y, c);
        if let Some(s) = t.sign() {
            return Some(order(s));
        }
    }
    // Exactly, each square by its cross terms doubled.
    let square = |a: &Sum<F, R>| {
        let mut s = Sum::<F, SQUARES>::of(F::ZERO);
        let p = a.parts();
        for (i, &u) in p.iter().enumerate() {
            s.add_product(u, u);
            for &w in p.get(i + 1..).unwrap_or(&[]) {
                s.add_product(u + u, w);
            }
        }
        s
    };
    let mut s = square(x);
    let mut y2 = square(y);
    y2.compress();
    for &k in c.parts() {
        s.add_products(-k, &y2);
    }
    Some(order(s.sign_of()?))
}

/// `√c` (`c > 0`) as three floats `s` and a bound `e` on `|√c - Σ s|`.
/// Any three floats do (two Newton steps give them, within about `2^-150`
/// of the root): the bound comes from the exact residual `ρ = c - S²`,
/// `S = Σ s`, as `|√c - S| = |ρ| / (√c + S) <= |ρ| / S`, with `S >= s₀ / 2`
/// checked, and `4 Σ|ρ_i| / s₀ + τ` above `2 |ρ| / s₀` whatever the
/// roundings of this bound (fewer than `2^10` terms). `None` where a
/// product could underflow or a value overflows.
fn root<F: Ieee, const R: usize>(c: &Sum<F, R>) -> Option<([F; 3], F)> {
    let float = |v: &Sum<F, R>| v.parts().iter().fold(F::ZERO, |a, &p| a + p);
    // `c - (Σ s)²`, exactly: each square and each doubled cross product.
    let residual = |s: &[F]| {
        let mut r = *c;
        for (i, &a) in s.iter().enumerate() {
            r.add_product(-a, a);
            for &b in s.get(i + 1..).unwrap_or(&[]) {
                r.add_product(-(a + a), b);
            }
        }
        r
    };
    let s0 = float(c).sqrt();
    let twice = s0 + s0;
    let s1 = float(&residual(&[s0])) / twice;
    let s2 = float(&residual(&[s0, s1])) / twice;
    let rho = residual(&[s0, s1, s2]);
    rho.sign_of()?;
    let four = F::count(4);
    let small = s1.abs() + s2.abs() <= s0 / four;
    let abs = rho.parts().iter().fold(F::ZERO, |a, &p| a + p.abs());
    let e = four * (abs / s0) + F::TAU;
    (s0 > F::ZERO && small && e.finite()).then_some(([s0, s1, s2], e))
}

/// The sign of `x + y √c` (`c > 0`) from `z = x + y S`, with `S` and its
/// bound `e` from [`root`]: `|z - (x + y √c)| <= |y| e`, below
/// `4 Σ|y_i| e + τ`, so `z`'s sign where `|z|` is proved above that (the terms of `z`,
/// `x`'s components and `y S`'s `TwoProd` pairs, by distillation:
/// `Terms::sign_above`). Most cancellations of a midpoint comparison
/// (`2^-105` of the terms) are proved so, where squaring them takes
/// hundreds of products.
fn by_root<F: Ieee, const R: usize>(
    x: &Sum<F, R>,
    y: &Sum<F, R>,
    &(s, e): &([F; 3], F),
) -> Option<Ordering> {
    let abs = y.parts().iter().fold(F::ZERO, |a, &p| a + p.abs());
    let bound = F::count(4) * (abs * e) + F::TAU;
    let mut buffer = [F::ZERO; ROOT_TERMS];
    let mut z = Terms::new(&mut buffer);
    for &t in x.parts() {
        z.push(t);
    }
    for si in s {
        for &t in y.parts() {
            z.add_product(si, t);
        }
    }
    z.sign_above(bound)
}

/// Adds `x² - y² c` to `out`, the squares by their cross terms doubled.
fn conjugate<F: Ieee, const R: usize>(
    out: &mut impl Products<F>,
    x: &Sum<F, R>,
    y: &Sum<F, R>,
    c: &Sum<F, R>,
) {
    let (xs, ys) = (x.parts(), y.parts());
    for (i, &u) in xs.iter().enumerate() {
        out.add_product(u, u);
        for &w in xs.get(i + 1..).unwrap_or(&[]) {
            out.add_product(u + u, w);
        }
    }
    for (i, &u) in ys.iter().enumerate() {
        for (j, &w) in ys.iter().enumerate().skip(i) {
            let (p, q) = out.product(if i == j { u } else { u + u }, w);
            for &k in c.parts() {
                out.add_product(-p, k);
                out.add_product(-q, k);
            }
        }
    }
}

/// The sign of `v - m` for `m = x + y` (`y` a power of two: half a gap
/// between floats), `c` the radicand, `ds` the sign of `v`'s denominator:
/// of `(n - m d) + (r - m s) √c`, times `ds`.
fn side<F: Ieee, const R: usize>(
    v: &Value<F, R>,
    c: &Radicand<F, R>,
    ds: Ordering,
    x: F,
    y: F,
) -> Option<Ordering> {
    let (mut n, mut r) = (v.n, v.r);
    n.add_products(-x, &v.d);
    n.add_scaled_by_power_of_two(-y, &v.d);
    r.add_products(-x, &v.s);
    r.add_scaled_by_power_of_two(-y, &v.s);
    let s = match agreed(&n, &r, &c.c)? {
        Ok(s) => s,
        Err(signs) => conjugate_sign(&mut n, &mut r, c, signs)?,
    };
    Some(if ds == Ordering::Less { s.reverse() } else { s })
}

/// `v` (of radicand `root`) rounded to nearest, ties to even, where it
/// is `c` or at a midpoint beside `c` (module doc), or `+0` where `c` and
/// `v` are zero; `None` elsewhere and where a comparison is not exact.
pub fn nearest<F: Ieee, const R: usize>(v: &Value<F, R>, root: &Radicand<F, R>, c: F) -> Option<F> {
    let ds = surd_sign(&v.d, &v.s, root)?;
    if ds == Ordering::Equal || !c.finite() {
        return None;
    }
    // An exact zero is `+0`, as every route rounds it; a value that
    // rounds to zero otherwise is left to the exact route (its sign).
    if c == F::ZERO {
        let zero = surd_sign(&v.n, &v.r, root)? == Ordering::Equal;
        return zero.then_some(F::ZERO);
    }
    let neg = c < F::ZERO;
    let mag = c.abs();
    let up = F::from_magnitude_bits(false, mag.magnitude_bits() + 1);
    let down = mag.below();
    if !up.finite() {
        return None;
    }
    // Half gaps: powers of two, exact unless a gap is the least subnormal.
    let two = F::count(2);
    let (above, below) = ((up - mag) / two, (mag - down) / two);
    if above + above != up - mag || below + below != mag - down {
        return None;
    }
    // `|v|` against `mag + off`: `v` against `±(mag + off)`.
    let at = |off: F| {
        let s = side(v, root, ds, mag.flip(neg), off.flip(neg))?;
        Some(if neg { s.reverse() } else { s })
    };
    let even = |a: F, b: F| if a.magnitude_bits() & 1 == 0 { a } else { b };
    let r = match at(above)? {
        Ordering::Greater => return None,
        Ordering::Equal => even(mag, up),
        Ordering::Less => match at(-below)? {
            Ordering::Less => return None,
            Ordering::Equal => even(down, mag),
            Ordering::Greater => mag,
        },
    };
    Some(r.flip(neg))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::double::Tracked;
    use crate::exact::expansion::ROOM;
    use crate::test_rng::next;
    use rug::{Integer, Rational};

    /// `(m + 1) 2^k` for a random `bits`-bit `m`.
    fn float(state: &mut u64, bits: u32, k: i32) -> f64 {
        let m = (next(state) >> (64 - bits)) as f64 + 1.0;
        m * 2f64.powi(k)
    }

    /// [`nearest`] on the radicand `c`.
    fn near(v: &Value<f64, ROOM>, c: &Sum<f64>, candidate: f64) -> Option<f64> {
        nearest(v, &Radicand::new(c), candidate)
    }

    fn rational(x: f64) -> Rational {
        Rational::from_f64(x).unwrap()
    }

    fn sum<const R: usize>(s: &Sum<f64, R>) -> Rational {
        s.parts()
            .iter()
            .fold(Rational::new(), |a, &x| a + rational(x))
    }

    /// `√c` within `2^-300` (from below).
    fn root(c: &Rational) -> Rational {
        let k = 300u32;
        let scaled: Integer = Integer::from(c.numer() * c.denom()) << (2 * k);
        let den: Integer = Integer::from(c.denom()) << k;
        Rational::from((scaled.sqrt(), den))
    }

    /// `(n + r √c) / (d + s √c)`: exactly where `c` is a square, else
    /// within `2^-290` or so.
    fn approx(v: &Value<f64, ROOM>, c: &Sum<f64>) -> Rational {
        let w = root(&sum(c));
        (sum(&v.n) + sum(&v.r) * &w) / (sum(&v.d) + sum(&v.s) * w)
    }

    /// The nearest `f64`, ties to even (normal range): of rug's
    /// conversion and its neighbours, the closest.
    fn nearest_f64(r: &Rational) -> f64 {
        let c = r.to_f64();
        let mut best = c;
        for x in [f64::from_bits(c.to_bits() - 1), up(c)] {
            let (dx, db) = ((rational(x) - r).abs(), (rational(best) - r).abs());
            if dx < db || (dx == db && x.to_bits() & 1 == 0) {
                best = x;
            }
        }
        best
    }

    /// The next float away from zero.
    fn up(x: f64) -> f64 {
        f64::from_bits(x.to_bits() + 1)
    }

    fn rational_value(n: Sum<f64>, d: f64) -> Value<f64, ROOM> {
        Value {
            n,
            r: Sum::of(0.0),
            d: Sum::of(d),
            s: Sum::of(0.0),
        }
    }

    /// A typed sum on a tie, by hand: `0.47` is `0x3FDE147AE147AE14`, and
    /// `2 + 0.47` drops its last three bits, `100`: halfway between
    /// `2.4699999999999997513...` (even) and `2.4700000000000001953...`.
    /// Near it, a value a quarter of `0.47`'s last place above or below
    /// is rounded by the exact comparisons too, from the nearest as the
    /// candidate; from its neighbour, none.
    #[test]
    fn a_grid_tie_is_rounded_to_even() {
        let t = Tracked::exactly(2.0) + Tracked::exactly(0.47);
        assert_eq!(t.e, 0.0);
        let n = exact(&t).unwrap();
        let zero = Sum::of(0.0);
        // 2.46999999999999975131004248396493494510650634765625.
        let low = f64::from_bits(0x4003_C28F_5C28_F5C2);
        assert_eq!(low.to_bits() & 1, 0);
        let v = rational_value(n, 1.0);
        assert_eq!(near(&v, &zero, t.h + t.l), Some(low));
        assert_eq!(near(&v, &zero, up(low)), Some(low));
        // 0.47's last place is 2^-54: a quarter of it, 2^-56.
        for (off, want) in [(2f64.powi(-56), up(low)), (-(2f64.powi(-56)), low)] {
            let mut m = n;
            m.push(off);
            let v = rational_value(m, 1.0);
            assert_eq!(near(&v, &zero, want), Some(want));
            let other = if want == low { up(low) } else { low };
            assert_eq!(near(&v, &zero, other), None);
        }
    }

    /// An exact zero from a zero candidate is `+0` (`3 - √9`, `0.1 · 3 -
    /// 3 · 0.1`); a value that is not zero is left to the exact route.
    #[test]
    fn zeros_are_plus_zero() {
        let mut n = Sum::of(0.0);
        n.add_product(0.1, 3.0);
        n.add_product(-3.0, 0.1);
        let zero = Sum::of(0.0);
        let v = rational_value(n, -2.0);
        assert_eq!(near(&v, &zero, 0.0).map(f64::to_bits), Some(0));
        assert_eq!(near(&v, &zero, -0.0).map(f64::to_bits), Some(0));
        let v = Value {
            n: Sum::of(3.0),
            r: Sum::of(-1.0),
            ..v
        };
        assert_eq!(near(&v, &Sum::of(9.0), 0.0).map(f64::to_bits), Some(0));
        assert_eq!(near(&v, &Sum::of(8.0), 0.0), None);
        let mut tiny = n;
        tiny.push(1e-300);
        assert_eq!(near(&rational_value(tiny, 1.0), &zero, 0.0), None);
    }

    /// Values `(n + r √c) / (d + s √c)` on, beside and between midpoints,
    /// over many binary orders: rational, with a square radicand (`r √c`
    /// against `n`: the squares decide), and with radicands that are not
    /// squares, in the numerator or the denominator; from the right
    /// candidate (which always answers) and from its neighbours: every
    /// answer is the nearest.
    #[test]
    fn values_round_to_nearest() {
        let mut state = 11;
        let mut float = |bits: u32, k: i32| float(&mut state, bits, k);
        for i in 0..8000 {
            let sign = if i % 5 == 0 { -1.0 } else { 1.0 };
            let c = sign * float(53, (i % 200) - 100 - 52);
            let d = float(1 + i as u32 % 53, (i % 13) - 6) * if i % 3 == 0 { -1.0 } else { 1.0 };
            let half = (up(c) - c) / 2.0;
            // (c + half + off) d: a tie, or a quarter of the gap off.
            let off = [0.0, half / 2.0, -half / 2.0, half * 1.5][i as usize % 4];
            let mut n = Sum::of(0.0);
            n.add_product(c, d);
            n.add_product(half, d);
            n.add_product(off, d);
            let (mut r, mut s, mut radicand) = (0.0, 0.0, 0.0);
            match i % 4 {
                0 => {}
                // √9 = 3: n - 3r + 3r, so that the squares decide.
                1 => {
                    r = float(20, (i % 7) - 3) * c.signum();
                    n.add_product(-3.0, r);
                    radicand = 9.0;
                }
                2 => {
                    r = float(30, (i % 9) - 60) * -c.signum();
                    radicand = float(40, (i % 5) - 2);
                }
                // A root in the denominator too.
                _ => {
                    s = float(30, (i % 9) - 40) * d.signum();
                    r = float(25, (i % 11) - 30);
                    radicand = float(40, (i % 5) - 2);
                }
            }
            let v = Value {
                n,
                r: Sum::of(r),
                d: Sum::of(d),
                s: Sum::of(s),
            };
            let root = Sum::of(radicand);
            let want = nearest_f64(&approx(&v, &root));
            assert_eq!(
                near(&v, &root, want),
                Some(want),
                "{i}: {c:e} {d:e} {off:e}"
            );
            for cand in [c, up(c), up(up(c)), -c] {
                if let Some(x) = near(&v, &root, cand) {
                    assert_eq!(x, want, "{i}: {c:e} {d:e} {off:e} from {cand:e}");
                }
            }
        }
    }

    /// [`root`]'s bound holds, `(S - e)² <= c <= (S + e)²` exactly, and
    /// is tight (`e` below `2^-140 S`); and the sign of `x + y √c` with `x
    /// = -y S'`, `S'` the root moved by a few bounds or a small part of one
    /// (so that the cancellation is past any double-word filter), is the
    /// exact one wherever [`surd_sign`] gives it, by the root where the
    /// move is above the bound.
    #[test]
    fn roots_bound_their_error() {
        let mut state = 23;
        let mut float = |bits: u32, k: i32| float(&mut state, bits, k);
        let mut by_the_root = 0;
        for i in 0..2000 {
            let k = (i % 120) - 60;
            let mut c = Sum::<f64>::of(float(53, k));
            if i % 3 > 0 {
                c.push(float(53, k - 60));
            }
            let (s, e) = super::root(&c).expect("a root");
            let big_s = s.iter().fold(Rational::new(), |a, &x| a + rational(x));
            let (cq, eq) = (sum(&c), rational(e));
            let below = Rational::from(&big_s - &eq);
            let above = Rational::from(&big_s + &eq);
            assert!(
                below.clone() * &below <= cq && cq <= above.clone() * &above,
                "{i}"
            );
            assert!(eq < big_s.clone() >> 140u32, "{i}: {e:e}");
            let y = Sum::of(float(40, (i % 9) - 4) * if i % 2 == 0 { 1.0 } else { -1.0 });
            let radicand = Radicand::new(&c);
            for shift in [-40, -20, -5, 0, 4, 20] {
                for sign in [1.0, -1.0] {
                    let delta = sign * e * 2f64.powi(shift);
                    let mut x = Sum::of(0.0);
                    for si in s.into_iter().chain([delta]) {
                        x.add_products(-si, &y);
                    }
                    let moved: Rational = &big_s + rational(delta);
                    let want = (cq.clone() - moved.clone() * &moved).cmp0();
                    let want = if y.parts()[0] < 0.0 {
                        want.reverse()
                    } else {
                        want
                    };
                    if let Some(got) = surd_sign(&x, &y, &radicand) {
                        assert_eq!(got, want, "{i} {shift} {sign}");
                    }
                    let (mut xc, mut yc) = (x, y);
                    xc.compress();
                    yc.compress();
                    by_the_root += usize::from(
                        radicand
                            .root
                            .get()
                            .copied()
                            .flatten()
                            .and_then(|r| by_root(&xc, &yc, &r))
                            .is_some(),
                    );
                }
            }
        }
        assert!(by_the_root > 2000, "{by_the_root}");
    }

    /// A value along the first, `(p + q v₀) / m` with `v₀ = (a + b √c) /
    /// (d + e √c)`, is the value [`value`] gives, and as the first, `p /
    /// m`.
    #[test]
    fn along_is_the_value_it_stands_for() {
        let mut state = 5;
        for k in 0..500 {
            let mut x = || (next(&mut state) >> 11) as f64 * 2f64.powi(-50) - 4.0;
            let [p, q, a, b, d, e, m, c] = [x(), x(), x(), x(), x(), x(), x(), x().abs()];
            let e = if k % 2 == 0 { 0.0 } else { e };
            let t = |v: f64| Sum::of(v);
            let r = rational;
            let first = Part::Surd(Surd {
                a: t(a),
                b: t(b),
                d: t(d),
                e: t(e),
            });
            let along = Part::Along(t(p), t(q), t(m));
            let root = Sum::of(c);
            let got = approx(&value(1, &along, &base(&first)), &root);
            let w = root_of(c);
            let v0 = (r(a) + r(b) * &w) / (r(d) + r(e) * &w);
            let want = (r(p) + r(q) * v0) / r(m);
            // Both within 2^-280 or so of the exact value.
            assert!((got - want).abs() < Rational::from((1, 1u64 << 60)).square().square());
            assert_eq!(approx(&value(0, &along, &base(&first)), &root), r(p) / r(m));
        }
    }

    fn root_of(c: f64) -> Rational {
        root(&rational(c))
    }
}
