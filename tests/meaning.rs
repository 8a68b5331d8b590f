//! One answer, one meaning (issue 34): every view shows a figure with the same value, scope and
//! bound. Each expected value is arithmetic written here from DATA.md's published figures; the views
//! (the answer's figures, the plan, the grid, CSV, JSON, the quote's text) are read and held to it.
#![allow(clippy::panic)] // a test fails by panicking
#![allow(clippy::indexing_slicing)] // serde_json's `value[key]` gives Null for a missing key

mod common;

use token_energy::catalogue::{Benchmark, Catalogue};
use token_energy::compare::{self, Delta, Saved};
use token_energy::export;
use token_energy::figure::{Assumption, Boundary, Figure, Kind, Side};
use token_energy::form::{Edit, Field, Form};
use token_energy::i18n::Lang;
use token_energy::plan::{self, EnergyBasis, PlanNotice};

fn catalogue() -> &'static Catalogue {
    Catalogue::embedded()
}

#[track_caller]
fn close(actual: f64, expected: f64) {
    assert!((actual - expected).abs() <= expected.abs() * 1e-9, "{actual} ≠ {expected}");
}

/// 1 W = 3.412141633 BTU/h (the brief; 3600 ÷ 1055.05585262).
const BTU: f64 = 3.412141633;

/// The L40S the issue was found on: v4.1-0025, 8 × L40S at the rated 350 W (DATA.md: no setting
/// stated), Server 3218.55 tokens/s, one server typed, 400 M output tokens a day in 10 busy hours.
fn l40s(plan: &[(Field, &str)]) -> Form {
    let mut form = Form::initial(catalogue());
    form = form.apply(catalogue(), Edit::Card("l40s".into())).form;
    form = form.apply(catalogue(), Edit::Throughput("v4.1-0025".into())).form;
    form = form.apply(catalogue(), Edit::Benchmark(Benchmark::Llama2_70b99.id().into())).form;
    form = form.apply(catalogue(), Edit::Scenario("server".into())).form;
    let base = [(Field::Demand, "400000000"), (Field::Hours, "10")];
    common::typed(catalogue(), form, &[&base[..], plan].concat())
}

fn json_figure<'a>(json: &'a serde_json::Value, configuration: usize, id: &str) -> &'a serde_json::Value {
    json["configurations"][configuration]["figures"]
        .as_array()
        .and_then(|list| list.iter().find(|f| f["id"] == id))
        .unwrap_or_else(|| panic!("no {id} in configuration {configuration}"))
}

#[test]
fn all_servers_counts_the_servers_the_plan_uses_in_every_view() {
    let form = l40s(&[]);
    // 400e6 ÷ 36,000 s = 11,111.1 tokens/s in the busy hours ÷ 3218.55 per server → 4 servers.
    let need = (400.0e6_f64 / 36_000.0 / 3218.55).ceil();
    assert_eq!(need, 4.0);
    let kwh = need * 8.0 * 350.0 * 24.0 / 1000.0; // 268.8 kWh
    let btu = need * 8.0 * 350.0 * BTU; // 38,216 BTU/h
    close(kwh, 268.8);
    assert_eq!(btu.round(), 38_216.0);

    // The page's figure row and summary bar read the answer.
    let answer = plan::answer(catalogue(), &form);
    assert_eq!(answer.plan.servers_used, Some(4));
    close(answer.evaluation.figures.energy_per_day.as_ref().expect("kWh/day").value, kwh);
    close(answer.evaluation.figures.heat.as_ref().expect("heat").value, btu);
    // The plan's own IT heat (no overhead typed) is the same value: shown once, never contradicted.
    close(answer.plan.heat.as_ref().expect("plan heat").value, btu);

    // The grid, CSV and JSON of a comparison of it.
    let list = vec![Saved { name: "L40S".into(), form: form.clone() }];
    let rows = compare::grid(catalogue(), &list, 0);
    let cell = |id: &str| rows.iter().find(|r| r.id == id).and_then(|r| r.cells[0].clone()).expect("cell");
    close(cell("kwh-per-day").value, kwh);
    close(cell("btu-per-h").value, btu);
    let json: serde_json::Value =
        serde_json::from_str(&export::json(catalogue(), &list, &common::export_context(&form), Lang::En.strings()))
            .expect("JSON");
    close(json_figure(&json, 0, "kwh-per-day")["value"].as_f64().expect("value"), kwh);
    close(json_figure(&json, 0, "btu-per-h")["value"].as_f64().expect("value"), btu);
    let csv = export::csv(catalogue(), &list, &common::export_context(&form), Lang::En.strings());
    let line = csv.lines().find(|l| l.contains(",kwh-per-day,")).expect("CSV row");
    let value: f64 =
        line.split(",kwh-per-day,").nth(1).and_then(|r| r.split(',').next()).expect("value").parse().expect("number");
    close(value, kwh);

    // The quote's (and e-mail's) text: 268.8 read to three figures, 269 kWh.
    // With a plan the boards' day is named as such (issue 49).
    for (lang, expected) in
        [(Lang::En, "Energy per day, all servers, GPU boards only: 269 kWh"), (Lang::De, ", nur GPU-Boards: 269 kWh")]
    {
        let text = export::quote_text(catalogue(), &form, &[], "https://x.test/?v=1", "", lang.strings());
        assert!(text.contains(expected), "{lang:?}: {text}");
        assert!(!text.contains(": 67.2 kWh") && !text.contains(": 67,2 kWh"), "one server's day: {text}");
    }

    // Typing more servers than needed: the typed count stands (6 × 8 × 350 W).
    let more = common::typed(catalogue(), form, &[(Field::Servers, "6")]);
    let answer = plan::answer(catalogue(), &more);
    close(answer.evaluation.figures.energy_per_day.as_ref().expect("day").value, 6.0 * 8.0 * 350.0 * 24.0 / 1000.0);
}

