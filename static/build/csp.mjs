#!/usr/bin/env node
// Trunk post_build hook (Trunk.toml [[hooks]]): writes the prerendered bare page into the built
// page (prerender.mjs), then makes it run under a strict Content-Security-Policy with no inline
// script at all, then adds the vendor's meta (vendor.mjs), then writes the service worker over the
// final files (sw.mjs).
//
//   node static/build/csp.mjs [dir]        (default dir: $TRUNK_STAGING_DIR, set by Trunk)
//
// For every *.html directly in `dir` (Trunk writes index.html there before it moves the staging
// directory to dist/):
//   1. every inline executable <script> moves to a file of its own beside the page,
//      `<name>-<16 hex of its SHA-256>.js`, loaded with `integrity="sha384-…"` (a classic script
//      stays classic and where it was: static/index.html's `data-name="pending"` one runs before the
//      first paint):
//      - Trunk's loader (the module that imports the wasm-bindgen glue and starts the wasm) becomes
//        `boot-….js`: the glue followed by the loader, in one module, so that one integrity=
//        covers both (see bundleGlue: a modulepreload's integrity does not reliably protect an
//        import); the glue's own file and modulepreload go. It fetches the wasm with the integrity
//        of Trunk's wasm preload (Trunk's loader fetches it without any: see wasmWithIntegrity),
//        after the page's first frame, in a worker the boot file makes from its own text, which
//        compiles it off the page's main thread (COMPILED_OFF_THREAD); the preload itself goes (it
//        would fetch during the parse);
//      - under `trunk serve`, the live-reload client becomes `trunk-autoreload-….js`; its two
//        serve-time placeholders are read from data-* attributes of its <script> tag, which
//        `trunk serve` still fills in;
//   2. every <script src> and every <link rel="stylesheet" | "modulepreload" | "preload"> must
//      carry integrity= (Trunk's SRI), or the build fails;
//   3. an inline <style>, a style="" or on*="" attribute, or an inline import map fails the build
//      (the policy below would block it in the browser);
//   4. `<meta http-equiv="Content-Security-Policy" content="POLICY">` goes first in <head>, right
//      after <meta charset> (a meta policy only governs what comes after it).
// In a release build (TRUNK_PROFILE=release) every script it writes is minified (terser) first.
// It never changes the stylesheet, whose integrity= Trunk computed; the files it writes get
// integrity= computed here, and so does the wasm, whose imports it renames short first (and the
// glue's names with them: imports.mjs). Running it twice changes nothing more (no inline script is left; the
// meta is replaced, not duplicated).
//
// The policy is the same string docs/hosting/_headers and docs/hosting/nginx.conf send as a header
// (they add `frame-ancestors *`, which a meta policy cannot carry); tests/e2e/hardening.test.mjs
// checks that they agree. tests/build/csp-hook.test.mjs runs this hook on a captured Trunk 0.21.14
// output (tests/fixtures/trunk-0.21.14/), with no build and no browser.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brand, readVendor } from './vendor.mjs';
import { prerender } from './prerender.mjs';
import { shortenImports } from './imports.mjs';
import { LANGS, buildLanguage } from './langs.mjs';
import { minify_sync } from 'terser';
import { dataVersion, serviceWorker } from './sw.mjs';
import { fileURLToPath } from 'node:url';

/** The page's policy. No 'unsafe-inline', no 'unsafe-eval'; 'wasm-unsafe-eval' lets WebAssembly compile. */
export const POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  // The service worker ('self'), and the boot file's worker that compiles the wasm (a blob:
  // COMPILED_OFF_THREAD makes from the boot file's own text).
  "worker-src 'self' blob:",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

const EXECUTABLE = new Set(['', 'module', 'text/javascript', 'application/javascript', 'application/ecmascript', 'text/ecmascript']);

