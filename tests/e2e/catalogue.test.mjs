// The grown catalogue in the browser (issues 9 and 24): one link per new benchmark, per new card and
// per rack-scale system, each figure checked against MLCommons' own summary tables (read here, in the
// test) and the cards' published ratings; the comparison table's filters, system size among them.
// Expected values are computed in this file.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { REPO, calculatorSuite, csvRows, near } from './harness.mjs';

const T = { timeout: 120_000 };
const suite = calculatorSuite('catalogue');

/** Rated maximum board power per card, as its source in data/sources.json states it. */
const CARDS = {
  'b200-sxm': { max: 1000, accelerators: ['NVIDIA B200-SXM-180GB'] }, // MLPerf v5.1 hw_notes "B200 TGP 1000W"
  'h100-sxm': { max: 700, accelerators: ['NVIDIA H100-SXM-80GB'] }, // NVIDIA's known_hardware.py, max_power_limit=700
  'b300-sxm': { max: 1100, accelerators: ['NVIDIA B300-SXM-270GB', 'Nvidia B300-SXM-270GB'] }, // hw_notes "B300 TGP 1100W"; Dell's v6.1 spelling
  mi300x: { max: 750, accelerators: ['AMD Instinct MI300X-NPS1-SPX-192GB-750W', 'AMD MI300X-NPS1-SPX-192GB-750W', 'AMD Instinct MI300X 192GB HBM3'] },
  mi355x: { max: 1400, accelerators: ['AMD Instinct MI355X 288GB HBM3e', 'AMD Instinct MI355X 288GB HBM3e (Power Cap 1000 W)'] }, // "MI355X TGP 1400W"
  // Issue 24.
  mi325x: { max: 1000, accelerators: ['AMD Instinct MI325X 256GB HBM3e'] }, // AMD ROCm blog: "MI325X (1000W)"
  gb200: { max: 1200, accelerators: ['NVIDIA GB200'] }, // 6.0-0075's Notes: "1200W TGP Per GPU"
  gb300: { max: 1400, accelerators: ['NVIDIA GB300'] }, // 6.0-0078's Notes: "1400W TGP Per GPU"
  'h100-nvl': { max: 400, accelerators: ['NVIDIA H100-NVL-94GB'] }, // known_hardware.py (v4.0): max_power_limit=400
  'h100-pcie': { max: 350, accelerators: ['NVIDIA H100-PCIe-80GB'] }, // PB-11133-001_v02: "TDP level of 350 W"
  'gh200-144gb': { max: 900, accelerators: ['NVIDIA GH200 Grace Hopper Superchip 144GB'] }, // known_hardware.py: 900
  'gh200-96gb': { max: 1000, accelerators: ['NVIDIA GH200 Grace Hopper Superchip 96GB'] }, // known_hardware.py: 1000
  // Issue 50 (V6.1.md): AMD ROCm "MI350X (1000W …) … MI350P … (600W …)"; NVIDIA "2300W TGP Per GPU".
  mi350x: { max: 1000, accelerators: ['AMD Instinct MI350X 288GB HBM3e'] },
  mi350p: { max: 600, accelerators: ['AMD Instinct MI350P'] },
  'vera-rubin': { max: 2300, accelerators: ['NVIDIA Vera Rubin', 'NVIDIA VeraRubin', 'NVIDIA VR200'] },
};
/** The catalogue's other cards (issue 8), by their MLPerf names: for counting the table's rows. */
const FIRST_CARDS = ['NVIDIA H200-NVL-141GB', 'NVIDIA RTX PRO 6000 Blackwell Server Edition', 'NVIDIA L40S', 'NVIDIA H200-SXM-141GB'];
const inCatalogue = (row) => Boolean(cardOf(row)) || FIRST_CARDS.includes(row.Accelerator);
const ISSUE_24_CARDS = ['mi325x', 'gb200', 'gb300', 'h100-nvl', 'h100-pcie', 'gh200-144gb', 'gh200-96gb'];
const NEW_BENCHMARKS = ['llama3.1-8b', 'llama3.1-405b', 'mixtral-8x7b', 'deepseek-r1', 'gpt-oss-120b'];
const PLAIN_NAMES = { 'llama3.1-8b': 'Llama 3.1 8B', 'llama3.1-405b': 'Llama 3.1 405B', 'mixtral-8x7b': 'Mixtral 8x7B', 'deepseek-r1': 'DeepSeek-R1', 'gpt-oss-120b': 'gpt-oss-120b' };

