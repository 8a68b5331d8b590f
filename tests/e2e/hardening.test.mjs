// Hardening of the release build: a strict Content-Security-Policy that the page carries itself
// and really runs under (a violation fails), Subresource Integrity on every script, stylesheet and
// the wasm, refused when a file changes, and the headers of docs/hosting/ (the same policy, long
// caching only for hashed files).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cp, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  cspSettled,
  ACTION_TIMEOUT_MS,
  DIST,
  closePage,
  figure,
  near,
  openPage,
  problems,
  serve,
  setField,
  tempDir,
  waitForApp,
  waitForFigure,
  cleanPageAfterEach,
  sharedBrowser,
} from './harness.mjs';
import { headersFor, hostingHeaders, hostingPolicies, metaPolicy, nginxHeadersFor, parseHeadersFile, parseNginxLocations, parsePolicy, HOSTING } from './hosting.mjs';

const T = { timeout: 60_000 };
const EXECUTABLE = new Set(['', 'module', 'text/javascript', 'application/javascript']);

const attrsOf = (tag) => {
  const attrs = new Map();
  const body = tag.replace(/^<[a-zA-Z][\w-]*/, '').replace(/\/?>$/, '');
  for (const m of body.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    attrs.set(m[1].toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
};

/** The built page's <script>s ({attrs, body}) and <link>s ({attrs}), in document order. */
function elements(html) {
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script\s*>/gi)].map((m) => ({
    tag: m[0].slice(0, m[0].indexOf('>') + 1),
    attrs: attrsOf(m[0].slice(0, m[0].indexOf('>') + 1)),
    body: m[1],
    index: m.index,
  }));
  const links = [...html.matchAll(/<link\b[^>]*>/gi)].map((m) => ({ tag: m[0], attrs: attrsOf(m[0]), index: m.index }));
  return { scripts, links };
}

/** "sha384-…" of a dist file, as the browser computes it. */
async function sri(file, algo = 'sha384') {
  return `${algo}-${createHash(algo).update(await readFile(file)).digest('base64')}`;
}

