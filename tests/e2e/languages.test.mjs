// No language leaks (issue 22): every page state read in German holds no English word of the page's
// vocabulary and no English-format number, and the same in English for German; checked by
// `leaks.mjs` (its own test: leaks.test.mjs). The plan, the comparison, the print and Measure your
// own are read on a 360 px phone, where nothing may be wider than the screen.
import assert from 'node:assert/strict';
import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, test } from 'node:test';
import { brand } from '../../static/build/vendor.mjs';
import { DIST, calculatorSuite, serve, tempDir } from './harness.mjs';
import { leaks, pageLeaks } from './leaks.mjs';

const T = { timeout: 240_000 };
const suite = calculatorSuite('languages');
const open = (query, opts = {}) => suite.open(query, opts);

const H200 = '?result=6.0-0021&scenario=offline';
const PLAN =
  '&servers=4&demand=2000000000&load=60&idle=90&overhead=1200&pue=1,4&price=0,25&cur=EUR&co2=380&volts=400&phases=3&pf=0,95&rack=40&answer=600&hours=12&users=300&speed=20' +
  // The customer's own model (issue 28.7): its name is quoted text, its size a number in the page's language.
  '&your_model=Qwen3%2032B%20Instruct&your_b=32,5&your_arch=dense';
const PLAN_EN = PLAN.replace(/=(\d+),(\d+)/g, '=$1.$2');

/** Fails with every leak the page shows in `lang` (less the allowed ones), naming the state. */
async function clean(c, lang, state, allow = []) {
  const { left, unused } = await pageLeaks(c.page, lang, allow);
  assert.deepEqual(left.map((l) => `${l.kind} «${l.found}» in: ${l.context}`), [], `${state} (${lang})`);
  assert.deepEqual(unused.map((a) => a.why), [], `${state} (${lang}): an allowance matched nothing; delete it`);
}

/** Nothing on the page is wider than the phone's 360 px. */
async function fits(c, state) {
  const wide = await c.page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => !el.closest('.table-scroll') && el.getBoundingClientRect().right > 361)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
      .slice(0, 5),
  );
  const width = await c.page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `${state}: the page is ${width} px wide (${wide.join(', ')})`);
}

async function sections(c) {
  await c.page.waitForSelector('[data-testid="comparison"]');
}

