import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Site } from '../load-content.ts';
import type { SitePage } from '../pages/site-page.ts';
import type { PageJob, PageTexts } from './page-render-job.ts';

/** Renders pages (their HTML and twin) on other threads; the main thread builds each page's tree and writes the files. */
export interface PageRenderPool {
  render(site: Site, page: SitePage): Promise<PageTexts>;
  close(): Promise<void>;
}

/**
 * One worker per core. Turning a page's trees into HTML and Markdown is most of what a
 * large build does after parsing, and one page's render needs nothing from another's.
 * A worker keeps the process alive only while it has pages to render.
 */
export function pageRenderPool(threads = availableParallelism()): PageRenderPool {
  const waiting = new Map<
    number,
    { resolve(texts: PageTexts): void; reject(error: unknown): void }
  >();
  let nextId = 0;
  let failure: unknown;
  const fail = (error: unknown) => {
    failure ??= error;
    for (const { reject } of waiting.values()) reject(failure);
    waiting.clear();
  };
  const workers = Array.from({ length: Math.max(1, threads) }, () => {
    const worker = new Worker(new URL('./page-render-worker.mjs', import.meta.url));
    const state = { worker, pending: 0 };
    worker.unref();
    worker.on(
      'message',
      ({ id, texts, error }: { id: number; texts?: PageTexts; error?: unknown }) => {
        if (--state.pending === 0) worker.unref();
        const waiter = waiting.get(id);
        waiting.delete(id);
        if (texts) waiter?.resolve(texts);
        else waiter?.reject(error);
      },
    );
    worker.once('error', fail);
    worker.once('exit', (code) =>
      fail(new Error(`A page render worker stopped with exit code ${code}`)),
    );
    return state;
  });
  return {
    render(site, page) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      const state = workers.reduce((least, w) => (w.pending < least.pending ? w : least));
      if (state.pending++ === 0) state.worker.ref();
      return new Promise<PageTexts>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        state.worker.postMessage({ id, job: { site, page } satisfies PageJob });
      });
    },
    async close() {
      failure ??= new Error('The page render pool is closed');
      for (const { worker } of workers) worker.removeAllListeners('exit');
      await Promise.all(workers.map(({ worker }) => worker.terminate()));
    },
  };
}
