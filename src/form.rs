//! What the user typed and chose, and its check against the catalogue.
//!
//! The form keeps the user's text; [`Form::check`] turns each field into a typed value or an
//! [`InputError`] that names the field and its allowed range. Nothing here panics on any text.

use crate::catalogue::{Benchmark, Card, Catalogue, PublishedResult, Scenario};
use crate::lang::Lang;
use crate::units::{TokensPerSecond, Watts};
use std::fmt;

/// Cards per server the app accepts. For a result of several nodes (a GB300 NVL72 rack) the
/// "server" is the published system: every accelerator of it, up to the largest published, 6.0-0076's
/// 288 (72 nodes × 4 GB300, four NVL72 racks); "servers" then counts such systems.
pub const GPUS_RANGE: (u32, u32) = (1, 288);
/// Servers the app accepts.
pub const SERVERS_RANGE: (u32, u32) = (1, 100_000);
/// Own throughput per server the app accepts, tokens/s (above any published single-node figure).
pub const TPS_MAX: f64 = 1.0e9;
/// Cards per server when neither a result nor the user says.
pub const DEFAULT_GPUS: u32 = 8;
/// The card a bare link opens with.
pub const DEFAULT_CARD: &str = "h200-nvl";

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
    /// Output tokens per answer.
    Answer,
    /// Busy hours per day over which the demand is generated.
    Hours,
    /// People generating answers at the same time.
    Users,
    /// Output tokens/s each of them should see.
    Speed,
}

impl Field {
    pub const ALL: [Field; 29] = [
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
        Field::Answer,
        Field::Hours,
        Field::Users,
        Field::Speed,
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
            Field::Answer => "answer",
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
            Field::Overhead => "Server overhead",
            Field::Pue => "PUE of the site",
            Field::Price => "Electricity price",
            Field::Currency => "Currency",
            Field::Co2 => "Grid carbon intensity",
            Field::Volts => "Supply voltage",
            Field::Phases => "Phases",
            Field::PowerFactor => "Power factor",
            Field::Rack => "Rack position budget",
            Field::Answer => "Output tokens per answer",
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
            _ => crate::plan::range(self, None),
        }
    }

    /// The field a link parameter (or a reference value) names.
    pub fn from_id(id: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|f| f.id() == id)
    }

    /// A number field whose message waits until typing pauses or the field is left.
    pub fn waits_for_pause(self) -> bool {
        Field::NUMBERS.contains(&self) || crate::plan::NUMBERS.contains(&self) || self == Field::OwnSize
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
        format!("{value}")
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

/// Where the throughput comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ThroughputChoice {
    /// A published result (an MLPerf entry id); the row is picked by benchmark and scenario.
    Published(String),
    /// The user's own figure, in the `tps` field.
    Own,
}

/// The form: the user's choices and text, exactly as entered.
#[derive(Debug, Clone, PartialEq)]
pub struct Form {
    pub card: String,
    pub throughput: ThroughputChoice,
    pub scenario: Scenario,
    pub benchmark: Benchmark,
    pub tps: String,
    pub gpus: String,
    pub servers: String,
    pub watts: String,
    /// Words for the printed quote sheet; the model does not read them.
    pub customer: String,
    pub reference: String,
    /// The customer's own model as typed (issue 28.7): its name, its size in billions of
    /// parameters and its kind (`dense`, `moe`); words for the quote and the proxy's choice.
    pub own_model: String,
    pub own_size: String,
    pub own_arch: String,
    /// The plan's fields, as typed (empty: not set).
    pub plan: crate::plan::PlanForm,
    /// The language chosen by the link (`lang=`), the switch or the browser: the page's words and
    /// how typed numbers are read. `None`: English, and the link carries no `lang`.
    pub lang: Option<Lang>,
}

/// Longest customer name or quote reference kept (characters).
pub const QUOTE_TEXT_MAX: usize = 80;

/// Longest name of the customer's own model kept (characters): room for a link to its model card.
pub const OWN_MODEL_MAX: usize = 200;

/// The size of the customer's own model, billions of parameters: above 0, up to 100,000 (100
/// trillion, far above any model published).
pub const OWN_SIZE_RANGE: Range =
    Range { min: None, max: 100_000.0, unit: "billion parameters", min_unpublished: false };

