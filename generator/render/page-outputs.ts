import { hash } from 'node:crypto';
import { pageFile, twinPath } from '../../core/paths.ts';
import type { Corpus, Site } from '../model/corpus.ts';
import {
  type FileOutput,
  type PageRenderThreads,
  signatureOf,
  signedOutput,
} from '../model/outputs.ts';
import type { SitePage } from './pages/site-page.ts';
import type { RecordSignatures } from './record-signatures.ts';
import type { PageTexts } from './pages/render-page.ts';
import { type PageJob, renderPageJob } from './render-page-job.ts';

/** A page's two files in dist/: its HTML and its Markdown twin, each with its output. */
export interface PageOutputs {
  html: FileOutput<string>;
  twin: FileOutput<string>;
}

/** The site settings, as every page's signature takes them: hashed once, not again with each page. */
export const siteKeyOf = (corpus: Corpus): string =>
  hash('sha256', JSON.stringify(corpus.site), 'base64url');

/** The file of a page's Markdown twin in dist/. */
export const twinFile = (pagePath: string): string => twinPath(pagePath).slice(1);

/**
 * The signatures of a page's HTML and twin: `inputs` are all the page is built from,
 * `htmlInputs` what only the HTML shows (navigation), so a change there leaves the twin as it is.
 */
export const pageSignatures = (
  siteKey: string,
  inputs: string[],
  htmlInputs: string[] = [],
): Pick<RecordSignatures, 'html' | 'twin'> => ({
  html: signatureOf([...inputs, ...htmlInputs, siteKey, 'html']),
  twin: signatureOf([...inputs, siteKey, 'twin']),
});

/**
 * A page whose HTML and twin are rendered only when their signatures changed, here or by
 * the writer's page threads. One render gives both files; each text is kept only until its
 * file takes it, then let go.
 */
export function lazyPage(
  site: Site,
  pagePath: string,
  signatures: Pick<RecordSignatures, 'html' | 'twin'>,
  page: () => SitePage,
): PageOutputs {
  let held: Partial<PageTexts> = {};
  let coming: Promise<void> | undefined;
  const take = (half: keyof PageTexts) => {
    const text = held[half]!;
    held = { ...held, [half]: undefined };
    return text;
  };
  const now = (half: keyof PageTexts) => {
    if (held[half] === undefined) held = renderPageJob({ site, page: page() });
    return take(half);
  };
  const inPool = async (pool: PageRenderThreads, half: keyof PageTexts) => {
    if (held[half] === undefined) {
      const job: PageJob = { site, page: page() };
      coming ??= (pool.run(job) as Promise<PageTexts>).then((texts) => {
        held = texts;
        coming = undefined;
      });
      await coming;
    }
    return take(half);
  };
  const half = (name: keyof PageTexts, signature: string) =>
    signedOutput(signature, () => now(name), { renderInPool: (pool) => inPool(pool, name) });
  return {
    html: { file: pageFile(pagePath), output: half('html', signatures.html) },
    twin: { file: twinFile(pagePath), output: half('markdown', signatures.twin) },
  };
}
