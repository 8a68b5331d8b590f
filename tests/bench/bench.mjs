// The performance benchmark of token-energy (run by `bash .ci/bench`, which builds both sites first).
// It prints one report of the budgets of issue 14 (the prerendered page) and writes it as JSON to
// target/bench/latest.json:
//
//   1. Transfer size: every file of dist/ and of the reference build (target/reference-dist), raw,
//      gzip -9 (zlib level 9) and brotli (quality 11); ours per part (wasm, js — every .js file —,
//      css, html) with the gzip bytes each part added since issue 14 began (the committed
//      baseline-issue-14.json: commit fcefd16), totals, and ours ÷ reference.
//      Budgets: gzip total ≤ 175 KB (1 KB = 1024 B here: 179,200 B); gzip ≤ 1.3 × the reference's.
//   2. First figures painted, bare page (no query: the prerendered page): navigation start → the
//      first frame in which every figure is present and visible (checkVisibility), against a static
//      HTML page of the bare page's text (no wasm: the floor). Budget: ours ≤ 1.2 × static (medians).
//   3. Configured link, first full render (a query whose figures differ from the bare page's):
//      navigation start → every figure present and visible and `<html data-app="live">` (the app
//      ran: the prerendered bare page is hidden under html.pending, and its figures are not this
//      link's), against the reference build's first render (navigation start → its figure in the
//      DOM). Budget: ours ≤ 1.3 × the reference (medians).
//   4. Edit-to-update, hydrated bare page: navigation start → `data-app="live"` (hydration, also
//      reported alone) → an edit dispatched at once (servers = 2) → the figures show it (kWh per
//      day doubled). Budget: navigation start → updated ≤ 1.3 × the reference's first render.
//   5. Input latency: a changed input → updated figures in the DOM, over ≥ 200 edits, in a page
//      that is live. Budget: median ≤ 2 ms, p95 ≤ 8 ms.
//
// Each timed load is a cold load in a fresh browser context, N loads per page, taken in rotation;
// the comments at each probe below say how its moment is found.
//
// Budgets are reported, never asserted: the exit status is 1 only when the benchmark itself broke
// (a missing build, a page that errs, never renders or shows other figures than it should).
//
// Environment: BENCH_DIST (default <repo>/dist), BENCH_REF_DIST (default <repo>/target/reference-dist),
// BENCH_LOADS (default 21), BENCH_EDITS (default 240), BENCH_OUT (default <repo>/target/bench/latest.json),
// BENCH_ROWS_DIST, BENCH_ROWS_SMALL (the catalogue's weight, see .ci/bench), CHROMIUM (see ../e2e/harness.mjs).

import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { FULL } from './pages.mjs';
import { LANGS, wasmLang } from '../../static/build/langs.mjs';
import { APP_TIMEOUT_MS, REPO, assertClean, closePage, launch, near, openPage, serve, waitForApp } from '../e2e/harness.mjs';

const DIST = path.resolve(process.env.BENCH_DIST ?? path.join(REPO, 'dist'));
const REF_DIST = path.resolve(process.env.BENCH_REF_DIST ?? path.join(REPO, 'target', 'reference-dist'));
/** The site built with only the first BENCH_ROWS_SMALL result rows (.ci/bench makes it), to weigh the catalogue. */
const ROWS_DIST = process.env.BENCH_ROWS_DIST ? path.resolve(process.env.BENCH_ROWS_DIST) : null;
const ROWS_SMALL = Number(process.env.BENCH_ROWS_SMALL ?? 58);
const OUT = path.resolve(process.env.BENCH_OUT ?? path.join(REPO, 'target', 'bench', 'latest.json'));
const LOADS = positiveInt(process.env.BENCH_LOADS, 21);
const EDITS = positiveInt(process.env.BENCH_EDITS, 240);

/** The bare page: no query. dist/index.html holds it prerendered (8 × H200 NVL at 600 W, MLPerf 6.0-0021 Offline), and the app hydrates it. */
const BARE = '';
/**
 * A configured link whose figures differ from the bare page's: 8 × L40S at the rated 350 W, MLPerf
 * v4.1-0025 Offline (board power 2800 W, not 4800 W). The prerendered bare page is in its DOM too,
 * hidden (html.pending), so a figure present there is not yet this link's.
 */
const LINK = '?card=l40s&result=v4.1-0025&scenario=offline';
const LINK_CARD = { id: 'l40s', count: 8 };
/** The page input latency uses: a published H200 NVL result, 8 cards at 600 W (board power 4800 W). */
const QUERY = '?result=6.0-0021&scenario=offline';
/** "All figures present" on our page: each of these carries a data-value. */
const OUR_FIGURES = ['board-power-w', 'j-per-token', 'wh-per-mtok', 'kwh-per-day', 'btu-per-h'];
const REF_FIGURES = ['kwh-per-day'];
const sel = (ids) => ids.map((id) => `[data-testid="${id}"][data-value]`);
/** Each part's gzip -9 bytes when issue 14 began (committed; the bytes added since are printed). */
const BASELINE = path.join(REPO, 'tests', 'bench', 'baseline-issue-14.json');
/** The parts of dist/ the transfer budget names; a file of another kind would be "other". */
const PARTS = [
  ['wasm', /\.wasm$/],
  ['js', /\.m?js$/],
  ['css', /\.css$/],
  ['html', /\.html?$/],
];
const KB = 1024;

const BUDGET = {
  gzipTotalBytes: 175 * KB,
  /** Issue 23: the wave's features within the transfer of the day it was filed. */
  gzipWaveBytes: 313 * KB,
  gzipRatio: 1.3,
  paintRatio: 1.2,
  linkRatio: 1.3,
  editRatio: 1.3,
  fullRatio: 1.3,
  inputMedianMs: 2,
  inputP95Ms: 8,
};
const VIEWPORT = { width: 1280, height: 800 };

function positiveInt(v, dflt) {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : dflt;
}

// ---------------------------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------------------------

