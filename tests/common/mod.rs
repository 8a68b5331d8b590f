//! What several test files share: a small seeded generator, so every run draws the same cases, the
//! list of the catalogue's cards, edits typed into a form, an exported comparison read back, and where an
//! export comes from; and the one reader of the reference material beside the clone (`reference`).
#![allow(dead_code)] // each test file uses the part it needs

pub mod reference;

/// Every card of the catalogue, in `data/cards.json`'s order (written here, not read from it).
pub const ALL_CARDS: [&str; 19] = [
    "h200-nvl",
    "rtx-pro-6000-se",
    "l40s",
    "h200-sxm",
    "b200-sxm",
    "h100-sxm",
    "b300-sxm",
    "mi300x",
    "mi355x",
    "mi325x",
    "gb200",
    "gb300",
    "h100-nvl",
    "h100-pcie",
    "gh200-144gb",
    "gh200-96gb",
    // issue 50
    "mi350x",
    "mi350p",
    "vera-rubin",
];

/// xorshift64: fast, seeded, reproducible (never seed it with 0).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// One of `items` ("" when there is none).
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items.get(self.below(items.len())).copied().unwrap_or("")
    }
}

/// `form` with each `(field, text)` typed in turn, as the page applies a person's edits.
pub fn typed(
    catalogue: &token_energy::catalogue::Catalogue,
    form: token_energy::form::Form,
    edits: &[(token_energy::form::Field, &str)],
) -> token_energy::form::Form {
    edits.iter().fold(form, |form, (field, text)| {
        form.apply(catalogue, token_energy::form::Edit::Text(*field, (*text).to_owned())).form
    })
}

/// A configuration as a person chooses it: the card, a published result, its benchmark and scenario,
/// then the plan fields typed in turn (issues 36 and 40).
#[allow(dead_code)] // each test crate uses what it needs
pub fn configured(
    catalogue: &token_energy::catalogue::Catalogue,
    (card, result): (&str, &str),
    benchmark: token_energy::catalogue::Benchmark,
    scenario: &str,
    edits: &[(token_energy::form::Field, &str)],
) -> token_energy::form::Form {
    use token_energy::form::{Edit, Form};
    let mut form = Form::initial(catalogue);
    for edit in [
        Edit::Card(card.into()),
        Edit::Throughput(result.into()),
        Edit::Benchmark(benchmark.id().into()),
        Edit::Scenario(scenario.into()),
    ] {
        form = form.apply(catalogue, edit).form;
    }
    typed(catalogue, form, edits)
}

/// The fields the page's `JSON.parse` reads from an exported comparison
/// (`browser::parse_comparison_json`), read with serde here.
#[allow(clippy::indexing_slicing)] // serde_json's `value[key]` gives Null for a missing key, never panics
pub fn export_file(value: &serde_json::Value) -> token_energy::compare::ExportFile {
    token_energy::compare::ExportFile {
        format: value["format"].as_str().map(str::to_owned),
        version: value["version"].as_f64(),
        data_version: value["data_version"].as_str().map(str::to_owned),
        current: value["current"]["query"].as_str().map(str::to_owned),
        baseline: value["baseline"].as_f64(),
        entries: value["configurations"]
            .as_array()
            .map(|list| {
                list.iter()
                    .filter_map(|c| {
                        Some((c["name"].as_str().unwrap_or("").to_owned(), c["query"].as_str()?.to_owned()))
                    })
                    .collect()
            })
            .unwrap_or_default(),
    }
}

/// Where an export comes from, as the proxy and meaning tests write their files: data 2026.12.4 and a
/// page at `https://x.test/`.
pub fn export_context(current: &token_energy::form::Form) -> token_energy::export::ExportContext<'_> {
    token_energy::export::ExportContext {
        data_version: "2026.12.4",
        data_date: "2026-12-04",
        link: "https://x.test/?v=1",
        page: "https://x.test/",
        current,
        baseline: 0,
    }
}

/// The figure, which must be there, at `expected` within 1e-12 of it (the plan's tests' own arithmetic).
#[track_caller]
#[allow(clippy::panic)] // a test helper fails the test by panicking
pub fn close(figure: &Option<token_energy::figure::Figure>, expected: f64) -> token_energy::figure::Figure {
    let Some(f) = figure else { panic!("no figure, expected {expected}") };
    assert!((f.value - expected).abs() <= expected.abs() * 1e-12, "{} ≠ {expected}", f.value);
    f.clone()
}

/// A range's lower end at `expected` within 1e-12 of it.
#[track_caller]
#[allow(clippy::panic)] // a test helper fails the test by panicking
pub fn low(figure: &token_energy::figure::Figure, expected: f64) {
    let Some(l) = figure.low else { panic!("not a range: {figure:?}") };
    assert!((l - expected).abs() <= expected.abs() * 1e-12, "{l} ≠ {expected}");
}

// issue 47
/// A card's power on the H100's measured curve (LOAD-CURVE.md's pooled medians, typed here from the
/// reference, each at its bin's middle; one stream 267 W of 700 W at 1 %; idle at no load), never
/// below the linear model at the same idle: the tests' own arithmetic, not the core's.
#[allow(dead_code, clippy::indexing_slicing)] // not every test file uses it; windows of two
pub fn h100_measured_watts(load_percent: f64, idle: f64, limit: f64) -> f64 {
    let points = [
        (0.0, idle / limit),
        (1.0, 267.0 / 700.0),
        (7.5, 0.69 * 0.86),
        (12.5, 0.72 * 0.86),
        (20.0, 0.76 * 0.86),
        (30.0, 0.80 * 0.86),
        (42.5, 0.85 * 0.86),
        (60.0, 0.91 * 0.86),
        (80.0, 0.97 * 0.86),
        (95.0, 0.86),
        (100.0, 0.86),
    ];
    let l = load_percent.clamp(0.0, 100.0);
    let share = points
        .windows(2)
        .find(|w| l <= w[1].0)
        .map_or(0.86, |w| w[0].1 + (w[1].1 - w[0].1) * (l - w[0].0) / (w[1].0 - w[0].0));
    (limit * share).max(idle + (limit - idle) * l / 100.0)
}