for (const lang of ['de', 'en']) {
  test(`${lang}: the calculator with each card, its published results listed, and a range`, T, async () => {
    const c = await open(`?lang=${lang}`);
    await sections(c);
    const cards = (await c.options('card')).map((o) => o.value);
    assert.ok(cards.length >= 8, cards.join(' '));
    for (const card of cards) {
      await c.choose('card', card);
      // The address bar follows the form once the card's render is done (the app's URL sync, also
      // at mount): a positive signal that the page shows this card, not a pause.
      await c.page.waitForFunction((id) => new URL(location.href).searchParams.get('card') === id, card);
      await clean(c, lang, `card ${card}`);
    }
    // A limit below the result's setting: J/token is a range with its named ends.
    await c.choose('card', 'h200-nvl');
    await c.type('watts', '450');
    await c.waitForFigure('j-per-token', (f) => f.kind === 'estimate');
    await clean(c, lang, 'a range at 450 W');
  });

  test(`${lang}: the plan filled, on a 360 px phone and printed`, T, async () => {
    const c = await open(`${H200}&lang=${lang}${lang === 'de' ? PLAN : PLAN_EN}`, { width: 360, height: 800 });
    await sections(c);
    await c.el('plan-scope').waitFor();
    await c.el('own-proxy').waitFor();
    await clean(c, lang, 'the plan filled');
    await fits(c, 'the plan filled');
    await c.page.emulateMedia({ media: 'print' });
    await clean(c, lang, 'the plan printed');
  });

  test(`${lang}: a comparison of three and a file that is no comparison, on a 360 px phone`, T, async () => {
    const c = await open(`${H200}&lang=${lang}${lang === 'de' ? '&demand=1000000000' : '&demand=1000000000'}`, { width: 360, height: 800 });
    await sections(c);
    await c.compareAt([['600', 'A'], ['500', 'B'], ['400', '']]);
    await c.el('compare-grid').waitFor();
    await clean(c, lang, 'a comparison of three');
    await fits(c, 'a comparison of three');
    await c.el('compare-import').setInputFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('\u0000\u0001garbage') });
    await c.page.waitForFunction(() => (document.querySelector('[data-testid="compare-message"]')?.innerText ?? '').length > 0);
    await clean(c, lang, 'an import error');
  });

  test(`${lang}: Measure your own with pasted counters and kept runs, on a 360 px phone`, T, async () => {
    const c = await open(`?mode=measure&result=v4.1-0049&scenario=offline&model=llama2-70b-99.9&lang=${lang}`, { width: 360, height: 800 });
    await c.el('measure').waitFor();
    await clean(c, lang, 'Measure your own, empty');
    const dmon = (mj) => `#Entity  POWER  TOTEC\nID       W      mJ\nGPU 0    512.3  ${mj}\nGPU 1    498.0  ${mj}\n`;
    const vllm = (g) => `vllm:generation_tokens_total{engine="0",model_name="m"} ${g}\nvllm:prompt_tokens_total{engine="0",model_name="m"} 90210.0\n`;
    await c.el('gpu-energy-before').fill(dmon(136324526));
    await c.el('gpu-energy-after').fill(dmon(1936324526));
    await c.el('tokens-before').fill(vllm('1000.0'));
    await c.el('tokens-after').fill(vllm('1401000.0'));
    await c.type('run-seconds', '600');
    await c.type('idle-watts', '90');
    await c.waitForFigure('own-j-per-token', (f) => f.value !== null);
    for (const [concurrency, limit] of [['16', '450'], ['64', '1000']]) {
      await c.type('run-concurrency', concurrency);
      await c.type('run-power-limit', limit);
      await c.el('keep-run').click();
    }
    await c.page.waitForFunction(() => document.querySelectorAll('[data-testid="run-point"]').length === 2);
    await clean(c, lang, 'kept runs against concurrency');
    await c.el('runs-axis-limit').click();
    await c.page.waitForFunction(() => document.querySelectorAll('[data-testid="run-point"]').length === 2);
    await clean(c, lang, 'kept runs against the power limit');
    await fits(c, 'Measure your own');
    const ticks = await c.page.locator('[data-testid="runs-chart"] text.tick').allTextContents();
    assert.ok(ticks.includes(lang === 'de' ? '1.000' : '1,000'), ticks.join(' '));
    await c.page.emulateMedia({ media: 'print' });
    await clean(c, lang, 'Measure your own printed');
  });
}

// The quote e-mail is the vendor's (a branded copy of dist/, as vendor.test.mjs makes it).
const dirs = [];
const servers = [];
after(async () => {
  for (const s of servers) await s.close();
  for (const d of dirs) await d.remove();
});

test('de: the quote e-mail to the vendor, subject and body', T, async () => {
  const d = await tempDir('token-energy-languages-');
  dirs.push(d);
  const dist = path.join(d.dir, 'dist');
  await cp(DIST, dist, { recursive: true });
  const file = path.join(d.dir, 'vendor.json');
  await writeFile(file, JSON.stringify({ name: 'Example GPU Servers', mailto: 'sales@example.com' }));
  assert.ok(brand(dist, file).length > 0);
  const s = await serve({ root: dist });
  servers.push(s);
  suite.calc = await (await import('./harness.mjs')).Calculator.open(suite.chromium.browser, s.url(`${H200}&lang=de&customer=ACME${PLAN}`));
  const c = suite.calc;
  await sections(c);
  await clean(c, 'de', 'the branded page');
  const mail = await c.el('request-quote-mail').getAttribute('href');
  const [subject, body] = ['subject', 'body'].map((k) => new URL(mail).searchParams.get(k) ?? '');
  assert.ok(subject && body, mail);
  // The link line is a machine's (its query holds the typed numbers as typed).
  const text = `${subject}\n${body}`.split('\n').filter((l) => !/^Link/.test(l)).join('\n');
  const found = leaks(text, 'de').map((l) => `${l.kind} «${l.found}» in: ${l.context}`);
  assert.deepEqual(found, [], 'leaks in the quote e-mail');
});
