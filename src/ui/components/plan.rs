//! "Plan a deployment" (issue 10): the plan's fields with their reference values, the scope at a
//! glance, the plan's figures, the EU threshold and the load curve. Every number comes from
//! `crate::plan` as a `Figure`; this lays them out.

use super::choice::{Choice, Opt};
use super::figures::{ends_view, origins_view};
use super::number_field::NumberField;
use super::source::source_ref;
use crate::catalogue::ReferenceValue;
use crate::figure::{Figure, Kind, Unit};
use crate::float::{fixed, Text};
use crate::form::{plain_number, Edit, Field, InputError};
use crate::i18n::{number, Lang, Strings};
use crate::model::Figures;
use crate::plan::{self, Currency, Plan, PlanForm, PlanNotice, PlanScope, EU_SOURCE};
use crate::ui::words::use_lang;
use crate::ui::{format, Cat};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PlanProps {
    pub catalogue: Cat,
    /// The page's form, whose plan fields this section shows (compared by address).
    pub form: crate::ui::Same<crate::form::Form>,
    /// The page's answer: the plan, and the configuration's own figures above it (a plan figure
    /// with the same value is not shown again). Compared by address: a new answer is a new plan.
    pub answer: crate::ui::Same<crate::plan::Answer<'static>>,
    /// The power limit as checked (idle's range ends there).
    pub limit_watts: Option<f64>,
    /// The messages shown now.
    pub errors: Vec<InputError>,
    pub on_edit: Callback<Edit>,
    pub on_reveal: Callback<Field>,
    /// The customer's own model (issue 28.7): as typed, and the proxy the core chose.
    #[prop_or_default]
    pub own: Own,
    /// The card on the page: its sourced idle power is offered beside the idle field (issue 35).
    #[prop_or_default]
    pub card: AttrValue,
    /// Its name, for the line that says what is not published for it (issue 40).
    #[prop_or_default]
    pub card_name: AttrValue,
    /// Drawn whole from the first render (the page drew it for print), not in parts.
    #[prop_or_default]
    pub at_once: bool,
}

/// The customer's own model as the plan shows it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Own {
    pub name: AttrValue,
    pub size: AttrValue,
    pub arch: AttrValue,
    /// What the proxy line says; `None` while nothing of the model is given.
    pub proxy: Option<(crate::proxy::Proxy, Option<crate::catalogue::Benchmark>)>,
}

fn error_for(errors: &[InputError], field: Field) -> Option<&InputError> {
    errors.iter().find(|e| e.field == field)
}

/// The hint under a plan field: its range, and its default or what it is needed for.
fn hint(t: &'static Strings, field: Field, limit: Option<f64>) -> String {
    // The unit stands beside the box (issue 34), so the range is said without it.
    let range =
        plan::range(field, limit.map(crate::units::Watts)).map(|r| (t.hint)(&crate::form::Range { unit: "", ..r }));
    // Every plan field is optional, as the plan's first line says: a hint names a field's default,
    // and says "optional" only where it has nothing else to say (issue 38: the phone's height).
    let default = plan::default_text(field).map(|d| (t.plan_empty)(Some(d)));
    match (field, range, default) {
        (Field::Idle, None, Some(d)) => format!("{}; {d}", t.idle_hint),
        (Field::Idle, None, None) => t.idle_hint.to_owned(),
        (_, Some(r), Some(d)) => format!("{r}; {d}"),
        (_, Some(r), None) => r,
        (_, None, Some(d)) => d,
        (_, None, None) => (t.plan_empty)(None),
    }
}

/// A server no source describes and no measurement bounds (issue 48): its own draw is not published;
/// the command that reads it replaces any reference value.
fn overhead_unpublished(t: &'static Strings, plan: &Plan) -> Html {
    let unsourced = plan
        .system
        .as_ref()
        .is_some_and(|s| s.sourced.is_none() && s.comparable.is_none() && s.part_noun() == crate::system::Noun::Server);
    if !unsourced {
        return html! {};
    }
    html! { <p class="hint" data-testid="overhead-unpublished">{ t.overhead_unpublished }<code>{ "ipmitool dcmi power reading" }</code>{ t.overhead_unpublished_after }</p> }
}

/// The significant digits of a plainly written number ("3.908" → 4, "4600" → 2, "0.26" → 2).
fn significant_digits(plain: &str) -> usize {
    let digits: String = plain.chars().filter(char::is_ascii_digit).collect();
    let trimmed = digits.trim_start_matches('0');
    let trimmed = if plain.contains('.') { trimmed } else { trimmed.trim_end_matches('0') };
    trimmed.len().max(1)
}

/// Reference values beside a field: a click applies one (a price with its currency).
/// `note`: what the fold says first (issue 48: the overhead of a server no source describes), shown
/// alone where no value is offered.
fn references(lang: Lang, catalogue: Cat, field: Field, plan: &Plan, on_edit: &Callback<Edit>, note: Html) -> Html {
    let t = lang.strings();
    let values: Vec<&ReferenceValue> = plan::reference_for_plan(field, plan).collect();
    if values.is_empty() {
        return note;
    }
    let count = values.len();
    html! {
        <details class="ref-hints-box">
        <summary>{ (t.refs_summary)(count) }</summary>
        { note }
        <ul class="ref-hints" data-testid={format!("refs-{}", field.id())} aria-label={(t.refs_label)((t.field)(field))}>
            { for values.into_iter().map(|r| {
                let onclick = {
                    let on_edit = on_edit.clone();
                    // Written as the page's language reads it: "1.947" is 1,947 in German, "1,947" is 1.947.
                    let text = (t.decimal)(&plain_number(r.value));
                    let currency = r.currency.as_ref().map(|c| c.to_string());
                    Callback::from(move |_: MouseEvent| {
                        if let Some(c) = &currency {
                            on_edit.emit(Edit::Text(Field::Currency, c.clone()));
                        }
                        on_edit.emit(Edit::Text(field, text.clone()));
                    })
                };
                // The button shows the value it applies, in full; its digits are stated (`data-digits`) so
                // a reader of the page can tell "3,908" (German, 3.908) from a thousands group.
                let digits = significant_digits(&plain_number(r.value));
                let shown = number(lang, r.value);
                let value = match &r.currency {
                    Some(c) => format!("{shown} {c}"),
                    None => shown.clone(),
                };
                let words = (t.use_value)(&value);
                let (before, after) = words.split_once(shown.as_str()).unwrap_or((words.as_str(), ""));
                html! {
                    <li>
                        <button type="button" class="ref-hint" data-testid={format!("ref-{}", r.id)} data-value={r.value.text()} title={crate::i18n::pick(lang, &r.note, r.note_de.as_deref()).to_owned()} {onclick}>
                            { before.to_owned() }<span data-value={r.value.text()} data-digits={digits.to_string()}>{ shown.clone() }</span>{ after.to_owned() }
                        </button>
                        { format!(" {}, {} · ", crate::i18n::breakable(crate::i18n::pick(lang, &r.label, r.label_de.as_deref()), lang), crate::i18n::reference_year(&r.year, lang)) }
                        { source_ref(catalogue, &r.source) }
                    </li>
                }
            }) }
        </ul>
        </details>
    }
}

