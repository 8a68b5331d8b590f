//! Configurations side by side: add the current one under a name, rename, reorder and remove by
//! keyboard or mouse, choose the baseline; the grid of figures with the best of each row marked in
//! words; CSV and JSON downloads, and a JSON file read back.

use crate::compare::{self, BestWord, ListEdit, Saved, MAX};
use crate::export::ExportContext;
use crate::figure::Figure;
use crate::float::Text;
use crate::form::Form;
use crate::i18n::Strings;
use crate::ui::words::{throughput_kind, use_strings};
use crate::ui::{browser, format, Cat};
use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ComparePanelProps {
    pub catalogue: Cat,
    /// The configuration on the page, to add.
    pub form: crate::ui::Same<Form>,
    pub list: crate::ui::Same<Vec<Saved>>,
    pub baseline: usize,
    pub messages: Vec<String>,
    /// What the last JSON file read back restored (issue 37), said in a status line.
    #[prop_or_default]
    pub import_status: Option<AttrValue>,
    /// The full link of the page (with the comparison), for the exports.
    pub link: AttrValue,
    pub on_list: Callback<ListEdit>,
    pub on_baseline: Callback<usize>,
    /// A comparison file read back (its list, and the page's configuration where it carries one).
    pub on_import: Callback<compare::Imported>,
    /// A file that could not be read: the message replaces the last.
    pub on_refused: Callback<String>,
    pub on_message: Callback<String>,
    pub on_dismiss: Callback<()>,
}

/// Largest JSON file read back.
const IMPORT_MAX_BYTES: f64 = 1_000_000.0;

/// A cell as a person reads it, in its row's unit (`tonnes`: the row's CO₂e reads in tonnes).
fn cell_value(t: &'static Strings, f: &Figure, tonnes: bool) -> String {
    let f = &*f.for_reading_in(tonnes);
    // Counts whole ("1 server"), as everywhere (issue 37); other values to three figures.
    let show = |v: f64| if f.unit.is_count() { format::plain(v.round()) } else { format::three(v) };
    // Two ends that read alike are said once (issue 49).
    match crate::i18n::intl::low_apart(f.low, f.value, show) {
        Some(low) => format!("{}–{} {}", show(low), show(f.value), (t.unit)(f.unit)),
        None => format!("{}{} {}", t.side(f), show(f.value), t.unit_after(f.value, None, f.unit)),
    }
}

fn list_item(t: &'static Strings, i: usize, saved: &Saved, count: usize, props: &ComparePanelProps) -> Html {
    let shown = crate::export::display_name(props.catalogue.0, saved, t);
    let emit = |edit: ListEdit| props.on_list.reform(move |_: MouseEvent| edit.clone());
    let rename = props
        .on_list
        .reform(move |e: Event| ListEdit::Rename(i, e.target_unchecked_into::<HtmlInputElement>().value()));
    let id = format!("compare-name-{i}");
    html! {
        <li data-testid="compared-item">
            <label class="visually-hidden" for={id.clone()}>{ (t.name_of)(i + 1) }</label>
            <input id={id} type="text" data-testid="compared-name" value={saved.name.clone()} placeholder={shown.clone()}
                maxlength={compare::NAME_MAX.to_string()} onchange={rename} />
            <button type="button" class="quiet" data-testid="compared-up" disabled={i == 0}
                aria-label={(t.move_up)(&shown)} onclick={emit(ListEdit::Move(i, true))}>{ "↑" }</button>
            <button type="button" class="quiet" data-testid="compared-down" disabled={i + 1 == count}
                aria-label={(t.move_down)(&shown)} onclick={emit(ListEdit::Move(i, false))}>{ "↓" }</button>
            <button type="button" class="quiet" data-testid="compared-remove"
                aria-label={(t.remove_named)(&shown)} onclick={emit(ListEdit::Remove(i))}>{ t.remove }</button>
        </li>
    }
}

/// A grid row's name in the page's language; with a plan, a row of GPU-board figures alone says so
/// ("…, GPU boards only", issue 49).
pub fn row_name(t: &'static Strings, row: &compare::GridRow) -> String {
    let name = grid_label(t, row);
    if row.boards_only {
        (t.boards_only_name)(name)
    } else {
        name.to_owned()
    }
}

