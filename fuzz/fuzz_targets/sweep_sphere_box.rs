//! Moving sphere vs moving box in 3D (`swept::query::sweep_sphere_box`),
//! three ways:
//!
//! * raw bit patterns, NaN and infinities included, on every backend of the
//!   harness (`swept_support::each_backend!`): no query panics (fuzz builds
//!   keep overflow checks); a NaN or infinite input gives `NotFinite` and a
//!   finite one never does; a contact time is finite and `>= 0` (and
//!   `<= max_time` for `_within`, always); every finite raw input then goes
//!   through the exact oracle;
//! * exact inputs (small integers over powers of two, exactly orthonormal
//!   rational axes; with `aim` the sphere is sent exactly through a corner
//!   of the box, a seam of the dilated box, a point of a corner sphere, or
//!   tangent to a corner sphere or an edge cylinder, so tangencies and ties
//!   happen) through the exact oracle: `swept_support::check_all` on every
//!   backend: the exact kind, values rounded once
//!   (`tests/support/src/agree.rs`);
//! * the same exact inputs against the independent brute force of
//!   `swept_support::brute_box3` (kinds and exact times must agree, with
//!   and without the time limit).

#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use swept::Error;
use swept::Real;
use swept::geom::{Aabb3, Obb3, Sphere, Vec3};
use swept::query::sweep_sphere_box::*;
use swept::query::{Hit, Sweep};
use swept_support::biased_box3::{rational_axes, unit2_in, unit3_in};
use swept_support::brute_box3::{Brute3, brute_aabb3, brute_obb3};
use swept_support::brute_rect::Surd;
use swept_support::generate::Gen;
use swept_support::sweep_check::eps;
use swept_support::sweep3_queries::{
    Sweep3, SweepAabb3, SweepAabb3Within, SweepObb3, SweepObb3Within,
};
use swept_support::{Backend, Exact, Tallies, check_all, each_backend};

/// Number of scalars an input draws.
const N: usize = 20;

#[derive(Arbitrary, Debug)]
struct Input {
    /// Raw bit patterns, as each backend reads them (`Backend::from_raw`).
    raw: [u64; N],
    /// Exact values `num[i] / 2^(shift[i] % 7)`; the radius and the half
    /// extents are taken as `|num[i]|` unless `shift[i] >= 0xC0`.
    num: [i8; N],
    shift: [u8; N],
    /// Seeds the rational axes (`rational_axes`) and the aim's unit vectors.
    seed: u16,
    /// Aim the sphere (`aim % 6`): 0 no; through 1 a corner of the box,
    /// 2 a corner of the box dilated along one axis, 3 a point of a corner
    /// sphere; tangent to 4 a corner sphere, 5 an edge cylinder.
    aim: u8,
    /// The aim's corner: bits 0-2 its signs, bits 3-4 the edge's axis
    /// (`% 3`), bit 5 the cylinder's point mid-edge (else at its end),
    /// bit 6 the point reached at `t = 0` (else at `t = 1`).
    flags: u8,
}

/// A query's input, as the harness adapters take it.
type Query3<T, B> = (Sphere<T>, Vec3<T>, B, Vec3<T>);

/// Layout: sphere center `v0 v1 v2`, radius `v3`, velocity `v4 v5 v6`; box
/// velocity `v7 v8 v9`; aligned box `(v10 v11 v12) - (v13 v14 v15)`;
/// oriented box center `v10 v11 v12`, half extents `v13 v14 v15`, axes
/// `(v16 v17 v18)`, `(v17 v18 v16)`, `(v18 v16 v17)` unless given; time
/// limit `v19`. (Exact inputs: the aligned box is the oriented box's
/// `[center - half extents, center + half extents]`.)
struct Shapes<T> {
    aabb: Query3<T, Aabb3<T>>,
    obb: Query3<T, Obb3<T>>,
    limit: T,
}

