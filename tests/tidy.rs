//! Invariants stated in ARCHITECTURE.md, checked by reading the source and Cargo.toml. (That
//! nothing outside tests can panic is held by clippy: the tests here check that Cargo.toml denies
//! the lints and that `src/` does not allow them.)
#![allow(clippy::panic, clippy::type_complexity)] // a test fails by panicking

use std::fs;
use std::path::{Path, PathBuf};

const WEB_CRATES: [&str; 6] = ["yew", "web_sys", "gloo", "js_sys", "wasm_bindgen", "wasm_bindgen_futures"];
/// The clippy lints that keep `src/` and `build.rs` from panicking outside tests.
const PANICKING: [&str; 6] = ["unwrap_used", "expect_used", "panic", "unreachable", "todo", "unimplemented"];
/// The native build's only dependencies: the core's (and the importer's) JSON, and the printed sheet's QR code.
const NATIVE_DEPENDENCIES: [&str; 3] = ["serde", "serde_json", "qrcodegen"];
/// The build-time prerender's (`--features ssr`): Yew's server-side rendering, the web types its
/// event handlers name, and the executor that runs it.
const SSR_DEPENDENCIES: [&str; 3] = ["yew", "web-sys", "tokio"];
/// The table that holds the browser crates.
const WASM_TABLE: &str = r#"target.'cfg(target_arch = "wasm32")'"#;

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

/// `Cargo.toml` as `(table, key, value)` for every `key = value` line outside a multi-line value:
/// enough for the tables this crate writes (no inline tables spanning lines, no quoted keys).
fn manifest() -> Vec<(String, String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    entries(&fs::read_to_string(root.join("Cargo.toml")).unwrap_or_default())
}

fn entries(toml: &str) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let mut table = String::new();
    let mut depth = 0i32; // open [ and { of a value that spans lines
    for line in toml.lines() {
        let line = line.split(" #").next().unwrap_or("").trim();
        if depth == 0 && line.starts_with('[') && line.ends_with(']') && !line.starts_with("[[") {
            table = line.trim_start_matches('[').trim_end_matches(']').trim().to_owned();
            continue;
        }
        if depth == 0 && !line.starts_with('#') {
            if let Some((key, value)) = line.split_once('=') {
                out.push((table.clone(), key.trim().to_owned(), value.trim().to_owned()));
            }
        }
        let opened = line.matches(['[', '{']).count() as i32;
        let closed = line.matches([']', '}']).count() as i32;
        depth = (depth + opened - closed).max(0);
    }
    out
}

#[test]
fn clippy_denies_panicking_outside_tests() {
    let lints: Vec<_> = manifest().into_iter().filter(|(t, _, _)| t == "lints.clippy").collect();
    for lint in PANICKING {
        let level = lints.iter().find(|(_, k, _)| k == lint).map(|(_, _, v)| v.trim_matches('"'));
        assert_eq!(level, Some("deny"), "Cargo.toml [lints.clippy] must deny {lint}");
    }
}

#[test]
fn src_allows_no_panicking_lint() {
    // An `allow` (or `expect`) of one of the lints, or of a group holding them, would undo the
    // Cargo.toml table for its item. Test code needs none: clippy.toml allows unwrap, expect and
    // panic in tests.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut texts = src();
    texts.push(("build.rs".to_owned(), fs::read_to_string(root.join("build.rs")).unwrap_or_default()));
    let mut offences = Vec::new();
    for (path, text) in texts {
        for (i, l) in text.lines().enumerate() {
            if allows_a_panicking_lint(l) {
                offences.push(format!("{path}:{}: {}", i + 1, l.trim()));
            }
        }
    }
    assert!(offences.is_empty(), "a panicking lint allowed in src/:\n{}", offences.join("\n"));
}

fn allows_a_panicking_lint(line: &str) -> bool {
    let line = line.replace(' ', "");
    ["allow(", "expect(", "warn("].iter().any(|attr| {
        line.split(attr).skip(1).any(|args| {
            let args = args.split(')').next().unwrap_or("");
            args.split(',').any(|lint| {
                let lint = lint.trim_start_matches("clippy::");
                PANICKING.contains(&lint) || ["restriction", "clippy::restriction", "clippy::all"].contains(&lint)
            })
        })
    })
}

