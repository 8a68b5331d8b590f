//! What the user typed and chose, and its check against the catalogue.
//!
//! The form keeps the user's text; [`Form::check`] turns each field into a typed value or an
//! [`InputError`] that names the field and its allowed range. Nothing here panics on any text.

use crate::catalogue::{Benchmark, Card, Catalogue, PublishedResult, Scenario};
pub use crate::input::{
    clip, clip_or, number, parse_decimal, parse_decimal_in, plain_number, watts_range, Field, InputError, Problem,
    Range, GPUS_RANGE, SERVERS_RANGE, TPS_MAX, TPS_RANGE,
};
use crate::input::{
    idle_range, parse_count, parse_in, ANSWER_RANGE, BREAKER_RANGE, CO2_RANGE, DEMAND_RANGE, DERATE_RANGE, FEEDS_RANGE,
    HEADROOM_RANGE, HOURS_RANGE, LIFE_RANGE, LOAD_RANGE, OVERHEAD_RANGE, PF_RANGE, PLAN_FIELDS, PRICE_RANGE, PUE_RANGE,
    RACK_RANGE, SPEED_RANGE, USERS_RANGE, VOLTS_RANGE, WATER_RANGE, WUE_RANGE,
};
use crate::lang::Lang;
use crate::units::{Currency, Kilowatts, Phases, TokensPerSecond, Watts};
use std::fmt;

/// Cards per server when neither a result nor the user says.
pub const DEFAULT_GPUS: u32 = 8;
/// The card a bare link opens with.
pub const DEFAULT_CARD: &str = "h200-nvl";

/// Where the throughput comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ThroughputChoice {
    /// A published result (an MLPerf entry id); the row is picked by benchmark and scenario.
    Published(String),
    /// The user's own figure, in the `tps` field.
    Own,
}

/// The form: the user's choices and text, exactly as entered.
#[derive(Debug, Clone, PartialEq)]
pub struct Form {
    pub card: String,
    pub throughput: ThroughputChoice,
    pub scenario: Scenario,
    pub benchmark: Benchmark,
    pub tps: String,
    pub gpus: String,
    pub servers: String,
    pub watts: String,
    /// Words for the printed quote sheet; the model does not read them.
    pub customer: String,
    pub reference: String,
    /// The customer's own model as typed (issue 28.7): its name, its size in billions of
    /// parameters and its kind (`dense`, `moe`); words for the quote and the proxy's choice.
    pub own_model: String,
    pub own_size: String,
    pub own_arch: String,
    /// The plan's fields, as typed (empty: not set).
    pub plan: PlanForm,
    /// The language chosen by the link (`lang=`), the switch or the browser: the page's words and
    /// how typed numbers are read. `None`: English, and the link carries no `lang`.
    pub lang: Option<Lang>,
    // issue 52
    /// The vendor's system chosen (`system=`, its id in the vendor file; empty: none): its card and
    /// GPU count are the form's, its stated figures the plan's.
    pub system: String,
}

// issue 52
/// The vendor's system `id` and its card, where the catalogue holds it (`vendor::catalogue_with` adds them).
pub fn vendor_system<'c>(catalogue: &'c Catalogue, id: &str) -> Option<(&'c Card, &'c crate::catalogue::System)> {
    if id.is_empty() {
        return None;
    }
    catalogue.cards.iter().find_map(|c| c.systems.iter().find(|s| s.vendor && s.id == id).map(|s| (c, s)))
}

/// Longest customer name or quote reference kept (characters).
pub const QUOTE_TEXT_MAX: usize = 80;

/// Longest name of the customer's own model kept (characters): room for a link to its model card.
pub const OWN_MODEL_MAX: usize = 200;

/// The throughput select's value for "my own throughput".
pub const OWN_THROUGHPUT: &str = "own";

/// No published minimum: the power slider starts here (the text field still accepts anything above 0).
pub const SLIDER_FLOOR_WATTS: f64 = 5.0;
/// The power slider's step.
pub const SLIDER_STEP_WATTS: f64 = 5.0;

/// The power-limit slider of a card: its bounds and the position for the typed limit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Slider {
    pub min: f64,
    pub max: f64,
    pub step: f64,
    pub value: f64,
}

/// The slider for `card`, placed at the typed limit (clamped), or at the maximum when the text is
/// not a number.
pub fn slider(card: &Card, watts_text: &str) -> Slider {
    slider_in(Lang::En, card, watts_text)
}

/// [`slider`], the typed limit read as `lang` writes numbers.
pub fn slider_in(lang: Lang, card: &Card, watts_text: &str) -> Slider {
    let range = watts_range(card);
    let min = range.min.unwrap_or(SLIDER_FLOOR_WATTS).min(range.max);
    // `max(min).min(max)` rather than `clamp`: the same for a read number (finite) and min ≤ max, and
    // without clamp's assertion, whose message alone brings f64's Debug formatting into the wasm.
    let value = parse_decimal_in(lang, Field::Watts, watts_text).map_or(range.max, |w| w.max(min).min(range.max));
    Slider { min, max: range.max, step: SLIDER_STEP_WATTS, value }
}

