//! MLPerf Power logs: the power analyser's `spl.txt` and LoadGen's `mlperf_log_detail.txt`,
//! picked as files; shows the mean node power inside LoadGen's window, as MLCommons computes it.

use super::own_figure::{own_figure, OwnFigureProps};
use crate::figure::Unit;
use crate::measure::mlperf_power::{window_mean, WindowMean};
use crate::measure::{window_figures, Input, MeasureError, Problem, LOG_LIMIT};
use crate::ui::{browser, format, Cat};
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct MlperfLogsProps {
    pub catalogue: Cat,
}

/// A picked log: its name and text, or the refusal of a file too large to read.
type Picked = Option<Result<(String, Rc<str>), MeasureError>>;

fn picker(t: &'static crate::i18n::Strings, input: Input, state: UseStateHandle<Picked>) -> Html {
    let onchange = Callback::from(move |e: Event| {
        let Some((name, size, file)) = browser::picked_file(&e.target_unchecked_into::<HtmlInputElement>()) else {
            return;
        };
        if size > LOG_LIMIT as f64 {
            state
                .set(Some(Err(MeasureError::new(input, Problem::TooLarge { bytes: size as usize, limit: LOG_LIMIT }))));
            return;
        }
        let state = state.clone();
        yew::platform::spawn_local(async move {
            if let Some(text) = browser::file_text(file).await {
                state.set(Some(Ok((name, Rc::from(text)))));
            }
        });
    });
    html! {
        <div class="field">
            <label for={input.id()}>{ (t.measure_input)(input) }</label>
            <input type="file" id={input.id()} data-testid={input.id()} accept=".txt,text/plain" {onchange} />
        </div>
    }
}

#[function_component(MlperfLogs)]
pub fn mlperf_logs(props: &MlperfLogsProps) -> Html {
    let t = crate::ui::words::use_strings();
    let spl = use_state(|| None::<Result<(String, Rc<str>), MeasureError>>);
    let detail = use_state(|| None::<Result<(String, Rc<str>), MeasureError>>);
    let texts = match (&*spl, &*detail) {
        (Some(Ok((_, s))), Some(Ok((_, d)))) => Some((s.clone(), d.clone())),
        _ => None,
    };
    let result = use_memo(texts, |texts| texts.as_ref().map(|(s, d)| window_mean(s, d)));
    let mut errors: Vec<MeasureError> = [&*spl, &*detail].into_iter().filter_map(|p| p.clone()?.err()).collect();
    let mean: Option<&WindowMean> = match result.as_ref() {
        Some(Ok(m)) => Some(m),
        Some(Err(e)) => {
            errors.push(e.clone());
            None
        }
        None => None,
    };
    let (power, per_token) = mean.map(window_figures).unwrap_or_default();
    html! {
        <section class="mlperf-logs" aria-labelledby="mlperf-logs-title" data-testid="mlperf-logs">
            <h3 id="mlperf-logs-title">{ t.logs_title }</h3>
            <p class="hint">{ t.logs_hint }</p>
            <div class="log-pickers">
                { picker(t, Input::PowerLog, spl.clone()) }
                { picker(t, Input::DetailLog, detail.clone()) }
            </div>
            { for errors.iter().map(|e| html! {
                <p class="error" role="alert" data-testid={format!("measure-error-{}", e.input.id())}>{ format!("{}: {}", (t.measure_input)(e.input), (t.measure_problem)(&e.problem)) }</p>
            }) }
            <div class="figure-grid">
                { own_figure(OwnFigureProps { catalogue: props.catalogue, testid: AttrValue::from("mlperf-window-power-w"), label: AttrValue::from(t.window_power), unit: Unit::Watts, figure: power, note: AttrValue::from(t.window_power_note), files: Rc::default(), missing: None }) }
                if per_token.is_some() {
                    { own_figure(OwnFigureProps { catalogue: props.catalogue, testid: AttrValue::from("mlperf-window-j-per-token"), label: AttrValue::from(t.window_token), unit: Unit::JoulesPerToken, figure: per_token, note: AttrValue::from(t.window_token_note), files: Rc::default(), missing: None }) }
                }
            </div>
            if let Some(m) = mean {
                <p data-testid="mlperf-window" data-samples={m.samples.to_string()}>
                    { (t.window_samples)(&format::plain(m.samples as f64),
                        &format::plain(m.samples_in_file as f64), &m.window.begin_text, &m.window.end_text,
                        &m.window.scenario.as_ref().map(|s| format!(" ({s})")).unwrap_or_default()) }
                </p>
            }
        </section>
    }
}