#[test]
fn the_native_build_depends_on_serde_alone() {
    let manifest = manifest();
    let native: Vec<&str> = manifest
        .iter()
        .filter(|(t, _, v)| t == "dependencies" && !v.replace(' ', "").contains("optional=true"))
        .map(|(_, k, _)| k.split('.').next().unwrap_or(k))
        .collect();
    assert_eq!(native, NATIVE_DEPENDENCIES, "Cargo.toml [dependencies]");
    // The optional ones are the prerender's (`--features ssr`), named by that feature and nothing else.
    let optional: Vec<&str> = manifest
        .iter()
        .filter(|(t, _, v)| t == "dependencies" && v.replace(' ', "").contains("optional=true"))
        .map(|(_, k, _)| k.as_str())
        .collect();
    assert_eq!(optional, SSR_DEPENDENCIES, "Cargo.toml's optional [dependencies]");
    let features: Vec<(&str, &str)> =
        manifest.iter().filter(|(t, _, _)| t == "features").map(|(_, k, v)| (k.as_str(), v.as_str())).collect();
    let ssr: Vec<String> = SSR_DEPENDENCIES.iter().map(|d| format!("\"dep:{d}\"")).collect();
    // And the two of one language each (issue 53: a wasm per language), which bring in nothing.
    assert_eq!(
        features,
        vec![("ssr", format!("[{}]", ssr.join(", ")).as_str()), ("en-only", "[]"), ("de-only", "[]")],
        "Cargo.toml [features]"
    );
    // Any other table of dependencies for the app is the wasm32 one (dev- and build-dependencies
    // are not in the app).
    for (table, key, _) in &manifest {
        let normal = table == "dependencies" || table.ends_with(".dependencies") || table.starts_with("dependencies.");
        assert!(
            !normal || table == "dependencies" || table == &format!("{WASM_TABLE}.dependencies"),
            "[{table}] {key}: the app's dependencies are [dependencies] (native: serde alone) and [{WASM_TABLE}.dependencies]"
        );
    }
    let wasm: Vec<&str> = manifest
        .iter()
        .filter(|(t, _, _)| t == &format!("{WASM_TABLE}.dependencies"))
        .map(|(_, k, _)| k.as_str())
        .collect();
    assert!(wasm.contains(&"yew") && wasm.contains(&"web-sys"), "the browser crates: {wasm:?}");
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
    assert!(code("#[cfg(test)]\nfn f() { x.unwrap() }").is_empty());
    assert!(is_core("src/model.rs") && !is_core("src/ui/app.rs"));
    for bad in [
        "#[allow(clippy::unwrap_used)]",
        "#![allow(clippy::panic, clippy::type_complexity)]",
        "#[expect( clippy::todo )]",
        "#![allow(clippy::restriction)]",
        "#[allow(dead_code, clippy::unreachable)] fn f() {}",
    ] {
        assert!(allows_a_panicking_lint(bad), "{bad}");
    }
    assert!(!allows_a_panicking_lint("#[allow(clippy::type_complexity)] // no panic here"));
    let toml = "[package]\nname = \"x\"\n[dependencies]\nserde = { version = \"1\", features = [\n  \"derive\",\n] }\n\
                rand.workspace = true\n[target.'cfg(unix)'.dependencies]\nlibc = \"0.2\"\n";
    let e = entries(toml);
    let keys: Vec<_> = e.iter().map(|(t, k, _)| format!("{t}/{k}")).collect();
    assert_eq!(
        keys,
        ["package/name", "dependencies/serde", "dependencies/rand.workspace", "target.'cfg(unix)'.dependencies/libc"]
    );
}

// ---- the core in layers (issue 22) ------------------------------------------------------------------

/// The core's modules in rows: a module names only modules in rows below its own
/// (`../shared/design/core-layers.md`, section 3; ARCHITECTURE.md says where it departs). No exception:
/// every module in `src/lib.rs` but `ui` must be placed, and every import must go down.
const LAYERS: &[&[&str]] = &[
    &["units", "float", "sort", "qr"],
    &["lang"],
    &["catalogue", "electric"],
    &["input", "import", "latency", "precision", "proxy"],
    &["figure"],
    &["form", "measure"],
    &["data_version"],
    &["model", "link", "system", "power"],
    &["plan"],
    &["compare", "chart", "vendor"],
    &["i18n"],
    &["export"],
];

/// An import of one core file: from its module (or `dir/file` for a sibling edge) to another.
#[derive(Debug, Clone, PartialEq)]
struct Import {
    from: String,
    to: String,
    /// `path:line`.
    at: String,
}

fn module_of(path: &str) -> Option<(String, Option<String>)> {
    let rest = path.strip_prefix("src/")?.strip_suffix(".rs")?;
    let mut parts = rest.split('/');
    let first = parts.next()?.to_owned();
    let second = parts.next().map(str::to_owned);
    Some(match second {
        None => (first, None),
        Some(f) if f == "mod" => (first, None),
        Some(f) => (first, Some(f)),
    })
}

