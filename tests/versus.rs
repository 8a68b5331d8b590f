//! Issue 39: the comparisons beside a measured figure, like with like — on the real text of
//! `../shared/reference/telemetry/` (a T4's dcgm-exporter scrape and kaito's two-engine vLLM scrape
//! serving `gemma-4-e4b-it`, each with its "after" advanced by a round amount, `pairs/`; SGLang's
//! and TGI's documented scrapes). Every expected value is arithmetic on the samples' own numbers.
#![allow(clippy::expect_used, clippy::indexing_slicing, clippy::unwrap_used)]

mod common;

use common::reference::telemetry as sample;
use token_energy::catalogue::Benchmark;
use token_energy::figure::Origin;
use token_energy::i18n::{Lang, PaceWords};
use token_energy::measure::runs::{self, About};
use token_energy::measure::versus::{self, Limit, LimitFrom, Pace, Suspect};
use token_energy::measure::{evaluate, tokens, Input, Measurement, Texts};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

/// The T4 energy pair and kaito's vLLM pair, with a duration (s) typed.
fn t4_gemma(duration: &str) -> Option<Measurement> {
    let texts = Texts {
        energy_before: sample("pairs/t4-before.txt")?,
        energy_after: sample("pairs/t4-after.txt")?,
        tokens_before: sample("pairs/kaito-before.txt")?,
        tokens_after: sample("pairs/kaito-after.txt")?,
        duration: duration.to_owned(),
        ..Texts::default()
    };
    let m = evaluate(&texts);
    assert!(m.errors.is_empty(), "{:?}", m.errors);
    Some(m)
}

// The samples' own numbers (SOURCES.md and the pairs): the T4's counter 15 152 422 938 mJ before,
// 18 752 422 938 mJ after; kaito's engines 408 832 + 407 040 generated tokens before, 2 908 832 +
// 2 907 040 after.
const T4_JOULES: f64 = (18_752_422_938.0 - 15_152_422_938.0) / 1000.0;
const GEMMA_TOKENS: f64 = (2_908_832.0 - 408_832.0) + (2_907_040.0 - 407_040.0);

#[test]
fn the_pair_is_the_issues_0_72_j_per_token() {
    let Some(m) = t4_gemma("") else { return };
    assert!(close(m.j_per_token.as_ref().unwrap().value, T4_JOULES / GEMMA_TOKENS));
    assert!(close(T4_JOULES / GEMMA_TOKENS, 0.72));
}

// ---- 1. the model ------------------------------------------------------------------------------------

#[test]
fn the_model_the_counters_name_is_read_from_vllm_sglang_and_tgi() {
    let Some(m) = t4_gemma("") else { return };
    assert_eq!(m.models, ["gemma-4-e4b-it"], "both engines name one model, said once");
    if let Some(text) = sample("sglang-metrics-1.txt") {
        assert_eq!(tokens::parse(&text).unwrap().models, ["meta-llama/Llama-3.1-8B-Instruct"]);
    }
    if let Some(text) = sample("vllm-metrics-1.txt") {
        assert_eq!(tokens::parse(&text).unwrap().models, ["bigscience/bloom-560m"]);
    }
    if let Some(text) = sample("vllm-metrics-3.txt") {
        assert_eq!(tokens::parse(&text).unwrap().models, ["facebook/opt-125m"]);
    }
    if let Some(text) = sample("tgi-metrics-1.txt") {
        assert!(tokens::parse(&text).unwrap().models.is_empty(), "TGI's counters carry no label");
    }
}

