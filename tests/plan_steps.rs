//! The plan's steps (issue 41), each on its own: typed values in, its figures out, every expected value
//! from arithmetic written here or a published figure (the DGX H100's 10.2 kW and the GB200 NVL72's
//! 120 kW from NVIDIA's user guides, the H100 SXM's 700 W, the HGX H100 baseboard's 1,312 kg CO₂e for
//! 8 GPUs, MLPerf's 200 ms TPOT bound for Llama 2 70B Server) — see `../shared/reference/DATA.md`.
#![allow(clippy::panic)] // a test fails by panicking

mod common;

use common::{close, low};

use token_energy::catalogue::{Benchmark, Card, Catalogue, PublishedResult, Scenario};
use token_energy::figure::{Assumption, Boundary, Figure, Kind, Origin, Side, Unit};
use token_energy::form::{Field, Form, Throughput};
use token_energy::model::{self, ThroughputBasis};
use token_energy::plan::steps::{self, Circuit, Demand, Footprint, Inputs, Need, SiteEnergy, SiteSettings, Sizing};
use token_energy::plan::{EnergyBasis, PlanNotice, PlanScope};
use token_energy::units::{Currency, Kilowatts, Phases, TokensPerSecond, Watts};

fn catalogue() -> &'static Catalogue {
    Catalogue::embedded()
}

fn card(id: &str) -> &'static Card {
    catalogue().card(id).unwrap_or_else(|| panic!("no card {id}"))
}

/// `gpus` cards at `limit` W each, every plan field empty (PUE 1, load 100 %, 24 h, no idle power).
fn inputs(card: &Card, gpus: u32, limit: f64) -> Inputs<'_> {
    Inputs {
        card,
        gpus,
        limit: Watts(limit),
        overhead: (Watts(0.0), false),
        throughput: None,
        typed_servers: None,
        pue: Some((1.0, false)),
        load: Some((100.0, false)),
        hours: Some((24.0, false)),
        idle: Some(None),
        demand: None,
        users: None,
        speed: None,
        model: token_energy::power::Model::Linear,
        headroom: 0.0,
        vendor: None,
    }
}

/// One's own throughput of `tps` tokens/s per server, at no stated setting.
fn own(tps: f64) -> ThroughputBasis {
    ThroughputBasis {
        per_server: TokensPerSecond(tps),
        assumptions: Vec::new(),
        origins: vec![Origin::Input(Field::Tps)],
        setting: None,
    }
}

fn even(tps: f64) -> Sizing {
    Sizing { low_tps: tps, high_tps: tps, lower_end: None }
}

#[test]
fn read_takes_the_typed_values_and_says_what_it_ignores() {
    let form = common::configured(
        catalogue(),
        ("h100-sxm", ""),
        Benchmark::Llama2_70b99,
        "offline",
        &[(Field::Demand, "1000000000"), (Field::Load, "40"), (Field::Co2, "0.4"), (Field::Pue, "1.3")],
    );
    let checked = model::evaluate(catalogue(), &Form { gpus: "8".into(), watts: "700".into(), ..form }).checked;
    let r = steps::read(&checked, None);
    assert_eq!(r.currency, Currency::default());
    assert_eq!(r.scope, Some(PlanScope { overhead: Watts(0.0), pue: 1.3 }));
    assert_eq!(r.notices, [PlanNotice::LoadIgnored { typed_percent: 40.0 }, PlanNotice::Co2InKilograms { typed: 0.4 }]);
    let i = r.inputs.unwrap_or_else(|| panic!("a complete configuration"));
    assert_eq!((i.card.id.as_ref(), i.gpus, i.limit), ("h100-sxm", 8, Watts(700.0)));
    assert_eq!(
        (i.pue, i.load, i.hours, i.demand),
        (Some((1.3, true)), Some((40.0, true)), Some((24.0, false)), Some(1e9))
    );
    // An idle power to use where none is typed; a bad card count leaves no inputs.
    let end = token_energy::power::End { idle: Watts(90.0), model: token_energy::power::Model::Linear, own: None };
    assert_eq!(steps::read(&checked, Some(end)).inputs.map(|i| i.idle), Some(Some(Some(Watts(90.0)))));
    let bad = model::evaluate(catalogue(), &Form { gpus: "0".into(), ..Form::initial(catalogue()) }).checked;
    assert!(steps::read(&bad, None).inputs.is_none());
}