/** v6.1's summary.csv (issue 50), its rows in the JSON tables' columns, keyed by their results folder. */
const V6_1 = (() => {
  const [header, ...rows] = csvRows(readFileSync(path.join(REPO, 'tests', 'fixtures', 'mlperf', 'summary_v6.1.csv'), 'utf8'));
  return rows
    .filter((r) => r.length === header.length)
    .map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])))
    .map((r) => ({
      ID: `6.1:${r.Organization}/${r.Platform}`, Model: r.MlperfModel, Scenario: r.Scenario, Accelerator: r.accelerator_model_name,
      Nodes: Number(r.number_of_nodes), 'a#': Number(r.accelerators_per_node), Performance_Result: Number(r.Result),
      Performance_Units: r.Units, Category: r.Division, Suite: r.SystemType, Availability: r.Availability, Notes: r.notes, version: r.version,
    }));
})();
const TABLES = ['v4.1', 'v5.1', 'v6.0']
  .flatMap((round) => JSON.parse(readFileSync(path.join(REPO, 'tests', 'fixtures', 'mlperf', `summary_results_${round}.json`), 'utf8')))
  .concat(V6_1);
const cardOf = (row) => Object.entries(CARDS).find(([, c]) => c.accelerators.includes(row.Accelerator))?.[0];
/** Single-server, closed, datacenter, available rows in tokens/s: what the catalogue takes. */
const taken = (row) =>
  row.Category === 'closed' && row.Suite === 'datacenter' && row.Availability === 'available' && row.Nodes === 1 && row.Performance_Units === 'Tokens/s';
/** The per-card watts a row's throughput belongs to: a figure in the accelerator name, else in the Notes, else the rated maximum. */
function setting(row, card) {
  const watts = (text) => /(\d+(?:\.\d+)?)\s?W\b/.exec(text ?? '')?.[1];
  return Number(watts(row.Accelerator) ?? watts(row.Notes) ?? CARDS[card].max);
}
const scenarioId = (label) => label.toLowerCase();
/** Any number of nodes; v5.1's llama3.1-8b Interactive rows label their tokens/s "Queries/s". */
const takenAnySize = (row) =>
  row.Category === 'closed' && row.Suite === 'datacenter' && row.Availability === 'available' &&
  (row.Performance_Units === 'Tokens/s' ||
    (row.version === 'v5.1' && row.Model === 'llama3.1-8b' && row.Scenario === 'Interactive' && row.Performance_Units === 'Queries/s'));
/** Every accelerator of the system: nodes × accelerators per node. */
const gpusOf = (row) => Number(row.Nodes) * Number(row['a#']);

const open = (query) => suite.open(query);

async function expectCeiling(c, row, card, label) {
  const j = await c.figure('j-per-token');
  const expected = (row['a#'] * setting(row, card)) / row.Performance_Result;
  assert.equal(j.kind, 'ceiling', `${label}: kind`);
  assert.ok(near(j.value, expected, 1e-9), `${label}: J/token ${j.value}, expected ${expected}`);
  const board = await c.figure('board-power-w');
  assert.ok(near(board.value, row['a#'] * setting(row, card)), `${label}: board power ${board.value}`);
}

test('one link per new benchmark opens with the published figures and its plain name', T, async () => {
  for (const model of NEW_BENCHMARKS) {
    const row = TABLES.find((r) => taken(r) && r.Model === model && cardOf(r));
    assert.ok(row, `no ${model} row for a catalogue card in the tables`);
    const card = cardOf(row);
    const c = await open(`?result=${row.ID}&model=${model}&scenario=${scenarioId(row.Scenario)}`);
    assert.equal(await c.value('model'), model);
    assert.equal(await c.value('card'), card);
    const option = (await c.options('model')).find((o) => o.value === model);
    assert.ok(option.text.startsWith(PLAIN_NAMES[model]), option.text);
    await expectCeiling(c, row, card, `${model} ${row.ID}`);
    await c.close();
    suite.calc = null;
  }
});

test('one link per new card shows its rating and the ceiling of its first result', T, async () => {
  for (const card of ['h100-sxm', 'b300-sxm', 'mi300x', 'mi355x']) {
    const c = await open(`?card=${card}`);
    assert.match(await c.text('card-max'), new RegExp(`^${CARDS[card].max.toLocaleString('en-US')} W`));
    const id = await c.value('result');
    const model = await c.value('model');
    const scenario = await c.value('scenario');
    const row = TABLES.find((r) => r.ID === id && r.Model === model && scenarioId(r.Scenario) === scenario && taken(r));
    assert.ok(row, `${card}: the page shows ${id} ${model} ${scenario}, which is not in the tables`);
    await expectCeiling(c, row, card, `${card} ${id}`);
    await c.close();
    suite.calc = null;
  }
});

