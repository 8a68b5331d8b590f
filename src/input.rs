//! What a person types, before any computing: the fields of the form and the plan (ids, labels,
//! allowed ranges), what can be wrong with a field, and number reading in the page's languages; and
//! the paste boxes of Measure your own ([`Paste`]). The form, the plan, the link, measure and a
//! figure's origins name these from below (issue 22: the core in layers).

use crate::catalogue::{Benchmark, Card, Scenario};
use crate::lang::Lang;
use crate::units::Watts;
use std::fmt;

/// Cards per server the app accepts. For a result of several nodes (a GB300 NVL72 rack) the
/// "server" is the published system: every accelerator of it, up to the largest published, v6.1's
/// 512 of Crusoe (64 nodes × 8 MI355X; issue 50, before it 6.0-0076's 288); "servers" then counts
/// such systems.
pub const GPUS_RANGE: (u32, u32) = (1, 512);
/// Servers the app accepts.
pub const SERVERS_RANGE: (u32, u32) = (1, 100_000);
/// Own throughput per server the app accepts, tokens/s (above any published single-node figure).
pub const TPS_MAX: f64 = 1.0e9;

/// A field of the form (and a parameter of the link).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    Card,
    Result,
    Scenario,
    Model,
    Tps,
    Gpus,
    Servers,
    Watts,
    /// The customer named on the printed quote sheet (not used by the model).
    Customer,
    /// The quote's reference (not used by the model).
    Reference,
    /// The customer's own model, free text (issue 28.7; not used by the model).
    OwnModel,
    /// Its parameters in billions (active ones for MoE): chooses the proxy benchmark.
    OwnSize,
    /// Dense or MoE (`crate::proxy::Arch`).
    OwnArch,
    // The plan (`crate::plan`): all optional; an empty field takes its default or leaves its figures out.
    /// Output tokens per day, whole deployment.
    Demand,
    /// Average load, % of the configuration's throughput.
    Load,
    /// Idle board power per card, W.
    Idle,
    /// W per server beyond the GPU boards.
    Overhead,
    Pue,
    /// Electricity price per kWh.
    Price,
    /// The price's currency.
    Currency,
    /// Grid carbon intensity, g CO₂e per kWh.
    Co2,
    Volts,
    Phases,
    PowerFactor,
    /// Power budget of one rack position, kW.
    Rack,
    /// A circuit's breaker rating, A (issue 36).
    Breaker,
    /// The share of the breaker rating a continuous load may use, %: 80 under NEC, 100 under IEC.
    Derate,
    /// Feeds to each rack position: 1, or 2 (A/B) where each alone carries the whole load.
    Feeds,
    /// On-site water per kWh of IT energy (WUE), L/kWh (issue 40).
    Wue,
    /// Water consumed generating the electricity, L/kWh.
    Water,
    /// The hardware's lifetime its manufacturing footprint is spread over, years.
    Life,
    /// Output tokens per answer.
    Answer,
    /// Busy hours per day over which the demand is generated.
    Hours,
    /// People generating answers at the same time.
    Users,
    /// Output tokens/s each of them should see.
    Speed,
    // issue 48
    /// Room to spare the servers are sized with, % (0–50).
    Headroom,
}

impl Field {
    pub const ALL: [Field; 36] = [
        Field::Card,
        Field::Result,
        Field::Scenario,
        Field::Model,
        Field::Tps,
        Field::Gpus,
        Field::Servers,
        Field::Watts,
        Field::Customer,
        Field::Reference,
        Field::OwnModel,
        Field::OwnSize,
        Field::OwnArch,
        Field::Demand,
        Field::Load,
        Field::Idle,
        Field::Overhead,
        Field::Pue,
        Field::Price,
        Field::Currency,
        Field::Co2,
        Field::Volts,
        Field::Phases,
        Field::PowerFactor,
        Field::Rack,
        Field::Breaker,
        Field::Derate,
        Field::Feeds,
        Field::Wue,
        Field::Water,
        Field::Life,
        Field::Answer,
        Field::Hours,
        Field::Users,
        Field::Speed,
        Field::Headroom,
    ];

