// The harness's own "can fail" tests (issue 41): a test that opens several pages has each of them
// checked, not only the last one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calculatorSuite, closeAndCheckAll } from './harness.mjs';

const T = { timeout: 120_000 };
const suite = calculatorSuite('harness');

test('every page a test opens is kept for the clean check, and an error on the first of two fails it', T, async () => {
  const first = await suite.open('?card=l40s');
  const second = await suite.open('');
  assert.equal(suite.calc, second, 'suite.calc is the page opened last');
  // Forgetting the last page, as tests do after closing it, takes no page out of the check.
  suite.calc = null;
  assert.deepEqual(suite.pages, [first.page, second.page]);
  // An error planted on the first page only: the check of both names page 1.
  await first.page.evaluate(() => console.error('planted on the first page'));
  await assert.rejects(closeAndCheckAll(suite.pages, 'harness-planted'), (e) => {
    assert.match(e.message, /1 of the test's 2 pages were not clean/);
    assert.match(e.message, /page 1 of 2: .*planted on the first page/s);
    assert.doesNotMatch(e.message, /page 2 of 2/);
    return true;
  });
  // Both were closed by the check (so the suite's own check after this test passes them by).
  assert.ok(first.page.isClosed() && second.page.isClosed());
});

test('a page closed unchecked on purpose is left alone; one closed by Playwright alone is still checked', T, async () => {
  const a = await suite.open('');
  await a.page.evaluate(() => console.error('expected here'));
  await a.close({ check: false });
  const b = await suite.open('');
  await b.page.evaluate(() => console.error('closed without a check'));
  await b.page.close();
  await assert.rejects(closeAndCheckAll(suite.pages, 'harness-closed'), /closed without a check/);
  await assert.doesNotReject(closeAndCheckAll([a.page], 'harness-unchecked'));
});
