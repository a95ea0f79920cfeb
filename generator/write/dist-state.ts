import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { generatorFingerprint } from '../model/generator.ts';
import {
  type Alongside,
  alongsideKey,
  type CarriedFiles,
  contentOf,
  type FileContent,
  isLazy,
  type LazyOutput,
  type Output,
  type OutputPart,
  outputKey,
} from '../model/outputs.ts';
import { eventLoopTurns } from '../parallel/event-loop-turns.ts';
import { NO_PROGRESS, type Progress } from '../progress/progress.ts';
import { checkDist, type DistCheck, foldersOf } from './dist-check.ts';
import { DistFiles } from './dist-files.ts';
import { type DistLinks, openDistLinks } from './dist-links.ts';
import {
  fileShard,
  folderShard,
  type ManifestEntries,
  type ManifestEntry,
  type ManifestFolders,
  type ManifestHeader,
  type ManifestStore,
  type PartList,
  type PartLists,
  partLists,
  readManifest,
  SITE_SHARD,
  writeManifest,
} from './dist-manifest.ts';
import { renderOffThread, headStart } from './render-off-thread.ts';
import { WriteAhead } from './write-ahead.ts';
import type { PartsAt } from './write-parts.ts';
import { type OfParts, type WriteOptions, type WriteSummary, writeOrder } from './write-plan.ts';

export interface InPlaceWriteOptions extends Omit<WriteOptions, 'headStarts'> {
  /** Files taken to be as the last build wrote them (render/): kept, unless dist/ no longer holds them so. Taken, as `files` is: the array is emptied. */
  carried?: CarriedFiles[];
  /** The build's counts of what it wrote from (records by collection), kept with the inputs for a build that finds nothing to do (`current`). */
  counts?: ManifestHeader['counts'];
  /**
   * The write (`lastWrite`) after which the signatures of the carried files were kept. When
   * it is the last write of dist/ and dist/ is taken at its word, the carried files are as
   * that write left them: settled without looking each one up.
   */
  carriedFrom?: string;
  /**
   * The files of the records kept after that write which this build no longer has (render/):
   * with the carried files settled so, the files dist/ is not to hold are among these and
   * the site's own files (dist-manifest.ts, fileShard), and no record's entry is read else.
   */
  removed?: readonly string[];
}

export interface DistOptions {
  /**
   * For a process that owns dist/ while it runs (npm run dev): after its first write has
   * checked every file, later writes trust what this process wrote instead of checking
   * each file again, and know what is stale without walking dist/.
   */
  trusted?: boolean;
  /** npm run dev's bookkeeping of what it writes ahead of a build (write-ahead.ts): the build's write leaves those files alone. */
  ahead?: WriteAhead;
  /**
   * A folder of the cache, beside the manifest, where every file of dist/ is hard-linked
   * (dist-links.ts): should dist/ be gone (a fresh checkout with the cache kept: what a
   * deploy builds from), its files are linked back rather than made again.
   */
  links?: string;
}

/**
 * What one in-place write has settled so far: the files dist/ is to hold, what changed,
 * and dist/'s size: counted file by file as each is settled, or, from the size the
 * manifest's header gives when dist/ is taken at its word, by what the write changes.
 */
class Tally {
  readonly settled = new Set<string>();
  readonly changed: string[] = [];
  bytes: number;
  done = 0;
  total = 0;
  readonly #counting: boolean;

  constructor(
    private readonly previous: ManifestEntries,
    readonly progress: Progress,
    base?: number,
  ) {
    this.#counting = base === undefined;
    this.bytes = base ?? 0;
  }

  /** Counts a file dist/ is to hold, as it now holds it. */
  keep(file: string): void {
    if (!this.#counting) {
      if (this.previous.has(file)) this.settled.add(file);
      return;
    }
    const entry = this.previous.get(file);
    if (entry) {
      this.settled.add(file);
      this.bytes += entry.size;
    }
  }

