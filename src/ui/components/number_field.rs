//! A labelled text field for a number. The figures follow every keystroke; the field's message
//! waits until typing pauses (`REVEAL_AFTER`) or the field is left, so a person is not told off
//! for a number they are still typing.

use crate::form::{Edit, Field};
use crate::ui::words::use_strings;
use std::time::Duration;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// How long typing must pause before a field's message is shown.
pub const REVEAL_AFTER: Duration = Duration::from_millis(700);

#[derive(Properties, PartialEq)]
pub struct NumberFieldProps {
    pub field: Field,
    pub value: AttrValue,
    pub hint: String,
    /// The message to show, if any (already filtered to what may be shown now).
    pub error: Option<AttrValue>,
    pub on_edit: Callback<Edit>,
    pub on_reveal: Callback<Field>,
}

#[function_component(NumberField)]
pub fn number_field(props: &NumberFieldProps) -> Html {
    let field = props.field;
    let t = use_strings();
    let latest = use_mut_ref(|| 0_u64);
    let oninput = {
        let on_edit = props.on_edit.clone();
        let on_reveal = props.on_reveal.clone();
        let latest = latest.clone();
        Callback::from(move |e: InputEvent| {
            on_edit.emit(Edit::Text(field, e.target_unchecked_into::<HtmlInputElement>().value()));
            let generation = {
                let mut latest = latest.borrow_mut();
                *latest += 1;
                *latest
            };
            let latest = latest.clone();
            let on_reveal = on_reveal.clone();
            yew::platform::spawn_local(async move {
                yew::platform::time::sleep(REVEAL_AFTER).await;
                if *latest.borrow() == generation {
                    on_reveal.emit(field);
                }
            });
        })
    };
    let reveal = props.on_reveal.reform(move |_: FocusEvent| field);
    let reveal_on_change = props.on_reveal.reform(move |_: Event| field);
    let id = field.id();
    let invalid = props.error.is_some();
    html! {
        <div class={classes!("field", invalid.then_some("invalid"))}>
            <label for={id}>{ (t.field)(field) }</label>
            <input id={id} data-testid={id} type="text" inputmode="decimal" autocomplete="off"
                value={props.value.clone()} {oninput} onblur={reveal} onchange={reveal_on_change}
                aria-invalid={invalid.to_string()}
                aria-describedby={if invalid { format!("error-{id}") } else { format!("hint-{id}") }} />
            <p class="hint" id={format!("hint-{id}")}>{ props.hint.clone() }</p>
            if let Some(message) = &props.error {
                <p class="error" role="alert" id={format!("error-{id}")} data-testid={format!("error-{id}")}>{ message.clone() }</p>
            }
        </div>
    }
}
