// The vendor file (static/vendor.json, optional) into the built page: a
// <meta name="token-energy-vendor" content="{…}"> in each page's <head>, which the app reads at start
// (no request). Without the file nothing is added and the page shows no "Request a quote".
//
//   import { brand } from './vendor.mjs'; brand(distDir, 'static/vendor.json');
//
// The file: { "name": "…", "accent": "#1d5ba6", "logo": "logo.svg", "mailto": "sales@example.com",
// "url": "https://example.com/quote", "host": "https://www.example.com", "imprint": "https://example.com/imprint",
// "privacy": "/privacy.html" }. Only "name" is required;
// an unknown key or a value of the wrong type fails the build (the app checks each value again and
// drops what is not well formed).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const KEYS = ['name', 'accent', 'logo', 'mailto', 'url', 'host', 'imprint', 'privacy'];

function attribute(text) {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Reads and checks the vendor file; `null` when there is none. Throws on a malformed file. */
export function readVendor(file) {
  if (!existsSync(file)) return null;
  let data;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: not JSON (${e.message})`);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new Error(`${file}: not a JSON object`);
  for (const [k, v] of Object.entries(data)) {
    if (!KEYS.includes(k)) throw new Error(`${file}: unknown key "${k}" (known: ${KEYS.join(', ')})`);
    if (typeof v !== 'string') throw new Error(`${file}: "${k}" must be a string`);
  }
  if (!data.name?.trim()) throw new Error(`${file}: "name" is required`);
  return data;
}

/** Adds (or replaces) the vendor meta in every page of `dir`; returns what it did. */
export function brand(dir, file) {
  const vendor = readVendor(file);
  const done = [];
  for (const page of readdirSync(dir).filter((f) => f.endsWith('.html'))) {
    const full = path.join(dir, page);
    const html = readFileSync(full, 'utf8').replace(/\n?[ \t]*<meta\s+name="token-energy-vendor"[^>]*>/g, '');
    if (!vendor) {
      writeFileSync(full, html);
      continue;
    }
    const meta = `<meta name="token-energy-vendor" content="${attribute(JSON.stringify(vendor))}">`;
    writeFileSync(full, html.replace(/<\/head>/i, `  ${meta}\n</head>`));
    done.push(`${page}: vendor "${vendor.name}"`);
  }
  return done;
}