// Trunk's live-reload client (src/autoreload.js in Trunk 0.21) holds these as string literals
// (backquoted once minified); `trunk serve` replaces them in the served HTML only, so in a file of
// its own they are read from its tag instead.
const ADDRESS = '{{__TRUNK_ADDRESS__}}';
const WS_BASE = '{{__TRUNK_WS_BASE__}}';
const literal = (placeholder) => new RegExp(`(['"\`])${placeholder.replace(/[{}]/g, '\\$&')}\\1`, 'g');

const sha = (algo, data, enc) => createHash(algo).update(data).digest(enc);

/** `name="v" x='y' z=w flag` → Map (names lowercased; values raw, without quotes). */
export function parseAttrs(text) {
  const attrs = new Map();
  const re = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const m of text.matchAll(re)) attrs.set(m[1].toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '');
  return attrs;
}

function fail(file, message) {
  throw new Error(`${path.basename(file)}: ${message}`);
}

/** href → integrity of every <link rel="preload"> in `html`. */
function preloadIntegrities(html) {
  const map = new Map();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const attrs = parseAttrs(tag.slice(5, -1));
    if ((attrs.get('rel') ?? '').toLowerCase().split(/\s+/).includes('preload') && attrs.get('integrity')) {
      map.set(attrs.get('href'), attrs.get('integrity'));
    }
  }
  return map;
}

/**
 * Trunk's loader passes the wasm's URL to the glue's init, which fetches it with no integrity, and
 * Chromium ignores integrity= on a `<link rel="preload" as="fetch">` (crbug.com/981419): a changed
 * wasm file would run without a word (tests/e2e/hardening.test.mjs checks it does not). Pass a
 * Request that carries the preload's integrity instead: a changed wasm file is refused. The
 * preload link itself is dropped (the one request is the loader's, after the first frame). Returns
 * the loader's code and the wasm's URL.
 */
