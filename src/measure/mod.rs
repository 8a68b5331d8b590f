//! "Measure your own": measured energy per token from what a server printed, pasted or picked as a
//! file — GPU energy counters before and after a run (`dcgm`), the serving engine's token counters
//! (`tokens`), optional run duration, idle power and a wall-energy reading — and MLPerf Power's
//! window mean from its raw logs (`mlperf_power`). Kept runs and their chart are in `runs`.
//!
//! Parsers take `&str` and are total: any text gives a typed value or a [`MeasureError`] naming the
//! box, what is wrong and the line. Every number leaves as a [`Figure`] of kind
//! `Measured(GpuBoard)` or `Measured(NodeAc)` whose origins name the pasted inputs.

pub mod amd;
pub mod dcgm;
pub mod energy;
pub mod mlperf_power;
pub mod power;
pub mod prom;
pub mod runs;
pub mod tokens;
pub mod versus;

use crate::catalogue::Scope;
use crate::figure::{Figure, Kind, Origin, Unit};
use crate::input::Field;
/// The paste boxes, named where figures name them (`crate::input`).
pub use crate::input::Paste as Input;

/// The most a pasted box may hold (a node's dcgm-exporter or vLLM scrape is well under 1 MB).
pub const PASTE_LIMIT: usize = 4 * 1024 * 1024;
/// The most a log file may hold (v4.1-0049's `spl.txt` of an hour's run is 1.2 MB).
pub const LOG_LIMIT: usize = 16 * 1024 * 1024;

/// What is wrong with a box's text (or between two boxes).
#[derive(Debug, Clone, PartialEq)]
pub enum Problem {
    /// The box is empty while its partner is not.
    Missing,
    TooLarge {
        bytes: usize,
        limit: usize,
    },
    /// Control characters or undecodable bytes: not text a tool printed.
    NotText {
        line: usize,
    },
    Malformed {
        line: usize,
        expected: &'static str,
    },
    NotFinite {
        line: usize,
    },
    Negative {
        line: usize,
    },
    /// dmon printed `N/A` for the counter.
    NotAvailable {
        line: usize,
    },
    NoEnergyCounter,
    /// A `dcgmi dmon` header without field 156.
    NoEnergyColumn {
        line: usize,
    },
    NoTokenCounter,
    /// Two formats (or two engines) in one box.
    MixedFormats {
        line: usize,
    },
    /// GPU energy in a token box, or token counters in an energy box.
    WrongBox {
        line: usize,
    },
    ConflictingReadings {
        gpu: String,
        line: usize,
    },
    DuplicateSeries {
        line: usize,
    },
    /// The two snapshots come from different tools (or engines).
    FormatsDiffer {
        before: &'static str,
        after: &'static str,
    },
    /// A GPU in one snapshot only; `line` is where it is listed.
    GpuMissing {
        gpu: String,
        listed_in: Input,
        line: usize,
    },
    CounterWentBackwards {
        gpu: String,
        line: usize,
    },
    /// Every counter is lower after than before.
    Swapped,
    TokensWentBackwards {
        line: usize,
    },
    ZeroTokens,
    ZeroEnergy,
    /// A number field.
    NotANumber,
    NotPositive,
    /// Idle power needs the run's duration.
    NeedsDuration,
    /// Idle power × GPUs × duration is more than the measured energy.
    IdleAboveMeasured,
    /// The wall reading is less than the GPU boards' energy over the same run.
    WallBelowGpu {
        wall_j: f64,
        gpu_j: f64,
    },
    WrongLog {
        line: usize,
        expected: &'static str,
    },
    BadTime {
        line: usize,
    },
    NotDetailLog,
    NoPowerWindow {
        missing: &'static str,
    },
    WindowReversed {
        line: usize,
    },
    NoSamplesInWindow {
        begin: String,
        end: String,
        samples_in_file: usize,
    },
    /// "Keep this run" without a J/token to keep.
    NothingToKeep,
    /// JSON where Prometheus text was expected.
    LooksLikeJson {
        line: usize,
    },
    /// No `power.draw` column nor dmon `pwr` column under a header.
    NoPowerSamples,
    /// A GPU with fewer than two samples that have a power value.
    TooFewSamples {
        gpu: String,
        line: usize,
    },
    /// A GPU's time does not move forward.
    SamplesOutOfOrder {
        gpu: String,
        line: usize,
    },
    /// Snapshots and a power-sample series both given: which one measures the run?
    BothEnergySources,
    // issue 51: token counters series by series, the measured card's rating, a series' own span.
    /// A token series lower after than before: its engine restarted during the run.
    SeriesRestarted {
        series: String,
        line: usize,
    },
    /// A token series in "before" (at `line`) missing from "after".
    SeriesMissing {
        series: String,
        line: usize,
    },
    /// A token series that names another model or server after than before (`line` in "after").
    SeriesLabelDiffers {
        series: String,
        label: String,
        before: String,
        after: String,
        line: usize,
    },
    /// A typed limit above the measured card's rated maximum board power.
    AboveRating {
        card: String,
        watts: f64,
    },
    /// A typed duration far from the pasted series' own span (s).
    DurationFarFromSpan {
        typed: f64,
        span: f64,
    },
}

