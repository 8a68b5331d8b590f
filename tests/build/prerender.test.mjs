// static/build/prerender.mjs: where the prerendered page goes in the built page. The prerender
// itself (cargo run --features ssr --bin prerender) is exercised by every build and by
// tests/e2e/prerender.test.mjs; here a stand-in HTML is written into the captured Trunk output.
//
//   node --test tests/build/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { METHOD_MARK, METHOD_PAGE, insert, insertBoot, prerender } from '../../static/build/prerender.mjs';
import { ROOT, stagingCopies } from './fixture.mjs';

const APP = '<!--<[App]>--><div data-testid="app">figures</div><!--</[App]>-->';
const staging = stagingCopies('prerender-');

const page = (dir) => readFileSync(path.join(dir, 'index.html'), 'utf8');
const read = (dir, name) => readFileSync(path.join(dir, name), 'utf8');

test("writes the app as the root's only content, marks the root, and a second run changes nothing more", () => {
  const dir = staging(withBoot);
  const before = page(dir);
  const log = insert(dir, APP);
  assert.deepEqual(log, [`index.html: prerendered the bare page (${Buffer.byteLength(APP)} bytes)`]);
  const once = page(dir);
  const main = /<main\b([^>]*)>([\s\S]*?)<\/main>/.exec(once);
  assert.ok(main, 'a <main>');
  assert.equal(main[2], APP, 'nothing between the tags but the app (hydration reads every child)');
  assert.match(main[1], /id="app-root"/);
  assert.equal(main[1].match(/data-prerendered/g)?.length, 1);
  // Outside the root the page is as Trunk wrote it, the boot block marked.
  const outside = (html) => html.replace(/<main\b[\s\S]*?<\/main>/, '<main>');
  assert.equal(outside(once), outside(marked(before)));
  insert(dir, APP);
  assert.equal(page(dir), once, 'idempotent');
});

test("issue 53: what follows the prerender's mark becomes method.html (the page's stylesheet, no script), not the root; a second run writes the same", () => {
  const dir = staging(withBoot);
  const before = page(dir);
  const tail = '<div class="page"><section class="method">the method</section></div>';
  const log = insert(dir, `${APP}\n${METHOD_MARK}\n${tail}\n`);
  const once = page(dir);
  const main = /<main\b[^>]*>([\s\S]*?)<\/main>/.exec(once);
  assert.equal(main[1], APP, 'the root holds the app alone, not the method page');
  const outside = (html) => html.replace(/<main\b[\s\S]*?<\/main>/, '<main>');
  assert.equal(outside(once), outside(marked(before)), 'the rest of the page as Trunk wrote it, the boot block marked');
  const method = read(dir, METHOD_PAGE);
  assert.ok(method.includes(tail), 'the method page holds what followed the mark');
  const stylesheet = /<link\b[^>]*rel=stylesheet[^>]*>/.exec(before)[0];
  assert.ok(method.includes(stylesheet), `the page's own stylesheet, with its integrity: ${stylesheet}`);
  assert.ok(!/<script\b/i.test(method), 'no script');
  assert.match(method, /<a href="\.\/">token-energy<\/a>/, 'a way back to the calculator');
  assert.deepEqual(log, [`index.html: prerendered the bare page (${Buffer.byteLength(APP)} bytes)`, `${METHOD_PAGE}: the method and the sources for a reader without JavaScript (${Buffer.byteLength(method)} bytes)`]);
  insert(dir, `${APP}\n${METHOD_MARK}\n${tail}\n`);
  assert.equal(page(dir), once, 'the page again');
  assert.equal(read(dir, METHOD_PAGE), method, 'the method page again');
});

test('quoted or unquoted id, other attributes kept; a page without the root or the boot block fails the build', () => {
  const quoted = staging((h) => withBoot(h).replace('<main id=app-root>', '<main class="x" id="app-root" lang=en>'));
  insert(quoted, APP);
  assert.match(page(quoted), /<main class="x" id="app-root" lang=en data-prerendered="">/);
  const none = staging((h) => withBoot(h).replace(/<main id=app-root>/, '<main id=elsewhere>'));
  assert.throws(() => insert(none, APP), /no <main id="app-root">/);
  // Without the boot block's mark, "Calculating…" would show over the prerendered page.
  assert.throws(() => insert(staging(), APP), /no <div id="boot">/);
});