#[test]
fn system_peaks_at_the_sourced_maximum_the_typed_overhead_or_the_boards() {
    // DGX H100 (v4.1-0043, its system name names it): 8 × H100 SXM, 10.2 kW at most (NVIDIA's user
    // guide), no overhead typed.
    let h100 = card("h100-sxm");
    let dgx_result = catalogue().results.iter().find(|r| r.id == "v4.1-0043").unwrap_or_else(|| panic!("no v4.1-0043"));
    let throughput = Throughput::Published(dgx_result);
    let dgx = steps::system(&Inputs { throughput: Some(&throughput), ..inputs(h100, 8, 700.0) });
    assert_eq!(
        (dgx.boundary, dgx.boards, dgx.peak, dgx.count_unit),
        (Boundary::System, 5600.0, Watts(10_200.0), Unit::Servers)
    );
    close(&dgx.server_power, 10_200.0);
    assert!(dgx.part_power.is_none() && dgx.system.own_sourced);
    assert!(dgx.peak_origins.contains(&Origin::Source("nvidia-dgxh100-ug".into())));
    // The energy counts what is drawn all day: never the sourced maximum.
    assert!(!dgx.energy_origins.contains(&Origin::Source("nvidia-dgxh100-ug".into())));
    // Issue 48: eight cards with no result naming a DGX are no DGX: an own-draw estimate, at least
    // 2.4 kW (5.1-0061's wall power less its boards), at most the DGX H100's 10.2 kW less 8 × 700 W.
    let other = steps::system(&inputs(h100, 8, 700.0));
    assert_eq!((other.boundary, other.peak, other.peak_low), (Boundary::System, Watts(10_200.0), 5600.0 + 2400.0));
    assert!(!other.system.own_sourced && other.system.sourced.is_none());
    assert_eq!(other.system.comparable.as_ref().map(|s| &*s.id), Some("dgx-h100"));
    // An overhead typed: the boards plus it.
    let typed = steps::system(&Inputs { overhead: (Watts(1500.0), true), ..inputs(h100, 8, 700.0) });
    assert_eq!((typed.boundary, typed.peak), (Boundary::BoardsServer, Watts(8.0 * 700.0 + 1500.0)));
    assert!(typed.peak_origins.contains(&Origin::Input(Field::Overhead)));
    // Four cards are no sourced system: the boards alone.
    let four = steps::system(&inputs(h100, 4, 700.0));
    assert_eq!((four.boundary, four.peak), (Boundary::Boards, Watts(2800.0)));
    // Two GB200 NVL72 racks: one system of two racks (counted as systems), each part a rack at the
    // upper of its secondary 120–132 kW (issue 48).
    let racks = steps::system(&inputs(card("gb200"), 144, 1200.0));
    assert_eq!((racks.count_unit, racks.parts(), racks.part), (Unit::Systems, 2.0, Watts(132_000.0)));
    close(&racks.server_power, 264_000.0);
    close(&racks.part_power, 132_000.0);
}

#[test]
fn part_amps_follow_volts_phases_and_power_factor() {
    let one = steps::part_amps(Watts(7100.0), 230.0, None, None, &[]);
    let f = close(&one, 7100.0 / 230.0);
    assert_eq!(f.origins, [Origin::Input(Field::Volts)]);
    let three = steps::part_amps(Watts(7100.0), 400.0, Some(0.95), Some(Phases::Three), &[]);
    close(&three, 7100.0 / (3.0_f64.sqrt() * 400.0 * 0.95));
}

#[test]
fn sizing_takes_the_lower_end_below_the_results_setting() {
    let at = |setting: f64| ThroughputBasis { setting: Some(Watts(setting)), ..own(10_000.0) };
    let lower = steps::sizing(&at(600.0), Watts(450.0));
    assert_eq!((lower.low_tps, lower.high_tps), (10_000.0 * 450.0 / 600.0, 10_000.0));
    assert_eq!(lower.lower_end, Some(Assumption::SizedAtLowerEnd { limit_watts: 450.0, setting_watts: 600.0 }));
    let higher = steps::sizing(&at(600.0), Watts(700.0));
    assert_eq!((higher.low_tps, higher.lower_end), (10_000.0, None));
    assert!((higher.high_tps - 10_000.0 * 700.0 / 600.0).abs() < 1e-9, "{}", higher.high_tps);
    assert_eq!(steps::sizing(&own(10_000.0), Watts(123.0)), even(10_000.0));
}

