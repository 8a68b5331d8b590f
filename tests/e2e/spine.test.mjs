// The spine: the release dist loads at / and under a sub-path, the app mounts and reacts, and the
// harness really does catch what it is there to catch.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  assertClean,
  figure,
  near,
  openPage,
  present,
  problems,
  query,
  serve,
  setField,
  waitForApp,
  waitForFigure,
  cleanPageAfterEach,
  sharedBrowser,
} from './harness.mjs';

const TITLE = 'token-energy';
const T = { timeout: 60_000 };

const chromium = sharedBrowser();
let page = null;

// Every test leaves a clean page behind: no console error, panic, uncaught error or outside request.
cleanPageAfterEach('spine', () => {
  const p = page;
  page = null;
  return p;
});

describe('served at /', () => {
  let server;
  before(async () => {
    server = await serve();
  });
  after(async () => {
    await server?.close();
  });

  test('the release build loads and mounts, cleanly and with nothing from outside', T, async () => {
    page = await openPage(chromium.browser, server.url(''), { width: 1280, height: 800 });
    await waitForApp(page);
    assert.ok((await page.title()).includes(TITLE), `title is "${await page.title()}"`);
    assert.ok(await present(page, 'app'), '[data-testid="app"] is missing');
    const wasm = server.log.filter((r) => r.url.endsWith('.wasm'));
    assert.ok(wasm.length >= 1, `no .wasm fetched: ${JSON.stringify(server.log)}`);
    assert.ok(wasm.every((r) => r.status === 200), `wasm: ${JSON.stringify(wasm)}`);
    assertClean(page, 'at /');
  });

  test('the harness sees a request to another origin and a console error (it can fail)', T, async () => {
    page = await openPage(chromium.browser, server.url(''));
    await waitForApp(page);
    assertClean(page, 'before injecting');

    await page.evaluate(async () => {
      try {
        await fetch('http://example.invalid/x');
      } catch {
        /* blocked: expected */
      }
    });
    await page.evaluate(() => console.error('injected by spine.test'));
    // Events arrive asynchronously: give them a moment.
    await page.waitForTimeout(200);

    const r = page.recorded;
    assert.ok(r.outside.some((x) => x.includes('http://example.invalid/x')), `outside: ${JSON.stringify(r.outside)}`);
    assert.ok(r.consoleErrors.some((x) => x.includes('injected by spine.test')), `console: ${JSON.stringify(r.consoleErrors)}`);
    assert.throws(() => assertClean(page), (e) => /example\.invalid/.test(e.message) && /injected by spine\.test/.test(e.message));

    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('uncaught, injected by spine.test');
      });
      console.log('thread main panicked at src/fake.rs:1:1 (injected)');
    });
    await page.waitForTimeout(200);
    assert.ok(r.pageErrors.some((x) => x.includes('uncaught, injected')), `pageErrors: ${JSON.stringify(r.pageErrors)}`);
    assert.ok(r.panics.some((x) => x.includes('panicked at')), `panics: ${JSON.stringify(r.panics)}`);

    // Only what was injected: then the page is clean again for afterEach.
    const seen = problems(page);
    assert.ok(seen.every((x) => /example\.invalid|injected/.test(x)), `unexpected: ${seen.join(' | ')}`);
    r.clear();
  });
});

describe('served under /tools/energy/', () => {
  let server;
  before(async () => {
    server = await serve({ prefix: '/tools/energy/' });
  });
  after(async () => {
    await server?.close();
  });

  test('loads, mounts and recomputes when the number of cards changes', T, async () => {
    page = await openPage(chromium.browser, server.url('?result=6.0-0021&scenario=offline'), { width: 390, height: 844 });
    await waitForApp(page);
    assert.ok(await present(page, 'app'));
    assert.ok(server.log.every((r) => r.status < 400), `failed requests: ${JSON.stringify(server.log)}`);

    const before_ = await figure(page, 'board-power-w');
    assert.ok(Number.isFinite(before_.value) && before_.value > 0, `board-power-w before: ${JSON.stringify(before_)}`);
    const gpus0 = Number(await page.locator('[data-testid="gpus"]').inputValue());
    assert.ok(gpus0 > 0, `gpus field starts at ${gpus0}`);
    const gpus1 = gpus0 === 4 ? 2 : 4;

    await setField(page, 'gpus', String(gpus1));
    const after_ = await waitForFigure(page, 'board-power-w', (f) => f.value !== before_.value);
    assert.ok(near(after_.value, (before_.value * gpus1) / gpus0, 1e-9), `board-power-w ${before_.value} -> ${after_.value} for gpus ${gpus0} -> ${gpus1}`);

    // The page stays under the prefix, and the share link keeps it.
    assert.equal(new URL(page.url()).pathname, '/tools/energy/');
    await page.waitForFunction((g) => new URL(location.href).searchParams.get('gpus') === g, String(gpus1), { timeout: 5_000 });
    assert.equal(query(page).get('gpus'), String(gpus1));
    const share = await page.locator('[data-testid="share-url"]').inputValue();
    assert.ok(share.startsWith(`${server.origin}/tools/energy/`), `share-url is ${share}`);
    assertClean(page, 'under /tools/energy/');
  });
});
