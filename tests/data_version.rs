//! The data version (issue 29): a change to `data/*.json` needs a new version in `data/meta.json`
//! and an entry in `data/changes.json` recording it; a link or file of an older version is told
//! what changed since for what it shows.
#![allow(clippy::panic, clippy::unwrap_used, clippy::indexing_slicing, clippy::type_complexity)] // a test fails by panicking

use std::path::Path;
use token_energy::catalogue::{self, Benchmark, Catalogue, ChangeKind, DataChange, DataVersion};
use token_energy::data_version::{changes_since, concerns, notice_in, DataNotice, Shown};
use token_energy::link::{decode, encode};

/// FNV-1a, 64 bits (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// The digest `data/changes.json` records per version: every data file but `changes.json`, in
/// name order, as `name NUL text NUL` with CR LF read as LF (a checkout on Windows digests the same).
fn digest(files: &[(String, Vec<u8>)]) -> String {
    let mut sorted: Vec<&(String, Vec<u8>)> = files.iter().filter(|(n, _)| n != "changes.json").collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    let mut all = Vec::new();
    for (name, text) in sorted {
        all.extend_from_slice(name.as_bytes());
        all.push(0);
        let mut i = 0;
        while i < text.len() {
            if text[i] == b'\r' && text.get(i + 1) == Some(&b'\n') {
                i += 1;
                continue;
            }
            all.push(text[i]);
            i += 1;
        }
        all.push(0);
    }
    format!("fnv1a64:{:016x}", fnv1a64(&all))
}

/// Every `data/*.json`, by file name.
fn data_files() -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("data")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            files.push((path.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&path).unwrap()));
        }
    }
    files
}

fn file<'a>(files: &'a [(String, Vec<u8>)], name: &str) -> &'a str {
    std::str::from_utf8(&files.iter().find(|(n, _)| n == name).unwrap().1).unwrap()
}

/// The data-version rule over a set of data files: `meta.json`'s version is the newest in
/// `changes.json`, it has at least one change, and its digest is the files'.
fn rule(files: &[(String, Vec<u8>)]) -> Result<(), String> {
    let meta: serde_json::Value = serde_json::from_str(file(files, "meta.json")).map_err(|e| e.to_string())?;
    let versions = catalogue::changes_from_json(file(files, "changes.json")).map_err(|e| e.to_string())?;
    let newest = versions.last().ok_or("data/changes.json lists no version")?;
    let version = meta["data_version"].as_str().ok_or("meta.json has no data_version")?;
    if newest.version != version {
        return Err(format!(
            "data/meta.json says data version {version}, but the newest entry of data/changes.json is {}: add an entry for {version}",
            newest.version
        ));
    }
    if newest.changes.is_empty() {
        return Err(format!("data/changes.json's entry for {version} lists no change"));
    }
    let now = digest(files);
    if newest.files != now {
        return Err(format!(
            "data/*.json changed since data version {version} was recorded (its digest {}, the files' {now}): \
             give data/meta.json a new data_version and add an entry for it to data/changes.json, saying what \
             changed, with \"files\": \"{now}\"",
            newest.files
        ));
    }
    Ok(())
}

