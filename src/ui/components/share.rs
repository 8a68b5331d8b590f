//! The link that reproduces the configuration.

use crate::ui::browser;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ShareProps {
    pub query: AttrValue,
}

#[function_component(Share)]
pub fn share(props: &ShareProps) -> Html {
    let copied = use_state(|| false);
    let url = format!("{}?{}", browser::page_address(), props.query);
    let onclick = {
        let url = url.clone();
        let copied = copied.clone();
        Callback::from(move |_: MouseEvent| copied.set(browser::copy_to_clipboard(&url)))
    };
    {
        let copied = copied.clone();
        use_effect_with(props.query.clone(), move |_| copied.set(false));
    }
    html! {
        <section class="share" aria-labelledby="share-title">
            <h2 id="share-title">{ "Share this configuration" }</h2>
            <div class="share-row">
                <label for="share-url" class="visually-hidden">{ "Link to this configuration" }</label>
                <input id="share-url" data-testid="share-url" type="text" readonly=true value={url} />
                <button type="button" data-testid="copy-link" {onclick}>{ "Copy link" }</button>
            </div>
            <p class="hint" aria-live="polite">{ if *copied { "Link copied." } else { "Opening the link restores every field." } }</p>
        </section>
    }
}