#[test]
fn servers_count_the_demand_in_its_busy_hours_and_use_more_than_typed() {
    // 10⁹ tokens in 8 busy hours: R = 10⁹ ÷ 28 800 s = 34 722.2 tokens/s; at 10 000 per server ⌈3.47⌉ = 4.
    let i = Inputs {
        demand: Some(1e9),
        hours: Some((8.0, true)),
        typed_servers: Some(2),
        ..inputs(card("h100-sxm"), 8, 700.0)
    };
    let need = steps::servers(catalogue(), &i, Some(&own(10_000.0)), Some(&even(10_000.0)), Unit::Servers);
    let rate = 1e9 / (8.0 * 3600.0);
    assert_eq!(need.rate, Some(rate));
    let n = close(&need.servers_needed, 4.0);
    assert_eq!(n.kind, Kind::Estimate(vec![Assumption::DemandSpread { hours: 8.0 }]));
    assert!(n.origins.contains(&Origin::Input(Field::Demand)) && n.origins.contains(&Origin::Input(Field::Hours)));
    assert_eq!((need.servers_used, need.from_need), (Some(4), true));
    assert_eq!(need.notices, [PlanNotice::UsesMoreServers { typed: 2, used: 4 }]);
    close(&need.busy_load, 100.0 * rate / (4.0 * 10_000.0));
    // The counted origins name the count, not the Servers field.
    assert!(!need.counted(Vec::new()).contains(&Origin::Input(Field::Servers)));
    // Ten typed servers are enough: the field stands.
    let ten = steps::servers(
        catalogue(),
        &Inputs { typed_servers: Some(10), ..i },
        Some(&own(10_000.0)),
        Some(&even(10_000.0)),
        Unit::Servers,
    );
    assert_eq!((ten.servers_used, ten.from_need, ten.notices.len()), (Some(10), false, 0));
    assert_eq!(ten.counted(Vec::new()), [Origin::Input(Field::Servers)]);
}

fn server_result(card: &str) -> &'static PublishedResult {
    catalogue()
        .results
        .iter()
        .find(|r| r.card == card && r.benchmark == Benchmark::Llama2_70b99 && r.scenario == Scenario::Server)
        .unwrap_or_else(|| panic!("no Llama 2 70B Server result for {card}"))
}

#[test]
fn servers_count_people_by_the_results_latency_bound() {
    // Llama 2 70B Server: TPOT ≤ 200 ms (MLPerf's LoadGen), so ⌊T × 0.2⌋ people per server.
    let result = server_result("h100-sxm");
    let throughput = Throughput::Published(result);
    let t = result.tokens_per_s;
    let i = Inputs { throughput: Some(&throughput), users: Some(5000.0), ..inputs(card("h100-sxm"), 8, 700.0) };
    let need = steps::servers(catalogue(), &i, Some(&own(t)), Some(&even(t)), Unit::Servers);
    let streams = (t * 0.2).floor();
    let per = close(&need.streams_per_server, streams);
    assert_eq!(per.kind, Kind::Estimate(vec![Assumption::StreamsBound { tpot_ms: 200.0 }]));
    let n = close(&need.servers_needed, (5000.0 / streams).ceil());
    assert_eq!(n.side, Side::AtLeast, "an upper bound of streams makes the count a floor");
    // Asking each person for 6 tokens/s: more than 1000 ÷ 200 ms promises; no count.
    let fast =
        steps::servers(catalogue(), &Inputs { speed: Some(6.0), ..i }, Some(&own(t)), Some(&even(t)), Unit::Servers);
    assert!(fast.servers_needed.is_none());
    assert!(
        matches!(fast.notices.as_slice(), [PlanNotice::SpeedTooHigh { speed, promised, .. }] if *speed == 6.0 && *promised == 5.0)
    );
}

fn peak(overhead: f64) -> steps::SystemPeak<'static> {
    steps::system(&Inputs { overhead: (Watts(overhead), true), ..inputs(card("h100-sxm"), 8, 700.0) })
}

