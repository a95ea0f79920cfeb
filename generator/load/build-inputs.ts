import { createHash } from 'node:crypto';
import path from 'node:path';
import { generatorFingerprint } from '../model/generator.ts';
import { contentReader, type ContentReader } from './content-reader.ts';
import { eventLoopTurns } from '../parallel/event-loop-turns.ts';
import { pathsUnder } from './list-content.ts';

/**
 * One hash of everything a build's output depends on: every file of the content folder
 * (its path and its bytes, so an edit, a deletion or a rename all change it), the
 * generator itself and the base URL. Equal hashes mean the output would be the same, so
 * `npm start` need not build; modification times would miss deletions and renames.
 * A build passes the reader its analysis used, so no file is read twice.
 */
export async function buildInputs(
  contentDir: string,
  baseUrl: string | undefined,
  reader: ContentReader = contentReader(),
): Promise<string> {
  // Every file, in a process that may also serve requests (npm run dev): the event loop runs every few milliseconds.
  const turn = eventLoopTurns();
  // As the build's analysis names them, so the reader knows them.
  const inRoot = pathsUnder(path.resolve(contentDir));
  const files = await reader.list(contentDir);
  const digests = new Array<string>(files.length);
  for (let i = 0; i < files.length; i++) {
    const pause = turn();
    if (pause) await pause;
    digests[i] = reader.digest(inRoot(files[i]!)) ?? '';
  }
  return inputsHash(files, digests, baseUrl);
}

/** The hash of the generator, the base URL, and each file's name and digest after a NUL, in one update rather than one a name or digest. */
function inputsHash(
  files: readonly string[],
  digests: readonly string[],
  baseUrl: string | undefined,
): string {
  const hash = createHash('sha256')
    .update(generatorFingerprint())
    .update('\0')
    .update(baseUrl ?? '');
  if (files.length) hash.update(`\0${files.map((file, i) => `${file}\0${digests[i]}`).join('\0')}`);
  return hash.digest('hex');
}

/**
 * At most this many files read for a build's first look at its inputs: a file edited in the
 * last seconds (its state is not kept, content-reader.ts) or a few edits. More, and the
 * build has work to do anyway.
 */
const READ_AHEAD_AT_MOST = 16;

/**
 * buildInputs, for a build about to see whether dist/ already holds its output, when at most
 * a few files have to be read for it (the others unchanged since a build read them); else
 * undefined, as soon as more would be. The files read are kept for the analysis
 * (ContentReader.readAndHold), so that a build right after an edit (its file read again for a
 * few seconds) still stops early when nothing else changed. For a build that serves no
 * request meanwhile: the event loop does not run between files.
 */
export async function knownInputs(
  contentDir: string,
  baseUrl: string | undefined,
  reader: ContentReader,
): Promise<string | undefined> {
  const inRoot = pathsUnder(path.resolve(contentDir));
  const files = await reader.list(contentDir);
  const digests = new Array<string>(files.length);
  /** The files the states do not vouch for, by index. */
  const unknown: number[] = [];
  for (let i = 0; i < files.length; i++) {
    const digest = reader.known(inRoot(files[i]!));
    if (digest !== undefined) digests[i] = digest;
    else if (unknown.push(i) > READ_AHEAD_AT_MOST) return undefined;
  }
  for (const i of unknown) digests[i] = reader.readAndHold(inRoot(files[i]!)) ?? '';
  // Hashed from the digests just found, rather than by buildInputs asking the reader for each file again.
  return inputsHash(files, digests, baseUrl);
}
