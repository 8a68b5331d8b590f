//! A figure the app shows: a value, its unit, what kind of figure it is, and where it came from.
//! The UI has no other way to get a number from the core, so no number can appear without its kind.

use crate::catalogue::Scope;
use crate::input::{number, Field};
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
    // The plan's units (`crate::plan`).
    Kilowatts,
    /// Energy over a year (the label says "per year").
    KilowattHoursPerYear,
    /// Money in a currency (the label says per year or per million tokens).
    Money(crate::units::Currency),
    KilogramsCo2e,
    GramsCo2e,
    Amperes,
    /// A count of servers.
    Servers,
    JoulesPerAnswer,
    /// Energy over a measured run.
    Joules,
    /// A count of tokens.
    Tokens,
    Percent,
    /// A count of people generating at once.
    People,
    /// A count of rack positions.
    Positions,
    /// A count of racks of a rack-scale system (issue 36).
    Racks,
    /// A count of systems of several servers or racks.
    Systems,
    /// Output tokens per second per megawatt of power.
    TokensPerSecondPerMegawatt,
    /// A count of circuits.
    Circuits,
    KilovoltAmperes,
    /// Water in litres (the label says per year).
    Litres,
    /// Tonnes of CO₂e: only as a person reads a mass of 1,000 kg or more (`Figure::for_reading`).
    TonnesCo2e,
}

impl Unit {
    /// Whether the unit counts whole things (servers, racks, systems, people, positions, circuits).
    pub fn is_count(self) -> bool {
        matches!(self, Unit::Servers | Unit::Racks | Unit::Systems | Unit::People | Unit::Positions | Unit::Circuits)
    }

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
            Unit::Kilowatts => "kW",
            Unit::KilowattHoursPerYear => "kWh",
            Unit::Money(currency) => currency.id(),
            Unit::KilogramsCo2e => "kg CO₂e",
            Unit::GramsCo2e => "g CO₂e",
            Unit::Amperes => "A",
            Unit::Servers => "servers",
            Unit::JoulesPerAnswer => "J/answer",
            Unit::Joules => "J",
            Unit::Tokens => "tokens",
            Unit::Percent => "%",
            Unit::People => "people",
            Unit::Positions => "rack positions",
            Unit::Racks => "racks",
            Unit::Systems => "systems",
            Unit::TokensPerSecondPerMegawatt => "tokens/s per MW",
            Unit::Circuits => "circuits",
            Unit::KilovoltAmperes => "kVA",
            Unit::Litres => "L",
            Unit::TonnesCo2e => "t CO₂e",
        }
    }
}

