//! Writes catalogue records as Rust source: the static catalogue `build.rs` generates.
//!
//! Not a module of the library (the app never runs it): `build.rs` compiles this file beside
//! `types.rs` (`#[path]`), and `tests/bake.rs` compiles it again to test it. Each record's
//! expression is written by the code below, not taken from `Debug`, whose format is not a stable
//! interface: text becomes an ASCII string literal with every other character escaped, an `f64` a
//! literal that reads back to the same bits, a list `Cow::Borrowed(&[…])`. Every struct is taken
//! apart field by field without `..`, so a field added to `types.rs` fails this file's build until
//! it is written out here too.
//!
//! The generated code names `Cow` and the record types unqualified: the file that includes it
//! imports them (`src/catalogue/mod.rs`, `mod generated`).

use super::types::{
    Benchmark, Card, ChangeKind, ContextMeasurement, DataChange, DataVersion, Embodied, MaxKind, MeasuredPower, Meta,
    NamedLimit, OwnDrawEstimate, PowerMode, Psus, PublishedResult, RackScale, ReferenceValue, Scenario, Scope, Source,
    SourcedText, SourcedWatts, StatedPower, System,
};
use std::borrow::Cow;

/// A value that can be written as a Rust expression of its own type.
pub trait Bake {
    fn bake(&self, out: &mut String);
}

/// The statics `src/catalogue/mod.rs` includes: `META`, `SOURCES`, `CARDS`, `RESULT_TEXTS` and
/// `RESULTS` (the published results, see [`published_results`]), `CONTEXT`.
pub fn catalogue(
    meta: &Meta,
    sources: &[Source],
    cards: &[Card],
    results: &[PublishedResult],
    context: &[ContextMeasurement],
) -> String {
    let mut out = String::new();
    out.push_str("pub static META: Meta = ");
    meta.bake(&mut out);
    out.push_str(";\n");
    source_texts(&mut out, sources);
    list(&mut out, "CARDS", "Card", cards);
    published_results(&mut out, results);
    list(&mut out, "CONTEXT", "ContextMeasurement", context);
    out
}

/// The static `src/catalogue/mod.rs` includes for the plan's reference values: `REFERENCE`.
pub fn reference(values: &[ReferenceValue]) -> String {
    let mut out = String::new();
    list(&mut out, "REFERENCE", "ReferenceValue", values);
    out
}

/// The static `src/catalogue/mod.rs` includes for the data versions (`data/changes.json`): `CHANGES`.
pub fn changes(versions: &[DataVersion]) -> String {
    let mut out = String::new();
    list(&mut out, "CHANGES", "DataVersion", versions);
    out
}

/// `pub static NAME: &[Type] = &[…];`, one record a line.
fn list<T: Bake>(out: &mut String, name: &str, ty: &str, items: &[T]) {
    out.push_str("pub static ");
    out.push_str(name);
    out.push_str(": &[");
    out.push_str(ty);
    out.push_str("] = &[\n");
    for item in items {
        out.push_str("    ");
        item.bake(out);
        out.push_str(",\n");
    }
    out.push_str("];\n");
}

// issue 53
/// `SOURCES` as a `SourceTexts`: every text of every source, field by field in the order of
/// `Source`'s fields, as one text and where each ends (offsets compress better than a table of
/// pointers and lengths); an absent text (`None`) ends where the one before it did, its end marked
/// with the top bit. An end past 2^31 fails to compile (an out-of-range literal after the mark).
fn source_texts(out: &mut String, sources: &[Source]) {
    let mut text = String::new();
    let mut ends = String::new();
    for source in sources {
        let Source { id, publisher, publisher_de, title, lang, note, note_de, date, read, url } = source;
        let fields = [Some(id), Some(publisher), publisher_de.as_ref(), Some(title), lang.as_ref(), note.as_ref()];
        for field in fields.into_iter().chain([note_de.as_ref(), Some(date), read.as_ref(), url.as_ref()]) {
            let end = match field {
                Some(t) => {
                    text.push_str(t);
                    text.len()
                }
                None => text.len() | 1 << 31,
            };
            ends.push_str(&end.to_string());
            ends.push_str(", ");
        }
    }
    out.push_str("pub static SOURCES: &SourceTexts = &SourceTexts {\n    text: ");
    out.push_str(&string_literal(&text));
    out.push_str(",\n    ends: &[");
    out.push_str(&ends);
    out.push_str("],\n};\n");
}

