//! Chart geometry from the model's figures: the UI only draws what this returns (SVG in a fixed
//! view box), so every position is computed and tested here.

use crate::catalogue::{Benchmark, Catalogue, Scenario};
use crate::figure::Kind;
use crate::form::{lowest_published, watts_range, Form, LowestPublished, ThroughputChoice, SLIDER_FLOOR_WATTS};
use crate::model::{self, ComparisonRow, TableFilter};

/// Width of the power-limit chart's view box; heights follow the content.
pub const WIDTH: f64 = 640.0;
/// Width of the bar chart's view box: as wide as a phone, so its words stay legible there (drawn at
/// most 520 px wide on a wide screen). Each bar has its name on a line above it and its value
/// beside its end.
pub const BAR_WIDTH: f64 = 360.0;
/// The bars' left edge and the longest bar's end (room for the value label after it: 150 units,
/// a range's "0,350 bis 0,870 J/Token" at the chart's 13 px, about 7 units a character; with 92 the
/// printed sheet cut a point's label to "0.870 J/toke", issue 37).
const BAR_X0: f64 = 4.0;
const BAR_RIGHT: f64 = BAR_WIDTH - 150.0;
/// One bar's row: its name (baseline at +13), the bar (+17 to +31).
const ROW_H: f64 = 36.0;
const TOP: f64 = 8.0;

/// A tick on a value axis.
#[derive(Debug, Clone, PartialEq)]
pub struct Tick {
    pub x: f64,
    pub value: f64,
}

/// How a bar is highlighted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    None,
    /// The configuration on the page.
    Current,
    /// One of the compared configurations.
    Compared,
}

/// One published result: its ceiling as a bar, its MLPerf Power measurement (if any) as a mark.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    pub label: String,
    pub y: f64,
    pub width: f64,
    pub value: f64,
    /// The lower end where the value is a range, and the x where it ends.
    pub low: Option<(f64, f64)>,
    /// x of the measured J/token's mark, and its value.
    pub measured: Option<(f64, f64)>,
    pub mark: Mark,
}

/// J/token ceilings of the published results of one benchmark and scenario.
#[derive(Debug, Clone, PartialEq)]
pub struct BarChart {
    pub benchmark: Benchmark,
    pub scenario: Scenario,
    pub bars: Vec<Bar>,
    pub ticks: Vec<Tick>,
    pub height: f64,
    pub x0: f64,
    /// Results left out to keep the chart readable.
    pub left_out: usize,
}

impl BarChart {
    /// The chart around its bars: one row each, four ticks up to `max` on the shared axis.
    fn laid_out(form: &Form, bars: Vec<Bar>, max: f64, left_out: usize) -> BarChart {
        BarChart {
            benchmark: form.benchmark,
            scenario: form.scenario,
            height: TOP + bars.len() as f64 * ROW_H + 4.0,
            bars,
            ticks: ticks(max, 4, BAR_X0, BAR_RIGHT),
            x0: BAR_X0,
            left_out,
        }
    }
}

/// "Nice" tick steps: 1, 2 or 5 × 10ⁿ, about `count` of them up to `max`.
pub fn ticks(max: f64, count: usize, x0: f64, x1: f64) -> Vec<Tick> {
    if !(max.is_finite() && max > 0.0) || count == 0 {
        return Vec::new();
    }
    let raw = max / count as f64;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * magnitude).find(|s| *s >= raw).unwrap_or(raw);
    let mut out = Vec::new();
    let mut value = 0.0;
    while value <= max * (1.0 + 1e-9) && out.len() <= count * 2 {
        out.push(Tick { x: x0 + (x1 - x0) * value / max, value });
        value += step;
    }
    out
}

/// Longest bar label (characters), so it fits one line of the view box.
const LABEL_MAX: usize = 48;