/// The throughput select's value for "my own throughput".
pub const OWN_THROUGHPUT: &str = "own";

/// No published minimum: the power slider starts here (the text field still accepts anything above 0).
pub const SLIDER_FLOOR_WATTS: f64 = 5.0;
/// The power slider's step.
pub const SLIDER_STEP_WATTS: f64 = 5.0;

/// The power-limit slider of a card: its bounds and the position for the typed limit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Slider {
    pub min: f64,
    pub max: f64,
    pub step: f64,
    pub value: f64,
}

/// The slider for `card`, placed at the typed limit (clamped), or at the maximum when the text is
/// not a number.
pub fn slider(card: &Card, watts_text: &str) -> Slider {
    slider_in(Lang::En, card, watts_text)
}

/// [`slider`], the typed limit read as `lang` writes numbers.
pub fn slider_in(lang: Lang, card: &Card, watts_text: &str) -> Slider {
    let range = watts_range(card);
    let min = range.min.unwrap_or(SLIDER_FLOOR_WATTS).min(range.max);
    // `max(min).min(max)` rather than `clamp`: the same for a read number (finite) and min ≤ max, and
    // without clamp's assertion, whose message alone brings f64's Debug formatting into the wasm.
    let value = parse_decimal_in(lang, Field::Watts, watts_text).map_or(range.max, |w| w.max(min).min(range.max));
    Slider { min, max: range.max, step: SLIDER_STEP_WATTS, value }
}

/// One thing a person did to the form.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    Card(String),
    /// A published result's id, or [`OWN_THROUGHPUT`].
    Throughput(String),
    Scenario(String),
    Benchmark(String),
    /// A published row chosen in the table: entry, benchmark and scenario at once.
    Row {
        result: String,
        benchmark: Benchmark,
        scenario: Scenario,
    },
    /// Text typed into a field (number fields, customer, reference).
    Text(Field, String),
    /// The page's language: typed numbers are rewritten where the new language would read them
    /// otherwise ("1,5" in German becomes "1.5" in English), so a switch never changes a value.
    Lang(Lang),
}

/// A field the app changed by itself as the consequence of an edit; the page says so.
#[derive(Debug, Clone, PartialEq)]
pub enum Adjustment {
    /// The chosen result publishes no row for the scenario that was set.
    Scenario { result: String, from: Scenario, to: Scenario },
    /// The chosen result publishes no row for the benchmark that was set.
    Benchmark { result: String, from: Benchmark, to: Benchmark },
    /// The chosen result ran another card count.
    Cards { result: String, from: String, to: u32 },
    /// The power limit follows the chosen result's setting.
    Watts { result: String, from: String, to: f64, stated: bool },
}

impl fmt::Display for Adjustment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Adjustment::Scenario { result, from, to } => {
                write!(f, "{result} publishes no {} result: Scenario changed to {}.", from.label(), to.label())
            }
            Adjustment::Benchmark { result, from, to } => {
                write!(f, "{result} publishes no {} result: Benchmark changed to {}.", from.name(), to.name())
            }
            Adjustment::Cards { result, from, to } => {
                write!(f, "{result} ran {to} cards per server: Cards per server changed from {} to {to}.", clip(from))
            }
            Adjustment::Watts { result, to, stated, .. } => {
                let why = if *stated { "the setting its submitter states" } else { "the card's rated maximum" };
                write!(f, "Power limit set to {} W, {why} for {result}.", number(*to))
            }
        }
    }
}

/// A form after an edit, with what the app changed by itself.
#[derive(Debug, Clone, PartialEq)]
pub struct Applied {
    pub form: Form,
    pub adjustments: Vec<Adjustment>,
}

/// A checked throughput source.
#[derive(Debug, Clone, PartialEq)]
pub enum Throughput<'c> {
    Published(&'c PublishedResult),
    Own(TokensPerSecond),
}

