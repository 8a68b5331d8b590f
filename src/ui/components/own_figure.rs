//! One measured figure: the value for reading, `data-value` at full precision for machines,
//! its kind and scope, what it means and where it came from.

use super::figures::origins_view;
use crate::figure::{Figure, Origin, Unit};
use crate::float::Text;
use crate::i18n::Strings;
use crate::measure::Input;
use crate::ui::words::kind_title;
use crate::ui::{format, Cat};
use std::rc::Rc;
use yew::prelude::*;

/// What [`own_figure`] draws.
pub struct OwnFigureProps {
    pub catalogue: Cat,
    pub testid: AttrValue,
    pub label: AttrValue,
    pub unit: Unit,
    pub figure: Option<Figure>,
    /// What the figure means.
    pub note: AttrValue,
    /// The files picked into boxes, cited by name.
    pub files: Rc<Vec<(Input, String)>>,
    /// What is still missing, shown in place of the figure.
    pub missing: Option<AttrValue>,
}

/// Where a measured figure came from: each box as "your paste (box)" in the page's language, or as
/// the file picked into it; a figure with other origins is cited as every figure is.
fn origins(t: &'static Strings, catalogue: Cat, figure: &Figure, files: &[(Input, String)]) -> Html {
    let boxes: Option<Vec<Input>> = figure
        .origins
        .iter()
        .map(|o| match o {
            Origin::Measurement(input) => Some(*input),
            _ => None,
        })
        .collect();
    let Some(boxes) = boxes else { return origins_view(t, catalogue, figure) };
    let cited: Vec<String> = boxes
        .iter()
        .map(|input| match files.iter().find(|(i, _)| i == input) {
            Some((_, name)) => (t.your_file)(name, (t.measure_input)(*input)),
            None => (t.your_paste)((t.measure_input)(*input)),
        })
        .collect();
    html! { <p class="origins">{ t.from }{ cited.join("; ") }</p> }
}

/// The figure's badge: a count of tokens (or tokens per second) is the engine's, with no power
/// boundary, so it carries no "GPU boards" scope (issue 39).
fn badge(t: &'static Strings, f: &Figure) -> &'static str {
    match (&f.kind, f.unit) {
        (crate::figure::Kind::Measured(_), Unit::Tokens | Unit::TokensPerSecond) => t.kind_measured_count,
        (kind, _) => kind_title(t, kind),
    }
}

/// The figure, or "—" and what is missing. A function, not a component (issue 53: one component
/// type fewer in the wasm), in the page's language (`format::page_lang`).
pub fn own_figure(props: OwnFigureProps) -> Html {
    let t = format::page_lang().strings();
    match &props.figure {
        Some(f) => html! {
            <article class={classes!("figure", format!("kind-{}", f.kind.id()))} data-testid={props.testid.clone()}
                data-value={f.value.text()} data-kind={f.kind.id()}>
                <h3>{ props.label.clone() }</h3>
                <p class="value"><span class="number">{ format::three(f.value) }</span>{ " " }<span class="unit">{ (t.unit)(f.unit) }</span></p>
                if !matches!(f.unit, Unit::Tokens) {
                    <details class="more-digits" data-testid={format!("{}-more", props.testid)}>
                        <summary>{ t.more_digits }</summary>
                        <span class="number" data-value={f.value.text()} data-digits="4">{ format::four(f.value) }</span>{ " " }<span class="unit">{ (t.unit)(f.unit) }</span>
                    </details>
                }
                <p class="kind"><span class="badge">{ badge(t, f) }</span>{ " " }{ props.note.clone() }</p>
                { origins(t, props.catalogue, f, &props.files) }
            </article>
        },
        None => html! {
            <article class="figure missing" data-testid={props.testid.clone()}>
                <h3>{ props.label.clone() }</h3>
                <p class="value"><span class="number">{ "—" }</span>{ " " }<span class="unit">{ (t.unit)(props.unit) }</span></p>
                if let Some(missing) = &props.missing {
                    <p class="kind" data-testid={format!("{}-missing", props.testid)}>{ missing.clone() }</p>
                }
            </article>
        },
    }
}
