//! The embedded catalogue: it parses, keeps its rules, and holds the verified figures.
//!
//! Expected values are typed here from `shared/reference/DATA.md` (or are arithmetic on them),
//! never read from the code under test.

// A failed test must stop with a message; that is what these are for here.
#![allow(clippy::expect_used, clippy::panic)]

use token_energy::catalogue::{
    Benchmark, Card, Catalogue, CatalogueError, ContextMeasurement, PublishedResult, Scenario, Scope, SourcedWatts,
};

fn catalogue() -> &'static Catalogue {
    Catalogue::embedded()
}

fn copy() -> Catalogue {
    catalogue().clone()
}

fn card<'a>(c: &'a Catalogue, id: &str) -> &'a Card {
    c.card(id).unwrap_or_else(|| panic!("card {id} is in the catalogue"))
}

fn card_mut<'a>(c: &'a mut Catalogue, id: &str) -> &'a mut Card {
    c.cards.iter_mut().find(|x| x.id == id).unwrap_or_else(|| panic!("card {id} is in the catalogue"))
}

fn result<'a>(c: &'a Catalogue, id: &str, benchmark: Benchmark, scenario: Scenario) -> &'a PublishedResult {
    c.result(id, benchmark, scenario)
        .unwrap_or_else(|| panic!("result {id} {} {} is in the catalogue", benchmark.id(), scenario.id()))
}

fn result_mut<'a>(c: &'a mut Catalogue, id: &str, benchmark: Benchmark, scenario: Scenario) -> &'a mut PublishedResult {
    c.results
        .iter_mut()
        .find(|r| r.id == id && r.benchmark == benchmark && r.scenario == scenario)
        .unwrap_or_else(|| panic!("result {id} is in the catalogue"))
}

fn context<'a>(c: &'a Catalogue, task: &str) -> &'a ContextMeasurement {
    c.context.iter().find(|m| m.task == task).unwrap_or_else(|| panic!("context {task} is in the catalogue"))
}

fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
    (actual - expected).abs() <= tolerance
}

use Benchmark::{Llama2_70b99 as B99, Llama2_70b999 as B999};
use Scenario::{Interactive, Offline, Server};

// ---------------------------------------------------------------------------------------------
// The data keeps its rules.

#[test]
fn embedded_catalogue_parses_and_validates() {
    let c = catalogue();
    assert_eq!(c.validate(), Vec::<CatalogueError>::new());
    assert_eq!(c.meta.data_version, "2026.12.0");
    assert_eq!(c.meta.last_updated, "2026-12-02");
}

#[test]
fn every_record_cites_a_known_source() {
    // validate() checks this too; here the other direction: every source is cited by something,
    // and every result cites its round's summary table.
    let c = catalogue();
    for r in &c.results {
        assert_eq!(r.source, format!("mlperf-inference-{}", r.round), "{}", r.id);
    }
    let mut cited: Vec<&str> = Vec::new();
    for card in &c.cards {
        cited.push(&card.max_power.source);
        cited.extend(card.min_power.as_ref().map(|m| &*m.source));
        cited.extend(card.other_limits.iter().map(|l| &*l.source));
        cited.extend(card.memory.as_ref().map(|m| &*m.source));
    }
    cited.extend(c.results.iter().map(|r| &*r.source));
    cited.extend(c.context.iter().map(|m| &*m.source));
    for s in &c.sources {
        assert!(cited.contains(&&*s.id), "source {} is cited by no record", s.id);
    }
}

#[test]
fn a_duplicate_card_id_is_reported() {
    let mut c = copy();
    let h200 = card(&c, "h200-nvl").clone();
    c.cards.push(h200);
    assert_eq!(c.validate(), vec![CatalogueError::DuplicateId { kind: "card", id: "h200-nvl".to_owned() }]);
}

#[test]
fn a_duplicate_source_id_is_reported() {
    let mut c = copy();
    let source = c.source("mlperf-inference-v6.0").expect("v6.0 source").clone();
    c.sources.push(source);
    assert_eq!(
        c.validate(),
        vec![CatalogueError::DuplicateId { kind: "source", id: "mlperf-inference-v6.0".to_owned() }]
    );
}

