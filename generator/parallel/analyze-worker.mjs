// A worker thread of generator/parallel/analyze-files.ts. It is plain JavaScript so that
// Node can start it in any process (the build CLI, a test runner); tsx then loads the
// TypeScript it runs.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { analyzeJob } = await tsImport('./analyze-job.ts', import.meta.url);

parentPort.on('message', (jobs) => {
  parentPort.postMessage(JSON.stringify(jobs.map((job) => analyzeJob(job))));
});
