//! What is known of a published result's numeric precision (issue 28.9).
//!
//! MLCommons' `weight_data_types` (the catalogue's `weights`) names the weights a submitter
//! *started* from. Where the submission also states a weight transformation such as
//! quantization, the format the model was served in is not stated, and the page says so rather
//! than print the starting format as if it were served. The summary tables carry no
//! transformations; they are read from each submission's own measurements file
//! (`data/tools/mlperf-measurements.py`) into the row's `weight_transformations`, with a source
//! per round in `data/sources.json` (issue 34.9). A row whose file states none (`none`, `N/A`)
//! ran in its `weights`; a row with no file read keeps that label too, as before. The
//! comparison's precision check uses [`Precision::served`]: it compares what is known, never a
//! guess.

use crate::catalogue::PublishedResult;

/// Whether a measurements file's `weight_transformations` says that none was made: `none`, `N/A`,
/// `no` or nothing (any case, spaces around ignored). Only then is `weights` the served format.
pub fn states_none(transformations: &str) -> bool {
    let t = transformations.trim();
    t.is_empty() || ["none", "n/a", "no"].iter().any(|n| t.eq_ignore_ascii_case(n))
}

/// What the catalogue knows of a result's precision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Precision<'a> {
    /// The weights' format as MLCommons' table gives it: the submission's file states no
    /// transformation, or no file was read.
    Weights(&'a str),
    /// Started from `weights`, then transformed (`transformations`): the served format is not stated.
    /// A 16-bit `weights` with a quantization stated is this: the original weights are 16-bit, so the
    /// type names what the submitter started from, not what ran.
    StartedFrom { weights: &'a str, transformations: &'a str, source: &'a str },
    /// `weights` is narrower than the original 16-bit weights and the file states how it was made
    /// (`transformations`, e.g. "quantization" from "Original Huggingface model weights"): the stated
    /// type is what the transformation produced, so it is the served format.
    Transformed { weights: &'a str, transformations: &'a str, source: &'a str },
}

/// Whether a weight type is the width the benchmarks' original weights are published in (16 or 32
/// bits): a quantization stated beside it leaves the served format open.
fn original_width(weights: &str) -> bool {
    ["fp16", "bf16", "fp32"].iter().any(|w| weights.trim().eq_ignore_ascii_case(w))
}

impl<'a> Precision<'a> {
    /// The precision of `result`.
    pub fn of(result: &'a PublishedResult) -> Precision<'a> {
        match &result.weight_transformations {
            Some(t) if !states_none(&t.text) && original_width(&result.weights) => {
                Precision::StartedFrom { weights: &result.weights, transformations: &t.text, source: &t.source }
            }
            Some(t) if !states_none(&t.text) => {
                Precision::Transformed { weights: &result.weights, transformations: &t.text, source: &t.source }
            }
            _ => Precision::Weights(&result.weights),
        }
    }

    /// The format the result is known to have run in (as the table writes it, upper-cased), or
    /// `None` where it is not stated.
    pub fn served(&self) -> Option<String> {
        match self {
            Precision::Weights(w) | Precision::Transformed { weights: w, .. } if !w.trim().is_empty() => {
                Some(w.trim().to_ascii_uppercase())
            }
            _ => None,
        }
    }

    /// The source that states the transformation, where one is stated.
    pub fn source(&self) -> Option<&'a str> {
        match self {
            Precision::Weights(_) => None,
            Precision::StartedFrom { source, .. } | Precision::Transformed { source, .. } => Some(source),
        }
    }

    /// The starting weights' format, upper-cased.
    pub fn started_from(&self) -> String {
        match self {
            Precision::Weights(w)
            | Precision::StartedFrom { weights: w, .. }
            | Precision::Transformed { weights: w, .. } => w.trim().to_ascii_uppercase(),
        }
    }

    /// Whether two results are known to run in different formats: `Some(true)` or `Some(false)`
    /// where both are known, `None` where either is not stated.
    pub fn differs(&self, other: &Precision<'_>) -> Option<bool> {
        Some(self.served()? != other.served()?)
    }
}
