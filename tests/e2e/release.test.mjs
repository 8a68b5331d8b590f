// The release command (issue 29): `bash .ci/release` on the built dist/ gives an archive, its
// SHA-256 and the CHANGELOG entry; the archive, unpacked as a web team would, is served under a
// prefix and opened in the browser.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { Calculator, DIST, REPO, cleanPageAfterEach, figure, serve, sharedBrowser, tempDir } from './harness.mjs';

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
  assert.deepEqual(readdirSync(top).sort(), ['CHANGES.md', 'LICENSE', 'THIRD-PARTY-LICENSES.md', 'hosting', 'site']);
  assert.equal(readFileSync(path.join(top, 'CHANGES.md'), 'utf8'), entry);
  assert.equal(readFileSync(path.join(top, 'LICENSE'), 'utf8'), readFileSync(path.join(REPO, 'LICENSE'), 'utf8'));
  assert.deepEqual(readdirSync(path.join(top, 'site')).sort(), readdirSync(DIST).sort());
  for (const f of readdirSync(DIST)) {
    assert.ok(readFileSync(path.join(top, 'site', f)).equals(readFileSync(path.join(DIST, f))), `site/${f} is dist/${f}`);
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
});