/// "6.0-0010 · 8 × B300 SXM 270 GB": the entry, the count and the card without its maker.
fn bar_label(row: &ComparisonRow) -> String {
    let card = row.card.name.split_once(' ').map_or(&*row.card.name, |(_, rest)| rest);
    cut(&format!("{} · {} × {card}", row.result.id, row.result.accelerators))
}

/// The published ceilings of the form's benchmark and scenario: at most `limit` bars (lowest J/token
/// first), always with the current and the compared results.
pub fn published_bars(catalogue: &Catalogue, form: &Form, compared: &[Form], limit: usize) -> BarChart {
    let filter = TableFilter { scenario: Some(form.scenario), ..TableFilter::benchmark(form.benchmark) };
    let rows = model::comparison_of(catalogue, &filter);
    let mut ceilings: Vec<&ComparisonRow> = rows.iter().filter(|r| r.energy_per_token.kind == Kind::Ceiling).collect();
    crate::sort::sort_by(&mut ceilings, |a, b| a.energy_per_token.value.total_cmp(&b.energy_per_token.value));
    let id_of = |f: &Form| match &f.throughput {
        ThroughputChoice::Published(id) => Some(id.clone()),
        ThroughputChoice::Own => None,
    };
    let current = id_of(form);
    let others: Vec<String> = compared
        .iter()
        .filter(|f| f.benchmark == form.benchmark && f.scenario == form.scenario)
        .filter_map(id_of)
        .collect();
    let mark = |id: &str| {
        if current.as_deref() == Some(id) {
            Mark::Current
        } else if others.iter().any(|o| o == id) {
            Mark::Compared
        } else {
            Mark::None
        }
    };
    let total = ceilings.len();
    let mut kept: Vec<&ComparisonRow> = Vec::new();
    for (i, row) in ceilings.iter().enumerate() {
        if i < limit || mark(&row.result.id) != Mark::None {
            kept.push(row);
        }
    }
    let measured_of = |id: &str| {
        rows.iter()
            .find(|r| &*r.result.id == id && matches!(r.energy_per_token.kind, Kind::Measured(_)))
            .map(|r| r.energy_per_token.value)
    };
    let max =
        kept.iter().map(|r| r.energy_per_token.value.max(measured_of(&r.result.id).unwrap_or(0.0))).fold(0.0, f64::max);
    let scale = |v: f64| if max > 0.0 { (BAR_RIGHT - BAR_X0) * v / max } else { 0.0 };
    let bars = kept
        .iter()
        .enumerate()
        .map(|(i, r)| Bar {
            label: bar_label(r),
            y: TOP + i as f64 * ROW_H,
            width: scale(r.energy_per_token.value),
            value: r.energy_per_token.value,
            low: None,
            measured: measured_of(&r.result.id).map(|m| (BAR_X0 + scale(m), m)),
            mark: mark(&r.result.id),
        })
        .collect::<Vec<_>>();
    BarChart::laid_out(form, bars, max, total - kept.len())
}

/// A named configuration's bar: its name and its J/token (value and lower end), if it has one.
pub type Named = (String, Option<(f64, Option<f64>)>);

/// Bars for named configurations (the compared ones): each its name (cut to one line) and its
/// J/token, a range drawn from its lower end to its upper; `None` where it has no figure (left out).
pub fn named_bars(form: &Form, items: &[Named]) -> BarChart {
    let present: Vec<(&String, f64, Option<f64>)> =
        items.iter().filter_map(|(name, v)| v.map(|(value, low)| (name, value, low))).collect();
    let max = present.iter().map(|p| p.1).fold(0.0, f64::max);
    let scale = |v: f64| if max > 0.0 { (BAR_RIGHT - BAR_X0) * v / max } else { 0.0 };
    let bars: Vec<Bar> = present
        .iter()
        .enumerate()
        .map(|(i, (name, value, low))| Bar {
            label: cut(name),
            y: TOP + i as f64 * ROW_H,
            width: scale(*value),
            value: *value,
            low: low.map(|l| (l, BAR_X0 + scale(l))),
            measured: None,
            mark: Mark::Compared,
        })
        .collect();
    BarChart::laid_out(form, bars, max, items.len() - present.len())
}