#[test]
fn the_digest_is_fnv1a_64_on_its_published_test_vectors() {
    // Fowler, Noll, Vo: FNV-1a 64 of "" and of "a" (the reference test vectors).
    assert_eq!(fnv1a64(b""), 0xcbf29ce484222325);
    assert_eq!(fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
    assert_eq!(fnv1a64(b"foobar"), 0x85944171f73967e8);
}

#[test]
fn the_data_files_are_those_the_newest_data_version_recorded() {
    let files = data_files();
    assert!(files.len() >= 7, "data/*.json: {:?}", files.iter().map(|f| &f.0).collect::<Vec<_>>());
    if let Err(e) = rule(&files) {
        panic!("{e}");
    }
}

fn with(files: &[(String, Vec<u8>)], name: &str, text: String) -> Vec<(String, Vec<u8>)> {
    files
        .iter()
        .map(|(n, t)| if n == name { (n.clone(), text.clone().into_bytes()) } else { (n.clone(), t.clone()) })
        .collect()
}

#[test]
fn a_changed_data_file_without_a_new_version_and_entry_fails_the_rule() {
    let files = data_files();
    // One published value corrected, nothing else: the rule fails and says what to do.
    let results = file(&files, "results.json").replacen("\"tokens_per_s\": 6238.12", "\"tokens_per_s\": 6238.13", 1);
    assert_ne!(results, file(&files, "results.json"), "the row the test edits is in results.json");
    let edited = with(&files, "results.json", results);
    let e = rule(&edited).unwrap_err();
    assert!(e.contains("give data/meta.json a new data_version"), "{e}");
    // A line end written as CR LF is no change.
    let crlf = with(&files, "cards.json", file(&files, "cards.json").replace('\n', "\r\n"));
    assert_eq!(rule(&crlf), Ok(()));
    // A new version in meta.json alone: no entry for it.
    let current = catalogue::data_version();
    let meta = file(&files, "meta.json").replace(current, "2099.1.0");
    let bumped = with(&edited, "meta.json", meta);
    let e = rule(&bumped).unwrap_err();
    assert!(e.contains("add an entry for 2099.1.0"), "{e}");
    // With an entry that records the files' digest, the rule holds again; with an empty one, not.
    let mut versions: Vec<serde_json::Value> = serde_json::from_str(file(&files, "changes.json")).unwrap();
    versions.push(serde_json::json!({
        "version": "2099.1.0", "date": "2099-01-01", "files": digest(&bumped), "changes": []
    }));
    let empty = with(&bumped, "changes.json", serde_json::to_string(&versions).unwrap());
    assert!(rule(&empty).unwrap_err().contains("lists no change"));
    versions.last_mut().unwrap()["changes"] = serde_json::json!([{
        "kind": "corrected", "text": "6.0-0004 Interactive: 6238.12 → 6238.13 tokens/s (a typing error)",
        "text_de": "6.0-0004 Interactive: 6238,12 → 6238,13 Token/s (ein Tippfehler)", "results": ["6.0-0004"]
    }]);
    let recorded = with(&bumped, "changes.json", serde_json::to_string(&versions).unwrap());
    assert_eq!(rule(&recorded), Ok(()));
}

#[test]
fn the_compiled_changes_are_the_file_and_every_entry_is_well_formed() {
    let parsed = catalogue::changes_from_json(catalogue::json::CHANGES).unwrap();
    assert_eq!(parsed.as_slice(), catalogue::changes());
    let c = Catalogue::embedded();
    assert_eq!(
        parsed.iter().map(|v| v.version.as_ref()).collect::<Vec<_>>(),
        [
            "2026.12.0",
            "2026.12.1",
            "2026.12.2",
            "2026.12.3",
            "2026.12.4",
            "2026.12.5",
            "2026.12.6",
            "2026.12.7",
            "2026.12.8",
            "2026.12.9",
            "2026.12.10",
            "2026.12.11",
            "2026.12.12"
        ],
        "the versions data/meta.json has had (git log -p data/meta.json)"
    );
    for pair in parsed.windows(2) {
        assert!(pair[0].date <= pair[1].date, "{} before {}", pair[0].version, pair[1].version);
    }
    for v in &parsed {
        assert_eq!(v.date.len(), 10, "{}: date {}", v.version, v.date);
        assert!(!v.changes.is_empty(), "{} lists no change", v.version);
        for change in v.changes.iter() {
            assert!(!change.text.trim().is_empty() && !change.text_de.trim().is_empty(), "{}: {change:?}", v.version);
            assert_ne!(change.text, change.text_de, "{}: German text is the English", v.version);
            for card in change.cards.iter() {
                assert!(c.card(card).is_some(), "{}: card {card} not in the catalogue", v.version);
            }
            for result in change.results.iter() {
                assert!(c.entry(result).next().is_some(), "{}: result {result} not in the catalogue", v.version);
            }
        }
    }
}

fn kinds(changes: &[DataChange]) -> Vec<&'static str> {
    changes.iter().map(|c| c.kind.id()).collect()
}

