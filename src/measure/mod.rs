//! "Measure your own": measured energy per token from what a server printed, pasted or picked as a
//! file — GPU energy counters before and after a run (`dcgm`), the serving engine's token counters
//! (`tokens`), optional run duration, idle power and a wall-energy reading — and MLPerf Power's
//! window mean from its raw logs (`mlperf_power`). Kept runs and their chart are in `runs`.
//!
//! Parsers take `&str` and are total: any text gives a typed value or a [`MeasureError`] naming the
//! box, what is wrong and the line. Every number leaves as a [`Figure`] of kind
//! `Measured(GpuBoard)` or `Measured(NodeAc)` whose origins name the pasted inputs.

pub mod dcgm;
pub mod mlperf_power;
pub mod prom;
pub mod runs;
pub mod tokens;

use crate::catalogue::Scope;
use crate::figure::{Figure, Kind, Origin, Unit};
use crate::form::{clip, number, Field};
use std::fmt;

/// The most a pasted box may hold (a node's dcgm-exporter or vLLM scrape is well under 1 MB).
pub const PASTE_LIMIT: usize = 4 * 1024 * 1024;
/// The most a log file may hold (v4.1-0049's `spl.txt` of an hour's run is 1.2 MB).
pub const LOG_LIMIT: usize = 16 * 1024 * 1024;

/// Where a measured input came from: the boxes and files of the section.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Input {
    EnergyBefore,
    EnergyAfter,
    TokensBefore,
    TokensAfter,
    Duration,
    IdlePower,
    WallEnergy,
    Concurrency,
    PowerLimit,
    PowerLog,
    DetailLog,
}

