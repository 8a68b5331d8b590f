//! Internal module for unit tests
pub mod layout_tests;
