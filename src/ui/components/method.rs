//! How the figures are calculated, and what they leave out.

use super::source::source_ref;
use crate::figure::{METHOD_SOURCES, METHOD_VERSION};
use crate::ui::words::use_strings;
use crate::ui::Cat;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct MethodProps {
    pub catalogue: Cat,
}

#[function_component(Method)]
pub fn method(props: &MethodProps) -> Html {
    let t = use_strings();
    let meta = &props.catalogue.0.meta;
    let [benchmark, joules] = METHOD_SOURCES;
    let source = |id: &'static str| source_ref(props.catalogue, id);
    use_effect_with((), |_| {
        let listener = crate::ui::browser::on_fragment_link();
        // The sheet prints the legend: the fold opens before the browser lays out for print.
        let print = crate::ui::browser::on_before_print(|| {
            if let Some(fold) = crate::ui::browser::element_by_id("kinds") {
                let _ = fold.set_attribute("open", "");
            }
        });
        move || drop((listener, print))
    });
    html! {
        <section class="method" id="method" aria-labelledby="method-title">
            <h2 id="method-title">{ t.method_title }</h2>
            // The kinds' legend folds (issue 38: the page's height); every badge links here, and a
            // click on one opens the fold (`browser::on_fragment_link`).
            <details class="fold kinds-fold" id="kinds" data-testid="kinds-fold">
            <summary><h3>{ t.m_kinds }</h3></summary>
            <ul class="kinds" data-testid="kinds-legend">
                <li class="kind-ceiling"><strong>{ t.word_ceiling }</strong>{ t.m_ceiling_dd }</li>
                <li class="kind-measured"><strong>{ t.word_measured }</strong>{ t.m_measured_dd }</li>
                <li class="kind-estimate"><strong>{ t.word_estimate }</strong>{ t.m_estimate_dd }</li>
            </ul>
            </details>
            <details class="fold" data-testid="method-fold">
            <summary>{ t.method_formulas }</summary>
            <dl>
                <dt>{ t.figure_board }</dt>
                <dd>{ t.m_board_dd }</dd>
                <dt>{ t.figure_token }</dt>
                <dd>{ t.m_token_dd }</dd>
                <dt>{ t.m_million }</dt>
                <dd>{ t.m_million_dd }</dd>
                <dt>{ t.m_day }</dt>
                <dd>{ t.m_day_dd }</dd>
                <dt>{ t.m_heat }</dt>
                <dd>{ t.m_heat_dd }</dd>
                <dt id="method-tpmw">{ t.p_tokens_per_mw_short.trim_end_matches(':') }</dt>
                <dd data-testid="tpmw-note">{ t.tpmw_note }{ " " }{ source(crate::plan::TPMW_SOURCE) }</dd>
            </dl>
            <div id="method-why" data-testid="method-why">
            <h3>{ t.m_why }</h3>
            <p class="hint" data-testid="method-version">{ (t.method_version)(METHOD_VERSION, &meta.data_version, &meta.last_updated) }</p>
            <ul>
                <li data-testid="method-overestimate">{ t.m_overestimate }{ " " }{ source(benchmark) }</li>
                <li id="method-batch" data-testid="method-batch">{ t.m_batch }{ " " }{ source(joules) }</li>
                <li data-testid="method-prompt">{ t.m_prompt }</li>
                <li>{ t.m_same_load }</li>
            </ul>
            <h3>{ t.m_cite_title }</h3>
            <p id="method-cite" data-testid="method-cite">{ (t.method_cite)(METHOD_VERSION, &meta.data_version, &meta.last_updated) }</p>
            </div>
            </details>
            <details class="fold glossary-fold" data-testid="glossary">
            <summary>{ t.glossary_title }</summary>
            <dl class="glossary">
                <dt>{ t.g_tgp }</dt><dd>{ t.g_tgp_dd }</dd>
                <dt>{ t.g_precision }</dt><dd>{ t.g_precision_dd }</dd>
                <dt>{ t.g_closed }</dt><dd>{ t.g_closed_dd }</dd>
                <dt>{ t.g_pue }</dt><dd>{ t.g_pue_dd }</dd>
                <dt>{ t.g_pf }</dt><dd>{ t.g_pf_dd }</dd>
                <dt>{ t.g_line }</dt><dd>{ t.g_line_dd }</dd>
                <dt>{ t.g_enefg }</dt><dd>{ t.g_enefg_dd }</dd>
            </dl>
            </details>
        </section>
    }
}