impl Input {
    /// The `data-testid` of the box (and of its error, `measure-error-<id>`).
    pub fn id(self) -> &'static str {
        match self {
            Input::EnergyBefore => "gpu-energy-before",
            Input::EnergyAfter => "gpu-energy-after",
            Input::TokensBefore => "tokens-before",
            Input::TokensAfter => "tokens-after",
            Input::Duration => "run-seconds",
            Input::IdlePower => "idle-watts",
            Input::WallEnergy => "wall-wh",
            Input::Concurrency => "run-concurrency",
            Input::PowerLimit => "run-power-limit",
            Input::PowerLog => "mlperf-power-log",
            Input::DetailLog => "mlperf-detail-log",
        }
    }

    /// The box's label on the page.
    pub fn label(self) -> &'static str {
        match self {
            Input::EnergyBefore => "GPU energy, before the run",
            Input::EnergyAfter => "GPU energy, after the run",
            Input::TokensBefore => "Token counters, before the run",
            Input::TokensAfter => "Token counters, after the run",
            Input::Duration => "Run duration (s)",
            Input::IdlePower => "Idle board power per GPU (W)",
            Input::WallEnergy => "Wall energy over the run (Wh)",
            Input::Concurrency => "Concurrency",
            Input::PowerLimit => "Power limit per GPU (W)",
            Input::PowerLog => "Power analyser log (spl.txt)",
            Input::DetailLog => "LoadGen detail log (mlperf_log_detail.txt)",
        }
    }
}

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

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Missing => write!(f, "empty: paste the other snapshot here too."),
            Problem::TooLarge { bytes, limit } => write!(
                f,
                "too large ({} MB; at most {} MB): paste one snapshot, not a whole log.",
                number((*bytes as f64 / 1e5).round() / 10.0),
                number((*limit as f64 / 1e5).round() / 10.0)
            ),
            Problem::NotText { line } => {
                write!(f, "line {line}: control characters or undecodable bytes; this is not text a tool printed.")
            }
            Problem::Malformed { line, expected } => write!(f, "line {line}: expected {expected}."),
            Problem::NotFinite { line } => {
                write!(f, "line {line}: the value is not a finite number (not-a-number or infinite); a counter that cannot be read gives no figure.")
            }
            Problem::Negative { line } => write!(f, "line {line}: a negative value; counters only count up."),
            Problem::NotAvailable { line } => {
                write!(f, "line {line}: dmon printed N/A for the energy counter (field 156 needs a Volta or newer GPU).")
            }
            Problem::NoEnergyCounter => write!(
                f,
                "no GPU energy counter found: paste dcgm-exporter's {} lines or `dcgmi dmon -e 155,156` output.",
                dcgm::EXPORTER_METRIC
            ),
            Problem::NoEnergyColumn { line } => write!(
                f,
                "line {line}: this dmon header has no TOTEC column (field 156): run `dcgmi dmon -e 155,156`."
            ),
            Problem::NoTokenCounter => write!(
                f,
                "no token counter found: paste vLLM's vllm:generation_tokens_total, SGLang's \
                 sglang:generation_tokens_total or TGI's tgi_request_generated_tokens_sum lines."
            ),
            Problem::MixedFormats { line } => {
                write!(f, "line {line}: a second format in the same box; paste one tool's output per box.")
            }
            Problem::WrongBox { line } => {
                write!(f, "line {line}: this looks like it belongs in the other box (GPU energy versus token counters).")
            }
            Problem::ConflictingReadings { gpu, line } => write!(
                f,
                "line {line}: {} is listed again with another value; paste one snapshot per box.",
                clip(gpu)
            ),
            Problem::DuplicateSeries { line } => {
                write!(f, "line {line}: this series appears twice; paste one snapshot per box.")
            }
            Problem::FormatsDiffer { before, after } => write!(
                f,
                "the snapshots come from different tools ({before} before, {after} after); take both with the same one."
            ),
            Problem::GpuMissing { gpu, listed_in, line } => write!(
                f,
                "{} is in “{}” (line {line}) but not in the other snapshot; both must list the same GPUs.",
                clip(gpu),
                listed_in.label()
            ),
            Problem::CounterWentBackwards { gpu, line } => write!(
                f,
                "line {line}: the counter of {} went backwards (driver reloaded or GPU reset between the snapshots?); \
                 take both again.",
                clip(gpu)
            ),
            Problem::Swapped => {
                write!(f, "every counter is lower after than before: the two snapshots look swapped.")
            }
            Problem::TokensWentBackwards { line } => write!(
                f,
                "line {line}: fewer generated tokens after than before (server restarted between the snapshots?)."
            ),
            Problem::ZeroTokens => write!(f, "no tokens were generated between the snapshots: no J/token to compute."),
            Problem::ZeroEnergy => write!(f, "the energy counters did not move between the snapshots."),
            Problem::NotANumber => write!(f, "enter a number such as 600, 0.5 or 1e3 (a point for decimals)."),
            Problem::NotPositive => write!(f, "enter a number above 0."),
            Problem::NeedsDuration => write!(f, "idle power needs the run's duration to subtract."),
            Problem::IdleAboveMeasured => write!(
                f,
                "idle power × GPUs × duration is more than the measured energy; check the idle figure and the duration."
            ),
            Problem::WallBelowGpu { wall_j, gpu_j } => write!(
                f,
                "the wall reading ({} J) is less than the GPU boards' energy ({} J) over the same run; check the window.",
                number(wall_j.round()),
                number(gpu_j.round())
            ),
            Problem::WrongLog { line, expected } => write!(f, "line {line}: this is the other log; pick {expected} here."),
            Problem::BadTime { line } => write!(f, "line {line}: expected a time as MM-DD-YYYY HH:MM:SS.fff."),
            Problem::NotDetailLog => write!(f, "no :::MLLOG lines: this is not LoadGen's mlperf_log_detail.txt."),
            Problem::NoPowerWindow { missing } => {
                write!(f, "the detail log has no {missing}: LoadGen logs the window only in a power run.")
            }
            Problem::WindowReversed { line } => write!(f, "line {line}: power_end is not after power_begin."),
            Problem::NoSamplesInWindow { begin, end, samples_in_file } => write!(
                f,
                "none of the log's {samples_in_file} samples lies between power_begin ({}) and power_end ({}): \
                 are these logs from the same run?",
                clip(begin),
                clip(end)
            ),
            Problem::NothingToKeep => write!(f, "no J/token yet: paste both snapshots of energy and tokens first."),
        }
    }
}

