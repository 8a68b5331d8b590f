//! Deutsch. Fachwörter wie im Rechenzentrum: Leistungsaufnahme, Leistungsgrenze, Obergrenze,
//! Messwert, Schätzung; Zahlen mit Dezimalkomma und Punkt als Tausendertrennzeichen.

use super::{number, CapPair, Lang, Strings};
use crate::catalogue::{Benchmark, Scenario};
use crate::compare::{CompareError, Foreign, Mismatch};
use crate::figure::{Assumption, Unit};
use crate::form::{clip_or, Adjustment, Field, InputError, Problem, Range};
use crate::link::Notice;
use crate::measure::runs::Axis;
use crate::measure::versus::{LimitFrom, Pace, Suspect};
use crate::model::ResultPower;
use crate::plan::{EnergyBasis, PlanNotice};

/// User text quoted in a message, shortened; text spelling a broken number is not echoed.
fn clip(text: &str) -> String {
    clip_or(text, "dieser Wert")
}

/// The catalogue's ISO date ("2026-12-03") as the sheet's German date ("3. Dezember 2026"), one date
/// style on the page (German review 3-32); other text as given.
fn long_date(iso: &str) -> String {
    let mut parts = iso.split('-').map(|p| p.parse::<u32>().ok());
    match (parts.next().flatten(), parts.next().flatten(), parts.next().flatten(), parts.next()) {
        (Some(y), Some(m), Some(d), None) if (1..=12).contains(&m) && (1..=31).contains(&d) => {
            super::intl::long_date(y as i32, m, d, Lang::De)
        }
        _ => iso.to_owned(),
    }
}

fn n(value: f64) -> String {
    number(Lang::De, value)
}

fn field(field: Field) -> &'static str {
    match field {
        Field::Card => "GPU-Karte",
        Field::Result => "Veröffentlichtes Ergebnis",
        Field::Scenario => "Szenario",
        Field::Model => "Benchmark-Modell",
        Field::Tps => "Ihre Ausgabe-Token/s je Server",
        Field::Gpus => "Karten je Server",
        Field::Servers => "Anzahl Server",
        Field::Watts => "Leistungsgrenze je Karte",
        Field::Customer => "Kunde",
        Field::Reference => "Angebotsreferenz",
        Field::OwnModel => "Ihr Modell",
        Field::OwnSize => "Parameter in Mrd.",
        Field::OwnArch => "Dicht oder MoE",
        Field::Demand => "Ausgabe-Token je Tag",
        Field::Load => "Mittlere Auslastung",
        Field::Idle => "Leerlaufleistung je Karte",
        Field::Overhead => "Zusatzleistung je System (CPU, Lüfter, Netzteile)",
        Field::Pue => "PUE des Rechenzentrums",
        Field::Price => "Strompreis",
        Field::Currency => "Währung",
        Field::Co2 => "CO₂-Emissionsfaktor des Stroms",
        Field::Volts => "Versorgungsspannung",
        Field::Phases => "Phasen",
        Field::PowerFactor => "Leistungsfaktor",
        Field::Rack => "Leistungsbudget je Rack",
        Field::Breaker => "Bemessungsstrom der Absicherung je Stromkreis",
        Field::Derate => "Dauerlast in % des Bemessungsstroms",
        Field::Feeds => "Einspeisungen je Rack-Stellplatz",
        Field::Wue => "Wasser vor Ort (WUE)",
        Field::Water => "Wasser der Stromerzeugung",
        Field::Life => "Nutzungsdauer der Hardware",
        Field::Answer => "Ausgabe-Token je Antwort",
        Field::Hours => "Betriebsstunden je Tag",
        Field::Users => "Gleichzeitig aktive Nutzer",
        Field::Speed => "Ausgabe-Token/s je Person",
        Field::Headroom => "Reserve",
    }
}

fn scenario(s: Scenario) -> &'static str {
    match s {
        Scenario::Offline => "Offline",
        Scenario::Server => "Server",
        Scenario::Interactive => "Interaktiv",
    }
}

fn scenario_explanation(s: Scenario, bound: Option<crate::latency::Bound>) -> String {
    let ms = |v: f64| super::intl::plain(v, Lang::De);
    match (s, bound) {
        (Scenario::Offline, _) => {
            "Stapelverarbeitung: alle Anfragen liegen sofort vor, es zählt allein der Durchsatz; keine Latenzgrenze"
                .to_owned()
        }
        (Scenario::Server, Some(b)) => format!(
            "Anfragen treffen zufällig ein; in diesem Benchmark müssen 99 % das erste Token binnen {} ms und jedes \
             weitere binnen {} ms erhalten",
            ms(b.ttft_ms),
            ms(b.tpot_ms)
        ),
        (Scenario::Interactive, Some(b)) => format!(
            "ein Server-Lauf mit engeren Grenzen, das Szenario für einen Chatbot: in diesem Benchmark müssen 99 % das \
             erste Token binnen {} ms und jedes weitere binnen {} ms erhalten",
            ms(b.ttft_ms),
            ms(b.tpot_ms)
        ),
        (_, None) => "diesen Benchmark gibt es in diesem Szenario nicht".to_owned(),
    }
}

fn unit(u: Unit) -> &'static str {
    match u {
        Unit::JoulesPerToken => "J/Token",
        Unit::TokensPerSecond => "Token/s",
        Unit::JoulesPerResponse | Unit::JoulesPerAnswer => "J/Antwort",
        Unit::Servers => "Server",
        Unit::Tokens => "Token",
        Unit::People => "Personen",
        Unit::Positions => "Rack-Stellplätze",
        Unit::Racks => "Racks",
        Unit::Systems => "Systeme",
        Unit::Circuits => "Stromkreise",
        Unit::TokensPerSecondPerMegawatt => "Token/s je MW",
        other => other.symbol(),
    }
}

fn unit_one(u: Unit) -> &'static str {
    match u {
        Unit::People => "Person",
        Unit::Positions => "Rack-Stellplatz",
        Unit::Racks => "Rack",
        Unit::Systems => "System",
        Unit::Circuits => "Stromkreis",
        other => unit(other),
    }
}

/// A range's unit in German (the core writes English units).
fn range_unit(unit: &str) -> String {
    let german = match unit {
        "" => return String::new(),
        "tokens/s" => "Token/s",
        "tokens/day" => "Token/Tag",
        "W per server" => "W je Server",
        "W per system" => "W je System",
        "feeds" => "Einspeisungen",
        "years" => "Jahre",
        "W per card" => "W je Karte",
        "per kWh" => "je kWh",
        "tokens" => "Token",
        "hours a day" => "Stunden je Tag",
        "people" => "Personen",
        "tokens/s per person" => "Token/s je Person",
        "billion parameters" => "Mrd. Parameter",
        other => other,
    };
    format!(" {german}")
}

fn hint(r: &Range) -> String {
    let unit = range_unit(r.unit);
    match r.min {
        Some(min) => format!("{} bis {}{unit}", n(min), n(r.max)),
        None => format!("bis {}{unit}", n(r.max)),
    }
}

fn allowed(r: &Range) -> String {
    let unit = range_unit(r.unit);
    let mut text = match r.min {
        Some(min) => format!("Zulässig sind {} bis {}{unit}", n(min), n(r.max)),
        None => format!("Zulässig sind Werte über 0 bis {}{unit}", n(r.max)),
    };
    if r.min_unpublished {
        text.push_str(" (für diese Karte ist kein Minimum veröffentlicht)");
    }
    text
}

fn input_error(e: &InputError) -> String {
    let label = field(e.field);
    let range = e.allowed.map(|r| format!(" {}.", allowed(&r))).unwrap_or_default();
    match &e.problem {
        Problem::Missing => format!("{label}: Bitte einen Wert eingeben.{range}"),
        Problem::NotANumber => format!(
            "{label}: Bitte eine Zahl eingeben, etwa 450; 0,5; 100.000 oder 1e6 \
             (Komma für Dezimalstellen, Punkt als Tausendertrennzeichen).{range}"
        ),
        Problem::NotWhole => format!("{label}: Bitte eine ganze Zahl eingeben.{range}"),
        Problem::OutOfRange => match e.allowed {
            Some(r) => format!("{label}: {}.", allowed(&r)),
            None => format!("{label}: außerhalb des zulässigen Bereichs."),
        },
        Problem::UnknownCard(id) => format!("{label}: „{}“ ist keine Karte im Katalog.", clip(id)),
        Problem::UnknownResult(id) => format!("{label}: „{}“ ist kein Ergebnis im Katalog.", clip(id)),
        Problem::NotOneOf { given, allowed } => {
            format!("{label}: „{}“ ist keiner der zulässigen Werte ({}).", clip(given), allowed.replace(" or ", ", "))
        }
        Problem::ResultForOtherCard { result, card } => {
            format!("{label}: {} wurde für eine andere Karte als {} veröffentlicht.", clip(result), clip(card))
        }
        Problem::NoSuchRow { result, benchmark, scenario: s } => format!(
            "{label}: Für {result} ist kein Ergebnis im Szenario {} für {} veröffentlicht.",
            scenario(*s),
            benchmark.id()
        ),
    }
}

fn adjustment(a: &Adjustment) -> String {
    match a {
        Adjustment::Scenario { result, from, to } => format!(
            "Für {result} ist kein Ergebnis im Szenario {} veröffentlicht: Szenario auf {} umgestellt.",
            scenario(*from),
            scenario(*to)
        ),
        Adjustment::Benchmark { result, from, to } => format!(
            "Für {result} ist kein Ergebnis für {} veröffentlicht: Benchmark auf {} umgestellt.",
            from.name(),
            to.name()
        ),
        Adjustment::Cards { result, from, to } => {
            format!("{result} lief mit {to} Karten je Server: Karten je Server von {} auf {to} geändert.", clip(from))
        }
        Adjustment::Watts { result, to, stated, .. } => {
            let why = if *stated { "die vom Einreicher angegebene Einstellung" } else { "die Nennleistung der Karte" };
            format!("Leistungsgrenze auf {} W gesetzt: {why} für {result}.", n(*to))
        }
        // Issue 48
        Adjustment::OverheadKept { overhead, from } => format!(
            "Die Zusatzleistung von {} W je System wurde für {from} eingetragen; sie bleibt für diese Konfiguration \
             stehen: Prüfen Sie, ob sie die Eigenaufnahme dieses Systems ist.",
            clip(overhead)
        ),
    }
}

fn notice(notice: &Notice) -> String {
    match notice {
        Notice::UnknownParameter(p) => {
            format!("Den Parameter „{}“ im Link kennt diese Seite nicht; er wurde ignoriert.", clip(p))
        }
        Notice::Repeated(p) => format!("Der Link nennt „{p}“ mehrfach; der erste Wert gilt."),
        Notice::UnknownVersion(v) => format!(
            "Die Link-Version „{}“ ist unbekannt; der Link wurde als Version {} gelesen.",
            clip(v),
            crate::link::VERSION
        ),
        Notice::UnknownCard(c) => {
            format!("Die Karte „{}“ aus dem Link steht nicht im Katalog; die Standardkarte wird angezeigt.", clip(c))
        }
        Notice::UnknownResult(r) => format!(
            "Das Ergebnis „{}“ aus dem Link steht nicht im Katalog; ein veröffentlichtes Ergebnis der Karte wird angezeigt.",
            clip(r)
        ),
        Notice::UnknownScenario(s) => format!(
            "Das Szenario „{}“ aus dem Link ist unbekannt (zulässige Link-Werte: offline, server, interactive); Offline wird angezeigt.",
            clip(s)
        ),
        Notice::UnknownModel(m) => format!(
            "Der Benchmark „{}“ aus dem Link ist unbekannt ({}); {} wird angezeigt.",
            clip(m),
            Benchmark::ALL.iter().map(|b| b.id()).collect::<Vec<_>>().join(", "),
            Benchmark::Llama2_70b99.id()
        ),
        Notice::UnknownMode(m) => {
            format!("Der Modus „{}“ aus dem Link ist unbekannt (measure); der Rechner wird angezeigt.", clip(m))
        }
        Notice::UnknownLang(l) => {
            format!("Die Sprache „{}“ aus dem Link ist unbekannt (en, de); die Seite hat selbst eine gewählt.", clip(l))
        }
        Notice::UnknownBaseline(b) => format!(
            "Die Referenz „{}“ aus dem Link nennt keine verglichene Konfiguration; die erste ist die Referenz.",
            clip(b)
        ),
        // issue 52
        Notice::UnknownSystem(s) => format!(
            "Das System „{}“ aus dem Link gehört nicht zu den Systemen des Anbieters dieser Seite für diese Karte; die Werte der Karte selbst werden angezeigt.",
            clip(s)
        ),
        Notice::CardOverridden { given, used } => {
            format!("Der Link nennt die Karte „{}“, aber ein Ergebnis für {used}; {used} wird angezeigt.", clip(given))
        }
        Notice::RowMissing { result, asked, used } => {
            format!("Für {result} ist kein Ergebnis für {asked} veröffentlicht; {used} wird angezeigt.")
        }
    }
}

// long: a table, one arm per `Assumption` variant, each its German sentence
fn assumption(a: &Assumption) -> String {
    match a {
        Assumption::PowerLimitDiffers { limit_watts, setting_watts, setting_stated } => {
            let source = if *setting_stated {
                "laut Einreicher"
            } else {
                "keine Einstellung angegeben, daher die Nennleistung der Karte"
            };
            let direction = if limit_watts < setting_watts { "gesenkten" } else { "angehobenen" };
            format!(
                "Das Ergebnis lief mit {} W je Karte ({source}); sein Durchsatz bei der {direction} Leistungsgrenze von {} W \
                 ist nicht veröffentlicht, daher ist der Wert eine Spanne, keine einzelne Zahl.",
                n(*setting_watts),
                n(*limit_watts)
            )
        }
        Assumption::LinearScaling { published_cards, cards } => format!(
            "Annahme: lineare Skalierung – der Durchsatz des Ergebnisses mit {published_cards} Karten wird je Karte auf {cards} umgerechnet."
        ),
        Assumption::PowerFollowsLoad { idle_watts, limit_watts, load_percent } => format!(
            "Annahme: Jede Karte nimmt ihre Leerlaufleistung von {} W auf, zuzüglich {} % der Differenz bis zu ihrer Leistungsgrenze von {} W (proportional zur Last).",
            n(*idle_watts),
            n(*load_percent),
            n(*limit_watts)
        ),
        Assumption::DemandSpread { hours } => {
            format!("Annahme: Die Ausgabe-Token eines Tages entstehen gleichmäßig über {} Betriebsstunden.", n(*hours))
        }
        Assumption::SizedAtLowerEnd { limit_watts, setting_watts } => format!(
            "Die Server sind am unteren Ende des Durchsatzes gezählt: Token/s des Ergebnisses × {} W ÷ {} W, als sänke \
             der Durchsatz im Verhältnis zur Leistung.",
            n(*limit_watts),
            n(*setting_watts)
        ),
        Assumption::StreamsBound { tpot_ms } => format!(
            "Höchstens Token/s × {} ms ÷ 1000 Personen je Server: Das Ergebnis hielt die Zeit je Ausgabe-Token jedes \
             Datenstroms unter {} ms (99. Perzentil), mehr Datenströme können also nicht gleichzeitig gelaufen sein; \
             wie viele es waren, veröffentlicht MLPerf nicht.",
            n(*tpot_ms),
            n(*tpot_ms)
        ),
        Assumption::IdleSourced { low_watts, high_watts, .. } => {
            let idle = if low_watts < high_watts {
                format!("{} bis {} W", n(*low_watts), n(*high_watts))
            } else {
                format!("{} W", n(*low_watts))
            };
            format!(
                "Keine Leerlaufleistung eingegeben: Die Leerlaufleistung jeder Karte mit geladenem Modell stammt aus \
                 einem veröffentlichten Messwert dieser Karte, {idle} ganztägig, dazu der Anteil der Last am Weg bis \
                 zur Leistungsgrenze."
            )
        }
        Assumption::WaterPerKwh { onsite, offsite } => {
            let part = |v: &Option<f64>| v.map_or_else(|| "nicht angegeben".to_owned(), |x| format!("{} L/kWh", n(x)));
            format!(
                "Verbrauchtes Wasser: vor Ort die IT-Energie × Ihre WUE ({}); außerhalb die IT-Energie × PUE × das bei der \
                 Stromerzeugung verbrauchte Wasser ({}). Wasser der Herstellung, Netzwerk und Gebäude sind nicht gezählt.",
                part(onsite),
                part(offsite)
            )
        }
        Assumption::EmbodiedOverLife { kg_per_gpu, years } => format!(
            "Der Herstellungs-Fußabdruck der Karten, {} kg CO₂e je GPU, gleichmäßig auf {} Jahre Nutzung verteilt, \
             ausgelastet oder nicht; der übrige Server, Netzwerk und Gebäude sind nicht gezählt.",
            n(*kg_per_gpu),
            n(*years)
        ),
        Assumption::BoardsOnlyFit => "Rack-Stellplätze nur mit der Leistung der GPU-Boards gezählt: Mit der \
            Leistungsaufnahme des Servers ohne GPUs passen weniger Server je Stellplatz, es sind also mindestens so viele nötig."
            .to_owned(),
        // issue 47
        Assumption::ServingRange { low_idle_watts, high_idle_watts, idle_sourced, curve_card, assumed, own_draw_watts } => {
            let idle = if low_idle_watts < high_idle_watts {
                format!("{} bis {} W", n(*low_idle_watts), n(*high_idle_watts))
            } else {
                format!("{} W", n(*low_idle_watts))
            };
            let from = if *idle_sourced {
                "veröffentlichte Messwerte dieser Karte, um den Spielraum einer Momentaufnahme erweitert"
            } else {
                "wie eingegeben"
            };
            let shape = if *assumed {
                format!("die gemessene Form der {curve_card}, für diese Karte angenommen")
            } else {
                format!("gemessen an der {curve_card}")
            };
            let own = own_draw_watts
                .map(|w| {
                    format!(
                        " Das obere Ende zählt auch den Eigenverbrauch des Racks über die GPU-Boards hinaus, {} W rund um \
                         die Uhr (seine angegebene Höchstleistung abzüglich seiner GPUs bei Nennleistung), da kein \
                         Overhead eingegeben ist.",
                        n(w)
                    )
                })
                .unwrap_or_default();
            format!(
                "Leerlauf {idle} ({from}). Unteres Ende: Leerlauf plus Lastanteil bis zur Grenze (volle Batches); oberes \
                 Ende: die von ML.ENERGY gemessene Teillastkurve ({shape}).{own}"
            )
        }
        Assumption::DemandRange => "Ohne Leerlaufleistung ist die Energie für den Bedarf eine Spanne: Sie hängt davon ab, \
            was die Karten aufnehmen, während sie auf Arbeit warten."
            .to_owned(),
        Assumption::PowerFollowsDemand { idle_watts, limit_watts, busy_load_percent, hours } => format!(
            "Annahme: Jede Karte nimmt rund um die Uhr ihre Leerlaufleistung von {} W auf und in den {} Betriebsstunden \
             zuzüglich {} % der Differenz bis zu ihrer Leistungsgrenze von {} W (der Anteil des Serverdurchsatzes, den der Bedarf nutzt).",
            n(*idle_watts),
            n(*hours),
            n(*busy_load_percent),
            n(*limit_watts)
        ),
        // issue 48
        Assumption::SecondaryMaximum { low_kw, high_kw } => format!(
            "Der Hersteller veröffentlicht kein Maximum für dieses Rack: Angaben aus zweiter Hand nennen {} bis {} kW. \
             Spitzenleistung, Rack-Belegung, Strom und Wärme sind auf das obere Ende ausgelegt, {} kW.",
            n(*low_kw),
            n(*high_kw),
            n(*high_kw)
        ),
        Assumption::OwnDrawEstimated { low_watts, high_watts, result, comparable } => format!(
            "Für diesen Server ist kein Maximum veröffentlicht. Seine Eigenaufnahme neben den GPU-Boards ist auf {} bis {} W \
             geschätzt: mindestens, was ein gemessener Server mit 8 GPUs netzseitig über seine GPUs bei Nennleistung \
             hinaus aufnahm ({result}), höchstens das angegebene Maximum des {comparable} abzüglich seiner Boards \
             ({comparable} ist ein vergleichbares System, nicht dieses). Rack-Belegung, Strom und Wärme nutzen das obere Ende.",
            n(*low_watts),
            n(*high_watts)
        ),
        Assumption::Headroom { percent } => format!(
            "Mit {} % Reserve ausgelegt: Jeder Server trägt in den Betriebsstunden höchstens {} % seines Durchsatzes.",
            n(*percent),
            n(100.0 - percent)
        ),
    }
}

