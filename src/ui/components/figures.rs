//! The figures of the configuration, each with its kind in words beside it.

use super::source::SourceRef;
use crate::catalogue::{Catalogue, Scope};
use crate::figure::{Figure, Kind, Origin, Unit};
use crate::form::{Form, ThroughputChoice};
use crate::model::{power_cap_evidence, Figures};
use crate::ui::{format, Cat};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct FiguresProps {
    pub catalogue: Cat,
    pub form: Form,
    pub figures: Figures,
}

/// The kind of a figure in the page's own words.
pub fn kind_words(kind: &Kind, bound: &str) -> (String, String) {
    match kind {
        Kind::Ceiling => ("Ceiling".into(), bound.into()),
        Kind::Measured(Scope::NodeAc) => (
            "Measured · whole node".into(),
            "Metered by MLPerf Power at the wall (AC) for the whole server, at the result's own configuration.".into(),
        ),
        Kind::Measured(Scope::GpuBoard) => ("Measured · GPU boards".into(), "Metered on the GPU boards only.".into()),
        Kind::Estimate(assumptions) => {
            ("Estimate".into(), assumptions.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "))
        }
    }
}

fn origins_view(catalogue: Cat, figure: &Figure) -> Html {
    let items: Vec<Html> = figure
        .origins
        .iter()
        .map(|o| match o {
            Origin::Source(id) => html! { <SourceRef {catalogue} id={id.clone()} /> },
            Origin::Result(id) => html! { <span>{ format!("MLPerf {id}") }</span> },
            Origin::UserInput => html! { <span>{ "your input" }</span> },
        })
        .collect();
    html! { <p class="origins">{ "From: " }{ for items.into_iter().enumerate().map(|(i, h)| html! { <>{ if i > 0 { "; " } else { "" } }{ h }</> }) }</p> }
}

/// One figure: its value rounded for reading, and the full value for machines in `data-value`.
fn figure_view(
    catalogue: Cat,
    testid: &'static str,
    label: &str,
    unit: Unit,
    figure: Option<&Figure>,
    bound: &str,
) -> Html {
    match figure {
        Some(f) => {
            let (kind, words) = kind_words(&f.kind, bound);
            html! {
                <article class={classes!("figure", format!("kind-{}", f.kind.id()))} data-testid={testid}
                    data-value={f.value.to_string()} data-kind={f.kind.id()}>
                    <h3>{ label.to_owned() }</h3>
                    <p class="value"><span class="number">{ format::three(f.value) }</span>{ " " }<span class="unit">{ f.unit.symbol() }</span></p>
                    <p class="kind"><span class="badge">{ kind }</span>{ " " }{ words }</p>
                    { origins_view(catalogue, f) }
                </article>
            }
        }
        None => html! {
            <article class="figure missing" data-testid={testid}>
                <h3>{ label.to_owned() }</h3>
                <p class="value"><span class="number">{ "—" }</span>{ " " }<span class="unit">{ unit.symbol() }</span></p>
                <p class="kind">{ "Not available until the fields above are valid." }</p>
            </article>
        },
    }
}

const BOARD_BOUND: &str = "Every card at its power limit: GPU boards only, not a measurement. Servers draw more (processors, fans, power supplies).";
const TOKEN_BOUND: &str = "At most this much GPU-board energy per token at this throughput and limit; not a measurement, and without processors, fans, power supplies or cooling.";
const DAY_BOUND: &str =
    "Every card at its limit for 24 hours, busy or idle: an upper bound for the GPU boards of all servers.";

fn evidence_view(catalogue: &Catalogue, form: &Form) -> Html {
    let pairs = power_cap_evidence(catalogue, &form.card, form.benchmark, form.scenario);
    if pairs.is_empty() {
        return html! {};
    }
    html! {
        <aside class="evidence" data-testid="power-cap-evidence">
            <h3>{ "What a lower limit did in published results" }</h3>
            <ul>
            { for pairs.iter().map(|(low, high)| {
                let change = (low.tokens_per_s / high.tokens_per_s - 1.0) * 100.0;
                let direction = if change < 0.0 { "less" } else { "more" };
                html! { <li>{ format!(
                    "{} × at {}: {} tokens/s ({}) against {} tokens/s at {} ({}): {} % {direction} throughput at the lower limit.",
                    low.accelerators,
                    low.stated_power.as_ref().map_or("—", |p| &*p.text),
                    format::plain(low.tokens_per_s), low.id,
                    format::plain(high.tokens_per_s),
                    high.stated_power.as_ref().map_or("—", |p| &*p.text), high.id,
                    format::three(change.abs())) }</li> }
            }) }
            </ul>
            <p class="hint">{ "Different systems, same card count: evidence of the trend, not a measurement of yours." }</p>
        </aside>
    }
}

#[function_component(FiguresPanel)]
pub fn figures_panel(props: &FiguresProps) -> Html {
    let f = &props.figures;
    let c = props.catalogue;
    let published = match &props.form.throughput {
        ThroughputChoice::Published(id) => c.0.result(id, props.form.benchmark, props.form.scenario),
        ThroughputChoice::Own => None,
    };
    let estimate = matches!(f.energy_per_token.as_ref().map(|f| &f.kind), Some(Kind::Estimate(_)));
    html! {
        <section class="figures" aria-labelledby="figures-title" aria-live="polite">
            <h2 id="figures-title">{ "Figures" }</h2>
            if let Some(r) = published {
                <p class="result-line" data-testid="result-details">
                    { format!("MLPerf Inference {} · entry {} · {} · {} · {} × {} · {} {} · {} weights · {} tokens/s · power setting: {}",
                        r.round, r.id, r.submitter, r.system, r.accelerators, c.0.card(&r.card).map_or(&*r.card, |c| &*c.name),
                        r.benchmark.id(), r.scenario.label(), r.weights.to_ascii_uppercase(), format::plain(r.tokens_per_s),
                        r.stated_power.as_ref().map_or("not stated", |p| &*p.text)) }
                    { " · published " }{ c.0.published_on(r).unwrap_or("—") }{ ". " }
                    <span class="citation">{ r.citation() }</span>
                </p>
            }
            <div class="figure-grid">
                { figure_view(c, "j-per-token", "Energy per output token", Unit::JoulesPerToken, f.energy_per_token.as_ref(), TOKEN_BOUND) }
                { figure_view(c, "wh-per-mtok", "Per million output tokens", Unit::WattHoursPerMillionTokens, f.energy_per_million.as_ref(), TOKEN_BOUND) }
                if f.measured_energy_per_token.is_some() {
                    { figure_view(c, "measured-j-per-token", "Measured energy per token", Unit::JoulesPerToken, f.measured_energy_per_token.as_ref(), "") }
                }
                { figure_view(c, "board-power-w", "Board power per server", Unit::Watts, f.board_power.as_ref(), BOARD_BOUND) }
                { figure_view(c, "kwh-per-day", "Energy per day, all servers", Unit::KilowattHoursPerDay, f.energy_per_day.as_ref(), DAY_BOUND) }
                { figure_view(c, "btu-per-h", "Heat, all servers", Unit::BtuPerHour, f.heat.as_ref(), "All electrical power ends as heat in the room; this is the GPU boards' share at their limit.") }
            </div>
            if estimate { { evidence_view(c.0, &props.form) } }
        </section>
    }
}
