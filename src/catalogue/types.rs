//! The catalogue's record types. This file is also compiled into `build.rs`, which parses
//! `data/*.json` into these types and writes them out as static Rust data: the app carries the
//! catalogue as values, not as JSON to parse.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// Text in a record: borrowed from the static catalogue, owned when parsed or imported.
pub type Text = Cow<'static, str>;

/// The MLPerf benchmark a throughput was published for: a model and, where MLCommons' id carries one,
/// the accuracy target it was held to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Benchmark {
    #[serde(rename = "llama2-70b-99")]
    Llama2_70b99,
    #[serde(rename = "llama2-70b-99.9")]
    Llama2_70b999,
    #[serde(rename = "llama3.1-8b")]
    Llama3_1_8b,
    #[serde(rename = "llama3.1-405b")]
    Llama3_1_405b,
    #[serde(rename = "mixtral-8x7b")]
    Mixtral8x7b,
    #[serde(rename = "deepseek-r1")]
    DeepseekR1,
    #[serde(rename = "gpt-oss-120b")]
    GptOss120b,
}

impl Benchmark {
    /// Every benchmark: the two Llama 2 70B ids first (the catalogue's first), then by model.
    pub const ALL: [Benchmark; 7] = [
        Benchmark::Llama2_70b99,
        Benchmark::Llama2_70b999,
        Benchmark::Llama3_1_8b,
        Benchmark::Llama3_1_405b,
        Benchmark::Mixtral8x7b,
        Benchmark::DeepseekR1,
        Benchmark::GptOss120b,
    ];

    /// The identifier MLCommons' tables (`Model`) and the link use.
    pub fn id(self) -> &'static str {
        match self {
            Benchmark::Llama2_70b99 => "llama2-70b-99",
            Benchmark::Llama2_70b999 => "llama2-70b-99.9",
            Benchmark::Llama3_1_8b => "llama3.1-8b",
            Benchmark::Llama3_1_405b => "llama3.1-405b",
            Benchmark::Mixtral8x7b => "mixtral-8x7b",
            Benchmark::DeepseekR1 => "deepseek-r1",
            Benchmark::GptOss120b => "gpt-oss-120b",
        }
    }

    /// The model's plain name, as a buyer reads it (without the accuracy target).
    pub fn name(self) -> &'static str {
        match self {
            Benchmark::Llama2_70b99 | Benchmark::Llama2_70b999 => "Llama 2 70B",
            Benchmark::Llama3_1_8b => "Llama 3.1 8B",
            Benchmark::Llama3_1_405b => "Llama 3.1 405B",
            Benchmark::Mixtral8x7b => "Mixtral 8x7B",
            Benchmark::DeepseekR1 => "DeepSeek-R1",
            Benchmark::GptOss120b => "gpt-oss-120b",
        }
    }

    /// The accuracy target the id carries (share of the reference model's accuracy), where it carries one.
    pub fn accuracy(self) -> Option<&'static str> {
        match self {
            Benchmark::Llama2_70b99 => Some("99 %"),
            Benchmark::Llama2_70b999 => Some("99.9 %"),
            Benchmark::Llama3_1_8b
            | Benchmark::Llama3_1_405b
            | Benchmark::Mixtral8x7b
            | Benchmark::DeepseekR1
            | Benchmark::GptOss120b => None,
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

/// One source: a document, page, result table or log that a figure was read from. The title is the
/// source's own (or the words that identify it, quoting it verbatim), in its language; what the
/// project says about it — what was read there, where, how — is the note, in both languages (issue 38).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    pub id: Text,
    /// The publisher as the source names it.
    pub publisher: Text,
    /// The publisher in German where it is a description rather than a name ("Europäische
    /// Kommission"); `None`: the name is written the same in both languages ("NVIDIA").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub publisher_de: Option<Text>,
    /// The title as published, never translated.
    pub title: Text,
    /// The title's language where it is not English (`de`); `None`: English.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<Text>,
    /// The project's note on the source (what was read there, and how), in English and German: both
    /// or neither.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<Text>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note_de: Option<Text>,
    /// ISO date of publication (or of reading, for a web page).
    pub date: Text,
    /// The ISO date the page was read on, where the entry says so ("read October 10, 2026").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read: Option<Text>,
    #[serde(default)]
    pub url: Option<Text>,
}