#[test]
fn a_duplicate_result_is_reported() {
    let mut c = copy();
    let row = result(&c, "6.0-0021", B99, Offline).clone();
    c.results.push(row);
    assert_eq!(
        c.validate(),
        vec![CatalogueError::DuplicateId { kind: "result", id: "result 6.0-0021 llama2-70b-99 offline".to_owned() }]
    );
}

#[test]
fn the_same_entry_in_another_scenario_is_no_duplicate() {
    let mut c = copy();
    // 6.0-0047 published no Interactive result; a row for it is a new key, not a duplicate.
    let mut row = result(&c, "6.0-0047", B99, Server).clone();
    row.scenario = Interactive;
    c.results.push(row);
    assert_eq!(c.validate(), Vec::<CatalogueError>::new());
}

#[test]
fn a_duplicate_context_id_is_reported() {
    let mut c = copy();
    let m = context(&c, "Text conversation").clone();
    let id = m.id.clone();
    c.context.push(m);
    assert_eq!(c.validate(), vec![CatalogueError::DuplicateId { kind: "context", id: id.to_string() }]);
}

#[test]
fn a_result_on_an_unknown_card_is_reported() {
    let mut c = copy();
    result_mut(&mut c, "6.0-0047", B99, Offline).card = "h100-pcie".to_owned().into();
    assert_eq!(
        c.validate(),
        vec![CatalogueError::UnknownCard { result: "6.0-0047".to_owned(), card: "h100-pcie".to_owned() }]
    );
}

#[test]
fn a_context_measurement_on_an_unknown_card_is_reported() {
    let mut c = copy();
    let m = c.context.iter_mut().find(|m| m.task == "Problem solving").expect("problem solving");
    m.card = "b300".to_owned().into();
    let id = m.id.clone();
    assert_eq!(c.validate(), vec![CatalogueError::UnknownCard { result: id.to_string(), card: "b300".to_owned() }]);
}

#[test]
fn a_minimum_above_the_maximum_is_reported() {
    // The L40S has no published minimum and no result with a stated power, so only this rule breaks.
    let mut c = copy();
    let source = card(&c, "l40s").max_power.source.clone();
    card_mut(&mut c, "l40s").min_power = Some(SourcedWatts { watts: 400.0, source });
    assert_eq!(c.validate(), vec![CatalogueError::MinAboveMax { card: "l40s".to_owned(), min: 400.0, max: 350.0 }]);
}

#[test]
fn a_minimum_equal_to_the_maximum_is_allowed() {
    let mut c = copy();
    let source = card(&c, "l40s").max_power.source.clone();
    card_mut(&mut c, "l40s").min_power = Some(SourcedWatts { watts: 350.0, source });
    assert_eq!(c.validate(), Vec::<CatalogueError>::new());
}

#[test]
fn a_non_positive_throughput_is_reported() {
    for bad in [0.0, -29908.4] {
        let mut c = copy();
        result_mut(&mut c, "6.0-0047", B99, Offline).tokens_per_s = bad;
        assert_eq!(
            c.validate(),
            vec![CatalogueError::NotPositive {
                record: "result 6.0-0047 llama2-70b-99 offline".to_owned(),
                field: "tokens_per_s",
                value: bad,
            }]
        );
    }
}

#[test]
fn a_non_finite_throughput_is_reported() {
    let mut c = copy();
    result_mut(&mut c, "6.0-0047", B99, Offline).tokens_per_s = f64::NAN;
    let errors = c.validate();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(matches!(
        errors.first(),
        Some(CatalogueError::NotPositive { field: "tokens_per_s", value, .. }) if value.is_nan()
    ));
}

#[test]
fn a_non_positive_board_power_is_reported() {
    // L40S: no minimum and no stated power refer to its maximum.
    let mut c = copy();
    card_mut(&mut c, "l40s").max_power.watts = 0.0;
    assert_eq!(
        c.validate(),
        vec![CatalogueError::NotPositive { record: "card l40s".to_owned(), field: "max_power", value: 0.0 }]
    );
}

