//! The vendor's own systems (issue 52): the vendor file's `systems` checked against the catalogue
//! (each refusal names the system and the field), added to the catalogue as the vendor's, chosen on
//! the form and in the link, and used by the plan — the stated maximum as the peak, the measured idle
//! as the whole system's standing power. Every expected value is arithmetic written here from the
//! issue's system (8 × RTX PRO 6000, 600 W rated, 300 W lowest setting; 7,800 W stated maximum,
//! 1,900 W measured idle) and the circuit rule of `../shared/reference/RACK-POWER.md` (80 %).
#![allow(clippy::panic, clippy::expect_used, clippy::indexing_slicing)] // a test fails by panicking

mod common;

use token_energy::catalogue::{Catalogue, MaxKind};
use token_energy::figure::{Boundary, Kind, Origin};
use token_energy::form::{Edit, Field, Form};
use token_energy::link::{self, Notice};
use token_energy::plan::{self, Plan};
use token_energy::vendor::{self, RawSystem, SystemProblem, Vendor, VendorSystem};

#[track_caller]
fn close(actual: f64, expected: f64) {
    assert!((actual - expected).abs() <= expected.abs() * 1e-9, "{actual} ≠ {expected}");
}

const SOURCE: &str = "X8 technical guide, 2026-03-02; idle: lab report L-118, 2026-04-20";

fn raw(id: &str) -> RawSystem {
    RawSystem {
        id: Some(id.into()),
        name: Some("X8 RTX PRO 6000".into()),
        card: Some("rtx-pro-6000-se".into()),
        gpus: Some(8.0),
        max_w: Some(7_800.0),
        own_w: None,
        idle_w: Some(1_900.0),
        cooling: Some("air".into()),
        source: Some(SOURCE.into()),
    }
}

fn vendor_with(systems: Vec<RawSystem>) -> Vendor {
    let raw = vendor::Raw { name: Some("Example GPU Servers".into()), systems: Some(systems), ..Default::default() };
    Vendor::checked(raw).expect("a vendor")
}

fn errors(systems: Vec<RawSystem>) -> Vec<(String, &'static str, SystemProblem)> {
    vendor::check_systems(&systems, Catalogue::embedded())
        .1
        .into_iter()
        .map(|e| (e.system, e.field, e.problem))
        .collect()
}

#[test]
fn the_issues_system_passes_whole() {
    let v = vendor_with(vec![raw("x8-rtx")]);
    assert_eq!(
        v.systems,
        vec![VendorSystem {
            id: "x8-rtx".into(),
            name: "X8 RTX PRO 6000".into(),
            card: "rtx-pro-6000-se".into(),
            gpus: 8,
            max_w: Some(7_800.0),
            own_w: None,
            idle_w: Some(1_900.0),
            cooling: Some(vendor::Cooling::Air),
            source: Some(SOURCE.into()),
        }]
    );
}

#[test]
fn each_bad_system_is_refused_naming_the_system_and_the_field() {
    use SystemProblem::*;
    let with = |f: fn(&mut RawSystem)| {
        let mut r = raw("x8-rtx");
        f(&mut r);
        errors(vec![r])
    };
    let one = |system: &str, field: &'static str, problem: SystemProblem| vec![(system.to_owned(), field, problem)];
    assert_eq!(with(|r| r.card = Some("rtx-9090".into())), one("x8-rtx", "card", UnknownCard));
    assert_eq!(with(|r| r.idle_w = Some(-5.0)), one("x8-rtx", "idle_w", OutOfRange));
    assert_eq!(with(|r| r.max_w = Some(1_000_001.0)), one("x8-rtx", "max_w", OutOfRange));
    assert_eq!(with(|r| r.own_w = Some(f64::INFINITY)), one("x8-rtx", "own_w", NotFinite));
    assert_eq!(with(|r| r.max_w = Some(f64::NAN)), one("x8-rtx", "max_w", NotFinite));
    // 8 GPUs × 300 W, the card's lowest published setting = 2,400 W.
    assert_eq!(with(|r| r.max_w = Some(2_000.0)), one("x8-rtx", "max_w", BelowGpus { floor: 8.0 * 300.0 }));
    assert_eq!(with(|r| r.source = None), one("x8-rtx", "source", Unsourced));
    assert_eq!(with(|r| r.id = Some("X8".into())), one("X8", "id", BadId));
    assert_eq!(with(|r| r.gpus = Some(2.5)), one("x8-rtx", "gpus", BadCount));
    assert_eq!(with(|r| r.cooling = Some("water".into())), one("x8-rtx", "cooling", BadCooling));
    assert_eq!(with(|r| r.id = None), one("systems[0]", "id", Missing));
    // A duplicate: the second is refused, the first kept.
    let (good, bad) = vendor::check_systems(&[raw("x8-rtx"), raw("x8-rtx")], Catalogue::embedded());
    assert_eq!(good.len(), 1);
    assert_eq!(
        bad.iter().map(|e| (e.system.as_str(), e.field, e.problem)).collect::<Vec<_>>(),
        [("x8-rtx", "id", Duplicate)]
    );
    // The maximum may equal its GPUs' minimum; a system without numbers needs no source.
    assert!(with(|r| r.max_w = Some(2_400.0)).is_empty());
    assert!(with(|r| (r.max_w, r.idle_w, r.source) = (None, None, None)).is_empty());
}