#[test]
fn a_model_other_than_the_benchmarks_is_named_with_both() {
    let Some(m) = t4_gemma("") else { return };
    let other = versus::other_model(&m, Some(Benchmark::Llama2_70b99)).expect("gemma is not Llama 2 70B");
    assert_eq!(other.pasted, ["gemma-4-e4b-it"]);
    assert_eq!(other.benchmark, Benchmark::Llama2_70b99);
    assert_eq!(versus::other_model(&m, None), None, "one's own throughput names no model");
    for lang in [Lang::En, Lang::De] {
        let text = (lang.strings().other_model)("gemma-4-e4b-it", Benchmark::Llama2_70b99.name());
        assert!(text.contains("gemma-4-e4b-it") && text.contains("Llama 2 70B"), "{text}");
    }
    // The percentage's own sentence says it too, in both languages.
    let pace = PaceWords {
        run: "1",
        run_total: "1",
        run_gpus: 1,
        published: "2",
        published_total: "16",
        published_cards: 8,
        pace: Pace::Slower,
    };
    let en = (Lang::En.strings().versus_published)("480", "0.15", false, Some("Llama 2 70B"), &pace);
    assert!(en.starts_with("Not like with like: the ceiling is Llama 2 70B's"), "{en}");
    let de = (Lang::De.strings().versus_ceiling)("480", "0,15", false, Some("Llama 2 70B"), false);
    assert!(de.starts_with("Kein Vergleich unter Gleichen"), "{de}");
}

#[test]
fn the_benchmarks_model_under_its_published_names_is_the_same_model() {
    if let Some(text) = sample("sglang-metrics-1.txt") {
        let m = evaluate(&Texts { tokens_before: text.clone(), tokens_after: text, ..Texts::default() });
        assert_eq!(m.models, ["meta-llama/Llama-3.1-8B-Instruct"]);
        assert_eq!(versus::other_model(&m, Some(Benchmark::Llama3_1_8b)), None);
        assert!(versus::other_model(&m, Some(Benchmark::Llama3_1_405b)).is_some());
    }
    assert!(versus::is_benchmark_model("meta-llama/Llama-2-70b-chat-hf", Benchmark::Llama2_70b999));
    assert!(versus::is_benchmark_model("mistralai/Mixtral-8x7B-Instruct-v0.1", Benchmark::Mixtral8x7b));
    assert!(versus::is_benchmark_model("openai/gpt-oss-120b", Benchmark::GptOss120b));
    assert!(!versus::is_benchmark_model("meta-llama/Llama-2-7b-hf", Benchmark::Llama2_70b99));
    assert!(!versus::is_benchmark_model("meta-llama/Llama-3.1-80B", Benchmark::Llama3_1_8b));
    assert!(!versus::is_benchmark_model("deepseek-ai/DeepSeek-R1-Distill-Llama-70B", Benchmark::DeepseekR1));
    assert!(!versus::is_benchmark_model("", Benchmark::DeepseekR1));
}

// ---- 2. above the limit ------------------------------------------------------------------------------

#[test]
fn a_run_above_its_limit_is_warned_with_the_fields_named() {
    // A wrong duration: 3 600 000 J over 3 600 s is 1 000 W on one T4, 166.7 % of a 600 W limit.
    let Some(m) = t4_gemma("3600") else { return };
    assert!(close(m.average_power_per_gpu.as_ref().unwrap().value, T4_JOULES / 3600.0));
    let calculator = Limit::choose(None, Some(600.0)).unwrap();
    let above = versus::above_limit(&m, calculator).expect("1 000 W is above 600 W");
    assert!(close(above.percent, 100.0 * 1000.0 / 600.0));
    assert_eq!(
        above.suspects,
        [
            Suspect::Duration { from_series: false },
            Suspect::Gpus(1),
            Suspect::Limit(LimitFrom::Calculator),
            Suspect::Card
        ]
    );
    // The run's own limit typed: the card's limit is not a suspect then.
    let run = Limit::choose(Some(300.0), Some(600.0)).unwrap();
    let above = versus::above_limit(&m, run).unwrap();
    assert_eq!(
        above.suspects,
        [Suspect::Duration { from_series: false }, Suspect::Gpus(1), Suspect::Limit(LimitFrom::Run)]
    );
    // Within the reading's ±5 W: no warning; beyond it: one.
    assert_eq!(versus::above_limit(&m, Limit::choose(Some(995.0), None).unwrap()), None);
    assert!(versus::above_limit(&m, Limit::choose(Some(994.0), None).unwrap()).is_some());
    // The words name every field, and never say the run stays below its ceiling.
    for lang in [Lang::En, Lang::De] {
        let s = lang.strings();
        let text = (s.above_limit)(
            "1,000",
            "167",
            "600",
            &[
                Suspect::Duration { from_series: false },
                Suspect::Gpus(1),
                Suspect::Limit(LimitFrom::Calculator),
                Suspect::Card,
            ],
            "H100-SXM",
        );
        assert!(
            text.contains("1,000") && text.contains("167") && text.contains("600") && text.contains("H100-SXM"),
            "{text}"
        );
        let own = (s.versus_own_ceiling)("167", "1.7", 1, "600", "1,389", LimitFrom::Calculator, true);
        let calm = (s.versus_own_ceiling)("67", "1.7", 1, "600", "1,389", LimitFrom::Calculator, false);
        assert_ne!(own, calm);
    }
    assert!((Lang::En.strings().above_limit)("1", "2", "3", &[Suspect::Duration { from_series: false }], "x")
        .contains("duration"));
    let own = (Lang::En.strings().versus_own_ceiling)("167", "1.7", 1, "600", "1,389", LimitFrom::Calculator, true);
    assert!(!own.contains("stays at or below"), "{own}");
}

