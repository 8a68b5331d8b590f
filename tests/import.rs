//! The importer on MLCommons' real summary tables (`tests/fixtures/mlperf/`, byte-identical copies of
//! `shared/reference/mlperf/`, so a clone tests alone) and on small tables written here.
//!
//! Expected values are typed from `shared/reference/DATA.md` or read off the tables by eye, never
//! taken from the code under test.

// A failed test must stop with a message; that is what these are for here.
#![allow(clippy::expect_used, clippy::panic)]

use serde_json::{json, Value};
use std::path::PathBuf;
use token_energy::catalogue::{Benchmark, Card, Catalogue, PublishedResult, Scenario, StatedPower};
use token_energy::import::{self, ImportError, MergeReport};

use Benchmark::{Llama2_70b99 as B99, Llama2_70b999 as B999, Mixtral8x7b};

mod common;
use common::ALL_CARDS;
use Scenario::{Interactive, Offline, Server};

fn table(round: &str) -> String {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "fixtures", "mlperf"]
        .iter()
        .collect::<PathBuf>()
        .join(format!("summary_results_{round}.json"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// MLCommons' v6.1 `summary.csv` (issue 50; a table without IDs).
fn csv_v6_1() -> String {
    table_file("summary_v6.1.csv")
}

fn table_file(name: &str) -> String {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "fixtures", "mlperf", name].iter().collect();
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn catalogue() -> &'static Catalogue {
    Catalogue::embedded()
}

fn cards(ids: &[&str]) -> Vec<Card> {
    ids.iter().map(|id| catalogue().card(id).unwrap_or_else(|| panic!("card {id}")).clone()).collect()
}

fn import(round: &str, card_ids: &[&str], entries: &[&str]) -> Vec<PublishedResult> {
    let entries: Vec<String> = entries.iter().map(|e| (*e).to_owned()).collect();
    import::import_table(&table(round), &cards(card_ids), &entries).unwrap_or_else(|e| panic!("import {round}: {e}"))
}

fn find<'a>(rows: &'a [PublishedResult], id: &str, b: Benchmark, s: Scenario) -> &'a PublishedResult {
    rows.iter()
        .find(|r| r.id == id && r.benchmark == b && r.scenario == s)
        .unwrap_or_else(|| panic!("no row {id} {} {}", b.id(), s.id()))
}

/// Rows as a comparable, order-free list.
fn sorted(rows: &[PublishedResult]) -> Vec<PublishedResult> {
    let mut rows = rows.to_vec();
    rows.sort_by_key(import::key);
    rows
}

/// Catalogue rows as a summary table gives them: without the weight transformations, which are
/// read from the submissions' measurements files (`data/tools/mlperf-measurements.py`).
fn as_tabled(rows: &[PublishedResult]) -> Vec<PublishedResult> {
    rows.iter().cloned().map(|r| PublishedResult { weight_transformations: None, ..r }).collect()
}

// ---------------------------------------------------------------------------------------------
// The real tables.

#[test]
fn importing_v6_0_reproduces_the_catalogue() {
    let imported = import("v6.0", &ALL_CARDS, &[]);
    let ours: Vec<PublishedResult> = catalogue().results.iter().filter(|r| r.round == "v6.0").cloned().collect();
    // Rows per card, counted off the table: RTX PRO 6000 SE 79, B300 64, MI355X 50 + 4 capped, B200 31,
    // H200 NVL 10, MI300X 8, H200 SXM 2, MI325X 4; GB200 on 16 nodes 4 and on 18 nodes 17; GB300 on
    // one node 4, two 4, 16 2, 18 19 and 72 2; MI350X (issue 50) 11 llama2-70b-99 + 3 llama2-70b-99.9
    // (6.0-0011 on two nodes 3, 6.0-0012 3, 6.0-0071 6, 6.0-0100 2).
    assert_eq!(imported.len(), 79 + 64 + 54 + 31 + 10 + 8 + 2 + 4 + (4 + 17) + (4 + 4 + 2 + 19 + 2) + (11 + 3));
    assert_eq!(sorted(&imported), sorted(&as_tabled(&ours)));
    // The Llama 2 70B rows of the two PCIe cards, per entry: 0021 6; 0004, 0005 3; 0014, 0051 2; seven others 4.
    let llama2 = import("v6.0", &["h200-nvl", "rtx-pro-6000-se"], &[])
        .into_iter()
        .filter(|r| matches!(r.benchmark, B99 | B999))
        .count();
    assert_eq!(llama2, 6 + 3 + 3 + 2 + 2 + 4 * 7);
}