const sorted = (xs) => [...xs].sort((a, b) => a - b);
/** The median (mean of the two middle values for an even count). */
function median(xs) {
  const s = sorted(xs);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
/** Nearest-rank percentile: the smallest sample with at least q of the samples ≤ it. */
function pct(xs, q) {
  const s = sorted(xs);
  return s[Math.min(s.length, Math.max(1, Math.ceil(q * s.length))) - 1];
}
function summary(xs) {
  return { n: xs.length, median: median(xs), p95: pct(xs, 0.95), min: Math.min(...xs), max: Math.max(...xs) };
}
const verdict = (ok) => (ok ? 'within budget' : 'OVER budget');

// ---------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------

const int = (n) => Math.round(n).toLocaleString('en-US');
const ms = (n, d = 1) => `${n.toFixed(d)} ms`;
const ratio = (r) => `${r.toFixed(2)}×`;
const pc = (x) => `${(x * 100).toFixed(0)} %`;

/** A fixed-width table: `cols` is [{ head, align: 'l'|'r' }], rows are arrays of strings ('-' rows: a rule). */
function table(cols, rows) {
  const widths = cols.map((c, i) => Math.max(c.head.length, ...rows.filter(Array.isArray).map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells
      .map((cell, i) => (cols[i].align === 'r' ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(cols.map((c) => c.head)), rule, ...rows.map((r) => (Array.isArray(r) ? line(r) : rule))].join('\n');
}

// ---------------------------------------------------------------------------------------------
// The machine
// ---------------------------------------------------------------------------------------------

function machine(chromiumVersion) {
  let nproc = os.availableParallelism?.() ?? os.cpus().length;
  try {
    nproc = Number(execFileSync('nproc', { encoding: 'utf8' }).trim()) || nproc;
  } catch {
    /* keep Node's count */
  }
  let cpu = os.cpus()[0]?.model ?? 'unknown';
  try {
    const m = readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.+)$/m);
    if (m) cpu = m[1].trim();
  } catch {
    /* not Linux */
  }
  return { nproc, cpu, memGiB: +(os.totalmem() / 2 ** 30).toFixed(1), chromium: chromiumVersion, node: process.version };
}

const loadavg = () => os.loadavg().map((x) => +x.toFixed(2));

/**
 * CPU time (clock ticks) of the whole machine and of this benchmark: this Node process (its static
 * servers included) and every process under it — Chromium's browser, zygote, GPU, network and
 * renderer processes — each with the time of the children it has already reaped (a closed
 * context's renderer counts in its parent's). The rest is other processes', which on a shared
 * machine slows what is timed. Null where /proc is missing.
 */
function cpuTicks() {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').match(/^cpu\s+(.+)$/m)[1].trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal: busy is everything but idle and iowait.
    const busy = cpu[0] + cpu[1] + cpu[2] + cpu[5] + cpu[6] + (cpu[7] ?? 0);
    const procs = new Map(); // pid -> { ppid, ticks }
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        const st = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // After "pid (comm) ": state ppid … utime stime cutime cstime are fields 14-17 of stat.
        const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
        procs.set(Number(pid), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) });
      } catch {
        /* the process ended meanwhile */
      }
    }
    const children = new Map();
    for (const [pid, p] of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), pid]);
    let ours = 0;
    const todo = [process.pid];
    while (todo.length) {
      const pid = todo.pop();
      ours += procs.get(pid)?.ticks ?? 0;
      todo.push(...(children.get(pid) ?? []));
    }
    return { busy, ours, at: performance.now() };
  } catch {
    return null;
  }
}

/** Shares of the machine's CPU capacity (all cores) used by this benchmark and by everything else. */
function cpuShare(a, b, nproc) {
  if (!a || !b) return null;
  const capacity = ((b.at - a.at) / 1000) * 100 * nproc; // USER_HZ is 100 on Linux
  const ours = (b.ours - a.ours) / capacity;
  const others = Math.max(0, (b.busy - a.busy - (b.ours - a.ours)) / capacity);
  return { ours: +ours.toFixed(3), others: +others.toFixed(3) };
}

/**
 * Copy a built site (without dot-entries such as Trunk's .stage/) and check the copy is whole: every
 * local file index.html names exists in it. A build running meanwhile can leave a copy that is not.
 */