// ---- 4. the run's own limit --------------------------------------------------------------------------

#[test]
fn the_runs_typed_limit_is_the_one_the_comparisons_use() {
    // 3 600 000 J over 14 400 s: 250 W per GPU; 83.3 % of the run's 300 W, not 71.4 % of the
    // calculator's 350 W.
    let Some(m) = t4_gemma("14400") else { return };
    let power = m.average_power_per_gpu.clone().unwrap();
    assert!(close(power.value, 250.0));
    let run = Limit::choose(Some(300.0), Some(350.0)).unwrap();
    assert_eq!(run, Limit { watts: 300.0, from: LimitFrom::Run });
    assert!(close(versus::share_of_limit(&power, run).unwrap().value, 100.0 * 250.0 / 300.0));
    let calculator = Limit::choose(None, Some(350.0)).unwrap();
    assert_eq!(calculator.from, LimitFrom::Calculator);
    assert!(close(versus::share_of_limit(&power, calculator).unwrap().value, 100.0 * 250.0 / 350.0));
    // The ceiling at the run's own throughput: one GPU × 300 W ÷ the run's tokens/s.
    let ceiling = versus::ceiling_at(&m, run).unwrap();
    assert!(close(ceiling.value, 300.0 / (GEMMA_TOKENS / 14_400.0)));
    assert!(ceiling.origins.contains(&Origin::Measurement(Input::PowerLimit)));
    assert!(!ceiling.origins.contains(&Origin::Input(token_energy::input::Field::Watts)));
    // A bad typed limit is an error on its box, never a comparison.
    let err = versus::run_limit(Lang::En, "three hundred").unwrap_err();
    assert_eq!(err.input, Input::PowerLimit);
    assert_eq!(versus::run_limit(Lang::De, "300,5").unwrap(), Some(300.5));
    assert_eq!(Limit::choose(Some(f64::NAN), None), None);
    // Whose limit is said in both languages.
    for lang in [Lang::En, Lang::De] {
        let s = lang.strings();
        assert_ne!(
            (s.versus_limit)("83.3", "300", LimitFrom::Run),
            (s.versus_limit)("83.3", "300", LimitFrom::Calculator)
        );
    }
}

// ---- 5. per GPU ---------------------------------------------------------------------------------------

