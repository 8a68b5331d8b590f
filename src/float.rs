//! Reading a decimal number as an `f64`: the grammar of `str::parse::<f64>` and its result, bit
//! for bit (the nearest `f64`, ties to even), without its table of 128-bit powers of five. That
//! table is 10.4 KB of random-looking bytes, which gzip cannot shrink; every number the core reads
//! (typed fields, link values, pasted counters and logs) goes through [`parse`] instead.
//!
//! The method is the "simple decimal conversion" (Nigel Tao; the slow path of Rust's own parser and
//! of Lemire's, "Number Parsing at a Gigabyte per Second", section 11): the significant digits are
//! held as decimal digits (at most [`MAX_DIGITS`], the rest only noted as non-zero) and shifted by
//! powers of two until the value lies in [1/2, 1), then by 53 more bits, and rounded. 768 digits are
//! enough to round every `f64` correctly. It is slower than the standard parser's fast paths, but
//! a number here is a few dozen digits at most and is read once per keystroke or pasted line.
//! `tests/float.rs` checks it against `str::parse::<f64>` on the hard cases and on random text.
//!
//! The same digits round a double to a number of significant digits ([`round_significant`], issue
//! 53): its exact decimal, shifted out of the binary exponent, rounded, and read back.

/// The digits kept; any further digit is only noted (`truncated`) if it is not zero.
const MAX_DIGITS: usize = 768;
/// Below or above this decimal exponent the value is certainly zero or infinite.
const DECIMAL_POINT_RANGE: i32 = 2047;
/// The largest shift by a power of two in one step (the digits' arithmetic stays within `u64`).
const MAX_SHIFT: u32 = 60;
/// The shift that moves `10^n` below 1 for `n` < 19 (`⌊n · log2 10⌋`, as the standard parser uses).
const POWERS: [u8; 19] = [0, 3, 6, 9, 13, 16, 19, 23, 26, 29, 33, 36, 39, 43, 46, 49, 53, 56, 59];

/// `text` as `str::parse::<f64>` reads it: an optional `+` or `-`, then `inf`, `infinity` or
/// `nan` in any case, or digits with an optional `.` (at least one digit in all) and an optional
/// exponent (`e` or `E`, an optional sign, at least one digit). Nothing else, no spaces. `None`
/// where the standard parser gives an error.
pub fn parse(text: &str) -> Option<f64> {
    let bytes = text.as_bytes();
    let (negative, body) = match bytes.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        Some(_) => (false, bytes),
        None => return None,
    };
    if body.is_empty() {
        return None;
    }
    let value = match Decimal::read(body) {
        Some(decimal) => decimal.into_f64(),
        None if body.eq_ignore_ascii_case(b"inf") || body.eq_ignore_ascii_case(b"infinity") => f64::INFINITY,
        None if body.eq_ignore_ascii_case(b"nan") => f64::NAN,
        None => return None,
    };
    Some(if negative { -value } else { value })
}

// issue 53
/// `value` rounded to `digits` significant decimal digits, as `format!("{value:.N$e}")` with
/// N = `digits` − 1 rounds it (the exact value's digits, ties to even), read back as the nearest
/// `f64`; zero, infinities and NaN as they are. The CSV's numbers use it ([`crate::export::csv_number`])
/// instead of the standard library's exponent format, whose exact printing is otherwise only theirs.
pub fn round_significant(value: f64, digits: usize) -> f64 {
    if value == 0.0 || !value.is_finite() || digits == 0 {
        return value;
    }
    let mut d = Decimal::exact(value);
    d.keep(digits);
    let rounded = d.into_f64();
    if value < 0.0 {
        -rounded
    } else {
        rounded
    }
}

