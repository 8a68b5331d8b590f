//! The embedded catalogue: it parses, keeps its rules, and holds the verified figures.
//!
//! Expected values are typed here from `shared/reference/DATA.md` (or are arithmetic on them),
//! never read from the code under test.

// A failed test must stop with a message; that is what these are for here.
#![allow(clippy::expect_used, clippy::panic)]

mod common;
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

use Benchmark::{
    DeepseekR1, GptOss120b, Llama2_70b99 as B99, Llama2_70b999 as B999, Llama3_1_405b, Llama3_1_8b, Mixtral8x7b,
};
use Scenario::{Interactive, Offline, Server};

// ---------------------------------------------------------------------------------------------
// The data keeps its rules.

#[test]
fn embedded_catalogue_parses_and_validates() {
    let c = catalogue();
    assert_eq!(c.validate(), Vec::<CatalogueError>::new());
    assert_eq!(c.meta.data_version, "2026.12.12");
    assert_eq!(c.meta.last_updated, "2026-12-05");
}

#[test]
fn every_record_cites_a_known_source() {
    // validate() checks this too; here the other direction: every source is cited by something,
    // and every result cites its round's summary table.
    let c = catalogue();
    assert_eq!(c.results.len(), 810 + 14 + 288, "the loop below checks every row");
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
    // The plan's reference values, and the regulation its EU threshold quotes.
    cited.extend(token_energy::catalogue::reference().iter().map(|r| &*r.source));
    cited.push(token_energy::plan::EU_SOURCE);
    // The latency bounds the plan counts people with.
    cited.push(token_energy::latency::SOURCE);
    cited.push(token_energy::latency::HEADROOM.source);
    // The weight transformations the submissions' measurements files state.
    cited.extend(c.results.iter().filter_map(|r| r.weight_transformations.as_ref().map(|t| &*t.source)));
    // The sizes and kinds of the benchmarks a customer's own model is matched against.
    cited.extend(token_energy::proxy::STATED.iter().flat_map(|s| [s.size_source, s.arch_source]));
    // The method section's sources.
    cited.extend(token_energy::figure::METHOD_SOURCES);
    // The guidance on reading and setting a card's own limits.
    cited.extend(token_energy::form::LIMIT_GUIDE_SOURCES);
    cited.extend(c.cards.iter().flat_map(|c| c.power_modes.iter().map(|m| &*m.source)));
    // The systems whose maximum power, supplies and cooling a source states (issue 36), and InferenceX's
    // tokens per MW, which the page's own are set against.
    for sys in c.cards.iter().flat_map(|c| c.systems.iter()) {
        cited.push(&sys.source);
        cited.extend(sys.psus.as_ref().map(|p| &*p.source));
        cited.extend(sys.cooling.as_ref().map(|p| &*p.source));
        // issue 48: the upper end of a span its own source gives.
        cited.extend(sys.high_source.as_deref());
    }
    // issue 48: the measured server an own-draw estimate's lower bound comes from.
    cited.extend(c.cards.iter().filter_map(|c| c.own_draw.as_ref().map(|e| &*e.low_source)));
    cited.push(token_energy::plan::TPMW_SOURCE);
    // The cards' manufacturing footprints and the lifetime they are spread over (issue 40).
    cited.extend(c.cards.iter().filter_map(|c| c.embodied.as_ref().map(|e| &*e.source)));
    cited.push(token_energy::plan::LIFE_SOURCE);
    // The measured partial-load curve, one stream's draw below it and the idle's context step (issue 47).
    cited.extend(token_energy::power::H100_CURVE.iter().chain(&token_energy::power::B200_CURVE).map(|a| a.source));
    cited.extend([token_energy::power::ONE_STREAM_SOURCE, token_energy::power::CONTEXT_STEP_SOURCE]);
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
    result_mut(&mut c, "6.0-0047", B99, Offline).card = "a100-sxm".to_owned().into();
    assert_eq!(
        c.validate(),
        vec![CatalogueError::UnknownCard { result: "6.0-0047".to_owned(), card: "a100-sxm".to_owned() }]
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
    // The v5.1 table is cited by its rows and by the MI325X's memory (the table's accelerator name):
    // 348 rows, counted off the table for the cards with v5.1 results (B200 120 + 4 Interactive
    // "Queries/s", H200 SXM 55 + 2 + 6 on two nodes, MI300X 24 + 4 on two nodes, H200 NVL 20 + 1,
    // RTX PRO 6000 SE 8 + 1, H100 SXM 2 + 12 on two and four nodes, L40S 2, MI325X 58 + 4 on two
    // nodes, GB200 16 + 5 on 18 nodes, GB300 4 on 18 nodes).
    let mut c = copy();
    c.sources.retain(|s| s.id != "mlperf-inference-v5.1");
    let errors = c.validate();
    let rows = (120 + 4) + (55 + 2 + 6) + (24 + 4) + (20 + 1) + (8 + 1) + (2 + 12) + 2 + (58 + 4) + (16 + 5) + 4;
    assert_eq!(errors.len(), rows + 1, "{errors:?}");
    assert!(errors.iter().all(|e| matches!(
        e,
        CatalogueError::UnknownSource { record, source }
            if (record.starts_with("result 5.1-") || record == "card mi325x") && source == "mlperf-inference-v5.1"
    )));
    assert!(errors.iter().any(|e| matches!(e, CatalogueError::UnknownSource { record, .. } if record == "result 5.1-0061 llama2-70b-99 offline")));
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
    // Rows per round (counted off the tables): v4.1 126 + 32 (H100 NVL 12, GH200 8, H100 PCIe 4,
    // H100 SXM on two and four nodes 8), v5.1 231 + 117, v6.0 248 + 56 (GB200 and GB300 of one to 72
    // nodes, MI325X 4); sixteen cards. Issue 50: v6.0's MI350X 14, v6.1's 288 (V6.1.md's table: 263 on
    // the cards above, Dell's B300 4, MI350X 8, MI350P 8, Vera Rubin 5); nineteen cards.
    assert_eq!(
        (parsed.results.len(), parsed.cards.len()),
        ((126 + 32) + (231 + 117) + (248 + 56) + 14 + (263 + 4 + 8 + 8 + 5), 19)
    );
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
    assert_eq!(ids, common::ALL_CARDS);

    // (id, MLPerf accelerators, max W, min W, other limits W, memory)
    type Expected<'a> = (&'a str, &'a [&'a str], f64, Option<f64>, &'a [f64], &'a str);
    let expected: [Expected; 19] = [
        ("h200-nvl", &["NVIDIA H200-NVL-141GB"], 600.0, Some(200.0), &[350.0], "141 GB HBM3e, 4.8 TB/s"),
        (
            "rtx-pro-6000-se",
            &["NVIDIA RTX PRO 6000 Blackwell Server Edition"],
            600.0,
            Some(300.0),
            &[450.0],
            "96 GB GDDR7",
        ),
        ("l40s", &["NVIDIA L40S"], 350.0, None, &[], "48 GB GDDR6"),
        ("h200-sxm", &["NVIDIA H200-SXM-141GB"], 700.0, None, &[], "141 GB HBM3e"),
        ("b200-sxm", &["NVIDIA B200-SXM-180GB"], 1000.0, None, &[], "180 GB"),
        // known_hardware.py of NVIDIA's v5.1 submission: max_power_limit=700.0, vram "80 GiB".
        ("h100-sxm", &["NVIDIA H100-SXM-80GB"], 700.0, None, &[], "80 GiB"),
        // 6.0-0073's hw_notes: "B300 TGP 1100W"; the accelerator is named "B300-SXM-270GB".
        // Issue 50: Dell's v6.1 spelling "Nvidia B300-SXM-270GB" (its system file: "B300 TGP 1100W").
        ("b300-sxm", &["NVIDIA B300-SXM-270GB", "Nvidia B300-SXM-270GB"], 1100.0, None, &[], "270 GB"),
        // AMD's v4.1 system description: "AMD Instinct MI300X-NPS1-SPX-192GB-750W", 192 GB HBM3.
        (
            "mi300x",
            &[
                "AMD Instinct MI300X-NPS1-SPX-192GB-750W",
                "AMD MI300X-NPS1-SPX-192GB-750W",
                "AMD Instinct MI300X 192GB HBM3",
            ],
            750.0,
            None,
            &[],
            "192 GB HBM3",
        ),
        // AMD's v5.1 system description: hw_notes "MI355X TGP 1400W", 288 GB HBM3E.
        (
            "mi355x",
            &["AMD Instinct MI355X 288GB HBM3e", "AMD Instinct MI355X 288GB HBM3e (Power Cap 1000 W)"],
            1400.0,
            None,
            &[],
            "288 GB HBM3E",
        ),
        // AMD's ROCm blog (28 Feb 2025): "the AMD Instinct MI325X (1000W)"; memory as the table names it.
        ("mi325x", &["AMD Instinct MI325X 256GB HBM3e"], 1000.0, None, &[], "256 GB HBM3e"),
        // The v6.0 rack rows' Notes: "1200W TGP Per GPU", "1400W TGP Per GPU"; "GB200-186GB", "GB300-288GB".
        ("gb200", &["NVIDIA GB200"], 1200.0, None, &[], "186 GB"),
        ("gb300", &["NVIDIA GB300"], 1400.0, None, &[], "288 GB"),
        // known_hardware.py of NVIDIA's v4.0 submission: H100_NVL 400.0, 94 GiB; H100_PCIe_80GB 350.0
        // (the product brief PB-11133-001_v02: "TDP level of 350 W"); GH200 144GB 900.0, 96GB 1000.0.
        ("h100-nvl", &["NVIDIA H100-NVL-94GB"], 400.0, None, &[], "94 GiB"),
        ("h100-pcie", &["NVIDIA H100-PCIe-80GB"], 350.0, None, &[], "80 GiB"),
        ("gh200-144gb", &["NVIDIA GH200 Grace Hopper Superchip 144GB"], 900.0, None, &[], "144 GiB"),
        ("gh200-96gb", &["NVIDIA GH200 Grace Hopper Superchip 96GB"], 1000.0, None, &[], "96 GiB"),
        // Issue 50, V6.1.md: AMD's ROCm page "the MI350X (1000W, air-cooled) … the MI350P, a PCIe card
        // (600W, configurable to 450W)"; NVIDIA's v6.1 system file "2300W TGP Per GPU", "VR-288GB".
        ("mi350x", &["AMD Instinct MI350X 288GB HBM3e"], 1000.0, None, &[], "288 GB HBM3E"),
        ("mi350p", &["AMD Instinct MI350P"], 600.0, None, &[450.0], "144 GB HBM3E"),
        ("vera-rubin", &["NVIDIA Vera Rubin", "NVIDIA VeraRubin", "NVIDIA VR200"], 2300.0, None, &[], "288 GB"),
    ];
    for (id, accelerators, max, min, others, memory) in expected {
        let x = card(c, id);
        assert_eq!(x.mlperf_accelerators.iter().map(|a| &**a).collect::<Vec<_>>(), accelerators, "{id}");
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

#[test]
fn every_new_card_limit_cites_a_source_that_states_it() {
    // (card, the words of its source that state the rated maximum, the source's address)
    let c = catalogue();
    let expected = [
        (
            "h100-sxm",
            "max_power_limit=700.0",
            "https://github.com/mlcommons/inference_results_v5.1/blob/965182b03376a00fcae415c54e560e1c83937932/closed/NVIDIA/code/common/systems/known_hardware.py",
        ),
        ("b300-sxm", "B300 TGP 1100W", "https://github.com/mlcommons/inference_results_v6.0"),
        (
            "mi300x",
            "MI300X-NPS1-SPX-192GB-750W",
            "https://github.com/mlcommons/inference_results_v4.1/blob/198fc46799b3328b36ee4bcbdebfa2db5a8e6183/closed/AMD/systems/8xMI300X_2xEPYC-9374F.json",
        ),
        (
            "mi355x",
            "MI355X TGP 1400W",
            "https://github.com/mlcommons/inference_results_v5.1/blob/965182b03376a00fcae415c54e560e1c83937932/open/AMD/systems/8xMI355X_2xEPYC_9575F.json",
        ),
    ];
    for (id, words, url) in expected {
        let x = card(c, id);
        let source = c.source(&x.max_power.source).unwrap_or_else(|| panic!("{id}: its source is in sources.json"));
        assert!(source.title.contains(words), "{id}: {}", source.title);
        assert_eq!(source.url.as_deref(), Some(url), "{id}");
        // No source publishes a minimum or another limit for these cards: "not published".
        assert_eq!((&x.min_power, x.other_limits.len()), (&None, 0), "{id}");
        let memory = x.memory.as_ref().unwrap_or_else(|| panic!("{id}: memory"));
        assert_eq!(memory.source, x.max_power.source, "{id}");
    }
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
    // The Llama 2 70B entries of the two PCIe cards of DATA.md.
    let mut ids: Vec<&str> = c
        .results
        .iter()
        .filter(|r| r.round == "v6.0" && matches!(&*r.card, "h200-nvl" | "rtx-pro-6000-se") && r.benchmark == B99)
        .map(|r| &*r.id)
        .collect();
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
    // The L40S rows: v4.1-0025 (4), v4.1-0052 (2), v4.1-0058 (2), 5.1-0082 (2); none in v6.0.
    let c = catalogue();
    let mut rounds: Vec<&str> = c.results.iter().filter(|r| r.card == "l40s").map(|r| &*r.round).collect();
    rounds.sort_unstable();
    assert_eq!(rounds, [["v4.1"; 8].as_slice(), &["v5.1"; 2]].concat());
}

#[test]
fn rounds_are_dated_by_their_summary_tables() {
    let c = catalogue();
    for (round, date) in [("v4.1", "2024-08-28"), ("v5.1", "2025-09-09"), ("v6.0", "2026-04-01")] {
        let source = c.source(&format!("mlperf-inference-{round}")).expect("round source");
        assert_eq!(source.date, date);
        assert_eq!(source.publisher, "MLCommons");
        let rows: Vec<&PublishedResult> = c.results.iter().filter(|r| r.round == round).collect();
        assert!(rows.len() >= 126, "{round}: {} rows", rows.len());
        for r in rows {
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
    // Its mixtral-8x7b rows ran in the same MaxQ configuration: `power_limit = 500` in the entry's
    // configs/mixtral-8x7b/{Offline,Server} (H200_SXM_141GBx8_MaxQ).
    let c = catalogue();
    let rows: Vec<&PublishedResult> = c.entry("v4.1-0049").collect();
    let keys: Vec<(Benchmark, Scenario)> = rows.iter().map(|r| (r.benchmark, r.scenario)).collect();
    assert_eq!(
        keys,
        [(B99, Offline), (B99, Server), (B999, Offline), (B999, Server), (Mixtral8x7b, Offline), (Mixtral8x7b, Server)]
    );
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
fn every_measured_row_is_an_mlperf_power_row() {
    // The has_power rows of the tables for these benchmarks (14): v4.1-0049 (llama2-70b-99 and -99.9,
    // mixtral-8x7b; Offline and Server), 5.1-0061 (llama2-70b-99 and -99.9), 5.1-0062 (llama3.1-405b,
    // llama3.1-8b). Mean node watts as the tables give them.
    let expected = [
        ("v4.1-0049", B99, Offline, 25262.1, 6152.9844351733),
        ("v4.1-0049", B99, Server, 23113.1, 6280.214),
        ("v4.1-0049", B999, Offline, 25262.1, 6152.9844351733),
        ("v4.1-0049", B999, Server, 23113.1, 6280.214),
        ("v4.1-0049", Mixtral8x7b, Offline, 48987.9, 6154.8035493827),
        ("v4.1-0049", Mixtral8x7b, Server, 45497.0, 6174.8963283828),
        ("5.1-0061", B99, Offline, 102909.0, 10400.9988793425),
        ("5.1-0061", B99, Server, 99159.3, 10442.2597402597),
        ("5.1-0061", B999, Offline, 102909.0, 10400.9988793425),
        ("5.1-0061", B999, Server, 99203.9, 10434.706455542),
        ("5.1-0062", Llama3_1_405b, Offline, 1637.11, 9891.7643975904),
        ("5.1-0062", Llama3_1_405b, Server, 1249.04, 9566.1823383085),
        ("5.1-0062", Llama3_1_8b, Offline, 146960.0, 9436.05296875),
        ("5.1-0062", Llama3_1_8b, Server, 128689.0, 9011.0666666667),
    ];
    let c = catalogue();
    let measured: Vec<&PublishedResult> = c.results.iter().filter(|r| r.measured_power.is_some()).collect();
    assert_eq!(measured.len(), expected.len());
    for (id, benchmark, scenario, tokens, watts) in expected {
        let r = result(c, id, benchmark, scenario);
        assert_eq!(r.tokens_per_s, tokens, "{id} {}", benchmark.id());
        let m = r.measured_power.as_ref().unwrap_or_else(|| panic!("{id} {} is measured", benchmark.id()));
        assert_eq!((m.mean_watts, m.scope), (watts, Scope::NodeAc), "{id} {}", benchmark.id());
    }
    // 5.1-0062 ran at full power: its Notes' TGP is its setting. J/token: 9436.05296875 W ÷ 146960 tok/s.
    let r = result(c, "5.1-0062", Llama3_1_8b, Offline);
    assert_eq!(r.stated_power.as_ref().map(|p| (&*p.text, p.watts)), Some(("B200 TGP 1000W", 1000.0)));
    let joules = r.measured_power.as_ref().map_or(f64::NAN, |m| m.mean_watts) / r.tokens_per_s;
    assert!(close(joules, 0.064208, 0.000_001), "{joules}");
}

#[test]
fn new_rows_per_benchmark_are_the_tables_figures() {
    // (entry, benchmark, scenario, card, cards, weights, tokens/s, stated W), read off the summary tables.
    #[allow(clippy::type_complexity)]
    let expected: [(&str, Benchmark, Scenario, &str, u32, &str, f64, Option<f64>); 16] = [
        ("6.0-0073", B99, Offline, "b300-sxm", 8, "fp4", 112954.0, Some(1100.0)),
        ("6.0-0073", Llama3_1_8b, Server, "b300-sxm", 8, "fp4", 141565.0, Some(1100.0)),
        ("6.0-0073", Llama3_1_405b, Offline, "b300-sxm", 8, "fp4", 1951.6, Some(1100.0)),
        ("6.0-0073", DeepseekR1, Offline, "b300-sxm", 8, "fp4", 70325.7, Some(1100.0)),
        ("6.0-0073", GptOss120b, Server, "b300-sxm", 8, "fp4", 100328.0, Some(1100.0)),
        ("6.0-0021", Llama3_1_8b, Offline, "h200-nvl", 8, "fp8", 53193.6, Some(600.0)),
        ("5.1-0069", DeepseekR1, Server, "b200-sxm", 8, "fp4", 18592.2, Some(1000.0)),
        ("5.1-0083", Llama3_1_8b, Offline, "h100-sxm", 1, "fp8", 5777.08, None),
        ("5.1-0082", Llama3_1_8b, Server, "l40s", 1, "fp8", 1207.14, None),
        ("v4.1-0043", Mixtral8x7b, Offline, "h100-sxm", 8, "fp16", 52415.9, None),
        ("v4.1-0043", Mixtral8x7b, Server, "h100-sxm", 8, "fp16", 50795.6, None),
        ("v4.1-0052", B99, Offline, "l40s", 8, "fp8", 948.198, None),
        // The MI300X named with its 750 W; the MI355X capped at 1000 W in its name (Notes empty).
        ("v4.1-0002", B999, Server, "mi300x", 8, "fp8", 21028.2, Some(750.0)),
        ("6.0-0033", B99, Offline, "mi355x", 8, "fp8", 81870.5, Some(1000.0)),
        ("6.0-0002", GptOss120b, Offline, "mi355x", 8, "fp4", 95004.0, None),
        ("6.0-0002", GptOss120b, Server, "mi355x", 8, "fp4", 82136.1, None),
    ];
    let c = catalogue();
    for (id, benchmark, scenario, card_id, n, weights, tokens, stated) in expected {
        let r = result(c, id, benchmark, scenario);
        let what = format!("{id} {} {}", benchmark.id(), scenario.id());
        assert_eq!((&*r.card, r.accelerators, &*r.weights, r.tokens_per_s), (card_id, n, weights, tokens), "{what}");
        assert_eq!(r.stated_power.as_ref().map(|p| p.watts), stated, "{what}");
        assert_eq!(r.measured_power, None, "{what}");
        assert_eq!((&*r.division, &*r.category), ("closed", "available"), "{what}");
    }
    let capped = result(c, "6.0-0033", B99, Offline).stated_power.as_ref().map(|p| p.text.to_string());
    assert_eq!(capped.as_deref(), Some("AMD Instinct MI355X 288GB HBM3e (Power Cap 1000 W)"));
}

#[test]
fn ambiguous_accelerators_belong_to_no_card() {
    // Virtualised H200s, the 1000 W H200 "-CTS", systems of several accelerator kinds (their
    // `Accelerator` names them all, with counts) and the cards without a rating found (RTX PRO 4500
    // Blackwell, Intel Arc Pro B50/B60/B70) are left out; the MI350X has its card since issue 50.
    let c = catalogue();
    let names: Vec<&str> = c.cards.iter().flat_map(|x| x.mlperf_accelerators.iter().map(|a| &**a)).collect();
    for name in names.iter() {
        assert!(!name.contains("Virtualized") && !name.ends_with("-CTS"), "{name}");
        assert!(!name.contains("(x") && !name.contains(','), "{name}");
        assert!(!name.contains("4500") && !name.contains("Arc"), "{name}");
        assert!(!name.contains("RTX PRO 6000") || name.ends_with("Server Edition"), "{name}");
    }
    assert_eq!(names.len(), 5 + 1 + 1 + 3 + 2 + 7 + (1 + 1 + 1 + 3));
    // 5.1-0017 (a CPU-only row) and the virtualised H200 of v5.1 (Dell_Broadcom) have no catalogue row.
    assert!(c.entry("5.1-0017").next().is_none());
    assert!(c.results.iter().all(|r| !r.system.starts_with("vXE9680")));
}

#[test]
fn benchmarks_name_their_model_and_accuracy() {
    let expected = [
        (B99, "llama2-70b-99", "Llama 2 70B", Some("99 %")),
        (B999, "llama2-70b-99.9", "Llama 2 70B", Some("99.9 %")),
        (Llama3_1_8b, "llama3.1-8b", "Llama 3.1 8B", None),
        (Llama3_1_405b, "llama3.1-405b", "Llama 3.1 405B", None),
        (Mixtral8x7b, "mixtral-8x7b", "Mixtral 8x7B", None),
        (DeepseekR1, "deepseek-r1", "DeepSeek-R1", None),
        (GptOss120b, "gpt-oss-120b", "gpt-oss-120b", None),
    ];
    assert_eq!(Benchmark::ALL.to_vec(), expected.iter().map(|e| e.0).collect::<Vec<_>>());
    for (b, id, name, accuracy) in expected {
        assert_eq!((b.id(), b.name(), b.accuracy()), (id, name, accuracy));
        assert_eq!(Benchmark::from_id(id), Some(b));
    }
    for unknown in ["llama2-70b", "llama3.1-8b-edge", "Llama 2 70B", ""] {
        assert_eq!(Benchmark::from_id(unknown), None, "{unknown}");
    }
    // Every benchmark has rows.
    for b in Benchmark::ALL {
        assert!(catalogue().results.iter().any(|r| r.benchmark == b), "{}", b.id());
    }
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

/// Issue 28.3: which cards have no measured row, and the L40S missing from the newest round's LLM
/// results. The v6.0 table (beside the project) lists the L40S only in vision and speech.
#[test]
fn cards_without_a_measurement_and_the_l40s_missing_from_v6_0() {
    let c = catalogue();
    let measured: Vec<&str> = c.cards.iter().filter(|k| c.has_measurement(&k.id)).map(|k| &*k.id).collect();
    // DATA.md's measured references: v4.1-0049 (H200 SXM) and 5.1-0061 (B200 SXM), and the others imported.
    for id in ["h200-sxm", "b200-sxm"] {
        assert!(measured.contains(&id), "{measured:?}");
    }
    for id in ["h200-nvl", "rtx-pro-6000-se", "l40s"] {
        assert!(!c.has_measurement(id), "{id}: 004 finds no published measurement");
    }
    // Issue 50: the newest round is v6.1, dated by its reading (its publication date was not read).
    let gap = c.round_gap("l40s").expect("the L40S is not in v6.0's or v6.1's LLM results");
    assert_eq!(gap.newest, ("v6.1", "2026-12-05"));
    assert_eq!(gap.rounds, vec![("v4.1", "2024-08-28"), ("v5.1", "2025-09-09")]);
    assert!(c.round_gap("b300-sxm").is_none(), "v6.1 has 99 B300 rows");
    let gap = c.round_gap("h200-nvl").expect("v6.1 has no H200 NVL row");
    assert_eq!(gap.rounds.last(), Some(&("v6.0", "2026-04-01")));
    let en = (token_energy::i18n::Lang::En.strings().no_measurement)(&c.meta.data_version);
    assert!(en.starts_with("No measurement is published for this card (as of data version 2026."), "{en}");
    let Some(text) = common::reference::text("mlperf/summary_results_v6.0.json") else { return };
    let table: serde_json::Value = serde_json::from_str(&text).unwrap();
    let models: Vec<&str> = table
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["Accelerator"].as_str().is_some_and(|a| a.contains("L40S")))
        .filter_map(|r| r["Model"].as_str())
        .collect();
    assert!(!models.is_empty() && models.iter().all(|m| m.starts_with("yolo") || *m == "whisper"), "{models:?}");
}

// ---------------------------------------------------------------------------------------------
// Source entries and card names in the page's language (issue 38): the title as published, the
// catalogue's own notes beside it in both languages.

/// The project's note words that a title as published never holds (the words issue 38 found inside
/// titles, written out here rather than read from the validator's list).
const NOTES_FOUND_IN_TITLES: [&str; 7] = [
    "(read ",
    "read at commit",
    "read through verbatim",
    "as read in a copy",
    "as mirrored by",
    "(updated ",
    "; read ",
];

#[test]
fn every_source_title_is_as_published_and_its_note_is_in_both_languages() {
    let c = catalogue();
    assert!(c.validate().is_empty(), "{:?}", c.validate());
    for s in &c.sources {
        let title = s.title.to_lowercase();
        for words in NOTES_FOUND_IN_TITLES {
            assert!(!title.contains(words), "{}: the title holds the note words {words:?}: {}", s.id, s.title);
        }
        let given = |t: &Option<std::borrow::Cow<'static, str>>| t.as_deref().is_some_and(|t| !t.trim().is_empty());
        assert_eq!(given(&s.note), given(&s.note_de), "{}: a note in both languages or neither", s.id);
        if s.note.is_some() {
            assert_ne!(s.note, s.note_de, "{}: the German note is the English", s.id);
        }
        if let Some(read) = &s.read {
            assert_eq!(read.len(), 10, "{}: read {read} is an ISO date", s.id);
        }
    }
    // What issue 38 moved out of the titles: the reading date, a copy read at manuals.plus, a commit.
    let h200 = c.source("nvidia-h200-page").expect("the H200 page");
    assert_eq!((&*h200.title, h200.read.as_deref()), ("NVIDIA H200 product page", Some("2026-10-10")));
    let pcie = c.source("nvidia-pb-11133-001").expect("the H100 PCIe brief");
    assert_eq!(&*pcie.title, "NVIDIA H100 PCIe GPU product brief, PB-11133-001_v02");
    assert!(pcie.note.as_deref().is_some_and(|n| n.contains("manuals.plus")), "{pcie:?}");
    let dgx = c.source("nvidia-dgxh100-ug").expect("the DGX H100 guide");
    assert_eq!(&*dgx.title, "NVIDIA DGX H100/H200 User Guide: Introduction");
    // The German note writes German numbers: 10,2 kW and 3,3 kW where the English writes 10.2 and 3.3.
    let de = dgx.note_de.as_deref().unwrap_or_default();
    assert!(de.contains("10,2 kW") && de.contains("3,3 kW") && !de.contains("10.2"), "{de}");
    let b200 = c.source("nvidia-dgxb200-ug").and_then(|s| s.note_de.as_deref()).unwrap_or_default();
    assert!(b200.contains("3.300 W") && !b200.contains("3,300"), "{b200}");
    // The German law's title is German: the English page marks it so.
    assert_eq!(c.source("enefg-11").map(|s| s.title_lang()), Some("de"));
    assert_eq!(h200.title_lang(), "en");
}

#[test]
fn a_note_in_one_language_or_inside_a_title_is_reported() {
    let mut c = copy();
    let s = c.sources.iter_mut().find(|s| s.id == "nvidia-h200-page").expect("source");
    s.title = "NVIDIA H200 product page (read 10 October 2026)".into();
    s.note = Some("a note".into());
    let gb200 = card_mut(&mut c, "gb200");
    gb200.name_note_de = None;
    assert_eq!(
        c.validate(),
        vec![
            CatalogueError::OneLanguage { record: "source nvidia-h200-page".to_owned(), field: "note" },
            CatalogueError::NoteInTitle { source: "nvidia-h200-page".to_owned(), words: "(read " },
            CatalogueError::OneLanguage { record: "card gb200".to_owned(), field: "name_note" },
        ]
    );
    // A blank German note is no German note.
    let mut c = copy();
    let s = c.sources.iter_mut().find(|s| s.id == "nvidia-pb-11133-001").expect("source");
    s.note_de = Some("  ".into());
    assert_eq!(
        c.validate(),
        vec![CatalogueError::OneLanguage { record: "source nvidia-pb-11133-001".to_owned(), field: "note" }]
    );
}

#[test]
fn the_german_source_list_writes_its_notes_publishers_and_dates_in_german() {
    use token_energy::i18n::{card_name, catalogue_date, source_date, source_entry, source_publisher, Lang};
    let c = catalogue();
    let s = |id: &str| c.source(id).unwrap_or_else(|| panic!("{id}"));
    // Publishers that are descriptions, in German; names stay.
    assert_eq!(source_publisher(s("eu-2024-1364"), Lang::De), "Europäische Kommission");
    assert_eq!(source_publisher(s("eu-2024-1364"), Lang::En), "European Commission");
    assert_eq!(
        source_publisher(s("sdes-climate-2023"), Lang::De),
        "SDES, französisches Ministerium für den ökologischen Wandel"
    );
    assert_eq!(source_publisher(s("nvidia-h200-page"), Lang::De), "NVIDIA");
    // The reading date as each language writes a date; the date alone where it is that day.
    assert_eq!(source_date(s("nvidia-h200-page"), Lang::De), "abgerufen am 10. Oktober 2026");
    assert_eq!(source_date(s("nvidia-h200-page"), Lang::En), "read October 10, 2026");
    let de = source_entry(s("nvidia-h200-page"), Lang::De);
    assert_eq!(
        de,
        "NVIDIA, NVIDIA H200 product page (abgerufen am 10. Oktober 2026) <https://www.nvidia.com/en-us/data-center/h200/>"
    );
    // Publication dates: German on the German page, the catalogue's ISO date on the English one.
    assert_eq!(source_date(s("nvidia-pb-12128-001"), Lang::De), "11. April 2025");
    assert_eq!(source_date(s("nvidia-pb-12128-001"), Lang::En), "2025-04-11");
    assert_eq!(source_date(s("nvidia-ds-4682150"), Lang::De), "Dezember 2025");
    assert_eq!(source_date(s("google-env-2024"), Lang::De), "2024");
    assert_eq!(catalogue_date("2026-13-01", Lang::De), "2026-13-01", "not a date: as given");
    // Every German entry holds its title as published and the German note, never the English one.
    for source in &c.sources {
        let de = source_entry(source, Lang::De);
        let en = source_entry(source, Lang::En);
        assert!(de.contains(&*source.title) && en.contains(&*source.title), "{de}");
        if let (Some(note), Some(note_de)) = (&source.note, &source.note_de) {
            assert!(de.contains(&note_de.replace('`', "")) && !de.contains(&note.replace('`', "")), "{de}");
            assert!(en.contains(&note.replace('`', "")), "{en}");
        }
        for words in ["(read ", "read at", "read through", "European Commission", "French Ministry"] {
            assert!(!de.contains(words), "{}: {words:?} in the German entry {de}", source.id);
        }
    }
    // The card's note: in the page's language after the name; the English one reads as before.
    let gb200 = card(c, "gb200");
    assert_eq!(&*gb200.name, "NVIDIA GB200 186 GB");
    assert_eq!(card_name(gb200, Lang::En), "NVIDIA GB200 186 GB (per Blackwell GPU)");
    assert_eq!(card_name(gb200, Lang::De), "NVIDIA GB200 186 GB (je Blackwell-GPU)");
    assert_eq!(card_name(card(c, "gb300"), Lang::De), "NVIDIA GB300 288 GB (je Blackwell-Ultra-GPU)");
    assert_eq!(card_name(card(c, "h200-nvl"), Lang::De), "NVIDIA H200 NVL");
    // No other card name carries a note of its own in parentheses.
    for x in &c.cards {
        assert!(!x.name.contains("(per ") && !x.name.contains("GPU)"), "{}", x.name);
    }
}