/// An assumption that turns a figure into an estimate.
#[derive(Debug, Clone, PartialEq)]
pub enum Assumption {
    /// The power limit differs from the one the throughput was obtained at: the figure is a range
    /// between throughput unchanged and throughput in proportion to power.
    PowerLimitDiffers { limit_watts: f64, setting_watts: f64, setting_stated: bool },
    /// Throughput scaled from the result's card count to another, per card.
    LinearScaling { published_cards: u32, cards: u32 },
    /// Each card draws its idle power plus the load's share of the rest up to the limit.
    PowerFollowsLoad { idle_watts: f64, limit_watts: f64, load_percent: f64 },
    /// The day's output tokens are generated evenly over its busy hours.
    DemandSpread { hours: f64 },
    /// Servers are sized at the lower end of the throughput range at another power limit: the
    /// result's throughput × limit ÷ setting.
    SizedAtLowerEnd { limit_watts: f64, setting_watts: f64 },
    /// People per server: ⌊tokens/s × TPOT ÷ 1000⌋, an upper bound (MLPerf publishes no concurrency).
    StreamsBound { tpot_ms: f64 },
    /// No idle power given: the energy for a demand lies between every token at the benchmark's
    /// efficiency with nothing drawn in between (low) and every card at its limit all day (high).
    DemandRange,
    /// No idle power typed: each card's idle power with a model loaded is a posted reading of this
    /// card (issue 35), `low_watts` to `high_watts` (equal for one reading), from `source`; drawn all
    /// day, plus the demand's share of the way up to the limit in the busy hours.
    IdleSourced { low_watts: f64, high_watts: f64, source: String },
    /// Rack positions counted with the GPU boards' power alone: the servers' own draw would fit fewer
    /// servers per position, so more positions may be needed.
    BoardsOnlyFit,
    /// With an idle power: each card draws it all day, plus (limit − idle) × the busy-hour load
    /// during the busy hours.
    PowerFollowsDemand { idle_watts: f64, limit_watts: f64, busy_load_percent: f64, hours: f64 },
    /// Water consumed in a year (issue 40): the IT energy × the on-site WUE typed, plus the IT energy ×
    /// PUE × the water the electricity took (either may be absent).
    WaterPerKwh { onsite: Option<f64>, offsite: Option<f64> },
    /// The cards' manufacturing footprint spread evenly over the hardware's lifetime, whatever the use.
    EmbodiedOverLife { kg_per_gpu: f64, years: f64 },
    // issue 47
    /// The power at the customer's load as a range: the linear model at the lowest idle (requests packed
    /// into full batches, parked between them) to steady serving on the measured curve of `curve_card`
    /// (`assumed`: measured on that card, assumed for this one) at the highest idle; the idle typed, or
    /// sourced (posted readings widened by a snapshot's margin).
    ServingRange {
        low_idle_watts: f64,
        high_idle_watts: f64,
        idle_sourced: bool,
        curve_card: String,
        assumed: bool,
        /// Issue 48: a rack-scale system's own draw (its stated maximum less its GPUs at rating, W per
        /// system) the upper end counts where no overhead is typed.
        own_draw_watts: Option<f64>,
    },
    // issue 48
    /// A system's maximum only secondary sources give, as a span: the peak is sized on its upper end.
    SecondaryMaximum { low_kw: f64, high_kw: f64 },
    /// No maximum published for this server: its own draw lies between what a measured server drew
    /// beyond its GPUs (`result`) and a comparable system's stated maximum less its boards.
    OwnDrawEstimated { low_watts: f64, high_watts: f64, result: String, comparable: String },
    /// Servers sized with room to spare: each carries at most (100 − `percent`) % of its throughput.
    Headroom { percent: f64 },
}

impl Assumption {
    /// The words for the two ends of a range, `(lower end, upper end)`, where the assumption makes one.
    pub fn range_ends(&self) -> Option<(String, String)> {
        if let Assumption::ServingRange { low_idle_watts, high_idle_watts, own_draw_watts, .. } = self {
            let own =
                own_draw_watts.map(|w| format!(", the rack's own draw {} kW", number(w / 1000.0))).unwrap_or_default();
            return Some((
                format!(
                    "the serving engine packs requests into full batches and parks between them (idle {} W, linear)",
                    number(*low_idle_watts)
                ),
                format!("steady serving on the measured curve (idle {} W{own})", number(*high_idle_watts)),
            ));
        }
        if *self == Assumption::DemandRange {
            return Some((
                "every token at the benchmark's ceiling J/token, nothing drawn between tokens".to_owned(),
                "every card at its power limit all day, whatever the demand".to_owned(),
            ));
        }
        let Assumption::PowerLimitDiffers { limit_watts, setting_watts, .. } = self else { return None };
        let (limit, setting) = (number(*limit_watts), number(*setting_watts));
        Some(if limit_watts < setting_watts {
            (
                format!("throughput unchanged at {limit} W (the best a lower limit could do)"),
                format!("throughput falling in proportion to power: the ceiling at the result's own {setting} W"),
            )
        } else {
            (
                format!("throughput rising in proportion to power: the ceiling at the result's own {setting} W"),
                format!("throughput unchanged at {limit} W (the extra power buys nothing)"),
            )
        })
    }
}

