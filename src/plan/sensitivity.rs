//! What decides the answer (issue 47): for each uncertain input of a demand's year — the idle power, the
//! server's own draw, the load curve, the PUE and the busy hours — the year at that input's sourced ends
//! while the others stay at their defaults (the linear model at the lowest idle, nothing typed counted
//! otherwise), ordered by effect. A typed input is one figure; an input with no sourced spread says so.

use super::{figures, power_inputs, reference_for, reference_for_plan, Plan};
use crate::catalogue::Catalogue;
use crate::form::{Checked, Field};
use crate::power::{End, Model};
use crate::units::Watts;

/// An uncertain input of the year.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    Idle,
    Overhead,
    LoadCurve,
    Pue,
    Hours,
}

impl Input {
    pub const ALL: [Input; 5] = [Input::Idle, Input::Overhead, Input::LoadCurve, Input::Pue, Input::Hours];

    /// The `data-input` id.
    pub fn id(self) -> &'static str {
        match self {
            Input::Idle => "idle",
            Input::Overhead => "overhead",
            Input::LoadCurve => "load-curve",
            Input::Pue => "pue",
            Input::Hours => "hours",
        }
    }

    /// The plan field the input is typed in (the load curve has none).
    pub fn field(self) -> Option<Field> {
        match self {
            Input::Idle => Some(Field::Idle),
            Input::Overhead => Some(Field::Overhead),
            Input::LoadCurve => None,
            Input::Pue => Some(Field::Pue),
            Input::Hours => Some(Field::Hours),
        }
    }
}

/// How far one input moves the year (kWh, the site's).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Spread {
    /// The year at the input's sourced ends: `at_low` with the input at its lower end, `at_high` at its
    /// upper (`input_low`, `input_high`: the input's own ends, W or a ratio; for the curve 0 and 1).
    Ends { input_low: f64, input_high: f64, at_low: f64, at_high: f64 },
    /// Typed: one value, one year.
    Typed { input: f64, year: f64 },
    /// No source gives this input a spread.
    NotPublished,
    // issue 52
    /// The vendor's measured idle of its whole system (`watts`, W): one value, one year.
    Vendor { watts: f64, year: f64 },
}

/// One item of the list.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sensitivity {
    pub input: Input,
    pub spread: Spread,
}

impl Sensitivity {
    /// The year's width over the input's ends (0 for a typed input or none published).
    pub fn effect(&self) -> f64 {
        match self.spread {
            Spread::Ends { at_low, at_high, .. } => (at_high - at_low).abs(),
            _ => 0.0,
        }
    }
}

/// The site's kWh a year at one setting, where the plan gives it.
fn year_of(catalogue: &Catalogue, checked: &Checked, end: End) -> Option<f64> {
    let plan: Plan = figures(catalogue, checked, Some(end));
    plan.site_kwh_per_year.map(|f| f.value)
}

/// A plan field's value, where it was typed.
fn typed(checked: &Checked, input: Input) -> Option<f64> {
    let p = &checked.plan;
    match input {
        Input::Idle => p.idle.clone().and_then(Result::ok).flatten().map(|w| w.value()),
        Input::Overhead => p.overhead.clone().ok().flatten().map(|w| w.value()),
        Input::Pue => p.pue.clone().ok().flatten(),
        Input::Hours => p.hours.clone().ok().flatten(),
        Input::LoadCurve => None,
    }
}

/// The lowest and highest of the reference values of `field` offered for this plan.
fn reference_ends(field: Field, plan: &Plan) -> Option<(f64, f64)> {
    // A reference value's own upper end counts too (issue 48's reviewer's 1.5–2.5 kW own draw): the
    // spread is never narrower than its evidence.
    let ends = |r: &crate::catalogue::ReferenceValue| [Some(r.value), r.high].into_iter().flatten();
    let values: Vec<f64> = if field == Field::Overhead {
        reference_for_plan(field, plan).flat_map(ends).collect()
    } else {
        reference_for(field).flat_map(ends).collect()
    };
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (lo.is_finite() && hi.is_finite()).then_some((lo, hi))
}

/// The list for a demand's year, ordered by effect (largest first; typed and unpublished inputs last);
/// empty where the plan has no demand's year or no idle power is in use.
pub fn sensitivity(catalogue: &Catalogue, checked: &Checked, plan: &Plan) -> Vec<Sensitivity> {
    let Some(inputs) = power_inputs(checked) else { return Vec::new() };
    if plan.basis != super::EnergyBasis::Demand || plan.site_kwh_per_year.is_none() {
        return Vec::new();
    }
    let base = inputs.low_end();
    let mut out: Vec<Sensitivity> = Input::ALL
        .into_iter()
        .map(|input| Sensitivity { input, spread: spread(catalogue, checked, plan, input, base, &inputs) })
        .collect();
    crate::sort::sort_by(&mut out, |a: &Sensitivity, b: &Sensitivity| b.effect().total_cmp(&a.effect()));
    out
}

/// One input's spread: typed, its sourced ends, or none published.
fn spread(
    catalogue: &Catalogue,
    checked: &Checked,
    plan: &Plan,
    input: Input,
    base: End,
    inputs: &crate::power::PowerInputs,
) -> Spread {
    let at = |c: &Checked, end: End| year_of(catalogue, c, end);
    if let Some(v) = typed(checked, input) {
        return at(checked, base).map_or(Spread::NotPublished, |year| Spread::Typed { input: v, year });
    }
    let ends = |lo: f64, hi: f64, a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(at_low), Some(at_high)) => Spread::Ends { input_low: lo, input_high: hi, at_low, at_high },
        _ => Spread::NotPublished,
    };
    match input {
        // issue 52: the vendor's measured idle is one value, the vendor's.
        Input::Idle if plan.vendor_system.as_ref().is_some_and(|v| v.idle_watts.is_some()) => {
            let watts = plan.vendor_system.as_ref().and_then(|v| v.idle_watts).unwrap_or_default();
            at(checked, base).map_or(Spread::NotPublished, |year| Spread::Vendor { watts, year })
        }
        Input::Idle => {
            let (lo, hi) = (inputs.idle.low, inputs.idle.high);
            ends(lo.value(), hi.value(), at(checked, End { idle: lo, ..base }), at(checked, End { idle: hi, ..base }))
        }
        Input::LoadCurve => {
            let measured = End { model: Model::Measured(inputs.curve), ..base };
            ends(0.0, 1.0, at(checked, base), at(checked, measured))
        }
        Input::Overhead | Input::Pue => {
            let Some(field) = input.field() else { return Spread::NotPublished };
            let Some((lo, hi)) = reference_ends(field, plan) else { return Spread::NotPublished };
            let with = |v: f64| {
                let mut c = checked.clone();
                match input {
                    Input::Overhead => c.plan.overhead = Ok(Some(Watts(v))),
                    _ => c.plan.pue = Ok(Some(v)),
                }
                at(&c, base)
            };
            // An own draw's lower end is the boards alone (the field's default), its upper the sourced one.
            let lo = if input == Input::Overhead { 0.0 } else { lo };
            ends(lo, hi, with(lo), with(hi))
        }
        Input::Hours => Spread::NotPublished,
    }
}