#[test]
fn a_non_positive_measured_power_is_reported() {
    let mut c = copy();
    let row = result_mut(&mut c, "v4.1-0049", B999, Offline);
    row.measured_power.as_mut().expect("v4.1-0049 has a measurement").mean_watts = -6152.98;
    assert_eq!(
        c.validate(),
        vec![CatalogueError::NotPositive {
            record: "result v4.1-0049 llama2-70b-99.9 offline".to_owned(),
            field: "measured_power.mean_watts",
            value: -6152.98,
        }]
    );
}

#[test]
fn a_non_positive_context_figure_is_reported() {
    let mut c = copy();
    let m = c.context.iter_mut().find(|m| m.task == "Text conversation").expect("text conversation");
    m.joules_per_token = 0.0;
    let record = format!("context {}", m.id);
    assert_eq!(c.validate(), vec![CatalogueError::NotPositive { record, field: "joules_per_token", value: 0.0 }]);
}

#[test]
fn a_card_citing_an_unknown_source_is_reported() {
    let mut c = copy();
    card_mut(&mut c, "h200-nvl").max_power.source = "nvidia-blog".to_owned().into();
    assert_eq!(
        c.validate(),
        vec![CatalogueError::UnknownSource { record: "card h200-nvl".to_owned(), source: "nvidia-blog".to_owned() }]
    );
}

#[test]
fn a_card_citing_no_source_is_reported() {
    let mut c = copy();
    card_mut(&mut c, "rtx-pro-6000-se").min_power.as_mut().expect("published minimum").source = String::new().into();
    assert_eq!(
        c.validate(),
        vec![CatalogueError::UnknownSource { record: "card rtx-pro-6000-se".to_owned(), source: String::new() }]
    );
}

#[test]
fn a_result_citing_an_unknown_source_is_reported() {
    let mut c = copy();
    result_mut(&mut c, "6.0-0021", B99, Interactive).source = "mlperf-inference-v7.0".to_owned().into();
    assert_eq!(
        c.validate(),
        vec![CatalogueError::UnknownSource {
            record: "result 6.0-0021 llama2-70b-99 interactive".to_owned(),
            source: "mlperf-inference-v7.0".to_owned(),
        }]
    );
}

#[test]
fn a_context_measurement_citing_an_unknown_source_is_reported() {
    let mut c = copy();
    let m = c.context.iter_mut().find(|m| m.task == "Problem solving").expect("problem solving");
    m.source = String::new().into();
    let record = format!("context {}", m.id);
    assert_eq!(c.validate(), vec![CatalogueError::UnknownSource { record, source: String::new() }]);
}

#[test]
fn a_removed_source_is_reported_for_each_record_citing_it() {
    // The v5.1 table is cited by the four rows of 5.1-0061 and nothing else.
    let mut c = copy();
    c.sources.retain(|s| s.id != "mlperf-inference-v5.1");
    let errors = c.validate();
    assert_eq!(errors.len(), 4, "{errors:?}");
    assert!(errors.iter().all(|e| matches!(
        e,
        CatalogueError::UnknownSource { record, source } if record.starts_with("result 5.1-0061 ") && source == "mlperf-inference-v5.1"
    )));
}

#[test]
fn a_stated_power_outside_the_card_range_is_reported() {
    // RTX PRO 6000 SE: 300 W to 600 W.
    for bad in [250.0, 650.0] {
        let mut c = copy();
        result_mut(&mut c, "6.0-0054", B99, Offline).stated_power.as_mut().expect("6.0-0054 states 450 W").watts = bad;
        assert_eq!(
            c.validate(),
            vec![CatalogueError::StatedPowerOutOfRange { result: "6.0-0054".to_owned(), watts: bad }]
        );
    }
}

#[test]
fn an_empty_system_name_is_reported() {
    let mut c = copy();
    result_mut(&mut c, "6.0-0065", B999, Server).system = " ".to_owned().into();
    assert_eq!(
        c.validate(),
        vec![CatalogueError::Empty { record: "result 6.0-0065 llama2-70b-99.9 server".to_owned(), field: "system" }]
    );
}

