//! Turns an MLCommons `summary_results.json` into catalogue rows.
//!
//! Pure: the caller reads the files (see `src/bin/import-mlperf.rs`). The steps are
//! [`parse_table`] (text → [`SummaryRow`]s), [`select`] (rows of the catalogue's cards →
//! [`PublishedResult`]s) and [`merge`] (into the existing rows, which win: hand corrections stay).
//!
//! A row is selected when its `Accelerator` is one of a card's `mlperf_accelerators` and it is a
//! closed-division, datacenter, available result of one of the LLM benchmarks of
//! [`Benchmark::ALL`] (`llama2-70b-99`, `llama2-70b-99.9`, `llama3.1-8b`, `llama3.1-405b`,
//! `mixtral-8x7b`, `deepseek-r1`, `gpt-oss-120b`) in tokens per second, on one node or several
//! (the row then counts `Nodes` × `a#` accelerators). A system of several accelerator kinds names
//! them all in one `Accelerator` text, which no card claims: such rows are never selected.
//!
//! One known mislabel is read as what it is: v5.1's `llama3.1-8b` Interactive rows give their unit
//! as `Queries/s`, yet the benchmark's metric is output tokens/s (v6.0 labels the same benchmark
//! `Tokens/s`) and each is 78–95 % of the same system's Server tokens/s ([`mislabelled_tokens`]).

use crate::catalogue::{Benchmark, Card, MeasuredPower, PublishedResult, Scenario, Scope, StatedPower};
use crate::float::Text;
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use std::collections::HashMap;
use std::fmt;

/// One row of a summary table, with the columns the importer reads.
///
/// Every column is read leniently, because the tables are not consistent between rounds (`a#` is
/// `8.0`, `8` or `""`; `Notes` may be empty): a missing or mistyped text reads as `""`, a missing
/// or unusable number as `None`. Whether a *selected* row has what a catalogue row needs is
/// checked by [`select`].
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct SummaryRow {
    #[serde(rename = "ID", default, deserialize_with = "text")]
    pub id: String,
    #[serde(rename = "Submitter", default, deserialize_with = "text")]
    pub submitter: String,
    #[serde(rename = "System", default, deserialize_with = "text")]
    pub system: String,
    #[serde(rename = "Accelerator", default, deserialize_with = "text")]
    pub accelerator: String,
    /// Accelerators per node (`a#`).
    #[serde(rename = "a#", default, deserialize_with = "count")]
    pub accelerators: Option<u32>,
    #[serde(rename = "Model", default, deserialize_with = "text")]
    pub model: String,
    #[serde(rename = "Scenario", default, deserialize_with = "text")]
    pub scenario: String,
    #[serde(rename = "Performance_Result", default, deserialize_with = "number")]
    pub performance_result: Option<f64>,
    #[serde(rename = "Performance_Units", default, deserialize_with = "text")]
    pub performance_units: String,
    #[serde(rename = "has_power", default, deserialize_with = "flag")]
    pub has_power: bool,
    #[serde(rename = "Power_Result", default, deserialize_with = "number")]
    pub power_result: Option<f64>,
    #[serde(rename = "Notes", default, deserialize_with = "text")]
    pub notes: String,
    /// The result's public page.
    #[serde(rename = "Details", default, deserialize_with = "text")]
    pub details: String,
    #[serde(rename = "weight_data_types", default, deserialize_with = "text")]
    pub weight_data_types: String,
    /// `closed` or `open` (the catalogue calls it the division).
    #[serde(rename = "Category", default, deserialize_with = "text")]
    pub category: String,
    #[serde(rename = "Suite", default, deserialize_with = "text")]
    pub suite: String,
    /// `available`, `preview`, `rdi` (the catalogue calls it the category).
    #[serde(rename = "Availability", default, deserialize_with = "text")]
    pub availability: String,
    /// The round, `v4.1`.
    #[serde(rename = "version", default, deserialize_with = "text")]
    pub version: String,
    #[serde(rename = "Nodes", default, deserialize_with = "count")]
    pub nodes: Option<u32>,
    /// Accelerators in the whole system (v6.0 on; earlier tables leave it out).
    #[serde(rename = "Total Accelerators", default, deserialize_with = "count")]
    pub total_accelerators: Option<u32>,
    // issue 50
    /// The row's results folder (`./closed/NVIDIA/results/<Platform>/<Model>/<Scenario>/performance/run_1`):
    /// the key of a row of a table without IDs (v6.1, [`parse_csv`]).
    #[serde(rename = "Location", default, deserialize_with = "text")]
    pub location: String,
    /// The system's folder name in the results repository (v6.1's `Platform`).
    #[serde(rename = "Platform", default, deserialize_with = "text")]
    pub platform: String,
    /// Read from a table without IDs ([`parse_csv`]): the row's key is read from its `Location`.
    #[serde(skip)]
    pub keyed: bool,
}

