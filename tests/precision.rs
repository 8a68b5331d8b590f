//! Issue 34.9: every published result carries the `weight_transformations` its submission's own
//! measurements file states, read by `data/tools/mlperf-measurements.py` from MLCommons' results
//! repositories. Its table of every row (found or not) is `tests/fixtures/mlperf/measurements.json`;
//! the catalogue's `weight_transformations` must be that table's, and a few values are checked
//! against the files as read by hand.
#![allow(clippy::panic, clippy::unwrap_used, clippy::indexing_slicing)] // a test fails by panicking

use std::collections::BTreeMap;
use token_energy::catalogue::{Benchmark, Catalogue, PublishedResult, Scenario};
use token_energy::precision::{states_none, Precision};

fn table() -> serde_json::Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mlperf/measurements.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn row<'a>(c: &'a Catalogue, id: &str, b: Benchmark, s: Scenario) -> &'a PublishedResult {
    c.result(id, b, s).unwrap_or_else(|| panic!("{id} {b:?} {s:?}"))
}

fn stated(r: &PublishedResult) -> Option<(&str, &str)> {
    r.weight_transformations.as_ref().map(|t| (&*t.text, &*t.source))
}

#[test]
fn v4_1_0049_llama2_70b_99_9_still_reads_quantization_affine_fusion() {
    let c = Catalogue::embedded();
    for s in [Scenario::Offline, Scenario::Server] {
        let r = row(c, "v4.1-0049", Benchmark::Llama2_70b999, s);
        assert_eq!(stated(r), Some(("quantization, affine fusion", "mlperf-v4.1-measurements")), "{s:?}");
        assert_eq!(
            Precision::of(r),
            Precision::StartedFrom {
                weights: "fp16",
                transformations: "quantization, affine fusion",
                source: "mlperf-v4.1-measurements"
            }
        );
    }
}

/// Rows with a measurements file found and without, per round, counted off the importer's table
/// (not with the importer's code), and held to the catalogue's rows one by one.
#[test]
fn the_catalogue_carries_the_importers_table_row_by_row() {
    let c = Catalogue::embedded();
    let t = table();
    let rows = t["rows"].as_array().unwrap();
    // Issue 50's 302 rows (v6.1's 288, v6.0's 14 MI350X) were imported without their measurements
    // files (MLCommons' results repositories were not reachable from that session): no line, no
    // transformations, "FP16 weights"-style labels from the table's weights alone.
    assert_eq!(rows.len() + 288 + 14, c.results.len(), "the table has a line for every catalogue row but issue 50's");
    let unread: Vec<&token_energy::catalogue::PublishedResult> =
        c.results.iter().filter(|r| r.round == "v6.1" || (r.round == "v6.0" && r.card == "mi350x")).collect();
    assert_eq!(unread.len(), 288 + 14);
    assert!(unread.iter().all(|r| r.weight_transformations.is_none()));
    let mut counts: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for line in rows {
        let round = line["round"].as_str().unwrap();
        let found = line["status"] == "found";
        let count = counts.entry(round).or_default();
        if found {
            count.0 += 1;
        } else {
            count.1 += 1;
        }
        let b = Benchmark::from_id(line["benchmark"].as_str().unwrap()).unwrap();
        let s = Scenario::from_id(line["scenario"].as_str().unwrap()).unwrap();
        let r = row(c, line["id"].as_str().unwrap(), b, s);
        assert_eq!(r.round, round);
        let source = format!("mlperf-{round}-measurements");
        match line["weight_transformations"].as_str().filter(|_| found) {
            Some(text) => {
                assert_eq!(stated(r), Some((text, source.as_str())), "{line}");
                // The file's starting format is the summary table's.
                assert_eq!(line["weight_data_types"].as_str(), Some(&*r.weights), "{line}");
            }
            None => assert_eq!(r.weight_transformations, None, "{line}"),
        }
    }
    // Read off the table: every row of the three rounds has its file (v6.0's read from commit
    // 4d3916a of MLCommons' history, in a fork's copy: see data/sources.json).
    let expected: BTreeMap<&str, (usize, usize)> =
        [("v4.1", (158, 0)), ("v5.1", (348, 0)), ("v6.0", (304, 0))].into_iter().collect();
    assert_eq!(counts, expected);
    // The catalogue's own count, per round: rows with transformations stated and not.
    let mut ours: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for r in &c.results {
        let count = ours.entry(&r.round).or_default();
        if r.weight_transformations.is_some() {
            count.0 += 1;
        } else {
            count.1 += 1;
        }
    }
    let mut issue_50: BTreeMap<&str, (usize, usize)> = [("v6.0", (0, 14)), ("v6.1", (0, 288))].into_iter().collect();
    for (round, (stated, not)) in expected {
        let count = issue_50.entry(round).or_default();
        count.0 += stated;
        count.1 += not;
    }
    assert_eq!(ours, issue_50);
    // The repositories and commits read.
    assert_eq!(t["read"]["v4.1"]["commit"], "198fc46799b3328b36ee4bcbdebfa2db5a8e6183");
    assert_eq!(t["read"]["v5.1"]["commit"], "965182b03376a00fcae415c54e560e1c83937932");
    assert_eq!(t["read"]["v6.0"]["commit"], "4d3916ac9cf474b679cdfcf492d43a0559418ad1");
}

