// Accessibility (issue 29): axe-core (npm, pinned in package-lock.json) over every state a person
// sees — English and German, light and dark, the plan filled, a comparison, Measure with a result,
// the embedded widget at 800 × 600, the print view — with no WCAG 2.0/2.1 A or AA violation, each
// state with its folds closed and again with every fold open; and one journey by keyboard alone from
// the first field to the answer and the printed sheet.
//
// axe runs in the page through the DevTools protocol (page.evaluate), so the page's own
// Content-Security-Policy stays enforced (no inline script is added) and the harness still fails on
// any violation of it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { calculatorSuite, closePage, near } from './harness.mjs';

const T = { timeout: 120_000 };
const suite = calculatorSuite('a11y');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe's violations of WCAG 2.0/2.1 A and AA on the page as it is, in words. */
async function violations(page) {
  await page.evaluate(AXE);
  const result = await page.evaluate((tags) => globalThis.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }), TAGS);
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** No violation with the folds as they open, nor with every <details> open. */
async function clean(page, label) {
  assert.deepEqual(await violations(page), [], `${label}: axe found violations`);
  // Each fold opened has told so (its `toggle` event, a positive signal) and been painted.
  await page.evaluate(() =>
    Promise.all(
      [...document.querySelectorAll('details')].filter((d) => !d.open).map((d) => {
        const toggled = new Promise((r) => d.addEventListener('toggle', r, { once: true }));
        d.open = true;
        return toggled;
      }),
    ).then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))),
  );
  assert.deepEqual(await violations(page), [], `${label}, every fold open: axe found violations`);
}

const PLAN = '&demand=40000000&price=0.25&co2=380&volts=230&rack=15&idle=80&overhead=2000&pue=1.3';
const CFG = ['v=1&card=l40s&gpus=4&label=L40S', 'v=1&card=b200-sxm&result=6.0-0021&label=B200']
  .map((q) => `cfg=${encodeURIComponent(q)}`).join('&');

for (const [name, query, opts] of [
  ['the bare page, English, light', '', {}],
  ['the bare page, dark', '', { colorScheme: 'dark' }],
  ['German, dark, the plan filled', `?result=6.0-0021&scenario=interactive&lang=de${PLAN}`, { colorScheme: 'dark' }],
  ['English, the plan filled, a comparison', `?result=6.0-0021&scenario=interactive${PLAN}&${CFG}`, {}],
  ['German, light, a comparison at 360 px', `?card=l40s&lang=de&${CFG}`, { width: 360, height: 740 }],
  ['a link with a bad value and an older data version', '?v=1&card=h200-nvl&gpus=999&dv=2026.12.1', {}],
]) {
  test(`axe: ${name}`, T, async () => {
    const c = await suite.open(query, { width: 1280, height: 900, ...opts });
    await clean(c.page, name);
  });
}

test('axe finds what it should: a planted image without text and an empty button are violations', T, async () => {
  const c = await suite.open('?card=l40s', { colorScheme: 'dark' });
  // Dark mode is on (the stylesheet follows the preference), so the dark states above are dark.
  const bg = await c.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = bg.match(/\d+/g).map(Number);
  assert.ok(r + g + b < 3 * 80, `dark background: ${bg}`);
  await c.page.evaluate(() => {
    const img = document.createElement('img');
    img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    document.querySelector('main').append(img, document.createElement('button'));
  });
  const found = await violations(c.page);
  assert.ok(found.some((v) => v.startsWith('image-alt')), found.join('\n'));
  assert.ok(found.some((v) => v.startsWith('button-name')), found.join('\n'));
});

