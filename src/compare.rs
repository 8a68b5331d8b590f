//! Configurations side by side: the list a person keeps (at most [`MAX`]), how it travels in a link
//! and in the browser's storage, the grid of figures with the best of each row and the differences
//! against a baseline, and the CSV and JSON exports. Pure: strings in, strings and figures out.

use crate::catalogue::{Benchmark, Catalogue, Scenario};
use crate::figure::{Figure, Kind};
use crate::form::{Form, Throughput};
use crate::link::{self, Notice};
use crate::model::Figures;
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
/// The JSON export's `version` this page writes. 1: `data_version`, `data_date`, `link`, and per
/// configuration `name`, `link`, `query`, `figures` (written until December 2026). 2: adds
/// `customer`, `reference`, `current` (the page's own configuration as a query, with its plan) and
/// per configuration `title`, `card`, `cards`, `servers`, `result`, `benchmark`, `scenario`,
/// `precision`, `limit_w` and `plan`; `name` is empty for a configuration never named. The page
/// reads every version up to this one.
pub const VERSION: u32 = 2;

/// One compared configuration: the person's name for it (empty: never named; the page shows a
/// default name from the configuration, [`display_name`]) and its form.
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
    /// The `position`-th configuration (from 1) is not one this version reads: empty, or the link's
    /// first notice.
    Unreadable { position: usize, reason: Option<Notice> },
    /// More configurations than [`MAX`] were given; the rest were left out.
    TooMany { given: usize },
    /// A file that is not a comparison this page wrote.
    ForeignFile(Foreign),
}

/// Why a picked file is not a comparison this page reads.
#[derive(Debug, Clone, PartialEq)]
pub enum Foreign {
    /// The browser could not read it (or no file was chosen).
    Unreadable,
    /// Larger than the page reads.
    TooLarge,
    /// The page's own CSV export: the .json file is the one to open.
    Csv,
    NotJson,
    NoFormat,
    OtherFormat(String),
    /// Written by a newer version of the page.
    NewerVersion(u32),
    Empty,
}

impl fmt::Display for Foreign {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Foreign::Unreadable => write!(f, "the file could not be read"),
            Foreign::TooLarge => write!(f, "the file is too large"),
            Foreign::Csv => write!(
                f,
                "it is the CSV export, which the page does not read back; open the .json file downloaded beside it"
            ),
            Foreign::NotJson => write!(f, "it is not JSON"),
            Foreign::NoFormat => write!(f, "it names no format"),
            Foreign::OtherFormat(format) => write!(f, "its format is “{format}”"),
            Foreign::NewerVersion(v) => {
                write!(f, "it was written by a newer version of this page (format version {v})")
            }
            Foreign::Empty => write!(f, "it holds no configuration"),
        }
    }
}

impl fmt::Display for CompareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompareError::Full => write!(f, "The comparison holds {MAX} configurations: remove one to add another."),
            CompareError::Unreadable { position, reason } => match reason {
                Some(notice) => {
                    write!(f, "Compared configuration {position} could not be read ({notice}); it was left out.")
                }
                None => {
                    write!(f, "Compared configuration {position} could not be read (it is empty); it was left out.")
                }
            },
            CompareError::TooMany { given } => {
                write!(f, "{given} configurations were given; the comparison keeps the first {MAX}.")
            }
            CompareError::ForeignFile(why) => write!(f, "This file is not a token-energy comparison: {why}."),
        }
    }
}

/// A name as kept: trimmed, at most [`NAME_MAX`] characters, no control characters; empty when the
/// person gave none (the page then shows [`display_name`]).
pub fn clean_name(name: &str) -> String {
    name.trim().chars().filter(|c| !c.is_control()).take(NAME_MAX).collect()
}

