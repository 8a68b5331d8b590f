//! The plan's steps (issue 41), in the order [`super::evaluate`] runs them: the typed inputs
//! ([`read`]), the system and its peak ([`system`]), sizing ([`servers`]), the electrics ([`part_amps`],
//! [`rack_fit`], [`sign_off`]), tokens per MW ([`tokens_per_mw`]), the IT load ([`it_load`]), the site's
//! energy ([`sweep`], [`demand_energy`] or [`load_energy`]), cost and carbon ([`cost`], [`carbon`]), water
//! and the cards' manufacturing footprint ([`water_and_embodied`]) and the load curve ([`curve`]). Each
//! takes typed values — the inputs and the results of the steps before it — and returns its figures and
//! notices; only the pipeline writes them into a [`Plan`].

use super::{
    amps, card_power, count_unit, input_if, kind_of, promise, scaled, serving_results, site_power_per_server,
    three_figures, with, CurvePoint, EnergyBasis, EuThreshold, PlanChecked, PlanNotice, PlanScope, PlanSystem, Promise,
    SweepPoint, CO2_QUESTION_BELOW, CURVE_LOADS, EU_THRESHOLD_KW, LIFE_DEFAULT, LIFE_SOURCE, SWEEP_LOADS,
};
use crate::catalogue::{Card, Catalogue, Scenario};
use crate::figure::{Assumption, Boundary, Figure, Kind, Origin, Side, Unit};
use crate::form::{Checked, Field, Throughput};
use crate::latency;
use crate::model::{cards_origins, limit_origins, ThroughputBasis};
use crate::system::SystemShape;
use crate::units::{ceil_whole, floor_whole, Currency, JoulesPerToken, Kilowatts, Phases, TokensPerSecond, Watts};

/// The plan's inputs as typed values: the configuration's, where all four are valid, and each plan
/// number with whether it was typed (`(value, typed)`; `None` where not valid).
#[derive(Debug, Clone, Copy)]
pub struct Inputs<'a> {
    pub card: &'a Card,
    pub gpus: u32,
    /// Per card.
    pub limit: Watts,
    /// The server's own draw (0 W when empty), and whether it was typed.
    pub overhead: (Watts, bool),
    pub throughput: Option<&'a Throughput<'a>>,
    /// The Servers field.
    pub typed_servers: Option<u32>,
    pub pue: Option<(f64, bool)>,
    /// Per cent.
    pub load: Option<(f64, bool)>,
    /// Busy hours a day.
    pub hours: Option<(f64, bool)>,
    /// `Some(None)`: no idle power (empty); `None`: not valid.
    pub idle: Option<Option<Watts>>,
    /// Output tokens a day.
    pub demand: Option<f64>,
    /// People at once.
    pub users: Option<f64>,
    /// Output tokens/s per person.
    pub speed: Option<f64>,
    // issue 47
    /// How a card's power follows its load: the linear model or the measured curve (the end evaluated).
    pub model: crate::power::Model,
    // issue 48
    /// Room to spare the servers are sized with, % (0 when empty).
    pub headroom: f64,
    // issue 52
    /// The vendor's system chosen, where it states a maximum or its own draw: the peak's system.
    pub vendor: Option<&'a crate::catalogue::System>,
}

/// What the plan reads from the checked form before any figure: the currency, the scope and the notices
/// about what was typed, and the inputs where the configuration is complete.
#[derive(Debug, Clone)]
pub struct Reading<'a> {
    pub currency: Currency,
    pub scope: Option<PlanScope>,
    pub notices: Vec<PlanNotice>,
    pub inputs: Option<Inputs<'a>>,
}

/// Step 0: the checked form read into typed values. `end`: the end of the range being evaluated (issue
/// 47) — its idle where none is typed (the sourced span's end) and its model of power at a load.
pub fn read<'a>(checked: &'a Checked<'a>, end: Option<crate::power::End>) -> Reading<'a> {
    let idle_default = end.map(|e| e.idle);
    let p = &checked.plan;
    // Issue 48: where no overhead is typed, an end may count the system's own draw (a rack's, at the
    // upper end); a vendor's system (issue 52) brings its own.
    let own = end.and_then(|e| e.own).unwrap_or_default();
    let overhead = p.overhead.clone().ok().map(|o| match (o, vendor_overhead(checked, idle_default)) {
        (None, Some(w)) => (w, false),
        (None, None) => (own, false),
        (Some(w), _) => (w, true),
    });
    let pue = p.pue.clone().ok().map(|v| (v.unwrap_or(1.0), v.is_some()));
    let load = p.load.clone().ok().map(|v| (v.unwrap_or(100.0), v.is_some()));
    let demand = p.demand.clone().ok().flatten();
    let mut notices = Vec::new();
    if let (Some(_), Some((typed, true))) = (demand, load) {
        notices.push(PlanNotice::LoadIgnored { typed_percent: typed });
    }
    if let Ok(Some(co2)) = &p.co2 {
        if *co2 > 0.0 && *co2 < CO2_QUESTION_BELOW {
            notices.push(PlanNotice::Co2InKilograms { typed: *co2 });
        }
    }
    let scope = match (overhead, pue) {
        (Some((overhead, _)), Some((pue, _))) => Some(PlanScope { overhead, pue }),
        _ => None,
    };
    let card = checked.card.as_ref().ok().copied();
    let gpus = checked.gpus.as_ref().ok().copied();
    let limit = checked.watts.as_ref().and_then(|w| w.as_ref().ok()).copied();
    let inputs = match (card, gpus, limit, overhead) {
        (Some(card), Some(gpus), Some(limit), Some(overhead)) => Some(Inputs {
            card,
            gpus,
            limit,
            overhead,
            throughput: checked.throughput.as_ref().ok(),
            typed_servers: checked.servers.as_ref().ok().copied(),
            pue,
            load,
            hours: p.hours.clone().ok().map(|v| (v.unwrap_or(24.0), v.is_some())),
            idle: match (p.idle.clone(), idle_default) {
                (Some(Ok(None)), Some(d)) => Some(Some(d)),
                (typed, _) => typed.and_then(Result::ok),
            },
            demand,
            users: p.users.clone().ok().flatten(),
            speed: p.speed.clone().ok().flatten(),
            model: end.map_or(crate::power::Model::Linear, |e| e.model),
            headroom: p.headroom.clone().ok().flatten().unwrap_or(0.0),
            vendor: checked.system.filter(|s| s.max_watts > 0.0),
        }),
        _ => None,
    };
    Reading { currency: p.currency.clone().ok().flatten().unwrap_or_default(), scope, notices, inputs }
}