#[test]
fn each_figure_carries_the_boundary_it_counts_in_every_view() {
    // 8 × 350 W + 1,200 W overhead, PUE 1.4.
    let form = l40s(&[(Field::Overhead, "1200"), (Field::Pue, "1.4"), (Field::Idle, "40")]);
    let answer = plan::answer(catalogue(), &form);
    let p = &answer.plan;
    let site = [&p.site_kwh_per_year, &p.site_j_per_token, &p.site_power, &p.site_busy_power, &p.site_kwh_per_day];
    for f in site {
        assert_eq!(f.as_ref().expect("site figure").boundary, Boundary::BoardsServerSite);
    }
    // Server figures: boards + server, never the site.
    assert_eq!(p.server_power.as_ref().expect("peak").boundary, Boundary::BoardsServer);
    // The configuration's own: boards alone.
    assert_eq!(answer.evaluation.figures.board_power.as_ref().expect("board").boundary, Boundary::Boards);
    // Counts count no power.
    assert_eq!(p.servers_needed.as_ref().expect("servers").scope_id(), None);

    // The words every view writes (answer badge, summary bar, grid, e-mail) come from the figure.
    let year = p.site_kwh_per_year.as_ref().expect("year");
    assert_eq!(Lang::En.strings().tag(year), "estimate, GPU boards + server + site");
    assert_eq!(Lang::De.strings().tag(year), "Schätzung, GPU-Boards + Server + Rechenzentrum");
    let text = export::quote_text(catalogue(), &form, &[], "https://x.test/", "", Lang::En.strings());
    // The plan's answer in one line (issue 49): the year, cost and J/token share the site's tag, said once.
    let line = text.lines().find(|l| l.starts_with("In this plan: ")).expect("answer line");
    assert!(line.ends_with("J/token (estimate, GPU boards + server + site)"), "{line}");
    let line = text.lines().find(|l| l.starts_with("Site energy per day")).expect("day line");
    assert!(line.ends_with("(estimate, GPU boards + server + site)"), "{line}");

    // CSV and JSON: the same scope id.
    let list = vec![Saved { name: String::new(), form: form.clone() }];
    let json: serde_json::Value =
        serde_json::from_str(&export::json(catalogue(), &list, &common::export_context(&form), Lang::En.strings()))
            .expect("JSON");
    assert_eq!(json_figure(&json, 0, "site-kwh-per-year")["scope"], "gpu-board+server+site");
    assert_eq!(json_figure(&json, 0, "kwh-per-day")["scope"], "gpu-board");
    assert_eq!(json_figure(&json, 0, "servers-needed")["scope"], serde_json::Value::Null);
    let csv = export::csv(catalogue(), &list, &common::export_context(&form), Lang::En.strings());
    assert!(csv.lines().any(|l| l.contains(",site-kwh-per-year,") && l.contains(",gpu-board+server+site,")), "{csv}");
}

#[test]
fn per_cent_compares_points_or_ends_never_an_upper_end_alone() {
    let figure = |low: Option<f64>, high: f64| {
        match low {
            Some(l) => Figure::range(l, high, token_energy::figure::Unit::KilowattHoursPerYear, Kind::Ceiling, vec![]),
            None => Figure::new(high, token_energy::figure::Unit::KilowattHoursPerYear, Kind::Ceiling, vec![]),
        }
        .expect("figure")
    };
    // The case: L40S 100 … 2,800 against H200 NVL 33.8 … 4,800 (shapes, not the plan's values).
    let l40s = figure(Some(100.0), 2800.0);
    let h200 = figure(Some(33.8), 4800.0);
    let Some(Delta::Ends { low, high }) = compare::delta(&l40s, &h200) else { panic!("ends") };
    close(low, (100.0 / 33.8 - 1.0) * 100.0);
    close(high, (2800.0 / 4800.0 - 1.0) * 100.0);
    assert!(low > 0.0 && high < 0.0, "both signs shown, neither alone");
    // Point against point: one per cent.
    assert_eq!(compare::delta(&figure(None, 150.0), &figure(None, 100.0)), Some(Delta::Point(50.0)));
    // A point against a range: the point is both its ends.
    let Some(Delta::Ends { low, high }) = compare::delta(&figure(None, 150.0), &figure(Some(100.0), 300.0)) else {
        panic!("ends")
    };
    close(low, 50.0);
    close(high, -50.0);
    // Across boundaries: none.
    let site = figure(None, 150.0).within(Boundary::BoardsServerSite);
    assert_eq!(compare::delta(&site, &figure(None, 100.0)), None);
    // A zero baseline end: none (no division by zero).
    assert_eq!(compare::delta(&figure(None, 1.0), &figure(None, 0.0)), None);
}

#[test]
fn counts_of_different_systems_get_no_per_cent_and_stars_need_like_work() {
    // 8 × H200 NVL (6.0-0021) against 4 × H200 NVL: servers of another size are another unit.
    let eight = Form::initial(catalogue());
    let four = common::typed(catalogue(), eight.clone(), &[(Field::Gpus, "4")]);
    let list = vec![
        Saved { name: "8".into(), form: common::typed(catalogue(), eight, &[(Field::Demand, "4e9")]) },
        Saved { name: "4".into(), form: common::typed(catalogue(), four, &[(Field::Demand, "4e9")]) },
    ];
    let rows = compare::grid(catalogue(), &list, 0);
    let row = |id: &str| rows.iter().find(|r| r.id == id).unwrap_or_else(|| panic!("{id}"));
    assert!(row("servers-needed").cells.iter().all(Option::is_some));
    assert_eq!(row("servers-needed").delta_percent[1], None, "servers of 8 and of 4 cards");
    assert_eq!(row("board-power-w").delta_percent[1], None);
    // J/token is per token: its per cent stands.
    assert!(row("j-per-token").delta_percent[1].is_some());

    // A star needs a served precision known for every configuration: v4.1-0025 (L40S) starts from
    // FP16 with a quantization stated, so against it nothing is starred, however low.
    let list = vec![
        Saved { name: "H200".into(), form: Form::initial(catalogue()) },
        Saved { name: "L40S".into(), form: l40s(&[]) },
    ];
    let rows = compare::grid(catalogue(), &list, 0);
    assert!(rows.iter().all(|r| r.best.is_empty()), "no star where a precision is open");
}