/// A configuration's facts, as the grid's default name and subtitle, the exports and the mismatch
/// warning read them (`None` where a field is not valid).
#[derive(Debug, Clone, PartialEq)]
pub struct Facts {
    pub card_id: String,
    /// The card's name without its maker ("H200 NVL").
    pub card: String,
    pub gpus: Option<u32>,
    pub servers: Option<u32>,
    /// The published result's entry id, or `None` for one's own throughput.
    pub result: Option<String>,
    /// One's own output tokens/s per server.
    pub own_tps: Option<f64>,
    pub benchmark: Benchmark,
    pub scenario: Scenario,
    /// The format the result is known to have run in ("FP8"); `None` for one's own throughput and
    /// where its submission leaves it open (issue 34.9).
    pub precision: Option<String>,
    /// The weights the submission started from where the served format is left open ("FP16").
    pub started_from: Option<String>,
    /// The power limit per card.
    pub watts: Option<f64>,
    /// The result's own power setting per card (its stated setting, else the card's rating).
    pub setting: Option<f64>,
    /// The plan's output tokens per day and average load (%), where set and valid.
    pub demand: Option<f64>,
    pub load: Option<f64>,
    // issue 50
    /// The published result is an MLCommons preview (not yet available): every name of it says so.
    pub preview: bool,
    // issue 52
    /// The vendor's system chosen, its name: every name of the configuration leads with it.
    pub system: Option<String>,
}

impl Facts {
    /// Whether the configuration runs at its result's own power setting.
    pub fn at_setting(&self) -> bool {
        match (self.watts, self.setting) {
            (Some(w), Some(s)) => w == s,
            _ => true,
        }
    }
}

/// The facts of one configuration.
pub fn facts(catalogue: &Catalogue, form: &Form) -> Facts {
    let checked = form.check(catalogue);
    let card = catalogue.card(&form.card);
    let started_from = match &checked.throughput {
        Ok(Throughput::Published(r)) => {
            let p = crate::precision::Precision::of(r);
            p.served().is_none().then(|| p.started_from())
        }
        _ => None,
    };
    let (result, own_tps, precision, setting) = match &checked.throughput {
        Ok(Throughput::Published(r)) => {
            // What is known to have run (issue 34.9): a format the submission leaves open is no precision.
            (
                Some(r.id.to_string()),
                None,
                crate::precision::Precision::of(r).served(),
                card.map(|c| r.power_setting(c)),
            )
        }
        Ok(Throughput::Own(tps)) => (None, Some(tps.value()), None, None),
        Err(_) => (None, None, None, None),
    };
    Facts {
        card_id: form.card.clone(),
        card: card.map_or_else(
            || form.card.clone(),
            |c| c.name.split_once(' ').map_or(c.name.to_string(), |(_, rest)| rest.to_owned()),
        ),
        gpus: checked.gpus.as_ref().ok().copied(),
        servers: checked.servers.as_ref().ok().copied(),
        result,
        own_tps,
        benchmark: form.benchmark,
        scenario: form.scenario,
        precision,
        started_from,
        watts: checked.watts.as_ref().and_then(|w| w.as_ref().ok()).map(|w| w.value()),
        setting,
        demand: checked.plan.demand.as_ref().ok().copied().flatten(),
        load: checked.plan.load.as_ref().ok().copied().flatten(),
        preview: matches!(&checked.throughput, Ok(Throughput::Published(r)) if r.is_preview()),
        system: checked.system.map(|s| s.name.to_string()),
    }
}

/// What the compared configurations differ in that makes their figures stand for different work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mismatch {
    Benchmark,
    Scenario,
    /// The results' published weights differ (what is published, never a guess at what was served).
    Precision,
    /// Some run at their result's own power setting, others at another limit (a range).
    Limit,
    /// The plan's average load differs.
    Load,
    /// The plan's demand differs (or only some have one).
    Demand,
    // issue 48
    /// Some peaks count the whole system (a stated maximum or an own-draw estimate), others the GPU
    /// boards alone (or the boards and a typed overhead).
    Boundary,
}

/// Every way the compared configurations differ that the grid must say; empty for fewer than two.
pub fn mismatches(catalogue: &Catalogue, list: &[Saved]) -> Vec<Mismatch> {
    let facts: Vec<Facts> = list.iter().map(|s| facts(catalogue, &s.form)).collect();
    let differs = |f: &dyn Fn(&Facts) -> String| facts.windows(2).any(|w| matches!(w, [a, b] if f(a) != f(b)));
    let mut out = Vec::new();
    if differs(&|f| f.benchmark.id().to_owned()) {
        out.push(Mismatch::Benchmark);
    }
    if differs(&|f| f.scenario.id().to_owned()) {
        out.push(Mismatch::Scenario);
    }
    // Only between published precisions: one's own throughput states none.
    let precisions: Vec<&String> = facts.iter().filter_map(|f| f.precision.as_ref()).collect();
    if precisions.windows(2).any(|w| matches!(w, [a, b] if a != b)) {
        out.push(Mismatch::Precision);
    }
    if differs(&|f| f.at_setting().to_string()) {
        out.push(Mismatch::Limit);
    }
    // issue 53: compared as values, not as their `Debug` text (which brought f64's and Option's
    // `Debug` into the wasm).
    let differs_in = |f: &dyn Fn(&Facts) -> Option<f64>| facts.windows(2).any(|w| matches!(w, [a, b] if f(a) != f(b)));
    if differs_in(&|f| f.load) {
        out.push(Mismatch::Load);
    }
    if differs_in(&|f| f.demand) {
        out.push(Mismatch::Demand);
    }
    // issue 48: the peaks' boundaries, where every configuration has one.
    let peaks: Vec<Option<&'static str>> =
        evaluated(catalogue, list).iter().map(|e| e.plan.server_power.as_ref().and_then(|f| f.boundary.id())).collect();
    if peaks.windows(2).any(|w| matches!(w, [Some(a), Some(b)] if a != b)) {
        out.push(Mismatch::Boundary);
    }
    out
}