/// The identifier a text starts with.
fn ident(s: &str) -> &str {
    let end = s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(s.len());
    &s[..end]
}

/// The identifiers after `prefix` on a line: `crate::` → the module names; `super::` → the first
/// segment, or each item's first segment in a `super::{…}` list.
fn names_after<'a>(line: &'a str, prefix: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    for (i, _) in line.match_indices(prefix) {
        let before = line[..i].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let rest = &line[i + prefix.len()..];
        if let Some(list) = rest.strip_prefix('{') {
            let list = list.split('}').next().unwrap_or("");
            out.extend(list.split(',').map(|item| ident(item.trim())).filter(|n| !n.is_empty()));
        } else {
            out.push(ident(rest));
        }
    }
    out
}

/// Every import between core files (not `ui`, `bin`, `main.rs`, `lib.rs`; code before `#[cfg(test)]`),
/// or the lines that group several modules in one `use crate::{…}`.
fn imports(files: &[(String, String)]) -> Result<Vec<Import>, Vec<String>> {
    let known: Vec<(String, Option<String>)> = files.iter().filter_map(|(p, _)| module_of(p)).collect();
    let mut out = Vec::new();
    let mut grouped = Vec::new();
    for (path, text) in files {
        if !is_core(path) || path == "src/lib.rs" {
            continue;
        }
        let Some((module, file)) = module_of(path) else { continue };
        let node = |f: &Option<String>| match f {
            Some(f) => format!("{module}/{f}"),
            None => module.clone(),
        };
        for (line, l) in code(text) {
            let at = format!("{path}:{line}");
            if l.contains("crate::{") {
                grouped.push(format!("{at}: {}", l.trim()));
            }
            for (i, _) in l.match_indices("crate::") {
                let rest = &l[i + "crate::".len()..];
                let name = names_after(&l[i..], "crate::").into_iter().next().unwrap_or("");
                if name.is_empty() || name == "ui" {
                    continue;
                }
                if name != module {
                    out.push(Import { from: module.clone(), to: name.to_owned(), at: at.clone() });
                } else if let Some(sibling) = rest[name.len()..].strip_prefix("::").map(ident) {
                    // `crate::measure::dcgm` inside `measure`: an edge between sibling files.
                    if file.is_some()
                        && known.contains(&(module.clone(), Some(sibling.to_owned())))
                        && Some(sibling) != file.as_deref()
                    {
                        out.push(Import { from: node(&file), to: format!("{module}/{sibling}"), at: at.clone() });
                    }
                }
            }
            if file.is_some() {
                for sibling in names_after(l, "super::") {
                    if known.contains(&(module.clone(), Some(sibling.to_owned()))) && Some(sibling) != file.as_deref() {
                        out.push(Import { from: node(&file), to: format!("{module}/{sibling}"), at: at.clone() });
                    }
                }
            }
        }
    }
    if grouped.is_empty() {
        Ok(out)
    } else {
        Err(grouped)
    }
}

fn row(layers: &[&[&str]], module: &str) -> Option<usize> {
    layers.iter().position(|r| r.contains(&module))
}

/// What breaks the rows: an import of a module not in a lower row, or sibling files in a ring.
fn layer_offences(imports: &[Import], layers: &[&[&str]]) -> Vec<String> {
    let mut offences = Vec::new();
    for i in imports {
        if i.from.contains('/') {
            continue;
        }
        match (row(layers, &i.from), row(layers, &i.to)) {
            (Some(f), Some(t)) if t < f => {}
            (None, _) => offences.push(format!("{}: module `{}` is in no row of LAYERS", i.at, i.from)),
            (_, None) => offences.push(format!("{}: module `{}` is in no row of LAYERS", i.at, i.to)),
            _ => offences.push(format!(
                "{}: `{}` imports `{}`, which is not in a lower row{}",
                i.at,
                i.from,
                i.to,
                cycle(imports, &i.to, &i.from).map(|r| format!(" (a ring: {})", r.join(" → "))).unwrap_or_default()
            )),
        }
    }
    // Siblings: no ring.
    let siblings: Vec<Import> = imports.iter().filter(|i| i.from.contains('/')).cloned().collect();
    for i in &siblings {
        if let Some(ring) = cycle(&siblings, &i.to, &i.from) {
            offences.push(format!("{}: sibling files in a ring: {} → {}", i.at, i.from, ring.join(" → ")));
        }
    }
    offences
}

