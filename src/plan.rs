//! Plan a deployment (issue 10): from one server's ceiling to a site's power, energy, cost, carbon
//! and electrics. Plain functions over the unit newtypes; every number leaves as a [`Figure`] with
//! its kind and origins, like `model`'s.
//!
//! Every plan field is optional. An empty field takes its default (`load` 100 %, `overhead` 0 W,
//! `pue` 1, `pf` 1, one phase, EUR) or leaves out the figures that need it (`demand`, `idle`,
//! `price`, `co2`, `volts`, `rack`, `answer`). A bad value spoils only the figures that depend on it.
//!
//! With u = load ÷ 100 and P_card = idle + (limit − idle) × u when `idle` is given (else the limit):
//! the server's peak is cards × limit + overhead; the site draws servers × (cards × P_card +
//! overhead) × pue; its J/token is (cards × P_card + overhead) × pue ÷ (tokens/s × u).

use crate::catalogue::{Catalogue, Scenario};
use crate::figure::{Assumption, Boundary, Figure, Kind, Origin, Side, Unit};
use crate::form::{Checked, Field, Throughput};
pub use crate::form::{PlanChecked, PlanForm, PLAN_TEXT_MAX as TEXT_MAX};
pub use crate::input::{
    idle_range, plan_range as range, ANSWER_RANGE, CO2_RANGE, DEMAND_RANGE, HOURS_RANGE, LOAD_RANGE, OVERHEAD_RANGE,
    PF_RANGE, PLAN_FIELDS as FIELDS, PLAN_NUMBERS as NUMBERS, PRICE_RANGE, PUE_RANGE, RACK_RANGE, SPEED_RANGE,
    USERS_RANGE, VOLTS_RANGE,
};
use crate::latency;
use crate::model::{basis, cards_origins, limit_origins};
use crate::units::{Amperes, JoulesPerToken, TokensPerSecond, Watts};
pub use crate::units::{Currency, Phases};

/// What an empty field means: its default in words, or `None` where the figures that need it are left out.
pub fn default_text(field: Field) -> Option<&'static str> {
    match field {
        Field::Load => Some("100"),
        Field::Hours => Some("24"),
        Field::Overhead => Some("0"),
        Field::Pue => Some("1"),
        Field::PowerFactor => Some("1"),
        Field::Phases => Some("1"),
        Field::Currency => Some("EUR"),
        Field::Derate => Some("80"),
        Field::Feeds => Some("1"),
        Field::Life => Some("3"),
        _ => None,
    }
}

/// How far the plan's figures reach: the GPU boards, then the server (when `overhead` > 0), then
/// the site (when `pue` > 1).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlanScope {
    pub overhead: Watts,
    pub pue: f64,
}

impl PlanScope {
    /// Whether the server's own draw beyond the boards is counted.
    pub fn server(&self) -> bool {
        self.overhead.value() > 0.0
    }

    /// Whether the site's overhead (cooling, power distribution) is counted.
    pub fn site(&self) -> bool {
        self.pue > 1.0
    }

    /// The scope in a few words: "GPU boards", "GPU boards + server", "GPU boards + server + site".
    pub fn words(&self) -> &'static str {
        match (self.server(), self.site()) {
            (false, false) => "GPU boards",
            (true, false) => "GPU boards + server",
            (false, true) => "GPU boards + site",
            (true, true) => "GPU boards + server + site",
        }
    }
}

/// The EU rating scheme's reporting threshold (Delegated Regulation (EU) 2024/1364, Art. 1).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EuThreshold {
    /// The IT power is at or above [`EU_THRESHOLD_KW`].
    pub reached: bool,
    pub it_kilowatts: f64,
}

/// "an installed information technology power demand of at least 500 kW".
pub const EU_THRESHOLD_KW: f64 = 500.0;
/// The regulation's entry in `data/sources.json`.
pub const EU_SOURCE: &str = "eu-2024-1364";
/// The regulation's words for its threshold (Art. 1).
pub const EU_WORDS: &str = "“operators of data centres with an installed information technology power demand of at least 500 kW” report to the European database (Commission Delegated Regulation (EU) 2024/1364, Art. 1)";

/// InferenceX's definition of tokens per MW, cited where the page's own is explained (issue 36).
pub const TPMW_SOURCE: &str = "inferencex-app-tp-per-mw";

/// A grid intensity below this (g CO₂e/kWh) is questioned as a value typed in kg: no public grid
/// average is that low (Sweden's and Norway's, among the lowest, are tens of grams).
pub const CO2_QUESTION_BELOW: f64 = 5.0;

/// One point of the load curve.
#[derive(Debug, Clone, PartialEq)]
pub struct CurvePoint {
    /// Per cent.
    pub load: f64,
    /// Site J/token at this load (a range where the plan's is).
    pub j_per_token: Option<Figure>,
    pub kwh_per_day: Option<Figure>,
}

/// The loads the curve is drawn at: 10 % to 100 % in steps of 10.
pub const CURVE_LOADS: [f64; 10] = [10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0, 100.0];

/// The plan's figures; `None` where an input they depend on is missing or not valid.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Plan {
    /// `None` when overhead or pue is not valid.
    pub scope: Option<PlanScope>,
    /// The currency of the cost figures (EUR unless chosen).
    pub currency: Currency,
    pub server_power: Option<Figure>,
    pub it_power: Option<Figure>,
    /// The site's power: for a demand, the day's energy ÷ 24 h (a 24-hour average); else at the load.
    pub site_power: Option<Figure>,
    /// For a demand, the site's power during its busy hours (what feeds and cooling are sized on).
    pub site_busy_power: Option<Figure>,
    pub site_kwh_per_day: Option<Figure>,
    pub site_kwh_per_year: Option<Figure>,
    pub site_j_per_token: Option<Figure>,
    pub servers_needed: Option<Figure>,
    pub cost_per_year: Option<Figure>,
    pub cost_per_mtok: Option<Figure>,
    pub co2_per_year: Option<Figure>,
    pub co2_per_mtok: Option<Figure>,
    pub amps_per_phase: Option<Figure>,
    pub servers_per_rack: Option<Figure>,
    /// The power limit per card at which one more server would fit the rack position.
    pub limit_for_one_more: Option<Figure>,
    pub j_per_answer: Option<Figure>,
    /// Heat of the IT load at its peak (BTU/h).
    pub heat: Option<Figure>,
    /// The same heat as kW of cooling.
    pub cooling: Option<Figure>,
    pub eu: Option<EuThreshold>,
    /// Site J/token and kWh/day against load, 10–100 %.
    pub curve: Vec<CurvePoint>,
    /// The servers the plan's figures use: the Servers field, or the servers needed where more.
    pub servers_used: Option<u32>,
    /// How much of the servers' throughput the demand uses in its busy hours (%).
    pub busy_load: Option<Figure>,
    /// People generating at once that one server carries, at most (from the result's latency bound).
    pub streams_per_server: Option<Figure>,
    /// Rack positions for the servers the plan uses.
    pub rack_positions: Option<Figure>,
    /// What the energy, cost and carbon figures stand for.
    pub basis: EnergyBasis,
    /// What the page says beside the figures, in order.
    pub notices: Vec<PlanNotice>,
    /// The card's sourced idle power the plan used because none was typed (issue 35).
    pub idle_source: Option<SourcedIdle>,
    /// For a demand with an idle power: the year's standing part (every card idle all day, plus the
    /// server's own draw, × PUE) and the work above it; they add up to `site_kwh_per_year`.
    pub standing_kwh_per_year: Option<Figure>,
    pub work_kwh_per_year: Option<Figure>,
    /// The standing part's share of the year (%).
    pub standing_share: Option<Figure>,
    pub standing_cost_per_year: Option<Figure>,
    pub work_cost_per_year: Option<Figure>,
    pub standing_co2_per_year: Option<Figure>,
    pub work_co2_per_year: Option<Figure>,
    /// Site J/token against the busy-hour load, 1–100 %, where an idle power is known (issue 35).
    pub sweep: Vec<SweepPoint>,
    /// What one counted system is (issue 36).
    pub system: Option<PlanSystem>,
    /// What `server_power` counts: the boards, + a typed overhead, or the sourced system.
    pub peak_boundary: Boundary,
    /// One part's peak (a server of a several-server system, one rack of several), where parts > 1.
    pub part_power: Option<Figure>,
    /// Output tokens/s per MW at the GPU boards, the system's peak, and the site (issue 36).
    pub tokens_per_mw: Option<Figure>,
    pub system_tokens_per_mw: Option<Figure>,
    pub site_tokens_per_mw: Option<Figure>,
    /// The electrical sign-off of one rack position (issue 36).
    pub circuit_kw: Option<Figure>,
    pub circuits_per_feed: Option<Figure>,
    /// Amperes per phase one feed carries alone at the position's peak.
    pub feed_amps: Option<Figure>,
    pub position_kva: Option<Figure>,
    pub sign_off: Option<SignOff>,
    /// The IT energy of a year (the site's ÷ PUE), and the water it takes (issue 40): on site, off
    /// site (generating the electricity) and both, where their factors are typed.
    pub it_kwh_per_year: Option<Figure>,
    pub water_onsite_l_per_year: Option<Figure>,
    pub water_offsite_l_per_year: Option<Figure>,
    pub water_l_per_year: Option<Figure>,
    /// The cards' manufacturing footprint per year of their lifetime, and per million tokens of the demand.
    pub embodied_kg_per_year: Option<Figure>,
    pub embodied_g_per_mtok: Option<Figure>,
    /// The card has no published manufacturing footprint: the page says so.
    pub embodied_unpublished: bool,
    /// The on-site WUE typed (L/kWh), for the EU's indicators.
    pub wue_typed: Option<f64>,
}

