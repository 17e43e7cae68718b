//! The geometry types as a user meets them: vector operators and
//! conversions, the constructors, and (with `--features mint,serde`, as
//! `ci/features.sh` runs them) `mint` and `serde`. Expected values are
//! worked by hand in the comments.

use fixed::types::{I16F16, I32F32};
use swept::geom::{Aabb2, Aabb3, Circle, Obb2, Segment2, Sphere, Vec2, Vec3};

#[test]
fn vec2_operators() {
    let mut p = Vec2::new(1.0_f64, 2.0);
    p += Vec2::new(0.5, -1.0); // (1.5, 1)
    p -= Vec2::new(1.0, 1.0); // (0.5, 0)
    assert_eq!(p, Vec2::new(0.5, 0.0));
    assert_eq!(p * 4.0, Vec2::new(2.0, 0.0));
    assert_eq!(4.0 * p, Vec2::new(2.0, 0.0));
    assert_eq!(Vec2::new(3.0_f32, -6.0) / 3.0, Vec2::new(1.0, -2.0));
    assert_eq!(-Vec2::new(1.0, -2.0), Vec2::new(-1.0, 2.0));
    let mut q = Vec2::new(2.0_f32, 4.0);
    q *= 0.5;
    assert_eq!(q, Vec2::new(1.0, 2.0));
    q /= 2.0;
    assert_eq!(q, Vec2::new(0.5, 1.0));
    // 3-4-5: dot, cross, perp, lengths.
    let (a, b) = (Vec2::new(3.0, 4.0), Vec2::new(-4.0, 3.0));
    assert_eq!(a.dot(&b), 0.0);
    assert_eq!(a.cross(&b), 25.0); // 3·3 - 4·(-4)
    assert_eq!(a.perp(), b);
    assert_eq!(a.length_squared(), 25.0);
    assert_eq!(a.length(), 5.0);
    assert_eq!(a.normalize(), Some(Vec2::new(0.6, 0.8)));
    assert_eq!(Vec2::<f64>::ZERO.normalize(), None);
    assert_eq!(Vec2::new(f32::NAN, 1.0).normalize(), None);
    // Tiny and huge vectors normalise (the squares would underflow or
    // overflow): scaled by the largest coordinate first.
    let tiny = Vec2::new(3e-300_f64, 4e-300).normalize().unwrap();
    assert!((tiny.x - 0.6).abs() < 1e-15 && (tiny.y - 0.8).abs() < 1e-15);
    let huge = Vec2::new(3e30_f32, -4e30).normalize().unwrap();
    assert!((huge.x - 0.6).abs() < 1e-6 && (huge.y + 0.8).abs() < 1e-6);
    // Fixed point: the same operators, fixed's arithmetic.
    let f = |x: f64| I32F32::from_num(x);
    let mut v = Vec2::new(f(1.5), f(-2.0));
    v += Vec2::new(f(0.25), f(0.5));
    assert_eq!(v * f(2.0), Vec2::new(f(3.5), f(-3.0)));
    assert_eq!(v / f(0.5), Vec2::new(f(3.5), f(-3.0)));
    assert_eq!(Vec2::<I32F32>::ZERO, Vec2::zero());
    assert_eq!(Vec2::<I16F16>::ZERO, Vec2::new(I16F16::ZERO, I16F16::ZERO));
}

#[test]
fn vec3_operators() {
    let (x, y) = (Vec3::new(1.0_f64, 0.0, 0.0), Vec3::new(0.0, 1.0, 0.0));
    assert_eq!(x.cross(&y), Vec3::new(0.0, 0.0, 1.0));
    assert_eq!(y.cross(&x), Vec3::new(0.0, 0.0, -1.0));
    let mut v = Vec3::new(2.0, 3.0, 6.0);
    assert_eq!(v.length(), 7.0);
    assert_eq!(
        v.normalize(),
        Some(Vec3::new(2.0 / 7.0, 3.0 / 7.0, 6.0 / 7.0))
    );
    v -= Vec3::new(2.0, 3.0, 6.0);
    assert_eq!(v, Vec3::ZERO);
    assert_eq!(2.0 * Vec3::new(1.0_f32, 2.0, 3.0), Vec3::new(2.0, 4.0, 6.0));
}

#[test]
fn conversions() {
    let v: Vec2<f32> = [1.0, 2.0].into();
    assert_eq!(v, Vec2::from((1.0, 2.0)));
    assert_eq!(<[f32; 2]>::from(v), [1.0, 2.0]);
    assert_eq!(<(f32, f32)>::from(v), (1.0, 2.0));
    let w: Vec3<i32> = (1, 2, 3).into();
    assert_eq!(<[i32; 3]>::from(w), [1, 2, 3]);
    assert_eq!(
        Circle::from(([0.0, 1.0], 2.0)),
        Circle::new(Vec2::new(0.0, 1.0), 2.0)
    );
    assert_eq!(Sphere::from(([0.0, 1.0, 2.0], 3.0)).radius, 3.0);
    let s = Segment2::from(((0.0, 0.0), (1.0, 1.0)));
    assert_eq!(s.p1, Vec2::new(1.0, 1.0));
}

