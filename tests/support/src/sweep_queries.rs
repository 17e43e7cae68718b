//! Harness adapters for the moving circle vs moving rectangle queries.
//!
//! # Margin
//! Every polynomial the kernel may evaluate, on the exact local (canonical)
//! values: `Δ_i`, `Δ_i - r`, `r`, `|g|² - r²`, `v_i`, the face-crossing side
//! tests, the face-order test, and for the three reachable corners the
//! approach (`V·Δ`) and discriminant (`r²|V|² - (V × Δ)²`) tests. The
//! degrees are in the local values, for the oriented rectangle too: its
//! local values `d · a_i` carry an error of a few `u |d|` (or LSBs), the
//! same order as a rounded input at the world scale, which the margin's
//! scale includes (doubling the degrees, as an earlier version did, put
//! most W1 inputs in the band and so checked little).
//!
//! # Value tolerances
//! With `δ = band(s, 1)` (an absolute position error on the local scale `s`,
//! from the reduction's rounding) and `e_d = band(s, d)` (the arithmetic
//! error of a degree-`d` intermediate), the time error may be at most 4 times
//! `δ / v_n + √(δ r) / |V|` (perturbed input: `v_n` is the approach speed along
//! the contact normal, `|v_i|` on an edge and `√q1 / r` at a corner; the
//! second term is the grazing case) plus the construction's own error: on an
//! edge `(e_1 + t e_1) / |v_i|`, at a corner, `t = far / D` with
//! `D = q0 + √q1`, `(e_2 + t (e_2 + √e_4)) / D`; plus `u t + lsb`. The point
//! error may be at most `8 δ + (|V| + |W|) ·` the time tolerance, in world
//! units. These bounds hold when every decision went the exact way; when the
//! input lies within the band of some decision, the backend may have chosen
//! another feature (an edge for a corner), and the time and point are then
//! not compared (the verdict is `InBand`). These are bounds for the test,
//! not the measured errors (see the accuracy table).

use crate::agree::{Backend, Margin, Query, Verdict};
use crate::exact::Exact;
use crate::queries::{absx, f, map2, scale_of, sq};
use swept::Real;
use swept::geom::{Aabb2, Circle, Obb2, Vec2};
use swept::query::QueryError;
use swept::query::sweep_circle_rect::{Sweep, sweep_circle_aabb2, sweep_circle_obb2};

/// The canonical local problem, exactly: `k`, `c` (not reflected), `v`, `r`,
/// the factor from local to world lengths, and the world rectangle velocity.
pub struct Local {
    /// Half extents (doubled: full extents, for the aligned box).
    pub k: [Exact; 2],
    /// Center in the rectangle frame.
    pub c: [Exact; 2],
    /// Relative velocity in the rectangle frame.
    pub v: [Exact; 2],
    /// Radius (doubled for the aligned box).
    pub r: Exact,
    /// 1/2 for the aligned box (doubled frame), 1 for the oriented one.
    pub to_world: Exact,
    /// Degree multiplier of the local values in the inputs.
    pub degree: u32,
}

fn two(x: &Exact) -> Exact {
    x.clone() + x.clone()
}

/// The aligned box's doubled local frame.
pub fn local_aabb(
    c: &Circle<Exact>,
    cv: &Vec2<Exact>,
    b: &Aabb2<Exact>,
    bv: &Vec2<Exact>,
) -> Local {
    Local {
        k: [
            b.max.x.clone() - b.min.x.clone(),
            b.max.y.clone() - b.min.y.clone(),
        ],
        c: [
            two(&c.center.x) - (b.min.x.clone() + b.max.x.clone()),
            two(&c.center.y) - (b.min.y.clone() + b.max.y.clone()),
        ],
        v: [
            two(&(cv.x.clone() - bv.x.clone())),
            two(&(cv.y.clone() - bv.y.clone())),
        ],
        r: two(&c.radius),
        to_world: Exact::ratio(1, 2),
        degree: 1,
    }
}

/// The oriented box's local frame (axes as given).
pub fn local_obb(c: &Circle<Exact>, cv: &Vec2<Exact>, b: &Obb2<Exact>, bv: &Vec2<Exact>) -> Local {
    let d = c.center.clone() - b.center.clone();
    let w = cv.clone() - bv.clone();
    Local {
        k: b.half_extents.clone(),
        c: [d.dot(&b.axes[0]), d.dot(&b.axes[1])],
        v: [w.dot(&b.axes[0]), w.dot(&b.axes[1])],
        r: c.radius.clone(),
        to_world: Exact::one(),
        degree: 1,
    }
}

impl Local {
    /// Reflected into the first quadrant.
    fn canonical(&self) -> ([Exact; 2], [Exact; 2]) {
        let mut c = self.c.clone();
        let mut v = self.v.clone();
        for i in 0..2 {
            if c[i].signum() < 0 {
                c[i] = -c[i].clone();
                v[i] = -v[i].clone();
            }
        }
        (c, v)
    }