impl fmt::Display for Assumption {
    // long: a table, one arm per `Assumption` variant, each its English sentence
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Assumption::PowerLimitDiffers { limit_watts, setting_watts, setting_stated } => {
                let (limit, setting) = (number(*limit_watts), number(*setting_watts));
                let source = if *setting_stated {
                    "as its submitter states"
                } else {
                    "no setting stated, so the card's rated maximum"
                };
                let direction = if limit_watts < setting_watts { "lowered" } else { "raised" };
                write!(
                    f,
                    "The result ran at {setting} W per card ({source}); its throughput at the {direction} limit of \
                     {limit} W is not published, so the figure is a range, not one number."
                )
            }
            Assumption::LinearScaling { published_cards, cards } => write!(
                f,
                "Assumes linear scaling: the result's throughput with {published_cards} cards is scaled per card to {cards}."
            ),
            Assumption::PowerFollowsLoad { idle_watts, limit_watts, load_percent } => write!(
                f,
                "Assumes each card draws its idle {} W plus {} % of the way up to its {} W limit, in proportion to the load.",
                number(*idle_watts),
                number(*load_percent),
                number(*limit_watts)
            ),
            Assumption::DemandSpread { hours } => write!(
                f,
                "Assumes the day's output tokens are generated evenly over {} busy hours.",
                number(*hours)
            ),
            Assumption::SizedAtLowerEnd { limit_watts, setting_watts } => write!(
                f,
                "Servers are counted at the lower end of the throughput: the result's tokens/s × {} W ÷ {} W, as if \
                 throughput fell in proportion to power.",
                number(*limit_watts),
                number(*setting_watts)
            ),
            Assumption::StreamsBound { tpot_ms } => write!(
                f,
                "At most tokens/s × {} ms ÷ 1000 people per server: the result kept each stream's time per output \
                 token within {} ms (p99), so no more streams can have run at once; MLPerf does not publish how many did.",
                number(*tpot_ms),
                number(*tpot_ms)
            ),
            Assumption::IdleSourced { low_watts, high_watts, .. } => {
                let idle = if low_watts < high_watts {
                    format!("{} to {} W", number(*low_watts), number(*high_watts))
                } else {
                    format!("{} W", number(*low_watts))
                };
                write!(
                    f,
                    "No idle power typed, so each card's idle power with a model loaded is taken from a posted \
                     reading of this card: {idle} all day, plus the load's share of the way up to the limit."
                )
            }
            Assumption::WaterPerKwh { onsite, offsite } => {
                let part = |v: &Option<f64>| v.map_or_else(|| "not given".to_owned(), |x| format!("{} L/kWh", number(x)));
                write!(
                    f,
                    "Water consumed: on site, the IT energy × your WUE ({}); off site, the IT energy × PUE × the water \
                     consumed generating the electricity ({}). Manufacturing water, networking and the building are not counted.",
                    part(onsite),
                    part(offsite)
                )
            }
            Assumption::EmbodiedOverLife { kg_per_gpu, years } => write!(
                f,
                "The cards' manufacturing footprint, {} kg CO₂e per GPU, spread evenly over {} years of use, busy or idle; \
                 the rest of the server, networking and the building are not counted.",
                number(*kg_per_gpu),
                number(*years)
            ),
            Assumption::BoardsOnlyFit => write!(
                f,
                "Rack positions counted with the GPU boards' power alone: with the servers' own draw fewer fit \
                 per position, so at least this many are needed."
            ),
            Assumption::ServingRange {
                low_idle_watts,
                high_idle_watts,
                idle_sourced,
                curve_card,
                assumed,
                own_draw_watts,
            } => {
                let idle = if low_idle_watts < high_idle_watts {
                    format!("{} to {} W", number(*low_idle_watts), number(*high_idle_watts))
                } else {
                    format!("{} W", number(*low_idle_watts))
                };
                let from = if *idle_sourced {
                    "posted readings of this card, widened by a snapshot's margin"
                } else {
                    "as typed"
                };
                let shape = if *assumed {
                    format!("{curve_card}'s measured shape, assumed for this card")
                } else {
                    format!("measured on {curve_card}")
                };
                write!(
                    f,
                    "Idle {idle} ({from}). Lower end: idle plus the load's share up to the limit (full batches); upper \
                     end: ML.ENERGY's measured partial-load curve ({shape})."
                )?;
                match own_draw_watts {
                    Some(w) => write!(
                        f,
                        " The upper end also counts the rack's own draw beyond its GPU boards, {} W all day (its \
                         stated maximum less its GPUs at their rating), as no overhead is typed.",
                        number(*w)
                    ),
                    None => Ok(()),
                }
            }
            Assumption::DemandRange => write!(
                f,
                "No idle power is given, so the energy for the demand is a range: it depends on what the cards draw \
                 while they wait for work."
            ),
            Assumption::PowerFollowsDemand { idle_watts, limit_watts, busy_load_percent, hours } => write!(
                f,
                "Assumes each card draws its idle {} W all day, plus {} % of the way up to its {} W limit during the \
                 {} busy hours (the share of the servers' throughput the demand uses).",
                number(*idle_watts),
                number(*busy_load_percent),
                number(*limit_watts),
                number(*hours)
            ),
            // issue 48
            Assumption::SecondaryMaximum { low_kw, high_kw } => write!(
                f,
                "The maker publishes no maximum for this rack: secondary sources give {} to {} kW. Peak, rack fit, \
                 current and heat are sized on the upper end, {} kW.",
                number(*low_kw),
                number(*high_kw),
                number(*high_kw)
            ),
            Assumption::OwnDrawEstimated { low_watts, high_watts, result, comparable } => write!(
                f,
                "No maximum is published for this server. Its own draw beside the GPU boards is estimated at {} to {} W: \
                 at least what a measured 8-GPU server drew at the wall beyond its GPUs at their rated power ({result}), \
                 at most {comparable}'s stated maximum less its boards ({comparable} is a comparable system, not this one). \
                 Rack fit, current and heat use the upper end.",
                number(*low_watts),
                number(*high_watts)
            ),
            Assumption::Headroom { percent } => write!(
                f,
                "Sized with {} % headroom: each server carries at most {} % of its throughput in the busy hours.",
                number(*percent),
                number(100.0 - percent)
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
    /// A number the user typed (or a default the page filled in) in this field.
    Input(Field),
    /// Text a person pasted (or a file they picked) in "Measure your own".
    Measurement(crate::input::Paste),
}

/// What a power or energy figure counts (issue 34): the GPU boards alone, then the server's own
/// draw (the plan's overhead), then the site's (its PUE). A figure carries its boundary, so every view
/// (page, summary bar, grid, CSV, JSON, sheet, e-mail) writes the same scope for it. Counts, shares
/// and throughputs cover no power (`Uncounted`); a measurement's scope is its kind's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Boundary {
    #[default]
    Boards,
    BoardsServer,
    BoardsSite,
    BoardsServerSite,
    /// The whole system at its sourced maximum (issue 36): boards, processors, fans, power supplies.
    System,
    /// The whole system, then the site's overhead.
    SystemSite,
    /// Not a power or energy: a count, a share, a throughput, a per-card setting.
    Uncounted,
}

