//! The exports a person reads or files: the comparison's CSV and JSON, the printed comparison's notes,
//! and the quote's (and the e-mail's) text with its `mailto:` links. They join domain values with the
//! page's words, so they sit above `i18n` (issue 22): machine-read parts from ids and full-precision
//! numbers, the rest from [`Strings`]. `compare` keeps the list, its link form and the grid; `vendor`
//! the vendor file and its checks.

use crate::catalogue::Catalogue;
use crate::compare::{evaluated, facts, grid, Facts, GridRow, Saved, FACILITY_ROWS, FORMAT, ROWS, VERSION};
use crate::figure::{Figure, Kind, Origin};
use crate::form::{Form, ThroughputChoice};
use crate::i18n::Strings;
use crate::link;
use crate::vendor::Vendor;

// ---- the comparison ----

/// The name the page shows: the person's, or the default from the configuration in the page's
/// language ("8 × H200 NVL · 6.0-0021 · Interactive").
pub fn display_name(catalogue: &Catalogue, saved: &Saved, t: &Strings) -> String {
    if saved.name.is_empty() {
        (t.compare_default_name)(&facts(catalogue, &saved.form))
    } else {
        saved.name.clone()
    }
}

/// Where an export comes from: the catalogue's version and date, the page's link and its own
/// configuration.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportContext<'a> {
    pub data_version: &'a str,
    pub data_date: &'a str,
    /// The full link of the comparison (or the single configuration).
    pub link: &'a str,
    /// The page's address without query, to write each configuration's own link.
    pub page: &'a str,
    /// The configuration on the page (with its plan, customer and reference): re-import restores it.
    pub current: &'a Form,
    /// The compared configuration the others' % are against (an index into the list; out of range
    /// means the first, as the grid reads it).
    pub baseline: usize,
}

/// A row's kind in an export: a throughput is published or typed (it bounds nothing); other
/// figures carry their kind.
fn row_kind(id: &str, figure: &Figure, facts: &Facts) -> &'static str {
    match (id, &figure.kind) {
        ("throughput", Kind::Measured(_)) => "measured",
        ("throughput", Kind::Estimate(_)) => "estimate",
        ("throughput", _) if facts.result.is_some() => "published",
        ("throughput", _) => "typed",
        (_, kind) => kind.id(),
    }
}

/// The plan's fields as the exports write them: each field's link name and its value as read (a
/// number at full precision, the currency as typed; empty where not set or not valid).
fn plan_values(form: &Form) -> Vec<(&'static str, String)> {
    crate::plan::FIELDS
        .iter()
        .map(|&field| {
            let text = form.plan.get(field).unwrap_or_default().trim();
            let value = if text.is_empty() {
                String::new()
            } else if field == crate::form::Field::Currency {
                text.to_ascii_uppercase()
            } else {
                crate::form::parse_decimal_in(form.reading(), field, text).map(full).unwrap_or_default()
            };
            (field.id(), value)
        })
        .collect()
}

/// The customer's own model as the exports write it (issue 28.7), each as (CSV column, JSON key,
/// value): `your_model`/`name` (the name, trimmed), `your_b`/`billions` (billions of parameters at
/// full precision, a number in the JSON), `your_arch`/`arch` (`dense`, `moe`) and `proxy` (the
/// benchmark named as its proxy); each empty where not given, not valid or not chosen.
fn own_values(catalogue: &Catalogue, form: &Form) -> [(&'static str, &'static str, String); 4] {
    let checked = form.check(catalogue);
    [
        ("your_model", "name", form.own_model.trim().to_owned()),
        ("your_b", "billions", checked.own_size.as_ref().ok().copied().flatten().map(full).unwrap_or_default()),
        (
            "your_arch",
            "arch",
            checked.own_arch.as_ref().ok().copied().flatten().map(|a| a.id().to_owned()).unwrap_or_default(),
        ),
        ("proxy", "proxy", checked.proxy().benchmark().map(|b| b.id().to_owned()).unwrap_or_default()),
    ]
}