impl Source {
    /// The title's language: `en` unless the data names another.
    pub fn title_lang(&self) -> &str {
        self.lang.as_deref().unwrap_or("en")
    }
}

/// A power figure read from a source.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourcedWatts {
    pub watts: f64,
    pub source: Text,
}

/// A published power limit other than the maximum and minimum.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NamedLimit {
    pub label: Text,
    /// The label in German (the page's German words; the source's own words stay in `label`).
    #[serde(default)]
    pub label_de: Option<Text>,
    pub watts: f64,
    pub source: Text,
}

/// A power mode of a card (a cable mode): the range of limits it accepts in that mode.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PowerMode {
    pub label: Text,
    #[serde(default)]
    pub label_de: Option<Text>,
    /// The largest limit in this mode (the driver's Max Power Limit).
    pub max_watts: f64,
    /// The smallest, where published.
    pub min_watts: Option<f64>,
    pub source: Text,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourcedText {
    pub text: Text,
    pub source: Text,
}

/// A GPU card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    /// Catalogue id, used in links (`h200-nvl`).
    pub id: Text,
    /// The card's name as its maker writes it (`NVIDIA GB200 186 GB`): the same in every language,
    /// and what a short label prints.
    pub name: Text,
    /// What the name counts, where it needs saying (`per Blackwell GPU`), in English and German
    /// (`je Blackwell-GPU`): both or neither. The page writes it after the name, in parentheses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_note: Option<Text>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_note_de: Option<Text>,
    /// The `Accelerator` strings MLCommons' tables use for this card (for the importer).
    pub mlperf_accelerators: Cow<'static, [Text]>,
    /// Rated maximum board power.
    pub max_power: SourcedWatts,
    /// Minimum power limit; `None` where no source publishes one.
    pub min_power: Option<SourcedWatts>,
    #[serde(default)]
    pub other_limits: Cow<'static, [NamedLimit]>,
    /// The modes the card is cabled or configured for, each with the limits the driver then
    /// reports (the RTX PRO 6000 Server Edition's 600 W and 450 W cable modes); empty where none
    /// is published.
    #[serde(default)]
    pub power_modes: Cow<'static, [PowerMode]>,
    pub memory: Option<SourcedText>,
    /// The rack the card is built into as one system (GB200 NVL72: 72 GPUs), where it is sold so;
    /// `None` for a card that goes into servers of any size.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rack: Option<RackScale>,
    /// The systems the card is sold in whose maximum power a source states (issue 36): an 8-GPU
    /// server (NVIDIA DGX H100) or a rack (GB200 NVL72). Empty where none is sourced.
    #[serde(default, skip_serializing_if = "<[System]>::is_empty")]
    pub systems: Cow<'static, [System]>,
    /// The manufacturing (cradle-to-gate) footprint of the card's share of its baseboard, where a maker's
    /// product carbon footprint states one (issue 40); `None`: not published.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub embodied: Option<Embodied>,
    // issue 48
    /// The own draw (everything but the GPU boards) of a server of this card that no source describes,
    /// where measurements bound it (issue 48): an estimate, never a system's stated maximum.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub own_draw: Option<OwnDrawEstimate>,
}

/// How a server's own draw is bounded where no source states its maximum (issue 48): at least what
/// measured wall power less the GPUs at their rated power shows, at most a comparable system's stated
/// maximum less its boards.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OwnDrawEstimate {
    /// GPUs in the server the bounds are for (8).
    pub gpus: u32,
    /// The lower bound, W: a measured server's wall power less its GPUs at their rated power.
    pub low_watts: f64,
    /// The published result whose measured wall power gives the lower bound (`5.1-0061`).
    pub low_result: Text,
    pub low_source: Text,
    /// The comparable system (a `systems` id of this card) whose stated maximum less its boards is the
    /// upper bound.
    pub comparable: Text,
}

