// The vendor file (static/vendor.json, optional) into the built page: a
// <meta name="token-energy-vendor" content="{…}"> in each page's <head>, which the app reads at start
// (no request). Without the file nothing is added and the page shows no "Request a quote".
//
//   import { brand } from './vendor.mjs'; brand(distDir, 'static/vendor.json');
//
// The file: { "name": "…", "accent": "#1d5ba6", "logo": "logo.svg", "mailto": "sales@example.com",
// "url": "https://example.com/quote", "host": "https://www.example.com", "imprint": "https://example.com/imprint",
// "privacy": "/privacy.html", "systems": [{ "id": "…", "name": "…", "card": "…", "gpus": 8, "max_w": …, "own_w": …,
// "idle_w": …, "cooling": "air", "source": "…" }] }. Only "name" is required;
// an unknown key or a value of the wrong type fails the build (the app checks each value again and
// drops what is not well formed).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const KEYS = ['name', 'accent', 'logo', 'mailto', 'url', 'host', 'imprint', 'privacy', 'systems'];

// issue 52: the vendor's own systems.
const SYSTEM_KEYS = ['id', 'name', 'card', 'gpus', 'max_w', 'own_w', 'idle_w', 'cooling', 'source'];
const NUMBERS = ['max_w', 'own_w', 'idle_w'];
const COOLING = ['air', 'liquid', 'hybrid'];
/** The most any one system may draw, W (1 MW): a number above it is a typing error. */
export const MAX_SYSTEM_W = 1_000_000;

/**
 * The catalogue's cards (id → lowest published power setting per GPU, W, or 0): data/cards.json in the
 * project, or cards.json beside this file in the release archive's branding/ folder.
 */
export function readCards() {
  for (const rel of ['./cards.json', '../../data/cards.json']) {
    const file = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(file)) {
      const cards = JSON.parse(readFileSync(file, 'utf8'));
      return new Map(cards.map((c) => [c.id, c.min_power?.watts ?? 0]));
    }
  }
  throw new Error('no catalogue of cards (cards.json) beside vendor.mjs to check the systems against');
}

/**
 * Checks the vendor file's `systems` against the catalogue's cards (`cards`: id → minimum W per GPU);
 * throws with a message naming the system and the field.
 */
export function checkSystems(file, systems, cards) {
  if (!Array.isArray(systems)) throw new Error(`${file}: "systems" must be a list`);
  const ids = new Set();
  systems.forEach((s, i) => {
    const at = `${file}: systems[${i}]`;
    if (s === null || typeof s !== 'object' || Array.isArray(s)) throw new Error(`${at}: not a JSON object`);
    const named = typeof s.id === 'string' && s.id ? `${at} "${s.id}"` : at;
    for (const k of Object.keys(s)) {
      if (!SYSTEM_KEYS.includes(k)) throw new Error(`${named}: unknown key "${k}" (known: ${SYSTEM_KEYS.join(', ')})`);
    }
    if (typeof s.id !== 'string' || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(s.id)) {
      throw new Error(`${named}: "id" must be lower-case letters, digits and hyphens`);
    }
    if (ids.has(s.id)) throw new Error(`${named}: duplicate "id" (each system's id is unique)`);
    ids.add(s.id);
    for (const k of ['name', 'card']) if (typeof s[k] !== 'string' || !s[k].trim()) throw new Error(`${named}: "${k}" is required (a string)`);
    if (!cards.has(s.card)) throw new Error(`${named}: "card" "${s.card}" is not a card of the catalogue (known: ${[...cards.keys()].join(', ')})`);
    if (!Number.isInteger(s.gpus) || s.gpus < 1 || s.gpus > 1024) throw new Error(`${named}: "gpus" must be a whole number from 1 to 1024`);
    for (const k of NUMBERS) {
      if (s[k] === undefined) continue;
      const v = s[k];
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`${named}: "${k}" must be a finite number of watts`);
      if (v < 0 || v > MAX_SYSTEM_W) throw new Error(`${named}: "${k}" ${v} W is out of range (0 to ${MAX_SYSTEM_W} W)`);
    }
    const floor = s.gpus * cards.get(s.card);
    if (s.max_w !== undefined && s.max_w < floor) {
      throw new Error(`${named}: "max_w" ${s.max_w} W is below its GPUs' minimum (${s.gpus} × ${cards.get(s.card)} W = ${floor} W)`);
    }
    if (s.cooling !== undefined && !COOLING.includes(s.cooling)) throw new Error(`${named}: "cooling" must be one of ${COOLING.join(', ')}`);
    if (s.source !== undefined && (typeof s.source !== 'string' || !s.source.trim())) throw new Error(`${named}: "source" must be a text`);
    const given = NUMBERS.filter((k) => s[k] !== undefined);
    if (given.length && s.source === undefined) throw new Error(`${named}: "source" is required with "${given.join('", "')}" (the document or lab report, with its date)`);
  });
}

