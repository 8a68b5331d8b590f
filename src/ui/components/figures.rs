//! The figures of the configuration, each with its kind (and scope) in words beside it.

use super::source::source_ref;
use crate::catalogue::PublishedResult;
use crate::figure::{Figure, Kind, Origin, Unit};
use crate::float::Text;
use crate::form::{Edit, Form, ThroughputChoice};
use crate::i18n::{number, CapPair, Lang, Strings};
use crate::model::{capped_results, power_cap_evidence, published_at_limit, CapEvidence, Figures};
use crate::plan::{Plan, PlanNotice};
use crate::ui::words::{kind_explanation, kind_title};
use crate::ui::{format, Cat};
use yew::prelude::*;

/// What the figures are drawn from: borrowed from the page, which draws them by `figures_panel`, a
/// function, not a component (issue 53: a component type costs about 1 KB gzip, and its props
/// were clones of the form, figures, plan and sensitivity at every render).
pub struct FiguresProps<'a> {
    pub catalogue: Cat,
    pub form: &'a Form,
    pub figures: &'a Figures,
    /// The plan: its answer (servers, rack, energy, cost, CO₂ per year) leads, once a demand or people are typed.
    pub plan: &'a Plan,
    /// The power limit as checked (`None` when the field is not valid).
    pub limit_watts: Option<f64>,
    pub on_edit: &'a Callback<Edit>,
    // issue 47
    /// What decides the answer's year, largest first (empty without a demand's year).
    pub sensitivity: &'a [crate::plan::Sensitivity],
    /// The link to Measure your own with this configuration.
    pub measure_href: AttrValue,
}

pub fn origins_view(t: &'static Strings, catalogue: Cat, figure: &Figure) -> Html {
    let items: Vec<Html> = figure
        .origins
        .iter()
        .map(|o| match o {
            Origin::Source(id) => source_ref(catalogue, id),
            Origin::Result(id) => html! { <span>{ format!("MLPerf {id}") }</span> },
            Origin::Input(field) => html! { <span>{ (t.your_input)((t.field)(*field)) }</span> },
            Origin::Measurement(input) => {
                html! { <span>{ (t.your_paste)((t.measure_input)(*input)) }</span> }
            }
        })
        .collect();
    html! { <p class="origins">{ t.from }{ for items.into_iter().enumerate().map(|(i, h)| html! { <>{ if i > 0 { "; " } else { "" } }{ h }</> }) }</p> }
}

/// The value as read: one number, or "low to high" for a range, with the figure's unit.
fn value_view(t: &'static Strings, f: &Figure) -> Html {
    // Heat reads first as kW, as a facility engineer sizes cooling, with BTU/h after it (issue 38).
    // Two ends that read alike are said once (issue 49).
    let low = format::low_apart(f.low, f.value);
    if f.unit == Unit::BtuPerHour {
        let kw = |btu: f64| format::three(btu / crate::units::BTU_PER_HOUR_PER_WATT / 1000.0);
        let (kw_text, btu_text) = match low {
            Some(low) => (
                format!("{}{}{}", kw(low), t.range_to, kw(f.value)),
                format!("{}{}{}", format::three(low), t.range_to, format::three(f.value)),
            ),
            None => (kw(f.value), format::three(f.value)),
        };
        return html! {
            <p class={classes!("value", low.map(|_| "range"))}><span class="number">{ kw_text }</span>{ " " }
                <span class="unit">{ (t.unit)(Unit::Kilowatts) }</span>
                <span class="also" data-testid="heat-btu">{ format!(" ({btu_text} {})", (t.unit)(Unit::BtuPerHour)) }</span></p>
        };
    }
    match low {
        Some(low) => html! {
            <p class="value range"><span class="number">{ format::three(low) }</span>{ t.range_to }
                <span class="number">{ format::three(f.value) }</span>{ " " }<span class="unit">{ (t.unit)(f.unit) }</span></p>
        },
        None => html! {
            <p class="value"><span class="number">{ format::three(f.value) }</span>{ " " }<span class="unit">{ t.unit_after(f.value, None, f.unit) }</span></p>
        },
    }
}