#[test]
fn the_static_catalogue_built_into_the_app_is_the_json() {
    use token_energy::catalogue::json;
    let parsed = Catalogue::from_json(json::META, json::SOURCES, json::CARDS, json::RESULTS, json::CONTEXT)
        .expect("data/*.json parses");
    assert_eq!(&parsed, Catalogue::embedded(), "build.rs must reproduce data/*.json exactly");
    assert!(parsed.results.len() > 50 && parsed.cards.len() == 5);
}

#[test]
fn a_broken_file_names_itself() {
    let e = Catalogue::from_json(
        token_energy::catalogue::json::META,
        token_energy::catalogue::json::SOURCES,
        r#"[{"id": "x", "unknown_field": 1}]"#,
        token_energy::catalogue::json::RESULTS,
        token_energy::catalogue::json::CONTEXT,
    )
    .expect_err("an unknown field in cards.json is refused");
    assert_eq!(e.file, "cards.json");
    assert!(e.to_string().starts_with("data/cards.json: "), "{e}");
}

// ---------------------------------------------------------------------------------------------
// The cards (DATA.md, "Cards (board power)").

#[test]
fn card_figures_are_those_of_data_md() {
    let c = catalogue();
    let ids: Vec<&str> = c.cards.iter().map(|x| &*x.id).collect();
    assert_eq!(ids, ["h200-nvl", "rtx-pro-6000-se", "l40s", "h200-sxm", "b200-sxm"]);

    // (id, MLPerf accelerator, max W, min W, other limits W, memory)
    type Expected<'a> = (&'a str, &'a str, f64, Option<f64>, &'a [f64], &'a str);
    let expected: [Expected; 5] = [
        ("h200-nvl", "NVIDIA H200-NVL-141GB", 600.0, Some(200.0), &[350.0], "141 GB HBM3e, 4.8 TB/s"),
        (
            "rtx-pro-6000-se",
            "NVIDIA RTX PRO 6000 Blackwell Server Edition",
            600.0,
            Some(300.0),
            &[450.0],
            "96 GB GDDR7",
        ),
        ("l40s", "NVIDIA L40S", 350.0, None, &[], "48 GB GDDR6"),
        ("h200-sxm", "NVIDIA H200-SXM-141GB", 700.0, None, &[], "141 GB HBM3e"),
        ("b200-sxm", "NVIDIA B200-SXM-180GB", 1000.0, None, &[], "180 GB"),
    ];
    for (id, accelerator, max, min, others, memory) in expected {
        let x = card(c, id);
        assert_eq!(x.mlperf_accelerators.iter().map(|a| &**a).collect::<Vec<_>>(), [accelerator], "{id}");
        assert_eq!(x.max_power.watts, max, "{id} max");
        assert_eq!(x.min_power.as_ref().map(|m| m.watts), min, "{id} min");
        let other: Vec<f64> = x.other_limits.iter().map(|l| l.watts).collect();
        assert_eq!(other, others, "{id} other limits");
        assert_eq!(x.memory.as_ref().map(|m| &*m.text), Some(memory), "{id} memory");
    }
}

#[test]
fn card_figures_cite_the_documents_of_data_md() {
    let c = catalogue();
    let title = |id: &str| c.source(id).map(|s| s.title.clone()).unwrap_or_default();
    let h200 = card(c, "h200-nvl");
    assert!(title(&h200.max_power.source).contains("PB-12128-001_v01"));
    assert!(title(&h200.min_power.as_ref().expect("min").source).contains("PB-12128-001_v01"));
    let rtx = card(c, "rtx-pro-6000-se");
    assert!(title(&rtx.min_power.as_ref().expect("min").source).contains("SP-12355-001_v02"));
    assert!(title(&rtx.other_limits.first().expect("450 W mode").source).contains("LP2263"));
    assert!(title(&card(c, "h200-sxm").max_power.source).contains("v4.1-0049"));
    assert!(title(&card(c, "b200-sxm").max_power.source).contains("5.1-0061"));
    assert_eq!(c.source("nvidia-pb-12128-001").map(|s| &*s.date), Some("2025-04-11"));
    assert_eq!(c.source("nvidia-sp-12355-001").map(|s| &*s.date), Some("2025-06-27"));
}

// ---------------------------------------------------------------------------------------------
// Published throughput (DATA.md, "Published throughput").

