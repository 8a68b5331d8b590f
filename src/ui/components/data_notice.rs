//! The data version a link was made with, when it is not today's: which version, and what changed
//! since for what the link shows (`data_version::DataNotice`). Beside the link's other notices.

use crate::data_version::DataNotice;
use crate::i18n::pick;
use crate::ui::format;
use yew::prelude::*;

/// A function, not a component (issue 53: a component type costs about 1 KB gzip).
pub fn data_notice(notice: Option<&DataNotice>, on_dismiss: &Callback<()>) -> Html {
    let lang = format::page_lang();
    let t = lang.strings();
    let Some(notice) = notice else {
        return html! {};
    };
    let current = crate::catalogue::data_version();
    let body = match notice {
        DataNotice::Unversioned => html! { <p>{ t.data_unversioned }</p> },
        DataNotice::Unknown(version) => html! { <p>{ (t.data_unknown)(version, current) }</p> },
        DataNotice::Older { version, date, changes } => html! {
            <>
                <p>{ (t.data_older)(version, date, current) }</p>
                if changes.is_empty() {
                    <p>{ t.data_nothing_since }</p>
                } else {
                    <ul>
                        { for changes.iter().map(|c| html! {
                            <li data-kind={c.kind.id()}>{ pick(lang, &c.text, Some(&c.text_de)) }</li>
                        }) }
                    </ul>
                }
            </>
        },
    };
    let onclick = on_dismiss.reform(|_: MouseEvent| ());
    let version = match notice {
        DataNotice::Unversioned => String::new(),
        DataNotice::Unknown(v) | DataNotice::Older { version: v, .. } => v.clone(),
    };
    html! {
        <section class="notices data-notice" role="status" data-testid="data-notice" data-version={version}>
            <h2>{ t.data_notice_title }</h2>
            <div class="data-notice-body">{ body }</div>
            <button type="button" class="quiet" data-testid="dismiss-data-notice" {onclick}>{ t.dismiss }</button>
        </section>
    }
}