impl Boundary {
    /// The boundary of the plan's chain: the server when its own draw is counted, the site when a PUE is.
    pub fn chain(server: bool, site: bool) -> Boundary {
        match (server, site) {
            (false, false) => Boundary::Boards,
            (true, false) => Boundary::BoardsServer,
            (false, true) => Boundary::BoardsSite,
            (true, true) => Boundary::BoardsServerSite,
        }
    }

    /// The machine-readable name (the exports' `scope`); `None` where no power is counted.
    pub fn id(self) -> Option<&'static str> {
        match self {
            Boundary::Boards => Some("gpu-board"),
            Boundary::BoardsServer => Some("gpu-board+server"),
            Boundary::BoardsSite => Some("gpu-board+site"),
            Boundary::BoardsServerSite => Some("gpu-board+server+site"),
            Boundary::System => Some("system"),
            Boundary::SystemSite => Some("system+site"),
            Boundary::Uncounted => None,
        }
    }
}

/// Which way a figure bounds what it stands for, beyond its kind (issue 34): a count that rests on
/// an upper bound of streams, or on the GPU boards alone, is *at least* that many.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Side {
    /// The figure as its kind says (a ceiling is at most, an estimate is as assumed).
    #[default]
    AsKind,
    /// At least this many: the truth may be more.
    AtLeast,
}

impl Side {
    /// The machine-readable name (the exports' `bound`); `None` for [`Side::AsKind`].
    pub fn id(self) -> Option<&'static str> {
        match self {
            Side::AsKind => None,
            Side::AtLeast => Some("at-least"),
        }
    }
}

/// A number with its unit, kind and origins; where it is a range, `value` is the upper end and
/// `low` the lower.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    pub value: f64,
    pub low: Option<f64>,
    pub unit: Unit,
    pub kind: Kind,
    pub origins: Vec<Origin>,
    /// What the figure counts of the power drawn (GPU boards unless said).
    pub boundary: Boundary,
    /// Whether it is "at least" (see [`Side`]).
    pub side: Side,
    /// Only `Figure::new` and `Figure::range` make a figure (they refuse NaN, ±∞ and negatives):
    /// this private field keeps every other module and crate from writing one as a literal.
    sealed: Sealed,
}

/// See [`Figure`]'s `sealed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Sealed;

