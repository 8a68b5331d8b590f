// Which elements the browser took as LCP candidates, and when (a diagnostic for issue 23).
import { chromium } from 'playwright-core';
import { serveGzip } from './run.mjs';
const s = await serveGzip(process.env.DIST ?? 'dist');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const p of process.argv.slice(2)) {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    window.__lcp = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) {
        const el = e.element;
        window.__lcp.push({ t: Math.round(e.startTime), size: e.size, el: el ? `${el.tagName}.${el.className} ${(el.textContent || '').slice(0, 50)}` : null, live: document.documentElement.getAttribute('data-app') });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    window.__lt = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(s.origin + p);
  await page.waitForSelector('html[data-app=live]', { timeout: 30000 });
  await page.waitForTimeout(3000);
  console.log(p, JSON.stringify(await page.evaluate(() => window.__lcp)), 'longtasks(4x cpu):', JSON.stringify(await page.evaluate(() => window.__lt)));
  await page.close();
}
await browser.close(); await s.close();
