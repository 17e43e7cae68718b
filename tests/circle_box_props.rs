//! Property tests of the static circle/sphere vs box queries
//! (`swept::query::circle_box`), written against the module's documented
//! contract, not its implementation:
//!
//! * closed semantics and the three [`Proximity`] kinds: `Disjoint`,
//!   `Touching`, `Overlapping` iff the distance from the center to the solid
//!   box is greater than, equal to, less than the radius; a negative radius is
//!   an error that names it;
//! * exact decisions, hence the Euclidean invariances (translation, mirror
//!   images, axis swaps, rotations by rational angles);
//! * every input answered (fixed point over its whole range) and every
//!   decision exact on every backend: fixed point at a few LSBs from a
//!   boundary, floats a few ulps from it at every scale, underflowing
//!   ones included;
//! * agreement of every backend with the exact one (`swept_support::agree`).
//!
//! Inputs are small rationals biased to degenerate configurations: dyadic
//! grid values `k / 2^j` (`j <= 4`), so that every backend represents them and
//! computes every gap and square exactly, and the center is often placed at
//! an exact Pythagorean distance from a corner, on an edge line at distance
//! `r`, or on or inside the box with radius 0, so that `Touching` is common.
//! "Mixed" inputs add small non-dyadic rationals (`k / q`, `q` in {3, 5, 6, 7,
//! 10}), exact only on the rational backend.

use core::cmp::Ordering;
use core::fmt;
use core::ops::{Add, Mul, Neg, Sub};
use core::sync::atomic::{AtomicU64, Ordering as AtomicOrdering};
use fixed::types::{I16F16, I32F32};
use quickcheck::{Arbitrary, Gen, QuickCheck, Testable};
use quickcheck_macros::quickcheck;
use swept::Real;
use swept::geom::{Aabb2, Aabb3, Circle, Obb2, Sphere, Vec2, Vec3};
use swept::query::circle_box::{
    Proximity, classify_circle_aabb2, classify_circle_obb2, classify_sphere_aabb3,
    distance_squared_point_aabb2, distance_squared_point_aabb3, distance_squared_point_obb2,
    overlaps_circle_aabb2, overlaps_circle_obb2, overlaps_sphere_aabb3,
};
use swept::{Error, Quantity};
use swept_support::generate::TRIPLES;
use swept_support::queries::{CircleAabb2, CircleObb2, DistanceAabb2, SphereAabb3};
use swept_support::{BACKENDS, Backend, Exact, Query, Tallies, check_all, each_backend};

/// Cases per property: enough to hit every construction many times, few
/// enough that the file runs in a few seconds in `--release`.
const TESTS: u64 = 2000;

fn qc<A: Testable>(prop: A) {
    QuickCheck::new()
        .tests(TESTS)
        .max_tests(50 * TESTS)
        .quickcheck(prop);
}

type Outcome = Result<Proximity, Error>;
type Prop = Result<(), String>;

/// Runs a property's body and appends its input to an error: quickcheck 1.x
/// prints no arguments for a failure it could not shrink.
macro_rules! with_input {
    (($($arg:ident),*), $body:block) => {{
        // The closure lets the body use `?`.
        #[allow(clippy::redundant_closure_call)]
        let result: Prop = (|| $body)();
        result.map_err(|mut e| {
            $(e.push_str(&format!("\n  {} = {:?}", stringify!($arg), $arg));)*
            e
        })
    }};
}

fn ensure(cond: bool, msg: impl FnOnce() -> String) -> Prop {
    if cond { Ok(()) } else { Err(msg()) }
}

// ---------------------------------------------------------------------------
// Small exact rationals.

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// An exact rational `n / d` (`d > 0`, reduced) with small parts, convertible
/// to every backend.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Q {
    n: i64,
    d: i64,
}

impl fmt::Debug for Q {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.d == 1 {
            write!(f, "{}", self.n)
        } else {
            write!(f, "{}/{}", self.n, self.d)
        }
    }
}

impl Q {
    fn new(n: i64, d: i64) -> Q {
        assert!(d != 0);
        let s = if d < 0 { -1 } else { 1 };
        let g = gcd(n, d).max(1);
        Q {
            n: s * n / g,
            d: s * d / g,
        }
    }

    fn int(n: i64) -> Q {
        Q { n, d: 1 }
    }

    const ZERO: Q = Q { n: 0, d: 1 };

    fn exact(self) -> Exact {
        Exact::ratio(self.n, self.d)
    }

    /// The nearest value on backend `T` (exact for the rationals, and for
    /// every backend when `d` is a small power of two).
    fn to<T: Backend>(self) -> T {
        T::from_ratio(self.n, self.d).expect("small rational is representable")
    }

    fn is_dyadic(self) -> bool {
        self.d & (self.d - 1) == 0
    }

    fn signum(self) -> i64 {
        self.n.signum()
    }

    fn abs(self) -> Q {
        Q::new(self.n.abs(), self.d)
    }

    /// The largest multiple of 1/16 not above `self`.
    fn floor16(self) -> Q {
        Q::new((self.n * 16).div_euclid(self.d), 16)
    }

    /// Simpler values of the same sign, with a denominator dividing `d` (so a
    /// dyadic value shrinks to dyadic values).
    fn shrink(self) -> Vec<Q> {
        let mut out = Vec::new();
        for c in [
            Q::ZERO,
            Q::int(self.n / self.d),
            Q::new(self.n / 2, self.d),
            Q::new(self.n - self.n.signum(), self.d),
        ] {
            if c != self && !out.contains(&c) {
                out.push(c);
            }
        }
        out
    }
}

impl Add for Q {
    type Output = Q;
    fn add(self, o: Q) -> Q {
        Q::new(self.n * o.d + o.n * self.d, self.d * o.d)
    }
}

impl Sub for Q {
    type Output = Q;
    fn sub(self, o: Q) -> Q {
        self + -o
    }
}

impl Neg for Q {
    type Output = Q;
    fn neg(self) -> Q {
        Q::new(-self.n, self.d)
    }
}

impl Mul for Q {
    type Output = Q;
    fn mul(self, o: Q) -> Q {
        Q::new(self.n * o.n, self.d * o.d)
    }
}

fn v2<T: Backend>(p: [Q; 2]) -> Vec2<T> {
    Vec2::new(p[0].to(), p[1].to())
}

fn v3<T: Backend>(p: [Q; 3]) -> Vec3<T> {
    Vec3::new(p[0].to(), p[1].to(), p[2].to())
}

fn sq(x: Exact) -> Exact {
    x.clone() * x
}

/// Exact squared distance from `c` to the slab `[lo, hi]`, written as the
/// clamp form `(clamp(c, lo, hi) - c)^2` (not the gap form of the kernel).
fn clamp_sq(c: Exact, lo: Exact, hi: Exact) -> Exact {
    let nearest = if c < lo {
        lo
    } else if c > hi {
        hi
    } else {
        c.clone()
    };
    sq(nearest - c)
}

/// `Proximity` from the sign of `dist^2 - r^2`, for `r >= 0`.
fn expected_kind(d2: &Exact, r: &Exact) -> Proximity {
    if *r < Exact::zero() {
        return Proximity::Disjoint;
    }
    match d2
        .partial_cmp(&sq(r.clone()))
        .expect("rationals are ordered")
    {
        Ordering::Less => Proximity::Overlapping,
        Ordering::Equal => Proximity::Touching,
        Ordering::Greater => Proximity::Disjoint,
    }
}

// ---------------------------------------------------------------------------
// Biased generation.

/// A source of biased values: dyadic only (`Grid`) or with non-dyadic
/// rationals too (`Mixed`).
struct Src<'a> {
    g: &'a mut Gen,
    dyadic: bool,
}

impl Src<'_> {
    fn below(&mut self, n: u64) -> u64 {
        u64::arbitrary(self.g) % n.max(1)
    }

    fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }

    fn sign(&mut self) -> i64 {
        if self.chance(1, 2) { 1 } else { -1 }
    }

    /// `k / 2^j`, `j <= 4`, in `[-range, range]`; small `|k|` half the time.
    fn grid(&mut self, range: i64) -> Q {
        let den = 1 << self.below(5);
        let span = range * den;
        let k = if self.chance(1, 2) {
            self.int(-span.min(4), span.min(4))
        } else {
            self.int(-span, span)
        };
        Q::new(k, den)
    }

    /// `k / q`, `q` in {3, 5, 6, 7, 10}, in `[-range, range]`.
    fn third(&mut self, range: i64) -> Q {
        let den = [3, 5, 6, 7, 10][self.below(5) as usize];
        let span = range * den;
        Q::new(self.int(-span, span), den)
    }

    fn value(&mut self, range: i64) -> Q {
        if !self.dyadic && self.chance(1, 4) {
            self.third(range)
        } else {
            self.grid(range)
        }
    }

    fn nonneg(&mut self, range: i64) -> Q {
        if self.chance(1, 6) {
            Q::ZERO
        } else {
            self.value(range).abs()
        }
    }

    /// A radius: often 0.
    fn radius(&mut self, range: i64) -> Q {
        match self.below(16) {
            0 | 1 => Q::ZERO,
            _ => self.nonneg(range),
        }
    }

    /// A small non-zero offset: a decision just off a boundary.
    fn nudge(&mut self) -> Q {
        let m = if !self.dyadic && self.chance(1, 3) {
            Q::new(1, [3, 7, 10][self.below(3) as usize])
        } else {
            Q::new(1, 1 << self.int(2, 4))
        };
        m * Q::int(self.sign() * self.int(1, 2))
    }

    /// A point of `[lo, hi]`: an end, the middle, or a grid point inside.
    fn inside(&mut self, lo: Q, hi: Q) -> Q {
        let t = Q::new(self.int(0, 4), 4);
        let p = lo + (hi - lo) * t;
        // On the grid, stay on 1/16 steps (`lo` is one, so this stays >= lo).
        if self.dyadic { p.floor16() } else { p }
    }

    /// A Pythagorean scale `m / 2^i` (`m` in 1..=4, `i <= 2`).
    fn scale(&mut self) -> Q {
        Q::new(self.int(1, 4), 1 << self.below(3))
    }

    /// A Pythagorean triple `(a, b, c)`, legs possibly swapped.
    fn triple(&mut self) -> (i64, i64, i64) {
        let (a, b, c) = TRIPLES[self.below(TRIPLES.len() as u64) as usize];
        if self.chance(1, 2) {
            (a, b, c)
        } else {
            (b, a, c)
        }
    }
}

