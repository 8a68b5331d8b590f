//! Hostile and random input against every public entry point of the core. A seeded generator
//! (xorshift) keeps runs repeatable; set `TOKEN_ENERGY_CASES` for a longer run.
#![allow(clippy::panic, clippy::type_complexity)] // a test fails by panicking

use token_energy::catalogue::{Benchmark, Catalogue, Scenario};
use token_energy::figure::Figure;
use token_energy::form::{parse_decimal, Field, Form, ThroughputChoice};
use token_energy::link::{decode, encode, pairs, percent_decode, percent_encode};
use token_energy::model::{self, comparison};
use token_energy::plan;

mod common;
use common::Rng;

const HOSTILE: [&str; 41] = [
    "",
    " ",
    "0",
    "-0",
    "-1",
    "1",
    "8",
    "600",
    "599.999",
    "1e3",
    "1E400",
    "inf",
    "-inf",
    "Infinity",
    "NaN",
    "nan",
    "0x10",
    "undefined",
    "1,5",
    "1.5.5",
    ".",
    "-",
    "+5",
    "٣",
    "８",
    "¹",
    "1\u{0}",
    "%00",
    "%",
    "%%",
    "%zz",
    "%C3%A9",
    "&",
    "=",
    "==",
    "?",
    "#",
    "😀",
    "\u{202e}600",
    "4294967296",
    "18446744073709551616",
];

fn text(rng: &mut Rng) -> String {
    match rng.below(6) {
        0 => rng.pick(&HOSTILE).to_owned(),
        1 => format!("{}", (rng.next() as f64) / 1e6 - 1e6),
        2 => format!("{}", rng.below(2000)),
        3 => "9".repeat(rng.below(400)),
        4 => (0..rng.below(30)).map(|_| char::from_u32((rng.next() % 0x2_0000) as u32).unwrap_or('x')).collect(),
        _ => format!("{}.{}", rng.below(1000), rng.below(1000)),
    }
}

const KEYS: [&str; 30] = [
    "v", "card", "result", "scenario", "model", "tps", "gpus", "servers", "watts", "embed", "x", "", "card%00",
    "gpus[]", "demand", "load", "idle", "overhead", "pue", "price", "cur", "co2", "volts", "phases", "pf", "rack",
    "answer", "hours", "users", "speed",
];
const CARDS: [&str; 5] = ["h200-nvl", "rtx-pro-6000-se", "l40s", "h200-sxm", "b200-sxm"];
const VALUES: [&str; 22] = [
    "h200-nvl",
    "rtx-pro-6000-se",
    "l40s",
    "h200-sxm",
    "b200-sxm",
    "6.0-0021",
    "6.0-0004",
    "v4.1-0049",
    "5.1-0061",
    "offline",
    "server",
    "interactive",
    "llama2-70b-99",
    "llama2-70b-99.9",
    "1",
    "own",
    "3",
    "EUR",
    "usd",
    "1.58",
    "0.95",
    "1e15",
];

fn query(rng: &mut Rng) -> String {
    let n = rng.below(12);
    let mut parts = Vec::new();
    for _ in 0..n {
        let key = rng.pick(&KEYS);
        let value = if rng.below(2) == 0 { rng.pick(&VALUES).to_owned() } else { percent_encode(&text(rng)) };
        parts.push(match rng.below(4) {
            0 => key.to_owned(),
            _ => format!("{key}={value}"),
        });
    }
    let q = parts.join("&");
    if rng.below(50) == 0 {
        q.repeat(100)
    } else {
        q
    } // sometimes a link of many kB
}

#[track_caller]
fn assert_sound(figure: &Option<Figure>, context: &str) {
    if let Some(f) = figure {
        assert!(f.value.is_finite() && f.value >= 0.0, "{context}: {f:?}");
    }
}

