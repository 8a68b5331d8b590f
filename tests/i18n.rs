//! The string tables and how each language reads typed numbers.

mod common;

use token_energy::catalogue::{Catalogue, Scenario};
use token_energy::figure::{Assumption, Unit};
use token_energy::form::{parse_decimal, parse_decimal_in, Adjustment, Edit, Field, Form, InputError, Problem};
use token_energy::i18n::{number, Lang};
use token_energy::link::{self, Notice};
use token_energy::plan::{EnergyBasis, PlanNotice};

fn catalogue() -> &'static Catalogue {
    Catalogue::embedded()
}

/// Texts that are the same word in English and German on purpose: names as their owners write
/// them (MLPerf's division and category, the PUE metric, a German law's abbreviation, the EU
/// regulation's PUE and WUE formulas in its own symbols).
const SAME_ON_PURPOSE: [&str; 5] = ["g_closed", "g_pue", "g_enefg", "eu_pue", "eu_wue"];

#[test]
fn no_german_text_is_missing_empty_or_english_by_accident() {
    let (en, de) = (Lang::En.strings().texts(), Lang::De.strings().texts());
    assert_eq!(en.len(), de.len());
    let mut same = Vec::new();
    for ((name, english), (_, german)) in en.iter().zip(&de) {
        assert!(!english.trim().is_empty() && !german.trim().is_empty(), "{name} is empty");
        if english == german && !SAME_ON_PURPOSE.contains(name) {
            same.push(*name);
        }
    }
    assert!(same.is_empty(), "German texts equal to the English by accident: {same:?}");
}