/// The card's idle power with a model loaded, as the catalogue's reference values give it (issue 35):
/// the lowest and highest reading and the sources they come from.
#[derive(Debug, Clone, PartialEq)]
pub struct SourcedIdle {
    pub low: f64,
    pub high: f64,
    pub sources: Vec<String>,
}

/// The idle power the catalogue sources for `card`, where any: every reference value of the idle field
/// read on that card, from its lowest to its highest.
pub fn sourced_idle(card: &str) -> Option<SourcedIdle> {
    let values: Vec<&crate::catalogue::ReferenceValue> =
        reference_for(Field::Idle).filter(|r| r.card.as_deref() == Some(card)).collect();
    let low = values.iter().map(|r| r.value).fold(f64::INFINITY, f64::min);
    let high = values.iter().map(|r| r.high.unwrap_or(r.value)).fold(f64::NEG_INFINITY, f64::max);
    let mut sources: Vec<String> = Vec::new();
    for r in &values {
        if !sources.iter().any(|s| *s == *r.source) {
            sources.push(r.source.to_string());
        }
    }
    (low.is_finite() && high.is_finite() && low <= high).then_some(SourcedIdle { low, high, sources })
}

/// One point of the load sweep: site J/token at a busy-hour load.
#[derive(Debug, Clone, PartialEq)]
pub struct SweepPoint {
    /// Per cent of the servers' throughput in the busy hours.
    pub load: f64,
    pub j_per_token: Option<Figure>,
}

/// The busy-hour loads the sweep is computed at (%): dense where standing power dominates.
pub const SWEEP_LOADS: [f64; 15] =
    [1.0, 2.0, 3.0, 5.0, 7.0, 10.0, 15.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 100.0];

impl Plan {
    /// Whether the plan answers a buyer's question: a demand or people at once size it. The page then
    /// leads with [`Plan::ANSWER`]'s figures (and shows each once, there).
    pub fn answers(&self) -> bool {
        self.servers_needed.is_some() || self.basis == EnergyBasis::Demand
    }

    /// The figures the answer leads with, by their plan `data-testid`, which the plan section skips;
    /// the site's J/token only for a demand, where the answer shows it as `demand-j-per-token`. Tokens
    /// per MW (issue 36) stand under the answer's J/token always, never in the plan's cards.
    pub const ANSWER: [&'static str; 6] = [
        "servers-needed",
        "rack-positions-needed",
        "site-j-per-token",
        "site-kwh-per-year",
        "cost-per-year",
        "co2-kg-per-year",
    ];
}

pub use crate::units::{ceil_whole, floor_whole};

/// One server's average draw at the wall of the site: (cards × P_card + overhead) × pue.
pub(crate) fn site_power_per_server(cards: u32, p_card: Watts, overhead: Watts, pue: f64) -> Watts {
    Watts((p_card.value() * f64::from(cards) + overhead.value()) * pue)
}

/// A card's average draw at load `u` (0–1): idle + (limit − idle) × u, or the limit without an idle figure.
pub(crate) fn card_power(limit: Watts, idle: Option<Watts>, u: f64) -> Watts {
    match idle {
        Some(idle) => Watts(idle.value() + (limit.value() - idle.value()) * u),
        None => limit,
    }
}

/// Amperes per phase for a power at a voltage (line-to-line for three phases) and power factor.
pub(crate) fn amps(power: Watts, volts: f64, pf: f64, phases: Phases) -> Amperes {
    let factor = match phases {
        Phases::One => 1.0,
        Phases::Three => 3.0_f64.sqrt(),
    };
    Amperes(power.value() / (factor * volts * pf))
}

fn input_if(set: bool, field: Field) -> Option<Origin> {
    set.then_some(Origin::Input(field))
}

fn with(mut origins: Vec<Origin>, more: impl IntoIterator<Item = Option<Origin>>) -> Vec<Origin> {
    origins.extend(more.into_iter().flatten());
    origins
}

fn kind_of(assumptions: Vec<Assumption>) -> Kind {
    if assumptions.is_empty() {
        Kind::Ceiling
    } else {
        Kind::Estimate(assumptions)
    }
}

/// A figure scaled from another of the same kind and origins (plus `more`), keeping its range.
fn scaled(from: &Figure, factor: f64, unit: Unit, more: Vec<Origin>) -> Option<Figure> {
    let origins = with(from.origins.clone(), more.into_iter().map(Some));
    let high = from.value * factor;
    match from.low {
        Some(low) => Figure::range(low * factor, high, unit, from.kind.clone(), origins),
        None => Figure::new(high, unit, from.kind.clone(), origins),
    }
}

/// What the plan's energy, cost and carbon figures stand for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EnergyBasis {
    /// The typed demand (output tokens per day) on the servers the plan uses.
    Demand,
    /// No demand: the average load typed, with an idle power.
    Load,
    /// No demand: every card at its limit all day — the most the servers can draw.
    #[default]
    Limit,
}

/// Something the plan did or could not do that the page says beside its figures.
#[derive(Debug, Clone, PartialEq)]
pub enum PlanNotice {
    /// A demand is given, so the load is derived from it; the typed average load is not used.
    LoadIgnored { typed_percent: f64 },
    /// More servers are needed than the Servers field holds: the plan's figures use `used`.
    UsesMoreServers { typed: u32, used: u32 },
    /// The result's latency bound promises each person less than the speed asked for. `enough`:
    /// the scenarios of the same result and benchmark that would promise it.
    SpeedTooHigh { speed: f64, promised: f64, scenario: Scenario, enough: Vec<Scenario> },
    /// The throughput carries no latency bound (an Offline result, or one's own figure), so it
    /// says nothing of how many people it serves at once. `scenario`: `None` for one's own figure.
    NoSpeedPromise { scenario: Option<Scenario>, enough: Vec<Scenario> },
    /// Not even one person's stream fits one server at the bound (tokens/s × TPOT < 1000 ms).
    NoStreamPerServer,
    /// One part's peak (a server, or one rack of a rack-scale system: `rack_scale`) draws more than a
    /// rack position's budget.
    ServerOverRack { server_kw: f64, rack_kw: f64, rack_scale: bool },
    /// One more server per position would need a limit per card below the card's lowest published
    /// setting: no such limit can be set, so none is offered.
    OneMoreBelowMinimum { watts: f64, min_watts: f64 },
    /// No idle power is given: at a low load the yearly energy can lie anywhere in its range.
    IdleDecides,
    /// A grid intensity below [`CO2_QUESTION_BELOW`] g CO₂e/kWh, likely typed in kg: the page asks
    /// whether 1,000 × `typed` g was meant, and keeps what was typed.
    Co2InKilograms { typed: f64 },
    /// A demand sized on an Offline result: Offline has no latency bound, so the servers counted
    /// serve a batch, not people waiting. `serving`: the same card's results of the benchmark that
    /// carry a bound (the same entry's Server or Interactive first, else the card's highest per GPU).
    OfflineNoBound { serving: Vec<(String, Scenario)> },
    /// People are counted with the result's latency bound, which held at its own power setting; at
    /// a lower limit tokens come slower and the bound may no longer hold ([`latency::HEADROOM`]).
    BoundAtOwnSetting { limit_watts: f64, setting_watts: f64, tpot_ms: f64 },
}

impl PlanNotice {
    /// Whether the notice stops a figure a person asked for (shown as an alert).
    pub fn is_alert(&self) -> bool {
        matches!(
            self,
            PlanNotice::SpeedTooHigh { .. } | PlanNotice::NoSpeedPromise { .. } | PlanNotice::NoStreamPerServer
        )
    }
}

/// A number rounded to three significant figures, for the words of an assumption.
fn three_figures(x: f64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let scale = 10f64.powi(2 - x.abs().log10().floor() as i32);
    (x * scale).round() / scale
}

/// The throughput a plan sizes with: the configuration's tokens/s per server, and at a power limit
/// other than the result's setting its two ends (`low_tps` ≤ `high_tps`).
struct Sizing {
    /// T × min(1, limit ÷ setting): servers are counted with this.
    low_tps: f64,
    /// T × max(1, limit ÷ setting).
    high_tps: f64,
    /// The sizing's own assumption, where it takes the lower end.
    lower_end: Option<Assumption>,
}