fn text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::String(s) => s,
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Null | Value::Array(_) | Value::Object(_) => String::new(),
    })
}

fn whole(x: f64) -> Option<u32> {
    if x.is_finite() && x >= 0.0 && x.fract() == 0.0 && x <= f64::from(u32::MAX) {
        // Exact: a whole number within u32's range.
        Some(x as u32)
    } else {
        None
    }
}

fn count<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Number(n) => n.as_f64().and_then(whole),
        Value::String(s) => s.trim().parse::<f64>().ok().and_then(whole),
        _ => None,
    })
}

fn number<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    let x = match Value::deserialize(d)? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse::<f64>().ok(),
        _ => None,
    };
    Ok(x.filter(|x| x.is_finite()))
}

fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Bool(b) => b,
        Value::String(s) => s.trim().eq_ignore_ascii_case("true"),
        Value::Number(n) => n.as_f64().is_some_and(|x| x == 1.0),
        _ => false,
    })
}

/// Why a table could not be imported.
#[derive(Debug, Clone, PartialEq)]
pub enum ImportError {
    /// The text is not JSON.
    Json(String),
    /// The JSON is not a list (a summary table is a list of rows).
    NotATable,
    /// Row `index` (0-based) is not an object of columns.
    Row { index: usize, message: String },
    /// Two of the cards asked for claim the same `Accelerator` string.
    AmbiguousAccelerator { accelerator: String, cards: Vec<String> },
    /// A selected row lacks a value a catalogue row needs.
    Missing { id: String, field: &'static str },
    /// A selected row has a value the catalogue cannot hold.
    Invalid { id: String, field: &'static str, value: String },
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Json(message) => write!(f, "the table is not JSON: {message}"),
            ImportError::NotATable => write!(f, "the table is not a JSON list of rows"),
            ImportError::Row { index, message } => write!(f, "row {index} of the table: {message}"),
            ImportError::AmbiguousAccelerator { accelerator, cards } => {
                write!(f, "accelerator `{accelerator}` belongs to more than one card: {}", cards.join(", "))
            }
            ImportError::Missing { id, field } => write!(f, "entry `{id}`: no usable `{field}`"),
            ImportError::Invalid { id, field, value } => {
                write!(f, "entry `{id}`: `{field}` is `{value}`, which the catalogue cannot hold")
            }
        }
    }
}

impl std::error::Error for ImportError {}

/// Parses a summary table's text.
pub fn parse_table(text: &str) -> Result<Vec<SummaryRow>, ImportError> {
    let value: Value = serde_json::from_str(text).map_err(|e| ImportError::Json(e.to_string()))?;
    let Value::Array(items) = value else {
        return Err(ImportError::NotATable);
    };
    items
        .into_iter()
        .enumerate()
        .map(|(index, item)| {
            if !item.is_object() {
                return Err(ImportError::Row { index, message: "not an object".to_owned() });
            }
            SummaryRow::deserialize(item).map_err(|e| ImportError::Row { index, message: e.to_string() })
        })
        .collect()
}

