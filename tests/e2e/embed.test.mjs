// The calculator inside an <iframe> on another origin, as a GPU vendor's page embeds it: the
// documentation's one-line snippet (docs/embedding.md) on a host page served from a second loopback port, the app served
// with the headers of docs/hosting/_headers (its policy allows any site to frame it).
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ENGINES } from './engines.mjs';
import {
  REPO,
  figure,
  near,
  openPage,
  problems,
  serve,
  setField,
  tempDir,
  waitForFigure,
  cleanPageAfterEach,
  sharedBrowser,
} from './harness.mjs';
import { hostingHeaders } from './hosting.mjs';

const T = { timeout: 60_000 };
const APP_TIMEOUT = 20_000;

/** The embedding page of the documentation (docs/embedding.md), up to its first `## ` section. */
async function embeddingDoc() {
  const doc = await readFile(path.join(REPO, 'docs', 'embedding.md'), 'utf8');
  const section = doc.split(/^## /m)[0];
  assert.ok(section.startsWith('# Embedding and hosting'), 'docs/embedding.md does not begin with "# Embedding and hosting"');
  return section;
}

/** The documentation's iframe snippet (docs/embedding.md), with its src made relative. */
async function docSnippet() {
  const section = await embeddingDoc();
  const lines = section.split('\n').filter((l) => l.trim().startsWith('<iframe'));
  assert.equal(lines.length, 1, 'docs/embedding.md should give exactly one iframe line');
  const m = /\bsrc="(https?:\/\/[^/"]+)\/(\?[^"]*)"/.exec(lines[0]);
  assert.ok(m, `the documentation's iframe has no absolute src: ${lines[0]}`);
  assert.match(m[2], /[?&]embed=1(&|$)/, 'the documentation\'s snippet does not ask for embed=1');
  return { line: lines[0].trim(), origin: m[1], query: m[2] };
}

let app; // the calculator: dist/ with docs/hosting/_headers
let host; // the vendor's page, on another port: another origin
let hostDir;
const chromium = sharedBrowser();
let page = null;
let snippet;

before(async () => {
  snippet = await docSnippet();
  hostDir = await tempDir('token-energy-host-');
  app = await serve({ headers: hostingHeaders() });
  const line = snippet.line.replace(snippet.origin + '/', app.url(''));
  await writeFile(
    path.join(hostDir.dir, 'index.html'),
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>A GPU vendor's page</title></head>\n<body>\n<h1 class="masthead">Vendor</h1>\n<p>Our cards, and what a token costs:</p>\n${line}\n<footer>Vendor footer</footer>\n</body></html>\n`,
  );
  // The same page by a vendor who left out the clipboard permission.
  const bare = line.replace(/\sallow="[^"]*"/, '');
  assert.notEqual(bare, line, 'the documentation\'s snippet should grant clipboard-write');
  await writeFile(
    path.join(hostDir.dir, 'no-clipboard.html'),
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Another vendor</title></head>\n<body>\n${bare}\n</body></html>\n`,
  );
  host = await serve({ root: hostDir.dir });
  assert.notEqual(new URL(host.origin).origin, new URL(app.origin).origin);
});
after(async () => {
  await host?.close();
  await app?.close();
  await hostDir?.remove();
});
cleanPageAfterEach('embed', () => {
  const p = page;
  page = null;
  return p;
});

/** The host page with the calculator's frame mounted; returns the frame. */
async function openHost(file = '') {
  page = await openPage(chromium.browser, host.url(file), { allowOrigins: [app.origin], width: 1280, height: 900 });
  const iframe = page.locator('iframe');
  await iframe.waitFor({ state: 'attached' });
  const frame = await (await iframe.elementHandle()).contentFrame();
  assert.ok(frame, 'no frame for the iframe');
  await frame.waitForSelector('html[data-app="live"][data-drawn="all"]', { state: 'attached', timeout: APP_TIMEOUT });
  await frame.waitForSelector('[data-testid="j-per-token"]', { state: 'attached', timeout: APP_TIMEOUT });
  return frame;
}

test('the documentation\'s snippet (docs/embedding.md) embeds the calculator on another origin: compact, correct, and it reacts to typing', T, async () => {
  const frame = await openHost();
  assert.equal(new URL(frame.url()).origin, app.origin, 'the frame is not on the calculator\'s origin');
  assert.notEqual(new URL(page.url()).origin, app.origin);

  // The figures of the snippet's link: MLPerf 6.0-0021, 8 × H200 NVL at 600 W, Offline 32,004 tokens/s.
  const j = await figure(frame, 'j-per-token');
  assert.ok(near(j.value, 4800 / 32004, 1e-9), `j-per-token ${j.value}`);
  assert.equal(j.kind, 'ceiling');
  assert.ok(near((await figure(frame, 'board-power-w')).value, 4800, 1e-12));

  // Compact: no masthead, no method, no table; only the sources stay, so every citation resolves.
  const app_ = frame.locator('[data-testid="app"]');
  assert.match((await app_.getAttribute('class')) ?? '', /\bembed\b/);
  assert.equal(await frame.locator('.masthead').count(), 0, 'the frame shows the masthead');
  assert.equal(await frame.locator('.method').count(), 0, 'the frame shows the method');
  assert.equal(await frame.locator('footer.compact').count(), 1, 'the frame keeps a compact source list');
  assert.equal(await frame.locator('h1').count(), 0, 'the frame shows the page title');
  assert.equal(await page.locator('.masthead').count(), 1, 'the host page lost its own masthead');

  // The widget leads with its figures; the form opens on a click, and typing inside the frame recomputes.
  const kwh1 = await figure(frame, 'kwh-per-day');
  await frame.locator('[data-testid="config-fold"] > summary').click();
  await setField(frame, 'servers', '5');
  const kwh5 = await waitForFigure(frame, 'kwh-per-day', (f) => f.value !== kwh1.value);
  assert.ok(near(kwh5.value, kwh1.value * 5, 1e-9), `kwh-per-day ${kwh1.value} -> ${kwh5.value}`);
  await setField(frame, 'gpus', '4');
  const board = await waitForFigure(frame, 'board-power-w', (f) => near(f.value, 2400, 1e-12));
  assert.ok(board);
  await frame.waitForFunction(() => new URL(location.href).searchParams.get('servers') === '5');

  // The share link is the calculator's own address, not the host page's.
  const share = await frame.locator('[data-testid="share-url"]').inputValue();
  assert.ok(share.startsWith(app.url('')), `share-url ${share}`);

  // "Copy link" works in the frame (the snippet grants clipboard-write) without an error.
  await frame.locator('[data-testid="copy-link"]').click();
  await frame.waitForFunction(() => document.querySelector('[data-testid="copy-status"]')?.textContent.includes('copied'));

  // Requests: the host page from its origin, the calculator's files from its own, nothing else.
  assert.deepEqual(page.recorded.outside, []);
  assert.deepEqual(page.recorded.cspViolations, []);
  assert.ok(host.log.some((r) => r.url === '/' && r.status === 200));
  const files = app.log.map((r) => r.url.split('?')[0]);
  assert.ok(files.some((u) => u.endsWith('.wasm')) && files.some((u) => /\/boot-[0-9a-f]+\.js$/.test(u)), `app served: ${files.join(' ')}`);
  assert.ok(app.log.every((r) => r.status < 400), JSON.stringify(app.log));
});

test('the recorder sees inside the cross-origin frame: its console errors and its CSP violations', T, async () => {
  const frame = await openHost();
  await frame.evaluate(() => console.error('injected in the frame by embed.test'));
  await frame.addScriptTag({ content: 'window.__inline = 1' }).catch(() => {});
  await page.waitForTimeout(300);
  assert.equal(await frame.evaluate(() => window.__inline), undefined, 'an inline script ran in the frame');
  const r = page.recorded;
  assert.ok(r.consoleErrors.some((x) => x.includes('injected in the frame')), `console: ${JSON.stringify(r.consoleErrors)}`);
  assert.ok(
    r.cspViolations.some((v) => v.directive === 'script-src-elem' && v.documentURI.startsWith(app.origin)),
    `violations: ${JSON.stringify(r.cspViolations)}`,
  );
  const unexpected = problems(page).filter((x) => !/injected in the frame|Content Security Policy|csp violation/.test(x));
  assert.deepEqual(unexpected, []);
  r.clear();
});

test('without the clipboard permission, Copy link says so and nothing breaks', T, async () => {
  const frame = await openHost('no-clipboard.html');
  await frame.locator('[data-testid="copy-link"]').click();
  await frame.waitForFunction(
    () => /did not allow copying/.test(document.querySelector('[data-testid="copy-status"]')?.textContent ?? ''),
    null,
    { timeout: 5_000 },
  );
  // The refusal is handled: no uncaught promise, and the page still computes.
  await frame.locator('[data-testid="config-fold"] > summary').click();
  await setField(frame, 'servers', '2');
  await waitForFigure(frame, 'kwh-per-day', (f) => near(f.value, 2 * 115.2, 1e-9));
});

// ---- The frame's height follows the content, taller and shorter (issue 37), in every engine ----

/** The documentation's height listener (the `<script>` after the snippet), for the calculator at `origin`. */
async function docListener(origin) {
  const section = await embeddingDoc();
  const m = /<script>[\s\S]*?token-energy:height[\s\S]*?<\/script>/.exec(section);
  assert.ok(m, 'docs/embedding.md gives no height listener');
  assert.ok(m[0].includes(`'${snippet.origin}'`), 'the listener checks the calculator\'s origin');
  return m[0].replaceAll(`'${snippet.origin}'`, `'${origin}'`);
}

// In the frame: where the widget's content ends, and the frame's own height (its viewport).
const fit = () => {
  const app = document.querySelector('[data-testid="app"]');
  // Live, and every section drawn (the sources render a task after the figures).
  if (!app || document.documentElement.dataset.app !== 'live' || !document.querySelector('[data-testid="sources"]')) return null;
  return { bottom: app.getBoundingClientRect().bottom + scrollY, inner: innerHeight, scroll: document.documentElement.scrollHeight };
};
// On the host page: the frame's height and the messages heard.
const hostSide = () => ({ frame: document.querySelector('iframe').getBoundingClientRect().height, heard: (window.heights || []).length });

describe('the frame follows its content', { concurrency: false }, () => {
  for (const [name, start] of Object.entries(ENGINES)) {
    test(`${name}: the documentation's frame shrinks to the widget, grows when a fold opens, shrinks when it closes and when a message goes`, { timeout: 180_000 }, async () => {
      const d = await start();
      try {
        const listener = await docListener(new URL(app.origin).origin);
        const line = snippet.line.replace(snippet.origin + '/', app.url(''));
        await writeFile(
          path.join(hostDir.dir, 'follow.html'),
          `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>A GPU vendor's page</title><link rel="icon" href="data:,">\n<style>.column { width: 800px; }</style></head>\n<body>\n<h1>Vendor</h1>\n<div class="column">${line}</div>\n` +
            `<script>window.heights = []; addEventListener('message', (e) => { if (e.data && e.data.type === 'token-energy:height') window.heights.push(e.data.height); });</script>\n` +
            `${listener}\n<footer>Vendor footer</footer>\n</body></html>\n`,
        );
        await d.goto(host.url('follow.html'));
        /** Waits until the frame fits its content (no scrolling inside, at most 4 px blank below); returns its height. */
        const fits = async (what, pred = () => true) => {
          const end = Date.now() + 30_000;
          let last;
          for (;;) {
            try {
              const inside = await d.frame(fit);
              const outside = await d.run(hostSide);
              last = { ...inside, ...outside };
              if (inside && outside.heard > 0 && inside.inner >= inside.bottom - 1 && inside.inner - inside.bottom <= 4
                && inside.scroll <= inside.inner + 1 && Math.abs(outside.frame - inside.inner) <= 1 && pred(outside.frame)) {
                return outside.frame;
              }
            } catch (e) {
              last = e.message;
            }
            if (Date.now() > end) throw new Error(`${name}: ${what}: the frame does not fit its content (last: ${JSON.stringify(last)})`);
            await new Promise((r) => setTimeout(r, 150));
          }
        };
        // The snippet's height="1600" is taller than the widget at 800 px: the frame shrinks to it.
        const closed = await fits('at first', (h) => h < 1590);
        // The Configuration fold opens: the frame grows by the form.
        await d.frame(() => document.querySelector('[data-testid="config-fold"] > summary').click());
        const open = await fits('the fold opened', (h) => h > closed + 200);
        // A field's message (servers 0) makes it taller still; the field put right, it shrinks back.
        await d.frame(() => {
          const input = document.querySelector('[data-testid="servers"]');
          input.value = '0';
          input.dispatchEvent(new Event('input', { bubbles: true }));
        });
        const message = await fits('a field\'s message shown', (h) => h > open + 10);
        await d.frame(() => {
          const input = document.querySelector('[data-testid="servers"]');
          input.value = '2';
          input.dispatchEvent(new Event('input', { bubbles: true }));
        });
        const back = await fits('the message gone', (h) => h < message - 10);
        assert.ok(Math.abs(back - open) <= 2, `${name}: the form's height ${open} px, after the message went ${back} px`);
        // The fold closes: the frame shrinks back to the widget without the form.
        await d.frame(() => document.querySelector('[data-testid="config-fold"] > summary').click());
        const again = await fits('the fold closed', (h) => h < open - 200);
        assert.ok(Math.abs(again - closed) <= 2, `${name}: closed ${closed} px at first, ${again} px after`);
        assert.deepEqual(await d.errors(), [], `${name}: console errors`);
      } finally {
        await d.close();
      }
    });
  }
});
