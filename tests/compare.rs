//! Configurations side by side: the list's link and storage round trips, its edits, the grid's best
//! and differences, and the CSV/JSON exports read back. Expected figures are DATA.md's published
//! throughputs with the arithmetic written here.
#![allow(clippy::panic, clippy::expect_used, clippy::indexing_slicing)] // a test fails by panicking

mod common;

use token_energy::catalogue::{Catalogue, Scenario};
use token_energy::compare::{self, BestWord, CompareError, ExportFile, Foreign, ListEdit, Mismatch, Saved, MAX};
use token_energy::export::{self, ExportContext};
use token_energy::form::{Edit, Form};
use token_energy::i18n::Lang;
use token_energy::link;
use token_energy::plan;

fn catalogue() -> &'static Catalogue {
    Catalogue::embedded()
}

fn saved(name: &str, edits: &[Edit]) -> Saved {
    let mut form = Form::initial(catalogue());
    for e in edits {
        form = form.apply(catalogue(), e.clone()).form;
    }
    Saved { name: name.to_owned(), form }
}

fn h200() -> Saved {
    saved("8 × H200 NVL", &[])
}

fn rtx() -> Saved {
    saved(
        "RTX PRO 6000 & friends = 2 servers?",
        &[Edit::Throughput("6.0-0047".into()), Edit::Text(token_energy::form::Field::Servers, "2".into())],
    )
}

#[track_caller]
fn close(actual: f64, expected: f64) {
    assert!((actual - expected).abs() <= expected.abs() * 1e-12, "{actual} ≠ {expected}");
}

#[test]
fn a_comparison_travels_in_one_link_and_comes_back_the_same() {
    let list = vec![h200(), rtx(), saved("Ünïcode ✓ %41", &[Edit::Card("l40s".into())])];
    let query = format!("{}&{}", link::encode(&list[0].form, false), compare::encode(&list));
    let decoded = link::decode(catalogue(), &query);
    assert!(decoded.notices.is_empty(), "{:?}", decoded.notices);
    assert_eq!(decoded.compared.len(), 3);
    let (back, errors) = compare::decode(catalogue(), &decoded.compared);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(back, list);
    // The stored text is the same pairs: it reads back the same too.
    assert_eq!(compare::from_storage(catalogue(), &compare::encode(&list)).0, list);
}

#[test]
fn damaged_or_foreign_stored_values_give_the_usable_part_and_say_why() {
    let good = compare::encode(&[h200()]);
    for stored in ["", "garbage", "cfg=", "cfg=%", "cfg=card%3Dnope", "cfg=v%3D9%26card%3Dl40s", "\u{0}\u{ffff}"] {
        let (list, errors) = compare::from_storage(catalogue(), &format!("{stored}&{good}"));
        assert_eq!(list, vec![h200()], "{stored:?}");
        let expect_error = stored.starts_with("cfg=");
        assert_eq!(!errors.is_empty(), expect_error, "{stored:?}: {errors:?}");
    }
    let (_, errors) = compare::from_storage(catalogue(), "cfg=card%3Dnope");
    assert!(errors[0].to_string().contains("Compared configuration 1 could not be read"), "{}", errors[0]);
    // More than MAX: the first MAX stay, and the page says so.
    let many: Vec<Saved> = (0..MAX + 2).map(|i| saved(&format!("n{i}"), &[])).collect();
    let (list, errors) = compare::from_storage(catalogue(), &compare::encode(&many));
    assert_eq!(list.len(), MAX);
    assert_eq!(errors, vec![CompareError::TooMany { given: MAX + 2 }]);
}

#[test]
fn the_list_adds_up_to_six_and_moves_renames_and_removes() {
    let mut list = Vec::new();
    for i in 0..MAX {
        list = compare::apply(&list, ListEdit::Add(Box::new(saved(&format!("c{i}"), &[])))).expect("room");
    }
    assert_eq!(compare::apply(&list, ListEdit::Add(Box::new(h200()))), Err(CompareError::Full));
    let moved = compare::apply(&list, ListEdit::Move(2, true)).expect("move");
    assert_eq!((moved[1].name.as_str(), moved[2].name.as_str()), ("c2", "c1"));
    let back = compare::apply(&moved, ListEdit::Move(1, false)).expect("move");
    assert_eq!(back, list);
    // Out of range or past the ends: unchanged.
    for edit in
        [ListEdit::Move(0, true), ListEdit::Move(MAX - 1, false), ListEdit::Move(99, true), ListEdit::Remove(99)]
    {
        assert_eq!(compare::apply(&list, edit.clone()).expect("no error"), list, "{edit:?}");
    }
    let renamed = compare::apply(&list, ListEdit::Rename(0, "  \n ".into())).expect("rename");
    assert_eq!(renamed[0].name, "", "an emptied name stays empty in the data");
    // … and is shown by a default name from the configuration, in the page's language.
    assert_eq!(export::display_name(catalogue(), &renamed[0], Lang::En.strings()), "8 × H200 NVL · 6.0-0021 · Offline");
    assert_eq!(export::display_name(catalogue(), &renamed[0], Lang::De.strings()), "8 × H200 NVL · 6.0-0021 · Offline");
    let renamed = compare::apply(&list, ListEdit::Rename(0, "x".repeat(500))).expect("rename");
    assert_eq!(renamed[0].name.chars().count(), compare::NAME_MAX);
    let removed = compare::apply(&list, ListEdit::Remove(0)).expect("remove");
    assert_eq!(removed.len(), MAX - 1);
    assert_eq!(removed[0].name, "c1");
}