/// The configuration's columns, in the CSV's order: card, cards, servers, result, benchmark,
/// scenario, precision, limit_w.
fn fact_values(f: &Facts) -> [(&'static str, String); 8] {
    [
        ("card", f.card_id.clone()),
        ("cards", f.gpus.map(|g| g.to_string()).unwrap_or_default()),
        ("servers", f.servers.map(|s| s.to_string()).unwrap_or_default()),
        ("result", f.result.clone().unwrap_or_default()),
        ("benchmark", f.benchmark.id().to_owned()),
        ("scenario", f.scenario.id().to_owned()),
        ("precision", f.precision.clone().unwrap_or_default()),
        ("limit_w", f.watts.map(full).unwrap_or_default()),
    ]
}

fn kind_words(kind: &Kind, t: &Strings) -> (&'static str, String) {
    match kind {
        Kind::Ceiling => ("ceiling", String::new()),
        Kind::Measured(_) => ("measured", String::new()),
        Kind::Estimate(assumptions) => {
            ("estimate", assumptions.iter().map(|a| (t.assumption)(a)).collect::<Vec<_>>().join(" "))
        }
    }
}

fn origin_words(catalogue: &Catalogue, origin: &Origin, t: &Strings) -> String {
    match origin {
        Origin::Source(id) => catalogue.source(id).map_or_else(|| id.clone(), |s| (t.source_entry)(s)),
        Origin::Result(id) => format!("MLPerf {id}"),
        Origin::Input(field) => (t.your_input)((t.field)(*field)),
        Origin::Measurement(input) => (t.your_paste)((t.measure_input)(*input)),
    }
}

fn csv_cell(text: &str) -> String {
    // Formula-looking text is quoted and prefixed so a spreadsheet shows it as text.
    let text = if text.starts_with(['=', '+', '-', '@']) && crate::float::parse(text).is_none() {
        format!("'{text}")
    } else {
        text.to_owned()
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// A number at full precision as the JSON writes it (Rust's shortest round-trip form).
fn full(value: f64) -> String {
    crate::float::shortest(value)
}

/// A computed number as the CSV writes it (issue 37): rounded to 15 significant digits (so
/// arithmetic's last-bit noise, `0.1 * 3 = 0.30000000000000004`, reads `0.3` in a spreadsheet), then
/// in Rust's shortest form that reads back to the same double. 15 digits is what every double holds
/// exactly (`f64::DIGITS`), so the rounding never changes a value a person typed or a catalogue
/// published; the JSON keeps every bit for machines.
pub fn csv_number(value: f64) -> String {
    if value == 0.0 || !value.is_finite() {
        return crate::float::shortest(value);
    }
    // 15 significant digits, correctly rounded as `{:.14e}` would write them (issue 53: without the
    // standard library's exponent format), read back as the nearest double, which `{}` then writes
    // in its shortest round-trip form.
    crate::float::shortest(crate::float::round_significant(value, 15))
}

/// A count (servers, racks, positions, circuits, people) as a whole number; other values as
/// `number` writes them ([`full`] or [`csv_number`]).
fn count_or(unit: crate::figure::Unit, value: f64, number: fn(f64) -> String) -> String {
    if unit.is_count() {
        full(value.round())
    } else {
        number(value)
    }
}

/// The CSV's first character, U+FEFF: written as UTF-8 it is the bytes EF BB BF.
pub const BOM: char = '\u{feff}';

/// The comparison as CSV: one line per configuration and figure, no comment lines: the
/// configuration's number, name, whether it is the baseline, the customer and reference, its card,
/// cards, servers, result, benchmark, scenario, precision, limit and plan fields in columns of their
/// own, then the figure's id; `value` for a point, or `low` and `high` for a range (never `value`,
/// so sorting `value` never ranks a range by one end); unit, kind, scope, assumptions, sources, the
/// catalogue's data version and the configuration's link. Numbers are [`full`]: 15 significant
/// digits, shortest form; counts as whole numbers. `docs/exports.md` documents the columns.
pub fn csv(catalogue: &Catalogue, list: &[Saved], ctx: &ExportContext, t: &Strings) -> String {
    // A UTF-8 byte-order mark first (issue 49): Excel on Windows reads a CSV without one in the
    // system's code page ("MÃ¼ller GmbH"); the page's own import check skips it.
    let mut out = String::from(BOM);
    let mut header: Vec<&str> = vec!["configuration", "name", "baseline", "customer", "reference"];
    header.extend(fact_values(&facts(catalogue, ctx.current)).iter().map(|(k, _)| *k));
    header.extend(crate::plan::FIELDS.iter().map(|f| f.id()));
    header.extend(own_values(catalogue, ctx.current).map(|(column, _, _)| column));
    header.extend([
        "figure",
        "value",
        "low",
        "high",
        "unit",
        "kind",
        "scope",
        "bound",
        "assumptions",
        "sources",
        "data_version",
        "link",
    ]);
    out.push_str(&header.join(","));
    out.push('\n');
    let baseline = if ctx.baseline < list.len() { ctx.baseline } else { 0 };
    let rows = grid(catalogue, list, baseline);
    for (i, saved) in list.iter().enumerate() {
        let own_link = format!("{}?{}", ctx.page, link::encode(&saved.form, false));
        let f = facts(catalogue, &saved.form);
        let mut lead = vec![
            (i + 1).to_string(),
            csv_cell(&display_name(catalogue, saved, t)),
            if i == baseline { "true" } else { "false" }.to_owned(),
            csv_cell(ctx.current.customer.trim()),
            csv_cell(ctx.current.reference.trim()),
        ];
        lead.extend(fact_values(&f).into_iter().map(|(_, v)| csv_cell(&v)));
        lead.extend(plan_values(&saved.form).into_iter().map(|(_, v)| csv_cell(&v)));
        lead.extend(own_values(catalogue, &saved.form).into_iter().map(|(_, _, v)| csv_cell(&v)));
        for row in &rows {
            let Some(Some(figure)) = row.cells.get(i) else { continue };
            // The figure's own boundary (issue 34): the same scope the page and the sheet print.
            let (_, assumptions) = kind_words(&figure.kind, t);
            let scope = figure.scope_id();
            let sources: Vec<String> = figure.origins.iter().map(|o| origin_words(catalogue, o, t)).collect();
            let number = |v: f64| count_or(figure.unit, v, csv_number);
            let (value, low, high) = match figure.low {
                Some(low) => (String::new(), number(low), number(figure.value)),
                None => (number(figure.value), String::new(), String::new()),
            };
            let mut cells = lead.clone();
            cells.extend([
                row.id.to_owned(),
                value,
                low,
                high,
                csv_cell(figure.unit.symbol()),
                row_kind(row.id, figure, &f).to_owned(),
                scope.unwrap_or_default().to_owned(),
                figure.side.id().unwrap_or_default().to_owned(),
                csv_cell(&assumptions),
                csv_cell(&sources.join("; ")),
                csv_cell(ctx.data_version),
                csv_cell(&own_link),
            ]);
            out.push_str(&cells.join(","));
            out.push('\n');
        }
    }
    out
}

/// A JSON string literal.
pub fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The comparison as JSON (written here, so the wasm carries no JSON library), format version
/// [`VERSION`](crate::compare::VERSION): `format`, `version`, the catalogue's version and date, the link, customer,
/// reference, the baseline (the number of the configuration the % are against, counted from 1; an
/// optional field, a file without one reads as the first), the page's own configuration (`current`), and per configuration its name, title,
/// link, query, facts, plan fields, the customer's own model where one is given (`your_model`:
/// `name`, `billions`, `arch`, `proxy`; an optional field, so older files read as before) and
/// figures. The page reads such a file back ([`read_export`](crate::compare::read_export)).
pub fn json(catalogue: &Catalogue, list: &[Saved], ctx: &ExportContext, t: &Strings) -> String {
    let baseline = if ctx.baseline < list.len() { ctx.baseline } else { 0 };
    let rows = grid(catalogue, list, baseline);
    let configurations: Vec<String> =
        list.iter().enumerate().map(|(i, saved)| json_configuration(catalogue, saved, i, &rows, ctx, t)).collect();
    let text_or_null = |v: &str| if v.trim().is_empty() { "null".to_owned() } else { json_string(v.trim()) };
    format!(
        "{{\"format\":{},\"version\":{VERSION},\"data_version\":{},\"data_date\":{},\"link\":{},\"customer\":{},\"reference\":{},\"baseline\":{},\"current\":{{\"query\":{}}},\"configurations\":[{}]}}\n",
        json_string(FORMAT),
        json_string(ctx.data_version),
        json_string(ctx.data_date),
        json_string(ctx.link),
        text_or_null(&ctx.current.customer),
        text_or_null(&ctx.current.reference),
        baseline + 1,
        json_string(&link::encode(ctx.current, false)),
        configurations.join(",")
    )
}

/// One configuration of the JSON file, the `i`th of the grid's columns: its name, title, link,
/// query, facts, plan fields, own model and figures.
fn json_configuration(
    catalogue: &Catalogue,
    saved: &Saved,
    i: usize,
    rows: &[GridRow],
    ctx: &ExportContext,
    t: &Strings,
) -> String {
    let f = facts(catalogue, &saved.form);
    let figures: Vec<String> = rows
        .iter()
        .filter_map(|row| Some(json_figure(catalogue, row.id, row.cells.get(i)?.as_ref()?, &f, t)))
        .collect();
    let facts_json: Vec<String> = fact_values(&f)
        .into_iter()
        .map(|(k, v)| {
            let value = match k {
                _ if v.is_empty() => "null".to_owned(),
                "cards" | "servers" | "limit_w" => v,
                _ => json_string(&v),
            };
            format!("{}:{value}", json_string(k))
        })
        .collect();
    let plan_json: Vec<String> = plan_values(&saved.form)
        .into_iter()
        .filter(|(_, v)| !v.is_empty())
        .map(|(k, v)| {
            let value = if k == "cur" { json_string(&v) } else { v };
            format!("{}:{value}", json_string(k))
        })
        .collect();
    format!(
        "{{\"name\":{},\"title\":{},\"link\":{},\"query\":{},{},\"plan\":{{{}}}{},\"figures\":[{}]}}",
        json_string(&saved.name),
        json_string(&display_name(catalogue, saved, t)),
        json_string(&format!("{}?{}", ctx.page, link::encode(&saved.form, false))),
        json_string(&link::encode(&saved.form, false)),
        facts_json.join(","),
        plan_json.join(","),
        json_own_model(catalogue, &saved.form),
        figures.join(",")
    )
}

/// One figure of a configuration in the JSON file: full precision, with its kind, scope, bound,
/// assumptions and sources.
fn json_figure(catalogue: &Catalogue, id: &str, figure: &Figure, f: &Facts, t: &Strings) -> String {
    let (_, assumptions) = kind_words(&figure.kind, t);
    let sources: Vec<String> = figure.origins.iter().map(|o| json_string(&origin_words(catalogue, o, t))).collect();
    format!(
        "{{\"id\":{},\"value\":{},\"low\":{},\"unit\":{},\"kind\":{},\"scope\":{},\"bound\":{},\"assumptions\":{},\"sources\":[{}]}}",
        json_string(id),
        count_or(figure.unit, figure.value, full),
        figure.low.map_or_else(|| "null".to_owned(), |v| count_or(figure.unit, v, full)),
        json_string(figure.unit.symbol()),
        json_string(row_kind(id, figure, f)),
        figure.scope_id().map_or_else(|| "null".to_owned(), json_string),
        figure.side.id().map_or_else(|| "null".to_owned(), json_string),
        json_string(&assumptions),
        sources.join(",")
    )
}

/// The customer's own model (`,"your_model":{…}`), only where one is given: files without it read
/// as before.
fn json_own_model(catalogue: &Catalogue, form: &Form) -> String {
    if !form.has_own_model() {
        return String::new();
    }
    let fields: Vec<String> = own_values(catalogue, form)
        .into_iter()
        .map(|(_, key, v)| {
            let value = match key {
                _ if v.is_empty() => "null".to_owned(),
                "billions" => v,
                _ => json_string(&v),
            };
            format!("{}:{value}", json_string(key))
        })
        .collect();
    format!(",\"your_model\":{{{}}}", fields.join(","))
}

/// What a printed comparison says under its grid, per configuration: name, link, the assumptions
/// its figures rest on, and their sources (each once).
#[derive(Debug, Clone, PartialEq)]
pub struct Notes {
    pub name: String,
    pub link: String,
    pub assumptions: Vec<String>,
    pub sources: Vec<String>,
}

/// The notes of every compared configuration (`page`: the page's address without query).
pub fn notes(catalogue: &Catalogue, list: &[Saved], page: &str, t: &Strings) -> Vec<Notes> {
    list.iter()
        .zip(evaluated(catalogue, list))
        .map(|(saved, figures)| {
            let mut assumptions: Vec<String> = Vec::new();
            let mut sources: Vec<String> = Vec::new();
            for (_, _, _, pick) in ROWS.iter().chain(FACILITY_ROWS.iter()) {
                let Some(figure) = pick(&figures) else { continue };
                let (_, words) = kind_words(&figure.kind, t);
                if !words.is_empty() && !assumptions.contains(&words) {
                    assumptions.push(words);
                }
                for o in &figure.origins {
                    let w = origin_words(catalogue, o, t);
                    if !sources.contains(&w) {
                        sources.push(w);
                    }
                }
            }
            Notes {
                name: display_name(catalogue, saved, t),
                link: format!("{page}?{}", link::encode(&saved.form, false)),
                assumptions,
                sources,
            }
        })
        .collect()
}

// ---- the quote ----

/// The plan's inputs as a person reads them, each set field with its label, its value in the
/// page's numbers and the unit the form shows beside its box ([`Strings::box_unit`], one definition
/// of a field's unit): "Electricity price 0.25 EUR/kWh". The currency stands in the price's unit, so
/// it is listed on its own only where no price is set. A field whose text is not valid is left out
/// (no figure rests on it). `reading`: how the plan's numbers were typed (its form's language);
/// `lang`: the page's.
pub fn plan_inputs(plan: &crate::form::PlanForm, reading: crate::i18n::Lang, lang: crate::i18n::Lang) -> Vec<String> {
    use crate::form::Field;
    let t = lang.strings();
    let typed = |field: Field| plan.get(field).map(str::trim).filter(|text| !text.is_empty());
    let currency = typed(Field::Currency).and_then(crate::units::Currency::from_id).unwrap_or_default().id();
    crate::plan::FIELDS
        .iter()
        .filter_map(|&field| {
            let text = typed(field)?;
            let value = if field == Field::Currency {
                if typed(Field::Price).is_some() {
                    return None;
                }
                currency.to_owned()
            } else {
                let v = crate::form::parse_decimal_in(reading, field, text).ok()?;
                crate::i18n::number(lang, v)
            };
            let unit = (t.box_unit)(field, currency);
            Some(if unit.is_empty() {
                format!("{} {value}", (t.field)(field))
            } else {
                format!("{} {value} {unit}", (t.field)(field))
            })
        })
        .collect()
}

/// The compared configurations' plan inputs as the comparison sheet states them (issue 49), each
/// with its unit ([`plan_inputs`]): once, unnamed, where every configuration shares them; else each
/// configuration's by its shown name. Empty where no configuration has a plan input.
pub fn sheet_plans(catalogue: &Catalogue, list: &[Saved], t: &Strings) -> Vec<(Option<String>, Vec<String>)> {
    let inputs = |s: &Saved| plan_inputs(&s.form.plan, s.form.reading(), t.lang());
    let all: Vec<Vec<String>> = list.iter().map(inputs).collect();
    if all.iter().all(Vec::is_empty) {
        return Vec::new();
    }
    match all.first() {
        Some(first) if all.iter().all(|i| i == first) => vec![(None, first.clone())],
        _ => list.iter().zip(all).map(|(s, i)| (Some(display_name(catalogue, s, t)), i)).collect(),
    }
}

/// A figure's value as a person reads it in the e-mail and the summary: a count whole ("1
/// server"), any other value to three significant figures.
fn reading(unit: crate::figure::Unit, value: f64, lang: crate::i18n::Lang) -> String {
    if unit.is_count() {
        crate::i18n::intl::plain(value.round(), lang)
    } else {
        crate::i18n::intl::three(value, lang)
    }
}

/// How much of a configuration the e-mail says: everything, or its name's line and J/token alone
/// (the brief e-mail of a long comparison) — or, with a plan, its answer's line, whose tag is said
/// once for all configurations where `tag_once` (issue 49).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Detail {
    Full,
    Brief { tag_once: bool },
}

/// One configuration in the quote's words, and whether its year rests on a card's sourced idle default
/// (issue 47: the caveat goes with it).
fn describe(catalogue: &Catalogue, form: &Form, t: &Strings, detail: Detail) -> (String, bool) {
    let card = catalogue.card(&form.card).map_or_else(|| form.card.clone(), |c| (t.card_name)(c));
    let source = match &form.throughput {
        ThroughputChoice::Published(id) => format!(
            "MLPerf {}, {}{}, {}",
            crate::i18n::result_id(t.lang(), catalogue, id),
            form.benchmark.name(),
            form.benchmark.accuracy().map(|a| (t.accuracy)(a)).unwrap_or_default(),
            (t.scenario)(form.scenario)
        ),
        ThroughputChoice::Own => (t.own_throughput_words)(form.tps.trim()),
    };
    let crate::plan::Answer { evaluation, plan } = crate::plan::answer(catalogue, form);
    let figures = evaluation.figures;
    let figure = |label: &str, f: Option<&Figure>| figure_line(t, label, f);
    let f = facts(catalogue, form);
    let precision = (t.q_precision)(f.result.is_some(), f.precision.as_deref(), f.started_from.as_deref());
    // With a plan, its answer in one line leads (issue 49): servers, energy and cost a year and the
    // J/token in this plan, as the page's answer shows them.
    let planned = form.plan.is_set();
    let answer = if planned { answer_line(t, &plan) } else { None };
    // issue 52: the vendor's system, named with the source its figures cite.
    let system = plan.vendor_system.as_ref().map(|v| {
        let cited = catalogue.source(&v.source).map_or_else(|| v.source.clone(), |s| (t.source_entry)(s));
        (t.q_system)(&v.name, &cited)
    });
    if let Detail::Brief { tag_once } = detail {
        let mut lines: Vec<String> = system.into_iter().collect();
        lines.extend(match answer {
            Some(line) if tag_once => vec![line.words],
            Some(line) => vec![line.whole()],
            None => figure(t.figure_token, figures.energy_per_token.as_ref()).into_iter().collect(),
        });
        lines.push(precision);
        return (lines.join("\n"), plan.idle_source.is_some());
    }
    let mut lines = vec![(t.configuration)(form.servers.trim(), form.gpus.trim(), &card, form.watts.trim(), &source)];
    lines.extend(system);
    // The customer's own model, with the benchmark the figures are for and the proxy (issue 28.7);
    // without one, the benchmark's model as before.
    if form.has_own_model() {
        let checked = &evaluation.checked;
        let (size, arch) = (checked.own_size.clone().ok().flatten(), checked.own_arch.clone().ok().flatten());
        lines.push(format!("{}: {}", t.q_own_model, (t.own_model_words)(&form.own_model, size, arch)));
        lines.push((t.own_proxy)(checked.proxy(), form.figures_benchmark()));
    } else {
        lines.push(format!("{}: {}", t.q_model, form.benchmark.name()));
    }
    // What is known of the precision that ran (issue 28.9, 34.9).
    lines.push(precision);
    if planned {
        // The plan's figures lead (issue 49), then the configuration's own, a boards-only one named so.
        lines.extend(plan_lines(form, &plan, answer.as_ref().map(AnswerLine::whole), t));
    }
    let boards = |label: &'static str, f: Option<&Figure>| {
        let only = planned && f.is_some_and(|f| f.boundary == crate::figure::Boundary::Boards);
        figure_line(t, &if only { (t.boards_only_name)(label) } else { label.to_owned() }, f)
    };
    lines.extend(boards(t.figure_token, figures.energy_per_token.as_ref()));
    // The board power's name says "board" itself.
    lines.extend(figure(t.figure_board, figures.board_power.as_ref()));
    lines.extend(boards(t.figure_day, figures.energy_per_day.as_ref()));
    lines.extend(figure(t.figure_measured, figures.measured_energy_per_token.as_ref()));
    if !planned {
        lines.extend(plan_lines(form, &plan, None, t));
    }
    (lines.join("\n"), plan.idle_source.is_some())
}

/// A figure's value as the e-mail reads it, without its tag: "at least 2 servers", "61,700 to
/// 96,000 kWh" (two ends that read alike said once).
fn value_words(t: &Strings, f: &Figure) -> String {
    let lang = t.lang();
    let f = &*f.for_reading();
    let show = |v: f64| reading(f.unit, v, lang);
    let value = match crate::i18n::intl::low_apart(f.low, f.value, show) {
        Some(low) => format!("{}{}{}", show(low), t.range_to, show(f.value)),
        None => show(f.value),
    };
    let low = crate::i18n::intl::low_apart(f.low, f.value, show);
    format!("{}{value} {}", t.side(f), t.unit_after(f.value, low, f.unit))
}

/// The plan's answer in one line (issue 49): the systems it needs, the energy and the cost a year,
/// and the energy per output token in this plan, each with its kind and boundary as the page tags
/// it — said once after a run of figures that share it.
struct AnswerLine {
    /// "In this plan: 1 server; 61,700 kWh per year; …; 15.2 J/token", without the last run's tag.
    words: String,
    /// The last run's tag ("estimate, GPU boards + server + site").
    tag: String,
}

impl AnswerLine {
    /// The line with its last tag.
    fn whole(&self) -> String {
        format!("{} ({})", self.words, self.tag)
    }
}

/// The plan's [`AnswerLine`]; `None` where the plan answers nothing (no demand and no people: the
/// page shows no answer either, and its year is a card at its limit, not a demand's).
fn answer_line(t: &Strings, p: &crate::plan::Plan) -> Option<AnswerLine> {
    if !p.answers() {
        return None;
    }
    let parts: Vec<(String, String, &str, bool)> = [
        (p.servers_needed.as_ref(), None),
        (p.site_kwh_per_year.as_ref(), Some(t.per_year)),
        (p.cost_per_year.as_ref(), Some(t.per_year)),
        (p.site_j_per_token.as_ref(), None),
    ]
    .into_iter()
    .filter_map(|(f, per)| {
        let f = f?;
        let words = value_words(t, f);
        let counted = f.boundary != crate::figure::Boundary::Uncounted;
        Some((per.map_or_else(|| words.clone(), |per| format!("{words} {per}")), t.tag(f), f.kind.id(), counted))
    })
    .collect();
    let (_, last_tag, _, _) = parts.last()?;
    // A tag is said once after a run of figures that share it; a count (no boundary) of the same kind
    // as the figure after it takes that one's tag too. Parts are separated by "; " (a "·" costs a
    // `mailto:` four times the characters).
    let mut out: Vec<String> = Vec::new();
    for (i, (words, tag, kind, counted)) in parts.iter().enumerate() {
        let next = parts.get(i + 1);
        let shared = next.is_none() || next.is_some_and(|(_, t, k, _)| t == tag || (!counted && k == kind));
        out.push(if shared { words.clone() } else { format!("{words} ({tag})") });
    }
    Some(AnswerLine { words: format!("{}{}", t.mail_in_plan, out.join("; ")), tag: last_tag.clone() })
}

/// The tag of a configuration's answer line, where its plan answers (the brief e-mail says a tag all
/// share once).
fn answer_tag(catalogue: &Catalogue, form: &Form, t: &Strings) -> Option<String> {
    if !form.plan.is_set() {
        return None;
    }
    answer_line(t, &crate::plan::answer(catalogue, form).plan).map(|a| a.tag)
}

/// A figure's line: its value in the page's numbers with its kind, for the person reading; the
/// JSON export and the link carry it at full precision for machines.
fn figure_line(t: &Strings, label: &str, f: Option<&Figure>) -> Option<String> {
    let lang = t.lang();
    f.map(|f| {
        let tag = t.tag(f);
        let f = &*f.for_reading();
        // Two ends that read alike are said once (issue 49).
        let shown = crate::i18n::intl::low_apart(f.low, f.value, |v| reading(f.unit, v, lang));
        let low = shown.map(|l| reading(f.unit, l, lang));
        format!(
            "{label}: {}{}",
            t.side(f),
            (t.mail_value)(&reading(f.unit, f.value, lang), low.as_deref(), t.unit_after(f.value, shown, f.unit), &tag)
        )
    })
}

/// Every plan input the figures rest on, with its unit and currency; and, where a plan field is
/// set, the plan's figures: its answer in one line (`answer`), then the site's energy a day, the IT
/// power and heat at peak (issue 49), and the rest.
fn plan_lines(form: &Form, p: &crate::plan::Plan, answer: Option<String>, t: &Strings) -> Vec<String> {
    let mut lines = Vec::new();
    let inputs = plan_inputs(&form.plan, form.reading(), t.lang());
    if !inputs.is_empty() {
        lines.push(format!("{}{}", t.plan_print, inputs.join(" · ")));
    }
    if !form.plan.is_set() {
        return lines;
    }
    let figure = |label: &str, f: Option<&Figure>| figure_line(t, label, f);
    let noun = p.system.as_ref().map_or(crate::system::Noun::Server, crate::plan::PlanSystem::noun);
    match answer {
        Some(line) => lines.push(line),
        // No answer (no demand, no people): the year and its cost as their own lines, as before.
        None => {
            let year = p.site_kwh_per_year.as_ref();
            lines.extend(figure(t.energy_label(crate::i18n::EnergyLabel::Year, year), year));
            lines.extend(figure(t.p_cost_year, p.cost_per_year.as_ref()));
        }
    }
    lines.extend(figure(
        t.energy_label(crate::i18n::EnergyLabel::Day, p.site_kwh_per_day.as_ref()),
        p.site_kwh_per_day.as_ref(),
    ));
    lines.extend(figure((t.noun_label)(crate::i18n::NounLabel::ItPower, noun), p.it_power.as_ref()));
    lines.extend(figure(t.p_heat, p.heat.as_ref()));
    lines.extend(figure(t.p_tokens_per_mw, p.tokens_per_mw.as_ref()));
    // The year as standing power plus work (issue 35), where an idle power is known.
    lines.extend(figure(t.p_standing_year, p.standing_kwh_per_year.as_ref()));
    lines.extend(figure(t.p_work_year, p.work_kwh_per_year.as_ref()));
    // Water and the GPUs' manufacturing footprint (issue 40), where the plan has them.
    lines.extend(figure(t.p_water_year, p.water_l_per_year.as_ref()));
    lines.extend(figure(t.p_embodied_year, p.embodied_kg_per_year.as_ref()));
    lines
}

/// Customer and reference after a title, where set: "… · Müller GmbH · Q-2026-117".
fn with_customer(title: &str, form: &Form) -> String {
    let mut out = title.to_owned();
    for part in [form.customer.trim(), form.reference.trim()] {
        if !part.is_empty() {
            out.push_str(" · ");
            out.push_str(part);
        }
    }
    out
}

/// The quote's (and the e-mail's) texts, longest first: [`full`](QuoteTexts::full) is what "Copy a
/// summary" copies and the sheet's e-mail sends where it fits a `mailto:`; the shorter ones are for a
/// `mailto:` that would be too long ([`MAILTO_MAX`]).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct QuoteTexts {
    /// Every configuration with its figures, inputs and precision, the mismatch warning, customer
    /// and reference, the non-binding line and the link.
    pub full: String,
    /// The same without the link (the longest part of a comparison's text).
    pub no_link: String,
    /// Each configuration's name and J/token, the warning, customer, reference, the non-binding
    /// line, and a line saying the full summary is on the page.
    pub brief: String,
    /// The subjects of the vendor's `mailto:` and of "Email this configuration", each naming
    /// customer and reference where set.
    pub quote_subject: String,
    pub mail_subject: String,
}

