//! The Prometheus text exposition format, as far as the measurement needs it: one sample line at a
//! time (`name{label="value",…} value [timestamp]`), comments and blank lines skipped by the caller.
//! Total over any text: a line that does not read gives a [`Problem`] naming the line.

use super::Problem;

/// dcgm-exporter's GPU energy counter (mJ since the driver loaded).
pub const DCGM_ENERGY: &str = "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION";

/// The serving engines' token counters, `(generated, prompt)`: vLLM, SGLang, TGI. Both parsers test
/// names against these and [`DCGM_ENERGY`] to say a paste belongs in the other box.
pub const TOKEN_METRICS: [(&str, &str); 3] = [
    ("vllm:generation_tokens_total", "vllm:prompt_tokens_total"),
    ("sglang:generation_tokens_total", "sglang:prompt_tokens_total"),
    ("tgi_request_generated_tokens_sum", "tgi_request_input_length_sum"),
];

/// Whether a metric name is one of the token counters read here.
pub fn is_token_metric(name: &str) -> bool {
    TOKEN_METRICS.iter().any(|(g, p)| name == *g || name == *p)
}

/// One sample line.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    pub name: String,
    /// Label pairs in the order written, values unescaped.
    pub labels: Vec<(String, String)>,
    pub value: f64,
    /// 1-based line number in the pasted text.
    pub line: usize,
}

impl Sample {
    /// A label's value; `names` are tried in order, each compared without regard to case.
    pub fn label(&self, names: &[&str]) -> Option<&str> {
        names.iter().find_map(|n| self.labels.iter().find(|(k, _)| k.eq_ignore_ascii_case(n)).map(|(_, v)| v.as_str()))
    }
}

fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || c == ':'
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == ':'
}

/// The metric name a sample line starts with, if it starts with a valid one (the quoted UTF-8 form
/// `{"name",…}` is read by [`parse`] only).
pub fn name_of(line: &str) -> Option<&str> {
    let line = line.trim_start();
    let end = line.find(|c: char| !is_name_char(c)).unwrap_or(line.len());
    let name = line.get(..end)?;
    (name.starts_with(is_name_start)).then_some(name)
}

/// Reads a quoted string whose opening quote has been consumed; returns the text and the rest.
fn quoted(mut rest: &str, line: usize) -> Result<(String, &str), Problem> {
    let mut out = String::new();
    loop {
        let mut chars = rest.chars();
        match chars.next() {
            None => return Err(Problem::Malformed { line, expected: "a closing quote in the labels" }),
            Some('"') => return Ok((out, chars.as_str())),
            Some('\\') => {
                match chars.next() {
                    Some('n') => out.push('\n'),
                    Some(c) => out.push(c),
                    None => return Err(Problem::Malformed { line, expected: "a closing quote in the labels" }),
                }
                rest = chars.as_str();
            }
            Some(c) => {
                out.push(c);
                rest = chars.as_str();
            }
        }
    }
}

/// A label name, bare or quoted.
fn label_name(rest: &str, line: usize) -> Result<(String, bool, &str), Problem> {
    if let Some(r) = rest.strip_prefix('"') {
        let (name, r) = quoted(r, line)?;
        return Ok((name, true, r));
    }
    let end = rest.find(|c: char| !is_name_char(c)).unwrap_or(rest.len());
    match (rest.get(..end), rest.get(end..)) {
        (Some(name), Some(r)) if !name.is_empty() => Ok((name.to_owned(), false, r)),
        _ => Err(Problem::Malformed { line, expected: "a label name inside the braces" }),
    }
}

/// Reads a sample's value (Go's `ParseFloat`, as Prometheus writes it): `NaN` and `±Inf` read, and
/// are refused as [`Problem::NotFinite`]; a negative counter is [`Problem::Negative`].
pub fn value(text: &str, line: usize) -> Result<f64, Problem> {
    let v = crate::float::parse(text).ok_or(Problem::Malformed { line, expected: "a number after the labels" })?;
    if !v.is_finite() {
        return Err(Problem::NotFinite { line });
    }
    if v < 0.0 {
        return Err(Problem::Negative { line });
    }
    Ok(v)
}

/// Parses one sample line (`line` is its 1-based number).
pub fn parse(text: &str, line: usize) -> Result<Sample, Problem> {
    let text = text.trim();
    let mut name = name_of(text).unwrap_or("").to_owned();
    let mut rest = text.get(name.len()..).unwrap_or("").trim_start();
    let mut labels = Vec::new();
    if let Some(mut r) = rest.strip_prefix('{') {
        loop {
            r = r.trim_start();
            if let Some(after) = r.strip_prefix('}') {
                rest = after;
                break;
            }
            let (key, was_quoted, after) = label_name(r, line)?;
            let after = after.trim_start();
            if let Some(after) = after.strip_prefix('=') {
                let after = after.trim_start();
                let Some(after) = after.strip_prefix('"') else {
                    return Err(Problem::Malformed { line, expected: "a quoted label value" });
                };
                let (v, after) = quoted(after, line)?;
                labels.push((key, v));
                r = after;
            } else if was_quoted && name.is_empty() {
                // The UTF-8 form: the metric's name quoted inside the braces.
                name = key;
                r = after;
            } else {
                return Err(Problem::Malformed { line, expected: "`=` after a label name" });
            }
            r = r.trim_start();
            if let Some(after) = r.strip_prefix(',') {
                r = after;
            } else if !r.starts_with('}') {
                return Err(Problem::Malformed { line, expected: "`,` or `}` after a label" });
            }
        }
    }
    if name.is_empty() {
        return Err(Problem::Malformed { line, expected: "a metric name" });
    }
    let mut tokens = rest.split_whitespace();
    let v = value(tokens.next().unwrap_or(""), line)?;
    // An optional timestamp (ms), then nothing.
    if let Some(ts) = tokens.next() {
        if ts.parse::<i64>().is_err() {
            return Err(Problem::Malformed { line, expected: "an integer timestamp (or nothing) after the value" });
        }
    }
    if tokens.next().is_some() {
        return Err(Problem::Malformed { line, expected: "the end of the line after the value" });
    }
    Ok(Sample { name, labels, value: v, line })
}