#[test]
fn the_grid_marks_the_best_and_the_differences_against_the_baseline() {
    // DATA.md: 6.0-0021 H200 NVL Offline 32004.0 tokens/s, 6.0-0047 RTX PRO 6000 Offline 29908.4; 8 × 600 W each.
    let list = vec![h200(), rtx()];
    assert_eq!(list[1].form.scenario, Scenario::Offline);
    let rows = compare::grid(catalogue(), &list, 1);
    let j = rows.iter().find(|r| r.id == "j-per-token").expect("J/token row");
    close(j.cells[0].as_ref().expect("a").value, 4800.0 / 32004.0);
    close(j.cells[1].as_ref().expect("b").value, 4800.0 / 29908.4);
    // FP8 (6.0-0021) against FP4 (6.0-0047): not like work, so no star (issue 34), though the per cent stands.
    assert!(j.best.is_empty(), "no star across precisions: {:?}", j.best);
    // Against the RTX (baseline 1): the H200 uses 29908.4 / 32004 − 1 of its energy per token.
    let Some(compare::Delta::Point(d)) = j.delta_percent[0] else {
        panic!("a point against a point: {:?}", j.delta_percent[0])
    };
    close(d, (29908.4 / 32004.0 - 1.0) * 100.0);
    assert_eq!(j.delta_percent[1], None);
    // Both are ceilings: the mark says "lowest ceiling", never a measured "best".
    assert_eq!(j.best_word, BestWord::LowestCeiling);
    // Throughput is not normalised by work: no best.
    let tps = rows.iter().find(|r| r.id == "throughput").expect("throughput row");
    assert!(tps.best.is_empty());
    // Energy per day: 2 servers of 4800 W against 1.
    let day = rows.iter().find(|r| r.id == "kwh-per-day").expect("kWh row");
    close(day.cells[1].as_ref().expect("b").value, 2.0 * 4.8 * 24.0);
    // A day at the limit is lowest for whatever does the least work: never "best".
    assert!(day.best.is_empty());
    // Without plan fields, no plan rows.
    assert!(!rows.iter().any(|r| r.id == "cost-per-year" || r.id == "servers-needed"));
    // Board power is 4800 W in both: no best.
    let board = rows.iter().find(|r| r.id == "board-power-w").expect("board row");
    assert!(board.best.is_empty());
    // One configuration: nothing to call best.
    assert!(compare::grid(catalogue(), &list[..1], 0).iter().all(|r| r.best.is_empty()));
    // Like work — the same benchmark, scenario and published precision (FP8 Offline): 6.0-0019, 8 × MI300X
    // at its rated 750 W (DATA.md), 27072.5 tokens/s: 6000 ÷ 27072.5 against the H200's 4800 ÷ 32004.
    let mi = saved("MI300X", &[Edit::Card("mi300x".into()), Edit::Throughput("6.0-0019".into())]);
    let rows = compare::grid(catalogue(), &[h200(), mi], 0);
    let j = rows.iter().find(|r| r.id == "j-per-token").expect("J/token row");
    close(j.cells[1].as_ref().expect("mi").value, 6000.0 / 27072.5);
    assert_eq!(j.best, vec![0]);
    assert_eq!(j.best_word, BestWord::LowestCeiling);
}

fn ctx(current: &Form) -> ExportContext<'_> {
    ExportContext {
        data_version: "2026.12.1",
        data_date: "2026-12-03",
        link: "https://x.test/?v=1",
        page: "https://x.test/",
        current,
        baseline: 0,
    }
}

/// A CSV read by the rules it is written by (RFC 4180 quoting), rows as maps from the header.
struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Table {
    fn row(&self, i: usize) -> std::collections::HashMap<&str, &str> {
        self.header.iter().map(String::as_str).zip(self.rows[i].iter().map(String::as_str)).collect()
    }

    fn find(&self, configuration: &str, figure: &str) -> std::collections::HashMap<&str, &str> {
        let i = (0..self.rows.len())
            .find(|&i| self.row(i)["configuration"] == configuration && self.row(i)["figure"] == figure)
            .unwrap_or_else(|| panic!("no {figure} row for configuration {configuration}"));
        self.row(i)
    }
}

