//! A short citation that points to the full entry in the footer's source list.

use crate::ui::Cat;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SourceRefProps {
    pub catalogue: Cat,
    pub id: AttrValue,
}

#[function_component(SourceRef)]
pub fn source_ref(props: &SourceRefProps) -> Html {
    let text = props
        .catalogue
        .0
        .source(&props.id)
        .map_or_else(|| props.id.to_string(), |s| format!("{}, {}", s.publisher, s.date));
    html! { <a class="source-ref" translate="no" href={format!("#source-{}", props.id)}>{ text }</a> }
}
