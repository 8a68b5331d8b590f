//! Every published result at its own configuration, sortable, with the current one marked.

use crate::catalogue::{Benchmark, Scenario};
use crate::figure::Kind;
use crate::form::Edit;
use crate::model::{comparison, ComparisonRow};
use crate::ui::words::{kind_short, SCOPE_NOTE};
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

#[function_component(Comparison)]
pub fn comparison_table(props: &ComparisonProps) -> Html {
    let sort = use_state(|| (Column::JPerToken, true));
    let mut rows = comparison(props.catalogue.0, props.benchmark);
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

    html! {
        <section class="comparison" aria-labelledby="comparison-title">
            <h2 id="comparison-title">{ format!("Published results, {}{}", props.benchmark.name(),
                props.benchmark.accuracy().map(|a| format!(" ({a} accuracy target)")).unwrap_or_default()) }</h2>
            <p class="hint">{ "Ceiling rows: the cards' power setting ÷ the published throughput, GPU boards only. Measured rows: MLPerf Power's mean power of the whole server at the wall ÷ the same throughput. " }{ SCOPE_NOTE }{ " Choose a row to load its configuration." }</p>
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
                        let current = props.current_result.as_deref() == Some(&*r.id)
                            && props.current_scenario == r.scenario
                            && row.energy_per_token.kind == Kind::Ceiling;
                        let kind = kind_short(&row.energy_per_token.kind);
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
        </section>
    }
}
