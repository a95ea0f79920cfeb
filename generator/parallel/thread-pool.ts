import { type Transferable, Worker } from 'node:worker_threads';
import { type JobKind, type JobReply, YOUNG_GENERATION_MB } from './jobs.ts';

/** Worker threads that each run one kind of job (jobs.ts), a message at a time. */
export interface ThreadPool<Message, Answer> {
  /** Runs the job on the thread with the fewest messages waiting; `transfer` is moved with the message, not copied. */
  run(message: Message, transfer?: readonly Transferable[]): Promise<Answer>;
  /** Ends every thread; what is still waiting is refused. */
  close(): Promise<void>;
}

/**
 * `threads` workers for jobs of one kind. A worker keeps the process alive only while it
 * has a message to answer. The first failure of a thread fails every message waiting,
 * and every message after it.
 */
export function threadPool<Message, Answer>(
  kind: JobKind,
  threads: number,
): ThreadPool<Message, Answer> {
  const waiting = new Map<
    number,
    { resolve(answer: Answer): void; reject(error: unknown): void }
  >();
  let nextId = 0;
  let failure: unknown;
  const fail = (error: unknown) => {
    failure ??= error;
    for (const { reject } of waiting.values()) reject(failure);
    waiting.clear();
  };
  const youngGeneration = YOUNG_GENERATION_MB[kind];
  const workers = Array.from({ length: Math.max(1, threads) }, () => {
    // Beside this module, in the sources and in the bundle alike.
    const worker = new Worker(new URL('./worker.mjs', import.meta.url), {
      workerData: { kind },
      ...(youngGeneration && { resourceLimits: { maxYoungGenerationSizeMb: youngGeneration } }),
    });
    const state = { worker, pending: 0 };
    worker.unref();
    worker.on('message', (reply: JobReply) => {
      if (--state.pending === 0) worker.unref();
      const waiter = waiting.get(reply.id);
      waiting.delete(reply.id);
      if ('answer' in reply) waiter?.resolve(reply.answer as Answer);
      else waiter?.reject(reply.error);
    });
    worker.once('error', fail);
    worker.once('exit', (code) =>
      fail(new Error(`A ${kind} worker stopped with exit code ${code} before it answered`)),
    );
    return state;
  });
  return {
    run(message, transfer = []) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      const state = workers.reduce((least, w) => (w.pending < least.pending ? w : least));
      if (state.pending++ === 0) state.worker.ref();
      return new Promise<Answer>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        state.worker.postMessage({ id, message }, transfer);
      });
    },
    async close() {
      failure ??= new Error(`The ${kind} threads are closed`);
      for (const { worker } of workers) worker.removeAllListeners('exit');
      await Promise.all(workers.map(({ worker }) => worker.terminate()));
    },
  };
}

/** Runs one job on a thread of its own, which ends once it has answered or failed. */
export async function onThread<Message, Answer>(
  kind: JobKind,
  message: Message,
  transfer: readonly Transferable[] = [],
): Promise<Answer> {
  const pool = threadPool<Message, Answer>(kind, 1);
  try {
    return await pool.run(message, transfer);
  } finally {
    await pool.close();
  }
}
