//! Moving circle vs static line segment over one frame, with the bounce:
//! whether and when the circle hits, where its center is then, the contact
//! point, the unit normal and the reflected end position (seed 003, "Moving
//! Circle vs Static Line" pseudo-code).
//!
//! # Problem
//! Circle of radius `R` centered at `B_s`, displaced by `V` over the frame
//! (`B(t) = B_s + tV`, `t ∈ [0, 1]`, `B_e = B_s + V`); segment `P0 P1`. All
//! decisions use the relative values `C0 = B_s - P0`, `C1 = B_s - P1`,
//! `E = P1 - P0` and `V`, never a unit vector: a segment comes as two points
//! and `|E|` is irrational in general. With `m = E.perp() = (-E.y, E.x)`
//! (the *front* normal, not normalised) the degree-2 intermediates are
//!
//! ```text
//! L2 = E·E   a0 = E·C0  a1 = E·C1  h = E×C0 (= m·C0)  u = E·V  w = E×V (= m·V)
//! q2 = V·V   d_i = V·C_i   x_i = V×C_i   n_i = C_i·C_i   R²
//! ```
//!
//! The circle touches the segment when its center is on the boundary of the
//! *capsule* (the segment dilated by `R`): two offset lines `h = ±R|E|`
//! limited to the span `0 <= a <= L2`, and the two end circles `|X - P_i| = R`.
//!
//! # Rule (what a hit is)
//! * `dist(B_s, segment) < R`: [`Bounce::Overlapping`] (reported, never
//!   tunnelled through; no sweep is done).
//! * A **hit** is the first time `t ∈ [0, 1]` at which the circle touches the
//!   segment *while moving toward it*: `V·n < 0`, with `n` the unit normal at
//!   the contact, pointing from the segment to the center. So touching at
//!   `t = 0` while moving in is a hit at 0; touching while separating
//!   (`V·n > 0`) or sliding (`V·n = 0`, which includes a tangent graze of an
//!   end circle at `t > 0` and a zero displacement) is not a hit, and since
//!   the distance along the path is convex the circle then never penetrates:
//!   [`Bounce::NoHit`].
//! * Zero radius (a moving point): the first time it reaches the segment from
//!   outside is a hit, with `n` pointing back along the approach: `±m/|m|`
//!   where it crosses the segment (end points included), `-V/|V|` where it
//!   runs into an end point from beyond it. At an end point the normal of a
//!   point is discontinuous (every unit vector of the exposed half-plane is
//!   one), so backends may differ there in `n` and the reflected end. A
//!   point that *starts* on the segment has no side to move into: `NoHit`.
//! * Zero-length segment: a point, i.e. the end circle at `P0` only.
//! * [`Sides::Front`] (one-sided): only a circle whose center starts strictly
//!   in front of the segment's line (`h = m·(B_s - P0) > 0`, the side `m`
//!   points to, left of `P0 → P1`) can hit; from behind or on the line it
//!   passes (`NoHit`). An overlap is still reported. A zero-length segment
//!   has no front and is never hit in this mode. (Box2D's one-sided chain
//!   segments decide on the start side the same way.)
//! * Negative radius (an empty disc): `NoHit`.
//!
//! # Predicates (every branch is the sign of a polynomial in the inputs)
//! 1. **Start** (degree ≤ 4). `a0 <= 0` (or `L2 = 0`): nearest point `P0`,
//!    compare `n0` with `R²`; `a1 >= 0`: `P1`, `n1` vs `R²`; otherwise the
//!    body, `h²` vs `R² L2`. Less: overlapping. Equal: a hit at 0 iff
//!    approaching: `d0 < 0`, `d1 < 0`, or `σ w < 0` with `σ = sign h`.
//! 2. **Body** (the side `σ = sign h` the center starts on). A center
//!    beyond the offset line (`h² > R² L2`) must cross it before touching
//!    anything (the whole capsule has `|h| <= R|E|`): if it moves away or
//!    parallel (`σ w >= 0`), or crosses after the frame (`|h| - |w| > R|E|`,
//!    degree 4), there is no hit at all. It crosses at
//!    `t_b = (|h| - R|E|) / |w|`. The crossing
//!    lies within the span iff `σ x0 |E| >= uR` and `σ x1 |E| <= uR` (from
//!    `a(t_b)|w| = |E| (σ x0 |E| - uR)`, using `a0 w - h u = L2 (C0 × V)`;
//!    the factor `|E|` cancels, so each test compares `x√L2` with `uR` by
//!    signs and then squares: degree 6). A crossing within the span is the
//!    first contact (the distance is convex along the path and decreases
//!    through it).
//! 3. **End circles** (otherwise). The path enters the circle at `P` iff
//!    `q0 = -d > 0` and `q1 = R² q2 - x² > 0` (`= 0` only for `R = 0`: the
//!    point runs exactly through `P`), at `T = (q0 - √q1) / q2`. The entry
//!    is on the capsule's boundary iff it lies on the *exposed* half, beyond
//!    the end normal through `P` (`F·(B(T) - P) >= 0` with `F = -E` at `P0`,
//!    `F = E` at `P1`). With `α = F·C`, `β = F·V`, `g = α q2 + q0 β`
//!    (degree 4: compares the chord's midpoint with the crossing of the end
//!    normal) and `k = L2 x² - R² β²` (degree 6: the crossing `Z` of the end
//!    normal lies outside the circle, `|Z - P|² = L2 x² / β²`): exposed iff
//!    `α >= 0` when `β = 0`, `g >= 0 or k <= 0` when `β < 0`, and
//!    `g >= 0 and k >= 0` when `β > 0`. An exposed entry is the first
//!    contact; it is in the frame iff `q0 <= q2` or `(q0 - q2)² <= q1`.
//!
//! At most one of 2. and 3. can be the first contact (it is unique); where
//! they meet (the junction of an offset line and an end circle) both give
//! the same time, point and normal, and 2. is taken. The independent brute
//! force `tests/support/src/brute_segment.rs` takes the earliest root among
//! all four features instead, and agrees exactly.
//!
//! # Construction (after every decision; one square root at most)
//! * Body: `T = (h² - R² L2) / (|w| (|h| + R√L2))` (no cancellation),
//!   contact `P0 + E a(T) / L2` (clamped to the segment), `n = σ m / √L2`.
//! * End circle, `R > 0`: `T = (n_i - R²) / (q0 + √q1)`, contact `P`,
//!   `n = (B_i - P) / R`, exactly as the issue asks. `R = 0`: `T = n_i / q0`
//!   (rational: `q1 = 0`), `n = -V / √q2`.
//! * `T` is clamped to `[0, 1]` against rounding (the decisions put the true
//!   time there). `B_i = B_s + T V`, `p = (1 - T) V = B_e - B_i`, and the
//!   reflected end is `B_e' = B_i + p - 2 (p·D) D / (D·D)` with `D` the
//!   unnormalised normal (`σ m`, `B_i - P`, or `-V`): the same as
//!   `p - 2 (p·n) n` for `n = D/|D|`, but without a root, so on the exact
//!   backend `|B_e' - B_i| = |p|` holds exactly even where `n` is irrational.
//!
//! "No square root beyond the one in the time": the body time and the body
//! normal share the one root `√L2` (the time is `(|h| - R√L2) / |w|`); an
//! end circle's time takes `√q1` and its normal `(B_i - P)/R` needs none;
//! a zero-radius point's end hit has a rational time and spends its one
//! root on `|V|`. The reflection never takes a root.
//!
//! # Where the seed's pseudo-code is wrong (each pinned by a test in
//! `tests/sweep_circle_segment.rs` named after it)
//! * `seed_divides_by_zero_velocity`: `T_i = … / (N̂·V)` "we are sure
//!   `N̂·V != 0`", and `t_i = (m - H) / V.Length()`, `V̂`, `M̂` divide by
//!   `|V|`. Here `V = 0` is `NoHit` (or overlapping), and a displacement
//!   parallel to the segment goes to the end circles: segment `(0,0)–(2,0)`,
//!   `B_s = (-3, 0)`, `R = 1`, `V = (4, 0)` hits `P0` at `t = 1/2`, `B_i =
//!   (-1, 0)`, `n = (-1, 0)`, `B_e' = (-3, 0)`.
//! * `seed_initial_overlap`: never tested: `B_s = (-1/2, 0)`, `R = 1`,
//!   `V = (1, 0)` against `(0,0)–(2,0)` gives a "hit" at `t = -1/2`; here
//!   `Overlapping`.
//! * `seed_touching_while_separating`: `B_s = (1, -1)`, `R = 1`, `V = (0,-1)`
//!   against `(0,0)–(2,0)`: the seed reflects and tunnels; here `NoHit`, the
//!   circle ends at `(1, -2)`. Moving in (`V = (0, 1)`) is a hit at 0.
//! * `seed_cap_choice_by_smaller_m`: the end circle is chosen by the smaller
//!   `|m|`: segment `(0,0)–(0,1)`, `B_s = (-3, 0)`, `R = 2`, `V = (3, -1)`
//!   hits `P0` at `t = (9 - √31)/10`, not `P1` at `3/5`; segment
//!   `(3/2,3)–(3/2,9/4)`, `B_s = (-11/2, 4)`, `R = 2`, `V = (6, 0)` hits `P0`
//!   at `t = (7 - √3)/6` where the seed reports none.
//! * `seed_reflection_normal_of_length_r`: `ApplyReflection(P0B_i, …)` uses
//!   `B_i - P0`, of length `R`, as if it were unit: wrong whenever `R != 1`.
//! * `seed_strict_product_test`: `M·B_sP0' * M·B_sP1' < 0` is strict, so a
//!   path through `P0'` goes to the end-circle heuristic: segment
//!   `(-2,-1/2)–(-2,-5/2)`, `B_s = (-5,-1/2)`, `R = 2`, `V = (4, 0)` hits the
//!   body at its end at `t = 1/4`, not `3/4`.
//!
//! # Why a separate kernel, not the rectangle kernel with a zero half-extent
//! The oriented-rectangle kernel of [`sweep_circle_rect`](super::sweep_circle_rect)
//! needs a unit axis: `E/|E|` costs a square root and two divisions *before*
//! any decision, so its decisions are exact only for the rounded axis, not
//! for the segment given (on the exact backend the axis is off by 2^-256 and
//! touching cases flip). It also answers another question (contact at any
//! `t >= 0`, touching while separating is a contact) and returns no normal or
//! bounce, which then costs another division. Measured with `cargo bench
//! --bench sweep_segment` (W2, N = 10^6, best of 3, two shared cores under
//! load, so also instructions per query from callgrind):
//!
//! | route | f32 | f64 | I32F32 |
//! |---|---|---|---|
//! | this kernel | 57 ns, 279 instr | 57 ns, 284 instr | 79 ns, 634 instr |
//! | rectangle kernel, zero half extent | 70 ns, 319 instr | 65 ns, 330 instr | 160 ns, 1530 instr |
//!
//! Both give the same kinds on all 10^6 W2 queries in f32 and f64 (f64
//! checksums identical, 97764.43998631956; f32 within 10^-5). On the exact backend over 20 000
//! degenerate-biased inputs the rectangle route disagrees with the brute
//! force 3313 times: 112 hit times off by more than 2^-200 (its axis is
//! rounded) and 3201 differences of rule (a touch while separating and a
//! tangent graze are contacts there); this kernel: none. In I32F32 the
//! rectangle route accepts all of W2 and this kernel refuses 10.4% (its
//! degree-6 tests need intermediates below 512, see Domain), but the
//! route's decisions are then on a rounded axis. So: a separate kernel,
//! faster, exact for the segment as given, every decision of degree 6 or
//! less.
//!
//! # Domain
//! With `M` = [`Real::magnitude_limit`]: the raw coordinates, radius and
//! displacement within `M(1, 1)` (their differences fit), the relative
//! values `C0, C1, E, V, R` within `M(6, 4)` (every polynomial fits), or
//! else within `M(2, 2)` (the intermediates fit) with the degree-2
//! intermediates above within `M(3, 2)` (a degree-6 test is a comparison of
//! two products of three of them; this second, wider domain is checked
//! only when the first fails, which floats never do in practice). Otherwise
//! [`QueryError::OutOfDomain`]; NaN or infinity: [`QueryError::NotFinite`].
//! `I32F32`: intermediates below 2^9 = 512 (e.g. `|E|`, `|V|`, `|C|` up to
//! about 16; W2 mostly fits); `I16F16`: below 16 (lengths up to about 2-4).
//! `f64`: 2^340, `f32`: 2^41.