fn quote_text_of(
    catalogue: &Catalogue,
    form: &Form,
    compared: &[Saved],
    page_link: Option<&str>,
    date: &str,
    detail: Detail,
    t: &Strings,
) -> String {
    let brief = matches!(detail, Detail::Brief { .. });
    // A neutral opening naming the estimate (issue 37): the same text reads right from a visitor to
    // a vendor and from a vendor to a customer. The brief e-mail leaves it to the subject, which says
    // the same (issue 49: its characters go to each configuration's answer).
    let mut out = if brief { String::new() } else { format!("{}\n\n", with_customer(t.q_opening, form)) };
    // Whether any configuration's year rests on a card's sourced idle default (issue 47).
    let mut idle_sourced = false;
    if compared.is_empty() {
        let (text, sourced) = describe(catalogue, form, t, detail);
        idle_sourced = sourced;
        out.push_str(&text);
        out.push('\n');
        let inputs = plan_inputs(&form.plan, form.reading(), t.lang());
        if brief && !inputs.is_empty() {
            out.push_str(&format!("{}{}\n", t.plan_print, inputs.join(" · ")));
        }
    } else {
        // The brief e-mail states the plan's inputs once where every configuration shares them, and
        // the answers' kind and boundary once where every answer has the same (issue 49).
        let inputs = |s: &Saved| plan_inputs(&s.form.plan, s.form.reading(), t.lang());
        let shared = compared.windows(2).all(|w| matches!(w, [a, b] if inputs(a) == inputs(b)));
        let tags: Vec<Option<String>> =
            if brief { compared.iter().map(|s| answer_tag(catalogue, &s.form, t)).collect() } else { Vec::new() };
        let one_tag = match tags.first() {
            Some(Some(first)) if compared.len() > 1 && tags.iter().all(|t| t.as_ref() == Some(first)) => Some(first),
            _ => None,
        };
        let detail = if brief { Detail::Brief { tag_once: one_tag.is_some() } } else { detail };
        for (i, saved) in compared.iter().enumerate() {
            let name = display_name(catalogue, saved, t);
            let (text, sourced) = describe(catalogue, &saved.form, t, detail);
            idle_sourced |= sourced;
            out.push_str(&format!("{}. {name}\n{text}\n", i + 1));
            if brief && !shared && !inputs(saved).is_empty() {
                out.push_str(&format!("{}{}\n", t.plan_print, inputs(saved).join(" · ")));
            }
            out.push('\n');
        }
        if let Some(tag) = one_tag {
            out.push_str(&format!("{}\n", (t.mail_plan_tag)(tag)));
        }
        if let (true, true, Some(first)) = (brief, shared, compared.first()) {
            if !inputs(first).is_empty() {
                out.push_str(&format!("{}{}\n\n", t.plan_print, inputs(first).join(" · ")));
            }
        }
        // The page's warning where the compared configurations do not stand for the same work.
        let mismatches = crate::compare::mismatches(catalogue, compared);
        if !mismatches.is_empty() {
            let words: Vec<&str> = mismatches.into_iter().map(t.mismatch).collect();
            out.push_str(&format!("{} {}\n", t.mismatch_intro, words.join(" ")));
        }
    }
    if idle_sourced {
        out.push_str(&idle_caveat(t));
    }
    if !form.customer.trim().is_empty() {
        out.push_str(&format!("\n{}: {}\n", t.q_customer, form.customer.trim()));
    }
    if !form.reference.trim().is_empty() {
        out.push_str(&format!("{}: {}\n", t.q_reference, form.reference.trim()));
    }
    out.push_str(&format!("\n{}\n", (t.sheet_terms)(date, &catalogue.meta.data_version)));
    // Without the link, the mail says nothing to the sender: the page says it (issue 49).
    if let Some(page_link) = page_link {
        out.push_str(&format!("\n{}: {page_link}\n", t.q_link));
    }
    out
}

