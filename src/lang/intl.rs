//! Numbers for people, written as the browser's `Intl.NumberFormat` writes them in the page's
//! language, without a browser: for the build-time prerender, whose text the browser then takes
//! over when it hydrates. The page itself formats with `Intl` (`ui/format.rs`); `tests/web.rs`
//! holds these three against `Intl.NumberFormat` in Chromium.
//!
//! Rounding is `Intl`'s default, half away from zero, applied (as Chromium's ICU does) to the
//! shortest decimal that reads back as the same double: 2.675, stored as 2.67499999…, is written
//! "2.68" at three figures.

use super::Lang;

/// A finite number's shortest round-trip decimal digits: `d0.d1d2… × 10^exp` (`d0` is 0 only for zero).
struct Decimal {
    negative: bool,
    digits: Vec<u8>,
    exp: i32,
}

impl Decimal {
    fn shortest(value: f64) -> Decimal {
        // `{}`'s shortest digits (issue 53: `float::shortest_digits`, not the standard library's
        // float printing), `0.d1d2… × 10^point`.
        match crate::float::shortest_digits(value) {
            Some((digits, point)) => Decimal { negative: value < 0.0, digits, exp: point - 1 },
            None => Decimal { negative: value < 0.0, digits: vec![0], exp: 0 },
        }
    }

    /// Keeps the first `keep` digits, rounding half away from zero.
    fn round_at(&mut self, keep: i32) {
        let len = self.digits.len() as i32;
        if keep >= len {
            return;
        }
        if keep <= 0 {
            let up = keep == 0 && self.digits.first().is_some_and(|&d| d >= 5);
            if up {
                self.digits = vec![1];
                self.exp += 1;
            } else {
                self.digits = vec![0];
                self.exp = 0;
            }
            return;
        }
        let keep = keep as usize;
        let up = self.digits.get(keep).is_some_and(|&d| d >= 5);
        self.digits.truncate(keep);
        if up {
            let mut carry = true;
            for d in self.digits.iter_mut().rev() {
                if *d == 9 {
                    *d = 0;
                } else {
                    *d += 1;
                    carry = false;
                    break;
                }
            }
            if carry {
                self.digits.insert(0, 1);
                self.digits.truncate(keep);
                self.exp += 1;
            }
        }
    }

    fn strip_trailing_zeros(&mut self) {
        while self.digits.len() > 1 && self.digits.last() == Some(&0) {
            self.digits.pop();
        }
    }

    /// The digits after the point that the kept digits need.
    fn fraction_len(&self) -> i32 {
        (self.digits.len() as i32 - 1 - self.exp).max(0)
    }

    fn digit(&self, index: i32) -> char {
        usize::try_from(index).ok().and_then(|i| self.digits.get(i)).map_or('0', |&d| char::from(b'0' + d))
    }

    fn write(&self, fraction_len: i32, lang: Lang) -> String {
        let (group, point) = match lang {
            Lang::En => (',', '.'),
            Lang::De => ('.', ','),
        };
        let integer: Vec<char> =
            if self.exp >= 0 { (0..=self.exp).map(|i| self.digit(i)).collect() } else { vec!['0'] };
        let mut out = String::new();
        if self.negative {
            out.push('-');
        }
        for (i, c) in integer.iter().enumerate() {
            if i > 0 && (integer.len() - i) % 3 == 0 {
                out.push(group);
            }
            out.push(*c);
        }
        if fraction_len > 0 {
            out.push(point);
            out.extend((1..=fraction_len).map(|j| self.digit(self.exp + j)));
        }
        out
    }
}

/// Three significant figures, grouped: `Intl.NumberFormat` with `minimumSignificantDigits` and
/// `maximumSignificantDigits` 3 ("0.150", "4,800").
pub fn three(value: f64, lang: Lang) -> String {
    let mut d = Decimal::shortest(value);
    d.round_at(3);
    let fraction = (2 - d.exp).max(0);
    d.write(fraction, lang)
}

/// A range's lower end where it reads apart from the upper (issue 49): `None` for a point, and for
/// two ends that read alike as `show` writes them ("1,000–1,000 kWh" is said once, "1,000 kWh").
/// Every view writes a figure's ends through this; machines keep both ends.
pub fn low_apart(low: Option<f64>, value: f64, show: impl Fn(f64) -> String) -> Option<f64> {
    low.filter(|&l| show(l) != show(value))
}

/// Four significant figures, grouped (`minimumSignificantDigits` and `maximumSignificantDigits` 4,
/// "0.7200", "1,865"): one digit more than [`three`], for a measured value a person checks by hand.
pub fn four(value: f64, lang: Lang) -> String {
    let mut d = Decimal::shortest(value);
    d.round_at(4);
    let fraction = (3 - d.exp).max(0);
    d.write(fraction, lang)
}

/// Up to two decimals, grouped: `maximumFractionDigits` 2 ("32,004", "6,952.97").
pub fn plain(value: f64, lang: Lang) -> String {
    let mut d = Decimal::shortest(value);
    d.round_at(d.exp + 3);
    d.strip_trailing_zeros();
    d.write(d.fraction_len(), lang)
}

/// At most three significant figures, no trailing zeros: `maximumSignificantDigits` 3 ("0.05", "600").
pub fn short(value: f64, lang: Lang) -> String {
    let mut d = Decimal::shortest(value);
    d.round_at(3);
    d.strip_trailing_zeros();
    d.write(d.fraction_len(), lang)
}

/// A date as `Intl.DateTimeFormat` writes it with `dateStyle: "long"`: "December 3, 2026" in
/// English (en-US), "3. Dezember 2026" in German. `month` is 1–12; another month writes its number.
pub fn long_date(year: i32, month: u32, day: u32, lang: Lang) -> String {
    let name = month_name(month, lang);
    match lang {
        Lang::En => format!("{name} {day}, {year}"),
        Lang::De => format!("{day}. {name} {year}"),
    }
}

/// A month of a year as `Intl.DateTimeFormat` writes it with `{ month: "long", year: "numeric" }`:
/// "December 2025", "Dezember 2025". `month` is 1–12; another month writes its number.
pub fn month_year(year: i32, month: u32, lang: Lang) -> String {
    format!("{} {year}", month_name(month, lang))
}

fn month_name(month: u32, lang: Lang) -> String {
    const EN: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    const DE: [&str; 12] = [
        "Januar",
        "Februar",
        "März",
        "April",
        "Mai",
        "Juni",
        "Juli",
        "August",
        "September",
        "Oktober",
        "November",
        "Dezember",
    ];
    let names = match lang {
        Lang::En => &EN,
        Lang::De => &DE,
    };
    month.checked_sub(1).and_then(|i| names.get(i as usize)).map_or_else(|| month.to_string(), |n| (*n).to_owned())
}
