//! Systems as the plan's unit, and what a facility engineer signs (issue 36). Every expected value is
//! arithmetic written here from the published figures: the cards' rated power (DATA.md), the systems'
//! stated maxima (NVIDIA DGX H100/H200 User Guide: 10.2 kW; GB200 NVL72: 120–132 kW, secondary;
//! NVIDIA's GB300 NVL72 reference architecture: up to 142 kW), MLCommons' throughputs, and the
//! circuit rules of `../shared/reference/RACK-POWER.md`.
#![allow(clippy::panic)] // a test fails by panicking

mod common;

use token_energy::catalogue::{Benchmark, Catalogue};
use token_energy::electric::{self, Rule};
use token_energy::figure::{Assumption, Boundary, Kind, Side, Unit};
use token_energy::form::{Field, Form};
use token_energy::plan::{self, Plan, PlanNotice};
use token_energy::system::{Noun, Shape};
use token_energy::units::Phases;

fn catalogue() -> &'static Catalogue {
    Catalogue::embedded()
}

#[track_caller]
fn close(actual: f64, expected: f64) {
    assert!((actual - expected).abs() <= expected.abs() * 1e-9, "{actual} ≠ {expected}");
}

/// A configuration of `card` on the published result `id` (its benchmark and scenario), with plan fields typed.
fn config(card: &str, id: &str, benchmark: Benchmark, scenario: &str, typed: &[(Field, &str)]) -> Form {
    common::configured(catalogue(), (card, id), benchmark, scenario, typed)
}

fn plan_of(form: &Form) -> Plan {
    plan::answer(catalogue(), form).plan
}

/// v4.1-0043: NVIDIA DGX H100, 8 × H100 SXM at the rated 700 W (no setting stated), Llama 2 70B
/// Offline 24,524.9 tokens/s. (Issue 48: a DGX's maximum belongs to results naming the DGX.)
const DGX_TPS: f64 = 24_524.9;

fn dgx(typed: &[(Field, &str)]) -> Form {
    config("h100-sxm", "v4.1-0043", Benchmark::Llama2_70b99, "offline", typed)
}

#[test]
fn an_8_gpu_dgx_class_server_is_checked_with_its_stated_maximum() {
    // 10¹⁰ tokens a day over 24 h: 115,740.7 tokens/s ÷ 24,524.9 per server → 5 servers.
    let p = plan_of(&dgx(&[(Field::Demand, "1e10"), (Field::Rack, "25"), (Field::Volts, "415"), (Field::Phases, "3")]));
    let system = p.system.clone().expect("a system");
    assert_eq!((system.shape, system.noun()), (Shape::Server, Noun::Server));
    assert_eq!(system.sourced.as_ref().map(|s| &*s.id), Some("dgx-h100"));
    // 8 × 700 W + (10,200 − 8 × 700) W: the stated maximum, at the GPUs' rated power.
    let peak = p.server_power.clone().expect("peak");
    close(peak.value, 10_200.0);
    assert_eq!((peak.kind.clone(), peak.boundary), (Kind::Ceiling, Boundary::System));
    let needed = p.servers_needed.clone().expect("servers needed");
    assert_eq!((needed.value, needed.unit), (5.0, Unit::Servers));
    // ⌊25 kW ÷ 10.2 kW⌋ = 2 per position; ⌈5 ÷ 2⌉ = 3 positions, not "at least": the system is sourced.
    assert_eq!(p.servers_per_rack.as_ref().map(|f| f.value), Some(2.0));
    let positions = p.rack_positions.clone().expect("positions");
    assert_eq!((positions.value, positions.side), (3.0, Side::AsKind));
    assert!(!matches!(&positions.kind, Kind::Estimate(a) if a.contains(&Assumption::BoardsOnlyFit)));
    // Current of one server at 415 V three-phase: 10,200 ÷ (√3 × 415); heat of all five in kW first.
    close(p.amps_per_phase.as_ref().map_or(0.0, |f| f.value), 10_200.0 / (3f64.sqrt() * 415.0));
    close(p.cooling.as_ref().map_or(0.0, |f| f.value), 5.0 * 10.2);
    // The limit for one more server per position: ⌊(25,000 ÷ 3 − 4,600) ÷ 8⌋ = 466 W.
    close(p.limit_for_one_more.as_ref().map_or(0.0, |f| f.value), ((25_000.0 / 3.0 - 4_600.0) / 8.0_f64).floor());

    // A typed overhead wins: 8 × 700 + 3,000 W, the boards plus the server's typed own draw.
    let typed = plan_of(&dgx(&[(Field::Demand, "1e10"), (Field::Rack, "25"), (Field::Overhead, "3000")]));
    let peak = typed.server_power.expect("peak");
    assert_eq!((peak.value, peak.boundary), (8_600.0, Boundary::BoardsServer));
    // Overhead 0 typed: the boards alone, and the positions "at least" (the servers draw more).
    let boards = plan_of(&dgx(&[(Field::Demand, "1e10"), (Field::Rack, "25"), (Field::Overhead, "0")]));
    assert_eq!(boards.server_power.as_ref().map(|f| (f.value, f.boundary)), Some((5_600.0, Boundary::Boards)));
    let positions = boards.rack_positions.expect("positions");
    // ⌊25,000 ÷ 5,600⌋ = 4 per position, ⌈5 ÷ 4⌉ = 2, at least.
    assert_eq!((positions.value, positions.side), (2.0, Side::AtLeast));
    // The energy figures count the boards (and a typed overhead), never the stated maximum: the same
    // year with and without the sourced system.
    assert_eq!(
        p.site_kwh_per_year.as_ref().map(|f| (f.value, f.low)),
        boards.site_kwh_per_year.as_ref().map(|f| (f.value, f.low))
    );
}