    /// The link parameter and the `error-<id>` test id.
    pub fn id(self) -> &'static str {
        match self {
            Field::Card => "card",
            Field::Result => "result",
            Field::Scenario => "scenario",
            Field::Model => "model",
            Field::Tps => "tps",
            Field::Gpus => "gpus",
            Field::Servers => "servers",
            Field::Watts => "watts",
            Field::Customer => "customer",
            Field::Reference => "ref",
            Field::OwnModel => "your_model",
            Field::OwnSize => "your_b",
            Field::OwnArch => "your_arch",
            Field::Demand => "demand",
            Field::Load => "load",
            Field::Idle => "idle",
            Field::Overhead => "overhead",
            Field::Pue => "pue",
            Field::Price => "price",
            Field::Currency => "cur",
            Field::Co2 => "co2",
            Field::Volts => "volts",
            Field::Phases => "phases",
            Field::PowerFactor => "pf",
            Field::Rack => "rack",
            Field::Breaker => "breaker",
            Field::Derate => "derate",
            Field::Feeds => "feeds",
            Field::Wue => "wue",
            Field::Water => "water",
            Field::Life => "life",
            Field::Answer => "answer",
            Field::Headroom => "headroom",
            Field::Hours => "hours",
            Field::Users => "users",
            Field::Speed => "speed",
        }
    }

    /// The label the page gives the field.
    pub fn label(self) -> &'static str {
        match self {
            Field::Card => "Card",
            Field::Result => "Published result",
            Field::Scenario => "Scenario",
            Field::Model => "Benchmark",
            Field::Tps => "Your output tokens/s per server",
            Field::Gpus => "Cards per server",
            Field::Servers => "Servers",
            Field::Watts => "Power limit per card",
            Field::Customer => "Customer",
            Field::Reference => "Quote reference",
            Field::OwnModel => "Your model",
            Field::OwnSize => "Parameters, billions",
            Field::OwnArch => "Dense or MoE",
            Field::Demand => "Output tokens per day",
            Field::Load => "Average load",
            Field::Idle => "Idle power per card",
            Field::Overhead => "System overhead",
            Field::Pue => "PUE of the site",
            Field::Price => "Electricity price",
            Field::Currency => "Currency",
            Field::Co2 => "Grid carbon intensity",
            Field::Volts => "Supply voltage",
            Field::Phases => "Phases",
            Field::PowerFactor => "Power factor",
            Field::Rack => "Rack position budget",
            Field::Breaker => "Breaker rating per circuit",
            Field::Derate => "Continuous load, % of the breaker rating",
            Field::Feeds => "Feeds per rack position",
            Field::Wue => "On-site water (WUE)",
            Field::Water => "Water of the electricity",
            Field::Life => "Hardware lifetime",
            Field::Answer => "Output tokens per answer",
            Field::Headroom => "Headroom",
            Field::Hours => "Busy hours per day",
            Field::Users => "People generating at once",
            Field::Speed => "Output tokens/s per person",
        }
    }

    /// The number fields a person types into.
    pub const NUMBERS: [Field; 4] = [Field::Tps, Field::Gpus, Field::Servers, Field::Watts];

    /// The values a number field accepts (`None` for choices and free text, and for the power
    /// limit without a known card).
    pub fn range(self, card: Option<&Card>) -> Option<Range> {
        match self {
            Field::Tps => Some(TPS_RANGE),
            Field::Gpus => Some(count_range(GPUS_RANGE)),
            Field::Servers => Some(count_range(SERVERS_RANGE)),
            Field::Watts => card.map(watts_range),
            Field::OwnSize => Some(OWN_SIZE_RANGE),
            _ => plan_range(self, None),
        }
    }

    /// The field a link parameter (or a reference value) names.
    pub fn from_id(id: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|f| f.id() == id)
    }

    /// A number field whose message waits until typing pauses or the field is left.
    pub fn waits_for_pause(self) -> bool {
        Field::NUMBERS.contains(&self) || PLAN_NUMBERS.contains(&self) || self == Field::OwnSize
    }
}

/// What is wrong with a field.
#[derive(Debug, Clone, PartialEq)]
pub enum Problem {
    Missing,
    NotANumber,
    NotWhole,
    /// Outside the field's allowed range (in [`InputError::allowed`]).
    OutOfRange,
    UnknownCard(String),
    UnknownResult(String),
    /// Not one of the values a choice offers (`allowed` in words: "EUR, USD or GBP").
    NotOneOf {
        given: String,
        allowed: &'static str,
    },
    /// The result is for another card.
    ResultForOtherCard {
        result: String,
        card: String,
    },
    /// The entry publishes no row for this benchmark and scenario.
    NoSuchRow {
        result: String,
        benchmark: Benchmark,
        scenario: Scenario,
    },
}

