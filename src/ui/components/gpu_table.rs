//! The per-GPU table of a measurement: each GPU's energy over the run, its share, and its average
//! board power where the duration is known.

use crate::float::Text;
use crate::measure::{GpuRow, RowNote};
use crate::ui::format;
use yew::prelude::*;

fn name(r: &GpuRow) -> String {
    let mut parts = vec![r.id.clone()];
    if let Some(m) = &r.model {
        parts.push(m.clone());
    }
    if let Some(h) = &r.host {
        parts.push(h.clone());
    }
    parts.join(" · ")
}

/// The table, or nothing without rows. A function, not a component (issue 53: one component type
/// fewer in the wasm), in the page's language (`format::page_lang`).
pub fn gpu_table(rows: &[GpuRow]) -> Html {
    let t = crate::ui::format::page_lang().strings();
    if rows.is_empty() {
        return html! {};
    }
    let with_power = rows.iter().any(|r| r.average_power.is_some());
    html! {
        <table class="gpu-table" data-testid="own-gpu-table">
            <caption>{ t.per_gpu }</caption>
            <thead><tr>
                <th scope="col">{ "GPU" }</th><th scope="col">{ t.col_energy_j }</th><th scope="col">{ t.col_share }</th>
                if with_power { <th scope="col">{ t.col_avg_power }</th> }
            </tr></thead>
            <tbody>
                { for rows.iter().map(|r| html! {
                    <tr data-testid="own-gpu-row" data-id={r.id.clone()}>
                        <th scope="row">{ name(r) }
                            if let Some(note) = &r.note {
                                <small class="row-note" data-testid="own-gpu-note">{ match note {
                                    RowNote::Mig { series, spread } => (t.gpu_row_mig)(*series, &format::short(spread.value)),
                                    RowNote::Samples { samples, gaps } => (t.gpu_row_samples)(*samples, *gaps),
                                    RowNote::FirstToLast => t.gpu_row_first_last.to_owned(),
                                    RowNote::OwnWindow { first, last, polls, seconds } => (t.gpu_row_own_window)(*first, *last, *polls, &crate::ui::format::plain(*seconds)),
                                } }</small>
                            }
                        </th>
                        <td data-value={r.energy.value.text()}>{ format::three(r.energy.value) }</td>
                        <td data-value={r.share.value.text()}>{ format!("{}\u{a0}%", format::three(r.share.value)) }</td>
                        if with_power {
                            <td>{ r.average_power.as_ref().map_or_else(|| "—".to_owned(), |p| format::three(p.value)) }</td>
                        }
                    </tr>
                }) }
            </tbody>
        </table>
    }
}
