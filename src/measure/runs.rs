//! Kept runs (the method's step 6: repeat at other concurrencies or power limits) and the chart of
//! J/token against concurrency or limit, laid out here so the UI only draws what it is given.

use super::{Input, MeasureError, Measurement, Problem};
use crate::catalogue::Scope;
use crate::figure::{Figure, Kind, Origin, Unit};
use crate::float::{fixed, Text};

/// One kept run.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    pub concurrency: Option<f64>,
    pub power_limit: Option<f64>,
    pub j_per_token: Figure,
    pub tokens_per_s: Option<Figure>,
    /// What the run was measured on (issue 39); runs stored before carry none of it.
    pub about: About,
}

/// What a kept run was measured on and against, where known: the configured card (its id), the
/// GPUs measured, the model the token counters named, the day kept (year, month, day) and the ceiling at
/// the run's own throughput (J/token) at the limit it was compared with.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct About {
    pub card: Option<String>,
    pub gpus: Option<usize>,
    pub model: Option<String>,
    pub date: Option<(i32, u32, u32)>,
    pub ceiling: Option<f64>,
}

/// A day as stored: `YYYY-MM-DD`.
fn date_text(date: Option<(i32, u32, u32)>) -> String {
    date.map_or_else(String::new, |(y, m, d)| format!("{y:04}-{m:02}-{d:02}"))
}

fn read_date(text: &str) -> Option<Option<(i32, u32, u32)>> {
    if text.is_empty() {
        return Some(None);
    }
    let mut parts = text.split('-');
    let (y, m, d) = (parts.next()?.parse().ok()?, parts.next()?.parse().ok()?, parts.next()?.parse().ok()?);
    (parts.next().is_none() && y > 0 && (1..=12).contains(&m) && (1..=31).contains(&d)).then_some(Some((y, m, d)))
}

impl Run {
    /// Tokens/s per user: the run's tokens/s ÷ its concurrency, where both are known (the method's
    /// step 6 keeps it beside every result, so runs are compared at the same load).
    pub fn tokens_per_user(&self) -> Option<f64> {
        let per = self.tokens_per_s.as_ref()?.value / self.concurrency?;
        (per.is_finite() && per >= 0.0).then_some(per)
    }
}

/// How kept runs differ in load: the distinct concurrencies and power limits typed, in the order
/// kept, where two or more runs typed different ones (an untyped value is not a difference).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LoadDiffers {
    pub concurrency: Vec<f64>,
    pub power_limit: Vec<f64>,
}

impl LoadDiffers {
    pub fn any(&self) -> bool {
        !self.concurrency.is_empty() || !self.power_limit.is_empty()
    }
}

/// Where the kept runs were taken at different loads: their J/token are then not comparable as
/// like for like, and the page says so.
pub fn load_differs(runs: &[Run]) -> LoadDiffers {
    let distinct = |values: Vec<f64>| {
        let mut out: Vec<f64> = Vec::new();
        for v in values {
            if !out.contains(&v) {
                out.push(v);
            }
        }
        if out.len() > 1 {
            out
        } else {
            Vec::new()
        }
    };
    LoadDiffers {
        concurrency: distinct(runs.iter().filter_map(|r| r.concurrency).collect()),
        power_limit: distinct(runs.iter().filter_map(|r| r.power_limit).collect()),
    }
}

/// A run from the current measurement and the typed concurrency and limit (both optional).
pub fn keep(m: &Measurement, concurrency: &str, power_limit: &str) -> Result<Run, Vec<MeasureError>> {
    keep_with(m, concurrency, power_limit, About::default())
}

/// [`keep`], with what the run was measured on: `about`'s card, date and ceiling as the page knows
/// them; the GPU count and the model are the measurement's own (the model where the counters name
/// exactly one).
pub fn keep_with(
    m: &Measurement,
    concurrency: &str,
    power_limit: &str,
    about: About,
) -> Result<Run, Vec<MeasureError>> {
    let mut errors = Vec::new();
    let concurrency =
        super::optional_number(m.lang, Input::Concurrency, concurrency).map_err(|e| errors.push(e)).ok().flatten();
    let power_limit =
        super::optional_number(m.lang, Input::PowerLimit, power_limit).map_err(|e| errors.push(e)).ok().flatten();
    let Some(j_per_token) = m.j_per_token.clone() else {
        errors.push(MeasureError::new(Input::TokensAfter, Problem::NothingToKeep));
        return Err(errors);
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    let about = About {
        gpus: (!m.gpus.is_empty()).then_some(m.gpus.len()),
        model: match m.models.as_slice() {
            [one] => Some(one.clone()),
            _ => None,
        },
        ceiling: about.ceiling.filter(|c| c.is_finite() && *c > 0.0),
        ..about
    };
    Ok(Run { concurrency, power_limit, j_per_token, tokens_per_s: m.tokens_per_s.clone(), about })
}

/// Where the browser keeps the runs (`localStorage`), so they survive a reload.
pub const STORAGE_KEY: &str = "token-energy.runs.v1";
/// The most runs kept.
pub const MAX_RUNS: usize = 200;

fn optional(v: Option<f64>) -> String {
    v.map_or_else(String::new, |v| v.text())
}

fn origins_text(f: &Figure) -> String {
    let ids: Vec<&str> = f
        .origins
        .iter()
        .filter_map(|o| match o {
            Origin::Measurement(i) => Some(i.id()),
            _ => None,
        })
        .collect();
    ids.join(",")
}

/// Text stored between `;`: `%`, `;`, `,` and line breaks written as `%XX`.
fn escape(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '%' | ';' | ',' | '\n' | '\r' => out.push_str(&format!("%{:02X}", u32::from(c))),
            c => out.push(c),
        }
    }
    out
}