/// The values a number field accepts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Range {
    /// `None`: any value above 0 (no minimum is published).
    pub min: Option<f64>,
    pub max: f64,
    pub unit: &'static str,
    /// The minimum is absent because no source publishes one (a card's power limit).
    pub min_unpublished: bool,
}

/// The size of the customer's own model, billions of parameters: above 0, up to 100,000 (100
/// trillion, far above any model published).
pub const OWN_SIZE_RANGE: Range =
    Range { min: None, max: 100_000.0, unit: "billion parameters", min_unpublished: false };

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unit = if self.unit.is_empty() { String::new() } else { format!(" {}", self.unit) };
        match self.min {
            Some(min) => write!(f, "allowed range is {} to {}{unit}", number(min), number(self.max))?,
            None => write!(f, "allowed range is above 0 up to {}{unit}", number(self.max))?,
        }
        if self.min_unpublished {
            write!(f, " (no minimum is published for this card)")?;
        }
        Ok(())
    }
}

impl Range {
    /// The short hint under a field ("1 to 64", "200 to 600 W per card").
    pub fn hint(&self) -> String {
        let unit = if self.unit.is_empty() { String::new() } else { format!(" {}", self.unit) };
        match self.min {
            Some(min) => format!("{} to {}{unit}", number(min), number(self.max)),
            None => format!("up to {}{unit}", number(self.max)),
        }
    }
}

/// A field's text that cannot be used, and why; `allowed` says what it accepts.
#[derive(Debug, Clone, PartialEq)]
pub struct InputError {
    pub field: Field,
    pub problem: Problem,
    pub allowed: Option<Range>,
}

impl InputError {
    pub(crate) fn new(field: Field, problem: Problem) -> InputError {
        InputError { field, problem, allowed: None }
    }

    pub(crate) fn within(self, range: Range) -> InputError {
        InputError { allowed: Some(range), ..self }
    }
}

/// A number as the page prints it for reading: thousands grouped with commas, no trailing zeros
/// ("100,000", "0.5"); the form accepts this text back.
pub fn number(value: f64) -> String {
    crate::lang::english(value)
}

/// A number as the link writes it: plain digits, no grouping ("100000", "0.5").
pub fn plain_number(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        crate::float::shortest(value)
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let label = self.field.label();
        let allowed = self.allowed.map(|r| format!(" The {r}.")).unwrap_or_default();
        match &self.problem {
            Problem::Missing => write!(f, "{label}: enter a value.{allowed}"),
            Problem::NotANumber => {
                write!(f, "{label}: enter a number such as 450, 0.5, 100,000 or 1e6 (a point for decimals).{allowed}")
            }
            Problem::NotWhole => write!(f, "{label}: enter a whole number.{allowed}"),
            Problem::OutOfRange => match self.allowed {
                Some(r) => write!(f, "{label}: {r}."),
                None => write!(f, "{label}: out of range."),
            },
            Problem::UnknownCard(id) => write!(f, "{label}: “{}” is not a card in the catalogue.", clip(id)),
            Problem::UnknownResult(id) => write!(f, "{label}: “{}” is not a result in the catalogue.", clip(id)),
            Problem::NotOneOf { given, allowed } => write!(f, "{label}: “{}” is not one of {allowed}.", clip(given)),
            Problem::ResultForOtherCard { result, card } => {
                write!(f, "{label}: {} was published for another card than {}.", clip(result), clip(card))
            }
            Problem::NoSuchRow { result, benchmark, scenario } => {
                write!(f, "{label}: {result} publishes no {} result for {}.", scenario.label(), benchmark.id())
            }
        }
    }
}

/// Shortens text a user supplied before it is quoted in a message. Text that spells a broken
/// number ("NaN", "Infinity", "undefined") is not echoed: the page never shows those words.
pub fn clip(text: &str) -> String {
    clip_or(text, "that value")
}

/// [`clip`], with the language's words for a value not echoed (`i18n` passes its own).
pub fn clip_or(text: &str, hidden: &str) -> String {
    const MAX: usize = 40;
    if ["NaN", "Infinity", "undefined"].iter().any(|w| text.contains(w)) {
        return hidden.to_owned();
    }
    if text.chars().count() <= MAX {
        text.to_owned()
    } else {
        let mut short: String = text.chars().take(MAX).collect();
        short.push('…');
        short
    }
}

