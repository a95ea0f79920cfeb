import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { PROJECT_DIR } from '../generator/model/generator.ts';
import { serveRealSite, WIDTHS } from './site-tour.ts';

/**
 * npm run screenshots: builds the real content, serves it, and writes the first screen of
 * every kind of page at 390 and 1280 px to docs/screenshots/ (light scheme), plus the home
 * page in the dark scheme. Uses Debian's chromium, as the browser tests do.
 */
const CHROMIUM = '/usr/bin/chromium';
const OUT = path.join(PROJECT_DIR, 'docs', 'screenshots');
const HEIGHT: Record<(typeof WIDTHS)[number], number> = { 390: 844, 1280: 800 };

if (!existsSync(CHROMIUM)) {
  console.error(
    `${CHROMIUM} not found: install Debian's chromium package (apt-get install chromium) and run again.`,
  );
  process.exit(1);
}

const root = await mkdtemp(path.join(tmpdir(), 'screenshots-'));
const { server, stops } = await serveRealSite(root);
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  await mkdir(OUT, { recursive: true });
  // What the last run wrote goes: a kind of page that is gone leaves no picture behind.
  for (const file of await readdir(OUT)) if (file.endsWith('.png')) await rm(path.join(OUT, file));
  const shots: [
    name: string,
    width: (typeof WIDTHS)[number],
    scheme: 'light' | 'dark',
    pagePath: string,
  ][] = [
    ...WIDTHS.flatMap((width) =>
      stops.map(
        (stop) =>
          [stop.name, width, 'light', stop.path] as [
            string,
            (typeof WIDTHS)[number],
            'light',
            string,
          ],
      ),
    ),
    ['home', 390, 'dark', '/'],
  ];
  for (const [name, width, scheme, pagePath] of shots) {
    const context = await browser.newContext({
      viewport: { width, height: HEIGHT[width] },
      colorScheme: scheme,
    });
    const page = await context.newPage();
    await page.goto(server.url + pagePath, { waitUntil: 'networkidle' });
    const file = path.join(OUT, `${name}-${width}${scheme === 'dark' ? '-dark' : ''}.png`);
    await page.screenshot({ path: file });
    console.log(path.relative(PROJECT_DIR, file));
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
  await rm(root, { recursive: true, force: true });
}
