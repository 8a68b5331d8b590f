// The service worker's list and the precompressed copies (issue 53) on a fake site folder, no build,
// no browser: the worker keeps the page's own files only, never a host's configuration beside them
// or a precompressed copy; precompress.mjs writes a .gz and a .br beside each page file that holds
// its bytes (read back with zlib's decoders), keeps them when they are true, and makes them again or
// removes them when their file changed or went.
//
//   node --test tests/build/
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import zlib from 'node:zlib';
import { serviceWorker, siteFiles } from '../../static/build/sw.mjs';
import { hasPrecompressed, precompress } from '../../static/build/precompress.mjs';

const made = [];
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

const PAGE = {
  'index.html': '<!doctype html><html><head><title>t</title></head><body>' + 'figures '.repeat(200) + '</body></html>',
  'boot-0123456789abcdef.js': 'export const a = 1;\n'.repeat(100),
  'offline-fedcba98.js': 'navigator.serviceWorker;\n'.repeat(50),
  'style-a1b2c3d4e5f60718.css': 'body { margin: 0 }\n'.repeat(80),
  'token-energy-6b10b3b1f900f570_bg.wasm': Buffer.from(Array.from({ length: 4000 }, (_, i) => (i % 17 === 0 ? i % 251 : 0))),
  'preview.png': Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]),
};
const HOST = {
  _headers: '/*\n  X-Content-Type-Options: nosniff\n',
  _redirects: '/old / 301\n',
  'nginx.conf': 'gzip_static on;\n',
  '.htaccess': 'AddType application/wasm .wasm\n',
  'BRANDING.md': '# Branding\n',
  'notes.txt': 'the web team\'s own\n',
};

function site(files) {
  const dir = mkdtempSync(path.join(tmpdir(), 'token-energy-site-'));
  made.push(dir);
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), body);
  return dir;
}

const listed = (dir) => JSON.parse(/const FILES = (\[[^\n]*\]);/.exec(readFileSync(path.join(dir, 'sw.js'), 'utf8'))[1]);

test('the worker keeps the page\'s own files, never the host\'s configuration or precompressed copies', () => {
  const dir = site({ ...PAGE, ...HOST, 'index.html.gz': 'x', 'boot-0123456789abcdef.js.br': 'y' });
  assert.deepEqual(siteFiles(dir), Object.keys(PAGE).sort());
  const said = serviceWorker(dir, '2026.12.9');
  // The page itself as ./, every page file but the preview image; the others named in the log.
  assert.deepEqual(listed(dir).sort(), ['./', './boot-0123456789abcdef.js', './offline-fedcba98.js', './style-a1b2c3d4e5f60718.css', './token-energy-6b10b3b1f900f570_bg.wasm']);
  assert.match(said[0], /6 files kept .*not kept: \.htaccess, BRANDING\.md, _headers, _redirects, nginx\.conf, notes\.txt\)$/, said[0]);
  // A file the page names (a vendor's logo beside it) is the page's too.
  const logo = site({ ...PAGE, ...HOST, 'index.html': PAGE['index.html'].replace('<body>', '<body><img src="logo.svg" alt="">'), 'logo.svg': '<svg/>' });
  assert.deepEqual(siteFiles(logo), [...Object.keys(PAGE), 'logo.svg'].sort());
  // Issue 53: what only a <noscript> names (method.html, for a reader without JavaScript) is never
  // fetched by a page that runs the worker: not kept.
  const noscript = site({ ...PAGE, 'index.html': PAGE['index.html'].replace('<body>', '<body><noscript><p>No script. <a href="method.html">Method</a>.</p></noscript>'), 'method.html': '<!doctype html><title>m</title>' });
  assert.deepEqual(siteFiles(noscript), Object.keys(PAGE).sort());
  // The host's files do not change the worker's version: the same page with and without them.
  const bare = site(PAGE);
  serviceWorker(bare, '2026.12.9');
  assert.equal(readFileSync(path.join(bare, 'sw.js'), 'utf8'), readFileSync(path.join(dir, 'sw.js'), 'utf8'));
});

test('precompress writes a .gz and a .br beside each page file that hold its bytes, and keeps them true', () => {
  const dir = site({ ...PAGE, ...HOST });
  serviceWorker(dir, '2026.12.9');
  assert.equal(hasPrecompressed(dir), false);
  precompress(dir);
  assert.equal(hasPrecompressed(dir), true);
  const text = ['boot-0123456789abcdef.js', 'index.html', 'offline-fedcba98.js', 'style-a1b2c3d4e5f60718.css', 'sw.js', 'token-energy-6b10b3b1f900f570_bg.wasm'];
  const expected = [...Object.keys(PAGE), ...Object.keys(HOST), 'sw.js', ...text.flatMap((f) => [`${f}.gz`, `${f}.br`])].sort();
  assert.deepEqual(readdirSync(dir).sort(), expected, 'no copy of the image or the host\'s files');
  for (const f of text) {
    const body = readFileSync(path.join(dir, f));
    const gz = readFileSync(path.join(dir, `${f}.gz`));
    const br = readFileSync(path.join(dir, `${f}.br`));
    assert.ok(zlib.gunzipSync(gz).equals(body), `${f}.gz`);
    assert.ok(zlib.brotliDecompressSync(br).equals(body), `${f}.br`);
    assert.ok(gz.length < body.length && br.length < body.length, `${f}: ${gz.length}, ${br.length} < ${body.length}`);
  }
  // Twice: nothing written (the copies' times stay).
  const times = Object.fromEntries(readdirSync(dir).map((f) => [f, statSync(path.join(dir, f)).mtimeMs]));
  assert.match(precompress(dir)[0], /0 written, 0 stale removed/);
  for (const f of readdirSync(dir)) assert.equal(statSync(path.join(dir, f)).mtimeMs, times[f], f);
  // The page changed (branding): its copies are made again; a file gone takes its copies with it.
  writeFileSync(path.join(dir, 'index.html'), PAGE['index.html'].replace('<title>t', '<title>Example GPU Servers'));
  rmSync(path.join(dir, 'offline-fedcba98.js'));
  assert.match(precompress(dir)[0], /2 written, 2 stale removed/);
  assert.ok(zlib.gunzipSync(readFileSync(path.join(dir, 'index.html.gz'))).toString().includes('Example GPU Servers'));
  assert.ok(zlib.brotliDecompressSync(readFileSync(path.join(dir, 'index.html.br'))).toString().includes('Example GPU Servers'));
  assert.ok(!existsSync(path.join(dir, 'offline-fedcba98.js.gz')) && !existsSync(path.join(dir, 'offline-fedcba98.js.br')));
});
