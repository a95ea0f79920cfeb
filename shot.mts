import { chromium } from 'playwright-core';
import { createApp } from './server/app.ts';
import { listen } from './server/listen.ts';
const server = await listen(await createApp({ distDir: '/tmp/g', dataDir: '/tmp/g-data' }), { port: 0, hostname: '127.0.0.1' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const page = await browser.newPage({ viewport: { width: 1100, height: 1400 } });
for (const [p, f] of [['/contact/', 'contact'], ['/threats/adversary-in-the-middle-phishing/', 'threat'], ['/', 'home'], ['/pricing/', 'pricing']]) {
  await page.goto(server.url + p);
  await page.screenshot({ path: `/tmp/${f}.png`, fullPage: false });
}
await browser.close(); await server.close();
