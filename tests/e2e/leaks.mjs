// The language-leak checker (issue 22): a page's running text in one language must hold no word of the
// other's vocabulary and no number written the other's way. Quoted text is exempt by element or by an
// explicit marker, never by loosening a pattern: see QUOTED_ELEMENTS and QUOTED below; leaks.test.mjs
// shows the checker failing on planted leaks and passing quoted text.

// The page's English vocabulary that must not reach the German page (whole words or phrases,
// case-sensitive as the English table writes them).
export const ENGLISH = [
  'rated', 'per card', 'per GPU', 'per server', 'per day', 'ceiling', 'Configuration', 'before the run',
  'after the run', 'power not stated', 'power limit', 'concurrency', 'Concurrency', 'Quote request',
  'not JSON', 'measured', 'Measured', 'estimate', 'Estimate', 'at the wall', 'snapshot', 'that value',
  'allowed range', 'Enter a', 'enter a', 'tokens', 'Calculating', 'against', 'GPU energy', 'Token counters',
  'Wall energy', 'Run duration', 'samples', 'Idle', 'idle', 'the run', ' or ', ' and ', ' the ', 'Figures',
  'Plan a deployment', 'Compare', 'Sources', 'Print', 'Request a quote', 'not published', 'accuracy',
];

// The German table's vocabulary that must not reach the English page.
export const GERMAN = [
  'je Karte', 'je Server', 'Obergrenze', 'Leistungsgrenze', 'Leistung', 'Messwert', 'Schätzung',
  'Konfiguration', 'nicht', ' oder ', ' und ', 'Zählerstand', 'netzseitig', 'Rechenzentrum', 'Angebot',
  'Nennleistung', 'Ausgabe-Token', 'Parallelität', 'Lauf', 'Quelle', 'Kennzahlen', 'Bitte', 'Karten',
  'pro Tag', 'Stunden', 'Personen', 'Emissionsfaktor', 'Zusatzleistung', 'Leerlauf',
];

// Numbers written the other language's way. German text: English grouping ("1,000", "12,345,678" — a
// German decimal never starts a group of three with 1-9 before a comma the app writes: it gives three
// decimals only below 1), a decimal point ("0.35", "403.2", "1.2345"). English text: a decimal comma
// ("0,5", "62,5") or German grouping with a leading "0." impossible in English ("1.000" stays legal:
// three decimals in English are a decimal number).
const NUMBER_LEAKS = {
  de: [
    { name: 'English thousands grouping', re: /(?<![\d.,])[1-9]\d{0,2}(?:,\d{3})+(?![\d,])/g },
    { name: 'decimal point', re: /(?<![\d.,])\d+\.(?:\d{1,2}|\d{4,})(?![\d.])/g },
    { name: 'decimal point', re: /(?<![\d.,])0\.\d+/g },
  ],
  en: [
    { name: 'decimal comma', re: /(?<![\d.,])\d+,(?:\d{1,2}|\d{4,})(?![\d,])/g },
    { name: 'decimal comma', re: /(?<![\d.,])0,\d+/g },
  ],
};

// Elements whose text is quoted, not the page's words: code, commands, file contents, citations, and
// anything marked `translate="no"` or `data-quoted` (MLPerf ids, system and model names, source titles).
// `noscript` holds the bare page's note for a browser without JavaScript, which never reads German.
export const QUOTED_ELEMENTS = 'code, kbd, samp, pre, textarea, script, style, noscript, cite, [translate="no"], [data-quoted], body [lang="en"]';

