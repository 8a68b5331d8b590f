// The captured Trunk 0.21.14 output the build hook's tests run on (tests/fixtures/trunk-0.21.14/),
// copied afresh for each test into a temporary directory that is removed after it.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'node:test';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const FIXTURE = path.join(ROOT, 'tests/fixtures/trunk-0.21.14');

/**
 * Returns `staging(edit)`: a copy of the fixture (its index.html changed by `edit`, if given), whose
 * path it returns; every copy is removed after its test.
 */
export function stagingCopies(prefix) {
  const dirs = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return function staging(edit = (html) => html) {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    dirs.push(dir);
    cpSync(FIXTURE, dir, { recursive: true });
    const page = path.join(dir, 'index.html');
    writeFileSync(page, edit(readFileSync(page, 'utf8')));
    return dir;
  };
}