/// The card's sourced idle power (issue 35): each reading with its source, used while the field is
/// empty. A reading that is a spread is offered as the spread, never as one point of it.
fn idle_references(lang: Lang, catalogue: Cat, card: &str) -> Html {
    let t = lang.strings();
    let values: Vec<&ReferenceValue> =
        plan::reference_for(Field::Idle).filter(|r| r.card.as_deref() == Some(card)).collect();
    if values.is_empty() {
        return html! {};
    }
    html! {
        <details class="ref-hints-box" data-testid="refs-idle-box">
        <summary>{ (t.refs_summary)(values.len()) }</summary>
        <ul class="ref-hints" data-testid="refs-idle" aria-label={(t.refs_label)((t.field)(Field::Idle))}>
            { for values.into_iter().map(|r| html! {
                <li data-testid={format!("ref-{}", r.id)} title={crate::i18n::pick(lang, &r.note, r.note_de.as_deref()).to_owned()}>
                    { format!("{} W, {}, {} · ", format::figure_value_plain(r.value, r.high.unwrap_or(r.value), t.range_to),
                        crate::i18n::breakable(crate::i18n::pick(lang, &r.label, r.label_de.as_deref()), lang), crate::i18n::reference_year(&r.year, lang)) }
                    { source_ref(catalogue, &r.source) }
                </li>
            }) }
        </ul>
        <p class="hint">{ t.idle_default_note }</p>
        </details>
    }
}

/// Site J/token against the busy-hour load (issue 35), on log scales, the demand's load marked.
fn sweep_view(t: &'static Strings, plan: &Plan) -> Html {
    let Some(c) = crate::chart::sweep_chart(plan) else { return html! {} };
    let path = |pts: &[(f64, f64)]| {
        pts.iter().map(|(x, y)| format!("{},{}", fixed(*x, 1), fixed(*y, 1))).collect::<Vec<_>>().join(" ")
    };
    let band: Vec<(f64, f64)> = c.upper.iter().copied().chain(c.lower.iter().rev().copied()).collect();
    let bottom = 150.0;
    html! {
        <details class="fold plan-chart-fold no-print" data-testid="load-sweep-fold">
        <summary>{ t.sweep_summary }</summary>
        <figure class="plan-chart sweep-chart" data-testid="load-sweep" data-points={c.upper.len().to_string()} tabindex="0">
            <svg viewBox={format!("0 0 {} {}", crate::chart::SWEEP_W.text(), crate::chart::SWEEP_H.text())} role="img" aria-label={t.sweep_summary}>
                <title>{ t.sweep_summary }</title>
                <polygon class="sweep-band" points={path(&band)} />
                <polyline class="sweep-line" points={path(&c.upper)} />
                <polyline class="sweep-line" points={path(&c.lower)} />
                <line class="axis" x1="46" y1={bottom.text()} x2="308" y2={bottom.text()} />
                <line class="axis" x1="46" y1="12" x2="46" y2={bottom.text()} />
                { for c.x_ticks.iter().map(|tk| html! {
                    // The last tick ends at the axis's end, inside the box (issue 53).
                    <text class="tick" x={fixed(tk.x, 1)} y="164" text-anchor={if tk.x > 290.0 { "end" } else { "middle" }}>{ format!("{} %", format::plain(tk.value)) }</text>
                }) }
                { for c.y_ticks.iter().map(|(y, v)| html! {
                    <text class="tick" x="42" y={fixed(y + 4.0, 1)} text-anchor="end">{ format::three(*v) }</text>
                }) }
                if let Some((x, v)) = c.here {
                    <line class="sweep-here" x1={fixed(x, 1)} y1="12" x2={fixed(x, 1)} y2={bottom.text()} data-testid="sweep-here" data-value={v.text()} />
                    // Inside the box at any load (issue 53): right of the mark on the left half, left of it on the right.
                    if x > 177.0 {
                        <text class="tick" x={fixed(x - 3.0, 1)} y="24" text-anchor="end">{ t.sweep_here }</text>
                    } else {
                        <text class="tick" x={fixed(x + 3.0, 1)} y="24">{ t.sweep_here }</text>
                    }
                }
            </svg>
            // The axes' words as the page's text (issue 53): they wrap inside the box at 360 px, where a
            // German line in the drawing ran past its edge; and the value at the demand's own load.
            <figcaption>
                <span class="sweep-axis">{ t.sweep_y }</span>{ " · " }<span class="sweep-axis">{ t.sweep_x }</span>
                if let (Some(_), Some(f)) = (c.here, plan.site_j_per_token.as_ref()) {
                    <br />
                    <span data-testid="sweep-here-value" data-value={f.value.text()} data-low={f.low.map(|l| l.text())}>
                        { format!("{}: {} {}", t.sweep_here, format::figure_value(f, t.range_to), (t.unit)(f.unit)) }</span>
                }
            </figcaption>
        </figure>
        </details>
    }
}

/// The scope as a chain: GPU boards → server (with overhead) → site (with pue).
fn scope_view(lang: Lang, scope: Option<&PlanScope>) -> Html {
    let t = lang.strings();
    let Some(s) = scope else {
        return html! { <p class="plan-scope" data-testid="plan-scope">{ t.scope_label }{ "—" }</p> };
    };
    let step = |on: bool, text: String| html! { <span class={classes!("step", if on { "on" } else { "off" })}>{ text }</span> };
    html! {
        <p class="plan-scope" data-testid="plan-scope" data-scope={s.words()}>
            { t.scope_label }
            { step(true, (t.plan_scope)(false, false).to_owned()) }{ " → " }
            { step(s.server(), (t.scope_server)(s.server().then(|| number(lang, s.overhead.value())).as_deref())) }
            { " → " }
            { step(s.site(), (t.scope_site)(s.site().then(|| number(lang, s.pue)).as_deref())) }
        </p>
    }
}

fn kind_words(t: &'static Strings, kind: &Kind, scope: &str) -> String {
    // The same form as `Strings::tag`: "estimate, throughput per server".
    let k = match kind {
        Kind::Ceiling => t.tag_ceiling,
        Kind::Measured(_) => t.word_measured,
        Kind::Estimate(_) => t.tag_estimate,
    };
    format!("{k}, {scope}")
}

