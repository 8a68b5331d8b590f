// What the wasm's bytes and a phone's first load spend their weight and time on (issue 23's
// profiles; `.ci/bench` runs it after the Lighthouse table).
//
//   node tests/bench/profile.mjs <dist> <names.wasm>
//
// <names.wasm> is the release wasm again, from the same wasm-bindgen output and wasm-opt flags as
// dist/'s but with wasm-opt's `-g`, which keeps the function names: its code section is checked to
// be byte for byte dist/'s, so a function's index names the same function in both.
//
// 1. Bytes: dist/'s wasm by section (raw and gzip -9) and its code by owner — our core modules, our
//    components, Yew, the standard library, wasm-bindgen and web-sys, other crates — each owner's
//    share of the code's gzip (gzip of its functions' bodies alone, scaled so the shares sum to the
//    code section's gzip).
// 2. Time: a Chrome trace of a load (4× CPU slowdown, as Lighthouse's mobile profile) until it is
//    live and every section is drawn; each long task (> 50 ms) of the main thread with its self time
//    by kind: V8 compiling the wasm (lazily, on a function's first call), running the page's script
//    (wasm, glue, DOM calls), style and layout, paint, parsing HTML, garbage collection, other.
//
// The loads: the bare page and the sales engineer's full link (tests/bench/pages.mjs).
// Environment: CHROMIUM (default /usr/bin/chromium), PROFILE_PATH (one page to load instead).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { serveGzip } from './lighthouse/run.mjs';
import { FULL } from './pages.mjs';
import { LANGS, filesOf } from '../../static/build/langs.mjs';

