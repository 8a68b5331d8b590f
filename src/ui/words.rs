//! The page's words for kinds of figure, shared by every component that shows one.

use crate::catalogue::Scope;
use crate::figure::Kind;

/// The headline of a kind, naming its scope ("GPU-board ceiling", "Measured · whole server at the wall").
pub fn kind_title(kind: &Kind) -> &'static str {
    match kind {
        Kind::Ceiling => "GPU-board ceiling",
        Kind::Measured(Scope::NodeAc) => "Measured · whole server at the wall",
        Kind::Measured(Scope::GpuBoard) => "Measured · GPU boards",
        Kind::Estimate(_) => "GPU-board estimate",
    }
}

/// The kind's short name, for tables and the phone's summary bar.
pub fn kind_short(kind: &Kind) -> &'static str {
    match kind {
        Kind::Ceiling => "ceiling, GPU boards",
        Kind::Measured(Scope::NodeAc) => "measured, whole server",
        Kind::Measured(Scope::GpuBoard) => "measured, GPU boards",
        Kind::Estimate(_) => "estimate, GPU boards",
    }
}

/// What a kind means for this figure: `bound` is the figure's own sentence for a ceiling.
pub fn kind_explanation(kind: &Kind, bound: &str) -> String {
    match kind {
        Kind::Ceiling => bound.to_owned(),
        Kind::Measured(Scope::NodeAc) => {
            "Metered by MLPerf Power at the wall (AC) for the whole server, at the result's own configuration.".into()
        }
        Kind::Measured(Scope::GpuBoard) => "Metered on the GPU boards only.".into(),
        Kind::Estimate(assumptions) => assumptions.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "),
    }
}

/// Why a GPU-board ceiling can sit below a whole-server measurement.
pub const SCOPE_NOTE: &str =
    "A GPU-board ceiling can sit below a whole-server measurement: the ceiling counts the GPU \
     boards alone, while the meter at the wall also counts processors, memory, fans and power-supply losses.";
