// Systems as the plan's unit and the facility engineer's sign-off (issue 36), in headless Chromium on
// the release build, in English and German. Expected values are arithmetic written here from the
// published figures: the cards' rated power (data/cards.json), the systems' stated maxima (NVIDIA:
// DGX H100/H200 10.2 kW, GB300 NVL72 up to 142 kW per rack; GB200 NVL72 120–132 kW from secondary
// sources, sized on the upper: issue 48) and MLCommons'
// throughputs (data/results.json).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { REPO, calculatorSuite, near } from './harness.mjs';

const T = { timeout: 120_000 };
const suite = calculatorSuite('systems');

async function result(id, benchmark, scenario) {
  const rows = JSON.parse(await readFile(path.join(REPO, 'data', 'results.json'), 'utf8'));
  const row = rows.find((r) => r.id === id && r.benchmark === benchmark && r.scenario === scenario);
  assert.ok(row, `${id} ${benchmark} ${scenario}`);
  return row;
}

async function ready(c) {
  await c.page.waitForSelector('[data-testid="comparison"]', { state: 'attached' });
}

const value = async (c, id) => Number(await c.el(id).first().getAttribute('data-value'));

for (const lang of ['en', 'de']) {
  test(`${lang}: four GB300 NVL72 racks at 150 kW take 4 rack positions, checked rack by rack`, T, async () => {
    const row = await result('6.0-0076', 'deepseek-r1', 'offline');
    assert.equal(row.accelerators, 288);
    const c = await suite.open(
      `?card=gb300&result=6.0-0076&model=deepseek-r1&scenario=offline&demand=2000000000&rack=150&lang=${lang}`,
      { width: 1440, height: 900 },
    );
    await ready(c);
    // One system of 2,494,310 tokens/s carries 2·10⁹ tokens a day; its four racks take four positions.
    assert.equal(await value(c, 'servers-needed'), Math.ceil(2e9 / 86_400 / row.tokens_per_s));
    assert.equal(await value(c, 'rack-positions-needed'), 4);
    assert.equal(await c.el('answer-rack-over').count(), 0);
    const text = await c.page.locator('main').innerText();
    assert.doesNotMatch(text, lang === 'de' ? /Es passt nicht/ : /not one fits|does not fit/);
    // The system's peak: 288 × 1,400 W + 4 × (142,000 − 72 × 1,400) W; each rack 142 kW.
    assert.ok(near(await value(c, 'server-power-w'), 288 * 1400 + 4 * (142_000 - 72 * 1400)));
    assert.ok(near(await value(c, 'part-power-w'), 142_000));
    assert.equal(await c.el('server-power-w').locator('[data-testid="tag"]').getAttribute('data-scope'), 'system');
    // The system line names the racks and the sourced maximum, and the cooling.
    const line = await c.text('system-line');
    assert.match(line, lang === 'de' ? /4 NVL72-Racks/ : /4 NVL72 racks/);
    assert.equal(await c.el('system-line').getAttribute('data-system'), 'gb300-nvl72');
    assert.equal(await c.el('system-line').getAttribute('data-cooling'), 'liquid');
    assert.match(line, /142 kW/);
    // Counted as a system, never a server.
    assert.match(await c.text('servers-needed'), lang === 'de' ? /System/ : /system/);
  });

  test(`${lang}: one GB200 NVL72 at 40 kW does not fit, by the rack's own figure, with no cap advised`, T, async () => {
    const c = await suite.open(
      `?card=gb200&result=6.0-0075&model=llama2-70b-99&scenario=offline&demand=2000000000&rack=40&lang=${lang}`,
      { width: 1440, height: 900 },
    );
    await ready(c);
    // 72 × 1,200 W + (132,000 − 86,400) W = 132 kW, the upper secondary figure: 92 kW over the 40 kW budget.
    assert.ok(near(await value(c, 'server-power-w'), 132_000));
    const over = await c.text('plan-notice-server-over-rack');
    assert.match(over, /132 kW/);
    assert.match(over, /92 kW/);
    assert.match(over, /40 kW/);
    assert.match(over, lang === 'de' ? /Ein Rack dieses Systems/ : /One rack of this system/);
    assert.equal(await c.el('limit-for-one-more').count(), 0, 'no cap below an unpublished minimum');
    assert.equal(await c.el('rack-positions-needed').count(), 0);
    // The rack's own draw can be typed: 35 kW is accepted and the plan keeps its demand.
    await c.page.goto(c.page.url().replace('rack=40', 'rack=132&overhead=35000'));
    await ready(c);
    assert.equal(await c.el('error-overhead').count(), 0);
    assert.ok(near(await value(c, 'server-power-w'), 86_400 + 35_000));
    assert.equal(await value(c, 'servers-needed'), 1);
    // Past 200 kW the field names its range, and the answer waits for it instead of asking for the demand.
    await c.page.goto(c.page.url().replace('overhead=35000', 'overhead=250000'));
    await ready(c);
    assert.match(await c.text('error-overhead'), lang === 'de' ? /200\.000/ : /200,000/);
    assert.equal(await c.el('answer-hint').count(), 0);
    assert.equal(await c.el('answer-hint-invalid').count(), 1);
  });

  test(`${lang}: the sign-off of a DGX-class server on a 415 V three-phase circuit`, T, async () => {
    // v4.1-0043: an NVIDIA DGX H100 (its system name names it), 10.2 kW; 10¹⁰ tokens a day need 5 servers.
    const c = await suite.open(
      `?card=h100-sxm&result=v4.1-0043&model=llama2-70b-99&scenario=offline&demand=10000000000&rack=35` +
        `&volts=415&phases=3&breaker=60&derate=80&feeds=2&lang=${lang}`,
      { width: 1440, height: 900 },
    );
    await ready(c);
    assert.ok(near(await value(c, 'server-power-w'), 10_200));
    assert.equal(await c.el('system-line').getAttribute('data-system'), 'dgx-h100');
    assert.match(await c.text('system-line'), /4\+2/);
    // ⌊35 ÷ 10.2⌋ = 3 servers per position: 30.6 kW; one 415 V 60 A circuit at 80 % is √3 × 415 × 60 × 0.8 W.
    const usable = Math.sqrt(3) * 415 * 60 * 0.8 / 1000;
    assert.ok(near(await value(c, 'circuit-kw'), usable));
    assert.equal(await value(c, 'circuits-per-feed'), 1);
    assert.ok(near(await value(c, 'feed-amps'), 30_600 / (Math.sqrt(3) * 415)));
    assert.ok(near(await value(c, 'position-kva'), 30.6));
    // The count sized on the stated maximum names that scope, not the GPU boards.
    assert.equal(await value(c, 'servers-per-rack'), 3);
    assert.match(await c.el('servers-per-rack').locator('[data-testid="tag"]').innerText(), lang === 'de' ? /Gesamtsystem/ : /whole system/);
    const sign = c.el('sign-off');
    assert.equal(await sign.getAttribute('data-rule'), '80');
    assert.equal(await sign.getAttribute('data-feeds'), '2');
    const words = await sign.innerText();
    assert.match(words, /NEC 210\.20\(A\)/);
    assert.match(words, lang === 'de' ? /Einspeisungen A und B/ : /A and B feeds/);
    assert.match(words, lang === 'de' ? /34,5 kW/ : /34\.5 kW/);
    // Under IEC at 400 V 32 A: 22.2 kW per circuit, so the position needs 2 per feed.
    await c.page.goto(c.page.url().replace('breaker=60', 'breaker=32').replace('derate=80', 'derate=100').replace('volts=415', 'volts=400'));
    await ready(c);
    assert.equal(await value(c, 'circuits-per-feed'), 2);
    assert.match(await c.text('sign-off'), /IEC 60898-1/);
    // A breaker out of range names its field and its range.
    await c.page.goto(c.page.url().replace('breaker=32', 'breaker=2000'));
    await ready(c);
    assert.match(await c.text('error-breaker'), lang === 'de' ? /1 bis 1\.000/ : /1 to 1,000/);
    assert.equal(await c.el('sign-off').count(), 0);
  });

  test(`${lang}: a person opens the circuits, types a breaker, takes the IEC rule and a second feed`, T, async () => {
    const c = await suite.open(
      `?card=h100-sxm&result=v4.1-0043&model=llama2-70b-99&scenario=offline&demand=10000000000&rack=35&volts=400&phases=3&lang=${lang}`,
      { width: 360, height: 740 },
    );
    await ready(c);
    assert.equal(await c.el('sign-off').count(), 0, 'no sign-off without a breaker');
    await c.el('circuits-fold').locator('> summary').click();
    await c.type('breaker', '32');
    await c.page.waitForSelector('[data-testid="sign-off"][data-rule="80"]');
    // Under NEC, √3 × 400 V × 32 A × 0.8 per circuit; three DGX H100 (30.6 kW) need 2 per feed.
    await c.waitForFigure('circuit-kw', (f) => near(f.value, Math.sqrt(3) * 400 * 32 * 0.8 / 1000));
    assert.equal(await value(c, 'circuits-per-feed'), 2);
    // The IEC reference value, then two feeds: each feed alone still needs 2.
    await c.el('refs-derate').locator('xpath=..').locator('summary').click();
    await c.el('ref-derate-iec').click();
    await c.page.waitForSelector('[data-testid="sign-off"][data-rule="100"]');
    await c.waitForFigure('circuit-kw', (f) => near(f.value, Math.sqrt(3) * 400 * 32 / 1000));
    await c.type('feeds', '2');
    await c.page.waitForSelector('[data-testid="sign-off"][data-feeds="2"]');
    assert.equal(await value(c, 'circuits-per-feed'), 2);
    // Everything typed travels in the link.
    const q = await c.waitForQuery('feeds', '2');
    assert.equal(q.get('breaker'), '32');
    assert.equal(q.get('derate'), '100');
  });

  test(`${lang}: tokens per MW in the answer and the grid, each with its boundary`, T, async () => {
    const row = await result('v4.1-0043', 'llama2-70b-99', 'offline');
    const c = await suite.open(`?card=h100-sxm&result=v4.1-0043&model=llama2-70b-99&scenario=offline&pue=1.3&lang=${lang}`, {
      width: 1440,
      height: 900,
    });
    await ready(c);
    const boards = c.el('tokens-per-mw');
    assert.ok(near(Number(await boards.getAttribute('data-value')), row.tokens_per_s * 1e6 / 5600));
    assert.equal(await boards.getAttribute('data-scope'), 'gpu-board');
    assert.equal(await boards.getAttribute('data-bound'), 'at-least');
    assert.ok(near(await value(c, 'system-tokens-per-mw'), row.tokens_per_s * 1e6 / 10_200));
    assert.equal(await c.el('system-tokens-per-mw').getAttribute('data-scope'), 'system');
    assert.ok(near(await value(c, 'site-tokens-per-mw'), row.tokens_per_s * 1e6 / (10_200 * 1.3)));
    // Written as read: 24,524.9 × 10⁶ ÷ 5,600 = 4,379,446, at least 4,380,000 (4.380.000 in German).
    assert.match(await c.text('answer-tokens-per-mw'), lang === 'de' ? /4\.380\.000/ : /4,380,000/);
    // A floor is never called a ceiling: "at least 4,380,000 (GPU boards)".
    assert.doesNotMatch(await c.text('answer-tokens-per-mw'), lang === 'de' ? /Obergrenze/ : /ceiling/);
    assert.match(await c.text('answer-tokens-per-mw'), lang === 'de' ? /mindestens 4\.380\.000 \(GPU-Boards\)/ : /at least 4,380,000 \(GPU boards\)/);
    // The method says how these differ from InferenceX's, with its source.
    assert.match(await c.el('tpmw-note').textContent(), /InferenceX/);
    // In the comparison's grid, a row per boundary.
    await c.el('compare-new-name').fill('DGX');
    await c.el('compare-add').click();
    await c.page.waitForSelector('[data-testid="compare-row-tokens-per-mw"] [data-testid="compare-cell"][data-value]');
    const cell = c.page.locator('[data-testid="compare-row-tokens-per-mw"] [data-testid="compare-cell"]').first();
    assert.ok(near(Number(await cell.getAttribute('data-value')), row.tokens_per_s * 1e6 / 5600));
    const sys = c.page.locator('[data-testid="compare-row-system-tokens-per-mw"] [data-testid="compare-cell"]').first();
    assert.ok(near(Number(await sys.getAttribute('data-value')), row.tokens_per_s * 1e6 / 10_200));
  });
}
