//! The power of one system at a load (issue 47): what a GPU board draws at a share of its full-batch
//! throughput, at both ends of its evidence, and where each number comes from.
//!
//! One function, [`at_load`], answers for a card: the **lower end** is the linear model
//! `idle + (limit − idle) × L` at the lowest idle of its span (it holds where the serving engine packs
//! requests into full batches and parks between them); the **upper end** is steady serving on the
//! measured curve, `limit × full share × f(L)`, at the top of the idle span (never below the linear
//! model at that idle). [`PowerInputs`] holds what decides it — the idle span, the system's own draw
//! and the curve — each with its origins, so a system's own power source (issue 48) and a vendor's
//! stated maximum, own draw or measured idle (issue 52) fill the same struct.
//!
//! The curve `f(L)` = P ÷ P(full) is ML.ENERGY Leaderboard v3's pooled medians (`LOAD-CURVE.md`), each
//! anchored at the middle of its bin; the B200's shape for B200, B300, GB200 and GB300, the H100 SXM's for
//! every other card (named as assumed). Below the lowest bin it runs straight from the idle at no load
//! through one stream's draw (a vendor page's figure) at [`ONE_STREAM_LOAD`] % to the lowest bin.

use crate::units::Watts;

/// One point of the measured curve: at `load` % of full-batch throughput, power is `ratio` × the
/// full-batch power (the pooled median of its bin), from `source` (an id in `data/sources.json`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Anchor {
    pub load: f64,
    pub ratio: f64,
    pub source: &'static str,
}

/// ML.ENERGY Leaderboard v3's data at commit 0cd52dab (the configurations' power and throughput).
pub const CURVE_SOURCE: &str = "ml-energy-leaderboard-v3-data";
/// The vendor page with one stream's draw on H100 SXM and B200 (batch 1).
pub const ONE_STREAM_SOURCE: &str = "serial-alice-benchmark";
/// The published step from bare idle to a loaded model (+26–50 W on HBM cards, +66 W on GDDR cards).
pub const CONTEXT_STEP_SOURCE: &str = "vadari-2605.23918";

const fn a(load: f64, ratio: f64) -> Anchor {
    Anchor { load, ratio, source: CURVE_SOURCE }
}

/// H100 SXM: the pooled medians of P ÷ P(full) by share of full-batch throughput, each at its bin's
/// middle (5–10 % → 7.5, …, 90–100 % → 95), and the full batch itself (100 %, 1 by definition).
pub const H100_CURVE: [Anchor; 9] = [
    a(7.5, 0.69),
    a(12.5, 0.72),
    a(20.0, 0.76),
    a(30.0, 0.80),
    a(42.5, 0.85),
    a(60.0, 0.91),
    a(80.0, 0.97),
    a(95.0, 1.00),
    a(100.0, 1.00),
];

/// B200: as [`H100_CURVE`], with a 0–5 % bin.
pub const B200_CURVE: [Anchor; 10] = [
    a(2.5, 0.78),
    a(7.5, 0.80),
    a(12.5, 0.86),
    a(20.0, 0.87),
    a(30.0, 0.88),
    a(42.5, 0.96),
    a(60.0, 0.93),
    a(80.0, 1.00),
    a(95.0, 1.00),
    a(100.0, 1.00),
];

/// The share of full-batch throughput (%) one stream takes (the reference: roughly 1–2 %; the lower
/// share puts one stream's draw at the lower load, the higher draw of the two for the upper end).
pub const ONE_STREAM_LOAD: f64 = 1.0;

/// Whose measured curve a card's upper end follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    H100,
    B200,
}

/// A card's measured curve: the shape, and whether it is assumed (measured on another card).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Curve {
    pub shape: Shape,
    /// The card's own curve is not published: another card's measured shape is assumed.
    pub assumed: bool,
}

impl Curve {
    /// The curve for a catalogue card: its own where measured (H100 SXM, B200), the B200's for the
    /// other Blackwell cards (B300, GB200, GB300), the H100 SXM's for every other card.
    pub fn for_card(card: &str) -> Curve {
        match card {
            "h100-sxm" => Curve { shape: Shape::H100, assumed: false },
            "b200-sxm" => Curve { shape: Shape::B200, assumed: false },
            "b300-sxm" | "gb200" | "gb300" => Curve { shape: Shape::B200, assumed: true },
            _ => Curve { shape: Shape::H100, assumed: true },
        }
    }