/// Where a year rests on a card's sourced idle default: the caveat and the commands that replace it,
/// as on the page and the sheet (issue 47).
fn idle_caveat(t: &Strings) -> String {
    let (idle, wall) = (crate::power::IDLE_COMMAND, crate::power::WALL_COMMAND);
    format!("\n{} {idle}; {} {wall}\n", t.mail_idle, t.mail_wall)
}

/// The quote's (and the e-mail's) texts: every configuration (the one on the page, or the compared
/// ones) with its figures and kinds, the plan inputs they rest on, its precision, the mismatch
/// warning, customer and reference, the non-binding line with the date (`date`, as the page writes
/// it, or empty) and the catalogue's data version, and the link that reopens it all; in the page's
/// language (`t`'s).
pub fn quote_texts(
    catalogue: &Catalogue,
    form: &Form,
    compared: &[Saved],
    page_link: &str,
    date: &str,
    t: &Strings,
) -> QuoteTexts {
    QuoteTexts {
        full: quote_text_of(catalogue, form, compared, Some(page_link), date, Detail::Full, t),
        no_link: quote_text_of(catalogue, form, compared, None, date, Detail::Full, t),
        brief: quote_text_of(catalogue, form, compared, None, date, Detail::Brief { tag_once: false }, t),
        quote_subject: with_customer(t.q_subject, form),
        mail_subject: with_customer(t.mail_subject, form),
    }
}

