//! The rules the catalogue's data must keep. The tests run [`Catalogue::validate`] on the embedded
//! data and on broken copies of it.

use super::{Card, Catalogue, System};
use std::collections::HashSet;
use std::fmt;

/// One broken rule, naming the record.
#[derive(Debug, Clone, PartialEq)]
pub enum CatalogueError {
    DuplicateId {
        kind: &'static str,
        id: String,
    },
    UnknownCard {
        result: String,
        card: String,
    },
    UnknownSource {
        record: String,
        source: String,
    },
    MinAboveMax {
        card: String,
        min: f64,
        max: f64,
    },
    NotPositive {
        record: String,
        field: &'static str,
        value: f64,
    },
    Empty {
        record: String,
        field: &'static str,
    },
    StatedPowerOutOfRange {
        result: String,
        watts: f64,
    },
    /// A result's accelerators do not divide evenly over its nodes (one kind per node is the rule).
    UnevenNodes {
        result: String,
        accelerators: u32,
        nodes: u32,
    },
    /// A text given in one language but not the other (a source's note, a card's name note): the page
    /// would show the English note on the German page, or none on the English.
    OneLanguage {
        record: String,
        field: &'static str,
    },
    /// The project's own words inside a source's title (`(read 10 October 2026)`, `as read in a
    /// copy at …`): they belong in the note and the `read` date, in the page's language (issue 38).
    NoteInTitle {
        source: String,
        words: &'static str,
    },
}

/// Words of the project's own notes that a source's title never holds (each lower-case; the title is
/// compared lower-cased): a reading date, how or where a copy was read.
pub const NOTE_WORDS: [&str; 6] =
    ["(read ", "read at commit", "read through", "read in a copy", "as mirrored by", "(updated "];

impl fmt::Display for CatalogueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CatalogueError::DuplicateId { kind, id } => write!(f, "{kind} `{id}` appears more than once"),
            CatalogueError::UnknownCard { result, card } => write!(f, "result {result} names unknown card `{card}`"),
            CatalogueError::UnknownSource { record, source } => {
                write!(f, "{record} cites unknown source `{source}`")
            }
            CatalogueError::MinAboveMax { card, min, max } => {
                write!(f, "card {card}: minimum {min} W is above maximum {max} W")
            }
            CatalogueError::NotPositive { record, field, value } => {
                write!(f, "{record}: {field} must be a positive finite number, is {value}")
            }
            CatalogueError::Empty { record, field } => write!(f, "{record}: {field} is empty"),
            CatalogueError::StatedPowerOutOfRange { result, watts } => {
                write!(f, "result {result}: stated power {watts} W lies outside its card's published range")
            }
            CatalogueError::UnevenNodes { result, accelerators, nodes } => {
                write!(f, "result {result}: {accelerators} accelerators do not divide evenly over {nodes} nodes")
            }
            CatalogueError::OneLanguage { record, field } => {
                write!(f, "{record}: {field} is given in one language only (English and German, or neither)")
            }
            CatalogueError::NoteInTitle { source, words } => {
                write!(f, "source {source}: the title holds the note words `{words}` (they belong in note and note_de)")
            }
        }
    }
}

fn positive(errors: &mut Vec<CatalogueError>, record: &str, field: &'static str, value: f64) {
    if !(value.is_finite() && value > 0.0) {
        errors.push(CatalogueError::NotPositive { record: record.to_owned(), field, value });
    }
}

/// A text that must exist in English and German or in neither: each given one non-empty.
fn both_or_neither(
    errors: &mut Vec<CatalogueError>,
    record: &str,
    field: &'static str,
    en: Option<&str>,
    de: Option<&str>,
) {
    let given = |t: Option<&str>| t.is_some_and(|t| !t.trim().is_empty());
    if given(en) != given(de) || en.is_some_and(|t| t.trim().is_empty()) || de.is_some_and(|t| t.trim().is_empty()) {
        errors.push(CatalogueError::OneLanguage { record: record.to_owned(), field });
    }
}