/// Integer quadruples `a² + b² + c² = d²`: exact 3D corner distances.
const QUADS: [(i64, i64, i64, i64); 6] = [
    (1, 2, 2, 3),
    (2, 3, 6, 7),
    (1, 4, 8, 9),
    (4, 4, 7, 9),
    (2, 6, 9, 11),
    (6, 6, 7, 11),
];

/// A center and radius for a circle against the 2D box `[lo, hi]`, biased to
/// touching: exactly at a Pythagorean distance from a corner, at distance `r`
/// from an edge, on or inside the box with radius 0, or any of these nudged.
fn place2(s: &mut Src, lo: [Q; 2], hi: [Q; 2]) -> ([Q; 2], Q) {
    let nudge = s.chance(1, 3);
    let (c, r) = match s.below(8) {
        0..=2 => ([s.value(16), s.value(16)], s.radius(4)),
        3 | 4 => {
            let (a, b, h) = s.triple();
            let k = s.scale();
            let (sx, sy) = (s.sign(), s.sign());
            let corner = |i: usize, sg: i64| if sg > 0 { hi[i] } else { lo[i] };
            let c = [
                corner(0, sx) + Q::int(sx * a) * k,
                corner(1, sy) + Q::int(sy * b) * k,
            ];
            (c, Q::int(h) * k)
        }
        5 | 6 => {
            let i = s.below(2) as usize;
            let r = s.nonneg(4);
            let mut c = [Q::ZERO; 2];
            c[i] = if s.chance(1, 2) { hi[i] + r } else { lo[i] - r };
            c[1 - i] = s.inside(lo[1 - i], hi[1 - i]);
            (c, r)
        }
        _ => {
            let c = [s.inside(lo[0], hi[0]), s.inside(lo[1], hi[1])];
            (c, if s.chance(1, 2) { Q::ZERO } else { s.radius(2) })
        }
    };
    // Nudged, but never below zero (a negative radius is an error).
    let r = if nudge && r.signum() > 0 {
        let n = r + s.nudge();
        if n.signum() < 0 { Q::ZERO } else { n }
    } else {
        r
    };
    (c, r)
}

/// The 3D analogue of [`place2`]: corner (quadruples), edge (triples), face,
/// inside.
fn place3(s: &mut Src, lo: [Q; 3], hi: [Q; 3]) -> ([Q; 3], Q) {
    let nudge = s.chance(1, 3);
    let (c, r) = match s.below(9) {
        0..=2 => ([s.value(16), s.value(16), s.value(16)], s.radius(4)),
        3 | 4 => {
            let (a, b, c3, d) = QUADS[s.below(QUADS.len() as u64) as usize];
            let perm = [
                [0, 1, 2],
                [0, 2, 1],
                [1, 0, 2],
                [1, 2, 0],
                [2, 0, 1],
                [2, 1, 0],
            ][s.below(6) as usize];
            let legs = [a, b, c3];
            let k = s.scale();
            let mut c = [Q::ZERO; 3];
            for (i, &p) in perm.iter().enumerate() {
                let sg = s.sign();
                let base = if sg > 0 { hi[i] } else { lo[i] };
                c[i] = base + Q::int(sg * legs[p]) * k;
            }
            (c, Q::int(d) * k)
        }
        5 => {
            // Edge region: a triple on two axes, the third inside.
            let (a, b, h) = s.triple();
            let free = s.below(3) as usize;
            let k = s.scale();
            let mut legs = [a, b].into_iter();
            let mut c = [Q::ZERO; 3];
            for i in 0..3 {
                if i == free {
                    c[i] = s.inside(lo[i], hi[i]);
                } else {
                    let sg = s.sign();
                    let base = if sg > 0 { hi[i] } else { lo[i] };
                    c[i] = base + Q::int(sg * legs.next().unwrap()) * k;
                }
            }
            (c, Q::int(h) * k)
        }
        6 | 7 => {
            // Face region: distance r along one axis, the others inside.
            let axis = s.below(3) as usize;
            let r = s.nonneg(4);
            let mut c = [Q::ZERO; 3];
            for i in 0..3 {
                c[i] = if i != axis {
                    s.inside(lo[i], hi[i])
                } else if s.chance(1, 2) {
                    hi[i] + r
                } else {
                    lo[i] - r
                };
            }
            (c, r)
        }
        _ => {
            let c = [
                s.inside(lo[0], hi[0]),
                s.inside(lo[1], hi[1]),
                s.inside(lo[2], hi[2]),
            ];
            (c, if s.chance(1, 2) { Q::ZERO } else { s.radius(2) })
        }
    };
    // Nudged, but never below zero (a negative radius is an error).
    let r = if nudge && r.signum() > 0 {
        let n = r + s.nudge();
        if n.signum() < 0 { Q::ZERO } else { n }
    } else {
        r
    };
    (c, r)
}

/// Something generated from a [`Src`] whose numbers can be shrunk one by one.
trait Make: Clone + fmt::Debug + 'static {
    fn make(s: &mut Src) -> Self;
    /// The shrinkable numbers.
    fn fields(&mut self) -> Vec<&mut Q>;
}

fn shrink_fields<C: Make>(c: &C) -> Vec<C> {
    let mut base = c.clone();
    let values: Vec<Q> = base.fields().into_iter().map(|q| *q).collect();
    let mut out = Vec::new();
    for (i, q) in values.into_iter().enumerate() {
        for smaller in q.shrink() {
            let mut d = c.clone();
            *d.fields()[i] = smaller;
            out.push(d);
        }
    }
    out
}

/// Dyadic grid values only: exact on every backend.
#[derive(Clone, Debug)]
struct Grid<C>(C);

/// Dyadic and small non-dyadic values: exact on the rational backend.
#[derive(Clone, Debug)]
struct Mixed<C>(C);

impl<C: Make> Arbitrary for Grid<C> {
    fn arbitrary(g: &mut Gen) -> Self {
        Grid(C::make(&mut Src { g, dyadic: true }))
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(shrink_fields(&self.0).into_iter().map(Grid))
    }
}

impl<C: Make> Arbitrary for Mixed<C> {
    fn arbitrary(g: &mut Gen) -> Self {
        Mixed(C::make(&mut Src { g, dyadic: false }))
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(shrink_fields(&self.0).into_iter().map(Mixed))
    }
}

/// A translation vector (2D cases use the first two coordinates).
#[derive(Clone, Debug)]
struct Shift([Q; 3]);

impl Make for Shift {
    fn make(s: &mut Src) -> Self {
        Shift([s.value(16), s.value(16), s.value(16)])
    }
    fn fields(&mut self) -> Vec<&mut Q> {
        self.0.iter_mut().collect()
    }
}

/// A non-negative radius increment (zero often).
#[derive(Clone, Debug)]
struct Grow(Q);

impl Make for Grow {
    fn make(s: &mut Src) -> Self {
        Grow(match s.below(4) {
            0 => Q::ZERO,
            1 => s.nudge().abs(),
            _ => s.nonneg(4),
        })
    }
    fn fields(&mut self) -> Vec<&mut Q> {
        vec![&mut self.0]
    }
}

// ---------------------------------------------------------------------------
// The three static cases, with the rigid motions the properties apply.

/// What every static case offers the properties.
trait Case: Make {
    /// Number of coordinate axes.
    const DIM: usize;
    fn classify<T: Backend>(&self) -> Outcome;
    fn overlaps<T: Backend>(&self) -> Result<bool, Error>;
    fn distance_squared<T: Backend>(&self) -> Result<T, Error>;
    /// Exact squared distance, computed independently of the kernel.
    fn oracle_distance_squared(&self) -> Exact;
    fn radius(&self) -> Q;
    fn with_radius(&self, r: Q) -> Self;
    fn translate(&self, v: [Q; 3]) -> Self;
    /// The mirror image in the plane `x_axis = 0`.
    fn mirror(&self, axis: usize) -> Self;
    /// Exchanges two coordinate axes (a reflection too).
    fn swap_axes(&self, i: usize, j: usize) -> Self;
    /// Every number is a dyadic grid value (so every backend is exact).
    fn is_dyadic(&self) -> bool;
}

/// A circle and an axis-aligned rectangle `[min, min + size]`.
#[derive(Clone, Debug)]
struct Rect {
    c: [Q; 2],
    r: Q,
    min: [Q; 2],
    size: [Q; 2],
}

