//! GPU energy counters as pasted: dcgm-exporter's Prometheus text
//! (`DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION`, mJ since the driver was loaded) or `dcgmi dmon -e 155,156`
//! output (`#Entity POWER TOTEC` / `ID W mJ`, then `GPU n` rows). One snapshot per text.

pub use super::energy::{EnergyFormat, EnergySnapshot, GpuEnergy};
use super::{lines, prom, Problem};

/// The exporter's energy counter (DCGM field 156), in mJ.
pub const EXPORTER_METRIC: &str = super::prom::DCGM_ENERGY;
/// `dcgmi dmon`'s short name for field 156.
pub const DMON_COLUMN: &str = "TOTEC";

/// A GPU's first dmon reading, how many polls listed it, and the first and last poll (numbered
/// from 0) that did.
struct First {
    reading: GpuEnergy,
    listed: usize,
    first_poll: usize,
    last_poll: usize,
}

/// Where a dmon paste is: the poll being read and the GPUs it has listed so far. A GPU listed again
/// starts the next poll.
#[derive(Default)]
struct Polls {
    current: usize,
    listed: Vec<String>,
}

/// Adds a dmon reading: a GPU listed in a later poll keeps its last reading; `first` keeps each
/// GPU's first reading, how many polls listed it and its first and last poll.
fn put(gpus: &mut Vec<GpuEnergy>, first: &mut Vec<First>, polls: &mut Polls, reading: GpuEnergy) {
    if polls.listed.contains(&reading.id) {
        polls.current += 1;
        polls.listed.clear();
    }
    polls.listed.push(reading.id.clone());
    let poll = polls.current;
    match first.iter_mut().find(|f| f.reading.id == reading.id) {
        Some(f) => {
            f.listed += 1;
            f.last_poll = poll;
        }
        None => first.push(First { reading: reading.clone(), listed: 1, first_poll: poll, last_poll: poll }),
    }
    match gpus.iter_mut().find(|g| g.id == reading.id) {
        Some(known) => *known = reading,
        None => gpus.push(reading),
    }
}

/// A `dcgmi dmon` series pasted whole: each GPU's first and last poll.
#[derive(Debug, Clone, PartialEq)]
pub struct DmonSeries {
    pub first: EnergySnapshot,
    pub last: EnergySnapshot,
    /// The polls in the series (a poll ends where a GPU is listed again).
    pub polls: usize,
    /// Each GPU's first and last poll (from 0) where they are not the series' own: a GPU missing
    /// from the last poll (or the first) has a shorter window, its own `(last − first)` intervals.
    pub short: Vec<(String, usize, usize)>,
}

/// Reads a whole `dcgmi dmon -e 155,156` series: the run's energy is each GPU's last counter
/// reading less its first. Every GPU needs two polls.
pub fn parse_series(text: &str) -> Result<DmonSeries, Problem> {
    let (last, first) = read(text)?;
    if last.format != EnergyFormat::Dmon {
        return Err(Problem::NoPowerSamples);
    }
    if let Some(f) = first.iter().find(|f| f.listed < 2) {
        return Err(Problem::TooFewSamples { gpu: f.reading.id.clone(), line: f.reading.line });
    }
    let start = first.iter().map(|f| f.first_poll).min().unwrap_or(0);
    let end = first.iter().map(|f| f.last_poll).max().unwrap_or(0);
    let polls = end - start + 1;
    let short = first
        .iter()
        .filter(|f| f.first_poll != start || f.last_poll != end)
        .map(|f| (f.reading.id.clone(), f.first_poll - start, f.last_poll - start))
        .collect();
    let first = EnergySnapshot { format: EnergyFormat::Dmon, gpus: first.into_iter().map(|f| f.reading).collect() };
    Ok(DmonSeries { first, last, polls, short })
}

/// One exporter series: its labels, sorted, identify it.
struct Series {
    labels: Vec<(String, String)>,
    millijoules: f64,
}

