//! A GPU energy snapshot as the parsers build it: DCGM's (`super::dcgm`) and AMD's (`super::amd`)
//! tools read into the same types, so the two parsers are siblings that both import these.

/// Which tool printed the snapshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnergyFormat {
    Exporter,
    Dmon,
    /// AMD's `amd-smi metric --energy` (`super::amd`).
    AmdSmi,
    /// AMD's `rocm-smi --showenergycounter` (`super::amd`).
    RocmSmi,
}

impl EnergyFormat {
    pub fn label(self) -> &'static str {
        match self {
            EnergyFormat::Exporter => "dcgm-exporter",
            EnergyFormat::Dmon => "dcgmi dmon",
            EnergyFormat::AmdSmi => "amd-smi metric",
            EnergyFormat::RocmSmi => "rocm-smi",
        }
    }

    /// Whether the counter is AMD's (not DCGM's field 156).
    pub fn is_amd(self) -> bool {
        matches!(self, EnergyFormat::AmdSmi | EnergyFormat::RocmSmi)
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
    /// The line the reading was taken from (the last one, where a GPU is listed again; the largest
    /// one, where MIG series of the GPU disagree).
    pub line: usize,
    /// How many different series the exporter listed for this physical GPU (one per MIG instance),
    /// and by how much their values differed (mJ): each was sampled at its own instant.
    pub series: usize,
    pub spread_mj: f64,
}

impl GpuEnergy {
    /// A counter read from a tool that names GPUs by index (`dcgmi dmon`, `amd-smi`, `rocm-smi`):
    /// `GPU n`, one series, no model or host.
    pub(crate) fn indexed(index: &str, millijoules: f64, line: usize) -> GpuEnergy {
        GpuEnergy {
            id: format!("GPU {index}"),
            index: Some(index.to_owned()),
            model: None,
            host: None,
            millijoules,
            line,
            series: 1,
            spread_mj: 0.0,
        }
    }
}

/// One snapshot of every GPU's counter.
#[derive(Debug, Clone, PartialEq)]
pub struct EnergySnapshot {
    pub format: EnergyFormat,
    pub gpus: Vec<GpuEnergy>,
}
