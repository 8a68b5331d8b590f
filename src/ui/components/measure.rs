//! "Measure your own" (`?mode=measure`): pasted energy and token counters before and after a run,
//! optional duration, idle power and wall energy; the measured figures, the per-GPU table, the
//! comparison with the calculator's ceiling, kept runs and the MLPerf Power logs. The pasted text
//! is this component's own state: it never reaches the link or leaves the browser.

use super::card_facts::limit_guide;
use super::gpu_table::gpu_table;
use super::measure_field::{measure_field, MeasureFieldProps};
use super::mlperf_logs::MlperfLogs;
use super::own_figure::{own_figure, OwnFigureProps};
use super::own_versus::{own_versus, OwnVersusProps};
use super::paste_box::PasteBox;
use super::runs_chart::{runs_chart, RunsChartProps};
use super::summary::{summary, SummaryProps};
use crate::figure::{Figure, Unit};
use crate::float::Text;
use crate::measure::runs::{self, keep_with, Axis, Run};
use crate::measure::versus::{self, Limit};
use crate::measure::{evaluate, missing_boxes, Input, MeasureError, Texts};
use crate::ui::browser;
use crate::ui::format;
use crate::ui::Cat;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct MeasureProps {
    pub catalogue: Cat,
    /// The calculator's J/token ceiling for the configured card, limit and throughput.
    pub ceiling: Option<Figure>,
    /// The configured power limit per card, W.
    pub limit_watts: Option<f64>,
    /// The throughput the ceiling was taken at (the published result's, per server), tokens/s.
    #[prop_or_default]
    pub throughput: Option<f64>,
    /// The configured card's id, and the switch to another card.
    #[prop_or_default]
    pub card: AttrValue,
    #[prop_or_default]
    pub on_card: Callback<String>,
    /// The configured result's benchmark (none for one's own throughput), the cards per server
    /// the published throughput is for, the customer's own model as typed in the calculator, its
    /// proxy's benchmark, and the switch taking a pasted model as the customer's own.
    #[prop_or_default]
    pub benchmark: Option<crate::catalogue::Benchmark>,
    #[prop_or_default]
    pub cards: Option<u32>,
    #[prop_or_default]
    pub own_model: AttrValue,
    #[prop_or_default]
    pub proxy: Option<crate::catalogue::Benchmark>,
    #[prop_or_default]
    pub on_own_model: Callback<String>,
    /// Switches the calculator to a result of the benchmark the counters' model is (issue 51).
    #[prop_or_default]
    pub on_benchmark: Callback<versus::BenchmarkSwitch>,
    /// On the Calculator tab: kept, with what was pasted, but not shown (issue 51).
    #[prop_or_default]
    pub hidden: bool,
}

/// The section's own state.
#[derive(Debug, Clone, PartialEq)]
struct Local {
    texts: Texts,
    concurrency: String,
    power_limit: String,
    runs: Vec<Run>,
    keep_errors: Vec<MeasureError>,
    axis: Axis,
    /// Files picked into boxes, by name, until the box is edited.
    files: Rc<Vec<(Input, String)>>,
}

enum Msg {
    Text(Input, String),
    File(Input, String),
    /// Keep the run; with the measured card's rating, which its typed limit may not exceed (issue 51).
    Keep(crate::i18n::Lang, runs::About, Option<versus::Rating>),
    Axis(Axis),
    ClearRuns,
}

impl Reducible for Local {
    type Action = Msg;

