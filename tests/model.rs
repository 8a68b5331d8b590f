//! The model against published figures. Expected values are DATA.md's (the 004 article's table and
//! MLPerf Power's results), or arithmetic written here; none is read back from the code under test.
#![allow(clippy::panic, clippy::type_complexity)] // a test fails by panicking

use token_energy::catalogue::{Benchmark, Catalogue, Scenario, Scope};
use token_energy::figure::{Assumption, Kind};
use token_energy::form::{Field, Form, Problem, Range, ThroughputChoice};
use token_energy::i18n::Lang;
use token_energy::model::{self, comparison, power_cap_evidence};

fn catalogue() -> &'static Catalogue {
    Catalogue::embedded()
}

fn form(result: &str, scenario: Scenario) -> Form {
    let mut form = Form::initial(catalogue()).with_result(catalogue(), result);
    form.scenario = scenario;
    form.benchmark = Benchmark::Llama2_70b99;
    form
}

/// Asserts `actual` rounds to `printed` at the printed number of decimals.
#[track_caller]
fn assert_printed(actual: f64, printed: &str) {
    let decimals = printed.split_once('.').map_or(0, |(_, d)| d.len());
    let rounded = format!("{actual:.decimals$}");
    assert_eq!(rounded, printed, "{actual} does not print as {printed}");
}

#[track_caller]
fn assert_close(actual: f64, expected: f64, tolerance: f64) {
    assert!((actual - expected).abs() <= tolerance, "{actual} is not within {tolerance} of {expected}");
}

#[test]
fn figures_from_004_are_reproduced_at_their_printed_precision() {
    // DATA.md, "Figures from 004": 8 × 600 W ÷ tokens/s.
    let cases = [
        ("6.0-0021", Scenario::Offline, "0.150", Some("41.7")),
        ("6.0-0047", Scenario::Offline, "0.160", Some("44.6")),
        ("6.0-0004", Scenario::Interactive, "0.769", None),
        ("6.0-0021", Scenario::Interactive, "0.294", None),
    ];
    for (result, scenario, j_printed, wh_printed) in cases {
        let evaluation = model::evaluate(catalogue(), &form(result, scenario));
        assert!(evaluation.errors().is_empty(), "{result}: {:?}", evaluation.errors());
        let j = evaluation.figures.energy_per_token.as_ref().map(|f| (f.value, f.kind.clone()));
        let Some((j, kind)) = j else { panic!("{result}: no J/token") };
        assert_printed(j, j_printed);
        assert_eq!(kind, Kind::Ceiling, "{result} at its own setting is a ceiling");
        if let Some(wh) = wh_printed {
            let Some(f) = evaluation.figures.energy_per_million.as_ref() else { panic!("no Wh") };
            assert_printed(f.value, wh);
        }
        let Some(day) = evaluation.figures.energy_per_day.as_ref() else { panic!("no kWh/day") };
        assert_printed(day.value, "115.2");
    }
}

#[test]
fn issue_example_6_0_0021_offline() {
    let f = model::evaluate(catalogue(), &form("6.0-0021", Scenario::Offline)).figures;
    let value = |f: &Option<token_energy::figure::Figure>| f.as_ref().map(|f| f.value).unwrap_or(f64::NAN);
    assert_close(value(&f.board_power), 4800.0, 1e-9);
    assert_close(value(&f.energy_per_token), 4800.0 / 32004.0, 1e-12);
    assert_close(value(&f.energy_per_million), 4800.0 / 32004.0 * 1e6 / 3600.0, 1e-9);
    assert_close(value(&f.energy_per_day), 4.8 * 24.0, 1e-9);
    assert_close(value(&f.heat), 4800.0 * 3.412141633, 1e-4);
    assert!(f.measured_energy_per_token.is_none(), "v6.0 has no power measurement");
}

