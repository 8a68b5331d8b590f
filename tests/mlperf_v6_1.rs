//! Issue 50: MLPerf Inference v6.1 in the catalogue, held to MLCommons' own table.
//!
//! The test reads `summary.csv` (`tests/fixtures/mlperf/summary_v6.1.csv`, a byte-identical copy of
//! `shared/reference/mlperf/summary_v6.1.csv`) with a reader of its own, counts the rows it should
//! give per accelerator, card and benchmark, and holds those counts to `V6.1.md`'s table (typed here)
//! and to the catalogue. Energy per token is worked out by hand from figures copied out of the CSV.
//!
//! Rows checked by hand against the CSV (its text, read by eye): NVIDIA's VR-NVL72 deepseek-r1
//! Offline (1183326.8540322022 tokens/s, 18 × 4, "2300W TGP Per GPU", preview), Nebius' VR200
//! deepseek-r1 Server (591368.312764167, 9 × 4), Dell's XE9780 B300 llama2-70b-99.9 Offline
//! (104006.0, accelerator spelled "Nvidia B300-SXM-270GB", "B300 TGP 1100W"), MiTAC's MI350X
//! llama3.1-8b Offline (129943.0, no notes) and Dell_AMD's MI350P gpt-oss-120b Offline (48971.1).
//! MLCommons' results repository itself was not reachable from this session to spot-check against.

#![allow(clippy::expect_used, clippy::panic, clippy::unwrap_used, clippy::indexing_slicing)]

use std::collections::BTreeMap;
use token_energy::catalogue::{self, Benchmark, Catalogue, PublishedResult, Scenario};
use token_energy::form::ThroughputChoice;
use token_energy::i18n::{self, Lang};
use token_energy::import::{self, ImportError};
use token_energy::link::{decode, encode};
use token_energy::model;

mod common;

const VR: &str = "6.1:NVIDIA/VR-NVL72_VR-288GB_aarch64x72_TRT";

fn c() -> &'static Catalogue {
    Catalogue::embedded()
}

fn csv_text() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mlperf/summary_v6.1.csv");
    std::fs::read_to_string(path).expect("the v6.1 table is in tests/fixtures/mlperf")
}

/// The table as records of named fields: a reader written for this test (quotes, doubled quotes,
/// commas and line breaks inside quotes), not the importer's.
fn table() -> Vec<BTreeMap<String, String>> {
    let text = csv_text();
    let mut records: Vec<Vec<String>> = vec![vec![String::new()]];
    let mut in_quotes = false;
    let bytes: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let ch = bytes[i];
        let record = records.last_mut().unwrap();
        if in_quotes {
            if ch == '"' && bytes.get(i + 1) == Some(&'"') {
                record.last_mut().unwrap().push('"');
                i += 1;
            } else if ch == '"' {
                in_quotes = false;
            } else {
                record.last_mut().unwrap().push(ch);
            }
        } else if ch == '"' {
            in_quotes = true;
        } else if ch == ',' {
            record.push(String::new());
        } else if ch == '\n' {
            records.push(vec![String::new()]);
        } else if ch != '\r' {
            record.last_mut().unwrap().push(ch);
        }
        i += 1;
    }
    records.retain(|r| r.len() > 1);
    let header = records.remove(0);
    records.into_iter().map(|r| header.iter().cloned().zip(r).collect()).collect()
}

/// The rows of V6.1.md's "What maps to the catalogue": closed, datacenter, tokens/s, the four LLM
/// benchmarks, available or preview.
fn llm_rows() -> Vec<BTreeMap<String, String>> {
    table()
        .into_iter()
        .filter(|r| {
            r["Division"] == "closed"
                && r["SystemType"] == "datacenter"
                && r["Units"] == "Tokens/s"
                && ["gpt-oss-120b", "llama2-70b-99.9", "llama3.1-8b", "deepseek-r1"]
                    .contains(&r["MlperfModel"].as_str())
        })
        .collect()
}

