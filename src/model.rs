//! Configuration → figures. Plain functions over unit newtypes; every result is a [`Figure`] with
//! its kind and origins. Nothing here can return NaN, infinity or a negative value: [`Figure::new`]
//! refuses them, and the form's ranges keep every input finite and positive.

use crate::catalogue::{Benchmark, Card, Catalogue, ContextMeasurement, PublishedResult, Scenario, SystemSize};
use crate::figure::{Assumption, Figure, Kind, Origin, Unit};
use crate::form::{Checked, Field, Form, InputError, Throughput};
use crate::units::{JoulesPerToken, TokensPerSecond, Watts};

// The arithmetic below is crate-private: only `evaluate` and `comparison`, which check their inputs
// and wrap every result in a `Figure`, may call it, so no NaN or infinity can leave the core.

/// Board power of one server: cards × limit per card.
pub(crate) fn board_power(cards: u32, limit_per_card: Watts) -> Watts {
    limit_per_card * f64::from(cards)
}

/// The most board energy a token can have taken: board power ÷ output tokens/s.
pub(crate) fn energy_per_token(board_power: Watts, throughput: TokensPerSecond) -> JoulesPerToken {
    board_power / throughput
}

/// A published throughput scaled per card to another card count (the linear-scaling assumption).
pub(crate) fn scaled_throughput(result: &PublishedResult, cards: u32) -> TokensPerSecond {
    TokensPerSecond(result.tokens_per_s) * (f64::from(cards) / f64::from(result.accelerators))
}

/// The throughput a configuration uses, with what it assumes.
#[derive(Debug, Clone, PartialEq)]
pub struct ThroughputBasis {
    pub per_server: TokensPerSecond,
    pub assumptions: Vec<Assumption>,
    pub origins: Vec<Origin>,
    /// The per-card power the throughput belongs to, where a result states or implies one.
    pub setting: Option<Watts>,
}

pub(crate) fn basis(throughput: &Throughput, card: &Card, cards: u32, limit: Watts) -> ThroughputBasis {
    match throughput {
        Throughput::Own(tps) => ThroughputBasis {
            per_server: *tps,
            assumptions: Vec::new(),
            origins: vec![Origin::Input(Field::Tps)],
            setting: None,
        },
        Throughput::Published(result) => {
            let mut assumptions = Vec::new();
            if cards != result.accelerators {
                assumptions.push(Assumption::LinearScaling { published_cards: result.accelerators, cards });
            }
            let setting = result.power_setting(card);
            if (limit.value() - setting).abs() > 1e-9 {
                assumptions.push(Assumption::PowerLimitDiffers {
                    limit_watts: limit.value(),
                    setting_watts: setting,
                    setting_stated: result.stated_power.is_some(),
                });
            }
            ThroughputBasis {
                per_server: scaled_throughput(result, cards),
                assumptions,
                origins: vec![Origin::Result(result.id.to_string()), Origin::Source(result.source.to_string())],
                setting: Some(Watts(setting)),
            }
        }
    }
}

/// The figures of one configuration; `None` where an input they depend on is not valid.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Figures {
    /// Board power of one server (W).
    pub board_power: Option<Figure>,
    /// Energy per output token (J/token).
    pub energy_per_token: Option<Figure>,
    /// The same per million output tokens (Wh).
    pub energy_per_million: Option<Figure>,
    /// Energy of all servers over a day at the limit (kWh).
    pub energy_per_day: Option<Figure>,
    /// Heat of all servers at the limit (BTU/h).
    pub heat: Option<Figure>,
    /// Measured energy per token of the chosen result, where its power was measured.
    pub measured_energy_per_token: Option<Figure>,
    /// The throughput per server in use (tokens/s).
    pub throughput: Option<Figure>,
}

/// The page's whole state, derived: checked fields, their errors, and the figures.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluation<'c> {
    pub checked: Checked<'c>,
    pub figures: Figures,
}

impl Evaluation<'_> {
    pub fn errors(&self) -> Vec<&InputError> {
        self.checked.errors()
    }
}

/// Evaluates a form: every figure whose inputs are valid.
pub fn evaluate<'c>(catalogue: &'c Catalogue, form: &Form) -> Evaluation<'c> {
    let checked = form.check(catalogue);
    let figures = figures(&checked);
    Evaluation { checked, figures }
}

