//! Configurations side by side: add the current one under a name, rename, reorder and remove by
//! keyboard or mouse, choose the baseline; the grid of figures with the best of each row marked in
//! words; CSV and JSON downloads, and a JSON file read back.

use crate::compare::{self, CompareError, ExportContext, ListEdit, Saved, MAX};
use crate::figure::Figure;
use crate::form::Form;
use crate::ui::words::kind_short;
use crate::ui::{browser, format, Cat};
use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ComparePanelProps {
    pub catalogue: Cat,
    /// The configuration on the page, to add.
    pub form: Form,
    pub list: Vec<Saved>,
    pub baseline: usize,
    pub messages: Vec<String>,
    /// The full link of the page (with the comparison), for the exports.
    pub link: AttrValue,
    pub on_list: Callback<ListEdit>,
    pub on_baseline: Callback<usize>,
    pub on_replace: Callback<(Vec<Saved>, Vec<CompareError>)>,
    pub on_message: Callback<String>,
    pub on_dismiss: Callback<()>,
}

/// Largest JSON file read back.
const IMPORT_MAX_BYTES: f64 = 1_000_000.0;

fn cell_value(f: &Figure) -> String {
    match f.low {
        Some(low) => format!("{}–{} {}", format::three(low), format::three(f.value), f.unit.symbol()),
        None => format!("{} {}", format::three(f.value), f.unit.symbol()),
    }
}

fn list_item(i: usize, saved: &Saved, count: usize, props: &ComparePanelProps) -> Html {
    let emit = |edit: ListEdit| props.on_list.reform(move |_: MouseEvent| edit.clone());
    let rename = props
        .on_list
        .reform(move |e: Event| ListEdit::Rename(i, e.target_unchecked_into::<HtmlInputElement>().value()));
    let id = format!("compare-name-{i}");
    html! {
        <li data-testid="compared-item">
            <label class="visually-hidden" for={id.clone()}>{ format!("Name of compared configuration {}", i + 1) }</label>
            <input id={id} type="text" data-testid="compared-name" value={saved.name.clone()}
                maxlength={compare::NAME_MAX.to_string()} onchange={rename} />
            <button type="button" class="quiet" data-testid="compared-up" disabled={i == 0}
                aria-label={format!("Move {} up", saved.name)} onclick={emit(ListEdit::Move(i, true))}>{ "↑" }</button>
            <button type="button" class="quiet" data-testid="compared-down" disabled={i + 1 == count}
                aria-label={format!("Move {} down", saved.name)} onclick={emit(ListEdit::Move(i, false))}>{ "↓" }</button>
            <button type="button" class="quiet" data-testid="compared-remove"
                aria-label={format!("Remove {}", saved.name)} onclick={emit(ListEdit::Remove(i))}>{ "Remove" }</button>
        </li>
    }
}

fn grid_view(props: &ComparePanelProps) -> Html {
    let rows = compare::grid(props.catalogue.0, &props.list, props.baseline);
    html! {
        <div class="table-scroll" tabindex="0" role="region" aria-label="Compared configurations, figure by figure">
            <table class="compare-grid" data-testid="compare-grid">
                <thead><tr>
                    <th scope="col">{ "Figure" }</th>
                    { for props.list.iter().enumerate().map(|(i, s)| html! {
                        <th scope="col">{ &s.name }if i == props.baseline { <span class="system">{ "baseline" }</span> }</th>
                    }) }
                </tr></thead>
                <tbody>
                { for rows.iter().filter(|r| r.cells.iter().any(Option::is_some)).map(|row| html! {
                    <tr data-testid={format!("compare-row-{}", row.id)}>
                        <th scope="row">{ row.label }</th>
                        { for row.cells.iter().enumerate().map(|(i, cell)| {
                            let best = row.best.contains(&i);
                            match cell {
                                Some(f) => html! {
                                    <td class={classes!(best.then_some("best"), format!("kind-{}", f.kind.id()))}
                                        data-testid="compare-cell" data-value={f.value.to_string()} data-low={f.low.map(|l| l.to_string())}
                                        data-kind={f.kind.id()} data-best={best.to_string()}>
                                        <span class="number">{ cell_value(f) }</span>
                                        <span class="system">{ kind_short(crate::i18n::Lang::En.strings(), &f.kind) }</span>
                                        if best { <span class="best-mark">{ "★ best" }</span> }
                                        if let Some(Some(d)) = row.delta_percent.get(i) {
                                            <span class="system delta">{ format!("{}{} % against the baseline", if *d > 0.0 { "+" } else { "" }, format::three(*d)) }</span>
                                        }
                                    </td>
                                },
                                None => html! { <td data-testid="compare-cell">{ "—" }</td> },
                            }
                        }) }
                    </tr>
                }) }
                </tbody>
            </table>
        </div>
    }
}

