//! "Measure your own" (issue 11): the parsers on real-shaped texts (../shared/reference/PLANNING.md
//! sections 6–7) and on every bad input the issue lists; the arithmetic checked against sums written
//! out here; MLPerf Power's window mean on the real v4.1-0049 logs.

mod common;

use token_energy::catalogue::Scope;
use token_energy::figure::{Figure, Kind, Origin, Unit};
use token_energy::measure::dcgm::{self, EnergyFormat};
use token_energy::measure::mlperf_power::{self, Stamp};
use token_energy::measure::power::{self, PowerFormat};
use token_energy::measure::runs::{self, Axis};
use token_energy::measure::tokens::{self, Engine};
use token_energy::measure::{self, evaluate, Input, MeasureError, Problem, RowNote, Texts};

// ---- real-shaped samples (PLANNING.md) ----------------------------------------------------------

/// §6a, A30 with MIG (dcgm-exporter issue #317): the whole-GPU counter repeats on each instance.
const MIG_BEFORE: &str = "# TYPE DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION counter
DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu=\"0\",UUID=\"GPU-265c9814-6156-355b-e589-ff2064894f16\",device=\"nvidia0\",modelName=\"NVIDIA A30\",GPU_I_PROFILE=\"1g.6gb\",GPU_I_ID=\"3\",Hostname=\"yg-data-k8s-gpu-a30-node-test-test0003.mt\"} 126272101025
DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu=\"0\",UUID=\"GPU-265c9814-6156-355b-e589-ff2064894f16\",device=\"nvidia0\",modelName=\"NVIDIA A30\",GPU_I_PROFILE=\"1g.6gb\",GPU_I_ID=\"4\",Hostname=\"yg-data-k8s-gpu-a30-node-test-test0003.mt\"} 126272101025
";

/// §6a, the NVIDIA docs example (A100, no modelName), with the power gauge beside the counter.
const A100_BEFORE: &str = "DCGM_FI_DEV_POWER_USAGE{gpu=\"0\",UUID=\"GPU-34319582-d595-d1c7-d1d2-179bcfa61660\",device=\"nvidia0\",Hostname=\"ub20-a100-k8s\"} 409.692000
DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu=\"0\",UUID=\"GPU-34319582-d595-d1c7-d1d2-179bcfa61660\",device=\"nvidia0\",Hostname=\"ub20-a100-k8s\"} 319159391
";

/// §6b, `dcgmi dmon` on 8 × A100 (trimmed to 3 rows; GPU 7 first).
const DMON_BEFORE: &str = "$ dcgmi dmon -e 150,155,156,203,252
#Entity   TMPTR        POWER             TOTEC                   GPUTL             FBUSD
ID         C            W                 mJ
GPU 7     45           57.430            108702777               0                 0
GPU 6     48           64.237            121075349               0                 0
GPU 5     51           72.371            136324526               0                 0
";

/// The same GPUs later, in another order, with the header printed again.
const DMON_AFTER: &str = "#Entity   POWER   TOTEC
ID        W       mJ
GPU 5     512.5   1936324526
GPU 7     498.0   1908702777
#Entity   POWER   TOTEC
ID        W       mJ
GPU 6     505.1   1921075349
";