    fn reduce(self: Rc<Self>, msg: Msg) -> Rc<Self> {
        let mut next = (*self).clone();
        match msg {
            Msg::Text(input, text) => {
                let t = &mut next.texts;
                let slot = match input {
                    Input::EnergyBefore => &mut t.energy_before,
                    Input::EnergyAfter => &mut t.energy_after,
                    Input::TokensBefore => &mut t.tokens_before,
                    Input::TokensAfter => &mut t.tokens_after,
                    Input::Duration => &mut t.duration,
                    Input::IdlePower => &mut t.idle_watts,
                    Input::WallEnergy => &mut t.wall_wh,
                    Input::PowerSeries => &mut t.power_series,
                    Input::SampleInterval => &mut t.interval,
                    Input::Concurrency => &mut next.concurrency,
                    Input::PowerLimit => &mut next.power_limit,
                    Input::PowerLog | Input::DetailLog => return self,
                };
                *slot = text;
                next.keep_errors.clear();
                if next.files.iter().any(|(i, _)| *i == input) {
                    next.files = Rc::new(next.files.iter().filter(|(i, _)| *i != input).cloned().collect());
                }
            }
            Msg::File(input, name) => {
                let mut files: Vec<_> = next.files.iter().filter(|(i, _)| *i != input).cloned().collect();
                files.push((input, name));
                next.files = Rc::new(files);
            }
            Msg::Keep(lang, about, rating) => {
                if let Err(e) = versus::run_limit_within(lang, &next.power_limit, rating.as_ref()) {
                    next.keep_errors = vec![e];
                    return Rc::new(next);
                }
                let m = evaluate(&Texts { lang, ..next.texts.clone() });
                match keep_with(&m, &next.concurrency, &next.power_limit, about) {
                    Ok(run) => {
                        if next.runs.len() >= runs::MAX_RUNS {
                            next.runs.remove(0);
                        }
                        next.runs.push(run);
                        next.keep_errors.clear();
                    }
                    Err(errors) => next.keep_errors = errors,
                }
            }
            Msg::Axis(axis) => next.axis = axis,
            Msg::ClearRuns => next.runs.clear(),
        }
        Rc::new(next)
    }
}

/// The section's state, with its kept runs read from the browser once and written back whenever
/// they change (kept runs survive a reload).
#[hook]
fn use_local() -> UseReducerHandle<Local> {
    let local = use_reducer(|| Local {
        texts: Texts::default(),
        concurrency: String::new(),
        power_limit: String::new(),
        runs: runs::from_text(&browser::stored(runs::STORAGE_KEY).unwrap_or_default()),
        keep_errors: Vec::new(),
        axis: Axis::Concurrency,
        files: Rc::default(),
    });
    use_effect_with(local.runs.clone(), |runs| {
        browser::store(runs::STORAGE_KEY, &runs::to_text(runs));
    });
    local
}

/// The section's callbacks to its own state: the same value on every render.
struct Handlers {
    change: Callback<(Input, String)>,
    file: Callback<(Input, String)>,
    axis: Callback<Axis>,
    clear: Callback<()>,
}

#[hook]
fn use_handlers(dispatch: &UseReducerDispatcher<Local>) -> Handlers {
    let change = {
        let dispatch = dispatch.clone();
        use_callback((), move |(input, text): (Input, String), _| dispatch.dispatch(Msg::Text(input, text)))
    };
    let file = {
        let dispatch = dispatch.clone();
        use_callback((), move |(input, name): (Input, String), _| dispatch.dispatch(Msg::File(input, name)))
    };
    let axis = {
        let dispatch = dispatch.clone();
        use_callback((), move |axis: Axis, _| dispatch.dispatch(Msg::Axis(axis)))
    };
    let clear = {
        let dispatch = dispatch.clone();
        use_callback((), move |(), _| dispatch.dispatch(Msg::ClearRuns))
    };
    Handlers { change, file, axis, clear }
}

