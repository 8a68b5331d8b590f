//! A figure the app shows: a value, its unit, what kind of figure it is, and where it came from.
//! The UI has no other way to get a number from the core, so no number can appear without its kind.

use crate::catalogue::Scope;
use std::fmt;

/// The unit a figure is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Watts,
    JoulesPerToken,
    WattHoursPerMillionTokens,
    KilowattHoursPerDay,
    BtuPerHour,
    TokensPerSecond,
    JoulesPerResponse,
}

impl Unit {
    /// The unit as the page prints it beside a figure (whose label says "per million tokens",
    /// "per day").
    pub fn symbol(self) -> &'static str {
        match self {
            Unit::Watts => "W",
            Unit::JoulesPerToken => "J/token",
            Unit::WattHoursPerMillionTokens => "Wh",
            Unit::KilowattHoursPerDay => "kWh",
            Unit::BtuPerHour => "BTU/h",
            Unit::TokensPerSecond => "tokens/s",
            Unit::JoulesPerResponse => "J/response",
        }
    }
}

/// An assumption that turns a figure into an estimate.
#[derive(Debug, Clone, PartialEq)]
pub enum Assumption {
    /// The power limit differs from the one the throughput was obtained at.
    PowerLimitDiffers { limit_watts: f64, setting_watts: f64, setting_stated: bool },
    /// Throughput scaled from the result's card count to another, per card.
    LinearScaling { published_cards: u32, cards: u32 },
}

impl fmt::Display for Assumption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Assumption::PowerLimitDiffers { limit_watts, setting_watts, setting_stated } => write!(
                f,
                "The throughput at {limit_watts} W per card is not published: the result ran at {setting_watts} W{} \
                 and is used unchanged. A lower limit may cut throughput, so the true figure may be higher or lower.",
                if *setting_stated { " (as its submitter states)" } else { " (no setting stated, so the card's rated maximum)" }
            ),
            Assumption::LinearScaling { published_cards, cards } => write!(
                f,
                "Assumes linear scaling: the result's throughput with {published_cards} cards is scaled per card to {cards}."
            ),
        }
    }
}

/// What kind of figure a number is.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// An upper bound from rated (or limited) board power: GPU boards only, not a measurement.
    Ceiling,
    /// Measured by someone, over a stated scope.
    Measured(Scope),
    /// Rests on assumptions, each named.
    Estimate(Vec<Assumption>),
}

impl Kind {
    /// The machine-readable name (`data-kind`).
    pub fn id(&self) -> &'static str {
        match self {
            Kind::Ceiling => "ceiling",
            Kind::Measured(_) => "measured",
            Kind::Estimate(_) => "estimate",
        }
    }
}

/// Where a figure's inputs came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// A catalogue source id (`data/sources.json`).
    Source(String),
    /// An MLPerf entry in the catalogue.
    Result(String),
    /// A number the user typed.
    UserInput,
}

/// A number with its unit, kind and origins.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    pub value: f64,
    pub unit: Unit,
    pub kind: Kind,
    pub origins: Vec<Origin>,
}

impl Figure {
    /// A figure is only made from a finite, non-negative value; anything else is no figure.
    pub fn new(value: f64, unit: Unit, kind: Kind, origins: Vec<Origin>) -> Option<Figure> {
        (value.is_finite() && value >= 0.0).then_some(Figure { value, unit, kind, origins })
    }
}
