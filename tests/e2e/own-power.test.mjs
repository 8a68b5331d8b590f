// A system's power from its own source (issue 48), in headless Chromium on the release build, in
// English and German: another maker's server borrows no DGX maximum, a typed overhead kept across a
// change of card is said with where it came from, and the comparison grid's facility rows. Expected
// values are arithmetic written here from the published figures: the cards' rated power
// (data/cards.json), NVIDIA's DGX B200 14.3 kW and DGX H200 10.2 kW, GB200 NVL72 120–132 kW from
// secondary sources (sized on the upper), MLCommons' throughputs (data/results.json), 3.412141633 BTU/h
// per W and √3 × V × A × 0.8 per circuit (RACK-POWER.md).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calculatorSuite, near } from './harness.mjs';

const T = { timeout: 120_000 };
const suite = calculatorSuite('own-power');
const BTU = 3.412141633;

async function ready(c) {
  await c.page.waitForSelector('[data-testid="comparison"]', { state: 'attached' });
}

const value = async (c, id) => Number(await c.el(id).first().getAttribute('data-value'));
/** A compared configuration as the link carries it. */
const cfg = (query, label) => `cfg=${encodeURIComponent(`v=1&${query}&label=${label}`)}`;

for (const lang of ['en', 'de']) {
  test(`${lang}: Dell's XE9680L shows no DGX maximum as its own: an estimate beside a comparable system`, T, async () => {
    const c = await suite.open(
      `?card=b200-sxm&result=5.1-0024&model=llama2-70b-99&scenario=offline&demand=1000000000&rack=40&lang=${lang}`,
      { width: 1440, height: 900 },
    );
    await ready(c);
    // 8 × 1,000 W + at most the DGX B200's 14,300 − 8,000 W; at least 8,000 + 2,400 W (5.1-0061's wall power).
    assert.ok(near(await value(c, 'server-power-w'), 14_300));
    assert.ok(near(Number(await c.el('server-power-w').first().getAttribute('data-low')), 10_400));
    assert.equal(await c.el('server-power-w').first().getAttribute('data-kind'), 'estimate');
    const line = c.el('system-line');
    assert.equal(await line.getAttribute('data-system'), null);
    assert.equal(await line.getAttribute('data-comparable'), 'dgx-b200');
    const words = await line.innerText();
    assert.match(words, lang === 'de' ? /keine Höchstleistung veröffentlicht/ : /No maximum is published for this server/);
    assert.match(words, lang === 'de' ? /ein vergleichbares System und nicht dieser Server/ : /a comparable system and not this server/);
    assert.doesNotMatch(words, lang === 'de' ? /laut Hersteller/ : /as its maker states/);
  });

  test(`${lang}: a PCIe server's own draw is not published: the reviewer's estimate offered, labelled, and the command`, T, async () => {
    const c = await suite.open(`?card=l40s&result=v4.1-0025&model=llama2-70b-99&scenario=server&demand=400000000&lang=${lang}`, {
      width: 1440,
      height: 900,
    });
    await ready(c);
    // Said at the field, in its fold of reference values (opened here as a person would).
    await c.page.waitForSelector('[data-testid="overhead-unpublished"]', { state: 'attached' });
    await c.el('refs-overhead').locator('xpath=..').locator('summary').click();
    const note = await c.text('overhead-unpublished');
    assert.match(note, lang === 'de' ? /nicht veröffentlicht/ : /not published/i);
    assert.equal(await c.el('overhead-unpublished').locator('code').innerText(), 'ipmitool dcmi power reading');
    // One reference value: the reviewer's 1,500 W (to 2,500 W), never a DGX's.
    const refs = c.page.locator('[data-testid="refs-overhead"] [data-testid^="ref-"]');
    assert.deepEqual(await refs.evaluateAll((bs) => bs.map((b) => b.getAttribute('data-testid'))), ['ref-overhead-pcie-l40s']);
    assert.equal(await refs.first().getAttribute('data-value'), '1500');
    assert.match(await c.page.locator('[data-testid="refs-overhead"] li').first().textContent(), lang === 'de' ? /Schätzung eines Testers/ : /A reviewer's estimate/);
    // The peak stays the GPU boards: 8 × 350 W.
    assert.ok(near(await value(c, 'server-power-w'), 2800));
  });

  test(`${lang}: a typed overhead kept across a change of card says where it came from`, T, async () => {
    // 6,300 W typed for NVIDIA's DGX B200 (5.1-0069), then the card changed to the H200 SXM.
    const c = await suite.open(
      `?card=b200-sxm&result=5.1-0069&model=llama2-70b-99&scenario=offline&overhead=6300&demand=1000000000&lang=${lang}`,
      { width: 1440, height: 900 },
    );
    await ready(c);
    assert.equal(await c.el('adjusted').count(), 0, 'no notice before a change');
    await c.choose('card', 'h200-sxm');
    await c.page.waitForSelector('[data-testid="adjusted"]');
    const notice = await c.text('adjusted');
    assert.match(notice, /6300 W/);
    assert.match(notice, /5\.1-0069/);
    assert.match(notice, /NVIDIA DGX B200/);
    assert.match(notice, lang === 'de' ? /bleibt für diese Konfiguration stehen/ : /it is kept for this configuration/);
    assert.equal(await c.el('adjusted').getAttribute('role'), 'status');
    // The overhead stays typed, and the H200 server's peak above the DGX H200's 10.2 kW is said.
    const q = await c.waitForQuery('card', 'h200-sxm');
    assert.equal(q.get('overhead'), '6300');
    await c.page.waitForSelector('[data-testid="plan-notice-peak-above-stated"]');
    const above = await c.text('plan-notice-peak-above-stated');
    assert.match(above, lang === 'de' ? /10,2 kW/ : /10\.2 kW/);
    assert.match(above, lang === 'de' ? /ein vergleichbares System/ : /a comparable system/);
  });

  test(`${lang}: the comparison grid's facility rows, and the boundary named in the mismatch box`, T, async () => {
    const plan = 'demand=2000000000&volts=415&phases=3&breaker=60&feeds=2&rack=140';
    const dgx = `card=b200-sxm&result=5.1-0069&model=llama2-70b-99&scenario=offline&gpus=8&servers=1&watts=1000&${plan}`;
    const rack = `card=gb200&result=6.0-0075&model=llama2-70b-99&scenario=offline&gpus=72&servers=1&watts=1200&${plan}`;
    const l40s = `card=l40s&result=v4.1-0025&model=llama2-70b-99&scenario=server&gpus=8&servers=1&watts=350&${plan}`;
    const c = await suite.open(`?${rack}&${cfg(dgx, 'DGX')}&${cfg(rack, 'NVL72')}&${cfg(l40s, 'L40S')}&lang=${lang}`, {
      width: 1440,
      height: 900,
    });
    await ready(c);
    await c.page.waitForSelector('[data-testid="compare-row-heat-it-btu-per-h"] [data-testid="compare-cell"][data-value]');
    const cells = (id) => c.page.locator(`[data-testid="compare-row-${id}"] [data-testid="compare-cell"]`);
    const cell = async (id, i) => Number(await cells(id).nth(i).getAttribute('data-value'));
    // 2·10⁹ tokens a day: one DGX B200 (101,527 tokens/s) or one NVL72 rack. IT heat at peak, whole system.
    assert.ok(near(await cell('heat-it-btu-per-h', 0), 14_300 * BTU));
    assert.ok(near(await cell('heat-it-btu-per-h', 1), 132_000 * BTU));
    assert.equal(await cells('heat-it-btu-per-h').nth(1).locator('[data-testid="tag"]').getAttribute('data-scope'), 'system');
    assert.ok(near(await cell('server-power-w', 0), 14_300));
    assert.ok(near(await cell('server-power-w', 1), 132_000));
    // One circuit carries √3 × 415 × 60 × 0.8 = 34.5 kW: the DGX position 1 per feed, the rack ⌈132 ÷ 34.5⌉ = 4.
    assert.equal(await cell('circuits-per-feed', 0), 1);
    assert.equal(await cell('circuits-per-feed', 1), 4);
    assert.ok(near(await cell('position-kva', 1), 132));
    // Cooling as each system's own source states it.
    const cooling = c.page.locator('[data-testid="compare-row-cooling"] [data-testid="compare-cell"]');
    assert.equal(await cooling.nth(0).getAttribute('data-cooling'), 'notpublished');
    assert.equal(await cooling.nth(1).getAttribute('data-cooling'), 'hybrid');
    assert.match(await cooling.nth(0).innerText(), lang === 'de' ? /nicht veröffentlicht/ : /not published/);
    const head = await c.page.locator('[data-testid="compare-row-heat-it-btu-per-h"] th').innerText();
    assert.match(head, lang === 'de' ? /Wärmelast der IT bei Spitzenlast/ : /IT heat at peak/);
    // The L40S counts its GPU boards alone: the mismatch box names the boundary.
    const mismatch = c.page.locator('[data-testid="compare-mismatch"] [data-mismatch="boundary"]');
    assert.equal(await mismatch.count(), 1);
    assert.match(await mismatch.innerText(), lang === 'de' ? /ganze System/ : /whole system/);
  });
}