use crate::Real;
use crate::geom::{Circle, Segment2, Vec2};
use crate::query::{QueryError, check_domain, compare};
use core::cmp::Ordering;

/// Which sides of the segment are solid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Sides {
    /// Both sides (the default).
    #[default]
    Both,
    /// Only the front, the side `(p1 - p0).perp()` points to (left of
    /// `p0 → p1`): a circle whose center starts behind or on the segment's
    /// line is never hit.
    Front,
}

/// What happens to a circle moving over one frame against a segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bounce<T> {
    /// At `t = 0` the distance from the center to the segment is less than
    /// the radius.
    Overlapping,
    /// The circle hits the segment at `time ∈ [0, 1]` while moving toward it.
    Hit {
        /// Hit time, a fraction of the frame.
        time: T,
        /// The circle's center at the hit, `B_s + time · V`.
        center: Vec2<T>,
        /// The point of the segment touched.
        contact: Vec2<T>,
        /// Unit normal at the contact, pointing from the segment toward the
        /// center.
        normal: Vec2<T>,
        /// Where the center ends after bouncing: the rest of the
        /// displacement, `p = (1 - time) V`, reflected about the normal.
        reflected_end: Vec2<T>,
    },
    /// No hit in the frame: the circle ends at `B_s + V`.
    NoHit,
}