/// Reads a number as a person types it, and as the page prints it: digits with one optional
/// decimal point, thousands grouped by commas ("100,000"), or an exponent ("1e9"); surrounding
/// spaces are ignored. Rejects what no person means (`inf`, `NaN`, "1,5", "1,0000").
pub fn parse_decimal(field: Field, text: &str) -> Result<f64, InputError> {
    let text = text.trim();
    let err = |problem| InputError::new(field, problem);
    if text.is_empty() {
        return Err(err(Problem::Missing));
    }
    let (sign, body) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text.strip_prefix('+').unwrap_or(text)),
    };
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(at) => (&body[..at], Some(&body[at + 1..])),
        None => (body, None),
    };
    let (whole, fraction) = match mantissa.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (mantissa, None),
    };
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    let whole = if whole.contains(',') {
        let mut groups = whole.split(',');
        let first_ok = groups.next().is_some_and(|g| (1..=3).contains(&g.len()) && digits(g));
        if !first_ok || !groups.all(|g| g.len() == 3 && digits(g)) {
            return Err(err(Problem::NotANumber));
        }
        whole.replace(',', "")
    } else {
        whole.to_owned()
    };
    let fraction_ok = fraction.is_none_or(digits);
    let has_digit = whole.bytes().any(|b| b.is_ascii_digit()) || fraction.is_some_and(|f| !f.is_empty());
    let exponent_ok = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['-', '+']).unwrap_or(e);
        !e.is_empty() && e.len() <= 4 && digits(e)
    });
    if !(digits(&whole) && fraction_ok && has_digit && exponent_ok) {
        return Err(err(Problem::NotANumber));
    }
    let mut normal = format!("{sign}{whole}");
    if let Some(f) = fraction {
        normal.push('.');
        normal.push_str(f);
    }
    if let Some(e) = exponent {
        normal.push('e');
        normal.push_str(e);
    }
    match crate::float::parse(&normal) {
        Some(v) if v.is_finite() => Ok(v),
        _ => Err(err(Problem::NotANumber)),
    }
}

/// Reads a number as a reader of `lang` types it. English: [`parse_decimal`]. German, where the
/// page prints "1.000,5":
///
/// - a comma is the decimal mark ("0,95", "1.000,5"); points before it must group thousands;
/// - without a comma, points that group the digits in threes after a first group of 1 to 3 digits
///   not starting with 0 are thousands separators ("1.000", "12.345.678"), as the page prints them;
/// - any other single point is a decimal point ("0.95", "1.5", "0.125", "1.0000").
///
/// So "1.000" is one thousand in German (write "1" or "1,0" for one), and a thousands separator is
/// never read as a decimal point; the error names the German form.
pub fn parse_decimal_in(lang: Lang, field: Field, text: &str) -> Result<f64, InputError> {
    if lang == Lang::En {
        return parse_decimal(field, text);
    }
    let trimmed = text.trim();
    let (sign, body) = match trimmed.strip_prefix(['-', '+']) {
        Some(rest) => (&trimmed[..1], rest),
        None => ("", trimmed),
    };
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(at) => (&body[..at], &body[at..]),
        None => (body, ""),
    };
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    let grouped = |whole: &str| {
        let mut groups = whole.split('.');
        groups.next().is_some_and(|g| (1..=3).contains(&g.len()) && digits(g) && !g.starts_with('0'))
            && groups.all(|g| g.len() == 3 && digits(g))
    };
    let english = match mantissa.split_once(',') {
        Some((whole, fraction)) => {
            if fraction.contains([',', '.']) || (whole.contains('.') && !grouped(whole)) {
                return Err(InputError::new(field, Problem::NotANumber));
            }
            format!("{}.{fraction}", whole.replace('.', ""))
        }
        None if mantissa.contains('.') && grouped(mantissa) => mantissa.replace('.', ""),
        None if mantissa.matches('.').count() <= 1 => mantissa.to_owned(),
        None => return Err(InputError::new(field, Problem::NotANumber)),
    };
    parse_decimal(field, &format!("{sign}{english}{exponent}"))
}

pub(crate) fn count_range((min, max): (u32, u32)) -> Range {
    Range { min: Some(f64::from(min)), max: f64::from(max), unit: "", min_unpublished: false }
}

