//! "Plan a deployment" (issue 10): the plan's fields with their reference values, the scope at a
//! glance, the plan's figures, the EU threshold and the load curve. Every number comes from
//! `crate::plan` as a `Figure`; this lays them out.

use super::choice::{Choice, Opt};
use super::number_field::NumberField;
use super::source::SourceRef;
use crate::catalogue::ReferenceValue;
use crate::figure::{Figure, Kind, Unit};
use crate::form::{number, plain_number, Edit, Field, InputError};
use crate::plan::{self, Currency, Plan, PlanForm, PlanScope, EU_SOURCE, EU_WORDS};
use crate::ui::words::kind_explanation;
use crate::ui::{format, Cat};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PlanProps {
    pub catalogue: Cat,
    pub form: PlanForm,
    pub plan: Plan,
    /// The power limit as checked (idle's range ends there).
    pub limit_watts: Option<f64>,
    /// The messages shown now.
    pub errors: Vec<InputError>,
    pub on_edit: Callback<Edit>,
    pub on_reveal: Callback<Field>,
}

fn error_for(errors: &[InputError], field: Field) -> Option<&InputError> {
    errors.iter().find(|e| e.field == field)
}

/// The hint under a plan field: its range, and its default or what it is needed for.
fn hint(field: Field, limit: Option<f64>) -> String {
    let range = plan::range(field, limit.map(crate::units::Watts)).map(|r| r.hint());
    let empty = match plan::default_text(field) {
        Some(d) => format!("empty: {d}"),
        None => "empty: its figures are left out".to_owned(),
    };
    match (field, range) {
        (Field::Idle, None) => format!("0 to the power limit per card; {empty}"),
        (_, Some(r)) => format!("{r}; {empty}"),
        (_, None) => empty,
    }
}

/// Reference values beside a field: a click applies one (a price with its currency).
fn references(catalogue: Cat, field: Field, on_edit: &Callback<Edit>) -> Html {
    let values: Vec<&ReferenceValue> = plan::reference_for(field).collect();
    if values.is_empty() {
        return html! {};
    }
    html! {
        <ul class="ref-hints" data-testid={format!("refs-{}", field.id())} aria-label={format!("Reference values for {}", field.label().to_lowercase())}>
            { for values.into_iter().map(|r| {
                let onclick = {
                    let on_edit = on_edit.clone();
                    let text = plain_number(r.value);
                    let currency = r.currency.as_ref().map(|c| c.to_string());
                    Callback::from(move |_: MouseEvent| {
                        if let Some(c) = &currency {
                            on_edit.emit(Edit::Text(Field::Currency, c.clone()));
                        }
                        on_edit.emit(Edit::Text(field, text.clone()));
                    })
                };
                let value = match &r.currency {
                    Some(c) => format!("{} {c}", number(r.value)),
                    None => number(r.value),
                };
                html! {
                    <li>
                        <button type="button" class="ref-hint" data-testid={format!("ref-{}", r.id)} title={r.note.to_string()} {onclick}>
                            { format!("Use {value}") }
                        </button>
                        { format!(" {}, {} · ", r.label, r.year) }
                        <SourceRef {catalogue} id={AttrValue::from(r.source.to_string())} />
                    </li>
                }
            }) }
        </ul>
    }
}

/// The scope as a chain: GPU boards → server (with overhead) → site (with pue).
fn scope_view(scope: Option<&PlanScope>) -> Html {
    let Some(s) = scope else {
        return html! { <p class="plan-scope" data-testid="plan-scope">{ "Scope: —" }</p> };
    };
    let step = |on: bool, text: String| html! { <span class={classes!("step", if on { "on" } else { "off" })}>{ text }</span> };
    html! {
        <p class="plan-scope" data-testid="plan-scope" data-scope={s.words()}>
            { "Scope: " }
            { step(true, "GPU boards".to_owned()) }{ " → " }
            { step(s.server(), if s.server() { format!("server (+{} W overhead)", number(s.overhead.value())) } else { "server (no overhead entered)".to_owned() }) }
            { " → " }
            { step(s.site(), if s.site() { format!("site (PUE {})", number(s.pue)) } else { "site (PUE 1: none counted)".to_owned() }) }
        </p>
    }
}

