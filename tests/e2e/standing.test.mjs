// An answer narrow enough to decide on (issue 35) in headless Chromium on the release build, in
// English and German: a demand on a card with a sourced idle power gives a yearly estimate at most
// 2.5× wide that names its idle source; a card without one keeps the range and shows the command that
// measures it; the answer shows the demand's own J/token; the year splits into standing power and
// work; the load sweep renders at 360 px. Expected values are arithmetic written here from
// data/reference.json and data/results.json, read with JSON.parse, not with the page's code.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { REPO, calculatorSuite, near } from './harness.mjs';
import { SNAPSHOT_MARGIN, measuredWatts } from './curve.mjs';

const T = { timeout: 120_000 };
const suite = calculatorSuite('standing');

const data = async (file) => JSON.parse(await readFile(path.join(REPO, 'data', file), 'utf8'));

/** 8 × H200 NVL, 6.0-0021 Interactive at its stated 600 W, one server, 40 M output tokens a day. */
const H200 = '?result=6.0-0021&scenario=interactive&model=llama2-70b-99&servers=1&demand=40000000&price=0.25';

for (const lang of ['en', 'de']) {
  test(`${lang}: a sourced idle power makes the year an estimate at most 3× wide, with its source`, T, async () => {
    const refs = (await data('reference.json')).filter((r) => r.field === 'idle' && r.card === 'h200-nvl');
    assert.equal(refs.length, 1);
    // Issue 47: the posted readings, and 50 W above the highest for a snapshot's spread.
    const [low, high] = [refs[0].value, (refs[0].high ?? refs[0].value) + SNAPSHOT_MARGIN];
    const sources = await data('sources.json');
    const source = sources.find((s) => s.id === refs[0].source);
    const row = (await data('results.json')).find((r) => r.id === '6.0-0021' && r.benchmark === 'llama2-70b-99' && r.scenario === 'interactive');
    const u = 40e6 / 86_400 / row.tokens_per_s;
    const kwh = (i) => 8 * (i * 24 + (600 - i) * u * 24) * 365 / 1000;
    const measured = (i) => 8 * measuredWatts(100 * u, i, 600) * 24 * 365 / 1000;

    const c = await suite.open(`${H200}&lang=${lang}`, { width: 1440, height: 900 });
    const year = c.el('site-kwh-per-year');
    await year.waitFor();
    const [v, lo] = [Number(await year.getAttribute('data-value')), Number(await year.getAttribute('data-low'))];
    assert.ok(near(v, measured(high)) && near(lo, kwh(low)), `${lo} to ${v}`);
    assert.ok(v / lo <= 3, `${v / lo}× wide`);
    // The idle line names the reading and its source.
    const idle = c.el('idle-source');
    assert.equal(Number(await idle.getAttribute('data-low')), low);
    assert.equal(Number(await idle.getAttribute('data-high')), high);
    const text = await idle.innerText();
    assert.match(text, lang === 'de' ? /Leerlauf 94–146 W je Karte/ : /Idle 94–146 W per card/);
    assert.ok(text.includes(source.publisher), `${text} names ${source.publisher}`);
    // The year as standing power plus work: they add up, the standing part from the readings.
    const standing = c.el('standing-kwh-per-year');
    const work = c.el('work-kwh-per-year');
    const sHigh = Number(await standing.getAttribute('data-value'));
    const sLow = Number(await standing.getAttribute('data-low'));
    assert.ok(near(sLow, 8 * low * 24 * 365 / 1000) && near(sHigh, 8 * high * 24 * 365 / 1000), `${sLow} to ${sHigh}`);
    // Each end adds up: standing + work = the year, at the low idle (linear) and at the top (measured).
    const wHigh = Number(await work.getAttribute('data-value'));
    const wLow = Number(await work.getAttribute('data-low') ?? wHigh);
    const adds = (s, y) => near(s + wHigh, y, 1e-6) || near(s + wLow, y, 1e-6);
    assert.ok(adds(sLow, lo), `${sLow} + ${wLow}/${wHigh} ≠ ${lo}`);
    assert.ok(adds(sHigh, v), `${sHigh} + ${wLow}/${wHigh} ≠ ${v}`);
    // The demand's own energy per token: the day's energy over the day's tokens, beside the benchmark's ceiling.
    const dj = c.el('demand-j-per-token');
    assert.ok(near(Number(await dj.getAttribute('data-value')), measured(high) / 365 * 3.6e6 / 40e6));
    assert.equal(await dj.getAttribute('data-kind'), 'estimate');
    assert.ok(near((await c.figure('j-per-token')).value, 4800 / row.tokens_per_s));
    // A typed idle power wins: both ends at it, no sourced line.
    await c.type('idle', '80');
    // Both ends read together, once the page shows the typed idle's (each keystroke, "8" then "80",
    // draws a year of its own).
    const ends = await c.page.waitForFunction(([w, l]) => {
      const d = document.querySelector('[data-testid="site-kwh-per-year"]')?.dataset;
      const close = (a, b) => Math.abs(Number(a) - b) < 1e-6 * b;
      return d && close(d.value, w) && close(d.low, l) && { value: Number(d.value), low: Number(d.low) };
    }, [measured(80), kwh(80)]);
    const { value: v80, low: lo80 } = await ends.jsonValue();
    assert.ok(near(v80, measured(80)) && near(lo80, kwh(80)), `${lo80} to ${v80}`);
    assert.equal(await c.el('idle-source').count(), 0);
  });

  test(`${lang}: a card without a sourced idle power keeps the range and shows the command that measures it`, T, async () => {
    const refs = (await data('reference.json')).filter((r) => r.field === 'idle' && r.card === 'h100-nvl');
    assert.equal(refs.length, 0, 'no idle power is sourced for the H100 NVL');
    const c = await suite.open(`?card=h100-nvl&scenario=server&demand=40000000&lang=${lang}`, { width: 1440, height: 900 });
    const year = c.el('site-kwh-per-year');
    await year.waitFor();
    // A range: both ends numbers, the lower below the upper (never any non-empty text, "NaN" included).
    const [lo, hi] = [Number(await year.getAttribute('data-low')), Number(await year.getAttribute('data-value'))];
    assert.ok(Number.isFinite(lo) && Number.isFinite(hi) && lo > 0 && lo < hi, `a range: ${lo}–${hi}`);
    assert.equal(await c.el('idle-command').innerText(), 'nvidia-smi --query-gpu=power.draw --format=csv -l 1');
    assert.equal(await c.el('wall-command').innerText(), 'ipmitool dcmi power reading');
    assert.match(await c.text('idle-unpublished'), lang === 'de' ? /keine Leerlaufleistung veröffentlicht/ : /No idle power is published for this card/);
    assert.equal(await c.el('idle-source').count(), 0);
    // The range's two ends, named for what they are.
    if (lang === 'en') {
      const ends = await c.text('plan-range');
      assert.match(ends, /every token at the benchmark's ceiling J\/token/);
      assert.match(ends, /every card at its power limit all day/);
      assert.doesNotMatch(ends, /the least|the most/);
      assert.match(await c.text('idle-decides'), /none is published for this card/);
    }
  });
}

test('the load sweep renders at 360 px, its demand marked, in English and German', T, async () => {
  for (const lang of ['en', 'de']) {
    const c = await suite.open(`${H200}&lang=${lang}`, { width: 360, height: 740 });
    const fold = c.el('load-sweep-fold');
    await fold.waitFor({ state: 'attached' });
    await fold.locator('summary').click();
    const sweep = c.el('load-sweep');
    await sweep.waitFor();
    assert.equal(await sweep.getAttribute('data-points'), '15');
    const box = await sweep.locator('svg').boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 360 && box.width >= 280, JSON.stringify(box));
    assert.equal(await sweep.locator('polyline.sweep-line').count(), 2);
    // 40 M tokens a day on one server of 16,343.8 tokens/s: the busy load, marked where it lies.
    const here = Number(await c.el('sweep-here').getAttribute('data-value'));
    assert.ok(near(here, 100 * 40e6 / 86_400 / 16343.8, 1e-6), `${here}`);
    // Nothing wider than the phone.
    const wide = await c.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 360, `${wide} px wide`);
    if (lang === 'en') await c.close();
  }
});