fn read_csv(text: &str) -> Table {
    // The page's CSV starts with a UTF-8 byte-order mark (issue 49), which a spreadsheet reads as
    // the encoding, not as text.
    let text = text.strip_prefix('\u{feff}').unwrap_or_else(|| panic!("no byte-order mark: {text:.40}"));
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut cell = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => cell.push(c),
            (false, '"') => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut cell)),
            (false, '\n') => {
                record.push(std::mem::take(&mut cell));
                records.push(std::mem::take(&mut record));
            }
            (false, c) => cell.push(c),
        }
    }
    let header = records.remove(0);
    for r in &records {
        assert_eq!(r.len(), header.len(), "every row has every column: {r:?}");
    }
    Table { header, rows: records }
}

#[test]
fn the_csv_holds_every_figure_at_full_precision_with_its_configuration_and_no_comment_line() {
    let list = vec![h200(), rtx()];
    let current = Form::initial(catalogue());
    let csv = export::csv(catalogue(), &list, &ctx(&current), Lang::En.strings());
    assert!(!csv.lines().any(|l| l.starts_with('#')), "no comment lines");
    let table = read_csv(&csv);
    for column in [
        "configuration",
        "name",
        "card",
        "cards",
        "servers",
        "result",
        "benchmark",
        "scenario",
        "precision",
        "limit_w",
        "demand",
        "price",
        "cur",
        "volts",
        "phases",
        "rack",
        "figure",
        "value",
        "low",
        "unit",
        "kind",
        "scope",
        "sources",
        "data_version",
        "link",
    ] {
        assert!(table.header.iter().any(|h| h == column), "column {column}: {:?}", table.header);
    }
    let j = table.find("1", "j-per-token");
    // 15 significant digits (issue 37): 4800 ÷ 32004 = 0.149981252343457077… (DATA.md's 8 × 600 W over
    // 32004 tokens/s), written 0.149981252343457.
    assert_eq!(j["value"], "0.149981252343457", "15 significant digits");
    assert!((j["value"].parse::<f64>().expect("a number") - 4800.0 / 32004.0).abs() < 1e-15);
    assert_eq!((j["low"], j["high"]), ("", ""), "a point has no ends");
    assert_eq!((j["baseline"], table.find("2", "j-per-token")["baseline"]), ("true", "false"));
    assert_eq!(
        (j["kind"], j["scope"], j["card"], j["cards"], j["result"]),
        ("ceiling", "gpu-board", "h200-nvl", "8", "6.0-0021")
    );
    assert_eq!(
        (j["benchmark"], j["scenario"], j["limit_w"], j["data_version"]),
        ("llama2-70b-99", "offline", "600", "2026.12.1")
    );
    assert!(j["sources"].contains("MLPerf 6.0-0021"), "{}", j["sources"]);
    // The name with a comma, an ampersand and an equals sign is one cell.
    assert_eq!(table.find("2", "j-per-token")["name"], "RTX PRO 6000 & friends = 2 servers?");
    assert_eq!(table.find("2", "j-per-token")["servers"], "2");
    // A throughput is published (it bounds nothing), with no power scope.
    let tps = table.find("1", "throughput");
    assert_eq!((tps["kind"], tps["scope"], tps["unit"]), ("published", "", "tokens/s"));
    // Every configuration has the six figures a published result gives (no measurement for these two),
    // and, needing no plan field, its system's peak and tokens per MW at the GPU boards (issue 36):
    // 8 × 600 W, and 32,004 tokens/s × 10⁶ ÷ 4,800 W.
    assert_eq!(table.rows.len(), 2 * 8, "{csv}");
    assert_eq!(table.find("1", "server-power-w")["value"].parse::<f64>().expect("a number"), 4800.0);
    let tpmw = table.find("1", "tokens-per-mw");
    assert_eq!(tpmw["value"].parse::<f64>().expect("a number"), 32004.0 * 1e6 / 4800.0);
    assert_eq!((tpmw["scope"], tpmw["bound"], tpmw["unit"]), ("gpu-board", "at-least", "tokens/s per MW"));
}