/// The full quote text ([`QuoteTexts::full`]).
pub fn quote_text(
    catalogue: &Catalogue,
    form: &Form,
    compared: &[Saved],
    page_link: &str,
    date: &str,
    t: &Strings,
) -> String {
    quote_text_of(catalogue, form, compared, Some(page_link), date, Detail::Full, t)
}

/// The longest `mailto:` the page writes, in characters. Mail programs and the systems that hand a
/// `mailto:` to them cut longer ones without a word: Windows passes a link through its shell, whose
/// URLs end at 2,083 characters (`INTERNET_MAX_URL_LENGTH`, the limit Internet Explorer also had),
/// and several webmail handlers and Outlook truncate near 2,000. 2,000 is the common safe length;
/// RFC 6068 itself sets none. Past it the e-mail goes without the link ([`QuoteTexts::no_link`]) or
/// briefly ([`QuoteTexts::brief`]), and the page offers the full summary to copy.
pub const MAILTO_MAX: usize = 2_000;

/// A `mailto:` and whether its body was shortened to fit [`MAILTO_MAX`].
#[derive(Debug, Clone, PartialEq)]
pub struct Mail {
    pub href: String,
    /// The body leaves out the link (and maybe the details): the page says so and offers the summary.
    pub shortened: bool,
    /// Even the brief body is longer than [`MAILTO_MAX`] (issue 49): the page says so before sending.
    pub fits: bool,
}