// issue 50
/// The columns of MLCommons' `summary.csv` (v6.1) the importer reads, under the names of the JSON
/// tables' columns ([`SummaryRow`]). `MlperfModel` is the benchmark (`Model` is the folder name,
/// which spells `llama3_1-8b` for some rows); the row's folder must spell the benchmark as its id.
const CSV_COLUMNS: [(&str, &str); 19] = [
    ("Organization", "Submitter"),
    ("Availability", "Availability"),
    ("Division", "Category"),
    ("SystemType", "Suite"),
    ("SystemName", "System"),
    ("Platform", "Platform"),
    ("MlperfModel", "Model"),
    ("Scenario", "Scenario"),
    ("Result", "Performance_Result"),
    ("Units", "Performance_Units"),
    ("number_of_nodes", "Nodes"),
    ("accelerator_model_name", "Accelerator"),
    ("accelerators_per_node", "a#"),
    ("total_accelerators", "Total Accelerators"),
    ("Location", "Location"),
    ("notes", "Notes"),
    ("version", "version"),
    ("weight_data_types", "weight_data_types"),
    ("has_power", "has_power"),
];

/// The records of a CSV text (RFC 4180: fields in double quotes may hold commas, line breaks and
/// `""` for a quote; lines end in `\n` or `\r\n`). A quote left open is an error.
fn csv_records(text: &str) -> Result<Vec<Vec<String>>, ImportError> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') if field.is_empty() => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') if chars.peek() == Some(&'\n') => {}
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            (false, c) => field.push(c),
        }
    }
    if quoted {
        return Err(ImportError::Row {
            index: records.len().saturating_sub(1),
            message: "a quote is not closed".to_owned(),
        });
    }
    if !field.is_empty() || !record.is_empty() {
        record.push(field);
        records.push(record);
    }
    Ok(records)
}

/// Parses MLCommons' `summary.csv` (v6.1, which has no `ID` column): each row as a [`SummaryRow`],
/// its `id` the key [`location_key`] reads from its `Location` (empty where that does not agree with
/// the row's columns) and its `details` the system's folder in the round's results repository.
pub fn parse_csv(text: &str) -> Result<Vec<SummaryRow>, ImportError> {
    let mut records = csv_records(text.trim_start_matches('\u{feff}'))?.into_iter();
    let header = records.next().ok_or(ImportError::NotATable)?;
    let column = |name: &str| header.iter().position(|h| h.trim() == name);
    let columns: Vec<(usize, &str)> =
        CSV_COLUMNS.iter().filter_map(|(csv, json)| Some((column(csv)?, *json))).collect();
    if columns.len() != CSV_COLUMNS.len() {
        return Err(ImportError::NotATable);
    }
    records
        .filter(|record| record.iter().any(|f| !f.trim().is_empty()))
        .enumerate()
        .map(|(index, record)| {
            let mut object = serde_json::Map::new();
            for (at, name) in &columns {
                let value = record.get(*at).cloned().unwrap_or_default();
                object.insert((*name).to_owned(), Value::String(value));
            }
            let mut row = SummaryRow::deserialize(Value::Object(object))
                .map_err(|e| ImportError::Row { index, message: e.to_string() })?;
            row.keyed = true;
            if let Some((key, folder)) = location_key(&row) {
                row.id = key;
                row.details = folder;
            }
            Ok(row)
        })
        .collect()
}