#[test]
fn the_json_export_reads_back_to_the_same_comparison_customer_reference_plan_and_page() {
    use token_energy::form::Field;
    let list = vec![h200(), rtx(), saved("", &[Edit::Card("l40s".into())])];
    let mut current = Form::initial(catalogue());
    for e in [
        Edit::Text(Field::Customer, "Müller GmbH".into()),
        Edit::Text(Field::Reference, "Q-2026-117".into()),
        Edit::Text(Field::Demand, "40,000,000".into()),
        Edit::Card("rtx-pro-6000-se".into()),
    ] {
        current = current.apply(catalogue(), e).form;
    }
    let text = export::json(catalogue(), &list, &ctx(&current), Lang::En.strings());
    let value: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(value["format"], "token-energy-comparison");
    assert_eq!(value["version"], compare::VERSION);
    assert_eq!(value["data_version"], "2026.12.1");
    assert_eq!((value["customer"].as_str(), value["reference"].as_str()), (Some("Müller GmbH"), Some("Q-2026-117")));
    let first = &value["configurations"][0];
    assert_eq!(
        (first["card"].as_str(), first["cards"].as_f64(), first["limit_w"].as_f64()),
        (Some("h200-nvl"), Some(8.0), Some(600.0))
    );
    assert_eq!(first["figures"][0]["id"], "j-per-token");
    assert_eq!(first["figures"][0]["value"].as_f64(), Some(4800.0 / 32004.0));
    assert_eq!(first["figures"][0]["kind"], "ceiling");
    // The unnamed one stays unnamed, with its shown name beside.
    assert_eq!(value["configurations"][2]["name"], "");
    assert!(value["configurations"][2]["title"].as_str().is_some_and(|t| t.contains("L40S")));
    let back = compare::read_export(catalogue(), &common::export_file(&value)).expect("ours");
    assert!(back.problems.is_empty(), "{:?}", back.problems);
    assert_eq!(back.list, list);
    assert_eq!(back.current.as_ref(), Some(&current), "customer, reference, plan and the page's configuration");
    assert_eq!((back.data_version.as_deref(), back.version), (Some("2026.12.1"), 2));
    assert_eq!((back.baseline, back.customer.as_str(), back.reference.as_str()), (0, "Müller GmbH", "Q-2026-117"));
    // Issue 37: the baseline, counted from 1, comes back; a file without one (or naming none of its
    // configurations) reads as the first.
    let third = export::json(catalogue(), &list, &ExportContext { baseline: 2, ..ctx(&current) }, Lang::En.strings());
    let third: serde_json::Value = serde_json::from_str(&third).expect("valid JSON");
    assert_eq!(third["baseline"], 3);
    assert_eq!(compare::read_export(catalogue(), &common::export_file(&third)).expect("ours").baseline, 2);
    for bad in [None, Some(0.0), Some(4.0), Some(1.5)] {
        let file = compare::ExportFile { baseline: bad, ..common::export_file(&third) };
        assert_eq!(compare::read_export(catalogue(), &file).expect("ours").baseline, 0, "{bad:?}");
    }
    // Control characters and quotes in a name stay valid JSON.
    let odd = vec![saved("a \"quoted\"\\ name\u{1}\u{2028}", &[])];
    let parsed: serde_json::Value =
        serde_json::from_str(&export::json(catalogue(), &odd, &ctx(&current), Lang::En.strings())).expect("valid");
    assert_eq!(parsed["configurations"][0]["name"], "a \"quoted\"\\ name\u{1}\u{2028}");
}

#[test]
fn every_format_version_main_has_written_reads_back() {
    // Version 1, as main wrote it until December 2026 (tests/fixtures/comparison-v1.json: no
    // customer, reference or page configuration; names always set).
    let v1: serde_json::Value =
        serde_json::from_str(include_str!("fixtures/comparison-v1.json")).expect("the fixture is JSON");
    let back = compare::read_export(catalogue(), &common::export_file(&v1)).expect("version 1 reads");
    assert_eq!(back.version, 1);
    assert_eq!(back.list, vec![h200(), rtx()]);
    assert_eq!(back.current, None, "version 1 carried no page configuration");
    assert_eq!(back.data_version.as_deref(), Some("2026.12.1"));
    // Version 2, this one.
    let current = Form::initial(catalogue());
    let v2: serde_json::Value =
        serde_json::from_str(&export::json(catalogue(), &[h200()], &ctx(&current), Lang::En.strings())).expect("JSON");
    assert_eq!(compare::read_export(catalogue(), &common::export_file(&v2)).expect("version 2 reads").version, 2);
    // A newer version, a foreign or an empty file is said to be one, in each language.
    let file = common::export_file(&v1);
    for (file, why) in [
        (ExportFile { version: Some(3.0), ..file.clone() }, Foreign::NewerVersion(3)),
        (
            ExportFile { format: Some("something-else".into()), ..file.clone() },
            Foreign::OtherFormat("something-else".into()),
        ),
        (ExportFile { format: None, ..file.clone() }, Foreign::NoFormat),
        (ExportFile { entries: vec![], ..file.clone() }, Foreign::Empty),
    ] {
        let err = compare::read_export(catalogue(), &file).expect_err("refused");
        assert_eq!(err, CompareError::ForeignFile(why));
        assert!(err.to_string().starts_with("This file is not a token-energy comparison"), "{err}");
        let german = (Lang::De.strings().compare_error)(&err);
        assert!(german.starts_with("Diese Datei ist kein token-energy-Vergleich"), "{german}");
        for english in [" it ", " its ", "holds", "names no"] {
            assert!(!german.contains(english), "{german}");
        }
    }
    // The page's own CSV is told apart, and the message says to open the .json.
    let csv = export::csv(catalogue(), &[h200()], &ctx(&current), Lang::En.strings());
    assert!(compare::is_csv_export(&csv) && !compare::is_csv_export("{\"format\":1}"));
    assert!((Lang::En.strings().not_a_comparison)(&Foreign::Csv).contains(".json"));
    assert!((Lang::De.strings().not_a_comparison)(&Foreign::Csv).contains(".json-Datei öffnen"));
}

