//! The comparisons beside a measured figure, like with like (issue 39): which power limit they use
//! (the run's own where typed, else the calculator's, named either way), a run above its limit
//! beyond the reading's accuracy (with the fields likely wrong), the model the token counters name
//! against the configured benchmark's, and throughput per GPU against the published result's.
//! Typed values only: `i18n` words them.

use super::{Input, Measurement, GPU};
use crate::catalogue::Benchmark;
use crate::figure::{Figure, Kind, Origin, Unit};
use crate::input::Field;

/// How far a GPU's board-power reading may be off: NVML, which both `nvidia-smi` and DCGM read,
/// states its power readings "accurate to within +/- 5 watts" (`nvidia-smi --help-query-gpu`,
/// `power.draw`). An average above the limit by more than this is not the card's doing.
pub const READING_ACCURACY_W: f64 = 5.0;

/// Whose power limit a comparison uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitFrom {
    /// Typed for the run (the "Power limit of the run" box).
    Run,
    /// The calculator's configured limit, used where the run's is not typed.
    Calculator,
}

/// The power limit per GPU a comparison uses, and whose it is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limit {
    pub watts: f64,
    pub from: LimitFrom,
}

impl Limit {
    /// The run's typed limit where there is one, else the calculator's; `None` without either (or
    /// with a limit that is not a positive finite number).
    pub fn choose(run: Option<f64>, calculator: Option<f64>) -> Option<Limit> {
        let ok = |w: &f64| w.is_finite() && *w > 0.0;
        run.filter(ok)
            .map(|watts| Limit { watts, from: LimitFrom::Run })
            .or_else(|| calculator.filter(ok).map(|watts| Limit { watts, from: LimitFrom::Calculator }))
    }

    fn origin(self) -> Origin {
        match self.from {
            LimitFrom::Run => Origin::Measurement(Input::PowerLimit),
            LimitFrom::Calculator => Origin::Input(Field::Watts),
        }
    }
}

/// The run's typed limit as the page reads it (German "0,95" in German); `Ok(None)` when blank, an
/// error naming the box otherwise.
pub fn run_limit(lang: crate::lang::Lang, text: &str) -> Result<Option<f64>, super::MeasureError> {
    super::optional_number(lang, Input::PowerLimit, text)
}

/// The ceiling at the run's own throughput at `limit`: every measured GPU at the limit ÷ the run's
/// tokens per second (J/token); its origins name the limit's box or field.
pub fn ceiling_at(m: &Measurement, limit: Limit) -> Option<Figure> {
    let tps = m.tokens_per_s.as_ref()?;
    if m.gpus.is_empty() || !(limit.watts.is_finite() && limit.watts > 0.0) || tps.value <= 0.0 {
        return None;
    }
    let mut origins = tps.origins.clone();
    origins.extend(m.gpu_energy.iter().flat_map(|e| e.origins.iter().cloned()));
    origins.push(limit.origin());
    let watts = m.gpus.len() as f64 * limit.watts;
    Figure::new(watts / tps.value, Unit::JoulesPerToken, Kind::Ceiling, origins)
}

/// The average board power per GPU as a share of `limit`, %.
pub fn share_of_limit(average_power: &Figure, limit: Limit) -> Option<Figure> {
    if !(limit.watts.is_finite() && limit.watts > 0.0) {
        return None;
    }
    let mut origins = average_power.origins.clone();
    origins.push(limit.origin());
    Figure::new(100.0 * average_power.value / limit.watts, Unit::Percent, GPU, origins)
}

/// A field that may be wrong where a run averages above its limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Suspect {
    /// The run's duration: typed, or (`from_series`) taken from a series and its interval.
    Duration { from_series: bool },
    /// The GPUs the energy boxes list: every GPU that served the run, and only those.
    Gpus(usize),
    /// The limit used: the run's typed one, or the calculator's.
    Limit(LimitFrom),
    /// The configured card (whose limit the calculator's is): the GPUs may be another card.
    Card,
}

/// A run whose average board power per GPU is above the limit by more than the reading's accuracy:
/// impossible for a board that holds its limit, so a field is wrong.
#[derive(Debug, Clone, PartialEq)]
pub struct AboveLimit {
    /// Average board power per GPU, W.
    pub watts: f64,
    pub limit: Limit,
    /// The average as a share of the limit, %.
    pub percent: f64,
    /// The fields likely wrong, most likely first.
    pub suspects: Vec<Suspect>,
}

/// Whether the run averaged above `limit` by more than [`READING_ACCURACY_W`] per GPU.
pub fn above_limit(m: &Measurement, limit: Limit) -> Option<AboveLimit> {
    let power = m.average_power_per_gpu.as_ref()?;
    let percent = share_of_limit(power, limit)?.value;
    if power.value <= limit.watts + READING_ACCURACY_W {
        return None;
    }
    let from_series = m.series.as_ref().is_some_and(|s| s.duration_from_series);
    let mut suspects = vec![Suspect::Duration { from_series }, Suspect::Gpus(m.gpus.len()), Suspect::Limit(limit.from)];
    if limit.from == LimitFrom::Calculator {
        suspects.push(Suspect::Card);
    }
    Some(AboveLimit { watts: power.value, limit, percent, suspects })
}

/// A name with case, spaces and punctuation gone.
fn squeezed(name: &str) -> String {
    name.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect()
}

/// Whether a model name the counters carry is the benchmark's model: its last path part, without
/// case or punctuation, contains the benchmark's plain name ("meta-llama/Llama-2-70b-chat-hf" is
/// Llama 2 70B; quantised or instruction-tuned builds of it too). A distilled model is another
/// model ("DeepSeek-R1-Distill-Llama-70B" is neither DeepSeek-R1 nor Llama 2 70B).
pub fn is_benchmark_model(pasted: &str, benchmark: Benchmark) -> bool {
    let last = pasted.trim().trim_end_matches('/').rsplit('/').next().unwrap_or("");
    let name = squeezed(last);
    !name.is_empty() && !name.contains("distill") && name.contains(&squeezed(benchmark.name()))
}

