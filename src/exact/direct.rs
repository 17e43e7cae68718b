//! Exact signs of polynomials below `2^127` in magnitude, evaluated
//! directly in `i128`: the first exact tier where a procedure's inputs are
//! narrow enough.
//!
//! The ring operations wrap modulo `2^128`, a ring homomorphism from the
//! integers: a polynomial evaluated so is its exact value modulo `2^128`,
//! whatever its intermediate terms did. Where every polynomial whose sign
//! the procedure takes lies in `(-2^127, 2^127)` (a need of at most 127
//! bits, [`super::kernel`]'s `decision_bits`), that residue is the value
//! itself, and each sign is exact: no error bound, no second run. On a
//! 32-bit core an `i128` product is a few multiply-accumulates, against a
//! bound's bookkeeping or a run a prime on residues.

use super::align::Plan;
use super::{Procedure, Ring, Signs};
use core::cmp::Ordering;
use core::ops::{Add, Mul, Neg, Sub};

/// Bits a value whose sign is taken may need here: below `2^127`.
pub const BITS: u32 = 127;

/// An integer modulo `2^128`, exact where its value is below `2^127`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Direct(i128);

impl Direct {
    /// The integer `v`.
    #[inline(always)]
    pub fn of(v: i128) -> Direct {
        Direct(v)
    }
}

impl Add for Direct {
    type Output = Direct;
    #[inline]
    fn add(self, o: Direct) -> Direct {
        Direct(self.0.wrapping_add(o.0))
    }
}

impl Sub for Direct {
    type Output = Direct;
    #[inline]
    fn sub(self, o: Direct) -> Direct {
        Direct(self.0.wrapping_sub(o.0))
    }
}

// Out of line: an `i128` product is a dozen multiply-accumulates on a
// 32-bit core, and a procedure takes many.
impl Mul for Direct {
    type Output = Direct;
    #[inline(never)]
    fn mul(self, o: Direct) -> Direct {
        Direct(self.0.wrapping_mul(o.0))
    }
}

impl Neg for Direct {
    type Output = Direct;
    #[inline]
    fn neg(self) -> Direct {
        Direct(self.0.wrapping_neg())
    }
}

impl Ring for Direct {
    #[inline]
    fn zero() -> Direct {
        Direct(0)
    }
    #[inline]
    fn one() -> Direct {
        Direct(1)
    }
    #[inline]
    fn small(n: u32) -> Direct {
        Direct(i128::from(n))
    }
    #[inline]
    fn sign(&self) -> (Ordering, bool) {
        (self.0.cmp(&0), true)
    }
    #[inline]
    fn positive_part(self) -> Direct {
        Direct(self.0.max(0))
    }
    #[inline]
    fn abs(self) -> Direct {
        Direct(self.0.wrapping_abs())
    }
}

/// `p` on the aligned inputs of `plan`, where every polynomial it takes
/// the sign of is below `2^need`; `None` where `need` is above [`BITS`].
/// Out of line: its values sit beside the later tiers' frames, not under
/// them.
#[inline(never)]
pub fn decide<P: Procedure<N>, const N: usize>(p: &P, plan: &Plan<N>, need: u32) -> Option<P::Out> {
    if need > BITS {
        return None;
    }
    // Each input is below 2^need (a polynomial of degree one at least).
    Some(p.run(&plan.direct(), &mut Signs::new()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::Dim;
    use crate::exact::align::plan;
    use crate::exact::int::{Int, limbs};
    use crate::test_rng::next;

    /// `(2^31 - 1) a b c d - (a b)(c d) + e`, as wide as the bound lets
    /// it, a difference of products, and signs through `abs` and
    /// `positive_part`.
    struct Wrapping;

    impl Procedure<5> for Wrapping {
        type Out = [Ordering; 3];
        const DIMS: [Dim; 5] = [Dim::LENGTH; 5];
        const DEGREE: u32 = 4;
        fn run<R: Ring>(&self, x: &[R; 5], s: &mut Signs) -> [Ordering; 3] {
            let [a, b, c, d, e] = x.clone();
            // A coefficient near the contract's: values up to 2^(need - 1).
            let big = R::small(i32::MAX as u32) * a.clone() * b.clone() * c.clone() * d.clone();
            let cancel = big - (a.clone() * b.clone()) * (c.clone() * d.clone());
            [
                s.sign(&(cancel + e.clone())),
                s.sign(&(a.clone() * b.clone() - c.clone() * d.clone())),
                s.sign(&(e.clone().abs() - (-e).positive_part() - a.abs())),
            ]
        }
    }

    /// Against wide integers, where every taken sign fits 127 bits;
    /// refused above.
    #[test]
    fn signs_agree_with_wide_integers() {
        type W = Int<{ limbs(512) }>;
        let mut s = 11u64;
        let (mut decided, mut refused) = (0, 0);
        for i in 0..20_000 {
            // 20- and 24-bit significands: the narrow spreads fit 127
            // bits, the wide ones not, and some reach the edge.
            let spread = [1, 2, 6, 12][i % 4];
            let drop = [40, 44][i / 4 % 2];
            let x: [f64; 5] = core::array::from_fn(|_| {
                let m = (next(&mut s) >> drop) as f64;
                let e = (next(&mut s) % spread) as i32 - spread as i32 / 2;
                let v = m * 2f64.powi(e - 52);
                if next(&mut s) % 3 == 0 { -v } else { v }
            });
            let plan = plan(&x, &[Dim::LENGTH; 5], true).expect("finite");
            let need = crate::exact::kernel::decision_bits(4, plan.bits());
            let ints: [W; 5] = plan.build().expect("fits");
            let expected = Wrapping.run(&ints, &mut Signs::new());
            match decide(&Wrapping, &plan, need) {
                Some(got) => {
                    assert_eq!(got, expected, "{x:?}");
                    decided += 1;
                }
                None => {
                    assert!(need > BITS);
                    refused += 1;
                }
            }
        }
        assert!(decided > 5_000 && refused > 1_000, "{decided} {refused}");
    }

    /// The edges: `±(2^127 - 1)` keep their signs, and a value built
    /// through a product that wraps comes back exact.
    #[test]
    fn signs_at_the_edges() {
        let top = Direct(i128::MAX);
        assert_eq!(top.sign().0, Ordering::Greater);
        assert_eq!((-top).sign().0, Ordering::Less);
        let two = |e: u32| Direct(1i128 << e);
        // 2^100 · 2^100 wraps to 0; minus itself plus one is one.
        let w = two(100) * two(100);
        assert_eq!(
            (w - two(100) * two(100) + Direct::one()).sign().0,
            Ordering::Greater
        );
        assert_eq!((Direct::zero() - Direct::one()).abs(), Direct::one());
        assert_eq!(Direct(-5).positive_part(), Direct::zero());
    }
}
