// The release's precompressed files (issue 53), served by Debian's nginx with the documented
// configuration (docs/hosting/nginx.conf, its `root` set to the unpacked site/ and its brotli_static
// line taken in, as its comment says to where the module is installed): each page file's .gz and .br
// are what nginx sends, byte for byte, to a client that asks for that encoding; a client that asks
// for none gets the file itself; and the page, opened through nginx, computes with no console error.
// .ci/setup installs nginx-light and libnginx-mod-http-brotli-static for it.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { after, before, test } from 'node:test';
import zlib from 'node:zlib';
import { Calculator, DIST, REPO, cleanPageAfterEach, figure, sharedBrowser, tempDir } from './harness.mjs';

const T = { timeout: 180_000 };
const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const chromium = sharedBrowser();
const dirs = [];
let nginx = null;
let base = '';
let site = '';
let page = null;

/** A port no one listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** GET `url` with these request headers; the status, headers and body bytes as sent (not decoded). */
function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

before(async () => {
  assert.ok(existsSync(NGINX), `${NGINX} is missing: bash .ci/setup test installs Debian's nginx-light`);
  assert.ok(existsSync(BROTLI_STATIC), `${BROTLI_STATIC} is missing: bash .ci/setup test installs libnginx-mod-http-brotli-static`);
  const d = await tempDir('token-energy-nginx-');
  dirs.push(d);
  // The release, made from the built dist/ as a web team gets it, unpacked.
  const out = path.join(d.dir, 'out');
  execFileSync('bash', [path.join(REPO, '.ci', 'release'), '--dist', DIST, '--out', out], { encoding: 'utf8' });
  const archive = readdirSync(out).find((f) => f.endsWith('.tar.gz'));
  execFileSync('tar', ['-xzf', path.join(out, archive), '-C', d.dir]);
  const top = readdirSync(d.dir).find((f) => f.startsWith('token-energy-'));
  site = path.join(d.dir, top, 'site');

  // The documented lines, as a web team puts them in a server block: its root is the site, and the
  // brotli_static line is taken in (the module is installed).
  const documented = readFileSync(path.join(d.dir, top, 'hosting', 'nginx.conf'), 'utf8');
  assert.match(documented, /^root \/srv\/token-energy;$/m);
  assert.match(documented, /^gzip_static on;$/m);
  assert.match(documented, /^# brotli_static on;$/m);
  const lines = documented.replace(/^root \/srv\/token-energy;$/m, `root ${site};`).replace(/^# brotli_static on;$/m, 'brotli_static on;');
  const port = await freePort();
  const conf = path.join(d.dir, 'nginx-test.conf');
  writeFileSync(
    conf,
    [
      `load_module ${BROTLI_STATIC};`,
      'daemon off;',
      'master_process off;',
      // As root (a CI container), nginx would read the files as nobody, who cannot enter the temp folder.
      process.getuid?.() === 0 ? 'user root;' : '',
      `pid ${d.dir}/nginx.pid;`,
      `error_log ${d.dir}/error.log;`,
      'events {}',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      `  client_body_temp_path ${d.dir}/body;`,
      `  proxy_temp_path ${d.dir}/proxy;`,
      `  fastcgi_temp_path ${d.dir}/fastcgi;`,
      `  uwsgi_temp_path ${d.dir}/uwsgi;`,
      `  scgi_temp_path ${d.dir}/scgi;`,
      '  server {',
      `    listen 127.0.0.1:${port};`,
      lines,
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  execFileSync(NGINX, ['-t', '-e', `${d.dir}/error.log`, '-c', conf], { encoding: 'utf8', stdio: 'pipe' });
  nginx = spawn(NGINX, ['-e', `${d.dir}/error.log`, '-c', conf], { stdio: 'ignore' });
  base = `http://127.0.0.1:${port}/`;
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      if ((await get(base)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until) throw new Error(`nginx did not answer on ${base}: ${readFileSync(`${d.dir}/error.log`, 'utf8')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
});
after(async () => {
  nginx?.kill('SIGTERM');
  for (const d of dirs) await d.remove();
});
cleanPageAfterEach('precompressed', () => {
  const p = page;
  page = null;
  return p;
});

test('nginx with the documented configuration sends each page file\'s .gz and .br as they are, and the file to a client that asks for neither', T, async () => {
  const pages = readdirSync(site).filter((f) => /\.(html|js|css|wasm)$/.test(f));
  // The page, its three scripts, the stylesheet, a wasm per language, the service worker and the
  // method page.
  assert.equal(pages.length, 9, pages.join(', '));
  assert.ok(pages.includes('index.html') && pages.includes('sw.js') && pages.some((f) => f.endsWith('_bg.wasm')), pages.join(', '));
  const types = { html: /^text\/html/, js: /^(text|application)\/javascript/, css: /^text\/css/, wasm: /^application\/wasm$/ };
  for (const f of pages) {
    const file = readFileSync(path.join(site, f));
    const url = base + (f === 'index.html' ? '' : f);
    const type = types[f.split('.').pop()];
    for (const [encoding, suffix, decode] of [['gzip', '.gz', zlib.gunzipSync], ['br', '.br', zlib.brotliDecompressSync]]) {
      const copy = readFileSync(path.join(site, f + suffix));
      // The copy holds the file (decoded here with zlib's own decoder) and is smaller.
      assert.ok(decode(copy).equals(file), `${f}${suffix} holds ${f}`);
      assert.ok(copy.length < file.length, `${f}${suffix}: ${copy.length} B < ${file.length} B`);
      const r = await get(url, { 'Accept-Encoding': encoding });
      assert.equal(r.status, 200, `${f} (${encoding})`);
      assert.equal(r.headers['content-encoding'], encoding, `${f}: sent as ${encoding}`);
      // The precompressed copy itself, not compressed again as it is sent (that would have no length
      // ahead and other bytes).
      assert.equal(Number(r.headers['content-length']), copy.length, `${f}: the length of ${f}${suffix}`);
      assert.ok(r.body.equals(copy), `${f}: the bytes of ${f}${suffix}`);
      assert.match(r.headers['content-type'], type, `${f}: ${r.headers['content-type']}`);
      assert.match(r.headers.vary ?? '', /Accept-Encoding/i, `${f}: Vary`);
    }
    const plain = await get(url, { 'Accept-Encoding': 'identity' });
    assert.equal(plain.headers['content-encoding'], undefined, `${f}: no encoding asked, none sent`);
    assert.ok(plain.body.equals(file), `${f}: the file itself`);
  }
  // The documented headers still come with the precompressed copies.
  const wasm = pages.find((f) => f.endsWith('_bg.wasm'));
  assert.equal((await get(base + wasm, { 'Accept-Encoding': 'br' })).headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.equal((await get(base, { 'Accept-Encoding': 'gzip' })).headers['cache-control'], 'no-cache');
});

test('the page, served by nginx from the precompressed files, computes with no console error', T, async () => {
  const c = await Calculator.open(chromium.browser, `${base}?result=6.0-0021&scenario=offline&model=llama2-70b-99&lang=de`);
  page = c.page;
  const results = JSON.parse(readFileSync(path.join(REPO, 'data', 'results.json'), 'utf8'));
  const row = results.find((r) => r.id === '6.0-0021' && r.benchmark === 'llama2-70b-99' && r.scenario === 'offline');
  const j = await figure(c.page, 'j-per-token');
  assert.ok(Math.abs(j.value - (8 * 600) / row.tokens_per_s) < 1e-9, `${j.value}`);
  // The page arrived as one of its precompressed copies (Chromium asks for br over HTTPS only), and
  // every file it names with integrity= held.
  const encoded = await c.page.evaluate(() => performance.getEntriesByType('navigation')[0].encodedBodySize);
  const copies = ['.gz', '.br'].map((s) => readFileSync(path.join(site, `index.html${s}`)).length);
  assert.ok(copies.includes(encoded), `the page came as ${encoded} B, not as its .gz or .br (${copies.join(', ')} B)`);
});