/// `RESULT_TEXTS`, the distinct texts of the published results in order of first use (as a
/// `ResultTexts`: one text and where each ends), and `RESULTS`,
/// the rows as `ResultColumns`: each field of a `BakedResult` in a column of its own (issue 53: like
/// values side by side compress better than rows of mixed fields), its texts by their index in that
/// list. A row is 64 bytes of the wasm instead of a `PublishedResult`'s 176 (nine `Cow`s of 12 bytes
/// each, most of them repeated), and `Catalogue::embedded` expands each row into its
/// `PublishedResult`. More than 65 536 distinct texts would not fit a `u16`: the generated file then
/// fails to compile, saying so.
fn published_results(out: &mut String, results: &[PublishedResult]) {
    let mut texts = DistinctTexts::default();
    let mut columns = Columns::default();
    for result in results {
        baked_result(&mut columns, &mut texts, result);
    }
    let texts = texts.0;
    if texts.len() > usize::from(u16::MAX) + 1 {
        out.push_str("compile_error!(\"more distinct texts in the published results than a u16 indexes\");\n");
    }
    // One text of them all and where each ends (issue 53: offsets compress better than a table of
    // pointers and lengths). An end past u32::MAX fails to compile (an out-of-range literal).
    out.push_str("pub static RESULT_TEXTS: &ResultTexts = &ResultTexts {\n    text: ");
    out.push_str(&string_literal(&texts.concat()));
    out.push_str(",\n    ends: &[");
    let mut end = 0;
    for text in &texts {
        end += text.len();
        out.push_str(&end.to_string());
        out.push_str(", ");
    }
    out.push_str("],\n};\npub static RESULTS: ResultColumns = ResultColumns {\n    texts: [\n");
    for column in &columns.texts {
        out.push_str("        &[");
        out.push_str(column);
        out.push_str("],\n");
    }
    out.push_str("    ],\n");
    for (name, column) in [
        ("accelerators", &columns.accelerators),
        ("nodes", &columns.nodes),
        ("benchmark", &columns.benchmark),
        ("scenario", &columns.scenario),
        ("tokens_per_s", &columns.tokens_per_s),
        ("stated_text", &columns.stated_text),
        ("stated_watts", &columns.stated_watts),
        ("measured_watts", &columns.measured_watts),
        ("measured_scope", &columns.measured_scope),
        ("transformations", &columns.transformations),
        ("details", &columns.details),
    ] {
        out.push_str("    ");
        out.push_str(name);
        out.push_str(": &[");
        out.push_str(column);
        out.push_str("],\n");
    }
    out.push_str("};\n");
}

/// The published results' fields, each a column of values written as Rust, a `, ` after each.
#[derive(Default)]
struct Columns {
    /// `id`, `round`, `division`, `category`, `submitter`, `system`, `card`, `weights`, `source`.
    texts: [String; 9],
    accelerators: String,
    nodes: String,
    benchmark: String,
    scenario: String,
    tokens_per_s: String,
    stated_text: String,
    stated_watts: String,
    measured_watts: String,
    measured_scope: String,
    transformations: String,
    details: String,
}

/// Ends a column's value.
fn next(column: &mut String) {
    column.push_str(", ");
}

/// The distinct texts of the published results, in order of first use.
#[derive(Default)]
struct DistinctTexts(Vec<String>);

impl DistinctTexts {
    /// The index of `text` in the list (added where new), as a literal.
    fn index(&mut self, text: &str) -> String {
        let texts = &mut self.0;
        let i = texts.iter().position(|t| t == text).unwrap_or_else(|| {
            texts.push(text.to_owned());
            texts.len() - 1
        });
        i.to_string()
    }
}

/// One published result into the columns, its texts by index in `texts`.
fn baked_result(columns: &mut Columns, texts: &mut DistinctTexts, result: &PublishedResult) {
    let PublishedResult {
        id,
        round,
        division,
        category,
        submitter,
        system,
        card,
        accelerators,
        nodes,
        benchmark,
        scenario,
        weights,
        weight_transformations,
        tokens_per_s,
        stated_power,
        measured_power,
        source,
        details,
    } = result;
    let listed = [id, round, division, category, submitter, system, card, weights, source].map(|t| texts.index(t));
    for (column, index) in columns.texts.iter_mut().zip(listed) {
        column.push_str(&index);
        next(column);
    }
    // Two u16 counts fill the bytes one u32 did: the row stays 64 bytes. A count above
    // u16::MAX fails to compile (an out-of-range literal), never truncates.
    accelerators.bake(&mut columns.accelerators);
    next(&mut columns.accelerators);
    nodes.bake(&mut columns.nodes);
    next(&mut columns.nodes);
    benchmark.bake(&mut columns.benchmark);
    next(&mut columns.benchmark);
    scenario.bake(&mut columns.scenario);
    next(&mut columns.scenario);
    tokens_per_s.bake(&mut columns.tokens_per_s);
    next(&mut columns.tokens_per_s);
    baked_powers(columns, texts, stated_power.as_ref(), measured_power.as_ref());
    let column = &mut columns.transformations;
    match weight_transformations {
        None => column.push_str("None"),
        Some(SourcedText { text, source }) => {
            column.push_str("Some([");
            column.push_str(&texts.index(text));
            column.push_str(", ");
            column.push_str(&texts.index(source));
            column.push_str("])");
        }
    }
    next(column);
    // Issue 50: a row keyed by its folder has the folder its key names as `details`; the row then
    // points at its own id's text, and `BakedResult::expand` writes the folder back from the key.
    let derived = PublishedResult::keyed_details(id, round, division);
    let column = &mut columns.details;
    match details {
        None => column.push_str("None"),
        Some(text) if derived.as_deref() == Some(&**text) => {
            column.push_str("Some(");
            column.push_str(&texts.index(id));
            column.push(')');
        }
        Some(text) => {
            column.push_str("Some(");
            column.push_str(&texts.index(text));
            column.push(')');
        }
    }
    next(column);
}