/// `value` as `format!("{value}")` writes it (issue 53): the fewest significant digits that read
/// back as `value` (of those, the nearest to it), without an exponent — `1`, `0.1`, `1e21` as
/// `1000000000000000000000` —, `-` before a negative value and negative zero, `NaN`, `inf`, `-inf`.
/// The app's numbers go through this and [`fixed`] instead of the standard library's float printing
/// (Grisu and Dragon: 11.9 KB of the wasm). `tests/float.rs` holds both to `format!`.
pub fn shortest(value: f64) -> String {
    if value.is_nan() {
        return "NaN".to_owned();
    }
    let sign = if value.is_sign_negative() { "-" } else { "" };
    if value.is_infinite() {
        return format!("{sign}inf");
    }
    let (digits, point) = shortest_digits(value).unwrap_or_default();
    let mut out = String::with_capacity(digits.len() + 8);
    out.push_str(sign);
    write_digits(&mut out, &digits, point, 0);
    out
}

/// The digits [`shortest`] writes for a finite, non-zero `value`'s magnitude, as `0.d₁d₂… × 10^point`
/// (no leading or trailing zero digit); `None` for zero, infinities and NaN. `lang::intl` rounds them.
pub fn shortest_digits(value: f64) -> Option<(Vec<u8>, i32)> {
    if value == 0.0 || !value.is_finite() {
        return None;
    }
    let (mantissa, exp2) = parts(value);
    let exact = Decimal::scaled(mantissa, exp2);
    // Every decimal strictly between the halfway points to the neighbouring doubles reads back as
    // the value, and so do the halfway points themselves when the mantissa is even (ties to even).
    // Below a power of two the neighbour is half as far.
    let (low, high) = if mantissa == 1 << 52 && exp2 > -1074 {
        (Decimal::scaled(4 * mantissa - 1, exp2 - 2), Decimal::scaled(2 * mantissa + 1, exp2 - 1))
    } else {
        (Decimal::scaled(2 * mantissa - 1, exp2 - 1), Decimal::scaled(2 * mantissa + 1, exp2 - 1))
    };
    let even = mantissa % 2 == 0;
    let reads = |d: &Decimal| {
        let (above_low, below_high) = (d.compare(&low), d.compare(&high));
        (above_low.is_gt() || (even && above_low.is_eq())) && (below_high.is_lt() || (even && below_high.is_eq()))
    };
    // The `n`-digit decimals just below and above the value; of those that read back as it, the
    // nearer, the upper on a tie (as the standard library's shortest printing chooses).
    let candidate = |n: usize| -> Option<Decimal> {
        let mut below =
            Decimal { digits: exact.digits.iter().take(n).copied().collect(), point: exact.point, truncated: false };
        if n >= exact.digits.len() {
            return Some(below);
        }
        below.trim();
        let above = below.next_up(n);
        let up_nearer = exact.digits.get(n).is_some_and(|&d| d >= 5);
        match (reads(&below), reads(&above)) {
            (true, true) if up_nearer => Some(above),
            (true, _) => Some(below),
            (false, true) => Some(above),
            (false, false) => None,
        }
    };
    // If some `n`-digit decimal reads back, a nearer `n + 1`-digit one does: search for the fewest.
    let (mut fewest, mut enough) = (1, exact.digits.len().clamp(1, 17));
    while fewest < enough {
        let mid = (fewest + enough) / 2;
        if candidate(mid).is_some() {
            enough = mid;
        } else {
            fewest = mid + 1;
        }
    }
    let d = candidate(fewest).unwrap_or(exact);
    Some((d.digits, d.point))
}

/// `value` as `format!("{value:.places$}")` writes it (issue 53): rounded to `places` digits after
/// the point, the exact value's nearest, ties to even; `-` before a negative value, also where it
/// rounds to zero.
pub fn fixed(value: f64, places: usize) -> String {
    if !value.is_finite() {
        return shortest(value);
    }
    let sign = if value.is_sign_negative() { "-" } else { "" };
    let mut out = String::with_capacity(places + 24);
    out.push_str(sign);
    if value == 0.0 {
        write_digits(&mut out, &[], 0, places);
        return out;
    }
    let mut d = Decimal::exact(value);
    let keep = i64::from(d.point) + places as i64;
    if keep >= 1 {
        d.keep(keep as usize);
    } else {
        // Every kept digit is zero: the value rounds to 0 or to one unit of the last place.
        let half_or_more =
            keep == 0 && d.digits.first().is_some_and(|&first| first > 5 || (first == 5 && d.digits.len() > 1));
        d = if half_or_more {
            Decimal { digits: vec![1], point: 1 - places as i32, truncated: false }
        } else {
            Decimal { digits: Vec::new(), point: 0, truncated: false }
        };
    }
    write_digits(&mut out, &d.digits, d.point, places);
    out
}