#[test]
fn mlperf_power_measurements_of_v4_1_0049() {
    // DATA.md, Measured references: 6152.98 W ÷ 25262.1 and 6280.214 W ÷ 23113.1.
    for (scenario, printed) in [(Scenario::Offline, "0.2436"), (Scenario::Server, "0.2717")] {
        let f = model::evaluate(catalogue(), &form("v4.1-0049", scenario)).figures;
        let Some(m) = f.measured_energy_per_token else { panic!("no measured figure") };
        assert_printed(m.value, printed);
        assert_eq!(m.kind, Kind::Measured(Scope::NodeAc));
        // The board ceiling at the 500 W limit stays a separate, lower, GPU-only figure.
        let Some(c) = f.energy_per_token else { panic!("no ceiling") };
        assert_eq!(c.kind, Kind::Ceiling);
        assert!(c.value < m.value);
    }
    let server = model::evaluate(catalogue(), &form("v4.1-0049", Scenario::Server)).figures;
    let Some(c) = server.energy_per_token else { panic!("no ceiling") };
    assert_printed(c.value, "0.173"); // DATA.md: 8 × 500 W ÷ 23113.14
}

#[test]
fn mlperf_power_measurements_of_5_1_0061() {
    for (scenario, printed) in [(Scenario::Offline, "0.10107"), (Scenario::Server, "0.10531")] {
        let f = model::evaluate(catalogue(), &form("5.1-0061", scenario)).figures;
        let Some(m) = f.measured_energy_per_token else { panic!("no measured figure") };
        assert_printed(m.value, printed);
    }
}

#[test]
fn a_limit_other_than_the_results_setting_is_an_estimate_but_bounds_stay_ceilings() {
    let mut f = form("6.0-0021", Scenario::Offline);
    f.watts = "350".into();
    let figures = model::evaluate(catalogue(), &f).figures;
    let Some(j) = figures.energy_per_token else { panic!("no J/token") };
    // A lowered limit is a range: throughput unchanged at 350 W (lower end) up to throughput
    // falling with power, which is the ceiling at the result's own 600 W (upper end).
    assert_close(j.value, 8.0 * 600.0 / 32004.0, 1e-12);
    assert_close(j.low.unwrap_or(f64::NAN), 8.0 * 350.0 / 32004.0, 1e-12);
    let Some(m) = &figures.energy_per_million else { panic!("no Wh per million") };
    assert_close(m.value, 8.0 * 600.0 / 32004.0 * 1e6 / 3600.0, 1e-9);
    assert_close(m.low.unwrap_or(f64::NAN), 8.0 * 350.0 / 32004.0 * 1e6 / 3600.0, 1e-9);
    match &j.kind {
        Kind::Estimate(a) => assert!(matches!(
            a.as_slice(),
            [Assumption::PowerLimitDiffers { limit_watts, setting_watts, setting_stated: true }]
                if *limit_watts == 350.0 && *setting_watts == 600.0
        )),
        other => panic!("expected an estimate, got {other:?}"),
    }
    assert!(j.kind.id() == "estimate");
    for bound in [figures.board_power, figures.energy_per_day, figures.heat] {
        assert_eq!(bound.map(|b| b.kind), Some(Kind::Ceiling));
    }
}

#[test]
fn an_unstated_setting_means_the_rated_maximum() {
    // 6.0-0047 states no setting: its throughput belongs to the rated 600 W.
    let f = model::evaluate(catalogue(), &form("6.0-0047", Scenario::Offline)).figures;
    assert_eq!(f.energy_per_token.map(|f| f.kind), Some(Kind::Ceiling));
    // 6.0-0054 states 450 W: that is its ceiling, and 600 W on it is an estimate.
    let own = form("6.0-0054", Scenario::Offline);
    assert_eq!(own.watts, "450");
    let f = model::evaluate(catalogue(), &own).figures;
    let Some(j) = f.energy_per_token else { panic!("no J/token") };
    assert_eq!(j.kind, Kind::Ceiling);
    assert_close(j.value, 4.0 * 450.0 / 13361.9, 1e-12);
}

