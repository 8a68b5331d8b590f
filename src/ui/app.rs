//! The page's layout, over the one reducer in `state.rs`.

use super::components::{
    charts::Charts,
    compare_panel::ComparePanel,
    comparison::Comparison,
    config::ConfigPanel,
    context::context_list,
    data_notice::data_notice,
    figures::{figures_panel, FiguresProps},
    footer::Footer,
    measure::MeasureSection,
    method::Method,
    notices::notices,
    plan::PlanPanel,
    quote::{quote_fields, sheet_foot, PrintHeader, ValidNumbers},
    quote_request::QuoteRequest,
    share::Share,
    summary::{summary, SummaryProps},
};
use super::stage::{use_stage, Stage};
use super::state::{Action, State};
use super::{browser, format, Cat, Same, Start};
use crate::compare;
use crate::form::{Edit, ThroughputChoice};
use crate::i18n::{Lang, Strings};
use crate::link;
use std::rc::Rc;
use yew::prelude::*;

/// How long the address bar waits for typing to pause before it follows the form, in milliseconds.
const URL_SYNC_DELAY_MS: u32 = 150;

/// A callback that sends `make(value)` to the reducer: the same value on every render, so the
/// components that take it re-render only when their other props change.
#[hook]
fn use_action<T: 'static>(dispatch: &UseReducerDispatcher<State>, make: fn(T) -> Action) -> Callback<T> {
    let dispatch = dispatch.clone();
    use_callback((), move |value: T, _| dispatch.dispatch(make(value)))
}

/// The page, from what the browser said at mount (`Start::from_browser`) or, for the prerender,
/// from nothing. (One component: a wrapper that only passed the catalogue on cost its own
/// lifecycle code in the wasm.)
#[function_component(App)]
pub fn app(start: &Start) -> Html {
    let catalogue = Cat::for_vendor(start.vendor.as_deref());
    let state = use_reducer(|| start.state(catalogue));
    // The page's language: its words, its numbers, `<html lang>`.
    let lang = state.form.reading();
    format::set_lang(lang);
    let links = Links::of(&state);
    use_browser_sync(&state, lang, &links);
    let stage = use_stage(if start.prerendered { Stage::Figures } else { Stage::Head });
    use_frame(start.vendor.as_ref().and_then(|v| v.accent.clone()), state.embed);
    let on = use_handlers(&state.dispatcher());
    // Issue 51: once opened, the Measure section stays mounted (hidden on the Calculator tab), so
    // what was pasted there is kept for the page's lifetime.
    let measure_opened = use_mut_ref(|| false);
    if state.mode == link::Mode::Measure {
        *measure_opened.borrow_mut() = true;
    }
    let measure_opened = *measure_opened.borrow();
    // Every figure once (issue 34): the plan's servers count in "all servers" too. Computed when the
    // form changes, not on every stage's render.
    // The first render's were worked out a task before it (`Start::prepared`).
    let prepared = start.prepared.clone();
    let answer = use_memo(state.form.clone(), {
        let prepared = prepared.clone();
        move |form| match prepared.filter(|p| p.state.form == *form) {
            Some(p) => p.answer.clone(),
            None => Rc::new(crate::plan::answer(catalogue.0, form)),
        }
    });
    let answer = Same((*answer).clone());
    // What decides the answer (issue 47): a plan evaluation per end, when the answer changes.
    let sensitivity =
        use_memo(answer.clone(), move |answer| match prepared.filter(|p| Rc::ptr_eq(&p.answer, &answer.0)) {
            Some(p) => p.sensitivity.clone(),
            None => Rc::new(answer.sensitivity(catalogue.0)),
        });
    let full_url = format!("{}?{}", browser::page_address(), links.shared);
    // The hand-off's text (e-mail, summary, quote), dated as the sheet is, once the figures are drawn.
    let texts = {
        let date = browser::today().map(|(y, m, d)| crate::i18n::intl::long_date(y, m, d, lang)).unwrap_or_default();
        let drawn = stage.hand_off_drawn(state.embed);
        use_memo(
            (state.form.clone(), state.compared.clone(), full_url.clone(), date, lang, drawn),
            move |(form, compared, url, date, lang, drawn)| {
                if *drawn {
                    crate::export::quote_texts(catalogue.0, form, compared, url, date, lang.strings())
                } else {
                    crate::export::QuoteTexts::default()
                }
            },
        )
    };
    Page {
        catalogue,
        start,
        state: &state,
        lang,
        t: lang.strings(),
        answer: &answer,
        form: Same(use_memo(state.form.clone(), Clone::clone)),
        compared: Same(use_memo(state.compared.clone(), Clone::clone)),
        full_url,
        shared: links.shared,
        texts,
        on,
        stage,
        measure_opened,
        sensitivity: (*sensitivity).clone(),
    }
    .view()
}