#[test]
fn rack_fit_counts_servers_per_position_and_the_limit_for_one_more() {
    // 8 × 700 W + 1 500 W = 7 100 W a server; 17 kW holds ⌊17 000 ÷ 7 100⌋ = 2.
    let sys = peak(1500.0);
    let i = inputs(card("h100-sxm"), 8, 700.0);
    let need = Need::default();
    let needed = Figure::new(10.0, Unit::Servers, Kind::Estimate(vec![Assumption::DemandRange]), Vec::new());
    let fit = steps::rack_fit(Kilowatts(17.0), &i, &sys, Some(10), needed.as_ref(), &need);
    assert_eq!(fit.fit, 2.0);
    close(&fit.servers_per_rack, 2.0);
    // Three a position at ⌊(17 000 ÷ 3 − 1 500) ÷ 8⌋ = 520 W a card.
    close(&fit.limit_for_one_more, ((17_000.0 / 3.0 - 1500.0) / 8.0_f64).floor());
    let positions = close(&fit.rack_positions, (10.0_f64 / 2.0).ceil());
    assert_eq!(positions.kind, Kind::Estimate(vec![Assumption::DemandRange]));
    assert!(fit.notices.is_empty());
    // 5 kW holds no 7.1 kW server.
    let none = steps::rack_fit(Kilowatts(5.0), &i, &sys, Some(10), None, &need);
    assert_eq!(none.fit, 0.0);
    assert_eq!(
        none.notices.last(),
        Some(&PlanNotice::ServerOverRack { server_kw: 7.1, rack_kw: 5.0, rack_scale: false })
    );
    assert!(none.rack_positions.is_none());
}

#[test]
fn sign_off_counts_circuits_under_the_rule() {
    // 208 V three-phase 30 A at 80 % (NEC): √3 × 208 × 30 × 0.8 = 8 646 VA; two 7.1 kW servers need 2 a feed.
    let c =
        Circuit { volts: 208.0, breaker: 30.0, pf: None, phases: Some(Phases::Three), derate: None, feeds: Some(2.0) };
    let e = steps::sign_off(&c, 14_200.0, 2.0, &[]);
    let usable = 3.0_f64.sqrt() * 208.0 * 30.0 * 0.8;
    close(&e.circuit_kw, usable / 1000.0);
    close(&e.circuits_per_feed, (14_200.0 / usable).ceil());
    close(&e.feed_amps, 14_200.0 / (3.0_f64.sqrt() * 208.0));
    close(&e.position_kva, 14.2);
    let s = e.sign_off.unwrap_or_else(|| panic!("a sign-off"));
    assert_eq!((s.feeds, s.held, s.load_kw, s.circuits_per_feed), (2, 2.0, 14.2, 2.0));
    // At 100 % (an IEC breaker's rating) one circuit carries 10.8 kW: 14.2 kW needs 2 still, 10 kW one.
    let iec = steps::sign_off(&Circuit { derate: Some(100.0), ..c }, 10_000.0, 1.0, &[]);
    close(&iec.circuits_per_feed, 1.0);
}

#[test]
fn tokens_per_mw_at_the_boards_the_system_and_the_site() {
    let sys = steps::system(&inputs(card("h100-sxm"), 8, 700.0));
    let m = steps::tokens_per_mw(&even(10_000.0), &own(10_000.0), &sys, Some(1.3));
    let boards = close(&m.boards, 10_000.0 * 1e6 / 5600.0);
    assert_eq!((boards.boundary, boards.side), (Boundary::Boards, Side::AtLeast));
    close(&m.system, 10_000.0 * 1e6 / 10_200.0);
    let site = close(&m.site, 10_000.0 * 1e6 / (10_200.0 * 1.3));
    assert_eq!(site.boundary, Boundary::SystemSite);
    // The boards alone: no system figure.
    let four = steps::system(&inputs(card("h100-sxm"), 4, 700.0));
    assert!(steps::tokens_per_mw(&even(5000.0), &own(5000.0), &four, None).system.is_none());
}

#[test]
fn it_load_crosses_the_eu_threshold_at_500_kw() {
    // 50 DGX H100 at 10.2 kW: 510 kW, reported under (EU) 2024/1364; 49: 499.8 kW, not.
    let it = steps::it_load(Watts(10_200.0), 50, Vec::new());
    close(&it.it_power, 510.0);
    close(&it.cooling, 510.0);
    close(&it.heat, 510_000.0 * 3600.0 / 1055.05585262);
    assert_eq!(it.eu.map(|e| e.reached), Some(true));
    assert_eq!(steps::it_load(Watts(10_200.0), 49, Vec::new()).eu.map(|e| e.reached), Some(false));
}