/// One thing a person did to the form.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    Card(String),
    /// A published result's id, or [`OWN_THROUGHPUT`].
    Throughput(String),
    Scenario(String),
    Benchmark(String),
    /// A published row chosen in the table: entry, benchmark and scenario at once.
    Row {
        result: String,
        benchmark: Benchmark,
        scenario: Scenario,
    },
    /// Text typed into a field (number fields, customer, reference).
    Text(Field, String),
    /// The page's language: typed numbers are rewritten where the new language would read them
    /// otherwise ("1,5" in German becomes "1.5" in English), so a switch never changes a value.
    Lang(Lang),
    // issue 52
    /// A vendor's system by its id (empty: none): its card and GPU count with it.
    System(String),
}

/// A field the app changed by itself as the consequence of an edit; the page says so.
#[derive(Debug, Clone, PartialEq)]
pub enum Adjustment {
    /// The chosen result publishes no row for the scenario that was set.
    Scenario { result: String, from: Scenario, to: Scenario },
    /// The chosen result publishes no row for the benchmark that was set.
    Benchmark { result: String, from: Benchmark, to: Benchmark },
    /// The chosen result ran another card count.
    Cards { result: String, from: String, to: u32 },
    /// The power limit follows the chosen result's setting.
    Watts { result: String, from: String, to: f64, stated: bool },
    // issue 48
    /// A typed server overhead is kept across a change of card or system: `from` names the card (and
    /// the result's system) it was typed for.
    OverheadKept { overhead: String, from: String },
}

impl fmt::Display for Adjustment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Adjustment::Scenario { result, from, to } => {
                write!(f, "{result} publishes no {} result: Scenario changed to {}.", from.label(), to.label())
            }
            Adjustment::Benchmark { result, from, to } => {
                write!(f, "{result} publishes no {} result: Benchmark changed to {}.", from.name(), to.name())
            }
            Adjustment::Cards { result, from, to } => {
                write!(f, "{result} ran {to} cards per server: Cards per server changed from {} to {to}.", clip(from))
            }
            Adjustment::Watts { result, to, stated, .. } => {
                let why = if *stated { "the setting its submitter states" } else { "the card's rated maximum" };
                write!(f, "Power limit set to {} W, {why} for {result}.", number(*to))
            }
            Adjustment::OverheadKept { overhead, from } => write!(
                f,
                "The system overhead of {} W was typed for {from}; it is kept for this configuration: check that it \
                 is this system's own draw.",
                clip(overhead)
            ),
        }
    }
}

/// The benchmarks the card's list offers (issue 48): those with a published result for the card, and
/// the one set; every benchmark for a card without results.
pub fn card_benchmarks(catalogue: &Catalogue, card: &str, set: Benchmark) -> Vec<Benchmark> {
    let entries = catalogue.entries_for_card(card);
    let has = |b: Benchmark| entries.iter().any(|r| catalogue.entry(&r.id).any(|row| row.benchmark == b));
    if !Benchmark::ALL.iter().any(|b| has(*b)) {
        return Benchmark::ALL.to_vec();
    }
    Benchmark::ALL.iter().copied().filter(|b| *b == set || has(*b)).collect()
}

/// A form after an edit, with what the app changed by itself.
#[derive(Debug, Clone, PartialEq)]
pub struct Applied {
    pub form: Form,
    pub adjustments: Vec<Adjustment>,
}

/// A checked throughput source.
#[derive(Debug, Clone, PartialEq)]
pub enum Throughput<'c> {
    Published(&'c PublishedResult),
    Own(TokensPerSecond),
}

/// Each field checked on its own, so one bad field spoils only the figures that depend on it.
#[derive(Debug, Clone, PartialEq)]
pub struct Checked<'c> {
    pub card: Result<&'c Card, InputError>,
    pub throughput: Result<Throughput<'c>, InputError>,
    pub gpus: Result<u32, InputError>,
    pub servers: Result<u32, InputError>,
    /// `None` when the card is unknown (there is no range to check against).
    pub watts: Option<Result<Watts, InputError>>,
    /// The plan's fields, each checked on its own.
    pub plan: PlanChecked,
    /// The customer's own model's size and kind (`Ok(None)` where not given).
    pub own_size: Result<Option<f64>, InputError>,
    pub own_arch: Result<Option<crate::proxy::Arch>, InputError>,
    // issue 52
    /// The vendor's system chosen, where the catalogue (with the vendor's systems added) holds it for
    /// this card and GPU count.
    pub system: Option<&'c crate::catalogue::System>,
}