/// Each field checked on its own, so one bad field spoils only the figures that depend on it.
#[derive(Debug, Clone, PartialEq)]
pub struct Checked<'c> {
    pub card: Result<&'c Card, InputError>,
    pub throughput: Result<Throughput<'c>, InputError>,
    pub gpus: Result<u32, InputError>,
    pub servers: Result<u32, InputError>,
    /// `None` when the card is unknown (there is no range to check against).
    pub watts: Option<Result<Watts, InputError>>,
    /// The plan's fields, each checked on its own.
    pub plan: crate::plan::PlanChecked,
    /// The customer's own model's size and kind (`Ok(None)` where not given).
    pub own_size: Result<Option<f64>, InputError>,
    pub own_arch: Result<Option<crate::proxy::Arch>, InputError>,
}

impl Checked<'_> {
    pub fn errors(&self) -> Vec<&InputError> {
        let mut errors = Vec::new();
        errors.extend(self.card.as_ref().err());
        errors.extend(self.throughput.as_ref().err());
        errors.extend(self.gpus.as_ref().err());
        errors.extend(self.servers.as_ref().err());
        if let Some(Err(e)) = &self.watts {
            errors.push(e);
        }
        errors.extend(self.plan.errors());
        errors.extend(self.own_size.as_ref().err());
        errors.extend(self.own_arch.as_ref().err());
        errors
    }

    /// The proxy benchmark for the customer's own model (see [`crate::proxy`]).
    pub fn proxy(&self) -> crate::proxy::Proxy {
        crate::proxy::Proxy::choose(
            self.own_size.as_ref().ok().copied().flatten(),
            self.own_arch.as_ref().ok().copied().flatten(),
        )
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

fn count_range((min, max): (u32, u32)) -> Range {
    Range { min: Some(f64::from(min)), max: f64::from(max), unit: "", min_unpublished: false }
}

fn parse_count(lang: Lang, field: Field, text: &str, (min, max): (u32, u32)) -> Result<u32, InputError> {
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

/// Where a card's published behaviour ends below (issue 28.1): one rule for the form's figures and
/// the power-limit chart.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LowestPublished {
    /// The card's published minimum limit: the form refuses less, and the chart starts here.
    Minimum(f64),
    /// No minimum is published: the lowest setting anything of the card is published at (its
    /// rated maximum, another published limit or mode, a result's stated setting). Below it the
    /// form still computes its range (both ends are arithmetic) and says that nothing is published
    /// there; the chart marks the region unknown.
    Setting(f64),
}

impl LowestPublished {
    pub fn watts(self) -> f64 {
        match self {
            LowestPublished::Minimum(w) | LowestPublished::Setting(w) => w,
        }
    }
}

/// The lowest published power setting of `card` (see [`LowestPublished`]).
pub fn lowest_published(catalogue: &Catalogue, card: &Card) -> LowestPublished {
    if let Some(m) = &card.min_power {
        return LowestPublished::Minimum(m.watts);
    }
    let mut lowest = card.max_power.watts;
    for w in card.other_limits.iter().map(|l| l.watts) {
        lowest = lowest.min(w);
    }
    for m in card.power_modes.iter() {
        lowest = lowest.min(m.min_watts.unwrap_or(m.max_watts));
    }
    for r in catalogue.results.iter().filter(|r| r.card == card.id) {
        if let Some(s) = &r.stated_power {
            lowest = lowest.min(s.watts);
        }
    }
    LowestPublished::Setting(lowest)
}

/// The sources of the guidance on reading and setting a card's own limits (`nvidia-smi -q -d
/// POWER`, `nvidia-smi -pl`, DCGM's enforced limit), beside the power-limit field and in Measure:
/// NVIDIA's nvidia-smi documentation, DCGM's field list, and the cable modes' brief.
pub const LIMIT_GUIDE_SOURCES: [&str; 3] = ["nvidia-smi-docs", "nvidia-dcgm-field-ids", "nvidia-sp-12355-001"];

/// What a typed power limit needs said beside the field.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LimitNote {
    /// Below the lowest published setting of a card without a published minimum: no behaviour is
    /// published there, and the card may refuse the limit (`nvidia-smi -q -d POWER` tells).
    Unpublished { lowest_watts: f64 },
    /// Above the maximum of one of the card's power modes (`mode`: its index in `power_modes`): a
    /// card in that mode reports that maximum and refuses the limit.
    AboveMode { mode: usize, max_watts: f64 },
}