#[test]
fn another_card_count_is_a_linear_scaling_estimate() {
    let mut f = form("6.0-0021", Scenario::Offline);
    f.gpus = "4".into();
    let figures = model::evaluate(catalogue(), &f).figures;
    let Some(j) = figures.energy_per_token else { panic!("no J/token") };
    // 4 × 600 W ÷ (32004 × 4/8) = the same J/token, but no longer a ceiling.
    assert_close(j.value, 2400.0 / 16002.0, 1e-12);
    assert!(matches!(&j.kind, Kind::Estimate(a) if a == &[Assumption::LinearScaling { published_cards: 8, cards: 4 }]));
}

#[test]
fn servers_multiply_the_day_and_the_heat_but_not_the_token() {
    let mut f = form("6.0-0021", Scenario::Offline);
    f.servers = "3".into();
    let figures = model::evaluate(catalogue(), &f).figures;
    assert_close(figures.energy_per_day.map_or(f64::NAN, |f| f.value), 3.0 * 115.2, 1e-9);
    assert_close(figures.heat.map_or(f64::NAN, |f| f.value), 3.0 * 4800.0 * 3.412141633, 1e-3);
    assert_close(figures.energy_per_token.map_or(f64::NAN, |f| f.value), 4800.0 / 32004.0, 1e-12);
}

#[test]
fn own_throughput() {
    let mut f = Form::initial(catalogue()).with_own_throughput();
    f.tps = "10000".into();
    let figures = model::evaluate(catalogue(), &f).figures;
    assert_close(figures.energy_per_token.map_or(f64::NAN, |f| f.value), 4800.0 / 10000.0, 1e-12);
    assert!(figures.measured_energy_per_token.is_none());
}

#[test]
fn bad_fields_name_the_field_and_range_and_spoil_only_their_figures() {
    let l40s = Form::initial(catalogue()).with_card(catalogue(), "l40s");
    let cases: [(&str, fn(&mut Form), Field, &[&str]); 7] = [
        (
            "900 W on an L40S",
            |f| f.watts = "900".into(),
            Field::Watts,
            &["Power limit per card", "350 W", "no minimum is published"],
        ),
        ("0 cards", |f| f.gpus = "0".into(), Field::Gpus, &["Cards per server", "1 to 512"]),
        ("2.5 cards", |f| f.gpus = "2.5".into(), Field::Gpus, &["whole number"]),
        ("empty servers", |f| f.servers = " ".into(), Field::Servers, &["Servers", "enter a value", "1 to 100,000"]),
        ("letters", |f| f.watts = "abc".into(), Field::Watts, &["enter a number", "up to 350 W"]),
        ("NaN", |f| f.watts = "NaN".into(), Field::Watts, &["enter a number", "350 W"]),
        (
            "own tps -5",
            |f| {
                f.throughput = ThroughputChoice::Own;
                f.tps = "-5".into()
            },
            Field::Tps,
            &["tokens/s"],
        ),
    ];
    for (name, edit, field, words) in cases {
        let mut f = l40s.clone();
        edit(&mut f);
        let evaluation = model::evaluate(catalogue(), &f);
        let errors = evaluation.errors();
        assert_eq!(errors.len(), 1, "{name}: {errors:?}");
        assert_eq!(errors[0].field, field, "{name}");
        let message = errors[0].to_string();
        for w in words {
            assert!(message.contains(w), "{name}: “{message}” lacks “{w}”");
        }
        if field == Field::Servers {
            assert!(evaluation.figures.energy_per_day.is_none() && evaluation.figures.board_power.is_some());
        } else {
            assert!(evaluation.figures.energy_per_token.is_none(), "{name}: J/token must be withheld");
        }
    }
}