fn cases() -> usize {
    std::env::var("TOKEN_ENERGY_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(100_000)
}

#[test]
fn hostile_links_and_fields_never_yield_a_bad_number() {
    let catalogue = Catalogue::embedded();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut errors_seen = 0usize;
    let mut round_trips = 0usize;
    let mut figures_seen = 0usize;
    let mut plan_figures_seen = 0usize;
    for case in 0..cases() {
        let q = query(&mut rng);
        let decoded = decode(catalogue, &q);
        let mut form: Form = decoded.form;
        // Then a person edits a field to something hostile.
        match rng.below(8) {
            0 => form.gpus = text(&mut rng),
            1 => form.servers = text(&mut rng),
            2 => form.watts = text(&mut rng),
            3 => {
                form.throughput = ThroughputChoice::Own;
                form.tps = text(&mut rng);
            }
            4 => form.card = text(&mut rng),
            5 => form.throughput = ThroughputChoice::Published(text(&mut rng)),
            _ => {
                // A plan field: hostile text, or a value near its range's ends.
                let field = plan::FIELDS[rng.below(plan::FIELDS.len())];
                let value = match (rng.below(3), plan::range(field, None)) {
                    (0, Some(r)) => format!("{}", r.max * (1.0 - 1e-12 * rng.below(3) as f64)),
                    (1, Some(r)) => format!("{}", r.min.unwrap_or(1e-300)),
                    _ => text(&mut rng),
                };
                form.plan = form.plan.with(field, value);
            }
        }
        let e = model::evaluate(catalogue, &form);
        let context = format!("case {case}, query {:?}", q.chars().take(200).collect::<String>());
        let f = &e.figures;
        for fig in [
            &f.board_power,
            &f.energy_per_token,
            &f.energy_per_million,
            &f.energy_per_day,
            &f.heat,
            &f.measured_energy_per_token,
            &f.throughput,
        ] {
            assert_sound(fig, &context);
            figures_seen += usize::from(fig.is_some());
        }
        let p = plan::evaluate(catalogue, &e.checked);
        for fig in [
            &p.server_power,
            &p.it_power,
            &p.site_power,
            &p.site_kwh_per_day,
            &p.site_kwh_per_year,
            &p.site_j_per_token,
            &p.servers_needed,
            &p.cost_per_year,
            &p.cost_per_mtok,
            &p.co2_per_year,
            &p.co2_per_mtok,
            &p.amps_per_phase,
            &p.servers_per_rack,
            &p.limit_for_one_more,
            &p.j_per_answer,
            &p.heat,
            &p.cooling,
            &p.busy_load,
            &p.streams_per_server,
            &p.rack_positions,
        ] {
            assert_sound(fig, &context);
            if let Some(f) = fig {
                assert!(f.low.is_none_or(|l| l.is_finite() && l >= 0.0 && l <= f.value), "{context}: {f:?}");
            }
            plan_figures_seen += usize::from(fig.is_some());
        }
        for point in &p.curve {
            assert_sound(&point.j_per_token, &context);
            assert_sound(&point.kwh_per_day, &context);
        }
        // Servers the plan uses never fall below the typed count or the count needed.
        if let (Some(used), Some(needed)) = (p.servers_used, &p.servers_needed) {
            assert!(f64::from(used) >= needed.value, "{context}: {used} < {needed:?}");
        }
        // The busy-hour load of the servers used never exceeds 100 %.
        if let Some(load) = &p.busy_load {
            assert!(load.value <= 100.0 * (1.0 + 1e-9), "{context}: {load:?}");
        }
        for f in [&p.servers_needed, &p.servers_per_rack, &p.streams_per_server, &p.rack_positions] {
            assert!(f.as_ref().is_none_or(|f| f.value.fract() == 0.0), "{context}: {f:?}");
        }
        for error in e.errors() {
            errors_seen += 1;
            let message = error.to_string();
            assert!(message.starts_with(error.field.label()), "{context}: {message}");
            for word in ["NaN", "Infinity", "undefined"] {
                assert!(!message.contains(word), "{context}: {message}");
            }
        }
        // A link the app writes reads back to the same form, without notices.
        let again = decode(catalogue, &encode(&form, case % 2 == 0));
        assert_eq!(again.embed, case % 2 == 0, "{context}");
        if catalogue.card(&form.card).is_some() {
            if let ThroughputChoice::Published(id) = &form.throughput {
                if catalogue.result(id, form.benchmark, form.scenario).map(|r| r.card == form.card) != Some(true) {
                    continue;
                }
            }
            assert_eq!(again.form, form, "{context}");
            assert_eq!(again.notices, [], "{context}");
            round_trips += 1;
        }
    }
    assert!(errors_seen > cases() / 10, "the generator must produce bad input: {errors_seen}");
    assert!(figures_seen > cases() / 2, "the checks of figures must see figures: {figures_seen}");
    assert!(round_trips > cases() / 2, "most forms must reach the round-trip check: {round_trips}");
    assert!(plan_figures_seen > cases(), "the checks of plan figures must see figures: {plan_figures_seen}");
}

#[test]
fn string_functions_are_total() {
    let mut rng = Rng(42);
    let mut parsed = 0usize;
    for _ in 0..cases() / 10 {
        let t = text(&mut rng);
        assert_eq!(percent_decode(&percent_encode(&t)), t);
        // Raw text splits into at most one pair per `&`; encoded pairs read back as they were.
        assert!(pairs(&t).len() <= t.matches('&').count() + 1, "{t:?}");
        let (key, value) = (text(&mut rng), text(&mut rng));
        let query = format!("?{}={}&{}", percent_encode(&key), percent_encode(&value), percent_encode(&t));
        let mut expected = vec![(key, value)];
        if !t.is_empty() {
            expected.push((t.clone(), String::new()));
        }
        assert_eq!(pairs(&query), expected, "{query}");
        for field in Field::ALL {
            if let Ok(v) = parse_decimal(field, &t) {
                // A number as a person types or the page prints it ("100,000", "1e9"): what f64 reads
                // once the grouping commas are gone, never `inf`, `NaN` or `0x10`.
                let ungrouped = t.trim().replace(',', "");
                assert!(v.is_finite() && ungrouped.parse::<f64>() == Ok(v), "{t:?} parsed to {v}");
                assert!(!t.contains(['i', 'I', 'n', 'N', 'x', 'X']), "{t:?} parsed to {v}");
                // A comma only ever groups three digits: "1,5" is never read as 1.5 (nor as 15).
                if let Some((whole, _)) = t.trim().split_once(['.', 'e', 'E']).or(Some((t.trim(), ""))) {
                    for group in whole.split(',').skip(1) {
                        assert_eq!(group.len(), 3, "{t:?} parsed to {v}");
                    }
                }
                parsed += 1;
            }
        }
    }
    assert!(parsed > 0, "some generated texts must be decimals, or the check above checks nothing");
}

#[test]
fn comparison_is_sound_for_every_benchmark() {
    let catalogue = Catalogue::embedded();
    for benchmark in Benchmark::ALL {
        let rows = comparison(catalogue, benchmark);
        assert!(!rows.is_empty(), "{benchmark:?}: no comparison rows, nothing checked");
        for row in rows {
            for f in [&row.power, &row.energy_per_token, &row.energy_per_million] {
                assert!(f.value.is_finite() && f.value > 0.0, "{benchmark:?}: {f:?}");
            }
        }
    }
}

/// Mangles a valid JSON text: drops, repeats or swaps characters, or splices hostile values in.
fn mangle(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(4) {
        if chars.is_empty() {
            break;
        }
        let at = rng.below(chars.len());
        match rng.below(4) {
            0 => {
                chars.remove(at);
            }
            1 => chars.insert(
                at,
                rng.pick(&["{", "}", "[", "]", ",", ":", "\"", "-", "1e999", "null"]).chars().next().unwrap_or('x'),
            ),
            2 => {
                let tail: Vec<char> =
                    rng.pick(&["-1", "0", "1e400", "NaN", "null", "\"x\"", "[]", "{}"]).chars().collect();
                chars.splice(at..at, tail);
            }
            _ => chars.truncate(at),
        }
    }
    chars.into_iter().collect()
}

#[test]
fn hostile_catalogue_and_summary_tables_are_errors_not_panics() {
    use token_energy::catalogue::json;
    use token_energy::import;
    let catalogue = Catalogue::embedded();
    let mut rng = Rng(7);
    let table = r#"[{"ID":"6.0-0021","Submitter":"Dell","System":"S","Accelerator":"NVIDIA H200-NVL-141GB","a#":8,
        "Model":"llama2-70b-99","Scenario":"Offline","Performance_Result":32004.0,"Performance_Units":"Tokens/s",
        "has_power":false,"Power_Result":null,"Notes":"H200 TGP 600W","weight_data_types":"fp8","Category":"closed",
        "Suite":"datacenter","Availability":"available","Nodes":1,"version":"v6.0"}]"#;
    let (mut parsed, mut imported, mut watts_read, mut evidence) = (0, 0, 0, 0);
    for _ in 0..cases() / 50 {
        let texts = [json::META, json::SOURCES, json::CARDS, json::RESULTS, json::CONTEXT];
        let which = rng.below(texts.len());
        let mut mangled: Vec<String> = texts.iter().map(|t| (*t).to_owned()).collect();
        if let Some(slot) = mangled.get_mut(which) {
            *slot = mangle(&mut rng, slot);
        }
        if let Ok(c) = Catalogue::from_json(&mangled[0], &mangled[1], &mangled[2], &mangled[3], &mangled[4]) {
            parsed += 1;
            // A catalogue that parses is either valid or says why; it never panics.
            let _ = c.validate();
        }
        let t = mangle(&mut rng, table);
        if let Ok(rows) = import::parse_table(&t) {
            if let Ok(results) = import::select(&rows, &catalogue.cards, &[]) {
                for r in &results {
                    assert!(r.tokens_per_s.is_finite() && r.tokens_per_s > 0.0, "{t}: {r:?}");
                }
                imported += results.len();
                let (merged, _) = import::merge(&catalogue.results, results);
                assert!(merged.len() >= catalogue.results.len(), "{t}: a merge lost rows");
            }
        }
        let notes = format!("{}{}{}", text(&mut rng), rng.pick(&["W", " W", "Wh", " watts", ""]), text(&mut rng));
        if let Some(w) = import::watts_in_notes(&notes) {
            assert!(w.is_finite() && w > 0.0, "{notes:?}: {w}");
            watts_read += 1;
        }
        let card = if rng.below(2) == 0 { rng.pick(&CARDS).to_owned() } else { text(&mut rng) };
        let (benchmark, scenario) = (Benchmark::ALL[rng.below(2)], Scenario::ALL[rng.below(3)]);
        if let Some(c) = catalogue.card(&card) {
            for model::CapEvidence { low, high, .. } in model::power_cap_evidence(catalogue, &card, benchmark, scenario)
            {
                assert_eq!((&*low.card, &*high.card, low.accelerators), (&*card, &*card, high.accelerators));
                assert!(low.power_setting(c) < high.power_setting(c), "{card}: {low:?} {high:?}");
                evidence += 1;
            }
        } else {
            assert_eq!(model::power_cap_evidence(catalogue, &card, benchmark, scenario), [], "{card:?}");
        }
    }
    assert!(parsed > 0, "some mangled catalogues still parse, so validate() is exercised too");
    assert!(imported > 0, "some mangled tables still import, so the rows are checked");
    assert!(watts_read > 0, "some notes state a power, so the check of it runs");
    assert!(evidence > 0, "some cards have power-cap evidence, so the pairs are checked");
}