/// The compared configurations whose plan is not the page's (issue 34): their plan figures answer
/// another question than the page's, so the grid says so and offers the page's plan to all. Plans are
/// compared as read (`100,000` and `100000` are one demand), not as typed.
pub fn plan_differs(catalogue: &Catalogue, list: &[Saved], page: &Form) -> Vec<usize> {
    let page_plan = page.check(catalogue).plan;
    list.iter().enumerate().filter(|(_, s)| s.form.check(catalogue).plan != page_plan).map(|(i, _)| i).collect()
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
        return Err(CompareError::Unreadable { position, reason: None });
    }
    let decoded = link::decode(catalogue, &rest.join("&"));
    if let Some(notice) = decoded.notices.first() {
        return Err(CompareError::Unreadable { position, reason: Some(notice.clone()) });
    }
    Ok(Saved { name: clean_name(&name), form: decoded.form })
}

/// The list as link parameters (`cfg=…&cfg=…`), empty for an empty list.
pub fn encode(list: &[Saved]) -> String {
    list.iter().map(|s| format!("{PARAM}={}", link::percent_encode(&to_param(s)))).collect::<Vec<_>>().join("&")
}

/// The list and its baseline as link parameters: [`encode`], then `base=N` (counted from 1) where the
/// baseline is not the first (issue 37), so a link's % are the page's.
pub fn encode_with_baseline(list: &[Saved], baseline: usize) -> String {
    let cfg = encode(list);
    if baseline > 0 && baseline < list.len() {
        format!("{cfg}&base={}", baseline + 1)
    } else {
        cfg
    }
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
    /// Gives every configuration this plan (the page's), so each column follows it (issue 34).
    ApplyPlan(Box<crate::form::PlanForm>),
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
            next.push(Saved { name: clean_name(&saved.name), ..*saved });
        }
        ListEdit::ApplyPlan(plan) => {
            for s in &mut next {
                s.form.plan = (*plan).clone();
            }
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
                s.name = clean_name(&name);
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
    /// Nothing is "best": the figure is not normalised by the work done (a server's power, a day's
    /// energy or a throughput is lowest or highest for the card that does the least or the most),
    /// or it is a count that only describes.
    Neither,
}

/// What a row's mark says: "best" for measured or estimated figures, "lowest ceiling" where every
/// value is a ceiling (a bound from rated power, not a measured efficiency).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BestWord {
    Best,
    LowestCeiling,
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
    /// The configurations with the best value (ties share it); empty when fewer than two values,
    /// all equal, of different kinds, or ranges that overlap.
    pub best: Vec<usize>,
    pub best_word: BestWord,
    /// Against the baseline's value (`None` for the baseline, where either is missing, and where the
    /// two do not measure the same thing: see [`delta`]).
    pub delta_percent: Vec<Option<Delta>>,
    /// With a plan, a row whose every figure counts the GPU boards alone (issue 49): its name says
    /// "GPU boards only", so it is never read as the plan's site or server figure.
    pub boards_only: bool,
}

/// A cell against the baseline's (issue 34): point against point, or each end against the same
/// end with both shown — never an upper end alone, which can reverse the sign.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Delta {
    /// Both are one value: per cent.
    Point(f64),
    /// Either is a range: the lower ends' per cent and the upper ends' (a point is both its ends).
    Ends { low: f64, high: f64 },
}

