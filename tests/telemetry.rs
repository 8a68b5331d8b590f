//! Issue 25: every file in `../shared/reference/telemetry/` (text people really posted: dcgm-exporter
//! scrapes, a MIG-partitioned A800, nvidia-smi queries and dmon, vLLM, SGLang, TGI, MLPerf `spl.txt`)
//! read by the parsers, each asserted against what `SOURCES.md` there says it holds. The files stay
//! outside the project; a test fails where they are not beside the clone (`common::reference`: a
//! counted skip only where `TOKEN_ENERGY_SKIP_MISSING_REFERENCE=1` asks for one).

mod common;

use common::reference::telemetry as sample;
use token_energy::measure::power::{self, PowerFormat};
use token_energy::measure::tokens::{self, Engine};
use token_energy::measure::{dcgm, evaluate, mlperf_power, Input, Problem, RowNote, Texts};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

/// Every file this test reads; a file added to the directory without a test fails
/// `every_file_in_the_directory_is_read`.
const READ: [&str; 29] = [
    "SOURCES.md",
    "dcgm-exporter-1.txt",
    "dcgm-exporter-2.txt",
    "dcgm-exporter-3.txt",
    "dcgm-exporter-4.txt",
    "dcgm-exporter-5.txt",
    "dcgm-exporter-elided-1.txt",
    "dcgm-exporter-mig-1.txt",
    "mlperf-spl-1.txt",
    "mlperf-spl-2.txt",
    "mlperf-spl-3.txt",
    "nvidia-smi-csv-1.txt",
    "nvidia-smi-csv-2.txt",
    "nvidia-smi-csv-3.txt",
    "nvidia-smi-dmon-1.txt",
    "nvidia-smi-dmon-2.txt",
    "nvidia-smi-dmon-3.txt",
    "sglang-metrics-1.txt",
    "sglang-metrics-2.txt",
    "tgi-metrics-1-head.txt",
    "tgi-metrics-1.txt",
    "vllm-metrics-1.txt",
    "vllm-metrics-2.txt",
    "vllm-metrics-3.txt",
    "vllm-metrics-zero-1.txt",
    "pairs/kaito-after.txt",
    "pairs/kaito-before.txt",
    "pairs/t4-after.txt",
    "pairs/t4-before.txt",
];

#[test]
fn every_file_in_the_directory_is_read() {
    let Some(entries) = common::reference::entries("telemetry") else { return };
    let mut found: Vec<String> = Vec::new();
    for e in entries {
        let name = e.file_name().to_string_lossy().into_owned();
        if e.path().is_dir() {
            for p in std::fs::read_dir(e.path()).unwrap().flatten() {
                found.push(format!("{name}/{}", p.file_name().to_string_lossy()));
            }
        } else {
            found.push(name);
        }
    }
    for f in &found {
        assert!(READ.contains(&f.as_str()), "{f} is in telemetry/ but no test reads it");
    }
    for r in &READ {
        assert!(found.iter().any(|f| f == r), "{r} is read here but not in telemetry/");
    }
}

// ---- dcgm-exporter ------------------------------------------------------------------------------

