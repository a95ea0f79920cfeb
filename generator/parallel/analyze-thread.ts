import { parentPort } from 'node:worker_threads';
import { analyzeJob, type AnalyzeJob } from './analyze-job.ts';

/** The body of an analysis worker: batches of files in, their analyses out as one JSON text. */
parentPort!.on('message', (jobs: AnalyzeJob[]) => {
  parentPort!.postMessage(JSON.stringify(jobs.map((job) => analyzeJob(job))));
});