#[test]
fn every_field_label_and_message_exists_in_german() {
    let (en, de) = (Lang::En.strings(), Lang::De.strings());
    // A field whose German label is the English one: none but the borrowed word.
    let same: Vec<_> = Field::ALL.iter().filter(|f| (en.field)(**f) == (de.field)(**f)).collect();
    assert!(same.is_empty(), "{same:?}");
    for field in Field::ALL {
        let range = field.range(catalogue().card("h200-nvl"));
        for problem in [Problem::Missing, Problem::NotANumber, Problem::NotWhole, Problem::OutOfRange] {
            let mut error = InputError { field, problem, allowed: None };
            if let Some(r) = range {
                error.allowed = Some(r);
            }
            let german = (de.input_error)(&error);
            assert_ne!(german, (en.input_error)(&error));
            assert!(german.starts_with((de.field)(field)), "{german}");
            assert!(!german.contains("allowed") && !german.contains(" to "), "{german}");
        }
    }
    for notice in [
        Notice::UnknownParameter("x".into()),
        Notice::Repeated("card".into()),
        Notice::UnknownVersion("9".into()),
        Notice::UnknownCard("x".into()),
        Notice::UnknownResult("x".into()),
        Notice::UnknownScenario("x".into()),
        Notice::UnknownModel("x".into()),
        Notice::UnknownMode("x".into()),
        Notice::UnknownLang("fr".into()),
        Notice::CardOverridden { given: "a".into(), used: "b".into() },
        Notice::RowMissing { result: "r".into(), asked: "a".into(), used: "u".into() },
    ] {
        assert_ne!((de.notice)(&notice), (en.notice)(&notice));
    }
    let assumptions = [
        Assumption::PowerLimitDiffers { limit_watts: 450.0, setting_watts: 600.0, setting_stated: true },
        Assumption::LinearScaling { published_cards: 8, cards: 4 },
        Assumption::PowerFollowsLoad { idle_watts: 90.0, limit_watts: 600.0, load_percent: 62.5 },
        Assumption::DemandSpread { hours: 10.0 },
        Assumption::SizedAtLowerEnd { limit_watts: 450.0, setting_watts: 600.0 },
        Assumption::StreamsBound { tpot_ms: 40.0 },
        Assumption::DemandRange,
        Assumption::PowerFollowsDemand { idle_watts: 90.0, limit_watts: 600.0, busy_load_percent: 2.78, hours: 10.0 },
    ];
    for a in &assumptions {
        assert_ne!((de.assumption)(a), (en.assumption)(a));
        assert_eq!((de.range_ends)(a).is_some(), (en.range_ends)(a).is_some());
    }
    assert!((de.assumption)(&assumptions[2]).contains("62,5 %"));
    assert!((de.assumption)(&assumptions[7]).contains("2,78 %"), "{}", (de.assumption)(&assumptions[7]));
    // The plan's notices, every one in both languages, the German with its own numbers.
    let notices = [
        PlanNotice::LoadIgnored { typed_percent: 62.5 },
        PlanNotice::UsesMoreServers { typed: 1, used: 3 },
        PlanNotice::SpeedTooHigh { speed: 30.0, promised: 25.0, scenario: Scenario::Interactive, enough: vec![] },
        PlanNotice::SpeedTooHigh {
            speed: 20.0,
            promised: 5.0,
            scenario: Scenario::Server,
            enough: vec![Scenario::Interactive],
        },
        PlanNotice::NoSpeedPromise {
            scenario: Some(Scenario::Offline),
            enough: vec![Scenario::Server, Scenario::Interactive],
        },
        PlanNotice::NoSpeedPromise { scenario: Some(Scenario::Offline), enough: vec![] },
        PlanNotice::NoSpeedPromise { scenario: None, enough: vec![] },
        PlanNotice::NoStreamPerServer,
        PlanNotice::ServerOverRack { server_kw: 4.8, rack_kw: 3.0, rack_scale: false },
        PlanNotice::IdleDecides,
    ];
    for n in &notices {
        assert_ne!((de.plan_notice)(n), (en.plan_notice)(n));
    }
    assert!((de.plan_notice)(&notices[0]).contains("62,5 %"));
    assert!((de.plan_notice)(&notices[4]).contains("Server oder Interaktiv"));
    assert!((en.plan_notice)(&notices[4]).contains("Server or Interactive"));
    assert!((de.plan_notice)(&notices[8]).contains("4,8 kW"), "{}", (de.plan_notice)(&notices[8]));
    for basis in [EnergyBasis::Demand, EnergyBasis::Load, EnergyBasis::Limit] {
        assert_ne!((de.with_basis)("x", basis), (en.with_basis)("x", basis));
    }
    let adjustment = Adjustment::Watts { result: "r".into(), from: "1".into(), to: 1000.0, stated: false };
    assert_eq!((de.adjustment)(&adjustment), "Leistungsgrenze auf 1.000 W gesetzt: die Nennleistung der Karte für r.");
    assert_eq!((de.unit)(Unit::JoulesPerToken), "J/Token");
    assert_eq!((de.scenario)(Scenario::Interactive), "Interaktiv");
    assert_eq!((de.hint)(&Field::Servers.range(None).unwrap()), "1 bis 100.000");
}

#[test]
fn german_reads_the_decimal_comma_and_points_that_group_thousands() {
    let de = |t: &str| parse_decimal_in(Lang::De, Field::Pue, t).ok();
    for (text, value) in [
        ("0,95", 0.95),
        ("0.95", 0.95),
        ("1,5", 1.5),
        ("1.5", 1.5),
        ("1.000", 1000.0),
        ("12.345.678", 12_345_678.0),
        ("1.000,5", 1000.5),
        ("100.000", 100_000.0),
        ("0.125", 0.125),
        ("1,000", 1.0),
        ("1.0000", 1.0),
        ("1e9", 1e9),
        ("2,5e-1", 0.25),
        ("-0,5", -0.5),
        (" 450 ", 450.0),
        (",5", 0.5),
    ] {
        assert_eq!(de(text), Some(value), "{text}");
    }
    for bad in ["1.00,5", "1,2,3", "1.2.3", "1,5.0", "", ",", "NaN", "inf", "1e", "0x10", "12 3"] {
        assert_eq!(de(bad), None, "{bad} must be refused");
    }
    // English stays as it was.
    assert_eq!(parse_decimal_in(Lang::En, Field::Pue, "1,000").ok(), Some(1000.0));
    assert!(parse_decimal(Field::Pue, "0,95").is_err());
    // The error says which form German expects.
    let error = parse_decimal_in(Lang::De, Field::Pue, "1.00,5").unwrap_err();
    assert!((Lang::De.strings().input_error)(&error).contains("Komma für Dezimalstellen"));
}

