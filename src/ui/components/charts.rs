//! Two charts drawn as SVG from `chart`'s geometry (the UI places nothing itself): the published
//! ceilings of the benchmark and scenario, and J/token against the power limit of the current card.

use crate::chart::{self, BarChart, LimitChart, Mark, BAR_WIDTH, WIDTH};
use crate::compare::Saved;
use crate::float::Text;
use crate::form::Form;
use crate::i18n::Strings;
use crate::ui::words::use_strings;
use crate::ui::{format, Cat};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ChartsProps {
    pub catalogue: Cat,
    pub form: crate::ui::Same<Form>,
    /// The compared configurations: with any, the bar chart draws them, by name, and nothing else.
    pub compared: crate::ui::Same<Vec<Saved>>,
}

/// Bars drawn before the rest is left out (the table below has every result).
const BARS: usize = 15;

fn bar_chart(t: &'static Strings, c: &BarChart, drawn: Option<crate::compare::Drawn>) -> Html {
    use crate::compare::Drawn;
    let named = drawn.is_some();
    let unit = (t.unit)(crate::figure::Unit::JoulesPerToken);
    let value_words = |b: &chart::Bar| match format::low_apart(b.low.map(|l| l.0), b.value) {
        Some(low) => format!("{}{}{} {unit}", format::three(low), t.range_to, format::three(b.value)),
        None => format!("{} {unit}", format::three(b.value)),
    };
    let desc = c
        .bars
        .iter()
        .map(|b| {
            let measured = b.measured.map(|(_, m)| (t.bar_measured)(&format::three(m))).unwrap_or_default();
            format!("{}: {}{measured}", b.label, value_words(b))
        })
        .collect::<Vec<_>>()
        .join("; ");
    // The title says what is drawn (issue 49): the plan's J/token, or the ceilings as such.
    let (title, caption) = match drawn {
        Some(Drawn::Plan) => (t.bar_title_plan.to_owned(), t.bar_caption_plan),
        Some(Drawn::Ceilings) => (t.bar_title_ceilings.to_owned(), t.bar_caption_ceilings),
        None => ((t.bar_title)(c.benchmark.name(), (t.scenario)(c.scenario)), t.bar_caption),
    };
    html! {
        <figure class="chart chart-bars" data-testid="chart-published" tabindex="0"
            data-drawn={drawn.map(|d| if d == Drawn::Plan { "plan" } else { "ceilings" })}>
            <svg viewBox={format!("0 0 {} {}", BAR_WIDTH.text(), c.height.text())} role="img" aria-labelledby="chart-published-title chart-published-desc">
                <title id="chart-published-title">{ title.clone() }</title>
                <desc id="chart-published-desc">{ desc }</desc>
                { for c.bars.iter().map(|b| {
                    let class = match b.mark { Mark::Current => "bar current", Mark::Compared => "bar compared", Mark::None => "bar" };
                    let end = c.x0 + b.width.max(1.0);
                    html! {
                        <g class={class} data-testid="chart-bar" data-value={b.value.text()} data-low={b.low.map(|l| l.0.text())} data-label={b.label.clone()}>
                            <text x={c.x0.text()} y={(b.y + 13.0).text()} data-testid="chart-bar-label">
                                { &b.label }{ match (named, b.mark) { (false, Mark::Current) => " ◀", (false, Mark::Compared) => " ◇", _ => "" } }
                            </text>
                            if let Some((_, x)) = b.low {
                                <rect class="range" x={x.text()} y={(b.y + 17.0).text()} width={(end - x).max(1.0).text()} height="14" />
                                <rect x={c.x0.text()} y={(b.y + 17.0).text()} width={(x - c.x0).max(1.0).text()} height="14" />
                            } else {
                                <rect x={c.x0.text()} y={(b.y + 17.0).text()} width={b.width.max(1.0).text()} height="14" />
                            }
                            if let Some((x, _)) = b.measured {
                                <path class="measured-mark" d={format!("M{} {} l5 7 l-5 7 l-5 -7 z", x.text(), (b.y + 17.0).text())} />
                            }
                            <text class="value" x={(end + 4.0).text()} y={(b.y + 28.0).text()} data-testid="chart-bar-value">{ value_words(b) }</text>
                        </g>
                    }
                }) }
            </svg>
            <figcaption class="hint">
                // The title is shown too: a printed sheet has no tooltip (issue 49).
                if named { <strong data-testid="chart-title">{ title }</strong>{ " " } }
                { caption }
                if c.left_out > 0 && !named { { (t.bar_more)(c.left_out) } }
            </figcaption>
        </figure>
    }
}

