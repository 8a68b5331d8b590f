//! The quote sheet: customer and reference typed on the page, and the header that only print
//! shows (the link as text, the date, the catalogue version, the configuration in words).

use crate::float::fixed;
use crate::form::{Edit, Field, Form, ThroughputChoice};
use crate::i18n::{intl, number, Lang};
use crate::ui::words::use_lang;
use crate::ui::{browser, Cat};
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The form's numbers as checked (`None` where a field is not valid).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ValidNumbers {
    pub gpus: Option<f64>,
    pub servers: Option<f64>,
    pub watts: Option<f64>,
    pub tps: Option<f64>,
}

#[derive(Properties, PartialEq)]
pub struct QuoteProps {
    pub catalogue: Cat,
    pub form: crate::ui::Same<Form>,
    pub valid: ValidNumbers,
    /// The full link of the configuration (with the compared ones).
    pub url: AttrValue,
    /// The vendor who hosts the page, named on the sheet with its contact.
    #[prop_or_default]
    pub vendor: Option<crate::ui::Same<crate::vendor::Vendor>>,
    /// Whether configurations are compared: the sheet then shows them side by side instead of the
    /// one on the page.
    #[prop_or_default]
    pub comparing: bool,
}

fn text_field(lang: Lang, field: Field, value: &str, on_edit: &Callback<Edit>) -> Html {
    let oninput =
        on_edit.reform(move |e: InputEvent| Edit::Text(field, e.target_unchecked_into::<HtmlInputElement>().value()));
    html! {
        <div class="field">
            <label for={field.id()}>{ (lang.strings().field)(field) }</label>
            <input id={field.id()} data-testid={field.id()} type="text" autocomplete="off"
                maxlength={crate::form::QUOTE_TEXT_MAX.to_string()} value={value.to_owned()} {oninput} />
        </div>
    }
}

/// The configuration in one line, every value with its unit; "—" where a field is not valid.
fn configuration_words(lang: Lang, catalogue: Cat, form: &Form, valid: &ValidNumbers) -> String {
    let t = lang.strings();
    let card = catalogue.0.card(&form.card).map_or_else(|| form.card.clone(), |c| crate::i18n::card_name(c, lang));
    let or_dash = |v: Option<f64>| v.map_or_else(|| "—".to_owned(), |v| number(lang, v));
    let throughput = match &form.throughput {
        ThroughputChoice::Published(id) => format!(
            "MLPerf {}, {} ({}), {}",
            crate::i18n::result_id(lang, catalogue.0, id),
            form.benchmark.name(),
            form.benchmark.accuracy().map(t.accuracy).unwrap_or_default().trim_start_matches(", "),
            (t.scenario)(form.scenario)
        ),
        ThroughputChoice::Own => (t.own_throughput_words)(&or_dash(valid.tps)),
    };
    (t.configuration)(&or_dash(valid.servers), &or_dash(valid.gpus), &card, &or_dash(valid.watts), &throughput)
}

/// The customer's own model's name as typed, or the page's words for none.
fn own_name(lang: Lang, form: &Form) -> String {
    let name = form.own_model.trim();
    if name.is_empty() {
        (lang.strings().own_model_words)("", None, None)
    } else {
        name.to_owned()
    }
}

/// The customer's own model's size and kind in words, where they are valid.
fn own_words(lang: Lang, catalogue: &crate::catalogue::Catalogue, form: &Form) -> String {
    let checked = form.check(catalogue);
    let size = checked.own_size.as_ref().ok().copied().flatten();
    let arch = checked.own_arch.as_ref().ok().copied().flatten();
    (lang.strings().own_size_words)(size, arch)
}