fn range_ends(a: &Assumption) -> Option<(String, String)> {
    // issue 47
    if let Assumption::ServingRange { low_idle_watts, high_idle_watts, own_draw_watts, .. } = a {
        let own =
            own_draw_watts.map(|w| format!(", Eigenverbrauch des Racks {} kW", n(w / 1000.0))).unwrap_or_default();
        return Some((
            format!(
                "die Serving-Software bündelt Anfragen zu vollen Batches und ruht dazwischen (Leerlauf {} W, linear)",
                n(*low_idle_watts)
            ),
            format!("gleichmäßiger Betrieb auf der gemessenen Kurve (Leerlauf {} W{own})", n(*high_idle_watts)),
        ));
    }
    if *a == Assumption::DemandRange {
        return Some((
            "jedes Token mit der Obergrenze in J/Token des Benchmarks, zwischen den Token keine Leistungsaufnahme"
                .to_owned(),
            "jede Karte ganztägig an ihrer Leistungsgrenze, unabhängig vom Bedarf".to_owned(),
        ));
    }
    let Assumption::PowerLimitDiffers { limit_watts, setting_watts, .. } = a else { return None };
    let (limit, setting) = (n(*limit_watts), n(*setting_watts));
    Some(if limit_watts < setting_watts {
        (
            format!("Durchsatz unverändert bei {limit} W (das Beste, was eine niedrigere Grenze erreichen kann)"),
            format!("Durchsatz sinkt im Verhältnis zur Leistung: die Obergrenze bei der Einstellung des Ergebnisses ({setting} W)"),
        )
    } else {
        (
            format!("Durchsatz steigt im Verhältnis zur Leistung: die Obergrenze bei der Einstellung des Ergebnisses ({setting} W)"),
            format!("Durchsatz unverändert bei {limit} W (die zusätzliche Leistung bringt nichts)"),
        )
    })
}