#[test]
fn german_prints_what_it_reads() {
    for value in [0.95, 1000.0, 1_234_567.25, 100_000.0, 64.0, 0.5] {
        let printed = number(Lang::De, value);
        assert_eq!(parse_decimal_in(Lang::De, Field::Tps, &printed).ok(), Some(value), "{printed}");
    }
    assert_eq!(number(Lang::De, 1_234_567.25), "1.234.567,25");
}

#[test]
fn the_language_comes_from_the_link_and_the_browser() {
    assert_eq!(Lang::from_browser(&["fr-FR", "de-AT", "en"]), Some(Lang::De));
    assert_eq!(Lang::from_browser(&["en-GB", "de"]), Some(Lang::En));
    assert_eq!(Lang::from_browser(&["fr", "it"]), None);
    assert_eq!(Lang::from_browser::<&str>(&[]), None);
    let decoded = link::decode(catalogue(), "?v=1&lang=de");
    assert_eq!(decoded.form.lang, Some(Lang::De));
    assert!(decoded.notices.is_empty());
    assert!(link::encode(&decoded.form, false).contains("&lang=de&dv="));
    // A version 1 link without lang is written back without it.
    let plain = link::decode(catalogue(), "?v=1");
    assert_eq!(plain.form.lang, None);
    assert!(!link::encode(&plain.form, false).contains("lang"));
    let odd = link::decode(catalogue(), "?lang=fr");
    assert_eq!(odd.notices, vec![Notice::UnknownLang("fr".into())]);
    assert_eq!(Lang::from_query("?v=1&lang=DE"), Some(Lang::De));
}

#[test]
fn a_language_switch_keeps_every_typed_value() {
    let form = link::decode(catalogue(), "?v=1&lang=de&tps=1.000&servers=2&pue=1,25&watts=450").form;
    let english = form.apply(catalogue(), Edit::Lang(Lang::En)).form;
    assert_eq!(english.lang, Some(Lang::En));
    assert_eq!(english.tps, "1000");
    assert_eq!(english.plan.get(Field::Pue), Some("1.25"));
    assert_eq!(english.watts, "450");
    let german = english.apply(catalogue(), Edit::Lang(Lang::De)).form;
    // "1.25" reads the same in German, so it stays as typed; "1.250" would not, so it is rewritten.
    assert_eq!(german.plan.get(Field::Pue), Some("1.25"));
    assert_eq!(german.tps, "1000");
    let precise = english.apply(catalogue(), Edit::Text(Field::Pue, "1.250".into())).form;
    assert_eq!(precise.apply(catalogue(), Edit::Lang(Lang::De)).form.plan.get(Field::Pue), Some("1,25"));
    let (a, b) = (form.check(catalogue()), german.check(catalogue()));
    assert_eq!(a.plan, b.plan);
    assert_eq!(a.throughput, b.throughput);
    // Text that is no number stays as typed.
    let bad = Form { tps: "abc".into(), ..form };
    assert_eq!(bad.apply(catalogue(), Edit::Lang(Lang::En)).form.tps, "abc");
}

#[test]
fn every_phrase_a_measure_parser_expects_has_its_german() {
    // Read the parsers' own source: every `expected: "…"` phrase must have a German rendering.
    let mut phrases = Vec::new();
    for file in ["prom.rs", "dcgm.rs", "tokens.rs", "mlperf_power.rs", "power.rs", "amd.rs", "mod.rs"] {
        let text = std::fs::read_to_string(format!("src/measure/{file}")).unwrap_or_default();
        for part in text.split("expected: \"").skip(1) {
            let mut phrase = String::new();
            let mut chars = part.chars();
            while let Some(c) = chars.next() {
                match c {
                    '\\' => phrase.extend(chars.next()),
                    '"' => break,
                    c => phrase.push(c),
                }
            }
            phrases.push(phrase);
        }
    }
    assert!(phrases.len() >= 15, "only {} phrases found", phrases.len());
    for phrase in &phrases {
        assert!(token_energy::i18n::expected_de_checked(phrase).is_some(), "no German for “{phrase}”");
    }
}