/// The two ends of a range, each named.
pub fn ends_view(t: &'static Strings, f: &Figure) -> Html {
    let Some((low, low_words, high_words)) = named_ends(t, f) else { return html! {} };
    // The serving range's ends are named once, under the answer (issue 47), not on every card.
    if serving_range(f) {
        return html! {};
    }
    html! {
        <ul class="ends" data-testid="range-ends">
            <li>{ format!("{} {}: {low_words}", format::three(low), t.unit_after(low, None, f.unit)) }</li>
            <li>{ format!("{} {}: {high_words}", format::three(f.value), t.unit_after(f.value, None, f.unit)) }</li>
        </ul>
    }
}

/// Whether a figure's range is the serving range (issue 47), whose ends the answer's notes name.
pub fn serving_range(f: &Figure) -> bool {
    matches!(&f.kind, Kind::Estimate(a) if a.iter().any(|a| matches!(a, crate::figure::Assumption::ServingRange { .. })))
}

/// A range's lower end and the words naming its two ends, where its ends read apart and an
/// assumption names them (issue 49: nothing to say for a point or ends that read alike).
pub fn named_ends(t: &'static Strings, f: &Figure) -> Option<(f64, String, String)> {
    let (Some(low), Kind::Estimate(assumptions)) = (format::low_apart(f.low, f.value), &f.kind) else { return None };
    let (low_words, high_words) = assumptions.iter().find_map(|a| (t.range_ends)(a))?;
    Some((low, low_words, high_words))
}

/// One figure: its value rounded for reading; the full value for machines in `data-value` (the
/// upper end of a range) and `data-low`.
fn figure_view(
    t: &'static Strings,
    catalogue: Cat,
    testid: &'static str,
    (label, unit): (&str, Unit),
    figure: Option<&Figure>,
    bound: &str,
    extra: Html,
) -> Html {
    match figure {
        Some(f) => html! {
            <article class={classes!("figure", format!("kind-{}", f.kind.id()))} data-testid={testid}
                data-value={f.value.text()} data-low={f.low.map(|l| l.text())} data-kind={f.kind.id()}>
                <h3>{ label.to_owned() }</h3>
                { value_view(t, f) }
                <p class="kind"><span class="badge">{ kind_title(t, &f.kind) }</span>
                    // Wh per million tokens is J/token in other units: its bound and assumptions are said there, once.
                    if testid != "wh-per-mtok" { { " " }{ kind_explanation(t, &f.kind, bound) } }
                    else if matches!(f.kind, Kind::Estimate(_)) { { " " }{ t.same_as_token } }
                    { extra }</p>
                { ends_view(t, f) }
                { origins_view(t, catalogue, f) }
            </article>
        },
        None => html! {
            <article class="figure missing" data-testid={testid}>
                <h3>{ label.to_owned() }</h3>
                <p class="value"><span class="number">{ "—" }</span>{ " " }<span class="unit">{ (t.unit)(unit) }</span></p>
                <p class="kind">{ t.not_available }</p>
            </article>
        },
    }
}

/// How many capped results and evidence pairs show before the rest fold away.
const SHOWN: usize = 3;

fn capped_item(t: &'static Strings, r: &PublishedResult, card_name: &str) -> Html {
    html! {
        <li data-testid="capped-result">{ format!("{} · {} × {} {} {} · {} {} ({} {})",
            r.id, r.accelerators, card_name, t.at, r.stated_power.as_ref().map_or("—", |p| &*p.text),
            format::plain(r.tokens_per_s), (t.unit)(Unit::TokensPerSecond), (t.scenario)(r.scenario), r.benchmark.name()) }</li>
    }
}

fn evidence_item(t: &'static Strings, e: &CapEvidence) -> Html {
    html! {
        <p data-testid="cap-pair">{ (t.cap_pair)(&CapPair {
            cards: e.low.accelerators,
            low_setting: e.low.stated_power.as_ref().map_or("—", |p| &*p.text),
            low_tps: format::plain(e.low.tokens_per_s),
            low_id: &e.low.id,
            high_tps: format::plain(e.high.tokens_per_s),
            high_setting: e.high.stated_power.as_ref().map_or("—", |p| &*p.text),
            high_id: &e.high.id,
            percent: format::three(e.throughput_change_percent.abs()),
            less: e.throughput_change_percent < 0.0,
        }) }</p>
    }
}