#[test]
fn bounds_are_named_as_bounds() {
    // People at once divide by an upper bound of streams: at least that many servers.
    let form = l40s(&[(Field::Users, "500")]);
    let p = plan::answer(catalogue(), &form).plan;
    let servers = p.servers_needed.as_ref().expect("servers");
    assert!(
        matches!(&servers.kind, Kind::Estimate(a) if a.iter().any(|a| matches!(a, Assumption::StreamsBound { .. })))
    );
    assert_eq!(servers.side, Side::AtLeast);
    assert_eq!(Lang::En.strings().side(servers), "at least ");
    assert_eq!(Lang::De.strings().side(servers), "mindestens ");
    // The exports say so: `bound` at-least, in the CSV's column and the JSON's key.
    let list = vec![Saved { name: "people".into(), form: form.clone() }];
    let json: serde_json::Value =
        serde_json::from_str(&export::json(catalogue(), &list, &common::export_context(&form), Lang::En.strings()))
            .expect("JSON");
    assert_eq!(json_figure(&json, 0, "servers-needed")["bound"], "at-least");
    assert_eq!(json_figure(&json, 0, "j-per-token")["bound"], serde_json::Value::Null);
    let csv = export::csv(catalogue(), &list, &common::export_context(&form), Lang::En.strings());
    let header: Vec<&str> = csv.lines().next().expect("header").split(',').collect();
    let bound = header.iter().position(|h| *h == "bound").expect("a bound column");
    assert_eq!(header.get(bound - 1), Some(&"scope"));
    let line = csv.lines().find(|l| l.contains(",servers-needed,")).expect("servers row");
    // The cells up to `bound` hold no quoted comma here (names and ids only).
    assert_eq!(line.split(',').nth(bound), Some("at-least"), "{line}");
    // A demand alone: as its kind says.
    let p = plan::answer(catalogue(), &l40s(&[])).plan;
    assert_eq!(p.servers_needed.as_ref().expect("servers").side, Side::AsKind);

    // Rack positions from the boards alone (no overhead): at least, an estimate naming why.
    // 4 servers of 2,800 W in a 6 kW position: ⌊6000 ÷ 2800⌋ = 2 per position, ⌈4 ÷ 2⌉ = 2.
    let p = plan::answer(catalogue(), &l40s(&[(Field::Rack, "6")])).plan;
    let rack = p.rack_positions.as_ref().expect("positions");
    close(rack.value, 2.0);
    assert_eq!(rack.side, Side::AtLeast);
    assert!(matches!(&rack.kind, Kind::Estimate(a) if a.contains(&Assumption::BoardsOnlyFit)));
    // With the server's own draw: 2,800 + 400 = 3,200 W, one per 6 kW position... ⌊6000 ÷ 3200⌋ = 1, 4 positions.
    let p = plan::answer(catalogue(), &l40s(&[(Field::Rack, "6"), (Field::Overhead, "400")])).plan;
    let rack = p.rack_positions.as_ref().expect("positions");
    close(rack.value, 4.0);
    assert_eq!(rack.side, Side::AsKind);

    // The range's ends are named for what they are, never "the least" or "the most".
    for lang in [Lang::En, Lang::De] {
        let (low, high) = (lang.strings().range_ends)(&Assumption::DemandRange).expect("ends");
        for words in [low, high] {
            for banned in ["least", "most", "Mindeste", "Höchste"] {
                assert!(!words.contains(banned), "{lang:?}: {words}");
            }
        }
    }
}

#[test]
fn site_power_is_named_as_an_average_with_the_busy_hours_beside_it() {
    // 4 servers × 8 L40S, idle 40 W, 10 busy hours, no overhead, PUE 1: the busy hours draw
    // 4 × 8 × (40 + (350 − 40) × load) W with load = R ÷ (4 × 3218.55), R = 400e6 ÷ 36,000.
    let p = plan::answer(catalogue(), &l40s(&[(Field::Idle, "40")])).plan;
    assert_eq!(p.basis, EnergyBasis::Demand);
    let r = 400.0e6 / 36_000.0;
    let load = r / (4.0 * 3218.55);
    let busy = 4.0 * 8.0 * (40.0 + 310.0 * load);
    let busy_figure = p.site_busy_power.as_ref().expect("busy power");
    // At 86 % load the measured curve (0.845 of the limit, issue 47) lies below the linear model's 0.88:
    // both ends are the linear model's, one figure.
    let busy_high = 4.0 * 8.0 * common::h100_measured_watts(100.0 * load, 40.0, 350.0);
    assert_eq!(busy_high, busy);
    close(busy_figure.value, busy);
    assert_eq!(busy_figure.low, None);
    // The 24-hour average: the day's energy ÷ 24, idle in the other 14 hours.
    let day_wh = 4.0 * 8.0 * (40.0 * 24.0 + 310.0 * load * 10.0);
    close(p.site_power.as_ref().expect("average").value, day_wh / 24.0);
    assert!(busy > day_wh / 24.0);
    // Without an idle power typed, the L40S's sourced idle (82 to 86 W, issue 35; + 50 W above, issue 47)
    // spans the busy power: the linear model at 82 W to the measured shape.
    let p = plan::answer(catalogue(), &l40s(&[])).plan;
    let busy = p.site_busy_power.as_ref().expect("busy range");
    close(busy.value, 4.0 * 8.0 * common::h100_measured_watts(100.0 * load, 136.0, 350.0));
    close(busy.low.expect("low"), 4.0 * 8.0 * (82.0 + (350.0 - 82.0) * load));
    // A card without one: from the tokens at the ceiling J/token over the busy hours, to every card at
    // its limit (8 × H100 NVL, its first Server result).
    let mut nvl = Form::initial(catalogue());
    nvl = nvl.apply(catalogue(), Edit::Card("h100-nvl".into())).form;
    nvl = nvl.apply(catalogue(), Edit::Scenario("server".into())).form;
    let nvl = common::typed(catalogue(), nvl, &[(Field::Demand, "400000000"), (Field::Hours, "10")]);
    let answer = plan::answer(catalogue(), &nvl);
    let p = &answer.plan;
    // Its cards per server as the result gives them, at the card's rated 400 W (DATA.md: H100 NVL).
    let cards: f64 = nvl.gpus.parse().expect("cards");
    let watts = 400.0;
    // The published row's throughput (the catalogue's data, not the model's figure), and the servers
    // its busy hours need, written here (issue 49): ⌈400e6 ÷ 36,000 s ÷ T⌉, at least the one typed.
    let id = match &nvl.throughput {
        token_energy::form::ThroughputChoice::Published(id) => id.clone(),
        other => panic!("a published result, not {other:?}"),
    };
    let tps = catalogue().result(&id, nvl.benchmark, nvl.scenario).expect("the published row").tokens_per_s;
    let servers = (400.0e6 / 36_000.0 / tps).ceil().max(1.0);
    assert_eq!(p.servers_used.map(f64::from), Some(servers));
    let busy = p.site_busy_power.as_ref().expect("busy range");
    close(busy.value, servers * cards * watts);
    close(busy.low.expect("low"), 400.0e6 * (cards * watts / tps) / 36_000.0);
}

