// static/build/imports.mjs: the wasm's imports renamed short, in the wasm and its glue at once.
// A module is assembled here byte by byte (two imported functions with wasm-bindgen's hashed
// names, one import left as it is, a memory import, and an exported function that calls the
// second import), so the test knows every byte it expects; the browser's own WebAssembly (Node's
// V8) then checks the result.
//
//   node --test tests/build/
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { shortenImports } from '../../static/build/imports.mjs';

const A = '__wbg_firstChild_8ba00f6fe3423297';
const B = '__wbg_set_nodeValue_7e9217115013d873';
const KEPT = '__wbindgen_init_externref_table';

const name = (s) => [s.length, ...Buffer.from(s)];
const uleb = (n) => (n < 128 ? [n] : [(n & 0x7f) | 0x80, ...uleb(n >> 7)]);
const section = (id, bytes) => [id, ...uleb(bytes.length), ...bytes];

/** A module importing A, B and KEPT (functions of type () -> i32) and a memory, exporting `run`, which returns B(). */
function module() {
  const types = section(1, [1, 0x60, 0, 1, 0x7f]);
  const imports = section(2, [
    4,
    ...name('wbg'), ...name(A), 0x00, 0,
    ...name('wbg'), ...name(B), 0x00, 0,
    ...name('wbg'), ...name(KEPT), 0x00, 0,
    ...name('wbg'), ...name('memory'), 0x02, 0x00, 1,
  ]);
  const functions = section(3, [1, 0]);
  const exports = section(7, [1, ...name('run'), 0x00, 3]);
  const code = section(10, [1, 4, 0, 0x10, 1, 0x0b]); // one body: call $1 (B), end
  return Buffer.from([0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0, ...types, ...imports, ...functions, ...exports, ...code]);
}

const GLUE = `function imports() {
    const import0 = {
        __proto__: null,
        ${A}: function() { return 1; },
        ${B}: function() { return 2; },
        ${KEPT}: function() { return 3; },
    };
    return { wbg: import0 };
}
`;

test('renames the hashed imports in the wasm and the glue alike; the module still links and runs', () => {
  const { wasm, glue, renamed } = shortenImports(module(), GLUE);
  assert.equal(renamed, 2);
  const mod = new WebAssembly.Module(wasm);
  assert.deepEqual(
    WebAssembly.Module.imports(mod).map((i) => `${i.module}.${i.name}:${i.kind}`),
    ['wbg._0:function', 'wbg._1:function', `wbg.${KEPT}:function`, 'wbg.memory:memory'],
  );
  assert.ok(!glue.includes(A) && !glue.includes(B), glue);
  assert.ok(glue.includes('_0: function() { return 1; }') && glue.includes('_1: function() { return 2; }') && glue.includes(KEPT));
  // The glue's object, read as the page reads it, links the renamed module: `run` calls what was B.
  const objects = new Function(`${glue}; return imports();`)();
  const { exports } = new WebAssembly.Instance(mod, { wbg: { ...objects.wbg, memory: new WebAssembly.Memory({ initial: 1 }) } });
  assert.equal(exports.run(), 2);
  // Each name two characters long: the import section shorter by the difference, and its size's
  // LEB128 by a byte when it falls below 128; the rest unchanged.
  const saved = A.length - 2 + B.length - 2;
  const m = module();
  const before = (m[16] & 0x7f) | (m[17] << 7); // the import section's size (2 bytes), after the header (8) and the type section (7) and its id
  assert.equal(uleb(before).length, 2);
  assert.equal(module().length - wasm.length, saved + uleb(before).length - uleb(before - saved).length);
});

test('a glue that names an import other than once, as its key, fails instead of shipping a mismatch', () => {
  assert.throws(() => shortenImports(module(), GLUE.replace(`${B}: function`, `other: function`)), new RegExp(`${B} 0 times`));
  assert.throws(() => shortenImports(module(), `${GLUE}\n// ${A}\n`), new RegExp(`${A} 2 times`));
  assert.throws(() => shortenImports(Buffer.from('not wasm at all'), GLUE), /not WebAssembly/);
});