pub(crate) fn parse_count(lang: Lang, field: Field, text: &str, (min, max): (u32, u32)) -> Result<u32, InputError> {
    let range = count_range((min, max));
    let value = parse_decimal_in(lang, field, text).map_err(|e| e.within(range))?;
    if value.fract() != 0.0 {
        return Err(InputError::new(field, Problem::NotWhole).within(range));
    }
    if value < f64::from(min) || value > f64::from(max) {
        return Err(InputError::new(field, Problem::OutOfRange).within(range));
    }
    // In range and whole, so the cast is exact.
    Ok(value as u32)
}

/// The allowed per-card power range of a card: `[min, max]`, or `(0, max]` where no minimum is published.
pub fn watts_range(card: &Card) -> Range {
    let min = card.min_power.as_ref().map(|m| m.watts);
    Range { min, max: card.max_power.watts, unit: "W", min_unpublished: min.is_none() }
}

/// Own throughput per server.
pub const TPS_RANGE: Range = Range { min: None, max: TPS_MAX, unit: "tokens/s", min_unpublished: false };

pub(crate) fn parse_in(lang: Lang, field: Field, text: &str, range: Range) -> Result<f64, InputError> {
    let value = parse_decimal_in(lang, field, text).map_err(|e| e.within(range))?;
    let in_range = value <= range.max && range.min.map_or(value > 0.0, |m| value >= m);
    if in_range {
        Ok(value)
    } else {
        Err(InputError::new(field, Problem::OutOfRange).within(range))
    }
}

// ---- the plan's fields (`crate::plan`) ----

/// The plan's number fields (typed; their messages wait for a pause). Currency and phases are choices.
pub const PLAN_NUMBERS: [Field; 21] = [
    Field::Demand,
    Field::Hours,
    Field::Users,
    Field::Speed,
    Field::Load,
    Field::Idle,
    Field::Overhead,
    Field::Pue,
    Field::Price,
    Field::Co2,
    Field::Volts,
    Field::PowerFactor,
    Field::Rack,
    Field::Breaker,
    Field::Derate,
    Field::Feeds,
    Field::Wue,
    Field::Water,
    Field::Life,
    Field::Answer,
    Field::Headroom,
];

/// Every plan field, in the order the page shows them.
pub const PLAN_FIELDS: [Field; 23] = [
    Field::Demand,
    Field::Hours,
    Field::Users,
    Field::Speed,
    Field::Load,
    Field::Idle,
    Field::Overhead,
    Field::Pue,
    Field::Price,
    Field::Currency,
    Field::Co2,
    Field::Volts,
    Field::Phases,
    Field::PowerFactor,
    Field::Rack,
    Field::Breaker,
    Field::Derate,
    Field::Feeds,
    Field::Wue,
    Field::Water,
    Field::Life,
    Field::Answer,
    Field::Headroom,
];

const fn between(min: f64, max: f64, unit: &'static str) -> Range {
    Range { min: Some(min), max, unit, min_unpublished: false }
}

/// Output tokens per day: above 0, up to 10¹⁵.
pub const DEMAND_RANGE: Range = Range { min: None, max: 1.0e15, unit: "tokens/day", min_unpublished: false };
pub const LOAD_RANGE: Range = between(1.0, 100.0, "%");
/// A system's own draw beyond its GPU boards: up to 200 kW, what a rack-scale system needs (issue 36).
pub const OVERHEAD_RANGE: Range = between(0.0, 200_000.0, "W per system");
pub const PUE_RANGE: Range = between(1.0, 3.0, "");
pub const PRICE_RANGE: Range = between(0.0, 10.0, "per kWh");
pub const CO2_RANGE: Range = between(0.0, 2_000.0, "g CO₂e/kWh");
pub const VOLTS_RANGE: Range = between(100.0, 480.0, "V");
pub const PF_RANGE: Range = between(0.5, 1.0, "");
/// A rack position's budget: above 0, up to 500 kW.
pub const RACK_RANGE: Range = Range { min: None, max: 500.0, unit: "kW", min_unpublished: false };
/// A circuit breaker's rating: 1 to 1,000 A.
pub const BREAKER_RANGE: Range = between(1.0, 1000.0, "A");
/// The share of the breaker rating a continuous load may use: 50 to 100 % (NEC: 80, IEC: 100).
pub const DERATE_RANGE: Range = between(50.0, 100.0, "%");
/// Feeds per rack position: 1, or 2 for A/B.
pub const FEEDS_RANGE: Range = between(1.0, 2.0, "feeds");
/// On-site water per kWh of IT energy: 0 to 10 L/kWh (fleets report 0.1 to 1).
pub const WUE_RANGE: Range = between(0.0, 10.0, "L/kWh");
/// Water consumed generating a kWh of electricity: 0 to 20 L/kWh (grids tabulate 1 to 7).
pub const WATER_RANGE: Range = between(0.0, 20.0, "L/kWh");
/// The hardware's lifetime: 1 to 20 years.
pub const LIFE_RANGE: Range = between(1.0, 20.0, "years");
pub const ANSWER_RANGE: Range = between(1.0, 1.0e6, "tokens");
/// Busy hours per day: the demand is generated within them.
pub const HOURS_RANGE: Range = between(1.0, 24.0, "hours a day");
/// People generating at once: a whole number, 1 to 10⁷.
pub const USERS_RANGE: Range = between(1.0, 1.0e7, "people");
/// Output tokens/s each person sees: above 0, up to 1,000.
pub const SPEED_RANGE: Range = Range { min: None, max: 1000.0, unit: "tokens/s per person", min_unpublished: false };

