//! Configuration → figures. Plain functions over unit newtypes; every result is a [`Figure`] with
//! its kind and origins. Nothing here can return NaN, infinity or a negative value: [`Figure::new`]
//! refuses them, and the form's ranges keep every input finite and positive.

use crate::catalogue::{Benchmark, Card, Catalogue, ContextMeasurement, PublishedResult, Scenario};
use crate::figure::{Assumption, Figure, Kind, Origin, Unit};
use crate::form::{Checked, Form, InputError, Throughput};
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
}

fn basis(throughput: &Throughput, card: &Card, cards: u32, limit: Watts) -> ThroughputBasis {
    match throughput {
        Throughput::Own(tps) => {
            ThroughputBasis { per_server: *tps, assumptions: Vec::new(), origins: vec![Origin::UserInput] }
        }
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

fn power_origins(card: &Card, limit: Watts) -> Vec<Origin> {
    if (limit.value() - card.max_power.watts).abs() < 1e-9 {
        vec![Origin::Source(card.max_power.source.to_string())]
    } else {
        vec![Origin::UserInput]
    }
}

fn figures(checked: &Checked) -> Figures {
    let mut out = Figures::default();
    let card = checked.card.as_ref().ok();
    let gpus = checked.gpus.as_ref().ok().copied();
    let limit = checked.watts.as_ref().and_then(|w| w.as_ref().ok()).copied();

    if let Ok(Throughput::Published(result)) = &checked.throughput {
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
    let origins = power_origins(card, limit);
    out.board_power = Figure::new(power.value(), Unit::Watts, Kind::Ceiling, origins.clone());

    if let Ok(servers) = &checked.servers {
        let all = power * f64::from(*servers);
        let mut all_origins = origins.clone();
        all_origins.push(Origin::UserInput);
        out.energy_per_day =
            Figure::new(all.per_day().value(), Unit::KilowattHoursPerDay, Kind::Ceiling, all_origins.clone());
        out.heat = Figure::new(all.as_heat().value(), Unit::BtuPerHour, Kind::Ceiling, all_origins);
    }

    if let Ok(throughput) = &checked.throughput {
        let basis = basis(throughput, card, gpus, limit);
        let kind = if basis.assumptions.is_empty() { Kind::Ceiling } else { Kind::Estimate(basis.assumptions.clone()) };
        let mut j_origins = origins;
        j_origins.extend(basis.origins.iter().cloned());
        (out.energy_per_token, out.energy_per_million) =
            token_figures(energy_per_token(power, basis.per_server), &kind, &j_origins);
        out.throughput = Figure::new(basis.per_server.value(), Unit::TokensPerSecond, kind, basis.origins);
    }
    out
}

/// Energy per token and per million tokens, of one kind and origin.
fn token_figures(j: JoulesPerToken, kind: &Kind, origins: &[Origin]) -> (Option<Figure>, Option<Figure>) {
    (
        Figure::new(j.value(), Unit::JoulesPerToken, kind.clone(), origins.to_vec()),
        Figure::new(j.per_million_tokens().value(), Unit::WattHoursPerMillionTokens, kind.clone(), origins.to_vec()),
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

/// Every published result for a benchmark at its own configuration: a ceiling row for each, and a
/// measured row beside it where MLPerf Power measured the node.
pub fn comparison(catalogue: &Catalogue, benchmark: Benchmark) -> Vec<ComparisonRow<'_>> {
    let mut rows = Vec::new();
    for result in catalogue.results.iter().filter(|r| r.benchmark == benchmark) {
        let Some(card) = catalogue.card(&result.card) else { continue };
        let tps = TokensPerSecond(result.tokens_per_s);
        let origins = vec![Origin::Result(result.id.to_string()), Origin::Source(result.source.to_string())];
        let power = board_power(result.accelerators, Watts(result.power_setting(card)));
        let mut push = |power: Watts, kind: Kind| {
            let (e, m) = token_figures(energy_per_token(power, tps), &kind, &origins);
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

/// Published evidence of what a lower power setting did: pairs of results for the same card,
/// benchmark, scenario and card count at different stated settings (lower first).
pub fn power_cap_evidence<'c>(
    catalogue: &'c Catalogue,
    card: &str,
    benchmark: Benchmark,
    scenario: Scenario,
) -> Vec<(&'c PublishedResult, &'c PublishedResult)> {
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
                pairs.push((*low, *high));
            }
        }
    }
    pairs
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
