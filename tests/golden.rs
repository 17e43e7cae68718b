//! Golden vectors (issue 5, "Determinism"): `tests/golden/queries.txt` holds
//! 6,661 inputs over every query kind (the 3D cases drawn in
//! `golden/cases3.rs`), with the result bits on `f32`,
//! `f64`, `I16F16`, `I32F32` and `I48F16`; the format and the recomputation
//! are in the `no_std` crate `ci/golden-check` (`swept_golden`), shared with
//! the cross-target and bare-metal runs of `ci/golden.sh`.
//!
//! * [`golden_vectors_recompute_bit_for_bit`]: every result, bit for bit.
//! * [`golden_vectors_agree_with_the_exact_oracle`]: every committed result
//!   passes the exact-oracle check of `swept_support` (the rule of
//!   `swept_support::agree`: the exact kind, values rounded once) on the
//!   same converted input, so the file never holds bits the oracle has not
//!   accepted.
//! * [`regenerate`]: with `SWEPT_GOLDEN_REGEN=1`, draws the cases (fixed
//!   seeds: degenerate-biased mixes, workload W1 and W3 draws, the same
//!   scaled to each fixed backend's domain edges, and hand-picked degenerate
//!   and refused inputs), checks every backend's result against the oracle
//!   and only then writes the file. Regenerating changes the expected bits:
//!   the commit must say why.
//!

use swept::Real;
use swept::advance::{AdvanceError, Advanced, Obstacle, Options, advance};
use swept::geom::{Aabb2, Aabb3, Circle, Obb2, Obb3, Segment2, Sphere, Vec2, Vec3};
use swept::query::Sweep;
use swept::{Error, Quantity};
use swept_golden::{self as golden, BACKENDS, Input, Outcome, Query};
use swept_support::agree::{Backend, Query as Adapter, Verdict};
use swept_support::cases;
use swept_support::generate::Gen;
use swept_support::queries::{
    CircleAabb2, CircleObb2, DistanceAabb2, DistanceAabb3, DistanceObb2, DistanceObb3, SphereAabb3,
    SphereObb3,
};
use swept_support::segment_queries::{SweepSegment, segment_biased, w2_exact};
use swept_support::sweep_queries::{
    SweepAabb2, SweepAabb2Within, SweepCircle, SweepCircleWithin, SweepObb2, SweepObb2Within,
};
use swept_support::sweep3_queries::{SweepAabb3, SweepAabb3Within, SweepObb3, SweepObb3Within};
use swept_support::workload::{SEED, SplitMix64, w1};
use swept_support::{Exact, N_BACKENDS, each_backend};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/queries.txt");

#[test]
fn golden_vectors_recompute_bit_for_bit() {
    let mut mismatches = Vec::new();
    let s = golden::check(golden::QUERIES, &mut |m| mismatches.push(m.to_string()))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        mismatches.is_empty(),
        "{} of {} results differ from the golden file, first:\n{}\n\
         If the change of bits is intended, regenerate (SWEPT_GOLDEN_REGEN=1 cargo test \
         --release --test golden -- --ignored regenerate) and say why in the commit.",
        s.mismatches,
        s.checks,
        mismatches[..mismatches.len().min(20)].join("\n")
    );
    assert!(s.cases >= 3000, "only {} golden cases", s.cases);
    for (q, n) in Query::ALL.iter().zip(s.per_query) {
        assert!(n >= 200, "only {n} golden cases for {}", q.name());
    }
    println!("{} golden cases, digest {:016x}", s.cases, s.digest);
}

/// The file's columns are the harness's backends, in its order: a backend
/// added to `swept_support::each_backend!` is added to `ci/golden-check`
/// (which keeps its own list, being `no_std`) and to the file.
#[test]
fn golden_backends_are_the_harness_backends() {
    assert_eq!(BACKENDS, swept_support::BACKENDS);
}

#[test]
fn golden_vectors_agree_with_the_exact_oracle() {
    let mut tally = Tallies::default();
    for case in golden::cases(golden::QUERIES) {
        let case = case.unwrap_or_else(|e| panic!("{e}"));
        let mut want = [Outcome::Unrepresentable; 5];
        for (w, text) in want.iter_mut().zip(case.expected) {
            *w = Outcome::parse(text).expect("result column");
        }
        if let Err(e) = oracle(case.query, case.inputs(), &want, &mut tally) {
            panic!("line {} ({}): {e}", case.line, case.query.name());
        }
    }
    tally.print();
    tally.assert_coverage();
}

/// Writes the file when `SWEPT_GOLDEN_REGEN=1` (after the oracle check).
/// Ignored by default: it is a tool, not a check.
#[test]
#[ignore = "rewrites tests/golden/queries.txt; SWEPT_GOLDEN_REGEN=1 ... -- --ignored regenerate"]
fn regenerate() {
    assert_eq!(
        std::env::var("SWEPT_GOLDEN_REGEN").as_deref(),
        Ok("1"),
        "set SWEPT_GOLDEN_REGEN=1 to rewrite the golden file"
    );
    let mut out = String::from(HEADER);
    let mut tally = Tallies::default();
    let mut count = 0;
    for query in Query::ALL {
        out.push_str(&format!("\n# ==== {} ====\n", query.name()));
        for (group, cases) in draw(query) {
            out.push_str(&format!("# {group}\n"));
            for inputs in cases {
                assert_eq!(inputs.len(), query.arity(), "{group}");
                let got: [Outcome; 5] =
                    core::array::from_fn(|b| golden::run_backend(b, query, &inputs));
                if let Err(e) = oracle(query, &inputs, &got, &mut tally) {
                    panic!("{} {group}: {inputs:?}: {e}", query.name());
                }
                let line = inputs.iter().map(|i| i.to_string()).collect::<Vec<_>>();
                out.push_str(&format!("{} {}", query.name(), line.join(" ")));
                for o in got {
                    out.push_str(&format!(" | {o}"));
                }
                out.push('\n');
                count += 1;
            }
        }
    }
    tally.print();
    tally.assert_coverage();
    std::fs::write(FILE, out).expect("write the golden file");
    println!("wrote {count} cases to {FILE}");
}

const HEADER: &str = "\
# swept golden vectors: inputs, result bits on f32 | f64 | I16F16 | I32F32 | I48F16.
# Format and input order: ci/golden-check/src/lib.rs. Produced by
#   SWEPT_GOLDEN_REGEN=1 cargo test --release --test golden -- --ignored regenerate
# after every result passed the exact-oracle check; recomputed bit for bit by
# tests/golden.rs and by ci/golden.sh on every target. Do not edit by hand.
";

// ---------------------------------------------------------------------------
// The oracle check of one case.

/// Counts per query and backend: agree, out of domain, refused as not
/// finite, unrepresentable.
#[derive(Default)]
struct Tallies(std::collections::BTreeMap<(usize, usize), [u32; 4]>);

impl Tallies {
    fn add(&mut self, q: Query, b: usize, slot: usize) {
        self.0.entry((q.index(), b)).or_default()[slot] += 1;
    }

    fn print(&self) {
        println!("query / backend: agree, out of domain, not finite, unrepresentable");
        for (&(q, b), t) in &self.0 {
            println!("{:>20} {:>6}: {:?}", Query::ALL[q].name(), BACKENDS[b], t);
        }
    }

    /// Every query has, on every backend, results inside the domain.
    fn assert_coverage(&self) {
        for q in Query::ALL {
            for (b, name) in BACKENDS.iter().enumerate() {
                let t = self.0.get(&(q.index(), b)).copied().unwrap_or_default();
                assert!(
                    t[0] >= 20,
                    "{} on {name}: only {} cases in domain",
                    q.name(),
                    t[0]
                );
            }
        }
    }
}

/// Checks the results of one case on every backend against the oracle.
fn oracle(
    query: Query,
    inputs: &[Input],
    want: &[Outcome; 5],
    tally: &mut Tallies,
) -> Result<(), String> {
    let exact: Option<Vec<Exact>> = inputs
        .iter()
        .map(|i| match *i {
            Input::Ratio(n, d) => Some(Exact::ratio(n, d)),
            _ => None,
        })
        .collect();
    let Some(xs) = exact else {
        // NaN or an infinity: floats refuse it, fixed point cannot hold it.
        for (b, w) in want.iter().enumerate() {
            let expect = if b < 2 {
                // The file records the variant, not the quantity it names.
                Outcome::Error(golden::ErrorName::of(Error::NotFinite(Quantity::Center)))
            } else {
                Outcome::Unrepresentable
            };
            if *w != expect {
                return Err(format!("{}: {w} for a non-finite input", BACKENDS[b]));
            }
            tally.add(query, b, if b < 2 { 2 } else { 3 });
        }
        return Ok(());
    };
    let mut want = want.iter();
    let verdicts =
        each_backend!(T => by_query::<T>(query, &xs, *want.next().expect("one per backend")));
    for (b, v) in verdicts.into_iter().enumerate() {
        let slot = match v.map_err(|e| format!("{}: {e}", BACKENDS[b]))? {
            None => 3,
            Some(Verdict::Agree) => 0,
            Some(Verdict::OutOfDomain) => 1,
        };
        tally.add(query, b, slot);
    }
    Ok(())
}