fn limit_chart(t: &'static Strings, c: &LimitChart) -> Html {
    let (x0, x1, y0, y1) = c.plot;
    let unit = (t.unit)(crate::figure::Unit::JoulesPerToken);
    let desc = std::iter::once((t.limit_held)(
        &format::three(c.line.0.joules_per_token),
        &format::plain(c.line.0.watts),
        &format::three(c.line.1.joules_per_token),
        &format::plain(c.line.1.watts),
    ))
    .chain(c.unknown.map(|u| (t.limit_unknown)(&format::plain(u.watts))))
    .chain(std::iter::once(format!("{}: {} {unit}", at(t, &c.own), format::three(c.own.joules_per_token))))
    .chain(c.capped.iter().map(|p| format!("{}: {} {unit}", at(t, p), format::three(p.joules_per_token))))
    .collect::<Vec<_>>()
    .join("; ");
    html! {
        <figure class="chart" data-testid="chart-limit" tabindex="0">
            <svg viewBox={format!("0 0 {} {}", WIDTH.text(), c.height.text())} role="img" aria-labelledby="chart-limit-title chart-limit-desc">
                <title id="chart-limit-title">{ t.limit_title }</title>
                <desc id="chart-limit-desc">{ desc }</desc>
                { for c.x_ticks.iter().map(|t| html! {
                    <g class="tick">
                        <line x1={t.x.text()} x2={t.x.text()} y1={y0.text()} y2={y1.text()} />
                        <text x={t.x.text()} y={(y1 + 14.0).text()} text-anchor="middle">{ format::plain(t.value) }</text>
                    </g>
                }) }
                { for c.y_ticks.iter().map(|t| html! {
                    <g class="tick">
                        <line x1={x0.text()} x2={x1.text()} y1={t.x.text()} y2={t.x.text()} />
                        <text x={(x0 - 6.0).text()} y={(t.x + 4.0).text()} text-anchor="end">{ format::short(t.value) }</text>
                    </g>
                }) }
                <text x={x1.text()} y={(y1 + 30.0).text()} text-anchor="end" class="axis-unit">{ t.w_per_card }</text>
                <text x="4" y="12" class="axis-unit">{ (t.unit)(crate::figure::Unit::JoulesPerToken) }</text>
                <path class="limit-band" data-testid="chart-band"
                    d={c.band.iter().enumerate().map(|(i, (x, y))| format!("{}{} {}", if i == 0 { "M" } else { "L" }, x.text(), y.text())).collect::<Vec<_>>().join(" ") + " Z"} />
                if let Some(u) = c.unknown {
                    <g data-testid="chart-unknown" data-watts={u.watts.text()}>
                        <rect class="limit-unknown" x={u.x0.text()} y={y0.text()} width={(u.x1 - u.x0).max(0.0).text()} height={(y1 - y0).text()} />
                        <text x={(u.x0 + 4.0).text()} y={(y0 + 12.0).text()} class="axis-unit">{ (t.limit_unknown)(&format::plain(u.watts)) }</text>
                    </g>
                }
                <line class="limit-line" x1={c.line.0.x.text()} y1={c.line.0.y.text()} x2={c.line.1.x.text()} y2={c.line.1.y.text()} />
                <circle class="own-point" cx={c.own.x.text()} cy={c.own.y.text()} r="5" data-testid="chart-own" />
                <text x={(c.own.x - 8.0).text()} y={(c.own.y - 8.0).text()} text-anchor="end">{ at(t, &c.own) }</text>
                { for c.capped.iter().map(|p| html! {
                    <g data-testid="chart-capped" data-value={p.joules_per_token.text()}>
                        <rect class="capped-point" x={(p.x - 4.0).text()} y={(p.y - 4.0).text()} width="8" height="8" />
                        <text x={(p.x + 8.0).text()} y={(p.y + 14.0).text()}>{ at(t, p) }</text>
                    </g>
                }) }
            </svg>
            <figcaption class="hint">{ t.limit_caption }</figcaption>
        </figure>
    }
}

/// "6.0-0054 at 450 W", in the page's language.
fn at(t: &'static Strings, p: &chart::Point) -> String {
    format!("{} {} {} W", p.label, t.at, format::plain(p.watts))
}

#[function_component(Charts)]
pub fn charts(props: &ChartsProps) -> Html {
    let t = use_strings();
    let catalogue = props.catalogue.0;
    let named = !props.compared.is_empty();
    let (bars, drawn) = if named {
        // The compared configurations, each by its name with its J/token in its plan where one is
        // set, else its ceiling (issue 49; a range where it is one).
        let (drawn, figures) = crate::compare::bar_figures(catalogue, &props.compared);
        let items: Vec<chart::Named> = props
            .compared
            .iter()
            .zip(figures)
            .map(|(s, f)| (crate::export::display_name(catalogue, s, t), f.map(|f| (f.value, f.low))))
            .collect();
        (chart::named_bars(&props.form, &items), Some(drawn))
    } else {
        (chart::published_bars(catalogue, &props.form, &[], BARS), None)
    };
    let limit = chart::limit_chart(props.catalogue.0, &props.form);
    html! {
        <section class="charts" aria-labelledby="charts-title">
            // Folded until wanted, open where it draws the compared configurations.
            <details class="fold" open={!props.compared.is_empty()} data-testid="charts-fold">
                <summary><h2 id="charts-title">{ t.charts_title }</h2></summary>
                if !bars.bars.is_empty() { { bar_chart(t, &bars, drawn) } }
                if let Some(l) = &limit { { limit_chart(t, l) } }
            </details>
        </section>
    }
}
