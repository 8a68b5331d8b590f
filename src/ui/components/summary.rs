//! On a phone the figures sit below the form: this bar keeps the two headline figures in view while
//! a person types. It repeats figures shown in full (with their sources) further down, so it is
//! hidden from assistive technology and from print.

use crate::figure::Figure;
use crate::i18n::Strings;
use crate::ui::format;
use crate::ui::words::use_strings;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SummaryProps {
    pub energy_per_token: Option<Figure>,
    pub energy_per_day: Option<Figure>,
    /// The plan's energy per year for a demand: shown instead of the day at the limit once typed.
    #[prop_or_default]
    pub year: Option<Figure>,
    /// The plan's cost per year for a demand: shown instead of J/token once typed.
    #[prop_or_default]
    pub cost: Option<Figure>,
    /// On the Measure tab: the bar shows the measured J/token (in `energy_per_token`) alone.
    #[prop_or_default]
    pub measured: bool,
}

fn part(t: &'static Strings, figure: Option<&Figure>, unit: &str) -> Html {
    match figure {
        Some(f) => html! {
            <span class={classes!("summary-part", format!("kind-{}", f.kind.id()))}>
                <strong>{ match f.low {
                    Some(low) => format!("{}–{}", format::three(low), format::three(f.value)),
                    None => format::three(f.value),
                } }</strong>{ format!(" {unit} ") }<span class="badge">{ t.tag(f) }</span>
            </span>
        },
        None => html! { <span class="summary-part missing"><strong>{ "—" }</strong>{ format!(" {unit}") }</span> },
    }
}

#[function_component(Summary)]
pub fn summary(props: &SummaryProps) -> Html {
    let t = use_strings();
    // Once a demand is typed, the bar follows the plan's answer: energy and cost per year.
    let planned = props.year.is_some();
    let follows = if props.measured {
        "measure"
    } else if planned {
        "plan"
    } else {
        "figures"
    };
    html! {
        <aside class="mobile-summary" aria-hidden="true" data-testid="mobile-summary" data-follows={follows}>
            if props.measured {
                { part(t, props.energy_per_token.as_ref(), (t.unit)(crate::figure::Unit::JoulesPerToken)) }
            } else if let Some(year) = &props.year {
                { part(t, Some(year), &format!("{} {}", (t.unit)(year.unit), t.per_year)) }
                if let Some(cost) = &props.cost {
                    { part(t, Some(cost), &format!("{} {}", (t.unit)(cost.unit), t.per_year)) }
                }
            } else {
                { part(t, props.energy_per_token.as_ref(), (t.unit)(crate::figure::Unit::JoulesPerToken)) }
                { part(t, props.energy_per_day.as_ref(), t.per_day) }
            }
        </aside>
    }
}