/// Moving circle vs static segment over one frame, both sides solid.
///
/// ```
/// use swept::geom::{Circle, Segment2, Vec2};
/// use swept::query::sweep_circle_segment::{sweep_circle_segment, Bounce};
/// // Segment (0,0)-(4,0), circle at (1, 3), r = 1, moving by (0, -4): the
/// // center reaches y = 1 at t = 1/2, at (1, 1); it bounces off the normal
/// // (0, 1) and the remaining (0, -2) becomes (0, 2): it ends at (1, 3).
/// let seg = Segment2::new(Vec2::new(0.0, 0.0), Vec2::new(4.0, 0.0));
/// let c = Circle::new(Vec2::new(1.0, 3.0), 1.0);
/// let b = sweep_circle_segment(&c, &Vec2::new(0.0, -4.0), &seg);
/// assert_eq!(
///     b,
///     Ok(Bounce::Hit {
///         time: 0.5,
///         center: Vec2::new(1.0, 1.0),
///         contact: Vec2::new(1.0, 0.0),
///         normal: Vec2::new(0.0, 1.0),
///         reflected_end: Vec2::new(1.0, 3.0),
///     })
/// );
/// ```
pub fn sweep_circle_segment<T: Real>(
    circle: &Circle<T>,
    displacement: &Vec2<T>,
    segment: &Segment2<T>,
) -> Result<Bounce<T>, QueryError> {
    sweep_circle_segment_sided(circle, displacement, segment, Sides::Both)
}