fn shapes<T: Backend>(v: &[T; N], axes: Option<[Vec3<T>; 3]>) -> Shapes<T> {
    let p = |i: usize, j: usize, k: usize| Vec3::new(v[i].clone(), v[j].clone(), v[k].clone());
    // Raw axes: the cyclic shifts of one vector, orthonormal when it is a
    // unit vector with xy + yz + zx = 0 (say (1, 0, 0) or (2, 2, -1) / 3).
    let axes = axes.unwrap_or_else(|| [p(16, 17, 18), p(17, 18, 16), p(18, 16, 17)]);
    let sphere = Sphere::new(p(0, 1, 2), v[3].clone());
    let (sv, bv) = (p(4, 5, 6), p(7, 8, 9));
    let half = [v[13].clone(), v[14].clone(), v[15].clone()];
    Shapes {
        aabb: (
            sphere.clone(),
            sv.clone(),
            Aabb3::new(p(10, 11, 12), p(13, 14, 15)),
            bv.clone(),
        ),
        obb: (sphere, sv, Obb3::new(p(10, 11, 12), axes, half), bv),
        limit: v[19].clone(),
    }
}

/// The inputs the aligned box's sweep reads (the limit aside), then the
/// oriented box's.
const AABB: usize = 16;
const OBB: usize = 19;

/// The error contract and the time's range for one result.
fn contract<T: Backend>(
    name: &str,
    v: &[T; N],
    used: usize,
    got: &Sweep3<T>,
    clean: &Sweep3<T>,
    limit: Option<&T>,
) {
    let ctx = || format!("{name}::<{}> on {v:?}: {got:?}", T::NAME);
    let not_finite =
        v[..used].iter().any(|x| !x.is_finite()) || limit.is_some_and(|t| !t.is_finite());
    match got {
        // With several faults any may be reported; with only non-finite
        // values (the zeroed input is accepted) it must be `NotFinite`.
        Err(e) if not_finite => assert!(
            matches!(e, Error::NotFinite(_)) || clean.is_err(),
            "{}",
            ctx()
        ),
        Err(e) => assert!(!matches!(e, Error::NotFinite(_)), "{}", ctx()),
        Ok(r) => {
            assert!(!not_finite, "non-finite input accepted: {}", ctx());
            if let Sweep::Hit(h) = r {
                let time = &h.time;
                assert!(time.is_finite() && *time >= T::zero(), "{}", ctx());
                for p in [&h.point, &h.center, &h.normal] {
                    assert!(
                        p.x.is_finite() && p.y.is_finite() && p.z.is_finite(),
                        "{}",
                        ctx()
                    );
                }
                if let Some(t) = limit {
                    assert!(*time <= *t, "past the limit: {}", ctx());
                }
            }
        }
    }
}

/// Every sweep query on raw values of `T`.
fn raw_queries<T: Backend>(v: &[T; N]) {
    let zeroed = v.clone().map(|x| if x.is_finite() { x } else { T::zero() });
    let (s, z) = (shapes(v, None), shapes(&zeroed, None));
    let aabb = |s: &Shapes<T>| {
        let (sp, sv, b, bv) = &s.aabb;
        sweep_sphere_aabb3(sp, sv, b, bv)
    };
    contract("sweep_sphere_aabb3", v, AABB, &aabb(&s), &aabb(&z), None);
    let aabb = |s: &Shapes<T>| {
        let (sp, sv, b, bv) = &s.aabb;
        sweep_sphere_aabb3_within(sp, sv, b, bv, &s.limit)
    };
    let name = "sweep_sphere_aabb3_within";
    contract(name, v, AABB, &aabb(&s), &aabb(&z), Some(&s.limit));
    let obb = |s: &Shapes<T>| {
        let (sp, sv, b, bv) = &s.obb;
        sweep_sphere_obb3(sp, sv, b, bv)
    };
    contract("sweep_sphere_obb3", v, OBB, &obb(&s), &obb(&z), None);
    let obb = |s: &Shapes<T>| {
        let (sp, sv, b, bv) = &s.obb;
        sweep_sphere_obb3_within(sp, sv, b, bv, &s.limit)
    };
    let name = "sweep_sphere_obb3_within";
    contract(name, v, OBB, &obb(&s), &obb(&z), Some(&s.limit));
}