/// A row's key and its system's folder, from its `Location`
/// (`./<division>/<Organization>/results/<Platform>/<benchmark>/<Scenario>/performance/run_1`): the
/// key is `<round>:<Organization>/<Platform>` (`6.1:NVIDIA/VR-NVL72_VR-288GB_aarch64x72_TRT`), the
/// folder `https://github.com/mlcommons/inference_results_v<round>/tree/main/<division>/<Organization>/results/<Platform>`.
/// `None` where the path does not spell the row's own division, organization, platform, benchmark
/// and scenario, or a part of it is not plain printable ASCII without spaces.
pub fn location_key(row: &SummaryRow) -> Option<(String, String)> {
    let round = row.version.trim().trim_start_matches('v');
    let parts: Vec<&str> = row.location.trim().strip_prefix("./")?.split('/').collect();
    let [division, organization, "results", platform, model, scenario, "performance", "run_1"] = parts.as_slice()
    else {
        return None;
    };
    let plain = |t: &str| {
        !t.is_empty()
            && t.chars().all(|c| {
                c.is_ascii_graphic() && !matches!(c, '"' | '<' | '>' | '\\' | '`' | '%' | '&' | '#' | '?' | '+')
            })
    };
    let agrees = *division == row.category
        && *organization == row.submitter
        && *platform == row.platform
        && *model == row.model
        && *scenario == row.scenario;
    (agrees && !round.is_empty() && [round, division, organization, platform].iter().all(|t| plain(t))).then(|| {
        (
            format!("{round}:{organization}/{platform}"),
            format!("https://github.com/mlcommons/inference_results_v{round}/tree/main/{division}/{organization}/results/{platform}"),
        )
    })
}

/// The per-card power a `Notes` text states: the first `<number>W` or `<number> W` in it.
///
/// The number is plain decimal (`600`, `262.5`) and stands alone: a number glued to a letter, a
/// digit group or a decimal point (`H200W`, `1e400W`, `1,000W`) does not count, nor does one with a
/// sign (`-5W`; a hyphen after a word, as in `Edition-600W`, is not a sign). The `W` must end the
/// word (`600Wh` is not a power). Zero, and numbers too large for `f64`, are skipped.
pub fn watts_in_notes(notes: &str) -> Option<f64> {
    let chars: Vec<char> = notes.chars().collect();
    let at = |i: usize| chars.get(i).copied();
    let before = |i: usize, back: usize| i.checked_sub(back).and_then(|p| chars.get(p).copied());
    let is_digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());

    let mut i = 0;
    while i < chars.len() {
        if !is_digit(at(i)) {
            i += 1;
            continue;
        }
        let start = i;
        let mut end = i;
        while is_digit(at(end)) {
            end += 1;
        }
        if at(end) == Some('.') && is_digit(at(end + 1)) {
            end += 1;
            while is_digit(at(end)) {
                end += 1;
            }
        }
        i = end;

        let standalone = match before(start, 1) {
            None => true,
            Some(p) if p.is_alphanumeric() || matches!(p, '.' | ',' | '_') => false,
            // A sign, unless it joins two words (`Edition-600W`).
            Some('-' | '+' | '\u{2212}') => before(start, 2).is_some_and(char::is_alphanumeric),
            Some(_) => true,
        };
        if !standalone {
            continue;
        }
        let mut unit = end;
        if at(unit).is_some_and(char::is_whitespace) {
            unit += 1;
        }
        if at(unit) != Some('W') || at(unit + 1).is_some_and(char::is_alphanumeric) {
            continue;
        }
        let figure: String = chars.get(start..end).unwrap_or_default().iter().collect();
        match figure.parse::<f64>() {
            Ok(watts) if watts.is_finite() && watts > 0.0 => return Some(watts),
            _ => continue,
        }
    }
    None
}

/// The stated power of a row: its `Notes` as text, with the watts [`watts_in_notes`] reads.
pub fn stated_power(notes: &str) -> Option<StatedPower> {
    watts_in_notes(notes).map(|watts| StatedPower { text: notes.to_owned().into(), watts })
}

