//! Power samples instead of an energy counter: a whole series pasted in one box,
//! `nvidia-smi --query-gpu=timestamp,index,power.draw --format=csv -l 1` (comma-separated, or
//! re-aligned by `column -t`; units inside the values, `[N/A]` for a value the driver did not give)
//! or `nvidia-smi dmon` (aligned columns under `# gpu pwr …`, watts; `-` for no value). Each GPU's
//! samples are integrated over time with trapezoids, first to last complete sample. The time between
//! samples comes from the `timestamp` column (dmon's `Date`/`Time` columns with `-o DT`), else from
//! the stated interval: plain dmon prints no time.

use super::mlperf_power::{checked_days, digits, time_of_day};
use super::{lines, prom, Problem};

/// Which tool printed the series.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PowerFormat {
    SmiCsv,
    SmiDmon,
    /// Not power samples: `dcgmi dmon`'s energy counter polled over the run (`dcgm::parse_series`).
    DcgmiDmon,
}

impl PowerFormat {
    pub fn label(self) -> &'static str {
        match self {
            PowerFormat::SmiCsv => "nvidia-smi --query-gpu",
            PowerFormat::SmiDmon => "nvidia-smi dmon",
            PowerFormat::DcgmiDmon => "dcgmi dmon",
        }
    }
}

/// One row of the series for one GPU: its time (s, from the first row or from the timestamps'
/// own origin), its power (W; `None` where the tool printed no value) and its line.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    pub seconds: f64,
    pub watts: Option<f64>,
    pub line: usize,
}

/// One GPU's rows, in the order printed.
#[derive(Debug, Clone, PartialEq)]
pub struct GpuSamples {
    /// The `index` (or `uuid`, `pci.bus_id`) cell, or dmon's `gpu` column.
    pub id: String,
    /// The `name` cell, where the query asked for it.
    pub model: Option<String>,
    pub samples: Vec<Sample>,
}

/// Every GPU's rows, as read.
#[derive(Debug, Clone, PartialEq)]
pub struct Samples {
    pub format: PowerFormat,
    /// Whether the times come from the text (timestamps) rather than the stated interval.
    pub timed: bool,
    pub gpus: Vec<GpuSamples>,
}

/// One GPU's energy from its samples.
#[derive(Debug, Clone, PartialEq)]
pub struct GpuEnergy {
    pub id: String,
    pub model: Option<String>,
    /// Trapezoids between consecutive complete samples, J.
    pub joules: f64,
    /// Complete samples (with a power value).
    pub samples: usize,
    /// Intervals between complete samples longer than 1.5 × the usual one (missing rows, `[N/A]`).
    pub gaps: usize,
    /// First to last complete sample, s.
    pub seconds: f64,
    /// The line of the last complete sample.
    pub line: usize,
}

/// The series' energy per GPU.
#[derive(Debug, Clone, PartialEq)]
pub struct PowerSeries {
    pub format: PowerFormat,
    pub timed: bool,
    pub gpus: Vec<GpuEnergy>,
}

impl PowerSeries {
    pub fn samples(&self) -> usize {
        self.gpus.iter().map(|g| g.samples).sum()
    }

    pub fn gaps(&self) -> usize {
        self.gpus.iter().map(|g| g.gaps).sum()
    }

    /// The longest first-to-last span of any GPU, s.
    pub fn seconds(&self) -> f64 {
        self.gpus.iter().map(|g| g.seconds).fold(0.0, f64::max)
    }
}

/// A line as pasted, without a markdown quote's `> ` and with a markdown-escaped `\#` read as `#`.
fn unquote(line: &str) -> &str {
    let mut rest = line.trim();
    while let Some(r) = rest.strip_prefix('>') {
        rest = r.trim_start();
    }
    rest.strip_prefix('\\').filter(|r| r.starts_with('#')).unwrap_or(rest)
}

/// A CSV line's cells: comma-separated, or (after `column -t`) separated by two spaces or more.
fn cells(line: &str, commas: bool) -> Vec<&str> {
    if commas {
        return line.split(',').map(str::trim).collect();
    }
    let mut out = Vec::new();
    let mut rest = line.trim();
    while !rest.is_empty() {
        let end = rest.find("  ").unwrap_or(rest.len());
        out.push(rest.get(..end).unwrap_or("").trim());
        rest = rest.get(end..).unwrap_or("").trim_start();
    }
    out
}

fn is_power_column(cell: &str) -> bool {
    cell == "power.draw [W]" || cell == "power.draw"
}

fn number(text: &str, line: usize) -> Result<f64, Problem> {
    prom::value(text, line).map_err(|p| match p {
        Problem::Malformed { line, .. } => Problem::Malformed { line, expected: "a power in watts" },
        other => other,
    })
}

/// A power cell: `631.95 W`, `631.95` (`nounits`), `[N/A]`, `N/A`, `-` (dmon) or another bracketed
/// word the driver prints for no value.
fn watts(cell: &str, line: usize) -> Result<Option<f64>, Problem> {
    let cell = cell.trim();
    if cell.starts_with('[') || cell.eq_ignore_ascii_case("N/A") || cell == "-" {
        return Ok(None);
    }
    number(cell.strip_suffix('W').unwrap_or(cell).trim_end(), line).map(Some)
}

