//! A system's power from its own source (issue 48). Every expected value is arithmetic written here
//! from published figures: the cards' rated power (B200 1,000 W, H200 SXM 700 W, GB200 1,200 W), the
//! DGX maxima (NVIDIA's user guides: DGX B200 14.3 kW, DGX H100/H200 10.2 kW), MLCommons 5.1-0061's
//! measured wall power (Lenovo SR680a V3, 8 × B200, 10,401 W: at least 2.4 kW beside the GPUs), the
//! GB200 NVL72's secondary figures (120 kW press, 132 kW Supermicro through a third-party blog), and
//! the circuit rules of `../shared/reference/RACK-POWER.md`.
#![allow(clippy::panic)] // a test fails by panicking

mod common;

use token_energy::catalogue::{Benchmark, Catalogue, MaxKind};
use token_energy::figure::{Assumption, Boundary, Kind, Origin};
use token_energy::form::{Field, Form, Throughput};
use token_energy::plan::{self, PeakBasis, Plan};

fn catalogue() -> &'static Catalogue {
    Catalogue::embedded()
}

#[track_caller]
fn close(actual: f64, expected: f64) {
    assert!((actual - expected).abs() <= expected.abs() * 1e-9, "{actual} ≠ {expected}");
}

fn config(card: &str, id: &str, benchmark: Benchmark, scenario: &str, typed: &[(Field, &str)]) -> Form {
    common::configured(catalogue(), (card, id), benchmark, scenario, typed)
}

fn plan_of(form: &Form) -> Plan {
    plan::answer(catalogue(), form).plan
}

#[test]
fn another_makers_server_shows_no_dgx_maximum_as_its_own() {
    // Dell XE9680L (5.1-0024) and Gigabyte G894-SD1 (5.1-0046), 8 × B200; Nebius H200 (5.1-0075), 8 × H200 SXM.
    for (card, id, rated, dgx_max, comparable) in [
        ("b200-sxm", "5.1-0024", 1_000.0, 14_300.0, "dgx-b200"),
        ("b200-sxm", "5.1-0046", 1_000.0, 14_300.0, "dgx-b200"),
        ("h200-sxm", "5.1-0075", 700.0, 10_200.0, "dgx-h200"),
    ] {
        let p = plan_of(&config(card, id, Benchmark::Llama2_70b99, "offline", &[(Field::Rack, "40")]));
        let system = p.system.clone().expect("a system");
        assert!(system.sourced.is_none(), "{id} borrowed {:?}", system.sourced.map(|s| s.id));
        assert_eq!(system.comparable.as_ref().map(|s| &*s.id), Some(comparable), "{id}");
        let peak = p.server_power.clone().expect("peak");
        let boards = 8.0 * rated;
        // At most the DGX's maximum less its boards; at least 10,401 W − 8 × 1,000 W, rounded down to 2.4 kW.
        close(peak.value, boards + (dgx_max - boards));
        close(peak.low.unwrap_or(f64::NAN), boards + 2_400.0);
        assert_eq!(peak.boundary, Boundary::System);
        let Kind::Estimate(assumptions) = &peak.kind else { panic!("{id}: {:?} is no estimate", peak.kind) };
        assert!(
            assumptions
                .iter()
                .any(|a| matches!(a, Assumption::OwnDrawEstimated { result, .. } if result == "5.1-0061")),
            "{id}: {assumptions:?}"
        );
        // It names what it rests on: the measured result and the comparable system's source.
        assert!(peak.origins.contains(&Origin::Result("5.1-0061".into())), "{id}: {:?}", peak.origins);
        let words = (token_energy::i18n::Lang::En.strings().system_line)(&token_energy::i18n::SystemWords {
            system: &system,
            gpus: 8,
            max_kw: None,
        });
        assert!(words.contains("No maximum is published for this server"), "{words}");
        assert!(words.contains("a comparable system"), "{words}");
        assert!(!words.contains("as its maker states"), "{words}");
        // Rack fit on the upper end: ⌊40 kW ÷ peak⌋.
        assert_eq!(p.servers_per_rack.as_ref().map(|f| f.value), Some((40_000.0 / dgx_max).floor()), "{id}");
    }
}

