//! The vendor who hosts the page, from the build-time vendor file (`static/vendor.json`, put into the
//! page by the build as a `<meta>`): name, accent colour, logo, and where "Request a quote" goes — a
//! `mailto:` address, an https page, and for an embedded page the host origin it may post to. Checked
//! here, so a bad file gives no button rather than a broken one; the hand-off text is written here.

use crate::link;
/// The origin check, which the link's `host=` shares (`crate::link`).
pub use crate::link::origin;

/// The vendor, as checked.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Vendor {
    pub name: String,
    /// `#rgb` or `#rrggbb`.
    pub accent: Option<String>,
    /// A path on the page's own origin (no scheme, no `//`).
    pub logo: Option<String>,
    /// An e-mail address for `mailto:`.
    pub mailto: Option<String>,
    /// An https page that takes the configuration as query parameters.
    pub url: Option<String>,
    /// The origin an embedded page may post the quote to.
    pub host: Option<String>,
    /// The vendor's imprint and privacy policy (`https://` or a path on the page's own site): linked
    /// from the footer of a standalone page; an embedding page has its own.
    pub imprint: Option<String>,
    pub privacy: Option<String>,
    // issue 52
    /// The vendor's own systems that passed their checks ([`check_systems`]), in the file's order.
    pub systems: Vec<VendorSystem>,
}

/// The vendor file's fields as read (any may be missing or wrong).
#[derive(Debug, Clone, Default)]
pub struct Raw {
    pub name: Option<String>,
    pub accent: Option<String>,
    pub logo: Option<String>,
    pub mailto: Option<String>,
    pub url: Option<String>,
    pub host: Option<String>,
    pub imprint: Option<String>,
    pub privacy: Option<String>,
    // issue 52
    /// `systems`, each as read; `None`: the key is there but is not a list.
    pub systems: Option<Vec<RawSystem>>,
}

impl Raw {
    /// The fields as `field(key)` reads them from the vendor file's keys (`name`, `accent`, `logo`,
    /// `mailto`, `url`, `host`, `imprint`, `privacy`), whatever parsed it: the browser's `JSON.parse` or the prerender's.
    pub fn from_fields(field: impl Fn(&str) -> Option<String>) -> Raw {
        Raw {
            name: field("name"),
            accent: field("accent"),
            logo: field("logo"),
            mailto: field("mailto"),
            url: field("url"),
            host: field("host"),
            imprint: field("imprint"),
            privacy: field("privacy"),
            systems: Some(Vec::new()),
        }
    }
}

fn hex_colour(text: &str) -> bool {
    text.strip_prefix('#').is_some_and(|h| matches!(h.len(), 3 | 6) && h.chars().all(|c| c.is_ascii_hexdigit()))
}

fn email(text: &str) -> bool {
    let Some((user, domain)) = text.split_once('@') else { return false };
    !user.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && text.chars().all(|c| c.is_ascii_alphanumeric() || "@.-_+".contains(c))
}

fn https_url(text: &str) -> bool {
    text.strip_prefix("https://")
        .is_some_and(|rest| !rest.is_empty() && rest.chars().all(|c| c.is_ascii_graphic() && !"\"'<>`\\".contains(c)))
}

fn local_path(text: &str) -> bool {
    !text.is_empty()
        && !text.contains("//")
        && !text.contains(':')
        && text.chars().all(|c| c.is_ascii_alphanumeric() || "./-_".contains(c))
}

impl Vendor {
    /// The vendor from the file's fields: `None` without a name; each other field kept only when
    /// it is well formed.
    pub fn checked(raw: Raw) -> Option<Vendor> {
        let name: String = raw.name?.trim().chars().filter(|c| !c.is_control()).take(80).collect();
        if name.is_empty() {
            return None;
        }
        Some(Vendor {
            name,
            accent: raw.accent.filter(|a| hex_colour(a)),
            logo: raw.logo.filter(|l| local_path(l)),
            mailto: raw.mailto.filter(|m| email(m)),
            url: raw.url.filter(|u| https_url(u)),
            host: raw.host.filter(|h| origin(h)),
            imprint: raw.imprint.filter(|l| https_url(l) || local_path(l)),
            privacy: raw.privacy.filter(|l| https_url(l) || local_path(l)),
            systems: check_systems(raw.systems.as_deref().unwrap_or_default(), crate::catalogue::Catalogue::embedded())
                .0,
        })
    }

