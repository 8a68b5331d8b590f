//! Published measurements from outside MLPerf, shown as context beside the table.

use super::source::SourceRef;
use crate::model::context;
use crate::ui::{format, Cat};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ContextProps {
    pub catalogue: Cat,
}

#[function_component(Context)]
pub fn context_list(props: &ContextProps) -> Html {
    let rows = context(props.catalogue.0);
    if rows.is_empty() {
        return html! {};
    }
    html! {
        <section class="context" aria-labelledby="context-title">
            <h2 id="context-title">{ "Measured elsewhere, for context" }</h2>
            <p class="hint">{ "GPU energy metered by researchers on another card and model: not comparable one to one with the ceilings above, but a sense of what cards really draw." }</p>
            <ul>
            { for rows.iter().map(|row| {
                let m = row.measurement;
                html! {
                    <li data-testid="context-measurement" data-kind={row.energy_per_token.kind.id()}
                        data-value={row.energy_per_token.value.to_string()}>
                        <span class="badge">{ "Measured · GPU boards" }</span>{ " " }
                        <strong>{ format!("{} J/token", format::three(row.energy_per_token.value)) }</strong>
                        if let Some(r) = &row.energy_per_response {
                            { format!(", {} J per response", format::plain(r.value)) }
                        }
                        { format!(" — {}, {} × {}, {}, {}. ", m.task, m.cards, row.card.name, m.model, m.condition) }
                        <SourceRef catalogue={props.catalogue} id={m.source.clone()} />
                    </li>
                }
            }) }
            </ul>
        </section>
    }
}
