//! The measurement against the calculator: at the run's own throughput (the measured GPUs at the
//! limit ÷ the run's tokens/s, which a board measurement cannot exceed), against the published
//! figure (the ceiling at the published throughput, with the throughput per GPU on both sides), and
//! the average board power's share of the limit — the run's own limit where typed, else the
//! calculator's, named either way (issue 39). A run above its limit is an alert naming the fields
//! likely wrong; counters naming another model than the benchmark's say so where the percentage
//! stands. The arithmetic is `measure`'s; this only words it.

use crate::catalogue::Benchmark;
use crate::figure::Figure;
use crate::float::Text;
use crate::i18n::{Lang, PaceWords};
use crate::measure::versus::{self, Limit, OtherModel};
use crate::measure::{other_card, versus_ceiling, Measurement};
use crate::ui::{format, Cat};
use yew::prelude::*;

/// What [`own_versus`] draws.
pub struct OwnVersusProps {
    pub catalogue: Cat,
    /// The configured card's id.
    pub card: AttrValue,
    /// Switches the calculator to another card (its id).
    pub on_card: Callback<String>,
    pub measurement: Measurement,
    /// The calculator's J/token ceiling for the configured card, limit and throughput.
    pub ceiling: Option<Figure>,
    /// The limit the comparisons use: the run's where typed, else the calculator's.
    pub limit: Option<Limit>,
    /// The throughput the ceiling was taken at (per server), tokens/s.
    pub throughput: Option<f64>,
    /// The cards per server that throughput is for.
    pub cards: Option<u32>,
    /// The configured result's benchmark.
    pub benchmark: Option<Benchmark>,
    /// The customer's own model as typed in the calculator, and its proxy's benchmark.
    pub own_model: AttrValue,
    pub proxy: Option<Benchmark>,
    /// Takes a pasted model name as the customer's own model.
    pub on_own_model: Callback<String>,
    /// The measured card's rating, where the catalogue lists the card the GPUs name (issue 51).
    pub rating: Option<versus::Rating>,
    /// Switches the calculator to a published result of the benchmark the counters' model is (issue 51).
    pub on_benchmark: Callback<versus::BenchmarkSwitch>,
}

/// The run set against the calculator's figures. A function, not a component (issue 53: one
/// component type fewer in the wasm), in the page's language (`format::page_lang`).
pub fn own_versus(props: OwnVersusProps) -> Html {
    let props = &props;
    let lang = crate::ui::format::page_lang();
    let m = &props.measurement;
    let above = props.limit.and_then(|l| versus::above_limit(m, l));
    // The model the counters name against the benchmark's.
    let other_model = versus::other_model(m, props.benchmark);
    let configured =
        props.catalogue.0.card(&props.card).map_or(props.card.to_string(), |c| crate::i18n::card_name(c, lang));
    html! {
        <>
            { other_card_view(lang, props, &configured) }
            { above_rating_view(lang, props) }
            if let Some(a) = &above {
                <p class="error" role="alert" data-testid="own-above-limit" data-value={a.percent.text()}>
                    { (lang.strings().above_limit)(&format::three(a.watts), &format::three(a.percent), &crate::i18n::number(lang, a.limit.watts), &a.suspects, &configured) }
                </p>
            }
            { other_model_view(lang, props, other_model.as_ref()) }
            { versus_own_view(lang, props, above.is_some()) }
            { versus_published_view(lang, props, other_model.as_ref().map(|o| o.benchmark.name())) }
            { share_of_limit_view(lang, props) }
        </>
    }
}

/// The card the counters name, where it is not the configured one, with a switch to it.
fn other_card_view(lang: Lang, props: &OwnVersusProps, configured: &str) -> Html {
    let m = &props.measurement;
    let Some(o) = other_card(m, props.catalogue.0, &props.card) else { return html! {} };
    let target = o
        .card
        .as_deref()
        .and_then(|id| props.catalogue.0.card(id))
        .map(|c| (c.id.to_string(), crate::i18n::card_name(c, lang)));
    let words = lang.strings();
    html! {
        <p class="versus other-card" data-testid="own-other-card">
            { (words.other_card)(&o.pasted, configured, target.is_some()) }
            if let Some((id, name)) = target {
                { " " }
                <button type="button" data-testid="own-use-card" onclick={
                    let on_card = props.on_card.clone();
                    Callback::from(move |_: MouseEvent| on_card.emit(id.clone()))
                }>{ (words.use_card)(&name) }</button>
            }
        </p>
    }
}

/// Issue 51: a run averaging above the measured card's own rating (plus the readings' accuracy),
/// whatever card the calculator shows.
fn above_rating_view(lang: Lang, props: &OwnVersusProps) -> Html {
    let Some(r) = props.rating.as_ref() else { return html! {} };
    let Some(watts) = versus::above_rating(&props.measurement, r) else { return html! {} };
    html! {
        <p class="error" role="alert" data-testid="own-above-rating" data-value={watts.text()} data-rating={r.watts.text()}>
            { (lang.strings().above_rating)(&format::three(watts), &r.card, &crate::i18n::number(lang, r.watts)) }
        </p>
    }
}

