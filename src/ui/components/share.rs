//! The link that reproduces the configuration (never the embedded layout), and the print button.

use crate::ui::browser;
use crate::ui::words::use_strings;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ShareProps {
    /// The configuration's query, without `embed`.
    pub query: AttrValue,
    /// Labels of the fields whose value the page cannot use: the link carries them as they are.
    pub invalid: Vec<&'static str>,
    /// Offer the print button (not in the embedded widget).
    #[prop_or(true)]
    pub printable: bool,
    /// The configuration(s) in words with their figures, customer, reference, the non-binding line
    /// and the link (`full`): the body of "Email this configuration" and what "Copy a summary"
    /// copies; the shorter forms for a `mailto:` within `export::MAILTO_MAX`.
    pub texts: std::rc::Rc<crate::export::QuoteTexts>,
}

/// A text to copy: the clipboard's answer (`None`: not tried since `text` last changed) and the
/// button's callback.
#[hook]
fn use_copy(text: AttrValue) -> (Option<bool>, Callback<MouseEvent>) {
    let copied = use_state(|| None::<bool>);
    let onclick = {
        let text = text.to_string();
        let copied = copied.clone();
        Callback::from(move |_: MouseEvent| {
            let text = text.clone();
            let copied = copied.clone();
            yew::platform::spawn_local(async move { copied.set(Some(browser::copy_to_clipboard(&text).await)) });
        })
    };
    {
        let copied = copied.clone();
        use_effect_with(text, move |_| copied.set(None));
    }
    (*copied, onclick)
}

#[function_component(Share)]
pub fn share(props: &ShareProps) -> Html {
    let t = use_strings();
    let lang = crate::ui::words::use_lang();
    let url = format!("{}?{}", browser::page_address(), props.query);
    // The link changes with the query; a new one is not yet copied.
    let (copied, onclick) = use_copy(AttrValue::from(url.clone()));
    let summary = AttrValue::from(props.texts.full.clone());
    let (summary_copied, copy_summary) = use_copy(summary.clone());
    let print = Callback::from(|_: MouseEvent| browser::print());
    let broken = (!props.invalid.is_empty()).then(|| props.invalid.join(", "));
    html! {
        <section class="share" aria-labelledby="share-title">
            <h2 id="share-title">{ t.share_title }</h2>
            <div class="share-row">
                <label for="share-url" class="visually-hidden">{ t.share_url_label }</label>
                <input id="share-url" data-testid="share-url" type="text" readonly=true value={url} />
                <button type="button" data-testid="copy-link" {onclick}>{ t.copy_link }</button>
                if props.printable {
                    <button type="button" data-testid="print" class="quiet" onclick={print}>{ t.print }</button>
                }
            </div>
            // Sending it on, on the full page (the widget links to it instead).
            if props.printable { { handoff(lang, &props.texts, summary, summary_copied, copy_summary) } }
            if let Some(fields) = &broken {
                <p class="warning" data-testid="share-warning">
                    { (t.share_warning)(fields) }
                </p>
            }
            <p class="hint" aria-live="polite" data-testid="copy-status">{ match (copied, &broken) {
                (Some(true), None) => t.copied.to_owned(),
                (Some(true), Some(fields)) => (t.copied_with)(fields),
                (Some(false), _) => t.copy_refused.to_owned(),
                (None, _) => t.opening_restores.to_owned(),
            } }</p>
        </section>
    }
}

/// "Email this configuration" and "Copy a summary", with the clipboard's answer.
fn handoff(
    lang: crate::i18n::Lang,
    texts: &crate::export::QuoteTexts,
    summary: AttrValue,
    copied: Option<bool>,
    copy_summary: Callback<MouseEvent>,
) -> Html {
    let t = lang.strings();
    let mail = crate::export::mail_href(texts);
    html! {
        <>
        <div class="share-row handoff">
            <a class="button quiet" data-testid="email-config" href={mail.href} data-shortened={mail.shortened.to_string()}>{ t.email_config }</a>
            <button type="button" class="quiet" data-testid="copy-summary" onclick={copy_summary}>{ t.copy_summary }</button>
            if let Some(ok) = copied {
                <span class="hint" role="status" data-testid="summary-status">{ if ok { t.summary_copied } else { t.copy_refused } }</span>
            }
        </div>
        // A long comparison's e-mail goes without its link (issue 37): said here, and the whole
        // summary offered to copy by hand too, where the clipboard is refused.
        if mail.shortened {
            <p class="hint" data-testid="mail-shortened">{ (t.mail_too_long)(&crate::i18n::number(lang, crate::export::MAILTO_MAX as f64)) }</p>
            // Even the short e-mail is too long (issue 49): said here, before it is sent.
            if !mail.fits {
                <p class="warning" role="note" data-testid="mail-unfit">{ (t.mail_unfit)(&crate::i18n::number(lang, crate::export::MAILTO_MAX as f64)) }</p>
            }
            // The summary itself folds away: "Copy a summary" above copies it without opening it.
            <details class="summary-fold" data-testid="summary-fold">
                <summary>{ t.summary_label }</summary>
                <textarea id="summary-text" class="summary-text" data-testid="summary-text" readonly=true rows="8"
                    aria-label={t.summary_label} value={summary} />
            </details>
        }
        </>
    }
}
