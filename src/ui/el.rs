//! What `html!` calls for each element: our patched `yew-macro` (`vendor/yew-macro/PATCHED.md`)
//! turns an element with a literal tag and neither `ref` nor `key` into one call of these functions,
//! where Yew's own macro builds the element's `VTag` inline, field by field, at every element of
//! every view. The tree is the same (`tests/web.rs` compares the two); the wasm is 9.3 KB gzip
//! smaller (docs/size-and-performance.md).

use yew::virtual_dom::{listeners::Listeners, AttrValue, Attributes, VList, VNode, VTag};
use yew::NodeRef;

/// An element `<tag ...>children</tag>`, as Yew's `html!` builds it.
#[inline(never)]
pub(crate) fn el(tag: &'static str, attributes: Attributes, listeners: Listeners, children: VNode) -> VNode {
    VTag::__new_other(AttrValue::Static(tag), NodeRef::default(), None, attributes, listeners, children).into()
}

/// [`el`] with more than one child, or children from an iterator: a list of them, as `html!` wraps them.
#[inline(never)]
pub(crate) fn el_list(tag: &'static str, attributes: Attributes, listeners: Listeners, children: Vec<VNode>) -> VNode {
    el(tag, attributes, listeners, VNode::VList(std::rc::Rc::new(VList::with_children(children, None))))
}

/// The same markup twice, for `tests/web.rs`: once as our `html!` builds it (through [`el`] and
/// [`el_list`]) and once as Yew's own macro does (every element with a `ref`, which the patch leaves
/// to Yew's code): each kind of child the patch treats (none, one element, one `{node}`, a text, several,
/// `{for}`), static and dynamic attributes, and a listener. Not called by the app.
#[doc(hidden)]
pub fn both_ways(title: &str, items: &[&'static str], onclick: yew::Callback<yew::MouseEvent>) -> (VNode, VNode) {
    use yew::html;
    let ours = html! {
        <section class="a" title={title.to_owned()}>
            <p></p>
            <p><b>{ "one element" }</b></p>
            <p>{ html! { <i>{ "one node" }</i> } }</p>
            <p>{ "a text" }</p>
            <ul data-n={items.len().to_string()}>{ for items.iter().map(|i| html! { <li>{ *i }</li> }) }</ul>
            <button type="button" onclick={onclick.clone()}>{ "b" }{ title.to_owned() }</button>
        </section>
    };
    let r = NodeRef::default;
    let yews = html! {
        <section ref={r()} class="a" title={title.to_owned()}>
            <p ref={r()}></p>
            <p ref={r()}><b ref={r()}>{ "one element" }</b></p>
            <p ref={r()}>{ html! { <i ref={r()}>{ "one node" }</i> } }</p>
            <p ref={r()}>{ "a text" }</p>
            <ul ref={r()} data-n={items.len().to_string()}>{ for items.iter().map(|i| html! { <li ref={r()}>{ *i }</li> }) }</ul>
            <button ref={r()} type="button" {onclick}>{ "b" }{ title.to_owned() }</button>
        </section>
    };
    (ours, yews)
}
