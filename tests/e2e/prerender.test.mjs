// The prerendered page (issue 14): the bare page is in dist/index.html before any wasm runs; the
// browser hydrates it; a link with a query never shows the bare page's figures as its own, not for
// one frame; without JavaScript the bare page still reads well. Expected values are worked out here
// from data/*.json (rated power × cards ÷ published tokens/s), never read from the page under test.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Calculator, DIST, REPO, assertClean, closePage, holdWasm, launch, near, openPage, serve, waitForApp } from './harness.mjs';

const T = { timeout: 120_000 };
let browser;
let server;
before(async () => {
  browser = await launch();
  server = await serve();
});
after(async () => {
  await server?.close();
  await browser?.close();
});

const data = async (name) => JSON.parse(await readFile(path.join(REPO, 'data', name), 'utf8'));

/** The bare page's J/token: 8 × H200 NVL at its rated board power ÷ MLPerf 6.0-0021 Offline tokens/s. */
async function bareJoules() {
  const cards = await data('cards.json');
  const results = await data('results.json');
  const card = cards.find((c) => c.id === 'h200-nvl');
  const row = results.find((r) => r.id === '6.0-0021' && r.scenario === 'offline');
  return (8 * card.max_power.watts) / row.tokens_per_s;
}

/** L40S, 8 cards at the rated 350 W, v4.1-0025 Offline 3717.74 tokens/s (DATA.md). */
const L40S_QUERY = '?card=l40s&result=v4.1-0025&scenario=offline';
const L40S_JOULES = (8 * 350) / 3717.74;

/** A page whose wasm is held back until `release()`. */
async function held(target, opts = {}) {
  const page = await openPage(browser, 'about:blank', { allowOrigins: [server.origin], ...opts });
  const release = await holdWasm(page);
  await page.goto(server.url(target), { waitUntil: 'load' });
  return { page, release };
}

const visibleText = (page, testid) =>
  page.evaluate((id) => {
    const el = document.querySelector(`[data-testid="${id}"]`);
    return el && el.checkVisibility() ? el.innerText : null;
  }, testid);

test('dist/index.html holds the bare page, hydratable, with the default figures and their sources', T, async () => {
  const html = await readFile(path.join(DIST, 'index.html'), 'utf8');
  const root = /<main\b[^>]*id="app-root"[^>]*>/.exec(html);
  assert.ok(root && /data-prerendered/.test(root[0]), 'the root is marked prerendered');
  assert.match(html, /<!--<\[\]>-->/, "Yew's hydration markers (without component names: the prerender profile has no debug assertions)");
  const value = Number(/data-testid="j-per-token" data-value="([^"]+)"/.exec(html)?.[1]);
  assert.ok(near(value, await bareJoules(), 1e-12), `prerendered J/token ${value}`);
  const hydrated = /<main\b[^>]*id="app-root"[^>]*>([\s\S]*?)<\/main>/.exec(html)[1];
  for (const id of ['config-title', 'figures-title']) assert.ok(hydrated.includes(`id="${id}"`), `the prerendered page has ${id}`);
  // Issue 53: the method and the sources are not in the page (the app draws them); a reader without
  // JavaScript reads them on method.html.
  const method = await readFile(path.join(DIST, 'method.html'), 'utf8');
  for (const id of ['sources-title', 'method-title']) {
    assert.ok(!html.includes(`id="${id}"`), `${id} is not in index.html`);
    assert.ok(method.includes(`id="${id}"`), `${id} is on method.html`);
  }
  assert.ok(!/<!--<\[/.test(method) && !/<script\b/i.test(method), 'method.html: no hydration markers, no script');
});

