//! `format.rs` for the native prerender: the same three formats, from `i18n::intl`, which writes
//! numbers as `Intl.NumberFormat` does (the browser's own text replaces these when it hydrates).

use crate::i18n::{intl, Lang};
use std::cell::Cell;

thread_local! {
    static LANG: Cell<Lang> = const { Cell::new(Lang::En) };
}

/// Formats in `lang` from now on.
pub fn set_lang(lang: Lang) {
    LANG.with(|l| l.set(lang));
}

fn lang() -> Lang {
    LANG.with(Cell::get)
}

/// Three significant figures, thousands grouped ("0.150", "4,800", "16,400").
pub fn three(value: f64) -> String {
    intl::three(value, lang())
}

/// As published: up to two decimals, grouped ("32,004", "6,952.97").
pub fn plain(value: f64) -> String {
    intl::plain(value, lang())
}

/// At most three significant figures, no trailing zeros ("0.05", "0.15", "600"): axis ticks.
pub fn short(value: f64) -> String {
    intl::short(value, lang())
}