#[test]
fn a_vendor_file_without_systems_is_as_before() {
    let v =
        Vendor::checked(vendor::Raw::from_fields(|k| (k == "name").then(|| "Example".to_owned()))).expect("a vendor");
    assert!(v.systems.is_empty());
    assert_eq!(&vendor::catalogue_with(Catalogue::embedded(), &v), Catalogue::embedded());
}

fn branded() -> Catalogue {
    vendor::catalogue_with(Catalogue::embedded(), &vendor_with(vec![raw("x8-rtx")]))
}

fn chosen(catalogue: &Catalogue, typed: &[(Field, &str)]) -> Form {
    let form = Form::initial(catalogue).apply(catalogue, Edit::System("x8-rtx".into())).form;
    common::typed(catalogue, form, typed)
}

#[test]
fn the_catalogue_holds_the_system_as_the_vendors_with_its_source() {
    let c = branded();
    let card = c.card("rtx-pro-6000-se").expect("the card");
    let sys = card.systems.iter().find(|s| s.id == "x8-rtx").expect("the system");
    assert!(sys.vendor && sys.kind == MaxKind::Stated);
    assert_eq!((sys.gpus, sys.max_watts, sys.idle_watts), (8, 7_800.0, Some(1_900.0)));
    let source = c.source("vendor-x8-rtx").expect("the vendor's source");
    assert_eq!((&*source.publisher, &*source.title, &*source.date), ("Example GPU Servers", "X8 RTX PRO 6000", SOURCE));
}

#[test]
fn choosing_the_system_sets_card_and_count_and_the_link_carries_it() {
    let c = branded();
    let form = chosen(&c, &[]);
    assert_eq!((form.card.as_str(), form.gpus.as_str(), form.system.as_str()), ("rtx-pro-6000-se", "8", "x8-rtx"));
    let query = link::encode(&form, false);
    assert!(query.contains("&system=x8-rtx&"), "{query}");
    let back = link::decode(&c, &query);
    assert_eq!(back.form.system, "x8-rtx");
    assert!(back.notices.is_empty(), "{:?}", back.notices);
    // Another card count is no longer that system.
    let other = form.apply(&c, Edit::Text(Field::Gpus, "4".into())).form;
    assert_eq!(other.system, "");
}

#[test]
fn a_link_whose_system_is_missing_opens_with_a_notice_and_the_cards_own_figures() {
    let c = branded();
    let query = link::encode(&chosen(&c, &[]), false);
    // A page without that vendor: the catalogue as built.
    let plain = link::decode(Catalogue::embedded(), &query);
    assert_eq!(plain.form.system, "");
    assert_eq!(plain.notices, vec![Notice::UnknownSystem("x8-rtx".into())]);
    assert!((token_energy::i18n::Lang::De.strings().notice)(&plain.notices[0]).contains("„x8-rtx“"));
    assert_eq!((plain.form.card.as_str(), plain.form.gpus.as_str()), ("rtx-pro-6000-se", "8"));
    // The card's own figures: no sourced system, the boards (8 × 600 W = 4,800 W) at the peak.
    let p = plan::answer(Catalogue::embedded(), &plain.form).plan;
    assert_eq!(p.server_power.as_ref().map(|f| f.value), Some(8.0 * 600.0));
    // A version-1 link without `system` is read as before.
    let bare = link::decode(&c, "v=1&card=rtx-pro-6000-se&gpus=8");
    assert!(bare.notices.is_empty() && bare.form.system.is_empty());
}