impl Rect {
    fn max(&self) -> [Q; 2] {
        [self.min[0] + self.size[0], self.min[1] + self.size[1]]
    }
    fn circle<T: Backend>(&self) -> Circle<T> {
        Circle::new(v2(self.c), self.r.to())
    }
    fn aabb<T: Backend>(&self) -> Aabb2<T> {
        Aabb2::new(v2(self.min), v2(self.max()))
    }
    fn exact_input(&self) -> (Circle<Exact>, Aabb2<Exact>) {
        (self.circle(), self.aabb())
    }
}

impl Make for Rect {
    fn make(s: &mut Src) -> Self {
        let min = [s.value(8), s.value(8)];
        let size = [s.nonneg(6), s.nonneg(6)];
        let max = [min[0] + size[0], min[1] + size[1]];
        let (c, r) = place2(s, min, max);
        Rect { c, r, min, size }
    }
    fn fields(&mut self) -> Vec<&mut Q> {
        let [c0, c1] = &mut self.c;
        let [m0, m1] = &mut self.min;
        let [s0, s1] = &mut self.size;
        vec![c0, c1, &mut self.r, m0, m1, s0, s1]
    }
}

impl Case for Rect {
    const DIM: usize = 2;
    fn classify<T: Backend>(&self) -> Outcome {
        classify_circle_aabb2::<T>(&self.circle(), &self.aabb())
    }
    fn overlaps<T: Backend>(&self) -> Result<bool, Error> {
        overlaps_circle_aabb2::<T>(&self.circle(), &self.aabb())
    }
    fn distance_squared<T: Backend>(&self) -> Result<T, Error> {
        distance_squared_point_aabb2(&v2(self.c), &self.aabb())
    }
    fn oracle_distance_squared(&self) -> Exact {
        let max = self.max();
        (0..2)
            .map(|i| clamp_sq(self.c[i].exact(), self.min[i].exact(), max[i].exact()))
            .fold(Exact::zero(), |a, b| a + b)
    }
    fn radius(&self) -> Q {
        self.r
    }
    fn with_radius(&self, r: Q) -> Self {
        Rect { r, ..self.clone() }
    }
    fn translate(&self, v: [Q; 3]) -> Self {
        Rect {
            c: [self.c[0] + v[0], self.c[1] + v[1]],
            min: [self.min[0] + v[0], self.min[1] + v[1]],
            ..self.clone()
        }
    }
    fn mirror(&self, axis: usize) -> Self {
        let mut m = self.clone();
        m.c[axis] = -self.c[axis];
        // [min, max] -> [-max, -min]: the new min is -max.
        m.min[axis] = -self.max()[axis];
        m
    }
    fn swap_axes(&self, i: usize, j: usize) -> Self {
        let mut m = self.clone();
        m.c.swap(i, j);
        m.min.swap(i, j);
        m.size.swap(i, j);
        m
    }
    fn is_dyadic(&self) -> bool {
        self.c
            .iter()
            .chain(&self.min)
            .chain(&self.size)
            .chain([&self.r])
            .all(|q| q.is_dyadic())
    }
}

/// A sphere and an axis-aligned box `[min, min + size]`.
#[derive(Clone, Debug)]
struct Cuboid {
    c: [Q; 3],
    r: Q,
    min: [Q; 3],
    size: [Q; 3],
}

impl Cuboid {
    fn max(&self) -> [Q; 3] {
        [0, 1, 2].map(|i| self.min[i] + self.size[i])
    }
    fn sphere<T: Backend>(&self) -> Sphere<T> {
        Sphere::new(v3(self.c), self.r.to())
    }
    fn aabb<T: Backend>(&self) -> Aabb3<T> {
        Aabb3::new(v3(self.min), v3(self.max()))
    }
}

impl Make for Cuboid {
    fn make(s: &mut Src) -> Self {
        let min = [s.value(8), s.value(8), s.value(8)];
        let size = [s.nonneg(6), s.nonneg(6), s.nonneg(6)];
        let max = [0, 1, 2].map(|i| min[i] + size[i]);
        let (c, r) = place3(s, min, max);
        Cuboid { c, r, min, size }
    }
    fn fields(&mut self) -> Vec<&mut Q> {
        let mut f: Vec<&mut Q> = self.c.iter_mut().collect();
        f.push(&mut self.r);
        f.extend(self.min.iter_mut());
        f.extend(self.size.iter_mut());
        f
    }
}

impl Case for Cuboid {
    const DIM: usize = 3;
    fn classify<T: Backend>(&self) -> Outcome {
        classify_sphere_aabb3::<T>(&self.sphere(), &self.aabb())
    }
    fn overlaps<T: Backend>(&self) -> Result<bool, Error> {
        overlaps_sphere_aabb3::<T>(&self.sphere(), &self.aabb())
    }
    fn distance_squared<T: Backend>(&self) -> Result<T, Error> {
        distance_squared_point_aabb3(&v3(self.c), &self.aabb())
    }
    fn oracle_distance_squared(&self) -> Exact {
        let max = self.max();
        (0..3)
            .map(|i| clamp_sq(self.c[i].exact(), self.min[i].exact(), max[i].exact()))
            .fold(Exact::zero(), |a, b| a + b)
    }
    fn radius(&self) -> Q {
        self.r
    }
    fn with_radius(&self, r: Q) -> Self {
        Cuboid { r, ..self.clone() }
    }
    fn translate(&self, v: [Q; 3]) -> Self {
        Cuboid {
            c: [0, 1, 2].map(|i| self.c[i] + v[i]),
            min: [0, 1, 2].map(|i| self.min[i] + v[i]),
            ..self.clone()
        }
    }
    fn mirror(&self, axis: usize) -> Self {
        let mut m = self.clone();
        m.c[axis] = -self.c[axis];
        m.min[axis] = -self.max()[axis];
        m
    }
    fn swap_axes(&self, i: usize, j: usize) -> Self {
        let mut m = self.clone();
        m.c.swap(i, j);
        m.min.swap(i, j);
        m.size.swap(i, j);
        m
    }
    fn is_dyadic(&self) -> bool {
        self.c
            .iter()
            .chain(&self.min)
            .chain(&self.size)
            .chain([&self.r])
            .all(|q| q.is_dyadic())
    }
}

/// A circle and an oriented rectangle with exact unit axes: `axes[0]` from a
/// Pythagorean triple (legs possibly swapped, signs flipped) and
/// `axes[1] = perp(axes[0])`, or (after a mirror) `-perp(axes[0])`. In `Grid`
/// mode the axes are `(±1, 0)` and `(0, ±1)` in some order.
#[derive(Clone, Debug)]
struct Oriented {
    c: [Q; 2],
    r: Q,
    center: [Q; 2],
    axes: [[Q; 2]; 2],
    half: [Q; 2],
}

fn perp(u: [Q; 2]) -> [Q; 2] {
    [-u[1], u[0]]
}

fn dot(a: [Q; 2], b: [Q; 2]) -> Q {
    a[0] * b[0] + a[1] * b[1]
}

/// A unit vector from a Pythagorean triple, legs possibly swapped, signs
/// flipped; `(±1, 0)` or `(0, ±1)` when `dyadic`.
fn unit_axis(s: &mut Src) -> [Q; 2] {
    let (a, b, h) = if s.dyadic {
        let (a, b) = if s.chance(1, 2) { (1, 0) } else { (0, 1) };
        (a, b, 1)
    } else {
        s.triple()
    };
    [Q::new(s.sign() * a, h), Q::new(s.sign() * b, h)]
}

impl Oriented {
    fn circle<T: Backend>(&self) -> Circle<T> {
        Circle::new(v2(self.c), self.r.to())
    }
    fn obb<T: Backend>(&self) -> Obb2<T> {
        Obb2::new(
            v2(self.center),
            [v2(self.axes[0]), v2(self.axes[1])],
            [self.half[0].to(), self.half[1].to()],
        )
    }
    fn exact_input(&self) -> (Circle<Exact>, Obb2<Exact>) {
        (self.circle(), self.obb())
    }
}

impl Make for Oriented {
    fn make(s: &mut Src) -> Self {
        let u = unit_axis(s);
        let axes = [u, perp(u)];
        let center = [s.value(8), s.value(8)];
        let half = [s.nonneg(4), s.nonneg(4)];
        // Place the circle in the box frame, then map it to the world.
        let (local, r) = place2(s, [-half[0], -half[1]], half);
        let c = [0, 1].map(|i| center[i] + axes[0][i] * local[0] + axes[1][i] * local[1]);
        Oriented {
            c,
            r,
            center,
            axes,
            half,
        }
    }
    fn fields(&mut self) -> Vec<&mut Q> {
        let [c0, c1] = &mut self.c;
        let [m0, m1] = &mut self.center;
        let [h0, h1] = &mut self.half;
        vec![c0, c1, &mut self.r, m0, m1, h0, h1]
    }
}

