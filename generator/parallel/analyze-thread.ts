import { parentPort } from 'node:worker_threads';
import { analyzeJob, storedAnalysis, type AnalyzeJob } from './analyze-job.ts';

/** The body of an analysis worker: batches of files in; out, the batch's fields as one JSON text and each body's JSON. */
parentPort!.on('message', (jobs: AnalyzeJob[]) => {
  const analyses = jobs.map((job) => storedAnalysis(analyzeJob(job)));
  parentPort!.postMessage({
    metas: JSON.stringify(analyses.map((a) => a.meta)),
    bodies: analyses.map((a) => a.bodyJson),
  });
});
