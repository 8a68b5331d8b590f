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
        })
    }

    /// Whether "Request a quote" has somewhere to go.
    pub fn takes_quotes(&self) -> bool {
        self.mailto.is_some() || self.url.is_some()
    }
}

/// The vendor's page with the link and the text as query parameters (`link=`, `summary=`).
pub fn url_href(vendor: &Vendor, page_link: &str, text: &str) -> Option<String> {
    let url = vendor.url.as_ref()?;
    let joiner = if url.contains('?') { '&' } else { '?' };
    Some(format!("{url}{joiner}link={}&summary={}", link::percent_encode(page_link), link::percent_encode(text)))
}