#[test]
fn a_grid_intensity_in_kilograms_is_questioned_and_kept() {
    let form = l40s(&[(Field::Co2, "0.35")]);
    let p = plan::answer(catalogue(), &form).plan;
    assert!(p.notices.contains(&PlanNotice::Co2InKilograms { typed: 0.35 }), "{:?}", p.notices);
    let en = (Lang::En.strings().plan_notice)(&PlanNotice::Co2InKilograms { typed: 0.35 });
    assert!(en.starts_with("Did you mean 350 g CO₂e/kWh (0.35 kg)?"), "{en}");
    let de = (Lang::De.strings().plan_notice)(&PlanNotice::Co2InKilograms { typed: 0.35 });
    assert!(de.starts_with("Meinten Sie 350 g CO₂e/kWh (0,35 kg)?"), "{de}");
    // What was typed is used as typed: 0.35 g per kWh.
    let year = p.site_kwh_per_year.as_ref().expect("year");
    let co2 = p.co2_per_year.as_ref().expect("co2");
    close(co2.value, year.value * 0.35 / 1000.0);
    // 5 g and above, and 0 (a zero-carbon contract), are not questioned.
    for typed in ["5", "380", "0"] {
        let p = plan::answer(catalogue(), &l40s(&[(Field::Co2, typed)])).plan;
        assert!(!p.notices.iter().any(|n| matches!(n, PlanNotice::Co2InKilograms { .. })), "{typed}");
    }
}

#[test]
fn a_compared_plan_that_differs_from_the_page_is_named_and_can_follow_it() {
    let page = l40s(&[]);
    let old = Saved { name: "before".into(), form: Form::initial(catalogue()) };
    let same = Saved { name: "same".into(), form: page.clone() };
    let list = vec![old, same];
    assert_eq!(compare::plan_differs(catalogue(), &list, &page), vec![0]);
    let followed = compare::apply(&list, compare::ListEdit::ApplyPlan(Box::new(page.plan.clone()))).expect("apply");
    assert!(compare::plan_differs(catalogue(), &followed, &page).is_empty());
    // The card and result of each stay its own.
    assert_eq!(followed[0].form.card, "h200-nvl");
    assert_eq!(followed[0].form.scenario, list[0].form.scenario);
}

/// The figures every view reads for a grid row id, taken from the answer (written here, not the
/// grid's own table).
fn answer_figure<'a>(answer: &'a plan::Answer, id: &str) -> Option<&'a Figure> {
    let (f, p) = (&answer.evaluation.figures, &answer.plan);
    match id {
        "j-per-token" => f.energy_per_token.as_ref(),
        "wh-per-mtok" => f.energy_per_million.as_ref(),
        "measured-j-per-token" => f.measured_energy_per_token.as_ref(),
        "throughput" => f.throughput.as_ref(),
        "board-power-w" => f.board_power.as_ref(),
        "kwh-per-day" => f.energy_per_day.as_ref(),
        "btu-per-h" => f.heat.as_ref(),
        "servers-needed" => p.servers_needed.as_ref(),
        "busy-load-percent" => p.busy_load.as_ref(),
        "rack-positions-needed" => p.rack_positions.as_ref(),
        "servers-per-rack" => p.servers_per_rack.as_ref(),
        "amps-per-phase" => p.amps_per_phase.as_ref(),
        "site-j-per-token" => p.site_j_per_token.as_ref(),
        "j-per-answer" => p.j_per_answer.as_ref(),
        "site-kwh-per-year" => p.site_kwh_per_year.as_ref(),
        "cost-per-year" => p.cost_per_year.as_ref(),
        "co2-kg-per-year" => p.co2_per_year.as_ref(),
        "standing-kwh-per-year" => p.standing_kwh_per_year.as_ref(),
        "work-kwh-per-year" => p.work_kwh_per_year.as_ref(),
        "cost-per-mtok" => p.cost_per_mtok.as_ref(),
        "server-power-w" => p.server_power.as_ref(),
        "tokens-per-mw" => p.tokens_per_mw.as_ref(),
        "system-tokens-per-mw" => p.system_tokens_per_mw.as_ref(),
        "site-tokens-per-mw" => p.site_tokens_per_mw.as_ref(),
        "water-l-per-year" => p.water_l_per_year.as_ref(),
        "embodied-kg-per-year" => p.embodied_kg_per_year.as_ref(),
        "site-kwh-per-day" => p.site_kwh_per_day.as_ref(),
        "it-power-kw" => p.it_power.as_ref(),
        "heat-it-btu-per-h" => p.heat.as_ref(),
        // issue 48: a facility engineer's rows.
        "circuits-per-feed" => p.circuits_per_feed.as_ref(),
        "position-kva" => p.position_kva.as_ref(),
        other => panic!("a grid row this test does not know: {other}"),
    }
}

