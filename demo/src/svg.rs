//! A minimal SVG writer for the examples: a picture in world units (y up)
//! mapped to pixels (y down), every number printed with a fixed precision,
//! so the same scene gives the same bytes.

use std::fmt::Write as _;

/// A picture being drawn.
pub struct Svg {
    out: String,
    scale: f64,
    x0: f64,
    y1: f64,
}

impl Svg {
    /// A picture of the world rectangle `[x0, x1] x [y0, y1]`, `scale`
    /// pixels per unit, on a white background.
    pub fn new(x0: f64, y0: f64, x1: f64, y1: f64, scale: f64) -> Svg {
        let (w, h) = ((x1 - x0) * scale, (y1 - y0) * scale);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.0} {h:.0}\">"
        );
        let _ = writeln!(out, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
        Svg { out, scale, x0, y1 }
    }

    fn p(&self, x: f64, y: f64) -> (f64, f64) {
        ((x - self.x0) * self.scale, (self.y1 - y) * self.scale)
    }

    /// A line segment.
    pub fn line(&mut self, a: [f64; 2], b: [f64; 2], style: &str) {
        let ((x1, y1), (x2, y2)) = (self.p(a[0], a[1]), self.p(b[0], b[1]));
        let _ = writeln!(
            self.out,
            "<line x1=\"{x1:.2}\" y1=\"{y1:.2}\" x2=\"{x2:.2}\" y2=\"{y2:.2}\" {style}/>"
        );
    }

    /// A polyline or (closed) polygon.
    pub fn poly(&mut self, points: &[[f64; 2]], closed: bool, style: &str) {
        let mut d = String::new();
        for q in points {
            let (x, y) = self.p(q[0], q[1]);
            let _ = write!(d, "{x:.2},{y:.2} ");
        }
        let tag = if closed { "polygon" } else { "polyline" };
        let _ = writeln!(self.out, "<{tag} points=\"{}\" {style}/>", d.trim_end());
    }

    /// A circle of radius `r` (world units).
    pub fn circle(&mut self, c: [f64; 2], r: f64, style: &str) {
        let (x, y) = self.p(c[0], c[1]);
        let r = r * self.scale;
        let _ = writeln!(
            self.out,
            "<circle cx=\"{x:.2}\" cy=\"{y:.2}\" r=\"{r:.2}\" {style}/>"
        );
    }

    /// A dot of `px` pixels.
    pub fn dot(&mut self, c: [f64; 2], px: f64, fill: &str) {
        let (x, y) = self.p(c[0], c[1]);
        let _ = writeln!(
            self.out,
            "<circle cx=\"{x:.2}\" cy=\"{y:.2}\" r=\"{px}\" fill=\"{fill}\"/>"
        );
    }

    /// Text at a world point, `px` pixels high.
    pub fn text(&mut self, at: [f64; 2], px: f64, fill: &str, text: &str) {
        let (x, y) = self.p(at[0], at[1]);
        let _ = writeln!(
            self.out,
            "<text x=\"{x:.2}\" y=\"{y:.2}\" font-family=\"sans-serif\" font-size=\"{px}\" fill=\"{fill}\">{text}</text>"
        );
    }

    /// The finished picture.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}