#[test]
fn export_file_names_carry_customer_reference_and_date() {
    assert_eq!(
        compare::file_name("Müller GmbH", "Q-2026-117", Some((2026, 12, 4)), "csv"),
        "token-energy-mueller-gmbh-q-2026-117-2026-12-04.csv"
    );
    assert_eq!(compare::file_name("  ", "", None, "json"), "token-energy.json");
    assert_eq!(
        compare::file_name("../../etc/passwd", "a/b", Some((2026, 1, 2)), "json"),
        "token-energy-etc-passwd-a-b-2026-01-02.json"
    );
}

#[test]
fn the_grid_names_each_configuration_and_warns_when_they_stand_for_different_work() {
    let h = saved("", &[Edit::Scenario("interactive".into())]);
    let l = saved("", &[Edit::Card("l40s".into())]);
    let t = Lang::En.strings();
    assert_eq!(export::display_name(catalogue(), &h, t), "8 × H200 NVL · 6.0-0021 · Interactive");
    let sub = (t.compare_subtitle)(&compare::facts(catalogue(), &h.form));
    assert_eq!(
        sub,
        "8 × H200 NVL × 1 server · MLPerf 6.0-0021 · Interactive · Llama 2 70B (99 %) · FP8 weights · 600 W per card"
    );
    let german = (Lang::De.strings().compare_subtitle)(&compare::facts(catalogue(), &l.form));
    assert!(german.contains("Server") && german.contains("W je Karte"), "{german}");
    // Interactive against the L40S's Offline: said. The L40S's v4.1-0025 starts from FP16 with a
    // quantization stated, so its served format is open: no precision mismatch is claimed (issue 34.9),
    // and its subtitle says what it started from. The same list twice: nothing.
    let found = compare::mismatches(catalogue(), &[h.clone(), l.clone()]);
    assert!(found.contains(&Mismatch::Scenario) && !found.contains(&Mismatch::Precision), "{found:?}");
    assert!((t.compare_subtitle)(&compare::facts(catalogue(), &l.form)).contains("started from FP16 weights"));
    let found = compare::mismatches(catalogue(), &[h200(), rtx()]);
    assert!(found.contains(&Mismatch::Precision), "FP8 against FP4: {found:?}");
    assert!(compare::mismatches(catalogue(), &[h.clone(), h.clone()]).is_empty());
    // A lowered limit against a result's own setting.
    let capped =
        saved("", &[Edit::Scenario("interactive".into()), Edit::Text(token_energy::form::Field::Watts, "450".into())]);
    assert_eq!(compare::mismatches(catalogue(), &[h, capped]), vec![Mismatch::Limit]);
}

#[test]
fn printed_notes_name_each_configurations_assumptions_and_sources_once() {
    let scaled = saved("4 cards", &[Edit::Text(token_energy::form::Field::Gpus, "4".into())]);
    let notes = export::notes(catalogue(), &[h200(), scaled], "https://x.test/", Lang::En.strings());
    assert_eq!(notes.len(), 2);
    assert!(notes[0].assumptions.is_empty(), "{:?}", notes[0].assumptions);
    assert!(notes[0].link.starts_with("https://x.test/?v=1&card=h200-nvl"));
    assert!(notes[0].sources.iter().any(|s| s == "MLPerf 6.0-0021"), "{:?}", notes[0].sources);
    let mut unique = notes[0].sources.clone();
    unique.dedup();
    assert_eq!(unique.len(), notes[0].sources.len());
    // 4 of 6.0-0021's 8 cards: scaled throughput, named once.
    assert_eq!(notes[1].assumptions.len(), 1, "{:?}", notes[1].assumptions);
    assert!(notes[1].assumptions[0].contains("linear scaling"));
}

#[test]
fn a_german_export_says_its_assumptions_and_inputs_in_german() {
    let scaled = saved("4 Karten", &[Edit::Text(token_energy::form::Field::Gpus, "4".into())]);
    let current = Form::initial(catalogue());
    let csv = export::csv(catalogue(), std::slice::from_ref(&scaled), &ctx(&current), Lang::De.strings());
    let english = export::csv(catalogue(), &[scaled], &ctx(&current), Lang::En.strings());
    assert!(english.contains("linear scaling") && !csv.contains("linear scaling"), "{csv}");
    assert!(csv.contains("Ihre Eingabe"), "{csv}");
    // Machine-read parts stay the same in every language: column names, ids, kinds, values.
    let header = |t: &str| t.lines().next().map(str::to_owned);
    assert_eq!(header(&csv), header(&english));
    assert!(csv.as_bytes().starts_with(&[0xEF, 0xBB, 0xBF]), "a byte-order mark in German too");
    assert!(csv.contains(",j-per-token,") && csv.contains(",estimate,"));
}