#[test]
fn no_result_borrows_another_systems_maximum() {
    // A server system's maximum (a DGX) for the results whose system name names that DGX, and only
    // those; a rack's maximum for its racks. Checked over every result of the catalogue.
    let c = catalogue();
    let mut dgx_results = 0;
    for r in &c.results {
        let Some(card) = c.card(&r.card) else { continue };
        let throughput = Throughput::Published(r);
        let shape = token_energy::system::shape(card, r.accelerators, Some(&throughput));
        let Some(sourced) = shape.sourced else { continue };
        let rack = card.rack.as_ref().is_some_and(|k| k.accelerators == sourced.gpus);
        if rack {
            assert!(r.system.contains("NVL72") || r.system.contains("(72x"), "{} {}", r.id, r.system);
        } else {
            // "NVIDIA DGX H100" → the result's system name holds "DGX H100".
            let model = sourced.name.trim_start_matches("NVIDIA ");
            assert!(r.system.contains(model), "{} ({}) borrows {}", r.id, r.system, sourced.name);
            dgx_results += 1;
        }
    }
    // And every DGX result does get its own: the rows naming a DGX H100 or DGX B200 (v4.1 to v6.0).
    let named = c
        .results
        .iter()
        .filter(|r| r.system.contains("DGX H100") || r.system.contains("DGX B200") || r.system.contains("DGX H200"))
        .count();
    assert!(named > 0);
    assert_eq!(dgx_results, named);
}

#[test]
fn every_system_maximum_names_its_source_and_kind() {
    let c = catalogue();
    let systems: Vec<_> = c.cards.iter().flat_map(|card| card.systems.iter()).collect();
    assert!(!systems.is_empty());
    for s in &systems {
        assert!(c.source(&s.source).is_some(), "{}", s.id);
        if s.max_high.is_some() {
            assert!(s.high_source.as_deref().and_then(|h| c.source(h)).is_some(), "{}", s.id);
        }
    }
    let kind = |id: &str| systems.iter().find(|s| s.id == id).map(|s| (s.kind, s.max_watts, s.max_high));
    // GB300 NVL72 keeps NVIDIA's "up to 142 kW"; GB200 NVL72 is secondary, 120–132 kW.
    assert_eq!(kind("gb300-nvl72"), Some((MaxKind::Stated, 142_000.0, None)));
    assert_eq!(kind("gb200-nvl72"), Some((MaxKind::Secondary, 120_000.0, Some(132_000.0))));
    assert_eq!(kind("dgx-b200"), Some((MaxKind::Stated, 14_300.0, None)));
}

#[test]
fn gb200_nvl72_is_signed_off_on_the_upper_secondary_figure() {
    // 6.0-0075 at 415 V three-phase, a 60 A breaker at 80 %, two feeds.
    let p = plan_of(&config(
        "gb200",
        "6.0-0075",
        Benchmark::Llama2_70b99,
        "offline",
        &[
            (Field::Demand, "2e9"),
            (Field::Volts, "415"),
            (Field::Phases, "3"),
            (Field::Breaker, "60"),
            (Field::Derate, "80"),
            (Field::Feeds, "2"),
        ],
    ));
    // 132,000 W ÷ (√3 × 415 V) = 183.6 A per phase.
    let amps = p.feed_amps.as_ref().map_or(f64::NAN, |f| f.value);
    close(amps, 132_000.0 / (3f64.sqrt() * 415.0));
    assert_eq!((amps * 10.0).round() / 10.0, 183.6);
    // One circuit: √3 × 415 × 60 × 0.8 = 34.5 kW; ⌈132 ÷ 34.5⌉ = 4 per feed.
    let s = p.sign_off.clone().expect("a sign-off");
    assert_eq!((s.circuits_per_feed, s.feeds), (4.0, 2));
    assert_eq!(s.peak_basis, PeakBasis::SecondaryUpper { low_kw: 120.0, high_kw: 132.0 });
    let en = (token_energy::i18n::Lang::En.strings().sign_off)(&s);
    assert!(en.contains("the upper of two secondary figures (120 and 132 kW)"), "{en}");
    let de = (token_energy::i18n::Lang::De.strings().sign_off)(&s);
    assert!(de.contains("den höheren von zwei Werten aus zweiter Hand (120 und 132 kW)"), "{de}");
}

