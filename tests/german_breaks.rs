//! German that breaks and reads like German on a phone (issue 53): the labels' long compounds carry
//! soft hyphens at their joints, so a narrow column breaks them with a hyphen, never inside a word
//! without one; the page's own words are German where the catalogue's are English ("read 2026"); and
//! the widget's quote button and the CO₂ question's button say what they do.

use token_energy::form::Field;
use token_energy::i18n::{breakable, reference_year, Lang};

const SOFT: char = '\u{AD}';

/// The longest run of letters with no break opportunity: no space, hyphen or soft hyphen.
fn longest_unbreakable(text: &str) -> usize {
    text.split(|c: char| c.is_whitespace() || c == '-' || c == SOFT || c == '/' || c == '(' || c == ')')
        .map(|w| w.chars().count())
        .max()
        .unwrap_or(0)
}

#[test]
fn the_compounds_of_the_issue_break_at_their_joints() {
    // The two words the issue saw broken inside ("Versorgungssp/annung", "Leistungsbudg/et je Rack").
    assert_eq!(breakable("Versorgungsspannung", Lang::De), "Versorgungs\u{AD}spannung");
    assert_eq!(breakable("Leistungsbudget je Rack", Lang::De), "Leistungs\u{AD}budget je Rack");
    // Inside a longer label, twice in one, and running twice changes nothing more.
    assert_eq!(
        breakable("Bemessungsstrom der Absicherung je Stromkreis", Lang::De),
        "Bemessungs\u{AD}strom der Ab\u{AD}sicherung je Strom\u{AD}kreis"
    );
    let once = breakable("Leerlaufleistung je Karte", Lang::De);
    assert_eq!(breakable(&once, Lang::De), once);
    // English is left as it is.
    assert_eq!(breakable("Supply voltage", Lang::En), "Supply voltage");
}

#[test]
fn every_german_field_label_reads_the_same_and_breaks_within_a_phone_column() {
    // A field's column on a 360 px phone is at least 7.25 rem (116 px): at the label's 14 px, about
    // 15 letters of a German word. Every label's longest unbreakable run stays within that, and takes
    // nothing but soft hyphens: the words are the label's.
    let t = Lang::De.strings();
    for field in Field::ALL {
        let label = (t.field)(field);
        let shown = breakable(label, Lang::De);
        assert_eq!(shown.replace(SOFT, ""), label, "{field:?}");
        assert!(
            longest_unbreakable(&shown) <= 15,
            "{field:?}: «{shown}» has a run of {} letters",
            longest_unbreakable(&shown)
        );
    }
}

#[test]
fn a_reference_values_year_is_german_on_the_german_page() {
    assert_eq!(reference_year("read 2026", Lang::De), "abgerufen 2026");
    assert_eq!(reference_year("read 2026", Lang::En), "read 2026");
    assert_eq!(reference_year("2024", Lang::De), "2024");
}

#[test]
fn the_buttons_say_what_they_do_in_both_languages() {
    let (en, de) = (Lang::En.strings(), Lang::De.strings());
    assert_eq!((en.qr_post)("www.example.com"), "Send the quote request to www.example.com");
    assert_eq!((de.qr_post)("www.example.com"), "Angebotsanfrage an www.example.com senden");
    assert_eq!((en.co2_take)("380"), "Use 380 g CO₂e/kWh");
    assert_eq!((de.co2_take)("380"), "380 g CO₂e/kWh übernehmen");
    assert!((de.co2_resting)("0,38").contains("0,38 g CO₂e/kWh wie eingegeben"));
}

#[test]
fn german_dates_stand_beside_german_words_never_iso_ones() {
    let de = Lang::De.strings();
    assert_eq!(
        (de.method_version)(1, "2026.12.9", "2026-12-05"),
        "Methodenversion 1 · Datenstand 2026.12.9 (5. Dezember 2026)"
    );
    assert!((de.method_cite)(1, "2026.12.9", "2026-12-05")
        .contains("Datenstand 2026.12.9 (5. Dezember 2026), mit dem Link"));
    assert!((de.data_older)("2026.12.0", "2026-12-02", "2026.12.9")
        .starts_with("Erstellt mit dem Datenstand 2026.12.0 vom 2. Dezember 2026;"));
    assert!((de.offline_copy)("2026-12-05", "2026.12.9").contains("am 5. Dezember 2026 gespeichert hat"));
    // English keeps the catalogue's ISO dates, as its page does.
    assert_eq!(
        (Lang::En.strings().method_version)(1, "2026.12.9", "2026-12-05"),
        "Method version 1 · data version 2026.12.9 (2026-12-05)"
    );
}