/// The page's addresses: the address bar's, which keeps the layout (a reload in a frame stays
/// compact), and the shared link's, which does not. Both carry the compared configurations, and the
/// baseline where it is not the first (issue 37).
struct Links {
    compared: String,
    address: String,
    shared: String,
}

impl Links {
    fn of(state: &State) -> Links {
        Links::with_form(state, &state.form)
    }

    /// The addresses of `state` with `form` in place of its own (the page in another language).
    fn with_form(state: &State, form: &crate::form::Form) -> Links {
        let compared = compare::encode_with_baseline(&state.compared, state.baseline);
        let with_compared = |query: String| if compared.is_empty() { query } else { format!("{query}&{compared}") };
        let host = state.host.as_ref().map(|h| format!("&host={}", link::percent_encode(h))).unwrap_or_default();
        let address = format!("{}{host}", with_compared(state.mode.add_to(link::encode(form, state.embed))));
        let shared = with_compared(state.mode.add_to(link::encode(form, false)));
        Links { compared, address, shared }
    }
}

/// What the page tells the browser after a render: its language and title, the comparison to keep,
/// and the address bar.
#[hook]
fn use_browser_sync(state: &UseReducerHandle<State>, lang: Lang, links: &Links) {
    use_effect_with(lang, |lang| {
        browser::set_html_lang(lang.id());
        browser::set_title(lang.strings().doc_title);
    });
    // The browser keeps the comparison; where it refuses (private mode, full storage), the page says
    // the comparison lives in the link only.
    {
        let dispatch = state.dispatcher();
        let t = lang.strings();
        use_effect_with(links.compared.clone(), move |compared| {
            if !browser::store(compare::STORAGE_KEY, compared) && !compared.is_empty() {
                dispatch.dispatch(Action::CompareMessage(t.storage_refused.to_owned()));
            }
        });
    }
    // The address bar follows the form, a moment after the last keystroke: browsers throttle
    // history.replaceState, and the figures need not wait for it. A newer address replaces the
    // pending one (dropping a `Later` cancels it).
    let pending_address = use_mut_ref(|| None::<browser::Later>);
    use_effect_with(links.address.clone(), move |query| {
        let query = query.clone();
        *pending_address.borrow_mut() = Some(browser::later(URL_SYNC_DELAY_MS, move || browser::replace_query(&query)));
    });
}

/// The vendor's accent colour, once; and in a frame, the content's height for the embedding page.
#[hook]
fn use_frame(accent: Option<String>, embed: bool) {
    use_effect_with(accent, |accent| {
        if let Some(colour) = accent {
            browser::set_accent(colour);
        }
    });
    // In a frame, the embedding page hears the content's height after every render, and whenever the
    // content's size changes for any other reason (a fold opened or closed, the frame's width
    // reflowing the text): a ResizeObserver on the content, taller or shorter.
    use_effect(move || {
        if embed {
            browser::post_height();
        }
    });
    use_effect_with(embed, |embed| {
        let watch = embed.then(browser::follow_height).flatten();
        move || drop(watch)
    });
}

/// The page's callbacks to the reducer.
struct Handlers {
    edit: Callback<Edit>,
    reveal: Callback<crate::form::Field>,
    dismiss_notices: Callback<()>,
    mode: Callback<link::Mode>,
    card_from_measure: Callback<String>,
    model_from_measure: Callback<String>,
    /// Issue 51: the benchmark the measured counters' model is, with a result of it.
    benchmark_from_measure: Callback<crate::measure::versus::BenchmarkSwitch>,
    dismiss_adjustments: Callback<()>,
    list: Callback<compare::ListEdit>,
    baseline: Callback<usize>,
    import: Callback<compare::Imported>,
    refused: Callback<String>,
    message: Callback<String>,
    dismiss_compare: Callback<()>,
    lang: Callback<Lang>,
}