fn non_empty(errors: &mut Vec<CatalogueError>, record: &str, field: &'static str, value: &str) {
    if value.trim().is_empty() {
        errors.push(CatalogueError::Empty { record: record.to_owned(), field });
    }
}

/// The rules' findings as they are checked, with the catalogue's source ids to cite against.
struct Check<'c> {
    sources: HashSet<&'c str>,
    errors: Vec<CatalogueError>,
}

impl Check<'_> {
    fn cite(&mut self, record: &str, source: &str) {
        if !self.sources.contains(source) {
            self.errors.push(CatalogueError::UnknownSource { record: record.to_owned(), source: source.to_owned() });
        }
    }

    fn non_empty(&mut self, record: &str, field: &'static str, value: &str) {
        non_empty(&mut self.errors, record, field, value);
    }

    fn positive(&mut self, record: &str, field: &'static str, value: f64) {
        positive(&mut self.errors, record, field, value);
    }
}

impl Catalogue {
    /// Every broken rule in the catalogue; empty when the data is sound: the meta, the sources, the
    /// cards and their systems, the results and the context measurements, in that order.
    pub fn validate(&self) -> Vec<CatalogueError> {
        let mut check = Check { sources: self.sources.iter().map(|s| &*s.id).collect(), errors: Vec::new() };
        check.non_empty("meta", "data_version", &self.meta.data_version);
        check.non_empty("meta", "last_updated", &self.meta.last_updated);
        self.validate_sources(&mut check);
        let mut seen = HashSet::new();
        let mut seen_systems: HashSet<&str> = HashSet::new();
        for c in &self.cards {
            if !seen.insert(&*c.id) {
                check.errors.push(CatalogueError::DuplicateId { kind: "card", id: c.id.to_string() });
            }
            validate_card(c, &mut check);
            for sys in c.systems.iter() {
                validate_system(c, sys, &mut seen_systems, &mut check);
            }
            self.validate_own_draw(c, &mut check);
        }
        self.validate_results(&mut check);
        self.validate_context(&mut check);
        check.errors
    }

    /// issue 48: an own-draw estimate's lower bound lies within its measured result's wall power less
    /// the GPUs at their rated power, and its comparable system is the card's, of the same size.
    fn validate_own_draw(&self, c: &Card, check: &mut Check) {
        let Some(e) = &c.own_draw else { return };
        let record = format!("card {} own_draw", c.id);
        check.cite(&record, &e.low_source);
        check.positive(&record, "low_watts", e.low_watts);
        let measured = self
            .results
            .iter()
            .filter(|r| r.id == e.low_result && r.accelerators == e.gpus)
            .filter_map(|r| {
                let rated = self.cards.iter().find(|k| k.id == r.card)?.max_power.watts;
                r.measured_power.as_ref().map(|m| m.mean_watts - f64::from(e.gpus) * rated)
            })
            .fold(f64::NAN, f64::max);
        check.positive(&record, "low_watts within the measured result's own draw", measured - e.low_watts + 1.0);
        let comparable = c.systems.iter().find(|s| s.id == e.comparable && s.gpus == e.gpus);
        if comparable.is_none() {
            check.errors.push(CatalogueError::Empty { record, field: "comparable (a system of this card and size)" });
        }
    }

    fn validate_sources(&self, check: &mut Check) {
        let mut seen = HashSet::new();
        for s in &self.sources {
            if !seen.insert(&*s.id) {
                check.errors.push(CatalogueError::DuplicateId { kind: "source", id: s.id.to_string() });
            }
            let record = format!("source {}", s.id);
            check.non_empty(&record, "id", &s.id);
            check.non_empty(&record, "publisher", &s.publisher);
            check.non_empty(&record, "title", &s.title);
            check.non_empty(&record, "date", &s.date);
            both_or_neither(&mut check.errors, &record, "note", s.note.as_deref(), s.note_de.as_deref());
            if let Some(de) = &s.publisher_de {
                check.non_empty(&record, "publisher_de", de);
            }
            if let Some(read) = &s.read {
                check.non_empty(&record, "read", read);
            }
            let title = s.title.to_lowercase();
            for words in NOTE_WORDS {
                if title.contains(words) {
                    check.errors.push(CatalogueError::NoteInTitle { source: s.id.to_string(), words });
                }
            }
        }
    }

