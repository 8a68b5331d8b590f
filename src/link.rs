//! The link contract: URL query ⇄ [`Form`]. Pure strings in and out.
//!
//! Version 1 parameters, all optional: `v`, `card`, `result`, `scenario`, `model`, `tps`, `gpus`,
//! `servers`, `watts`, `customer` and `ref` (words for the printed quote sheet), `your_model`,
//! `your_b` and `your_arch` (the customer's own model, its size in billions of parameters and
//! `dense` or `moe`: words for the sheet and the proxy's choice; written only when set), `embed`
//! (layout only), and the plan's `demand`, `load`, `idle`, `overhead`, `pue`, `price`, `cur`, `co2`,
//! `volts`, `phases`, `pf`, `rack`, `breaker`, `derate`, `feeds` (issue 36), `wue`, `water`, `life` (issue 40), `answer`, `hours`, `users`, `speed`, `headroom` (issue 48) (written only when set), `dv` (the data
//! version the link was made with, `data/meta.json`'s; always written, see [`crate::data_version`]), and `lang` (`en` or `de`: the
//! page's language and how its typed numbers read; written only once chosen, so a link without it
//! opens in English, or in the reader's browser language, exactly as before), `cfg` (repeated: the
//! compared configurations, read by `compare`) and `base` (issue 37: the compared configuration the
//! others' % are against, counted from 1 as the CSV's `configuration` column; written only when it
//! is not the first, so a link without it shows % against the first, exactly as before). Decoding is lenient: anything unusable becomes a
//! [`Notice`] and a sane default, never an error that stops the page. Number fields keep the link's
//! text so the form shows its own message next to the field.

use crate::catalogue::{Benchmark, Catalogue, Scenario};
use crate::form::{clip, Edit, Field, Form, ThroughputChoice};
use std::fmt;

/// The version this app writes and reads.
pub const VERSION: &str = "1";

/// Every parameter this version reads.
pub const KNOWN: [&str; 45] = [
    "v",
    "dv",
    "card",
    "result",
    "scenario",
    "model",
    "tps",
    "gpus",
    "servers",
    "watts",
    "customer",
    "ref",
    "your_model",
    "your_b",
    "your_arch",
    "embed",
    "demand",
    "load",
    "idle",
    "overhead",
    "pue",
    "price",
    "cur",
    "co2",
    "volts",
    "phases",
    "pf",
    "rack",
    "breaker",
    "derate",
    "feeds",
    "wue",
    "water",
    "life",
    "answer",
    "hours",
    "users",
    "speed",
    "headroom",
    "cfg",
    "base",
    "host",
    "mode",
    "lang",
    // issue 52
    "system",
];

/// Something in a link the app could not use as given.
#[derive(Debug, Clone, PartialEq)]
pub enum Notice {
    UnknownParameter(String),
    Repeated(String),
    UnknownVersion(String),
    UnknownCard(String),
    UnknownResult(String),
    UnknownScenario(String),
    UnknownModel(String),
    /// `mode` other than `measure`: the calculator is shown.
    UnknownMode(String),
    /// `lang` other than `en` or `de`: the browser's language, else English, is shown.
    UnknownLang(String),
    /// `base` that names no compared configuration: the first is the baseline.
    UnknownBaseline(String),
    /// The link named a card and a result for another card: the result's card is used.
    CardOverridden {
        given: String,
        used: String,
    },
    /// The result publishes no row for the benchmark and scenario asked for.
    RowMissing {
        result: String,
        asked: String,
        used: String,
    },
    // issue 52
    /// `system` names no vendor's system of this page (or not of the link's card and GPU count): the
    /// card's own figures are shown.
    UnknownSystem(String),
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notice::UnknownParameter(p) => {
                write!(f, "The link's parameter “{}” is not one this page knows; it was ignored.", clip(p))
            }
            Notice::Repeated(p) => write!(f, "The link gives “{p}” more than once; the first was used."),
            Notice::UnknownVersion(v) => {
                write!(f, "The link's version “{}” is unknown; it was read as version {VERSION}.", clip(v))
            }
            Notice::UnknownCard(c) => {
                write!(f, "The link's card “{}” is not in the catalogue; the default card is shown.", clip(c))
            }
            Notice::UnknownResult(r) => write!(
                f,
                "The link's result “{}” is not in the catalogue; a published result for the card is shown.",
                clip(r)
            ),
            Notice::UnknownScenario(s) => write!(
                f,
                "The link's scenario “{}” is unknown (offline, server or interactive); Offline is shown.",
                clip(s)
            ),
            Notice::UnknownModel(m) => write!(
                f,
                "The link's benchmark “{}” is unknown ({}); {} is shown.",
                clip(m),
                Benchmark::ALL.iter().map(|b| b.id()).collect::<Vec<_>>().join(", "),
                Benchmark::Llama2_70b99.id()
            ),
            Notice::UnknownMode(m) => {
                write!(f, "The link's mode “{}” is unknown (measure); the calculator is shown.", clip(m))
            }
            Notice::UnknownLang(l) => {
                write!(f, "The link's language “{}” is unknown (en, de); the page chose one itself.", clip(l))
            }
            Notice::UnknownBaseline(b) => write!(
                f,
                "The link's baseline “{}” names no compared configuration; the first is the baseline.",
                clip(b)
            ),
            Notice::CardOverridden { given, used } => {
                write!(f, "The link names card “{}” but a result for {used}; {used} is shown.", clip(given))
            }
            Notice::RowMissing { result, asked, used } => {
                write!(f, "{result} publishes no {asked} result; {used} is shown.")
            }
            Notice::UnknownSystem(s) => write!(
                f,
                "The link's system “{}” is not one of this page's vendor's systems for this card; the card's own figures are shown.",
                clip(s)
            ),
        }
    }
}