/// Published results at a lowered setting, and an offer to use the one at exactly this limit.
fn capped_view(t: &'static Strings, lang: Lang, props: &FiguresProps) -> Html {
    let catalogue = props.catalogue.0;
    let form = props.form;
    let evidence = power_cap_evidence(catalogue, &form.card, form.benchmark, form.scenario);
    let capped = capped_results(catalogue, &form.card, form.benchmark, form.scenario);
    let offer = props.limit_watts.and_then(|w| published_at_limit(catalogue, form, w));
    if evidence.is_empty() && capped.is_empty() && offer.is_none() {
        return html! {};
    }
    let card_name = catalogue.card(&form.card).map_or_else(String::new, |c| crate::i18n::card_name(c, lang));
    html! {
        <aside class="evidence" data-testid="power-cap-evidence">
            <h3>{ t.capped_title }</h3>
            if let Some(r) = offer {
                <p class="offer">
                    { (t.published_at)(&r.id, &number(lang, r.stated_power.as_ref().map_or(0.0, |p| p.watts))) }
                    <button type="button" data-testid="use-capped" onclick={props.on_edit.reform({
                        let id = r.id.to_string();
                        move |_: MouseEvent| Edit::Throughput(id.clone())
                    })}>{ (t.use_instead)(&r.id) }</button>
                </p>
            }
            if !capped.is_empty() {
                <ul>{ for capped.iter().take(SHOWN).map(|r| capped_item(t, r, &card_name)) }</ul>
            }
            { for evidence.iter().take(SHOWN).map(|e| evidence_item(t, e)) }
            if capped.len() > SHOWN || evidence.len() > SHOWN {
                <details>
                    <summary>{ (t.more_results)(capped.len().saturating_sub(SHOWN) + evidence.len().saturating_sub(SHOWN)) }</summary>
                    <ul>{ for capped.iter().skip(SHOWN).map(|r| capped_item(t, r, &card_name)) }</ul>
                    { for evidence.iter().skip(SHOWN).map(|e| evidence_item(t, e)) }
                </details>
            }
            <p class="hint">{ t.other_systems }</p>
        </aside>
    }
}

/// Before the answer: what stops it (an invalid field, or a plan alert's own reason, issue 47), or where
/// to type a demand or people; `None` once the plan answers.
fn answer_hint_view(t: &'static Strings, plan: &Plan, asked: bool) -> Option<Html> {
    // A demand or people typed, but a plan field the figures need is not valid: say so, never ask
    // again for what is typed (issue 36).
    if !plan.answers() && asked {
        // Issue 47: where an alert of the plan stops the count (no field is invalid), its own reason.
        if let Some(alert) = plan.notices.iter().find(|n| n.is_alert()) {
            return Some(html! {
                <p class="answer-hint" data-testid="answer-hint-invalid" data-reason="alert" role="status">
                    { (t.plan_notice)(alert) }{ " " }<a href="#plan-title">{ t.plan_title }</a>
                </p>
            });
        }
        return Some(html! {
            <p class="answer-hint" data-testid="answer-hint-invalid" role="status">
                { t.answer_hint_invalid }<a href="#plan-title">{ t.plan_title }</a>{ "." }
            </p>
        });
    }
    if !plan.answers() {
        return Some(html! {
            <p class="answer-hint" data-testid="answer-hint">
                { t.answer_hint_before }<a href="#demand">{ t.answer_hint_demand }</a>{ t.answer_hint_or }
                <a href="#users">{ t.answer_hint_users }</a>{ t.answer_hint_after }
            </p>
        });
    }
    None
}

