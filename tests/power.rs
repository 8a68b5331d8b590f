//! Issue 47: the power at the customer's own load — the measured curve's table as LOAD-CURVE.md gives
//! it, both ends of the year for three cards computed by hand, the buyer's H200 NVL walk.
#![allow(clippy::panic)] // a test fails by panicking

mod common;

use common::{close, low};

use token_energy::catalogue::{Benchmark, Catalogue, Scenario};
use token_energy::figure::{Assumption, Kind, Origin};
use token_energy::form::{Field, Form};
use token_energy::model;
use token_energy::plan::{self, Plan};
use token_energy::power::{self, Curve, Model, Shape};
use token_energy::units::Watts;

fn catalogue() -> &'static Catalogue {
    Catalogue::embedded()
}

fn plan_of(form: &Form) -> Plan {
    plan::evaluate(catalogue(), &model::evaluate(catalogue(), form).checked)
}

/// 6.0-0021, Llama 2 70B Interactive (16 343.8 tokens/s on 8 × H200 NVL at the stated 600 W), one server.
fn h200_nvl(plan: &[(Field, &str)]) -> Form {
    let mut form = Form::initial(catalogue()).with_result(catalogue(), "6.0-0021");
    form.benchmark = Benchmark::Llama2_70b99;
    form.scenario = Scenario::Interactive;
    form.watts = "600".into();
    form.servers = "1".into();
    common::typed(catalogue(), form, plan)
}

/// One's own 10,000 tokens/s on one server of 8 `card`s at `watts`.
fn own(card: &str, watts: &str, plan: &[(Field, &str)]) -> Form {
    let mut form = Form::initial(catalogue());
    form.card = card.into();
    let mut form = form.with_own_throughput();
    form.tps = "10000".into();
    form.gpus = "8".into();
    form.servers = "1".into();
    form.watts = watts.into();
    common::typed(catalogue(), form, plan)
}

#[test]
fn the_curve_is_load_curve_md_s_pooled_medians_at_their_bins_middles() {
    // LOAD-CURVE.md's table, P ÷ P(full), median column, typed here from the reference.
    let h100 =
        [(7.5, 0.69), (12.5, 0.72), (20.0, 0.76), (30.0, 0.80), (42.5, 0.85), (60.0, 0.91), (80.0, 0.97), (95.0, 1.00)];
    let b200 = [
        (2.5, 0.78),
        (7.5, 0.80),
        (12.5, 0.86),
        (20.0, 0.87),
        (30.0, 0.88),
        (42.5, 0.96),
        (60.0, 0.93),
        (80.0, 1.00),
        (95.0, 1.00),
    ];
    let check = |curve: Curve, table: &[(f64, f64)], full: f64| {
        assert_eq!(curve.full_share(), full);
        for &(load, ratio) in table {
            let a = curve.anchors().iter().find(|a| a.load == load).expect("an anchor at the bin's middle");
            assert_eq!(a.ratio, ratio, "{load} %");
            assert_eq!(a.source, "ml-energy-leaderboard-v3-data");
            // P ÷ limit at the anchor = the full batch's share × the median (idle plays no part there).
            assert!((curve.share(load / 100.0, 0.1) - ratio * full).abs() < 1e-12, "{load} %");
        }
        assert!((curve.share(1.0, 0.1) - full).abs() < 1e-12, "a full batch draws the full share");
    };
    check(Curve::for_card("h100-sxm"), &h100, 0.86);
    check(Curve::for_card("b200-sxm"), &b200, 0.83);
    // Halfway between two anchors, halfway between their medians: 10 % on the H100 (7.5 → 0.69, 12.5 → 0.72).
    assert!((Curve::for_card("h100-sxm").share(0.10, 0.1) - 0.705 * 0.86).abs() < 1e-12);
    // Below the bins: idle at no load, one stream (267 W of 700 W; 452 W of 1000 W) at 1 %.
    let h = Curve::for_card("h100-sxm");
    assert_eq!(h.share(0.0, 0.17), 0.17);
    assert!((h.share(0.01, 0.17) - 267.0 / 700.0).abs() < 1e-12);
    assert!((h.share(0.005, 0.17) - (0.17 + 267.0 / 700.0) / 2.0).abs() < 1e-12);
    let b = Curve::for_card("b200-sxm");
    assert!((b.share(0.01, 0.19) - 0.452).abs() < 1e-12);
    // 4 % on the H100: from one stream at 1 % toward 0.69 × 0.86 at 7.5 %.
    let at4 = 267.0 / 700.0 + (0.69 * 0.86 - 267.0 / 700.0) * 3.0 / 6.5;
    assert!((h.share(0.04, 0.17) - at4).abs() < 1e-12);
}

