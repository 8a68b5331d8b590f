//! The configuration form: card, throughput source, scenario, benchmark, cards, servers and power
//! limit. Every choice sends an `Edit`; messages for typed numbers appear once typing pauses or the
//! field is left.

use super::card_facts::{CardFacts, LimitGuide};
use super::choice::{Choice, Opt};
use super::number_field::NumberField;
use crate::catalogue::{Benchmark, Scenario};
use crate::form::{slider_in, Adjustment, Edit, Field, Form, InputError, LimitNote, ThroughputChoice, OWN_THROUGHPUT};
use crate::i18n::{self, number, Strings};
use crate::model::result_label;
use crate::ui::words::use_lang;
use crate::ui::Cat;
use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ConfigProps {
    pub catalogue: Cat,
    /// The embedded widget: the form without the card's facts (the figures cite its rating).
    #[prop_or_default]
    pub compact: bool,
    pub form: Form,
    /// The messages shown now (typing paused, field left, or bad in the link).
    pub errors: Vec<InputError>,
    pub adjustments: Vec<Adjustment>,
    pub on_edit: Callback<Edit>,
    pub on_reveal: Callback<Field>,
    pub on_dismiss_adjustments: Callback<()>,
}

fn error_for(errors: &[InputError], field: Field) -> Option<&InputError> {
    errors.iter().find(|e| e.field == field)
}

/// The message under a choice, in an alert region so a screen reader announces it.
fn error_view(t: &'static Strings, errors: &[InputError], field: Field) -> Html {
    match error_for(errors, field) {
        Some(e) => html! {
            <p class="error" role="alert" id={format!("error-{}", field.id())} data-testid={format!("error-{}", field.id())}>
                { (t.input_error)(e) }
            </p>
        },
        None => html! {},
    }
}

fn adjustments_view(t: &'static Strings, adjustments: &[Adjustment], on_dismiss: &Callback<()>) -> Html {
    if adjustments.is_empty() {
        return html! {};
    }
    let onclick = on_dismiss.reform(|_: MouseEvent| ());
    html! {
        <div class="adjusted" role="status" data-testid="adjusted">
            <ul>{ for adjustments.iter().map(|a| html! { <li>{ (t.adjustment)(a) }</li> }) }</ul>
            <button type="button" class="quiet" data-testid="dismiss-adjusted" {onclick}>{ t.ok }</button>
        </div>
    }
}

