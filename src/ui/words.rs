//! The page's words: the language in force (a Yew context the app provides) and the words for
//! kinds of figure and their scope, shared by every component that shows one. The words themselves
//! live in the core's `i18n` tables.

use crate::catalogue::Scope;
use crate::figure::Kind;
use crate::i18n::{Lang, Strings};
use yew::prelude::*;

/// The page's language, from the app's context (outside it, the build's: `Lang::FIRST`).
#[hook]
pub fn use_lang() -> Lang {
    use_context::<Lang>().unwrap_or(Lang::FIRST)
}

/// The page's words in its language.
#[hook]
pub fn use_strings() -> &'static Strings {
    use_lang().strings()
}

/// The headline of a kind, naming its scope ("GPU-board ceiling", "Measured · whole server at the wall").
pub fn kind_title(t: &'static Strings, kind: &Kind) -> &'static str {
    match kind {
        Kind::Ceiling => t.kind_ceiling,
        Kind::Measured(Scope::NodeAc) => t.kind_measured_node,
        Kind::Measured(Scope::GpuBoard) => t.kind_measured_board,
        Kind::Estimate(_) => t.kind_estimate,
    }
}

/// The kind's short name, for tables and the phone's summary bar.
pub fn kind_short(t: &'static Strings, kind: &Kind) -> &'static str {
    match kind {
        Kind::Ceiling => t.short_ceiling,
        Kind::Measured(Scope::NodeAc) => t.short_measured_node,
        Kind::Measured(Scope::GpuBoard) => t.short_measured_board,
        Kind::Estimate(_) => t.short_estimate,
    }
}

/// The kind of a throughput in words: a throughput is no GPU-board bound, so it reads "as published
/// or typed", or an estimate where it was scaled to another card count.
pub fn throughput_kind(t: &'static Strings, kind: &Kind) -> &'static str {
    match kind {
        Kind::Estimate(a) if a.iter().any(|a| matches!(a, crate::figure::Assumption::LinearScaling { .. })) => {
            t.short_throughput_scaled
        }
        _ => t.short_throughput,
    }
}

/// What a kind means for this figure: `bound` is the figure's own sentence for a ceiling.
pub fn kind_explanation(t: &'static Strings, kind: &Kind, bound: &str) -> String {
    match kind {
        Kind::Ceiling => bound.to_owned(),
        Kind::Measured(Scope::NodeAc) => t.explain_node.to_owned(),
        Kind::Measured(Scope::GpuBoard) => t.explain_board.to_owned(),
        Kind::Estimate(assumptions) => assumptions.iter().map(|a| (t.assumption)(a)).collect::<Vec<_>>().join(" "),
    }
}