#[test]
fn every_view_shows_each_figure_with_the_answers_value_scope_and_bound() {
    // A single server; a demand needing 4 servers; overhead and PUE; a lowered limit; a rack system.
    let single = Form::initial(catalogue());
    let four = l40s(&[(Field::Price, "0.25"), (Field::Co2, "380"), (Field::Rack, "15"), (Field::Volts, "415")]);
    let site = l40s(&[(Field::Overhead, "1200"), (Field::Pue, "1.4"), (Field::Price, "0.25"), (Field::Answer, "500")]);
    let lowered =
        common::typed(catalogue(), Form::initial(catalogue()), &[(Field::Watts, "450"), (Field::Demand, "1e9")]);
    let rack_result = catalogue()
        .results
        .iter()
        .find(|r| r.card == "gb200" && r.benchmark == Benchmark::Llama2_70b99)
        .expect("a GB200 NVL72 result");
    let mut rack = Form::initial(catalogue()).with_result(catalogue(), &rack_result.id);
    rack.benchmark = rack_result.benchmark;
    rack.scenario = rack_result.scenario;
    let rack = common::typed(catalogue(), rack, &[(Field::Demand, "2e9"), (Field::Rack, "132")]);
    let forms = [single, four, site, lowered, rack];
    let list: Vec<Saved> =
        forms.iter().enumerate().map(|(i, f)| Saved { name: format!("c{i}"), form: f.clone() }).collect();
    let rows = compare::grid(catalogue(), &list, 0);
    let json: serde_json::Value =
        serde_json::from_str(&export::json(catalogue(), &list, &common::export_context(&forms[0]), Lang::En.strings()))
            .expect("JSON");
    let mut checked = 0;
    for (i, form) in forms.iter().enumerate() {
        let answer = plan::answer(catalogue(), form);
        for row in &rows {
            let cell = row.cells[i].as_ref();
            // A configuration without plan fields shows no plan rows; otherwise the grid shows the answer's figure.
            let expected = if form.plan.is_set() || !PLAN_ROW_IDS.contains(&row.id) {
                answer_figure(&answer, row.id)
            } else {
                None
            };
            assert_eq!(cell, expected, "configuration {i}, {}", row.id);
            let Some(f) = expected else { continue };
            let j = json_figure(&json, i, row.id);
            // serde_json reads a double to within an ulp (its default parser is not correctly rounded).
            let same = |a: Option<f64>, b: Option<f64>| match (a, b) {
                (Some(a), Some(b)) => (a - b).abs() <= 1e-14 * b.abs(),
                (None, None) => true,
                _ => false,
            };
            assert!(same(j["value"].as_f64(), Some(f.value)), "configuration {i}, {} in the JSON", row.id);
            assert!(same(j["low"].as_f64(), f.low), "configuration {i}, {} in the JSON", row.id);
            assert_eq!(j["scope"].as_str(), f.scope_id(), "configuration {i}, {} in the JSON", row.id);
            assert_eq!(j["bound"].as_str(), f.side.id(), "configuration {i}, {} in the JSON", row.id);
            checked += 1;
        }
    }
    assert!(checked > 50, "{checked} cells held to the answer");
}

/// The grid's plan rows (written here): a configuration without plan fields has none of them.
const PLAN_ROW_IDS: [&str; 21] = [
    "site-kwh-per-day",
    "it-power-kw",
    "heat-it-btu-per-h",
    // issue 48
    "circuits-per-feed",
    "position-kva",
    "water-l-per-year",
    "embodied-kg-per-year",
    "site-tokens-per-mw",
    "servers-needed",
    "busy-load-percent",
    "rack-positions-needed",
    "servers-per-rack",
    "amps-per-phase",
    "site-j-per-token",
    "j-per-answer",
    "site-kwh-per-year",
    "cost-per-year",
    "co2-kg-per-year",
    "standing-kwh-per-year",
    "work-kwh-per-year",
    "cost-per-mtok",
];

#[test]
fn standing_plus_work_is_the_year_at_several_loads_and_limits() {
    // 8 × H200 NVL (6.0-0021 Offline, 32,004 tokens/s at 600 W) with a typed idle power, overhead and PUE:
    // at each demand and limit, standing (idle × cards + overhead) × 24 h × 365 × PUE plus the work is the
    // year, in kWh, cost and CO₂, at both ends of the range a lowered limit makes.
    for watts in ["600", "450", "300"] {
        for demand in ["1e6", "4e7", "1e9", "1e10"] {
            let form = common::typed(
                catalogue(),
                Form::initial(catalogue()),
                &[
                    (Field::Watts, watts),
                    (Field::Demand, demand),
                    (Field::Idle, "90"),
                    (Field::Overhead, "700"),
                    (Field::Pue, "1.3"),
                    (Field::Price, "0.2"),
                    (Field::Co2, "300"),
                ],
            );
            let p = plan::answer(catalogue(), &form).plan;
            // The servers, written here (issue 49): the day's rate over the throughput at the lower end
            // of its range (in proportion to the limit below the result's 600 W), at least one.
            let limit: f64 = watts.parse().expect("watts");
            let rate = demand.parse::<f64>().expect("demand") / 86_400.0;
            let servers = (rate / (32_004.0 * (limit / 600.0).min(1.0))).ceil().max(1.0);
            assert_eq!(p.servers_used.map(f64::from), Some(servers), "{watts} W, {demand}");
            let standing = (servers * (8.0 * 90.0 + 700.0)) * 24.0 * 1.3 * 365.0 / 1000.0;
            let s = p.standing_kwh_per_year.clone().expect("standing");
            close(s.value, standing);
            let (w, y) = (p.work_kwh_per_year.clone().expect("work"), p.site_kwh_per_year.clone().expect("year"));
            close(standing + w.value, y.value);
            close(standing + w.low.unwrap_or(w.value), y.low.unwrap_or(y.value));
            let (sc, wc, c) =
                (p.standing_cost_per_year.expect("sc"), p.work_cost_per_year.expect("wc"), p.cost_per_year.expect("c"));
            close(sc.value + wc.value, c.value);
            close(sc.value, standing * 0.2);
            let (so, wo, o) =
                (p.standing_co2_per_year.expect("so"), p.work_co2_per_year.expect("wo"), p.co2_per_year.expect("o"));
            close(so.value + wo.value, o.value);
            close(so.value, standing * 0.3);
            // The share: standing over the year, at each end.
            let share = p.standing_share.expect("share");
            close(share.value, 100.0 * standing / y.low.unwrap_or(y.value));
        }
    }
}

