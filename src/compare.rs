//! Configurations side by side: the list a person keeps (at most [`MAX`]), how it travels in a link
//! and in the browser's storage, the grid of figures with the best of each row and the differences
//! against a baseline, and the CSV and JSON exports. Pure: strings in, strings and figures out.

use crate::catalogue::Catalogue;
use crate::figure::{Figure, Kind, Origin};
use crate::form::{clip, Form};
use crate::i18n::Strings;
use crate::link;
use crate::model::{self, Figures};
use crate::plan::{EnergyBasis, Plan};
use std::fmt;

/// Configurations a comparison holds.
pub const MAX: usize = 6;
/// The link parameter of one compared configuration (repeated).
pub const PARAM: &str = "cfg";
/// The browser-storage key of the list (its value is the same text as the link's `cfg` pairs).
pub const STORAGE_KEY: &str = "token-energy:comparison:v1";
/// Longest name kept (characters).
pub const NAME_MAX: usize = 60;
/// The JSON export's `format`.
pub const FORMAT: &str = "token-energy-comparison";

/// One compared configuration: the person's name for it and its form.
#[derive(Debug, Clone, PartialEq)]
pub struct Saved {
    pub name: String,
    pub form: Form,
}

/// Why a compared configuration could not be used.
#[derive(Debug, Clone, PartialEq)]
pub enum CompareError {
    /// The list is full.
    Full,
    /// The `position`-th configuration (from 1) is not one this version reads.
    Unreadable { position: usize, reason: String },
    /// More configurations than [`MAX`] were given; the rest were left out.
    TooMany { given: usize },
    /// A file that is not a comparison this page wrote.
    ForeignFile(String),
}

impl fmt::Display for CompareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompareError::Full => write!(f, "The comparison holds {MAX} configurations: remove one to add another."),
            CompareError::Unreadable { position, reason } => {
                write!(f, "Compared configuration {position} could not be read ({reason}); it was left out.")
            }
            CompareError::TooMany { given } => {
                write!(f, "{given} configurations were given; the comparison keeps the first {MAX}.")
            }
            CompareError::ForeignFile(why) => write!(f, "This file is not a token-energy comparison: {why}."),
        }
    }
}

/// A name as kept: trimmed, at most [`NAME_MAX`] characters, never empty.
pub fn clean_name(name: &str, fallback: usize) -> String {
    let name: String = name.trim().chars().filter(|c| !c.is_control()).take(NAME_MAX).collect();
    if name.is_empty() {
        format!("Configuration {fallback}")
    } else {
        name
    }
}

/// One configuration as the value of a `cfg` parameter: its v=1 query plus `label`.
pub fn to_param(saved: &Saved) -> String {
    format!("{}&label={}", link::encode(&saved.form, false), link::percent_encode(&saved.name))
}

/// Reads one `cfg` value back (`position` from 1, for messages).
pub fn from_param(catalogue: &Catalogue, text: &str, position: usize) -> Result<Saved, CompareError> {
    let mut name = String::new();
    let mut rest = Vec::new();
    for (key, value) in link::pairs(text) {
        if key == "label" {
            name = value;
        } else {
            rest.push(format!("{}={}", link::percent_encode(&key), link::percent_encode(&value)));
        }
    }
    if rest.is_empty() {
        return Err(CompareError::Unreadable { position, reason: "it is empty".to_owned() });
    }
    let decoded = link::decode(catalogue, &rest.join("&"));
    if let Some(notice) = decoded.notices.first() {
        return Err(CompareError::Unreadable { position, reason: clip(&notice.to_string()) });
    }
    Ok(Saved { name: clean_name(&name, position), form: decoded.form })
}

/// The list as link parameters (`cfg=…&cfg=…`), empty for an empty list.
pub fn encode(list: &[Saved]) -> String {
    list.iter().map(|s| format!("{PARAM}={}", link::percent_encode(&to_param(s)))).collect::<Vec<_>>().join("&")
}

