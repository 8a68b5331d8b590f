//! Token counters as pasted from a serving engine's `/metrics`: vLLM, SGLang or TGI. Only the
//! exact counter names count (never a prefix: vLLM's `…_created` series hold Unix timestamps).
//! Two snapshots are subtracted series by series ([`difference`], issue 51): each series (vLLM's
//! `engine` label values, data-parallel ranks) is matched by its labels, so an engine that restarted,
//! one missing from a snapshot, or one that names another model or server is found, not summed away.

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
    /// Every series of the two counters, as read (issue 51).
    pub counters: Vec<Counter>,
}

/// One series of a token counter (issue 51).
#[derive(Debug, Clone, PartialEq)]
pub struct Counter {
    /// The generated-token counter (else the prompt one).
    pub generated: bool,
    /// The metric's name as exposed.
    pub name: String,
    /// Every label, sorted by name.
    pub labels: Vec<(String, String)>,
    pub value: f64,
    pub line: usize,
}

/// Labels that say which model or which server a series comes from, not which series it is: a
/// series is matched across the snapshots by its other labels, and these must then agree.
pub const WHO_LABELS: [&str; 8] = ["model_name", "name", "instance", "pod", "hostname", "host", "node", "server"];

fn is_who(label: &str) -> bool {
    WHO_LABELS.iter().any(|w| label.eq_ignore_ascii_case(w))
}

impl Counter {
    /// The labels that identify the series (all but [`WHO_LABELS`], or every label with `all`).
    fn key(&self, all: bool) -> (bool, Vec<(String, String)>) {
        (self.generated, self.labels.iter().filter(|(k, _)| all || !is_who(k)).cloned().collect())
    }

    /// The series as people read it: the metric and its identifying labels
    /// (`vllm:generation_tokens_total{engine="1"}`).
    pub fn title(&self, all: bool) -> String {
        let (_, key) = self.key(all);
        if key.is_empty() {
            return self.name.clone();
        }
        let labels: Vec<String> = key.iter().map(|(k, v)| format!("{k}=\"{v}\"")).collect();
        format!("{}{{{}}}", self.name, labels.join(","))
    }
}

/// What is wrong with one series between the snapshots.
#[derive(Debug, Clone, PartialEq)]
pub enum SeriesIssue {
    /// Lower after than before (its engine restarted): it made at least `after` tokens since.
    Restarted { series: String, line: usize, after: f64 },
    /// In "before" (at `line`) but not in "after": what it made is not known.
    Missing { series: String, line: usize },
    /// The same series names another model or server after (`line` in "after").
    LabelDiffers { series: String, label: String, before: String, after: String, line: usize },
}

/// Two snapshots subtracted series by series.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Delta {
    /// Generated tokens: each matched series' increase, each series new in "after" whole, and each
    /// restarted series' count since its restart: with an issue, a lower bound.
    pub generated: f64,
    /// Prompt tokens the same way; `None` without prompt counters or where a prompt series has an issue.
    pub prompt: Option<f64>,
    pub issues: Vec<SeriesIssue>,
    /// Series only in "after", counted whole (started during the run).
    pub new_series: Vec<String>,
    /// Matched generated series, and how many of them are lower after (all: swapped boxes, or a
    /// restart of the whole server).
    pub matched: usize,
    pub lower: usize,
}

/// Whether two series of one snapshot share their identifying labels (then every label identifies).
fn collides(counters: &[Counter]) -> bool {
    counters.iter().enumerate().any(|(i, a)| counters.iter().skip(i + 1).any(|b| a.key(false) == b.key(false)))
}

/// Subtracts `before` from `after` series by series, matched by the labels that identify them.
pub fn difference(before: &TokenSnapshot, after: &TokenSnapshot) -> Delta {
    let all = collides(&before.counters) || collides(&after.counters);
    let mut d = Delta::default();
    let (mut generated, mut prompt, mut prompt_ok) = (0.0, None::<f64>, true);
    for a in &after.counters {
        let Some(b) = before.counters.iter().find(|b| b.key(all) == a.key(all)) else {
            if a.generated {
                generated += a.value;
                d.new_series.push(a.title(all));
            } else {
                *prompt.get_or_insert(0.0) += a.value;
            }
            continue;
        };
        let who = a.labels.iter().chain(b.labels.iter()).filter(|(k, _)| is_who(k)).find_map(|(k, _)| {
            let of = |c: &Counter| c.labels.iter().find(|(l, _)| l == k).map_or(String::new(), |(_, v)| v.clone());
            (of(a) != of(b)).then(|| (k.clone(), of(b), of(a)))
        });
        if let Some((label, was, now)) = who {
            if a.generated {
                d.issues.push(SeriesIssue::LabelDiffers {
                    series: a.title(all),
                    label,
                    before: was,
                    after: now,
                    line: a.line,
                });
            }
            if !a.generated {
                prompt_ok = false;
            }
            continue;
        }
        if !a.generated {
            if a.value < b.value {
                prompt_ok = false;
            }
            *prompt.get_or_insert(0.0) += a.value - b.value;
            continue;
        }
        d.matched += 1;
        if a.value < b.value {
            d.lower += 1;
            d.issues.push(SeriesIssue::Restarted { series: a.title(all), line: a.line, after: a.value });
            generated += a.value;
        } else {
            generated += a.value - b.value;
        }
    }
    for b in &before.counters {
        if !after.counters.iter().any(|a| a.key(all) == b.key(all)) {
            if b.generated {
                d.issues.push(SeriesIssue::Missing { series: b.title(all), line: b.line });
            }
            prompt_ok = false;
        }
    }
    d.generated = generated;
    d.prompt = prompt.filter(|_| prompt_ok);
    d
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
    let mut counters: Vec<Counter> = Vec::new();
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
        counters.push(Counter {
            generated: is_generated,
            name: sample.name.clone(),
            labels: key.1.clone(),
            value: sample.value,
            line,
        });
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
            Ok(TokenSnapshot { engine, generated, prompt, series, line, models, counters })
        }
        _ => Err(match energy_line {
            Some(line) => Problem::WrongBox { line },
            None => Problem::NoTokenCounter,
        }),
    }
}
