//! The link contract, version 1.
#![allow(clippy::panic, clippy::type_complexity)] // a test fails by panicking

use token_energy::catalogue::{Benchmark, Catalogue, Scenario};
use token_energy::form::{Field, Form, ThroughputChoice};
use token_energy::link::{decode, encode, percent_decode, Notice};

fn catalogue() -> &'static Catalogue {
    Catalogue::embedded()
}

#[test]
fn a_bare_link_opens_the_h200_nvl_offline_result() {
    let d = decode(catalogue(), "");
    assert!(d.notices.is_empty());
    assert_eq!(d.form.card, "h200-nvl");
    assert_eq!(d.form.throughput, ThroughputChoice::Published("6.0-0021".into()));
    assert_eq!((d.form.scenario, d.form.benchmark), (Scenario::Offline, Benchmark::Llama2_70b99));
    assert_eq!((d.form.gpus.as_str(), d.form.servers.as_str(), d.form.watts.as_str()), ("8", "1", "600"));
}

#[test]
fn a_result_implies_its_card_count_and_setting() {
    let d = decode(catalogue(), "?result=6.0-0054&scenario=server");
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    assert_eq!(d.form.card, "rtx-pro-6000-se");
    assert_eq!((d.form.gpus.as_str(), d.form.watts.as_str()), ("4", "450"));
    assert_eq!(d.form.scenario, Scenario::Server);
}

#[test]
fn a_conflicting_card_is_overridden_with_a_notice() {
    let d = decode(catalogue(), "card=l40s&result=6.0-0021");
    assert_eq!(d.form.card, "h200-nvl");
    assert!(matches!(d.notices.as_slice(), [Notice::CardOverridden { .. }]));
}

#[test]
fn tps_replaces_the_result() {
    let d = decode(catalogue(), "card=l40s&tps=2500&gpus=4&watts=300");
    assert_eq!(d.form.throughput, ThroughputChoice::Own);
    assert_eq!(
        (&*d.form.card, d.form.tps.as_str(), d.form.gpus.as_str(), d.form.watts.as_str()),
        ("l40s", "2500", "4", "300")
    );
}

#[test]
fn round_trip_reproduces_the_form_exactly() {
    let forms = [
        "result=6.0-0004&scenario=interactive&servers=12&watts=450",
        "card=l40s&tps=1234.5&gpus=3&servers=2&watts=275",
        "result=v4.1-0058&model=llama2-70b-99.9&scenario=server",
        "card=b200-sxm",
        "gpus=a%20b&watts=%E2%82%AC",
    ];
    for query in forms {
        let first = decode(catalogue(), query).form;
        let again = decode(catalogue(), &encode(&first, false));
        assert_eq!(again.form, first, "{query}");
        assert!(again.notices.is_empty(), "{query}: {:?}", again.notices);
        assert!(encode(&first, false).starts_with("v=1&"));
    }
}

#[test]
fn unknown_and_malformed_parameters_give_notices_and_defaults() {
    let cases: [(&str, fn(&Notice) -> bool); 7] = [
        ("card=gtx-480", |n| matches!(n, Notice::UnknownCard(c) if c == "gtx-480")),
        ("result=9.9-9999", |n| matches!(n, Notice::UnknownResult(_))),
        ("scenario=batch", |n| matches!(n, Notice::UnknownScenario(_))),
        ("model=gpt-5", |n| matches!(n, Notice::UnknownModel(_))),
        ("colour=red", |n| matches!(n, Notice::UnknownParameter(p) if p == "colour")),
        ("v=7", |n| matches!(n, Notice::UnknownVersion(v) if v == "7")),
        ("gpus=2&gpus=3", |n| matches!(n, Notice::Repeated(p) if p == "gpus")),
    ];
    let default = Form::initial(catalogue());
    for (query, expected) in cases {
        let d = decode(catalogue(), query);
        assert!(d.notices.iter().any(expected), "{query}: {:?}", d.notices);
        assert_eq!(d.form.card, if query.starts_with("gpus") { "h200-nvl" } else { &*default.card });
    }
    assert_eq!(decode(catalogue(), "gpus=2&gpus=3").form.gpus, "2");
}

