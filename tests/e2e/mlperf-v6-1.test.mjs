// MLPerf Inference v6.1 in the browser (issue 50): the Vera Rubin link, raw and percent-encoded, with
// its figures worked out here from MLCommons' table (read in the test) and NVIDIA's "2300W TGP Per
// GPU"; the preview mark wherever the row is named; the rack's power not published in the sign-off;
// the result select grouped by round, newest first, and narrowed by a typed submitter or system.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { REPO, calculatorSuite, csvRows, near } from './harness.mjs';

const T = { timeout: 120_000 };
const suite = calculatorSuite('mlperf-v6-1');

const KEY = '6.1:NVIDIA/VR-NVL72_VR-288GB_aarch64x72_TRT';
const QUERY = `?v=1&result=${KEY}&model=deepseek-r1&scenario=offline`;
const ENCODED = `?v=1&result=${encodeURIComponent(KEY)}&model=deepseek-r1&scenario=offline`;

/** The table's rows as objects (its own CSV read with the harness's reader, not the importer's). */
const TABLE = (() => {
  const [header, ...rows] = csvRows(readFileSync(path.join(REPO, 'tests', 'fixtures', 'mlperf', 'summary_v6.1.csv'), 'utf8'));
  return rows.filter((r) => r.length === header.length).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
})();
const VR_OFFLINE = TABLE.find((r) => r.Location === './closed/NVIDIA/results/VR-NVL72_VR-288GB_aarch64x72_TRT/deepseek-r1/Offline/performance/run_1');

async function expectVeraRubin(c, label) {
  assert.equal(VR_OFFLINE.Availability, 'preview');
  const gpus = Number(VR_OFFLINE.number_of_nodes) * Number(VR_OFFLINE.accelerators_per_node);
  assert.equal(gpus, 72);
  const tps = Number(VR_OFFLINE.Result);
  // 72 × 2300 W ÷ 1,183,326.85 tokens/s = 0.1399 J/token.
  const j = await c.figure('j-per-token');
  assert.equal(j.kind, 'ceiling', label);
  assert.ok(near(j.value, (72 * 2300) / tps, 1e-12), `${label}: ${j.value}`);
  assert.equal(((72 * 2300) / tps).toFixed(4), '0.1399');
  assert.ok(near((await c.figure('board-power-w')).value, 165_600), label);
  assert.equal(await c.value('card'), 'vera-rubin', label);
  assert.equal(await c.value('result'), KEY, label);
  assert.equal(await c.value('gpus'), '72', label);
  // The result line: the key, linked to its own folder, and the preview mark.
  const line = await c.text('result-details');
  assert.match(line, /preview — not yet available/, label);
  assert.match(line, /1,183,326\.85/, label);
  assert.equal(
    await c.el('result-link').getAttribute('href'),
    `https://github.com/mlcommons/inference_results_v6.1/tree/main/${VR_OFFLINE.Location.slice(2)}`,
  );
  // The select names it a preview too, in the newest round's group.
  const chosen = await c.el('result').evaluate((s) => ({ text: s.selectedOptions[0].text, group: s.selectedOptions[0].parentElement.label }));
  assert.match(chosen.text, /^6\.1:NVIDIA\/VR-NVL72_VR-288GB_aarch64x72_TRT \(preview — not yet available\) · NVIDIA · 72 × FP4 \(18 × 4, NVL72\)/);
  assert.equal(chosen.group, 'MLPerf Inference v6.1');
}

test('the Vera Rubin link shows 72 × 2300 W ÷ 1,183,326.85 tokens/s = 0.1399 J/token, a preview; percent-encoded the same', T, async () => {
  const raw = await suite.open(QUERY);
  await expectVeraRubin(raw, 'raw');
  if ((await raw.el('link-notice').count()) > 0) assert.doesNotMatch(await raw.text('link-notice'), /not in the catalogue/);
  await raw.close();
  suite.calc = null;
  const encoded = await suite.open(ENCODED);
  await expectVeraRubin(encoded, 'percent-encoded');
  await encoded.close();
  suite.calc = null;
});

