// In German too (issue 13): the language from the link, the browser and the switch; German words,
// German numbers read and written; the printed sheet and a 360 px phone in both languages.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calculatorSuite, near } from './harness.mjs';

const T = { timeout: 120_000 };
const suite = calculatorSuite('german');

const open = (query, opts = {}) => suite.open(query, opts);

const H200 = '?result=6.0-0021&scenario=offline';
const htmlLang = (c) => c.page.evaluate(() => document.documentElement.lang);

test('1. lang=de: German words, German numbers, <html lang="de">, and the link keeps it', T, async () => {
  const c = await open(`${H200}&lang=de`);
  await c.page.waitForFunction(() => document.documentElement.lang === 'de');
  assert.equal((await c.text('lang-de')).trim(), 'Deutsch');
  assert.equal(await c.el('lang-de').getAttribute('aria-current'), 'true');
  assert.match(await c.page.locator('#figures-title').innerText(), /Kennzahlen/);
  assert.match(await c.page.locator('#config-title').innerText(), /Konfiguration/);
  assert.match(await c.page.locator('label[for="gpus"]').innerText(), /Karten je Server/);
  // 4800 W / 32,004 tokens/s = 0.14998 J/token: "0,150 J/Token"; 8 × 600 W = "4.800 W".
  const token = await c.figure('j-per-token');
  assert.match(token.text, /0,150\s*J\/Token/);
  assert.match(token.text, /Obergrenze der GPU-Boards/);
  assert.match((await c.figure('board-power-w')).text, /4\.800\s*W/);
  assert.match((await c.figure('kwh-per-day')).text, /115\s*kWh/);
  assert.match(await c.text('copy-link'), /Link kopieren/);
  assert.match(await c.value('share-url'), /[?&]lang=de(&|$)/);
  await c.waitForQuery('lang', 'de');
  // The scenario's options and its explanation are German.
  const scenarios = (await c.options('scenario')).map((o) => o.text);
  assert.ok(scenarios.some((s) => s.startsWith('Interaktiv')), scenarios.join(' | '));
  assert.match(await c.text('scenario-explained'), /Stapelverarbeitung/);
});

test('2. the switch opens the page in the other language, its configuration kept, with that language\'s wasm alone', T, async () => {
  const c = await open(H200);
  assert.equal(await htmlLang(c), 'en');
  assert.match((await c.figure('j-per-token')).text, /0\.150\s*J\/token/);
  assert.ok(!(await c.value('share-url')).includes('lang='), 'a link without lang stays without it');
  // One wasm per language (static/build/langs.mjs): the switch is a link to the same configuration
  // in the other language, which loads that language's wasm (and not this one's again).
  const wasmFetched = [];
  c.page.on('request', (r) => {
    if (r.url().endsWith('.wasm')) wasmFetched.push(new URL(r.url()).pathname.split('/').pop());
  });
  await c.type('servers', '3');
  // A configuration kept for comparison before the switch is there after it.
  await c.el('compare-new-name').fill('H200 NVL, drei Server');
  await c.el('compare-add').click();
  await c.page.waitForFunction(() => document.querySelectorAll('[data-testid="compared-item"]').length === 1);
  await c.el('lang-de').click();
  await c.page.waitForFunction(() => document.documentElement.lang === 'de' && document.documentElement.dataset.app === 'live');
  await c.waitForFigure('j-per-token', (f) => /0,150\s*J\/Token/.test(f.text));
  assert.match(await c.page.locator('#figures-title').innerText(), /Kennzahlen/);
  assert.equal(await c.value('servers'), '3', 'the configuration is kept');
  const compared = await c.page.locator('[data-testid="compared-name"]').evaluateAll((inputs) => inputs.map((i) => i.value));
  assert.deepEqual(compared, ['H200 NVL, drei Server'], 'the comparison is kept');
  await c.waitForQuery('lang', 'de');
  assert.deepEqual(wasmFetched.map((f) => /-([a-z]{2})-[0-9a-f]+_bg\.wasm$/.exec(f)?.[1]), ['de'], wasmFetched.join(', '));
  await c.el('lang-en').click();
  await c.page.waitForFunction(() => document.documentElement.lang === 'en' && document.documentElement.dataset.app === 'live');
  await c.waitForFigure('j-per-token', (f) => /0\.150\s*J\/token/.test(f.text));
  assert.equal(await c.value('servers'), '3', 'the configuration is kept');
  assert.match(await c.page.locator('#figures-title').innerText(), /Figures/);
  // Chosen once, English is kept in the link too.
  await c.waitForQuery('lang', 'en');
});

