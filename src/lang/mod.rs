//! The page's languages and how each writes numbers: a leaf of the core (it names no other module),
//! so the domain can read a typed number in the page's language without reaching the words, which
//! are `crate::i18n`'s (`Lang::strings` is defined there). `intl.rs` writes numbers as `Intl` does.

pub mod intl;

/// A language of the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    De,
}

/// A catalogue text in the page's language: its German version on a German page where the data
/// gives one, else the text as the data gives it.
pub fn pick<'a>(lang: Lang, text: &'a str, german: Option<&'a str>) -> &'a str {
    // A build of one language has its own texts alone (build.rs): it picks as its pages read.
    match (Lang::ONLY.unwrap_or(lang), german) {
        (Lang::De, Some(de)) if !de.trim().is_empty() => de,
        _ => text,
    }
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::De];

    /// The one language this build speaks (`en-only`, `de-only`: a release build per language,
    /// issue 53; German where both are given), or `None` when it speaks every one. The page opens
    /// in it, whatever the link asks.
    pub const ONLY: Option<Lang> = if cfg!(feature = "de-only") {
        Some(Lang::De)
    } else if cfg!(feature = "en-only") {
        Some(Lang::En)
    } else {
        None
    };

    /// The language a page of this build speaks before it knows its own: the build's one, else
    /// English.
    pub const FIRST: Lang = match Lang::ONLY {
        Some(only) => only,
        None => Lang::En,
    };

    /// Whether this build can draw the page in `self` (every language, without `ONLY`).
    pub fn built(self) -> bool {
        Lang::ONLY.is_none_or(|only| only == self)
    }

    /// The language's own name, on the switch (in every build, whichever words it has).
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
        }
    }

    /// The link's `lang` value and the `<html lang>` attribute.
    pub fn id(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
        }
    }

    /// `en`, `de` (any case); nothing else.
    pub fn from_id(id: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.id().eq_ignore_ascii_case(id))
    }

    /// The first of the browser's languages (`navigator.languages`, most wanted first) the page
    /// speaks: "de-AT" is German, "en-GB" English; `None` when none is.
    pub fn from_browser<S: AsRef<str>>(languages: &[S]) -> Option<Lang> {
        languages.iter().find_map(|tag| Lang::from_id(tag.as_ref().split(['-', '_']).next().unwrap_or_default()))
    }

    /// The decimal mark the language writes.
    pub fn decimal_mark(self) -> char {
        match self {
            Lang::En => '.',
            Lang::De => ',',
        }
    }
}

/// A number as the page prints it in words (messages, hints): grouped, no trailing zeros —
/// "100,000" and "0.5" in English, "100.000" and "0,5" in German. The form reads it back.
pub fn number(lang: Lang, value: f64) -> String {
    let english = english(value);
    match lang {
        Lang::En => english,
        Lang::De => english
            .chars()
            .map(|c| match c {
                ',' => '.',
                '.' => ',',
                c => c,
            })
            .collect(),
    }
}

/// A number in English words' style: grouped with commas, a decimal point, no trailing zeros
/// ("100,000", "0.5"); text that is not a plain decimal (an exponent) as Rust writes it.
pub fn english(value: f64) -> String {
    let text = if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        crate::float::shortest(value)
    };
    let (sign, body) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text.as_str()),
    };
    let (whole, fraction) = match body.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (body, None),
    };
    if !whole.bytes().all(|b| b.is_ascii_digit()) {
        return text;
    }
    let mut grouped = String::with_capacity(whole.len() + whole.len() / 3);
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    match fraction {
        Some(f) => format!("{sign}{grouped}.{f}"),
        None => format!("{sign}{grouped}"),
    }
}