fn plan_of(c: &Catalogue, typed: &[(Field, &str)]) -> Plan {
    plan::answer(c, &chosen(c, typed)).plan
}

#[test]
fn the_peak_is_the_stated_maximum_cited_to_the_vendors_source() {
    let c = branded();
    let p = plan_of(&c, &[(Field::Demand, "1000000")]);
    let peak = p.server_power.as_ref().expect("a peak");
    assert_eq!((peak.value, peak.low), (7_800.0, None));
    assert_eq!(peak.kind, Kind::Ceiling);
    assert_eq!(peak.boundary, Boundary::System);
    assert!(peak.origins.contains(&Origin::Source("vendor-x8-rtx".into())), "{:?}", peak.origins);
}

#[test]
fn the_year_stands_on_the_measured_idle_all_year() {
    let c = branded();
    let p = plan_of(&c, &[(Field::Demand, "1000000")]);
    let servers = f64::from(p.servers_used.expect("servers used"));
    // 1,900 W × 24 h × 365 days = 16,644 kWh a year per system, PUE 1.
    let standing = p.standing_kwh_per_year.as_ref().expect("a standing part");
    close(standing.value, servers * 1_900.0 * 8_760.0 / 1_000.0);
    close(standing.value / servers, 16_644.0);
    // The year's lower end holds it.
    let year = p.site_kwh_per_year.as_ref().expect("a year");
    assert!(year.low.unwrap_or(year.value) >= servers * 16_644.0, "{year:?}");
    assert!(standing.origins.contains(&Origin::Source("vendor-x8-rtx".into())), "{:?}", standing.origins);
    // The measured idle is the whole system's: the year counts the server beside its boards.
    assert_eq!(year.boundary, Boundary::BoardsServer);
}

#[test]
fn an_idle_above_the_cards_limits_keeps_the_whole_systems_idle() {
    // 6,000 W idle: 8 cards at 600 W hold 4,800 W, the system's own 1,200 W; standing 6,000 W all year.
    let mut r = raw("x8-rtx");
    r.idle_w = Some(6_000.0);
    let c = vendor::catalogue_with(Catalogue::embedded(), &vendor_with(vec![r]));
    let p = plan_of(&c, &[(Field::Demand, "1000000")]);
    let servers = f64::from(p.servers_used.expect("servers used"));
    close(p.standing_kwh_per_year.as_ref().expect("standing").value, servers * 6_000.0 * 8_760.0 / 1_000.0);
}

#[test]
fn an_own_draw_without_a_maximum_makes_the_peak() {
    // 8 × 600 W + 900 W own draw = 5,700 W.
    let mut r = raw("x8-rtx");
    (r.max_w, r.own_w, r.idle_w) = (None, Some(900.0), None);
    let c = vendor::catalogue_with(Catalogue::embedded(), &vendor_with(vec![r]));
    let p = plan_of(&c, &[]);
    assert_eq!(p.server_power.as_ref().map(|f| f.value), Some(8.0 * 600.0 + 900.0));
}

#[test]
fn the_sign_off_circuits_use_the_stated_maximum() {
    let c = branded();
    let p = plan_of(
        &c,
        &[
            (Field::Demand, "1000000"),
            (Field::Rack, "10"),
            (Field::Volts, "230"),
            (Field::Phases, "1"),
            (Field::Breaker, "32"),
            (Field::Derate, "80"),
            (Field::Feeds, "1"),
        ],
    );
    // One system per 10 kW position: 7,800 W ÷ 230 V = 33.9 A on one feed.
    close(p.feed_amps.as_ref().expect("amps").value, 7_800.0 / 230.0);
    let s = p.sign_off.expect("a sign-off");
    close(s.load_kw, 7.8);
    // One circuit: 230 V × 32 A × 0.8 = 5.888 kW; ⌈7.8 ÷ 5.888⌉ = 2.
    close(s.circuit_kw, 230.0 * 32.0 * 0.8 / 1_000.0);
    assert_eq!(s.circuits_per_feed, 2.0);
}