/// One plan figure: its value (a range as a range), its kind and scope as a badge, and what only it
/// says (a note); a range's named ends are said once, under the figures. The plan's assumptions and sources are listed once below the
/// figures, and a figure without a value is no card (the "more" line says what it needs).
fn figure_view(
    t: &'static Strings,
    testid: &'static str,
    (label, scope): (&str, &str),
    f: &Figure,
    note: Option<(&'static str, String)>,
) -> Html {
    let note = note.map(|(id, text)| html! { <p class="note" data-testid={id}>{ text }</p> });
    let read = f.for_reading();
    let value = format::figure_value(&read, t.range_to);
    html! {
        <article class={classes!("figure", "plan-figure", format!("kind-{}", f.kind.id()))} data-testid={testid}
            data-value={f.value.text()} data-low={f.low.map(|l| l.text())} data-kind={f.kind.id()}>
            <h3>{ label.to_owned() }</h3>
            <p class="value">{ t.side(f) }<span class="number">{ value }</span>{ " " }<span class="unit">{ t.unit_after(read.value, read.low, read.unit) }</span></p>
            // A power or energy carries its own boundary (issue 34); a count names what it counts.
            <p class="kind"><a class="badge" href="#kinds" data-testid="tag" data-scope={f.scope_id()}>{
                if f.boundary == crate::figure::Boundary::Uncounted { kind_words(t, &f.kind, scope) } else { t.tag(f) }
            }</a></p>
            { note }
        </article>
    }
}

/// Whether two figures show the same value in the same unit (watts and kilowatts are one unit).
fn same_value(a: &Figure, b: &Figure) -> bool {
    let norm = |f: &Figure| match f.unit {
        Unit::Kilowatts => (Unit::Watts, f.value * 1000.0, f.low.map(|l| l * 1000.0)),
        unit => (unit, f.value, f.low),
    };
    let close = |x: f64, y: f64| (x - y).abs() <= 1e-9 * x.abs().max(y.abs());
    let ((ua, va, la), (ub, vb, lb)) = (norm(a), norm(b));
    ua == ub
        && close(va, vb)
        && match (la, lb) {
            (Some(x), Some(y)) => close(x, y),
            (None, None) => true,
            _ => false,
        }
}

/// Site J/token and kWh/day against load, as polylines over the curve's points.
fn chart(t: &'static Strings, plan: &Plan) -> Html {
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
            .map(|&(l, v)| {
                format!(
                    "{},{}",
                    fixed(x(l), 1),
                    fixed(if m > 0.0 { bottom - v / m * (bottom - top) } else { bottom }, 1)
                )
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (jmax, kmax) = (max(&j), max(&kwh));
    let label = (t.chart_label)(&format::three(jmax), &format::three(kmax));
    html! {
        <details class="fold plan-chart-fold">
        <summary>{ t.plan_chart_summary }</summary>
        <figure class="plan-chart" data-testid="plan-chart" tabindex="0">
            <svg viewBox="0 0 320 150" role="img" aria-label={label.clone()} data-points={j.len().to_string()}>
                <title>{ label }</title>
                <line class="axis" x1={left.text()} y1={bottom.text()} x2={right.text()} y2={bottom.text()} />
                <line class="axis" x1={left.text()} y1={top.text()} x2={left.text()} y2={bottom.text()} />
                <line class="axis" x1={right.text()} y1={top.text()} x2={right.text()} y2={bottom.text()} />
                if !j.is_empty() {
                    <polyline class="series-j" data-testid="chart-j" points={points(&j)} />
                    <text class="tick j" x={(left - 4.0).text()} y={(top + 4.0).text()} text-anchor="end">{ format::three(jmax) }</text>
                }
                if !kwh.is_empty() {
                    <polyline class="series-kwh" data-testid="chart-kwh" points={points(&kwh)} />
                    <text class="tick kwh" x={(right + 4.0).text()} y={(top + 4.0).text()}>{ format::three(kmax) }</text>
                }
                <text class="tick" x={left.text()} y="136" text-anchor="middle">{ "10 %" }</text>
                <text class="tick" x={right.text()} y="136" text-anchor="middle">{ "100 %" }</text>
                <text class="tick" x="160" y="147" text-anchor="middle">{ t.chart_load }</text>
            </svg>
            <figcaption>
                <span class="key-j">{ t.chart_key_j }</span>{ " · " }<span class="key-kwh">{ t.chart_key_kwh }</span>
            </figcaption>
        </figure>
        </details>
    }
}

/// A plan figure as shown: its test id, its label and scope, the figure, and its note.
type Card<'a> = (&'static str, (String, &'static str), &'a Figure, Option<(&'static str, String)>);
/// A plan figure that may be shown: as a [`Card`], with a figure that may be missing.
type Candidate<'a> = (&'static str, String, &'static str, Option<&'a Figure>, Option<(&'static str, String)>);

#[function_component(PlanPanel)]
pub fn plan_panel(props: &PlanProps) -> Html {
    let lang = use_lang();
    let t = lang.strings();
    // "Your model" opens once a model is given and stays open; a person opens it by hand before.
    let own_opened = use_mut_ref(|| false);
    if props.own.proxy.is_some() {
        *own_opened.borrow_mut() = true;
    }
    let own_open = *own_opened.borrow();
    // The first fieldsets at once, the next ones a task later, the electrics and the figures one
    // more (issue 41).
    let parts = crate::ui::stage::use_parts(3, props.at_once);
    let c = props.catalogue;
    let p = &props.answer.plan;
    let form = &props.form.plan;
    let set = form.is_set();
    let cards = shown(p, &props.answer.evaluation.figures, candidates(t, p));
    html! {
        <section class={classes!("plan", set.then_some("plan-set"), (p.basis == plan::EnergyBasis::Demand).then_some("plan-demand"))} aria-labelledby="plan-title" data-testid="plan">
            <h2 id="plan-title">{ t.plan_title }</h2>
            <p class="hint">{ t.plan_intro }</p>
            <p class="print-only plan-print-line" data-testid="print-plan">{ t.plan_print }{ crate::export::plan_inputs(form, lang, lang).join(" · ") }</p>
            { scope_view(lang, p.scope.as_ref()) }
            { Fields { lang, t, props }.view(own_open, parts) }
            if parts >= 3 {
                // Back to the answer from the last field (issue 38): on a phone it is screens above.
                if p.answers() {
                    <p class="to-answer no-print"><a href="#the-answer" data-testid="to-answer">{ t.to_answer }</a></p>
                }
                { notices_view(t, &p.notices) }
                { system_view(t, p, c) }
                if p.embodied_unpublished && set {
                    <p class="note" data-testid="embodied-unpublished">{ (t.embodied_unpublished)(&props.card_name) }</p>
                }
                <div class="plan-figures">
                    { for cards.iter().map(|(id, labels, f, note)| figure_view(t, id, (labels.0.as_str(), labels.1), f, note.clone())) }
                </div>
                { range_view(t, p) }
                { basis_view(t, c, &cards.iter().map(|c| c.2).chain(answered(p)).collect::<Vec<_>>()) }
                { more_view(t, form) }
                { eu_view(t, c, p, p.scope.map(|s| s.pue).filter(|_| !form.pue.trim().is_empty())) }
                // The sweep (a demand's busy-hour load) supersedes the average-load curve where it is drawn.
                if p.sweep.is_empty() || p.basis != plan::EnergyBasis::Demand { { chart(t, p) } } else { { sweep_view(t, p) } }
            }
        </section>
    }
}

/// The plan's fields, in their fieldsets, each with its hint, message and reference values.
struct Fields<'a> {
    lang: Lang,
    t: &'static Strings,
    props: &'a PlanProps,
}

impl Fields<'_> {
    /// The fields: your model's, the demand's and the people's; from `parts` 2 the site's and the
    /// price's, from 3 the electrics'.
    fn view(&self, own_open: bool, parts: u8) -> Html {
        let (lang, t, props) = (self.lang, self.t, self.props);
        let currencies: Vec<(&'static str, &'static str)> = Currency::ALL.iter().map(|c| (c.id(), c.id())).collect();
        html! {
            <div class="plan-fields">
                { own_view(lang, props.catalogue, own_open, &props.own, &props.errors, &props.on_edit, &props.on_reveal) }
                <fieldset>
                    <legend>{ t.legend_demand }</legend>
                    { self.number(Field::Demand) }
                    { self.number(Field::Hours) }
                    { self.number(Field::Load) }
                    { self.number(Field::Answer) }
                </fieldset>
                <fieldset>
                    <legend>{ t.legend_people }</legend>
                    { self.number(Field::Users) }
                    { self.number(Field::Speed) }
                    // issue 48: headroom, once it matters — set, with a message, or the busy load above 80 %
                    // (the plan's height on a phone).
                    if self.any_set(&[Field::Headroom]) || props.answer.plan.notices.iter().any(|n| matches!(n, PlanNotice::BusyHigh { .. })) {
                        { self.number(Field::Headroom) }
                    }
                </fieldset>
                if parts >= 2 {
                    <fieldset>
                        <legend>{ t.legend_site }</legend>
                        { self.number(Field::Idle) }
                        { idle_references(lang, props.catalogue, &props.card) }
                        { self.number(Field::Overhead) }
                        { self.number(Field::Pue) }
                        // issue 48: the overhead's fold (a PCIe server's) below the pair, so overhead and PUE
                        // keep one row where the fieldset has two columns.
                        { self.references(Field::Overhead) }
                        { self.references(Field::Pue) }
                    </fieldset>
                    <fieldset>
                        <legend>{ t.legend_price }</legend>
                        { self.number(Field::Price) }
                        { self.choice(Field::Currency, currencies) }
                        { self.references(Field::Price) }
                        { self.number(Field::Co2) }
                        { self.references(Field::Co2) }
                        // Water and the hardware's manufacturing footprint (issue 40): folded until set.
                        <details class="fold water-fold" data-testid="water-fold" open={self.any_set(&[Field::Wue, Field::Water, Field::Life])}>
                            <summary>{ t.water_summary }</summary>
                            { self.number(Field::Wue) }
                            { self.references(Field::Wue) }
                            { self.number(Field::Water) }
                            { self.references(Field::Water) }
                            { self.number(Field::Life) }
                        </details>
                    </fieldset>
                }
                if parts >= 3 {
                    <fieldset>
                        <legend>{ t.legend_electrics }</legend>
                        { self.number(Field::Volts) }
                        { self.choice(Field::Phases, vec![("1", t.phase_one), ("3", t.phase_three)]) }
                        { self.number(Field::PowerFactor) }
                        { self.number(Field::Rack) }
                        // The circuits (issue 36): folded until one of its fields is set or has a message.
                        <details class="fold circuits-fold" data-testid="circuits-fold" open={self.any_set(&[Field::Breaker, Field::Derate, Field::Feeds])}>
                            <summary>{ t.circuits_summary }</summary>
                            { self.number(Field::Breaker) }
                            { self.number(Field::Derate) }
                            { self.references(Field::Derate) }
                            { self.number(Field::Feeds) }
                        </details>
                    </fieldset>
                }
            </div>
        }
    }

    /// Whether one of `fields` is typed into or has a message (its fold is then open).
    fn any_set(&self, fields: &[Field]) -> bool {
        let (form, errors) = (&self.props.form.plan, &self.props.errors);
        fields.iter().any(|f| form.get(*f).is_some_and(|t| !t.trim().is_empty()) || error_for(errors, *f).is_some())
    }

    fn references(&self, field: Field) -> Html {
        let note = if field == Field::Overhead {
            overhead_unpublished(self.t, &self.props.answer.plan)
        } else {
            html! {}
        };
        references(self.lang, self.props.catalogue, field, &self.props.answer.plan, &self.props.on_edit, note)
    }

    fn number(&self, field: Field) -> Html {
        let (t, props, p) = (self.t, self.props, &self.props.answer.plan);
        html! {
            <NumberField {field} value={AttrValue::from(props.form.plan.get(field).unwrap_or_default().to_owned())}
                hint={hint(t, field, props.limit_watts)}
                unit={AttrValue::from((t.box_unit)(field, p.currency.id()))}
                question={p.notices.iter().find(|n| field == Field::Co2 && matches!(n, PlanNotice::Co2InKilograms { .. }))
                    .map(|n| AttrValue::from((t.plan_notice)(n)))}
                take={co2_take(t, field, &p.notices)}
                error={error_for(&props.errors, field).map(|e| AttrValue::from((t.input_error)(e)))}
                on_edit={props.on_edit.clone()} on_reveal={props.on_reveal.clone()} />
        }
    }

    fn choice(&self, field: Field, options: Vec<(&'static str, &'static str)>) -> Html {
        let (t, props) = (self.t, self.props);
        let errors = &props.errors;
        let value =
            props.form.plan.get(field).filter(|t| !t.is_empty()).or(plan::default_text(field)).unwrap_or_default();
        let opts = options
            .into_iter()
            .map(|(v, l)| Opt { value: AttrValue::from(v), label: AttrValue::from(l), disabled: false })
            .collect::<Vec<_>>();
        html! {
            <>
                <Choice id={field.id()} label={(t.field)(field)} options={opts} value={AttrValue::from(value.to_owned())}
                    on_change={props.on_edit.reform(move |v: String| Edit::Text(field, v))}
                    invalid={error_for(errors, field).is_some()} />
                if let Some(e) = error_for(errors, field) {
                    <p class="error" role="alert" id={format!("error-{}", field.id())} data-testid={format!("error-{}", field.id())}>{ (t.input_error)(e) }</p>
                }
            </>
        }
    }
}

// issue 53
/// The CO₂ question's answer: the value typed, in grams (× 1,000), as the page's language writes it.
fn co2_take(t: &'static Strings, field: Field, notices: &[PlanNotice]) -> Option<(AttrValue, AttrValue)> {
    notices.iter().find_map(|n| match n {
        PlanNotice::Co2InKilograms { typed } if field == Field::Co2 => {
            // Rounded off the float's last digits (0.385 × 1,000 is 385.00000000000006 in binary).
            let grams = (typed * 1000.0 * 1e9).round() / 1e9;
            let text = (t.decimal)(&plain_number(grams));
            Some((AttrValue::from((t.co2_take)(&text)), AttrValue::from(text)))
        }
        _ => None,
    })
}

/// The year's energy as a range with its named ends, and why it is one.
fn range_view(t: &'static Strings, p: &Plan) -> Html {
    // Only where its ends are named here: never a heading over nothing (issue 49). The serving range's
    // ends are named once, under the answer (issue 47).
    let Some(year) = p
        .site_kwh_per_year
        .as_ref()
        .filter(|f| super::figures::named_ends(t, f).is_some() && !super::figures::serving_range(f))
    else {
        return html! {};
    };
    let idle_note =
        p.notices.iter().find(|n| **n == PlanNotice::IdleDecides).map(|n| ("idle-decides", (t.plan_notice)(n)));
    html! {
        <div class="plan-range" data-testid="plan-range">
            <p><strong>{ (t.with_basis)(t.energy_label(crate::i18n::EnergyLabel::Year, Some(year)), p.basis) }</strong></p>
            { ends_view(t, year) }
            <p class="note">
                if let Some((id, text)) = idle_note { <span data-testid={id}>{ text }</span>{ " " }
                    <code translate="no">{ super::figures::IDLE_COMMAND }</code>{ " " } }
                <a href="#method-batch" data-testid="batch-link">{ t.m_why }</a>
            </p>
        </div>
    }
}

/// The figures the answer above shows: their assumptions and sources are listed here too.
fn answered(p: &Plan) -> Vec<&Figure> {
    if !p.answers() {
        return Vec::new();
    }
    let demand_token = if p.basis == plan::EnergyBasis::Demand { &p.site_j_per_token } else { &None };
    [&p.servers_needed, &p.rack_positions, demand_token, &p.site_kwh_per_year, &p.cost_per_year, &p.co2_per_year]
        .into_iter()
        .flatten()
        .collect()
}

/// The plan's figures in order, those with a value, each value once: a figure equal to one shown
/// above (the configuration's own) or earlier in the plan is not shown again.
fn shown<'a>(p: &Plan, above: &'a Figures, candidates: Vec<Candidate<'a>>) -> Vec<Card<'a>> {
    let mut seen: Vec<&Figure> =
        [&above.energy_per_token, &above.energy_per_million, &above.board_power, &above.energy_per_day, &above.heat]
            .into_iter()
            .flatten()
            .collect();
    let mut cards: Vec<Card> = Vec::new();
    for (id, label, scope, figure, note) in candidates {
        let Some(f) = figure else { continue };
        // The answer above leads with these; they are not repeated here.
        let in_answer = id != "site-j-per-token" || p.basis == plan::EnergyBasis::Demand;
        if p.answers() && Plan::ANSWER.contains(&id) && in_answer {
            continue;
        }
        // Counts and the busy load are never "the same value" as a power or an energy; the peak per
        // system is shown even where it equals the boards' power (issue 36).
        if id != "server-power-w" && seen.iter().any(|s| same_value(s, f)) {
            continue;
        }
        seen.push(f);
        cards.push((id, (label, scope), f, note));
    }
    cards
}

/// The scopes plan figures' badges name, and the nouns their labels count.
struct Scopes {
    /// Counts sized on the peak (servers per position, the limit for one more) name the peak's
    /// scope: the whole system where a stated maximum set it, never "GPU boards" then.
    server: &'static str,
    site: &'static str,
    throughput: &'static str,
    noun: crate::system::Noun,
    part: crate::system::Noun,
}

impl Scopes {
    fn of(t: &'static Strings, p: &Plan) -> Scopes {
        let scope = p.scope.as_ref();
        let server = if p.peak_boundary == crate::figure::Boundary::System {
            (t.scope_system)(false)
        } else {
            (t.plan_scope)(scope.is_some_and(PlanScope::server), false)
        };
        let site = scope.map_or((t.plan_scope)(false, false), |s| (t.plan_scope)(s.server(), s.site()));
        let noun = p.system.as_ref().map_or(crate::system::Noun::Server, plan::PlanSystem::noun);
        let part = p.system.as_ref().map_or(crate::system::Noun::Server, plan::PlanSystem::part_noun);
        let throughput = (t.noun_label)(crate::i18n::NounLabel::Throughput, noun);
        Scopes { server, site, throughput, noun, part }
    }
}

/// Every figure the plan may show, in page order.
fn candidates<'a>(t: &'static Strings, p: &'a Plan) -> Vec<Candidate<'a>> {
    let s = Scopes::of(t, p);
    let mut all = sizing_candidates(t, p, &s);
    all.extend(site_candidates(t, p, &s));
    all.extend(footprint_candidates(t, p, &s));
    all.extend(electric_candidates(t, p, &s));
    all
}

/// How many systems, how busy, and their power.
fn sizing_candidates<'a>(t: &'static Strings, p: &'a Plan, s: &Scopes) -> Vec<Candidate<'a>> {
    use crate::i18n::NounLabel as L;
    let (noun, part) = (s.noun, s.part);
    vec![
        ("servers-needed", (t.noun_label)(L::Needed, noun).to_owned(), s.throughput, p.servers_needed.as_ref(), None),
        ("busy-load-percent", (t.noun_label)(L::BusyLoad, noun).to_owned(), s.throughput, p.busy_load.as_ref(), None),
        ("streams-per-server", t.p_streams.to_owned(), s.throughput, p.streams_per_server.as_ref(), None),
        ("server-power-w", (t.noun_label)(L::Peak, noun).to_owned(), s.server, p.server_power.as_ref(), None),
        ("part-power-w", (t.noun_label)(L::PartPeak, part).to_owned(), s.server, p.part_power.as_ref(), None),
        ("it-power-kw", (t.noun_label)(L::ItPower, noun).to_owned(), s.server, p.it_power.as_ref(), None),
    ]
}

/// The site's power and energy.
fn site_candidates<'a>(t: &'static Strings, p: &'a Plan, s: &Scopes) -> Vec<Candidate<'a>> {
    use crate::i18n::EnergyLabel as E;
    let basis = |label: &str| (t.with_basis)(label, p.basis);
    vec![
        // For a demand the site's power is the day's energy over 24 hours: named as an average, with
        // the busy hours' power beside it (what feeds and cooling are sized on).
        (
            "site-power-w",
            if p.basis == plan::EnergyBasis::Demand {
                t.energy_label(E::PowerAverage, p.site_power.as_ref()).to_owned()
            } else {
                basis(t.energy_label(E::Power, p.site_power.as_ref()))
            },
            s.site,
            p.site_power.as_ref(),
            None,
        ),
        (
            "site-busy-power-w",
            t.energy_label(E::Busy, p.site_busy_power.as_ref()).to_owned(),
            s.site,
            p.site_busy_power.as_ref(),
            None,
        ),
        (
            "site-kwh-per-day",
            basis(t.energy_label(E::Day, p.site_kwh_per_day.as_ref())),
            s.site,
            p.site_kwh_per_day.as_ref(),
            None,
        ),
        (
            "site-kwh-per-year",
            basis(t.energy_label(E::Year, p.site_kwh_per_year.as_ref())),
            s.site,
            p.site_kwh_per_year.as_ref(),
            None,
        ),
        (
            "site-j-per-token",
            t.energy_label(E::Token, p.site_j_per_token.as_ref()).to_owned(),
            s.site,
            p.site_j_per_token.as_ref(),
            None,
        ),
    ]
}

/// Cost, CO₂, water, the hardware's manufacturing footprint, and an answer's energy.
fn footprint_candidates<'a>(t: &'static Strings, p: &'a Plan, s: &Scopes) -> Vec<Candidate<'a>> {
    let basis = |label: &str| (t.with_basis)(label, p.basis);
    // Water (issue 40): the year's total with its two parts named under it; a part alone where only
    // its factor is typed.
    let water_note = match (&p.water_onsite_l_per_year, &p.water_offsite_l_per_year) {
        (Some(on), Some(off)) => Some((
            "water-parts",
            (t.water_parts)(&format::figure_value(on, t.range_to), &format::figure_value(off, t.range_to)),
        )),
        _ => None,
    };
    let (water_onsite, water_offsite) = if p.water_l_per_year.is_some() {
        (None, None)
    } else {
        (p.water_onsite_l_per_year.as_ref(), p.water_offsite_l_per_year.as_ref())
    };
    let answer = t.energy_label(crate::i18n::EnergyLabel::Answer, p.j_per_answer.as_ref()).to_owned();
    // Issue 47: without a demand or a load, per million tokens is at full throughput: named so.
    let per_mtok = |label: &str| {
        if p.basis == crate::plan::EnergyBasis::Limit {
            format!("{label}{}", t.at_full_throughput)
        } else {
            label.to_owned()
        }
    };
    vec![
        ("cost-per-year", basis(t.p_cost_year), s.site, p.cost_per_year.as_ref(), None),
        ("cost-per-mtok", per_mtok(t.p_cost_mtok), s.site, p.cost_per_mtok.as_ref(), None),
        ("co2-kg-per-year", basis(t.p_co2_year), s.site, p.co2_per_year.as_ref(), None),
        ("co2-g-per-mtok", per_mtok(t.p_co2_mtok), s.site, p.co2_per_mtok.as_ref(), None),
        ("water-l-per-year", basis(t.p_water_year), s.site, p.water_l_per_year.as_ref(), water_note),
        ("water-onsite-l-per-year", basis(t.p_water_onsite), s.server, water_onsite, None),
        ("water-offsite-l-per-year", basis(t.p_water_offsite), s.site, water_offsite, None),
        ("embodied-kg-per-year", t.p_embodied_year.to_owned(), t.scope_embodied, p.embodied_kg_per_year.as_ref(), None),
        ("embodied-g-per-mtok", t.p_embodied_mtok.to_owned(), t.scope_embodied, p.embodied_g_per_mtok.as_ref(), None),
        ("j-per-answer", answer, s.site, p.j_per_answer.as_ref(), None),
    ]
}

/// Rack positions, circuits, feeds and cooling.
fn electric_candidates<'a>(t: &'static Strings, p: &'a Plan, s: &Scopes) -> Vec<Candidate<'a>> {
    use crate::i18n::NounLabel as L;
    let part = s.part;
    // Without the server's own draw, the count is of GPU boards, not of whole servers.
    // The answer says it beside the rack positions where it shows them: not again here.
    let rack_note = p
        .servers_per_rack
        .as_ref()
        .filter(|_| p.peak_boundary == crate::figure::Boundary::Boards)
        .filter(|_| !(p.answers() && p.rack_positions.is_some()))
        .map(|f| ("rack-boards-only", (t.rack_boards_only)(&format::plain(f.value))));
    // A rack-scale system takes one position per rack: "racks per position" says nothing there.
    let per_rack = p.servers_per_rack.as_ref().filter(|_| part != crate::system::Noun::Rack);
    vec![
        ("amps-per-phase", (t.noun_label)(L::Amps, part).to_owned(), s.server, p.amps_per_phase.as_ref(), None),
        ("servers-per-rack", (t.noun_label)(L::PerPosition, part).to_owned(), s.server, per_rack, rack_note),
        ("rack-positions-needed", t.p_rack_positions.to_owned(), s.server, p.rack_positions.as_ref(), None),
        (
            "limit-for-one-more",
            (t.noun_label)(L::OneMore, part).to_owned(),
            s.server,
            p.limit_for_one_more.as_ref(),
            None,
        ),
        ("circuit-kw", t.p_circuit_kw.to_owned(), t.scope_circuit, p.circuit_kw.as_ref(), None),
        ("circuits-per-feed", t.p_circuits_per_feed.to_owned(), t.scope_circuit, p.circuits_per_feed.as_ref(), None),
        ("feed-amps", t.p_feed_amps.to_owned(), s.server, p.feed_amps.as_ref(), None),
        ("position-kva", t.p_position_kva.to_owned(), s.server, p.position_kva.as_ref(), None),
        ("cooling-kw", t.p_cooling.to_owned(), s.server, p.cooling.as_ref(), None),
        ("heat-it-btu-per-h", t.p_heat.to_owned(), s.server, p.heat.as_ref(), None),
    ]
}

/// What the plan counts as one system and what its source states (issue 36), and the electrical
/// sign-off of one rack position where a voltage and a breaker are typed.
fn system_view(t: &'static Strings, p: &Plan, catalogue: Cat) -> Html {
    let Some(system) = &p.system else { return html! {} };
    // One server no source describes: its figures say "GPU boards" themselves; nothing to add.
    if system.sourced.is_none()
        && system.comparable.is_none()
        && system.parts() == 1
        && !matches!(system.shape, crate::system::Shape::Racks { .. })
        && p.sign_off.is_none()
    {
        return html! {};
    }
    let max_kw = system.sourced.as_ref().map(|s| (s.max_watts / 1000.0, s.max_high.unwrap_or(s.max_watts) / 1000.0));
    let gpus = system.gpus_per_part * system.parts();
    let words = crate::i18n::SystemWords { system, gpus, max_kw };
    html! {
        <div class="plan-system" data-testid="plan-system">
            <p data-testid="system-line" data-system={system.sourced.as_ref().map(|s| s.id.to_string())}
                data-comparable={system.comparable.as_ref().map(|s| s.id.to_string())}
                data-cooling={system.sourced.as_ref().and_then(|s| s.cooling.as_ref()).map(|c| c.text.to_string())}>
                { (t.system_line)(&words) }
                // issue 52: the vendor's system cites the vendor's source.
                if let Some(src) = system.sourced.as_ref().filter(|s| s.vendor) {
                    { " " }{ source_ref(catalogue, &src.source) }
                }</p>
            if let Some(s) = &p.sign_off {
                <p class="sign-off" role="status" data-testid="sign-off" data-rule={s.rule.percent().text()}
                    data-circuits={s.circuits_per_feed.text()} data-feeds={s.feeds.to_string()}>{ (t.sign_off)(s) }</p>
            }
        </div>
    }
}

/// The customer's own model, a fold across the plan's fields (closed until one is given): its name
/// (free text, kept in the link), its size and kind, and what the figures are for — the benchmark on
/// the page and the proxy, labelled as such.
fn own_view(
    lang: Lang,
    catalogue: Cat,
    open: bool,
    own: &Own,
    errors: &[InputError],
    on_edit: &Callback<Edit>,
    on_reveal: &Callback<Field>,
) -> Html {
    use crate::proxy::Arch;
    let t = lang.strings();
    let name_input = on_edit.reform(|e: InputEvent| {
        Edit::Text(Field::OwnModel, e.target_unchecked_into::<web_sys::HtmlInputElement>().value())
    });
    let options: Vec<Opt> = std::iter::once(("", t.arch_unset))
        .chain(Arch::ALL.iter().map(|a| (a.id(), (t.arch_name)(*a))))
        .map(|(v, l)| Opt { value: AttrValue::from(v), label: AttrValue::from(l), disabled: false })
        .collect();
    let size_hint =
        format!("{}; {}; {}", (t.hint)(&crate::input::OWN_SIZE_RANGE), t.own_size_moe, (t.plan_empty)(None));
    html! {
        <details class="own-model-fold" data-testid="own-model-fold" {open}>
        <summary>{ t.own_legend }</summary>
        <fieldset class="own-model" data-testid="own-model">
            <legend class="visually-hidden">{ t.own_legend }</legend>
            <p class="hint">{ t.own_hint }</p>
            <div class="field">
                <label for={Field::OwnModel.id()}>{ (t.field)(Field::OwnModel) }</label>
                <input id={Field::OwnModel.id()} data-testid={Field::OwnModel.id()} type="text" autocomplete="off"
                    translate="no" maxlength={crate::form::OWN_MODEL_MAX.to_string()} value={own.name.clone()} oninput={name_input} />
            </div>
            <NumberField field={Field::OwnSize} value={own.size.clone()} hint={size_hint}
                error={error_for(errors, Field::OwnSize).map(|e| AttrValue::from((t.input_error)(e)))}
                on_edit={on_edit.clone()} on_reveal={on_reveal.clone()} />
            <Choice id={Field::OwnArch.id()} label={(t.field)(Field::OwnArch)} {options} value={own.arch.clone()}
                on_change={on_edit.reform(|v: String| Edit::Text(Field::OwnArch, v))}
                invalid={error_for(errors, Field::OwnArch).is_some()} />
            if let Some(e) = error_for(errors, Field::OwnArch) {
                <p class="error" role="alert" id="error-your_arch" data-testid="error-your_arch">{ (t.input_error)(e) }</p>
            }
            if let Some((proxy, page)) = own.proxy {
                <p class="note own-proxy" role="status" data-testid="own-proxy"
                    data-proxy={proxy.benchmark().map(|b| b.id()).unwrap_or_default()}>
                    { (t.own_proxy)(proxy, page) }
                    if let crate::proxy::Proxy::Closest(s) = proxy {
                        { " " }{ source_ref(catalogue, s.size_source) }
                        // One source that states both is cited once.
                        if s.arch_source != s.size_source {
                            { " " }{ source_ref(catalogue, s.arch_source) }
                        }
                    }
                </p>
            }
        </fieldset>
        </details>
    }
}

/// What the plan did or could not do: alerts where a figure asked for is missing, notes otherwise.
fn notices_view(t: &'static Strings, notices: &[PlanNotice]) -> Html {
    // Idle's notice stands under the range, the grid intensity's question at its field.
    let shown: Vec<&PlanNotice> = notices
        .iter()
        .filter(|n| **n != PlanNotice::IdleDecides && !matches!(n, PlanNotice::Co2InKilograms { .. }))
        .collect();
    if shown.is_empty() {
        return html! {};
    }
    html! {
        <ul class="plan-notices" data-testid="plan-notices">
            { for shown.into_iter().map(|n| {
                let id = match n {
                    PlanNotice::LoadIgnored { .. } => "load-ignored",
                    PlanNotice::UsesMoreServers { .. } => "uses-more-servers",
                    PlanNotice::SpeedTooHigh { .. } => "speed-too-high",
                    PlanNotice::NoSpeedPromise { .. } => "no-speed-promise",
                    PlanNotice::NoStreamPerServer => "no-stream-per-server",
                    PlanNotice::ServerOverRack { .. } => "server-over-rack",
                    PlanNotice::OneMoreBelowMinimum { .. } => "one-more-below-minimum",
                    PlanNotice::Co2InKilograms { .. } => "co2-in-kilograms",
                    PlanNotice::IdleDecides => "idle-decides",
                    PlanNotice::OfflineNoBound { .. } => "offline-no-bound",
                    PlanNotice::BoundAtOwnSetting { .. } => "bound-at-own-setting",
                    // issue 48
                    PlanNotice::PeakAboveStated { .. } => "peak-above-stated",
                    PlanNotice::BusyHigh { .. } => "busy-high",
                };
                if n.is_alert() {
                    html! { <li class="error" role="alert" data-testid={format!("plan-notice-{id}")}>{ (t.plan_notice)(n) }</li> }
                } else {
                    html! { <li class="notice" role="status" data-testid={format!("plan-notice-{id}")}>{ (t.plan_notice)(n) }</li> }
                }
            }) }
        </ul>
    }
}

/// The plan's assumptions and sources, each once, for every figure shown.
fn basis_view(t: &'static Strings, catalogue: Cat, shown: &[&Figure]) -> Html {
    let mut assumptions: Vec<String> = Vec::new();
    let mut origins: Vec<crate::figure::Origin> = Vec::new();
    for f in shown {
        if let Kind::Estimate(list) = &f.kind {
            for a in list {
                let words = (t.assumption)(a);
                if !assumptions.contains(&words) {
                    assumptions.push(words);
                }
            }
        }
        for o in &f.origins {
            if !origins.contains(o) {
                origins.push(o.clone());
            }
        }
    }
    if shown.is_empty() {
        return html! {};
    }
    let Some(all) = Figure::new(0.0, Unit::Watts, Kind::Ceiling, origins) else { return html! {} };
    html! {
        <div class="plan-basis" id="plan-basis" data-testid="plan-basis">
            if !assumptions.is_empty() {
                <ul class="assumptions" data-testid="plan-assumptions">
                    { for assumptions.into_iter().map(|a| html! { <li>{ a }</li> }) }
                </ul>
            }
            { origins_view(t, catalogue, &all) }
        </div>
    }
}

/// What more the plan can compute, each a link to the field that is still empty.
fn more_view(t: &'static Strings, form: &PlanForm) -> Html {
    let wanted: [(Field, &'static str); 7] = [
        (Field::Demand, t.more_demand),
        (Field::Price, t.more_price),
        (Field::Co2, t.more_co2),
        (Field::Rack, t.more_rack),
        (Field::Volts, t.more_volts),
        (Field::Answer, t.more_answer),
        (Field::Wue, t.more_water),
    ];
    let missing: Vec<(Field, &'static str)> =
        wanted.into_iter().filter(|(f, _)| form.get(*f).is_none_or(|v| v.trim().is_empty())).collect();
    if missing.is_empty() {
        return html! {};
    }
    let count = missing.len();
    html! {
        <p class="plan-more" data-testid="plan-more">
            { t.more_intro }
            { for missing.into_iter().enumerate().map(|(i, (field, words))| html! {
                <>
                    { if i == 0 { "" } else if i + 1 == count { t.more_and } else { ", " } }
                    <a href={format!("#{}", field.id())} data-testid={format!("more-{}", field.id())}>{ words }</a>
                </>
            }) }
            { "." }
        </p>
    }
}

/// The EU 2024/1364 line: one sentence well below the threshold; the regulation's words near or above it.
/// The indicators EU 2024/1364 names (issue 40), with the page's own figures where it has them and the
/// rest named as the operator's to report.
fn eu_table(t: &'static Strings, p: &Plan, pue: Option<f64>) -> Html {
    let fig = |f: Option<&Figure>, unit: &str| f.map(|f| format!("{} {unit}", format::figure_value(f, t.range_to)));
    let water_m3 = p.water_onsite_l_per_year.as_ref().map(|f| {
        let low = f.low.map(|l| format::three(l / 1000.0));
        let high = format::three(f.value / 1000.0);
        match low {
            Some(l) if l != high => format!("{l}{}{high} m³", t.range_to),
            _ => format!("{high} m³"),
        }
    });
    let rows: Vec<(&'static str, &'static str, Option<String>)> = vec![
        ("edc", t.eu_edc, fig(p.site_kwh_per_year.as_ref(), "kWh")),
        ("eit", t.eu_eit, fig(p.it_kwh_per_year.as_ref(), "kWh")),
        ("pue", t.eu_pue, pue.map(format::three)),
        ("win", t.eu_win, water_m3),
        (
            "wue",
            t.eu_wue,
            p.water_onsite_l_per_year
                .as_ref()
                .and(p.it_kwh_per_year.as_ref())
                .and(p.wue_typed)
                .map(|w| format!("{} L/kWh", format::three(w))),
        ),
        ("erf", t.eu_erf, None),
        ("ref", t.eu_ref, None),
    ];
    html! {
        <table class="eu-kpis" data-testid="eu-kpis">
            <caption>{ t.eu_kpis_caption }</caption>
            <tbody>
                { for rows.into_iter().map(|(id, label, value)| html! {
                    <tr data-testid={format!("eu-kpi-{id}")} data-filled={if value.is_some() { "1" } else { "0" }}>
                        <th scope="row">{ label }</th>
                        <td>{ value.unwrap_or_else(|| t.eu_operator.to_owned()) }</td>
                    </tr>
                }) }
            </tbody>
        </table>
    }
}

fn eu_view(t: &'static Strings, catalogue: Cat, p: &Plan, pue: Option<f64>) -> Html {
    match p.eu {
        Some(eu) if eu.it_kilowatts < 0.8 * plan::EU_THRESHOLD_KW => html! {
            <p class="eu" data-testid="eu-2024-1364" data-value="0">
                { (t.eu)(false, &format::three(eu.it_kilowatts)) }{ " " }
                { source_ref(catalogue, EU_SOURCE) }
            </p>
        },
        Some(eu) => html! {
            <>
            <p class={classes!("eu", eu.reached.then_some("reached"))} data-testid="eu-2024-1364" data-value={if eu.reached { "1" } else { "0" }}>
                <strong>{ (t.eu)(eu.reached, &format::three(eu.it_kilowatts)) }</strong>
                { t.eu_words }{ t.eu_legal }
                <span data-testid="eu-reports">{ (t.eu_reports)(p.site_kwh_per_year.as_ref().map(|f| format!("{} kWh", format::figure_value(f, t.range_to))).as_deref()) }</span>{ " " }
                { source_ref(catalogue, EU_SOURCE) }
            </p>
            if eu.reached { { eu_table(t, p, pue) } }
            </>
        },
        None => html! {
            <p class="eu" data-testid="eu-2024-1364">{ t.eu_none }</p>
        },
    }
}
