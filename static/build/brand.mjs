#!/usr/bin/env node
// Brands a built site after its build, with Node alone (no Rust, no Trunk): a web team's step on
// an unpacked release archive (`token-energy-<version>/branding/`, see BRANDING.md there), or on a
// `dist/`.
//
//   node brand.mjs <vendor file> <site dir>
//
// 1. vendor.mjs: checks the vendor file (a JSON object; "name" required; unknown keys and non-string
//    values refused), writes it into each page as `<meta name="token-energy-vendor">`, which the app
//    reads, and the vendor's name into the page's HTML, so it shows before the app runs and without
//    JavaScript. With an empty vendor file name ('') the vendor is taken out again.
// 2. sw.mjs: writes the service worker again over the changed files (its version hashes every
//    file), keeping the data version the site's sw.js holds, so a visitor's kept copy is updated.
//    It lists the page's own files only: a host's configuration in the folder (_headers,
//    nginx.conf, …) is left out (issue 53).
// 3. precompress.mjs: where the folder holds precompressed copies (.gz, .br: a release's site/), makes
//    those of the changed files again, so a server never sends a stale one.
// Neither adds a script or a style: every integrity= hash stays the file's own, and the page keeps
// within its Content-Security-Policy (static/build/csp.mjs). Running it twice gives the same site.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brand } from './vendor.mjs';
import { FILE, serviceWorker } from './sw.mjs';
import { hasPrecompressed, precompress } from './precompress.mjs';

/** Brands `site` with `vendorFile` (none: '' or null); returns what it did, for the log. */
export function brandSite(vendorFile, site) {
  if (!existsSync(path.join(site, 'index.html'))) throw new Error(`${site}: no index.html (name the folder that holds the built site)`);
  if (vendorFile && !existsSync(vendorFile)) throw new Error(`${vendorFile}: no such vendor file`);
  const worker = path.join(site, FILE);
  const kept = existsSync(worker) ? /const DATA_VERSION = "([^"]+)"/.exec(readFileSync(worker, 'utf8'))?.[1] : null;
  if (!kept) throw new Error(`${worker}: no service worker with a data version: not a built site`);
  const done = brand(site, vendorFile || path.join(site, '.no-vendor-file'));
  if (!vendorFile) done.push('the vendor taken out');
  const compressed = hasPrecompressed(site);
  done.push(...serviceWorker(site, kept));
  return compressed ? [...done, ...precompress(site)] : done;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [vendorFile, site] = process.argv.slice(2);
  if (vendorFile === undefined || !site) {
    console.error('usage: node brand.mjs <vendor file> <site dir>    (vendor file \'\': take the vendor out)');
    process.exit(2);
  }
  try {
    for (const line of brandSite(vendorFile, site)) console.log(`brand: ${line}`);
  } catch (e) {
    console.error(`brand: ${e.message}`);
    process.exit(1);
  }
}
