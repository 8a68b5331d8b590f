//! The catalogue: cards, published throughputs, measured references and their sources.
//!
//! `data/*.json` is embedded at compile time and parsed once. Every record names a source from
//! `data/sources.json`; a figure no source gives is absent (`None`) and the app prints "not published".
//! [`Catalogue::validate`] states the rules the tests hold the data to.

mod validate;

use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

pub use validate::CatalogueError;

/// The MLPerf benchmark a throughput was published for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Benchmark {
    #[serde(rename = "llama2-70b-99")]
    Llama2_70b99,
    #[serde(rename = "llama2-70b-99.9")]
    Llama2_70b999,
}

impl Benchmark {
    pub const ALL: [Benchmark; 2] = [Benchmark::Llama2_70b99, Benchmark::Llama2_70b999];

    /// The identifier MLCommons and the link use.
    pub fn id(self) -> &'static str {
        match self {
            Benchmark::Llama2_70b99 => "llama2-70b-99",
            Benchmark::Llama2_70b999 => "llama2-70b-99.9",
        }
    }

    pub fn from_id(id: &str) -> Option<Benchmark> {
        Benchmark::ALL.into_iter().find(|b| b.id() == id)
    }
}

/// The MLPerf scenario: how the load was offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scenario {
    Offline,
    Server,
    Interactive,
}

impl Scenario {
    pub const ALL: [Scenario; 3] = [Scenario::Offline, Scenario::Server, Scenario::Interactive];

    pub fn id(self) -> &'static str {
        match self {
            Scenario::Offline => "offline",
            Scenario::Server => "server",
            Scenario::Interactive => "interactive",
        }
    }

    /// The name MLCommons prints.
    pub fn label(self) -> &'static str {
        match self {
            Scenario::Offline => "Offline",
            Scenario::Server => "Server",
            Scenario::Interactive => "Interactive",
        }
    }

    pub fn from_id(id: &str) -> Option<Scenario> {
        Scenario::ALL.into_iter().find(|s| s.id() == id)
    }
}

/// What a measured power figure covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scope {
    /// GPU boards only (e.g. DCGM energy counters, nvidia-smi).
    GpuBoard,
    /// The whole node, AC, at the wall (MLPerf Power).
    NodeAc,
}

impl Scope {
    pub fn id(self) -> &'static str {
        match self {
            Scope::GpuBoard => "gpu-board",
            Scope::NodeAc => "node-ac",
        }
    }
    pub fn label(self) -> &'static str {
        match self {
            Scope::GpuBoard => "GPU boards only",
            Scope::NodeAc => "whole node, AC at the wall",
        }
    }
}

/// One source: a document, page, result table or log that a figure was read from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    pub id: String,
    pub publisher: String,
    pub title: String,
    /// ISO date of publication (or of reading, for a web page).
    pub date: String,
    #[serde(default)]
    pub url: Option<String>,
}

/// A power figure read from a source.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourcedWatts {
    pub watts: f64,
    pub source: String,
}

/// A published power limit other than the maximum and minimum.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NamedLimit {
    pub label: String,
    pub watts: f64,
    pub source: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourcedText {
    pub text: String,
    pub source: String,
}

/// A GPU card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    /// Catalogue id, used in links (`h200-nvl`).
    pub id: String,
    pub name: String,
    /// The `Accelerator` strings MLCommons' tables use for this card (for the importer).
    pub mlperf_accelerators: Vec<String>,
    /// Rated maximum board power.
    pub max_power: SourcedWatts,
    /// Minimum power limit; `None` where no source publishes one.
    pub min_power: Option<SourcedWatts>,
    #[serde(default)]
    pub other_limits: Vec<NamedLimit>,
    pub memory: Option<SourcedText>,
}

/// The power setting a submitter stated for a result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatedPower {
    /// The words as published (MLPerf `Notes`, or the system configuration).
    pub text: String,
    /// The per-card limit those words state.
    pub watts: f64,
}

/// A power measurement published with a result (MLPerf Power).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeasuredPower {
    /// Mean power over the measured window, as the publisher reports it.
    pub mean_watts: f64,
    pub scope: Scope,
}

/// One published throughput: an MLPerf result row (entry × benchmark × scenario).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PublishedResult {
    /// MLPerf entry ID (`6.0-0021`, `v4.1-0049`).
    pub id: String,
    /// Round (`v6.0`).
    pub round: String,
    /// `closed` or `open`.
    pub division: String,
    /// `available`, `preview` or `rdi`.
    pub category: String,
    pub submitter: String,
    pub system: String,
    /// Catalogue card id.
    pub card: String,
    /// Accelerators in the system.
    pub accelerators: u32,
    pub benchmark: Benchmark,
    pub scenario: Scenario,
    /// Weight precision as published (`fp8`, `fp4`, `fp16`).
    pub weights: String,
    /// Output tokens per second, as MLCommons' summary table gives it.
    pub tokens_per_s: f64,
    /// `None`: the submitter stated no power setting.
    pub stated_power: Option<StatedPower>,
    /// `None`: no power was measured for this result.
    pub measured_power: Option<MeasuredPower>,
    /// Source id (the round's summary table).
    pub source: String,
}

