//! Prints the bare page (no query), rendered natively with Yew's server-side rendering, for the
//! build to write into `dist/index.html` (static/build/prerender.mjs, from Trunk's post_build hook).
//! The browser hydrates it (`ui::mount`).
//!
//!   cargo run --features ssr --bin prerender [-- VENDOR_JSON]
//!
//! VENDOR_JSON: the vendor file's text (static/vendor.json), when the build has one, so the page is
//! prerendered with the vendor the browser will read from the page's meta.
//!
//!   cargo run --features ssr --bin prerender -- --boot
//!
//! prints instead the loading page's words in every language (`i18n::boot_words`), as JSON
//! `{"lede": …, "status": …, "titles": {"de": …}, "offered": {"en": "Offered by {name}", …}}`, for the
//! build to write into static/index.html's boot block and its `<title>` (each language's document
//! title but English's, which it holds); "offered" is kept in the page for a vendor named after the
//! build (static/build/vendor.mjs).

use std::process::ExitCode;
use token_energy::i18n::{boot_words, Lang};
use token_energy::vendor::{Raw, RawSystem, Vendor};

fn vendor(json: &str) -> Result<Option<Vendor>, String> {
    let value: serde_json::Value =
        serde_json::from_str(json).map_err(|e| format!("the vendor file is not JSON: {e}"))?;
    let field = |key: &str| value.get(key).and_then(|v| v.as_str()).map(str::to_owned);
    // issue 52: the vendor's systems, each field as text or number (anything else in a number's place: NaN).
    let systems = value.get("systems").and_then(|v| v.as_array()).map(|list| {
        list.iter()
            .map(|e| {
                RawSystem::from_fields(
                    |k| e.get(k).and_then(|v| v.as_str()).map(str::to_owned),
                    |k| e.get(k).map(|v| v.as_f64().unwrap_or(f64::NAN)),
                )
            })
            .collect()
    });
    let systems = if value.get("systems").is_some() { systems } else { Some(Vec::new()) };
    Ok(Vendor::checked(Raw { systems, ..Raw::from_fields(field) }))
}

fn main() -> ExitCode {
    if std::env::args().nth(1).as_deref() == Some("--boot") {
        let words = serde_json::json!({
            "lede": boot_words(|t| t.lede),
            "status": boot_words(|t| t.boot_status),
            "titles": Lang::ALL.iter().filter(|l| **l != Lang::En).map(|l| (l.id().to_owned(), serde_json::Value::from(l.strings().doc_title))).collect::<serde_json::Map<_, _>>(),
            // "Offered by {name}" in every language, for a vendor named after the build
            // (static/build/vendor.mjs writes the name into the page with it).
            "offered": Lang::ALL.iter().map(|l| (l.id().to_owned(), serde_json::Value::from((l.strings().offered_by)("{name}")))).collect::<serde_json::Map<_, _>>(),
        });
        println!("{words}");
        return ExitCode::SUCCESS;
    }
    let vendor = match std::env::args().nth(1).map(|json| vendor(&json)).transpose() {
        Ok(v) => v.flatten(),
        Err(message) => {
            eprintln!("prerender: {message}");
            return ExitCode::FAILURE;
        }
    };
    let runtime = match tokio::runtime::Builder::new_current_thread().build() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("prerender: no runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let local = tokio::task::LocalSet::new();
    let html = local.block_on(&runtime, token_energy::ui::prerender(vendor));
    print!("{html}");
    ExitCode::SUCCESS
}
