import { serve, launch, openPage, waitForApp } from './harness.mjs';
const server = await serve();
const browser = await launch();
const page = await openPage(browser, server.url(process.argv[2]), { width: 1440, height: 900 });
await waitForApp(page);
await page.waitForSelector('[data-testid="comparison"]');
await page.emulateMedia({ media: 'print' });
await page.setViewportSize({ width: 718, height: 1000 });
await page.waitForTimeout(300);
console.log(await page.evaluate(() => {
  const app = document.querySelector('[data-testid="app"]');
  const m = document.querySelector('main'); const mr = m.getBoundingClientRect(); const a = app.getBoundingClientRect(); const cs = getComputedStyle(app); const bs = getComputedStyle(document.body);
  return `main ${Math.round(mr.top)}+${Math.round(mr.height)} app ${Math.round(a.top)}+${Math.round(a.height)} app-pad ${cs.paddingBottom} body-pad ${bs.paddingBottom} body-margin ${bs.marginBottom} main-pad ${getComputedStyle(m).paddingBottom}\n` + [...app.children].map((e) => { const r = e.getBoundingClientRect(); return `${e.tagName}.${e.className} top ${Math.round(r.top)} h ${Math.round(r.height)} ${getComputedStyle(e).display}`; }).join('\n') + '\ndoc ' + document.documentElement.scrollHeight;
}));
await browser.close(); await server.close();
