//! The reference material beside the clone (`../shared/reference`; /work/shared/reference on the project
//! machine): real logs, scrapes and tables that some tests read and that are too large, or not ours, to
//! copy into `tests/fixtures`. One reader for every test file that needs them.
//!
//! A missing file is a **failure**: the test panics saying which file is missing and where it was
//! expected. Only `TOKEN_ENERGY_SKIP_MISSING_REFERENCE=1` turns that into a skip, and then an explicit
//! one: the test stops early and writes a `SKIPPED (reference missing): <file>::<test>: <path>` line straight to
//! stderr (past libtest's capture), which `.ci/test` counts and prints in its summary line.
//! `TOKEN_ENERGY_REFERENCE` points the tests at another copy of the directory.

use std::io::Write as _;
use std::path::{Path, PathBuf};

/// The directory's location, when it is not `../shared/reference`.
pub const DIR_VAR: &str = "TOKEN_ENERGY_REFERENCE";
/// `1` here makes a missing reference a counted skip instead of a failure.
pub const SKIP_VAR: &str = "TOKEN_ENERGY_SKIP_MISSING_REFERENCE";
/// The line a skip writes to stderr; `.ci/test` counts the tests that wrote one.
pub const SKIP_LINE: &str = "SKIPPED (reference missing)";

/// The reference directory: `$TOKEN_ENERGY_REFERENCE`, or `../shared/reference` beside the clone.
pub fn dir() -> PathBuf {
    match std::env::var_os(DIR_VAR) {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/reference"),
    }
}

/// Where `rel` (a path inside the reference directory) is expected.
pub fn path(rel: &str) -> PathBuf {
    dir().join(rel)
}

/// The text of `rel`. Panics where it cannot be read; `None` only where the skip is opted in (the
/// caller then returns: the test is skipped, and said to be).
pub fn text(rel: &str) -> Option<String> {
    let p = path(rel);
    match std::fs::read_to_string(&p) {
        Ok(t) => Some(t),
        Err(e) => {
            missing(rel, &p, &e.to_string());
            None
        }
    }
}

/// The entries of the directory `rel`, as [`text`] treats a missing file.
pub fn entries(rel: &str) -> Option<Vec<std::fs::DirEntry>> {
    let p = path(rel);
    match std::fs::read_dir(&p) {
        Ok(it) => Some(it.filter_map(Result::ok).collect()),
        Err(e) => {
            missing(rel, &p, &e.to_string());
            None
        }
    }
}

/// A sample of `telemetry/` (issue 25's real scrapes, issue 39's pairs).
pub fn telemetry(name: &str) -> Option<String> {
    text(&format!("telemetry/{name}"))
}

/// A missing reference: a panic naming it, or (opted in) a skip line on stderr.
#[allow(clippy::panic)] // failing the test that called it is this helper's job
fn missing(rel: &str, p: &Path, why: &str) {
    if std::env::var(SKIP_VAR).is_ok_and(|v| v == "1") {
        let test = format!("{}::{}", env!("CARGO_CRATE_NAME"), std::thread::current().name().unwrap_or("?"));
        // `writeln!` on the handle, not `eprintln!`: libtest captures only the print macros, and
        // .ci/test must see this line whether the test passes or not.
        let _ = writeln!(std::io::stderr().lock(), "{SKIP_LINE}: {test}: {}", p.display());
        return;
    }
    panic!(
        "the reference file {rel} is missing: expected at {} ({why}). These tests read the reference \
         material beside the clone (../shared/reference; /work/shared/reference on the project machine). \
         Put it there, or point {DIR_VAR} at a copy; only {SKIP_VAR}=1 skips these tests instead \
         (counted in .ci/test's summary).",
        p.display()
    );
}