#[test]
fn h200_nvl_range_is_200_to_600() {
    let mut f = form("6.0-0021", Scenario::Offline);
    for (watts, ok) in [("199", false), ("200", true), ("600", true), ("601", false), ("350", true)] {
        f.watts = watts.into();
        let errors = model::evaluate(catalogue(), &f).checked.errors().len();
        assert_eq!(errors == 0, ok, "{watts} W");
    }
    f.watts = "100".into();
    let e = model::evaluate(catalogue(), &f);
    let error = e.errors()[0];
    assert_eq!(error.problem, Problem::OutOfRange);
    assert!(matches!(error.allowed, Some(Range { min: Some(m), max, .. }) if m == 200.0 && max == 600.0));
}

#[test]
fn a_missing_scenario_row_is_an_error_on_the_scenario() {
    let mut f = form("6.0-0047", Scenario::Offline);
    f.scenario = Scenario::Interactive; // DATA.md: 6.0-0047 publishes no Interactive result.
    let e = model::evaluate(catalogue(), &f);
    assert_eq!(e.errors().first().map(|e| e.field), Some(Field::Scenario));
    assert!(e.figures.energy_per_token.is_none());
    assert!(e.figures.board_power.is_some());
}

#[test]
fn the_comparison_has_a_ceiling_row_per_result_and_measured_rows_for_mlperf_power() {
    let rows = comparison(catalogue(), Benchmark::Llama2_70b99);
    let llama99 = catalogue().results.iter().filter(|r| r.benchmark == Benchmark::Llama2_70b99).count();
    let measured = rows.iter().filter(|r| matches!(r.energy_per_token.kind, Kind::Measured(_))).count();
    // v4.1-0049 and 5.1-0061, Offline and Server each.
    assert_eq!(measured, 4);
    assert_eq!(rows.len(), llama99 + measured);
    let row = rows.iter().find(|r| {
        r.result.id == "6.0-0047" && r.result.scenario == Scenario::Offline && r.energy_per_token.kind == Kind::Ceiling
    });
    assert_printed(row.map_or(f64::NAN, |r| r.energy_per_token.value), "0.160");
}

#[test]
fn the_450_w_evidence_pairs_6_0_0054_with_6_0_0014() {
    let pairs = power_cap_evidence(catalogue(), "rtx-pro-6000-se", Benchmark::Llama2_70b99, Scenario::Offline);
    let ids: Vec<_> = pairs.iter().map(|e| (&*e.low.id, &*e.high.id)).collect();
    assert_eq!(ids, vec![("6.0-0054", "6.0-0014")]);
}

#[test]
fn ml_energy_measurements_are_measured_gpu_figures() {
    // DATA.md, ML.ENERGY: 0.151 J/token and 95 J per response; 0.312 J/token and 2,192 J per response.
    let rows = model::context(catalogue());
    let got: Vec<(f64, Option<f64>)> =
        rows.iter().map(|r| (r.energy_per_token.value, r.energy_per_response.as_ref().map(|f| f.value))).collect();
    assert_eq!(got, vec![(0.151, Some(95.0)), (0.312, Some(2192.0))]);
    assert!(rows.iter().all(|r| r.energy_per_token.kind == Kind::Measured(Scope::GpuBoard)));
}

// ---------------------------------------------------------------------------------------------
// Systems of several nodes and the NVL72 racks (issue 24). Tokens/s, nodes, a# and the stated
// power are read here from MLCommons' v6.0 table, not from the catalogue.

/// The v6.0 table's row of an entry, benchmark and scenario.
fn table_row(id: &str, model: &str, scenario: &str) -> serde_json::Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mlperf/summary_results_v6.0.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let rows: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    rows.into_iter()
        .find(|r| r["ID"] == id && r["Model"] == model && r["Scenario"] == scenario)
        .unwrap_or_else(|| panic!("no row {id} {model} {scenario}"))
}

fn table_number(row: &serde_json::Value, column: &str) -> f64 {
    row[column].as_f64().unwrap_or_else(|| panic!("{column} of {row}"))
}