/// A grid row's label in the page's language (the core's English label where none is known).
fn grid_label(t: &'static Strings, row: &compare::GridRow) -> &'static str {
    use crate::i18n::NounLabel as L;
    use crate::system::Noun as N;
    let english = row.label;
    match row.id {
        // issue 49: the plan's day (named the site's only where a PUE is counted), power and heat.
        "site-kwh-per-day" => t.energy_label(crate::i18n::EnergyLabel::Day, row.cells.iter().flatten().next()),
        "it-power-kw" => (t.noun_label)(L::ItPower, N::System),
        // issue 49's heat row, named as issue 48's facility rows name it
        "heat-it-btu-per-h" => t.grid_it_heat,
        "j-per-token" => t.figure_token,
        "wh-per-mtok" => t.figure_million,
        "measured-j-per-token" => t.figure_measured,
        "throughput" => t.throughput_row,
        "board-power-w" => t.figure_board,
        "kwh-per-day" => t.figure_day,
        "btu-per-h" => t.figure_heat,
        "servers-needed" => (t.noun_label)(L::Needed, N::System),
        "server-power-w" => (t.noun_label)(L::Peak, N::System),
        "tokens-per-mw" => t.p_tokens_per_mw,
        "water-l-per-year" => t.p_water_year,
        "embodied-kg-per-year" => t.p_embodied_year,
        "system-tokens-per-mw" => t.p_system_tokens_per_mw,
        "site-tokens-per-mw" => t.p_site_tokens_per_mw,
        "busy-load-percent" => t.p_busy_load,
        "rack-positions-needed" => t.p_rack_positions,
        "servers-per-rack" => (t.noun_label)(L::PerPosition, N::System),
        "amps-per-phase" => (t.noun_label)(L::Amps, N::System),
        "site-j-per-token" => t.p_plain_token,
        "j-per-answer" => t.p_plain_answer,
        "cost-per-mtok" => t.p_cost_mtok,
        "site-kwh-per-year" => t.p_plain_year,
        "cost-per-year" => t.p_cost_year,
        "co2-kg-per-year" => t.p_co2_year,
        "standing-kwh-per-year" => t.p_standing_year,
        "work-kwh-per-year" => t.p_work_year,
        // issue 48: a facility engineer's rows
        "circuits-per-feed" => t.p_circuits_per_feed,
        "position-kva" => t.p_position_kva,
        _ => english,
    }
}

/// A difference against the baseline: one per cent, or each end's ("+196 % … −41.7 %", lower end first).
fn delta_text(t: &'static Strings, d: compare::Delta) -> String {
    let signed = |x: f64| format!("{}{}", if x > 0.0 { "+" } else { "" }, format::three(x));
    match d {
        compare::Delta::Point(p) => (t.delta)(&signed(p)),
        compare::Delta::Ends { low, high } => (t.delta_ends)(&signed(low), &signed(high)),
    }
}

fn grid_view(t: &'static Strings, props: &ComparePanelProps) -> Html {
    let catalogue = props.catalogue.0;
    let rows = compare::grid(catalogue, &props.list, props.baseline);
    html! {
        <div class="table-scroll" tabindex="0" role="region" aria-label={t.grid_label}>
            <table class="compare-grid" data-testid="compare-grid">
                <thead><tr>
                    <th scope="col">{ t.col_figure }</th>
                    { for props.list.iter().enumerate().map(|(i, s)| html! {
                        <th scope="col" data-testid="compare-head">
                            <span data-testid="compare-name">{ crate::export::display_name(catalogue, s, t) }</span>
                            if i == props.baseline { <span class="system">{ format!(" · {}", t.baseline_mark) }</span> }
                            <span class="subtitle" data-testid="compare-subtitle">{ (t.compare_subtitle)(&compare::facts(catalogue, &s.form)) }</span>
                        </th>
                    }) }
                </tr></thead>
                <tbody>
                { for rows.iter().filter(|r| r.cells.iter().any(Option::is_some)).map(|row| {
                    let tonnes = Figure::reads_in_tonnes(row.cells.iter().flatten());
                    html! {
                    // issue 48: the facility rows are the screen's, for the facility engineer; the printed sheet keeps its pages.
                    <tr data-testid={format!("compare-row-{}", row.id)} class={classes!(compare::is_facility_row(row.id).then_some("no-print"))}>
                        <th scope="row">{ row_name(t, row) }</th>
                        { for row.cells.iter().enumerate().map(|(i, cell)| {
                            let best = row.best.contains(&i);
                            match cell {
                                Some(f) => html! {
                                    <td class={classes!(best.then_some("best"), format!("kind-{}", f.kind.id()))}
                                        data-testid="compare-cell" data-value={f.value.text()} data-low={f.low.map(|l| l.text())}
                                        data-kind={f.kind.id()} data-best={best.to_string()}>
                                        <span class="number">{ cell_value(t, f, tonnes) }</span>
                                        <span class="system" data-testid="tag" data-scope={f.scope_id()}>{ if row.id == "throughput" { throughput_kind(t, &f.kind).to_owned() } else { t.tag(f) } }</span>
                                        if best { <span class="best-mark" data-testid="best-mark">{ if row.best_word == BestWord::LowestCeiling { t.best_ceiling_mark } else { t.best_mark } }</span> }
                                        if let Some(Some(d)) = row.delta_percent.get(i) {
                                            <span class="system delta" data-testid="delta">{ delta_text(t, *d) }</span>
                                        }
                                    </td>
                                },
                                None => html! { <td data-testid="compare-cell">{ "—" }</td> },
                            }
                        }) }
                    </tr>
                    }
                }) }
                { cooling_row(t, props) }
                </tbody>
            </table>
        </div>
    }
}

/// The plan's inputs, each with its unit, on the printed comparison sheet as on the single one
/// (issue 49): once where the configurations share them, else per configuration.
fn plans_view(t: &'static Strings, props: &ComparePanelProps) -> Html {
    let plans = crate::export::sheet_plans(props.catalogue.0, &props.list, t);
    if plans.is_empty() {
        return html! {};
    }
    html! {
        <div class="print-only compare-plans" data-testid="compare-plans">
            { for plans.into_iter().map(|(name, inputs)| html! {
                <p class="plan-print-line" data-testid="compare-plan">
                    if let Some(name) = name { <strong>{ name }</strong>{ " · " } }
                    { t.plan_print }{ inputs.join(" · ") }
                </p>
            }) }
        </div>
    }
}

/// The cooling kind of each configuration's system, as its source states (issue 48), where any has a plan.
fn cooling_row(t: &'static Strings, props: &ComparePanelProps) -> Html {
    let kinds = compare::cooling_kinds(props.catalogue.0, &props.list);
    if kinds.iter().all(Option::is_none) {
        return html! {};
    }
    html! {
        <tr data-testid="compare-row-cooling" class="no-print">
            <th scope="row">{ t.grid_cooling }</th>
            { for kinds.iter().map(|k| match k {
                Some(k) => html! { <td data-testid="compare-cell" data-cooling={format!("{k:?}").to_ascii_lowercase()}>{ (t.cooling_kind)(*k) }</td> },
                None => html! { <td data-testid="compare-cell">{ "—" }</td> },
            }) }
        </tr>
    }
}

/// What the compared configurations differ in, said above the grid; and which of them answer
/// another plan than the page's, with the page's plan offered to all (issue 34).
fn mismatch_view(t: &'static Strings, props: &ComparePanelProps) -> Html {
    let catalogue = props.catalogue.0;
    let found = compare::mismatches(catalogue, &props.list);
    let differ = compare::plan_differs(catalogue, &props.list, &props.form);
    let names: Vec<String> = differ
        .iter()
        .filter_map(|&i| props.list.get(i))
        .map(|s| crate::export::display_name(catalogue, s, t))
        .collect();
    let apply = {
        let plan = props.form.plan.clone();
        props.on_list.reform(move |_: MouseEvent| ListEdit::ApplyPlan(Box::new(plan.clone())))
    };
    html! {
        <>
        if !found.is_empty() {
            <div class="warning compare-mismatch" role="note" data-testid="compare-mismatch">
                <p>{ t.mismatch_intro }</p>
                <ul>{ for found.into_iter().map(|m| html! { <li data-mismatch={format!("{m:?}").to_ascii_lowercase()}>{ (t.mismatch)(m) }</li> }) }</ul>
            </div>
        }
        if !names.is_empty() {
            <div class="warning compare-plan-differs" role="note" data-testid="compare-plan-differs">
                <p><strong>{ t.plan_differs_title }</strong>{ " " }{ (t.plan_differs)(&names) }</p>
                <button type="button" class="quiet no-print" data-testid="compare-apply-plan" onclick={apply}>{ t.plan_apply_all }</button>
            </div>
        }
        </>
    }
}

#[function_component(ComparePanel)]
pub fn compare_panel(props: &ComparePanelProps) -> Html {
    let name = use_node_ref();
    let t = use_strings();
    let catalogue = props.catalogue.0;
    let count = props.list.len();
    html! {
        <section class="compare" aria-labelledby="compare-title" data-testid="compare">
            <h2 id="compare-title">{ t.compare_title }</h2>
            <div class="compare-add">
                <label for="compare-new-name">{ t.compare_name_label }</label>
                <input id="compare-new-name" data-testid="compare-new-name" type="text" ref={name.clone()}
                    maxlength={compare::NAME_MAX.to_string()} placeholder={(t.compare_default_name)(&compare::facts(catalogue, &props.form))} />
                <button type="button" data-testid="compare-add" onclick={add(name, props)} disabled={count >= MAX}>{ t.compare_add }</button>
            </div>
            <p class="hint">{ (t.compare_hint)(count, MAX) }</p>
            if !props.messages.is_empty() {
                <div class="warning" role="alert" data-testid="compare-message">
                    <ul>{ for props.messages.iter().map(|m| html! { <li>{ m }</li> }) }</ul>
                    <button type="button" class="quiet" onclick={props.on_dismiss.reform(|_: MouseEvent| ())}>{ t.ok }</button>
                </div>
            }
            if let Some(status) = props.import_status.clone() {
                <p class="hint" role="status" data-testid="import-status">{ status }</p>
            }
            if count > 0 { { compared_view(t, props) } }
            <div class="field compare-import">
                <label for="compare-import">{ t.compare_open }</label>
                <input id="compare-import" data-testid="compare-import" type="file" accept=".json,application/json" onchange={import(t, props)} />
            </div>
        </section>
    }
}

/// The compared configurations: the list, the baseline, the warnings, the grid, the printed notes
/// and the exports.
fn compared_view(t: &'static Strings, props: &ComparePanelProps) -> Html {
    let catalogue = props.catalogue.0;
    let count = props.list.len();
    let baseline = props.on_baseline.reform(|e: Event| {
        e.target_unchecked_into::<web_sys::HtmlSelectElement>().value().parse::<usize>().unwrap_or(0)
    });
    html! {
        <>
        <ol class="compared-list">{ for props.list.iter().enumerate().map(|(i, s)| list_item(t, i, s, count, props)) }</ol>
        if count > 1 {
            <div class="field compare-baseline">
                <label for="compare-baseline">{ t.differences_against }</label>
                <select id="compare-baseline" data-testid="compare-baseline" onchange={baseline}>
                    { for props.list.iter().enumerate().map(|(i, s)| html! {
                        <option value={i.to_string()} selected={i == props.baseline}>{ crate::export::display_name(catalogue, s, t) }</option>
                    }) }
                </select>
            </div>
        }
        { mismatch_view(t, props) }
        { plans_view(t, props) }
        { grid_view(t, props) }
        <p class="hint">{ t.best_hint }</p>
        { notes_view(t, catalogue, props) }
        <div class="compare-actions">
            <button type="button" class="quiet" data-testid="export-csv" onclick={export(t, props, false)}>{ t.download_csv }</button>
            <button type="button" class="quiet" data-testid="export-json" onclick={export(t, props, true)}>{ t.download_json }</button>
            <button type="button" class="quiet" data-testid="compare-clear" onclick={props.on_list.reform(|_: MouseEvent| ListEdit::Clear)}>{ t.compare_clear }</button>
        </div>
        </>
    }
}

/// The printed notes: what every configuration assumes and cites said once, then each configuration's
/// name, link, and its own assumptions and sources (a sheet of three keeps to two A4 pages).
fn notes_view(t: &'static Strings, catalogue: &'static crate::catalogue::Catalogue, props: &ComparePanelProps) -> Html {
    let notes = crate::export::notes(catalogue, &props.list, &browser::page_address(), t);
    let shared = |pick: fn(&crate::export::Notes) -> &Vec<String>| -> Vec<String> {
        match notes.split_first() {
            Some((first, rest)) if !rest.is_empty() => {
                pick(first).iter().filter(|w| rest.iter().all(|n| pick(n).contains(w))).cloned().collect()
            }
            _ => Vec::new(),
        }
    };
    let (assume, cite) = (shared(|n| &n.assumptions), shared(|n| &n.sources));
    let own =
        |all: &[String], common: &[String]| all.iter().filter(|w| !common.contains(w)).cloned().collect::<Vec<_>>();
    html! {
        <>
        if !assume.is_empty() || !cite.is_empty() {
            <p class="print-only compare-notes" data-testid="compare-notes-shared">
                if !assume.is_empty() { { format!("{}{}", t.notes_all_assume, assume.join(" ")) }<br /> }
                if !cite.is_empty() { { format!("{}{}", t.notes_all_sources, cite.join("; ")) } }
            </p>
        }
        <ol class="print-only compare-notes" data-testid="compare-notes">
            { for notes.iter().map(|n| {
                let (assumptions, sources) = (own(&n.assumptions, &assume), own(&n.sources, &cite));
                html! {
                <li>
                    <strong>{ n.name.clone() }</strong>{ format!(" · {}", n.link) }
                    if !assumptions.is_empty() { <br />{ format!("{}{}", t.notes_assumes, assumptions.join(" ")) } }
                    if !sources.is_empty() { <br />{ format!("{}{}", t.notes_sources, sources.join("; ")) } }
                </li>
            }}) }
        </ol>
        </>
    }
}

/// Adds the page's configuration under the name typed into `name` (which it then empties).
fn add(name: NodeRef, props: &ComparePanelProps) -> Callback<MouseEvent> {
    let form = props.form.clone();
    let on_list = props.on_list.clone();
    Callback::from(move |_: MouseEvent| {
        let typed = name.cast::<HtmlInputElement>().map(|i| i.value()).unwrap_or_default();
        // An unnamed configuration stays unnamed: the page shows a default name from it.
        on_list.emit(ListEdit::Add(Box::new(Saved { name: compare::clean_name(&typed), form: (*form).clone() })));
        if let Some(input) = name.cast::<HtmlInputElement>() {
            input.set_value("");
        }
    })
}

/// Downloads the comparison as JSON or CSV; a browser that refuses the download is told of.
fn export(t: &'static Strings, props: &ComparePanelProps, json: bool) -> Callback<MouseEvent> {
    let catalogue = props.catalogue.0;
    let list = props.list.clone();
    let current = props.form.clone();
    let baseline = props.baseline;
    let link = props.link.to_string();
    let on_message = props.on_message.clone();
    Callback::from(move |_: MouseEvent| {
        let page = browser::page_address();
        let ctx = ExportContext {
            data_version: &catalogue.meta.data_version,
            data_date: &catalogue.meta.last_updated,
            link: &link,
            page: &page,
            current: &current,
            baseline,
        };
        let name = |ext| compare::file_name(&current.customer, &current.reference, browser::today(), ext);
        let (text, name, mime) = if json {
            (crate::export::json(catalogue, &list, &ctx, t), name("json"), "application/json")
        } else {
            (crate::export::csv(catalogue, &list, &ctx, t), name("csv"), "text/csv")
        };
        if !browser::download(&name, mime, &text) {
            on_message.emit(t.download_refused.to_owned());
        }
    })
}

/// Reads a picked JSON file back into the comparison, or says why it cannot.
fn import(t: &'static Strings, props: &ComparePanelProps) -> Callback<Event> {
    let catalogue = props.catalogue.0;
    let on_import = props.on_import.clone();
    let on_refused = props.on_refused.clone();
    Callback::from(move |e: Event| {
        let input: HtmlInputElement = e.target_unchecked_into();
        let on_import = on_import.clone();
        let on_refused = on_refused.clone();
        yew::platform::spawn_local(async move {
            let read = browser::picked_text(&input, IMPORT_MAX_BYTES).await.map_err(|why| {
                if why.contains("large") {
                    compare::Foreign::TooLarge
                } else {
                    compare::Foreign::Unreadable
                }
            });
            let parsed = read.and_then(|text| browser::parse_comparison_json(&text));
            match parsed {
                Ok(file) => match compare::read_export(catalogue, &file) {
                    Ok(imported) => on_import.emit(imported),
                    Err(e) => on_refused.emit((t.compare_error)(&e)),
                },
                Err(why) => on_refused.emit((t.not_a_comparison)(&why)),
            }
            input.set_value("");
        });
    })
}