#[test]
fn importing_v6_0_reads_data_md_figures() {
    let rows = import("v6.0", &["h200-nvl", "rtx-pro-6000-se"], &[]);
    let r = find(&rows, "6.0-0021", B99, Offline);
    assert_eq!((&*r.card, r.accelerators, &*r.weights, r.tokens_per_s), ("h200-nvl", 8, "fp8", 32004.0));
    assert_eq!(r.stated_power, Some(StatedPower { text: ("H200 TGP 600W".to_owned()).into(), watts: 600.0 }));
    assert_eq!(r.round, "v6.0");
    assert_eq!(r.source, "mlperf-inference-v6.0");
    assert_eq!((&*r.division, &*r.category), ("closed", "available"));
    assert_eq!(r.submitter, "Dell");
    assert_eq!(find(&rows, "6.0-0021", B99, Server).tokens_per_s, 29084.9);
    assert_eq!(find(&rows, "6.0-0021", B99, Interactive).tokens_per_s, 16343.8);
    assert_eq!(find(&rows, "6.0-0047", B99, Offline).tokens_per_s, 29908.4);
    assert_eq!(find(&rows, "6.0-0004", B99, Interactive).tokens_per_s, 6238.12);
    assert_eq!(find(&rows, "6.0-0045", B99, Offline).accelerators, 10);
    assert!(rows.iter().all(|r| r.measured_power.is_none()), "no v6.0 row has a power measurement");
}

#[test]
fn importing_reads_the_reduced_power_of_6_0_0054() {
    let rows = import("v6.0", &["rtx-pro-6000-se"], &["6.0-0054"]);
    // Llama 2 70B (99, 99.9) Offline and Server, llama3.1-8b three scenarios, mixtral-8x7b two.
    assert_eq!(rows.len(), 9);
    for r in &rows {
        assert_eq!(
            r.stated_power,
            Some(StatedPower { text: ("GPU 450W / 600W (reduced)".to_owned()).into(), watts: 450.0 })
        );
        assert_eq!(r.accelerators, 4);
    }
    assert_eq!(find(&rows, "6.0-0054", B99, Offline).tokens_per_s, 13361.9);
    assert_eq!(find(&rows, "6.0-0054", B99, Server).tokens_per_s, 12822.2);
}

#[test]
fn notes_without_a_watt_figure_state_no_power() {
    // 6.0-0004's Notes speak of GB/s; 6.0-0047's are empty.
    let rows = import("v6.0", &["rtx-pro-6000-se"], &["6.0-0004", "6.0-0047"]);
    assert_eq!(rows.len(), 6 + 9);
    assert!(rows.iter().all(|r| r.stated_power.is_none()));
}

#[test]
fn importing_v4_1_for_the_l40s() {
    let rows = import("v4.1", &["l40s"], &[]);
    let expected = [
        ("v4.1-0025", B99, Offline, 8, 3717.74),
        ("v4.1-0025", B99, Server, 8, 3218.55),
        ("v4.1-0025", B999, Offline, 8, 3717.74),
        ("v4.1-0025", B999, Server, 8, 3218.55),
        ("v4.1-0058", B999, Offline, 4, 1717.77),
        ("v4.1-0058", B999, Server, 4, 1469.19),
    ];
    for (id, b, s, n, tokens) in expected {
        let r = find(&rows, id, b, s);
        assert_eq!((&*r.card, r.accelerators, r.tokens_per_s), ("l40s", n, tokens), "{id} {s:?}");
        assert_eq!(r.weights, "fp16");
        assert_eq!(r.stated_power, None, "{id}: no watt figure in its Notes");
        assert_eq!(r.measured_power, None);
        assert_eq!(r.source, "mlperf-inference-v4.1");
    }
    // The closed-division L40S rows of v4.1 are those two entries and NeuralMagic's v4.1-0052.
    let mut ids: Vec<&str> = rows.iter().map(|r| &*r.id).collect();
    ids.dedup();
    assert_eq!(ids, ["v4.1-0025", "v4.1-0052", "v4.1-0058"]);

    // NeuralMagic's rows (vLLM, fp8) are in the catalogue too: every v4.1 L40S row is.
    let r = find(&rows, "v4.1-0052", B99, Server);
    assert_eq!((r.accelerators, &*r.weights, r.tokens_per_s), (8, "fp8", 592.265));
    assert_eq!(rows.len(), 8);
    let ours: Vec<PublishedResult> =
        catalogue().results.iter().filter(|r| r.card == "l40s" && r.round == "v4.1").cloned().collect();
    assert_eq!(sorted(&rows), sorted(&as_tabled(&ours)));
}