test('without JavaScript: the default figures with their kind and sources, why the calculator needs JavaScript, and the method one link away', T, async () => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  try {
    await context.route((u) => !u.href.startsWith(server.origin), (r) => r.abort());
    const page = await context.newPage();
    await page.goto(server.url(''), { waitUntil: 'load' });
    const fig = page.locator('[data-testid="j-per-token"]');
    assert.ok(await fig.isVisible(), 'the J/token figure is shown');
    assert.ok(near(Number(await fig.getAttribute('data-value')), await bareJoules(), 1e-12));
    assert.match(await fig.innerText(), /0\.150/);
    assert.equal(await fig.getAttribute('data-kind'), 'ceiling');
    assert.match(await page.locator('#figures').innerText(), /GPU-board ceiling/);
    assert.match(await page.locator('[data-testid="noscript"]').innerText(), /needs JavaScript/);
    assert.equal(await page.locator('[data-testid="boot"]').isVisible(), false, '"Calculating…" is not shown: nothing will calculate');
    assert.equal(await page.locator('[data-testid="result-link"]').getAttribute('href'), 'https://github.com/mlcommons/submissions_inference_v6.0/tree/main/closed/Dell/results/XE7740_H200_NVL_141GBx8_TRT');
    assert.equal(await page.locator('section.method').count(), 0, 'the method is not in the page');
    // The method and the sources: one link away (issue 53: a page load that runs the app draws its own).
    await page.locator('[data-testid="method-page-link"]').click();
    await page.waitForURL(/method\.html$/);
    const sources = page.locator('section[aria-labelledby="sources-title"]');
    assert.ok(await sources.isVisible());
    // The list folds (<details>), which opens without JavaScript.
    await sources.locator('summary').click();
    assert.match(await sources.innerText(), /MLPerf Inference v6\.0/);
    assert.ok((await sources.locator('a[href^="https://"]').count()) > 0, 'sources link to their pages');
    assert.ok(await page.locator('section.method').isVisible(), 'the method is shown');
    // The method and the sources read without JavaScript are the ones the running page draws.
    const read = async (p) => ({
      method: await p.locator('section.method').innerText(),
      sources: await p.locator('section[aria-labelledby="sources-title"]').innerText(),
      links: await p.locator('section[aria-labelledby="sources-title"] a[href^="https://"]').evaluateAll((a) => a.map((e) => e.href)),
    });
    const without = await read(page);
    const live = await openPage(browser, server.url(''), { allowOrigins: [server.origin] });
    try {
      await waitForApp(live);
      await live.waitForFunction(() => document.documentElement.dataset.drawn === 'all');
      await live.locator('section[aria-labelledby="sources-title"] summary').click();
      assert.deepEqual(await read(live), without);
    } finally {
      await closePage(live);
    }
  } finally {
    await context.close();
  }
});

test('the bare page: its figures are painted before the wasm runs, and the hydrated page shows the same text and answers input', T, async () => {
  const { page, release } = await held('');
  try {
    const before = await visibleText(page, 'j-per-token');
    assert.ok(before, 'the figure is visible while the wasm is held');
    assert.equal(await page.locator('[data-testid="boot"]').isVisible(), false);
    const figures = await page.locator('#figures').innerText();
    const config = await page.locator('section.config').innerText();
    await page.evaluate(() => {
      document.querySelector('[data-testid="j-per-token"]').__marked = true;
    });
    release();
    await waitForApp(page);
    assert.ok(
      await page.evaluate(() => document.querySelector('[data-testid="j-per-token"]').__marked === true),
      'hydrated: the prerendered figure element is the live one (not replaced)',
    );
    // The prerendered text is the browser's (Intl) text: hydration changes nothing a reader sees.
    assert.equal(await page.locator('#figures').innerText(), figures);
    assert.equal(await page.locator('section.config').innerText(), config);
    assert.equal(await page.locator('[data-testid="boot"]').count(), 0, 'the placeholder is gone');
    // Hydrated: an edit updates the figures (2 servers: twice the cards, the same J/token, twice the day).
    const day = Number(await page.locator('[data-testid="kwh-per-day"]').getAttribute('data-value'));
    await page.locator('[data-testid="servers"]').fill('2');
    await page.waitForFunction((d) => Number(document.querySelector('[data-testid="kwh-per-day"]').dataset.value) > d * 1.5, day);
    const day2 = Number(await page.locator('[data-testid="kwh-per-day"]').getAttribute('data-value'));
    assert.ok(near(day2, 2 * day, 1e-9), `${day2} = 2 × ${day}`);
    assert.ok(near(day, ((8 * 600) * 24) / 1000, 1e-9), `8 × 600 W for 24 h is ${(8 * 600 * 24) / 1000} kWh: ${day}`);
    assertClean(page, 'bare page, hydrated');
  } finally {
    await closePage(page);
  }
});