/// Real-shaped pastes for "Measure your own" (PLANNING.md §6–7), mangled by the generator.
const MEASURE_SEEDS: [&str; 13] = [
    // AMD (ROCm/amdsmi#38): amd-smi metric --energy and rocm-smi --showenergycounter.
    "GPU: 0\n    ENERGY:\n        TOTAL_ENERGY_CONSUMPTION: 1.004 J\n\nGPU: 1\n    ENERGY:\n        TOTAL_ENERGY_CONSUMPTION: 0.906 J\n",
    "======= Consumed Energy =======\nGPU[0]          : Energy counter: 65628\nGPU[0]          : Accumulated Energy (uJ): 1004108.41\n",
    // Issue 25: MIG instances of one GPU that disagree, JSON where text belongs, power samples.
    "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu=\"0\",UUID=\"GPU-1f02\",GPU_I_ID=\"3\"} 257858316\nDCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu=\"0\",UUID=\"GPU-1f02\",GPU_I_ID=\"5\"} 257861316\n",
    "{\"data\": {\"vllm:generation_tokens_total\": 27453}}\n",
    POWER_SEEDS[1],
    POWER_SEEDS[2],
    "# TYPE DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION counter\nDCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu=\"0\",UUID=\"GPU-265c9814\",modelName=\"NVIDIA A30\",GPU_I_ID=\"3\",Hostname=\"h\"} 126272101025\n",
    "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu=\"1\",UUID=\"GPU-3431\",device=\"nvidia1\"} 319159391\n",
    "#Entity   TMPTR        POWER             TOTEC\nID         C            W                 mJ\nGPU 7     45           57.430            108702777\nGPU 6     48           64.237            121075349\n",
    "vllm:generation_tokens_total{engine=\"0\",model_name=\"m\"} 27453.0\nvllm:generation_tokens_created{engine=\"0\",model_name=\"m\"} 1.7769301736864982e+09\nvllm:prompt_tokens_total{engine=\"1\",model_name=\"m\"} 12.0\n",
    "sglang:prompt_tokens_total{model_name=\"x\"} 8.128902e+06\nsglang:generation_tokens_total{model_name=\"x\"} 7.557572e+06\n",
    "tgi_request_generated_tokens_sum 5000\ntgi_request_input_length_sum 1200\n",
    "Time,07-17-2024 20:58:36.300,Watts,6280.2,Volts,239.1\nTime,07-17-2024 20:58:37.300,Watts,6281.0,Volts,239.1\n",
];

