// The pages the benchmark loads (tests/bench/bench.mjs and tests/bench/lighthouse/run.mjs).

/** A configured link (issue 23's): 8 × L40S, MLPerf v4.1-0025 Llama 2 70B Server, at the rated 350 W. A v4.1 row is named with its `v` (`v4.1-0025`): without it the link is refused with a notice and measures that path instead. */
export const CONFIGURED = '?v=1&card=l40s&result=v4.1-0025&scenario=server';

const cfg = (query, label) => `cfg=${encodeURIComponent(`${query}&label=${encodeURIComponent(label)}`)}`;

/**
 * The sales engineer's full link (issue 21's run): 8 × H200 NVL on 6.0-0021 Interactive with a plan
 * (40 M tokens a day, 0.25 EUR/kWh, 400 V three-phase, a 15 kW rack position), a customer and a
 * reference, and three compared configurations (H200 NVL, RTX PRO 6000, L40S on Llama 2 70B Server).
 */
export const FULL =
  '?v=1&card=h200-nvl&result=6.0-0021&scenario=interactive&model=llama2-70b-99' +
  '&demand=40000000&price=0.25&cur=EUR&volts=400&phases=3&rack=15&customer=M%C3%BCller%20GmbH&ref=Q-2026-117&' +
  [
    cfg('v=1&card=h200-nvl&result=6.0-0021&scenario=server&model=llama2-70b-99', '8 × H200 NVL'),
    cfg('v=1&card=rtx-pro-6000-se&result=6.0-0022&scenario=server&model=llama2-70b-99', '8 × RTX PRO 6000'),
    cfg('v=1&card=l40s&result=v4.1-0025&scenario=server&model=llama2-70b-99', '8 × L40S'),
  ].join('&');
