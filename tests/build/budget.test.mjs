// The byte budget's checker (.ci/budget.mjs, issue 41) on fake dist/ folders, over and under the
// budget: every expected byte count here is arithmetic on the files this test writes (gzip sizes from
// node's zlib, the same level the checker states), never read back from the checker.
//
//   node --test tests/build/
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { check, languagesOf, measure, readBudget } from '../../.ci/budget.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SCRIPT = path.join(ROOT, '.ci', 'budget.mjs');
const made = [];
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

// A fake site: 1,000 + 300 + 2,000 bytes shipped; the preview image (500 B) and Trunk's hidden
// staging folder are not counted.
const FILES = {
  'index.html': 'x'.repeat(1000),
  'boot-1.js': 'ab'.repeat(150),
  'app_bg.wasm': Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 7919) % 251)),
  'preview.png': 'p'.repeat(500),
  '.stage/leftover.wasm': 'z'.repeat(9999),
};
const SHIPPED = ['app_bg.wasm', 'boot-1.js', 'index.html'];
const RAW = 1000 + 300 + 2000;
const GZIP = SHIPPED.map((f) => zlib.gzipSync(Buffer.from(FILES[f]), { level: 9 }).length).reduce((a, b) => a + b, 0);

function fakeDist() {
  const dir = mkdtempSync(path.join(tmpdir(), 'budget-dist-'));
  made.push(dir);
  for (const [name, body] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), body);
  }
  return dir;
}

function budgetFile(raw, gzip, extra = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'budget-file-'));
  made.push(dir);
  const file = path.join(dir, 'budget.json');
  const history = [{ date: '2026-12-05', raw, gzip, reason: 'the test\'s own' }];
  writeFileSync(file, JSON.stringify({ exclude: ['preview.png'], raw, gzip, history, ...extra }));
  return file;
}

const run = (dist, file) => spawnSync(process.execPath, [SCRIPT, '--dist', dist, '--budget', file], { encoding: 'utf8' });

test('measure counts every shipped file raw and gzip -9, and leaves out the excluded and hidden ones', () => {
  const s = measure(fakeDist(), ['preview.png']);
  assert.deepEqual(s.files.map((f) => f.name), SHIPPED);
  assert.deepEqual(s.files.map((f) => f.raw), [2000, 300, 1000]);
  assert.deepEqual(s.total, { raw: RAW, gzip: GZIP });
  assert.deepEqual(s.excluded, [{ name: 'preview.png', raw: 500 }]);
  // The repeated text compresses: far below its raw size.
  assert.ok(GZIP < RAW / 2, `${GZIP}`);
});

test('at the budget exactly it passes; one byte over (raw or gzip) it fails, naming the excess', () => {
  const s = measure(fakeDist(), ['preview.png']);
  assert.equal(check(s, { raw: RAW, gzip: GZIP }).ok, true);
  const raw = check(s, { raw: RAW - 1, gzip: GZIP });
  assert.deepEqual([raw.ok, raw.over], [false, ['raw']]);
  assert.match(raw.lines.join('\n'), new RegExp(`raw ${RAW.toLocaleString('en-US')} B > ${(RAW - 1).toLocaleString('en-US')} B \\(\\+1 B\\)`));
  const gzip = check(s, { raw: RAW, gzip: GZIP - 1 });
  assert.deepEqual([gzip.ok, gzip.over], [false, ['gzip']]);
});

test('the command under the budget: exit 0, each file, the total and the budget printed', () => {
  const r = run(fakeDist(), budgetFile(RAW + 100, GZIP + 100));
  assert.equal(r.status, 0, r.stderr);
  for (const f of SHIPPED) assert.match(r.stdout, new RegExp(`^  ${f.replace('.', '\\.')}\\s`, 'm'));
  assert.match(r.stdout, new RegExp(`^  total\\s+${RAW.toLocaleString('en-US')}\\s+${GZIP.toLocaleString('en-US')}$`, 'm'));
  assert.match(r.stdout, new RegExp(`^  budget\\s+${(RAW + 100).toLocaleString('en-US')}\\s+${(GZIP + 100).toLocaleString('en-US')}$`, 'm'));
  assert.match(r.stdout, /not counted \(no page load fetches it\): preview\.png, 500 B/);
  assert.doesNotMatch(r.stdout, /leftover/);
  assert.match(r.stdout, /within the budget/);
});