/// A decoded link.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    pub form: Form,
    pub notices: Vec<Notice>,
    /// `embed=1`: the compact layout for an iframe.
    pub embed: bool,
    /// The compared configurations' `cfg` values, in order (read by `compare::decode`).
    pub compared: Vec<String>,
    /// `host=`: the origin of the page that embeds this one, which may receive the quote
    /// (`postMessage`); kept only when it is an origin.
    pub host: Option<String>,
    /// `dv=`: the data version the link was made with.
    pub data_version: Option<String>,
    /// `base=`: the compared configuration the others' % are against (an index from 0), where it
    /// names one of the link's `cfg` values.
    pub baseline: Option<usize>,
    /// `v=` given: a link the page made (every link it writes carries it), so one without `dv` was
    /// made before links carried a data version.
    pub versioned: bool,
}

impl Decoded {
    /// What the reader is told about the data version the link was made with, for what it shows
    /// (the form and `compared`): nothing for the current version or a link the page did not make.
    pub fn data_notice(&self, compared: &[&Form]) -> Option<crate::data_version::DataNotice> {
        if self.data_version.is_none() && !self.versioned {
            return None;
        }
        let shown: Vec<_> =
            std::iter::once(&self.form).chain(compared.iter().copied()).map(crate::data_version::Shown::of).collect();
        crate::data_version::notice(self.data_version.as_deref(), &shown)
    }
}

fn hex(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

/// `application/x-www-form-urlencoded` decoding; invalid escapes stay as typed, bad UTF-8 is replaced.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'+' => out.push(b' '),
            b'%' => match (bytes.get(i + 1).copied().and_then(hex), bytes.get(i + 2).copied().and_then(hex)) {
                (Some(h), Some(l)) => {
                    out.push(h * 16 + l);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            _ => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Escapes everything but unreserved characters.
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Escapes what a query's key or value must not hold as itself (issue 37, the sheet's QR code):
/// `%`, `&`, `+`, `#`, and anything but ASCII letters, digits and `-_.~=:/,@`; a space becomes `+`.
/// [`pairs`] reads it back to the same text as [`percent_encode`]'s, in fewer characters.
fn query_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~' | b'=' | b':' | b'/' | b',' | b'@') {
            out.push(char::from(b));
        } else if b == b' ' {
            out.push('+');
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The same link in fewer characters, for the printed sheet's QR code (issue 37): every pair escaped
/// only where it must be ([`query_encode`]), and inside each compared configuration (`cfg`) the
/// pairs its reading ignores left out — `v` and `dv` (the link's own stand for all) and an empty
/// `label`. It opens the same configurations: [`decode`] and `compare::decode` read the same forms,
/// names, baseline and notices from it (`tests/link.rs`). A link without `?` is returned as given.
pub fn compact(url: &str) -> String {
    let Some((page, query)) = url.split_once('?') else {
        return url.to_owned();
    };
    let (query, fragment) = match query.split_once('#') {
        Some((q, f)) => (q, Some(f)),
        None => (query, None),
    };
    let pair = |(k, v): &(String, String)| format!("{}={}", query_encode(k), query_encode(v));
    let out: Vec<String> = pairs(query)
        .iter()
        .map(|(key, value)| {
            if key == "cfg" {
                let inner: Vec<String> = pairs(value)
                    .iter()
                    .filter(|(k, v)| !(k == "v" || k == "dv" || (k == "label" && v.is_empty())))
                    .map(pair)
                    .collect();
                format!("cfg={}", query_encode(&inner.join("&")))
            } else {
                pair(&(key.clone(), value.clone()))
            }
        })
        .collect();
    let fragment = fragment.map(|f| format!("#{f}")).unwrap_or_default();
    format!("{page}?{}{fragment}", out.join("&"))
}

/// Splits a query (with or without its leading `?`) into decoded pairs, in order.
pub fn pairs(query: &str) -> Vec<(String, String)> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| match p.split_once('=') {
            Some((k, v)) => (percent_decode(k), percent_decode(v)),
            None => (percent_decode(p), String::new()),
        })
        .collect()
}

