// The byte budget counts what a page load fetches (issue 41): the files .ci/budget.mjs counts in
// dist/ are exactly the ones a first visit requests — the page, its scripts, stylesheet and wasm, and
// the service worker with what it keeps for offline use — and no request asks for a file it leaves out.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { languagesOf, measure, readBudget } from '../../.ci/budget.mjs';
import { DIST, REPO, cleanPageAfterEach, openPage, serve, sharedBrowser, waitForApp } from './harness.mjs';

const T = { timeout: 120_000 };
const chromium = sharedBrowser();
let server;
let page = null;
before(async () => {
  server = await serve();
});
after(async () => {
  await server?.close();
});
cleanPageAfterEach('budget', () => {
  const p = page;
  page = null;
  return p;
});

// One wasm per language (static/build/langs.mjs): a first visit in each language fetches that
// language's files, the service worker keeping them; each is counted as a load of its own.
const LOADS = [
  { lang: 'en', opts: {} },
  { lang: 'de', opts: { locale: 'de-DE' } },
];
for (const { lang, opts } of LOADS) {
  test(`the files the budget counts are the files a first visit fetches, service worker included (${lang})`, T, async () => {
    const budget = readBudget(readFileSync(path.join(REPO, '.ci', 'budget.json'), 'utf8'));
    assert.deepEqual(languagesOf(DIST), ['en', 'de'], 'a wasm per language in the build');
    const counted = measure(DIST, budget.exclude, lang).files.map((f) => f.name).sort();
    server.log.length = 0;
    page = await openPage(chromium.browser, server.url(''), { serviceWorkers: 'allow', ...opts });
    await waitForApp(page);
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
    // The load is over when the service worker controls the page and has kept the site's files.
    await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, { timeout: 20_000 });
    await page.waitForFunction(async () => {
      const names = await caches.keys();
      return names.length === 1 && (await (await caches.open(names[0])).keys()).length > 0;
    });
    const requested = [...new Set(server.log.map((r) => new URL(r.url, 'http://x').pathname.slice(1) || 'index.html'))].sort();
    assert.deepEqual(requested, counted, `requested: ${requested.join(', ')}`);
    for (const name of budget.exclude) assert.ok(!requested.includes(name), `${name} is excluded but a load fetched it`);
    // The other language's wasm: neither fetched nor kept.
    const kept = await page.evaluate(async () => (await (await caches.open((await caches.keys())[0])).keys()).map((r) => new URL(r.url).pathname.split('/').pop()));
    const wasm = kept.filter((f) => f.endsWith('.wasm'));
    assert.equal(wasm.length, 1, `kept: ${kept.join(', ')}`);
    assert.match(wasm[0], new RegExp(`-${lang}-[0-9a-f]+_bg\\.wasm$`));
  });
}

// What the split leaves out: each language's wasm carries its own words (src/i18n/en.rs, de.rs) and
// catalogue texts (data/changes.json's pairs, as the build bakes them: UTF-8 in the data), never the
// other language's.
test('each language\'s wasm holds its own words and catalogue texts, not the other\'s', () => {
  const wasm = Object.fromEntries(
    readdirSync(DIST)
      .filter((f) => /-(en|de)-[0-9a-f]+_bg\.wasm$/.test(f))
      .map((f) => [/-(en|de)-/.exec(f)[1], readFileSync(path.join(DIST, f))]),
  );
  assert.deepEqual(Object.keys(wasm).sort(), ['de', 'en']);
  const word = (lang, key) => new RegExp(`^\\s*${key}: "([^"\\\\]+)",$`, 'm').exec(readFileSync(path.join(REPO, 'src', 'i18n', `${lang}.rs`), 'utf8'))?.[1];
  for (const key of ['skip_link', 'figures_title', 'plan_intro']) {
    const en = Buffer.from(word('en', key));
    const de = Buffer.from(word('de', key));
    assert.ok(wasm.en.includes(en) && !wasm.de.includes(en), `${key}: "${en}" in the English wasm alone`);
    assert.ok(wasm.de.includes(de) && !wasm.en.includes(de), `${key}: "${de}" in the German wasm alone`);
  }
  const pairs = JSON.parse(readFileSync(path.join(REPO, 'data', 'changes.json'), 'utf8'))
    .flatMap((v) => v.changes)
    .filter((c) => c.text_de.trim() && c.text_de !== c.text);
  assert.ok(pairs.length >= 20, `${pairs.length} changes in both languages`);
  for (const { text, text_de } of pairs) {
    assert.ok(wasm.en.includes(Buffer.from(text)) && !wasm.de.includes(Buffer.from(text)), `in the English wasm alone: ${text.slice(0, 60)}`);
    assert.ok(wasm.de.includes(Buffer.from(text_de)) && !wasm.en.includes(Buffer.from(text_de)), `in the German wasm alone: ${text_de.slice(0, 60)}`);
  }
});
