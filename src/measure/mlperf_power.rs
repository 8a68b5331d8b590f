//! MLPerf Power logs: the power analyser's `spl.txt` (PTDaemon CSV lines
//! `Time,MM-DD-YYYY HH:MM:SS.fff,Watts,<W>,…`) and LoadGen's `mlperf_log_detail.txt` (`:::MLLOG`
//! JSON lines). The node's power is the mean of the samples strictly inside LoadGen's
//! `power_begin`…`power_end` window, as MLCommons' submission checker computes it: not the whole
//! file's average, which includes the idle time around the run.
//!
//! The detail log is JSON per line; the few values needed are read by hand (serde stays in the
//! catalogue).

use super::{lines_limited, Input, MeasureError, Problem, LOG_LIMIT};

/// A time in the logs' `MM-DD-YYYY HH:MM:SS.ffffff` form, as microseconds since 0000-03-01.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Stamp(i64);

/// Exactly `len` ASCII digits as a number (the clock fields of the logs and nvidia-smi's stamps).
pub(crate) fn digits(text: &str, len: usize) -> Option<i64> {
    (text.len() == len && text.bytes().all(|b| b.is_ascii_digit())).then(|| text.parse().ok()).flatten()
}

/// Days since 0000-03-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
pub(crate) fn days(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe
}

/// `HH:MM:SS[.f…]` (one to six fractional digits, as Python's `%f`) as microseconds of the day:
/// integers, so that one second is exactly one million.
pub(crate) fn time_of_day(text: &str) -> Option<i64> {
    let (hms, fraction) = text.split_once('.').unwrap_or((text, ""));
    let mut t = hms.split(':');
    let (h, m, s) = (digits(t.next()?, 2)?, digits(t.next()?, 2)?, digits(t.next()?, 2)?);
    if t.next().is_some() || h > 23 || m > 59 || s > 59 || fraction.len() > 6 {
        return None;
    }
    let micros =
        if fraction.is_empty() { 0 } else { digits(fraction, fraction.len())? * 10_i64.pow(6 - fraction.len() as u32) };
    Some((h * 3600 + m * 60 + s) * 1_000_000 + micros)
}

/// [`days`] of a date that exists (month 1–12, day within its month, leap years counted).
pub(crate) fn checked_days(year: i64, month: i64, day: i64) -> Option<i64> {
    let days_in_month = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        _ => return None,
    };
    (1..=days_in_month).contains(&day).then(|| days(year, month, day))
}

impl Stamp {
    /// Reads `MM-DD-YYYY HH:MM:SS[.f…]` (one to six fractional digits, as Python's `%f`).
    pub fn parse(text: &str) -> Option<Stamp> {
        let (date, time) = text.trim().split_once(' ')?;
        let mut d = date.split('-');
        let (month, day, year) = (digits(d.next()?, 2)?, digits(d.next()?, 2)?, digits(d.next()?, 4)?);
        if d.next().is_some() {
            return None;
        }
        Some(Stamp(checked_days(year, month, day)? * 86_400 * 1_000_000 + time_of_day(time)?))
    }
}

/// What LoadGen's detail log says about the measured window.
#[derive(Debug, Clone, PartialEq)]
pub struct Window {
    pub begin: Stamp,
    pub end: Stamp,
    /// As written in the log.
    pub begin_text: String,
    pub end_text: String,
    /// `effective_scenario` (or `requested_scenario`), if logged.
    pub scenario: Option<String>,
    /// Output tokens per second over the run: `result_tokens_per_second` (Offline) or
    /// `result_completed_tokens_per_second` (Server), if logged.
    pub tokens_per_s: Option<f64>,
}

/// The value of `"field": …` in a JSON object written on one line: a string (unescaped simply) or
/// the raw text of a number or literal.
fn json_field<'a>(line: &'a str, field: &str) -> Option<std::borrow::Cow<'a, str>> {
    let quoted = format!("\"{field}\"");
    let at = line.find(&quoted)?;
    let rest = line.get(at + quoted.len()..)?.trim_start().strip_prefix(':')?.trim_start();
    if let Some(s) = rest.strip_prefix('"') {
        let mut out = String::new();
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            match c {
                '"' => return Some(out.into()),
                '\\' => out.push(chars.next()?),
                c => out.push(c),
            }
        }
        None
    } else {
        let end = rest.find([',', '}']).unwrap_or(rest.len());
        Some(rest.get(..end)?.trim().into())
    }
}