fn sizing(basis: &crate::model::ThroughputBasis, limit: Watts) -> Sizing {
    let t = basis.per_server.value();
    let ratio = basis.setting.map_or(1.0, |s| limit.value() / s.value());
    let ratio = if (ratio - 1.0).abs() < 1e-12 { 1.0 } else { ratio };
    let lower_end = basis
        .setting
        .filter(|_| ratio < 1.0)
        .map(|setting| Assumption::SizedAtLowerEnd { limit_watts: limit.value(), setting_watts: setting.value() });
    Sizing { low_tps: t * ratio.min(1.0), high_tps: t * ratio.max(1.0), lower_end }
}

/// The results of an Offline result's card and benchmark that carry a latency bound: the same
/// entry's Server and Interactive rows where it publishes them, else, per scenario, the card's row
/// with the most tokens/s per accelerator.
pub fn serving_results(catalogue: &Catalogue, offline: &crate::catalogue::PublishedResult) -> Vec<(String, Scenario)> {
    let bounded = [Scenario::Server, Scenario::Interactive];
    let same: Vec<(String, Scenario)> = bounded
        .into_iter()
        .filter(|&s| latency::bound(offline.benchmark, s).is_some())
        .filter(|&s| catalogue.result(&offline.id, offline.benchmark, s).is_some())
        .map(|s| (offline.id.to_string(), s))
        .collect();
    if !same.is_empty() {
        return same;
    }
    bounded
        .into_iter()
        .filter(|&s| latency::bound(offline.benchmark, s).is_some())
        .filter_map(|s| {
            catalogue
                .results
                .iter()
                .filter(|r| r.card == offline.card && r.benchmark == offline.benchmark && r.scenario == s)
                .map(|r| (r, r.tokens_per_s / f64::from(r.accelerators.max(1))))
                .fold(None::<(&crate::catalogue::PublishedResult, f64)>, |best, (r, per)| match best {
                    Some((_, b)) if b >= per => best,
                    _ => Some((r, per)),
                })
                .map(|(r, _)| (r.id.to_string(), s))
        })
        .collect()
}

/// What a throughput promises each person, from its latency bound.
enum Promise {
    /// At most `streams` people per server, each at ≥ 1000 ÷ TPOT tokens/s.
    Streams {
        streams: f64,
        tpot_ms: f64,
    },
    Notice(PlanNotice),
}

fn promise(catalogue: &Catalogue, throughput: &Throughput, tps: f64, speed: Option<f64>) -> Promise {
    let Throughput::Published(result) = throughput else {
        return Promise::Notice(PlanNotice::NoSpeedPromise { scenario: None, enough: Vec::new() });
    };
    // The scenarios of the same result and benchmark whose bound promises the speed (any, without one).
    let enough = Scenario::ALL
        .into_iter()
        .filter(|&s| s != result.scenario && catalogue.result(&result.id, result.benchmark, s).is_some())
        .filter(|&s| {
            latency::bound(result.benchmark, s).is_some_and(|b| speed.is_none_or(|v| b.tokens_per_second() >= v))
        })
        .collect::<Vec<_>>();
    match latency::bound(result.benchmark, result.scenario) {
        None => Promise::Notice(PlanNotice::NoSpeedPromise { scenario: Some(result.scenario), enough }),
        Some(b) => match speed {
            Some(v) if b.tokens_per_second() < v => Promise::Notice(PlanNotice::SpeedTooHigh {
                speed: v,
                promised: b.tokens_per_second(),
                scenario: result.scenario,
                enough,
            }),
            _ => {
                let streams = floor_whole(tps * b.tpot_ms / 1000.0);
                if streams >= 1.0 {
                    Promise::Streams { streams, tpot_ms: b.tpot_ms }
                } else {
                    Promise::Notice(PlanNotice::NoStreamPerServer)
                }
            }
        },
    }
}

/// The plan's figures from the checked form (`catalogue`: where the result's other scenarios are looked up),
/// each with the boundary of power it counts.
pub fn evaluate(catalogue: &Catalogue, checked: &Checked) -> Plan {
    // No idle typed (the field empty, the limit valid) for a demand: the card's sourced idle, where the
    // catalogue has one at or below the limit, as an estimate with its spread (issue 35). A typed one always wins.
    let limit = checked.watts.as_ref().and_then(|w| w.as_ref().ok()).copied();
    // Only for a demand: without one the year is the worst case or the typed load, named as such.
    let sourced = match (&checked.plan.idle, &checked.plan.demand, checked.card.as_ref().ok(), limit) {
        (Some(Ok(None)), Ok(Some(_)), Some(card), Some(limit)) => {
            sourced_idle(&card.id).filter(|i| i.high <= limit.value())
        }
        _ => None,
    };
    let mut plan = match &sourced {
        Some(idle) => {
            let low = figures(catalogue, checked, Some(Watts(idle.low)));
            let high = figures(catalogue, checked, Some(Watts(idle.high)));
            merge(low, &high, idle)
        }
        None => figures(catalogue, checked, None),
    };
    plan.idle_source = sourced;
    plan.bound();
    plan
}

/// The plan at the sourced idle's low end, with every figure that depends on the idle power spread
/// to the high end's (`high`): its kind names the reading, its origins the source, never your input.
fn merge(mut low: Plan, high: &Plan, idle: &SourcedIdle) -> Plan {
    let source = idle.sources.first().cloned().unwrap_or_default();
    let sourced = Assumption::IdleSourced { low_watts: idle.low, high_watts: idle.high, source: source.clone() };
    let span = |a: &Option<Figure>, b: &Option<Figure>| -> Option<Figure> {
        let (a, b) = (a.as_ref()?, b.as_ref()?);
        let lo = a.low.unwrap_or(a.value).min(b.low.unwrap_or(b.value));
        let hi = a.value.max(b.value);
        let mut assumptions: Vec<Assumption> = match &a.kind {
            Kind::Estimate(list) => list
                .iter()
                .filter(|x| {
                    !(idle.low < idle.high
                        && matches!(x, Assumption::PowerFollowsDemand { .. } | Assumption::PowerFollowsLoad { .. }))
                })
                .cloned()
                .collect(),
            _ => Vec::new(),
        };
        assumptions.insert(0, sourced.clone());
        let origins: Vec<Origin> = a
            .origins
            .iter()
            .flat_map(|o| match o {
                Origin::Input(Field::Idle) => idle.sources.iter().map(|s| Origin::Source(s.clone())).collect(),
                other => vec![other.clone()],
            })
            .collect();
        Figure::range(lo, hi, a.unit, Kind::Estimate(assumptions), origins).map(|f| {
            if a.side == Side::AtLeast {
                f.at_least()
            } else {
                f
            }
        })
    };
    macro_rules! spread {
        ($($field:ident),*) => { $( low.$field = span(&low.$field, &high.$field); )* };
    }
    spread!(
        site_power,
        site_busy_power,
        site_kwh_per_day,
        site_kwh_per_year,
        site_j_per_token,
        cost_per_year,
        cost_per_mtok,
        co2_per_year,
        co2_per_mtok,
        j_per_answer,
        standing_kwh_per_year,
        work_kwh_per_year,
        standing_share,
        standing_cost_per_year,
        work_cost_per_year,
        standing_co2_per_year,
        work_co2_per_year,
        it_kwh_per_year,
        water_onsite_l_per_year,
        water_offsite_l_per_year,
        water_l_per_year
    );
    for (p, q) in low.curve.iter_mut().zip(&high.curve) {
        p.j_per_token = span(&p.j_per_token, &q.j_per_token);
        p.kwh_per_day = span(&p.kwh_per_day, &q.kwh_per_day);
    }
    for (p, q) in low.sweep.iter_mut().zip(&high.sweep) {
        p.j_per_token = span(&p.j_per_token, &q.j_per_token);
    }
    low
}

/// A configuration's figures, each once (issue 34): the model's and the plan's, where a figure for
/// "all servers" counts the servers the plan uses. Every view — the page, the summary bar, the grid,
/// the exports, the sheet and the e-mail — reads these, never `model::evaluate` alone.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer<'c> {
    pub evaluation: crate::model::Evaluation<'c>,
    pub plan: Plan,
}

/// Evaluates a form into its [`Answer`].
pub fn answer<'c>(catalogue: &'c Catalogue, form: &crate::form::Form) -> Answer<'c> {
    let mut evaluation = crate::model::evaluate(catalogue, form);
    let plan = evaluate(catalogue, &evaluation.checked);
    let typed = evaluation.checked.servers.as_ref().ok().copied();
    if let (Some(used), Some(board), Some(need)) =
        (plan.servers_used, evaluation.figures.board_power.as_ref(), plan.servers_needed.as_ref())
    {
        if Some(used) != typed {
            let all = board.value * f64::from(used);
            let origins = with(board.origins.clone(), need.origins.iter().cloned().map(Some));
            let f = &mut evaluation.figures;
            f.energy_per_day =
                Figure::new(Watts(all).per_day().value(), Unit::KilowattHoursPerDay, Kind::Ceiling, origins.clone());
            f.heat = Figure::new(Watts(all).as_heat().value(), Unit::BtuPerHour, Kind::Ceiling, origins);
        }
    }
    Answer { evaluation, plan }
}