/// Customer and reference, typed on the page. A function, not a component (issue 53: a component
/// type costs about 1 KB gzip).
pub fn quote_fields(customer: &AttrValue, reference: &AttrValue, on_edit: &Callback<Edit>) -> Html {
    let lang = crate::ui::format::page_lang();
    let t = lang.strings();
    html! {
        <section class="quote" aria-labelledby="quote-title">
            // Folded until wanted; open once a customer or reference is set.
            <details class="fold" open={!customer.is_empty() || !reference.is_empty()} data-testid="quote-fold">
            <summary><h2 id="quote-title">{ t.quote_title }</h2></summary>
            <p class="hint">{ t.quote_hint }</p>
            <div class="pair">
                { text_field(lang, Field::Customer, customer, on_edit) }
                { text_field(lang, Field::Reference, reference, on_edit) }
            </div>
            </details>
        </section>
    }
}

/// The sheet's header: only print shows it. Who it is from (the vendor and its contact, else the
/// page's own name), the non-binding line with the date and the data version, customer and
/// reference, the configuration in words (without a comparison, which shows its own), and the QR
/// code of the link beside a short line.
#[function_component(PrintHeader)]
pub fn print_header(props: &QuoteProps) -> Html {
    let catalogue = props.catalogue.0;
    let form = &props.form;
    let lang = use_lang();
    let t = lang.strings();
    // The date is the reader's (empty in the prerendered page, which the browser fills in).
    let date = browser::today().map(|(y, m, d)| intl::long_date(y, m, d, lang)).unwrap_or_default();
    let from = match &props.vendor {
        Some(v) => (t.sheet_from)(&v.name, v.mailto.as_deref().or(v.url.as_deref())),
        None => (t.sheet_from)("token-energy", None),
    };
    let qr = use_settled_qr(&props.url);
    html! {
        <div class="print-only print-header" data-testid="print-header">
            <div class="sheet-head">
                <div class="sheet-words">
                    <p><strong>{ t.sheet_title }</strong>{ if date.is_empty() { String::new() } else { format!(" · {date}") } }
                        { (t.catalogue_line)(&catalogue.meta.data_version, &catalogue.meta.last_updated) }</p>
                    <p data-testid="print-from">{ from }</p>
                    <p data-testid="print-terms">{ (t.sheet_terms)(&date, &catalogue.meta.data_version) }</p>
                    if !form.customer.trim().is_empty() {
                        <p data-testid="print-customer">{ t.customer }{ form.customer.trim().to_owned() }</p>
                    }
                    if !form.reference.trim().is_empty() {
                        <p data-testid="print-reference">{ t.reference }{ form.reference.trim().to_owned() }</p>
                    }
                    if form.has_own_model() {
                        // The name is the customer's own words: quoted, not translated.
                        <p data-testid="print-own-model">{ t.own_sheet }<span translate="no">{ own_name(lang, form) }</span>{ own_words(lang, catalogue, form) }</p>
                        <p data-testid="print-own-proxy">{ (t.own_proxy)(form.check(catalogue).proxy(), form.figures_benchmark()) }</p>
                    }
                    if !props.comparing {
                        <p data-testid="print-configuration">{ configuration_words(lang, props.catalogue, form, &props.valid) }</p>
                    }
                </div>
                if let Some(qr) = qr.as_ref() {
                    // MODULE_MM a module (at least 15 mm): a phone's camera, and a 100 dpi scan, read it.
                    // The link in fewer characters (`link::compact`): a smaller code, larger modules.
                    <figure class="sheet-qr" data-testid="print-qr">
                        <svg viewBox={format!("0 0 {0} {0}", qr.side)} width={format!("{}mm", fixed(qr_mm(qr.side), 3))}
                            height={format!("{}mm", fixed(qr_mm(qr.side), 3))} role="img" aria-label={t.sheet_qr_label} shape-rendering="crispEdges">
                            <rect width={qr.side.to_string()} height={qr.side.to_string()} fill="#fff" />
                            <path d={qr.path.clone()} fill="#000" />
                        </svg>
                        <figcaption>{ t.sheet_qr_caption }</figcaption>
                    </figure>
                }
            </div>
        </div>
    }
}