/// A result's stated and measured power, each flattened into its fields' columns.
fn baked_powers(
    columns: &mut Columns,
    texts: &mut DistinctTexts,
    stated: Option<&StatedPower>,
    measured: Option<&MeasuredPower>,
) {
    match stated {
        None => {
            columns.stated_text.push_str("None");
            columns.stated_watts.push_str("0.0");
        }
        Some(StatedPower { text, watts }) => {
            columns.stated_text.push_str("Some(");
            columns.stated_text.push_str(&texts.index(text));
            columns.stated_text.push(')');
            watts.bake(&mut columns.stated_watts);
        }
    }
    next(&mut columns.stated_text);
    next(&mut columns.stated_watts);
    // The measured power flattened as the stated one is: an `Option<MeasuredPower>` would hold
    // 7 bytes of padding, and without them the transformations fit in the 64 bytes.
    match measured {
        None => {
            columns.measured_watts.push_str("0.0");
            columns.measured_scope.push_str("None");
        }
        Some(MeasuredPower { mean_watts, scope }) => {
            mean_watts.bake(&mut columns.measured_watts);
            columns.measured_scope.push_str("Some(");
            scope.bake(&mut columns.measured_scope);
            columns.measured_scope.push(')');
        }
    }
    next(&mut columns.measured_watts);
    next(&mut columns.measured_scope);
}

/// A string literal of `text`, in ASCII: printable ASCII as is (but `"` and `\` escaped), tab,
/// carriage return and newline as `\t`, `\r`, `\n`, every other character as `\u{…}`. So no
/// control, bidi or look-alike character reaches the generated source as itself.
pub fn string_literal(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            ' '..='~' => out.push(c),
            _ => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
        }
    }
    out.push('"');
    out
}

/// An `f64` expression that evaluates to exactly `x`. Finite values are written with the fewest
/// digits that read back to the same number (Rust's float formatting guarantees it), always with a
/// `.` or an exponent so that the literal is a float literal, never an integer one: `600.0`, `0.1`,
/// `1e-7`, `1e21`, `-0.0`. Scientific notation outside 1e-5 ≤ |x| < 1e16 keeps long runs of zeros
/// out. NaN and ±∞ (which JSON cannot hold) are written as the `f64` constants.
pub fn float_literal(x: f64) -> String {
    if x.is_nan() {
        return "f64::NAN".to_owned();
    }
    if x.is_infinite() {
        return if x > 0.0 { "f64::INFINITY" } else { "f64::NEG_INFINITY" }.to_owned();
    }
    let magnitude = x.abs();
    let text = if magnitude != 0.0 && !(1e-5..1e16).contains(&magnitude) { format!("{x:e}") } else { format!("{x}") };
    if text.contains(['.', 'e']) {
        text
    } else {
        text + ".0"
    }
}

impl Bake for Cow<'static, str> {
    fn bake(&self, out: &mut String) {
        out.push_str("Cow::Borrowed(");
        out.push_str(&string_literal(self));
        out.push(')');
    }
}

impl Bake for f64 {
    fn bake(&self, out: &mut String) {
        out.push_str(&float_literal(*self));
    }
}

impl Bake for u32 {
    fn bake(&self, out: &mut String) {
        out.push_str(&self.to_string());
    }
}

impl<T: Bake> Bake for Option<T> {
    fn bake(&self, out: &mut String) {
        match self {
            None => out.push_str("None"),
            Some(value) => {
                out.push_str("Some(");
                value.bake(out);
                out.push(')');
            }
        }
    }
}

impl<T: Bake + Clone> Bake for Cow<'static, [T]> {
    fn bake(&self, out: &mut String) {
        out.push_str("Cow::Borrowed(&[");
        for (i, item) in self.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            item.bake(out);
        }
        out.push_str("])");
    }
}