// issue 52
/// The overhead a vendor's system puts into the energy where none is typed: with its measured idle in
/// use, the part of that idle the cards' idle (each at most its limit) does not hold — so the standing
/// power is the vendor's idle exactly; without it, its stated own draw under load.
fn vendor_overhead(checked: &Checked, idle: Option<Watts>) -> Option<Watts> {
    let sys = checked.system?;
    match (sys.idle_watts, idle) {
        (Some(total), Some(per_card)) if checked.plan.idle == Some(Ok(None)) => {
            Some(Watts((total - f64::from(sys.gpus) * per_card.value()).max(0.0)))
        }
        _ => sys.own_watts.map(Watts),
    }
}

/// The system's own draw beyond its GPU boards at peak: typed, sourced, or not counted.
#[derive(Debug, Clone, PartialEq)]
pub enum Own {
    Boards,
    Typed(f64),
    /// A sourced system's own draw for all its parts, as a span where the maximum is one.
    Sourced {
        low: f64,
        high: f64,
        source: String,
    },
    // issue 48
    /// A server no source describes, its own draw bounded by measurements and a comparable system:
    /// for all its parts, W.
    Estimate {
        low: f64,
        high: f64,
        origins: Vec<Origin>,
    },
}

/// What one counted system is, and its peak (step 1).
#[derive(Debug, Clone)]
pub struct SystemPeak<'a> {
    pub shape: SystemShape<'a>,
    pub system: PlanSystem,
    pub own: Own,
    /// What the peak counts: the boards, + a typed overhead, or the sourced system.
    pub boundary: Boundary,
    /// The GPU boards at the limit, W.
    pub boards: f64,
    /// The peak's lower end (a sourced maximum can be a span), W.
    pub peak_low: f64,
    pub peak: Watts,
    /// One part's peak (a server of the system, or one rack).
    pub part: Watts,
    /// The unit the plan counts systems in.
    pub count_unit: Unit,
    /// The peak's origins; the energy figures' (the boards and a typed overhead, never a sourced maximum).
    pub peak_origins: Vec<Origin>,
    pub energy_origins: Vec<Origin>,
    pub server_power: Option<Figure>,
    /// Where a system has several parts.
    pub part_power: Option<Figure>,
}

impl SystemPeak<'_> {
    /// Parts in one system.
    pub fn parts(&self) -> f64 {
        f64::from(self.shape.parts())
    }
}

/// Step 1 (issue 36): the system — one server, several, or whole racks — and its peak: the boards at
/// the limit plus the typed overhead, or the sourced system's own draw where none is typed, or the boards alone.
pub fn system<'a>(i: &Inputs<'a>) -> SystemPeak<'a> {
    let (overhead, overhead_set) = i.overhead;
    let mut base = cards_origins(i.gpus, i.throughput);
    base.extend(limit_origins(i.card, i.limit, i.throughput));
    let mut shape = crate::system::shape(i.card, i.gpus, i.throughput);
    // issue 52: the vendor's system chosen is the server (its GPU count is the form's).
    if let (Some(v), crate::system::Shape::Server) = (i.vendor, shape.shape) {
        shape.sourced = Some(v);
    }
    let parts = f64::from(shape.parts());
    let estimate = shape.sourced.is_none().then(|| crate::system::own_estimate(i.card, shape.gpus_per_part)).flatten();
    let own = match (overhead_set, shape.sourced, estimate) {
        (false, Some(sys), _) => {
            let (low, high) = crate::system::own_draw(i.card, sys);
            Own::Sourced { low: low * parts, high: high * parts, source: sys.source.to_string() }
        }
        (false, None, Some((comparable, low, high))) => {
            Own::Estimate { low: low * parts, high: high * parts, origins: estimate_origins(i.card, comparable) }
        }
        (true, _, _) if overhead.value() > 0.0 => Own::Typed(overhead.value()),
        _ => Own::Boards,
    };
    let boards = i.limit.value() * f64::from(i.gpus);
    let (peak_low, peak) = match &own {
        Own::Sourced { low, high, .. } | Own::Estimate { low, high, .. } => (boards + low, Watts(boards + high)),
        Own::Typed(w) => (boards + w, Watts(boards + w)),
        Own::Boards => (boards, Watts(boards)),
    };
    let boundary = match own {
        Own::Sourced { .. } | Own::Estimate { .. } => Boundary::System,
        Own::Typed(_) => Boundary::BoardsServer,
        Own::Boards => Boundary::Boards,
    };
    let peak_origins = match &own {
        Own::Sourced { source, .. } => {
            let high = shape.sourced.and_then(|s| s.high_source.as_ref()).map(|h| Origin::Source(h.to_string()));
            with(base.clone(), [Some(Origin::Source(source.clone())), high])
        }
        Own::Estimate { origins, .. } => with(base.clone(), origins.iter().cloned().map(Some)),
        _ => with(base.clone(), [input_if(overhead_set, Field::Overhead)]),
    };
    let kind = peak_kind(&own, shape.sourced, estimate.map(|(c, ..)| c), i.card);
    let energy_origins = with(base, [input_if(overhead_set, Field::Overhead)]);
    let system = PlanSystem {
        shape: shape.shape,
        gpus_per_part: shape.gpus_per_part,
        sourced: shape.sourced.cloned(),
        rack_name: shape.rack_name.map(str::to_owned),
        own_sourced: matches!(own, Own::Sourced { .. }),
        comparable: estimate.map(|(c, ..)| c.clone()),
        own_estimate: match &own {
            Own::Estimate { low, high, .. } => Some((low / parts, high / parts)),
            _ => None,
        },
        card: Some(i.card.id.to_string()),
    };
    let server_power = Figure::range(peak_low, peak.value(), Unit::Watts, kind.clone(), peak_origins.clone());
    let part = Watts(peak.value() / parts);
    let part_power = (shape.parts() > 1)
        .then(|| Figure::range(peak_low / parts, part.value(), Unit::Watts, kind.clone(), peak_origins.clone()))
        .flatten();
    SystemPeak {
        shape,
        system,
        own,
        boundary,
        boards,
        peak_low,
        peak,
        part,
        count_unit: count_unit(shape.noun()),
        peak_origins,
        energy_origins,
        server_power,
        part_power,
    }
}