#[test]
fn a_missing_row_falls_back_with_a_notice() {
    let d = decode(catalogue(), "result=6.0-0047&scenario=interactive");
    assert_eq!(d.form.throughput, ThroughputChoice::Published("6.0-0047".into()));
    assert_ne!(d.form.scenario, Scenario::Interactive);
    assert!(matches!(d.notices.as_slice(), [Notice::RowMissing { .. }]), "{:?}", d.notices);
}

#[test]
fn percent_decoding_is_total() {
    assert_eq!(percent_decode("a%20b+c"), "a b c");
    assert_eq!(percent_decode("%"), "%");
    assert_eq!(percent_decode("%zz%4"), "%zz%4");
    assert_eq!(percent_decode("%FF"), "\u{FFFD}");
}

#[test]
fn embed_flag_survives_a_round_trip() {
    assert!(decode(catalogue(), "embed=1").embed);
    assert!(!decode(catalogue(), "").embed);
    let d = decode(catalogue(), "embed=1&result=6.0-0004");
    let again = decode(catalogue(), &encode(&d.form, d.embed));
    assert!(again.embed && again.notices.is_empty());
    assert_eq!(again.form, d.form);
    assert!(!encode(&d.form, false).contains("embed"));
}

#[test]
fn every_form_field_is_a_link_parameter() {
    // Field::id names the field's link parameter: the decoder must know each one. `colour` shows
    // that an unknown one is reported, so the check below can fail.
    let unknown =
        |query: &str| decode(catalogue(), query).notices.into_iter().any(|n| matches!(n, Notice::UnknownParameter(_)));
    assert!(unknown("colour=1"));
    for field in Field::ALL {
        let query = format!("{}=1", field.id());
        assert!(!unknown(&query), "{query}: {:?}", decode(catalogue(), &query).notices);
    }
}

#[test]
fn the_customers_own_model_round_trips_and_is_written_only_when_set() {
    // Issue 28.7: `your_model`, `your_b`, `your_arch`.
    let d = decode(
        catalogue(),
        "?v=1&card=l40s&your_model=M%C3%BCller%20%26%20S%C3%B6hne%20LLM%20v2&your_b=46.7&your_arch=moe",
    );
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    assert_eq!(
        (d.form.own_model.as_str(), d.form.own_size.as_str(), d.form.own_arch.as_str()),
        ("Müller & Söhne LLM v2", "46.7", "moe")
    );
    let query = encode(&d.form, false);
    assert!(
        query.contains("&your_model=M%C3%BCller%20%26%20S%C3%B6hne%20LLM%20v2&your_b=46.7&your_arch=moe&"),
        "{query}"
    );
    assert_eq!(decode(catalogue(), &query).form, d.form);
    // Each one alone; none written when empty.
    let only = decode(catalogue(), "?your_b=7").form;
    let query = encode(&only, false);
    assert!(query.contains("&your_b=7&") && !query.contains("your_model") && !query.contains("your_arch"), "{query}");
    let bare = encode(&decode(catalogue(), "?v=1&card=l40s&gpus=4").form, false);
    assert!(!bare.contains("your_"), "{bare}");
}

/// Issue 37: `base` names the comparison's baseline, counted from 1; a link without it (every link
/// before) has none, and one that names no compared configuration says so.
#[test]
fn the_baseline_travels_in_base_and_old_links_read_as_before() {
    use token_energy::compare::{self, Saved};
    let form = Form::initial(catalogue());
    let list: Vec<Saved> = ["h200-nvl", "l40s", "h100-sxm"]
        .iter()
        .map(|c| Saved {
            name: String::new(),
            form: form.apply(catalogue(), token_energy::form::Edit::Card((*c).into())).form,
        })
        .collect();
    let query = format!("{}&{}", encode(&form, false), compare::encode_with_baseline(&list, 2));
    assert!(query.ends_with("&base=3"), "{query}");
    let d = decode(catalogue(), &query);
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    assert_eq!((d.compared.len(), d.baseline), (3, Some(2)));
    // The first is the baseline without a word in the link: the link is as it was before.
    assert_eq!(compare::encode_with_baseline(&list, 0), compare::encode(&list));
    let old = format!("{}&{}", encode(&form, false), compare::encode(&list));
    let d = decode(catalogue(), &old);
    assert!(d.notices.is_empty());
    assert_eq!(d.baseline, None);
    // A baseline beyond the list, or not a number: a notice, and the first.
    for bad in ["4", "0", "x"] {
        let d = decode(catalogue(), &format!("{old}&base={bad}"));
        assert_eq!(d.baseline, None);
        assert_eq!(d.notices, [Notice::UnknownBaseline(bad.into())]);
    }
}