/// A label cut to [`LABEL_MAX`] characters, with "…" where it was cut.
fn cut(label: &str) -> String {
    if label.chars().count() > LABEL_MAX {
        let mut short: String = label.chars().take(LABEL_MAX - 1).collect();
        short.push('…');
        short
    } else {
        label.to_owned()
    }
}

/// A point of the power-limit chart.
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
    pub watts: f64,
    pub joules_per_token: f64,
    /// The result's entry id (the page writes "… at 450 W" in its language); empty for the line's ends.
    pub label: String,
}

/// The region of the power-limit chart below a card's lowest published setting (a card without
/// a published minimum): nothing is published there, so the band is drawn as unknown.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Unknown {
    /// Left and right edge of the region.
    pub x0: f64,
    pub x1: f64,
    /// The lowest published setting, W per card.
    pub watts: f64,
}

/// J/token against the power limit for the form's card and published result: the range a limit
/// gives as a band between its two ends — "throughput unchanged" (cards × W ÷ tokens/s, the line)
/// and "throughput in proportion to power" (the result's own ceiling) — from the card's published
/// minimum (else the slider's floor) to its maximum, marked unknown below the lowest published
/// setting ([`crate::form::lowest_published`], the rule the form's figures follow); the result's
/// own ceiling, and published results at a stated lower setting as points.
#[derive(Debug, Clone, PartialEq)]
pub struct LimitChart {
    /// The line's two ends (min and max limit).
    pub line: (Point, Point),
    /// The band's outline (x, y): the line's ends and the ceiling at the result's setting at both
    /// sides, crossing at the setting.
    pub band: Vec<(f64, f64)>,
    pub unknown: Option<Unknown>,
    /// The result's own setting and ceiling.
    pub own: Point,
    pub capped: Vec<Point>,
    pub x_ticks: Vec<Tick>,
    pub y_ticks: Vec<Tick>,
    pub height: f64,
    pub plot: (f64, f64, f64, f64),
}

/// The power-limit chart of the form's published result, where it has one.
pub fn limit_chart(catalogue: &Catalogue, form: &Form) -> Option<LimitChart> {
    let ThroughputChoice::Published(id) = &form.throughput else { return None };
    let result = catalogue.result(id, form.benchmark, form.scenario)?;
    let card = catalogue.card(&result.card)?;
    let range = watts_range(card);
    let (w_min, w_max) = (range.min.unwrap_or(SLIDER_FLOOR_WATTS), range.max);
    let cards = f64::from(result.accelerators);
    let tps = result.tokens_per_s;
    let j = |w: f64| cards * w / tps;
    let setting = result.power_setting(card);
    let capped: Vec<(f64, f64, String)> = model::capped_results(catalogue, &result.card, form.benchmark, form.scenario)
        .into_iter()
        .filter_map(|r| {
            let w = r.stated_power.as_ref()?.watts;
            Some((w, f64::from(r.accelerators) * w / r.tokens_per_s, r.id.to_string()))
        })
        .collect();
    let y_max = capped.iter().map(|c| c.1).fold(j(w_max).max(j(setting)), f64::max);
    let (x0, x1, y0, y1) = (60.0, WIDTH - 20.0, 20.0, 200.0);
    let px = |w: f64| x0 + (x1 - x0) * (w - 0.0) / w_max;
    let py = |v: f64| y1 - (y1 - y0) * v / y_max;
    let point = |w: f64, v: f64, label: String| Point { x: px(w), y: py(v), watts: w, joules_per_token: v, label };
    let own_y = py(j(setting));
    let band = vec![(px(w_min), py(j(w_min))), (px(w_max), py(j(w_max))), (px(w_max), own_y), (px(w_min), own_y)];
    let unknown = match lowest_published(catalogue, card) {
        LowestPublished::Setting(lowest) if lowest > w_min => {
            Some(Unknown { x0: px(w_min), x1: px(lowest.min(w_max)), watts: lowest })
        }
        _ => None,
    };
    Some(LimitChart {
        line: (point(w_min, j(w_min), String::new()), point(w_max, j(w_max), String::new())),
        band,
        unknown,
        own: point(setting, j(setting), result.id.to_string()),
        capped: capped.into_iter().map(|(w, v, l)| point(w, v, l)).collect(),
        x_ticks: ticks(w_max, 5, x0, x1),
        y_ticks: ticks(y_max, 4, y1, y0),
        height: 240.0,
        plot: (x0, x1, y0, y1),
    })
}