#[function_component(MeasureSection)]
pub fn measure_section(props: &MeasureProps) -> Html {
    let lang = crate::ui::words::use_lang();
    let words = lang.strings();
    let local = use_local();
    let on = use_handlers(&local.dispatcher());
    // Issue 51: the section stays mounted on the Calculator tab, re-rendered as the calculator changes;
    // the pasted text is read again only when it (or the language) does.
    let m = use_memo((local.texts.clone(), lang), |(texts, lang)| evaluate(&Texts { lang: *lang, ..texts.clone() }));
    let m: &crate::measure::Measurement = &m;
    // Issue 39: the run's own limit, where typed, is the one its comparisons use.
    // Issue 51: the measured card's rating bounds the reading and the typed limit.
    let rating = versus::Rating::of_measured(m, props.catalogue.0);
    let (typed_limit, limit_error) = match versus::run_limit_within(lang, &local.power_limit, rating.as_ref()) {
        Ok(w) => (w, None),
        Err(e) => (None, Some(e)),
    };
    let limit = Limit::choose(typed_limit, props.limit_watts);
    let on_keep = {
        let dispatch = local.dispatcher();
        // Issue 51: the measured card and the ceiling at the run's own limit, not the calculator's.
        let configured = (!props.card.is_empty()).then_some(props.card.as_str());
        let about = runs::About {
            date: browser::today(),
            ..runs::about_measured(m, props.catalogue.0, configured, typed_limit)
        };
        let rating = rating.clone();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Msg::Keep(lang, about.clone(), rating.clone())))
    };
    let c = props.catalogue;
    let view = Section { lang, words, local: &local, m, limit_error, on: &on };
    html! {
        <section class="measure" id="measure" aria-labelledby="measure-title" data-testid="measure" hidden={props.hidden}>
            <h2 id="measure-title">{ words.mode_measure }</h2>
            <p class="privacy" data-testid="measure-privacy">{ words.measure_privacy }</p>
            <p class="hint">{ words.measure_intro }</p>
            { view.inputs() }
            // On a phone the bar follows the measured figure here.
            { summary(&SummaryProps { energy_per_token: m.j_per_token.clone(), measured: true, ..SummaryProps::default() }) }
            { view.figures(c) }
            { own_versus(OwnVersusProps { catalogue: c, card: props.card.clone(), on_card: props.on_card.clone(), measurement: m.clone(), ceiling: props.ceiling.clone(), limit, rating: rating.clone(), throughput: props.throughput, cards: props.cards, benchmark: props.benchmark, own_model: props.own_model.clone(), proxy: props.proxy, on_own_model: props.on_own_model.clone(), on_benchmark: props.on_benchmark.clone() }) }
            { gpu_table(&m.gpus) }
            <div class="keep-run">
                { view.field(Input::Concurrency, &local.concurrency, words.hint_concurrency) }
                { view.field(Input::PowerLimit, &local.power_limit, words.hint_run_limit) }
                <button type="button" data-testid="keep-run" onclick={on_keep}>{ words.keep_run }</button>
            </div>
            if let Some((text, fine)) = enforced(lang, &local.texts, typed_limit) {
                <p class={if fine { "notice" } else { "error" }} role={if fine { "status" } else { "alert" }} data-testid="enforced-limit">{ text }</p>
            }
            { limit_guide(c) }
            { runs_chart(RunsChartProps { catalogue: c, runs: local.runs.clone(), axis: local.axis, on_axis: on.axis.clone(), on_clear: on.clear.clone() }) }
            <MlperfLogs catalogue={c} />
        </section>
    }
}

/// The enforced limit a dcgm-exporter paste carries, against the run's typed limit: the sentence,
/// and whether they agree (or no limit is typed).
fn enforced(lang: crate::i18n::Lang, t: &Texts, typed_limit: Option<f64>) -> Option<(String, bool)> {
    let words = lang.strings();
    crate::measure::dcgm::enforced_against(&t.energy_after, typed_limit)
        .or_else(|| crate::measure::dcgm::enforced_against(&t.energy_before, typed_limit))
        .map(|(limits, agree)| {
            let list: Vec<String> = limits.iter().map(|w| crate::i18n::number(lang, *w)).collect();
            let typed = typed_limit.map(|w| crate::i18n::number(lang, w));
            ((words.enforced_limit)(&list.join(", "), typed.as_deref(), agree), agree || typed_limit.is_none())
        })
}

/// One render of the section: its state, what the core measured from it, and its callbacks.
struct Section<'a> {
    lang: crate::i18n::Lang,
    words: &'static crate::i18n::Strings,
    local: &'a Local,
    m: &'a crate::measure::Measurement,
    limit_error: Option<MeasureError>,
    on: &'a Handlers,
}

