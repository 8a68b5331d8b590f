//! One component per file; props down, callbacks (`on_<what>`) up.

pub mod card_facts;
pub mod charts;
pub mod choice;
pub mod compare_panel;
pub mod comparison;
pub mod config;
pub mod context;
pub mod figures;
pub mod footer;
pub mod method;
pub mod notices;
pub mod number_field;
pub mod plan;
pub mod quote;
pub mod share;
pub mod source;
pub mod summary;
pub mod table_filters;
