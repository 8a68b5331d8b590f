//! `float::parse` against the standard library's `str::parse::<f64>`, the independent reference:
//! the same `Some`/error and the same bits, on hand-picked hard cases (ties, subnormals, the edges
//! of overflow, hundreds of digits) and on seeded random text. Set `TOKEN_ENERGY_CASES` for a
//! longer run.
#![allow(clippy::panic)] // a test fails by panicking

use token_energy::float::parse;

mod common;
use common::Rng;

/// Both parsers agree on `text`: both refuse it, or both give the same bits (NaN: both NaN with
/// the same sign).
fn agree(text: &str) {
    let ours = parse(text);
    let std = text.parse::<f64>().ok();
    match (ours, std) {
        (None, None) => {}
        (Some(a), Some(b)) if a.is_nan() && b.is_nan() => {
            assert_eq!(a.is_sign_negative(), b.is_sign_negative(), "{text:?}: NaN sign");
        }
        (Some(a), Some(b)) => assert_eq!(a.to_bits(), b.to_bits(), "{text:?}: ours {a:e}, std {b:e}"),
        _ => panic!("{text:?}: ours {ours:?}, std {std:?}"),
    }
}

fn cases() -> u64 {
    std::env::var("TOKEN_ENERGY_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(50_000)
}

/// Text at the edges of the grammar: signs, points and exponents without digits, words, spaces.
#[rustfmt::skip]
const GRAMMAR: &[&str] = &[
    "", "+", "-", ".", "+.", "-.", "e", "e5", ".e5", "1e", "1e+", "1e-", "1e+-5", "1.2.3", "1..2", "1 ", " 1",
    "1_000", "1,5", "0x10", "1f", "1e5.5", "1e5e5", "--1", "+-1", "1-", "١", "1\u{0}", "inf", "INF", "-inf",
    "+Inf", "infinity", "-Infinity", "INFINITY", "infinit", "infinityy", "in", "nan", "NaN", "-nan", "+NAN",
    "nana", "0", "-0", "+0", "00", "0.", ".0", "-.0", "0e0", "0e-99999999", "0e99999999", "1", "-1", "1.", ".5",
    "5.", "+.5e-3", "1E5", "1e+05", "007", "0.00", "100,000", "1e9", "0.95", "6238.12", "1e308", "1e309",
    "-1e309", "1e-323", "1e-324", "1e-400", "1e99999999999999999999", "1e-99999999999999999999",
    "123456789012345678901234567890", "0.1", "0.2", "0.3", "3.141592653589793", "2.718281828459045",
];

#[test]
fn the_grammar_is_the_standard_parsers() {
    for text in GRAMMAR {
        agree(text);
    }
}

#[test]
fn hard_roundings_are_the_standard_parsers() {
    for text in [
        // The edges of the subnormals and of the normal range.
        "2.2250738585072011e-308",
        "2.2250738585072012e-308",
        "2.2250738585072014e-308",
        "2.225073858507201136057409796709131975934819546351645648e-308",
        "4.9406564584124654e-324",
        "2.4703282292062327e-324",
        "2.4703282292062328e-324",
        "2.47032822920623272088284396434110686182529901307162382212792841250337753635104375932649918180817996189898282347722858865463328355177969898199387398005390939063150356595155702263922908583924491051844359318028499365361525003193704576782492193656236698636584807570236989e-324",
        "7.4109846876186982e-324",
        "1.7976931348623157e308",
        "1.7976931348623158e308",
        "1.7976931348623159e308",
        "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791.9999999999999999",
        "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792",
        // Ties at 2^53 and above: to even, unless a later digit breaks the tie.
        "9007199254740993",
        "9007199254740993.0",
        "9007199254740993.00000000000000000000000000000000000000000000000000000000001",
        "9007199254740995",
        "9007199254740994.9999999999999999999999999999999999999999",
        "4503599627370496.5",
        "4503599627370497.5",
        "1.00000000000000011102230246251565404236316680908203125",
        "1.00000000000000011102230246251565404236316680908203124",
        "1.00000000000000011102230246251565404236316680908203126",
        "0.1000000000000000055511151231257827021181583404541015625",
        "8.98846567431158e307",
        "1448997445238699",
        "5e-324",
        "123e-330",
    ] {
        agree(text);
    }
    // Hundreds of digits, beyond the 768 kept: the dropped digits still break a tie.
    let tie = "9007199254740993";
    agree(&format!("{tie}.{}", "0".repeat(900)));
    agree(&format!("{tie}.{}1", "0".repeat(900)));
    agree(&format!("{tie}{}", "0".repeat(800)));
    agree(&format!("{}e-800", "1".repeat(1000)));
    agree(&format!("0.{}1", "0".repeat(330)));
    agree(&format!("0.{}1", "0".repeat(2000)));
    agree(&format!("{}.5", "9".repeat(400)));
    agree(&format!("1{}", "0".repeat(308)));
    agree(&format!("1{}", "0".repeat(309)));
}

#[test]
fn every_printed_f64_reads_back() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..cases() {
        let x = f64::from_bits(rng.next());
        if x.is_nan() {
            continue;
        }
        for text in [format!("{x}"), format!("{x:e}"), format!("{x:.3e}"), format!("{x:.20e}"), format!("{x:.30}")] {
            agree(&text);
        }
    }
}

#[test]
fn ties_between_neighbouring_integers_are_the_standard_parsers() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for _ in 0..cases() {
        // An f64 from 2^53 up to 2^64 and the exact midpoint to its neighbour (an integer), ± 1.
        let shift = rng.below(12) as u32;
        let bits = (1u128 << (53 + shift)) | (u128::from(rng.next()) % (1u128 << (53 + shift)));
        let ulp = 1u128 << (shift + 1);
        let x = bits & !(ulp - 1);
        let mid = x + ulp / 2;
        for text in [format!("{mid}"), format!("{}", mid + 1), format!("{}", mid - 1), format!("{mid}.000001")] {
            agree(&text);
        }
    }
}