#[test]
fn a_pcie_server_offers_the_reviewers_estimate_labelled_and_no_dgx_value() {
    for card in ["h200-nvl", "rtx-pro-6000-se", "l40s"] {
        let mut form = Form::initial(catalogue());
        form = form.apply(catalogue(), token_energy::form::Edit::Card(card.into())).form;
        let p = plan_of(&form);
        let refs: Vec<_> = plan::reference_for_plan(Field::Overhead, &p).collect();
        assert_eq!(refs.len(), 1, "{card}");
        assert_eq!((refs[0].value, refs[0].high), (1_500.0, Some(2_500.0)), "{card}");
        assert_eq!(&*refs[0].source, "servethehome-asrock-4u8g-turin2");
        assert!(refs[0].note.contains("ipmitool dcmi power reading"), "{card}");
        // The peak stays the boards alone: the reviewer's estimate is offered, never used unasked.
        assert_eq!(p.server_power.as_ref().map(|f| f.boundary), Some(Boundary::Boards), "{card}");
    }
}

#[test]
fn a_typed_overhead_kept_across_a_change_of_card_says_where_it_came_from() {
    use token_energy::form::{Adjustment, Edit};
    // 6,300 W typed for a DGX B200 result (5.1-0069, NVIDIA DGX B200), then the card changed to H200 SXM.
    let form = config("b200-sxm", "5.1-0069", Benchmark::Llama2_70b99, "offline", &[(Field::Overhead, "6300")]);
    let applied = form.apply(catalogue(), Edit::Card("h200-sxm".into()));
    let kept = applied.adjustments.iter().find_map(|a| match a {
        Adjustment::OverheadKept { overhead, from } => Some((overhead.clone(), from.clone())),
        _ => None,
    });
    let (overhead, from) = kept.unwrap_or_else(|| panic!("no notice: {:?}", applied.adjustments));
    assert_eq!(overhead, "6300");
    assert!(from.contains("5.1-0069") && from.contains("NVIDIA DGX B200"), "{from}");
    // The H200 at the limit its result sets (w W per card): 8 × w + 6,300 W lies above the 10.2 kW a DGX
    // H200 states (at 500 W, 10.3 kW; at the rated 700 W, 11.9 kW): said.
    let w: f64 = applied.form.watts.parse().unwrap_or(f64::NAN);
    let p = plan_of(&applied.form);
    let above = p.notices.iter().find_map(|n| match n {
        plan::PlanNotice::PeakAboveStated { peak_watts, max_watts, .. } => Some((*peak_watts, *max_watts)),
        _ => None,
    });
    assert_eq!(above, Some((8.0 * w + 6_300.0, 10_200.0)), "{:?}", p.notices);
    assert!(8.0 * w + 6_300.0 > 10_200.0);
    // A change of result within the same system keeps it without a word; no overhead, no notice.
    let same = config("b200-sxm", "5.1-0069", Benchmark::Llama2_70b99, "offline", &[])
        .apply(catalogue(), Edit::Card("h200-sxm".into()));
    assert!(!same.adjustments.iter().any(|a| matches!(a, Adjustment::OverheadKept { .. })));
}