  /** A file written over what `before` records (nothing, for a new file). */
  replaced(before: ManifestEntry | undefined, after: ManifestEntry): void {
    if (!this.#counting) this.bytes += after.size - (before?.size ?? 0);
  }

  /** A file deleted. */
  dropped(before: ManifestEntry | undefined): void {
    if (!this.#counting) this.bytes -= before?.size ?? 0;
  }

  step(): void {
    this.progress('write', this.done++, this.total);
  }
}

/** A file of parts to write, with where its kept parts are in the file dist/ holds. */
interface PartsToWrite {
  index: number;
  file: string;
  output: OfParts;
  at: PartsAt;
}

/**
 * dist/ as a long-lived build sees it: the manifest of what its last write left there (in
 * the cache, dist-manifest.ts), the check of dist/ against it (dist-check.ts), and the
 * files written or deleted ahead of a build (npm run dev). A write renders and writes only
 * what changed: a file counts as unchanged when its key is the one it was last written
 * under. The manifest is taken at its word while its last write finished and dist/ still
 * has the stamp that write left (FolderStamp), or is that write's files taken back whole
 * from the cache's links, so a build after an edit looks at no file it does not write.
 * Otherwise (a first build, a write that stopped halfway, dist/ replaced or touched) every
 * file is checked against the manifest first, and one edited or removed by hand is written
 * again (docs/caching.md).
 */
export class DistState {
  readonly #root: string;
  readonly #store: ManifestStore;
  readonly #trusted: boolean;
  readonly #links: DistLinks | undefined;
  readonly #files: DistFiles;
  /** The manifest's small file as it is now: this process keeps it as it writes it (the generator that wrote dist/, the inputs it holds). */
  #header: ManifestHeader | undefined;
  /**
   * What dist/ holds, as written: files are recorded as soon as they are written, and the
   * record saved with each build's write. Read at its first use: a build that finds
   * nothing to do reads the header alone.
   */
  #entries: ManifestEntries | undefined;
  #folderStates: ManifestFolders | undefined;
  readonly #parts: PartLists;
  /** Whether every file of `#previous` is known to be in dist/ as recorded (trusted after a first write, or taken back whole from the links). */
  #verified = false;
  /**
   * Whether dist/ was taken back whole from the links by this process and no write has
   * followed: that write records none of its folders, which a deploy's next one forgets as
   * it takes dist/ back again; the write after it records them all, as a first write does.
   */
  #takenBack = false;
  /** The check of dist/ against `#previous` for the build in progress, once made: by `current`, then taken by `write`. */
  #checked: DistCheck | undefined;
  /** Listed files not as recorded, and those of them gone from dist/, once the check is done; files written since are taken out. */
  #altered: Set<string> | undefined;
  #gone: Set<string> | undefined;
  /** The files written or deleted ahead since the build in progress began. */
  readonly #ahead: ReadonlySet<string>;
  readonly #writeAhead: WriteAhead;
  /** Texts started by `prepare` for the build in progress, by file. */
  readonly #headStarts = new Map<string, Promise<FileContent>>();

  constructor(
    outDir: string,
    store: ManifestStore,
    { trusted = false, links, ahead = new WriteAhead() }: DistOptions = {},
  ) {
    this.#root = path.resolve(outDir);
    this.#writeAhead = ahead;
    this.#ahead = ahead.files;
    this.#store = store;
    this.#trusted = trusted;
    this.#header = readManifest(store.header, this.#root);
    this.#links = links === undefined ? undefined : openDistLinks(links, this.#root);
    if (!existsSync(this.#root)) this.#restore();
    this.#parts = partLists(store.partLists);
    this.#files = new DistFiles(this.#root, this.#links, {
      changing: () => this.#changing(),
      placed: (file) => {
        this.#altered?.delete(file);
        this.#gone?.delete(file);
      },
    });
  }

  /**
   * The id of the last finished write, which nothing has changed dist/ since: what a build
   * keeps after its write (render/record-signatures.ts) is kept under it, and vouches for
   * dist/ while the header still names it (`carriedFrom`).
   */
  get lastWrite(): string | undefined {
    return this.#header?.write;
  }

  /** What dist/ holds as the manifest lists it, read at the first use. */
  get #previous(): ManifestEntries {
    if (!this.#entries) {
      this.#entries = this.#store.entries({ shardOf: fileShard });
      const { size } = this.#entries;
      const files = this.#header?.files;
      // Entries lost, or not as many as the last finished write left: none is taken as listed, nor any folder as holding only listed files.
      if (!size || (files !== undefined && size !== files)) {
        this.#entries = this.#store.entries({ empty: true, shardOf: fileShard });
        this.#folderStates = this.#store.folders({ empty: true, shardOf: folderShard });
        // Links to files no manifest lists are of no use, and would keep their texts on disk.
        this.#links?.clear();
      }
    }
    return this.#entries;
  }

  /** dist/'s folders as the last write left them (dist-check.ts), read at the first use. */
  get #folders(): ManifestFolders {
    this.#folderStates ??= this.#store.folders({ shardOf: folderShard });
    return this.#folderStates;
  }