#[test]
fn german_measure_boxes_read_a_decimal_comma() {
    use token_energy::i18n::Lang;
    use token_energy::measure::{evaluate, Texts};
    let tgi =
        |generated: u32| format!("tgi_request_generated_tokens_sum {generated}\ntgi_request_input_length_sum 0\n");
    let base = Texts { tokens_before: tgi(0), tokens_after: tgi(36_000), ..Texts::default() };
    // "1,5" seconds in German is 1.5 s: 36,000 tokens ÷ 1.5 s = 24,000 tokens/s.
    let de = evaluate(&Texts { duration: "1,5".into(), lang: Lang::De, ..base.clone() });
    assert_eq!(de.tokens_per_s.map(|f| f.value), Some(36_000.0 / 1.5));
    // The same text on an English page groups thousands: "1,5" is not a number there.
    let en = evaluate(&Texts { duration: "1,5".into(), lang: Lang::En, ..base });
    assert!(en.tokens_per_s.is_none());
    assert!(!en.errors.is_empty());
}

#[test]
fn every_catalogue_text_the_page_shows_has_its_german() {
    use token_energy::catalogue::Catalogue;
    use token_energy::i18n::{pick, Lang};
    let c = Catalogue::embedded();
    let mut checked = 0;
    let mut check = |what: &str, en: &str, de: Option<&str>| {
        let de = de.unwrap_or_default();
        assert!(!de.trim().is_empty() && de != en, "{what}: no German for “{en}”");
        assert_eq!(pick(Lang::De, en, Some(de)), de);
        assert_eq!(pick(Lang::En, en, Some(de)), en);
        checked += 1;
    };
    for card in c.cards.iter() {
        for l in card.other_limits.iter() {
            check("card limit", &l.label, l.label_de.as_deref());
        }
    }
    for m in c.context.iter() {
        check("measurement task", &m.task, m.task_de.as_deref());
        check("measurement condition", &m.condition, m.condition_de.as_deref());
    }
    for r in token_energy::catalogue::reference() {
        check("reference value", &r.label, r.label_de.as_deref());
        check("reference note", &r.note, r.note_de.as_deref());
    }
    // 2 limits, 2 × 2 context texts, 28 × 2 reference texts (data/*.json: 10, 8 idle powers of issue 35, the eight water factors of issue 40,
    // and the two continuous-load rules of issue 36); issue 50: the MI350P's 450 W setting; issue 48: the
    // reviewer's own draw for the three PCIe cards.
    assert_eq!(checked, 2 + 1 + 4 + 56 + 6);
}

/// `i18n::intl` writes numbers as `Intl.NumberFormat` does (the prerender's text, which the browser
/// replaces with its own when it hydrates). Expected strings are worked out by hand here;
/// `tests/web.rs` also holds the functions against Chromium's `Intl`.
#[test]
fn numbers_are_written_as_intl_writes_them() {
    use token_energy::i18n::intl::{plain, short, three};
    let en = Lang::En;
    let de = Lang::De;
    // 8 × 600 W ÷ 32,004 tokens/s (the bare page's J/token).
    assert_eq!(three(8.0 * 600.0 / 32004.0, en), "0.150");
    assert_eq!(three(4800.0, en), "4,800");
    assert_eq!(three(16384.0, en), "16,400");
    assert_eq!(three(1_234_567.0, en), "1,230,000");
    assert_eq!(three(0.000_123_456, en), "0.000123");
    assert_eq!(three(0.0, en), "0.00");
    assert_eq!(three(-1.5, en), "-1.50");
    // Half away from zero on the shortest decimal that reads back as the same double (Chromium's
    // ICU): 1.125 is a tie and goes up; so does 2.675, though it is stored as 2.67499999…;
    // 999.5 carries into a new digit.
    assert_eq!(three(1.125, en), "1.13");
    assert_eq!(three(2.675, en), "2.68");
    assert_eq!(three(999.5, en), "1,000");
    assert_eq!(three(4800.0, de), "4.800");
    assert_eq!(three(0.15, de), "0,150");
    assert_eq!(plain(32004.0, en), "32,004");
    assert_eq!(plain(6952.97, en), "6,952.97");
    assert_eq!(plain(6952.97, de), "6.952,97");
    assert_eq!(plain(1.0, en), "1");
    assert_eq!(plain(2.5, en), "2.5");
    assert_eq!(plain(0.005, en), "0.01");
    assert_eq!(plain(1.005, en), "1.01"); // stored as 1.00499999…, written 1.005
    assert_eq!(plain(1_234_567.891, en), "1,234,567.89");
    assert_eq!(plain(0.001, en), "0");
    assert_eq!(short(0.05, en), "0.05");
    assert_eq!(short(600.0, en), "600");
    assert_eq!(short(0.15, en), "0.15");
    assert_eq!(short(1234.0, en), "1,230");
    assert_eq!(short(0.0, en), "0");
    assert_eq!(short(0.999_6, en), "1");
}