#[test]
fn importing_v5_1_0061_reproduces_the_catalogue() {
    let rows = import("v5.1", &["b200-sxm"], &["5.1-0061"]);
    assert_eq!(rows.len(), 4);
    let r = find(&rows, "5.1-0061", B99, Offline);
    assert_eq!(r.tokens_per_s, 102909.0);
    let watts = r.measured_power.as_ref().map(|m| m.mean_watts).unwrap_or(f64::NAN);
    assert!((watts - 10400.999).abs() < 0.001, "{watts}");
    let ours: Vec<PublishedResult> = catalogue().entry("5.1-0061").cloned().collect();
    assert_eq!(sorted(&rows), sorted(&as_tabled(&ours)));
}

#[test]
fn v4_1_0049_imports_with_its_notes_and_the_catalogue_keeps_its_correction() {
    let rows = import("v4.1", &["h200-sxm"], &["v4.1-0049"]);
    // Llama 2 70B (99, 99.9) and mixtral-8x7b, Offline and Server.
    assert_eq!(rows.len(), 6);
    assert_eq!(find(&rows, "v4.1-0049", Mixtral8x7b, Server).tokens_per_s, 45497.0);
    let offline = find(&rows, "v4.1-0049", B999, Offline);
    assert_eq!(offline.tokens_per_s, 25262.1);
    // The table's Notes say 700 W (the TGP); the catalogue states the 500 W MaxQ power_limit.
    assert_eq!(offline.stated_power.as_ref().map(|p| p.watts), Some(700.0));
    let watts = offline.measured_power.as_ref().map(|m| m.mean_watts).unwrap_or(f64::NAN);
    assert!((watts - 6152.98).abs() <= 0.01, "{watts}");

    let existing = &catalogue().results;
    let (merged, report) = import::merge(existing, rows.clone());
    assert_eq!(&merged, existing, "the catalogue's rows win");
    assert_eq!((report.added, report.kept, report.differing), (0, 6, 6));
    for r in merged.iter().filter(|r| r.id == "v4.1-0049") {
        assert_eq!(r.stated_power.as_ref().map(|p| p.watts), Some(500.0));
    }
    // Apart from the stated power and the weight transformations (which the table does not carry:
    // they are read from the measurements files), the catalogue's rows are the table's.
    for r in &rows {
        let mut theirs = r.clone();
        let ours = find(existing, &r.id, r.benchmark, r.scenario);
        theirs.stated_power = ours.stated_power.clone();
        assert_eq!(theirs.weight_transformations, None);
        theirs.weight_transformations = ours.weight_transformations.clone();
        assert_eq!(&theirs, ours);
    }
}