/// Where the power limit came from: the chosen result's setting, a card limit a source
/// publishes, or the person's own number.
pub(crate) fn limit_origins(card: &Card, limit: Watts, throughput: Option<&Throughput>) -> Vec<Origin> {
    let same = |w: f64| (limit.value() - w).abs() < 1e-9;
    if let Some(Throughput::Published(result)) = throughput {
        if result.stated_power.as_ref().is_some_and(|p| same(p.watts)) {
            return vec![Origin::Result(result.id.to_string()), Origin::Source(result.source.to_string())];
        }
    }
    if same(card.max_power.watts) {
        return vec![Origin::Source(card.max_power.source.to_string())];
    }
    if let Some(min) = card.min_power.as_ref().filter(|m| same(m.watts)) {
        return vec![Origin::Source(min.source.to_string())];
    }
    if let Some(other) = card.other_limits.iter().find(|l| same(l.watts)) {
        return vec![Origin::Source(other.source.to_string())];
    }
    vec![Origin::Input(Field::Watts)]
}

/// Where the card count came from: the chosen result, or the person.
pub(crate) fn cards_origins(cards: u32, throughput: Option<&Throughput>) -> Vec<Origin> {
    match throughput {
        Some(Throughput::Published(result)) if result.accelerators == cards => {
            vec![Origin::Result(result.id.to_string())]
        }
        _ => vec![Origin::Input(Field::Gpus)],
    }
}

fn figures(checked: &Checked) -> Figures {
    let mut out = Figures::default();
    let card = checked.card.as_ref().ok();
    let gpus = checked.gpus.as_ref().ok().copied();
    let limit = checked.watts.as_ref().and_then(|w| w.as_ref().ok()).copied();
    let throughput = checked.throughput.as_ref().ok();

    if let Some(Throughput::Published(result)) = throughput {
        if let Some(measured) = &result.measured_power {
            let j = Watts(measured.mean_watts) / TokensPerSecond(result.tokens_per_s);
            out.measured_energy_per_token = Figure::new(
                j.value(),
                Unit::JoulesPerToken,
                Kind::Measured(measured.scope),
                vec![Origin::Result(result.id.to_string()), Origin::Source(result.source.to_string())],
            );
        }
    }

    let (Some(card), Some(gpus), Some(limit)) = (card, gpus, limit) else {
        return out;
    };
    let power = board_power(gpus, limit);
    let mut origins = cards_origins(gpus, throughput);
    origins.extend(limit_origins(card, limit, throughput));
    out.board_power = Figure::new(power.value(), Unit::Watts, Kind::Ceiling, origins.clone());

    if let Ok(servers) = &checked.servers {
        let all = power * f64::from(*servers);
        let mut all_origins = origins.clone();
        all_origins.push(Origin::Input(Field::Servers));
        out.energy_per_day =
            Figure::new(all.per_day().value(), Unit::KilowattHoursPerDay, Kind::Ceiling, all_origins.clone());
        out.heat = Figure::new(all.as_heat().value(), Unit::BtuPerHour, Kind::Ceiling, all_origins);
    }

    if let Some(throughput) = throughput {
        let basis = basis(throughput, card, gpus, limit);
        let kind = if basis.assumptions.is_empty() { Kind::Ceiling } else { Kind::Estimate(basis.assumptions.clone()) };
        let mut j_origins = origins;
        j_origins.extend(basis.origins.iter().cloned());
        // At a limit other than the result's setting, the truth lies between throughput unchanged
        // (the limit's power over the published throughput) and throughput in proportion to power
        // (the setting's power over it): never below what the evidence allows.
        let (low, high) = match basis.setting {
            Some(setting) if (setting.value() - limit.value()).abs() > 1e-9 => {
                let at = |w: Watts| energy_per_token(board_power(gpus, w), basis.per_server);
                let (a, b) = (at(limit), at(setting));
                if a.value() <= b.value() {
                    (a, b)
                } else {
                    (b, a)
                }
            }
            _ => {
                let j = energy_per_token(power, basis.per_server);
                (j, j)
            }
        };
        (out.energy_per_token, out.energy_per_million) = token_figures(low, high, &kind, &j_origins);
        out.throughput = Figure::new(basis.per_server.value(), Unit::TokensPerSecond, kind, basis.origins)
            .map(|f| f.within(crate::figure::Boundary::Uncounted));
    }
    out
}

/// Energy per token and per million tokens (a range where `low < high`), of one kind and origin.
fn token_figures(
    low: JoulesPerToken,
    high: JoulesPerToken,
    kind: &Kind,
    origins: &[Origin],
) -> (Option<Figure>, Option<Figure>) {
    (
        Figure::range(low.value(), high.value(), Unit::JoulesPerToken, kind.clone(), origins.to_vec()),
        Figure::range(
            low.per_million_tokens().value(),
            high.per_million_tokens().value(),
            Unit::WattHoursPerMillionTokens,
            kind.clone(),
            origins.to_vec(),
        ),
    )
}

