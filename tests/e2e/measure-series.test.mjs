// "Measure your own", series by series (issue 51), in English and German on the release build: token
// counters matched engine by engine, the measured card's own rating, the names servers print, a typed
// duration against a series' span, "Take <model>" switching to the catalogue's benchmark, kept runs with
// the measured card, and the tabs keeping what was pasted. Expected values are arithmetic written here.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calculatorSuite, near } from './harness.mjs';

const T = { timeout: 120_000 };
const suite = calculatorSuite('measure-series');

async function open(query) {
  const c = await suite.open(query);
  await c.el('measure').waitFor();
  return c;
}

/** Sets a text area's value as a paste does (one input event). */
async function paste(c, testid, text) {
  await c.el(testid).evaluate((el, t) => {
    el.value = t;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

/** Waits until the element's text matches `re`, and returns it. */
async function textMatching(c, testid, re) {
  await c.page.waitForFunction(
    ([id, source]) => new RegExp(source, 's').test(document.querySelector(`[data-testid="${id}"]`)?.innerText ?? ''),
    [testid, re.source],
  );
  return c.text(testid);
}

// PLANNING.md §6b (dcgmi dmon, three A100s), and the same GPUs after a run: 1 800 000 J each.
const DMON_BEFORE = `#Entity   POWER   TOTEC
ID        W       mJ
GPU 7     57.430  108702777
GPU 6     64.237  121075349
GPU 5     72.371  136324526
`;
const DMON_AFTER = `#Entity   POWER   TOTEC
ID        W       mJ
GPU 5     512.5   1936324526
GPU 7     498.0   1908702777
GPU 6     505.1   1921075349
`;
const RUN_J = 3 * 1800000;
/** vLLM's generated-token counter, one line per [engine, value]. */
const engines = (rows, model = 'm') => rows.map(([e, v]) => `vllm:generation_tokens_total{engine="${e}",model_name="${model}"} ${v}\n`).join('');
/** A one-GPU dcgm-exporter line whose modelName is `name`, at `mj` mJ. */
const exporter = (name, mj) => `DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu="0",UUID="GPU-1",modelName="${name}"} ${mj}\n`;
const tgi = (n) => `tgi_request_generated_tokens_sum ${n}\ntgi_request_generated_tokens_count 1\n`;
// nvidia-smi --query-gpu on two GPUs over 4 s (tests/e2e/measure.test.mjs' SMI_CSV).
const SMI_CSV = `timestamp, index, power.draw [W]
2026/07/14 08:12:53.353, 0, 600.00 W
2026/07/14 08:12:53.353, 1, 300.00 W
2026/07/14 08:12:55.353, 0, 640.00 W
2026/07/14 08:12:55.353, 1, 310.00 W
2026/07/14 08:12:57.353, 0, 600.00 W
2026/07/14 08:12:57.353, 1, 330.00 W
`;
// SGLang's docs example: meta-llama/Llama-3.1-8B-Instruct.
const sglang = (g) => `sglang:generation_tokens_total{model_name="meta-llama/Llama-3.1-8B-Instruct"} ${g}\n`;

const WORDS = {
  en: {
    line2: /line 2/,
    restarted: /restarted/,
    missing: /is missing here/,
    atMost: (v) => new RegExp(`^At most ${v} J/token`),
    rating: /averaged 400 W each, while the NVIDIA L40S they report themselves as is rated for at most 350 W/,
    limitRefused: /above the 350 W the NVIDIA L40S is rated for/,
    use: (name) => new RegExp(`^Use ${name} in the calculator$`),
    span: /3,600 s typed, while the pasted series spans 4 s/,
    benchmark: /^Compare with Llama 3\.1 8B, the catalogue's benchmark for meta-llama\/Llama-3\.1-8B-Instruct$/,
    notListed: 'Tesla T4 (not in the catalogue)',
    newSeries: /^Only in the snapshot after the run, so counted whole/,
  },
  de: {
    line2: /Zeile 2/,
    restarted: /neu gestartet/,
    missing: /fehlt hier/,
    atMost: (v) => new RegExp(`^Höchstens ${v.replace('.', ',')} J/Token`),
    rating: /nahmen im Mittel je 400 W auf, die NVIDIA L40S, als die sie sich melden, ist aber für höchstens 350 W ausgelegt/,
    limitRefused: /über den 350 W, für die die NVIDIA L40S ausgelegt ist/,
    use: (name) => new RegExp(`^${name} im Rechner verwenden$`),
    span: /3\.600 s eingegeben, die eingefügte Messreihe reicht aber .* über 4 s/,
    benchmark: /^Mit Llama 3\.1 8B vergleichen, dem Benchmark des Katalogs für meta-llama\/Llama-3\.1-8B-Instruct$/,
    notListed: 'Tesla T4 (nicht im Katalog)',
    newSeries: /^Nur im Zählerstand nach dem Lauf, daher ganz gezählt/,
  },
};

for (const lang of ['en', 'de']) {
  const w = WORDS[lang];
  const q = (extra = '') => `?mode=measure&lang=${lang}${extra}`;

  test(`${lang}: token counters series by series: a restarted or missing engine is named, a bound stands in for the figure`, T, async () => {
    const c = await open(q());
    await paste(c, 'gpu-energy-before', DMON_BEFORE);
    await paste(c, 'gpu-energy-after', DMON_AFTER);
    await paste(c, 'tokens-before', engines([['0', 1000], ['1', 500000]]));
    // Engine 1 restarted: lower after, while the totals still rise (501 000 → 601 000).
    await paste(c, 'tokens-after', engines([['0', 401000], ['1', 200000]]));
    const alert = await textMatching(c, 'measure-error-tokens-after', w.restarted);
    assert.match(alert, /engine="1"/);
    assert.match(alert, w.line2);
    assert.equal(await c.el('measure-error-tokens-after').getAttribute('role'), 'alert');
    await c.waitForFigure('own-j-per-token', (f) => f.value === null);
    // At least 400 000 + 200 000 tokens: at most 5 400 000 J ÷ 600 000 = 9 J/token.
    const bound = c.el('own-j-per-token-bound');
    await bound.waitFor();
    assert.ok(near(Number(await bound.getAttribute('data-value')), RUN_J / 600000));
    assert.match(await c.text('own-j-per-token-bound'), w.atMost('9.00'));
    // Engine 1 missing from "after": at least 400 000 tokens, at most 13.5 J/token.
    await paste(c, 'tokens-after', engines([['0', 401000]]));
    const missing = await textMatching(c, 'measure-error-tokens-after', w.missing);
    assert.match(missing, /engine="1"/);
    assert.match(missing, w.line2);
    await c.page.waitForFunction((v) => Number(document.querySelector('[data-testid="own-j-per-token-bound"]')?.dataset.value) === v, RUN_J / 400000);
    assert.match(await c.text('own-j-per-token-bound'), w.atMost('13.5'));
    // Two healthy engines: Σ energy ÷ Σ each engine's own increase.
    await paste(c, 'tokens-before', engines([['0', 1000], ['1', 2000]]));
    await paste(c, 'tokens-after', engines([['1', 302000], ['0', 401000]]));
    const j = await c.waitForFigure('own-j-per-token', (f) => f.value !== null);
    assert.ok(near(j.value, RUN_J / ((401000 - 1000) + (302000 - 2000))), `${j.value}`);
    assert.equal(await c.el('own-j-per-token-bound').count(), 0);
    assert.equal(await c.el('measure-error-tokens-after').count(), 0);
    // An engine only in "after" started during the run: counted whole, and named.
    await paste(c, 'tokens-before', engines([['0', 1000]]));
    await paste(c, 'tokens-after', engines([['0', 401000], ['1', 300000]]));
    await c.waitForFigure('own-j-per-token', (f) => near(f.value, RUN_J / (400000 + 300000)));
    const named = await textMatching(c, 'own-new-series', w.newSeries);
    assert.match(named, /engine="1"/);
    assert.equal(await c.el('measure-error-tokens-after').count(), 0);
  });

  test(`${lang}: an L40S averaging 400 W is an alert on any calculator card, and a 400 W run limit is refused`, T, async () => {
    const c = await open(q('&card=h200-nvl'));
    // 1 440 000 J over 3 600 s on one GPU: 400 W, on a card rated 350 W.
    await paste(c, 'gpu-energy-before', exporter('NVIDIA L40S', 1000));
    await paste(c, 'gpu-energy-after', exporter('NVIDIA L40S', 1000 + 1440000 * 1000));
    await paste(c, 'tokens-before', tgi(0));
    await paste(c, 'tokens-after', tgi(1000000));
    await c.type('run-seconds', '3600');
    const alert = c.el('own-above-rating');
    await alert.waitFor();
    assert.equal(await alert.getAttribute('role'), 'alert');
    assert.ok(near(Number(await alert.getAttribute('data-value')), 400));
    assert.equal(await alert.getAttribute('data-rating'), '350');
    assert.match(await c.text('own-above-rating'), w.rating);
    await c.type('run-power-limit', '400');
    assert.match(await textMatching(c, 'measure-error-run-power-limit', w.limitRefused), w.limitRefused);
    await c.el('keep-run').click();
    assert.equal(await c.el('run-row').count(), 0, 'a run at a refused limit is not kept');
    // A plausible duration: 200 W, no alert.
    await c.type('run-seconds', '7200');
    await alert.waitFor({ state: 'detached' });
  });

  test(`${lang}: the names servers print offer the catalogue's card, one after another`, T, async () => {
    const c = await open(q('&card=l40s'));
    await paste(c, 'tokens-before', tgi(0));
    await paste(c, 'tokens-after', tgi(1000));
    const printed = [
      ['NVIDIA H100 80GB HBM3', 'h100-sxm', 'NVIDIA H100 SXM 80 GB'],
      ['NVIDIA H100 PCIe', 'h100-pcie', 'NVIDIA H100 PCIe 80 GB'],
      ['NVIDIA H100 NVL', 'h100-nvl', 'NVIDIA H100 NVL 94 GB'],
      ['NVIDIA H200', 'h200-sxm', 'NVIDIA H200 SXM 141 GB'],
      ['NVIDIA B200', 'b200-sxm', 'NVIDIA B200 SXM 180 GB'],
    ];
    for (const [name, id, card] of printed) {
      await paste(c, 'gpu-energy-before', exporter(name, 1000000));
      await paste(c, 'gpu-energy-after', exporter(name, 2000000));
      const use = c.el('own-use-card');
      await use.waitFor();
      assert.match(await use.innerText(), w.use(card), name);
      await use.click();
      await c.page.waitForFunction((v) => document.querySelector('[data-testid="card"]')?.value === v, id);
      await c.el('own-other-card').waitFor({ state: 'detached' });
    }
  });

  test(`${lang}: a typed duration far from the series' own span is an alert naming both`, T, async () => {
    const c = await open(q());
    await paste(c, 'gpu-power-series', SMI_CSV);
    await paste(c, 'tokens-before', tgi(0));
    await paste(c, 'tokens-after', tgi(2000));
    // Blank: the span (4 s) is the duration.
    const tps = await c.waitForFigure('own-tokens-per-s', (f) => f.value !== null);
    assert.ok(near(tps.value, 2000 / 4), `${tps.value}`);
    await c.type('run-seconds', '3600');
    assert.match(await textMatching(c, 'measure-error-run-seconds', w.span), w.span);
    await c.waitForFigure('own-tokens-per-s', (f) => near(f.value, 2000 / 3600));
    await c.type('run-seconds', '4');
    await c.el('measure-error-run-seconds').waitFor({ state: 'detached' });
  });

  test(`${lang}: "Take <model>" switches to the catalogue's benchmark where one is the counters' model`, T, async () => {
    const c = await open(q('&result=v4.1-0049&scenario=offline&model=llama2-70b-99.9'));
    await paste(c, 'tokens-before', sglang('7.557572e+06'));
    await paste(c, 'tokens-after', sglang('8.557572e+06'));
    const use = c.el('own-use-benchmark');
    await use.waitFor();
    assert.match(await use.innerText(), w.benchmark);
    assert.equal(await c.el('own-use-model').count(), 0, 'the own-model field is not offered');
    await use.click();
    await c.page.waitForFunction(() => document.querySelector('[data-testid="model"]')?.value === 'llama3.1-8b');
    assert.equal(await c.value('your_model'), '', 'the own-model field stays empty');
    await c.el('own-other-model').waitFor({ state: 'detached' });
  });

  test(`${lang}: a kept run records the measured card, and the tabs keep what was pasted`, T, async () => {
    const c = await open(q('&card=h200-nvl'));
    // 1 000 J and 500 tokens in 100 s on one L40S: its ceiling at its own 350 W is 350 ÷ 5 J/token.
    await paste(c, 'gpu-energy-before', exporter('NVIDIA L40S', 1000000));
    await paste(c, 'gpu-energy-after', exporter('NVIDIA L40S', 2000000));
    await paste(c, 'tokens-before', tgi(0));
    await paste(c, 'tokens-after', tgi(500));
    await c.type('run-seconds', '100');
    await c.waitForFigure('own-tokens-per-s', (f) => f.value !== null);
    await c.el('keep-run').click();
    await c.el('run-row').waitFor();
    assert.equal(await c.el('run-card').getAttribute('data-value'), 'l40s');
    assert.match(await c.text('run-card'), /L40S/);
    assert.ok(near(Number(await c.el('run-ceiling').getAttribute('data-value')), 350 / 5));
    // A card the catalogue does not list: kept by its printed name, said as such.
    await paste(c, 'gpu-energy-before', exporter('Tesla T4', 1000000));
    await paste(c, 'gpu-energy-after', exporter('Tesla T4', 2000000));
    await c.el('keep-run').click();
    await c.page.waitForFunction(() => document.querySelectorAll('[data-testid="run-row"]').length === 2);
    assert.equal(await c.el('run-card').nth(1).innerText(), w.notListed);
    assert.equal(await c.el('run-ceiling').nth(1).getAttribute('data-value'), null, 'no limit typed, no rating: no ceiling');
    // To the calculator and back: the pasted text and the figures are still there.
    await c.el('mode-calculator').click();
    await c.page.waitForFunction(() => !new URL(location.href).searchParams.has('mode'));
    assert.equal(await c.el('measure').isVisible(), false);
    await c.el('mode-measure').click();
    await c.el('measure').waitFor({ state: 'visible' });
    assert.equal(await c.value('tokens-after'), tgi(500));
    assert.equal(await c.value('run-seconds'), '100');
    const j = await c.waitForFigure('own-j-per-token', (f) => f.value !== null);
    assert.ok(near(j.value, 1000 / 500), `${j.value}`);
    await c.el('runs-clear').click();
  });
}
