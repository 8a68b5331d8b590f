// Shorter names for the wasm's imports (issue 53: a lighter page). wasm-bindgen names each function
// the wasm imports from its JavaScript glue `__wbg_<name>_<16 hex digits>`: 156 of them in this app,
// each written twice (the wasm's import section and the glue's import object), and the hex digits
// are what gzip cannot shrink: about 6 KB of the page load's gzip. csp.mjs (the post_build hook)
// renames them here, in both files at once, before it computes the integrity of either.
//
//   import { shortenImports } from './imports.mjs';
//   const { wasm, glue, renamed } = shortenImports(wasmBytes, glueText);
//
// Only names of that form are renamed, and only when each is written exactly once in the glue, as a
// key (`name:`); anything else fails the build rather than ship a glue that no longer fits its wasm.
// The code section is not touched (a call names its import by index), so the profile's names
// (tests/bench/profile.mjs) still match byte for byte.

const HASHED = /^__wbg_[A-Za-z0-9_$]*_[0-9a-f]{16}$/;

function uleb(n) {
  const out = [];
  do {
    let b = n & 0x7f;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return out;
}

/** A reader over `buf` from `p`. */
function reader(buf, p = 0) {
  const r = {
    p,
    byte: () => buf[r.p++],
    uleb: () => {
      let v = 0;
      let s = 0;
      let b;
      do {
        b = buf[r.p++];
        v += (b & 0x7f) * 2 ** s;
        s += 7;
      } while (b & 0x80);
      return v;
    },
    name: () => {
      const len = r.uleb();
      const text = buf.subarray(r.p, r.p + len).toString('utf8');
      r.p += len;
      return text;
    },
  };
  return r;
}

/** Skips an import's description (after its kind byte). */
function skipDesc(r, kind) {
  const limits = () => {
    const flags = r.byte();
    r.uleb();
    if (flags & 1) r.uleb();
  };
  if (kind === 0) r.uleb(); // function: its type
  else if (kind === 1) {
    r.byte(); // table: its element type
    limits();
  } else if (kind === 2) limits(); // memory
  else if (kind === 3) r.p += 2; // global: value type, mutability
  else if (kind === 4) {
    r.byte(); // tag: attribute, type
    r.uleb();
  } else throw new Error(`an import of unknown kind ${kind}`);
}

/** The short name of the `i`-th renamed import: `_0`, `_1`, … `_z`, `_10`, … (never a glue name: those start with two). */
const shortName = (i) => `_${i.toString(36)}`;

const escape = (s) => s.replace(/[$]/g, '\\$');

/**
 * Renames every `__wbg_…_<hex>` import of `wasm` (a Buffer) and its key in `glue` (the glue's
 * text). Returns the new wasm and glue and the number renamed.
 */
export function shortenImports(wasm, glue) {
  if (wasm.readUInt32LE(0) !== 0x6d736100) throw new Error('the wasm file is not WebAssembly');
  const r = reader(wasm, 8);
  const parts = [wasm.subarray(0, 8)];
  let renamed = 0;
  let out = glue;
  while (r.p < wasm.length) {
    const start = r.p;
    const id = r.byte();
    const len = r.uleb();
    const body = r.p;
    const end = body + len;
    if (id !== 2) {
      parts.push(wasm.subarray(start, end));
      r.p = end;
      continue;
    }
    const count = r.uleb();
    const content = [Buffer.from(uleb(count))];
    for (let i = 0; i < count; i++) {
      const module = r.name();
      let field = r.name();
      const descStart = r.p;
      skipDesc(r, r.byte());
      if (HASHED.test(field)) {
        const key = new RegExp(`\\b${escape(field)}\\b`, 'g');
        const uses = out.match(key)?.length ?? 0;
        const asKey = new RegExp(`\\b${escape(field)}\\s*:`);
        if (uses !== 1 || !asKey.test(out)) {
          throw new Error(`the glue names the import ${field} ${uses} times${uses === 1 ? ', not as a key' : ''}: expected once, as the key of its function`);
        }
        const short = shortName(renamed++);
        out = out.replace(key, short);
        field = short;
      }
      for (const text of [module, field]) {
        const bytes = Buffer.from(text, 'utf8');
        content.push(Buffer.from(uleb(bytes.length)), bytes);
      }
      content.push(wasm.subarray(descStart, r.p));
    }
    if (r.p !== end) throw new Error('the import section did not end where its size said');
    const section = Buffer.concat(content);
    parts.push(Buffer.from([2, ...uleb(section.length)]), section);
  }
  return { wasm: Buffer.concat(parts), glue: out, renamed };
}
