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

pub mod steps;
// issue 47
pub mod sensitivity;
use crate::model::basis;
use crate::units::{Amperes, Watts};
pub use crate::units::{Currency, Phases};
pub use sensitivity::{Input as SensitiveInput, Sensitivity, Spread};

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
    // issue 47
    /// What decided the power at the customer's load (the idle span, the curve), where an idle is in use.
    pub power: Option<crate::power::PowerInputs>,
    // issue 52
    /// The vendor's system the plan is for, where one is chosen.
    pub vendor_system: Option<VendorPlan>,
}

// issue 52
/// The vendor's system a plan is for: its name, the source its figures cite, and its measured idle of
/// the whole system where the plan stands on it (no idle typed).
#[derive(Debug, Clone, PartialEq)]
pub struct VendorPlan {
    pub id: String,
    pub name: String,
    pub source: String,
    pub idle_watts: Option<f64>,
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
/// read on that card, from its lowest to its highest plus a snapshot's margin
/// ([`crate::power::SNAPSHOT_MARGIN_W`], issue 47: one posted table is one machine on one day), the
/// margin's source after the readings'.
pub fn sourced_idle(card: &str) -> Option<SourcedIdle> {
    let values: Vec<&crate::catalogue::ReferenceValue> =
        reference_for(Field::Idle).filter(|r| r.card.as_deref() == Some(card)).collect();
    let low = values.iter().map(|r| r.value).fold(f64::INFINITY, f64::min);
    let high = values.iter().map(|r| r.high.unwrap_or(r.value)).fold(f64::NEG_INFINITY, f64::max)
        + crate::power::SNAPSHOT_MARGIN_W;
    let mut sources: Vec<String> = Vec::new();
    for r in &values {
        if !sources.iter().any(|s| *s == *r.source) {
            sources.push(r.source.to_string());
        }
    }
    sources.push(crate::power::CONTEXT_STEP_SOURCE.to_owned());
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

/// A card's average draw at load `u` (0–1) under `model` ([`crate::power::card_power`]), or the limit
/// without an idle figure.
pub(crate) fn card_power(limit: Watts, idle: Option<Watts>, u: f64, model: crate::power::Model) -> Watts {
    match idle {
        Some(idle) => crate::power::card_power(limit, idle, u, model),
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
    // issue 48
    /// The peak with the typed overhead lies above a system's stated maximum (`comparable`: a
    /// comparable system's, not this server's own), W per part.
    PeakAboveStated { peak_watts: f64, max_watts: f64, system: String, comparable: bool },
    /// The servers are sized to a busy-hour load above [`BUSY_NOTE_ABOVE`] %: no room for a peak
    /// above the average, a server down or a slower request mix; `headroom` the typed headroom (%).
    BusyHigh { percent: f64, headroom: f64 },
}

/// A busy-hour load above this share (%) gets a note (issue 48).
pub const BUSY_NOTE_ABOVE: f64 = 80.0;

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
    let ends = power_inputs(checked);
    let mut plan = match &ends {
        Some(inputs) => {
            let low = figures(catalogue, checked, Some(inputs.low_end()));
            let high = figures(catalogue, checked, Some(inputs.high_end()));
            merge(low, &high, inputs)
        }
        None => figures(catalogue, checked, None),
    };
    plan.idle_source = ends.as_ref().and_then(|p| match &p.idle.origin {
        crate::power::IdleOrigin::Sourced(sources) => {
            Some(SourcedIdle { low: p.idle.low.value(), high: p.idle.high.value(), sources: sources.clone() })
        }
        crate::power::IdleOrigin::Typed => None,
    });
    // issue 52: the vendor's measured idle is the whole system's, not a card's posted readings.
    if let Some(sys) = checked.system {
        let idle_used = sys.idle_watts.filter(|_| checked.plan.idle == Some(Ok(None)) && ends.is_some());
        if idle_used.is_some() {
            plan.idle_source = None;
        }
        plan.vendor_system = Some(VendorPlan {
            id: sys.id.to_string(),
            name: sys.name.to_string(),
            source: sys.source.to_string(),
            idle_watts: idle_used,
        });
    }
    plan.power = ends;
    plan.bound();
    plan
}

/// What decides the power at the customer's load (issue 47), where an idle power is in use: a typed
/// one (both ends at it), or, with the field empty for a demand, the card's sourced span (a typed one
/// always wins). `None` without an idle power: the year is then the worst case or the demand's range.
pub fn power_inputs(checked: &Checked) -> Option<crate::power::PowerInputs> {
    use crate::power::{Curve, IdleOrigin, IdleSpan, PowerInputs};
    let limit = checked.watts.as_ref().and_then(|w| w.as_ref().ok()).copied()?;
    let card = checked.card.as_ref().ok()?;
    let vendor_idle = checked.system.and_then(|s| Some((s.idle_watts?, s.gpus, s.source.to_string())));
    let idle = match (&checked.plan.idle, &checked.plan.demand, vendor_idle) {
        (Some(Ok(Some(w))), _, _) => IdleSpan { low: *w, high: *w, origin: IdleOrigin::Typed },
        // issue 52: the vendor's measured idle of the whole system, spread over its cards (each at most
        // its limit; the rest is the system's own, `steps::read`'s overhead).
        (Some(Ok(None)), _, Some((total, gpus, source))) if gpus > 0 => {
            let per_card = Watts((total / f64::from(gpus)).min(limit.value()));
            IdleSpan { low: per_card, high: per_card, origin: IdleOrigin::Sourced(vec![source]) }
        }
        (Some(Ok(None)), Ok(Some(_)), _) => {
            let s = sourced_idle(&card.id).filter(|i| i.low <= limit.value())?;
            IdleSpan {
                low: Watts(s.low),
                high: Watts(s.high.min(limit.value())),
                origin: IdleOrigin::Sourced(s.sources),
            }
        }
        _ => return None,
    };
    Some(PowerInputs { limit, idle, own_draw: rack_own_draw(checked), curve: Curve::for_card(&card.id) })
}

/// Issue 48: a rack-scale system's own draw where no overhead is typed — its stated maximum less its
/// GPUs at rating, for every rack of the system, at the upper end of the maximum's span — which the
/// year's upper end counts all day. `None` for servers, or without a sourced rack.
fn rack_own_draw(checked: &Checked) -> Option<crate::power::OwnDraw> {
    // A typed overhead is the person's own; a vendor's system (issue 52) brings its own figures.
    if !matches!(checked.plan.overhead, Ok(None)) || checked.system.is_some() {
        return None;
    }
    let (card, gpus) = (checked.card.as_ref().ok()?, *checked.gpus.as_ref().ok()?);
    let shape = crate::system::shape(card, gpus, checked.throughput.as_ref().ok());
    let (crate::system::Shape::Racks { racks }, Some(rack)) = (shape.shape, shape.sourced) else { return None };
    let (low, high) = crate::system::own_draw(card, rack);
    let sources =
        std::iter::once(rack.source.to_string()).chain(rack.high_source.as_ref().map(|h| h.to_string())).collect();
    Some(crate::power::OwnDraw { low: Watts(low * f64::from(racks)), high: Watts(high * f64::from(racks)), sources })
}

/// The plan at the lower end (the linear model at the lowest idle), with every figure that depends on
/// the power at a load spread to the upper end's (`high`: the measured curve at the top idle): its kind
/// names both ends, its origins the idle's sources and the curve's.
fn merge(mut low: Plan, high: &Plan, inputs: &crate::power::PowerInputs) -> Plan {
    let mut idle_sources: Vec<String> = match &inputs.idle.origin {
        crate::power::IdleOrigin::Sourced(s) => s.clone(),
        crate::power::IdleOrigin::Typed => Vec::new(),
    };
    let serving = Assumption::ServingRange {
        low_idle_watts: inputs.idle.low.value(),
        high_idle_watts: inputs.idle.high.value(),
        idle_sourced: !idle_sources.is_empty(),
        curve_card: inputs.curve.measured_name().to_owned(),
        assumed: inputs.curve.assumed,
        own_draw_watts: inputs.own_draw.as_ref().map(|o| o.high.value()),
    };
    // The own draw's sources (issue 48) go with the idle's to every spread figure.
    for s in inputs.own_draw.iter().flat_map(|o| o.sources.iter()) {
        if !idle_sources.contains(s) {
            idle_sources.push(s.clone());
        }
    }
    let span = |a: &Option<Figure>, b: &Option<Figure>| span_ends(a.as_ref()?, b.as_ref()?, &serving, &idle_sources);
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

/// One figure at both ends: from the lower of the two to the higher, its kind the serving range's
/// (the linear model's own assumptions dropped), its origins the idle's sources where sourced and the curve's.
fn span_ends(a: &Figure, b: &Figure, serving: &Assumption, idle_sources: &[String]) -> Option<Figure> {
    // Both ends alike (a full load, where the curve's full share is below the limit the linear model
    // draws): the figure as the lower end made it.
    if a.low.is_none() && b.low.is_none() && a.value == b.value && idle_sources.is_empty() {
        return Some(a.clone());
    }
    let lo = a.low.unwrap_or(a.value).min(b.low.unwrap_or(b.value));
    let hi = a.value.max(b.value);
    let mut assumptions: Vec<Assumption> = match &a.kind {
        Kind::Estimate(list) => list
            .iter()
            .filter(|x| !matches!(x, Assumption::PowerFollowsDemand { .. } | Assumption::PowerFollowsLoad { .. }))
            .cloned()
            .collect(),
        _ => Vec::new(),
    };
    assumptions.insert(0, serving.clone());
    let mut origins: Vec<Origin> = a
        .origins
        .iter()
        .flat_map(|o| match o {
            Origin::Input(Field::Idle) if !idle_sources.is_empty() => {
                idle_sources.iter().map(|s| Origin::Source(s.clone())).collect()
            }
            other => vec![other.clone()],
        })
        .collect();
    for s in [crate::power::CURVE_SOURCE, crate::power::ONE_STREAM_SOURCE] {
        let o = Origin::Source(s.to_owned());
        if !origins.contains(&o) {
            origins.push(o);
        }
    }
    Figure::range(lo, hi, a.unit, Kind::Estimate(assumptions), origins).map(|f| {
        if a.side == Side::AtLeast {
            f.at_least()
        } else {
            f
        }
    })
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

impl Answer<'_> {
    /// What decides this answer's year (issue 47): each uncertain input's effect, largest first; only the
    /// views that show the list compute it (a plan evaluation per end).
    pub fn sensitivity(&self, catalogue: &Catalogue) -> Vec<Sensitivity> {
        sensitivity::sensitivity(catalogue, &self.evaluation.checked, &self.plan)
    }
}

impl Plan {
    /// Each figure's boundary: the server's own draw where an overhead is counted, the site's where
    /// a PUE is; counts, shares and per-card settings count no power.
    fn bound(&mut self) {
        let (server, site) = self.scope.map_or((false, false), |s| (s.server(), s.site()));
        // issue 52: a vendor's measured idle is the whole system's, its own draw at rest included.
        let server = server || self.vendor_system.as_ref().is_some_and(|v| v.idle_watts.is_some());
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

/// The plan's figures at one idle power (`idle_default`, where none is typed): [`steps`] in turn —
/// the inputs, the system, sizing, the electrics, tokens per MW, the IT load, then the site's energy —
/// each step's result written into the plan, its notices in the order the steps run.
fn figures(catalogue: &Catalogue, checked: &Checked, end: Option<crate::power::End>) -> Plan {
    let p = &checked.plan;
    let reading = steps::read(checked, end);
    let mut out =
        Plan { currency: reading.currency, scope: reading.scope, notices: reading.notices, ..Plan::default() };
    let Some(i) = reading.inputs else { return out };
    let sys = steps::system(&i);
    out.system = Some(sys.system.clone());
    out.peak_boundary = sys.boundary;
    out.server_power = sys.server_power.clone();
    out.part_power = sys.part_power.clone();
    if let (Ok(Some(volts)), Ok(pf), Ok(phases)) = (&p.volts, &p.pf, &p.phases) {
        out.amps_per_phase = steps::part_amps(sys.part, *volts, *pf, *phases, &sys.peak_origins);
    }
    let tb = i.throughput.map(|t| basis(t, i.card, i.gpus, i.limit));
    let size = tb.as_ref().map(|b| steps::sizing(b, i.limit));
    let need = steps::servers(catalogue, &i, tb.as_ref(), size.as_ref(), sys.count_unit);
    out.notices.extend(need.notices.iter().cloned());
    out.notices.extend(steps::peak_above_stated(&sys));
    if let Some(load) = need.busy_load.as_ref().filter(|f| f.value > BUSY_NOTE_ABOVE) {
        out.notices.push(PlanNotice::BusyHigh { percent: load.value, headroom: i.headroom });
    }
    out.servers_needed = need.servers_needed.clone();
    out.streams_per_server = need.streams_per_server.clone();
    out.busy_load = need.busy_load.clone();
    out.servers_used = need.servers_used;
    electrics(&mut out, p, &i, &sys, &need);
    if let (Some(size), Some(tb)) = (&size, &tb) {
        let m = steps::tokens_per_mw(size, tb, &sys, i.pue.map(|(v, _)| v).filter(|v| *v > 1.0));
        (out.tokens_per_mw, out.system_tokens_per_mw, out.site_tokens_per_mw) = (m.boards, m.system, m.site);
    }
    if let Some(s) = need.servers_used {
        let it = steps::it_load(sys.peak, s, need.counted(sys.peak_origins.clone()));
        (out.it_power, out.heat, out.cooling, out.eu) = (it.it_power, it.heat, it.cooling, it.eu);
    }
    // The site: for the demand where one is given, else at the average load.
    if let Some(site) = i.site() {
        energy(&mut out, p, &i, &site, &sys, &need, (tb.as_ref(), size.as_ref()));
    }
    out
}

/// The electrics' steps into the plan: rack positions part by part, then the sign-off of one position
/// at its peak — the parts it holds (as many as fit, never more than the plan uses), or one part where
/// no budget is typed.
fn electrics(out: &mut Plan, p: &PlanChecked, i: &steps::Inputs, sys: &steps::SystemPeak, need: &steps::Need) {
    let fit = match &p.rack {
        Ok(Some(rack)) => {
            let sized = need.servers_used.filter(|_| i.demand.is_some() || i.users.is_some());
            let r = steps::rack_fit(*rack, i, sys, sized, need.servers_needed.as_ref(), need);
            out.notices.extend(r.notices);
            (out.servers_per_rack, out.limit_for_one_more, out.rack_positions) =
                (r.servers_per_rack, r.limit_for_one_more, r.rack_positions);
            Some(r.fit)
        }
        _ => None,
    };
    if let (Some(s), Some(circuit)) = (need.servers_used, steps::Circuit::of(p)) {
        let in_use = f64::from(s) * sys.parts();
        let held = fit.map_or(1.0, |f| f.min(in_use)).max(1.0);
        let mut e = steps::sign_off(&circuit, sys.part.value() * held, held, &sys.peak_origins);
        if let Some(s) = e.sign_off.as_mut() {
            s.peak_basis = steps::peak_basis(sys);
        }
        (out.circuit_kw, out.circuits_per_feed, out.feed_amps, out.position_kva, out.sign_off) =
            (e.circuit_kw, e.circuits_per_feed, e.feed_amps, e.position_kva, e.sign_off);
    }
}

/// The site's steps into the plan: the load sweep, the energy for the demand or at the average load,
/// its cost and carbon, water and the cards' footprint, J per answer and the load curve.
fn energy(
    out: &mut Plan,
    p: &PlanChecked,
    i: &steps::Inputs,
    site: &steps::SiteSettings,
    sys: &steps::SystemPeak,
    need: &steps::Need,
    (tb, size): (Option<&crate::model::ThroughputBasis>, Option<&steps::Sizing>),
) {
    if let (Some(size), Some(tb)) = (size, tb) {
        out.sweep = steps::sweep(i, site, size, tb, &sys.energy_origins);
    }
    let (pue_origin, idle_origin) = (input_if(site.pue.1, Field::Pue), site.idle.map(|_| Origin::Input(Field::Idle)));
    let e = match (steps::Demand::of(i, need), size, tb) {
        (Some(d), Some(size), Some(tb)) => {
            let more = [pue_origin.clone(), Some(Origin::Input(Field::Demand)), input_if(i.hours_set(), Field::Hours)];
            let origins = with(sys.energy_origins.clone(), tb.origins.iter().cloned().map(Some));
            let origins = need.counted(with(with(origins, more), [idle_origin.clone()]));
            steps::demand_energy(i, site, &d, size, tb, origins)
        }
        _ => {
            let more = [pue_origin.clone(), input_if(site.load.1, Field::Load), idle_origin.clone()];
            steps::load_energy(i, site, need.servers_used, tb, need.counted(with(sys.energy_origins.clone(), more)))
        }
    };
    out.notices.extend(e.notices.iter().cloned());
    out.basis = e.basis;
    (out.site_power, out.site_busy_power, out.site_kwh_per_day, out.site_kwh_per_year, out.site_j_per_token) = (
        e.site_power.clone(),
        e.site_busy_power.clone(),
        e.site_kwh_per_day.clone(),
        e.site_kwh_per_year.clone(),
        e.site_j_per_token.clone(),
    );
    (out.standing_kwh_per_year, out.work_kwh_per_year, out.standing_share) =
        (e.standing_kwh_per_year.clone(), e.work_kwh_per_year.clone(), e.standing_share.clone());
    if let (Ok(Some(price)), Ok(_)) = (&p.price, &p.currency) {
        let c = steps::cost(&e, *price, out.currency);
        (out.cost_per_year, out.standing_cost_per_year, out.work_cost_per_year, out.cost_per_mtok) =
            (c.per_year, c.standing_per_year, c.work_per_year, c.per_mtok);
    }
    if let Ok(Some(co2)) = &p.co2 {
        let c = steps::carbon(&e, *co2);
        (out.co2_per_year, out.standing_co2_per_year, out.work_co2_per_year, out.co2_per_mtok) =
            (c.per_year, c.standing_per_year, c.work_per_year, c.per_mtok);
    }
    let footprint = steps::Footprint::of(p);
    out.wue_typed = footprint.wue;
    let w = steps::water_and_embodied(
        e.site_kwh_per_year.as_ref(),
        &footprint,
        i.card,
        i.gpus,
        need.servers_used,
        site.pue,
        i.demand,
    );
    (out.it_kwh_per_year, out.water_onsite_l_per_year, out.water_offsite_l_per_year, out.water_l_per_year) =
        (w.it_kwh_per_year, w.water_onsite_l_per_year, w.water_offsite_l_per_year, w.water_l_per_year);
    (out.embodied_kg_per_year, out.embodied_g_per_mtok, out.embodied_unpublished) =
        (w.embodied_kg_per_year, w.embodied_g_per_mtok, w.embodied_unpublished);
    if let Ok(Some(answer)) = &p.answer {
        out.j_per_answer = e
            .site_j_per_token
            .as_ref()
            .and_then(|f| scaled(f, *answer, Unit::JoulesPerAnswer, vec![Origin::Input(Field::Answer)]));
    }
    let curve_origins = need.counted(with(sys.energy_origins.clone(), [pue_origin, idle_origin]));
    out.curve = steps::curve(i, site, need.servers_used, tb, &curve_origins);
}

/// The hardware lifetime when none is typed, and its source: EcoLogits' `HARDWARE_LIFESPAN` (3 years).
pub const LIFE_DEFAULT: f64 = 3.0;
pub const LIFE_SOURCE: &str = "ecologits-llm-inference";

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
    // issue 48
    /// For a server no source describes: the system its own-draw estimate compares with (a DGX).
    pub comparable: Option<crate::catalogue::System>,
    /// The own-draw estimate (low, high) per part, W, where one is used (no overhead typed).
    pub own_estimate: Option<(f64, f64)>,
    /// The card's id (the reviewer's overhead for its PCIe servers is offered by it).
    pub card: Option<String>,
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
    // issue 48
    /// What the peak rests on where it is not a maker's stated maximum: the two secondary figures
    /// (low, high kW) whose upper end it takes, or an own-draw estimate at its upper end.
    pub peak_basis: PeakBasis,
}

/// What the sign-off's peak rests on (issue 48).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum PeakBasis {
    /// A maker's stated maximum, or the boards and a typed overhead.
    #[default]
    Stated,
    /// The upper of secondary figures for the system's maximum, kW (low, high).
    SecondaryUpper { low_kw: f64, high_kw: f64 },
    /// The boards plus the upper end of an own-draw estimate.
    EstimateUpper,
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
    // issue 48: a card's overhead (a reviewer's, for PCIe servers) only for a server of that card no source describes.
    let card = plan.system.as_ref().filter(|s| s.sourced.is_none()).and_then(|s| s.card.clone());
    reference_for(field).filter(move |r| match (&r.card, field) {
        (Some(c), Field::Overhead) => card.as_deref() == Some(&**c),
        _ => r.systems.is_empty() || system.as_ref().is_some_and(|id| r.systems.iter().any(|s| **s == **id)),
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
        card_errors(r, catalogue, &mut errors);
        system_errors(r, catalogue, &mut errors);
        range_errors(r, &mut errors);
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

/// An idle power is read on one card (issue 35): within that card's rated power, its spread in
/// order; no other value names a card or a spread.
fn card_errors(
    r: &crate::catalogue::ReferenceValue,
    catalogue: &crate::catalogue::Catalogue,
    errors: &mut Vec<String>,
) {
    let id = &*r.id;
    // issue 48: a reviewer's overhead for a card's servers names that card and its spread.
    if Field::from_id(&r.field) == Some(Field::Overhead) && r.card.is_some() {
        let fits = r.high.is_some_and(|h| h.is_finite() && r.value > 0.0 && h >= r.value);
        if catalogue.card(r.card.as_deref().unwrap_or_default()).is_none() || !fits || !r.systems.is_empty() {
            errors.push(format!("reference value {id}: an overhead for a card names a catalogue card and a spread"));
        }
        return;
    }
    if Field::from_id(&r.field) != Some(Field::Idle) {
        if r.card.is_some() || r.high.is_some() {
            errors.push(format!(
                "reference value {id}: only an idle power or a card's overhead names a card or a spread"
            ));
        }
        return;
    }
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
}

/// An overhead belongs to the systems it was read from (issue 36): each a catalogue system whose
/// stated maximum less its boards at their rated power is the value; no other value names systems.
fn system_errors(
    r: &crate::catalogue::ReferenceValue,
    catalogue: &crate::catalogue::Catalogue,
    errors: &mut Vec<String>,
) {
    let id = &*r.id;
    let field = Field::from_id(&r.field);
    if field == Some(Field::Overhead) && r.systems.is_empty() && r.card.is_none() {
        errors.push(format!("reference value {id}: an overhead names the systems or the card it belongs to"));
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
}

/// A plan number field, and a value within its range.
fn range_errors(r: &crate::catalogue::ReferenceValue, errors: &mut Vec<String>) {
    let id = &*r.id;
    match Field::from_id(&r.field).filter(|f| NUMBERS.contains(f)).and_then(|f| {
        if f == Field::Idle {
            Some(idle_range(Watts(f64::MAX)))
        } else {
            range(f, None)
        }
    }) {
        None => errors.push(format!("reference value {id}: `{}` is not a plan number field", r.field)),
        Some(range) => {
            let fits = r.value.is_finite() && r.value <= range.max && range.min.map_or(r.value > 0.0, |m| r.value >= m);
            if !fits {
                errors.push(format!("reference value {id}: {} lies outside the field's range ({range})", r.value));
            }
        }
    }
}