/// V6.1.md's table: accelerator string, card, rows.
const MAPPED: [(&str, &str, usize); 11] = [
    ("NVIDIA B300-SXM-270GB", "b300-sxm", 95),
    ("Nvidia B300-SXM-270GB", "b300-sxm", 4),
    ("AMD Instinct MI355X 288GB HBM3e", "mi355x", 58),
    ("NVIDIA GB300", "gb300", 44),
    ("NVIDIA RTX PRO 6000 Blackwell Server Edition", "rtx-pro-6000-se", 29),
    ("NVIDIA GB200", "gb200", 25),
    ("NVIDIA B200-SXM-180GB", "b200-sxm", 10),
    ("AMD Instinct MI300X 192GB HBM3", "mi300x", 2),
    ("AMD Instinct MI350X 288GB HBM3e", "mi350x", 8),
    ("AMD Instinct MI350P", "mi350p", 8),
    ("NVIDIA Vera Rubin", "vera-rubin", 3),
];

fn v6_1() -> Vec<&'static PublishedResult> {
    c().results.iter().filter(|r| r.round == "v6.1").collect()
}

#[test]
fn the_table_has_v6_1_md_s_counts_and_the_catalogue_its_rows_per_card_and_benchmark() {
    let rows = llm_rows();
    // V6.1.md: 345 rows (gpt-oss-120b 112, llama2-70b-99.9 87, llama3.1-8b 76, deepseek-r1 70), of
    // them 338 available, 5 preview, 2 rdi.
    let count = |f: &dyn Fn(&BTreeMap<String, String>) -> bool| rows.iter().filter(|r| f(r)).count();
    assert_eq!(rows.len(), 345);
    assert_eq!(
        ["gpt-oss-120b", "llama2-70b-99.9", "llama3.1-8b", "deepseek-r1"].map(|m| count(&|r| r["MlperfModel"] == m)),
        [112, 87, 76, 70]
    );
    assert_eq!(["available", "preview", "rdi"].map(|a| count(&|r| r["Availability"] == a)), [338, 5, 2]);
    let taken: Vec<&BTreeMap<String, String>> = rows.iter().filter(|r| r["Availability"] != "rdi").collect();
    // Per accelerator string: V6.1.md's table (Nebius' "NVIDIA VR200" 2 beside Vera Rubin's 3).
    let mut expected: Vec<(&str, &str, usize)> = MAPPED.to_vec();
    expected.push(("NVIDIA VR200", "vera-rubin", 2));
    for (accelerator, _, n) in &expected {
        assert_eq!(taken.iter().filter(|r| r["accelerator_model_name"] == *accelerator).count(), *n, "{accelerator}");
    }
    // 263 on the cards the catalogue had, 288 in all.
    let old_cards = ["b300-sxm", "mi355x", "gb300", "rtx-pro-6000-se", "gb200", "b200-sxm", "mi300x"];
    let on_old: usize =
        expected.iter().filter(|(a, card, _)| old_cards.contains(card) && !a.starts_with("Nvidia")).map(|e| e.2).sum();
    assert_eq!(on_old, 263);
    assert_eq!(v6_1().len(), 288);
    // The catalogue's v6.1 rows per card and benchmark are the table's.
    let card_of = |a: &str| expected.iter().find(|e| e.0 == a).map(|e| e.1);
    let mut from_table: BTreeMap<(String, String), usize> = BTreeMap::new();
    for r in &taken {
        if let Some(card) = card_of(&r["accelerator_model_name"]) {
            *from_table.entry((card.to_owned(), r["MlperfModel"].clone())).or_default() += 1;
        }
    }
    let mut ours: BTreeMap<(String, String), usize> = BTreeMap::new();
    for r in v6_1() {
        *ours.entry((r.card.to_string(), r.benchmark.id().to_owned())).or_default() += 1;
    }
    assert_eq!(ours, from_table);
    // Per card: V6.1.md's figures.
    let per_card = |card: &str| v6_1().iter().filter(|r| r.card == card).count();
    assert_eq!(
        [
            "b300-sxm",
            "mi355x",
            "gb300",
            "rtx-pro-6000-se",
            "gb200",
            "b200-sxm",
            "mi300x",
            "mi350x",
            "mi350p",
            "vera-rubin"
        ]
        .map(per_card),
        [95 + 4, 58, 44, 29, 25, 10, 2, 8, 8, 5]
    );
    // v6.0's MI350X rows came with the card: 6.0-0011, 0012, 0071, 0100 (llama2-70b-99 11, -99.9 3).
    let mi350x_v6_0: Vec<&PublishedResult> =
        c().results.iter().filter(|r| r.card == "mi350x" && r.round == "v6.0").collect();
    assert_eq!(mi350x_v6_0.len(), 14);
    assert_eq!(mi350x_v6_0.iter().filter(|r| r.benchmark == Benchmark::Llama2_70b99).count(), 11);
}