/// The load sweep's box (issue 35): readable at 360 px, drawn in a 320 × 190 view box.
pub const SWEEP_W: f64 = 320.0;
pub const SWEEP_H: f64 = 190.0;
const SWEEP_LEFT: f64 = 46.0;
const SWEEP_RIGHT: f64 = 308.0;
const SWEEP_TOP: f64 = 12.0;
const SWEEP_BOTTOM: f64 = 150.0;

/// Site J/token against the busy-hour load on log scales: the band between the range's two ends (one
/// line where they meet), the demand's own load marked, and the axes' ticks.
#[derive(Debug, Clone, PartialEq)]
pub struct SweepChart {
    /// (x, y) of the upper and lower ends at each load, left to right.
    pub upper: Vec<(f64, f64)>,
    pub lower: Vec<(f64, f64)>,
    /// x of the load ticks (1, 10, 100 %) with their values.
    pub x_ticks: Vec<Tick>,
    /// y of the J/token ticks (each power of ten in range, and the two ends) with their values.
    pub y_ticks: Vec<(f64, f64)>,
    /// x of the demand's busy-hour load, and its value (%), where the plan has one within 1–100 %.
    pub here: Option<(f64, f64)>,
}

/// The sweep's geometry from the plan's points, or `None` without at least two.
pub fn sweep_chart(plan: &crate::plan::Plan) -> Option<SweepChart> {
    let points: Vec<(f64, f64, f64)> = plan
        .sweep
        .iter()
        .filter_map(|p| p.j_per_token.as_ref().map(|f| (p.load, f.low.unwrap_or(f.value), f.value)))
        .filter(|&(l, lo, hi)| l > 0.0 && lo > 0.0 && hi >= lo)
        .collect();
    if points.len() < 2 {
        return None;
    }
    let min = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let max = points.iter().map(|p| p.2).fold(0.0_f64, f64::max);
    let (lmin, lmax) = (min.log10(), max.log10().max(min.log10() + 1e-9));
    let x = |load: f64| SWEEP_LEFT + load.clamp(1.0, 100.0).log10() / 2.0 * (SWEEP_RIGHT - SWEEP_LEFT);
    let y = |v: f64| SWEEP_BOTTOM - (v.log10() - lmin) / (lmax - lmin) * (SWEEP_BOTTOM - SWEEP_TOP);
    let upper = points.iter().map(|&(l, _, hi)| (x(l), y(hi))).collect();
    let lower = points.iter().map(|&(l, lo, _)| (x(l), y(lo))).collect();
    let x_ticks = [1.0, 10.0, 100.0].iter().map(|&v| Tick { x: x(v), value: v }).collect();
    let mut y_ticks: Vec<(f64, f64)> = vec![(y(min), min), (y(max), max)];
    let mut decade = 10f64.powi(lmin.ceil() as i32);
    while decade < max {
        // A decade too close to an end would print over it.
        if (y(decade) - y(min)).abs() > 14.0 && (y(decade) - y(max)).abs() > 14.0 {
            y_ticks.push((y(decade), decade));
        }
        decade *= 10.0;
    }
    let here = plan.busy_load.as_ref().map(|f| f.value).filter(|v| (1.0..=100.0).contains(v)).map(|v| (x(v), v));
    Some(SweepChart { upper, lower, x_ticks, y_ticks, here })
}