/// Before/after pairs that measure when left intact: energy, then tokens.
const MEASURE_PAIRS: [(&str, &str); 4] = [
    (
        "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu=\"1\",UUID=\"GPU-3431\"} 319159391\n",
        "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu=\"1\",UUID=\"GPU-3431\"} 919159391\n",
    ),
    ("#Entity POWER TOTEC\nID W mJ\nGPU 7 57.4 108702777\n", "#Entity POWER TOTEC\nID W mJ\nGPU 7 557.4 908702777\n"),
    ("vllm:generation_tokens_total{engine=\"0\"} 27453.0\n", "vllm:generation_tokens_total{engine=\"0\"} 927453.0\n"),
    ("tgi_request_generated_tokens_sum 5000\n", "tgi_request_generated_tokens_sum 9000\n"),
];

const MEASURE_SPLICES: [&str; 16] = [
    "NaN", "+Inf", "-Inf", "-1", "1e308", "\u{0}", "\u{FFFD}", "{", "}", "\"", "\\", "\n", "#Entity", "GPU", ",", "N/A",
];

fn mangle_paste(rng: &mut Rng, seed: &str) -> String {
    let mut s: Vec<char> = seed.chars().collect();
    for _ in 0..=rng.below(4) {
        let at = rng.below(s.len() + 1);
        match rng.below(5) {
            0 if at < s.len() => {
                s.remove(at);
            }
            1 => s.splice(at..at, rng.pick(&MEASURE_SPLICES).chars()).for_each(drop),
            2 => s.splice(at..at, text(rng).chars()).for_each(drop),
            3 if at < s.len() => {
                if let Some(c) = s.get_mut(at) {
                    *c = char::from_u32((rng.next() % 0x80) as u32).unwrap_or('x');
                }
            }
            _ => s.splice(at..at, rng.pick(&MEASURE_SEEDS).chars()).for_each(drop),
        }
    }
    s.into_iter().collect()
}

