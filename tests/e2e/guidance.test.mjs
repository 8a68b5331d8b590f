// Issue 28, as a person meets it: limits typed below what is published (a card with and one
// without a published minimum), the card's own range and nvidia-smi, an Offline result with a
// demand, a lowered limit under a latency bound, a benchmark switch and the scenario's bounds, two
// kept runs at different concurrency, the precision a submission states, the method reached from
// the widget, the EU text — in English and German. Expected values are arithmetic written here and
// the figures of LATENCY.md and DATA.md.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calculatorSuite } from './harness.mjs';

const T = { timeout: 120_000 };
const suite = calculatorSuite('guidance');
const open = (query, opts = {}) => suite.open(query, opts);

/** The sections below the figures render one task later. */
const below = (c) => c.page.waitForSelector('[data-testid="comparison"]');

async function paste(c, testid, text) {
  await c.el(testid).evaluate((el, t) => {
    el.value = t;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

const L40S_50 = '?card=l40s&result=v4.1-0025&scenario=offline&model=llama2-70b-99&watts=50';

test('1. a card without a published minimum: 50 W computes a range, and the form and the chart both say nothing is published below 350 W', T, async () => {
  const c = await open(L40S_50, { width: 1440, height: 900 });
  const low = Number(await c.el('j-per-token').getAttribute('data-low'));
  const high = Number(await c.el('j-per-token').getAttribute('data-value'));
  // v4.1-0025: 8 × L40S; the range's ends are 8 × 50 W and 8 × 350 W over the same tokens/s.
  assert.ok(Math.abs(high / low - 350 / 50) < 1e-9, `a range: ${low} to ${high}`);
  assert.match(await c.text('limit-unpublished'), /Nothing is published for this card below 350 W.*nvidia-smi -q -d POWER/s);
  // The card's facts: no measurement (as of the data version), and the newest round (v6.1 since
  // issue 50, dated by its reading) without it.
  assert.match(await c.text('no-measurement'), /No measurement is published for this card \(as of data version 2026\.\d+\.\d+\)/);
  assert.match(await c.text('round-gap'), /v6\.1 \(December 5, 2026\) .*no LLM result for this card; its newest here are from v4\.1 \(2024\), v5\.1 \(2025\)/s);
  // The guidance fold: reading and setting the card's own range.
  await c.el('limit-guide').locator('summary').click();
  const guide = await c.text('limit-guide');
  assert.match(guide, /nvidia-smi -q -d POWER/);
  assert.match(guide, /nvidia-smi -i 0 -pl 450.*needs root/s);
  assert.match(guide, /DCGM_FI_DEV_BOARD_POWER_LIMIT_ENFORCED_WATTS/);
  // The chart: the same region, marked unknown from the first limit to 350 W.
  await below(c);
  await c.el('charts-fold').locator('summary').click();
  const unknown = c.el('chart-unknown');
  assert.equal(await unknown.getAttribute('data-watts'), '350');
  assert.match(await unknown.textContent(), /Unknown: nothing published below 350 W/);
  assert.equal(await c.el('chart-band').count(), 1);
  // At 350 W there is nothing to say.
  await c.type('watts', '350');
  await c.page.waitForSelector('[data-testid="limit-unpublished"]', { state: 'detached' });
});

test('2. a card with a published minimum refuses less, draws nothing unknown; the 450 W cable mode is said above 450 W', T, async () => {
  const c = await open('?result=6.0-0014&scenario=offline&watts=250', { width: 1440, height: 900 });
  await c.page.locator('#watts').blur();
  assert.match(await c.text('error-watts'), /300 to 600/);
  assert.equal(await c.el('limit-unpublished').count(), 0);
  await c.type('watts', '500');
  assert.match(await c.text('limit-above-mode'), /450 W cable mode.*maximum of 450 W/s);
  const modes = await c.el('card-power-mode').allInnerTexts();
  assert.equal(modes.length, 2);
  assert.match(modes[0], /300 – 600 W/);
  assert.match(modes[1], /300 – 450 W/);
  await below(c);
  await c.el('charts-fold').locator('summary').click();
  await c.el('chart-band').waitFor();
  assert.equal(await c.el('chart-unknown').count(), 0);
});

test('3. an Offline result with a demand names the results that serve people; a lowered limit under a bound says it may not hold', T, async () => {
  const c = await open('?result=6.0-0021&scenario=offline&demand=40000000', { width: 1440, height: 900 });
  await below(c);
  assert.match(await c.text('plan-notice-offline-no-bound'), /Offline has no latency bound.*6\.0-0021 Server or 6\.0-0021 Interactive/s);
  const s = await open('?result=6.0-0021&scenario=server&watts=450&users=100', { width: 1440, height: 900 });
  await below(s);
  // LoadGen's log of v4.1-0049's Server run: p99 TPOT 158,802,079 ns.
  assert.match(await s.text('plan-notice-bound-at-own-setting'), /200 ms per token.*600 W.*At 450 W.*v4\.1-0049.*158\.8 ms.*200 ms/s);
});

test('4. a benchmark switch prints the selected benchmark\'s bounds (LATENCY.md)', T, async () => {
  const c = await open('?result=6.0-0004&scenario=server&model=llama2-70b-99');
  assert.match(await c.text('scenario-explained'), /2,000 ms.*200 ms/s);
  await c.choose('model', 'llama3.1-8b');
  await c.page.waitForFunction(() => /100 ms/.test(document.querySelector('[data-testid="scenario-explained"]')?.textContent ?? ''));
  assert.match(await c.text('scenario-explained'), /2,000 ms.*100 ms/s);
  await c.choose('scenario', 'interactive');
  await c.page.waitForFunction(() => /30 ms/.test(document.querySelector('[data-testid="scenario-explained"]')?.textContent ?? ''));
  assert.match(await c.text('scenario-explained'), /500 ms.*30 ms/s);
  await c.choose('scenario', 'offline');
  await c.page.waitForFunction(() => /no latency bound/.test(document.querySelector('[data-testid="scenario-explained"]')?.textContent ?? ''));
});

const DMON = (e) => `#Entity   POWER   TOTEC
ID        W       mJ
GPU 0     500.0   ${e}
`;
const TGI = (n) => `tgi_request_generated_tokens_sum ${n}\ntgi_request_input_length_sum 0\n`;

test('5. two kept runs at different concurrency: tokens/s per user in each row, and the warning', T, async () => {
  const c = await open('?mode=measure');
  await c.el('measure').waitFor();
  await paste(c, 'gpu-energy-before', DMON(0));
  await paste(c, 'gpu-energy-after', DMON(100000000));
  await paste(c, 'tokens-before', TGI(0));
  await paste(c, 'tokens-after', TGI(240000));
  await c.type('run-seconds', '100');
  await c.waitForFigure('own-tokens-per-s', (f) => f.value === 2400);
  await c.type('run-concurrency', '16');
  await c.el('keep-run').click();
  await c.type('run-concurrency', '64');
  await c.el('keep-run').click();
  assert.equal(await c.el('run-row').count(), 2);
  // 2,400 tokens/s ÷ 16 = 150; ÷ 64 = 37.5.
  const perUser = await c.el('run-per-user').evaluateAll((els) => els.map((e) => Number(e.dataset.value)));
  assert.deepEqual(perUser, [150, 37.5]);
  assert.match(await c.text('runs-differ'), /differ in concurrency \(16, 64\)/);
  // The enforced limit of a dcgm-exporter paste against the typed limit.
  await paste(c, 'gpu-energy-after', `DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu="0",UUID="GPU-a"} 100000000\nDCGM_FI_DEV_BOARD_POWER_LIMIT_ENFORCED_WATTS{gpu="0",UUID="GPU-a"} 450\n`);
  await paste(c, 'gpu-energy-before', `DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu="0",UUID="GPU-a"} 0\n`);
  await c.type('run-power-limit', '600');
  assert.match(await c.text('enforced-limit'), /enforced limit of 450 W per GPU, not the 600 W typed/);
  assert.equal(await c.el('enforced-limit').getAttribute('role'), 'alert');
  await c.page.locator('[data-testid="measure"] [data-testid="limit-guide"]').waitFor();
  await c.el('runs-clear').click();
});

test('6. the precision a submission states, and the method reached from the widget in a new tab', T, async () => {
  const c = await open('?result=v4.1-0049&scenario=server&model=llama2-70b-99.9');
  assert.match(await c.text('result-details'), /started from FP16; served format not stated/);
  const w = await open('?embed=1&result=6.0-0021&scenario=offline');
  const link = w.el('open-method');
  assert.equal(await link.getAttribute('target'), '_blank');
  const href = await link.getAttribute('href');
  assert.match(href, /#method-cite$/);
  const full = await open(href.slice(href.indexOf('?')));
  await full.page.waitForFunction(() => document.querySelector('[data-testid="method-fold"]')?.open === true);
  assert.match(await full.text('method-version'), /Method version 2 · data version 2026\.\d+\.\d+/);
  assert.match(await full.text('method-cite'), /method version 2, data version 2026\./);
  assert.match(await full.text('method-overestimate'), /nearly always comes out too high.*ML\.ENERGY/s);
  assert.match(await full.text('method-batch'), /3 to 5 times/);
});

test('7. the EU text: what is reported, how often, where, and the plan\'s own kWh a year', T, async () => {
  const c = await open('?result=6.0-0021&scenario=offline&servers=100', { width: 1440, height: 900 });
  await below(c);
  const eu = await c.text('eu-reports');
  assert.match(eu, /every year, to the European database on data centres \(directly or through a national reporting scheme\)/);
  assert.match(eu, /data centre and of its IT equipment in kWh/);
  // 100 × 4,800 W × 24 h × 365 = 4,204,800 kWh a year.
  const shown = Number(/This plan's energy, ([\d,.]+) kWh a year/.exec(eu)?.[1].replaceAll(',', ''));
  assert.ok(Math.abs(shown / (100 * 4800 * 24 * 365 / 1000) - 1) < 0.005, `${shown} kWh in: ${eu}`);
});

test('8. all of it on the German page, in German', T, async () => {
  const c = await open(`${L40S_50}&lang=de`, { width: 1440, height: 900 });
  assert.match(await c.text('limit-unpublished'), /Für diese Karte ist unter 350 W nichts veröffentlicht/);
  assert.match(await c.text('no-measurement'), /keine Messung veröffentlicht \(Datenstand 2026\./);
  await below(c);
  await c.el('charts-fold').locator('summary').click();
  assert.match(await c.el('chart-unknown').textContent(), /Unbekannt: unter 350 W ist nichts veröffentlicht/);
  const s = await open('?result=6.0-0004&scenario=server&model=llama2-70b-99&lang=de');
  assert.match(await s.text('scenario-explained'), /2\.000 ms.*200 ms/s);
  const o = await open('?result=6.0-0021&scenario=offline&demand=40000000&lang=de', { width: 1440, height: 900 });
  await below(o);
  assert.match(await o.text('plan-notice-offline-no-bound'), /Offline hat keine Latenzgrenze.*mit dem Szenario „Server“ oder „Interaktiv“ desselben Eintrags 6\.0-0021/s);
  const u = await open('?result=6.0-0021&scenario=server&watts=450&users=100&lang=de', { width: 1440, height: 900 });
  await below(u);
  assert.match(await u.text('plan-notice-bound-at-own-setting'), /158,8 ms/);
  const p = await open('?result=v4.1-0049&scenario=server&model=llama2-70b-99.9&lang=de');
  assert.match(await p.text('result-details'), /ausgehend von FP16; Format im Betrieb nicht angegeben/);
  const m = await open('?mode=measure&lang=de');
  await m.el('measure').waitFor();
  await paste(m, 'gpu-energy-before', DMON(0));
  await paste(m, 'gpu-energy-after', DMON(100000000));
  await paste(m, 'tokens-before', TGI(0));
  await paste(m, 'tokens-after', TGI(240000));
  await m.waitForFigure('own-j-per-token', (f) => f.value !== null);
  await m.type('run-concurrency', '16');
  await m.el('keep-run').click();
  await m.type('run-concurrency', '64');
  await m.el('keep-run').click();
  assert.match(await m.text('runs-differ'), /unterscheiden sich in der Parallelität \(16; 64\)/);
  await m.el('runs-clear').click();
  const e = await open('?result=6.0-0021&scenario=offline&servers=100&lang=de', { width: 1440, height: 900 });
  await below(e);
  assert.match(await e.text('eu-reports'), /jährlich an die Europäische Datenbank über Rechenzentren/);
});
