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
}

#[function_component(Footer)]
pub fn footer(props: &FooterProps) -> Html {
    let catalogue = props.catalogue.0;
    let t = use_strings();
    html! {
        <footer class={classes!("footer", props.compact.then_some("compact"))}>
            <section aria-labelledby="sources-title">
                <h2 id="sources-title">{ t.sources_title }</h2>
                <ol class="sources">
                    { for catalogue.sources.iter().map(|s| html! {
                        <li id={format!("source-{}", s.id)}>
                            <span class="publisher">{ &*s.publisher }</span>{ ", " }
                            if let Some(url) = &s.url {
                                <a href={url.clone()} rel="noopener noreferrer">{ &*s.title }</a>
                            } else {
                                <span>{ &*s.title }</span>
                            }
                            { format!(", {}.", s.date) }
                        </li>
                    }) }
                </ol>
            </section>
            <p data-testid="data-version">
                { (t.data_version)(&catalogue.meta.data_version, &catalogue.meta.last_updated) }
            </p>
            <p class="trademark" data-testid="trademark">
                { t.trademark }
            </p>
        </footer>
    }
}