/// As [`sweep_circle_segment`], with the solid sides chosen by `sides`.
pub fn sweep_circle_segment_sided<T: Real>(
    circle: &Circle<T>,
    displacement: &Vec2<T>,
    segment: &Segment2<T>,
    sides: Sides,
) -> Result<Bounce<T>, QueryError> {
    let (b, v, r) = (&circle.center, displacement, &circle.radius);
    let (p0, p1) = (&segment.p0, &segment.p1);
    let raw = [&b.x, &b.y, &v.x, &v.y, &p0.x, &p0.y, &p1.x, &p1.y, r];
    check_domain(raw, T::magnitude_limit(1, 1))?;
    if *r < T::zero() {
        return Ok(Bounce::NoHit); // an empty disc
    }
    let c0 = b.clone() - p0.clone();
    let c1 = b.clone() - p1.clone();
    let e = p1.clone() - p0.clone();
    let local = [&c0.x, &c0.y, &c1.x, &c1.y, &e.x, &e.y, &v.x, &v.y, r];
    // Small relative values bound every intermediate (the common case, and
    // always for floats); otherwise the intermediates are checked one by one.
    let small = check_domain(local, T::magnitude_limit(6, 4)).is_ok();
    if !small {
        check_domain(local, T::magnitude_limit(2, 2))?;
    }
    let k = Local::new(c0, c1, e, v.clone(), r.clone());
    if !small {
        let mid = k.intermediates();
        check_domain(mid.each_ref(), T::magnitude_limit(3, 2))?;
    }
    Ok(match k.solve(sides) {
        Found::Overlap => Bounce::Overlapping,
        Found::Miss => Bounce::NoHit,
        Found::Touch(f) => k.construct(f, true, b, p0, p1),
        Found::First(f) => k.construct(f, false, b, p0, p1),
    })
}

