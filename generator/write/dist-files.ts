import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contentOf, type Output, type OutputPart } from '../model/outputs.ts';
import type { DistLinks } from './dist-links.ts';
import type { ManifestEntry, PartList } from './dist-manifest.ts';
import { removeEmptyFolders } from './remove-empty-folders.ts';
import type { OfParts } from './write-plan.ts';
import { type PartsAt, writeParts } from './write-parts.ts';

/** What the keeper of dist/'s manifest hears of each change DistFiles makes. */
export interface DistFileEvents {
  /** Before a change to dist/: the manifest stops vouching for what it holds. */
  changing(): void;
  /** A file is in place, as just written. */
  placed(file: string): void;
}

/**
 * The file operations on dist/. Every file is replaced atomically, written aside and then
 * renamed, so a reader never sees half of one; its hard link in the cache follows it
 * (dist-links.ts). Synchronous calls, one after another: they cost less per file than
 * promises through libuv's thread pool, and a build writes tens of thousands of small files.
 */
export class DistFiles {
  /** Folders files were written to or removed from (or made or removed themselves) since the folders were last recorded. */
  readonly touched = new Set<string>();
  /** Folders this process made or found since the last write began (or files were deleted), which need no mkdir. */
  readonly #made = new Set<string>();

  constructor(
    readonly root: string,
    private readonly links: DistLinks | undefined,
    private readonly events: DistFileEvents,
  ) {}

  /** Before a write: dist/ exists, and no folder is taken to. */
  begin(): void {
    mkdirSync(this.root, { recursive: true });
    this.#made.clear();
  }

  /** Writes one file over `previous` (its entry, when dist/ held it); returns its manifest entry. */
  writeOne(file: string, output: Output, key: string, previous?: ManifestEntry): ManifestEntry {
    const temporary = this.#aside(file);
    writeFileSync(temporary, contentOf(output));
    return this.#place(file, temporary, key, previous);
  }

  /**
   * Writes a file of parts, those `at` lists copied from the file dist/ holds; `keep`
   * records its list of parts and gives the list's digest, which its entry holds.
   */
  async writeOfParts(
    file: string,
    composed: OfParts,
    at: PartsAt,
    textOf: (part: OutputPart) => Buffer,
    keep: (parts: PartList) => string,
    previous?: ManifestEntry,
  ): Promise<ManifestEntry> {
    const temporary = this.#aside(file);
    const written = await writeParts(temporary, composed.parts, textOf, {
      file: path.join(this.root, file),
      at,
    });
    return this.#place(file, temporary, composed.signature, previous, keep(written));
  }

  /** Deletes files of dist/, their links, and the folders they leave empty. */
  remove(files: readonly string[]): void {
    if (!files.length) return;
    this.events.changing();
    for (const file of files) {
      rmSync(path.join(this.root, file), { force: true });
      this.#touch(file);
    }
    this.links?.remove(files);
    removeEmptyFolders(
      this.root,
      files.map((file) => path.join(this.root, file)),
    );
    // A folder made earlier may be gone now with its last file: the next write into it makes it again.
    this.#made.clear();
  }

  /** The name a file is written under, beside where it goes (its folder made), before it is renamed into place. */
  #aside(file: string): string {
    this.events.changing();
    const target = path.join(this.root, file);
    const dir = path.dirname(target);
    if (!this.#made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.#made.add(dir);
    }
    return `${target}.${randomUUID()}.tmp`;
  }

  /**
   * Renames a file written aside into place; returns its manifest entry. A file written
   * within the second the one it replaces was written takes the next second as its
   * modification time: validators of a second's resolution (the ETag of nginx, Caddy and
   * npm start, which is the time and size; Last-Modified) then tell the two apart, so a
   * client polling the manifest of versions between two quick builds never gets a 304 for
   * a changed file.
   */
  #place(
    file: string,
    temporary: string,
    key: string,
    previous?: ManifestEntry,
    partsDigest?: string,
  ): ManifestEntry {
    const target = path.join(this.root, file);
    renameSync(temporary, target);
    this.links?.add(file);
    this.#touch(file);
    this.events.placed(file);
    let info = statSync(target);
    const second = (mtimeMs: number) => Math.floor(mtimeMs / 1000);
    if (previous && second(previous.mtimeMs) >= second(info.mtimeMs)) {
      const next = new Date((second(previous.mtimeMs) + 1) * 1000);
      utimesSync(target, next, next);
      info = statSync(target);
    }
    const entry: ManifestEntry = { key, size: info.size, mtimeMs: info.mtimeMs };
    if (partsDigest !== undefined) entry.parts = partsDigest;
    return entry;
  }

  #touch(file: string): void {
    for (let at = file.lastIndexOf('/'); ; at = file.lastIndexOf('/', at - 1)) {
      this.touched.add(at > 0 ? file.slice(0, at) : '');
      if (at <= 0) break;
    }
  }
}
