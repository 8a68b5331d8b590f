//! The form's pure steps: edits and what the app changes with them, numbers as people type and
//! read them, ranges, the slider, and the power-limit range. Expected values are DATA.md's
//! published figures or arithmetic written here.
#![allow(clippy::panic)] // a test fails by panicking

use token_energy::catalogue::{Benchmark, Catalogue, Scenario};
use token_energy::figure::{Kind, Origin};
use token_energy::form::{
    number, parse_decimal, slider, Adjustment, Edit, Field, Form, ThroughputChoice, OWN_THROUGHPUT,
};
use token_energy::link;
use token_energy::model::{self, published_at_limit};

fn catalogue() -> &'static Catalogue {
    Catalogue::embedded()
}

fn apply(form: &Form, edit: Edit) -> (Form, Vec<Adjustment>) {
    let applied = form.apply(catalogue(), edit);
    (applied.form, applied.adjustments)
}

#[track_caller]
fn assert_close(actual: Option<f64>, expected: f64) {
    let actual = actual.unwrap_or(f64::NAN);
    assert!((actual - expected).abs() <= expected.abs() * 1e-12, "{actual} ≠ {expected}");
}

#[test]
fn unknown_ids_and_values_leave_the_form_unchanged() {
    let start = Form::initial(catalogue());
    for edit in [
        Edit::Card("no-such-card".into()),
        Edit::Throughput("9.9-9999".into()),
        Edit::Scenario("batchwise".into()),
        Edit::Benchmark("gpt-17".into()),
        Edit::Row { result: "v4.1-0058".into(), benchmark: Benchmark::Llama2_70b99, scenario: Scenario::Offline },
    ] {
        let (form, adjustments) = apply(&start, edit.clone());
        assert_eq!(form, start, "{edit:?}");
        assert!(adjustments.is_empty(), "{edit:?}");
    }
}

#[test]
fn the_own_throughput_sentinel_switches_to_the_users_figure_and_back() {
    let start = Form::initial(catalogue());
    let (own, adjustments) = apply(&start, Edit::Throughput(OWN_THROUGHPUT.into()));
    assert_eq!(own.throughput, ThroughputChoice::Own);
    assert_eq!(own.throughput_value(), "own");
    assert!(adjustments.is_empty());
    // The card, its count and limit stay as they were.
    assert_eq!((own.card.as_str(), own.gpus.as_str(), own.watts.as_str()), ("h200-nvl", "8", "600"));
    let (back, _) = apply(&own, Edit::Throughput("6.0-0021".into()));
    assert_eq!(back.throughput, ThroughputChoice::Published("6.0-0021".into()));
}

#[test]
fn a_card_without_the_scenario_moves_the_scenario_and_says_so() {
    // The path: bare page → Interactive → L40S. v4.1-0025 publishes Offline and Server only.
    let start = Form::initial(catalogue());
    let (interactive, _) = apply(&start, Edit::Scenario("interactive".into()));
    assert_eq!(interactive.scenario, Scenario::Interactive);
    let (l40s, adjustments) = apply(&interactive, Edit::Card("l40s".into()));
    assert_eq!(l40s.card, "l40s");
    assert_ne!(l40s.scenario, Scenario::Interactive);
    let ThroughputChoice::Published(id) = &l40s.throughput else { panic!("a published result") };
    assert!(catalogue().result(id, l40s.benchmark, l40s.scenario).is_some());
    assert!(
        adjustments
            .iter()
            .any(|a| matches!(a, Adjustment::Scenario { from: Scenario::Interactive, to, .. } if *to == l40s.scenario)),
        "{adjustments:?}"
    );
    let words: Vec<String> = adjustments.iter().map(ToString::to_string).collect();
    assert!(words.iter().any(|w| w.contains("Interactive") && w.contains("Scenario changed to")), "{words:?}");
    // L40S's rated maximum is 350 W (DATA.md): the limit follows, and the page says so.
    assert_eq!(l40s.watts, "350");
    assert!(adjustments.iter().any(|a| matches!(a, Adjustment::Watts { to, stated: false, .. } if *to == 350.0)));
}

