// The customer's own model (issue 28.7), in English and German: typed in the plan, the proxy line
// naming the closest benchmark of the same kind whose size and kind a source states (chosen here by
// the rule written below from the sizes the makers publish), the link restoring it, the message for a
// bad size, and the customer's model on the sheet, in the e-mail and summary, and in the CSV and JSON.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { calculatorSuite, csvRows } from './harness.mjs';

const suite = calculatorSuite('own-model');
const T = { timeout: 240_000 };

// What the catalogue's sources state: Llama 2 70B, 70 B by its benchmark's name, dense by the
// reference article; the others by their makers' papers and model cards (a mixture of experts by
// its active parameters). Closest by ratio within the same kind, the larger on a tie.
const STATED = [
  { id: 'llama2-70b-99', name: 'Llama 2 70B', b: 70, arch: 'dense' },
  { id: 'llama3.1-8b', name: 'Llama 3.1 8B', b: 8, arch: 'dense' },
  { id: 'llama3.1-405b', name: 'Llama 3.1 405B', b: 405, arch: 'dense' },
  { id: 'mixtral-8x7b', name: 'Mixtral 8x7B', b: 13, arch: 'moe' },
  { id: 'deepseek-r1', name: 'DeepSeek-R1', b: 37, arch: 'moe' },
  { id: 'gpt-oss-120b', name: 'gpt-oss-120b', b: 5.1, arch: 'moe' },
];
function proxy(b, arch) {
  const same = STATED.filter((s) => s.arch === arch);
  if (!same.length) return null;
  const d = (s) => Math.abs(Math.log(b / s.b));
  return same.reduce((best, s) => (d(s) < d(best) || (d(s) === d(best) && s.b > best.b) ? s : best));
}

test('en: your model names its proxy, survives a reload, and reaches the sheet, the e-mail, the summary and the exports', T, async () => {
  const c = await suite.open('?result=6.0-0021&scenario=offline');
  // Folded until wanted: one line in the plan.
  await c.el('own-model-fold').waitFor();
  assert.equal(await c.el('own-model-fold').getAttribute('open'), null);
  assert.equal(await c.el('own-proxy').count(), 0, 'nothing typed, nothing said');
  await c.el('own-model-fold').locator('summary').click();
  await c.el('your_model').waitFor();
  await c.type('your_model', 'Qwen3 32B, "instruct"');
  await c.el('own-proxy').waitFor();
  assert.match(await c.text('own-proxy'), /for the MLPerf benchmark Llama 2 70B, not for your model\. Give its size/);
  await c.type('your_b', '32');
  await c.page.waitForFunction(() => /Choose dense or MoE/.test(document.querySelector('[data-testid="own-proxy"]').innerText));
  await c.choose('your_arch', 'dense');
  const want = proxy(32, 'dense');
  await c.page.waitForFunction((id) => document.querySelector('[data-testid="own-proxy"]').dataset.proxy === id, want.id);
  const line = await c.text('own-proxy');
  assert.ok(line.startsWith(`Proxy: ${want.name} (${want.b} B parameters, dense)`), line);
  assert.match(line, /The figures on this page are for that benchmark, not for your model\./);
  assert.ok(!/Not considered/.test(line), 'every benchmark has a stated size and kind');
  // Its sources, cited beside it.
  assert.equal(await c.el('own-proxy').locator('a.source-ref').count(), 2);

  // In the link, and back after a reload.
  await c.waitForQuery('your_arch', 'dense');
  const params = new URL(c.page.url()).searchParams;
  assert.deepEqual(['your_model', 'your_b', 'your_arch'].map((k) => params.get(k)), ['Qwen3 32B, "instruct"', '32', 'dense']);
  await c.page.reload();
  await c.el('own-proxy').waitFor();
  assert.notEqual(await c.el('own-model-fold').getAttribute('open'), null, 'open with a model');
  assert.deepEqual(
    [await c.value('your_model'), await c.value('your_b'), await c.value('your_arch')],
    ['Qwen3 32B, "instruct"', '32', 'dense'],
  );
  assert.equal(await c.el('own-proxy').getAttribute('data-proxy'), want.id);

  // The e-mail and the summary say the customer's model, then what the figures are for.
  const href = await c.el('email-config').getAttribute('href');
  const body = decodeURIComponent(href.split('&body=')[1]);
  assert.match(body, /\nYour model: Qwen3 32B, "instruct" \(32 B parameters, dense\)\nProxy: Llama 2 70B \(70 B parameters, dense\)/);
  assert.ok(!/\nModel: /.test(body), body);
  await c.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await c.el('copy-summary').click();
  await c.el('summary-status').waitFor();
  assert.equal(await c.page.evaluate(() => navigator.clipboard.readText()), body);

  // The printed sheet.
  await c.page.emulateMedia({ media: 'print' });
  assert.equal(await c.text('print-own-model'), 'Your model: Qwen3 32B, "instruct" (32 B parameters, dense)');
  assert.match(await c.text('print-own-proxy'), /^Proxy: Llama 2 70B \(70 B parameters, dense\)/);
  assert.equal(await c.el('print-own-model').locator('[translate="no"]').innerText(), 'Qwen3 32B, "instruct"');
  await c.page.emulateMedia({ media: 'screen' });

  // The exports: a column each in the CSV, an object in the JSON.
  await c.el('compare-add').click();
  await c.page.waitForFunction(() => document.querySelectorAll('[data-testid="compared-item"]').length === 1);
  const download = async (id) => {
    const [d] = await Promise.all([c.page.waitForEvent('download'), c.el(id).click()]);
    return readFile(await d.path(), 'utf8');
  };
  const [header, ...rows] = csvRows(await download('export-csv'));
  const col = (name) => header.indexOf(name);
  assert.ok(rows.length > 0 && rows.every((r) => r.length === header.length));
  for (const r of rows) {
    assert.deepEqual(
      [r[col('your_model')], r[col('your_b')], r[col('your_arch')], r[col('proxy')]],
      ['Qwen3 32B, "instruct"', '32', 'dense', want.id],
    );
  }
  const data = JSON.parse(await download('export-json'));
  assert.deepEqual(data.configurations[0].your_model, { name: 'Qwen3 32B, "instruct"', billions: 32, arch: 'dense', proxy: want.id });
  assert.equal(new URLSearchParams(data.current.query).get('your_model'), 'Qwen3 32B, "instruct"');
});

