import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

/**
 * Reads the content folder's files for one build, each at most once: the analysis takes
 * a file's text and digest, the inputs hash (build-inputs.ts) the same digest again.
 */
export interface ContentReader {
  /**
   * The file's digest, and its bytes when this call read them (decoded only by who needs
   * the text: most files of a build come from the cache); undefined when it cannot be read.
   */
  read(file: string): { digest: string; bytes?: Buffer } | undefined;
}

export const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url');

/** What each file was at the last build of this process, for a process that builds again and again (npm run dev). */
const lastBuild = new Map<string, { size: number; mtimeMs: number; digest: string }>();

/**
 * With `remember`, a file whose size and modification time did not change since the last
 * build of this process is taken as unchanged without being read: that is how `npm run
 * dev` rebuilds without reading every file again. Without it, every build reads afresh.
 */
export function contentReader({ remember = false }: { remember?: boolean } = {}): ContentReader {
  const digests = new Map<string, string>();
  return {
    read(file) {
      const seen = digests.get(file);
      if (seen) return { digest: seen };
      const info = remember ? statSync(file, { throwIfNoEntry: false }) : undefined;
      const known = info && lastBuild.get(file);
      if (info && known && known.size === info.size && known.mtimeMs === info.mtimeMs) {
        digests.set(file, known.digest);
        return { digest: known.digest };
      }
      let bytes: Buffer;
      try {
        bytes = readFileSync(file);
      } catch {
        return undefined;
      }
      const digest = digestOf(bytes);
      digests.set(file, digest);
      if (info) lastBuild.set(file, { size: info.size, mtimeMs: info.mtimeMs, digest });
      return { digest, bytes };
    },
  };
}