/// The rows whose figures are per system (a server or a rack): between configurations of different
/// systems (another card count per system) no per cent is given, since the units differ.
const PER_SYSTEM: [&str; 7] = [
    "throughput",
    "board-power-w",
    "servers-needed",
    "servers-per-rack",
    "amps-per-phase",
    "busy-load-percent",
    "server-power-w",
];

/// A cell against the baseline's: `None` when either is missing, when they count different
/// boundaries of power, or when the baseline's end is zero.
pub fn delta(cell: &Figure, base: &Figure) -> Option<Delta> {
    if cell.scope_id() != base.scope_id() || cell.unit != base.unit || cell.side != base.side {
        return None;
    }
    let pct = |v: f64, b: f64| (b > 0.0).then(|| (v / b - 1.0) * 100.0);
    match (cell.low, base.low) {
        (None, None) => pct(cell.value, base.value).map(Delta::Point),
        _ => {
            let low = pct(cell.low.unwrap_or(cell.value), base.low.unwrap_or(base.value))?;
            let high = pct(cell.value, base.value)?;
            Some(Delta::Ends { low, high })
        }
    }
}

/// One configuration's figures: the board figures and its plan.
pub struct Evaluated {
    pub figures: Figures,
    pub plan: Plan,
}

/// Picks one figure of a configuration.
type Pick = fn(&Evaluated) -> Option<&Figure>;

/// The rows of the grid, in order: id, label, which way is better, the figure. The plan's rows
/// appear where a configuration has a plan that gives them. "Best" only on figures normalised by
/// the work done: per token, per answer, and per year for the same demand.
pub(crate) const ROWS: [(&str, &str, Better, Pick); 29] = [
    ("j-per-token", "Energy per output token", Better::Lower, |e| e.figures.energy_per_token.as_ref()),
    ("wh-per-mtok", "Per million output tokens", Better::Lower, |e| e.figures.energy_per_million.as_ref()),
    ("measured-j-per-token", "Measured energy per token", Better::Lower, |e| {
        e.figures.measured_energy_per_token.as_ref()
    }),
    ("throughput", "Output tokens/s per server", Better::Neither, |e| e.figures.throughput.as_ref()),
    ("board-power-w", "Board power per server", Better::Neither, |e| e.figures.board_power.as_ref()),
    ("kwh-per-day", "Energy per day, all servers", Better::Neither, |e| e.figures.energy_per_day.as_ref()),
    ("btu-per-h", "Heat, all servers", Better::Neither, |e| e.figures.heat.as_ref()),
    ("servers-needed", "Systems needed", Better::Neither, |e| e.plan.servers_needed.as_ref()),
    ("busy-load-percent", "Load of the servers in the busy hours", Better::Neither, |e| e.plan.busy_load.as_ref()),
    ("rack-positions-needed", "Rack positions needed", Better::Neither, |e| e.plan.rack_positions.as_ref()),
    ("servers-per-rack", "Servers or racks per rack position", Better::Neither, |e| e.plan.servers_per_rack.as_ref()),
    ("server-power-w", "Peak power per system", Better::Neither, |e| e.plan.server_power.as_ref()),
    ("amps-per-phase", "Current per phase, one server or rack at peak", Better::Neither, |e| {
        e.plan.amps_per_phase.as_ref()
    }),
    ("tokens-per-mw", "Output tokens/s per MW of GPU boards", Better::Higher, |e| e.plan.tokens_per_mw.as_ref()),
    ("system-tokens-per-mw", "Output tokens/s per MW of the system at peak", Better::Higher, |e| {
        e.plan.system_tokens_per_mw.as_ref()
    }),
    ("site-tokens-per-mw", "Output tokens/s per MW at the site, with its PUE", Better::Higher, |e| {
        e.plan.site_tokens_per_mw.as_ref()
    }),
    ("site-j-per-token", "Energy per output token in this plan", Better::Lower, |e| e.plan.site_j_per_token.as_ref()),
    ("j-per-answer", "Energy per answer", Better::Lower, |e| e.plan.j_per_answer.as_ref()),
    ("site-kwh-per-year", "Energy per year", Better::Lower, |e| e.plan.site_kwh_per_year.as_ref()),
    ("cost-per-year", "Electricity cost per year", Better::Lower, |e| e.plan.cost_per_year.as_ref()),
    ("co2-kg-per-year", "Emissions per year", Better::Lower, |e| e.plan.co2_per_year.as_ref()),
    ("standing-kwh-per-year", "Standing power's energy per year", Better::Neither, |e| {
        e.plan.standing_kwh_per_year.as_ref()
    }),
    ("work-kwh-per-year", "The work's energy per year", Better::Neither, |e| e.plan.work_kwh_per_year.as_ref()),
    ("cost-per-mtok", "Cost per million output tokens", Better::Lower, |e| e.plan.cost_per_mtok.as_ref()),
    ("water-l-per-year", "Water consumed per year", Better::Neither, |e| e.plan.water_l_per_year.as_ref()),
    ("embodied-kg-per-year", "Manufacturing footprint of the GPUs per year", Better::Neither, |e| {
        e.plan.embodied_kg_per_year.as_ref()
    }),
    // issue 49: the plan's own day, power and heat, as the single page shows them (with an overhead
    // or a PUE they count more than the boards).
    ("site-kwh-per-day", "Site energy per day", Better::Neither, |e| e.plan.site_kwh_per_day.as_ref()),
    ("it-power-kw", "IT power at peak, all systems", Better::Neither, |e| e.plan.it_power.as_ref()),
    ("heat-it-btu-per-h", "Heat of the IT load at peak", Better::Neither, |e| e.plan.heat.as_ref()),
];