function attribute(text) {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Reads and checks the vendor file; `null` when there is none. Throws on a malformed file. */
export function readVendor(file, cards = null) {
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
    if (k !== 'systems' && typeof v !== 'string') throw new Error(`${file}: "${k}" must be a string`);
  }
  if (!data.name?.trim()) throw new Error(`${file}: "name" is required`);
  if (data.systems !== undefined) checkSystems(file, data.systems, cards ?? readCards());
  return data;
}

function text(t) {
  return t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `data-offered-by-<lang>="…"` of the boot block (static/build/prerender.mjs wrote them): lang → template. */
function offeredBy(html) {
  const boot = /<div\b[^>]*\bid=(?:"boot"|'boot'|boot(?=[\s>]))[^>]*>/i.exec(html);
  const found = {};
  for (const m of (boot?.[0] ?? '').matchAll(/\bdata-offered-by-([a-z]+)="([^"]*)"/g)) found[m[1]] = m[2];
  // A page built before the build wrote them: English.
  return Object.keys(found).length ? found : { en: 'Offered by {name}' };
}

/** A logo the prerender would show: a path on the page's own origin (the app checks it again). */
function ownPath(logo) {
  return typeof logo === 'string' && /^(?!\/\/)[A-Za-z0-9._~\/-]+$/.test(logo) && !logo.includes('..');
}

const BRANDED = /<p\b[^>]*\bdata-branded\b[^>]*>[\s\S]*?<\/p\s*>/g;
const H1 = /<h1\b[^>]*>\s*token-energy\s*<\/h1\s*>/i;

/**
 * The vendor's name in the HTML a visitor reads before the app runs, or without JavaScript: the
 * prerendered bare page's masthead ("Offered by …", English as that page is) and the loading
 * page's (every language, as its other words). Where the build prerendered the page with this very
 * vendor (`data-prerendered` holds its JSON), the prerendered page already names it. Lines this
 * step wrote before (`data-branded`) are replaced; without a vendor they go, with a prerendered
 * vendor line of another vendor.
 */
function nameInPage(html, vendor, json) {
  const templates = offeredBy(html);
  let out = html.replace(BRANDED, '');
  const main = /<main\b[^>]*\bid=(?:"app-root"|'app-root'|app-root(?=[\s>]))[^>]*>/i.exec(out);
  if (main) {
    const mark = /\bdata-prerendered="([^"]*)"/.exec(main[0]);
    const prerenderedWith = mark ? mark[1] : null;
    if (prerenderedWith !== null && prerenderedWith !== (vendor ? attribute(json) : '')) {
      let rest = out.slice(main.index);
      // The prerender's line for another vendor (or none now).
      rest = rest.replace(/<p\b[^>]*\bdata-testid="vendor"[^>]*>[\s\S]*?<\/p\s*>/, '');
      if (vendor) {
        const logo = ownPath(vendor.logo) ? `<img src="${attribute(vendor.logo)}" alt="" height="28">` : '';
        const line = (templates.en ?? Object.values(templates)[0]).replace('{name}', text(vendor.name));
        rest = rest.replace(H1, (h1) => `${h1}<p class="vendor" data-testid="vendor" data-branded>${logo}${line}</p>`);
      }
      out = out.slice(0, main.index) + rest;
    }
  }
  if (vendor) {
    const boot = /<div\b[^>]*\bid=(?:"boot"|'boot'|boot(?=[\s>]))[^>]*>/i.exec(out);
    if (boot) {
      const spans = Object.entries(templates)
        .map(([lang, t]) => `<span data-lang="${lang}"${lang === 'en' ? '' : ` lang="${lang}"`}>${t.replace('{name}', text(vendor.name))}</span>`)
        .join('');
      const at = boot.index + boot[0].length;
      const rest = out.slice(at).replace(H1, (h1) => `${h1}<p class="vendor" data-testid="boot-vendor" data-branded>${spans}</p>`);
      out = out.slice(0, at) + rest;
    }
  }
  return out;
}

/**
 * Adds (or replaces) the vendor meta in every page of `dir`, and names the vendor in the page's
 * HTML before the app runs (`nameInPage`); returns what it did. It adds no script and no style:
 * every integrity= stays the file's, and the page stays within its Content-Security-Policy.
 */
export function brand(dir, file) {
  const vendor = readVendor(file);
  const done = [];
  for (const page of readdirSync(dir).filter((f) => f.endsWith('.html'))) {
    const full = path.join(dir, page);
    const html = readFileSync(full, 'utf8').replace(/\n?[ \t]*<meta\s+name="token-energy-vendor"[^>]*>/g, '');
    const json = vendor ? JSON.stringify(vendor) : '';
    const named = nameInPage(html, vendor, json);
    if (!vendor) {
      writeFileSync(full, named);
      continue;
    }
    const meta = `<meta name="token-energy-vendor" content="${attribute(json)}">`;
    // Undone exactly by the removal above, so a second run gives the same page.
    writeFileSync(full, named.replace(/<\/head>/i, `\n  ${meta}</head>`));
    done.push(`${page}: vendor "${vendor.name}"`);
  }
  return done;
}