/// Adds an exporter reading. The same series listed again with another value is two snapshots in
/// one box (an error); another series of the same physical GPU (a MIG instance) is the same
/// whole-GPU counter read at another instant: the GPU counts once, with its largest value.
fn put_series(
    gpus: &mut Vec<GpuEnergy>,
    seen: &mut Vec<(String, Series)>,
    reading: GpuEnergy,
    mut labels: Vec<(String, String)>,
) -> Result<(), Problem> {
    crate::sort::sort_by(&mut labels, Ord::cmp);
    if let Some((_, same)) = seen.iter().find(|(id, s)| *id == reading.id && s.labels == labels) {
        if same.millijoules != reading.millijoules {
            return Err(Problem::ConflictingReadings { gpu: reading.id, line: reading.line });
        }
        return Ok(());
    }
    seen.push((reading.id.clone(), Series { labels, millijoules: reading.millijoules }));
    let Some(known) = gpus.iter_mut().find(|g| g.id == reading.id) else {
        gpus.push(reading);
        return Ok(());
    };
    let values = seen.iter().filter(|(id, _)| *id == reading.id).map(|(_, s)| s.millijoules);
    let (low, high) = values.fold((f64::INFINITY, 0.0_f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    known.series += 1;
    known.spread_mj = high - low;
    if reading.millijoules > known.millijoules {
        known.millijoules = reading.millijoules;
        known.line = reading.line;
    }
    Ok(())
}

/// Reads one snapshot. Exporter: every series of the energy counter, each physical GPU (its UUID,
/// else host and `gpu`) once: under MIG the whole-GPU counter repeats on every instance, sampled at
/// slightly different instants, and the largest value counts (`series`, `spread_mj` say so); the
/// same series twice with different values is an error. dmon: the `TOTEC` column, found by name in the latest `#Entity` header;
/// a GPU listed in several polls keeps its last reading.
pub fn parse(text: &str) -> Result<EnergySnapshot, Problem> {
    if super::amd::is_amd(text) {
        return super::amd::parse(text);
    }
    read(text).map(|(snapshot, _)| snapshot)
}

/// [`parse`]'s reading, with dmon's first reading and poll count per GPU.
fn read(text: &str) -> Result<(EnergySnapshot, Vec<First>), Problem> {
    let mut reader = Reader::default();
    for (line, text) in lines(text)? {
        reader.line(line, text.trim())?;
    }
    reader.finish()
}

/// What [`read`] has read so far.
#[derive(Default)]
struct Reader {
    firsts: Vec<First>,
    polls: Polls,
    format: Option<EnergyFormat>,
    /// The index of TOTEC among the latest dmon header's fields.
    column: Option<usize>,
    header_line: usize,
    gpus: Vec<GpuEnergy>,
    seen: Vec<(String, Series)>,
    /// The first line naming a token counter (a paste for another box).
    token_counter_line: Option<usize>,
}

impl Reader {
    fn line(&mut self, line: usize, trimmed: &str) -> Result<(), Problem> {
        if trimmed.is_empty() || trimmed.starts_with('$') {
            return Ok(());
        }
        let mut tokens = trimmed.split_whitespace();
        let first = tokens.next().unwrap_or("");
        if first == "#Entity" {
            if self.format == Some(EnergyFormat::Exporter) {
                return Err(Problem::MixedFormats { line });
            }
            self.format = Some(EnergyFormat::Dmon);
            self.column = tokens.position(|t| t == DMON_COLUMN);
            self.header_line = line;
            return Ok(());
        }
        if trimmed.starts_with('#') {
            return Ok(());
        }
        if self.format == Some(EnergyFormat::Dmon) && first == "ID" {
            return Ok(()); // the units line under each header
        }
        if first == "GPU" {
            return self.dmon_row(line, tokens);
        }
        if self.format == Some(EnergyFormat::Dmon) {
            if prom::name_of(trimmed).is_some() && prom::parse(trimmed, line).is_ok() {
                return Err(Problem::MixedFormats { line });
            }
            return Err(Problem::Malformed { line, expected: "a `GPU <n>` row of `dcgmi dmon`" });
        }
        self.exporter_line(line, trimmed)
    }

    /// A `GPU <n>` row of `dcgmi dmon` (its first token read): the TOTEC column's value.
    fn dmon_row(&mut self, line: usize, mut tokens: std::str::SplitWhitespace<'_>) -> Result<(), Problem> {
        if self.format == Some(EnergyFormat::Exporter) {
            return Err(Problem::MixedFormats { line });
        }
        if self.format.is_none() {
            return Err(Problem::Malformed { line, expected: "a `#Entity` header line before the first GPU row" });
        }
        let Some(column) = self.column else { return Err(Problem::NoEnergyColumn { line: self.header_line }) };
        let index = tokens.next().unwrap_or("");
        if index.is_empty() || !index.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Problem::Malformed { line, expected: "a GPU number after `GPU`" });
        }
        let field = tokens.nth(column).ok_or(Problem::Malformed { line, expected: "a value in the TOTEC column" })?;
        if field.eq_ignore_ascii_case("N/A") {
            return Err(Problem::NotAvailable { line });
        }
        let millijoules = prom::value(field, line)?;
        let reading = GpuEnergy::indexed(index, millijoules, line);
        put(&mut self.gpus, &mut self.firsts, &mut self.polls, reading);
        Ok(())
    }

    /// A Prometheus sample: the exporter's energy counter is read, other metrics are passed over.
    fn exporter_line(&mut self, line: usize, trimmed: &str) -> Result<(), Problem> {
        if prom::name_of(trimmed).is_none() && super::looks_like_json(trimmed) {
            return Err(Problem::LooksLikeJson { line });
        }
        let name = match prom::name_of(trimmed) {
            Some(name) => name.to_owned(),
            None if trimmed.starts_with('{') => prom::parse(trimmed, line)?.name,
            None => return Err(Problem::Malformed { line, expected: "a Prometheus sample or a `dcgmi dmon` row" }),
        };
        if super::prom::is_token_metric(&name) {
            self.token_counter_line.get_or_insert(line);
        }
        if name != EXPORTER_METRIC {
            return Ok(());
        }
        let sample = prom::parse(trimmed, line)?;
        self.format = Some(EnergyFormat::Exporter);
        let host = sample.label(&["Hostname"]).map(str::to_owned);
        let index = sample.label(&["gpu"]).map(str::to_owned);
        let id = match (sample.label(&["UUID"]), &index) {
            (Some(uuid), _) if !uuid.is_empty() => uuid.to_owned(),
            (_, Some(gpu)) => format!("{}gpu {gpu}", host.as_ref().map(|h| format!("{h} ")).unwrap_or_default()),
            _ => return Err(Problem::Malformed { line, expected: "a `UUID` or `gpu` label" }),
        };
        let model = sample.label(&["modelName"]).map(str::to_owned);
        let reading = GpuEnergy { id, index, model, host, millijoules: sample.value, line, series: 1, spread_mj: 0.0 };
        put_series(&mut self.gpus, &mut self.seen, reading, sample.labels)
    }

    fn finish(self) -> Result<(EnergySnapshot, Vec<First>), Problem> {
        match self.format {
            Some(format) if !self.gpus.is_empty() => Ok((EnergySnapshot { format, gpus: self.gpus }, self.firsts)),
            _ => Err(match self.token_counter_line {
                Some(line) => Problem::WrongBox { line },
                None => Problem::NoEnergyCounter,
            }),
        }
    }
}

