//! Every published result at its own configuration, sortable, with the current one marked.

use super::table_filters::table_filters;
use crate::catalogue::{Benchmark, Scenario};
use crate::figure::Kind;
use crate::float::Text;
use crate::form::Edit;
use crate::i18n::Strings;
use crate::model::{comparison_of, ComparisonRow, TableFilter};
use crate::ui::words::{kind_short, use_strings};
use crate::ui::{format, Cat};
use std::cmp::Ordering;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ComparisonProps {
    pub catalogue: Cat,
    pub benchmark: Benchmark,
    pub current_result: Option<String>,
    pub current_scenario: Scenario,
    /// Loads a row's configuration into the form.
    pub on_edit: Callback<Edit>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Column {
    Result,
    Card,
    Scenario,
    Precision,
    Power,
    JPerToken,
    WhPerMtok,
}

impl Column {
    const ALL: [(Column, &'static str); 7] = [
        (Column::Result, "result"),
        (Column::Card, "card"),
        (Column::Scenario, "scenario"),
        (Column::Precision, "precision"),
        (Column::Power, "power"),
        (Column::JPerToken, "j"),
        (Column::WhPerMtok, "wh"),
    ];

    fn label(self, t: &'static Strings) -> &'static str {
        match self {
            Column::Result => t.col_result,
            Column::Card => t.col_card,
            Column::Scenario => (t.field)(crate::form::Field::Scenario),
            Column::Precision => t.col_precision,
            Column::Power => t.col_power,
            Column::JPerToken => (t.unit)(crate::figure::Unit::JoulesPerToken),
            Column::WhPerMtok => t.col_wh,
        }
    }

    fn compare(self, a: &ComparisonRow, b: &ComparisonRow) -> Ordering {
        match self {
            Column::Result => a.result.id.cmp(&b.result.id),
            Column::Card => a.card.name.cmp(&b.card.name).then(a.result.accelerators.cmp(&b.result.accelerators)),
            Column::Scenario => a.result.scenario.cmp(&b.result.scenario),
            Column::Precision => a.result.weights.cmp(&b.result.weights),
            Column::Power => a.power.value.total_cmp(&b.power.value),
            Column::JPerToken => a.energy_per_token.value.total_cmp(&b.energy_per_token.value),
            Column::WhPerMtok => a.energy_per_million.value.total_cmp(&b.energy_per_million.value),
        }
    }
}

/// Rows shown before "Show all".
const ROW_LIMIT: usize = 3;

#[function_component(Comparison)]
pub fn comparison_table(props: &ComparisonProps) -> Html {
    let t = use_strings();
    let sort = use_state(|| (Column::JPerToken, true));
    let filter = use_state(|| TableFilter::benchmark(props.benchmark));
    let show_all = use_state(|| false);
    {
        // The table follows the form's benchmark when it changes.
        let filter = filter.clone();
        use_effect_with(props.benchmark, move |benchmark| {
            if filter.benchmark != *benchmark {
                filter.set(TableFilter { benchmark: *benchmark, ..(*filter).clone() });
            }
        });
    }
    let on_filter = {
        let filter = filter.clone();
        let show_all = show_all.clone();
        Callback::from(move |next: TableFilter| {
            filter.set(next);
            show_all.set(false);
        })
    };
    let mut rows = comparison_of(props.catalogue.0, &filter);
    let (column, ascending) = *sort;
    crate::sort::sort_by(&mut rows, |a, b| {
        let order = column.compare(a, b);
        if ascending {
            order
        } else {
            order.reverse()
        }
    });
    let total = rows.len();
    // Hundreds of rows stay readable: the first ROW_LIMIT in the chosen order, and the current row
    // wherever it falls; the rest on request.
    if !*show_all && total > ROW_LIMIT {
        let mut kept = 0;
        rows.retain(|row| {
            kept += 1;
            kept <= ROW_LIMIT || is_current(props, row)
        });
    }
    let shown = rows.len();
    let more = {
        let show_all = show_all.clone();
        Callback::from(move |_: MouseEvent| show_all.set(true))
    };
    let benchmark = filter.benchmark;

    html! {
        <section class="comparison" aria-labelledby="comparison-title">
            <h2 id="comparison-title">{ (t.table_title)(benchmark.name(), benchmark.accuracy()) }</h2>
            { table_filters(props.catalogue, &filter, &on_filter) }
            <p class="hint">{ t.table_choose.trim_start() }</p>
            // What a ceiling row and a measured row are, folded: every row's kind says it too.
            <details class="table-about" data-testid="table-about">
                <summary>{ t.table_about }</summary>
                <p class="hint">{ t.table_hint }{ t.scope_note }</p>
            </details>
            <div class="table-scroll" tabindex="0" role="region" aria-labelledby="comparison-title">
                <table data-testid="comparison">
                    <thead><tr>
                        { for Column::ALL.into_iter().map(|(col, id)| header(t, &sort, col, id)) }
                        <th scope="col">{ t.col_kind }</th>
                    </tr></thead>
                    <tbody>
                    { for rows.iter().map(|row| row_view(t, row, is_current(props, row), &props.on_edit)) }
                    </tbody>
                </table>
            </div>
            <p class="table-count" data-testid="table-count">
                { (t.rows_count)(shown, total) }
                if shown < total {
                    { " " }<button type="button" class="quiet" data-testid="show-all-rows" onclick={more}>{ (t.show_all)(total) }</button>
                }
            </p>
        </section>
    }
}

/// Whether a row is the configuration on the page: its result, scenario and benchmark, at its
/// ceiling (a measured row beside it is context).
fn is_current(props: &ComparisonProps, row: &ComparisonRow) -> bool {
    props.current_result.as_deref() == Some(&*row.result.id)
        && props.current_scenario == row.result.scenario
        && row.result.benchmark == props.benchmark
        && row.energy_per_token.kind == Kind::Ceiling
}

/// A column's heading: a button that sorts by it, ascending first, and the other way when pressed again.
fn header(t: &'static Strings, sort: &UseStateHandle<(Column, bool)>, col: Column, id: &'static str) -> Html {
    let (column, ascending) = **sort;
    let label = col.label(t);
    let onclick = {
        let sort = sort.clone();
        Callback::from(move |_: MouseEvent| {
            let (current, asc) = *sort;
            sort.set((col, if current == col { !asc } else { true }));
        })
    };
    let (aria_sort, arrow) = match (col == column, ascending) {
        (true, true) => ("ascending", " ▲"),
        (true, false) => ("descending", " ▼"),
        (false, _) => ("none", ""),
    };
    html! {
        <th scope="col" class={classes!(matches!(col, Column::Power | Column::JPerToken | Column::WhPerMtok).then_some("num"))} aria-sort={aria_sort}>
            <button type="button" class="sort" data-testid={format!("sort-{id}")} {onclick}>{ label }{ arrow }</button>
        </th>
    }
}

/// One published result: a button that loads it, its card and system, and its figures.
fn row_view(t: &'static Strings, row: &ComparisonRow, current: bool, on_edit: &Callback<Edit>) -> Html {
    let r = row.result;
    let kind = kind_short(t, &row.energy_per_token.kind);
    let onclick = on_edit.reform({
        let (result, benchmark, scenario) = (r.id.to_string(), r.benchmark, r.scenario);
        move |_: MouseEvent| Edit::Row { result: result.clone(), benchmark, scenario }
    });
    let power_note = match row.energy_per_token.kind {
        Kind::Measured(_) => t.note_mean,
        _ if r.stated_power.is_some() => t.note_stated,
        _ => t.note_rated,
    };
    html! {
        <tr class={classes!(current.then_some("current"), format!("kind-{}", row.energy_per_token.kind.id()))}
            data-testid="comparison-row" data-result={r.id.clone()} data-scenario={r.scenario.id()}
            data-kind={row.energy_per_token.kind.id()} data-current={current.to_string()}
            aria-current={current.then_some("true")}>
            <th scope="row">
                <button type="button" class="link" data-testid="use-row" {onclick}
                    aria-label={(t.load_row)(&r.id, (t.scenario)(r.scenario))}>{ &*r.id }</button>
                if current { <span class="current-mark">{ t.your_configuration }</span> }
                <span class="system">{ format!("{} · {}", r.submitter, r.system) }
                    // issue 50
                    if r.is_preview() {
                        { " · " }<strong class="preview" data-testid="row-preview">{ t.preview_mark }</strong>
                    }
                    if let Some(url) = r.folder() {
                        { " · " }<a href={url} rel="noopener noreferrer" data-testid="row-details">{ t.mlcommons_page }</a>
                    }
                </span>
            </th>
            <td data-label={t.col_card}>{ format!("{} × {}", (t.card_name)(row.card), r.accelerators) }
                if let (true, Some(per_node)) = (r.nodes > 1, r.accelerators_per_node()) {
                    <span class="system" data-testid="row-system">{ (t.system_layout)(r.nodes, per_node, r.accelerators,
                        r.racks(row.card).zip(row.card.rack.as_ref().map(|k| &*k.name))) }</span>
                }
            </td>
            <td data-label={(t.field)(crate::form::Field::Scenario)}>{ (t.scenario)(r.scenario) }</td>
            <td data-label={t.col_precision} data-testid="precision">{ (t.precision_cell)(&crate::precision::Precision::of(r)) }</td>
            <td class="num" data-label={t.col_power} data-testid="row-power" data-value={row.power.value.text()}>{ format!("{} W", format::plain(row.power.value)) }<span class="system">{ power_note }</span></td>
            <td class="num j" data-label={(t.unit)(crate::figure::Unit::JoulesPerToken)} data-testid="row-j" data-value={row.energy_per_token.value.text()}>{ format::three(row.energy_per_token.value) }</td>
            <td class="num" data-label={t.col_wh} data-testid="row-wh" data-value={row.energy_per_million.value.text()}>{ format::three(row.energy_per_million.value) }</td>
            <td class="kind" data-label={t.col_kind}>{ kind }</td>
        </tr>
    }
}
