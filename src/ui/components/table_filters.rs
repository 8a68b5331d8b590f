//! The comparison table's filters: benchmark, scenario, card, vendor and system size.

use super::choice::{Choice, Opt};
use crate::catalogue::{Benchmark, Scenario, SystemSize};
use crate::form::Field;
use crate::model::TableFilter;
use crate::ui::Cat;
use yew::prelude::*;

const ALL: &str = "all";

fn opt(value: &str, label: String) -> Opt {
    Opt { value: value.to_owned().into(), label: label.into(), disabled: false }
}

/// The filters of `filter`, each change sent to `on_change`. A function, not a component (issue 53:
/// one component type fewer in the wasm), in the page's language (`format::page_lang`).
pub fn table_filters(cat: Cat, filter: &TableFilter, on_change: &Callback<TableFilter>) -> Html {
    let catalogue = cat.0;
    let t = crate::ui::format::page_lang().strings();
    let benchmarks: Vec<Opt> = Benchmark::ALL
        .iter()
        .map(|b| {
            opt(
                b.id(),
                format!("{}{}", b.name(), b.accuracy().map(|a| format!(", {}", (t.decimal)(a))).unwrap_or_default()),
            )
        })
        .collect();
    let mut scenarios = vec![opt(ALL, t.all_scenarios.to_owned())];
    scenarios.extend(Scenario::ALL.iter().map(|s| opt(s.id(), (t.scenario)(*s).to_owned())));
    let mut cards = vec![opt(ALL, t.all_cards.to_owned())];
    cards.extend(catalogue.cards.iter().map(|c| opt(&c.id, (t.card_name)(c))));
    let mut vendors: Vec<&str> = catalogue.cards.iter().map(|c| c.vendor()).collect();
    crate::sort::sort_by(&mut vendors, Ord::cmp);
    vendors.dedup();
    let mut vendor_options = vec![opt(ALL, t.all_vendors.to_owned())];
    vendor_options.extend(vendors.iter().map(|v| opt(v, (*v).to_owned())));

    let size_word = |s: SystemSize| match s {
        SystemSize::Server => t.size_server,
        SystemSize::Nodes => t.size_nodes,
        SystemSize::Rack => t.size_rack,
    };
    let mut sizes = vec![opt(ALL, t.all_sizes.to_owned())];
    sizes.extend(SystemSize::ALL.iter().map(|s| opt(s.id(), size_word(*s).to_owned())));

    let change = |apply: fn(&mut TableFilter, String)| {
        let on_change = on_change.clone();
        let filter = filter.clone();
        Callback::from(move |value: String| {
            let mut next = filter.clone();
            apply(&mut next, value);
            on_change.emit(next);
        })
    };
    html! {
        <div class="table-filters" data-testid="table-filters">
            <Choice id="filter-benchmark" label={(t.field)(Field::Model)} options={benchmarks} value={AttrValue::from(filter.benchmark.id())}
                on_change={change(|f, v| if let Some(b) = Benchmark::from_id(&v) { f.benchmark = b })} />
            <Choice id="filter-scenario" label={(t.field)(Field::Scenario)} options={scenarios}
                value={AttrValue::from(filter.scenario.map_or(ALL, |s| s.id()))}
                on_change={change(|f, v| f.scenario = Scenario::from_id(&v))} />
            <Choice id="filter-card" label={(t.field)(Field::Card)} options={cards}
                value={AttrValue::from(filter.card.clone().unwrap_or_else(|| ALL.to_owned()))}
                on_change={change(|f, v| f.card = (v != ALL).then_some(v))} />
            <Choice id="filter-vendor" label={t.filter_vendor} options={vendor_options}
                value={AttrValue::from(filter.vendor.clone().unwrap_or_else(|| ALL.to_owned()))}
                on_change={change(|f, v| f.vendor = (v != ALL).then_some(v))} />
            <Choice id="filter-size" label={t.filter_size} options={sizes}
                value={AttrValue::from(filter.size.map_or(ALL, |s| s.id()))}
                on_change={change(|f, v| f.size = SystemSize::ALL.into_iter().find(|s| s.id() == v))} />
        </div>
    }
}