#[test]
fn every_v6_1_row_is_keyed_by_its_results_folder_and_carries_the_table_s_figures() {
    let rows = llm_rows();
    for r in v6_1() {
        let found: Vec<&BTreeMap<String, String>> = rows
            .iter()
            .filter(|t| {
                format!("6.1:{}/{}", t["Organization"], t["Platform"]) == *r.id
                    && t["MlperfModel"] == r.benchmark.id()
                    && t["Scenario"] == r.scenario.label()
            })
            .collect();
        assert_eq!(found.len(), 1, "{} {} {}", r.id, r.benchmark.id(), r.scenario.id());
        let t = found[0];
        assert_eq!(r.tokens_per_s, t["Result"].parse::<f64>().unwrap(), "{}", r.id);
        assert_eq!(r.accelerators.to_string(), t["total_accelerators"], "{}", r.id);
        assert_eq!(r.nodes.to_string(), t["number_of_nodes"], "{}", r.id);
        assert_eq!(
            (&*r.submitter, &*r.system, &*r.category),
            (t["Organization"].as_str(), t["SystemName"].as_str(), t["Availability"].as_str())
        );
        assert_eq!(&*r.weights, t["weight_data_types"].as_str());
        let folder = format!("https://github.com/mlcommons/inference_results_v6.1/tree/main/{}", &t["Location"][2..]);
        assert_eq!(r.folder(), Some(folder), "{}", r.id);
        assert_eq!(r.source, "mlperf-inference-v6.1");
    }
    // The keys are unique per system × benchmark × scenario, as MLCommons' Location is per row.
    let mut keys: Vec<_> = v6_1().iter().map(|r| (r.id.to_string(), r.benchmark, r.scenario)).collect();
    keys.sort_by(|a, b| (&a.0, a.1.id(), a.2.id()).cmp(&(&b.0, b.1.id(), b.2.id())));
    let n = keys.len();
    keys.dedup();
    assert_eq!(keys.len(), n);
    // Left out until a maker's rating is read: the RTX PRO 4500 and the Arc Pro B70.
    for card in &c().cards {
        assert!(card.mlperf_accelerators.iter().all(|a| !a.contains("4500") && !a.contains("B70")), "{}", card.id);
    }
}

/// J/token of a link, as the model works it out.
fn j_per_token(query: &str) -> f64 {
    let d = decode(c(), query);
    assert!(d.notices.is_empty(), "{query}: {:?}", d.notices);
    model::evaluate(c(), &d.form).figures.energy_per_token.expect("a figure").value
}