/// A `mailto:` header value (RFC 6068 `hfvalue`): unreserved characters and the delimiters it lets
/// stand as themselves (`!$'()*,;:@`) kept, everything else escaped — `+` too, which some mail
/// handlers read as a space. Every kept character is one the limit does not spend three on (issue 49:
/// the numbers' commas, the tags' parentheses).
fn mail_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~!$'()*,;:@".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn fitting(to: &str, subject: &str, texts: &QuoteTexts) -> Mail {
    let href = |body: &str| format!("mailto:{to}?subject={}&body={}", mail_encode(subject), mail_encode(body));
    let full = href(&texts.full);
    if full.chars().count() <= MAILTO_MAX {
        return Mail { href: full, shortened: false, fits: true };
    }
    let no_link = href(&texts.no_link);
    if no_link.chars().count() <= MAILTO_MAX {
        return Mail { href: no_link, shortened: true, fits: true };
    }
    let brief = href(&texts.brief);
    let fits = brief.chars().count() <= MAILTO_MAX;
    Mail { href: brief, shortened: true, fits }
}

/// The vendor's `mailto:` address with subject and body filled in, within [`MAILTO_MAX`] where the
/// brief text fits.
pub fn mailto_href(vendor: &Vendor, texts: &QuoteTexts) -> Option<Mail> {
    let to = vendor.mailto.as_ref()?;
    Some(fitting(to, &texts.quote_subject, texts))
}

/// "Email this configuration": a `mailto:` without an address (the reader's mail program asks for
/// one), the same body as the quote, the subject naming customer and reference where set.
pub fn mail_href(texts: &QuoteTexts) -> Mail {
    fitting("", &texts.mail_subject, texts)
}