/// The oracle on every backend, and the brute force on the exact backend.
fn oracle_all(s: &Shapes<Exact>, brute: bool) {
    let mut tallies: Tallies = Default::default();
    let (aabb, obb) = (
        (s.aabb.clone(), s.limit.clone()),
        (s.obb.clone(), s.limit.clone()),
    );
    let checks = [
        check_all::<SweepAabb3>(&s.aabb, &mut tallies),
        check_all::<SweepAabb3Within>(&aabb, &mut tallies),
        check_all::<SweepObb3>(&s.obb, &mut tallies),
        check_all::<SweepObb3Within>(&obb, &mut tallies),
    ];
    for c in checks {
        if let Err(e) = c {
            panic!("disagreement with the exact backend: {e}");
        }
    }
    if brute {
        // A negative radius or extent must be named as an error (the brute
        // force takes such a box as empty).
        let zero = Exact::zero();
        let (sp, sv, b, bv) = &s.aabb;
        let r = sp.radius < zero;
        let (lo, hi) = (&b.min, &b.max);
        let negative = r || lo.x > hi.x || lo.y > hi.y || lo.z > hi.z;
        let want = brute_aabb3(sp, sv, b, bv);
        let got = sweep_sphere_aabb3(sp, sv, b, bv);
        agree_brute("aabb", &got, &want, negative, None);
        let got = sweep_sphere_aabb3_within(sp, sv, b, bv, &s.limit);
        agree_brute("aabb within", &got, &want, negative, Some(&s.limit));
        let (sp, sv, b, bv) = &s.obb;
        let negative = r || b.half_extents.iter().any(|e| *e < zero);
        let want = brute_obb3(sp, sv, b, bv);
        let got = sweep_sphere_obb3(sp, sv, b, bv);
        agree_brute("obb", &got, &want, negative, None);
        let got = sweep_sphere_obb3_within(sp, sv, b, bv, &s.limit);
        agree_brute("obb within", &got, &want, negative, Some(&s.limit));
    }
}

/// Kinds agree (a brute-force hit after `limit` is a miss); a rational
/// brute-force time is the kernel's exactly, an irrational one within
/// 2^-200 relative; a `negative` input is an error.
fn agree_brute(
    name: &str,
    got: &Sweep3<Exact>,
    want: &Brute3,
    negative: bool,
    limit: Option<&Exact>,
) {
    let ctx = || format!("{name}: kernel {got:?}, brute force {want:?}, limit {limit:?}");
    if negative {
        assert!(matches!(got, Err(Error::Negative(_))), "{}", ctx());
        return;
    }
    let cut = |t: &Surd| limit.is_some_and(|l| t.cmp_rational(&l.0).is_gt());
    match (got, want) {
        (Ok(Sweep::Overlapping { .. }), Brute3::Overlapping) => {}
        (Ok(Sweep::Miss), Brute3::Miss) => {}
        (Ok(Sweep::Miss), Brute3::Hit(t)) if cut(t) => {}
        (Ok(Sweep::Hit(Hit { time, .. })), Brute3::Hit(t)) if !cut(t) => {
            assert!(t.is_time(&time.0, &eps()), "{}", ctx());
        }
        _ => panic!("kinds differ: {}", ctx()),
    }
}

/// Raw values of backend `T`: contract, then (when all are finite) the oracle
/// on their exact values.
fn raw_backend<T: Backend>(v: [T; N]) {
    raw_queries(&v);
    if v.iter().all(Real::is_finite) {
        let e = v.map(|x| x.to_exact());
        oracle_all(&shapes(&e, None), false);
    }
}