// issue 48
/// Where an own-draw estimate comes from: the measured result and its source, and the comparable system's.
fn estimate_origins(card: &Card, comparable: &crate::catalogue::System) -> Vec<Origin> {
    let mut origins = Vec::new();
    if let Some(e) = &card.own_draw {
        origins.push(Origin::Result(e.low_result.to_string()));
        origins.push(Origin::Source(e.low_source.to_string()));
    }
    origins.push(Origin::Source(comparable.source.to_string()));
    origins
}

/// The peak's kind (issue 48): a ceiling where the maker states the maximum, or where the boards and a
/// typed overhead are counted; an estimate, naming its bounds, where only others state the maximum or
/// the own draw is estimated beside a comparable system.
fn peak_kind(
    own: &Own,
    sourced: Option<&crate::catalogue::System>,
    comparable: Option<&crate::catalogue::System>,
    card: &Card,
) -> Kind {
    use crate::catalogue::MaxKind;
    match (own, sourced, comparable) {
        (Own::Sourced { .. }, Some(sys), _) if sys.kind == MaxKind::Secondary => {
            Kind::Estimate(vec![Assumption::SecondaryMaximum {
                low_kw: sys.max_watts / 1000.0,
                high_kw: sys.max_high.unwrap_or(sys.max_watts) / 1000.0,
            }])
        }
        (Own::Estimate { .. }, _, Some(c)) => {
            let (_, high) = crate::system::own_draw(card, c);
            Kind::Estimate(vec![Assumption::OwnDrawEstimated {
                low_watts: card.own_draw.as_ref().map_or(0.0, |e| e.low_watts.min(high)),
                high_watts: high,
                result: card.own_draw.as_ref().map(|e| e.low_result.to_string()).unwrap_or_default(),
                comparable: c.name.to_string(),
            }])
        }
        _ => Kind::Ceiling,
    }
}

/// Amperes per phase of one part at its peak (step 3, the electrics), where a voltage is typed and the
/// power factor and phases are valid (empty: 1 and one phase).
pub fn part_amps(
    part: Watts,
    volts: f64,
    pf: Option<f64>,
    phases: Option<Phases>,
    peak_origins: &[Origin],
) -> Option<Figure> {
    let a = amps(part, volts, pf.unwrap_or(1.0), phases.unwrap_or_default());
    let origins = with(
        peak_origins.to_vec(),
        [
            Some(Origin::Input(Field::Volts)),
            input_if(phases.is_some(), Field::Phases),
            input_if(pf.is_some(), Field::PowerFactor),
        ],
    );
    Figure::new(a.value(), Unit::Amperes, Kind::Ceiling, origins)
}

/// The throughput a plan sizes with: the configuration's tokens/s per server, and at a power limit
/// other than the result's setting its two ends (`low_tps` ≤ `high_tps`).
#[derive(Debug, Clone, PartialEq)]
pub struct Sizing {
    /// T × min(1, limit ÷ setting): servers are counted with this.
    pub low_tps: f64,
    /// T × max(1, limit ÷ setting).
    pub high_tps: f64,
    /// The sizing's own assumption, where it takes the lower end.
    pub lower_end: Option<Assumption>,
}

/// Step 2a: the throughput the servers are counted with, at the limit.
pub fn sizing(basis: &ThroughputBasis, limit: Watts) -> Sizing {
    let t = basis.per_server.value();
    let ratio = basis.setting.map_or(1.0, |s| limit.value() / s.value());
    let ratio = if (ratio - 1.0).abs() < 1e-12 { 1.0 } else { ratio };
    let lower_end = basis
        .setting
        .filter(|_| ratio < 1.0)
        .map(|setting| Assumption::SizedAtLowerEnd { limit_watts: limit.value(), setting_watts: setting.value() });
    Sizing { low_tps: t * ratio.min(1.0), high_tps: t * ratio.max(1.0), lower_end }
}

/// The servers the demand and the people need, and the servers the plan uses (step 2b).
#[derive(Debug, Clone, Default)]
pub struct Need {
    pub servers_needed: Option<Figure>,
    pub streams_per_server: Option<Figure>,
    /// How much of the servers' throughput the demand uses in its busy hours (%).
    pub busy_load: Option<Figure>,
    /// The Servers field, or the servers needed where more.
    pub servers_used: Option<u32>,
    /// The demand's output tokens per second in its busy hours.
    pub rate: Option<f64>,
    /// Where the count comes from: the throughput, the demand, the people.
    pub origins: Vec<Origin>,
    /// Whether the servers used are the servers needed rather than the Servers field.
    pub from_need: bool,
    pub notices: Vec<PlanNotice>,
}

impl Need {
    /// A figure's origins for all the servers used: the count's, or the Servers field.
    pub fn counted(&self, origins: Vec<Origin>) -> Vec<Origin> {
        if self.from_need {
            with(origins, self.origins.iter().cloned().map(Some))
        } else {
            with(origins, [Some(Origin::Input(Field::Servers))])
        }
    }
}