/// Issue 39: a measured value a person checks by hand, with one digit more than `three`: four
/// significant figures, worked out by hand (3 600 000 J ÷ 5 000 000 tokens; 3 730 J ÷ 2 000 tokens).
#[test]
fn four_significant_figures_for_checking_by_hand() {
    use token_energy::i18n::intl::four;
    assert_eq!(four(3_600_000.0 / 5_000_000.0, Lang::En), "0.7200");
    assert_eq!(four(3730.0 / 2000.0, Lang::En), "1.865");
    assert_eq!(four(3730.0 / 2000.0, Lang::De), "1,865");
    assert_eq!(four(5_000_000.0 / 1500.0, Lang::En), "3,333");
    assert_eq!(four(5_000_000.0 / 1500.0, Lang::De), "3.333");
    assert_eq!(four(9999.5, Lang::En), "10,000");
    assert_eq!(four(0.000_123_456, Lang::En), "0.0001235");
}

/// The English phrases lower-case a label with ASCII rules (the wasm then carries no Unicode case
/// tables): for every label they are given, that is exactly what Unicode lower-casing gives.
#[test]
fn english_phrases_lower_case_every_label_as_unicode_would() {
    use token_energy::measure::Input;
    let en = Lang::En.strings();
    for field in Field::ALL {
        let label = (en.field)(field);
        assert_eq!((en.your_input)(label), format!("your input ({})", label.to_lowercase()));
        assert_eq!((en.refs_label)(label), format!("Reference values for {}", label.to_lowercase()));
    }
    // A box's label keeps its abbreviations and names (issue 39: never "gpu energy"): only an
    // ordinary first word — one capital, at its start — is lower-cased.
    for input in Input::ALL {
        let label = (en.measure_input)(input);
        let first = label.split_whitespace().next().unwrap();
        let capitals = first.chars().filter(|c| c.is_uppercase()).count();
        let want = if capitals == 1 && first.starts_with(char::is_uppercase) {
            let mut chars = label.chars();
            chars.next().unwrap().to_lowercase().chain(chars).collect::<String>()
        } else {
            label.to_owned()
        };
        assert_eq!((en.your_paste)(label), format!("your paste ({want})"));
        assert!(!(en.your_paste)(label).contains("gpu "), "{label}");
    }
}

/// Dates on the printed sheet, as `Intl.DateTimeFormat` (`dateStyle: "long"`) writes them;
/// `tests/web.rs` holds them against Chromium's.
#[test]
fn dates_are_written_as_intl_writes_them() {
    use token_energy::i18n::intl::long_date;
    assert_eq!(long_date(2026, 12, 3, Lang::En), "December 3, 2026");
    assert_eq!(long_date(2026, 12, 3, Lang::De), "3. Dezember 2026");
    assert_eq!(long_date(2027, 3, 31, Lang::De), "31. März 2027");
    assert_eq!(long_date(2027, 1, 1, Lang::En), "January 1, 2027");
    assert_eq!(long_date(2027, 13, 1, Lang::En), "13 1, 2027");
    // The German sheet and footer write the catalogue's date in the same style (German review 3-32).
    let de = Lang::De.strings();
    assert_eq!((de.catalogue_line)("2026.12.1", "2026-12-03"), " · Katalog 2026.12.1 (3. Dezember 2026)");
    assert_eq!(
        (de.data_version)("2026.12.1", "2026-13-03"),
        "Katalogversion 2026.12.1 · zuletzt aktualisiert 2026-13-03"
    );
    assert_eq!((Lang::En.strings().catalogue_line)("2026.12.1", "2026-12-03"), " · catalogue 2026.12.1 (2026-12-03)");
}