/// Adds the catalogue sources these figures cite to `ids`, each once, in order.
pub fn cited_sources<'a>(figures: impl IntoIterator<Item = &'a Figure>, ids: &mut Vec<String>) {
    for f in figures {
        for o in &f.origins {
            if let Origin::Source(id) = o {
                if !ids.contains(id) {
                    ids.push(id.clone());
                }
            }
        }
    }
}

/// Origins in order, each once.
fn unique(origins: Vec<Origin>) -> Vec<Origin> {
    let mut out: Vec<Origin> = Vec::with_capacity(origins.len());
    for o in origins {
        if !out.contains(&o) {
            out.push(o);
        }
    }
    out
}

impl Figure {
    /// The figure in the unit a person reads it in (issue 38): a mass of CO₂e from 1,000 kg on in
    /// tonnes. Machines read the figure itself (`data-value`, CSV, JSON keep kilograms).
    pub fn for_reading(&self) -> std::borrow::Cow<'_, Figure> {
        self.for_reading_in(Figure::reads_in_tonnes([self]))
    }

    /// The figure as a person reads it beside others: a mass of CO₂e in tonnes where `tonnes`, the
    /// unit of the row it stands in (`Figure::reads_in_tonnes`); any other figure as it is.
    pub fn for_reading_in(&self, tonnes: bool) -> std::borrow::Cow<'_, Figure> {
        if tonnes && self.unit == Unit::KilogramsCo2e {
            let mut f = self.clone();
            f.value /= 1000.0;
            f.low = f.low.map(|l| l / 1000.0);
            f.unit = Unit::TonnesCo2e;
            std::borrow::Cow::Owned(f)
        } else {
            std::borrow::Cow::Borrowed(self)
        }
    }

    /// Whether figures read side by side (a comparison's row) read in tonnes: one of them is a mass
    /// of 1,000 kg CO₂e or more. One unit for the row, so no row reads kg in one cell and t in the
    /// next.
    pub fn reads_in_tonnes<'a>(figures: impl IntoIterator<Item = &'a Figure>) -> bool {
        figures.into_iter().any(|f| f.unit == Unit::KilogramsCo2e && f.value >= 1000.0)
    }

    /// A figure is only made from a finite, non-negative value; anything else is no figure.
    pub fn new(value: f64, unit: Unit, kind: Kind, origins: Vec<Origin>) -> Option<Figure> {
        // A point is a range whose ends meet: one constructor holds the checks.
        Figure::range(value, value, unit, kind, origins)
    }

    /// The same figure, counting `boundary` of the power drawn.
    pub fn within(self, boundary: Boundary) -> Figure {
        Figure { boundary, ..self }
    }

    /// The same figure, read as "at least".
    pub fn at_least(self) -> Figure {
        Figure { side: Side::AtLeast, ..self }
    }

    /// The scope as the exports write it: a measurement's own, else the boundary's.
    pub fn scope_id(&self) -> Option<&'static str> {
        match self.kind {
            Kind::Measured(scope) => Some(scope.id()),
            _ => self.boundary.id(),
        }
    }

    /// The same figure as another kind (a measurement's scope, say); value and origins unchanged.
    pub fn with_kind(&self, kind: Kind) -> Figure {
        Figure { kind, ..self.clone() }
    }

    /// A range from `low` to `high` (both finite, non-negative, `low ≤ high`); equal ends are one value.
    pub fn range(low: f64, high: f64, unit: Unit, kind: Kind, origins: Vec<Origin>) -> Option<Figure> {
        let valid = low.is_finite() && high.is_finite() && low >= 0.0 && low <= high;
        let low = (valid && low < high).then_some(low);
        valid.then(|| Figure {
            value: high,
            low,
            unit,
            kind,
            origins: unique(origins),
            boundary: Boundary::default(),
            side: Side::default(),
            sealed: Sealed,
        })
    }
}

/// The method's version (issue 28.12): printed with the data version in the method section, so a
/// figure can be cited with both. Raise it when a rule that turns published figures into this
/// page's figures changes (and say what changed in docs/figures.md). Version 2 (issue 47, data
/// 2026.12.11): the energy at the customer's load is a range up to the measured partial-load curve.
pub const METHOD_VERSION: u32 = 2;

/// The sources the method section cites (`data/sources.json`): ML.ENERGY's benchmark paper (measure,
/// do not estimate from rated power) and its study of where the joules go (3–5× from utilisation).
pub const METHOD_SOURCES: [&str; 2] = ["ml-energy-2505.06371", "ml-energy-2601.22076"];
