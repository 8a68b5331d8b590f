// End-to-end harness for token-energy: a static server for dist/, Debian's Chromium driven by
// playwright-core, a recorder of everything that must not happen on a page, and helpers that read
// the app's data-testid contract. Every *.test.mjs in this folder uses it:
//
//   import { after, before, test } from 'node:test';
//   import { serve, sharedBrowser, cleanPageAfterEach, openPage, waitForApp, figure } from './harness.mjs';
//   const chromium = sharedBrowser();
//   let server, page = null;
//   before(async () => { server = await serve(); });
//   after(async () => { await server?.close(); });
//   cleanPageAfterEach('name', () => { const p = page; page = null; return p; });
//   test('…', async () => { page = await openPage(chromium.browser, server.url('?result=6.0-0021')); await waitForApp(page); … });
//
// Environment: E2E_DIST (default <repo>/dist), CHROMIUM (default /usr/bin/chromium),
// E2E_ARTIFACTS (default tests/e2e/.artifacts: screenshots of pages that fail assertClean).

import { createServer } from 'node:http';
import { mkdtemp, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, afterEach, before } from 'node:test';
import { chromium } from 'playwright-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const REPO = path.resolve(HERE, '..', '..');
export const DIST = path.resolve(process.env.E2E_DIST ?? path.join(REPO, 'dist'));
export const ARTIFACTS = path.resolve(process.env.E2E_ARTIFACTS ?? path.join(HERE, '.artifacts'));

// The reference material beside the clone (../shared/reference, or TOKEN_ENERGY_REFERENCE), as the
// native tests read it (tests/common/reference.rs): a missing file fails the test that needs it; only
// TOKEN_ENERGY_SKIP_MISSING_REFERENCE=1 turns that into a skip, which node --test counts ("ℹ skipped").
export const REFERENCE = path.resolve(process.env.TOKEN_ENERGY_REFERENCE || path.join(REPO, '..', 'shared', 'reference'));
const SKIP_MISSING_REFERENCE = process.env.TOKEN_ENERGY_SKIP_MISSING_REFERENCE === '1';

/** The path of `rel` inside the reference directory; throws, naming it and where it was expected, where it is missing. */
export function reference(rel) {
  const p = path.join(REFERENCE, rel);
  if (!existsSync(p)) {
    throw new Error(
      `the reference file ${rel} is missing: expected at ${p}. Put ../shared/reference beside the clone, or point ` +
        'TOKEN_ENERGY_REFERENCE at a copy; only TOKEN_ENERGY_SKIP_MISSING_REFERENCE=1 skips these tests instead.',
    );
  }
  return p;
}

/** A test's `skip` option: the reason where one of `rels` is missing and the skip is opted in, otherwise
 * false (the test runs, and `reference()` fails it where a file is missing). */
export function skipWithoutReference(...rels) {
  if (!SKIP_MISSING_REFERENCE) return false;
  const missing = rels.filter((rel) => !existsSync(path.join(REFERENCE, rel)));
  return missing.length > 0 && `reference missing (TOKEN_ENERGY_SKIP_MISSING_REFERENCE=1): ${missing.join(', ')}`;
}

/** Timeout for the wasm app to mount (download + compile + first render on a slow 2-core box). */
export const APP_TIMEOUT_MS = 20_000;
/** Default timeout of every Playwright action and locator on pages opened here. */
export const ACTION_TIMEOUT_MS = 5_000;

// ---------------------------------------------------------------------------------------------
// Static file server
// ---------------------------------------------------------------------------------------------

export const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

function normalizePrefix(prefix) {
  let p = prefix || '/';
  if (!p.startsWith('/')) p = `/${p}`;
  if (!p.endsWith('/')) p = `${p}/`;
  return p;
}