impl Plan {
    /// Each figure's boundary: the server's own draw where an overhead is counted, the site's where
    /// a PUE is; counts, shares and per-card settings count no power.
    fn bound(&mut self) {
        let (server, site) = self.scope.map_or((false, false), |s| (s.server(), s.site()));
        let set = |f: &mut Option<Figure>, b: Boundary| {
            if let Some(x) = f.take() {
                *f = Some(x.within(b));
            }
        };
        let peak = self.peak_boundary;
        for f in [
            &mut self.server_power,
            &mut self.part_power,
            &mut self.it_power,
            &mut self.heat,
            &mut self.cooling,
            &mut self.amps_per_phase,
            &mut self.feed_amps,
            &mut self.position_kva,
        ] {
            set(f, peak);
        }
        set(&mut self.circuit_kw, Boundary::Uncounted);
        set(&mut self.circuits_per_feed, Boundary::Uncounted);
        for f in [
            &mut self.site_power,
            &mut self.site_busy_power,
            &mut self.site_kwh_per_day,
            &mut self.site_kwh_per_year,
            &mut self.site_j_per_token,
            &mut self.cost_per_year,
            &mut self.cost_per_mtok,
            &mut self.co2_per_year,
            &mut self.co2_per_mtok,
            &mut self.j_per_answer,
        ] {
            set(f, Boundary::chain(server, site));
        }
        for f in [
            &mut self.servers_needed,
            &mut self.busy_load,
            &mut self.streams_per_server,
            &mut self.rack_positions,
            &mut self.servers_per_rack,
            &mut self.limit_for_one_more,
        ] {
            set(f, Boundary::Uncounted);
        }
        for f in [
            &mut self.standing_kwh_per_year,
            &mut self.work_kwh_per_year,
            &mut self.standing_cost_per_year,
            &mut self.work_cost_per_year,
            &mut self.standing_co2_per_year,
            &mut self.work_co2_per_year,
        ] {
            set(f, Boundary::chain(server, site));
        }
        set(&mut self.standing_share, Boundary::Uncounted);
        // The IT energy and the water it takes on site count the boards and the system; the water of the
        // electricity is the site's (× PUE); the manufacturing footprint counts no power.
        for f in [&mut self.it_kwh_per_year, &mut self.water_onsite_l_per_year] {
            set(f, Boundary::chain(server, false));
        }
        for f in [&mut self.water_offsite_l_per_year, &mut self.water_l_per_year] {
            set(f, Boundary::chain(server, site));
        }
        set(&mut self.embodied_kg_per_year, Boundary::Uncounted);
        set(&mut self.embodied_g_per_mtok, Boundary::Uncounted);
        for p in &mut self.sweep {
            set(&mut p.j_per_token, Boundary::chain(server, site));
        }
        for p in &mut self.curve {
            set(&mut p.j_per_token, Boundary::chain(server, site));
            set(&mut p.kwh_per_day, Boundary::chain(server, site));
        }
    }
}

