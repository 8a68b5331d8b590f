//! The customer's own model (issue 28.7): the proxy benchmark chosen by size within dense or MoE,
//! the fields' checks on hostile text, the link, the quote's words and the exports. Expected values:
//! the benchmarks' published sizes as their names give them (llama3.1-8b, llama2-70b,
//! llama3.1-405b) and the arithmetic written here.
#![allow(clippy::panic, clippy::expect_used, clippy::unwrap_used)] // a test fails by panicking

mod common;

use token_energy::catalogue::{Benchmark, Catalogue};
use token_energy::compare::{self, Saved};
use token_energy::export;
use token_energy::form::{Edit, Field, Form, Problem, OWN_MODEL_MAX};
use token_energy::i18n::Lang;
use token_energy::input::OWN_SIZE_RANGE;
use token_energy::link::{decode, encode};
use token_energy::proxy::{closest, unstated, Arch, Proxy, Stated, STATED};

fn catalogue() -> &'static Catalogue {
    Catalogue::embedded()
}

fn stated(benchmark: Benchmark, billions: f64, arch: Arch) -> Stated {
    Stated { benchmark, billions, arch, size_source: "test", arch_source: "test" }
}

/// A table of three dense benchmarks at the sizes their names state, and one MoE at 13 B active.
fn table() -> Vec<Stated> {
    vec![
        stated(Benchmark::Llama3_1_8b, 8.0, Arch::Dense),
        stated(Benchmark::Llama2_70b99, 70.0, Arch::Dense),
        stated(Benchmark::Llama3_1_405b, 405.0, Arch::Dense),
        stated(Benchmark::Mixtral8x7b, 13.0, Arch::Moe),
    ]
}

fn pick(billions: f64, arch: Arch) -> Option<Benchmark> {
    closest(&table(), billions, arch).map(|s| s.benchmark)
}

#[test]
fn the_closest_benchmark_is_by_ratio_within_the_same_kind() {
    // 30 B: 70 ÷ 30 = 2.33 against 30 ÷ 8 = 3.75, so Llama 2 70B (by difference 8 B would be nearer: 22 < 40).
    assert_eq!(pick(30.0, Arch::Dense), Some(Benchmark::Llama2_70b99));
    // 20 B: 20 ÷ 8 = 2.5 against 70 ÷ 20 = 3.5.
    assert_eq!(pick(20.0, Arch::Dense), Some(Benchmark::Llama3_1_8b));
    // 170 B: 170 ÷ 70 = 2.43 against 405 ÷ 170 = 2.38.
    assert_eq!(pick(170.0, Arch::Dense), Some(Benchmark::Llama3_1_405b));
    // Exact sizes, and beyond both ends.
    assert_eq!(pick(8.0, Arch::Dense), Some(Benchmark::Llama3_1_8b));
    assert_eq!(pick(0.5, Arch::Dense), Some(Benchmark::Llama3_1_8b));
    assert_eq!(pick(5000.0, Arch::Dense), Some(Benchmark::Llama3_1_405b));
    // A MoE model is matched only against the MoE candidate, however near a dense one is.
    assert_eq!(pick(70.0, Arch::Moe), Some(Benchmark::Mixtral8x7b));
    // No candidate of the kind: none.
    let dense_only: Vec<Stated> = table().into_iter().filter(|s| s.arch == Arch::Dense).collect();
    assert_eq!(closest(&dense_only, 13.0, Arch::Moe), None);
    assert_eq!(closest(&[], 13.0, Arch::Dense), None);
}

