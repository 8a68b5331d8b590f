//! What the link asked for that could not be used, and the link's values the page cannot use:
//! at the top, where a person looks first.

use crate::form::InputError;
use crate::link::Notice;
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
    if props.notices.is_empty() && props.field_errors.is_empty() {
        return html! {};
    }
    let onclick = props.on_dismiss.reform(|_: MouseEvent| ());
    html! {
        <section class="notices" role="alert" data-testid="link-notice">
            <h2>{ if props.field_errors.is_empty() { "This link was partly changed" } else { "This link holds values the page cannot use" } }</h2>
            <ul>
                { for props.field_errors.iter().map(|e| html! {
                    <li data-testid="link-field-error"><a href={format!("#{}", e.field.id())}>{ e.to_string() }</a></li>
                }) }
                { for props.notices.iter().map(|n| html! { <li>{ n.to_string() }</li> }) }
            </ul>
            <button type="button" class="quiet" data-testid="dismiss-notices" {onclick}>{ "Dismiss" }</button>
        </section>
    }
}