fn older(notice: Option<DataNotice>) -> (String, String, Vec<DataChange>) {
    match notice {
        Some(DataNotice::Older { version, date, changes }) => (version, date, changes),
        other => panic!("not an older version: {other:?}"),
    }
}

#[test]
fn a_link_of_an_older_version_is_told_what_changed_for_its_card_result_and_plan() {
    let c = Catalogue::embedded();
    // 2026.12.1 → 2026.12.2, read off data/changes.json: for an H200 NVL result without a plan, the
    // range rule (every configuration), the 205 results (every benchmark), the German limit names
    // (H200 NVL among the cards); not the plan, not the new cards, not the source titles.
    let d = decode(c, "?v=1&card=h200-nvl&result=6.0-0021&scenario=offline&model=llama2-70b-99&dv=2026.12.1");
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    let (version, date, changes) = older(d.data_notice(&[]));
    assert_eq!((version.as_str(), date.as_str()), ("2026.12.1", "2026-12-03"));
    // 2026.12.3's rule below the lowest published setting concerns every card; 2026.12.4's sizes
    // and kinds every Llama 2 70B configuration; 2026.12.5's weight transformations every benchmark;
    // 2026.12.9's source entries (issue 38) every configuration.
    assert_eq!(kinds(&changes), ["rule", "added", "wording", "rule", "added", "added", "wording"]);
    assert!(changes[6].text.contains("No figure changed") && changes[6].cards.is_empty());
    assert!(changes[5].text.contains("weight_transformations"));
    assert!(changes[4].text.starts_with("Llama 2 70B: its size"));
    assert!(changes[0].text.starts_with("A power limit other than"));
    assert!(changes[3].text.starts_with("Below a card's lowest published setting"));
    assert!(changes[1].text.starts_with("205 published results"));
    assert!(changes[2].text.contains("H200 NVL"));
    // The L40S: no wording change of its own.
    let d = decode(c, "?v=1&card=l40s&dv=2026.12.1");
    assert_eq!(kinds(&older(d.data_notice(&[])).2), ["rule", "added", "rule", "added", "added", "wording"]);
    // With a demand, the plan's rule too, and 2026.12.6's sourced idle powers and their rule (issue 35).
    let d = decode(c, "?v=1&card=l40s&demand=40000000&dv=2026.12.1");
    let (_, _, changes) = older(d.data_notice(&[]));
    // And 2026.12.7's systems rule (issue 36) and 2026.12.8's water factors and rule (issue 40), which
    // concern every plan.
    assert_eq!(
        kinds(&changes),
        [
            "rule",
            "rule",
            "added",
            "rule",
            "added",
            "added",
            "added",
            "rule",
            "rule",
            "added",
            "rule",
            "wording",
            "rule",
            "added",
            "corrected"
        ]
    );
    // 2026.12.11 (issue 47): the method of the energy at the customer's load changed, and how.
    assert!(changes[12].plan && changes[12].text.starts_with("Energy at your own load (issue 47)"));
    assert!(changes[12].text.contains("lower end is the former linear model"));
    // 2026.12.12's systems correction (issue 48) concerns every plan too.
    assert!(changes[14].plan && changes[14].text.starts_with("Systems (issue 48)"));
    assert!(changes[8].plan && changes[8].text.starts_with("The plan counts systems"));
    assert!(changes[1].plan);
    assert!(changes[6].plan && changes[6].text.starts_with("Idle power with a model loaded"));
    // From 2026.12.0: 2026.12.1's 547 results as well, not its four new cards.
    let d = decode(c, "?v=1&card=l40s&dv=2026.12.0");
    let (_, date, changes) = older(d.data_notice(&[]));
    assert_eq!(date, "2026-12-02");
    assert_eq!(kinds(&changes), ["added", "rule", "added", "rule", "added", "added", "wording"]);
    assert!(changes[0].text.starts_with("547"));
}