#[test]
fn a_tie_goes_to_the_larger_benchmark() {
    // √(8 × 70) lies as far from 8 as from 70 by ratio (70 ÷ 23.66 = 23.66 ÷ 8 = 2.958).
    let middle = (8.0f64 * 70.0).sqrt();
    assert_eq!(pick(middle, Arch::Dense), Some(Benchmark::Llama2_70b99));
    // Just below the middle, the smaller one.
    assert_eq!(pick(middle * (1.0 - 1e-6), Arch::Dense), Some(Benchmark::Llama3_1_8b));
    // Two candidates of the same size: the first listed (neither is larger).
    let twins =
        [stated(Benchmark::Llama2_70b99, 70.0, Arch::Dense), stated(Benchmark::Llama2_70b999, 70.0, Arch::Dense)];
    assert_eq!(closest(&twins, 60.0, Arch::Dense).map(|s| s.benchmark), Some(Benchmark::Llama2_70b99));
}

#[test]
fn no_proxy_for_a_size_that_is_not_a_positive_finite_number() {
    for bad in [0.0, -70.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -0.0] {
        assert_eq!(closest(&table(), bad, Arch::Dense), None, "{bad}");
    }
    // The tiniest and largest finite sizes still choose (no overflow in the ratio).
    assert_eq!(pick(f64::MIN_POSITIVE, Arch::Dense), Some(Benchmark::Llama3_1_8b));
    assert_eq!(pick(f64::MAX, Arch::Dense), Some(Benchmark::Llama3_1_405b));
}

#[test]
fn the_catalogue_states_only_what_its_sources_say() {
    let c = catalogue();
    for s in STATED {
        // A dense model's size is the one the benchmark's id names: "llama2-70b-99" → 70 (a
        // mixture of experts' id names its total, not the active parameters compared).
        if s.arch == Arch::Dense {
            let named: f64 = s
                .benchmark
                .id()
                .split('-')
                .find_map(|part| part.strip_suffix('b').and_then(|n| n.parse().ok()))
                .expect("the id names a size");
            assert_eq!(s.billions, named, "{}", s.benchmark.id());
        }
        for source in [s.size_source, s.arch_source] {
            assert!(c.source(source).is_some(), "{source} is not in data/sources.json");
        }
    }
    // Each benchmark's model as its maker states it (Meta's Llama 3 paper, the Mixtral paper,
    // DeepSeek-R1's and gpt-oss's model cards), written here: MoE sizes are the active parameters.
    let expected = [
        ("Llama 2 70B", 70.0, Arch::Dense),
        ("Llama 3.1 8B", 8.0, Arch::Dense),
        ("Llama 3.1 405B", 405.0, Arch::Dense),
        ("Mixtral 8x7B", 13.0, Arch::Moe),
        ("DeepSeek-R1", 37.0, Arch::Moe),
        ("gpt-oss-120b", 5.1, Arch::Moe),
    ];
    assert_eq!(STATED.map(|s| (s.benchmark.name(), s.billions, s.arch)), expected);
    // The cited source's entry (its title and the catalogue's note on it, issue 38) carries the size for
    // the makers' papers and cards.
    for (name, words) in [
        ("Llama 3.1 8B", "8B"),
        ("Llama 3.1 405B", "405B"),
        ("Mixtral 8x7B", "13B of them active"),
        ("DeepSeek-R1", "37B activated"),
        ("gpt-oss-120b", "5.1B active"),
    ] {
        let s = STATED.iter().find(|s| s.benchmark.name() == name).expect(name);
        let source = c.source(s.size_source).expect("source");
        let entry = format!("{} {}", source.title, source.note.as_deref().unwrap_or_default());
        assert!(entry.contains(words), "{name}: {entry}");
    }
    // Llama 2 70B, dense, per the reference article ("a dense model such as Llama 2 70B").
    if let Some(entries) = common::reference::entries(".") {
        let article = entries
            .into_iter()
            .find(|e| e.file_name().to_string_lossy().starts_with("004_"))
            .expect("the reference article 004_*.txt in ../shared/reference");
        let text = std::fs::read_to_string(article.path()).expect("the article");
        assert!(text.contains("a dense model such as Llama 2 70B"), "the article names Llama 2 70B dense");
    }
    // Every benchmark of the catalogue is a candidate: none is left unconsidered.
    assert!(unstated().is_empty(), "{:?}", unstated());
}

