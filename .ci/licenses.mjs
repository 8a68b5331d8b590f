#!/usr/bin/env node
// THIRD-PARTY-LICENSES.md: what the built site contains that others wrote, with each licence as
// declared and the licence files each crate ships. The wasm links the crates `cargo tree` lists
// for wasm32 (normal dependencies, no proc-macros: those only run while compiling); boot-<hash>.js
// is wasm-bindgen's generated glue and Trunk's loader.
//
//   node .ci/licenses.mjs           writes THIRD-PARTY-LICENSES.md
//   node .ci/licenses.mjs --check   fails when the file is not what it would write (tests/build/)
//
// Reads Cargo.lock's crates from the local registry (cargo --offline): no network.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'THIRD-PARTY-LICENSES.md');
const cargo = (args) => execFileSync('cargo', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'pipe'] });

/** The crates linked into the wasm: `name vX.Y.Z`, without this crate. */
export function bundled() {
  const tree = cargo(['tree', '--offline', '--locked', '--target', 'wasm32-unknown-unknown', '-e', 'normal,no-proc-macro', '--prefix', 'none', '--format', '{p}']);
  const set = new Set();
  for (const line of tree.split('\n')) {
    const m = /^(\S+) v(\S+)/.exec(line.trim());
    if (m && m[1] !== 'token-energy') set.add(`${m[1]} ${m[2]}`);
  }
  return [...set].sort();
}

function licenceFiles(dir) {
  return readdirSync(dir)
    .filter((f) => /^(licen[cs]e|copying|unlicense|copyright)/i.test(f))
    .sort()
    .map((f) => ({ file: f, text: readFileSync(path.join(dir, f), 'utf8').replace(/\r\n/g, '\n').trim() }));
}

export function render() {
  const meta = JSON.parse(cargo(['metadata', '--offline', '--locked', '--format-version', '1', '--filter-platform', 'wasm32-unknown-unknown']));
  const byId = new Map(meta.packages.map((p) => [`${p.name} ${p.version}`, p]));
  const crates = bundled().map((id) => {
    const p = byId.get(id);
    if (!p) throw new Error(`${id}: not in cargo metadata`);
    return { name: p.name, version: p.version, licence: p.license ?? `see ${p.license_file}`, repo: p.repository ?? '', files: licenceFiles(path.dirname(p.manifest_path)) };
  });
  // Trunk's loader (the few lines that start the wasm) is in boot-<hash>.js beside the glue.
  const trunkVersion = /CI_TRUNK_VERSION="([^"]+)"/.exec(readFileSync(path.join(ROOT, '.ci', 'setup'), 'utf8'))?.[1] ?? '';
  const lines = [
    '# Third-party licences',
    '',
    'What the built site (`dist/`, and the release archive) contains that others wrote. token-energy',
    'itself is under the MIT licence (`LICENSE`). Written by `node .ci/licenses.mjs` from `cargo tree`',
    '(wasm32, normal dependencies, no proc-macros: those run only while compiling) and each crate\'s own',
    'licence files; `tests/build/licenses.test.mjs` fails when it is out of date.',
    '',
    '- `token-energy-en-<hash>_bg.wasm`, `token-energy-de-<hash>_bg.wasm`: the Rust crates below, compiled and linked (one wasm per language).',
    `- \`boot-<hash>.js\`: wasm-bindgen's generated glue, one per language (wasm-bindgen, MIT OR Apache-2.0), and Trunk ${trunkVersion}'s loader`,
    '  (MIT OR Apache-2.0, https://github.com/trunk-rs/trunk).',
    '- `index.html`, `style-<hash>.css`, `pending-<hash>.js`, `offline-<hash>.js`, `sw.js`, `preview.png`: this project\'s own.',
    '',
    '| crate | version | licence (as declared) | licence files in the crate |',
    '|---|---|---|---|',
    ...crates.map((c) => `| ${c.name} | ${c.version} | ${c.licence} | ${c.files.length ? c.files.map((f) => f.file).join(', ') : `none shipped; see ${c.repo || 'the crate\'s repository'}`} |`),
    '',
    '## Licence texts',
    '',
    'Each text once, with the crates that ship it. Where a crate offers a choice (MIT OR Apache-2.0),',
    'this project uses it under the MIT licence; both texts are given as the crate ships them.',
    '',
  ];
  const texts = new Map();
  for (const c of crates) {
    for (const f of c.files) {
      const key = createHash('sha256').update(f.text).digest('hex');
      if (!texts.has(key)) texts.set(key, { text: f.text, who: [] });
      texts.get(key).who.push(`${c.name} ${c.version} (${f.file})`);
    }
  }
  for (const { text, who } of texts.values()) {
    lines.push(`### ${who.join(', ')}`, '', '```text', text.replace(/```/g, "'''"), '```', '');
  }
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = render();
  if (process.argv.includes('--check')) {
    const now = existsSync(OUT) ? readFileSync(OUT, 'utf8') : '';
    if (now !== text) {
      console.error('THIRD-PARTY-LICENSES.md is out of date: run node .ci/licenses.mjs');
      process.exit(1);
    }
    console.log('THIRD-PARTY-LICENSES.md is up to date');
  } else {
    writeFileSync(OUT, text);
    console.log(`wrote ${path.relative(ROOT, OUT)}`);
  }
}
