// What a person sees (issue 38): at 360 px and 1440 px, in English and German, with every fold open —
// the plan filled, a comparison of three, Measure your own — no horizontal scroll, no text over text,
// no text outside its card, no text below 12 px, no word broken without a hyphen (issue 53). The checker (`layout.mjs`) is first shown failing on
// planted faults.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calculatorSuite, openPage, sharedBrowser } from './harness.mjs';
import { describe, layoutFaults } from './layout.mjs';

const T = { timeout: 180_000 };
const suite = calculatorSuite('layout');

/** The German buyer of the issue: 8 × H200 NVL, 40,000,000 tokens a day, 0.30 EUR/kWh, 380 g, 15 kW. */
const BUYER = '?result=6.0-0021&scenario=interactive&model=llama2-70b-99&servers=1&demand=40000000' +
  '&price=0.3&co2=380&volts=230&rack=15&pue=1.3&overhead=1200';

test('the checker finds planted faults and passes a clean page', T, async () => {
  const page = await suite.chromium.browser.newPage({ viewport: { width: 360, height: 640 } });
  try {
    const planted = async (html) => {
      await page.setContent(`<!doctype html><body style="margin:0;font:16px sans-serif">${html}</body>`);
      return (await layoutFaults(page)).map((f) => f.kind);
    };
    assert.deepEqual(await planted('<p>Fine text that wraps as it should on a narrow phone screen.</p>'), []);
    assert.ok((await planted('<p style="white-space:nowrap">DCGM_FI_DEV_BOARD_POWER_LIMIT_ENFORCED_WATTS_AND_MORE</p>')).includes('horizontal scroll'));
    assert.ok((await planted('<p style="font-size:10px">small print</p>')).includes('font below 12 px'));
    assert.ok((await planted('<div style="position:relative"><p style="margin:0">Versorgungsspannung</p><p style="position:absolute;top:2px;left:10px;margin:0">Phasen</p></div>')).includes('text over text'));
    assert.ok((await planted('<article style="width:120px"><h3 style="white-space:nowrap;margin:0">Auslastung der Server</h3></article>')).includes('text outside its card'));
    assert.ok((await planted('<details><summary>fold</summary><p style="font-size:9px">inside a closed fold</p></details>')).includes('font below 12 px'), 'folds are opened');
    // Issue 53: a word broken without a hyphen is a fault; one broken at its soft hyphen is not, nor
    // words wrapped at their spaces.
    assert.ok((await planted('<p lang="de" style="width:90px;overflow-wrap:anywhere;margin:0">Versorgungsspannung</p>')).includes('word broken without a hyphen'));
    assert.deepEqual(await planted('<p lang="de" style="width:120px;overflow-wrap:anywhere;margin:0">Versorgungs&shy;spannung</p>'), []);
    assert.deepEqual(await planted('<p lang="de" style="width:120px;margin:0">Leistungsbudget je Rack und mehr</p>'), []);
  } finally {
    await page.close();
  }
});

async function settled(c) {
  await c.page.waitForSelector('[data-testid="comparison"]', { state: 'attached' });
}

for (const lang of ['en', 'de']) {
  for (const width of [360, 1440]) {
    test(`${lang} at ${width} px: the plan filled, a comparison of three and Measure your own lay out cleanly`, T, async () => {
      const c = await suite.open(`${BUYER}&lang=${lang}`, { width, height: 800 });
      await settled(c);
      const all = [];
      const check = async (state) => {
        const faults = await layoutFaults(c.page);
        if (faults.length) all.push(`${state}:\n${describe(faults)}`);
      };
      await check('the plan filled');
      await c.compareAt([['600', 'A'], ['500', 'B'], ['400', 'C']]);
      await c.el('compare-grid').waitFor();
      await check('a comparison of three');
      await c.page.goto(suite.server.url(`?mode=measure&result=v4.1-0049&scenario=offline&model=llama2-70b-99.9&lang=${lang}`));
      await c.el('measure').waitFor();
      await check('Measure your own');
      assert.equal(all.length, 0, all.join('\n\n'));
    });
  }
}

// The printed sheet as a phone's print preview lays it out, at its own width (issue 38): headings clear
// of labels, nothing cut at the edge. The sheet sets its own type in points (A4's 5.5 pt sources and
// more): below 7 px is a fault there.
for (const lang of ['en', 'de']) {
  test(`${lang}: the sheet printed at 360 px lays out cleanly`, T, async () => {
    const c = await suite.open(`${BUYER}&lang=${lang}`, { width: 360, height: 800 });
    await settled(c);
    await c.page.emulateMedia({ media: 'print' });
    const faults = await layoutFaults(c.page, { openFolds: false, minFont: 7 });
    assert.equal(faults.length, 0, describe(faults));
  });
}