#[test]
fn five_rows_energy_per_token_by_hand() {
    let cases: [(&str, f64); 5] = [
        // Vera Rubin NVL72: 72 GPUs × 2300 W ÷ 1,183,326.85 tokens/s = 0.1399 J/token.
        (
            "?v=1&result=6.1:NVIDIA/VR-NVL72_VR-288GB_aarch64x72_TRT&model=deepseek-r1&scenario=offline",
            72.0 * 2300.0 / 1_183_326.854_032_202_2,
        ),
        // Nebius' VR200, 9 nodes × 4: 36 × 2300 W ÷ 591,368.31 tokens/s.
        (
            "?v=1&result=6.1:Nebius/VR200-NVL72_aarch64x36&model=deepseek-r1&scenario=server",
            36.0 * 2300.0 / 591_368.312_764_167,
        ),
        // Dell's B300 ("B300 TGP 1100W"): 8 × 1100 W ÷ 104,006 tokens/s.
        (
            "?v=1&result=6.1:Dell/XE9780-B300-SXM-270GBx8_TRT&model=llama2-70b-99.9&scenario=offline",
            8.0 * 1100.0 / 104_006.0,
        ),
        // MiTAC's MI350X, no stated setting: the rated 1000 W. 8 × 1000 W ÷ 129,943 tokens/s.
        ("?v=1&result=6.1:MiTAC/8xMI350X_2xEPYC-9755&model=llama3.1-8b&scenario=offline", 8.0 * 1000.0 / 129_943.0),
        // Dell_AMD's MI350P: the rows do not say 600 W or 450 W, so the ceiling takes the rated 600 W.
        (
            "?v=1&result=6.1:Dell_AMD/XE7745_8xMI350P_2xEPYC-9455&model=gpt-oss-120b&scenario=offline",
            8.0 * 600.0 / 48_971.1,
        ),
    ];
    for (query, expected) in cases {
        let j = j_per_token(query);
        assert!((j - expected).abs() <= expected * 1e-12, "{query}: {j} against {expected}");
    }
    // As printed: 0.1399 J/token.
    assert_eq!(
        format!("{:.4}", j_per_token(&format!("?v=1&result={VR}&model=deepseek-r1&scenario=offline"))),
        "0.1399"
    );
}

#[test]
fn the_key_opens_the_same_row_raw_percent_encoded_and_through_an_alias() {
    let raw = decode(c(), &format!("?v=1&result={VR}&model=deepseek-r1&scenario=offline"));
    let encoded =
        decode(c(), "?v=1&result=6.1%3ANVIDIA%2FVR-NVL72_VR-288GB_aarch64x72_TRT&model=deepseek-r1&scenario=offline");
    assert_eq!(raw.form, encoded.form);
    assert!(raw.notices.is_empty() && encoded.notices.is_empty());
    assert_eq!(raw.form.throughput, ThroughputChoice::Published(VR.to_owned()));
    assert_eq!(
        (&*raw.form.card, raw.form.benchmark, raw.form.scenario),
        ("vera-rubin", Benchmark::DeepseekR1, Scenario::Offline)
    );
    assert_eq!(raw.form.gpus, "72");
    assert_eq!(raw.form.watts, "2300");
    // The page's own link writes the key and reads back to the same form.
    let again = decode(c(), &encode(&raw.form, false));
    assert_eq!(again.form, raw.form);
    // An alias maps an official ID to the key; the table is empty until MLCommons publishes v6.1's IDs,
    // and every key it will hold must be a catalogue row.
    let aliases = [("6.1-0042", VR)];
    assert_eq!(catalogue::resolve_in(&aliases, "6.1-0042"), VR);
    assert_eq!(catalogue::resolve_in(&aliases, "6.0-0021"), "6.0-0021");
    assert_eq!(catalogue::resolve("6.0-0021"), "6.0-0021");
    for (alias, key) in catalogue::RESULT_ALIASES {
        assert!(c().entry(key).next().is_some(), "{alias} → {key}");
        assert!(c().entry(alias).next().is_none(), "{alias} is not a key itself");
    }
    // A key the catalogue lacks is reported, as an unknown ID is.
    let unknown = decode(c(), "?v=1&result=6.1:NVIDIA/No-Such-System");
    assert_eq!(unknown.notices.len(), 1);
}