fn settings(pue: f64, load: f64, idle: Option<f64>) -> SiteSettings {
    SiteSettings { pue: (pue, true), load: (load, true), idle: idle.map(Watts) }
}

#[test]
fn demand_energy_with_an_idle_power_is_one_estimate() {
    // 4 servers × 8 H100 at 700 W, idle 100 W, PUE 1.2; 10⁹ tokens over 24 h at 10 000 tokens/s a server.
    let i = Inputs { demand: Some(1e9), ..inputs(card("h100-sxm"), 8, 700.0) };
    let d = Demand { tokens: 1e9, rate: 1e9 / 86_400.0, hours: 24.0, servers: 4 };
    let e =
        steps::demand_energy(&i, &settings(1.2, 100.0, Some(100.0)), &d, &even(10_000.0), &own(10_000.0), Vec::new());
    let u = d.rate / (4.0 * 10_000.0);
    let boards_wh = 4.0 * 8.0 * (100.0 * 24.0 + 600.0 * u * 24.0);
    let site_wh = boards_wh * 1.2;
    assert_eq!(e.basis, EnergyBasis::Demand);
    close(&e.site_kwh_per_day, site_wh / 1000.0);
    close(&e.site_kwh_per_year, site_wh / 1000.0 * 365.0);
    close(&e.site_power, site_wh / 24.0);
    close(&e.site_j_per_token, site_wh * 3600.0 / 1e9);
    let standing = 4.0 * 8.0 * 100.0 * 24.0 * 1.2;
    close(&e.standing_kwh_per_year, standing * 365.0 / 1000.0);
    close(&e.work_kwh_per_year, (site_wh - standing) * 365.0 / 1000.0);
    close(&e.standing_share, 100.0 * standing / site_wh);
    assert!(e.notices.is_empty());
}

#[test]
fn demand_energy_without_an_idle_power_is_a_range() {
    // Every token at the boards' J/token (8 × 700 W ÷ 10 000 tokens/s) … every card at its limit all day.
    let i = Inputs { demand: Some(1e9), ..inputs(card("h100-sxm"), 8, 700.0) };
    let d = Demand { tokens: 1e9, rate: 1e9 / 86_400.0, hours: 24.0, servers: 4 };
    let e = steps::demand_energy(&i, &settings(1.0, 100.0, None), &d, &even(10_000.0), &own(10_000.0), Vec::new());
    let day = close(&e.site_kwh_per_day, 4.0 * 8.0 * 700.0 * 24.0 / 1000.0);
    low(&day, 1e9 * 5600.0 / 10_000.0 / 3600.0 / 1000.0);
    assert_eq!(e.notices, [PlanNotice::IdleDecides]);
    assert!(e.standing_kwh_per_year.is_none());
}

#[test]
fn load_energy_is_the_worst_case_or_the_typed_load() {
    // 10 servers, 8 × 700 W + 1 000 W, PUE 1.5, no idle: every card at its limit, J/token at half the tokens.
    let i = Inputs { overhead: (Watts(1000.0), true), ..inputs(card("h100-sxm"), 8, 700.0) };
    let e = steps::load_energy(&i, &settings(1.5, 50.0, None), Some(10), Some(&own(10_000.0)), Vec::new());
    assert_eq!(e.basis, EnergyBasis::Limit);
    close(&e.site_power, 10.0 * 6600.0 * 1.5);
    close(&e.site_kwh_per_day, 10.0 * 6600.0 * 1.5 * 24.0 / 1000.0);
    close(&e.site_j_per_token, 6600.0 * 1.5 / (10_000.0 * 0.5));
    // With an idle power of 100 W at 50 %: each card 100 + 600 × 0.5 = 400 W.
    let e = steps::load_energy(&i, &settings(1.5, 50.0, Some(100.0)), Some(10), Some(&own(10_000.0)), Vec::new());
    assert_eq!(e.basis, EnergyBasis::Load);
    close(&e.site_power, 10.0 * (8.0 * 400.0 + 1000.0) * 1.5);
}