/// Every range a number field can show, in German: no English unit word falls through (German review
/// 1-3: the idle field's "W per card" with a power limit set), and a hidden value is not English.
#[test]
fn every_range_unit_and_hidden_value_is_german() {
    use token_energy::units::Watts;
    let de = Lang::De.strings();
    let english = ["per", "tokens", "hours", "people", "a day", "card", "server"];
    let mut ranges = Vec::new();
    for field in Field::ALL {
        ranges.extend(token_energy::plan::range(field, Some(Watts(600.0))));
    }
    ranges.push(token_energy::form::TPS_RANGE);
    assert!(ranges.len() >= 12, "{}", ranges.len());
    for range in &ranges {
        let hint = (de.hint)(range);
        assert!(!english.iter().any(|w| hint.contains(w)), "{hint}");
    }
    let idle = token_energy::plan::idle_range(Watts(600.0));
    assert_eq!((de.hint)(&idle), "0 bis 600 W je Karte");
    let error = InputError { field: Field::Idle, problem: Problem::OutOfRange, allowed: Some(idle) };
    assert_eq!((de.input_error)(&error), "Leerlaufleistung je Karte: Zulässig sind 0 bis 600 W je Karte.");
    let error = InputError {
        field: Field::Currency,
        problem: Problem::NotOneOf { given: "NaN".into(), allowed: "EUR, USD or GBP" },
        allowed: None,
    };
    assert_eq!((de.input_error)(&error), "Währung: „dieser Wert“ ist keiner der zulässigen Werte (EUR, USD, GBP).");
    assert_eq!(error.to_string(), "Currency: “that value” is not one of EUR, USD or GBP.");
}

/// The kept-runs chart's words and numbers come from the page's language (German review 1-2).
#[test]
fn the_kept_runs_chart_speaks_the_page_language() {
    use token_energy::measure::runs::Axis;
    let (en, de) = (Lang::En.strings(), Lang::De.strings());
    assert_eq!((en.run_axis)(Axis::PowerLimit), "power limit per GPU (W)");
    assert_eq!((de.run_axis)(Axis::PowerLimit), "Leistungsgrenze je GPU (W)");
    let at = token_energy::i18n::intl::short(1000.0, Lang::De);
    let j = token_energy::i18n::intl::short(0.35, Lang::De);
    assert_eq!((de.run_point)(Axis::PowerLimit, &at, &j), "Leistungsgrenze 1.000 W: 0,35 J/Token");
    let (at, j) = (token_energy::i18n::intl::short(1000.0, Lang::En), token_energy::i18n::intl::short(0.35, Lang::En));
    assert_eq!((en.run_point)(Axis::Concurrency, &at, &j), "concurrency at 1,000: 0.35 J/token");
    assert_eq!((de.measure_input)(token_energy::measure::Input::EnergyBefore), "GPU-Energie, vor dem Lauf");
}