#[test]
fn a_card_without_a_sourced_system_counts_its_boards_and_never_says_it_fits() {
    // v4.1-0025: 8 × L40S (350 W), no system of the L40S has a stated maximum.
    let form = config(
        "l40s",
        "v4.1-0025",
        Benchmark::Llama2_70b99,
        "server",
        &[(Field::Demand, "400000000"), (Field::Hours, "10"), (Field::Rack, "15")],
    );
    let p = plan_of(&form);
    assert!(p.system.as_ref().is_some_and(|s| s.sourced.is_none()));
    let peak = p.server_power.expect("peak");
    // Shown even where it equals the boards' power (8 × 350 W).
    assert_eq!((peak.value, peak.boundary), (2_800.0, Boundary::Boards));
    let positions = p.rack_positions.expect("positions");
    assert_eq!(positions.side, Side::AtLeast);
    assert!(matches!(&positions.kind, Kind::Estimate(a) if a.contains(&Assumption::BoardsOnlyFit)));
    // Issue 48: for a PCIe server no source describes, only the reviewer's estimate, 1.5–2.5 kW, labelled so.
    let refs: Vec<(String, f64, Option<f64>)> = plan::reference_for_plan(Field::Overhead, &plan_of(&form))
        .map(|r| (r.id.to_string(), r.value, r.high))
        .collect();
    assert_eq!(refs, [("overhead-pcie-l40s".to_owned(), 1_500.0, Some(2_500.0))]);
    let dgx_refs: Vec<String> =
        plan::reference_for_plan(Field::Overhead, &plan_of(&dgx(&[]))).map(|r| r.id.to_string()).collect();
    assert_eq!(dgx_refs, ["overhead-dgx-h100"]);
}

#[test]
fn an_nvl72_rack_is_one_position_and_is_checked_with_its_racks_stated_maximum() {
    // 6.0-0075: one GB200 NVL72 rack, 72 × 1,200 W; the rack 120 kW (press) to 132 kW (Supermicro,
    // through a third-party blog): secondary figures, sized on the upper (issue 48).
    let at = |rack: &str| {
        plan_of(&config(
            "gb200",
            "6.0-0075",
            Benchmark::Llama2_70b99,
            "offline",
            &[(Field::Demand, "2e9"), (Field::Rack, rack)],
        ))
    };
    let p = at("40");
    let system = p.system.clone().expect("a system");
    assert_eq!((system.shape, system.noun()), (Shape::Racks { racks: 1 }, Noun::Rack));
    let peak = p.server_power.clone().expect("peak");
    // 72 × 1,200 W + (132,000 − 86,400) W; the lower end 72 × 1,200 W + (120,000 − 86,400) W; an estimate.
    assert_eq!((peak.value, peak.low, peak.boundary), (132_000.0, Some(120_000.0), Boundary::System));
    assert_eq!(peak.kind, Kind::Estimate(vec![Assumption::SecondaryMaximum { low_kw: 120.0, high_kw: 132.0 }]));
    // At 40 kW the rack does not fit, by the rack's own figure, and no cap is offered: the GB200
    // publishes no minimum setting.
    assert!(
        p.notices.contains(&PlanNotice::ServerOverRack { server_kw: 132.0, rack_kw: 40.0, rack_scale: true }),
        "{:?}",
        p.notices
    );
    assert!(p.limit_for_one_more.is_none() && p.rack_positions.is_none());
    // At 132 kW one rack per position; 2·10⁹ tokens a day (23,148 tokens/s) need one rack of 888,054.
    let p = at("132");
    assert_eq!(p.servers_needed.as_ref().map(|f| (f.value, f.unit)), Some((1.0, Unit::Racks)));
    assert_eq!(p.rack_positions.as_ref().map(|f| (f.value, f.side)), Some((1.0, Side::AsKind)));
    assert!(!p.notices.iter().any(|n| matches!(n, PlanNotice::ServerOverRack { .. })));
}

