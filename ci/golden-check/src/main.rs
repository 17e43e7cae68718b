//! The hosted golden-vector runner: recomputes `tests/golden/queries.txt` on
//! the target it was built for (run under qemu-user or a WASI runtime by
//! `ci/golden.sh`), prints each mismatch and a summary, and exits 1 on any
//! mismatch or a malformed file, 0 otherwise.

use std::process::ExitCode;
use swept_golden::{QUERIES, Query, check};

fn main() -> ExitCode {
    let os = match std::env::consts::OS {
        "" if cfg!(target_os = "wasi") => "wasi",
        os => os,
    };
    let target = format!("{}-{os}", std::env::consts::ARCH);
    let mut shown = 0;
    let result = check(QUERIES, &mut |m| {
        if shown < 20 {
            println!("MISMATCH {m}");
        }
        shown += 1;
    });
    match result {
        Err(e) => {
            println!("golden [{target}]: {e}");
            ExitCode::FAILURE
        }
        Ok(s) => {
            let per: Vec<String> = Query::ALL
                .iter()
                .zip(s.per_query)
                .map(|(q, n)| format!("{} {n}", q.name()))
                .collect();
            println!("golden [{target}]: {}", per.join(", "));
            println!(
                "golden [{target}]: {} cases, {} results, {} mismatches, digest {:016x}",
                s.cases, s.checks, s.mismatches, s.digest
            );
            if s.mismatches == 0 && s.cases > 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
    }
}
