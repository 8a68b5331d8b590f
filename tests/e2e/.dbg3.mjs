import { serve, launch, openPage, waitForApp } from './harness.mjs';
const server = await serve();
const browser = await launch();
const page = await openPage(browser, server.url(process.argv[2]), { width: 1440, height: 900 });
await waitForApp(page);
await page.waitForSelector('[data-testid="comparison"]');
await page.emulateMedia({ media: 'print' });
await page.setViewportSize({ width: 794, height: 1123 });
await page.waitForTimeout(300);
console.log(await page.evaluate(() => {
  const out = [];
  for (const sel of ['.print-header', '.figures', '.answer', '.plan', '.plan-figures', '.plan-basis', '.method', 'footer', '.print-link', '.comparison', '.config']) {
    const e = document.querySelector(sel); if (!e) continue; const r = e.getBoundingClientRect();
    out.push(`${sel}: top ${Math.round(r.top)} h ${Math.round(r.height)} vis ${getComputedStyle(e).display}`);
  }
  out.push('doc ' + document.documentElement.scrollHeight);
  return out.join('\n');
}));
await browser.close(); await server.close();
