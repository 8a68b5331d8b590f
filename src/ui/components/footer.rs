//! Sources, data version and the notice MLCommons asks for.

use crate::catalogue::Source;
use crate::i18n::{publisher_is_name, source_date, source_note, source_publisher, Lang};
use crate::ui::words::use_lang;
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
    pub vendor: Option<crate::ui::Same<crate::vendor::Vendor>>,
    /// Every source listed; else the first half, the rest a task later (the page's `Stage::All`).
    #[prop_or(true)]
    pub whole: bool,
}

/// A source's title as published: a citation in its own language, marked as such where it is not the
/// page's (`lang="en"` on the German page), so a screen reader reads it as written.
fn title(s: &Source, lang: Lang) -> Html {
    let own = s.title_lang();
    html! { <cite lang={(own != lang.id()).then(|| own.to_owned())}>{ &*s.title }</cite> }
}

/// A note in the page's words; code quoted in backticks is set as `code`.
fn note_html(note: &str) -> Html {
    note.split('`')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                html! { <code>{ part }</code> }
            } else {
                html! { { part } }
            }
        })
        .collect()
}

#[function_component(Footer)]
pub fn footer(props: &FooterProps) -> Html {
    let catalogue = props.catalogue.0;
    let lang = use_lang();
    let t = lang.strings();
    let mut shown: Vec<_> =
        catalogue.sources.iter().filter(|s| !props.compact || props.cited.iter().any(|c| *c == *s.id)).collect();
    let count = shown.len();
    if !props.whole {
        shown.truncate(count.div_ceil(2));
    }
    html! {
        <footer class={classes!("footer", props.compact.then_some("compact"))}>
            <section aria-labelledby="sources-title">
                <h2 id="sources-title">{ t.sources_title }</h2>
                // Closed until wanted: a citation's link (#source-…) opens it, as does find in page.
                <details class="sources-list" data-testid="sources">
                <summary>{ (t.sources_summary)(count) }</summary>
                <ol class="sources">
                    { for shown.iter().map(|s| html! {
                        <li id={format!("source-{}", s.id)}
                            class={(!props.cited_in_print.is_empty() && !props.cited_in_print.iter().any(|c| *c == *s.id)).then_some("uncited")}>
                            <span class="publisher" translate={publisher_is_name(s, lang).then_some("no")}>
                                { source_publisher(s, lang) }
                            </span>{ ", " }
                            if let Some(url) = &s.url {
                                <a href={url.clone()} target="_blank" rel="noopener noreferrer">{ title(s, lang) }</a>
                            } else {
                                { title(s, lang) }
                            }
                            if let Some(note) = source_note(s, lang) {
                                <span class="source-note" data-testid="source-note">{ " (" }{ note_html(note) }{ ")" }</span>
                            }
                            { ", " }<span class="source-date" data-testid="source-date">{ source_date(s, lang) }</span>{ "." }
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