#[test]
fn a_busy_load_above_80_percent_is_noted_and_headroom_sizes_with_room_to_spare() {
    // 6.0-0021: 8 × H200 NVL, Llama 2 70B Interactive 16,343.8 tokens/s. 90 % of one server over 24 h:
    // 0.9 × 16,343.8 × 86,400 tokens a day.
    let demand = format!("{}", 0.9 * 16_343.8 * 86_400.0);
    let at = |headroom: &str| {
        let mut typed = vec![(Field::Demand, demand.as_str())];
        if !headroom.is_empty() {
            typed.push((Field::Headroom, headroom));
        }
        plan_of(&config("h200-nvl", "6.0-0021", Benchmark::Llama2_70b99, "interactive", &typed))
    };
    let p = at("");
    assert_eq!(p.servers_needed.as_ref().map(|f| f.value), Some(1.0));
    close(p.busy_load.as_ref().map_or(f64::NAN, |f| f.value), 90.0);
    assert!(p.notices.iter().any(|n| matches!(n, plan::PlanNotice::BusyHigh { headroom, .. } if *headroom == 0.0)));
    // 20 % headroom: ⌈0.9 ÷ 0.8⌉ = 2 servers at 45 %, no note.
    let p = at("20");
    assert_eq!(p.servers_needed.as_ref().map(|f| f.value), Some(2.0));
    close(p.busy_load.as_ref().map_or(f64::NAN, |f| f.value), 45.0);
    assert!(!p.notices.iter().any(|n| matches!(n, plan::PlanNotice::BusyHigh { .. })));
    let needed = p.servers_needed.expect("needed");
    assert!(matches!(&needed.kind, Kind::Estimate(a) if a.contains(&Assumption::Headroom { percent: 20.0 })));
    assert!(needed.origins.contains(&Origin::Input(Field::Headroom)));
    // 10 %: ⌈0.9 ÷ 0.9⌉ = 1 server at 90 %, noted with the headroom typed.
    let p = at("10");
    assert_eq!(p.servers_needed.as_ref().map(|f| f.value), Some(1.0));
    // Out of range: named with its range, never a figure.
    let bad = token_energy::model::evaluate(
        catalogue(),
        &config("h200-nvl", "6.0-0021", Benchmark::Llama2_70b99, "interactive", &[(Field::Headroom, "60")]),
    );
    assert!(bad.errors().iter().any(|e| e.field == Field::Headroom), "{:?}", bad.errors());
    // In the link, both ways.
    let form = config("h200-nvl", "6.0-0021", Benchmark::Llama2_70b99, "interactive", &[(Field::Headroom, "20")]);
    let link = token_energy::link::encode(&form, false);
    assert!(link.contains("headroom=20"), "{link}");
    assert_eq!(token_energy::link::decode(catalogue(), &link).form.plan.headroom, "20");
}

#[test]
fn the_cards_benchmark_list_offers_what_the_card_has_results_for() {
    use token_energy::form::{card_benchmarks, Edit};
    // GB200: results for Llama 2 70B (both accuracies), Llama 3.1 405B, DeepSeek-R1 and gpt-oss-120b
    // (data/results.json: 5.1-0008 … 6.0-0075); none for Mixtral or Llama 3.1 8B.
    let c = catalogue();
    let listed = card_benchmarks(c, "gb200", Benchmark::Llama2_70b99);
    assert!(listed.contains(&Benchmark::DeepseekR1));
    for b in &listed {
        assert!(c.results.iter().any(|r| r.card == "gb200" && r.benchmark == *b), "{b:?} listed without a result");
    }
    assert_eq!(listed.len(), 5, "{listed:?}");
    // From 5.1-0070 (no DeepSeek-R1 row), choosing DeepSeek-R1 takes the card's result that has one.
    let form = config("gb200", "5.1-0070", Benchmark::Llama2_70b99, "offline", &[]);
    let next = form.apply(c, Edit::Benchmark("deepseek-r1".into())).form;
    assert_eq!(next.benchmark, Benchmark::DeepseekR1);
    let token_energy::form::ThroughputChoice::Published(id) = &next.throughput else { panic!("own throughput") };
    assert!(c.result(id, Benchmark::DeepseekR1, next.scenario).is_some(), "{id} {:?}", next.scenario);
    assert!(token_energy::model::evaluate(c, &next).errors().is_empty());
}

