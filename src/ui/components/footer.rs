//! Sources, data version and the notice MLCommons asks for.

use crate::ui::words::use_strings;
use crate::ui::Cat;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct FooterProps {
    pub catalogue: Cat,
    /// The embedded widget: the source list only, so every citation still resolves.
    #[prop_or_default]
    pub compact: bool,
    /// In the embedded widget, the sources its figures cite (the others are left out there).
    #[prop_or_default]
    pub cited: Vec<String>,
    /// The sources the printed sheet cites: the others are left off the sheet (not off the page).
    #[prop_or_default]
    pub cited_in_print: Vec<String>,
    /// The vendor: its imprint and privacy policy are linked on a standalone page (not in the
    /// embedded widget, whose host page has its own).
    #[prop_or_default]
    pub vendor: Option<crate::vendor::Vendor>,
}

#[function_component(Footer)]
pub fn footer(props: &FooterProps) -> Html {
    let catalogue = props.catalogue.0;
    let t = use_strings();
    let shown: Vec<_> =
        catalogue.sources.iter().filter(|s| !props.compact || props.cited.iter().any(|c| *c == *s.id)).collect();
    html! {
        <footer class={classes!("footer", props.compact.then_some("compact"))}>
            <section aria-labelledby="sources-title">
                <h2 id="sources-title">{ t.sources_title }</h2>
                // Closed until wanted: a citation's link (#source-…) opens it, as does find in page.
                <details class="sources-list" data-testid="sources">
                <summary>{ (t.sources_summary)(shown.len()) }</summary>
                <ol class="sources">
                    { for shown.iter().map(|s| html! {
                        <li id={format!("source-{}", s.id)}
                            class={(!props.cited_in_print.is_empty() && !props.cited_in_print.iter().any(|c| *c == *s.id)).then_some("uncited")}>
                            <span class="publisher" translate="no">{ &*s.publisher }</span>{ ", " }
                            if let Some(url) = &s.url {
                                <a href={url.clone()} target="_blank" rel="noopener noreferrer"><cite>{ &*s.title }</cite></a>
                            } else {
                                <cite>{ &*s.title }</cite>
                            }
                            { format!(", {}.", s.date) }
                        </li>
                    }) }
                </ol>
                </details>
            </section>
            <p data-testid="data-version">
                { (t.data_version)(&catalogue.meta.data_version, &catalogue.meta.last_updated) }
            </p>
            if let Some(v) = props.vendor.as_ref().filter(|v| !props.compact && (v.imprint.is_some() || v.privacy.is_some())) {
                <nav class="legal" aria-label={t.legal_label} data-testid="vendor-legal">
                    { &v.name }{ ": " }
                    if let Some(href) = &v.imprint {
                        <a href={href.clone()} data-testid="vendor-imprint">{ t.imprint }</a>
                    }
                    if v.imprint.is_some() && v.privacy.is_some() { { " · " } }
                    if let Some(href) = &v.privacy {
                        <a href={href.clone()} data-testid="vendor-privacy">{ t.privacy }</a>
                    }
                </nav>
            }
            // MLCommons' trademark notice is quoted as MLCommons words it, in English on every page
            // (issue 38); the page's own sentence follows in the page's language.
            <p class="trademark" data-testid="trademark">
                <span lang="en" data-testid="trademark-notice">{ TRADEMARK_NOTICE }</span>{ " " }{ t.trademark_own }
            </p>
        </footer>
    }
}

/// MLCommons' trademark notice, verbatim.
const TRADEMARK_NOTICE: &str = "The MLPerf name and logo are registered and unregistered trademarks of MLCommons Association in the United States and other countries. All rights reserved. Unauthorized use strictly prohibited. See www.mlcommons.org for more information.";