impl Case for Oriented {
    const DIM: usize = 2;
    fn classify<T: Backend>(&self) -> Outcome {
        classify_circle_obb2::<T>(&self.circle(), &self.obb())
    }
    fn overlaps<T: Backend>(&self) -> Result<bool, Error> {
        overlaps_circle_obb2::<T>(&self.circle(), &self.obb())
    }
    fn distance_squared<T: Backend>(&self) -> Result<T, Error> {
        distance_squared_point_obb2(&v2(self.c), &self.obb())
    }
    fn oracle_distance_squared(&self) -> Exact {
        let d = [self.c[0] - self.center[0], self.c[1] - self.center[1]];
        (0..2)
            .map(|i| {
                let e = self.half[i].exact();
                clamp_sq(dot(d, self.axes[i]).exact(), -e.clone(), e)
            })
            .fold(Exact::zero(), |a, b| a + b)
    }
    fn radius(&self) -> Q {
        self.r
    }
    fn with_radius(&self, r: Q) -> Self {
        Oriented { r, ..self.clone() }
    }
    fn translate(&self, v: [Q; 3]) -> Self {
        Oriented {
            c: [self.c[0] + v[0], self.c[1] + v[1]],
            center: [self.center[0] + v[0], self.center[1] + v[1]],
            ..self.clone()
        }
    }
    fn mirror(&self, axis: usize) -> Self {
        let mut m = self.clone();
        m.c[axis] = -m.c[axis];
        m.center[axis] = -m.center[axis];
        for a in &mut m.axes {
            a[axis] = -a[axis];
        }
        m
    }
    fn swap_axes(&self, i: usize, j: usize) -> Self {
        let mut m = self.clone();
        m.c.swap(i, j);
        m.center.swap(i, j);
        for a in &mut m.axes {
            a.swap(i, j);
        }
        m
    }
    fn is_dyadic(&self) -> bool {
        self.c
            .iter()
            .chain(&self.center)
            .chain(&self.half)
            .chain(self.axes.iter().flatten())
            .chain([&self.r])
            .all(|q| q.is_dyadic())
    }
}

// ---------------------------------------------------------------------------
// 1. Agreement with the exact backend by the harness's rule.

/// `check_all` accepts the input on every backend, and all but `I16F16`
/// never refuse it (the generated magnitudes are far inside their
/// documented domains; only `I16F16`'s radius limit, 2^6, can be exceeded).
fn agree<Qy: Query>(input: &Qy::Input<Exact>) -> Prop {
    let mut tallies: Tallies = Default::default();
    check_all::<Qy>(input, &mut tallies)?;
    for (name, t) in BACKENDS.iter().zip(&tallies) {
        ensure(*name == "I16F16" || t.out_of_domain == 0, || {
            format!("{name} refused an input inside its domain: {t:?}")
        })?;
        ensure(t.unrepresentable == 0, || {
            format!("{name}: small rationals should be representable: {t:?}")
        })?;
    }
    Ok(())
}

#[test]
fn agreement_circle_aabb2() {
    fn prop(c: Mixed<Rect>) -> Prop {
        with_input!((c), { agree::<CircleAabb2>(&c.0.exact_input()) })
    }
    qc(prop as fn(_) -> Prop);
}

#[test]
fn agreement_sphere_aabb3() {
    fn prop(c: Mixed<Cuboid>) -> Prop {
        with_input!((c), { agree::<SphereAabb3>(&(c.0.sphere(), c.0.aabb())) })
    }
    qc(prop as fn(_) -> Prop);
}

#[test]
fn agreement_circle_obb2() {
    fn prop(c: Mixed<Oriented>) -> Prop {
        with_input!((c), { agree::<CircleObb2>(&c.0.exact_input()) })
    }
    qc(prop as fn(_) -> Prop);
}

#[test]
fn agreement_distance_aabb2() {
    fn prop(c: Mixed<Rect>) -> Prop {
        with_input!((c), {
            let (circle, b) = c.0.exact_input();
            agree::<DistanceAabb2>(&(circle.center, b))
        })
    }
    qc(prop as fn(_) -> Prop);
}

// ---------------------------------------------------------------------------
// 2, 3. Rigid motions: translation, mirror images, axis swaps.

/// The same outcome before and after a motion, on backend `T`.
fn same_on<T: Backend>(what: &str, before: Outcome, after: Outcome) -> Prop {
    ensure(before.is_ok() && before == after, || {
        format!("{} {what}: {before:?} became {after:?}", T::NAME)
    })
}

/// Every image of `c` under the motions the properties check.
fn images<C: Case>(c: &C, shift: [Q; 3]) -> Vec<(String, C)> {
    let mut out = vec![(format!("translated by {shift:?}"), c.translate(shift))];
    for axis in 0..C::DIM {
        out.push((format!("mirrored on axis {axis}"), c.mirror(axis)));
    }
    for i in 0..C::DIM {
        for j in i + 1..C::DIM {
            out.push((format!("axes {i} and {j} swapped"), c.swap_axes(i, j)));
        }
    }
    // A rotation by a quarter turn and a point reflection, as compositions.
    out.push(("quarter turn".into(), c.swap_axes(0, 1).mirror(0)));
    out.push((
        "point reflection".into(),
        (0..C::DIM).fold(c.clone(), |m, a| m.mirror(a)),
    ));
    out
}

fn invariant_on<T: Backend, C: Case>(c: &C, shift: [Q; 3]) -> Prop {
    let before = c.classify::<T>();
    for (what, image) in images(c, shift) {
        same_on::<T>(&what, before, image.classify::<T>())?;
    }
    Ok(())
}

/// Exact backend: every image has the same `Proximity` and the same squared
/// distance.
fn invariant_exact<C: Case>(c: &C, shift: [Q; 3]) -> Prop {
    invariant_on::<Exact, C>(c, shift)?;
    let d2 = c.distance_squared::<Exact>();
    for (what, image) in images(c, shift) {
        let e2 = image.distance_squared::<Exact>();
        ensure(d2 == e2, || {
            format!("distance² {what}: {d2:?} became {e2:?}")
        })?;
    }
    Ok(())
}

/// Grid values: the motions are exact in every backend (negation, swaps, and
/// sums of `k / 16` with small `k`), so the outcome must not change.
fn invariant_grid<C: Case>(c: &C, shift: [Q; 3]) -> Prop {
    assert!(c.is_dyadic() && shift.iter().all(|q| q.is_dyadic()));
    invariant_exact(c, shift)?;
    each_backend!(T => invariant_on::<T, C>(c, shift))
        .into_iter()
        .collect()
}

#[test]
fn rigid_motions_exact_rect() {
    fn prop(c: Mixed<Rect>, v: Mixed<Shift>) -> Prop {
        with_input!((c, v), { invariant_exact(&c.0, v.0.0) })
    }
    qc(prop as fn(_, _) -> Prop);
}

#[test]
fn rigid_motions_exact_cuboid() {
    fn prop(c: Mixed<Cuboid>, v: Mixed<Shift>) -> Prop {
        with_input!((c, v), { invariant_exact(&c.0, v.0.0) })
    }
    qc(prop as fn(_, _) -> Prop);
}

#[test]
fn rigid_motions_exact_oriented() {
    fn prop(c: Mixed<Oriented>, v: Mixed<Shift>) -> Prop {
        with_input!((c, v), { invariant_exact(&c.0, v.0.0) })
    }
    qc(prop as fn(_, _) -> Prop);
}

#[test]
fn rigid_motions_grid_every_backend() {
    fn prop(r: Grid<Rect>, s: Grid<Cuboid>, o: Grid<Oriented>, v: Grid<Shift>) -> Prop {
        with_input!((r, s, o, v), {
            invariant_grid(&r.0, v.0.0)?;
            invariant_grid(&s.0, v.0.0)?;
            invariant_grid(&o.0, v.0.0)
        })
    }
    qc(prop as fn(_, _, _, _) -> Prop);
}

/// On grid inputs every intermediate (gaps, their squares, `r²`, sums) is
/// exactly representable in every backend, so each backend must decide
/// exactly like the exact one, touching included.
fn exact_on_grid<T: Backend, C: Case>(c: &C) -> Prop {
    let want = c.classify::<Exact>();
    let got = c.classify::<T>();
    ensure(got == want, || {
        format!("{}: got {got:?}, exact {want:?}", T::NAME)
    })?;
    let want = c.distance_squared::<Exact>();
    let got = c.distance_squared::<T>();
    ensure(
        got.as_ref().map(T::to_exact).map_err(|e| *e) == want,
        || format!("{} distance²: got {got:?}, exact {want:?}", T::NAME),
    )
}

#[test]
fn grid_inputs_decide_exactly_on_every_backend() {
    fn all<C: Case>(c: &C) -> Prop {
        each_backend!(T => exact_on_grid::<T, C>(c))
            .into_iter()
            .collect()
    }
    fn prop(r: Grid<Rect>, s: Grid<Cuboid>, o: Grid<Oriented>) -> Prop {
        with_input!((r, s, o), {
            all(&r.0)?;
            all(&s.0)?;
            all(&o.0)
        })
    }
    qc(prop as fn(_, _, _) -> Prop);
}

// ---------------------------------------------------------------------------
// Rotations and equivalent descriptions of the same oriented box (exact).

/// `u` rotated by the rotation whose first column is `rot`.
fn rotate(rot: [Q; 2], u: [Q; 2]) -> [Q; 2] {
    [rot[0] * u[0] - rot[1] * u[1], rot[1] * u[0] + rot[0] * u[1]]
}

/// The rectangle rotated about the origin by the exact rotation `rot`, as an
/// oriented box, with its circle rotated likewise.
fn rect_as_rotated_obb(r: &Rect, rot: [Q; 2]) -> Oriented {
    let half_q = Q::new(1, 2);
    let max = r.max();
    let mid = [0, 1].map(|i| (r.min[i] + max[i]) * half_q);
    Oriented {
        c: rotate(rot, r.c),
        r: r.r,
        center: rotate(rot, mid),
        axes: [
            rotate(rot, [Q::int(1), Q::ZERO]),
            rotate(rot, [Q::ZERO, Q::int(1)]),
        ],
        half: [r.size[0] * half_q, r.size[1] * half_q],
    }
}