/// A path of imports from `from` to `to` (a depth-first walk), each step with its file and line.
fn cycle(imports: &[Import], from: &str, to: &str) -> Option<Vec<String>> {
    let mut stack: Vec<(String, Vec<String>)> = vec![(from.to_owned(), vec![from.to_owned()])];
    let mut seen: Vec<String> = Vec::new();
    while let Some((node, path)) = stack.pop() {
        if node == to {
            return Some(path);
        }
        if seen.contains(&node) {
            continue;
        }
        seen.push(node.clone());
        for i in imports.iter().filter(|i| i.from == node) {
            let mut next = path.clone();
            next.push(format!("{} ({})", i.to, i.at));
            stack.push((i.to.clone(), next));
        }
    }
    None
}

#[test]
fn imports_in_the_core_run_down_the_rows() {
    let files = src();
    let imports = imports(&files).unwrap_or_else(|g| panic!("one module per `use crate::` line:\n{}", g.join("\n")));
    let lib = files.iter().find(|(p, _)| p == "src/lib.rs").map(|(_, t)| t.clone()).unwrap_or_default();
    for module in lib.lines().filter_map(|l| l.trim().strip_prefix("pub mod ")?.strip_suffix(';')) {
        assert!(module == "ui" || row(LAYERS, module).is_some(), "src/lib.rs's `{module}` is in no row of LAYERS");
    }
    assert!(imports.len() > 50, "the reader found {} imports", imports.len());
    let offences = layer_offences(&imports, LAYERS);
    assert!(offences.is_empty(), "the core's imports break its rows:\n{}", offences.join("\n"));
}

#[test]
fn the_layer_check_can_fail() {
    let file = |p: &str, t: &str| (p.to_owned(), t.to_owned());
    let layers: &[&[&str]] = &[&["a"], &["b"]];
    // Two files naming each other: the lower one's import goes up, and the ring is printed.
    let ring = [file("src/a.rs", "use crate::b::Y;\n"), file("src/b.rs", "pub fn f() { crate::a::x() }\n")];
    let found = imports(&ring).unwrap_or_default();
    assert_eq!(found.len(), 2);
    let offences = layer_offences(&found, layers);
    assert_eq!(offences.len(), 1, "{offences:?}");
    assert!(
        offences[0].starts_with("src/a.rs:1: `a` imports `b`") && offences[0].contains("a ring: b → a (src/b.rs:1)"),
        "{}",
        offences[0]
    );
    // The import down alone passes.
    let down = [file("src/b.rs", "use crate::a::X;\n")];
    assert!(layer_offences(&imports(&down).unwrap_or_default(), layers).is_empty());
    // Two sibling files in a ring (`super::` and `crate::dir::`); mod.rs and its children are free.
    let siblings = [
        file("src/b/mod.rs", "mod p;\nmod q;\nuse p::X;\n"),
        file("src/b/p.rs", "use super::{q::Z, Thing};\n"),
        file("src/b/q.rs", "fn g() { crate::b::p::h() }\nuse super::Other;\n"),
    ];
    let found = imports(&siblings).unwrap_or_default();
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(layer_offences(&found, layers).len(), 2);
    // One edge of the two, and the siblings pass.
    assert!(layer_offences(&found[..1], layers).is_empty());
    // A grouped `use crate::{…}` is refused; an import inside a test module, or a comment, is none.
    assert!(imports(&[file("src/a.rs", "use crate::{b::X, c::Y};\n")]).is_err());
    let quiet = [file("src/b.rs", "// crate::a::x\nfn f() {}\n#[cfg(test)]\nmod tests { use crate::a::X; }\n")];
    assert!(imports(&quiet).unwrap_or_default().is_empty());
    // A module lib.rs lists must be placed.
    let stray = [file("src/c.rs", "use crate::a::X;\n")];
    assert_eq!(layer_offences(&imports(&stray).unwrap_or_default(), layers).len(), 1);
}

// ---- no long function without a reason (issue 41) ---------------------------------------------------

/// Lines a function may take before it needs a `// long: <reason>` comment above it (or its doc and
/// attribute block).
const LONG: usize = 80;

/// The long functions still to be split: `(file, fn)`. Empty since issue 41's were split; an entry
/// that is no longer long fails the test, so the list only shrinks, and a new long function is split
/// or says why it is long, never added here.
const TO_BE_SPLIT: &[(&str, &str)] = &[];

