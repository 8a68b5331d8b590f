//! What the plan counts (issue 36): a configuration's **system** — one server, a system of several
//! servers as a result published it, or one or more racks of a rack-scale system (NVL72) — and the
//! parts a rack position holds one of at a time (a server, a rack). The words the page uses follow it:
//! "servers" only where the system is one server.
//!
//! Where a source states a system's maximum input power (`Card::systems`), the plan's peak per
//! system, its rack fit, amps and heat use it — for that system alone (issue 48: a DGX's maximum for
//! results whose system name names it, a rack's for its racks); another maker's server of a card
//! with measured bounds gets an own-draw estimate beside a comparable system; otherwise they count
//! the GPU boards (plus a typed overhead), and the fit is "at least".

use crate::catalogue::{Card, System};
use crate::form::Throughput;

/// What one counted system is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// One server: a rack position holds as many as its budget allows.
    Server,
    /// Several servers that ran as one system (MLCommons' `Nodes`): each is placed on its own.
    Nodes { nodes: u32 },
    /// Whole racks of a rack-scale system: one rack per position, checked rack by rack.
    Racks { racks: u32 },
}

impl Shape {
    /// Parts in one system: servers or racks.
    pub fn parts(self) -> u32 {
        match self {
            Shape::Server => 1,
            Shape::Nodes { nodes } => nodes,
            Shape::Racks { racks } => racks,
        }
    }

    /// What the page counts the systems as: "servers" only where a system is one.
    pub fn noun(self) -> Noun {
        match self {
            Shape::Server => Noun::Server,
            Shape::Racks { racks: 1 } => Noun::Rack,
            _ => Noun::System,
        }
    }

    /// What a rack position holds one or more of: a server, or one rack of a rack-scale system.
    pub fn part_noun(self) -> Noun {
        match self {
            Shape::Racks { .. } => Noun::Rack,
            _ => Noun::Server,
        }
    }
}

/// The word the page counts systems with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Noun {
    Server,
    Rack,
    System,
}

/// A configuration's system: its shape, the part one rack position takes, and the sourced system
/// that part is, where one matches.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SystemShape<'c> {
    pub shape: Shape,
    /// GPUs in the whole system.
    pub gpus: u32,
    /// GPUs in one part (a server or a rack).
    pub gpus_per_part: u32,
    /// The sourced system one part is (a DGX H100, a GB200 NVL72), where the card has one of that size.
    pub sourced: Option<&'c System>,
    /// The rack-scale system's name (`NVL72`) for racks.
    pub rack_name: Option<&'c str>,
}

impl SystemShape<'_> {
    /// Parts in one system: servers or racks.
    pub fn parts(&self) -> u32 {
        self.shape.parts()
    }

    /// What the page counts the systems as.
    pub fn noun(&self) -> Noun {
        self.shape.noun()
    }

    /// Whether a rack position holds exactly one part (a rack of a rack-scale system).
    pub fn one_per_position(&self) -> bool {
        matches!(self.shape, Shape::Racks { .. })
    }
}

/// The card's sourced system of `n` GPUs that a part of the configuration is (issue 48): a rack-scale
/// system's rack whoever built it; a server system (a DGX) only where the published result's system
/// name names it — another maker's server, or one's own throughput, is not that system.
pub fn system_of<'c>(card: &'c Card, n: u32, throughput: Option<&Throughput>) -> Option<&'c System> {
    let is_rack = |s: &System| card.rack.as_ref().is_some_and(|r| r.accelerators == s.gpus);
    let named = |s: &System| match throughput {
        Some(Throughput::Published(result)) => s.names.iter().any(|name| result.system.contains(&**name)),
        _ => false,
    };
    card.systems.iter().find(|s| s.gpus == n && (is_rack(s) || named(s)))
}

/// The comparable system of a server of `n` GPUs that no source describes, and its own-draw bounds
/// (issue 48): at least the measured lower bound, at most the comparable system's stated maximum less
/// its boards at their rated power. `None` where the card has no such bounds for that size.
pub fn own_estimate(card: &Card, n: u32) -> Option<(&System, f64, f64)> {
    let e = card.own_draw.as_ref().filter(|e| e.gpus == n)?;
    let comparable = card.systems.iter().find(|s| s.id == e.comparable)?;
    let (_, high) = own_draw(card, comparable);
    Some((comparable, e.low_watts.min(high), high))
}

/// The system of `gpus` cards of `card` running `throughput`: whole racks where the card is sold in
/// racks and the count fills them; the published result's servers where it ran on several and the
/// count is a multiple of one; else one server.
pub fn shape<'c>(card: &'c Card, gpus: u32, throughput: Option<&Throughput>) -> SystemShape<'c> {
    let of_size = |n: u32| system_of(card, n, throughput);
    if let Some(rack) = card.rack.as_ref().filter(|r| r.accelerators > 0 && gpus >= r.accelerators) {
        if gpus % rack.accelerators == 0 {
            return SystemShape {
                shape: Shape::Racks { racks: gpus / rack.accelerators },
                gpus,
                gpus_per_part: rack.accelerators,
                sourced: of_size(rack.accelerators),
                rack_name: Some(&rack.name),
            };
        }
    }
    if let Some(Throughput::Published(result)) = throughput {
        if let (true, Some(per)) = (result.nodes > 1, result.accelerators_per_node()) {
            if per > 0 && gpus > per && gpus % per == 0 {
                return SystemShape {
                    shape: Shape::Nodes { nodes: gpus / per },
                    gpus,
                    gpus_per_part: per,
                    sourced: of_size(per),
                    rack_name: None,
                };
            }
        }
    }
    let sourced = of_size(gpus).filter(|_| card.rack.as_ref().is_none_or(|r| r.accelerators != gpus));
    SystemShape { shape: Shape::Server, gpus, gpus_per_part: gpus, sourced, rack_name: None }
}

/// The sourced system's own draw at its stated maximum, beyond its GPU boards at their rated power
/// (DGX H100: 10,200 − 8 × 700 = 4,600 W), as (low, high) for a maximum stated as a span.
pub fn own_draw(card: &Card, system: &System) -> (f64, f64) {
    let boards = f64::from(system.gpus) * card.max_power.watts;
    let high = system.max_high.unwrap_or(system.max_watts);
    ((system.max_watts - boards).max(0.0), (high - boards).max(0.0))
}