#[test]
fn dcgm_exporter_scrapes_hold_one_gpu_with_the_energy_sources_md_states() {
    // (file, TOTAL_ENERGY of gpu0 in mJ, modelName), from SOURCES.md.
    for (file, mj, model) in [
        ("dcgm-exporter-1.txt", 5_551_899_580.0, "NVIDIA L40S"),
        ("dcgm-exporter-2.txt", 4_742_776.0, "NVIDIA L4"),
        ("dcgm-exporter-3.txt", 15_152_422_938.0, "Tesla T4"),
        ("dcgm-exporter-4.txt", 48_287_135.0, "Tesla T4"),
        ("dcgm-exporter-5.txt", 128_996_013.0, "Tesla T4"),
    ] {
        let Some(text) = sample(file) else { continue };
        let s = dcgm::parse(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(s.format, dcgm::EnergyFormat::Exporter, "{file}");
        assert_eq!(s.gpus.len(), 1, "{file}");
        let g = &s.gpus[0];
        assert_eq!(g.millijoules, mj, "{file}");
        assert_eq!(g.model.as_deref(), Some(model), "{file}");
        assert_eq!(g.index.as_deref(), Some("0"), "{file}");
        assert!(g.id.starts_with("GPU-"), "{file}: the UUID identifies the GPU: {}", g.id);
        assert_eq!(g.series, 1, "{file}");
    }
}

#[test]
fn the_elided_scrape_has_no_energy_counter() {
    let Some(text) = sample("dcgm-exporter-elided-1.txt") else { return };
    assert_eq!(dcgm::parse(&text), Err(Problem::NoEnergyCounter));
}

#[test]
fn the_mig_scrape_counts_each_physical_gpu_once() {
    let Some(text) = sample("dcgm-exporter-mig-1.txt") else { return };
    let s = dcgm::parse(&text).unwrap();
    assert_eq!(s.gpus.len(), 8);
    let total: f64 = s.gpus.iter().map(|g| g.millijoules).sum();
    // SOURCES.md: 1 569 744 720 mJ over physical GPUs; 2 085 461 352 mJ if GPU 0 counted three times.
    assert_eq!(total, 1_569_744_720.0);
    assert_eq!(total + 2.0 * 257_858_316.0, 2_085_461_352.0);
    let g0 = s.gpus.iter().find(|g| g.index.as_deref() == Some("0")).unwrap();
    assert_eq!((g0.millijoules, g0.series, g0.spread_mj), (257_858_316.0, 3, 0.0));
    assert!(s.gpus.iter().filter(|g| g.index.as_deref() != Some("0")).all(|g| g.series == 1));
    assert!(s.gpus.iter().all(|g| g.model.as_deref() == Some("NVIDIA A800-SXM4-80GB")));
}

#[test]
fn the_mig_scrape_with_instances_read_at_other_instants_measures_a_run() {
    let Some(before) = sample("dcgm-exporter-mig-1.txt") else { return };
    // GPU 0's three instances as if read a moment apart: +0, +2 and +5 J on the posted value. After
    // the run every GPU's counter is 1 000 000 mJ (1 000 J) further, GPU 0's instances again 0 / 2 / 5 J apart.
    let shift = |text: &str, base: u64, offsets: [u64; 3], run: u64| {
        let mut n = 0;
        text.lines()
            .map(|l| {
                if l.starts_with("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION") {
                    let (head, value) = l.rsplit_once(' ').unwrap();
                    let v: u64 = value.parse().unwrap();
                    let v = if v == base {
                        n += 1;
                        v + offsets[n - 1] + run
                    } else {
                        v + run
                    };
                    format!("{head} {v}\n")
                } else {
                    format!("{l}\n")
                }
            })
            .collect::<String>()
    };
    let b = shift(&before, 257_858_316, [0, 2000, 5000], 0);
    let a = shift(&before, 257_858_316, [5000, 0, 2000], 1_000_000);
    let tokens = |n: u64| format!("vllm:generation_tokens_total{{engine=\"0\"}} {n}\n");
    let m = evaluate(&Texts {
        energy_before: b,
        energy_after: a,
        tokens_before: tokens(0),
        tokens_after: tokens(16_000),
        ..Texts::default()
    });
    assert!(m.errors.is_empty(), "{:?}", m.errors);
    // Largest after − largest before: (257 858 316 + 5 000 + 1 000 000) − (257 858 316 + 5 000) mJ.
    assert_eq!(m.gpus.len(), 8);
    assert!(m.gpus.iter().all(|g| close(g.energy.value, 1000.0)), "{:?}", m.gpus);
    assert!(close(m.gpu_energy.as_ref().unwrap().value, 8000.0));
    assert!(close(m.j_per_token.unwrap().value, 8000.0 / 16_000.0));
    let g0 = m.gpus.iter().find(|g| g.index.as_deref() == Some("0")).unwrap();
    match &g0.note {
        Some(RowNote::Mig { series: 3, spread }) => assert!(close(spread.value, 5.0)),
        other => panic!("GPU 0's row says it was counted once: {other:?}"),
    }
}

// ---- nvidia-smi ---------------------------------------------------------------------------------

#[test]
fn nvidia_smi_queries_read_their_power_draw() {
    // (file, GPUs' power.draw in W, name, timed), from SOURCES.md.
    for (file, watts, name, timed) in [
        ("nvidia-smi-csv-1.txt", &[131.17, 131.13][..], "GeForce GTX 1080", false),
        ("nvidia-smi-csv-2.txt", &[631.95][..], "NVIDIA H100 80GB HBM3", true),
        ("nvidia-smi-csv-3.txt", &[97.99][..], "NVIDIA GeForce RTX 2080 SUPER", true),
    ] {
        let Some(text) = sample(file) else { continue };
        let s = power::samples(&text, 1.0).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!((s.format, s.timed), (PowerFormat::SmiCsv, timed), "{file}");
        let read: Vec<f64> = s.gpus.iter().map(|g| g.samples[0].watts.unwrap()).collect();
        assert_eq!(read, watts, "{file}");
        assert!(s.gpus.iter().all(|g| g.model.as_deref() == Some(name) && g.samples.len() == 1), "{file}");
        // One sample per GPU is a power, not an energy: the series needs two.
        assert!(matches!(power::parse(&text, 1.0), Err(Problem::TooFewSamples { .. })), "{file}");
    }
    if let Some(text) = sample("nvidia-smi-csv-1.txt") {
        let total: f64 = power::samples(&text, 1.0).unwrap().gpus.iter().map(|g| g.samples[0].watts.unwrap()).sum();
        assert!(close(total, 262.30), "SOURCES.md: 262.30 W, {total}");
    }
}

#[test]
fn nvidia_smi_dmon_series_integrate_at_one_second() {
    // SOURCES.md's pwr columns, integrated here with trapezoids one second apart.
    let trapezoids = |p: &[f64]| p.windows(2).map(|w| (w[0] + w[1]) / 2.0).sum::<f64>();
    for (file, pwr) in [
        ("nvidia-smi-dmon-1.txt", [631.0, 634.0, 633.0, 634.0, 636.0]),
        ("nvidia-smi-dmon-2.txt", [97.0, 97.0, 97.0, 98.0, 97.0]),
    ] {
        let Some(text) = sample(file) else { continue };
        let s = power::parse(&text, 1.0).unwrap();
        assert_eq!((s.format, s.timed, s.gpus.len()), (PowerFormat::SmiDmon, false, 1), "{file}");
        let g = &s.gpus[0];
        assert_eq!((g.id.as_str(), g.samples, g.gaps, g.seconds), ("0", 5, 0, 4.0), "{file}");
        assert!(close(g.joules, trapezoids(&pwr)), "{file}: {} against {}", g.joules, trapezoids(&pwr));
    }
    assert_eq!(trapezoids(&[631.0, 634.0, 633.0, 634.0, 636.0]), 632.5 + 633.5 + 633.5 + 635.0);
    // A paste of dmon-1 alone with vLLM's counters gives J/token from one box.
    if let Some(text) = sample("nvidia-smi-dmon-1.txt") {
        let tokens = |n: u64| format!("vllm:generation_tokens_total{{engine=\"0\"}} {n}\n");
        let m = evaluate(&Texts {
            power_series: text,
            tokens_before: tokens(1000),
            tokens_after: tokens(6069),
            ..Texts::default()
        });
        assert!(m.errors.is_empty(), "{:?}", m.errors);
        assert!(close(m.j_per_token.unwrap().value, 2534.5 / 5069.0));
        assert!(close(m.tokens_per_s.unwrap().value, 5069.0 / 4.0));
    }
}

#[test]
fn the_block_quoted_dmon_holds_four_gpus_one_sample_each() {
    let Some(text) = sample("nvidia-smi-dmon-3.txt") else { return };
    let s = power::samples(&text, 1.0).unwrap();
    let ids: Vec<&str> = s.gpus.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids, ["0", "1", "2", "3"]);
    let total: f64 = s.gpus.iter().map(|g| g.samples[0].watts.unwrap()).sum();
    assert_eq!(total, 111.0 + 111.0 + 112.0 + 86.0);
    assert_eq!(power::parse(&text, 1.0), Err(Problem::TooFewSamples { gpu: "0".into(), line: 3 }));
}