/// One row of the comparison table: a published result at its own configuration.
#[derive(Debug, Clone, PartialEq)]
pub struct ComparisonRow<'c> {
    pub result: &'c PublishedResult,
    pub card: &'c Card,
    /// Board power at the result's setting (ceiling rows) or mean node power (measured rows).
    pub power: Figure,
    pub energy_per_token: Figure,
    pub energy_per_million: Figure,
}

/// Which published results the comparison table shows: one benchmark, and optionally one
/// scenario, card and vendor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableFilter {
    pub benchmark: Benchmark,
    pub scenario: Option<Scenario>,
    pub card: Option<String>,
    pub vendor: Option<String>,
    /// One server, several nodes or whole racks; `None`: every size.
    pub size: Option<SystemSize>,
}

impl TableFilter {
    /// Every result of one benchmark.
    pub fn benchmark(benchmark: Benchmark) -> TableFilter {
        TableFilter { benchmark, scenario: None, card: None, vendor: None, size: None }
    }

    fn admits(&self, result: &PublishedResult, card: &Card) -> bool {
        result.benchmark == self.benchmark
            && self.scenario.is_none_or(|s| s == result.scenario)
            && self.card.as_deref().is_none_or(|c| c == &*result.card)
            && self.vendor.as_deref().is_none_or(|v| v == card.vendor())
            && self.size.is_none_or(|s| s == result.size(card))
    }
}

/// Every published result for a benchmark at its own configuration: a ceiling row for each, and a
/// measured row beside it where MLPerf Power measured the node.
pub fn comparison(catalogue: &Catalogue, benchmark: Benchmark) -> Vec<ComparisonRow<'_>> {
    comparison_of(catalogue, &TableFilter::benchmark(benchmark))
}

/// The comparison rows the filter admits.
pub fn comparison_of<'c>(catalogue: &'c Catalogue, filter: &TableFilter) -> Vec<ComparisonRow<'c>> {
    let mut rows = Vec::new();
    for result in catalogue.results.iter() {
        let Some(card) = catalogue.card(&result.card) else { continue };
        if !filter.admits(result, card) {
            continue;
        }
        let tps = TokensPerSecond(result.tokens_per_s);
        let origins = vec![Origin::Result(result.id.to_string()), Origin::Source(result.source.to_string())];
        let power = board_power(result.accelerators, Watts(result.power_setting(card)));
        let mut push = |power: Watts, kind: Kind| {
            let j = energy_per_token(power, tps);
            let (e, m) = token_figures(j, j, &kind, &origins);
            if let (Some(p), Some(e), Some(m)) =
                (Figure::new(power.value(), Unit::Watts, kind.clone(), origins.clone()), e, m)
            {
                rows.push(ComparisonRow { result, card, power: p, energy_per_token: e, energy_per_million: m });
            }
        };
        push(power, Kind::Ceiling);
        if let Some(measured) = &result.measured_power {
            push(Watts(measured.mean_watts), Kind::Measured(measured.scope));
        }
    }
    rows
}

/// A published measurement outside MLPerf (ML.ENERGY), with its figures.
#[derive(Debug, Clone, PartialEq)]
pub struct ContextRow<'c> {
    pub measurement: &'c ContextMeasurement,
    pub card: &'c Card,
    pub energy_per_token: Figure,
    pub energy_per_response: Option<Figure>,
}

/// The catalogue's other published measurements, as figures of kind `Measured`.
pub fn context(catalogue: &Catalogue) -> Vec<ContextRow<'_>> {
    catalogue
        .context
        .iter()
        .filter_map(|m| {
            let card = catalogue.card(&m.card)?;
            let origins = vec![Origin::Source(m.source.to_string())];
            let kind = Kind::Measured(m.scope);
            Some(ContextRow {
                measurement: m,
                card,
                energy_per_token: Figure::new(m.joules_per_token, Unit::JoulesPerToken, kind.clone(), origins.clone())?,
                energy_per_response: m
                    .joules_per_response
                    .and_then(|j| Figure::new(j, Unit::JoulesPerResponse, kind.clone(), origins.clone())),
            })
        })
        .collect()
}

/// Published evidence of what a lower power setting did: two results for the same card,
/// benchmark, scenario and card count at different stated settings.
#[derive(Debug, Clone, PartialEq)]
pub struct CapEvidence<'c> {
    /// The result at the lower setting.
    pub low: &'c PublishedResult,
    pub high: &'c PublishedResult,
    /// Throughput at the lower setting against the higher, in per cent (negative: less).
    pub throughput_change_percent: f64,
}