#[test]
fn every_catalogue_row_is_the_import_of_its_table_but_the_hand_corrections() {
    // docs/data.md, "A new MLPerf round": the three tables, every card, no entry filter.
    let mut imported = Vec::new();
    for round in ["v4.1", "v5.1", "v6.0"] {
        imported.extend(import(round, &ALL_CARDS, &[]));
    }
    let ours = &catalogue().results;
    // Rows per table, counted off them: v4.1 158, v5.1 348, v6.0 304 + 14 MI350X; and v6.1's CSV with
    // its previews (issue 50): 288.
    imported.extend(import::import_csv(&csv_v6_1(), &cards(&ALL_CARDS), &[], true).expect("v6.1 imports"));
    assert_eq!((imported.len(), ours.len()), (158 + 348 + 318 + 288, 158 + 348 + 318 + 288));
    let (merged, report) = import::merge(ours, imported);
    assert_eq!(&merged, ours);
    assert_eq!((report.added, report.kept, report.repeated), (0, 1112, 0));
    // The hand corrections: the six rows of v4.1-0049 (stated power: the MaxQ power_limit, 500 W).
    let corrected: Vec<(&str, Benchmark)> = report.differing_keys.iter().map(|(id, b, _)| (id.as_str(), *b)).collect();
    assert_eq!(
        corrected,
        [
            ("v4.1-0049", B99),
            ("v4.1-0049", B99),
            ("v4.1-0049", B999),
            ("v4.1-0049", B999),
            ("v4.1-0049", Mixtral8x7b),
            ("v4.1-0049", Mixtral8x7b)
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Merging.

#[test]
fn merging_the_same_import_twice_adds_nothing() {
    let rows = import("v6.0", &["h200-nvl", "rtx-pro-6000-se"], &[]);
    let (once, first) = import::merge(&[], rows.clone());
    assert_eq!(first, MergeReport { added: rows.len(), ..MergeReport::default() });
    assert_eq!(once, rows, "new rows keep the table's order");
    let (twice, second) = import::merge(&once, rows.clone());
    assert_eq!(twice, once);
    assert_eq!(second, MergeReport { kept: rows.len(), ..MergeReport::default() });
}

#[test]
fn merging_keeps_existing_order_and_appends_new_rows() {
    let rows = import("v6.0", &["h200-nvl", "rtx-pro-6000-se"], &[]);
    let (first_half, second_half) = rows.split_at(10);
    // Existing rows in reverse order: the merge must not reorder them.
    let existing: Vec<PublishedResult> = first_half.iter().rev().cloned().collect();
    let (merged, report) = import::merge(&existing, rows.clone());
    assert_eq!((report.added, report.kept, report.differing), (rows.len() - 10, 10, 0));
    let mut expected = existing.clone();
    expected.extend(second_half.iter().cloned());
    assert_eq!(merged, expected);
}

#[test]
fn merging_keeps_a_hand_corrected_row() {
    let rows = import("v6.0", &["rtx-pro-6000-se"], &["6.0-0047"]);
    let mut corrected = find(&rows, "6.0-0047", B99, Offline).clone();
    corrected.stated_power =
        Some(StatedPower { text: ("600 W, confirmed by the submitter".to_owned()).into(), watts: 600.0 });
    let existing = vec![corrected.clone()];
    let (merged, report) = import::merge(&existing, rows.clone());
    // 6.0-0047 published nine rows.
    assert_eq!(merged.len(), 9);
    assert_eq!(merged.first(), Some(&corrected));
    assert_eq!(
        report,
        MergeReport {
            added: 8,
            kept: 1,
            differing: 1,
            differing_keys: vec![("6.0-0047".to_owned(), B99, Offline)],
            repeated: 0,
        }
    );
}

#[test]
fn merging_never_duplicates_a_key() {
    let rows = import("v6.0", &["h200-nvl"], &[]);
    let mut doubled = rows.clone();
    doubled.extend(rows.iter().cloned());
    let (merged, report) = import::merge(&[], doubled);
    assert_eq!(merged, rows);
    assert_eq!(report, MergeReport { added: rows.len(), repeated: rows.len(), ..MergeReport::default() });
    let mut keys: Vec<import::ResultKey> = merged.iter().map(import::key).collect();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), merged.len());
}

#[test]
fn merge_report_reads_as_a_sentence() {
    let report = MergeReport { added: 3, kept: 1, differing: 1, differing_keys: vec![], repeated: 0 };
    assert_eq!(
        report.to_string(),
        "3 added, 1 already in the catalogue (kept as they are; 1 of them differ from the table)"
    );
}

// ---------------------------------------------------------------------------------------------
// Selection rules, on small tables.

fn row(changes: Value) -> Value {
    let mut base = json!({
        "ID": "9.9-0001",
        "Submitter": "Example",
        "System": "Example server (8x H200-NVL-141GB)",
        "Accelerator": "NVIDIA H200-NVL-141GB",
        "a#": 8,
        "Model": "llama2-70b-99",
        "Scenario": "Offline",
        "Performance_Result": 1000.5,
        "Performance_Units": "Tokens/s",
        "has_power": false,
        "Power_Result": null,
        "Power_Units": null,
        "Notes": "",
        "weight_data_types": "fp8",
        "Category": "closed",
        "Suite": "datacenter",
        "Availability": "available",
        "version": "v9.9",
        "Nodes": 1,
        "compliance": "closed"
    });
    if let (Some(base), Value::Object(changes)) = (base.as_object_mut(), changes) {
        base.extend(changes);
    }
    base
}

fn import_rows(rows: Vec<Value>, card_ids: &[&str]) -> Result<Vec<PublishedResult>, ImportError> {
    import::import_table(&Value::Array(rows).to_string(), &cards(card_ids), &[])
}

#[test]
fn a_plain_row_maps_field_by_field() {
    let rows = import_rows(vec![row(json!({"Notes": "GPU 450 W"}))], &["h200-nvl"]).expect("imports");
    assert_eq!(
        rows,
        vec![PublishedResult {
            id: "9.9-0001".to_owned().into(),
            round: "v9.9".to_owned().into(),
            division: "closed".to_owned().into(),
            category: "available".to_owned().into(),
            submitter: "Example".to_owned().into(),
            system: ("Example server (8x H200-NVL-141GB)".to_owned()).into(),
            card: "h200-nvl".to_owned().into(),
            accelerators: 8,
            nodes: 1,
            benchmark: B99,
            scenario: Offline,
            weights: "fp8".to_owned().into(),
            // The summary table carries no weight transformations.
            weight_transformations: None,
            tokens_per_s: 1000.5,
            stated_power: Some(StatedPower { text: ("GPU 450 W".to_owned()).into(), watts: 450.0 }),
            measured_power: None,
            source: "mlperf-inference-v9.9".to_owned().into(),
            details: None,
        }]
    );
}

#[test]
fn details_become_a_link_only_when_they_are_mlcommons_https_addresses() {
    let page = "https://github.com/mlcommons/submissions_inference_v6.0/tree/main/closed/Dell/results/XE7740";
    let cases = [
        (page, Some(page)),
        ("javascript:alert(1)", None),
        ("http://github.com/mlcommons/x", None),
        ("https://example.com/mlcommons/x", None),
        ("https://github.com/mlcommons/x\"onmouseover=\"y", None),
        ("", None),
        (
            "https://github.com/gateoverflow/inference_results_v4.1/tree/main/closed/NVIDIA/results/H200-SXM-141GBx8_TRT_MaxQ",
            Some("https://github.com/mlcommons/inference_results_v4.1/tree/main/closed/NVIDIA/results/H200-SXM-141GBx8_TRT_MaxQ"),
        ),
    ];
    for (given, expected) in cases {
        let rows = import_rows(vec![row(json!({ "Details": given }))], &["h200-nvl"]).expect("imports");
        assert_eq!(rows.first().and_then(|r| r.details.as_deref()), expected, "{given}");
    }
}

#[test]
fn a_merge_fills_in_details_the_catalogue_lacked_without_calling_it_a_difference() {
    let page = "https://github.com/mlcommons/submissions_inference_v9.9/tree/main/closed/Example/results/x";
    let imported = import_rows(vec![row(json!({ "Details": page }))], &["h200-nvl"]).expect("imports");
    let mut without = imported.clone();
    for r in &mut without {
        r.details = None;
    }
    let (merged, report) = import::merge(&without, imported);
    assert_eq!(merged.first().and_then(|r| r.details.as_deref()), Some(page));
    assert_eq!((report.kept, report.differing), (1, 0));
}

#[test]
fn only_closed_datacenter_available_single_node_llm_token_rows_are_taken() {
    let refused = [
        json!({"Category": "open"}),
        json!({"Suite": "edge"}),
        json!({"Suite": "datacenter,edge"}),
        json!({"Availability": "preview"}),
        json!({"Availability": "rdi"}),
        json!({"Nodes": 0}),
        json!({"Nodes": ""}),
        json!({"Model": "llama2-70b"}),
        json!({"Model": "llama3.1-8b-edge"}),
        json!({"Model": "gptj-99"}),
        json!({"Model": "qwen3-vl-235b-a22b"}),
        json!({"Model": "Llama 2 70B"}),
        // Queries/s is read as tokens/s only in v5.1's llama3.1-8b Interactive rows (below).
        json!({"Performance_Units": "Queries/s", "Model": "llama3.1-8b", "Scenario": "Interactive"}),
        json!({"Performance_Units": "Queries/s", "Model": "llama3.1-8b", "Scenario": "Server", "version": "v5.1"}),
        json!({"Performance_Units": "Queries/s", "Model": "llama2-70b-99", "Scenario": "Interactive", "version": "v5.1"}),
        json!({"Performance_Units": "Samples/s"}),
        json!({"Accelerator": "NVIDIA H200-NVL-141GB (x2)"}),
        json!({"Accelerator": "NVIDIA H100-SXM-80GB"}),
    ];
    for change in refused {
        let rows = import_rows(vec![row(change.clone())], &["h200-nvl"]).expect("imports");
        assert_eq!(rows, vec![], "{change}");
    }
    let taken = [
        json!({}),
        json!({"Model": "llama2-70b-99.9"}),
        json!({"Model": "llama3.1-8b"}),
        json!({"Model": "llama3.1-405b"}),
        json!({"Model": "mixtral-8x7b"}),
        json!({"Model": "deepseek-r1"}),
        json!({"Model": "gpt-oss-120b"}),
        json!({"Scenario": "Server"}),
        json!({"Scenario": "Interactive"}),
        json!({"a#": 8.0}),
        json!({"a#": "8"}),
        json!({"Nodes": 1.0}),
        json!({"Performance_Units": "Queries/s", "Model": "llama3.1-8b", "Scenario": "Interactive", "version": "v5.1"}),
        json!({"Performance_Units": "Queries/s", "Model": "llama3.1-8b", "Scenario": "Interactive", "version": "5.1"}),
    ];
    for change in taken {
        let rows = import_rows(vec![row(change.clone())], &["h200-nvl"]).expect("imports");
        assert_eq!(rows.len(), 1, "{change}");
        assert_eq!(rows.first().map(|r| (r.accelerators, r.nodes)), Some((8, 1)), "{change}");
    }
    // Several nodes: the system's accelerators are nodes × a#.
    let cases = [
        (json!({"Nodes": 2}), 16, 2),
        (json!({"Nodes": 18, "a#": 4}), 72, 18),
        (json!({"Nodes": 72, "a#": 4, "Total Accelerators": 288}), 288, 72),
        (json!({"Nodes": "16", "a#": "4", "Total Accelerators": "64"}), 64, 16),
    ];
    for (change, accelerators, nodes) in cases {
        let rows = import_rows(vec![row(change.clone())], &["h200-nvl"]).expect("imports");
        assert_eq!(rows.first().map(|r| (r.accelerators, r.nodes)), Some((accelerators, nodes)), "{change}");
    }
}

#[test]
fn rows_of_other_cards_are_left_out() {
    let rows = import_rows(
        vec![row(json!({"ID": "9.9-0001"})), row(json!({"ID": "9.9-0002", "Accelerator": "NVIDIA L40S", "a#": 4}))],
        &["l40s"],
    )
    .expect("imports");
    let ids: Vec<(&str, &str, u32)> = rows.iter().map(|r| (&*r.id, &*r.card, r.accelerators)).collect();
    assert_eq!(ids, [("9.9-0002", "l40s", 4)]);
}

#[test]
fn a_measured_row_carries_its_node_power_at_full_precision() {
    let rows = import_rows(
        vec![row(json!({"has_power": true, "Power_Result": 6152.9844351733, "Power_Units": "Watts"}))],
        &["h200-nvl"],
    )
    .expect("imports");
    let m = rows.first().and_then(|r| r.measured_power.clone()).expect("a measurement");
    assert_eq!(m.mean_watts, 6152.9844351733);
    assert_eq!(m.scope, token_energy::catalogue::Scope::NodeAc);
}

#[test]
fn a_version_without_its_v_is_given_one() {
    let rows = import_rows(vec![row(json!({"version": "6.0"}))], &["h200-nvl"]).expect("imports");
    assert_eq!(rows.first().map(|r| (&*r.round, &*r.source)), Some(("v6.0", "mlperf-inference-v6.0")));
}

#[test]
fn selected_rows_that_the_catalogue_cannot_hold_are_errors() {
    let cases = [
        (json!({"a#": ""}), ImportError::Missing { id: "9.9-0001".to_owned(), field: "a#" }),
        (json!({"a#": 0}), ImportError::Invalid { id: "9.9-0001".to_owned(), field: "a#", value: "0".to_owned() }),
        (
            json!({"Performance_Result": null}),
            ImportError::Missing { id: "9.9-0001".to_owned(), field: "Performance_Result" },
        ),
        (
            json!({"Performance_Result": -1.0}),
            ImportError::Invalid { id: "9.9-0001".to_owned(), field: "Performance_Result", value: "-1".to_owned() },
        ),
        (json!({"has_power": true}), ImportError::Missing { id: "9.9-0001".to_owned(), field: "Power_Result" }),
        (
            json!({"Scenario": "SingleStream"}),
            ImportError::Invalid { id: "9.9-0001".to_owned(), field: "Scenario", value: "SingleStream".to_owned() },
        ),
        (json!({"version": ""}), ImportError::Missing { id: "9.9-0001".to_owned(), field: "version" }),
        // A total that is not nodes × a# (AMD's 6.0-0001 names 87 MI355X on 11 nodes × 8).
        (
            json!({"Nodes": 11, "a#": 8, "Total Accelerators": 87}),
            ImportError::Invalid { id: "9.9-0001".to_owned(), field: "Total Accelerators", value: "87".to_owned() },
        ),
        (
            json!({"Nodes": 4_294_967_295_u64, "a#": 8}),
            ImportError::Invalid { id: "9.9-0001".to_owned(), field: "a#", value: "8".to_owned() },
        ),
        (json!({"ID": ""}), ImportError::Missing { id: "Example server (8x H200-NVL-141GB)".to_owned(), field: "ID" }),
    ];
    for (change, expected) in cases {
        let result = import_rows(vec![row(change.clone())], &["h200-nvl"]);
        assert_eq!(result, Err(expected), "{change}");
    }
    // The same values in a row the importer does not take are no error.
    let other = row(json!({"a#": "", "Performance_Result": null, "Category": "open"}));
    assert_eq!(import_rows(vec![other], &["h200-nvl"]), Ok(vec![]));
}

#[test]
fn an_accelerator_claimed_by_two_cards_is_an_error() {
    let mut twin = catalogue().card("h200-nvl").expect("h200-nvl").clone();
    twin.id = "h200-nvl-copy".to_owned().into();
    let mut both = cards(&["h200-nvl"]);
    both.push(twin);
    let result = import::import_table(&Value::Array(vec![row(json!({}))]).to_string(), &both, &[]);
    assert_eq!(
        result,
        Err(ImportError::AmbiguousAccelerator {
            accelerator: "NVIDIA H200-NVL-141GB".to_owned(),
            cards: vec!["h200-nvl".to_owned(), "h200-nvl-copy".to_owned()],
        })
    );
}

#[test]
fn texts_that_are_not_tables_are_errors() {
    let cards = cards(&["h200-nvl"]);
    assert!(matches!(import::import_table("", &cards, &[]), Err(ImportError::Json(_))));
    assert!(matches!(import::import_table("[{\"ID\": ", &cards, &[]), Err(ImportError::Json(_))));
    assert_eq!(import::import_table("{}", &cards, &[]), Err(ImportError::NotATable));
    assert_eq!(import::import_table("\"rows\"", &cards, &[]), Err(ImportError::NotATable));
    assert!(matches!(import::import_table("[{}, 7]", &cards, &[]), Err(ImportError::Row { index: 1, .. })));
    assert_eq!(import::import_table("[]", &cards, &[]), Ok(vec![]));
    // Every error says what went wrong.
    assert_eq!(ImportError::NotATable.to_string(), "the table is not a JSON list of rows");
    assert_eq!(ImportError::Json("x".to_owned()).to_string(), "the table is not JSON: x");
    assert_eq!(ImportError::Row { index: 3, message: "m".to_owned() }.to_string(), "row 3 of the table: m");
    assert_eq!(
        ImportError::Missing { id: "6.0-0021".to_owned(), field: "a#" }.to_string(),
        "entry `6.0-0021`: no usable `a#`"
    );
}

#[test]
fn the_entry_filter_takes_only_the_named_entries() {
    let rows = import_rows(
        vec![row(json!({"ID": "9.9-0001"})), row(json!({"ID": "9.9-0002"})), row(json!({"ID": "9.9-0003"}))],
        &["h200-nvl"],
    )
    .expect("imports");
    assert_eq!(rows.len(), 3);
    let text = Value::Array(vec![row(json!({"ID": "9.9-0001"})), row(json!({"ID": "9.9-0002"}))]).to_string();
    let only = import::import_table(&text, &cards(&["h200-nvl"]), &["9.9-0002".to_owned()]).expect("imports");
    let ids: Vec<&str> = only.iter().map(|r| &*r.id).collect();
    assert_eq!(ids, ["9.9-0002"]);
}

// ---------------------------------------------------------------------------------------------
// Systems of several nodes, the rack-scale systems and the mislabelled rows, on the real tables.

/// The raw rows of a table, as JSON objects.
fn raw(round: &str) -> Vec<Value> {
    match serde_json::from_str::<Value>(&table(round)).expect("a table is JSON") {
        Value::Array(rows) => rows,
        _ => panic!("{round} is not a list"),
    }
}

fn text<'a>(row: &'a Value, column: &str) -> &'a str {
    row.get(column).and_then(Value::as_str).unwrap_or_default()
}