/// The value of an exact input as the file's rational, converted as the
/// golden check converts it.
fn convert<T: Backend>(x: &Exact) -> Option<T> {
    let (n, d) = (x.0.numer().to_i64()?, x.0.denom().to_i64()?);
    T::from_ratio(n, d)
}

/// How a harness adapter's output is recorded.
trait Recorded: Adapter {
    fn outcome<T: golden::Backend + Backend>(out: &Self::Output<T>) -> Outcome;
    fn error<T: Backend>(out: &Self::Output<T>) -> Option<Error>;
    /// The kind (as [`decode`] names it) and the values, exactly.
    fn parts<T: Backend>(out: &Self::Output<T>) -> (String, Vec<Exact>);
}

macro_rules! recorded {
    ($how:ident, $parts:ident: $($q:ty),*) => {$(
        impl Recorded for $q {
            fn outcome<T: golden::Backend + Backend>(out: &Self::Output<T>) -> Outcome {
                Outcome::$how(out.clone())
            }
            fn error<T: Backend>(out: &Self::Output<T>) -> Option<Error> {
                out.as_ref().err().copied()
            }
            fn parts<T: Backend>(out: &Self::Output<T>) -> (String, Vec<Exact>) {
                match out {
                    Ok(v) => $parts(v),
                    Err(e) => (format!("!{}", golden::ErrorName::of(*e).as_str()), vec![]),
                }
            }
        }
    )*};
}
recorded!(proximity, proximity_parts: CircleAabb2, SphereAabb3, CircleObb2, SphereObb3);
recorded!(value, value_parts: DistanceAabb2, DistanceAabb3, DistanceObb2, DistanceObb3);
recorded!(
    sweep3,
    sweep3_parts: SweepAabb3,
    SweepObb3,
    SweepAabb3Within,
    SweepObb3Within
);
recorded!(
    sweep,
    sweep_parts: SweepAabb2,
    SweepObb2,
    SweepAabb2Within,
    SweepObb2Within,
    SweepSegment,
    SweepCircle,
    SweepCircleWithin
);

/// One frame of `advance` in the golden arena (`swept_golden::arena`):
/// ball, displacement, restitution. Compared with the exact backend by its
/// own rule: the outcome and the number of contacts equal, and the end
/// center and displacement near the exact ones (a frame's later steps start
/// from rounded values, so they are not the exact values rounded once: the
/// decisions of each step are exact, `tests/advance.rs`; a bounce off a peg
/// turns a rounding into an angle): within `2^-8` of `1 + |x|` for 16-bit
/// fractions, `2^-10` for `f32`, `2^-20` for `I32F32`, `2^-30` for `f64`.
/// A check against gross errors; the bits of the file are what pins each
/// backend's frame on every target.
struct AdvanceFrame;

impl Adapter for AdvanceFrame {
    type Input<T: Backend> = (Circle<T>, Vec2<T>, T);
    type Output<T: Backend> = Result<Advanced<T>, AdvanceError>;
    fn try_map<T: Backend, U: Backend>(
        (c, d, e): &Self::Input<T>,
        f: &mut dyn FnMut(&T) -> Option<U>,
    ) -> Option<Self::Input<U>> {
        let v =
            |p: &Vec2<T>, f: &mut dyn FnMut(&T) -> Option<U>| Some(Vec2::new(f(&p.x)?, f(&p.y)?));
        let circle = Circle::new(v(&c.center, f)?, f(&c.radius)?);
        Some((circle, v(d, f)?, f(e)?))
    }
    fn run<T: Backend>((c, d, e): &Self::Input<T>) -> Self::Output<T> {
        let obstacles: [Obstacle<T>; 10] =
            golden::arena(|n, d| T::from_ratio(n, d)).expect("the arena fits");
        let options = Options {
            restitution: e.clone(),
            max_bounces: 16,
        };
        advance(c, d, &obstacles, &options, |_| {})
    }
    /// `advance` has no batch: one frame after another.
    fn run_batch<T: Backend>(inputs: &[Self::Input<T>]) -> Vec<Self::Output<T>> {
        inputs.iter().map(Self::run).collect()
    }
    fn compare<T: Backend>(
        exact: &Self::Output<Exact>,
        got: &Self::Output<T>,
    ) -> Result<Verdict, String> {
        match (exact, got) {
            (Err(a), Err(b)) if a.error == b.error => Ok(Verdict::Agree),
            (Ok(a), Ok(b)) => {
                if a.outcome != b.outcome || a.contacts != b.contacts {
                    return Err("outcome or contacts differ".into());
                }
                let bits = match (T::REL, T::ABS) {
                    (r, _) if r > 0.0 && r < 1e-10 => 30,
                    (r, _) if r > 0.0 => 10,
                    (_, lsb) if lsb < 1e-6 => 20,
                    _ => 8,
                };
                let near = |g: &T, w: &Exact| {
                    let err = (g.to_exact() - w.clone()).0.abs();
                    err <= (rug::Rational::from(1) + w.0.clone().abs()) >> bits
                };
                let ok = near(&b.center.x, &a.center.x)
                    && near(&b.center.y, &a.center.y)
                    && near(&b.displacement.x, &a.displacement.x)
                    && near(&b.displacement.y, &a.displacement.y);
                if ok {
                    Ok(Verdict::Agree)
                } else {
                    Err(format!(
                        "the end is not near the exact one: {:?} vs {:?}",
                        [b.center.x.nearest_f64(), b.center.y.nearest_f64()],
                        [a.center.x.nearest_f64(), a.center.y.nearest_f64()]
                    ))
                }
            }
            (_, Err(e)) if swept_support::agree::refusal(&e.error) => Ok(Verdict::OutOfDomain),
            _ => Err("kinds differ".into()),
        }
    }
}

impl Recorded for AdvanceFrame {
    fn outcome<T: golden::Backend + Backend>(out: &Self::Output<T>) -> Outcome {
        Outcome::advanced(*out)
    }
    fn error<T: Backend>(out: &Self::Output<T>) -> Option<Error> {
        out.as_ref().err().map(|e| e.error)
    }
    fn parts<T: Backend>(out: &Self::Output<T>) -> (String, Vec<Exact>) {
        match out {
            Ok(a) => (
                format!("A {} {:?}", a.contacts, a.outcome),
                [
                    &a.center.x,
                    &a.center.y,
                    &a.displacement.x,
                    &a.displacement.y,
                ]
                .into_iter()
                .map(Backend::to_exact)
                .collect(),
            ),
            Err(e) => (
                format!("!{}", golden::ErrorName::of(e.error).as_str()),
                vec![],
            ),
        }
    }
}

fn proximity_parts(p: &swept::query::circle_box::Proximity) -> (String, Vec<Exact>) {
    (format!("{p:?}"), vec![])
}

fn value_parts<T: Backend>(v: &T) -> (String, Vec<Exact>) {
    ("V".into(), vec![v.to_exact()])
}

fn sweep_parts<T: Backend>(s: &Sweep<T>) -> (String, Vec<Exact>) {
    match s {
        Sweep::Miss => ("N".into(), vec![]),
        Sweep::Overlapping { witness: w } => ("W".into(), vec![w.x.to_exact(), w.y.to_exact()]),
        Sweep::Hit(h) => (
            "H".into(),
            [
                &h.time,
                &h.point.x,
                &h.point.y,
                &h.center.x,
                &h.center.y,
                &h.normal.x,
                &h.normal.y,
            ]
            .into_iter()
            .map(Backend::to_exact)
            .collect(),
        ),
    }
}

fn sweep3_parts<T: Backend>(s: &Sweep<T, Vec3<T>>) -> (String, Vec<Exact>) {
    let v = |p: &Vec3<T>| [p.x.to_exact(), p.y.to_exact(), p.z.to_exact()];
    match s {
        Sweep::Miss => ("N".into(), vec![]),
        Sweep::Overlapping { witness: w } => ("W".into(), v(w).to_vec()),
        Sweep::Hit(h) => {
            let mut values = vec![h.time.to_exact()];
            for p in [&h.point, &h.center, &h.normal] {
                values.extend(v(p));
            }
            ("H".into(), values)
        }
    }
}