impl Checked<'_> {
    pub fn errors(&self) -> Vec<&InputError> {
        let mut errors = Vec::new();
        errors.extend(self.card.as_ref().err());
        errors.extend(self.throughput.as_ref().err());
        errors.extend(self.gpus.as_ref().err());
        errors.extend(self.servers.as_ref().err());
        if let Some(Err(e)) = &self.watts {
            errors.push(e);
        }
        errors.extend(self.plan.errors());
        errors.extend(self.own_size.as_ref().err());
        errors.extend(self.own_arch.as_ref().err());
        errors
    }

    /// The proxy benchmark for the customer's own model (see [`crate::proxy`]).
    pub fn proxy(&self) -> crate::proxy::Proxy {
        crate::proxy::Proxy::choose(
            self.own_size.as_ref().ok().copied().flatten(),
            self.own_arch.as_ref().ok().copied().flatten(),
        )
    }
}

/// Where a card's published behaviour ends below (issue 28.1): one rule for the form's figures and
/// the power-limit chart.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LowestPublished {
    /// The card's published minimum limit: the form refuses less, and the chart starts here.
    Minimum(f64),
    /// No minimum is published: the lowest setting anything of the card is published at (its
    /// rated maximum, another published limit or mode, a result's stated setting). Below it the
    /// form still computes its range (both ends are arithmetic) and says that nothing is published
    /// there; the chart marks the region unknown.
    Setting(f64),
}

impl LowestPublished {
    pub fn watts(self) -> f64 {
        match self {
            LowestPublished::Minimum(w) | LowestPublished::Setting(w) => w,
        }
    }
}

/// The lowest published power setting of `card` (see [`LowestPublished`]).
pub fn lowest_published(catalogue: &Catalogue, card: &Card) -> LowestPublished {
    if let Some(m) = &card.min_power {
        return LowestPublished::Minimum(m.watts);
    }
    let mut lowest = card.max_power.watts;
    for w in card.other_limits.iter().map(|l| l.watts) {
        lowest = lowest.min(w);
    }
    for m in card.power_modes.iter() {
        lowest = lowest.min(m.min_watts.unwrap_or(m.max_watts));
    }
    for r in catalogue.results.iter().filter(|r| r.card == card.id) {
        if let Some(s) = &r.stated_power {
            lowest = lowest.min(s.watts);
        }
    }
    LowestPublished::Setting(lowest)
}

/// The sources of the guidance on reading and setting a card's own limits (`nvidia-smi -q -d
/// POWER`, `nvidia-smi -pl`, DCGM's enforced limit), beside the power-limit field and in Measure:
/// NVIDIA's nvidia-smi documentation, DCGM's field list, and the cable modes' brief.
pub const LIMIT_GUIDE_SOURCES: [&str; 3] = ["nvidia-smi-docs", "nvidia-dcgm-field-ids", "nvidia-sp-12355-001"];

/// What a typed power limit needs said beside the field.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LimitNote {
    /// Below the lowest published setting of a card without a published minimum: no behaviour is
    /// published there, and the card may refuse the limit (`nvidia-smi -q -d POWER` tells).
    Unpublished { lowest_watts: f64 },
    /// Above the maximum of one of the card's power modes (`mode`: its index in `power_modes`): a
    /// card in that mode reports that maximum and refuses the limit.
    AboveMode { mode: usize, max_watts: f64 },
}

/// The notes for `watts` per card on `card`; none for a limit inside everything published.
pub fn limit_notes(catalogue: &Catalogue, card: &Card, watts: f64) -> Vec<LimitNote> {
    let mut notes = Vec::new();
    if let LowestPublished::Setting(lowest) = lowest_published(catalogue, card) {
        if watts < lowest {
            notes.push(LimitNote::Unpublished { lowest_watts: lowest });
        }
    }
    for (mode, m) in card.power_modes.iter().enumerate() {
        if watts > m.max_watts && watts <= card.max_power.watts {
            notes.push(LimitNote::AboveMode { mode, max_watts: m.max_watts });
        }
    }
    notes
}