#[function_component(ComparePanel)]
pub fn compare_panel(props: &ComparePanelProps) -> Html {
    let name = use_node_ref();
    let catalogue = props.catalogue.0;
    let add = {
        let name = name.clone();
        let form = props.form.clone();
        let on_list = props.on_list.clone();
        let count = props.list.len();
        Callback::from(move |_: MouseEvent| {
            let typed = name.cast::<HtmlInputElement>().map(|i| i.value()).unwrap_or_default();
            on_list.emit(ListEdit::Add(Box::new(Saved {
                name: compare::clean_name(&typed, count + 1),
                form: form.clone(),
            })));
            if let Some(input) = name.cast::<HtmlInputElement>() {
                input.set_value("");
            }
        })
    };
    let export = |json: bool| {
        let list = props.list.clone();
        let link = props.link.to_string();
        let on_message = props.on_message.clone();
        Callback::from(move |_: MouseEvent| {
            let page = browser::page_address();
            let ctx = ExportContext {
                data_version: &catalogue.meta.data_version,
                data_date: &catalogue.meta.last_updated,
                link: &link,
                page: &page,
            };
            let (text, name, mime) = if json {
                (compare::json(catalogue, &list, &ctx), "token-energy-comparison.json", "application/json")
            } else {
                (compare::csv(catalogue, &list, &ctx), "token-energy-comparison.csv", "text/csv")
            };
            if !browser::download(name, mime, &text) {
                on_message.emit("This browser did not allow the download.".to_owned());
            }
        })
    };
    let import = {
        let on_replace = props.on_replace.clone();
        let on_message = props.on_message.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let on_replace = on_replace.clone();
            let on_message = on_message.clone();
            yew::platform::spawn_local(async move {
                let read = browser::picked_text(&input, IMPORT_MAX_BYTES).await;
                let parsed = read.and_then(|text| browser::parse_comparison_json(&text));
                match parsed {
                    Ok((format, entries)) => match compare::from_export(catalogue, format.as_deref(), &entries) {
                        Ok(result) => on_replace.emit(result),
                        Err(e) => on_message.emit(e.to_string()),
                    },
                    Err(why) => on_message.emit(format!("This file is not a token-energy comparison: {why}.")),
                }
                input.set_value("");
            });
        })
    };
    let count = props.list.len();
    let baseline = props.on_baseline.reform(|e: Event| {
        e.target_unchecked_into::<web_sys::HtmlSelectElement>().value().parse::<usize>().unwrap_or(0)
    });
    html! {
        <section class="compare" aria-labelledby="compare-title" data-testid="compare">
            <h2 id="compare-title">{ "Compare configurations" }</h2>
            <div class="compare-add">
                <label for="compare-new-name">{ "Name for the configuration above" }</label>
                <input id="compare-new-name" data-testid="compare-new-name" type="text" ref={name}
                    maxlength={compare::NAME_MAX.to_string()} placeholder={format!("Configuration {}", count + 1)} />
                <button type="button" data-testid="compare-add" onclick={add} disabled={count >= MAX}>{ "Add to comparison" }</button>
            </div>
            <p class="hint">{ format!("Up to {MAX}, kept in this browser and in the link. {count} of {MAX}.") }</p>
            if !props.messages.is_empty() {
                <div class="warning" role="alert" data-testid="compare-message">
                    <ul>{ for props.messages.iter().map(|m| html! { <li>{ m }</li> }) }</ul>
                    <button type="button" class="quiet" onclick={props.on_dismiss.reform(|_: MouseEvent| ())}>{ "OK" }</button>
                </div>
            }
            if count > 0 {
                <ol class="compared">{ for props.list.iter().enumerate().map(|(i, s)| list_item(i, s, count, props)) }</ol>
                if count > 1 {
                    <div class="field compare-baseline">
                        <label for="compare-baseline">{ "Differences against" }</label>
                        <select id="compare-baseline" data-testid="compare-baseline" onchange={baseline}>
                            { for props.list.iter().enumerate().map(|(i, s)| html! {
                                <option value={i.to_string()} selected={i == props.baseline}>{ &s.name }</option>
                            }) }
                        </select>
                    </div>
                }
                { grid_view(props) }
                <p class="hint">{ "★ best: the lowest energy or power, the highest throughput, of the configurations compared." }</p>
                <div class="compare-actions">
                    <button type="button" class="quiet" data-testid="export-csv" onclick={export(false)}>{ "Download CSV" }</button>
                    <button type="button" class="quiet" data-testid="export-json" onclick={export(true)}>{ "Download JSON" }</button>
                    <button type="button" class="quiet" data-testid="compare-clear" onclick={props.on_list.reform(|_: MouseEvent| ListEdit::Clear)}>{ "Clear the comparison" }</button>
                </div>
            }
            <div class="field compare-import">
                <label for="compare-import">{ "Open a comparison (a JSON file this page downloaded)" }</label>
                <input id="compare-import" data-testid="compare-import" type="file" accept=".json,application/json" onchange={import} />
            </div>
        </section>
    }
}
