// The embedded widget when it cannot start, and its quote button (issue 53). A CDN that rewrites a
// file inside the frame (here: boot-*.js minified, as in ship.test.mjs) leaves the widget with the
// compact message alone, in the frame's language, and the page around it hears the message's height,
// not the standalone page's: no heading, no prerendered page below, no second language. And a vendor
// file that names only the host page gives a button that says where it sends; a click on the vendor's
// own quote page opens that page and sends nothing to the host; the host's button sends and opens
// nothing.
import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { brand } from '../../static/build/vendor.mjs';
import { DIST, closePage, openPage, serve, sharedBrowser, tempDir, cleanPageAfterEach } from './harness.mjs';
import { hostingHeaders } from './hosting.mjs';

const T = { timeout: 90_000 };
const chromium = sharedBrowser();
const dirs = [];
const servers = [];
let page = null;
after(async () => {
  for (const s of servers) await s.close();
  for (const d of dirs) await d.remove();
});
cleanPageAfterEach('embed-boot', () => {
  const p = page;
  page = null;
  return p;
});

/** A copy of dist/, `change`d, served with the documented headers on an origin of its own. */
async function app(change) {
  const d = await tempDir('token-energy-embed-boot-');
  dirs.push(d);
  const dist = path.join(d.dir, 'dist');
  await cp(DIST, dist, { recursive: true });
  await change(dist, d.dir);
  const s = await serve({ root: dist, headers: hostingHeaders() });
  servers.push(s);
  return s;
}

/** The host page on another origin: the frame at `src`, 1,600 px tall, and every message it hears. */
async function host(src) {
  const d = await tempDir('token-energy-embed-host-');
  dirs.push(d);
  await writeFile(path.join(d.dir, 'index.html'), '<!doctype html><title>host</title>');
  const s = await serve({ root: d.dir });
  servers.push(s);
  await writeFile(
    path.join(d.dir, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>A GPU vendor's page</title><script>window.heard = [];
addEventListener('message', (e) => window.heard.push({ origin: e.origin, data: e.data }));</script>
<h1>Vendor</h1><iframe src="${src}" title="calc" width="100%" height="1600" style="border:0"></iframe>`,
  );
  return s;
}

for (const [lang, own, other] of [
  ['de', /^Der Rechner konnte nicht starten: Eine seiner Dateien ist nicht so angekommen, wie sie veröffentlicht wurde\. Bitte versuchen Sie es später noch einmal\.$/, 'The calculator could not start'],
  ['en', /^The calculator could not start: one of its files did not arrive as it was published\. Please try again later\.$/, 'Der Rechner konnte nicht starten'],
]) {
  test(`${lang}: a file rewritten by a CDN inside the frame shows the compact message in the frame's language, and the host hears its height`, T, async () => {
    const a = await app(async (dist) => {
      const name = readdirSync(dist).find((f) => /^boot-[0-9a-f]+\.js$/.test(f));
      const file = path.join(dist, name);
      await writeFile(file, `\n${await readFile(file, 'utf8')}`);
    });
    const h = await host(a.url(`?embed=1&result=6.0-0021&scenario=offline&lang=${lang}`));
    // The frame's console errors are expected here (the refused file): closed without the clean check.
    const p = await openPage(chromium.browser, h.url(''), { allowOrigins: [a.origin], width: 800, height: 900 });
    try {
      const frame = p.frames().find((f) => f !== p.mainFrame()) ?? (await (await p.locator('iframe').elementHandle()).contentFrame());
      const broken = frame.locator('[data-testid="broken"]');
      await broken.waitFor({ state: 'visible', timeout: 20_000 });
      // The message alone: one paragraph, in the frame's language, without the sentence about the
      // figures below (none are shown).
      assert.match(await broken.innerText(), own);
      assert.ok(!(await frame.locator('body').innerText()).includes(other), 'the other language shows');
      assert.equal(await frame.locator('html').getAttribute('lang'), lang);
      for (const testid of ['j-per-token', 'boot-status', 'unsupported']) {
        assert.equal(await frame.locator(`[data-testid="${testid}"]`).first().isVisible(), false, `${testid} shows`);
      }
      assert.equal(await frame.locator('#app-root').isVisible(), false, 'the prerendered standalone page shows');
      assert.equal(await frame.locator('h1').first().isVisible(), false, 'the page\'s heading shows');
      // The host hears the message's height, from the frame's origin: where the boot block ends.
      await p.waitForFunction(() => window.heard.some((m) => m.data?.type === 'token-energy:height'), null, { timeout: 10_000 });
      const heights = await p.evaluate(() => window.heard.filter((m) => m.data?.type === 'token-energy:height'));
      assert.ok(heights.every((m) => m.origin === a.origin), JSON.stringify(heights));
      const last = heights[heights.length - 1].data.height;
      const bottom = await frame.evaluate(() => Math.ceil(document.getElementById('boot').getBoundingClientRect().bottom + scrollY));
      assert.equal(last, bottom);
      const paragraph = await broken.evaluate((b) => b.getBoundingClientRect().height);
      assert.ok(last < paragraph + 200, `${last} px for a ${paragraph} px message`);
    } finally {
      await closePage(p);
    }
  });
}