/// A problem with one box.
#[derive(Debug, Clone, PartialEq)]
pub struct MeasureError {
    pub input: Input,
    pub problem: Problem,
}

impl MeasureError {
    pub fn new(input: Input, problem: Problem) -> MeasureError {
        MeasureError { input, problem }
    }
}

/// Whether a line starts JSON rather than Prometheus text: `[`, a lone `{`, or `{"key":` (the
/// Prometheus UTF-8 form `{"name", label="v"}` has no colon after its quoted name).
pub(crate) fn looks_like_json(line: &str) -> bool {
    let line = line.trim();
    if line.starts_with('[') || line == "{" {
        return true;
    }
    let Some(rest) = line.strip_prefix('{').map(str::trim_start).and_then(|r| r.strip_prefix('"')) else {
        return false;
    };
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '"' => return chars.as_str().trim_start().starts_with(':'),
            _ => {}
        }
    }
    false
}

/// The lines of a text, numbered from 1, after checking its size and that it is text.
pub(crate) fn lines(text: &str) -> Result<Vec<(usize, &str)>, Problem> {
    lines_limited(text, PASTE_LIMIT)
}

pub(crate) fn lines_limited(text: &str, limit: usize) -> Result<Vec<(usize, &str)>, Problem> {
    if text.len() > limit {
        return Err(Problem::TooLarge { bytes: text.len(), limit });
    }
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.chars().any(|c| (c.is_control() && c != '\t' && c != '\r') || c == '\u{FFFD}') {
            return Err(Problem::NotText { line: i + 1 });
        }
        out.push((i + 1, line));
    }
    Ok(out)
}

/// What a person pasted and typed, as text.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Texts {
    pub energy_before: String,
    pub energy_after: String,
    pub tokens_before: String,
    pub tokens_after: String,
    pub duration: String,
    pub idle_watts: String,
    pub wall_wh: String,
    /// A whole series of power samples (instead of the two energy snapshots).
    pub power_series: String,
    /// The time between samples, s, where the series prints none (blank: 1 s).
    pub interval: String,
    /// The page's language: how the number boxes are read ("0,95" in German).
    pub lang: crate::lang::Lang,
}

/// One GPU of the measurement.
#[derive(Debug, Clone, PartialEq)]
pub struct GpuRow {
    pub id: String,
    pub index: Option<String>,
    pub model: Option<String>,
    pub host: Option<String>,
    /// Energy over the run, J.
    pub energy: Figure,
    /// Its share of all GPUs' energy, %.
    pub share: Figure,
    /// Average board power over the run (with a duration), W.
    pub average_power: Option<Figure>,
    /// What the row's energy rests on, where it needs saying.
    pub note: Option<RowNote>,
}

/// A per-GPU row's note.
#[derive(Debug, Clone, PartialEq)]
pub enum RowNote {
    /// The exporter listed several series (MIG instances) for this physical GPU: it counts once,
    /// with its largest value in each snapshot; `spread` is how far the series differed (J).
    Mig { series: usize, spread: Figure },
    /// The energy was integrated from power samples.
    Samples { samples: usize, gaps: usize },
    /// The energy is the counter's last poll less its first, in one pasted series.
    FirstToLast,
    /// In a `dcgmi dmon` series, a GPU listed only from poll `first` to `last` (numbered from 1) of
    /// `polls`: its energy covers its own window, `seconds`, which its average power divides by
    /// (issue 39).
    OwnWindow { first: usize, last: usize, polls: usize, seconds: f64 },
}

/// Where the GPU energy came from, where it was a power-sample series.
#[derive(Debug, Clone, PartialEq)]
pub struct SeriesInfo {
    pub format: power::PowerFormat,
    /// Complete samples over all GPUs, and gaps found.
    pub samples: usize,
    pub gaps: usize,
    /// Times from the text's timestamps; otherwise `interval` s between rows.
    pub timed: bool,
    pub interval: f64,
    /// Whether the interval was typed (else the default).
    pub interval_typed: bool,
    /// The run's duration came from the series (no duration typed).
    pub duration_from_series: bool,
    /// An energy counter polled over the run (`dcgmi dmon`): last less first, `samples` polls.
    pub counter: bool,
}

/// What the series box held.
enum SeriesRead {
    Power(power::PowerSeries),
    Counter(dcgm::DmonSeries),
}

