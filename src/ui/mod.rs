//! The Yew layer: state, components and the browser glue. It computes nothing itself: every number
//! comes from `model` as a `Figure`, every text the user typed goes through `form`, every link
//! through `link`.

mod app;
mod browser;
mod components;
mod format;
mod state;
mod words;

pub use app::App;

use crate::catalogue::Catalogue;

/// The embedded catalogue, compared by address (it is one static value) so props stay cheap.
#[derive(Clone, Copy, Debug)]
pub struct Cat(pub &'static Catalogue);

impl PartialEq for Cat {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

/// Renders the app into the page's `<main id="app-root">` (or the body if that is missing).
pub fn mount() {
    match browser::element_by_id("app-root") {
        Some(root) => {
            browser::clear_children(&root);
            yew::Renderer::<App>::with_root(root).render()
        }
        None => yew::Renderer::<App>::new().render(),
    };
}