fn figures(catalogue: &Catalogue, checked: &Checked, idle_default: Option<Watts>) -> Plan {
    let p = &checked.plan;
    let mut out = Plan { currency: p.currency.clone().ok().flatten().unwrap_or_default(), ..Plan::default() };
    let card = checked.card.as_ref().ok().copied();
    let gpus = checked.gpus.as_ref().ok().copied();
    let limit = checked.watts.as_ref().and_then(|w| w.as_ref().ok()).copied();
    let typed_servers = checked.servers.as_ref().ok().copied();
    let throughput = checked.throughput.as_ref().ok();

    let overhead = p.overhead.clone().ok().map(|o| (o.unwrap_or_default(), o.is_some()));
    let pue = p.pue.clone().ok().map(|v| (v.unwrap_or(1.0), v.is_some()));
    let load = p.load.clone().ok().map(|v| (v.unwrap_or(100.0), v.is_some()));
    let hours = p.hours.clone().ok().map(|v| (v.unwrap_or(24.0), v.is_some()));
    let idle = match (p.idle.clone(), idle_default) {
        (Some(Ok(None)), Some(d)) => Some(Some(d)),
        (typed, _) => typed.and_then(Result::ok),
    };
    let demand = p.demand.clone().ok().flatten();
    let users = p.users.clone().ok().flatten();
    let speed = p.speed.clone().ok().flatten();
    if let (Some((overhead, _)), Some((pue, _))) = (overhead, pue) {
        out.scope = Some(PlanScope { overhead, pue });
    }
    if let (Some(_), Some((typed, true))) = (demand, load) {
        out.notices.push(PlanNotice::LoadIgnored { typed_percent: typed });
    }
    if let Ok(Some(co2)) = &p.co2 {
        if *co2 > 0.0 && *co2 < CO2_QUESTION_BELOW {
            out.notices.push(PlanNotice::Co2InKilograms { typed: *co2 });
        }
    }

    let (Some(card), Some(gpus), Some(limit), Some((overhead, overhead_set))) = (card, gpus, limit, overhead) else {
        return out;
    };
    let mut base = cards_origins(gpus, throughput);
    base.extend(limit_origins(card, limit, throughput));
    // The system (issue 36): what one counted unit is, and its peak — the boards at the limit plus the
    // typed overhead, or the sourced system's own draw where none is typed, or the boards alone.
    let shape = crate::system::shape(card, gpus, throughput);
    let parts = f64::from(shape.parts());
    let count_unit = count_unit(shape.noun());
    let own = match (overhead_set, shape.sourced) {
        (false, Some(sys)) => {
            let (low, high) = crate::system::own_draw(card, sys);
            Own::Sourced { low: low * parts, high: high * parts, source: sys.source.to_string() }
        }
        (true, _) if overhead.value() > 0.0 => Own::Typed(overhead.value()),
        _ => Own::Boards,
    };
    let boards = limit.value() * f64::from(gpus);
    let (peak_low, peak) = match &own {
        Own::Sourced { low, high, .. } => (boards + low, Watts(boards + high)),
        Own::Typed(w) => (boards + w, Watts(boards + w)),
        Own::Boards => (boards, Watts(boards)),
    };
    out.peak_boundary = match own {
        Own::Sourced { .. } => Boundary::System,
        Own::Typed(_) => Boundary::BoardsServer,
        Own::Boards => Boundary::Boards,
    };
    let peak_origins = match &own {
        Own::Sourced { source, .. } => with(base.clone(), [Some(Origin::Source(source.clone()))]),
        _ => with(base.clone(), [input_if(overhead_set, Field::Overhead)]),
    };
    // The energy figures count what is drawn all day: the boards and a typed overhead, never a
    // sourced maximum (a peak, not an average).
    let energy_origins = with(base.clone(), [input_if(overhead_set, Field::Overhead)]);
    out.system = Some(PlanSystem {
        shape: shape.shape,
        gpus_per_part: shape.gpus_per_part,
        sourced: shape.sourced.cloned(),
        rack_name: shape.rack_name.map(str::to_owned),
        own_sourced: matches!(own, Own::Sourced { .. }),
    });
    out.server_power = Figure::range(peak_low, peak.value(), Unit::Watts, Kind::Ceiling, peak_origins.clone());
    // One part (a server of the system, a rack): what a rack position and a circuit see.
    let part = Watts(peak.value() / parts);
    if shape.parts() > 1 {
        out.part_power =
            Figure::range(peak_low / parts, part.value(), Unit::Watts, Kind::Ceiling, peak_origins.clone());
    }

    // Electrics: the peak of one part (a server, or one rack of a rack-scale system).
    let electric = (&p.volts, &p.pf, &p.phases);
    if let (Ok(Some(volts)), Ok(pf), Ok(phases)) = electric {
        let a = amps(part, *volts, pf.unwrap_or(1.0), phases.unwrap_or_default());
        let origins = with(
            peak_origins.clone(),
            [
                Some(Origin::Input(Field::Volts)),
                input_if(phases.is_some(), Field::Phases),
                input_if(pf.is_some(), Field::PowerFactor),
            ],
        );
        out.amps_per_phase = Figure::new(a.value(), Unit::Amperes, Kind::Ceiling, origins);
    }

    // Servers needed: for the demand in its busy hours, and for the people at once.
    let tb = throughput.map(|t| basis(t, card, gpus, limit));
    let size = tb.as_ref().map(|b| sizing(b, limit));
    let rate = match (demand, hours) {
        (Some(d), Some((h, _))) => Some(d / (h * 3600.0)),
        _ => None,
    };
    let hours_set = hours.is_some_and(|(_, set)| set);
    let mut needed: Option<f64> = None;
    let mut need_assumptions: Vec<Assumption> = Vec::new();
    let mut need_origins: Vec<Origin> = tb.as_ref().map(|b| b.origins.clone()).unwrap_or_default();
    if let (Some(r), Some(size)) = (rate, &size) {
        needed = Some(ceil_whole(r / size.low_tps));
        need_assumptions.push(Assumption::DemandSpread { hours: hours.map_or(24.0, |h| h.0) });
        need_assumptions.extend(size.lower_end.clone());
        need_origins
            .extend([Some(Origin::Input(Field::Demand)), input_if(hours_set, Field::Hours)].into_iter().flatten());
    }
    if let (Some(users), Some(t), Some(size)) = (users, throughput, &size) {
        match promise(catalogue, t, size.low_tps, speed) {
            Promise::Streams { streams, tpot_ms } => {
                if let (Some(setting), true) = (tb.as_ref().and_then(|b| b.setting), size.lower_end.is_some()) {
                    out.notices.push(PlanNotice::BoundAtOwnSetting {
                        limit_watts: limit.value(),
                        setting_watts: setting.value(),
                        tpot_ms,
                    });
                }
                let origins = with(
                    with(
                        need_origins.clone(),
                        [Some(Origin::Source(latency::SOURCE.to_owned())), Some(Origin::Input(Field::Users))],
                    ),
                    [speed.map(|_| Origin::Input(Field::Speed))],
                );
                let mut assumptions = vec![Assumption::StreamsBound { tpot_ms }];
                assumptions.extend(size.lower_end.clone());
                out.streams_per_server = Figure::new(
                    streams,
                    Unit::People,
                    Kind::Estimate(assumptions.clone()),
                    with(
                        tb.as_ref().map(|b| b.origins.clone()).unwrap_or_default(),
                        [Some(Origin::Source(latency::SOURCE.to_owned()))],
                    ),
                );
                let for_users = ceil_whole(users / streams);
                needed = Some(needed.map_or(for_users, |n| n.max(for_users)));
                for a in assumptions {
                    if !need_assumptions.contains(&a) {
                        need_assumptions.push(a);
                    }
                }
                need_origins = origins;
            }
            Promise::Notice(n) => out.notices.push(n),
        }
    }
    if let (Some(_), None, Some(Throughput::Published(result))) = (demand, users, throughput) {
        if result.scenario == Scenario::Offline {
            out.notices.push(PlanNotice::OfflineNoBound { serving: serving_results(catalogue, result) });
        }
    }
    if let Some(n) = needed {
        if let Some(b) = &tb {
            for a in &b.assumptions {
                if !need_assumptions.contains(a) {
                    need_assumptions.push(a.clone());
                }
            }
        }
        // Sized on an upper bound of streams per server, the count is at least that many.
        let streams_bound = need_assumptions.iter().any(|a| matches!(a, Assumption::StreamsBound { .. }));
        out.servers_needed = Figure::new(n, count_unit, Kind::Estimate(need_assumptions.clone()), need_origins.clone())
            .map(|f| if streams_bound { f.at_least() } else { f });
    }
    // The servers the plan uses: the Servers field, or more where more are needed.
    let servers = match (typed_servers, needed) {
        (Some(typed), Some(n)) if n > f64::from(typed) => {
            // `n` is whole and at most the quotient of finite numbers; a count past u32 is no count.
            let used = if n <= f64::from(u32::MAX) { Some(n as u32) } else { None };
            if let Some(used) = used {
                out.notices.push(PlanNotice::UsesMoreServers { typed, used });
            }
            used
        }
        (Some(typed), _) => Some(typed),
        (None, Some(n)) if n <= f64::from(u32::MAX) => Some(n as u32),
        _ => None,
    };
    out.servers_used = servers;
    let servers_from_need = servers.is_some() && servers != typed_servers;
    let servers_origins = |origins: Vec<Origin>| -> Vec<Origin> {
        if servers_from_need {
            with(origins, need_origins.iter().cloned().map(Some))
        } else {
            with(origins, [Some(Origin::Input(Field::Servers))])
        }
    };

    if let (Some(r), Some(size), Some(s)) = (rate, &size, servers) {
        let load = 100.0 * r / (f64::from(s) * size.low_tps);
        let mut assumptions = vec![Assumption::DemandSpread { hours: hours.map_or(24.0, |h| h.0) }];
        assumptions.extend(size.lower_end.clone());
        out.busy_load =
            Figure::new(load, Unit::Percent, Kind::Estimate(assumptions), servers_origins(need_origins.clone()));
    }

    let fit = rack_fit(
        &mut out,
        RackInputs { p, card, limit, shape: &shape, part, overhead: &own, peak_origins: &peak_origins },
        servers.zip(Some(demand.is_some() || users.is_some())),
        &servers_origins,
    );
    if let (Some(s), Ok(Some(volts)), Ok(Some(breaker))) = (servers, &p.volts, &p.breaker) {
        // One rack position's load at peak: the parts it holds (as many as fit, never more than the
        // plan uses), or one part where no budget is typed.
        let in_use = f64::from(s) * parts;
        let held = fit.map_or(1.0, |f| f.min(in_use)).max(1.0);
        sign_off(
            &mut out,
            SignInputs {
                p,
                volts: *volts,
                breaker: *breaker,
                load: part.value() * held,
                held,
                peak_origins: &peak_origins,
            },
        );
    }
    if let (Some(size), Some(tb)) = (&size, &tb) {
        let site_pue = pue.map(|(v, _)| v).filter(|v| *v > 1.0);
        tokens_per_mw(&mut out, size, tb, boards, peak, site_pue, &peak_origins);
    }
    if let Some(servers) = servers {
        let it = peak * f64::from(servers);
        let origins = servers_origins(peak_origins.clone());
        out.it_power = Figure::new(it.kilowatts().value(), Unit::Kilowatts, Kind::Ceiling, origins.clone());
        out.heat = Figure::new(it.as_heat().value(), Unit::BtuPerHour, Kind::Ceiling, origins.clone());
        out.cooling = Figure::new(it.kilowatts().value(), Unit::Kilowatts, Kind::Ceiling, origins);
        let kw = it.kilowatts().value();
        out.eu = kw.is_finite().then_some(EuThreshold { reached: kw >= EU_THRESHOLD_KW, it_kilowatts: kw });
    }

    // The site: for the demand where one is given, else at the average load.
    let (Some((pue, pue_set)), Some((load, load_set)), Some(idle)) = (pue, load, idle) else {
        return out;
    };
    // The load sweep (issue 35): site J/token of one server against its busy-hour load, where an idle
    // power is known — standing power over few tokens at the left, the benchmark's ceiling at 100 %.
    if let (Some(i), Some(size), Some(tb)) = (idle, &size, &tb) {
        let (cards, lim, h) = (f64::from(gpus), limit.value(), hours.map_or(24.0, |x| x.0));
        let origins = with(
            with(energy_origins.clone(), tb.origins.iter().cloned().map(Some)),
            [input_if(pue_set, Field::Pue), input_if(hours_set, Field::Hours), Some(Origin::Input(Field::Idle))],
        );
        out.sweep = SWEEP_LOADS
            .iter()
            .map(|&l| {
                let u = l / 100.0;
                let day_wh = (cards * (i.value() * 24.0 + (lim - i.value()) * u * h) + overhead.value() * 24.0) * pue;
                let j = |tps: f64| day_wh / (tps * u * h);
                let mut assumptions = vec![Assumption::PowerFollowsDemand {
                    idle_watts: i.value(),
                    limit_watts: lim,
                    busy_load_percent: l,
                    hours: h,
                }];
                assumptions.extend(tb.assumptions.iter().cloned());
                SweepPoint {
                    load: l,
                    j_per_token: Figure::range(
                        j(size.high_tps),
                        j(size.low_tps),
                        Unit::JoulesPerToken,
                        Kind::Estimate(assumptions),
                        origins.clone(),
                    ),
                }
            })
            .collect();
    }
    let at = |load: f64| -> Site {
        site(
            SiteInputs { gpus, limit, idle, overhead, pue, load, servers },
            throughput.map(|t| basis(t, card, gpus, limit)),
        )
    };
    if let (Some(d), Some(r), Some(size), Some(tb), Some(s), Some((h, _))) = (demand, rate, &size, &tb, servers, hours)
    {
        out.basis = EnergyBasis::Demand;
        let origins = servers_origins(with(
            with(energy_origins.clone(), tb.origins.iter().cloned().map(Some)),
            [
                input_if(pue_set, Field::Pue),
                Some(Origin::Input(Field::Demand)),
                input_if(hours_set, Field::Hours),
                idle.map(|_| Origin::Input(Field::Idle)),
            ],
        ));
        let (s, cards, lim) = (f64::from(s), f64::from(gpus), limit.value());
        // Watt-hours a day of all the servers' GPU boards, (low, high).
        let (boards_low, boards_high, mut assumptions) = match idle {
            Some(i) => {
                let i = i.value();
                let boards = |tps: f64| s * cards * (i * 24.0 + (lim - i) * (r / (s * tps)) * h);
                let busy = 100.0 * r / (s * size.low_tps);
                let follows = Assumption::PowerFollowsDemand {
                    idle_watts: i,
                    limit_watts: lim,
                    busy_load_percent: three_figures(busy),
                    hours: h,
                };
                (boards(size.high_tps), boards(size.low_tps), vec![follows])
            }
            None => {
                out.notices.push(PlanNotice::IdleDecides);
                // Every token at the lower end of J/token: boards ÷ (T × max(1, limit ÷ setting)).
                let low = d * (cards * lim / size.high_tps) / 3600.0;
                (low, s * cards * lim * 24.0, vec![Assumption::DemandRange])
            }
        };
        assumptions.extend(tb.assumptions.iter().cloned());
        let kind = Kind::Estimate(assumptions);
        let site_wh = |boards: f64| (boards + s * overhead.value() * 24.0) * pue;
        let (low, high) = (site_wh(boards_low), site_wh(boards_high));
        out.site_kwh_per_day =
            Figure::range(low / 1000.0, high / 1000.0, Unit::KilowattHoursPerDay, kind.clone(), origins.clone());
        out.site_power = Figure::range(low / 24.0, high / 24.0, Unit::Watts, kind.clone(), origins.clone());
        // The busy hours: the day's energy less what the servers draw outside them (each card at its
        // idle power, or, without one, nothing at the low end and the limit at the high end), over h.
        let off_hours = 24.0 - h;
        let (busy_low, busy_high) = match idle {
            Some(i) => {
                let standing = (s * cards * i.value() + s * overhead.value()) * pue * off_hours;
                ((low - standing) / h, (high - standing) / h)
            }
            None => {
                let low_busy = (boards_low + s * overhead.value() * h) * pue / h;
                (low_busy, (s * cards * lim + s * overhead.value()) * pue)
            }
        };
        out.site_busy_power =
            Figure::range(busy_low.min(busy_high), busy_high, Unit::Watts, kind.clone(), origins.clone());
        // The year as standing power plus work (issue 35): every card at its idle power all day and the
        // server's own draw, × PUE, whatever the demand; the rest is the work the tokens take.
        if let Some(i) = idle {
            let standing = (s * cards * i.value() + s * overhead.value()) * 24.0 * pue;
            let year = crate::units::DAYS_PER_YEAR / 1000.0;
            out.standing_kwh_per_year =
                Figure::new(standing * year, Unit::KilowattHoursPerYear, kind.clone(), origins.clone());
            out.work_kwh_per_year = Figure::range(
                (low - standing).max(0.0) * year,
                (high - standing).max(0.0) * year,
                Unit::KilowattHoursPerYear,
                kind.clone(),
                origins.clone(),
            );
            if low > 0.0 {
                out.standing_share = Figure::range(
                    100.0 * standing / high,
                    100.0 * standing / low,
                    Unit::Percent,
                    kind.clone(),
                    origins.clone(),
                );
            }
        }
        out.site_j_per_token = Figure::range(low * 3600.0 / d, high * 3600.0 / d, Unit::JoulesPerToken, kind, origins);
    } else {
        out.basis = if idle.is_some() && load < 100.0 { EnergyBasis::Load } else { EnergyBasis::Limit };
        let site_origins = servers_origins(with(
            energy_origins.clone(),
            [input_if(pue_set, Field::Pue), input_if(load_set, Field::Load), idle.map(|_| Origin::Input(Field::Idle))],
        ));
        let here = at(load);
        if servers.is_some() {
            out.site_power =
                Figure::new(here.power.value(), Unit::Watts, here.power_kind.clone(), site_origins.clone());
        }
        out.site_kwh_per_day =
            out.site_power.as_ref().and_then(|f| scaled(f, 24.0 / 1000.0, Unit::KilowattHoursPerDay, vec![]));
        out.site_j_per_token = here.j_per_token.as_ref().and_then(|(low, high, kind, origins)| {
            Figure::range(
                low.value(),
                high.value(),
                Unit::JoulesPerToken,
                kind.clone(),
                with(site_origins.clone(), origins.iter().cloned().map(Some)),
            )
        });
    }
    out.site_kwh_per_year = out
        .site_kwh_per_day
        .as_ref()
        .and_then(|f| scaled(f, crate::units::DAYS_PER_YEAR, Unit::KilowattHoursPerYear, vec![]));

    if let (Ok(Some(price)), Ok(_)) = (&p.price, &p.currency) {
        let money = Unit::Money(out.currency);
        let price_origins = vec![Origin::Input(Field::Price)];
        out.cost_per_year =
            out.site_kwh_per_year.as_ref().and_then(|f| scaled(f, *price, money, price_origins.clone()));
        out.standing_cost_per_year =
            out.standing_kwh_per_year.as_ref().and_then(|f| scaled(f, *price, money, price_origins.clone()));
        out.work_cost_per_year =
            out.work_kwh_per_year.as_ref().and_then(|f| scaled(f, *price, money, price_origins.clone()));
        out.cost_per_mtok = out.site_j_per_token.as_ref().and_then(|f| {
            scaled(f, JoulesPerToken(1.0).kilowatt_hours_per_million() * price, money, price_origins.clone())
        });
    }
    if let Ok(Some(co2)) = &p.co2 {
        let co2_origins = vec![Origin::Input(Field::Co2)];
        out.co2_per_year = out
            .site_kwh_per_year
            .as_ref()
            .and_then(|f| scaled(f, co2 / 1000.0, Unit::KilogramsCo2e, co2_origins.clone()));
        out.standing_co2_per_year = out
            .standing_kwh_per_year
            .as_ref()
            .and_then(|f| scaled(f, co2 / 1000.0, Unit::KilogramsCo2e, co2_origins.clone()));
        out.work_co2_per_year = out
            .work_kwh_per_year
            .as_ref()
            .and_then(|f| scaled(f, co2 / 1000.0, Unit::KilogramsCo2e, co2_origins.clone()));
        out.co2_per_mtok = out.site_j_per_token.as_ref().and_then(|f| {
            scaled(f, JoulesPerToken(1.0).kilowatt_hours_per_million() * co2, Unit::GramsCo2e, co2_origins.clone())
        });
    }
    water_and_embodied(&mut out, p, card, gpus, servers, (pue, pue_set), demand);
    if let Ok(Some(answer)) = &p.answer {
        out.j_per_answer = out
            .site_j_per_token
            .as_ref()
            .and_then(|f| scaled(f, *answer, Unit::JoulesPerAnswer, vec![Origin::Input(Field::Answer)]));
    }

    let curve_origins = servers_origins(with(
        energy_origins,
        [input_if(pue_set, Field::Pue), idle.map(|_| Origin::Input(Field::Idle))],
    ));
    out.curve = CURVE_LOADS
        .iter()
        .map(|&l| {
            let s = at(l);
            let kwh = servers.and_then(|_| {
                Figure::new(
                    s.power.per_day().value(),
                    Unit::KilowattHoursPerDay,
                    s.power_kind.clone(),
                    curve_origins.clone(),
                )
            });
            let j = s.j_per_token.and_then(|(low, high, kind, origins)| {
                Figure::range(
                    low.value(),
                    high.value(),
                    Unit::JoulesPerToken,
                    kind,
                    with(curve_origins.clone(), origins.into_iter().map(Some)),
                )
            });
            CurvePoint { load: l, j_per_token: j, kwh_per_day: kwh }
        })
        .collect();
    out
}

