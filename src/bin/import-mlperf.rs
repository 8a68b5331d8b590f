//! Imports rows of an MLCommons summary table into `data/results.json`.
//!
//! ```text
//! cargo run --bin import-mlperf -- <summary_results.json> <card-id>... [--entry <ID>]... [--data <dir>] [--write]
//! cargo run --bin import-mlperf -- <summary.csv> <card-id>... [--preview] [--write]
//! ```
//!
//! A table whose name ends in `.csv` is MLCommons' `summary.csv` (v6.1, without IDs): its rows are
//! keyed `6.1:<Organization>/<Platform>` by their results folder (`import::parse_csv`).
//!
//! Reads the table and the catalogue (`data/*.json`), prints the rows it would add and how they
//! compare with the rows already there, and with `--write` rewrites `data/results.json`: existing
//! rows keep their order and their values (hand corrections win), new rows are appended.
//! Exit code 0 on success, 2 on any error (nothing is written then).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use token_energy::catalogue::{Catalogue, PublishedResult};
use token_energy::import;

const USAGE: &str =
    "usage: import-mlperf <summary_results.json | summary.csv> <card-id>... [--entry <ID>]... [--preview] [--data <dir>] [--write]

  <card-id>     a card of data/cards.json (h200-nvl); its mlperf_accelerators select the rows
  --entry <ID>  import only this entry (repeatable; default: every entry of the cards)
  --preview     take MLCommons' preview rows too (systems not yet available)
  --data <dir>  the catalogue's folder (default: the crate's data/)
  --write       rewrite <dir>/results.json (default: only print what would change)";

struct Args {
    table: PathBuf,
    cards: Vec<String>,
    entries: Vec<String>,
    data: PathBuf,
    write: bool,
    preview: bool,
}

fn parse_args(args: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut table = None;
    let mut cards = Vec::new();
    let mut entries = Vec::new();
    let mut data = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/data"));
    let mut write = false;
    let mut preview = false;
    let mut args = args;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--write" => write = true,
            "--preview" => preview = true,
            "--entry" => entries.push(args.next().ok_or("--entry needs an entry ID")?),
            "--data" => data = PathBuf::from(args.next().ok_or("--data needs a folder")?),
            "-h" | "--help" => return Err(String::new()),
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            _ if table.is_none() => table = Some(PathBuf::from(arg)),
            _ => cards.push(arg),
        }
    }
    let table = table.ok_or("no summary table given")?;
    if cards.is_empty() {
        return Err("no card id given".to_owned());
    }
    Ok(Args { table, cards, entries, data, write, preview })
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn describe(r: &PublishedResult) -> String {
    let stated = match &r.stated_power {
        Some(p) => format!("stated {} W ({:?})", p.watts, p.text),
        None => "no stated power".to_owned(),
    };
    let measured = match &r.measured_power {
        Some(m) => format!(", measured {} W ({})", m.mean_watts, m.scope.id()),
        None => String::new(),
    };
    format!(
        "{} {} {} | {} | {} x {} | {} | {} tokens/s | {}{}",
        r.id,
        r.benchmark.id(),
        r.scenario.label(),
        r.system,
        r.accelerators,
        r.card,
        r.weights,
        r.tokens_per_s,
        stated,
        measured
    )
}

fn run(args: Args, out: &mut impl Write) -> Result<(), String> {
    let file = |name: &str| read(&args.data.join(name));
    let catalogue = Catalogue::from_json(
        &file("meta.json")?,
        &file("sources.json")?,
        &file("cards.json")?,
        &file("results.json")?,
        &file("context.json")?,
    )
    .map_err(|e| e.to_string())?;

    let mut cards = Vec::new();
    for id in &args.cards {
        let card = catalogue.card(id).ok_or_else(|| format!("card `{id}` is not in cards.json"))?;
        if card.mlperf_accelerators.is_empty() {
            return Err(format!("card `{id}` lists no mlperf_accelerators"));
        }
        cards.push(card.clone());
    }

    let table = read(&args.table)?;
    let imported = if args.table.extension().is_some_and(|e| e.eq_ignore_ascii_case("csv")) {
        import::import_csv(&table, &cards, &args.entries, args.preview)
    } else if args.preview {
        import::parse_table(&table).and_then(|rows| import::select_with(&rows, &cards, &args.entries, true))
    } else {
        import::import_table(&table, &cards, &args.entries)
    }
    .map_err(|e| e.to_string())?;
    for entry in &args.entries {
        if !imported.iter().any(|r| r.id == entry.trim()) {
            return Err(format!("entry `{entry}` has no row for these cards that the importer takes"));
        }
    }

    let known: Vec<import::ResultKey> = catalogue.results.iter().map(import::key).collect();
    let new: Vec<&PublishedResult> = imported.iter().filter(|r| !known.contains(&import::key(r))).collect();
    let (merged, report) = import::merge(&catalogue.results, imported.clone());

    let mut say = |line: String| {
        // Output that cannot be written is not worth failing for.
        let _ = writeln!(out, "{line}");
    };
    say(format!("{} rows in {} for {}", imported.len(), args.table.display(), args.cards.join(", ")));
    for r in &new {
        say(format!("  + {}", describe(r)));
    }
    for (id, benchmark, scenario) in &report.differing_keys {
        let ours = catalogue.result(id, *benchmark, *scenario);
        let theirs = imported.iter().find(|r| r.id == *id && r.benchmark == *benchmark && r.scenario == *scenario);
        if let (Some(ours), Some(theirs)) = (ours, theirs) {
            say(format!("  = kept:  {}", describe(ours)));
            say(format!("    table: {}", describe(theirs)));
        }
    }
    say(report.to_string());

    let checked = Catalogue { results: merged.clone(), ..catalogue.clone() };
    for problem in checked.validate() {
        say(format!("warning: {problem}"));
    }

    if args.write {
        let path = args.data.join("results.json");
        let mut json = serde_json::to_string_pretty(&merged).map_err(|e| e.to_string())?;
        json.push('\n');
        std::fs::write(&path, json).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        say(format!("wrote {} ({} rows)", path.display(), merged.len()));
    } else if report.added > 0 {
        say("dry run: pass --write to rewrite results.json".to_owned());
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(message) => {
            let mut err = std::io::stderr().lock();
            if !message.is_empty() {
                let _ = writeln!(err, "import-mlperf: {message}");
            }
            let _ = writeln!(err, "{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::stdout().lock();
    match run(args, &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            let _ = writeln!(std::io::stderr().lock(), "import-mlperf: {message}");
            ExitCode::from(2)
        }
    }
}