/// An aligned rectangle seen as an oriented box, then rotated about the
/// origin with its circle by an exact rotation (from a Pythagorean triple):
/// the oriented query must answer as the aligned one did, and the squared
/// distances must agree. This ties the two kernels together.
#[test]
fn aabb_rotated_into_obb_keeps_its_answer() {
    fn prop(c: Mixed<Rect>, which: u8, flip: bool) -> Prop {
        with_input!((c, which, flip), {
            let (a, b, h) = TRIPLES[which as usize % TRIPLES.len()];
            let rot = if flip {
                [Q::new(b, h), Q::new(a, h)]
            } else {
                [Q::new(a, h), Q::new(b, h)]
            };
            let rect = &c.0;
            let obb = rect_as_rotated_obb(rect, rot);
            let want = rect.classify::<Exact>();
            let got = obb.classify::<Exact>();
            ensure(got == want, || {
                format!("rotated by {rot:?}: oriented {got:?}, aligned {want:?}")
            })?;
            let (d_rect, d_obb) = (
                rect.distance_squared::<Exact>(),
                obb.distance_squared::<Exact>(),
            );
            ensure(d_rect == d_obb, || {
                format!("distance²: aligned {d_rect:?}, oriented {d_obb:?}")
            })
        })
    }
    qc(prop as fn(_, _, _) -> Prop);
}

/// The same oriented box described differently: an axis negated, or the axes
/// (with their half extents) exchanged. Same answer, exactly.
#[test]
fn obb_equivalent_descriptions() {
    fn prop(c: Mixed<Oriented>) -> Prop {
        with_input!((c), {
            let o = &c.0;
            let want = o.classify::<Exact>();
            let neg = |a: [Q; 2]| [-a[0], -a[1]];
            let variants = [
                ("axis 0 negated", [neg(o.axes[0]), o.axes[1]], o.half),
                ("axis 1 negated", [o.axes[0], neg(o.axes[1])], o.half),
                (
                    "axes exchanged",
                    [o.axes[1], o.axes[0]],
                    [o.half[1], o.half[0]],
                ),
            ];
            for (what, axes, half) in variants {
                let v = Oriented {
                    axes,
                    half,
                    ..o.clone()
                };
                let got = v.classify::<Exact>();
                ensure(got == want, || {
                    format!("{what}: {got:?}, original {want:?}")
                })?;
            }
            // The validating constructor accepts exact Pythagorean axes, exactly.
            let (_, b) = o.exact_input();
            ensure(
                Obb2::try_new(b.center, b.axes, b.half_extents).is_ok(),
                || "try_new refused exact unit axes".into(),
            )
        })
    }
    qc(prop as fn(_) -> Prop);
}

// ---------------------------------------------------------------------------
// 4. Monotonic in the radius.

fn rank(p: Proximity) -> u8 {
    match p {
        Proximity::Disjoint => 0,
        Proximity::Touching => 1,
        Proximity::Overlapping => 2,
    }
}

/// `r1 <= r2`: closed overlap at `r1` implies it at `r2`, and `Overlapping`
/// at `r1` implies `Overlapping` at `r2` (the answer never moves back).
fn monotone_on<T: Backend, C: Case>(c: &C, grow: Q) -> Prop {
    let bigger = c.with_radius(c.radius() + grow);
    let (p1, p2) = (c.classify::<T>(), bigger.classify::<T>());
    let (o1, o2) = (c.overlaps::<T>(), bigger.overlaps::<T>());
    ensure(o1 == p1.map(Proximity::overlaps), || {
        format!("{}: overlaps {o1:?} but classify {p1:?}", T::NAME)
    })?;
    let (p1, p2) = match (p1, p2) {
        (Ok(a), Ok(b)) => (a, b),
        other => return Err(format!("{}: unexpected {other:?}", T::NAME)),
    };
    let msg = || format!("{}: radius +{grow:?}: {p1:?} then {p2:?}", T::NAME);
    ensure(rank(p1) <= rank(p2), msg)?;
    ensure(!p1.overlaps() || o2 == Ok(true), msg)
}

/// Exact backend, strictly larger radius: `Touching` becomes `Overlapping`
/// (distance = r1 < r2) and `Disjoint` at `r2` means `Disjoint` at `r1`.
fn strictly_monotone_exact<C: Case>(c: &C, grow: Q) -> Prop {
    if grow.signum() <= 0 {
        return Ok(());
    }
    let p1 = c.classify::<Exact>().map_err(|e| format!("{e:?}"))?;
    let p2 = c
        .with_radius(c.radius() + grow)
        .classify::<Exact>()
        .map_err(|e| format!("{e:?}"))?;
    ensure(!p1.overlaps() || p2 == Proximity::Overlapping, || {
        format!("exact: radius +{grow:?}: {p1:?} then {p2:?}")
    })
}

fn monotone_all<C: Case>(c: &C, grow: Q) -> Prop {
    strictly_monotone_exact(c, grow)?;
    monotone_on::<Exact, C>(c, grow)?;
    each_backend!(T => monotone_on::<T, C>(c, grow))
        .into_iter()
        .collect()
}

#[test]
fn monotonic_in_radius() {
    fn prop(r: Mixed<Rect>, s: Mixed<Cuboid>, o: Mixed<Oriented>, g: Mixed<Grow>) -> Prop {
        with_input!((r, s, o, g), {
            monotone_all(&r.0, g.0.0)?;
            monotone_all(&s.0, g.0.0)?;
            monotone_all(&o.0, g.0.0)
        })
    }
    qc(prop as fn(_, _, _, _) -> Prop);
}

/// Float inputs off any grid (random mantissas, radii a few ulps apart, and
/// tiny or large scales), with two radii `r1 <= r2`.
#[derive(Clone, Debug)]
struct FloatRect {
    c: [f64; 2],
    min: [f64; 2],
    max: [f64; 2],
    r1: f64,
    r2: f64,
    /// For the error bound: the radius before its nudge, and the nudge in
    /// ulps, applied in each backend's own precision.
    base_r: f64,
    nudge: i64,
}

/// A random `f64` in `[-range, range]` with a full random mantissa.
fn uniform(g: &mut Gen, range: f64) -> f64 {
    let u = (u64::arbitrary(g) >> 11) as f64 / (1u64 << 53) as f64;
    (2.0 * u - 1.0) * range
}

/// `x` moved by `k` ulps (towards +infinity for `k > 0`), stopping at zero.
fn ulps(x: f64, k: i64) -> f64 {
    let m = (x.abs().to_bits() as i64 + if x > 0.0 { k } else { -k }).max(0);
    f64::from_bits(m as u64).copysign(x)
}

/// `x` moved by `k` `f32` ulps, stopping at zero.
fn ulps32(x: f32, k: i64) -> f32 {
    let m = (x.abs().to_bits() as i64 + if x > 0.0 { k } else { -k }).max(0);
    f32::from_bits(m as u32).copysign(x)
}

impl Arbitrary for FloatRect {
    fn arbitrary(g: &mut Gen) -> Self {
        let mut s = Src { g, dyadic: true };
        let pick = s.below(4);
        let scale = [1.0, 2f64.powi(40), 2f64.powi(-60), 2f64.powi(-140)][s.below(4) as usize];
        let rect = Rect::make(&mut s);
        // A nudge of up to ±256 ulps, small ones favoured.
        let k1 = s.sign() * (1 << s.below(9)) + s.int(-1, 1);
        let grow = s.below(4);
        let k2 = s.int(1, 3);
        let dq = s.nonneg(2);
        let q = |x: Q| x.to::<f64>() * scale;
        let (mut c, min, max) = (rect.c.map(q), rect.min.map(q), rect.max().map(q));
        let base_r = q(rect.r);
        let mut r1 = base_r;
        match pick {
            // Random mantissas for the center and the radius.
            0 => {
                c = [uniform(g, 16.0) * scale, uniform(g, 16.0) * scale];
                r1 = uniform(g, 8.0).abs() * scale;
            }
            // The (often touching) radius moved by a few ulps.
            1 | 2 => r1 = ulps(r1, k1),
            _ => {}
        }
        let r2 = match grow {
            0 => r1,
            1 | 2 => ulps(r1, k2),
            _ => r1 + q(dq),
        };
        // Radii stay non-negative and ordered (a nudge of 0 or of a
        // negative radius could cross 0).
        let fix = |r: f64| if r >= 0.0 { r } else { 0.0 };
        let (r1, r2) = (fix(r1), fix(r2).max(fix(r1)));
        FloatRect {
            c,
            min,
            max,
            r1,
            r2,
            base_r,
            nudge: if pick == 0 { 0 } else { k1 },
        }
    }
}

#[test]
fn monotonic_in_radius_floats_off_grid() {
    fn on<T: Backend>(f: &FloatRect, conv: impl Fn(f64) -> T) -> Prop {
        let b = Aabb2::new(
            Vec2::new(conv(f.min[0]), conv(f.min[1])),
            Vec2::new(conv(f.max[0]), conv(f.max[1])),
        );
        let at =
            |r: f64| classify_circle_aabb2(&Circle::new(f.c.map(&conv).into_vec2(), conv(r)), &b);
        let (p1, p2) = (at(f.r1), at(f.r2));
        match (p1, p2) {
            (Ok(a), Ok(b)) => ensure(rank(a) <= rank(b), || {
                format!("{}: {a:?} at r1, {b:?} at r2", T::NAME)
            }),
            other => Err(format!("{}: unexpected {other:?}", T::NAME)),
        }
    }
    fn prop(f: FloatRect) -> Prop {
        with_input!((f), {
            on::<f64>(&f, |x| x)?;
            on::<f32>(&f, |x| x as f32)
        })
    }
    qc(prop as fn(_) -> Prop);
}