/// How a system's maximum is worded by its source (issue 48).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MaxKind {
    /// The maker states it ("up to 142 kW"): a ceiling.
    Stated,
    /// Arithmetic on figures the maker states.
    Derived,
    /// Only others state it (press, a reseller): an estimate, a span where they differ.
    Secondary,
}

/// A product carbon footprint as its maker states it, per GPU: the board's total ÷ its GPUs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Embodied {
    /// kg CO₂e per GPU.
    pub kg_per_gpu: f64,
    /// What the footprint covers, as stated (`HGX H100 8-GPU baseboard: 1,312 kg CO2e`).
    pub text: Text,
    pub source: Text,
}

/// A system whose maximum input power its maker states: what the plan checks a rack budget and a
/// circuit against instead of the GPU boards alone (issue 36).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct System {
    /// Catalogue id (`dgx-h100`).
    pub id: Text,
    /// As its maker writes it (`NVIDIA DGX H100`).
    pub name: Text,
    /// GPUs in one system: 8 in a DGX, 72 in an NVL72 rack.
    pub gpus: u32,
    /// The stated maximum input power of one system, W (at the GPUs' rated power).
    pub max_watts: f64,
    /// The upper end where the sources give the maximum as a span (`~120–132 kW`), W.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_high: Option<f64>,
    pub source: Text,
    // issue 48
    /// How `source` words the maximum: stated by the maker, derived, or secondary.
    pub kind: MaxKind,
    /// The source of `max_high`, where another one gives the upper end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub high_source: Option<Text>,
    /// For a server (not a rack): the words a published result's system name holds when it is this
    /// system (`DGX H100`); a result naming none of them is another maker's server. A rack-scale
    /// system's maximum belongs to its rack whoever submitted it.
    #[serde(default, skip_serializing_if = "<[Text]>::is_empty")]
    pub names: Cow<'static, [Text]>,
    /// Its power supplies, where stated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub psus: Option<Psus>,
    /// `air` or `liquid`, where stated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cooling: Option<SourcedText>,
    // issue 52
    /// A system of the vendor who hosts the page (its vendor file's `systems`, added to the catalogue
    /// at run time by `vendor::catalogue_with`): chosen by its id, never matched by a result's name.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub vendor: bool,
    /// Its own draw beyond the GPU boards under load, W, as its vendor states it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub own_watts: Option<f64>,
    /// Its whole wall power with a model loaded and no request, W, as its vendor measured it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub idle_watts: Option<f64>,
}

/// A system's power supplies as its maker states them: count, rating, redundancy.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Psus {
    pub count: u32,
    /// Rating of one supply, W.
    pub watts: f64,
    /// As stated (`4+2`); `None` where not stated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redundancy: Option<Text>,
    pub source: Text,
}

/// A rack-scale system a card is built into: its name and how many of the card one rack holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RackScale {
    /// The system's name as its maker writes it (`NVL72`).
    pub name: Text,
    /// Accelerators in one rack.
    pub accelerators: u32,
    pub source: Text,
}

impl Card {
    /// The card's maker, as its name begins ("NVIDIA", "AMD").
    pub fn vendor(&self) -> &str {
        self.name.split_whitespace().next().unwrap_or_default()
    }
}