/// Stable callbacks: the same value on every render, so components that take them re-render
/// only when their other props change.
#[hook]
fn use_handlers(dispatch: &UseReducerDispatcher<State>) -> Handlers {
    let edit = use_action(dispatch, Action::Edit);
    let lang = {
        let edit = edit.clone();
        use_callback((), move |lang: Lang, _| edit.emit(Edit::Lang(lang)))
    };
    Handlers {
        reveal: use_action(dispatch, Action::Reveal),
        dismiss_notices: use_action(dispatch, |()| Action::DismissNotices),
        mode: use_action(dispatch, Action::Mode),
        card_from_measure: use_action(dispatch, |id: String| Action::Edit(Edit::Card(id))),
        model_from_measure: use_action(dispatch, |name: String| {
            Action::Edit(Edit::Text(crate::form::Field::OwnModel, name))
        }),
        benchmark_from_measure: use_action(dispatch, |s: crate::measure::versus::BenchmarkSwitch| {
            Action::Edit(Edit::Row { result: s.result, benchmark: s.benchmark, scenario: s.scenario })
        }),
        dismiss_adjustments: use_action(dispatch, |()| Action::DismissAdjustments),
        list: use_action(dispatch, Action::Compare),
        baseline: use_action(dispatch, Action::Baseline),
        import: use_action(dispatch, |imported: compare::Imported| Action::Import(Box::new(imported))),
        refused: use_action(dispatch, Action::ImportRefused),
        message: use_action(dispatch, Action::CompareMessage),
        dismiss_compare: use_action(dispatch, |()| Action::DismissCompareMessages),
        edit,
        lang,
    }
}

/// One render of the page: the state, what the model made of it, and the callbacks.
struct Page<'a> {
    catalogue: Cat,
    start: &'a Start,
    state: &'a State,
    lang: Lang,
    t: &'static Strings,
    /// The answer: the evaluation and the plan (compared by address where a section takes it).
    answer: &'a Same<crate::plan::Answer<'static>>,
    /// The form and the compared configurations as the sections take them: one copy each, made
    /// when they change, compared by address (not cloned and compared for every section).
    form: Same<crate::form::Form>,
    compared: Same<Vec<compare::Saved>>,
    full_url: String,
    shared: String,
    texts: Rc<crate::export::QuoteTexts>,
    on: Handlers,
    stage: Stage,
    /// The Measure section was opened once: it stays mounted (issue 51).
    measure_opened: bool,
    // issue 47
    sensitivity: Rc<Vec<crate::plan::Sensitivity>>,
}