trait IntoVec2<T> {
    fn into_vec2(self) -> Vec2<T>;
}

impl<T: Clone> IntoVec2<T> for [T; 2] {
    fn into_vec2(self) -> Vec2<T> {
        let [x, y] = self;
        Vec2::new(x, y)
    }
}

// ---------------------------------------------------------------------------
// 5. classify agrees with distance_squared (exact backend).

/// On the exact backend, `classify` is `Overlapping`, `Touching`, `Disjoint`
/// exactly as `distance_squared` is `<`, `==`, `>` than `r²` (`r >= 0`); a
/// negative radius is `Disjoint`; and `distance_squared` is the clamp-form
/// squared distance computed here independently.
fn consistent<C: Case>(c: &C) -> Prop {
    let d2 = c
        .distance_squared::<Exact>()
        .map_err(|e| format!("distance²: {e:?}"))?;
    let oracle = c.oracle_distance_squared();
    ensure(d2 == oracle, || {
        format!("distance² {d2:?}, independent {oracle:?}")
    })?;
    let want = expected_kind(&d2, &c.radius().exact());
    let got = c.classify::<Exact>();
    ensure(got == Ok(want), || {
        format!(
            "classify {got:?}, distance² {d2:?} and r {:?} say {want:?}",
            c.radius()
        )
    })?;
    let ov = c.overlaps::<Exact>();
    ensure(ov == Ok(want.overlaps()), || {
        format!("overlaps {ov:?} for {want:?}")
    })
}

#[test]
fn classify_matches_distance_exact() {
    fn prop(r: Mixed<Rect>, s: Mixed<Cuboid>, o: Mixed<Oriented>) -> Prop {
        with_input!((r, s, o), {
            consistent(&r.0)?;
            consistent(&s.0)?;
            consistent(&o.0)
        })
    }
    qc(prop as fn(_, _, _) -> Prop);
}

/// The generators really reach every kind, touching included (else the
/// properties above would be vacuous at the boundary).
#[test]
fn generators_reach_every_kind() {
    fn count<C: Case>(dyadic: bool) -> [u32; 3] {
        let mut g = Gen::new(100);
        let mut n = [0; 3];
        for _ in 0..2000 {
            let c = C::make(&mut Src { g: &mut g, dyadic });
            n[rank(c.classify::<Exact>().unwrap()) as usize] += 1;
        }
        n
    }
    for (name, n) in [
        ("rect grid", count::<Rect>(true)),
        ("rect mixed", count::<Rect>(false)),
        ("cuboid mixed", count::<Cuboid>(false)),
        ("oriented mixed", count::<Oriented>(false)),
        ("oriented grid", count::<Oriented>(true)),
    ] {
        // At least 5% each. (The generator's seed is random: touching,
        // the rarest kind, came out as few as 197 times of 2000 in 200
        // runs, so a bound of 200 failed now and then.)
        assert!(n.iter().all(|&k| k >= 100), "{name}: {n:?}");
    }
}

/// Negative radius: an error naming it, on every backend, wherever the
/// center is.
#[quickcheck]
fn negative_radius_is_an_error(c: Grid<Rect>, o: Grid<Oriented>, s: Grid<Cuboid>) -> Prop {
    with_input!((c, o, s), {
        fn all<C: Case>(c: &C) -> Prop {
            let neg = c.with_radius(-(c.radius().abs() + Q::new(1, 16)));
            let every = each_backend!(T => neg.classify::<T>());
            for got in every.into_iter().chain([neg.classify::<Exact>()]) {
                ensure(got == Err(Error::Negative(Quantity::Radius)), || {
                    format!("radius {:?}: {got:?}", neg.radius())
                })?;
            }
            Ok(())
        }
        all(&c.0)?;
        all(&o.0)?;
        all(&s.0)
    })
}

/// Radius zero: a point. `Touching` iff the point lies in the closed box,
/// `Disjoint` otherwise; never `Overlapping` (documented semantics).
#[quickcheck]
fn radius_zero_is_a_point(c: Mixed<Rect>, s: Mixed<Cuboid>, o: Mixed<Oriented>) -> Prop {
    with_input!((c, s, o), {
        fn all<C: Case>(c: &C) -> Prop {
            let p = c.with_radius(Q::ZERO);
            let inside = p.oracle_distance_squared() == Exact::zero();
            let want = if inside {
                Proximity::Touching
            } else {
                Proximity::Disjoint
            };
            let got = p.classify::<Exact>();
            ensure(got == Ok(want), || format!("point: {got:?}, want {want:?}"))
        }
        all(&c.0)?;
        all(&s.0)?;
        all(&o.0)
    })
}

// ---------------------------------------------------------------------------
// Domains and the documented error bounds.

/// Coordinates and radius of a fixed backend with `frac` fraction bits
/// near its range's edge: at half the range (the documented domain), just
/// under and over it, or small.
#[derive(Clone, Debug)]
struct Edge {
    /// Center, box min, box max, radius, as multiples of the LSB.
    bits: [i64; 7],
}

/// Picks a value near `lim` (in LSBs): at it, one LSB either side, half of
/// it, or small; either sign.
fn near_limit(s: &mut Src, lim: i64) -> i64 {
    let v = match s.below(6) {
        0 => lim,
        1 => lim - 1,
        2 => lim + 1,
        3 => lim / 2 + s.int(-3, 3),
        _ => s.int(-1 << 20, 1 << 20),
    };
    v * s.sign()
}

impl Edge {
    /// Half the range of a type with `bits` raw bits: `2^(bits - 2)` LSBs.
    fn make(g: &mut Gen, bits: u32) -> Edge {
        let half = 1i64 << (bits - 2);
        let mut s = Src { g, dyadic: true };
        let mut out = [0; 7];
        for b in &mut out[..6] {
            *b = near_limit(&mut s, half);
        }
        out[6] = near_limit(&mut s, half).abs();
        // A valid box: min <= max on each axis.
        for i in 0..2 {
            if out[2 + i] > out[4 + i] {
                out.swap(2 + i, 4 + i);
            }
        }
        Edge { bits: out }
    }

    fn input(&self, frac: u32) -> (Circle<Exact>, Aabb2<Exact>) {
        let q = |b: i64| Exact::ratio(b, 1 << frac);
        let b = self.bits;
        (
            Circle::new(Vec2::new(q(b[0]), q(b[1])), q(b[6])),
            Aabb2::new(Vec2::new(q(b[2]), q(b[3])), Vec2::new(q(b[4]), q(b[5]))),
        )
    }
}

/// Fixed point answers every input, at the edge of its range too, exactly
/// like the exact backend (no overflow: the decisions are made in wide
/// integers).
fn domain_edge<T: Backend>(e: &Edge, frac: u32) -> Prop {
    let input = e.input(frac);
    let (c, b) = CircleAabb2::try_map(&input, &mut |v: &Exact| T::from_exact(v)).unwrap();
    let got = classify_circle_aabb2(&c, &b);
    let want = classify_circle_aabb2(&input.0, &input.1);
    ensure(got.is_ok() && got == want, || {
        format!("{}: {got:?}, exact {want:?}", T::NAME)
    })
}

#[derive(Clone, Debug)]
struct Edges(Edge, Edge);

impl Arbitrary for Edges {
    fn arbitrary(g: &mut Gen) -> Self {
        Edges(Edge::make(g, 32), Edge::make(g, 64))
    }
}

#[test]
fn fixed_answers_its_whole_range() {
    fn prop(e: Edges) -> Prop {
        with_input!((e), {
            domain_edge::<I16F16>(&e.0, 16)?;
            domain_edge::<I32F32>(&e.1, 32)
        })
    }
    qc(prop as fn(_) -> Prop);
}

/// Aligned boxes on fixed point, off the grid (random low bits), placed at a
/// near-Pythagorean distance so that `dist² - r²` is a few LSBs (or zero):
/// the decision must be the exact one.
#[derive(Clone, Debug)]
struct FixedNear {
    /// Center, box min, box max (3D; 2D uses x and y), in LSBs.
    c: [i64; 3],
    min: [i64; 3],
    max: [i64; 3],
    r: i64,
}

/// `floor(sqrt(x))` for `x >= 0`.
fn isqrt(x: i128) -> i128 {
    let mut y = (x as f64).sqrt() as i128;
    while y * y > x {
        y -= 1;
    }
    while (y + 1) * (y + 1) <= x {
        y += 1;
    }
    y
}

impl FixedNear {
    /// `frac` fraction bits; the distance stays below `2^(rad_log2 - 1)`.
    fn make(g: &mut Gen, frac: u32, rad_log2: u32) -> FixedNear {
        let mut s = Src { g, dyadic: true };
        let one = 1i64 << frac;
        let min = [0; 3].map(|_| s.int(-8 * one, 8 * one));
        let size = [0; 3].map(|_| s.int(0, 4 * one));
        let max = [0, 1, 2].map(|i| min[i] + size[i]);
        // Either the center at (a k, b k) from a corner, k a fixed value with
        // random low bits (the gaps are exact, their squares are not: 2 * frac
        // bits), and r = h k ± a few LSBs: `dist² - r²` is `2 dist δ` LSBs,
        // a few LSBs when the distance is below 1 (half the time). Or random
        // gaps (A, B) in LSBs and r = isqrt(A² + B²) ± a few LSBs: then
        // `dist² - r²` is spread over about `[0, 2 dist]` LSBs.
        let rad_max = (one << rad_log2) / 2;
        let (legs, r) = if s.chance(1, 2) {
            let (a, b, h) = s.triple();
            let k_max = if s.chance(1, 2) { one / h } else { rad_max / h };
            let k = s.int(1, k_max.max(1));
            ([a * k, b * k], h * k)
        } else {
            let span = if s.chance(1, 2) {
                one
            } else {
                rad_max * 7 / 10
            };
            let (ga, gb) = (s.int(0, span), s.int(0, span));
            let d2 = (ga as i128) * (ga as i128) + (gb as i128) * (gb as i128);
            ([ga, gb], isqrt(d2) as i64)
        };
        let r = (r + s.int(-4, 4)).max(0);
        let mut c = [0; 3];
        for i in 0..3 {
            c[i] = if i == 2 {
                s.int(min[i], max[i])
            } else if s.chance(1, 2) {
                max[i] + legs[i]
            } else {
                min[i] - legs[i]
            };
        }
        FixedNear { c, min, max, r }
    }
}