#[test]
fn a_result_with_another_card_count_changes_the_count_and_says_so() {
    // 6.0-0054 ran 4 cards at 450 W (DATA.md); the RTX PRO 6000's default result ran 8 at 600 W.
    let rtx = apply(&Form::initial(catalogue()), Edit::Card("rtx-pro-6000-se".into())).0;
    assert_eq!(rtx.gpus, "8");
    let (capped, adjustments) = apply(&rtx, Edit::Throughput("6.0-0054".into()));
    assert_eq!((capped.gpus.as_str(), capped.watts.as_str()), ("4", "450"));
    assert!(adjustments.iter().any(|a| matches!(a, Adjustment::Cards { from, to: 4, .. } if from == "8")));
    assert!(adjustments.iter().any(|a| matches!(a, Adjustment::Watts { to, stated: true, .. } if *to == 450.0)));
    let words: Vec<String> = adjustments.iter().map(ToString::to_string).collect();
    assert!(words.iter().any(|w| w.contains("from 8 to 4")), "{words:?}");
}

#[test]
fn a_benchmark_the_result_lacks_in_this_scenario_moves_the_scenario() {
    // v4.1-0049 publishes llama2-70b-99.9 only; 6.0-0021 publishes Interactive for -99 only.
    let start = apply(&Form::initial(catalogue()), Edit::Scenario("interactive".into())).0;
    let (f, adjustments) = apply(&start, Edit::Benchmark("llama2-70b-99.9".into()));
    assert_eq!(f.benchmark, Benchmark::Llama2_70b999);
    if catalogue().result("6.0-0021", Benchmark::Llama2_70b999, Scenario::Interactive).is_none() {
        assert_ne!(f.scenario, Scenario::Interactive);
        assert!(adjustments.iter().any(|a| matches!(a, Adjustment::Scenario { .. })), "{adjustments:?}");
    }
    assert!(catalogue().result("6.0-0021", f.benchmark, f.scenario).is_some());
}

#[test]
fn a_table_row_loads_its_whole_configuration() {
    let start = Form::initial(catalogue());
    let (f, _) = apply(
        &start,
        Edit::Row { result: "v4.1-0058".into(), benchmark: Benchmark::Llama2_70b999, scenario: Scenario::Server },
    );
    assert_eq!(f.card, "l40s");
    assert_eq!((f.benchmark, f.scenario), (Benchmark::Llama2_70b999, Scenario::Server));
    assert_eq!(f.gpus, "4");
    let j = model::evaluate(catalogue(), &f).figures.energy_per_token;
    // DATA.md: 4 × 350 W ÷ 1469.19 tokens/s.
    assert_close(j.map(|j| j.value), 4.0 * 350.0 / 1469.19);
}

#[test]
fn typed_text_goes_to_its_field_only() {
    let start = Form::initial(catalogue());
    for field in Field::NUMBERS {
        let (f, adjustments) = apply(&start, Edit::Text(field, "123".into()));
        let got = match field {
            Field::Tps => &f.tps,
            Field::Gpus => &f.gpus,
            Field::Servers => &f.servers,
            _ => &f.watts,
        };
        assert_eq!(got, "123", "{field:?}");
        assert!(adjustments.is_empty());
    }
    let long = "x".repeat(500);
    let (f, _) = apply(&start, Edit::Text(Field::Customer, long));
    assert_eq!(f.customer.chars().count(), 80);
}

#[test]
fn numbers_read_as_the_page_prints_them() {
    let cases: [(&str, f64); 9] = [
        ("100,000", 100_000.0),
        ("1,000,000.5", 1_000_000.5),
        ("1e9", 1e9),
        ("1E3", 1000.0),
        ("2.5e-1", 0.25),
        (" 450 ", 450.0),
        (".5", 0.5),
        ("+7", 7.0),
        ("-5", -5.0),
    ];
    for (text, expected) in cases {
        assert_eq!(parse_decimal(Field::Watts, text).ok(), Some(expected), "{text}");
    }
    for bad in ["1,5", "1,0000", ",100", "1,,000", "inf", "NaN", "1e", "e5", "1e99999", "0x10", "1.2.3", "", "12 3"] {
        assert!(parse_decimal(Field::Watts, bad).is_err(), "{bad} must be refused");
    }
}

#[test]
fn numbers_print_grouped_and_the_form_accepts_what_it_prints() {
    for (value, printed) in [(100_000.0, "100,000"), (0.5, "0.5"), (1_234_567.25, "1,234,567.25"), (64.0, "64")] {
        assert_eq!(number(value), printed);
        assert_eq!(parse_decimal(Field::Tps, printed).ok(), Some(value));
    }
    // Range hints come from the form's own ranges, with the page's grouping.
    assert_eq!(Field::Gpus.range(None).map(|r| r.hint()).as_deref(), Some("1 to 512"));
    assert_eq!(Field::Servers.range(None).map(|r| r.hint()).as_deref(), Some("1 to 100,000"));
    let h200 = catalogue().card("h200-nvl");
    assert_eq!(Field::Watts.range(h200).map(|r| r.hint()).as_deref(), Some("200 to 600 W"));
}

