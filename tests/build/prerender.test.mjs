// static/build/prerender.mjs: where the prerendered page goes in the built page. The prerender
// itself (cargo run --features ssr --bin prerender) is exercised by every build and by
// tests/e2e/prerender.test.mjs; here a stand-in HTML is written into the captured Trunk output.
//
//   node --test tests/build/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { insert, prerender } from '../../static/build/prerender.mjs';
import { stagingCopies } from './fixture.mjs';

const APP = '<!--<[App]>--><div data-testid="app">figures</div><!--</[App]>-->';
const staging = stagingCopies('prerender-');

const page = (dir) => readFileSync(path.join(dir, 'index.html'), 'utf8');

test("writes the app as the root's only content, marks the root, and a second run changes nothing more", () => {
  const dir = staging();
  const before = page(dir);
  const log = insert(dir, APP);
  assert.deepEqual(log, [`index.html: prerendered the bare page (${Buffer.byteLength(APP)} bytes)`]);
  const once = page(dir);
  const main = /<main\b([^>]*)>([\s\S]*?)<\/main>/.exec(once);
  assert.ok(main, 'a <main>');
  assert.equal(main[2], APP, 'nothing between the tags but the app (hydration reads every child)');
  assert.match(main[1], /id="app-root"/);
  assert.equal(main[1].match(/data-prerendered/g)?.length, 1);
  // Outside the root the page is as Trunk wrote it.
  const outside = (html) => html.replace(/<main\b[\s\S]*?<\/main>/, '<main>');
  assert.equal(outside(once), outside(before));
  insert(dir, APP);
  assert.equal(page(dir), once, 'idempotent');
});

test('quoted or unquoted id, other attributes kept; a page without the root fails the build', () => {
  const quoted = staging((h) => h.replace('<main id=app-root>', '<main class="x" id="app-root" lang=en>'));
  insert(quoted, APP);
  assert.match(page(quoted), /<main class="x" id="app-root" lang=en data-prerendered="">/);
  const none = staging((h) => h.replace(/<main id=app-root>/, '<main id=elsewhere>'));
  assert.throws(() => insert(none, APP), /no <main id="app-root">/);
});

test('prerender() passes the vendor to the prerender and writes what it printed', () => {
  const dir = staging();
  let seen;
  prerender(dir, { name: 'ACME' }, (vendor) => {
    seen = vendor;
    return APP;
  });
  assert.deepEqual(seen, { name: 'ACME' });
  assert.ok(page(dir).includes(APP));
  // The vendor's JSON, as vendor.mjs writes it into the meta (attribute-escaped).
  assert.ok(page(dir).includes('data-prerendered="{&quot;name&quot;:&quot;ACME&quot;}"'));
});