#[test]
fn the_shipped_proxy_needs_a_size_and_a_kind() {
    assert_eq!(Proxy::choose(None, None), Proxy::NeedSize);
    assert_eq!(Proxy::choose(None, Some(Arch::Dense)), Proxy::NeedSize);
    assert_eq!(Proxy::choose(Some(13.0), None), Proxy::NeedArch);
    // 13 B dense: 13 ÷ 8 = 1.63 against 70 ÷ 13 = 5.4 — Llama 3.1 8B.
    assert_eq!(Proxy::choose(Some(13.0), Some(Arch::Dense)).benchmark(), Some(Benchmark::Llama3_1_8b));
    // 32 B dense: 70 ÷ 32 = 2.19 against 32 ÷ 8 = 4 — Llama 2 70B.
    assert_eq!(Proxy::choose(Some(32.0), Some(Arch::Dense)).benchmark(), Some(Benchmark::Llama2_70b99));
    // 200 B dense: 405 ÷ 200 = 2.03 against 200 ÷ 70 = 2.86 — Llama 3.1 405B.
    assert_eq!(Proxy::choose(Some(200.0), Some(Arch::Dense)).benchmark(), Some(Benchmark::Llama3_1_405b));
    // 13 B active MoE: Mixtral 8x7B's own 13 B; 22 B active: 37 ÷ 22 = 1.68 against 22 ÷ 13 = 1.69 — DeepSeek-R1;
    // 3 B active: below the smallest, gpt-oss-120b's 5.1 B.
    assert_eq!(Proxy::choose(Some(13.0), Some(Arch::Moe)).benchmark(), Some(Benchmark::Mixtral8x7b));
    assert_eq!(Proxy::choose(Some(22.0), Some(Arch::Moe)).benchmark(), Some(Benchmark::DeepseekR1));
    assert_eq!(Proxy::choose(Some(3.0), Some(Arch::Moe)).benchmark(), Some(Benchmark::GptOss120b));
    assert_eq!(Arch::from_id(" MoE "), Some(Arch::Moe));
    assert_eq!(Arch::from_id("sparse"), None);
}

fn with(edits: &[(Field, &str)]) -> Form {
    common::typed(catalogue(), Form::initial(catalogue()), edits)
}

#[test]
fn hostile_sizes_and_kinds_name_the_field_and_its_range() {
    for bad in ["abc", "NaN", "inf", "-5", "0", "100001", "1e400", "1e99999", "--1", "7B", "½"] {
        let form = with(&[(Field::OwnSize, bad)]);
        let checked = form.check(catalogue());
        let e = checked.own_size.clone().expect_err(bad);
        assert_eq!(e.field, Field::OwnSize, "{bad}");
        assert_eq!(e.allowed, Some(OWN_SIZE_RANGE), "{bad}");
        assert!(matches!(e.problem, Problem::NotANumber | Problem::OutOfRange), "{bad}: {:?}", e.problem);
        assert!(checked.errors().iter().any(|x| x.field == Field::OwnSize), "{bad}");
        assert_eq!(checked.proxy(), Proxy::NeedSize, "{bad}");
        let en = (Lang::En.strings().input_error)(&e);
        assert!(en.starts_with("Parameters, billions:") && en.contains("100,000 billion parameters"), "{en}");
        let de = (Lang::De.strings().input_error)(&e);
        assert!(de.starts_with("Parameter in Mrd.:") && de.contains("100.000 Mrd. Parameter"), "{de}");
    }
    // The range's top is allowed, as are a German decimal comma in German and thousands in English.
    assert_eq!(with(&[(Field::OwnSize, "100,000")]).check(catalogue()).own_size, Ok(Some(100_000.0)));
    let german = Form { lang: Some(Lang::De), ..with(&[(Field::OwnSize, "46,7")]) };
    assert_eq!(german.check(catalogue()).own_size, Ok(Some(46.7)));
    let arch = with(&[(Field::OwnArch, "sparse")]).check(catalogue()).own_arch.expect_err("not a kind");
    assert_eq!(arch.field, Field::OwnArch);
    assert!(matches!(arch.problem, Problem::NotOneOf { .. }));
    // Empty fields are no error and no proxy.
    let empty = Form::initial(catalogue()).check(catalogue());
    assert_eq!((empty.own_size, empty.own_arch), (Ok(None), Ok(None)));
}

