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
pub mod gpu_table;
pub mod measure;
pub mod measure_field;
pub mod method;
pub mod mlperf_logs;
pub mod notices;
pub mod number_field;
pub mod own_figure;
pub mod paste_box;
pub mod plan;
pub mod quote;
pub mod quote_request;
pub mod runs_chart;
pub mod share;
pub mod source;
pub mod summary;
pub mod table_filters;