test('axe: Measure with a result, English and German, light and dark', T, async () => {
  for (const [lang, scheme] of [['en', 'light'], ['de', 'dark']]) {
    const c = await suite.open(`?mode=measure&lang=${lang}`, { colorScheme: scheme });
    await c.el('measure').waitFor();
    const paste = (id, text) => c.el(id).evaluate((el, t) => {
      el.value = t;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, text);
    const dmon = (a, b) => `#Entity   POWER   TOTEC\nID        W       mJ\nGPU 0     500.0   ${a}\nGPU 1     500.0   ${b}\n`;
    await paste('gpu-energy-before', dmon(1000000, 2000000));
    await paste('gpu-energy-after', dmon(601000000, 602000000));
    await paste('tokens-before', 'vllm:generation_tokens_total{engine="0"} 1000.0\n');
    await paste('tokens-after', 'vllm:generation_tokens_total{engine="0"} 401000.0\n');
    await c.type('run-seconds', '600');
    // 2 GPUs × 600 kJ over 400,000 tokens: 3 J/token.
    const j = await c.waitForFigure('own-j-per-token', (f) => f.value !== null);
    assert.ok(near(j.value, (2 * 600000) / 400000), `${j.value}`);
    await clean(c.page, `Measure, ${lang}, ${scheme}`);
    if (lang === 'en') {
      suite.calc = null;
      await closePage(c.page, { check: true });
    }
  }
});

test('axe: the embedded widget at 800 × 600, light and dark', T, async () => {
  for (const scheme of ['light', 'dark']) {
    const c = await suite.open(`?embed=1&result=6.0-0021&scenario=offline${PLAN}`, { width: 800, height: 600, colorScheme: scheme });
    await clean(c.page, `embed, ${scheme}`);
    if (scheme === 'light') {
      suite.calc = null;
      await closePage(c.page, { check: true });
    }
  }
});

test('axe: the print view, one configuration with a plan and a comparison', T, async () => {
  const c = await suite.open(`?result=6.0-0021&scenario=interactive&customer=ACME&ref=Q-1${PLAN}&${CFG}`);
  await c.page.emulateMedia({ media: 'print' });
  await clean(c.page, 'print');
  await c.page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  await clean(c.page, 'print, dark preference');
});

/** Presses Tab (or Shift+Tab) until `pred(active element)` holds; returns the presses, fails after `max`. */
async function tabTo(page, pred, arg, { max = 200, back = false } = {}) {
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await page.evaluate(pred, arg)) return i;
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
  throw new Error(`not reached by ${back ? 'Shift+Tab' : 'Tab'} in ${max} presses; focus on ${at}`);
}

const focusIs = (sel) => document.activeElement?.matches(sel) ?? false;

/**
 * The Tab presses from `from` to `to` that the HTML rules of sequential focus navigation give, counted
 * in the page's document (not by the app): the focusable controls in document order (no positive
 * tabindex is used), rendered, not disabled, not inert, outside closed <details> except their summary,
 * one stop per radio group (its checked button, or its first).
 */
const expectedPresses = ([from, to]) => {
  const sel = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex], [contenteditable="true"]';
  const stops = [...document.querySelectorAll(sel)].filter((e) => {
    if (e.disabled || e.closest('[inert]') || e.tabIndex < 0) return false;
    if (e.getClientRects().length === 0 || getComputedStyle(e).visibility === 'hidden') return false;
    const closed = e.closest('details:not([open])');
    if (closed && !(e.tagName === 'SUMMARY' && e.parentElement === closed)) return false;
    if (e.type === 'radio' && e.name) {
      const group = [...document.querySelectorAll(`input[type="radio"][name="${CSS.escape(e.name)}"]`)];
      return e === (group.find((r) => r.checked) ?? group[0]);
    }
    return true;
  });
  const a = stops.indexOf(document.querySelector(from));
  const b = stops.indexOf(document.querySelector(to));
  return a >= 0 && b >= 0 ? b - a : null;
};