/// With a plan, the rows the grid and the exports lead with, in order (issue 49): the plan's answer
/// (what the page's answer shows), then its day, power and heat; the rest follow in [`ROWS`]' order.
pub const LEAD: [&str; 9] = [
    "servers-needed",
    "rack-positions-needed",
    "site-j-per-token",
    "site-kwh-per-year",
    "cost-per-year",
    "co2-kg-per-year",
    "site-kwh-per-day",
    "it-power-kw",
    "heat-it-btu-per-h",
];

/// Rows whose name already says it counts the GPU boards: never named "GPU boards only" again.
const NAMES_BOARDS: [&str; 2] = ["board-power-w", "tokens-per-mw"];

// issue 48
/// What a facility engineer compares, with a plan: circuits per feed and the apparent power of one rack
/// position. The IT heat at the plan's peak (whole system where a system's power is known) is issue 49's
/// `heat-it-btu-per-h` in [`ROWS`]; peak power per system is `server-power-w`; the cooling kind is
/// [`cooling_kinds`].
pub(crate) const FACILITY_ROWS: [(&str, &str, Better, Pick); 2] = [
    ("circuits-per-feed", "Circuits per feed, one rack position", Better::Neither, |e| {
        e.plan.circuits_per_feed.as_ref()
    }),
    ("position-kva", "Apparent power of one rack position at peak", Better::Neither, |e| e.plan.position_kva.as_ref()),
];

/// Whether a grid row is one of the facility rows (issue 48).
pub fn is_facility_row(id: &str) -> bool {
    FACILITY_ROWS.iter().any(|r| r.0 == id)
}

/// How a configuration's system is cooled, as its source states (issue 48).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cooling {
    Air,
    Liquid,
    /// Liquid for GPUs and processors, air for the rest.
    Hybrid,
    /// No source states it for this system (another maker's server, a PCIe server).
    NotPublished,
}

/// Each configuration's cooling kind where it has a plan (`None` without one): the system's own source,
/// never a comparable system's.
pub fn cooling_kinds(catalogue: &Catalogue, list: &[Saved]) -> Vec<Option<Cooling>> {
    list.iter()
        .map(|s| {
            if !s.form.plan.is_set() {
                return None;
            }
            let plan = crate::plan::answer(catalogue, &s.form).plan;
            let stated = plan.system.as_ref().and_then(|sys| sys.sourced.as_ref()).and_then(|sys| sys.cooling.as_ref());
            Some(match stated.map(|c| &*c.text) {
                Some("air") => Cooling::Air,
                Some("liquid") => Cooling::Liquid,
                Some("hybrid") => Cooling::Hybrid,
                _ => Cooling::NotPublished,
            })
        })
        .collect()
}

/// The yearly rows compare only configurations whose figures stand for the same thing: all for the
/// same demand (the same work done), never a card at its limit all day against another.
const YEARLY: [&str; 3] = ["site-kwh-per-year", "cost-per-year", "co2-kg-per-year"];