/// The plan's answer beside J/token: servers needed, rack fit, energy, cost and CO₂ per year, each
/// the plan's own figure (ranges as ranges); before a demand or people are typed, where to type them.
fn answer_view(t: &'static Strings, catalogue: Cat, plan: &Plan, asked: bool) -> Html {
    if let Some(hint) = answer_hint_view(t, plan, asked) {
        return hint;
    }
    let item = |testid: &'static str, label: String, f: Option<&Figure>, note: Option<String>| match f {
        Some(f) => {
            let read = f.for_reading();
            let value = format::figure_value(&read, t.range_to);
            html! {
                <div class="answer-item figure-like" data-testid={testid} data-value={f.value.text()}
                    data-low={f.low.map(|l| l.text())} data-kind={f.kind.id()} data-scope={f.scope_id()}
                    data-bound={f.side.id()}>
                    <dt>{ label }</dt>
                    <dd>{ t.side(f) }<span class="number">{ value }</span>{ " " }<span class="unit">{ t.unit_after(read.value, read.low, read.unit) }</span>
                        { " " }<a class="badge" href="#kinds" data-testid="tag">{ t.tag(f) }</a>
                        if let Some(n) = note { <span class="answer-note">{ n }</span> }</dd>
                </div>
            }
        }
        None => html! {},
    };
    // The answer is the demand's, said once by its place: its labels carry no ", for the demand".
    let basis = |label: &str| {
        if plan.basis == crate::plan::EnergyBasis::Demand {
            label.to_owned()
        } else {
            (t.with_basis)(label, plan.basis)
        }
    };
    // A sourced system's stated maximum is not the boards alone (issue 36); a rack-scale system takes one
    // position per rack, which the count says itself.
    let boards_only = plan.peak_boundary == crate::figure::Boundary::Boards;
    let racks = plan.system.as_ref().is_some_and(|s| s.part_noun() == crate::system::Noun::Rack);
    let rack_note = plan
        .servers_per_rack
        .as_ref()
        .filter(|_| !racks)
        .map(|per| (t.answer_rack_fit)(&format::plain(per.value), boards_only));
    let over = plan.notices.iter().find(|n| matches!(n, PlanNotice::ServerOverRack { .. }));
    let noun = plan.system.as_ref().map_or(crate::system::Noun::Server, crate::plan::PlanSystem::noun);
    html! {
        <dl class="answer-plan" data-testid="answer-plan">
            { item("servers-needed", (t.noun_label)(crate::i18n::NounLabel::Needed, noun).to_owned(), plan.servers_needed.as_ref(), None) }
            { item("rack-positions-needed", t.p_rack_positions.to_owned(), plan.rack_positions.as_ref(), rack_note) }
            if let Some(n) = over {
                <div class="answer-item" data-testid="answer-rack-over"><dt>{ t.p_rack_positions }</dt><dd>{ (t.plan_notice)(n) }</dd></div>
            }
            // The energy per token at the demand's own load (issue 34.7), beside the benchmark's ceiling.
            if plan.basis == crate::plan::EnergyBasis::Demand {
                { item("demand-j-per-token", t.answer_demand_token.to_owned(), plan.site_j_per_token.as_ref(), None) }
            }
            { item("site-kwh-per-year", basis(t.energy_label(crate::i18n::EnergyLabel::Year, plan.site_kwh_per_year.as_ref())), plan.site_kwh_per_year.as_ref(), None) }
            { item("cost-per-year", basis(t.p_cost_year), plan.cost_per_year.as_ref(), None) }
            { item("co2-kg-per-year", basis(t.p_co2_year), plan.co2_per_year.as_ref(), co2_resting(t, plan)) }
            { split_view(t, catalogue, plan) }
            // Each figure's sources and assumptions are listed once, under the plan's figures.
            <div class="answer-item answer-sources no-print"><dt class="visually-hidden">{ t.answer_sources_label }</dt>
                <dd><a href="#plan-basis" data-testid="answer-sources">{ t.answer_sources }</a></dd></div>
        </dl>
    }
}

