// The layout checker (issue 38): what a person sees on a page, read from the browser's own boxes —
// no horizontal scroll, no two lines of text over each other, no text outside its card, no text a
// person reads below 12 px, no word broken across two lines without a hyphen. `layout.test.mjs` shows it failing on planted faults before it reads the app.

/** The smallest font a person is asked to read (px). */
export const MIN_FONT_PX = 12;

/**
 * Every layout fault of the page as it is now: `{ kind, text, detail }`. Opens every fold first
 * (`details`), so nothing hides behind one. `minFont`: the smallest font allowed (12 px on a screen;
 * the printed sheet sets its own, in points).
 */
export async function layoutFaults(page, { openFolds = true, minFont = MIN_FONT_PX } = {}) {
  return page.evaluate(
    ({ openFolds, minFont }) => {
      if (openFolds) document.querySelectorAll('details').forEach((d) => { d.open = true; });
      const faults = [];
      const view = document.documentElement.clientWidth;
      const width = document.documentElement.scrollWidth;
      if (width > view + 1) {
        // Name the widest elements that stick out.
        // Those that stick out of the page, not merely out of a box that scrolls them.
        const clipped = (e) => {
          for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
            if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(p).overflowX)) return true;
          }
          return false;
        };
        const out = [...document.body.querySelectorAll('*')]
          .filter((e) => e.getBoundingClientRect().right > view + 1 && e.getClientRects().length && !clipped(e))
          .slice(-3)
          .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`);
        faults.push({ kind: 'horizontal scroll', text: '', detail: `${width} px wide in ${view} px: ${out.join(', ')}` });
      }
      // The visible lines of text: one box per line of each text node, with its element.
      const hidden = (el) => {
        for (let e = el; e && e !== document.body; e = e.parentElement) {
          const s = getComputedStyle(e);
          if (s.display === 'none' || s.visibility === 'hidden' || s.opacity === '0') return true;
          if (e.classList.contains('visually-hidden') || e.classList.contains('sr-only')) return true;
        }
        return false;
      };
      // A bar fixed to the screen (the phone's summary) floats over the page by design: its own lines
      // are checked against each other, not against what scrolls beneath.
      const floating = (el) => {
        for (let e = el; e && e !== document.body; e = e.parentElement) {
          const p = getComputedStyle(e).position;
          if (p === 'fixed' || p === 'sticky') return e;
        }
        return null;
      };
      const boxes = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent.trim();
        const el = n.parentElement;
        if (!text || !el || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'OPTION', 'TEXTAREA', 'TITLE'].includes(el.tagName) || hidden(el)) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
        if (!rects.length) continue;
        // SVG text is drawn at its font size times the drawing's scale (its width on screen ÷ its viewBox).
        let size = parseFloat(getComputedStyle(el).fontSize);
        const svg = el.closest('svg');
        if (svg && svg.viewBox.baseVal && svg.viewBox.baseVal.width > 0) {
          size *= svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        }
        if (size < minFont - 0.01) {
          faults.push({ kind: `font below ${minFont} px`, text: text.slice(0, 60), detail: `${size.toFixed(1)} px in ${el.tagName.toLowerCase()}.${[...el.classList].join('.')}` });
        }
        for (const r of rects) boxes.push({ r, el, text });
        // A word broken across two lines without a hyphen (issue 53): "Versorgungssp" / "annung". Where
        // the text's lines change, the characters either side of the break are both letters, and no
        // hyphen (a soft one, U+00AD, shows as one) ends the first line. A word is what people read:
        // not an identifier, path, file name or number (a token with a digit, `_`, `/`, `.`, `:` or
        // `=` inside, or text in <code>), which the page breaks anywhere on purpose rather than widen
        // a phone's page.
        if (rects.length > 1 && !el.closest('code, kbd, samp')) {
          const s = n.textContent;
          const line = (i) => {
            range.setStart(n, i);
            range.setEnd(n, i + 1);
            // A range that starts a line also gives a box at the end of the line before (empty, or the
            // hyphen drawn there): the character's own box is the last.
            const all = [...range.getClientRects()].reverse();
            const r = all.find((q) => q.width > 0.5) ?? all.find((q) => q.height > 0.5);
            return r ? r.top + r.height / 2 : null;
          };
          let before = null;
          let last = -1;
          for (let i = 0; i < s.length; i++) {
            if (/\s/.test(s[i])) continue;
            const y = line(i);
            if (y === null) continue;
            if (before !== null && y > before + 1 && last === i - 1 && /\p{L}/u.test(s[i - 1]) && /\p{L}/u.test(s[i])) {
              const token = s.slice(s.slice(0, i).search(/\S+$/u), i + s.slice(i).search(/\s|$/u));
              if (!/[\p{N}_/.:=\\]/u.test(token.replace(/[.:]$/, ''))) {
                const start = s.slice(0, i).search(/\p{L}+$/u);
                const end = i + s.slice(i).search(/[^\p{L}]|$/u);
                faults.push({ kind: 'word broken without a hyphen', text: `${s.slice(start, i)}|${s.slice(i, end)}`, detail: `in ${el.tagName.toLowerCase()}.${[...el.classList].join('.')}` });
              }
            }
            before = y;
            last = i;
          }
        }
        // Text outside its card: a figure card holds its own words.
        const card = el.closest('article, .answer-plan, fieldset');
        if (card) {
          const c = card.getBoundingClientRect();
          for (const r of rects) {
            if (r.left < c.left - 1 || r.right > c.right + 1) {
              faults.push({ kind: 'text outside its card', text: text.slice(0, 60), detail: `${Math.round(r.left)}–${Math.round(r.right)} outside ${Math.round(c.left)}–${Math.round(c.right)}` });
              break;
            }
          }
        }
      }
      // Two lines of text over each other: boxes of different elements that overlap by more than a
      // sliver (a third of the smaller line's height and a few pixels across).
      boxes.sort((a, b) => a.r.top - b.r.top);
      for (let i = 0; i < boxes.length; i++) {
        const a = boxes[i];
        for (let j = i + 1; j < boxes.length && boxes[j].r.top < a.r.bottom; j++) {
          const b = boxes[j];
          if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
          if (floating(a.el) !== floating(b.el)) continue;
          const dy = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
          const dx = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
          if (dy > Math.min(a.r.height, b.r.height) / 3 && dx > 3) {
            faults.push({ kind: 'text over text', text: `${a.text.slice(0, 40)} | ${b.text.slice(0, 40)}`, detail: `${Math.round(dx)} × ${Math.round(dy)} px` });
          }
        }
      }
      return faults;
    },
    { openFolds, minFont },
  );
}

/** The faults as lines for an assertion message. */
export function describe(faults) {
  return faults.map((f) => `${f.kind}: «${f.text}» ${f.detail}`).join('\n');
}