#[test]
fn a_rack_ceiling_is_every_accelerator_at_its_stated_power_over_the_systems_tokens() {
    // (entry, benchmark, scenario, the per-GPU TGP the Notes state)
    let cases = [
        ("6.0-0075", Benchmark::Llama2_70b99, "Offline", 1200.0),
        ("6.0-0075", Benchmark::Llama2_70b99, "Interactive", 1200.0),
        ("6.0-0078", Benchmark::Llama2_70b99, "Server", 1400.0),
        ("6.0-0078", Benchmark::Llama3_1_405b, "Interactive", 1400.0),
    ];
    for (id, benchmark, scenario_label, tgp) in cases {
        let row = table_row(id, benchmark.id(), scenario_label);
        let gpus = table_number(&row, "Nodes") * table_number(&row, "a#");
        assert_eq!(gpus, table_number(&row, "Total Accelerators"));
        assert!(row["Notes"].as_str().unwrap_or_default().contains(&format!("{tgp}W TGP Per GPU")));
        let tokens = table_number(&row, "Performance_Result");
        let mut f = Form::initial(catalogue()).with_result(catalogue(), id);
        f.benchmark = benchmark;
        f.scenario = Scenario::ALL.into_iter().find(|s| s.label() == scenario_label).unwrap_or(Scenario::Offline);
        assert_eq!(f.gpus, "72", "{id}: the system's accelerators are the cards of its one 'server'");
        let evaluation = model::evaluate(catalogue(), &f);
        assert!(evaluation.errors().is_empty(), "{id}: {:?}", evaluation.errors());
        let Some(j) = evaluation.figures.energy_per_token.as_ref() else { panic!("{id}: no J/token") };
        assert_close(j.value, gpus * tgp / tokens, 1e-12);
        assert_eq!(j.kind, Kind::Ceiling, "{id}");
        let Some(board) = evaluation.figures.board_power.as_ref() else { panic!("{id}: no board power") };
        assert_close(board.value, gpus * tgp, 1e-9);
    }
}

#[test]
fn four_racks_without_a_stated_power_take_the_cards_rating() {
    // 6.0-0076: 72 nodes × 4 GB300, Notes "NVIDIA GB300 NVL72" (no watts); GB300's rating is the
    // 1400 W 6.0-0078 states per GPU.
    let row = table_row("6.0-0076", "deepseek-r1", "Offline");
    let gpus = table_number(&row, "Nodes") * table_number(&row, "a#");
    assert_eq!(gpus, 288.0);
    let mut f = Form::initial(catalogue()).with_result(catalogue(), "6.0-0076");
    f.benchmark = Benchmark::DeepseekR1;
    f.scenario = Scenario::Offline;
    assert_eq!(f.gpus, "288");
    let Some(j) = model::evaluate(catalogue(), &f).figures.energy_per_token else { panic!("no J/token") };
    assert_close(j.value, gpus * 1400.0 / table_number(&row, "Performance_Result"), 1e-12);
    assert!(j.kind == Kind::Ceiling);
}

#[test]
fn every_published_system_fits_the_cards_field() {
    let most = catalogue().results.iter().map(|r| r.accelerators).max().unwrap_or(0);
    assert_eq!(most, 64 * 8, "v6.1's Crusoe, 64 nodes × 8 MI355X (issue 50)");
    assert!(token_energy::form::GPUS_RANGE.1 >= most);
}