#[test]
fn a_long_or_multi_line_name_is_cut_and_kept_on_one_line() {
    let long = "ä".repeat(10_000);
    let form = with(&[(Field::OwnModel, &long)]);
    assert_eq!(form.own_model.chars().count(), OWN_MODEL_MAX);
    let form = with(&[(Field::OwnModel, "Qwen3\r\n32B\t\u{0}x")]);
    assert_eq!(form.own_model, "Qwen3  32B  x");
    // A huge size text is cut too, and still only an error.
    let form = with(&[(Field::OwnSize, &"9".repeat(100_000))]);
    assert!(form.own_size.len() <= 64);
    assert!(form.check(catalogue()).own_size.is_err());
}

#[test]
fn the_link_keeps_the_customers_model() {
    let form = with(&[
        (Field::OwnModel, "Qwen3 32B & co: https://example.com/q?x=1"),
        (Field::OwnSize, "32.8"),
        (Field::OwnArch, "dense"),
    ]);
    let query = encode(&form, false);
    assert!(query.contains("your_model=Qwen3%2032B%20%26%20co%3A%20https%3A%2F%2Fexample.com%2Fq%3Fx%3D1"), "{query}");
    assert!(query.contains("&your_b=32.8&your_arch=dense&"), "{query}");
    let back = decode(catalogue(), &query);
    assert!(back.notices.is_empty(), "{:?}", back.notices);
    assert_eq!(back.form, form);
    // A version 1 link without them: nothing added, nothing written.
    let plain = decode(catalogue(), "?v=1&card=l40s");
    assert!(!plain.form.has_own_model());
    assert!(!encode(&plain.form, false).contains("your_"));
    // A link's hostile values stay text, checked like typed ones.
    let d = decode(catalogue(), &format!("?your_model={}&your_b=-1e999&your_arch=%00", "x".repeat(5000)));
    assert_eq!(d.form.own_model.chars().count(), OWN_MODEL_MAX);
    let checked = d.form.check(catalogue());
    assert!(checked.own_size.is_err() && checked.own_arch.is_err());
}

