//! The workloads of `benches/WORKLOAD.md`: the splitmix64 source and the
//! draw order of each workload, in `f64` (converted to the backend by the
//! caller, right after drawing).

/// splitmix64 as WORKLOAD.md specifies it.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

/// The workloads' seed.
pub const SEED: u64 = 0x5EED_2071_5692_0001;

impl SplitMix64 {
    /// A source starting at `state`.
    pub fn new(state: u64) -> SplitMix64 {
        SplitMix64 { state }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform in `[a, b)`, computed in `f64`.
    pub fn uni(&mut self, a: f64, b: f64) -> f64 {
        a + (b - a) * self.unit()
    }
}

/// One W3 2D query, as drawn: box min corner, size, circle center, radius.
#[derive(Clone, Copy, Debug)]
pub struct W3Rect {
    /// Min corner.
    pub min: [f64; 2],
    /// Size (max = min + size, computed in the backend).
    pub size: [f64; 2],
    /// Circle center.
    pub center: [f64; 2],
    /// Radius.
    pub radius: f64,
}

/// One W3 3D query, as drawn.
#[derive(Clone, Copy, Debug)]
pub struct W3Box {
    /// Min corner.
    pub min: [f64; 3],
    /// Size.
    pub size: [f64; 3],
    /// Sphere center.
    pub center: [f64; 3],
    /// Radius.
    pub radius: f64,
}

/// Draws one W3 2D query.
pub fn w3_rect(r: &mut SplitMix64) -> W3Rect {
    let min = [r.uni(-8.0, 8.0), r.uni(-8.0, 8.0)];
    let size = [r.uni(0.5, 8.0), r.uni(0.5, 8.0)];
    let center = [r.uni(-16.0, 16.0), r.uni(-16.0, 16.0)];
    let radius = r.uni(0.1, 3.0);
    W3Rect {
        min,
        size,
        center,
        radius,
    }
}

/// Draws one W3 3D query (third coordinate right after each 2D pair).
pub fn w3_box(r: &mut SplitMix64) -> W3Box {
    let min = [r.uni(-8.0, 8.0), r.uni(-8.0, 8.0), r.uni(-8.0, 8.0)];
    let size = [r.uni(0.5, 8.0), r.uni(0.5, 8.0), r.uni(0.5, 8.0)];
    let center = [r.uni(-16.0, 16.0), r.uni(-16.0, 16.0), r.uni(-16.0, 16.0)];
    let radius = r.uni(0.1, 3.0);
    W3Box {
        min,
        size,
        center,
        radius,
    }
}

/// One W1 query, as drawn (f64).
#[derive(Clone, Copy, Debug)]
pub struct W1 {
    /// Rectangle center.
    pub center: [f64; 2],
    /// Half extents.
    pub half: [f64; 2],
    /// Angle (the aligned variant ignores it).
    pub angle: f64,
    /// Rectangle velocity.
    pub rect_velocity: [f64; 2],
    /// Circle center.
    pub circle: [f64; 2],
    /// Radius.
    pub radius: f64,
    /// Circle velocity.
    pub circle_velocity: [f64; 2],
}

/// Draws one W1 query.
pub fn w1(r: &mut SplitMix64) -> W1 {
    let center = [r.uni(-8.0, 8.0), r.uni(-8.0, 8.0)];
    let half = [r.uni(0.25, 4.0), r.uni(0.25, 4.0)];
    let angle = r.uni(0.0, 2.0 * core::f64::consts::PI);
    let rect_velocity = [r.uni(-2.0, 2.0), r.uni(-2.0, 2.0)];
    let circle = [r.uni(-16.0, 16.0), r.uni(-16.0, 16.0)];
    let radius = r.uni(0.1, 3.0);
    let circle_velocity = [r.uni(-16.0, 16.0), r.uni(-16.0, 16.0)];
    W1 {
        center,
        half,
        angle,
        rect_velocity,
        circle,
        radius,
        circle_velocity,
    }
}

/// One W2 query, as drawn (f64).
#[derive(Clone, Copy, Debug)]
pub struct W2 {
    /// Segment ends.
    pub p0: [f64; 2],
    /// Segment ends.
    pub p1: [f64; 2],
    /// Circle center.
    pub center: [f64; 2],
    /// Radius.
    pub radius: f64,
    /// Displacement over the frame.
    pub displacement: [f64; 2],
}

/// Draws one W2 query.
pub fn w2(r: &mut SplitMix64) -> W2 {
    let p0 = [r.uni(-8.0, 8.0), r.uni(-8.0, 8.0)];
    let p1 = [r.uni(-8.0, 8.0), r.uni(-8.0, 8.0)];
    let center = [r.uni(-16.0, 16.0), r.uni(-16.0, 16.0)];
    let radius = r.uni(0.1, 3.0);
    let displacement = [r.uni(-16.0, 16.0), r.uni(-16.0, 16.0)];
    W2 {
        p0,
        p1,
        center,
        radius,
        displacement,
    }
}

/// W1 converted to backend `T` as WORKLOAD.md says: each drawn value
/// converted (nearest), box min/max and axes derived in `T` (axes: `cos`/`sin`
/// in f64 of the converted angle, converted back). `None` if a value does
/// not convert.
pub fn w1_in<T: crate::Backend>(w: &W1) -> Option<W1In<T>> {
    use swept::geom::{Aabb2, Circle, Obb2, Vec2};
    let c = |x: f64| T::nearest_from_f64(x);
    let center = Vec2::new(c(w.center[0])?, c(w.center[1])?);
    let half = [c(w.half[0])?, c(w.half[1])?];
    let a = c(w.angle)?.nearest_f64();
    let axis = Vec2::new(c(libm::cos(a))?, c(libm::sin(a))?);
    let aabb = Aabb2::new(
        Vec2::new(
            center.x.clone() - half[0].clone(),
            center.y.clone() - half[1].clone(),
        ),
        Vec2::new(
            center.x.clone() + half[0].clone(),
            center.y.clone() + half[1].clone(),
        ),
    );
    let obb = Obb2::new(center, [axis.clone(), axis.perp()], half);
    Some(W1In {
        aabb,
        obb,
        rect_velocity: Vec2::new(c(w.rect_velocity[0])?, c(w.rect_velocity[1])?),
        circle: Circle::new(Vec2::new(c(w.circle[0])?, c(w.circle[1])?), c(w.radius)?),
        circle_velocity: Vec2::new(c(w.circle_velocity[0])?, c(w.circle_velocity[1])?),
    })
}

/// A W1 query on backend `T`.
#[derive(Clone, Debug)]
pub struct W1In<T> {
    /// The aligned variant's box.
    pub aabb: swept::geom::Aabb2<T>,
    /// The oriented variant's box.
    pub obb: swept::geom::Obb2<T>,
    /// Rectangle velocity.
    pub rect_velocity: swept::geom::Vec2<T>,
    /// The circle.
    pub circle: swept::geom::Circle<T>,
    /// Circle velocity.
    pub circle_velocity: swept::geom::Vec2<T>,
}

/// One query's outcome as the workload report counts it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outcome {
    /// Overlapping at `t = 0` (code -1).
    Overlap,
    /// A contact (or hit) at this time (code +1).
    Contact(f64),
    /// No contact (code 0).
    None,
    /// Refused by the backend (adds nothing).
    Refused,
}