test('3. typed German numbers: "0,95" and "0.95", "1.000" servers, and an error that names the form', T, async () => {
  const c = await open(`${H200}&lang=de`);
  await c.type('watts', '450,5');
  await c.waitForFigure('board-power-w', (f) => near(f.value, 8 * 450.5));
  await c.type('watts', '450.5');
  await c.waitForFigure('board-power-w', (f) => near(f.value, 8 * 450.5));
  await c.type('servers', '1.000');
  await c.waitForFigure('kwh-per-day', (f) => near(f.value, (8 * 450.5 * 24 * 1000) / 1000));
  await c.type('pf', '0,95');
  await c.waitForQuery('pf', '0,95');
  await c.page.keyboard.press('Tab');
  assert.equal(await c.el('error-pf').count(), 0, 'power factor 0,95 is accepted');
  await c.type('servers', '1.00,5');
  await c.page.keyboard.press('Tab');
  const error = await c.text('error-servers');
  assert.match(error, /Anzahl Server: Bitte eine Zahl eingeben, etwa 450; 0,5; 100\.000/);
  assert.match(error, /Komma für Dezimalstellen/);
  // Switching keeps every value: "450,5" becomes "450.5" in English, "1.000" a plain 1000.
  await c.type('servers', '1.000');
  await c.el('lang-en').click();
  await c.page.waitForFunction(() => document.documentElement.lang === 'en' && document.documentElement.dataset.app === 'live');
  assert.equal(await c.value('servers'), '1000');
  assert.equal(await c.value('pf'), '0.95');
  await c.waitForFigure('kwh-per-day', (f) => near(f.value, 8 * 450.5 * 24));
});

test('4. the browser\'s language chooses when the link does not; the link wins', T, async () => {
  let c = await open(H200, { locale: 'de-DE' });
  await c.page.waitForFunction(() => document.documentElement.lang === 'de');
  assert.match(await c.value('share-url'), /lang=de/);
  await c.close();
  suite.calc = null;
  c = await open(`${H200}&lang=en`, { locale: 'de-DE' });
  assert.equal(await htmlLang(c), 'en');
  assert.match(await c.page.locator('#figures-title').innerText(), /Figures/);
  await c.close();
  suite.calc = null;
  c = await open(H200, { locale: 'fr-FR' });
  assert.equal(await htmlLang(c), 'en');
});

test('5. the link\'s notices and the field messages are German', T, async () => {
  const c = await open('?lang=de&card=l40s&gpus=0&colour=red');
  const notice = await c.text('link-notice');
  assert.match(notice, /Dieser Link enthält Werte, die die Seite nicht verwenden kann/);
  assert.match(notice, /Den Parameter „colour“ im Link kennt diese Seite nicht/);
  assert.match(notice, /Karten je Server: Zulässig sind 1 bis 512/);
  assert.match(await c.text('dismiss-notices'), /Ausblenden/);
});

