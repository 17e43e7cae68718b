//! Moving sphere vs moving box (`swept::query::sweep_sphere_box`): bad
//! input is an error naming it, never a panic. NaN and infinities in every
//! input (the floats), the limit included even where the motion alone ends
//! the query; a negative radius or half extent, `min > max`, axes not
//! orthonormal (repeated, long, short, tilted, zero; the fault named),
//! also moving away (every backend); and raw bit patterns in every input
//! (every backend): an answer or an error, never a hit at a negative time
//! or a non-finite value.

use swept::error::AxesFault;
use swept::geom::{Aabb3, Obb3, Sphere, Vec3};
use swept::query::Sweep;
use swept::query::sweep_sphere_box::{
    sweep_sphere_aabb3, sweep_sphere_aabb3_within, sweep_sphere_obb3, sweep_sphere_obb3_within,
};
use swept::{Error, Quantity};
use swept_support::Backend;
use swept_support::case_box3::Sweep3;
use swept_support::hand_box3::{num, v3, vi};
use swept_support::workload::SplitMix64;

/// On the floats: NaN and infinities (`bad`) in every input.
fn not_finite<T: Backend>(bad: [T; 3]) {
    let name = T::NAME;
    let one = num::<T>(1, 1);
    let cube = Aabb3::new(vi::<T>(-1, -1, -1), vi(1, 1, 1));
    let obb = Obb3::new(
        Vec3::zero(),
        [vi::<T>(1, 0, 0), vi(0, 1, 0), vi(0, 0, 1)],
        [one.clone(), one.clone(), one.clone()],
    );
    let s = Sphere::new(vi::<T>(5, 0, 0), one.clone());
    let v = vi::<T>(-1, 0, 0);
    let z = Vec3::<T>::zero();
    for x in bad {
        let nf = |q| Err(Error::NotFinite(q));
        let with_x = |mut p: Vec3<T>| {
            p.y = x.clone();
            p
        };
        use Quantity::*;
        let aabb_cases: [(Quantity, Result<Sweep3<T>, Error>); 6] = [
            (
                Center,
                sweep_sphere_aabb3(
                    &Sphere::new(with_x(s.center.clone()), one.clone()),
                    &v,
                    &cube,
                    &z,
                ),
            ),
            (
                Radius,
                sweep_sphere_aabb3(&Sphere::new(s.center.clone(), x.clone()), &v, &cube, &z),
            ),
            (
                Velocity,
                sweep_sphere_aabb3(&s, &with_x(v.clone()), &cube, &z),
            ),
            (
                Min,
                sweep_sphere_aabb3(
                    &s,
                    &v,
                    &Aabb3::new(with_x(cube.min.clone()), cube.max.clone()),
                    &z,
                ),
            ),
            (
                Max,
                sweep_sphere_aabb3(
                    &s,
                    &v,
                    &Aabb3::new(cube.min.clone(), with_x(cube.max.clone())),
                    &z,
                ),
            ),
            (
                BoxVelocity,
                sweep_sphere_aabb3(&s, &v, &cube, &with_x(z.clone())),
            ),
        ];
        for (what, got) in aabb_cases {
            assert_eq!(got, nf(what), "aabb, {what:?} = {x:?} ({name})");
        }
        let mut bad_axes = obb.clone();
        bad_axes.axes[1] = with_x(bad_axes.axes[1].clone());
        let mut bad_half = obb.clone();
        bad_half.half_extents[2] = x.clone();
        let mut bad_center = obb.clone();
        bad_center.center = with_x(bad_center.center.clone());
        let obb_cases: [(Quantity, Result<Sweep3<T>, Error>); 5] = [
            (
                Center,
                sweep_sphere_obb3(
                    &Sphere::new(with_x(s.center.clone()), one.clone()),
                    &v,
                    &obb,
                    &z,
                ),
            ),
            (BoxCenter, sweep_sphere_obb3(&s, &v, &bad_center, &z)),
            (Axes, sweep_sphere_obb3(&s, &v, &bad_axes, &z)),
            (HalfExtents, sweep_sphere_obb3(&s, &v, &bad_half, &z)),
            (
                BoxVelocity,
                sweep_sphere_obb3(&s, &v, &obb, &with_x(z.clone())),
            ),
        ];
        for (what, got) in obb_cases {
            assert_eq!(got, nf(what), "obb, {what:?} = {x:?} ({name})");
        }
        // A bad limit, even where the motion alone ends the query (moving
        // away).
        let away = vi::<T>(1, 0, 0);
        assert_eq!(
            sweep_sphere_aabb3_within(&s, &away, &cube, &z, &x),
            nf(MaxTime),
            "aabb limit {x:?} ({name})"
        );
        assert_eq!(
            sweep_sphere_obb3_within(&s, &away, &obb, &z, &x),
            nf(MaxTime),
            "obb limit {x:?} ({name})"
        );
    }
}

#[test]
fn not_finite_input_is_an_error() {
    not_finite::<f32>([f32::NAN, f32::INFINITY, f32::NEG_INFINITY]);
    not_finite::<f64>([f64::NAN, f64::INFINITY, f64::NEG_INFINITY]);
}