impl fmt::Display for MeasureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.input.label(), self.problem)
    }
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
    /// The page's language: how the number boxes are read ("0,95" in German).
    pub lang: crate::i18n::Lang,
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
    pub lang: crate::i18n::Lang,
    pub energy_format: Option<dcgm::EnergyFormat>,
    pub engine: Option<tokens::Engine>,
    pub errors: Vec<MeasureError>,
}

fn both_blank(a: &str, b: &str) -> bool {
    a.trim().is_empty() && b.trim().is_empty()
}

/// Reads an optional positive number; `Ok(None)` when blank.
pub(crate) fn optional_number(lang: crate::i18n::Lang, input: Input, text: &str) -> Result<Option<f64>, MeasureError> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    let value = crate::form::parse_decimal_in(lang, Field::Tps, text)
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

/// Per-GPU energy over the run, J, matched by GPU; errors name the GPU and the line.
fn energy_difference(
    before: &dcgm::EnergySnapshot,
    after: &dcgm::EnergySnapshot,
) -> Result<Vec<(dcgm::GpuEnergy, f64)>, MeasureError> {
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
        out.push((a.clone(), (a.millijoules - b.millijoules) / 1000.0));
    }
    if !out.is_empty() && out.iter().all(|(_, j)| *j < 0.0) {
        return Err(MeasureError::new(Input::EnergyAfter, Problem::Swapped));
    }
    if let Some((a, _)) = out.iter().find(|(_, j)| *j < 0.0) {
        return Err(MeasureError::new(
            Input::EnergyAfter,
            Problem::CounterWentBackwards { gpu: a.id.clone(), line: a.line },
        ));
    }
    Ok(out)
}