    fn validate_results(&self, check: &mut Check) {
        let mut seen = HashSet::new();
        for r in &self.results {
            let record = format!("result {} {} {}", r.id, r.benchmark.id(), r.scenario.id());
            if !seen.insert((&*r.id, r.benchmark, r.scenario)) {
                check.errors.push(CatalogueError::DuplicateId { kind: "result", id: record.clone() });
            }
            check.non_empty(&record, "id", &r.id);
            check.non_empty(&record, "system", &r.system);
            check.non_empty(&record, "submitter", &r.submitter);
            check.positive(&record, "tokens_per_s", r.tokens_per_s);
            check.positive(&record, "accelerators", f64::from(r.accelerators));
            check.positive(&record, "nodes", f64::from(r.nodes));
            if r.accelerators_per_node().is_none() && r.nodes > 0 {
                check.errors.push(CatalogueError::UnevenNodes {
                    result: record.clone(),
                    accelerators: r.accelerators,
                    nodes: r.nodes,
                });
            }
            check.cite(&record, &r.source);
            if let Some(t) = &r.weight_transformations {
                check.cite(&record, &t.source);
            }
            match self.card(&r.card) {
                None => check
                    .errors
                    .push(CatalogueError::UnknownCard { result: r.id.to_string(), card: r.card.to_string() }),
                Some(card) => {
                    if let Some(p) = &r.stated_power {
                        check.positive(&record, "stated_power.watts", p.watts);
                        let min = card.min_power.as_ref().map_or(0.0, |m| m.watts);
                        if p.watts > card.max_power.watts || p.watts < min {
                            check.errors.push(CatalogueError::StatedPowerOutOfRange {
                                result: r.id.to_string(),
                                watts: p.watts,
                            });
                        }
                    }
                }
            }
            if let Some(m) = &r.measured_power {
                check.positive(&record, "measured_power.mean_watts", m.mean_watts);
            }
        }
    }

    fn validate_context(&self, check: &mut Check) {
        let mut seen = HashSet::new();
        for m in &self.context {
            let record = format!("context {}", m.id);
            if !seen.insert(&*m.id) {
                check.errors.push(CatalogueError::DuplicateId { kind: "context", id: m.id.to_string() });
            }
            check.positive(&record, "joules_per_token", m.joules_per_token);
            if let Some(j) = m.joules_per_response {
                check.positive(&record, "joules_per_response", j);
            }
            if self.card(&m.card).is_none() {
                check.errors.push(CatalogueError::UnknownCard { result: m.id.to_string(), card: m.card.to_string() });
            }
            check.cite(&record, &m.source);
        }
    }
}