impl Page<'_> {
    fn view(&self) -> Html {
        let (catalogue, state, t) = (self.catalogue, self.state, self.t);
        let class = classes!("page", state.embed.then_some("embed"));
        // The form beside the figures; the widget leads with its answer, so there the form comes after
        // them in the page's order too (not only on screen), and Tab moves down the widget, never from
        // its first line to the form below the figures and back up.
        // A link draws its form (`Stage::Form`) before its figures, the widget its figures first.
        let drawn =
            |stage: Stage, part: fn(&Self) -> Html| if self.stage >= stage { part(self) } else { Html::default() };
        let (config_first, outputs, config_after) = if state.embed {
            (Html::default(), drawn(Stage::Form, Self::outputs), drawn(Stage::Figures, Self::config))
        } else {
            (drawn(Stage::Form, Self::config), drawn(Stage::Figures, Self::outputs), Html::default())
        };
        let (form_drawn, figures_drawn, hand_off) =
            (self.stage >= Stage::Form, self.stage >= Stage::Figures, self.stage >= Stage::HandOff);
        html! {
            <ContextProvider<Lang> context={self.lang}>
            <div {class} data-testid="app">
                <a class="skip-link" href="#figures" data-testid="skip-link">{ t.skip_link }</a>
                if hand_off {
                    <PrintHeader {catalogue} form={self.form.clone()} valid={self.valid()} url={AttrValue::from(self.full_url.clone())}
                        vendor={self.start.vendor.clone()} comparing={!state.compared.is_empty()} />
                }
                if !state.embed { { self.masthead() } }
                { self.notices() }
                if !state.embed { { modes(t, state.mode, &state.form, self.on.mode.clone()) } }
                if form_drawn && self.measure_opened { { self.measure() } }
                <div class="workspace">
                    { config_first }
                    { outputs }
                    { config_after }
                </div>
                if figures_drawn && state.mode != link::Mode::Measure { { self.summary() } }
                if !state.embed { { self.below_figures() } }
                // The method and the sources come last, a task each, so the figures come first. On
                // the prerendered page they are not hydrated: a reader without JavaScript reads them
                // on `method.html` (`MethodPage`), and the first render, which hydrates the rest in
                // one task, is that much shorter (issue 53).
                { self.method_and_sources() }
                if hand_off { { sheet_foot(&self.full_url) } }
            </div>
            </ContextProvider<Lang>>
        }
    }

    /// The form's numbers as checked, for the printed sheet's header.
    fn valid(&self) -> ValidNumbers {
        let checked = &self.answer.evaluation.checked;
        ValidNumbers {
            gpus: checked.gpus.as_ref().ok().map(|&g| f64::from(g)),
            servers: checked.servers.as_ref().ok().map(|&s| f64::from(s)),
            watts: self.limit_watts(),
            tps: match &checked.throughput {
                Ok(crate::form::Throughput::Own(tps)) => Some(tps.value()),
                _ => None,
            },
        }
    }

    fn limit_watts(&self) -> Option<f64> {
        self.answer.evaluation.checked.watts.as_ref().and_then(|w| w.as_ref().ok()).map(|w| w.value())
    }

    /// The messages of the fields whose message is shown.
    fn shown_errors(&self) -> Vec<crate::form::InputError> {
        self.answer.evaluation.errors().into_iter().filter(|e| self.state.shows_error(e.field)).cloned().collect()
    }

    fn masthead(&self) -> Html {
        let t = self.t;
        html! {
            <header class="masthead">
                { languages(t, self.lang, self.catalogue, self.state, self.on.lang.clone()) }
                <h1>{ "token-energy" }</h1>
                if let Some(v) = self.start.vendor.as_ref() {
                    <p class="vendor" data-testid="vendor">
                        if let Some(logo) = &v.logo { <img src={logo.clone()} alt="" height="28" /> }
                        { (t.offered_by)(&v.name) }
                    </p>
                }
                <p class="lede">{ t.lede }</p>
            </header>
        }
    }

    /// What the link asked for that could not be used, what changed in the data, and the offline copy.
    fn notices(&self) -> Html {
        let (state, t) = (self.state, self.t);
        let from_link: Vec<_> = self
            .answer
            .evaluation
            .errors()
            .into_iter()
            .filter(|e| state.link_fields.contains(&e.field))
            .cloned()
            .collect();
        html! {
            <>
            { notices(&state.notices, &from_link, &self.on.dismiss_notices) }
            { data_notice(state.data_notice.as_ref(), &self.on.dismiss_notices) }
            if let Some(day) = self.start.offline_copy.as_ref() {
                <section class="notices offline-copy" role="status" data-testid="offline-copy">
                    <h2>{ t.offline_copy_title }</h2>
                    <p class="data-notice-body">{ (t.offline_copy)(day, &self.catalogue.0.meta.data_version) }</p>
                </section>
            }
            </>
        }
    }

    fn measure(&self) -> Html {
        let (catalogue, state) = (self.catalogue, self.state);
        let (checked, figures) = (&self.answer.evaluation.checked, &self.answer.evaluation.figures);
        html! {
            <MeasureSection {catalogue} hidden={state.mode != link::Mode::Measure} ceiling={figures.energy_per_token.clone()} limit_watts={self.limit_watts()}
                throughput={figures.throughput.as_ref().map(|f| f.value)}
                card={AttrValue::from(state.form.card.clone())} on_card={self.on.card_from_measure.clone()}
                benchmark={match &checked.throughput { Ok(crate::form::Throughput::Published(r)) => Some(r.benchmark), _ => None }}
                cards={checked.gpus.as_ref().ok().copied()}
                own_model={AttrValue::from(state.form.own_model.trim().to_owned())}
                proxy={checked.proxy().benchmark()} on_own_model={self.on.model_from_measure.clone()}
                on_benchmark={self.on.benchmark_from_measure.clone()} />
        }
    }

    fn config(&self) -> Html {
        let (catalogue, state) = (self.catalogue, self.state);
        html! {
            <ConfigPanel {catalogue} compact={state.embed} form={self.form.clone()} errors={self.shown_errors()} adjustments={state.adjustments.clone()}
                on_edit={self.on.edit.clone()} on_reveal={self.on.reveal.clone()} on_dismiss_adjustments={self.on.dismiss_adjustments.clone()}
                vendor={self.start.vendor.as_ref().map(|v| AttrValue::from(v.name.clone()))} at_once={self.start.prerendered} />
        }
    }

    /// The figures, the links out and the hand-off.
    fn outputs(&self) -> Html {
        let (catalogue, state, t) = (self.catalogue, self.state, self.t);
        let full_url = &self.full_url;
        let invalid: Vec<&'static str> =
            self.answer.evaluation.errors().into_iter().map(|e| (t.field)(e.field)).collect();
        html! {
            <div class="outputs">
                { figures_panel(&FiguresProps {
                    catalogue,
                    form: &state.form,
                    figures: &self.answer.evaluation.figures,
                    plan: &self.answer.plan,
                    limit_watts: self.limit_watts(),
                    on_edit: &self.on.edit,
                    sensitivity: &self.sensitivity,
                    measure_href: AttrValue::from(format!("?{}", link::Mode::Measure.add_to(link::encode(&state.form, false)))),
                }) }
                if state.embed {
                    <p class="open-full"><a data-testid="open-full" href={full_url.clone()} target="_blank" rel="noopener">{ t.open_full }</a>
                        { " · " }<a data-testid="open-method" href={format!("{full_url}#method-cite")} target="_blank" rel="noopener">{ t.method_link }</a></p>
                }
                // The hand-off a task after the figures (the widget's with them).
                if self.stage.hand_off_drawn(state.embed) {
                    <Share query={AttrValue::from(self.shared.clone())} {invalid} printable={!state.embed} texts={self.texts.clone()} />
                    if let Some(v) = self.start.vendor.as_ref() {
                        <QuoteRequest {catalogue} vendor={v.clone()} form={self.form.clone()} compared={self.compared.clone()}
                            link={AttrValue::from(full_url.clone())} text={AttrValue::from(self.texts.full.clone())} texts={self.texts.clone()}
                            post_to={if state.embed { state.host.clone().or_else(|| v.host.clone()) } else { None }} />
                    }
                    if !state.embed {
                        { quote_fields(&AttrValue::from(state.form.customer.clone()), &AttrValue::from(state.form.reference.clone()), &self.on.edit) }
                    }
                }
            </div>
        }
    }

    fn summary(&self) -> Html {
        let (figures, plan) = (&self.answer.evaluation.figures, &self.answer.plan);
        let demand = plan.basis == crate::plan::EnergyBasis::Demand;
        // With a plan, the day is the plan's (with its overhead and PUE), not the boards' (issue 49).
        let day = plan
            .site_kwh_per_day
            .clone()
            .filter(|_| self.state.form.plan.is_set())
            .or_else(|| figures.energy_per_day.clone());
        html! {
            { summary(&SummaryProps {
                energy_per_token: figures.energy_per_token.clone(),
                energy_per_day: day,
                year: demand.then(|| plan.site_kwh_per_year.clone()).flatten(),
                cost: demand.then(|| plan.cost_per_year.clone()).flatten(),
                servers: plan.servers_needed.clone(),
                positions: plan.rack_positions.clone(),
                co2: demand.then(|| plan.co2_per_year.clone()).flatten(),
                idle: demand.then(|| plan.idle_source.as_ref().map(|i| (i.low, i.high))).flatten(),
                measured: false,
            }) }
        }
    }

    /// The sections below the figures, as far as they are drawn yet.
    fn below_figures(&self) -> Html {
        let (catalogue, state, below) = (self.catalogue, self.state, self.stage);
        let current_result = match &state.form.throughput {
            ThroughputChoice::Published(id) => Some(id.clone()),
            ThroughputChoice::Own => None,
        };
        html! {
            <>
            if below >= Stage::Plan { { self.plan_panel() } }
            if below >= Stage::Compare {
                <ComparePanel {catalogue} form={self.form.clone()} list={self.compared.clone()} baseline={state.baseline}
                    messages={state.compare_messages.clone()} link={AttrValue::from(self.full_url.clone())}
                    import_status={state.import_status.clone().map(AttrValue::from)}
                    on_list={self.on.list.clone()} on_baseline={self.on.baseline.clone()} on_import={self.on.import.clone()}
                    on_refused={self.on.refused.clone()} on_message={self.on.message.clone()} on_dismiss={self.on.dismiss_compare.clone()} />
            }
            if below >= Stage::Charts {
                <Charts {catalogue} form={self.form.clone()} compared={self.compared.clone()} />
            }
            if below >= Stage::Table {
                <Comparison {catalogue} benchmark={state.form.benchmark} current_result={current_result}
                    current_scenario={state.form.scenario} on_edit={self.on.edit.clone()} />
                { context_list(catalogue) }
            }
            </>
        }
    }

    fn plan_panel(&self) -> Html {
        let (catalogue, state, evaluation) = (self.catalogue, self.state, &self.answer.evaluation);
        let card_name =
            catalogue.0.card(&state.form.card).map(|c| crate::i18n::card_name(c, self.lang)).unwrap_or_default();
        html! {
            <PlanPanel {catalogue} card={AttrValue::from(state.form.card.clone())} at_once={self.stage == Stage::All}
                card_name={AttrValue::from(card_name)} form={self.form.clone()} answer={self.answer.clone()} limit_watts={self.limit_watts()} errors={self.shown_errors()}
                on_edit={self.on.edit.clone()} on_reveal={self.on.reveal.clone()} own={crate::ui::components::plan::Own {
                    name: AttrValue::from(state.form.own_model.clone()),
                    size: AttrValue::from(state.form.own_size.clone()),
                    arch: AttrValue::from(state.form.own_arch.clone()),
                    proxy: state.form.has_own_model().then(|| (evaluation.checked.proxy(), state.form.figures_benchmark())),
                }} />
        }
    }

    fn method_and_sources(&self) -> Html {
        let (catalogue, state) = (self.catalogue, self.state);
        let figures = &self.answer.evaluation.figures;
        let cited = if state.embed { cited_sources(catalogue, &state.form, figures) } else { Vec::new() };
        let drawn = |stage: Stage| self.stage >= stage;
        html! {
            <>
            if !state.embed && drawn(Stage::Method) { <Method {catalogue} /> }
            if drawn(Stage::Sources) {
                <Footer {catalogue} compact={state.embed} vendor={self.start.vendor.clone()} {cited}
                    cited_in_print={printed_sources(catalogue, &state.form, figures, &self.answer.plan)} whole={drawn(Stage::All)} />
            }
            </>
        }
    }
}