/// A printed module's side in millimetres (issue 37): 1/50 inch, at least 0.5 mm, and a whole
/// number of pixels at 100, 150, 200, 300, 400 and 600 dpi. A module that falls between pixels made
/// jsQR's reading of the PDF's rendering a matter of luck (a 125-module code read at 100 and 400 dpi
/// but not at 200 with 0.55 mm, at 200 but not at 400 with 0.7 mm); with whole pixels it reads at
/// every one of them (measured with the PDF the e2e test prints).
const MODULE_MM: f64 = 25.4 / 50.0;

/// The printed code's side in millimetres: [`MODULE_MM`] a module, or a whole multiple of it where
/// the code would be smaller than 15 mm.
fn qr_mm(side: i32) -> f64 {
    let one = f64::from(side) * MODULE_MM;
    one * (15.0 / one).ceil().max(1.0)
}

/// How long the link must stay the same before the QR code follows it: as long as the address bar
/// waits (`app::URL_SYNC_DELAY_MS`).
const QR_DELAY_MS: u32 = 150;

/// The QR code of the link. Encoding one is about a fifth of an edit's work (`.ci/bench`, input
/// latency), and the link changes with every keystroke: so the code follows the link once it has
/// settled, as the address bar does, and at once when the browser is about to print (`beforeprint`),
/// so a sheet never carries an older link. The first code is drawn a task after the sheet's head
/// (issue 53: 5–7 ms of the hand-off's task, for a code only the printed sheet shows).
#[hook]
fn use_settled_qr(url: &AttrValue) -> std::rc::Rc<Option<crate::qr::Svg>> {
    let latest = use_mut_ref(|| url.clone());
    latest.borrow_mut().clone_from(url);
    let shown = use_state_eq(|| None::<AttrValue>);
    {
        let shown = shown.clone();
        let pending = use_mut_ref(|| None::<browser::Later>);
        use_effect_with(url.clone(), move |url| {
            let url = url.clone();
            let delay = if shown.is_none() { 0 } else { QR_DELAY_MS };
            *pending.borrow_mut() =
                (Some(&url) != shown.as_ref()).then(|| browser::later(delay, move || shown.set(Some(url))));
        });
    }
    {
        let shown = shown.clone();
        use_effect_with((), move |()| {
            let listener = browser::on_before_print(move || {
                let url = latest.borrow().clone();
                // The browser lays the sheet out right after this event and its microtasks; Yew's
                // scheduler, when it has yielded mid-run (every ~16 ms), draws the new code only a
                // task later. So the code's attributes are written here too; the render that follows
                // sets them to the same values.
                if let Some(qr) = crate::qr::svg(&crate::link::compact(&url)) {
                    let (side, mm) = (qr.side.to_string(), format!("{}mm", fixed(qr_mm(qr.side), 3)));
                    let view_box = format!("0 0 {side} {side}");
                    browser::set_attributes(
                        "[data-testid=\"print-qr\"] svg",
                        &[("viewBox", &view_box), ("width", &mm), ("height", &mm)],
                    );
                    browser::set_attributes("[data-testid=\"print-qr\"] rect", &[("width", &side), ("height", &side)]);
                    browser::set_attributes("[data-testid=\"print-qr\"] path", &[("d", &qr.path)]);
                }
                shown.set(Some(url));
            });
            move || drop(listener)
        });
    }
    use_memo((*shown).clone(), |url| url.as_ref().and_then(|url| crate::qr::svg(&crate::link::compact(url))))
}

/// The sheet's foot: the full link once, small. A function, not a component (issue 53).
pub fn sheet_foot(url: &str) -> Html {
    let t = crate::ui::format::page_lang().strings();
    html! {
        <p class="print-only print-link" data-testid="print-link">{ t.sheet_link_label }{ url.to_owned() }</p>
    }
}