/// The counters name another model than the configured benchmark's.
#[derive(Debug, Clone, PartialEq)]
pub struct OtherModel {
    /// The names the counters carry that are not the benchmark's model, each once.
    pub pasted: Vec<String>,
    pub benchmark: Benchmark,
}

/// Whether the token counters name a model other than `benchmark`'s; `None` where they name none
/// (TGI), only the benchmark's, or no benchmark is configured (the calculator's own throughput).
pub fn other_model(m: &Measurement, benchmark: Option<Benchmark>) -> Option<OtherModel> {
    let benchmark = benchmark?;
    let pasted: Vec<String> = m.models.iter().filter(|n| !is_benchmark_model(n, benchmark)).cloned().collect();
    (!pasted.is_empty()).then_some(OtherModel { pasted, benchmark })
}

/// How the run's throughput per GPU stands against the published result's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pace {
    Faster,
    Slower,
    Same,
}

/// Throughput per GPU: the run's (its tokens/s ÷ the GPUs measured) against the published
/// result's (its tokens/s per server ÷ the cards per server configured).
#[derive(Debug, Clone, PartialEq)]
pub struct PerGpu {
    pub run: f64,
    pub run_total: f64,
    pub run_gpus: usize,
    pub published: f64,
    pub published_total: f64,
    pub published_cards: u32,
    /// Within 0.5 % counts as the same.
    pub pace: Pace,
}

/// The run's tokens/s per GPU against the published result's; `None` without the run's tokens/s,
/// its GPUs, or a published throughput and card count.
pub fn per_gpu(m: &Measurement, published_per_server: Option<f64>, cards: Option<u32>) -> Option<PerGpu> {
    let run_total = m.tokens_per_s.as_ref()?.value;
    let run_gpus = m.gpus.len();
    let published_total = published_per_server.filter(|v| v.is_finite() && *v > 0.0)?;
    let published_cards = cards.filter(|c| *c > 0)?;
    if run_gpus == 0 || !(run_total.is_finite() && run_total > 0.0) {
        return None;
    }
    let run = run_total / run_gpus as f64;
    let published = published_total / f64::from(published_cards);
    let pace = if (run - published).abs() <= 0.005 * published {
        Pace::Same
    } else if run > published {
        Pace::Faster
    } else {
        Pace::Slower
    };
    Some(PerGpu { run, run_total, run_gpus, published, published_total, published_cards, pace })
}

// issue 51: the measured card's own rating bounds the reading, whatever card the calculator shows.

/// A card's rated maximum board power, as the catalogue states it: `(name, W)`.
#[derive(Debug, Clone, PartialEq)]
pub struct Rating {
    pub card: String,
    pub watts: f64,
}

impl Rating {
    /// The rating of the card the pasted GPUs report themselves as, where the catalogue lists it.
    pub fn of_measured(m: &Measurement, catalogue: &crate::catalogue::Catalogue) -> Option<Rating> {
        let id = super::measured_card(m, catalogue)?.card?;
        let card = catalogue.card(&id)?;
        Some(Rating { card: card.name.to_string(), watts: card.max_power.watts })
    }
}

/// The run's average board power per GPU where it is above `rating` by more than
/// [`READING_ACCURACY_W`]: impossible for that card, whatever limit the comparisons use.
pub fn above_rating(m: &Measurement, rating: &Rating) -> Option<f64> {
    let watts = m.average_power_per_gpu.as_ref()?.value;
    (rating.watts.is_finite() && watts > rating.watts + READING_ACCURACY_W).then_some(watts)
}

/// The run's typed limit ([`run_limit`]), refused where it is above the measured card's rating.
pub fn run_limit_within(
    lang: crate::lang::Lang,
    text: &str,
    rating: Option<&Rating>,
) -> Result<Option<f64>, super::MeasureError> {
    let limit = run_limit(lang, text)?;
    match (limit, rating) {
        (Some(w), Some(r)) if w > r.watts => Err(super::MeasureError::new(
            Input::PowerLimit,
            super::Problem::AboveRating { card: r.card.clone(), watts: r.watts },
        )),
        _ => Ok(limit),
    }
}

/// A published result to compare with where the counters name a benchmark's model (issue 51).
#[derive(Debug, Clone, PartialEq)]
pub struct BenchmarkSwitch {
    /// The name the counters carry.
    pub pasted: String,
    pub benchmark: Benchmark,
    pub result: String,
    pub scenario: crate::catalogue::Scenario,
}

/// Where the counters name another model than `other.benchmark`'s and the catalogue has a benchmark
/// of that model: a result of it to switch to, on the configured `card` where one publishes it,
/// else the catalogue's first. `None` where no benchmark is the pasted model.
pub fn benchmark_for(
    other: &OtherModel,
    catalogue: &crate::catalogue::Catalogue,
    card: &str,
) -> Option<BenchmarkSwitch> {
    other.pasted.iter().find_map(|name| {
        let of_model = |r: &&crate::catalogue::PublishedResult| is_benchmark_model(name, r.benchmark);
        let on_card = catalogue.results.iter().filter(of_model).find(|r| r.card == card);
        let row = on_card.or_else(|| catalogue.results.iter().find(of_model))?;
        Some(BenchmarkSwitch {
            pasted: name.clone(),
            benchmark: row.benchmark,
            result: row.id.to_string(),
            scenario: row.scenario,
        })
    })
}
