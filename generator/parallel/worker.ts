import { parentPort, type Transferable, workerData } from 'node:worker_threads';
import type { JobKind, JobReply } from './jobs.ts';

/**
 * The one worker entry: `workerData.kind` names its job, whose module alone it loads;
 * then every message `{ id, message }` is answered with `{ id, answer }` or `{ id, error }`.
 */
const jobs: Record<JobKind, () => Promise<(message: never) => unknown>> = {
  analyze: async () => (await import('../load/analyze-job.ts')).analyzeBatch,
  'render-page': async () => (await import('../render/render-page-job.ts')).renderPageJob,
  'search-index': async () => (await import('../emit/search-index-job.ts')).searchIndexJob,
  'fill-links': async () => (await import('../write/fill-links-job.ts')).fillLinksJob,
};

const run = await jobs[(workerData as { kind: JobKind }).kind]();

parentPort!.on('message', ({ id, message }: { id: number; message: never }) => {
  let reply: JobReply;
  try {
    reply = { id, answer: run(message) };
  } catch (error) {
    reply = { id, error };
  }
  parentPort!.postMessage(reply, 'answer' in reply ? handedOver(reply.answer) : []);
});

/**
 * Bytes that own their memory are handed over rather than copied. Small ones sit in Node's
 * shared buffer pool, which must stay where it is.
 */
function handedOver(answer: unknown): Transferable[] {
  return answer instanceof Uint8Array && answer.byteLength === answer.buffer.byteLength
    ? [answer.buffer as ArrayBuffer]
    : [];
}
