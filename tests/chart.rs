//! Chart geometry: positions proportional to the published figures (DATA.md), ticks on round
//! values, the current configuration always drawn.
#![allow(clippy::panic, clippy::expect_used, clippy::indexing_slicing)] // a test fails by panicking

use token_energy::catalogue::Catalogue;
use token_energy::chart::{self, Mark};
use token_energy::form::{Edit, Form};

fn catalogue() -> &'static Catalogue {
    Catalogue::embedded()
}

fn form(edits: &[Edit]) -> Form {
    edits.iter().fold(Form::initial(catalogue()), |f, e| f.apply(catalogue(), e.clone()).form)
}

#[test]
fn ticks_fall_on_round_values_across_the_axis() {
    let t = chart::ticks(0.77, 4, 100.0, 500.0);
    let values: Vec<f64> = t.iter().map(|t| t.value).collect();
    assert_eq!(values.len(), 4);
    for (v, expected) in values.iter().zip([0.0, 0.2, 0.4, 0.6]) {
        assert!((v - expected).abs() < 1e-12, "{values:?}");
    }
    assert!((t[1].x - (100.0 + 400.0 * 0.2 / 0.77)).abs() < 1e-9);
    assert!(chart::ticks(0.0, 4, 0.0, 1.0).is_empty());
    assert!(chart::ticks(f64::NAN, 4, 0.0, 1.0).is_empty());
}

#[test]
fn bars_are_proportional_sorted_and_keep_the_current_result() {
    // 6.0-0021 is the H200 NVL at 4800 W over 32004 tokens/s Offline (DATA.md).
    let f = form(&[]);
    let c = chart::published_bars(catalogue(), &f, &[], 5);
    assert!(c.bars.windows(2).all(|w| w[0].value <= w[1].value || w[1].mark != Mark::None));
    let current = c.bars.iter().find(|b| b.mark == Mark::Current).expect("the current result is drawn");
    assert!((current.value - 4800.0 / 32004.0).abs() < 1e-12);
    let widest = c.bars.iter().map(|b| b.width).fold(0.0, f64::max);
    let largest = c.bars.iter().map(|b| b.value.max(b.measured.map_or(0.0, |m| m.1))).fold(0.0, f64::max);
    for b in &c.bars {
        assert!((b.width / widest - b.value / largest).abs() < 1e-9 || widest == 0.0, "{b:?}");
    }
    assert!(c.bars.len() <= 6, "five plus the current one: {}", c.bars.len());
    assert!(c.left_out > 0);
    // A compared result is drawn and marked too.
    let rtx = form(&[Edit::Throughput("6.0-0047".into())]);
    let c = chart::published_bars(catalogue(), &f, &[rtx], 1);
    assert!(c.bars.iter().any(|b| b.mark == Mark::Compared && b.label.starts_with("6.0-0047")));
}

#[test]
fn the_limit_chart_draws_the_line_the_setting_and_the_published_capped_result() {
    // 6.0-0014: 4 × RTX PRO 6000 at its stated 600 W, 13529.8 tokens/s; 6.0-0054 the same at 450 W, 13361.9.
    let f = form(&[Edit::Throughput("6.0-0014".into())]);
    let c = chart::limit_chart(catalogue(), &f).expect("a chart");
    assert!((c.own.joules_per_token - 4.0 * 600.0 / 13529.8).abs() < 1e-12);
    assert!((c.line.0.joules_per_token - 4.0 * 300.0 / 13529.8).abs() < 1e-12, "from the 300 W minimum");
    let capped = c.capped.iter().find(|p| p.label.starts_with("6.0-0054")).expect("6.0-0054");
    assert!((capped.joules_per_token - 4.0 * 450.0 / 13361.9).abs() < 1e-12);
    // Positions: a higher limit is further right, a higher J/token further up (smaller y).
    assert!(c.line.0.x < c.own.x && c.own.y < c.line.0.y);
    assert!(chart::limit_chart(catalogue(), &f.with_own_throughput()).is_none());
}

/// Issue 28.1: one rule for the form and the chart below the lowest published setting. The L40S
/// publishes no minimum and nothing below its 350 W rating (DATA.md), so the chart marks everything
/// below 350 W unknown and the form, which still computes a range at 50 W, says the same; the
/// RTX PRO 6000 publishes a 300 W minimum (in both cable modes), so nothing is unknown.
#[test]
fn the_limit_chart_is_a_band_marked_unknown_where_the_form_says_nothing_is_published() {
    // 6.0-0014: 4 × RTX PRO 6000 at 600 W, 13529.8 tokens/s: the band between cards × W ÷ tokens/s
    // and the ceiling at 600 W, from 300 W to 600 W, crossing at 600 W.
    let f = form(&[Edit::Throughput("6.0-0014".into())]);
    let c = chart::limit_chart(catalogue(), &f).expect("a chart");
    assert_eq!(c.band.len(), 4);
    assert_eq!(c.band[0], (c.line.0.x, c.line.0.y));
    assert_eq!(c.band[1], (c.line.1.x, c.line.1.y));
    assert!((c.band[2].1 - c.own.y).abs() < 1e-9 && (c.band[3].1 - c.own.y).abs() < 1e-9, "the result's own ceiling");
    assert!(c.unknown.is_none(), "a published minimum: nothing below it is drawn as known");
    // The L40S, v4.1-0025 (8 × L40S, rating 350 W, no setting stated).
    let l40s = form(&[Edit::Card("l40s".into()), Edit::Throughput("v4.1-0025".into())]);
    let c = chart::limit_chart(catalogue(), &l40s).expect("a chart");
    let u = c.unknown.expect("unknown below the lowest published setting");
    assert_eq!(u.watts, 350.0);
    assert!((u.x0 - c.line.0.x).abs() < 1e-9 && (u.x1 - c.own.x).abs() < 1e-9, "{u:?} {:?}", c.own);
    // The band's upper end at 50 W is the ceiling at 350 W; its lower end the line: the same two
    // numbers the form's range gives at 50 W.
    let cards = 8.0;
    let tps = catalogue().result("v4.1-0025", l40s.benchmark, l40s.scenario).unwrap().tokens_per_s;
    let at50 = token_energy::model::evaluate(
        catalogue(),
        &form(&[
            Edit::Card("l40s".into()),
            Edit::Throughput("v4.1-0025".into()),
            Edit::Text(token_energy::form::Field::Watts, "50".into()),
        ]),
    );
    let j = at50.figures.energy_per_token.expect("a range at 50 W");
    assert!((j.value - cards * 350.0 / tps).abs() < 1e-12 && (j.low.unwrap() - cards * 50.0 / tps).abs() < 1e-12);
}
