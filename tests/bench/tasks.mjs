// One load's main-thread tasks, in time order, unthrottled (issue 53's traces in
// docs/size-and-performance.md): each task over MIN ms (default 10) with its 4× estimate (Lighthouse's
// mobile CPU) and what it spent its time on, stamped with the page's stages drawn by then (head,
// form, figures, hand-off, plan, …); and, given a names-kept copy of the wasm (see profile.mjs), the
// functions V8 compiled lazily on the way, in bursts, with their bytes.
//
//   node tests/bench/tasks.mjs <dist> [page path, default /] [names.wasm]
//
// Needs tests/bench/lighthouse's npm install (for its gzip server), as profile.mjs does.
// Environment: CHROMIUM (default /usr/bin/chromium), MIN (ms), AFTER (ms to keep tracing once the
// page is live and drawn, default 1000), TRACE=lighthouse (trace with Lighthouse's categories).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { serveGzip } from './lighthouse/run.mjs';
import { demangle, firstWasm, longTasks, readWasm } from './profile.mjs';

const [dist, pagePath = '/', namesPath] = process.argv.slice(2);
if (!dist) {
  console.error('usage: node tests/bench/tasks.mjs <dist> [page path] [names.wasm]');
  process.exit(2);
}
// Lighthouse's own categories (its trace gatherer's) where TRACE=lighthouse: its stack traces and
// invalidation tracking make each DOM change dearer, so its tasks are longer than an ordinary trace's.
const CATEGORIES = process.env.TRACE === 'lighthouse'
  ? ['disabled-by-default-lighthouse', 'loading', 'v8', 'v8.execute', 'blink.user_timing', 'blink.console', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.screenshot', 'disabled-by-default-devtools.timeline.stack', 'disabled-by-default-devtools.timeline.frame', 'latencyInfo', 'disabled-by-default-devtools.timeline.invalidationTracking']
  : ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.wasm', 'blink', 'loading', 'toplevel', 'v8.execute'];
const server = await serveGzip(dist);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const parts = { head: 'header.masthead', form: 'section.config', figures: '#figures', handOff: 'section.share', plan: '[data-testid="plan"]', compare: '[data-testid="compare"]', charts: 'section.charts', table: 'section.comparison', method: 'section.method' };
    let last = '';
    new MutationObserver(() => {
      const app = document.querySelector('[data-testid="app"]');
      if (!app) return;
      const seen = Object.entries(parts).filter(([, s]) => app.querySelector(s)).map(([n]) => n);
      seen.push(`sources ${app.querySelectorAll('ol.sources > li').length}`);
      const k = seen.join(',');
      if (k !== last) { last = k; console.timeStamp(`stage:${k}`); }
    }).observe(document, { subtree: true, childList: true });
  });
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(server.origin + pagePath, { waitUntil: 'commit' });
  // Polled by a function, not a string: the page's CSP refuses `eval`.
  const live = () => document.documentElement.dataset.app === 'live' && document.documentElement.dataset.drawn === 'all';
  for (let i = 0; !(await page.evaluate(live).catch(() => false)); i++) {
    if (i > 600) throw new Error('the page did not become live and drawn within a minute');
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, Number(process.env.AFTER ?? 1000)));
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8'));

  const stamps = traceEvents.filter((e) => e.name === 'TimeStamp' && String(e.args?.data?.message).startsWith('stage:')).map((e) => ({ ts: e.ts, m: e.args.data.message.slice(6) }));
  const tasks = longTasks(traceEvents, Number(process.env.MIN ?? 10) * 1000);
  const t0 = tasks[0]?.ts ?? 0;
  let blocking = 0;
  console.log('  at ms   ms   ×4 ms  spent on (ms)                                          stages drawn by its end');
  for (const t of tasks) {
    const stage = stamps.filter((s) => s.ts >= t.ts && s.ts <= t.ts + t.dur).map((s) => s.m).pop() ?? '';
    const slow = (t.dur / 1000) * 4;
    blocking += Math.max(0, slow - 50);
    const kinds = [...t.kinds].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([k, v]) => `${k.split(' (')[0]} ${Math.round(v / 1000)}`).join(', ');
    console.log(`${String(Math.round((t.ts - t0) / 1000)).padStart(7)} ${String(Math.round(t.dur / 1000)).padStart(4)} ${String(Math.round(slow)).padStart(7)}  ${kinds.padEnd(54)} ${stage}`);
  }
  console.log(`the 4× estimates' sum over 50 ms: ${Math.round(blocking)} ms (an estimate, not Lighthouse's TBT)`);

  if (namesPath && process.env.TRACE === 'lighthouse') {
    console.log("\nno lazy compiles listed: Lighthouse's categories leave out v8.wasm, which records them");
  } else if (namesPath) {
    const w = readWasm(readFileSync(namesPath));
    const shipped = readWasm(readFileSync(path.join(dist, firstWasm(dist) ?? '')));
    const code = (m) => m.sections.find((s) => s.id === 10)?.bytes;
    if (!code(shipped) || !code(w) || Buffer.compare(code(shipped), code(w)) !== 0) {
      console.log(`\n${namesPath}'s code is not ${dist}'s wasm's: its names would name other functions (make it from the same build, as .ci/bench does)`);
      process.exitCode = 1;
    } else {
      compiled(traceEvents, w);
    }
  }
} finally {
  await browser.close();
  await server.close();
}

/** The functions V8 compiled lazily during the load, in bursts. */
function compiled(traceEvents, w) {
  const lazy = traceEvents.filter((e) => e.name === 'wasm.CompileLazy' && e.ph === 'X' && e.args?.func_index !== undefined)
    .map((e) => ({ ts: e.ts, dur: e.dur, size: w.bodies[e.args.func_index - w.imported]?.length ?? 0, name: demangle(w.names.get(e.args.func_index) ?? '?') }))
    .sort((a, b) => a.ts - b.ts);
  const bytes = lazy.reduce((a, r) => a + r.size, 0);
  console.log(`\nV8 compiled ${lazy.length} functions lazily, ${bytes} B of code; in bursts (a gap over 3 ms starts the next):`);
  let burst = null;
  const bursts = [];
  for (const r of lazy) {
    if (!burst || r.ts - burst.end > 3000) bursts.push((burst = { start: r.ts, end: r.ts, rows: [] }));
    burst.rows.push(r);
    burst.end = Math.max(burst.end, r.ts + r.dur);
  }
  for (const b of bursts) {
    const size = b.rows.reduce((a, r) => a + r.size, 0);
    const big = [...b.rows].sort((x, y) => y.size - x.size).slice(0, 4).map((r) => `${r.name.replace(/<yew::html::component::lifecycle::CompStateInner<COMP> as [^>]+>::view/, 'a view').slice(0, 50)} ${r.size}`);
    console.log(`  at ${String(Math.round((b.start - (lazy[0]?.ts ?? 0)) / 1000)).padStart(5)} ms: ${b.rows.length} functions, ${size} B (${big.join('; ')})`);
  }
}
