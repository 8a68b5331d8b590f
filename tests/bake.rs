//! The generator of the static catalogue (`src/catalogue/bake.rs`, run by `build.rs`), on values
//! chosen to be hard to write as Rust: `tests/fixtures/bake-sample.json` is baked by `build.rs`,
//! its output compiled into this test and compared with the parsed sample; the literals it writes
//! are checked one by one below.
#![allow(clippy::panic, clippy::indexing_slicing)] // a test fails by panicking

use token_energy::catalogue::{Card, Catalogue, ContextMeasurement, Meta, PublishedResult, Source};

/// The library's record types, under the name `bake.rs` imports them by (`super::types`).
mod types {
    pub use token_energy::catalogue::*;
}

#[allow(dead_code)] // what build.rs alone calls
#[path = "../src/catalogue/bake.rs"]
mod bake;

/// `build.rs`'s output for the sample, compiled here.
mod baked {
    use std::borrow::Cow;
    use token_energy::catalogue::*;
    include!(concat!(env!("OUT_DIR"), "/bake-sample.rs"));
}

const SAMPLE: &str = include_str!("fixtures/bake-sample.json");

/// The sample parsed as `build.rs` parses it (straight into the record types: serde_json reads a
/// number through a `Value` differently, by one unit in the last place for some).
fn sample() -> Catalogue {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Sample {
        meta: Meta,
        sources: Vec<Source>,
        cards: Vec<Card>,
        results: Vec<PublishedResult>,
        context: Vec<ContextMeasurement>,
    }
    match serde_json::from_str::<Sample>(SAMPLE) {
        Ok(Sample { meta, sources, cards, results, context }) => Catalogue { meta, sources, cards, results, context },
        Err(e) => panic!("the sample does not parse: {e}"),
    }
}

#[test]
fn the_baked_sample_compiles_and_equals_the_parsed_sample() {
    let parsed = sample();
    let baked = Catalogue {
        meta: baked::META.clone(),
        sources: baked::SOURCES.to_vec(),
        cards: baked::CARDS.to_vec(),
        results: baked::RESULTS.iter().map(|r| r.expand(baked::RESULT_TEXTS)).collect(),
        context: baked::CONTEXT.to_vec(),
    };
    assert_eq!(baked, parsed);
    // PartialEq on f64 takes -0.0 for 0.0: compare the bits of every number too.
    let bits = |c: &Catalogue| {
        let mut all = Vec::new();
        for card in &c.cards {
            all.push(card.max_power.watts.to_bits());
            all.extend(card.min_power.iter().map(|p| p.watts.to_bits()));
            all.extend(card.other_limits.iter().map(|l| l.watts.to_bits()));
        }
        for r in &c.results {
            all.push(r.tokens_per_s.to_bits());
            all.extend(r.stated_power.iter().map(|p| p.watts.to_bits()));
            all.extend(r.measured_power.iter().map(|p| p.mean_watts.to_bits()));
        }
        for m in &c.context {
            let ContextMeasurement { joules_per_token, joules_per_response, .. } = m;
            all.push(joules_per_token.to_bits());
            all.extend(joules_per_response.iter().map(|j| j.to_bits()));
        }
        all
    };
    assert_eq!(bits(&baked), bits(&parsed));
    assert!(bits(&parsed).contains(&(-0.0f64).to_bits()), "the sample holds -0.0");
}

#[test]
fn a_baked_row_stays_64_bytes() {
    // With the weight transformations (two text indices) and the measured power flattened.
    assert_eq!(std::mem::size_of::<token_energy::catalogue::BakedResult>(), 64);
    // The sample has a row with transformations and one without.
    let c = sample();
    let stated: Vec<bool> = c.results.iter().map(|r| r.weight_transformations.is_some()).collect();
    assert_eq!(stated, [true, false]);
}

#[test]
fn the_sample_holds_the_tricky_values() {
    let c = sample();
    let text: String = c.sources.iter().flat_map(|s| [&*s.publisher, &*s.title, &*s.date]).collect();
    for tricky in ['"', '\\', '\n', '\r', '\t', '\0', '\u{7f}', '\u{85}', '\u{202e}', '\u{2028}', '😀', '日'] {
        assert!(text.contains(tricky), "{tricky:?} is not in the sample's text");
    }
    let watts: Vec<f64> = c.cards.iter().flat_map(|c| c.other_limits.iter().map(|l| l.watts)).collect();
    for x in [350.0, 0.1, 5e-324, f64::MAX, 1e16, 1e-5] {
        assert!(watts.contains(&x), "{x} is not in the sample");
    }
    assert_eq!(c.cards[0].min_power.as_ref().map(|p| p.watts), Some(1e-7));
    assert_eq!(c.cards[1].max_power.watts, 1e21);
}

