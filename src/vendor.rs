//! The vendor who hosts the page, from the build-time vendor file (`static/vendor.json`, put into the
//! page by the build as a `<meta>`): name, accent colour, logo, and where "Request a quote" goes — a
//! `mailto:` address, an https page, and for an embedded page the host origin it may post to. Checked
//! here, so a bad file gives no button rather than a broken one; the hand-off text is written here.

use crate::catalogue::Catalogue;
use crate::compare::Saved;
use crate::form::{Form, ThroughputChoice};
use crate::i18n::Strings;
use crate::link;
use crate::model;

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

fn describe(catalogue: &Catalogue, form: &Form, t: &Strings) -> String {
    let card = catalogue.card(&form.card).map_or(form.card.as_str(), |c| &*c.name);
    let source = match &form.throughput {
        ThroughputChoice::Published(id) => format!(
            "MLPerf {id}, {}{}, {}",
            form.benchmark.name(),
            form.benchmark.accuracy().map(|a| (t.accuracy)(a)).unwrap_or_default(),
            (t.scenario)(form.scenario)
        ),
        ThroughputChoice::Own => (t.own_throughput_words)(form.tps.trim()),
    };
    let evaluation = model::evaluate(catalogue, form);
    let figures = evaluation.figures;
    let mut lines = vec![(t.configuration)(form.servers.trim(), form.gpus.trim(), card, form.watts.trim(), &source)];
    // The customer's own model, with the benchmark the figures are for and the proxy (issue 28.7);
    // without one, the benchmark's model as before.
    if form.has_own_model() {
        let checked = &evaluation.checked;
        let (size, arch) = (checked.own_size.clone().ok().flatten(), checked.own_arch.clone().ok().flatten());
        lines.push(format!("{}: {}", t.q_own_model, (t.own_model_words)(&form.own_model, size, arch)));
        lines.push((t.own_proxy)(checked.proxy(), form.figures_benchmark()));
    } else {
        lines.push(format!("{}: {}", t.q_model, form.benchmark.name()));
    }
    // Values in the page's numbers with their kind, for the person reading; the JSON export and the
    // link carry them at full precision for machines.
    let figure = |label: &str, f: Option<&crate::figure::Figure>| {
        f.map(|f| format!("{label}: {}", (t.mail_value)(f.value, f.low, (t.unit)(f.unit), f.kind.id())))
    };
    lines.extend(figure(t.figure_token, figures.energy_per_token.as_ref()));
    lines.extend(figure(t.figure_board, figures.board_power.as_ref()));
    lines.extend(figure(t.figure_day, figures.energy_per_day.as_ref()));
    lines.extend(figure(t.figure_measured, figures.measured_energy_per_token.as_ref()));
    let plan = &form.plan;
    if !plan.demand.trim().is_empty() {
        lines.push((t.q_demand)(plan.demand.trim()));
    }
    if !plan.rack.trim().is_empty() {
        lines.push((t.q_rack)(plan.rack.trim()));
    }
    if plan.is_set() {
        let p = crate::plan::evaluate(catalogue, &evaluation.checked);
        lines.extend(figure(t.p_servers_needed, p.servers_needed.as_ref()));
        lines.extend(figure(t.p_site_year, p.site_kwh_per_year.as_ref()));
        lines.extend(figure(t.p_cost_year, p.cost_per_year.as_ref()));
    }
    lines.join("\n")
}

/// The quote's (and the e-mail's) text: every configuration (the one on the page, or the compared
/// ones) with its figures and kinds, customer and reference, the non-binding line with the date
/// (`date`, as the page writes it, or empty) and the catalogue's data version, and the link that
/// reopens it all.
pub fn quote_text(
    catalogue: &Catalogue,
    form: &Form,
    compared: &[Saved],
    page_link: &str,
    date: &str,
    t: &Strings,
) -> String {
    let mut out = format!("{}\n\n", t.q_request);
    if compared.is_empty() {
        out.push_str(&describe(catalogue, form, t));
        out.push('\n');
    } else {
        for (i, saved) in compared.iter().enumerate() {
            let name = crate::compare::display_name(catalogue, saved, t);
            out.push_str(&format!("{}. {name}\n{}\n\n", i + 1, describe(catalogue, &saved.form, t)));
        }
    }
    if !form.customer.trim().is_empty() {
        out.push_str(&format!("\n{}: {}\n", t.q_customer, form.customer.trim()));
    }
    if !form.reference.trim().is_empty() {
        out.push_str(&format!("{}: {}\n", t.q_reference, form.reference.trim()));
    }
    out.push_str(&format!("\n{}\n", (t.sheet_terms)(date, &catalogue.meta.data_version)));
    out.push_str(&format!("\n{}: {page_link}\n", t.q_link));
    out
}

/// The `mailto:` address with subject and body filled in.
pub fn mailto_href(vendor: &Vendor, text: &str, t: &Strings) -> Option<String> {
    let to = vendor.mailto.as_ref()?;
    Some(format!("mailto:{to}?subject={}&body={}", link::percent_encode(t.q_subject), link::percent_encode(text)))
}

/// "Email this configuration": a `mailto:` without an address (the reader's mail program asks for
/// one), the same body as the quote.
pub fn mail_href(text: &str, t: &Strings) -> String {
    format!("mailto:?subject={}&body={}", link::percent_encode(t.mail_subject), link::percent_encode(text))
}

/// The vendor's page with the link and the text as query parameters (`link=`, `summary=`).
pub fn url_href(vendor: &Vendor, page_link: &str, text: &str) -> Option<String> {
    let url = vendor.url.as_ref()?;
    let joiner = if url.contains('?') { '&' } else { '?' };
    Some(format!("{url}{joiner}link={}&summary={}", link::percent_encode(page_link), link::percent_encode(text)))
}