// issue 53
/// While the CO₂ question is open (a factor that looks like kilograms), the answer's CO₂ says it rests
/// on the value as typed.
fn co2_resting(t: &'static Strings, plan: &Plan) -> Option<String> {
    plan.notices.iter().find_map(|n| match n {
        PlanNotice::Co2InKilograms { typed } => Some((t.co2_resting)(&(t.decimal)(&crate::form::plain_number(*typed)))),
        _ => None,
    })
}

/// Output tokens/s per MW at each boundary in one line of the answer (issue 36): the GPU boards, the
/// system at peak and the site, each with its tag.
fn tokens_per_mw_view(t: &'static Strings, plan: &Plan) -> Html {
    let Some(boards) = &plan.tokens_per_mw else { return html! {} };
    let part = |testid: &'static str, f: &Figure| {
        html! {
            <span class="tpmw" data-testid={testid} data-value={f.value.text()} data-low={f.low.map(|l| l.text())}
                data-scope={f.scope_id()} data-bound={f.side.id()}>
                { t.side(f) }<b class="tpmw-value">{ format::figure_value(f, t.range_to) }</b>
                // "at least …" is a floor: its scope in brackets, never the word "ceiling" beside it.
                { " (" }<span data-testid="tag">{ t.boundary(f).unwrap_or_default() }</span>{ ")" }</span>
        }
    };
    let more = [("system-tokens-per-mw", &plan.system_tokens_per_mw), ("site-tokens-per-mw", &plan.site_tokens_per_mw)];
    html! {
        <span class="tpmw-line" data-testid="answer-tokens-per-mw">{ " " }<a href="#method-tpmw"><strong>{ t.p_tokens_per_mw_short }</strong></a>{ " " }
            { part("tokens-per-mw", boards) }
            { for more.into_iter().filter_map(|(id, f)| f.as_ref().map(|f| html! { <>{ " · " }{ part(id, f) }</> })) }</span>
    }
}

/// The year as standing power plus work (issue 35), and where the idle power comes from: the card's
/// sourced reading (used because none was typed), or, where none is published, the command that
/// measures it.
fn split_view(t: &'static Strings, catalogue: Cat, plan: &Plan) -> Html {
    let value = |f: &Figure| format!("{} {}", format::figure_value(f, "–"), t.unit_after(f.value, f.low, f.unit));
    let idle = match &plan.idle_source {
        Some(i) => html! {
            <p class="answer-idle" data-testid="idle-source" data-low={i.low.text()} data-high={i.high.text()}>
                { (t.idle_span)(&format::figure_value_plain(i.low, i.high, "–")) }
                // The readings' sources; the margin's is among the year's (issue 47).
                { " " }{ for i.sources.iter().filter(|id| *id != crate::power::CONTEXT_STEP_SOURCE).map(|id| html! { <>{ source_ref(catalogue, id) }{ " · " }</> }) }
                <a href="#idle" class="no-print">{ t.idle_replace }</a>
            </p>
        },
        // issue 52: the vendor's measured idle of the whole system.
        None if plan.vendor_system.as_ref().is_some_and(|v| v.idle_watts.is_some()) => {
            let (v, w) = match plan.vendor_system.as_ref() {
                Some(v) => (v, v.idle_watts.unwrap_or_default()),
                None => return html! {},
            };
            let watts = format!("{} {}", format::three(w), t.unit_after(w, None, Unit::Watts));
            html! {
                <p class="answer-idle" data-testid="vendor-idle" data-value={w.text()}>
                    { (t.vendor_idle)(&watts, &v.name) }{ " " }{ source_ref(catalogue, &v.source) }
                    { " · " }<a href="#idle" class="no-print">{ t.idle_replace }</a>
                </p>
            }
        }
        None if plan.notices.contains(&PlanNotice::IdleDecides) => html! {
            <p class="answer-idle" data-testid="idle-unpublished">{ t.idle_unpublished }{ " " }
                <code translate="no" data-testid="idle-command">{ IDLE_COMMAND }</code>{ " " }
                { t.idle_caveat_wall }{ " " }<code translate="no" data-testid="wall-command">{ WALL_COMMAND }</code></p>
        },
        None => html! {},
    };
    let split = match (&plan.standing_kwh_per_year, &plan.work_kwh_per_year, &plan.standing_share) {
        (Some(standing), Some(work), Some(share)) => html! {
            <p class="answer-split" data-testid="year-split">
                <span data-testid="standing-kwh-per-year" data-value={standing.value.text()} data-low={standing.low.map(|l| l.text())}>
                    { (t.standing_part)(&value(standing), &format::figure_value(share, "–")) }</span>
                { " · " }
                <span data-testid="work-kwh-per-year" data-value={work.value.text()} data-low={work.low.map(|l| l.text())}>
                    { (t.work_part)(&value(work)) }</span>
            </p>
        },
        _ => html! {},
    };
    if plan.idle_source.is_none()
        && plan.standing_kwh_per_year.is_none()
        && !plan.notices.contains(&PlanNotice::IdleDecides)
    {
        return html! {};
    }
    // A group of the answer's list: a term (read by screen readers) and its description.
    html! {
        <div class="answer-item answer-wide" title={t.standing_title}>
            <dt class="visually-hidden">{ t.p_standing_year }</dt>
            <dd>{ split }{ idle }</dd>
        </div>
    }
}