/// The stated power of a table row: a watt figure in its `Accelerator` name first
/// (`AMD Instinct MI355X 288GB HBM3e (Power Cap 1000 W)`: the configuration the result was obtained
/// in), else the first in its `Notes` (`B300 TGP 1100W`). The text is the name or the Notes read.
pub fn row_stated_power(accelerator: &str, notes: &str) -> Option<StatedPower> {
    stated_power(accelerator).or_else(|| stated_power(notes))
}

/// A `Details` address the page may link to: an https URL on MLCommons' GitHub, nothing else.
/// The v4.1 table links a mirror of MLCommons' results repository; the same path in MLCommons' own
/// repository is used instead.
fn details_url(text: &str) -> Option<crate::catalogue::Text> {
    const MIRROR: &str = "https://github.com/gateoverflow/inference_results_v";
    let own = text.trim().replace(MIRROR, "https://github.com/mlcommons/inference_results_v");
    let text = own.as_str();
    let safe = text.starts_with("https://github.com/mlcommons/")
        && text.chars().all(|c| c.is_ascii_graphic() && !matches!(c, '"' | '<' | '>' | '\\' | '`'));
    safe.then(|| own.clone().into())
}

/// Whether a row's `Queries/s` is the known mislabel of output tokens/s: v5.1's `llama3.1-8b`
/// Interactive rows (all eight of them). The benchmark's metric is output tokens/s, as v6.0's table
/// labels it, and each of these rows is 78–95 % of the same system's Server tokens/s, as
/// Interactive results are (v6.0: 70–99 %); `tests/import.rs` checks both against the tables.
pub fn mislabelled_tokens(row: &SummaryRow) -> bool {
    row.version.trim_start_matches('v') == "5.1"
        && row.model == Benchmark::Llama3_1_8b.id()
        && row.scenario == Scenario::Interactive.label()
        && row.performance_units == "Queries/s"
}

/// Whether a row is one the catalogue takes (apart from its card); MLCommons' `preview` rows
/// (systems not yet available) only where asked (issue 50: v6.1's Vera Rubin).
fn wanted(row: &SummaryRow, preview: bool) -> bool {
    row.category == "closed"
        && row.suite == "datacenter"
        && (row.availability == "available" || (preview && row.availability == "preview"))
        && row.nodes.is_some_and(|n| n >= 1)
        && Benchmark::from_id(&row.model).is_some()
        && (row.performance_units == "Tokens/s" || mislabelled_tokens(row))
}

fn scenario(label: &str) -> Option<Scenario> {
    Scenario::ALL.into_iter().find(|s| s.label() == label)
}

