// The release command (issue 29): `bash .ci/release` on the built dist/ gives an archive, its
// SHA-256 and the CHANGELOG entry; the archive, unpacked as a web team would, is served under a
// prefix and opened in the browser.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import zlib from 'node:zlib';
import { Calculator, DIST, REPO, cleanPageAfterEach, closePage, figure, serve, sharedBrowser, tempDir } from './harness.mjs';

const T = { timeout: 180_000 };
const chromium = sharedBrowser();
const dirs = [];
let server = null;
let page = null;
after(async () => {
  await server?.close();
  for (const d of dirs) await d.remove();
});
cleanPageAfterEach('release', () => {
  const p = page;
  page = null;
  return p;
});

const release = (out) => execFileSync('bash', [path.join(REPO, '.ci', 'release'), '--dist', DIST, '--out', out], { encoding: 'utf8', env: { ...process.env, SOURCE_DATE_EPOCH: '1764806400' } });

test('the release command gives the archive, its SHA-256 and the CHANGELOG entry; served unpacked, the page computes', T, async () => {
  const version = /^version = "([^"]+)"/m.exec(readFileSync(path.join(REPO, 'Cargo.toml'), 'utf8'))[1];
  const data = JSON.parse(readFileSync(path.join(REPO, 'data', 'meta.json'), 'utf8')).data_version;
  const d = await tempDir('token-energy-release-');
  dirs.push(d);
  const out = path.join(d.dir, 'out');
  const log = release(out);
  const file = `token-energy-${version}-data-${data}.tar.gz`;
  assert.deepEqual(readdirSync(out).sort(), [`token-energy-${version}-data-${data}.md`, file, `${file}.sha256`].sort(), log);

  // The SHA-256, computed here, is the one written beside it (in sha256sum's format).
  const bytes = readFileSync(path.join(out, file));
  const sha = createHash('sha256').update(bytes).digest('hex');
  assert.equal(readFileSync(path.join(out, `${file}.sha256`), 'utf8'), `${sha}  ${file}\n`);
  execFileSync('sha256sum', ['-c', `${file}.sha256`], { cwd: out });
  // Reproducible: the same commit and dist give the same bytes.
  const again = path.join(d.dir, 'again');
  release(again);
  assert.equal(createHash('sha256').update(readFileSync(path.join(again, file))).digest('hex'), sha);

  // The CHANGELOG entry, from its heading to the next.
  const changelog = readFileSync(path.join(REPO, 'CHANGELOG.md'), 'utf8');
  const start = changelog.indexOf(`## ${version} — data ${data}`);
  assert.ok(start >= 0, 'CHANGELOG.md has the entry');
  const next = changelog.indexOf('\n## ', start + 3);
  const entry = changelog.slice(start, next < 0 ? undefined : next + 1).trimEnd() + '\n';
  assert.equal(readFileSync(path.join(out, `token-energy-${version}-data-${data}.md`), 'utf8'), entry);

  // Unpacked: the site, the licences, the entry and the hosting notes.
  const unpacked = path.join(d.dir, 'unpacked');
  execFileSync('mkdir', ['-p', unpacked]);
  execFileSync('tar', ['-xzf', path.join(out, file), '-C', unpacked]);
  const top = path.join(unpacked, `token-energy-${version}`);
  assert.deepEqual(readdirSync(top).sort(), ['BRANDING.md', 'CHANGES.md', 'LICENSE', 'THIRD-PARTY-LICENSES.md', 'branding', 'hosting', 'site']);
  assert.deepEqual(readdirSync(path.join(top, 'branding')).sort(), ['brand.mjs', 'cards.json', 'precompress.mjs', 'sw.mjs', 'vendor.example.json', 'vendor.mjs']);
  // BRANDING.md speaks of this release, and of the command as the archive holds it.
  const branding = readFileSync(path.join(top, 'BRANDING.md'), 'utf8');
  assert.ok(branding.includes(`token-energy-${version}`) && branding.includes(data) && !branding.includes('<version>'), 'BRANDING.md names the release');
  assert.ok(branding.includes('node branding/brand.mjs vendor.json site'), 'BRANDING.md gives the command');
  assert.equal(readFileSync(path.join(top, 'CHANGES.md'), 'utf8'), entry);
  assert.equal(readFileSync(path.join(top, 'LICENSE'), 'utf8'), readFileSync(path.join(REPO, 'LICENSE'), 'utf8'));
  // site/ is dist/, and beside each file but the preview image its .gz and .br (issue 53), which hold
  // its bytes (read back with zlib's decoders).
  const compressed = readdirSync(DIST).filter((f) => f !== 'preview.png');
  assert.deepEqual(readdirSync(path.join(top, 'site')).sort(), [...readdirSync(DIST), ...compressed.flatMap((f) => [`${f}.gz`, `${f}.br`])].sort());
  for (const f of readdirSync(DIST)) {
    assert.ok(readFileSync(path.join(top, 'site', f)).equals(readFileSync(path.join(DIST, f))), `site/${f} is dist/${f}`);
  }
  for (const f of compressed) {
    assert.ok(zlib.gunzipSync(readFileSync(path.join(top, 'site', `${f}.gz`))).equals(readFileSync(path.join(DIST, f))), `site/${f}.gz`);
    assert.ok(zlib.brotliDecompressSync(readFileSync(path.join(top, 'site', `${f}.br`))).equals(readFileSync(path.join(DIST, f))), `site/${f}.br`);
  }

  // Served under a prefix, as a web team would, and opened.
  server = await serve({ root: path.join(top, 'site'), prefix: '/tools/energy/' });
  const c = await Calculator.open(chromium.browser, server.url('?result=6.0-0021&scenario=offline&model=llama2-70b-99'));
  page = c.page;
  const results = JSON.parse(readFileSync(path.join(REPO, 'data', 'results.json'), 'utf8'));
  const row = results.find((r) => r.id === '6.0-0021' && r.benchmark === 'llama2-70b-99' && r.scenario === 'offline');
  const j = await figure(c.page, 'j-per-token');
  assert.ok(Math.abs(j.value - (8 * 600) / row.tokens_per_s) < 1e-9, `${j.value}`);
  await c.el('data-version').waitFor({ state: 'attached' });
  assert.match(await c.el('data-version').textContent(), new RegExp(data.replace(/\./g, '\\.')));
  await server.close();
  server = null;
  // Closed with the harness's clean check (console errors, panics, CSP reports), not unchecked.
  await closePage(c.page, { check: true, name: 'release-prefixed' });
  page = null;

  // Branded as BRANDING.md says, with Node alone: the archive's own command and example vendor file.
  const example = path.join(top, 'branding', 'vendor.example.json');
  const vendor = JSON.parse(readFileSync(example, 'utf8'));
  assert.ok(vendor.name && vendor.host, 'the example vendor file has a name and a host');
  const site = path.join(top, 'site');
  const beforeBranding = Object.fromEntries(readdirSync(site).map((f) => [f, readFileSync(path.join(site, f))]));
  const said = execFileSync(process.execPath, [path.join(top, 'branding', 'brand.mjs'), example, site], { encoding: 'utf8' });
  assert.match(said, /vendor "/, said);
  // Only the pages (the calculator and its method page, which get the vendor's meta) and the service
  // worker change, and their precompressed copies with them (which hold the branded bytes): every
  // file the page names with integrity= is as built.
  const changed = readdirSync(site).filter((f) => !beforeBranding[f]?.equals(readFileSync(path.join(site, f))));
  assert.deepEqual(changed.sort(), ['index.html', 'index.html.br', 'index.html.gz', 'method.html', 'method.html.br', 'method.html.gz', 'sw.js', 'sw.js.br', 'sw.js.gz']);
  for (const f of ['index.html', 'sw.js']) {
    assert.ok(zlib.gunzipSync(readFileSync(path.join(site, `${f}.gz`))).equals(readFileSync(path.join(site, f))), `${f}.gz branded`);
    assert.ok(zlib.brotliDecompressSync(readFileSync(path.join(site, `${f}.br`))).equals(readFileSync(path.join(site, f))), `${f}.br branded`);
  }
  const html = readFileSync(path.join(site, 'index.html'), 'utf8');
  for (const [, file, integrity] of html.matchAll(/(?:src|href)="\.\/([^"]+)" integrity="(sha384-[^"]+)"/g)) {
    assert.equal(integrity, `sha384-${createHash('sha384').update(readFileSync(path.join(site, file))).digest('base64')}`, file);
  }
  // The loading page of a German link names the vendor in German (the build's words, src/i18n/).
  assert.ok(html.includes(`Bereitgestellt von ${vendor.name}`), 'the loading page names the vendor in German');
  // The service worker keeps the branded page: its version hashes the new files.
  assert.ok(!readFileSync(path.join(site, 'sw.js')).equals(beforeBranding['sw.js']));

  server = await serve({ root: site, prefix: '/tools/energy/' });
  // Without JavaScript: the prerendered page names the vendor.
  const noJs = await chromium.browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' });
  try {
    const p = await noJs.newPage();
    await p.goto(server.url(''), { waitUntil: 'load' });
    assert.equal(await p.locator('[data-testid="vendor"]').innerText(), `Offered by ${vendor.name}`);
    assert.ok(await p.locator('[data-testid="j-per-token"]').isVisible(), 'the prerendered figures show');
  } finally {
    await noJs.close();
  }
  // With JavaScript: before the app runs, and once it runs, the vendor's name; the page computes,
  // with no console error and no policy report (the harness's clean check after the test).
  const b = await Calculator.open(chromium.browser, server.url(''));
  page = b.page;
  assert.match(await b.el('vendor').innerText(), new RegExp(`Offered by ${vendor.name}`));
  assert.equal(await b.el('request-quote-mail').count(), 1, 'the vendor file\'s mailto gives "Request a quote"');
  const bare = await figure(b.page, 'j-per-token');
  assert.ok(Math.abs(bare.value - (8 * 600) / row.tokens_per_s) < 1e-9, `${bare.value}`);
  assert.deepEqual(b.page.recorded.cspViolations, []);
  assert.deepEqual(b.page.recorded.consoleErrors, []);
});