/// A card's rules: its names, its powers (minimum ≤ maximum, power modes within it), their sources.
fn validate_card(c: &Card, check: &mut Check) {
    let record = format!("card {}", c.id);
    check.non_empty(&record, "id", &c.id);
    check.non_empty(&record, "name", &c.name);
    both_or_neither(&mut check.errors, &record, "name_note", c.name_note.as_deref(), c.name_note_de.as_deref());
    check.positive(&record, "max_power", c.max_power.watts);
    check.cite(&record, &c.max_power.source);
    if let Some(min) = &c.min_power {
        check.positive(&record, "min_power", min.watts);
        check.cite(&record, &min.source);
        if min.watts > c.max_power.watts {
            check.errors.push(CatalogueError::MinAboveMax {
                card: c.id.to_string(),
                min: min.watts,
                max: c.max_power.watts,
            });
        }
    }
    for limit in c.other_limits.iter() {
        check.positive(&record, "other_limits.watts", limit.watts);
        check.cite(&record, &limit.source);
    }
    for mode in c.power_modes.iter() {
        check.positive(&record, "power_modes.max_watts", mode.max_watts);
        if let Some(min) = mode.min_watts {
            check.positive(&record, "power_modes.min_watts", min);
            if min > mode.max_watts {
                check.errors.push(CatalogueError::MinAboveMax { card: c.id.to_string(), min, max: mode.max_watts });
            }
        }
        if mode.max_watts > c.max_power.watts {
            check.errors.push(CatalogueError::MinAboveMax {
                card: c.id.to_string(),
                min: mode.max_watts,
                max: c.max_power.watts,
            });
        }
        check.cite(&record, &mode.source);
    }
    if let Some(memory) = &c.memory {
        check.cite(&record, &memory.source);
    }
    if let Some(rack) = &c.rack {
        check.non_empty(&record, "rack.name", &rack.name);
        check.positive(&record, "rack.accelerators", f64::from(rack.accelerators));
        check.cite(&record, &rack.source);
    }
    if let Some(e) = &c.embodied {
        check.positive(&record, "embodied.kg_per_gpu", e.kg_per_gpu);
        check.non_empty(&record, "embodied.text", &e.text);
        check.cite(&record, &e.source);
    }
}

/// A card's system's rules (issue 36): its stated maximum covers its GPUs at their rated power and
/// more; supplies and cooling sourced; a rack-scale card's system is its rack.
fn validate_system<'c>(c: &Card, sys: &'c System, seen: &mut HashSet<&'c str>, check: &mut Check) {
    let record = format!("card {} system {}", c.id, sys.id);
    check.non_empty(&record, "id", &sys.id);
    check.non_empty(&record, "name", &sys.name);
    check.positive(&record, "gpus", f64::from(sys.gpus));
    let boards = f64::from(sys.gpus) * c.max_power.watts;
    let high = sys.max_high.unwrap_or(sys.max_watts);
    check.positive(&record, "max_watts above the boards", sys.max_watts - boards);
    check.positive(&record, "max_high not below max_watts", high - sys.max_watts + 1.0);
    check.cite(&record, &sys.source);
    // issue 48: a span's upper end names its source where another gives it; a server system names
    // what a result's system name holds when it is this system, a rack's belongs to its racks.
    if let Some(h) = &sys.high_source {
        check.cite(&record, h);
    }
    let rack_system = c.rack.as_ref().is_some_and(|r| r.accelerators == sys.gpus);
    if !rack_system && sys.names.iter().all(|n| n.trim().is_empty()) {
        check.errors.push(CatalogueError::Empty { record: record.clone(), field: "names (a server system's names)" });
    }
    if !seen.insert(&*sys.id) {
        check.errors.push(CatalogueError::DuplicateId { kind: "system", id: sys.id.to_string() });
    }
    if let Some(p) = &sys.psus {
        check.positive(&record, "psus.count", f64::from(p.count));
        check.positive(&record, "psus.watts", p.watts);
        check.cite(&record, &p.source);
    }
    if let Some(cooling) = &sys.cooling {
        if !["air", "liquid", "hybrid"].contains(&&*cooling.text) {
            check
                .errors
                .push(CatalogueError::Empty { record: record.clone(), field: "cooling (air, liquid or hybrid)" });
        }
        check.cite(&record, &cooling.source);
    }
    // A rack-scale card's system is its rack; a server's is no larger than its results' nodes.
    if let Some(rack) = &c.rack {
        if sys.gpus != rack.accelerators {
            check.errors.push(CatalogueError::UnevenNodes {
                result: record.clone(),
                accelerators: sys.gpus,
                nodes: rack.accelerators,
            });
        }
    }
}