pub use crate::power::{IDLE_COMMAND, WALL_COMMAND};

/// Where the idle default is used (issue 47): why it is uncertain and the commands that replace it,
/// in the text (a phone and a printed sheet have no hover).
pub fn idle_caveat(t: &'static Strings) -> Html {
    html! {
        <p class="answer-idle idle-caveat" data-testid="idle-caveat">{ t.idle_caveat }{ " " }
            <code translate="no" data-testid="idle-command">{ IDLE_COMMAND }</code>{ " " }
            { t.idle_caveat_wall }{ " " }<code translate="no" data-testid="wall-command">{ WALL_COMMAND }</code></p>
    }
}

/// Under the answer (issue 47), where its figures are read: the year's two ends named, the idle default's
/// caveat with the commands that replace it, and what decides the answer. On the sheet too.
fn answer_notes(t: &'static Strings, plan: &Plan, list: &[crate::plan::Sensitivity], measure_href: &AttrValue) -> Html {
    let year = plan.site_kwh_per_year.as_ref().filter(|f| f.low.is_some());
    let named = year.and_then(|f| match &f.kind {
        Kind::Estimate(a) => a.iter().find_map(|a| (t.range_ends)(a)).map(|ends| (f, ends)),
        _ => None,
    });
    if named.is_none() && plan.idle_source.is_none() && list.is_empty() {
        return html! {};
    }
    let unit = |v: f64| format!("{} {}", format::three(v), t.unit_after(v, None, Unit::KilowattHoursPerYear));
    html! {
        <div class="answer-notes" data-testid="answer-notes">
            if let Some((f, (low, high))) = named {
                <p class="ends-line" data-testid="year-ends">
                    { format!("{}: {low} · {}: {high}", unit(f.low.unwrap_or(f.value)), unit(f.value)) }</p>
            }
            if plan.idle_source.is_some() { { idle_caveat(t) } }
            { sensitivity_view(t, list, measure_href, plan.vendor_system.as_ref().map(|v| v.name.as_str())) }
        </div>
    }
}