// Quoted text inside running text, each an exact kind of name with its own test case: MLPerf result
// ids ("6.0-0021", "v4.1-0049"), versions ("v4.1", "MLPerf Inference v6.0"), the catalogue's version
// ("2026.12.1"), model names, metric and tool names. Each is removed before the check, nothing else.
export const QUOTED = [
  // First: a link holds ids and numbers of its own.
  { name: 'link', re: /\bhttps?:\/\/\S+/g },
  { name: 'MLPerf result id', re: /\bv?\d\.\d-\d{4}\b/g },
  // Issue 50: a v6.1 system, keyed by its results folder ("6.1:NVIDIA/VR-NVL72_VR-288GB_aarch64x72_TRT").
  { name: 'MLPerf system key', re: /\b\d\.\d:[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+/g },
  { name: 'MLPerf version', re: /\bv\d\.\d\b/g },
  { name: 'catalogue version', re: /\b20\d\d\.\d{1,2}\.\d+\b/g },
  { name: 'model name', re: /\b(?:Llama \d(?:\.\d)? \d+B|DeepSeek-R1|Mixtral 8x7B|GPT-J 6B|gpt-oss-120b)\b/g },
  { name: 'command', re: /`[^`\n]+`/g },
  { name: 'metric name', re: /\b(?:vllm|sglang|tgi|DCGM)[:_A-Za-z]*\b/g },
  // A clause of an electrical code or standard (issue 36): "NEC 210.20(A)", "215.3" after it, "IEC 60898-1".
  { name: 'standard clause', re: /\b(?:NEC|IEC) \d+(?:[.-]\d+)*(?:\([A-Z]\))?(?:(?:,| and| und) \d+\.\d+(?:\([A-Z]\))?)*/g },
];

/// Text with the quoted names removed (each replaced by a space).
export function unquote(text) {
  return QUOTED.reduce((t, q) => t.replace(q.re, ' '), text);
}

function escape(word) {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/// Every leak in a page's running text read in `lang` ('de' or 'en'): `{ kind, found, context }`; a
/// match inside a longer one ("the run" in "before the run") is not counted again.
export function leaks(text, lang) {
  const words = lang === 'de' ? ENGLISH : GERMAN;
  const out = [];
  for (const part of text.split('\n')) {
    const t = unquote(part);
    const found = [];
    for (const w of words) {
      const edge = (c) => (/\w/.test(c) ? '\\b' : '');
      const re = new RegExp(`${edge(w.at(0))}${escape(w)}${edge(w.at(-1))}`, 'g');
      for (const m of t.matchAll(re)) found.push({ kind: `word “${w.trim()}”`, m });
    }
    for (const n of NUMBER_LEAKS[lang]) {
      for (const m of t.matchAll(n.re)) found.push({ kind: n.name, m });
    }
    found.sort((a, b) => a.m.index - b.m.index || b.m[0].length - a.m[0].length);
    let end = -1;
    for (const { kind, m } of found) {
      if (m.index + m[0].length <= end) continue;
      end = m.index + m[0].length;
      out.push({ kind, found: m[0], context: part.trim().slice(0, 160) });
    }
  }
  return out;
}

/// The page's text a person reads, one line per text node, attribute or option: text nodes outside
/// quoted elements, and the aria-label, title, placeholder and alt attributes.
export async function pageText(page) {
  return page.evaluate((quoted) => {
    const lines = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    // A number the page writes with a stated count of significant digits (`data-digits`, issue 39's "one
    // digit more") is read against its own `data-value` in the page's language, with the browser's Intl:
    // "2,571" on the German page is then a decimal, not an English thousands group; any other text stays checked.
    const lang = document.documentElement.lang || 'en';
    const digits = (el, text) => {
      const d = Number(el.dataset.digits);
      const v = Number(el.dataset.value);
      if (!d || !Number.isFinite(v)) return false;
      const f = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', { minimumSignificantDigits: d, maximumSignificantDigits: d });
      return f.format(v) === text.trim();
    };
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest(quoted)) continue;
      if (el.hasAttribute('data-digits') && digits(el, n.data)) continue;
      if (n.data.trim()) lines.push(n.data);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (el.closest(quoted)) continue;
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(a);
        if (v && v.trim()) lines.push(v);
      }
    }
    lines.push(document.title);
    return lines.join('\n');
  }, QUOTED_ELEMENTS);
}

/// The leaks a page shows in `lang`, less the allowed ones (`allow`: [{ match: RegExp, why }], each
/// matched against a leak's context; an allowance that matches nothing is reported too, so the list
/// only shrinks).
export async function pageLeaks(page, lang, allow = []) {
  const found = leaks(await pageText(page), lang);
  const used = new Set();
  const left = found.filter((l) => {
    const a = allow.find((x) => x.match.test(l.context));
    if (a) used.add(a);
    return !a;
  });
  return { left, unused: allow.filter((a) => !used.has(a)) };
}