#[function_component(ConfigPanel)]
pub fn config_panel(props: &ConfigProps) -> Html {
    let lang = use_lang();
    let t = lang.strings();
    let catalogue = props.catalogue.0;
    let form = &props.form;
    let errors = &props.errors;
    let card = catalogue.card(&form.card);
    let published = match &form.throughput {
        ThroughputChoice::Published(id) => Some(id.as_str()),
        ThroughputChoice::Own => None,
    };
    let emit = |make: fn(String) -> Edit| props.on_edit.reform(make);

    let card_options: Vec<Opt> = catalogue
        .cards
        .iter()
        .map(|c| Opt { value: c.id.to_string().into(), label: crate::i18n::card_name(c, lang).into(), disabled: false })
        .collect();
    let mut result_options: Vec<Opt> = catalogue
        .entries_for_card(&form.card)
        .iter()
        .map(|r| Opt {
            value: r.id.to_string().into(),
            label: i18n::result_label(lang, &result_label(r, card)).into(),
            disabled: false,
        })
        .collect();
    result_options.push(Opt { value: OWN_THROUGHPUT.into(), label: t.own_throughput.into(), disabled: false });
    let scenario_options: Vec<Opt> = Scenario::ALL
        .iter()
        .map(|s| {
            let missing = published.is_some_and(|id| catalogue.result(id, form.benchmark, *s).is_none());
            let label = format!("{}{}", (t.scenario)(*s), if missing { t.not_published } else { "" });
            Opt { value: s.id().into(), label: label.into(), disabled: missing }
        })
        .collect();
    let benchmark_options: Vec<Opt> = Benchmark::ALL
        .iter()
        .map(|b| {
            let missing = published.is_some_and(|id| !catalogue.entry(id).any(|r| r.benchmark == *b));
            let accuracy = b.accuracy().map(t.accuracy).unwrap_or_default();
            let label = format!("{}{accuracy}{}", b.name(), if missing { t.not_published } else { "" });
            Opt { value: b.id().into(), label: label.into(), disabled: missing }
        })
        .collect();
    let watts_slider = card.map(|c| slider_in(form.reading(), c, &form.watts));
    // What the typed limit needs said: nothing published below it, or above a power mode's maximum.
    let limit_notes = match (card, crate::form::parse_decimal_in(form.reading(), Field::Watts, &form.watts)) {
        (Some(c), Ok(w)) if error_for(errors, Field::Watts).is_none() => crate::form::limit_notes(catalogue, c, w)
            .into_iter()
            .map(|n| match n {
                LimitNote::Unpublished { lowest_watts } => {
                    ("limit-unpublished", (t.limit_unpublished)(&number(lang, lowest_watts)))
                }
                LimitNote::AboveMode { mode, max_watts } => {
                    let label =
                        c.power_modes.get(mode).map(|m| crate::i18n::pick(lang, &m.label, m.label_de.as_deref()));
                    ("limit-above-mode", (t.limit_above_mode)(label.unwrap_or_default(), &number(lang, max_watts)))
                }
            })
            .collect::<Vec<_>>(),
        _ => Vec::new(),
    };
    let on_slider = {
        let on_edit = props.on_edit.clone();
        let on_reveal = props.on_reveal.clone();
        Callback::from(move |e: InputEvent| {
            on_edit.emit(Edit::Text(Field::Watts, e.target_unchecked_into::<HtmlInputElement>().value()));
            on_reveal.emit(Field::Watts);
        })
    };
    let number_field = |field: Field, value: &str, hint: String| {
        html! {
            <NumberField {field} value={AttrValue::from(value.to_owned())} {hint}
                error={error_for(errors, field).map(|e| AttrValue::from((t.input_error)(e)))}
                on_edit={props.on_edit.clone()} on_reveal={props.on_reveal.clone()} />
        }
    };
    let hint = |field: Field| field.range(card).map(|r| (t.hint)(&r)).unwrap_or_default();

    let fields = html! {
        <>
            { adjustments_view(t, &props.adjustments, &props.on_dismiss_adjustments) }
            <Choice id="card" label={(t.field)(Field::Card)} options={card_options} value={AttrValue::from(form.card.clone())}
                on_change={emit(Edit::Card)} invalid={error_for(errors, Field::Card).is_some()} />
            { error_view(t, errors, Field::Card) }
            if card.is_some() && !props.compact {
                <CardFacts catalogue={props.catalogue} card={form.card.clone()} />
            }
            <Choice id="result" label={t.throughput_label} options={result_options}
                value={AttrValue::from(form.throughput_value().to_owned())} on_change={emit(Edit::Throughput)}
                invalid={error_for(errors, Field::Result).is_some()} described_by={Some(AttrValue::from("hint-result"))} />
            <p class="hint" id="hint-result">{ t.hint_result }</p>
            { error_view(t, errors, Field::Result) }
            if published.is_some() {
                // The benchmark takes its own row: its name and accuracy target are not cut short.
                <div class="pair scenario-pair">
                    <Choice id="scenario" label={(t.field)(Field::Scenario)} options={scenario_options}
                        value={AttrValue::from(form.scenario.id())} on_change={emit(Edit::Scenario)}
                        invalid={error_for(errors, Field::Scenario).is_some()} described_by={Some(AttrValue::from("hint-scenario"))} />
                    <Choice id="model" label={(t.field)(Field::Model)} options={benchmark_options}
                        value={AttrValue::from(form.benchmark.id())} on_change={emit(Edit::Benchmark)} />
                </div>
                <p class="hint" id="hint-scenario" data-testid="scenario-explained">
                    { format!("{}: {}.", (t.scenario)(form.scenario), (t.scenario_explanation)(form.scenario, crate::latency::bound(form.benchmark, form.scenario))) }
                    { t.which_scenario }
                </p>
                { error_view(t, errors, Field::Scenario) }
            } else {
                { number_field(Field::Tps, &form.tps, t.tps_hint.to_owned()) }
            }
            <div class="pair">
                { number_field(Field::Gpus, &form.gpus, hint(Field::Gpus)) }
                { number_field(Field::Servers, &form.servers, hint(Field::Servers)) }
            </div>
            { number_field(Field::Watts, &form.watts, match card.and_then(|c| Field::Watts.range(Some(c))) {
                Some(r) => format!("{}{}", (t.hint)(&r), t.per_card),
                None => String::new(),
            }) }
            if let Some(s) = watts_slider {
                <div class="slider">
                    <label for="watts-slider" class="visually-hidden">{ t.slider_label }</label>
                    <input id="watts-slider" data-testid="watts-slider" type="range"
                        min={s.min.to_string()} max={s.max.to_string()} step={s.step.to_string()}
                        value={s.value.to_string()} aria-valuetext={format!("{} W", number(lang, s.value))}
                        oninput={on_slider} />
                </div>
            }
            // Always one element, so a note coming or going never shifts the fields before it
            // (Yew pairs unkeyed siblings from the end) and the typed field keeps its focus.
            <div class="limit-notes">
                { for limit_notes.into_iter().map(|(id, words)| html! {
                    <p class="notice" role="status" data-testid={id}>{ words }</p>
                }) }
            </div>
            if card.is_some() && !props.compact {
                <LimitGuide catalogue={props.catalogue} />
            }
        </>
    };
    html! {
        <section class="config" aria-labelledby="config-title">
            if props.compact {
                // The widget leads with its figures; the form folds away until a person opens it
                // (open while a field has a message).
                <details class="fold" open={!errors.is_empty()} data-testid="config-fold">
                    <summary><h2 id="config-title">{ t.config_title }</h2></summary>
                    { fields }
                </details>
            } else {
                <h2 id="config-title">{ t.config_title }</h2>
                { fields }
            }
        </section>
    }
}