test('prerender() passes the vendor to the prerender and writes what it printed', () => {
  const dir = staging((h) => h.replace('<main id=app-root>', `${BOOT}<main id=app-root>`));
  let seen;
  prerender(
    dir,
    { name: 'ACME' },
    (vendor) => {
      seen = vendor;
      return APP;
    },
    () => WORDS,
  );
  assert.deepEqual(seen, { name: 'ACME' });
  assert.ok(page(dir).includes(APP));
  // The vendor's JSON, as vendor.mjs writes it into the meta (attribute-escaped).
  assert.ok(page(dir).includes('data-prerendered="{&quot;name&quot;:&quot;ACME&quot;}"'));
});

// The loading page's words (German review 1-10): the boot block's two marked paragraphs take every
// language's words, whatever the source held; quoted or unquoted marks; a page without them fails.
const BOOT =
  '<div class=boot id=boot><header class=masthead><h1>token-energy</h1><p class=lede data-boot=lede><span data-lang=en>Old</span></p></header>' +
  '<p data-testid=boot-status data-boot="status"><span data-lang=en>Calculating…</span></p></div>';
const OFFERED = { en: 'Offered by {name}', de: 'Bereitgestellt von {name}' };
const withBoot = (h) => h.replace('<main id=app-root>', `${BOOT}<main id=app-root>`);
const marked = (h) => h.replace('<div class=boot id=boot>', '<div class=boot id=boot data-prerendered-below>');
const WORDS = {
  lede: '<span data-lang="en">Lede</span><span data-lang="de" lang="de">Leitsatz</span>',
  status: '<span data-lang="en">Calculating…</span><span data-lang="de" lang="de">Wird berechnet …</span>',
  titles: { de: 'token-energy · GPU-Energie je "LLM"-Token' },
};

test("writes every language's boot words into the marked paragraphs, and a second run changes nothing more", () => {
  const dir = staging((h) => h.replace('<main id=app-root>', `${BOOT}<main id=app-root>`));
  assert.deepEqual(insertBoot(dir, WORDS), ["index.html: the loading page's words in every language"]);
  const once = page(dir);
  assert.ok(once.includes(`<p class=lede data-boot=lede>${WORDS.lede}</p></header>`), once);
  assert.ok(once.includes(`<p data-testid=boot-status data-boot="status">${WORDS.status}</p></div>`), once);
  assert.ok(!once.includes('Old'), 'the source words are replaced');
  assert.ok(
    once.includes('<title data-title-de="token-energy · GPU-Energie je &quot;LLM&quot;-Token">token-energy · GPU energy per LLM token</title>'),
    'the German title beside the English one, attribute-escaped',
  );
  insertBoot(dir, WORDS);
  assert.equal(page(dir), once, 'idempotent');
  const none = staging();
  assert.throws(() => insertBoot(none, WORDS), /no <p data-boot="lede">/);
});

