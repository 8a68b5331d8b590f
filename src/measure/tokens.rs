//! Token counters as pasted from a serving engine's `/metrics`: vLLM, SGLang or TGI. Only the
//! exact counter names count (never a prefix: vLLM's `…_created` series hold Unix timestamps);
//! every series of a counter is summed (vLLM's `engine` label values, data-parallel ranks).

use super::{lines, prom, Problem};

/// The serving engine whose counters were pasted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Vllm,
    Sglang,
    Tgi,
}

impl Engine {
    pub const ALL: [Engine; 3] = [Engine::Vllm, Engine::Sglang, Engine::Tgi];

    pub fn label(self) -> &'static str {
        match self {
            Engine::Vllm => "vLLM",
            Engine::Sglang => "SGLang",
            Engine::Tgi => "TGI",
        }
    }

    /// The counters of generated (output) and prompt (input) tokens, as exposed.
    pub fn metrics(self) -> (&'static str, &'static str) {
        let [vllm, sglang, tgi] = super::prom::TOKEN_METRICS;
        match self {
            Engine::Vllm => vllm,
            Engine::Sglang => sglang,
            Engine::Tgi => tgi,
        }
    }
}

pub use super::prom::is_token_metric;

/// One snapshot of an engine's token counters, each summed over its series.
#[derive(Debug, Clone, PartialEq)]
pub struct TokenSnapshot {
    pub engine: Engine,
    pub generated: f64,
    /// `None` when the paste has no prompt counter.
    pub prompt: Option<f64>,
    /// How many series the generated count sums (e.g. one per vLLM `engine`).
    pub series: usize,
    /// The first line of the generated counter.
    pub line: usize,
    /// The models the counters name (`model_name`, or early SGLang's `name`), each once, in the
    /// order read; empty where no series names one (TGI's counters carry no label).
    pub models: Vec<String>,
}

/// The model a token counter's series names: `model_name` (vLLM, SGLang), else early SGLang's
/// `name` label (a path to the weights).
fn model_of(sample: &prom::Sample, engine: Engine) -> Option<String> {
    let named = match engine {
        Engine::Sglang => sample.label(&["model_name", "name"]),
        Engine::Vllm | Engine::Tgi => sample.label(&["model_name"]),
    };
    named.map(str::trim).filter(|n| !n.is_empty()).map(str::to_owned)
}

/// Reads one snapshot of token counters.
pub fn parse(text: &str) -> Result<TokenSnapshot, Problem> {
    let mut engine: Option<Engine> = None;
    let mut generated: Option<(f64, usize, usize)> = None; // sum, series, first line
    let mut prompt: Option<f64> = None;
    let mut seen: Vec<(String, Vec<(String, String)>)> = Vec::new();
    let mut energy_line = None;
    let mut models: Vec<String> = Vec::new();
    let lines = lines(text)?;
    if let Some((line, _)) = lines.iter().find(|(_, l)| super::amd::is_amd(l)) {
        return Err(Problem::WrongBox { line: *line }); // AMD's energy counter in the token box
    }
    for (line, text) in lines {
        let trimmed = text.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with('$') {
            continue;
        }
        if trimmed.split_whitespace().next() == Some("GPU") {
            // A `dcgmi dmon` row: GPU energy in the token box.
            energy_line.get_or_insert(line);
            continue;
        }
        if prom::name_of(trimmed).is_none() && super::looks_like_json(trimmed) {
            return Err(Problem::LooksLikeJson { line });
        }
        let name = match prom::name_of(trimmed) {
            Some(name) => name.to_owned(),
            None if trimmed.starts_with('{') => prom::parse(trimmed, line)?.name,
            None => return Err(Problem::Malformed { line, expected: "a Prometheus sample line" }),
        };
        if name == super::prom::DCGM_ENERGY {
            energy_line.get_or_insert(line);
        }
        let Some((this, is_generated)) = Engine::ALL.iter().find_map(|e| {
            let (g, p) = e.metrics();
            (name == g).then_some((*e, true)).or((name == p).then_some((*e, false)))
        }) else {
            continue;
        };
        match engine {
            Some(e) if e != this => return Err(Problem::MixedFormats { line }),
            _ => engine = Some(this),
        }
        let sample = prom::parse(trimmed, line)?;
        if let Some(model) = model_of(&sample, this) {
            if !models.contains(&model) {
                models.push(model);
            }
        }
        let mut key_labels = sample.labels.clone();
        crate::sort::sort_by(&mut key_labels, Ord::cmp);
        let key = (sample.name.clone(), key_labels);
        if seen.contains(&key) {
            return Err(Problem::DuplicateSeries { line });
        }
        seen.push(key);
        if is_generated {
            let (sum, series, first) = generated.unwrap_or((0.0, 0, line));
            generated = Some((sum + sample.value, series + 1, first));
        } else {
            prompt = Some(prompt.unwrap_or(0.0) + sample.value);
        }
    }
    match (engine, generated) {
        (Some(engine), Some((generated, series, line))) => {
            Ok(TokenSnapshot { engine, generated, prompt, series, line, models })
        }
        _ => Err(match energy_line {
            Some(line) => Problem::WrongBox { line },
            None => Problem::NoTokenCounter,
        }),
    }
}