/// Every pair of results that shows what a lower stated setting did (lower setting first).
pub fn power_cap_evidence<'c>(
    catalogue: &'c Catalogue,
    card: &str,
    benchmark: Benchmark,
    scenario: Scenario,
) -> Vec<CapEvidence<'c>> {
    let Some(card_record) = catalogue.card(card) else { return Vec::new() };
    let rows: Vec<&PublishedResult> = catalogue
        .results
        .iter()
        .filter(|r| r.card == card && r.benchmark == benchmark && r.scenario == scenario && r.stated_power.is_some())
        .collect();
    let mut pairs = Vec::new();
    for low in &rows {
        for high in &rows {
            if low.accelerators == high.accelerators && low.power_setting(card_record) < high.power_setting(card_record)
            {
                pairs.push(CapEvidence {
                    low,
                    high,
                    throughput_change_percent: (low.tokens_per_s / high.tokens_per_s - 1.0) * 100.0,
                });
            }
        }
    }
    pairs
}

/// Published results for the card, benchmark and scenario whose stated setting lies below the
/// card's rated maximum: the evidence a lowered limit can be checked against.
pub fn capped_results<'c>(
    catalogue: &'c Catalogue,
    card: &str,
    benchmark: Benchmark,
    scenario: Scenario,
) -> Vec<&'c PublishedResult> {
    let Some(card_record) = catalogue.card(card) else { return Vec::new() };
    catalogue
        .results
        .iter()
        .filter(|r| r.card == card && r.benchmark == benchmark && r.scenario == scenario)
        .filter(|r| r.stated_power.as_ref().is_some_and(|p| p.watts < card_record.max_power.watts))
        .collect()
}

/// A published result that ran at exactly this limit (other than the one in use), to offer instead
/// of a range.
pub fn published_at_limit<'c>(catalogue: &'c Catalogue, form: &Form, limit_watts: f64) -> Option<&'c PublishedResult> {
    let current = match &form.throughput {
        crate::form::ThroughputChoice::Published(id) => Some(id.as_str()),
        crate::form::ThroughputChoice::Own => None,
    };
    catalogue.results.iter().find(|r| {
        r.card == form.card
            && r.benchmark == form.benchmark
            && r.scenario == form.scenario
            && Some(&*r.id) != current
            && r.stated_power.as_ref().is_some_and(|p| (p.watts - limit_watts).abs() < 1e-9)
    })
}

/// A result's power as the throughput select states it: the submitter's setting, the card's rated
/// maximum where none is stated, or neither.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ResultPower {
    Stated(f64),
    Rated(f64),
    NotStated,
}

/// A result as the throughput select lists it, in parts: `i18n::result_label` writes it ("6.0-0054 ·
/// HPE · 4 × FP4 · 450 W"; a system of several nodes as published, all its accelerators first:
/// "6.0-0075 · NVIDIA · 72 × FP4 (18 × 4, NVL72) · 1,200 W").
#[derive(Debug, Clone, PartialEq)]
pub struct ResultLabel<'a> {
    pub id: &'a str,
    pub submitter: &'a str,
    pub accelerators: u32,
    /// The weights' precision as published (`fp8`).
    pub weights: &'a str,
    /// For a system of several nodes, its layout.
    pub layout: Option<NodeLayout<'a>>,
    pub power: ResultPower,
    // issue 50
    /// MLCommons published it as a preview (not yet available).
    pub preview: bool,
}

/// A system of several nodes as published: nodes, accelerators per node, and the racks they fill
/// with the rack's name.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NodeLayout<'a> {
    pub nodes: u32,
    pub per_node: u32,
    pub racks: Option<(u32, &'a str)>,
}

/// The parts of a result's line in the throughput select.
pub fn result_label<'a>(result: &'a PublishedResult, card: Option<&'a Card>) -> ResultLabel<'a> {
    let power = match (&result.stated_power, card) {
        (Some(p), _) => ResultPower::Stated(p.watts),
        (None, Some(c)) => ResultPower::Rated(c.max_power.watts),
        (None, None) => ResultPower::NotStated,
    };
    let layout = match (result.nodes, result.accelerators_per_node()) {
        (1, _) | (_, None) => None,
        (nodes, Some(per_node)) => {
            let racks = card.and_then(|c| Some((result.racks(c)?, &*c.rack.as_ref()?.name)));
            Some(NodeLayout { nodes, per_node, racks })
        }
    };
    ResultLabel {
        id: &result.id,
        submitter: &result.submitter,
        accelerators: result.accelerators,
        weights: &result.weights,
        layout,
        power,
        preview: result.is_preview(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plain_functions_do_the_published_arithmetic() {
        // 004: 8 cards × 600 W = 4800 W; 4800 W ÷ 32004 tokens/s.
        assert_eq!(board_power(8, Watts(600.0)), Watts(4800.0));
        let j = energy_per_token(Watts(4800.0), TokensPerSecond(32004.0));
        assert!((j.value() - 0.149_981_25).abs() < 1e-8);
    }
}