/// dcgm-exporter's enforced power limit (W), the limit the driver enforces after every limiter.
pub const ENFORCED_LIMIT: &str = "DCGM_FI_DEV_BOARD_POWER_LIMIT_ENFORCED_WATTS";

/// The enforced limits a dcgm-exporter paste carries, one per GPU (`gpu` label, else `UUID`, else
/// the line) in the order found; lines that do not read, or a value that is not a positive
/// finite number, are skipped (the energy reader reports the paste's problems).
pub fn enforced_limits(text: &str) -> Vec<(String, f64)> {
    let mut out: Vec<(String, f64)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if prom::name_of(line) != Some(ENFORCED_LIMIT) {
            continue;
        }
        let Ok(sample) = prom::parse(line, i + 1) else { continue };
        if !(sample.value.is_finite() && sample.value > 0.0) {
            continue;
        }
        let id = sample.label(&["gpu", "UUID"]).map_or_else(|| format!("line {}", i + 1), str::to_owned);
        if !out.iter().any(|(g, _)| *g == id) {
            out.push((id, sample.value));
        }
    }
    out
}

/// The distinct enforced limits of a paste against the run's typed limit (W per GPU): the limits
/// found and whether every one equals the typed limit (within 0.5 W: the driver reports whole or
/// milliwatts). `None` where the paste carries none.
pub fn enforced_against(text: &str, typed: Option<f64>) -> Option<(Vec<f64>, bool)> {
    let mut distinct: Vec<f64> = Vec::new();
    for (_, w) in enforced_limits(text) {
        if !distinct.iter().any(|d| (d - w).abs() < 0.5) {
            distinct.push(w);
        }
    }
    if distinct.is_empty() {
        return None;
    }
    let agree = typed.is_some_and(|t| distinct.iter().all(|d| (d - t).abs() < 0.5));
    Some((distinct, agree))
}
