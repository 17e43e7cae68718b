//! The batch queries (`swept::query::batch`) run on the harness's inputs:
//! each input taken apart into the batch's one slice per argument, the
//! results in input order. Inputs with a shared argument (a time limit, a
//! choice of sides) are batched in runs of consecutive equal values.

use swept::Error;

/// A result slot before the batch writes it (any value: a batch that does
/// not write a slot leaves this behind, and the comparison sees it).
fn unwritten<X: Clone>(n: usize) -> Vec<Result<X, Error>> {
    vec![Err(Error::Spread); n]
}

/// A batch of two-argument queries.
pub fn two<A: Clone, B: Clone, X: Clone>(
    inputs: &[(A, B)],
    f: impl FnOnce(&[A], &[B], &mut [Result<X, Error>]) -> usize,
) -> Vec<Result<X, Error>> {
    let (a, b): (Vec<A>, Vec<B>) = inputs.iter().cloned().unzip();
    let mut out = unwritten(inputs.len());
    assert_eq!(f(&a, &b, &mut out), inputs.len(), "answered");
    out
}

/// The slices of four-argument inputs.
type Four<A, B, C, D> = (Vec<A>, Vec<B>, Vec<C>, Vec<D>);

fn apart4<'a, A: Clone + 'a, B: Clone + 'a, C: Clone + 'a, D: Clone + 'a>(
    inputs: impl Iterator<Item = &'a (A, B, C, D)>,
) -> Four<A, B, C, D> {
    let mut s = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for (a, b, c, d) in inputs {
        s.0.push(a.clone());
        s.1.push(b.clone());
        s.2.push(c.clone());
        s.3.push(d.clone());
    }
    s
}

/// A batch of four-argument queries.
pub fn four<A: Clone, B: Clone, C: Clone, D: Clone, X: Clone>(
    inputs: &[(A, B, C, D)],
    f: impl FnOnce(&[A], &[B], &[C], &[D], &mut [Result<X, Error>]) -> usize,
) -> Vec<Result<X, Error>> {
    let (a, b, c, d) = apart4(inputs.iter());
    let mut out = unwritten(inputs.len());
    assert_eq!(f(&a, &b, &c, &d, &mut out), inputs.len(), "answered");
    out
}

/// A four-argument input with a shared fifth argument.
pub type Shared<A, B, C, D, S> = ((A, B, C, D), S);

/// Four-argument queries with a shared fifth, batched in runs of equal
/// fifth arguments.
pub fn four_shared<A: Clone, B: Clone, C: Clone, D: Clone, S: PartialEq, X: Clone>(
    inputs: &[Shared<A, B, C, D, S>],
    f: impl Fn(&[A], &[B], &[C], &[D], &S, &mut [Result<X, Error>]) -> usize,
) -> Vec<Result<X, Error>> {
    let mut all = Vec::with_capacity(inputs.len());
    for run in inputs.chunk_by(|x, y| x.1 == y.1) {
        let (a, b, c, d) = apart4(run.iter().map(|(i, _)| i));
        let mut out = unwritten(run.len());
        assert_eq!(
            f(&a, &b, &c, &d, &run[0].1, &mut out),
            run.len(),
            "answered"
        );
        all.extend(out);
    }
    all
}
