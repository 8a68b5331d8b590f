//! The few browser calls the app makes. Each one fails quietly: a missing window or a refused
//! history call must not break the page.

use wasm_bindgen::JsValue;

pub fn element_by_id(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

/// The current query string, with its `?` (empty when there is none).
pub fn query() -> String {
    web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default()
}

/// The page's address without query or fragment.
pub fn page_address() -> String {
    let Some(location) = web_sys::window().map(|w| w.location()) else { return String::new() };
    let origin = location.origin().unwrap_or_default();
    let path = location.pathname().unwrap_or_default();
    format!("{origin}{path}")
}

/// Replaces the address bar's query without a reload or a history entry, keeping any fragment.
pub fn replace_query(query: &str) {
    let Some(window) = web_sys::window() else { return };
    let Ok(history) = window.history() else { return };
    let location = window.location();
    let path = location.pathname().unwrap_or_default();
    // Keep a fragment the person followed (a source link): the query changes, the place does not.
    let hash = location.hash().unwrap_or_default();
    let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&format!("{path}?{query}{hash}")));
}

/// Puts text on the clipboard. `false` when the browser refuses (no permission, e.g. in a frame
/// without `allow="clipboard-write"`): the rejection is handled here, never left uncaught.
pub async fn copy_to_clipboard(text: &str) -> bool {
    let Some(window) = web_sys::window() else { return false };
    if !clipboard_allowed(&window) {
        return false;
    }
    let promise = window.navigator().clipboard().write_text(text);
    wasm_bindgen_futures::JsFuture::from(promise).await.is_ok()
}

/// Whether the frame's permissions policy lets it write to the clipboard. Asking first keeps the
/// browser from logging a policy violation when a vendor's iframe did not grant `clipboard-write`.
/// Browsers without `document.featurePolicy` are simply asked (the refusal is handled anyway).
fn clipboard_allowed(window: &web_sys::Window) -> bool {
    use wasm_bindgen::JsCast;
    let Some(document) = window.document() else { return false };
    let Ok(policy) = js_sys::Reflect::get(&document, &JsValue::from_str("featurePolicy")) else { return true };
    if !policy.is_object() {
        return true;
    }
    let Ok(allows) = js_sys::Reflect::get(&policy, &JsValue::from_str("allowsFeature")) else { return true };
    let Ok(allows) = allows.dyn_into::<js_sys::Function>() else { return true };
    allows.call1(&policy, &JsValue::from_str("clipboard-write")).ok().and_then(|v| v.as_bool()).unwrap_or(true)
}
