// A link draws its page in stages, one task each (issue 41: no one task blocks a phone's main
// thread for long; `src/ui/stage.rs`): its head, its form in two parts, its figures, its hand-off, the plan in
// three parts, the comparison, the charts, the table, the method, then the sources in two halves.
// A MutationObserver installed before the page's scripts notes, after every task that changed the
// page, which parts are there; its notes are delivered between tasks, so two parts seen in different
// notes were drawn in different tasks. The counts expected (fieldsets, sources) come from the
// catalogue and the stage plan written here, not from the page.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { REPO, cleanPageAfterEach, openPage, serve, sharedBrowser, waitForApp } from './harness.mjs';

const T = { timeout: 120_000 };
const chromium = sharedBrowser();
let server;
let sources;
let page = null;
before(async () => {
  server = await serve();
  sources = JSON.parse(await readFile(path.join(REPO, 'data', 'sources.json'), 'utf8')).length;
});
after(async () => {
  await server?.close();
});
// Each test's page is closed with the clean check: no console error, panic, CSP report or outside request.
cleanPageAfterEach('stages', () => {
  const p = page;
  page = null;
  return p;
});

/** The parts of the page, in page order, as the observer looks for them. */
const PARTS = {
  head: 'header.masthead',
  form: 'section.config',
  figures: '#figures',
  handOff: 'section.share',
  plan: '[data-testid="plan"]',
  compare: '[data-testid="compare"]',
  charts: 'section.charts',
  table: 'section.comparison',
  method: 'section.method',
};

/**
 * Installed before the page's own scripts: one note per task that changed the page. With
 * `printAtForm`, the browser's `beforeprint` is sent the first time the app has drawn its head and
 * form alone (the stage after the first render, so the first render's effects, which listen for
 * `beforeprint`, have run).
 */
function observe({ parts, printAtForm = false }) {
  const notes = [];
  window.__stageNotes = notes;
  let printed = false;
  const note = () => {
    const app = document.querySelector('[data-testid="app"]');
    if (!app) return;
    const seen = {};
    for (const [name, selector] of Object.entries(parts)) seen[name] = !!app.querySelector(selector);
    seen.planFieldsets = app.querySelectorAll('.plan-fields > fieldset').length;
    // The form's power fields (GPUs, servers, the limit and its notes), which a link draws a task
    // after the form's card and throughput (issue 53).
    seen.power = !!app.querySelector('section.config .limit-notes');
    seen.sources = app.querySelectorAll('ol.sources > li').length;
    seen.live = document.documentElement.dataset.app === 'live';
    // The prerendered page (parsed before the wasm runs; hidden on a link) until the app replaces it.
    seen.prerendered = !!document.querySelector('#app-root[data-prerendered]');
    seen.printHeader = !!app.querySelector('[data-testid="print-header"]');
    seen.afterPrint = printed;
    const last = notes[notes.length - 1];
    if (!last || JSON.stringify(last) !== JSON.stringify(seen)) notes.push(seen);
    if (printAtForm && !printed && !seen.prerendered && seen.form && !seen.figures) {
      printed = true;
      window.dispatchEvent(new Event('beforeprint'));
    }
  };
  new MutationObserver(note).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-app'] });
}

const firstNote = (notes, pred) => notes.findIndex(pred);

/** The notes of a load of `query` on a phone-sized page, watched from before its scripts run, once it is drawn whole. */
async function watch(query, options = {}) {
  page = await openPage(chromium.browser, 'about:blank', { width: 412, height: 823, allowOrigins: [server.origin] });
  await page.addInitScript(observe, { parts: PARTS, ...options });
  await page.goto(server.url(query));
  await waitForApp(page);
  return page.evaluate(() => window.__stageNotes);
}

