// The three browser engines a buyer uses, behind one small driver (issue 29), for
// tests/e2e/engines.test.mjs. Not a test file itself.
//
//   chromium  Debian's Chromium through playwright-core (as every other e2e test)
//   firefox   Debian's Firefox ESR through puppeteer-core over WebDriver BiDi (Debian has no
//             geckodriver; Firefox speaks BiDi itself)
//   webkit    WebKitGTK's MiniBrowser through Debian's WebKitWebDriver (W3C WebDriver over HTTP,
//             spoken here with fetch), on an Xvfb display of its own (MiniBrowser needs one)
//
// A driver: { name, version, goto(url), run(fn, arg), frame(fn, arg), type(selector, text), errors() (a list, or a promise of one: await it), close() }.
// `run` calls a function in the page with one JSON argument and returns its (awaited) result;
// `frame` the same in the page's first <iframe> (of any origin).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { chromium as playwrightChromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './harness.mjs';

export const FIREFOX = process.env.FIREFOX ?? '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

function need(file, install) {
  if (!existsSync(file)) throw new Error(`${file} is missing: ${install} (bash .ci/setup test installs it)`);
}

const source = (fn) => `(${fn.toString()})`;
// An expression the driver evaluates itself (not `eval` in the page, which its policy forbids).
const call = (fn, arg) => `${source(fn)}(${JSON.stringify(arg)})`;

async function chromium() {
  need(CHROMIUM, 'apt-get install chromium');
  const browser = await playwrightChromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  return {
    name: 'chromium',
    version: browser.version(),
    goto: (url) => page.goto(url, { waitUntil: 'load' }),
    run: (fn, arg = null) => page.evaluate(call(fn, arg)),
    async frame(fn, arg = null) {
      const child = page.frames().find((f) => f.parentFrame() === page.mainFrame());
      if (!child) throw new Error('no frame in the page');
      return child.evaluate(call(fn, arg));
    },
    async type(selector, text) {
      await page.locator(selector).click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type(text);
    },
    errors: () => errors,
    close: () => browser.close(),
  };
}

async function firefox() {
  need(FIREFOX, 'apt-get install firefox-esr');
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true, protocol: 'webDriverBiDi', defaultViewport: { width: 1280, height: 900 } });
  const page = await browser.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  return {
    name: 'firefox',
    version: await browser.version(),
    goto: (url) => page.goto(url, { waitUntil: 'load' }),
    run: (fn, arg = null) => page.evaluate(call(fn, arg)),
    async frame(fn, arg = null) {
      const child = page.frames().find((f) => f.parentFrame() === page.mainFrame());
      if (!child) throw new Error('no frame in the page');
      return child.evaluate(call(fn, arg));
    },
    async type(selector, text) {
      await page.click(selector);
      await page.$eval(selector, (el) => el.select());
      await page.keyboard.type(text);
    },
    errors: () => errors,
    close: () => browser.close(),
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Starts Xvfb on a free display; returns { display, stop }. */
function xvfb() {
  return new Promise((resolve, reject) => {
    const x = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
    let out = '';
    x.once('error', reject);
    x.stdio[3].on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve({ display: `:${out.trim()}`, stop: () => x.kill() });
    });
    setTimeout(() => reject(new Error('Xvfb gave no display in 10 s')), 10_000).unref();
  });
}

async function webkit() {
  need(WEBKIT_DRIVER, 'apt-get install webkit2gtk-driver');
  need('/usr/bin/Xvfb', 'apt-get install xvfb');
  const x = await xvfb();
  const port = await freePort();
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], { env: { ...process.env, DISPLAY: x.display }, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  const request = async (method, path, body) => {
    const res = await fetch(base + path, { method, headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
    const json = await res.json();
    if (!res.ok || json.value?.error) throw new Error(`WebDriver ${method} ${path}: ${JSON.stringify(json.value)}`);
    return json.value;
  };
  let session = null;
  for (let i = 0; i < 50 && !session; i++) {
    try {
      session = await request('POST', '/session', { capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } } } });
    } catch (e) {
      if (i === 49) throw e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const s = `/session/${session.sessionId}`;
  await request('POST', `${s}/window/rect`, { width: 1280, height: 900 }).catch(() => {});
  const run = (fn, arg = null) => request('POST', `${s}/execute/sync`, { script: `return ${source(fn)}(arguments[0]);`, args: [arg] });
  // WebKitGTK's WebDriver hands out no console log: each page gets a recorder of its errors (console
  // errors, uncaught errors and rejections, a panic's message) as soon as it has loaded, and each
  // page's record is kept before the next is opened. A page without its recorder counts as an error,
  // so the check can fail (issue 49: it returned [] whatever happened).
  const seen = [];
  const record = () => {
    if (window.__e2eErrors) return;
    const errors = (window.__e2eErrors = []);
    addEventListener('error', (e) => errors.push(`uncaught: ${e.message || e.error}`));
    addEventListener('unhandledrejection', (e) => errors.push(`unhandled rejection: ${e.reason}`));
    const error = console.error.bind(console);
    console.error = (...a) => {
      errors.push(a.map(String).join(' '));
      error(...a);
    };
  };
  const recorded = async () => (await run(() => window.__e2eErrors ?? null)) ?? [`no error recorder on ${await run(() => location.href)}`];
  let loaded = false;
  return {
    name: 'webkit',
    version: session.capabilities.browserVersion,
    async goto(url) {
      if (loaded) {
        seen.push(...(await recorded().catch((e) => [`the page before could not be read: ${e.message}`])));
        await run(() => { window.__e2eOld = true; }).catch(() => {});
      }
      await request('POST', `${s}/url`, { url });
      // The driver may return before the new page is in place: the old one is marked.
      for (let i = 0; i < 100 && (await run(() => Boolean(window.__e2eOld)).catch(() => true)); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      await run(record);
      loaded = true;
    },
    run,
    async frame(fn, arg = null) {
      await request('POST', `${s}/frame`, { id: 0 });
      try {
        return await run(fn, arg);
      } finally {
        await request('POST', `${s}/frame/parent`, {});
      }
    },
    async type(selector, text) {
      const el = await request('POST', `${s}/element`, { using: 'css selector', value: selector });
      const id = Object.values(el)[0];
      await request('POST', `${s}/element/${id}/click`, {});
      // Select what the field holds, then type over it, key by key (W3C Element Send Keys).
      await run((sel) => document.querySelector(sel).select(), selector);
      await request('POST', `${s}/element/${id}/value`, { text });
    },
    errors: async () => [...seen, ...(loaded ? await recorded() : [])],
    async close() {
      await request('DELETE', s).catch(() => {});
      driver.kill();
      x.stop();
    },
  };
}

export const ENGINES = { chromium, firefox, webkit };
