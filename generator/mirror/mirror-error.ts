/** A build, folder or option the mirror kit cannot work from; the message says how to fix it. */
export class MirrorError extends Error {
  override name = 'MirrorError';
}