test('a link draws its page in stages, one task each, in page order; it is live once its figures and hand-off are drawn', T, async () => {
  // The notes since the app replaced the prerendered page.
  const notes = (await watch('?v=1&card=l40s&result=v4.1-0025&scenario=server')).filter((n) => !n.prerendered);
  // Each part appears in a later note than the one before it: a task of its own, in page order.
  const order = Object.keys(PARTS).map((name) => [name, firstNote(notes, (n) => n[name])]);
  for (const [name, at] of order) assert.ok(at >= 0, `${name} is drawn`);
  for (let i = 1; i < order.length; i++) {
    assert.ok(order[i][1] > order[i - 1][1], `${order[i][0]} (note ${order[i][1]}) after ${order[i - 1][0]} (note ${order[i - 1][1]}): ${JSON.stringify(notes)}`);
  }
  // The form in two parts, a task each: its card and throughput, then its power fields.
  const power = firstNote(notes, (n) => n.power);
  const form = order.find(([name]) => name === 'form')[1];
  assert.ok(power > form && !notes[form].power, `the power fields (note ${power}) after the form's first part (note ${form}): ${JSON.stringify(notes)}`);
  // The plan in three parts, a task each (between the page's next stages): your model's, the
  // demand's and the people's fields (2 fieldsets), then the site's and the price's (4), then the
  // electrics' (5) with the plan's figures.
  const fieldsets = [...new Set(notes.map((n) => n.planFieldsets).filter((c) => c > 0))];
  assert.deepEqual(fieldsets, [2, 4, 5], 'the plan\'s fieldsets arrive 2, then 4, then 5');
  // The sources in two halves, after the method.
  const counts = [...new Set(notes.map((n) => n.sources).filter((c) => c > 0))];
  assert.deepEqual(counts, [Math.ceil(sources / 2), sources], `the ${sources} sources arrive in two halves`);
  assert.ok(firstNote(notes, (n) => n.sources > 0) > order.find(([name]) => name === 'method')[1], 'the sources after the method');
  // Live (the page answers input, and the tests may read it) only once figures and hand-off are drawn.
  const live = firstNote(notes, (n) => n.live);
  assert.ok(live >= 0, 'the page goes live');
  assert.ok(notes[live].figures && notes[live].handOff, `live with its figures and hand-off: ${JSON.stringify(notes[live])}`);
});

test('the bare page hydrates its prerendered head, form and figures in one render, then draws the hand-off and every section below in stages, a task each (issue 53)', T, async () => {
  const notes = await watch('');
  // The prerendered page is parsed with its head, form and figures; its method and sources are in a
  // <noscript> (read without JavaScript only), not in the page a browser running it builds.
  for (const name of ['head', 'form', 'power', 'figures']) assert.ok(notes[0][name], `${name} is in the prerendered page: ${JSON.stringify(notes[0])}`);
  // The hydration takes the whole prerendered form (its power fields never leave it).
  assert.ok(notes.every((n) => n.power), 'the power fields stay from the first note on');
  for (const name of ['handOff', 'plan', 'method']) assert.ok(!notes[0][name], `${name} is not in the prerendered page: ${JSON.stringify(notes[0])}`);
  assert.equal(notes[0].sources, 0, 'no source is in the page a browser running it builds');
  // From the hand-off on, each part in a later note than the one before it, as on a link.
  const order = Object.keys(PARTS).slice(Object.keys(PARTS).indexOf('handOff')).map((name) => [name, firstNote(notes, (n) => n[name])]);
  for (const [name, at] of order) assert.ok(at > 0, `${name} is drawn after the first render`);
  for (let i = 1; i < order.length; i++) {
    assert.ok(order[i][1] > order[i - 1][1], `${order[i][0]} (note ${order[i][1]}) after ${order[i - 1][0]} (note ${order[i - 1][1]}): ${JSON.stringify(notes)}`);
  }
  const counts = [...new Set(notes.map((n) => n.sources).filter((c) => c > 0))];
  assert.deepEqual(counts, [Math.ceil(sources / 2), sources], `the ${sources} sources arrive in two halves`);
  // Live once its hand-off is drawn, the plan not yet.
  const live = firstNote(notes, (n) => n.live);
  assert.ok(live > 0, 'the page goes live');
  assert.ok(notes[live].handOff && !notes[live].plan, `live with its hand-off, before the plan: ${JSON.stringify(notes[live])}`);
});

test('printing a link with its form alone drawn draws it whole at once, and no later step takes a part back', T, async () => {
  const query = '?v=1&card=l40s&result=v4.1-0025&scenario=server&demand=40000000&price=0.25&cur=EUR';
  const notes = (await watch(query, { printAtForm: true })).filter((n) => !n.prerendered);
  const atPrint = firstNote(notes, (n) => n.afterPrint);
  assert.ok(atPrint > 0, `beforeprint was sent with the head and form alone drawn: ${JSON.stringify(notes)}`);
  assert.ok(notes[atPrint - 1].form && !notes[atPrint - 1].figures, 'the head and form alone were drawn when the print began');
  // The first note after it: everything the sheet prints, drawn before the browser lays out for print.
  const sheet = notes[atPrint];
  const around = JSON.stringify(notes.slice(atPrint - 1, atPrint + 2));
  for (const name of Object.keys(PARTS)) assert.ok(sheet[name], `${name} is drawn for print: ${around}`);
  assert.ok(sheet.printHeader, "the sheet's head is drawn for print");
  assert.ok(sheet.power, "the form's power fields are drawn for print");
  assert.equal(sheet.planFieldsets, 5, 'the whole plan is drawn for print');
  assert.equal(sheet.sources, sources, 'every source is drawn for print');
  for (const n of notes.slice(atPrint)) {
    assert.ok(n.planFieldsets === 5 && n.sources === sources && n.figures && n.power, `nothing is taken back after the print: ${JSON.stringify(n)}`);
  }
});