#[test]
fn hostile_pastes_never_panic_nor_yield_a_bad_number() {
    use token_energy::measure::{self, dcgm, mlperf_power, runs, tokens, Texts};
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let (mut ok, mut errors) = (0, 0);
    for _ in 0..cases() / 5 {
        let paste = |rng: &mut Rng| {
            let seed = MEASURE_SEEDS[rng.below(MEASURE_SEEDS.len())];
            mangle_paste(rng, seed)
        };
        let pair = |rng: &mut Rng, which: usize| {
            if rng.below(2) == 0 {
                return (paste(rng), paste(rng));
            }
            let (b, a) = MEASURE_PAIRS[which + rng.below(2)];
            let keep = |rng: &mut Rng, t: &str| if rng.below(3) == 0 { mangle_paste(rng, t) } else { t.to_owned() };
            (keep(rng, b), keep(rng, a))
        };
        let (energy_before, energy_after) = pair(&mut rng, 0);
        let (tokens_before, tokens_after) = pair(&mut rng, 2);
        let texts = Texts {
            energy_before,
            energy_after,
            tokens_before,
            tokens_after,
            duration: text(&mut rng),
            idle_watts: text(&mut rng),
            wall_wh: text(&mut rng),
            lang: if rng.below(2) == 0 { token_energy::i18n::Lang::En } else { token_energy::i18n::Lang::De },
            ..Texts::default()
        };
        for t in [&texts.energy_before, &texts.tokens_after] {
            let lines = t.lines().count();
            let power = token_energy::measure::power::parse(t, 1.0).err();
            for problem in [dcgm::parse(t).err(), tokens::parse(t).err(), power].into_iter().flatten() {
                let shown = problem.to_string();
                assert!(!shown.is_empty() && !shown.contains("NaN"), "{shown}");
                if let Some(n) =
                    shown.strip_prefix("line ").and_then(|r| r.split(':').next()).and_then(|n| n.parse::<usize>().ok())
                {
                    assert!(n >= 1 && n <= lines.max(1), "line {n} of {lines}: {t:?}");
                }
            }
        }
        let m = measure::evaluate(&texts);
        for f in [
            &m.j_per_token,
            &m.gpu_energy,
            &m.output_tokens,
            &m.prompt_tokens,
            &m.tokens_per_s,
            &m.average_power_per_gpu,
            &m.j_per_token_above_idle,
            &m.node_j_per_token,
        ] {
            assert_sound(f, "measure");
        }
        for g in &m.gpus {
            assert!(g.share.value <= 100.0 + 1e-9, "{g:?}");
        }
        if m.j_per_token.is_some() {
            ok += 1;
            let run = runs::keep(&m, &text(&mut rng), &text(&mut rng));
            if let Ok(run) = run {
                for axis in [runs::Axis::Concurrency, runs::Axis::PowerLimit] {
                    if let Some(p) = runs::plot(std::slice::from_ref(&run), axis) {
                        assert!(p.points.iter().all(|q| q.x.is_finite() && q.y.is_finite()), "{p:?}");
                    }
                }
            }
        }
        errors += m.errors.len();
        // Kept runs as stored, edited by anyone: nothing unsound reads back.
        let stored = mangle_paste(
            &mut rng,
            "16;450;7.714285714285714;gpu-board;gpu-energy-before,gpu-energy-after;1166.6666666666667;tokens-before\n",
        );
        for r in runs::from_text(&stored) {
            assert!(r.j_per_token.value.is_finite() && r.j_per_token.value > 0.0, "{r:?}");
            assert!(r.concurrency.is_none_or(|c| c.is_finite() && c > 0.0), "{r:?}");
            assert_sound(&r.tokens_per_s, "stored run");
        }
        let (spl, detail) = (paste(&mut rng), paste(&mut rng));
        match mlperf_power::window_mean(&spl, &detail) {
            Ok(w) => assert!(w.mean_watts.is_finite() && w.samples > 0, "{w:?}"),
            Err(e) => {
                // The message starts with the box the page shows it under (its English label, as the
                // page prints it, written here) and goes on to say what is wrong, in a sentence.
                let label = match e.input {
                    measure::Input::PowerLog => "Power analyser log (spl.txt): ",
                    measure::Input::DetailLog => "LoadGen detail log (mlperf_log_detail.txt): ",
                    other => panic!("the MLPerf logs' error names another box: {other:?}"),
                };
                let shown = e.to_string();
                let said = shown.strip_prefix(label).unwrap_or_else(|| panic!("not under {label:?}: {shown}"));
                assert!(said.split_whitespace().count() >= 3 && !said.contains("NaN"), "{shown}");
                // A line it names is a line of the file it names.
                let file = if e.input == measure::Input::PowerLog { &spl } else { &detail };
                if let Some(n) =
                    said.strip_prefix("line ").and_then(|r| r.split(':').next()).and_then(|n| n.parse::<usize>().ok())
                {
                    assert!(n >= 1 && n <= file.lines().count().max(1), "{shown}");
                }
            }
        }
    }
    assert!(errors > 0, "the generator must produce bad pastes");
    assert!(ok > 0, "some mangled pastes still measure, so the figures are checked: {ok}");
}