/// The kind and the exact values of a recorded outcome of backend `T`.
fn decode<T: golden::Backend + Backend>(o: &Outcome) -> (String, Vec<Exact>) {
    let v = |b: &u64| T::from_raw_bits(*b).to_exact();
    match o {
        Outcome::Unrepresentable => ("-".into(), vec![]),
        Outcome::Error(e) => (format!("!{}", e.as_str()), vec![]),
        Outcome::Proximity(p) => proximity_parts(p),
        Outcome::Value(b) => ("V".into(), vec![v(b)]),
        Outcome::Miss => ("N".into(), vec![]),
        Outcome::Overlapping { witness } => ("W".into(), witness.iter().map(v).collect()),
        Outcome::Overlapping3 { witness } => ("W".into(), witness.iter().map(v).collect()),
        Outcome::Hit(bits) => ("H".into(), bits.iter().map(v).collect()),
        Outcome::Hit3(bits) => ("H".into(), bits.iter().map(v).collect()),
        Outcome::Advanced {
            bits,
            contacts,
            end,
        } => {
            let end = match end {
                0 => "Moved".to_string(),
                1 => "BounceLimit".to_string(),
                i => format!("Embedded {{ obstacle: {} }}", i - 2),
            };
            (format!("A {contacts} {end}"), bits.iter().map(v).collect())
        }
    }
}

/// A check run on the harness adapter of a golden query.
trait OnAdapter {
    type Out;
    fn on<Q: Recorded>(self, input: &Q::Input<Exact>) -> Self::Out;
}

/// [`check_one`] as an [`OnAdapter`].
struct Oracle<T>(Outcome, core::marker::PhantomData<T>);

impl<T: Backend + golden::Backend> OnAdapter for Oracle<T> {
    type Out = Result<Option<Verdict>, String>;
    fn on<Q: Recorded>(self, input: &Q::Input<Exact>) -> Self::Out {
        check_one::<Q, T>(input, self.0)
    }
}

/// A changed result must be more exact than the one it replaces: the exact
/// kind on the converted input (a refusal only where the old result was one
/// too), and for an unchanged kind every value at least as close to the
/// exact value. Returns what kind of change it is.
struct Strict<T>(Outcome, core::marker::PhantomData<T>);

fn is_refusal(kind: &str) -> bool {
    matches!(kind, "!OutOfRange" | "!Spread" | "!OutOfDomain")
}

impl<T: Backend + golden::Backend> OnAdapter for Strict<T> {
    type Out = Result<&'static str, String>;
    fn on<Q: Recorded>(self, input: &Q::Input<Exact>) -> Self::Out {
        let x = Q::try_map(input, &mut |v: &Exact| convert::<T>(v)).ok_or("unrepresentable")?;
        let xe = Q::try_map(&x, &mut |v: &T| Some(v.to_exact())).expect("exact conversion");
        let (nk, nv) = Q::parts(&Q::run(&x));
        let (ek, ev) = Q::parts(&Q::run(&xe));
        let (ok, ov) = decode::<T>(&self.0);
        if is_refusal(&nk) {
            // A result out of range: the exact one must be too.
            let out = ev.iter().any(|v| T::from_exact(v).is_none());
            return if is_refusal(&ok) && (nk != "!OutOfRange" || out) {
                Ok("refused still")
            } else {
                Err(format!("newly refused ({nk}); was {ok}, exact {ek} {ev:?}"))
            };
        }
        if nk != ek {
            return Err(format!("kind {nk}, exact {ek} (was {ok})"));
        }
        if ok != nk {
            return Ok(if is_refusal(&ok) {
                "answered, was refused"
            } else if ok.starts_with('!') || nk.starts_with('!') {
                "error contract"
            } else {
                "kind corrected"
            });
        }
        let abs = |x: Exact| if x < Exact::zero() { -x } else { x };
        for (i, ((n, o), e)) in nv.iter().zip(&ov).zip(&ev).enumerate() {
            let (dn, d_o) = (abs(n.clone() - e.clone()), abs(o.clone() - e.clone()));
            if dn > d_o {
                return Err(format!("value {i}: error {dn:?} > old {d_o:?}"));
            }
        }
        Ok("values closer")
    }
}

/// The oracle check of adapter `Q` on backend `T`: the input converted by
/// `from_ratio`, the recorded result must be this run's, and the rule of
/// `swept_support::agree` must accept it. `None`: not representable.
fn check_one<Q: Recorded, T: Backend + golden::Backend>(
    input: &Q::Input<Exact>,
    want: Outcome,
) -> Result<Option<Verdict>, String> {
    let Some(x) = Q::try_map(input, &mut |v: &Exact| convert::<T>(v)) else {
        return if want == Outcome::Unrepresentable {
            Ok(None)
        } else {
            Err(format!("input not representable, but the file says {want}"))
        };
    };
    let got = Q::run(&x);
    if Q::outcome(&got) != want {
        return Err(format!("file says {want}, the kernel gives {got:?}"));
    }
    let xe = Q::try_map(&x, &mut |v: &T| Some(v.to_exact())).expect("exact conversion");
    let e = Q::run(&xe);
    if Q::error(&e).is_some() && Q::error(&e) == Q::error(&got) {
        return Ok(Some(Verdict::Agree)); // refused alike (e.g. axes far from unit)
    }
    Q::compare::<T>(&e, &got)
        .map(Some)
        .map_err(|err| format!("{err}\n  input {x:?}\n  exact {e:?}\n  got   {got:?}"))
}

fn by_query<T: Backend + golden::Backend>(
    query: Query,
    x: &[Exact],
    want: Outcome,
) -> Result<Option<Verdict>, String> {
    on_adapter(query, x, Oracle::<T>(want, core::marker::PhantomData))
}

/// Runs `w` on the adapter and input of `query` with inputs `x`.
fn on_adapter<W: OnAdapter>(query: Query, x: &[Exact], w: W) -> W::Out {
    let v2 = |i: usize| Vec2::new(x[i].clone(), x[i + 1].clone());
    let v3 = |i: usize| Vec3::new(x[i].clone(), x[i + 1].clone(), x[i + 2].clone());
    let obb = |i: usize| {
        Obb2::new(
            v2(i),
            [v2(i + 2), v2(i + 4)],
            [x[i + 6].clone(), x[i + 7].clone()],
        )
    };
    let circle = || Circle::new(v2(0), x[2].clone());
    let obb3 = |i: usize| {
        let e = [x[i + 12].clone(), x[i + 13].clone(), x[i + 14].clone()];
        Obb3::new(v3(i), [v3(i + 3), v3(i + 6), v3(i + 9)], e)
    };
    let sphere = || Sphere::new(v3(0), x[3].clone());
    match query {
        Query::CircleAabb2 => w.on::<CircleAabb2>(&(circle(), Aabb2::new(v2(3), v2(5)))),
        Query::SphereAabb3 => {
            w.on::<SphereAabb3>(&(Sphere::new(v3(0), x[3].clone()), Aabb3::new(v3(4), v3(7))))
        }
        Query::CircleObb2 => w.on::<CircleObb2>(&(circle(), obb(3))),
        Query::DistAabb2 => w.on::<DistanceAabb2>(&(v2(0), Aabb2::new(v2(2), v2(4)))),
        Query::DistAabb3 => w.on::<DistanceAabb3>(&(v3(0), Aabb3::new(v3(3), v3(6)))),
        Query::DistObb2 => w.on::<DistanceObb2>(&(v2(0), obb(2))),
        Query::SphereObb3 => w.on::<SphereObb3>(&(sphere(), obb3(4))),
        Query::DistObb3 => w.on::<DistanceObb3>(&(v3(0), obb3(3))),
        Query::SweepAabb3 => {
            w.on::<SweepAabb3>(&(sphere(), v3(4), Aabb3::new(v3(7), v3(10)), v3(13)))
        }
        Query::SweepAabb3Within => w.on::<SweepAabb3Within>(&(
            (sphere(), v3(4), Aabb3::new(v3(7), v3(10)), v3(13)),
            x[16].clone(),
        )),
        Query::SweepObb3 => w.on::<SweepObb3>(&(sphere(), v3(4), obb3(7), v3(22))),
        Query::SweepObb3Within => {
            w.on::<SweepObb3Within>(&((sphere(), v3(4), obb3(7), v3(22)), x[25].clone()))
        }
        Query::SweepAabb2 => {
            w.on::<SweepAabb2>(&(circle(), v2(3), Aabb2::new(v2(5), v2(7)), v2(9)))
        }
        Query::SweepAabb2Within => w.on::<SweepAabb2Within>(&(
            (circle(), v2(3), Aabb2::new(v2(5), v2(7)), v2(9)),
            x[11].clone(),
        )),
        Query::SweepObb2 => w.on::<SweepObb2>(&(circle(), v2(3), obb(5), v2(13))),
        Query::SweepObb2Within => {
            w.on::<SweepObb2Within>(&((circle(), v2(3), obb(5), v2(13)), x[15].clone()))
        }
        Query::SweepSegment2 | Query::SweepSegment2Front => w.on::<SweepSegment>(&(
            circle(),
            v2(3),
            Segment2::new(v2(5), v2(7)),
            query == Query::SweepSegment2Front,
        )),
        Query::SweepCircle2 => w.on::<SweepCircle>(&circles(x)),
        Query::SweepCircle2Within => w.on::<SweepCircleWithin>(&(circles(x), x[10].clone())),
        Query::Advance => {
            w.on::<AdvanceFrame>(&(Circle::new(v2(0), x[2].clone()), v2(3), x[5].clone()))
        }
    }
}

