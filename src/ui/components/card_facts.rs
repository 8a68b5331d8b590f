//! A card's published power limits and memory, each with its source.

use super::source::SourceRef;
use crate::ui::words::{use_lang, use_strings};
use crate::ui::{format, Cat};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct CardFactsProps {
    pub catalogue: Cat,
    /// Catalogue id of the card.
    pub card: AttrValue,
}

#[function_component(CardFacts)]
pub fn card_facts(props: &CardFactsProps) -> Html {
    let t = use_strings();
    let lang = use_lang();
    let Some(card) = props.catalogue.0.card(&props.card) else { return html! {} };
    let source = |id: &crate::catalogue::Text| html! { <SourceRef catalogue={props.catalogue} id={id.clone()} /> };
    html! {
        <dl class="card-facts" data-testid="card-facts">
            <dt>{ t.fact_max }</dt>
            <dd data-testid="card-max">{ format!("{} W", format::plain(card.max_power.watts)) }{ " · " }{ source(&card.max_power.source) }</dd>
            <dt>{ t.fact_min }</dt>
            <dd data-testid="card-min">
                if let Some(m) = &card.min_power {
                    { format!("{} W", format::plain(m.watts)) }{ " · " }{ source(&m.source) }
                } else {
                    { t.fact_unpublished }
                }
            </dd>
            { for card.other_limits.iter().map(|l| html! {
                <>
                    <dt>{ crate::i18n::pick(lang, &l.label, l.label_de.as_deref()) }</dt>
                    <dd>{ format!("{} W", format::plain(l.watts)) }{ " · " }{ source(&l.source) }</dd>
                </>
            }) }
            if let Some(memory) = &card.memory {
                <dt>{ t.fact_memory }</dt>
                <dd>{ (t.decimal)(&memory.text) }{ " · " }{ source(&memory.source) }</dd>
            }
        </dl>
    }
}