/// The hardware lifetime when none is typed, and its source: EcoLogits' `HARDWARE_LIFESPAN` (3 years).
pub const LIFE_DEFAULT: f64 = 3.0;
pub const LIFE_SOURCE: &str = "ecologits-llm-inference";

/// Water per year and the cards' manufacturing footprint per year (issue 40). Water: the IT energy (the
/// site's ÷ PUE) × the on-site WUE, and × PUE × the electricity's water; embodied: GPUs × the card's
/// stated footprint per GPU ÷ the lifetime, and per million tokens for a demand.
fn water_and_embodied(
    out: &mut Plan,
    p: &PlanChecked,
    card: &crate::catalogue::Card,
    gpus: u32,
    servers: Option<u32>,
    (pue, pue_set): (f64, bool),
    demand: Option<f64>,
) {
    let wue = p.wue.clone().ok().flatten();
    let water = p.water.clone().ok().flatten();
    out.wue_typed = wue;
    if let Some(site) = out.site_kwh_per_year.clone() {
        out.it_kwh_per_year = scaled(&site, 1.0 / pue, Unit::KilowattHoursPerYear, Vec::new());
    }
    if let Some(it) = out.it_kwh_per_year.clone() {
        let with_water = |f: Option<Figure>| {
            f.map(|f| {
                let mut assumptions = match f.kind.clone() {
                    Kind::Estimate(a) => a,
                    _ => Vec::new(),
                };
                assumptions.insert(0, Assumption::WaterPerKwh { onsite: wue, offsite: water });
                let mut origins = f.origins.clone();
                origins.extend([input_if(pue_set, Field::Pue)].into_iter().flatten());
                let mut g = f;
                g.kind = Kind::Estimate(assumptions);
                g.origins = origins;
                g
            })
        };
        out.water_onsite_l_per_year =
            with_water(wue.and_then(|w| scaled(&it, w, Unit::Litres, vec![Origin::Input(Field::Wue)])));
        out.water_offsite_l_per_year =
            with_water(water.and_then(|w| scaled(&it, pue * w, Unit::Litres, vec![Origin::Input(Field::Water)])));
        if let (Some(w), Some(x)) = (wue, water) {
            out.water_l_per_year = with_water(scaled(
                &it,
                w + pue * x,
                Unit::Litres,
                vec![Origin::Input(Field::Wue), Origin::Input(Field::Water)],
            ));
        }
    }
    let (Some(e), Some(s), Ok(life)) = (card.embodied.as_ref(), servers, &p.life) else {
        out.embodied_unpublished = card.embodied.is_none();
        return;
    };
    let years = life.unwrap_or(LIFE_DEFAULT);
    let kind = Kind::Estimate(vec![Assumption::EmbodiedOverLife { kg_per_gpu: e.kg_per_gpu, years }]);
    let mut origins = vec![Origin::Source(e.source.to_string())];
    origins.push(if life.is_some() { Origin::Input(Field::Life) } else { Origin::Source(LIFE_SOURCE.to_owned()) });
    let kg = f64::from(gpus) * f64::from(s) * e.kg_per_gpu / years;
    out.embodied_kg_per_year = Figure::new(kg, Unit::KilogramsCo2e, kind.clone(), origins.clone());
    if let Some(d) = demand {
        // Grams per million tokens: kg a year × 1000 ÷ (the demand × 365 ÷ 10⁶).
        let mtok = d * crate::units::DAYS_PER_YEAR / 1e6;
        origins.push(Origin::Input(Field::Demand));
        out.embodied_g_per_mtok = Figure::new(kg * 1000.0 / mtok, Unit::GramsCo2e, kind, origins);
    }
}