/// A configuration on Llama 2 70B Server with the sales walk's plan: 40 M tokens a day at 0.25 EUR.
fn planned(name: &str, card: &str, idle: Option<&str>) -> Saved {
    use token_energy::form::Field;
    let mut edits = vec![
        Edit::Card(card.into()),
        Edit::Scenario("server".into()),
        Edit::Text(Field::Demand, "40,000,000".into()),
        Edit::Text(Field::Price, "0.25".into()),
    ];
    if let Some(i) = idle {
        edits.push(Edit::Text(Field::Idle, i.into()));
    }
    saved(name, &edits)
}

#[test]
fn the_grid_carries_the_plan_and_crowns_no_daily_figure_and_no_overlapping_range() {
    // Cards with no sourced idle power (issue 35), so each year is the bracket from every token at
    // the benchmark's J/token to every card at its limit all day.
    let list = vec![
        planned("MI355X", "mi355x", None),
        planned("B300", "b300-sxm", None),
        planned("H100 NVL", "h100-nvl", None),
    ];
    for s in &list {
        assert!(plan::sourced_idle(&s.form.card).is_none(), "{}", s.form.card);
    }
    let rows = compare::grid(catalogue(), &list, 0);
    let row = |id: &str| rows.iter().find(|r| r.id == id).unwrap_or_else(|| panic!("no {id} row"));
    for (i, s) in list.iter().enumerate() {
        // The published row's tokens/s, from the catalogue (the form runs the result's own card count).
        let token_energy::form::ThroughputChoice::Published(id) = &s.form.throughput else { panic!("a result") };
        let published = catalogue().result(id, s.form.benchmark, s.form.scenario).expect("row");
        let t = published.tokens_per_s;
        let cards: f64 = s.form.gpus.parse().expect("cards");
        assert_eq!(cards, f64::from(published.accelerators));
        let watts: f64 = s.form.watts.parse().expect("watts");
        // One server suffices for 40 M a day; the year spans every token at the J/token to every card at its limit.
        close(row("servers-needed").cells[i].as_ref().expect("servers").value, (40.0e6 / 86_400.0 / t).ceil());
        let year = row("cost-per-year").cells[i].clone().expect("cost");
        close(year.value, cards * watts * 24.0 * 365.0 / 1000.0 * 0.25);
        close(year.low.expect("a range"), 40.0e6 * cards * watts / t / 3.6e6 * 365.0 * 0.25);
    }
    // The least per day is drawn by whatever does the least: never best on a daily or power figure.
    for id in ["kwh-per-day", "board-power-w", "btu-per-h"] {
        assert!(row(id).best.is_empty(), "{id}");
    }
    // The yearly ranges overlap (their upper ends are every card at its limit): no best.
    assert!(row("cost-per-year").best.is_empty());
    assert!(row("site-kwh-per-year").best.is_empty());
    // With idle powers the years are ranges (issue 47): the lower end each idle all day plus the rest of
    // the limit for the busy share of the day (R ÷ T of 24 h, R = 40 M ÷ 86,400 s), the upper end the
    // H100's measured shape at that load all day; 8 cards, 365 days at 0.25 EUR/kWh: the published rows
    // (DATA.md / data/results.json, Llama 2 70B Server) are 6.0-0021's 29,084.9 tokens/s at 600 W and
    // v4.1-0025's 3,218.55 tokens/s at the L40S's 350 W.
    let year = |watts: f64, idle: f64, t: f64| {
        let load = 40.0e6 / 86_400.0 / t;
        8.0 * (idle * 24.0 + (watts - idle) * load * 24.0) / 1000.0 * 365.0 * 0.25
    };
    let year_high = |watts: f64, idle: f64, t: f64| {
        let load = 40.0e6 / 86_400.0 / t;
        8.0 * common::h100_measured_watts(100.0 * load, idle, watts) * 24.0 / 1000.0 * 365.0 * 0.25
    };
    let cost_row = |list: &[Saved]| -> (Vec<(f64, f64)>, Vec<usize>) {
        let rows = compare::grid(catalogue(), list, 0);
        let cost = rows.iter().find(|r| r.id == "cost-per-year").expect("cost row");
        let ends = cost.cells.iter().map(|c| c.as_ref().expect("cost")).map(|f| (f.low.expect("a range"), f.value));
        (ends.collect(), cost.best.clone())
    };
    let (values, best) = cost_row(&[planned("H200", "h200-nvl", Some("80")), planned("L40S", "l40s", Some("80"))]);
    close(values[0].0, year(600.0, 80.0, 29_084.9));
    close(values[1].0, year(350.0, 80.0, 3_218.55));
    close(values[0].1, year_high(600.0, 80.0, 29_084.9));
    close(values[1].1, year_high(350.0, 80.0, 3_218.55));
    assert!((1546.0..1547.0).contains(&values[0].0) && (2082.0..2083.0).contains(&values[1].0), "{values:?}");
    // No star: a star only between like work (issue 34), and v4.1-0025's submission states a
    // quantization of its FP16 weights, so the L40S's served precision is not known.
    assert!(best.is_empty(), "{best:?}");
    // Like work: the same result twice, idle 80 W against 120 W: at 1.6 % load their ranges overlap (the
    // measured curve's upper end lies far above both linear ends), so neither is best.
    let (values, best) =
        cost_row(&[planned("H200 idle 120", "h200-nvl", Some("120")), planned("H200 idle 80", "h200-nvl", Some("80"))]);
    close(values[0].0, year(600.0, 120.0, 29_084.9));
    close(values[1].0, year(600.0, 80.0, 29_084.9));
    assert!(values[1].1 > values[0].0, "overlapping: {values:?}");
    assert!(best.is_empty(), "{values:?}");
    let list = vec![planned("H200", "h200-nvl", Some("80")), planned("L40S", "l40s", Some("80"))];
    // The CSV carries the plan's rows, with the plan's scope for the yearly ones and none for the count.
    let current = Form::initial(catalogue());
    let csv = export::csv(catalogue(), &list, &ctx(&current), Lang::En.strings());
    let table = read_csv(&csv);
    let servers = table.find("1", "servers-needed");
    assert_eq!(
        (servers["value"], servers["unit"], servers["kind"], servers["scope"]),
        ("1", "servers", "estimate", "")
    );
    let cost = table.find("2", "cost-per-year");
    assert_eq!((cost["unit"], cost["kind"], cost["scope"]), ("EUR", "estimate", "gpu-board"));
    assert_eq!((cost["demand"], cost["price"]), ("40000000", "0.25"));
}