/// Every configuration evaluated, with its plan.
pub fn evaluated(catalogue: &Catalogue, list: &[Saved]) -> Vec<Evaluated> {
    list.iter()
        .map(|s| {
            // The same answer as the page's (issue 34): "all servers" counts the servers the plan uses.
            let crate::plan::Answer { evaluation, plan } = crate::plan::answer(catalogue, &s.form);
            // A configuration without plan fields adds no plan rows (its year would only repeat its day),
            // but its system's peak and tokens per MW need no field (issue 36).
            let plan = if s.form.plan.is_set() {
                plan
            } else {
                Plan {
                    server_power: plan.server_power,
                    tokens_per_mw: plan.tokens_per_mw,
                    system_tokens_per_mw: plan.system_tokens_per_mw,
                    ..Plan::default()
                }
            };
            Evaluated { figures: evaluation.figures, plan }
        })
        .collect()
}

/// What the comparison's bar chart draws (issue 49).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drawn {
    /// With a plan on any configuration: each one's energy per output token in its plan.
    Plan,
    /// Without one: each one's J/token at the benchmark's full throughput, GPU boards (a ceiling at
    /// its result's own setting).
    Ceilings,
}

/// The bar chart's figure per compared configuration, and what they are: the chart draws what the
/// grid's leading row says, never a ceiling under a plan's name (`None` where a configuration has
/// no such figure: its bar is left out).
pub fn bar_figures(catalogue: &Catalogue, list: &[Saved]) -> (Drawn, Vec<Option<Figure>>) {
    let all = evaluated(catalogue, list);
    if list.iter().any(|s| s.form.plan.is_set()) {
        (Drawn::Plan, all.into_iter().map(|e| e.plan.site_j_per_token).collect())
    } else {
        (Drawn::Ceilings, all.into_iter().map(|e| e.figures.energy_per_token).collect())
    }
}

/// The configurations that are best in a row: the lowest (or highest) value, but only where every
/// value is of one kind (a ceiling is never set against a measurement), no other configuration's
/// range reaches it — no "best" between ranges that overlap — and never where all values are equal
/// or fewer than two are present.
fn best_of(cells: &[Option<Figure>], better: Better) -> Vec<usize> {
    let present: Vec<(usize, f64, f64)> = cells
        .iter()
        .enumerate()
        .filter_map(|(i, c)| c.as_ref().map(|f| (i, f.low.unwrap_or(f.value), f.value)))
        .collect();
    let Some(&(_, first_lo, first_hi)) = present.first() else { return Vec::new() };
    let all_equal = present.iter().all(|&(_, lo, hi)| lo == first_lo && hi == first_hi);
    let kinds: Vec<&'static str> = cells.iter().flatten().map(|f| f.kind.id()).collect();
    if present.len() < 2 || all_equal || kinds.windows(2).any(|w| matches!(w, [a, b] if a != b)) {
        return Vec::new();
    }
    match better {
        Better::Neither => Vec::new(),
        Better::Lower => {
            // The candidates: the lowest upper end; best only if that lies at or below every other's lower end.
            let top = present.iter().map(|p| p.2).fold(f64::INFINITY, f64::min);
            let clear = present.iter().filter(|p| p.2 != top).all(|p| p.1 >= top);
            // Every one at the same upper end (issue 47: measured-curve ends alike) crowns none.
            let every = present.iter().all(|p| p.2 == top);
            if clear && !every {
                present.iter().filter(|p| p.2 == top).map(|p| p.0).collect()
            } else {
                Vec::new()
            }
        }
        Better::Higher => {
            let bottom = present.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
            let clear = present.iter().filter(|p| p.1 != bottom).all(|p| p.2 <= bottom);
            let every = present.iter().all(|p| p.1 == bottom);
            if clear && !every {
                present.iter().filter(|p| p.1 == bottom).map(|p| p.0).collect()
            } else {
                Vec::new()
            }
        }
    }
}

