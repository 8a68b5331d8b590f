//! The link that reproduces the configuration.

use crate::ui::browser;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ShareProps {
    pub query: AttrValue,
}

#[function_component(Share)]
pub fn share(props: &ShareProps) -> Html {
    // None: not tried since the last change; Some(ok): the clipboard's answer.
    let copied = use_state(|| None::<bool>);
    let url = format!("{}?{}", browser::page_address(), props.query);
    let onclick = {
        let url = url.clone();
        let copied = copied.clone();
        Callback::from(move |_: MouseEvent| {
            let url = url.clone();
            let copied = copied.clone();
            yew::platform::spawn_local(async move { copied.set(Some(browser::copy_to_clipboard(&url).await)) });
        })
    };
    {
        let copied = copied.clone();
        use_effect_with(props.query.clone(), move |_| copied.set(None));
    }
    html! {
        <section class="share" aria-labelledby="share-title">
            <h2 id="share-title">{ "Share this configuration" }</h2>
            <div class="share-row">
                <label for="share-url" class="visually-hidden">{ "Link to this configuration" }</label>
                <input id="share-url" data-testid="share-url" type="text" readonly=true value={url} />
                <button type="button" data-testid="copy-link" {onclick}>{ "Copy link" }</button>
            </div>
            <p class="hint" aria-live="polite" data-testid="copy-status">{ match *copied {
                Some(true) => "Link copied.",
                Some(false) => "This browser did not allow copying here: select the link above and copy it by hand.",
                None => "Opening the link restores every field.",
            } }</p>
        </section>
    }
}