fn kind_words(kind: &Kind, scope: &str) -> String {
    let k = match kind {
        Kind::Ceiling => "Ceiling",
        Kind::Measured(_) => "Measured",
        Kind::Estimate(_) => "Estimate",
    };
    format!("{k} · {scope}")
}

/// One plan figure; "—" with what it needs where it has no value.
fn figure_view(
    testid: &'static str,
    label: &str,
    scope: &str,
    unit: Unit,
    figure: Option<&Figure>,
    needs: &str,
) -> Html {
    match figure {
        Some(f) => {
            // Counts of servers are whole: printed as they are, not to three figures.
            let show = |v: f64| if f.unit == Unit::Servers { format::plain(v) } else { format::three(v) };
            let value = match f.low {
                Some(low) => format!("{} to {}", show(low), show(f.value)),
                None => show(f.value),
            };
            let explanation = kind_explanation(crate::i18n::Lang::En.strings(), &f.kind, "");
            html! {
                <article class={classes!("figure", "plan-figure", format!("kind-{}", f.kind.id()))} data-testid={testid}
                    data-value={f.value.to_string()} data-low={f.low.map(|l| l.to_string())} data-kind={f.kind.id()}>
                    <h3>{ label.to_owned() }</h3>
                    <p class="value"><span class="number">{ value }</span>{ " " }<span class="unit">{ f.unit.symbol() }</span></p>
                    <p class="kind"><span class="badge">{ kind_words(&f.kind, scope) }</span>
                        if !explanation.is_empty() { { " " }{ explanation } }</p>
                </article>
            }
        }
        None => html! {
            <article class="figure plan-figure missing" data-testid={testid}>
                <h3>{ label.to_owned() }</h3>
                <p class="value"><span class="number">{ "—" }</span>{ " " }<span class="unit">{ unit.symbol() }</span></p>
                <p class="kind">{ format!("Needs {needs}.") }</p>
            </article>
        },
    }
}