/// Which end of the segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    P0,
    P1,
}

/// The boundary feature of the capsule hit first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Feature {
    /// An offset line, on the front (`h > 0`) or back side.
    Body { front: bool },
    /// An end circle.
    Cap(End),
}

/// What the decisions found, before any square root or division.
enum Found {
    Overlap,
    Miss,
    /// Touching at `t = 0` while moving in.
    Touch(Feature),
    /// First contact at `t ∈ (0, 1]`.
    First(Feature),
}

/// The relative values, the degree-2 intermediates every path needs, and
/// the others on demand (module doc).
struct Local<T> {
    c0: Vec2<T>,
    c1: Vec2<T>,
    e: Vec2<T>,
    v: Vec2<T>,
    r: T,
    r2: T,
    l2: T,
    a0: T,
    h: T,
}

/// The sign of `x √l2 - y` for `l2 >= 0`, with `y = u r` given as `u`,
/// `r >= 0` and `y² = u² r²` (`uu_r2`): by the signs, then by the squares
/// (degree 6).
#[inline]
fn root_side<T: Real>(x: &T, l2: &T, u: &T, r: &T, uu_r2: impl FnOnce() -> T) -> Ordering {
    let zero = T::zero();
    let y_sign = if *r == zero {
        Ordering::Equal
    } else {
        compare(u, &zero)
    };
    let x_sign = if *l2 == zero {
        Ordering::Equal
    } else {
        compare(x, &zero)
    };
    match (x_sign, y_sign) {
        (Ordering::Equal, Ordering::Equal) => Ordering::Equal,
        (Ordering::Greater | Ordering::Equal, Ordering::Less | Ordering::Equal) => {
            Ordering::Greater
        }
        (Ordering::Less | Ordering::Equal, Ordering::Greater | Ordering::Equal) => Ordering::Less,
        (Ordering::Greater, Ordering::Greater) => {
            compare(&(x.clone() * x.clone() * l2.clone()), &uu_r2())
        }
        (Ordering::Less, Ordering::Less) => {
            compare(&uu_r2(), &(x.clone() * x.clone() * l2.clone()))
        }
    }
}