/// The catalogue row for a selected table row on `card`.
pub fn to_result(row: &SummaryRow, card: &Card) -> Result<PublishedResult, ImportError> {
    let id = row.id.trim().to_owned();
    if id.is_empty() && row.keyed {
        // issue 50: a table without IDs keys its rows by their folder, which must agree with the row.
        return Err(ImportError::Invalid { id: row.system.clone(), field: "Location", value: row.location.clone() });
    }
    if id.is_empty() {
        return Err(ImportError::Missing { id: row.system.clone(), field: "ID" });
    }
    let missing = |field: &'static str| ImportError::Missing { id: id.clone(), field };
    let invalid = |field: &'static str, value: String| ImportError::Invalid { id: id.clone(), field, value };

    let benchmark = Benchmark::from_id(&row.model).ok_or_else(|| invalid("Model", row.model.clone()))?;
    let scenario = scenario(&row.scenario).ok_or_else(|| invalid("Scenario", row.scenario.clone()))?;
    let per_node = row.accelerators.ok_or_else(|| missing("a#"))?;
    if per_node == 0 {
        return Err(invalid("a#", "0".to_owned()));
    }
    let nodes = row.nodes.ok_or_else(|| missing("Nodes"))?;
    if nodes == 0 {
        return Err(invalid("Nodes", "0".to_owned()));
    }
    let accelerators = nodes.checked_mul(per_node).ok_or_else(|| invalid("a#", per_node.to_string()))?;
    // Where the table counts the whole system too, it must agree with nodes × a#.
    if let Some(total) = row.total_accelerators {
        if total != accelerators {
            return Err(invalid("Total Accelerators", total.to_string()));
        }
    }
    let tokens_per_s = row.performance_result.ok_or_else(|| missing("Performance_Result"))?;
    if tokens_per_s <= 0.0 {
        return Err(invalid("Performance_Result", tokens_per_s.text()));
    }
    let version = row.version.trim();
    if version.is_empty() {
        return Err(missing("version"));
    }
    let round = if version.starts_with('v') { version.to_owned() } else { format!("v{version}") };
    let measured_power = if row.has_power {
        let mean_watts = row.power_result.ok_or_else(|| missing("Power_Result"))?;
        if mean_watts <= 0.0 {
            return Err(invalid("Power_Result", mean_watts.text()));
        }
        Some(MeasuredPower { mean_watts, scope: Scope::NodeAc })
    } else {
        None
    };
    Ok(PublishedResult {
        source: format!("mlperf-inference-{round}").into(),
        id: id.into(),
        round: round.into(),
        division: row.category.clone().into(),
        category: row.availability.clone().into(),
        submitter: row.submitter.clone().into(),
        system: row.system.clone().into(),
        card: card.id.clone(),
        accelerators,
        nodes,
        benchmark,
        scenario,
        weights: row.weight_data_types.clone().into(),
        // The summary tables state none: they come from the measurements files.
        weight_transformations: None,
        tokens_per_s,
        stated_power: row_stated_power(&row.accelerator, &row.notes),
        measured_power,
        details: details_url(&row.details),
    })
}

/// The catalogue rows for `cards` in a table, in the table's order.
///
/// `entries` narrows the import to some entry IDs (`v4.1-0049`); empty takes every entry.
pub fn select(rows: &[SummaryRow], cards: &[Card], entries: &[String]) -> Result<Vec<PublishedResult>, ImportError> {
    select_with(rows, cards, entries, false)
}

/// [`select`], taking MLCommons' `preview` rows too where `preview` is set (issue 50).
pub fn select_with(
    rows: &[SummaryRow],
    cards: &[Card],
    entries: &[String],
    preview: bool,
) -> Result<Vec<PublishedResult>, ImportError> {
    let mut by_accelerator: HashMap<&str, &Card> = HashMap::new();
    for card in cards {
        for accelerator in card.mlperf_accelerators.iter() {
            if let Some(other) = by_accelerator.insert(accelerator, card) {
                if other.id != card.id {
                    return Err(ImportError::AmbiguousAccelerator {
                        accelerator: accelerator.to_string(),
                        cards: vec![other.id.to_string(), card.id.to_string()],
                    });
                }
            }
        }
    }
    rows.iter()
        .filter(|row| wanted(row, preview))
        .filter(|row| entries.is_empty() || entries.iter().any(|e| e.trim() == row.id.trim()))
        .filter_map(|row| by_accelerator.get(row.accelerator.as_str()).map(|card| (row, *card)))
        .map(|(row, card)| to_result(row, card))
        .collect()
}

/// [`parse_table`] then [`select`].
pub fn import_table(text: &str, cards: &[Card], entries: &[String]) -> Result<Vec<PublishedResult>, ImportError> {
    select(&parse_table(text)?, cards, entries)
}

// issue 50
/// [`parse_csv`] then [`select_with`]: MLCommons' `summary.csv` (v6.1), preview rows taken where asked.
pub fn import_csv(
    text: &str,
    cards: &[Card],
    entries: &[String],
    preview: bool,
) -> Result<Vec<PublishedResult>, ImportError> {
    select_with(&parse_csv(text)?, cards, entries, preview)
}

/// What identifies a result row: entry, benchmark, scenario.
pub type ResultKey = (String, Benchmark, Scenario);