/// DATA.md's table: (ID, card, cards, stated W, weights, Offline, Server, Interactive), llama2-70b-99
/// except v4.1-0058, which published llama2-70b-99.9 only.
#[allow(clippy::type_complexity)]
const THROUGHPUT: [(&str, &str, u32, Option<f64>, &str, f64, f64, Option<f64>); 13] = [
    ("6.0-0021", "h200-nvl", 8, Some(600.0), "fp8", 32004.0, 29084.9, Some(16343.8)),
    ("6.0-0047", "rtx-pro-6000-se", 8, None, "fp4", 29908.4, 28727.8, None),
    ("6.0-0004", "rtx-pro-6000-se", 8, None, "fp4", 27812.9, 28038.5, Some(6238.12)),
    ("6.0-0005", "rtx-pro-6000-se", 8, None, "fp4", 27730.1, 27113.8, Some(6262.63)),
    ("6.0-0022", "rtx-pro-6000-se", 8, Some(600.0), "fp4", 27034.8, 25524.1, None),
    ("6.0-0023", "rtx-pro-6000-se", 8, Some(600.0), "fp4", 26829.8, 25536.1, None),
    ("6.0-0065", "rtx-pro-6000-se", 8, None, "fp4", 26889.6, 27160.2, None),
    ("6.0-0045", "rtx-pro-6000-se", 10, None, "fp4", 36710.8, 35590.8, None),
    ("6.0-0014", "rtx-pro-6000-se", 4, Some(600.0), "fp4", 13529.8, 13029.4, None),
    ("6.0-0054", "rtx-pro-6000-se", 4, Some(450.0), "fp4", 13361.9, 12822.2, None),
    ("6.0-0052", "rtx-pro-6000-se", 2, Some(600.0), "fp4", 6901.9, 6952.97, None),
    ("v4.1-0025", "l40s", 8, None, "fp16", 3717.74, 3218.55, None),
    ("v4.1-0058", "l40s", 4, None, "fp16", 1717.77, 1469.19, None),
];

#[test]
fn throughputs_are_those_of_data_md() {
    let c = catalogue();
    for (id, card_id, n, stated, weights, offline, server, interactive) in THROUGHPUT {
        let benchmark = if id == "v4.1-0058" { B999 } else { B99 };
        let mut expected = vec![(Offline, offline), (Server, server)];
        expected.extend(interactive.map(|t| (Interactive, t)));
        for (scenario, tokens) in expected {
            let r = result(c, id, benchmark, scenario);
            assert_eq!(r.tokens_per_s, tokens, "{id} {scenario:?}");
            assert_eq!(r.card, card_id, "{id}");
            assert_eq!(r.accelerators, n, "{id}");
            assert_eq!(r.weights, weights, "{id}");
            assert_eq!(r.stated_power.as_ref().map(|p| p.watts), stated, "{id}");
            assert_eq!(r.division, "closed", "{id}");
            assert_eq!(r.category, "available", "{id}");
        }
        if interactive.is_none() {
            assert!(c.result(id, benchmark, Interactive).is_none(), "{id} published no Interactive result");
        }
    }
}

#[test]
fn named_figures_of_the_brief() {
    let c = catalogue();
    assert_eq!(result(c, "6.0-0021", B99, Offline).tokens_per_s, 32004.0);
    assert_eq!(result(c, "6.0-0021", B99, Server).tokens_per_s, 29084.9);
    assert_eq!(result(c, "6.0-0021", B99, Interactive).tokens_per_s, 16343.8);
    let h200 = card(c, "h200-nvl");
    assert_eq!(h200.max_power.watts, 600.0);
    assert_eq!(h200.min_power.as_ref().map(|m| m.watts), Some(200.0));
    assert_eq!(card(c, "l40s").min_power, None);
    let maxq = result(c, "v4.1-0049", B999, Offline);
    assert_eq!(maxq.tokens_per_s, 25262.1);
    let mean = maxq.measured_power.as_ref().map(|m| m.mean_watts).unwrap_or(f64::NAN);
    assert!(close(mean, 6152.98, 0.01), "{mean}");
}