pub const DE: Strings = Strings {
    language_label: "Sprache",
    skip_link: "Zu den Kennzahlen springen",
    doc_title: "token-energy · GPU-Energie je LLM-Token",
    boot_status: "Wird berechnet …",
    lede: "Was ein Token eines großen Sprachmodells an GPU-Energie kostet: aus der Leistungsgrenze der Karten und einem veröffentlichten Durchsatz, jede Zahl mit ihrer Art und Quelle.",
    open_full: "Den vollständigen Rechner öffnen ↗",
    method_link: "Methode und Zitierweise ↗",
    modes_label: "Bereiche",
    mode_calculator: "Rechner",
    mode_measure: "Selbst messen",
    config_title: "Konfiguration",
    own_throughput: "Eigener gemessener Durchsatz",
    not_published: " (nicht veröffentlicht)",
    throughput_label: "Durchsatz: MLPerf-Ergebnis oder eigener Messwert",
    hint_result: "Der Durchsatz zählt Ausgabe-Token, also den Text, den das Modell schreibt; die gelesenen Prompt-Token zählen nicht mit.",
    which_scenario: " Was passt: Interaktiv für einen Chatbot, Server für Anfragen vieler Nutzer, Offline für Stapelverarbeitung.",
    tps_hint: "Ausgabe-Token je Sekunde, die ein Server bei der unten eingestellten Leistungsgrenze erzeugt hat.",
    per_card: " je Karte",
    slider_label: "Leistungsgrenze je Karte, Schieberegler",
    lg_summary: "Einstellbarer Leistungsbereich Ihrer Karte (nvidia-smi)",
    lg_query: "zeigt Min Power Limit und Max Power Limit der gelieferten Karte; sie können vom veröffentlichten Bereich abweichen: Eine RTX PRO 6000 Server Edition im 450-W-Kabelmodus meldet höchstens 450 W.",
    lg_set: "setzt eine Grenze innerhalb dieses Bereichs (hier 450 W für GPU 0); dazu sind Root-Rechte erforderlich.",
    lg_check: "Eine so gesetzte Grenze übersteht keinen Neustart und kein Neuladen des Treibers: Prüfen Sie danach, ob sie noch gilt. DCGM meldet die Grenze, die der Treiber durchsetzt, als",
    ok: "Verstanden",
    figures_title: "Kennzahlen",
    figure_token: "Energie je Ausgabe-Token",
    figure_million: "Je Million Ausgabe-Token",
    figure_measured: "Gemessene Energie je Token",
    figure_board: "GPU-Leistung je Server",
    figure_day: "Energie je Tag, alle Server",
    figure_heat: "Wärmelast, alle Server",
    bound_board: "Jede Karte an ihrer Leistungsgrenze: nur die GPU-Boards, kein Messwert. Server nehmen mehr auf (Prozessoren, Lüfter, Netzteile).",
    bound_token: "Höchstens so viel GPU-Board-Energie je Token bei diesem Durchsatz und dieser Grenze; kein Messwert, ohne Prozessoren, Lüfter, Netzteile und Kühlung.",
    bound_day: "Jede Karte 24 Stunden an ihrer Grenze, ob ausgelastet oder im Leerlauf: eine Obergrenze für die GPU-Boards aller Server.",
    bound_heat: "Die gesamte elektrische Leistung wird im Raum zu Wärme; dies ist der Anteil der GPU-Boards an ihrer Grenze.",
    not_available: "Erst verfügbar, wenn die Felder oben gültig sind.",
    range_to: " bis ",
    at: "bei",
    from: "Quelle: ",
    kind_ceiling: "Obergrenze der GPU-Boards",
    kind_measured_node: "Messwert · ganzer Server, netzseitig (AC)",
    kind_measured_board: "Messwert · GPU-Boards",
    kind_estimate: "Schätzung für die GPU-Boards",
    short_ceiling: "Obergrenze, GPU-Boards",
    short_measured_node: "Messwert, ganzer Server",
    short_measured_board: "Messwert, GPU-Boards",
    short_estimate: "Schätzung, GPU-Boards",
    short_throughput: "wie veröffentlicht bzw. eingegeben",
    short_throughput_scaled: "Schätzung, je Karte skaliert",
    explain_node: "Von MLPerf Power am Netzeingang (AC) für den ganzen Server gemessen, in der Konfiguration, mit der das Ergebnis erzielt wurde.",
    explain_board: "Nur an den GPU-Boards gemessen.",
    scope_note: "Eine Obergrenze der GPU-Boards kann unter einem Messwert des ganzen Servers liegen: Die Obergrenze zählt nur die GPU-Boards, das Messgerät am Netzeingang auch Prozessoren, Speicher, Lüfter und Netzteilverluste.",
    capped_title: "Veröffentlichte Ergebnisse mit gesenkter Leistungseinstellung",
    other_systems: "Andere Systeme: ein Hinweis auf den Trend, kein Messwert Ihres Systems.",
    entry: " · Eintrag ",
    power_setting: "Leistungseinstellung",
    not_stated: "nicht angegeben",
    published: " · veröffentlicht ",
    notices_changed: "Dieser Link wurde teilweise angepasst",
    notices_unusable: "Dieser Link enthält Werte, die die Seite nicht verwenden kann",
    data_notice_title: "Werte aus dem heutigen Datenstand",
    data_unversioned: "Dieser Link entstand, bevor Links einen Datenstand trugen: seine Werte können sich seither geändert haben.",
    data_nothing_since: "Seither hat sich nichts geändert, was diese Konfiguration betrifft.",
    dismiss: "Ausblenden",
    share_title: "Diese Konfiguration teilen",
    share_url_label: "Link zu dieser Konfiguration",
    copy_link: "Link kopieren",
    print: "Übersicht drucken",
    copied: "Link kopiert.",
    copy_refused: "Dieser Browser erlaubt hier kein Kopieren: Bitte den Link oben markieren und von Hand kopieren.",
    opening_restores: "Der Link stellt beim Öffnen jedes Feld wieder her.",
    quote_title: "Richtwert-Übersicht",
    quote_hint: "Wird auf das Blatt gedruckt und im Link gespeichert.",
    sheet_title: "token-energy · Richtwert-Übersicht",
    sheet_qr_label: "QR-Code des Links zu diesem Vergleich",
    sheet_qr_caption: "Scannen öffnet diese Konfigurationen auf der Seite, jedes Feld wie hier.",
    sheet_link_label: "Link zu dieser Übersicht: ",
    customer: "Kunde: ",
    reference: "Referenz: ",
    own_sheet: "Ihr Modell: ",
    per_day: "kWh/Tag",
    per_year: "je Jahr",
    storage_refused: "Dieser Browser hat den Vergleich nicht gespeichert (privater Modus, oder der Speicher ist voll oder gesperrt): Er steht nur im Link.",
    offered_by: |name| format!("Bereitgestellt von {name}"),
    field,
    scenario,
    scenario_explanation,
    accuracy: |a| format!(", Genauigkeit {}", a.replace('.', ",")),
    unit,
    unit_one,
    hint,
    input_error,
    adjustment,
    notice,
    data_older: |version, date, current| {
        // German dates, never ISO beside them (issue 53).
        let date = long_date(date);
        format!("Erstellt mit dem Datenstand {version} vom {date}; die Seite zeigt den heutigen, {current}. Seither geändert, für das Gezeigte:")
    },
    data_unknown: |version, current| {
        format!("Den Datenstand „{version}“ kennt diese Seite nicht; sie zeigt ihren eigenen, {current}, und die Werte können von damals abweichen.")
    },
    assumption,
    range_ends,
    your_input: |field| format!("Ihre Eingabe ({field})"),
    your_paste: |input| format!("Ihr eingefügter Text ({input})"),
    live: |label, value, kind| match value {
        Some(v) => format!("{label}: {v}, {kind}."),
        None => format!("{label}: nicht verfügbar."),
    },
    published_at: |id, watts| format!("{id} wurde mit {watts} W je Karte veröffentlicht. "),
    use_instead: |id| format!("{id} statt einer Spanne verwenden"),
    more_results: |count| if count == 1 { "1 weiteres veröffentlichtes Ergebnis oder Vergleichspaar".to_owned() } else { format!("{count} weitere veröffentlichte Ergebnisse und Vergleichspaare") },
    cap_pair: |p: &CapPair| {
        format!(
            "{} × bei {}: {} Token/s ({}) gegenüber {} Token/s bei {} ({}): {} % {} Durchsatz bei der niedrigeren Einstellung.",
            p.cards,
            p.low_setting,
            p.low_tps,
            p.low_id,
            p.high_tps,
            p.high_setting,
            p.high_id,
            p.percent,
            if p.less { "weniger" } else { "mehr" }
        )
    },
    share_warning: |fields| {
        format!("Dieser Link behält den ungültigen Wert in: {fields}. Wer ihn öffnet, sieht dieselbe Meldung.")
    },
    copied_with: |fields| format!("Link kopiert, mit dem ungültigen Wert in: {fields}."),
    catalogue_line: |version, updated| format!(" · Katalog {version} ({})", long_date(updated)),
    sheet_terms: |date, version| {
        let date = if date.is_empty() { String::new() } else { format!(", Stand {date}") };
        format!("Unverbindliche Schätzung{date}, Katalogdaten {version}: Obergrenzen und Schätzungen aus veröffentlichten Zahlen, kein Angebot.")
    },
    sheet_from: |name, contact| match contact {
        Some(c) => format!("Von {name} · {c}"),
        None => format!("Von {name}"),
    },
    configuration: |servers, gpus, card, watts, throughput| {
        format!("{servers} Server × {gpus} × {card} bei {watts} W je Karte · {throughput}")
    },
    weights: |precision| format!("{precision}-Gewichte"),
    result_power: |power| match power {
        ResultPower::Stated(w) => format!("{} W", n(w)),
        ResultPower::Rated(w) => format!("{} W Nennleistung", n(w)),
        ResultPower::NotStated => "Leistung nicht angegeben".to_owned(),
    },
    precision: |p| match (p, p.served()) {
        (crate::precision::Precision::Transformed { transformations, .. }, Some(w)) => {
            if transformations.contains("quantization") {
                format!("{w}-Gewichte, quantisiert")
            } else {
                format!("{w}-Gewichte, umgewandelt")
            }
        }
        (_, Some(w)) => format!("{w}-Gewichte"),
        (_, None) => format!("ausgehend von {}; Format im Betrieb nicht angegeben", p.started_from()),
    },
    precision_cell: |p| p.served().unwrap_or_else(|| format!("{} → nicht angegeben", p.started_from())),
    own_throughput_words: |tps| format!("eigener Durchsatz {tps} Ausgabe-Token/s je Server"),
    arch_name,
    own_size_words,
    own_model_words,
    own_proxy,
    plan_title: "Einsatz planen",
    plan_intro: "Jedes Feld ist optional; die Kennzahlen verwenden die Konfiguration oben.",
    plan_print: "Planung: ",
    own_legend: "Ihr Modell",
    own_hint: "Das Modell, das Sie betreiben wollen: ein Name, ein Link zu seiner Modellkarte oder wo seine Angaben stehen (eine Tabelle, eine E-Mail, ein Export). Wird auf das Blatt gedruckt und im Link gespeichert; die Werte bleiben die eines veröffentlichten Benchmarks.",
    arch_unset: "keine Angabe",
    own_size_moe: "bei MoE die aktiven",
    legend_demand: "Bedarf und Auslastung",
    legend_site: "Server und Rechenzentrum",
    legend_price: "Preis und CO₂",
    legend_electrics: "Elektrischer Anschluss",
    phase_one: "einphasig",
    phase_three: "dreiphasig (Außenleiterspannung)",
    scope_label: "Bilanzgrenze: ",
    idle_hint: "0 bis zur Leistungsgrenze je Karte",
    word_ceiling: "Obergrenze",
    word_measured: "Messwert",
    word_estimate: "Schätzung",
    need_server: "eine gültige Karte, Kartenzahl je Server und Leistungsgrenze",
    need_servers: "eine gültige Anzahl Server",
    need_site: "gültige Werte für Server, Auslastung, Leerlauf, Zusatzleistung und PUE",
    need_site_token: "gültige Werte für Durchsatz, Auslastung, Leerlauf, Zusatzleistung und PUE",
    need_demand: "Ausgabe-Token je Tag und einen gültigen Durchsatz",
    need_price: "einen Strompreis",
    need_co2: "einen CO₂-Emissionsfaktor des Stroms",
    need_answer: "Ausgabe-Token je Antwort",
    need_volts: "eine Versorgungsspannung",
    need_rack: "ein Leistungsbudget je Rack",
    scope_throughput: "Durchsatz je Server",
    p_site_power: "RZ-Leistung",
    p_site_day: "RZ-Energie je Tag",
    p_site_year: "RZ-Energie je Jahr",
    p_site_token: "RZ-Energie je Ausgabe-Token",
    p_cost_year: "Stromkosten je Jahr",
    p_cost_mtok: "Stromkosten je Million Ausgabe-Token",
    p_co2_year: "Emissionen je Jahr",
    p_co2_mtok: "Emissionen je Million Ausgabe-Token",
    p_answer: "RZ-Energie je Antwort",
    p_heat: "Wärmelast der IT bei Spitzenlast in BTU/h",
    p_cooling: "Wärmelast der IT",
    p_busy_load: "Auslastung der Server in den Betriebsstunden",
    p_streams: "Gleichzeitig aktive Nutzer je Server, höchstens",
    p_rack_positions: "Benötigte Rack-Stellplätze",
    need_users: "gleichzeitig generierende Personen und ein Server- oder Interaktiv-Ergebnis",
    need_positions: "ein Leistungsbudget je Rack und einen Bedarf oder gleichzeitige Personen",
    legend_people: "Personen und Geschwindigkeit",
    more_intro: "Weitere Kennzahlen mit ",
    method_formulas: "Formeln, Methode und Zitierweise",
    same_as_token: "Dieselben Annahmen wie bei der Energie je Ausgabe-Token, oben.",
    glossary_title: "Begriffe",
    g_tgp: "TGP (Total Graphics Power)",
    g_tgp_dd: "Die Nennleistung einer Karte, wie ihr Hersteller oder ein MLPerf-Einreicher sie angibt („H200 TGP 600W“); der Zähler einer Obergrenze.",
    g_precision: "Gewichte in FP16, FP8, FP4",
    g_precision_dd: "Das Zahlenformat der Modellgewichte eines Ergebnisses. Weniger Bits bringen auf derselben Karte meist mehr Token je Sekunde; Ergebnisse unterschiedlicher Genauigkeit sind daher nicht gleichwertig.",
    g_closed: "Closed, Available",
    g_closed_dd: "Die Closed-Division von MLPerf lässt das Referenzmodell nach gemeinsamen Regeln und Genauigkeitszielen laufen; Available heißt, das System ist bei Veröffentlichung der Ergebnisse zu kaufen oder zu mieten.",
    g_pue: "PUE",
    g_pue_dd: "Power Usage Effectiveness: die Gesamtenergie eines Rechenzentrums geteilt durch die seiner IT; 1 heißt: kein Aufwand für Kühlung oder Verteilung.",
    g_pf: "Leistungsfaktor",
    g_pf_dd: "Wirkleistung geteilt durch Scheinleistung: Strom = W ÷ (V × Leistungsfaktor), ein niedrigerer Faktor zieht bei gleicher Leistung mehr Strom.",
    g_line: "Außenleiterspannung",
    g_line_dd: "Bei Drehstrom die Spannung zwischen zwei Außenleitern (400 V in weiten Teilen Europas); Phasenstrom = W ÷ (√3 × V × Leistungsfaktor).",
    g_enefg: "EnEfG",
    g_enefg_dd: "Das deutsche Energieeffizienzgesetz; sein § 11 setzt PUE-Grenzen für Rechenzentren.",
    plan_chart_summary: "J/Token inkl. PUE und kWh je Tag über der mittleren Auslastung",
    answer_hint_invalid: "Die Antwort wartet auf gültige Werte in den Feldern mit Hinweis, in der Konfiguration oder unter ",
    answer_hint_before: "Für Server, Energie, Kosten und CO₂ je Jahr geben Sie unter „Einsatz planen“ ",
    answer_hint_demand: "Ausgabe-Token je Tag",
    answer_hint_or: " oder ",
    answer_hint_users: "gleichzeitig generierende Personen",
    answer_hint_after: " an.",
    answer_sources_label: "Woher diese Werte stammen",
    answer_sources: "Quellen und Annahmen der Planung ↓",
    more_and: " und ",
    more_demand: "Ausgabe-Token je Tag (Server, Auslastung und Energie für den Bedarf)",
    more_price: "einem Strompreis (Kosten)",
    more_co2: "einem CO₂-Emissionsfaktor (Emissionen)",
    more_rack: "einem Leistungsbudget je Rack (passt es hinein?)",
    more_volts: "einer Versorgungsspannung (Phasenstrom)",
    more_answer: "Token je Antwort (Energie je Antwort)",
    eu_words: "Betreiber von Rechenzentren, deren installierte Informationstechnik einen Leistungsbedarf von mindestens 500 kW hat, übermitteln Angaben an die Europäische Datenbank über Rechenzentren (sinngemäß nach Art. 1 der Delegierten Verordnung (EU) 2024/1364 der Kommission)",
    eu_legal: ". Ob die Verordnung für ein Rechenzentrum gilt, ist eine rechtliche Prüfung, die diese Seite nicht ersetzt. ",
    eu_none: "EU-Meldeschwelle: — (benötigt eine gültige Anzahl Server).",
    chart_load: "mittlere Auslastung",
    chart_key_j: "━ J/Token inkl. PUE (links)",
    chart_key_kwh: "┅ kWh je Tag (rechts)",
    plan_empty: |default| default.map_or_else(|| "optional".to_owned(), |d| format!("ohne Angabe: {d}")),
    refs_label: |field| format!("Richtwerte: {field}"),
    use_value: |value| format!("{value} übernehmen"),
    scope_server: |watts| watts.map_or_else(|| "Server (keine Zusatzleistung eingegeben)".to_owned(), |w| format!("Server (+{w} W Zusatzleistung)")),
    scope_site: |pue| pue.map_or_else(|| "Rechenzentrum (PUE 1: nichts angerechnet)".to_owned(), |p| format!("Rechenzentrum (PUE {p})")),
    plan_scope: |server, site| match (server, site) {
        (false, false) => "GPU-Boards",
        (true, false) => "GPU-Boards + Server",
        (false, true) => "GPU-Boards + Rechenzentrum",
        (true, true) => "GPU-Boards + Server + Rechenzentrum",
    },
    needs: |what| format!("Benötigt {what}."),
    eu_reports: |kwh| {
        let own = kwh.map_or_else(String::new, |k| format!(" Die Energie dieser Planung, {k} je Jahr, ist eine solche Angabe."));
        format!(
            "Was gemeldet wird: jährlich an die Europäische Datenbank über Rechenzentren (direkt oder über ein nationales Meldesystem) übermittelt, unter anderem der Energieverbrauch des Rechenzentrums und seiner Informationstechnik in kWh.{own}"
        )
    },
    eu: |reached, kw| {
        if reached {
            format!("EU-Meldeschwelle erreicht: {kw} kW IT-Leistung (Karten an der Leistungsgrenze), also mindestens 500 kW. ")
        } else {
            format!("Unter der EU-Meldeschwelle: {kw} kW IT-Leistung (Karten an der Leistungsgrenze), weniger als 500 kW. ")
        }
    },
    plan_notice,
    sources_summary: |n| if n == 1 { "1 Quelle".to_owned() } else { format!("{n} Quellen") },
    answer_rack_fit: |n, boards_only| if boards_only {
        format!("nur GPU-Boards: höchstens {n} je Rack; die Leistungsaufnahme des Servers ohne GPUs (CPU, Lüfter, Netzteilverluste) kommt hinzu")
    } else {
        format!("höchstens {n} Server je Rack")
    },
    refs_summary: |n| if n == 1 { "1 veröffentlichter Richtwert".to_owned() } else { format!("{n} veröffentlichte Richtwerte") },
    with_basis: |label, basis| match basis {
        EnergyBasis::Demand => format!("{label}, für den Bedarf"),
        EnergyBasis::Load => format!("{label}, bei mittlerer Auslastung"),
        EnergyBasis::Limit => format!("{label}, jede Karte ganztägig an ihrer Grenze"),
    },
    rack_boards_only: |n| format!("Nur GPU-Boards: höchstens {n}; für ganze Server tragen Sie die Leistungsaufnahme des Servers ohne GPUs (CPU, Lüfter, Netzteilverluste) unter „Zusatzleistung je System“ ein."),
    water_parts: |on, off| format!("Vor Ort {on} L, bei der Stromerzeugung {off} L: verbrauchtes (verdunstetes) Wasser, nicht der Wasserzufluss, den die WUE der EU zählt."),
    embodied_unpublished: |card| format!("Herstellungs-Fußabdruck: für die {card} nicht veröffentlicht."),
    noun_label: |label, noun| {
        use super::NounLabel as L;
        use crate::system::Noun as N;
        match (label, noun) {
            (L::Needed, N::Server) => "Benötigte Server für den Bedarf",
            (L::Needed, N::Rack) => "Benötigte Racks für den Bedarf",
            (L::Needed, N::System) => "Benötigte Systeme für den Bedarf",
            (L::Peak, N::Server) => "Spitzenleistung je Server",
            (L::Peak, N::Rack) => "Spitzenleistung je Rack",
            (L::Peak, N::System) => "Spitzenleistung je System",
            (L::ItPower, N::Server) => "IT-Leistung, alle Server",
            (L::ItPower, N::Rack) => "IT-Leistung, alle Racks",
            (L::ItPower, N::System) => "IT-Leistung, alle Systeme",
            (L::Amps, N::System) => "Phasenstrom je Server oder Rack bei Spitzenlast",
            (L::Amps, N::Rack) => "Phasenstrom je Rack bei Spitzenlast",
            (L::Amps, _) => "Phasenstrom je Server bei Spitzenlast",
            (L::PerPosition, N::System) => "Server oder Racks je Stellplatz",
            (L::PerPosition, N::Rack) => "Racks je Stellplatz",
            (L::PerPosition, _) => "Server je Rack",
            (L::OneMore, N::Rack) => "Leistungsgrenze je Karte, damit ein Rack ins Budget passt",
            (L::OneMore, _) => "Leistungsgrenze je Karte, damit ein weiterer Server ins Rack passt",
            (L::Board, N::Server) => "GPU-Leistung je Server",
            (L::Board, N::Rack) => "GPU-Leistung je Rack",
            (L::Board, N::System) => "GPU-Leistung je System",
            (L::Day, N::Server) => "Energie je Tag, alle Server",
            (L::Day, N::Rack) => "Energie je Tag, alle Racks",
            (L::Day, N::System) => "Energie je Tag, alle Systeme",
            (L::Heat, N::Server) => "Wärmelast, alle Server",
            (L::Heat, N::Rack) => "Wärmelast, alle Racks",
            (L::Heat, N::System) => "Wärmelast, alle Systeme",
            (L::BusyLoad, N::Server) => "Auslastung der Server in den Betriebsstunden",
            (L::BusyLoad, N::Rack) => "Auslastung der Racks in den Betriebsstunden",
            (L::BusyLoad, N::System) => "Auslastung der Systeme in den Betriebsstunden",
            (L::Throughput, N::Server) => "Durchsatz je Server",
            (L::Throughput, N::Rack) => "Durchsatz je Rack",
            (L::Throughput, N::System) => "Durchsatz je System",
            (L::PartPeak, N::Rack) => "Spitzenleistung je Rack des Systems",
            (L::PartPeak, _) => "Spitzenleistung je Server des Systems",
        }
    },
    scope_system: |site| if site { "Gesamtsystem + Rechenzentrum" } else { "Gesamtsystem" },
    system_line,
    sign_off,
    // Issue 48
    grid_cooling: "Kühlung",
    cooling_kind: |c| match c {
        crate::compare::Cooling::Air => "Luft",
        crate::compare::Cooling::Liquid => "Flüssigkeit",
        crate::compare::Cooling::Hybrid => "Flüssigkeit für GPUs und Prozessoren, Luft für den Rest",
        crate::compare::Cooling::NotPublished => "nicht veröffentlicht",
    },
    grid_it_heat: "Wärmelast der IT bei Spitzenlast, alle Systeme (BTU/h)",
    overhead_unpublished: "Für diesen Server nicht veröffentlicht; ablesen mit ",
    overhead_unpublished_after: ", abzüglich power.draw der GPUs.",
    chart_label: |j, kwh| format!("J/Token inkl. PUE (bis {j} bei 10 % Last) und kWh je Tag (bis {kwh}) über der Auslastung von 10 bis 100 %."),
    table_hint: "Zeilen mit Obergrenze: Leistungseinstellung der Karten ÷ veröffentlichter Durchsatz, nur GPU-Boards. Zeilen mit Messwert: mittlere Leistungsaufnahme des ganzen Servers am Netzeingang (AC) laut MLPerf Power ÷ derselbe Durchsatz. ",
    table_choose: " Wählen Sie eine Zeile, um ihre Konfiguration zu laden.",
    table_about: "Was die Zeilen angeben",
    col_result: "Ergebnis",
    col_card: "Karte × Anzahl",
    col_precision: "Präzision",
    col_power: "Leistung",
    col_wh: "Wh je Million Token",
    col_kind: "Art",
    note_mean: "Mittelwert, Server",
    note_stated: "angegeben",
    note_rated: "Nennleistung",
    your_configuration: " ◀ Ihre Konfiguration",
    mlcommons_page: "MLCommons-Seite",
    all_scenarios: "Alle Szenarien",
    all_cards: "Alle Karten",
    all_vendors: "Alle Hersteller",
    filter_vendor: "Hersteller",
    filter_size: "Systemgröße",
    all_sizes: "Jede Größe",
    size_server: "Ein Server",
    size_nodes: "Mehrere Knoten",
    size_rack: "Ganze Racks (NVL72)",
    system_layout: |nodes, per_node, total, racks| {
        let racks = match racks {
            Some((1, name)) => format!(", ein {name}-Rack"),
            Some((n, name)) => format!(", {n} {name}-Racks"),
            None => String::new(),
        };
        format!("{nodes} Knoten × {per_node} = {total} GPUs{racks}")
    },
    table_title: |name, accuracy| format!("Veröffentlichte Ergebnisse, {name}{}", accuracy.map(|a| format!(" (Genauigkeitsziel {})", a.replace('.', ","))).unwrap_or_default()),
    load_row: |id, scenario| format!("{id} {scenario} in den Rechner laden"),
    rows_count: |shown, total| format!("{shown} von {total} Zeilen"),
    show_all: |total| format!("Alle {total} anzeigen"),
    decimal: |text| text.replace('.', ","),
    fact_max: "Nennleistung (Maximum)",
    fact_min: "Kleinste einstellbare Leistungsgrenze",
    fact_memory: "Speicher",
    fact_unpublished: "nicht veröffentlicht",
    fact_measured: "Gemessene Energie",
    method_title: "So wird gerechnet",
    m_board_dd: "Karten je Server × Leistungsgrenze je Karte (W)",
    m_token_dd: "Leistungsaufnahme der Boards (W) ÷ Ausgabe-Token je Sekunde = Joule je Token",
    m_million: "Je Million Token",
    m_million_dd: "J/Token × 1.000.000 ÷ 3.600 = Wh je Million Token (1 J/Token ≈ 277,8 Wh)",
    m_day: "Energie je Tag",
    m_day_dd: "Leistungsaufnahme der Boards × Server × 24 h: jede Karte rund um die Uhr an ihrer Grenze, ob ausgelastet oder im Leerlauf",
    m_heat: "Wärmelast",
    m_heat_dd: "diese Leistung wird vollständig zu Wärme: 1 W = 3,412141633 BTU/h",
    m_kinds: "Arten von Kennzahlen",
    m_ceiling_dd: ": eine aus der Leistungsgrenze berechnete Obergrenze, kein Messwert. Die Karten können durchaus weniger aufgenommen haben. Sie zählt nur die GPU-Boards: Prozessoren, Speicher, Lüfter, Netzteilverluste und Kühlung kommen hinzu. Sie gilt nur bei der Leistungseinstellung, für die der Durchsatz veröffentlicht wurde.",
    m_measured_dd: ": ein gemessener Wert, mit seinem Messumfang. MLPerf Power misst den ganzen Server netzseitig (AC), während des Messfensters des Benchmarks.",
    m_estimate_dd: ": ein Wert, der auf einer Annahme beruht, die diese Seite daneben nennt, etwa ein auf eine andere Kartenzahl umgerechneter Durchsatz oder einer, der bei einer Leistungsgrenze verwendet wird, für die er nicht veröffentlicht wurde.",
    m_why: "Warum eine Obergrenze zu hoch liegt und was den echten Wert bewegt",
    m_overestimate: "Eine Karte nimmt selten in jedem Moment ihre Nennleistung auf; eine aus der Nennleistung geschätzte Energie liegt darum fast immer zu hoch. Darauf weist das ML.ENERGY-Team hin, und deshalb misst es. Eine Obergrenze ist hier eine solche obere Schranke, nie ein Messwert.",
    m_batch: "Batchgröße und Auslastung: Beim Generieren liest jeder Schritt die Gewichte eines dichten Modells einmal für den ganzen Batch; mehr gleichzeitige Anfragen verteilen also fast dieselbe Leistung der Karte auf mehr Token. Die Energie je Token sinkt mit der Parallelität und flacht ab, wenn die GPU sich der Sättigung nähert; ML.ENERGY hat allein durch die GPU-Auslastung Unterschiede um das 3- bis 5-Fache gemessen. Auch Leerlaufstunden zählen: Ein wenig genutzter Server braucht je Token weit mehr als ein ausgelasteter.",
    m_prompt: "Prompt-Länge: Jede Zahl hier gilt je Ausgabe-Token. Lange Prompts (Retrieval, RAG) kosten zusätzlich Prefill-Energie, die eine Zahl je Ausgabe-Token verbirgt; „Selbst messen“ zeigt die Prompt-Token neben den Ausgabe-Token, damit beide zusammen gelesen werden.",
    m_same_load: "Nur bei gleicher Last vergleichen: Token/s je Nutzer (Token/s ÷ Parallelität) und die Leistungsgrenze neben jedem Ergebnis festhalten.",
    m_cite_title: "Zitieren",
    ctx_title: "Anderswo gemessen, zur Einordnung",
    ctx_hint: "Von Forschenden gemessene GPU-Energie auf anderer Karte und mit anderem Modell: nicht eins zu eins mit den Obergrenzen oben vergleichbar, aber ein Anhaltspunkt dafür, was Karten tatsächlich aufnehmen.",
    sources_title: "Quellen",
    imprint: "Impressum",
    privacy: "Datenschutzerklärung",
    legal_label: "Über den Anbieter",
    offline_copy_title: "Offline-Kopie",
    trademark_own: "Die hier zitierten Ergebnisse wurden von der MLCommons Association geprüft; die daraus abgeleiteten Energiewerte sind eine Berechnung dieser Seite, keine MLPerf-Metriken.",
    per_response: |j| format!(", {j} J je Antwort"),
    no_measurement: |v| format!("Für diese Karte ist keine Messung veröffentlicht (Datenstand {v})."),
    round_gap: |newest, date, rounds| format!("MLPerf Inference {newest} ({date}) veröffentlicht kein LLM-Ergebnis für diese Karte; ihre neuesten hier stammen aus {rounds}."),
    // German dates, never ISO beside them (issue 53).
    method_version: |m, v, u| format!("Methodenversion {m} · Datenstand {v} ({})", long_date(u)),
    method_cite: |m, v, u| format!("token-energy, Energie je LLM-Ausgabe-Token aus veröffentlichtem Durchsatz und Leistungsgrenzen, Methodenversion {m}, Datenstand {v} ({}), mit dem Link zur zitierten Konfiguration.", long_date(u)),
    data_version: |version, updated| format!("Katalogversion {version} · zuletzt aktualisiert {}", long_date(updated)),
    source_read: |iso| format!("abgerufen am {}", super::catalogue_date(iso, Lang::De)),
    card_name: |card| super::card_name(card, Lang::De),
    source_entry: |source| super::source_entry(source, Lang::De),
    offline_copy: |date, version| {
        let date = long_date(date);
        format!("Das Netz war nicht erreichbar: Dies ist die Kopie der Seite, die dieser Browser am {date} gespeichert hat, mit dem Datenstand {version}. Seither kann eine neuere Version erschienen sein.")
    },
    charts_title: "Diagramme",
    bar_caption: "Balken: Obergrenzen der GPU-Boards bei der eigenen Einstellung jedes Ergebnisses. ◆: MLPerf Power, ganzer Server, netzseitig (AC). ◀ Ihre Konfiguration, ◇ verglichene.",
    limit_title: "Obergrenze in J/Token über der Leistungsgrenze je Karte",
    w_per_card: "W je Karte",
    limit_caption: "Band: die Spanne, die eine Grenze ergibt, vom bei jeder Grenze unveränderten Durchsatz des Ergebnisses (Linie) bis zum Durchsatz im Verhältnis zur Leistung (seine eigene Obergrenze). ●: seine eigene Einstellung. ■: veröffentlichte Ergebnisse mit gesenkter Einstellung. Gestrichelter Bereich: dort ist nichts veröffentlicht.",
    bar_measured: |j| format!(", Messwert ganzer Server: {j}"),
    bar_title: |benchmark, scenario| format!("Obergrenzen der GPU-Boards in J/Token, {benchmark} {scenario}"),
    bar_more: |n| format!(" {n} weitere Ergebnisse stehen in der Tabelle unten."),
    limit_unknown: |w| format!("Unbekannt: unter {w} W ist nichts veröffentlicht"),
    limit_unpublished: |w| format!("Für diese Karte ist unter {w} W nichts veröffentlicht: Die beiden Enden der Spanne sind reine Rechnung, und die Karte nimmt diese Grenze womöglich nicht an. nvidia-smi -q -d POWER zeigt das Min Power Limit Ihrer Karte."),
    limit_above_mode: |mode, w| format!("Im {mode} meldet die Karte höchstens {w} W und nimmt diese Grenze nicht an."),
    enforced_limit: |enforced, typed, agree| match (typed, agree) {
        (Some(t), true) => format!("Der eingefügte Text meldet eine durchgesetzte Grenze von {enforced} W je GPU, wie eingetragen ({t} W)."),
        (Some(t), false) => format!("Der eingefügte Text meldet eine durchgesetzte Grenze von {enforced} W je GPU, nicht die für diesen Lauf eingetragenen {t} W: Der Treiber hat eine andere Grenze durchgesetzt (nach einem Neustart oder Neuladen des Treibers erneut setzen?)."),
        (None, _) => format!("Der eingefügte Text meldet eine durchgesetzte Grenze von {enforced} W je GPU; tragen Sie die Leistungsgrenze des Laufs ein, um zu vergleichen."),
    },
    limit_held: |j0, w0, j1, w1| format!("Durchsatz unverändert: {j0} J/Token bei {w0} W bis {j1} J/Token bei {w1} W"),
    compare_title: "Konfigurationen vergleichen",
    compare_name_label: "Name für die Konfiguration oben",
    compare_add: "Zum Vergleich hinzufügen",
    remove: "Entfernen",
    differences_against: "Unterschiede gegenüber",
    best_hint: "★ nur bei Kennzahlen je Arbeitseinheit: Energie je Token oder je Antwort und je Jahr, wenn jede Konfiguration für denselben Bedarf ausgelegt ist; nie bei einer Leistung, einem Tag an der Leistungsgrenze oder einem Durchsatz (am niedrigsten oder höchsten für das, was am wenigsten oder meisten leistet), nie zwischen Spannen, die sich überschneiden, oder zwischen Kennzahlen verschiedener Art. Sind alle Werte Obergrenzen, steht dort „niedrigste Obergrenze“: eine Grenze aus der Nennleistung, keine gemessene Effizienz.",
    lang_id: "de",
    q_opening: "Unverbindliche Energie-Schätzung für GPU-Server (token-energy)",
    q_model: "Modell",
    q_own_model: "Ihr Modell",
    q_customer: "Kunde",
    q_reference: "Referenz",
    q_link: "Link zur Konfiguration",
    q_subject: "Angebotsanfrage: GPU-Server (token-energy)",
    mail_subject: "GPU-Server: unverbindliche Energie-Schätzung (token-energy)",
    summary_label: "Zusammenfassung zum Kopieren, mit Link",
    email_config: "Per E-Mail senden",
    copy_summary: "Zusammenfassung kopieren",
    summary_copied: "Zusammenfassung kopiert.",
    handoff_title: "Weitergeben",
    handoff_hint: "Eine E-Mail an eine Adresse Ihrer Wahl oder eine Zusammenfassung zum Einfügen: die Konfiguration(en), ihre Kennzahlen mit deren Art und der Link. Gesendet wird erst, wenn Sie es tun.",
    notes_assumes: "Annahmen: ",
    notes_sources: "Quellen: ",
    bar_idle: |span| format!("Leerlauf {span} W je Karte, an anderen Servern gemessen: messen Sie Ihren"),
    mail_idle: "Leerlaufleistung: Messwerte anderer Server. Messen Sie Ihre, Modell geladen, ohne Anfragen:",
    mail_wall: "an der Steckdose:",
    notes_all_assume: "Jede Konfiguration nimmt an: ",
    notes_all_sources: "Quellen jeder Konfiguration: ",
    download_csv: "CSV herunterladen",
    download_json: "JSON herunterladen",
    compare_clear: "Vergleich leeren",
    compare_open: "Einen Vergleich öffnen (eine JSON-Datei, die diese Seite heruntergeladen hat)",
    download_refused: "Dieser Browser hat den Download nicht zugelassen.",
    grid_label: "Verglichene Konfigurationen, Kennzahl für Kennzahl",
    col_figure: "Kennzahl",
    baseline_mark: "Referenz",
    best_mark: "★ Bestwert",
    best_ceiling_mark: "★ niedrigste Obergrenze",
    mismatch_intro: "Diese Konfigurationen stehen nicht für dieselbe Arbeit; ihre Unterschiede liegen daher nicht nur an der Hardware:",
    throughput_row: "Ausgabe-Token/s je Server",
    compare_hint: |count, max| format!("Bis zu {max}, in diesem Browser und im Link gespeichert. {count} von {max}."),
    name_of: |n| format!("Name der verglichenen Konfiguration {n}"),
    move_up: |name| format!("{name} nach oben verschieben"),
    move_down: |name| format!("{name} nach unten verschieben"),
    remove_named: |name| format!("{name} entfernen"),
    delta: |percent| format!("{percent} % gegenüber der Referenz"),
    idle_sourced: |w| format!("Leerlauf {w} W je Karte, ein veröffentlichter Messwert:"),
    standing_part: |kwh, share| format!("Grundlast {kwh} ({share} %)"),
    work_part: |kwh| format!("Arbeit {kwh}"),
    box_unit: |field, currency| {
        match field {
            Field::Demand => "Token/Tag",
            Field::Hours => "h/Tag",
            Field::Load => "%",
            Field::Answer => "Token",
            Field::Users => "Personen",
            Field::Speed => "Token/s",
            Field::Idle | Field::Overhead => "W",
            Field::Price => return format!("{currency}/kWh"),
            Field::Co2 => "g CO₂e/kWh",
            Field::Volts => "V",
            Field::Rack => "kW",
            Field::Breaker => "A",
            Field::Derate => "%",
            Field::Wue | Field::Water => "L/kWh",
            Field::Life => "Jahre",
            _ => "",
        }
        .to_owned()
    },
    delta_ends: |low, high| format!("{low} % an den unteren Enden, {high} % an den oberen Enden gegenüber der Referenz"),
    plan_differs: |names| {
        format!(
            "Jede Konfiguration behält die Planung, mit der sie hinzugefügt wurde. {} rechnen mit einer anderen Planung als der auf der Seite (Bedarf, Betriebsstunden, Leistungsaufnahme des Servers, PUE, Preis oder Rack); ihre Planungszeilen sind nicht die der Seite.",
            names.join("; ")
        )
    },
    compare_error: |e| match e {
        CompareError::Full => format!(
            "Der Vergleich umfasst bereits {} Konfigurationen: Bitte eine entfernen, um eine weitere hinzuzufügen.",
            crate::compare::MAX
        ),
        CompareError::Unreadable { position, reason } => {
            let reason = reason.as_ref().map_or_else(|| "sie ist leer".to_owned(), notice);
            format!("Die verglichene Konfiguration {position} ließ sich nicht lesen ({reason}); sie wurde ausgelassen.")
        }
        CompareError::TooMany { given } => format!(
            "{given} Konfigurationen wurden übergeben; der Vergleich behält die ersten {}.",
            crate::compare::MAX
        ),
        CompareError::ForeignFile(why) => foreign(why),
    },
    not_a_comparison: foreign,
    compare_default_name: |f| {
        let count = f.gpus.map_or_else(|| "—".to_owned(), |g| g.to_string());
        // issue 52: the vendor's system leads the name.
        let lead = f.system.as_ref().map_or_else(String::new, |s| format!("{s} · "));
        lead + &match (&f.result, f.own_tps) {
            (Some(id), _) if f.preview => format!("{count} × {} · {id} ({}) · {}", f.card, DE.preview_mark, scenario(f.scenario)),
            (Some(id), _) => format!("{count} × {} · {id} · {}", f.card, scenario(f.scenario)),
            (None, Some(tps)) => format!("{count} × {} · eigener Durchsatz {} Token/s", f.card, number(Lang::De, tps)),
            (None, None) => format!("{count} × {}", f.card),
        }
    },
    compare_subtitle: |f| {
        let n = |v: Option<u32>| v.map_or_else(|| "—".to_owned(), |v| v.to_string());
        let mut parts = vec![format!("{} × {} × {} Server", n(f.gpus), f.card, n(f.servers))];
        match (&f.result, f.own_tps) {
            (Some(id), _) if f.preview => parts.push(format!("MLPerf {id} ({}) · {}", DE.preview_mark, scenario(f.scenario))),
            (Some(id), _) => parts.push(format!("MLPerf {id} · {}", scenario(f.scenario))),
            (None, Some(tps)) => parts.push(format!("eigener Durchsatz {} Token/s", number(Lang::De, tps))),
            (None, None) => {}
        }
        let accuracy = f.benchmark.accuracy().map(|a| format!(" ({})", a.replace('.', ","))).unwrap_or_default();
        parts.push(format!("{}{accuracy}", f.benchmark.name()));
        match (&f.precision, &f.started_from) {
            (Some(p), _) => parts.push(format!("Gewichte {p}")),
            (None, Some(s)) => parts.push(format!("ausgehend von Gewichten {s}")),
            (None, None) => {}
        }
        if let Some(w) = f.watts {
            let limit = format!("{} W je Karte", number(Lang::De, w));
            parts.push(match f.setting.filter(|_| !f.at_setting()) {
                Some(s) => format!("{limit} (veröffentlicht bei {} W)", number(Lang::De, s)),
                None => limit,
            });
        }
        parts.join(" · ")
    },
    mismatch: |m| match m {
        Mismatch::Benchmark => "die Benchmarks (Modelle) unterscheiden sich;",
        Mismatch::Scenario => "die Szenarien unterscheiden sich: Offline hat keine Latenzgrenze, Server und Interaktiv je eine eigene;",
        Mismatch::Precision => "die veröffentlichte Genauigkeit der Gewichte unterscheidet sich;",
        Mismatch::Limit => "einige laufen bei der Leistungseinstellung ihres Ergebnisses, andere bei einer anderen Leistungsgrenze (eine Spanne);",
        Mismatch::Load => "die mittlere Auslastung unterscheidet sich;",
        Mismatch::Demand => "der tägliche Bedarf unterscheidet sich (oder nur einige haben einen).",
        Mismatch::Boundary => "die Spitzenleistungen haben verschiedene Systemgrenzen: manche zählen das ganze System (mit seiner Eigenaufnahme), andere nur die GPU-Boards oder die Boards mit eingetragener Zusatzleistung;",
    },
    mail_value: |value, low, unit, tag| match low {
        Some(low) => format!("{low} bis {value} {unit} ({tag})"),
        None => format!("{value} {unit} ({tag})"),
    },
    q_precision: |published, served, started| match (published, served, started) {
        (_, Some(w), _) => format!("Genauigkeit: {w}-Gewichte, wie veröffentlicht"),
        (_, None, Some(s)) => format!("Genauigkeit: ausgehend von {s}-Gewichten; das ausgeführte Format ist nicht angegeben"),
        (true, None, None) => "Genauigkeit: nicht veröffentlicht".to_owned(),
        (false, None, None) => "Genauigkeit: nicht angegeben (Ihr eigener Durchsatz)".to_owned(),
    },
    mail_too_long: |max| format!("Einen E-Mail-Link über {max} Zeichen schneiden E-Mail-Programme ab: Die E-Mail öffnet sich ohne den Link. Kopieren Sie die Zusammenfassung samt Link hinein."),
    imported: |n, customer, reference, file, page| {
        let mut out = match n {
            1 => "Wiederhergestellt: 1 Konfiguration".to_owned(),
            n => format!("Wiederhergestellt: {n} Konfigurationen"),
        };
        if !customer.is_empty() {
            out.push_str(&format!(", Kunde {customer}"));
        }
        if !reference.is_empty() {
            out.push_str(&format!(", Referenz {reference}"));
        }
        match file {
            Some(v) if v != page => out.push_str(&format!(", Datenstand {v}; diese Seite hat Datenstand {page}, die Kennzahlen sind also die heutigen.")),
            Some(v) => out.push_str(&format!(", Datenstand {v}.")),
            None => out.push_str(&format!("; die Datei nennt keinen Datenstand, die Kennzahlen sind die dieser Seite ({page}).")),
        }
        out
    },

    measure_privacy: "Nichts, was Sie einfügen oder auswählen, verlässt diesen Browser: Gerechnet wird auf dieser Seite, und der Link enthält keinen eingefügten Text.",
    measure_intro: "Lesen Sie den Energiezähler von DCGM und die Token-Zähler der Serving-Engine unmittelbar vor und nach einem Lauf unter konstanter Last ab und fügen Sie jeden Zählerstand in sein Feld ein (oder wählen Sie die gespeicherte Datei).",
    energy_example: "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu=\"0\",UUID=\"GPU-…\",modelName=\"NVIDIA H100 80GB HBM3\"} 319159391\noder dcgmi dmon -e 155,156:\n#Entity  POWER  TOTEC\nID       W      mJ\nGPU 0    512.3  319159391",
    tokens_example: "vllm:generation_tokens_total{engine=\"0\",model_name=\"…\"} 27453.0\nvllm:prompt_tokens_total{engine=\"0\",model_name=\"…\"} 90210.0\n(oder sglang:…, tgi_request_generated_tokens_sum)",
    series_example: "nvidia-smi --query-gpu=timestamp,index,power.draw --format=csv -l 1:\ntimestamp, index, power.draw [W]\n2026/07/14 08:12:53.353, 0, 631.95 W\n…\noder nvidia-smi dmon:\n# gpu    pwr  gtemp …\n    0    631     63 …",
    hint_duration: "Optional: ergibt Token/s und die mittlere Leistungsaufnahme je GPU.",
    hint_idle: "Optional, zusammen mit der Laufzeit: Energie je Token über dem Leerlauf.",
    hint_wall: "Optional: ein Wert vom BMC oder einer messenden PDU über dasselbe Zeitfenster ergibt eine Kennzahl für den ganzen Server.",
    hint_concurrency: "Optional, für das Diagramm: gleichzeitig laufende Anfragen während des Laufs.",
    hint_run_limit: "Optional: die Leistungsgrenze, mit der die GPUs liefen. Die Vergleiche oben verwenden sie (sonst die des Rechners), ebenso das Diagramm.",
    node_note: "Ihr Wert am Netzeingang (BMC oder messende PDU) über den Lauf ÷ die erzeugten Token: der ganze Server, netzseitig (AC).",
    gpu_note: "Σ der Differenzen der GPU-Energiezähler ÷ erzeugte Token: nur GPU-Boards, ohne Prozessoren, Lüfter und Netzteile.",
    own_token: "Ihre Energie je Ausgabe-Token",
    own_gpu_energy: "GPU-Energie über den Lauf",
    own_output: "Erzeugte Ausgabe-Token",
    own_prompt: "Verarbeitete Prompt-Token",
    prompt_note: "Zur Einordnung daneben, wie es die Methode verlangt: J/Token teilt nur durch die Ausgabe-Token, die Prefill-Energie langer Prompts steckt also ungesehen darin.",
    own_tps: "Ausgabe-Token je Sekunde",
    tps_note: "Erzeugte Token ÷ Laufzeit.",
    own_power: "Mittlere Leistungsaufnahme je GPU",
    power_note: "GPU-Energie ÷ Laufzeit ÷ Anzahl GPUs.",
    own_above_idle: "Energie je Token über dem Leerlauf",
    above_idle_note: "(GPU-Energie − Leerlaufleistung × GPUs × Laufzeit) ÷ erzeugte Token.",
    own_node: "Energie des ganzen Servers je Token",
    keep_run: "Diesen Lauf speichern",
    per_gpu: "Je GPU",
    col_energy_j: "Energie (J)",
    col_share: "Anteil",
    col_avg_power: "Mittlere Leistung (W)",
    kept_runs: "Gespeicherte Läufe",
    col_concurrency: "Parallelität",
    col_limit_w: "Leistungsgrenze (W)",
    col_per_user: "Token/s je Nutzer",
    kind_measured_count: "Messwert · vom Inferenzserver gezählt",
    col_run_card: "Karte",
    col_gpus: "Gemessene GPUs",
    col_model: "Modell",
    col_date: "Gespeichert am",
    col_ceiling: "Obergrenze bei seinem Durchsatz (J/Token)",
    chart_against: "Diagramm über: ",
    axis_concurrency: "Parallelität",
    axis_limit: "Leistungsgrenze",
    clear_runs: "Läufe löschen",
    logs_title: "MLPerf-Power-Logs",
    logs_hint: "Die Leistung des Servers so, wie MLCommons sie angibt: der Mittelwert der Messwerte des Leistungsmessgeräts zwischen power_begin und power_end von LoadGen, nicht der Durchschnitt der ganzen Datei (der die Leerlaufzeit um den Lauf einschließt).",
    window_power: "Mittlere Serverleistung im Messfenster",
    window_power_note: "Der ganze Server am Netzeingang (AC), gemessen vom Leistungsmessgerät während des Messfensters von LoadGen.",
    window_token: "Serverenergie je Ausgabe-Token",
    window_token_note: "Die mittlere Leistung im Fenster ÷ die Ausgabe-Token je Sekunde des Laufs laut Detail-Log.",
    pick_file: "oder eine Datei wählen ",
    more_digits: "Eine Stelle mehr",
    // Issue 25: power samples, MIG rows, the two comparisons.
    series_token_note: "Die über den Lauf integrierten Leistungswerte der GPUs ÷ erzeugte Token: nur die GPU-Boards, ohne Prozessoren, Lüfter oder Netzteile.",
    tps_series_note: "Erzeugte Token ÷ Dauer der Leistungsreihe, vom ersten bis zum letzten vollständigen Messwert (keine Laufzeit eingegeben).",
    hint_interval: "Nur für eine Reihe ohne Zeitangaben (nvidia-smi dmon, dcgmi dmon): die Sekunden zwischen ihren Abfragen; leer heißt 1 s, die Voreinstellung von dmon.",
    gpu_row_first_last: "Letzte Abfrage des Zählers abzüglich der ersten.",
    measure_input,
    measure_problem,
    counter_note: |tool| format!("Aus dem Energiezähler von {tool} (Feld 156, mJ)."),
    engine_note: |engine| format!("Zähler der erzeugten Token von {engine}, über alle Zeitreihen summiert."),
    versus_ceiling: |pct, ceiling, range, other, timed| format!(
        "{}Ihr Messwert beträgt {pct} % der Obergrenze ({ceiling} J/Token für die unten eingestellte Karte und Grenze{}). {}",
        other.map_or_else(String::new, |b| format!("Kein Vergleich unter Gleichen: Die Obergrenze gilt für {b}, ein anderes Modell als das, das Ihre Zähler nennen. ")),
        if range { ", das obere Ende ihrer Spanne" } else { "" },
        if timed {
            "Diese Obergrenze gilt nur beim Durchsatz des Rechners: Ein Lauf mit weniger Token je Sekunde und GPU kann darüber liegen."
        } else {
            "Ohne die Laufzeit ist der Durchsatz des Laufs unbekannt, und diese Obergrenze gilt nur beim Durchsatz des Rechners: Ein Lauf mit weniger Token je Sekunde und GPU kann darüber liegen. Geben Sie die Laufzeit ein, um beim eigenen Durchsatz Ihres Laufs zu vergleichen."
        }
    ),
    versus_limit: |pct, watts, from| format!(
        "Die mittlere Leistungsaufnahme beträgt {pct} % der Leistungsgrenze von {watts} W je Karte ({}).",
        match from {
            LimitFrom::Run => "die Grenze des Laufs, wie eingegeben",
            LimitFrom::Calculator => "die Grenze des Rechners; geben Sie unten die Grenze des Laufs ein, falls er mit einer anderen lief",
        }
    ),
    runs_against: |axis| format!("J/Token über {axis}"),
    run_axis: |axis| match axis {
        Axis::Concurrency => "Parallelität",
        Axis::PowerLimit => "Leistungsgrenze je GPU (W)",
    },
    run_point: |axis, at, j| match axis {
        Axis::Concurrency => format!("Parallelität {at}: {j} J/Token"),
        Axis::PowerLimit => format!("Leistungsgrenze {at} W: {j} J/Token"),
    },
    runs_differ: |concurrency, limits| {
        let mut parts = Vec::new();
        if !concurrency.is_empty() {
            parts.push(format!("der Parallelität ({})", concurrency.join("; ")));
        }
        if !limits.is_empty() {
            parts.push(format!("der Leistungsgrenze ({} W)", limits.join("; ")));
        }
        format!(
            "Diese Läufe unterscheiden sich in {}: Ein Lauf mit weniger Nutzern je GPU verteilt dieselbe Leistung auf weniger Token. Vergleichen Sie J/Token nur bei gleicher Last, mit Token/s je Nutzer daneben.",
            parts.join(" und ")
        )
    },
    no_run_with: |axis| format!(
        "Kein gespeicherter Lauf hat einen Wert für {}: Geben Sie ihn ein, bevor Sie einen Lauf speichern.",
        match axis {
            Axis::Concurrency => "die Parallelität",
            Axis::PowerLimit => "die Leistungsgrenze je GPU (W)",
        }
    ),
    window_samples: |n, total, begin, end, scenario| format!("{n} von {total} Messwerten der Datei, von {begin} bis {end}{scenario}."),
    // Issue 25: power samples, MIG rows, the two comparisons, missing boxes, picked files.
    series_note: |tool, samples, gaps, timed, interval, typed| format!(
        "Aus Leistungswerten ({tool}), nicht aus einem Energiezähler: {samples} {} mit der Trapezregel integriert, vom ersten bis zum letzten vollständigen Messwert; {gaps} {} gefunden; {}.",
        if samples == 1 { "Messwert" } else { "Messwerte" },
        if gaps == 1 { "Lücke" } else { "Lücken" },
        match (timed, typed) {
            (true, _) => "die Zeiten sind die Zeitstempel der Reihe".to_owned(),
            (false, true) => format!("{interval} s zwischen den Messwerten, wie eingegeben"),
            (false, false) => format!("{interval} s zwischen den Messwerten, die Voreinstellung, da die Reihe keine Zeit ausgibt: Bitte das Intervall eingeben, wenn sie mit -d oder -l lief"),
        }
    ),
    gpu_row_mig: |series, spread| format!("{series} MIG-Reihen dieser einen GPU, einmal gezählt mit dem größten Wert (sie wichen um bis zu {spread} J ab: jede wurde zu einem eigenen Zeitpunkt gelesen)."),
    gpu_row_own_window: |first, last, polls, seconds| format!("Nur in den Abfragen {first} bis {last} von {polls} aufgeführt: Die Energie dieser GPU ist ihre letzte Abfrage abzüglich der ersten, über ihr eigenes Fenster von {seconds} s; ihre mittlere Leistungsaufnahme bezieht sich auf dieses Fenster. Außerhalb davon fehlt diese GPU in der Energie des Laufs."),
    gpu_row_samples: |samples, gaps| format!("Aus {samples} {}; {gaps} {}.", if samples == 1 { "Leistungswert" } else { "Leistungswerten" }, if gaps == 1 { "Lücke" } else { "Lücken" }),
    missing_boxes: |boxes| {
        let list: Vec<String> = boxes.iter().map(|b| format!("„{b}“")).collect();
        format!("Noch einzufügen: {}.", list.join("; "))
    },
    versus_own_ceiling: |pct, ceiling, gpus, watts, tps, from, above| format!(
        "Beim eigenen Durchsatz Ihres Laufs: Ihr Messwert beträgt {pct} % der Obergrenze von {ceiling} J/Token ({gpus} {} × {watts} W, {}, ÷ Ihre {tps} Token/s). {}",
        if gpus == 1 { "GPU" } else { "GPUs" },
        match from {
            LimitFrom::Run => "die Grenze des Laufs",
            LimitFrom::Calculator => "die Grenze des Rechners",
        },
        if above {
            "Die Karten können nicht mehr aufnehmen als ihre Leistungsgrenze; ein Ergebnis über dieser Obergrenze heißt, dass eine Angabe falsch ist: siehe die Warnung."
        } else {
            "Die Karten können nicht mehr aufnehmen als ihre Leistungsgrenze, also bleibt ein Messwert der Boards bei oder unter dieser Obergrenze."
        }
    ),
    versus_published: |pct, ceiling, range, other, p| format!(
        "{}Gegenüber dem veröffentlichten Wert: {pct} % der Obergrenze von {ceiling} J/Token bei den veröffentlichten {} Token/s mit {} {} (für die unten eingestellte Karte und Grenze{}). Je GPU schaffte Ihr Lauf {} Token/s ({} Token/s mit {} {}), das veröffentlichte Ergebnis {}: {}. Diese Obergrenze gilt nur beim veröffentlichten Durchsatz: Bei weniger Token je Sekunde und GPU trägt jedes Token einen größeren Teil derselben Leistung; so kann ein Messwert über einer Obergrenze liegen, die bei einem anderen Durchsatz gilt.",
        other.map_or_else(String::new, |b| format!("Kein Vergleich unter Gleichen: Die Obergrenze gilt für {b}, ein anderes Modell als das, das Ihre Zähler nennen. ")),
        p.published_total,
        p.published_cards,
        if p.published_cards == 1 { "GPU" } else { "GPUs" },
        if range { ", das obere Ende ihrer Spanne" } else { "" },
        p.run,
        p.run_total,
        p.run_gpus,
        if p.run_gpus == 1 { "GPU" } else { "GPUs" },
        p.published,
        match p.pace {
            Pace::Faster => "mehr Token je Sekunde und GPU als das veröffentlichte Ergebnis",
            Pace::Slower => "weniger Token je Sekunde und GPU als das veröffentlichte Ergebnis",
            Pace::Same => "etwa so viele Token je Sekunde und GPU wie das veröffentlichte Ergebnis",
        }
    ),
    other_model: |pasted, benchmark| format!(
        "Ein anderes Modell: Ihre Token-Zähler nennen {pasted}, die Obergrenzen des Rechners gelten dagegen für {benchmark}, den unten eingestellten Benchmark. Ein Prozentwert über zwei Modelle hinweg ist kein Vergleich unter Gleichen."
    ),
    model_proxy: |own, benchmark| format!(
        "Für Ihr Modell ({own}) nennt der Rechner {benchmark} als Stellvertreter, den nach Größe und Art nächsten Benchmark: Wählen Sie unten eines seiner Ergebnisse, um damit zu vergleichen."
    ),
    use_model: |name| format!("{name} im Rechner als Ihr Modell übernehmen"),
    above_limit: |watts, pct, limit, suspects, card| {
        let words: Vec<String> = suspects
            .iter()
            .map(|s| match s {
                Suspect::Duration { from_series: false } => "die Laufzeit (zu kurz?)".to_owned(),
                Suspect::Duration { from_series: true } => "die Sekunden zwischen den Abfragen (daraus ergibt sich die Laufzeit der Reihe)".to_owned(),
                Suspect::Gpus(n) => format!("die eingefügten GPUs ({n}: alle GPUs, die den Lauf bedienten, und nur diese)"),
                Suspect::Limit(LimitFrom::Run) => "die für den Lauf eingegebene Leistungsgrenze".to_owned(),
                Suspect::Limit(LimitFrom::Calculator) => "die Leistungsgrenze des Rechners (geben Sie unten die Grenze des Laufs ein)".to_owned(),
                Suspect::Card => format!("die unten eingestellte Karte ({card}: sind die GPUs eine andere Karte?)"),
            })
            .collect();
        format!(
            "So nicht möglich: Die GPUs nahmen im Mittel je {watts} W auf, {pct} % der Leistungsgrenze von {limit} W, mehr als die Genauigkeit der Messwerte von ±{} W zulässt. Eine Karte hält ihre Leistungsgrenze ein; wahrscheinlich ist eine Angabe falsch: {}.",
            crate::float::shortest(crate::measure::versus::READING_ACCURACY_W),
            words.join("; ")
        )
    },
    your_file: |name, input| format!("Ihre Datei {name} ({input})"),
    amd_counter_note: |tool| format!("Aus dem Energiezähler von {tool} (aufsummiert seit dem Laden des Treibers)."),
    other_card: |pasted, configured, listed| if listed {
        format!("Die eingefügten GPUs melden sich als {pasted}, nicht als die unten eingestellte {configured}: Die Obergrenzen gelten für eine andere Karte.")
    } else {
        format!("Die eingefügten GPUs melden sich als {pasted}, ein Name, den der Katalog nicht führt: Bitte prüfen, ob die unten eingestellte {configured} dieselbe Karte ist; sonst vergleichen die Obergrenzen eine andere.")
    },
    use_card: |name| format!("{name} im Rechner verwenden"),
    counter_series_note: |tool, polls, interval, typed| format!(
        "Aus dem Energiezähler von {tool} (Feld 156, mJ), über den Lauf abgefragt: die letzte von {polls} Abfragen abzüglich der ersten; die Laufzeit bei {interval} s zwischen den Abfragen, {}.",
        if typed { "wie eingegeben" } else { "die Voreinstellung: Bitte das Intervall eingeben, wenn er mit -d lief" }
    ),
    qr_hint: "Sendet die Konfiguration(en), ihre Kennzahlen mit deren Art und diesen Link. Gesendet wird erst, wenn Sie es tun.",
    qr_mail: "Angebot per E-Mail anfordern",
    qr_page: "Angebot auf der Seite des Anbieters anfordern ↗",
    qr_posted: "An die umgebende Seite gesendet.",
    qr_not_framed: "Diese Seite ist nicht in eine andere eingebettet: Dorthin wurde nichts gesendet.",
    tag_ceiling: "Obergrenze",
    tag_estimate: "Schätzung",
    at_least: "mindestens",
    p_site_power_avg: "RZ-Leistung, 24-Stunden-Mittel",
    p_site_busy: "RZ-Leistung in den Betriebsstunden",
    p_plain_power: "Leistungsaufnahme",
    p_plain_power_avg: "Leistungsaufnahme, 24-Stunden-Mittel",
    p_plain_busy: "Leistungsaufnahme in den Betriebsstunden",
    p_plain_day: "Energie je Tag",
    p_plain_year: "Energie je Jahr",
    p_plain_token: "Energie je Ausgabe-Token in dieser Planung",
    p_plain_answer: "Energie je Antwort",
    p_tokens_per_mw_short: "Ausgabe-Token/s je MW:",
    circuits_summary: "Stromkreise: Absicherung, Dauerlastregel, Einspeisungen",
    scope_circuit: "ein Stromkreis",
    water_summary: "Wasser und Herstellung: WUE, Wasser der Stromerzeugung, Nutzungsdauer",
    p_water_year: "Wasserverbrauch je Jahr",
    p_water_onsite: "Wasserverbrauch vor Ort je Jahr",
    p_water_offsite: "Wasserverbrauch der Stromerzeugung je Jahr",
    p_embodied_year: "Herstellungs-Fußabdruck der GPUs je Jahr",
    p_embodied_mtok: "Herstellungs-Fußabdruck je Million Ausgabe-Token",
    scope_embodied: "GPU-Baseboards, Herstellung",
    more_water: "einer WUE vor Ort und dem Wasser der Stromerzeugung (Wasser je Jahr)",
    eu_kpis_caption: "Was die Verordnung Betreiber melden lässt, mit den Werten dieser Planung, wo sie welche hat",
    eu_edc: "Gesamter Energieverbrauch (EDC)",
    eu_eit: "Energieverbrauch der IT-Ausstattung (EIT)",
    eu_pue: "PUE = EDC ÷ EIT",
    eu_win: "Gesamter Wasserzufluss (WIN); hier: vor Ort verbrauchtes Wasser",
    eu_wue: "WUE = WIN ÷ EIT",
    eu_erf: "Faktor der Energiewiederverwendung (ERF)",
    eu_ref: "Faktor erneuerbarer Energie (REF)",
    eu_operator: "vom Betreiber zu melden",
    to_answer: "↑ Zurück zur Antwort",
    p_tokens_per_mw: "Ausgabe-Token/s je MW der GPU-Boards",
    p_system_tokens_per_mw: "Ausgabe-Token/s je MW des Systems bei Spitzenlast",
    p_site_tokens_per_mw: "Ausgabe-Token/s je MW am Rechenzentrum, mit PUE",
    p_circuit_kw: "Nutzbare Leistung je Stromkreis",
    p_circuits_per_feed: "Stromkreise je Einspeisung, ein Rack-Stellplatz",
    p_feed_amps: "Phasenstrom einer Einspeisung, ein Rack-Stellplatz bei Spitzenlast",
    p_position_kva: "Scheinleistung eines Rack-Stellplatzes bei Spitzenlast",
    tpmw_note: "Token je MW: Ausgabe-Token/s geteilt durch die Nennleistung der GPUs, die angegebene Höchstleistung des Systems oder diese mal PUE – eine Untergrenze, da diese Watt Obergrenzen sind. Nicht vergleichbar mit dem Wert „je MW“ von InferenceX, der Eingabe- und Ausgabe-Token durch einen modellierten Gesamtwert in kW je GPU teilt, der sich zwischen Versionen ändert.",
    more_breaker: "einem Bemessungsstrom der Absicherung (Stromkreise je Einspeisung)",
    answer_demand_token: "Ihre Energie je Token",
    figure_token_benchmark: "Obergrenze des Benchmarks bei vollem Durchsatz",
    plan_differs_title: "Die Planung dieser Konfigurationen weicht von der Planung der Seite ab.",
    idle_replace: "Eigenen Wert eingeben",
    standing_title: "Grundlast: jede Karte ganztägig im Leerlauf und die Leistungsaufnahme des Servers ohne GPUs, mal PUE, unabhängig vom Bedarf. Arbeit: die Energie, die die Token darüber hinaus brauchen.",
    p_standing_year: "Energie der Grundlast je Jahr",
    p_work_year: "Energie der Arbeit je Jahr",
    idle_default_note: "Wird verwendet, solange das Feld leer ist: Das Jahr der Planung umfasst dann diese Messwerte. Ihr eigener Messwert ersetzt sie.",
    idle_unpublished: "Für diese Karte ist keine Leerlaufleistung veröffentlicht, daher bleibt das Jahr eine Spanne. Messen Sie sie, während der Server das Modell hält und keine Anfragen erhält:",
    sweep_summary: "Energie je Token über der Auslastung",
    sweep_x: "Auslastung in den Betriebsstunden (logarithmisch)",
    sweep_y: "RZ-J/Token, Schätzung (logarithmisch)",
    sweep_here: "Ihr Bedarf",
    plan_apply_all: "Planung der Seite für alle übernehmen",
    qr_title: |vendor| format!("Angebot von {vendor} anfordern"),
    // issue 51
    token_bound: |j, tokens| match j {
        Some(j) => format!("Höchstens {j} J/Token: Die noch lesbaren Zähler zeigen mindestens {tokens} während des Laufs erzeugte Token, und mehr Token senken die Energie je Token nur. Der genaue Wert wird nicht angegeben (siehe die Warnung)."),
        None => format!("Mindestens {tokens} Token wurden während des Laufs erzeugt, nach den noch lesbaren Zählern. Die genaue Zahl wird nicht angegeben (siehe die Warnung)."),
    },
    new_series: |names| format!("Nur im Zählerstand nach dem Lauf, daher ganz gezählt (während des Laufs gestartet): {names}."),
    above_rating: |watts, card, rating| format!(
        "So nicht möglich: Die GPUs nahmen im Mittel je {watts} W auf, die {card}, als die sie sich melden, ist aber für höchstens {rating} W ausgelegt, und die Messwerte sind auf ±{} W genau. Gleich welche Karte der Rechner zeigt: Wahrscheinlich ist ein Feld falsch, die Laufzeit, die eingefügten GPUs oder die Karte.",
        crate::float::shortest(crate::measure::versus::READING_ACCURACY_W)
    ),
    use_benchmark: |benchmark, pasted| format!("Mit {benchmark} vergleichen, dem Benchmark des Katalogs für {pasted}"),
    not_in_catalogue: |name| format!("{name} (nicht im Katalog)"),
    // issue 49
    mail_in_plan: "Im Plan: ",
    bar_title_plan: "Energie je Ausgabe-Token im Plan jeder Konfiguration",
    bar_caption_plan: "Jede verglichene Konfiguration mit ihrem Namen: ihre Energie je Ausgabe-Token in ihrem Plan (der hellere Teil: der Rest ihrer Spanne), gezählt wie das Etikett in der Tabelle angibt.",
    bar_title_ceilings: "Obergrenzen in J/Token bei vollem Durchsatz des Benchmarks, GPU-Boards",
    bar_caption_ceilings: "Jede verglichene Konfiguration mit ihrem Namen: die Obergrenze der GPU-Boards bei vollem Durchsatz des Benchmarks (der hellere Teil: der Rest ihrer Spanne). Kein Plan ist gesetzt, also wird nichts weiter gezählt.",
    boards_only_name: |label| format!("{label}, nur GPU-Boards"),
    mail_plan_tag: |tag| format!("Jede Zeile „Im Plan“: {tag}."),
    mail_unfit: |max| format!("Auch die kurze E-Mail ist länger als {max} Zeichen, und E-Mail-Programme schneiden sie womöglich ab. Kopieren Sie stattdessen die Zusammenfassung in Ihre E-Mail."),
    // issue 50
    preview_mark: "Vorschau – noch nicht erhältlich",
    result_filter_label: "Ergebnis suchen",
    result_filter_hint: "Einreicher oder Systemnamen eingeben, um die Liste einzugrenzen.",
    round_group: |round| format!("MLPerf Inference {round}"),
    result_filter_count: |found, all| match (found, all) {
        (f, a) if f == a => format!("Alle {a} Ergebnisse aufgeführt."),
        (0, a) => format!("Keines der {a} Ergebnisse passt; das gewählte bleibt aufgeführt."),
        (1, a) => format!("1 von {a} Ergebnissen passt."),
        (f, a) => format!("{f} von {a} Ergebnissen passen."),
    },
    // issue 53
    qr_post: |host| format!("Angebotsanfrage an {host} senden"),
    co2_take: |grams| format!("{grams} g CO₂e/kWh übernehmen"),
    co2_resting: |typed| format!("aus {typed} g CO₂e/kWh wie eingegeben: siehe die Frage am Feld"),
    // issue 47
    idle_caveat: "Der Leerlauf-Vorgabewert stammt aus Tabellen anderer Maschinen, und bei geringer Last ist er der größte Teil des Jahres. Messen Sie Ihren, Modell geladen, keine Anfragen, einige Minuten:",
    idle_caveat_wall: "der ganze Server an der Steckdose:",
    sensitivity_title: "Was diese Antwort bestimmt",
    narrow_idle: "Eigene Leerlaufleistung messen",
    narrow_field: "Geben Sie Ihren eigenen Wert in der Planung ein: Der Eintrag wird zu einem Wert.",
    narrow_curve: "Messen Sie die Leistungsaufnahme Ihres Servers bei Ihrer Last: Sie ersetzt beide Enden.",
    at_full_throughput: ", bei vollem Durchsatz",
    idle_span: |w| format!("Leerlauf {w} W je Karte, veröffentlichte Messwerte + 50 W:"),
    sensitivity_input: |i| match i {
        crate::plan::SensitiveInput::Idle => "Leerlaufleistung je Karte",
        crate::plan::SensitiveInput::Overhead => "Zusatzleistung des Servers",
        crate::plan::SensitiveInput::LoadCurve => "Leistung bei Ihrer Last: lineares Modell oder gemessene Kurve",
        crate::plan::SensitiveInput::Pue => "PUE des Rechenzentrums",
        crate::plan::SensitiveInput::Hours => "Betriebsstunden je Tag",
    },
    sensitivity_item: |name, years, ends| format!("{name}: {years} je Jahr zwischen den belegten Enden ({ends})"),
    sensitivity_typed: |name, year| format!("{name}: {year} je Jahr, wie eingegeben"),
    sensitivity_none: |name| format!("{name}: Keine Quelle gibt eine Spanne an; geben Sie Ihren eigenen Wert ein"),
    sensitivity_largest: |name, years| format!("Am größten: {name}, {years} je Jahr."),
    // issue 52
    vendor_systems: |vendor| format!("Systeme von {vendor}"),
    vendor_system_none: "Keines: eine Karte des Katalogs unten",
    vendor_system_option: |name, gpus, card| format!("{name} ({gpus} × {card})"),
    vendor_idle: |watts, system| format!("Leerlaufleistung {watts} des ganzen Systems {system}, vom Anbieter gemessen, das ganze Jahr:"),
    vendor_submissions: |vendor| format!("Eigene Einreichungen von {vendor}"),
    q_system: |name, source| format!("System: {name}, seine Werte wie der Anbieter sie angibt ({source})"),
    sensitivity_vendor: |system, watts, year| format!("Leerlaufleistung des ganzen Systems {system}: {watts}, vom Anbieter gemessen: {year} je Jahr"),
};

