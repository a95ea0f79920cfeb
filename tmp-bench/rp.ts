import { COLLECTION_KEYS } from '../core/collections.ts';
import { openBuildCache } from '../generator/build-cache.ts';
import { loadContent } from '../generator/load-content.ts';
import { recordContext } from '../generator/pages/record-context.ts';
import { recordPage } from '../generator/pages/record-page.ts';
import { joinMarkdown, renderHtml, renderMarkdown, root } from '../generator/markdown.ts';
import { layout } from '../generator/pages/layout.ts';
import { breadcrumbsHtml } from '../generator/pages/page-navigation.ts';
import { cpuUsage } from 'node:process';
const corpus = await loadContent('/work/c10k', { cache: openBuildCache('/work/tmp-md-cache') });
const records = COLLECTION_KEYS.flatMap((k) => corpus.records[k]).filter((_, i) => i % 5 === 0);
const acc: Record<string, number> = {};
const time = <T>(k: string, f: () => T): T => { const t = cpuUsage(); const r = f(); const u = cpuUsage(t); acc[k] = (acc[k] ?? 0) + u.user + u.system; return r; };
for (let round = 0; round < 4; round++) {
  for (const k of Object.keys(acc)) acc[k] = 0;
  const jobs = records.map((r) => structuredClone({ site: corpus.site, page: recordPage(r.complete(), recordContext(corpus, r)) }));
  for (const { site, page } of jobs) {
    const tail = page.tail ?? [];
    const taken = new Set(page.body?.ids);
    const crumbs = time('crumbs', () => page.breadcrumbs ? breadcrumbsHtml(page.breadcrumbs) : undefined);
    const markdown = time('md', () => joinMarkdown(renderMarkdown(page.tree), page.body?.markdown, tail.length ? renderMarkdown(root(tail)) : undefined));
    const main = time('html', () => [crumbs, renderHtml(page.tree, taken), page.body?.html, tail.length ? renderHtml(root(tail), taken) : undefined, page.htmlAppendix].filter((p) => p !== undefined && p !== '').join('\n'));
    const html = time('layout', () => layout({ site, path: page.path, title: page.title, description: page.description, main }));
    time('flatten', () => { html.charCodeAt(html.length >> 1); markdown.charCodeAt(1); Buffer.byteLength(html); });
  }
  console.log(Object.entries(acc).map(([k, v]) => `${k} ${(v / records.length).toFixed(0)}us`).join('  '));
}