/// On every backend: negative radius or half extent, `min > max`, axes
/// not orthonormal.
fn negative_and_bad_axes<T: Backend>() {
    let name = T::NAME;
    let one = num::<T>(1, 1);
    let cube = Aabb3::new(vi::<T>(-1, -1, -1), vi(1, 1, 1));
    let axes = [vi::<T>(1, 0, 0), vi(0, 1, 0), vi(0, 0, 1)];
    let obb = Obb3::new(
        Vec3::zero(),
        axes.clone(),
        [one.clone(), one.clone(), one.clone()],
    );
    let s = Sphere::new(vi::<T>(5, 0, 0), one.clone());
    let v = vi::<T>(-1, 0, 0);
    let z = Vec3::<T>::zero();
    let neg = Sphere::new(s.center.clone(), num(-1, 2));
    for away in [false, true] {
        // Moving away too: the early exit must not skip the checks.
        let v = if away { -v.clone() } else { v.clone() };
        assert_eq!(
            sweep_sphere_aabb3(&neg, &v, &cube, &z),
            Err(Error::Negative(Quantity::Radius)),
            "{name}"
        );
        assert_eq!(
            sweep_sphere_obb3(&neg, &v, &obb, &z),
            Err(Error::Negative(Quantity::Radius)),
            "{name}"
        );
        for i in 0..3 {
            let mut inv = cube.clone();
            match i {
                0 => inv.min.x = num(2, 1),
                1 => inv.max.y = num(-2, 1),
                _ => inv.min.z = num(3, 2),
            }
            assert_eq!(
                sweep_sphere_aabb3(&s, &v, &inv, &z),
                Err(Error::Negative(Quantity::Extent)),
                "{name}: inverted axis {i}"
            );
            let mut bad = obb.clone();
            bad.half_extents[i] = num(-1, 4);
            assert_eq!(
                sweep_sphere_obb3(&s, &v, &bad, &z),
                Err(Error::Negative(Quantity::HalfExtents)),
                "{name}: negative half extent {i}"
            );
        }
        // Axes not orthonormal: a repeated axis, a long one, a short one,
        // one tilted by far more than the tolerance; each an error.
        let tilted = Vec3::new(one.clone(), num(1, 2), T::zero());
        for (what, bad) in [
            (
                "repeated",
                [axes[0].clone(), axes[0].clone(), axes[2].clone()],
            ),
            ("long", [vi(2, 0, 0), axes[1].clone(), axes[2].clone()]),
            (
                "short",
                [axes[0].clone(), v3([0, 1, 0], 2), axes[2].clone()],
            ),
            ("tilted", [tilted, axes[1].clone(), axes[2].clone()]),
            ("zero", [axes[0].clone(), axes[1].clone(), Vec3::zero()]),
        ] {
            let b = Obb3::new(Vec3::zero(), bad, obb.half_extents.clone());
            let got = sweep_sphere_obb3(&s, &v, &b, &z);
            assert!(
                matches!(got, Err(Error::BadAxes(_))),
                "{name}: {what} axes: {got:?}"
            );
            let got = sweep_sphere_obb3_within(&s, &v, &b, &z, &one);
            assert!(
                matches!(got, Err(Error::BadAxes(_))),
                "{name}: {what} axes, within: {got:?}"
            );
        }
    }
    // Axes off by far less than the tolerance (1/16) are accepted: x tilted
    // by 1/256 toward y.
    let slightly = [
        Vec3::new(one.clone(), num(1, 256), T::zero()),
        axes[1].clone(),
        axes[2].clone(),
    ];
    let b = Obb3::new(Vec3::zero(), slightly, obb.half_extents.clone());
    let got = sweep_sphere_obb3(&s, &v, &b, &z);
    assert!(got.is_ok(), "{name}: axes within the tolerance: {got:?}");
    // The repeated-axes fault is named.
    let b = Obb3::new(
        Vec3::zero(),
        [axes[0].clone(), axes[0].clone(), axes[2].clone()],
        obb.half_extents.clone(),
    );
    assert_eq!(
        sweep_sphere_obb3(&s, &v, &b, &z),
        Err(Error::BadAxes(AxesFault::NotOrthogonal { axes: [0, 1] })),
        "{name}"
    );
}

mod refused {
    swept_support::on_every_backend!(negative_and_bad_axes);
}

/// Raw bit patterns in every input, on every backend: an answer or an
/// error, never a panic (and never a hit at a negative time or a
/// non-finite value).
fn raw_bits<T: Backend>(seed: u64) {
    let mut r = SplitMix64::new(seed);
    // Raw bits one time in three, small grid values otherwise (so that
    // many queries get past the checks).
    let draw = |r: &mut SplitMix64| -> T {
        match r.next_u64() % 3 {
            0 => T::from_raw(r.next_u64()),
            _ => T::from_ratio((r.next_u64() % 17) as i64 - 8, 1 << (r.next_u64() % 3)).unwrap(),
        }
    };
    let v = |r: &mut SplitMix64| Vec3::new(draw(r), draw(r), draw(r));
    for _ in 0..3000 {
        let s = Sphere::new(v(&mut r), v(&mut r).x);
        let (sv, bv) = (v(&mut r), v(&mut r));
        let b = Aabb3::new(v(&mut r), v(&mut r));
        let o = Obb3::new(
            v(&mut r),
            [v(&mut r), v(&mut r), v(&mut r)],
            [v(&mut r).x, v(&mut r).y, v(&mut r).z],
        );
        let lim = v(&mut r).x;
        for got in [
            sweep_sphere_aabb3(&s, &sv, &b, &bv),
            sweep_sphere_aabb3_within(&s, &sv, &b, &bv, &lim),
            sweep_sphere_obb3(&s, &sv, &o, &bv),
            sweep_sphere_obb3_within(&s, &sv, &o, &bv, &lim),
        ] {
            if let Ok(Sweep::Hit(h)) = got {
                assert!(
                    h.time >= T::zero() && h.time.is_finite() && h.normal.x.is_finite(),
                    "{}: {h:?}",
                    T::NAME
                );
            }
        }
    }
}

#[test]
fn raw_bits_never_panic() {
    swept_support::each_backend!(T => raw_bits::<T>(0xB175));
}
