// The vendor file and "Request a quote" (issue 12): the build hook writes static/vendor.json into the
// page; here it is applied to a copy of dist/ (as a build with that file would), then the page is
// checked in Chromium: branding, the prefilled mail and page addresses, and the quote posted by an
// embedded page to its host's origin only.
import assert from 'node:assert/strict';
import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { brand } from '../../static/build/vendor.mjs';
import { prerender } from '../../static/build/prerender.mjs';
import { Calculator, DIST, cleanPageAfterEach, closePage, holdWasm, near, openPage, serve, sharedBrowser, tempDir, waitForApp } from './harness.mjs';

const T = { timeout: 90_000 };
const chromium = sharedBrowser();
const dirs = [];
const servers = [];
let page = null;
after(async () => {
  for (const s of servers) await s.close();
  for (const d of dirs) await d.remove();
});
cleanPageAfterEach('vendor', () => {
  const p = page;
  page = null;
  return p;
});

/**
 * A copy of dist/ branded with `vendor`, served on its own origin. With `build`, the bare page is
 * prerendered for the vendor too, as a build with static/vendor.json does; without, the copy is
 * branded after its build (its prerendered page has no vendor).
 */
async function branded(vendor, { build = false } = {}) {
  const d = await tempDir('token-energy-vendor-');
  dirs.push(d);
  const dist = path.join(d.dir, 'dist');
  await cp(DIST, dist, { recursive: true });
  if (build) prerender(dist, vendor);
  const file = path.join(d.dir, 'vendor.json');
  await writeFile(file, JSON.stringify(vendor));
  assert.ok(brand(dist, file).length > 0, 'the hook branded the page');
  const s = await serve({ root: dist });
  servers.push(s);
  return s;
}

let plain;
before(async () => {
  plain = await serve();
  servers.push(plain);
});

test('without a vendor file there is no "Request a quote"', T, async () => {
  const c = await Calculator.open(chromium.browser, plain.url('?result=6.0-0021&scenario=offline'));
  page = c.page;
  assert.equal(await c.el('quote-request').count(), 0);
  assert.equal(await c.el('vendor').count(), 0);
});

test('a vendor file brands the page and prefills the quote by mail and on the vendor page', T, async () => {
  const s = await branded({ name: 'Example GPU Servers', accent: '#0a7c3e', mailto: 'sales@example.com', url: 'https://example.com/quote' });
  const c = await Calculator.open(chromium.browser, s.url('?result=6.0-0021&scenario=offline&customer=ACME'));
  page = c.page;
  assert.match(await c.text('vendor'), /Offered by Example GPU Servers/);
  const accent = await c.page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());
  assert.equal(accent, '#0a7c3e');
  const mail = await c.el('request-quote-mail').getAttribute('href');
  assert.ok(mail.startsWith('mailto:sales@example.com?subject='), mail);
  const body = decodeURIComponent(mail.split('&body=')[1]);
  // DATA.md: 8 × 600 W over 32004 tokens/s.
  // Three significant figures for the person reading, with the kind in words.
  const three = new Intl.NumberFormat('en-US', { minimumSignificantDigits: 3, maximumSignificantDigits: 3 }).format(4800 / 32004);
  assert.ok(body.includes(`Energy per output token: ${three} J/token (ceiling, GPU boards)`), body);
  assert.match(body, /Non-binding estimate/);
  assert.equal(decodeURIComponent(mail.split('subject=')[1].split('&')[0]), 'Quote request: GPU servers (token-energy) · ACME', 'the subject names the customer (issue 37)');
  assert.match(body, /Customer: ACME/);
  assert.match(body, new RegExp(`Link: ${s.url('').replace(/[.?]/g, '\\$&')}\\?v=1&card=h200-nvl`));
  const url = await c.el('request-quote-url').getAttribute('href');
  assert.ok(url.startsWith('https://example.com/quote?link=http'), url);
  assert.equal(await c.el('request-quote-url').getAttribute('target'), '_blank');
});

