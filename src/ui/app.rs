//! The one reducer that owns the page's state, and the page's layout.

use super::components::{
    comparison::Comparison, config::ConfigPanel, context::Context, figures::FiguresPanel, footer::Footer,
    method::Method, notices::Notices, share::Share, summary::Summary,
};
use super::{browser, Cat};
use crate::catalogue::{Benchmark, Catalogue, Scenario};
use crate::form::{Form, ThroughputChoice};
use crate::link::{self, Notice};
use crate::model;
use std::rc::Rc;
use yew::prelude::*;

/// The result select's value for "my own throughput".
pub const OWN: &str = "own";

/// How long the address bar waits for typing to pause before it follows the form.
const URL_SYNC_DELAY: std::time::Duration = std::time::Duration::from_millis(150);

/// How components send actions to the reducer.
pub type Dispatch = UseReducerDispatcher<State>;

#[derive(Debug, Clone, PartialEq)]
pub struct State {
    pub catalogue: Cat,
    pub form: Form,
    pub notices: Vec<Notice>,
    pub embed: bool,
}

/// What the user did.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    Card(String),
    Result(String),
    Scenario(String),
    Model(String),
    Tps(String),
    Gpus(String),
    Servers(String),
    Watts(String),
    DismissNotices,
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let catalogue = self.catalogue.0;
        let form = &self.form;
        let form = match action {
            Action::Card(id) => form.with_card(catalogue, &id),
            Action::Result(id) if id == OWN => form.with_own_throughput(),
            Action::Result(id) => form.with_result(catalogue, &id),
            Action::Scenario(id) => match Scenario::from_id(&id) {
                Some(scenario) => Form { scenario, ..form.clone() },
                None => return self,
            },
            Action::Model(id) => match Benchmark::from_id(&id) {
                Some(benchmark) => Form { benchmark, ..form.clone() },
                None => return self,
            },
            Action::Tps(text) => Form { tps: text, ..form.clone() },
            Action::Gpus(text) => Form { gpus: text, ..form.clone() },
            Action::Servers(text) => Form { servers: text, ..form.clone() },
            Action::Watts(text) => Form { watts: text, ..form.clone() },
            Action::DismissNotices => {
                return Rc::new(State { notices: Vec::new(), ..(*self).clone() });
            }
        };
        Rc::new(State { form, ..(*self).clone() })
    }
}

#[function_component(App)]
pub fn app() -> Html {
    html! { <Calculator catalogue={Cat(Catalogue::embedded())} /> }
}

#[derive(Properties, PartialEq)]
struct CalculatorProps {
    catalogue: Cat,
}

#[function_component(Calculator)]
fn calculator(props: &CalculatorProps) -> Html {
    let catalogue = props.catalogue;
    let state = use_reducer(|| {
        let decoded = link::decode(catalogue.0, &browser::query());
        State { catalogue, form: decoded.form, notices: decoded.notices, embed: decoded.embed }
    });
    let query = link::encode(&state.form, state.embed);
    // The address bar follows the form, a moment after the last keystroke: browsers throttle
    // history.replaceState, and the figures need not wait for it.
    let latest = use_mut_ref(|| 0_u64);
    use_effect_with(query.clone(), move |query| {
        let generation = {
            let mut latest = latest.borrow_mut();
            *latest += 1;
            *latest
        };
        let query = query.clone();
        yew::platform::spawn_local(async move {
            yew::platform::time::sleep(URL_SYNC_DELAY).await;
            if *latest.borrow() == generation {
                browser::replace_query(&query);
            }
        });
    });
    // The sections below the figures render one task after them, so the figures appear first.
    let below_ready = use_state(|| false);
    {
        let below_ready = below_ready.clone();
        use_effect_with((), move |_| {
            yew::platform::spawn_local(async move {
                yew::platform::time::sleep(std::time::Duration::ZERO).await;
                below_ready.set(true);
            });
        });
    }
    // A dispatcher is the same value on every render, so components that take it are re-rendered
    // only when their other props change.
    let dispatch = state.dispatcher();
    let evaluation = model::evaluate(catalogue.0, &state.form);
    let errors: Vec<_> = evaluation.errors().into_iter().cloned().collect();
    let current_result = match &state.form.throughput {
        ThroughputChoice::Published(id) => Some(id.clone()),
        ThroughputChoice::Own => None,
    };
    let class = classes!("page", state.embed.then_some("embed"));

    html! {
        <div {class} data-testid="app">
            if !state.embed {
                <header class="masthead">
                    <h1>{ "token-energy" }</h1>
                    <p class="lede">{ "What a token of a large language model costs in GPU energy: from the cards' power limit and a published throughput, with every figure's kind and source." }</p>
                </header>
            }
            <Notices notices={state.notices.clone()} on_dismiss={dispatch.clone()} />
            <div class="workspace">
                <ConfigPanel {catalogue} form={state.form.clone()} errors={errors} on_action={dispatch} />
                <div class="outputs">
                    <FiguresPanel {catalogue} form={state.form.clone()} figures={evaluation.figures.clone()} />
                    <Share query={query} />
                </div>
            </div>
            <Summary energy_per_token={evaluation.figures.energy_per_token.clone()} energy_per_day={evaluation.figures.energy_per_day.clone()} />
            if *below_ready {
                <Comparison {catalogue} benchmark={state.form.benchmark} current_result={current_result} current_scenario={state.form.scenario} />
                <Context {catalogue} />
                if !state.embed {
                    <Method />
                    <Footer {catalogue} />
                }
            }
        </div>
    }
}