/// Reads `cfg` values (already percent-decoded once, as `link::decode` hands them over): the
/// configurations it can use, at most [`MAX`], and what it could not.
pub fn decode(catalogue: &Catalogue, values: &[String]) -> (Vec<Saved>, Vec<CompareError>) {
    let mut list = Vec::new();
    let mut errors = Vec::new();
    for (i, value) in values.iter().enumerate() {
        if list.len() == MAX {
            errors.push(CompareError::TooMany { given: values.len() });
            break;
        }
        match from_param(catalogue, value, i + 1) {
            Ok(saved) => list.push(saved),
            Err(e) => errors.push(e),
        }
    }
    (list, errors)
}

/// Reads the stored text (the same `cfg=…` pairs as a link): anything unreadable, from another
/// version or damaged, gives the usable part and the errors, never a panic.
pub fn from_storage(catalogue: &Catalogue, stored: &str) -> (Vec<Saved>, Vec<CompareError>) {
    let values: Vec<String> = link::pairs(stored).into_iter().filter(|(k, _)| k == PARAM).map(|(_, v)| v).collect();
    decode(catalogue, &values)
}

/// A change to the list.
#[derive(Debug, Clone, PartialEq)]
pub enum ListEdit {
    Add(Box<Saved>),
    Remove(usize),
    /// Moves the entry one place towards the front (`true`) or the back.
    Move(usize, bool),
    Rename(usize, String),
    Clear,
}

/// Applies a change; an impossible one (a full list, an index out of range) leaves the list as it was
/// and says why where a person should hear it.
pub fn apply(list: &[Saved], edit: ListEdit) -> Result<Vec<Saved>, CompareError> {
    let mut next = list.to_vec();
    match edit {
        ListEdit::Add(saved) => {
            if next.len() >= MAX {
                return Err(CompareError::Full);
            }
            let position = next.len() + 1;
            next.push(Saved { name: clean_name(&saved.name, position), ..*saved });
        }
        ListEdit::Remove(i) if i < next.len() => {
            next.remove(i);
        }
        ListEdit::Move(i, forward) => {
            let j = if forward { i.checked_sub(1) } else { i.checked_add(1) };
            if let Some(j) = j.filter(|&j| j < next.len() && i < next.len()) {
                next.swap(i, j);
            }
        }
        ListEdit::Rename(i, name) => {
            if let Some(s) = next.get_mut(i) {
                s.name = clean_name(&name, i + 1);
            }
        }
        ListEdit::Clear => next.clear(),
        ListEdit::Remove(_) => {}
    }
    Ok(next)
}

/// Which way a row of the grid is better.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Better {
    Lower,
    Higher,
    /// Nothing is "best": the figure ignores the work done (a day's energy or a server's power at the
    /// limit is lowest for the card that does the least), or it is a count that only describes.
    Neither,
}

/// One row of the side-by-side grid: a figure across the configurations.
#[derive(Debug, Clone, PartialEq)]
pub struct GridRow {
    /// `data-testid` stem and export id (`j-per-token`).
    pub id: &'static str,
    pub label: &'static str,
    pub better: Better,
    /// One cell per configuration: `None` where the figure is not available.
    pub cells: Vec<Option<Figure>>,
    /// The configurations with the best value (ties share it); empty when fewer than two values or
    /// all equal.
    pub best: Vec<usize>,
    /// Per cent against the baseline's value (`None` for the baseline and where either is missing).
    pub delta_percent: Vec<Option<f64>>,
}

/// One configuration's figures: the board figures and its plan.
pub struct Evaluated {
    pub figures: Figures,
    pub plan: Plan,
}

/// Picks one figure of a configuration.
type Pick = fn(&Evaluated) -> Option<&Figure>;

