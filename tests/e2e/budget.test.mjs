// The byte budget counts what a page load fetches (issue 41): the files .ci/budget.mjs counts in
// dist/ are exactly the ones a first visit requests — the page, its scripts, stylesheet and wasm, and
// the service worker with what it keeps for offline use — and no request asks for a file it leaves out.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { measure, readBudget } from '../../.ci/budget.mjs';
import { DIST, REPO, cleanPageAfterEach, openPage, serve, sharedBrowser, waitForApp } from './harness.mjs';

const T = { timeout: 120_000 };
const chromium = sharedBrowser();
let server;
let page = null;
before(async () => {
  server = await serve();
});
after(async () => {
  await server?.close();
});
cleanPageAfterEach('budget', () => {
  const p = page;
  page = null;
  return p;
});

test('the files the budget counts are the files a first visit fetches, service worker included', T, async () => {
  const budget = readBudget(readFileSync(path.join(REPO, '.ci', 'budget.json'), 'utf8'));
  const counted = measure(DIST, budget.exclude).files.map((f) => f.name).sort();
  server.log.length = 0;
  page = await openPage(chromium.browser, server.url(''), { serviceWorkers: 'allow' });
  await waitForApp(page);
  // The load is over when the service worker controls the page and has kept the site's files.
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, { timeout: 20_000 });
  await page.waitForFunction(async () => {
    const names = await caches.keys();
    return names.length === 1 && (await (await caches.open(names[0])).keys()).length > 0;
  });
  const requested = [...new Set(server.log.map((r) => new URL(r.url, 'http://x').pathname.slice(1) || 'index.html'))].sort();
  assert.deepEqual(requested, counted, `requested: ${requested.join(', ')}`);
  for (const name of budget.exclude) assert.ok(!requested.includes(name), `${name} is excluded but a load fetched it`);
});