/// Files main's own writers produced (not written by hand): version 1 by the writer at a58f626 and
/// version 2 by the writer at 6aec266, each for [h200, rtx] with a name holding quotes, a
/// backslash and a line break. They read back, and today's writer, read by serde_json, gives the
/// same JSON for the same input (numbers compared as numbers): a change of the format fails here.
/// Every figure of both files is also checked against arithmetic on DATA.md's figures.
#[test]
fn files_main_wrote_read_back_and_todays_writer_writes_the_same() {
    let mut list = vec![h200(), rtx()];
    list[0].name = "Quote \"A\" \\ back\nslash".to_owned();
    for (text, version) in
        [(include_str!("fixtures/comparison-v1-main.json"), 1), (include_str!("fixtures/comparison-v2-main.json"), 2)]
    {
        let value: serde_json::Value = serde_json::from_str(text).expect("main wrote JSON");
        let back = compare::read_export(catalogue(), &common::export_file(&value)).expect("reads back");
        assert_eq!(back.version, version);
        let names: Vec<&str> = back.list.iter().map(|s| s.name.as_str()).collect();
        // A name is one line: read back, its line break is gone (as when typed).
        assert_eq!(names, ["Quote \"A\" \\ backslash", "RTX PRO 6000 & friends = 2 servers?"]);
        assert_eq!(back.list[1].form, rtx().form);
        assert_eq!(back.data_version.as_deref(), Some("2026.12.1"));
    }
    let mut current = h200().form;
    current.customer = "Müller GmbH".to_owned();
    current.reference = "Q-2026-117".to_owned();
    let ours: serde_json::Value =
        serde_json::from_str(&export::json(catalogue(), &list, &ctx(&current), Lang::En.strings())).expect("JSON");
    let theirs: serde_json::Value =
        serde_json::from_str(include_str!("fixtures/comparison-v2-main.json")).expect("JSON");
    // The links carry the data version of the day they were written; the rest is the same.
    let today = format!("dv={}", token_energy::catalogue::data_version());
    fn numbers_as_f64(v: &serde_json::Value) -> serde_json::Value {
        use serde_json::Value;
        match v {
            Value::Number(n) => Value::from(n.as_f64().expect("a finite number")),
            Value::Array(a) => Value::Array(a.iter().map(numbers_as_f64).collect()),
            Value::Object(o) => Value::Object(o.iter().map(|(k, v)| (k.clone(), numbers_as_f64(v))).collect()),
            other => other.clone(),
        }
    }
    // Issue 34 added each figure's `bound` (null unless "at-least"): main's file has none, so ours is
    // read without it; every other key must be as main wrote it.
    let mut ours = ours;
    // Issue 37 added the baseline (the first, counted from 1): main's file has none, which reads as the first.
    assert_eq!(ours.as_object_mut().and_then(|o| o.remove("baseline")), Some(serde_json::Value::from(1)));
    if let Some(list) = ours["configurations"].as_array_mut() {
        for c in list {
            // Issue 36 added the system's peak and tokens per MW to every configuration: main's file has neither.
            if let Some(figures) = c["figures"].as_array_mut() {
                figures
                    .retain(|f| !["server-power-w", "tokens-per-mw"].contains(&f["id"].as_str().unwrap_or_default()));
            }
            for f in c["figures"].as_array_mut().into_iter().flatten() {
                let bound = f.as_object_mut().and_then(|o| o.remove("bound"));
                assert_eq!(bound, Some(serde_json::Value::Null), "a bound on a figure of main's file");
            }
        }
    }
    // Every cell of both files against arithmetic written here, not only against each other: DATA.md's
    // 6.0-0021 (32,004 tokens/s) and 6.0-0047 (29,908.4 tokens/s) Llama 2 70B Offline, 8 cards at
    // 600 W, one server and two; 1 BTU (IT) = 1,055.05585262 J, so 1 W = 3,600 ÷ 1,055.05585262 BTU/h.
    let arithmetic = |tps: f64, servers: f64| {
        let watts = 8.0 * 600.0;
        let j = watts / tps;
        [
            ("j-per-token", j),
            ("wh-per-mtok", j * 1.0e6 / 3600.0),
            ("throughput", tps),
            ("board-power-w", watts),
            ("kwh-per-day", watts * servers * 24.0 / 1000.0),
            ("btu-per-h", watts * servers * 3600.0 / 1_055.055_852_62),
        ]
    };
    for (file, v) in [("today's", &ours), ("main's", &theirs)] {
        let confs = v["configurations"].as_array().expect("configurations");
        assert_eq!(confs.len(), 2, "{file}");
        for (conf, (tps, servers)) in confs.iter().zip([(32_004.0, 1.0), (29_908.4, 2.0)]) {
            let figures = conf["figures"].as_array().expect("figures");
            let expected = arithmetic(tps, servers);
            assert_eq!(figures.len(), expected.len(), "{file}: {figures:?}");
            for (id, want) in expected {
                let f = figures.iter().find(|f| f["id"] == id).unwrap_or_else(|| panic!("{file}: no {id}"));
                let got = f["value"].as_f64().expect("a number");
                assert!((got - want).abs() <= want * 1e-12, "{file} {}: {id} {got} ≠ {want}", conf["result"]);
                assert!(f["low"].is_null(), "{file}: {id} is a point");
            }
        }
    }
    let normalise =
        |v: &serde_json::Value| serde_json::to_string(&numbers_as_f64(v)).unwrap().replace(&today, "dv=2026.12.3");
    assert_eq!(normalise(&ours), normalise(&theirs));
}