    fn scale(&self) -> f64 {
        scale_of(self.k.iter().chain(&self.c).chain(&self.v).chain([&self.r]))
    }

    /// The margin (see the module doc).
    pub fn margin(&self, extra_scale: f64) -> Margin {
        let (c, v) = self.canonical();
        let (k, r) = (&self.k, &self.r);
        let m = self.degree;
        let mut vals: Vec<(Exact, u32)> = vec![(r.clone(), m)];
        let delta = [c[0].clone() - k[0].clone(), c[1].clone() - k[1].clone()];
        let mut g2 = Exact::zero();
        for i in 0..2 {
            vals.push((delta[i].clone(), m));
            vals.push((delta[i].clone() - r.clone(), m));
            vals.push((v[i].clone(), m));
            if delta[i].signum() > 0 {
                g2 = g2 + sq(&delta[i]);
            }
        }
        vals.push((g2 - sq(r), 2 * m));
        let d = [delta[0].clone() - r.clone(), delta[1].clone() - r.clone()];
        let s = [-v[0].clone(), -v[1].clone()];
        vals.push((
            d[0].clone() * s[1].clone() - d[1].clone() * s[0].clone(),
            2 * m,
        ));
        for i in 0..2 {
            let o = 1 - i;
            let w = c[o].clone() * s[i].clone() + d[i].clone() * v[o].clone();
            let ks = k[o].clone() * s[i].clone();
            vals.push((w.clone() - ks.clone(), 2 * m));
            vals.push((w + ks, 2 * m));
        }
        let corners = [
            [k[0].clone(), k[1].clone()],
            [k[0].clone(), -k[1].clone()],
            [-k[0].clone(), k[1].clone()],
        ];
        for kk in corners {
            let dd = [c[0].clone() - kk[0].clone(), c[1].clone() - kk[1].clone()];
            let vd = v[0].clone() * dd[0].clone() + v[1].clone() * dd[1].clone();
            let x = v[0].clone() * dd[1].clone() - v[1].clone() * dd[0].clone();
            let disc = sq(r) * (sq(&v[0]) + sq(&v[1])) - sq(&x);
            vals.push((vd, 2 * m));
            vals.push((disc, 4 * m));
        }
        Margin {
            values: vals,
            scale: self.scale().max(extra_scale),
        }
    }

    /// The time tolerance for backend `T` of a contact at `local_point` (the
    /// exact contact point in the local frame) at time `t` (module doc).
    fn time_tolerance<T: Backend>(&self, local_point: &[Exact; 2], t: f64, scale: f64) -> f64 {
        let (k, c, v, r) = (&self.k, &self.c, &self.v, &self.r);
        let e = |d| crate::band::<T>(scale, d);
        // `t * x`, zero at `t = 0` even when `x` overflowed to infinity.
        let times = |t: f64, x: f64| if t == 0.0 { 0.0 } else { t * x };
        let delta = e(1);
        let vlen = (f(&v[0]).powi(2) + f(&v[1]).powi(2)).sqrt();
        let graze = if vlen > 0.0 {
            (delta * f(r).abs()).sqrt() / vlen
        } else {
            f64::INFINITY
        };
        let on = |i: usize| absx(&local_point[i]) == k[i];
        let (vn, construction) = if on(0) && on(1) {
            let dd = [
                c[0].clone() - local_point[0].clone(),
                c[1].clone() - local_point[1].clone(),
            ];
            let x = v[0].clone() * dd[1].clone() - v[1].clone() * dd[0].clone();
            let q0 = -(v[0].clone() * dd[0].clone() + v[1].clone() * dd[1].clone());
            let q1 = f(&(sq(r) * (sq(&v[0]) + sq(&v[1])) - sq(&x))).max(0.0);
            let den = f(&q0) + q1.sqrt();
            let vn = if r.signum() == 0 {
                0.0
            } else {
                q1.sqrt() / f(r)
            };
            // `den <= 0` (q0 < 0, |Δ| <= r) only for a touch at t = 0
            // while moving away: that time is returned as 0, not built, so
            // no construction error (dividing gave a negative tolerance,
            // which failed even an exact answer).
            let construction = if den > 0.0 {
                (e(2) + times(t, e(2) + e(4).sqrt())) / den
            } else {
                0.0
            };
            (vn, construction)
        } else {
            let vi = f(&absx(&v[if on(0) { 0 } else { 1 }]));
            (vi, (e(1) + times(t, e(1))) / vi)
        };
        4.0 * (delta / vn + graze + construction + T::REL * t + T::ABS)
    }
}

