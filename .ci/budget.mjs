// The byte budget (issue 41): the bytes a page load fetches — every file of the built dist/ except
// the ones no page load asks for (the budget file's `exclude`: the link preview image) — against the
// maximum in .ci/budget.json, raw and gzip -9 (zlib level 9, as .ci/bench counts). Over the budget it
// fails and says how to raise it; a change that adds bytes raises the budget in the same commit, with
// its reason in the file's `history`. docs/budget.md says more.
//
//   node .ci/budget.mjs [--dist dist] [--budget .ci/budget.json]
//
// The set of files is the one a real first load requests, service worker's precache included:
// tests/e2e/budget.test.mjs holds the two to each other. A build of one wasm per language
// (static/build/langs.mjs) is counted per language, each load with its own wasm only; each must be
// within the budget. tests/build/budget.test.mjs tests this file.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { LANGS, filesOf, wasmLang } from '../static/build/langs.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BUDGET_FILE = path.join(ROOT, '.ci', 'budget.json');

/** Every file under `dir`, as a path relative to it with `/` separators, sorted; hidden ones (Trunk's
 * `.stage/` while it builds) are no part of the site. */
function filesUnder(dir, rel = '') {
  const out = [];
  for (const name of readdirSync(path.join(dir, rel)).sort()) {
    if (name.startsWith('.')) continue;
    const r = rel ? `${rel}/${name}` : name;
    if (statSync(path.join(dir, r)).isDirectory()) out.push(...filesUnder(dir, r));
    else out.push(r);
  }
  return out;
}

/** Reads and checks a budget file's text: { raw, gzip, exclude, history }. Throws saying what is wrong. */
export function readBudget(text, where = 'the budget file') {
  const b = JSON.parse(text);
  for (const k of ['raw', 'gzip']) {
    if (!Number.isInteger(b[k]) || b[k] <= 0) throw new Error(`${where}: "${k}" must be a positive whole number of bytes`);
  }
  const exclude = b.exclude ?? [];
  if (!Array.isArray(exclude) || !exclude.every((e) => typeof e === 'string')) throw new Error(`${where}: "exclude" must be a list of file names`);
  const history = b.history ?? [];
  if (!Array.isArray(history) || history.length === 0) throw new Error(`${where}: "history" must list every change of the budget, with its reason`);
  for (const h of history) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(h.date ?? '') || !Number.isInteger(h.raw) || !Number.isInteger(h.gzip) || !(typeof h.reason === 'string' && h.reason.trim())) {
      throw new Error(`${where}: each "history" entry needs a date (YYYY-MM-DD), "raw" and "gzip" bytes and a "reason": ${JSON.stringify(h)}`);
    }
  }
  const last = history[history.length - 1];
  if (last.raw !== b.raw || last.gzip !== b.gzip) {
    throw new Error(`${where}: the budget (raw ${b.raw}, gzip ${b.gzip}) is not the last "history" entry's (raw ${last.raw}, gzip ${last.gzip}): a change of the budget is recorded there with its reason`);
  }
  return { raw: b.raw, gzip: b.gzip, exclude, history };
}

/** The languages whose page loads fetch different files (a wasm each: static/build/langs.mjs), or none. */
export function languagesOf(dist) {
  const found = new Set(filesUnder(dist).map(wasmLang).filter(Boolean));
  return LANGS.filter((l) => found.has(l));
}

/**
 * Each shipped file of `dist` (all but `exclude`) with its raw and gzip -9 bytes, and the totals.
 * With `lang`, a page load in that language: every other language's wasm left out too.
 */