#[test]
fn box_constructors() {
    let b = Aabb2::from_center_half_extents(Vec2::new(1.0, -1.0), Vec2::new(0.5, 2.0));
    assert_eq!(b, Aabb2::new(Vec2::new(0.5, -3.0), Vec2::new(1.5, 1.0)));
    let b3 = Aabb3::from_center_half_extents(Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 2.0, 3.0));
    assert_eq!(b3.max, Vec3::new(1.0, 2.0, 3.0));
    // From an angle: a quarter turn of (1, 0) is (cos π/2, sin π/2) =
    // (6.1e-17, 1) in f64.
    let c = Vec2::new(0.0, 0.0);
    let a = Obb2::try_from_angle(c, core::f64::consts::FRAC_PI_2, [2.0, 1.0]).unwrap();
    assert_eq!(
        a.axes[0],
        Vec2::new(core::f64::consts::FRAC_PI_2.cos(), 1.0)
    );
    assert_eq!(a.axes[1], a.axes[0].perp());
    let a32 = Obb2::try_from_angle(Vec2::new(0.0_f32, 0.0), 1.0, [1.0, 1.0]).unwrap();
    assert_eq!(a32.axes[0], Vec2::new(libm::cosf(1.0), libm::sinf(1.0)));
    assert!(Obb2::try_from_angle(c, f64::NAN, [1.0, 1.0]).is_err());
    // From a rotation and from a direction of any length: (3, 4) / 5.
    let r = Obb2::try_from_rotation(c, 0.6, 0.8, [2.0, 1.0]).unwrap();
    let d = Obb2::try_from_direction(c, Vec2::new(30.0, 40.0), [2.0, 1.0]).unwrap();
    assert_eq!(r, d);
    assert_eq!(d.axes, [Vec2::new(0.6, 0.8), Vec2::new(-0.8, 0.6)]);
    // Fixed point: (3, 4) / 5 rounded once to Q16.16: 0.6 = 39321.6 LSB ->
    // 39322, 0.8 = 52428.8 -> 52429.
    let z = Vec2::new(I16F16::ZERO, I16F16::ZERO);
    let dir = Vec2::new(I16F16::from_num(3), I16F16::from_num(4));
    let f = Obb2::try_from_direction(z, dir, [I16F16::ONE; 2]).unwrap();
    let bits = |v: Vec2<I16F16>| (v.x.to_bits(), v.y.to_bits());
    assert_eq!(bits(f.axes[0]), (39322, 52429));
}

#[cfg(feature = "mint")]
#[test]
fn mint_vectors_pass_straight_in() {
    let m = mint::Vector2 { x: 1.0_f32, y: 2.0 };
    let v: Vec2<f32> = m.into();
    assert_eq!(v, Vec2::new(1.0, 2.0));
    let back: mint::Vector2<f32> = v.into();
    assert_eq!((back.x, back.y), (1.0, 2.0));
    let p: Vec2<f64> = mint::Point2 { x: 3.0, y: 4.0 }.into();
    assert_eq!(p.length(), 5.0);
    let p3: Vec3<f64> = mint::Point3 {
        x: 1.0,
        y: 2.0,
        z: 3.0,
    }
    .into();
    let m3: mint::Vector3<f64> = p3.into();
    assert_eq!((m3.x, m3.y, m3.z), (1.0, 2.0, 3.0));
    // A function generic over `Into<Vec2>` takes a mint vector as is.
    fn circle_at(c: impl Into<Vec2<f32>>) -> Circle<f32> {
        Circle::new(c.into(), 1.0)
    }
    assert_eq!(circle_at(m).center, Vec2::new(1.0, 2.0));
}

#[cfg(feature = "serde")]
#[test]
fn serde_field_names() {
    use serde_test::{Token, assert_tokens};
    assert_tokens(
        &Circle::new(Vec2::new(1.0_f64, 2.0), 0.5),
        &[
            Token::Struct {
                name: "Circle",
                len: 2,
            },
            Token::Str("center"),
            Token::Struct {
                name: "Vec2",
                len: 2,
            },
            Token::Str("x"),
            Token::F64(1.0),
            Token::Str("y"),
            Token::F64(2.0),
            Token::StructEnd,
            Token::Str("radius"),
            Token::F64(0.5),
            Token::StructEnd,
        ],
    );
    assert_tokens(
        &swept::Error::NotFinite(swept::Quantity::Radius),
        &[
            Token::NewtypeVariant {
                name: "Error",
                variant: "NotFinite",
            },
            Token::UnitVariant {
                name: "Quantity",
                variant: "Radius",
            },
        ],
    );
}