#[test]
fn each_card_takes_its_own_curve_or_names_the_one_assumed() {
    assert_eq!(Curve::for_card("h100-sxm"), Curve { shape: Shape::H100, assumed: false });
    assert_eq!(Curve::for_card("b200-sxm"), Curve { shape: Shape::B200, assumed: false });
    for card in ["b300-sxm", "gb200", "gb300"] {
        assert_eq!(Curve::for_card(card), Curve { shape: Shape::B200, assumed: true }, "{card}");
    }
    for card in ["h200-nvl", "h200-sxm", "l40s", "mi300x", "rtx-pro-6000-se", "h100-nvl"] {
        assert_eq!(Curve::for_card(card), Curve { shape: Shape::H100, assumed: true }, "{card}");
    }
    // Every anchor's source, and the other sources the model cites, are in the catalogue.
    for id in [power::CURVE_SOURCE, power::ONE_STREAM_SOURCE, power::CONTEXT_STEP_SOURCE] {
        assert!(catalogue().source(id).is_some(), "{id}");
    }
}

#[test]
fn the_upper_end_is_never_below_the_linear_model_at_the_same_idle() {
    let c = Curve::for_card("h100-sxm");
    for l in 0..=100 {
        let u = f64::from(l) / 100.0;
        let linear = power::card_power(Watts(700.0), Watts(117.0), u, Model::Linear).value();
        assert!((linear - (117.0 + 583.0 * u)).abs() < 1e-9);
        let measured = power::card_power(Watts(700.0), Watts(117.0), u, Model::Measured(c)).value();
        assert!(measured >= linear - 1e-9, "{l} %");
    }
    // At a full batch the linear model's limit is above the measured 0.86 × limit: the upper end keeps it.
    assert_eq!(power::card_power(Watts(700.0), Watts(117.0), 1.0, Model::Measured(c)).value(), 700.0);
}