/// `0.d₁d₂… × 10^point` written out with at least `places` digits after the point (none: no point).
fn write_digits(out: &mut String, digits: &[u8], point: i32, places: usize) {
    let digit = |i: i64| char::from(b'0' + if i >= 0 { digits.get(i as usize).copied().unwrap_or(0) } else { 0 });
    let whole = i64::from(point).max(0);
    if whole == 0 {
        out.push('0');
    }
    for i in 0..whole {
        out.push(digit(i));
    }
    let after = (digits.len() as i64 - i64::from(point)).max(places as i64);
    if after > 0 {
        out.push('.');
        for i in 0..after {
            out.push(digit(i64::from(point) + i));
        }
    }
}

/// A finite, non-zero double's magnitude as `mantissa × 2^exp2`, exactly.
fn parts(value: f64) -> (u64, i32) {
    let bits = value.abs().to_bits();
    let (biased, fraction) = ((bits >> 52) as i32, bits & ((1u64 << 52) - 1));
    if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | 1u64 << 52, biased - 1075)
    }
}

impl Decimal {
    /// The exact decimal of a finite, non-zero `value`'s magnitude.
    fn exact(value: f64) -> Decimal {
        let (mantissa, exp2) = parts(value);
        Decimal::scaled(mantissa, exp2)
    }

    /// `mantissa × 2^exp2`, exactly (every such value from a double has fewer than [`MAX_DIGITS`]
    /// significant digits, so the shifts are exact).
    fn scaled(mantissa: u64, mut exp2: i32) -> Decimal {
        let mut d = Decimal::of(mantissa);
        while exp2 > 0 {
            let shift = exp2.min(MAX_SHIFT as i32);
            d.left_shift(shift as u32);
            exp2 -= shift;
        }
        while exp2 < 0 {
            let shift = (-exp2).min(MAX_SHIFT as i32);
            d.right_shift(shift as u32);
            exp2 += shift;
        }
        d
    }

    /// Compares two decimals' values (both trimmed: no leading or trailing zero digit).
    fn compare(&self, other: &Decimal) -> std::cmp::Ordering {
        match (self.digits.is_empty(), other.digits.is_empty()) {
            (true, true) => return std::cmp::Ordering::Equal,
            (true, false) => return std::cmp::Ordering::Less,
            (false, true) => return std::cmp::Ordering::Greater,
            (false, false) => {}
        }
        self.point.cmp(&other.point).then_with(|| self.digits.cmp(&other.digits))
    }

    /// The `n`-digit decimal one unit of its last digit above this one (which has at most `n`).
    fn next_up(&self, n: usize) -> Decimal {
        let mut up = Decimal { digits: self.digits.clone(), point: self.point, truncated: false };
        up.step_up(n);
        up.trim();
        up
    }
}

/// A non-negative decimal `0.d₁d₂d₃… × 10^point`: no leading and no trailing zero digits.
struct Decimal {
    digits: Vec<u8>,
    point: i32,
    /// A non-zero digit beyond [`MAX_DIGITS`] was dropped.
    truncated: bool,
}