fn unescape(text: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '%' {
            let hex: String = chars.by_ref().take(2).collect();
            out.push(char::from(u8::from_str_radix(&hex, 16).ok()?));
        } else {
            out.push(c);
        }
    }
    Some(out)
}

/// The runs as the browser stores them: one line a run,
/// `concurrency;limit;J/token;scope;its boxes;tokens/s;its boxes;card;GPUs;model;date;ceiling` (an
/// absent value empty; numbers as `f64`'s `Display` writes them, the shortest text that reads back
/// to the same bits, as `data-value` does; the boxes by their ids; card and model escaped). Runs
/// stored before issue 39 have the first seven fields only, and still read.
pub fn to_text(runs: &[Run]) -> String {
    let scope = |f: &Figure| match f.kind {
        Kind::Measured(Scope::NodeAc) => "node-ac",
        _ => "gpu-board",
    };
    runs.iter()
        .map(|r| {
            let (tps, tps_origins) = match &r.tokens_per_s {
                Some(t) => (t.value.text(), origins_text(t)),
                None => (String::new(), String::new()),
            };
            let a = &r.about;
            let text = |t: &Option<String>| t.as_deref().map_or_else(String::new, escape);
            format!(
                "{};{};{};{};{};{tps};{tps_origins};{};{};{};{};{}\n",
                optional(r.concurrency),
                optional(r.power_limit),
                r.j_per_token.value.text(),
                scope(&r.j_per_token),
                origins_text(&r.j_per_token),
                text(&a.card),
                a.gpus.map_or_else(String::new, |g| g.to_string()),
                text(&a.model),
                date_text(a.date),
                optional(a.ceiling),
            )
        })
        .collect()
}

fn read_origins(text: &str) -> Option<Vec<Origin>> {
    text.split(',')
        .filter(|id| !id.is_empty())
        .map(|id| Input::ALL.iter().find(|i| i.id() == id).map(|i| Origin::Measurement(*i)))
        .collect()
}

fn read_number(text: &str) -> Option<Option<f64>> {
    if text.is_empty() {
        return Some(None);
    }
    crate::float::parse(text).filter(|v| v.is_finite() && *v > 0.0).map(Some)
}

fn read_run(line: &str) -> Option<Run> {
    let mut f = line.split(';');
    let (concurrency, limit, jpt, scope, origins, tps, tps_origins) =
        (f.next()?, f.next()?, f.next()?, f.next()?, f.next()?, f.next()?, f.next()?);
    let about = match (f.next(), f.next(), f.next(), f.next(), f.next(), f.next()) {
        // Stored before issue 39: nothing about the run.
        (None, ..) => About::default(),
        (Some(card), Some(gpus), Some(model), Some(date), Some(ceiling), None) => {
            let text = |t: &str| if t.is_empty() { Some(None) } else { unescape(t).map(Some) };
            let gpus = if gpus.is_empty() { None } else { Some(gpus.parse::<usize>().ok().filter(|g| *g > 0)?) };
            About {
                card: text(card)?,
                gpus,
                model: text(model)?,
                date: read_date(date)?,
                ceiling: read_number(ceiling)?,
            }
        }
        _ => return None,
    };
    let scope = match scope {
        "gpu-board" => Scope::GpuBoard,
        "node-ac" => Scope::NodeAc,
        _ => return None,
    };
    let j_per_token =
        Figure::new(read_number(jpt)??, Unit::JoulesPerToken, Kind::Measured(scope), read_origins(origins)?)?;
    let tokens_per_s = match read_number(tps)? {
        Some(t) => {
            Some(Figure::new(t, Unit::TokensPerSecond, Kind::Measured(Scope::GpuBoard), read_origins(tps_origins)?)?)
        }
        None => None,
    };
    Some(Run {
        concurrency: read_number(concurrency)?,
        power_limit: read_number(limit)?,
        j_per_token,
        tokens_per_s,
        about,
    })
}