#[test]
fn a_compared_configuration_brings_its_own_changes() {
    let c = Catalogue::embedded();
    let d = decode(c, "?v=1&card=l40s&dv=2026.12.1");
    let other = decode(c, "?card=rtx-pro-6000-se").form;
    let (_, _, changes) = older(d.data_notice(&[&other]));
    // The RTX PRO 6000's own: 2026.12.3's power modes, and its rule for every card; 2026.12.10's v6.1 rows.
    assert_eq!(kinds(&changes), ["rule", "added", "wording", "added", "rule", "added", "added", "wording", "added"]);
    assert!(changes[2].text.contains("RTX PRO 6000"));
    assert!(changes[3].text.contains("cable modes"));
}

#[test]
fn the_same_version_no_version_and_an_unknown_one() {
    let c = Catalogue::embedded();
    let current = catalogue::data_version();
    assert_eq!(current, Catalogue::embedded().meta.data_version);
    let d = decode(c, &format!("?v=1&card=l40s&dv={current}"));
    assert_eq!(d.data_notice(&[]), None);
    // Every v=1 link sent so far: opens as before, with the notice that figures may have changed.
    let d = decode(c, "?v=1&card=l40s&gpus=4&watts=300");
    assert!(d.notices.is_empty());
    assert_eq!(d.data_notice(&[]), Some(DataNotice::Unversioned));
    // A hand-written link (no v=) or the bare page: nothing to say.
    assert_eq!(decode(c, "?card=l40s").data_notice(&[]), None);
    assert_eq!(decode(c, "").data_notice(&[]), None);
    // A version the page does not list, or newer than its data.
    assert_eq!(decode(c, "?v=1&dv=1999.1").data_notice(&[]), Some(DataNotice::Unknown("1999.1".into())));
    assert_eq!(decode(c, "?dv=2099.1.0").data_notice(&[]), Some(DataNotice::Unknown("2099.1.0".into())));
}

#[test]
fn every_link_the_page_writes_carries_the_current_data_version_and_reopens_without_a_notice() {
    let c = Catalogue::embedded();
    for query in ["", "?card=l40s&watts=200", "?result=6.0-0021&demand=4e7&lang=de", "?v=1&dv=2026.12.1&card=b200-sxm"]
    {
        let d = decode(c, query);
        let link = encode(&d.form, false);
        assert!(link.starts_with("v=1&"), "{link}");
        assert!(link.ends_with(&format!("&dv={}", catalogue::data_version())), "{link}");
        let again = decode(c, &link);
        assert_eq!(again.form, d.form);
        assert_eq!(again.data_notice(&[]), None, "{link}");
        assert!(encode(&d.form, true).ends_with(&format!("&dv={}&embed=1", catalogue::data_version())));
    }
}

fn change(kind: ChangeKind, text: &str) -> DataChange {
    DataChange {
        kind,
        text: text.to_owned().into(),
        text_de: format!("{text} (de)").into(),
        cards: Vec::new().into(),
        results: Vec::new().into(),
        benchmarks: Vec::new().into(),
        plan: false,
    }
}