#[test]
fn the_five_vera_rubin_rows_are_previews_and_say_so_where_they_are_named() {
    let previews: Vec<&PublishedResult> = c().results.iter().filter(|r| r.is_preview()).collect();
    assert_eq!(previews.len(), 5);
    assert!(previews.iter().all(|r| r.card == "vera-rubin" && r.round == "v6.1"));
    let row = c().result(VR, Benchmark::DeepseekR1, Scenario::Offline).expect("the VR row");
    let card = c().card("vera-rubin");
    // The select's line.
    let en = i18n::result_label(Lang::En, &model::result_label(row, card));
    assert!(en.starts_with(&format!("{VR} (preview — not yet available) · NVIDIA · 72 × FP4 (18 × 4, NVL72)")), "{en}");
    let de = i18n::result_label(Lang::De, &model::result_label(row, card));
    assert!(de.contains("(Vorschau – noch nicht erhältlich)"), "{de}");
    // A comparison's default name and subtitle (the grid, the sheet and the exports' name column).
    let form = decode(c(), &format!("?v=1&result={VR}&model=deepseek-r1&scenario=offline")).form;
    let facts = token_energy::compare::facts(c(), &form);
    assert!(facts.preview);
    for lang in [Lang::En, Lang::De] {
        let t = lang.strings();
        assert!((t.compare_default_name)(&facts).contains(t.preview_mark), "{lang:?}");
        assert!((t.compare_subtitle)(&facts).contains(t.preview_mark), "{lang:?}");
    }
    // The sheet's and the e-mail's configuration line name it so too.
    assert_eq!(i18n::result_id(Lang::En, c(), VR), format!("{VR} (preview — not yet available)"));
    assert_eq!(i18n::result_id(Lang::De, c(), VR), format!("{VR} (Vorschau – noch nicht erhältlich)"));
    assert_eq!(i18n::result_id(Lang::En, c(), "6.0-0021"), "6.0-0021");
    // An available row says nothing of the kind.
    let b300 =
        decode(c(), "?v=1&result=6.1:Dell/XE9780-B300-SXM-270GBx8_TRT&model=llama2-70b-99.9&scenario=offline").form;
    let facts = token_energy::compare::facts(c(), &b300);
    assert!(!facts.preview && !(Lang::En.strings().compare_default_name)(&facts).contains("preview"));
}

#[test]
fn vera_rubin_nvl72_is_one_rack_and_nebius_36_gpus_several_nodes_with_no_rack_power_published() {
    let card = c().card("vera-rubin").expect("the card");
    let rack = card.rack.as_ref().expect("sold as NVL72");
    assert_eq!((&*rack.name, rack.accelerators), ("NVL72", 72));
    // No source states the rack's power: no system, so the plan counts the GPU boards alone ("at least").
    assert!(card.systems.is_empty());
    let vr = c().result(VR, Benchmark::DeepseekR1, Scenario::Offline).unwrap();
    assert_eq!((vr.nodes, vr.accelerators, vr.racks(card)), (18, 72, Some(1)));
    let nebius = c().result("6.1:Nebius/VR200-NVL72_aarch64x36", Benchmark::DeepseekR1, Scenario::Offline).unwrap();
    assert_eq!((nebius.nodes, nebius.accelerators, nebius.racks(card)), (9, 36, None));
    let shape = token_energy::system::shape(card, 72, None);
    assert_eq!(shape.shape, token_energy::system::Shape::Racks { racks: 1 });
    assert!(shape.sourced.is_none());
    // 72 × 2300 W = 165.6 kW of GPU boards.
    let d = decode(c(), &format!("?v=1&result={VR}&model=deepseek-r1&scenario=offline"));
    let board = model::evaluate(c(), &d.form).figures.board_power.expect("boards").value;
    assert_eq!(board, 165_600.0);
}

#[test]
fn the_result_select_groups_by_round_newest_first_and_finds_by_submitter_or_system() {
    let cat = c();
    let all = cat.result_choices("b300-sxm", "", None);
    let rounds: Vec<&str> = all.groups.iter().map(|g| g.round).collect();
    assert_eq!(rounds, ["v6.1", "v6.0"]);
    let entries = |card: &str| {
        let mut ids: Vec<&str> = cat.results.iter().filter(|r| r.card == card).map(|r| &*r.id).collect();
        ids.sort_unstable();
        ids.dedup();
        ids.len()
    };
    assert_eq!(all.all, entries("b300-sxm"));
    assert_eq!((all.found, all.groups.iter().map(|g| g.entries.len()).sum::<usize>()), (all.all, all.all));
    // "dell" finds Dell's systems (by submitter), in either case; "xe9780" by system name.
    let dell = cat.result_choices("b300-sxm", "DELL", None);
    let dell_entries = {
        let mut ids: Vec<&str> = cat
            .results
            .iter()
            .filter(|r| r.card == "b300-sxm" && r.submitter.to_lowercase().contains("dell"))
            .map(|r| &*r.id)
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids.len()
    };
    assert!(dell_entries > 1);
    assert_eq!(dell.found, dell_entries);
    assert!(dell.groups.iter().flat_map(|g| &g.entries).all(|r| r.submitter.to_lowercase().contains("dell")));
    let xe = cat.result_choices("b300-sxm", "xe9780", None);
    assert!(xe.groups.iter().flat_map(|g| &g.entries).any(|r| r.id == "6.1:Dell/XE9780-B300-SXM-270GBx8_TRT"));
    // The search box from 13 entries on: the B300's, not the H200 NVL's 6 or Vera Rubin's 2.
    assert!(all.searchable());
    assert!(!cat.result_choices("h200-nvl", "", None).searchable());
    assert!(!cat.result_choices("vera-rubin", "", None).searchable());
    // The chosen entry stays listed whatever is typed; nothing found lists it alone.
    let none = cat.result_choices("b300-sxm", "no such submitter", Some("6.0-0073"));
    assert_eq!(none.found, 0);
    assert_eq!(none.groups.iter().flat_map(|g| &g.entries).map(|r| &*r.id).collect::<Vec<_>>(), ["6.0-0073"]);
    // The default card and benchmark still open with a published result.
    let d = decode(cat, "");
    assert!(matches!(d.form.throughput, ThroughputChoice::Published(_)));
}