test('embedded, the quote goes to the host origin named by host=, and to no other page', T, async () => {
  const app = await branded({ name: 'Example GPU Servers' });
  const d = await tempDir('token-energy-quote-host-');
  dirs.push(d);
  const listener = `<script>window.quotes = []; addEventListener('message', (e) => {
    if (e.data && e.data.type === 'token-energy:quote') window.quotes.push({ origin: e.origin, data: e.data });
  });</script>`;
  // The host's page names its own origin in host=; the files are written before the servers
  // start, so the origin is the loopback address with the port the host server will get.
  await writeFile(path.join(d.dir, 'index.html'), '<!doctype html><title>host</title>');
  const host = await serve({ root: d.dir });
  servers.push(host);
  const other = await serve({ root: d.dir }); // same files, another origin
  servers.push(other);
  const frame = (to) => `<iframe src="${app.url(`?embed=1&result=6.0-0021&scenario=offline&host=${encodeURIComponent(to)}`)}" title="calc" style="width:100%;height:900px;border:0"></iframe>`;
  await writeFile(path.join(d.dir, 'index.html'), `<!doctype html><meta charset="utf-8"><title>host</title>${listener}${frame(host.origin)}`);

  page = await openPage(chromium.browser, host.url(''), { allowOrigins: [app.origin] });
  const f = page.frameLocator('iframe');
  await f.locator('[data-testid="request-quote-post"]').click();
  await page.waitForFunction(() => window.quotes.length === 1, null, { timeout: 5_000 });
  const [q] = await page.evaluate(() => window.quotes);
  assert.equal(q.origin, app.origin);
  assert.match(q.data.text, /Energy per output token/);
  assert.ok(q.data.link.startsWith(app.url('')) && !q.data.link.includes('embed='), q.data.link);

  // The same frame on another origin's page, still naming the first host: nothing arrives there.
  const otherPage = await openPage(chromium.browser, other.url(''), { allowOrigins: [app.origin] });
  try {
    await otherPage.evaluate(() => { window.seen = []; addEventListener('message', (e) => window.seen.push(e.data)); });
    const inner = otherPage.frameLocator('iframe');
    await inner.locator('[data-testid="request-quote-post"]').click();
    // The click was handled: the frame has posted (and says so).
    await inner.locator('[data-testid="quote-posted"]').waitFor();
    // A marker the frame posts after the quote is delivered after the quote would have been (one
    // window's messages arrive in order): once it is here, the quote did not come.
    const frame = otherPage.frames().find((f) => f !== otherPage.mainFrame());
    await frame.evaluate(() => parent.postMessage('after-the-quote', '*'));
    await otherPage.waitForFunction(() => window.seen.includes('after-the-quote'), null, { timeout: 5_000 });
    assert.deepEqual(await otherPage.evaluate(() => window.quotes), []);
    // Besides the widget's height reports (sent to any page), the marker alone came.
    const seen = await otherPage.evaluate(() => window.seen.filter((d) => d?.type !== 'token-energy:height'));
    assert.deepEqual(seen, ['after-the-quote']);
  } finally {
    // Closed with the harness's clean check, as the first page is after the test.
    await closePage(otherPage, { check: true, name: 'vendor-other-origin' });
  }
});

/** Opens the bare page with the wasm held; marks the vendor line's element; returns the release. */
async function heldBare(s) {
  page = await openPage(chromium.browser, 'about:blank', { allowOrigins: [s.origin] });
  const release = await holdWasm(page);
  await page.goto(s.url(''), { waitUntil: 'load' });
  return release;
}

const sameVendorNode = () => page.evaluate(() => document.querySelector('[data-testid="vendor"]')?.__marked === true);

test('a vendor build prerenders the vendor; the browser hydrates that page (the same elements stay)', T, async () => {
  const s = await branded({ name: 'Example GPU Servers', mailto: 'sales@example.com' }, { build: true });
  const release = await heldBare(s);
  assert.match(await page.locator('[data-testid="vendor"]').innerText(), /Offered by Example GPU Servers/, 'prerendered with the vendor');
  await page.evaluate(() => {
    document.querySelector('[data-testid="vendor"]').__marked = true;
  });
  release();
  await waitForApp(page);
  assert.ok(await sameVendorNode(), 'hydrated: the prerendered element is the live one');
  assert.equal(await page.locator('[data-testid="request-quote-mail"]').count(), 1);
});

test('a page branded after its build is rendered for the vendor, not hydrated from the unbranded prerender', T, async () => {
  const s = await branded({ name: 'Example GPU Servers', mailto: 'sales@example.com' });
  const release = await heldBare(s);
  // The branding step names the vendor in the prerendered page too (issue 37): before the app runs.
  assert.equal(await page.locator('[data-testid="vendor"]').innerText(), 'Offered by Example GPU Servers', 'the prerendered page names the vendor');
  await page.evaluate(() => {
    document.querySelector('[data-testid="vendor"]').__marked = true;
  });
  release();
  await waitForApp(page);
  assert.equal(await sameVendorNode(), false, 'rendered, not hydrated: the prerender was made without the vendor');
  assert.match(await page.locator('[data-testid="vendor"]').innerText(), /Offered by Example GPU Servers/);
  assert.equal(await page.locator('[data-testid="request-quote-mail"]').count(), 1);
});
