//! Static circle/sphere vs box (`swept::query::circle_box`), two ways:
//!
//! * raw bit patterns, NaN and infinities included, on every backend of the
//!   harness (`swept_support::each_backend!`): no query panics (fuzz builds
//!   keep overflow checks), a NaN or infinite input is refused, `NotFinite`
//!   is returned for non-finite input only and always when it is the only
//!   fault, a squared distance is finite and non-negative, and `overlaps_*`
//!   is `classify_*(..).overlaps()`; every finite raw input then goes through
//!   the exact oracle;
//! * exact inputs (small integers over powers of two, Pythagorean axes, and
//!   circles placed exactly touching a corner) through the exact oracle:
//!   `swept_support::check_all` on every backend: the exact kind, values
//!   rounded once (`tests/support/src/agree.rs`).

#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use swept::Error;
use swept::Real;
use swept::geom::{Aabb2, Aabb3, Circle, Obb2, Sphere, Vec2, Vec3};
use swept::query::circle_box::*;
use swept_support::generate::TRIPLES;
use swept_support::queries::{CircleAabb2, CircleObb2, DistanceAabb2, SphereAabb3};
use swept_support::{Backend, Exact, Query, Tallies, check_all, each_backend};

/// Number of scalars an input draws; `shapes` says which goes where.
const N: usize = 11;

#[derive(Arbitrary, Debug)]
struct Input {
    /// Raw bit patterns, as each backend reads them (`Backend::from_raw`).
    raw: [u64; N],
    /// Exact values `num[i] / 2^(shift[i] % 9)`.
    num: [i16; N],
    shift: [u8; N],
    /// The oriented box's first axis: a Pythagorean triple, its signs, swapped.
    axis: u8,
    /// Place the circle (sphere) exactly touching a box corner.
    touch: bool,
}

/// The shapes the values `v` make. Layout: circle center `v0 v1`, radius
/// `v2`; aligned box `(v3 v4) - (v5 v6)`, in 3D with `v7` (center), `v8`
/// (min) and `v9` (max) as third coordinates; oriented box center `v3 v4`,
/// axes `(v5 v6)` and `(v7 v8)` (or `axes` if given), half extents `v9 v10`.
struct Shapes<T> {
    circle: Circle<T>,
    rect: Aabb2<T>,
    sphere: Sphere<T>,
    cube: Aabb3<T>,
    obb: Obb2<T>,
}

fn shapes<T: Backend>(v: &[T; N], axes: Option<[Vec2<T>; 2]>) -> Shapes<T> {
    let p = |i: usize, j: usize| Vec2::new(v[i].clone(), v[j].clone());
    let q = |i: usize, j: usize, k: usize| Vec3::new(v[i].clone(), v[j].clone(), v[k].clone());
    let axes = axes.unwrap_or_else(|| [p(5, 6), p(7, 8)]);
    Shapes {
        circle: Circle::new(p(0, 1), v[2].clone()),
        rect: Aabb2::new(p(3, 4), p(5, 6)),
        sphere: Sphere::new(q(0, 1, 7), v[2].clone()),
        cube: Aabb3::new(q(3, 4, 8), q(5, 6, 9)),
        obb: Obb2::new(p(3, 4), axes, [v[9].clone(), v[10].clone()]),
    }
}

/// The values each query reads, by index into the layout of [`shapes`].
const CIRCLE_RECT: &[usize] = &[0, 1, 2, 3, 4, 5, 6];
const SPHERE_CUBE: &[usize] = &[0, 1, 7, 2, 3, 4, 8, 5, 6, 9];
const CIRCLE_OBB: &[usize] = &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const POINT_RECT: &[usize] = &[0, 1, 3, 4, 5, 6];
const POINT_CUBE: &[usize] = &[0, 1, 7, 3, 4, 8, 5, 6, 9];
const POINT_OBB: &[usize] = &[0, 1, 3, 4, 5, 6, 7, 8, 9, 10];

/// The error contract of one query on raw values `v`, given its result on
/// `v` and on `v` with every non-finite value replaced by zero (`clean`).
fn contract<T: Backend, R: core::fmt::Debug>(
    name: &str,
    v: &[T; N],
    used: &[usize],
    raw: &Result<R, Error>,
    clean: &Result<R, Error>,
) {
    let not_finite = used.iter().any(|&i| !v[i].is_finite());
    let ctx = || format!("{name}::<{}> on {v:?}: {raw:?} (clean: {clean:?})", T::NAME);
    if not_finite {
        assert!(raw.is_err(), "non-finite input accepted: {}", ctx());
        if clean.is_ok() {
            assert!(matches!(raw, Err(Error::NotFinite(_))), "{}", ctx());
        }
    } else {
        assert!(!matches!(raw, Err(Error::NotFinite(_))), "{}", ctx());
    }
}