/// Power-sample series (issue 25): nvidia-smi's CSV with timestamps, `[N/A]` and units, dmon with
/// its header repeated and a `-`, dmon with `-o DT` times; and `dcgmi dmon`'s counter polled over a run.
const POWER_SEEDS: [&str; 4] = [
    "#Entity   POWER   TOTEC\nID        W       mJ\nGPU 7     57.4    108702777\nGPU 6     64.2    121075349\nGPU 7     498.0   1008702777\nGPU 6     505.1   621075349\n",
    "timestamp, index, name, power.draw [W]\n2026/07/14 08:12:53.353, 0, NVIDIA H100, 631.95 W\n2026/07/14 08:12:53.353, 1, NVIDIA H100, [N/A]\n2026/07/14 08:12:54.353, 0, NVIDIA H100, 625.68 W\n2026/07/14 08:12:54.353, 1, NVIDIA H100, 300.00 W\n2026/07/14 08:12:56.353, 1, NVIDIA H100, 310.00 W\n",
    "> \\# gpu    pwr  gtemp  mtemp\n> \\# Idx      W      C      C\n>     0    631     63      -\n>     1    111     63      -\n# gpu    pwr  gtemp  mtemp\n# Idx      W      C      C\n    0    634     63     58\n    1      -     63     58\n    1    112     63     58\n",
    "#Date       Time        gpu    pwr\n#YYYYMMDD   HH:MM:SS    Idx      W\n 20241231   23:59:59      0    100\n 20250101   00:00:01      0    300\n",
];