/// Room to spare the servers are sized with: 0 to 50 % (issue 48).
pub const HEADROOM_RANGE: Range = between(0.0, 50.0, "%");

/// Idle power per card: 0 up to the power limit.
pub fn idle_range(limit: Watts) -> Range {
    between(0.0, limit.value(), "W per card")
}

/// The values a plan number field accepts; for `idle`, only with a valid power limit.
pub fn plan_range(field: Field, limit: Option<Watts>) -> Option<Range> {
    match field {
        Field::Demand => Some(DEMAND_RANGE),
        Field::Load => Some(LOAD_RANGE),
        Field::Idle => limit.map(idle_range),
        Field::Overhead => Some(OVERHEAD_RANGE),
        Field::Pue => Some(PUE_RANGE),
        Field::Price => Some(PRICE_RANGE),
        Field::Co2 => Some(CO2_RANGE),
        Field::Volts => Some(VOLTS_RANGE),
        Field::PowerFactor => Some(PF_RANGE),
        Field::Rack => Some(RACK_RANGE),
        Field::Breaker => Some(BREAKER_RANGE),
        Field::Derate => Some(DERATE_RANGE),
        Field::Feeds => Some(FEEDS_RANGE),
        Field::Wue => Some(WUE_RANGE),
        Field::Water => Some(WATER_RANGE),
        Field::Life => Some(LIFE_RANGE),
        Field::Answer => Some(ANSWER_RANGE),
        Field::Hours => Some(HOURS_RANGE),
        Field::Users => Some(USERS_RANGE),
        Field::Speed => Some(SPEED_RANGE),
        Field::Headroom => Some(HEADROOM_RANGE),
        _ => None,
    }
}

/// Where a measured input came from: the boxes and files of the section.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Paste {
    EnergyBefore,
    EnergyAfter,
    TokensBefore,
    TokensAfter,
    Duration,
    IdlePower,
    WallEnergy,
    Concurrency,
    PowerLimit,
    PowerLog,
    DetailLog,
    /// A whole series of power samples, in one box instead of two snapshots.
    PowerSeries,
    /// The time between samples where the series prints none (dmon), s.
    SampleInterval,
}

impl Paste {
    pub const ALL: [Paste; 13] = [
        Paste::EnergyBefore,
        Paste::EnergyAfter,
        Paste::TokensBefore,
        Paste::TokensAfter,
        Paste::Duration,
        Paste::IdlePower,
        Paste::WallEnergy,
        Paste::Concurrency,
        Paste::PowerLimit,
        Paste::PowerLog,
        Paste::DetailLog,
        Paste::PowerSeries,
        Paste::SampleInterval,
    ];

    /// The `data-testid` of the box (and of its error, `measure-error-<id>`).
    pub fn id(self) -> &'static str {
        match self {
            Paste::EnergyBefore => "gpu-energy-before",
            Paste::EnergyAfter => "gpu-energy-after",
            Paste::TokensBefore => "tokens-before",
            Paste::TokensAfter => "tokens-after",
            Paste::Duration => "run-seconds",
            Paste::IdlePower => "idle-watts",
            Paste::WallEnergy => "wall-wh",
            Paste::Concurrency => "run-concurrency",
            Paste::PowerLimit => "run-power-limit",
            Paste::PowerLog => "mlperf-power-log",
            Paste::DetailLog => "mlperf-detail-log",
            Paste::PowerSeries => "gpu-power-series",
            Paste::SampleInterval => "sample-interval",
        }
    }
}
