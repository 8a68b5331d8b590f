//! The page's state and its one reducer. The pure step (an edit to the form and what the app
//! changes with it) is `Form::apply` in the core; this adds only what the page shows around it:
//! which errors a person has been shown, the link's notices, and the last adjustments.

use super::Cat;
use crate::compare::{self, ListEdit, Saved};
use crate::form::{Adjustment, Edit, Field, Form};
use crate::i18n::Lang;
use crate::link::{self, Mode, Notice};
use crate::model;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Debug, Clone, PartialEq)]
pub struct State {
    pub catalogue: Cat,
    pub form: Form,
    /// What the link asked for that could not be used.
    pub notices: Vec<Notice>,
    /// What changed since the data version the link was made with, for what it shows.
    pub data_notice: Option<crate::data_version::DataNotice>,
    /// Fields whose bad value came with the link and has not been edited since: their messages
    /// also stand at the top of the page.
    pub link_fields: Vec<Field>,
    /// Fields whose message is shown: typed into and then paused or left, or bad in the link.
    /// Choices (card, result, scenario, benchmark) always show theirs.
    pub revealed: Vec<Field>,
    /// What the app changed by itself with the last edit.
    pub adjustments: Vec<Adjustment>,
    pub embed: bool,
    /// `host=`: the embedding page's origin, which may receive the quote.
    pub host: Option<String>,
    /// Configurations kept side by side (from the link, else from the browser's storage).
    pub compared: Vec<Saved>,
    /// The compared configuration the others are measured against.
    pub baseline: usize,
    /// What the comparison could not do or read, in words.
    pub compare_messages: Vec<String>,
    /// What the last JSON file read back restored, in words (issue 37).
    pub import_status: Option<String>,
    /// The calculator, or "Measure your own".
    pub mode: Mode,
}

impl State {
    /// The state a link opens with: bad values in it are shown at once, beside their field and at
    /// the top. A link without `lang` opens in `browser`'s language where the page speaks it
    /// (German; English is the default and needs no `lang`).
    pub fn from_link(catalogue: Cat, query: &str, stored: Option<String>, browser: Option<Lang>) -> State {
        let mut decoded = link::decode(catalogue.0, query);
        if decoded.form.lang.is_none() && browser.is_some_and(|l| l != Lang::En) {
            decoded.form.lang = browser;
        }
        // A build of one language opens in it: the page chose this build by the same rule
        // (static/index.html's boot script), so this only holds where the two could differ.
        // (As a switch does: the typed numbers rewritten in its way of writing them.)
        if let Some(only) = Lang::ONLY.filter(|only| *only != decoded.form.reading()) {
            decoded.form = decoded.form.apply(catalogue.0, crate::form::Edit::Lang(only)).form;
        }
        let errors = model::evaluate(catalogue.0, &decoded.form).errors().iter().map(|e| e.field).collect::<Vec<_>>();
        // A comparison in the link wins over the one this browser kept.
        let (compared, problems) = if decoded.compared.is_empty() {
            stored.map_or_else(Default::default, |s| compare::from_storage(catalogue.0, &s))
        } else {
            compare::decode(catalogue.0, &decoded.compared)
        };
        let data_notice = decoded.data_notice(&compared.iter().map(|s: &Saved| &s.form).collect::<Vec<_>>());
        // The link's baseline (issue 37), where it names a configuration the page could read.
        let baseline = decoded.baseline.filter(|b| !decoded.compared.is_empty() && *b < compared.len()).unwrap_or(0);
        State {
            data_notice,
            compared,
            baseline,
            import_status: None,
            compare_messages: problems.iter().map(decoded.form.reading().strings().compare_error).collect(),
            catalogue,
            form: decoded.form,
            notices: decoded.notices,
            link_fields: errors.clone(),
            revealed: errors,
            adjustments: Vec::new(),
            embed: decoded.embed,
            host: decoded.host.clone(),
            mode: Mode::from_query(query),
        }
    }

    /// Whether a field's message is shown now.
    pub fn shows_error(&self, field: Field) -> bool {
        !field.waits_for_pause() || self.revealed.contains(&field)
    }
}