const gz = (b) => zlib.gzipSync(b, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** The wasm's sections (id → bytes), its function bodies in index order and the name section's names. */
export function readWasm(buf) {
  let p = 8;
  const uleb = () => {
    let r = 0, s = 0, b;
    do { b = buf[p++]; r += (b & 0x7f) * 2 ** s; s += 7; } while (b & 0x80);
    return r;
  };
  const sections = [];
  let imported = 0;
  const bodies = [];
  const names = new Map();
  while (p < buf.length) {
    const id = buf[p++];
    const len = uleb();
    const start = p;
    const end = p + len;
    let custom = null;
    if (id === 2) {
      const n = uleb();
      for (let i = 0; i < n; i++) {
        for (let k = 0; k < 2; k++) { const l = uleb(); p += l; } // module and field names
        const kind = buf[p++];
        if (kind === 0) { uleb(); imported++; }
        else if (kind === 1) { p++; const f = buf[p++]; uleb(); if (f & 1) uleb(); }
        else if (kind === 2) { const f = buf[p++]; uleb(); if (f & 1) uleb(); }
        else if (kind === 3) p += 2;
      }
    } else if (id === 10) {
      const n = uleb();
      for (let i = 0; i < n; i++) { const size = uleb(); bodies.push(buf.subarray(p, p + size)); p += size; }
    } else if (id === 0) {
      const l = uleb();
      custom = buf.subarray(p, p + l).toString();
      p += l;
      if (custom === 'name') {
        while (p < end) {
          const sub = buf[p++];
          const sl = uleb();
          const subEnd = p + sl;
          if (sub === 1) {
            const n = uleb();
            for (let i = 0; i < n; i++) { const idx = uleb(); const l2 = uleb(); names.set(idx, buf.subarray(p, p + l2).toString()); p += l2; }
          }
          p = subEnd;
        }
      }
    }
    sections.push({ id, custom, bytes: buf.subarray(start, end) });
    p = end;
  }
  return { sections, imported, bodies, names };
}

/** A Rust symbol's path segments (legacy `_ZN…E` mangling; v0 `_R…` names give their crate names). */
export function demangle(name) {
  if (name.startsWith('_ZN')) {
    const segs = [];
    let p = 3;
    while (p < name.length && name[p] !== 'E') {
      const m = /^\d+/.exec(name.slice(p));
      if (!m) break;
      p += m[0].length;
      segs.push(name.substr(p, Number(m[0])));
      p += Number(m[0]);
    }
    return segs
      .filter((s) => !/^h[0-9a-f]{16}$/.test(s))
      .join('::')
      .replace(/\$LT\$/g, '<').replace(/\$GT\$/g, '>').replace(/\$u20\$/g, ' ').replace(/\$RF\$/g, '&')
      .replace(/\$C\$/g, ',').replace(/\$u7b\$/g, '{').replace(/\$u7d\$/g, '}').replace(/\.\./g, '::')
      .replace(/^_</, '<');
  }
  if (!name.startsWith('_R')) return name.replace(/::h[0-9a-f]{16}$/, '').replace(/\[[0-9a-f]{16}\]/g, '').replace(/^__rustc::/, 'alloc::');
  if (name.startsWith('_R')) return (name.match(/\d+([a-z_][a-z0-9_]*)/gi) ?? []).map((s) => s.replace(/^\d+/, '')).filter((s) => /^[a-z]/.test(s)).slice(0, 3).join('::');
  return name;
}

/**
 * The owner a function's bytes and time are counted to, by the name binaryen kept: after inlining
 * and merging, a body counts to the function whose name it kept (a caller holds its callees'
 * inlined code), so the table is a close estimate, not an exact one.
 */
export function owner(name) {
  const d = demangle(name);
  // `<Type as Trait>::f`: the type's owner, unless it is generic over our component (Yew's lifecycle,
  // whose `view` holds our function component's body, inlined).
  const self = d.startsWith('<') ? d.slice(1).split(/ as |>/)[0] : d;
  if (/^yew::html::component::lifecycle::CompStateInner/.test(self) && /::view$/.test(d)) return 'our components (bodies inlined in Yew\'s view)';
  if (self.startsWith('token_energy::ui')) return 'our components and UI glue (ui::)';
  if (self.startsWith('token_energy::i18n')) return 'core: i18n (words)';
  if (self.startsWith('token_energy::')) return `core: ${self.split('::')[1]}`;
  if (/^(yew|implicit_clone)\b/.test(self)) return 'Yew';
  if (/^(core|alloc|std|hashbrown|dlmalloc|compiler_builtins)\b/.test(self) || /dlmalloc|compiler_builtins/.test(name)) return 'Rust standard library';
  if (/^(wasm_bindgen|js_sys|web_sys|gloo|wasm_bindgen_futures)/.test(self)) return 'wasm-bindgen, js-sys, web-sys, gloo';
  if (/^(serde|qrcodegen)/.test(self)) return self.split('::')[0];
  if (/^<?&?(T|\[T\]|F|I|A|P)\b/.test(self) || /^<?&?(core|alloc)/.test(self)) return 'Rust standard library';
  return 'other';
}

/** The wasm an English page load fetches (the first language's: one wasm per language, langs.mjs). */
export function firstWasm(dist) {
  return filesOf(readdirSync(dist), LANGS[0]).find((f) => f.endsWith('.wasm'));
}

function bytes(dist, namesPath) {
  const file = firstWasm(dist);
  const shipped = readWasm(readFileSync(path.join(dist, file)));
  const named = readWasm(readFileSync(namesPath));
  const code = (w) => w.sections.find((s) => s.id === 10)?.bytes;
  const same = code(shipped) && code(named) && Buffer.compare(code(shipped), code(named)) === 0;
  console.log(`\nThe wasm (${file}) by section, gzip -9 of each section alone:`);
  console.log('| section | raw | gzip |');
  console.log('|---|---|---|');
  const label = { 1: 'types', 2: 'imports', 3: 'functions', 7: 'exports', 9: 'elements', 10: 'code', 11: 'data (text, the catalogue, tables)' };
  for (const s of shipped.sections) {
    if (s.bytes.length < 1024) continue;
    console.log(`| ${label[s.id] ?? s.custom ?? s.id} | ${kb(s.bytes.length)} | ${kb(gz(s.bytes))} |`);
  }
  if (!same) {
    console.log('\nnames.wasm\'s code is not dist/\'s: no breakdown by owner (rebuild both from one build).');
    return null;
  }
  const groups = new Map();
  named.bodies.forEach((body, i) => {
    const o = owner(named.names.get(i + named.imported) ?? `func${i}`);
    const g = groups.get(o) ?? { raw: 0, parts: [] };
    g.raw += body.length;
    g.parts.push(body);
    groups.set(o, g);
  });
  const codeGz = gz(code(shipped));
  const rows = [...groups].map(([o, g]) => ({ o, raw: g.raw, gz: gz(Buffer.concat(g.parts)) }));
  const sumGz = rows.reduce((a, r) => a + r.gz, 0);
  rows.sort((a, b) => b.gz - a.gz);
  console.log(`\nThe code (${kb(code(shipped).length)}, ${kb(codeGz)} gzip) by owner, ${named.bodies.length} functions:`);
  console.log('| owner | raw | share of the gzip | ≈ gzip |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.o} | ${kb(r.raw)} | ${((100 * r.gz) / sumGz).toFixed(1)} % | ${kb((r.gz / sumGz) * codeGz)} |`);
  return { same, named };
}

/** What a trace event's self time is counted as: the first of these its name or an ancestor's matches. */
const KINDS = [
  ['V8 compiling the wasm (lazily, on first call, on the main thread)', /^(v8\.)?wasm\.|WasmCompile|CompileLazy|CompileBaseline/i],
  ['garbage collection', /GC|Scavenge|MarkCompact/],
  ['style and layout', /Layout|Style|UpdateLayoutTree|RecalcStyle|ShapeText/],
  ['paint and compositing', /Paint|Composit|Raster|Commit|PrePaint|UpdateLayer/],
  ['parsing HTML', /ParseHTML|HTMLDocumentParser/],
  ['running the page\'s script (wasm, its JavaScript glue and the DOM calls they make)', /FunctionCall|v8\.callFunction|EvaluateScript|RunMicrotasks|TimerFire|V8\.Execute|v8\.run|EventDispatch|FireAnimationFrame/],
];
const OTHER = 'other (loading, messages, the scheduler)';

/** Self time (µs) per kind within each long task (> 50 ms) of the renderer's main thread. */
export function longTasks(traceEvents, threshold = 50_000) {
  const main = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return [];
  const events = traceEvents
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur > 0)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tasks = [];
  const stack = [];
  for (const e of events) {
    while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    const node = { ...e, parent, children: 0 };
    if (parent) parent.children += e.dur;
    if (!parent && e.name === 'RunTask') tasks.push({ ts: e.ts, dur: e.dur, nodes: [] });
    const task = tasks[tasks.length - 1];
    if (task && e.ts < task.ts + task.dur) task.nodes.push(node);
    stack.push(node);
  }
  return tasks
    .filter((t) => t.dur > threshold)
    .map((t) => {
      const kinds = new Map();
      for (const n of t.nodes) {
        const self = Math.max(0, n.dur - n.children);
        if (!self) continue;
        let kind = OTHER;
        for (let a = n; a; a = a.parent) {
          const hit = KINDS.find(([, re]) => re.test(a.name));
          if (hit) { kind = hit[0]; break; }
        }
        kinds.set(kind, (kinds.get(kind) ?? 0) + self);
      }
      return { ts: t.ts, dur: t.dur, kinds };
    });
}

async function time(dist, page_) {
  const server = await serveGzip(dist);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  let tasks;
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.wasm', 'blink', 'loading', 'toplevel', 'v8.execute'] });
    await page.goto(server.origin + page_, { waitUntil: 'commit' });
    // Every stage drawn (`<html data-drawn="all">`, src/ui/stage.rs), polled through the protocol so
    // no driver script runs in the page; then a quiet second and a half.
    const until = Date.now() + 60_000;
    for (;;) {
      const { result } = await cdp.send('Runtime.evaluate', { expression: "document.documentElement.dataset.app === 'live' && document.documentElement.dataset.drawn === 'all'" });
      if (result.value === true) break;
      if (Date.now() > until) throw new Error('the page never went live with its footer');
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 1500));
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8'));
    tasks = longTasks(traceEvents);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
  const ms = (us) => `${Math.round(us / 1000)}`;
  const kinds = [...KINDS.map(([k]) => k), OTHER];
  console.log(`\nThe long tasks (> 50 ms) of a load of ${page_.length > 40 ? `${page_.slice(0, 40)}…` : page_} at 4× CPU, until every section is drawn (a Chrome trace; ms of self time by kind):`);
  console.log(`| starts at | task | ${kinds.join(' | ')} |`);
  console.log(`|---|---|${kinds.map(() => '---').join('|')}|`);
  const t0 = tasks[0]?.ts ?? 0;
  for (const t of tasks) console.log(`| ${ms(t.ts - t0)} | ${ms(t.dur)} | ${kinds.map((k) => ms(t.kinds.get(k) ?? 0)).join(' | ')} |`);
  const over = tasks.reduce((a, t) => a + Math.max(0, t.dur - 50_000), 0);
  console.log(`Sum over 50 ms per task (the unsimulated blocking time, from the first task on; Lighthouse counts from the first paint): ${ms(over)} ms`);
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
const [dist, namesPath] = process.argv.slice(2);
if (!dist || !namesPath) {
  console.error('usage: node tests/bench/profile.mjs <dist> <names.wasm>');
  process.exit(2);
}
bytes(path.resolve(dist), path.resolve(namesPath));
for (const p of process.env.PROFILE_PATH ? [process.env.PROFILE_PATH] : ['/', `/${FULL}`]) await time(path.resolve(dist), p);
}