/// `Σ x_i a_i`: local coordinates in the frame `a`.
fn turn(a: &[Vec3<Exact>; 3], x: &[Exact; 3]) -> Vec3<Exact> {
    let [a0, a1, a2] = a.clone();
    a0 * x[0].clone() + a1 * x[1].clone() + a2 * x[2].clone()
}

/// Sends the sphere through a point of the box's frame (`Input::aim`),
/// the same in both boxes' frames: the aligned box `[o - k, o + k]` and
/// the oriented box `o, axes, k`. The relative velocity `w` in the frame
/// is the drawn one (`sv - bv`, read in the frame), or across it for a
/// tangent path; the center becomes `p - t0 w`.
fn aim(s: &mut Shapes<Exact>, input: &Input, g: &mut Gen) {
    let kind = input.aim % 6;
    if kind == 0 {
        return;
    }
    let f = input.flags;
    let sign = [0, 1, 2].map(|i| if f >> i & 1 == 0 { 1i64 } else { -1 });
    let m = usize::from(f >> 3 & 3) % 3;
    let (i, j) = ((m + 1) % 3, (m + 2) % 3);
    let (sphere, sv, b, bv) = s.obb.clone();
    let (o, axes, k, r) = (b.center, b.axes, b.half_extents, sphere.radius);
    let d: [Exact; 3] = (sv - bv.clone()).into();
    let sgn = |i: usize| Exact::ratio(sign[i], 1);
    let mut p = [0, 1, 2].map(|i| sgn(i) * k[i].clone());
    let mut w = d.clone();
    match kind {
        1 => {}
        2 => p[m] = p[m].clone() + sgn(m) * r.clone(),
        3 | 4 => {
            let u = unit3_in(g, sign);
            p = [0, 1, 2].map(|i| p[i].clone() + r.clone() * u[i].clone());
            if kind == 4 {
                // Perpendicular to the offset from the corner: tangent.
                let (u, dv) = (Vec3::from(u), Vec3::from(d));
                w = u.cross(&dv).into();
            }
        }
        _ => {
            let u = unit2_in(g, [sign[i], sign[j]]);
            p[i] = p[i].clone() + r.clone() * u[0].clone();
            p[j] = p[j].clone() + r.clone() * u[1].clone();
            if f & 0x20 != 0 {
                p[m] = Exact::zero();
            }
            // Across the edge perpendicular to the offset, any speed along it.
            w[i] = -u[1].clone() * d[i].clone();
            w[j] = u[0].clone() * d[i].clone();
        }
    }
    let t0 = Exact::ratio(i64::from(f & 0x40 == 0), 1);
    let c = [0, 1, 2].map(|i| p[i].clone() - t0.clone() * w[i].clone());
    let (c3, w3) = (Vec3::from(c.clone()), Vec3::from(w.clone()));
    s.aabb.0.center = o.clone() + c3;
    s.aabb.1 = w3 + bv.clone();
    s.obb.0.center = o + turn(&axes, &c);
    s.obb.1 = turn(&axes, &w) + bv;
}

/// Small dyadic values, exactly orthonormal rational axes, the aligned box
/// with the oriented box's center and half extents, and with `aim` the
/// sphere sent through a chosen point.
fn exact_input(input: &Input) {
    let v: [Exact; N] = core::array::from_fn(|i| {
        let x = Exact::ratio(input.num[i].into(), 1 << (input.shift[i] % 7));
        let lengths = [3, 13, 14, 15].contains(&i) && input.shift[i] < 0xC0;
        if lengths && x.signum() < 0 { -x } else { x }
    });
    let mut g = Gen::new(input.seed.into());
    let mut s = shapes(&v, Some(rational_axes(&mut g)));
    let b = &s.obb.2;
    s.aabb.2 = Aabb3::from_center_half_extents(b.center.clone(), b.half_extents.clone().into());
    aim(&mut s, input, &mut g);
    oracle_all(&s, true);
}

fuzz_target!(|input: Input| {
    let r = input.raw;
    each_backend!(T => raw_backend(r.map(T::from_raw)));
    exact_input(&input);
});