/// The measurement's figures (each `None` until its inputs are there and valid) and problems.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Measurement {
    /// Energy per generated token: GPU boards, or the whole node where only a wall reading is given.
    pub j_per_token: Option<Figure>,
    pub gpu_energy: Option<Figure>,
    pub output_tokens: Option<Figure>,
    pub prompt_tokens: Option<Figure>,
    pub tokens_per_s: Option<Figure>,
    /// Average board power per GPU over the run.
    pub average_power_per_gpu: Option<Figure>,
    /// Energy per token above idle power.
    pub j_per_token_above_idle: Option<Figure>,
    /// Whole node from the wall reading.
    pub node_j_per_token: Option<Figure>,
    pub gpus: Vec<GpuRow>,
    /// The language the number boxes were read in (a kept run reads its boxes the same way).
    pub lang: crate::lang::Lang,
    pub energy_format: Option<dcgm::EnergyFormat>,
    /// Set where the energy was integrated from power samples.
    pub series: Option<SeriesInfo>,
    pub engine: Option<tokens::Engine>,
    /// The models the token counters name, each once (issue 39: compared with the benchmark's).
    pub models: Vec<String>,
    pub errors: Vec<MeasureError>,
    // issue 51
    /// Where a token series restarted or went missing: the J/token is withheld, and what the
    /// remaining series support is given as bounds.
    pub token_bound: Option<TokenBound>,
    /// Token series only in "after", counted whole.
    pub new_series: Vec<String>,
}

/// What the counters still support where a series restarted or is missing (issue 51): at least
/// `tokens` were generated, so the J/token is at most `j_per_token`.
#[derive(Debug, Clone, PartialEq)]
pub struct TokenBound {
    pub tokens: Figure,
    pub j_per_token: Option<Figure>,
}

fn both_blank(a: &str, b: &str) -> bool {
    a.trim().is_empty() && b.trim().is_empty()
}

/// Reads an optional positive number; `Ok(None)` when blank.
pub(crate) fn optional_number(lang: crate::lang::Lang, input: Input, text: &str) -> Result<Option<f64>, MeasureError> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    let value = crate::input::parse_decimal_in(lang, Field::Tps, text)
        .map_err(|_| MeasureError::new(input, Problem::NotANumber))?;
    if value <= 0.0 {
        return Err(MeasureError::new(input, Problem::NotPositive));
    }
    Ok(Some(value))
}

/// Parses a pair of snapshots, each error on its own box; `None` while both are blank.
fn pair<T>(
    (before, after): (&str, &str),
    (input_before, input_after): (Input, Input),
    parse: fn(&str) -> Result<T, Problem>,
    errors: &mut Vec<MeasureError>,
) -> Option<(T, T)> {
    if both_blank(before, after) {
        return None;
    }
    let mut read = |text: &str, input| {
        if text.trim().is_empty() {
            errors.push(MeasureError::new(input, Problem::Missing));
            return None;
        }
        parse(text).map_err(|p| errors.push(MeasureError::new(input, p))).ok()
    };
    let b = read(before, input_before);
    let a = read(after, input_after);
    Some((b?, a?))
}

fn energy_origins() -> Vec<Origin> {
    vec![Origin::Measurement(Input::EnergyBefore), Origin::Measurement(Input::EnergyAfter)]
}

fn token_origins() -> Vec<Origin> {
    vec![Origin::Measurement(Input::TokensBefore), Origin::Measurement(Input::TokensAfter)]
}

const GPU: Kind = Kind::Measured(Scope::GpuBoard);

/// One GPU's energy over the run, from either source.
struct RunEnergy {
    id: String,
    index: Option<String>,
    model: Option<String>,
    host: Option<String>,
    joules: f64,
    note: Option<RowNote>,
    /// The GPU's own window where it is not the run's (s).
    window: Option<f64>,
}

/// Per-GPU energy over the run, J, matched by GPU; errors name the GPU and the line.
fn energy_difference(
    before: &dcgm::EnergySnapshot,
    after: &dcgm::EnergySnapshot,
) -> Result<Vec<RunEnergy>, MeasureError> {
    if before.format != after.format {
        return Err(MeasureError::new(
            Input::EnergyAfter,
            Problem::FormatsDiffer { before: before.format.label(), after: after.format.label() },
        ));
    }
    for b in &before.gpus {
        if !after.gpus.iter().any(|a| a.id == b.id) {
            let problem = Problem::GpuMissing { gpu: b.id.clone(), listed_in: Input::EnergyBefore, line: b.line };
            return Err(MeasureError::new(Input::EnergyAfter, problem));
        }
    }
    let mut out = Vec::new();
    for a in &after.gpus {
        let Some(b) = before.gpus.iter().find(|b| b.id == a.id) else {
            let problem = Problem::GpuMissing { gpu: a.id.clone(), listed_in: Input::EnergyAfter, line: a.line };
            return Err(MeasureError::new(Input::EnergyBefore, problem));
        };
        let series = a.series.max(b.series);
        let note = (series > 1)
            .then(|| Figure::new(a.spread_mj.max(b.spread_mj) / 1000.0, Unit::Joules, GPU, energy_origins()))
            .flatten()
            .map(|spread| RowNote::Mig { series, spread });
        out.push((
            a,
            RunEnergy {
                id: a.id.clone(),
                index: a.index.clone(),
                model: a.model.clone(),
                host: a.host.clone(),
                joules: (a.millijoules - b.millijoules) / 1000.0,
                note,
                window: None,
            },
        ));
    }
    if !out.is_empty() && out.iter().all(|(_, r)| r.joules < 0.0) {
        return Err(MeasureError::new(Input::EnergyAfter, Problem::Swapped));
    }
    if let Some((a, _)) = out.iter().find(|(_, r)| r.joules < 0.0) {
        return Err(MeasureError::new(
            Input::EnergyAfter,
            Problem::CounterWentBackwards { gpu: a.id.clone(), line: a.line },
        ));
    }
    Ok(out.into_iter().map(|(_, r)| r).collect())
}