  /**
   * Takes dist/ back from the cache's links when it is gone (a fresh checkout with the
   * cache kept: what a deploy builds from): the links folder becomes dist/. Links that
   * follow a finished write (the header names its inputs) hold exactly the files the
   * manifest lists, as that write left them: dist/ is then taken at its word, as a dist/
   * with its stamp is, and no file of it is looked at (docs/caching.md says what that means
   * for a file edited by hand in place, which its link shares). After a write that stopped,
   * dist/ is checked as any other. Without links it holds none of the files the manifest
   * lists, which is then neither read nor checked.
   */
  #restore(): void {
    const entries = this.#store.entries({
      empty: !this.#links || this.#links.fresh,
      shardOf: fileShard,
    });
    const restored = this.#links?.restore(entries) ? entries : undefined;
    this.#entries = restored ?? this.#store.entries({ empty: true, shardOf: fileShard });
    // No folder is one the last write recorded (they were the links'): none is taken as recorded.
    this.#folderStates = this.#store.folders({ empty: true, shardOf: folderShard });
    this.#verified = restored !== undefined && this.#header?.inputs !== undefined;
    this.#takenBack = this.#verified;
    if (restored) return;
    // Nothing of dist/ came back: the manifest no longer vouches for what the last write left.
    this.#changing();
    this.#links?.clear();
  }

  /**
   * Marks the start of a build, before it reads the content: the manifest is taken at its
   * word if dist/ has its stamp, and what a build that stopped before its write started
   * or checked is forgotten.
   */
  begin(): void {
    this.#verified ||= this.#stamped();
    this.#headStarts.clear();
    // A check made for a build that stopped before its write may no longer be true.
    this.#checked = undefined;
    this.#altered = undefined;
    this.#gone = undefined;
  }

  /**
   * Whether dist/ holds exactly what a build from `inputs` (load/build-inputs.ts) writes:
   * its last write was from these inputs, by this generator, and finished, and the check
   * of dist/ finds every file as written and nothing else. Then the build has nothing to
   * write or delete, and need not read the content at all: the summary of the write it
   * spares, with the counts that write kept. Records what the check found as a write
   * does, so the next check reads as little. Undefined otherwise, and then `write` takes
   * the same check.
   */
  async current(
    inputs: string,
  ): Promise<(WriteSummary & { counts: NonNullable<ManifestHeader['counts']> }) | undefined> {
    const header = this.#header;
    const counts = header?.counts;
    if (header?.inputs !== inputs || !counts || this.#ahead.size) return undefined;
    const nothing = { written: 0, deleted: 0, changed: [], counts };
    // Taken at its word, the manifest's header says it all: its files are not read.
    if (this.#verified && header.files !== undefined && header.bytes !== undefined) {
      const { files, bytes } = header;
      // Taken back from the links, dist/ leaves none: the next links folder is filled, as after a write.
      if (this.#links?.fresh) await this.#record(inputs, { counts, bytes }, [], () => header.write);
      return { ...nothing, files, bytes };
    }
    const found = this.#verified ? undefined : this.#check();
    if (found && (found.altered.length || found.unlisted.length)) return undefined;
    this.#checked = undefined;
    let bytes = 0;
    for (const [, entry] of this.#previous.entries()) bytes += entry.size;
    // Nothing changed: what the last write kept still goes with dist/.
    await this.#record(inputs, { counts, bytes }, found?.read ?? [], () => header.write);
    return { ...nothing, files: this.#previous.size, bytes };
  }

  /**
   * Starts an output made apart from the others (the search index) now, before the write,
   * if dist/ does not hold it as it would be written, with the files the last build left
   * in dist/ to make it from: a patch is done at once, and an index made whole runs on its
   * thread while the rest of the site is made. The build's write takes its text.
   */
  readonly prepare = (file: string, output: LazyOutput): void => {
    if (output.renderElsewhere && this.#wanted(file, output))
      headStart(this.#headStarts, file, output, this.#lastFile);
  };

  /**
   * Writes what changed and deletes what is stale, in five phases: the check of dist/ is
   * taken; the files carried from the last build are settled; the outputs are settled
   * (rendered and written where they changed); what no output claims is deleted; and what
   * dist/ now holds is recorded. Every few milliseconds the write lets the event loop run,
   * so a server in the same process keeps answering. It takes the files: `files` is
   * emptied, and each output let go once settled.
   */
  async write(
    files: Map<string, Output>,
    inputs: string,
    {
      progress = NO_PROGRESS,
      carried = [],
      carriedFrom,
      removed = [],
      ...options
    }: InPlaceWriteOptions = {},
  ): Promise<WriteSummary> {
    const { unlisted, read } = this.#takeCheck();
    // Before anything changes: taken at its word, the manifest vouches for dist/'s size and for what its last write left.
    const atItsWord = this.#verified && this.#header?.bytes !== undefined;
    const asLeft = atItsWord && carriedFrom !== undefined && carriedFrom === this.#header?.write;
    this.#files.begin();
    const tally = new Tally(this.#previous, progress, atItsWord ? this.#header?.bytes : undefined);
    const entries = [...files];
    files.clear();
    await this.#settleCarried(carried.splice(0), entries, tally, asLeft);
    tally.total = tally.done + entries.length;
    progress('write', tally.done, tally.total);
    await this.#settleOutputs(entries, tally, options);
    const written = tally.changed.length;
    const stale = this.#staleFiles(tally, unlisted, asLeft ? removed : undefined);
    this.#files.remove(stale);
    tally.changed.push(...stale);
    // A file written ahead of this write was not made from the records it kept: no id vouches for them.
    const id = () => (this.#ahead.size ? undefined : randomUUID());
    await this.#record(inputs, { counts: options.counts, bytes: tally.bytes }, read, id);
    return {
      written,
      deleted: stale.length,
      files: this.#previous.size,
      bytes: tally.bytes,
      changed: tally.changed,
    };
  }

  /**
   * Writes these files now, ahead of the build that brings the rest of dist/ up to date
   * (npm run dev serves an edited record's own files first). Deletes nothing, and leaves
   * the manifest on disk as it was: should the process stop before the next `write`, that
   * build finds these files changed and writes them again. The write of a build that began
   * before (from content older than these files) leaves them as they are: the next settles them.
   */
  writeSome(files: Map<string, Output>): string[] {
    const changed: string[] = [];
    for (const [file, output] of files) {
      const key = outputKey(output);
      if (this.#intact(file, key)) continue;
      this.#previous.set(file, this.#files.writeOne(file, output, key, this.#previous.get(file)));
      changed.push(file);
    }
    this.#writeAhead.wrote(changed);
    return changed;
  }

  /** Deletes these files now, as writeSome writes. */
  removeSome(files: string[]): string[] {
    const removed = files.filter((file) => this.#previous.has(file));
    this.#files.remove(removed);
    for (const file of removed) this.#previous.delete(file);
    this.#writeAhead.wrote(removed);
    return removed;
  }

  /** The first phase of a write: what the check of dist/ found, the listed files not as recorded kept until each is written. */
  #takeCheck(): Pick<DistCheck, 'unlisted' | 'read'> {
    const found = this.#verified ? undefined : this.#check();
    this.#checked = undefined;
    this.#altered = found && new Set(found.altered);
    this.#gone = found && new Set(found.missing);
    // Only the names the write needs to its end are kept: the check's own lists are let go.
    return { unlisted: found?.unlisted ?? [], read: found?.read ?? [] };
  }

  /**
   * The second phase: the files of records nothing changed for. Those dist/ holds as written
   * are settled as they are; the others join `entries`, made like any other output. `asLeft`:
   * they are as the last write left them, and none is looked up.
   */
  async #settleCarried(
    carried: CarriedFiles[],
    entries: [string, Output][],
    tally: Tally,
    asLeft: boolean,
  ): Promise<void> {
    const turn = eventLoopTurns();
    for (const group of carried) {
      const pause = turn();
      if (pause) await pause;
      // As the last write left them, they are listed as written: settled without a lookup, and never stale (#staleFiles).
      if (!asLeft) {
        const { files, keys } = group;
        if (!files.every((f, i) => this.#ahead.has(f) || this.#intact(f, keys[i]))) {
          const outputs = group.outputs();
          for (const [i, file] of files.entries()) entries.push([file, outputs[i]!]);
          continue;
        }
        for (const file of files) tally.keep(file);
      }
      tally.done += group.count;
    }
  }

  /**
   * The third phase: every output settled, kept where dist/ holds it as it would be written
   * or it was written ahead, else rendered (by the page threads when there are many,
   * render-off-thread.ts) and written; then the files of parts, made of what was just written;
   * the outputs with a thread of their own last.
   */
  async #settleOutputs(
    entries: [string, Output][],
    tally: Tally,
    options: Omit<InPlaceWriteOptions, 'progress' | 'carried'>,
  ): Promise<void> {
    const elsewhere = renderOffThread(entries, this.#wanted, {
      threads: options.threads,
      headStarts: this.#headStarts,
      previous: this.#lastFile,
    });
    this.#headStarts.clear();
    const turn = eventLoopTurns();
    const [first, ownThread, ofParts] = writeOrder(entries);
    const naming: [string, Alongside][] = [];
    const settleAt = async (index: number, text = elsewhere.at(index)) => {
      const [file, output] = entries[index]!;
      tally.step();
      const pause = turn();
      if (pause) await pause;
      const rendered = text && (await text);
      this.#settle(file, outputKey(output), () => rendered ?? output, tally);
      if (isLazy(output) && output.alongside) naming.push([file, output.alongside]);
      // A hole from here on: the output (a page's render, holding the corpus) can go.
      delete entries[index];
    };
    const partsToWrite = this.#partsToWrite(ofParts, entries, tally);
    try {
      for (const index of first) await settleAt(index);
      await elsewhere.closePool();
      // Before the outputs with a thread of their own: the parts hold their twins, and so the corpus.
      await this.#writeFilesOfParts(partsToWrite, entries, tally);
      for (const index of ownThread) await settleAt(index);
      for (const [file, alongside] of naming) await this.#settleAlongside(file, alongside, tally);
    } finally {
      await elsewhere.close();
    }
  }

  /**
   * The files `file` names, as dist/ now holds it: kept where dist/ holds them as written,
   * else made (all at once) and written.
   */
  async #settleAlongside(file: string, alongside: Alongside, tally: Tally): Promise<void> {
    const named = alongside.named(readFileSync(path.join(this.#root, file)));
    tally.total += named.length;
    const made = named.some((name) => !this.#intact(name, alongsideKey(name)))
      ? await alongside.made()
      : undefined;
    for (const name of named) {
      tally.step();
      this.#settle(name, alongsideKey(name), () => made!.get(name)!, tally);
    }
  }

  /** Keeps what was written ahead or is intact, else writes the output (made only then). */
  #settle(file: string, key: string, output: () => Output, tally: Tally): void {
    if (!this.#ahead.has(file) && !this.#intact(file, key)) {
      tally.changed.push(file);
      const before = this.#previous.get(file);
      const after = this.#files.writeOne(file, output(), key, before);
      // Recorded as soon as written: a write that stops halfway leaves a manifest true to dist/.
      this.#previous.set(file, after);
      tally.replaced(before, after);
    }
    tally.keep(file);
  }

  /** The files of parts to write, each with where its kept parts are in the file dist/ holds; the others are kept as they are. */
  #partsToWrite(ofParts: number[], entries: [string, Output][], tally: Tally): PartsToWrite[] {
    const toWrite: PartsToWrite[] = [];
    for (const index of ofParts) {
      const [file, output] = entries[index]! as [string, OfParts];
      if (!this.#ahead.has(file) && !this.#intact(file, output.signature)) {
        toWrite.push({ index, file, output, at: this.#partsNow(file) });
        continue;
      }
      tally.keep(file);
      tally.step();
      delete entries[index];
    }
    return toWrite;
  }

  /**
   * Writes the files of parts. A part's text is read from the file this write settled it in
   * (unless something wrote it ahead since); else it is rendered.
   */
  async #writeFilesOfParts(
    toWrite: PartsToWrite[],
    entries: [string, Output][],
    tally: Tally,
  ): Promise<void> {
    const textOf = (part: OutputPart) =>
      tally.settled.has(part.file) && !this.#ahead.has(part.file)
        ? readFileSync(path.join(this.#root, part.file))
        : Buffer.from(contentOf(part.output));
    for (const { index, file, output, at } of toWrite) {
      tally.step();
      tally.changed.push(file);
      const keep = (parts: PartList) => this.#parts.set(file, parts);
      const before = this.#previous.get(file);
      const after = await this.#files.writeOfParts(file, output, at, textOf, keep, before);
      this.#previous.set(file, after);
      tally.replaced(before, after);
      tally.keep(file);
      delete entries[index];
    }
  }

  /**
   * The fourth phase: the files dist/ is not to hold. Anything in dist/ goes, whoever put
   * it there, so dist/ is exactly what a clean build writes; the manifest is left listing
   * what dist/ holds now.
   */
  #staleFiles(tally: Tally, unlisted: string[], removed?: readonly string[]): string[] {
    const { settled } = tally;
    const previous = this.#previous;
    // With the carried files as the last write left them, any other record's file listed is one of the records removed.
    const listed = removed
      ? [...previous.keysOf(SITE_SHARD), ...removed.filter((file) => previous.has(file))]
      : [...previous.keys()];
    const stale = [...listed, ...unlisted].filter(
      (file) => !settled.has(file) && !this.#ahead.has(file) && !this.#gone?.has(file),
    );
    for (const file of stale) tally.dropped(previous.get(file));
    // What the manifest lists is what dist/ holds now: what this write settled, and what was written ahead of it (as that left it).
    for (const file of listed)
      if (!settled.has(file) && !this.#ahead.has(file)) previous.delete(file);
    return stale;
  }

  /** The last phase: records what dist/ holds once a build has settled it, for the next: its links, folders and files, and what it was built from. */
  async #record(
    inputs: string,
    { counts, bytes }: Pick<ManifestHeader, 'counts' | 'bytes'>,
    read: readonly string[],
    writeId: () => string | undefined,
  ): Promise<void> {
    // Iterated only by links filled afresh: every shard is read then, and only then.
    await this.#links?.fill({ [Symbol.iterator]: () => this.#previous.keys() });
    // Asked once the links are in, as files may have been written ahead meanwhile (npm run dev).
    const write = writeId();
    if (this.#takenBack) this.#files.touched.clear();
    else
      this.#recordFolders(
        this.#folders.size ? [...this.#files.touched, ...read] : foldersOf(this.#previous.keys()),
      );
    this.#takenBack = false;
    // The files before the folders: folders recorded as unchanged must not hide files the manifest does not list yet.
    this.#previous.save();
    this.#folders.save();
    const folder = statSync(this.#root);
    this.#header = {
      outDir: this.#root,
      inputs,
      generator: generatorFingerprint(),
      ...(counts && { counts }),
      files: this.#previous.size,
      bytes,
      stamp: { inode: folder.ino, mtimeMs: folder.mtimeMs },
      ...(write && { write }),
    };
    writeManifest(this.#store.header, this.#header);
    this.#verified = this.#trusted;
    this.#altered = undefined;
    this.#gone = undefined;
  }

  /** Records each folder as it is now (dist-check.ts), or forgets it when it is gone. */
  #recordFolders(names: Iterable<string>): void {
    const now = Date.now();
    for (const folder of names) {
      const info = statSync(path.join(this.#root, folder), { throwIfNoEntry: false });
      if (info?.isDirectory())
        this.#folders.set(folder, { mtimeMs: info.mtimeMs, recordedAt: now });
      else this.#folders.delete(folder);
    }
    this.#files.touched.clear();
  }

  /**
   * Before the first change to dist/ since the manifest last named the inputs it holds,
   * the manifest stops naming them: a write that stops halfway, or files written ahead
   * (npm run dev) by a process that then stops, would otherwise leave dist/ a mix taken for
   * the build of those inputs (by `current`, by npm start's check) once the content is
   * back as it was.
   */
  #changing(): void {
    if (this.#header?.inputs === undefined) return;
    this.#header = { outDir: this.#root, generator: this.#header.generator };
    writeManifest(this.#store.header, this.#header);
  }

  /**
   * Whether the manifest's last write finished, dist/ is still the folder it left, with the
   * same time, and the manifest still lists as many files as that write left (its entries
   * lost or of another layout, dist/ is checked against what they list).
   */
  #stamped(): boolean {
    const stamp = this.#header?.inputs === undefined ? undefined : this.#header.stamp;
    if (!stamp) return false;
    const folder = statSync(this.#root, { throwIfNoEntry: false });
    return (
      folder?.ino === stamp.inode &&
      folder.mtimeMs === stamp.mtimeMs &&
      this.#previous.size === this.#header?.files
    );
  }

  /** The check of dist/ (dist-check.ts), made once a build. */
  #check(): DistCheck {
    this.#checked ??= checkDist(this.#root, this.#previous, this.#folders);
    return this.#checked;
  }

  /** Whether dist/ still holds the file exactly as it was last written (and, given a key, from that key). */
  #intact(file: string, key?: string): boolean {
    const known = this.#previous.get(file);
    if (!known || (key !== undefined && known.key !== key)) return false;
    if (this.#verified) return true;
    if (this.#altered) return !this.#altered.has(file);
    // Before the check is done (npm run dev writing an edited record during its first build): this file alone.
    const info = statSync(path.join(this.#root, file), { throwIfNoEntry: false });
    return info !== undefined && info.size === known.size && info.mtimeMs === known.mtimeMs;
  }

  /** The parts of a file of parts as dist/ holds them, where they are in it; empty when the file is not as it was left. */
  #partsNow(file: string): PartsAt {
    const at: PartsAt = new Map();
    const digest = this.#previous.get(file)?.parts;
    const known =
      digest === undefined || !this.#intact(file) ? undefined : this.#parts.get(file, digest);
    let offset = 0;
    for (const { key, bytes } of known ?? []) {
      at.set(key, { offset, length: bytes });
      offset += bytes;
    }
    return at;
  }

  /** Whether a build must render and write this output: nothing wrote it ahead, and dist/ does not hold it as it would be written. */
  readonly #wanted = (file: string, output: LazyOutput): boolean =>
    !this.#ahead.has(file) && !this.#intact(file, output.signature);

  /** The path of a file as the last build left it, for an output that can be made from it: the file dist/ holds, when this generator wrote it and it is as it was left. */
  readonly #lastFile = (file: string): string | undefined =>
    !this.#ahead.has(file) &&
    this.#header?.generator === generatorFingerprint() &&
    this.#intact(file)
      ? path.join(this.#root, file)
      : undefined;
}
