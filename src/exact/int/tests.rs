//! Tests of [`int`](super): against `rug` integers.

use super::{Int, LIMB_BITS, Limb};
use crate::test_rng::next;
use core::cmp::Ordering;
use rug::Integer;

type I = Int<{ super::limbs(512) }>;

fn int<const N: usize>(x: &Int<N>) -> Integer {
    let mut v = Integer::new();
    for limb in x.0.iter().rev() {
        v = (v << LIMB_BITS) + *limb;
    }
    if x.is_negative() {
        v - (Integer::from(1) << (LIMB_BITS * N as u32))
    } else {
        v
    }
}

/// A value of up to `bits` bits, either sign; often a power of two, or
/// one less, or with runs of ones (carries, borrows, normalisation).
fn value<const N: usize>(s: &mut u64, bits: u32) -> Int<N> {
    let n = (next(s) % u64::from(bits + 1)) as u32;
    let shape = next(s) % 4;
    let mut x = [0 as Limb; N];
    for l in x.iter_mut() {
        *l = match shape {
            0 => next(s) as Limb,
            1 => Limb::MAX,
            2 => 0,
            _ => (next(s) as Limb) | (Limb::MAX >> 3),
        };
    }
    // Keep the low `n` bits.
    let cut = Int::<N>::BITS - n.min(Int::<N>::BITS);
    let mut x = Int(super::mag::shr(&super::mag::shl(&x, cut), cut).0);
    if shape == 2 && n > 0 {
        x = Int::from_parts(false, 1, n - 1).unwrap_or(x);
    }
    if next(s) % 2 == 0 { -x } else { x }
}

#[test]
fn ring_operations_and_order_are_exact() {
    let mut s = 1;
    let half = I::BITS / 2 - 2;
    for _ in 0..40_000 {
        let (a, b): (I, I) = (value(&mut s, half), value(&mut s, half));
        let (ia, ib) = (int(&a), int(&b));
        assert_eq!(int(&(a + b)), ia.clone() + &ib);
        assert_eq!(int(&(a - b)), ia.clone() - &ib);
        assert_eq!(int(&-a), -ia.clone());
        assert_eq!(int(&(a * b)), ia.clone() * &ib, "{a:?} * {b:?}");
        assert_eq!(a.cmp(&b), ia.cmp(&ib));
        assert_eq!(a.signum(), ia.cmp0());
        assert_eq!(a.bits(), ia.significant_bits());
    }
}

/// The small sizes multiply by another route (all limbs, no branch).
#[test]
fn small_integers_multiply_exactly() {
    type S = Int<{ super::limbs(256) }>;
    let mut s = 7;
    for _ in 0..40_000 {
        let (a, b): (S, S) = (value(&mut s, 126), value(&mut s, 126));
        let (ia, ib) = (int(&a), int(&b));
        assert_eq!(int(&(a * b)), ia.clone() * &ib, "{a:?} * {b:?}");
        assert_eq!(int(&(a + b)), ia.clone() + &ib);
        assert_eq!(int(&(a - b)), ia - &ib);
    }
}

#[test]
fn division_and_root_are_exact() {
    let mut s = 2;
    for _ in 0..40_000 {
        let a: I = value(&mut s, I::BITS - LIMB_BITS - 1);
        let d: I = value(&mut s, I::BITS - LIMB_BITS - 1);
        let (ia, id) = (int(&a), int(&d));
        match a.div_rem(d) {
            None => assert_eq!(id, 0, "{a:?} / {d:?}"),
            Some((q, r)) => {
                let (wq, wr) = ia.clone().div_rem(id.clone());
                assert_eq!((int(&q), int(&r)), (wq, wr), "{a:?} / {d:?}");
            }
        }
        let root = a.isqrt();
        if ia < 0 {
            assert!(root.is_none());
        } else {
            assert_eq!(int(&root.unwrap()), ia.sqrt(), "isqrt {a:?}");
        }
    }
}

#[test]
fn shifts_parts_and_top_bits() {
    let mut s = 3;
    for _ in 0..20_000 {
        let a: I = value(&mut s, 200);
        let k = (next(&mut s) % 250) as u32;
        let ia = int(&a);
        assert_eq!(int(&a.shl(k)), ia.clone() << k);
        let (t, lost) = a.shr_magnitude(k);
        let m = Integer::from(ia.abs_ref());
        let want = Integer::from(&m >> k);
        assert_eq!(int(&t), if ia < 0 { -want.clone() } else { want.clone() });
        assert_eq!(lost, Integer::from(&want << k) != m);
        let w = 1 + (next(&mut s) % 128) as u32;
        let (top, scale, lost) = a.top_bits(w);
        assert!(top < (Integer::from(1) << w));
        let back = Integer::from(top) << scale;
        assert_eq!(lost, back != m);
        assert!(back <= m && m < (Integer::from(top) + 1) << scale);
    }
    let x = I::from_parts(true, 0xdead_beef, 100).unwrap();
    assert_eq!(int(&x), -(Integer::from(0xdead_beefu64) << 100u32));
    assert!(I::from_parts(false, 1, I::BITS - 1).is_none());
    assert!(I::from_parts(false, 1, I::BITS - 2).is_some());
    assert_eq!(int(&I::from_i64(i64::MIN)), Integer::from(i64::MIN));
    assert_eq!(I::ZERO.signum(), Ordering::Equal);
    assert!(I::ZERO.div_rem(I::ZERO).is_none());
}