/// Per-GPU energy from a power-sample series.
fn series_energy(series: power::PowerSeries) -> Vec<RunEnergy> {
    series
        .gpus
        .into_iter()
        .map(|g| RunEnergy {
            index: Some(g.id.clone()),
            id: format!("GPU {}", g.id),
            model: g.model,
            host: None,
            joules: g.joules,
            note: Some(RowNote::Samples { samples: g.samples, gaps: g.gaps }),
            window: None,
        })
        .collect()
}

/// The boxes still blank that the J/token needs (none once it is there).
pub fn missing_boxes(texts: &Texts, m: &Measurement) -> Vec<Input> {
    if m.j_per_token.is_some() {
        return Vec::new();
    }
    let blank = |t: &str| t.trim().is_empty();
    let mut out = Vec::new();
    if blank(&texts.power_series) && blank(&texts.wall_wh) {
        out.extend(
            [(Input::EnergyBefore, &texts.energy_before), (Input::EnergyAfter, &texts.energy_after)]
                .into_iter()
                .filter(|(_, t)| blank(t))
                .map(|(i, _)| i),
        );
    }
    out.extend(
        [(Input::TokensBefore, &texts.tokens_before), (Input::TokensAfter, &texts.tokens_after)]
            .into_iter()
            .filter(|(_, t)| blank(t))
            .map(|(i, _)| i),
    );
    out
}

/// Everything the section shows from the pasted texts: the boxes read ([`read`]), the energy per GPU
/// from the snapshots or a series ([`energy`]), the GPU rows ([`gpu_rows`]), the tokens generated
/// ([`generated`]), and the figures per token and per second ([`per_token`]). Errors in that order.
pub fn evaluate(texts: &Texts) -> Measurement {
    let mut m = Measurement { lang: texts.lang, ..Measurement::default() };
    let mut pasted = read(texts, &mut m);
    let e = energy(&mut pasted, &mut m);
    let (total_j, gpu_count) = match e.per_gpu {
        Some(rows) => gpu_rows(rows, &e.origins, e.duration.as_ref(), &mut m),
        None => (None, 0),
    };
    let generated = match pasted.tokens.take() {
        Some((before, after)) => generated(before, after, total_j, texts, pasted.series_given, &mut m),
        None => None,
    };
    let run = Run { origins: e.origins, duration: e.duration, total_j, gpu_count, generated };
    per_token(&run, &pasted, texts, &mut m);
    m
}

/// The boxes read: each pair and number, where it reads, its error in the measurement where not.
struct Pasted {
    energy: Option<(dcgm::EnergySnapshot, dcgm::EnergySnapshot)>,
    tokens: Option<(tokens::TokenSnapshot, tokens::TokenSnapshot)>,
    series: Option<SeriesRead>,
    series_given: bool,
    duration: Option<f64>,
    idle: Option<f64>,
    wall_wh: Option<f64>,
    interval: Option<f64>,
}

/// Step 1: every box read, its errors in box order; a series and energy snapshots together are refused.
fn read(texts: &Texts, m: &mut Measurement) -> Pasted {
    let errors = &mut m.errors;
    let series_given = !texts.power_series.trim().is_empty();
    let both_sources = series_given && !both_blank(&texts.energy_before, &texts.energy_after);
    if both_sources {
        errors.push(MeasureError::new(Input::PowerSeries, Problem::BothEnergySources));
    }
    let energy = if both_sources {
        None
    } else {
        pair(
            (&texts.energy_before, &texts.energy_after),
            (Input::EnergyBefore, Input::EnergyAfter),
            dcgm::parse,
            errors,
        )
    };
    let token_pair = pair(
        (&texts.tokens_before, &texts.tokens_after),
        (Input::TokensBefore, Input::TokensAfter),
        tokens::parse,
        errors,
    );
    let lang = texts.lang;
    let mut optional =
        |input, text: &str| optional_number(lang, input, text).map_err(|e| errors.push(e)).ok().flatten();
    let duration = optional(Input::Duration, &texts.duration);
    let idle = optional(Input::IdlePower, &texts.idle_watts);
    let wall_wh = optional(Input::WallEnergy, &texts.wall_wh);
    let interval = optional(Input::SampleInterval, &texts.interval);
    let series = if series_given && !both_sources {
        let text = &texts.power_series;
        let read = if text.lines().any(|l| l.trim_start().starts_with("#Entity")) {
            dcgm::parse_series(text).map(SeriesRead::Counter)
        } else {
            power::parse(text, interval.unwrap_or(1.0)).map(SeriesRead::Power)
        };
        read.map_err(|p| m.errors.push(MeasureError::new(Input::PowerSeries, p))).ok()
    } else {
        None
    };
    Pasted { energy, tokens: token_pair, series, series_given, duration, idle, wall_wh, interval }
}

