//! The few browser calls the app makes. Each one fails quietly: a missing window or a refused
//! history call must not break the page.

use wasm_bindgen::JsValue;

/// A call made `ms` milliseconds from now, unless this handle is dropped first (a newer keystroke
/// replaces it, an unmounted component drops it): gloo's `Timeout`.
pub type Later = gloo_timers::callback::Timeout;

/// Calls `f` after `ms` milliseconds, unless the returned handle is dropped before.
pub fn later(ms: u32, f: impl FnOnce() + 'static) -> Later {
    gloo_timers::callback::Timeout::new(ms, f)
}

/// Listens to the window's `beforeprint` (the browser is about to lay the page out for print) while
/// the returned handle lives; `None` without a window.
pub fn on_before_print(mut f: impl FnMut() + 'static) -> Option<gloo_events::EventListener> {
    let window = web_sys::window()?;
    Some(gloo_events::EventListener::new(&window, "beforeprint", move |_| f()))
}

/// Sets `attributes` on the first element `selector` finds (nothing when none does).
pub fn set_attributes(selector: &str, attributes: &[(&str, &str)]) {
    let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.query_selector(selector).ok().flatten())
    else {
        return;
    };
    for (name, value) in attributes {
        let _ = el.set_attribute(name, value);
    }
}

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

/// Opens the browser's print dialog (the quote sheet is the page's print stylesheet).
pub fn print() {
    if let Some(window) = web_sys::window() {
        let _ = window.print();
    }
}

/// Today's date on the reader's clock: (year, month 1–12, day). Written by `i18n::intl::long_date`,
/// not `Intl.DateTimeFormat`, whose construction costs a first render milliseconds.
pub fn today() -> Option<(i32, u32, u32)> {
    let now = js_sys::Date::new_0();
    let year = now.get_full_year();
    (year > 0).then(|| (year as i32, now.get_month() + 1, now.get_date()))
}

/// The reader's languages (`navigator.languages`, most wanted first); empty if the browser says none.
pub fn languages() -> Vec<String> {
    let Some(window) = web_sys::window() else { return Vec::new() };
    window.navigator().languages().iter().filter_map(|l| l.as_string()).collect()
}

/// Sets `<html lang>`, so screen readers, hyphenation and spell checkers use the page's language.
pub fn set_html_lang(id: &str) {
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = root.set_attribute("lang", id);
    }
}

/// Sets the document's title (the tab, bookmarks and the browser's print header) in the page's language.
pub fn set_title(title: &str) {
    if let Some(document) = web_sys::window().and_then(|w| w.document()) {
        document.set_title(title);
    }
}

/// The day the service worker kept this page for offline use (`<html data-offline-copy>`, which it
/// writes only on a copy served from its cache because the network could not be reached).
pub fn offline_copy() -> Option<String> {
    let root = web_sys::window()?.document()?.document_element()?;
    root.get_attribute("data-offline-copy")
        .map(|d| d.chars().filter(|c| c.is_ascii_digit() || *c == '-').take(10).collect())
}

/// Empties an element (the prerendered page, when this link is another page).
pub fn clear_children(element: &web_sys::Element) {
    element.set_inner_html("");
}

/// Removes the element with this id, if there is one (what the page showed while the wasm
/// loaded: the heading and "Calculating…").
pub fn remove_element(id: &str) {
    if let Some(element) = element_by_id(id) {
        element.remove();
    }
}

/// Marks the page as running (`<html data-app="live">`): the prerendered page looks the same before
/// and after, and tests, the benchmark and a vendor's page can tell when it answers input.
pub fn mark_live() {
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = root.set_attribute("data-app", "live");
    }
    // In a frame, the embedding page hears the first height now that the page is live.
    post_height();
}

/// Marks the page as drawn whole (`<html data-drawn="all">`), its last stage (`ui::stage`) drawn:
/// tests and the benchmark read the whole page from then on.
pub fn mark_drawn() {
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = root.set_attribute("data-drawn", "all");
    }
}

/// Brings the element the address's `#fragment` names into view once the page is rendered (a link
/// from the embedded widget to the method opens the full page there), opening the folds around it;
/// nothing where there is no fragment or no such element.
pub fn reveal_hash() {
    let Some(window) = web_sys::window() else { return };
    let hash = window.location().hash().unwrap_or_default();
    let Some(id) = hash.strip_prefix('#').filter(|id| !id.is_empty()) else { return };
    if let Some(element) = open_folds(id) {
        element.scroll_into_view();
    }
}