fn measure_input(input: crate::measure::Input) -> &'static str {
    use crate::measure::Input;
    match input {
        Input::EnergyBefore => "GPU-Energie, vor dem Lauf",
        Input::EnergyAfter => "GPU-Energie, nach dem Lauf",
        Input::TokensBefore => "Token-Zähler, vor dem Lauf",
        Input::TokensAfter => "Token-Zähler, nach dem Lauf",
        Input::Duration => "Laufzeit (s)",
        Input::IdlePower => "Leerlaufleistung je GPU (W)",
        Input::WallEnergy => "Energie am Netzeingang während des Laufs (Wh)",
        Input::Concurrency => "Parallelität",
        Input::PowerLimit => "Leistungsgrenze je GPU (W)",
        Input::PowerLog => "Log des Leistungsmessgeräts (spl.txt)",
        Input::DetailLog => "LoadGen-Detail-Log (mlperf_log_detail.txt)",
        Input::PowerSeries => "GPU-Leistungswerte über den ganzen Lauf (statt der zwei Zählerstände)",
        Input::SampleInterval => "Zeit zwischen den Messwerten (s)",
    }
}

/// What a measure parser expected on a line, in German; `None` for a phrase this table lacks (a test
/// lists every phrase the parsers use and fails on one without German).
pub fn expected_de_checked(expected: &str) -> Option<&'static str> {
    Some(match expected {
        "a closing quote in the labels" => "ein schließendes Anführungszeichen in den Labels",
        "a label name inside the braces" => "ein Label-Name in den geschweiften Klammern",
        "a number after the labels" => "eine Zahl nach den Labels",
        "a quoted label value" => "ein Label-Wert in Anführungszeichen",
        "`=` after a label name" => "`=` nach einem Label-Namen",
        "`,` or `}` after a label" => "`,` oder `}` nach einem Label",
        "a metric name" => "ein Metrikname",
        "an integer timestamp (or nothing) after the value" => {
            "ein ganzzahliger Zeitstempel (oder nichts) nach dem Wert"
        }
        "the end of the line after the value" => "das Zeilenende nach dem Wert",
        "LoadGen's mlperf_log_detail.txt" => "die mlperf_log_detail.txt von LoadGen",
        "a `\"key\"` in the :::MLLOG line" => "ein `\"key\"` in der :::MLLOG-Zeile",
        "the power analyser's spl.txt" => "die spl.txt des Leistungsmessgeräts",
        "`Time,MM-DD-YYYY HH:MM:SS.fff,Watts,<watts>,…`" => "`Time,MM-DD-YYYY HH:MM:SS.fff,Watts,<Watt>,…`",
        "a number of watts after `Watts,`" => "eine Zahl in Watt nach `Watts,`",
        "a Prometheus sample line" => "eine Prometheus-Messzeile",
        "a `#Entity` header line before the first GPU row" => "eine Kopfzeile `#Entity` vor der ersten GPU-Zeile",
        "a GPU number after `GPU`" => "eine GPU-Nummer nach `GPU`",
        "a value in the TOTEC column" => "ein Wert in der Spalte TOTEC",
        "a `GPU <n>` row of `dcgmi dmon`" => "eine Zeile `GPU <n>` von `dcgmi dmon`",
        "a Prometheus sample or a `dcgmi dmon` row" => "eine Prometheus-Messzeile oder eine Zeile von `dcgmi dmon`",
        "a `UUID` or `gpu` label" => "ein Label `UUID` oder `gpu`",
        "a power in watts" => "eine Leistung in Watt",
        "an energy in J, mJ or uJ" => "eine Energie in J, mJ oder uJ",
        "a GPU number after `GPU:`" => "eine GPU-Nummer nach `GPU:`",
        "a `GPU: <n>` line before the energy" => "eine Zeile `GPU: <n>` vor der Energie",
        "`GPU[<n>]` before the accumulated energy" => "`GPU[<n>]` vor der aufsummierten Energie",
        "as many cells as the header has columns" => "so viele Zellen, wie die Kopfzeile Spalten hat",
        "as many columns as dmon's `# gpu pwr …` header" => "so viele Spalten wie die dmon-Kopfzeile `# gpu pwr …`",
        "a GPU number in dmon's `gpu` column" => "eine GPU-Nummer in der dmon-Spalte `gpu`",
        "a time as YYYY/MM/DD HH:MM:SS.fff" => "eine Zeit im Format YYYY/MM/DD HH:MM:SS.fff",
        "dmon's date as YYYYMMDD and time as HH:MM:SS" => "Datum als YYYYMMDD und Zeit als HH:MM:SS (dmon)",
        _ => return None,
    })
}