#[test]
fn changes_since_reads_only_later_versions_and_what_concerns_what_is_shown() {
    let mut row = change(ChangeKind::Corrected, "6.0-0021 corrected");
    row.results = vec!["6.0-0021".into()].into();
    let mut mixtral = change(ChangeKind::Added, "Mixtral rows");
    mixtral.benchmarks = vec![Benchmark::Mixtral8x7b].into();
    let mut card = change(ChangeKind::Wording, "L40S name");
    card.cards = vec!["l40s".into()].into();
    let all = change(ChangeKind::Rule, "every configuration");
    let version = |v: &str, changes: Vec<DataChange>| DataVersion {
        version: v.to_owned().into(),
        date: format!("{v}-date").into(),
        files: "fnv1a64:0".into(),
        changes: changes.into(),
    };
    let versions = vec![
        version("a", vec![change(ChangeKind::Added, "first")]),
        version("b", vec![row.clone(), card.clone()]),
        version("c", vec![mixtral.clone(), all.clone()]),
    ];
    let h200 = Shown { card: "h200-nvl", result: Some("6.0-0021"), benchmark: Benchmark::Llama2_70b99, plan: false };
    let l40s = Shown { card: "l40s", result: None, benchmark: Benchmark::Mixtral8x7b, plan: false };
    assert!(concerns(&row, &h200) && !concerns(&row, &l40s));
    assert!(concerns(&mixtral, &l40s) && !concerns(&mixtral, &h200));
    assert!(concerns(&all, &h200) && concerns(&all, &l40s));
    let texts = |v: Option<Vec<&DataChange>>| v.unwrap().iter().map(|c| c.text.to_string()).collect::<Vec<_>>();
    assert_eq!(
        texts(changes_since(&versions, "a", "c", std::slice::from_ref(&h200))),
        ["6.0-0021 corrected", "every configuration"]
    );
    assert_eq!(texts(changes_since(&versions, "b", "c", std::slice::from_ref(&h200))), ["every configuration"]);
    assert_eq!(
        texts(changes_since(&versions, "a", "c", &[h200.clone(), l40s.clone()])),
        ["6.0-0021 corrected", "L40S name", "Mixtral rows", "every configuration"]
    );
    // Up to the current version only (the page's data), never past it.
    assert_eq!(texts(changes_since(&versions, "a", "b", std::slice::from_ref(&l40s))), ["L40S name"]);
    assert_eq!(changes_since(&versions, "c", "b", std::slice::from_ref(&l40s)), None);
    assert_eq!(changes_since(&versions, "z", "c", std::slice::from_ref(&l40s)), None);
    // The notice: nothing for the same version; an empty list for an older one with nothing relevant.
    assert_eq!(notice_in(&versions, "c", Some("c"), std::slice::from_ref(&h200)), None);
    let only_card = vec![version("a", vec![]), version("b", vec![card])];
    assert_eq!(
        notice_in(&only_card, "b", Some("a"), std::slice::from_ref(&h200)),
        Some(DataNotice::Older { version: "a".into(), date: "a-date".into(), changes: vec![] })
    );
    assert_eq!(notice_in(&versions, "c", None, &[h200]), Some(DataNotice::Unversioned));
}

// issue 50
#[test]
fn a_link_made_before_v6_1_is_told_of_it_for_the_cards_it_concerns_only() {
    let c = Catalogue::embedded();
    // A B300 link of 2026.12.9 (v6.1's 99 B300 rows came in 2026.12.10).
    let d = decode(c, "?v=1&card=b300-sxm&dv=2026.12.9");
    let (version, _, changes) = older(d.data_notice(&[]));
    assert_eq!(version, "2026.12.9");
    assert_eq!(kinds(&changes), ["added"]);
    assert!(changes[0].text.contains("v6.1") && changes[0].text_de.contains("v6.1"));
    // The same for a v6.0 result's link on the MI355X.
    let d = decode(c, "?v=1&result=6.0-0002&dv=2026.12.9");
    assert_eq!(kinds(&older(d.data_notice(&[])).2), ["added"]);
    // An L40S link of 2026.12.9: v6.1 has no L40S row, no change concerns it.
    let d = decode(c, "?v=1&card=l40s&dv=2026.12.9");
    assert!(older(d.data_notice(&[])).2.is_empty());
}