impl<T: Real> Local<T> {
    fn new(c0: Vec2<T>, c1: Vec2<T>, e: Vec2<T>, v: Vec2<T>, r: T) -> Self {
        Local {
            r2: r.clone() * r.clone(),
            l2: e.dot(&e),
            a0: e.dot(&c0),
            h: e.cross(&c0),
            c0,
            c1,
            e,
            v,
            r,
        }
    }

    /// Every degree-2 intermediate, for the domain check.
    fn intermediates(&self) -> [T; 14] {
        [
            self.l2.clone(),
            self.a0.clone(),
            self.a1(),
            self.h.clone(),
            self.u(),
            self.w(),
            self.q2(),
            self.d0(),
            self.d1(),
            self.x0(),
            self.x1(),
            self.n0(),
            self.n1(),
            self.r2.clone(),
        ]
    }

    #[inline]
    fn a1(&self) -> T {
        self.e.dot(&self.c1)
    }
    #[inline]
    fn u(&self) -> T {
        self.e.dot(&self.v)
    }
    #[inline]
    fn w(&self) -> T {
        self.e.cross(&self.v)
    }
    #[inline]
    fn q2(&self) -> T {
        self.v.dot(&self.v)
    }
    #[inline]
    fn d0(&self) -> T {
        self.v.dot(&self.c0)
    }
    #[inline]
    fn d1(&self) -> T {
        self.v.dot(&self.c1)
    }
    #[inline]
    fn x0(&self) -> T {
        self.v.cross(&self.c0)
    }
    #[inline]
    fn x1(&self) -> T {
        self.v.cross(&self.c1)
    }
    #[inline]
    fn n0(&self) -> T {
        self.c0.dot(&self.c0)
    }
    #[inline]
    fn n1(&self) -> T {
        self.c1.dot(&self.c1)
    }