/// What decides the answer (issue 47): one item per uncertain input, largest first, with the year at
/// its sourced ends in `data-low`/`data-value`; the largest named with how to narrow it.
fn sensitivity_view(
    t: &'static Strings,
    list: &[crate::plan::Sensitivity],
    measure_href: &AttrValue,
    system: Option<&str>,
) -> Html {
    use crate::plan::{SensitiveInput as Input, Spread};
    if list.is_empty() {
        return html! {};
    }
    let kwh = (t.unit)(Unit::KilowattHoursPerYear);
    let years = |lo: f64, hi: f64| format!("{} {kwh}", format::figure_value_plain(lo, hi, t.range_to));
    let ends = |input: Input, lo: f64, hi: f64| match input {
        Input::Idle | Input::Overhead => format!("{} W", format::figure_value_plain(lo, hi, t.range_to)),
        Input::LoadCurve => t.sweep_summary.to_owned(),
        _ => format!("{}{}{}", format::three(lo), t.range_to, format::three(hi)),
    };
    let item = |s: &crate::plan::Sensitivity| {
        let name = (t.sensitivity_input)(s.input);
        let (low, value, words) = match s.spread {
            Spread::Ends { input_low, input_high, at_low, at_high } => (
                Some(at_low.min(at_high)),
                Some(at_low.max(at_high)),
                (t.sensitivity_item)(
                    name,
                    &years(at_low.min(at_high), at_low.max(at_high)),
                    &ends(s.input, input_low, input_high),
                ),
            ),
            Spread::Typed { year, .. } => {
                (None, Some(year), (t.sensitivity_typed)(name, &format!("{} {kwh}", format::plain(year))))
            }
            Spread::NotPublished => (None, None, (t.sensitivity_none)(name)),
            Spread::Vendor { watts, year } => (
                None,
                Some(year),
                (t.sensitivity_vendor)(
                    system.unwrap_or_default(),
                    &format!("{} W", format::three(watts)),
                    &format!("{} {kwh}", format::plain(year)),
                ),
            ),
        };
        html! {
            <li data-input={s.input.id()} data-low={low.map(|l| l.text())} data-value={value.map(|v| v.text())}>{ words }</li>
        }
    };
    let largest = list.first().and_then(|s| match s.spread {
        Spread::Ends { at_low, at_high, .. } if at_low != at_high => {
            Some((s.input, at_low.min(at_high), at_low.max(at_high)))
        }
        _ => None,
    });
    html! {
        <>
            if let Some((input, lo, hi)) = largest {
                <p data-testid="sensitivity-largest" data-input={input.id()}>{ (t.sensitivity_largest)((t.sensitivity_input)(input), &years(lo, hi)) }{ " " }
                    { match input {
                        Input::Idle => html! { <a href={measure_href.clone()} data-testid="narrow-idle">{ t.narrow_idle }</a> },
                        Input::LoadCurve => html! { <a href={measure_href.clone()} data-testid="narrow-curve">{ t.narrow_curve }</a> },
                        _ => html! { { t.narrow_field } },
                    } }</p>
            }
            // The whole list folds (it prints open).
            <details class="fold sensitivity" data-testid="sensitivity">
                <summary>{ t.sensitivity_title }</summary>
                <ul>{ for list.iter().map(item) }</ul>
            </details>
        </>
    }
}

/// The two headline figures in one sentence, for screen readers (the only live region here).
fn live_text(t: &'static Strings, f: &Figures) -> String {
    let part = |label: &str, figure: Option<&Figure>| {
        let value = figure.map(|x| match format::low_apart(x.low, x.value) {
            Some(low) => format!("{}{}{} {}", format::three(low), t.range_to, format::three(x.value), (t.unit)(x.unit)),
            None => format!("{} {}", format::three(x.value), t.unit_after(x.value, None, x.unit)),
        });
        (t.live)(label, value.as_deref(), figure.map_or("", |x| kind_title(t, &x.kind)))
    };
    format!("{} {}", part(t.figure_token, f.energy_per_token.as_ref()), part(t.figure_day, f.energy_per_day.as_ref()))
}

