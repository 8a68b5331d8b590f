// Issue 47: the power model's two ends written here for the e2e tests, from the reference and not from
// the page's code. LOAD-CURVE.md's pooled medians (P ÷ P(full)) at their bins' middles, × the full
// batch's share of the limit; one stream at 1 % (267 W of 700 W, 452 W of 1000 W); idle at no load.

const H100 = [[7.5, 0.69], [12.5, 0.72], [20, 0.76], [30, 0.8], [42.5, 0.85], [60, 0.91], [80, 0.97], [95, 1], [100, 1]];
const B200 = [[2.5, 0.78], [7.5, 0.8], [12.5, 0.86], [20, 0.87], [30, 0.88], [42.5, 0.96], [60, 0.93], [80, 1], [95, 1], [100, 1]];

/** The shape a card takes: the B200's for Blackwell B200/B300/GB200/GB300, the H100's for the others. */
export function shapeOf(card) {
  return ['b200-sxm', 'b300-sxm', 'gb200', 'gb300'].includes(card) ? 'b200' : 'h100';
}

/** One card's watts at `load` % on the measured curve, never below the linear model at the same idle. */
export function measuredWatts(load, idle, limit, shape = 'h100') {
  const [table, full, one] = shape === 'b200' ? [B200, 0.83, 452 / 1000] : [H100, 0.86, 267 / 700];
  const points = [[0, idle / limit], [1, one], ...table.map(([l, r]) => [l, r * full])];
  const l = Math.min(Math.max(load, 0), 100);
  let share = full;
  for (let i = 1; i < points.length; i++) {
    if (l <= points[i][0]) {
      const [[l0, s0], [l1, s1]] = [points[i - 1], points[i]];
      share = s0 + (s1 - s0) * (l - l0) / (l1 - l0);
      break;
    }
  }
  return Math.max(limit * share, idle + (limit - idle) * l / 100);
}

/** One card's linear watts at `load` %. */
export function linearWatts(load, idle, limit) {
  return idle + (limit - idle) * load / 100;
}

/** A snapshot's margin above the highest posted idle reading (W). */
export const SNAPSHOT_MARGIN = 50;

/**
 * kWh a year for a demand (output tokens a day) on `servers` servers of `cards` cards at `limit` W,
 * `tps` tokens/s per server, `hours` busy hours: [lower end at `idleLow` (linear), upper end at `idleHigh`
 * (measured)], boards only, PUE 1.
 */
export function yearEnds({ demand, tps, servers = 1, cards = 8, limit, hours = 24, idleLow, idleHigh, shape = 'h100' }) {
  const load = 100 * demand / (hours * 3600) / (servers * tps);
  const day = (idle, watts) => servers * cards * (idle * (24 - hours) + watts * hours);
  return [
    day(idleLow, linearWatts(load, idleLow, limit)) * 365 / 1000,
    day(idleHigh, measuredWatts(load, idleHigh, limit, shape)) * 365 / 1000,
  ];
}