fn fixed_near_check<T: Backend>(f: &FixedNear, frac: u32, dim: usize) -> Prop {
    let q = |b: i64| Exact::ratio(b, 1 << frac);
    let t = |b: i64| T::from_exact(&q(b)).unwrap();
    let gaps: Vec<Exact> = (0..dim)
        .map(|i| {
            let (c, lo, hi) = (f.c[i], f.min[i], f.max[i]);
            q((lo - c).max(c - hi).max(0))
        })
        .collect();
    let d2 = gaps
        .iter()
        .cloned()
        .map(sq)
        .fold(Exact::zero(), |a, b| a + b);
    let r = q(f.r);
    let margin = d2.clone() - sq(r.clone());
    let lsb = q(1);
    let three = lsb.clone() + lsb.clone() + lsb;
    let abs_margin = if margin < Exact::zero() {
        -margin.clone()
    } else {
        margin.clone()
    };
    let want = expected_kind(&d2, &r);
    let got = if dim == 2 {
        let circle = Circle::new(Vec2::new(t(f.c[0]), t(f.c[1])), t(f.r));
        let b = Aabb2::new(
            Vec2::new(t(f.min[0]), t(f.min[1])),
            Vec2::new(t(f.max[0]), t(f.max[1])),
        );
        classify_circle_aabb2(&circle, &b)
    } else {
        let sphere = Sphere::new(Vec3::new(t(f.c[0]), t(f.c[1]), t(f.c[2])), t(f.r));
        let b = Aabb3::new(
            Vec3::new(t(f.min[0]), t(f.min[1]), t(f.min[2])),
            Vec3::new(t(f.max[0]), t(f.max[1]), t(f.max[2])),
        );
        classify_sphere_aabb3(&sphere, &b)
    };
    if abs_margin <= three {
        FIXED_AT.fetch_add(1, AtomicOrdering::Relaxed);
    }
    if abs_margin <= q(64) {
        FIXED_TIGHT.fetch_add(1, AtomicOrdering::Relaxed);
    }
    ensure(got == Ok(want), || {
        format!(
            "{} {dim}D: got {got:?}, exact {want:?}, dist² - r² = {margin:?}",
            T::NAME
        )
    })
}

#[derive(Clone, Debug)]
struct FixedCases(FixedNear, FixedNear);

impl Arbitrary for FixedCases {
    fn arbitrary(g: &mut Gen) -> Self {
        // Radius limits: I16F16 2^6, I32F32 2^14 (M(2, 2), the 3D limit).
        FixedCases(FixedNear::make(g, 16, 6), FixedNear::make(g, 32, 10))
    }
}

/// Cases within 64 LSBs and within 3 LSBs of the boundary (the test is not
/// vacuous).
static FIXED_TIGHT: AtomicU64 = AtomicU64::new(0);
static FIXED_AT: AtomicU64 = AtomicU64::new(0);

#[test]
fn fixed_decides_exactly_near_the_boundary() {
    fn prop(f: FixedCases) -> Prop {
        with_input!((f), {
            for dim in [2, 3] {
                fixed_near_check::<I16F16>(&f.0, 16, dim)?;
                fixed_near_check::<I32F32>(&f.1, 32, dim)?;
            }
            Ok(())
        })
    }
    qc(prop as fn(_) -> Prop);
    let tight = FIXED_TIGHT.load(AtomicOrdering::Relaxed);
    assert!(tight >= TESTS / 2, "only {tight} cases within 64 LSBs");
    let at = FIXED_AT.load(AtomicOrdering::Relaxed);
    assert!(at >= TESTS / 20, "only {at} cases within 3 LSBs");
}

/// Floats, off the grid, at every scale (products that underflow
/// included): the decision is the exact one, within `8u * max(dist², r²)`
/// of the boundary too.
#[test]
fn float_decides_exactly_near_the_boundary() {
    fn on<T: Backend>(
        f: &FloatRect,
        conv: impl Fn(f64) -> T,
        nudge: impl Fn(T, i64) -> T,
        u: f64,
    ) -> Prop {
        let r = if f.nudge == 0 {
            conv(f.r1)
        } else {
            nudge(conv(f.base_r), f.nudge)
        };
        let (c, lo, hi) = (f.c.map(&conv), f.min.map(&conv), f.max.map(&conv));
        let e = |x: &T| x.to_exact();
        let d2 = (0..2)
            .map(|i| clamp_sq(e(&c[i]), e(&lo[i]), e(&hi[i])))
            .fold(Exact::zero(), |a, b| a + b);
        let r2 = sq(e(&r));
        let big = if d2 > r2 { d2.clone() } else { r2.clone() };
        let margin = d2.clone() - r2.clone();
        let abs_margin = if margin < Exact::zero() {
            -margin
        } else {
            margin
        };
        let band = big * Exact::from_f64_exact(8.0 * u).unwrap();
        let b = Aabb2::new(lo.into_vec2(), hi.into_vec2());
        let got = classify_circle_aabb2(&Circle::new(c.into_vec2(), r.clone()), &b);
        let want = expected_kind(&d2, &e(&r));
        if abs_margin <= band {
            FLOAT_AT.fetch_add(1, AtomicOrdering::Relaxed);
        }
        if abs_margin <= band.clone() * Exact::ratio(1 << 10, 1) {
            FLOAT_TIGHT.fetch_add(1, AtomicOrdering::Relaxed);
        }
        ensure(got == Ok(want), || {
            format!("{}: got {got:?}, exact {want:?}", T::NAME)
        })
    }
    fn prop(f: FloatRect) -> Prop {
        with_input!((f), {
            on::<f64>(&f, |x| x, ulps, f64::EPSILON / 2.0)?;
            on::<f32>(&f, |x| x as f32, ulps32, f32::EPSILON as f64 / 2.0)
        })
    }
    qc(prop as fn(_) -> Prop);
    let tight = FLOAT_TIGHT.load(AtomicOrdering::Relaxed);
    assert!(tight >= TESTS / 20, "only {tight} cases within 2^10 bands");
    let at = FLOAT_AT.load(AtomicOrdering::Relaxed);
    assert!(at >= TESTS / 20, "only {at} cases within 8u bands");
}

/// Cases within `2^10` and within 1 times the `8u` band of the boundary.
static FLOAT_TIGHT: AtomicU64 = AtomicU64::new(0);
static FLOAT_AT: AtomicU64 = AtomicU64::new(0);

// ---------------------------------------------------------------------------
// 6. Hand-derived examples, on every backend that represents the values.

fn n<T: Backend>(num: i64, den: i64) -> T {
    T::from_ratio(num, den).unwrap()
}

fn rect_box<T: Backend>() -> Aabb2<T> {
    // Box [-3, -1] x [2, 6].
    Aabb2::new(Vec2::new(n(-3, 1), n(2, 1)), Vec2::new(n(-1, 1), n(6, 1)))
}

fn disc<T: Backend>(x: (i64, i64), y: (i64, i64), r: (i64, i64)) -> Circle<T> {
    Circle::new(Vec2::new(n(x.0, x.1), n(y.0, y.1)), n(r.0, r.1))
}

