//! Harness adapters for the moving circle vs moving rectangle queries.

use crate::agree::{Backend, Query, Verdict, compare_results, rounded_once};
use crate::exact::Exact;
use crate::queries::map2;
use swept::Error;
use swept::geom::{Aabb2, Circle, Obb2, Vec2};
use swept::query::sweep_circle_rect::{
    Sweep, sweep_circle_aabb2, sweep_circle_aabb2_within, sweep_circle_obb2,
    sweep_circle_obb2_within,
};

/// Whether each coordinate of `got` is that of `exact` rounded once.
pub fn point_rounded_once<T: Backend>(got: &Vec2<T>, exact: &Vec2<Exact>) -> bool {
    rounded_once(&got.x, &exact.x) && rounded_once(&got.y, &exact.y)
}

/// Compares two sweep results by the rule of [`crate::agree`].
pub fn compare_sweep<T: Backend>(
    exact: &Result<Sweep<Exact>, Error>,
    got: &Result<Sweep<T>, Error>,
) -> Result<Verdict, String> {
    compare_results(exact, got, |e, g| match (e, g) {
        (Sweep::NoContact, Sweep::NoContact) => Some(true),
        (Sweep::Overlapping { witness: a }, Sweep::Overlapping { witness: b }) => {
            Some(point_rounded_once(b, a))
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
        ) => Some(rounded_once(tg, te) && point_rounded_once(pg, pe)),
        _ => None,
    })
}

/// Moving circle vs moving aligned rectangle, unbounded time.
pub struct SweepAabb2;

impl Query for SweepAabb2 {
    type Input<T: Backend> = (Circle<T>, Vec2<T>, Aabb2<T>, Vec2<T>);
    type Output<T: Backend> = Result<Sweep<T>, Error>;
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
    fn compare<T: Backend>(
        e: &Self::Output<Exact>,
        g: &Self::Output<T>,
    ) -> Result<Verdict, String> {
        compare_sweep(e, g)
    }
}

/// Moving circle vs moving oriented rectangle, unbounded time.
pub struct SweepObb2;

impl Query for SweepObb2 {
    type Input<T: Backend> = (Circle<T>, Vec2<T>, Obb2<T>, Vec2<T>);
    type Output<T: Backend> = Result<Sweep<T>, Error>;
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
    fn compare<T: Backend>(
        e: &Self::Output<Exact>,
        g: &Self::Output<T>,
    ) -> Result<Verdict, String> {
        compare_sweep(e, g)
    }
}

macro_rules! within_adapter {
    ($name:ident, $base:ty, $rect:ident, $within:ident) => {
        #[doc = concat!("[`", stringify!($base), "`] with a time limit (last): `", stringify!($within), "`.")]
        pub struct $name;

        impl Query for $name {
            type Input<T: Backend> = ((Circle<T>, Vec2<T>, $rect<T>, Vec2<T>), T);
            type Output<T: Backend> = Result<Sweep<T>, Error>;
            fn try_map<T: Backend, U: Backend>(
                (i, t): &Self::Input<T>,
                f: &mut dyn FnMut(&T) -> Option<U>,
            ) -> Option<Self::Input<U>> {
                Some((<$base>::try_map(i, f)?, f(t)?))
            }
            fn run<T: Backend>(((c, cv, b, bv), t): &Self::Input<T>) -> Self::Output<T> {
                $within(c, cv, b, bv, t)
            }
            fn compare<T: Backend>(
                e: &Self::Output<Exact>,
                g: &Self::Output<T>,
            ) -> Result<Verdict, String> {
                compare_sweep(e, g)
            }
        }
    };
}
within_adapter!(
    SweepAabb2Within,
    SweepAabb2,
    Aabb2,
    sweep_circle_aabb2_within
);
within_adapter!(SweepObb2Within, SweepObb2, Obb2, sweep_circle_obb2_within);
