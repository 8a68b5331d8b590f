//! What a Server or Interactive result promises each person: MLPerf's latency bounds per benchmark.
//!
//! A Server (or Interactive) result's tokens/s was sustained while 99 % of the streams' time per
//! output token (TPOT) stayed within the benchmark's bound, so each stream decoded at least
//! 1000 ÷ TPOT tokens/s. Offline has no bound: it promises a person waiting for an answer nothing.
//! The bounds are MLCommons' LoadGen configuration (`loadgen/mlperf.conf`), cited as
//! [`SOURCE`] in `data/sources.json`; `tests/plan.rs` checks them against the reference table.

use crate::catalogue::{Benchmark, Scenario};

/// The LoadGen configuration in `data/sources.json`.
pub const SOURCE: &str = "mlperf-loadgen-conf";

/// A scenario's latency bounds, milliseconds at the 99th percentile.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bound {
    /// Time to first token.
    pub ttft_ms: f64,
    /// Time per output token.
    pub tpot_ms: f64,
}

impl Bound {
    /// The slowest decode a stream had: 1000 ÷ TPOT output tokens/s.
    pub fn tokens_per_second(self) -> f64 {
        1000.0 / self.tpot_ms
    }
}

const fn ms(ttft_ms: f64, tpot_ms: f64) -> Option<Bound> {
    Some(Bound { ttft_ms, tpot_ms })
}

/// The bound a benchmark's scenario ran under; `None` for Offline and for a scenario the benchmark
/// does not have (Mixtral 8x7B has no Interactive variant).
pub fn bound(benchmark: Benchmark, scenario: Scenario) -> Option<Bound> {
    use Benchmark as B;
    use Scenario as S;
    match (benchmark, scenario) {
        (_, S::Offline) => None,
        (B::Llama2_70b99 | B::Llama2_70b999 | B::Mixtral8x7b, S::Server) => ms(2000.0, 200.0),
        (B::Llama2_70b99 | B::Llama2_70b999, S::Interactive) => ms(450.0, 40.0),
        (B::Mixtral8x7b, S::Interactive) => None,
        (B::Llama3_1_405b, S::Server) => ms(6000.0, 175.0),
        (B::Llama3_1_405b, S::Interactive) => ms(4500.0, 80.0),
        (B::Llama3_1_8b, S::Server) => ms(2000.0, 100.0),
        (B::Llama3_1_8b, S::Interactive) => ms(500.0, 30.0),
        (B::DeepseekR1, S::Server) => ms(2000.0, 80.0),
        (B::DeepseekR1, S::Interactive) => ms(1500.0, 15.0),
        (B::GptOss120b, S::Server) => ms(3000.0, 80.0),
        (B::GptOss120b, S::Interactive) => ms(2000.0, 15.0),
    }
}

/// How close one published run came to its bound: MLPerf v4.1-0049's Llama 2 70B Server run (8 ×
/// H200 SXM at 500 W) held a p99 time per output token of 158.802 ms against the 200 ms bound,
/// as LoadGen logged it (`result_time_per_output_token_99.00_percentile_ns` 158802079 and
/// `requested_server_tpot_latency` 200000000 in its `mlperf_log_detail.txt`; `tests/plan.rs` reads
/// the shared copy). A lower power limit slows every token and eats into that margin.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Headroom {
    pub result: &'static str,
    pub tpot_p99_ms: f64,
    pub bound_ms: f64,
    /// The log in `data/sources.json`.
    pub source: &'static str,
}

pub const HEADROOM: Headroom =
    Headroom { result: "v4.1-0049", tpot_p99_ms: 158.802079, bound_ms: 200.0, source: "mlperf-v4.1-0049-server-log" };
