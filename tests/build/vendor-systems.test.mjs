// Issue 52: the vendor file's `systems`, checked by the build and by brand.mjs (Node alone) against
// the catalogue's cards: each bad file refused with a message naming the system and the field, a good
// one written into the page's meta whole; a file without systems works as before.
//
//   node --test tests/build/
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { checkSystems, readCards, readVendor } from '../../static/build/vendor.mjs';

const made = [];
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));
const BRAND = path.resolve('static/build/brand.mjs');
const CARDS = JSON.parse(readFileSync('data/cards.json', 'utf8'));

// The system: 8 × RTX PRO 6000 with a stated maximum of 7,800 W and a measured idle of 1,900 W.
const GOOD = {
  id: 'x8-rtx',
  name: 'X8 RTX PRO 6000',
  card: 'rtx-pro-6000-se',
  gpus: 8,
  max_w: 7800,
  idle_w: 1900,
  cooling: 'air',
  source: 'X8 technical guide, 2026-03-02',
};

function site() {
  const dir = mkdtempSync(path.join(tmpdir(), 'token-energy-brand-'));
  made.push(dir);
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>');
  writeFileSync(path.join(dir, 'sw.js'), 'const DATA_VERSION = "2026-01-01";\n');
  return dir;
}

function vendorFile(dir, systems) {
  const file = path.join(dir, 'vendor.json');
  writeFileSync(file, JSON.stringify({ name: 'Example GPU Servers', ...(systems === undefined ? {} : { systems }) }));
  return file;
}

function brandCli(file, dir) {
  return spawnSync(process.execPath, [BRAND, file, dir], { encoding: 'utf8' });
}

test('readCards reads the catalogue: every card of data/cards.json with its lowest power setting', () => {
  const cards = readCards();
  assert.equal(cards.size, CARDS.length);
  // The RTX PRO 6000 Server Edition's lowest published setting, as data/cards.json gives it.
  assert.equal(cards.get('rtx-pro-6000-se'), 300);
});

test('brand.mjs accepts a file with the issue\'s system and writes it into the meta whole', () => {
  const dir = site();
  const r = brandCli(vendorFile(dir, [GOOD]), dir);
  assert.equal(r.status, 0, r.stderr);
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const meta = /<meta name="token-energy-vendor" content="([^"]*)"/.exec(html);
  assert.ok(meta, 'the meta is written');
  const read = JSON.parse(meta[1].replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
  assert.deepEqual(read.systems, [GOOD]);
});

test('a file without systems works as before', () => {
  const dir = site();
  const r = brandCli(vendorFile(dir), dir);
  assert.equal(r.status, 0, r.stderr);
  assert.ok(!readFileSync(path.join(dir, 'index.html'), 'utf8').includes('systems'));
});

// Each bad file, and the words its message must hold: the system and the field.
const BAD = [
  ['an unknown card', [{ ...GOOD, card: 'rtx-9090' }], ['"x8-rtx"', '"card"', 'rtx-9090']],
  ['a duplicate id', [GOOD, { ...GOOD, name: 'Other' }], ['systems[1] "x8-rtx"', 'duplicate "id"']],
  ['an id with capitals', [{ ...GOOD, id: 'X8' }], ['systems[0]', '"id"']],
  ['a negative idle', [{ ...GOOD, idle_w: -5 }], ['"x8-rtx"', '"idle_w"', '-5']],
  ['a maximum over 1 MW', [{ ...GOOD, max_w: 1000001 }], ['"x8-rtx"', '"max_w"', '1000000']],
  // 8 × 300 W (the card's lowest setting) = 2,400 W: a stated maximum of 2,000 W cannot hold its GPUs.
  ['a maximum below its GPUs\' minimum', [{ ...GOOD, max_w: 2000 }], ['"x8-rtx"', '"max_w"', '2400 W']],
  ['a number as text', [{ ...GOOD, own_w: '900' }], ['"x8-rtx"', '"own_w"', 'finite']],
  ['a number without a source', [{ ...GOOD, source: undefined }], ['"x8-rtx"', '"source"', 'max_w']],
  ['no card count', [{ ...GOOD, gpus: 0 }], ['"x8-rtx"', '"gpus"']],
  ['an unknown key', [{ ...GOOD, psu_w: 3000 }], ['"x8-rtx"', '"psu_w"']],
  ['a cooling of its own', [{ ...GOOD, cooling: 'water' }], ['"x8-rtx"', '"cooling"']],
  ['systems not a list', { a: GOOD }, ['"systems"', 'list']],
];

for (const [what, systems, words] of BAD) {
  test(`brand.mjs refuses ${what}, naming the system and the field`, () => {
    const dir = site();
    const before = readFileSync(path.join(dir, 'index.html'), 'utf8');
    const r = brandCli(vendorFile(dir, systems), dir);
    assert.equal(r.status, 1, `${what}: refused`);
    for (const w of words) assert.ok(r.stderr.includes(w), `${what}: "${w}" in ${r.stderr}`);
    assert.equal(readFileSync(path.join(dir, 'index.html'), 'utf8'), before, 'the page is left as it was');
  });
}

test('non-finite numbers are refused: JSON cannot hold them, so the check is held directly', () => {
  const cards = readCards();
  for (const v of [Infinity, -Infinity, NaN]) {
    assert.throws(() => checkSystems('v.json', [{ ...GOOD, max_w: v }], cards), /"x8-rtx": "max_w" must be a finite number/);
  }
});

test('the maximum may equal its GPUs\' minimum exactly (8 × 300 W = 2,400 W), and numbers are optional', () => {
  const cards = readCards();
  checkSystems('v.json', [{ ...GOOD, max_w: 8 * 300 }], cards);
  checkSystems('v.json', [{ id: 'plain', name: 'Plain', card: 'h100-sxm', gpus: 8 }], cards);
  assert.ok(readVendor('does-not-exist.json') === null);
});

test('the example vendor file passes, as the release archive ships it', () => {
  const out = execFileSync(process.execPath, [BRAND, 'docs/vendor.example.json', site()], { encoding: 'utf8' });
  assert.match(out, /vendor "Example GPU Servers GmbH"/);
});
