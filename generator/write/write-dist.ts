import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { eventLoopTurns } from '../parallel/event-loop-turns.ts';
import {
  contentOf,
  isLazy,
  outputKey,
  type CarriedFiles,
  type FileContent,
  type LazyOutput,
  type Output,
  type OutputPart,
} from '../model/outputs.ts';
import { renderAhead, startAhead } from './render-ahead.ts';
import { NO_PROGRESS, type Progress } from '../progress/progress.ts';
import { checkDistSoon, checkListOf, foldersOf, type DistCheck } from './dist-check.ts';
import {
  manifestDirectories,
  manifestEntries,
  partLists,
  readManifest,
  writeManifest,
  type ManifestEntry,
  type ManifestHeader,
} from './dist-manifest.ts';
import { generatorFingerprint } from '../model/generator.ts';
import { openDistLinks } from './dist-links.ts';
import { removeEmptyFolders } from './remove-empty-folders.ts';
import { writeParts, type PartsAt } from './write-parts.ts';

export interface WriteSummary {
  written: number;
  deleted: number;
  /** Size of dist/ after the write. */
  bytes: number;
  /** The files written and deleted, as paths in dist/ (an in-place write only: a swapped write replaces everything). */
  changed?: string[];
}

export interface WriteOptions {
  progress?: Progress;
  /** Threads that render pages; default every core. */
  threads?: number;
  /** The build's counts of what it wrote from (records by collection): how much memory it may take (render-ahead.ts), and, in place, kept with the inputs for a build that finds nothing to do (DistState.current). */
  counts?: ManifestHeader['counts'];
}

export interface SwappedWriteOptions extends WriteOptions {
  /** Outputs with a thread of their own started before the write (startAhead), by file: their texts are taken, not started again. */
  early?: ReadonlyMap<string, Promise<FileContent>>;
}

/** The records a write's counts hold, when it was given them. */
const recordsIn = (counts: ManifestHeader['counts']) =>
  counts && Object.values(counts).reduce((sum, n) => sum + n, 0);

/**
 * A clean write: the whole output next to dist/, swapped in, so readers never see a mix of
 * two builds. It takes the files: `files` is emptied, and each output let go once written.
 * Their render functions hold the corpus, 350 MB at 50,000 records, which can then be
 * collected before the search index's thread builds the index at the end (in a build
 * small enough for it to start before the write, `early`, it is done before the pool starts).
 */
