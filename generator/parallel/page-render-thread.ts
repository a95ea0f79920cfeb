import { parentPort } from 'node:worker_threads';
import { renderPageJob, type PageJob } from './page-render-job.ts';

/** The body of a page render worker: a page in, its HTML and twin out, or why it could not be rendered. */
parentPort!.on('message', ({ id, job }: { id: number; job: PageJob }) => {
  try {
    parentPort!.postMessage({ id, texts: renderPageJob(job) });
  } catch (error) {
    parentPort!.postMessage({ id, error });
  }
});