fn expected_de(expected: &str) -> String {
    expected_de_checked(expected).map_or_else(|| expected.to_owned(), str::to_owned)
}

// long: a table, one arm per `measure::Problem` variant, each its German sentence
fn measure_problem(problem: &crate::measure::Problem) -> String {
    use crate::measure::Problem as P;
    match problem {
        P::Missing => "leer: Bitte hier auch den anderen Zählerstand einfügen.".to_owned(),
        P::TooLarge { bytes, limit } => format!(
            "zu groß ({} MB; höchstens {} MB): Bitte einen Zählerstand einfügen, kein ganzes Log.",
            n((*bytes as f64 / 1e5).round() / 10.0),
            n((*limit as f64 / 1e5).round() / 10.0)
        ),
        P::NotText { line } => format!(
            "Zeile {line}: Steuerzeichen oder nicht dekodierbare Bytes; das ist kein Text, den ein Werkzeug ausgegeben hat."
        ),
        P::Malformed { line, expected } => format!("Zeile {line}: Erwartet wurde {}.", expected_de(expected)),
        P::NotFinite { line } => format!(
            "Zeile {line}: Der Wert ist keine endliche Zahl (keine Zahl oder unendlich); ein unlesbarer Zähler ergibt keinen Wert."
        ),
        P::Negative { line } => format!("Zeile {line}: ein negativer Wert; Zähler zählen nur aufwärts."),
        P::NotAvailable { line } => format!(
            "Zeile {line}: dmon hat für den Energiezähler N/A ausgegeben (Feld 156 braucht eine GPU ab Volta)."
        ),
        P::NoEnergyCounter => format!(
            "kein GPU-Energiezähler gefunden: Bitte die Zeilen {} von dcgm-exporter, die Ausgabe von `dcgmi dmon -e 155,156` \
             oder bei AMD die Ausgabe von `amd-smi metric --energy` oder `rocm-smi --showenergycounter` einfügen.",
            crate::measure::dcgm::EXPORTER_METRIC
        ),
        P::NoEnergyColumn { line } => format!(
            "Zeile {line}: Diese dmon-Kopfzeile hat keine Spalte TOTEC (Feld 156): Bitte `dcgmi dmon -e 155,156` ausführen."
        ),
        P::NoTokenCounter => "kein Token-Zähler gefunden: Bitte die Zeilen vllm:generation_tokens_total (vLLM), \
             sglang:generation_tokens_total (SGLang) oder tgi_request_generated_tokens_sum (TGI) einfügen."
            .to_owned(),
        P::MixedFormats { line } => format!(
            "Zeile {line}: ein zweites Format im selben Feld; bitte je Feld die Ausgabe eines einzigen Werkzeugs einfügen."
        ),
        P::WrongBox { line } => format!(
            "Zeile {line}: Das gehört wohl in das andere Feld (GPU-Energie statt Token-Zähler oder umgekehrt)."
        ),
        P::ConflictingReadings { gpu, line } => format!(
            "Zeile {line}: {} ist ein zweites Mal mit anderem Wert aufgeführt; bitte je Feld einen Zählerstand einfügen.",
            clip(gpu)
        ),
        P::DuplicateSeries { line } => {
            format!("Zeile {line}: Diese Zeitreihe kommt zweimal vor; bitte je Feld einen Zählerstand einfügen.")
        }
        P::FormatsDiffer { before, after } => format!(
            "Die Zählerstände stammen von verschiedenen Werkzeugen ({before} vorher, {after} nachher); bitte beide mit demselben aufnehmen."
        ),
        P::GpuMissing { gpu, listed_in, line } => format!(
            "{} steht in „{}“ (Zeile {line}), aber nicht im anderen Zählerstand; beide müssen dieselben GPUs enthalten.",
            clip(gpu),
            measure_input(*listed_in)
        ),
        P::CounterWentBackwards { gpu, line } => format!(
            "Zeile {line}: Der Zähler von {} lief rückwärts (Treiber neu geladen oder GPU zwischen den Zählerständen \
             zurückgesetzt?); bitte beide neu aufnehmen.",
            clip(gpu)
        ),
        P::Swapped => "Jeder Zähler ist nachher niedriger als vorher: Die beiden Zählerstände scheinen vertauscht zu sein.".to_owned(),
        P::TokensWentBackwards { line } => format!(
            "Zeile {line}: nachher weniger erzeugte Token als vorher: Die beiden Token-Felder sind vertauscht, oder der Server wurde zwischen den Zählerständen neu gestartet (die Zähler enthalten nichts, was beides unterscheidet)."
        ),
        P::ZeroTokens => {
            "Zwischen den Zählerständen wurden keine Token erzeugt: J/Token lässt sich nicht berechnen.".to_owned()
        }
        P::ZeroEnergy => "Die Energiezähler haben sich zwischen den Zählerständen nicht verändert.".to_owned(),
        P::NotANumber => {
            "Bitte eine Zahl eingeben, etwa 600; 0,5; 1.000 oder 1e3 (Komma für Dezimalstellen, Punkt als Tausendertrennzeichen).".to_owned()
        }
        P::NotPositive => "Bitte eine Zahl über 0 eingeben.".to_owned(),
        P::NeedsDuration => "Um die Leerlaufleistung abzuziehen, wird die Laufzeit benötigt.".to_owned(),
        P::IdleAboveMeasured => "Leerlaufleistung × GPUs × Laufzeit ist mehr als die gemessene Energie; \
             bitte Leerlaufwert und Laufzeit prüfen."
            .to_owned(),
        P::WallBelowGpu { wall_j, gpu_j } => format!(
            "Der Wert am Netzeingang ({} J) ist kleiner als die Energie der GPU-Boards ({} J) über denselben Lauf; \
             bitte das Zeitfenster prüfen.",
            n(wall_j.round()),
            n(gpu_j.round())
        ),
        P::WrongLog { line, expected } => {
            format!("Zeile {line}: Das ist das andere Log; hier bitte {} wählen.", expected_de(expected))
        }
        P::BadTime { line } => format!("Zeile {line}: Erwartet wurde eine Zeit im Format MM-DD-YYYY HH:MM:SS.fff."),
        P::NotDetailLog => "keine :::MLLOG-Zeilen: Das ist nicht die mlperf_log_detail.txt von LoadGen.".to_owned(),
        P::NoPowerWindow { missing } => {
            format!("Das Detail-Log enthält kein {missing}: LoadGen protokolliert das Fenster nur in einem Power-Lauf.")
        }
        P::WindowReversed { line } => format!("Zeile {line}: power_end liegt nicht nach power_begin."),
        P::NoSamplesInWindow { begin, end, samples_in_file } => format!(
            "Keiner der {samples_in_file} Messwerte des Logs liegt zwischen power_begin ({}) und power_end ({}): \
             Stammen die Logs aus demselben Lauf?",
            clip(begin),
            clip(end)
        ),
        P::NothingToKeep => "noch kein J/Token: Bitte zuerst beide Zählerstände von Energie und Token einfügen.".to_owned(),
        P::LooksLikeJson { line } => format!(
            "Zeile {line}: Das sieht nach JSON aus, nicht nach Prometheus-Text: Bitte einfügen, was der Endpunkt /metrics ausgibt."
        ),
        P::NoPowerSamples => "keine Messreihe gefunden: Bitte die Ausgabe von \
             `nvidia-smi --query-gpu=timestamp,index,power.draw --format=csv -l 1`, `nvidia-smi dmon` oder \
             `dcgmi dmon -e 155,156` über den ganzen Lauf mit ihrer Kopfzeile einfügen."
            .to_owned(),
        P::TooFewSamples { gpu, line } => format!(
            "Zeile {line}: GPU {} hat weniger als zwei Messwerte mit Leistungsangabe; für die Energie braucht es einen ersten und einen letzten.",
            clip(gpu)
        ),
        P::SamplesOutOfOrder { gpu, line } => format!(
            "Zeile {line}: Die Zeit von GPU {} läuft nicht vorwärts; bitte eine Messreihe in der ausgegebenen Reihenfolge einfügen.",
            clip(gpu)
        ),
        P::BothEnergySources => "Bitte entweder die beiden Energie-Zählerstände oder eine Reihe von Leistungswerten \
             einfügen, nicht beides: eines davon leeren."
            .to_owned(),
        // issue 51
        P::SeriesRestarted { series, line } => format!(
            "Zeile {line}: {} ist niedriger als vorher: Die Engine wurde während des Laufs neu gestartet, und was sie \
             vor dem Neustart erzeugt hat, fehlt. Statt J/Token steht nur der Höchstwert da.",
            super::clip_series(series)
        ),
        P::SeriesMissing { series, line } => format!(
            "{} (Zeile {line} in „{}“) fehlt hier: Was diese Reihe während des Laufs erzeugt hat, ist unbekannt. \
             Statt J/Token steht nur der Höchstwert da.",
            super::clip_series(series),
            measure_input(crate::measure::Input::TokensBefore)
        ),
        P::SeriesLabelDiffers { series, label, before, after, line } => format!(
            "Zeile {line}: {} hat hier {label}=\"{}\", vorher \"{}\": Die Zählerstände stammen von einem anderen Modell \
             oder Server. Bitte beide vom selben aufnehmen.",
            super::clip_series(series),
            clip(after),
            clip(before)
        ),
        P::AboveRating { card, watts } => format!(
            "über den {} W, für die die {} ausgelegt ist (maximale Board-Leistung): Mit einer höheren Grenze können \
             die gemessenen GPUs nicht laufen.",
            n(*watts),
            clip(card)
        ),
        P::DurationFarFromSpan { typed, span } => format!(
            "{} s eingegeben, die eingefügte Messreihe reicht aber vom ersten bis zum letzten Messwert über {} s; \
             die Werte verwenden die eingegebene Laufzeit. Bitte das Feld leeren, um die Spanne der Messreihe zu verwenden.",
            n(*typed),
            n(*span)
        ),
    }
}

