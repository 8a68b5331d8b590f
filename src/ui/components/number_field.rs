//! A labelled text field for a number. The figures follow every keystroke; the field's message
//! waits until typing pauses (`REVEAL_AFTER`) or the field is left, so a person is not told off
//! for a number they are still typing.

use crate::form::{Edit, Field};
use crate::ui::browser;
use crate::ui::words::use_strings;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// How long typing must pause before a field's message is shown, in milliseconds.
pub const REVEAL_AFTER: u32 = 700;

#[derive(Properties, PartialEq)]
pub struct NumberFieldProps {
    pub field: Field,
    pub value: AttrValue,
    pub hint: String,
    /// The message to show, if any (already filtered to what may be shown now).
    pub error: Option<AttrValue>,
    pub on_edit: Callback<Edit>,
    pub on_reveal: Callback<Field>,
    /// The unit beside the box (issue 34: the unit where the number is typed, not only in the hint).
    #[prop_or_default]
    pub unit: Option<AttrValue>,
    /// A question about the value as typed (a grid intensity that looks like kg), shown below it.
    #[prop_or_default]
    pub question: Option<AttrValue>,
    /// Issue 53: the question's answer, as a button that types it into the field: (its words, the
    /// text it types).
    #[prop_or_default]
    pub take: Option<(AttrValue, AttrValue)>,
}

#[function_component(NumberField)]
pub fn number_field(props: &NumberFieldProps) -> Html {
    let field = props.field;
    let t = use_strings();
    let lang = crate::ui::words::use_lang();
    // The message waits for a pause: each keystroke replaces the pending reveal (dropping a
    // `Later` cancels it), and leaving the page drops the last one.
    let pending = use_mut_ref(|| None::<browser::Later>);
    let oninput = {
        let on_edit = props.on_edit.clone();
        let on_reveal = props.on_reveal.clone();
        Callback::from(move |e: InputEvent| {
            on_edit.emit(Edit::Text(field, e.target_unchecked_into::<HtmlInputElement>().value()));
            let on_reveal = on_reveal.clone();
            *pending.borrow_mut() = Some(browser::later(REVEAL_AFTER, move || on_reveal.emit(field)));
        })
    };
    let reveal = props.on_reveal.reform(move |_: FocusEvent| field);
    let reveal_on_change = props.on_reveal.reform(move |_: Event| field);
    let id = field.id();
    let invalid = props.error.is_some();
    html! {
        <div class={classes!("field", invalid.then_some("invalid"))}>
            <label for={id}>{ crate::i18n::breakable((t.field)(field), lang) }</label>
            <div class="box">
                <input id={id} data-testid={id} type="text" inputmode="decimal" autocomplete="off"
                    value={props.value.clone()} {oninput} onblur={reveal} onchange={reveal_on_change}
                    aria-invalid={invalid.to_string()}
                    aria-describedby={if invalid { format!("error-{id}") } else { format!("hint-{id}") }} />
                if let Some(unit) = props.unit.as_ref().filter(|u| !u.is_empty()) {
                    <span class="box-unit" data-testid={format!("unit-{id}")} aria-hidden="true">{ unit.clone() }</span>
                }
            </div>
            <p class="hint" id={format!("hint-{id}")}>{ props.hint.clone() }</p>
            if let Some(q) = &props.question {
                <p class="question" role="status" data-testid={format!("question-{id}")}>{ q.clone() }</p>
                if let Some((words, text)) = &props.take {
                    <button type="button" class="ref-hint" data-testid={format!("take-{id}")}
                        onclick={{
                            let (on_edit, text) = (props.on_edit.clone(), text.to_string());
                            Callback::from(move |_: MouseEvent| on_edit.emit(Edit::Text(field, text.clone())))
                        }}>{ words.clone() }</button>
                }
            }
            if let Some(message) = &props.error {
                <p class="error" role="alert" id={format!("error-{id}")} data-testid={format!("error-{id}")}>{ message.clone() }</p>
            }
        </div>
    }
}