/// The text with comments, string and character literals blanked (newlines kept), so braces and
/// `fn` inside them are not read as code. Raw strings (`r#"…"#`), byte strings, escapes, nested block
/// comments; a `'` starts a character literal only where one closes it (else it is a lifetime).
#[allow(clippy::indexing_slicing)] // a test's scanner: each index is below the length it was checked against, and a panic fails the test
fn blank_literals(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    let blank =
        |out: &mut Vec<u8>, from: &[u8]| out.extend(from.iter().map(|&c| if c == b'\n' { b'\n' } else { b' ' }));
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    while i < b.len() {
        let rest = &b[i..];
        let end = if rest.starts_with(b"//") {
            i + rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len())
        } else if rest.starts_with(b"/*") {
            let (mut depth, mut j) = (0usize, i);
            while j < b.len() {
                if b[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if b[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            j
        } else if (rest.starts_with(b"r\"") || rest.starts_with(b"r#") || rest.starts_with(b"br"))
            && (i == 0 || !ident(b[i - 1]))
            && {
                let after_r = if rest[0] == b'b' { 2 } else { 1 };
                let hashes = rest[after_r..].iter().take_while(|&&c| c == b'#').count();
                rest.get(after_r + hashes) == Some(&b'"')
            }
        {
            let after_r = if rest[0] == b'b' { 2 } else { 1 };
            let hashes = rest[after_r..].iter().take_while(|&&c| c == b'#').count();
            let mut close = vec![b'"'];
            close.extend(std::iter::repeat_n(b'#', hashes));
            let body = i + after_r + hashes + 1;
            b[body..]
                .windows(close.len())
                .position(|w| w == close.as_slice())
                .map_or(b.len(), |p| body + p + close.len())
        } else if rest[0] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            (j + 1).min(b.len())
        } else if rest[0] == b'\'' {
            // 'x', '\n', '\u{1F600}', or a lifetime ('a, 'static) which no quote closes soon.
            let close = if rest.get(1) == Some(&b'\\') {
                rest.iter().skip(3).position(|&c| c == b'\'').map(|p| p + 3)
            } else {
                let ch = std::str::from_utf8(&rest[1..rest.len().min(5)])
                    .ok()
                    .or_else(|| (2..5).rev().find_map(|n| std::str::from_utf8(&rest[1..rest.len().min(n)]).ok()));
                ch.and_then(|s| s.chars().next()).map(|c| 1 + c.len_utf8()).filter(|&p| rest.get(p) == Some(&b'\''))
            };
            match close {
                Some(p) => i + p + 1,
                None => {
                    out.push(b'\'');
                    i += 1;
                    continue;
                }
            }
        } else {
            out.push(rest[0]);
            i += 1;
            continue;
        };
        blank(&mut out, &b[i..end]);
        i = end;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Every `fn` with a body of more than `LONG` lines (from its `fn` line to its closing brace), as
/// `(name, first line, lines)`, unless a `// long: <reason>` comment stands in the comment, doc and
/// attribute lines right above it.
#[allow(clippy::indexing_slicing)] // a test's scanner: each index is below the length it was checked against, and a panic fails the test
fn long_functions(text: &str) -> Vec<(String, usize, usize)> {
    let code = blank_literals(text);
    let lines: Vec<&str> = text.lines().collect();
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("fn ").map(|p| p + from) {
        from = at + 3;
        if at > 0 && (b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_') {
            continue;
        }
        let name = ident(code[at + 3..].trim_start());
        if name.is_empty() {
            continue;
        }
        // The body: the first `{` before any `;` (a declaration without one has none), to its match.
        let Some(open) = code[at..].find(['{', ';']).map(|p| p + at).filter(|&p| b[p] == b'{') else { continue };
        let mut depth = 0usize;
        let mut close = b.len();
        for (j, &c) in b.iter().enumerate().skip(open) {
            match c {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = j;
                        break;
                    }
                }
                _ => {}
            }
        }
        let first = code[..at].matches('\n').count() + 1;
        let last = code[..close.min(b.len())].matches('\n').count() + 1;
        let length = last - first + 1;
        let reason = lines[..first - 1]
            .iter()
            .rev()
            .map(|l| l.trim())
            .take_while(|l| l.starts_with("//") || l.starts_with("#[") || l.starts_with("#!["))
            .any(|l| l.strip_prefix("// long:").is_some_and(|r| !r.trim().is_empty()));
        if length > LONG && !reason {
            out.push((name.to_owned(), first, length));
        }
    }
    out
}

#[test]
fn no_function_is_long_without_a_reason() {
    let mut offences = Vec::new();
    let mut seen = Vec::new();
    for (path, text) in src() {
        for (name, line, length) in long_functions(&text) {
            if TO_BE_SPLIT.contains(&(path.as_str(), name.as_str())) {
                seen.push((path.clone(), name));
            } else {
                offences.push(format!("{path}:{line}: fn {name} is {length} lines (more than {LONG})"));
            }
        }
    }
    assert!(
        offences.is_empty(),
        "split these into named steps, or write `// long: <reason>` above one that is one flat list:\n{}",
        offences.join("\n")
    );
    for (path, name) in TO_BE_SPLIT {
        assert!(
            seen.iter().any(|(p, n)| p == path && n == name),
            "{path}'s `{name}` is no longer long (or gone): remove it from TO_BE_SPLIT"
        );
    }
}

#[test]
fn the_long_function_check_can_fail() {
    let body = "    let x = 1;\n".repeat(LONG);
    // 80 lines of body and two of braces: 82 lines, with braces, a `fn` and quotes in literals and comments.
    let planted = format!(
        "/// Doc.\n#[inline]\npub fn planted(a: &'static str) -> char {{\n    let s = \"}} fn fake() {{\";\n    // }} {{\n{body}    let r = r#\"}}\"#;\n    let c = '}}';\n    /* {{ */ c\n}}\nfn short() {{}}\n"
    );
    let found = long_functions(&planted);
    assert_eq!(found, [("planted".to_owned(), 3, LONG + 7)], "{found:?}");
    // A reason above the doc and attributes lets it stand; an empty reason does not.
    assert!(long_functions(&format!("// long: one flat list of fields\n{planted}")).is_empty());
    assert_eq!(long_functions(&format!("// long:\n{planted}")).len(), 1);
    // Eighty lines exactly pass; a declaration without a body is none.
    let eighty = format!("fn f() {{\n{}}}\n", "    g();\n".repeat(LONG - 2));
    assert!(long_functions(&eighty).is_empty());
    assert!(long_functions("trait T { fn f(&self); }\nfn g() {}").is_empty());
    // Braces and quotes inside literals do not end a body early; a lifetime is no character.
    assert_eq!(blank_literals("'a' '\\'' 'b x \"{\\\"}\""), format!("{}'b x {}", " ".repeat(9), " ".repeat(6)));
}

// ---- the data version the documentation names (issue 37) ------------------------------------------

/// Words that make a data version written beside them the current one.
const CURRENT: [&str; 8] = ["as it stands", "current", "latest", "now", "today", "ships", "this build", "this release"];

/// The data versions `text` names that it should not: one the data never had (a typo, or a version
/// typed ahead of the data), or one other than `current` written as the current one (a current word
/// in its sentence before it). Each as "version: the text before it".
fn wrong_data_versions(text: &str, current: &str, known: &[String]) -> Vec<String> {
    let mut wrong = Vec::new();
    let mut next = 0;
    let mut previous: Option<char> = None;
    for (i, c) in text.char_indices() {
        // 20yy.mm.n, not inside a longer number or word.
        let starts = !previous.is_some_and(|p| p.is_ascii_alphanumeric() || p == '.');
        previous = Some(c);
        if i < next || !starts || c != '2' {
            continue;
        }
        let Some(rest) = text.get(i..) else { continue };
        let candidate: String = rest.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
        let version = candidate.trim_end_matches('.');
        let parts: Vec<&str> = version.split('.').collect();
        let year = parts.first().is_some_and(|y| y.len() == 4 && y.starts_with("20"));
        if parts.len() != 3 || parts.iter().any(|p| p.is_empty()) || !year {
            continue;
        }
        next = i + candidate.len();
        let before = text.get(..i).unwrap_or_default();
        let from = before.char_indices().rev().nth(100).map_or(0, |(k, _)| k);
        let before = before.get(from..).unwrap_or_default();
        let sentence = before.rsplit(". ").next().unwrap_or(before);
        let sentence = sentence.rsplit("\n\n").next().unwrap_or(sentence).to_lowercase();
        if !known.iter().any(|k| k == version) {
            wrong.push(format!("{version} (not a data version of data/changes.json): …{}", sentence.trim()));
        } else if version != current && CURRENT.iter().any(|w| sentence.contains(w)) {
            wrong.push(format!("{version} written as the current data version ({current}): …{}", sentence.trim()));
        }
    }
    wrong
}

fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            markdown_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

fn data_versions() -> (String, Vec<String>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let meta: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(root.join("data/meta.json")).unwrap_or_default()).unwrap_or_default();
    let changes: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(root.join("data/changes.json")).unwrap_or_default())
            .unwrap_or_default();
    let current = meta.get("data_version").and_then(|v| v.as_str()).unwrap_or_default().to_owned();
    let known: Vec<String> = changes
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c.get("version").and_then(|v| v.as_str()).map(str::to_owned))
        .collect();
    assert!(
        !current.is_empty() && known.contains(&current),
        "data/meta.json's version {current:?} is not in data/changes.json"
    );
    (current, known)
}