    pub fn anchors(&self) -> &'static [Anchor] {
        match self.shape {
            Shape::H100 => &H100_CURVE,
            Shape::B200 => &B200_CURVE,
        }
    }

    /// A full batch's power ÷ the limit (the pooled median at the series' best throughput).
    pub fn full_share(&self) -> f64 {
        match self.shape {
            Shape::H100 => 0.86,
            Shape::B200 => 0.83,
        }
    }

    /// One stream's power ÷ the limit: 267 W of 700 W (H100 SXM), 452 W of 1000 W (B200).
    pub fn one_stream_share(&self) -> f64 {
        match self.shape {
            Shape::H100 => 267.0 / 700.0,
            Shape::B200 => 452.0 / 1000.0,
        }
    }

    /// The measured card's id.
    pub fn measured_on(&self) -> &'static str {
        match self.shape {
            Shape::H100 => "h100-sxm",
            Shape::B200 => "b200-sxm",
        }
    }

    /// The measured card's name as its maker writes it, for the page's words.
    pub fn measured_name(&self) -> &'static str {
        match self.shape {
            Shape::H100 => "H100",
            Shape::B200 => "B200",
        }
    }

    /// The lowest load (%) the measured bins reach.
    pub fn measured_from(&self) -> f64 {
        match self.shape {
            Shape::H100 => 5.0,
            Shape::B200 => 0.0,
        }
    }

    /// Power ÷ limit at load `u` (0–1, clipped) with the card idle at `idle_share` of its limit: straight
    /// from idle (0 %) to one stream ([`ONE_STREAM_LOAD`]) to the first anchor, then anchor to anchor.
    pub fn share(&self, u: f64, idle_share: f64) -> f64 {
        let l = (u * 100.0).clamp(0.0, 100.0);
        let full = self.full_share();
        let mut prev = (0.0, idle_share);
        let mut points = [(ONE_STREAM_LOAD, self.one_stream_share())]
            .into_iter()
            .chain(self.anchors().iter().map(|a| (a.load, a.ratio * full)));
        if l <= 0.0 {
            return idle_share;
        }
        loop {
            let Some(next) = points.next() else { return prev.1 };
            if l <= next.0 {
                let span = next.0 - prev.0;
                return if span > 0.0 { prev.1 + (next.1 - prev.1) * (l - prev.0) / span } else { next.1 };
            }
            prev = next;
        }
    }
}

/// Which model one end of the range uses.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Model {
    /// idle + (limit − idle) × L: requests packed into full batches, parked between them.
    Linear,
    /// Steady serving on the measured curve (never below the linear model at the same idle).
    Measured(Curve),
}

/// One card's power at load `u` (0–1) under `model`, with `idle` drawn at no load.
pub fn card_power(limit: Watts, idle: Watts, u: f64, model: Model) -> Watts {
    let (lim, idle) = (limit.value(), idle.value());
    let linear = idle + (lim - idle) * u.clamp(0.0, 1.0);
    match model {
        Model::Linear => Watts(linear),
        Model::Measured(curve) if lim > 0.0 => Watts((lim * curve.share(u, idle / lim)).max(linear)),
        Model::Measured(_) => Watts(linear),
    }
}

/// The command that reads a card's power while it holds a model and serves no request, once a second.
pub const IDLE_COMMAND: &str = "nvidia-smi --query-gpu=power.draw --format=csv -l 1";
/// The command that reads the server's whole draw at the wall (issue 47).
pub const WALL_COMMAND: &str = "ipmitool dcmi power reading";

/// Where an idle span comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum IdleOrigin {
    /// Typed by the person: one value.
    Typed,
    /// Posted readings of this card (their source ids), widened by a snapshot's margin above.
    Sourced(Vec<String>),
}

/// The idle power (model loaded, no request) one card draws, as a span with its origin.
#[derive(Debug, Clone, PartialEq)]
pub struct IdleSpan {
    pub low: Watts,
    pub high: Watts,
    pub origin: IdleOrigin,
}

/// How far above its highest posted reading a serving card's idle may sit: one `nvidia-smi` table is
/// a snapshot, and persistence mode, temperature and a job just ended move it by tens of watts — up to
/// the top of the published context step (50 W on HBM cards; [`CONTEXT_STEP_SOURCE`]).
pub const SNAPSHOT_MARGIN_W: f64 = 50.0;

/// The system's own draw beyond its boards (issue 48 and 52 fill this; the plan's overhead today).
#[derive(Debug, Clone, PartialEq)]
pub struct OwnDraw {
    pub low: Watts,
    pub high: Watts,
    /// Source ids, or empty where typed.
    pub sources: Vec<String>,
}

/// What decides one card's power at a load: the limit, the idle span, the system's own draw per
/// server, and the curve of the upper end.
#[derive(Debug, Clone, PartialEq)]
pub struct PowerInputs {
    pub limit: Watts,
    pub idle: IdleSpan,
    pub own_draw: Option<OwnDraw>,
    pub curve: Curve,
}

/// One end of the range: the idle it takes and its model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct End {
    pub idle: Watts,
    pub model: Model,
    /// The system's own draw this end counts where none is typed (issue 48: a rack's, at the upper end).
    pub own: Option<Watts>,
}

impl PowerInputs {
    /// The lower end: the linear model at the lowest idle.
    pub fn low_end(&self) -> End {
        End { idle: self.idle.low, model: Model::Linear, own: None }
    }

    /// The upper end: the measured curve at the top of the idle span.
    pub fn high_end(&self) -> End {
        End { idle: self.idle.high, model: Model::Measured(self.curve), own: self.own_draw.as_ref().map(|o| o.high) }
    }
}

/// One card's power at a load, at both ends.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PowerAtLoad {
    pub low: Watts,
    pub high: Watts,
}

/// One card's power at load `u` (0–1) at both ends of its evidence.
pub fn at_load(inputs: &PowerInputs, u: f64) -> PowerAtLoad {
    let (lo, hi) = (inputs.low_end(), inputs.high_end());
    PowerAtLoad {
        low: card_power(inputs.limit, lo.idle, u, lo.model),
        high: card_power(inputs.limit, hi.idle, u, hi.model),
    }
}