/** A copy of dist/ branded with `vendor`. */
const branded = (vendor) =>
  app(async (dist, dir) => {
    const file = path.join(dir, 'vendor.json');
    await writeFile(file, JSON.stringify(vendor));
    brand(dist, file);
  });

test('a host-only vendor file\'s button says where it sends; the vendor\'s page opens without a post, the post opens nothing', T, async () => {
  // Host only: the one button names the host page it sends to.
  const only = await branded({ name: 'Example GPU Servers' });
  const h1 = await host(only.url(`?embed=1&result=6.0-0021&scenario=offline&host=${encodeURIComponent('http://127.0.0.1:1')}`));
  page = await openPage(chromium.browser, h1.url(''), { allowOrigins: [only.origin] });
  let f = page.frameLocator('iframe');
  await f.locator('[data-testid="request-quote-post"]').waitFor({ timeout: 20_000 });
  assert.equal(await f.locator('[data-testid="request-quote-post"]').innerText(), 'Send the quote request to 127.0.0.1:1');
  assert.equal(await f.locator('[data-testid="request-quote-url"], [data-testid="request-quote-mail"]').count(), 0);
  await closePage(page, { check: true });

  // The vendor's page and the host: a click on the vendor's page opens a tab and sends nothing to the
  // host; a click on the host's button sends and opens no tab.
  const both = await branded({ name: 'Example GPU Servers', url: 'https://example.com/quote' });
  const h2 = await host('about:blank');
  const src = both.url(`?embed=1&result=6.0-0021&scenario=offline&lang=de&host=${encodeURIComponent(h2.origin)}`);
  page = await openPage(chromium.browser, h2.url(''), { allowOrigins: [both.origin] });
  // The host page's frame, pointed at the widget (its origin named in host=).
  await page.evaluate((s) => { document.querySelector('iframe').src = s; }, src);
  f = page.frameLocator('iframe');
  const post = f.locator('[data-testid="request-quote-post"]');
  await post.waitFor({ timeout: 20_000 });
  assert.equal(await post.innerText(), `Angebotsanfrage an ${new URL(h2.origin).host} senden`);
  const context = page.context();
  const opened = [];
  context.on('page', (p) => opened.push(p));
  // The vendor's page: its address is another origin, which the test's routes refuse; the tab opens.
  await f.locator('[data-testid="request-quote-url"]').click();
  for (let i = 0; i < 50 && opened.length === 0; i++) await page.waitForTimeout(100);
  assert.equal(opened.length, 1, 'the vendor\'s page opens in a tab');
  await opened[0].close();
  const quotes = () => page.evaluate(() => window.heard.filter((m) => m.data?.type === 'token-energy:quote'));
  // A marker posted after the click arrives after a quote would have: once here, none came.
  const frame = page.frames().find((x) => x !== page.mainFrame());
  await frame.evaluate(() => parent.postMessage('after-the-click', '*'));
  await page.waitForFunction(() => window.heard.some((m) => m.data === 'after-the-click'));
  assert.deepEqual(await quotes(), [], 'the vendor\'s page button also sent to the host');
  await post.click();
  await page.waitForFunction(() => window.heard.some((m) => m.data?.type === 'token-energy:quote'), null, { timeout: 5_000 });
  const [q] = await quotes();
  assert.equal(q.origin, both.origin);
  assert.match(q.data.text, /Energie je Ausgabe-Token/);
  await f.locator('[data-testid="quote-posted"]').waitFor();
  assert.equal(opened.length, 1, 'the host\'s button opened a tab');
});