/// The figures of every configuration, row by row, with the best marked and the differences
/// against `baseline` (an index into `list`; out of range means the first).
pub fn grid(catalogue: &Catalogue, list: &[Saved], baseline: usize) -> Vec<GridRow> {
    let evaluated = evaluated(catalogue, list);
    let baseline = if baseline < list.len() { baseline } else { 0 };
    // Each configuration's facts, once: its demand, benchmark, scenario, precision and cards per system.
    let all: Vec<Facts> = list.iter().map(|s| facts(catalogue, &s.form)).collect();
    let same = |f: &dyn Fn(&Facts) -> String| all.windows(2).all(|w| matches!(w, [a, b] if f(a) == f(b)));
    let same_demand = all.first().is_some_and(|d| d.demand.is_some())
        && all.windows(2).all(|w| matches!(w, [a, b] if a.demand == b.demand));
    let all_for_demand = same_demand && evaluated.iter().all(|e| e.plan.basis == EnergyBasis::Demand);
    // Like work: one benchmark and scenario, and one served precision known for every configuration
    // (a precision a submission leaves open is never taken as the same as another).
    let like_work = all.iter().all(|f| f.precision.is_some())
        && all.windows(2).all(|w| matches!(w, [a, b] if a.precision == b.precision))
        && same(&|f| f.benchmark.id().to_owned())
        && same(&|f| f.scenario.id().to_owned());
    // What one "server" of each configuration is: its cards per system.
    let systems: Vec<Option<u32>> = all.iter().map(|f| f.gpus).collect();
    // With a plan on any configuration, the plan's figures lead and boards-only rows say so (issue 49).
    let planned = list.iter().any(|s| s.form.plan.is_set());
    let rows: Vec<GridRow> = ROWS
        .iter()
        .chain(FACILITY_ROWS.iter())
        .map(|&(id, label, better, pick)| {
            let cells: Vec<Option<Figure>> = evaluated.iter().map(|f| pick(f).cloned()).collect();
            let better = if YEARLY.contains(&id) && !all_for_demand { Better::Neither } else { better };
            // "Best" only between like work: one benchmark, scenario and published precision, and
            // figures that count the same boundary of power.
            let one_scope = cells
                .iter()
                .flatten()
                .map(Figure::scope_id)
                .collect::<Vec<_>>()
                .windows(2)
                .all(|w| w.first() == w.last());
            let better = if like_work && one_scope { better } else { Better::Neither };
            let best = best_of(&cells, better);
            let best_word = if cells.iter().flatten().all(|f| f.kind == Kind::Ceiling) {
                BestWord::LowestCeiling
            } else {
                BestWord::Best
            };
            let base = cells.get(baseline).cloned().flatten();
            let per_system = PER_SYSTEM.contains(&id);
            let delta_percent = cells
                .iter()
                .enumerate()
                .map(|(i, c)| match (c, &base) {
                    (Some(c), Some(b)) if i != baseline => {
                        if per_system && systems.get(i) != systems.get(baseline) {
                            None
                        } else {
                            delta(c, b)
                        }
                    }
                    _ => None,
                })
                .collect();
            let boards_only = planned
                && !NAMES_BOARDS.contains(&id)
                && cells.iter().flatten().next().is_some()
                && cells.iter().flatten().all(|f| f.boundary == crate::figure::Boundary::Boards);
            GridRow { id, label, better, cells, best, best_word, delta_percent, boards_only }
        })
        .filter(|row| !PLAN_ROWS.contains(&row.id) || row.cells.iter().any(Option::is_some))
        .collect();
    let mut rows = rows;
    if planned {
        // The plan's figures lead (issue 49); a stable sort keeps the rest in their order.
        let rank = |r: &GridRow| LEAD.iter().position(|id| *id == r.id).unwrap_or(LEAD.len());
        crate::sort::sort_by(&mut rows, |a, b| rank(a).cmp(&rank(b)));
    }
    rows
}

/// The plan's rows: in the grid and the exports only where a configuration has the figure.
pub(crate) const PLAN_ROWS: [&str; 22] = [
    "site-kwh-per-day",
    "it-power-kw",
    "heat-it-btu-per-h",
    "circuits-per-feed",
    "position-kva",
    "water-l-per-year",
    "embodied-kg-per-year",
    "system-tokens-per-mw",
    "site-tokens-per-mw",
    "servers-needed",
    "busy-load-percent",
    "rack-positions-needed",
    "servers-per-rack",
    "amps-per-phase",
    "site-j-per-token",
    "j-per-answer",
    "site-kwh-per-year",
    "cost-per-year",
    "co2-kg-per-year",
    "standing-kwh-per-year",
    "work-kwh-per-year",
    "cost-per-mtok",
];