/// A squared distance must be finite and non-negative.
fn distance_ok<T: Backend>(d: &Result<T, Error>) -> bool {
    d.as_ref()
        .map_or(true, |d| d.is_finite() && *d >= T::zero())
}

/// Runs every static query on raw values of `T` and checks [`contract`].
fn raw_queries<T: Backend>(v: &[T; N]) {
    let zeroed = v.clone().map(|x| if x.is_finite() { x } else { T::zero() });
    let (s, z) = (shapes(v, None), shapes(&zeroed, None));

    macro_rules! classify {
        ($classify:ident, $overlaps:ident, $a:ident, $b:ident, $used:expr) => {{
            let raw = $classify(&s.$a, &s.$b);
            contract(
                stringify!($classify),
                v,
                $used,
                &raw,
                &$classify(&z.$a, &z.$b),
            );
            assert_eq!($overlaps(&s.$a, &s.$b), raw.map(Proximity::overlaps));
        }};
    }
    classify!(
        classify_circle_aabb2,
        overlaps_circle_aabb2,
        circle,
        rect,
        CIRCLE_RECT
    );
    classify!(
        classify_sphere_aabb3,
        overlaps_sphere_aabb3,
        sphere,
        cube,
        SPHERE_CUBE
    );
    classify!(
        classify_circle_obb2,
        overlaps_circle_obb2,
        circle,
        obb,
        CIRCLE_OBB
    );

    macro_rules! distance {
        ($distance:ident, $p:expr, $b:ident, $used:expr) => {{
            let raw = $distance(&$p(&s), &s.$b);
            let clean = $distance(&$p(&z), &z.$b);
            contract(stringify!($distance), v, $used, &raw, &clean);
            assert!(
                distance_ok(&raw),
                "{}: {raw:?} on {v:?}",
                stringify!($distance)
            );
        }};
    }
    distance!(
        distance_squared_point_aabb2,
        |s: &Shapes<T>| s.circle.center.clone(),
        rect,
        POINT_RECT
    );
    distance!(
        distance_squared_point_aabb3,
        |s: &Shapes<T>| s.sphere.center.clone(),
        cube,
        POINT_CUBE
    );
    distance!(
        distance_squared_point_obb2,
        |s: &Shapes<T>| s.circle.center.clone(),
        obb,
        POINT_OBB
    );
}

/// Checks `Q` on every backend against the exact backend.
fn oracle<Q: Query>(input: &Q::Input<Exact>) {
    let mut tallies: Tallies = Default::default();
    if let Err(e) = check_all::<Q>(input, &mut tallies) {
        panic!("disagreement with the exact backend: {e}");
    }
}

/// Every query of the oracle on the shapes of exact values `v`.
fn oracle_all(v: &[Exact; N], axes: Option<[Vec2<Exact>; 2]>) {
    let s = shapes(v, axes);
    oracle::<CircleAabb2>(&(s.circle.clone(), s.rect.clone()));
    oracle::<SphereAabb3>(&(s.sphere, s.cube));
    oracle::<CircleObb2>(&(s.circle.clone(), s.obb));
    oracle::<DistanceAabb2>(&(s.circle.center, s.rect));
}

/// Raw values of backend `T`: contract, then (when all are finite) the oracle
/// on their exact values.
fn raw_backend<T: Backend>(v: [T; N]) {
    raw_queries(&v);
    if v.iter().all(Real::is_finite) {
        oracle_all(&v.map(|x| x.to_exact()), None);
    }
}

/// The exact input: small dyadic values, a Pythagorean frame, and with
/// `touch` the circle (sphere) moved to touch a corner exactly.
fn exact_input(input: &Input) {
    let mut v: [Exact; N] =
        core::array::from_fn(|i| Exact::ratio(input.num[i].into(), 1 << (input.shift[i] % 9)));
    let (a, b, c) = TRIPLES[input.axis as usize % TRIPLES.len()];
    let sign = |bit: u8| if input.axis >> bit & 1 == 0 { 1 } else { -1 };
    let (a, b) = if input.axis & 0x80 == 0 {
        (a, b)
    } else {
        (b, a)
    };
    let (a, b) = (sign(5) * a, sign(6) * b);
    let axis0 = Vec2::new(Exact::ratio(a, c), Exact::ratio(b, c));
    let axes = [axis0.clone(), axis0.perp()];
    if input.touch {
        // Center = corner + k (a, b), radius = k c: at distance exactly k c
        // from the corner `max` (the z gap is zero: center z = max z).
        let k = v[2].clone();
        v[0] = v[5].clone() + Exact::ratio(a, 1) * k.clone();
        v[1] = v[6].clone() + Exact::ratio(b, 1) * k.clone();
        v[7] = v[9].clone();
        v[2] = Exact::ratio(c, 1) * k;
    }
    oracle_all(&v, Some(axes));
}

fuzz_target!(|input: Input| {
    let r = input.raw;
    each_backend!(T => raw_backend(r.map(T::from_raw)));
    exact_input(&input);
});