/// The page shown while the wasm loads a link (static/index.html's boot block) carries the page's
/// own heading and lede, so the largest text painted first is the page's, and the app's masthead
/// replaces it with the same words: English in the source, and every language's words from these
/// tables where the build writes them (`boot_words`, into the two marked paragraphs), German with
/// its `lang` (German review 1-10: the loading page of a German link read English).
#[test]
fn the_loading_page_shows_the_pages_own_lede_in_each_language() {
    let html = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/static/index.html")).unwrap();
    let boot = &html[html.find("id=\"boot\"").unwrap()..html.find("<noscript>").unwrap()];
    let (en, de) = (Lang::En.strings(), Lang::De.strings());
    assert!(
        boot.contains(&format!("<p class=\"lede\" data-boot=\"lede\"><span data-lang=\"en\">{}</span></p>", en.lede)),
        "{boot}"
    );
    assert!(
        boot.contains(&format!("data-boot=\"status\"><span data-lang=\"en\">{}</span></p>", en.boot_status)),
        "{boot}"
    );
    assert!(boot.contains("<h1>token-energy</h1>"), "{boot}");
    assert!(html.contains(&format!("<title>{}</title>", en.doc_title)), "the English title");
    assert_ne!(en.lede, de.lede);
    assert_eq!(de.boot_status, "Wird berechnet …");
    let lede = token_energy::i18n::boot_words(|t| t.lede);
    assert_eq!(
        lede,
        format!("<span data-lang=\"en\">{}</span><span data-lang=\"de\" lang=\"de\">{}</span>", en.lede, de.lede)
    );
    let status = token_energy::i18n::boot_words(|t| t.boot_status);
    assert_eq!(
        status,
        "<span data-lang=\"en\">Calculating…</span><span data-lang=\"de\" lang=\"de\">Wird berechnet …</span>"
    );
}

/// A count of one takes the singular (German review: "1 Rack-Stellplätze"); two, and a count that is
/// no whole number, the plural, as both languages write them; a range's unit follows its upper end.
#[test]
fn a_count_of_one_takes_the_singular() {
    let (en, de) = (Lang::En.strings(), Lang::De.strings());
    // The sheet's and the e-mail's configuration line.
    assert!((en.configuration)("1", "8", "L40S", "350", "x").starts_with("1 server × 8 × L40S"));
    assert!((en.configuration)("2", "8", "L40S", "350", "x").starts_with("2 servers × 8 × L40S"));
    assert!((de.configuration)("1", "8", "L40S", "350", "x").starts_with("1 Server × 8 × L40S"));
    for (unit, en_one, en_more, de_one, de_more) in [
        (Unit::Positions, "rack position", "rack positions", "Rack-Stellplatz", "Rack-Stellplätze"),
        (Unit::People, "person", "people", "Person", "Personen"),
        (Unit::Servers, "server", "servers", "Server", "Server"),
        (Unit::Tokens, "token", "tokens", "Token", "Token"),
    ] {
        assert_eq!(en.unit_after(1.0, None, unit), en_one);
        assert_eq!(de.unit_after(1.0, None, unit), de_one);
        for more in [2.0, 1.5, 0.5] {
            assert_eq!(en.unit_after(more, None, unit), en_more, "{more}");
            assert_eq!(de.unit_after(more, None, unit), de_more, "{more}");
        }
        assert_eq!(de.unit_after(2.0, Some(1.0), unit), de_more);
    }
    // Units that are no count read the same after one.
    assert_eq!(de.unit_after(1.0, None, Unit::JoulesPerToken), "J/Token");
    assert_eq!(en.unit_after(1.0, None, Unit::Watts), "W");
    // Through a plan: one 5 kW server (8 × 600 W + 200 W) in a 20 kW position holds half a server's
    // day of tokens, so ⌈1 ÷ 4⌉ = 1 position.
    let form = common::typed(
        catalogue(),
        Form::initial(catalogue()).with_own_throughput(),
        &[
            (Field::Tps, "10000"),
            (Field::Gpus, "8"),
            (Field::Servers, "1"),
            (Field::Watts, "600"),
            (Field::Overhead, "200"),
            (Field::Rack, "20"),
            (Field::Demand, "432000000"),
        ],
    );
    let plan = token_energy::plan::evaluate(catalogue(), &token_energy::model::evaluate(catalogue(), &form).checked);
    let positions = plan.rack_positions.expect("rack positions");
    assert_eq!((positions.value, positions.low), (1.0, None));
    assert_eq!(de.unit_after(positions.value, positions.low, positions.unit), "Rack-Stellplatz");
    assert_eq!(en.unit_after(positions.value, positions.low, positions.unit), "rack position");
}

