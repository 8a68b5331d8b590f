//! A short citation that points to the full entry in the footer's source list.

use crate::i18n::{publisher_is_name, source_publisher, source_short_date};
use crate::ui::Cat;
use yew::prelude::*;

/// "NVIDIA, 2025-04-11" ("NVIDIA, 11. April 2025", "Europäische Kommission, 14. März 2024" on the
/// German page): the publisher (a name kept as written) and the date, in the page's language (the one
/// its numbers are written in, `format::set_lang`). A function, not a component (issue 53: one
/// component type fewer in the wasm); it is drawn with the view that cites the source.
pub fn source_ref(catalogue: Cat, id: &str) -> Html {
    let lang = crate::ui::format::page_lang();
    let href = format!("#source-{id}");
    match catalogue.0.source(id) {
        Some(s) => html! {
            <a class="source-ref" {href}>
                <span translate={publisher_is_name(s, lang).then_some("no")}>{ source_publisher(s, lang) }</span>
                { format!(", {}", source_short_date(s, lang)) }
            </a>
        },
        None => html! { <a class="source-ref" translate="no" {href}>{ id.to_owned() }</a> },
    }
}