test('en: a MoE model finds its proxy by active parameters, and a bad size says the field and its range', T, async () => {
  const c = await suite.open('?result=6.0-0021&scenario=offline&your_model=DeepSeek-V3&your_b=37&your_arch=moe');
  await c.el('own-proxy').waitFor();
  const want = proxy(37, 'moe');
  assert.equal(await c.el('own-proxy').getAttribute('data-proxy'), want.id);
  assert.match(
    await c.text('own-proxy'),
    new RegExp(`^Proxy: ${want.name} \\(${want.b} B parameters, MoE, active parameters\\).*choose ${want.name} under Benchmark`),
  );
  // Its model card states both the size and the kind: cited once.
  assert.equal(await c.el('own-proxy').locator('a.source-ref').count(), 1);
  // A smaller active size: Mixtral 8x7B by ratio (13 ÷ 12 = 1.08 against 12 ÷ 5.1 = 2.35).
  await c.type('your_b', '12');
  await c.page.waitForFunction((id) => document.querySelector('[data-testid="own-proxy"]').dataset.proxy === id, proxy(12, 'moe').id);
  await c.type('your_b', '-3');
  await c.el('error-your_b').waitFor();
  assert.equal(
    await c.text('error-your_b'),
    'Parameters, billions: allowed range is above 0 up to 100,000 billion parameters.',
  );
  await c.type('your_b', '1e999');
  await c.page.waitForFunction(() => /enter a number/.test(document.querySelector('[data-testid="error-your_b"]')?.innerText ?? ''));
  // The figures are untouched by the model's fields.
  const j = await c.figure('j-per-token');
  assert.ok(j.value > 0);
});

test('de: Ihr Modell, its proxy in German words and numbers, restored from the link', T, async () => {
  const c = await suite.open('?result=6.0-0021&scenario=offline&lang=de&your_model=Mistral%20Small&your_b=24&your_arch=dense');
  await c.el('own-proxy').waitFor();
  const want = proxy(24, 'dense');
  assert.equal(await c.el('own-proxy').getAttribute('data-proxy'), want.id);
  assert.match(await c.text('own-proxy'), /^Stellvertreter: Llama 2 70B \(70 Mrd\. Parameter, dicht\)/);
  assert.equal(await c.value('your_model'), 'Mistral Small');
  assert.equal(await c.page.locator('label[for="your_model"]').innerText(), 'Ihr Modell');
  await c.type('your_b', '46,7');
  await c.waitForQuery('your_b', '46,7');
  const href = await c.el('email-config').getAttribute('href');
  const body = decodeURIComponent(href.split('&body=')[1]);
  assert.match(body, /\nIhr Modell: Mistral Small \(46,7 Mrd\. Parameter, dicht\)\nStellvertreter: Llama 2 70B/);
  await c.type('your_b', '0');
  await c.el('error-your_b').waitFor();
  assert.equal(
    await c.text('error-your_b'),
    'Parameter in Mrd.: Zulässig sind Werte über 0 bis 100.000 Mrd. Parameter.',
  );
});