// ---- serving engines ----------------------------------------------------------------------------

#[test]
fn token_counters_read_as_sources_md_states() {
    // (file, engine, generated, prompt, series), from SOURCES.md.
    for (file, engine, generated, prompt, series) in [
        ("vllm-metrics-1.txt", Engine::Vllm, 218_152.0, Some(1196.0), 1),
        ("vllm-metrics-2.txt", Engine::Vllm, 408_832.0 + 407_040.0, None, 2),
        ("vllm-metrics-3.txt", Engine::Vllm, 7.0, Some(5.0), 1),
        ("vllm-metrics-zero-1.txt", Engine::Vllm, 0.0, Some(0.0), 1),
        ("sglang-metrics-1.txt", Engine::Sglang, 7_557_572.0, Some(8_128_902.0), 1),
        ("tgi-metrics-1.txt", Engine::Tgi, 3423.0, None, 1),
    ] {
        let Some(text) = sample(file) else { continue };
        let t = tokens::parse(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!((t.engine, t.generated, t.prompt, t.series), (engine, generated, prompt, series), "{file}");
    }
}

#[test]
fn files_without_a_generation_counter_say_so() {
    for file in ["sglang-metrics-2.txt", "tgi-metrics-1-head.txt"] {
        let Some(text) = sample(file) else { continue };
        assert_eq!(tokens::parse(&text), Err(Problem::NoTokenCounter), "{file}");
    }
}

#[test]
fn a_freshly_started_vllm_gives_zero_tokens_not_a_division() {
    let Some(text) = sample("vllm-metrics-zero-1.txt") else { return };
    let m = evaluate(&Texts { tokens_before: text.clone(), tokens_after: text, ..Texts::default() });
    assert_eq!(m.errors.len(), 1);
    assert_eq!((m.errors[0].input, &m.errors[0].problem), (Input::TokensAfter, &Problem::ZeroTokens));
    assert!(m.j_per_token.is_none());
}

#[test]
fn the_pairs_measure_exact_arithmetic() {
    let (Some(eb), Some(ea), Some(tb), Some(ta)) = (
        sample("pairs/t4-before.txt"),
        sample("pairs/t4-after.txt"),
        sample("pairs/kaito-before.txt"),
        sample("pairs/kaito-after.txt"),
    ) else {
        return;
    };
    let m = evaluate(&Texts {
        energy_before: eb,
        energy_after: ea,
        tokens_before: tb,
        tokens_after: ta,
        ..Texts::default()
    });
    assert!(m.errors.is_empty(), "{:?}", m.errors);
    let joules = (18_752_422_938.0 - 15_152_422_938.0) / 1000.0;
    let generated = (2_908_832.0 + 2_907_040.0) - (408_832.0 + 407_040.0);
    assert_eq!((joules, generated), (3_600_000.0, 5_000_000.0));
    assert!(close(m.gpu_energy.unwrap().value, joules));
    assert!(close(m.output_tokens.unwrap().value, generated));
    assert!(close(m.j_per_token.unwrap().value, 0.72));
}

// ---- MLPerf spl.txt -------------------------------------------------------------------------------

fn detail(begin: &str, end: &str) -> String {
    format!(
        ":::MLLOG {{\"key\": \"power_begin\", \"value\": \"{begin}\", \"time_ms\": 1.0}}\n\
         :::MLLOG {{\"key\": \"power_end\", \"value\": \"{end}\", \"time_ms\": 2.0}}\n"
    )
}

#[test]
fn spl_files_give_the_window_mean_of_their_totals() {
    if let Some(spl) = sample("mlperf-spl-3.txt") {
        let w = mlperf_power::window_mean(&spl, &detail("02-21-2024 04:08:10.000", "02-21-2024 04:08:15.000")).unwrap();
        assert_eq!(w.samples, 5);
        assert!(close(w.mean_watts, (2263.9 + 2268.7 + 2286.5 + 2279.8 + 2279.9) / 5.0), "{}", w.mean_watts);
    }
    if let Some(spl) = sample("mlperf-spl-2.txt") {
        // power-dev's own test expects 24.98 W over the ranging rows (the duplicates counted).
        let w = mlperf_power::window_mean(&spl, &detail("01-22-2021 15:05:14.000", "01-22-2021 15:05:16.000"));
        let w = w.unwrap();
        assert_eq!((w.samples, w.samples_in_file), (4, 8), "4 ranging rows in the window, 8 Watts rows in all");
        assert!(close(w.mean_watts, (22.97 + 3.0 * 25.65) / 4.0), "{}", w.mean_watts);
        assert!(close(w.mean_watts, 24.98), "{}", w.mean_watts);
    }
    if let Some(spl) = sample("mlperf-spl-1.txt") {
        // Day first (28-12-2020) where PTDaemon writes the month first: refused, not misread.
        let e = mlperf_power::window_mean(&spl, &detail("12-28-2020 15:21:00.000", "12-28-2020 15:22:00.000"));
        assert_eq!(e.unwrap_err().problem, Problem::BadTime { line: 1 });
    }
}