/// Opens the element `id` if it is a fold (`<details>`) and every fold around it; the element, if any.
fn open_folds(id: &str) -> Option<web_sys::Element> {
    let element = web_sys::window()?.document()?.get_element_by_id(id)?;
    let mut fold = Some(element.clone());
    while let Some(e) = fold {
        if e.tag_name().eq_ignore_ascii_case("details") {
            let _ = e.set_attribute("open", "");
        }
        fold = e.parent_element();
    }
    Some(element)
}

/// While the returned handle lives, a click on a link to a fragment of this page (`href="#kinds"`)
/// opens the folds at and around its target first, so the link never lands on a closed fold
/// (issue 38: the kinds' legend folds). `None` without a document.
pub fn on_fragment_link() -> Option<gloo_events::EventListener> {
    use wasm_bindgen::JsCast;
    let document = web_sys::window()?.document()?;
    Some(gloo_events::EventListener::new(&document, "click", |event| {
        let Some(target) = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return };
        let Ok(Some(link)) = target.closest("a[href^='#']") else { return };
        if let Some(id) = link.get_attribute("href").as_deref().and_then(|h| h.strip_prefix('#')) {
            open_folds(id);
        }
    }))
}

/// Ends what the boot script began for a link with a query (`<html class="pending">`, which hides
/// the prerendered bare page and shows "Calculating…"): the app's own page is in place now.
pub fn end_pending() {
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = root.class_list().remove_1("pending");
    }
}

/// The origin of the page that embeds this one in a frame, if the browser tells it
/// (`location.ancestorOrigins`, else the referrer); `None` when not framed.
fn embedding_origin(window: &web_sys::Window) -> Option<String> {
    let parent = window.parent().ok().flatten()?;
    if js_sys::Object::is(&parent, window) {
        return None;
    }
    if let Ok(list) = js_sys::Reflect::get(&window.location(), &JsValue::from_str("ancestorOrigins")) {
        if let Ok(first) = js_sys::Reflect::get(&list, &JsValue::from_f64(0.0)) {
            if let Some(origin) = first.as_string() {
                return Some(origin);
            }
        }
    }
    let referrer = window.document()?.referrer();
    let url = web_sys::Url::new(&referrer).ok()?;
    let origin = url.origin();
    (origin != "null" && !origin.is_empty()).then_some(origin)
}

/// The widget's content: the app's own element. Not the document (inside a frame the document is at
/// least as tall as the frame, so its height could never report less than the frame has now), nor
/// `#app-root` (its `min-height: 100vh` is the frame's height too).
fn content(document: &web_sys::Document) -> Option<web_sys::Element> {
    document.query_selector("[data-testid=\"app\"]").ok().flatten()
}

/// Tells the embedding page how tall this page's content is, so it can size its frame to it, taller
/// or shorter: `{ type: "token-energy:height", height }` (CSS pixels, whole, rounded up) posted to
/// the embedding origin only, once the page is live. The height is where the content ends in the
/// document (its bottom edge, scrolled or not), so a frame set to it shows all of it and no blank below.
pub fn post_height() {
    let Some(window) = web_sys::window() else { return };
    let Some(origin) = embedding_origin(&window) else { return };
    // Not while the first stages draw: a height then (the header alone, some 24 px) would shrink the
    // host's frame for a moment before it grows back (`mark_live` posts the first).
    let live = window.document().and_then(|d| d.document_element()).and_then(|e| e.get_attribute("data-app"));
    if live.as_deref() != Some("live") {
        return;
    }
    let Some(element) = window.document().as_ref().and_then(content) else { return };
    let bottom = element.get_bounding_client_rect().bottom() + window.scroll_y().unwrap_or(0.0);
    if !bottom.is_finite() || bottom <= 0.0 {
        return;
    }
    let Ok(Some(parent)) = window.parent() else { return };
    let message = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&message, &JsValue::from_str("type"), &JsValue::from_str("token-energy:height"));
    let _ = js_sys::Reflect::set(&message, &JsValue::from_str("height"), &JsValue::from_f64(bottom.ceil()));
    let _ = parent.post_message(&message, &origin);
}

