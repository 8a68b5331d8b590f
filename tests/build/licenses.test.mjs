// The licence files (issue 29): LICENSE is the licence Cargo.toml declares, and
// THIRD-PARTY-LICENSES.md lists exactly the crates the wasm links (cargo tree, wasm32, offline),
// each with the licence its own Cargo.toml declares and the licence files it ships.
//
//   node --test tests/build/
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { bundled, render } from '../../.ci/licenses.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (f) => readFileSync(path.join(ROOT, f), 'utf8');

test('LICENSE is the MIT licence, as Cargo.toml declares', () => {
  assert.match(read('Cargo.toml'), /^license = "MIT"$/m);
  const licence = read('LICENSE');
  assert.match(licence, /^MIT License\n\nCopyright \(c\) 2026 /);
  // The permission notice and the disclaimer, as the Open Source Initiative publishes them.
  assert.ok(licence.includes('Permission is hereby granted, free of charge, to any person obtaining a copy'));
  assert.ok(licence.includes('The above copyright notice and this permission notice shall be included in all\ncopies or substantial portions of the Software.'));
  assert.ok(licence.includes('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND'));
});

test('THIRD-PARTY-LICENSES.md is what node .ci/licenses.mjs writes now', { timeout: 120_000 }, () => {
  assert.equal(read('THIRD-PARTY-LICENSES.md'), render(), 'out of date: run node .ci/licenses.mjs');
});

test('every crate the wasm links is listed with the licence its Cargo.toml declares', { timeout: 120_000 }, () => {
  const crates = bundled();
  // The app's own direct dependencies for the browser are among them (Cargo.toml, wasm32).
  for (const name of ['yew', 'wasm-bindgen', 'js-sys', 'web-sys', 'wasm-bindgen-futures', 'serde']) {
    assert.ok(crates.some((c) => c.startsWith(`${name} `)), `${name} in ${crates.join(', ')}`);
  }
  // Proc-macros run at compile time only: not in the bundle.
  assert.ok(!crates.some((c) => /^(syn|quote|proc-macro2|yew-macro|serde_derive) /.test(c)), crates.join(', '));
  const table = read('THIRD-PARTY-LICENSES.md');
  const home = process.env.CARGO_HOME ?? path.join(process.env.HOME ?? '/root', '.cargo');
  for (const c of crates) {
    const [name, version] = c.split(' ');
    const row = new RegExp(`^\\| ${name.replace(/[.+]/g, '\\$&')} \\| ${version.replace(/[.+]/g, '\\$&')} \\| ([^|]+) \\|`, 'm').exec(table);
    assert.ok(row, `${c} listed`);
    // Read the crate's own manifest (the registry's copy), independently of cargo metadata.
    const dir = crateDir(path.join(home, 'registry', 'src'), `${name}-${version}`);
    assert.ok(dir, `${c}: not in the local registry`);
    const declared = /^license\s*=\s*"([^"]+)"/m.exec(readFileSync(path.join(dir, 'Cargo.toml'), 'utf8'))?.[1];
    assert.equal(row[1].trim(), declared, c);
  }
});

function crateDir(registry, dir) {
  if (!existsSync(registry)) return null;
  for (const index of readdirSync(registry)) {
    const p = path.join(registry, index, dir);
    if (existsSync(path.join(p, 'Cargo.toml'))) return p;
  }
  return null;
}