/// Reads a link's query into a form, with notices for what it could not use.
pub fn decode(catalogue: &Catalogue, query: &str) -> Decoded {
    let (params, compared, mut notices) = Params::read(query);
    if let Some(v) = params.get("v") {
        if v != VERSION {
            notices.push(Notice::UnknownVersion(v.to_owned()));
        }
    }
    let form = params.choices(catalogue, &mut notices);
    let mut form = params.fields(catalogue, form);
    let embed = params.get("embed").is_some_and(|v| v == "1" || v == "true");
    if let Some(m) = params.get("mode").filter(|m| Mode::from_id(m).is_none()) {
        notices.push(Notice::UnknownMode(m.to_owned()));
    }
    if let Some(l) = params.get("lang") {
        match crate::lang::Lang::from_id(l) {
            Some(lang) => form.lang = Some(lang),
            None => notices.push(Notice::UnknownLang(l.to_owned())),
        }
    }
    // issue 52: the vendor's system, where this page's vendor has it for the link's card and count.
    if let Some(id) = params.get("system").filter(|s| !s.is_empty()) {
        let with = Form { system: id.to_owned(), ..form.clone() };
        let fits = with.check(catalogue).system.is_some();
        if fits {
            form.system = id.to_owned();
        } else {
            notices.push(Notice::UnknownSystem(id.to_owned()));
        }
    }
    let host = params.get("host").filter(|h| origin(h)).map(str::to_owned);
    let data_version = params.get("dv").map(str::to_owned);
    let versioned = params.get("v").is_some();
    let baseline = params.get("base").and_then(|b| {
        let index = b.trim().parse::<usize>().ok().filter(|n| (1..=compared.len()).contains(n)).map(|n| n - 1);
        if index.is_none() {
            notices.push(Notice::UnknownBaseline(b.to_owned()));
        }
        index
    });
    Decoded { form, notices, embed, compared, host, data_version, baseline, versioned }
}

/// A query's known parameters, each the first time it is given.
struct Params(Vec<(String, String)>);

impl Params {
    /// The known parameters, the compared configurations (`cfg`, repeated on purpose: one per
    /// compared configuration), and notices for unknown and repeated parameters.
    fn read(query: &str) -> (Params, Vec<String>, Vec<Notice>) {
        let mut notices = Vec::new();
        let mut params: Vec<(String, String)> = Vec::new();
        let mut compared = Vec::new();
        for (key, value) in pairs(query) {
            if key == "cfg" {
                compared.push(value);
            } else if !KNOWN.contains(&key.as_str()) {
                notices.push(Notice::UnknownParameter(key));
            } else if params.iter().any(|(k, _)| *k == key) {
                if !notices.contains(&Notice::Repeated(key.clone())) {
                    notices.push(Notice::Repeated(key));
                }
            } else {
                params.push((key, value));
            }
        }
        (Params(params), compared, notices)
    }