impl PublishedResult {
    /// The per-card power the throughput belongs to: the stated setting, else the card's rated max.
    pub fn power_setting(&self, card: &Card) -> f64 {
        self.stated_power.as_ref().map_or(card.max_power.watts, |p| p.watts)
    }

    /// The citation MLCommons asks for.
    pub fn citation(&self) -> String {
        format!(
            "MLPerf® Inference {} {} {} {} {}, entry {}. Result verified by MLCommons Association.",
            self.round.trim_start_matches('v'),
            capitalise(&self.division),
            capitalise(&self.category),
            self.benchmark.id(),
            self.scenario.label(),
            self.id
        )
    }
}

fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A published measurement that is context, not a configuration of this app (ML.ENERGY).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContextMeasurement {
    pub id: String,
    pub card: String,
    pub cards: u32,
    pub model: String,
    pub task: String,
    pub condition: String,
    pub joules_per_token: f64,
    pub joules_per_response: Option<f64>,
    pub scope: Scope,
    pub source: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meta {
    pub data_version: String,
    pub last_updated: String,
}

/// The whole catalogue.
#[derive(Debug, Clone, PartialEq)]
pub struct Catalogue {
    pub meta: Meta,
    pub sources: Vec<Source>,
    pub cards: Vec<Card>,
    pub results: Vec<PublishedResult>,
    pub context: Vec<ContextMeasurement>,
}

/// The JSON files, as compiled into the app.
pub mod embedded {
    pub const META: &str = include_str!("../../data/meta.json");
    pub const SOURCES: &str = include_str!("../../data/sources.json");
    pub const CARDS: &str = include_str!("../../data/cards.json");
    pub const RESULTS: &str = include_str!("../../data/results.json");
    pub const CONTEXT: &str = include_str!("../../data/context.json");
}

/// A catalogue file that does not parse.
#[derive(Debug, Clone, PartialEq)]
pub struct ParseError {
    pub file: &'static str,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "data/{}: {}", self.file, self.message)
    }
}

fn parse<T: serde::de::DeserializeOwned>(file: &'static str, text: &str) -> Result<T, ParseError> {
    serde_json::from_str(text).map_err(|e| ParseError { file, message: e.to_string() })
}

impl Catalogue {
    /// Parses the five catalogue texts (the embedded ones, or others in tests).
    pub fn from_json(
        meta: &str,
        sources: &str,
        cards: &str,
        results: &str,
        context: &str,
    ) -> Result<Catalogue, ParseError> {
        Ok(Catalogue {
            meta: parse("meta.json", meta)?,
            sources: parse("sources.json", sources)?,
            cards: parse("cards.json", cards)?,
            results: parse("results.json", results)?,
            context: parse("context.json", context)?,
        })
    }

    /// The catalogue compiled into the app, parsed on first use.
    pub fn embedded() -> Result<&'static Catalogue, &'static ParseError> {
        static CELL: OnceLock<Result<Catalogue, ParseError>> = OnceLock::new();
        CELL.get_or_init(|| {
            Catalogue::from_json(
                embedded::META,
                embedded::SOURCES,
                embedded::CARDS,
                embedded::RESULTS,
                embedded::CONTEXT,
            )
        })
        .as_ref()
    }

    pub fn card(&self, id: &str) -> Option<&Card> {
        self.cards.iter().find(|c| c.id == id)
    }

    pub fn source(&self, id: &str) -> Option<&Source> {
        self.sources.iter().find(|s| s.id == id)
    }

    /// All rows of one MLPerf entry.
    pub fn entry(&self, id: &str) -> impl Iterator<Item = &PublishedResult> {
        let id = id.to_owned();
        self.results.iter().filter(move |r| r.id == id)
    }

    /// The row of an entry for one benchmark and scenario.
    pub fn result(&self, id: &str, benchmark: Benchmark, scenario: Scenario) -> Option<&PublishedResult> {
        self.results.iter().find(|r| r.id == id && r.benchmark == benchmark && r.scenario == scenario)
    }

    /// Distinct entry ids for a card, in catalogue order.
    pub fn entries_for_card(&self, card: &str) -> Vec<&PublishedResult> {
        let mut seen: Vec<&PublishedResult> = Vec::new();
        for r in self.results.iter().filter(|r| r.card == card) {
            if !seen.iter().any(|s| s.id == r.id) {
                seen.push(r);
            }
        }
        seen
    }

    /// The publication date of a result's round (its source's date).
    pub fn published_on(&self, result: &PublishedResult) -> Option<&str> {
        self.source(&result.source).map(|s| s.date.as_str())
    }
}
