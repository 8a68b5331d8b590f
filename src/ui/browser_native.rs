//! The browser calls of `browser.rs`, for the native build that prerenders the page (`ssr`): there is
//! no browser, so each one answers as a browser with nothing to tell would. Only `page_address` and
//! `today` are read while rendering; the rest sit in event handlers and effects, which never run in
//! the prerender, and are here so the components compile unchanged.

/// The page's address is not known at build time: links stay relative (`?v=1…`), which works
/// wherever the page is hosted. The browser fills the full address in when it hydrates.
pub fn page_address() -> String {
    String::new()
}

/// The date is the reader's, not the build's: none (it is on the printed sheet only).
pub fn today() -> Option<(i32, u32, u32)> {
    None
}

/// A pending call: nothing is ever called in the prerender.
pub struct Later;

pub fn later(_ms: u32, _f: impl FnOnce() + 'static) -> Later {
    Later
}

/// A listener: none in the prerender. (Dropped as a browser's would be, when its effect ends.)
pub struct Listener;

impl Drop for Listener {
    fn drop(&mut self) {}
}

/// Nothing is printed in the prerender.
pub fn on_before_print(_f: impl FnMut() + 'static) -> Option<Listener> {
    None
}

/// No document in the prerender.
pub fn set_attributes(_selector: &str, _attributes: &[(&str, &str)]) {}

/// No links are clicked in the prerender.
pub fn on_fragment_link() -> Option<Listener> {
    None
}

/// No element exists in the prerender's browser.
pub fn element_by_id(_id: &str) -> Option<Element> {
    None
}

/// An element, for the signatures above: never made.
pub enum Element {}

impl Element {
    pub fn set_attribute(&self, _name: &str, _value: &str) -> Result<(), ()> {
        match *self {}
    }
}

pub fn mark_live() {}

pub fn mark_drawn() {}

pub fn reveal_hash() {}

pub fn replace_query(_query: &str) {}

pub async fn copy_to_clipboard(_text: &str) -> bool {
    false
}

pub fn print() {}

pub fn set_html_lang(_id: &str) {}

pub fn set_title(_title: &str) {}

pub fn post_height() {}

/// No frame to size in the prerender. (Dropped as a browser's would be, when its effect ends.)
pub struct HeightWatch;

impl Drop for HeightWatch {
    fn drop(&mut self) {}
}

pub fn follow_height() -> Option<HeightWatch> {
    None
}

/// Nothing is stored at build time. (Read by "Measure your own" when it first renders its kept
/// runs; the prerendered bare page never shows that section.)
pub fn stored(_key: &str) -> Option<String> {
    None
}

pub fn store(_key: &str, _value: &str) -> bool {
    true
}

pub fn download(_file_name: &str, _mime: &str, _text: &str) -> bool {
    false
}

pub async fn picked_text(_input: &web_sys::HtmlInputElement, _max_bytes: f64) -> Result<String, &'static str> {
    Err("no file was chosen")
}

pub fn parse_comparison_json(_text: &str) -> Result<crate::compare::ExportFile, crate::compare::Foreign> {
    Err(crate::compare::Foreign::NotJson)
}

pub fn picked_file(_input: &web_sys::HtmlInputElement) -> Option<(String, f64, web_sys::File)> {
    None
}

pub async fn file_text(_file: web_sys::File) -> Option<String> {
    None
}

pub fn set_accent(_colour: &str) {}

pub fn post_quote(_origin: &str, _link: &str, _text: &str, _configurations: &[(String, String)]) -> bool {
    false
}