/// Step 2b: servers needed = max(⌈R ÷ T⌉ with R = demand ÷ (busy hours × 3600 s), ⌈people ÷ streams⌉),
/// T the sizing's lower end; the servers used S = max(Servers field, needed); the busy-hour load
/// 100 × R ÷ (S × T). `catalogue`: where the result's other scenarios are looked up.
pub fn servers(
    catalogue: &Catalogue,
    i: &Inputs,
    tb: Option<&ThroughputBasis>,
    size: Option<&Sizing>,
    count_unit: Unit,
) -> Need {
    let mut need = Need {
        rate: match (i.demand, i.hours) {
            (Some(d), Some((h, _))) => Some(d / (h * 3600.0)),
            _ => None,
        },
        origins: tb.map(|b| b.origins.clone()).unwrap_or_default(),
        ..Need::default()
    };
    let hours_set = i.hours.is_some_and(|(_, set)| set);
    let mut needed: Option<f64> = None;
    let mut assumptions: Vec<Assumption> = Vec::new();
    // issue 48: sized with room to spare, each server carries at most (100 − headroom) % of its throughput.
    let spare = 1.0 - i.headroom / 100.0;
    if i.headroom > 0.0 {
        assumptions.push(Assumption::Headroom { percent: i.headroom });
    }
    if let (Some(r), Some(size)) = (need.rate, size) {
        needed = Some(ceil_whole(r / (size.low_tps * spare)));
        assumptions.push(Assumption::DemandSpread { hours: i.hours.map_or(24.0, |h| h.0) });
        assumptions.extend(size.lower_end.clone());
        need.origins
            .extend([Some(Origin::Input(Field::Demand)), input_if(hours_set, Field::Hours)].into_iter().flatten());
    }
    if let (Some(t), Some(size)) = (i.throughput, size) {
        if let Some(for_users) = people(catalogue, i, t, tb, size, &mut need, &mut assumptions) {
            let for_users = ceil_whole(for_users / spare);
            needed = Some(needed.map_or(for_users, |n| n.max(for_users)));
        }
    }
    if let (Some(_), None, Some(Throughput::Published(result))) = (i.demand, i.users, i.throughput) {
        if result.scenario == Scenario::Offline {
            need.notices.push(PlanNotice::OfflineNoBound { serving: serving_results(catalogue, result) });
        }
    }
    if i.headroom > 0.0 && needed.is_some() {
        need.origins.push(Origin::Input(Field::Headroom));
    }
    if let Some(n) = needed {
        for a in tb.iter().flat_map(|b| &b.assumptions) {
            if !assumptions.contains(a) {
                assumptions.push(a.clone());
            }
        }
        // Sized on an upper bound of streams per server, the count is at least that many.
        let streams_bound = assumptions.iter().any(|a| matches!(a, Assumption::StreamsBound { .. }));
        need.servers_needed = Figure::new(n, count_unit, Kind::Estimate(assumptions), need.origins.clone()).map(|f| {
            if streams_bound {
                f.at_least()
            } else {
                f
            }
        });
    }
    need.servers_used = servers_used(i.typed_servers, needed, &mut need.notices);
    need.from_need = need.servers_used.is_some() && need.servers_used != i.typed_servers;
    if let (Some(r), Some(size), Some(s)) = (need.rate, size, need.servers_used) {
        let load = 100.0 * r / (f64::from(s) * size.low_tps);
        let mut assumptions = vec![Assumption::DemandSpread { hours: i.hours.map_or(24.0, |h| h.0) }];
        assumptions.extend(size.lower_end.clone());
        need.busy_load =
            Figure::new(load, Unit::Percent, Kind::Estimate(assumptions), need.counted(need.origins.clone()));
    }
    need
}

/// The servers the people at once need (⌈people ÷ streams per server⌉), where the result's latency
/// bound promises them a speed; sets the streams per server, the count's assumptions and origins, and
/// the notices.
fn people(
    catalogue: &Catalogue,
    i: &Inputs,
    t: &Throughput,
    tb: Option<&ThroughputBasis>,
    size: &Sizing,
    need: &mut Need,
    need_assumptions: &mut Vec<Assumption>,
) -> Option<f64> {
    let users = i.users?;
    let (streams, tpot_ms) = match promise(catalogue, t, size.low_tps, i.speed) {
        Promise::Streams { streams, tpot_ms } => (streams, tpot_ms),
        Promise::Notice(n) => {
            need.notices.push(n);
            return None;
        }
    };
    if let (Some(setting), true) = (tb.and_then(|b| b.setting), size.lower_end.is_some()) {
        need.notices.push(PlanNotice::BoundAtOwnSetting {
            limit_watts: i.limit.value(),
            setting_watts: setting.value(),
            tpot_ms,
        });
    }
    let origins = with(
        with(
            need.origins.clone(),
            [Some(Origin::Source(latency::SOURCE.to_owned())), Some(Origin::Input(Field::Users))],
        ),
        [i.speed.map(|_| Origin::Input(Field::Speed))],
    );
    let mut assumptions = vec![Assumption::StreamsBound { tpot_ms }];
    assumptions.extend(size.lower_end.clone());
    need.streams_per_server = Figure::new(
        streams,
        Unit::People,
        Kind::Estimate(assumptions.clone()),
        with(tb.map(|b| b.origins.clone()).unwrap_or_default(), [Some(Origin::Source(latency::SOURCE.to_owned()))]),
    );
    for a in assumptions {
        if !need_assumptions.contains(&a) {
            need_assumptions.push(a);
        }
    }
    need.origins = origins;
    Some(users / streams)
}

/// The servers the plan uses: the Servers field, or more where more are needed (a notice says so).
fn servers_used(typed: Option<u32>, needed: Option<f64>, notices: &mut Vec<PlanNotice>) -> Option<u32> {
    match (typed, needed) {
        (Some(typed), Some(n)) if n > f64::from(typed) => {
            // `n` is whole and at most the quotient of finite numbers; a count past u32 is no count.
            let used = if n <= f64::from(u32::MAX) { Some(n as u32) } else { None };
            if let Some(used) = used {
                notices.push(PlanNotice::UsesMoreServers { typed, used });
            }
            used
        }
        (Some(typed), _) => Some(typed),
        (None, Some(n)) if n <= f64::from(u32::MAX) => Some(n as u32),
        _ => None,
    }
}

/// Rack positions, part by part (step 3, issue 36).
#[derive(Debug, Clone, Default)]
pub struct RackFit {
    /// Parts one position holds.
    pub fit: f64,
    pub servers_per_rack: Option<Figure>,
    /// The power limit per card at which one more part would fit.
    pub limit_for_one_more: Option<Figure>,
    pub rack_positions: Option<Figure>,
    pub notices: Vec<PlanNotice>,
}