/// Reads the window from `mlperf_log_detail.txt`.
pub fn window(detail: &str) -> Result<Window, Problem> {
    let mut begin: Option<(Stamp, String)> = None;
    let mut end: Option<(Stamp, String, usize)> = None;
    let mut scenario = None;
    let mut tokens_per_s = None;
    let mut any_mllog = false;
    for (line, text) in lines_limited(detail, LOG_LIMIT)? {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            continue;
        }
        if trimmed.starts_with("Time,") && !any_mllog {
            return Err(Problem::WrongLog { line, expected: "LoadGen's mlperf_log_detail.txt" });
        }
        let Some(json) = trimmed.strip_prefix(":::MLLOG") else { continue };
        any_mllog = true;
        let Some(key) = json_field(json, "key") else {
            return Err(Problem::Malformed { line, expected: "a `\"key\"` in the :::MLLOG line" });
        };
        let value = || json_field(json, "value").map(|v| v.into_owned());
        match &*key {
            "power_begin" | "power_end" => {
                let text = value().unwrap_or_default();
                let Some(stamp) = Stamp::parse(&text) else {
                    return Err(Problem::BadTime { line });
                };
                if key == "power_begin" {
                    begin.get_or_insert((stamp, text));
                } else {
                    end.get_or_insert((stamp, text, line));
                }
            }
            "effective_scenario" => scenario = value(),
            "requested_scenario" if scenario.is_none() => scenario = value(),
            "result_tokens_per_second" | "result_completed_tokens_per_second" => {
                tokens_per_s = value().as_deref().and_then(crate::float::parse).filter(|v| v.is_finite() && *v > 0.0);
            }
            _ => {}
        }
    }
    if !any_mllog {
        return Err(Problem::NotDetailLog);
    }
    let Some((begin, begin_text)) = begin else { return Err(Problem::NoPowerWindow { missing: "power_begin" }) };
    let Some((end, end_text, end_line)) = end else { return Err(Problem::NoPowerWindow { missing: "power_end" }) };
    if end <= begin {
        return Err(Problem::WindowReversed { line: end_line });
    }
    Ok(Window { begin, end, begin_text, end_text, scenario, tokens_per_s })
}

/// The mean power inside the window.
#[derive(Debug, Clone, PartialEq)]
pub struct WindowMean {
    pub mean_watts: f64,
    /// Samples inside the window, and in the whole file.
    pub samples: usize,
    pub samples_in_file: usize,
    pub window: Window,
}

/// The mean of the `Watts` samples of `spl.txt` strictly between `power_begin` and `power_end`.
pub fn window_mean(spl: &str, detail: &str) -> Result<WindowMean, MeasureError> {
    let window = window(detail).map_err(|p| MeasureError::new(Input::DetailLog, p))?;
    let mut sum = 0.0;
    let mut samples = 0;
    let mut samples_in_file = 0;
    let mut messages = 0;
    let bad = |p| MeasureError::new(Input::PowerLog, p);
    for (line, text) in lines_limited(spl, LOG_LIMIT).map_err(bad)? {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            continue;
        }
        if trimmed.starts_with(":::MLLOG") {
            return Err(bad(Problem::WrongLog { line, expected: "the power analyser's spl.txt" }));
        }
        let mut fields = trimmed.split(',');
        let (first, time, kind, watts) = (fields.next(), fields.next(), fields.next(), fields.next());
        // PTDaemon writes its own messages into the log (`Time,…,NOTICE,…`, `Time,…,ERROR,…`) and
        // sometimes a raw line of the analyser's after them (`Buffer was …`): read past both, as
        // MLCommons' tools do, once the file has shown itself to be a PTDaemon log.
        let message = matches!(kind, Some(k) if !k.is_empty() && k.bytes().all(|b| b.is_ascii_uppercase()));
        if first == Some("Time") && message && time.and_then(Stamp::parse).is_some() {
            messages += 1;
            continue;
        }
        if first != Some("Time") && samples_in_file + messages > 0 {
            continue;
        }
        let (Some("Time"), Some(time), Some("Watts"), Some(watts)) = (first, time, kind, watts) else {
            return Err(bad(Problem::Malformed { line, expected: "`Time,MM-DD-YYYY HH:MM:SS.fff,Watts,<watts>,…`" }));
        };
        let Some(stamp) = Stamp::parse(time) else { return Err(bad(Problem::BadTime { line })) };
        let watts = crate::float::parse(watts.trim())
            .ok_or_else(|| bad(Problem::Malformed { line, expected: "a number of watts after `Watts,`" }))?;
        if !watts.is_finite() {
            return Err(bad(Problem::NotFinite { line }));
        }
        if watts < 0.0 {
            return Err(bad(Problem::Negative { line }));
        }
        samples_in_file += 1;
        if window.begin < stamp && stamp < window.end {
            sum += watts;
            samples += 1;
        }
    }
    if samples == 0 {
        return Err(bad(Problem::NoSamplesInWindow {
            begin: window.begin_text.clone(),
            end: window.end_text.clone(),
            samples_in_file,
        }));
    }
    Ok(WindowMean { mean_watts: sum / samples as f64, samples, samples_in_file, window })
}
