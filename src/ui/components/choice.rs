//! A labelled `<select>` whose shown value always follows the state. Once a person has picked an
//! option, the browser no longer moves a select when `selected` changes, so the value is set on
//! the element after every render.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// One option: its value, its words, and whether it can be chosen.
#[derive(Debug, Clone, PartialEq)]
pub struct Opt {
    pub value: AttrValue,
    pub label: AttrValue,
    pub disabled: bool,
}

#[derive(Properties, PartialEq)]
pub struct ChoiceProps {
    /// Element id, `data-testid` and the name of the error region (`error-<id>`).
    pub id: AttrValue,
    pub label: AttrValue,
    pub options: Vec<Opt>,
    pub value: AttrValue,
    pub on_change: Callback<String>,
    #[prop_or_default]
    pub invalid: bool,
    /// Id of a hint or message that describes the field.
    #[prop_or_default]
    pub described_by: Option<AttrValue>,
    // issue 50
    /// Options in labelled groups (`<optgroup>`), listed before `options`.
    #[prop_or_default]
    pub groups: Vec<(AttrValue, Vec<Opt>)>,
}

#[function_component(Choice)]
pub fn choice(props: &ChoiceProps) -> Html {
    let select = use_node_ref();
    let lang = crate::ui::words::use_lang();
    {
        let select = select.clone();
        let value = props.value.clone();
        // No dependencies: after every render of this select, whatever caused it.
        use_effect(move || {
            if let Some(element) = select.cast::<HtmlSelectElement>() {
                if element.value() != *value {
                    element.set_value(&value);
                }
            }
        });
    }
    let onchange = {
        let on_change = props.on_change.clone();
        Callback::from(move |e: Event| on_change.emit(e.target_unchecked_into::<HtmlSelectElement>().value()))
    };
    html! {
        <div class="field">
            <label for={props.id.clone()}>{ crate::i18n::breakable(&props.label, lang) }</label>
            <select id={props.id.clone()} data-testid={props.id.clone()} ref={select} {onchange}
                aria-invalid={props.invalid.to_string()} aria-describedby={props.described_by.clone()}>
                { for props.groups.iter().map(|(label, options)| html! {
                    <optgroup label={label.clone()}>{ for options.iter().map(|o| option(o, &props.value)) }</optgroup>
                }) }
                { for props.options.iter().map(|o| option(o, &props.value)) }
            </select>
        </div>
    }
}

fn option(o: &Opt, value: &AttrValue) -> Html {
    html! {
        <option value={o.value.clone()} selected={o.value == *value} disabled={o.disabled}>{ o.label.clone() }</option>
    }
}