/// Step 3a: rack positions, checked part by part (issue 36): a rack-scale system takes one position per
/// rack where its rack fits the budget; servers as many per position as fit. `servers`: the servers
/// used, where a demand or people size them; `needed`: the servers needed figure, whose kind and side
/// the positions take.
pub fn rack_fit(
    rack: Kilowatts,
    i: &Inputs,
    sys: &SystemPeak,
    servers: Option<u32>,
    needed: Option<&Figure>,
    need: &Need,
) -> RackFit {
    let budget = rack.value() * 1000.0;
    let part = sys.part.value();
    let per_part_gpus = f64::from(sys.shape.gpus_per_part);
    let parts = sys.parts();
    let own_per_part = match &sys.own {
        Own::Boards => 0.0,
        Own::Typed(w) => w / parts,
        Own::Sourced { high, .. } | Own::Estimate { high, .. } => high / parts,
    };
    let one_per_position = sys.shape.one_per_position();
    let fits = floor_whole(budget / part);
    let fit = if one_per_position { fits.min(1.0) } else { fits };
    let origins = with(sys.peak_origins.to_vec(), [Some(Origin::Input(Field::Rack))]);
    let noun = if one_per_position { Unit::Racks } else { Unit::Servers };
    let mut out =
        RackFit { fit, servers_per_rack: Figure::new(fit, noun, Kind::Ceiling, origins.clone()), ..RackFit::default() };
    // The limit per card at which one more part would fit, rounded down to a whole watt; for racks
    // only where one does not fit. Never below the card's published minimum, nor where none is published
    // for a rack-scale system (a cap no source offers).
    if !one_per_position || fit < 1.0 {
        let per_card = floor_whole((budget / (fit + 1.0) - own_per_part) / per_part_gpus);
        match i.card.min_power.as_ref() {
            Some(min) if per_card < min.watts => {
                out.notices.push(PlanNotice::OneMoreBelowMinimum { watts: per_card.max(0.0), min_watts: min.watts })
            }
            None if one_per_position => {}
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
            rack_scale: one_per_position,
        });
        out.fit = 0.0;
        return out;
    }
    if let Some(s) = servers {
        let mut kind = needed.map_or(Kind::Ceiling, |n| n.kind.clone());
        let boards_only = matches!(sys.own, Own::Boards);
        if boards_only {
            let mut assumptions = match kind {
                Kind::Estimate(a) => a,
                _ => Vec::new(),
            };
            assumptions.push(Assumption::BoardsOnlyFit);
            kind = Kind::Estimate(assumptions);
        }
        let at_least = boards_only || needed.is_some_and(|n| n.side == Side::AtLeast);
        out.rack_positions =
            Figure::new(ceil_whole(f64::from(s) * parts / fit), Unit::Positions, kind, need.counted(origins))
                .map(|f| if at_least { f.at_least() } else { f });
    }
    out
}

/// A rack position's circuit as typed, every field valid (empty ones `None`: 80 % (NEC), one phase,
/// power factor 1, one feed).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Circuit {
    pub volts: f64,
    /// A.
    pub breaker: f64,
    pub pf: Option<f64>,
    pub phases: Option<Phases>,
    /// % of the breaker's rating.
    pub derate: Option<f64>,
    pub feeds: Option<f64>,
}

impl Circuit {
    /// The circuit of the plan's fields, where a voltage and a breaker are typed and nothing is invalid.
    pub fn of(p: &PlanChecked) -> Option<Circuit> {
        let (Ok(Some(volts)), Ok(Some(breaker)), Ok(pf), Ok(phases), Ok(derate), Ok(feeds)) =
            (&p.volts, &p.breaker, &p.pf, &p.phases, &p.derate, &p.feeds)
        else {
            return None;
        };
        Some(Circuit { volts: *volts, breaker: *breaker, pf: *pf, phases: *phases, derate: *derate, feeds: *feeds })
    }
}

/// The electrical sign-off's figures (step 3b).
#[derive(Debug, Clone, Default)]
pub struct Electrics {
    pub circuit_kw: Option<Figure>,
    pub circuits_per_feed: Option<Figure>,
    pub feed_amps: Option<Figure>,
    pub position_kva: Option<Figure>,
    pub sign_off: Option<super::SignOff>,
}

/// Step 3b: the electrical sign-off of one rack position (issue 36) at its peak `load` (W) of `held`
/// parts: usable kW per circuit under the rule, circuits per feed (each feed alone carries the whole
/// load), amps per phase on one feed, kVA.
pub fn sign_off(c: &Circuit, load: f64, held: f64, peak_origins: &[Origin]) -> Electrics {
    let pf = c.pf.unwrap_or(1.0);
    let phases = c.phases.unwrap_or_default();
    let rule = crate::electric::Rule::of(c.derate.unwrap_or(crate::electric::NEC_PERCENT));
    let feeds = c.feeds.map_or(1, |f| if f >= 2.0 { 2 } else { 1 });
    let usable_va = crate::electric::usable_va(c.volts, c.breaker, phases, rule);
    let circuits = crate::electric::circuits(load, usable_va, pf);
    let inputs = [
        Some(Origin::Input(Field::Volts)),
        Some(Origin::Input(Field::Breaker)),
        input_if(c.derate.is_some(), Field::Derate),
        input_if(phases != Phases::One, Field::Phases),
        input_if(pf != 1.0, Field::PowerFactor),
    ];
    let circuit_origins = with(Vec::new(), inputs.clone());
    let load_origins = with(with(peak_origins.to_vec(), inputs), [input_if(feeds == 2, Field::Feeds)]);
    let a = amps(Watts(load), c.volts, pf, phases);
    Electrics {
        circuit_kw: Figure::new(usable_va * pf / 1000.0, Unit::Kilowatts, Kind::Ceiling, circuit_origins),
        circuits_per_feed: Figure::new(circuits, Unit::Circuits, Kind::Ceiling, load_origins.clone()),
        feed_amps: Figure::new(a.value(), Unit::Amperes, Kind::Ceiling, load_origins.clone()),
        position_kva: Figure::new(load / pf / 1000.0, Unit::KilovoltAmperes, Kind::Ceiling, load_origins),
        sign_off: circuits.is_finite().then_some(super::SignOff {
            rule,
            feeds,
            phases,
            volts: c.volts,
            breaker: c.breaker,
            held,
            load_kw: load / 1000.0,
            circuit_kw: usable_va * pf / 1000.0,
            circuits_per_feed: circuits,
            peak_basis: super::PeakBasis::Stated,
        }),
    }
}

/// A peak with a typed overhead above the stated maximum of the system it is, or of the comparable
/// system beside it (issue 48), per part.
pub fn peak_above_stated(sys: &SystemPeak) -> Option<PlanNotice> {
    let Own::Typed(_) = sys.own else { return None };
    let (stated, comparable) = match (sys.shape.sourced, sys.system.comparable.as_ref()) {
        (Some(s), _) => (s, false),
        (None, Some(c)) => (c, true),
        _ => return None,
    };
    let max = stated.max_high.unwrap_or(stated.max_watts);
    (sys.part.value() > max).then(|| PlanNotice::PeakAboveStated {
        peak_watts: sys.part.value(),
        max_watts: max,
        system: stated.name.to_string(),
        comparable,
    })
}

/// What the peak rests on (issue 48): the upper of secondary figures, an own-draw estimate's upper end,
/// or a stated maximum (or the boards and a typed overhead).
pub fn peak_basis(sys: &SystemPeak) -> super::PeakBasis {
    match (&sys.own, sys.shape.sourced) {
        (Own::Sourced { .. }, Some(s)) if s.kind == crate::catalogue::MaxKind::Secondary => {
            super::PeakBasis::SecondaryUpper {
                low_kw: s.max_watts / 1000.0,
                high_kw: s.max_high.unwrap_or(s.max_watts) / 1000.0,
            }
        }
        (Own::Estimate { .. }, _) => super::PeakBasis::EstimateUpper,
        _ => super::PeakBasis::Stated,
    }
}