fn hand_rect<T: Backend>() {
    use Proximity::*;
    let b = rect_box::<T>();
    let k = |c: Circle<T>| classify_circle_aabb2(&c, &b).unwrap();
    // Corner region, 5-12-13: the top-right corner is (-1, 6); the center
    // (-1 + 5, 6 + 12) = (4, 18) has gaps 5 and 12, so distance 13.
    // r = 13 touches; r = 13 ± 2^-16 (one I16F16 LSB) gives
    // r² - 169 = ±26·2^-16 + 2^-32 ≈ ±2^-11.3, above every backend's error
    // (fixed: at most 3 LSBs = 3·2^-16; f32: about 3u·169 ≈ 2^-15.4).
    assert_eq!(k(disc((4, 1), (18, 1), (13, 1))), Touching, "{}", T::NAME);
    assert_eq!(
        k(disc((4, 1), (18, 1), (13 * 65536 + 1, 65536))),
        Overlapping
    );
    assert_eq!(k(disc((4, 1), (18, 1), (13 * 65536 - 1, 65536))), Disjoint);
    // Same center, r = 12.5: both gaps (5, 12) are at most r, yet the
    // distance 13 exceeds it, so the corner test, not a per-axis test,
    // decides: Disjoint.
    assert_eq!(k(disc((4, 1), (18, 1), (25, 2))), Disjoint);
    // r = 12: the y gap equals r, the x gap is 5 more: distance 13 > 12.
    assert_eq!(k(disc((4, 1), (18, 1), (12, 1))), Disjoint);
    // Edge region: center (-2, -3/2) is below the box (x in [-3, -1]),
    // gap 2 - (-3/2) = 7/2. r = 7/2 touches; 7/2 ± 1/16 either side.
    assert_eq!(k(disc((-2, 1), (-3, 2), (7, 2))), Touching);
    assert_eq!(k(disc((-2, 1), (-3, 2), (57, 16))), Overlapping);
    assert_eq!(k(disc((-2, 1), (-3, 2), (55, 16))), Disjoint);
    // Left edge region: center (-5, 2) (y = 2 is the bottom edge line,
    // inside the closed slab), gap -3 - (-5) = 2: r = 2 touches.
    assert_eq!(k(disc((-5, 1), (2, 1), (2, 1))), Touching);
    // Radius 0: a point. Inside (-2, 4) or on the corner (-1, 6): Touching;
    // 1/16 beyond the corner: Disjoint; a positive radius inside: Overlapping.
    assert_eq!(k(disc((-2, 1), (4, 1), (0, 1))), Touching);
    assert_eq!(k(disc((-1, 1), (6, 1), (0, 1))), Touching);
    assert_eq!(k(disc((-15, 16), (6, 1), (0, 1))), Disjoint);
    assert_eq!(k(disc((-2, 1), (4, 1), (1, 4))), Overlapping);
    // A negative radius is an error, even centered in the box.
    assert_eq!(
        classify_circle_aabb2(&disc((-2, 1), (4, 1), (-1, 4)), &b),
        Err(Error::Negative(Quantity::Radius))
    );
    // overlaps(): closed, so touching counts.
    assert_eq!(
        overlaps_circle_aabb2(&disc::<T>((4, 1), (18, 1), (13, 1)), &b),
        Ok(true)
    );
    assert_eq!(
        overlaps_circle_aabb2(&disc::<T>((4, 1), (18, 1), (25, 2)), &b),
        Ok(false)
    );
    // Squared distances: from (4, 18) it is 5² + 12² = 169 (I16F16's domain
    // for squared distances is coordinates within 2^5 = 32: 18 fits); from
    // (-2, -3/2) it is 49/4; inside it is 0.
    let d = |x: (i64, i64), y: (i64, i64)| {
        distance_squared_point_aabb2(&Vec2::new(n::<T>(x.0, x.1), n(y.0, y.1)), &b).unwrap()
    };
    assert_eq!(d((4, 1), (18, 1)), n(169, 1));
    assert_eq!(d((-2, 1), (-3, 2)), n(49, 4));
    assert_eq!(d((-2, 1), (4, 1)), n(0, 1));
    // A degenerate box, the single point (1, 2): center (1 + 3, 2 - 4) is at
    // distance 5.
    let p = Aabb2::new(
        Vec2::new(n::<T>(1, 1), n(2, 1)),
        Vec2::new(n(1, 1), n(2, 1)),
    );
    assert_eq!(
        classify_circle_aabb2(&disc((4, 1), (-2, 1), (5, 1)), &p),
        Ok(Touching)
    );
    assert_eq!(
        classify_circle_aabb2(&disc((4, 1), (-2, 1), (79, 16)), &p),
        Ok(Disjoint)
    );
}

fn hand_sphere<T: Backend>() {
    use Proximity::*;
    // Box [0, 1] x [-2, 0] x [3, 4]. Quadruple 1-4-8-9: from the corner
    // (1, -2, 4) (max x, min y, max z) go (+1, -4, +8) to (2, -6, 12):
    // distance 9. r = 9 touches; 9 ± 2^-16 either side
    // (r² - 81 = ±18·2^-16 + 2^-32).
    let b = Aabb3::new(
        Vec3::new(n::<T>(0, 1), n(-2, 1), n(3, 1)),
        Vec3::new(n(1, 1), n(0, 1), n(4, 1)),
    );
    let s = |x, y, z, r: (i64, i64)| Sphere::new(Vec3::new(n(x, 1), n(y, 1), n(z, 1)), n(r.0, r.1));
    let k = |sp: Sphere<T>| classify_sphere_aabb3(&sp, &b).unwrap();
    assert_eq!(k(s(2, -6, 12, (9, 1))), Touching, "{}", T::NAME);
    assert_eq!(k(s(2, -6, 12, (9 * 65536 + 1, 65536))), Overlapping);
    assert_eq!(k(s(2, -6, 12, (9 * 65536 - 1, 65536))), Disjoint);
    // All three gaps (1, 4, 8) are below r = 17/2, but the distance 9 is not.
    assert_eq!(k(s(2, -6, 12, (17, 2))), Disjoint);
    // Edge region: z = 7/2 is inside [3, 4]; from the edge x = 0 (min),
    // y = 0 (max) go (-3, +4): center (-3, 4, 7/2), gaps 3 and 4, distance 5.
    let e = Sphere::new(Vec3::new(n(-3, 1), n(4, 1), n(7, 2)), n(5, 1));
    assert_eq!(k(e), Touching);
    // Face region: due -z from z = 3 at gap 2, (x, y) = (1/2, -1) inside.
    let f = |r| Sphere::new(Vec3::new(n(1, 2), n(-1, 1), n(1, 1)), n(r, 1));
    assert_eq!(k(f(2)), Touching);
    assert_eq!(k(f(1)), Disjoint);
    assert_eq!(k(f(3)), Overlapping);
    assert_eq!(
        distance_squared_point_aabb3(&Vec3::new(n(2, 1), n(-6, 1), n(12, 1)), &b),
        Ok(n(81, 1))
    );
}

fn hand_quarter_turn_obb<T: Backend>() {
    use Proximity::*;
    // Axes (0, 1) and perp = (-1, 0), center (1, 1), half extents (2, 1):
    // ±2 along y and ±1 along x, i.e. the box [0, 2] x [-1, 3]. The center
    // (2 + 3, 3 + 4) = (5, 7) is at distance 5 from the corner (2, 3).
    // Local coordinates: d = (4, 6), s0 = d·(0, 1) = 6, s1 = d·(-1, 0) = -4,
    // gaps 6 - 2 = 4 and 4 - 1 = 3.
    let b = Obb2::try_from_axis(
        Vec2::new(n::<T>(1, 1), n(1, 1)),
        Vec2::new(n(0, 1), n(1, 1)),
        [n(2, 1), n(1, 1)],
    )
    .unwrap();
    let c = |r: (i64, i64)| Circle::new(Vec2::new(n(5, 1), n(7, 1)), n(r.0, r.1));
    let k = |r| classify_circle_obb2(&c(r), &b).unwrap();
    assert_eq!(k((5, 1)), Touching, "{}", T::NAME);
    assert_eq!(k((81, 16)), Overlapping);
    assert_eq!(k((79, 16)), Disjoint);
    assert_eq!(
        distance_squared_point_obb2(&Vec2::new(n(5, 1), n(7, 1)), &b),
        Ok(n(25, 1))
    );
    // The same box as an aligned one.
    let a = Aabb2::new(Vec2::new(n(0, 1), n(-1, 1)), Vec2::new(n(2, 1), n(3, 1)));
    assert_eq!(classify_circle_aabb2(&c((5, 1)), &a), Ok(Touching));
}

#[test]
fn hand_examples_every_backend() {
    fn all<T: Backend>() {
        hand_rect::<T>();
        hand_sphere::<T>();
        hand_quarter_turn_obb::<T>();
    }
    all::<Exact>();
    each_backend!(T => all::<T>());
}

/// A 5-12-13 rotation, representable only on the exact backend: box centered
/// at the origin, axes (5/13, 12/13) and (-12/13, 5/13), half extents (1, 2).
/// The local point (4, 6) has gaps 3 and 4, distance 5; in the world it is
/// 4·(5, 12)/13 + 6·(-12, 5)/13 = (-52, 78)/13 = (-4, 6).
#[test]
fn hand_rotated_obb_exact_and_rounded() {
    use Proximity::*;
    fn run<T: Backend>(r: (i64, i64)) -> Outcome {
        let b = Obb2::try_from_axis(
            Vec2::new(n::<T>(0, 1), n(0, 1)),
            Vec2::new(n(5, 13), n(12, 13)),
            [n(1, 1), n(2, 1)],
        )
        .unwrap_or_else(|e| panic!("{}: rounded 5-12-13 axis refused: {e}", T::NAME));
        classify_circle_obb2(&Circle::new(Vec2::new(n(-4, 1), n(6, 1)), n(r.0, r.1)), &b)
    }
    assert_eq!(run::<Exact>((5, 1)), Ok(Touching));
    assert_eq!(run::<Exact>((5 * 1000 + 1, 1000)), Ok(Overlapping));
    assert_eq!(run::<Exact>((5 * 1000 - 1, 1000)), Ok(Disjoint));
    let p = Vec2::new(Exact::ratio(-4, 1), Exact::ratio(6, 1));
    let b = Obb2::try_from_axis(
        Vec2::new(Exact::ratio(0, 1), Exact::ratio(0, 1)),
        Vec2::new(Exact::ratio(5, 13), Exact::ratio(12, 13)),
        [Exact::ratio(1, 1), Exact::ratio(2, 1)],
    )
    .unwrap();
    assert_eq!(distance_squared_point_obb2(&p, &b), Ok(Exact::ratio(25, 1)));
    // On the rounded backends the axes are only nearly unit, so r = 5 may
    // go either way; r = 5 ± 1/16 (r² - 25 ≈ ±0.63) may not.
    for (r, want) in [((81, 16), Overlapping), ((79, 16), Disjoint)] {
        each_backend!(T => assert_eq!(run::<T>(r), Ok(want), "{}", T::NAME));
    }
}