test('issue 53: the boot block over the prerendered root is marked data-prerendered-below once (the stylesheet hides it there with no :has() on the body)', () => {
  const dir = staging((h) => h.replace('<main id=app-root>', `${BOOT}<main id=app-root>`));
  insert(dir, APP);
  const once = page(dir);
  assert.equal(once.match(/<div [^>]*>/)[0], '<div class=boot id=boot data-prerendered-below>');
  assert.equal(once.match(/data-prerendered-below/g).length, 1);
  insert(dir, APP);
  assert.equal(page(dir), once, 'idempotent');
  // The page's own boot block (quoted, with the words insertBoot writes on it) through prerender().
  const real = staging((h) => h.replace('<main id=app-root>', `${BOOT.replace('<div class=boot id=boot>', '<div class="boot page" data-testid=boot id="boot">')}<main id=app-root>`));
  prerender(real, null, () => APP, () => ({ ...WORDS, offered: OFFERED }));
  prerender(real, null, () => APP, () => ({ ...WORDS, offered: OFFERED }));
  assert.match(page(real), /<div class="boot page" data-testid=boot id="boot" data-prerendered-below data-offered-by-en="Offered by \{name\}" data-offered-by-de="Bereitgestellt von \{name\}">/);
  // The stylesheet hides the marked block and shows it on a link, and asks the body nothing.
  const css = readFileSync(path.join(ROOT, 'static/style.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ');
  assert.ok(css.includes('} .boot[data-prerendered-below] { display: none; }'), 'the marked block hidden');
  assert.ok(css.includes('} html.pending .boot[data-prerendered-below] { display: block; }'), 'and shown while a link loads');
  assert.ok(!/\bbody:has\(/.test(css), 'no rule asks the body what it has');
});

test('prerender() writes the boot words too', () => {
  const dir = staging((h) => h.replace('<main id=app-root>', `${BOOT}<main id=app-root>`));
  prerender(dir, null, () => APP, () => WORDS);
  assert.ok(page(dir).includes(WORDS.lede) && page(dir).includes(WORDS.status) && page(dir).includes(APP));
});

// Issue 37: a vendor named after the build. The build keeps "Offered by {name}" in every language
// on the boot block; the branding step (vendor.mjs) writes the name with it into the prerendered
// page and the loading page, once, and takes it out again.
const MASTHEAD = '<!--<[App]>--><div data-testid="app"><header class="masthead"><nav>langs</nav><h1>token-energy</h1><p class="lede">Lede</p></header>figures</div><!--</[App]>-->';

test('the boot block keeps "Offered by {name}" in every language, and a second run changes nothing more', () => {
  const dir = staging((h) => h.replace('<main id=app-root>', `${BOOT}<main id=app-root>`));
  insertBoot(dir, { ...WORDS, offered: OFFERED });
  const once = page(dir);
  assert.ok(once.includes('<div class=boot id=boot data-offered-by-en="Offered by {name}" data-offered-by-de="Bereitgestellt von {name}">'), once);
  insertBoot(dir, { ...WORDS, offered: OFFERED });
  assert.equal(page(dir), once, 'idempotent');
});

test('brand() names the vendor in a page prerendered without it, never twice, and takes it out again', async () => {
  const { brand } = await import('../../static/build/vendor.mjs');
  const { writeFileSync } = await import('node:fs');
  const dir = staging((h) => h.replace('<main id=app-root>', `${BOOT}<main id=app-root>`));
  prerender(dir, null, () => MASTHEAD, () => ({ ...WORDS, offered: OFFERED }));
  const unbranded = page(dir);
  const file = path.join(dir, 'vendor.json');
  writeFileSync(file, JSON.stringify({ name: 'Müller & <Söhne>', logo: 'logo.svg' }));
  brand(dir, file);
  const once = page(dir);
  const count = (s) => once.split(s).length - 1;
  assert.equal(count('data-testid="vendor"'), 1, once);
  assert.ok(once.includes('<h1>token-energy</h1><p class="vendor" data-testid="vendor" data-branded><img src="logo.svg" alt="" height="28">Offered by Müller &amp; &lt;Söhne&gt;</p><p class="lede">Lede</p>'), once);
  assert.ok(once.includes('<p class="vendor" data-testid="boot-vendor" data-branded><span data-lang="en">Offered by Müller &amp; &lt;Söhne&gt;</span><span data-lang="de" lang="de">Bereitgestellt von Müller &amp; &lt;Söhne&gt;</span></p>'), once);
  brand(dir, file);
  assert.equal(page(dir), once, 'idempotent');
  // Another vendor replaces the first; no vendor file takes it out (the page as the build left it).
  writeFileSync(file, JSON.stringify({ name: 'Other', logo: 'https://elsewhere.example/logo.svg' }));
  brand(dir, file);
  assert.ok(!page(dir).includes('Müller') && page(dir).includes('Offered by Other</p>') && !page(dir).includes('<img src="https://elsewhere'), page(dir));
  brand(dir, path.join(dir, 'none.json'));
  assert.equal(page(dir), unbranded);

  // Prerendered with this very vendor (a vendor build): the prerender's line stays the only one.
  const built = staging((h) => h.replace('<main id=app-root>', `${BOOT}<main id=app-root>`));
  const vendor = { name: 'Example' };
  prerender(built, vendor, () => MASTHEAD.replace('<h1>token-energy</h1>', '<h1>token-energy</h1><p class="vendor" data-testid="vendor">Offered by Example</p>'), () => ({ ...WORDS, offered: OFFERED }));
  writeFileSync(path.join(built, 'vendor.json'), JSON.stringify(vendor));
  brand(built, path.join(built, 'vendor.json'));
  assert.equal(page(built).split('data-testid="vendor"').length - 1, 1, page(built));
  assert.ok(!page(built).includes('data-testid="vendor" data-branded'));
});

test("the method page's mark is the one the prerender prints (src/ui/mod.rs)", () => {
  const rust = readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'src', 'ui', 'mod.rs'), 'utf8');
  assert.ok(rust.includes(`pub const METHOD_MARK: &str = ${JSON.stringify(METHOD_MARK)};`), 'src/ui/mod.rs names the same mark');
});