async function snapshot(from, to) {
  await cp(from, to, { recursive: true, filter: (src) => !path.basename(src).startsWith('.') });
  const html = await readFile(path.join(to, 'index.html'), 'utf8');
  const missing = [...html.matchAll(/\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)]
    .map((m) => m[1] ?? m[2] ?? m[3])
    .filter((u) => !/^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(u))
    .map((u) => decodeURIComponent(u.split(/[?#]/)[0]).replace(/^\.\//, ''))
    .filter((f) => f && !existsSync(path.join(to, f)));
  if (missing.length) {
    throw new Error(`${from} changed while it was copied (another build running?): index.html names ${missing.join(', ')}, not in the copy; run again`);
  }
}

// ---------------------------------------------------------------------------------------------
// 1. Transfer size
// ---------------------------------------------------------------------------------------------

async function filesUnder(dir, rel = '') {
  const out = [];
  for (const e of (await readdir(path.join(dir, rel), { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.name.startsWith('.')) continue; // not part of the site (e.g. Trunk's .stage/ while it builds)
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await filesUnder(dir, r)));
    else if (e.isFile()) out.push(r);
  }
  return out;
}

/**
 * Files of dist/ no page load fetches, so no part of the transfer: the link preview (`og:image`),
 * fetched by the sites a link is shared on; the service worker does not precache it either
 * (tests/e2e/ship.test.mjs). Listed under the table with their bytes.
 */
const NOT_LOADED = /^preview\.png$/;

async function sizes(dir) {
  const files = [];
  const notLoaded = [];
  for (const name of await filesUnder(dir)) {
    // One wasm per language (static/build/langs.mjs): an English page load's files (the first language).
    if (NOT_LOADED.test(name) || (wasmLang(name) ?? LANGS[0]) !== LANGS[0]) {
      notLoaded.push({ name, raw: (await readFile(path.join(dir, name))).length });
      continue;
    }
    const body = await readFile(path.join(dir, name));
    files.push({
      name,
      raw: body.length,
      gzip: zlib.gzipSync(body, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }).length,
    });
  }
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const f of files) for (const k of Object.keys(total)) total[k] += f[k];
  return { files, total, notLoaded };
}

/**
 * Ours per part of the transfer budget (wasm, js, css, html; anything else is "other"), each the
 * sum of its files, and the gzip bytes each part added since the baseline.
 */
function parts(s, baseline) {
  const out = Object.fromEntries([...PARTS.map(([k]) => k), 'other'].map((k) => [k, { files: 0, raw: 0, gzip: 0, brotli: 0 }]));
  for (const f of s.files) {
    const part = out[PARTS.find(([, re]) => re.test(f.name))?.[0] ?? 'other'];
    part.files += 1;
    for (const k of ['raw', 'gzip', 'brotli']) part[k] += f[k];
  }
  for (const [k, p] of Object.entries(out)) p.gzipAdded = p.gzip - (baseline.gzip[k] ?? 0);
  return out;
}

// ---------------------------------------------------------------------------------------------
// 2-4. Page loads: first figures painted, a configured link's first full render, edit-to-update
// ---------------------------------------------------------------------------------------------
//
// Each probe runs in the page before any of its scripts (addInitScript) and resolves
// window.__bench.ready with its moments. performance.now() counts from performance.timeOrigin, the
// navigation start. The probes watch the DOM with a MutationObserver: its callback runs at the
// microtask checkpoint right after the task (or microtask) that inserted the nodes or set the
// attributes, so the time it records is within microseconds of the DOM changing — no rAF or timer
// quantisation — and it does no work while nothing changes, so unlike a polling loop it takes no
// CPU from the page being measured on this 2-core machine.

/**
 * First figures painted (the bare page and the static page). How the moment is found: the
 * MutationObserver (and a check at DOMContentLoaded, for a page whose parser put the figures there
 * before the observer's first callback) notes when every figure is first present; from then on, a
 * requestAnimationFrame callback runs before each frame and checks that every figure is present
 * and visible (`el.checkVisibility()`: rendered, not display:none, not in a hidden subtree). rAF
 * callbacks run in the rendering step just before a frame's paint, and none runs before the
 * render-blocking stylesheet has loaded (no frame is drawn before), so a visibility computed before
 * the CSS applies never counts: the first callback that finds them all visible is in the frame that
 * first paints them (`raf`: performance.now() as that callback begins).
 *
 * The moment `t` is that frame's paint: when it is the document's first rendered frame — a rAF
 * requested at the very start shows which frame that was: every callback of one frame gets the same
 * timestamp — it is the frame of the first contentful paint (the figures are text), and `t` is the
 * first-contentful-paint entry's startTime (the paint as presented, which the probe waits for).
 * Otherwise something else was painted first, no paint entry times the figures' frame, and `t` is
 * `raf`. `firstPaint` says which rule a load used; both pages are timed by the same rule. `live`
 * says whether the app had already run at that frame (for the prerendered bare page it should not
 * have: the figures are painted before the wasm).
 */
function paintProbe(selectors) {
  const state = { present: null, firstFrame: null };
  let resolve;
  state.ready = new Promise((r) => (resolve = r));
  window.__bench = state;
  requestAnimationFrame((ts) => (state.firstFrame = ts));
  const figures = () => selectors.map((s) => document.querySelector(s));
  const painted = (raf, firstPaint, live) => {
    if (!firstPaint) {
      resolve({ t: raf, raf, firstPaint, live, present: state.present });
      return;
    }
    new PerformanceObserver((list, obs) => {
      const fcp = list.getEntriesByName('first-contentful-paint')[0];
      if (!fcp) return;
      obs.disconnect();
      resolve({ t: fcp.startTime, raf, firstPaint, live, present: state.present });
    }).observe({ type: 'paint', buffered: true });
  };
  const frame = (ts) => {
    const now = performance.now(); // before checkVisibility(), which brings the page's style up to date
    if (figures().every((el) => el && el.checkVisibility())) {
      painted(now, ts === state.firstFrame, document.documentElement.getAttribute('data-app') === 'live');
    } else {
      requestAnimationFrame(frame);
    }
  };
  const check = () => {
    if (state.present !== null || !figures().every(Boolean)) return;
    state.present = performance.now();
    observer.disconnect();
    requestAnimationFrame(frame);
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-value'] });
  document.addEventListener('DOMContentLoaded', check);
}

/**
 * First full render (the configured link, and the reference build). How the moment is found: the
 * MutationObserver's first callback (or DOMContentLoaded) at which every figure is present — and,
 * where asked, `<html data-app="live">` is set (the app ran: on our page the prerendered bare page's
 * figures are in the DOM from the start, hidden, and are not the link's) and every figure is visible
 * (`checkVisibility()`; html.pending hides the prerendered page until the app renders the link's).
 * The observer also watches `data-app` and `class` (html.pending ends with a class change); the
 * cheap checks come first, so the style recalculation of checkVisibility() runs only once the
 * figures are there. It returns each figure's data-value too, so the caller can check that the page
 * shows the link's figures.
 */
function renderProbe({ selectors, live, visible }) {
  const state = { t: null };
  let resolve;
  state.ready = new Promise((r) => (resolve = r));
  window.__bench = state;
  const check = (now) => {
    if (state.t !== null) return;
    if (live && document.documentElement?.getAttribute('data-app') !== 'live') return;
    const els = selectors.map((s) => document.querySelector(s));
    if (!els.every(Boolean)) return;
    if (visible && !els.every((el) => el.checkVisibility())) return;
    state.t = now;
    observer.disconnect();
    resolve({ t: now, values: els.map((el) => el.getAttribute('data-value')) });
  };
  const observer = new MutationObserver(() => check(performance.now()));
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-value', 'data-app', 'class'] });
  document.addEventListener('DOMContentLoaded', () => check(performance.now()));
}

/**
 * Edit-to-update on the hydrated bare page. How the moments are found: a MutationObserver on the
 * document's `data-app` notes `live`, the moment the app marks `<html data-app="live">` (an effect
 * after its first render: hydration done, its listeners attached). In that same callback, at once,
 * it reads kWh per day, sets `[data-testid="servers"]` to 2 and dispatches a bubbling `input` event
 * (what typing fires; the app commits on `input`). A second MutationObserver on the figures'
 * `data-value` notes `t`, its first callback at which kWh per day is twice what it was (twice the
 * servers at the same board power): the page shows the edit.
 */
function editProbe() {
  const state = { live: null };
  let resolve;
  let reject;
  state.ready = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  window.__bench = state;
  const q = (id) => document.querySelector(`[data-testid="${id}"]`);
  const day = () => Number(q('kwh-per-day')?.getAttribute('data-value') ?? NaN);
  let before = NaN;
  const updated = new MutationObserver(() => {
    const now = performance.now();
    const after = day();
    if (Math.abs(after - 2 * before) <= 1e-9 * Math.abs(2 * before)) {
      updated.disconnect();
      resolve({ t: now, live: state.live, before, after });
    }
  });
  const onLive = new MutationObserver(() => {
    if (state.live !== null || document.documentElement.getAttribute('data-app') !== 'live') return;
    state.live = performance.now();
    onLive.disconnect();
    before = day();
    const servers = q('servers');
    if (!servers || !(before > 0)) {
      reject(new Error(`live, but no servers field or no kWh per day (${before})`));
      return;
    }
    updated.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-value'] });
    servers.value = '2';
    servers.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: '2' }));
  });
  onLive.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-app'] });
}