impl Form {
    /// Checks every field against the catalogue.
    pub fn check<'c>(&self, catalogue: &'c Catalogue) -> Checked<'c> {
        let lang = self.reading();
        let card = catalogue
            .card(&self.card)
            .ok_or_else(|| InputError::new(Field::Card, Problem::UnknownCard(self.card.clone())));
        let throughput = match &self.throughput {
            ThroughputChoice::Own => {
                parse_in(lang, Field::Tps, &self.tps, TPS_RANGE).map(|tps| Throughput::Own(TokensPerSecond(tps)))
            }
            ThroughputChoice::Published(id) => self.published(catalogue, id),
        };
        let watts =
            card.as_ref().ok().map(|card| parse_in(lang, Field::Watts, &self.watts, watts_range(card)).map(Watts));
        let plan =
            self.plan.check(card.as_ref().ok().copied(), watts.as_ref().and_then(|w| w.as_ref().ok()).copied(), lang);
        Checked {
            card,
            throughput,
            gpus: parse_count(lang, Field::Gpus, &self.gpus, GPUS_RANGE),
            servers: parse_count(lang, Field::Servers, &self.servers, SERVERS_RANGE),
            watts,
            plan,
            own_size: match self.own_size.trim() {
                "" => Ok(None),
                text => parse_in(lang, Field::OwnSize, text, crate::input::OWN_SIZE_RANGE).map(Some),
            },
            own_arch: match self.own_arch.trim() {
                "" => Ok(None),
                text => crate::proxy::Arch::from_id(text).map(Some).ok_or_else(|| {
                    InputError::new(
                        Field::OwnArch,
                        Problem::NotOneOf { given: text.to_owned(), allowed: "dense or moe" },
                    )
                }),
            },
            system: vendor_system(catalogue, &self.system)
                .filter(|(card, sys)| card.id == self.card && self.gpus.trim() == sys.gpus.to_string())
                .map(|(_, sys)| sys),
        }
    }

    fn published<'c>(&self, catalogue: &'c Catalogue, id: &str) -> Result<Throughput<'c>, InputError> {
        let err = |problem| InputError::new(Field::Result, problem);
        let Some(first) = catalogue.entry(id).next() else {
            return Err(err(Problem::UnknownResult(id.to_owned())));
        };
        if first.card != self.card {
            return Err(err(Problem::ResultForOtherCard { result: id.to_owned(), card: self.card.clone() }));
        }
        catalogue.result(id, self.benchmark, self.scenario).map(Throughput::Published).ok_or_else(|| {
            InputError::new(
                Field::Scenario,
                Problem::NoSuchRow { result: id.to_owned(), benchmark: self.benchmark, scenario: self.scenario },
            )
        })
    }

    /// The form a bare link opens with: the default card's first result, as published.
    pub fn initial(catalogue: &Catalogue) -> Form {
        let blank = Form {
            card: DEFAULT_CARD.to_owned(),
            throughput: ThroughputChoice::Own,
            scenario: Scenario::Offline,
            benchmark: Benchmark::Llama2_70b99,
            tps: String::new(),
            gpus: DEFAULT_GPUS.to_string(),
            servers: "1".to_owned(),
            watts: String::new(),
            customer: String::new(),
            reference: String::new(),
            own_model: String::new(),
            own_size: String::new(),
            own_arch: String::new(),
            plan: PlanForm::default(),
            lang: None,
            system: String::new(),
        };
        blank.with_card(catalogue, DEFAULT_CARD)
    }

    /// Applies one edit. Unknown ids and values leave the form as it was; every field the app
    /// changes by itself besides the one edited is reported as an [`Adjustment`].
    pub fn apply(&self, catalogue: &Catalogue, edit: Edit) -> Applied {
        let form = match edit {
            Edit::Card(id) if catalogue.card(&id).is_some() => self.with_card(catalogue, &id),
            Edit::Card(_) => self.clone(),
            Edit::Throughput(id) if id == OWN_THROUGHPUT => self.with_own_throughput(),
            Edit::Throughput(id) if catalogue.entry(&id).next().is_some() => self.with_result(catalogue, &id),
            Edit::Throughput(_) => self.clone(),
            Edit::Scenario(id) => match Scenario::from_id(&id) {
                Some(scenario) => Form { scenario, ..self.clone() },
                None => self.clone(),
            },
            Edit::Benchmark(id) => match Benchmark::from_id(&id) {
                Some(benchmark) => self.with_benchmark(catalogue, benchmark),
                None => self.clone(),
            },
            Edit::Row { result, benchmark, scenario } => {
                if catalogue.result(&result, benchmark, scenario).is_some() {
                    Form { benchmark, scenario, ..self.clone() }.with_result(catalogue, &result)
                } else {
                    self.clone()
                }
            }
            Edit::Text(field, text) => self.with_text(field, text),
            Edit::Lang(lang) => self.with_lang(lang),
            Edit::System(id) => self.with_system(catalogue, &id),
        };
        let form = form.keeping_system(catalogue);
        let adjustments = self.adjustments_to(catalogue, &form);
        Applied { form, adjustments }
    }

    /// Chooses a benchmark (issue 48): the chosen result's row for it where the result published one;
    /// else the card's result that did (in the scenario set, else any), so a benchmark the card has
    /// results for is never "not published".
    fn with_benchmark(&self, catalogue: &Catalogue, benchmark: Benchmark) -> Form {
        let next = Form { benchmark, ..self.clone() };
        let ThroughputChoice::Published(id) = &self.throughput else { return next };
        if catalogue.entry(id).any(|r| r.benchmark == benchmark) {
            return next.with_published_scenario(catalogue);
        }
        let entries = catalogue.entries_for_card(&self.card);
        let other = entries
            .iter()
            .find(|r| catalogue.result(&r.id, benchmark, self.scenario).is_some())
            .or_else(|| entries.iter().find(|r| catalogue.entry(&r.id).any(|row| row.benchmark == benchmark)));
        match other {
            Some(r) => next.with_result(catalogue, &r.id),
            None => next.with_published_scenario(catalogue),
        }
    }

    /// Whether a person said anything of their own model (name, size or kind).
    pub fn has_own_model(&self) -> bool {
        [&self.own_model, &self.own_size, &self.own_arch].iter().any(|t| !t.trim().is_empty())
    }

    /// The benchmark the figures are for: the published result's, `None` for one's own throughput.
    pub fn figures_benchmark(&self) -> Option<Benchmark> {
        match self.throughput {
            ThroughputChoice::Published(_) => Some(self.benchmark),
            ThroughputChoice::Own => None,
        }
    }

    /// The language the form's numbers are read in.
    pub fn reading(&self) -> Lang {
        self.lang.unwrap_or_default()
    }

    /// The form in another language, every typed number keeping its value.
    fn with_lang(&self, lang: Lang) -> Form {
        let old = self.reading();
        let mut next = Form { lang: Some(lang), ..self.clone() };
        let texts = [
            (Field::Tps, &self.tps),
            (Field::Gpus, &self.gpus),
            (Field::Servers, &self.servers),
            (Field::Watts, &self.watts),
            (Field::OwnSize, &self.own_size),
        ];
        let plan = crate::input::PLAN_NUMBERS.iter().filter_map(|&f| self.plan.get(f).map(|t| (f, t)));
        for (field, text) in texts.into_iter().map(|(f, t)| (f, t.as_str())).chain(plan) {
            let Ok(value) = parse_decimal_in(old, field, text) else { continue };
            if parse_decimal_in(lang, field, text).ok() != Some(value) {
                let written = plain_number(value);
                let written = if lang == Lang::De { written.replace('.', ",") } else { written };
                next = next.with_text(field, written);
            }
        }
        next
    }

    fn with_text(&self, field: Field, text: String) -> Form {
        let mut next = self.clone();
        match field {
            Field::Tps => next.tps = text,
            Field::Gpus => next.gpus = text,
            Field::Servers => next.servers = text,
            Field::Watts => next.watts = text,
            Field::Customer => next.customer = text.chars().take(QUOTE_TEXT_MAX).collect(),
            Field::Reference => next.reference = text.chars().take(QUOTE_TEXT_MAX).collect(),
            // One line of words: control characters (a pasted line end) become spaces.
            Field::OwnModel => {
                next.own_model =
                    text.chars().map(|c| if c.is_control() { ' ' } else { c }).take(OWN_MODEL_MAX).collect()
            }
            Field::OwnSize => next.own_size = text.chars().take(PLAN_TEXT_MAX).collect(),
            Field::OwnArch => next.own_arch = text.chars().take(PLAN_TEXT_MAX).collect(),
            _ if crate::input::PLAN_NUMBERS.contains(&field) || field == Field::Currency || field == Field::Phases => {
                next.plan = next.plan.with(field, text);
            }
            _ => {}
        }
        next
    }

    /// Keeps the scenario where the chosen result publishes it for the benchmark; otherwise the
    /// first scenario it does publish for that benchmark.
    fn with_published_scenario(self, catalogue: &Catalogue) -> Form {
        let ThroughputChoice::Published(id) = &self.throughput else { return self };
        if catalogue.result(id, self.benchmark, self.scenario).is_some() {
            return self;
        }
        match catalogue.entry(id).find(|r| r.benchmark == self.benchmark) {
            Some(row) => Form { scenario: row.scenario, ..self },
            None => self,
        }
    }

    /// What changed from `self` to `next` that the edit brought with it: the result's changes, and
    /// (issue 48) a typed overhead kept across a change of card or system.
    fn adjustments_to(&self, catalogue: &Catalogue, next: &Form) -> Vec<Adjustment> {
        let mut out = self.result_adjustments_to(catalogue, next);
        let overhead = next.plan.overhead.trim();
        if !overhead.is_empty() && (next.card != self.card || next.throughput != self.throughput) {
            let from = self.system_words(catalogue);
            if from != next.system_words(catalogue) {
                out.push(Adjustment::OverheadKept { overhead: overhead.to_owned(), from });
            }
        }
        out
    }

    /// The card and, for a published result, the system it ran on, as the data names them (issue 48).
    fn system_words(&self, catalogue: &Catalogue) -> String {
        let card = catalogue.card(&self.card).map_or_else(|| self.card.clone(), |c| c.name.to_string());
        match &self.throughput {
            ThroughputChoice::Published(id) => match catalogue.entry(id).next() {
                Some(row) => format!("{card}, {id} ({})", row.system.trim()),
                None => card,
            },
            ThroughputChoice::Own => card,
        }
    }

    fn result_adjustments_to(&self, catalogue: &Catalogue, next: &Form) -> Vec<Adjustment> {
        let ThroughputChoice::Published(result) = &next.throughput else { return Vec::new() };
        if next.throughput == self.throughput && next.card == self.card {
            // Same result: only a benchmark change can move the scenario.
            return if next.benchmark != self.benchmark && next.scenario != self.scenario {
                vec![Adjustment::Scenario { result: result.clone(), from: self.scenario, to: next.scenario }]
            } else {
                Vec::new()
            };
        }
        let mut out = Vec::new();
        if next.benchmark != self.benchmark {
            out.push(Adjustment::Benchmark { result: result.clone(), from: self.benchmark, to: next.benchmark });
        }
        if next.scenario != self.scenario {
            out.push(Adjustment::Scenario { result: result.clone(), from: self.scenario, to: next.scenario });
        }
        if next.gpus != self.gpus {
            if let Ok(to) = next.gpus.parse::<u32>() {
                out.push(Adjustment::Cards { result: result.clone(), from: self.gpus.clone(), to });
            }
        }
        if next.watts != self.watts {
            let row = catalogue.entry(result).next();
            if let (Some(row), Some(to)) = (row, crate::float::parse(&next.watts)) {
                out.push(Adjustment::Watts {
                    result: result.clone(),
                    from: self.watts.clone(),
                    to,
                    stated: row.stated_power.is_some(),
                });
            }
        }
        out
    }

    // issue 52
    /// Chooses a vendor's system: its card (with that card's first result, as [`Form::with_card`]) and
    /// its GPU count. An id the catalogue does not hold as a vendor's system changes nothing; an empty
    /// one leaves the system.
    fn with_system(&self, catalogue: &Catalogue, id: &str) -> Form {
        if id.is_empty() {
            return Form { system: String::new(), ..self.clone() };
        }
        let Some((card, sys)) = vendor_system(catalogue, id) else { return self.clone() };
        let mut next = if self.card == *card.id { self.clone() } else { self.with_card(catalogue, &card.id) };
        next.gpus = sys.gpus.to_string();
        next.system = id.to_owned();
        next
    }

    /// The form with its system dropped where the card or the GPU count no longer are the system's.
    fn keeping_system(self, catalogue: &Catalogue) -> Form {
        let fits = vendor_system(catalogue, &self.system)
            .is_some_and(|(card, sys)| card.id == self.card && self.gpus.trim() == sys.gpus.to_string());
        if fits || self.system.is_empty() {
            self
        } else {
            Form { system: String::new(), ..self }
        }
    }

    /// Chooses a card: its first published result for the benchmark and scenario set (else for
    /// the benchmark, else any), with that result's configuration.
    pub fn with_card(&self, catalogue: &Catalogue, card: &str) -> Form {
        let mut next = self.clone();
        next.card = card.to_owned();
        let entries = catalogue.entries_for_card(card);
        let best = entries
            .iter()
            .find(|r| catalogue.result(&r.id, self.benchmark, self.scenario).is_some())
            .or_else(|| entries.iter().find(|r| catalogue.entry(&r.id).any(|row| row.benchmark == self.benchmark)))
            .or_else(|| entries.first());
        match best {
            Some(result) => next.with_result(catalogue, &result.id),
            None => {
                next.throughput = ThroughputChoice::Own;
                if let Some(c) = catalogue.card(card) {
                    next.watts = plain_number(c.max_power.watts);
                }
                next
            }
        }
    }

    /// Chooses a published result: its card, a scenario it publishes, its card count and power setting.
    pub fn with_result(&self, catalogue: &Catalogue, id: &str) -> Form {
        let mut next = self.clone();
        let Some(first) = catalogue.entry(id).next() else {
            next.throughput = ThroughputChoice::Published(id.to_owned());
            return next;
        };
        next.card = first.card.to_string();
        next.throughput = ThroughputChoice::Published(id.to_owned());
        if catalogue.result(id, next.benchmark, next.scenario).is_none() {
            let row = catalogue.entry(id).find(|r| r.benchmark == next.benchmark).unwrap_or(first);
            next.benchmark = row.benchmark;
            next.scenario = row.scenario;
        }
        next.gpus = first.accelerators.to_string();
        if let Some(card) = catalogue.card(&first.card) {
            next.watts = plain_number(first.power_setting(card));
        }
        next
    }

    /// Switches to the user's own throughput, keeping the rest.
    pub fn with_own_throughput(&self) -> Form {
        Form { throughput: ThroughputChoice::Own, ..self.clone() }
    }

    /// The value of the throughput select: a result id or [`OWN_THROUGHPUT`].
    pub fn throughput_value(&self) -> &str {
        match &self.throughput {
            ThroughputChoice::Published(id) => id,
            ThroughputChoice::Own => OWN_THROUGHPUT,
        }
    }
}