/// A row's outcome shares and checksum (the sum in query order, in f64,
/// of the code -1/0/+1 plus the contact time); `contact` names the second
/// outcome ("contact", "hit").
pub fn summary<R>(contact: &str, results: &[R], outcome: impl Fn(&R) -> Outcome) -> String {
    let (mut c, mut sum) = ([0usize; 4], 0.0);
    for r in results {
        match outcome(r) {
            Outcome::Overlap => {
                c[0] += 1;
                sum += -1.0;
            }
            Outcome::Contact(t) => {
                c[1] += 1;
                sum += 1.0 + t;
            }
            Outcome::None => c[2] += 1,
            Outcome::Refused => c[3] += 1,
        }
    }
    let pct = |k: usize| 100.0 * c[k] as f64 / results.len() as f64;
    format!(
        "overlap {:6.3}%  {contact} {:6.3}%  none {:6.3}%  refused {:6.3}%  checksum {sum:.11}",
        pct(0),
        pct(1),
        pct(2),
        pct(3)
    )
}

/// One W4 query, as drawn (f64): W1 with a third component after each
/// pair and three angles in place of W1's one.
#[derive(Clone, Copy, Debug)]
pub struct W4 {
    /// Box center.
    pub center: [f64; 3],
    /// Box half extents.
    pub half: [f64; 3],
    /// Yaw, pitch, roll: the oriented box's axes are the columns of
    /// `Rz(yaw) Ry(pitch) Rx(roll)`.
    pub angles: [f64; 3],
    /// Box velocity.
    pub box_velocity: [f64; 3],
    /// Sphere center.
    pub sphere: [f64; 3],
    /// Sphere radius.
    pub radius: f64,
    /// Sphere velocity.
    pub sphere_velocity: [f64; 3],
}

/// Draws one W4 query (`benches/WORKLOAD.md`).
pub fn w4(r: &mut SplitMix64) -> W4 {
    let center = [r.uni(-8.0, 8.0), r.uni(-8.0, 8.0), r.uni(-8.0, 8.0)];
    let half = [r.uni(0.25, 4.0), r.uni(0.25, 4.0), r.uni(0.25, 4.0)];
    let tau = 2.0 * core::f64::consts::PI;
    let angles = [r.uni(0.0, tau), r.uni(0.0, tau), r.uni(0.0, tau)];
    let box_velocity = [r.uni(-2.0, 2.0), r.uni(-2.0, 2.0), r.uni(-2.0, 2.0)];
    let sphere = [r.uni(-16.0, 16.0), r.uni(-16.0, 16.0), r.uni(-16.0, 16.0)];
    let radius = r.uni(0.1, 3.0);
    let sphere_velocity = [r.uni(-16.0, 16.0), r.uni(-16.0, 16.0), r.uni(-16.0, 16.0)];
    W4 {
        center,
        half,
        angles,
        box_velocity,
        sphere,
        radius,
        sphere_velocity,
    }
}