#[test]
fn the_slider_runs_over_the_cards_published_range() {
    let Some(h200) = catalogue().card("h200-nvl") else { panic!("h200-nvl") };
    let s = slider(h200, "450");
    assert_eq!((s.min, s.max, s.value), (200.0, 600.0, 450.0));
    assert_eq!(slider(h200, "5000").value, 600.0);
    assert_eq!(slider(h200, "abc").value, 600.0);
    // No published minimum (L40S): the slider starts at its floor, the maximum is 350 W.
    let Some(l40s) = catalogue().card("l40s") else { panic!("l40s") };
    let s = slider(l40s, "1");
    assert_eq!((s.min, s.max, s.value), (5.0, 350.0, 5.0));
}

#[test]
fn a_lowered_limit_is_a_range_that_never_beats_the_evidence() {
    // The case: L40S v4.1-0025 (8 cards, rated 350 W, 3717.74 tokens/s Offline) at 50 W.
    let mut f = apply(&Form::initial(catalogue()), Edit::Card("l40s".into())).0;
    f.scenario = Scenario::Offline;
    f.watts = "50".into();
    let figures = model::evaluate(catalogue(), &f).figures;
    let Some(j) = figures.energy_per_token else { panic!("J/token") };
    assert_close(Some(j.value), 8.0 * 350.0 / 3717.74);
    assert_close(j.low, 8.0 * 50.0 / 3717.74);
    assert!(matches!(j.kind, Kind::Estimate(_)));
    // The upper end is the ceiling at the result's own setting.
    f.watts = "350".into();
    let own = model::evaluate(catalogue(), &f).figures.energy_per_token;
    assert_close(own.as_ref().map(|o| o.value), j.value);
    assert_eq!(own.and_then(|o| o.low), None);
}

#[test]
fn b200_at_600_w_reaches_up_to_its_1000_w_ceiling() {
    // 5.1-0061: 8 × B200 at "TGP 1000W", 102909 tokens/s Offline (DATA.md).
    let mut f = apply(&Form::initial(catalogue()), Edit::Throughput("5.1-0061".into())).0;
    f.scenario = Scenario::Offline;
    f.benchmark = Benchmark::Llama2_70b99;
    f.watts = "600".into();
    let j = model::evaluate(catalogue(), &f).figures.energy_per_token;
    assert_close(j.as_ref().map(|j| j.value), 8.0 * 1000.0 / 102_909.0);
    assert_close(j.and_then(|j| j.low), 8.0 * 600.0 / 102_909.0);
}

#[test]
fn a_raised_limit_runs_from_the_results_ceiling_up() {
    // v4.1-0049 ran at 500 W (its power_limit); at the card's 700 W: 8 × 500 … 8 × 700 over 25262.1.
    let mut f = apply(&Form::initial(catalogue()), Edit::Throughput("v4.1-0049".into())).0;
    assert_eq!(f.watts, "500");
    f.scenario = Scenario::Offline;
    f.watts = "700".into();
    let figures = model::evaluate(catalogue(), &f).figures;
    let Some(j) = figures.energy_per_token else { panic!("J/token") };
    assert_close(Some(j.value), 8.0 * 700.0 / 25_262.1);
    assert_close(j.low, 8.0 * 500.0 / 25_262.1);
    let Some(m) = figures.energy_per_million else { panic!("Wh") };
    assert_close(Some(m.value), 8.0 * 700.0 / 25_262.1 * 1e6 / 3600.0);
    let Kind::Estimate(assumptions) = &j.kind else { panic!("an estimate") };
    let words = assumptions.iter().map(ToString::to_string).collect::<String>();
    assert!(words.contains("raised"), "{words}");
    let ends = assumptions.iter().find_map(|a| a.range_ends());
    assert!(ends.is_some_and(|(low, high)| low.contains("500 W") && high.contains("700 W")));
}

#[test]
fn typing_a_published_capped_setting_offers_that_result() {
    // 6.0-0054 is the RTX PRO 6000 at 450 W (DATA.md).
    let rtx = apply(&Form::initial(catalogue()), Edit::Card("rtx-pro-6000-se".into())).0;
    let offer = published_at_limit(catalogue(), &rtx, 450.0);
    assert_eq!(offer.map(|r| &*r.id), Some("6.0-0054"));
    assert!(published_at_limit(catalogue(), &rtx, 500.0).is_none());
}