test('the command over the budget: exit 1, and it says to raise the budget in the same commit with the reason', () => {
  const file = budgetFile(RAW - 10, GZIP);
  const r = run(fakeDist(), file);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /OVER BUDGET: raw .* \(\+10 B\)/);
  assert.match(r.stderr, /raise "raw" and "gzip" in .*budget\.json in the same commit/);
  assert.match(r.stderr, /"history": the date, the new raw and gzip bytes, and the reason/);
});

test('a budget file whose figures are not its last history entry, or with no reason, is refused (exit 2)', () => {
  const dist = fakeDist();
  const changed = budgetFile(RAW, GZIP, { raw: RAW + 5000 });
  const r = run(dist, changed);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /is not the last "history" entry's/);
  assert.throws(() => readBudget(JSON.stringify({ raw: 1, gzip: 1, history: [{ date: '2026-12-05', raw: 1, gzip: 1, reason: ' ' }] })), /"reason"/);
  assert.throws(() => readBudget(JSON.stringify({ raw: 1, gzip: 1, history: [] })), /history/);
  assert.throws(() => readBudget(JSON.stringify({ raw: 0, gzip: 1 })), /"raw" must be a positive/);
  const empty = mkdtempSync(path.join(tmpdir(), 'budget-empty-'));
  made.push(empty);
  assert.equal(run(empty, budgetFile(RAW, GZIP)).status, 2, 'an empty dist/ is no pass');
});

test('the repository\'s budget file is well formed and records its reasons', () => {
  const b = readBudget(readFileSync(path.join(ROOT, '.ci', 'budget.json'), 'utf8'));
  // No page load fetches the link preview, nor the method page a reader without JavaScript opens
  // (tests/e2e/budget.test.mjs holds the list to what a real first load requests).
  assert.deepEqual(b.exclude, ['method.html', 'preview.png']);
  assert.ok(b.history.every((h) => h.reason.length > 20));
});

// One wasm per language (static/build/langs.mjs): each language's page load is counted with its own
// wasm only, and each must be within the budget.
test('a build with a wasm per language: each load counts its own wasm and the shared files; each is checked', () => {
  const dir = fakeDist();
  rmSync(path.join(dir, 'app_bg.wasm'));
  const en = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 31) % 253));
  const de = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 17) % 241));
  writeFileSync(path.join(dir, 'token-energy-en-0a1b_bg.wasm'), en);
  writeFileSync(path.join(dir, 'token-energy-de-2c3d_bg.wasm'), de);
  const gz = (b) => zlib.gzipSync(Buffer.from(b), { level: 9 }).length;
  const shared = { raw: 1000 + 300, gzip: gz(FILES['index.html']) + gz(FILES['boot-1.js']) };
  assert.deepEqual(languagesOf(dir), ['en', 'de']);
  const enLoad = measure(dir, ['preview.png'], 'en');
  assert.deepEqual(enLoad.files.map((f) => f.name), ['boot-1.js', 'index.html', 'token-energy-en-0a1b_bg.wasm']);
  assert.deepEqual(enLoad.total, { raw: shared.raw + 3000, gzip: shared.gzip + gz(en) });
  const deLoad = measure(dir, ['preview.png'], 'de');
  assert.deepEqual(deLoad.total, { raw: shared.raw + 5000, gzip: shared.gzip + gz(de) });
  // A budget the English load is within and the German one is not: the command fails, naming it.
  const r = run(dir, budgetFile(shared.raw + 4000, shared.gzip + gz(de) + gz(en)));
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /a page load in "en" fetches[\s\S]*within the budget/);
  assert.match(r.stderr, /a page load in "de" fetches[\s\S]*OVER BUDGET: raw .* \(\+1,000 B\)/);
  assert.equal(run(dir, budgetFile(shared.raw + 5000, shared.gzip + gz(de))).status, 0);
});