#[test]
fn throughput_is_compared_per_gpu() {
    // The issue's case: one GPU at about 556 tokens/s against the published 3 717.74 tokens/s of an
    // 8-GPU server — fewer per server, more per GPU.
    let Some(m) = t4_gemma("9000") else { return };
    let tps = GEMMA_TOKENS / 9000.0;
    assert!(close(m.tokens_per_s.as_ref().unwrap().value, tps));
    let p = versus::per_gpu(&m, Some(3717.74), Some(8)).unwrap();
    assert!(close(p.run, tps) && p.run_gpus == 1);
    assert!(close(p.published, 3717.74 / 8.0) && p.published_cards == 8);
    assert!(tps < 3717.74 && p.pace == Pace::Faster, "fewer per server, more per GPU");
    let slow = versus::per_gpu(&t4_gemma("18000").unwrap(), Some(3717.74), Some(8)).unwrap();
    assert_eq!(slow.pace, Pace::Slower, "{} < {}", GEMMA_TOKENS / 18_000.0, 3717.74 / 8.0);
    // Without a duration, a published throughput or a card count: nothing to compare per GPU.
    assert_eq!(versus::per_gpu(&t4_gemma("").unwrap(), Some(3717.74), Some(8)), None);
    assert_eq!(versus::per_gpu(&m, None, Some(8)), None);
    assert_eq!(versus::per_gpu(&m, Some(3717.74), Some(0)), None);
    // The words carry both per-GPU figures and say which is faster; without a duration the
    // published line carries its caveat.
    let pace = PaceWords {
        run: "555.556",
        run_total: "555.556",
        run_gpus: 1,
        published: "464.718",
        published_total: "3,717.74",
        published_cards: 8,
        pace: p.pace,
    };
    let en = (Lang::En.strings().versus_published)("12.3", "1.51", false, None, &pace);
    assert!(en.contains("555.556") && en.contains("464.718") && en.contains("on 8 GPUs"), "{en}");
    assert!(en.contains("more tokens per second per GPU"), "{en}");
    let de = (Lang::De.strings().versus_published)(
        "12,3",
        "1,51",
        false,
        None,
        &PaceWords { published_total: "3.717,74", ..pace },
    );
    assert!(de.contains("mehr Token je Sekunde und GPU") && de.contains("3.717,74"), "{de}");
    let untimed = (Lang::En.strings().versus_ceiling)("480", "0.15", false, None, false);
    assert!(untimed.contains("Without the run's duration"), "{untimed}");
    let timed = (Lang::En.strings().versus_ceiling)("480", "0.15", false, None, true);
    assert!(!timed.contains("Without the run's duration"), "{timed}");
}

// ---- kept runs ---------------------------------------------------------------------------------------

#[test]
fn kept_runs_keep_their_card_gpus_model_day_and_ceiling_across_a_reload() {
    let Some(m) = t4_gemma("14400") else { return };
    let ceiling = versus::ceiling_at(&m, Limit::choose(Some(70.0), None).unwrap()).unwrap().value;
    let about =
        About { card: Some("l40s".into()), date: Some((2026, 12, 5)), ceiling: Some(ceiling), ..About::default() };
    let run = runs::keep_with(&m, "16", "70", about).unwrap();
    assert_eq!(run.about.gpus, Some(1), "the T4 pair lists one GPU");
    assert_eq!(run.about.model.as_deref(), Some("gemma-4-e4b-it"));
    let stored = runs::to_text(std::slice::from_ref(&run));
    let back = runs::from_text(&stored);
    assert_eq!(back, std::slice::from_ref(&run), "{stored}");
    assert!(close(back[0].about.ceiling.unwrap(), 70.0 / (GEMMA_TOKENS / 14_400.0)));
    assert_eq!(back[0].about.date, Some((2026, 12, 5)));
    // A model name with the store's separators reads back as written.
    let odd = runs::Run { about: About { model: Some("a;b,c%d\ne".into()), ..run.about.clone() }, ..run.clone() };
    assert_eq!(runs::from_text(&runs::to_text(std::slice::from_ref(&odd))), [odd]);
    // A run stored before issue 39 (seven fields) still reads, with nothing about it.
    let old = "16;450;7.714285714285714;gpu-board;gpu-energy-before,gpu-energy-after,tokens-before,tokens-after;1166.6666666666667;tokens-before,tokens-after,run-seconds\n";
    let read = runs::from_text(old);
    assert_eq!(read.len(), 1);
    assert_eq!(read[0].about, About::default());
    assert_eq!(read[0].concurrency, Some(16.0));
    // A damaged new line is left out, never read half.
    assert!(runs::from_text(&stored.replace(";1;gemma", ";zero;gemma")).is_empty());
    assert!(runs::from_text(&stored.replace("2026-12-05", "2026-13-05")).is_empty());
}

// ---- smaller items ------------------------------------------------------------------------------------

