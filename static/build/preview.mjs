// The link preview image (static/preview.png, 1200 × 630, the size Open Graph and Twitter cards
// show): the page's own first screen with a plan filled, taken from a release build. Run by hand
// after the first screen changes:
//
//   trunk build --release && node static/build/preview.mjs [dist] && trunk build --release
//
// (Debian's Chromium through playwright-core, as the end-to-end tests drive it.)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, openPage, serve, waitForApp } from '../../tests/e2e/harness.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const server = await serve({ root: process.argv[2] ?? path.join(HERE, '..', '..', 'dist') });
const browser = await launch();
try {
  const page = await openPage(browser, '?result=6.0-0021&scenario=interactive&demand=40000000&price=0.25', { width: 1200, height: 630, server });
  await waitForApp(page);
  await page.screenshot({ path: path.join(HERE, '..', 'preview.png'), clip: { x: 0, y: 0, width: 1200, height: 630 } });
} finally {
  await browser.close();
  await server.close();
}
