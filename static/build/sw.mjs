// The service worker (issue 29): after one visit the page works offline. Run by the Trunk hook
// (csp.mjs) last, once every file of the built site is final:
//
//   import { serviceWorker } from './sw.mjs'; serviceWorker(distDir, '2026.12.2');
//
// writes `sw.js` beside index.html: the list of the site's own files and a version (the data
// version and a SHA-256 of every file's name and bytes), so any change to the site is a new
// sw.js, which the browser installs on the next visit; the old version's cache is deleted when it
// takes over. The page registers it from `offline-<hash>.js` (static/index.html), relative to
// itself (`./sw.js?lang=<the page's language>`: it keeps that language's wasm), so its scope is the folder the site is served from: at / or under any prefix,
// and two copies on one origin keep caches of their own (the cache name holds the scope).
//
// Every request goes to the network first, as without a worker: an online visit always gets the
// deployed files, whatever is cached. Only when the network fails does it answer from the cache;
// a page answered so carries `<html data-offline-copy="YYYY-MM-DD">` (the day it was kept), and the
// app says that this is a kept copy and which data version it holds. So figures of an old data
// version are never shown without saying so. The worker is a file of the site's own origin, which
// the policy's script-src 'self' allows; it runs no inline code and loads nothing else.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const FILE = 'sw.js';

/**
 * A file the build names by the hash of its content: Trunk's `<name>-<hex of a 64-bit hash>` (16 hex
 * digits, fewer when it starts with zeros; the wasm's ends `_bg.wasm`) and csp.mjs's
 * `<name>-<16 hex>.js`: the page's scripts, its stylesheet and its wasm.
 */
export const HASHED = /^[A-Za-z0-9_.-]+-[0-9a-f]{1,16}(?:_bg)?\.(?:js|css|wasm)$/;

/** The languages of the page, a wasm each (langs.mjs), the first the one Trunk builds. */
export const LANGS = ['en', 'de'];

/**
 * One wasm per language: `token-energy-<lang>-<hex>_bg.wasm`, fetched by the pages of that
 * language alone. (The worker reads old caches' file names with it too.)
 */
const LANG_WASM = new RegExp(`-(${LANGS.join('|')})-[0-9a-f]{1,16}_bg\\.wasm$`);

/** The language whose page loads the file `name`, or null when every page loads it (or none). */
export function wasmLang(name) {
  return LANG_WASM.exec(path.basename(name))?.[1] ?? null;
}

/** The files of `files` a page load in `lang` fetches: all but other languages' wasm. */
export function filesOf(files, lang, nameOf = (f) => f) {
  return files.filter((f) => {
    const l = wasmLang(nameOf(f));
    return l === null || l === lang;
  });
}

/** The page's own files that have no hashed name. */
export const UNHASHED = ['index.html', 'preview.png'];
/** The method and the sources for a reader without JavaScript (prerender.mjs writes it): a page of the site the worker never keeps. */
export const METHOD_PAGE = 'method.html';

/** Whether `name` is one of the page's own files (never a host's configuration beside them). */
export const ownFile = (name) => UNHASHED.includes(name) || HASHED.test(name);

/**
 * The files the worker keeps: the page's own files directly in `dir` (not itself), in name order.
 * Whatever else the folder holds is left out: a host's configuration (`_headers`, `_redirects`,
 * `nginx.conf`, `.htaccess`, `BRANDING.md`), which hosts do not serve (a 404 in the list would stop
 * the worker from installing), and the precompressed copies (`.gz`, `.br`), which the server picks
 * for the request of the file itself (issue 53).
 */
export function siteFiles(dir) {
  const named = namedByPage(dir);
  return readdirSync(dir)
    .filter((f) => f !== FILE && (ownFile(f) || named.has(f)) && statSync(path.join(dir, f)).isFile())
    .sort();
}

/**
 * The files beside it that `dir/index.html` names by src= or href= (a vendor's `logo.svg`, say),
 * outside `<noscript>`: what that names (`method.html`) a page that runs the worker never fetches.
 */