/// What happened on the page.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    Edit(Edit),
    /// Show a field's message (typing paused, or the field was left).
    Reveal(Field),
    DismissNotices,
    DismissAdjustments,
    Compare(ListEdit),
    Baseline(usize),
    /// A comparison read from a file replaces the list and, where the file carries it, the page's
    /// own configuration (customer, reference and plan with it); its messages replace the last.
    Import(Box<compare::Imported>),
    /// A file that could not be read: its message replaces the last.
    ImportRefused(String),
    CompareMessage(String),
    DismissCompareMessages,
    /// Show the calculator or "Measure your own".
    Mode(Mode),
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::Edit(edit) => {
                if !next.edit(edit) {
                    return self;
                }
            }
            Action::Reveal(field) => {
                if self.revealed.contains(&field) {
                    return self;
                }
                next.revealed.push(field);
            }
            Action::DismissNotices => {
                next.notices.clear();
                next.link_fields.clear();
                next.data_notice = None;
            }
            Action::DismissAdjustments => next.adjustments.clear(),
            Action::Compare(edit) => next.compare(edit),
            Action::Baseline(i) => {
                if i >= self.compared.len() || i == self.baseline {
                    return self;
                }
                next.baseline = i;
            }
            Action::Import(imported) => next.import(*imported),
            Action::ImportRefused(message) => {
                next.compare_messages = vec![message];
                next.import_status = None;
            }
            Action::CompareMessage(message) => {
                if self.compare_messages.contains(&message) {
                    return self;
                }
                next.compare_messages.push(message);
            }
            Action::DismissCompareMessages => next.compare_messages.clear(),
            Action::Mode(mode) => {
                if self.mode == mode {
                    return self;
                }
                next.mode = mode;
            }
        }
        Rc::new(next)
    }
}

impl State {
    /// Applies an edit to the form; false where the form stays as it was (the state is then kept).
    fn edit(&mut self, edit: Edit) -> bool {
        if let Edit::Text(field, _) = &edit {
            // A message waits until typing pauses or the field is left.
            self.revealed.retain(|f| f != field);
            self.link_fields.retain(|f| f != field);
        }
        let applied = self.form.apply(self.catalogue.0, edit);
        if applied.form == self.form {
            return false;
        }
        self.form = applied.form;
        self.adjustments = applied.adjustments;
        true
    }

    /// Edits the compared list; what it could not do becomes its message.
    fn compare(&mut self, edit: ListEdit) {
        self.compare_messages.clear();
        self.import_status = None;
        match compare::apply(&self.compared, edit) {
            Ok(list) => self.compared = list,
            Err(e) => self.compare_messages.push((self.form.reading().strings().compare_error)(&e)),
        }
        if self.baseline >= self.compared.len() {
            self.baseline = 0;
        }
    }

    /// A comparison read from a file replaces the list and, where the file carries it, the page's
    /// own configuration; its messages replace the last.
    fn import(&mut self, imported: compare::Imported) {
        let compare::Imported { list, problems, current, data_version, baseline, customer, reference, .. } = imported;
        let t = self.form.reading().strings();
        self.import_status = Some((t.imported)(
            list.len(),
            &customer,
            &reference,
            data_version.as_deref(),
            &self.catalogue.0.meta.data_version,
        ));
        self.compared = list;
        self.baseline = if baseline < self.compared.len() { baseline } else { 0 };
        self.compare_messages = problems.iter().map(t.compare_error).collect();
        if let Some(mut form) = current {
            // The page keeps its language; the file's configuration takes every other field.
            form.lang = self.form.lang;
            self.form = form;
            self.adjustments.clear();
        }
        // A file of an older data version opens with today's figures and says what changed
        // since for what it shows, as a link does (issue 29).
        let shown: Vec<_> = std::iter::once(&self.form)
            .chain(self.compared.iter().map(|s| &s.form))
            .map(crate::data_version::Shown::of)
            .collect();
        self.data_notice = crate::data_version::notice(data_version.as_deref(), &shown);
    }
}
