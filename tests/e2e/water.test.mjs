// Water and embodied carbon beside energy (issue 40), in headless Chromium on the release build, in
// English and German. Expected values are arithmetic written here from the sources' own numbers:
// EcoLogits' water formula and its 1.947 L/kWh for Germany, Meta's 0.26 L/kWh, NVIDIA's HGX H100
// footprint (1,312 kg CO₂e for eight GPUs) over EcoLogits' three years.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calculatorSuite, near } from './harness.mjs';

const T = { timeout: 120_000 };
const suite = calculatorSuite('water');

/** 120 servers of 8 × H100 SXM at 700 W, every card at its limit all day, PUE 1.3. */
const PLAN = '?card=h100-sxm&result=v4.1-0005&model=llama2-70b-99&scenario=offline&servers=120&pue=1.3';
const IT_KWH = 120 * 8 * 700 * 24 * 365 / 1000;

async function ready(c) {
  await c.page.waitForSelector('[data-testid="comparison"]', { state: 'attached' });
}

const value = async (c, id) => Number(await c.el(id).getAttribute('data-value'));

for (const lang of ['en', 'de']) {
  test(`${lang}: water per year with its on-site and off-site parts, from the WUE and the country's factor`, T, async () => {
    const c = await suite.open(`${PLAN}&lang=${lang}`, { width: 1440, height: 900 });
    await ready(c);
    // Without factors, no water figure, and the plan says what would give one.
    assert.equal(await c.el('water-l-per-year').count(), 0);
    assert.equal(await c.el('more-wue').count(), 1);
    // The reference values fill the fields: Meta's 0.26 L/kWh and Germany's 1.947 L/kWh.
    await c.el('water-fold').locator('> summary').click();
    await c.el('refs-wue').locator('xpath=..').locator('summary').click();
    await c.el('ref-wue-meta-2021').click();
    await c.el('refs-water').locator('xpath=..').locator('summary').click();
    await c.el('ref-water-deu').click();
    await c.waitForFigure('water-l-per-year', (f) => f.value > 0);
    assert.ok(near(await value(c, 'water-l-per-year'), IT_KWH * (0.26 + 1.3 * 1.947)));
    const parts = await c.text('water-parts');
    const fmt = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', { maximumSignificantDigits: 3 });
    assert.ok(parts.includes(fmt.format(Number((IT_KWH * 0.26).toPrecision(3)))), parts);
    assert.ok(parts.includes(fmt.format(Number((IT_KWH * 1.3 * 1.947).toPrecision(3)))), parts);
    assert.match(parts, lang === 'de' ? /verbrauchtes/ : /water consumed/);
    // Both factors travel in the link, as the page's language writes them.
    const q = await c.waitForQuery('water', lang === 'de' ? '1,947' : '1.947');
    assert.equal(q.get('wue'), lang === 'de' ? '0,26' : '0.26');
    // The GPUs' footprint: 120 × 8 × 164 kg over 3 years.
    assert.ok(near(await value(c, 'embodied-kg-per-year'), 120 * 8 * 164 / 3));
    // Above the EU threshold (1,224 kW of IT power), the regulation's indicators with the plan's own.
    const table = c.el('eu-kpis');
    assert.equal(await table.count(), 1);
    assert.equal(await c.el('eu-kpi-pue').getAttribute('data-filled'), '1');
    assert.equal(await c.el('eu-kpi-wue').getAttribute('data-filled'), '1');
    assert.equal(await c.el('eu-kpi-erf').getAttribute('data-filled'), '0');
    assert.match(await c.text('eu-kpi-erf'), lang === 'de' ? /vom Betreiber zu melden/ : /the operator's to report/);
  });

  test(`${lang}: a card without a published footprint says so; a bad lifetime names its range`, T, async () => {
    const c = await suite.open(`?card=h200-nvl&result=6.0-0021&scenario=offline&model=llama2-70b-99&pue=1.2&lang=${lang}`, {
      width: 1440,
      height: 900,
    });
    await ready(c);
    assert.equal(await c.el('embodied-kg-per-year').count(), 0);
    assert.match(await c.text('embodied-unpublished'), lang === 'de' ? /nicht veröffentlicht/ : /not published/);
    await c.page.goto(c.page.url() + '&life=0');
    await ready(c);
    assert.match(await c.text('error-life'), lang === 'de' ? /1 bis 20/ : /1 to 20/);
  });
}