/// The two circles and their velocities of a circle-circle case.
fn circles(x: &[Exact]) -> (Circle<Exact>, Vec2<Exact>, Circle<Exact>, Vec2<Exact>) {
    let v2 = |i: usize| Vec2::new(x[i].clone(), x[i + 1].clone());
    (
        Circle::new(v2(0), x[2].clone()),
        v2(3),
        Circle::new(v2(5), x[7].clone()),
        v2(8),
    )
}

/// Rewrites the results of the golden file in place (inputs and comments
/// kept) when `SWEPT_GOLDEN_UPDATE=1`, accepting a changed result only if
/// it is more exact ([`Strict`]); prints the changes by query, backend and
/// kind. Ignored by default: it is a tool, not a check.
#[test]
#[ignore = "rewrites tests/golden/queries.txt; SWEPT_GOLDEN_UPDATE=1 ... -- --ignored update"]
fn update() {
    assert_eq!(
        std::env::var("SWEPT_GOLDEN_UPDATE").as_deref(),
        Ok("1"),
        "set SWEPT_GOLDEN_UPDATE=1 to rewrite the golden file's results"
    );
    let text = std::fs::read_to_string(FILE).expect("read the golden file");
    let mut out = String::new();
    let mut changes = std::collections::BTreeMap::<(&str, &str, &str), u32>::new();
    type Check = fn(Query, &[Exact], Outcome) -> Result<&'static str, String>;
    let strict: [Check; N_BACKENDS] = each_backend!(T => |query, xs, old| {
        on_adapter(query, xs, Strict::<T>(old, core::marker::PhantomData))
    });
    let mut failures = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let Some((head, _)) = line.split_once(" | ").filter(|_| !line.starts_with('#')) else {
            out.push_str(line);
            out.push('\n');
            continue;
        };
        let mut words = head.split_ascii_whitespace();
        let query = Query::from_name(words.next().unwrap_or("")).expect("query name");
        let inputs: Vec<Input> = words.map(|w| Input::parse(w).expect("input")).collect();
        let old: Vec<Outcome> = line
            .split(" | ")
            .skip(1)
            .map(|t| Outcome::parse(t).expect("result"))
            .collect();
        let new: [Outcome; 5] = core::array::from_fn(|b| golden::run_backend(b, query, &inputs));
        let exact: Option<Vec<Exact>> = inputs
            .iter()
            .map(|i| match *i {
                Input::Ratio(n, d) => Some(Exact::ratio(n, d)),
                _ => None,
            })
            .collect();
        for (b, (o, w)) in old.iter().zip(&new).enumerate() {
            if o == w {
                continue;
            }
            let verdict = match &exact {
                None => Err("a non-finite input changed its result".to_string()),
                Some(xs) => strict[b](query, xs, *o),
            };
            match verdict {
                Ok(kind) => {
                    *changes
                        .entry((query.name(), BACKENDS[b], kind))
                        .or_default() += 1
                }
                Err(e) => failures.push(format!(
                    "line {} ({} {}): {e}",
                    n + 1,
                    query.name(),
                    BACKENDS[b]
                )),
            }
        }
        out.push_str(head);
        for o in new {
            out.push_str(&format!(" | {o}"));
        }
        out.push('\n');
    }
    for ((q, b, k), c) in &changes {
        println!("{q:>22} {b:>6}: {c:>5} {k}");
    }
    assert!(
        failures.is_empty(),
        "{} changes are not more exact:\n{}",
        failures.len(),
        failures[..failures.len().min(30)].join("\n")
    );
    std::fs::write(FILE, out).expect("write the golden file");
}

// ---------------------------------------------------------------------------
// The cases.

/// An exact value as the file's rational: as is when numerator and
/// denominator are at most 2^53; otherwise rounded to a multiple of 2^-32
/// (workload draws) and reduced.
fn input(x: &Exact) -> Input {
    let lim = 1i64 << 53;
    let (n, d) = (x.0.numer().to_i64(), x.0.denom().to_i64());
    if let (Some(n), Some(d)) = (n, d) {
        if n.abs() <= lim && d <= lim && d <= 1 << 32 {
            return Input::Ratio(n, d);
        }
    }
    let scaled = x.clone() * Exact::ratio(1 << 32, 1);
    let m = scaled.0.round_ref();
    let m = rug::Integer::from(m).to_i64().expect("input within 2^21");
    assert!(m.abs() <= lim, "input too large: {x:?}");
    let (mut n, mut d) = (m, 1i64 << 32);
    while n % 2 == 0 && d > 1 {
        n /= 2;
        d /= 2;
    }
    Input::Ratio(n, d)
}

fn inputs<'a>(xs: impl IntoIterator<Item = &'a Exact>) -> Vec<Input> {
    xs.into_iter().map(input).collect()
}

fn q(n: i64, d: i64) -> Exact {
    Exact::ratio(n, d)
}

fn ex(x: f64) -> Exact {
    Exact::from_f64_exact(x).expect("finite")
}

/// Every input but the oriented box's axes (positions `axes`) times `2^k`.
fn scaled(xs: &[Input], k: i32, axes: core::ops::Range<usize>) -> Vec<Input> {
    let f = if k >= 0 { q(1 << k, 1) } else { q(1, 1 << -k) };
    xs.iter()
        .enumerate()
        .map(|(i, x)| match *x {
            Input::Ratio(n, d) if !axes.contains(&i) => input(&(q(n, d) * f.clone())),
            other => other,
        })
        .collect()
}

/// Inputs written by hand: integers, `(n, d)` pairs and [`NAN`], [`INF`],
/// [`NINF`].
macro_rules! ins {
    ($($x:expr),* $(,)?) => { vec![$(ToInput::to_input($x)),*] };
}

const NAN: Input = Input::Nan;
const INF: Input = Input::Inf;
const NINF: Input = Input::NegInf;

trait ToInput {
    fn to_input(self) -> Input;
}

impl ToInput for i64 {
    fn to_input(self) -> Input {
        Input::Ratio(self, 1)
    }
}

impl ToInput for (i64, i64) {
    fn to_input(self) -> Input {
        Input::Ratio(self.0, self.1)
    }
}

impl ToInput for Input {
    fn to_input(self) -> Input {
        self
    }
}

type Groups = Vec<(String, Vec<Vec<Input>>)>;

fn static_flat(c: &Circle<Exact>, rest: Vec<&Exact>) -> Vec<Input> {
    let mut v = vec![&c.center.x, &c.center.y, &c.radius];
    v.extend(rest);
    inputs(v)
}

fn aabb2_flat(c: &Circle<Exact>, b: &Aabb2<Exact>) -> Vec<Input> {
    static_flat(c, vec![&b.min.x, &b.min.y, &b.max.x, &b.max.y])
}

fn obb2_refs(b: &Obb2<Exact>) -> Vec<&Exact> {
    let [a0, a1] = &b.axes;
    let [e0, e1] = &b.half_extents;
    vec![&b.center.x, &b.center.y, &a0.x, &a0.y, &a1.x, &a1.y, e0, e1]
}

fn sphere_flat(s: &Sphere<Exact>, b: &Aabb3<Exact>) -> Vec<Input> {
    let c = &s.center;
    inputs([
        &c.x, &c.y, &c.z, &s.radius, &b.min.x, &b.min.y, &b.min.z, &b.max.x, &b.max.y, &b.max.z,
    ])
}

fn sweep_aabb_flat(
    c: &Circle<Exact>,
    cv: &Vec2<Exact>,
    b: &Aabb2<Exact>,
    bv: &Vec2<Exact>,
) -> Vec<Input> {
    inputs([
        &c.center.x,
        &c.center.y,
        &c.radius,
        &cv.x,
        &cv.y,
        &b.min.x,
        &b.min.y,
        &b.max.x,
        &b.max.y,
        &bv.x,
        &bv.y,
    ])
}

fn sweep_obb_flat(
    c: &Circle<Exact>,
    cv: &Vec2<Exact>,
    b: &Obb2<Exact>,
    bv: &Vec2<Exact>,
) -> Vec<Input> {
    let mut v = vec![&c.center.x, &c.center.y, &c.radius, &cv.x, &cv.y];
    v.extend(obb2_refs(b));
    v.extend([&bv.x, &bv.y]);
    inputs(v)
}