#[test]
fn the_importer_reads_the_csv_and_refuses_a_folder_that_disagrees_with_its_row() {
    let header = "Organization,Availability,Division,SystemType,SystemName,Platform,Model,MlperfModel,Scenario,Result,\
number_of_nodes,accelerator_model_name,accelerators_per_node,total_accelerators,Location,notes,version,has_power,Units,weight_data_types";
    let line = |location: &str| {
        format!(
            "\"Ex\",\"available\",\"closed\",\"datacenter\",\"Ex \"\"8x\"\", one\nserver\",\"P8\",\"llama3.1-8b\",\"llama3.1-8b\",\"Offline\",\"1000.5\",\"1\",\"AMD Instinct MI350P\",\"8\",\"8\",\"{location}\",\"\",\"v6.1\",\"False\",\"Tokens/s\",\"fp8\""
        )
    };
    let cards = vec![c().card("mi350p").unwrap().clone()];
    let good = format!("{header}\r\n{}\r\n", line("./closed/Ex/results/P8/llama3.1-8b/Offline/performance/run_1"));
    let rows = import::import_csv(&good, &cards, &[], false).expect("imports");
    assert_eq!(rows.len(), 1);
    assert_eq!((&*rows[0].id, &*rows[0].system, rows[0].tokens_per_s), ("6.1:Ex/P8", "Ex \"8x\", one\nserver", 1000.5));
    assert_eq!(
        rows[0].folder().as_deref(),
        Some("https://github.com/mlcommons/inference_results_v6.1/tree/main/closed/Ex/results/P8/llama3.1-8b/Offline/performance/run_1")
    );
    // A folder of another platform, or with a space, is no key: the row is refused, naming the folder.
    for location in [
        "./closed/Ex/results/Other/llama3.1-8b/Offline/performance/run_1",
        "./closed/Ex/results/P 8/llama3.1-8b/Offline/performance/run_1",
    ] {
        let bad = format!("{header}\n{}\n", line(location));
        assert!(
            matches!(import::import_csv(&bad, &cards, &[], false), Err(ImportError::Invalid { field: "Location", .. })),
            "{location}"
        );
    }
    // A preview row only where asked; an open quote is an error; a text without the columns is no table.
    let preview = good.replace("\"available\"", "\"preview\"");
    assert_eq!(import::import_csv(&preview, &cards, &[], false).map(|r| r.len()), Ok(0));
    assert_eq!(import::import_csv(&preview, &cards, &[], true).map(|r| r.len()), Ok(1));
    assert!(matches!(
        import::import_csv(&format!("{header}\n\"open"), &cards, &[], false),
        Err(ImportError::Row { .. })
    ));
    assert_eq!(import::import_csv("a,b\n1,2\n", &cards, &[], false), Err(ImportError::NotATable));
    // The fixture is the reference's copy.
    if let Some(reference) = common::reference::text("mlperf/summary_v6.1.csv") {
        assert_eq!(reference, csv_text());
    }
}