/// The sources the widget's visible figures cite, each once, and the result line's precision source
/// (issue 34.9). The card's facts are not shown in the widget; its rated power is cited by the figures.
fn cited_sources(catalogue: Cat, form: &crate::form::Form, figures: &crate::model::Figures) -> Vec<String> {
    let mut out = Vec::new();
    if let ThroughputChoice::Published(id) = &form.throughput {
        if let Some(source) = catalogue
            .0
            .result(id, form.benchmark, form.scenario)
            .and_then(|r| crate::precision::Precision::of(r).source())
        {
            out.push(source.to_owned());
        }
    }
    crate::figure::cited_sources(
        [
            &figures.energy_per_token,
            &figures.energy_per_million,
            &figures.measured_energy_per_token,
            &figures.board_power,
            &figures.energy_per_day,
            &figures.heat,
            &figures.throughput,
        ]
        .into_iter()
        .flatten(),
        &mut out,
    );
    out
}

/// The sources the printed sheet cites: its figures', the plan's when a plan field is set (and the
/// EU regulation's), and the card's facts.
fn printed_sources(
    catalogue: Cat,
    form: &crate::form::Form,
    figures: &crate::model::Figures,
    plan: &crate::plan::Plan,
) -> Vec<String> {
    let mut out = cited_sources(catalogue, form, figures);
    if form.plan.is_set() {
        crate::figure::cited_sources(
            [
                &plan.servers_needed,
                &plan.streams_per_server,
                &plan.site_kwh_per_year,
                &plan.site_j_per_token,
                &plan.cost_per_year,
                &plan.co2_per_year,
            ]
            .into_iter()
            .flatten(),
            &mut out,
        );
    }
    let mut add = |id: &str| {
        if !out.iter().any(|o| o == id) {
            out.push(id.to_owned());
        }
    };
    if form.plan.is_set() && plan.eu.is_some() {
        add(crate::plan::EU_SOURCE);
    }
    if let Some(card) = catalogue.0.card(&form.card) {
        add(&card.max_power.source);
        if let Some(m) = &card.min_power {
            add(&m.source);
        }
        if let Some(m) = &card.memory {
            add(&m.source);
        }
        for l in card.other_limits.iter() {
            add(&l.source);
        }
    }
    out
}