impl Bake for Benchmark {
    fn bake(&self, out: &mut String) {
        out.push_str(match self {
            Benchmark::Llama2_70b99 => "Benchmark::Llama2_70b99",
            Benchmark::Llama2_70b999 => "Benchmark::Llama2_70b999",
            Benchmark::Llama3_1_8b => "Benchmark::Llama3_1_8b",
            Benchmark::Llama3_1_405b => "Benchmark::Llama3_1_405b",
            Benchmark::Mixtral8x7b => "Benchmark::Mixtral8x7b",
            Benchmark::DeepseekR1 => "Benchmark::DeepseekR1",
            Benchmark::GptOss120b => "Benchmark::GptOss120b",
        });
    }
}

impl Bake for Scenario {
    fn bake(&self, out: &mut String) {
        out.push_str(match self {
            Scenario::Offline => "Scenario::Offline",
            Scenario::Server => "Scenario::Server",
            Scenario::Interactive => "Scenario::Interactive",
        });
    }
}

impl Bake for bool {
    fn bake(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

impl Bake for ChangeKind {
    fn bake(&self, out: &mut String) {
        out.push_str(match self {
            ChangeKind::Added => "ChangeKind::Added",
            ChangeKind::Corrected => "ChangeKind::Corrected",
            ChangeKind::Rule => "ChangeKind::Rule",
            ChangeKind::Wording => "ChangeKind::Wording",
        });
    }
}

impl Bake for MaxKind {
    fn bake(&self, out: &mut String) {
        out.push_str(match self {
            MaxKind::Stated => "MaxKind::Stated",
            MaxKind::Derived => "MaxKind::Derived",
            MaxKind::Secondary => "MaxKind::Secondary",
        });
    }
}

impl Bake for Scope {
    fn bake(&self, out: &mut String) {
        out.push_str(match self {
            Scope::GpuBoard => "Scope::GpuBoard",
            Scope::NodeAc => "Scope::NodeAc",
        });
    }
}

/// `Type { field: value, … }` from fields already taken apart.
fn record(out: &mut String, ty: &str, fields: &[(&str, &dyn Bake)]) {
    out.push_str(ty);
    out.push_str(" {");
    for (i, (name, value)) in fields.iter().enumerate() {
        out.push_str(if i == 0 { " " } else { ", " });
        out.push_str(name);
        out.push_str(": ");
        value.bake(out);
    }
    out.push_str(" }");
}

/// `impl Bake for Type`, destructuring every field (no `..`: a new field must be listed here).
macro_rules! bake_struct {
    ($ty:ident { $($field:ident),* $(,)? }) => {
        impl Bake for $ty {
            fn bake(&self, out: &mut String) {
                let $ty { $($field),* } = self;
                record(out, stringify!($ty), &[$((stringify!($field), $field as &dyn Bake)),*]);
            }
        }
    };
}

bake_struct!(Meta { data_version, last_updated });
bake_struct!(Source { id, publisher, publisher_de, title, lang, note, note_de, date, read, url });
bake_struct!(SourcedWatts { watts, source });
bake_struct!(NamedLimit { label, label_de, watts, source });
bake_struct!(SourcedText { text, source });
bake_struct!(PowerMode { label, label_de, max_watts, min_watts, source });
bake_struct!(Card {
    id,
    name,
    name_note,
    name_note_de,
    mlperf_accelerators,
    max_power,
    min_power,
    other_limits,
    power_modes,
    memory,
    rack,
    systems,
    embodied,
    own_draw
});
bake_struct!(OwnDrawEstimate { gpus, low_watts, low_result, low_source, comparable });
bake_struct!(Embodied { kg_per_gpu, text, source });
bake_struct!(System {
    id,
    name,
    gpus,
    max_watts,
    max_high,
    source,
    kind,
    high_source,
    names,
    psus,
    cooling,
    vendor,
    own_watts,
    idle_watts
});
bake_struct!(Psus { count, watts, redundancy, source });
bake_struct!(RackScale { name, accelerators, source });
bake_struct!(StatedPower { text, watts });
bake_struct!(MeasuredPower { mean_watts, scope });
bake_struct!(PublishedResult {
    id,
    round,
    division,
    category,
    submitter,
    system,
    card,
    accelerators,
    nodes,
    benchmark,
    scenario,
    weights,
    weight_transformations,
    tokens_per_s,
    stated_power,
    measured_power,
    source,
    details,
});
bake_struct!(ContextMeasurement {
    id,
    card,
    cards,
    model,
    task,
    condition,
    task_de,
    condition_de,
    joules_per_token,
    joules_per_response,
    scope,
    source,
});
bake_struct!(DataVersion { version, date, files, changes });
bake_struct!(DataChange { kind, text, text_de, cards, results, benchmarks, plan });
bake_struct!(ReferenceValue {
    id,
    field,
    value,
    currency,
    label,
    year,
    source,
    note,
    label_de,
    note_de,
    card,
    high,
    systems
});
