#!/usr/bin/env node
// Precompressed copies of a built site (issue 53), made with Node's own zlib, nothing else: beside
// each of the page's files that compresses (the page, its scripts, its stylesheet, its wasm and the
// service worker), `<file>.gz` (gzip, level 9) and `<file>.br` (Brotli, quality 11). A server that
// looks for them (nginx `gzip_static on` / `brotli_static on`, most CDNs' origin pulls) sends the
// smaller file ready made, with `Content-Encoding`, instead of compressing on every request at a
// lower level; one that does not simply never serves them. The browser gets the same bytes either
// way, so every integrity= hash holds. docs/hosting/README.md says how to serve them.
//
//   node static/build/precompress.mjs <site dir>
//
// `.ci/release` runs it on the archive's `site/`; `brand.mjs` runs it again after it changed
// `index.html` and `sw.js` in a folder that holds precompressed copies, so none is ever stale. A copy
// that already holds its file's bytes is kept as it is (running it twice writes nothing), a copy whose
// file is gone or changed is made again or removed. The service worker (sw.mjs) never lists them.
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { FILE as WORKER, METHOD_PAGE, ownFile } from './sw.mjs';

/** The kinds of file worth compressing: text and wasm (an image is compressed already). */
const COMPRESSIBLE = /\.(?:html|js|css|wasm)$/;

/** The two encodings: the suffix of the copy, how to make it and how to read it back. */
export const ENCODINGS = [
  { suffix: '.gz', encode: (body) => zlib.gzipSync(body, { level: 9 }), decode: (body) => zlib.gunzipSync(body) },
  {
    suffix: '.br',
    encode: (body) =>
      zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    decode: (body) => zlib.brotliDecompressSync(body),
  },
];

/** The files of `dir` that get precompressed copies, in name order: the page's own, the worker's and the method page's. */
export function compressible(dir) {
  return readdirSync(dir)
    .filter((f) => (f === WORKER || f === METHOD_PAGE || ownFile(f)) && COMPRESSIBLE.test(f) && statSync(path.join(dir, f)).isFile())
    .sort();
}

/** Whether `dir` holds a precompressed copy of any of its files (then branding keeps them true). */
export function hasPrecompressed(dir) {
  return readdirSync(dir).some((f) => ENCODINGS.some((e) => f.endsWith(e.suffix) && COMPRESSIBLE.test(f.slice(0, -e.suffix.length))));
}

/** Whether `copy` (a file's path) decodes to `body`. */
function holds(copy, encoding, body) {
  try {
    return encoding.decode(readFileSync(copy)).equals(body);
  } catch {
    return false;
  }
}

/**
 * Writes `<file>.gz` and `<file>.br` beside every compressible file of `dir` whose copy is missing or
 * stale, and removes copies whose file is gone. Returns what it did, for the log, with the bytes.
 */
export function precompress(dir) {
  const files = compressible(dir);
  const sizes = { raw: 0, '.gz': 0, '.br': 0 };
  let written = 0;
  for (const f of files) {
    const body = readFileSync(path.join(dir, f));
    sizes.raw += body.length;
    for (const e of ENCODINGS) {
      const copy = path.join(dir, f + e.suffix);
      if (!existsSync(copy) || !holds(copy, e, body)) {
        writeFileSync(copy, e.encode(body));
        written += 1;
      }
      sizes[e.suffix] += statSync(copy).size;
    }
  }
  let removed = 0;
  for (const f of readdirSync(dir)) {
    const e = ENCODINGS.find((x) => f.endsWith(x.suffix));
    if (e && COMPRESSIBLE.test(f.slice(0, -e.suffix.length)) && !files.includes(f.slice(0, -e.suffix.length))) {
      rmSync(path.join(dir, f));
      removed += 1;
    }
  }
  const int = (n) => n.toLocaleString('en-US');
  return [
    `precompressed ${files.length} files (.gz and .br; ${written} written, ${removed} stale removed): ` +
      `${int(sizes.raw)} B raw, ${int(sizes['.gz'])} B gzip -9, ${int(sizes['.br'])} B brotli 11`,
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node precompress.mjs <site dir>');
    process.exit(2);
  }
  try {
    if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`${dir}: no index.html (name the folder that holds the built site)`);
    for (const line of precompress(dir)) console.log(`precompress: ${line}`);
  } catch (e) {
    console.error(`precompress: ${e.message}`);
    process.exit(1);
  }
}
