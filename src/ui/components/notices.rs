//! What the link asked for that could not be used.

use crate::link::Notice;
use crate::ui::app::{Action, Dispatch};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct NoticesProps {
    pub notices: Vec<Notice>,
    pub on_dismiss: Dispatch,
}

#[function_component(Notices)]
pub fn notices(props: &NoticesProps) -> Html {
    if props.notices.is_empty() {
        return html! {};
    }
    let dispatch = props.on_dismiss.clone();
    let onclick = Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::DismissNotices));
    html! {
        <section class="notices" role="alert" data-testid="link-notice">
            <h2>{ "This link was partly changed" }</h2>
            <ul>{ for props.notices.iter().map(|n| html! { <li>{ n.to_string() }</li> }) }</ul>
            <button type="button" class="quiet" {onclick}>{ "Dismiss" }</button>
        </section>
    }
}