/// Issue 37: a range in `low` and `high` with `value` empty, so sorting `value` never ranks a range
/// by its upper end; no float noise; customer, reference and the baseline in columns; counts whole.
#[test]
fn the_csv_gives_a_range_its_two_ends_rounds_noise_away_and_names_customer_reference_and_baseline() {
    use token_energy::form::Field;
    // 8 × H200 NVL at 300 W, its result published at 600 W with 32004 tokens/s (DATA.md): J/token
    // from 8 × 300 ÷ 32004 (throughput unchanged) to 8 × 600 ÷ 32004 (the ceiling at its setting).
    let lowered = saved("lowered", &[Edit::Text(Field::Watts, "300".into()), Edit::Text(Field::Price, "0.1".into())]);
    let list = vec![h200(), lowered];
    let mut current = h200().form;
    current.customer = "Müller GmbH".to_owned();
    current.reference = "Q-2026-117".to_owned();
    let context = ExportContext { baseline: 1, ..ctx(&current) };
    let table = read_csv(&export::csv(catalogue(), &list, &context, Lang::En.strings()));
    let j = table.find("2", "j-per-token");
    assert_eq!(j["value"], "", "a range has no single value");
    assert!((j["low"].parse::<f64>().expect("low") - 2400.0 / 32004.0).abs() < 1e-15, "{}", j["low"]);
    assert!((j["high"].parse::<f64>().expect("high") - 4800.0 / 32004.0).abs() < 1e-15, "{}", j["high"]);
    let point = table.find("1", "j-per-token");
    assert_eq!((point["low"], point["high"]), ("", ""));
    assert_eq!((j["customer"], j["reference"]), ("Müller GmbH", "Q-2026-117"));
    assert_eq!((point["baseline"], j["baseline"]), ("false", "true"), "the second is the baseline");
    // Every number in the file has at most 15 significant digits.
    for i in 0..table.rows.len() {
        let row = table.row(i);
        for column in ["value", "low", "high"] {
            let text = row[column];
            let digits = text.split('e').next().unwrap_or("").chars().filter(char::is_ascii_digit).collect::<String>();
            assert!(digits.trim_start_matches('0').len() <= 15, "{column} {text} of {}", row["figure"]);
        }
    }
}

#[test]
fn a_csv_number_is_rounded_to_15_significant_digits_then_written_shortest() {
    // 0.1 × 3 is 0.30000000000000004 in binary arithmetic; the CSV writes 0.3.
    assert_eq!(export::csv_number(0.1 * 3.0), "0.3");
    // 4.8 kW × 24 h × 365 d × 0.1 EUR is 4204.799999999999 as computed; 4204.8 as written.
    assert_eq!(export::csv_number(4.8 * 24.0 * 365.0 * 0.1), "4204.8");
    // A value with more digits than 15 keeps 15: 4800 ÷ 32004 = 0.14998125234345707…
    assert_eq!(export::csv_number(4800.0 / 32004.0), "0.149981252343457");
    // Published and typed values are unchanged.
    for v in [32004.0, 0.25, 1e15, 6.0e-7, 115.2] {
        assert_eq!(export::csv_number(v), format!("{v}"));
    }
}
