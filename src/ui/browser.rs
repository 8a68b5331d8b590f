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

/// Replaces the address bar's query without a reload or a history entry.
pub fn replace_query(query: &str) {
    let Some(window) = web_sys::window() else { return };
    let Ok(history) = window.history() else { return };
    let path = window.location().pathname().unwrap_or_default();
    let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&format!("{path}?{query}")));
}

/// Puts text on the clipboard; the promise's outcome is not awaited (the link is also shown to copy by hand).
pub fn copy_to_clipboard(text: &str) -> bool {
    let Some(window) = web_sys::window() else { return false };
    let _promise = window.navigator().clipboard().write_text(text);
    true
}
