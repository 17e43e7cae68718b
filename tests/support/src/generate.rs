//! Input generators biased to degenerate cases: small-denominator grids (so
//! touching, tangency and parallel motion happen often), values a few ulps or
//! LSBs off a grid point (so decisions sit right at a boundary), and
//! workload-like uniform values.

use crate::exact::Exact;
use crate::workload::SplitMix64;

/// A deterministic generator of exact values.
pub struct Gen {
    /// The random source.
    pub rng: SplitMix64,
}

impl Gen {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Gen {
        Gen {
            rng: SplitMix64::new(seed),
        }
    }

    /// A uniform integer in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.rng.next_u64() % n.max(1)
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.rng.unit() < p
    }

    /// A dyadic grid value `k / 2^j` (`j <= 4`) in `[-range, range]`: exact
    /// in every backend, so touching stays touching after conversion.
    pub fn grid(&mut self, range: i64) -> Exact {
        let den = 1i64 << self.below(5);
        let k = self.below((2 * range * den + 1) as u64) as i64 - range * den;
        Exact::ratio(k, den)
    }

    /// A small non-dyadic rational `k / q`, `q` in {3, 5, 6, 7, 10}: exact
    /// only for rationals.
    pub fn third(&mut self, range: i64) -> Exact {
        let den = [3, 5, 6, 7, 10][self.below(5) as usize];
        let k = self.below((2 * range * den + 1) as u64) as i64 - range * den;
        Exact::ratio(k, den)
    }

    /// A uniform `f64` in `[-range, range)`, as an exact value.
    pub fn uniform(&mut self, range: f64) -> Exact {
        Exact::from_f64_exact(self.rng.uni(-range, range)).expect("finite")
    }

    /// A grid value nudged by a few units of 2^-16 (an I16F16 LSB) or 2^-23
    /// relative (an f32 ulp): right at a decision boundary.
    pub fn nudged(&mut self, range: i64) -> Exact {
        let g = self.grid(range);
        let k = self.below(9) as i64 - 4;
        if self.chance(0.5) {
            g + Exact::ratio(k, 1 << 16)
        } else {
            let rel = Exact::ratio(k, 1 << 23);
            let m = if g.signum() == 0 {
                Exact::ratio(1, 1)
            } else {
                g.clone()
            };
            g + m * rel
        }
    }

    /// One value from the mix: 40% grid, 15% non-dyadic, 30% uniform, 15% nudged.
    pub fn value(&mut self, range: i64) -> Exact {
        let u = self.rng.unit();
        if u < 0.40 {
            self.grid(range)
        } else if u < 0.55 {
            self.third(range)
        } else if u < 0.85 {
            self.uniform(range as f64)
        } else {
            self.nudged(range)
        }
    }

    /// A non-negative value from the mix.
    pub fn nonneg(&mut self, range: i64) -> Exact {
        let v = self.value(range);
        if v.signum() < 0 { -v } else { v }
    }

    /// One of `items`.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// Pythagorean triples (a, b, c): `(a/c, b/c)` is an exact rational unit vector.
pub const TRIPLES: [(i64, i64, i64); 6] = [
    (3, 4, 5),
    (5, 12, 13),
    (8, 15, 17),
    (7, 24, 25),
    (20, 21, 29),
    (1, 0, 1),
];