#[test]
fn the_throughput_select_shows_a_system_of_several_nodes_as_published() {
    let label = |id: &str| {
        let r = catalogue().entry(id).next().unwrap_or_else(|| panic!("{id}"));
        token_energy::i18n::result_label(Lang::En, &model::result_label(r, catalogue().card(&r.card)))
    };
    let german = |id: &str| {
        let r = catalogue().entry(id).next().unwrap_or_else(|| panic!("{id}"));
        token_energy::i18n::result_label(Lang::De, &model::result_label(r, catalogue().card(&r.card)))
    };
    assert_eq!(label("6.0-0075"), "6.0-0075 · NVIDIA · 72 × FP4 (18 × 4, NVL72) · 1,200 W");
    assert_eq!(label("6.0-0076"), "6.0-0076 · NVIDIA · 288 × FP4 (72 × 4, 4 × NVL72) · 1,400 W rated");
    // 16 nodes of an NVL72 fill no whole rack; two H100 SXM servers are two nodes.
    assert!(label("6.0-0015").contains("64 × FP4 (16 × 4) ·"), "{}", label("6.0-0015"));
    assert!(label("5.1-0015").contains(" · 16 × FP8 (2 × 8) · 700 W rated"), "{}", label("5.1-0015"));
    assert_eq!(label("6.0-0021"), "6.0-0021 · Dell · 8 × FP8 · 600 W");
    // German: 1200 W and 1400 W with a German thousands point (German review 1-1), words in German.
    assert_eq!(german("6.0-0075"), "6.0-0075 · NVIDIA · 72 × FP4 (18 × 4, NVL72) · 1.200 W");
    assert_eq!(german("6.0-0076"), "6.0-0076 · NVIDIA · 288 × FP4 (72 × 4, 4 × NVL72) · 1.400 W Nennleistung");
    assert!(german("5.1-0015").ends_with(" · 700 W Nennleistung"), "{}", german("5.1-0015"));
}

#[test]
fn the_table_filters_by_system_size() {
    use token_energy::catalogue::SystemSize;
    let rows = |size| {
        let filter = model::TableFilter { size: Some(size), ..model::TableFilter::benchmark(Benchmark::Llama2_70b99) };
        let mut ids: Vec<String> = model::comparison_of(catalogue(), &filter)
            .iter()
            .filter(|r| r.energy_per_token.kind == Kind::Ceiling)
            .map(|r| format!("{} {}", r.result.id, r.result.scenario.id()))
            .collect();
        ids.sort();
        ids
    };
    // Llama 2 70B (99 %) on whole racks: 6.0-0075 and 6.0-0078, three scenarios each (the v6.0 table).
    let racks = rows(SystemSize::Rack);
    let mut expected: Vec<String> = Vec::new();
    for id in ["6.0-0075", "6.0-0078"] {
        for s in ["interactive", "offline", "server"] {
            expected.push(format!("{id} {s}"));
        }
    }
    assert_eq!(racks, expected);
    // Several nodes: H100 SXM on 2 and 4 nodes (v4.1-0035, -0036; 5.1-0015, -0016), H200 SXM on 2
    // (5.1-0013), MI300X and MI325X on 2 (5.1-0030, 5.1-0090); none of them whole racks.
    let nodes = rows(SystemSize::Nodes);
    for id in ["v4.1-0035", "v4.1-0036", "5.1-0013", "5.1-0015", "5.1-0016", "5.1-0030", "5.1-0090"] {
        assert!(nodes.iter().any(|r| r.starts_with(id)), "{id} in {nodes:?}");
    }
    assert!(nodes.iter().all(|r| !r.starts_with("6.0-0075") && !r.starts_with("6.0-0078")));
    // One server: the rest; the three sizes split the table.
    let servers = rows(SystemSize::Server);
    assert!(servers.iter().any(|r| r == "6.0-0021 offline"));
    let all = model::comparison_of(catalogue(), &model::TableFilter::benchmark(Benchmark::Llama2_70b99))
        .iter()
        .filter(|r| r.energy_per_token.kind == Kind::Ceiling)
        .count();
    assert_eq!(racks.len() + nodes.len() + servers.len(), all);
}

