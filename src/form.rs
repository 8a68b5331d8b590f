//! What the user typed and chose, and its check against the catalogue.
//!
//! The form keeps the user's text; [`Form::check`] turns each field into a typed value or an
//! [`InputError`] that names the field and its allowed range. Nothing here panics on any text.

use crate::catalogue::{Benchmark, Card, Catalogue, PublishedResult, Scenario};
use crate::units::{TokensPerSecond, Watts};
use std::fmt;

/// Cards per server the app accepts.
pub const GPUS_RANGE: (u32, u32) = (1, 64);
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
}

impl Field {
    pub const ALL: [Field; 8] = [
        Field::Card,
        Field::Result,
        Field::Scenario,
        Field::Model,
        Field::Tps,
        Field::Gpus,
        Field::Servers,
        Field::Watts,
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
        }
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

/// A field's text that cannot be used, and why; `allowed` says what it accepts.
#[derive(Debug, Clone, PartialEq)]
pub struct InputError {
    pub field: Field,
    pub problem: Problem,
    pub allowed: Option<Range>,
}

impl InputError {
    fn new(field: Field, problem: Problem) -> InputError {
        InputError { field, problem, allowed: None }
    }

    fn within(self, range: Range) -> InputError {
        InputError { allowed: Some(range), ..self }
    }
}

fn number(value: f64) -> String {
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
            Problem::NotANumber => write!(f, "{label}: enter a number (digits, optional decimal point).{allowed}"),
            Problem::NotWhole => write!(f, "{label}: enter a whole number.{allowed}"),
            Problem::OutOfRange => match self.allowed {
                Some(r) => write!(f, "{label}: {r}."),
                None => write!(f, "{label}: out of range."),
            },
            Problem::UnknownCard(id) => write!(f, "{label}: “{}” is not a card in the catalogue.", clip(id)),
            Problem::UnknownResult(id) => write!(f, "{label}: “{}” is not a result in the catalogue.", clip(id)),
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
    const MAX: usize = 40;
    if ["NaN", "Infinity", "undefined"].iter().any(|w| text.contains(w)) {
        return "that value".to_owned();
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
        errors
    }
}

/// Reads a decimal number as a person types it: digits, one optional point, surrounding spaces.
/// Rejects what `f64::from_str` would also accept but no person means (`inf`, `NaN`, `1e3`).
pub fn parse_decimal(field: Field, text: &str) -> Result<f64, InputError> {
    let text = text.trim();
    let err = |problem| InputError::new(field, problem);
    if text.is_empty() {
        return Err(err(Problem::Missing));
    }
    let body = text.strip_prefix('-').unwrap_or(text);
    let digits_and_one_point = body.chars().all(|c| c.is_ascii_digit() || c == '.')
        && body.chars().filter(|&c| c == '.').count() <= 1
        && body.chars().any(|c| c.is_ascii_digit());
    if !digits_and_one_point {
        return Err(err(Problem::NotANumber));
    }
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        _ => Err(err(Problem::NotANumber)),
    }
}

fn parse_count(field: Field, text: &str, (min, max): (u32, u32)) -> Result<u32, InputError> {
    let range = Range { min: Some(f64::from(min)), max: f64::from(max), unit: "", min_unpublished: false };
    let value = parse_decimal(field, text).map_err(|e| e.within(range))?;
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

fn parse_in(field: Field, text: &str, range: Range) -> Result<f64, InputError> {
    let value = parse_decimal(field, text).map_err(|e| e.within(range))?;
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
        let card = catalogue
            .card(&self.card)
            .ok_or_else(|| InputError::new(Field::Card, Problem::UnknownCard(self.card.clone())));
        let throughput = match &self.throughput {
            ThroughputChoice::Own => {
                parse_in(Field::Tps, &self.tps, TPS_RANGE).map(|tps| Throughput::Own(TokensPerSecond(tps)))
            }
            ThroughputChoice::Published(id) => self.published(catalogue, id),
        };
        let watts = card.as_ref().ok().map(|card| parse_in(Field::Watts, &self.watts, watts_range(card)).map(Watts));
        Checked {
            card,
            throughput,
            gpus: parse_count(Field::Gpus, &self.gpus, GPUS_RANGE),
            servers: parse_count(Field::Servers, &self.servers, SERVERS_RANGE),
            watts,
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
        };
        blank.with_card(catalogue, DEFAULT_CARD)
    }

    /// Chooses a card: its first published result (if any) with that result's configuration.
    pub fn with_card(&self, catalogue: &Catalogue, card: &str) -> Form {
        let mut next = self.clone();
        next.card = card.to_owned();
        let entries = catalogue.entries_for_card(card);
        let best = entries
            .iter()
            .find(|r| catalogue.result(&r.id, self.benchmark, self.scenario).is_some())
            .or_else(|| entries.first());
        match best {
            Some(result) => next.with_result(catalogue, &result.id),
            None => {
                next.throughput = ThroughputChoice::Own;
                if let Some(c) = catalogue.card(card) {
                    next.watts = number(c.max_power.watts);
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
            next.watts = number(first.power_setting(card));
        }
        next
    }

    /// Switches to the user's own throughput, keeping the rest.
    pub fn with_own_throughput(&self) -> Form {
        Form { throughput: ThroughputChoice::Own, ..self.clone() }
    }
}
