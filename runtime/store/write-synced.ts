import { open } from 'node:fs/promises';

/**
 * Writes a file and waits until it is on the disk (fsync), so that a rename of it that
 * follows is never made durable before its content is. Written beside the target under a
 * temporary name (leftovers.ts), then renamed over it, it is the store's and the file
 * mailer's crash-safe write.
 */
export async function writeSynced(file: string, data: string | Uint8Array): Promise<void> {
  const handle = await open(file, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