/// Issue 28.9: the precision label says what is known. MLCommons' `weight_data_types` are the
/// starting weights; v4.1-0049 states "quantization, affine fusion" for Llama 2 70B 99.9 (record
/// 000, and its measurements file), so its served format is not stated, and the comparison's
/// check never compares it. Since issue 34.9 every row carries its measurements file's
/// `weight_transformations`: only a file that states none leaves the table's format as served.
#[test]
fn the_precision_label_says_what_is_known_from_the_data() {
    use token_energy::i18n::Lang;
    use token_energy::precision::Precision;
    let c = Catalogue::embedded();
    let row = |id: &str, b: Benchmark, s: Scenario| c.result(id, b, s).unwrap_or_else(|| panic!("{id}"));
    let h200sxm = row("v4.1-0049", Benchmark::Llama2_70b999, Scenario::Server);
    let nvl = row("6.0-0021", Benchmark::Llama2_70b99, Scenario::Offline);
    // closed/RedHat/results/8xB200-LLM-D-Openshift/gpt-oss-120b/Offline/measurements.json and
    // closed/RedHat/measurements/L40S-RedHat-OpenShift/llama2-70b-99.9/Offline/L40S-RedHat-OpenShift.json
    // state weight_transformations "none".
    let b200 = row("6.0-0091", Benchmark::GptOss120b, Scenario::Offline);
    let l40s = row("v4.1-0058", Benchmark::Llama2_70b999, Scenario::Offline);
    // The table's own weight_data_types, read from MLCommons' v4.1 summary where it is beside the project.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mlperf/summary_results_v4.1.json");
    let table: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let published = table
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["ID"] == "v4.1-0049" && r["Model"] == "llama2-70b-99.9" && r["Scenario"] == "Server")
        .and_then(|r| r["weight_data_types"].as_str())
        .map(str::to_owned);
    assert_eq!(published.as_deref(), Some("fp16"), "MLCommons' table");
    assert_eq!(published.as_deref(), Some(&*h200sxm.weights), "the catalogue keeps the table's starting weights");
    let p = Precision::of(h200sxm);
    assert!(matches!(p, Precision::StartedFrom { transformations: "quantization, affine fusion", .. }), "{p:?}");
    assert_eq!(p.served(), None);
    assert_eq!(p.started_from(), "FP16");
    assert_eq!((Lang::En.strings().precision)(&p), "started from FP16; served format not stated");
    assert_eq!((Lang::En.strings().precision_cell)(&p), "FP16 → not stated");
    assert!((Lang::De.strings().precision)(&p).contains("nicht angegeben"));
    // FP8 stated with a quantization of the original (16-bit) weights: FP8 is what the quantization
    // produced, so it is the served format, with the transformation named.
    assert!(matches!(Precision::of(nvl), Precision::Transformed { weights: "fp8", .. }), "{:?}", Precision::of(nvl));
    assert_eq!((Lang::En.strings().precision_cell)(&Precision::of(nvl)), "FP8");
    assert_eq!((Lang::En.strings().precision)(&Precision::of(nvl)), "FP8 weights, quantized");
    // No transformation stated ("none"): the table's format is the served one.
    assert_eq!(Precision::of(b200), Precision::Weights("mxfp4"));
    assert_eq!((Lang::En.strings().precision)(&Precision::of(b200)), "MXFP4 weights");
    assert_eq!((Lang::En.strings().precision_cell)(&Precision::of(l40s)), "FP16");
    // No measurements file read: the table's format, as before issue 34.9.
    let mut unread = nvl.clone();
    unread.weight_transformations = None;
    assert_eq!(Precision::of(&unread), Precision::Weights("fp8"));
    // The mismatch check compares what is known, never a guess.
    assert_eq!(Precision::of(b200).differs(&Precision::of(l40s)), Some(true));
    assert_eq!(Precision::of(b200).differs(&Precision::of(b200)), Some(false));
    assert_eq!(Precision::of(&unread).differs(&Precision::of(l40s)), Some(true));
    assert_eq!(Precision::of(b200).differs(&p), None);
    assert_eq!(Precision::of(nvl).differs(&Precision::of(nvl)), Some(false));
    // Its other benchmarks state the same in their own files (llama2-70b-99/Server/H200-SXM-141GBx8_TRT_MaxQ_Server.json).
    assert!(matches!(
        Precision::of(row("v4.1-0049", Benchmark::Llama2_70b99, Scenario::Server)),
        Precision::StartedFrom { transformations: "quantization, affine fusion", .. }
    ));
}