test('MLPerf Power rows of the new benchmarks are whole-server measurements', T, async () => {
  const rows = TABLES.filter((r) => taken(r) && r.has_power && NEW_BENCHMARKS.includes(r.Model) && cardOf(r));
  assert.ok(rows.length >= 2, `${rows.length} measured rows`);
  for (const row of rows.slice(0, 3)) {
    const c = await open(`?result=${row.ID}&model=${row.Model}&scenario=${scenarioId(row.Scenario)}`);
    const m = await c.figure('measured-j-per-token');
    assert.equal(m.kind, 'measured');
    assert.ok(near(m.value, row.Power_Result / row.Performance_Result, 1e-9), `${row.ID} ${row.Model}: ${m.value}`);
    assert.match(m.text, /whole server at the wall/);
    await c.close();
    suite.calc = null;
  }
});

test('the comparison table filters by benchmark, scenario, card and vendor', T, async () => {
  const c = await open('?result=6.0-0021&scenario=offline');
  await c.el('comparison').waitFor();
  const rows = () =>
    c.page.locator('[data-testid="comparison-row"]').evaluateAll((rs) =>
      rs.map((r) => ({ result: r.getAttribute('data-result'), scenario: r.getAttribute('data-scenario'), text: r.innerText })),
    );
  const count = async () => Number(/of (\d+) rows/.exec(await c.text('table-count'))?.[1]);
  const all = await count();
  const llama99 = TABLES.filter((r) => taken(r) && r.Model === 'llama2-70b-99' && cardOf(r)).length;
  assert.ok(all >= 40 && all > llama99 / 2, `${all} rows for llama2-70b-99`);

  await c.choose('filter-vendor', 'AMD');
  await c.page.waitForFunction((n) => !document.querySelector('[data-testid="table-count"]').innerText.includes(`of ${n} rows`), all);
  const amd = await rows();
  assert.ok(amd.length > 0 && amd.every((r) => /AMD/.test(r.text)), 'only AMD cards');

  await c.choose('filter-vendor', 'all');
  await c.choose('filter-scenario', 'server');
  await c.choose('filter-card', 'h200-nvl');
  await c.page.waitForFunction(() => [...document.querySelectorAll('[data-testid="comparison-row"]')].every((r) => r.getAttribute('data-scenario') === 'server'));
  const h200 = await rows();
  assert.ok(h200.length > 0 && h200.every((r) => r.scenario === 'server' && /H200 NVL/.test(r.text)), JSON.stringify(h200.slice(0, 3)));

  await c.choose('filter-card', 'b300-sxm');
  await c.choose('filter-benchmark', 'gpt-oss-120b');
  await c.page.waitForFunction(() => /gpt-oss-120b/.test(document.getElementById('comparison-title').innerText));
  // The table shows its first rows; every row on request.
  if (await c.page.locator('[data-testid="show-all-rows"]').count()) await c.el('show-all-rows').click();
  const gpt = await rows();
  // Any size: v6.1 has a B300 system of two servers (Cisco's 16 GPUs).
  const expected = TABLES.filter((r) => takenAnySize(r) && r.Model === 'gpt-oss-120b' && r.Scenario === 'Server' && cardOf(r) === 'b300-sxm').length;
  assert.ok(expected > 0, 'the tables hold gpt-oss-120b Server rows on the B300');
  assert.equal(gpt.filter((r) => r.text.includes('ceiling')).length, expected, 'one ceiling row per published gpt-oss-120b Server row on the B300');
});

async function expectSystemCeiling(c, row, card, label) {
  const gpus = gpusOf(row);
  assert.equal(await c.value('gpus'), String(gpus), `${label}: the system's accelerators`);
  const j = await c.figure('j-per-token');
  const expected = (gpus * setting(row, card)) / row.Performance_Result;
  assert.equal(j.kind, 'ceiling', `${label}: kind`);
  assert.ok(near(j.value, expected, 1e-9), `${label}: J/token ${j.value}, expected ${expected}`);
  const board = await c.figure('board-power-w');
  assert.ok(near(board.value, gpus * setting(row, card)), `${label}: board power ${board.value}`);
}

test('issue 24: one link per new card shows its rating and the ceiling of its first result', T, async () => {
  for (const card of ISSUE_24_CARDS) {
    const c = await open(`?card=${card}`);
    assert.match(await c.text('card-max'), new RegExp(`^${CARDS[card].max.toLocaleString('en-US')} W`));
    const [id, model, scenario] = [await c.value('result'), await c.value('model'), await c.value('scenario')];
    const row = TABLES.find((r) => r.ID === id && r.Model === model && scenarioId(r.Scenario) === scenario && takenAnySize(r));
    assert.ok(row, `${card}: the page shows ${id} ${model} ${scenario}, which is not in the tables`);
    assert.equal(cardOf(row), card);
    await expectSystemCeiling(c, row, card, `${card} ${id}`);
    await c.close();
    suite.calc = null;
  }
});

