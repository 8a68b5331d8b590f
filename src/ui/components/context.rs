//! Published measurements from outside MLPerf, shown as context beside the table.

use super::source::source_ref;
use crate::model::context;
use crate::ui::words::{use_lang, use_strings};
use crate::ui::{format, Cat};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ContextProps {
    pub catalogue: Cat,
}

#[function_component(Context)]
pub fn context_list(props: &ContextProps) -> Html {
    let t = use_strings();
    let lang = use_lang();
    let rows = context(props.catalogue.0);
    if rows.is_empty() {
        return html! {};
    }
    html! {
        <section class="context" aria-labelledby="context-title">
            <details class="fold" data-testid="context-fold">
            <summary><h2 id="context-title">{ t.ctx_title }</h2></summary>
            <p class="hint">{ t.ctx_hint }</p>
            <ul>
            { for rows.iter().map(|row| {
                let m = row.measurement;
                html! {
                    <li data-testid="context-measurement" data-kind={row.energy_per_token.kind.id()}
                        data-value={row.energy_per_token.value.to_string()}>
                        <span class="badge">{ t.kind_measured_board }</span>{ " " }
                        <strong>{ format!("{} {}", format::three(row.energy_per_token.value), (t.unit)(crate::figure::Unit::JoulesPerToken)) }</strong>
                        if let Some(r) = &row.energy_per_response {
                            { (t.per_response)(&format::plain(r.value)) }
                        }
                        { format!(" — {}, {} × {}, {}, {}. ",
                            crate::i18n::pick(lang, &m.task, m.task_de.as_deref()), m.cards, crate::i18n::card_name(row.card, lang), m.model,
                            crate::i18n::pick(lang, &m.condition, m.condition_de.as_deref())) }
                        { source_ref(props.catalogue, &m.source) }
                    </li>
                }
            }) }
            </ul>
            </details>
        </section>
    }
}