pub fn key(result: &PublishedResult) -> ResultKey {
    (result.id.to_string(), result.benchmark, result.scenario)
}

/// What [`merge`] did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MergeReport {
    /// Imported rows new to the catalogue, appended.
    pub added: usize,
    /// Imported rows the catalogue already has: the catalogue's row is kept.
    pub kept: usize,
    /// Of the kept rows, how many differ from the import (a hand correction, or a changed table).
    pub differing: usize,
    /// The keys of those rows, in import order.
    pub differing_keys: Vec<ResultKey>,
    /// Imported rows repeating a key earlier in the same import (dropped).
    pub repeated: usize,
}

impl fmt::Display for MergeReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} added, {} already in the catalogue (kept as they are; {} of them differ from the table)",
            self.added, self.kept, self.differing
        )?;
        if self.repeated > 0 {
            write!(f, ", {} repeated in the import (dropped)", self.repeated)?;
        }
        Ok(())
    }
}

/// Merges imported rows into the existing ones: existing rows stay as they are and in their order
/// (hand corrections win), new rows are appended in import order, and no key appears twice.
pub fn merge(existing: &[PublishedResult], imported: Vec<PublishedResult>) -> (Vec<PublishedResult>, MergeReport) {
    let mut out = existing.to_vec();
    let mut report = MergeReport::default();
    let mut index: HashMap<ResultKey, usize> = HashMap::new();
    for (i, row) in out.iter().enumerate() {
        index.entry(key(row)).or_insert(i);
    }
    let existing_len = out.len();
    for row in imported {
        let k = key(&row);
        match index.get(&k).copied() {
            Some(i) if i < existing_len => {
                report.kept += 1;
                // A field the catalogue row lacks is filled in; that is no hand correction.
                if let Some(kept) = out.get_mut(i) {
                    if kept.details.is_none() {
                        kept.details.clone_from(&row.details);
                    }
                }
                // Nor are the weight transformations, which the table does not carry (they are read
                // from the submissions' measurements files).
                let transformations = out.get(i).and_then(|kept| kept.weight_transformations.clone());
                if out.get(i) != Some(&PublishedResult { weight_transformations: transformations, ..row }) {
                    report.differing += 1;
                    report.differing_keys.push(k);
                }
            }
            Some(_) => report.repeated += 1,
            None => {
                index.insert(k, out.len());
                out.push(row);
                report.added += 1;
            }
        }
    }
    (out, report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_first_watt_figure_of_notes() {
        let cases: &[(&str, Option<f64>)] = &[
            // Notes as the tables have them.
            ("H200 TGP 600W", Some(600.0)),
            ("H200 TGP 700W", Some(700.0)),
            ("B200 TGP 1000W", Some(1000.0)),
            ("GPU 450W / 600W (reduced)", Some(450.0)),
            ("GPU 600W / 600W (full power)", Some(600.0)),
            ("NVIDIA RTX PRO 6000 Blackwell Server Edition TGP 600W", Some(600.0)),
            ("Data bandwidth for GPU-PCIe: 504 GB/s; PCIe-NIC: 126 GB/s", None),
            ("NVIDIA L40S-48GB. Red Hat OpenShift Container Platform 4.14 + OpenShift AI", None),
            ("Automated by MLCommons CM v2.3.3. ", None),
            ("Powered by the Krai axs automation technology", None),
            // Forms.
            ("450 W", Some(450.0)),
            ("power_limit 500 W", Some(500.0)),
            ("262.5W cap", Some(262.5)),
            ("(350W)", Some(350.0)),
            ("Server Edition-600W", Some(600.0)),
            ("600W/700W", Some(600.0)),
            ("0W then 300W", Some(300.0)),
            ("cap:450W.", Some(450.0)),
            // Nothing to read.
            ("", None),
            ("W", None),
            ("600", None),
            ("600 ", None),
            ("600  W", None),
            ("0W", None),
            ("-5W", None),
            ("+5W", None),
            ("\u{2212}5W", None),
            ("1e400W", None),
            ("1,000W", None),
            ("H200W", None),
            ("1.5.0W", None),
            ("600Wh", None),
            ("600 Watts", None),
            ("600 w", None),
            (".5W", None),
            ("600.W", None),
            // Unicode.
            ("GPU \u{ff15}\u{ff10}\u{ff10}W", None),
            ("\u{e9}600W", None),
            ("GPU 450\u{a0}W", Some(450.0)),
            ("Leistung 450W\u{2014}reduziert", Some(450.0)),
            ("\u{1f50c} 300W \u{1f50c}", Some(300.0)),
            ("600W\u{301}", Some(600.0)),
        ];
        for (notes, expected) in cases {
            assert_eq!(watts_in_notes(notes), *expected, "notes {notes:?}");
        }
    }

    #[test]
    fn a_huge_number_is_not_a_power() {
        let notes = format!("{}W", "9".repeat(400));
        assert_eq!(watts_in_notes(&notes), None);
        let notes = format!("{}W 450W", "9".repeat(400));
        assert_eq!(watts_in_notes(&notes), Some(450.0));
    }

    #[test]
    fn stated_power_keeps_the_notes_as_text() {
        assert_eq!(
            stated_power("GPU 450W / 600W (reduced)"),
            Some(StatedPower { text: ("GPU 450W / 600W (reduced)".to_owned()).into(), watts: 450.0 })
        );
        assert_eq!(stated_power(""), None);
    }

    #[test]
    fn a_power_cap_in_the_accelerator_name_comes_before_the_notes() {
        let capped = "AMD Instinct MI355X 288GB HBM3e (Power Cap 1000 W)";
        assert_eq!(
            row_stated_power(capped, "MI355X TGP 1400W"),
            Some(StatedPower { text: capped.to_owned().into(), watts: 1000.0 })
        );
        assert_eq!(
            row_stated_power("NVIDIA B300-SXM-270GB", "B300 TGP 1100W"),
            Some(StatedPower { text: "B300 TGP 1100W".to_owned().into(), watts: 1100.0 })
        );
        assert_eq!(row_stated_power("AMD Instinct MI355X 288GB HBM3e", ""), None);
    }

    #[test]
    fn lenient_columns() {
        let rows = parse_table(
            r#"[{"ID": "x", "a#": 8.0, "Nodes": "1", "Performance_Result": "12.5", "has_power": "true"},
                {"ID": 7, "a#": "", "Nodes": 1.5, "Performance_Result": null, "Notes": null},
                {"a#": -1, "Power_Result": "nan"}]"#,
        )
        .unwrap_or_default();
        assert_eq!(rows.len(), 3);
        let first = rows.first().cloned();
        assert_eq!(first.as_ref().map(|r| r.accelerators), Some(Some(8)));
        assert_eq!(first.as_ref().map(|r| r.nodes), Some(Some(1)));
        assert_eq!(first.as_ref().map(|r| r.performance_result), Some(Some(12.5)));
        assert_eq!(first.as_ref().map(|r| r.has_power), Some(true));
        let second = rows.get(1).cloned();
        assert_eq!(second.as_ref().map(|r| r.id.as_str()), Some("7"));
        assert_eq!(second.as_ref().map(|r| r.accelerators), Some(None));
        assert_eq!(second.as_ref().map(|r| r.nodes), Some(None));
        assert_eq!(second.as_ref().map(|r| r.notes.as_str()), Some(""));
        let third = rows.get(2).cloned();
        assert_eq!(third.as_ref().map(|r| r.accelerators), Some(None));
        assert_eq!(third.as_ref().map(|r| r.power_result), Some(None));
        assert_eq!(third.as_ref().map(|r| r.id.as_str()), Some(""));
    }
}