/// The system's own draw beyond its GPU boards at peak: typed, sourced, or not counted.
enum Own {
    Boards,
    Typed(f64),
    /// A sourced system's own draw for all its parts, as a span where the maximum is one.
    Sourced {
        low: f64,
        high: f64,
        source: String,
    },
}

/// What the plan counts as one system (issue 36), for the page's words and the sign-off.
#[derive(Debug, Clone, PartialEq)]
pub struct PlanSystem {
    pub shape: crate::system::Shape,
    pub gpus_per_part: u32,
    /// The sourced system one part is, where the card has one of that size.
    pub sourced: Option<crate::catalogue::System>,
    pub rack_name: Option<String>,
    /// Whether the peak uses the sourced system's maximum (no overhead typed).
    pub own_sourced: bool,
}

impl PlanSystem {
    /// The word the page counts systems with.
    pub fn noun(&self) -> crate::system::Noun {
        self.shape.noun()
    }

    /// The word for one part a rack position holds: a server, or a rack.
    pub fn part_noun(&self) -> crate::system::Noun {
        self.shape.part_noun()
    }

    /// Parts in one system.
    pub fn parts(&self) -> u32 {
        self.shape.parts()
    }
}

/// The unit the plan counts systems in.
fn count_unit(noun: crate::system::Noun) -> Unit {
    match noun {
        crate::system::Noun::Server => Unit::Servers,
        crate::system::Noun::Rack => Unit::Racks,
        crate::system::Noun::System => Unit::Systems,
    }
}

/// The electrical sign-off for one rack position (issue 36): the rule applied, the circuits each
/// feed needs, and whether they carry the load.
#[derive(Debug, Clone, PartialEq)]
pub struct SignOff {
    pub rule: crate::electric::Rule,
    pub feeds: u32,
    pub phases: Phases,
    pub volts: f64,
    pub breaker: f64,
    /// Parts (servers or racks) in the position.
    pub held: f64,
    /// The position's load at peak, kW.
    pub load_kw: f64,
    /// Usable kW of one circuit.
    pub circuit_kw: f64,
    pub circuits_per_feed: f64,
}

struct RackInputs<'a> {
    p: &'a PlanChecked,
    card: &'a crate::catalogue::Card,
    limit: Watts,
    shape: &'a crate::system::SystemShape<'a>,
    /// One part's peak.
    part: Watts,
    overhead: &'a Own,
    peak_origins: &'a [Origin],
}

/// Rack positions, checked part by part (issue 36): a rack-scale system takes one position per rack
/// where its rack fits the budget; servers as many per position as fit. Returns the parts one
/// position holds, where a budget is typed.
fn rack_fit(
    out: &mut Plan,
    i: RackInputs,
    servers: Option<(u32, bool)>,
    servers_origins: &dyn Fn(Vec<Origin>) -> Vec<Origin>,
) -> Option<f64> {
    let Ok(Some(rack)) = &i.p.rack else { return None };
    let budget = rack.value() * 1000.0;
    let part = i.part.value();
    let per_part_gpus = f64::from(i.shape.gpus_per_part);
    let parts = f64::from(i.shape.parts());
    let own_per_part = match i.overhead {
        Own::Boards => 0.0,
        Own::Typed(w) => w / parts,
        Own::Sourced { high, .. } => high / parts,
    };
    let fits = floor_whole(budget / part);
    let fit = if i.shape.one_per_position() { fits.min(1.0) } else { fits };
    let origins = with(i.peak_origins.to_vec(), [Some(Origin::Input(Field::Rack))]);
    let noun = if i.shape.one_per_position() { Unit::Racks } else { Unit::Servers };
    out.servers_per_rack = Figure::new(fit, noun, Kind::Ceiling, origins.clone());
    // The limit per card at which one more part would fit, rounded down to a whole watt; for racks
    // only where one does not fit. Never below the card's published minimum, nor where none is published
    // for a rack-scale system (a cap no source offers).
    if !i.shape.one_per_position() || fit < 1.0 {
        let per_card = floor_whole((budget / (fit + 1.0) - own_per_part) / per_part_gpus);
        match i.card.min_power.as_ref() {
            Some(min) if per_card < min.watts => {
                out.notices.push(PlanNotice::OneMoreBelowMinimum { watts: per_card.max(0.0), min_watts: min.watts })
            }
            None if i.shape.one_per_position() => {}
            _ if per_card > 0.0 && per_card < i.limit.value() => {
                out.limit_for_one_more = Figure::new(per_card, Unit::Watts, Kind::Ceiling, origins.clone());
            }
            _ => {}
        }
    }
    if fit < 1.0 {
        out.notices.push(PlanNotice::ServerOverRack {
            server_kw: part / 1000.0,
            rack_kw: rack.value(),
            rack_scale: i.shape.one_per_position(),
        });
        return Some(0.0);
    }
    if let Some((s, true)) = servers {
        let mut kind = out.servers_needed.as_ref().map_or(Kind::Ceiling, |n| n.kind.clone());
        let boards_only = matches!(i.overhead, Own::Boards);
        if boards_only {
            let mut assumptions = match kind {
                Kind::Estimate(a) => a,
                _ => Vec::new(),
            };
            assumptions.push(Assumption::BoardsOnlyFit);
            kind = Kind::Estimate(assumptions);
        }
        let at_least = boards_only || out.servers_needed.as_ref().is_some_and(|n| n.side == Side::AtLeast);
        out.rack_positions =
            Figure::new(ceil_whole(f64::from(s) * parts / fit), Unit::Positions, kind, servers_origins(origins))
                .map(|f| if at_least { f.at_least() } else { f });
    }
    Some(fit)
}

struct SignInputs<'a> {
    p: &'a PlanChecked,
    volts: f64,
    breaker: f64,
    /// One rack position's load at peak, W.
    load: f64,
    held: f64,
    peak_origins: &'a [Origin],
}

/// The electrical sign-off of one rack position (issue 36): usable kW per circuit under the rule,
/// circuits per feed (each feed alone carries the whole load), amps per phase on one feed, kVA.
fn sign_off(out: &mut Plan, i: SignInputs) {
    let (Ok(pf), Ok(phases), Ok(derate), Ok(feeds)) = (&i.p.pf, &i.p.phases, &i.p.derate, &i.p.feeds) else {
        return;
    };
    let pf = pf.unwrap_or(1.0);
    let phases = phases.unwrap_or_default();
    let rule = crate::electric::Rule::of(derate.unwrap_or(crate::electric::NEC_PERCENT));
    let feeds = feeds.map_or(1, |f| if f >= 2.0 { 2 } else { 1 });
    let usable_va = crate::electric::usable_va(i.volts, i.breaker, phases, rule);
    let circuits = crate::electric::circuits(i.load, usable_va, pf);
    let inputs = [
        Some(Origin::Input(Field::Volts)),
        Some(Origin::Input(Field::Breaker)),
        input_if(derate.is_some(), Field::Derate),
        input_if(phases != Phases::One, Field::Phases),
        input_if(pf != 1.0, Field::PowerFactor),
    ];
    let circuit_origins = with(Vec::new(), inputs.clone());
    let load_origins = with(with(i.peak_origins.to_vec(), inputs), [input_if(feeds == 2, Field::Feeds)]);
    out.circuit_kw = Figure::new(usable_va * pf / 1000.0, Unit::Kilowatts, Kind::Ceiling, circuit_origins);
    out.circuits_per_feed = Figure::new(circuits, Unit::Circuits, Kind::Ceiling, load_origins.clone());
    let a = amps(Watts(i.load), i.volts, pf, phases);
    out.feed_amps = Figure::new(a.value(), Unit::Amperes, Kind::Ceiling, load_origins.clone());
    out.position_kva = Figure::new(i.load / pf / 1000.0, Unit::KilovoltAmperes, Kind::Ceiling, load_origins);
    if circuits.is_finite() {
        out.sign_off = Some(SignOff {
            rule,
            feeds,
            phases,
            volts: i.volts,
            breaker: i.breaker,
            held: i.held,
            load_kw: i.load / 1000.0,
            circuit_kw: usable_va * pf / 1000.0,
            circuits_per_feed: circuits,
        });
    }
}