/// The run's energy per GPU, with the origins it rests on, and its duration with its own.
struct Energy {
    per_gpu: Option<Vec<RunEnergy>>,
    origins: Vec<Origin>,
    duration: Option<(f64, Vec<Origin>)>,
}

/// Step 2: energy, per GPU, from the snapshots or the series (a counter's or a power series').
fn energy(p: &mut Pasted, m: &mut Measurement) -> Energy {
    let duration = p.duration.map(|d| (d, vec![Origin::Measurement(Input::Duration)]));
    let mut e = Energy { per_gpu: None, origins: energy_origins(), duration };
    let (snapshots, series) = (p.energy.take(), p.series.take());
    if let Some((before, after)) = snapshots {
        m.energy_format = Some(after.format);
        match energy_difference(&before, &after) {
            Ok(rows) => e.per_gpu = Some(rows),
            Err(err) => m.errors.push(err),
        }
    } else if let Some(SeriesRead::Counter(series)) = series {
        counter_energy(&series, p.interval, &mut e, m);
    } else if let Some(SeriesRead::Power(series)) = series {
        e.origins = vec![Origin::Measurement(Input::PowerSeries)];
        if !series.timed && p.interval.is_some() {
            e.origins.push(Origin::Measurement(Input::SampleInterval));
        }
        let span = series.seconds();
        far_from_span(e.duration.as_ref(), span, p.interval.unwrap_or(1.0), m);
        let duration_from_series = e.duration.is_none() && span > 0.0;
        if duration_from_series {
            e.duration = Some((span, e.origins.clone()));
        }
        m.series = Some(SeriesInfo {
            format: series.format,
            samples: series.samples(),
            gaps: series.gaps(),
            timed: series.timed,
            interval: p.interval.unwrap_or(1.0),
            interval_typed: p.interval.is_some(),
            duration_from_series,
            counter: false,
        });
        e.per_gpu = Some(series_energy(series));
    }
    e
}

/// How far a typed duration may be from a series' own span before it is said: a tenth of the span,
/// or one step between samples where that is more (issue 51).
pub const SPAN_TOLERANCE: f64 = 0.1;

/// Issue 51: a typed duration far from the pasted series' own span (first to last sample) is an alert
/// naming both; the series' span is the duration where none is typed.
fn far_from_span(typed: Option<&(f64, Vec<Origin>)>, span: f64, step: f64, m: &mut Measurement) {
    let Some((typed, _)) = typed else { return };
    if span > 0.0 && (typed - span).abs() > (SPAN_TOLERANCE * span).max(step) {
        m.errors.push(MeasureError::new(Input::Duration, Problem::DurationFarFromSpan { typed: *typed, span }));
    }
}

/// Step 2, a counter series (`dcgmi dmon`): the first poll to the last, per GPU, or each GPU's own
/// window where it misses one; its span the duration where none is typed.
fn counter_energy(series: &dcgm::DmonSeries, interval: Option<f64>, e: &mut Energy, m: &mut Measurement) {
    e.origins = vec![Origin::Measurement(Input::PowerSeries)];
    m.energy_format = Some(dcgm::EnergyFormat::Dmon);
    let step = interval.unwrap_or(1.0);
    let span = series.polls.saturating_sub(1) as f64 * step;
    far_from_span(e.duration.as_ref(), span, step, m);
    let duration_from_series = e.duration.is_none() && span > 0.0;
    if duration_from_series {
        let mut origins = e.origins.clone();
        if interval.is_some() {
            origins.push(Origin::Measurement(Input::SampleInterval));
        }
        e.duration = Some((span, origins));
    }
    m.series = Some(SeriesInfo {
        format: power::PowerFormat::DcgmiDmon,
        samples: series.polls,
        gaps: 0,
        timed: false,
        interval: step,
        interval_typed: interval.is_some(),
        duration_from_series,
        counter: true,
    });
    match energy_difference(&series.first, &series.last) {
        Ok(rows) => {
            let own = |r: RunEnergy| match series.short.iter().find(|(id, _, _)| *id == r.id) {
                Some((_, first, last)) => {
                    let seconds = (last - first) as f64 * step;
                    let note = RowNote::OwnWindow { first: first + 1, last: last + 1, polls: series.polls, seconds };
                    RunEnergy { note: Some(note), window: Some(seconds), ..r }
                }
                None => RunEnergy { note: Some(RowNote::FirstToLast), ..r },
            };
            e.per_gpu = Some(rows.into_iter().map(own).collect())
        }
        Err(err) => {
            // Within one series, a counter lower at the end went backwards (a reset).
            let problem = match (err.problem, series.last.gpus.first()) {
                (Problem::Swapped, Some(g)) => Problem::CounterWentBackwards { gpu: g.id.clone(), line: g.line },
                (p, _) => p,
            };
            m.errors.push(MeasureError::new(Input::PowerSeries, problem));
        }
    }
}

