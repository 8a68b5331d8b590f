import { serve, launch, openPage, waitForApp } from './harness.mjs';
const [,, query, width, height, out, full] = process.argv;
const server = await serve();
const browser = await launch();
const page = await openPage(browser, server.url(query), { width: Number(width), height: Number(height) });
await waitForApp(page);
await page.waitForTimeout(800);
await page.screenshot({ path: out, fullPage: full === 'full' });
await browser.close(); await server.close();
