//! The data version a link or file was made with, and what changed since for what it shows.
//!
//! `data/changes.json` lists every data version, oldest first, and its changes; each change names
//! what it concerns (cards, results, benchmarks, the plan), or nothing, when it concerns every
//! configuration. A link carries `dv=` (the version it was made with) and a JSON export its
//! `data_version`: [`notice`] says, for what that link or file shows, what changed since. The same
//! version needs no notice; a link of the page made before links carried a version gets
//! [`DataNotice::Unversioned`]. `tests/data_version.rs` holds `data/*.json` to the newest version.

use crate::catalogue::{Benchmark, DataChange, DataVersion};
use crate::form::{Form, ThroughputChoice};

/// What one configuration shows, as far as a change can concern it.
#[derive(Debug, Clone, PartialEq)]
pub struct Shown<'a> {
    pub card: &'a str,
    /// The published result, when the configuration uses one.
    pub result: Option<&'a str>,
    pub benchmark: Benchmark,
    /// Whether a plan field is set (the plan's figures are shown).
    pub plan: bool,
}

impl<'a> Shown<'a> {
    pub fn of(form: &'a Form) -> Shown<'a> {
        Shown {
            card: &form.card,
            result: match &form.throughput {
                ThroughputChoice::Published(id) => Some(id),
                ThroughputChoice::Own => None,
            },
            benchmark: form.benchmark,
            plan: form.plan.is_set(),
        }
    }
}

/// Whether a change concerns a configuration: it names its card, its result or its benchmark, or
/// it is the plan's and a plan field is set, or it names nothing (every configuration).
pub fn concerns(change: &DataChange, shown: &Shown) -> bool {
    let everything =
        change.cards.is_empty() && change.results.is_empty() && change.benchmarks.is_empty() && !change.plan;
    everything
        || change.cards.iter().any(|c| c == shown.card)
        || shown.result.is_some_and(|r| change.results.iter().any(|c| c == r))
        || change.benchmarks.contains(&shown.benchmark)
        || (change.plan && shown.plan)
}

/// The changes after version `since` up to `current` (both in `versions`) that concern any of
/// `shown`, oldest first; `None` when `since` or `current` is not a version listed, or `since`
/// is not older than `current`.
pub fn changes_since<'v>(
    versions: &'v [DataVersion],
    since: &str,
    current: &str,
    shown: &[Shown],
) -> Option<Vec<&'v DataChange>> {
    let from = versions.iter().position(|v| v.version == since)?;
    let to = versions.iter().position(|v| v.version == current)?;
    let newer = versions.get(from + 1..=to)?;
    Some(newer.iter().flat_map(|v| v.changes.iter()).filter(|c| shown.iter().any(|s| concerns(c, s))).collect())
}

/// What a link or file made with another data version is told.
#[derive(Debug, Clone, PartialEq)]
pub enum DataNotice {
    /// Made before links carried a data version: the figures may have changed since.
    Unversioned,
    /// A version this page does not list (mistyped, or newer than its data).
    Unknown(String),
    /// An older version, its date, and what changed since for what it shows (empty: nothing that
    /// concerns it).
    Older { version: String, date: String, changes: Vec<DataChange> },
}

/// The notice for something made with `made_with` (`None`: no version given) that shows `shown`,
/// against `versions` and the `current` version; `None` when it was made with the current one.
pub fn notice_in(
    versions: &[DataVersion],
    current: &str,
    made_with: Option<&str>,
    shown: &[Shown],
) -> Option<DataNotice> {
    let Some(made_with) = made_with else {
        return Some(DataNotice::Unversioned);
    };
    if made_with == current {
        return None;
    }
    let date = versions.iter().find(|v| v.version == made_with).map(|v| v.date.to_string());
    match (changes_since(versions, made_with, current, shown), date) {
        (Some(changes), Some(date)) => Some(DataNotice::Older {
            version: made_with.to_owned(),
            date,
            changes: changes.into_iter().cloned().collect(),
        }),
        _ => Some(DataNotice::Unknown(crate::form::clip(made_with))),
    }
}

/// [`notice_in`] against the data compiled into the app. The JSON import calls it with the file's
/// `data_version` and the configurations it holds.
pub fn notice(made_with: Option<&str>, shown: &[Shown]) -> Option<DataNotice> {
    notice_in(crate::catalogue::changes(), crate::catalogue::data_version(), made_with, shown)
}