const fileOf = (href) => path.join(DIST, decodeURIComponent(href.replace(/^\.?\//, '').split(/[?#]/)[0]));

let html;
const chromium = sharedBrowser();
let page = null;

before(async () => {
  html = await readFile(path.join(DIST, 'index.html'), 'utf8');
});
cleanPageAfterEach('hardening', () => {
  const p = page;
  page = null;
  return p;
});

describe('the built page', () => {
  let server;
  before(async () => {
    server = await serve();
  });
  after(async () => {
    await server?.close();
  });

  test('carries a strict Content-Security-Policy <meta> before any script or stylesheet, and no inline script or style', () => {
    const policy = metaPolicy(html);
    assert.ok(policy, 'dist/index.html has no <meta http-equiv="Content-Security-Policy">');
    const csp = parsePolicy(policy);
    assert.deepEqual(csp.get('default-src'), ["'self'"], `default-src: ${policy}`);
    const scriptSrc = csp.get('script-src');
    assert.ok(scriptSrc, `no script-src: ${policy}`);
    assert.ok(scriptSrc.includes("'self'") && scriptSrc.includes("'wasm-unsafe-eval'"), `script-src: ${scriptSrc.join(' ')}`);
    for (const [directive, sources] of csp) {
      for (const bad of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'http:', 'https:', 'data:']) {
        if (bad === 'data:' && directive === 'img-src') continue; // the empty data:, favicon
        assert.ok(!sources.includes(bad), `${directive} allows ${bad}: ${policy}`);
      }
    }
    assert.deepEqual(csp.get('object-src'), ["'none'"]);
    assert.deepEqual(csp.get('base-uri'), ["'self'"]);
    assert.ok(csp.has('style-src') && !csp.get('style-src').includes("'unsafe-inline'"));
    assert.ok(!csp.has('frame-ancestors'), 'frame-ancestors is ignored in a <meta> policy (it belongs in the header)');

    const metaAt = html.search(/<meta\b[^>]*http-equiv\s*=\s*["']?content-security-policy/i);
    const { scripts, links } = elements(html);
    for (const el of [...scripts, ...links.filter((l) => /stylesheet|preload/.test(l.attrs.get('rel') ?? ''))]) {
      assert.ok(metaAt < el.index, `the policy comes after ${el.tag}: it would not govern it`);
    }
    const inline = scripts.filter((s) => !s.attrs.has('src') && EXECUTABLE.has((s.attrs.get('type') ?? '').toLowerCase()));
    assert.deepEqual(inline.map((s) => s.tag + s.body.slice(0, 80)), [], 'inline scripts left in the page');
    assert.ok(!/<style\b/i.test(html), 'an inline <style> in the page');
    assert.ok(!/<[a-z][^>]*\sstyle\s*=/i.test(html.replace(/<script\b[\s\S]*?<\/script>/gi, '')), 'a style="" attribute in the page');
  });

  test('every script, stylesheet and preload has integrity= matching its file; the boot module imports nothing', async () => {
    const { scripts, links } = elements(html);
    const checked = [];
    for (const el of [...scripts.filter((s) => s.attrs.has('src')), ...links]) {
      const rel = (el.attrs.get('rel') ?? '').toLowerCase();
      const href = el.attrs.get('src') ?? el.attrs.get('href');
      if (el.attrs.has('href') && !/\b(stylesheet|modulepreload|preload)\b/.test(rel)) continue; // icon etc.
      if (href.startsWith('data:')) continue;
      const integrity = el.attrs.get('integrity');
      assert.ok(integrity, `no integrity= on ${el.tag}`);
      const [algo] = integrity.split('-');
      assert.ok(['sha256', 'sha384', 'sha512'].includes(algo), `integrity algorithm of ${el.tag}`);
      assert.equal(integrity, await sri(fileOf(href), algo), `integrity of ${href} does not match dist/`);
      checked.push(href);
    }
    // The wasm has no preload (it would be fetched during the parse): the boot module fetches it
    // after the first frame, with an integrity that must match the file.
    const boot = scripts.find((s) => s.attrs.get('type') === 'module' && s.attrs.has('src'));
    const bootCode = await readFile(fileOf(boot.attrs.get('src')), 'utf8');
    // (The release build's boot file is minified: either quote, any spacing.)
    const fetches = [...bootCode.matchAll(/new Request\(\s*["']([^"']+_bg\.wasm)["']\s*,\s*\{\s*integrity:\s*["']([^"']+)["']\s*\}\s*\)/g)];
    // One wasm per language (static/build/langs.mjs), each fetched by its language's branch once.
    assert.deepEqual(fetches.map((f) => /-([a-z]{2})-[0-9a-f]+_bg\.wasm$/.exec(f[1])?.[1]).sort(), ['de', 'en'], 'the boot module fetches each language\'s wasm, with integrity');
    for (const [, wasmHref, wasmIntegrity] of fetches) {
      assert.equal(wasmIntegrity, await sri(fileOf(wasmHref), wasmIntegrity.split('-')[0]), `integrity of ${wasmHref} does not match dist/`);
      checked.push(wasmHref);
    }
    const kinds = (re) => checked.filter((h) => re.test(h)).length;
    assert.ok(kinds(/\.css$/) >= 1 && kinds(/_bg\.wasm$/) === 2 && kinds(/\.js$/) >= 1, `checked: ${checked.join(', ')}`);

    // Each file in dist/ is either the page or referenced here with integrity; but the service
    // worker (a worker script takes no integrity=; the browser fetches it itself), the link
    // preview image (read by other sites' previews, never loaded by the page) and the method page
    // (a page of its own, for a reader without JavaScript).
    const files = (await readdir(DIST)).filter((f) => !['index.html', 'sw.js', 'preview.png', 'method.html'].includes(f));
    const referenced = new Set(checked.map((h) => path.basename(fileOf(h))));
    assert.deepEqual(files.filter((f) => !referenced.has(f)), [], 'dist/ files the page loads without integrity=');

    // The boot module is all the JavaScript (the glue and Trunk's loader, so its one integrity=
    // covers both): it imports nothing, and it fetches the wasm with the wasm preload's integrity.
    const boots = scripts.filter((s) => s.attrs.get('type') === 'module' && s.attrs.has('src'));
    assert.equal(boots.length, 1, `module scripts: ${boots.map((b) => b.tag).join(' ')}`);
    const code = await readFile(fileOf(boots[0].attrs.get('src')), 'utf8');
    assert.ok(!/^\s*import\b|\bimport\s*\(/m.test(code), 'the boot module imports another module (not covered by its integrity=)');
    assert.equal(links.filter((l) => /_bg\.wasm$/.test(l.attrs.get('href') ?? '')).length, 0, 'no wasm preload: it would fetch during the parse');
    // (Minified: any spacing, the promise's resolve function renamed.)
    const wait = code.search(/requestAnimationFrame\(\s*\(\)\s*=>\s*setTimeout\(\s*[\w$]+\s*,\s*0\s*\)\s*\)/);
    assert.ok(wait > 0 && wait < code.search(/module_or_path:\s*new Request\(/), 'the wasm is fetched after the first frame');
  });

  test('loads and works under the policy with no violation, and nothing from another origin', T, async () => {
    server.log.length = 0;
    page = await openPage(chromium.browser, server.url('?result=6.0-0021&scenario=offline'));
    await waitForApp(page);
    const j = await figure(page, 'j-per-token');
    assert.ok(near(j.value, 4800 / 32004, 1e-9), `j-per-token ${j.value}`);
    const before_ = await figure(page, 'kwh-per-day');
    await setField(page, 'servers', '3');
    const after_ = await waitForFigure(page, 'kwh-per-day', (f) => f.value !== before_.value);
    assert.ok(near(after_.value, before_.value * 3, 1e-9), `kwh-per-day ${before_.value} -> ${after_.value}`);
    // The page has drawn everything (the sections below the figures come a task later), and every
    // violation it caused has been reported (cspSettled's marker): then there is none.
    await page.waitForSelector('[data-testid="comparison-row"]', { state: 'attached' });
    await cspSettled(page);
    assert.deepEqual(page.recorded.cspViolations, [], 'CSP violations on a normal load');
    assert.deepEqual(page.recorded.outside, []);
    const wasm = server.log.filter((r) => r.url.endsWith('.wasm'));
    assert.equal(wasm.length, 1, `the wasm is fetched once: ${JSON.stringify(server.log)}`);
  });

  // Issue 53: the boot module compiles the wasm in a worker made from its own text (a blob:, which
  // the policy's worker-src allows), off the page's main thread; where no worker can be made, on the
  // main thread as before. Either way the wasm is fetched once: a worker whose module did not reach
  // the page would leave the page to fetch it again.
  const workers = () => {
    const Original = window.Worker;
    window.__made = [];
    if (Original) window.Worker = class extends Original { constructor(url, options) { super(url, options); window.__made.push(String(url)); } };
  };
  for (const [label, init, made] of [
    ['in a worker made from the boot module\'s own text', workers, 1],
    ['on the main thread where the browser has no Worker', () => { window.__made = []; window.Worker = undefined; }, 0],
    // A browser that cannot receive the module the worker posts fires `messageerror`, not `message`.
    ['on the main thread where the module the worker posts cannot be received', () => {
      window.__made = [];
      window.Worker = class {
        constructor(url) {
          window.__made.push(String(url));
          setTimeout(() => this.onmessageerror?.(new MessageEvent('messageerror')), 0);
        }
        postMessage() {}
        terminate() {}
      };
    }, 1],
  ]) {
    test(`the wasm is compiled ${label}, fetched once, under the policy`, T, async () => {
      server.log.length = 0;
      page = await openPage(chromium.browser, server.url('?result=6.0-0021&scenario=offline'), { init });
      await waitForApp(page);
      const j = await figure(page, 'j-per-token');
      assert.ok(near(j.value, 4800 / 32004, 1e-9), `j-per-token ${j.value}`);
      const urls = await page.evaluate(() => window.__made);
      assert.equal(urls.length, made, JSON.stringify(urls));
      for (const u of urls) assert.match(u, /^blob:/);
      await cspSettled(page);
      assert.deepEqual(page.recorded.cspViolations, [], 'CSP violations');
      const wasm = server.log.filter((r) => r.url.endsWith('.wasm'));
      assert.equal(wasm.length, 1, `the wasm is fetched once: ${JSON.stringify(server.log)}`);
    });
  }

  test('the policy is enforced: an injected inline script, eval, a style attribute and a fetch to another origin are blocked and reported', T, async () => {
    page = await openPage(chromium.browser, server.url(''));
    await waitForApp(page);
    assert.deepEqual(problems(page), [], 'not clean before injecting');

    let threw = null;
    try {
      await page.addScriptTag({ content: 'window.__inline = 1' });
    } catch (e) {
      threw = e;
    }
    assert.equal(await page.evaluate(() => window.__inline), undefined, 'the inline script ran');
    assert.ok(threw === null || /Content Security Policy/.test(threw.message), `addScriptTag: ${threw?.message}`);

    // From a timer task: code that Playwright evaluates directly is exempt from the eval check.
    const evalResult = await page.evaluate(
      () =>
        new Promise((resolve) => {
          setTimeout(() => {
            try {
              resolve(`ran: ${(0, eval)('1 + 1')}`);
            } catch (e) {
              resolve(e.name);
            }
          }, 0);
        }),
    );
    assert.equal(evalResult, 'EvalError', 'eval was allowed');

    const styled = await page.evaluate(() => {
      const el = document.createElement('div');
      el.setAttribute('style', 'color: rgb(1, 2, 3)');
      document.body.append(el);
      const colour = getComputedStyle(el).color;
      el.remove();
      return colour;
    });
    assert.notEqual(styled, 'rgb(1, 2, 3)', 'an inline style attribute was applied');

    const fetched = await page.evaluate(async () => {
      try {
        await fetch('http://example.invalid/exfiltrate');
        return 'fetched';
      } catch (e) {
        return e.name;
      }
    });
    assert.equal(fetched, 'TypeError', 'the fetch to another origin was not refused');
    // Chromium queues the `securitypolicyviolation` event as a task of its own, and the binding
    // carries it back over CDP: under load it can arrive after the fetch's rejection. Wait (up to
    // the action timeout) until the four reports are in, then check them and that no fifth follows.
    const deadline = Date.now() + ACTION_TIMEOUT_MS;
    while (page.recorded.cspViolations.length < 4 && Date.now() < deadline) await page.waitForTimeout(100);
    await page.waitForTimeout(300);

    const v = page.recorded.cspViolations;
    const seen = (directive, blocked) => v.some((x) => x.directive === directive && (blocked === undefined || x.blockedURI === blocked));
    assert.ok(seen('script-src-elem', 'inline'), `no script-src-elem violation for the inline script: ${JSON.stringify(v)}`);
    assert.ok(seen('script-src', 'eval'), `no script-src violation for eval: ${JSON.stringify(v)}`);
    assert.ok(seen('style-src-attr', 'inline'), `no style-src-attr violation: ${JSON.stringify(v)}`);
    assert.ok(seen('connect-src', 'http://example.invalid/exfiltrate'), `no connect-src violation: ${JSON.stringify(v)}`);
    assert.equal(v.length, 4, `violations: ${JSON.stringify(v)}`);
    // The CSP refused the fetch before it was sent (the harness records the attempt as outside).
    assert.deepEqual(page.recorded.outside, ["http://example.invalid/exfiltrate (refused by the CSP's connect-src)"]);
    // These are the only problems (Chromium logs each refusal as a console error too): the page
    // is clean again for afterEach once they are consumed.
    const unexpected = problems(page).filter((x) => !/Content Security Policy|csp violation|example\.invalid/.test(x));
    assert.deepEqual(unexpected, []);
    page.recorded.clear();
    assert.deepEqual(problems(page), []);
  });

  test('a changed script, stylesheet or wasm file is refused (Subresource Integrity is enforced)', T, async () => {
    const tmp = await tempDir();
    try {
      const files = await readdir(DIST);
      const boot = files.find((f) => /^boot-[0-9a-f]+\.js$/.test(f));
      const pending = files.find((f) => /^pending-[0-9a-f]+\.js$/.test(f));
      const wasm = files.find((f) => f.endsWith('_bg.wasm') && f.includes('-en-'));
      const wasmDe = files.find((f) => f.endsWith('_bg.wasm') && f.includes('-de-'));
      const css = files.find((f) => f.endsWith('.css'));
      assert.ok(boot && pending && wasm && wasmDe && css, `dist/: ${files.join(', ')}`);
      // A wasm custom section named "x" keeps the module valid: only its hash changes.
      const tamper = {
        [boot]: (b) => Buffer.concat([b, Buffer.from('\n// changed\n')]),
        [pending]: (b) => Buffer.concat([b, Buffer.from('\ndocument.title = "changed";\n')]),
        [css]: (b) => Buffer.concat([b, Buffer.from('\n/* changed */\n')]),
        [wasm]: (b) => Buffer.concat([b, Buffer.from([0x00, 0x02, 0x01, 0x78])]),
        [wasmDe]: (b) => Buffer.concat([b, Buffer.from([0x00, 0x02, 0x01, 0x78])]),
      };
      for (const [name, change] of Object.entries(tamper)) {
        const dir = path.join(tmp.dir, name.replace(/\W/g, '_'));
        await cp(DIST, dir, { recursive: true });
        await writeFile(path.join(dir, name), change(await readFile(path.join(dir, name))));
        const server = await serve({ root: dir });
        // Each language's wasm on a page of its language.
        const p = await openPage(chromium.browser, server.url(name === wasmDe ? '?lang=de' : ''));
        try {
          // Wait for the browser to report the failed check, then give a run that should not
          // happen a moment to happen.
          const until = Date.now() + 10_000;
          const report = () => [...p.recorded.consoleErrors, ...p.recorded.pageErrors].join('\n');
          while (!/integrity/i.test(report()) && Date.now() < until) await p.waitForTimeout(50);
          assert.match(report(), /integrity/i, `no integrity failure reported for a changed ${name}`);
          await p.waitForTimeout(300);
          if (name === pending) {
            assert.notEqual(await p.title(), 'changed', 'the changed boot script ran');
          } else if (name === css) {
            await waitForApp(p);
            assert.equal(await p.evaluate(() => document.styleSheets.length), 0, 'the changed stylesheet was applied');
          } else {
            // The figures are prerendered: the app ran if it went live.
            const mounted = (await p.locator('html[data-app="live"]').count()) > 0;
            assert.equal(mounted, false, `the app ran with a changed ${name}`);
          }
        } finally {
          await closePage(p);
          await server.close();
        }
      }
    } finally {
      await tmp.remove();
    }
  });
});

describe('docs/hosting', () => {
  let server;
  before(async () => {
    server = await serve({ headers: hostingHeaders() });
  });
  after(async () => {
    await server?.close();
  });

  test('_headers and nginx.conf send the page\'s own policy plus frame-ancestors *', async () => {
    const meta = metaPolicy(html);
    const { headers, nginx } = hostingPolicies();
    assert.equal(headers.length, 1, `_headers sets Content-Security-Policy ${headers.length} times`);
    assert.equal(nginx.length, 1, `nginx.conf sets Content-Security-Policy ${nginx.length} times`);
    const expected = `${meta}; frame-ancestors *`;
    assert.equal(headers[0], expected, '_headers policy differs from the page\'s (+ frame-ancestors *)');
    assert.equal(nginx[0], expected, 'nginx.conf policy differs from the page\'s (+ frame-ancestors *)');
    const conf = await readFile(path.join(HOSTING, 'nginx.conf'), 'utf8');
    assert.match(conf, /application\/wasm\s+wasm;/);
    assert.match(conf, /immutable/);
    assert.ok(!/X-Frame-Options/i.test(conf.replace(/^\s*#.*$/gm, '')), 'nginx.conf sends X-Frame-Options');
  });

  test('_headers: one value per header, no-cache for the page, a year only for hashed files', async () => {
    const rules = parseHeadersFile(await readFile(path.join(HOSTING, '_headers'), 'utf8'));
    // Every file but the pages, the service worker and the preview image is named by its hash.
    const UNHASHED = { 'sw.js': 'no-cache', 'preview.png': 'public, max-age=86400', 'method.html': 'no-cache' };
    const files = (await readdir(DIST)).filter((f) => f !== 'index.html');
    assert.deepEqual(Object.keys(UNHASHED).filter((f) => !files.includes(f)), [], 'dist/ has the service worker, the preview and the method page');
    for (const f of files.filter((f) => !(f in UNHASHED))) {
      // Trunk writes the 64-bit hash in hex without leading zeros: 16 digits, now and then fewer.
      assert.match(f, /-[0-9a-f]{12,16}(_bg)?\.(js|css|wasm)$/, `${f} is not named by hash: a year-long cache would serve it stale`);
    }
    for (const p of ['/', '/index.html', ...files.map((f) => `/${f}`)]) {
      const { headers, joined } = headersFor(rules, p);
      assert.deepEqual(joined, [], `${p}: headers set by two rules (the host would join them with a comma)`);
      assert.equal(headers['X-Content-Type-Options'], 'nosniff', `${p}: X-Content-Type-Options`);
      const cache = headers['Cache-Control'];
      if (p === '/' || p === '/index.html') assert.equal(cache, 'no-cache', `${p}: Cache-Control`);
      else if (p.slice(1) in UNHASHED) assert.equal(cache, UNHASHED[p.slice(1)], `${p}: Cache-Control`);
      else assert.equal(cache, 'public, max-age=31536000, immutable', `${p}: Cache-Control`);
      if (p.endsWith('.wasm')) assert.equal(headers['Content-Type'], 'application/wasm');
    }
  });

  test('_headers, nginx.conf and docs/hosting/README.md agree on caching, Referrer-Policy and nosniff for every file', async () => {
    const rules = parseHeadersFile(await readFile(path.join(HOSTING, '_headers'), 'utf8'));
    const locations = parseNginxLocations(await readFile(path.join(HOSTING, 'nginx.conf'), 'utf8'));
    const readme = await readFile(path.join(HOSTING, 'README.md'), 'utf8');
    const files = (await readdir(DIST)).filter((f) => f !== 'index.html');
    for (const p of ['/', '/index.html', ...files.map((f) => `/${f}`)]) {
      const netlify = headersFor(rules, p).headers;
      const nginx = nginxHeadersFor(locations, p);
      for (const name of ['Cache-Control', 'Referrer-Policy', 'X-Content-Type-Options']) {
        assert.ok(netlify[name], `_headers sends no ${name} for ${p}`);
        assert.equal(nginx[name], netlify[name], `${p}: ${name} in nginx.conf and _headers`);
      }
    }
    // The README's table states the same values.
    const row = (start) => readme.split('\n').find((l) => l.startsWith(start)) ?? '';
    assert.ok(row('| `preview.png` |').includes(`\`Cache-Control: ${headersFor(rules, '/preview.png').headers['Cache-Control']}\``), row('| `preview.png` |'));
    const referrer = headersFor(rules, '/').headers['Referrer-Policy'];
    assert.ok(readme.includes(`| all | \`Referrer-Policy: ${referrer}\` |`), 'the README states the Referrer-Policy');
    // The resolver sees what it should: an exact location beats a regex, a regex beats a prefix.
    const planted = parseNginxLocations('location / {\n    add_header A "prefix";\n}\nlocation ~* "\\.js$" {\n    add_header A "regex";\n}\nlocation = /x.js {\n    add_header A "exact";\n}\n');
    assert.deepEqual(['/', '/y.js', '/x.js'].map((p) => nginxHeadersFor(planted, p).A), ['prefix', 'regex', 'exact']);
  });

  test('the page works served with the headers of _headers (header and meta policy both enforced)', T, async () => {
    page = await openPage(chromium.browser, server.url('?card=l40s&gpus=4&servers=2'));
    await waitForApp(page);
    const kwh = await figure(page, 'kwh-per-day');
    assert.ok(near(kwh.value, (350 * 4 * 2 * 24) / 1000, 1e-9), `kwh-per-day ${kwh.value}`);
    const res = await page.request.get(server.url(''));
    assert.match(res.headers()['content-security-policy'] ?? '', /frame-ancestors \*/);
    assert.equal(res.headers()['cache-control'], 'no-cache');
    await page.waitForSelector('[data-testid="comparison-row"]', { state: 'attached' });
    await cspSettled(page);
    assert.deepEqual(page.recorded.cspViolations, []);
  });
});