/// Step 3: the GPU rows — each GPU's energy, share and average power — and the total; `(total J, GPUs)`,
/// no total where the energy is none.
fn gpu_rows(
    rows: Vec<RunEnergy>,
    e_origins: &[Origin],
    duration: Option<&(f64, Vec<Origin>)>,
    m: &mut Measurement,
) -> (Option<f64>, usize) {
    let total: f64 = rows.iter().map(|r| r.joules).sum();
    if total <= 0.0 || !total.is_finite() {
        let input = if m.series.is_some() { Input::PowerSeries } else { Input::EnergyAfter };
        m.errors.push(MeasureError::new(input, Problem::ZeroEnergy));
        return (None, 0);
    }
    let gpu_count = rows.len();
    m.gpu_energy = Figure::new(total, Unit::Joules, GPU, e_origins.to_vec());
    for r in rows {
        let Some(energy) = Figure::new(r.joules, Unit::Joules, GPU, e_origins.to_vec()) else { continue };
        let Some(share) = Figure::new(100.0 * r.joules / total, Unit::Percent, GPU, e_origins.to_vec()) else {
            continue;
        };
        let average_power = duration.and_then(|(d, origins)| {
            let mut o = e_origins.to_vec();
            o.extend(origins.iter().cloned());
            // A GPU missing from a series' first or last poll: its energy covers its own
            // window only, so its average power divides by that.
            let d = r.window.unwrap_or(*d);
            Figure::new(r.joules / d, Unit::Watts, GPU, o)
        });
        m.gpus.push(GpuRow {
            id: r.id,
            index: r.index,
            model: r.model,
            host: r.host,
            energy,
            share,
            average_power,
            note: r.note,
        });
    }
    (Some(total), gpu_count)
}

/// Step 4: the output tokens generated between the two snapshots (and the prompt tokens), series
/// by series (issue 51): a series that restarted or is missing is an alert and leaves a lower bound
/// (`m.token_bound`, the figure withheld); one naming another model or server leaves nothing. Every
/// series lower after is a swap or a restart of the whole server.
fn generated(
    before: tokens::TokenSnapshot,
    after: tokens::TokenSnapshot,
    total_j: Option<f64>,
    texts: &Texts,
    series_given: bool,
    m: &mut Measurement,
) -> Option<f64> {
    m.engine = Some(after.engine);
    for model in before.models.iter().chain(after.models.iter()) {
        if !m.models.contains(model) {
            m.models.push(model.clone());
        }
    }
    if before.engine != after.engine {
        let problem = Problem::FormatsDiffer { before: before.engine.label(), after: after.engine.label() };
        m.errors.push(MeasureError::new(Input::TokensAfter, problem));
        return None;
    }
    let d = tokens::difference(&before, &after);
    m.new_series = d.new_series.clone();
    if d.matched > 0 && d.lower == d.matched {
        // Every series lower after than before: the boxes were swapped (a restart would show the
        // same, and the message says so); the generated count alone: a restart.
        let prompt_lower = matches!((before.prompt, after.prompt), (Some(b), Some(a)) if a < b);
        let energy_swapped = m.errors.iter().any(|e| e.problem == Problem::Swapped);
        let no_energy = total_j.is_none() && texts.energy_before.trim().is_empty() && !series_given;
        let problem = if prompt_lower || energy_swapped || no_energy {
            Problem::Swapped
        } else {
            Problem::TokensWentBackwards { line: after.line }
        };
        m.errors.push(MeasureError::new(Input::TokensAfter, problem));
        return None;
    }
    let mut withheld = false;
    for issue in &d.issues {
        let problem = match issue.clone() {
            tokens::SeriesIssue::Restarted { series, line, .. } => Problem::SeriesRestarted { series, line },
            tokens::SeriesIssue::Missing { series, line } => Problem::SeriesMissing { series, line },
            tokens::SeriesIssue::LabelDiffers { series, label, before, after, line } => {
                withheld = true;
                Problem::SeriesLabelDiffers { series, label, before, after, line }
            }
        };
        m.errors.push(MeasureError::new(Input::TokensAfter, problem));
    }
    if withheld {
        return None;
    }
    if !d.issues.is_empty() {
        // What the remaining series support: at least this many tokens, so at most this J/token.
        if let Some(tokens) = Figure::new(d.generated, Unit::Tokens, GPU, token_origins()).filter(|t| t.value > 0.0) {
            let j_per_token = total_j.and_then(|j| {
                Figure::new(j / tokens.value, Unit::JoulesPerToken, GPU, join(&energy_origins(), &token_origins()))
            });
            m.token_bound = Some(TokenBound { tokens, j_per_token });
        }
        return None;
    }
    if d.generated <= 0.0 {
        m.errors.push(MeasureError::new(Input::TokensAfter, Problem::ZeroTokens));
        return None;
    }
    m.output_tokens = Figure::new(d.generated, Unit::Tokens, GPU, token_origins());
    if let Some(p) = d.prompt {
        m.prompt_tokens = Figure::new(p, Unit::Tokens, GPU, token_origins());
    }
    Some(d.generated)
}

