import { parentPort } from 'node:worker_threads';
import { checkDist, type CheckList } from '../dist-check.ts';

/** The body of a dist/ check worker: dist/ and what its manifest lists in, what differs out. */
parentPort!.once('message', ({ root, list }: { root: string; list: CheckList }) => {
  parentPort!.postMessage(checkDist(root, list));
});
