// The energy at the customer's own load (issue 47) in headless Chromium on the release build, in English
// and German: 40 M output tokens a day on one 8 × H200 NVL server (6.0-0021 Interactive, 10 busy hours,
// no idle typed) is a range from the linear model at the lowest sourced idle to steady serving on the
// measured curve at the top of the idle span, both ends named; the idle caveat with the commands that
// replace it stands in the answer; what decides the answer is listed by effect — at 360 px and on the
// printed sheet. Expected values are arithmetic written here (curve.mjs) from the reference's table and
// data/*.json, read with JSON.parse, not with the page's code.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { REPO, calculatorSuite, near } from './harness.mjs';
import { SNAPSHOT_MARGIN, linearWatts, measuredWatts } from './curve.mjs';

const T = { timeout: 120_000 };
const suite = calculatorSuite('load');

const data = async (file) => JSON.parse(await readFile(path.join(REPO, 'data', file), 'utf8'));

const H200 = '?result=6.0-0021&scenario=interactive&model=llama2-70b-99&servers=1&demand=40000000&hours=10';

/** The year's ends by hand: [linear at the lowest reading, measured at the highest + 50 W], and the load. */
async function ends() {
  const refs = (await data('reference.json')).filter((r) => r.field === 'idle' && r.card === 'h200-nvl');
  const low = Math.min(...refs.map((r) => r.value));
  const high = Math.max(...refs.map((r) => r.high ?? r.value)) + SNAPSHOT_MARGIN;
  const row = (await data('results.json')).find((r) => r.id === '6.0-0021' && r.benchmark === 'llama2-70b-99' && r.scenario === 'interactive');
  const load = 100 * 40e6 / 36_000 / row.tokens_per_s;
  const year = (idle, watts) => 8 * (idle * 14 + watts * 10) * 365 / 1000;
  return { low, high, load, lower: year(low, linearWatts(load, low, 600)), upper: year(high, measuredWatts(load, high, 600)) };
}

