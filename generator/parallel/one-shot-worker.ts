import { Worker, type Transferable } from 'node:worker_threads';

/**
 * Runs one piece of work on a thread of its own: `message` in (`transfer` moved with it,
 * not copied), the worker's one answer out; the worker ends once it has answered, or failed.
 */
export function oneShotWorker<Answer>(
  script: URL,
  message: unknown,
  transfer: readonly Transferable[] = [],
): Promise<Answer> {
  const worker = new Worker(script);
  return new Promise<Answer>((resolve, reject) => {
    worker.once('message', (answer: Answer) => resolve(answer));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(
        new Error(
          `The worker ${script.pathname.split('/').pop()} stopped with exit code ${code} before it answered`,
        ),
      ),
    );
    worker.postMessage(message, transfer);
  }).finally(() => worker.terminate());
}