#[test]
fn the_grid_compares_what_a_facility_compares() {
    use token_energy::compare::{self, Cooling, Mismatch, Saved};
    // DGX B200 (5.1-0069, 14.3 kW stated) against one GB200 NVL72 rack (6.0-0075, 132 kW, the upper of
    // two secondary figures), both with one demand and the same circuit: 415 V 3φ, 60 A at 80 %, A/B.
    let plan: [(Field, &str); 6] = [
        (Field::Demand, "2e9"),
        (Field::Volts, "415"),
        (Field::Phases, "3"),
        (Field::Breaker, "60"),
        (Field::Feeds, "2"),
        (Field::Rack, "140"),
    ];
    let dgx =
        Saved { name: "DGX".into(), form: config("b200-sxm", "5.1-0069", Benchmark::Llama2_70b99, "offline", &plan) };
    let rack =
        Saved { name: "NVL72".into(), form: config("gb200", "6.0-0075", Benchmark::Llama2_70b99, "offline", &plan) };
    let list = [dgx.clone(), rack.clone()];
    let rows = compare::grid(catalogue(), &list, 0);
    let row = |id: &str| rows.iter().find(|r| r.id == id).unwrap_or_else(|| panic!("no row {id}"));
    let value = |id: &str, i: usize| row(id).cells.get(i).cloned().flatten().map_or(f64::NAN, |f| f.value);
    // IT heat at peak: systems used × peak × 3.412141633 BTU/h per W, the whole system.
    for (i, saved) in list.iter().enumerate() {
        let p = plan_of(&saved.form);
        let s = f64::from(p.servers_used.unwrap_or(0));
        let peak = if i == 0 { 14_300.0 } else { 132_000.0 };
        close(value("heat-it-btu-per-h", i), s * peak * 3.412141633);
        assert_eq!(row("heat-it-btu-per-h").cells[i].as_ref().map(|f| f.boundary), Some(Boundary::System));
    }
    close(value("server-power-w", 0), 14_300.0);
    close(value("server-power-w", 1), 132_000.0);
    // Circuits per feed: 34.5 kW usable each; the DGX position holds ⌊140 ÷ 14.3⌋ = 9 (as many as the plan uses,
    // at most), the rack one rack at 132 kW: 4 circuits; kVA per position at power factor 1.
    assert_eq!(value("circuits-per-feed", 1), 4.0);
    close(value("position-kva", 1), 132.0);
    // Cooling as each system's own source states it: the DGX B200's is not published, the GB200's hybrid.
    assert_eq!(compare::cooling_kinds(catalogue(), &list), [Some(Cooling::NotPublished), Some(Cooling::Hybrid)]);
    // The mismatch box names boundaries: a whole system against GPU boards alone (an L40S server).
    let l40s =
        Saved { name: "L40S".into(), form: config("l40s", "v4.1-0025", Benchmark::Llama2_70b99, "server", &plan) };
    assert!(compare::mismatches(catalogue(), &[dgx.clone(), l40s]).contains(&Mismatch::Boundary));
    assert!(!compare::mismatches(catalogue(), &list).contains(&Mismatch::Boundary));
    // Without a plan, no facility rows.
    let bare = [
        Saved { name: "a".into(), form: config("b200-sxm", "5.1-0069", Benchmark::Llama2_70b99, "offline", &[]) },
        Saved { name: "b".into(), form: config("gb200", "6.0-0075", Benchmark::Llama2_70b99, "offline", &[]) },
    ];
    let rows = compare::grid(catalogue(), &bare, 0);
    assert!(!rows.iter().any(|r| r.id == "heat-it-btu-per-h" || r.id == "circuits-per-feed"));
    assert_eq!(compare::cooling_kinds(catalogue(), &bare), [None, None]);
}