// ---- the plan's fields (`crate::plan` computes with them) ----

/// The plan's fields as typed; empty means not set.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PlanForm {
    pub demand: String,
    pub load: String,
    pub idle: String,
    pub overhead: String,
    pub pue: String,
    pub price: String,
    pub currency: String,
    pub co2: String,
    pub volts: String,
    pub phases: String,
    pub pf: String,
    pub rack: String,
    pub breaker: String,
    pub derate: String,
    pub feeds: String,
    pub wue: String,
    pub water: String,
    pub life: String,
    pub answer: String,
    pub hours: String,
    pub users: String,
    pub speed: String,
    // issue 48
    pub headroom: String,
}

/// Longest text kept in a plan field (characters): no number a person means is longer.
pub const PLAN_TEXT_MAX: usize = 64;

impl PlanForm {
    /// A field's text (`None` for fields that are not the plan's).
    pub fn get(&self, field: Field) -> Option<&str> {
        Some(match field {
            Field::Demand => &self.demand,
            Field::Load => &self.load,
            Field::Idle => &self.idle,
            Field::Overhead => &self.overhead,
            Field::Pue => &self.pue,
            Field::Price => &self.price,
            Field::Currency => &self.currency,
            Field::Co2 => &self.co2,
            Field::Volts => &self.volts,
            Field::Phases => &self.phases,
            Field::PowerFactor => &self.pf,
            Field::Rack => &self.rack,
            Field::Breaker => &self.breaker,
            Field::Derate => &self.derate,
            Field::Feeds => &self.feeds,
            Field::Wue => &self.wue,
            Field::Water => &self.water,
            Field::Life => &self.life,
            Field::Answer => &self.answer,
            Field::Hours => &self.hours,
            Field::Users => &self.users,
            Field::Speed => &self.speed,
            Field::Headroom => &self.headroom,
            _ => return None,
        })
    }