/// The power setting a submitter stated for a result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatedPower {
    /// The words as published (MLPerf `Notes`, or the system configuration).
    pub text: Text,
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
    pub id: Text,
    /// Round (`v6.0`).
    pub round: Text,
    /// `closed` or `open`.
    pub division: Text,
    /// `available`, `preview` or `rdi`.
    pub category: Text,
    pub submitter: Text,
    pub system: Text,
    /// Catalogue card id.
    pub card: Text,
    /// Accelerators in the whole system: nodes × accelerators per node (MLCommons' `Nodes` × `a#`).
    pub accelerators: u32,
    /// Nodes the system spans (MLCommons' `Nodes`); 1, the default, is one server.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub nodes: u32,
    pub benchmark: Benchmark,
    pub scenario: Scenario,
    /// Weight precision as published (`fp8`, `fp4`, `fp16`): MLCommons' `weight_data_types`, the
    /// format the submitter started from.
    pub weights: Text,
    /// The submission's `weight_transformations` as its own measurements file writes them
    /// (`quantization, affine fusion`, `none`), with that file's source; `None` where no
    /// measurements file was read for the row (issue 34.9, `data/tools/mlperf-measurements.py`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weight_transformations: Option<SourcedText>,
    /// Output tokens per second, as MLCommons' summary table gives it.
    pub tokens_per_s: f64,
    /// `None`: the submitter stated no power setting.
    pub stated_power: Option<StatedPower>,
    /// `None`: no power was measured for this result.
    pub measured_power: Option<MeasuredPower>,
    /// Source id (the round's summary table).
    pub source: Text,
    /// The result's public page at MLCommons (the table's `Details`), where the table gives one.
    #[serde(default)]
    pub details: Option<Text>,
}

fn one() -> u32 {
    1
}

fn is_one(n: &u32) -> bool {
    *n == 1
}

/// How big the system behind a result is: what the comparison table filters by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SystemSize {
    /// One server (one node).
    Server,
    /// Several nodes that are not whole racks of a rack-scale system.
    Nodes,
    /// Whole racks of a rack-scale system (the card's [`RackScale`]): 72 GB200 in one NVL72.
    Rack,
}

impl SystemSize {
    pub const ALL: [SystemSize; 3] = [SystemSize::Server, SystemSize::Nodes, SystemSize::Rack];

    /// The identifier the table filter uses.
    pub fn id(self) -> &'static str {
        match self {
            SystemSize::Server => "server",
            SystemSize::Nodes => "nodes",
            SystemSize::Rack => "rack",
        }
    }
}

impl PublishedResult {
    /// Accelerators in each node (the table's `a#`), where they divide evenly.
    pub fn accelerators_per_node(&self) -> Option<u32> {
        (self.nodes > 0 && self.accelerators % self.nodes == 0).then(|| self.accelerators / self.nodes)
    }

    /// Whole racks of the card's rack-scale system the result ran on; `None` for a system of one
    /// node, a card sold in no rack, or accelerators that do not fill whole racks.
    pub fn racks(&self, card: &Card) -> Option<u32> {
        let rack = card.rack.as_ref()?;
        (self.nodes > 1 && rack.accelerators > 0 && self.accelerators % rack.accelerators == 0)
            .then(|| self.accelerators / rack.accelerators)
    }

    /// One server, several nodes, or whole racks.
    pub fn size(&self, card: &Card) -> SystemSize {
        if self.racks(card).is_some() {
            SystemSize::Rack
        } else if self.nodes > 1 {
            SystemSize::Nodes
        } else {
            SystemSize::Server
        }
    }

    /// The per-card power the throughput belongs to: the stated setting, else the card's rated max.
    pub fn power_setting(&self, card: &Card) -> f64 {
        self.stated_power.as_ref().map_or(card.max_power.watts, |p| p.watts)
    }

    // issue 50
    /// Whether MLCommons published the result as a preview: a system not yet available (v6.1's
    /// Vera Rubin). Every view that names the row says so.
    pub fn is_preview(&self) -> bool {
        self.category == "preview"
    }

    /// The row's own folder in MLCommons' results repository, where the catalogue can name it: for a
    /// row keyed by its folder (`6.1:<Organization>/<Platform>`, issue 50), the system's folder
    /// (`details`) with `/<benchmark>/<Scenario>/performance/run_1`, which the importer checked against
    /// the table's `Location`; for a row with an MLCommons ID, its `details` as published.
    pub fn folder(&self) -> Option<String> {
        let details = self.details.as_deref()?;
        Some(if self.id.contains(':') {
            format!("{details}/{}/{}/performance/run_1", self.benchmark.id(), self.scenario.label())
        } else {
            details.to_owned()
        })
    }

