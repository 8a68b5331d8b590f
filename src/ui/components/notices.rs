//! What the link asked for that could not be used, and the link's values the page cannot use:
//! at the top, where a person looks first.

use crate::form::InputError;
use crate::link::Notice;
use crate::ui::format;
use yew::prelude::*;

/// The notices, with the messages of fields whose bad value came with the link (also shown beside
/// each field). A function, not a component (issue 53: a component type costs about 1 KB gzip).
pub fn notices(notices: &[Notice], field_errors: &[InputError], on_dismiss: &Callback<()>) -> Html {
    let t = format::page_lang().strings();
    if notices.is_empty() && field_errors.is_empty() {
        return html! {};
    }
    let onclick = on_dismiss.reform(|_: MouseEvent| ());
    html! {
        <section class="notices" role="alert" data-testid="link-notice">
            <h2>{ if field_errors.is_empty() { t.notices_changed } else { t.notices_unusable } }</h2>
            <ul>
                { for field_errors.iter().map(|e| html! {
                    <li data-testid="link-field-error"><a href={format!("#{}", e.field.id())}>{ (t.input_error)(e) }</a></li>
                }) }
                { for notices.iter().map(|n| html! { <li>{ (t.notice)(n) }</li> }) }
            </ul>
            <button type="button" class="quiet" data-testid="dismiss-notices" {onclick}>{ t.dismiss }</button>
        </section>
    }
}