    fn slot(&mut self, field: Field) -> Option<&mut String> {
        Some(match field {
            Field::Demand => &mut self.demand,
            Field::Load => &mut self.load,
            Field::Idle => &mut self.idle,
            Field::Overhead => &mut self.overhead,
            Field::Pue => &mut self.pue,
            Field::Price => &mut self.price,
            Field::Currency => &mut self.currency,
            Field::Co2 => &mut self.co2,
            Field::Volts => &mut self.volts,
            Field::Phases => &mut self.phases,
            Field::PowerFactor => &mut self.pf,
            Field::Rack => &mut self.rack,
            Field::Breaker => &mut self.breaker,
            Field::Derate => &mut self.derate,
            Field::Feeds => &mut self.feeds,
            Field::Wue => &mut self.wue,
            Field::Water => &mut self.water,
            Field::Life => &mut self.life,
            Field::Answer => &mut self.answer,
            Field::Hours => &mut self.hours,
            Field::Users => &mut self.users,
            Field::Speed => &mut self.speed,
            Field::Headroom => &mut self.headroom,
            _ => return None,
        })
    }

    /// The form with one field's text replaced (cut to [`PLAN_TEXT_MAX`] characters).
    pub fn with(&self, field: Field, text: String) -> PlanForm {
        let mut next = self.clone();
        if let Some(slot) = next.slot(field) {
            *slot = text.chars().take(PLAN_TEXT_MAX).collect();
        }
        next
    }

