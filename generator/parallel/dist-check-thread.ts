import { parentPort } from 'node:worker_threads';
import { checkDist } from '../dist-check.ts';
import { manifestDirectories, manifestEntries } from '../dist-manifest.ts';

/** The body of a dist/ check worker: dist/ and its manifest file in, what differs out. */
parentPort!.once('message', ({ root, manifestFile }: { root: string; manifestFile: string }) => {
  parentPort!.postMessage(checkDist(root, manifestEntries(manifestFile), manifestDirectories(manifestFile)));
});
