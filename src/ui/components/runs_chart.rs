//! Kept runs (concurrency, power limit, J/token, tokens/s, and since issue 39 the card, GPUs, model,
//! day and the ceiling at the run's own throughput, where kept) and their chart: J/token against
//! concurrency or power limit. The layout comes from `measure::runs::plot`; this only draws it.

use crate::float::Text;
use crate::measure::runs::{load_differs, plot, Axis, Run};
use crate::ui::{format, Cat};
use yew::prelude::*;

/// What [`runs_chart`] draws.
pub struct RunsChartProps {
    pub catalogue: Cat,
    pub runs: Vec<Run>,
    pub axis: Axis,
    pub on_axis: Callback<Axis>,
    pub on_clear: Callback<()>,
}

fn cell(v: Option<f64>) -> String {
    v.map_or_else(|| "—".to_owned(), format::plain)
}

/// The kept runs' table and chart, or nothing without runs. A function, not a component (issue 53:
/// one component type fewer in the wasm), in the page's language (`format::page_lang`).
pub fn runs_chart(props: RunsChartProps) -> Html {
    let props = &props;
    let lang = format::page_lang();
    let t = lang.strings();
    if props.runs.is_empty() {
        return html! {};
    }
    let axis_button = |axis: Axis, words: &'static str| {
        let pressed = props.axis == axis;
        let onclick = props.on_axis.reform(move |_: MouseEvent| axis);
        html! { <button type="button" class="quiet" aria-pressed={pressed.to_string()} data-testid={format!("runs-axis-{}", if axis == Axis::Concurrency { "concurrency" } else { "limit" })} {onclick}>{ words }</button> }
    };
    let chart = plot(&props.runs, props.axis);
    let catalogue = props.catalogue.0;
    let card_name = |id: Option<&str>| match id {
        // Issue 51: a name the catalogue does not list is kept as printed, and said to be so.
        Some(id) => catalogue.card(id).map_or_else(|| (t.not_in_catalogue)(id), |c| crate::i18n::card_name(c, lang)),
        None => "—".to_owned(),
    };
    let differ = load_differs(&props.runs);
    let words = |values: &[f64]| values.iter().map(|v| crate::i18n::number(lang, *v)).collect::<Vec<_>>();
    html! {
        <div class="runs" data-testid="runs">
            <table data-testid="runs-table">
                <caption>{ t.kept_runs }</caption>
                <thead><tr>
                    <th scope="col">{ t.col_concurrency }</th><th scope="col">{ t.col_limit_w }</th>
                    <th scope="col">{ (t.unit)(crate::figure::Unit::JoulesPerToken) }</th><th scope="col">{ (t.unit)(crate::figure::Unit::TokensPerSecond) }</th>
                    <th scope="col">{ t.col_per_user }</th>
                    <th scope="col">{ t.col_ceiling }</th><th scope="col">{ t.col_run_card }</th>
                    <th scope="col">{ t.col_gpus }</th><th scope="col">{ t.col_model }</th><th scope="col">{ t.col_date }</th>
                </tr></thead>
                <tbody>
                    { for props.runs.iter().map(|r| html! {
                        <tr data-testid="run-row">
                            <td>{ cell(r.concurrency) }</td>
                            <td>{ cell(r.power_limit) }</td>
                            <td data-value={r.j_per_token.value.text()}>{ format::three(r.j_per_token.value) }</td>
                            <td>{ r.tokens_per_s.as_ref().map_or_else(|| "—".to_owned(), |t| format::three(t.value)) }</td>
                            <td data-testid="run-per-user" data-value={r.tokens_per_user().map(|v| v.text())}>{ r.tokens_per_user().map_or_else(|| "—".to_owned(), format::three) }</td>
                            <td data-testid="run-ceiling" data-value={r.about.ceiling.map(|v| v.text())}>{ r.about.ceiling.map_or_else(|| "—".to_owned(), format::three) }</td>
                            <td data-testid="run-card" data-value={r.about.card.clone()}>{ card_name(r.about.card.as_deref()) }</td>
                            <td data-testid="run-gpus">{ r.about.gpus.map_or_else(|| "—".to_owned(), |g| g.to_string()) }</td>
                            <td data-testid="run-model" translate="no">{ r.about.model.clone().unwrap_or_else(|| "—".to_owned()) }</td>
                            <td data-testid="run-date">{ r.about.date.map_or_else(|| "—".to_owned(), |(y, m, d)| crate::i18n::intl::long_date(y, m, d, lang)) }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
            if differ.any() {
                <p class="notice" role="status" data-testid="runs-differ">{ (t.runs_differ)(&words(&differ.concurrency), &words(&differ.power_limit)) }</p>
            }
            <p class="axis-choice">{ t.chart_against }{ axis_button(Axis::Concurrency, t.axis_concurrency) }{ " " }{ axis_button(Axis::PowerLimit, t.axis_limit) }
                { " " }<button type="button" class="quiet" data-testid="runs-clear" onclick={props.on_clear.reform(|_: MouseEvent| ())}>{ t.clear_runs }</button></p>
            { match chart {
                Some(p) => html! {
                    <div class="runs-scroll" tabindex="0">
                    <svg class="runs-chart" data-testid="runs-chart" viewBox={format!("0 0 {} {}", p.width.text(), p.height.text())} role="img"
                        aria-label={(t.runs_against)((t.run_axis)(p.axis))}>
                        <line class="axis" x1={p.left.text()} y1={p.bottom.text()} x2={p.right.text()} y2={p.bottom.text()} />
                        <line class="axis" x1={p.left.text()} y1={p.top.text()} x2={p.left.text()} y2={p.bottom.text()} />
                        { for p.x_ticks.iter().map(|t| html! { <text class="tick" x={t.at.text()} y={(p.bottom + 16.0).text()} text-anchor="middle">{ format::short(t.value) }</text> }) }
                        { for p.y_ticks.iter().map(|t| html! { <text class="tick" x={(p.left - 6.0).text()} y={(t.at + 4.0).text()} text-anchor="end">{ format::short(t.value) }</text> }) }
                        <text class="axis-label" x={((p.left + p.right) / 2.0).text()} y={(p.height - 6.0).text()} text-anchor="middle">{ (t.run_axis)(p.axis) }</text>
                        <polyline class="line" points={p.line.clone()} />
                        { for p.points.iter().map(|q| html! { <circle class="point" data-testid="run-point" cx={q.x.text()} cy={q.y.text()} r="4"><title>{ (t.run_point)(p.axis, &format::short(q.at), &format::short(q.j_per_token)) }</title></circle> }) }
                    </svg>
                    </div>
                },
                None => html! { <p class="hint" data-testid="runs-chart-empty">{ (t.no_run_with)(props.axis) }</p> },
            } }
        </div>
    }
}
