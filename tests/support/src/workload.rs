//! The workloads of `shared/bench/WORKLOAD.md`: the splitmix64 source and the
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