#[test]
fn string_literals_escape_what_rust_would_misread() {
    use bake::string_literal as lit;
    assert_eq!(lit(""), r#""""#);
    assert_eq!(lit("plain text, 1-2 (3) {4} #5"), r#""plain text, 1-2 (3) {4} #5""#);
    assert_eq!(lit(r#"say "hi""#), r#""say \"hi\"""#);
    assert_eq!(lit(r"C:\dir\"), r#""C:\\dir\\""#);
    assert_eq!(lit(r#"\""#), r#""\\\"""#);
    assert_eq!(lit("a\nb\r\n\tc"), r#""a\nb\r\n\tc""#);
    assert_eq!(lit("\0\u{7}\u{7f}\u{85}"), r#""\u{0}\u{7}\u{7f}\u{85}""#);
    assert_eq!(lit("é日😀"), r#""\u{e9}\u{65e5}\u{1f600}""#);
    assert_eq!(lit("\u{202e}x\u{2066}"), r#""\u{202e}x\u{2066}""#);
    assert_eq!(lit("\\u{41}"), r#""\\u{41}""#);
    // Everything it writes is printable ASCII.
    let all: String = (0..0x11_0000).filter_map(char::from_u32).step_by(7).collect();
    assert!(lit(&all).chars().all(|c| (' '..='~').contains(&c)));
}

#[test]
fn float_literals_read_back_to_the_same_bits_and_are_float_literals() {
    use bake::float_literal as lit;
    for (x, written) in [
        (600.0, "600.0"),
        (0.0, "0.0"),
        (-0.0, "-0.0"),
        (0.1, "0.1"),
        (-12.5, "-12.5"),
        (32004.0, "32004.0"),
        (6238.12, "6238.12"),
        (1e-7, "1e-7"),
        (2.5e-7, "2.5e-7"),
        (1e21, "1e21"),
        (1e16, "1e16"),
        (9999999999999998.0, "9999999999999998.0"),
        (1e-5, "0.00001"),
        (9.999999999999999e-6, "9.999999999999999e-6"),
        (5e-324, "5e-324"),
        (f64::MAX, "1.7976931348623157e308"),
        (0.30000000000000004, "0.30000000000000004"),
        (f64::NAN, "f64::NAN"),
        (f64::INFINITY, "f64::INFINITY"),
        (f64::NEG_INFINITY, "f64::NEG_INFINITY"),
    ] {
        assert_eq!(lit(x), written, "{x:?}");
    }
    // Random bit patterns (xorshift): every finite one reads back exactly and is a float literal.
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..200_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let x = f64::from_bits(state);
        if !x.is_finite() {
            continue;
        }
        let written = lit(x);
        assert!(is_float_literal(written.trim_start_matches('-')), "{x:?} written as {written}");
        assert_eq!(written.parse::<f64>().map(f64::to_bits), Ok(x.to_bits()), "{x:?} written as {written}");
    }
}

/// Rust's FLOAT_LITERAL without suffix: `1.5`, `1e5`, `1.5e-5` (not `1`, `.5`, `1.`, `1e`).
fn is_float_literal(s: &str) -> bool {
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    let (mantissa, exponent) = match s.split_once('e') {
        Some((m, e)) => (m, Some(e.strip_prefix('-').unwrap_or(e))),
        None => (s, None),
    };
    let mantissa_ok = match mantissa.split_once('.') {
        Some((whole, fraction)) => digits(whole) && digits(fraction),
        None => digits(mantissa) && exponent.is_some(),
    };
    mantissa_ok && exponent.is_none_or(digits)
}

#[test]
fn the_float_literal_check_can_fail() {
    for bad in ["1", ".5", "1.", "1e", "1e+", "NaN", "inf", "1.5.5", "", "1_0.0"] {
        assert!(!is_float_literal(bad), "{bad}");
    }
    for good in ["1.0", "1e5", "1.5e-5", "0.0"] {
        assert!(is_float_literal(good), "{good}");
    }
}