test("a link with a query never paints the bare page's figures, not for one frame", T, async () => {
  const page = await openPage(browser, 'about:blank', { allowOrigins: [server.origin] });
  try {
    // Before every frame (requestAnimationFrame runs before each paint), note whether a J/token
    // figure is visible and which value it carries.
    await page.context().addInitScript(() => {
      window.__frames = [];
      const look = () => {
        const el = document.querySelector('[data-testid="j-per-token"]');
        window.__frames.push({ visible: !!el && el.checkVisibility(), value: el?.dataset.value ?? null, boot: !!document.querySelector('[data-testid="boot"]')?.checkVisibility() });
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    const release = await holdWasm(page);
    await page.goto(server.url(L40S_QUERY), { waitUntil: 'load' });
    // While the wasm is held: "Calculating…", and no figure.
    assert.equal(await visibleText(page, 'j-per-token'), null, 'no figure is visible before the app ran');
    assert.match(await page.locator('[data-testid="boot-status"]').innerText(), /Calculating…/);
    assert.ok(await page.evaluate(() => document.documentElement.classList.contains('pending')));
    await page.waitForTimeout(200);
    release();
    await waitForApp(page);
    await page.waitForTimeout(200);
    const value = Number(await page.locator('[data-testid="j-per-token"]').getAttribute('data-value'));
    assert.ok(near(value, L40S_JOULES, 1e-9), `the link's own J/token: ${value}`);
    assert.ok(await page.locator('[data-testid="j-per-token"]').isVisible());
    const frames = await page.evaluate(() => window.__frames);
    assert.ok(frames.length > 5, `frames sampled: ${frames.length}`);
    const shown = frames.filter((f) => f.visible);
    assert.ok(shown.length > 0, 'the figure was painted at the end');
    for (const f of shown) assert.ok(near(Number(f.value), L40S_JOULES, 1e-9), `a frame painted J/token ${f.value}, not the link's`);
    assert.ok(frames.some((f) => f.boot), '"Calculating…" was painted while the wasm loaded');
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('pending')), false);
    assertClean(page, 'configured link');
  } finally {
    await closePage(page);
  }
});

/** A text of the string table of `lang` (src/i18n/en.rs, de.rs), read from its source. */
async function tableText(lang, name) {
  const source = await readFile(path.join(REPO, 'src', 'i18n', `${lang}.rs`), 'utf8');
  const m = new RegExp(`\\n    ${name}: "((?:[^"\\\\]|\\\\.)*)",`).exec(source);
  assert.ok(m, `${name} in ${lang}.rs`);
  return m[1].replace(/\\(.)/g, '$1');
}

test("a link's loading page reads in the link's language before the wasm runs (German review 1-10)", T, async () => {
  const words = {};
  for (const lang of ['en', 'de']) {
    words[lang] = { lede: await tableText(lang, 'lede'), status: await tableText(lang, 'boot_status'), title: await tableText(lang, 'doc_title') };
  }
  assert.notEqual(words.de.lede, words.en.lede);
  // The link's lang=, else the browser's first language the page speaks, else English.
  for (const [target, locale, lang] of [
    [`${L40S_QUERY}&lang=de`, null, 'de'],
    [`${L40S_QUERY}&lang=DE`, 'en-US', 'de'],
    [L40S_QUERY, null, 'en'],
    [L40S_QUERY, 'de-AT', 'de'],
    [`${L40S_QUERY}&lang=en`, 'de-DE', 'en'],
    [`${L40S_QUERY}&lang=fr`, 'de-DE', 'de'],
  ]) {
    const label = `${target} (${locale ?? 'no locale'})`;
    const { page, release } = await held(target, locale ? { locale } : {});
    try {
      assert.equal(await visibleText(page, 'j-per-token'), null, `${label}: no figure before the app`);
      const boot = await page.evaluate(() => {
        const shown = (sel) => [...document.querySelectorAll(sel)].filter((e) => e.checkVisibility());
        return {
          heading: shown('#boot h1').map((e) => e.innerText),
          lede: shown('#boot .lede').map((e) => e.innerText),
          status: shown('[data-testid="boot-status"]').map((e) => e.innerText),
          langs: shown('#boot [data-lang]').map((e) => e.lang || 'en'),
        };
      });
      assert.deepEqual(boot.heading, ['token-energy'], label);
      assert.deepEqual(boot.lede, [words[lang].lede], label);
      assert.deepEqual(boot.status, [words[lang].status], label);
      assert.deepEqual(boot.langs, [lang, lang], `${label}: the shown words carry their language`);
      assert.equal(await page.title(), words[lang].title, `${label}: the tab's title`);
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang, `${label}: <html lang>`);
      release();
      await waitForApp(page);
      // The app's page opens in the same language, with the same lede.
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      assert.equal(await page.locator('.masthead .lede').first().innerText(), words[lang].lede, label);
      assertClean(page, label);
    } finally {
      await closePage(page);
    }
  }
});

