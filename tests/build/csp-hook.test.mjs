// static/build/csp.mjs (Trunk's post_build hook) against what Trunk 0.21.14 hands it:
// tests/fixtures/trunk-0.21.14/ was captured from a release build's staging directory. No browser,
// no build: each test hardens a copy of the fixture in a temporary directory.
//
//   node --test tests/build/
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { POLICY, harden, parseAttrs } from '../../static/build/csp.mjs';
import { FIXTURE, ROOT, stagingCopies } from './fixture.mjs';

const HOOK = path.join(ROOT, 'static/build/csp.mjs');
const GLUE = 'token-energy-6b10b3b1f900f570.js';
const WASM = 'token-energy-6b10b3b1f900f570_bg.wasm';

/** A copy of the fixture (index.html changed by `edit`, if given); returns its path. */
const staging = stagingCopies('csp-hook-');

const read = (dir, name) => readFileSync(path.join(dir, name), 'utf8');
const sri = (text) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
const tags = (html, name) => [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))].map((m) => parseAttrs(m[1]));
const scriptBodies = (html) => [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script\s*>/gi)].map((m) => m[1]);

test('the fixture is what Trunk 0.21.14 writes: an inline module loader, SRI preloads, hashed names', () => {
  const html = read(FIXTURE, 'index.html');
  const [loader, ...more] = scriptBodies(html);
  assert.equal(more.length, 0);
  assert.match(loader, new RegExp(`^import init, \\* as bindings from '\\./${GLUE}';`));
  assert.match(loader, new RegExp(`module_or_path: '\\./${WASM}'`));
  const links = tags(html, 'link');
  const rel = (r) => links.find((l) => l.get('rel') === r);
  assert.equal(rel('modulepreload').get('href'), `./${GLUE}`);
  assert.equal(rel('modulepreload').get('integrity'), sri(read(FIXTURE, GLUE)), "Trunk's integrity of the glue");
  assert.equal(rel('preload').get('href'), `./${WASM}`);
  assert.match(rel('preload').get('integrity'), /^sha384-/);
  assert.equal(rel('stylesheet').get('integrity'), sri(read(FIXTURE, 'style-fce0abf5fceb3fd2.css')));
  assert.ok(!html.includes('Content-Security-Policy'));
});