fn scenarios(list: &[Scenario]) -> String {
    list.iter().map(|s| scenario(*s)).collect::<Vec<_>>().join(" oder ")
}

// long: a table, one arm per `PlanNotice` variant, each its German sentence
fn plan_notice(notice: &PlanNotice) -> String {
    let short = |v: f64| super::intl::short(v, Lang::De);
    match notice {
        PlanNotice::LoadIgnored { typed_percent } => format!(
            "Ein Bedarf ist angegeben, die Auslastung der Server ergibt sich daraus: Die eingetragene mittlere \
             Auslastung ({} %) wird nicht verwendet.",
            super::intl::plain(*typed_percent, Lang::De)
        ),
        PlanNotice::UsesMoreServers { typed, used } => format!(
            "Der Bedarf braucht {used} Server, mehr als die {typed} unter „Anzahl Server“: Leistung, Energie und Kosten \
             der Planung rechnen mit {used}."
        ),
        PlanNotice::SpeedTooHigh { speed, promised, scenario: s, enough } => {
            let then = if enough.is_empty() {
                "Kein Szenario dieses Ergebnisses sichert diese Geschwindigkeit zu.".to_owned()
            } else {
                format!("Das Szenario {} dieses Ergebnisses sichert genug zu.", scenarios(enough))
            };
            format!(
                "Ein Ergebnis im Szenario {} sichert jeder Person mindestens {} Ausgabe-Token/s zu (die MLPerf-Grenze \
                 der Zeit je Token), weniger als die verlangten {}; daraus ergibt sich keine Serverzahl für Personen. {then}",
                scenario(*s),
                short(*promised),
                short(*speed)
            )
        }
        PlanNotice::NoSpeedPromise { scenario: Some(s), enough } => {
            let then = if enough.is_empty() {
                "Dieses Ergebnis veröffentlicht für den Benchmark kein Server- oder Interaktiv-Szenario.".to_owned()
            } else {
                format!("Wählen Sie das Szenario {} dieses Ergebnisses.", scenarios(enough))
            };
            format!(
                "Ein Ergebnis im Szenario {} sichert einer wartenden Person keine Geschwindigkeit zu; daraus ergibt sich \
                 keine Serverzahl für Personen. {then}",
                scenario(*s)
            )
        }
        PlanNotice::NoSpeedPromise { scenario: None, .. } => "Ihr eigener Durchsatz hat keine Latenzgrenze, daraus \
            ergibt sich keine Serverzahl für Personen: Geben Sie stattdessen Ausgabe-Token je Tag an oder wählen Sie \
            ein Server- oder Interaktiv-Ergebnis."
            .to_owned(),
        PlanNotice::NoStreamPerServer => "Bei diesem Durchsatz hält ein Server nicht einmal den Datenstrom einer \
            Person innerhalb der Grenze des Ergebnisses für die Zeit je Token."
            .to_owned(),
        PlanNotice::ServerOverRack { server_kw, rack_kw, rack_scale } => {
            let part = if *rack_scale { "Ein Rack dieses Systems" } else { "Ein Server" };
            let then = if *rack_scale {
                "Das Rack eines Rack-Scale-Systems lässt sich nicht teilen: Erhöhen Sie das Budget."
            } else {
                "Erhöhen Sie das Budget oder senken Sie die Leistungsgrenze."
            };
            format!(
                "{part} nimmt bis zu {} kW auf, {} kW mehr als die {} kW des Stellplatzes: Es passt nicht. {then}",
                short(*server_kw),
                short(server_kw - rack_kw),
                short(*rack_kw)
            )
        }
        PlanNotice::OneMoreBelowMinimum { watts, min_watts } => format!(
            "Für einen weiteren Server je Stellplatz müsste die Leistungsgrenze je Karte auf {} W sinken, unter die \
             niedrigste veröffentlichte Einstellung der Karte ({} W): Das ist nicht einstellbar.",
            super::intl::plain(*watts, Lang::De),
            super::intl::plain(*min_watts, Lang::De)
        ),
        PlanNotice::Co2InKilograms { typed } => format!(
            "Meinten Sie {} g CO₂e/kWh ({} kg)? Der CO₂-Emissionsfaktor wird in Gramm je kWh angegeben.",
            super::intl::plain(typed * 1000.0, Lang::De),
            super::intl::plain(*typed, Lang::De)
        ),
        PlanNotice::IdleDecides => "Bei geringer Auslastung bestimmt die Leerlaufleistung die Jahresenergie, und \
            für diese Karte ist keine veröffentlicht: Lesen Sie sie mit dem Befehl unten ab, während der Server das \
            Modell hält und keine Anfragen erhält, und tragen Sie sie unter „Leerlaufleistung je Karte“ ein; dann \
            steht hier eine Schätzung statt dieser Spanne."
            .to_owned(),        PlanNotice::OfflineNoBound { serving } => {
            let then = if serving.is_empty() {
                "Der Katalog hat für diesen Benchmark kein Server- oder Interaktiv-Ergebnis dieser Karte.".to_owned()
            } else {
                // „mit dem Szenario „Server“ oder „Interaktiv“ desselben Eintrags 6.0-0021“ (German review 38).
                let same = serving.windows(2).all(|w| w.first().map(|a| &a.0) == w.last().map(|b| &b.0));
                let quoted = |s: Scenario| format!("„{}“", scenario(s));
                match (same, serving.first()) {
                    (true, Some((id, _))) => format!(
                        "Für Nutzer, die auf Antworten warten, planen Sie mit dem Szenario {} desselben Eintrags {id}.",
                        serving.iter().map(|(_, s)| quoted(*s)).collect::<Vec<_>>().join(" oder ")
                    ),
                    _ => format!(
                        "Für Nutzer, die auf Antworten warten, planen Sie mit {} derselben Karte.",
                        serving.iter().map(|(id, s)| format!("dem Szenario {} des Eintrags {id}", quoted(*s))).collect::<Vec<_>>().join(" oder ")
                    ),
                }
            };
            format!(
                "Offline hat keine Latenzgrenze: Die hier gezählten Server erledigen die Token des Tages als Stapel, \
                 ohne Zusage, wie schnell jemand eine Antwort sieht. {then}"
            )
        }
        PlanNotice::BoundAtOwnSetting { limit_watts, setting_watts, tpot_ms } => format!(
            "Personen werden mit der Grenze des Ergebnisses von {} ms je Token gezählt, die bei seinen eigenen {} W je \
             Karte eingehalten wurde. Bei {} W kommen die Token langsamer, und die Grenze hält womöglich nicht mehr: \
             Der Server-Lauf von {} etwa lag beim 99. Perzentil bei {} ms, gegenüber seiner Grenze von {} ms.",
            super::intl::plain(*tpot_ms, Lang::De),
            super::intl::plain(*setting_watts, Lang::De),
            super::intl::plain(*limit_watts, Lang::De),
            crate::latency::HEADROOM.result,
            super::intl::plain((crate::latency::HEADROOM.tpot_p99_ms * 10.0).round() / 10.0, Lang::De),
            super::intl::plain(crate::latency::HEADROOM.bound_ms, Lang::De),
        ),
        // Issue 48
        PlanNotice::PeakAboveStated { peak_watts, max_watts, system, comparable } => {
            let short = |v: f64| super::intl::short(v, Lang::De);
            let whose = if *comparable { format!("{system}, ein vergleichbares System,") } else { system.clone() };
            format!(
                "Mit der eingetragenen Zusatzleistung liegt die Spitzenleistung bei {} kW je Server, über den {} kW, \
                 die {whose} als Maximum angibt: Prüfen Sie die Zusatzleistung.",
                short(peak_watts / 1000.0),
                short(max_watts / 1000.0)
            )
        }
        PlanNotice::BusyHigh { percent, headroom } => {
            let now = if *headroom > 0.0 {
                format!("auch mit {} % eingetragener Reserve", super::intl::plain(*headroom, Lang::De))
            } else {
                "ohne Reserve".to_owned()
            };
            format!(
                "Die Server sind auf {} % Last in den Betriebsstunden ausgelegt, {now}: Für eine Spitze über dem Mittel, \
                 einen ausgefallenen Server oder langsamere Anfragen bleibt kein Raum. Das Feld Reserve legt sie mit \
                 Luft aus.",
                super::intl::short(*percent, Lang::De)
            )
        }
    }
}

