//! The configuration form: card, throughput source, scenario, benchmark, cards, servers and power
//! limit. Every choice sends an `Edit`; messages for typed numbers appear once typing pauses or the
//! field is left.

use super::card_facts::{card_facts, limit_guide};
use super::choice::{Choice, Opt};
use super::number_field::NumberField;
use crate::catalogue::Scenario;
use crate::float::Text;
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
    pub form: crate::ui::Same<Form>,
    /// The messages shown now (typing paused, field left, or bad in the link).
    pub errors: Vec<InputError>,
    pub adjustments: Vec<Adjustment>,
    pub on_edit: Callback<Edit>,
    pub on_reveal: Callback<Field>,
    pub on_dismiss_adjustments: Callback<()>,
    // issue 52
    /// The vendor's name, where the page has a vendor (its systems are offered first).
    #[prop_or_default]
    pub vendor: Option<AttrValue>,
    /// The whole form in the first render (the prerendered page's hydration); otherwise the power
    /// fields come a task after the card and the throughput (issue 53: a link's form was its longest
    /// task).
    #[prop_or_default]
    pub at_once: bool,
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
    let form = &props.form;
    let published = match &form.throughput {
        ThroughputChoice::Published(id) => Some(id.as_str()),
        ThroughputChoice::Own => None,
    };
    // issue 50: the words typed to narrow the result select, cleared when the card changes.
    let find = use_state(String::new);
    {
        let find = find.clone();
        use_effect_with(form.card.clone(), move |_| {
            if !find.is_empty() {
                find.set(String::new());
            }
        });
    }
    let parts = crate::ui::stage::use_parts(2, props.at_once);
    let view = Config { lang, t, props, card: props.catalogue.0.card(&form.card), published, find };
    let fields = html! {
        <>
            { adjustments_view(t, &props.adjustments, &props.on_dismiss_adjustments) }
            { view.vendor_systems() }
            { view.card() }
            { view.throughput() }
            if parts >= 2 { { view.power() } }
        </>
    };
    html! {
        <section class="config" aria-labelledby="config-title">
            if props.compact {
                // The widget leads with its figures; the form folds away until a person opens it
                // (open while a field has a message).
                <details class="fold" open={!props.errors.is_empty()} data-testid="config-fold">
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

/// One render of the form: the props, the chosen card and the chosen published result.
struct Config<'a> {
    lang: crate::i18n::Lang,
    t: &'static Strings,
    props: &'a ConfigProps,
    card: Option<&'static crate::catalogue::Card>,
    published: Option<&'a str>,
    find: UseStateHandle<String>,
}

impl Config<'_> {
    // issue 52
    /// The vendor's own systems, first: choosing one sets the card and the GPU count.
    fn vendor_systems(&self) -> Html {
        let (lang, t, props) = (self.lang, self.t, self.props);
        let Some(vendor) = props.vendor.as_ref() else { return html! {} };
        let systems: Vec<(&crate::catalogue::Card, &crate::catalogue::System)> = props
            .catalogue
            .0
            .cards
            .iter()
            .flat_map(|c| c.systems.iter().filter(|s| s.vendor).map(move |s| (c, s)))
            .collect();
        if systems.is_empty() {
            return html! {};
        }
        let none = Opt { value: AttrValue::from(""), label: t.vendor_system_none.into(), disabled: false };
        let options: Vec<Opt> = std::iter::once(none)
            .chain(systems.iter().map(|(c, s)| Opt {
                value: s.id.to_string().into(),
                label: (t.vendor_system_option)(&s.name, s.gpus, &crate::i18n::card_name(c, lang)).into(),
                disabled: false,
            }))
            .collect();
        html! {
            <Choice id="system" label={(t.vendor_systems)(vendor)} {options} value={AttrValue::from(props.form.system.clone())}
                on_change={props.on_edit.reform(Edit::System)} invalid={false} />
        }
    }

    /// The card, and its facts.
    fn card(&self) -> Html {
        let (lang, t, props) = (self.lang, self.t, self.props);
        let errors = &props.errors;
        let options: Vec<Opt> = props
            .catalogue
            .0
            .cards
            .iter()
            .map(|c| Opt {
                value: c.id.to_string().into(),
                label: crate::i18n::card_name(c, lang).into(),
                disabled: false,
            })
            .collect();
        html! {
            <>
            <Choice id="card" label={(t.field)(Field::Card)} {options} value={AttrValue::from(props.form.card.clone())}
                on_change={props.on_edit.reform(Edit::Card)} invalid={error_for(errors, Field::Card).is_some()} />
            { error_view(t, errors, Field::Card) }
            if self.card.is_some() && !props.compact {
                { card_facts(props.catalogue, &props.form.card) }
            }
            </>
        }
    }

    /// The throughput: a published result with its scenario and benchmark, or one's own.
    fn throughput(&self) -> Html {
        let (t, props) = (self.t, self.props);
        let (form, errors) = (&props.form, &props.errors);
        html! {
            <>
            { self.result_find() }
            <Choice id="result" label={t.throughput_label} groups={self.result_groups()} options={self.result_options()}
                value={AttrValue::from(form.throughput_value().to_owned())} on_change={props.on_edit.reform(Edit::Throughput)}
                invalid={error_for(errors, Field::Result).is_some()} described_by={Some(AttrValue::from("hint-result"))} />
            <p class="hint" id="hint-result">{ t.hint_result }</p>
            { error_view(t, errors, Field::Result) }
            if self.published.is_some() {
                // The benchmark takes its own row: its name and accuracy target are not cut short.
                <div class="pair scenario-pair">
                    <Choice id="scenario" label={(t.field)(Field::Scenario)} options={self.scenario_options()}
                        value={AttrValue::from(form.scenario.id())} on_change={props.on_edit.reform(Edit::Scenario)}
                        invalid={error_for(errors, Field::Scenario).is_some()} described_by={Some(AttrValue::from("hint-scenario"))} />
                    <Choice id="model" label={(t.field)(Field::Model)} options={self.benchmark_options()}
                        value={AttrValue::from(form.benchmark.id())} on_change={props.on_edit.reform(Edit::Benchmark)} />
                </div>
                <p class="hint" id="hint-scenario" data-testid="scenario-explained">
                    { format!("{}: {}.", (t.scenario)(form.scenario), (t.scenario_explanation)(form.scenario, crate::latency::bound(form.benchmark, form.scenario))) }
                    { t.which_scenario }
                </p>
                { error_view(t, errors, Field::Scenario) }
            } else {
                { self.number(Field::Tps, &form.tps, t.tps_hint.to_owned()) }
            }
            </>
        }
    }

    /// Cards, servers and the power limit, with its slider and notes.
    fn power(&self) -> Html {
        let (lang, t, props, card) = (self.lang, self.t, self.props, self.card);
        let form = &props.form;
        let hint = |field: Field| field.range(card).map(|r| (t.hint)(&r)).unwrap_or_default();
        let on_slider = {
            let on_edit = props.on_edit.clone();
            let on_reveal = props.on_reveal.clone();
            Callback::from(move |e: InputEvent| {
                on_edit.emit(Edit::Text(Field::Watts, e.target_unchecked_into::<HtmlInputElement>().value()));
                on_reveal.emit(Field::Watts);
            })
        };
        html! {
            <>
            <div class="pair">
                { self.number(Field::Gpus, &form.gpus, hint(Field::Gpus)) }
                { self.number(Field::Servers, &form.servers, hint(Field::Servers)) }
            </div>
            { self.number(Field::Watts, &form.watts, match card.and_then(|c| Field::Watts.range(Some(c))) {
                Some(r) => format!("{}{}", (t.hint)(&r), t.per_card),
                None => String::new(),
            }) }
            if let Some(s) = card.map(|c| slider_in(form.reading(), c, &form.watts)) {
                <div class="slider">
                    <label for="watts-slider" class="visually-hidden">{ t.slider_label }</label>
                    <input id="watts-slider" data-testid="watts-slider" type="range"
                        min={s.min.text()} max={s.max.text()} step={s.step.text()}
                        value={s.value.text()} aria-valuetext={format!("{} W", number(lang, s.value))}
                        oninput={on_slider} />
                </div>
            }
            // Always one element, so a note coming or going never shifts the fields before it
            // (Yew pairs unkeyed siblings from the end) and the typed field keeps its focus.
            <div class="limit-notes">
                { for self.limit_notes().into_iter().map(|(id, words)| html! {
                    <p class="notice" role="status" data-testid={id}>{ words }</p>
                }) }
            </div>
            if card.is_some() && !props.compact {
                { limit_guide(props.catalogue) }
            }
            </>
        }
    }

    fn number(&self, field: Field, value: &str, hint: String) -> Html {
        let (t, props) = (self.t, self.props);
        html! {
            <NumberField {field} value={AttrValue::from(value.to_owned())} {hint}
                error={error_for(&props.errors, field).map(|e| AttrValue::from((t.input_error)(e)))}
                on_edit={props.on_edit.clone()} on_reveal={props.on_reveal.clone()} />
        }
    }

    // issue 50
    /// The card's published results by round, newest first, narrowed by the typed words.
    fn result_groups(&self) -> Vec<(AttrValue, Vec<Opt>)> {
        let (lang, t, form) = (self.lang, self.t, &self.props.form);
        let choices = self.props.catalogue.0.result_choices(&form.card, &self.find, self.published);
        // issue 52: the vendor's own submissions first, in a group of their own that names them.
        let vendor = self.props.vendor.as_deref().unwrap_or_default();
        let own = |r: &crate::catalogue::PublishedResult| crate::vendor::is_own_submitter(vendor, &r.submitter);
        let opt = |r: &crate::catalogue::PublishedResult| Opt {
            value: r.id.to_string().into(),
            label: i18n::result_label(lang, &result_label(r, self.card)).into(),
            disabled: false,
        };
        let mine: Vec<Opt> =
            choices.groups.iter().flat_map(|g| g.entries.iter().filter(|r| own(r)).map(|r| opt(r))).collect();
        let first = (!mine.is_empty()).then(|| ((t.vendor_submissions)(vendor).into(), mine));
        first
            .into_iter()
            .chain(choices.groups.iter().map(|g| {
                let options = g.entries.iter().filter(|r| !own(r)).map(|r| opt(r)).collect();
                ((t.round_group)(g.round).into(), options)
            }))
            .filter(|(_, options): &(AttrValue, Vec<Opt>)| !options.is_empty())
            .collect()
    }

    /// The box that narrows the result select, with how many results it finds.
    fn result_find(&self) -> Html {
        let (t, form) = (self.t, &self.props.form);
        let choices = self.props.catalogue.0.result_choices(&form.card, &self.find, self.published);
        if !choices.searchable() {
            return html! {};
        }
        let oninput = {
            let find = self.find.clone();
            Callback::from(move |e: InputEvent| find.set(e.target_unchecked_into::<HtmlInputElement>().value()))
        };
        html! {
            <div class="field result-find">
                <label for="result-find">{ t.result_filter_label }</label>
                <input id="result-find" data-testid="result-find" type="search" autocomplete="off"
                    value={(*self.find).clone()} {oninput} aria-controls="result"
                    aria-describedby="result-find-hint result-find-count" />
                <p class="hint" id="result-find-hint">{ t.result_filter_hint }</p>
                <p class="hint" id="result-find-count" role="status" data-testid="result-find-count">
                    { (t.result_filter_count)(choices.found, choices.all) }
                </p>
            </div>
        }
    }

    /// One's own throughput, after the published results.
    fn result_options(&self) -> Vec<Opt> {
        vec![Opt { value: OWN_THROUGHPUT.into(), label: self.t.own_throughput.into(), disabled: false }]
    }

    /// The scenarios, those the chosen result was not published for disabled.
    fn scenario_options(&self) -> Vec<Opt> {
        let (t, form, catalogue) = (self.t, &self.props.form, self.props.catalogue.0);
        Scenario::ALL
            .iter()
            .map(|s| {
                let missing = self.published.is_some_and(|id| catalogue.result(id, form.benchmark, *s).is_none());
                let label = format!("{}{}", (t.scenario)(*s), if missing { t.not_published } else { "" });
                Opt { value: s.id().into(), label: label.into(), disabled: missing }
            })
            .collect()
    }

    /// The benchmarks the card has results for (issue 48): choosing one the chosen result lacks takes
    /// the card's result that has it.
    fn benchmark_options(&self) -> Vec<Opt> {
        let (t, catalogue, form) = (self.t, self.props.catalogue.0, &self.props.form);
        crate::form::card_benchmarks(catalogue, &form.card, form.benchmark)
            .into_iter()
            .map(|b| {
                let accuracy = b.accuracy().map(t.accuracy).unwrap_or_default();
                let label = format!("{}{accuracy}", b.name());
                Opt { value: b.id().into(), label: label.into(), disabled: false }
            })
            .collect()
    }

    /// What the typed limit needs said: nothing published below it, or above a power mode's maximum.
    fn limit_notes(&self) -> Vec<(&'static str, String)> {
        let (lang, t, form) = (self.lang, self.t, &self.props.form);
        let watts = crate::form::parse_decimal_in(form.reading(), Field::Watts, &form.watts);
        let (Some(c), Ok(w)) = (self.card, watts) else { return Vec::new() };
        if error_for(&self.props.errors, Field::Watts).is_some() {
            return Vec::new();
        }
        crate::form::limit_notes(self.props.catalogue.0, c, w)
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
            .collect()
    }
}