async function pages(c) {
  const pdf = (await c.page.pdf({ format: 'A4', printBackground: true })).toString('latin1');
  return (pdf.match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}

test('6. the German quote sheet prints on as many pages as the English one', T, async () => {
  const sheet = `${H200}&customer=ACME%20Rechenzentrum%20GmbH&ref=Q-2026-117`;
  let c = await open(sheet);
  await c.page.emulateMedia({ media: 'print' });
  const english = await pages(c);
  await c.close();
  suite.calc = null;
  c = await open(`${sheet}&lang=de`);
  await c.page.emulateMedia({ media: 'print' });
  const header = await c.text('print-header');
  assert.match(header, /token-energy · Richtwert-Übersicht/);
  assert.match(header, /Unverbindliche Schätzung, Stand .*, Katalogdaten \d{4}\.\d+\.\d+/);
  assert.match(header, /Kunde: ACME Rechenzentrum GmbH/);
  assert.match(header, /Referenz: Q-2026-117/);
  assert.match(header, /Katalog \d{4}\.\d+\.\d+/);
  assert.match(await c.text('print-configuration'), /1 Server × 8 × NVIDIA H200 NVL bei 600 W je Karte/);
  assert.equal(await pages(c), english, 'German and English print on the same number of pages');
});

test('7. nothing in the German page is wider than a 360 px phone', T, async () => {
  for (const target of [`${H200}&lang=de`, '?result=v4.1-0049&scenario=server&watts=450&gpus=4&lang=de', '?card=l40s&tps=abc&gpus=0&watts=900&lang=de']) {
    const c = await open(target, { width: 360, height: 800 });
    await c.page.waitForSelector('[data-testid="comparison"]');
    const overflow = await c.page.evaluate(() => {
      const wide = [...document.querySelectorAll('body *')]
        .filter((el) => !el.closest('.table-scroll') && el.getBoundingClientRect().right > 361)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
      return { scrollWidth: document.documentElement.scrollWidth, wide: wide.slice(0, 5) };
    });
    assert.ok(overflow.scrollWidth <= 360, `${target}: page is ${overflow.scrollWidth} px wide (${overflow.wide.join(', ')})`);
    await c.close();
    suite.calc = null;
  }
});

test('8. the sections below read German too: plan, comparison, table, charts, method, footer', T, async () => {
  const c = await open(`${H200}&lang=de&servers=100&pue=1,5&overhead=1000&price=0,25`);
  await c.page.waitForSelector('[data-testid="comparison"]');
  assert.match(await c.page.locator('#plan-title').innerText(), /Einsatz planen/);
  assert.match(await c.text('plan-scope'), /Server \(\+1\.000 W Zusatzleistung\).*Rechenzentrum \(PUE 1,5\)/s);
  assert.equal(await c.el('plan-scope').getAttribute('data-scope'), 'GPU boards + server + site', 'the machine value stays');
  assert.match(await c.text('eu-2024-1364'), /EU-Meldeschwelle erreicht/);
  assert.match((await c.figure('cost-per-year')).text, /Obergrenze, GPU-Boards \+ Server \+ Rechenzentrum/);
  assert.match(await c.page.locator('#comparison-title').innerText(), /Veröffentlichte Ergebnisse/);
  assert.match(await c.text('table-count'), /von \d+ Zeilen/);
  assert.match(await c.page.locator('#charts-title').innerText(), /Diagramme/);
  assert.match(await c.page.locator('#method-title').innerText(), /So wird gerechnet/);
  assert.match(await c.page.locator('#sources-title').innerText(), /Quellen/);
  assert.match(await c.text('data-version'), /Katalogversion/);
  // Compare: an unnamed configuration stays unnamed and is shown by its configuration, in German;
  // the grid's rows, subtitles and marks are German.
  await c.el('compare-add').click();
  await c.type('servers', '200');
  await c.el('compare-add').click();
  await c.el('compare-grid').waitFor();
  const names = await c.page.locator('[data-testid="compared-name"]').evaluateAll((e) => e.map((i) => i.value));
  assert.deepEqual(names, ['', '']);
  assert.deepEqual(await c.page.locator('[data-testid="compare-name"]').allInnerTexts(), ['8 × H200 NVL · 6.0-0021 · Offline', '8 × H200 NVL · 6.0-0021 · Offline']);
  assert.match(await c.page.locator('[data-testid="compare-subtitle"]').nth(1).innerText(), /8 × H200 NVL × 200 Server · MLPerf 6\.0-0021 · Offline · Llama 2 70B \(99\u00a0%\) · Gewichte FP8 · 600 W je Karte/);
  assert.match(await c.text('compare-row-j-per-token'), /Energie je Ausgabe-Token/);
  await c.page.waitForFunction(() => /gegenüber der Referenz/.test(document.querySelector('[data-testid="compare-row-kwh-per-day"]').innerText));
});

test('9. "Measure your own" reads German: boxes, figures and messages', T, async () => {
  const c = await open(`${H200}&lang=de&mode=measure`);
  await c.el('measure').waitFor();
  assert.match(await c.page.locator('#measure-title').innerText(), /Selbst messen/);
  assert.match(await c.text('measure-privacy'), /verlässt diesen Browser/);
  assert.match(await c.page.locator('label[for="run-seconds"]').innerText(), /Laufzeit \(s\)/);
  await c.type('run-seconds', 'abc');
  await c.el('measure-error-run-seconds').waitFor();
  assert.match(await c.text('measure-error-run-seconds'), /^Laufzeit \(s\): Bitte eine Zahl eingeben/);
  assert.match(await c.text('own-j-per-token'), /Ihre Energie je Ausgabe-Token/);
});

test('the power-limit chart names its points in German ("6.0-0054 bei 450 W")', T, async () => {
  const c = await open('?result=6.0-0014&scenario=offline&model=llama2-70b-99&lang=de');
  await c.el('charts-fold').locator('summary').click();
  await c.el('chart-limit').waitFor();
  const text = await c.el('chart-limit').innerText();
  assert.match(text, /6\.0-0054 bei 450 W/, text);
  assert.match(text, /6\.0-0014 bei 600 W/, text);
  assert.doesNotMatch(text, / at \d/, text);
});

test('the catalogue\'s own words in German: card limits, measured context, reference values', T, async () => {
  const c = await open(`${H200}&lang=de`);
  assert.match(await c.text('card-facts'), /Compliance-Leistungsgrenze/);
  await c.el('comparison').waitFor();
  // The measurements and the reference values fold away until opened; their words are German.
  const context = await c.page.locator('[data-testid="context-measurement"]').allTextContents();
  assert.ok(context.some((t) => /Textdialog/.test(t)) && context.some((t) => /Problemlösen/.test(t)), context.join('\n'));
  assert.match(await c.page.locator('.plan').textContent(), /Durchschnittliche PUE der Branche/);
});

test('the German review (issue 38): "RZ-" only with a PUE, heat in kW first, t CO₂e, the trademark notice quoted in English', T, async () => {
  const buyer = '?result=6.0-0021&scenario=interactive&model=llama2-70b-99&servers=1&demand=40000000&price=0.3&co2=380&rack=15&lang=de';
  const c = await open(buyer);
  await c.waitForFigure('site-kwh-per-year', (f) => f.value !== null);
  const body = () => c.page.locator('main').innerText();
  // No PUE typed: the year counts GPU boards, and nothing is named after a data centre.
  assert.doesNotMatch(await body(), /RZ-/);
  assert.match(await c.text('site-kwh-per-year'), /^Energie je Jahr/);
  // 8 × 600 W = 4.8 kW of heat, then 4,800 × 3.412141633 = 16,378 BTU/h ("16.400" as read).
  const heat = await c.figure('btu-per-h');
  assert.ok(near(heat.value, 8 * 600 * 3.412141633), String(heat.value));
  assert.match(heat.text, /4,80\s*kW\s*\(16\.400 BTU\/h\)/);
  // CO₂ per year: the year's kWh × 0.380 kg, read in tonnes from 1,000 kg on.
  const year = await c.figure('site-kwh-per-year');
  const co2 = await c.figure('co2-kg-per-year');
  assert.ok(near(co2.value, year.value * 0.380), `${co2.value} vs ${year.value}`);
  assert.ok(co2.value >= 1000, String(co2.value));
  assert.match(co2.text, /t CO₂e/);
  assert.doesNotMatch(co2.text, /kg CO₂e/);
  // MLCommons' notice is quoted in English, the page's own sentence follows in German.
  assert.equal(await c.el('trademark-notice').getAttribute('lang'), 'en');
  // MLCommons' result citation is quoted as published, in English, and marked so.
  assert.equal(await c.page.locator('.citation').first().getAttribute('lang'), 'en');
  assert.match(await c.page.locator('.citation').first().innerText(), /Result verified by MLCommons Association/);
  assert.match(await c.text('trademark'), /Die hier zitierten Ergebnisse wurden von der MLCommons Association geprüft/);
  // With a PUE the site is counted and named.
  const site = await open(`${buyer}&pue=1.3`);
  await site.waitForFigure('site-kwh-per-year', (f) => f.value !== null);
  assert.match(await site.text('site-kwh-per-year'), /^RZ-Energie je Jahr/);
});

test('the source list: notes, publishers and dates in German, each title as published and marked English (issue 38)', T, async () => {
  const { pageLeaks } = await import('./leaks.mjs');
  const c = await open(`${H200}&lang=de&card=gb200`);
  // The card's note is German in the card select; its name stays as its maker writes it.
  const labels = (await c.options('card')).map((o) => o.text);
  assert.ok(labels.includes('NVIDIA GB200 186 GB (je Blackwell-GPU)'), labels.join(' | '));
  assert.ok(!labels.some((l) => /per Blackwell/.test(l)), labels.join(' | '));
  await c.el('sources').evaluate((d) => { d.open = true; });
  const entry = (id) => c.page.locator(`#source-${id}`);
  // A description as publisher is German; the title stays English, marked so.
  const eu = entry('eu-2024-1364');
  assert.match(await eu.innerText(), /^Europäische Kommission, Commission Delegated Regulation \(EU\) 2024\/1364/);
  assert.ok(!(await eu.innerText()).includes('European Commission'));
  assert.equal(await eu.locator('cite').getAttribute('lang'), 'en');
  assert.match(await entry('sdes-climate-2023').innerText(), /^SDES, französisches Ministerium für den ökologischen Wandel, Key figures on climate 2023/);
  // The reading date as German writes a date, outside the title.
  const h200 = entry('nvidia-h200-page');
  assert.equal(await h200.locator('cite').innerText(), 'NVIDIA H200 product page');
  assert.equal(await h200.locator('[data-testid="source-date"]').innerText(), 'abgerufen am 10. Oktober 2026');
  // The catalogue's notes in German, German numbers in them; code set as code.
  assert.match(await entry('nvidia-dgxh100-ug').locator('[data-testid="source-note"]').innerText(), /höchstens 10,2 kW; sechs Netzteile zu je 3,3 kW, 4\+2; gelesen in wörtlichen Kopien Dritter/);
  assert.match(await entry('nvidia-dgxb200-ug').innerText(), /3\.300 W/);
  assert.equal(await entry('nvidia-smi-docs').locator('[data-testid="source-note"] code').first().innerText(), '-q -d POWER');
  assert.match(await entry('nvidia-pb-12128-001').locator('[data-testid="source-date"]').innerText(), /^11\. April 2025$/);
  // Every title is a citation: English ones lang="en" on the German page, the German law without; no
  // note words left inside a title.
  const cites = await c.page.locator('ol.sources cite').evaluateAll((els) => els.map((e) => [e.closest('li').id, e.getAttribute('lang'), e.textContent]));
  assert.ok(cites.length >= 60, `${cites.length}`);
  for (const [id, lang, title] of cites) {
    assert.equal(lang, id === 'source-enefg-11' ? null : 'en', `${id}: lang`);
    assert.ok(!/\(read |read at commit|read through|as read in|as mirrored/.test(title), `${id}: ${title}`);
  }
  const list = await c.page.locator('ol.sources').innerText();
  for (const english of ['(read ', 'European Commission', 'French Ministry', 'read through', '(per Blackwell']) {
    assert.ok(!list.includes(english), `"${english}" in the German source list`);
  }
  // The leak checker reads the notes (they are the page's words now) and passes.
  const { left } = await pageLeaks(c.page, 'de');
  assert.deepEqual(left.map((l) => `${l.kind} «${l.found}» in: ${l.context}`), []);
  // The English page: the same entries in English, the German law's title marked German.
  const en = await open(`${H200}&card=gb200`);
  assert.ok((await en.options('card')).some((o) => o.text === 'NVIDIA GB200 186 GB (per Blackwell GPU)'));
  await en.el('sources').evaluate((d) => { d.open = true; });
  assert.match(await en.page.locator('#source-eu-2024-1364').innerText(), /^European Commission, /);
  assert.equal(await en.page.locator('#source-nvidia-h200-page [data-testid="source-date"]').innerText(), 'read October 10, 2026');
  assert.equal(await en.page.locator('#source-nvidia-h200-page cite').getAttribute('lang'), null);
  assert.equal(await en.page.locator('#source-enefg-11 cite').getAttribute('lang'), 'de');
  assert.match(await en.page.locator('#source-nvidia-dgxh100-ug').innerText(), /10\.2 kW max\.; six 3\.3 kW power supplies, 4\+2; read through verbatim third-party copies/);
  assert.deepEqual((await pageLeaks(en.page, 'en')).left.map((l) => `${l.kind} «${l.found}» in: ${l.context}`), []);
});