test('a release build minifies the boot script: smaller, valid, still fetching the wasm with its integrity, its name and integrity its own (issue 53)', () => {
  const plain = staging();
  harden(plain);
  const small = staging();
  harden(small, { minify: true });
  const bootOf = (dir) => {
    const [script] = tags(read(dir, 'index.html'), 'script');
    const name = script.get('src').replace(/^\.\//, '');
    return { name, integrity: script.get('integrity'), code: read(dir, name) };
  };
  const [a, b] = [bootOf(plain), bootOf(small)];
  assert.ok(b.code.length < a.code.length * 0.75, `${b.code.length} B minified against ${a.code.length} B`);
  assert.equal(b.name, `boot-${createHash('sha256').update(b.code).digest('hex').slice(0, 16)}.js`);
  assert.equal(b.integrity, sri(b.code));
  assert.doesNotThrow(() => execFileSync(process.execPath, ['--check', '--input-type=module'], { input: b.code }), 'valid JavaScript');
  const wasmIntegrity = tags(read(FIXTURE, 'index.html'), 'link').find((l) => l.get('rel') === 'preload').get('integrity');
  assert.match(b.code, new RegExp(`new Request\\(["']\\./${WASM.replace(/\./g, '\\.')}["'],\\s*\\{\\s*integrity:\\s*["']${wasmIntegrity.replace(/[+/]/g, (c) => `\\${c}`)}["']\\s*\\}\\)`));
  assert.ok(!b.code.includes('// Trunk'), 'no comments');
});

test('moves the loader, joined to the glue, into boot-<hash>.js with SRI, and adds the CSP meta', () => {
  const dir = staging();
  const log = harden(dir);
  const html = read(dir, 'index.html');

  // One external script, boot-<16 hex of its SHA-256>.js, whose integrity= is its own SHA-384.
  const scripts = tags(html, 'script');
  assert.equal(scripts.length, 1, html);
  const [script] = scripts;
  const name = script.get('src').replace(/^\.\//, '');
  assert.match(name, /^boot-[0-9a-f]{16}\.js$/);
  const boot = read(dir, name);
  assert.equal(name, `boot-${createHash('sha256').update(boot).digest('hex').slice(0, 16)}.js`);
  assert.equal(script.get('integrity'), sri(boot));
  assert.equal(script.get('type'), 'module');
  assert.deepEqual(scriptBodies(html), [''], 'no inline script left');
  assert.deepEqual(log, [`index.html: CSP meta; inline script moved to ${name}`]);

  // The boot file is the glue followed by Trunk's loader, which fetches the wasm with the integrity
  // of Trunk's preload; the glue's own file and modulepreload are gone.
  const glue = read(FIXTURE, GLUE);
  assert.ok(boot.startsWith(glue.trimEnd()), 'boot starts with the glue');
  const wasmIntegrity = tags(read(FIXTURE, 'index.html'), 'link').find((l) => l.get('rel') === 'preload').get('integrity');
  assert.ok(boot.includes(`module_or_path: new Request('./${WASM}', { integrity: '${wasmIntegrity}' })`), boot.slice(-600));
  assert.ok(boot.includes('const init = __wbg_init;'), boot.slice(-600));
  assert.ok(boot.includes('const bindings = Object.freeze({ "initSync": initSync, "default": __wbg_init });'));
  assert.ok(!/^\s*import\b/m.test(boot), 'the boot file imports nothing');
  assert.ok(!existsSync(path.join(dir, GLUE)), 'the glue file was removed');
  assert.ok(!html.includes(GLUE), 'nothing refers to the glue any more');
  assert.equal(tags(html, 'link').filter((l) => l.get('rel') === 'modulepreload').length, 0);
  // The wasm is fetched once, by the loader after the first frame: its preload (which would fetch
  // it during the parse) is gone, and the wait comes right before the loader's init.
  assert.equal(tags(html, 'link').filter((l) => l.get('rel') === 'preload').length, 0, 'the wasm preload is gone');
  const waitAt = boot.indexOf("if (document.visibilityState === 'visible') await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));");
  assert.ok(waitAt > 0 && waitAt < boot.indexOf('module_or_path: new Request('), boot.slice(-700));
  assert.doesNotThrow(() => execFileSync(process.execPath, ['--check', '--input-type=module'], { input: boot }), 'boot is valid JavaScript');

  // The policy comes right after <meta charset>, before anything it governs.
  const metas = [...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/g)];
  assert.equal(metas.length, 1);
  assert.equal(metas[0][1], POLICY);
  assert.match(html, /<meta charset=utf-8>\s*<meta http-equiv="Content-Security-Policy"/);
  const sources = POLICY.split(/[;\s]+/);
  assert.ok(!sources.includes("'unsafe-inline'") && !sources.includes("'unsafe-eval'"), POLICY);

  // The stylesheet is untouched, integrity and all.
  const before = read(FIXTURE, 'index.html');
  for (const rel of ['stylesheet']) {
    const tag = (h) => h.match(new RegExp(`<link[^>]*rel=${rel}[^>]*>`))[0];
    assert.equal(tag(html), tag(before), rel);
  }
  assert.deepEqual(readdirSync(dir).sort(), ['README.md', name, 'index.html', 'style-fce0abf5fceb3fd2.css'].sort());
});

test('running the hook twice changes nothing more', () => {
  const dir = staging();
  harden(dir);
  const once = read(dir, 'index.html');
  const files = readdirSync(dir).sort();
  assert.deepEqual(harden(dir), ['index.html: CSP meta; no inline script']);
  assert.equal(read(dir, 'index.html'), once);
  assert.deepEqual(readdirSync(dir).sort(), files);
});

test('any other inline script gets a file of its own; a data block stays', () => {
  const dir = staging((h) =>
    h.replace('</main>', '</main><script>console.log("x")</script><script type="application/ld+json">{"a":1}</script>'),
  );
  harden(dir);
  const html = read(dir, 'index.html');
  const inline = tags(html, 'script').find((s) => /^\.\/inline-[0-9a-f]{16}\.js$/.test(s.get('src') ?? ''));
  assert.ok(inline, html);
  const body = read(dir, inline.get('src'));
  assert.equal(body, 'console.log("x")\n');
  assert.equal(inline.get('integrity'), sri(body));
  assert.deepEqual(scriptBodies(html).filter(Boolean), ['{"a":1}']);
});

test("under trunk serve, the live-reload client's placeholders move to data-* attributes", () => {
  const client = "(function () { const address = '{{__TRUNK_ADDRESS__}}'; const base = '{{__TRUNK_WS_BASE__}}'; })();";
  const dir = staging((h) => h.replace('</body>', `<script>${client}</script></body>`));
  harden(dir);
  const html = read(dir, 'index.html');
  const reload = tags(html, 'script').find((s) => /trunk-autoreload-[0-9a-f]{16}\.js$/.test(s.get('src') ?? ''));
  assert.ok(reload, html);
  assert.equal(reload.get('data-trunk-address'), '{{__TRUNK_ADDRESS__}}');
  assert.equal(reload.get('data-trunk-ws-base'), '{{__TRUNK_WS_BASE__}}');
  const body = read(dir, reload.get('src'));
  assert.ok(!body.includes("'{{__TRUNK_ADDRESS__}}'") && body.includes('document.currentScript.dataset.trunkAddress'), body);
});

// What the policy would block must fail the build, with the page named and nothing written.
const FAILURES = [
  ['an inline event handler', (h) => h.replace('<main id=app-root>', '<main id=app-root onclick="go()">'), /inline event handler/],
  ['an onerror on an image', (h) => h.replace('</main>', '<img src=x onerror=alert(1)></main>'), /inline event handler/],
  ['an inline import map', (h) => h.replace('</head>', '<script type=importmap>{"imports":{}}</script></head>'), /inline import map/],
  ['an inline <style>', (h) => h.replace('</head>', '<style>body{}</style></head>'), /inline <style>/],
  ['a style attribute', (h) => h.replace('<main id=app-root>', '<main id=app-root style="color:red">'), /style="" attribute/],
  ['a script src without integrity', (h) => h.replace('</body>', '<script src=./x.js></script></body>'), /script without integrity/],
  ['a stylesheet without integrity', (h) => h.replace(/integrity=\S+ (rel=stylesheet)/, '$1'), /<link> without integrity/],
  ['a wasm preload without integrity', (h) => h.replace(/integrity=\S+ (rel=preload)/, '$1'), /no <link rel="preload"/],
  ['a loader that loads the wasm twice', (h) => h.replace(/(const wasm = await init\([^;]*;)/, '$1\n$1'), /expected one "module_or_path/],
  ['a loader with a second import', (h) => h.replace("import init,", "import './other.js';\nimport init,"), /imports more than the glue/],
  ['a loader whose glue is missing', (h) => h.replaceAll(GLUE, 'token-energy-0000000000000000.js'), /is not in/],
];

for (const [what, edit, message] of FAILURES) {
  test(`fails on ${what}`, () => {
    const dir = staging(edit);
    const page = read(dir, 'index.html');
    assert.notEqual(page, read(FIXTURE, 'index.html'), 'the edit changed nothing');
    assert.throws(() => harden(dir), (e) => e.message.startsWith('index.html: ') && message.test(e.message));
    assert.equal(read(dir, 'index.html'), page, 'the page was written');
    assert.ok(existsSync(path.join(dir, GLUE)) || !page.includes(GLUE), 'the glue was removed');
    assert.ok(!readdirSync(dir).some((f) => /^(boot|inline)-/.test(f)), 'a script file was written');
  });
}

// The boot block's marked paragraphs, where the hook's prerender writes the loading page's words
// (static/index.html has them; the captured Trunk output predates them).
const withBoot = (h) =>
  h.replace('<main id=app-root>', '<div id=boot><p class=lede data-boot=lede></p><p data-boot=status></p></div><main id=app-root>');

test('as a Trunk hook: reads $TRUNK_STAGING_DIR, exits 1 with the reason when the page cannot be hardened', () => {
  const good = staging(withBoot);
  const ok = spawnSync(process.execPath, [HOOK], { env: { ...process.env, TRUNK_STAGING_DIR: good }, encoding: 'utf8' });
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /^csp hook: index\.html: CSP meta; inline script moved to boot-[0-9a-f]{16}\.js$/m);
  assert.ok(read(good, 'index.html').includes('Content-Security-Policy'));

  const bad = staging((h) => withBoot(h).replace('<main id=app-root>', '<main id=app-root onclick="go()">'));
  const no = spawnSync(process.execPath, [HOOK, bad], { encoding: 'utf8' });
  assert.equal(no.status, 1);
  assert.match(no.stderr, /^csp hook: index\.html: an inline event handler/);

  const none = spawnSync(process.execPath, [HOOK], { env: { ...process.env, TRUNK_STAGING_DIR: '' }, encoding: 'utf8' });
  assert.equal(none.status, 2, 'no directory given');
});
