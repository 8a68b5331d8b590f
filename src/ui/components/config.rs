//! The configuration form: card, throughput source, cards, servers and power limit.

use super::card_facts::CardFacts;
use crate::catalogue::{Benchmark, Scenario};
use crate::form::{watts_range, Field, Form, InputError, ThroughputChoice};
use crate::ui::app::{Action, Dispatch, OWN};
use crate::ui::{format, Cat};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ConfigProps {
    pub catalogue: Cat,
    pub form: Form,
    pub errors: Vec<InputError>,
    pub on_action: Dispatch,
}

fn error_for(errors: &[InputError], field: Field) -> Option<&InputError> {
    errors.iter().find(|e| e.field == field)
}

/// The message under a field, in an alert region so a screen reader announces it.
fn error_view(errors: &[InputError], field: Field) -> Html {
    match error_for(errors, field) {
        Some(e) => html! {
            <p class="error" role="alert" id={format!("error-{}", field.id())} data-testid={format!("error-{}", field.id())}>
                { e.to_string() }
            </p>
        },
        None => html! {},
    }
}

fn select_input(on_action: &Dispatch, make: fn(String) -> Action) -> Callback<Event> {
    let dispatch = on_action.clone();
    Callback::from(move |e: Event| dispatch.dispatch(make(e.target_unchecked_into::<HtmlSelectElement>().value())))
}

fn text_input(on_action: &Dispatch, make: fn(String) -> Action) -> Callback<InputEvent> {
    let dispatch = on_action.clone();
    Callback::from(move |e: InputEvent| dispatch.dispatch(make(e.target_unchecked_into::<HtmlInputElement>().value())))
}

/// A labelled number field; `aria-invalid` and `aria-describedby` point at its error.
fn number_field(field: Field, value: &str, errors: &[InputError], hint: &str, oninput: Callback<InputEvent>) -> Html {
    let invalid = error_for(errors, field).is_some();
    let id = field.id();
    html! {
        <div class={classes!("field", invalid.then_some("invalid"))}>
            <label for={id}>{ field.label() }</label>
            <input id={id} data-testid={id} type="text" inputmode="decimal" autocomplete="off"
                value={value.to_owned()} {oninput}
                aria-invalid={invalid.to_string()}
                aria-describedby={if invalid { format!("error-{id}") } else { format!("hint-{id}") }} />
            <p class="hint" id={format!("hint-{id}")}>{ hint.to_owned() }</p>
            { error_view(errors, field) }
        </div>
    }
}

#[function_component(ConfigPanel)]
pub fn config_panel(props: &ConfigProps) -> Html {
    let catalogue = props.catalogue.0;
    let form = &props.form;
    let errors = &props.errors;
    let on_action = &props.on_action;
    let card = catalogue.card(&form.card);
    let result_value = match &form.throughput {
        ThroughputChoice::Published(id) => id.clone(),
        ThroughputChoice::Own => OWN.to_owned(),
    };
    let entries = catalogue.entries_for_card(&form.card);
    let (min, max) = card.map(watts_range).map_or((None, 0.0), |r| (r.min, r.max));
    let slider_value = form.watts.trim().parse::<f64>().ok().filter(|w| w.is_finite()).unwrap_or(max);

    html! {
        <section class="config" aria-labelledby="config-title">
            <h2 id="config-title">{ "Configuration" }</h2>
            <div class="field">
                <label for="card">{ Field::Card.label() }</label>
                <select id="card" data-testid="card" onchange={select_input(on_action, Action::Card)}>
                    { for catalogue.cards.iter().map(|c| html! {
                        <option value={c.id.clone()} selected={c.id == form.card}>{ &*c.name }</option>
                    }) }
                </select>
                { error_view(errors, Field::Card) }
            </div>
            if card.is_some() {
                <CardFacts catalogue={props.catalogue} card={form.card.clone()} />
            }
            <div class="field">
                <label for="result">{ "Throughput" }</label>
                <select id="result" data-testid="result" onchange={select_input(on_action, Action::Result)}>
                    { for entries.iter().map(|r| html! {
                        <option value={r.id.clone()} selected={r.id == result_value}>
                            { format!("MLPerf {} · {} · {} × {}", r.id, r.submitter, r.accelerators, r.weights.to_ascii_uppercase()) }
                        </option>
                    }) }
                    <option value={OWN} selected={result_value == OWN}>{ "My own measured throughput" }</option>
                </select>
                { error_view(errors, Field::Result) }
            </div>
            if matches!(form.throughput, ThroughputChoice::Published(_)) {
                <div class="pair">
                    <div class="field">
                        <label for="scenario">{ Field::Scenario.label() }</label>
                        <select id="scenario" data-testid="scenario" onchange={select_input(on_action, Action::Scenario)}
                            aria-invalid={error_for(errors, Field::Scenario).is_some().to_string()}>
                            { for Scenario::ALL.iter().map(|s| html! {
                                <option value={s.id()} selected={*s == form.scenario}>{ s.label() }</option>
                            }) }
                        </select>
                    </div>
                    <div class="field">
                        <label for="model">{ Field::Model.label() }</label>
                        <select id="model" data-testid="model" onchange={select_input(on_action, Action::Model)}>
                            { for Benchmark::ALL.iter().map(|b| html! {
                                <option value={b.id()} selected={*b == form.benchmark}>{ b.id() }</option>
                            }) }
                        </select>
                    </div>
                </div>
                { error_view(errors, Field::Scenario) }
            } else {
                { number_field(Field::Tps, &form.tps, errors, "Output tokens per second that one server produced at the power limit below.", text_input(on_action, Action::Tps)) }
            }
            <div class="pair">
                { number_field(Field::Gpus, &form.gpus, errors, "1 to 64", text_input(on_action, Action::Gpus)) }
                { number_field(Field::Servers, &form.servers, errors, "1 to 100,000", text_input(on_action, Action::Servers)) }
            </div>
            { number_field(Field::Watts, &form.watts, errors,
                &match min { Some(min) => format!("W per card, {} to {} W", format::plain(min), format::plain(max)),
                             None => format!("W per card, up to {} W", format::plain(max)) },
                text_input(on_action, Action::Watts)) }
            if card.is_some() {
                <div class="slider">
                    <label for="watts-slider" class="visually-hidden">{ "Power limit per card, slider" }</label>
                    <input id="watts-slider" data-testid="watts-slider" type="range"
                        min={min.unwrap_or(5.0).to_string()} max={max.to_string()} step="5"
                        value={slider_value.clamp(min.unwrap_or(5.0), max).to_string()}
                        oninput={text_input(on_action, Action::Watts)} />
                </div>
            }
        </section>
    }
}