#[test]
fn an_energy_label_names_the_site_only_where_a_pue_counts_it() {
    // Without a PUE the year counts GPU boards (and the server's own draw): no "site", no "RZ-".
    let boards = l40s(&[(Field::Overhead, "1200")]);
    let p = plan::answer(catalogue(), &boards).plan;
    let year = p.site_kwh_per_year.as_ref().expect("year");
    assert_eq!(year.boundary, Boundary::BoardsServer);
    // The e-mail's labelled plan energy is the day's (the year stands in the answer's line, issue 49).
    let en = export::quote_text(catalogue(), &boards, &[], "https://x.test/", "", Lang::En.strings());
    assert!(en.lines().any(|l| l.starts_with("Energy per day: ")), "{en}");
    assert!(!en.contains("Site energy"), "{en}");
    let de = export::quote_text(catalogue(), &boards, &[], "https://x.test/", "", Lang::De.strings());
    assert!(de.lines().any(|l| l.starts_with("Energie je Tag: ")), "{de}");
    assert!(!de.contains("RZ-"), "{de}");
    // With a PUE above 1 the site is counted, and named.
    let site = l40s(&[(Field::Overhead, "1200"), (Field::Pue, "1.3")]);
    let de = export::quote_text(catalogue(), &site, &[], "https://x.test/", "", Lang::De.strings());
    assert!(de.lines().any(|l| l.starts_with("RZ-Energie je Tag: ")), "{de}");
}

#[test]
fn a_mass_of_a_tonne_or_more_reads_in_tonnes_and_machines_keep_kilograms() {
    let f = Figure::new(4_254.0, token_energy::figure::Unit::KilogramsCo2e, Kind::Ceiling, vec![]).expect("figure");
    let read = f.for_reading();
    assert_eq!(read.unit, token_energy::figure::Unit::TonnesCo2e);
    assert!((read.value - 4.254).abs() < 1e-12);
    let small = Figure::new(999.0, token_energy::figure::Unit::KilogramsCo2e, Kind::Ceiling, vec![]).expect("figure");
    assert_eq!(small.for_reading().unit, token_energy::figure::Unit::KilogramsCo2e);
    // The plan's CO₂ per year: 400 M tokens a day on the L40S at 380 g/kWh is some 19 t a year, read
    // in tonnes: the year's kWh × 0.380 kg ÷ 1,000.
    let form = l40s(&[(Field::Co2, "380")]);
    let p = plan::answer(catalogue(), &form).plan;
    let kwh = p.site_kwh_per_year.as_ref().expect("year").value;
    let co2 = p.co2_per_year.as_ref().expect("co2");
    let read = co2.for_reading();
    assert_eq!(read.unit, token_energy::figure::Unit::TonnesCo2e);
    assert!((read.value - kwh * 0.380 / 1000.0).abs() < 1e-9 * read.value, "{} t", read.value);
    assert_eq!(co2.unit, token_energy::figure::Unit::KilogramsCo2e, "machines keep kilograms");
}

#[test]
fn a_lower_bound_from_a_ceiling_names_its_scope_never_ceiling() {
    // Tokens per MW of GPU boards: the published tokens/s over the boards' rated power is a floor
    // ("at least"), so every view tags it with its scope alone.
    let form = l40s(&[]);
    let p = plan::answer(catalogue(), &form).plan;
    let f = p.tokens_per_mw.as_ref().expect("tokens per MW");
    assert_eq!(f.side, Side::AtLeast);
    assert_eq!(Lang::En.strings().tag(f), "GPU boards");
    assert_eq!(Lang::De.strings().tag(f), "GPU-Boards");
    let en = export::quote_text(catalogue(), &form, &[], "https://x.test/", "", Lang::En.strings());
    let line = en.lines().find(|l| l.contains("per MW")).expect("tokens per MW line");
    assert!(line.contains("at least") && line.ends_with("(GPU boards)") && !line.contains("ceiling"), "{line}");
}