#[test]
fn four_nvl72_racks_are_four_positions_checked_rack_by_rack() {
    // 6.0-0076: GB300, 288 GPUs = 4 NVL72 racks; up to 142 kW per rack (NVIDIA's reference architecture).
    let at = |rack: &str| {
        plan_of(&config(
            "gb300",
            "6.0-0076",
            Benchmark::DeepseekR1,
            "offline",
            &[(Field::Demand, "2e9"), (Field::Rack, rack)],
        ))
    };
    let p = at("150");
    let system = p.system.clone().expect("a system");
    assert_eq!((system.shape, system.noun(), system.parts()), (Shape::Racks { racks: 4 }, Noun::System, 4));
    // The system: 288 × 1,400 W + 4 × (142,000 − 72 × 1,400) W = 568 kW; each rack 142 kW.
    close(p.server_power.as_ref().map_or(0.0, |f| f.value), 288.0 * 1400.0 + 4.0 * (142_000.0 - 72.0 * 1400.0));
    close(p.part_power.as_ref().map_or(0.0, |f| f.value), 142_000.0);
    // One system of 2,494,310 tokens/s carries 2·10⁹ a day; its 4 racks take 4 positions.
    assert_eq!(p.servers_needed.as_ref().map(|f| (f.value, f.unit)), Some((1.0, Unit::Systems)));
    assert_eq!(p.rack_positions.as_ref().map(|f| f.value), Some(4.0));
    assert!(!p.notices.iter().any(|n| matches!(n, PlanNotice::ServerOverRack { .. })), "{:?}", p.notices);
    // At 132 kW each 142 kW rack is 10 kW over, and no cap below an unpublished minimum is advised.
    let p = at("132");
    assert!(p.notices.contains(&PlanNotice::ServerOverRack { server_kw: 142.0, rack_kw: 132.0, rack_scale: true }));
    assert!(p.limit_for_one_more.is_none());
}

#[test]
fn a_circuit_carries_its_breaker_rating_under_the_rule_it_names() {
    // RACK-POWER.md's table: 208 V 3φ 60 A at 80 % = 17.3 kW; 400 V 32 A at 100 % = 22.2 kW.
    let nec = electric::usable_va(208.0, 60.0, Phases::Three, Rule::Nec);
    close(nec, 3f64.sqrt() * 208.0 * 60.0 * 0.8);
    assert_eq!((nec / 100.0).round() / 10.0, 17.3);
    let iec = electric::usable_va(400.0, 32.0, Phases::Three, Rule::Iec);
    close(iec, 3f64.sqrt() * 400.0 * 32.0);
    assert_eq!((iec / 100.0).round() / 10.0, 22.2);
    // 230 V single-phase 32 A: 7.4 kVA.
    assert_eq!((electric::usable_va(230.0, 32.0, Phases::One, Rule::Iec) / 100.0).round() / 10.0, 7.4);
    assert_eq!(Rule::of(80.0), Rule::Nec);
    assert_eq!(Rule::of(100.0), Rule::Iec);
    assert_eq!(Rule::of(90.0), Rule::Policy(90.0));
}