    /// Whether "Request a quote" has somewhere to go.
    pub fn takes_quotes(&self) -> bool {
        self.mailto.is_some() || self.url.is_some()
    }
}

// issue 52
/// Whether an MLPerf submitter is the vendor named `vendor` (one name begins the other, whole words,
/// case aside: "Dell" and "Dell Technologies"), so its own submissions are offered first.
pub fn is_own_submitter(vendor: &str, submitter: &str) -> bool {
    let (v, s) = (fold_case(vendor.trim()), fold_case(submitter.trim()));
    let begins = |long: &str, short: &str| {
        long.strip_prefix(short).is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', ',', '.', '-']))
    };
    !v.is_empty() && !s.is_empty() && (begins(&v, &s) || begins(&s, &v))
}

/// `text` lower-cased in the letters a maker's name is written in: ASCII and Latin-1's (À–Þ, "Ä" as
/// "ä"); any other letter is kept as it is. The standard `to_lowercase` would bring Unicode's case
/// tables into the wasm (11.7 KB) for names that are all ASCII in the catalogue (`tests/vendor_systems.rs`).
pub fn fold_case(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            'A'..='Z' | '\u{c0}'..='\u{d6}' | '\u{d8}'..='\u{de}' => char::from_u32(c as u32 + 0x20).unwrap_or(c),
            _ => c,
        })
        .collect()
}

/// The vendor's page with the link and the text as query parameters (`link=`, `summary=`).
pub fn url_href(vendor: &Vendor, page_link: &str, text: &str) -> Option<String> {
    let url = vendor.url.as_ref()?;
    let joiner = if url.contains('?') { '&' } else { '?' };
    Some(format!("{url}{joiner}link={}&summary={}", link::percent_encode(page_link), link::percent_encode(text)))
}

// issue 52: the vendor's own systems.

/// One of the vendor file's `systems` as read: texts as text, numbers as numbers (`Some(NaN)`: the
/// key holds something that is not a number), whatever parsed it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RawSystem {
    pub id: Option<String>,
    pub name: Option<String>,
    pub card: Option<String>,
    pub gpus: Option<f64>,
    pub max_w: Option<f64>,
    pub own_w: Option<f64>,
    pub idle_w: Option<f64>,
    pub cooling: Option<String>,
    pub source: Option<String>,
}

impl RawSystem {
    /// The fields as `text(key)` and `number(key)` read them from one entry of `systems`.
    pub fn from_fields(text: impl Fn(&str) -> Option<String>, number: impl Fn(&str) -> Option<f64>) -> RawSystem {
        RawSystem {
            id: text("id"),
            name: text("name"),
            card: text("card"),
            gpus: number("gpus"),
            max_w: number("max_w"),
            own_w: number("own_w"),
            idle_w: number("idle_w"),
            cooling: text("cooling"),
            source: text("source"),
        }
    }
}

/// How a vendor's system is cooled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cooling {
    Air,
    Liquid,
    Hybrid,
}

impl Cooling {
    pub fn id(self) -> &'static str {
        match self {
            Cooling::Air => "air",
            Cooling::Liquid => "liquid",
            Cooling::Hybrid => "hybrid",
        }
    }

    fn from_id(id: &str) -> Option<Cooling> {
        [Cooling::Air, Cooling::Liquid, Cooling::Hybrid].into_iter().find(|c| c.id() == id)
    }
}