export function measure(dist, exclude = [], lang = null) {
  const files = [];
  const excluded = [];
  const names = filesUnder(dist);
  for (const name of lang ? filesOf(names, lang) : names) {
    const body = readFileSync(path.join(dist, name));
    if (exclude.includes(name)) {
      excluded.push({ name, raw: body.length });
      continue;
    }
    files.push({ name, raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
  }
  const total = { raw: 0, gzip: 0 };
  for (const f of files) {
    total.raw += f.raw;
    total.gzip += f.gzip;
  }
  return { files, excluded, total };
}

const int = (n) => n.toLocaleString('en-US');
const pct = (a, b) => `${((a / b) * 100).toFixed(1)} %`;

/** The verdict and the lines to print: `ok` false where the raw or gzip total is over its budget. */
export function check(sizes, budget, budgetPath = '.ci/budget.json', lang = null) {
  const over = ['raw', 'gzip'].filter((k) => sizes.total[k] > budget[k]);
  const width = Math.max(5, ...sizes.files.map((f) => f.name.length));
  const row = (name, raw, gzip) => `  ${name.padEnd(width)}  ${raw.padStart(11)}  ${gzip.padStart(11)}`;
  const load = lang ? `a page load in "${lang}"` : 'a page load';
  const lines = [`The bytes ${load} fetches (dist/; gzip = zlib level 9):`, row('file', 'raw B', 'gzip B')];
  for (const f of sizes.files) lines.push(row(f.name, int(f.raw), int(f.gzip)));
  lines.push(row('total', int(sizes.total.raw), int(sizes.total.gzip)));
  lines.push(row('budget', int(budget.raw), int(budget.gzip)));
  lines.push(row('used', pct(sizes.total.raw, budget.raw), pct(sizes.total.gzip, budget.gzip)));
  for (const e of sizes.excluded) lines.push(`  not counted (no page load fetches it): ${e.name}, ${int(e.raw)} B`);
  if (over.length) {
    lines.push(
      '',
      `OVER BUDGET: ${over.map((k) => `${k} ${int(sizes.total[k])} B > ${int(budget[k])} B (+${int(sizes.total[k] - budget[k])} B)`).join('; ')}.`,
      `This change ships more bytes than ${budgetPath} allows. Bring it back under, or, if the bytes are`,
      `worth it, raise "raw" and "gzip" in ${budgetPath} in the same commit and add an entry to its`,
      '"history": the date, the new raw and gzip bytes, and the reason (what the bytes buy). See docs/budget.md.',
    );
  } else {
    lines.push('', `within the budget of ${budgetPath}.`);
    if (sizes.total.gzip < budget.gzip * 0.95) {
      lines.push(`(${int(budget.gzip - sizes.total.gzip)} B of gzip to spare: lower the budget in ${budgetPath}, with a "history" entry, to keep the gain.)`);
    }
  }
  return { ok: over.length === 0, over, lines };
}

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(arg('--dist', path.join(ROOT, 'dist')));
  const file = path.resolve(arg('--budget', BUDGET_FILE));
  const shown = path.relative(process.cwd(), file) || file;
  let budget;
  try {
    budget = readBudget(readFileSync(file, 'utf8'), shown);
  } catch (e) {
    console.error(`budget: ${e.message}`);
    process.exit(2);
  }
  // A page load in each language the build has (each its own wasm), else the one load.
  let loads;
  try {
    const langs = languagesOf(dist);
    loads = (langs.length ? langs : [null]).map((lang) => ({ lang, sizes: measure(dist, budget.exclude, lang) }));
  } catch (e) {
    console.error(`budget: cannot read ${dist}: ${e.message} (build it first: trunk build --release)`);
    process.exit(2);
  }
  if (loads[0].sizes.files.length === 0) {
    console.error(`budget: ${dist} holds no file to count (build it first: trunk build --release)`);
    process.exit(2);
  }
  let all = true;
  for (const [i, { lang, sizes }] of loads.entries()) {
    const { ok, lines } = check(sizes, budget, shown, lang);
    (ok ? console.log : console.error)((i ? '\n' : '') + lines.join('\n'));
    all = all && ok;
  }
  process.exit(all ? 0 : 1);
}