test('issue 24: one link per rack system: all its GPUs at their rating over the system\'s tokens/s', T, async () => {
  // Every entry of whole NVL72 racks in the tables (nodes × 4 a multiple of 72), by its first row.
  const racks = new Map();
  for (const r of TABLES) {
    if (takenAnySize(r) && ['gb200', 'gb300'].includes(cardOf(r)) && Number(r.Nodes) > 1 && gpusOf(r) % 72 === 0 && !racks.has(r.ID)) racks.set(r.ID, r);
  }
  assert.ok(racks.size >= 6, `${racks.size} rack systems`);
  for (const [id, row] of racks) {
    const card = cardOf(row);
    const c = await open(`?result=${id}&model=${row.Model}&scenario=${scenarioId(row.Scenario)}`);
    assert.equal(await c.value('card'), card);
    await expectSystemCeiling(c, row, card, `${id} ${row.Model} ${row.Scenario}`);
    // The select shows the system as published: nodes × per node, and the racks.
    const option = (await c.options('result')).find((o) => o.value === id);
    const n = gpusOf(row) / 72;
    assert.ok(option.text.includes(`(${row.Nodes} × ${row['a#']}, ${n === 1 ? '' : `${n} × `}NVL72)`), option.text);
    await c.close();
    suite.calc = null;
  }
});

test('issue 24: a v5.1 "Queries/s" row is read as the tokens/s it is', T, async () => {
  const row = TABLES.find((r) => r.ID === '5.1-0069' && r.Model === 'llama3.1-8b' && r.Scenario === 'Interactive');
  assert.equal(row.Performance_Units, 'Queries/s');
  const c = await open('?result=5.1-0069&model=llama3.1-8b&scenario=interactive');
  await expectSystemCeiling(c, row, 'b200-sxm', '5.1-0069 Interactive');
  await c.close();
  suite.calc = null;
});

test('issue 24: the comparison table filters by system size', T, async () => {
  const c = await open('?result=6.0-0075&scenario=offline');
  await c.el('comparison').waitFor();
  const rows = () =>
    c.page.locator('[data-testid="comparison-row"]').evaluateAll((rs) => rs.map((r) => ({ result: r.getAttribute('data-result'), text: r.innerText })));
  await c.choose('filter-size', 'rack');
  await c.page.waitForFunction(() => /^\d+ of \d+ rows/.test(document.querySelector('[data-testid="table-count"]').innerText) &&
    [...document.querySelectorAll('[data-testid="comparison-row"]')].every((r) => r.querySelector('[data-testid="row-system"]')));
  const racks = await rows();
  const expected = new Set(TABLES.filter((r) => takenAnySize(r) && r.Model === 'llama2-70b-99' && cardOf(r) && Number(r.Nodes) > 1 && ['gb200', 'gb300'].includes(cardOf(r)) && gpusOf(r) % 72 === 0).map((r) => r.ID));
  assert.deepEqual(new Set(racks.map((r) => r.result)), expected);
  assert.ok(racks.every((r) => /18 nodes × 4 = 72 GPUs, one NVL72 rack/.test(r.text)), JSON.stringify(racks.slice(0, 2)));

  await c.choose('filter-size', 'nodes');
  await c.page.waitForFunction(() => ![...document.querySelectorAll('[data-testid="comparison-row"]')].some((r) => r.getAttribute('data-result') === '6.0-0075'));
  // The table shows its first rows; every row on request.
  if (await c.page.locator('[data-testid="show-all-rows"]').count()) await c.el('show-all-rows').click();
  await c.page.waitForSelector('[data-testid="show-all-rows"]', { state: 'detached' });
  const nodes = await rows();
  const several = new Set(TABLES.filter((r) => takenAnySize(r) && r.Model === 'llama2-70b-99' && inCatalogue(r) && Number(r.Nodes) > 1 && !expected.has(r.ID)).map((r) => r.ID));
  assert.deepEqual(new Set(nodes.map((r) => r.result)), several);

  await c.choose('filter-size', 'server');
  await c.page.waitForFunction(() => [...document.querySelectorAll('[data-testid="comparison-row"]')].every((r) => !r.querySelector('[data-testid="row-system"]')));
  assert.ok((await rows()).length > 0);
});