#[test]
fn each_feed_alone_carries_the_rack_positions_load() {
    // RACK-POWER.md's example: a 415 V 3φ 60 A feed under NEC is 34.5 kW usable: three DGX H100
    // (30.6 kW) per A/B pair, one circuit per feed.
    let sign = |typed: &[(Field, &str)]| {
        let base = [(Field::Demand, "1e10"), (Field::Rack, "35"), (Field::Volts, "415"), (Field::Phases, "3")];
        plan_of(&dgx(&[&base[..], typed].concat()))
    };
    let p = sign(&[(Field::Breaker, "60"), (Field::Feeds, "2")]);
    let s = p.sign_off.clone().expect("a sign-off");
    assert_eq!((s.rule, s.feeds, s.held), (Rule::Nec, 2, 3.0));
    close(s.load_kw, 30.6);
    close(s.circuit_kw, 3f64.sqrt() * 415.0 * 60.0 * 0.8 / 1000.0);
    assert_eq!(s.circuits_per_feed, 1.0);
    close(p.feed_amps.as_ref().map_or(0.0, |f| f.value), 30_600.0 / (3f64.sqrt() * 415.0));
    close(p.position_kva.as_ref().map_or(0.0, |f| f.value), 30.6);
    // One feed or two: the circuits per feed do not halve (each carries it all).
    let one = sign(&[(Field::Breaker, "60")]).sign_off.expect("a sign-off");
    assert_eq!((one.feeds, one.circuits_per_feed), (1, 1.0));
    // IEC at 400 V 32 A: 22.2 kW per circuit, so the 30.6 kW position needs 2 per feed.
    let iec = sign(&[(Field::Breaker, "32"), (Field::Derate, "100"), (Field::Volts, "400")]).sign_off.expect("iec");
    assert_eq!((iec.rule, iec.circuits_per_feed), (Rule::Iec, 2.0));
    // Under NEC the same 32 A circuit is 17.7 kW: still 2.
    let nec = sign(&[(Field::Breaker, "32"), (Field::Volts, "400")]).sign_off.expect("nec");
    assert_eq!((nec.rule, nec.circuits_per_feed), (Rule::Nec, 2.0));
    close(nec.circuit_kw, 3f64.sqrt() * 400.0 * 32.0 * 0.8 / 1000.0);
    // Without a breaker, no sign-off.
    assert!(sign(&[]).sign_off.is_none());
}

#[test]
fn tokens_per_mw_name_their_boundary_at_the_boards_the_system_and_the_site() {
    let p = plan_of(&dgx(&[(Field::Pue, "1.3")]));
    let boards = p.tokens_per_mw.expect("boards");
    close(boards.value, DGX_TPS * 1e6 / (8.0 * 700.0));
    assert_eq!(
        (boards.boundary, boards.side, boards.unit),
        (Boundary::Boards, Side::AtLeast, Unit::TokensPerSecondPerMegawatt)
    );
    let system = p.system_tokens_per_mw.expect("system");
    close(system.value, DGX_TPS * 1e6 / 10_200.0);
    assert_eq!(system.boundary, Boundary::System);
    let site = p.site_tokens_per_mw.expect("site");
    close(site.value, DGX_TPS * 1e6 / (10_200.0 * 1.3));
    assert_eq!(site.boundary, Boundary::SystemSite);
    // An NVL72 rack: 888,054 tokens/s over 72 × 1,200 W and over 132 kW (the upper secondary figure).
    let rack = plan_of(&config("gb200", "6.0-0075", Benchmark::Llama2_70b99, "offline", &[]));
    close(rack.tokens_per_mw.expect("boards").value, 888_054.0 * 1e6 / 86_400.0);
    close(rack.system_tokens_per_mw.expect("system").value, 888_054.0 * 1e6 / 132_000.0);
    // Without a PUE above 1, no site figure; without a sourced system or overhead, no system one.
    assert!(plan_of(&dgx(&[])).site_tokens_per_mw.is_none());
    let l40s = plan_of(&config("l40s", "v4.1-0025", Benchmark::Llama2_70b99, "server", &[]));
    assert!(l40s.system_tokens_per_mw.is_none() && l40s.tokens_per_mw.is_some());
}

#[test]
fn the_overhead_field_takes_what_a_rack_needs() {
    // 35 kW typed for an NVL72 rack: accepted, the plan keeps its demand and counts boards + 35 kW.
    let form = config(
        "gb200",
        "6.0-0075",
        Benchmark::Llama2_70b99,
        "offline",
        &[(Field::Demand, "2e9"), (Field::Overhead, "35000")],
    );
    let e = token_energy::model::evaluate(catalogue(), &form);
    assert!(e.errors().is_empty(), "{:?}", e.errors());
    let p = plan_of(&form);
    assert!(p.servers_needed.is_some());
    assert_eq!(p.server_power.map(|f| (f.value, f.boundary)), Some((86_400.0 + 35_000.0, Boundary::BoardsServer)));
    // The range ends at 200 kW per system.
    assert_eq!(token_energy::plan::OVERHEAD_RANGE.max, 200_000.0);
    let top = config("gb200", "6.0-0075", Benchmark::Llama2_70b99, "offline", &[(Field::Overhead, "200000")]);
    assert!(token_energy::model::evaluate(catalogue(), &top).errors().is_empty());
}