test('a German reader and a kept comparison get their own page (rendered, not hydrated), with no error', T, async () => {
  const page = await openPage(browser, '', { server, locale: 'de-DE' });
  try {
    await waitForApp(page);
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    assert.match(await page.locator('#figures').innerText(), /Obergrenze|GPU-Platinen/);
    assert.match(await page.locator('[data-testid="j-per-token"]').innerText(), /0,150/);
    assertClean(page, 'German reader');
  } finally {
    await closePage(page);
  }
  const kept = await openPage(browser, L40S_QUERY, { server });
  try {
    await waitForApp(kept);
    await kept.locator('[data-testid="compare-add"]').click();
    await kept.waitForFunction(() => (localStorage.getItem('token-energy:comparison:v1') ?? '').length > 0);
    await kept.goto(server.url(''), { waitUntil: 'load' });
    await waitForApp(kept);
    assert.ok((await kept.locator('[data-testid="compared-item"]').count()) > 0, 'the kept comparison is shown');
    assertClean(kept, 'kept comparison');
  } finally {
    await closePage(kept);
  }
});

test('a person on the hydrated bare page: switches to German, chooses another card and a scenario, keeps the configuration', T, async () => {
  const page = await openPage(browser, 'about:blank', { allowOrigins: [server.origin] });
  try {
    const release = await holdWasm(page);
    await page.goto(server.url(''), { waitUntil: 'load' });
    await page.evaluate(() => {
      document.querySelector('[data-testid="j-per-token"]').__marked = true;
    });
    release();
    await waitForApp(page);
    const c = new Calculator(page);
    assert.ok(await page.evaluate(() => document.querySelector('[data-testid="j-per-token"]').__marked === true), 'the page was hydrated');
    // The language switch, by keyboard.
    await c.el('lang-de').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    assert.match(await c.text('j-per-token'), /0,150/);
    // Another card: the selects show what the figures use, and the figure is that result's ceiling.
    await c.choose('card', 'l40s');
    await c.waitForQuery('card', 'l40s');
    const results = await data('results.json');
    const cards = await data('cards.json');
    for (const scenario of [null, 'server']) {
      if (scenario) {
        await c.choose('scenario', scenario);
        await c.waitForQuery('scenario', scenario);
      }
      const [card, id, shown] = [await c.value('card'), await c.value('result'), await c.value('scenario')];
      assert.equal(card, 'l40s');
      if (scenario) assert.equal(shown, scenario);
      const row = results.find((r) => r.id === id && r.scenario === shown);
      assert.ok(row, `a published row for ${id} ${shown}`);
      const gpus = Number(await c.value('gpus'));
      const watts = Number(await c.value('watts'));
      assert.equal(watts, cards.find((x) => x.id === 'l40s').max_power.watts, 'the limit is the L40S rating');
      const f = await c.waitForFigure('j-per-token', (x) => near(x.value, (gpus * watts) / row.tokens_per_s, 1e-9));
      assert.equal(f.kind, 'ceiling');
      assert.equal(new URL(page.url()).searchParams.get('lang'), 'de');
    }
    assertClean(page, 'a person on the hydrated page');
  } finally {
    await closePage(page);
  }
});