fn number(row: &Value, column: &str) -> f64 {
    match row.get(column) {
        Some(Value::Number(n)) => n.as_f64().expect("a number"),
        Some(Value::String(s)) => s.trim().parse().expect("a number as text"),
        other => panic!("{column}: {other:?}"),
    }
}

#[test]
fn the_queries_per_second_rows_of_v5_1_are_tokens_per_second() {
    // Every v5.1 llama3.1-8b Interactive row labels its unit "Queries/s"; each is 78–95 % of the same
    // system's Server tokens/s, as Interactive results are (v6.0, labelled Tokens/s: 70–99 %).
    let rows = raw("v5.1");
    let interactive: Vec<&Value> =
        rows.iter().filter(|r| text(r, "Model") == "llama3.1-8b" && text(r, "Scenario") == "Interactive").collect();
    assert_eq!(interactive.len(), 8);
    let catalogue = catalogue();
    for r in &interactive {
        let id = text(r, "ID");
        assert_eq!(text(r, "Performance_Units"), "Queries/s", "{id}");
        let server = rows
            .iter()
            .find(|s| text(s, "ID") == id && text(s, "Model") == "llama3.1-8b" && text(s, "Scenario") == "Server")
            .unwrap_or_else(|| panic!("{id} has a Server row"));
        assert_eq!(text(server, "Performance_Units"), "Tokens/s", "{id}");
        let ratio = number(r, "Performance_Result") / number(server, "Performance_Result");
        assert!((0.78..=0.951).contains(&ratio), "{id}: {ratio}");
        // Imported as tokens/s, with the table's figure.
        let ours = catalogue.result(id, Benchmark::Llama3_1_8b, Interactive).unwrap_or_else(|| panic!("{id}"));
        assert_eq!(ours.tokens_per_s, number(r, "Performance_Result"), "{id}");
    }
    let cards: Vec<&str> = interactive
        .iter()
        .map(|r| &*catalogue.result(text(r, "ID"), Benchmark::Llama3_1_8b, Interactive).expect("row").card)
        .collect();
    let count = |card: &str| cards.iter().filter(|c| **c == card).count();
    assert_eq!((count("b200-sxm"), count("h200-sxm"), count("h200-nvl"), count("rtx-pro-6000-se")), (4, 2, 1, 1));
    // v6.0 labels the same benchmark Tokens/s.
    let v6 = raw("v6.0");
    assert!(v6
        .iter()
        .filter(|r| text(r, "Model") == "llama3.1-8b" && text(r, "Scenario") == "Interactive")
        .all(|r| text(r, "Performance_Units") == "Tokens/s"));
}