/// Scales of the domain-edge groups: around each fixed backend's limits.
const STATIC_SCALES: [i32; 10] = [-6, 4, 6, 8, 10, 12, 13, 14, 20, 28];
const SWEEP_SCALES: [i32; 10] = [-6, -4, -3, -2, -1, 1, 2, 3, 4, 10];

/// `n` draws of `f`, then the first `scaled_n` of them scaled by each of
/// `scales` in turn: the groups of one query.
fn standard(
    seed: u64,
    n: usize,
    scales: &[i32],
    axes: core::ops::Range<usize>,
    mut f: impl FnMut(&mut Gen) -> Vec<Input>,
) -> Groups {
    let mut g = Gen::new(seed);
    let biased: Vec<Vec<Input>> = (0..n).map(|_| f(&mut g)).collect();
    let mut scaled_cases = Vec::new();
    for (i, xs) in biased.iter().take(6 * scales.len()).enumerate() {
        scaled_cases.push(scaled(xs, scales[i % scales.len()], axes.clone()));
    }
    vec![
        (format!("degenerate-biased mix (seed {seed:#x})"), biased),
        (
            format!("the same scaled by 2^{scales:?} in turn: each backend's domain edges"),
            scaled_cases,
        ),
    ]
}

/// Static circle / point vs aligned rectangle cases by hand (7 inputs:
/// `cx cy r minx miny maxx maxy`); the distance cases drop `r`.
fn static_rect_by_hand() -> Vec<Vec<Input>> {
    vec![
        ins![3, 2, 1, 0, 0, 2, 1],                // corner region, disjoint
        ins![1, 3, 2, 0, 0, 2, 1],                // touching the top edge
        ins![(1, 2), (1, 2), 2, 0, 0, 2, 1],      // center inside
        ins![(28, 5), (9, 5), 1, 0, 0, 2, 1],     // touching the corner (3-4-5)
        ins![(14, 5), (8, 5), 1, 0, 0, 2, 1],     // (2 + 4/5, 1 + 3/5): touching
        ins![1, 1, 0, 0, 0, 2, 1],                // radius 0 on the edge
        ins![1, (1, 2), 0, 0, 0, 2, 1],           // radius 0 inside
        ins![3, 3, 0, 0, 0, 2, 1],                // radius 0 outside
        ins![0, 0, 0, 0, 0, 0, 0],                // point on a point
        ins![3, 4, 5, 0, 0, 0, 0],                // circle through a point box
        ins![1, 5, 4, 1, 1, 1, 1],                // zero-size box, touching
        ins![1, 1, -1, 0, 0, 2, 1],               // negative radius
        ins![1, 1, 1, 2, 1, 0, 0],                // inverted box
        ins![2, 2, 1, 0, 0, 2, 1],                // center on the corner
        ins![(1, 3), (2, 3), (1, 3), 0, 1, 2, 3], // non-dyadic, touching
        ins![(1, 65536), 0, (1, 65536), (-1, 65536), 0, 0, 0], // one I16F16 LSB
        ins![(1, 131072), 0, 0, 0, 0, 0, 0],      // half an LSB: ties to even
        ins![(3, 131072), 0, 0, 0, 0, 0, 0],      // one and a half LSBs
        ins![16383, 0, 1, 16382, -1, 16382, 1],   // I16F16 coordinate limit: in
        ins![16384, 0, 1, 16382, -1, 16382, 1],   // at 2^14: out of domain
        ins![0, 0, 63, 0, 0, 1, 1],               // I16F16 radius limit 2^6: in
        ins![0, 0, 64, 0, 0, 1, 1],               // out
        ins![40000, 0, 1, 0, 0, 1, 1],            // beyond I16F16's range
        ins![1073741823, 0, 1, 1073741822, 0, 1073741822, 1], // I32F32 limit 2^30
        ins![1073741824, 0, 1, 1073741822, 0, 1073741822, 1], // out
        ins![0, 0, 16383, 0, 0, 1, 1],            // I32F32 radius limit 2^14: in
        ins![0, 0, 16384, 0, 0, 1, 1],            // out
        ins![35184372088831, 0, 1, 35184372088830, -1, 35184372088830, 1], // I48F16 limit 2^45: in
        ins![35184372088832, 0, 1, 35184372088830, -1, 35184372088830, 1], // out
        ins![4503599627370496, 0, 1, 0, 0, 1, 1], // 2^52: floats only
        ins![4611686018427387904, 0, 1, 0, 0, 1, 1], // 2^62: f32 distance out of domain
        ins![NAN, 0, 1, 0, 0, 1, 1],
        ins![0, NAN, 1, 0, 0, 1, 1],
        ins![0, 0, NAN, 0, 0, 1, 1],
        ins![0, 0, 1, INF, 0, 1, 1],
        ins![0, 0, 1, 0, NINF, 1, 1],
        ins![0, 0, INF, 0, 0, 1, 1],
        ins![0, 0, 1, 0, 0, NAN, 1],
    ]
}

/// Each of `centers` (center and radius) followed by each of `boxes`,
/// through `f`.
fn every_center_with_every_box(
    centers: &[Vec<Input>],
    boxes: Vec<Vec<Input>>,
    f: impl Fn(Vec<Input>) -> Vec<Input>,
) -> Vec<Vec<Input>> {
    let mut cases = Vec::new();
    for b in boxes {
        for c in centers {
            let mut v = c.clone();
            v.extend(&b);
            cases.push(f(v));
        }
    }
    cases
}

/// Oriented boxes by hand (`ox oy a0x a0y a1x a1y e0 e1`).
fn obbs_by_hand() -> Vec<Vec<Input>> {
    vec![
        ins![0, 0, (3, 5), (4, 5), (-4, 5), (3, 5), 2, 1],
        ins![1, 1, 1, 0, 0, 1, 0, 0],  // a point
        ins![0, 0, 0, 1, -1, 0, 2, 0], // a segment
        ins![0, 0, (5, 13), (12, 13), (12, 13), (-5, 13), 1, 2], // left-handed
        ins![0, 0, 3, 0, 0, 1, 1, 1],  // axis beyond 2: refused
        ins![0, 0, 2, 0, 0, 2, 1, 1],  // axes of length 2
        ins![0, 0, 0, 0, 0, 0, 1, 1],  // zero axes
        ins![0, 0, (3, 5), (4, 5), (-4, 5), (3, 5), -1, 1], // negative extent
        ins![0, 0, NAN, 0, 0, 1, 1, 1],
        ins![4095, 0, 1, 0, 0, 1, 1, 1], // I16F16 limit 2^12: in
        ins![4096, 0, 1, 0, 0, 1, 1, 1], // out
    ]
}