/// The rows of the grid, in order: id, label, which way is better, the figure. The plan's rows
/// appear where a configuration has a plan that gives them.
const ROWS: [(&str, &str, Better, Pick); 12] = [
    ("j-per-token", "Energy per output token", Better::Lower, |e| e.figures.energy_per_token.as_ref()),
    ("wh-per-mtok", "Per million output tokens", Better::Lower, |e| e.figures.energy_per_million.as_ref()),
    ("measured-j-per-token", "Measured energy per token", Better::Lower, |e| {
        e.figures.measured_energy_per_token.as_ref()
    }),
    ("throughput", "Output tokens/s per server", Better::Higher, |e| e.figures.throughput.as_ref()),
    ("board-power-w", "Board power per server", Better::Neither, |e| e.figures.board_power.as_ref()),
    ("kwh-per-day", "Energy per day, all servers", Better::Neither, |e| e.figures.energy_per_day.as_ref()),
    ("btu-per-h", "Heat, all servers", Better::Neither, |e| e.figures.heat.as_ref()),
    ("servers-needed", "Servers needed", Better::Neither, |e| e.plan.servers_needed.as_ref()),
    ("busy-load-percent", "Load of the servers in the busy hours", Better::Neither, |e| e.plan.busy_load.as_ref()),
    ("site-kwh-per-year", "Site energy per year", Better::Lower, |e| e.plan.site_kwh_per_year.as_ref()),
    ("cost-per-year", "Electricity cost per year", Better::Lower, |e| e.plan.cost_per_year.as_ref()),
    ("co2-kg-per-year", "Emissions per year", Better::Lower, |e| e.plan.co2_per_year.as_ref()),
];

/// The yearly rows compare only configurations whose figures stand for the same thing: all for a
/// demand (the same work done), never a card at its limit all day against another.
const YEARLY: [&str; 3] = ["site-kwh-per-year", "cost-per-year", "co2-kg-per-year"];

/// Every configuration evaluated, with its plan.
pub fn evaluated(catalogue: &Catalogue, list: &[Saved]) -> Vec<Evaluated> {
    list.iter()
        .map(|s| {
            let e = model::evaluate(catalogue, &s.form);
            // A configuration without plan fields adds no plan rows (its year would only repeat its day).
            let plan =
                if s.form.plan.is_set() { crate::plan::evaluate(catalogue, &e.checked) } else { Plan::default() };
            Evaluated { figures: e.figures, plan }
        })
        .collect()
}

/// The configurations that are best in a row: the lowest (or highest) value, but only where no other
/// configuration's range reaches it — no "best" between ranges that overlap — and never where all
/// values are equal or fewer than two are present.
fn best_of(cells: &[Option<Figure>], better: Better) -> Vec<usize> {
    let present: Vec<(usize, f64, f64)> = cells
        .iter()
        .enumerate()
        .filter_map(|(i, c)| c.as_ref().map(|f| (i, f.low.unwrap_or(f.value), f.value)))
        .collect();
    let Some(&(_, first_lo, first_hi)) = present.first() else { return Vec::new() };
    let all_equal = present.iter().all(|&(_, lo, hi)| lo == first_lo && hi == first_hi);
    if present.len() < 2 || all_equal {
        return Vec::new();
    }
    let best: Vec<usize> = match better {
        Better::Neither => return Vec::new(),
        Better::Lower => {
            // The candidates: the lowest upper end; best only if that lies at or below every other's lower end.
            let top = present.iter().map(|p| p.2).fold(f64::INFINITY, f64::min);
            let winners: Vec<&(usize, f64, f64)> = present.iter().filter(|p| p.2 == top).collect();
            let clear = present.iter().filter(|p| p.2 != top).all(|p| p.1 >= top);
            if clear {
                winners.iter().map(|p| p.0).collect()
            } else {
                Vec::new()
            }
        }
        Better::Higher => {
            let bottom = present.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
            let winners: Vec<&(usize, f64, f64)> = present.iter().filter(|p| p.1 == bottom).collect();
            let clear = present.iter().filter(|p| p.1 != bottom).all(|p| p.2 <= bottom);
            if clear {
                winners.iter().map(|p| p.0).collect()
            } else {
                Vec::new()
            }
        }
    };
    best
}

