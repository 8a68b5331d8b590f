// German on a phone (issue 53): the CO₂ question takes 380 in one click, and while it is open the
// answer's CO₂ says it rests on the value as typed; the phone bar carries the CO₂ a year; a reference
// value read in 2026 says so in German; the load sweep's words stay inside its box at 360 px and it
// names the value at the demand's own load. Expected values are arithmetic written here on the
// page's own machine values (data-value), never its rounded text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calculatorSuite, near } from './harness.mjs';

const T = { timeout: 120_000 };
const suite = calculatorSuite('german-phone');

const BUYER = '?lang=de&result=6.0-0021&scenario=interactive&model=llama2-70b-99&servers=1&demand=40000000&price=0.3';
const de3 = new Intl.NumberFormat('de-DE', { minimumSignificantDigits: 3, maximumSignificantDigits: 3 });

/** The machine value(s) of an answer item: { value, low }. */
async function machine(c, testid) {
  const el = c.el(testid);
  const low = await el.getAttribute('data-low');
  return { value: Number(await el.getAttribute('data-value')), low: low === null ? null : Number(low) };
}

test('de at 360 px: the CO₂ question takes 380 in one click; until then the answer\'s CO₂ rests on 0,38; the phone bar carries CO₂ a year', T, async () => {
  const c = await suite.open(`${BUYER}&co2=0.38`, { width: 360, height: 740 });
  await c.el('question-co2').waitFor();
  assert.match(await c.text('question-co2'), /^Meinten Sie 380 g CO₂e\/kWh \(0,38 kg\)\?/);
  const take = c.el('take-co2');
  assert.equal(await take.innerText(), '380 g CO₂e/kWh übernehmen');
  // While the question is open: the answer's CO₂ is the site's energy × 0.38 g/kWh, and says so.
  const kwh = await machine(c, 'site-kwh-per-year');
  const before = await machine(c, 'co2-kg-per-year');
  assert.ok(near(before.value, (kwh.value * 0.38) / 1000, 1e-9), `${before.value} kg against ${kwh.value} kWh × 0.38 g`);
  const note = c.el('co2-kg-per-year').locator('.answer-note');
  assert.match(await note.innerText(), /aus 0,38 g CO₂e\/kWh wie eingegeben/);

  await take.click();
  await c.page.waitForFunction(() => !document.querySelector('[data-testid="question-co2"]'));
  assert.equal(await c.value('co2'), '380');
  await c.waitForQuery('co2', '380');
  const after = await machine(c, 'co2-kg-per-year');
  assert.ok(near(after.value, (kwh.value * 380) / 1000, 1e-9), `${after.value} kg against ${kwh.value} kWh × 380 g`);
  assert.ok(near(after.low, (kwh.low * 380) / 1000, 1e-9), `${after.low} kg against ${kwh.low} kWh × 380 g`);
  assert.equal(await c.el('co2-kg-per-year').locator('.answer-note').count(), 0, 'the mark goes with the question');

  // The phone bar: the CO₂ a year beside the energy and the cost, in tonnes (over 1,000 kg), German.
  const bar = c.el('mobile-summary');
  assert.equal(await bar.getAttribute('data-follows'), 'plan');
  assert.ok(after.value >= 1000, `${after.value} kg: the bar reads tonnes`);
  const tonnes = `${de3.format(after.low / 1000)}–${de3.format(after.value / 1000)}`;
  await c.page.waitForFunction((v) => document.querySelector('[data-testid="mobile-summary"]').innerText.includes(v), tonnes);
  assert.match(await bar.innerText(), new RegExp(`${tonnes.replace(/[.]/g, '\\.')} t CO₂e`));
});

test('de: a reference value read in 2026 says "abgerufen 2026", no English "read" shows, and the method\'s dates are German', T, async () => {
  const c = await suite.open(`${BUYER}&co2=380`, { width: 1440, height: 900 });
  const box = c.el('refs-idle-box');
  await box.waitFor({ state: 'attached' });
  await box.evaluate((d) => { d.open = true; });
  const text = await box.innerText();
  assert.match(text, /abgerufen 2026/);
  assert.ok(!/\bread 2026\b/.test(text), text);
  const page = await c.page.evaluate(() => { document.querySelectorAll('details').forEach((d) => { d.open = true; }); return document.body.innerText; });
  assert.ok(!/\bread 20\d\d\b/.test(page), 'English "read" on the German page');
  // The method's version line and its citation: a German date, no ISO one beside German words.
  for (const id of ['method-version', 'method-cite']) {
    const line = await c.text(id);
    assert.match(line, /Datenstand \d{4}\.\d+\.\d+ \(\d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}\)/, line);
    assert.ok(!/\d{4}-\d{2}-\d{2}/.test(line), line);
  }
});

test('de at 360 px: the load sweep\'s words are inside its box, with the value at the demand\'s load', T, async () => {
  const c = await suite.open(`${BUYER}&co2=380`, { width: 360, height: 740 });
  const fold = c.el('load-sweep-fold');
  await fold.waitFor({ state: 'attached' });
  await fold.evaluate((d) => { d.open = true; });
  const sweep = c.el('load-sweep');
  await sweep.waitFor();
  const out = await sweep.evaluate((figure) => {
    const box = figure.getBoundingClientRect();
    const svg = figure.querySelector('svg').getBoundingClientRect();
    const bad = [];
    for (const t of figure.querySelectorAll('svg text')) {
      const r = t.getBoundingClientRect();
      if (r.left < svg.left - 1 || r.right > svg.right + 1) bad.push(`${t.textContent}: ${r.left}–${r.right} outside ${svg.left}–${svg.right}`);
    }
    const caption = figure.querySelector('figcaption').getBoundingClientRect();
    if (caption.left < box.left - 1 || caption.right > box.right + 1) bad.push('the caption');
    return { bad, right: box.right };
  });
  assert.deepEqual(out.bad, []);
  assert.ok(out.right <= 360, `${out.right}`);
  // The value at the demand's own load: the answer's J/token there, with its unit.
  const here = c.el('sweep-here-value');
  const answer = await machine(c, 'demand-j-per-token');
  assert.equal(Number(await here.getAttribute('data-value')), answer.value);
  assert.match(await here.innerText(), /^Ihr Bedarf: .* J\/Token$/);
});