#[test]
fn the_documentation_types_no_stale_data_version_as_the_current_one() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (current, known) = data_versions();
    let mut files = vec![root.join("README.md")];
    markdown_files(&root.join("docs"), &mut files);
    let mut wrong = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).unwrap_or_default();
        let name = file.strip_prefix(root).unwrap_or(&file).display().to_string();
        wrong.extend(wrong_data_versions(&text, &current, &known).into_iter().map(|w| format!("{name}: {w}")));
    }
    assert!(
        wrong.is_empty(),
        "the data version is data/meta.json's ({current}): point to it (or the page's footer) instead of typing it:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_data_version_check_can_fail() {
    let known: Vec<String> = ["2026.12.2", "2026.12.6", "2026.12.8"].map(str::to_owned).to_vec();
    let wrong = |t: &str| wrong_data_versions(t, "2026.12.8", &known);
    // The README's line before issue 37, and other ways of calling a typed version current.
    assert_eq!(wrong("The catalogue as it stands (data 2026.12.2, 4 December 2026) was made so.").len(), 1);
    assert_eq!(wrong("The current data version is 2026.12.6.").len(), 1);
    assert_eq!(wrong("This build ships data 2026.12.2, ...").len(), 1);
    // A version the data never had, or typed ahead of it.
    assert_eq!(wrong("Added in data 2026.12.3 (issue 9).").len(), 1);
    assert_eq!(wrong("Now at data 2026.12.9.").len(), 1);
    // History is fine: a version named for when something happened, and the current one as current.
    assert!(wrong("Data 2026.12.2 (issue 24): racks. Idle readings (since data 2026.12.6).").is_empty());
    assert!(wrong("The catalogue as it stands (data 2026.12.8).").is_empty());
    assert!(wrong("It is current. The link carries `dv=2026.12.2`.").is_empty());
    assert!(wrong("MLPerf 6.0-0021 and version 2026.1 and 12.2026.1.1").is_empty());
}