#[test]
fn a_row_of_co2_reads_in_one_unit_tonnes_once_one_reaches_a_tonne() {
    use token_energy::figure::Unit;
    let kg = |v: f64| Figure::new(v, Unit::KilogramsCo2e, Kind::Ceiling, vec![]).expect("figure");
    let (small, large) = (kg(760.0), kg(11_400.0));
    assert!(Figure::reads_in_tonnes([&small, &large]), "one of them is 1,000 kg or more");
    assert!(!Figure::reads_in_tonnes([&small, &kg(999.0)]), "both under a tonne");
    assert!(Figure::reads_in_tonnes([&kg(1000.0)]), "a tonne itself reads in tonnes");
    // The small one, read in its row's tonnes: 760 kg is 0.76 t, its low end too.
    let range = Figure::range(380.0, 760.0, Unit::KilogramsCo2e, Kind::Ceiling, vec![]).expect("range");
    let read = range.for_reading_in(true);
    assert_eq!(read.unit, Unit::TonnesCo2e);
    close(read.value, 0.76);
    close(read.low.expect("low"), 0.38);
    // Alone it reads in kilograms, and the machines' figure keeps kilograms either way.
    assert_eq!(small.for_reading().unit, Unit::KilogramsCo2e);
    assert_eq!(range.unit, Unit::KilogramsCo2e);
    // Only masses change: energy beside it in a tonnes row is as it is.
    let energy = Figure::new(5_000.0, Unit::KilowattHoursPerDay, Kind::Ceiling, vec![]).expect("figure");
    assert!(!Figure::reads_in_tonnes([&energy]));
    assert_eq!(energy.for_reading_in(true).unit, Unit::KilowattHoursPerDay);
}

/// Issue 49's quote: 40 M output tokens a day, 0.25 EUR/kWh, 4,600 W overhead, PUE 1.3, a 15 kW rack
/// position, an idle power of 90 W per card, "Müller GmbH", Q-2026-117; 8 × H200 NVL (6.0-0021, 600 W
/// stated), 8 × L40S (v4.1-0025, the rated 350 W), 8 × RTX PRO 6000 (6.0-0022, 600 W stated), each on
/// Llama 2 70B Server.
fn quoted(card: &str, result: &str) -> Saved {
    let mut form = Form::initial(catalogue());
    form = form.apply(catalogue(), Edit::Card(card.into())).form;
    form = form.apply(catalogue(), Edit::Throughput(result.into())).form;
    form = form.apply(catalogue(), Edit::Benchmark(Benchmark::Llama2_70b99.id().into())).form;
    form = form.apply(catalogue(), Edit::Scenario("server".into())).form;
    let form = common::typed(
        catalogue(),
        form,
        &[
            (Field::Demand, "40000000"),
            (Field::Price, "0.25"),
            (Field::Overhead, "4600"),
            (Field::Pue, "1.3"),
            (Field::Rack, "15"),
            (Field::Idle, "90"),
            (Field::Customer, "Müller GmbH"),
            (Field::Reference, "Q-2026-117"),
        ],
    );
    Saved { name: String::new(), form }
}