fn draw(query: Query) -> Groups {
    match query {
        Query::CircleAabb2 | Query::DistAabb2 => {
            let dist = query == Query::DistAabb2;
            let drop_r = |mut v: Vec<Input>| {
                if dist {
                    v.remove(2);
                }
                v
            };
            let mut groups = standard(0x601d_0001, 200, &STATIC_SCALES, 0..0, |g| {
                let (c, b) = cases::biased_rect(g);
                drop_r(aabb2_flat(&c, &b))
            });
            let mut rng = SplitMix64::new(SEED);
            let w3 = (0..60)
                .map(|_| {
                    let (c, b) = cases::w3_rect_exact(&mut rng);
                    drop_r(aabb2_flat(&c, &b))
                })
                .collect();
            groups.push(("workload W3 draws".into(), w3));
            let hand = static_rect_by_hand().into_iter().map(drop_r).collect();
            groups.push((
                "by hand: touching, zero sizes, domain limits, refusals".into(),
                hand,
            ));
            groups
        }
        Query::SphereAabb3 | Query::DistAabb3 => {
            let dist = query == Query::DistAabb3;
            let drop_r = |mut v: Vec<Input>| {
                if dist {
                    v.remove(3);
                }
                v
            };
            let mut groups = standard(0x601d_0002, 200, &STATIC_SCALES, 0..0, |g| {
                let (s, b) = cases::biased_box(g);
                drop_r(sphere_flat(&s, &b))
            });
            let mut rng = SplitMix64::new(SEED);
            let w3 = (0..60)
                .map(|_| {
                    let (s, b) = cases::w3_box_exact(&mut rng);
                    drop_r(sphere_flat(&s, &b))
                })
                .collect();
            groups.push(("workload W3 draws".into(), w3));
            // The 2D hand cases with a z slab [0, 1] and the center at z = 1/2.
            let hand = static_rect_by_hand()
                .into_iter()
                .map(|v| {
                    let mut w = vec![v[0], v[1], Input::Ratio(1, 2), v[2], v[3], v[4]];
                    w.extend([Input::Ratio(0, 1), v[5], v[6], Input::Ratio(1, 1)]);
                    drop_r(w)
                })
                .collect();
            groups.push((
                "by hand: touching, zero sizes, domain limits, refusals".into(),
                hand,
            ));
            groups
        }
        Query::CircleObb2 | Query::DistObb2 => {
            let dist = query == Query::DistObb2;
            let axes = if dist { 4..8 } else { 5..9 };
            let drop_r = |mut v: Vec<Input>| {
                if dist {
                    v.remove(2);
                }
                v
            };
            let mut groups = standard(0x601d_0003, 200, &STATIC_SCALES, axes, |g| {
                let (c, b) = cases::biased_obb(g);
                drop_r(static_flat(&c, obb2_refs(&b)))
            });
            let centers = [
                ins![0, 0, 1],
                ins![(13, 5), (-4, 5), 1],
                ins![3, 4, 0],
                ins![(11, 5), (2, 5), (1, 2)],
                ins![2, 2, 3],
                ins![(1, 3), (1, 7), 0],
            ];
            let hand = every_center_with_every_box(&centers, obbs_by_hand(), drop_r);
            groups.push((
                "by hand: exact axes, zero sizes, refused axes, limits".into(),
                hand,
            ));
            groups
        }
        Query::SweepAabb2 | Query::SweepAabb2Within => {
            let within = query == Query::SweepAabb2Within;
            let mut groups = standard(0x601d_0004, 200, &SWEEP_SCALES, 0..0, |g| {
                let (c, cv, b, bv) = cases::sweep_biased_aabb(g);
                sweep_aabb_flat(&c, &cv, &b, &bv)
            });
            let mut rng = SplitMix64::new(SEED ^ 1);
            let w1s = (0..60)
                .map(|_| {
                    let w = w1(&mut rng);
                    let c = Vec2::new(ex(w.center[0]), ex(w.center[1]));
                    let h = Vec2::new(ex(w.half[0]), ex(w.half[1]));
                    let b = Aabb2::new(c.clone() - h.clone(), c + h);
                    let circle =
                        Circle::new(Vec2::new(ex(w.circle[0]), ex(w.circle[1])), ex(w.radius));
                    let cv = Vec2::new(ex(w.circle_velocity[0]), ex(w.circle_velocity[1]));
                    let bv = Vec2::new(ex(w.rect_velocity[0]), ex(w.rect_velocity[1]));
                    sweep_aabb_flat(&circle, &cv, &b, &bv)
                })
                .collect();
            groups.push(("workload W1 draws".into(), w1s));
            groups.push((
                "by hand: seed examples, grazing, zero sizes, refusals".into(),
                sweep_aabb_by_hand(),
            ));
            if within {
                with_limits(groups, Query::SweepAabb2)
            } else {
                groups
            }
        }
        Query::SweepObb2 | Query::SweepObb2Within => {
            let within = query == Query::SweepObb2Within;
            let mut groups = standard(0x601d_0005, 200, &SWEEP_SCALES, 7..11, |g| {
                let (c, cv, b, bv) = cases::sweep_biased_obb(g);
                sweep_obb_flat(&c, &cv, &b, &bv)
            });
            let mut rng = SplitMix64::new(SEED ^ 2);
            let w1s = (0..60)
                .map(|_| {
                    let w = w1(&mut rng);
                    let c = Vec2::new(ex(w.center[0]), ex(w.center[1]));
                    // (cos, sin) of the angle, rounded to 2^-32 by `input`.
                    let a = Vec2::new(ex(libm::cos(w.angle)), ex(libm::sin(w.angle)));
                    let b = Obb2::new(c, [a.clone(), a.perp()], [ex(w.half[0]), ex(w.half[1])]);
                    let circle =
                        Circle::new(Vec2::new(ex(w.circle[0]), ex(w.circle[1])), ex(w.radius));
                    let cv = Vec2::new(ex(w.circle_velocity[0]), ex(w.circle_velocity[1]));
                    let bv = Vec2::new(ex(w.rect_velocity[0]), ex(w.rect_velocity[1]));
                    sweep_obb_flat(&circle, &cv, &b, &bv)
                })
                .collect();
            groups.push((
                "workload W1 draws (axes (cos a, sin a) to 2^-32)".into(),
                w1s,
            ));
            // The aligned hand cases as oriented boxes (axes (1,0), (0,1)),
            // and the same turned by the 3-4-5 rotation.
            let mut hand = Vec::new();
            for v in sweep_aabb_by_hand() {
                hand.push(aabb_case_as_obb(&v, false));
                hand.push(aabb_case_as_obb(&v, true));
            }
            groups.push((
                "by hand: the aligned cases, axis-aligned and turned by (3/5, 4/5)".into(),
                hand,
            ));
            if within {
                with_limits(groups, Query::SweepObb2)
            } else {
                groups
            }
        }
        Query::SweepSegment2 | Query::SweepSegment2Front => {
            let front = query == Query::SweepSegment2Front;
            let seed = 0x601d_0007 + front as u64;
            let flat = |c: &Circle<Exact>, v: &Vec2<Exact>, s: &Segment2<Exact>| {
                inputs([
                    &c.center.x,
                    &c.center.y,
                    &c.radius,
                    &v.x,
                    &v.y,
                    &s.p0.x,
                    &s.p0.y,
                    &s.p1.x,
                    &s.p1.y,
                ])
            };
            let mut groups = standard(seed, 200, &SWEEP_SCALES, 0..0, |g| {
                let (c, v, s, _) = segment_biased(g, 8);
                flat(&c, &v, &s)
            });
            let mut rng = SplitMix64::new(SEED ^ 3);
            let w2s = (0..60)
                .map(|_| {
                    let (c, v, s, _) = w2_exact(&mut rng);
                    flat(&c, &v, &s)
                })
                .collect();
            groups.push(("workload W2 draws".into(), w2s));
            groups.push((
                "by hand: seed example, touching, sliding, zero sizes, ends, refusals".into(),
                segment_by_hand(),
            ));
            groups
        }
        Query::SweepCircle2 | Query::SweepCircle2Within => {
            let within = query == Query::SweepCircle2Within;
            let flat =
                |(c, cv, o, ov): (Circle<Exact>, Vec2<Exact>, Circle<Exact>, Vec2<Exact>)| {
                    inputs([
                        &c.center.x,
                        &c.center.y,
                        &c.radius,
                        &cv.x,
                        &cv.y,
                        &o.center.x,
                        &o.center.y,
                        &o.radius,
                        &ov.x,
                        &ov.y,
                    ])
                };
            let mut groups = standard(0x601d_0009, 200, &SWEEP_SCALES, 0..0, |g| {
                flat(cases::sweep_biased_circle(g))
            });
            let mut rng = SplitMix64::new(SEED ^ 4);
            let w1s = (0..60)
                .map(|_| flat(cases::w1_circles_exact(&mut rng)))
                .collect();
            groups.push(("workload W1 draws, the rectangle as a circle".into(), w1s));
            groups.push((
                "by hand: head-on, grazing, touching, points, refusals".into(),
                circle_by_hand(),
            ));
            if within {
                with_limits(groups, Query::SweepCircle2)
            } else {
                groups
            }
        }
        Query::SphereObb3
        | Query::DistObb3
        | Query::SweepAabb3
        | Query::SweepAabb3Within
        | Query::SweepObb3
        | Query::SweepObb3Within => cases3::draw3(query),
        Query::Advance => advance_cases(),
    }
}

