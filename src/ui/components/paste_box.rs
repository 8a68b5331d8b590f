//! A box for pasted text with a file picker beside it (the picked file's text fills the box).
//! A file larger than the box accepts is refused before it is read, and a paste that large too:
//! either empties the box, so it holds no figure (and the browser does not lay out megabytes of
//! text on every render).

use crate::measure::{Input, Problem, PASTE_LIMIT};
use crate::ui::browser;
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PasteBoxProps {
    pub input: Input,
    pub value: AttrValue,
    pub placeholder: AttrValue,
    /// The box's messages, from the core.
    pub error: Option<AttrValue>,
    pub on_change: Callback<(Input, String)>,
    /// The name of a file picked into the box (after its text), so figures cite the file.
    #[prop_or_default]
    pub on_file: Callback<(Input, String)>,
}

#[function_component(PasteBox)]
pub fn paste_box(props: &PasteBoxProps) -> Html {
    let input = props.input;
    let t = crate::ui::words::use_strings();
    let file_error = use_state(|| None::<String>);
    let too_large = move |bytes: usize| {
        let problem = (t.measure_problem)(&Problem::TooLarge { bytes, limit: PASTE_LIMIT });
        format!("{}: {problem}", (t.measure_input)(input))
    };
    let oninput = {
        let on_change = props.on_change.clone();
        let file_error = file_error.clone();
        Callback::from(move |e: InputEvent| {
            let text = e.target_unchecked_into::<HtmlTextAreaElement>().value();
            if text.len() > PASTE_LIMIT {
                file_error.set(Some(too_large(text.len())));
                on_change.emit((input, String::new()));
            } else {
                file_error.set(None);
                on_change.emit((input, text));
            }
        })
    };
    let onchange = {
        let on_change = props.on_change.clone();
        let on_file = props.on_file.clone();
        let file_error = file_error.clone();
        Callback::from(move |e: Event| {
            let Some((name, size, file)) = browser::picked_file(&e.target_unchecked_into::<HtmlInputElement>()) else {
                return;
            };
            if size > PASTE_LIMIT as f64 {
                // A refused file leaves nothing behind: the box is emptied, so no figure stays
                // from the text before (issue 39).
                file_error.set(Some(too_large(size as usize)));
                on_change.emit((input, String::new()));
                return;
            }
            file_error.set(None);
            let on_change = on_change.clone();
            let on_file = on_file.clone();
            yew::platform::spawn_local(async move {
                if let Some(text) = browser::file_text(file).await {
                    on_change.emit((input, text));
                    on_file.emit((input, name));
                }
            });
        })
    };
    let id = input.id();
    // A refused file's message first, then the box's own (a box emptied by a refusal is still
    // missing, and "Keep this run" says there is nothing to keep).
    let message = match ((*file_error).clone(), props.error.clone()) {
        (Some(file), Some(error)) => Some(AttrValue::from(format!("{file} {error}"))),
        (file, error) => file.map(AttrValue::from).or(error),
    };
    html! {
        <div class={classes!("field", "paste", message.is_some().then_some("invalid"))}>
            <label for={id}>{ (t.measure_input)(input) }</label>
            <textarea id={id} data-testid={id} rows="6" spellcheck="false" autocomplete="off"
                placeholder={props.placeholder.clone()} value={props.value.clone()} {oninput}
                aria-invalid={message.is_some().to_string()} aria-describedby={format!("measure-error-{id}")} />
            <label class="file">{ t.pick_file }
                <input type="file" data-testid={format!("{id}-file")} accept=".txt,.prom,.log,text/plain" {onchange} />
            </label>
            if let Some(m) = message {
                <p class="error" role="alert" id={format!("measure-error-{id}")} data-testid={format!("measure-error-{id}")}>{ m }</p>
            }
        </div>
    }
}