/// Reads stored runs back; a line that does not read as a run is left out (the store is the page's
/// own, but anything can have written it), and at most [`MAX_RUNS`] are kept.
pub fn from_text(text: &str) -> Vec<Run> {
    text.lines().filter_map(read_run).take(MAX_RUNS).collect()
}

/// What the chart's horizontal axis shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Axis {
    Concurrency,
    PowerLimit,
}

impl Axis {
    fn of(self, run: &Run) -> Option<f64> {
        match self {
            Axis::Concurrency => run.concurrency,
            Axis::PowerLimit => run.power_limit,
        }
    }
}

/// A mark on an axis, at a pixel position, with the value it marks (`i18n` writes it).
#[derive(Debug, Clone, PartialEq)]
pub struct Tick {
    pub at: f64,
    pub value: f64,
}

/// A run's point, in pixels, with its values for a tooltip: the axis value and J/token.
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
    pub at: f64,
    pub j_per_token: f64,
}

/// The chart, laid out in a `width` × `height` pixel box; the plot area is `left..right` ×
/// `top..bottom`.
#[derive(Debug, Clone, PartialEq)]
pub struct Plot {
    pub width: f64,
    pub height: f64,
    pub left: f64,
    pub right: f64,
    pub top: f64,
    pub bottom: f64,
    /// Sorted by x.
    pub points: Vec<Point>,
    /// The SVG `points` of the line through them.
    pub line: String,
    pub x_ticks: Vec<Tick>,
    pub y_ticks: Vec<Tick>,
    pub axis: Axis,
}

/// Lays out the runs that have a value on `axis`; `None` without any.
pub fn plot(runs: &[Run], axis: Axis) -> Option<Plot> {
    let (width, height, left, right, top, bottom) = (480.0, 240.0, 56.0, 464.0, 12.0, 200.0);
    let mut data: Vec<(f64, f64)> = runs
        .iter()
        .filter_map(|r| axis.of(r).map(|x| (x, r.j_per_token.value)))
        .filter(|(x, y)| x.is_finite() && y.is_finite())
        .collect();
    if data.is_empty() {
        return None;
    }
    crate::sort::sort_by(&mut data, |a, b| a.0.total_cmp(&b.0));
    let (mut x0, mut x1) = (data.first()?.0, data.last()?.0);
    if x1 - x0 <= 0.0 {
        let pad = (x0.abs() * 0.1).max(1.0);
        x0 -= pad;
        x1 += pad;
    }
    let y1 = data.iter().map(|d| d.1).fold(0.0_f64, f64::max) * 1.1;
    let y1 = if y1 > 0.0 { y1 } else { 1.0 };
    let px = |x: f64| left + (x - x0) / (x1 - x0) * (right - left);
    let py = |y: f64| bottom - y / y1 * (bottom - top);
    let points: Vec<Point> = data.iter().map(|&(x, y)| Point { x: px(x), y: py(y), at: x, j_per_token: y }).collect();
    let line = points.iter().map(|p| format!("{},{}", fixed(p.x, 1), fixed(p.y, 1))).collect::<Vec<_>>().join(" ");
    let x_ticks = [x0, (x0 + x1) / 2.0, x1].iter().map(|&x| Tick { at: px(x), value: x }).collect();
    let y_ticks = [0.0, y1 / 2.0, y1].iter().map(|&y| Tick { at: py(y), value: y }).collect();
    Some(Plot { width, height, left, right, top, bottom, points, line, x_ticks, y_ticks, axis })
}

/// What a kept run was measured on, from the measurement itself (issue 51): the card the GPUs report
/// themselves as (its catalogue id, or the name as printed where the catalogue lists none; the
/// configured card only where the paste names none), and the ceiling at the run's own throughput at
/// the run's own limit: the typed one, else the measured card's rated maximum; none without either.
pub fn about_measured(
    m: &Measurement,
    catalogue: &crate::catalogue::Catalogue,
    configured: Option<&str>,
    typed_limit: Option<f64>,
) -> About {
    let measured = super::measured_card(m, catalogue);
    let rating = super::versus::Rating::of_measured(m, catalogue).map(|r| r.watts);
    let limit = super::versus::Limit::choose(typed_limit, rating);
    About {
        card: match measured {
            Some(o) => Some(o.card.unwrap_or(o.pasted)),
            None => configured.map(str::to_owned),
        },
        ceiling: limit.and_then(|l| super::versus::ceiling_at(m, l)).map(|c| c.value),
        ..About::default()
    }
}