function namedByPage(dir) {
  let html = '';
  try {
    html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  } catch {
    return new Set();
  }
  html = html.replace(/<noscript\b[\s\S]*?<\/noscript\s*>/gi, '');
  return new Set([...html.matchAll(/\b(?:src|href)\s*=\s*["']?(?:\.\/)?([A-Za-z0-9_~-][A-Za-z0-9._~-]*)(?=["'\s>])/gi)].map((m) => m[1]));
}

/** The version: the data version and 16 hex of a SHA-256 over every file's name and bytes. */
export function version(dir, dataVersion) {
  const hash = createHash('sha256');
  for (const f of siteFiles(dir)) {
    hash.update(f);
    hash.update('\0');
    hash.update(readFileSync(path.join(dir, f)));
    hash.update('\0');
  }
  return `${dataVersion}-${hash.digest('hex').slice(0, 16)}`;
}

/** The worker's source for these files and this version. */
export function source(files, ver, dataVersion) {
  // The link preview image is for chat and mail previews, never the page: not kept (it would cost
  // every visitor 140 KB after the first load).
  const urls = ['./', ...files.filter((f) => f !== 'index.html' && f !== 'preview.png').map((f) => `./${f}`)];
  // One wasm per language (langs.mjs): each kept by the pages of its language.
  const langs = Object.fromEntries(files.filter((f) => wasmLang(f)).map((f) => [`./${f}`, wasmLang(f)]));
  return `// token-energy's service worker, written by static/build/sw.mjs. Do not edit.
'use strict';
const VERSION = ${JSON.stringify(ver)};
const DATA_VERSION = ${JSON.stringify(dataVersion)};
const FILES = ${JSON.stringify(urls)};
// The files of one language's pages only (a wasm each), and that language.
const FILE_LANG = ${JSON.stringify(langs)};
// A language's wasm (its name), and the language.
const LANG_WASM = ${LANG_WASM};
// The language of the page that registered this worker (\`sw.js?lang=de\`), the first where none.
const LANG = new URL(self.location.href).searchParams.get('lang') || ${JSON.stringify(LANGS[0])};
const PREFIX = 'token-energy ' + self.registration.scope + ' ';
const CACHE = PREFIX + VERSION;
const PAGE = new URL('./', self.registration.scope).href;

// A copy of a page's response that says when it was kept.
async function stamped(response) {
  const headers = new Headers(response.headers);
  headers.set('x-token-energy-kept', new Date().toISOString().slice(0, 10));
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // The page's own language's files, and those of every language an older version kept (a
    // visitor's languages stay offline across an update); another language's are kept when its
    // page fetches them. None this version's cache already holds: the same version has the same
    // files, so a page in another language registering its worker fetches only its own wasm.
    const kept = new Set([LANG]);
    for (const key of await caches.keys()) {
      if (!key.startsWith(PREFIX)) continue;
      for (const old of await (await caches.open(key)).keys()) {
        const lang = LANG_WASM.exec(new URL(old.url).pathname);
        if (lang) kept.add(lang[1]);
      }
    }
    await Promise.all(FILES.filter((url) => !FILE_LANG[url] || kept.has(FILE_LANG[url])).map(async (url) => {
      const key = url === './' ? PAGE : new URL(url, self.registration.scope).href;
      if (url !== './' && (await cache.match(key))) return;
      const response = await fetch(new Request(url, { cache: 'no-cache' }));
      if (!response.ok) throw new Error(url + ': ' + response.status);
      await cache.put(key, url === './' ? await stamped(response) : response);
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

// The kept page, marked as kept (the app reads the mark and says so).
async function keptPage(cache) {
  const page = await cache.match(PAGE);
  if (!page) return undefined;
  const day = (page.headers.get('x-token-energy-kept') || '').replace(/[^0-9-]/g, '');
  const html = (await page.text()).replace(/<html\\b/i, '<html data-offline-copy="' + day + '"');
  const headers = new Headers(page.headers);
  headers.delete('content-length');
  return new Response(html, { status: 200, headers });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
  const navigation = request.mode === 'navigate';
  event.respondWith((async () => {
    try {
      const response = await fetch(request);
      if (response.ok && response.type === 'basic') {
        const cache = await caches.open(CACHE);
        const url = new URL(request.url);
        if (navigation && url.href.split(/[?#]/)[0] === PAGE) {
          await cache.put(PAGE, await stamped(response.clone()));
        } else if (!navigation && !url.search && FILES.some((f) => new URL(f, self.registration.scope).href === url.href)) {
          await cache.put(url.href, response.clone());
        }
      }
      return response;
    } catch (offline) {
      const cache = await caches.open(CACHE);
      const kept = navigation ? await keptPage(cache) : await cache.match(request, { ignoreSearch: true });
      if (kept) return kept;
      throw offline;
    }
  })());
});
`;
}

/** Writes `dir/sw.js` for the files in `dir`; returns what it did, for the log. */
export function serviceWorker(dir, dataVersion) {
  if (!/^[0-9A-Za-z.+-]+$/.test(dataVersion)) throw new Error(`data version "${dataVersion}" is not a plain version`);
  const files = siteFiles(dir);
  if (!files.includes('index.html')) throw new Error(`no index.html in ${dir}`);
  const ver = version(dir, dataVersion);
  writeFileSync(path.join(dir, FILE), source(files, ver, dataVersion));
  const others = readdirSync(dir).filter((f) => f !== FILE && !files.includes(f) && !/\.(?:gz|br)$/.test(f));
  const left = others.length ? ` (not the page's, not kept: ${others.sort().join(', ')})` : '';
  return [`${FILE}: version ${ver}, ${files.length} files kept for offline use${left}`];
}

/** The data version of `data/meta.json` (two folders above this file). */
export function dataVersion() {
  const meta = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'data', 'meta.json');
  return JSON.parse(readFileSync(meta, 'utf8')).data_version;
}

// `node static/build/sw.mjs <dir> [data version]`: writes the worker again over a site changed after
// its build (branded with vendor.mjs, say). The data version defaults to the one its sw.js holds.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node static/build/sw.mjs <site dir> [data version]');
    process.exit(2);
  }
  let kept = null;
  try {
    kept = /const DATA_VERSION = "([^"]+)"/.exec(readFileSync(path.join(dir, FILE), 'utf8'))?.[1] ?? null;
  } catch {
    // No worker yet: the repository's data version.
  }
  try {
    for (const line of serviceWorker(dir, process.argv[3] ?? kept ?? dataVersion())) console.log(line);
  } catch (e) {
    console.error(`sw: ${e.message}`);
    process.exit(1);
  }
}
