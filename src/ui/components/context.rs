//! Published measurements from outside MLPerf, shown as context beside the table.

use super::source::source_ref;
use crate::float::Text;
use crate::model::context;
use crate::ui::{format, Cat};
use yew::prelude::*;

/// A function, not a component (issue 53: a component type costs about 1 KB gzip).
pub fn context_list(catalogue: Cat) -> Html {
    let lang = format::page_lang();
    let t = lang.strings();
    let rows = context(catalogue.0);
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
                        data-value={row.energy_per_token.value.text()}>
                        <span class="badge">{ t.kind_measured_board }</span>{ " " }
                        <strong>{ format!("{} {}", format::three(row.energy_per_token.value), (t.unit)(crate::figure::Unit::JoulesPerToken)) }</strong>
                        if let Some(r) = &row.energy_per_response {
                            { (t.per_response)(&format::plain(r.value)) }
                        }
                        { format!(" — {}, {} × {}, {}, {}. ",
                            crate::i18n::pick(lang, &m.task, m.task_de.as_deref()), m.cards, crate::i18n::card_name(row.card, lang), m.model,
                            crate::i18n::pick(lang, &m.condition, m.condition_de.as_deref())) }
                        { source_ref(catalogue, &m.source) }
                    </li>
                }
            }) }
            </ul>
            </details>
        </section>
    }
}
