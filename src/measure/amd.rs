//! AMD GPU energy counters as pasted: `amd-smi metric --energy` (a `GPU: n` block with
//! `TOTAL_ENERGY_CONSUMPTION: <value> <unit>`) or `rocm-smi --showenergycounter`
//! (`GPU[n] : Accumulated Energy (uJ): <value>`). Both count since the driver was loaded. Lines of
//! neither (the banners, `Energy counter:` ticks, a wrapped command line, other metrics) are read
//! past: people paste these with what came around them.

use super::energy::{EnergyFormat, EnergySnapshot, GpuEnergy};
use super::{lines, prom, Problem};

const AMD_SMI_FIELD: &str = "TOTAL_ENERGY_CONSUMPTION:";
const ROCM_SMI_FIELD: &str = "Accumulated Energy (uJ):";

/// Whether a text holds an AMD energy counter (and so is read here, not as Prometheus text).
pub fn is_amd(text: &str) -> bool {
    text.lines().any(|l| l.trim_start().starts_with(AMD_SMI_FIELD) || l.contains(ROCM_SMI_FIELD))
}

/// A value with its unit as amd-smi prints it (`1.004 J`), in mJ.
fn millijoules(text: &str, line: usize) -> Result<f64, Problem> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("N/A") {
        return Err(Problem::NotAvailable { line });
    }
    let (number, unit) = text.split_once(char::is_whitespace).unwrap_or((text, "J"));
    let scale = match unit.trim() {
        "J" => 1e3,
        "kJ" => 1e6,
        "mJ" => 1.0,
        "uJ" | "µJ" | "μJ" => 1e-3,
        _ => return Err(Problem::Malformed { line, expected: "an energy in J, mJ or uJ" }),
    };
    let value = prom::value(number, line).map_err(|p| match p {
        Problem::Malformed { line, .. } => Problem::Malformed { line, expected: "an energy in J, mJ or uJ" },
        other => other,
    })?;
    Ok(value * scale)
}

fn put(gpus: &mut Vec<GpuEnergy>, index: &str, millijoules: f64, line: usize) -> Result<(), Problem> {
    let reading = GpuEnergy::indexed(index, millijoules, line);
    if let Some(known) = gpus.iter().find(|g| g.id == reading.id) {
        return Err(if known.millijoules == millijoules {
            Problem::DuplicateSeries { line }
        } else {
            Problem::ConflictingReadings { gpu: reading.id, line }
        });
    }
    gpus.push(reading);
    Ok(())
}

fn is_index(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// Reads one snapshot of AMD energy counters (call it where [`is_amd`] holds).
pub fn parse(text: &str) -> Result<EnergySnapshot, Problem> {
    let mut format: Option<EnergyFormat> = None;
    let mut gpu: Option<String> = None; // amd-smi's current `GPU: n` block
    let mut gpus = Vec::new();
    for (line, raw) in lines(text)? {
        let trimmed = raw.trim();
        let this = if let Some(index) = trimmed.strip_prefix("GPU:") {
            let index = index.trim();
            if !is_index(index) {
                return Err(Problem::Malformed { line, expected: "a GPU number after `GPU:`" });
            }
            gpu = Some(index.to_owned());
            continue;
        } else if let Some(value) = trimmed.strip_prefix(AMD_SMI_FIELD) {
            let Some(index) = &gpu else {
                return Err(Problem::Malformed { line, expected: "a `GPU: <n>` line before the energy" });
            };
            (EnergyFormat::AmdSmi, index.clone(), millijoules(value, line)?)
        } else if let Some((head, value)) = trimmed.split_once(ROCM_SMI_FIELD) {
            let index = head.trim().trim_end_matches(':').trim_end();
            let index = index.strip_prefix("GPU[").and_then(|r| r.strip_suffix(']')).unwrap_or("");
            if !is_index(index) {
                return Err(Problem::Malformed { line, expected: "`GPU[<n>]` before the accumulated energy" });
            }
            let value = value.trim();
            if value.eq_ignore_ascii_case("N/A") {
                return Err(Problem::NotAvailable { line });
            }
            (EnergyFormat::RocmSmi, index.to_owned(), prom::value(value, line)? / 1000.0)
        } else {
            continue;
        };
        let (f, index, mj) = this;
        if format.is_some_and(|known| known != f) {
            return Err(Problem::MixedFormats { line });
        }
        format = Some(f);
        put(&mut gpus, &index, mj, line)?;
    }
    match format {
        Some(format) if !gpus.is_empty() => Ok(EnergySnapshot { format, gpus }),
        _ => Err(Problem::NoEnergyCounter),
    }
}