    /// Whether a person set any plan field (the printed sheet shows the plan only then).
    pub fn is_set(&self) -> bool {
        PLAN_FIELDS.iter().any(|f| self.get(*f).is_some_and(|t| !t.trim().is_empty()))
    }

    /// Checks every plan field; `limit` is the checked power limit (idle must lie below it).
    pub fn check(&self, _card: Option<&Card>, limit: Option<Watts>, lang: crate::lang::Lang) -> PlanChecked {
        let optional = |field: Field, text: &str, range: Range| -> Result<Option<f64>, InputError> {
            if text.trim().is_empty() {
                Ok(None)
            } else {
                parse_in(lang, field, text, range).map(Some)
            }
        };
        let idle = if self.idle.trim().is_empty() {
            Some(Ok(None))
        } else {
            limit.map(|l| optional(Field::Idle, &self.idle, idle_range(l)).map(|v| v.map(Watts)))
        };
        let choice = |field: Field, text: &str, allowed: &'static str| {
            InputError::new(field, Problem::NotOneOf { given: text.trim().to_owned(), allowed })
        };
        let currency = if self.currency.trim().is_empty() {
            Ok(None)
        } else {
            Currency::from_id(&self.currency)
                .map(Some)
                .ok_or_else(|| choice(Field::Currency, &self.currency, "EUR, USD or GBP"))
        };
        let phases = if self.phases.trim().is_empty() {
            Ok(None)
        } else {
            Phases::from_id(&self.phases).map(Some).ok_or_else(|| choice(Field::Phases, &self.phases, "1 or 3"))
        };
        PlanChecked {
            demand: optional(Field::Demand, &self.demand, DEMAND_RANGE),
            load: optional(Field::Load, &self.load, LOAD_RANGE),
            idle,
            overhead: optional(Field::Overhead, &self.overhead, OVERHEAD_RANGE).map(|v| v.map(Watts)),
            pue: optional(Field::Pue, &self.pue, PUE_RANGE),
            price: optional(Field::Price, &self.price, PRICE_RANGE),
            currency,
            co2: optional(Field::Co2, &self.co2, CO2_RANGE),
            volts: optional(Field::Volts, &self.volts, VOLTS_RANGE),
            phases,
            pf: optional(Field::PowerFactor, &self.pf, PF_RANGE),
            rack: optional(Field::Rack, &self.rack, RACK_RANGE).map(|v| v.map(Kilowatts)),
            breaker: optional(Field::Breaker, &self.breaker, BREAKER_RANGE),
            derate: optional(Field::Derate, &self.derate, DERATE_RANGE),
            feeds: optional(Field::Feeds, &self.feeds, FEEDS_RANGE).and_then(|v| match v {
                Some(f) if f.fract() != 0.0 => {
                    Err(InputError::new(Field::Feeds, Problem::NotWhole).within(FEEDS_RANGE))
                }
                other => Ok(other),
            }),
            wue: optional(Field::Wue, &self.wue, WUE_RANGE),
            water: optional(Field::Water, &self.water, WATER_RANGE),
            life: optional(Field::Life, &self.life, LIFE_RANGE),
            answer: optional(Field::Answer, &self.answer, ANSWER_RANGE),
            hours: optional(Field::Hours, &self.hours, HOURS_RANGE),
            users: optional(Field::Users, &self.users, USERS_RANGE).and_then(|v| match v {
                Some(u) if u.fract() != 0.0 => {
                    Err(InputError::new(Field::Users, Problem::NotWhole).within(USERS_RANGE))
                }
                other => Ok(other),
            }),
            speed: optional(Field::Speed, &self.speed, SPEED_RANGE),
            headroom: optional(Field::Headroom, &self.headroom, HEADROOM_RANGE),
        }
    }
}

