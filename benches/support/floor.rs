//! The floor reference of issue 18: W1-AABB in plain `f64`, branch-free
//! closed form, no exactness (its answers are checked against the exact
//! ones in the bench, not trusted). What a query without exact decisions
//! costs: `swept`'s scalar query is measured against it.
//!
//! The center moves along `c + t v` (relative velocity, mirrored so that
//! `c >= 0`) against the rectangle `[-k, k]` dilated by `r`: it enters the
//! box dilated by `r` at `t_in`, the latest of the two slab entries; where
//! the point of entry lies beyond the rectangle on both axes (a corner
//! zone), the contact is with that corner's circle, at the smaller root of
//! `|c + t v - K|² = r²`. Overlap at 0: the center within `r` of the
//! rectangle (`|max(c - k, 0)|² < r²`).

/// A floor answer: `-1` overlapping, `0` no contact, `1` contact at `t`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Floor {
    /// `-1`, `0` or `1`.
    pub code: i8,
    /// The contact time (0 unless `code == 1`).
    pub time: f64,
    /// The contact normal (0 unless `code == 1`).
    pub normal: [f64; 2],
}

/// Picks `a` where `m`, else `b` (a select the compiler keeps branch-free).
#[inline(always)]
fn pick(m: bool, a: f64, b: f64) -> f64 {
    if m { a } else { b }
}

/// W1-AABB's query, `p, r, cv` the circle, `lo, hi, rv` the rectangle.
#[inline(always)]
pub fn sweep(p: [f64; 2], r: f64, cv: [f64; 2], lo: [f64; 2], hi: [f64; 2], rv: [f64; 2]) -> Floor {
    let mut c = [0.0; 2];
    let mut v = [0.0; 2];
    let mut k = [0.0; 2];
    let mut sgn = [0.0; 2];
    for j in 0..2 {
        let mid = 0.5 * (lo[j] + hi[j]);
        k[j] = 0.5 * (hi[j] - lo[j]);
        let d = p[j] - mid;
        sgn[j] = pick(d < 0.0, -1.0, 1.0);
        c[j] = d * sgn[j];
        v[j] = (cv[j] - rv[j]) * sgn[j];
    }
    // Overlap at 0.
    let g0 = (c[0] - k[0]).max(0.0);
    let g1 = (c[1] - k[1]).max(0.0);
    let overlap = g0 * g0 + g1 * g1 < r * r;
    // Slab entries and exits of the box dilated by r (c >= 0: the entry
    // face is the upper one where v < 0).
    let mut t_in = [0.0; 2];
    let mut t_out = [0.0; 2];
    for j in 0..2 {
        let e = k[j] + r;
        let inv = 1.0 / v[j];
        let a = (e - c[j]) * inv;
        let b = (-e - c[j]) * inv;
        t_in[j] = a.min(b);
        t_out[j] = a.max(b);
    }
    let enter = t_in[0].max(t_in[1]);
    let leave = t_out[0].min(t_out[1]);
    let face_y = t_in[1] > t_in[0];
    let boxed = (enter <= leave) & (leave >= 0.0);
    // The point of entry (or the center at 0, inside the dilated box but
    // not within r of the rectangle: in a corner zone), and its zone.
    let t0 = enter.max(0.0);
    let x = [c[0] + t0 * v[0], c[1] + t0 * v[1]];
    let zone0 = x[0].abs() > k[0];
    let zone1 = x[1].abs() > k[1];
    let corner = zone0 & zone1;
    let kx = [pick(x[0] < 0.0, -k[0], k[0]), pick(x[1] < 0.0, -k[1], k[1])];
    let dc = [c[0] - kx[0], c[1] - kx[1]];
    let a = v[0] * v[0] + v[1] * v[1];
    let b = v[0] * dc[0] + v[1] * dc[1];
    let cc = dc[0] * dc[0] + dc[1] * dc[1] - r * r;
    let disc = b * b - a * cc;
    let tc = (-b - disc.max(0.0).sqrt()) / a;
    let arc = (disc > 0.0) & (b < 0.0) & (tc >= 0.0);
    let hit = !overlap & boxed & (!corner | arc);
    let t = pick(corner, tc, enter);
    // The normal, unmirrored: a face's, or the corner's (c + t v - K) / r.
    let n_face = [pick(face_y, 0.0, 1.0), pick(face_y, 1.0, 0.0)];
    let n_face = [
        n_face[0] * pick(x[0] < 0.0, -1.0, 1.0),
        n_face[1] * pick(x[1] < 0.0, -1.0, 1.0),
    ];
    let n_corner = [(dc[0] + t * v[0]) / r, (dc[1] + t * v[1]) / r];
    let n = [
        pick(corner, n_corner[0], n_face[0]),
        pick(corner, n_corner[1], n_face[1]),
    ];
    let code = pick(overlap, -1.0, pick(hit, 1.0, 0.0)) as i8;
    Floor {
        code,
        time: pick(hit, t, 0.0),
        normal: [pick(hit, n[0] * sgn[0], 0.0), pick(hit, n[1] * sgn[1], 0.0)],
    }
}
