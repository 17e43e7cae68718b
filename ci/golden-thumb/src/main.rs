//! The golden-vector check on a Cortex-M4F (qemu-system-arm, MPS2 AN386):
//! recomputes every case of `tests/golden/queries.txt` on `f32` (hardware
//! single precision), `f64` (soft float), `I16F16`, `I32F32` and `I48F16`,
//! prints each mismatch and a summary through semihosting, and exits with status 0 if
//! every result's bits equal the file's, 1 otherwise (or on a panic).

#![no_std]
#![no_main]

use core::panic::PanicInfo;
use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};
use swept_golden::{Query, check};

const TARGET: &str = "thumbv7em-none-eabihf";

/// The golden file, as `swept_golden::QUERIES`, but placed in the board's
/// PSRAM (`memory.x`): with it, code and file outgrow the 4 MiB of code RAM.
macro_rules! golden_file {
    () => {
        "../../../tests/golden/queries.txt"
    };
}
#[unsafe(link_section = ".golden")]
static FILE: [u8; include_bytes!(golden_file!()).len()] = *include_bytes!(golden_file!());

#[entry]
fn main() -> ! {
    let mut shown = 0u32;
    let Ok(text) = core::str::from_utf8(&FILE) else {
        hprintln!("golden [{}]: the golden file is not UTF-8", TARGET);
        debug::exit(debug::EXIT_FAILURE);
        loop {
            cortex_m::asm::bkpt();
        }
    };
    let result = check(text, &mut |m| {
        if shown < 20 {
            hprintln!("MISMATCH {}", m);
        }
        shown += 1;
    });
    let ok = match result {
        Err(e) => {
            hprintln!("golden [{}]: {}", TARGET, e);
            false
        }
        Ok(s) => {
            for (q, n) in Query::ALL.iter().zip(s.per_query) {
                hprintln!("golden [{}]: {} {}", TARGET, q.name(), n);
            }
            hprintln!(
                "golden [{}]: {} cases, {} results, {} mismatches, digest {:016x}",
                TARGET,
                s.cases,
                s.checks,
                s.mismatches,
                s.digest
            );
            s.mismatches == 0 && s.cases > 0
        }
    };
    debug::exit(if ok {
        debug::EXIT_SUCCESS
    } else {
        debug::EXIT_FAILURE
    });
    loop {
        cortex_m::asm::bkpt();
    }
}

#[panic_handler]
fn panic(info: &PanicInfo) -> ! {
    hprintln!("golden [{}]: panic: {}", TARGET, info);
    debug::exit(debug::EXIT_FAILURE);
    loop {
        cortex_m::asm::bkpt();
    }
}