/// The language switch: links that work without the app (the same configuration in the other
/// language), switched in place when it runs. A build of one language (`Lang::ONLY`, issue 53)
/// follows the link to the other: the page loads that language's wasm, the address bar's
/// comparison kept. (A frame, `embed=1`, has no switch.)
fn languages(t: &'static Strings, current: Lang, catalogue: Cat, state: &State, on_lang: Callback<Lang>) -> Html {
    let item = |l: Lang| {
        let form = state.form.apply(catalogue.0, Edit::Lang(l)).form;
        let (href, onclick) = if l.built() {
            let href = format!("?{}", state.mode.add_to(link::encode(&form, false)));
            let onclick = on_lang.reform(move |e: MouseEvent| {
                e.prevent_default();
                l
            });
            (href, Some(onclick))
        } else {
            (format!("?{}", Links::with_form(state, &form).address), None)
        };
        let here = (l == current).then_some("true");
        html! {
            <a class={classes!("lang", here.map(|_| "current"))} href={href} hreflang={l.id()} lang={l.id()}
                data-testid={format!("lang-{}", l.id())} aria-current={here} {onclick}>{ l.name() }</a>
        }
    };
    html! {
        <nav class="langs" aria-label={t.language_label} data-testid="langs">
            { for Lang::ALL.into_iter().map(item) }
        </nav>
    }
}