/// A file name for an export: `token-energy-<customer>-<reference>-<date>.<ext>`, each part in
/// lower-case ASCII letters, digits and hyphens (umlauts written out), empty parts left out.
pub fn file_name(customer: &str, reference: &str, date: Option<(i32, u32, u32)>, ext: &str) -> String {
    let slug = |text: &str| {
        let mut out = String::new();
        // ASCII lower-casing only (the standard `to_lowercase` brings Unicode's tables into the wasm).
        for c in text.chars() {
            match c {
                'ä' | 'Ä' => out.push_str("ae"),
                'ö' | 'Ö' => out.push_str("oe"),
                'ü' | 'Ü' => out.push_str("ue"),
                'ß' => out.push_str("ss"),
                c if c.is_ascii_alphanumeric() => out.push(c.to_ascii_lowercase()),
                _ if !out.is_empty() && !out.ends_with('-') => out.push('-'),
                _ => {}
            }
        }
        let cut: String = out.chars().take(40).collect();
        cut.trim_end_matches('-').to_owned()
    };
    let mut parts = vec!["token-energy".to_owned()];
    parts.extend([slug(customer), slug(reference)].into_iter().filter(|p| !p.is_empty()));
    if let Some((y, m, d)) = date {
        parts.push(format!("{y:04}-{m:02}-{d:02}"));
    }
    format!("{}.{ext}", parts.join("-"))
}

/// A comparison file's fields as the page found them (the browser's `JSON.parse` in the page, a
/// JSON library in the tests): any may be missing.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ExportFile {
    pub format: Option<String>,
    pub version: Option<f64>,
    pub data_version: Option<String>,
    /// `current.query` (version 2 on).
    pub current: Option<String>,
    /// `baseline`: the configuration the % are against, counted from 1 (issue 37; absent before).
    pub baseline: Option<f64>,
    /// `(name, query)` of each configuration.
    pub entries: Vec<(String, String)>,
}

/// A comparison read back: the usable configurations, what could not be used, the page's own
/// configuration where the file carries one (customer, reference and plan with it), and the
/// catalogue's data version the file was written with (the page may say when it is older).
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    pub list: Vec<Saved>,
    pub problems: Vec<CompareError>,
    pub current: Option<Form>,
    pub data_version: Option<String>,
    pub version: u32,
    /// The baseline the file names, an index into `list` (0 where it names none it holds).
    pub baseline: usize,
    /// The file's customer and reference (empty where it has none): what the page says it restored.
    pub customer: String,
    pub reference: String,
}

/// Whether a text is this page's CSV export (its header, or the `#` lines version 1 wrote).
pub fn is_csv_export(text: &str) -> bool {
    let text = text.trim_start_matches('\u{feff}');
    text.starts_with("configuration,name,") || text.starts_with("# token-energy")
}

/// Reads a comparison file back, every format version this page has written (1 and 2).
pub fn read_export(catalogue: &Catalogue, file: &ExportFile) -> Result<Imported, CompareError> {
    let foreign = |why| Err(CompareError::ForeignFile(why));
    match file.format.as_deref() {
        Some(FORMAT) => {}
        Some(other) => return foreign(Foreign::OtherFormat(crate::form::clip(other))),
        None => return foreign(Foreign::NoFormat),
    }
    // Version 1 files wrote `"version":1`; a file without one is read as version 1.
    let version = match file.version {
        None => 1,
        Some(v) if v.fract() == 0.0 && (1.0..=f64::from(VERSION)).contains(&v) => v as u32,
        Some(v) if v.is_finite() && v > f64::from(VERSION) && v < 1e6 => {
            return foreign(Foreign::NewerVersion(v.floor() as u32))
        }
        Some(_) => return foreign(Foreign::NoFormat),
    };
    if file.entries.is_empty() {
        return foreign(Foreign::Empty);
    }
    let values: Vec<String> =
        file.entries.iter().map(|(name, query)| format!("{query}&label={}", link::percent_encode(name))).collect();
    let (list, problems) = decode(catalogue, &values);
    let current = file.current.as_deref().filter(|_| version >= 2).map(|q| link::decode(catalogue, q).form);
    // Counted from 1 in the file; anything else (not whole, out of the list) is the first.
    let baseline = file
        .baseline
        .filter(|b| b.fract() == 0.0 && *b >= 1.0 && *b <= list.len() as f64)
        .map_or(0, |b| b as usize - 1);
    let (customer, reference) =
        current.as_ref().map(|f| (f.customer.trim().to_owned(), f.reference.trim().to_owned())).unwrap_or_default();
    Ok(Imported {
        list,
        problems,
        current,
        data_version: file.data_version.clone(),
        version,
        baseline,
        customer,
        reference,
    })
}