#[test]
fn random_text_is_read_as_the_standard_parser_reads_it() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let alphabet = b"0123456789012345678900000.eE+-";
    for _ in 0..cases() {
        let len = rng.below(40);
        let text: String = (0..len).map(|_| char::from(alphabet[rng.below(alphabet.len())])).collect();
        agree(&text);
        // Digits, a point and an exponent in the shape numbers are written.
        let digits: String = (0..=rng.below(30)).map(|_| char::from(b'0' + rng.below(10) as u8)).collect();
        let split = rng.below(digits.len() + 1);
        let exponent = rng.below(700) as i64 - 350;
        agree(&format!("{}.{}e{exponent}", &digits[..split], &digits[split..]));
        agree(&format!("{digits}e{exponent}"));
    }
}

// issue 53
/// `float::round_significant` against the standard library's exact exponent format, read back by the
/// standard parser: the same bits for `digits` significant digits.
fn rounds_as_std(x: f64, digits: usize) {
    let std = format!("{x:.*e}", digits - 1).parse::<f64>().ok();
    let ours = token_energy::float::round_significant(x, digits);
    match std {
        Some(s) if s.is_nan() => assert!(ours.is_nan(), "{x:e} to {digits}: ours {ours:e}"),
        Some(s) => assert_eq!(ours.to_bits(), s.to_bits(), "{x:e} to {digits}: ours {ours:e}, std {s:e}"),
        None => panic!("{x:e}: the standard library's text does not read back"),
    }
}

#[test]
fn rounding_to_significant_digits_is_the_standard_exponent_formats() {
    // Ties to even at the 16th digit (integers written exactly), carries through nines, subnormals,
    // the largest finite value, arithmetic's last-bit noise, zero and the infinities.
    #[rustfmt::skip]
    let hard = [
        1_000_000_000_000_005.0, 1_000_000_000_000_015.0, 1_000_000_000_000_025.0, 9_999_999_999_999_995.0,
        0.1 * 3.0, 4800.0 / 32004.0, 0.999_999_999_999_999_9, 9.999_999_999_999_995, 1.5, 2.5, 0.5,
        f64::MIN_POSITIVE, 5e-324, 1e-310, f64::MAX, -f64::MAX, 1e300, -0.1 * 3.0, 0.0, -0.0,
        f64::INFINITY, f64::NEG_INFINITY, 123_456_789_012_345_678.0, 2f64.powi(60) + 2f64.powi(10),
    ];
    for x in hard {
        for digits in [1, 2, 15, 16, 17] {
            rounds_as_std(x, digits);
        }
    }
    let mut rng = Rng(0x5851_F42D_4C95_7F2D);
    for _ in 0..cases() {
        let x = f64::from_bits(rng.next());
        if x.is_nan() {
            continue;
        }
        rounds_as_std(x, 15);
        rounds_as_std(x, 1 + rng.below(17));
        // Sums and quotients of short decimals, as a plan's arithmetic makes them.
        let (a, b) = (rng.below(100_000) as f64 / 100.0, 1.0 + rng.below(10_000) as f64 / 10.0);
        rounds_as_std(a * b / 3.0, 15);
        rounds_as_std(a / b, 15);
    }
}

// issue 53
/// `float::shortest` and `float::fixed` against `format!`, the standard library's own printing.
fn prints_as_std(x: f64, places: usize) {
    assert_eq!(token_energy::float::shortest(x), format!("{x}"), "{x:e} (bits {:#x})", x.to_bits());
    assert_eq!(token_energy::float::fixed(x, places), format!("{x:.places$}"), "{x:e} to {places} places");
}

#[test]
fn printing_is_the_standard_formats() {
    // Powers of two (the gap below half the gap above) and their neighbours, ties at every place,
    // carries through nines, subnormals, the largest values, zeros, infinities and NaN.
    #[rustfmt::skip]
    let hard = [
        0.0, -0.0, 1.0, -1.0, 0.1, 0.5, 1.5, 2.5, 0.125, 0.375, 9.95, 9.96, 99.5, 0.05, 0.005, 0.0005, 0.0004, 0.0006,
        1e21, 1e22, 1e-7, 123_456.789, 5e-324, 1e-310, f64::MIN_POSITIVE, f64::MAX, -f64::MAX, f64::INFINITY,
        f64::NEG_INFINITY, f64::NAN, 0.1 + 0.2, 1.0 / 3.0, 2.0 / 3.0, 4800.0 / 32004.0, 9_007_199_254_740_993.0,
        0.999_999_999_999_999_9, -0.04, -0.000_4, 350.0, 3.412_141_633, 277.777_777_777_777_8,
    ];
    for x in hard {
        for places in [0, 1, 2, 3, 5, 17] {
            prints_as_std(x, places);
        }
    }
    for e in -1074..=1023 {
        let p = 2f64.powi(e);
        for x in [p, f64::from_bits(p.to_bits() + 1), f64::from_bits(p.to_bits().saturating_sub(1))] {
            prints_as_std(x, 3);
        }
    }
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for _ in 0..cases() {
        let x = f64::from_bits(rng.next());
        prints_as_std(x, rng.below(8));
        // Numbers as the app prints them: figures, coordinates, short decimals' arithmetic.
        let (a, b) = (rng.below(1_000_000) as f64 / 100.0, 1.0 + rng.below(10_000) as f64 / 10.0);
        prints_as_std(a * b / 3.0, 1);
        prints_as_std(a / b, 3);
        prints_as_std(a - b, rng.below(4));
    }
}
