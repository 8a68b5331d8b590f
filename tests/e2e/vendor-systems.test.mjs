// The vendor's own systems (issue 52), in headless Chromium on the branded build `.ci/vendor-build`
// makes (target/vendor-dist, with docs/vendor.example.json: one system, 8 × RTX PRO 6000, a stated
// maximum of 7,800 W and a measured idle of 1,900 W), in English and German. Expected values are
// arithmetic written here: 8 × 600 W boards (data/cards.json), 1,900 W × 8,760 h = 16,644 kWh of
// standing energy a year, 7,800 W ÷ 230 V on one feed, 230 V × 32 A × 0.8 per circuit.
//
//   bash .ci/vendor-build && node --test tests/e2e/vendor-systems.test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Calculator, cleanPageAfterEach, holdWasm, near, openPage, serve, sharedBrowser, waitForApp } from './harness.mjs';

const T = { timeout: 120_000 };
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const VENDOR = JSON.parse(readFileSync(path.join(ROOT, 'docs', 'vendor.example.json'), 'utf8'));
const SYSTEM = VENDOR.systems[0];

// The branded build, served on its own; each page a test opens is checked after it (console errors,
// CSP reports, outside requests), as every e2e page is.
const chromium = sharedBrowser();
let server = null;
let page = null;
before(async () => {
  server = await serve({ root: path.join(ROOT, 'target', 'vendor-dist') });
});
const cleanup = [];
after(async () => {
  await server?.close();
  for (const undo of cleanup) await undo();
});
cleanPageAfterEach('vendor-systems', () => {
  const p = page;
  page = null;
  return p;
});
const suite = {
  async open(query, opts) {
    const c = await Calculator.open(chromium.browser, server.url(query), opts);
    page = c.page;
    return c;
  },
};

const value = async (c, id) => Number(await c.el(id).first().getAttribute('data-value'));
const drawn = (c) => c.page.waitForSelector('html[data-drawn="all"]', { state: 'attached' });

test('the example vendor file holds the issue\'s system', () => {
  assert.deepEqual([SYSTEM.card, SYSTEM.gpus, SYSTEM.max_w, SYSTEM.idle_w], ['rtx-pro-6000-se', 8, 7800, 1900]);
});

test('the bare branded page, prerendered with the systems, hydrates and takes a choice', T, async () => {
  page = await openPage(chromium.browser, 'about:blank', { allowOrigins: [server.origin] });
  const release = await holdWasm(page);
  await page.goto(server.url(''), { waitUntil: 'load' });
  // Before the wasm: the prerendered select, marked.
  await page.evaluate(() => {
    document.querySelector('[data-testid="system"]').__marked = true;
  });
  release();
  await waitForApp(page);
  assert.ok(await page.evaluate(() => document.querySelector('[data-testid="system"]')?.__marked === true), 'hydrated: the prerendered select is the live one');
  const c = new Calculator(page);
  await drawn(c);
  await c.choose('system', SYSTEM.id);
  await c.waitForQuery('system', SYSTEM.id);
  assert.equal(await c.value('gpus'), '8');
});

