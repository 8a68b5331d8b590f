//! The electrical sign-off (issue 36): what one circuit may carry continuously, and how many circuits
//! each feed of a rack position needs. Plain arithmetic; the rules and their sources are in
//! `../shared/reference/RACK-POWER.md` and docs/figures.md ("Systems and the electrical sign-off").
//!
//! - Apparent power of a circuit: √3 × V(line to line) × I for three phases, V × I for one.
//! - A continuous load (three hours or more, NEC Art. 100) may use 80 % of the breaker rating in North
//!   America (NEC 210.20(A) for branch circuits, 215.3 for feeders: the breaker at least 125 % of the
//!   continuous load); an IEC breaker's rated current is a continuous rating (IEC 60898-1: it must not
//!   trip at 1.13 × In), so 100 %, times the assembly's rated diversity factor (IEC 61439) where its
//!   maker states one.
//! - With A/B feeds each feed alone carries the whole load (N+N): circuits per feed do not halve.

use crate::units::Phases;

/// The share of the breaker rating the North American rule lets a continuous load use (%).
pub const NEC_PERCENT: f64 = 80.0;
/// An IEC breaker's rated current is continuous (%).
pub const IEC_PERCENT: f64 = 100.0;

/// The rule a derating names.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Rule {
    /// 80 %: NEC 210.20(A) / 215.3, the continuous-load rule.
    Nec,
    /// 100 %: the IEC breaker's rated current, before the assembly's rated diversity factor.
    Iec,
    /// Another share, typed as house policy (e.g. 80 % at an IEC site, or an RDF already applied).
    Policy(f64),
}

impl Rule {
    /// The rule a typed percentage names.
    pub fn of(percent: f64) -> Rule {
        if percent == NEC_PERCENT {
            Rule::Nec
        } else if percent == IEC_PERCENT {
            Rule::Iec
        } else {
            Rule::Policy(percent)
        }
    }

    pub fn percent(self) -> f64 {
        match self {
            Rule::Nec => NEC_PERCENT,
            Rule::Iec => IEC_PERCENT,
            Rule::Policy(p) => p,
        }
    }
}

/// The phase factor: √3 for three phases (line-to-line voltage), 1 for one.
pub fn phase_factor(phases: Phases) -> f64 {
    match phases {
        Phases::One => 1.0,
        Phases::Three => 3.0_f64.sqrt(),
    }
}

/// Apparent power one circuit may carry continuously, VA: factor × V × A × derate.
pub fn usable_va(volts: f64, breaker_amps: f64, phases: Phases, rule: Rule) -> f64 {
    phase_factor(phases) * volts * breaker_amps * rule.percent() / 100.0
}

/// Circuits one feed needs for `load_watts` at power factor `pf`, each within its usable rating.
pub fn circuits(load_watts: f64, usable_va: f64, pf: f64) -> f64 {
    let per_circuit = usable_va * pf;
    if per_circuit > 0.0 && load_watts.is_finite() {
        crate::units::ceil_whole(load_watts / per_circuit).max(1.0)
    } else {
        f64::NAN
    }
}