/** Trunk's loader passing the wasm's URL to the glue's init: `module_or_path: '<url>'` (the URL is group 2). */
const WASM_URL = /module_or_path:\s*(['"`])([^'"`]+)\1/;

/** Trunk's loader importing the glue: `import … from '<url>'` (the URL is group 2). */
const GLUE_IMPORT = /^\s*import\s+[^'"`]*from\s*(['"`])([^'"`]+)\1/m;

/** The file in `dir` a URL of the page names (relative to it: public_url "./"). */
const fileIn = (dir, url) => path.join(dir, path.basename(new URL(url, 'http://x/').pathname));

/** `loader` fetching the wasm at `to` where it fetched it at `from`. */
const withWasmUrl = (loader, from, to) => loader.replace(WASM_URL, (m, q) => m.replace(`${q}${from}${q}`, `${q}${to}${q}`));

function wasmWithIntegrity(code, preloads, file) {
  const re = new RegExp(WASM_URL.source, 'g');
  const found = [...code.matchAll(re)];
  if (found.length !== 1) fail(file, `expected one "module_or_path: '<wasm url>'" in Trunk's loader, found ${found.length}; the wasm would load without integrity`);
  const url = found[0][2];
  const integrity = preloads.get(url);
  if (!integrity) fail(file, `no <link rel="preload" href="${url}" integrity=…> to take the wasm's integrity from`);
  let fetched = code.replace(re, (_m, q) => `module_or_path: new Request(${q}${url}${q}, { integrity: '${integrity}' })`);
  // The wasm is fetched after the page's first frame, not during the HTML's parse: what that frame
  // paints (the prerendered figures, or a link's heading and "Calculating…") is the page's largest
  // paint, and a phone's slow network gives it the bandwidth alone. A hidden tab paints no frame:
  // it fetches at once.
  const callRe = /await\s+([\w$]+)\s*\(\s*(\{\s*module_or_path:\s*new Request\([^)]*\)\s*\})\s*\)/g;
  const calls = [...fetched.matchAll(callRe)];
  if (calls.length !== 1) fail(file, `expected one "await init({ module_or_path: …" in Trunk's loader, found ${calls.length}`);
  // And compiled off the main thread (COMPILED_OFF_THREAD), its options handed to init as they were
  // should that fail.
  fetched = fetched.replace(callRe, (_m, init, options) => `await ${init}(await compiledOffThread(${options}))`);
  const at = fetched.indexOf('(await compiledOffThread(');
  const lineStart = fetched.lastIndexOf('\n', at) + 1;
  const wait =
    "if (document.visibilityState === 'visible') await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));\n";
  return { code: fetched.slice(0, lineStart) + COMPILED_OFF_THREAD + wait + fetched.slice(lineStart), wasmUrl: url };
}

/**
 * Issue 53: the wasm compiled in a worker, not on the page's main thread. Chromium decodes a module
 * streamed on the main thread (its bytes as they arrive, then the module's end: 15–25 ms of the
 * first task that runs the app, unthrottled, four times that on Lighthouse's phone); in a worker
 * that work leaves the page's main thread, which then only instantiates the module the worker
 * posts. The worker is a blob made here from this text (so the boot file's integrity covers its
 * code: the policy's `worker-src blob:`), and it fetches the wasm with the same integrity. Where
 * anything of it fails (no worker, no blob workers, a module that cannot be posted or received, an
 * integrity that does not match), `init` gets the request as before and fails or succeeds as it
 * would have.
 */
const COMPILED_OFF_THREAD = `const compiledOffThread = (options) => new Promise((done) => {
  const request = options.module_or_path;
  const asBefore = () => done(options);
  try {
    const code = "onmessage = async (e) => { let m = 0; try { m = await WebAssembly.compileStreaming(fetch(e.data[0], { integrity: e.data[1] })); } catch {} try { postMessage(m); } catch { postMessage(0); } };";
    const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
    const worker = new Worker(url);
    const end = (module) => { worker.terminate(); URL.revokeObjectURL(url); done(module ? { module_or_path: module } : options); };
    worker.onmessage = (e) => end(e.data instanceof WebAssembly.Module ? e.data : null);
    worker.onerror = () => end(null);
    worker.onmessageerror = () => end(null);
    worker.postMessage([request.url, request.integrity]);
  } catch {
    asBefore();
  }
});
`;

/**
 * The wasm's imports renamed short (imports.mjs), in the wasm and in the glue that the loader
 * imports, both rewritten in place; the wasm's integrity in `preloads` becomes the new file's.
 * Without the wasm beside the page (tests/build/'s captured Trunk output has none) nothing changes.
 */
function shortenWasmImports(loader, preloads, dir, file) {
  const wasmUrl = WASM_URL.exec(loader)?.[2];
  const glueUrl = GLUE_IMPORT.exec(loader)?.[2];
  if (!wasmUrl || !glueUrl) return; // wasmWithIntegrity and bundleGlue say what is missing
  const [wasmFile, glueFile] = [fileIn(dir, wasmUrl), fileIn(dir, glueUrl)];
  if (!existsSync(wasmFile) || !existsSync(glueFile)) return;
  const wasm = readFileSync(wasmFile);
  if (`sha384-${sha('sha384', wasm, 'base64')}` !== preloads.get(wasmUrl)) fail(file, `${wasmUrl} is not the file whose integrity Trunk wrote`);
  let short;
  try {
    short = shortenImports(wasm, readFileSync(glueFile, 'utf8'));
  } catch (e) {
    fail(file, `${wasmUrl}: ${e.message}`);
  }
  writeFileSync(wasmFile, short.wasm);
  writeFileSync(glueFile, short.glue);
  preloads.set(wasmUrl, `sha384-${sha('sha384', short.wasm, 'base64')}`);
}

/**
 * Trunk's loader imports the wasm-bindgen glue by URL; the glue's only integrity check is its
 * <link rel="modulepreload" integrity=…>, and when that check fails Chromium fetches the module
 * again for the import, unchecked, and runs it (tests/e2e/hardening.test.mjs shows it). So the boot
 * file is the glue itself followed by Trunk's loader (in a block, its import replaced by the glue's
 * own bindings): one module, checked by its <script integrity=…>. The glue's modulepreload and file
 * go (nothing else loads them). Returns the boot code and the glue's URL and file.
 */
function bundleGlue(loader, dir, file, inBlock = false) {
  const importRe = /^\s*import\s+([\w$]+)\s*(?:,\s*\*\s*as\s+([\w$]+)\s*)?from\s*(['"`])([^'"`]+)\3\s*;?[ \t]*$/m;
  const m = importRe.exec(loader);
  if (!m) fail(file, "Trunk's loader has no `import init[, * as bindings] from '<glue>'`");
  const [statement, initName, bindingsName, , glueUrl] = m;
  const rest = loader.replace(statement, '');
  if (/^\s*import\b/m.test(rest)) fail(file, "Trunk's loader imports more than the glue (data-initializer?): not supported");
  const glueFile = fileIn(dir, glueUrl);
  let glue;
  try {
    glue = readFileSync(glueFile, 'utf8');
  } catch {
    fail(file, `the glue ${glueUrl} that Trunk's loader imports is not in ${dir}`);
  }
  if (/^\s*import\b/m.test(glue)) fail(file, `the glue ${glueUrl} imports other modules (wasm-bindgen snippets?): not supported`);
  const exportRe = /^export\s*\{([^}]*)\}\s*;?\s*$/m;
  const exp = exportRe.exec(glue);
  if (!exp) fail(file, `no \`export { … }\` in the glue ${glueUrl}`);
  const bindings = exp[1].split(',').map((e) => e.trim()).filter(Boolean).map((e) => {
    const [local, exported = local] = e.split(/\s+as\s+/);
    return [local.trim(), exported.trim()];
  });
  const init = bindings.find(([, exported]) => exported === 'default');
  if (!init) fail(file, `the glue ${glueUrl} has no default export (its init function)`);
  const ns = bindings.map(([local, exported]) => `${JSON.stringify(exported)}: ${local}`).join(', ');
  // In a block of its own (one language's of several, byLanguage), the glue exports nothing: its
  // bindings are the loader's alone.
  if (inBlock) glue = glue.replace(exportRe, '');
  if (inBlock && /^\s*export\b/m.test(glue)) fail(file, `the glue ${glueUrl} exports more than \`export { … }\``);
  const code = [
    glue.trimEnd(),
    '',
    "// Trunk's loader (static/build/csp.mjs joined it to the glue so that one integrity= covers both).",
    '{',
    `const ${initName} = ${init[0]};`,
    bindingsName ? `const ${bindingsName} = Object.freeze({ ${ns} });` : '',
    rest.trim(),
    '}',
    '',
  ].join('\n');
  return { code, glueUrl, glueFile };
}

/**
 * One wasm per language (issue 53, langs.mjs): Trunk's wasm is the first language's (English);
 * every other language is built here beside it, with a loader of its own made from Trunk's (its
 * glue's and wasm's URLs; the wasm's integrity in `preloads`). Returns the loaders, English first.
 * Without the wasm beside the page (tests/build/'s captured Trunk output has none), Trunk's loader
 * alone, unchanged.
 */
function withLanguages(loader, preloads, dir, profile) {
  const wasmUrl = WASM_URL.exec(loader)?.[2];
  const glueUrl = GLUE_IMPORT.exec(loader)?.[2];
  if (!wasmUrl || !glueUrl || !existsSync(fileIn(dir, wasmUrl))) return [{ lang: null, code: loader }];
  const [first, ...others] = LANGS;
  const loaders = [{ lang: first, code: loader }];
  for (const lang of others) {
    const names = buildLanguage(lang, { dir, profile, log: (line) => console.log(`csp hook: ${line}`) });
    preloads.set(`./${names.wasm}`, `sha384-${sha('sha384', readFileSync(path.join(dir, names.wasm)), 'base64')}`);
    loaders.push({ lang, code: withWasmUrl(loader, wasmUrl, `./${names.wasm}`).split(glueUrl).join(`./${names.glue}`) });
  }
  return loaders;
}

/**
 * A language's wasm named for its language and by the hash of its final bytes (after its imports
 * were renamed: Trunk and langs.mjs named it before), so a changed file is never served under a
 * name a browser may keep as immutable: `<name>-<lang>-<16 hex of SHA-256>_bg.wasm`. Returns the
 * loader with the new URL; `preloads` gets its integrity under it.
 */
function namedByContent(loader, lang, preloads, dir, file) {
  const url = WASM_URL.exec(loader)[2];
  const stem = /^(.*?)(?:-[a-z]{2})?-[0-9a-f]{1,16}_bg\.wasm$/.exec(url)?.[1];
  if (!stem) fail(file, `the wasm ${url} is not named <name>-<hash>_bg.wasm`);
  const next = `${stem}-${lang}-${sha('sha256', readFileSync(fileIn(dir, url)), 'hex').slice(0, 16)}_bg.wasm`;
  if (next === url) return loader;
  renameSync(fileIn(dir, url), fileIn(dir, next));
  preloads.set(next, preloads.get(url));
  return withWasmUrl(loader, url, next);
}

/**
 * The boot module of several languages: each language's glue and loader in a function of its own,
 * the one run the language the boot script chose before the first paint (`<html data-boot-lang>`,
 * static/index.html); the first language's where it names none. A kept copy of the page (offline,
 * sw.mjs marks it `data-offline-copy`) whose language was never fetched online starts the other
 * language the service worker kept instead: figures in another language rather than none.
 */
function byLanguage(parts) {
  const [first] = parts;
  const starts = parts.map((p, i) => `const start${i} = async () => {\n${p.code}\n};`);
  const table = parts.map((p, i) => `${JSON.stringify(p.lang)}: start${i}`).join(', ');
  return [
    "// One wasm per language (static/build/langs.mjs): the boot script chose the page's (static/index.html).",
    ...starts,
    `const starts = { ${table} };`,
    "const chosen = document.documentElement.getAttribute('data-boot-lang');",
    `const lang = Object.hasOwn(starts, chosen) ? chosen : ${JSON.stringify(first.lang)};`,
    'try {',
    '  await starts[lang]();',
    '} catch (failed) {',
    "  if (!document.documentElement.hasAttribute('data-offline-copy')) throw failed;",
    '  let tried = Promise.reject(failed);',
    '  for (const other of Object.keys(starts)) if (other !== lang) tried = tried.catch(() => starts[other]());',
    '  await tried.catch(() => { throw failed; });',
    '}',
    '',
  ].join('\n');
}

/**
 * A script as shipped by a release build: minified (terser; a module's top-level names are its own,
 * so they are shortened too), no comments. Issue 53: the boot script (glue and loader) 6.5 → 4.5 KB
 * gzip.
 */
function minified(code, module, file) {
  try {
    return `${minify_sync(code, { module, compress: { passes: 2 }, format: { comments: false } }).code}\n`;
  } catch (e) {
    fail(file, `a script terser cannot minify: ${e.message}`);
  }
}

/**
 * Moves inline scripts out of `html`; returns the new HTML, the files to write ({name, body}) and to
 * remove. With `minify` (a release build), each file's script is minified.
 */
function externalize(html, file, dir, minify, profile) {
  const files = [];
  const remove = [];
  const dropLinks = [];
  const preloads = preloadIntegrities(html);
  const out = html.replace(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi, (whole, attrText, body) => {
    const attrs = parseAttrs(attrText);
    if (attrs.has('src')) {
      if (body.trim() !== '') fail(file, `a <script src> with content: ${whole.slice(0, 120)}`);
      return whole;
    }
    const type = (attrs.get('type') ?? '').trim().toLowerCase();
    if (type === 'importmap') fail(file, 'an inline import map: script-src would block it and it cannot be external');
    if (!EXECUTABLE.has(type)) return whole; // a data block (JSON-LD, …): never executed, not governed by CSP
    if (body.trim() === '') return '';

    // <script data-name="pending"> becomes pending-<hash>.js (a readable name in dist/).
    const named = attrs.get('data-name') ?? '';
    let stem = /^[a-z][a-z-]*$/.test(named) ? named : 'inline';
    let extra = '';
    let code = body.trim() + '\n';
    if (code.includes(ADDRESS) || code.includes(WS_BASE)) {
      stem = 'trunk-autoreload';
      // `trunk serve` replaces '{{__TRUNK_ADDRESS__}}' (quotes included) with the quoted Host header,
      // or with window.location.host unquoted when there is none, and {{__TRUNK_WS_BASE__}} as is.
      extra = ` data-trunk-address='${ADDRESS}' data-trunk-ws-base="${WS_BASE}"`;
      const tag = 'document.currentScript.dataset';
      code = code
        .replace(literal(ADDRESS), `((a) => (a && !a.includes('{{') && a !== 'window.location.host' ? a : window.location.host))(${tag}.trunkAddress)`)
        .replace(literal(WS_BASE), `((b) => (b && !b.includes('{{') ? b : '/'))(${tag}.trunkWsBase)`);
      if (code.includes(ADDRESS) || code.includes(WS_BASE)) fail(file, 'a live-reload placeholder outside a string literal');
    } else if (type === 'module' && /\bmodule_or_path\b/.test(code)) {
      stem = 'boot';
      const loaders = withLanguages(code, preloads, dir, profile);
      const parts = loaders.map((one) => {
        // Trunk's preload of its wasm goes, under the name Trunk gave it.
        dropLinks.push(WASM_URL.exec(one.code)?.[2]);
        shortenWasmImports(one.code, preloads, dir, file);
        if (one.lang) one.code = namedByContent(one.code, one.lang, preloads, dir, file);
        const loader = wasmWithIntegrity(one.code, preloads, file);
        const bundled = bundleGlue(loader.code, dir, file, loaders.length > 1);
        remove.push(bundled.glueFile);
        dropLinks.push(bundled.glueUrl, loader.wasmUrl);
        return { lang: one.lang, code: bundled.code };
      });
      code = parts.length === 1 ? parts[0].code : byLanguage(parts);
    }
    if (minify && stem !== 'trunk-autoreload') code = minified(code, type === 'module', file);
    const name = `${stem}-${sha('sha256', code, 'hex').slice(0, 16)}.js`;
    files.push({ name, body: code });
    const integrity = `sha384-${sha('sha384', code, 'base64')}`;
    const kept = [...attrs].filter(([k]) => k !== 'integrity' && k !== 'nonce' && k !== 'src' && k !== 'data-name');
    const keptText = kept.map(([k, v]) => (v === '' && k !== 'type' ? ` ${k}` : ` ${k}="${v}"`)).join('');
    // Relative to the page, as Trunk's own URLs are (public_url "./"): the file sits beside it.
    return `<script${keptText} src="./${name}" integrity="${integrity}"${extra}></script>`;
  });
  const html2 = out.replace(/<link\b[^>]*>/gi, (tag) => {
    const attrs = parseAttrs(tag.slice(5, -1));
    const rel = (attrs.get('rel') ?? '').toLowerCase();
    return (rel === 'modulepreload' || rel === 'preload') && dropLinks.includes(attrs.get('href')) ? '' : tag;
  });
  return { html: html2, files, remove };
}

/** Fails on anything the policy would block, or a Trunk asset without SRI. */
function check(html, file) {
  if (/<style\b/i.test(html)) fail(file, "an inline <style>: style-src 'self' would block it (use a stylesheet)");
  const tags = html.replace(/<!--[\s\S]*?-->/g, '').matchAll(/<([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g);
  for (const [whole, tagName, attrText] of tags) {
    const tag = tagName.toLowerCase();
    const attrs = parseAttrs(attrText);
    for (const name of attrs.keys()) {
      if (name === 'style') fail(file, `a style="" attribute: style-src 'self' would block it: ${whole.slice(0, 120)}`);
      if (/^on[a-z]+$/.test(name)) fail(file, `an inline event handler: script-src would block it: ${whole.slice(0, 120)}`);
    }
    if (tag === 'script' && attrs.has('src') && !attrs.get('integrity')) fail(file, `a script without integrity=: ${whole}`);
    if (tag === 'link') {
      const rel = (attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
      const href = attrs.get('href') ?? '';
      const fetched = rel.some((r) => r === 'stylesheet' || r === 'modulepreload' || r === 'preload');
      if (fetched && !href.startsWith('data:') && !attrs.get('integrity')) fail(file, `a <link> without integrity=: ${whole}`);
    }
  }
}

/** Adds (or replaces) the CSP meta right after <meta charset>, else first in <head>. */
function insertMeta(html, file) {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${POLICY}">`;
  // Removes the line break and indent this function puts before it too, so a second run gives the same page.
  const cleaned = html.replace(/\n?[ \t]*<meta\s+http-equiv\s*=\s*["']?content-security-policy["']?[^>]*>/gi, '');
  const charset = /<meta\s+charset\s*=[^>]*>/i.exec(cleaned);
  if (charset) {
    const at = charset.index + charset[0].length;
    return `${cleaned.slice(0, at)}\n  ${meta}${cleaned.slice(at)}`;
  }
  const head = /<head\b[^>]*>/i.exec(cleaned);
  if (!head) fail(file, 'no <head>: nowhere to put the Content-Security-Policy');
  const at = head.index + head[0].length;
  return `${cleaned.slice(0, at)}\n  ${meta}${cleaned.slice(at)}`;
}

/**
 * Hardens every *.html directly in `dir`; returns what it did, for the log. `minify`: a release
 * build's (Trunk's TRUNK_PROFILE), whose scripts are minified.
 */
export function harden(dir, { minify = false, profile = minify ? 'release' : 'debug' } = {}) {
  const pages = readdirSync(dir).filter((f) => f.endsWith('.html'));
  if (pages.length === 0) throw new Error(`no .html file in ${dir}`);
  const done = [];
  for (const page of pages) {
    const file = path.join(dir, page);
    const { html, files, remove } = externalize(readFileSync(file, 'utf8'), file, dir, minify, profile);
    check(html, file);
    for (const f of files) writeFileSync(path.join(dir, f.name), f.body);
    for (const f of remove) rmSync(f);
    writeFileSync(file, insertMeta(html, file));
    done.push(`${page}: CSP meta; ${files.length ? `inline script moved to ${files.map((f) => f.name).join(', ')}` : 'no inline script'}`);
  }
  return done;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
  if (!dir) {
    console.error('usage: node static/build/csp.mjs <dir>   (or run as a Trunk post_build hook: $TRUNK_STAGING_DIR)');
    process.exit(2);
  }
  try {
    // The optional vendor file (static/vendor.json, beside this hook's folder; CI's vendor build
    // names docs/vendor.example.json in TOKEN_ENERGY_VENDOR_FILE instead).
    const vendorFile =
      process.env.TOKEN_ENERGY_VENDOR_FILE || path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'vendor.json');
    // The bare page first, so that the checks below cover its HTML too.
    for (const line of prerender(dir, readVendor(vendorFile))) console.log(`csp hook: ${line}`);
    const profile = process.env.TRUNK_PROFILE === 'release' ? 'release' : 'debug';
    for (const line of harden(dir, { minify: profile === 'release', profile })) console.log(`csp hook: ${line}`);
    for (const line of brand(dir, vendorFile)) console.log(`csp hook: ${line}`);
    // Last: the service worker lists the site's final files (static/build/sw.mjs).
    for (const line of serviceWorker(dir, dataVersion())) console.log(`csp hook: ${line}`);
  } catch (e) {
    console.error(`csp hook: ${e.message}`);
    process.exit(1);
  }
}
