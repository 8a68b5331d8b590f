//! Invariants stated in ARCHITECTURE.md, checked by reading the source.
#![allow(clippy::panic, clippy::type_complexity)] // a test fails by panicking

use std::fs;
use std::path::{Path, PathBuf};

const WEB_CRATES: [&str; 6] = ["yew", "web_sys", "gloo", "js_sys", "wasm_bindgen", "wasm_bindgen_futures"];
const PANICKING: [&str; 6] = [".unwrap()", ".expect(", "panic!(", "unreachable!(", "todo!(", "unimplemented!("];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn src() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let rel = p.strip_prefix(root).unwrap_or(&p).to_string_lossy().replace('\\', "/");
            (rel, fs::read_to_string(&p).unwrap_or_default())
        })
        .collect()
}

/// The code of a file before its `#[cfg(test)]` module, without comment lines.
fn code(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .take_while(|(_, l)| !l.trim_start().starts_with("#[cfg(test)]"))
        .filter(|(_, l)| !l.trim_start().starts_with("//"))
        .map(|(i, l)| (i + 1, l))
        .collect()
}

fn is_core(path: &str) -> bool {
    !path.starts_with("src/ui/") && path != "src/main.rs" && !path.starts_with("src/bin/")
}

#[test]
fn the_core_imports_no_web_crate() {
    let mut offences = Vec::new();
    for (path, text) in src().iter().filter(|(p, _)| is_core(p)) {
        for (line, l) in code(text) {
            if WEB_CRATES.iter().any(|c| l.contains(&format!("{c}::")) || l.contains(&format!("use {c}"))) {
                offences.push(format!("{path}:{line}: {}", l.trim()));
            }
        }
    }
    assert!(offences.is_empty(), "the core must not use a web crate:\n{}", offences.join("\n"));
}

#[test]
fn nothing_in_src_can_panic_on_input() {
    let mut offences = Vec::new();
    for (path, text) in src() {
        for (line, l) in code(&text) {
            if PANICKING.iter().any(|p| l.contains(p)) {
                offences.push(format!("{path}:{line}: {}", l.trim()));
            }
        }
    }
    assert!(offences.is_empty(), "unwrap/expect/panic outside tests:\n{}", offences.join("\n"));
}

#[test]
fn serde_stays_in_the_catalogue_and_the_importer() {
    let mut offences = Vec::new();
    for (path, text) in src() {
        let allowed = path.starts_with("src/catalogue/") || path == "src/import.rs" || path.starts_with("src/bin/");
        if !allowed && code(&text).iter().any(|(_, l)| l.contains("serde")) {
            offences.push(path);
        }
    }
    assert!(offences.is_empty(), "serde used outside catalogue/import: {offences:?}");
}

#[test]
fn nothing_outside_ui_uses_ui() {
    let offences: Vec<_> = src()
        .into_iter()
        .filter(|(p, t)| {
            is_core(p) && code(t).iter().any(|(_, l)| l.contains("crate::ui") || l.contains("token_energy::ui"))
        })
        .map(|(p, _)| p)
        .collect();
    assert!(offences.is_empty(), "core modules use ui: {offences:?}");
}

#[test]
fn architecture_md_maps_every_source_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let map = fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap_or_default();
    let missing: Vec<_> = src()
        .into_iter()
        .map(|(p, _)| p)
        .filter(|p| {
            let name = Path::new(p).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            !map.contains(p.as_str()) && !map.contains(&format!("`{name}`"))
        })
        .collect();
    assert!(missing.is_empty(), "ARCHITECTURE.md's code map lacks: {missing:?}");
}

#[test]
fn the_tidy_checks_can_fail() {
    // The detectors above must see what they look for.
    assert!(!code("let x = y.unwrap();").iter().all(|(_, l)| !PANICKING.iter().any(|p| l.contains(p))));
    assert!(code("#[cfg(test)]\nfn f() { x.unwrap() }").is_empty());
    assert!(is_core("src/model.rs") && !is_core("src/ui/app.rs"));
}