#[test]
fn what_the_rows_state_and_how_they_are_labelled() {
    let c = Catalogue::embedded();
    let mut by: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for r in &c.results {
        *by.entry((&r.round, r.weight_transformations.as_ref().map_or("(no file)", |t| &*t.text))).or_default() += 1;
    }
    let expected: BTreeMap<(&str, &str), usize> = [
        (("v4.1", "quantization, affine fusion"), 146),
        (("v4.1", "quantization"), 10),
        (("v4.1", "none"), 2),
        (("v5.1", "quantization, affine fusion"), 254),
        (("v5.1", "quantization"), 94),
        (("v6.0", "quantization, affine fusion"), 232),
        (("v6.0", "quantization"), 68),
        (("v6.0", "none"), 4),
        // Issue 50: no measurements file read.
        (("v6.0", "(no file)"), 14),
        (("v6.1", "(no file)"), 288),
    ]
    .into_iter()
    .collect();
    assert_eq!(by, expected);
    // Served format not stated: exactly the rows whose file states a transformation beside a 16-bit
    // type (the original weights' width). Every other row's stated type is what ran.
    let open: Vec<&str> = c.results.iter().filter(|r| Precision::of(r).served().is_none()).map(|r| &*r.id).collect();
    let sixteen_transformed = c
        .results
        .iter()
        .filter(|r| {
            r.weights.eq_ignore_ascii_case("fp16")
                && r.weight_transformations.as_ref().is_some_and(|t| !t.text.eq_ignore_ascii_case("none"))
        })
        .count();
    assert_eq!(open.len(), sixteen_transformed);
    assert!(open.contains(&"v4.1-0049"), "{open:?}");
}

