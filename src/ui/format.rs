//! Numbers for people in the page's language ("0.150" and "4,800" in English, "0,150" and "4.800" in
//! German), three significant figures, grouped: `i18n::intl`, which writes them as the browser's
//! `Intl.NumberFormat` does (`tests/web.rs` holds it against Chromium's `Intl`). The same code runs
//! in the browser and in the native prerender, so a hydrated page's numbers are the prerendered
//! ones. Not `Intl.NumberFormat` itself: constructing one costs Chromium about 20 ms on a page's
//! first render (measured in a CPU profile of a configured link's load, ARCHITECTURE.md, Decisions).

use crate::i18n::{intl, Lang};
use std::cell::Cell;

thread_local! {
    static LANG: Cell<Lang> = const { Cell::new(Lang::FIRST) };
}

/// Formats in `lang` from now on (the app calls this before its sections render).
pub fn set_lang(lang: Lang) {
    LANG.with(|l| l.set(lang));
}

fn lang() -> Lang {
    LANG.with(Cell::get)
}

// issue 53
/// The language the page's numbers are written in now (`set_lang`), for a view drawn by a function.
pub fn page_lang() -> Lang {
    lang()
}

/// Three significant figures, thousands grouped ("0.150", "4,800", "16,400").
pub fn three(value: f64) -> String {
    intl::three(value, lang())
}

/// `value` rounded up to three significant figures (a bound that "at most" must not undercut; issue 51).
pub fn up_three(value: f64) -> f64 {
    if !(value.is_finite() && value > 0.0) {
        return value;
    }
    let step = 10_f64.powi(value.log10().floor() as i32 - 2);
    let up = (value / step).ceil() * step;
    // Float noise (1.44 / 0.01 = 143.99…) never lifts an exact value a step.
    if (up - step - value).abs() <= value * 1e-12 {
        up - step
    } else {
        up
    }
}

/// A figure's lower end where it reads apart from its upper end at three figures (issue 49):
/// two ends that read alike are said once.
pub fn low_apart(low: Option<f64>, value: f64) -> Option<f64> {
    intl::low_apart(low, value, three)
}

/// Four significant figures ("0.7200"): a measured value checked by hand.
pub fn four(value: f64) -> String {
    intl::four(value, lang())
}

/// As published: up to two decimals, grouped ("32,004", "6,952.97").
pub fn plain(value: f64) -> String {
    intl::plain(value, lang())
}

/// At most three significant figures, no trailing zeros ("0.05", "0.15", "600"): axis ticks.
pub fn short(value: f64) -> String {
    intl::short(value, lang())
}

/// A figure's value as read: counts of servers, people and rack positions whole, as they are; other
/// values to three significant figures; a range as "low{range_to}high" (`range_to` in the page's words).
pub fn figure_value(f: &crate::figure::Figure, range_to: &str) -> String {
    let show = |v: f64| {
        if f.unit.is_count() {
            plain(v)
        } else {
            three(v)
        }
    };
    match f.low {
        // Two ends that read alike are said once (the machine-read ends stay in data-low and data-value).
        Some(low) if show(low) != show(f.value) => format!("{}{range_to}{}", show(low), show(f.value)),
        _ => show(f.value),
    }
}

/// Two ends written plainly ("94 to 96", watts of a reading), or one value where they read alike.
pub fn figure_value_plain(low: f64, high: f64, range_to: &str) -> String {
    if plain(low) != plain(high) {
        format!("{}{range_to}{}", plain(low), plain(high))
    } else {
        plain(low)
    }
}
