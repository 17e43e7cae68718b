//! Harness adapters for the sweeps against moving rectangles and circles,
//! and the comparison every sweep's result goes through.

use crate::agree::{Backend, Query, Verdict, compare_results, rounded_once};
use crate::exact::Exact;
use crate::queries::map2;
use swept::Error;
use swept::geom::{Aabb2, Circle, Obb2, Vec2};
use swept::query::sweep_circle_circle::{sweep_circle_circle, sweep_circle_circle_within};
use swept::query::sweep_circle_rect::{
    sweep_circle_aabb2, sweep_circle_aabb2_within, sweep_circle_obb2, sweep_circle_obb2_within,
};
use swept::query::{Hit, Sweep};

/// Whether each coordinate of `got` is that of `exact` rounded once.
pub fn point_rounded_once<T: Backend>(got: &Vec2<T>, exact: &Vec2<Exact>) -> bool {
    rounded_once(&got.x, &exact.x) && rounded_once(&got.y, &exact.y)
}

/// Whether every value of a hit is the exact one rounded once.
pub fn hit_rounded_once<T: Backend>(got: &Hit<T>, exact: &Hit<Exact>) -> bool {
    rounded_once(&got.time, &exact.time)
        && point_rounded_once(&got.point, &exact.point)
        && point_rounded_once(&got.center, &exact.center)
        && point_rounded_once(&got.normal, &exact.normal)
}

/// Compares two sweep results by the rule of [`crate::agree`].
pub fn compare_sweep<T: Backend>(
    exact: &Result<Sweep<Exact>, Error>,
    got: &Result<Sweep<T>, Error>,
) -> Result<Verdict, String> {
    compare_results(exact, got, |e, g| match (e, g) {
        (Sweep::Miss, Sweep::Miss) => Some(true),
        (Sweep::Overlapping { witness: a }, Sweep::Overlapping { witness: b }) => {
            Some(point_rounded_once(b, a))
        }
        (Sweep::Hit(a), Sweep::Hit(b)) => Some(hit_rounded_once(b, a)),
        _ => None,
    })
}

/// A sweep adapter: its input type, how its numbers map, and the call.
macro_rules! sweep_adapter {
    ($(#[$doc:meta])* $name:ident, $Obstacle:ident, $f:ident, |$b:ident, $g:ident| $map:expr) => {
        $(#[$doc])*
        pub struct $name;

        impl Query for $name {
            type Input<T: Backend> = (Circle<T>, Vec2<T>, $Obstacle<T>, Vec2<T>);
            type Output<T: Backend> = Result<Sweep<T>, Error>;
            fn try_map<T: Backend, U: Backend>(
                (c, cv, b, bv): &Self::Input<T>,
                f: &mut dyn FnMut(&T) -> Option<U>,
            ) -> Option<Self::Input<U>> {
                let circle = Circle::new(map2(&c.center, f)?, f(&c.radius)?);
                let obstacle = {
                    let ($b, $g) = (b, &mut *f);
                    $map
                };
                Some((circle, map2(cv, f)?, obstacle, map2(bv, f)?))
            }
            fn run<T: Backend>((c, cv, b, bv): &Self::Input<T>) -> Self::Output<T> {
                $f(c, cv, b, bv)
            }
            fn run_batch<T: Backend>(inputs: &[Self::Input<T>]) -> Vec<Self::Output<T>> {
                crate::batch::four(inputs, swept::query::batch::$f)
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

sweep_adapter!(
    /// Moving circle vs moving aligned rectangle, unbounded time.
    SweepAabb2,
    Aabb2,
    sweep_circle_aabb2,
    |b, f| Aabb2::new(map2(&b.min, f)?, map2(&b.max, f)?)
);
sweep_adapter!(
    /// Moving circle vs moving oriented rectangle, unbounded time.
    SweepObb2,
    Obb2,
    sweep_circle_obb2,
    |b, f| {
        let axes = [map2(&b.axes[0], f)?, map2(&b.axes[1], f)?];
        let half = [f(&b.half_extents[0])?, f(&b.half_extents[1])?];
        Obb2::new(map2(&b.center, f)?, axes, half)
    }
);
sweep_adapter!(
    /// Moving circle vs moving circle, unbounded time.
    SweepCircle,
    Circle,
    sweep_circle_circle,
    |b, f| Circle::new(map2(&b.center, f)?, f(&b.radius)?)
);

macro_rules! within_adapter {
    ($name:ident, $base:ty, $Obstacle:ident, $within:ident) => {
        #[doc = concat!("[`", stringify!($base), "`] with a time limit (last): `", stringify!($within), "`.")]
        pub struct $name;

        impl Query for $name {
            type Input<T: Backend> = ((Circle<T>, Vec2<T>, $Obstacle<T>, Vec2<T>), T);
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
            fn run_batch<T: Backend>(inputs: &[Self::Input<T>]) -> Vec<Self::Output<T>> {
                crate::batch::four_shared(inputs, swept::query::batch::$within)
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
within_adapter!(
    SweepCircleWithin,
    SweepCircle,
    Circle,
    sweep_circle_circle_within
);