/// Compares two sweep results under the module's tolerances. `to_local`
/// maps an exact world contact point at time `t` to the local frame.
/// Whether `got` is `exact` rounded once: within `u |exact|` (half an ulp)
/// plus the smallest subnormal for floats, one LSB for fixed point.
fn once<T: Backend>(got: &T, exact: &Exact) -> bool {
    let err = f(&(got.to_exact() - exact.clone())).abs();
    err <= T::REL * f(exact).abs() + T::ABS
}

/// `world` is the largest magnitude of the rectangle's coordinates, which
/// the world point is built on (a few roundings of that size).
#[allow(clippy::too_many_arguments)]
fn compare_sweep<T: Backend>(
    local: &Local,
    world: f64,
    world_speed: f64,
    to_local: impl Fn(&Vec2<Exact>, &Exact) -> [Exact; 2],
    exact: &Result<Sweep<Exact>, QueryError>,
    got: &Result<Sweep<T>, QueryError>,
    near: bool,
    margin: &Margin,
) -> Result<Verdict, String> {
    let delta = crate::band::<T>(margin.scale, 1);
    // The world point adds the rectangle's coordinates to local values:
    // roundings of their size, whatever the local scale.
    let world_err = 8.0 * (T::REL * world + T::ABS);
    let dist = |a: &Vec2<Exact>, b: &Vec2<T>| {
        let dx = f(&(b.x.to_exact() - a.x.clone()));
        let dy = f(&(b.y.to_exact() - a.y.clone()));
        dx.abs().max(dy.abs())
    };
    if got.as_ref().is_err_and(crate::queries::refusal) {
        // A refusal, whatever the exact backend says (it may refuse too,
        // e.g. axes just past the tolerance that the backend's rounding let
        // through to its domain check).
        return Ok(Verdict::OutOfDomain);
    }
    let e = match exact {
        Ok(e) => e,
        // Bad axes are refused on every backend, the exact one included.
        Err(err) if got.as_ref().err() == Some(err) => return Ok(Verdict::Agree),
        Err(err) => return Err(format!("exact backend failed: {err}")),
    };
    let g = match got {
        Err(e) if crate::queries::refusal(e) => return Ok(Verdict::OutOfDomain),
        Err(err) => return Err(format!("backend error {err}")),
        Ok(g) => g,
    };
    match (e, g) {
        (Sweep::NoContact, Sweep::NoContact) => Ok(Verdict::Agree),
        (Sweep::Overlapping { witness: a }, Sweep::Overlapping { witness: b }) => {
            let (err, tol) = (dist(a, b), 8.0 * delta + world_err);
            if err <= tol {
                Ok(Verdict::Agree)
            } else {
                Err(format!("witness error {err:e} > {tol:e}"))
            }
        }
        (
            Sweep::Contact {
                time: te,
                point: pe,
            },
            Sweep::Contact {
                time: tg,
                point: pg,
            },
        ) => {
            // Every value is rounded once from the exact one: within half
            // an ulp (floats) or one LSB (fixed point) it agrees, whatever
            // the tolerance below (whose scale terms can overflow for
            // inputs near 1e93) would say.
            if once(tg, te) && once(&pg.x, &pe.x) && once(&pg.y, &pe.y) {
                return Ok(Verdict::Agree);
            }
            let lp = to_local(pe, te);
            let vlen = (f(&local.v[0]).powi(2) + f(&local.v[1]).powi(2)).sqrt();
            let tol_t = local.time_tolerance::<T>(&lp, f(te).abs(), margin.scale);
            let err_t = f(&(tg.to_exact() - te.clone())).abs();
            if !matches!(
                err_t.partial_cmp(&tol_t),
                Some(core::cmp::Ordering::Less | core::cmp::Ordering::Equal)
            ) {
                // Within the band a decision may pick another feature (an
                // edge for a corner): the same kind, another time.
                if near {
                    return Ok(Verdict::InBand);
                }
                return Err(format!("time error {err_t:e} > {tol_t:e}"));
            }
            let tol_p = 8.0 * delta * f(&local.to_world)
                + world_err
                + (vlen * f(&local.to_world) + world_speed) * tol_t;
            let err_p = dist(pe, pg);
            // An infinite time tolerance (a tangent graze at rest, v_n = 0)
            // leaves the point unchecked too.
            if err_p <= tol_p || tol_t.is_infinite() {
                Ok(Verdict::Agree)
            } else if near {
                Ok(Verdict::InBand)
            } else {
                Err(format!("point error {err_p:e} > {tol_p:e}"))
            }
        }
        _ if near => Ok(Verdict::InBand),
        _ => Err("kinds differ off the band".into()),
    }
}

/// Moving circle vs moving aligned rectangle, unbounded time.
pub struct SweepAabb2;