#[test]
fn forty_million_tokens_a_day_on_one_h200_nvl_server_is_a_range_with_named_ends() {
    let p = plan_of(&h200_nvl(&[(Field::Demand, "40,000,000"), (Field::Hours, "10")]));
    let u = 40.0e6 / 36_000.0 / 16_343.8;
    // Lower end: the linear model at the lowest sourced idle (94 W, a posted reading).
    let lower: f64 = 8.0 * (94.0 * 24.0 + (600.0 - 94.0) * u * 10.0) * 365.0 / 1000.0;
    assert!((lower - 7_590.0).abs() < 5.0, "the issue's ≈ 7,590 kWh: {lower}");
    // Upper end: the H100's measured shape (assumed for the H200 NVL) at 6.8 %, between one stream at 1 %
    // (267 ÷ 700 of the limit) and the 5–10 % bin's 0.69 × 0.86 at 7.5 %, with the top idle 96 + 50 W.
    let share = 267.0 / 700.0 + (0.69 * 0.86 - 267.0 / 700.0) * (100.0 * u - 1.0) / 6.5;
    let upper = 8.0 * (146.0 * 14.0 + 600.0 * share * 10.0) * 365.0 / 1000.0;
    let year = close(&p.site_kwh_per_year, upper);
    low(&year, lower);
    assert!(upper >= 12_000.0 && upper / lower <= 3.0, "{lower} to {upper}");
    let Kind::Estimate(a) = &year.kind else { panic!("an estimate") };
    assert!(
        matches!(&a[0], Assumption::ServingRange { low_idle_watts, high_idle_watts, idle_sourced: true, curve_card, assumed: true, own_draw_watts: None }
            if *low_idle_watts == 94.0 && *high_idle_watts == 146.0 && curve_card == "H100"),
        "{a:?}"
    );
    let (lower_words, upper_words) = a[0].range_ends().expect("named ends");
    assert!(lower_words.contains("full batches and parks between them"), "{lower_words}");
    assert!(upper_words.contains("steady serving on the measured curve"), "{upper_words}");
    for s in
        ["idle-h200-nvl-rag-server", "ml-energy-leaderboard-v3-data", "serial-alice-benchmark", "vadari-2605.23918"]
    {
        assert!(year.origins.contains(&Origin::Source(s.into())), "{s}: {:?}", year.origins);
    }
    // The 24-hour and the busy hours' power are ranges too: the day ÷ 24, and the busy part ÷ 10 h.
    close(&p.site_power, upper / 365.0 * 1000.0 / 24.0);
    let busy = close(&p.site_busy_power, 8.0 * 600.0 * share);
    low(&busy, 8.0 * (94.0 + 506.0 * u));
    // J/token at the customer's load: the day's energy over its tokens.
    let j = close(&p.site_j_per_token, upper / 365.0 * 3.6e6 / 40.0e6);
    low(&j, lower / 365.0 * 3.6e6 / 40.0e6);

    // idle=60 typed: the lower end is the linear model's arithmetic, 5,276.8 kWh; the upper at 60 W.
    let p = plan_of(&h200_nvl(&[(Field::Demand, "40,000,000"), (Field::Hours, "10"), (Field::Idle, "60")]));
    let year = close(&p.site_kwh_per_year, 8.0 * (60.0 * 14.0 + 600.0 * share * 10.0) * 365.0 / 1000.0);
    let linear = 8.0 * (60.0 * 24.0 + 540.0 * u * 10.0) * 365.0 / 1000.0;
    low(&year, linear);
    assert_eq!((linear * 10.0).round() / 10.0, 5_276.8, "the issue's figure, to a tenth");
    assert!(year.origins.contains(&Origin::Input(Field::Idle)));
    assert!(p.idle_source.is_none(), "a typed idle power wins");
}

#[test]
fn a_year_by_hand_for_an_h100_sxm_and_a_b200_server() {
    // 36 M tokens a day in 10 busy hours on 10,000 tokens/s: 1,000 tokens/s, 10 % load.
    let demand = [(Field::Demand, "36,000,000"), (Field::Hours, "10")];
    // H100 SXM at 700 W: its posted reading 117 W, + 50 W at the top. 10 % lies halfway between the
    // 7.5 % (0.69) and 12.5 % (0.72) anchors: 0.705 × 0.86 × 700 W = 424.41 W.
    let p = plan_of(&own("h100-sxm", "700", &demand));
    let year = close(&p.site_kwh_per_year, 8.0 * (167.0 * 14.0 + 424.41 * 10.0) * 365.0 / 1000.0);
    low(&year, 8.0 * (117.0 * 24.0 + 583.0 * 0.1 * 10.0) * 365.0 / 1000.0);
    let Kind::Estimate(a) = &year.kind else { panic!("an estimate") };
    assert!(matches!(&a[0], Assumption::ServingRange { assumed: false, .. }), "{a:?}");
    // B200 at 1000 W: readings 187–195 W, top 245 W; 10 % halfway between 0.80 and 0.86: 0.83 × 0.83 × 1000 W.
    let p = plan_of(&own("b200-sxm", "1000", &demand));
    let year = close(&p.site_kwh_per_year, 8.0 * (245.0 * 14.0 + 688.9 * 10.0) * 365.0 / 1000.0);
    low(&year, 8.0 * (187.0 * 24.0 + 813.0 * 0.1 * 10.0) * 365.0 / 1000.0);
}