for (const lang of ['en', 'de']) {
  test(`${lang}: the year at the customer's load is a range with named ends, its idle caveat and what decides it, at 360 px and printed`, T, async () => {
    const e = await ends();
    // The figures: ≈ 7,590 kWh at the lower end, at least 12,000 at the upper, at most 3× wide.
    assert.ok(Math.abs(e.lower - 7590) < 5 && e.upper >= 12_000 && e.upper / e.lower <= 3, JSON.stringify(e));
    const c = await suite.open(`${H200}&lang=${lang}`, { width: 360, height: 740 });
    const year = c.el('answer-block').locator('[data-testid="site-kwh-per-year"]');
    await year.waitFor();
    assert.ok(near(Number(await year.getAttribute('data-low')), e.lower), await year.getAttribute('data-low'));
    assert.ok(near(Number(await year.getAttribute('data-value')), e.upper), await year.getAttribute('data-value'));
    // Both ends named, in the page's language.
    const named = await c.text('year-ends');
    assert.match(named, lang === 'de' ? /bündelt Anfragen zu vollen Batches/ : /packs requests into full batches and parks between them/);
    assert.match(named, lang === 'de' ? /gleichmäßiger Betrieb auf der gemessenen Kurve/ : /steady serving on the measured curve/);
    // The idle caveat and both commands stand in the answer, visible without a hover.
    const caveat = c.el('idle-caveat');
    assert.ok(await caveat.isVisible(), 'the caveat shows at 360 px');
    const caveatText = await caveat.innerText();
    assert.ok(caveatText.includes('nvidia-smi --query-gpu=power.draw --format=csv -l 1'), caveatText);
    assert.ok(caveatText.includes('ipmitool dcmi power reading'), caveatText);
    assert.match(await c.text('idle-source'), lang === 'de' ? /Leerlauf 94–146 W je Karte/ : /Idle 94–146 W per card/);
    // What decides the answer: every uncertain input, ordered by effect.
    const list = c.el('sensitivity');
    assert.ok(await list.isVisible());
    const items = await list.locator('li').evaluateAll((li) => li.map((l) => ({
      input: l.dataset.input, low: l.dataset.low === undefined ? null : Number(l.dataset.low), value: l.dataset.value === undefined ? null : Number(l.dataset.value),
    })));
    assert.deepEqual(items.map((i) => i.input).sort(), ['hours', 'idle', 'load-curve', 'overhead', 'pue']);
    const width = (i) => (i.low === null || i.value === null ? 0 : i.value - i.low);
    for (let k = 1; k < items.length; k++) assert.ok(width(items[k - 1]) >= width(items[k]), JSON.stringify(items));
    // The idle item at its sourced ends (the linear model, others at their defaults).
    const linearYear = (idle) => 8 * (idle * 24 + (600 - idle) * e.load / 100 * 10) * 365 / 1000;
    const idle = items.find((i) => i.input === 'idle');
    assert.ok(near(idle.low, linearYear(e.low)) && near(idle.value, linearYear(e.high)), JSON.stringify(idle));
    // The PUE item over its reference values: 1.1 to 1.58.
    const pues = (await data('reference.json')).filter((r) => r.field === 'pue').map((r) => r.value);
    const pue = items.find((i) => i.input === 'pue');
    assert.ok(near(pue.low, linearYear(e.low) * Math.min(...pues)) && near(pue.value, linearYear(e.low) * Math.max(...pues)), JSON.stringify(pue));
    // The hours are typed: one figure. The PCIe server's own draw (issue 48): from the boards alone to the
    // upper end of the reviewer's estimate for this card, all day on the one server.
    assert.equal(items.find((i) => i.input === 'hours').low, null);
    const own = (await data('reference.json')).filter((r) => r.field === 'overhead' && r.card === 'h200-nvl');
    const ownHigh = Math.max(...own.map((r) => r.high ?? r.value));
    assert.equal(ownHigh, 2500, 'the reviewer\'s 1.5–2.5 kW');
    const overhead = items.find((i) => i.input === 'overhead');
    assert.ok(near(overhead.low, linearYear(e.low)) && near(overhead.value, linearYear(e.low) + ownHigh * 24 * 365 / 1000), JSON.stringify(overhead));
    // The largest named, with how to narrow it.
    const largest = c.el('sensitivity-largest');
    assert.equal(await largest.getAttribute('data-input'), items[0].input);
    // The phone bar carries the idle span the year rests on, from the same readings.
    const bar = c.el('bar-idle');
    assert.ok(await bar.isVisible(), 'the phone bar says where the idle comes from');
    assert.deepEqual([Number(await bar.getAttribute('data-low')), Number(await bar.getAttribute('data-high'))], [e.low, e.high]);
    assert.match(await bar.innerText(), lang === 'de' ? /Leerlauf 94–146 W je Karte/ : /Idle 94–146 W per card/);
    // The e-mail carries the caveat and both commands too.
    const mail = decodeURIComponent((await c.el('email-config').getAttribute('href')).split('&body=')[1] ?? '');
    assert.ok(mail.includes('nvidia-smi --query-gpu=power.draw --format=csv -l 1') && mail.includes('ipmitool dcmi power reading'), mail);
    // Nothing wider than the phone.
    const wide = await c.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 360, `${wide} px wide`);
    // On the printed sheet (one A4 page): the range and the idle caveat with its commands; the list stays on screen.
    await c.page.emulateMedia({ media: 'print' });
    for (const id of ['site-kwh-per-year', 'idle-caveat']) {
      assert.ok(await c.el(id).first().isVisible(), `${id} prints`);
    }
    assert.ok((await c.text('idle-caveat')).includes('ipmitool dcmi power reading'));
    // The buyer measures and types their own idle: the default's caveat leaves the answer, the phone
    // bar and the e-mail together, and the year's lower end is the linear model at that idle.
    await c.page.emulateMedia({ media: 'screen' });
    await c.type('idle', '60');
    await c.el('bar-idle').waitFor({ state: 'detached' });
    await c.el('idle-caveat').waitFor({ state: 'detached' });
    await c.page.waitForFunction(() => !decodeURIComponent(document.querySelector('[data-testid="email-config"]')?.getAttribute('href') ?? 'nvidia-smi').includes('nvidia-smi'));
    const typedLow = Number(await year.getAttribute('data-low'));
    assert.ok(near(typedLow, linearYear(60)), `${typedLow} against ${linearYear(60)}`);
  });
}

test('a typed idle collapses its item; idle=60 puts the lower end at the linear arithmetic', T, async () => {
  const e = await ends();
  const c = await suite.open(`${H200}&idle=60`, { width: 1440, height: 900 });
  const year = c.el('answer-block').locator('[data-testid="site-kwh-per-year"]');
  await year.waitFor();
  const lower = 8 * (60 * 24 + 540 * e.load / 100 * 10) * 365 / 1000;
  assert.equal(Math.round(lower * 10) / 10, 5276.8);
  assert.ok(near(Number(await year.getAttribute('data-low')), lower));
  const idle = c.el('sensitivity').locator('li[data-input="idle"]');
  assert.equal(await idle.getAttribute('data-low'), null);
  assert.ok(near(Number(await idle.getAttribute('data-value')), lower));
  assert.equal(await c.el('idle-caveat').count(), 0, 'a typed idle needs no caveat');
});

test('a link made before the measured curve (data 2026.12.10) opens with the notice that the method changed, and how', T, async () => {
  const c = await suite.open(`${H200}&dv=2026.12.10`, { width: 1440, height: 900 });
  const notice = c.el('data-notice');
  await notice.waitFor();
  const items = await notice.locator('li').evaluateAll((li) => li.map((l) => ({ kind: l.dataset.kind, text: l.innerText })));
  // The rule change of data 2026.12.11 (data/changes.json) concerns every plan: it is listed, as a rule.
  const rule = items.find((i) => i.kind === 'rule' && /issue 47/.test(i.text));
  assert.ok(rule, JSON.stringify(items));
  assert.match(rule.text, /lower end is the former linear model/);
  // And the method section (in its fold, closed: its text as written) says version 2.
  assert.match(await c.el('method-version').textContent(), /Method version 2/);
});
