//! On a phone the figures sit below the form: this bar keeps the two headline figures in view while
//! a person types. It repeats figures shown in full (with their sources) further down, so it is
//! hidden from assistive technology and from print.

use crate::figure::Figure;
use crate::float::Text;
use crate::i18n::Strings;
use crate::ui::format;
use yew::prelude::*;

/// What the bar shows. Drawn by `summary`, a function, not a component (issue 53: a component type
/// costs about 1 KB gzip).
#[derive(Default)]
pub struct SummaryProps {
    pub energy_per_token: Option<Figure>,
    pub energy_per_day: Option<Figure>,
    /// The plan's energy per year for a demand: shown instead of the day at the limit once typed.
    pub year: Option<Figure>,
    /// The plan's cost per year for a demand: shown instead of J/token once typed.
    pub cost: Option<Figure>,
    /// On the Measure tab: the bar shows the measured J/token (in `energy_per_token`) alone.
    pub measured: bool,
    /// The plan's answer for a demand (issue 38): the servers, racks or systems it needs, and the rack
    /// positions, before the year's energy and cost.
    pub servers: Option<Figure>,
    pub positions: Option<Figure>,
    /// Issue 53: the plan's CO₂ a year for a demand, beside its energy and cost.
    pub co2: Option<Figure>,
    /// Issue 47: the sourced idle span (W per card) the year rests on where none is typed; the bar
    /// says so, as the answer, the sheet and the e-mail do.
    pub idle: Option<(f64, f64)>,
}

/// A value in the bar without its tag (the row says it once).
fn bare(figure: Option<&Figure>, unit: &str) -> Html {
    match figure {
        Some(f) => html! {
            <span class="summary-part"><strong>{ match format::low_apart(f.low, f.value) {
                Some(low) => format!("{}–{}", format::three(low), format::three(f.value)),
                None => format::three(f.value),
            } }</strong>{ format!(" {unit}") }</span>
        },
        None => html! {},
    }
}

/// A count in the bar: "4 servers", "at least 2 rack positions".
fn count(t: &'static Strings, figure: Option<&Figure>) -> Html {
    match figure {
        Some(f) => html! {
            <span class="summary-part summary-count">{ t.side(f) }<strong>{ format::plain(f.value) }</strong>{ " " }{ t.unit_after(f.value, None, f.unit) }</span>
        },
        None => html! {},
    }
}

fn part(t: &'static Strings, figure: Option<&Figure>, unit: &str) -> Html {
    match figure {
        Some(f) => html! {
            <span class={classes!("summary-part", format!("kind-{}", f.kind.id()))}>
                <strong>{ match format::low_apart(f.low, f.value) {
                    Some(low) => format!("{}–{}", format::three(low), format::three(f.value)),
                    None => format::three(f.value),
                } }</strong>{ format!(" {unit} ") }<span class="badge">{ t.tag(f) }</span>
            </span>
        },
        None => html! { <span class="summary-part missing"><strong>{ "—" }</strong>{ format!(" {unit}") }</span> },
    }
}

pub fn summary(props: &SummaryProps) -> Html {
    let t = format::page_lang().strings();
    // Once a demand is typed, the bar follows the plan's answer: energy and cost per year.
    let planned = props.year.is_some();
    let follows = if props.measured {
        "measure"
    } else if planned {
        "plan"
    } else {
        "figures"
    };
    // On the Measure tab before a figure: no bar, never a bare "—".
    if props.measured && props.energy_per_token.is_none() {
        return html! {};
    }
    html! {
        <aside class="mobile-summary" aria-hidden="true" data-testid="mobile-summary" data-follows={follows}>
            if props.measured {
                { part(t, props.energy_per_token.as_ref(), (t.unit)(crate::figure::Unit::JoulesPerToken)) }
            } else if let Some(year) = &props.year {
                // The plan's answer in two short rows (issue 38): what it needs, then the year; the
                // year's kind and scope said once (the cost shares them).
                <span class="summary-row">
                    { count(t, props.servers.as_ref()) }
                    { count(t, props.positions.as_ref()) }
                </span>
                <span class="summary-row">
                    { bare(Some(year), &format!("{} {}", (t.unit)(year.unit), t.per_year)) }
                    { bare(props.cost.as_ref(), &props.cost.as_ref().map(|c| format!("{} {}", (t.unit)(c.unit), t.per_year)).unwrap_or_default()) }
                    if let Some(co2) = props.co2.as_ref().map(Figure::for_reading) {
                        { bare(Some(&*co2), &format!("{} {}", (t.unit)(co2.unit), t.per_year)) }
                    }
                    <span class="badge">{ t.tag(year) }</span>
                </span>
                if let Some((low, high)) = props.idle {
                    <span class="summary-row summary-idle" data-testid="bar-idle" data-low={low.text()} data-high={high.text()}>
                        { (t.bar_idle)(&format::figure_value_plain(low, high, "–")) }</span>
                }
            } else {
                { part(t, props.energy_per_token.as_ref(), (t.unit)(crate::figure::Unit::JoulesPerToken)) }
                { part(t, props.energy_per_day.as_ref(), t.per_day) }
            }
        </aside>
    }
}