impl Query for SweepAabb2 {
    type Input<T: Backend> = (Circle<T>, Vec2<T>, Aabb2<T>, Vec2<T>);
    type Output<T: Backend> = Result<Sweep<T>, QueryError>;
    fn try_map<T: Backend, U: Backend>(
        (c, cv, b, bv): &Self::Input<T>,
        f: &mut dyn FnMut(&T) -> Option<U>,
    ) -> Option<Self::Input<U>> {
        let circle = Circle::new(map2(&c.center, f)?, f(&c.radius)?);
        let rect = Aabb2::new(map2(&b.min, f)?, map2(&b.max, f)?);
        Some((circle, map2(cv, f)?, rect, map2(bv, f)?))
    }
    fn run<T: Backend>((c, cv, b, bv): &Self::Input<T>) -> Self::Output<T> {
        sweep_circle_aabb2(c, cv, b, bv)
    }
    fn margin((c, cv, b, bv): &Self::Input<Exact>) -> Margin {
        local_aabb(c, cv, b, bv).margin(0.0)
    }
    fn compare<T: Backend>(
        (c, cv, b, bv): &Self::Input<Exact>,
        e: &Self::Output<Exact>,
        g: &Self::Output<T>,
        near: bool,
        margin: &Margin,
    ) -> Result<Verdict, String> {
        let local = local_aabb(c, cv, b, bv);
        let world = scale_of([&b.min.x, &b.min.y, &b.max.x, &b.max.y]);
        let ws = f(&absx(&bv.x)).max(f(&absx(&bv.y)));
        let to_local = |p: &Vec2<Exact>, t: &Exact| {
            // 2 (p - t W) - (min + max)
            [
                two(&(p.x.clone() - t.clone() * bv.x.clone()))
                    - (b.min.x.clone() + b.max.x.clone()),
                two(&(p.y.clone() - t.clone() * bv.y.clone()))
                    - (b.min.y.clone() + b.max.y.clone()),
            ]
        };
        compare_sweep(&local, world, ws, to_local, e, g, near, margin)
    }
}

/// Moving circle vs moving oriented rectangle, unbounded time.
pub struct SweepObb2;

impl Query for SweepObb2 {
    type Input<T: Backend> = (Circle<T>, Vec2<T>, Obb2<T>, Vec2<T>);
    type Output<T: Backend> = Result<Sweep<T>, QueryError>;
    fn try_map<T: Backend, U: Backend>(
        (c, cv, b, bv): &Self::Input<T>,
        f: &mut dyn FnMut(&T) -> Option<U>,
    ) -> Option<Self::Input<U>> {
        let circle = Circle::new(map2(&c.center, f)?, f(&c.radius)?);
        let axes = [map2(&b.axes[0], f)?, map2(&b.axes[1], f)?];
        let half = [f(&b.half_extents[0])?, f(&b.half_extents[1])?];
        let rect = Obb2::new(map2(&b.center, f)?, axes, half);
        Some((circle, map2(cv, f)?, rect, map2(bv, f)?))
    }
    fn run<T: Backend>((c, cv, b, bv): &Self::Input<T>) -> Self::Output<T> {
        sweep_circle_obb2(c, cv, b, bv)
    }
    fn margin((c, cv, b, bv): &Self::Input<Exact>) -> Margin {
        let world = [
            &c.center.x,
            &c.center.y,
            &b.center.x,
            &b.center.y,
            &cv.x,
            &cv.y,
            &bv.x,
            &bv.y,
        ];
        local_obb(c, cv, b, bv).margin(scale_of(world))
    }
    fn compare<T: Backend>(
        (c, cv, b, bv): &Self::Input<Exact>,
        e: &Self::Output<Exact>,
        g: &Self::Output<T>,
        near: bool,
        margin: &Margin,
    ) -> Result<Verdict, String> {
        let local = local_obb(c, cv, b, bv);
        let world = scale_of([&b.center.x, &b.center.y]);
        let ws = f(&absx(&bv.x)).max(f(&absx(&bv.y)));
        // The kernel's world point is `O + tW + q0 a0 + q1 a1`: invert that
        // (the axes need not be orthonormal, only within the tolerance, so
        // dot products with them would not recover `q`).
        let to_local = |p: &Vec2<Exact>, t: &Exact| {
            let d = p.clone() - b.center.clone() - bv.clone() * t.clone();
            let [a0, a1] = &b.axes;
            let det = a0.x.clone() * a1.y.clone() - a0.y.clone() * a1.x.clone();
            [
                (d.x.clone() * a1.y.clone() - d.y.clone() * a1.x.clone()).quotient(det.clone()),
                (a0.x.clone() * d.y.clone() - a0.y.clone() * d.x.clone()).quotient(det),
            ]
        };
        compare_sweep(&local, world, ws, to_local, e, g, near, margin)
    }
}
