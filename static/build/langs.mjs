// One wasm per language (issue 53). The page's words are compiled into its wasm, each language's
// table and the code that writes its messages; a page shows one language at a time, so a page load
// fetches the wasm of its own language only:
//
// - Trunk builds English (`data-cargo-features="en-only"` on static/index.html's rust link);
// - the Trunk hook (csp.mjs) builds every other language here, as Trunk builds its own: `cargo
//   build` with the language's feature (`de-only`), `wasm-bindgen --target web`, and in a release
//   build `wasm-opt` with the link's own options, into the staging folder beside Trunk's files;
// - csp.mjs joins each language's glue and loader into the one boot module, which starts the
//   language the boot script chose before the first paint (`<html data-boot-lang>`: the link's
//   `lang`, else the browser's languages, as the app chooses).
//
// Each language's wasm is named `token-energy-<lang>-<hex>_bg.wasm` (`wasmLang` reads the language
// back): the byte budget counts each language's page load (.ci/budget.mjs), and the service
// worker keeps the language of the page that registered it (sw.mjs).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// The languages, and which language's page loads a file: the service worker's builder (sw.mjs,
// shipped in a release's branding folder without this file) needs them too.
export { LANGS, filesOf, wasmLang } from './sw.mjs';
/** The cargo feature that builds one language only (Cargo.toml). */
export const feature = (lang) => `${lang}-only`;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `tool`'s path: on PATH, else in the repository's node_modules/.bin (binaryen's wasm-opt). */
function tool(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const local = path.join(ROOT, 'node_modules', '.bin', name);
  if (existsSync(local)) return local;
  throw new Error(`${name} is not on PATH (source .ci/setup puts it there)`);
}

/** The rust link's wasm-opt options in the page's source (what Trunk passed to wasm-opt). */
function wasmOptArgs(sourceHtml) {
  const html = readFileSync(sourceHtml, 'utf8');
  const link = /<link\b[^>]*\bdata-trunk\b[^>]*\brel="rust"[^>]*>/i.exec(html)?.[0];
  if (!link) throw new Error(`no <link data-trunk rel="rust"> in ${sourceHtml}`);
  const level = /\bdata-wasm-opt="([^"]*)"/.exec(link)?.[1] ?? '';
  const params = /\bdata-wasm-opt-params="([^"]*)"/.exec(link)?.[1] ?? '';
  if (!level || level === '0') return null;
  return [`-O${level}`, ...params.split(/\s+/).filter(Boolean)];
}

/**
 * Builds `lang`'s wasm and glue as Trunk builds its own, into `dir` (the staging folder). `profile`
 * is Trunk's (`release` runs wasm-opt). Returns the files' names in `dir`.
 */
export function buildLanguage(lang, { dir, profile = 'debug', sourceHtml = path.join(ROOT, 'static', 'index.html'), log = () => {} }) {
  const release = profile === 'release';
  const cargo = ['build', '--target=wasm32-unknown-unknown', '--manifest-path', path.join(ROOT, 'Cargo.toml')];
  if (release) cargo.push('--release');
  // Trunk has just built the same crates for English: nothing to download.
  cargo.push('--offline', '--bin', 'token-energy', '--features', feature(lang), '--message-format=json-render-diagnostics');
  log(`${lang}: cargo ${cargo.join(' ')}`);
  const out = execFileSync(tool('cargo'), cargo, { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 << 20, stdio: ['ignore', 'pipe', 'inherit'] });
  let built = null;
  for (const line of out.split('\n')) {
    if (!line.startsWith('{')) continue;
    const m = JSON.parse(line);
    if (m.reason === 'compiler-artifact' && m.target?.name === 'token-energy' && m.target.kind?.includes('bin')) {
      built = m.filenames.find((f) => f.endsWith('.wasm')) ?? built;
    }
  }
  if (!built) throw new Error(`${lang}: cargo built no token-energy.wasm`);
  // Copied at once: the next build of another feature set writes the same file.
  const work = path.join(process.env.CARGO_TARGET_DIR || path.join(ROOT, 'target'), 'langs', release ? 'release' : 'debug', lang);
  mkdirSync(work, { recursive: true });
  const input = path.join(work, 'token-energy.wasm');
  copyFileSync(built, input);
  const bindgen = ['--target=web', `--out-dir=${work}`, '--out-name=token-energy', input, '--no-typescript'];
  log(`${lang}: wasm-bindgen ${bindgen.join(' ')}`);
  execFileSync(tool('wasm-bindgen'), bindgen, { stdio: ['ignore', 'inherit', 'inherit'] });
  let wasm = path.join(work, 'token-energy_bg.wasm');
  const opt = release ? wasmOptArgs(sourceHtml) : null;
  if (opt) {
    const optimised = path.join(work, 'token-energy_bg.opt.wasm');
    log(`${lang}: wasm-opt ${opt.join(' ')}`);
    execFileSync(tool('wasm-opt'), [`--output=${optimised}`, ...opt.slice(0, 1), wasm, ...opt.slice(1)], { stdio: ['ignore', 'inherit', 'inherit'] });
    wasm = optimised;
  }
  const bytes = readFileSync(wasm);
  const hex = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const names = { glue: `token-energy-${lang}-${hex}.js`, wasm: `token-energy-${lang}-${hex}_bg.wasm` };
  writeFileSync(path.join(dir, names.wasm), bytes);
  copyFileSync(path.join(work, 'token-energy.js'), path.join(dir, names.glue));
  return names;
}