/// Site J/token and kWh/day against load, as polylines over the curve's points.
fn chart(plan: &Plan) -> Html {
    let j: Vec<(f64, f64)> =
        plan.curve.iter().filter_map(|p| p.j_per_token.as_ref().map(|f| (p.load, f.value))).collect();
    let kwh: Vec<(f64, f64)> =
        plan.curve.iter().filter_map(|p| p.kwh_per_day.as_ref().map(|f| (p.load, f.value))).collect();
    if j.is_empty() && kwh.is_empty() {
        return html! {};
    }
    // Layout only: a 320 × 150 box, load 10–100 % across, each series scaled to its own maximum.
    let (left, right, top, bottom) = (44.0, 276.0, 12.0, 122.0);
    let x = |load: f64| left + (load - 10.0) / 90.0 * (right - left);
    let max = |s: &[(f64, f64)]| s.iter().map(|p| p.1).fold(0.0_f64, f64::max);
    let points = |s: &[(f64, f64)]| {
        let m = max(s);
        s.iter()
            .map(|&(l, v)| format!("{:.1},{:.1}", x(l), if m > 0.0 { bottom - v / m * (bottom - top) } else { bottom }))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (jmax, kmax) = (max(&j), max(&kwh));
    let label = format!(
        "Site J/token (up to {} at 10 % load) and kWh per day (up to {}) against load from 10 to 100 %.",
        format::three(jmax),
        format::three(kmax)
    );
    html! {
        <figure class="plan-chart" data-testid="plan-chart">
            <svg viewBox="0 0 320 150" role="img" aria-label={label.clone()} data-points={j.len().to_string()}>
                <title>{ label }</title>
                <line class="axis" x1={left.to_string()} y1={bottom.to_string()} x2={right.to_string()} y2={bottom.to_string()} />
                <line class="axis" x1={left.to_string()} y1={top.to_string()} x2={left.to_string()} y2={bottom.to_string()} />
                <line class="axis" x1={right.to_string()} y1={top.to_string()} x2={right.to_string()} y2={bottom.to_string()} />
                if !j.is_empty() {
                    <polyline class="series-j" data-testid="chart-j" points={points(&j)} />
                    <text class="tick j" x={(left - 4.0).to_string()} y={(top + 4.0).to_string()} text-anchor="end">{ format::three(jmax) }</text>
                }
                if !kwh.is_empty() {
                    <polyline class="series-kwh" data-testid="chart-kwh" points={points(&kwh)} />
                    <text class="tick kwh" x={(right + 4.0).to_string()} y={(top + 4.0).to_string()}>{ format::three(kmax) }</text>
                }
                <text class="tick" x={left.to_string()} y="136" text-anchor="middle">{ "10 %" }</text>
                <text class="tick" x={right.to_string()} y="136" text-anchor="middle">{ "100 %" }</text>
                <text class="tick" x="160" y="147" text-anchor="middle">{ "average load" }</text>
            </svg>
            <figcaption>
                <span class="key-j">{ "━ site J/token (left)" }</span>{ " · " }<span class="key-kwh">{ "┅ kWh per day (right)" }</span>
            </figcaption>
        </figure>
    }
}

/// The plan's fields in one line, for the printed sheet.
fn print_line(form: &PlanForm) -> String {
    plan::FIELDS
        .iter()
        .filter_map(|&f| form.get(f).filter(|t| !t.trim().is_empty()).map(|t| format!("{} {}", f.label(), t.trim())))
        .collect::<Vec<_>>()
        .join(" · ")
}

#[function_component(PlanPanel)]
pub fn plan_panel(props: &PlanProps) -> Html {
    let c = props.catalogue;
    let p = &props.plan;
    let form = &props.form;
    let errors = &props.errors;
    let number_field = |field: Field| {
        html! {
            <NumberField {field} value={AttrValue::from(form.get(field).unwrap_or_default().to_owned())}
                hint={hint(field, props.limit_watts)}
                error={error_for(errors, field).map(|e| AttrValue::from(e.to_string()))}
                on_edit={props.on_edit.clone()} on_reveal={props.on_reveal.clone()} />
        }
    };
    let choice = |field: Field, options: Vec<(&'static str, &'static str)>| {
        let value = form.get(field).filter(|t| !t.is_empty()).or(plan::default_text(field)).unwrap_or_default();
        let opts = options
            .into_iter()
            .map(|(v, l)| Opt { value: AttrValue::from(v), label: AttrValue::from(l), disabled: false })
            .collect::<Vec<_>>();
        html! {
            <>
                <Choice id={field.id()} label={field.label()} options={opts} value={AttrValue::from(value.to_owned())}
                    on_change={props.on_edit.reform(move |v: String| Edit::Text(field, v))}
                    invalid={error_for(errors, field).is_some()} />
                if let Some(e) = error_for(errors, field) {
                    <p class="error" role="alert" id={format!("error-{}", field.id())} data-testid={format!("error-{}", field.id())}>{ e.to_string() }</p>
                }
            </>
        }
    };
    let scope = p.scope.as_ref();
    let server_scope = if scope.is_some_and(PlanScope::server) { "GPU boards + server" } else { "GPU boards" };
    let site_scope = scope.map_or("GPU boards", PlanScope::words);
    let money = Unit::Money(p.currency);
    let set = form.is_set();
    let currencies: Vec<(&'static str, &'static str)> = Currency::ALL.iter().map(|c| (c.id(), c.id())).collect();

    html! {
        <section class={classes!("plan", set.then_some("plan-set"))} aria-labelledby="plan-title" data-testid="plan">
            <h2 id="plan-title">{ "Plan a deployment" }</h2>
            <p class="hint">{ "From one server's ceiling to a site's power, energy, cost, carbon and electrics. Every field is optional; the figures use the configuration above." }</p>
            <p class="print-only plan-print-line" data-testid="print-plan">{ format!("Plan: {}", print_line(form)) }</p>
            { scope_view(scope) }
            <div class="plan-fields">
                <fieldset>
                    <legend>{ "Demand and load" }</legend>
                    { number_field(Field::Demand) }
                    { number_field(Field::Load) }
                    { number_field(Field::Answer) }
                </fieldset>
                <fieldset>
                    <legend>{ "Server and site" }</legend>
                    { number_field(Field::Idle) }
                    { number_field(Field::Overhead) }
                    { number_field(Field::Pue) }
                    { references(c, Field::Pue, &props.on_edit) }
                </fieldset>
                <fieldset>
                    <legend>{ "Price and carbon" }</legend>
                    { number_field(Field::Price) }
                    { choice(Field::Currency, currencies) }
                    { references(c, Field::Price, &props.on_edit) }
                    { number_field(Field::Co2) }
                    { references(c, Field::Co2, &props.on_edit) }
                </fieldset>
                <fieldset>
                    <legend>{ "Electrics" }</legend>
                    { number_field(Field::Volts) }
                    { choice(Field::Phases, vec![("1", "1 phase"), ("3", "3 phases (voltage line to line)")]) }
                    { number_field(Field::PowerFactor) }
                    { number_field(Field::Rack) }
                </fieldset>
            </div>
            <div class="plan-figures">
                { figure_view("server-power-w", "Peak power per server", server_scope, Unit::Watts, p.server_power.as_ref(), "a valid card, cards per server and power limit") }
                { figure_view("it-power-kw", "IT power, all servers", server_scope, Unit::Kilowatts, p.it_power.as_ref(), "valid servers") }
                { figure_view("site-power-w", "Site power at the average load", site_scope, Unit::Watts, p.site_power.as_ref(), "valid servers, load, idle, overhead and PUE") }
                { figure_view("site-kwh-per-day", "Site energy per day", site_scope, Unit::KilowattHoursPerDay, p.site_kwh_per_day.as_ref(), "valid servers, load, idle, overhead and PUE") }
                { figure_view("site-kwh-per-year", "Site energy per year", site_scope, Unit::KilowattHoursPerYear, p.site_kwh_per_year.as_ref(), "valid servers, load, idle, overhead and PUE") }
                { figure_view("site-j-per-token", "Site energy per output token", site_scope, Unit::JoulesPerToken, p.site_j_per_token.as_ref(), "a valid throughput, load, idle, overhead and PUE") }
                { figure_view("servers-needed", "Servers needed for the demand", "throughput per server", Unit::Servers, p.servers_needed.as_ref(), "output tokens per day and a valid throughput") }
                { figure_view("cost-per-year", "Electricity cost per year", site_scope, money, p.cost_per_year.as_ref(), "an electricity price") }
                { figure_view("cost-per-mtok", "Electricity cost per million output tokens", site_scope, money, p.cost_per_mtok.as_ref(), "an electricity price") }
                { figure_view("co2-kg-per-year", "Emissions per year", site_scope, Unit::KilogramsCo2e, p.co2_per_year.as_ref(), "a grid carbon intensity") }
                { figure_view("co2-g-per-mtok", "Emissions per million output tokens", site_scope, Unit::GramsCo2e, p.co2_per_mtok.as_ref(), "a grid carbon intensity") }
                { figure_view("j-per-answer", "Site energy per answer", site_scope, Unit::JoulesPerAnswer, p.j_per_answer.as_ref(), "output tokens per answer") }
                { figure_view("amps-per-phase", "Current per phase, one server at peak", server_scope, Unit::Amperes, p.amps_per_phase.as_ref(), "a supply voltage") }
                { figure_view("servers-per-rack", "Servers per rack position", server_scope, Unit::Servers, p.servers_per_rack.as_ref(), "a rack position budget") }
                { figure_view("limit-for-one-more", "Power limit per card for one more server", server_scope, Unit::Watts, p.limit_for_one_more.as_ref(), "a rack position budget") }
                { figure_view("heat-it-btu-per-h", "Heat of the IT load", server_scope, Unit::BtuPerHour, p.heat.as_ref(), "valid servers") }
                { figure_view("cooling-kw", "Cooling for the IT load", server_scope, Unit::Kilowatts, p.cooling.as_ref(), "valid servers") }
            </div>
            { eu_view(c, p) }
            { chart(p) }
        </section>
    }
}

fn eu_view(catalogue: Cat, p: &Plan) -> Html {
    match p.eu {
        Some(eu) => html! {
            <p class={classes!("eu", eu.reached.then_some("reached"))} data-testid="eu-2024-1364" data-value={if eu.reached { "1" } else { "0" }}>
                <strong>{ if eu.reached {
                    format!("EU reporting threshold reached: {} kW of IT power at the cards' limits is at least 500 kW. ", format::three(eu.it_kilowatts))
                } else {
                    format!("Below the EU reporting threshold: {} kW of IT power at the cards' limits is under 500 kW. ", format::three(eu.it_kilowatts))
                } }</strong>
                { EU_WORDS }{ ". Whether the regulation applies to a site is a legal assessment, not this page's. " }
                <SourceRef {catalogue} id={AttrValue::from(EU_SOURCE)} />
            </p>
        },
        None => html! {
            <p class="eu" data-testid="eu-2024-1364">{ "EU reporting threshold: — (needs valid servers)." }</p>
        },
    }
}
