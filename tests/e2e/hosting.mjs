// The hosting configurations of docs/hosting/, read for the end-to-end tests: the `_headers` file
// as a `headers` function for harness.serve(), and the policies that the page, `_headers` and
// `nginx.conf` state. Not a test file itself (node --test runs only *.test.mjs here).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from './harness.mjs';

export const HOSTING = path.join(REPO, 'docs', 'hosting');

/**
 * Parse a Netlify / Cloudflare Pages `_headers` file: blocks of a path pattern (`*` matches any
 * characters, `/` included) followed by indented `Name: value` lines; `#` starts a comment line.
 * @returns {{pattern: string, re: RegExp, headers: [string, string][]}[]}
 */
export function parseHeadersFile(text) {
  const rules = [];
  let rule = null;
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.replace(/\s+$/, '');
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      if (!line.startsWith('/')) throw new Error(`_headers line ${i + 1}: a path must start with "/": ${line}`);
      const re = new RegExp(`^${line.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
      rule = { pattern: line, re, headers: [] };
      rules.push(rule);
      continue;
    }
    const m = /^\s+([A-Za-z0-9-]+):\s*(.*)$/.exec(line);
    if (!m || !rule) throw new Error(`_headers line ${i + 1}: expected "  Name: value" under a path: ${line}`);
    rule.headers.push([m[1], m[2]]);
  }
  return rules;
}

/**
 * The headers the rules give `urlPath`, as the hosts do it: every matching rule applies, and a
 * header that two rules set gets both values joined with ", ". `joined` names such headers.
 */
export function headersFor(rules, urlPath) {
  const out = {};
  const joined = [];
  for (const rule of rules) {
    if (!rule.re.test(urlPath)) continue;
    for (const [name, value] of rule.headers) {
      const key = Object.keys(out).find((k) => k.toLowerCase() === name.toLowerCase());
      if (key) {
        out[key] = `${out[key]}, ${value}`;
        joined.push(name);
      } else {
        out[name] = value;
      }
    }
  }
  return { headers: out, joined };
}

/** docs/hosting/_headers as a `headers` option for harness.serve() (paths relative to its prefix). */
export function hostingHeaders(prefix = '/') {
  const rules = parseHeadersFile(readFileSync(path.join(HOSTING, '_headers'), 'utf8'));
  return (req) => {
    const pathname = new URL(req.url, 'http://127.0.0.1').pathname;
    const rel = pathname.startsWith(prefix) ? `/${pathname.slice(prefix.length)}` : pathname;
    return headersFor(rules, rel).headers;
  };
}

/** A policy as a Map directive → list of sources (directive names lowercased, order kept). */
export function parsePolicy(policy) {
  const map = new Map();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

/** The policy in the built page's <meta http-equiv="Content-Security-Policy"> (null if none). */
export function metaPolicy(html) {
  for (const m of html.matchAll(/<meta\b[^>]*>/gi)) {
    if (!/http-equiv\s*=\s*["']?content-security-policy/i.test(m[0])) continue;
    const content = /\bcontent\s*=\s*"([^"]*)"|\bcontent\s*=\s*'([^']*)'/i.exec(m[0]);
    return content ? (content[1] ?? content[2]).replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&') : null;
  }
  return null;
}

/** The Content-Security-Policy values that `_headers` and `nginx.conf` send. */
export function hostingPolicies() {
  const rules = parseHeadersFile(readFileSync(path.join(HOSTING, '_headers'), 'utf8'));
  const fromHeaders = rules.flatMap((r) => r.headers).filter(([n]) => n.toLowerCase() === 'content-security-policy').map(([, v]) => v);
  const nginx = readFileSync(path.join(HOSTING, 'nginx.conf'), 'utf8');
  const fromNginx = [...nginx.matchAll(/^\s*add_header\s+Content-Security-Policy\s+"([^"]*)"/gim)].map((m) => m[1]);
  return { headers: fromHeaders, nginx: fromNginx };
}

/**
 * The `location` blocks of an nginx configuration at the top level of its text (the lines of a
 * `server { }` block): `{ kind: '=' | '~*' | '~' | 'prefix', match, headers: {name: value} }`, with
 * each block's own `add_header` lines (nginx gives a location only its own when it has any).
 */
export function parseNginxLocations(text) {
  const locations = [];
  const re = /^location\s+(?:(=|~\*|~)\s+)?("[^"]*"|\S+)\s*\{([\s\S]*?)^\}/gm;
  for (const m of text.replace(/^\s*#.*$/gm, '').matchAll(re)) {
    const headers = {};
    for (const h of m[3].matchAll(/^\s*add_header\s+([A-Za-z0-9-]+)\s+"([^"]*)"/gm)) headers[h[1]] = h[2];
    locations.push({ kind: m[1] ?? 'prefix', match: m[2].replace(/^"|"$/g, ''), headers });
  }
  return locations;
}

/** The headers nginx sends for `urlPath`: an exact location, else the first regex that matches, else the longest prefix. */
export function nginxHeadersFor(locations, urlPath) {
  const exact = locations.find((l) => l.kind === '=' && l.match === urlPath);
  if (exact) return exact.headers;
  const regex = locations.find((l) => (l.kind === '~*' || l.kind === '~') && new RegExp(l.match, l.kind === '~*' ? 'i' : '').test(urlPath));
  if (regex) return regex.headers;
  const prefix = locations.filter((l) => l.kind === 'prefix' && urlPath.startsWith(l.match)).sort((a, b) => b.match.length - a.match.length)[0];
  return prefix?.headers ?? {};
}