#[test]
fn hostile_power_series_never_panic_nor_yield_a_bad_number() {
    use token_energy::measure::{self, power, RowNote, Texts};
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut ok, mut errors) = (0, 0);
    for _ in 0..cases() / 10 {
        let seed = POWER_SEEDS[rng.below(POWER_SEEDS.len())];
        let series = if rng.below(4) == 0 { seed.to_owned() } else { mangle_paste(&mut rng, seed) };
        let interval = match rng.below(3) {
            0 => String::new(),
            1 => "2".to_owned(),
            _ => text(&mut rng),
        };
        let lines = series.lines().count();
        match power::parse(&series, 1.0) {
            Ok(s) => {
                for g in &s.gpus {
                    assert!(g.joules.is_finite() && g.joules >= 0.0, "{g:?}");
                    assert!(g.seconds.is_finite() && g.seconds > 0.0 && g.samples >= 2, "{g:?}");
                    assert!(g.line >= 1 && g.line <= lines, "{g:?}");
                }
            }
            Err(problem) => {
                let shown = problem.to_string();
                assert!(!shown.is_empty() && !shown.contains("NaN"), "{shown}");
                if let Some(n) =
                    shown.strip_prefix("line ").and_then(|r| r.split(':').next()).and_then(|n| n.parse::<usize>().ok())
                {
                    assert!(n >= 1 && n <= lines.max(1), "line {n} of {lines}: {series:?}");
                }
            }
        }
        let (tb, ta) = MEASURE_PAIRS[2 + rng.below(2)];
        let keep = |rng: &mut Rng, t: &str| if rng.below(4) == 0 { mangle_paste(rng, t) } else { t.to_owned() };
        let texts = Texts {
            power_series: series,
            interval,
            tokens_before: keep(&mut rng, tb),
            tokens_after: keep(&mut rng, ta),
            duration: if rng.below(2) == 0 { String::new() } else { text(&mut rng) },
            idle_watts: if rng.below(2) == 0 { String::new() } else { text(&mut rng) },
            energy_before: if rng.below(8) == 0 { MEASURE_PAIRS[0].0.to_owned() } else { String::new() },
            lang: if rng.below(2) == 0 { token_energy::i18n::Lang::En } else { token_energy::i18n::Lang::De },
            ..Texts::default()
        };
        let m = measure::evaluate(&texts);
        for f in [
            &m.j_per_token,
            &m.gpu_energy,
            &m.output_tokens,
            &m.tokens_per_s,
            &m.average_power_per_gpu,
            &m.j_per_token_above_idle,
        ] {
            assert_sound(f, "power series");
        }
        for g in &m.gpus {
            assert!(g.share.value <= 100.0 + 1e-9, "{g:?}");
            assert!(
                matches!(g.note, Some(RowNote::Samples { samples, .. }) if samples >= 2)
                    || g.note == Some(RowNote::FirstToLast),
                "{g:?}"
            );
        }
        let limit = [0.0, -1.0, f64::NAN, f64::INFINITY, 700.0][rng.below(5)];
        assert_sound(&measure::ceiling_at_own_throughput(&m, limit), "ceiling at the run's throughput");
        if m.j_per_token.is_some() {
            ok += 1;
        }
        errors += m.errors.len();
    }
    assert!(errors > 0, "the generator must produce bad series");
    assert!(ok > 0, "some mangled series still measure, so the figures are checked: {ok}");
}