/**
 * One cold load in a fresh browser context (its own empty HTTP and code cache; the server also
 * answers `Cache-Control: no-store`), with `probe(arg)` as its init script; returns what the probe
 * resolved with, the navigation timing and the first-contentful-paint time. Not the harness's
 * openPage: that routes every request through Playwright to block other origins, a round trip to
 * Node per request that would be timed here. Errors are still recorded (console errors, uncaught
 * exceptions, panics, failed requests) and break the benchmark: the time of a broken page means
 * nothing.
 */
async function timedLoad(browser, url, probe, arg) {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  try {
    await context.addInitScript(probe, arg);
    const page = await context.newPage();
    const problems = [];
    page.on('console', (m) => (m.type() === 'error' || m.text().includes('panicked')) && problems.push(`console: ${m.text()}`));
    page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
    page.on('response', (r) => r.status() >= 400 && problems.push(`http ${r.status()}: ${r.url()}`));
    await page.goto(url, { waitUntil: 'load', timeout: APP_TIMEOUT_MS });
    // Awaits the probe's promise in the page: no polling from here while the page may still work.
    const got = await page.evaluate(
      (timeout) =>
        Promise.race([
          window.__bench.ready,
          new Promise((_, reject) => setTimeout(() => reject(new Error(`the probe's moment did not come ${timeout} ms after load`)), timeout)),
        ]),
      APP_TIMEOUT_MS,
    );
    const nav = await page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0];
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return { responseEnd: n.responseEnd, domContentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd, fcp: fcp ? fcp.startTime : null };
    });
    // A link the page refused in part measures the refusal, not the configuration it names.
    const notice = page.locator('[data-testid="link-notice"]');
    if (await notice.count()) problems.push(`the page refused part of the link: ${(await notice.innerText()).replace(/\s+/g, ' ')}`);
    if (problems.length) throw new Error(`${url} was not clean:\n  ${problems.join('\n  ')}`);
    return { ...got, ...nav };
  } finally {
    await context.close().catch(() => {});
  }
}

/**
 * The static page: our bare page as its first paint shows it — the prerendered page, read with
 * JavaScript off (so nothing ran: no hydration, no sections rendered one task later) —, with every
 * <script>, <noscript> and <link rel=modulepreload|preload> removed, the stylesheet kept, written
 * with the CSS into a temporary directory. It is the same HTML our page paints first, without the
 * scripts: the floor a prerendered page can approach. It is checked to show the same visible text
 * as our bare page before the app runs, and its figures.
 */
async function makeStaticPage(browser, ourServer, snapshot, dir) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORT, serviceWorkers: 'block' });
  await context.route((u) => !u.href.startsWith(ourServer.origin), (r) => r.abort());
  const page = await context.newPage();
  let html;
  let text;
  try {
    await page.goto(ourServer.url(BARE), { waitUntil: 'load', timeout: APP_TIMEOUT_MS });
    if (!(await page.evaluate((s) => s.every((q) => document.querySelector(q)?.checkVisibility()), sel(OUR_FIGURES)))) {
      throw new Error('the prerendered bare page does not show every figure without JavaScript');
    }
    ({ html, text } = await page.evaluate(() => {
      for (const el of document.querySelectorAll('noscript')) el.remove();
      for (const el of document.querySelectorAll('input')) {
        if (el.type === 'checkbox' || el.type === 'radio') el.toggleAttribute('checked', el.checked);
        else el.setAttribute('value', el.value);
      }
      for (const s of document.querySelectorAll('select')) for (const o of s.options) o.toggleAttribute('selected', o.selected);
      for (const t of document.querySelectorAll('textarea')) t.textContent = t.value;
      const root = document.documentElement.cloneNode(true);
      root.removeAttribute('data-app');
      root.removeAttribute('class');
      for (const el of root.querySelectorAll('script, link[rel~="modulepreload"], link[rel~="preload"]')) el.remove();
      return { html: `<!doctype html>\n${root.outerHTML}\n`, text: document.body.innerText };
    }));
  } finally {
    await context.close().catch(() => {});
  }
  await writeFile(path.join(dir, 'index.html'), html);
  for (const f of await filesUnder(snapshot)) {
    if (f.endsWith('.css')) {
      await mkdir(path.dirname(path.join(dir, f)), { recursive: true });
      await cp(path.join(snapshot, f), path.join(dir, f));
    }
  }
  return { text, bytes: Buffer.byteLength(html) };
}

async function checkStaticPage(browser, server, expectedText) {
  const page = await openPage(browser, server.url(BARE), { server, ...VIEWPORT });
  try {
    const s = sel(OUR_FIGURES);
    const state = await page.evaluate(
      (q) => ({ ok: q.every((x) => document.querySelector(x)?.checkVisibility()), scripts: document.scripts.length, text: document.body.innerText }),
      s,
    );
    assertClean(page, 'static page');
    if (!state.ok) throw new Error('the static page lacks a figure, or hides one');
    if (state.scripts !== 0) throw new Error('the static page still has a script');
    if (state.text !== expectedText) throw new Error('the static page does not show the same text as ours');
  } finally {
    await closePage(page);
  }
}

// ---------------------------------------------------------------------------------------------
// 5. Input latency
// ---------------------------------------------------------------------------------------------

/**
 * Runs in our page once it is live (the caller waits for `<html data-app="live">`: before that the
 * inputs may be the prerendered page's, which answer nothing), in one page.evaluate, so no CDP
 * round trip is inside a measurement. Edits
 * alternate the `gpus` and `watts` fields so that each changes board power
 * (8×600 → 4×600 → 4×400 → 8×400 → 8×600 W …). Per edit: t0 = performance.now(); set the field's
 * value and dispatch a bubbling `input` event (what typing fires; the app commits on `input`);
 * t1 = the first MutationObserver callback at which board power, kWh per day and BTU/h all show the
 * new values (so "updated" is checked, not just "something changed"); t1 - t0 is recorded. Between
 * edits the page gets a frame and a task (rAF, then setTimeout 0) so each edit starts from a page
 * that has finished style, layout and paint of the previous one, as a person's keystrokes do. Every
 * edit counts: the first ones, before the wasm is tiered up, are not dropped.
 */