/// What the run measured: energy with its origins, the duration, the GPUs and the tokens.
struct Run {
    origins: Vec<Origin>,
    duration: Option<(f64, Vec<Origin>)>,
    total_j: Option<f64>,
    gpu_count: usize,
    generated: Option<f64>,
}

/// Origins `a` then those of `b` not in `a`.
fn join(a: &[Origin], b: &[Origin]) -> Vec<Origin> {
    let mut o = a.to_vec();
    o.extend(b.iter().filter(|x| !a.contains(x)).cloned());
    o
}

/// Step 5: J/token, tokens/s and average power per GPU; J/token above idle; the node's J/token at the wall.
fn per_token(run: &Run, p: &Pasted, texts: &Texts, m: &mut Measurement) {
    let all = || join(&run.origins, &token_origins());
    if let (Some(j), Some(n)) = (run.total_j, run.generated) {
        m.j_per_token = Figure::new(j / n, Unit::JoulesPerToken, GPU, all());
    }
    if let Some((d, d_origins)) = &run.duration {
        if let Some(n) = run.generated {
            m.tokens_per_s = Figure::new(n / d, Unit::TokensPerSecond, GPU, join(&token_origins(), d_origins));
        }
        if let Some(j) = run.total_j {
            if run.gpu_count > 0 {
                let per_gpu = j / d / run.gpu_count as f64;
                m.average_power_per_gpu = Figure::new(per_gpu, Unit::Watts, GPU, join(&run.origins, d_origins));
            }
        }
    }
    if let Some(idle) = p.idle {
        match (&run.duration, run.total_j, run.generated) {
            (None, _, _) => m.errors.push(MeasureError::new(Input::IdlePower, Problem::NeedsDuration)),
            (Some((d, d_origins)), Some(j), Some(n)) => {
                let above = j - idle * run.gpu_count as f64 * d;
                if above <= 0.0 {
                    m.errors.push(MeasureError::new(Input::IdlePower, Problem::IdleAboveMeasured));
                } else {
                    let origins = join(&join(&all(), d_origins), &[Origin::Measurement(Input::IdlePower)]);
                    m.j_per_token_above_idle = Figure::new(above / n, Unit::JoulesPerToken, GPU, origins);
                }
            }
            _ => {}
        }
    }
    if let (Some(wh), Some(n)) = (p.wall_wh, run.generated) {
        let wall_j = wh * 3600.0;
        match run.total_j {
            Some(gpu_j) if wall_j < gpu_j => {
                m.errors.push(MeasureError::new(Input::WallEnergy, Problem::WallBelowGpu { wall_j, gpu_j }));
            }
            _ => {
                let origins = join(&[Origin::Measurement(Input::WallEnergy)], &token_origins());
                m.node_j_per_token =
                    Figure::new(wall_j / n, Unit::JoulesPerToken, Kind::Measured(Scope::NodeAc), origins);
                if m.j_per_token.is_none() && texts.energy_before.trim().is_empty() && !p.series_given {
                    m.j_per_token = m.node_j_per_token.clone();
                }
            }
        }
    }
}

/// "Your measurement is x % of the ceiling": a measured GPU-board J/token against the calculator's
/// ceiling (or the upper end of its range); `None` for another scope or no ceiling.
pub fn versus_ceiling(own: &Figure, ceiling: &Figure) -> Option<Figure> {
    if own.kind != GPU || ceiling.value <= 0.0 {
        return None;
    }
    let mut origins = own.origins.clone();
    origins.extend(ceiling.origins.iter().cloned());
    Figure::new(100.0 * own.value / ceiling.value, Unit::Percent, GPU, origins)
}