/// Frames of `advance` in the golden arena: balls on a 1/16 grid clear of
/// the obstacles, radii 1/4 to 1, displacements up to 40 units (many
/// bounces), restitution 1, 3/4 or 0; then by hand.
fn advance_cases() -> Groups {
    let mut rng = SplitMix64::new(0x601d_000a);
    let mut pick = |lo: i64, hi: i64| lo + (rng.next_u64() % (hi - lo + 1) as u64) as i64;
    let obstacles: [Obstacle<Exact>; 10] =
        golden::arena(|n, d| Some(Exact::ratio(n, d))).expect("exact");
    let mut drawn = Vec::new();
    while drawn.len() < 260 {
        let (x, y, r) = (pick(16, 16 * 48 - 16), pick(16, 16 * 32 - 16), pick(4, 16));
        let (dx, dy) = (pick(-640, 640), pick(-640, 640));
        let e = [(1, 1), (3, 4), (0, 1)][pick(0, 2) as usize];
        let ball = Circle::new(Vec2::new(q(x, 16), q(y, 16)), q(r, 16));
        // Clear: no overlap and not embedded at rest (the exact backend).
        let mut touched = 0;
        let rest = advance(
            &ball,
            &Vec2::zero(),
            &obstacles,
            &Options::default(),
            |_| touched += 1,
        );
        let clear = obstacles.iter().all(|o| {
            let one = std::slice::from_ref(o);
            let probe = advance(
                &ball,
                &Vec2::new(q(1, 1 << 20), q(0, 1)),
                one,
                &Options::default(),
                |_| {},
            );
            matches!(probe, Ok(a) if a.contacts == 0)
        });
        if clear
            && touched == 0
            && matches!(rest, Ok(a) if a.outcome == swept::advance::Outcome::Moved)
        {
            let v = [
                q(x, 16),
                q(y, 16),
                q(r, 16),
                q(dx, 16),
                q(dy, 16),
                q(e.0, e.1),
            ];
            drawn.push(inputs(&v));
        }
    }
    let hand = vec![
        ins![(3, 2), (3, 2), 1, -4, -4, 1],   // into the room's corner
        ins![24, 1, 1, 0, -4, 1],             // onto the floor, back up
        ins![24, 1, 1, 5, 0, 1],              // sliding along the floor
        ins![24, 1, 1, 0, 0, 1],              // at rest, touching
        ins![(3, 2), 16, (1, 2), 90, 0, 1],   // many bounces across
        ins![(3, 2), 16, (1, 2), 9000, 0, 1], // past the bounce limit
        ins![11, 8, 1, 4, 0, 1],              // center inside the block
        ins![11, (21, 2), 1, 0, 4, 1],        // overlapping the block, leaving
        ins![11, (21, 2), 1, 0, -4, 1],       // overlapping it, moving in
        ins![20, 19, 1, 0, -6, (1, 2)],       // onto a peg, restitution 1/2
        ins![34, 15, 1, 0, -12, 0],           // onto the turned block, sliding
        ins![7, 25, (1, 2), 0, 6, 1],         // from behind the one-sided wall
        ins![7, 31, (1, 2), 0, -6, 1],        // onto its front
        ins![24, 16, -1, 1, 1, 1],            // negative radius
        ins![24, 16, 1, 1, 1, 2],             // restitution 2
        ins![NAN, 16, 1, 1, 1, 1],
        ins![24, 16, 1, INF, 1, 1],
        ins![24, 16, 1, 1, 1, NAN],
        ins![24, 16, 1, 20000, 0, 1], // beyond I16F16's range
    ];
    vec![
        ("balls across the arena (seed 0x601d000a)".into(), drawn),
        (
            "by hand: corners, floors, limits, overlaps, refusals".into(),
            hand,
        ),
    ]
}

/// Circle-circle cases by hand (`cx cy r cvx cvy ox oy rho ovx ovy`).
fn circle_by_hand() -> Vec<Vec<Input>> {
    vec![
        ins![-5, 0, 1, 2, 0, 0, 0, 2, 0, 0], // doc example: t = 1 at (-2, 0)
        ins![-5, 3, 1, 2, 0, 0, 0, 2, 0, 0], // grazing: tangent at t = 5/2
        ins![-5, 2, 1, 2, 0, 0, 0, 2, 0, 0], // through the dilated circle
        ins![-3, 0, 1, 1, 0, 0, 0, 2, 0, 0], // touching at 0, moving in
        ins![-3, 0, 1, -1, 0, 0, 0, 2, 0, 0], // touching at 0, moving away
        ins![-3, 0, 1, 0, 1, 0, 0, 2, 0, 0], // touching at 0, sliding
        ins![-2, 0, 1, 1, 0, 0, 0, 2, 0, 0], // overlapping
        ins![0, 0, 1, 1, 0, 0, 0, 2, 0, 0],  // concentric
        ins![-5, 0, 0, 1, 0, 0, 0, 0, 0, 0], // two points head-on: t = 5
        ins![-5, 1, 0, 1, 0, 0, 0, 0, 0, 0], // two points passing
        ins![0, 0, 0, 1, 0, 0, 0, 0, 0, 0],  // two points at the same place
        ins![-5, 0, 1, 0, 0, 0, 0, 2, 1, 0], // only the other moves
        ins![-5, 0, 1, 1, 0, 0, 0, 2, 1, 0], // same velocity
        ins![(-18, 5), (24, 5), 1, 1, 0, 0, 0, 2, 0, 0], // 3-4-5 arc
        ins![(1, 3), (1, 7), (1, 3), -1, 0, (-1, 3), 0, (1, 7), 0, 0], // non-dyadic
        ins![-5, 0, -1, 2, 0, 0, 0, 2, 0, 0], // negative radius
        ins![-5, 0, 1, 2, 0, 0, 0, -2, 0, 0], // negative obstacle radius
        ins![-40000, 0, 1, 2, 0, 0, 0, 2, 0, 0], // beyond I16F16
        ins![0, 3, 1, 0, (-1, 65536), 0, 0, 1, 0, 0], // crawling: late hit
        ins![NAN, 0, 1, 2, 0, 0, 0, 2, 0, 0],
        ins![-5, 0, 1, INF, 0, 0, 0, 2, 0, 0],
        ins![-5, 0, 1, 2, 0, 0, 0, 2, NINF, 0],
    ]
}

/// Sweep cases by hand (`cx cy r cvx cvy minx miny maxx maxy rvx rvy`).
fn sweep_aabb_by_hand() -> Vec<Vec<Input>> {
    vec![
        ins![4, 0, 1, -1, 0, -1, -1, 1, 1, 0, 0], // doc example: t = 2 at (1, 0)
        ins![0, 3, 1, 1, -2, -1, -1, 1, 1, 0, 0], // listing 14 edge: t = 1/2
        ins![3, 3, 1, -3, -1, -1, -1, 1, 1, 0, 0], // listing 14 vertex: top edge t = 1
        ins![3, 3, 1, 1, -1, -1, -1, 1, 1, 0, 0], // misses
        ins![4, 0, 1, -1, 0, -1, -2, 1, 2, 0, 0], // Eq. 11 side condition: t = 2
        ins![0, 0, 0, 1, 1, -1, -1, 1, 1, 0, 0],  // radius 0 inside: overlapping
        ins![(1, 2), 0, 1, 0, 0, -1, -1, 1, 1, 0, 0], // overlapping, at rest
        ins![2, 0, 1, 0, 0, -1, -1, 1, 1, 0, 0],  // touching at 0, at rest
        ins![2, 0, 1, 1, 0, -1, -1, 1, 1, 0, 0],  // touching at 0, moving away
        ins![2, 0, 1, -1, 0, -1, -1, 1, 1, 0, 0], // touching at 0, moving in
        ins![5, 0, 1, 0, 0, -1, -1, 1, 1, 0, 0],  // zero velocity, apart
        ins![5, 0, 1, 1, 0, -1, -1, 1, 1, 1, 0],  // equal velocities
        ins![5, 0, 1, 0, 0, -1, -1, 1, 1, 1, 0],  // only the box moves
        ins![5, 2, 1, -1, 0, -1, -1, 1, 1, 0, 0], // grazing the top edge line
        ins![5, 3, 1, -1, 0, -1, -1, 1, 1, 0, 0], // passing above
        ins![4, 4, 1, -1, -1, -1, -1, 1, 1, 0, 0], // head-on to the corner
        ins![(18, 5), (4, 5), 1, -1, 0, -1, -1, 1, 1, 0, 0], // right edge at t = 8/5
        ins![5, (9, 5), 1, -1, 0, -1, -1, 1, 1, 0, 0], // corner arc (3-4-5): t = 17/5
        ins![4, 0, 0, -1, 0, -1, -1, 1, 1, 0, 0], // a moving point
        ins![4, 1, 0, -1, 0, -1, -1, 1, 1, 0, 0], // a point along the edge line
        ins![4, 0, 1, -1, 0, 0, 0, 0, 0, 0, 0],   // a point box
        ins![4, 1, 1, -1, 0, -1, 0, 1, 0, 0, 0],  // a segment box, grazed
        ins![4, 0, -1, -1, 0, -1, -1, 1, 1, 0, 0], // negative radius
        ins![4, 0, 1, -1, 0, 1, 1, -1, -1, 0, 0], // inverted box
        ins![(3, 2), (3, 2), (1, 2), -1, -1, -1, -1, 1, 1, 0, 0], // touching at 0 at a corner
        ins![(1, 3), 3, (1, 7), 0, -1, -1, -1, 1, 1, 0, 0], // non-dyadic
        ins![0, 3, 1, 0, (-1, 65536), -1, -1, 1, 1, 0, 0], // crawling: late contact
        ins![0, 3, 1, 0, (-1, 1024), -1, -1, 1, 1, 0, 0], // contact at t = 1024
        ins![
            1,
            1,
            (1, 4),
            (-1, 8),
            (-1, 8),
            (-1, 4),
            (-1, 4),
            (1, 4),
            (1, 4),
            0,
            0
        ],
        ins![
            (3, 4),
            0,
            (1, 4),
            (-1, 4),
            0,
            (-1, 4),
            (-1, 4),
            (1, 4),
            (1, 4),
            0,
            0
        ],
        ins![100, 0, 1, -1, 0, -1, -1, 1, 1, 0, 0], // far: I16F16 out of domain
        ins![NAN, 0, 1, -1, 0, -1, -1, 1, 1, 0, 0],
        ins![4, 0, 1, INF, 0, -1, -1, 1, 1, 0, 0],
        ins![4, 0, 1, -1, 0, -1, -1, 1, 1, NINF, 0],
        ins![4, 0, NAN, -1, 0, -1, -1, 1, 1, 0, 0],
        ins![40000, 0, 1, -1, 0, -1, -1, 1, 1, 0, 0], // beyond I16F16
        ins![2147483648, 0, 1, -1, 0, -1, -1, 1, 1, 0, 0], // 2^31: f32 out of domain
        ins![500, 0, 1, -1, 0, -1, -1, 1, 1, 0, 0],   // I48F16 local limit 2^10: in
        ins![520, 0, 1, -1, 0, -1, -1, 1, 1, 0, 0],   // out (doubled: 1040)
    ]
}