/// The notes for `watts` per card on `card`; none for a limit inside everything published.
pub fn limit_notes(catalogue: &Catalogue, card: &Card, watts: f64) -> Vec<LimitNote> {
    let mut notes = Vec::new();
    if let LowestPublished::Setting(lowest) = lowest_published(catalogue, card) {
        if watts < lowest {
            notes.push(LimitNote::Unpublished { lowest_watts: lowest });
        }
    }
    for (mode, m) in card.power_modes.iter().enumerate() {
        if watts > m.max_watts && watts <= card.max_power.watts {
            notes.push(LimitNote::AboveMode { mode, max_watts: m.max_watts });
        }
    }
    notes
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

impl Form {
    /// Checks every field against the catalogue.
    pub fn check<'c>(&self, catalogue: &'c Catalogue) -> Checked<'c> {
        let lang = self.reading();
        let card = catalogue
            .card(&self.card)
            .ok_or_else(|| InputError::new(Field::Card, Problem::UnknownCard(self.card.clone())));
        let throughput = match &self.throughput {
            ThroughputChoice::Own => {
                parse_in(lang, Field::Tps, &self.tps, TPS_RANGE).map(|tps| Throughput::Own(TokensPerSecond(tps)))
            }
            ThroughputChoice::Published(id) => self.published(catalogue, id),
        };
        let watts =
            card.as_ref().ok().map(|card| parse_in(lang, Field::Watts, &self.watts, watts_range(card)).map(Watts));
        let plan =
            self.plan.check(card.as_ref().ok().copied(), watts.as_ref().and_then(|w| w.as_ref().ok()).copied(), lang);
        Checked {
            card,
            throughput,
            gpus: parse_count(lang, Field::Gpus, &self.gpus, GPUS_RANGE),
            servers: parse_count(lang, Field::Servers, &self.servers, SERVERS_RANGE),
            watts,
            plan,
            own_size: match self.own_size.trim() {
                "" => Ok(None),
                text => parse_in(lang, Field::OwnSize, text, OWN_SIZE_RANGE).map(Some),
            },
            own_arch: match self.own_arch.trim() {
                "" => Ok(None),
                text => crate::proxy::Arch::from_id(text).map(Some).ok_or_else(|| {
                    InputError::new(
                        Field::OwnArch,
                        Problem::NotOneOf { given: text.to_owned(), allowed: "dense or moe" },
                    )
                }),
            },
        }
    }

    fn published<'c>(&self, catalogue: &'c Catalogue, id: &str) -> Result<Throughput<'c>, InputError> {
        let err = |problem| InputError::new(Field::Result, problem);
        let Some(first) = catalogue.entry(id).next() else {
            return Err(err(Problem::UnknownResult(id.to_owned())));
        };
        if first.card != self.card {
            return Err(err(Problem::ResultForOtherCard { result: id.to_owned(), card: self.card.clone() }));
        }
        catalogue.result(id, self.benchmark, self.scenario).map(Throughput::Published).ok_or_else(|| {
            InputError::new(
                Field::Scenario,
                Problem::NoSuchRow { result: id.to_owned(), benchmark: self.benchmark, scenario: self.scenario },
            )
        })
    }

    /// The form a bare link opens with: the default card's first result, as published.
    pub fn initial(catalogue: &Catalogue) -> Form {
        let blank = Form {
            card: DEFAULT_CARD.to_owned(),
            throughput: ThroughputChoice::Own,
            scenario: Scenario::Offline,
            benchmark: Benchmark::Llama2_70b99,
            tps: String::new(),
            gpus: DEFAULT_GPUS.to_string(),
            servers: "1".to_owned(),
            watts: String::new(),
            customer: String::new(),
            reference: String::new(),
            own_model: String::new(),
            own_size: String::new(),
            own_arch: String::new(),
            plan: crate::plan::PlanForm::default(),
            lang: None,
        };
        blank.with_card(catalogue, DEFAULT_CARD)
    }

    /// Applies one edit. Unknown ids and values leave the form as it was; every field the app
    /// changes by itself besides the one edited is reported as an [`Adjustment`].
    pub fn apply(&self, catalogue: &Catalogue, edit: Edit) -> Applied {
        let form = match edit {
            Edit::Card(id) if catalogue.card(&id).is_some() => self.with_card(catalogue, &id),
            Edit::Card(_) => self.clone(),
            Edit::Throughput(id) if id == OWN_THROUGHPUT => self.with_own_throughput(),
            Edit::Throughput(id) if catalogue.entry(&id).next().is_some() => self.with_result(catalogue, &id),
            Edit::Throughput(_) => self.clone(),
            Edit::Scenario(id) => match Scenario::from_id(&id) {
                Some(scenario) => Form { scenario, ..self.clone() },
                None => self.clone(),
            },
            Edit::Benchmark(id) => match Benchmark::from_id(&id) {
                Some(benchmark) => Form { benchmark, ..self.clone() }.with_published_scenario(catalogue),
                None => self.clone(),
            },
            Edit::Row { result, benchmark, scenario } => {
                if catalogue.result(&result, benchmark, scenario).is_some() {
                    Form { benchmark, scenario, ..self.clone() }.with_result(catalogue, &result)
                } else {
                    self.clone()
                }
            }
            Edit::Text(field, text) => self.with_text(field, text),
            Edit::Lang(lang) => self.with_lang(lang),
        };
        let adjustments = self.adjustments_to(catalogue, &form);
        Applied { form, adjustments }
    }

    /// Whether a person said anything of their own model (name, size or kind).
    pub fn has_own_model(&self) -> bool {
        [&self.own_model, &self.own_size, &self.own_arch].iter().any(|t| !t.trim().is_empty())
    }

    /// The benchmark the figures are for: the published result's, `None` for one's own throughput.
    pub fn figures_benchmark(&self) -> Option<Benchmark> {
        match self.throughput {
            ThroughputChoice::Published(_) => Some(self.benchmark),
            ThroughputChoice::Own => None,
        }
    }

    /// The language the form's numbers are read in.
    pub fn reading(&self) -> Lang {
        self.lang.unwrap_or_default()
    }

    /// The form in another language, every typed number keeping its value.
    fn with_lang(&self, lang: Lang) -> Form {
        let old = self.reading();
        let mut next = Form { lang: Some(lang), ..self.clone() };
        let texts = [
            (Field::Tps, &self.tps),
            (Field::Gpus, &self.gpus),
            (Field::Servers, &self.servers),
            (Field::Watts, &self.watts),
            (Field::OwnSize, &self.own_size),
        ];
        let plan = crate::plan::NUMBERS.iter().filter_map(|&f| self.plan.get(f).map(|t| (f, t)));
        for (field, text) in texts.into_iter().map(|(f, t)| (f, t.as_str())).chain(plan) {
            let Ok(value) = parse_decimal_in(old, field, text) else { continue };
            if parse_decimal_in(lang, field, text).ok() != Some(value) {
                let written = plain_number(value);
                let written = if lang == Lang::De { written.replace('.', ",") } else { written };
                next = next.with_text(field, written);
            }
        }
        next
    }

    fn with_text(&self, field: Field, text: String) -> Form {
        let mut next = self.clone();
        match field {
            Field::Tps => next.tps = text,
            Field::Gpus => next.gpus = text,
            Field::Servers => next.servers = text,
            Field::Watts => next.watts = text,
            Field::Customer => next.customer = text.chars().take(QUOTE_TEXT_MAX).collect(),
            Field::Reference => next.reference = text.chars().take(QUOTE_TEXT_MAX).collect(),
            // One line of words: control characters (a pasted line end) become spaces.
            Field::OwnModel => {
                next.own_model =
                    text.chars().map(|c| if c.is_control() { ' ' } else { c }).take(OWN_MODEL_MAX).collect()
            }
            Field::OwnSize => next.own_size = text.chars().take(crate::plan::TEXT_MAX).collect(),
            Field::OwnArch => next.own_arch = text.chars().take(crate::plan::TEXT_MAX).collect(),
            _ if crate::plan::NUMBERS.contains(&field) || field == Field::Currency || field == Field::Phases => {
                next.plan = next.plan.with(field, text);
            }
            _ => {}
        }
        next
    }

    /// Keeps the scenario where the chosen result publishes it for the benchmark; otherwise the
    /// first scenario it does publish for that benchmark.
    fn with_published_scenario(self, catalogue: &Catalogue) -> Form {
        let ThroughputChoice::Published(id) = &self.throughput else { return self };
        if catalogue.result(id, self.benchmark, self.scenario).is_some() {
            return self;
        }
        match catalogue.entry(id).find(|r| r.benchmark == self.benchmark) {
            Some(row) => Form { scenario: row.scenario, ..self },
            None => self,
        }
    }

    /// What changed from `self` to `next` that the edit brought with it.
    fn adjustments_to(&self, catalogue: &Catalogue, next: &Form) -> Vec<Adjustment> {
        let ThroughputChoice::Published(result) = &next.throughput else { return Vec::new() };
        if next.throughput == self.throughput && next.card == self.card {
            // Same result: only a benchmark change can move the scenario.
            return if next.benchmark != self.benchmark && next.scenario != self.scenario {
                vec![Adjustment::Scenario { result: result.clone(), from: self.scenario, to: next.scenario }]
            } else {
                Vec::new()
            };
        }
        let mut out = Vec::new();
        if next.benchmark != self.benchmark {
            out.push(Adjustment::Benchmark { result: result.clone(), from: self.benchmark, to: next.benchmark });
        }
        if next.scenario != self.scenario {
            out.push(Adjustment::Scenario { result: result.clone(), from: self.scenario, to: next.scenario });
        }
        if next.gpus != self.gpus {
            if let Ok(to) = next.gpus.parse::<u32>() {
                out.push(Adjustment::Cards { result: result.clone(), from: self.gpus.clone(), to });
            }
        }
        if next.watts != self.watts {
            let row = catalogue.entry(result).next();
            if let (Some(row), Some(to)) = (row, crate::float::parse(&next.watts)) {
                out.push(Adjustment::Watts {
                    result: result.clone(),
                    from: self.watts.clone(),
                    to,
                    stated: row.stated_power.is_some(),
                });
            }
        }
        out
    }

    /// Chooses a card: its first published result for the benchmark and scenario set (else for
    /// the benchmark, else any), with that result's configuration.
    pub fn with_card(&self, catalogue: &Catalogue, card: &str) -> Form {
        let mut next = self.clone();
        next.card = card.to_owned();
        let entries = catalogue.entries_for_card(card);
        let best = entries
            .iter()
            .find(|r| catalogue.result(&r.id, self.benchmark, self.scenario).is_some())
            .or_else(|| entries.iter().find(|r| catalogue.entry(&r.id).any(|row| row.benchmark == self.benchmark)))
            .or_else(|| entries.first());
        match best {
            Some(result) => next.with_result(catalogue, &result.id),
            None => {
                next.throughput = ThroughputChoice::Own;
                if let Some(c) = catalogue.card(card) {
                    next.watts = plain_number(c.max_power.watts);
                }
                next
            }
        }
    }

    /// Chooses a published result: its card, a scenario it publishes, its card count and power setting.
    pub fn with_result(&self, catalogue: &Catalogue, id: &str) -> Form {
        let mut next = self.clone();
        let Some(first) = catalogue.entry(id).next() else {
            next.throughput = ThroughputChoice::Published(id.to_owned());
            return next;
        };
        next.card = first.card.to_string();
        next.throughput = ThroughputChoice::Published(id.to_owned());
        if catalogue.result(id, next.benchmark, next.scenario).is_none() {
            let row = catalogue.entry(id).find(|r| r.benchmark == next.benchmark).unwrap_or(first);
            next.benchmark = row.benchmark;
            next.scenario = row.scenario;
        }
        next.gpus = first.accelerators.to_string();
        if let Some(card) = catalogue.card(&first.card) {
            next.watts = plain_number(first.power_setting(card));
        }
        next
    }

    /// Switches to the user's own throughput, keeping the rest.
    pub fn with_own_throughput(&self) -> Form {
        Form { throughput: ThroughputChoice::Own, ..self.clone() }
    }

    /// The value of the throughput select: a result id or [`OWN_THROUGHPUT`].
    pub fn throughput_value(&self) -> &str {
        match &self.throughput {
            ThroughputChoice::Published(id) => id,
            ThroughputChoice::Own => OWN_THROUGHPUT,
        }
    }
}