    /// The system's folder in MLCommons' results repository that a key (`6.1:<Organization>/<Platform>`)
    /// names, in the round and division given; `None` for an MLCommons ID (no `:`). The importer writes
    /// it as such a row's `details`, and the baked catalogue keeps only the key (issue 50).
    pub fn keyed_details(id: &str, round: &str, division: &str) -> Option<String> {
        let (_, system) = id.split_once(':')?;
        let (organization, platform) = system.split_once('/')?;
        Some(format!(
            "https://github.com/mlcommons/inference_results_{round}/tree/main/{division}/{organization}/results/{platform}"
        ))
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
        Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

/// A published measurement that is context, not a configuration of this app (ML.ENERGY).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContextMeasurement {
    pub id: Text,
    pub card: Text,
    pub cards: u32,
    pub model: Text,
    pub task: Text,
    pub condition: Text,
    /// `task` and `condition` in German.
    #[serde(default)]
    pub task_de: Option<Text>,
    #[serde(default)]
    pub condition_de: Option<Text>,
    pub joules_per_token: f64,
    pub joules_per_response: Option<f64>,
    pub scope: Scope,
    pub source: Text,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meta {
    pub data_version: Text,
    pub last_updated: Text,
}

/// A reference value shown beside a plan field (`data/reference.json`): a person can click it to
/// apply it, and it is never a silent default.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReferenceValue {
    pub id: Text,
    /// The plan field it is for (its link parameter: `pue`, `price`, `co2`).
    pub field: Text,
    pub value: f64,
    /// For a price: its currency (`EUR`, `USD`, `GBP`).
    #[serde(default)]
    pub currency: Option<Text>,
    pub label: Text,
    /// The year the value is for.
    pub year: Text,
    pub source: Text,
    /// A caveat worth reading before use.
    pub note: Text,
    /// `label` and `note` in German.
    #[serde(default)]
    pub label_de: Option<Text>,
    #[serde(default)]
    pub note_de: Option<Text>,
    /// For an idle power (issue 35): the card it was read on; the plan offers it for that card only.
    #[serde(default)]
    pub card: Option<Text>,
    /// The upper end where the source shows a spread (several GPUs of one table): `value` is the lower.
    #[serde(default)]
    pub high: Option<f64>,
    /// The systems (`Card::systems` ids) an overhead belongs to (issue 36): offered only for them.
    #[serde(default, skip_serializing_if = "<[Text]>::is_empty")]
    pub systems: Cow<'static, [Text]>,
}

/// One data version in `data/changes.json`, oldest first: what changed since the version before it
/// (the first: what the catalogue began with). `tests/data_version.rs` holds the newest to the data
/// files (its `files` digest) and to `data/meta.json` (its version).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DataVersion {
    pub version: Text,
    /// The day it was made (`YYYY-MM-DD`).
    pub date: Text,
    /// `fnv1a64:` and the digest of the data files at this version (every `data/*.json` but this
    /// file, by name, line ends as `\n`), as `tests/data_version.rs` computes it.
    pub files: Text,
    pub changes: Cow<'static, [DataChange]>,
}

/// What a change is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChangeKind {
    /// Cards or rows added.
    Added,
    /// A published value corrected (the text says old → new and why).
    Corrected,
    /// A rule of the model changed: the same inputs give other figures.
    Rule,
    /// Words only: no value changed.
    Wording,
}

impl ChangeKind {
    /// The id `data/changes.json` uses.
    pub fn id(self) -> &'static str {
        match self {
            ChangeKind::Added => "added",
            ChangeKind::Corrected => "corrected",
            ChangeKind::Rule => "rule",
            ChangeKind::Wording => "wording",
        }
    }
}

/// One change of a data version, and what it concerns: a configuration showing one of its cards,
/// results or benchmarks, or (`plan`) one with a plan field set. A change naming none of these
/// concerns every configuration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DataChange {
    pub kind: ChangeKind,
    pub text: Text,
    pub text_de: Text,
    #[serde(default)]
    pub cards: Cow<'static, [Text]>,
    #[serde(default)]
    pub results: Cow<'static, [Text]>,
    #[serde(default)]
    pub benchmarks: Cow<'static, [Benchmark]>,
    #[serde(default)]
    pub plan: bool,
}