test('the rack of Vera Rubin NVL72: its power not published, the GPU boards counted alone; the preview in the grid and the table', T, async () => {
  const c = await suite.open(`${QUERY}&demand=20000000000`, { width: 1440, height: 900 });
  await c.page.waitForSelector('[data-testid="comparison"]', { state: 'attached' });
  const line = await c.text('system-line');
  assert.match(line, /One system is one NVL72 rack of 72 GPUs/);
  assert.match(line, /No maximum power is published for this rack/);
  assert.equal(await c.el('system-line').getAttribute('data-system'), null, 'no sourced system borrowed');
  assert.doesNotMatch(line, /142 kW|120 kW/);
  // The comparison's default name carries the mark (the grid, the sheet, the exports' names).
  const name = await c.el('compare-new-name').getAttribute('placeholder');
  assert.match(name, /preview — not yet available/);
  // The table of published results: the row says it is a preview.
  await c.el('comparison').scrollIntoViewIfNeeded();
  const row = c.page.locator(`[data-testid="comparison-row"][data-result="${KEY}"][data-scenario="offline"]`);
  assert.equal(await row.count(), 1, 'the VR row is in the table of published results');
  assert.match(await row.innerText(), /preview — not yet available/);
});

test('the result select: rounds newest first, a typed submitter or system narrows it, the chosen one stays', T, async () => {
  const c = await suite.open('?v=1&card=b300-sxm');
  // The default card and benchmark of a card with v6.1 rows still open on a published result.
  assert.notEqual(await c.value('result'), 'own');
  const groups = () => c.el('result').evaluate((s) => [...s.querySelectorAll('optgroup')].map((g) => ({ label: g.label, n: g.children.length })));
  const all = await groups();
  assert.deepEqual(all.map((g) => g.label), ['MLPerf Inference v6.1', 'MLPerf Inference v6.0']);
  const total = all.reduce((n, g) => n + g.n, 0);
  assert.match(await c.text('result-find-count'), new RegExp(`All ${total} results listed`));
  // Dell's B300 systems in v6.1, counted from the table here.
  const dell = new Set(
    TABLE.filter((r) => r.Organization === 'Dell' && /B300-SXM-270GB/i.test(r.accelerator_model_name) && r.Division === 'closed' &&
      ['gpt-oss-120b', 'llama2-70b-99.9', 'llama3.1-8b', 'deepseek-r1'].includes(r.MlperfModel)).map((r) => r.Platform),
  );
  assert.ok(dell.size >= 2, `${dell.size} Dell systems`);
  const chosen = await c.value('result');
  await c.type('result-find', 'dell');
  await c.page.waitForFunction(() => /match/.test(document.querySelector('[data-testid="result-find-count"]').innerText));
  const options = await c.options('result');
  const dellOptions = options.filter((o) => o.value.startsWith('6.1:Dell/'));
  assert.equal(dellOptions.length, dell.size, JSON.stringify(options));
  // Only Dell's (their submitter is in each line), the chosen one and one's own throughput remain.
  for (const o of options) assert.ok(/ · Dell[A-Za-z_]* · /.test(o.text) || o.value === chosen || o.value === 'own', o.text);
  assert.equal(await c.value('result'), chosen, 'the select still shows the state');
  // Choosing one by keyboard after finding it.
  await c.choose('result', '6.1:Dell/XE9780-B300-SXM-270GBx8_TRT');
  await c.waitForQuery('result', '6.1:Dell/XE9780-B300-SXM-270GBx8_TRT');
  // The search box is labelled and tied to the select.
  assert.equal(await c.page.locator('label[for="result-find"]').innerText(), 'Find a result');
  assert.equal(await c.el('result-find').getAttribute('aria-controls'), 'result');
});

test('German: the preview mark and the search in German; a short list has no search box', T, async () => {
  const c = await suite.open(`${QUERY}&lang=de`);
  assert.match(await c.text('result-details'), /Vorschau – noch nicht erhältlich/);
  // Vera Rubin's two systems are read at a glance: no search box.
  assert.equal(await c.el('result-find').count(), 0);
  await c.close();
  suite.calc = null;
  const b300 = await suite.open('?v=1&card=b300-sxm&lang=de');
  assert.equal(await b300.page.locator('label[for="result-find"]').innerText(), 'Ergebnis suchen');
});
