// The bare page, prerendered (Trunk.toml's post_build hook, through csp.mjs): runs the native
// prerender (src/bin/prerender.rs: the app rendered with Yew's server-side rendering, with the
// vendor file when there is one) and writes its HTML into each page's
// <main id="app-root" data-prerendered>, where the browser hydrates it (src/ui/mod.rs, mount); and
// writes the loading page's words in every language (`prerender --boot`, from src/i18n/) into the
// boot block's marked paragraphs (`data-boot="lede"`, `data-boot="status"`), so a German link reads
// German before the wasm runs: the boot script picks the language before the first paint.
//
//   import { prerender } from './prerender.mjs'; prerender(distDir, vendorOrNull);
//
// A page is not built without its prerender: the build fails if the prerender does.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { METHOD_PAGE } from './sw.mjs';

export { METHOD_PAGE };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The native prerender's HTML (cargo builds it first when needed: Cargo.toml's quick `prerender` profile). */
function cargoPrerender(extra) {
  const env = { ...process.env };
  // Trunk's own cargo build is for wasm32; this one is native.
  delete env.CARGO_BUILD_TARGET;
  const args = ['run', '--quiet', '--profile', 'prerender', '--features', 'ssr', '--bin', 'prerender'];
  if (extra) args.push('--', extra);
  const run = spawnSync('cargo', args, { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (run.error) throw new Error(`the prerender did not start: ${run.error.message}`);
  if (run.status !== 0) throw new Error(`the prerender failed (exit ${run.status}):\n${run.stderr}`);
  return run.stdout;
}

/** The native prerender's HTML (cargo builds it first when needed: Cargo.toml's quick `prerender` profile). */
export function runPrerender(vendor) {
  const out = cargoPrerender(vendor ? JSON.stringify(vendor) : null);
  if (!out.includes('data-testid="app"')) throw new Error('the prerender printed no page');
  return out;
}

/**
 * The loading page's words, `{ lede, status, titles, offered }`: the first two one `<span data-lang>`
 * per language, `titles` each other language's document title by its id, `offered` "Offered by
 * {name}" by language id (src/i18n/).
 */
export function runBoot() {
  const words = JSON.parse(cargoPrerender('--boot'));
  if (typeof words.lede !== 'string' || typeof words.status !== 'string' || typeof words.titles !== 'object') {
    throw new Error('the prerender printed no boot words');
  }
  return words;
}

/**
 * Writes `words` (`{ lede, status }`) into every page's boot block in `dir`: the content of the
 * `<p>` marked `data-boot="lede"` and of the one marked `data-boot="status"` (quoted or not: Trunk's
 * minifier) is replaced, and the `<title>` gets `data-title-<lang>` for each of `titles` (the boot
 * script sets the document's title from it). A page without both marks or a title fails the build
 * (its German link would read English).
 */
export function insertBoot(dir, words) {
  const done = [];
  for (const page of readdirSync(dir).filter((f) => f.endsWith('.html') && f !== METHOD_PAGE)) {
    const file = path.join(dir, page);
    let text = readFileSync(file, 'utf8');
    for (const key of ['lede', 'status']) {
      // A <p> (its words are spans, so its first </p> closes it).
      const re = new RegExp(`(<p\\b[^>]*\\bdata-boot=(?:"${key}"|'${key}'|${key}(?=[\\s>]))[^>]*>)[\\s\\S]*?(</p\\s*>)`, 'i');
      if (!re.test(text)) throw new Error(`${page}: no <p data-boot="${key}"> in the boot block`);
      text = text.replace(re, (_whole, open, close) => `${open}${words[key]}${close}`);
    }
    // "Offered by {name}" in every language, on the boot block (`data-offered-by-<lang>`): the
    // branding step (vendor.mjs) names a vendor with it after the build, with no Rust at hand.
    if (words.offered) {
      if (!BOOT.test(text)) throw new Error(`${page}: no <div id="boot">`);
      const offered = Object.entries(words.offered)
        .map(([lang, t]) => ` data-offered-by-${lang}="${attribute(t)}"`)
        .join('');
      text = text.replace(BOOT, (_whole, attrs) => `<div${attrs.replace(/\s*\bdata-offered-by-[a-z]+(=(?:"[^"]*"|'[^']*'|[^\s>]*))?/g, '')}${offered}>`);
    }
    const title = /<title\b([^>]*)>/i;
    if (!title.test(text)) throw new Error(`${page}: no <title>`);
    const titles = Object.entries(words.titles ?? {})
      .map(([lang, t]) => ` data-title-${lang}="${attribute(t)}"`)
      .join('');
    text = text.replace(title, (_whole, attrs) => `<title${attrs.replace(/\s*\bdata-title-[a-z]+(=(?:"[^"]*"|'[^']*'|[^\s>]*))?/g, '')}${titles}>`);
    writeFileSync(file, text);
    done.push(`${page}: the loading page's words in every language`);
  }
  return done;
}

/** The boot block's opening tag (Trunk's minifier may drop the quotes), its attributes in group 1. */
const BOOT = /<div\b([^>]*\bid=(?:"boot"|'boot'|boot(?=[\s>]))[^>]*)>/i;

/** Between the prerender's root and the method page's content in what it prints (src/ui/mod.rs, `prerender`). */
export const METHOD_MARK = '<!-- token-energy: method page -->';

function attribute(text) {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Writes `html` into every page's `<main id="app-root">` in `dir`; returns what it did. The root's
 * `data-prerendered` holds the vendor the page was prerendered with (its JSON, as vendor.mjs writes
 * it into the meta; empty without one): the app hydrates only a page whose meta still says the same
 * (a page branded after its build has other elements than the ones prerendered). The boot block
 * above it is marked `data-prerendered-below`: the stylesheet hides it under the prerendered page.
 */
export function insert(dir, html, vendor = null) {
  const mark = `data-prerendered="${vendor ? attribute(JSON.stringify(vendor)) : ''}"`;
  const [head, tail] = html.split(METHOD_MARK);
  const root = tail === undefined ? head : head.trimEnd();
  const done = [];
  for (const page of readdirSync(dir).filter((f) => f.endsWith('.html') && f !== METHOD_PAGE)) {
    const file = path.join(dir, page);
    const text = readFileSync(file, 'utf8');
    // Trunk's minifier may drop the quotes: id=app-root.
    const re = /<main\b([^>]*)\bid=(?:"app-root"|'app-root'|app-root(?=[\s>]))([^>]*)>[\s\S]*?<\/main>/i;
    if (!re.test(text)) throw new Error(`${page}: no <main id="app-root"> to prerender into`);
    // Without its mark the loading block would show over the prerendered page (style.css).
    if (!BOOT.test(text)) throw new Error(`${page}: no <div id="boot"> to mark data-prerendered-below`);
    const out = text.replace(re, (_whole, before, after) => {
      const attrs = `${before}id="app-root"${after}`.replace(/\s*\bdata-prerendered\b(=(?:"[^"]*"|\S*))?/g, '');
      // Nothing between the tags but the app: hydration reads the root's children as the app's.
      return `<main${attrs} ${mark}>${root}</main>`;
    }).replace(BOOT, (whole, attrs) => (/\bdata-prerendered-below\b/.test(attrs) ? whole : `<div${attrs} data-prerendered-below>`));
    writeFileSync(file, out);
    done.push(`${page}: prerendered the bare page (${Buffer.byteLength(root)} bytes)`);
    if (tail !== undefined && page === 'index.html') {
      const method = methodPage(out, tail.trim(), page);
      writeFileSync(path.join(dir, METHOD_PAGE), method);
      done.push(`${METHOD_PAGE}: the method and the sources for a reader without JavaScript (${Buffer.byteLength(method)} bytes)`);
    }
  }
  return done;
}

/**
 * The page a reader without JavaScript opens from the bare page's `<noscript>` line (`METHOD_PAGE`):
 * the method and the sources as the app draws them (issue 53: they are not in index.html, so a page
 * load, which draws its own, does not fetch them). It has the page's stylesheet, no script.
 */
function methodPage(index, tail, page) {
  const stylesheet = /<link\b[^>]*\brel=["']?stylesheet\b[^>]*>/i.exec(index)?.[0];
  if (!stylesheet) throw new Error(`${page}: no stylesheet to give ${METHOD_PAGE}`);
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '  <meta charset="utf-8">',
    '  <meta name="viewport" content="width=device-width, initial-scale=1">',
    '  <title>token-energy</title>',
    '  <link rel="icon" href="data:,">',
    `  ${stylesheet}`,
    '</head>',
    '<body>',
    '  <header class="masthead"><p class="method-home"><a href="./">token-energy</a></p></header>',
    `  ${tail}`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Prerenders the bare page, and the loading page's words, into every page of `dir`. */
export function prerender(dir, vendor, run = runPrerender, boot = runBoot) {
  return [...insert(dir, run(vendor), vendor), ...insertBoot(dir, boot())];
}
