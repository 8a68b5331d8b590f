//! token-energy: what running a large language model on GPU servers costs in energy.
//!
//! The core (`units`, `catalogue`, `figure`, `float`, `form`, `model`, `latency`, `precision`, `plan`, `sort`, `measure`, `compare`, `chart`, `vendor`, `link`, `import`, `lang`, `input`, `i18n`, `export`, `system`, `electric`) is plain Rust: no web
//! crate, no IO, no panics on input. `ui` is the thin Yew layer over it: on wasm32, and natively with the `ssr` feature for the
//! build-time prerender (`src/bin/prerender.rs`).

pub mod catalogue;
pub mod chart;
pub mod compare;
pub mod data_version;
pub mod electric;
pub mod export;
pub mod figure;
pub mod float;
pub mod form;
pub mod i18n;
pub mod import;
pub mod input;
pub mod lang;
pub mod latency;
pub mod link;
pub mod measure;
pub mod model;
pub mod plan;
pub mod power;
pub mod precision;
pub mod proxy;
pub mod qr;
pub mod sort;
pub mod system;
pub mod units;
pub mod vendor;

#[cfg(any(target_arch = "wasm32", feature = "ssr"))]
pub mod ui;