/// Why a picked file is not a comparison, in German.
fn foreign(why: &Foreign) -> String {
    let why = match why {
        Foreign::Unreadable => "die Datei ließ sich nicht lesen".to_owned(),
        Foreign::TooLarge => "die Datei ist zu groß".to_owned(),
        Foreign::Csv => "es ist der CSV-Export, den die Seite nicht wieder einliest; bitte die daneben heruntergeladene .json-Datei öffnen".to_owned(),
        Foreign::NotJson => "es ist kein JSON".to_owned(),
        Foreign::NoFormat => "sie nennt kein Format".to_owned(),
        Foreign::OtherFormat(f) => format!("ihr Format ist „{f}“"),
        Foreign::NewerVersion(v) => format!("sie stammt von einer neueren Version dieser Seite (Formatversion {v})"),
        Foreign::Empty => "sie enthält keine Konfiguration".to_owned(),
    };
    format!("Diese Datei ist kein token-energy-Vergleich: {why}.")
}

fn arch_name(a: crate::proxy::Arch) -> &'static str {
    match a {
        crate::proxy::Arch::Dense => "dicht (dense)",
        crate::proxy::Arch::Moe => "MoE (Mixture of Experts)",
    }
}

fn own_size_words(size: Option<f64>, arch: Option<crate::proxy::Arch>) -> String {
    let arch = arch.map(|a| match a {
        crate::proxy::Arch::Dense => "dicht",
        crate::proxy::Arch::Moe => "MoE",
    });
    match (size, arch) {
        (Some(b), Some(a)) => format!(" ({} Mrd. Parameter, {a})", n(b)),
        (Some(b), None) => format!(" ({} Mrd. Parameter)", n(b)),
        (None, Some(a)) => format!(" ({a})"),
        (None, None) => String::new(),
    }
}