impl Section<'_> {
    /// The pasted counters and series, and the run's optional figures.
    fn inputs(&self) -> Html {
        let (words, t) = (self.words, &self.local.texts);
        html! {
            <>
            <div class="paste-grid">
                { self.paste(Input::EnergyBefore, &t.energy_before, words.energy_example) }
                { self.paste(Input::EnergyAfter, &t.energy_after, words.energy_example) }
                { self.paste(Input::TokensBefore, &t.tokens_before, words.tokens_example) }
                { self.paste(Input::TokensAfter, &t.tokens_after, words.tokens_example) }
                { self.paste(Input::PowerSeries, &t.power_series, words.series_example) }
                { self.field(Input::SampleInterval, &t.interval, words.hint_interval) }
            </div>
            <div class="measure-options">
                { self.field(Input::Duration, &t.duration, words.hint_duration) }
                { self.field(Input::IdlePower, &t.idle_watts, words.hint_idle) }
                { self.field(Input::WallEnergy, &t.wall_wh, words.hint_wall) }
            </div>
            </>
        }
    }

    /// A box's messages, from the measurement, the last "keep" and the run's limit, in one line.
    fn error_of(&self, input: Input) -> Option<AttrValue> {
        let words = self.words;
        let all: Vec<String> = self
            .m
            .errors
            .iter()
            .chain(self.local.keep_errors.iter().filter(|e| self.limit_error.is_none() || e.input != Input::PowerLimit))
            .chain(self.limit_error.iter())
            .filter(|e| e.input == input)
            .map(|e| (words.measure_problem)(&e.problem))
            .collect();
        (!all.is_empty()).then(|| AttrValue::from(format!("{}: {}", (words.measure_input)(input), all.join(" "))))
    }

    fn paste(&self, input: Input, value: &str, example: &'static str) -> Html {
        html! {
            <PasteBox {input} value={AttrValue::from(value.to_owned())} placeholder={example} error={self.error_of(input)}
                on_change={self.on.change.clone()} on_file={self.on.file.clone()} />
        }
    }

    fn field(&self, input: Input, value: &str, hint: &'static str) -> Html {
        measure_field(MeasureFieldProps {
            input,
            value: AttrValue::from(value.to_owned()),
            hint: AttrValue::from(hint),
            error: self.error_of(input),
            on_change: self.on.change.clone(),
        })
    }

    /// The measured figures, each with the note that says where it comes from.
    fn figures(&self, c: Cat) -> Html {
        let (words, m) = (self.words, self.m);
        let files = self.local.files.clone();
        let missing = missing_boxes(&self.local.texts, m);
        let missing = (!missing.is_empty()).then(|| {
            let names: Vec<&str> = missing.iter().map(|i| (words.measure_input)(*i)).collect();
            AttrValue::from((words.missing_boxes)(&names))
        });
        let tps_note = if m.series.as_ref().is_some_and(|s| s.duration_from_series) {
            words.tps_series_note
        } else {
            words.tps_note
        };
        html! {
            <>
            <div class="figure-grid">
                { own_figure(OwnFigureProps { catalogue: c, testid: AttrValue::from("own-j-per-token"), label: AttrValue::from(words.own_token), unit: Unit::JoulesPerToken, figure: m.j_per_token.clone(), note: AttrValue::from(self.token_note()), files: files.clone(), missing }) }
                { own_figure(OwnFigureProps { catalogue: c, testid: AttrValue::from("own-gpu-energy-j"), label: AttrValue::from(words.own_gpu_energy), unit: Unit::Joules, figure: m.gpu_energy.clone(), note: AttrValue::from(self.energy_note()), files: files.clone(), missing: None }) }
                { own_figure(OwnFigureProps { catalogue: c, testid: AttrValue::from("own-output-tokens"), label: AttrValue::from(words.own_output), unit: Unit::Tokens, figure: m.output_tokens.clone(), note: AttrValue::from(m.engine.map_or(String::new(), |e| (words.engine_note)(e.label()))), files: files.clone(), missing: None }) }
                { own_figure(OwnFigureProps { catalogue: c, testid: AttrValue::from("own-prompt-tokens"), label: AttrValue::from(words.own_prompt), unit: Unit::Tokens, figure: m.prompt_tokens.clone(), note: AttrValue::from(words.prompt_note), files: files.clone(), missing: None }) }
                if m.tokens_per_s.is_some() {
                    { own_figure(OwnFigureProps { catalogue: c, testid: AttrValue::from("own-tokens-per-s"), label: AttrValue::from(words.own_tps), unit: Unit::TokensPerSecond, figure: m.tokens_per_s.clone(), note: AttrValue::from(tps_note), files: files.clone(), missing: None }) }
                    { own_figure(OwnFigureProps { catalogue: c, testid: AttrValue::from("own-average-power-w"), label: AttrValue::from(words.own_power), unit: Unit::Watts, figure: m.average_power_per_gpu.clone(), note: AttrValue::from(words.power_note), files: files.clone(), missing: None }) }
                }
                if m.j_per_token_above_idle.is_some() {
                    { own_figure(OwnFigureProps { catalogue: c, testid: AttrValue::from("own-j-per-token-above-idle"), label: AttrValue::from(words.own_above_idle), unit: Unit::JoulesPerToken, figure: m.j_per_token_above_idle.clone(), note: AttrValue::from(words.above_idle_note), files: files.clone(), missing: None }) }
                }
                if m.node_j_per_token.is_some() {
                    { own_figure(OwnFigureProps { catalogue: c, testid: AttrValue::from("own-node-j-per-token"), label: AttrValue::from(words.own_node), unit: Unit::JoulesPerToken, figure: m.node_j_per_token.clone(), note: AttrValue::from(words.node_note), files: files.clone(), missing: None }) }
                }
            </div>
            { self.series_notes() }
            </>
        }
    }

    /// Issue 51: what the token counters still support where a series restarted or is missing, and
    /// the series counted whole.
    fn series_notes(&self) -> Html {
        let (words, m) = (self.words, self.m);
        let bound = m.token_bound.as_ref().map(|b| {
            // A bound rounds outward: the most J/token up, the fewest tokens down.
            let at_most = b.j_per_token.as_ref().map(|j| format::three(format::up_three(j.value)));
            let text = (words.token_bound)(at_most.as_deref(), &format::plain(b.tokens.value.floor()));
            (text, b.j_per_token.as_ref().map(|j| j.value.text()), b.tokens.value.text())
        });
        html! {
            <>
            if let Some((text, value, tokens)) = bound {
                <p class="versus" role="status" data-testid="own-j-per-token-bound" data-kind="measured" data-value={value} data-tokens={tokens}>{ text }</p>
            }
            if !m.new_series.is_empty() {
                <p class="hint" data-testid="own-new-series">{ (words.new_series)(&m.new_series.join(", ")) }</p>
            }
            </>
        }
    }

    /// What J/token counts: the series' tokens, the GPUs' energy or the node's.
    fn token_note(&self) -> String {
        let (words, m) = (self.words, self.m);
        if m.series.as_ref().is_some_and(|s| !s.counter) {
            words.series_token_note.to_owned()
        } else if m.gpu_energy.is_some() {
            words.gpu_note.to_owned()
        } else {
            words.node_note.to_owned()
        }
    }

    /// What the energy was read from: a series (of counters or of power) or two counters.
    fn energy_note(&self) -> String {
        let (words, m, lang) = (self.words, self.m, self.lang);
        match (&m.series, m.energy_format) {
            (Some(s), _) if s.counter => (words.counter_series_note)(
                s.format.label(),
                s.samples,
                &crate::i18n::number(lang, s.interval),
                s.interval_typed,
            ),
            (Some(s), _) => (words.series_note)(
                s.format.label(),
                s.samples,
                s.gaps,
                s.timed,
                &crate::i18n::number(lang, s.interval),
                s.interval_typed,
            ),
            (None, Some(f)) if f.is_amd() => (words.amd_counter_note)(f.label()),
            (None, Some(f)) => (words.counter_note)(f.label()),
            (None, None) => String::new(),
        }
    }
}
