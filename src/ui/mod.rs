//! The Yew layer: state, components and the browser glue. It computes nothing itself: every number
//! comes from `model` as a `Figure`, every text the user typed goes through `form`, every link
//! through `link`.
//!
//! It compiles for the browser (wasm32: `mount`, which renders or hydrates) and, with the `ssr`
//! feature, natively for the build-time prerender (`prerender`): there `browser_native.rs` stands in
//! for the browser's calls.

mod app;
#[cfg(target_arch = "wasm32")]
mod browser;
#[cfg(not(target_arch = "wasm32"))]
#[path = "browser_native.rs"]
mod browser;
mod components;
#[doc(hidden)]
pub mod el;
mod format;
mod stage;
mod state;
mod words;

pub use app::App;

use crate::catalogue::Catalogue;
use crate::i18n::Lang;
use crate::vendor::Vendor;
use yew::Properties;

/// The embedded catalogue, compared by address (it is one static value) so props stay cheap.
#[derive(Clone, Copy, Debug)]
pub struct Cat(pub &'static Catalogue);

// issue 52
impl Cat {
    /// The catalogue this page computes with: the built one, with the vendor's systems added where the
    /// vendor file lists any (`vendor::catalogue_with`; made once, the vendor does not change).
    pub fn for_vendor(vendor: Option<&Vendor>) -> Cat {
        static BRANDED: std::sync::OnceLock<Catalogue> = std::sync::OnceLock::new();
        match vendor.filter(|v| !v.systems.is_empty()) {
            Some(v) => Cat(BRANDED.get_or_init(|| crate::vendor::catalogue_with(Catalogue::embedded(), v))),
            None => Cat(Catalogue::embedded()),
        }
    }
}

/// A value worked out once and shared, compared by address like [`Cat`]: a component or memo that
/// takes the page's answer sees a new one exactly when the answer was worked out again (a form
/// change), never comparing or cloning the plan and figures field by field (issue 53).
#[derive(Debug)]
pub struct Same<T>(pub std::rc::Rc<T>);

impl<T> Clone for Same<T> {
    fn clone(&self) -> Self {
        Same(self.0.clone())
    }
}

impl<T> PartialEq for Same<T> {
    fn eq(&self, other: &Self) -> bool {
        std::rc::Rc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> std::ops::Deref for Same<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl PartialEq for Cat {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

/// What the page starts from: what the browser says at mount, or, for the prerender, nothing (the
/// bare page). Everything the first render depends on is here, so the prerendered page and the
/// page that hydrates it render the same elements.
#[derive(Properties, Clone, Debug, PartialEq, Default)]
pub struct Start {
    /// The link's query, with or without its `?`.
    pub query: String,
    /// The comparison this browser kept (`compare::STORAGE_KEY`).
    pub stored: Option<String>,
    /// The first of the reader's languages the page speaks.
    pub browser_lang: Option<Lang>,
    /// The vendor the build wrote into the page.
    pub vendor: Option<Same<Vendor>>,
    /// The first render is (or hydrates) the prerendered page: its head, form and figures. The
    /// hand-off and the sections below, the method and the sources among them, come a task each, as on any
    /// other first render (a reader without JavaScript reads the method and the sources on
    /// `method.html`, which the bare page's `<noscript>` links to: `app::MethodPage`).
    pub prerendered: bool,
    /// The page is the copy the service worker kept, served because the network could not be
    /// reached: the day it was kept (`static/build/sw.mjs`).
    pub offline_copy: Option<String>,
    /// The state read from the link, its answer and what decides it, worked out in the task before
    /// the first render (`mount`), so that render's task holds the drawing alone (issue 41; the
    /// hydrated bare page's too since issue 53).
    pub prepared: Option<Same<Prepared>>,
}

/// What the first render opens with, worked out a task before it.
#[derive(Debug, PartialEq)]
pub struct Prepared {
    pub state: state::State,
    pub answer: std::rc::Rc<crate::plan::Answer<'static>>,
    pub sensitivity: std::rc::Rc<Vec<crate::plan::Sensitivity>>,
}

impl Prepared {
    pub fn of(start: &Start, catalogue: Cat) -> Prepared {
        let state = start.state(catalogue);
        let answer = crate::plan::answer(catalogue.0, &state.form);
        let sensitivity = std::rc::Rc::new(answer.sensitivity(catalogue.0));
        Prepared { state, answer: std::rc::Rc::new(answer), sensitivity }
    }
}

impl Start {
    /// The state this start opens with: the one read a task before the first render (`prepared`),
    /// else read from the link now.
    pub fn state(&self, catalogue: Cat) -> state::State {
        match &self.prepared {
            Some(prepared) => prepared.state.clone(),
            None => state::State::from_link(catalogue, &self.query, self.stored.clone(), self.browser_lang),
        }
    }

    /// Whether this start renders exactly the prerendered bare page (the vendor aside, which the
    /// build gives both): no query, no kept comparison, English.
    pub fn is_bare(&self) -> bool {
        matches!(self.query.as_str(), "" | "?")
            && self.stored.is_none()
            && self.browser_lang.is_none_or(|l| l == Lang::En)
            && self.offline_copy.is_none()
    }
}

#[cfg(target_arch = "wasm32")]
impl Start {
    /// What the browser says now: the address's query, the kept comparison, the reader's
    /// languages, the vendor meta the build wrote.
    pub fn from_browser() -> Start {
        Start {
            query: browser::query(),
            stored: browser::stored(crate::compare::STORAGE_KEY),
            browser_lang: Lang::from_browser(&browser::languages()),
            vendor: browser::vendor_meta().and_then(Vendor::checked).map(|v| Same(std::rc::Rc::new(v))),
            prerendered: false,
            offline_copy: browser::offline_copy(),
            prepared: None,
        }
    }
}

/// Starts the app in the page's `<main id="app-root">` (or the body if that is missing).
///
/// The build prerendered the bare page into the root (`data-prerendered`, for the vendor it names).
/// When this start is that page, the app hydrates it: the figures on screen are already the right ones. Otherwise (a link
/// with a configuration, a kept comparison, German) the prerendered page is not this page: the
/// boot script hid it before the first paint (`html.pending`, for a query), and it is replaced,
/// never shown as this link's figures.
#[cfg(target_arch = "wasm32")]
pub async fn mount() {
    let start = Start::from_browser();
    let root = browser::element_by_id("app-root");
    // The root's `data-prerendered` names the vendor the page was prerendered with: a page branded
    // after its build is not hydrated.
    let hydrates = root.as_ref().is_some_and(|root| {
        root.get_attribute("data-prerendered").is_some_and(|v| v == browser::vendor_meta_text()) && start.is_bare()
    });
    // The state, its answer and what decides it are worked out in this task (and the wasm they run
    // compiled: the browser compiles a function on its first call), the first render in the next.
    let prepared = Prepared::of(&start, Cat::for_vendor(start.vendor.as_deref()));
    let start = Start { prepared: Some(Same(std::rc::Rc::new(prepared))), ..start };
    yew::platform::time::sleep(std::time::Duration::ZERO).await;
    if hydrates {
        browser::remove_element("boot");
        if let Some(root) = root {
            yew::Renderer::<App>::with_root_and_props(root, Start { prerendered: true, ..start }).hydrate();
        }
    } else {
        browser::remove_element("boot");
        match root {
            Some(root) => {
                browser::clear_children(&root);
                let _ = root.remove_attribute("data-prerendered");
                yew::Renderer::<App>::with_root_and_props(root, start).render();
            }
            None => {
                yew::Renderer::<App>::with_props(start).render();
            }
        }
    }
    browser::end_pending();
}

/// Between the prerendered root and the method page's content in what `prerender` returns
/// (static/build/prerender.mjs splits there).
pub const METHOD_MARK: &str = "<!-- token-energy: method page -->";

/// The bare page as the build prerenders it, for a build with `vendor`: its first render
/// (everything but the sections that render one task later) with Yew's hydration markers, then
/// `METHOD_MARK`, then the method and the sources for a reader without JavaScript, which the build
/// writes into `method.html` (`app::MethodPage`, no markers: never hydrated).
#[cfg(all(not(target_arch = "wasm32"), feature = "ssr"))]
pub async fn prerender(vendor: Option<Vendor>) -> String {
    let start = Start { vendor: vendor.map(|v| Same(std::rc::Rc::new(v))), prerendered: true, ..Start::default() };
    let root = yew::LocalServerRenderer::<App>::with_props(start.clone()).hydratable(true).render().await;
    let tail = yew::LocalServerRenderer::<app::MethodPage>::with_props(start).hydratable(false).render().await;
    format!("{root}\n{METHOD_MARK}\n{tail}")
}
