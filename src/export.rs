//! The exports a person reads or files: the comparison's CSV and JSON, the printed comparison's notes,
//! and the quote's (and the e-mail's) text with its `mailto:` links. They join domain values with the
//! page's words, so they sit above `i18n` (issue 22): machine-read parts from ids and full-precision
//! numbers, the rest from [`Strings`]. `compare` keeps the list, its link form and the grid; `vendor`
//! the vendor file and its checks.

use crate::catalogue::Catalogue;
use crate::compare::{evaluated, facts, grid, Facts, Saved, FORMAT, ROWS, VERSION};
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

/// A number at full precision as both formats write it (Rust's shortest round-trip form).
fn full(value: f64) -> String {
    format!("{value}")
}

/// The comparison as CSV: one line per configuration and figure, no comment lines: the
/// configuration's card, cards, servers, result, benchmark, scenario, precision, limit and plan
/// fields in columns of their own, then the figure's id, value and low end at full precision, unit,
/// kind, scope, assumptions, sources, the catalogue's data version and the configuration's link.
pub fn csv(catalogue: &Catalogue, list: &[Saved], ctx: &ExportContext, t: &Strings) -> String {
    let mut out = String::new();
    let mut header: Vec<&str> = vec!["configuration", "name"];
    header.extend(fact_values(&facts(catalogue, ctx.current)).iter().map(|(k, _)| *k));
    header.extend(crate::plan::FIELDS.iter().map(|f| f.id()));
    header.extend(own_values(catalogue, ctx.current).map(|(column, _, _)| column));
    header.extend([
        "figure",
        "value",
        "low",
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
    let rows = grid(catalogue, list, 0);
    for (i, saved) in list.iter().enumerate() {
        let own_link = format!("{}?{}", ctx.page, link::encode(&saved.form, false));
        let f = facts(catalogue, &saved.form);
        let mut lead = vec![(i + 1).to_string(), csv_cell(&display_name(catalogue, saved, t))];
        lead.extend(fact_values(&f).into_iter().map(|(_, v)| csv_cell(&v)));
        lead.extend(plan_values(&saved.form).into_iter().map(|(_, v)| csv_cell(&v)));
        lead.extend(own_values(catalogue, &saved.form).into_iter().map(|(_, _, v)| csv_cell(&v)));
        for row in &rows {
            let Some(Some(figure)) = row.cells.get(i) else { continue };
            // The figure's own boundary (issue 34): the same scope the page and the sheet print.
            let (_, assumptions) = kind_words(&figure.kind, t);
            let scope = figure.scope_id();
            let sources: Vec<String> = figure.origins.iter().map(|o| origin_words(catalogue, o, t)).collect();
            let mut cells = lead.clone();
            cells.extend([
                row.id.to_owned(),
                full(figure.value),
                figure.low.map(full).unwrap_or_default(),
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
/// reference, the page's own configuration (`current`), and per configuration its name, title,
/// link, query, facts, plan fields, the customer's own model where one is given (`your_model`:
/// `name`, `billions`, `arch`, `proxy`; an optional field, so older files read as before) and
/// figures. The page reads such a file back ([`read_export`](crate::compare::read_export)).
pub fn json(catalogue: &Catalogue, list: &[Saved], ctx: &ExportContext, t: &Strings) -> String {
    let rows = grid(catalogue, list, 0);
    let configurations: Vec<String> = list
        .iter()
        .enumerate()
        .map(|(i, saved)| {
            let f = facts(catalogue, &saved.form);
            let figures: Vec<String> = rows
                .iter()
                .filter_map(|row| {
                    let figure = row.cells.get(i)?.as_ref()?;
                    let (_, assumptions) = kind_words(&figure.kind, t);
                    let scope = figure.scope_id();
                    let sources: Vec<String> =
                        figure.origins.iter().map(|o| json_string(&origin_words(catalogue, o, t))).collect();
                    Some(format!(
                        "{{\"id\":{},\"value\":{},\"low\":{},\"unit\":{},\"kind\":{},\"scope\":{},\"bound\":{},\"assumptions\":{},\"sources\":[{}]}}",
                        json_string(row.id),
                        full(figure.value),
                        figure.low.map_or_else(|| "null".to_owned(), full),
                        json_string(figure.unit.symbol()),
                        json_string(row_kind(row.id, figure, &f)),
                        scope.map_or_else(|| "null".to_owned(), json_string),
                        figure.side.id().map_or_else(|| "null".to_owned(), json_string),
                        json_string(&assumptions),
                        sources.join(",")
                    ))
                })
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
            // The customer's own model, only where one is given: files without it read as before.
            let own_json = if saved.form.has_own_model() {
                let fields: Vec<String> = own_values(catalogue, &saved.form)
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
            } else {
                String::new()
            };
            format!(
                "{{\"name\":{},\"title\":{},\"link\":{},\"query\":{},{},\"plan\":{{{}}}{own_json},\"figures\":[{}]}}",
                json_string(&saved.name),
                json_string(&display_name(catalogue, saved, t)),
                json_string(&format!("{}?{}", ctx.page, link::encode(&saved.form, false))),
                json_string(&link::encode(&saved.form, false)),
                facts_json.join(","),
                plan_json.join(","),
                figures.join(",")
            )
        })
        .collect();
    let text_or_null = |v: &str| if v.trim().is_empty() { "null".to_owned() } else { json_string(v.trim()) };
    format!(
        "{{\"format\":{},\"version\":{VERSION},\"data_version\":{},\"data_date\":{},\"link\":{},\"customer\":{},\"reference\":{},\"current\":{{\"query\":{}}},\"configurations\":[{}]}}\n",
        json_string(FORMAT),
        json_string(ctx.data_version),
        json_string(ctx.data_date),
        json_string(ctx.link),
        text_or_null(&ctx.current.customer),
        text_or_null(&ctx.current.reference),
        json_string(&link::encode(ctx.current, false)),
        configurations.join(",")
    )
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
            for (_, _, _, pick) in ROWS {
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

fn describe(catalogue: &Catalogue, form: &Form, t: &Strings) -> String {
    let card = catalogue.card(&form.card).map_or_else(|| form.card.clone(), |c| (t.card_name)(c));
    let source = match &form.throughput {
        ThroughputChoice::Published(id) => format!(
            "MLPerf {id}, {}{}, {}",
            form.benchmark.name(),
            form.benchmark.accuracy().map(|a| (t.accuracy)(a)).unwrap_or_default(),
            (t.scenario)(form.scenario)
        ),
        ThroughputChoice::Own => (t.own_throughput_words)(form.tps.trim()),
    };
    let crate::plan::Answer { evaluation, plan: answered } = crate::plan::answer(catalogue, form);
    let figures = evaluation.figures;
    let mut lines = vec![(t.configuration)(form.servers.trim(), form.gpus.trim(), &card, form.watts.trim(), &source)];
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
    // Values in the page's numbers with their kind, for the person reading; the JSON export and the
    // link carry them at full precision for machines.
    let figure = |label: &str, f: Option<&crate::figure::Figure>| {
        f.map(|f| {
            let tag = t.tag(f);
            let f = &*f.for_reading();
            format!(
                "{label}: {}{}",
                t.side(f),
                (t.mail_value)(f.value, f.low, t.unit_after(f.value, f.low, f.unit), &tag)
            )
        })
    };
    lines.extend(figure(t.figure_token, figures.energy_per_token.as_ref()));
    lines.extend(figure(t.figure_board, figures.board_power.as_ref()));
    lines.extend(figure(t.figure_day, figures.energy_per_day.as_ref()));
    lines.extend(figure(t.figure_measured, figures.measured_energy_per_token.as_ref()));
    let plan = &form.plan;
    if !plan.demand.trim().is_empty() {
        lines.push((t.q_demand)(plan.demand.trim()));
    }
    if !plan.rack.trim().is_empty() {
        lines.push((t.q_rack)(plan.rack.trim()));
    }
    if plan.is_set() {
        let p = &answered;
        let noun = p.system.as_ref().map_or(crate::system::Noun::Server, crate::plan::PlanSystem::noun);
        lines.extend(figure((t.noun_label)(crate::i18n::NounLabel::Needed, noun), p.servers_needed.as_ref()));
        lines.extend(figure(t.p_tokens_per_mw, p.tokens_per_mw.as_ref()));
        lines.extend(figure(
            t.energy_label(crate::i18n::EnergyLabel::Year, p.site_kwh_per_year.as_ref()),
            p.site_kwh_per_year.as_ref(),
        ));
        lines.extend(figure(t.p_cost_year, p.cost_per_year.as_ref()));
        // The year as standing power plus work (issue 35), where an idle power is known.
        lines.extend(figure(t.p_standing_year, p.standing_kwh_per_year.as_ref()));
        lines.extend(figure(t.p_work_year, p.work_kwh_per_year.as_ref()));
        // Water and the GPUs' manufacturing footprint (issue 40), where the plan has them.
        lines.extend(figure(t.p_water_year, p.water_l_per_year.as_ref()));
        lines.extend(figure(t.p_embodied_year, p.embodied_kg_per_year.as_ref()));
    }
    lines.join("\n")
}

/// The quote's (and the e-mail's) text: every configuration (the one on the page, or the compared
/// ones) with its figures and kinds, customer and reference, the non-binding line with the date
/// (`date`, as the page writes it, or empty) and the catalogue's data version, and the link that
/// reopens it all.
pub fn quote_text(
    catalogue: &Catalogue,
    form: &Form,
    compared: &[Saved],
    page_link: &str,
    date: &str,
    t: &Strings,
) -> String {
    let mut out = format!("{}\n\n", t.q_request);
    if compared.is_empty() {
        out.push_str(&describe(catalogue, form, t));
        out.push('\n');
    } else {
        for (i, saved) in compared.iter().enumerate() {
            let name = display_name(catalogue, saved, t);
            out.push_str(&format!("{}. {name}\n{}\n\n", i + 1, describe(catalogue, &saved.form, t)));
        }
    }
    if !form.customer.trim().is_empty() {
        out.push_str(&format!("\n{}: {}\n", t.q_customer, form.customer.trim()));
    }
    if !form.reference.trim().is_empty() {
        out.push_str(&format!("{}: {}\n", t.q_reference, form.reference.trim()));
    }
    out.push_str(&format!("\n{}\n", (t.sheet_terms)(date, &catalogue.meta.data_version)));
    out.push_str(&format!("\n{}: {page_link}\n", t.q_link));
    out
}

/// The `mailto:` address with subject and body filled in.
pub fn mailto_href(vendor: &Vendor, text: &str, t: &Strings) -> Option<String> {
    let to = vendor.mailto.as_ref()?;
    Some(format!("mailto:{to}?subject={}&body={}", link::percent_encode(t.q_subject), link::percent_encode(text)))
}

/// "Email this configuration": a `mailto:` without an address (the reader's mail program asks for
/// one), the same body as the quote.
pub fn mail_href(text: &str, t: &Strings) -> String {
    format!("mailto:?subject={}&body={}", link::percent_encode(t.mail_subject), link::percent_encode(text))
}
