//! Harness adapters for the sweeps of a sphere against a moving box in 3D
//! (aligned and oriented, with and without a time limit).

use crate::agree::{Backend, Query, Verdict, compare_results, rounded_once};
use crate::exact::Exact;
use crate::queries::{map_obb3, map3};
use swept::Error;
use swept::geom::{Aabb3, Obb3, Sphere, Vec3};
use swept::query::sweep_sphere_box::{
    sweep_sphere_aabb3, sweep_sphere_aabb3_within, sweep_sphere_obb3, sweep_sphere_obb3_within,
};
use swept::query::{Hit, Sweep};

/// A 3D sweep's result.
pub type Sweep3<T> = Result<Sweep<T, Vec3<T>>, Error>;

/// Whether each coordinate of `got` is that of `exact` rounded once.
pub fn point3_rounded_once<T: Backend>(got: &Vec3<T>, exact: &Vec3<Exact>) -> bool {
    rounded_once(&got.x, &exact.x)
        && rounded_once(&got.y, &exact.y)
        && rounded_once(&got.z, &exact.z)
}

/// Whether every value of a 3D hit is the exact one rounded once.
pub fn hit3_rounded_once<T: Backend>(
    got: &Hit<T, Vec3<T>>,
    exact: &Hit<Exact, Vec3<Exact>>,
) -> bool {
    rounded_once(&got.time, &exact.time)
        && point3_rounded_once(&got.point, &exact.point)
        && point3_rounded_once(&got.center, &exact.center)
        && point3_rounded_once(&got.normal, &exact.normal)
}

/// Compares two 3D sweep results by the rule of [`crate::agree`].
pub fn compare_sweep3<T: Backend>(
    exact: &Sweep3<Exact>,
    got: &Sweep3<T>,
) -> Result<Verdict, String> {
    compare_results(exact, got, |e, g| match (e, g) {
        (Sweep::Miss, Sweep::Miss) => Some(true),
        (Sweep::Overlapping { witness: a }, Sweep::Overlapping { witness: b }) => {
            Some(point3_rounded_once(b, a))
        }
        (Sweep::Hit(a), Sweep::Hit(b)) => Some(hit3_rounded_once(b, a)),
        _ => None,
    })
}

/// A 3D sweep adapter: its input type, how its box maps, and the call.
macro_rules! sweep3_adapter {
    ($(#[$doc:meta])* $name:ident, $Box:ident, $f:ident, |$b:ident, $g:ident| $map:expr) => {
        $(#[$doc])*
        pub struct $name;

        impl Query for $name {
            type Input<T: Backend> = (Sphere<T>, Vec3<T>, $Box<T>, Vec3<T>);
            type Output<T: Backend> = Sweep3<T>;
            fn try_map<T: Backend, U: Backend>(
                (s, sv, b, bv): &Self::Input<T>,
                f: &mut dyn FnMut(&T) -> Option<U>,
            ) -> Option<Self::Input<U>> {
                let sphere = Sphere::new(map3(&s.center, f)?, f(&s.radius)?);
                let obstacle = {
                    let ($b, $g) = (b, &mut *f);
                    $map
                };
                Some((sphere, map3(sv, f)?, obstacle, map3(bv, f)?))
            }
            fn run<T: Backend>((s, sv, b, bv): &Self::Input<T>) -> Self::Output<T> {
                $f(s, sv, b, bv)
            }
            fn run_batch<T: Backend>(inputs: &[Self::Input<T>]) -> Vec<Self::Output<T>> {
                crate::batch::four(inputs, swept::query::batch::$f)
            }
            fn compare<T: Backend>(
                e: &Self::Output<Exact>,
                g: &Self::Output<T>,
            ) -> Result<Verdict, String> {
                compare_sweep3(e, g)
            }
        }
    };
}

sweep3_adapter!(
    /// Moving sphere vs moving aligned box, unbounded time.
    SweepAabb3,
    Aabb3,
    sweep_sphere_aabb3,
    |b, f| Aabb3::new(map3(&b.min, f)?, map3(&b.max, f)?)
);
sweep3_adapter!(
    /// Moving sphere vs moving oriented box, unbounded time.
    SweepObb3,
    Obb3,
    sweep_sphere_obb3,
    |b, f| map_obb3(b, f)?
);

macro_rules! within3_adapter {
    ($name:ident, $base:ty, $Box:ident, $within:ident) => {
        #[doc = concat!("[`", stringify!($base), "`] with a time limit (last): `", stringify!($within), "`.")]
        pub struct $name;

        impl Query for $name {
            type Input<T: Backend> = ((Sphere<T>, Vec3<T>, $Box<T>, Vec3<T>), T);
            type Output<T: Backend> = Sweep3<T>;
            fn try_map<T: Backend, U: Backend>(
                (i, t): &Self::Input<T>,
                f: &mut dyn FnMut(&T) -> Option<U>,
            ) -> Option<Self::Input<U>> {
                Some((<$base>::try_map(i, f)?, f(t)?))
            }
            fn run<T: Backend>(((s, sv, b, bv), t): &Self::Input<T>) -> Self::Output<T> {
                $within(s, sv, b, bv, t)
            }
            fn run_batch<T: Backend>(inputs: &[Self::Input<T>]) -> Vec<Self::Output<T>> {
                crate::batch::four_shared(inputs, swept::query::batch::$within)
            }
            fn compare<T: Backend>(
                e: &Self::Output<Exact>,
                g: &Self::Output<T>,
            ) -> Result<Verdict, String> {
                compare_sweep3(e, g)
            }
        }
    };
}
within3_adapter!(
    SweepAabb3Within,
    SweepAabb3,
    Aabb3,
    sweep_sphere_aabb3_within
);
within3_adapter!(SweepObb3Within, SweepObb3, Obb3, sweep_sphere_obb3_within);