// ---- The documentation: a README that is a front door, and links that resolve (issue 41) ----

/// The README is what a newcomer reads first; the rest is in docs/, one file per topic.
const README_MAX_LINES: usize = 200;

/// GitHub's anchor for a heading (github-slugger's rule): lower-case; letters, digits, `_` and `-`
/// kept; each space a `-`; everything else (punctuation, backticks, emphasis marks) dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// Each line of a Markdown text outside fenced code blocks, with its number (from 1).
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            out.push((i + 1, line));
        }
    }
    out
}

/// The anchors a Markdown text's headings (and any `id="…"`) make: a repeated slug gets `-1`, `-2`, ….
fn anchors(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (_, line) in prose_lines(text) {
        let hashes = line.chars().take_while(|c| *c == '#').count();
        if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
            let base = slug(line[hashes..].trim().trim_end_matches('#'));
            let repeats = out
                .iter()
                .filter(|a| {
                    **a == base
                        || a.strip_prefix(&base)
                            .and_then(|r| r.strip_prefix('-'))
                            .is_some_and(|n| n.parse::<u32>().is_ok())
                })
                .count();
            out.push(if repeats == 0 { base } else { format!("{base}-{repeats}") });
        }
        for part in line.split("id=\"").skip(1) {
            if let Some(id) = part.split('"').next() {
                out.push(id.to_owned());
            }
        }
    }
    out
}

/// A line without its inline code spans (`…`), where a `](` is text, not a link.
fn without_code(line: &str) -> String {
    line.split('`').step_by(2).collect::<Vec<_>>().join(" ")
}

/// The relative links of a Markdown text, outside code: (line, target). Inline links and images
/// `[text](target)` and reference definitions `[name]: target`; a target with a scheme (`https:`,
/// `mailto:`) or starting with `//` is not relative.
fn relative_links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in prose_lines(text) {
        let line = without_code(line);
        let mut targets: Vec<String> = line
            .split("](")
            .skip(1)
            .filter_map(|rest| rest.split(')').next())
            .map(|t| t.split_whitespace().next().unwrap_or_default().trim_matches(['<', '>']).to_owned())
            .collect();
        let trimmed = line.trim_start();
        if trimmed.starts_with('[') {
            if let Some((_, rest)) = trimmed.split_once("]: ") {
                targets.push(rest.split_whitespace().next().unwrap_or_default().to_owned());
            }
        }
        for target in targets {
            let scheme = target.split_once(':').is_some_and(|(s, _)| !s.contains('/') && !s.contains('#'));
            if !target.is_empty() && !scheme && !target.starts_with("//") {
                out.push((n, target));
            }
        }
    }
    out
}

