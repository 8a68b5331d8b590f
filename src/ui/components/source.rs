//! A short citation that points to the full entry in the footer's source list.

use crate::i18n::{publisher_is_name, source_publisher, source_short_date};
use crate::ui::words::use_lang;
use crate::ui::Cat;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SourceRefProps {
    pub catalogue: Cat,
    pub id: AttrValue,
}

/// "NVIDIA, 2025-04-11" ("NVIDIA, 11. April 2025", "Europäische Kommission, 14. März 2024" on the
/// German page): the publisher (a name kept as written) and the date, in the page's language.
#[function_component(SourceRef)]
pub fn source_ref(props: &SourceRefProps) -> Html {
    let lang = use_lang();
    let href = format!("#source-{}", props.id);
    match props.catalogue.0.source(&props.id) {
        Some(s) => html! {
            <a class="source-ref" {href}>
                <span translate={publisher_is_name(s, lang).then_some("no")}>{ source_publisher(s, lang) }</span>
                { format!(", {}", source_short_date(s, lang)) }
            </a>
        },
        None => html! { <a class="source-ref" translate="no" {href}>{ props.id.to_string() }</a> },
    }
}