/**
 * Serve a directory (default: the release dist/) on 127.0.0.1 at a random free port.
 *
 * @param {object} [opts]
 * @param {string} [opts.root]    directory to serve (default DIST)
 * @param {string} [opts.prefix]  URL path the directory is mounted at, e.g. '/tools/energy/' (default '/');
 *                                anything outside it is a 404, the prefix without its slash redirects.
 * @param {object|function} [opts.headers] extra response headers for every answer, or a function
 *                                `(req, { status, file }) => headers` (e.g. a Content-Security-Policy).
 *                                `server.headers` can be reassigned later.
 * @returns {Promise<{origin: string, port: number, prefix: string, root: string,
 *           url: (rel?: string) => string, headers: object|function, log: object[], close: () => Promise<void>}>}
 *           `url('?a=1')` is origin + prefix + rel; `log` lists every request served ({method, url, status}).
 */
export async function serve(opts = {}) {
  const root = path.resolve(opts.root ?? DIST);
  const prefix = normalizePrefix(opts.prefix);
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(`${root}/index.html is missing: build the app first (trunk build --release)`);
  }
  const state = { headers: opts.headers ?? {}, log: [] };

  const extra = (req, info) => {
    const h = typeof state.headers === 'function' ? state.headers(req, info) : state.headers;
    return h ?? {};
  };

  const send = (req, res, status, body, type, file) => {
    res.writeHead(status, {
      'Content-Type': type,
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...extra(req, { status, file }),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const handle = async (req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    const entry = { method: req.method, url: req.url, status: 0 };
    state.log.push(entry);
    const reply = (status, body, type = 'text/plain; charset=utf-8', file = null) => {
      entry.status = status;
      send(req, res, status, body, type, file);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply(405, 'method not allowed\n');
    if (prefix !== '/' && url.pathname === prefix.slice(0, -1)) {
      entry.status = 301;
      res.writeHead(301, { Location: prefix + url.search, 'Content-Length': 0, ...extra(req, { status: 301, file: null }) });
      return res.end();
    }
    if (!url.pathname.startsWith(prefix)) return reply(404, 'not found (outside the prefix)\n');
    let rel;
    try {
      rel = decodeURIComponent(url.pathname.slice(prefix.length));
    } catch {
      return reply(400, 'bad path\n');
    }
    let file = path.resolve(root, rel);
    if (file !== root && !file.startsWith(root + path.sep)) return reply(403, 'forbidden\n');
    try {
      if ((await stat(file)).isDirectory()) file = path.join(file, 'index.html');
      const body = await readFile(file);
      return reply(200, body, MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream', file);
    } catch {
      return reply(404, 'not found\n');
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  const origin = `http://127.0.0.1:${port}`;
  const handle_ = {
    origin,
    port,
    prefix,
    root,
    log: state.log,
    get headers() {
      return state.headers;
    },
    set headers(h) {
      state.headers = h ?? {};
    },
    url: (rel = '') => origin + prefix + String(rel).replace(/^\//, ''),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
  lastServer = handle_;
  return handle_;
}

let lastServer = null;

// ---------------------------------------------------------------------------------------------
// Browser
// ---------------------------------------------------------------------------------------------

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** Chromium flags that work on this closed-network, root, GPU-less machine (see /work/shared/TOOLCHAIN.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Start headless Debian Chromium. playwright-core's `launch()` gives every browser a fresh, empty
 * temporary --user-data-dir of its own (and refuses one in `args`), removed again on `close()`.
 */
export async function launch(opts = {}) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: apt-get install chromium chromium-driver (bash .ci/setup test)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, ...(opts.args ?? [])],
    timeout: 30_000,
  });
}

// ---------------------------------------------------------------------------------------------
// Pages and what they must not do
// ---------------------------------------------------------------------------------------------

function isAllowedUrl(u, origin) {
  if (u.startsWith('data:') || u.startsWith('blob:') || u === 'about:blank') return true;
  try {
    const o = new URL(u).origin;
    return Array.isArray(origin) ? origin.includes(o) : o === origin;
  } catch {
    return false;
  }
}

/** Init script for every frame: hand each CSP violation to the `__e2eCspViolation` binding. */
function listenForCspViolations() {
  addEventListener(
    'securitypolicyviolation',
    (e) => {
      globalThis.__e2eCspViolation?.({
        directive: e.effectiveDirective || e.violatedDirective,
        blockedURI: e.blockedURI,
        sourceFile: e.sourceFile,
        lineNumber: e.lineNumber,
        sample: e.sample,
        disposition: e.disposition,
        documentURI: e.documentURI,
      });
    },
    true,
  );
}

/**
 * Open `target` (an absolute URL, or a path resolved against `opts.server` or else the last server
 * started by `serve()`) in a fresh browser context of the given viewport, and record on
 * `page.recorded`:
 *   consoleErrors  – every console message of type "error" (also the browser's own, e.g. a 404)
 *   panics         – every console message, of any type, that contains "panicked"
 *   pageErrors     – every uncaught exception / unhandled rejection (wasm traps included)
 *   outside        – every request to another origin than the server's (data: and blob: are fine);
 *                    these requests are aborted, so they never wait on the closed network; also
 *                    every such load the page's Content-Security-Policy refused before it was sent
 *   httpErrors     – every same-origin response with status >= 400
 *   crashes        – the page's renderer crashed
 *   cspViolations  – every `securitypolicyviolation` event, in any frame ({directive, blockedURI,
 *                    sourceFile, lineNumber, sample, documentURI}); Chromium also logs each as a
 *                    console error, so a violation shows up twice in problems()
 * `page.recorded.clear()` empties all of them.
 * `opts.allowOrigins` lists further origins the page may load from (e.g. the origin of a framed
 * page); requests to them are neither recorded as outside nor aborted.
 *
 * @param {import('playwright-core').Browser} browser
 * @param {string} target
 * @param {{width?: number, height?: number, server?: object, waitUntil?: string, allowOrigins?: string[], locale?: string, serviceWorkers?: 'allow'|'block', colorScheme?: 'light'|'dark', init?: Function}} [opts]
 * @returns {Promise<import('playwright-core').Page & {recorded: object, origin: string}>}
 */
export async function openPage(browser, target = '', opts = {}) {
  const { width = 1280, height = 800 } = opts;
  let url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
    url = target;
  } else {
    const server = opts.server ?? lastServer;
    if (!server) throw new Error('openPage: relative path but no server started (call serve() first)');
    url = server.url(target);
  }
  const origin = new URL(url).origin;
  const allowed = [origin, ...(opts.allowOrigins ?? []).map((o) => new URL(o).origin)];

  // `opts.locale` sets the browser's languages (navigator.languages) and Intl's default locale.
  const context = await browser.newContext({
    viewport: { width, height },
    // Blocked unless a test asks for them (`opts.serviceWorkers: 'allow'`, the offline visit): a
    // request a service worker answers is not seen by the routes that keep the page on its origin.
    serviceWorkers: opts.serviceWorkers ?? 'block',
    ...(opts.locale ? { locale: opts.locale } : {}),
    ...(opts.colorScheme ? { colorScheme: opts.colorScheme } : {}),
  });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  const recorded = {
    consoleErrors: [],
    panics: [],
    pageErrors: [],
    outside: [],
    httpErrors: [],
    crashes: [],
    cspViolations: [],
    cspMarkers: [],
    clear() {
      for (const k of ['consoleErrors', 'panics', 'pageErrors', 'outside', 'httpErrors', 'crashes', 'cspViolations']) this[k].length = 0;
    },
  };
  await context.exposeBinding('__e2eCspViolation', (_source, v) => {
    // cspSettled's marker: the harness's own, not the page's.
    if (String(v.blockedURI ?? '').includes(CSP_MARKER_PATH)) {
      recorded.cspMarkers.push(v.blockedURI);
      return;
    }
    recorded.cspViolations.push(v);
    // A request to another origin that the page's CSP refused never reaches the network (nor the
    // 'request' event below): it is still an attempt to load from outside.
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(v.blockedURI ?? '') && !isAllowedUrl(v.blockedURI, allowed)) {
      recorded.outside.push(`${v.blockedURI} (refused by the CSP's ${v.directive})`);
    }
  });
  await context.addInitScript(listenForCspViolations);
  // A test's own script, run in every frame before the page's (`opts.init`: a function).
  if (opts.init) await context.addInitScript(opts.init);
  await context.route(
    (u) => !isAllowedUrl(u.href, allowed),
    (route) => route.abort('blockedbyclient').catch(() => {}),
  );
  const page = await context.newPage();
  page.on('console', (msg) => {
    const text = msg.text();
    const where = msg.location()?.url ? ` (${msg.location().url}:${msg.location().lineNumber})` : '';
    // cspSettled's marker logs its refusal: the harness's own, not the page's.
    if (msg.type() === 'error' && !text.includes(CSP_MARKER_PATH)) recorded.consoleErrors.push(text + where);
    if (text.includes('panicked')) recorded.panics.push(`[${msg.type()}] ${text}`);
  });
  page.on('pageerror', (err) => recorded.pageErrors.push(err.stack || String(err)));
  page.on('request', (req) => {
    if (!isAllowedUrl(req.url(), allowed)) recorded.outside.push(`${req.method()} ${req.url()}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400 && isAllowedUrl(res.url(), allowed)) recorded.httpErrors.push(`${res.status()} ${res.url()}`);
  });
  page.on('crash', () => recorded.crashes.push('renderer crashed'));
  page.recorded = recorded;
  page.origin = origin;
  await page.goto(url, { waitUntil: opts.waitUntil ?? 'load', timeout: APP_TIMEOUT_MS });
  return page;
}

/**
 * Holds back `page`'s wasm until the returned `release()` is called: what the page shows before the
 * app runs (the prerendered page, or "Calculating…") can be looked at. Call before navigating.
 */
export async function holdWasm(page) {
  let release;
  const gate = new Promise((resolve) => {
    release = resolve;
  });
  await page.route(/\.wasm$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** Everything the recorder saw on `page`, as human-readable lines (empty when clean). */
export function problems(page) {
  const r = page.recorded;
  const out = [];
  const add = (label, list) => list.forEach((x) => out.push(`${label}: ${x}`));
  add('console error', r.consoleErrors);
  add('panic', r.panics);
  add('uncaught', r.pageErrors);
  add('outside request', r.outside);
  add('http error', r.httpErrors);
  add('crash', r.crashes);
  add(
    'csp violation',
    r.cspViolations.map((v) => `${v.directive} blocked ${v.blockedURI || '(no URI)'} in ${v.documentURI}` + (v.sample ? ` ("${v.sample}")` : '')),
  );
  return out;
}

/** The path cspSettled's marker asks for: violations of it are the harness's own, kept apart. */
const CSP_MARKER_PATH = '/__e2e-csp-marker-';
let cspMarkers = 0;

/**
 * Wait until every CSP violation the page has caused so far has been recorded: a marker violation
 * (a form sent to a path of the page's own origin, which form-action 'none' refuses) is caused
 * now and waited for — violation events of one document are delivered in order, so anything earlier
 * is in by then. The marker's reports (one per policy: meta and header) are kept apart from the
 * page's (`recorded.cspMarkers`). A positive signal to wait for before asserting that there was none.
 */
export async function cspSettled(page, timeout = ACTION_TIMEOUT_MS) {
  cspMarkers += 1;
  const url = new URL(`${CSP_MARKER_PATH}${cspMarkers}`, page.url()).href;
  await page.evaluate((u) => {
    const f = document.createElement('form');
    f.action = u;
    f.method = 'get';
    f.hidden = true;
    document.body.append(f);
    f.requestSubmit();
    setTimeout(() => f.remove(), 1000); // not at once: a removed form's submission is dropped unchecked
  }, url);
  const until = Date.now() + timeout;
  // A form sent by GET reports its address with a '?' added.
  while (!page.recorded.cspMarkers.some((m) => m.split('?')[0] === url)) {
    if (Date.now() > until) throw new Error(`cspSettled: the marker ${url} was not reported within ${timeout} ms (does the page's CSP have form-action 'none'?)`);
    await new Promise((res) => setTimeout(res, 20));
  }
}

/**
 * Wait until the page's layout has settled: its height the same over `frames` animation frames in a
 * row (issue 49: a positive signal to measure after, instead of a pause). Fails after `timeout` ms.
 */
export async function layoutSettled(page, frames = 3, timeout = ACTION_TIMEOUT_MS) {
  await page.evaluate(
    ([frames, timeout]) =>
      new Promise((resolve, reject) => {
        const end = performance.now() + timeout;
        let last = -1;
        let same = 0;
        const tick = () => {
          const h = document.documentElement.scrollHeight;
          same = h === last ? same + 1 : 0;
          last = h;
          if (same >= frames) resolve();
          else if (performance.now() > end) reject(new Error(`the layout did not settle within ${timeout} ms`));
          else requestAnimationFrame(tick);
        };
        tick();
      }),
    [frames, timeout],
  );
}

/** Throw (failing the test) if the page logged an error, panicked, threw, asked another origin or broke its CSP. */
export function assertClean(page, label = '') {
  const list = problems(page);
  if (list.length) {
    const err = new Error(`page ${label ? `"${label}" ` : ''}was not clean (${page.url()}):\n  ${list.join('\n  ')}`);
    Object.defineProperty(err, 'problems', { value: list, enumerable: false });
    throw err;
  }
}

/** Screenshot into tests/e2e/.artifacts/<name>.png (for a failing test); never throws. */
export async function screenshot(page, name) {
  try {
    await mkdir(ARTIFACTS, { recursive: true });
    const file = path.join(ARTIFACTS, `${String(name).replace(/[^\w.-]+/g, '_')}.png`);
    await page.screenshot({ path: file, fullPage: true });
    return file;
  } catch {
    return null;
  }
}

/** One Chromium for a whole test file: `.browser` is set before the first test and closed after the last. */
export function sharedBrowser() {
  const shared = { browser: null };
  before(async () => {
    shared.browser = await launch();
  });
  after(async () => {
    await shared.browser?.close();
  });
  return shared;
}

/**
 * After each test, close the pages the test left open (`take()` hands them over and forgets them: one
 * page, a list of every page the test opened, or null) with the clean check, each of them: no console
 * error, panic, CSP violation or outside request. A failing page is screenshotted as `<prefix>-<test name>`.
 */
export function cleanPageAfterEach(prefix, take) {
  afterEach(async (t) => {
    await closeAndCheckAll([take()].flat(), `${prefix}-${t.name}`);
  });
}

/**
 * Close every page of `pages` (nulls skipped) with the clean check, each one, not only the last: a page
 * already closed through `closePage` (checked then, or unchecked on purpose) is left alone. Throws once,
 * naming each page that was not clean (screenshots as `<name>` or `<name>-pageN`).
 */
export async function closeAndCheckAll(pages, name) {
  const list = [...new Set(pages.filter(Boolean))];
  const failures = [];
  for (const [i, page] of list.entries()) {
    if (page.closedBy) continue;
    try {
      await closePage(page, { check: true, name: list.length > 1 ? `${name}-page${i + 1}` : name });
    } catch (e) {
      failures.push(list.length > 1 ? `page ${i + 1} of ${list.length}: ${e.message}` : e.message);
    }
  }
  if (failures.length === 1 && list.length === 1) throw new Error(failures[0]);
  if (failures.length) throw new Error(`${failures.length} of the test's ${list.length} pages were not clean:\n${failures.join('\n')}`);
}

/**
 * Close a page and its context. With `check: true`, assertClean first (after the context is closed
 * either way); with `name`, a failing page is screenshotted to .artifacts first.
 */
export async function closePage(page, { check = false, name = null } = {}) {
  // Marked, so a suite that checks every page it opened (calculatorSuite) does not check it twice, and
  // leaves a page closed unchecked on purpose unchecked.
  page.closedBy = check ? 'checked' : 'unchecked';
  let failure = null;
  if (check) {
    try {
      assertClean(page, name ?? '');
    } catch (e) {
      failure = e;
      if (name) await screenshot(page, name);
    }
  }
  await page.context().close().catch(() => {});
  if (failure) throw failure;
}

// ---------------------------------------------------------------------------------------------
// The app's contract
// ---------------------------------------------------------------------------------------------

const byTestId = (testid) => `[data-testid="${testid}"]`;

/**
 * Wait until the app runs: it has rendered or hydrated (`<html data-app="live">`), drawn every stage
 * (`<html data-drawn="all">`) and shows its j-per-token figure. The prerendered page has the figure
 * before the wasm runs, so the figure alone does not tell.
 */
export async function waitForApp(page, timeout = APP_TIMEOUT_MS) {
  try {
    await page.waitForSelector('html[data-app="live"]', { state: 'attached', timeout });
    // Every stage drawn (src/ui/stage.rs): a link draws its page one part per task.
    await page.waitForSelector('html[data-drawn="all"]', { state: 'attached', timeout });
    await page.waitForSelector(byTestId('j-per-token'), { state: 'attached', timeout });
  } catch (e) {
    const extra = problems(page);
    throw new Error(
      `app did not mount within ${timeout} ms at ${page.url()}` + (extra.length ? `:\n  ${extra.join('\n  ')}` : ''),
      { cause: e },
    );
  }
}

/**
 * Read one figure: `{ value, kind, text }`. value is Number(data-value), null when the attribute is
 * absent (NaN if it is present but not a number, so a malformed value cannot pass as 0); kind is
 * data-kind (null when absent); text is the element's innerText.
 */
export async function figure(page, testid) {
  const raw = await page.locator(byTestId(testid)).evaluate((el) => ({
    value: el.getAttribute('data-value'),
    kind: el.getAttribute('data-kind'),
    text: el.innerText,
  }));
  let value = null;
  if (raw.value !== null) value = raw.value.trim() === '' ? NaN : Number(raw.value);
  return { value, kind: raw.kind, text: raw.text };
}

/** Poll `figure(page, testid)` until `pred(fig)` holds; returns that figure, or throws with the last one. */
export async function waitForFigure(page, testid, pred, timeout = ACTION_TIMEOUT_MS) {
  const until = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await figure(page, testid);
      if (pred(last)) return last;
    } catch (e) {
      last = e;
    }
    if (Date.now() > until) {
      throw new Error(`figure ${testid}: condition not met within ${timeout} ms; last: ${last instanceof Error ? last.message : JSON.stringify(last)}`);
    }
    await page.waitForTimeout(50);
  }
}

/** Does the element exist (now)? */
export async function present(page, testid) {
  return (await page.locator(byTestId(testid)).count()) > 0;
}

/**
 * Set a text/number/range input: Playwright's fill (which fires `input`), then a `change` event,
 * so the field commits whether the app listens to oninput or onchange.
 */
export async function setField(page, testid, text) {
  const field = page.locator(byTestId(testid));
  await field.fill(String(text));
  await field.dispatchEvent('change');
}

/** Choose an option of a <select> by its value (fires input and change). */
export async function choose(page, testid, value) {
  await page.locator(byTestId(testid)).selectOption(String(value));
}

/** The page's current query parameters (kept in sync by the app with history.replaceState). */
/**
 * The address bar follows the form once typing pauses (150 ms after the last change): waits until
 * `key` has `value` there (fails on timeout) and returns the query.
 */
export async function waitForQuery(page, key, value, timeout = ACTION_TIMEOUT_MS) {
  await page.waitForFunction(([k, v]) => new URL(location.href).searchParams.get(k) === v, [key, value], { timeout });
  return query(page);
}

export function query(page) {
  return new URL(page.url()).searchParams;
}

/** |a - b| <= tol * max(1, |b|): for floating-point figures. */
export function near(a, b, tol = 1e-9) {
  return typeof a === 'number' && Number.isFinite(a) && Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));
}

/** A fresh temporary directory (for a hand-made dist in harness self-tests). */
export async function tempDir(prefix = 'token-energy-e2e-') {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

// ---------------------------------------------------------------------------------------------
// Page object: the calculator as a person uses it, by data-testid only
// ---------------------------------------------------------------------------------------------

/**
 * One calculator page: opened and waited for, its controls and figures by test id, closed with the
 * clean check. `const calc = await Calculator.open(browser, '?card=l40s', { width: 360 })`.
 */
export class Calculator {
  constructor(page) {
    this.page = page;
  }

  /** Opens `target` (a query or path, relative to the last server) and waits for the app. */
  static async open(browser, target = '', opts = {}) {
    const page = await openPage(browser, target, opts);
    await waitForApp(page);
    return new Calculator(page);
  }

  el(testid) {
    return this.page.locator(byTestId(testid));
  }

  figure(testid) {
    return figure(this.page, testid);
  }

  waitForFigure(testid, pred, timeout) {
    return waitForFigure(this.page, testid, pred, timeout);
  }

  /** A select's or input's current value, as the browser shows it. */
  value(testid) {
    return this.el(testid).inputValue();
  }

  choose(testid, value) {
    return choose(this.page, testid, value);
  }

  /** Types into a text field as a person does: focus, select all, type key by key. */
  /** Adds the page's configuration to the comparison once per `[watts, name]`, after typing the watts,
   * each time waiting for the list to grow by one. */
  async compareAt(entries) {
    for (const [watts, name] of entries) {
      await this.type('watts', watts);
      const n = await this.el('compared-item').count();
      await this.el('compare-new-name').fill(name);
      await this.el('compare-add').click();
      await this.page.waitForFunction((k) => document.querySelectorAll('[data-testid="compared-item"]').length === k, n + 1);
    }
  }

  async type(testid, text) {
    await this.el(testid).click();
    await this.page.keyboard.press('Control+A');
    await this.page.keyboard.type(String(text));
  }

  text(testid) {
    return this.el(testid).innerText();
  }

  /** The options of a select: `[{ value, text, disabled }]`. */
  options(testid) {
    return this.el(testid).evaluate((s) => [...s.options].map((o) => ({ value: o.value, text: o.text, disabled: o.disabled })));
  }

  waitForQuery(key, value, timeout) {
    return waitForQuery(this.page, key, value, timeout);
  }

  close({ check = true, name = null } = {}) {
    return closePage(this.page, { check, name });
  }
}

/**
 * The usual set-up of a test file about the calculator: one Chromium, dist/ served, and every page a
 * test opens (`suite.open`, or a Calculator the test puts in `suite.calc`) checked after it with the
 * clean check (console errors, panics, CSP reports, …; screenshots as `<prefix>-…`), not only the last
 * one: a page the test closed itself with `close()`/`closePage(…, { check: true })` was checked then,
 * one closed with `check: false` is left alone, and any other (still open, or closed by Playwright's
 * own `page.close()`) is checked here. `suite.calc` is the page opened last (`null` once the test set
 * it so); setting it to `null` no longer takes a page out of the check.
 *
 *   const suite = calculatorSuite('plan');
 *   test('…', async () => { const c = await suite.open('?result=6.0-0021'); … });
 */
export function calculatorSuite(prefix) {
  const chromium = sharedBrowser();
  let current = null;
  let opened = [];
  const suite = {
    chromium,
    server: null,
    get calc() {
      return current;
    },
    set calc(c) {
      current = c;
      if (c?.page && !opened.includes(c.page)) opened.push(c.page);
    },
    /** Every page the running test opened, in order (checked after it). */
    get pages() {
      return [...opened];
    },
    /** Opens a query on the suite's server as the test's page (closed and checked after the test). */
    async open(query = '', opts = {}) {
      const c = await Calculator.open(chromium.browser, suite.server.url(query), opts);
      suite.calc = c;
      return c;
    },
  };
  before(async () => {
    suite.server = await serve();
  });
  after(async () => {
    await suite.server?.close();
  });
  afterEach(async (t) => {
    const pages = opened;
    opened = [];
    current = null;
    await closeAndCheckAll(pages, `${prefix}-${t.name}`);
  });
  return suite;
}

/**
 * A CSV text into rows of cells (RFC 4180: quoted cells, doubled quotes, line breaks inside quotes;
 * a last line without a line break counts), written here so a test does not trust the page's writer.
 */
export function csvRows(text) {
  // A leading byte-order mark (the page writes one, issue 49) is the encoding, not a cell's text.
  text = text.replace(/^\ufeff/, '');
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