test('keyboard only: from the first field to the answer and the printed sheet', T, async () => {
  const { page } = await suite.open('', { width: 1440, height: 900 });
  // The first stop is the skip link; it leads to the figures.
  await page.keyboard.press('Tab');
  assert.ok(await page.evaluate(focusIs, '[data-testid="skip-link"]'), 'the first Tab stop is the skip link');
  // The first field: the card. A keyboard changes it (the next card in the list).
  const toCard = await tabTo(page, focusIs, 'select#card', { max: 20 });
  assert.ok(toCard <= 10, `${toCard} presses to the first field`);
  const before = await page.locator('select#card').inputValue();
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction((b) => document.querySelector('select#card').value !== b, before);
  // Back to the H200 NVL, the card of the answer below.
  await page.keyboard.press('ArrowUp');
  await page.waitForFunction((b) => document.querySelector('select#card').value === b, before);
  // From the card to the demand: exactly the stops the document's order gives, no trap, no skip.
  const expected = await page.evaluate(expectedPresses, ['select#card', 'input#demand']);
  assert.ok(expected > 0, `the demand field follows the card among the focusable controls (${expected})`);
  const demandPresses = await tabTo(page, focusIs, 'input#demand');
  assert.equal(demandPresses, expected, 'Tab presses from the card to the demand, against the document order');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('40000000');
  await page.keyboard.press('Tab');
  // The answer: 40 M tokens a day on 8 × H200 NVL at 6.0-0021 Offline's throughput is one server.
  const servers = await page.waitForFunction(() => document.querySelector('[data-testid="servers-needed"]')?.getAttribute('data-value'));
  assert.equal(Number(await servers.jsonValue()), 1);
  const focusVisible = await page.evaluate(() => {
    const s = getComputedStyle(document.activeElement);
    return s.outlineStyle !== 'none' || s.boxShadow !== 'none';
  });
  assert.ok(focusVisible, 'the focused control shows its focus');
  // The printed sheet: the print button, reached and pressed by keyboard, prints.
  await page.evaluate(() => { window.__printed = 0; window.print = () => { window.__printed += 1; }; });
  const printSel = '[data-testid="print"]';
  try {
    await tabTo(page, focusIs, printSel, { max: 120 });
  } catch {
    await tabTo(page, focusIs, printSel, { max: 300, back: true });
  }
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => window.__printed), 1, 'Enter on "Print quote sheet" printed');
  await page.emulateMedia({ media: 'print' });
  const header = page.locator('[data-testid="print-header"]');
  assert.ok(await header.isVisible(), 'the sheet\'s header prints');
  assert.ok(await page.locator('[data-testid="servers-needed"]').isVisible(), 'the answer prints');
  assert.match(await page.locator('[data-testid="print-link"]').innerText(), /demand=40000000/);
});

test('keyboard only: Tab moves down the page from the skip link, never down and back up (the widget at 375 px and 1280 px, the page at 375 px)', T, async () => {
  for (const [query, width] of [['?embed=1&result=6.0-0021&scenario=offline', 375], ['?embed=1&result=6.0-0021&scenario=offline', 1280], ['', 375]]) {
    const { page } = await suite.open(query, { width, height: 800 });
    const where = () => {
      const e = document.activeElement;
      const r = e.getBoundingClientRect();
      return {
        id: e.getAttribute('data-testid') || e.id || e.tagName,
        top: Math.round(r.top + scrollY),
        left: Math.round(r.left),
        form: !!e.closest('[data-testid="config-fold"]'),
      };
    };
    const stops = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      stops.push(await page.evaluate(where));
    }
    assert.equal(stops[0].id, 'skip-link', `${query} at ${width} px: the first stop`);
    // One column (375 px): each stop is at or below the one before. Two columns (the widget at
    // 1280 px: the figures left, the form right): no stop is above the skip link's next one by more
    // than the column's first line.
    for (let i = 2; i < stops.length; i++) {
      const [a, b] = [stops[i - 1], stops[i]];
      const ok = width < 600 ? b.top >= a.top - 4 : !(b.top < a.top - 4 && b.left <= a.left);
      assert.ok(ok, `${query} at ${width} px: Tab went from ${JSON.stringify(a)} back up to ${JSON.stringify(b)}; stops ${JSON.stringify(stops)}`);
    }
    // In the widget, the stop after the skip link is in its answer, not the form below it.
    if (query.includes('embed=1')) assert.equal(stops[1].form, false, `${width} px: ${JSON.stringify(stops)}`);
    await closePage(page, { check: true });
    suite.calc = null;
  }
});
