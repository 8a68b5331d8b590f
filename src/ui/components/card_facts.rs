//! A card's published power limits and memory, each with its source.

use super::source::source_ref;
use crate::ui::{format, Cat};
use yew::prelude::*;

/// The facts of the card with catalogue id `card`, or nothing. A function, not a component (issue 53:
/// one component type fewer in the wasm), in the page's language (`format::page_lang`).
pub fn card_facts(catalogue: Cat, card: &str) -> Html {
    let lang = format::page_lang();
    let t = lang.strings();
    let Some(card) = catalogue.0.card(card) else { return html! {} };
    let source = |id: &crate::catalogue::Text| source_ref(catalogue, id);
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
            { for card.power_modes.iter().map(|m| html! {
                <>
                    <dt>{ crate::i18n::pick(lang, &m.label, m.label_de.as_deref()) }</dt>
                    <dd data-testid="card-power-mode">
                        { match m.min_watts {
                            Some(min) => format!("{} – {} W", format::plain(min), format::plain(m.max_watts)),
                            None => format!("{} W", format::plain(m.max_watts)),
                        } }
                        { " · " }{ source(&m.source) }
                    </dd>
                </>
            }) }
            if let Some(memory) = &card.memory {
                <dt>{ t.fact_memory }</dt>
                <dd>{ (t.decimal)(&memory.text) }{ " · " }{ source(&memory.source) }</dd>
            }
            if !catalogue.0.has_measurement(&card.id) {
                <dt>{ t.fact_measured }</dt>
                <dd data-testid="no-measurement">{ (t.no_measurement)(&catalogue.0.meta.data_version) }
                    if let Some(gap) = catalogue.0.round_gap(&card.id) {
                        { " " }<span class="round-gap" data-testid="round-gap">{ (t.round_gap)(
                            gap.newest.0,
                            &long_date(lang, gap.newest.1),
                            &gap.rounds.iter().map(|(r, d)| format!("{r} ({})", d.get(..4).unwrap_or(d))).collect::<Vec<_>>().join(", "),
                        ) }</span>
                    }
                </dd>
            }
        </dl>
    }
}

/// Reads a delivered card's range (quoted as typed in a shell, not words).
pub const NVIDIA_SMI_QUERY: &str = "nvidia-smi -q -d POWER";
/// Sets a limit: 450 W on GPU 0.
pub const NVIDIA_SMI_SET: &str = "nvidia-smi -i 0 -pl 450";

/// How an operator reads and sets the limits of the card in front of them (issue 28.1), folded:
/// beside the power-limit field and in "Measure your own". A function, not a component (issue 53).
pub fn limit_guide(catalogue: Cat) -> Html {
    let t = format::page_lang().strings();
    let [smi, dcgm, modes] = crate::form::LIMIT_GUIDE_SOURCES;
    let source = |id: &'static str| source_ref(catalogue, id);
    html! {
        <details class="fold limit-guide" data-testid="limit-guide">
            <summary>{ t.lg_summary }</summary>
            <ul>
                <li><code>{ NVIDIA_SMI_QUERY }</code>{ " " }{ t.lg_query }{ " " }{ source(smi) }{ " · " }{ source(modes) }</li>
                <li><code>{ NVIDIA_SMI_SET }</code>{ " " }{ t.lg_set }{ " " }{ source(smi) }</li>
                <li>{ t.lg_check }{ " " }<code>{ crate::measure::dcgm::ENFORCED_LIMIT }</code>{ ". " }{ source(dcgm) }</li>
            </ul>
        </details>
    }
}

/// "2026-04-01" as the page writes a date ("1 April 2026", "1. April 2026"); anything else as given.
fn long_date(lang: crate::i18n::Lang, iso: &str) -> String {
    let mut parts = iso.splitn(3, '-').map(str::parse::<u32>);
    match (parts.next(), parts.next(), parts.next()) {
        (Some(Ok(y)), Some(Ok(m)), Some(Ok(d))) => crate::i18n::intl::long_date(y as i32, m, d, lang),
        _ => iso.to_owned(),
    }
}
