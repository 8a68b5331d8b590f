//! Turns `data/*.json` into static Rust values (`$OUT_DIR/catalogue.rs`), so the app carries the
//! catalogue as data rather than as JSON plus a parser (serde_json and the JSON text cost 22.8 KB
//! gzip of wasm, measured; see ARCHITECTURE.md, Decisions).
//!
//! It parses with the app's own record types (`src/catalogue/types.rs`), so a file that does not
//! match them fails the build with the file named, and writes each record out with the hand-written
//! generator in `src/catalogue/bake.rs`. The data rules themselves (`Catalogue::validate`) are
//! checked by the tests, which also check that the static catalogue equals the parsed JSON.
//!
//! It also bakes `tests/fixtures/bake-sample.json` (text and numbers chosen to be hard to write as
//! Rust) into `$OUT_DIR/bake-sample.rs`, which only `tests/bake.rs` includes: that test compiles the
//! generator's output and compares it with the parsed sample.

use std::fs;
use std::path::Path;

#[allow(dead_code)]
#[path = "src/catalogue/types.rs"]
mod types;

#[path = "src/catalogue/bake.rs"]
mod bake;

fn read<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, String> {
    println!("cargo:rerun-if-changed={}", path.display());
    let text = fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{} does not match the catalogue's types: {e}", path.display()))
}

/// The five catalogue files in one object, as `tests/fixtures/bake-sample.json` holds them.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Sample {
    meta: types::Meta,
    sources: Vec<types::Source>,
    cards: Vec<types::Card>,
    results: Vec<types::PublishedResult>,
    context: Vec<types::ContextMeasurement>,
}

fn write(file: &str, header: &str, code: &str) -> Result<(), String> {
    let out = Path::new(&std::env::var_os("OUT_DIR").unwrap_or_default()).join(file);
    fs::write(&out, format!("{header}\n{code}")).map_err(|e| format!("cannot write {}: {e}", out.display()))
}

/// The one language a build speaks (the `en-only` and `de-only` features: a release build per
/// language, issue 53). The catalogue's texts of the other language are left out of it, as its
/// words are: each pair of an English text and its German one (`pick` shows the German where it is
/// given and not blank) keeps the one its pages show, the other written empty or absent.
#[derive(Clone, Copy, PartialEq)]
enum Only {
    En,
    De,
}

type Text = std::borrow::Cow<'static, str>;

impl Only {
    fn of_features() -> Option<Only> {
        if std::env::var_os("CARGO_FEATURE_DE_ONLY").is_some() {
            Some(Only::De)
        } else if std::env::var_os("CARGO_FEATURE_EN_ONLY").is_some() {
            Some(Only::En)
        } else {
            None
        }
    }

    /// A text and its German, as `pick` reads them.
    fn pair(self, en: &mut Text, de: &mut Option<Text>) {
        match self {
            Only::En => *de = None,
            Only::De if de.as_deref().is_some_and(|d| !d.trim().is_empty()) => *en = Text::Borrowed(""),
            Only::De => {}
        }
    }

    /// The same where the English text is optional too.
    fn optional(self, en: &mut Option<Text>, de: &mut Option<Text>) {
        match en {
            Some(en) => self.pair(en, de),
            None => *de = None,
        }
    }

    fn keep(
        self,
        sources: &mut [types::Source],
        cards: &mut [types::Card],
        context: &mut [types::ContextMeasurement],
        reference: &mut [types::ReferenceValue],
        changes: &mut [types::DataVersion],
    ) {
        for s in sources {
            self.pair(&mut s.publisher, &mut s.publisher_de);
            self.optional(&mut s.note, &mut s.note_de);
        }
        for c in cards {
            self.optional(&mut c.name_note, &mut c.name_note_de);
            for l in c.other_limits.to_mut() {
                self.pair(&mut l.label, &mut l.label_de);
            }
            for m in c.power_modes.to_mut() {
                self.pair(&mut m.label, &mut m.label_de);
            }
        }
        for m in context {
            self.pair(&mut m.task, &mut m.task_de);
            self.pair(&mut m.condition, &mut m.condition_de);
        }
        for r in reference {
            self.pair(&mut r.label, &mut r.label_de);
            self.pair(&mut r.note, &mut r.note_de);
        }
        for v in changes {
            for c in v.changes.to_mut() {
                let mut de = Some(std::mem::take(&mut c.text_de));
                self.pair(&mut c.text, &mut de);
                c.text_de = de.unwrap_or_default();
            }
        }
    }
}

/// A failure is returned, not panicked: cargo prints it and the build stops, naming the file.
fn main() -> Result<(), String> {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/catalogue/types.rs");
    println!("cargo:rerun-if-changed=src/catalogue/bake.rs");
    println!("cargo:rerun-if-env-changed=TOKEN_ENERGY_BENCH_ROWS");
    let data = Path::new("data");
    let mut results = read::<Vec<types::PublishedResult>>(&data.join("results.json"))?;
    // `.ci/bench` only (in a target directory of its own): a build with the first N rows, to weigh
    // the catalogue's bytes per row. Never set for the app or the tests.
    if let Some(rows) = std::env::var("TOKEN_ENERGY_BENCH_ROWS").ok().and_then(|n| n.parse::<usize>().ok()) {
        results.truncate(rows);
    }
    let only = Only::of_features();
    let mut sources = read::<Vec<types::Source>>(&data.join("sources.json"))?;
    let mut cards = read::<Vec<types::Card>>(&data.join("cards.json"))?;
    let mut context = read::<Vec<types::ContextMeasurement>>(&data.join("context.json"))?;
    let mut reference = read::<Vec<types::ReferenceValue>>(&data.join("reference.json"))?;
    let mut changes = read::<Vec<types::DataVersion>>(&data.join("changes.json"))?;
    if let Some(only) = only {
        only.keep(&mut sources, &mut cards, &mut context, &mut reference, &mut changes);
    }
    let code = bake::catalogue(&read(&data.join("meta.json"))?, &sources, &cards, &results, &context);
    write("catalogue.rs", "// Generated by build.rs (src/catalogue/bake.rs) from data/*.json. Do not edit.", &code)?;
    let code = bake::reference(&reference);
    write(
        "reference.rs",
        "// Generated by build.rs (src/catalogue/bake.rs) from data/reference.json. Do not edit.",
        &code,
    )?;
    let code = bake::changes(&changes);
    write(
        "changes.rs",
        "// Generated by build.rs (src/catalogue/bake.rs) from data/changes.json. Do not edit.",
        &code,
    )?;

    let sample: Sample = read(Path::new("tests/fixtures/bake-sample.json"))?;
    let code = bake::catalogue(&sample.meta, &sample.sources, &sample.cards, &sample.results, &sample.context);
    write("bake-sample.rs", "// Generated by build.rs from tests/fixtures/bake-sample.json, for tests/bake.rs.", &code)
}
