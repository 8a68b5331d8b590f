//! The page in stages: one part per task after the first render, so that what a reader looks at
//! first appears first and no one task blocks a phone's main thread for long (issue 41: Lighthouse's
//! Total Blocking Time counts every task's time over 50 ms).

use super::browser;
use yew::prelude::*;

/// How much of the page is rendered: one more stage per task after the first render, in page
/// order. A link's first render draws its head (`Head`); the prerendered page's first render (a
/// hydration) draws all the prerendered page holds: its head, form and figures (`Figures`). The
/// hand-off, which needs the app to work, and everything below come a task each after it
/// (issue 53: the hydration is the bare page's longest task).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    /// The masthead, the notices and the modes.
    Head,
    /// The form (and Measure's section).
    Form,
    /// The figures and the phone's summary bar.
    Figures,
    /// Share, quote, and the printed sheet's head and foot.
    HandOff,
    /// The plan (which draws itself in parts: `use_parts`).
    Plan,
    /// The comparison.
    Compare,
    /// The charts.
    Charts,
    /// The table of results and the context.
    Table,
    /// The method.
    Method,
    /// The sources' first half.
    Sources,
    /// The rest of the sources: the whole page.
    All,
}

impl Stage {
    pub fn next(self) -> Option<Stage> {
        match self {
            Stage::Head => Some(Stage::Form),
            Stage::Form => Some(Stage::Figures),
            Stage::Figures => Some(Stage::HandOff),
            Stage::HandOff => Some(Stage::Plan),
            Stage::Plan => Some(Stage::Compare),
            Stage::Compare => Some(Stage::Charts),
            Stage::Charts => Some(Stage::Table),
            Stage::Table => Some(Stage::Method),
            Stage::Method => Some(Stage::Sources),
            Stage::Sources => Some(Stage::All),
            Stage::All => None,
        }
    }

    /// Whether the hand-off (share, quote) is drawn: from `HandOff` on, and in the widget with its
    /// figures, which it draws first.
    pub fn hand_off_drawn(self, embed: bool) -> bool {
        embed || self >= Stage::HandOff
    }
}

/// The stage drawn: `first` on the first render, the next one each task after, all at once for
/// print. The page is live (`browser::mark_live`) once its hand-off is drawn, and drawn whole
/// (`browser::mark_drawn`) at `Stage::All`.
#[hook]
pub fn use_stage(first: Stage) -> Stage {
    let stage = use_furthest(first, Stage::next, Stage::All);
    // The page answers input, and says so, once its figures and hand-off are drawn.
    use_effect_with(stage >= Stage::HandOff, |drawn| {
        if *drawn {
            browser::mark_live();
        }
    });
    // Drawn whole: the page says so, and a link to a part of it (the widget's "Method and how to
    // cite") lands there.
    use_effect_with(stage == Stage::All, |all| {
        if *all {
            browser::mark_drawn();
            browser::reveal_hash();
        }
    });
    stage
}

/// How many of a component's `parts` are drawn: one on its first render, one more each task after,
/// up to `parts`; all of them at once for print, or from the first render where `at_once` (a
/// component first drawn for print); for a component that draws its first part at once and the rest
/// a task at a time.
#[hook]
pub fn use_parts(parts: u8, at_once: bool) -> u8 {
    use_furthest(if at_once { parts } else { 1u8.min(parts) }, move |now| (now < parts).then_some(now + 1), parts)
}

/// A value that only moves forward: `first`, then `next` of it each task after until `next` says
/// `None`, and `last` at once when the browser is about to print (the sheet is the whole page). A
/// step that arrives after a further one (a print's) is ignored.
#[hook]
fn use_furthest<T, F>(first: T, next: F, last: T) -> T
where
    T: Copy + Ord + 'static,
    F: Fn(T) -> Option<T> + Copy + 'static,
{
    let furthest = use_reducer(|| Furthest(first));
    {
        let dispatch = furthest.dispatcher();
        use_effect_with(furthest.0, move |now| {
            if let Some(step) = next(*now) {
                yew::platform::spawn_local(async move {
                    yew::platform::time::sleep(std::time::Duration::ZERO).await;
                    dispatch.dispatch(step);
                });
            }
        });
    }
    {
        let dispatch = furthest.dispatcher();
        use_effect_with((), move |()| {
            let listener = browser::on_before_print(move || dispatch.dispatch(last));
            move || drop(listener)
        });
    }
    furthest.0
}

/// The furthest value reached: an action moves it forward, never back.
#[derive(PartialEq)]
struct Furthest<T>(T);

impl<T: Copy + Ord> Reducible for Furthest<T> {
    type Action = T;

    fn reduce(self: std::rc::Rc<Self>, to: T) -> std::rc::Rc<Self> {
        if to > self.0 {
            std::rc::Rc::new(Furthest(to))
        } else {
            self
        }
    }
}