/// The plan's fields checked: `Ok(None)` where a field is empty.
#[derive(Debug, Clone, PartialEq)]
pub struct PlanChecked {
    pub demand: Result<Option<f64>, InputError>,
    /// Per cent.
    pub load: Result<Option<f64>, InputError>,
    /// `None` when idle is set but the power limit is not valid (there is no range to check against).
    pub idle: Option<Result<Option<Watts>, InputError>>,
    pub overhead: Result<Option<Watts>, InputError>,
    pub pue: Result<Option<f64>, InputError>,
    pub price: Result<Option<f64>, InputError>,
    pub currency: Result<Option<Currency>, InputError>,
    /// g CO₂e per kWh.
    pub co2: Result<Option<f64>, InputError>,
    pub volts: Result<Option<f64>, InputError>,
    pub phases: Result<Option<Phases>, InputError>,
    pub pf: Result<Option<f64>, InputError>,
    pub rack: Result<Option<Kilowatts>, InputError>,
    /// A; `None` leaves the circuits out.
    pub breaker: Result<Option<f64>, InputError>,
    /// % of the breaker rating; empty: 80 (NEC).
    pub derate: Result<Option<f64>, InputError>,
    /// 1 or 2; empty: 1.
    pub feeds: Result<Option<f64>, InputError>,
    /// L/kWh of IT energy, on site.
    pub wue: Result<Option<f64>, InputError>,
    /// L/kWh of electricity, off site.
    pub water: Result<Option<f64>, InputError>,
    /// Years; empty: 3.
    pub life: Result<Option<f64>, InputError>,
    pub answer: Result<Option<f64>, InputError>,
    pub hours: Result<Option<f64>, InputError>,
    /// Whole.
    pub users: Result<Option<f64>, InputError>,
    /// Output tokens/s per person.
    pub speed: Result<Option<f64>, InputError>,
    // issue 48
    /// Room to spare, %.
    pub headroom: Result<Option<f64>, InputError>,
}

impl PlanChecked {
    pub fn errors(&self) -> Vec<&InputError> {
        let mut errors = Vec::new();
        errors.extend(self.demand.as_ref().err());
        errors.extend(self.load.as_ref().err());
        if let Some(Err(e)) = &self.idle {
            errors.push(e);
        }
        errors.extend(self.overhead.as_ref().err());
        errors.extend(self.pue.as_ref().err());
        errors.extend(self.price.as_ref().err());
        errors.extend(self.currency.as_ref().err());
        errors.extend(self.co2.as_ref().err());
        errors.extend(self.volts.as_ref().err());
        errors.extend(self.phases.as_ref().err());
        errors.extend(self.pf.as_ref().err());
        errors.extend(self.rack.as_ref().err());
        errors.extend(self.breaker.as_ref().err());
        errors.extend(self.derate.as_ref().err());
        errors.extend(self.feeds.as_ref().err());
        errors.extend(self.wue.as_ref().err());
        errors.extend(self.water.as_ref().err());
        errors.extend(self.life.as_ref().err());
        errors.extend(self.answer.as_ref().err());
        errors.extend(self.hours.as_ref().err());
        errors.extend(self.users.as_ref().err());
        errors.extend(self.speed.as_ref().err());
        errors.extend(self.headroom.as_ref().err());
        errors
    }
}