const MICROS: i64 = 1_000_000;
const DAY: i64 = 86_400 * MICROS;

/// nvidia-smi's `timestamp`: `YYYY/MM/DD HH:MM:SS.fff`, as microseconds.
fn smi_timestamp(text: &str) -> Option<i64> {
    let (day, time) = text.trim().split_once(' ')?;
    let mut d = day.split('/');
    let (y, m, dd) = (digits(d.next()?, 4)?, digits(d.next()?, 2)?, digits(d.next()?, 2)?);
    if d.next().is_some() {
        return None;
    }
    Some(checked_days(y, m, dd)? * DAY + time_of_day(time.trim())?)
}

/// dmon's `-o D` date, `YYYYMMDD`, as microseconds.
fn dmon_date(text: &str) -> Option<i64> {
    let (y, m, d) = (digits(text.get(..4)?, 4)?, digits(text.get(4..6)?, 2)?, digits(text.get(6..)?, 2)?);
    Some(checked_days(y, m, d)? * DAY)
}

/// Where the columns are, once a header has been read.
enum Header {
    Csv { commas: bool, cells: usize, power: usize, id: Option<usize>, name: Option<usize>, time: Option<usize> },
    Dmon { cells: usize, power: usize, gpu: usize, date: Option<usize>, time: Option<usize> },
}

fn csv_header(line: &str) -> Option<Header> {
    let commas = line.contains(',');
    let row = cells(line, commas);
    let power = row.iter().position(|c| is_power_column(c))?;
    let find = |name: &str| row.iter().position(|c| *c == name);
    Some(Header::Csv {
        commas,
        cells: row.len(),
        power,
        id: find("index").or_else(|| find("uuid")).or_else(|| find("pci.bus_id")),
        name: find("name"),
        time: find("timestamp"),
    })
}

fn dmon_header(line: &str) -> Option<Header> {
    let row: Vec<&str> = line.strip_prefix('#')?.split_whitespace().collect();
    let find = |name: &str| row.iter().position(|c| c.eq_ignore_ascii_case(name));
    let (power, gpu) = (find("pwr")?, find("gpu")?);
    Some(Header::Dmon { cells: row.len(), power, gpu, date: find("Date"), time: find("Time") })
}

/// Reads every GPU's rows. Lines before the first header (a prompt, the command) are skipped; a
/// header printed again (dmon repeats it) is read again; `interval` (s) times rows without a time.
pub fn samples(text: &str, interval: f64) -> Result<Samples, Problem> {
    let mut header: Option<Header> = None;
    let mut format = None;
    let mut timed = false;
    let mut origin: Option<i64> = None;
    let mut gpus: Vec<GpuSamples> = Vec::new();
    for (line, raw) in lines(text)? {
        let text = unquote(raw);
        if text.is_empty() || text.starts_with('$') || text.contains("nvidia-smi") {
            continue; // a prompt or the command itself
        }
        let this = if text.starts_with('#') { dmon_header(text) } else { csv_header(text) };
        if let Some(h) = this {
            let f = if matches!(h, Header::Dmon { .. }) { PowerFormat::SmiDmon } else { PowerFormat::SmiCsv };
            if format.is_some_and(|known| known != f) {
                return Err(Problem::MixedFormats { line });
            }
            format = Some(f);
            header = Some(h);
            continue;
        }
        if text.starts_with('#') {
            continue; // dmon's units line, or a comment
        }
        let Some(h) = &header else { continue };
        let row = h.row(text, line)?;
        let watts = watts(row.watts, line)?;
        timed = row.timed;
        // Seconds from the text's first time: differences of integer microseconds, exact.
        let seconds = row.seconds.map(|us: i64| (us - *origin.get_or_insert(us)) as f64 / MICROS as f64);
        add_sample(&mut gpus, (row.id, row.model), seconds, (watts, line), interval)?;
    }
    match format {
        Some(format) if !gpus.is_empty() => Ok(Samples { format, timed, gpus }),
        _ => Err(Problem::NoPowerSamples),
    }
}

/// One row of samples as read: the GPU, its model where named, its time (µs) where the row has
/// one, the power cell, and whether the rows are timed.
struct Row<'a> {
    id: String,
    model: Option<String>,
    seconds: Option<i64>,
    watts: &'a str,
    timed: bool,
}