/// A vendor's system as checked: every number finite, in range and sourced.
#[derive(Debug, Clone, PartialEq)]
pub struct VendorSystem {
    pub id: String,
    pub name: String,
    pub card: String,
    pub gpus: u32,
    /// The system's stated maximum, W: the plan's peak per system.
    pub max_w: Option<f64>,
    /// Its own draw beyond the GPU boards under load, W.
    pub own_w: Option<f64>,
    /// Its measured wall power with a model loaded and no request, W.
    pub idle_w: Option<f64>,
    pub cooling: Option<Cooling>,
    /// The document or lab report the numbers come from, with its date.
    pub source: Option<String>,
}

impl VendorSystem {
    /// The catalogue source id its numbers cite (`vendor-<id>`).
    pub fn source_id(&self) -> String {
        format!("vendor-{}", self.id)
    }
}

/// The most one system may draw, W (1 MW): a number above it is a typing error.
pub const MAX_SYSTEM_W: f64 = 1_000_000.0;
/// The most GPUs one system may hold.
pub const MAX_SYSTEM_GPUS: f64 = 1024.0;

/// What is wrong with one field of one system.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SystemProblem {
    /// A required text is missing or empty (`id`, `name`, `card`).
    Missing,
    /// The id is not lower-case letters, digits and hyphens.
    BadId,
    /// Another system has this id.
    Duplicate,
    /// The card is not one of the catalogue's.
    UnknownCard,
    /// Not a whole number from 1 to [`MAX_SYSTEM_GPUS`].
    BadCount,
    /// Not a finite number.
    NotFinite,
    /// Below 0 or above [`MAX_SYSTEM_W`].
    OutOfRange,
    /// A maximum below its GPUs at their lowest published setting (W).
    BelowGpus { floor: f64 },
    /// Not one of `air`, `liquid`, `hybrid`.
    BadCooling,
    /// A number is given without its source.
    Unsourced,
}

/// A system the page does not use, naming it and the field.
#[derive(Debug, Clone, PartialEq)]
pub struct SystemError {
    /// Its id as given (or its place in the list, `systems[2]`).
    pub system: String,
    pub field: &'static str,
    pub problem: SystemProblem,
}