/// Everything the section shows from the pasted texts.
pub fn evaluate(texts: &Texts) -> Measurement {
    let mut m = Measurement { lang: texts.lang, ..Measurement::default() };
    let errors = &mut m.errors;
    let energy = pair(
        (&texts.energy_before, &texts.energy_after),
        (Input::EnergyBefore, Input::EnergyAfter),
        dcgm::parse,
        errors,
    );
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

    // Energy.
    let mut total_j = None;
    let mut gpu_count = 0;
    if let Some((before, after)) = energy {
        m.energy_format = Some(after.format);
        match energy_difference(&before, &after) {
            Ok(per_gpu) => {
                let total: f64 = per_gpu.iter().map(|(_, j)| j).sum();
                if total <= 0.0 {
                    m.errors.push(MeasureError::new(Input::EnergyAfter, Problem::ZeroEnergy));
                } else {
                    total_j = Some(total);
                    gpu_count = per_gpu.len();
                    m.gpu_energy = Figure::new(total, Unit::Joules, GPU, energy_origins());
                    for (g, j) in per_gpu {
                        let Some(energy) = Figure::new(j, Unit::Joules, GPU, energy_origins()) else { continue };
                        let Some(share) = Figure::new(100.0 * j / total, Unit::Percent, GPU, energy_origins()) else {
                            continue;
                        };
                        let mut power_origins = energy_origins();
                        power_origins.push(Origin::Measurement(Input::Duration));
                        let average_power = duration.and_then(|d| Figure::new(j / d, Unit::Watts, GPU, power_origins));
                        m.gpus.push(GpuRow {
                            id: g.id,
                            index: g.index,
                            model: g.model,
                            host: g.host,
                            energy,
                            share,
                            average_power,
                        });
                    }
                }
            }
            Err(e) => m.errors.push(e),
        }
    }

    // Tokens.
    let mut generated = None;
    if let Some((before, after)) = token_pair {
        m.engine = Some(after.engine);
        let delta = after.generated - before.generated;
        if before.engine != after.engine {
            let problem = Problem::FormatsDiffer { before: before.engine.label(), after: after.engine.label() };
            m.errors.push(MeasureError::new(Input::TokensAfter, problem));
        } else if delta < 0.0 {
            let energy_swapped = m.errors.iter().any(|e| e.problem == Problem::Swapped);
            let problem = if energy_swapped || total_j.is_none() && texts.energy_before.trim().is_empty() {
                Problem::Swapped
            } else {
                Problem::TokensWentBackwards { line: after.line }
            };
            m.errors.push(MeasureError::new(Input::TokensAfter, problem));
        } else if delta == 0.0 {
            m.errors.push(MeasureError::new(Input::TokensAfter, Problem::ZeroTokens));
        } else {
            generated = Some(delta);
            m.output_tokens = Figure::new(delta, Unit::Tokens, GPU, token_origins());
            if let (Some(b), Some(a)) = (before.prompt, after.prompt) {
                m.prompt_tokens = Figure::new(a - b, Unit::Tokens, GPU, token_origins());
            }
        }
    }

    let with = |extra: &[Input], base: Vec<Origin>| {
        let mut o = base;
        o.extend(extra.iter().map(|i| Origin::Measurement(*i)));
        o
    };
    let all = || with(&[Input::TokensBefore, Input::TokensAfter], energy_origins());
    if let (Some(j), Some(n)) = (total_j, generated) {
        m.j_per_token = Figure::new(j / n, Unit::JoulesPerToken, GPU, all());
    }
    if let Some(d) = duration {
        if let Some(n) = generated {
            m.tokens_per_s = Figure::new(n / d, Unit::TokensPerSecond, GPU, with(&[Input::Duration], token_origins()));
        }
        if let Some(j) = total_j {
            if gpu_count > 0 {
                let per_gpu = j / d / gpu_count as f64;
                m.average_power_per_gpu =
                    Figure::new(per_gpu, Unit::Watts, GPU, with(&[Input::Duration], energy_origins()));
            }
        }
    }
    if let Some(idle) = idle {
        match (duration, total_j, generated) {
            (None, _, _) => m.errors.push(MeasureError::new(Input::IdlePower, Problem::NeedsDuration)),
            (Some(d), Some(j), Some(n)) => {
                let above = j - idle * gpu_count as f64 * d;
                if above <= 0.0 {
                    m.errors.push(MeasureError::new(Input::IdlePower, Problem::IdleAboveMeasured));
                } else {
                    m.j_per_token_above_idle = Figure::new(
                        above / n,
                        Unit::JoulesPerToken,
                        GPU,
                        with(&[Input::Duration, Input::IdlePower], all()),
                    );
                }
            }
            _ => {}
        }
    }
    if let (Some(wh), Some(n)) = (wall_wh, generated) {
        let wall_j = wh * 3600.0;
        match total_j {
            Some(gpu_j) if wall_j < gpu_j => {
                m.errors.push(MeasureError::new(Input::WallEnergy, Problem::WallBelowGpu { wall_j, gpu_j }));
            }
            _ => {
                let origins = with(&[Input::WallEnergy], token_origins());
                m.node_j_per_token =
                    Figure::new(wall_j / n, Unit::JoulesPerToken, Kind::Measured(Scope::NodeAc), origins);
                if m.j_per_token.is_none() && texts.energy_before.trim().is_empty() {
                    m.j_per_token = m.node_j_per_token.clone();
                }
            }
        }
    }
    m
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

/// Average board power per GPU as a share of the configured power limit, %.
pub fn versus_limit(average_power: &Figure, limit_watts: f64) -> Option<Figure> {
    if limit_watts.is_nan() || limit_watts <= 0.0 {
        return None;
    }
    let mut origins = average_power.origins.clone();
    origins.push(Origin::Input(Field::Watts));
    Figure::new(100.0 * average_power.value / limit_watts, Unit::Percent, GPU, origins)
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