/// Output tokens per second per MW (issue 36) at the GPU boards (a floor: the boards' watts are a
/// ceiling), at the system's peak where it counts more than the boards, and at the site with its PUE.
fn tokens_per_mw(
    out: &mut Plan,
    size: &Sizing,
    tb: &crate::model::ThroughputBasis,
    boards: f64,
    peak: Watts,
    pue: Option<f64>,
    peak_origins: &[Origin],
) {
    let kind = kind_of(tb.assumptions.clone());
    let origins = with(peak_origins.to_vec(), tb.origins.iter().cloned().map(Some));
    let per_mw = |watts: f64| {
        Figure::range(
            size.low_tps * 1e6 / watts,
            size.high_tps * 1e6 / watts,
            Unit::TokensPerSecondPerMegawatt,
            kind.clone(),
            origins.clone(),
        )
        .map(Figure::at_least)
    };
    out.tokens_per_mw = per_mw(boards).map(|f| f.within(Boundary::Boards));
    let system = out.peak_boundary;
    if system != Boundary::Boards {
        out.system_tokens_per_mw = per_mw(peak.value()).map(|f| f.within(system));
    }
    if let Some(pue) = pue {
        let site = if system == Boundary::System {
            Boundary::SystemSite
        } else {
            Boundary::chain(system != Boundary::Boards, true)
        };
        out.site_tokens_per_mw = per_mw(peak.value() * pue).map(|f| {
            let mut f = f.within(site);
            f.origins.push(Origin::Input(Field::Pue));
            f
        });
    }
}

#[derive(Debug, Clone, Copy)]
struct SiteInputs {
    gpus: u32,
    limit: Watts,
    idle: Option<Watts>,
    overhead: Watts,
    pue: f64,
    /// Per cent.
    load: f64,
    servers: Option<u32>,
}

struct Site {
    /// All servers at the site (or one, without a server count).
    power: Watts,
    power_kind: Kind,
    /// Low end, high end, kind and the throughput's origins.
    j_per_token: Option<(JoulesPerToken, JoulesPerToken, Kind, Vec<Origin>)>,
}

fn site(i: SiteInputs, basis: Option<crate::model::ThroughputBasis>) -> Site {
    let u = i.load / 100.0;
    let per_server = site_power_per_server(i.gpus, card_power(i.limit, i.idle, u), i.overhead, i.pue);
    let follows = match i.idle {
        Some(idle) if u < 1.0 => vec![Assumption::PowerFollowsLoad {
            idle_watts: idle.value(),
            limit_watts: i.limit.value(),
            load_percent: i.load,
        }],
        _ => Vec::new(),
    };
    let power = per_server * f64::from(i.servers.unwrap_or(1));
    let j_per_token = basis.map(|b| {
        let tps = TokensPerSecond(b.per_server.value() * u);
        // At a limit other than the result's setting, as J/token: throughput unchanged at one end,
        // in proportion to power at the other.
        let ratio = b.setting.map_or(1.0, |s| i.limit.value() / s.value());
        let ratio = if (ratio - 1.0).abs() < 1e-12 { 1.0 } else { ratio };
        let high = per_server / (tps * ratio.min(1.0));
        let low = per_server / (tps * ratio.max(1.0));
        let mut assumptions = follows.clone();
        assumptions.extend(b.assumptions);
        (low, high, kind_of(assumptions), b.origins)
    });
    Site { power, power_kind: kind_of(follows), j_per_token }
}

/// The reference values offered beside a field, in `data/reference.json`'s order.
pub fn reference_for(field: Field) -> impl Iterator<Item = &'static crate::catalogue::ReferenceValue> {
    crate::catalogue::reference().iter().filter(move |r| Field::from_id(&r.field) == Some(field))
}

/// The reference values offered beside a field for the plan's system: an overhead only for the
/// sourced system it belongs to (issue 36), every other field's all.
pub fn reference_for_plan(
    field: Field,
    plan: &Plan,
) -> impl Iterator<Item = &'static crate::catalogue::ReferenceValue> + '_ {
    let system = plan.system.as_ref().and_then(|s| s.sourced.as_ref()).map(|s| s.id.to_string());
    reference_for(field).filter(move |r| {
        r.systems.is_empty() || system.as_ref().is_some_and(|id| r.systems.iter().any(|s| **s == **id))
    })
}

/// The reference values' data rules, each broken one in words: unique ids, a plan number field,
/// a value within its range, a currency exactly for prices, a known source, no empty text.
pub fn reference_errors(
    values: &[crate::catalogue::ReferenceValue],
    catalogue: &crate::catalogue::Catalogue,
) -> Vec<String> {
    let mut errors = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for r in values {
        let id = &*r.id;
        if seen.contains(&id) {
            errors.push(format!("reference value {id} appears more than once"));
        }
        seen.push(id);
        for (name, text) in [("id", &r.id), ("label", &r.label), ("year", &r.year), ("note", &r.note)] {
            if text.trim().is_empty() {
                errors.push(format!("reference value {id}: {name} is empty"));
            }
        }
        // An idle power is read on one card (issue 35): within that card's rated power, its spread in order.
        let field = Field::from_id(&r.field);
        if field == Some(Field::Idle) {
            match r.card.as_deref().and_then(|c| catalogue.card(c)) {
                None => errors.push(format!("reference value {id}: an idle power names a card of the catalogue")),
                Some(card) => {
                    let high = r.high.unwrap_or(r.value);
                    let fits = r.value.is_finite() && high.is_finite() && r.value > 0.0 && r.value <= high;
                    if !fits || high > card.max_power.watts {
                        errors.push(format!(
                            "reference value {id}: {} to {high} W lies outside 0 to {} W",
                            r.value, card.max_power.watts
                        ));
                    }
                }
            }
        } else if r.card.is_some() || r.high.is_some() {
            errors.push(format!("reference value {id}: only an idle power names a card or a spread"));
        }
        // An overhead belongs to the systems it was read from (issue 36): each a catalogue system whose
        // stated maximum less its boards at their rated power is the value.
        if field == Some(Field::Overhead) && r.systems.is_empty() {
            errors.push(format!("reference value {id}: an overhead names the systems it belongs to"));
        }
        if field != Some(Field::Overhead) && !r.systems.is_empty() {
            errors.push(format!("reference value {id}: only an overhead names systems"));
        }
        for sys_id in r.systems.iter() {
            let found = catalogue.cards.iter().find_map(|c| c.systems.iter().find(|s| s.id == *sys_id).map(|s| (c, s)));
            match found {
                None => errors.push(format!("reference value {id}: system `{sys_id}` is not in the catalogue")),
                Some((card, sys)) => {
                    let own = sys.max_watts - f64::from(sys.gpus) * card.max_power.watts;
                    if (own - r.value).abs() > 0.5 {
                        errors.push(format!(
                            "reference value {id}: {} W is not {sys_id}'s stated maximum less its boards ({own} W)",
                            r.value
                        ));
                    }
                }
            }
        }
        match field.filter(|f| NUMBERS.contains(f)).and_then(|f| {
            if f == Field::Idle {
                Some(idle_range(Watts(f64::MAX)))
            } else {
                range(f, None)
            }
        }) {
            None => errors.push(format!("reference value {id}: `{}` is not a plan number field", r.field)),
            Some(range) => {
                let fits =
                    r.value.is_finite() && r.value <= range.max && range.min.map_or(r.value > 0.0, |m| r.value >= m);
                if !fits {
                    errors.push(format!("reference value {id}: {} lies outside the field's range ({range})", r.value));
                }
            }
        }
        let is_price = Field::from_id(&r.field) == Some(Field::Price);
        match (&r.currency, is_price) {
            (Some(c), true) if Currency::from_id(c).is_some() => {}
            (None, false) => {}
            _ => errors
                .push(format!("reference value {id}: a price needs a currency (EUR, USD, GBP), nothing else has one")),
        }
        if catalogue.source(&r.source).is_none() {
            errors.push(format!("reference value {id} cites unknown source `{}`", r.source));
        }
    }
    errors
}
