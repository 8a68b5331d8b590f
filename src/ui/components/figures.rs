//! The figures of the configuration, each with its kind (and scope) in words beside it.

use super::source::SourceRef;
use crate::catalogue::PublishedResult;
use crate::figure::{Figure, Kind, Origin, Unit};
use crate::form::{number, Edit, Form, ThroughputChoice};
use crate::model::{capped_results, power_cap_evidence, published_at_limit, CapEvidence, Figures};
use crate::ui::words::{kind_explanation, kind_title, SCOPE_NOTE};
use crate::ui::{format, Cat};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct FiguresProps {
    pub catalogue: Cat,
    pub form: Form,
    pub figures: Figures,
    /// The power limit as checked (`None` when the field is not valid).
    pub limit_watts: Option<f64>,
    pub on_edit: Callback<Edit>,
}

pub fn origins_view(catalogue: Cat, figure: &Figure) -> Html {
    let items: Vec<Html> = figure
        .origins
        .iter()
        .map(|o| match o {
            Origin::Source(id) => html! { <SourceRef {catalogue} id={id.clone()} /> },
            Origin::Result(id) => html! { <span>{ format!("MLPerf {id}") }</span> },
            Origin::Input(field) => html! { <span>{ format!("your input ({})", field.label().to_lowercase()) }</span> },
            Origin::Measurement(input) => {
                html! { <span>{ format!("your paste ({})", input.label().to_lowercase()) }</span> }
            }
        })
        .collect();
    html! { <p class="origins">{ "From: " }{ for items.into_iter().enumerate().map(|(i, h)| html! { <>{ if i > 0 { "; " } else { "" } }{ h }</> }) }</p> }
}

/// The value as read: one number, or "low to high" for a range, with the figure's unit.
fn value_view(f: &Figure) -> Html {
    match f.low {
        Some(low) => html! {
            <p class="value range"><span class="number">{ format::three(low) }</span>{ " to " }
                <span class="number">{ format::three(f.value) }</span>{ " " }<span class="unit">{ f.unit.symbol() }</span></p>
        },
        None => html! {
            <p class="value"><span class="number">{ format::three(f.value) }</span>{ " " }<span class="unit">{ f.unit.symbol() }</span></p>
        },
    }
}

/// The two ends of a range, each named.
fn ends_view(f: &Figure) -> Html {
    let (Some(low), Kind::Estimate(assumptions)) = (f.low, &f.kind) else { return html! {} };
    let Some((low_words, high_words)) = assumptions.iter().find_map(|a| a.range_ends()) else { return html! {} };
    html! {
        <ul class="ends" data-testid="range-ends">
            <li>{ format!("{} {}: {low_words}", format::three(low), f.unit.symbol()) }</li>
            <li>{ format!("{} {}: {high_words}", format::three(f.value), f.unit.symbol()) }</li>
        </ul>
    }
}

