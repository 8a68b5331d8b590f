//! GPU energy counters as pasted: dcgm-exporter's Prometheus text
//! (`DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION`, mJ since the driver was loaded) or `dcgmi dmon -e 155,156`
//! output (`#Entity POWER TOTEC` / `ID W mJ`, then `GPU n` rows). One snapshot per text.

use super::{lines, prom, Problem};

/// The exporter's energy counter (DCGM field 156), in mJ.
pub const EXPORTER_METRIC: &str = "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION";
/// `dcgmi dmon`'s short name for field 156.
pub const DMON_COLUMN: &str = "TOTEC";

/// Which tool printed the snapshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnergyFormat {
    Exporter,
    Dmon,
}

impl EnergyFormat {
    pub fn label(self) -> &'static str {
        match self {
            EnergyFormat::Exporter => "dcgm-exporter",
            EnergyFormat::Dmon => "dcgmi dmon",
        }
    }
}

/// One GPU's counter.
#[derive(Debug, Clone, PartialEq)]
pub struct GpuEnergy {
    /// What identifies the GPU across snapshots: its `UUID` (exporter) or `GPU n` (dmon).
    pub id: String,
    /// The `gpu` index label (exporter) or the dmon entity number.
    pub index: Option<String>,
    pub model: Option<String>,
    pub host: Option<String>,
    pub millijoules: f64,
    /// The line the reading was taken from (the last one, where a GPU is listed again).
    pub line: usize,
}

/// One snapshot of every GPU's counter.
#[derive(Debug, Clone, PartialEq)]
pub struct EnergySnapshot {
    pub format: EnergyFormat,
    pub gpus: Vec<GpuEnergy>,
}

fn put(gpus: &mut Vec<GpuEnergy>, reading: GpuEnergy, conflict_is_error: bool) -> Result<(), Problem> {
    match gpus.iter_mut().find(|g| g.id == reading.id) {
        Some(known) if conflict_is_error && known.millijoules != reading.millijoules => {
            Err(Problem::ConflictingReadings { gpu: reading.id, line: reading.line })
        }
        Some(known) => {
            *known = reading;
            Ok(())
        }
        None => {
            gpus.push(reading);
            Ok(())
        }
    }
}

/// Reads one snapshot. Exporter: every series of the energy counter, each UUID once (under MIG
/// the whole-GPU counter repeats on every instance with the same value; different values for one
/// UUID are an error). dmon: the `TOTEC` column, found by name in the latest `#Entity` header;
/// a GPU listed in several polls keeps its last reading.
pub fn parse(text: &str) -> Result<EnergySnapshot, Problem> {
    let mut format: Option<EnergyFormat> = None;
    let mut column: Option<usize> = None; // index of TOTEC among the header's fields
    let mut header_line = 0;
    let mut gpus: Vec<GpuEnergy> = Vec::new();
    let mut token_counter_line = None;
    for (line, text) in lines(text)? {
        let trimmed = text.trim();
        if trimmed.is_empty() || trimmed.starts_with('$') {
            continue;
        }
        let mut tokens = trimmed.split_whitespace();
        let first = tokens.next().unwrap_or("");
        if first == "#Entity" {
            if format == Some(EnergyFormat::Exporter) {
                return Err(Problem::MixedFormats { line });
            }
            format = Some(EnergyFormat::Dmon);
            column = tokens.position(|t| t == DMON_COLUMN);
            header_line = line;
            continue;
        }
        if trimmed.starts_with('#') {
            continue;
        }
        if format == Some(EnergyFormat::Dmon) && first == "ID" {
            continue; // the units line under each header
        }
        if first == "GPU" {
            if format == Some(EnergyFormat::Exporter) {
                return Err(Problem::MixedFormats { line });
            }
            if format.is_none() {
                return Err(Problem::Malformed { line, expected: "a `#Entity` header line before the first GPU row" });
            }
            let Some(column) = column else { return Err(Problem::NoEnergyColumn { line: header_line }) };
            let index = tokens.next().unwrap_or("");
            if index.is_empty() || !index.bytes().all(|b| b.is_ascii_digit()) {
                return Err(Problem::Malformed { line, expected: "a GPU number after `GPU`" });
            }
            let field =
                tokens.nth(column).ok_or(Problem::Malformed { line, expected: "a value in the TOTEC column" })?;
            if field.eq_ignore_ascii_case("N/A") {
                return Err(Problem::NotAvailable { line });
            }
            let millijoules = prom::value(field, line)?;
            let reading = GpuEnergy {
                id: format!("GPU {index}"),
                index: Some(index.to_owned()),
                model: None,
                host: None,
                millijoules,
                line,
            };
            put(&mut gpus, reading, false)?;
            continue;
        }
        if format == Some(EnergyFormat::Dmon) {
            if prom::name_of(trimmed).is_some() && prom::parse(trimmed, line).is_ok() {
                return Err(Problem::MixedFormats { line });
            }
            return Err(Problem::Malformed { line, expected: "a `GPU <n>` row of `dcgmi dmon`" });
        }
        let name = match prom::name_of(trimmed) {
            Some(name) => name.to_owned(),
            None if trimmed.starts_with('{') => prom::parse(trimmed, line)?.name,
            None => return Err(Problem::Malformed { line, expected: "a Prometheus sample or a `dcgmi dmon` row" }),
        };
        if super::tokens::is_token_metric(&name) {
            token_counter_line.get_or_insert(line);
        }
        if name != EXPORTER_METRIC {
            continue;
        }
        let sample = prom::parse(trimmed, line)?;
        format = Some(EnergyFormat::Exporter);
        let host = sample.label(&["Hostname"]).map(str::to_owned);
        let index = sample.label(&["gpu"]).map(str::to_owned);
        let id = match (sample.label(&["UUID"]), &index) {
            (Some(uuid), _) if !uuid.is_empty() => uuid.to_owned(),
            (_, Some(gpu)) => format!("{}gpu {gpu}", host.as_ref().map(|h| format!("{h} ")).unwrap_or_default()),
            _ => return Err(Problem::Malformed { line, expected: "a `UUID` or `gpu` label" }),
        };
        let model = sample.label(&["modelName"]).map(str::to_owned);
        put(&mut gpus, GpuEnergy { id, index, model, host, millijoules: sample.value, line }, true)?;
    }
    match format {
        Some(format) if !gpus.is_empty() => Ok(EnergySnapshot { format, gpus }),
        _ => Err(match token_counter_line {
            Some(line) => Problem::WrongBox { line },
            None => Problem::NoEnergyCounter,
        }),
    }
}
