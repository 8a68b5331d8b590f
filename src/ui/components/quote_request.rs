//! "Request a quote": the vendor's mail address and/or page, prefilled with the configuration(s),
//! the figures with their kinds and the link; embedded, the same data posted to the host page's
//! origin. Absent without a vendor file that names somewhere to send it.

use crate::compare::Saved;
use crate::form::Form;
use crate::link;
use crate::ui::{browser, Cat};
use crate::vendor::{self, Vendor};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct QuoteRequestProps {
    pub catalogue: Cat,
    pub vendor: crate::ui::Same<Vendor>,
    pub form: crate::ui::Same<Form>,
    pub compared: crate::ui::Same<Vec<Saved>>,
    /// The full link of the page (without `embed`).
    pub link: AttrValue,
    /// The quote's text (`export::quote_text`), the same as "Email this configuration" sends.
    pub text: AttrValue,
    /// The same text and its shorter forms, for a `mailto:` that stays within `export::MAILTO_MAX`.
    pub texts: std::rc::Rc<crate::export::QuoteTexts>,
    /// Where an embedded page may post the quote (`host=` or the vendor file), if anywhere.
    pub post_to: Option<String>,
}

/// The host of an origin ("https://www.example.com" → "www.example.com"), as a person reads it.
fn host_of(origin: &str) -> &str {
    origin.split_once("://").map_or(origin, |(_, host)| host)
}

#[function_component(QuoteRequest)]
pub fn quote_request(props: &QuoteRequestProps) -> Html {
    let posted = use_state(|| None::<bool>);
    let t = crate::ui::words::use_strings();
    let v = &props.vendor;
    if !v.takes_quotes() && props.post_to.is_none() {
        return html! {};
    }
    let text = props.text.to_string();
    let post = props.post_to.clone().map(|origin| {
        let link_ = props.link.to_string();
        let text = text.clone();
        let page = browser::page_address();
        let configurations: Vec<(String, String)> = props
            .compared
            .iter()
            .map(|s| {
                (
                    crate::export::display_name(props.catalogue.0, s, t),
                    format!("{page}?{}", link::encode(&s.form, false)),
                )
            })
            .collect();
        let posted = posted.clone();
        Callback::from(move |_: MouseEvent| {
            posted.set(Some(browser::post_quote(&origin, &link_, &text, &configurations)))
        })
    });
    html! {
        <section class="quote-request" aria-labelledby="quote-request-title" data-testid="quote-request">
            <h2 id="quote-request-title">{ (t.qr_title)(&v.name) }</h2>
            <p class="hint">{ t.qr_hint }</p>
            <div class="share-row">
                // Each button does one thing (issue 53): the e-mail and the vendor's page open as
                // they say; only the last sends to the page around the widget, which it names.
                if let Some(mail) = crate::export::mailto_href(v, &props.texts) {
                    <a class="button" data-testid="request-quote-mail" href={mail.href} data-shortened={mail.shortened.to_string()}>{ t.qr_mail }</a>
                }
                if let Some(href) = vendor::url_href(v, &props.link, &text) {
                    <a class="button" data-testid="request-quote-url" href={href} target="_blank" rel="noopener">{ t.qr_page }</a>
                }
                if let (Some(onclick), Some(origin)) = (post, props.post_to.as_deref()) {
                    <button type="button" data-testid="request-quote-post" {onclick}>{ (t.qr_post)(host_of(origin)) }</button>
                }
            </div>
            // Even the short e-mail is too long (issue 49): said before it is sent.
            if crate::export::mailto_href(v, &props.texts).is_some_and(|m| !m.fits) {
                <p class="warning" role="note" data-testid="quote-mail-unfit">{ (t.mail_unfit)(&crate::i18n::number(t.lang(), crate::export::MAILTO_MAX as f64)) }</p>
            }
            if let Some(ok) = *posted {
                <p class="hint" role="status" data-testid="quote-posted">{ if ok { t.qr_posted } else { t.qr_not_framed } }</p>
            }
        </section>
    }
}
