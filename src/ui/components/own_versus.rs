//! The measurement against the calculator: at the run's own throughput (the measured GPUs at the
//! configured limit ÷ the run's tokens/s, which a board measurement cannot exceed), against the
//! published figure (the ceiling at the published throughput, with why a run can exceed it), and the
//! average board power's share of the limit. The arithmetic is `measure`'s; this only words it.

use crate::figure::Figure;
use crate::measure::{ceiling_at_own_throughput, other_card, versus_ceiling, versus_limit, Measurement};
use crate::ui::{format, Cat};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct OwnVersusProps {
    pub catalogue: Cat,
    /// The configured card's id.
    pub card: AttrValue,
    /// Switches the calculator to another card (its id).
    pub on_card: Callback<String>,
    pub measurement: Measurement,
    /// The calculator's J/token ceiling for the configured card, limit and throughput.
    pub ceiling: Option<Figure>,
    /// The configured power limit per card, W.
    pub limit_watts: Option<f64>,
    /// The throughput the ceiling was taken at, tokens/s.
    pub throughput: Option<f64>,
}

#[function_component(OwnVersus)]
pub fn own_versus(props: &OwnVersusProps) -> Html {
    let lang = crate::ui::words::use_lang();
    let words = lang.strings();
    let m = &props.measurement;
    let three = |v: f64| format::three(v);
    // At the run's own throughput: every measured GPU at the configured limit ÷ the run's tokens/s.
    let own_ceiling = props.limit_watts.and_then(|w| ceiling_at_own_throughput(m, w).map(|c| (c, w)));
    let versus_own = m.j_per_token.as_ref().zip(own_ceiling.as_ref()).and_then(|(own, (ceiling, w))| {
        let pct = versus_ceiling(own, ceiling)?;
        let tps = m.tokens_per_s.as_ref()?.value;
        let text = (words.versus_own_ceiling)(
            &three(pct.value),
            &three(ceiling.value),
            m.gpus.len(),
            &crate::i18n::number(lang, *w),
            &three(tps),
        );
        Some((pct, text))
    });
    // Against the published figure: the calculator's ceiling at the published throughput.
    let versus = m.j_per_token.as_ref().zip(props.ceiling.as_ref()).and_then(|(own, ceiling)| {
        let pct = versus_ceiling(own, ceiling)?;
        let range = ceiling.low.is_some();
        let text = match (props.throughput, m.tokens_per_s.as_ref()) {
            (Some(published), Some(run)) => (words.versus_published)(
                &three(pct.value),
                &three(ceiling.value),
                &format::plain(published),
                &three(run.value),
                range,
            ),
            _ => (words.versus_ceiling)(&three(pct.value), &three(ceiling.value), range),
        };
        Some((pct, text))
    });
    let of_limit = m
        .average_power_per_gpu
        .as_ref()
        .zip(props.limit_watts)
        .and_then(|(p, w)| versus_limit(p, w).map(|pct| (pct, w)));
    let configured = props.catalogue.0.card(&props.card).map_or(props.card.to_string(), |c| c.name.to_string());
    let other = other_card(m, props.catalogue.0, &props.card).map(|o| {
        let target =
            o.card.as_deref().and_then(|id| props.catalogue.0.card(id)).map(|c| (c.id.to_string(), c.name.to_string()));
        (o, target)
    });
    html! {
        <>
            if let Some((o, target)) = other {
                <p class="versus other-card" data-testid="own-other-card">
                    { (words.other_card)(&o.pasted, &configured, target.is_some()) }
                    if let Some((id, name)) = target {
                        { " " }
                        <button type="button" data-testid="own-use-card" onclick={
                            let on_card = props.on_card.clone();
                            Callback::from(move |_: MouseEvent| on_card.emit(id.clone()))
                        }>{ (words.use_card)(&name) }</button>
                    }
                </p>
            }
            if let Some((pct, text)) = versus_own {
                <p class="versus" data-testid="own-vs-own-ceiling" data-value={pct.value.to_string()}
                    data-ceiling={own_ceiling.as_ref().map(|(c, _)| c.value.to_string())}>{ text }</p>
            }
            if let Some((pct, text)) = versus {
                <p class="versus" data-testid="own-vs-ceiling" data-value={pct.value.to_string()}>{ text }</p>
            }
            if let Some((pct, w)) = of_limit {
                <p class="versus" data-testid="own-vs-limit" data-value={pct.value.to_string()}>
                    { (words.versus_limit)(&three(pct.value), &crate::i18n::number(lang, w)) }
                </p>
            }
        </>
    }
}
