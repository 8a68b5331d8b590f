//! A small optional number field of "Measure your own" (duration, idle power, wall energy,
//! a kept run's concurrency and limit); its text is read by the core.

use crate::measure::Input;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// What [`measure_field`] draws.
pub struct MeasureFieldProps {
    pub input: Input,
    pub value: AttrValue,
    pub hint: AttrValue,
    pub error: Option<AttrValue>,
    pub on_change: Callback<(Input, String)>,
}

/// The field, its hint and its message. A function, not a component (issue 53: one component type
/// fewer in the wasm), in the page's language (`format::page_lang`).
pub fn measure_field(props: MeasureFieldProps) -> Html {
    let t = crate::ui::format::page_lang().strings();
    let input = props.input;
    let oninput =
        props.on_change.reform(move |e: InputEvent| (input, e.target_unchecked_into::<HtmlInputElement>().value()));
    let id = input.id();
    html! {
        <div class={classes!("field", props.error.is_some().then_some("invalid"))}>
            <label for={id}>{ (t.measure_input)(input) }</label>
            <input id={id} data-testid={id} type="text" inputmode="decimal" autocomplete="off"
                value={props.value} {oninput} aria-invalid={props.error.is_some().to_string()} />
            <p class="hint">{ props.hint.clone() }</p>
            if let Some(m) = &props.error {
                <p class="error" role="alert" data-testid={format!("measure-error-{id}")}>{ m.clone() }</p>
            }
        </div>
    }
}