async function inputEdits({ edits }) {
  const q = (id) => document.querySelector(`[data-testid="${id}"]`);
  const num = (id) => {
    const v = q(id)?.getAttribute('data-value');
    return v == null || v.trim() === '' ? NaN : Number(v);
  };
  const near = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  const STEPS = [
    ['gpus', '4'],
    ['watts', '400'],
    ['gpus', '8'],
    ['watts', '600'],
  ];
  const values = { gpus: Number(q('gpus').value), watts: Number(q('watts').value) };
  const servers = Number(q('servers')?.value ?? 1) || 1;
  const nextFrame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const samples = [];
  for (let i = 0; i < edits; i++) {
    const [field, value] = STEPS[i % STEPS.length];
    values[field] = Number(value);
    const board = values.gpus * values.watts;
    const updated = () =>
      near(num('board-power-w'), board) &&
      near(num('kwh-per-day'), (board * servers * 24) / 1000) &&
      near(num('btu-per-h'), board * servers * 3.412141633);
    const el = q(field);
    const done = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error(`edit ${i} (${field}=${value}): figures not updated within 2 s (board-power-w=${num('board-power-w')}, want ${board})`));
      }, 2000);
      const observer = new MutationObserver(() => {
        const t1 = performance.now();
        if (updated()) {
          observer.disconnect();
          clearTimeout(timer);
          resolve(t1);
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-value'] });
    });
    const t0 = performance.now();
    el.value = value;
    el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: value }));
    const t1 = await done;
    samples.push(t1 - t0);
    await nextFrame();
  }
  return { samples, crossOriginIsolated: self.crossOriginIsolated };
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main() {
  for (const [label, dir, how] of [
    ['our build', DIST, 'trunk build --release --offline'],
    ['the reference build', REF_DIST, 'cd tests/fixtures/reference-app && CARGO_TARGET_DIR=../../../target/reference trunk build --release --offline'],
  ]) {
    if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`${dir}/index.html is missing: build ${label} first (${how})`);
  }
  const started = new Date();
  const load0 = loadavg();
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'token-energy-bench-'));
  const servers = [];
  let browser;
  try {
    // Snapshots: another build writing dist/ during the run cannot change what is measured.
    const ours = path.join(tmp, 'ours');
    const ref = path.join(tmp, 'reference');
    const stat_ = path.join(tmp, 'static');
    await snapshot(DIST, ours);
    await snapshot(REF_DIST, ref);
    await mkdir(stat_);

    // 1. Sizes
    const size = { ours: await sizes(ours), reference: await sizes(ref) };
    // The catalogue's weight: the same site built with only the first N result rows (.ci/bench).
    let catalogue = null;
    if (ROWS_DIST && existsSync(path.join(ROWS_DIST, 'index.html'))) {
      const small = await sizes(ROWS_DIST);
      const wasm = (s) => s.files.find((f) => f.name.endsWith('.wasm')) ?? { raw: 0, gzip: 0, brotli: 0 };
      const rowsAll = JSON.parse(await readFile(path.join(REPO, 'data', 'results.json'), 'utf8')).length;
      const before = wasm(small);
      const after_ = wasm(size.ours);
      catalogue = {
        rowsBefore: ROWS_SMALL,
        rowsAfter: rowsAll,
        before: { raw: before.raw, gzip: before.gzip },
        after: { raw: after_.raw, gzip: after_.gzip },
        perRow: { raw: (after_.raw - before.raw) / (rowsAll - ROWS_SMALL), gzip: (after_.gzip - before.gzip) / (rowsAll - ROWS_SMALL) },
      };
    }
    const sizeRatio = Object.fromEntries(['raw', 'gzip', 'brotli'].map((k) => [k, size.ours.total[k] / size.reference.total[k]]));
    const baseline = JSON.parse(await readFile(BASELINE, 'utf8'));
    const part = parts(size.ours, baseline);
    const baselineTotal = Object.values(baseline.gzip).reduce((a, b) => a + b, 0);

    // 2-4. Page loads
    browser = await launch();
    const chromium = browser.version();
    const oursServer = await serve({ root: ours });
    const refServer = await serve({ root: ref });
    servers.push(oursServer, refServer);
    const made = await makeStaticPage(browser, oursServer, ours, stat_);
    const staticServer = await serve({ root: stat_ });
    servers.push(staticServer);
    await checkStaticPage(browser, staticServer, made.text);
    const cards = JSON.parse(await readFile(path.join(REPO, 'data', 'cards.json'), 'utf8'));
    const linkBoard = LINK_CARD.count * cards.find((c) => c.id === LINK_CARD.id).max_power.watts;

    const sites = [
      { key: 'bare', label: 'ours, bare page (prerendered)', url: oursServer.url(BARE), probe: paintProbe, arg: sel(OUR_FIGURES) },
      { key: 'static', label: 'static HTML (no wasm)', url: staticServer.url(BARE), probe: paintProbe, arg: sel(OUR_FIGURES) },
      {
        key: 'link',
        label: 'ours, configured link',
        url: oursServer.url(LINK),
        probe: renderProbe,
        arg: { selectors: sel(OUR_FIGURES), live: true, visible: true },
      },
      {
        key: 'reference',
        label: 'reference (minimal Yew)',
        url: refServer.url(),
        probe: renderProbe,
        arg: { selectors: sel(REF_FIGURES), live: false, visible: false },
      },
      { key: 'edit', label: 'ours, bare page, edit', url: oursServer.url(BARE), probe: editProbe, arg: null },
      // Issue 23: the J/token figure painted, the bare page against the sales engineer's full link
      // (three compared configurations and a plan; its prerendered figures are hidden, html.pending).
      { key: 'bareJ', label: 'ours, bare page: J/token painted', url: oursServer.url(BARE), probe: paintProbe, arg: sel(['j-per-token']) },
      { key: 'fullJ', label: "ours, the sales engineer's full link: J/token painted", url: oursServer.url(FULL), probe: paintProbe, arg: sel(['j-per-token']) },
    ];
    // What each load must show, or the benchmark broke: the link its own board power (not the bare
    // page's), the edit twice the kWh per day.
    const checkLoad = (key, l) => {
      if (key === 'link' && !near(Number(l.values[0]), linkBoard)) {
        throw new Error(`${LINK}: board power ${l.values[0]} W, not the link's ${linkBoard} W`);
      }
      if (key === 'edit' && !(l.before > 0 && near(l.after, 2 * l.before))) {
        throw new Error(`edit: kWh per day ${l.before} → ${l.after}, not doubled`);
      }
      return l;
    };
    // One untimed load per page first (the browser's first renderer pays one-time costs), then the
    // pages in turn, the order rotated each round, so drift on a shared machine hits all alike.
    for (const s of sites) checkLoad(s.key, await timedLoad(browser, s.url, s.probe, s.arg));
    const loads = Object.fromEntries(sites.map((s) => [s.key, []]));
    const cpuLoads0 = cpuTicks();
    for (let i = 0; i < LOADS; i++) {
      for (let j = 0; j < sites.length; j++) {
        const s = sites[(i + j) % sites.length];
        loads[s.key].push(checkLoad(s.key, await timedLoad(browser, s.url, s.probe, s.arg)));
      }
    }
    const cpuLoads1 = cpuTicks();
    const fcps = (xs) => xs.map((l) => l.fcp).filter((x) => x !== null);
    const render = Object.fromEntries(
      sites.map((s) => {
        const xs = loads[s.key];
        return [
          s.key,
          {
            label: s.label,
            url: s.url,
            ...summary(xs.map((l) => l.t)),
            domContentLoadedMedian: median(xs.map((l) => l.domContentLoaded)),
            fcpMedian: fcps(xs).length ? median(fcps(xs)) : null,
            samples: xs.map((l) => +l.t.toFixed(2)),
            ...(s.probe === paintProbe
              ? {
                  rafMedian: median(xs.map((l) => l.raf)),
                  inFirstPaint: xs.filter((l) => l.firstPaint).length,
                  paintedBeforeLive: xs.filter((l) => !l.live).length,
                }
              : {}),
            ...(s.key === 'edit' ? { live: summary(xs.map((l) => l.live)), liveSamples: xs.map((l) => +l.live.toFixed(2)) } : {}),
          },
        ];
      }),
    );
    const ratios = {
      paint: render.bare.median / render.static.median,
      link: render.link.median / render.reference.median,
      edit: render.edit.median / render.reference.median,
      hydration: render.edit.live.median / render.reference.median,
      full: render.fullJ.median / render.bareJ.median,
    };

    // 5. Input latency: served cross-origin isolated (COOP + COEP), which gives performance.now()
    // 5 µs resolution instead of 100 µs; it changes nothing else for this same-origin site.
    const coiServer = await serve({
      root: ours,
      headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
    });
    servers.push(coiServer);
    const page = await openPage(browser, coiServer.url(QUERY), { server: coiServer, ...VIEWPORT });
    let edits;
    let cpuEdits0;
    let cpuEdits1;
    try {
      // waitForApp: `<html data-app="live">`, the app rendered and answers input.
      await waitForApp(page);
      await page.waitForFunction((s) => s.every((q) => document.querySelector(q)), sel(OUR_FIGURES), { timeout: APP_TIMEOUT_MS });
      cpuEdits0 = cpuTicks();
      edits = await page.evaluate(inputEdits, { edits: EDITS });
      cpuEdits1 = cpuTicks();
      assertClean(page, 'input latency');
    } finally {
      await closePage(page);
    }
    const input = { ...summary(edits.samples), crossOriginIsolated: edits.crossOriginIsolated, samples: edits.samples.map((x) => +x.toFixed(3)) };

    // Report
    const m = machine(chromium);
    const load1 = loadavg();
    const verdict_ = (value, budget) => ({ value, budget, ok: value <= budget });
    const verdicts = {
      gzipTotal: verdict_(size.ours.total.gzip, BUDGET.gzipTotalBytes),
      gzipWave: verdict_(size.ours.total.gzip, BUDGET.gzipWaveBytes),
      gzip: verdict_(sizeRatio.gzip, BUDGET.gzipRatio),
      paint: verdict_(ratios.paint, BUDGET.paintRatio),
      link: verdict_(ratios.link, BUDGET.linkRatio),
      edit: verdict_(ratios.edit, BUDGET.editRatio),
      full: verdict_(ratios.full, BUDGET.fullRatio),
      inputMedian: verdict_(input.median, BUDGET.inputMedianMs),
      inputP95: verdict_(input.p95, BUDGET.inputP95Ms),
    };
    const heights = await pageHeights(browser, oursServer);
    const report = {
      heights,
      started: started.toISOString(),
      finished: new Date().toISOString(),
      machine: { ...m, loadavgStart: load0, loadavgEnd: load1 },
      cpuShare: { loads: cpuShare(cpuLoads0, cpuLoads1, m.nproc), edits: cpuShare(cpuEdits0, cpuEdits1, m.nproc) },
      git: gitDescribe(),
      pages: { bare: BARE, link: LINK, linkBoardPowerW: linkBoard, input: QUERY },
      size,
      sizeRatio,
      parts: part,
      baseline: { ...baseline, gzipTotal: baselineTotal },
      render,
      ratios,
      staticPageBytes: made.bytes,
      catalogue,
      input,
      budgets: BUDGET,
      verdicts,
    };
    print(report);
    await mkdir(path.dirname(OUT), { recursive: true });
    await writeFile(OUT, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nJSON: ${path.relative(process.cwd(), OUT) || OUT}`);
  } finally {
    await browser?.close().catch(() => {});
    for (const s of servers) await s.close().catch(() => {});
    await rm(tmp, { recursive: true, force: true });
  }
}

/** Issue 20's page heights: the calculator with the plan filled at 1440 and 360 px, the widget at 800 px. */
const FILLED =
  '?result=6.0-0021&scenario=interactive&model=llama2-70b-99&servers=1&demand=40000000&price=0.25&co2=367&volts=230&rack=15';
const HEIGHTS = [
  { label: 'plan filled, 1440 px', query: FILLED, width: 1440, budget: 5000 },
  { label: 'plan filled, 360 px', query: FILLED, width: 360, budget: 12000 },
  { label: 'widget (embed=1), 800 px', query: '?embed=1', width: 800, budget: 1200 },
];

async function pageHeights(browser, server) {
  const out = [];
  for (const h of HEIGHTS) {
    const page = await openPage(browser, server.url(h.query), { width: h.width, height: 900 });
    await waitForApp(page);
    if (!h.query.includes('embed=1')) await page.waitForSelector('[data-testid="comparison"]', { state: 'attached' });
    await page.waitForTimeout(300);
    const px = await page.evaluate(() => document.documentElement.scrollHeight);
    out.push({ ...h, px, met: px <= h.budget });
    await closePage(page);
  }
  return out;
}

function gitDescribe() {
  try {
    const head = execFileSync('git', ['-C', REPO, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['-C', REPO, 'status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() !== '';
    return `${head}${dirty ? ' + uncommitted changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

function print(r) {
  const { machine: m } = r;
  const out = [];
  out.push(`token-energy benchmark · ${r.started.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')} · git ${r.git}`);
  out.push(`machine: ${m.nproc} cores (nproc), ${m.cpu}, ${m.memGiB} GiB · Chromium ${m.chromium} headless · Node ${m.node}`);
  out.push(`load average (1, 5, 15 min): at the start ${m.loadavgStart.join(', ')} · at the end ${m.loadavgEnd.join(', ')}`);
  const share = (x) => (x ? `this benchmark ${pc(x.ours)}, other processes ${pc(x.others)}` : 'not measured');
  out.push(`CPU used, of all ${m.nproc} cores: during the page loads ${share(r.cpuShare.loads)}; during the edits ${share(r.cpuShare.edits)}`);
  out.push('  (other processes on the cores slow the timed figures, not the sizes; measured from /proc CPU time, not the load');
  out.push('  average, which on a VM can stay high while the cores idle)');
  const v = r.verdicts;
  const kb = (n) => `${(n / KB).toFixed(1)} KB`;

  out.push('', '1. Transfer size (bytes; gzip -9 = zlib level 9, brotli = quality 11; KB = 1024 B)', '');
  const rows = [];
  for (const [site, s] of [['ours', r.size.ours], ['reference', r.size.reference]]) {
    for (const f of s.files) rows.push([site, f.name, int(f.raw), int(f.gzip), int(f.brotli)]);
    rows.push([site, 'total', int(s.total.raw), int(s.total.gzip), int(s.total.brotli)]);
    rows.push('-');
  }
  rows.pop();
  const cols = [{ head: 'site' }, { head: 'file' }, { head: 'raw', align: 'r' }, { head: 'gzip -9', align: 'r' }, { head: 'brotli', align: 'r' }];
  out.push(table(cols, rows));
  const skipped = r.size.ours.notLoaded ?? [];
  if (skipped.length) out.push(`not counted, no page load fetches them: ${skipped.map((f) => `${f.name} (${int(f.raw)} B, the link preview)`).join(', ')}`);
  out.push('');
  const b = r.baseline;
  out.push(`ours per part, and the gzip bytes each added since issue 14 began (${path.basename(BASELINE)}: commit ${b.commit}):`);
  const signed = (n) => `${n >= 0 ? '+' : ''}${int(n)}`;
  const partRows = Object.entries(r.parts)
    .filter(([k, p]) => k !== 'other' || p.files > 0)
    .map(([k, p]) => [k, String(p.files), int(p.raw), int(p.gzip), int(p.brotli), int(b.gzip[k] ?? 0), signed(p.gzipAdded)]);
  const added = r.size.ours.total.gzip - b.gzipTotal;
  const t = r.size.ours.total;
  partRows.push('-', ['total', String(r.size.ours.files.length), int(t.raw), int(t.gzip), int(t.brotli), int(b.gzipTotal), signed(added)]);
  out.push(
    table(
      [
        { head: 'part' },
        { head: 'files', align: 'r' },
        { head: 'raw', align: 'r' },
        { head: 'gzip -9', align: 'r' },
        { head: 'brotli', align: 'r' },
        { head: `gzip at ${b.commit}`, align: 'r' },
        { head: 'gzip added', align: 'r' },
      ],
      partRows,
    ),
  );
  out.push(
    `budget: gzip total ≤ ${kb(v.gzipTotal.budget)} (${int(v.gzipTotal.budget)} B) → ${int(v.gzipTotal.value)} B = ${kb(v.gzipTotal.value)}: ${verdict(v.gzipTotal.ok)}`,
    `budget (issue 23): gzip total ≤ ${kb(v.gzipWave.budget)} → ${kb(v.gzipWave.value)}: ${verdict(v.gzipWave.ok)}`,
    '',
  );
  out.push(
    table(
      [{ head: 'total' }, { head: 'ours', align: 'r' }, { head: 'reference', align: 'r' }, { head: 'ours ÷ ref', align: 'r' }],
      ['raw', 'gzip', 'brotli'].map((k) => [k === 'gzip' ? 'gzip -9' : k, int(r.size.ours.total[k]), int(r.size.reference.total[k]), ratio(r.sizeRatio[k])]),
    ),
  );
  out.push(`budget: gzip ≤ ${v.gzip.budget}× the reference → ${ratio(v.gzip.value)}: ${verdict(v.gzip.ok)}`);
  if (r.catalogue) {
    const c = r.catalogue;
    out.push('', `catalogue weight (the wasm with the first ${c.rowsBefore} result rows against all ${c.rowsAfter}):`);
    out.push(
      table(
        [{ head: 'wasm' }, { head: `${c.rowsBefore} rows`, align: 'r' }, { head: `${c.rowsAfter} rows`, align: 'r' }, { head: 'per added row', align: 'r' }],
        [
          ['raw', int(c.before.raw), int(c.after.raw), c.perRow.raw.toFixed(1)],
          ['gzip -9', int(c.before.gzip), int(c.after.gzip), c.perRow.gzip.toFixed(1)],
        ],
      ),
    );
  }

  const x = r.render;
  const n = x.bare.n;
  const loadCols = [{ head: 'page' }, { head: 'loads', align: 'r' }, { head: 'median', align: 'r' }, { head: 'p95', align: 'r' }, { head: 'min', align: 'r' }];
  const loadRow = (label, s) => [label, String(s.n), ms(s.median), ms(s.p95), ms(s.min)];
  const fcp = (s) => (s.fcpMedian === null ? '—' : ms(s.fcpMedian));
  out.push('', `Page loads: ${n} cold loads of each page, in rotation (headless Chromium, 127.0.0.1, ${VIEWPORT.width}×${VIEWPORT.height})`);

  out.push('', `2. First figures painted, bare page (navigation start → the paint of the first frame with all ${OUR_FIGURES.length} figures visible)`, '');
  out.push(
    table(
      [...loadCols, { head: 'its rAF median', align: 'r' }, { head: 'FCP median', align: 'r' }, { head: 'DCL median', align: 'r' }, { head: 'in the first paint', align: 'r' }, { head: 'before live', align: 'r' }],
      ['bare', 'static'].map((k) => [
        ...loadRow(x[k].label, x[k]),
        ms(x[k].rafMedian),
        fcp(x[k]),
        ms(x[k].domContentLoadedMedian),
        `${x[k].inFirstPaint} of ${x[k].n}`,
        `${x[k].paintedBeforeLive} of ${x[k].n}`,
      ]),
    ),
  );
  out.push('(a load whose figures were in the first paint is timed by its first-contentful-paint entry, any other by the rAF');
  out.push(' callback of the frame that first showed them; "before live": painted before the app ran)');
  out.push(`ours ÷ static page (medians): ${ratio(r.ratios.paint)} — budget ≤ ${v.paint.budget}×: ${verdict(v.paint.ok)}`);

  out.push('', `3. Configured link, first full render (${r.pages.link}: navigation start → all figures present and visible, html[data-app="live"])`, '');
  out.push(
    table(
      [...loadCols, { head: 'DCL median', align: 'r' }],
      [
        [...loadRow(x.link.label, x.link), ms(x.link.domContentLoadedMedian)],
        [...loadRow(`${x.reference.label}: its figure in the DOM`, x.reference), ms(x.reference.domContentLoadedMedian)],
      ],
    ),
  );
  out.push(`ours ÷ reference (medians): ${ratio(r.ratios.link)} — budget ≤ ${v.link.budget}×: ${verdict(v.link.ok)}`);

  out.push('', '4. Edit-to-update, hydrated bare page (navigation start → html[data-app="live"] → servers = 2 at once → kWh per day doubled)', '');
  out.push(
    table(loadCols, [
      loadRow('hydrated (data-app="live")', x.edit.live),
      loadRow('figures updated', x.edit),
      loadRow(`${x.reference.label}, first render`, x.reference),
    ]),
  );
  out.push(`updated ÷ reference's first render (medians): ${ratio(r.ratios.edit)} — budget ≤ ${v.edit.budget}×: ${verdict(v.edit.ok)}`);
  out.push(`hydrated ÷ reference's first render (medians): ${ratio(r.ratios.hydration)} — no budget`);

  out.push('', `5. Input latency (set gpus/watts + input event → figures updated in the DOM; ${r.input.n} edits in one live page, ${r.pages.input})`, '');
  out.push(
    table(
      [{ head: 'edits', align: 'r' }, { head: 'median', align: 'r' }, { head: 'p95', align: 'r' }, { head: 'min', align: 'r' }, { head: 'max', align: 'r' }],
      [[String(r.input.n), ms(r.input.median, 2), ms(r.input.p95, 2), ms(r.input.min, 2), ms(r.input.max, 2)]],
    ),
  );
  out.push(`timer: performance.now() ${r.input.crossOriginIsolated ? '5 µs (cross-origin isolated)' : '100 µs (not cross-origin isolated)'} resolution`);
  out.push(`budget: median ≤ ${v.inputMedian.budget} ms: ${verdict(v.inputMedian.ok)} · p95 ≤ ${v.inputP95.budget} ms: ${verdict(v.inputP95.ok)}`);

  out.push('', 'Budgets (issue 14)', '');
  out.push(
    table(
      [{ head: 'budget' }, { head: 'limit', align: 'r' }, { head: 'measured', align: 'r' }, { head: 'verdict' }],
      [
        ['1. transfer, gzip total', `≤ ${kb(v.gzipTotal.budget)}`, kb(v.gzipTotal.value), verdict(v.gzipTotal.ok)],
        ['   transfer, gzip total (issue 23)', `≤ ${kb(v.gzipWave.budget)}`, kb(v.gzipWave.value), verdict(v.gzipWave.ok)],
        ['1. transfer, gzip, ours ÷ reference', `≤ ${v.gzip.budget}×`, ratio(v.gzip.value), verdict(v.gzip.ok)],
        ['2. first figures painted, bare ÷ static', `≤ ${v.paint.budget}×`, ratio(v.paint.value), verdict(v.paint.ok)],
        ['3. configured link, full render ÷ reference', `≤ ${v.link.budget}×`, ratio(v.link.value), verdict(v.link.ok)],
        ['4. edit-to-update, hydrated ÷ reference', `≤ ${v.edit.budget}×`, ratio(v.edit.value), verdict(v.edit.ok)],
        ["   J/token painted, full link ÷ bare page (issue 23)", `≤ ${v.full.budget}×`, `${ratio(v.full.value)} (${ms(x.fullJ.median)} ÷ ${ms(x.bareJ.median)})`, verdict(v.full.ok)],
        ['5. input latency, median', `≤ ${v.inputMedian.budget} ms`, ms(v.inputMedian.value, 2), verdict(v.inputMedian.ok)],
        ['5. input latency, p95', `≤ ${v.inputP95.budget} ms`, ms(v.inputP95.value, 2), verdict(v.inputP95.ok)],
        ['   first figures painted, bare page', 'none', ms(x.bare.median), 'reported'],
        ['   hydrated (data-app="live"), bare page', 'none', ms(x.edit.live.median), 'reported'],
        [`   transfer, gzip added since ${b.commit}`, 'none', `${signed(added)} B`, 'reported'],
      ],
    ),
  );
  out.push('', '6. Page heights (issue 20; document height in px after the sections below the figures render)', '');
  out.push(table(
    [{ head: 'page' }, { head: 'height', align: 'r' }, { head: 'budget', align: 'r' }, { head: 'verdict' }],
    r.heights.map((h) => [h.label, int(h.px), int(h.budget), h.met ? 'met' : 'NOT met']),
  ));
  console.log(out.join('\n'));
}

main().catch((err) => {
  console.error(`bench: ${err.stack || err}`);
  process.exitCode = 1;
});