/// The German review (issue 38, `tests/fixtures/german-review.json`): every phrase it replaced stays out of
/// the German table, and its replacement is there.
#[test]
#[allow(clippy::indexing_slicing, clippy::expect_used)]
fn the_german_reviews_phrases_stay_replaced() {
    let review: serde_json::Value =
        serde_json::from_str(include_str!("fixtures/german-review.json")).expect("the review is JSON");
    let german = include_str!("../src/i18n/de.rs");
    let replaced = review["replaced"].as_array().expect("a list");
    assert!(replaced.len() >= 10, "{} phrases", replaced.len());
    for r in replaced {
        let (was, now) = (r["was"].as_str().expect("was"), r["now"].as_str().expect("now"));
        assert!(!german.contains(was), "the German page brings back “{was}”");
        assert!(german.contains(now), "the German page lacks “{now}”");
    }
}

#[test]
fn one_source_and_one_more_result_are_singular_in_both_languages() {
    let (en, de) = (Lang::En.strings(), Lang::De.strings());
    assert_eq!((en.sources_summary)(1), "1 source");
    assert_eq!((en.sources_summary)(2), "2 sources");
    assert_eq!((de.sources_summary)(1), "1 Quelle");
    assert_eq!((de.sources_summary)(12), "12 Quellen");
    assert_eq!((en.more_results)(1), "1 more published result or pair");
    assert_eq!((en.more_results)(3), "3 more published results and pairs");
    assert_eq!((de.more_results)(1), "1 weiteres veröffentlichtes Ergebnis oder Vergleichspaar");
    assert_eq!((de.more_results)(3), "3 weitere veröffentlichte Ergebnisse und Vergleichspaare");
}

/// Issue 38: what a person files or sends names the card with its note and the sources with their
/// notes in the page's language; the card's id and the title stay as they are.
#[test]
fn the_exports_write_the_cards_note_and_the_sources_notes_in_the_pages_language() {
    use token_energy::compare::Saved;
    use token_energy::export;
    let c = Catalogue::embedded();
    let form = link::decode(c, "?v=1&card=gb200&result=6.0-0075&scenario=offline&model=llama2-70b-99").form;
    let list = vec![Saved { name: String::new(), form: form.clone() }];
    let de = export::quote_text(c, &form, &[], "https://x.test/?v=1", "", Lang::De.strings());
    assert!(de.contains("NVIDIA GB200 186 GB (je Blackwell-GPU)") && !de.contains("per Blackwell"), "{de}");
    let en = export::quote_text(c, &form, &[], "https://x.test/?v=1", "", Lang::En.strings());
    assert!(en.contains("NVIDIA GB200 186 GB (per Blackwell GPU)"), "{en}");
    // The result's summary table is cited with its date as the page's language writes it: the German
    // CSV and JSON write a German date, the English the catalogue's ISO date; the title as published.
    let title = "MLPerf Inference: Datacenter v6.0 results, summary table";
    for (lang, date, other) in [(Lang::De, "(1. April 2026)", "(2026-04-01)"), (Lang::En, "(2026-04-01)", "April")] {
        let csv = export::csv(c, &list, &common::export_context(&form), lang.strings());
        let json = export::json(c, &list, &common::export_context(&form), lang.strings());
        for text in [&csv, &json] {
            assert!(text.contains(title) && text.contains(date) && !text.contains(other), "{lang:?}: {text}");
        }
        // The machine-read card is the id in both languages.
        assert!(csv.lines().nth(1).is_some_and(|l| l.contains("gb200")), "{csv}");
    }
}

// issue 53
#[test]
fn numbers_far_from_one_are_written_as_intl_writes_them() {
    use token_energy::i18n::intl::{four, plain, short, three};
    // The digits and their place read from the shortest form without an exponent: a tenth of a
    // millionth, and numbers beyond the 17 digits an f64 holds, with Intl's grouping.
    assert_eq!(three(1e-7, Lang::En), "0.000000100");
    assert_eq!(four(1e-7, Lang::De), "0,0000001000");
    assert_eq!(short(1e-7, Lang::En), "0.0000001");
    assert_eq!(three(1.5e20, Lang::En), "150,000,000,000,000,000,000");
    assert_eq!(plain(1e21, Lang::De), "1.000.000.000.000.000.000.000");
    assert_eq!(three(-0.00123, Lang::En), "-0.00123");
    assert_eq!(four(-0.00123, Lang::De), "-0,001230");
    assert_eq!(three(0.0, Lang::En), "0.00");
}