/// §7a: vLLM with the `engine` label and the `_created` gauges prometheus_client writes.
fn vllm(gen0: f64, gen1: f64, prompt0: f64, prompt1: f64) -> String {
    format!(
        "# HELP vllm:prompt_tokens_total Number of prefill tokens processed.
# TYPE vllm:prompt_tokens_total counter
vllm:prompt_tokens_total{{engine=\"0\",model_name=\"llama-vllm-single\"}} {prompt0:?}
vllm:prompt_tokens_total{{engine=\"1\",model_name=\"llama-vllm-single\"}} {prompt1:?}
# HELP vllm:prompt_tokens_created Number of prefill tokens processed.
# TYPE vllm:prompt_tokens_created gauge
vllm:prompt_tokens_created{{engine=\"0\",model_name=\"llama-vllm-single\"}} 1.7769301736864982e+09
# HELP vllm:generation_tokens_total Number of generation tokens processed.
# TYPE vllm:generation_tokens_total counter
vllm:generation_tokens_total{{engine=\"0\",model_name=\"llama-vllm-single\"}} {gen0:?}
vllm:generation_tokens_total{{engine=\"1\",model_name=\"llama-vllm-single\"}} {gen1:?}
# TYPE vllm:generation_tokens_created gauge
vllm:generation_tokens_created{{engine=\"0\",model_name=\"llama-vllm-single\"}} 1.7769301736864982e+09
vllm:generation_tokens_created{{engine=\"1\",model_name=\"llama-vllm-single\"}} 1.7769301736864982e+09
# HELP vllm:num_requests_running Number of requests in model execution batches.
# TYPE vllm:num_requests_running gauge
vllm:num_requests_running{{engine=\"0\",model_name=\"llama-vllm-single\"}} 8.0
"
    )
}

/// §7b: SGLang's docs example (exponent form).
const SGLANG: &str = "# HELP sglang:prompt_tokens_total Number of prefill tokens processed.
# TYPE sglang:prompt_tokens_total counter
sglang:prompt_tokens_total{model_name=\"meta-llama/Llama-3.1-8B-Instruct\"} 8.128902e+06
# HELP sglang:generation_tokens_total Number of generation tokens processed.
# TYPE sglang:generation_tokens_total counter
sglang:generation_tokens_total{model_name=\"meta-llama/Llama-3.1-8B-Instruct\"} 7.557572e+06
# HELP sglang:num_running_reqs The number of running requests
# TYPE sglang:num_running_reqs gauge
sglang:num_running_reqs{model_name=\"meta-llama/Llama-3.1-8B-Instruct\"} 162.0
";

fn tgi(generated: u64, input: u64) -> String {
    format!(
        "# TYPE tgi_request_generated_tokens histogram
tgi_request_generated_tokens_bucket{{le=\"+Inf\"}} 12
tgi_request_generated_tokens_sum {generated}
tgi_request_generated_tokens_count 12
tgi_request_input_length_sum {input}
tgi_request_input_length_count 12
"
    )
}

fn texts(eb: &str, ea: &str, tb: &str, ta: &str) -> Texts {
    Texts {
        energy_before: eb.into(),
        energy_after: ea.into(),
        tokens_before: tb.into(),
        tokens_after: ta.into(),
        ..Texts::default()
    }
}

fn problems(m: &measure::Measurement) -> Vec<(Input, Problem)> {
    m.errors.iter().map(|e| (e.input, e.problem.clone())).collect()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

// ---- parsers on real-shaped text ---------------------------------------------------------------

#[test]
fn mig_instances_count_each_uuid_once() {
    let s = dcgm::parse(MIG_BEFORE).unwrap();
    assert_eq!(s.format, EnergyFormat::Exporter);
    assert_eq!(s.gpus.len(), 1);
    let g = &s.gpus[0];
    assert_eq!(g.id, "GPU-265c9814-6156-355b-e589-ff2064894f16");
    assert_eq!(g.millijoules, 126_272_101_025.0);
    assert_eq!(g.model.as_deref(), Some("NVIDIA A30"));
    assert_eq!(g.host.as_deref(), Some("yg-data-k8s-gpu-a30-node-test-test0003.mt"));
    assert_eq!(g.index.as_deref(), Some("0"));
}

#[test]
fn the_exporter_reads_only_the_energy_counter_and_either_hostname_spelling() {
    let s = dcgm::parse(A100_BEFORE).unwrap();
    assert_eq!(s.gpus.len(), 1);
    assert_eq!(s.gpus[0].millijoules, 319_159_391.0);
    assert_eq!(s.gpus[0].line, 2);
    let lower = A100_BEFORE.replace("Hostname", "hostname").replace("UUID", "uuid");
    let s = dcgm::parse(&lower).unwrap();
    assert_eq!(s.gpus[0].host.as_deref(), Some("ub20-a100-k8s"));
    assert_eq!(s.gpus[0].id, "GPU-34319582-d595-d1c7-d1d2-179bcfa61660");
}

#[test]
fn dmon_reads_totec_by_name_in_any_row_order() {
    let s = dcgm::parse(DMON_BEFORE).unwrap();
    assert_eq!(s.format, EnergyFormat::Dmon);
    let ids: Vec<_> = s.gpus.iter().map(|g| (g.id.as_str(), g.millijoules)).collect();
    assert_eq!(ids, [("GPU 7", 108_702_777.0), ("GPU 6", 121_075_349.0), ("GPU 5", 136_324_526.0)]);
    let after = dcgm::parse(DMON_AFTER).unwrap();
    assert_eq!(after.gpus.len(), 3);
    assert_eq!(after.gpus.iter().find(|g| g.id == "GPU 6").unwrap().line, 7);
}

#[test]
fn vllm_sums_engines_and_never_reads_created_series() {
    let t = tokens::parse(&vllm(1000.0, 2500.0, 300.0, 700.0)).unwrap();
    assert_eq!(t.engine, Engine::Vllm);
    assert_eq!(t.generated, 1000.0 + 2500.0);
    assert_eq!(t.prompt, Some(300.0 + 700.0));
    assert_eq!(t.series, 2);
}

#[test]
fn sglang_and_tgi_read() {
    let s = tokens::parse(SGLANG).unwrap();
    assert_eq!((s.engine, s.generated, s.prompt), (Engine::Sglang, 7_557_572.0, Some(8_128_902.0)));
    let t = tokens::parse(&tgi(5000, 1200)).unwrap();
    assert_eq!((t.engine, t.generated, t.prompt), (Engine::Tgi, 5000.0, Some(1200.0)));
    // The docs example before the `engine` label: no labels to sum over but the model's.
    let docs = "vllm:generation_tokens_total{model_name=\"meta-llama/Llama-3.1-8B-Instruct\"} 27453.0\n";
    assert_eq!(tokens::parse(docs).unwrap().prompt, None);
}

#[test]
fn prometheus_lines_with_escapes_timestamps_and_quoted_names() {
    let line = r#"vllm:generation_tokens_total{model_name="a \"quoted\" \\ name",engine="0",} 12 1700000000000"#;
    assert_eq!(tokens::parse(line).unwrap().generated, 12.0);
    let utf8 = r#"{"vllm:generation_tokens_total", engine="0"} 7"#;
    assert_eq!(tokens::parse(utf8).unwrap().generated, 7.0);
}

// ---- the arithmetic ------------------------------------------------------------------------------

#[test]
fn j_per_token_is_the_energy_difference_over_generated_tokens() {
    let m = evaluate(&Texts {
        duration: "600".into(),
        idle_watts: "60".into(),
        wall_wh: "10,000".into(),
        ..texts(
            DMON_BEFORE,
            DMON_AFTER,
            &vllm(1000.0, 2000.0, 50.0, 50.0),
            &vllm(401_000.0, 302_000.0, 90_050.0, 10_050.0),
        )
    });
    assert!(m.errors.is_empty(), "{:?}", m.errors);
    // Each GPU's counter rose by 1 800 000 000 mJ = 1 800 000 J.
    let per_gpu = (1_936_324_526.0 - 136_324_526.0) / 1000.0;
    let total = 3.0 * per_gpu;
    let generated = (401_000.0 + 302_000.0) - (1000.0 + 2000.0);
    let prompt = (90_050.0 + 10_050.0) - (50.0 + 50.0);
    let f = |x: &Option<Figure>| x.as_ref().unwrap().value;
    assert!(close(f(&m.gpu_energy), total));
    assert!(close(f(&m.output_tokens), generated));
    assert!(close(f(&m.prompt_tokens), prompt));
    assert!(close(f(&m.j_per_token), total / generated));
    assert!(close(f(&m.tokens_per_s), generated / 600.0));
    assert!(close(f(&m.average_power_per_gpu), total / 600.0 / 3.0));
    assert!(close(f(&m.j_per_token_above_idle), (total - 60.0 * 3.0 * 600.0) / generated));
    assert!(close(f(&m.node_j_per_token), 10_000.0 * 3600.0 / generated));
    let j = m.j_per_token.as_ref().unwrap();
    assert_eq!(j.kind, Kind::Measured(Scope::GpuBoard));
    assert_eq!(j.unit, Unit::JoulesPerToken);
    for i in [Input::EnergyBefore, Input::EnergyAfter, Input::TokensBefore, Input::TokensAfter] {
        assert!(j.origins.contains(&Origin::Measurement(i)), "{:?}", j.origins);
    }
    assert_eq!(m.node_j_per_token.as_ref().unwrap().kind, Kind::Measured(Scope::NodeAc));
    // The per-GPU table: three equal shares, in the after snapshot's order.
    assert_eq!(m.gpus.iter().map(|g| g.id.as_str()).collect::<Vec<_>>(), ["GPU 5", "GPU 7", "GPU 6"]);
    for g in &m.gpus {
        assert!(close(g.energy.value, per_gpu));
        assert!(close(g.share.value, 100.0 / 3.0));
        assert!(close(g.average_power.as_ref().unwrap().value, per_gpu / 600.0));
    }
}

#[test]
fn unequal_gpus_get_their_shares() {
    let after = MIG_BEFORE.replace("126272101025", "126272201025"); // +100 000 mJ = 100 J
    let two_before = format!("{A100_BEFORE}{MIG_BEFORE}");
    let two_after = format!("{}{after}", A100_BEFORE.replace("319159391", "319459391")); // +300 J
    let m = evaluate(&texts(&two_before, &two_after, &tgi(100, 10), &tgi(300, 50)));
    assert!(m.errors.is_empty(), "{:?}", m.errors);
    let shares: Vec<_> = m.gpus.iter().map(|g| (g.energy.value, g.share.value)).collect();
    assert!(close(shares[0].0, 300.0) && close(shares[0].1, 75.0), "{shares:?}");
    assert!(close(shares[1].0, 100.0) && close(shares[1].1, 25.0), "{shares:?}");
    assert!(close(m.j_per_token.unwrap().value, 400.0 / 200.0));
    assert!(close(m.prompt_tokens.unwrap().value, 40.0));
}

#[test]
fn the_measurement_compares_with_the_ceiling_and_the_limit() {
    let own = Figure::new(0.5, Unit::JoulesPerToken, Kind::Measured(Scope::GpuBoard), vec![]).unwrap();
    let ceiling = Figure::new(2.0, Unit::JoulesPerToken, Kind::Ceiling, vec![]).unwrap();
    let pct = measure::versus_ceiling(&own, &ceiling).unwrap();
    assert!(close(pct.value, 25.0));
    assert_eq!(pct.unit, Unit::Percent);
    let node = own.with_kind(Kind::Measured(Scope::NodeAc));
    assert!(
        measure::versus_ceiling(&node, &ceiling).is_none(),
        "a whole-node figure is not compared with a board ceiling"
    );
    let power = Figure::new(450.0, Unit::Watts, Kind::Measured(Scope::GpuBoard), vec![]).unwrap();
    assert!(close(measure::versus_limit(&power, 600.0).unwrap().value, 75.0));
    assert!(measure::versus_limit(&power, 0.0).is_none());
}

#[test]
fn a_wall_reading_alone_gives_a_whole_node_figure() {
    let m = evaluate(&Texts { wall_wh: "10".into(), ..texts("", "", &tgi(0, 0), &tgi(36_000, 0)) });
    assert!(m.errors.is_empty(), "{:?}", m.errors);
    let j = m.j_per_token.unwrap();
    assert_eq!(j.kind, Kind::Measured(Scope::NodeAc));
    assert!(close(j.value, 10.0 * 3600.0 / 36_000.0));
}

#[test]
fn blank_boxes_are_no_error_and_no_figure() {
    let m = evaluate(&Texts::default());
    assert!(m.errors.is_empty());
    assert!(m.j_per_token.is_none() && m.gpu_energy.is_none());
}

// ---- bad input -------------------------------------------------------------------------------------

fn dmon(rows: &[(u32, u64)]) -> String {
    let mut s = "#Entity POWER TOTEC\nID W mJ\n".to_owned();
    for (g, v) in rows {
        s.push_str(&format!("GPU {g} 400.0 {v}\n"));
    }
    s
}

#[test]
fn a_counter_that_went_backwards_names_the_gpu_and_line() {
    let m = evaluate(&texts(&dmon(&[(0, 1000), (1, 5000)]), &dmon(&[(0, 9000), (1, 10)]), "", ""));
    assert_eq!(problems(&m), [(Input::EnergyAfter, Problem::CounterWentBackwards { gpu: "GPU 1".into(), line: 4 })]);
    let text = m.errors[0].to_string();
    assert!(text.contains("line 4") && text.contains("GPU 1") && text.contains("backwards"), "{text}");
}

#[test]
fn swapped_snapshots_are_named_as_swapped() {
    let m = evaluate(&texts(DMON_AFTER, DMON_BEFORE, &tgi(900, 0), &tgi(100, 0)));
    let p = problems(&m);
    assert!(p.contains(&(Input::EnergyAfter, Problem::Swapped)), "{p:?}");
    assert!(p.contains(&(Input::TokensAfter, Problem::Swapped)), "{p:?}");
    assert!(m.j_per_token.is_none());
}

#[test]
fn tokens_that_went_backwards_alone_suggest_a_restart() {
    let m = evaluate(&texts(DMON_BEFORE, DMON_AFTER, &tgi(900, 0), &tgi(100, 0)));
    assert_eq!(problems(&m), [(Input::TokensAfter, Problem::TokensWentBackwards { line: 3 })]);
}

#[test]
fn a_gpu_in_one_snapshot_only() {
    let m = evaluate(&texts(&dmon(&[(0, 1), (1, 1)]), &dmon(&[(0, 9)]), "", ""));
    assert_eq!(
        problems(&m),
        [(Input::EnergyAfter, Problem::GpuMissing { gpu: "GPU 1".into(), listed_in: Input::EnergyBefore, line: 4 })]
    );
    let m = evaluate(&texts(&dmon(&[(0, 1)]), &dmon(&[(0, 9), (3, 9)]), "", ""));
    assert_eq!(
        problems(&m),
        [(Input::EnergyBefore, Problem::GpuMissing { gpu: "GPU 3".into(), listed_in: Input::EnergyAfter, line: 4 })]
    );
}

#[test]
fn no_token_counter_and_zero_tokens() {
    assert_eq!(tokens::parse("# nothing here\nprocess_cpu_seconds_total 12.5\n"), Err(Problem::NoTokenCounter));
    // Only `_created` series: still no counter.
    let created = "vllm:generation_tokens_created{engine=\"0\"} 1.7769301736864982e+09\n";
    assert_eq!(tokens::parse(created), Err(Problem::NoTokenCounter));
    let m = evaluate(&texts("", "", &vllm(5.0, 5.0, 0.0, 0.0), &vllm(5.0, 5.0, 9.0, 9.0)));
    assert_eq!(problems(&m), [(Input::TokensAfter, Problem::ZeroTokens)]);
}

#[test]
fn one_snapshot_alone_asks_for_the_other() {
    let m = evaluate(&texts(DMON_BEFORE, "  \n", "", ""));
    assert_eq!(problems(&m), [(Input::EnergyAfter, Problem::Missing)]);
}

#[test]
fn mixed_formats_in_one_box_and_across_boxes() {
    let mixed = format!("{DMON_BEFORE}{A100_BEFORE}");
    assert_eq!(dcgm::parse(&mixed), Err(Problem::MixedFormats { line: 7 }));
    let mixed = format!("{A100_BEFORE}{DMON_BEFORE}");
    assert_eq!(dcgm::parse(&mixed), Err(Problem::MixedFormats { line: 4 }));
    let engines = format!("{}{SGLANG}", tgi(1, 1));
    assert_eq!(tokens::parse(&engines), Err(Problem::MixedFormats { line: 9 }));
    let m = evaluate(&texts(A100_BEFORE, DMON_AFTER, SGLANG, &tgi(1, 1)));
    let p = problems(&m);
    assert!(p.contains(&(Input::EnergyAfter, Problem::FormatsDiffer { before: "dcgm-exporter", after: "dcgmi dmon" })));
    assert!(p.contains(&(Input::TokensAfter, Problem::FormatsDiffer { before: "SGLang", after: "TGI" })));
}

#[test]
fn pasted_in_the_wrong_box() {
    assert_eq!(tokens::parse(DMON_BEFORE), Err(Problem::WrongBox { line: 4 }));
    assert_eq!(tokens::parse(A100_BEFORE), Err(Problem::WrongBox { line: 2 }));
    assert_eq!(dcgm::parse(SGLANG), Err(Problem::WrongBox { line: 3 }));
}

#[test]
fn a_twenty_megabyte_paste_is_refused_before_it_is_read() {
    let huge = "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu=\"0\",UUID=\"GPU-1\"} 1\n".repeat(20 * 1024 * 1024 / 60);
    assert!(huge.len() > 19_000_000);
    assert!(matches!(dcgm::parse(&huge), Err(Problem::TooLarge { .. })));
    assert!(matches!(tokens::parse(&huge), Err(Problem::TooLarge { .. })));
    let m = evaluate(&texts(&huge, A100_BEFORE, "", ""));
    assert!(m.errors[0].to_string().contains("too large"), "{}", m.errors[0]);
}

#[test]
fn binary_garbage_is_not_text() {
    let garbage: String = (0u8..=255).map(char::from).collect();
    assert_eq!(dcgm::parse(&format!("{A100_BEFORE}{garbage}")), Err(Problem::NotText { line: 3 }));
    assert_eq!(tokens::parse("\u{FFFD}\u{FFFD}PNG\n"), Err(Problem::NotText { line: 1 }));
    assert_eq!(tokens::parse("abc\0def"), Err(Problem::NotText { line: 1 }));
    // Printable garbage is a malformed line, named.
    assert!(matches!(dcgm::parse("%%%% !!!\n"), Err(Problem::Malformed { line: 1, .. })));
}

#[test]
fn nan_and_infinities_are_refused() {
    for v in ["NaN", "+Inf", "-Inf", "inf"] {
        let line = format!("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{{gpu=\"0\",UUID=\"GPU-1\"}} {v}\n");
        assert_eq!(dcgm::parse(&line), Err(Problem::NotFinite { line: 1 }), "{v}");
        let line = format!("vllm:generation_tokens_total{{engine=\"0\"}} {v}\n");
        assert_eq!(tokens::parse(&line), Err(Problem::NotFinite { line: 1 }), "{v}");
    }
    assert_eq!(
        dcgm::parse(&dmon(&[(0, 1)]).replace("GPU 0 400.0 1", "GPU 0 400.0 NaN")),
        Err(Problem::NotFinite { line: 3 })
    );
    assert_eq!(
        dcgm::parse(&dmon(&[(0, 1)]).replace("GPU 0 400.0 1", "GPU 0 400.0 N/A")),
        Err(Problem::NotAvailable { line: 3 })
    );
    assert_eq!(dcgm::parse("#Entity POWER\nID W\nGPU 0 400\n"), Err(Problem::NoEnergyColumn { line: 1 }));
}

#[test]
fn repeated_series_and_conflicting_uuids() {
    let twice = "tgi_request_generated_tokens_sum 5\ntgi_request_generated_tokens_sum 5\n";
    assert_eq!(tokens::parse(twice), Err(Problem::DuplicateSeries { line: 2 }));
    let conflict = format!("{MIG_BEFORE}{}", MIG_BEFORE.lines().nth(1).unwrap().replace("126272101025", "9"));
    assert!(matches!(dcgm::parse(&conflict), Err(Problem::ConflictingReadings { line: 4, .. })));
}

#[test]
fn optional_numbers_are_checked() {
    let ok = texts(DMON_BEFORE, DMON_AFTER, &tgi(0, 0), &tgi(1000, 0));
    let m = evaluate(&Texts { duration: "abc".into(), wall_wh: "-5".into(), idle_watts: "50".into(), ..ok.clone() });
    let p = problems(&m);
    assert!(p.contains(&(Input::Duration, Problem::NotANumber)), "{p:?}");
    assert!(p.contains(&(Input::WallEnergy, Problem::NotPositive)), "{p:?}");
    assert!(p.contains(&(Input::IdlePower, Problem::NeedsDuration)), "{p:?}");
    assert!(m.j_per_token.is_some(), "the main figure stands");
    let m = evaluate(&Texts { duration: "1e9".into(), idle_watts: "50".into(), wall_wh: "0.001".into(), ..ok });
    let p = problems(&m);
    assert!(p.contains(&(Input::IdlePower, Problem::IdleAboveMeasured)), "{p:?}");
    assert!(p.iter().any(|(i, p)| *i == Input::WallEnergy && matches!(p, Problem::WallBelowGpu { .. })), "{p:?}");
}

// ---- MLPerf Power --------------------------------------------------------------------------------

fn spl_line(time: &str, watts: &str) -> String {
    format!("Time,{time},Watts,{watts},Volts,239.1,Amps,3.6,PF,0.96,Mark,x\n")
}

fn detail(begin: &str, end: &str) -> String {
    format!(
        ":::MLLOG {{\"key\": \"effective_scenario\", \"value\": \"Offline\", \"time_ms\": 1.0}}\n\
         :::MLLOG {{\"key\": \"power_begin\", \"value\": \"{begin}\", \"time_ms\": 2.0}}\n\
         :::MLLOG {{\"key\": \"power_end\", \"value\": \"{end}\", \"time_ms\": 2.0}}\n\
         :::MLLOG {{\"key\": \"result_tokens_per_second\", \"value\": 1000.5, \"time_ms\": 3.0}}\n"
    )
}

#[test]
fn the_window_mean_takes_the_samples_strictly_inside_the_window() {
    let spl = [
        spl_line("12-31-2024 23:59:58.000", "100"),
        spl_line("12-31-2024 23:59:59.500", "1000"), // == begin: outside, as the checker's `>`
        spl_line("12-31-2024 23:59:59.501", "2000"),
        spl_line("01-01-2025 00:00:00.5", "4000"),
        spl_line("01-01-2025 00:00:01.000000", "3000"), // == end: outside
        "\n".to_owned(),
    ]
    .concat();
    let w = mlperf_power::window_mean(&spl, &detail("12-31-2024 23:59:59.500", "01-01-2025 00:00:01.000")).unwrap();
    assert_eq!((w.samples, w.samples_in_file), (2, 5));
    assert!(close(w.mean_watts, (2000.0 + 4000.0) / 2.0));
    assert_eq!(w.window.scenario.as_deref(), Some("Offline"));
    assert_eq!(w.window.tokens_per_s, Some(1000.5));
    let (power, per_token) = measure::window_figures(&w);
    assert_eq!(power.as_ref().unwrap().kind, Kind::Measured(Scope::NodeAc));
    assert!(close(per_token.unwrap().value, 3000.0 / 1000.5));
}

#[test]
fn a_window_with_no_samples_and_other_broken_logs() {
    let spl = spl_line("07-17-2024 20:49:56.945", "2511.1");
    let err =
        mlperf_power::window_mean(&spl, &detail("07-18-2024 10:00:00.000", "07-18-2024 11:00:00.000")).unwrap_err();
    assert_eq!(err.input, Input::PowerLog);
    assert!(matches!(err.problem, Problem::NoSamplesInWindow { samples_in_file: 1, .. }), "{err:?}");
    assert!(err.to_string().contains("power_begin"), "{err}");
    let d = detail("07-17-2024 20:00:00.000", "07-17-2024 21:00:00.000");
    let bad = |spl: &str, detail: &str| mlperf_power::window_mean(spl, detail).unwrap_err();
    assert_eq!(
        bad(&spl, &spl),
        MeasureError::new(Input::DetailLog, Problem::WrongLog { line: 1, expected: "LoadGen's mlperf_log_detail.txt" })
    );
    assert_eq!(bad(&d, &d).problem, Problem::WrongLog { line: 1, expected: "the power analyser's spl.txt" });
    assert_eq!(bad(&spl, "hello\n").problem, Problem::NotDetailLog);
    assert_eq!(
        bad(&spl, ":::MLLOG {\"key\": \"power_begin\", \"value\": \"07-17-2024 20:00:00.000\"}\n").problem,
        Problem::NoPowerWindow { missing: "power_end" }
    );
    assert_eq!(
        bad(&spl, &detail("07-17-2024 21:00:00.000", "07-17-2024 20:00:00.000")).problem,
        Problem::WindowReversed { line: 3 }
    );
    assert_eq!(
        bad(&spl, &detail("13-17-2024 21:00:00.000", "07-17-2024 20:00:00.000")).problem,
        Problem::BadTime { line: 2 }
    );
    assert_eq!(bad(&spl.replace("2511.1", "NaN"), &d).problem, Problem::NotFinite { line: 1 });
    assert_eq!(bad(&spl.replace("20:49", "20:61"), &d).problem, Problem::BadTime { line: 1 });
    assert!(matches!(bad("Time,x\n", &d).problem, Problem::Malformed { line: 1, .. }));
    assert!(matches!(bad(&"x".repeat(17 * 1024 * 1024), &d).problem, Problem::TooLarge { .. }));
}

#[test]
fn stamps_order_across_days_months_and_leap_years() {
    let s = |t| Stamp::parse(t).unwrap();
    assert!(s("02-28-2024 23:59:59.999") < s("02-29-2024 00:00:00.000"));
    assert!(s("02-29-2024 23:59:59.999999") < s("03-01-2024 00:00:00"));
    assert!(Stamp::parse("02-29-2023 00:00:00.000").is_none());
    assert!(Stamp::parse("02-29-2000 00:00:00.000").is_some());
    assert!(Stamp::parse("02-29-1900 00:00:00.000").is_none());
    assert!(s("12-31-2024 23:59:59.9") < s("01-01-2025 00:00:00.0"));
    assert_eq!(s("07-17-2024 20:58:36.235"), s("07-17-2024 20:58:36.235000"));
    for bad in [
        "",
        "07-17-2024",
        "7-17-2024 20:58:36",
        "07-17-2024 20:58:36.1234567",
        "07-17-2024 24:00:00",
        "07/17/2024 20:58:36",
    ] {
        assert!(Stamp::parse(bad).is_none(), "{bad}");
    }
}

/// The real v4.1-0049 logs, from `../shared/reference` beside the clone (CI has a copy; they are
/// 2.4 MB together, too large for tests/fixtures). A missing log fails the test (`common::reference`).
fn reference(name: &str) -> Option<String> {
    common::reference::text(&format!("mlperf/v4.1-0049/{name}"))
}

#[test]
fn mlperf_v4_1_0049_window_means_match_the_published_results() {
    // MLCommons' summary_results_v4.1.json: Power_Result 6280.214 (Server), 6152.9844351733 (Offline,
    // 6152.98 in DATA.md); the whole-file averages a reference quoted are 5767.2 and 5807 W.
    for (scenario, published, tokens_per_s) in [("Server", 6280.214, None), ("Offline", 6152.9844351733, Some(25262.1))]
    {
        let (Some(spl), Some(detail)) =
            (reference(&format!("{scenario}_spl.txt")), reference(&format!("{scenario}_mlperf_log_detail.txt")))
        else {
            return;
        };
        let w = mlperf_power::window_mean(&spl, &detail).unwrap();
        assert!((w.mean_watts - published).abs() < 1e-3, "{scenario}: {} against {published}", w.mean_watts);
        assert!((w.mean_watts - 6152.98).abs() < 0.01 || scenario == "Server");
        assert!(w.samples < w.samples_in_file);
        assert_eq!(w.window.scenario.as_deref(), Some(scenario));
        if let Some(t) = tokens_per_s {
            assert_eq!(w.window.tokens_per_s, Some(t));
        }
    }
}

/// Record 000's two figures and MLCommons' result, each recomputed here from the raw meter log by
/// the test's own arithmetic (not the app's reader): the record drops the first 5 % of `spl.txt`
/// (152 of 3,056 samples for Server) and averages the other 2,904, which still hold samples from
/// before LoadGen's `power_begin` (and after `power_end`); MLCommons averages only the window.
/// docs/data.md's "Hand corrections" states exactly these counts and means.
#[test]
fn record_000s_means_and_mlcommons_window_mean_from_the_raw_log() {
    // (scenario, record 000's mean, its sample counts, MLCommons' Power_Result)
    for (scenario, record, n, dropped, published) in
        [("Server", 5767.2, 3056, 152, 6280.214), ("Offline", 5807.0, 3634, 181, 6152.9844351733)]
    {
        let (Some(spl), Some(detail)) =
            (reference(&format!("{scenario}_spl.txt")), reference(&format!("{scenario}_mlperf_log_detail.txt")))
        else {
            return;
        };
        // "Time,MM-DD-YYYY hh:mm:ss.fff,Watts,W,…": the time as seconds of the day (one night's run), field 4 in W.
        let seconds = |t: &str| {
            let clock = t.split_once(' ').unwrap().1;
            let p: Vec<f64> = clock.split(':').map(|x| x.parse().unwrap()).collect();
            let day: f64 = t[3..5].parse().unwrap();
            day * 86_400.0 + p[0] * 3600.0 + p[1] * 60.0 + p[2]
        };
        let samples: Vec<(f64, f64)> = spl
            .lines()
            .filter(|l| l.starts_with("Time,"))
            .map(|l| {
                let f: Vec<&str> = l.split(',').collect();
                (seconds(f[1]), f[3].parse::<f64>().unwrap())
            })
            .collect();
        let mean = |w: &[f64]| w.iter().sum::<f64>() / w.len() as f64;
        assert_eq!(samples.len(), n, "{scenario}: samples in the log");
        // 1. The record's figure: the first 5 % dropped, the rest averaged.
        let kept: Vec<f64> = samples[n / 20..].iter().map(|s| s.1).collect();
        assert_eq!((n / 20, kept.len()), (dropped, n - dropped));
        assert!((mean(&kept) - record).abs() < 0.5, "{scenario}: record 000's mean {} ≠ {record}", mean(&kept));
        // 2. The whole log, for docs/data.md's comparison: lower still.
        let whole: Vec<f64> = samples.iter().map(|s| s.1).collect();
        assert!(mean(&whole) < mean(&kept));
        // 3. MLCommons' window: strictly between power_begin and power_end.
        let stamp = |key: &str| {
            let at = detail.find(&format!("\"key\": \"{key}\", \"value\": \"")).unwrap() + key.len() + 21;
            seconds(&detail[at..at + 23])
        };
        let (begin, end) = (stamp("power_begin"), stamp("power_end"));
        let window: Vec<f64> = samples.iter().filter(|s| s.0 > begin && s.0 < end).map(|s| s.1).collect();
        assert!((mean(&window) - published).abs() < 1e-3, "{scenario}: window {} ≠ {published}", mean(&window));
        // The record's kept samples reach outside the window on both sides.
        let before = samples[n / 20..].iter().filter(|s| s.0 <= begin).count();
        let after = samples[n / 20..].iter().filter(|s| s.0 >= end).count();
        assert!(before > 100 && after > 0, "{scenario}: {before} kept samples before the window, {after} after");
        if scenario == "Server" {
            assert_eq!((before, after, window.len()), (368, 36, 2500), "docs/data.md's counts");
            // 0.2495 J/token against 6280.214 ÷ 23113.14 = 0.2717: about 8 % low.
            let low = 1.0 - (record / 23_113.14) / (published / 23_113.14);
            assert!((low - 0.082).abs() < 0.001, "{low}");
        }
        // And the app's reader agrees with the window.
        assert!((mlperf_power::window_mean(&spl, &detail).unwrap().mean_watts - mean(&window)).abs() < 1e-6);
    }
}

// ---- runs --------------------------------------------------------------------------------------------

#[test]
fn runs_are_kept_and_laid_out_for_the_chart() {
    let base = texts(DMON_BEFORE, DMON_AFTER, &tgi(0, 0), &tgi(1_000_000, 0));
    let m = evaluate(&Texts { duration: "100".into(), ..base });
    let run = runs::keep(&m, "16", "500").unwrap();
    assert_eq!((run.concurrency, run.power_limit), (Some(16.0), Some(500.0)));
    assert!(close(run.tokens_per_s.as_ref().unwrap().value, 10_000.0));
    let errs = runs::keep(&m, "many", "").unwrap_err();
    assert_eq!(errs, [MeasureError::new(Input::Concurrency, Problem::NotANumber)]);
    let errs = runs::keep(&evaluate(&Texts::default()), "", "").unwrap_err();
    assert_eq!(errs, [MeasureError::new(Input::TokensAfter, Problem::NothingToKeep)]);

    let at = |c: f64, j: f64| runs::Run {
        concurrency: Some(c),
        power_limit: None,
        j_per_token: Figure::new(j, Unit::JoulesPerToken, Kind::Measured(Scope::GpuBoard), vec![]).unwrap(),
        tokens_per_s: None,
        about: runs::About::default(),
    };
    let p = runs::plot(&[at(64.0, 0.2), at(1.0, 2.0), at(16.0, 0.5)], Axis::Concurrency).unwrap();
    let xs: Vec<f64> = p.points.iter().map(|q| q.x).collect();
    assert_eq!(xs, [p.left, p.left + 15.0 / 63.0 * (p.right - p.left), p.right]);
    // y: 0 at the bottom, the top at 1.1 × the largest J/token.
    assert!(close(p.points[0].y, p.bottom - 2.0 / 2.2 * (p.bottom - p.top)));
    assert_eq!(p.line.split(' ').count(), 3);
    // Ticks and points carry numbers; the page's language writes them (no English inside).
    let ticks: Vec<f64> = p.x_ticks.iter().map(|t| t.value).collect();
    assert_eq!(ticks, [1.0, 32.5, 64.0]);
    assert!(close(p.y_ticks[2].value, 2.2));
    assert_eq!((p.points[0].at, p.points[0].j_per_token), (1.0, 2.0));
    assert_eq!(p.axis, Axis::Concurrency);
    assert!(runs::plot(&[at(1.0, 1.0)], Axis::PowerLimit).is_none(), "no run has a limit");
    assert_eq!(runs::plot(&[at(8.0, 1.0)], Axis::Concurrency).unwrap().points.len(), 1);
}

// ---- the link -------------------------------------------------------------------------------------

#[test]
fn the_mode_is_in_the_link_and_v1_links_are_unchanged() {
    use token_energy::catalogue::Catalogue;
    use token_energy::link::{decode, encode, Mode, Notice};
    let catalogue = Catalogue::embedded();
    assert_eq!(Mode::from_query("?mode=measure"), Mode::Measure);
    assert_eq!(Mode::from_query("?card=l40s"), Mode::Calculator);
    assert_eq!(Mode::from_query("?mode=bogus"), Mode::Calculator);
    let d = decode(catalogue, "?v=1&mode=measure");
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    assert_eq!(decode(catalogue, "?mode=bogus").notices, [Notice::UnknownMode("bogus".into())]);
    let query = encode(&d.form, false);
    assert!(!query.split('&').any(|p| p.starts_with("mode=")), "a calculator link is as before: {query}");
    assert_eq!(Mode::Calculator.add_to(query.clone()), query);
    let measure = Mode::Measure.add_to(query.clone());
    assert_eq!(measure, format!("{query}&mode=measure"));
    assert_eq!(decode(catalogue, &measure).form, d.form);
    assert_eq!(Mode::from_query(&measure), Mode::Measure);
}

// ---- issue 25: MIG series that disagree -----------------------------------------------------------

/// The A30 MIG lines with each instance's own value (mJ): one physical GPU, sampled at three instants.
fn mig_disagreeing(values: [u64; 2]) -> String {
    let mut lines = MIG_BEFORE.lines().map(str::to_owned).collect::<Vec<_>>();
    for (line, value) in lines.iter_mut().skip(1).zip(values) {
        *line = line.replace("126272101025", &value.to_string());
    }
    lines.join("\n") + "\n"
}

#[test]
fn mig_series_that_disagree_count_the_gpu_once_with_its_largest_value() {
    let before = mig_disagreeing([126_272_101_025, 126_272_104_025]); // the second 3 J later
    let s = dcgm::parse(&before).unwrap();
    assert_eq!(s.gpus.len(), 1);
    assert_eq!((s.gpus[0].millijoules, s.gpus[0].line), (126_272_104_025.0, 3));
    assert_eq!((s.gpus[0].series, s.gpus[0].spread_mj), (2, 3000.0));
    // After the run: +500 J on the first instance's reading, +499 J on the second's.
    let after = mig_disagreeing([126_272_601_025, 126_272_603_025]);
    let m = evaluate(&texts(&before, &after, &tgi(0, 0), &tgi(1000, 0)));
    assert!(m.errors.is_empty(), "{:?}", m.errors);
    let joules = (126_272_603_025.0 - 126_272_104_025.0) / 1000.0; // largest after − largest before
    assert!(close(m.gpu_energy.as_ref().unwrap().value, joules));
    assert!(close(m.j_per_token.as_ref().unwrap().value, joules / 1000.0));
    assert_eq!(m.gpus.len(), 1);
    match &m.gpus[0].note {
        Some(RowNote::Mig { series, spread }) => {
            assert_eq!(*series, 2);
            assert!(close(spread.value, 3.0), "the larger spread of the two snapshots: {}", spread.value);
            assert_eq!(spread.unit, Unit::Joules);
        }
        other => panic!("a MIG note on the row: {other:?}"),
    }
    // The same series (same labels) twice with another value is still two snapshots in one box.
    let twice = format!("{before}{}", before.lines().nth(1).unwrap().replace("126272101025", "126272109999"));
    assert!(matches!(dcgm::parse(&twice), Err(Problem::ConflictingReadings { line: 4, .. })));
    // A single-series GPU has no note.
    let m = evaluate(&texts(A100_BEFORE, &A100_BEFORE.replace("319159391", "319259391"), &tgi(0, 0), &tgi(10, 0)));
    assert_eq!(m.gpus[0].note, None);
}

// ---- issue 25: power samples ----------------------------------------------------------------------

/// Two GPUs polled every second; GPU 1 has an `[N/A]` row and both miss the 08:12:56 poll.
const SMI_CSV: &str = "$ nvidia-smi --query-gpu=timestamp,index,name,power.draw --format=csv -l 1
timestamp, index, name, power.draw [W]
2026/07/14 08:12:53.353, 0, NVIDIA H100 80GB HBM3, 600.00 W
2026/07/14 08:12:53.353, 1, NVIDIA H100 80GB HBM3, 300.00 W
2026/07/14 08:12:54.353, 0, NVIDIA H100 80GB HBM3, 620.00 W
2026/07/14 08:12:54.353, 1, NVIDIA H100 80GB HBM3, [N/A]
2026/07/14 08:12:55.353, 0, NVIDIA H100 80GB HBM3, 640.00 W
2026/07/14 08:12:55.353, 1, NVIDIA H100 80GB HBM3, 310.00 W
2026/07/14 08:12:57.353, 0, NVIDIA H100 80GB HBM3, 600.00 W
2026/07/14 08:12:57.353, 1, NVIDIA H100 80GB HBM3, 330.00 W
";

#[test]
fn nvidia_smi_csv_samples_are_integrated_with_trapezoids_from_their_timestamps() {
    let s = power::parse(SMI_CSV, 1.0).unwrap();
    assert_eq!((s.format, s.timed), (PowerFormat::SmiCsv, true));
    let g0 = &s.gpus[0];
    // 53→54→55 s one second apart, 55→57 two: (600+620)/2 + (620+640)/2 + (640+600)/2 × 2.
    assert_eq!(g0.id, "0");
    assert_eq!(g0.model.as_deref(), Some("NVIDIA H100 80GB HBM3"));
    assert!(close(g0.joules, 610.0 + 630.0 + 1240.0), "{}", g0.joules);
    assert_eq!((g0.samples, g0.gaps, g0.seconds, g0.line), (4, 1, 4.0, 9));
    // GPU 1 skips its [N/A] row: (300+310)/2 × 2 + (310+330)/2 × 2; both two-second steps are gaps.
    let g1 = &s.gpus[1];
    assert!(close(g1.joules, 610.0 + 640.0), "{}", g1.joules);
    assert_eq!((g1.samples, g1.gaps, g1.seconds), (3, 2, 4.0));
    assert_eq!((s.samples(), s.gaps(), s.seconds()), (7, 3, 4.0));
}

#[test]
fn a_power_series_in_one_box_gives_the_runs_energy_and_duration_by_itself() {
    let m = evaluate(&Texts {
        power_series: SMI_CSV.into(),
        ..texts("", "", &vllm(0.0, 0.0, 0.0, 0.0), &vllm(1000.0, 1000.0, 0.0, 0.0))
    });
    assert!(m.errors.is_empty(), "{:?}", m.errors);
    let joules = 2480.0 + 1250.0;
    let f = |x: &Option<Figure>| x.as_ref().unwrap().value;
    assert!(close(f(&m.gpu_energy), joules));
    assert!(close(f(&m.j_per_token), joules / 2000.0));
    // The duration is the series' span (4 s): tokens/s and average power follow.
    assert!(close(f(&m.tokens_per_s), 2000.0 / 4.0));
    assert!(close(f(&m.average_power_per_gpu), joules / 4.0 / 2.0));
    let j = m.j_per_token.as_ref().unwrap();
    assert_eq!(j.kind, Kind::Measured(Scope::GpuBoard));
    assert!(j.origins.contains(&Origin::Measurement(Input::PowerSeries)), "{:?}", j.origins);
    assert!(!j.origins.contains(&Origin::Measurement(Input::EnergyBefore)), "{:?}", j.origins);
    let info = m.series.as_ref().unwrap();
    assert_eq!((info.samples, info.gaps, info.timed, info.duration_from_series), (7, 3, true, true));
    assert_eq!(m.energy_format, None);
    assert_eq!(m.gpus.len(), 2);
    assert_eq!(m.gpus[1].note, Some(RowNote::Samples { samples: 3, gaps: 2 }));
    assert!(close(m.gpus[0].share.value, 100.0 * 2480.0 / joules));
    // A typed duration wins over the span.
    let m = evaluate(&Texts {
        power_series: SMI_CSV.into(),
        duration: "8".into(),
        ..texts("", "", &vllm(0.0, 0.0, 0.0, 0.0), &vllm(1000.0, 1000.0, 0.0, 0.0))
    });
    assert!(close(f(&m.tokens_per_s), 2000.0 / 8.0));
    assert!(!m.series.unwrap().duration_from_series);
}

/// `nvidia-smi dmon` on two GPUs, its header printed again, GPU 1 without a reading once.
const DMON_POWER: &str = "# gpu    pwr  gtemp  mtemp     sm
# Idx      W      C      C      %
    0    400     63     57    100
    1    200     60      -     90
    0    410     63     58    100
    1      -     60      -     90
# gpu    pwr  gtemp  mtemp     sm
# Idx      W      C      C      %
    0    420     64     58    100
    1    220     61      -     90
";

#[test]
fn nvidia_smi_dmon_samples_use_the_stated_interval() {
    let s = power::parse(DMON_POWER, 2.0).unwrap();
    assert_eq!((s.format, s.timed), (PowerFormat::SmiDmon, false));
    // Two seconds apart: (400+410)/2 × 2 + (410+420)/2 × 2; GPU 1 (200+220)/2 × 4, one gap.
    assert!(close(s.gpus[0].joules, 810.0 + 830.0));
    assert!(close(s.gpus[1].joules, 420.0 * 2.0));
    assert_eq!((s.gpus[0].samples, s.gpus[0].gaps, s.gpus[1].samples, s.gpus[1].gaps), (3, 0, 2, 1));
    assert_eq!(s.seconds(), 4.0);
    // Blank interval: 1 s, and the page says it was not typed.
    let m = evaluate(&Texts { power_series: DMON_POWER.into(), ..texts("", "", &tgi(0, 0), &tgi(100, 0)) });
    assert!(close(m.gpu_energy.unwrap().value, (810.0 + 830.0 + 840.0) / 2.0));
    let info = m.series.unwrap();
    assert_eq!((info.interval, info.interval_typed, info.timed), (1.0, false, false));
    let typed = evaluate(&Texts {
        power_series: DMON_POWER.into(),
        interval: "2".into(),
        ..texts("", "", &tgi(0, 0), &tgi(100, 0))
    });
    assert!(close(typed.gpu_energy.as_ref().unwrap().value, 810.0 + 830.0 + 840.0));
    assert!(typed.j_per_token.unwrap().origins.contains(&Origin::Measurement(Input::SampleInterval)));
    // dmon -o DT prints the time itself: the interval is read from it, not stated.
    let dt = "#Date       Time        gpu    pwr\n#YYYYMMDD   HH:MM:SS    Idx      W\n 20241231   23:59:59      0    100\n 20250101   00:00:01      0    300\n";
    let s = power::parse(dt, 7.0).unwrap();
    assert!(s.timed);
    assert!(close(s.gpus[0].joules, (100.0 + 300.0) / 2.0 * 2.0));
}

#[test]
fn bad_power_series_name_the_line_and_the_gpu() {
    let p = |t: &str| power::parse(t, 1.0).unwrap_err();
    assert_eq!(p("hello\n"), Problem::NoPowerSamples);
    assert_eq!(p("timestamp, index, temperature.gpu\n2026/07/14 08:12:53.353, 0, 40\n"), Problem::NoPowerSamples);
    let one = "index, power.draw [W]\n0, 131.17 W\n1, 131.13 W\n";
    assert_eq!(p(one), Problem::TooFewSamples { gpu: "0".into(), line: 2 });
    let back = SMI_CSV.replace("08:12:55.353, 1", "08:12:52.353, 1");
    assert_eq!(p(&back), Problem::SamplesOutOfOrder { gpu: "1".into(), line: 8 });
    assert_eq!(p(&SMI_CSV.replace("620.00 W", "NaN W")), Problem::NotFinite { line: 5 });
    assert_eq!(p(&SMI_CSV.replace("620.00 W", "-620 W")), Problem::Negative { line: 5 });
    assert!(matches!(p(&SMI_CSV.replace("620.00 W", "lots")), Problem::Malformed { line: 5, .. }));
    assert!(matches!(
        p(&SMI_CSV.replace("2026/07/14 08:12:54", "2026/13/14 08:12:54")),
        Problem::Malformed { line: 5, .. }
    ));
    assert!(matches!(p(&SMI_CSV.replace(", 620.00 W", "")), Problem::Malformed { line: 5, .. }));
    assert!(matches!(p(&DMON_POWER.replace("    0    410", "    x    410")), Problem::Malformed { line: 5, .. }));
    assert!(matches!(p(&format!("{DMON_POWER}{SMI_CSV}")), Problem::MixedFormats { line: 12 }));
    // Both sources at once: which one measures the run?
    let m = evaluate(&Texts { power_series: SMI_CSV.into(), ..texts(DMON_BEFORE, DMON_AFTER, "", "") });
    assert_eq!(problems(&m), [(Input::PowerSeries, Problem::BothEnergySources)]);
    assert!(m.gpu_energy.is_none());
    // All zeros: no energy to divide.
    let zero = "index, power.draw [W]\n0, 0 W\n0, 0 W\n";
    let m = evaluate(&Texts { power_series: zero.into(), ..texts("", "", &tgi(0, 0), &tgi(9, 0)) });
    assert_eq!(problems(&m), [(Input::PowerSeries, Problem::ZeroEnergy)]);
}

// ---- issue 25: the two comparisons ----------------------------------------------------------------

#[test]
fn the_ceiling_at_the_runs_own_throughput_bounds_a_board_measurement() {
    // Issue 25's case: a run at 3,333 tokens/s against a ceiling taken at MLPerf's 32,004 tokens/s.
    // 8 GPUs × 400 W for 100 s = 320,000 J; 333,300 tokens in those 100 s.
    let eight: Vec<(u32, u64)> = (0..8).map(|g| (g, 1_000_000)).collect();
    let after: Vec<(u32, u64)> = (0..8).map(|g| (g, 1_000_000 + 40_000_000)).collect();
    let m = evaluate(&Texts {
        duration: "100".into(),
        ..texts(&dmon(&eight), &dmon(&after), &tgi(0, 0), &tgi(333_300, 0))
    });
    assert!(m.errors.is_empty(), "{:?}", m.errors);
    let own = m.j_per_token.clone().unwrap();
    assert!(close(own.value, 320_000.0 / 333_300.0));
    // Every GPU at a 700 W limit over the run's own 3,333 tokens/s.
    let ceiling = measure::ceiling_at_own_throughput(&m, 700.0).unwrap();
    assert!(close(ceiling.value, 8.0 * 700.0 / 3333.0), "{}", ceiling.value);
    assert_eq!((ceiling.kind.clone(), ceiling.unit), (Kind::Ceiling, Unit::JoulesPerToken));
    assert!(ceiling.origins.contains(&Origin::Input(token_energy::form::Field::Watts)));
    assert!(ceiling.origins.contains(&Origin::Measurement(Input::Duration)));
    let pct = measure::versus_ceiling(&own, &ceiling).unwrap();
    assert!(close(pct.value, 100.0 * 400.0 / 700.0), "average power ÷ limit: {}", pct.value);
    // The ceiling at the published 32,004 tokens/s is far lower: the same run is above it.
    let published = Figure::new(8.0 * 700.0 / 32_004.0, Unit::JoulesPerToken, Kind::Ceiling, vec![]).unwrap();
    let pct = measure::versus_ceiling(&own, &published).unwrap();
    assert!(close(pct.value, 100.0 * (320_000.0 / 333_300.0) / (5600.0 / 32_004.0)));
    assert!(pct.value > 100.0);
    // Without the run's duration there is no throughput of its own, hence no such ceiling.
    let m = evaluate(&texts(&dmon(&eight), &dmon(&after), &tgi(0, 0), &tgi(333_300, 0)));
    assert!(measure::ceiling_at_own_throughput(&m, 700.0).is_none());
    assert!(measure::ceiling_at_own_throughput(&evaluate(&Texts::default()), 700.0).is_none());
}

// ---- issue 25: wording ------------------------------------------------------------------------------

#[test]
fn json_in_a_prometheus_box_is_named_as_json() {
    let json = "{\"data\": {\"vllm:generation_tokens_total\": 27453}}\n";
    assert_eq!(tokens::parse(json), Err(Problem::LooksLikeJson { line: 1 }));
    assert_eq!(dcgm::parse(json), Err(Problem::LooksLikeJson { line: 1 }));
    assert_eq!(tokens::parse("\n[\n  {\"metric\": 1}\n]\n"), Err(Problem::LooksLikeJson { line: 2 }));
    assert_eq!(tokens::parse("{\n  \"a\": 1\n}\n"), Err(Problem::LooksLikeJson { line: 1 }));
    let shown = Problem::LooksLikeJson { line: 1 }.to_string();
    assert!(shown.contains("looks like JSON, not Prometheus text"), "{shown}");
    // Prometheus' own UTF-8 form starts with `{"` too, and still reads.
    assert_eq!(tokens::parse("{\"vllm:generation_tokens_total\", engine=\"0\"} 7\n").unwrap().generated, 7.0);
}

#[test]
fn token_boxes_swapped_alone_are_named_as_swapped() {
    // Energy in order, every token counter lower after: swapped.
    let m = evaluate(&texts(DMON_BEFORE, DMON_AFTER, &tgi(900, 400), &tgi(100, 50)));
    assert_eq!(problems(&m), [(Input::TokensAfter, Problem::Swapped)]);
    assert!(m.errors[0].to_string().contains("swapped"));
}

#[test]
fn an_empty_j_per_token_names_the_boxes_still_blank() {
    let t = texts(DMON_BEFORE, "", "", &tgi(9, 0));
    let m = evaluate(&t);
    assert_eq!(measure::missing_boxes(&t, &m), [Input::EnergyAfter, Input::TokensBefore]);
    let t = texts("", "", "", "");
    assert_eq!(
        measure::missing_boxes(&t, &evaluate(&t)),
        [Input::EnergyBefore, Input::EnergyAfter, Input::TokensBefore, Input::TokensAfter]
    );
    let t = Texts { power_series: SMI_CSV.into(), ..texts("", "", "", "") };
    assert_eq!(measure::missing_boxes(&t, &evaluate(&t)), [Input::TokensBefore, Input::TokensAfter]);
    let t = texts(DMON_BEFORE, DMON_AFTER, &tgi(0, 0), &tgi(9, 0));
    assert!(measure::missing_boxes(&t, &evaluate(&t)).is_empty(), "the figure is there");
}

#[test]
fn ptdaemon_messages_in_spl_txt_are_read_past() {
    let spl = [
        "Time,07-17-2024 20:00:01.000,NOTICE,Analyzer identity response of 32 bytes: YOKOGAWA,WT310\n".to_owned(),
        spl_line("07-17-2024 20:00:02.000", "100"),
        "Time,07-17-2024 20:00:02.500,ERROR,Bad volts reading nan from WT310\n".to_owned(),
        "Buffer was 1.000E+00;1;300.0E+00;1\n".to_owned(),
        spl_line("07-17-2024 20:00:03.000", "300"),
    ]
    .concat();
    let w = mlperf_power::window_mean(&spl, &detail("07-17-2024 20:00:00.000", "07-17-2024 21:00:00.000")).unwrap();
    assert_eq!((w.samples, w.samples_in_file), (2, 2));
    assert!(close(w.mean_watts, 200.0));
    // A file that starts with anything but a PTDaemon line is still refused at its first line.
    let err = mlperf_power::window_mean(
        &format!("Buffer was 1\n{spl}"),
        &detail("07-17-2024 20:00:00.000", "07-17-2024 21:00:00.000"),
    );
    assert!(matches!(err.unwrap_err().problem, Problem::Malformed { line: 1, .. }));
}

// ---- issue 25: AMD ----------------------------------------------------------------------------------

/// Posted by charis-poag-amd in ROCm/amdsmi issue #38 (2024-08-06), two MI100s: `amd-smi metric
/// --energy` and `rocm-smi --showenergycount` one after the other, the wrapped command line first.
const AMD_SMI: &str = "$ /opt/rocm-6.3.0-14535/bin/amd-smi metric --energy && /opt/rocm-6.3.0-14535/bin/rocm-smi --showenergycount && hexdump -C /sys/cla              ss/drm/card1/device/gpu_metrics && sleep 10 && /opt/rocm-6.3.0-14535/bin/amd-smi metric --energy && /opt/rocm-6.3.0-14535/bin/rocm-smi --showenergycount && hex              dump -C /sys/class/drm/card1/device/gpu_metrics
GPU: 0
    ENERGY:
        TOTAL_ENERGY_CONSUMPTION: 1.004 J

GPU: 1
    ENERGY:
        TOTAL_ENERGY_CONSUMPTION: 0.906 J
";
const ROCM_SMI: &str = "============================ ROCm System Management Interface ============================
==================================== Consumed Energy =====================================
GPU[0]          : Energy counter: 65628
GPU[0]          : Accumulated Energy (uJ): 1004108.41
GPU[1]          : Energy counter: 59230
GPU[1]          : Accumulated Energy (uJ): 906219.01
==========================================================================================
";

#[test]
fn amd_smi_and_rocm_smi_energy_counters_read_with_their_units() {
    let s = dcgm::parse(AMD_SMI).unwrap();
    assert_eq!(s.format, EnergyFormat::AmdSmi);
    let read: Vec<(&str, f64, usize)> = s.gpus.iter().map(|g| (g.id.as_str(), g.millijoules, g.line)).collect();
    assert_eq!(read, [("GPU 0", 1004.0, 4), ("GPU 1", 906.0, 8)]);
    let s = dcgm::parse(ROCM_SMI).unwrap();
    assert_eq!(s.format, EnergyFormat::RocmSmi);
    assert_eq!(s.gpus.len(), 2);
    assert!(close(s.gpus[0].millijoules, 1_004_108.41 / 1000.0));
    assert!(close(s.gpus[1].millijoules, 906_219.01 / 1000.0));
    // The raw ticks agree: 65 628 × 15.3 µJ (the MI100's counter resolution) = 1 004 108.4 µJ.
    assert!((65_628.0 * 15.3 - 1_004_108.41_f64).abs() < 0.1);
    // Units: mJ, µJ and kJ, and N/A.
    let one = |v: &str| dcgm::parse(&format!("GPU: 3\n    ENERGY:\n        TOTAL_ENERGY_CONSUMPTION: {v}\n"));
    assert_eq!(one("2500 mJ").unwrap().gpus[0].millijoules, 2500.0);
    assert_eq!(one("2500000 uJ").unwrap().gpus[0].millijoules, 2500.0);
    assert_eq!(one("2.5 kJ").unwrap().gpus[0].millijoules, 2_500_000.0);
    assert_eq!(one("N/A"), Err(Problem::NotAvailable { line: 3 }));
    assert!(matches!(one("2.5 W"), Err(Problem::Malformed { line: 3, .. })));
    assert_eq!(one("NaN J"), Err(Problem::NotFinite { line: 3 }));
    // Both tools in one box, as posted: one snapshot per box.
    assert_eq!(dcgm::parse(&format!("{AMD_SMI}\n{ROCM_SMI}")), Err(Problem::MixedFormats { line: 13 }));
    assert_eq!(tokens::parse(ROCM_SMI), Err(Problem::WrongBox { line: 4 }));
    assert_eq!(tokens::parse(AMD_SMI), Err(Problem::WrongBox { line: 4 }));
}

#[test]
fn an_amd_pair_measures_j_per_token() {
    // The posted snapshot, and the same GPUs after a run: +3 600 000 J and +1 800 000 J.
    let after = AMD_SMI.replace("1.004 J", "3600001.004 J").replace("0.906 J", "1800000.906 J");
    let m = evaluate(&texts(AMD_SMI, &after, &tgi(0, 0), &tgi(5_400_000, 0)));
    assert!(m.errors.is_empty(), "{:?}", m.errors);
    assert_eq!(m.energy_format, Some(EnergyFormat::AmdSmi));
    assert!(close(m.gpu_energy.as_ref().unwrap().value, 5_400_000.0));
    assert!(close(m.j_per_token.unwrap().value, 1.0));
    assert!(close(m.gpus[0].share.value, 100.0 * 3_600_000.0 / 5_400_000.0));
    // rocm-smi before, amd-smi after: different tools.
    let m = evaluate(&texts(ROCM_SMI, &after, "", ""));
    assert_eq!(
        problems(&m),
        [(Input::EnergyAfter, Problem::FormatsDiffer { before: "rocm-smi", after: "amd-smi metric" })]
    );
}

#[test]
fn in_a_short_series_the_longer_step_is_the_gap() {
    // Steps of 1 s and 3 s: the usual interval is the shorter one, so the 3 s step is a gap.
    let csv = "timestamp, index, power.draw [W]\n2026/07/14 08:12:53.353, 0, 600 W\n2026/07/14 08:12:54.353, 0, 620 W\n2026/07/14 08:12:57.353, 0, 600 W\n";
    let s = power::parse(csv, 1.0).unwrap();
    assert_eq!((s.gpus[0].samples, s.gpus[0].gaps, s.gpus[0].seconds), (3, 1, 4.0));
    assert!(close(s.gpus[0].joules, (600.0 + 620.0) / 2.0 + (620.0 + 600.0) / 2.0 * 3.0));
}

#[test]
fn a_whole_dcgmi_dmon_series_in_one_box_is_its_last_poll_less_its_first() {
    // Three polls of two GPUs, one second apart unless stated: GPU 7 +1 800 000 J, GPU 6 +900 000 J.
    let series = "#Entity   POWER   TOTEC
ID        W       mJ
GPU 7     57.4    108702777
GPU 6     64.2    121075349
GPU 7     498.0   1008702777
GPU 6     505.1   621075349
#Entity   POWER   TOTEC
ID        W       mJ
GPU 7     512.5   1908702777
GPU 6     510.0   1021075349
";
    let s = dcgm::parse_series(series).unwrap();
    assert_eq!(s.polls, 3);
    assert_eq!(s.first.gpus[0].millijoules, 108_702_777.0);
    assert_eq!(s.last.gpus[0].millijoules, 1_908_702_777.0);
    let m = evaluate(&Texts { power_series: series.into(), ..texts("", "", &tgi(0, 0), &tgi(2_700_000, 0)) });
    assert!(m.errors.is_empty(), "{:?}", m.errors);
    let joules = (1_908_702_777.0 - 108_702_777.0) / 1000.0 + (1_021_075_349.0 - 121_075_349.0) / 1000.0;
    assert_eq!(joules, 2_700_000.0);
    assert!(close(m.gpu_energy.as_ref().unwrap().value, joules));
    assert!(close(m.j_per_token.as_ref().unwrap().value, 1.0));
    // Two steps of the default 1 s: 2 s, so 1 350 000 tokens/s; typed 5 s: 10 s.
    assert!(close(m.tokens_per_s.as_ref().unwrap().value, 2_700_000.0 / 2.0));
    let info = m.series.clone().unwrap();
    assert_eq!((info.counter, info.samples, info.interval_typed), (true, 3, false));
    assert!(m.gpus.iter().all(|g| g.note == Some(RowNote::FirstToLast)));
    let m = evaluate(&Texts {
        power_series: series.into(),
        interval: "5".into(),
        ..texts("", "", &tgi(0, 0), &tgi(2_700_000, 0))
    });
    assert!(close(m.tokens_per_s.as_ref().unwrap().value, 2_700_000.0 / 10.0));
    assert!(m.tokens_per_s.unwrap().origins.contains(&Origin::Measurement(Input::SampleInterval)));
    // One poll is not a series; a counter that went down within it is a reset.
    let one = "#Entity POWER TOTEC\nID W mJ\nGPU 0 400 1000\n";
    assert_eq!(dcgm::parse_series(one), Err(Problem::TooFewSamples { gpu: "GPU 0".into(), line: 3 }));
    let reset = "#Entity POWER TOTEC\nID W mJ\nGPU 0 400 9000\nGPU 0 400 1000\n";
    let m = evaluate(&Texts { power_series: reset.into(), ..texts("", "", &tgi(0, 0), &tgi(9, 0)) });
    assert_eq!(problems(&m), [(Input::PowerSeries, Problem::CounterWentBackwards { gpu: "GPU 0".into(), line: 4 })]);
    // An exporter scrape is a snapshot, not a series.
    assert_eq!(dcgm::parse_series(A100_BEFORE), Err(Problem::NoPowerSamples));
}

/// Issue 39: a `dcgmi dmon` series whose last poll misses a GPU: that GPU's energy covers its own
/// window (its first to its last poll), which its average power divides by, and its row says so.
#[test]
fn a_gpu_missing_from_a_dcgmi_dmon_series_last_poll_has_its_own_window() {
    // §6b's rows polled three times, 10 s apart; GPU 6 is not listed in the last poll.
    let series = "#Entity   POWER   TOTEC
ID        W       mJ
GPU 7     57.4    108702777
GPU 6     64.2    121075349
GPU 7     498.0   1008702777
GPU 6     505.1   621075349
#Entity   POWER   TOTEC
ID        W       mJ
GPU 7     512.5   1908702777
";
    let s = dcgm::parse_series(series).unwrap();
    assert_eq!(s.polls, 3);
    assert_eq!(s.short, [("GPU 6".to_owned(), 0, 1)]);
    let m = evaluate(&Texts {
        power_series: series.into(),
        interval: "10".into(),
        ..texts("", "", &tgi(0, 0), &tgi(2_300_000, 0))
    });
    assert!(m.errors.is_empty(), "{:?}", m.errors);
    // GPU 7: 1 800 000 J over the run's 20 s; GPU 6: 500 000 J over its own 10 s.
    let row = |id: &str| m.gpus.iter().find(|g| g.id == id).unwrap();
    assert!(close(row("GPU 7").average_power.as_ref().unwrap().value, 1_800_000.0 / 20.0));
    assert!(close(row("GPU 6").average_power.as_ref().unwrap().value, (621_075_349.0 - 121_075_349.0) / 1000.0 / 10.0));
    assert_eq!(row("GPU 6").note, Some(RowNote::OwnWindow { first: 1, last: 2, polls: 3, seconds: 10.0 }));
    assert_eq!(row("GPU 7").note, Some(RowNote::FirstToLast));
    // The run's duration is still the series' whole span.
    assert!(close(m.tokens_per_s.as_ref().unwrap().value, 2_300_000.0 / 20.0));
    for lang in [token_energy::i18n::Lang::En, token_energy::i18n::Lang::De] {
        let text = (lang.strings().gpu_row_own_window)(1, 2, 3, "10");
        assert!(text.contains('1') && text.contains('2') && text.contains('3') && text.contains("10 s"), "{text}");
    }
}

// ---- issue 25: the pasted card against the configured one --------------------------------------------

#[test]
fn gpus_that_name_another_card_are_said_to_and_offered_as_a_switch() {
    use token_energy::catalogue::Catalogue;
    let catalogue = Catalogue::embedded();
    let l40s = |v: u64| {
        format!("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{{gpu=\"0\",UUID=\"GPU-1\",modelName=\"NVIDIA L40S\"}} {v}\n")
    };
    let m = evaluate(&texts(&l40s(1000), &l40s(2000), &tgi(0, 0), &tgi(1, 0)));
    assert!(m.errors.is_empty(), "{:?}", m.errors);
    assert_eq!(measure::other_card(&m, catalogue, "l40s"), None, "the configured card");
    assert_eq!(
        measure::other_card(&m, catalogue, "h100-sxm"),
        Some(measure::OtherCard { pasted: "NVIDIA L40S".into(), card: Some("l40s".into()) })
    );
    // A name the catalogue does not list: said, with nothing to switch to.
    let m = evaluate(&texts(MIG_BEFORE, &MIG_BEFORE.replace("126272101025", "126272201025"), &tgi(0, 0), &tgi(1, 0)));
    assert_eq!(
        measure::other_card(&m, catalogue, "l40s"),
        Some(measure::OtherCard { pasted: "NVIDIA A30".into(), card: None })
    );
    // No model in the paste (dmon): nothing to say.
    let m = evaluate(&texts(DMON_BEFORE, DMON_AFTER, &tgi(0, 0), &tgi(1, 0)));
    assert_eq!(measure::other_card(&m, catalogue, "l40s"), None);
    // Two models in one paste: no single card to name.
    let two = format!("{}{}", l40s(1000), A100_BEFORE.replace("device=\"nvidia0\"", "modelName=\"NVIDIA A100\""));
    let two_after = two.replace("} 1000", "} 2000").replace("319159391", "319259391");
    let m = evaluate(&texts(&two, &two_after, &tgi(0, 0), &tgi(1, 0)));
    assert_eq!(m.gpus.len(), 2);
    assert_eq!(measure::other_card(&m, catalogue, "h100-sxm"), None);
}

// ---- issue 25: kept runs survive a reload ---------------------------------------------------------------

#[test]
fn kept_runs_are_stored_as_text_and_read_back_the_same() {
    let m = evaluate(&Texts { duration: "600".into(), ..texts(DMON_BEFORE, DMON_AFTER, &tgi(0, 0), &tgi(700_000, 0)) });
    let a = runs::keep(&m, "16", "450").unwrap();
    let b = runs::keep(&m, "", "").unwrap();
    let node = evaluate(&Texts { wall_wh: "10".into(), ..texts("", "", &tgi(0, 0), &tgi(36_000, 0)) });
    let c = runs::keep(&node, "0.1", "").unwrap();
    let stored = runs::to_text(&[a.clone(), b.clone(), c.clone()]);
    assert_eq!(stored.lines().count(), 3);
    assert!(stored.starts_with("16;450;"), "{stored}");
    let back = runs::from_text(&stored);
    assert_eq!(back, [a.clone(), b, c.clone()], "every value, kind and origin as kept");
    // The arithmetic survives exactly: 5 400 000 J ÷ 700 000 tokens; 10 Wh × 3 600 ÷ 36 000 tokens.
    assert_eq!(back[0].j_per_token.value, (3.0 * 1_800_000.0) / 700_000.0);
    assert_eq!(back[2].j_per_token.value, 10.0 * 3600.0 / 36_000.0);
    assert_eq!(back[2].j_per_token.kind, Kind::Measured(Scope::NodeAc));
    assert_eq!(back[0].tokens_per_s.as_ref().unwrap().value, 700_000.0 / 600.0);
    // Lines that do not read are left out; nothing unsound comes back.
    let edited = format!(
        "{stored}garbage\n1;2;NaN;gpu-board;;;\n1;2;-3;gpu-board;;;\n1;2;3;elsewhere;;;\n1;2;3;gpu-board;not-a-box;;\n1;2;3;gpu-board;;;;extra\n"
    );
    assert_eq!(runs::from_text(&edited).len(), 3);
    assert!(runs::from_text("").is_empty());
    let many = runs::to_text(&vec![a; runs::MAX_RUNS + 5]);
    assert_eq!(runs::from_text(&many).len(), runs::MAX_RUNS);
}

/// Issue 28.1: a dcgm-exporter paste's enforced power limit against the run's typed limit. No
/// shared capture carries the field, so the lines are written here in dcgm-exporter's form.
#[test]
fn the_enforced_limit_of_a_dcgm_exporter_paste_is_compared_with_the_typed_limit() {
    let text = "# HELP DCGM_FI_DEV_BOARD_POWER_LIMIT_ENFORCED_WATTS Effective power limit.\n\
        # TYPE DCGM_FI_DEV_BOARD_POWER_LIMIT_ENFORCED_WATTS gauge\n\
        DCGM_FI_DEV_BOARD_POWER_LIMIT_ENFORCED_WATTS{gpu=\"0\",UUID=\"GPU-a\"} 450.000000\n\
        DCGM_FI_DEV_BOARD_POWER_LIMIT_ENFORCED_WATTS{gpu=\"1\",UUID=\"GPU-b\"} 600\n\
        DCGM_FI_DEV_BOARD_POWER_LIMIT_ENFORCED_WATTS{gpu=\"1\",UUID=\"GPU-b\"} 600\n\
        DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu=\"0\",UUID=\"GPU-a\"} 319159391\n\
        DCGM_FI_DEV_BOARD_POWER_LIMIT_ENFORCED_WATTS{gpu=\"2\"} NaN\n";
    assert_eq!(dcgm::enforced_limits(text), vec![("0".to_owned(), 450.0), ("1".to_owned(), 600.0)]);
    assert_eq!(dcgm::enforced_against(text, Some(600.0)), Some((vec![450.0, 600.0], false)));
    let one = text.replace("} 450.000000", "} 600.000000");
    assert_eq!(dcgm::enforced_against(&one, Some(600.0)), Some((vec![600.0], true)));
    assert_eq!(dcgm::enforced_against(&one, None), Some((vec![600.0], false)));
    assert_eq!(dcgm::enforced_against(DMON_BEFORE, Some(600.0)), None, "no such field: nothing said");
}

/// Issue 28.4: kept runs show tokens/s per user (tokens/s ÷ concurrency) and say when two runs
/// were taken at different concurrency or power limit.
#[test]
fn kept_runs_show_tokens_per_user_and_say_when_their_loads_differ() {
    let run = |c: Option<f64>, w: Option<f64>, tps: Option<f64>| runs::Run {
        concurrency: c,
        power_limit: w,
        j_per_token: Figure::new(0.5, Unit::JoulesPerToken, Kind::Measured(Scope::GpuBoard), vec![]).unwrap(),
        tokens_per_s: tps
            .map(|t| Figure::new(t, Unit::TokensPerSecond, Kind::Measured(Scope::GpuBoard), vec![]).unwrap()),
        about: runs::About::default(),
    };
    // 2,400 tokens/s at 16 users: 150 each; at 64 users 9,600 tokens/s is 150 each too.
    assert_eq!(run(Some(16.0), None, Some(2400.0)).tokens_per_user(), Some(150.0));
    assert_eq!(run(None, None, Some(2400.0)).tokens_per_user(), None, "no concurrency typed");
    assert_eq!(run(Some(16.0), None, None).tokens_per_user(), None, "no duration, no tokens/s");
    let same = [run(Some(16.0), Some(600.0), Some(2400.0)), run(Some(16.0), Some(600.0), Some(2300.0))];
    assert!(!runs::load_differs(&same).any());
    let kept = [
        run(Some(16.0), Some(600.0), Some(2400.0)),
        run(Some(64.0), Some(600.0), Some(9600.0)),
        run(None, Some(450.0), None),
        run(Some(16.0), None, None),
    ];
    let d = runs::load_differs(&kept);
    assert_eq!(
        (d.concurrency.as_slice(), d.power_limit.as_slice()),
        ([16.0, 64.0].as_slice(), [600.0, 450.0].as_slice())
    );
    let en = (token_energy::i18n::Lang::En.strings().runs_differ)(&["16".into(), "64".into()], &[]);
    assert!(en.contains("concurrency (16, 64)") && !en.contains("power limit"), "{en}");
    let de = (token_energy::i18n::Lang::De.strings().runs_differ)(&[], &["600".into(), "450".into()]);
    assert!(de.contains("Leistungsgrenze (600; 450 W)"), "{de}");
}

// ---- issue 51: token counters series by series ---------------------------------------------------------

/// vLLM's generated-token counter, one line per `(engine, model, value)`, in the order given.
fn engines(series: &[(&str, &str, f64)]) -> String {
    series
        .iter()
        .map(|(e, model, v)| format!("vllm:generation_tokens_total{{engine=\"{e}\",model_name=\"{model}\"}} {v:?}\n"))
        .collect()
}

/// 3 GPUs, each 1 800 000 J over the run (DMON_BEFORE → DMON_AFTER): 5 400 000 J.
const RUN_J: f64 = 3.0 * 1_800_000.0;

#[test]
fn two_healthy_engines_give_the_energy_over_the_sum_of_their_own_increases() {
    // Listed in another order after: matched by the engine label, not by position.
    let before = engines(&[("0", "m", 1000.0), ("1", "m", 2000.0)]);
    let after = engines(&[("1", "m", 302_000.0), ("0", "m", 401_000.0)]);
    let m = evaluate(&texts(DMON_BEFORE, DMON_AFTER, &before, &after));
    assert!(m.errors.is_empty(), "{:?}", m.errors);
    assert!(close(m.output_tokens.unwrap().value, 700_000.0));
    assert!(close(m.j_per_token.unwrap().value, 5_400_000.0 / ((401_000.0 - 1000.0) + (302_000.0 - 2000.0))));
    assert!(m.token_bound.is_none() && m.new_series.is_empty());
}

#[test]
fn an_engine_that_restarted_is_named_and_leaves_only_a_bound() {
    // Engine 1 restarted: 500 000 before, 200 000 after. The totals still rise (501 000 → 601 000),
    // which a total-based figure would divide by: 5 400 000 ÷ 100 000 = 54 J/token, silently.
    let before = engines(&[("0", "m", 1000.0), ("1", "m", 500_000.0)]);
    let after = engines(&[("0", "m", 401_000.0), ("1", "m", 200_000.0)]);
    let m = evaluate(&texts(DMON_BEFORE, DMON_AFTER, &before, &after));
    let series = "vllm:generation_tokens_total{engine=\"1\"}".to_owned();
    assert_eq!(problems(&m), [(Input::TokensAfter, Problem::SeriesRestarted { series, line: 2 })]);
    assert!(m.j_per_token.is_none() && m.output_tokens.is_none() && m.tokens_per_s.is_none());
    // At least engine 0's 400 000 and engine 1's 200 000 since its restart: at most 9 J/token.
    let bound = m.token_bound.unwrap();
    assert!(close(bound.tokens.value, 400_000.0 + 200_000.0));
    let at_most = bound.j_per_token.unwrap();
    assert!(close(at_most.value, 5_400_000.0 / 600_000.0));
    assert_eq!(at_most.kind, Kind::Measured(Scope::GpuBoard));
    let text = m.errors[0].to_string();
    assert!(text.contains("engine=\"1\"") && text.contains("line 2") && text.contains("restarted"), "{text}");
}

#[test]
fn an_engine_missing_from_after_is_named_with_its_line_and_leaves_only_a_bound() {
    let before = engines(&[("0", "m", 1000.0), ("1", "m", 2000.0)]);
    let after = engines(&[("0", "m", 401_000.0)]);
    let m = evaluate(&texts(DMON_BEFORE, DMON_AFTER, &before, &after));
    let series = "vllm:generation_tokens_total{engine=\"1\"}".to_owned();
    assert_eq!(problems(&m), [(Input::TokensAfter, Problem::SeriesMissing { series, line: 2 })]);
    assert!(m.j_per_token.is_none());
    let bound = m.token_bound.unwrap();
    assert!(close(bound.tokens.value, 400_000.0));
    assert!(close(bound.j_per_token.unwrap().value, 5_400_000.0 / 400_000.0));
    let text = m.errors[0].to_string();
    assert!(text.contains("engine=\"1\"") && text.contains("line 2") && text.contains("missing"), "{text}");
}

#[test]
fn an_after_from_another_model_or_server_gives_no_figure_at_all() {
    let before = engines(&[("0", "m", 1000.0), ("1", "m", 2000.0)]);
    let after = engines(&[("0", "other", 401_000.0), ("1", "other", 302_000.0)]);
    let m = evaluate(&texts(DMON_BEFORE, DMON_AFTER, &before, &after));
    let differs = |e: &str, line| Problem::SeriesLabelDiffers {
        series: format!("vllm:generation_tokens_total{{engine=\"{e}\"}}"),
        label: "model_name".into(),
        before: "m".into(),
        after: "other".into(),
        line,
    };
    assert_eq!(problems(&m), [(Input::TokensAfter, differs("0", 1)), (Input::TokensAfter, differs("1", 2))]);
    assert!(m.j_per_token.is_none() && m.token_bound.is_none());
    // A server label (Prometheus' `instance`) the same way; SGLang's model label too.
    let at = |host: &str, v: f64| format!("vllm:generation_tokens_total{{engine=\"0\",instance=\"{host}\"}} {v}\n");
    let m = evaluate(&texts(DMON_BEFORE, DMON_AFTER, &at("a:8000", 1.0), &at("b:8000", 9.0)));
    assert!(
        matches!(&m.errors[..], [e] if matches!(&e.problem, Problem::SeriesLabelDiffers { label, .. } if label == "instance"))
    );
    let other = SGLANG.replace("Llama-3.1-8B-Instruct", "Qwen2.5-7B").replace("7.557572e+06", "8e+06");
    let m = evaluate(&texts(DMON_BEFORE, DMON_AFTER, SGLANG, &other));
    assert!(
        matches!(&m.errors[..], [e] if matches!(&e.problem, Problem::SeriesLabelDiffers { line: 6, .. })),
        "{:?}",
        m.errors
    );
    assert!(m.j_per_token.is_none());
}

#[test]
fn a_series_new_in_after_counts_whole_and_is_named() {
    let before = engines(&[("0", "m", 1000.0)]);
    let after = engines(&[("0", "m", 401_000.0), ("1", "m", 300_000.0)]);
    let m = evaluate(&texts(DMON_BEFORE, DMON_AFTER, &before, &after));
    assert!(m.errors.is_empty(), "{:?}", m.errors);
    assert!(close(m.j_per_token.unwrap().value, 5_400_000.0 / (400_000.0 + 300_000.0)));
    assert_eq!(m.new_series, ["vllm:generation_tokens_total{engine=\"1\"}"]);
}

#[test]
fn every_series_lower_is_still_a_swap_or_a_restart_and_tgi_reads_as_one_series() {
    let before = engines(&[("0", "m", 401_000.0), ("1", "m", 302_000.0)]);
    let after = engines(&[("0", "m", 1000.0), ("1", "m", 2000.0)]);
    let m = evaluate(&texts(DMON_BEFORE, DMON_AFTER, &before, &after));
    assert_eq!(problems(&m), [(Input::TokensAfter, Problem::TokensWentBackwards { line: 1 })]);
    assert!(m.token_bound.is_none());
    // TGI's histogram sum carries no label: one series, matched with itself.
    let m = evaluate(&texts(DMON_BEFORE, DMON_AFTER, &tgi(100, 10), &tgi(5100, 60)));
    assert!(m.errors.is_empty());
    assert!(close(m.j_per_token.unwrap().value, RUN_J / 5000.0));
    assert!(close(m.prompt_tokens.unwrap().value, 50.0));
}

// ---- issue 51: the names the tools print ----------------------------------------------------------------

/// A one-GPU dcgm-exporter pair whose `modelName` is `name`: 1 000 J over the run.
fn exporter_pair(name: &str) -> (String, String) {
    let line =
        |v: u64| format!("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{{gpu=\"0\",UUID=\"GPU-1\",modelName=\"{name}\"}} {v}\n");
    (line(1_000_000), line(2_000_000))
}

#[test]
fn the_names_servers_print_map_to_catalogue_cards() {
    use token_energy::catalogue::Catalogue;
    let catalogue = Catalogue::embedded();
    // Each printed name, and the catalogue card it is (the driver's product names; amd-smi's MARKET_NAME).
    let printed = [
        ("NVIDIA H100 80GB HBM3", "h100-sxm"),
        ("NVIDIA H100 PCIe", "h100-pcie"),
        ("NVIDIA H100 NVL", "h100-nvl"),
        ("NVIDIA H200", "h200-sxm"),
        ("NVIDIA H200 NVL", "h200-nvl"),
        ("NVIDIA B200", "b200-sxm"),
        ("NVIDIA L40S", "l40s"),
        ("AMD Instinct MI300X", "mi300x"),
    ];
    for (name, id) in printed {
        assert_eq!(measure::card_named(catalogue, name).map(|c| c.id.to_string()).as_deref(), Some(id), "{name}");
        let (before, after) = exporter_pair(name);
        let m = evaluate(&texts(&before, &after, &tgi(0, 0), &tgi(1, 0)));
        // Offered as a switch from any other card; the same card is no other card.
        let other = if id == "l40s" { "h100-sxm" } else { "l40s" };
        assert_eq!(
            measure::other_card(&m, catalogue, other),
            Some(measure::OtherCard { pasted: name.into(), card: Some(id.into()) }),
            "{name}"
        );
        assert_eq!(measure::other_card(&m, catalogue, id), None, "{name}");
    }
    // Every alias names a card the catalogue lists.
    for (name, id) in measure::PRINTED_NAMES {
        assert!(catalogue.card(id).is_some(), "{name} → {id}");
    }
    // Cards the catalogue does not list stay unnamed: said as such, nothing to switch to.
    for name in ["Tesla T4", "NVIDIA L4", "NVIDIA A100-SXM4-80GB", "NVIDIA A800-SXM4-80GB", "NVIDIA H20"] {
        assert!(measure::card_named(catalogue, name).is_none(), "{name}");
    }
}

// ---- issue 51: the measured card's own rating -----------------------------------------------------------

#[test]
fn the_measured_cards_rating_bounds_the_reading_and_the_typed_limit() {
    use measure::versus::{self, Rating};
    use token_energy::catalogue::Catalogue;
    let catalogue = Catalogue::embedded();
    // One L40S (rated 350 W, data/cards.json) over 3 600 s.
    let l40s = |joules: u64| {
        let line = |v: u64| {
            format!("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{{gpu=\"0\",UUID=\"GPU-1\",modelName=\"NVIDIA L40S\"}} {v}\n")
        };
        evaluate(&Texts {
            duration: "3600".into(),
            ..texts(&line(1000), &line(1000 + joules * 1000), &tgi(0, 0), &tgi(9, 0))
        })
    };
    let m = l40s(400 * 3600); // 400 W
    let rating = Rating::of_measured(&m, catalogue).unwrap();
    assert_eq!(rating, Rating { card: "NVIDIA L40S".into(), watts: 350.0 });
    assert!(close(versus::above_rating(&m, &rating).unwrap(), 400.0));
    // Within NVML's ±5 W of the rating: no alert; beyond it: one.
    assert_eq!(versus::above_rating(&l40s(355 * 3600), &rating), None);
    assert!(close(versus::above_rating(&l40s(356 * 3600), &rating).unwrap(), 356.0));
    // A typed limit above the rating is refused with the rating named; at the rating it stands.
    let refused = versus::run_limit_within(token_energy::lang::Lang::En, "400", Some(&rating)).unwrap_err();
    assert_eq!(refused.problem, Problem::AboveRating { card: "NVIDIA L40S".into(), watts: 350.0 });
    assert!(refused.to_string().contains("350 W") && refused.to_string().contains("NVIDIA L40S"), "{refused}");
    assert_eq!(versus::run_limit_within(token_energy::lang::Lang::En, "350", Some(&rating)), Ok(Some(350.0)));
    assert_eq!(versus::run_limit_within(token_energy::lang::Lang::En, "400", None), Ok(Some(400.0)));
    // A card the catalogue does not list has no rating to hold the reading to.
    let t4 = MIG_BEFORE.replace("NVIDIA A30", "Tesla T4");
    let m = evaluate(&texts(&t4, &t4.replace("126272101025", "126272201025"), &tgi(0, 0), &tgi(1, 0)));
    assert_eq!(Rating::of_measured(&m, catalogue), None);
}

// ---- issue 51: a typed duration against a series' own span ------------------------------------------------

#[test]
fn a_typed_duration_far_from_the_series_own_span_is_said_naming_both() {
    // SMI_CSV spans 4 s, first to last complete sample.
    let with = |duration: &str| {
        evaluate(&Texts {
            power_series: SMI_CSV.into(),
            duration: duration.into(),
            ..texts("", "", &vllm(0.0, 0.0, 0.0, 0.0), &vllm(1000.0, 1000.0, 0.0, 0.0))
        })
    };
    let m = with("3600");
    assert_eq!(problems(&m), [(Input::Duration, Problem::DurationFarFromSpan { typed: 3600.0, span: 4.0 })]);
    let text = m.errors[0].to_string();
    assert!(text.contains("3,600 s") && text.contains("4 s"), "{text}");
    // The typed duration is still the one used, as said; blank, the span is.
    assert!(close(m.tokens_per_s.unwrap().value, 2000.0 / 3600.0));
    let m = with("");
    assert!(m.errors.is_empty(), "{:?}", m.errors);
    assert!(close(m.tokens_per_s.unwrap().value, 2000.0 / 4.0));
    // Within one step (1 s here, more than a tenth of 4 s) of the span: no alert.
    assert!(with("5").errors.is_empty());
    assert!(with("3").errors.is_empty());
    assert!(!with("5.5").errors.is_empty());
    // A dcgmi dmon series: its span is its polls less one times the interval (3 polls, 10 s: 20 s).
    let series = "#Entity POWER TOTEC\nID W mJ\nGPU 0 400.0 1000\nGPU 0 400.0 5001000\nGPU 0 400.0 9001000\n";
    let dmon = |duration: &str| {
        evaluate(&Texts {
            power_series: series.into(),
            interval: "10".into(),
            duration: duration.into(),
            ..texts("", "", &tgi(0, 0), &tgi(1000, 0))
        })
    };
    assert_eq!(problems(&dmon("600")), [(Input::Duration, Problem::DurationFarFromSpan { typed: 600.0, span: 20.0 })]);
    assert!(dmon("25").errors.is_empty() && dmon("").errors.is_empty());
}

// ---- issue 51: "Take <model>" switches to the catalogue's benchmark where one matches -------------------

#[test]
fn counters_of_a_benchmarks_model_switch_to_that_benchmark_not_the_own_model_field() {
    use measure::versus;
    use token_energy::catalogue::{Benchmark, Catalogue};
    let catalogue = Catalogue::embedded();
    // SGLang's docs example serves meta-llama/Llama-3.1-8B-Instruct: MLPerf's Llama 3.1 8B.
    let after = SGLANG.replace("7.557572e+06", "8e+06");
    let m = evaluate(&texts("", "", SGLANG, &after));
    let other = versus::other_model(&m, Some(Benchmark::Llama2_70b99)).unwrap();
    let switch = versus::benchmark_for(&other, catalogue, "h200-sxm").unwrap();
    assert_eq!(switch.benchmark, Benchmark::Llama3_1_8b);
    assert_eq!(switch.pasted, "meta-llama/Llama-3.1-8B-Instruct");
    // A result the catalogue publishes for that benchmark, on the configured card where there is one.
    let row = catalogue.result(&switch.result, switch.benchmark, switch.scenario).unwrap();
    let on_card = catalogue.results.iter().any(|r| r.card == "h200-sxm" && r.benchmark == Benchmark::Llama3_1_8b);
    assert_eq!(row.card == "h200-sxm", on_card);
    // A model no benchmark is (kaito's gemma): nothing to switch to, the own-model field is offered.
    let gemma = |v: f64| format!("vllm:generation_tokens_total{{engine=\"0\",model_name=\"gemma-4-e4b-it\"}} {v:?}\n");
    let m = evaluate(&texts("", "", &gemma(1.0), &gemma(9.0)));
    let other = versus::other_model(&m, Some(Benchmark::Llama2_70b99)).unwrap();
    assert_eq!(versus::benchmark_for(&other, catalogue, "h200-sxm"), None);
    // A distilled model is another model (issue 39): no switch to DeepSeek-R1 or Llama.
    let distill = gemma(1.0).replace("gemma-4-e4b-it", "deepseek-ai/DeepSeek-R1-Distill-Llama-70B");
    let m = evaluate(&texts("", "", &distill, &distill.replace("1.0", "9.0")));
    let other = versus::other_model(&m, Some(Benchmark::Llama3_1_8b)).unwrap();
    assert_eq!(versus::benchmark_for(&other, catalogue, "h200-sxm"), None);
}

// ---- issue 51: kept runs record the measured card and their own limit's ceiling ---------------------------

#[test]
fn a_kept_run_records_the_measured_card_and_the_ceiling_at_its_own_limit() {
    use token_energy::catalogue::Catalogue;
    let catalogue = Catalogue::embedded();
    let named = |name: &str| {
        let (before, after) = exporter_pair(name); // 1 000 J
        evaluate(&Texts { duration: "100".into(), ..texts(&before, &after, &tgi(0, 0), &tgi(500, 0)) })
    };
    // 500 tokens in 100 s: 5 tokens/s on one GPU.
    let m = named("NVIDIA L40S");
    let about = runs::about_measured(&m, catalogue, Some("h200-nvl"), None);
    assert_eq!(about.card.as_deref(), Some("l40s"), "the measured card, not the calculator's H200 NVL");
    assert!(close(about.ceiling.unwrap(), 350.0 / 5.0), "at the L40S's own 350 W rating: {about:?}");
    let about = runs::about_measured(&m, catalogue, Some("h200-nvl"), Some(300.0));
    assert!(close(about.ceiling.unwrap(), 300.0 / 5.0), "at the run's typed limit");
    // A card the catalogue does not list: kept by its printed name; a ceiling only at a typed limit.
    let m = named("Tesla T4");
    let about = runs::about_measured(&m, catalogue, Some("h200-nvl"), None);
    assert_eq!((about.card.as_deref(), about.ceiling), (Some("Tesla T4"), None));
    assert!(close(runs::about_measured(&m, catalogue, Some("h200-nvl"), Some(70.0)).ceiling.unwrap(), 70.0 / 5.0));
    // Stored and read back with the rest; the page words it "(not in the catalogue)".
    let run = runs::keep_with(&m, "", "70", about).unwrap();
    let back = runs::from_text(&runs::to_text(std::slice::from_ref(&run)));
    assert_eq!(back[0].about.card.as_deref(), Some("Tesla T4"));
    let words = token_energy::i18n::Lang::En.strings();
    assert_eq!((words.not_in_catalogue)("Tesla T4"), "Tesla T4 (not in the catalogue)");
    // A paste naming no card (dmon): the configured one, with no ceiling unless a limit is typed.
    let m = evaluate(&Texts { duration: "600".into(), ..texts(DMON_BEFORE, DMON_AFTER, &tgi(0, 0), &tgi(9, 0)) });
    let about = runs::about_measured(&m, catalogue, Some("h200-nvl"), None);
    assert_eq!((about.card.as_deref(), about.ceiling), (Some("h200-nvl"), None));
}

#[test]
fn a_long_series_name_keeps_the_label_that_tells_engines_apart() {
    let ranks = |r0: f64, r1: f64| {
        format!(
            "sglang:generation_tokens_total{{model_name=\"meta-llama/Llama-3.1-8B-Instruct\",dp_rank=\"0\"}} {r0:?}\n\
             sglang:generation_tokens_total{{model_name=\"meta-llama/Llama-3.1-8B-Instruct\",dp_rank=\"1\"}} {r1:?}\n"
        )
    };
    let m = evaluate(&texts(DMON_BEFORE, DMON_AFTER, &ranks(100.0, 900.0), &ranks(5100.0, 40.0)));
    let series = "sglang:generation_tokens_total{dp_rank=\"1\"}".to_owned();
    assert_eq!(problems(&m), [(Input::TokensAfter, Problem::SeriesRestarted { series, line: 2 })]);
    for lang in [token_energy::lang::Lang::En, token_energy::lang::Lang::De] {
        let text = (lang.strings().measure_problem)(&m.errors[0].problem);
        assert!(text.contains("sglang:generation_tokens_total{dp_rank=\"1\"}"), "{text}");
    }
    assert!(close(m.token_bound.unwrap().j_per_token.unwrap().value, RUN_J / (5000.0 + 40.0)));
}