    fn solve(&self, sides: Sides) -> Found {
        let zero = T::zero();
        let point = self.l2 <= zero;
        // 1. Start: nearest feature, distance vs radius, approach.
        let (nearest, order) = if point || self.a0 <= zero {
            (Feature::Cap(End::P0), compare(&self.n0(), &self.r2))
        } else if self.a1() >= zero {
            (Feature::Cap(End::P1), compare(&self.n1(), &self.r2))
        } else {
            let hh = self.h.clone() * self.h.clone();
            let front = self.h > zero;
            (
                Feature::Body { front },
                compare(&hh, &(self.r2.clone() * self.l2.clone())),
            )
        };
        if order == Ordering::Less {
            return Found::Overlap;
        }
        if sides == Sides::Front && self.h <= zero {
            return Found::Miss;
        }
        if order == Ordering::Equal {
            let approaching = match nearest {
                Feature::Cap(End::P0) => self.d0() < zero,
                Feature::Cap(End::P1) => self.d1() < zero,
                Feature::Body { front } => {
                    // σ w < 0; a point on the line (h = 0) has no side.
                    self.h != zero
                        && if front {
                            self.w() < zero
                        } else {
                            self.w() > zero
                        }
                }
            };
            return if approaching {
                Found::Touch(nearest)
            } else {
                Found::Miss
            };
        }
        // 2. Body. A center beyond the offset line on its side (`h² > R² L2`)
        // must cross that line before it can touch anything (every point of
        // the capsule has `|h| <= R|E|`): moving away or parallel (`σw >= 0`)
        // or crossing after the frame (`|h| - |w| > R|E|`) is no hit at all.
        if !point {
            let front = self.h > zero;
            let (hs, ws) = if front {
                (self.h.clone(), self.w())
            } else {
                (-self.h.clone(), -self.w())
            };
            let rl = self.r2.clone() * self.l2.clone();
            if hs.clone() * hs.clone() > rl {
                if ws >= zero {
                    return Found::Miss;
                }
                let g = hs + ws;
                if !(g <= zero || g.clone() * g <= rl) {
                    return Found::Miss;
                }
                let (xs0, xs1) = if front {
                    (self.x0(), self.x1())
                } else {
                    (-self.x0(), -self.x1())
                };
                let uu_r2 = || self.u() * self.u() * self.r2.clone();
                let within = root_side(&xs0, &self.l2, &self.u(), &self.r, uu_r2) != Ordering::Less
                    && root_side(&xs1, &self.l2, &self.u(), &self.r, uu_r2) != Ordering::Greater;
                if within {
                    return Found::First(Feature::Body { front });
                }
            }
        }
        // 3. End circles.
        let ends: &[End] = if point {
            &[End::P0]
        } else {
            &[End::P0, End::P1]
        };
        for &end in ends {
            let (d, x, alpha, beta) = match end {
                End::P0 => (&self.d0(), &self.x0(), -self.a0.clone(), -self.u()),
                End::P1 => (&self.d1(), &self.x1(), self.a1(), self.u()),
            };
            let q0 = -d.clone();
            if q0 <= zero {
                continue;
            }
            let q1 = self.r2.clone() * self.q2() - x.clone() * x.clone();
            if !(q1 > zero || (q1 == zero && self.r == zero)) {
                continue;
            }
            let g = alpha.clone() * self.q2() + q0.clone() * beta.clone();
            let k = || {
                compare(
                    &(self.l2.clone() * x.clone() * x.clone()),
                    &(self.r2.clone() * beta.clone() * beta.clone()),
                )
            };
            let exposed = match compare(&beta, &zero) {
                Ordering::Equal => alpha >= zero,
                Ordering::Less => g >= zero || k() != Ordering::Greater,
                // Strict: `|Z - P| = R` with `β > 0` is the junction,
                // which 2. decides; for `R = 0` it is the end point reached
                // from the span's side, i.e. from inside the segment.
                Ordering::Greater => g >= zero && k() == Ordering::Greater,
            };
            if exposed {
                let s = q0 - self.q2();
                // `q1 > zero` first: a square floored or underflowed to 0
                // must not pass `s² <= q1 = 0` (that test is `s <= 0`).
                let in_frame = s <= zero || (q1 > zero && s.clone() * s <= q1);
                return if in_frame {
                    Found::First(Feature::Cap(end))
                } else {
                    Found::Miss
                };
            }
        }
        Found::Miss
    }

    /// Time, center, contact, normal and reflected end of a hit on `f`
    /// (`touch`: at `t = 0`).
    fn construct(
        &self,
        f: Feature,
        touch: bool,
        b: &Vec2<T>,
        p0: &Vec2<T>,
        p1: &Vec2<T>,
    ) -> Bounce<T> {
        let (zero, one) = (T::zero(), T::one());
        let clamp01 = |t: T| {
            if t > one {
                one.clone()
            } else if t < zero {
                zero.clone()
            } else {
                t
            }
        };
        match f {
            Feature::Body { front } => {
                let len = self.l2.clone().sqrt();
                let time = if touch {
                    zero.clone()
                } else {
                    let (ha, wa) = (self.h.clone().abs(), self.w().abs());
                    let num = self.h.clone() * self.h.clone() - self.r2.clone() * self.l2.clone();
                    clamp01(num.quotient(wa * (ha + self.r.clone() * len.clone())))
                };
                let center = b.clone() + self.v.clone() * time.clone();
                let along = self.a0.clone() + time.clone() * self.u();
                let lambda = clamp01(along.quotient(self.l2.clone()));
                let contact = p0.clone() + self.e.clone() * lambda;
                let m = if front { self.e.perp() } else { -self.e.perp() };
                let normal = unit(&m, &self.l2, len);
                self.hit(time, center, contact, normal, m)
            }
            Feature::Cap(end) => {
                let (p, d, x, n) = match end {
                    End::P0 => (p0, &self.d0(), &self.x0(), &self.n0()),
                    End::P1 => (p1, &self.d1(), &self.x1(), &self.n1()),
                };
                if self.r == zero {
                    // A moving point running exactly into the end point:
                    // rational time, the root goes to |V|.
                    let time = if touch {
                        zero.clone()
                    } else {
                        clamp01(n.clone().quotient(-d.clone()))
                    };
                    let center = b.clone() + self.v.clone() * time.clone();
                    let q2 = self.q2();
                    let len = q2.clone().sqrt();
                    let normal = -unit(&self.v, &q2, len);
                    self.hit(time, center, p.clone(), normal, -self.v.clone())
                } else {
                    let time = if touch {
                        zero.clone()
                    } else {
                        let q1 = self.r2.clone() * self.q2() - x.clone() * x.clone();
                        let far = n.clone() - self.r2.clone();
                        clamp01(far.quotient(-d.clone() + q1.sqrt()))
                    };
                    let center = b.clone() + self.v.clone() * time.clone();
                    let dir = center.clone() - p.clone();
                    let normal = Vec2::new(
                        dir.x.clone().quotient(self.r.clone()),
                        dir.y.clone().quotient(self.r.clone()),
                    );
                    self.hit(time, center, p.clone(), normal, dir)
                }
            }
        }
    }