#[test]
fn sweep_and_curve_follow_the_load() {
    let i = inputs(card("h100-sxm"), 8, 700.0);
    let s = settings(1.0, 100.0, Some(100.0));
    let sweep = steps::sweep(&i, &s, &even(10_000.0), &own(10_000.0), &[]);
    assert_eq!(sweep.len(), 15);
    // At 10 % of 10 000 tokens/s over 24 h: (8 × (100 × 24 + 600 × 0.1 × 24)) Wh ÷ (1 000 × 24 × 3600 s ÷ 3600).
    let ten = sweep.iter().find(|p| p.load == 10.0).and_then(|p| p.j_per_token.clone());
    close(&ten, 8.0 * (100.0 * 24.0 + 600.0 * 0.1 * 24.0) * 3600.0 / (1000.0 * 24.0 * 3600.0));
    assert!(steps::sweep(&i, &settings(1.0, 100.0, None), &even(1.0), &own(1.0), &[]).is_empty());
    let curve = steps::curve(&i, &s, Some(2), Some(&own(10_000.0)), &[]);
    assert_eq!(
        curve.iter().map(|p| p.load).collect::<Vec<_>>(),
        [10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0, 100.0]
    );
    // At 50 %: 2 servers × 8 × 400 W × 24 h.
    close(&curve[4].kwh_per_day, 2.0 * 8.0 * 400.0 * 24.0 / 1000.0);
    close(&curve[4].j_per_token, 8.0 * 400.0 / 5000.0);
    assert!(steps::curve(&i, &s, None, None, &[]).iter().all(|p| p.kwh_per_day.is_none() && p.j_per_token.is_none()));
}

fn energy_of(kwh_per_year: f64, j_per_token: f64) -> SiteEnergy {
    SiteEnergy {
        site_kwh_per_year: Figure::new(kwh_per_year, Unit::KilowattHoursPerYear, Kind::Ceiling, Vec::new()),
        site_j_per_token: Figure::new(j_per_token, Unit::JoulesPerToken, Kind::Ceiling, Vec::new()),
        ..SiteEnergy::default()
    }
}

#[test]
fn cost_and_carbon_scale_the_year_and_the_tokens() {
    let e = energy_of(1000.0, 1.0);
    let c = steps::cost(&e, 0.2, Currency::Usd);
    let year = close(&c.per_year, 200.0);
    assert_eq!(year.unit, Unit::Money(Currency::Usd));
    // 1 J/token is 10⁶ J = 0.277… kWh per million tokens.
    close(&c.per_mtok, 1e6 / 3.6e6 * 0.2);
    assert!(c.standing_per_year.is_none());
    let g = steps::carbon(&e, 350.0);
    close(&g.per_year, 350.0);
    close(&g.per_mtok, 1e6 / 3.6e6 * 350.0);
}

#[test]
fn water_and_embodied_from_the_it_energy_and_the_cards_footprint() {
    // 120 000 kWh at the site with PUE 1.2: 100 000 kWh of IT energy.
    let site = Figure::new(120_000.0, Unit::KilowattHoursPerYear, Kind::Ceiling, Vec::new());
    let f = Footprint { wue: Some(0.3), water: Some(3.1), life: Some(None) };
    let w = steps::water_and_embodied(site.as_ref(), &f, card("h100-sxm"), 8, Some(10), (1.2, true), Some(1e9));
    close(&w.it_kwh_per_year, 100_000.0);
    close(&w.water_onsite_l_per_year, 30_000.0);
    close(&w.water_offsite_l_per_year, 100_000.0 * 1.2 * 3.1);
    close(&w.water_l_per_year, 30_000.0 + 372_000.0);
    // HGX H100: 1 312 kg for 8 GPUs, over 3 years (EcoLogits' default), 80 GPUs.
    let kg = 80.0 * 1312.0 / 8.0 / 3.0;
    close(&w.embodied_kg_per_year, kg);
    close(&w.embodied_g_per_mtok, kg * 1000.0 / (1e9 * 365.0 / 1e6));
    assert!(!w.embodied_unpublished);
    // A card with no published footprint says so; a bad lifetime leaves the footprint out.
    let nvl = steps::water_and_embodied(None, &f, card("h200-nvl"), 8, Some(10), (1.0, false), None);
    assert!(nvl.embodied_unpublished && nvl.embodied_kg_per_year.is_none() && nvl.it_kwh_per_year.is_none());
    let bad = steps::water_and_embodied(
        None,
        &Footprint { life: None, ..f },
        card("h100-sxm"),
        8,
        Some(10),
        (1.0, false),
        None,
    );
    assert!(bad.embodied_kg_per_year.is_none());
}