/// Output tokens per second per MW at the boards, the system's peak and the site.
#[derive(Debug, Clone, Default)]
pub struct PerMegawatt {
    pub boards: Option<Figure>,
    pub system: Option<Figure>,
    pub site: Option<Figure>,
}

/// Step 4: output tokens per second per MW (issue 36) at the GPU boards (a floor: the boards' watts are a
/// ceiling), at the system's peak where it counts more than the boards, and at the site with its PUE.
pub fn tokens_per_mw(size: &Sizing, tb: &ThroughputBasis, sys: &SystemPeak, pue: Option<f64>) -> PerMegawatt {
    let kind = kind_of(tb.assumptions.clone());
    let origins = with(sys.peak_origins.to_vec(), tb.origins.iter().cloned().map(Some));
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
    let system = sys.boundary;
    let site = if system == Boundary::System {
        Boundary::SystemSite
    } else {
        Boundary::chain(system != Boundary::Boards, true)
    };
    PerMegawatt {
        boards: per_mw(sys.boards).map(|f| f.within(Boundary::Boards)),
        system: (system != Boundary::Boards).then(|| per_mw(sys.peak.value()).map(|f| f.within(system))).flatten(),
        site: pue.and_then(|pue| {
            per_mw(sys.peak.value() * pue).map(|f| {
                let mut f = f.within(site);
                f.origins.push(Origin::Input(Field::Pue));
                f
            })
        }),
    }
}

/// The IT load of all the servers at their peak (step 5).
#[derive(Debug, Clone, Default)]
pub struct ItLoad {
    pub it_power: Option<Figure>,
    /// BTU/h.
    pub heat: Option<Figure>,
    /// kW of cooling.
    pub cooling: Option<Figure>,
    pub eu: Option<EuThreshold>,
}

/// Step 5: the IT power of `servers` systems at `peak` each, its heat and cooling, and the EU 2024/1364
/// threshold (500 kW).
pub fn it_load(peak: Watts, servers: u32, origins: Vec<Origin>) -> ItLoad {
    let it = peak * f64::from(servers);
    let kw = it.kilowatts().value();
    ItLoad {
        it_power: Figure::new(kw, Unit::Kilowatts, Kind::Ceiling, origins.clone()),
        heat: Figure::new(it.as_heat().value(), Unit::BtuPerHour, Kind::Ceiling, origins.clone()),
        cooling: Figure::new(kw, Unit::Kilowatts, Kind::Ceiling, origins),
        eu: kw.is_finite().then_some(EuThreshold { reached: kw >= EU_THRESHOLD_KW, it_kilowatts: kw }),
    }
}

/// The site's settings the energy steps need, each valid, with whether it was typed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SiteSettings {
    pub pue: (f64, bool),
    /// Per cent.
    pub load: (f64, bool),
    /// Per card; `None`: no idle power.
    pub idle: Option<Watts>,
}

impl Inputs<'_> {
    /// The site's settings, where the PUE, the load and the idle power are all valid.
    pub fn site(&self) -> Option<SiteSettings> {
        let (Some(pue), Some(load), Some(idle)) = (self.pue, self.load, self.idle) else { return None };
        Some(SiteSettings { pue, load, idle })
    }

    pub fn hours_or_day(&self) -> f64 {
        self.hours.map_or(24.0, |h| h.0)
    }

    pub fn hours_set(&self) -> bool {
        self.hours.is_some_and(|(_, set)| set)
    }
}

