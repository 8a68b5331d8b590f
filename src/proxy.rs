//! The customer's own model (issue 28.7): the page's figures are always a published benchmark's;
//! a person names the model they plan to run and, with its size and kind, the page names the
//! benchmark closest to it as a **proxy** — labelled as such, never as a figure for their model.
//!
//! Only what a source states is used: a benchmark is a candidate where the catalogue's sources
//! state both its parameter count and whether it is dense or a mixture of experts ([`STATED`]);
//! the others are listed as not considered ([`unstated`]). "Closest" is by ratio (a 30 B model is
//! nearer 70 B than 8 B): the smallest larger-to-smaller ratio of the two sizes, and on a tie the
//! larger candidate, whose figures lean high rather than low.

use crate::catalogue::Benchmark;

/// Dense, or a mixture of experts (MoE: the size compared is the active parameters per token).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arch {
    Dense,
    Moe,
}

impl Arch {
    pub const ALL: [Arch; 2] = [Arch::Dense, Arch::Moe];

    /// The link's value (`your_arch=`).
    pub fn id(self) -> &'static str {
        match self {
            Arch::Dense => "dense",
            Arch::Moe => "moe",
        }
    }

    /// The kind a link or the select names (case and surrounding spaces ignored).
    pub fn from_id(id: &str) -> Option<Arch> {
        let id = id.trim();
        Arch::ALL.into_iter().find(|a| a.id().eq_ignore_ascii_case(id))
    }
}

/// What the catalogue's sources state of a benchmark's model: its parameter count (billions; the
/// active ones for a mixture of experts) and its kind, each with the source that states it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stated {
    pub benchmark: Benchmark,
    pub billions: f64,
    pub arch: Arch,
    /// The source (an id of `data/sources.json`) that states the size: MLCommons' table, whose
    /// benchmark name carries it ("llama2-70b"), or the model maker's paper or model card.
    pub size_source: &'static str,
    /// The source that states dense or MoE; often the same as `size_source`.
    pub arch_source: &'static str,
}

/// The benchmarks whose size and kind a source of the catalogue states. Llama 2 70B: 70 B as its
/// benchmark's name states it in MLCommons' tables, dense as the reference article states it ("a
/// dense model such as Llama 2 70B"). The others from their makers' papers and model cards: Llama
/// 3.1 8B and 405B dense (Meta's Llama 3 paper), and for the mixtures of experts the parameters
/// active per token: Mixtral 8x7B 13 B of 47 B, DeepSeek-R1 37 B of 671 B, gpt-oss-120b 5.1 B of
/// 117 B. A benchmark without a line here is not a candidate (see [`unstated`]).
pub const STATED: [Stated; 6] = [
    Stated {
        benchmark: Benchmark::Llama2_70b99,
        billions: 70.0,
        arch: Arch::Dense,
        size_source: "mlperf-inference-v6.0",
        arch_source: "energy-per-token-article-2026-10",
    },
    Stated {
        benchmark: Benchmark::Llama3_1_8b,
        billions: 8.0,
        arch: Arch::Dense,
        size_source: "llama3-herd-2024",
        arch_source: "llama3-herd-2024",
    },
    Stated {
        benchmark: Benchmark::Llama3_1_405b,
        billions: 405.0,
        arch: Arch::Dense,
        size_source: "llama3-herd-2024",
        arch_source: "llama3-herd-2024",
    },
    Stated {
        benchmark: Benchmark::Mixtral8x7b,
        billions: 13.0,
        arch: Arch::Moe,
        size_source: "mixtral-2024",
        arch_source: "mixtral-2024",
    },
    Stated {
        benchmark: Benchmark::DeepseekR1,
        billions: 37.0,
        arch: Arch::Moe,
        size_source: "deepseek-r1-2025",
        arch_source: "deepseek-r1-2025",
    },
    Stated {
        benchmark: Benchmark::GptOss120b,
        billions: 5.1,
        arch: Arch::Moe,
        size_source: "gpt-oss-2025",
        arch_source: "gpt-oss-2025",
    },
];

/// The closest candidate of `table` of kind `arch` to a model of `billions` parameters: by ratio,
/// the larger on a tie; `None` where no candidate is of that kind or the size is not above 0
/// and finite.
pub fn closest(table: &[Stated], billions: f64, arch: Arch) -> Option<Stated> {
    if !(billions.is_finite() && billions > 0.0) {
        return None;
    }
    let same = || table.iter().filter(|s| s.arch == arch && s.billions.is_finite() && s.billions > 0.0);
    // Outside the candidates' span the nearest end is closest; inside it every ratio is finite.
    let low = same().map(|s| s.billions).reduce(f64::min)?;
    let high = same().map(|s| s.billions).reduce(f64::max)?;
    let size = billions.max(low).min(high);
    // The ratio of the larger to the smaller: the same order as |ln(size ÷ candidate)|, without a
    // logarithm in the wasm.
    let ratio = |s: &Stated| if size >= s.billions { size / s.billions } else { s.billions / size };
    let mut best: Option<Stated> = None;
    for s in same() {
        best = match best {
            None => Some(*s),
            Some(b) => {
                let (r, rb) = (ratio(s), ratio(&b));
                // A tie within rounding counts as a tie.
                let tie = (r - rb).abs() <= 1e-12 * r.max(rb);
                if (tie && s.billions > b.billions) || (!tie && r < rb) {
                    Some(*s)
                } else {
                    Some(b)
                }
            }
        };
    }
    best
}

/// The benchmark models no source of the catalogue states both the size and the kind of (their
/// plain names, each once, in the catalogue's order): not considered as a proxy.
pub fn unstated() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for b in Benchmark::ALL {
        let stated = STATED.iter().any(|s| s.benchmark.name() == b.name());
        if !stated && !names.contains(&b.name()) {
            names.push(b.name());
        }
    }
    names
}

/// What the page can say of a proxy for the customer's model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Proxy {
    /// No valid size typed: no proxy can be chosen.
    NeedSize,
    /// A size but no kind: dense or MoE decides the candidates.
    NeedArch,
    /// No candidate of that kind has a stated size.
    NoneOfKind(Arch),
    /// The closest candidate of the same kind.
    Closest(Stated),
}

impl Proxy {
    /// The proxy for a checked size and kind, from [`STATED`].
    pub fn choose(billions: Option<f64>, arch: Option<Arch>) -> Proxy {
        match (billions, arch) {
            (None, _) => Proxy::NeedSize,
            (Some(_), None) => Proxy::NeedArch,
            (Some(b), Some(a)) => closest(&STATED, b, a).map_or(Proxy::NoneOfKind(a), Proxy::Closest),
        }
    }

    /// The chosen benchmark, where one is.
    pub fn benchmark(self) -> Option<Benchmark> {
        match self {
            Proxy::Closest(s) => Some(s.benchmark),
            _ => None,
        }
    }
}