/// Watches the widget's content while the returned handle lives: whenever its size changes — a
/// fold (Configuration, Plan, Sources) opened or closed, a message shown or gone, the frame's width
/// reflowing the text — the embedding page hears the new height (`post_height`). `None` outside a
/// frame or without the content element.
pub fn follow_height() -> Option<HeightWatch> {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    let window = web_sys::window()?;
    embedding_origin(&window)?;
    let element = content(&window.document()?)?;
    let callback = Closure::<dyn FnMut()>::new(post_height);
    let observer = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()).ok()?;
    observer.observe(&element);
    Some(HeightWatch { observer, _callback: callback })
}

/// A `ResizeObserver` on the widget's content; disconnected when dropped.
pub struct HeightWatch {
    observer: web_sys::ResizeObserver,
    _callback: wasm_bindgen::closure::Closure<dyn FnMut()>,
}

impl Drop for HeightWatch {
    fn drop(&mut self) {
        self.observer.disconnect();
    }
}

/// The browser's stored value for `key`; `None` when absent or when storage is refused (private
/// mode, a sandboxed frame, disabled cookies).
pub fn stored(key: &str) -> Option<String> {
    web_sys::window()?.local_storage().ok()??.get_item(key).ok()?
}

/// Keeps `value` under `key` (removes it when empty). `false` when the browser refused (storage
/// full, private mode, a sandboxed frame): the caller says so, nothing breaks.
pub fn store(key: &str, value: &str) -> bool {
    let Some(Ok(Some(storage))) = web_sys::window().map(|w| w.local_storage()) else { return false };
    if value.is_empty() {
        storage.remove_item(key).is_ok()
    } else {
        storage.set_item(key, value).is_ok()
    }
}

/// Offers `text` as a file to download: a Blob behind an object URL (gloo-file's `ObjectUrl`,
/// revoked when dropped, after the click) and a temporary link. `false` if the browser refused.
pub fn download(file_name: &str, mime: &str, text: &str) -> bool {
    use wasm_bindgen::JsCast;
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return false };
    let Some(link) = document.create_element("a").ok().and_then(|e| e.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    else {
        return false;
    };
    let url = gloo_file::ObjectUrl::from(gloo_file::Blob::new_with_options(text, Some(mime)));
    link.set_href(&url);
    link.set_download(file_name);
    let appended = document.body().map(|b| b.append_child(&link).is_ok()).unwrap_or(false);
    link.click();
    if appended {
        link.remove();
    }
    true
}

/// The text of the first file picked in `input`, if any and readable (at most `max_bytes`).
pub async fn picked_text(input: &web_sys::HtmlInputElement, max_bytes: f64) -> Result<String, &'static str> {
    let Some(file) = input.files().and_then(|list| list.get(0)) else { return Err("no file was chosen") };
    if file.size() > max_bytes {
        return Err("the file is too large");
    }
    let text = wasm_bindgen_futures::JsFuture::from(file.text()).await.map_err(|_| "the file could not be read")?;
    text.as_string().ok_or("the file is not text")
}