/// A W4 query on backend `T`.
#[derive(Clone, Debug)]
pub struct W4In<T> {
    /// The aligned variant's box (center ± half extents, rounded in `T`).
    pub aabb: swept::geom::Aabb3<T>,
    /// The oriented variant's box: axes the columns of `Rz(yaw) Ry(pitch)
    /// Rx(roll)`, computed in `f64` and rounded to `T`.
    pub obb: swept::geom::Obb3<T>,
    /// Box velocity.
    pub box_velocity: swept::geom::Vec3<T>,
    /// The sphere.
    pub sphere: swept::geom::Sphere<T>,
    /// Sphere velocity.
    pub sphere_velocity: swept::geom::Vec3<T>,
}

/// A W4 draw on backend `T`; `None` if a value is not representable.
pub fn w4_in<T: crate::Backend>(w: &W4) -> Option<W4In<T>> {
    use swept::geom::{Aabb3, Obb3, Sphere, Vec3};
    let c = |x: f64| T::nearest_from_f64(x);
    let v = |a: [f64; 3]| Some(Vec3::new(c(a[0])?, c(a[1])?, c(a[2])?));
    let center = v(w.center)?;
    let half = v(w.half)?;
    let [yaw, pitch, roll] = w.angles;
    let (cy, sy) = (libm::cos(yaw), libm::sin(yaw));
    let (cp, sp) = (libm::cos(pitch), libm::sin(pitch));
    let (cr, sr) = (libm::cos(roll), libm::sin(roll));
    let axes = [
        v([cy * cp, sy * cp, -sp])?,
        v([cy * sp * sr - sy * cr, sy * sp * sr + cy * cr, cp * sr])?,
        v([cy * sp * cr + sy * sr, sy * sp * cr - cy * sr, cp * cr])?,
    ];
    let aabb = Aabb3::new(center.clone() - half.clone(), center.clone() + half.clone());
    let obb = Obb3::new(center, axes, [half.x, half.y, half.z]);
    Some(W4In {
        aabb,
        obb,
        box_velocity: v(w.box_velocity)?,
        sphere: Sphere::new(v(w.sphere)?, c(w.radius)?),
        sphere_velocity: v(w.sphere_velocity)?,
    })
}

/// One W5 query, as drawn (f64): a circle on the grids people type against
/// the static box (0, 0)-(2, 2).
#[derive(Clone, Copy, Debug)]
pub struct W5 {
    /// Circle center, on a 1/100 grid.
    pub circle: [f64; 2],
    /// Radius, on a 1/100 grid.
    pub radius: f64,
    /// Circle velocity, on a 1/10 grid.
    pub circle_velocity: [f64; 2],
}

/// W5's queries.
pub const W5_N: usize = 20_000;

/// The W5 box's corners; it does not move.
pub const W5_BOX: ([f64; 2], [f64; 2]) = ([0.0, 0.0], [2.0, 2.0]);

/// `k / d` for `k` uniform among the integers of `[a, b]`, in f64 (the
/// nearest f64 to the fraction, as a typed decimal literal reads).
fn grid(r: &mut SplitMix64, a: i32, b: i32, d: f64) -> f64 {
    let k = r.uni(f64::from(a), f64::from(b) + 1.0).floor();
    k / d
}

/// Draws one W5 query.
pub fn w5(r: &mut SplitMix64) -> W5 {
    let circle = [grid(r, -600, 800, 100.0), grid(r, -600, 800, 100.0)];
    let radius = grid(r, 25, 100, 100.0);
    let circle_velocity = [grid(r, -80, 80, 10.0), grid(r, -80, 80, 10.0)];
    W5 {
        circle,
        radius,
        circle_velocity,
    }
}

/// W5 converted to backend `T` as a W1 query (the box still, and also as
/// an oriented box with the plane's axes), `None` if a value does not
/// convert.
pub fn w5_in<T: crate::Backend>(w: &W5) -> Option<W1In<T>> {
    use swept::geom::{Aabb2, Circle, Obb2, Vec2};
    let c = |x: f64| T::nearest_from_f64(x);
    let p = |a: [f64; 2]| Some(Vec2::new(c(a[0])?, c(a[1])?));
    let (min, max) = (p(W5_BOX.0)?, p(W5_BOX.1)?);
    let one = Vec2::new(c(1.0)?, c(0.0)?);
    let center = p([1.0, 1.0])?;
    Some(W1In {
        obb: Obb2::new(center, [one.clone(), one.perp()], [c(1.0)?, c(1.0)?]),
        aabb: Aabb2::new(min, max),
        rect_velocity: p([0.0, 0.0])?,
        circle: Circle::new(p(w.circle)?, c(w.radius)?),
        circle_velocity: p(w.circle_velocity)?,
    })
}