#[test]
fn stated_power_texts_are_the_published_words() {
    let c = catalogue();
    let text = |id: &str| result(c, id, B99, Offline).stated_power.as_ref().map(|p| p.text.clone());
    assert_eq!(text("6.0-0021").as_deref(), Some("H200 TGP 600W"));
    assert_eq!(text("6.0-0054").as_deref(), Some("GPU 450W / 600W (reduced)"));
    assert_eq!(text("6.0-0052").as_deref(), Some("GPU 600W / 600W (full power)"));
    assert!(text("6.0-0022").is_some_and(|t| t.contains("TGP 600W")));
    assert_eq!(text("6.0-0047"), None);
}

#[test]
fn the_v6_0_entries_are_those_of_data_md_and_6_0_0051() {
    let c = catalogue();
    let mut ids: Vec<&str> = c.results.iter().filter(|r| r.round == "v6.0").map(|r| &*r.id).collect();
    ids.sort_unstable();
    ids.dedup();
    let mut expected = vec![
        "6.0-0021", "6.0-0047", "6.0-0004", "6.0-0005", "6.0-0022", "6.0-0023", "6.0-0065", "6.0-0045", "6.0-0014",
        "6.0-0054", "6.0-0052", "6.0-0051",
    ];
    expected.sort_unstable();
    assert_eq!(ids, expected);
    // 6.0-0051: the other 2-card DL385 Gen11 entry at full power (llama2-70b-99 only).
    let r = result(c, "6.0-0051", B99, Offline);
    assert_eq!((r.accelerators, r.stated_power.as_ref().map(|p| p.watts)), (2, Some(600.0)));
    assert!(c.result("6.0-0051", B999, Offline).is_none());
}

#[test]
fn no_v6_0_row_carries_a_measurement() {
    let c = catalogue();
    let v6: Vec<&PublishedResult> = c.results.iter().filter(|r| r.round == "v6.0").collect();
    assert!(!v6.is_empty());
    assert!(v6.iter().all(|r| r.measured_power.is_none()));
}

#[test]
fn the_l40s_has_no_v6_0_llm_result() {
    let c = catalogue();
    assert!(c.results.iter().filter(|r| r.card == "l40s").all(|r| r.round == "v4.1"));
}

#[test]
fn rounds_are_dated_by_their_summary_tables() {
    let c = catalogue();
    for (round, date) in [("v4.1", "2024-08-28"), ("v5.1", "2025-09-09"), ("v6.0", "2026-04-01")] {
        let source = c.source(&format!("mlperf-inference-{round}")).expect("round source");
        assert_eq!(source.date, date);
        assert_eq!(source.publisher, "MLCommons");
        for r in c.results.iter().filter(|r| r.round == round) {
            assert_eq!(c.published_on(r), Some(date), "{}", r.id);
        }
    }
}

#[test]
fn a_result_cites_itself_as_mlcommons_asks() {
    let r = result(catalogue(), "6.0-0021", B99, Offline);
    assert_eq!(
        r.citation(),
        "MLPerf® Inference 6.0 Closed Available llama2-70b-99 Offline, entry 6.0-0021. Result verified by MLCommons Association."
    );
}

// ---------------------------------------------------------------------------------------------
// Measured references (DATA.md, "Measured references").

#[test]
fn measured_references_are_those_of_data_md() {
    let c = catalogue();
    // (ID, benchmark, scenario, tokens/s, mean node W, tolerance W, J/token derived in DATA.md)
    let expected = [
        ("v4.1-0049", B999, Offline, 25262.1, 6152.98, 0.01, 0.24357),
        ("v4.1-0049", B999, Server, 23113.1, 6280.214, 0.001, 0.27172),
        ("5.1-0061", B99, Offline, 102909.0, 10400.999, 0.001, 0.10107),
        ("5.1-0061", B99, Server, 99159.3, 10442.260, 0.001, 0.10531),
    ];
    for (id, benchmark, scenario, tokens, watts, tolerance, joules) in expected {
        let r = result(c, id, benchmark, scenario);
        assert_eq!(r.tokens_per_s, tokens, "{id} {scenario:?}");
        let m = r.measured_power.as_ref().expect("a measurement");
        assert_eq!(m.scope, Scope::NodeAc);
        assert!(close(m.mean_watts, watts, tolerance), "{id} {scenario:?}: {}", m.mean_watts);
        let derived = m.mean_watts / r.tokens_per_s;
        assert!(close(derived, joules, 0.000_005), "{id} {scenario:?}: {derived}");
    }
}