pub fn figures_panel(props: &FiguresProps) -> Html {
    let lang = format::page_lang();
    let t = lang.strings();
    // What one "server" of the configuration is (issue 36): a server, a rack, or a system of several.
    use crate::i18n::NounLabel as L;
    let noun = props.plan.system.as_ref().map_or(crate::system::Noun::Server, crate::plan::PlanSystem::noun);
    let f = props.figures;
    let c = props.catalogue;
    let published = match &props.form.throughput {
        ThroughputChoice::Published(id) => c.0.result(id, props.form.benchmark, props.form.scenario),
        ThroughputChoice::Own => None,
    };
    let lowered_or_raised = matches!(f.energy_per_token.as_ref().map(|f| &f.kind), Some(Kind::Estimate(_)));
    let both_scopes = f.measured_energy_per_token.is_some() && f.energy_per_token.is_some();
    html! {
        <section class={classes!("figures", (!props.plan.answers()).then_some("unplanned"))} id="figures" aria-labelledby="figures-title" tabindex="-1">
            <h2 id="figures-title">{ t.figures_title }</h2>
            <p class="visually-hidden" aria-live="polite" data-testid="figures-live">{ live_text(t, f) }</p>
            if let Some(r) = published {
                <p class="result-line" data-testid="result-details">
                    { format!("MLPerf Inference {}{}", r.round, t.entry) }
                    if let Some(url) = r.folder() {
                        <a href={url} target="_blank" rel="noopener noreferrer" data-testid="result-link">{ &*r.id }</a>
                    } else {
                        { &*r.id }
                    }
                    // issue 50
                    if r.is_preview() {
                        { " " }<strong class="preview" data-testid="result-preview">{ format!("({})", t.preview_mark) }</strong>
                    }
                    { format!(" · {} · {} · {} × {} · {} ({}) · {} · {} {} · {}: {}",
                        r.submitter, r.system, r.accelerators, c.0.card(&r.card).map_or_else(|| r.card.to_string(), |c| crate::i18n::card_name(c, lang)),
                        r.benchmark.name(), (t.scenario)(r.scenario), (t.precision)(&crate::precision::Precision::of(r)),
                        format::plain(r.tokens_per_s), (t.unit)(Unit::TokensPerSecond), t.power_setting,
                        r.stated_power.as_ref().map_or_else(|| t.not_stated.to_owned(), |p| format!("{} ({} W)", p.text, number(lang, p.watts)))) }
                    { t.published }{ c.0.published_on(r).map_or_else(|| "—".to_owned(), |d| crate::i18n::catalogue_date(d, lang)) }{ ". " }
                    <span class="citation" translate="no" lang="en">{ r.citation() }</span>
                    if let crate::precision::Precision::StartedFrom { source, .. } | crate::precision::Precision::Transformed { source, .. } = crate::precision::Precision::of(r) {
                        { " · " }{ source_ref(c, source) }
                    }
                </p>
            }
            <div class="answer" id="the-answer" data-testid="answer-block">
                // Once a demand is typed, the benchmark's ceiling is named as such: the demand's own
                // energy per token stands beside it in the answer.
                { figure_view(t, c, "j-per-token",
                    (if props.plan.basis == crate::plan::EnergyBasis::Demand { t.figure_token_benchmark } else { t.figure_token },
                    Unit::JoulesPerToken), f.energy_per_token.as_ref(), t.bound_token, tokens_per_mw_view(t, props.plan)) }
                { answer_view(t, c, props.plan, !props.form.plan.demand.trim().is_empty() || !props.form.plan.users.trim().is_empty()) }
            </div>
            { answer_notes(t, props.plan, props.sensitivity, &props.measure_href) }
            <div class="figure-grid">
                // The same bound as J/token's, said once there.
                { figure_view(t, c, "wh-per-mtok", (t.figure_million, Unit::WattHoursPerMillionTokens), f.energy_per_million.as_ref(), "", html! {}) }
                if f.measured_energy_per_token.is_some() {
                    { figure_view(t, c, "measured-j-per-token", (t.figure_measured, Unit::JoulesPerToken), f.measured_energy_per_token.as_ref(), "", html! {}) }
                }
                { figure_view(t, c, "board-power-w", ((t.noun_label)(L::Board, noun), Unit::Watts), f.board_power.as_ref(), t.bound_board, html! {}) }
                { figure_view(t, c, "kwh-per-day", ((t.noun_label)(L::Day, noun), Unit::KilowattHoursPerDay), f.energy_per_day.as_ref(), t.bound_day, html! {}) }
                { figure_view(t, c, "btu-per-h", ((t.noun_label)(L::Heat, noun), Unit::BtuPerHour), f.heat.as_ref(), t.bound_heat, html! {}) }
            </div>
            if both_scopes {
                <p class="hint" data-testid="scope-note">{ t.scope_note }</p>
            }
            if lowered_or_raised { { capped_view(t, lang, props) } }
        </section>
    }
}