#[test]
fn every_origin_is_named_once_and_truly() {
    // v4.1-0049's 500 W comes from the result, not from the person.
    let f = apply(&Form::initial(catalogue()), Edit::Throughput("v4.1-0049".into())).0;
    let figures = model::evaluate(catalogue(), &f).figures;
    for figure in [&figures.board_power, &figures.energy_per_token, &figures.energy_per_day].into_iter().flatten() {
        let o = &figure.origins;
        assert!(o.contains(&Origin::Result("v4.1-0049".into())), "{o:?}");
        assert!(!o.contains(&Origin::Input(Field::Watts)), "{o:?}");
        for (i, a) in o.iter().enumerate() {
            assert!(!o[i + 1..].contains(a), "{a:?} twice in {o:?}");
        }
    }
    // A typed limit is the person's.
    let mut typed = f.clone();
    typed.watts = "450".into();
    let board = model::evaluate(catalogue(), &typed).figures.board_power;
    assert!(board.is_some_and(|b| b.origins.contains(&Origin::Input(Field::Watts))));
}

#[test]
fn the_link_keeps_customer_and_reference_and_knows_every_field() {
    let mut f = Form::initial(catalogue());
    f.customer = "Müller & Söhne GmbH".into();
    f.reference = "Q-2026/12 #7".into();
    let query = link::encode(&f, false);
    let decoded = link::decode(catalogue(), &query);
    assert_eq!(decoded.form, f);
    assert!(decoded.notices.is_empty(), "{:?}", decoded.notices);
    for field in Field::ALL {
        assert!(link::KNOWN.contains(&field.id()), "{} is not a link parameter", field.id());
    }
}

/// Issue 28.1: the lowest published setting and the notes beside the power-limit field — a card
/// with a published minimum (the form refuses less), one without (the form computes, and says
/// nothing is published), and the RTX PRO 6000's cable modes (DATA.md: 600 W and 450 W, 300 W
/// minimum in both, NVIDIA SP-12355-001).
#[test]
fn the_limit_rule_published_minimum_no_minimum_and_cable_modes() {
    use token_energy::form::{limit_notes, lowest_published, LimitNote, LowestPublished};
    let c = Catalogue::embedded();
    let card = |id: &str| c.card(id).unwrap();
    // H200 NVL: the 200 W minimum is published; below it the form refuses the limit.
    assert_eq!(lowest_published(c, card("h200-nvl")), LowestPublished::Minimum(200.0));
    assert!(limit_notes(c, card("h200-nvl"), 250.0).is_empty());
    let refused = Form::initial(c).apply(c, Edit::Text(Field::Watts, "150".into())).form.check(c);
    assert!(matches!(refused.watts, Some(Err(_))), "{:?}", refused.watts);
    // L40S: no minimum, nothing below its 350 W rating; the form still reads 50 W, with the note.
    assert_eq!(lowest_published(c, card("l40s")), LowestPublished::Setting(350.0));
    assert_eq!(limit_notes(c, card("l40s"), 50.0), vec![LimitNote::Unpublished { lowest_watts: 350.0 }]);
    assert!(limit_notes(c, card("l40s"), 350.0).is_empty());
    let l40s = Form::initial(c).apply(c, Edit::Card("l40s".into())).form;
    let at50 = l40s.apply(c, Edit::Text(Field::Watts, "50".into())).form.check(c);
    assert!(matches!(at50.watts, Some(Ok(_))), "{:?}", at50.watts);
    // H200 SXM: no minimum; v4.1-0049's stated 500 W is the lowest published setting.
    assert_eq!(lowest_published(c, card("h200-sxm")), LowestPublished::Setting(500.0));
    // RTX PRO 6000 Server Edition: 300 W minimum in both cable modes, 600 W and 450 W maxima.
    let rtx = card("rtx-pro-6000-se");
    let modes: Vec<(f64, Option<f64>)> = rtx.power_modes.iter().map(|m| (m.max_watts, m.min_watts)).collect();
    assert_eq!(modes, vec![(600.0, Some(300.0)), (450.0, Some(300.0))]);
    assert!(rtx.power_modes.iter().all(|m| c.source(&m.source).is_some_and(|s| s.title.contains("SP-12355-001"))));
    assert_eq!(lowest_published(c, rtx), LowestPublished::Minimum(300.0));
    assert!(limit_notes(c, rtx, 450.0).is_empty());
    assert_eq!(limit_notes(c, rtx, 500.0), vec![LimitNote::AboveMode { mode: 1, max_watts: 450.0 }]);
    // In German words the note names the lowest setting with a German number where it has one.
    let de = (token_energy::i18n::Lang::De.strings().limit_unpublished)("350");
    assert!(de.contains("350 W") && de.contains("nvidia-smi -q -d POWER"), "{de}");
}