/// Segment cases by hand (`cx cy r vx vy p0x p0y p1x p1y`), segment
/// `(0,0)-(4,0)` unless said.
fn segment_by_hand() -> Vec<Vec<Input>> {
    vec![
        ins![1, 3, 1, 0, -4, 0, 0, 4, 0],      // doc example: hit at t = 1/2
        ins![1, 3, 1, 0, -2, 0, 0, 4, 0],      // hit at t = 1 exactly
        ins![1, 3, 1, 0, -1, 0, 0, 4, 0],      // short of it
        ins![1, 1, 1, 0, -1, 0, 0, 4, 0],      // touching at 0, moving in
        ins![1, 1, 1, 0, 1, 0, 0, 4, 0],       // touching at 0, moving away
        ins![1, 1, 1, 1, 0, 0, 0, 4, 0],       // touching, sliding
        ins![1, (1, 2), 1, 0, -1, 0, 0, 4, 0], // overlapping
        ins![1, 3, 1, 0, 0, 0, 0, 4, 0],       // zero displacement
        ins![1, -3, 1, 0, 4, 0, 0, 4, 0],      // from behind (front: no hit)
        ins![0, 3, 1, 0, -4, 0, 0, 4, 0],      // the junction at P0
        ins![(-3, 5), (14, 5), 1, 0, -2, 0, 0, 4, 0], // end circle (3-4-5) at t = 1
        ins![-1, 3, 1, 0, -4, 0, 0, 4, 0],     // tangent to the end circle
        ins![6, 3, 1, 0, -4, 0, 0, 4, 0],      // misses the end
        ins![1, 1, 0, 0, -2, 0, 0, 4, 0],      // a point crossing
        ins![-1, 0, 0, 2, 0, 0, 0, 4, 0],      // a point into the end point
        ins![1, 0, 0, 0, -1, 0, 0, 4, 0],      // a point starting on it
        ins![0, 3, 1, 0, -4, 0, 0, 0, 0],      // zero-length segment
        ins![2, 5, 1, 0, -4, 2, 2, 2, 2],      // zero-length at (2, 2): t = 1/2
        ins![1, 3, -1, 0, -4, 0, 0, 4, 0],     // negative radius
        ins![(1, 3), 3, (1, 3), 0, -4, 0, 0, 4, 0], // non-dyadic
        ins![3, 4, 1, -3, -4, 0, 0, 4, 0],     // diagonal approach
        ins![8191, 3, 1, 0, -4, 8190, 0, 8191, 0], // I16F16 limit 2^13: in
        ins![8192, 3, 1, 0, -4, 8190, 0, 8191, 0], // out
        ins![40000, 3, 1, 0, -4, 0, 0, 4, 0],  // beyond I16F16
        ins![536870912, 3, 1, 0, -4, 0, 0, 4, 0], // I32F32 limit 2^29: out
        ins![35184372088832, 3, 1, 0, -4, 0, 0, 4, 0], // I48F16 limit 2^45: out
        ins![NAN, 3, 1, 0, -4, 0, 0, 4, 0],
        ins![1, 3, INF, 0, -4, 0, 0, 4, 0],
        ins![1, 3, 1, NINF, -4, 0, 0, 4, 0],
        ins![1, 3, 1, 0, -4, 0, 0, NAN, 0],
    ]
}

/// An aligned hand case as an oriented one: center, half extents, axes
/// `(1, 0), (0, 1)`, or the whole scene turned by `(3/5, 4/5)`.
fn aabb_case_as_obb(v: &[Input], turn: bool) -> Vec<Input> {
    let ex_or = |i: &Input| match *i {
        Input::Ratio(n, d) => Some(q(n, d)),
        _ => None,
    };
    let all: Option<Vec<Exact>> = v.iter().map(ex_or).collect();
    let Some(x) = all else {
        // A non-finite input: keep it in the circle's slots, unit axes.
        let mut w = v[..5].to_vec();
        w.extend(ins![0, 0, 1, 0, 0, 1, 1, 1]);
        w.extend_from_slice(&v[9..11]);
        return w;
    };
    let half = q(1, 2);
    let center = Vec2::new(
        (x[5].clone() + x[7].clone()) * half.clone(),
        (x[6].clone() + x[8].clone()) * half.clone(),
    );
    let e = [
        (x[7].clone() - x[5].clone()) * half.clone(),
        (x[8].clone() - x[6].clone()) * half,
    ];
    let (a0, a1) = if turn {
        (Vec2::new(q(3, 5), q(4, 5)), Vec2::new(q(-4, 5), q(3, 5)))
    } else {
        (Vec2::new(q(1, 1), q(0, 1)), Vec2::new(q(0, 1), q(1, 1)))
    };
    // World = R * local: the circle, velocities and center turned too.
    let rot = |p: Vec2<Exact>| a0.clone() * p.x.clone() + a1.clone() * p.y.clone();
    let c = rot(Vec2::new(x[0].clone(), x[1].clone()));
    let cv = rot(Vec2::new(x[3].clone(), x[4].clone()));
    let bv = rot(Vec2::new(x[9].clone(), x[10].clone()));
    let o = rot(center);
    let b = Obb2::new(o, [a0.clone(), a1.clone()], e);
    sweep_obb_flat(&Circle::new(c, x[2].clone()), &cv, &b, &bv)
}

/// Each unbounded case with a time limit: at the exact contact time (to
/// 2^-32), just below and above it, and fixed limits (1, 0, -1, 1/2, 63 and
/// 64 around I16F16's limit of 2^6, 2^14 past I32F32's).
fn with_limits(groups: Groups, base: Query) -> Groups {
    let mut g = Gen::new(0x601d_0006 ^ base.index() as u64);
    let fixed_limits = [
        ins![1],
        ins![0],
        ins![-1],
        ins![(1, 2)],
        ins![63],
        ins![64],
        ins![16384],
        ins![(1, 3)],
    ];
    groups
        .into_iter()
        .map(|(name, cases)| {
            let cases = cases
                .into_iter()
                .enumerate()
                .map(|(i, mut v)| {
                    let time = exact_time(base, &v);
                    let limit = match (time, i % 4) {
                        (Some(t), 0) => input(&t),
                        (Some(t), 1) => input(&(t - q(1, 1 << 20))),
                        (Some(t), 2) => input(&(t + q(1, 1 << 20))),
                        _ => g.pick(&fixed_limits)[0],
                    };
                    v.push(limit);
                    v
                })
                .collect();
            (format!("{name}, with a time limit"), cases)
        })
        .collect()
}

/// The exact contact time of an unbounded case, if it has one.
fn exact_time(base: Query, v: &[Input]) -> Option<Exact> {
    let x: Option<Vec<Exact>> = v
        .iter()
        .map(|i| match *i {
            Input::Ratio(n, d) => Some(q(n, d)),
            _ => None,
        })
        .collect();
    let x = x?;
    if matches!(base, Query::SweepAabb3 | Query::SweepObb3) {
        return cases3::exact_time3(base, &x);
    }
    let v2 = |i: usize| Vec2::new(x[i].clone(), x[i + 1].clone());
    let circle = Circle::new(v2(0), x[2].clone());
    let r = match base {
        Query::SweepAabb2 => swept::query::sweep_circle_rect::sweep_circle_aabb2(
            &circle,
            &v2(3),
            &Aabb2::new(v2(5), v2(7)),
            &v2(9),
        ),
        Query::SweepCircle2 => {
            let (c, cv, o, ov) = circles(&x);
            swept::query::sweep_circle_circle::sweep_circle_circle(&c, &cv, &o, &ov)
        }
        _ => swept::query::sweep_circle_rect::sweep_circle_obb2(
            &circle,
            &v2(3),
            &Obb2::new(v2(5), [v2(7), v2(9)], [x[11].clone(), x[12].clone()]),
            &v2(13),
        ),
    };
    match r {
        Ok(Sweep::Hit(h)) => Some(h.time),
        _ => None,
    }
}

#[path = "golden/cases3.rs"]
mod cases3;