fn own_model_words(name: &str, size: Option<f64>, arch: Option<crate::proxy::Arch>) -> String {
    let name = if name.trim().is_empty() { "ohne Namen" } else { name.trim() };
    format!("{name}{}", own_size_words(size, arch))
}

fn own_proxy(proxy: crate::proxy::Proxy, page: Option<crate::catalogue::Benchmark>) -> String {
    use crate::proxy::{Arch, Proxy};
    // The benchmarks no source states both the size and the kind of: a sentence only where there are any.
    let unstated = match crate::proxy::unstated() {
        list if list.is_empty() => String::new(),
        list => format!(" Nicht berücksichtigt, da Größe oder Art nicht belegt: {}.", list.join(", ")),
    };
    let not_yours = match page {
        Some(b) => {
            format!("Die Werte auf dieser Seite gelten für den MLPerf-Benchmark {}, nicht für Ihr Modell.", b.name())
        }
        None => "Die Werte auf dieser Seite gelten für den von Ihnen eingegebenen Durchsatz.".to_owned(),
    };
    match proxy {
        Proxy::NeedSize => format!(
            "{not_yours} Geben Sie seine Größe in Milliarden Parametern an und ob es dicht oder ein MoE-Modell ist, um den nächstliegenden Benchmark als Stellvertreter zu nennen."
        ),
        Proxy::NeedArch => format!(
            "{not_yours} Wählen Sie dicht oder MoE, um den nächstliegenden Benchmark als Stellvertreter zu nennen."
        ),
        Proxy::NoneOfKind(a) => format!(
            "Keine Quelle dieses Katalogs nennt die Größe eines {} Benchmarks, daher wird kein Stellvertreter genannt. {not_yours}{unstated}",
            if a == Arch::Dense { "dichten" } else { "MoE-" }
        ),
        Proxy::Closest(s) => {
            let kind = if s.arch == Arch::Dense { "dicht" } else { "MoE, aktive Parameter" };
            let head = format!(
                "Stellvertreter: {} ({} Mrd. Parameter, {kind}), der Benchmark derselben Art mit der nächstliegenden Größe unter denen, deren Größe und Art eine Quelle belegt.",
                s.benchmark.name(),
                n(s.billions)
            );
            let tail = match page {
                Some(b) if b.name() == s.benchmark.name() => {
                    "Die Werte auf dieser Seite gelten für diesen Benchmark, nicht für Ihr Modell.".to_owned()
                }
                Some(b) => format!(
                    "Die Werte auf dieser Seite gelten für {}, nicht für Ihr Modell; wählen Sie {} unter Benchmark-Modell für die Werte des Stellvertreters.",
                    b.name(),
                    s.benchmark.name()
                ),
                None => format!(
                    "Die Werte auf dieser Seite gelten für den von Ihnen eingegebenen Durchsatz; ein veröffentlichtes Ergebnis für {} liefert die des Stellvertreters.",
                    s.benchmark.name()
                ),
            };
            format!("{head} {tail}{unstated}")
        }
    }
}

/// Die Systemzeile, wo keine Quelle das Maximum angibt (Issue 48): eine geschätzte Eigenaufnahme neben einem
/// vergleichbaren System, oder die GPU-Boards und die eingetragene Zusatzleistung.
fn unsourced_line(what: &str, part: &str, s: &crate::plan::PlanSystem) -> String {
    let short = |v: f64| super::intl::short(v, Lang::De);
    // Issue 48: der Server eines anderen Herstellers, seine Eigenaufnahme neben einem vergleichbaren System geschätzt.
    if let Some(c) = &s.comparable {
        let stated = format!(
            "{}, ein vergleichbares System und nicht dieser Server, gibt bis zu {} kW an",
            c.name,
            short(c.max_watts / 1000.0)
        );
        return match s.own_estimate {
            Some((low, high)) => format!(
                "{what} Für {part} ist keine Höchstleistung veröffentlicht. Seine Eigenaufnahme neben den GPU-Boards ist \
                 eine Schätzung, {}–{} kW: mindestens, was ein gemessener Server mit 8 GPUs über seine GPUs hinaus \
                 aufnahm, höchstens, was {stated}, abzüglich seiner Boards. Spitzenleistung, Stellplätze, Strom und \
                 Abwärme rechnen mit dem oberen Ende; die Energiewerte zählen die GPU-Boards und die eingetragene \
                 Zusatzleistung.",
                short(low / 1000.0),
                short(high / 1000.0)
            ),
            None => format!(
                "{what} Für {part} ist keine Höchstleistung veröffentlicht; es gilt die eingetragene Zusatzleistung ({stated})."
            ),
        };
    }
    format!(
        "{what} Für {part} ist keine Höchstleistung veröffentlicht: Spitzenleistung, Stellplätze, Strom und Abwärme \
         zählen die GPU-Boards und die eingetragene Zusatzleistung; es sind also mindestens so viele Stellplätze nötig."
    )
}

/// Das System, das die Planung zählt (Issue 36), und was seine Quelle angibt.
fn system_line(w: &super::SystemWords) -> String {
    use crate::system::Shape;
    let short = |v: f64| super::intl::short(v, Lang::De);
    let s = w.system;
    let what = match s.shape {
        Shape::Server => format!("Ein System ist ein Server mit {} GPUs.", w.gpus),
        Shape::Nodes { nodes } => format!(
            "Ein System sind {nodes} Server mit je {} GPUs, wie im Ergebnis; jeder Server wird einzeln aufgestellt.",
            s.gpus_per_part
        ),
        Shape::Racks { racks } => {
            let name = s.rack_name.as_deref().unwrap_or("Rack");
            if racks == 1 {
                format!("Ein System ist ein {name}-Rack mit {} GPUs.", s.gpus_per_part)
            } else {
                format!("Ein System sind {racks} {name}-Racks mit je {} GPUs, Rack für Rack geprüft.", s.gpus_per_part)
            }
        }
    };
    let part = if matches!(s.shape, Shape::Racks { .. }) { "dieses Rack" } else { "diesen Server" };
    let Some(sys) = &s.sourced else { return unsourced_line(&what, part, s) };

    let max = match w.max_kw {
        Some((low, high)) if low < high => format!("{}–{} kW", short(low), short(high)),
        Some((v, _)) => format!("{} kW", short(v)),
        None => "—".to_owned(),
    };
    let psus = sys.psus.as_ref().map_or_else(String::new, |p| {
        let r = p.redundancy.as_deref().map_or_else(String::new, |r| format!(", {r}"));
        format!(" ({} Netzteile mit je {} kW{r})", p.count, short(p.watts / 1000.0))
    });
    let cooling = match sys.cooling.as_ref().map(|c| &*c.text) {
        Some("air") => "Kühlung: Luft.",
        Some("liquid") => "Kühlung: Flüssigkeit; Anteil der Wärme an Flüssigkeit und Luft: nicht veröffentlicht.",
        Some("hybrid") => "Kühlung: Flüssigkeit für GPUs und Prozessoren, Luft für den Rest; Anteil der Wärme an Flüssigkeit und Luft: nicht veröffentlicht.",
        _ => "Kühlung: nicht veröffentlicht.",
    };
    let unit = if matches!(s.shape, Shape::Racks { .. }) { "je Rack" } else { "je Server" };
    // issue 52: das eigene System des Anbieters, seine Werte wie der Anbieter sie angibt.
    if sys.vendor {
        let used = if s.own_sourced {
            "Spitze, Rack-Belegung, Strom und Wärme verwenden dieses Maximum; das Jahr steht auf seiner gemessenen Leerlaufleistung, wo der Anbieter eine angibt."
        } else {
            "Statt dieses Maximums wird der eingegebene Eigenverbrauch verwendet."
        };
        return format!("{what} {}: bis {max} {unit}, wie der Anbieter angibt; {cooling} {used}", sys.name);
    }
    if sys.kind == crate::catalogue::MaxKind::Secondary {
        let (low, high) = w.max_kw.unwrap_or((sys.max_watts / 1000.0, sys.max_watts / 1000.0));
        let used = if s.own_sourced {
            format!(
                "Spitzenleistung, Stellplätze, Strom und Abwärme sind auf das obere Ende ausgelegt, {} kW",
                short(high)
            )
        } else {
            "Stattdessen gilt die eingetragene Zusatzleistung".to_owned()
        };
        return format!(
            "{what} {}: Der Hersteller veröffentlicht kein Maximum; zwei Quellen aus zweiter Hand nennen {} und {} kW {unit}{psus}; \
             {cooling} {used}; die Energiewerte zählen die GPU-Boards und die eingetragene Zusatzleistung.",
            sys.name,
            short(low),
            short(high)
        );
    }
    let used = if s.own_sourced {
        "Spitzenleistung, Stellplätze, Strom und Abwärme rechnen mit diesem Höchstwert; die Energiewerte zählen die GPU-Boards und die eingetragene Zusatzleistung."
    } else {
        "Statt dieses Höchstwerts gilt die eingetragene Zusatzleistung."
    };
    format!(
        "{what} {}: bis zu {max} {unit} bei Nennleistung der GPUs, laut Hersteller{psus}; {cooling} {used}",
        sys.name
    )
}

/// Das Ergebnis der elektrischen Prüfung (Issue 36).
fn sign_off(s: &crate::plan::SignOff) -> String {
    use crate::electric::Rule;
    let short = |v: f64| super::intl::short(v, Lang::De);
    let plain = |v: f64| super::intl::plain(v, Lang::De);
    let feeds = if s.feeds >= 2 {
        "Jede der Einspeisungen A und B allein (N+N: jede trägt die ganze Last, wenn die andere ausfällt)"
    } else {
        "Eine Einspeisung"
    };
    let phases = match s.phases {
        crate::units::Phases::One => "einphasig",
        crate::units::Phases::Three => "dreiphasig",
    };
    let rule = match s.rule {
        Rule::Nec => "NEC 210.20(A) und 215.3: Dauerlast höchstens 80 % des Bemessungsstroms".to_owned(),
        Rule::Iec => "IEC 60898-1: Der Bemessungsstrom gilt dauernd; den Bemessungsbelastungsgrad der \
                      Schaltgerätekombination (IEC 61439-1) anwenden, wo ihr Hersteller ihn angibt"
            .to_owned(),
        Rule::Policy(p) => format!("{} % als Vorgabe Ihres Standorts", short(p)),
    };
    let n = s.circuits_per_feed;
    let circuits = if n == 1.0 { "1 Stromkreis".to_owned() } else { format!("{} Stromkreise", plain(n)) };
    format!(
        "{feeds}: {circuits} mit {} V {phases}, {} A, je {} kW nutzbar bei {} % ({rule}), für die {} kW des Stellplatzes bei Spitzenlast.",
        plain(s.volts),
        plain(s.breaker),
        short(s.circuit_kw),
        short(s.rule.percent()),
        short(s.load_kw)
    ) + &peak_basis(s.peak_basis)
}

/// Worauf die Spitzenleistung der Freigabe beruht, wo nicht auf einem Herstellermaximum (Issue 48).
fn peak_basis(b: crate::plan::PeakBasis) -> String {
    let short = |v: f64| super::intl::short(v, Lang::De);
    match b {
        crate::plan::PeakBasis::Stated => String::new(),
        crate::plan::PeakBasis::SecondaryUpper { low_kw, high_kw } => format!(
            " Ausgelegt auf {} kW je Rack, den höheren von zwei Werten aus zweiter Hand ({} und {} kW): Der Hersteller \
             veröffentlicht kein Maximum.",
            short(high_kw),
            short(low_kw),
            short(high_kw)
        ),
        crate::plan::PeakBasis::EstimateUpper => {
            " Ausgelegt auf das obere Ende der geschätzten Eigenaufnahme: Für diesen Server ist kein Maximum veröffentlicht."
                .to_owned()
        }
    }
}

// issue 53
/// The long compounds of the page's German labels, each with a soft hyphen at its joints
/// (`super::breakable`): where a narrow column breaks them, it breaks there, with a hyphen.
pub(super) const COMPOUNDS: &[&str] = &[
    "Versorgungs\u{AD}spannung",
    "Leistungs\u{AD}budget",
    "Leistungs\u{AD}grenze",
    "Leistungs\u{AD}faktor",
    "Leistungs\u{AD}aufnahme",
    "Leerlauf\u{AD}leistung",
    "Zusatz\u{AD}leistung",
    "Emissions\u{AD}faktor",
    "Bemessungs\u{AD}strom",
    "Ab\u{AD}sicherung",
    "Strom\u{AD}kreis",
    "Ein\u{AD}speisungen",
    "Stell\u{AD}platz",
    "Nutzungs\u{AD}dauer",
    "Betriebs\u{AD}stunden",
    "Strom\u{AD}erzeugung",
    "Rechen\u{AD}zentrum",
    "Angebots\u{AD}referenz",
    "Aus\u{AD}lastung",
    "Strom\u{AD}preis",
    "Dauer\u{AD}last",
    "Veröffent\u{AD}lichtes",
    "Gleich\u{AD}zeitig",
    // The catalogue's German reference labels, in the plan's narrow hint lists.
    "Energie\u{AD}verbrauchs\u{AD}effektivität",
    "Nicht\u{AD}haushalts\u{AD}kunden",
    "Groß\u{AD}kraft\u{AD}werken",
    "Rechen\u{AD}zentren",
];