/// The model the counters name, where it is not the benchmark's: the customer-model proxy where
/// the calculator has one for another benchmark; else the pasted model can be taken as the
/// customer's own, for the calculator to find one.
fn other_model_view(lang: Lang, props: &OwnVersusProps, other_model: Option<&OtherModel>) -> Html {
    let Some(o) = other_model else { return html! {} };
    let words = lang.strings();
    let own_model = props.own_model.trim();
    let proxy_line = props
        .proxy
        .filter(|p| p.name() != o.benchmark.name() && !own_model.is_empty())
        .map(|proxy| (words.model_proxy)(own_model, proxy.name()));
    // Issue 51: the catalogue's benchmark of the pasted model where it has one; else the pasted model
    // taken as the customer's own.
    let switch = versus::benchmark_for(o, props.catalogue.0, &props.card);
    let take_model = o
        .pasted
        .first()
        .filter(|name| switch.is_none() && own_model.is_empty() && name.chars().count() <= 200)
        .cloned();
    html! {
        <p class="versus other-model" role="status" data-testid="own-other-model">
            { (words.other_model)(&o.pasted.join(", "), o.benchmark.name()) }
            if let Some(line) = proxy_line {
                { " " }<span data-testid="own-model-proxy">{ line }</span>
            }
            if let Some(s) = switch {
                { " " }
                <button type="button" data-testid="own-use-benchmark" data-benchmark={s.benchmark.id()} onclick={
                    let on_benchmark = props.on_benchmark.clone();
                    let s = s.clone();
                    Callback::from(move |_: MouseEvent| on_benchmark.emit(s.clone()))
                }>{ (words.use_benchmark)(s.benchmark.name(), &s.pasted) }</button>
            }
            if let Some(name) = take_model {
                { " " }
                <button type="button" data-testid="own-use-model" onclick={
                    let on_own_model = props.on_own_model.clone();
                    let name = name.clone();
                    Callback::from(move |_: MouseEvent| on_own_model.emit(name.clone()))
                }>{ (words.use_model)(&name) }</button>
            }
        </p>
    }
}

/// At the run's own throughput: every measured GPU at the limit ÷ the run's tokens/s.
fn versus_own_view(lang: Lang, props: &OwnVersusProps, above: bool) -> Html {
    let m = &props.measurement;
    let three = |v: f64| format::three(v);
    let own_ceiling = props.limit.and_then(|l| versus::ceiling_at(m, l).map(|c| (c, l)));
    let versus_own = m.j_per_token.as_ref().zip(own_ceiling.as_ref()).and_then(|(own, (ceiling, l))| {
        let pct = versus_ceiling(own, ceiling)?;
        let tps = m.tokens_per_s.as_ref()?.value;
        let text = (lang.strings().versus_own_ceiling)(
            &three(pct.value),
            &three(ceiling.value),
            m.gpus.len(),
            &crate::i18n::number(lang, l.watts),
            &three(tps),
            l.from,
            above,
        );
        Some((pct, text))
    });
    let Some((pct, text)) = versus_own else { return html! {} };
    html! {
        <p class="versus" data-testid="own-vs-own-ceiling" data-value={pct.value.text()}
            data-ceiling={own_ceiling.as_ref().map(|(c, _)| c.value.text())}
            data-limit-from={own_ceiling.as_ref().map(|(_, l)| limit_id(*l))}>{ text }</p>
    }
}

/// Against the published figure: the calculator's ceiling at the published throughput, with the
/// throughput per GPU on both sides where it is known.
fn versus_published_view(lang: Lang, props: &OwnVersusProps, other_benchmark: Option<&'static str>) -> Html {
    let (words, m) = (lang.strings(), &props.measurement);
    let three = |v: f64| format::three(v);
    let per_gpu = versus::per_gpu(m, props.throughput, props.cards);
    let versus = m.j_per_token.as_ref().zip(props.ceiling.as_ref()).and_then(|(own, ceiling)| {
        let pct = versus_ceiling(own, ceiling)?;
        let range = ceiling.low.is_some();
        let text = match &per_gpu {
            Some(p) => {
                let (run, run_total, published, published_total) =
                    (three(p.run), three(p.run_total), three(p.published), format::plain(p.published_total));
                let pace = PaceWords {
                    run: &run,
                    run_total: &run_total,
                    run_gpus: p.run_gpus,
                    published: &published,
                    published_total: &published_total,
                    published_cards: p.published_cards,
                    pace: p.pace,
                };
                (words.versus_published)(&three(pct.value), &three(ceiling.value), range, other_benchmark, &pace)
            }
            None => (words.versus_ceiling)(
                &three(pct.value),
                &three(ceiling.value),
                range,
                other_benchmark,
                m.tokens_per_s.is_some(),
            ),
        };
        Some((pct, text))
    });
    let Some((pct, text)) = versus else { return html! {} };
    html! {
        <p class="versus" data-testid="own-vs-ceiling" data-value={pct.value.text()}
            data-other-model={other_benchmark.is_some().then_some("true")}
            data-run-per-gpu={per_gpu.as_ref().map(|p| p.run.text())}
            data-published-per-gpu={per_gpu.as_ref().map(|p| p.published.text())}>{ text }</p>
    }
}

/// The average board power's share of the limit.
fn share_of_limit_view(lang: Lang, props: &OwnVersusProps) -> Html {
    let of_limit = props
        .measurement
        .average_power_per_gpu
        .as_ref()
        .zip(props.limit)
        .and_then(|(p, l)| versus::share_of_limit(p, l).map(|pct| (pct, l)));
    let Some((pct, l)) = of_limit else { return html! {} };
    html! {
        <p class="versus" data-testid="own-vs-limit" data-value={pct.value.text()} data-limit-from={limit_id(l)}>
            { (lang.strings().versus_limit)(&format::three(pct.value), &crate::i18n::number(lang, l.watts), l.from) }
        </p>
    }
}

/// Whose limit, for machines (`data-limit-from`).
fn limit_id(limit: Limit) -> &'static str {
    match limit.from {
        versus::LimitFrom::Run => "run",
        versus::LimitFrom::Calculator => "calculator",
    }
}
