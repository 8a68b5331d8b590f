//! Numbers for people: the browser's `Intl.NumberFormat` in the page's language ("0.150" and
//! "4,800" in English, "0,150" and "4.800" in German), three significant figures, grouped.

use crate::i18n::Lang;
use js_sys::{Array, Function, Intl, Object, Reflect};
use std::cell::{Cell, RefCell};
use wasm_bindgen::JsValue;

thread_local! {
    static LANG: Cell<Lang> = const { Cell::new(Lang::En) };
    static THREE: RefCell<Option<Function>> = const { RefCell::new(None) };
    static PLAIN: RefCell<Option<Function>> = const { RefCell::new(None) };
    static SHORT: RefCell<Option<Function>> = const { RefCell::new(None) };
}

/// Formats in `lang` from now on (the app calls this before its sections render).
pub fn set_lang(lang: Lang) {
    if LANG.with(|l| l.replace(lang)) != lang {
        for cell in [&THREE, &PLAIN, &SHORT] {
            cell.with(|slot| slot.borrow_mut().take());
        }
    }
}

fn formatter(options: &[(&str, JsValue)]) -> Function {
    let object = Object::new();
    for (key, value) in options {
        let _ = Reflect::set(&object, &JsValue::from_str(key), value);
    }
    let locales = Array::of1(&JsValue::from_str(LANG.with(Cell::get).locale()));
    Intl::NumberFormat::new(&locales, &object).format()
}

fn with(cell: &'static std::thread::LocalKey<RefCell<Option<Function>>>, make: fn() -> Function, value: f64) -> String {
    cell.with(|slot| {
        let mut slot = slot.borrow_mut();
        let format = slot.get_or_insert_with(make);
        format.call1(&JsValue::NULL, &JsValue::from_f64(value)).ok().and_then(|v| v.as_string()).unwrap_or_default()
    })
}

/// Three significant figures, thousands grouped ("0.150", "4,800", "16,400").
pub fn three(value: f64) -> String {
    with(
        &THREE,
        || {
            formatter(&[
                ("minimumSignificantDigits", JsValue::from_f64(3.0)),
                ("maximumSignificantDigits", JsValue::from_f64(3.0)),
            ])
        },
        value,
    )
}

/// As published: up to two decimals, grouped ("32,004", "6,952.97").
pub fn plain(value: f64) -> String {
    with(&PLAIN, || formatter(&[("maximumFractionDigits", JsValue::from_f64(2.0))]), value)
}

/// At most three significant figures, no trailing zeros ("0.05", "0.15", "600"): axis ticks.
pub fn short(value: f64) -> String {
    with(&SHORT, || formatter(&[("maximumSignificantDigits", JsValue::from_f64(3.0))]), value)
}