#[test]
fn what_is_sent_leads_with_the_plans_answer_in_every_view() {
    let list = vec![quoted("h200-nvl", "6.0-0021"), quoted("l40s", "v4.1-0025"), quoted("rtx-pro-6000-se", "6.0-0022")];
    // One server each: 40e6 ÷ 86,400 s = 463 tokens/s, far below each result's throughput.
    // IT heat at peak: (8 × 600 W + 4,600 W) × 3.412141633 = 32,074 BTU/h; the L40S (8 × 350 + 4,600) W.
    let heat = [(8.0 * 600.0 + 4600.0) * BTU, (8.0 * 350.0 + 4600.0) * BTU, (8.0 * 600.0 + 4600.0) * BTU];
    assert_eq!(heat[0].round(), 32_074.0);
    let it_kw = [9.4, 7.4, 9.4];
    let rows = compare::grid(catalogue(), &list, 0);
    let ids: Vec<&str> = rows.iter().map(|r| r.id).collect();
    // The plan's answer, then its day, power and heat, lead (no CO₂ row: no grid intensity typed); the
    // boards' own rows follow.
    let lead = [
        "servers-needed",
        "rack-positions-needed",
        "site-j-per-token",
        "site-kwh-per-year",
        "cost-per-year",
        "site-kwh-per-day",
        "it-power-kw",
        "heat-it-btu-per-h",
    ];
    assert_eq!(ids[..lead.len()], lead, "{ids:?}");
    assert!(!ids.contains(&"co2-kg-per-year"));
    let row = |id: &str| rows.iter().find(|r| r.id == id).unwrap_or_else(|| panic!("no {id} row: {ids:?}"));
    for (i, h) in heat.iter().enumerate() {
        let cell = row("heat-it-btu-per-h").cells[i].as_ref().expect("heat");
        close(cell.value, *h);
        assert_eq!(cell.boundary, Boundary::BoardsServer, "the heat counts the boards and the server");
        close(row("it-power-kw").cells[i].as_ref().expect("power").value, it_kw[i]);
    }
    // The boards' day and heat are named "GPU boards only"; the plan's never.
    for id in ["kwh-per-day", "btu-per-h", "j-per-token"] {
        assert!(row(id).boards_only, "{id}");
    }
    for id in ["site-kwh-per-day", "heat-it-btu-per-h", "site-kwh-per-year", "board-power-w"] {
        assert!(!row(id).boards_only, "{id}");
    }
    assert_eq!((Lang::En.strings().boards_only_name)("Heat, all servers"), "Heat, all servers, GPU boards only");
    assert_eq!((Lang::De.strings().boards_only_name)("Wärme, alle Server"), "Wärme, alle Server, nur GPU-Boards");

    // CSV: a byte-order mark first (EF BB BF), then the same order of figures as the grid.
    let ctx = common::export_context(&list[0].form);
    let csv = export::csv(catalogue(), &list, &ctx, Lang::En.strings());
    assert_eq!(csv.as_bytes()[..3], [0xEF, 0xBB, 0xBF]);
    assert!(compare::is_csv_export(&csv), "the page still tells its own CSV apart");
    let header: Vec<&str> = csv.lines().next().expect("header").split(',').collect();
    let figure_at = header.iter().position(|h| *h == "figure").expect("figure column");
    // The cells before `figure` hold no comma here ("Müller GmbH", ids and numbers).
    let first: Vec<&str> =
        csv.lines().skip(1).take(lead.len()).map(|l| l.split(',').nth(figure_at).unwrap_or("")).collect();
    assert_eq!(first[..], lead, "the CSV leads as the grid does");
    assert!(csv.contains(",Müller GmbH,"));
    // JSON: the same lead, its first byte "{" (no mark).
    let json = export::json(catalogue(), &list, &ctx, Lang::En.strings());
    assert!(json.starts_with('{'));
    let json: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    close(json_figure(&json, 0, "heat-it-btu-per-h")["value"].as_f64().expect("heat"), heat[0]);
    assert_eq!(json["configurations"][0]["figures"][0]["id"], "servers-needed");

    // The e-mail: each configuration's answer in one line, within the mail link's limit, and nothing
    // addressed to the sender.
    for lang in [Lang::En, Lang::De] {
        let t = lang.strings();
        let texts = export::quote_texts(catalogue(), &list[0].form, &list, "https://x.test/?v=1", "", t);
        let mail = export::mail_href(&texts);
        assert!(
            mail.href.chars().count() <= export::MAILTO_MAX && mail.fits,
            "{lang:?}: {} {}",
            mail.href.len(),
            texts.brief
        );
        let body = token_energy::link::pairs(mail.href.split_once('?').expect("query").1)
            .into_iter()
            .find(|(k, _)| k == "body")
            .expect("body")
            .1;
        let answers: Vec<&str> = body.lines().filter(|l| l.starts_with(t.mail_in_plan)).collect();
        assert_eq!(answers.len(), 3, "{body}");
        let (server, year, euro) = match lang {
            // The count is an estimate as the figures after it are: their tag says it once.
            Lang::En => ("In this plan: 1 server; ", " kWh per year; ", " EUR per year; "),
            Lang::De => ("Im Plan: 1 Server; ", " kWh je Jahr; ", " EUR je Jahr; "),
        };
        for line in &answers {
            assert!(line.contains(server) && line.contains(year) && line.contains(euro), "{line}");
            assert!(line.ends_with(if lang == Lang::En { " J/token" } else { " J/Token" }), "{line}");
        }
        // All three answers are estimates of the boards, the server and the site: said once, after them.
        let tag = t.tag(plan::answer(catalogue(), &list[0].form).plan.site_j_per_token.as_ref().expect("J"));
        assert_eq!(
            tag,
            if lang == Lang::En {
                "estimate, GPU boards + server + site"
            } else {
                "Schätzung, GPU-Boards + Server + Rechenzentrum"
            }
        );
        assert!(body.lines().any(|l| l == (t.mail_plan_tag)(&tag)), "{body}");
        // The full summary says each answer's tag on its line.
        assert_eq!(
            texts.full.lines().filter(|l| l.starts_with(t.mail_in_plan) && l.ends_with(&format!("({tag})"))).count(),
            3
        );
        for (a, b) in [(Lang::En, "did not fit"), (Lang::De, "passte nicht")] {
            assert!(a != lang || !body.contains(b), "{body}");
        }
        // The plan's inputs, with units, on the comparison sheet: once, as all share them.
        let plans = export::sheet_plans(catalogue(), &list, t);
        assert_eq!(plans.len(), 1);
        let line = plans[0].1.join(" · ");
        let want: &[&str] = match lang {
            Lang::En => &["40,000,000 tokens/day", "0.25 EUR/kWh", "4,600 W", "PUE of the site 1.3", "15 kW"],
            Lang::De => &["40.000.000 Token/Tag", "0,25 EUR/kWh", "4.600 W", "1,3", "15 kW"],
        };
        for w in want {
            assert!(line.contains(w), "{lang:?}: {w} in {line}");
        }
    }
    // Six configurations of one plan still fit, or the page is told (`fits`) before sending.
    let six: Vec<Saved> = list.iter().chain(list.iter()).cloned().collect();
    let texts = export::quote_texts(catalogue(), &six[0].form, &six, "https://x.test/?v=1", "", Lang::En.strings());
    let mail = export::mail_href(&texts);
    assert_eq!(mail.fits, mail.href.chars().count() <= export::MAILTO_MAX);

    // The chart draws the plan's J/token per configuration, not the ceilings.
    let (drawn, bars) = compare::bar_figures(catalogue(), &list);
    assert_eq!(drawn, compare::Drawn::Plan);
    for (i, bar) in bars.iter().enumerate() {
        assert_eq!(bar.as_ref(), row("site-j-per-token").cells[i].as_ref());
    }
    let bare: Vec<Saved> = ["h200-nvl", "l40s"]
        .iter()
        .map(|c| Saved {
            name: String::new(),
            form: Form::initial(catalogue()).apply(catalogue(), Edit::Card((*c).into())).form,
        })
        .collect();
    let (drawn, bars) = compare::bar_figures(catalogue(), &bare);
    assert_eq!(drawn, compare::Drawn::Ceilings);
    assert!(bars.iter().flatten().all(|f| f.kind == Kind::Ceiling && f.boundary == Boundary::Boards));
    // Without a plan, nothing says "GPU boards only" (the plan's rows are not there to tell apart).
    assert!(compare::grid(catalogue(), &bare, 0).iter().all(|r| !r.boards_only));
}

#[test]
fn two_ends_that_read_alike_are_said_once() {
    use token_energy::i18n::intl;
    // 999.6 and 1,000.4 both read "1,000" at three figures: said once; 990 and 1,000 read apart.
    assert_eq!(intl::low_apart(Some(999.6), 1000.4, |v| intl::three(v, Lang::En)), None);
    assert_eq!(intl::low_apart(Some(990.0), 1000.0, |v| intl::three(v, Lang::En)), Some(990.0));
    assert_eq!(intl::low_apart(None, 1000.0, |v| intl::three(v, Lang::De)), None);
    // 1.055 and 1.064 EUR: "1.06" both.
    assert_eq!(intl::low_apart(Some(1.055), 1.064, |v| intl::three(v, Lang::En)), None);
}