    /// The hit with the reflected end: `p = (1 - t) V` reflected about the
    /// unnormalised normal `dir`.
    fn hit(
        &self,
        time: T,
        center: Vec2<T>,
        contact: Vec2<T>,
        normal: Vec2<T>,
        dir: Vec2<T>,
    ) -> Bounce<T> {
        let p = self.v.clone() * (T::one() - time.clone());
        let small = T::from_ratio(1, 256).unwrap_or_else(T::zero);
        let dd = dir.dot(&dir);
        // A short `dir` is first scaled by its largest component (exact on
        // the rationals): `2 (p·dir) / dir·dir` would otherwise grow past
        // fixed point's range (and its `dir·dir` floor to 0).
        let dir = if dd < small { scaled(&dir) } else { dir };
        let dd = if dd < small { dir.dot(&dir) } else { dd };
        let reflected = if dd > T::zero() {
            let pd = p.dot(&dir);
            let k = (pd.clone() + pd).quotient(dd);
            p - dir * k
        } else {
            p // a zero direction: nothing to reflect about
        };
        Bounce::Hit {
            time,
            reflected_end: center.clone() + reflected,
            center,
            contact,
            normal,
        }
    }
}

/// `m / len` with `len = √(m·m)` as computed (`mm`); where `m·m`
/// underflowed or floored to 0 for a non-zero `m` (tiny inputs), `m` is
/// first scaled by its largest component, so the result is finite and unit
/// to rounding. The branch is on the computed `m·m`, not on the root.
#[inline]
fn unit<T: Real>(m: &Vec2<T>, mm: &T, len: T) -> Vec2<T> {
    if *mm > T::zero() {
        // `len >= √(smallest positive)`, so `1 / len` is finite.
        return m.clone() * T::one().quotient(len);
    }
    let s = scaled(m);
    let ss = s.dot(&s);
    if ss > T::zero() {
        s * T::one().quotient(ss.sqrt())
    } else {
        s // m = 0: no direction
    }
}

/// `m / max(|m.x|, |m.y|)` (components in `[-1, 1]`, one of them `±1`), or
/// `m` if it is zero.
#[inline]
fn scaled<T: Real>(m: &Vec2<T>) -> Vec2<T> {
    let (ax, ay) = (m.x.clone().abs(), m.y.clone().abs());
    let big = if ax > ay { ax } else { ay };
    if big > T::zero() {
        Vec2::new(m.x.clone().quotient(big.clone()), m.y.clone().quotient(big))
    } else {
        m.clone()
    }
}