#[test]
fn the_vendors_own_submissions_are_known_by_the_submitters_name() {
    assert!(vendor::is_own_submitter("Dell Technologies", "Dell"));
    assert!(vendor::is_own_submitter("Supermicro", "Supermicro Computer, Inc."));
    assert!(vendor::is_own_submitter("lenovo", "Lenovo"));
    // A name that only begins with the other's letters is another company.
    assert!(!vendor::is_own_submitter("Dellmark Servers", "Dell"));
    assert!(!vendor::is_own_submitter("Example GPU Servers GmbH", "NVIDIA"));
    assert!(!vendor::is_own_submitter("", "NVIDIA"));
    // Latin-1's capitals fold as the standard library folds them; other letters match as typed.
    assert!(vendor::is_own_submitter("ÜBERRECHNER AG", "Überrechner"));
    assert!(!vendor::is_own_submitter("ΑΛΦΑ", "αλφα"));
}

#[test]
fn case_is_folded_as_the_standard_library_folds_it_for_every_submitter_and_latin_1_letter() {
    for r in &Catalogue::embedded().results {
        assert_eq!(vendor::fold_case(&r.submitter), r.submitter.to_lowercase(), "{}", r.submitter);
    }
    for c in (0u32..0x100).filter_map(char::from_u32) {
        assert_eq!(vendor::fold_case(&c.to_string()), c.to_lowercase().to_string(), "{c:?}");
    }
}

#[test]
fn the_quote_and_the_configurations_name_name_the_system_and_cite_its_source() {
    let c = branded();
    let form = chosen(&c, &[(Field::Demand, "1000000")]);
    for lang in [token_energy::i18n::Lang::En, token_energy::i18n::Lang::De] {
        let t = lang.strings();
        let texts = token_energy::export::quote_texts(&c, &form, &[], "https://x/?v=1", "2026-12-05", t);
        for text in [&texts.full, &texts.brief] {
            assert!(text.contains("System: X8 RTX PRO 6000, "), "{text}");
            assert!(text.contains(SOURCE), "{text}");
        }
        let name = (t.compare_default_name)(&token_energy::compare::facts(&c, &form));
        assert!(name.starts_with("X8 RTX PRO 6000 · 8 × "), "{name}");
    }
}

#[test]
fn what_decides_the_answer_names_the_vendors_idle_as_one_value() {
    let c = branded();
    let answer = plan::answer(&c, &chosen(&c, &[(Field::Demand, "1000000")]));
    let list = answer.sensitivity(&c);
    let idle = list.iter().find(|s| s.input == plan::SensitiveInput::Idle).expect("the idle item");
    match idle.spread {
        plan::Spread::Vendor { watts, year } => {
            assert_eq!(watts, 1_900.0);
            // The year at the lower end: at least its standing part, 16,644 kWh.
            assert!(year >= 16_644.0 * (1.0 - 1e-9), "{year}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_csv_and_json_name_the_system_and_cite_the_vendors_source() {
    use token_energy::compare::Saved;
    use token_energy::export::{self, ExportContext};
    let c = branded();
    let form = chosen(&c, &[(Field::Demand, "1000000")]);
    let list = [Saved { name: String::new(), form: form.clone() }];
    let ctx = ExportContext {
        data_version: "2026.12.12",
        data_date: "2026-12-05",
        link: "https://x.test/?v=1",
        page: "https://x.test/",
        current: &form,
        baseline: 0,
    };
    let t = token_energy::i18n::Lang::En.strings();
    for text in [export::csv(&c, &list, &ctx, t), export::json(&c, &list, &ctx, t)] {
        assert!(text.contains("X8 RTX PRO 6000 · 8 × "), "the configuration's name leads with the system");
        assert!(text.contains(SOURCE), "the vendor's source is cited");
        assert!(text.contains("system=x8-rtx"), "its link carries the system");
    }
}