export async function writeDistSwapped(
  outDir: string,
  files: Map<string, Output>,
  { progress = NO_PROGRESS, threads, counts, early }: SwappedWriteOptions = {},
): Promise<WriteSummary> {
  const target = path.resolve(outDir);
  const staging = `${target}.staging-${process.pid}`;
  const retired = `${target}.retired-${process.pid}`;
  const total = files.size;
  await rm(staging, { recursive: true, force: true });
  let bytes = 0;
  try {
    const dirs = new Set([...files.keys()].map((f) => path.dirname(path.join(staging, f))));
    for (const dir of [...dirs].sort()) mkdirSync(dir, { recursive: true });
    let done = 0;
    const entries = [...files];
    files.clear();
    const ahead = renderAhead(entries, () => true, { threads, early, records: recordsIn(counts) });
    const [first, ownThread, ofParts] = writeOrder(entries);
    // Where each part's text is, without the part's output (every twin, holding the corpus): read back from the file written.
    const places = ofParts.map(
      (index) =>
        [
          entries[index]![0],
          (entries[index]![1] as LazyOutput).parts!.map(({ key, prefix, file }) => ({
            key,
            prefix,
            file,
          })),
        ] as const,
    );
    for (const index of ofParts) delete entries[index];
    // One file after another, with synchronous calls, as the in-place write does: through promises (a file handle opened,
    // written and closed on libuv's threads) the main thread, which the page renderers wait on, spent three times as long.
    const turn = eventLoopTurns();
    const write = async (index: number, text = ahead.at(index)) => {
      const pause = turn();
      if (pause) await pause;
      const [file, output] = entries[index]!;
      const content = (await text) ?? contentOf(output);
      // A hole from here on: nothing reads a written entry again.
      delete entries[index];
      bytes += Buffer.byteLength(content);
      writeFileSync(path.join(staging, file), content);
      progress('write', ++done, total);
    };
    try {
      for (const index of first) await write(index);
      await ahead.closePool();
      for (const [file, parts] of places) {
        bytes += (
          await writeParts(path.join(staging, file), parts, (part) =>
            readFileSync(path.join(staging, part.file)),
          )
        ).reduce((sum, [, length]) => sum + length, 0);
        progress('write', ++done, total);
      }
      for (const index of ownThread) await write(index);
    } finally {
      await ahead.close();
    }
    await rename(target, retired).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(staging, target);
    await rm(retired, { recursive: true, force: true });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return { written: total, deleted: 0, bytes };
}

export interface InPlaceWriteOptions extends WriteOptions {
  /** Files taken to be as the last build wrote them (render-site.ts): kept, unless dist/ no longer holds them so. Taken, as `files` is: the array is emptied. */
  carried?: CarriedFiles[];
  /** The inputs of the write that settled the carried files under their keys (KeptRecords.inputs), if it finished. */
  carriedAsOf?: string;
}

export interface DistState {
  /**
   * Whether dist/ holds exactly what a build from `inputs` (build-inputs.ts) writes: its
   * last write was from these inputs, by this generator, and finished, and the check of
   * dist/ finds every file as written and nothing else. Then the build has nothing to
   * write or delete, and need not read the content at all: the summary of the write it
   * spares, with the counts that write kept. Records what the check found as a write
   * does, so the next check reads as little. Undefined otherwise, and then `write` takes
   * the same check.
   */
  current(
    inputs: string,
  ): Promise<
    (WriteSummary & { files: number; counts: NonNullable<ManifestHeader['counts']> }) | undefined
  >;
  /**
   * Writes what changed, deletes what is stale. A file counts as unchanged only when its
   * key is the one it was last written under and it still has the size and modification
   * time it was left with, so a file edited or removed by hand in dist/ is written again.
   * Each file is replaced atomically (written aside, then renamed). Synchronous file calls,
   * one after another, cost less per file than promises through libuv's thread pool, and a
   * build writes tens of thousands of small files; every few milliseconds the write lets
   * the event loop run, so a server in the same process keeps answering. A file of parts
   * with few new parts (llms-full.txt after an edit: 35 MB at 10,000 records, nearly all
   * copied from the file dist/ holds) is the exception: its reads and writes go through
   * the thread pool while this thread settles the other files. It takes the files: `files`
   * is emptied, and each output let go once settled.
   */
  write(
    files: Map<string, Output>,
    inputs: string,
    options?: InPlaceWriteOptions,
  ): Promise<WriteSummary>;
  /**
   * Writes these files now, ahead of the build that brings the rest of dist/ up to date
   * (npm run dev serves an edited record's own files first). Deletes nothing, and leaves
   * the manifest on disk as it was: should the process stop before the next `write`, that
   * build finds these files changed and writes them again. The write of a build that began
   * before (from content older than these files) leaves them as they are: the next settles them.
   */
  writeSome(files: Map<string, Output>): string[];
  /** Deletes these files now, as writeSome writes. */
  removeSome(files: string[]): string[];
  /**
   * Marks the start of a build, before it reads the content: files written or deleted
   * ahead from now on are newer than what that build reads, and its `write` leaves them.
   * Unless dist/ is trusted, its check against the manifest starts now (dist-check.ts), on
   * another thread when dist/ holds many files, so that it is done by the time of the write.
   */
  begin(): void;
  /**
   * Starts an output with a thread of its own (the search index) now, before the write,
   * if dist/ does not hold it as it would be written: after a one-record edit it is the
   * longest piece of work, and the rest of the site is made meanwhile. The build's write
   * takes its text.
   */
  prepare(file: string, output: LazyOutput): void;
}

export interface DistOptions {
  /**
   * For a process that owns dist/ while it runs (npm run dev): after its first write has
   * checked every file, later writes trust what this process wrote instead of checking
   * each file again, and know what is stale without walking dist/.
   */
  trusted?: boolean;
  /**
   * A folder of the cache, beside the manifest, where every file of dist/ is hard-linked
   * (dist-links.ts): should dist/ be gone (a fresh checkout with the cache kept: what a
   * deploy builds from), its files are linked back rather than made again.
   */
  links?: string;
}

export function openDist(
  outDir: string,
  manifestFile: string,
  { trusted = false, links: linksDir }: DistOptions = {},
): DistState {
  const root = path.resolve(outDir);
  /** The manifest's small file as it is now: this process keeps it as it writes it (the generator that wrote dist/, the inputs it holds). */
  let header = readManifest(manifestFile, root);
  const links = linksDir === undefined ? undefined : openDistLinks(linksDir, root);
  // dist/ gone (a fresh checkout with the cache kept: what a deploy builds from) is linked back from the cache. Without links
  // it took every file the manifest lists, which is then neither read nor checked (at 50,000 records, 50 MB of lines read
  // twice, 150,000 stats on a thread of their own).
  const wasGone = !existsSync(root);
  /** What dist/ holds, as written: files are recorded as soon as they are written, and the record saved with each build's write. */
  let previous = manifestEntries(manifestFile, { empty: wasGone && (!links || links.fresh) });
  const empty = wasGone && !links?.restore(previous);
  if (empty && previous.size) previous = manifestEntries(manifestFile, { empty });
  // Links to files no manifest lists are of no use, and would keep their texts on disk.
  if (!previous.size) links?.clear();
  const folders = manifestDirectories(manifestFile, { empty });
  const parts = partLists(manifestFile);
  /** Folders files were written to or removed from (or made or removed themselves) since the folders were last recorded. */
  const touched = new Set<string>();
  const touch = (file: string) => {
    for (let at = file.lastIndexOf('/'); ; at = file.lastIndexOf('/', at - 1)) {
      touched.add(at > 0 ? file.slice(0, at) : '');
      if (at <= 0) break;
    }
  };
  /**
   * Before the first change to dist/ since the manifest last named the inputs it holds,
   * the manifest stops naming them: a write that stops halfway, or files written ahead
   * (npm run dev) by a process that then stops, would otherwise leave dist/ a mix taken for
   * the build of those inputs (by DistState.current, by npm start's check) once the
   * content is back as it was.
   */
  const changing = () => {
    if (header?.inputs === undefined) return;
    header = { outDir: root, generator: header.generator };
    writeManifest(manifestFile, header);
  };
  /** Whether every file of `previous` is known to be in dist/ as recorded (trusted mode, after a first write). */
  let verified = false;
  /** The check of dist/ against `previous` for the write to come, started with the build (dist-check.ts). */
  let checking: Promise<DistCheck> | undefined;
  /** Listed files not as recorded, and those of them gone from dist/, once the check is done; files written since are taken out. */
  let altered: Set<string> | undefined;
  let gone: Set<string> | undefined;
  const check = () => {
    if (!checking) {
      const list = checkListOf(previous, folders);
      checking = checkDistSoon(root, list);
    }
    return checking;
  };
  /** Whether dist/ still holds the file exactly as it was last written (and, given a key, from that key). */
  const intact = (file: string, key?: string) => {
    const known = previous.get(file);
    if (!known || (key !== undefined && known[0] !== key)) return false;
    if (verified) return true;
    if (altered) return !altered.has(file);
    // Before the check is done (npm run dev writing an edited record during its first build): this file alone.
    const info = statSync(path.join(root, file), { throwIfNoEntry: false });
    return info !== undefined && info.size === known[1] && info.mtimeMs === known[2];
  };

  /** The parts of a file of parts as dist/ holds them, where they are in it; empty when the file is not as it was left. */
  const partsNow = (file: string): PartsAt => {
    const at: PartsAt = new Map();
    const digest = previous.get(file)?.[3];
    const known = digest === undefined || !intact(file) ? undefined : parts.get(file, digest);
    if (known) {
      let offset = 0;
      for (const [key, length] of known) {
        at.set(key, [offset, length]);
        offset += length;
      }
    }
    return at;
  };

  /** Records each folder as it is now (dist-check.ts), or forgets it when it is gone. */
  const recordFolders = (names: Iterable<string>) => {
    const now = Date.now();
    for (const folder of names) {
      const info = statSync(path.join(root, folder), { throwIfNoEntry: false });
      if (info?.isDirectory()) folders.set(folder, [info.mtimeMs, now]);
      else folders.delete(folder);
    }
    touched.clear();
  };

  /** Records what dist/ holds once a build has settled it, for the next: its links, folders and files, and what it was built from. */
  const record = (inputs: string, counts: ManifestHeader['counts'], read: readonly string[]) => {
    links?.fill(previous.keys());
    recordFolders(folders.size ? [...touched, ...read] : foldersOf(previous.keys()));
    // The files before the folders: folders recorded as unchanged must not hide files the manifest does not list yet.
    previous.save();
    folders.save();
    header = { outDir: root, inputs, generator: generatorFingerprint(), ...(counts && { counts }) };
    writeManifest(manifestFile, header);
    verified = trusted;
    altered = undefined;
    gone = undefined;
  };

  /** A part's text, rendered from its output. */
  const renderedText = (part: OutputPart) => Buffer.from(contentOf(part.output));

  /** Folders this process made or found since the last write began (or files were deleted), which need no mkdir. */
  const made = new Set<string>();
  /** Files written or deleted ahead since the build in progress began, which its write leaves alone. */
  const ahead = new Set<string>();
  /** Texts started by `prepare` for the build in progress, by file. */
  const early = new Map<string, Promise<FileContent>>();
  /** Whether a build must render and write this output: nothing wrote it ahead, and dist/ does not hold it as it would be written. */
  const wanted = (file: string, output: LazyOutput) =>
    !ahead.has(file) && !intact(file, output.signature);
  /** The path of an output's last text, for an output that can be made from it: the file dist/ holds, when this generator wrote it and it is as it was left. */
  const lastText = (file: string) =>
    !ahead.has(file) && header?.generator === generatorFingerprint() && intact(file)
      ? path.join(root, file)
      : undefined;
  /** The name a file is written under, beside where it goes (its folder made), before it is renamed into place. */
  const aside = (file: string) => {
    changing();
    const target = path.join(root, file);
    const dir = path.dirname(target);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    return `${target}.${randomUUID()}.tmp`;
  };
  /** Renames a file written aside into place, so a reader never sees half of it; returns its manifest entry. */
  const place = (
    file: string,
    temporary: string,
    key: string,
    partsDigest?: string,
  ): ManifestEntry => {
    const target = path.join(root, file);
    renameSync(temporary, target);
    links?.add(file);
    touch(file);
    altered?.delete(file);
    gone?.delete(file);
    const info = statSync(target);
    return partsDigest === undefined
      ? [key, info.size, info.mtimeMs]
      : [key, info.size, info.mtimeMs, partsDigest];
  };
  const writeOne = (file: string, output: Output, key: string): ManifestEntry => {
    const temporary = aside(file);
    writeFileSync(temporary, contentOf(output));
    return place(file, temporary, key);
  };
  /** Writes a file of parts, those `at` lists copied from the file dist/ holds, and keeps its list of parts. */
  const writeOfParts = async (
    file: string,
    composed: OfParts,
    at: PartsAt,
    textOf: (part: OutputPart) => Buffer,
  ): Promise<ManifestEntry> => {
    const temporary = aside(file);
    const written = await writeParts(temporary, composed.parts, textOf, {
      file: path.join(root, file),
      at,
    });
    return place(file, temporary, composed.signature, parts.set(file, written));
  };
  /** Deletes files of dist/, their links, and the folders they leave empty. */
  const removeFiles = (files: readonly string[]) => {
    if (!files.length) return;
    changing();
    for (const file of files) {
      rmSync(path.join(root, file), { force: true });
      touch(file);
    }
    links?.remove(files);
    removeEmptyFolders(
      root,
      files.map((file) => path.join(root, file)),
    );
    // A folder made earlier may be gone now with its last file: the next write into it makes it again.
    made.clear();
  };

  return {
    async write(
      files,
      inputs,
      { progress = NO_PROGRESS, threads, carried = [], carriedAsOf, counts } = {},
    ) {
      let found = verified ? undefined : await check();
      checking = undefined;
      altered = found && new Set(found.altered);
      gone = found && new Set(found.missing);
      const { unlisted = [], read = [] } = found ?? {};
      // Its lists are let go, their names kept only until each file is written: with dist/ deleted, at 50,000 records, they held 20 MB to the end.
      found = undefined;
      mkdirSync(root, { recursive: true });
      made.clear();
      /** Files this write settled: what dist/ is to hold. */
      const settled = new Set<string>();
      const changed: string[] = [];
      let bytes = 0;
      let done = 0;
      /** Counts a file dist/ is to hold, as it now holds it. */
      const keep = (file: string) => {
        const entry = previous.get(file);
        if (entry) {
          settled.add(file);
          bytes += entry[1];
        }
      };
      const turn = eventLoopTurns();
      const entries = [...files];
      files.clear();
      // A record's files dist/ no longer holds as written are made like any other output: by the page pool when there are many (dist/ deleted, the cache kept).
      // Those it holds are settled as they are found so: nothing is written for them.
      let keptFiles = 0;
      /**
       * Whether the manifest lists every carried file under the key it is carried with: the
       * write that settled them under those keys is the last the manifest recorded, and
       * nothing changed dist/ since (the first change drops the inputs from the manifest).
       * Then only the check of dist/ can find one of them otherwise, and a carried file is
       * neither looked up nor, unless something of dist/ is stale or written ahead
       * meanwhile, noted one by one: 50 ms of a one-edit build at 10,000 records.
       */
      const carriedAsRecorded =
        carriedAsOf !== undefined && carriedAsOf === header?.inputs && !ahead.size;
      /** The records carried as recorded. */
      const asRecorded: CarriedFiles[] = [];
      let asRecordedFiles = 0;
      for (const group of carried.splice(0)) {
        const pause = turn();
        if (pause) await pause;
        if (
          carriedAsRecorded &&
          !(altered?.size && group.files().some((file) => altered!.has(file)))
        ) {
          asRecorded.push(group);
          asRecordedFiles += group.keys.length;
          keptFiles += group.keys.length;
          continue;
        }
        const groupFiles = group.files();
        if (groupFiles.every((file, i) => ahead.has(file) || intact(file, group.keys[i]))) {
          for (const file of groupFiles) keep(file);
          keptFiles += groupFiles.length;
          continue;
        }
        const outputs = group.outputs();
        for (const [i, file] of groupFiles.entries()) entries.push([file, outputs[i]!]);
      }
      const total = entries.length + keptFiles;
      done = keptFiles;
      progress('write', done, total);
      const elsewhere = renderAhead(entries, wanted, {
        threads,
        early,
        previous: lastText,
        records: recordsIn(counts),
      });
      early.clear();
      /** Keeps what was written ahead or is intact, else writes the output (made only then). */
      const settle = (file: string, key: string, output: () => Output) => {
        if (!ahead.has(file) && !intact(file, key)) {
          changed.push(file);
          // Recorded as soon as written: a write that stops halfway leaves a manifest true to dist/.
          previous.set(file, writeOne(file, output(), key));
        }
        keep(file);
      };
      /** A part's text, from the file it was written to when this write settled it or carried it as recorded (and nothing wrote it ahead since), else rendered. */
      const writtenText = (part: OutputPart) =>
        (settled.has(part.file) || (asRecordedFiles > 0 && intact(part.file))) &&
        !ahead.has(part.file)
          ? readFileSync(path.join(root, part.file))
          : renderedText(part);
      const [first, ownThread, ofParts] = writeOrder(entries);
      const settleAt = async (index: number, text = elsewhere.at(index)) => {
        const [file, output] = entries[index]!;
        progress('write', done++, total);
        const pause = turn();
        if (pause) await pause;
        const rendered = text && (await text);
        settle(file, outputKey(output), () => rendered ?? output);
        // A hole from here on: the output (a page's render, holding the corpus) can go.
        delete entries[index];
      };
      // The files of parts to write (the others kept as they are), each with where its kept parts are in the file dist/ holds.
      const partsToWrite = ofParts.flatMap((index) => {
        const [file, output] = entries[index]! as [string, OfParts];
        if (!ahead.has(file) && !intact(file, output.signature))
          return [{ index, file, output, at: partsNow(file) }];
        keep(file);
        progress('write', done++, total);
        delete entries[index];
        return [];
      });
      const writePartsAt = async ({ index, file, output, at }: (typeof partsToWrite)[number]) => {
        progress('write', done++, total);
        changed.push(file);
        previous.set(file, await writeOfParts(file, output, at, writtenText));
        keep(file);
        delete entries[index];
      };
      // The files their new parts are read from, when few: settled first, the files of parts then written beside the rest.
      const newParts = partsToWrite.flatMap(({ output, at }) =>
        output.parts.filter((part) => !at.has(part.key)).map((part) => part.file),
      );
      const readFrom = newParts.length <= FEW_NEW_PARTS ? new Set(newParts) : undefined;
      const [before, after] = readFrom
        ? [
            first.filter((index) => readFrom.has(entries[index]![0])),
            first.filter((index) => !readFrom.has(entries[index]![0])),
          ]
        : [first, []];
      let partsWritten: Promise<unknown> = Promise.resolve();
      try {
        for (const index of before) await settleAt(index);
        partsWritten = Promise.all(partsToWrite.map(writePartsAt));
        // Its failure is thrown where it is awaited, below, not taken for an unhandled one meanwhile.
        partsWritten.catch(() => undefined);
        for (const index of after) await settleAt(index);
        await elsewhere.closePool();
        // Before the outputs with a thread of their own: the parts hold their twins, and so the corpus.
        await partsWritten;
        for (const index of ownThread) await settleAt(index);
      } finally {
        await partsWritten.catch(() => undefined);
        await elsewhere.close();
      }
      const written = changed.length;
      // Every file the manifest lists is settled or carried as recorded: none of them is stale, and the carried ones are what it lists besides.
      const allAccounted =
        asRecordedFiles > 0 && !ahead.size && settled.size + asRecordedFiles === previous.size;
      let stale: string[];
      if (allAccounted) {
        for (const [file, entry] of previous.entries()) if (!settled.has(file)) bytes += entry[1];
        stale = unlisted.filter((file) => !settled.has(file));
      } else {
        for (const group of asRecorded) for (const file of group.files()) keep(file);
        // Anything else in dist/ goes, whoever put it there, so dist/ is exactly what a clean build writes.
        stale = [...previous.keys(), ...unlisted].filter(
          (file) => !settled.has(file) && !ahead.has(file) && !gone?.has(file),
        );
        // What the manifest lists is what dist/ holds now: what this write settled, and what was written ahead of it (as that left it).
        for (const file of [...previous.keys()])
          if (!settled.has(file) && !ahead.has(file)) previous.delete(file);
      }
      removeFiles(stale);
      changed.push(...stale);
      record(inputs, counts, read);
      return { written, deleted: stale.length, bytes, changed };
    },

    async current(inputs) {
      const counts = header?.counts;
      if (header?.inputs !== inputs || !counts || ahead.size) return undefined;
      const found = verified ? undefined : await check();
      if (found && (found.altered.length || found.unlisted.length)) return undefined;
      checking = undefined;
      let bytes = 0;
      for (const [, entry] of previous.entries()) bytes += entry[1];
      record(inputs, counts, found?.read ?? []);
      return { written: 0, deleted: 0, bytes, changed: [], files: previous.size, counts };
    },

    writeSome(files) {
      const changed: string[] = [];
      for (const [file, output] of files) {
        const key = outputKey(output);
        if (intact(file, key)) continue;
        previous.set(file, writeOne(file, output, key));
        ahead.add(file);
        changed.push(file);
      }
      return changed;
    },

    begin() {
      ahead.clear();
      early.clear();
      // A check started for a build that stopped before its write may no longer be true.
      checking = undefined;
      altered = undefined;
      gone = undefined;
      if (!verified) void check().catch(() => undefined);
    },

    prepare(file, output) {
      if (output.renderElsewhere && wanted(file, output))
        startAhead(early, file, output, lastText(file));
    },

    removeSome(files) {
      const removed = files.filter((file) => previous.has(file));
      removeFiles(removed);
      for (const file of removed) {
        previous.delete(file);
        ahead.add(file);
      }
      return removed;
    },
  };
}

/**
 * The order files are written in, as indexes of `entries`: first every file but two kinds;
 * then the files of parts (made of the others as written); last the outputs with a thread
 * of their own (render-ahead.ts says when each starts). By then every other output, and so
 * the corpus its render holds, has been let go.
 */
function writeOrder(
  entries: readonly [string, Output][],
): [first: number[], ownThread: number[], ofParts: number[]] {
  const order: [number[], number[], number[]] = [[], [], []];
  for (const [index, [, output]] of entries.entries())
    order[!isLazy(output) ? 0 : output.parts ? 2 : output.renderElsewhere ? 1 : 0].push(index);
  return order;
}

/** A file of parts, as render-site.ts composes it. */
type OfParts = LazyOutput & Required<Pick<LazyOutput, 'parts'>>;

/**
 * A write that finds at most this many parts new writes its files of parts beside the rest
 * (after the files those few parts are read from). More, and they are written after the
 * rest: their parts hold every twin they are read from, and so the corpus.
 */
const FEW_NEW_PARTS = 64;