impl Decimal {
    /// The number after the sign, or `None` if it is not digits, point and exponent as above.
    fn read(text: &[u8]) -> Option<Decimal> {
        let mut digits = Vec::new();
        let mut truncated = false;
        // The decimal exponent of the first kept digit, before the written exponent.
        let mut point: i64 = 0;
        let mut any_digit = false;
        let mut rest = text;
        let mut in_fraction = false;
        while let Some((&c, tail)) = rest.split_first() {
            match c {
                b'0'..=b'9' => {
                    any_digit = true;
                    let digit = c - b'0';
                    if digits.is_empty() && digit == 0 {
                        // A leading zero: after the point, it moves the first digit down.
                        if in_fraction {
                            point = point.saturating_sub(1);
                        }
                    } else {
                        if digits.len() < MAX_DIGITS {
                            digits.push(digit);
                        } else if digit != 0 {
                            truncated = true;
                        }
                        if !in_fraction {
                            point = point.saturating_add(1);
                        }
                    }
                }
                b'.' if !in_fraction => in_fraction = true,
                _ => break,
            }
            rest = tail;
        }
        if !any_digit {
            return None;
        }
        if let Some((&e, tail)) = rest.split_first() {
            if e != b'e' && e != b'E' {
                return None;
            }
            let (negative, tail) = match tail.split_first() {
                Some((b'-', t)) => (true, t),
                Some((b'+', t)) => (false, t),
                _ => (false, tail),
            };
            if tail.is_empty() || !tail.iter().all(u8::is_ascii_digit) {
                return None;
            }
            // Saturates as the standard parser does: any exponent this large is zero or infinity.
            let exponent = tail.iter().fold(0i64, |n, &d| if n < 0x10000 { 10 * n + i64::from(d - b'0') } else { n });
            point = point.saturating_add(if negative { -exponent } else { exponent });
        }
        let mut decimal = Decimal { digits, point: point.clamp(-100_000, 100_000) as i32, truncated };
        decimal.trim();
        Some(decimal)
    }

    // issue 53
    /// A whole number.
    fn of(mut n: u64) -> Decimal {
        let mut digits = Vec::with_capacity(20);
        while n > 0 {
            digits.push((n % 10) as u8);
            n /= 10;
        }
        digits.reverse();
        let mut decimal = Decimal { point: digits.len() as i32, digits, truncated: false };
        decimal.trim();
        decimal
    }

    /// Rounds to the first `n` (≥ 1) digits: to the nearest, ties to even (a dropped non-zero digit
    /// breaks the tie).
    fn keep(&mut self, n: usize) {
        let Some(&next) = self.digits.get(n) else { return };
        let last_odd = n.checked_sub(1).and_then(|i| self.digits.get(i)).is_some_and(|d| d % 2 == 1);
        let up = next > 5 || (next == 5 && (self.digits.len() > n + 1 || self.truncated || last_odd));
        self.digits.truncate(n);
        self.truncated = false;
        if up {
            self.step_up(n);
        }
        self.trim();
    }

    /// Adds one unit of the `n`-th digit (the digits padded or cut to `n`), carrying through nines.
    fn step_up(&mut self, n: usize) {
        self.digits.resize(n, 0);
        for d in self.digits.iter_mut().rev() {
            if *d == 9 {
                *d = 0;
            } else {
                *d += 1;
                return;
            }
        }
        self.digits.insert(0, 1);
        self.digits.truncate(n);
        self.point += 1;
    }

    fn trim(&mut self) {
        while self.digits.last() == Some(&0) {
            self.digits.pop();
        }
    }

    /// Multiplies by `2^shift` (`shift` ≤ [`MAX_SHIFT`]).
    fn left_shift(&mut self, shift: u32) {
        let mut out: Vec<u8> = Vec::with_capacity(self.digits.len() + 19);
        let mut carry: u64 = 0;
        for &d in self.digits.iter().rev() {
            let n = (u64::from(d) << shift) + carry;
            out.push((n % 10) as u8);
            carry = n / 10;
        }
        while carry > 0 {
            out.push((carry % 10) as u8);
            carry /= 10;
        }
        let added = out.len() - self.digits.len();
        out.reverse();
        if out.len() > MAX_DIGITS {
            if out.iter().skip(MAX_DIGITS).any(|&d| d != 0) {
                self.truncated = true;
            }
            out.truncate(MAX_DIGITS);
        }
        self.point += added as i32;
        self.digits = out;
        self.trim();
    }