impl Header {
    /// A row under this header.
    fn row<'a>(&self, text: &'a str, line: usize) -> Result<Row<'a>, Problem> {
        match self {
            Header::Csv { commas, cells: n, power, id, name, time } => {
                let row = cells(text, *commas);
                if row.len() != *n {
                    return Err(Problem::Malformed { line, expected: "as many cells as the header has columns" });
                }
                let cell = |i: &Option<usize>| i.and_then(|i| row.get(i).copied());
                let seconds = match cell(time) {
                    Some(t) => Some(
                        smi_timestamp(t)
                            .ok_or(Problem::Malformed { line, expected: "a time as YYYY/MM/DD HH:MM:SS.fff" })?,
                    ),
                    None => None,
                };
                let id = cell(id).unwrap_or("0").to_owned();
                let model = cell(name).map(str::to_owned);
                Ok(Row { id, model, seconds, watts: row.get(*power).copied().unwrap_or(""), timed: time.is_some() })
            }
            Header::Dmon { cells: n, power, gpu, date, time } => {
                let row: Vec<&str> = text.split_whitespace().collect();
                if row.len() != *n {
                    return Err(Problem::Malformed {
                        line,
                        expected: "as many columns as dmon's `# gpu pwr …` header",
                    });
                }
                let gpu = row.get(*gpu).copied().unwrap_or("");
                if gpu.is_empty() || !gpu.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(Problem::Malformed { line, expected: "a GPU number in dmon's `gpu` column" });
                }
                let seconds = dmon_time(&row, *date, *time, line)?;
                let watts = row.get(*power).copied().unwrap_or("");
                Ok(Row { id: gpu.to_owned(), model: None, seconds, watts, timed: time.is_some() })
            }
        }
    }
}

/// A dmon row's time (µs), from its date and time columns where the header has them.
fn dmon_time(row: &[&str], date: Option<usize>, time: Option<usize>, line: usize) -> Result<Option<i64>, Problem> {
    let Some(t) = time.and_then(|i| row.get(i)) else { return Ok(None) };
    let bad = Problem::Malformed { line, expected: "dmon's date as YYYYMMDD and time as HH:MM:SS" };
    let day = match date.and_then(|i| row.get(i)) {
        Some(d) => dmon_date(d).ok_or(bad.clone())?,
        None => 0,
    };
    Ok(Some(day + time_of_day(t).ok_or(bad)?))
}

/// Adds a GPU's sample at `seconds` (from the text's first time), or `interval` after its last
/// where the row has no time; a sample not after the GPU's last is out of order.
fn add_sample(
    gpus: &mut Vec<GpuSamples>,
    (id, model): (String, Option<String>),
    seconds: Option<f64>,
    (watts, line): (Option<f64>, usize),
    interval: f64,
) -> Result<(), Problem> {
    let at = gpus.iter().position(|g| g.id == id).unwrap_or_else(|| {
        gpus.push(GpuSamples { id: id.clone(), model, samples: Vec::new() });
        gpus.len() - 1
    });
    let Some(gpu) = gpus.get_mut(at) else { return Ok(()) };
    let seconds = match (seconds, gpu.samples.last()) {
        (Some(s), _) => s,
        (None, Some(last)) => last.seconds + interval,
        (None, None) => 0.0,
    };
    if let Some(last) = gpu.samples.last() {
        if seconds <= last.seconds {
            return Err(Problem::SamplesOutOfOrder { gpu: id, line });
        }
    }
    gpu.samples.push(Sample { seconds, watts, line });
    Ok(())
}

/// The middle of a list of intervals (the lower middle for an even count: of one step of 1 s and
/// one of 3 s, the 3 s one is the gap).
fn median(mut values: Vec<f64>) -> Option<f64> {
    crate::sort::sort_by(&mut values, f64::total_cmp);
    values.get(values.len().saturating_sub(1) / 2).copied()
}

/// Each GPU's energy: trapezoids between consecutive complete samples, first to last complete one.
/// Every GPU needs two complete samples; `interval` (s) times rows without a time.
pub fn parse(text: &str, interval: f64) -> Result<PowerSeries, Problem> {
    let read = samples(text, interval)?;
    let mut gpus = Vec::new();
    for g in read.gpus {
        let complete: Vec<(f64, f64, usize)> =
            g.samples.iter().filter_map(|s| s.watts.map(|w| (s.seconds, w, s.line))).collect();
        let (Some(first), Some(last)) = (complete.first(), complete.last()) else {
            let line = g.samples.last().map_or(0, |s| s.line);
            return Err(Problem::TooFewSamples { gpu: g.id, line });
        };
        if complete.len() < 2 {
            return Err(Problem::TooFewSamples { gpu: g.id, line: first.2 });
        }
        let steps = g.samples.windows(2).filter_map(|w| match w {
            [a, b] => Some(b.seconds - a.seconds),
            _ => None,
        });
        let usual = median(steps.collect()).unwrap_or(interval);
        let mut joules = 0.0;
        let mut gaps = 0;
        for w in complete.windows(2) {
            let [(t0, p0, _), (t1, p1, _)] = *w else { continue };
            joules += (p0 + p1) / 2.0 * (t1 - t0);
            if t1 - t0 > 1.5 * usual {
                gaps += 1;
            }
        }
        if !joules.is_finite() {
            return Err(Problem::NotFinite { line: last.2 });
        }
        gpus.push(GpuEnergy {
            id: g.id,
            model: g.model,
            joules,
            samples: complete.len(),
            gaps,
            seconds: last.0 - first.0,
            line: last.2,
        });
    }
    Ok(PowerSeries { format: read.format, timed: read.timed, gpus })
}
