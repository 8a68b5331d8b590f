//! Numbers for people: the browser's `Intl.NumberFormat`, three significant figures, grouped.

use js_sys::{Array, Function, Intl, Object, Reflect};
use std::cell::RefCell;
use wasm_bindgen::JsValue;

thread_local! {
    static THREE: RefCell<Option<Function>> = const { RefCell::new(None) };
    static PLAIN: RefCell<Option<Function>> = const { RefCell::new(None) };
}

fn formatter(options: &[(&str, JsValue)]) -> Function {
    let object = Object::new();
    for (key, value) in options {
        let _ = Reflect::set(&object, &JsValue::from_str(key), value);
    }
    Intl::NumberFormat::new(&Array::new(), &object).format()
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

thread_local! {
    static SHORT: RefCell<Option<Function>> = const { RefCell::new(None) };
}

/// At most three significant figures, no trailing zeros ("0.05", "0.15", "600"): axis ticks.
pub fn short(value: f64) -> String {
    with(&SHORT, || formatter(&[("maximumSignificantDigits", JsValue::from_f64(3.0))]), value)
}
