import { serve, launch, openPage, waitForApp } from './harness.mjs';
const server = await serve();
const browser = await launch();
const page = await openPage(browser, server.url(process.argv[2]), { width: Number(process.argv[3]), height: 740 });
await waitForApp(page);
await page.waitForSelector('[data-testid="comparison"]', { state: 'attached' });
await page.waitForTimeout(500);
const out = await page.evaluate(() => {
  const res = [];
  const walk = (el, depth) => {
    for (const ch of el.children) {
      const r = ch.getBoundingClientRect();
      if (r.height > 150) res.push(`${'  '.repeat(depth)}${ch.tagName.toLowerCase()}.${[...ch.classList].join('.')}[${ch.dataset.testid ?? ''}] ${Math.round(r.height)}`);
      if (depth < 3 && r.height > 400) walk(ch, depth + 1);
    }
  };
  walk(document.body, 0);
  return res.join('\n');
});
console.log(out);
await browser.close(); await server.close();