#[test]
fn what_decides_the_year_is_listed_by_effect_with_each_inputs_sourced_ends() {
    use token_energy::plan::{SensitiveInput as Input, Spread};
    let form = h200_nvl(&[(Field::Demand, "40,000,000"), (Field::Hours, "10")]);
    let answer = plan::answer(catalogue(), &form);
    let list = answer.sensitivity(catalogue());
    let ids: Vec<&str> = list.iter().map(|s| s.input.id()).collect();
    // The defaults: the linear model at the lowest idle (94 W), no own draw, PUE 1; hours typed (10).
    let u = 40.0e6 / 36_000.0 / 16_343.8;
    let linear = |idle: f64| 8.0 * (idle * 24.0 + (600.0 - idle) * u * 10.0) * 365.0 / 1000.0;
    let share = 267.0 / 700.0 + (0.69 * 0.86 - 267.0 / 700.0) * (100.0 * u - 1.0) / 6.5;
    let measured = 8.0 * (94.0 * 14.0 + 600.0 * share * 10.0) * 365.0 / 1000.0;
    let ends = |input: Input| match list.iter().find(|s| s.input == input).map(|s| s.spread) {
        Some(Spread::Ends { input_low, input_high, at_low, at_high }) => (input_low, input_high, at_low, at_high),
        other => panic!("{input:?}: {other:?}"),
    };
    // The idle span: 94 W (the posted reading) to 96 + 50 W.
    let (lo, hi, at_lo, at_hi) = ends(Input::Idle);
    assert_eq!((lo, hi), (94.0, 146.0));
    assert!((at_lo - linear(94.0)).abs() < 1e-9 && (at_hi - linear(146.0)).abs() < 1e-9);
    // The PUE's reference values: Google's fleet 1.1 to the industry average 1.58 (Uptime 2023).
    let (lo, hi, at_lo, at_hi) = ends(Input::Pue);
    assert_eq!((lo, hi), (1.1, 1.58));
    assert!((at_lo - linear(94.0) * 1.1).abs() < 1e-9 && (at_hi - linear(94.0) * 1.58).abs() < 1e-9);
    // The load curve: the linear model against the measured shape, both at 94 W.
    let (_, _, at_lo, at_hi) = ends(Input::LoadCurve);
    assert!((at_lo - linear(94.0)).abs() < 1e-9 && (at_hi - measured).abs() < 1e-9);
    // The PCIe server's own draw (issue 48): no maker gives it, a reviewer's 1.5–2.5 kW is offered; from
    // the boards alone (0 W) to its upper end, 2,500 W all day on the one server the demand needs
    // (1,111 tokens/s against 16,343.8 per server): + 2,500 × 24 × 365 ÷ 1000 = 21,900 kWh.
    let (lo, hi, at_lo, at_hi) = ends(Input::Overhead);
    assert_eq!((lo, hi), (0.0, 2_500.0));
    assert!((at_lo - linear(94.0)).abs() < 1e-9, "{at_lo}");
    assert!((at_hi - (linear(94.0) + 21_900.0)).abs() < 1e-6, "{at_hi}");
    // By effect: the own draw (21,900 kWh), the curve (≈ 6,260 kWh), the PUE (≈ 3,640), the idle
    // (≈ 3,540); then the hours, typed.
    assert_eq!(ids, ["overhead", "load-curve", "pue", "idle", "hours"]);
    assert!(matches!(list[4].spread, Spread::Typed { input, .. } if input == 10.0));
    // A typed idle collapses its item to one figure.
    let typed = plan::answer(catalogue(), &h200_nvl(&[(Field::Demand, "40,000,000"), (Field::Idle, "60")]));
    let idle = typed.sensitivity(catalogue()).into_iter().find(|s| s.input == Input::Idle).expect("idle");
    assert!(matches!(idle.spread, Spread::Typed { input, .. } if input == 60.0));
    // No demand: no list.
    assert!(plan::answer(catalogue(), &h200_nvl(&[])).sensitivity(catalogue()).is_empty());
}