#[test]
fn the_quote_says_the_customers_model_and_what_the_figures_are_for() {
    let form = with(&[(Field::OwnModel, "Qwen3 32B"), (Field::OwnSize, "32"), (Field::OwnArch, "dense")]);
    let text = export::quote_text(catalogue(), &form, &[], "https://x.test/?v=1", "", Lang::En.strings());
    assert!(text.contains("\nYour model: Qwen3 32B (32 B parameters, dense)\n"), "{text}");
    assert!(text.contains("Proxy: Llama 2 70B (70 B parameters, dense)"), "{text}");
    assert!(text.contains("The figures on this page are for that benchmark, not for your model."), "{text}");
    assert!(!text.contains("Model: Llama 2 70B"), "{text}");
    let de = export::quote_text(catalogue(), &form, &[], "https://x.test/?v=1", "", Lang::De.strings());
    assert!(de.contains("\nIhr Modell: Qwen3 32B (32 Mrd. Parameter, dicht)\n"), "{de}");
    assert!(de.contains("Stellvertreter: Llama 2 70B (70 Mrd. Parameter, dicht)"), "{de}");
    // Another benchmark on the page: the figures are its, and the proxy is named beside.
    let other = form.apply(catalogue(), Edit::Benchmark("llama3.1-8b".into())).form;
    let text = export::quote_text(catalogue(), &other, &[], "", "", Lang::En.strings());
    assert_eq!(other.benchmark, Benchmark::Llama3_1_8b);
    assert!(
        text.contains(
            "The figures on this page are for Llama 3.1 8B, not for your model; choose Llama 2 70B under Benchmark"
        ),
        "{text}"
    );
    // A size without a kind: no proxy, and the figures' benchmark named.
    let no_kind = with(&[(Field::OwnModel, "X"), (Field::OwnSize, "32")]);
    let text = export::quote_text(catalogue(), &no_kind, &[], "", "", Lang::En.strings());
    assert!(text.contains("Your model: X (32 B parameters)"), "{text}");
    assert!(text.contains("for the MLPerf benchmark Llama 2 70B, not for your model. Choose dense or MoE"), "{text}");
    // MoE: 37 B active is DeepSeek-R1's own; every benchmark has a stated size, so no "not
    // considered" sentence follows.
    let moe = with(&[(Field::OwnModel, "Y"), (Field::OwnSize, "37"), (Field::OwnArch, "moe")]);
    let text = export::quote_text(catalogue(), &moe, &[], "", "", Lang::En.strings());
    assert!(text.contains("Proxy: DeepSeek-R1 (37 B parameters, MoE, active parameters)"), "{text}");
    assert!(text.contains("choose DeepSeek-R1 under Benchmark for the proxy's.\n"), "{text}");
    assert!(!text.contains("Not considered"), "{text}");
    let de = export::quote_text(catalogue(), &moe, &[], "", "", Lang::De.strings());
    assert!(de.contains("Stellvertreter: DeepSeek-R1 (37 Mrd. Parameter, MoE, aktive Parameter)"), "{de}");
    assert!(!de.contains("Nicht berücksichtigt"), "{de}");
    // Without the customer's model, the benchmark's as before.
    let text = export::quote_text(catalogue(), &Form::initial(catalogue()), &[], "", "", Lang::En.strings());
    assert!(text.contains("\nModel: Llama 2 70B\n"), "{text}");
}

#[test]
fn the_exports_carry_the_customers_model_and_its_proxy() {
    let form =
        with(&[(Field::OwnModel, "Qwen3 32B, \"instruct\""), (Field::OwnSize, "32.5"), (Field::OwnArch, "dense")]);
    let list = vec![
        Saved { name: "mine".into(), form: form.clone() },
        Saved { name: "bare".into(), form: Form::initial(catalogue()) },
    ];
    let csv = export::csv(catalogue(), &list, &common::export_context(&form), Lang::En.strings());
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap_or_else(|| panic!("column {name}"));
    let first = csv.lines().nth(1).unwrap();
    // The name holds a comma and quotes: one quoted cell.
    assert!(first.contains(",\"Qwen3 32B, \"\"instruct\"\"\",32.5,dense,llama2-70b-99,"), "{first}");
    assert!(at("your_model") < at("your_b") && at("your_b") < at("your_arch") && at("your_arch") < at("proxy"));
    let bare: Vec<&str> = csv.lines().find(|l| l.starts_with("2,")).unwrap().split(',').collect();
    assert_eq!(bare[at("your_model")..=at("proxy")], ["", "", "", ""], "{bare:?}");
    assert_eq!(bare[at("proxy") + 1], "j-per-token", "{bare:?}");
    let json = export::json(catalogue(), &list, &common::export_context(&form), Lang::En.strings());
    let value: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
    let own = &value["configurations"][0]["your_model"];
    assert_eq!(own["name"], "Qwen3 32B, \"instruct\"");
    assert_eq!(own["billions"].as_f64(), Some(32.5));
    assert_eq!((own["arch"].as_str(), own["proxy"].as_str()), (Some("dense"), Some("llama2-70b-99")));
    // A configuration without a model of its own has no such field.
    assert!(value["configurations"][1].get("your_model").is_none());
    // The page's configuration comes back from the file with its model.
    let file = common::export_file(&value);
    let back = compare::read_export(catalogue(), &file).expect("ours");
    assert_eq!(back.current.as_ref(), Some(&form));
    assert_eq!(back.list[0].form, form);
}