/// The figures of every configuration, row by row, with the best marked and the differences
/// against `baseline` (an index into `list`; out of range means the first).
pub fn grid(catalogue: &Catalogue, list: &[Saved], baseline: usize) -> Vec<GridRow> {
    let evaluated = evaluated(catalogue, list);
    let baseline = if baseline < list.len() { baseline } else { 0 };
    let all_for_demand = evaluated.iter().all(|e| e.plan.basis == EnergyBasis::Demand);
    ROWS.iter()
        .map(|&(id, label, better, pick)| {
            let cells: Vec<Option<Figure>> = evaluated.iter().map(|f| pick(f).cloned()).collect();
            let values: Vec<Option<f64>> = cells.iter().map(|c| c.as_ref().map(|f| f.value)).collect();
            let better = if YEARLY.contains(&id) && !all_for_demand { Better::Neither } else { better };
            let best = best_of(&cells, better);
            let base = values.get(baseline).copied().flatten();
            let delta_percent = values
                .iter()
                .enumerate()
                .map(|(i, v)| match (v, base) {
                    (Some(v), Some(b)) if i != baseline && b > 0.0 => Some((v / b - 1.0) * 100.0),
                    _ => None,
                })
                .collect();
            GridRow { id, label, better, cells, best, delta_percent }
        })
        .filter(|row| !PLAN_ROWS.contains(&row.id) || row.cells.iter().any(Option::is_some))
        .collect()
}

/// The plan's rows: in the grid and the exports only where a configuration has the figure.
const PLAN_ROWS: [&str; 5] =
    ["servers-needed", "busy-load-percent", "site-kwh-per-year", "cost-per-year", "co2-kg-per-year"];

/// Where an export comes from: the catalogue's version and date, the page's link.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportContext<'a> {
    pub data_version: &'a str,
    pub data_date: &'a str,
    /// The full link of the comparison (or the single configuration).
    pub link: &'a str,
    /// The page's address without query, to write each configuration's own link.
    pub page: &'a str,
}