/// The two sections as tabs: links that work without the app, switched in place when it runs.
fn modes(t: &'static Strings, mode: link::Mode, form: &crate::form::Form, on_mode: Callback<link::Mode>) -> Html {
    let tab = |m: link::Mode, testid: &'static str, words: &'static str| {
        let href = format!("?{}", m.add_to(link::encode(form, false)));
        let onclick = on_mode.reform(move |e: MouseEvent| {
            e.prevent_default();
            m
        });
        let current = (mode == m).then_some("page");
        html! { <a class={classes!("mode", current.map(|_| "current"))} href={href} data-testid={testid} aria-current={current} {onclick}>{ words }</a> }
    };
    html! {
        <nav class="modes" aria-label={t.modes_label} data-testid="modes">
            { tab(link::Mode::Calculator, "mode-calculator", t.mode_calculator) }
            { tab(link::Mode::Measure, "mode-measure", t.mode_measure) }
        </nav>
    }
}

/// The bare page's method and sources as a reader without JavaScript reads them: the build writes
/// them into `method.html` (`ui::prerender`), which the bare page's `<noscript>` line links to. A
/// browser that runs the page never fetches them; it draws its own as the page's last stages.
#[cfg(all(not(target_arch = "wasm32"), feature = "ssr"))]
#[function_component(MethodPage)]
pub fn method_page(start: &Start) -> Html {
    let catalogue = Cat::for_vendor(start.vendor.as_deref());
    let state = start.state(catalogue);
    let lang = state.form.reading();
    format::set_lang(lang);
    let answer = crate::plan::answer(catalogue.0, &state.form);
    let cited_in_print = printed_sources(catalogue, &state.form, &answer.evaluation.figures, &answer.plan);
    html! {
        <ContextProvider<Lang> context={lang}>
        <div class="page" data-testid="method-page">
            <Method {catalogue} />
            <Footer {catalogue} vendor={start.vendor.clone()} {cited_in_print} />
        </div>
        </ContextProvider<Lang>>
    }
}