    fn get(&self, key: &str) -> Option<&str> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The choices: benchmark, scenario, card and published result (which overrides the card with
    /// its own), with notices for what is unknown or not published as asked.
    fn choices(&self, catalogue: &Catalogue, notices: &mut Vec<Notice>) -> Form {
        let mut form = Form::initial(catalogue);
        if let Some(m) = self.get("model") {
            match Benchmark::from_id(m) {
                Some(b) => form.benchmark = b,
                None => notices.push(Notice::UnknownModel(m.to_owned())),
            }
        }
        if let Some(s) = self.get("scenario") {
            match Scenario::from_id(&s.to_ascii_lowercase()) {
                Some(s) => form.scenario = s,
                None => notices.push(Notice::UnknownScenario(s.to_owned())),
            }
        }
        let asked = (form.benchmark, form.scenario);
        // Card first; a result then overrides it with its own card.
        if let Some(c) = self.get("card") {
            if catalogue.card(c).is_some() {
                form = form.with_card(catalogue, c);
            } else {
                notices.push(Notice::UnknownCard(c.to_owned()));
            }
        }
        // issue 50: an MLCommons ID published after its rows were keyed by their folder.
        if let Some(r) = self.get("result").map(crate::catalogue::resolve) {
            match catalogue.entry(r).next() {
                Some(row) => {
                    if let Some(c) = self.get("card") {
                        if catalogue.card(c).is_some() && c != row.card {
                            notices.push(Notice::CardOverridden { given: c.to_owned(), used: row.card.to_string() });
                        }
                    }
                    form = form.with_result(catalogue, r);
                }
                None => notices.push(Notice::UnknownResult(r.to_owned())),
            }
        }
        if let ThroughputChoice::Published(id) = &form.throughput {
            if (form.benchmark, form.scenario) != asked
                && (self.get("model").is_some() || self.get("scenario").is_some())
            {
                notices.push(Notice::RowMissing {
                    result: id.clone(),
                    asked: format!("{} {}", asked.1.label(), asked.0.id()),
                    used: format!("{} {}", form.scenario.label(), form.benchmark.id()),
                });
            }
        }
        form
    }

    /// The typed fields, as given (the form checks them): one's own throughput, the counts and the
    /// limit, customer, reference, one's own model, and the plan's fields.
    fn fields(&self, catalogue: &Catalogue, mut form: Form) -> Form {
        if let Some(tps) = self.get("tps") {
            form = form.with_own_throughput();
            form.tps = tps.to_owned();
        }
        for (key, field) in [("gpus", &mut form.gpus), ("servers", &mut form.servers), ("watts", &mut form.watts)] {
            if let Some(v) = self.get(key) {
                *field = v.to_owned();
            }
        }
        for field in [Field::Customer, Field::Reference, Field::OwnModel, Field::OwnSize, Field::OwnArch] {
            if let Some(v) = self.get(field.id()) {
                form = form.apply(catalogue, Edit::Text(field, v.to_owned())).form;
            }
        }
        for field in crate::input::PLAN_FIELDS {
            if let Some(v) = self.get(field.id()) {
                form.plan = form.plan.with(field, v.to_owned());
            }
        }
        form
    }
}

/// Writes a form as a link query (without `?`), version first, the data version (`dv`) last but for
/// `embed`, which keeps the compact layout.
pub fn encode(form: &Form, embed: bool) -> String {
    let mut params: Vec<(&str, &str)> = vec![("v", VERSION), ("card", &form.card)];
    match &form.throughput {
        ThroughputChoice::Published(id) => params.push(("result", id)),
        ThroughputChoice::Own => params.push(("tps", &form.tps)),
    }
    params.extend([
        ("scenario", form.scenario.id()),
        ("model", form.benchmark.id()),
        ("gpus", form.gpus.as_str()),
        ("servers", form.servers.as_str()),
        ("watts", form.watts.as_str()),
    ]);
    for (key, text) in [
        ("customer", &form.customer),
        ("ref", &form.reference),
        ("your_model", &form.own_model),
        ("your_b", &form.own_size),
        ("your_arch", &form.own_arch),
    ] {
        if !text.is_empty() {
            params.push((key, text.as_str()));
        }
    }
    for field in crate::input::PLAN_FIELDS {
        if let Some(text) = form.plan.get(field).filter(|t| !t.is_empty()) {
            params.push((field.id(), text));
        }
    }
    if let Some(lang) = form.lang {
        params.push(("lang", lang.id()));
    }
    if !form.system.is_empty() {
        params.push(("system", form.system.as_str()));
    }
    params.push(("dv", crate::catalogue::data_version()));
    if embed {
        params.push(("embed", "1"));
    }
    params.iter().map(|(k, v)| format!("{k}={}", percent_encode(v))).collect::<Vec<_>>().join("&")
}

/// The page's section: the calculator, or "Measure your own" (`mode=measure`). A calculator link
/// carries no `mode`, so version 1 links stay as they were.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    #[default]
    Calculator,
    Measure,
}

impl Mode {
    fn from_id(id: &str) -> Option<Mode> {
        match id {
            "measure" => Some(Mode::Measure),
            "" | "calculator" => Some(Mode::Calculator),
            _ => None,
        }
    }

    /// The mode a link asks for (the first `mode`; an unknown one is the calculator, with a notice
    /// from [`decode`]).
    pub fn from_query(query: &str) -> Mode {
        pairs(query).into_iter().find(|(k, _)| k == "mode").and_then(|(_, v)| Mode::from_id(&v)).unwrap_or_default()
    }

    /// A query from [`encode`] with this mode added (nothing for the calculator).
    pub fn add_to(self, query: String) -> String {
        match self {
            Mode::Calculator => query,
            Mode::Measure => format!("{query}&mode=measure"),
        }
    }
}

/// An origin as `postMessage` takes it: `https://host[:port]`, or `http://` on a loopback address.
pub fn origin(text: &str) -> bool {
    let rest = if let Some(rest) = text.strip_prefix("https://") {
        rest
    } else if let Some(rest) = text.strip_prefix("http://") {
        if !(rest.starts_with("127.0.0.1") || rest.starts_with("localhost")) {
            return false;
        }
        rest
    } else {
        return false;
    };
    !rest.is_empty() && rest.chars().all(|c| c.is_ascii_alphanumeric() || ".-:".contains(c))
}