/// A row's power scope in an export: none for a throughput or a count of servers or load (they cover
/// no power), the plan's chain for its yearly figures ("gpu-board+server+site"), else the kind's.
fn row_scope(id: &str, kind_scope: Option<&'static str>, plan: Option<&Plan>) -> Option<&'static str> {
    match id {
        "throughput" | "servers-needed" | "busy-load-percent" => None,
        _ if YEARLY.contains(&id) => plan.and_then(|p| p.scope).map(|s| match (s.server(), s.site()) {
            (false, false) => "gpu-board",
            (true, false) => "gpu-board+server",
            (false, true) => "gpu-board+site",
            (true, true) => "gpu-board+server+site",
        }),
        _ => kind_scope,
    }
}

fn kind_words(kind: &Kind, t: &Strings) -> (&'static str, Option<&'static str>, String) {
    match kind {
        Kind::Ceiling => ("ceiling", Some("gpu-board"), String::new()),
        Kind::Measured(scope) => ("measured", Some(scope.id()), String::new()),
        Kind::Estimate(assumptions) => {
            ("estimate", Some("gpu-board"), assumptions.iter().map(|a| (t.assumption)(a)).collect::<Vec<_>>().join(" "))
        }
    }
}

fn origin_words(catalogue: &Catalogue, origin: &Origin, t: &Strings) -> String {
    match origin {
        Origin::Source(id) => catalogue.source(id).map_or_else(
            || id.clone(),
            |s| match &s.url {
                Some(url) => format!("{}, {} ({}) <{url}>", s.publisher, s.title, s.date),
                None => format!("{}, {} ({})", s.publisher, s.title, s.date),
            },
        ),
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

/// The comparison as CSV: one line per configuration and figure, every value at full precision,
/// with unit, kind, scope, assumptions, sources and each configuration's link; the catalogue's
/// version and date and the comparison's link in leading `#` lines.
pub fn csv(catalogue: &Catalogue, list: &[Saved], ctx: &ExportContext, t: &Strings) -> String {
    let mut out = String::new();
    out.push_str(&format!("# token-energy{}\n", (t.catalogue_line)(ctx.data_version, ctx.data_date)));
    out.push_str(&format!("# link: {}\n", ctx.link));
    out.push_str("configuration,name,figure,value,low,unit,kind,scope,assumptions,sources,link\n");
    let rows = grid(catalogue, list, 0);
    let plans: Vec<Plan> = evaluated(catalogue, list).into_iter().map(|e| e.plan).collect();
    for (i, saved) in list.iter().enumerate() {
        let own_link = format!("{}?{}", ctx.page, link::encode(&saved.form, false));
        for row in &rows {
            let Some(Some(figure)) = row.cells.get(i) else { continue };
            let (kind, scope, assumptions) = kind_words(&figure.kind, t);
            let scope = row_scope(row.id, scope, plans.get(i));
            let sources: Vec<String> = figure.origins.iter().map(|o| origin_words(catalogue, o, t)).collect();
            let cells = [
                (i + 1).to_string(),
                csv_cell(&saved.name),
                row.id.to_owned(),
                full(figure.value),
                figure.low.map(full).unwrap_or_default(),
                csv_cell(figure.unit.symbol()),
                kind.to_owned(),
                scope.unwrap_or_default().to_owned(),
                csv_cell(&assumptions),
                csv_cell(&sources.join("; ")),
                csv_cell(&own_link),
            ];
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

/// The comparison as JSON (written here, so the wasm carries no JSON library): `format`, `version`,
/// the catalogue's version and date, the link, and per configuration its name, link and figures.
/// The page reads such a file back (`configurations[].link` and `name`).
pub fn json(catalogue: &Catalogue, list: &[Saved], ctx: &ExportContext, t: &Strings) -> String {
    let rows = grid(catalogue, list, 0);
    let plans: Vec<Plan> = evaluated(catalogue, list).into_iter().map(|e| e.plan).collect();
    let configurations: Vec<String> = list
        .iter()
        .enumerate()
        .map(|(i, saved)| {
            let figures: Vec<String> = rows
                .iter()
                .filter_map(|row| {
                    let figure = row.cells.get(i)?.as_ref()?;
                    let (kind, scope, assumptions) = kind_words(&figure.kind, t);
                    let scope = row_scope(row.id, scope, plans.get(i));
                    let sources: Vec<String> =
                        figure.origins.iter().map(|o| json_string(&origin_words(catalogue, o, t))).collect();
                    Some(format!(
                        "{{\"id\":{},\"value\":{},\"low\":{},\"unit\":{},\"kind\":{},\"scope\":{},\"assumptions\":{},\"sources\":[{}]}}",
                        json_string(row.id),
                        full(figure.value),
                        figure.low.map_or_else(|| "null".to_owned(), full),
                        json_string(figure.unit.symbol()),
                        json_string(kind),
                        scope.map_or_else(|| "null".to_owned(), json_string),
                        json_string(&assumptions),
                        sources.join(",")
                    ))
                })
                .collect();
            format!(
                "{{\"name\":{},\"link\":{},\"query\":{},\"figures\":[{}]}}",
                json_string(&saved.name),
                json_string(&format!("{}?{}", ctx.page, link::encode(&saved.form, false))),
                json_string(&link::encode(&saved.form, false)),
                figures.join(",")
            )
        })
        .collect();
    format!(
        "{{\"format\":{},\"version\":1,\"data_version\":{},\"data_date\":{},\"link\":{},\"configurations\":[{}]}}\n",
        json_string(FORMAT),
        json_string(ctx.data_version),
        json_string(ctx.data_date),
        json_string(ctx.link),
        configurations.join(",")
    )
}

/// A comparison read back: the usable configurations and what could not be used.
pub type ReadBack = (Vec<Saved>, Vec<CompareError>);

/// A re-imported file's configurations, as the page found them (name and query per entry), read
/// back into a list.
pub fn from_export(
    catalogue: &Catalogue,
    format: Option<&str>,
    entries: &[(String, String)],
) -> Result<ReadBack, CompareError> {
    if format != Some(FORMAT) {
        return Err(CompareError::ForeignFile(match format {
            Some(f) => format!("its format is “{}”", clip(f)),
            None => "it names no format".to_owned(),
        }));
    }
    if entries.is_empty() {
        return Err(CompareError::ForeignFile("it holds no configuration".to_owned()));
    }
    let values: Vec<String> =
        entries.iter().map(|(name, query)| format!("{query}&label={}", link::percent_encode(name))).collect();
    Ok(decode(catalogue, &values))
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
                let (_, _, words) = kind_words(&figure.kind, t);
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
                name: saved.name.clone(),
                link: format!("{page}?{}", link::encode(&saved.form, false)),
                assumptions,
                sources,
            }
        })
        .collect()
}