/// Reads a comparison file with the browser's own parser into the fields the core reads back
/// (`compare::read_export`), or why not: the page's own CSV export is told apart from other text.
pub fn parse_comparison_json(text: &str) -> Result<crate::compare::ExportFile, crate::compare::Foreign> {
    use crate::compare::{is_csv_export, ExportFile, Foreign};
    let value =
        js_sys::JSON::parse(text).map_err(|_| if is_csv_export(text) { Foreign::Csv } else { Foreign::NotJson })?;
    let get = |v: &JsValue, key: &str| js_sys::Reflect::get(v, &JsValue::from_str(key)).ok();
    let string = |v: &JsValue, key: &str| get(v, key).and_then(|s| s.as_string());
    let list = get(&value, "configurations").filter(js_sys::Array::is_array).map(|c| js_sys::Array::from(&c));
    let entries = list
        .map(|list| {
            list.iter()
                .filter_map(|c| {
                    let name = string(&c, "name").unwrap_or_default();
                    let query = string(&c, "query")?;
                    Some((name, query))
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(ExportFile {
        format: string(&value, "format"),
        version: get(&value, "version").and_then(|v| v.as_f64()),
        data_version: string(&value, "data_version"),
        current: get(&value, "current").and_then(|c| string(&c, "query")),
        baseline: get(&value, "baseline").and_then(|v| v.as_f64()),
        entries,
    })
}

/// The file picked in an `<input type="file">`, if any: its name, size in bytes and the handle to read.
pub fn picked_file(input: &web_sys::HtmlInputElement) -> Option<(String, f64, web_sys::File)> {
    let file = input.files()?.get(0)?;
    Some((file.name(), file.size(), file))
}

/// A picked file's text (`Blob.text()`, UTF-8 with undecodable bytes replaced); `None` if the
/// browser cannot read it. Nothing is sent anywhere.
pub async fn file_text(file: web_sys::File) -> Option<String> {
    wasm_bindgen_futures::JsFuture::from(file.text()).await.ok()?.as_string()
}

/// The vendor meta's text as the build wrote it (empty without one): compared with what the
/// prerendered page was rendered for.
pub fn vendor_meta_text() -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("meta[name=\"token-energy-vendor\"]").ok().flatten())
        .and_then(|m| m.get_attribute("content"))
        .unwrap_or_default()
}

/// The vendor file's fields, as the build wrote them into the page
/// (`<meta name="token-energy-vendor" content="{…}">`); `None` without one.
pub fn vendor_meta() -> Option<crate::vendor::Raw> {
    let document = web_sys::window()?.document()?;
    let meta = document.query_selector("meta[name=\"token-energy-vendor\"]").ok()??;
    let value = js_sys::JSON::parse(&meta.get_attribute("content")?).ok()?;
    let field = |key: &str| js_sys::Reflect::get(&value, &JsValue::from_str(key)).ok().and_then(|v| v.as_string());
    let systems = js_sys::Reflect::get(&value, &JsValue::from_str("systems")).ok();
    Some(crate::vendor::Raw { systems: vendor_systems(systems), ..crate::vendor::Raw::from_fields(field) })
}

// issue 52
/// The vendor file's `systems` as read: each entry's texts and numbers (anything else in a number's
/// place is NaN, which the check refuses); `None` where the key holds no list.
fn vendor_systems(value: Option<JsValue>) -> Option<Vec<crate::vendor::RawSystem>> {
    let value = value.filter(|v| !v.is_undefined())?;
    if !js_sys::Array::is_array(&value) {
        return None;
    }
    let get =
        |o: &JsValue, key: &str| js_sys::Reflect::get(o, &JsValue::from_str(key)).ok().filter(|v| !v.is_undefined());
    let list = js_sys::Array::from(&value);
    Some(
        list.iter()
            .map(|entry| {
                crate::vendor::RawSystem::from_fields(
                    |k| get(&entry, k).and_then(|v| v.as_string()),
                    |k| get(&entry, k).map(|v| v.as_f64().unwrap_or(f64::NAN)),
                )
            })
            .collect(),
    )
}

/// Sets the page's accent colour (a checked `#rrggbb`) through the CSS object model, which the
/// page's style policy allows.
pub fn set_accent(colour: &str) {
    use wasm_bindgen::JsCast;
    let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) else { return };
    let Ok(root) = root.dyn_into::<web_sys::HtmlElement>() else { return };
    let style = root.style();
    let _ = style.set_property("--accent", colour);
    let _ = style.set_property("--focus", colour);
}

/// Posts the quote to the embedding page, only to `origin` (never `*`). `false` when this page is
/// not in a frame.
pub fn post_quote(origin: &str, link: &str, text: &str, configurations: &[(String, String)]) -> bool {
    let Some(window) = web_sys::window() else { return false };
    let Ok(Some(parent)) = window.parent() else { return false };
    if js_sys::Object::is(&parent, &window) {
        return false;
    }
    let message = js_sys::Object::new();
    let set = |key: &str, value: &JsValue| {
        let _ = js_sys::Reflect::set(&message, &JsValue::from_str(key), value);
    };
    set("type", &JsValue::from_str("token-energy:quote"));
    set("link", &JsValue::from_str(link));
    set("text", &JsValue::from_str(text));
    let list = js_sys::Array::new();
    for (name, url) in configurations {
        let entry = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&entry, &JsValue::from_str("name"), &JsValue::from_str(name));
        let _ = js_sys::Reflect::set(&entry, &JsValue::from_str("link"), &JsValue::from_str(url));
        list.push(&entry);
    }
    set("configurations", &list);
    parent.post_message(&message, origin).is_ok()
}