#[test]
fn every_multi_node_row_counts_nodes_times_accelerators_per_node() {
    // Read off the tables in the test: every catalogue row of several nodes has the table's Nodes and
    // Nodes × a# accelerators (and the table's Total Accelerators where v6.0 gives one).
    let catalogue = catalogue();
    let mut checked = 0;
    for round in ["v4.1", "v5.1", "v6.0"] {
        for row in raw(round) {
            let nodes = match row.get("Nodes") {
                Some(Value::Number(_) | Value::String(_)) => number(&row, "Nodes"),
                _ => continue,
            };
            let (Some(benchmark), Some(scenario)) = (
                Benchmark::ALL.into_iter().find(|b| b.id() == text(&row, "Model")),
                Scenario::ALL.into_iter().find(|s| s.label() == text(&row, "Scenario")),
            ) else {
                continue;
            };
            let Some(ours) = catalogue.result(text(&row, "ID"), benchmark, scenario) else { continue };
            let total = nodes * number(&row, "a#");
            assert_eq!((f64::from(ours.nodes), f64::from(ours.accelerators)), (nodes, total), "{}", ours.id);
            if let Some(Value::Number(t)) = row.get("Total Accelerators") {
                assert_eq!(t.as_f64(), Some(total), "{}", ours.id);
            }
            if nodes > 1.0 {
                checked += 1;
            }
        }
    }
    // v4.1: H100 SXM on 2 and 4 nodes 8; v5.1: H200 SXM 6, H100 SXM 12, MI300X 4, MI325X 4, GB200 5,
    // GB300 4; v6.0: GB200 4 + 17, GB300 4 + 2 + 19 + 2, MI350X 3 (6.0-0011, two nodes).
    assert_eq!(checked, 8 + (6 + 12 + 4 + 4 + 5 + 4) + (4 + 17 + 4 + 2 + 19 + 2 + 3));
}