for (const lang of ['en', 'de']) {
  test(`${lang}: "<vendor>'s systems" comes first; choosing one sets card and GPU count, and the link carries it`, T, async () => {
    const c = await suite.open(`?lang=${lang}`, { width: 1440, height: 900 });
    await drawn(c);
    const first = await c.page.locator('.config select').first().getAttribute('data-testid');
    assert.equal(first, 'system', 'the systems come before the card');
    const label = await c.page.locator('label[for="system"]').innerText();
    assert.equal(label.trim(), lang === 'de' ? `Systeme von ${VENDOR.name}` : `${VENDOR.name}'s systems`);
    const options = await c.options('system');
    assert.deepEqual(options.map((o) => o.value), ['', SYSTEM.id]);
    assert.ok(options[1].text.startsWith(`${SYSTEM.name} (8 × `), options[1].text);
    await c.choose('system', SYSTEM.id);
    await c.waitForQuery('system', SYSTEM.id);
    assert.equal(await c.value('card'), SYSTEM.card);
    assert.equal(await c.value('gpus'), '8');
    // Another GPU count is no longer that system.
    await c.type('gpus', '4');
    await c.page.waitForFunction(() => !new URL(location.href).searchParams.has('system'));
    assert.equal(await c.value('system'), '');
  });

  test(`${lang}: the system's peak is its stated maximum, cited; the year stands on its measured idle; the circuits use 7,800 W`, T, async () => {
    const q = `card=${SYSTEM.card}&gpus=8&system=${SYSTEM.id}&demand=1000000&rack=10&volts=230&phases=1&breaker=32&derate=80&feeds=1`;
    const c = await suite.open(`?${q}&lang=${lang}`, { width: 1440, height: 900 });
    await drawn(c);
    assert.equal(await c.el('link-notice').count(), 0);
    assert.equal(await value(c, 'server-power-w'), 7800);
    assert.equal(await c.el('server-power-w').first().getAttribute('data-kind'), 'ceiling');
    const line = c.el('system-line');
    assert.equal(await line.getAttribute('data-system'), SYSTEM.id);
    const words = await line.innerText();
    assert.ok(words.includes(SYSTEM.name), words);
    assert.match(words, lang === 'de' ? /wie der Anbieter angibt/ : /as its vendor states/);
    // The vendor's source, cited as "<vendor>, <source>".
    assert.ok(words.includes(`${VENDOR.name}, ${SYSTEM.source}`), words);
    // The whole system's measured idle, all year: 1,900 W × 8,760 h = 16,644 kWh per system.
    assert.equal(await value(c, 'vendor-idle'), 1900);
    assert.match(await c.text('vendor-idle'), lang === 'de' ? /Leerlaufleistung 1\.900 W des ganzen Systems/ : /Idle 1,900 W for the whole/);
    assert.equal(await c.el('idle-source').count(), 0, 'no per-card posted readings');
    // A million tokens a day is far below one system's throughput: one system.
    const standing = await value(c, 'standing-kwh-per-year');
    assert.ok(near(standing, 1900 * 8760 / 1000), `${standing}`);
    assert.ok(near(standing, 16_644));
    const year = c.el('site-kwh-per-year').first();
    const low = Number((await year.getAttribute('data-low')) ?? (await year.getAttribute('data-value')));
    assert.ok(low >= standing * (1 - 1e-9), `the year's lower end ${low} holds the standing ${standing}`);
    // What decides the answer: the vendor's idle, one value, named with its system.
    const item = await c.page.locator('[data-testid="sensitivity"] li[data-input="idle"]').textContent();
    assert.ok(item.includes(SYSTEM.name) && item.includes(lang === 'de' ? '1.900 W' : '1,900 W'), item);
    // One system per 10 kW position: 7,800 W ÷ 230 V per phase (the feed's amps are the same figure,
    // shown once); ⌈7.8 ÷ (230 × 32 × 0.8 / 1000)⌉ = 2 circuits.
    assert.ok(near(await value(c, 'amps-per-phase'), 7800 / 230));
    assert.equal(await value(c, 'servers-per-rack'), Math.floor(10_000 / 7800));
    assert.equal(await c.el('sign-off').getAttribute('data-circuits'), String(Math.ceil(7.8 / (230 * 32 * 0.8 / 1000))));
    // The quote request names the system and cites the vendor's source.
    const mail = await c.el('request-quote-mail').getAttribute('href');
    const body = decodeURIComponent(mail.split('&body=')[1]);
    assert.ok(body.includes(`System: ${SYSTEM.name}, `), body);
    assert.ok(body.includes(SYSTEM.source), body);
    // The vendor's quote page gets the link, which carries the system.
    const page = decodeURIComponent(await c.el('request-quote-url').getAttribute('href'));
    assert.ok(page.includes(`system=${SYSTEM.id}`), page);
  });

  test(`${lang}: a link whose system is missing opens with a notice naming it and shows the card's own figures`, T, async () => {
    const c = await suite.open(`?card=${SYSTEM.card}&gpus=8&system=x9-gone&demand=1000000&lang=${lang}`, { width: 1440, height: 900 });
    await drawn(c);
    const notice = await c.text('link-notice');
    assert.ok(notice.includes(lang === 'de' ? '„x9-gone“' : '“x9-gone”'), notice);
    // The card's own figures: its boards at their rated power, 8 × 600 W.
    assert.equal(await value(c, 'server-power-w'), 8 * 600);
    assert.equal(await c.el('vendor-idle').count(), 0);
    assert.equal(await c.value('system'), '');
  });
}

// The vendor's own MLPerf submissions first: a copy of dist/ branded (brand.mjs, Node alone) for a
// vendor who submitted RTX PRO 6000 results to MLPerf under the name "Dell".
test('a vendor\'s own MLPerf submissions come first, in a group that names them', T, async () => {
  const { mkdtempSync, cpSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { brandSite } = await import('../../static/build/brand.mjs');
  const dir = mkdtempSync(path.join(tmpdir(), 'token-energy-vendor-systems-'));
  const site = path.join(dir, 'site');
  cpSync(path.join(ROOT, 'dist'), site, { recursive: true });
  const file = path.join(dir, 'vendor.json');
  writeFileSync(file, JSON.stringify({ name: 'Dell Technologies', systems: [{ ...SYSTEM, id: 'xe-rtx', name: 'XE RTX' }] }));
  brandSite(file, site);
  const s = await serve({ root: site });
  cleanup.push(async () => {
    await s.close();
    rmSync(dir, { recursive: true, force: true });
  });
  {
    const c = await Calculator.open(chromium.browser, s.url(`?card=${SYSTEM.card}&gpus=8&system=xe-rtx&demand=1000000`), { width: 1440, height: 900 });
    page = c.page;
    await drawn(c);
    const groups = await c.el('result').evaluate((sel) => [...sel.querySelectorAll('optgroup')].map((g) => ({ label: g.label, options: [...g.querySelectorAll('option')].map((o) => o.text) })));
    assert.equal(groups[0].label, "Dell Technologies's own submissions");
    assert.ok(groups[0].options.length > 0 && groups[0].options.every((t) => t.includes('Dell')), JSON.stringify(groups[0]));
    // Each result once: none of the vendor's again in the rounds below.
    assert.ok(groups.slice(1).every((g) => g.options.every((t) => !/\bDell\b/.test(t))), JSON.stringify(groups.slice(1)));
    assert.equal(await value(c, 'server-power-w'), 7800);
  }
});