/// Values read by hand from the repositories (`git show <commit>:<path>`), at the commits above.
#[test]
fn spot_values_read_by_hand_from_the_measurements_files() {
    let c = Catalogue::embedded();
    let cases: [(&str, Benchmark, Scenario, &str, &str, &str); 7] = [
        // mlcommons/inference_results_v4.1
        // closed/NVIDIA/measurements/H200-SXM-141GBx8_TRT_MaxQ/llama2-70b-99/Server/H200-SXM-141GBx8_TRT_MaxQ_Server.json:
        // weight_data_types "fp16", weight_transformations "quantization, affine fusion"
        ("v4.1-0049", Benchmark::Llama2_70b99, Scenario::Server, "fp16", "quantization, affine fusion", "v4.1"),
        // closed/RedHat/measurements/L40S-RedHat-OpenShift/llama2-70b-99.9/Offline/L40S-RedHat-OpenShift.json:
        // "fp16", "none" (starting_weights_filename https://huggingface.co/meta-llama/Llama-2-70b-chat-hf)
        ("v4.1-0058", Benchmark::Llama2_70b999, Scenario::Offline, "fp16", "none", "v4.1"),
        // closed/NeuralMagic/measurements/vLLM_8xL40S-reference-cpu-pytorch-v2.3.1-default_config/llama2-70b-99/server/vLLM_8xL40S-reference-cpu-pytorch-v2.3.1-default_config.json:
        // "fp8", "quantization" (a lower-case scenario folder)
        ("v4.1-0052", Benchmark::Llama2_70b99, Scenario::Server, "fp8", "quantization", "v4.1"),
        // mlcommons/inference_results_v5.1
        // closed/Lenovo/measurements/SR680a_V3_B200SXMx8_TRT/llama2-70b-99/Offline/SR680a_V3_B200SXMx8_TRT_Offline.json:
        // "fp4", "quantization, affine fusion"
        ("5.1-0061", Benchmark::Llama2_70b99, Scenario::Offline, "fp4", "quantization, affine fusion", "v5.1"),
        // closed/AMD/measurements/8xMI300X_2xEPYC_9575F/llama2-70b-99/Offline/8xMI300X_2xEPYC_9575F.json:
        // "fp8", "quantization"
        ("5.1-0001", Benchmark::Llama2_70b99, Scenario::Offline, "fp8", "quantization", "v5.1"),
        // mlcommons/inference_results_v6.0 (commit 4d3916a)
        // closed/ASUSTeK/results/ESC8000A_E13P_RTX_PRO_6000_PCIE_96GBx8_TRT/llama2-70b-99/Offline/measurements.json:
        // "fp4", "quantization, affine fusion"
        ("6.0-0004", Benchmark::Llama2_70b99, Scenario::Offline, "fp4", "quantization, affine fusion", "v6.0"),
        // closed/RedHat/results/8xB200-LLM-D-Openshift/gpt-oss-120b/Offline/measurements.json:
        // "mxfp4", "none"
        ("6.0-0091", Benchmark::GptOss120b, Scenario::Offline, "mxfp4", "none", "v6.0"),
    ];
    for (id, b, s, weights, transformations, round) in cases {
        let r = row(c, id, b, s);
        assert_eq!(&*r.weights, weights, "{id}");
        let source = format!("mlperf-{round}-measurements");
        assert_eq!(stated(r), Some((transformations, source.as_str())), "{id}");
        let p = Precision::of(r);
        if transformations == "none" {
            assert_eq!(p, Precision::Weights(weights), "{id}");
        } else if weights == "fp16" {
            // A 16-bit type is the original weights' width: a quantization beside it leaves the served format open.
            assert!(matches!(p, Precision::StartedFrom { .. }), "{id}: {p:?}");
            assert_eq!(p.served(), None);
        } else {
            // A narrower type stated with a transformation is what the transformation produced.
            assert!(matches!(p, Precision::Transformed { .. }), "{id}: {p:?}");
            assert_eq!(p.served().as_deref(), Some(weights.to_ascii_uppercase().as_str()));
        }
    }
}

#[test]
fn what_counts_as_no_transformation() {
    for none in ["none", "None", " NONE ", "", "  ", "N/A", "n/a", "no"] {
        assert!(states_none(none), "{none:?}");
    }
    for some in ["quantization", "quantization, affine fusion", "none yet quantized", "noise"] {
        assert!(!states_none(some), "{some:?}");
    }
    // A row with no measurements file read keeps the table's format.
    let c = Catalogue::embedded();
    let mut r = row(c, "5.1-0061", Benchmark::Llama2_70b99, Scenario::Offline).clone();
    r.weight_transformations = None;
    assert_eq!(Precision::of(&r), Precision::Weights("fp4"));
    assert_eq!(Precision::of(&r).served().as_deref(), Some("FP4"));
}