/// One figure: its value rounded for reading; the full value for machines in `data-value` (the
/// upper end of a range) and `data-low`.
fn figure_view(
    catalogue: Cat,
    testid: &'static str,
    label: &str,
    unit: Unit,
    figure: Option<&Figure>,
    bound: &str,
) -> Html {
    match figure {
        Some(f) => html! {
            <article class={classes!("figure", format!("kind-{}", f.kind.id()))} data-testid={testid}
                data-value={f.value.to_string()} data-low={f.low.map(|l| l.to_string())} data-kind={f.kind.id()}>
                <h3>{ label.to_owned() }</h3>
                { value_view(f) }
                <p class="kind"><span class="badge">{ kind_title(&f.kind) }</span>{ " " }{ kind_explanation(&f.kind, bound) }</p>
                { ends_view(f) }
                { origins_view(catalogue, f) }
            </article>
        },
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
const HEAT_BOUND: &str = "All electrical power ends as heat in the room; this is the GPU boards' share at their limit.";

/// How many capped results and evidence pairs show before the rest fold away.
const SHOWN: usize = 3;

fn capped_item(r: &PublishedResult, card_name: &str) -> Html {
    html! {
        <li data-testid="capped-result">{ format!("{} · {} × {} at {} · {} tokens/s ({} {})",
            r.id, r.accelerators, card_name, r.stated_power.as_ref().map_or("—", |p| &*p.text),
            format::plain(r.tokens_per_s), r.scenario.label(), r.benchmark.name()) }</li>
    }
}

fn evidence_item(e: &CapEvidence) -> Html {
    html! {
        <p data-testid="cap-pair">{ format!(
            "{} × at {}: {} tokens/s ({}) against {} tokens/s at {} ({}): {} % {} throughput at the lower setting.",
            e.low.accelerators, e.low.stated_power.as_ref().map_or("—", |p| &*p.text),
            format::plain(e.low.tokens_per_s), e.low.id, format::plain(e.high.tokens_per_s),
            e.high.stated_power.as_ref().map_or("—", |p| &*p.text), e.high.id,
            format::three(e.throughput_change_percent.abs()),
            if e.throughput_change_percent < 0.0 { "less" } else { "more" }) }</p>
    }
}

/// Published results at a lowered setting, and an offer to use the one at exactly this limit.
fn capped_view(props: &FiguresProps) -> Html {
    let catalogue = props.catalogue.0;
    let form = &props.form;
    let evidence = power_cap_evidence(catalogue, &form.card, form.benchmark, form.scenario);
    let capped = capped_results(catalogue, &form.card, form.benchmark, form.scenario);
    let offer = props.limit_watts.and_then(|w| published_at_limit(catalogue, form, w));
    if evidence.is_empty() && capped.is_empty() && offer.is_none() {
        return html! {};
    }
    let card_name = catalogue.card(&form.card).map_or("", |c| &*c.name);
    html! {
        <aside class="evidence" data-testid="power-cap-evidence">
            <h3>{ "Published results at a lowered power setting" }</h3>
            if let Some(r) = offer {
                <p class="offer">
                    { format!("{} was published at {} W per card. ", r.id, r.stated_power.as_ref().map_or(0.0, |p| p.watts)) }
                    <button type="button" data-testid="use-capped" onclick={props.on_edit.reform({
                        let id = r.id.to_string();
                        move |_: MouseEvent| Edit::Throughput(id.clone())
                    })}>{ format!("Use {} instead of a range", r.id) }</button>
                </p>
            }
            if !capped.is_empty() {
                <ul>{ for capped.iter().take(SHOWN).map(|r| capped_item(r, card_name)) }</ul>
            }
            { for evidence.iter().take(SHOWN).map(evidence_item) }
            if capped.len() > SHOWN || evidence.len() > SHOWN {
                <details>
                    <summary>{ format!("{} more published results and pairs", capped.len().saturating_sub(SHOWN) + evidence.len().saturating_sub(SHOWN)) }</summary>
                    <ul>{ for capped.iter().skip(SHOWN).map(|r| capped_item(r, card_name)) }</ul>
                    { for evidence.iter().skip(SHOWN).map(evidence_item) }
                </details>
            }
            <p class="hint">{ "Other systems: evidence of the trend, not a measurement of yours." }</p>
        </aside>
    }
}

/// The two headline figures in one sentence, for screen readers (the only live region here).
fn live_text(f: &Figures) -> String {
    let part = |label: &str, figure: Option<&Figure>| match figure {
        Some(x) => match x.low {
            Some(low) => format!(
                "{label}: {} to {} {}, {}.",
                format::three(low),
                format::three(x.value),
                x.unit.symbol(),
                kind_title(&x.kind)
            ),
            None => format!("{label}: {} {}, {}.", format::three(x.value), x.unit.symbol(), kind_title(&x.kind)),
        },
        None => format!("{label}: not available."),
    };
    format!(
        "{} {}",
        part("Energy per output token", f.energy_per_token.as_ref()),
        part("Energy per day", f.energy_per_day.as_ref())
    )
}

#[function_component(FiguresPanel)]
pub fn figures_panel(props: &FiguresProps) -> Html {
    let f = &props.figures;
    let c = props.catalogue;
    let published = match &props.form.throughput {
        ThroughputChoice::Published(id) => c.0.result(id, props.form.benchmark, props.form.scenario),
        ThroughputChoice::Own => None,
    };
    let lowered_or_raised = matches!(f.energy_per_token.as_ref().map(|f| &f.kind), Some(Kind::Estimate(_)));
    let both_scopes = f.measured_energy_per_token.is_some() && f.energy_per_token.is_some();
    html! {
        <section class="figures" id="figures" aria-labelledby="figures-title" tabindex="-1">
            <h2 id="figures-title">{ "Figures" }</h2>
            <p class="visually-hidden" aria-live="polite" data-testid="figures-live">{ live_text(f) }</p>
            if let Some(r) = published {
                <p class="result-line" data-testid="result-details">
                    { format!("MLPerf Inference {} · entry ", r.round) }
                    if let Some(url) = &r.details {
                        <a href={url.to_string()} rel="noopener noreferrer" data-testid="result-link">{ &*r.id }</a>
                    } else {
                        { &*r.id }
                    }
                    { format!(" · {} · {} · {} × {} · {} ({}) · {} weights · {} tokens/s · power setting: {}",
                        r.submitter, r.system, r.accelerators, c.0.card(&r.card).map_or(&*r.card, |c| &*c.name),
                        r.benchmark.name(), r.scenario.label(), r.weights.to_ascii_uppercase(), format::plain(r.tokens_per_s),
                        r.stated_power.as_ref().map_or_else(|| "not stated".to_owned(), |p| format!("{} ({} W)", p.text, number(p.watts)))) }
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
                { figure_view(c, "btu-per-h", "Heat, all servers", Unit::BtuPerHour, f.heat.as_ref(), HEAT_BOUND) }
            </div>
            if both_scopes {
                <p class="hint" data-testid="scope-note">{ SCOPE_NOTE }</p>
            }
            if lowered_or_raised { { capped_view(props) } }
        </section>
    }
}
