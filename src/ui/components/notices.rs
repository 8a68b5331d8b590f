//! What the link asked for that could not be used, and the link's values the page cannot use:
//! at the top, where a person looks first.

use crate::form::InputError;
use crate::link::Notice;
use crate::ui::words::use_strings;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct NoticesProps {
    pub notices: Vec<Notice>,
    /// Messages of fields whose bad value came with the link (also shown beside each field).
    pub field_errors: Vec<InputError>,
    pub on_dismiss: Callback<()>,
}

#[function_component(Notices)]
pub fn notices(props: &NoticesProps) -> Html {
    let t = use_strings();
    if props.notices.is_empty() && props.field_errors.is_empty() {
        return html! {};
    }
    let onclick = props.on_dismiss.reform(|_: MouseEvent| ());
    html! {
        <section class="notices" role="alert" data-testid="link-notice">
            <h2>{ if props.field_errors.is_empty() { t.notices_changed } else { t.notices_unusable } }</h2>
            <ul>
                { for props.field_errors.iter().map(|e| html! {
                    <li data-testid="link-field-error"><a href={format!("#{}", e.field.id())}>{ (t.input_error)(e) }</a></li>
                }) }
                { for props.notices.iter().map(|n| html! { <li>{ (t.notice)(n) }</li> }) }
            </ul>
            <button type="button" class="quiet" data-testid="dismiss-notices" {onclick}>{ t.dismiss }</button>
        </section>
    }
}
