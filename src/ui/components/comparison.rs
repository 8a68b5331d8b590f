//! Every published result at its own configuration, sortable, with the current one marked.

use super::table_filters::TableFilters;
use crate::catalogue::{Benchmark, Scenario};
use crate::figure::Kind;
use crate::form::Edit;
use crate::model::{comparison_of, ComparisonRow, TableFilter};
use crate::ui::words::kind_short;
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
    const ALL: [(Column, &'static str, &'static str); 7] = [
        (Column::Result, "result", "Result"),
        (Column::Card, "card", "Card × count"),
        (Column::Scenario, "scenario", "Scenario"),
        (Column::Precision, "precision", "Precision"),
        (Column::Power, "power", "Power"),
        (Column::JPerToken, "j", "J/token"),
        (Column::WhPerMtok, "wh", "Wh per million tokens"),
    ];

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
const ROW_LIMIT: usize = 40;

#[function_component(Comparison)]
pub fn comparison_table(props: &ComparisonProps) -> Html {
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
    rows.sort_by(|a, b| {
        let order = column.compare(a, b);
        if ascending {
            order
        } else {
            order.reverse()
        }
    });

    let header = |(col, id, label): (Column, &'static str, &'static str)| {
        let sort = sort.clone();
        let onclick = Callback::from(move |_: MouseEvent| {
            let (current, asc) = *sort;
            sort.set((col, if current == col { !asc } else { true }));
        });
        let aria_sort = if col == column {
            if ascending {
                "ascending"
            } else {
                "descending"
            }
        } else {
            "none"
        };
        let arrow = if col == column {
            if ascending {
                " ▲"
            } else {
                " ▼"
            }
        } else {
            ""
        };
        html! {
            <th scope="col" class={classes!(matches!(col, Column::Power | Column::JPerToken | Column::WhPerMtok).then_some("num"))} aria-sort={aria_sort}>
                <button type="button" class="sort" data-testid={format!("sort-{id}")} {onclick}>{ label }{ arrow }</button>
            </th>
        }
    };

    let total = rows.len();
    let is_current = |row: &ComparisonRow| {
        props.current_result.as_deref() == Some(&*row.result.id)
            && props.current_scenario == row.result.scenario
            && row.result.benchmark == props.benchmark
            && row.energy_per_token.kind == Kind::Ceiling
    };
    // Hundreds of rows stay readable: the first ROW_LIMIT in the chosen order, and the current row
    // wherever it falls; the rest on request.
    if !*show_all && total > ROW_LIMIT {
        let mut kept = 0;
        rows.retain(|row| {
            kept += 1;
            kept <= ROW_LIMIT || is_current(row)
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
            <h2 id="comparison-title">{ format!("Published results, {}{}", benchmark.name(),
                benchmark.accuracy().map(|a| format!(" ({a} accuracy target)")).unwrap_or_default()) }</h2>
            <TableFilters catalogue={props.catalogue} filter={(*filter).clone()} on_change={on_filter} />
            <p class="hint">{ "Ceiling rows: the cards' power setting ÷ the published throughput, GPU boards only. Measured rows: MLPerf Power's mean power of the whole server at the wall ÷ the same throughput. " }{ crate::i18n::Lang::En.strings().scope_note }{ " Choose a row to load its configuration." }</p>
            <div class="table-scroll" tabindex="0" role="region" aria-labelledby="comparison-title">
                <table data-testid="comparison">
                    <thead><tr>
                        { for Column::ALL.into_iter().map(header) }
                        <th scope="col">{ "Kind" }</th>
                    </tr></thead>
                    <tbody>
                    { for rows.iter().map(|row| {
                        let r = row.result;
                        // The configuration's own figure is the ceiling row; a measured row beside it is context.
                        let current = is_current(row);
                        let kind = kind_short(crate::i18n::Lang::En.strings(), &row.energy_per_token.kind);
                        let onclick = props.on_edit.reform({
                            let (result, benchmark, scenario) = (r.id.to_string(), r.benchmark, r.scenario);
                            move |_: MouseEvent| Edit::Row { result: result.clone(), benchmark, scenario }
                        });
                        let power_note = match row.energy_per_token.kind {
                            Kind::Measured(_) => "mean, whole node",
                            _ if r.stated_power.is_some() => "stated setting",
                            _ => "rated maximum",
                        };
                        html! {
                            <tr class={classes!(current.then_some("current"), format!("kind-{}", row.energy_per_token.kind.id()))}
                                data-testid="comparison-row" data-result={r.id.clone()} data-scenario={r.scenario.id()}
                                data-kind={row.energy_per_token.kind.id()} data-current={current.to_string()}
                                aria-current={current.then_some("true")}>
                                <th scope="row">
                                    <button type="button" class="link" data-testid="use-row" {onclick}
                                        aria-label={format!("Load {} {} into the calculator", r.id, r.scenario.label())}>{ &*r.id }</button>
                                    if current { <span class="current-mark">{ " ◀ your configuration" }</span> }
                                    <span class="system">{ format!("{} · {}", r.submitter, r.system) }
                                        if let Some(url) = &r.details {
                                            { " · " }<a href={url.to_string()} rel="noopener noreferrer" data-testid="row-details">{ "MLCommons page" }</a>
                                        }
                                    </span>
                                </th>
                                <td data-label="Card">{ format!("{} × {}", row.card.name, r.accelerators) }</td>
                                <td data-label="Scenario">{ r.scenario.label() }</td>
                                <td data-label="Precision" data-testid="precision">{ r.weights.to_ascii_uppercase() }</td>
                                <td class="num" data-label="Power" data-testid="row-power" data-value={row.power.value.to_string()}>{ format!("{} W", format::plain(row.power.value)) }<span class="system">{ power_note }</span></td>
                                <td class="num j" data-label="J/token" data-testid="row-j" data-value={row.energy_per_token.value.to_string()}>{ format::three(row.energy_per_token.value) }</td>
                                <td class="num" data-label="Wh per million tokens" data-testid="row-wh" data-value={row.energy_per_million.value.to_string()}>{ format::three(row.energy_per_million.value) }</td>
                                <td class="kind" data-label="Kind">{ kind }</td>
                            </tr>
                        }
                    }) }
                    </tbody>
                </table>
            </div>
            <p class="table-count" data-testid="table-count">
                { format!("{shown} of {total} rows") }
                if shown < total {
                    { " " }<button type="button" class="quiet" data-testid="show-all-rows" onclick={more}>{ format!("Show all {total}") }</button>
                }
            </p>
        </section>
    }
}