/// Each relative link of `file` (whose text is `text`) that names no file or folder, or a heading
/// its Markdown file does not have: "line: target (why)".
fn broken_links(file: &Path, text: &str) -> Vec<String> {
    let dir = file.parent().unwrap_or(Path::new("."));
    let mut broken = Vec::new();
    for (n, target) in relative_links(text) {
        let (path, anchor) = match target.split_once('#') {
            Some((p, a)) => (p, Some(a)),
            None => (target.as_str(), None),
        };
        let resolved = if path.is_empty() { file.to_path_buf() } else { dir.join(path) };
        if !resolved.exists() {
            broken.push(format!("{n}: {target} (no file {})", resolved.display()));
            continue;
        }
        let Some(anchor) = anchor else { continue };
        if resolved.extension().is_some_and(|e| e == "md") {
            let other =
                if path.is_empty() { text.to_owned() } else { fs::read_to_string(&resolved).unwrap_or_default() };
            if !anchors(&other).iter().any(|a| a == anchor) {
                broken.push(format!("{n}: {target} (no heading #{anchor} in {})", resolved.display()));
            }
        }
    }
    broken
}

#[test]
fn the_readme_is_a_front_door() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lines = fs::read_to_string(root.join("README.md")).unwrap_or_default().lines().count();
    assert!(lines > 0, "README.md is missing or empty");
    assert!(
        lines <= README_MAX_LINES,
        "README.md has {lines} lines, more than {README_MAX_LINES}: move the detail into a file of docs/ and link it"
    );
}

#[test]
fn every_relative_link_in_the_documentation_resolves() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md"), root.join("ARCHITECTURE.md")];
    markdown_files(&root.join("docs"), &mut files);
    assert!(files.len() > 3, "docs/ holds no Markdown files");
    let mut broken = Vec::new();
    let mut links = 0;
    for file in &files {
        let text = fs::read_to_string(file).unwrap_or_default();
        let name = file.strip_prefix(root).unwrap_or(file).display().to_string();
        links += relative_links(&text).len();
        broken.extend(broken_links(file, &text).into_iter().map(|b| format!("{name}:{b}")));
    }
    assert!(links > 30, "only {links} relative links found: the link reader is broken");
    assert!(broken.is_empty(), "links that do not resolve:\n{}", broken.join("\n"));
}

#[test]
fn the_link_check_can_fail() {
    // GitHub's slugs, as its pages link them.
    assert_eq!(
        slug("Data 2026.12.2 (issue 24): racks, nodes, seven cards, the \"Queries/s\" rows"),
        "data-2026122-issue-24-racks-nodes-seven-cards-the-queriess-rows"
    );
    assert_eq!(slug("The baseline in the link: `base`"), "the-baseline-in-the-link-base");
    assert_eq!(slug("What `bash .ci/test` runs"), "what-bash-citest-runs");
    assert_eq!(anchors("# A\n## Notes\n```\n# not a heading\n```\n## Notes\n"), ["a", "notes", "notes-1"]);

    let dir = std::env::temp_dir().join(format!("token-energy-tidy-links-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("docs")).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let write = |rel: &str, text: &str| fs::write(dir.join(rel), text).unwrap_or_else(|e| panic!("{rel}: {e}"));
    write("docs/topic.md", "# Topic\n\n## The data version\n\nText.\n");
    let readme = "# Project\n\n\
        Good: [topic](docs/topic.md), [its version](docs/topic.md#the-data-version), [here](#project),\n\
        [a folder](docs/), [a site](https://example.com/x.md), [mail](mailto:a@example.com).\n\
        In code, not a link: `[x](missing.md)`.\n\
        ```\n[y](missing-too.md)\n```\n\
        Planted: [gone](docs/gone.md), [no heading](docs/topic.md#the-data-versions), [no anchor](#nowhere).\n\
        [ref]: docs/also-gone.md\n";
    write("README.md", readme);
    let broken = broken_links(&dir.join("README.md"), readme);
    let _ = fs::remove_dir_all(&dir);
    let targets: Vec<&str> = broken.iter().filter_map(|b| b.split(' ').nth(1)).collect();
    assert_eq!(
        targets,
        ["docs/gone.md", "docs/topic.md#the-data-versions", "#nowhere", "docs/also-gone.md"],
        "{broken:#?}"
    );
    assert!(broken[0].starts_with("9: "), "the line, fenced lines counted: {broken:#?}");
}
