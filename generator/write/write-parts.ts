import { open, type FileHandle } from 'node:fs/promises';
import type { OutputPart } from '../model/outputs.ts';

/** What writing a part takes: its key, its prefix, and the file its text is written to. */
export type PartPlace = Pick<OutputPart, 'key' | 'prefix' | 'file'>;

/** Where each part of a file of parts is in the file dist/ holds, by key. */
export type PartsAt = Map<string, { offset: number; length: number }>;

/** A part as written: its key and its length in bytes. */
export interface WrittenPart {
  key: string;
  bytes: number;
}

/** Pieces are written this many bytes at a time. */
const WRITE_CHUNK = 1 << 20;

/** Parts that follow one another in the old file are copied in reads of up to this many bytes. */
const COPY_RUN = 4 * WRITE_CHUNK;

/**
 * Writes a file of parts piece by piece, never holding it whole (llms-full.txt holds every
 * twin). Parts whose key is among `old.at` are copied, as bytes,
 * from where they are in `old.file`, neighbours there in one read (after a one-record edit,
 * a few dozen reads instead of one per record); the others are their prefix and `textOf`
 * them. A copy that comes up short (the old file cut by hand) writes its parts afresh.
 * Returns each part's key and length, in order.
 */
export async function writeParts<Part extends PartPlace>(
  target: string,
  parts: Part[],
  textOf: (part: Part) => Buffer,
  old?: { file: string; at: PartsAt },
): Promise<WrittenPart[]> {
  const out = await open(target, 'w');
  let source: FileHandle | undefined;
  try {
    source = old?.at.size ? await open(old.file, 'r') : undefined;
    const lengths: WrittenPart[] = [];
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      const pieces = pending;
      const size = pendingBytes;
      pending = [];
      pendingBytes = 0;
      if (!pieces.length) return;
      const { bytesWritten } = await out.writev(pieces);
      if (bytesWritten !== size)
        throw new Error(
          `Only ${bytesWritten} of ${size} bytes could be written to ${target}: is the disk full?`,
        );
    };
    const push = async (...pieces: Buffer[]) => {
      pending.push(...pieces);
      pendingBytes += pieces.reduce((sum, piece) => sum + piece.length, 0);
      if (pendingBytes >= WRITE_CHUNK || pending.length >= 512) await flush();
    };
    const afresh = async (part: Part) => {
      const pieces = [Buffer.from(part.prefix), textOf(part)];
      lengths.push({ key: part.key, bytes: pieces[0]!.length + pieces[1]!.length });
      await push(...pieces);
    };
    /** Parts next to one another in the old file, not yet copied. */
    let run:
      | { offset: number; length: number; parts: { part: Part; length: number }[] }
      | undefined;
    /** One buffer for every run, written out before the next is read: memory taken afresh for each cost more than the copy (page faults). */
    let runBytes: Buffer | undefined;
    const copyRun = async () => {
      if (!run) return;
      const { offset, length, parts: copied } = run;
      run = undefined;
      runBytes ??= Buffer.allocUnsafe(COPY_RUN);
      const bytes = length <= COPY_RUN ? runBytes.subarray(0, length) : Buffer.allocUnsafe(length);
      if ((await source!.read(bytes, 0, length, offset)).bytesRead === length) {
        await push(bytes);
        await flush();
        for (const { part, length: bytes } of copied) lengths.push({ key: part.key, bytes });
      } else for (const { part } of copied) await afresh(part);
    };
    for (const part of parts) {
      const at = source === undefined ? undefined : old!.at.get(part.key);
      if (!at) {
        await copyRun();
        await afresh(part);
        continue;
      }
      const { offset, length } = at;
      if (run && run.offset + run.length === offset && run.length + length <= COPY_RUN) {
        run.length += length;
        run.parts.push({ part, length });
        continue;
      }
      await copyRun();
      run = { offset, length, parts: [{ part, length }] };
    }
    await copyRun();
    await flush();
    return lengths;
  } finally {
    await out.close();
    await source?.close();
  }
}
