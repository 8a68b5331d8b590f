//! What is known of a published result's numeric precision (issue 28.9).
//!
//! MLCommons' `weight_data_types` (the catalogue's `weights`) names the weights a submitter
//! *started* from. Where the submission also states a weight transformation such as
//! quantization, the format the model was served in is not stated, and the page says so rather
//! than print the starting format as if it were served. The summary tables carry no
//! transformations; the ones known here are read from a submission's own `measurements.json`,
//! each with its source in `data/sources.json`. The comparison's precision check uses
//! [`Precision::served`]: it compares what is known, never a guess.

use crate::catalogue::{Benchmark, PublishedResult};

/// A weight transformation a submission states: entry, benchmark, the transformation as written,
/// and its source.
pub struct StatedTransformation {
    pub entry: &'static str,
    pub benchmark: Benchmark,
    pub transformations: &'static str,
    pub source: &'static str,
}

/// The transformations read so far. v4.1-0049 (8 × H200 SXM, MaxQ): its `measurements.json` for
/// llama2-70b-99.9 gives `weight_data_types` "fp16" and `weight_transformations` "quantization,
/// affine fusion" (as quoted in reference record 000).
pub const STATED: [StatedTransformation; 1] = [StatedTransformation {
    entry: "v4.1-0049",
    benchmark: Benchmark::Llama2_70b999,
    transformations: "quantization, affine fusion",
    source: "mlperf-v4.1-0049-measurements",
}];

/// What the catalogue knows of a result's precision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Precision<'a> {
    /// The weights' format as MLCommons' table gives it, no transformation stated here.
    Weights(&'a str),
    /// Started from `weights`, then transformed (`transformations`): the served format is not stated.
    StartedFrom { weights: &'a str, transformations: &'static str, source: &'static str },
}

impl<'a> Precision<'a> {
    /// The precision of `result`.
    pub fn of(result: &'a PublishedResult) -> Precision<'a> {
        match STATED.iter().find(|s| *result.id == *s.entry && result.benchmark == s.benchmark) {
            Some(s) => Precision::StartedFrom {
                weights: &result.weights,
                transformations: s.transformations,
                source: s.source,
            },
            None => Precision::Weights(&result.weights),
        }
    }

    /// The format the result is known to have run in (as the table writes it, upper-cased), or
    /// `None` where it is not stated.
    pub fn served(&self) -> Option<String> {
        match self {
            Precision::Weights(w) if !w.trim().is_empty() => Some(w.trim().to_ascii_uppercase()),
            _ => None,
        }
    }

    /// The starting weights' format, upper-cased.
    pub fn started_from(&self) -> String {
        match self {
            Precision::Weights(w) | Precision::StartedFrom { weights: w, .. } => w.trim().to_ascii_uppercase(),
        }
    }

    /// Whether two results are known to run in different formats: `Some(true)` or `Some(false)`
    /// where both are known, `None` where either is not stated.
    pub fn differs(&self, other: &Precision<'_>) -> Option<bool> {
        Some(self.served()? != other.served()?)
    }
}