    /// Divides by `2^shift` (`shift` ≤ [`MAX_SHIFT`]).
    fn right_shift(&mut self, shift: u32) {
        let mut read = 0usize;
        let mut n: u64 = 0;
        while n >> shift == 0 {
            match self.digits.get(read) {
                Some(&d) => {
                    n = 10 * n + u64::from(d);
                    read += 1;
                }
                None if n == 0 => return,
                None => {
                    while n >> shift == 0 {
                        n *= 10;
                        read += 1;
                    }
                }
            }
        }
        self.point -= read as i32 - 1;
        if self.point < -DECIMAL_POINT_RANGE {
            *self = Decimal { digits: Vec::new(), point: 0, truncated: false };
            return;
        }
        let mask = (1u64 << shift) - 1;
        let mut out: Vec<u8> = Vec::with_capacity(self.digits.len() + 19);
        for &d in self.digits.iter().skip(read) {
            out.push((n >> shift) as u8);
            n = 10 * (n & mask) + u64::from(d);
        }
        while n > 0 {
            let digit = (n >> shift) as u8;
            n = 10 * (n & mask);
            if out.len() < MAX_DIGITS {
                out.push(digit);
            } else if digit > 0 {
                self.truncated = true;
            }
        }
        self.digits = out;
        self.trim();
    }

    /// The integer part, rounded to the nearest (ties to even; a dropped digit breaks the tie).
    fn round(&self) -> u64 {
        if self.digits.is_empty() || self.point < 0 {
            return 0;
        }
        if self.point > 18 {
            return u64::MAX;
        }
        let whole = self.point as usize;
        let mut n = (0..whole).fold(0u64, |n, i| 10 * n + u64::from(self.digits.get(i).copied().unwrap_or(0)));
        if let Some(&next) = self.digits.get(whole) {
            let round_up = if next == 5 && whole + 1 == self.digits.len() {
                self.truncated || (whole > 0 && n % 2 == 1)
            } else {
                next >= 5
            };
            if round_up {
                n += 1;
            }
        }
        n
    }

    /// The nearest `f64`.
    fn into_f64(mut self) -> f64 {
        const EXP_MIN: i32 = -1022;
        const INFINITE_POWER: i32 = 0x7FF;
        const SIG_BITS: u32 = 52;
        let shift_for = |n: i32| POWERS.get(n as usize).map_or(MAX_SHIFT, |&s| u32::from(s));
        if self.digits.is_empty() || self.point < -324 {
            return 0.0;
        }
        if self.point >= 310 {
            return f64::INFINITY;
        }
        let mut exp2: i32 = 0;
        // Into [1/2, 1): right while the value is 1 or more, left while it is below 1/2.
        while self.point > 0 {
            let shift = shift_for(self.point);
            self.right_shift(shift);
            if self.point < -DECIMAL_POINT_RANGE {
                return 0.0;
            }
            exp2 += shift as i32;
        }
        while self.point <= 0 {
            let shift = if self.point == 0 {
                match self.digits.first() {
                    Some(&d) if d >= 5 => break,
                    Some(0 | 1) => 2,
                    _ => 1,
                }
            } else {
                shift_for(-self.point)
            };
            self.left_shift(shift);
            if self.point > DECIMAL_POINT_RANGE {
                return f64::INFINITY;
            }
            exp2 -= shift as i32;
        }
        // The binary format's significand lies in [1, 2).
        exp2 -= 1;
        while exp2 < EXP_MIN {
            let shift = ((EXP_MIN - exp2) as u32).min(MAX_SHIFT);
            self.right_shift(shift);
            exp2 += shift as i32;
        }
        if exp2 - EXP_MIN + 1 >= INFINITE_POWER {
            return f64::INFINITY;
        }
        self.left_shift(SIG_BITS + 1);
        let mut mantissa = self.round();
        if mantissa >= 1u64 << (SIG_BITS + 1) {
            // Rounding carried into a new bit.
            self.right_shift(1);
            exp2 += 1;
            mantissa = self.round();
            if exp2 - EXP_MIN + 1 >= INFINITE_POWER {
                return f64::INFINITY;
            }
        }
        let mut power2 = exp2 - EXP_MIN + 1;
        if mantissa < 1u64 << SIG_BITS {
            // Subnormal.
            power2 -= 1;
        }
        mantissa &= (1u64 << SIG_BITS) - 1;
        f64::from_bits(mantissa | ((power2 as u64) << SIG_BITS))
    }
}

/// `x.text()` for an `f64`: [`shortest`], where `x.to_string()` would link the standard library's
/// float printing into the wasm (issue 53).
pub trait Text {
    fn text(self) -> String;
}

impl Text for f64 {
    fn text(self) -> String {
        shortest(self)
    }
}