/// Step 6a, the load sweep (issue 35): site J/token of one server against its busy-hour load, where an
/// idle power is known — standing power over few tokens at the left, the benchmark's ceiling at 100 %.
pub fn sweep(
    i: &Inputs,
    s: &SiteSettings,
    size: &Sizing,
    tb: &ThroughputBasis,
    energy_origins: &[Origin],
) -> Vec<SweepPoint> {
    let Some(idle) = s.idle else { return Vec::new() };
    let (cards, lim, h, pue) = (f64::from(i.gpus), i.limit.value(), i.hours_or_day(), s.pue.0);
    let origins = with(
        with(energy_origins.to_vec(), tb.origins.iter().cloned().map(Some)),
        [input_if(s.pue.1, Field::Pue), input_if(i.hours_set(), Field::Hours), Some(Origin::Input(Field::Idle))],
    );
    SWEEP_LOADS
        .iter()
        .map(|&l| {
            let u = l / 100.0;
            let busy = crate::power::card_power(i.limit, idle, u, i.model).value();
            let day_wh = (cards * (idle.value() * (24.0 - h) + busy * h) + i.overhead.0.value() * 24.0) * pue;
            let j = |tps: f64| day_wh / (tps * u * h);
            let mut assumptions = vec![Assumption::PowerFollowsDemand {
                idle_watts: idle.value(),
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
        .collect()
}

/// The site's energy (step 6): for a demand, or at the average load.
#[derive(Debug, Clone, Default)]
pub struct SiteEnergy {
    pub basis: EnergyBasis,
    /// For a demand, the day's energy ÷ 24 h; else at the load.
    pub site_power: Option<Figure>,
    pub site_busy_power: Option<Figure>,
    pub site_kwh_per_day: Option<Figure>,
    pub site_kwh_per_year: Option<Figure>,
    pub site_j_per_token: Option<Figure>,
    pub standing_kwh_per_year: Option<Figure>,
    pub work_kwh_per_year: Option<Figure>,
    pub standing_share: Option<Figure>,
    pub notices: Vec<PlanNotice>,
}

/// A demand, and what it runs on: the demand's busy hours, its rate and the servers used.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Demand {
    /// Output tokens a day.
    pub tokens: f64,
    /// Output tokens/s in the busy hours.
    pub rate: f64,
    pub hours: f64,
    pub servers: u32,
}

impl Demand {
    /// The demand the plan sizes, where the demand, its hours and the servers used are all known.
    pub fn of(i: &Inputs, need: &Need) -> Option<Demand> {
        let (Some(tokens), Some(rate), Some(servers), Some((hours, _))) =
            (i.demand, need.rate, need.servers_used, i.hours)
        else {
            return None;
        };
        Some(Demand { tokens, rate, hours, servers })
    }
}

/// Step 6b, for a demand: with an idle power one estimate (idle all day + (limit − idle) × load × busy
/// hours), without one a range (every token at the benchmark's J/token … every card at its limit all
/// day); then + overhead, × PUE; the busy hours' power, the year as standing power and work.
pub fn demand_energy(
    i: &Inputs,
    s: &SiteSettings,
    d: &Demand,
    size: &Sizing,
    tb: &ThroughputBasis,
    origins: Vec<Origin>,
) -> SiteEnergy {
    let mut out = SiteEnergy { basis: EnergyBasis::Demand, ..SiteEnergy::default() };
    let (r, h, pue, over) = (d.rate, d.hours, s.pue.0, i.overhead.0.value());
    let (n, cards, lim) = (f64::from(d.servers), f64::from(i.gpus), i.limit.value());
    // Watt-hours a day of all the servers' GPU boards, (low, high).
    let (boards_low, boards_high, mut assumptions) = match s.idle {
        Some(idle) => {
            let idle = idle.value();
            let at = |u: f64| crate::power::card_power(i.limit, Watts(idle), u, i.model).value();
            let boards = |tps: f64| n * cards * (idle * (24.0 - h) + at(r / (n * tps)) * h);
            let busy = 100.0 * r / (n * size.low_tps);
            let follows = Assumption::PowerFollowsDemand {
                idle_watts: idle,
                limit_watts: lim,
                busy_load_percent: three_figures(busy),
                hours: h,
            };
            (boards(size.high_tps), boards(size.low_tps), vec![follows])
        }
        None => {
            out.notices.push(PlanNotice::IdleDecides);
            // Every token at the lower end of J/token: boards ÷ (T × max(1, limit ÷ setting)).
            let low = d.tokens * (cards * lim / size.high_tps) / 3600.0;
            (low, n * cards * lim * 24.0, vec![Assumption::DemandRange])
        }
    };
    assumptions.extend(tb.assumptions.iter().cloned());
    let kind = Kind::Estimate(assumptions);
    let site_wh = |boards: f64| (boards + n * over * 24.0) * pue;
    let (low, high) = (site_wh(boards_low), site_wh(boards_high));
    out.site_kwh_per_day =
        Figure::range(low / 1000.0, high / 1000.0, Unit::KilowattHoursPerDay, kind.clone(), origins.clone());
    out.site_power = Figure::range(low / 24.0, high / 24.0, Unit::Watts, kind.clone(), origins.clone());
    // The busy hours: the day's energy less what the servers draw outside them (each card at its
    // idle power, or, without one, nothing at the low end and the limit at the high end), over h.
    let (busy_low, busy_high) = match s.idle {
        Some(idle) => {
            let standing = (n * cards * idle.value() + n * over) * pue * (24.0 - h);
            ((low - standing) / h, (high - standing) / h)
        }
        None => ((boards_low + n * over * h) * pue / h, (n * cards * lim + n * over) * pue),
    };
    out.site_busy_power = Figure::range(busy_low.min(busy_high), busy_high, Unit::Watts, kind.clone(), origins.clone());
    // The year as standing power plus work (issue 35): every card at its idle power all day and the
    // server's own draw, × PUE, whatever the demand; the rest is the work the tokens take.
    if let Some(idle) = s.idle {
        let standing = (n * cards * idle.value() + n * over) * 24.0 * pue;
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
    out.site_j_per_token =
        Figure::range(low * 3600.0 / d.tokens, high * 3600.0 / d.tokens, Unit::JoulesPerToken, kind, origins);
    out.site_kwh_per_year = per_year(out.site_kwh_per_day.as_ref());
    out
}

/// A day's energy × 365.
fn per_year(day: Option<&Figure>) -> Option<Figure> {
    day.and_then(|f| scaled(f, crate::units::DAYS_PER_YEAR, Unit::KilowattHoursPerYear, vec![]))
}

/// The site's figures at one average load (per cent), for all the servers used (or one without a count).
#[derive(Debug, Clone, PartialEq)]
pub struct Site {
    /// All servers at the site (or one, without a server count).
    pub power: Watts,
    pub power_kind: Kind,
    /// Low end, high end, kind and the throughput's origins.
    pub j_per_token: Option<(JoulesPerToken, JoulesPerToken, Kind, Vec<Origin>)>,
}

/// Step 6c: the site at an average load `load` (%): (cards × P_card + overhead) × PUE per server with
/// P_card = idle + (limit − idle) × load, J/token over the throughput at that load.
pub fn site(i: &Inputs, s: &SiteSettings, load: f64, servers: Option<u32>, basis: Option<&ThroughputBasis>) -> Site {
    let u = load / 100.0;
    let per_server = site_power_per_server(i.gpus, card_power(i.limit, s.idle, u, i.model), i.overhead.0, s.pue.0);
    let follows = match s.idle {
        Some(idle) if u < 1.0 => vec![Assumption::PowerFollowsLoad {
            idle_watts: idle.value(),
            limit_watts: i.limit.value(),
            load_percent: load,
        }],
        _ => Vec::new(),
    };
    let power = per_server * f64::from(servers.unwrap_or(1));
    let j_per_token = basis.map(|b| {
        let tps = TokensPerSecond(b.per_server.value() * u);
        // At a limit other than the result's setting, as J/token: throughput unchanged at one end,
        // in proportion to power at the other.
        let ratio = b.setting.map_or(1.0, |s| i.limit.value() / s.value());
        let ratio = if (ratio - 1.0).abs() < 1e-12 { 1.0 } else { ratio };
        let high = per_server / (tps * ratio.min(1.0));
        let low = per_server / (tps * ratio.max(1.0));
        let mut assumptions = follows.clone();
        assumptions.extend(b.assumptions.iter().cloned());
        (low, high, kind_of(assumptions), b.origins.clone())
    });
    Site { power, power_kind: kind_of(follows), j_per_token }
}

/// Step 6c without a demand: the worst case (every card at its limit all day), or the typed average
/// load with an idle power. `origins`: the site figures' own (energy, PUE, load, idle, servers).
pub fn load_energy(
    i: &Inputs,
    s: &SiteSettings,
    servers: Option<u32>,
    tb: Option<&ThroughputBasis>,
    origins: Vec<Origin>,
) -> SiteEnergy {
    let (load, _) = s.load;
    let basis = if s.idle.is_some() && load < 100.0 { EnergyBasis::Load } else { EnergyBasis::Limit };
    let here = site(i, s, load, servers, tb);
    let site_power =
        servers.and_then(|_| Figure::new(here.power.value(), Unit::Watts, here.power_kind.clone(), origins.clone()));
    let site_kwh_per_day =
        site_power.as_ref().and_then(|f| scaled(f, 24.0 / 1000.0, Unit::KilowattHoursPerDay, vec![]));
    let site_j_per_token = here.j_per_token.as_ref().and_then(|(low, high, kind, more)| {
        Figure::range(
            low.value(),
            high.value(),
            Unit::JoulesPerToken,
            kind.clone(),
            with(origins.clone(), more.iter().cloned().map(Some)),
        )
    });
    SiteEnergy {
        basis,
        site_kwh_per_year: per_year(site_kwh_per_day.as_ref()),
        site_power,
        site_kwh_per_day,
        site_j_per_token,
        ..SiteEnergy::default()
    }
}

/// A year's energy in money or in CO₂e (step 7): the year, its standing and work parts, and per million tokens.
#[derive(Debug, Clone, Default)]
pub struct PerYear {
    pub per_year: Option<Figure>,
    pub standing_per_year: Option<Figure>,
    pub work_per_year: Option<Figure>,
    pub per_mtok: Option<Figure>,
}

/// Step 7a: the energy's cost at `price` per kWh.
pub fn cost(e: &SiteEnergy, price: f64, currency: Currency) -> PerYear {
    let money = Unit::Money(currency);
    let origins = vec![Origin::Input(Field::Price)];
    let year = |f: &Option<Figure>| f.as_ref().and_then(|f| scaled(f, price, money, origins.clone()));
    PerYear {
        per_year: year(&e.site_kwh_per_year),
        standing_per_year: year(&e.standing_kwh_per_year),
        work_per_year: year(&e.work_kwh_per_year),
        per_mtok: e
            .site_j_per_token
            .as_ref()
            .and_then(|f| scaled(f, JoulesPerToken(1.0).kilowatt_hours_per_million() * price, money, origins.clone())),
    }
}

/// Step 7b: the energy's carbon at a grid intensity `co2` (g CO₂e per kWh): kg a year, g per million tokens.
pub fn carbon(e: &SiteEnergy, co2: f64) -> PerYear {
    let origins = vec![Origin::Input(Field::Co2)];
    let year =
        |f: &Option<Figure>| f.as_ref().and_then(|f| scaled(f, co2 / 1000.0, Unit::KilogramsCo2e, origins.clone()));
    PerYear {
        per_year: year(&e.site_kwh_per_year),
        standing_per_year: year(&e.standing_kwh_per_year),
        work_per_year: year(&e.work_kwh_per_year),
        per_mtok: e.site_j_per_token.as_ref().and_then(|f| {
            scaled(f, JoulesPerToken(1.0).kilowatt_hours_per_million() * co2, Unit::GramsCo2e, origins.clone())
        }),
    }
}

/// Water and the cards' manufacturing footprint (step 8, issue 40).
#[derive(Debug, Clone, Default)]
pub struct WaterAndEmbodied {
    pub it_kwh_per_year: Option<Figure>,
    pub water_onsite_l_per_year: Option<Figure>,
    pub water_offsite_l_per_year: Option<Figure>,
    pub water_l_per_year: Option<Figure>,
    pub embodied_kg_per_year: Option<Figure>,
    pub embodied_g_per_mtok: Option<Figure>,
    pub embodied_unpublished: bool,
}

/// What the water and footprint step reads of the form: the factors typed (L/kWh) and the lifetime
/// (`None`: not valid; `Some(None)`: empty, 3 years).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Footprint {
    pub wue: Option<f64>,
    pub water: Option<f64>,
    pub life: Option<Option<f64>>,
}

impl Footprint {
    pub fn of(p: &PlanChecked) -> Footprint {
        Footprint {
            wue: p.wue.clone().ok().flatten(),
            water: p.water.clone().ok().flatten(),
            life: p.life.clone().ok(),
        }
    }
}

/// Step 8: water per year and the cards' manufacturing footprint per year (issue 40). Water: the IT
/// energy (the site's year ÷ PUE) × the on-site WUE, and × PUE × the electricity's water; embodied:
/// GPUs × the card's stated footprint per GPU ÷ the lifetime, and per million tokens for a demand.
pub fn water_and_embodied(
    site_kwh_per_year: Option<&Figure>,
    f: &Footprint,
    card: &Card,
    gpus: u32,
    servers: Option<u32>,
    (pue, pue_set): (f64, bool),
    demand: Option<f64>,
) -> WaterAndEmbodied {
    let mut out = WaterAndEmbodied {
        it_kwh_per_year: site_kwh_per_year
            .and_then(|site| scaled(site, 1.0 / pue, Unit::KilowattHoursPerYear, Vec::new())),
        embodied_unpublished: card.embodied.is_none(),
        ..WaterAndEmbodied::default()
    };
    if let Some(it) = out.it_kwh_per_year.clone() {
        let (wue, water) = (f.wue, f.water);
        let with_water = |f: Option<Figure>| {
            f.map(|mut g| {
                let mut assumptions = match g.kind.clone() {
                    Kind::Estimate(a) => a,
                    _ => Vec::new(),
                };
                assumptions.insert(0, Assumption::WaterPerKwh { onsite: wue, offsite: water });
                g.kind = Kind::Estimate(assumptions);
                g.origins.extend(input_if(pue_set, Field::Pue));
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
    let (Some(e), Some(s), Some(life)) = (card.embodied.as_ref(), servers, f.life) else { return out };
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
    out
}

/// Step 9: site J/token and kWh/day against the average load, 10–100 % ([`CURVE_LOADS`]); kWh/day only
/// with a server count.
pub fn curve(
    i: &Inputs,
    s: &SiteSettings,
    servers: Option<u32>,
    tb: Option<&ThroughputBasis>,
    origins: &[Origin],
) -> Vec<CurvePoint> {
    CURVE_LOADS
        .iter()
        .map(|&l| {
            let at = site(i, s, l, servers, tb);
            let kwh = servers.and_then(|_| {
                Figure::new(
                    at.power.per_day().value(),
                    Unit::KilowattHoursPerDay,
                    at.power_kind.clone(),
                    origins.to_vec(),
                )
            });
            let j = at.j_per_token.and_then(|(low, high, kind, more)| {
                Figure::range(
                    low.value(),
                    high.value(),
                    Unit::JoulesPerToken,
                    kind,
                    with(origins.to_vec(), more.into_iter().map(Some)),
                )
            });
            CurvePoint { load: l, j_per_token: j, kwh_per_day: kwh }
        })
        .collect()
}