/// The ceiling at the run's own throughput: every measured GPU at `limit_watts` ÷ the run's
/// tokens per second (J/token). Board power cannot exceed the limit, so a GPU-board measurement
/// sits at or below it; a ceiling taken at another throughput (the published one) bounds only runs
/// at that throughput. `None` without the run's tokens/s or GPUs.
pub fn ceiling_at_own_throughput(m: &Measurement, limit_watts: f64) -> Option<Figure> {
    let limit = versus::Limit::choose(None, Some(limit_watts))?;
    versus::ceiling_at(m, limit)
}

/// The pasted GPUs' own name (`modelName`) where it is not the configured card's.
#[derive(Debug, Clone, PartialEq)]
pub struct OtherCard {
    /// The name the GPUs report.
    pub pasted: String,
    /// The catalogue card of that name, to switch to; `None` where the catalogue lists none.
    pub card: Option<String>,
}

/// A name with case, spaces and punctuation gone: "NVIDIA L40S" and "nvidia-l40s" are one name.
fn squeezed(name: &str) -> String {
    name.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect()
}

/// The names the tools print for catalogue cards that are not the catalogue's name nor an MLPerf
/// accelerator name (issue 51), with the card's id: dcgm-exporter's `modelName` and `nvidia-smi
/// --query-gpu=name` print the driver's product name ("NVIDIA H100 80GB HBM3" is the SXM board at
/// 700 W: `../shared/reference/telemetry/nvidia-smi-csv-2.txt`, enforced limit 700.00 W), and
/// `amd-smi static` prints the `MARKET_NAME` ("AMD Instinct MI300X"). docs/measure.md lists them.
pub const PRINTED_NAMES: [(&str, &str); 6] = [
    ("NVIDIA H100 80GB HBM3", "h100-sxm"),
    ("NVIDIA H100 PCIe", "h100-pcie"),
    ("NVIDIA H100 NVL", "h100-nvl"),
    ("NVIDIA H200", "h200-sxm"),
    ("NVIDIA B200", "b200-sxm"),
    ("AMD Instinct MI300X", "mi300x"),
];

/// The catalogue card a tool's printed name stands for: its name or an MLPerf accelerator name
/// (without case, spaces or punctuation), or one of [`PRINTED_NAMES`] whose card the catalogue lists.
pub fn card_named<'a>(catalogue: &'a crate::catalogue::Catalogue, name: &str) -> Option<&'a crate::catalogue::Card> {
    let key = squeezed(name);
    if key.is_empty() {
        return None;
    }
    let named = |c: &&crate::catalogue::Card| {
        squeezed(&c.name) == key || c.mlperf_accelerators.iter().any(|a| squeezed(a) == key)
    };
    catalogue.cards.iter().find(named).or_else(|| {
        let (_, id) = PRINTED_NAMES.iter().find(|(printed, _)| squeezed(printed) == key)?;
        catalogue.card(id)
    })
}

/// The card the pasted GPUs report themselves as (issue 51): every row the same `modelName`, with
/// the catalogue card of that name where there is one. `None` where the GPUs name no model (dmon,
/// AMD, power samples without `name`) or disagree.
pub fn measured_card(m: &Measurement, catalogue: &crate::catalogue::Catalogue) -> Option<OtherCard> {
    let mut models = m.gpus.iter().map(|g| g.model.as_deref());
    let pasted = models.next()??.trim();
    if pasted.is_empty() || !models.all(|x| x.map(str::trim) == Some(pasted)) {
        return None;
    }
    let card = card_named(catalogue, pasted).map(|c| c.id.to_string());
    Some(OtherCard { pasted: pasted.to_owned(), card })
}

/// Whether the pasted GPUs name another card than `configured` (a catalogue id): [`measured_card`]
/// where it is not the configured card. `None` where the GPUs name no model, disagree, or are the
/// configured card.
pub fn other_card(m: &Measurement, catalogue: &crate::catalogue::Catalogue, configured: &str) -> Option<OtherCard> {
    measured_card(m, catalogue).filter(|o| o.card.as_deref() != Some(configured))
}

/// Average board power per GPU as a share of the configured power limit, %.
pub fn versus_limit(average_power: &Figure, limit_watts: f64) -> Option<Figure> {
    versus::share_of_limit(average_power, versus::Limit::choose(None, Some(limit_watts))?)
}

/// MLPerf Power's window mean as figures: node power (W) and, where the detail log has the
/// run's tokens per second, node energy per token.
pub fn window_figures(mean: &mlperf_power::WindowMean) -> (Option<Figure>, Option<Figure>) {
    let origins = vec![Origin::Measurement(Input::PowerLog), Origin::Measurement(Input::DetailLog)];
    let node = Kind::Measured(Scope::NodeAc);
    let power = Figure::new(mean.mean_watts, Unit::Watts, node.clone(), origins.clone());
    let per_token =
        mean.window.tokens_per_s.and_then(|t| Figure::new(mean.mean_watts / t, Unit::JoulesPerToken, node, origins));
    (power, per_token)
}