#[test]
fn the_e_mail_and_quote_carry_the_idle_caveat_where_the_year_rests_on_the_sourced_default() {
    use token_energy::export;
    use token_energy::i18n::Lang;
    // No idle typed: the year rests on the H200 NVL's posted readings, so the text says how to replace them.
    let form = h200_nvl(&[(Field::Demand, "40,000,000"), (Field::Hours, "10")]);
    for lang in [Lang::En, Lang::De] {
        let text = export::quote_text(catalogue(), &form, &[], "https://x.test/", "", lang.strings());
        assert!(text.contains("nvidia-smi --query-gpu=power.draw --format=csv -l 1"), "{text}");
        assert!(text.contains("ipmitool dcmi power reading"), "{text}");
    }
    // An idle typed: one value of the person's own, no caveat.
    let typed = h200_nvl(&[(Field::Demand, "40,000,000"), (Field::Hours, "10"), (Field::Idle, "60")]);
    let text = export::quote_text(catalogue(), &typed, &[], "https://x.test/", "", Lang::En.strings());
    assert!(!text.contains("nvidia-smi"), "{text}");
}

#[test]
fn a_rack_s_own_draw_is_in_the_year_s_upper_end_where_no_overhead_is_typed() {
    // 6.0-0078, Llama 2 70B Server: 868,278 tokens/s on one GB300 NVL72 at 1,400 W a card (DATA.md);
    // a demand of a tenth of that, all day, with a typed idle of 200 W a card.
    let form = |plan: &[(Field, &str)]| {
        let mut form = Form::initial(catalogue()).with_result(catalogue(), "6.0-0078");
        form.benchmark = Benchmark::Llama2_70b99;
        form.scenario = Scenario::Server;
        form.watts = "1400".into();
        form.servers = "1".into();
        common::typed(catalogue(), form, plan)
    };
    let demand = (868_278.0_f64 * 0.1 * 86_400.0).to_string();
    let p = plan_of(&form(&[(Field::Demand, &demand), (Field::Idle, "200")]));
    // The rack's own draw: NVIDIA's stated 142 kW less 72 GPUs at 1,400 W = 41,200 W, all day.
    let own = 142_000.0 - 72.0 * 1_400.0;
    assert_eq!(own, 41_200.0);
    // Upper end: the B200's shape (assumed for GB300) at 10 %, halfway between 0.80 and 0.86, × 0.83 × 1,400 W.
    let upper = (72.0 * 0.83 * 0.83 * 1_400.0 + own) * 8_760.0 / 1000.0;
    let year = close(&p.site_kwh_per_year, upper);
    // Lower end: the linear model on the boards alone, 200 + 1,200 × 0.1 = 320 W a card.
    low(&year, 72.0 * 320.0 * 8_760.0 / 1000.0);
    let Kind::Estimate(a) = &year.kind else { panic!("an estimate") };
    assert!(matches!(&a[0], Assumption::ServingRange { own_draw_watts: Some(w), .. } if *w == own), "{a:?}");
    let (_, upper_words) = a[0].range_ends().expect("named ends");
    assert!(upper_words.contains("the rack's own draw 41.2 kW"), "{upper_words}");
    assert!(year.origins.contains(&Origin::Source("nvidia-ra-gb300-nvl72-components".into())), "{:?}", year.origins);
    // A typed overhead is the person's own: the upper end counts it instead, and names no rack draw.
    let p = plan_of(&form(&[(Field::Demand, &demand), (Field::Idle, "200"), (Field::Overhead, "30000")]));
    let year = close(&p.site_kwh_per_year, (72.0 * 0.83 * 0.83 * 1_400.0 + 30_000.0) * 8_760.0 / 1000.0);
    let Kind::Estimate(a) = &year.kind else { panic!("an estimate") };
    assert!(matches!(&a[0], Assumption::ServingRange { own_draw_watts: None, .. }), "{a:?}");
}