fn system_id(text: &str) -> bool {
    !text.is_empty()
        && !text.starts_with('-')
        && !text.ends_with('-')
        && !text.contains("--")
        && text.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

fn clean(text: Option<&String>) -> Option<String> {
    let t: String = text?.trim().chars().filter(|c| !c.is_control()).take(200).collect();
    (!t.is_empty()).then_some(t)
}

/// Checks one system against the catalogue: the first problem found, naming its field.
fn check_system(
    raw: &RawSystem,
    catalogue: &crate::catalogue::Catalogue,
) -> Result<VendorSystem, (&'static str, SystemProblem)> {
    use SystemProblem::*;
    let id = clean(raw.id.as_ref()).ok_or(("id", Missing))?;
    if !system_id(&id) {
        return Err(("id", BadId));
    }
    let name = clean(raw.name.as_ref()).ok_or(("name", Missing))?;
    let card_id = clean(raw.card.as_ref()).ok_or(("card", Missing))?;
    let card = catalogue.card(&card_id).ok_or(("card", UnknownCard))?;
    let gpus = match raw.gpus {
        Some(n) if n.is_finite() && n.fract() == 0.0 && (1.0..=MAX_SYSTEM_GPUS).contains(&n) => n as u32,
        _ => return Err(("gpus", BadCount)),
    };
    let mut numbers = [("max_w", raw.max_w), ("own_w", raw.own_w), ("idle_w", raw.idle_w)];
    for (field, value) in &mut numbers {
        match value {
            Some(v) if !v.is_finite() => return Err((field, NotFinite)),
            Some(v) if *v < 0.0 || *v > MAX_SYSTEM_W => return Err((field, OutOfRange)),
            _ => {}
        }
    }
    let floor = f64::from(gpus) * card.min_power.as_ref().map_or(0.0, |m| m.watts);
    if raw.max_w.is_some_and(|m| m < floor) {
        return Err(("max_w", BelowGpus { floor }));
    }
    let cooling = match raw.cooling.as_deref() {
        None => None,
        Some(c) => Some(Cooling::from_id(c).ok_or(("cooling", BadCooling))?),
    };
    let source = clean(raw.source.as_ref());
    if source.is_none() && numbers.iter().any(|(_, v)| v.is_some()) {
        return Err(("source", Unsourced));
    }
    Ok(VendorSystem {
        id,
        name,
        card: card.id.to_string(),
        gpus,
        max_w: raw.max_w,
        own_w: raw.own_w,
        idle_w: raw.idle_w,
        cooling,
        source,
    })
}

/// The vendor's systems that pass their checks, and what is wrong with each of the others (the
/// page uses none of a refused system's values). A second system with an id already taken is refused.
pub fn check_systems(
    raws: &[RawSystem],
    catalogue: &crate::catalogue::Catalogue,
) -> (Vec<VendorSystem>, Vec<SystemError>) {
    let (mut good, mut bad) = (Vec::new(), Vec::<SystemError>::new());
    let mut seen: Vec<String> = Vec::new();
    for (i, raw) in raws.iter().enumerate() {
        let label = clean(raw.id.as_ref()).unwrap_or_else(|| format!("systems[{i}]"));
        let checked = check_system(raw, catalogue).and_then(|s| {
            if seen.contains(&s.id) {
                Err(("id", SystemProblem::Duplicate))
            } else {
                Ok(s)
            }
        });
        seen.push(label.clone());
        match checked {
            Ok(s) => good.push(s),
            Err((field, problem)) => bad.push(SystemError { system: label, field, problem }),
        }
    }
    (good, bad)
}

/// The catalogue with the vendor's systems in it: each as a system of its card (stated maximum
/// where given, else its boards at their rated power plus its own draw; `vendor`, so only its id
/// chooses it) and its source as a catalogue source published by the vendor, so every view cites it
/// as it cites any other.
pub fn catalogue_with(base: &crate::catalogue::Catalogue, vendor: &Vendor) -> crate::catalogue::Catalogue {
    use crate::catalogue::{MaxKind, Source, SourcedText, System};
    use std::borrow::Cow;
    let mut out = base.clone();
    for s in &vendor.systems {
        let Some(card) = out.cards.iter_mut().find(|c| c.id == s.card) else { continue };
        let boards = f64::from(s.gpus) * card.max_power.watts;
        let source = s.source_id();
        let system = System {
            id: Cow::Owned(s.id.clone()),
            name: Cow::Owned(s.name.clone()),
            gpus: s.gpus,
            // 0 where neither is given: no peak of its own (`system::shape` skips it).
            max_watts: s.max_w.or(s.own_w.map(|o| boards + o)).unwrap_or(0.0),
            max_high: None,
            source: Cow::Owned(source.clone()),
            kind: if s.max_w.is_some() { MaxKind::Stated } else { MaxKind::Derived },
            high_source: None,
            names: Cow::Borrowed(&[]),
            psus: None,
            cooling: s.cooling.map(|c| SourcedText { text: Cow::Borrowed(c.id()), source: Cow::Owned(source.clone()) }),
            vendor: true,
            own_watts: s.own_w,
            idle_watts: s.idle_w,
        };
        card.systems.to_mut().push(system);
        if let Some(text) = &s.source {
            // Cited beside a figure as "<vendor>, <source>": the source text, with its own date, stands
            // as the date; the title is the system's name.
            out.sources.push(Source {
                id: Cow::Owned(source),
                publisher: Cow::Owned(vendor.name.clone()),
                publisher_de: None,
                title: Cow::Owned(s.name.clone()),
                lang: None,
                note: None,
                note_de: None,
                date: Cow::Owned(text.clone()),
                read: None,
                url: None,
            });
        }
    }
    out
}