#[test]
fn token_boxes_swapped_alone_are_named_as_swapped_or_a_restart() {
    // kaito's pair has no prompt counter: swapped boxes and a restart look the same, so the message
    // names both.
    let (Some(before), Some(after)) = (sample("pairs/kaito-before.txt"), sample("pairs/kaito-after.txt")) else {
        return;
    };
    let (Some(eb), Some(ea)) = (sample("pairs/t4-before.txt"), sample("pairs/t4-after.txt")) else { return };
    let m = evaluate(&Texts {
        energy_before: eb,
        energy_after: ea,
        tokens_before: after,
        tokens_after: before,
        ..Texts::default()
    });
    let problem = &m.errors.iter().find(|e| e.input == Input::TokensAfter).expect("an error on the box").problem;
    for lang in [Lang::En, Lang::De] {
        let text = (lang.strings().measure_problem)(problem);
        let (swapped, restart) =
            if lang == Lang::En { ("swapped", "restarted") } else { ("vertauscht", "neu gestartet") };
        assert!(text.contains(swapped) && text.contains(restart), "{text}");
    }
}

#[test]
fn a_box_is_named_in_a_sentence_without_lower_casing_its_abbreviations() {
    let s = Lang::En.strings();
    assert_eq!((s.your_paste)((s.measure_input)(Input::EnergyBefore)), "your paste (GPU energy, before the run)");
    assert_eq!((s.your_paste)((s.measure_input)(Input::TokensAfter)), "your paste (token counters, after the run)");
    assert_eq!(
        (s.your_file)("mlperf_log_detail.txt", (s.measure_input)(Input::DetailLog)),
        "your file mlperf_log_detail.txt (LoadGen detail log (mlperf_log_detail.txt))"
    );
}

// ---- issue 51: the engines of kaito's real scrape, one restarted or missing ------------------------------

#[test]
fn kaito_engine_1_restarted_or_missing_gives_no_total_based_figure_but_the_bound() {
    let (Some(eb), Some(ea), Some(tb), Some(ta)) = (
        sample("pairs/t4-before.txt"),
        sample("pairs/t4-after.txt"),
        sample("pairs/kaito-before.txt"),
        sample("pairs/kaito-after.txt"),
    ) else {
        return;
    };
    let run = |tokens_after: String| {
        evaluate(&Texts {
            energy_before: eb.clone(),
            energy_after: ea.clone(),
            tokens_before: tb.clone(),
            tokens_after,
            ..Texts::default()
        })
    };
    // Engine 1 restarted during the run and made 63 tokens since. Subtracting totals would give
    // 3 600 000 J ÷ (2 500 000 + 63 − 407 040) = 1.72 J/token; its true figure is at most
    // 3 600 000 J ÷ (2 500 000 + 63) = 1.44.
    let restarted = ta.replace("2907040.0", "63.0");
    assert_ne!(restarted, ta);
    let m = run(restarted.clone());
    assert!(m.j_per_token.is_none(), "no total-based figure");
    let alert = m.errors.iter().find(|e| e.input == Input::TokensAfter).expect("an alert");
    let line = restarted.lines().position(|l| l.contains("engine=\"1\"") && l.contains("generation")).unwrap() + 1;
    assert_eq!(
        alert.problem,
        token_energy::measure::Problem::SeriesRestarted {
            series: "vllm:generation_tokens_total{engine=\"1\"}".into(),
            line
        }
    );
    let bound = m.token_bound.unwrap().j_per_token.unwrap();
    assert!(close(bound.value, T4_JOULES / ((2_908_832.0 - 408_832.0) + 63.0)));
    assert!((bound.value - 1.44).abs() < 0.005 && (T4_JOULES / (2_500_063.0 - 407_040.0) - 1.72).abs() < 0.005);
    // Engine 1 missing from "after": the bound rests on engine 0 alone.
    let missing: String =
        ta.lines().filter(|l| !l.contains("engine=\"1\"")).map(|l| format!("{l}\n")).collect::<String>();
    let m = run(missing);
    assert!(m.j_per_token.is_none());
    assert!(close(m.token_bound.unwrap().j_per_token.unwrap().value, T4_JOULES / (2_908_832.0 - 408_832.0)));
    // Both healthy: the figure is Σ energy ÷ Σ each engine's own increase.
    let m = run(ta.clone());
    assert!(close(m.j_per_token.unwrap().value, T4_JOULES / GEMMA_TOKENS));
}