#[test]
fn v4_1_0049_states_its_maxq_power_limit() {
    // Hand correction: the 500 W `power_limit` of the MaxQ configuration, not the 700 W TGP of Notes.
    let c = catalogue();
    let rows: Vec<&PublishedResult> = c.entry("v4.1-0049").collect();
    assert_eq!(rows.len(), 4);
    for r in rows {
        let p = r.stated_power.as_ref().expect("stated power");
        assert_eq!(p.watts, 500.0);
        assert!(p.text.contains("power_limit 500 W"), "{}", p.text);
        assert!(p.text.contains("H200 TGP 700W"), "{}", p.text);
        assert_eq!((&*r.card, r.accelerators), ("h200-sxm", 8));
    }
    // The board ceiling DATA.md derives: 8 × 500 W ÷ 23113.14 tok/s (run log) = 0.173 J/token.
    let server = result(c, "v4.1-0049", B999, Server);
    let ceiling = server.power_setting(card(c, "h200-sxm")) * f64::from(server.accelerators) / server.tokens_per_s;
    assert!(close(ceiling, 8.0 * 500.0 / 23113.14, 0.000_01), "{ceiling}");
    assert!(close(ceiling, 0.173, 0.0005), "{ceiling}");
}

#[test]
fn b200_states_its_tgp() {
    let r = result(catalogue(), "5.1-0061", B99, Offline);
    assert_eq!(r.stated_power.as_ref().map(|p| (&*p.text, p.watts)), Some(("B200 TGP 1000W", 1000.0)));
}

// ---------------------------------------------------------------------------------------------
// The ceilings of 004 (DATA.md, "Figures from 004"): 8 × 600 W ÷ tokens/s.

#[test]
fn ceilings_of_the_article() {
    let c = catalogue();
    let ceiling = |id: &str, scenario: Scenario| {
        let r = result(c, id, B99, scenario);
        r.power_setting(card(c, &r.card)) * f64::from(r.accelerators) / r.tokens_per_s
    };
    let cases = [
        ("6.0-0021", Offline, 0.14998, 0.000_005),
        ("6.0-0047", Offline, 0.16049, 0.000_005),
        ("6.0-0004", Interactive, 0.769, 0.0005),
        ("6.0-0021", Interactive, 0.294, 0.0005),
    ];
    for (id, scenario, expected, tolerance) in cases {
        let j = ceiling(id, scenario);
        assert!(close(j, expected, tolerance), "{id} {scenario:?}: {j}");
    }
    // Wh per million tokens: J/token × 1e6 / 3600.
    assert!(close(ceiling("6.0-0021", Offline) * 1e6 / 3600.0, 41.7, 0.05));
    assert!(close(ceiling("6.0-0047", Offline) * 1e6 / 3600.0, 44.6, 0.05));
}

// ---------------------------------------------------------------------------------------------
// ML.ENERGY (DATA.md, "ML.ENERGY").

#[test]
fn ml_energy_figures_are_those_of_data_md() {
    let c = catalogue();
    assert_eq!(c.context.len(), 2);
    for (task, batch, joules_per_token, joules_per_response) in
        [("Text conversation", "512", 0.151, 95.0), ("Problem solving", "128", 0.312, 2192.0)]
    {
        let m = context(c, task);
        assert_eq!(m.joules_per_token, joules_per_token, "{task}");
        assert_eq!(m.joules_per_response, Some(joules_per_response), "{task}");
        assert!(m.condition.contains(batch), "{task}: {}", m.condition);
        assert_eq!((&*m.card, m.cards, &*m.model), ("b200-sxm", 1, "Qwen 3 32B"));
        assert_eq!(m.scope, Scope::GpuBoard);
        let source = c.source(&m.source).expect("ML.ENERGY source");
        assert!(source.title.contains("2601.22076v2"));
        assert_eq!(source.date, "2026-01-30");
        assert_eq!(source.url.as_deref(), Some("https://arxiv.org/abs/2601.22076"));
    }
}