/// The sales run of issue 37 (three configurations with a plan, customer and reference), with names
/// and texts that need every escape: the page's link, as the app writes it, and `compact`'s.
fn sales_link() -> String {
    use token_energy::compare::{self, Saved};
    use token_energy::form::Edit;
    let typed = [
        (Field::Customer, "Müller GmbH & Co. KG+1 #2 100% = ok?"),
        (Field::Reference, "Q-2026-117/a,b@c:d"),
        (Field::Demand, "40000000"),
        (Field::Price, "0.25"),
        (Field::Volts, "400"),
        (Field::Phases, "3"),
        (Field::Rack, "15"),
    ];
    let form = |card: &str, extra: &[Edit]| {
        let mut f = Form::initial(catalogue()).apply(catalogue(), Edit::Scenario("server".into())).form;
        f = f.apply(catalogue(), Edit::Card(card.into())).form;
        for (field, text) in typed {
            f = f.apply(catalogue(), Edit::Text(field, text.into())).form;
        }
        for e in extra {
            f = f.apply(catalogue(), e.clone()).form;
        }
        f
    };
    let list = vec![
        Saved { name: String::new(), form: form("h200-nvl", &[]) },
        Saved {
            name: "RTX & co = 2+2 % ü".into(),
            form: form("rtx-pro-6000-se", &[Edit::Text(Field::Servers, "2".into())]),
        },
        Saved { name: String::new(), form: form("l40s", &[Edit::Text(Field::Watts, "300".into())]) },
    ];
    let page = form("l40s", &[]);
    format!("https://x.test/sub/?{}&{}", encode(&page, false), compare::encode_with_baseline(&list, 1))
}

#[test]
fn the_compact_link_opens_the_same_configurations_in_fewer_characters() {
    use token_energy::compare;
    use token_energy::link::compact;
    let full = sales_link();
    let short = compact(&full);
    let query = |url: &str| url.split_once('?').map(|(_, q)| q.to_owned()).unwrap_or_default();
    let (a, b) = (decode(catalogue(), &query(&full)), decode(catalogue(), &query(&short)));
    // The page's form, its notices (none), the baseline and the data version as the full link's.
    assert!(a.notices.is_empty(), "{:?}", a.notices);
    assert_eq!(
        (&a.form, &a.notices, a.baseline, &a.data_version, a.versioned, a.embed, &a.host),
        (&b.form, &b.notices, b.baseline, &b.data_version, b.versioned, b.embed, &b.host)
    );
    assert_eq!(a.baseline, Some(1));
    assert_eq!(a.form.customer, "Müller GmbH & Co. KG+1 #2 100% = ok?");
    // The compared configurations: the same names and forms, in order, none refused.
    let (la, ea) = compare::decode(catalogue(), &a.compared);
    let (lb, eb) = compare::decode(catalogue(), &b.compared);
    assert!(ea.is_empty() && eb.is_empty(), "{ea:?} {eb:?}");
    assert_eq!(la.len(), 3);
    assert_eq!(la, lb);
    assert_eq!(la[1].name, "RTX & co = 2+2 % ü");
    assert_eq!((la[1].form.servers.as_str(), la[2].form.watts.as_str()), ("2", "300"));
    // Shorter: per configuration, "v%3D1%26" (8), "%26dv%3D" and the data version, an empty
    // "%26label%3D" (11) at least, and every "%3D" (3) now "=" (1).
    let cfgs = 3;
    let equals = full.matches("%3D").count();
    let dv = token_energy::catalogue::data_version().len();
    let at_least = cfgs * (8 + 8 + dv) + 2 * 11 + 2 * equals;
    assert!(short.len() + at_least <= full.len(), "{} of {}: {short}", short.len(), full.len());
    // Only `v` and `dv` of the link itself; compacting twice changes nothing.
    assert_eq!((short.matches("v=1").count(), short.matches("dv=").count()), (1, 1), "{short}");
    assert_eq!(compact(&short), short);
    // A link without a query, or a fragment, stays as it was.
    assert_eq!(compact("https://x.test/"), "https://x.test/");
    assert!(compact(&format!("{full}#top")).ends_with("#top"));
}