#[test]
fn the_nvl72_racks_import_as_published() {
    let rows = import("v6.0", &["gb200", "gb300"], &["6.0-0075", "6.0-0076", "6.0-0078"]);
    let gb200 = find(&rows, "6.0-0075", B99, Offline);
    assert_eq!((&*gb200.card, gb200.nodes, gb200.accelerators, gb200.tokens_per_s), ("gb200", 18, 72, 888054.0));
    assert_eq!(gb200.stated_power.as_ref().map(|p| p.watts), Some(1200.0));
    let gb300 = find(&rows, "6.0-0078", B99, Interactive);
    assert_eq!((&*gb300.card, gb300.nodes, gb300.accelerators, gb300.tokens_per_s), ("gb300", 18, 72, 814128.0));
    assert_eq!(gb300.stated_power.as_ref().map(|p| p.watts), Some(1400.0));
    // Four racks: 72 nodes × 4.
    let four = find(&rows, "6.0-0076", Benchmark::DeepseekR1, Offline);
    assert_eq!((four.nodes, four.accelerators, four.tokens_per_s), (72, 288, 2494310.0));
    assert_eq!(four.stated_power, None, "its Notes state no power: the card's rating applies");
}

#[test]
fn systems_of_several_accelerator_kinds_are_left_out() {
    // Their Accelerator names every kind (and AMD's custom clusters a count that is not nodes × a#):
    // no card claims those texts, so no row of those entries is imported.
    for (round, id) in
        [("v5.1", "5.1-0065"), ("v5.1", "5.1-0091"), ("v6.0", "6.0-0031"), ("v6.0", "6.0-0001"), ("v6.0", "6.0-0003")]
    {
        assert!(raw(round).iter().any(|r| text(r, "ID") == id), "{id} is in the table");
        assert!(import(round, &ALL_CARDS, &[]).iter().all(|r| r.id != id), "{id}");
        assert!(catalogue().entry(id).next().is_none(), "{id}");
    }
}
