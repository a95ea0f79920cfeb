import { randomUUID } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { foldersOf } from './dist-check.ts';
import type { ManifestEntries } from './dist-manifest.ts';
import { fillLinksOffThread } from './fill-links-job.ts';
import { removeEmptyFolders } from './remove-empty-folders.ts';

/**
 * A hard link to every file of dist/, in the cache beside dist/'s manifest, so that a
 * build that finds dist/ gone and the cache kept (a fresh checkout with
 * node_modules restored: what a deploy builds from) takes the files back instead of
 * making them again. A link costs a name, not a copy of the data (docs/benchmarks.md has
 * what it spares a deploy).
 *
 * dist-files.ts writes each file aside and renames it over the old one, which leaves the
 * old link holding the old text: each file written is linked again, and each file deleted
 * loses its link. A file changed in place by hand changes under its link too, and is taken
 * back so (docs/caching.md, "Editing dist/ by hand"). Where links cannot be made (another
 * file system, a file system without them) there are none, and builds are as without them.
 *
 * The links folder is there only whole: a folder without one (the first build, or the
 * folder just taken back as dist/) is filled aside, then put in its place at the end of
 * the write; after a folder taken back, on another thread from the build's start.
 */
export interface DistLinks {
  /** Whether the links folder is not there: no file of dist/ has a link until `fill`. */
  readonly fresh: boolean;
  /** Links dist/'s `file`, just written, in place of its last link (while fresh, `fill` links it). */
  add(file: string): void;
  /** Removes the links of these files, deleted from dist/, and the folders they leave empty. */
  remove(files: readonly string[]): void;
  /**
   * While fresh: fills a new folder, then puts it in place. After `restore`, another thread
   * has linked the files dist/ held then, and the files written or deleted since are linked
   * again or unlinked; otherwise each of `files` of dist/ is linked here.
   */
  fill(files: Iterable<string>): Promise<void>;
  /** Removes every link: the manifest they follow is lost. */
  clear(): void;
  /**
   * Into a dist/ that does not exist: the links folder becomes dist/, in one rename, and is
   * then fresh; the next links folder is filled on another thread while the build goes on
   * (its folders, then a link to each file). The number of files the manifest lists, or 0
   * when there is nothing to take back. A link is not checked here: whether dist/ is taken
   * at the manifest's word is DistState's to say.
   */
  restore(entries: Pick<ManifestEntries, 'keys' | 'size'>): number;
}

export function openDistLinks(dir: string, distRoot: string): DistLinks {
  let fresh = !existsSync(dir);
  const discard = discarder(`${dir}.trash`);
  /** Where a fresh folder is filled before it is put in place. */
  const aside = `${dir}.new`;
  /** The next links folder, being filled aside since dist/ was taken back (fill-links-job.ts). */
  let filling: Promise<boolean> | undefined;
  /** Files written or deleted since dist/ was taken back, the last of the two for each: their links are made again or removed once the folder is filled. */
  const since = new Map<string, 'written' | 'deleted'>();
  let broken = false;
  const made = new Set<string>();
  const linkOf = (file: string) => path.join(dir, file);

  /**
   * Links `from` as `to`, replacing what `to` was and making its folder if need be.
   * `missing` when `from` is not there; `failed` for any other failure: links are a
   * saving, so a failure means doing without them.
   */
  const link = (
    from: string,
    to: string,
    folders: Set<string>,
  ): 'linked' | 'missing' | 'failed' => {
    // Folders are made first, not after a failed link: a link a folder cost three calls instead of two.
    const folder = path.dirname(to);
    if (!folders.has(folder)) {
      try {
        mkdirSync(folder, { recursive: true });
      } catch {
        return 'failed';
      }
      folders.add(folder);
    }
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        linkSync(from, to);
        return 'linked';
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return 'missing';
        if (code !== 'EEXIST') return 'failed';
        try {
          // A folder where the file now goes, from an older dist/, is taken away too.
          discard(to);
        } catch {
          return 'failed';
        }
      }
    }
    return 'failed';
  };

  /** Links each of `files` of dist/ aside; false when one could not be made. */
  const linkAll = (files: string[]): boolean => {
    const folders = new Set<string>();
    return files.every(
      (file) => link(path.join(distRoot, file), path.join(aside, file), folders) !== 'failed',
    );
  };

  /** What a build that stopped while filling left aside is taken away before anything is made there. */
  const discardAside = () => {
    if (existsSync(aside)) discard(aside);
  };

  const links: DistLinks = {
    get fresh() {
      return fresh;
    },
    add(file) {
      if (broken) return;
      if (fresh) {
        if (filling) since.set(file, 'written');
        return;
      }
      if (link(path.join(distRoot, file), linkOf(file), made) === 'failed') {
        // Half a set of links would be kept up for nothing: none, until a build finds links can be made again.
        broken = true;
        links.clear();
      }
    },
    remove(files) {
      if (broken) return;
      if (fresh) {
        if (filling) for (const file of files) since.set(file, 'deleted');
        return;
      }
      for (const file of files) rmSync(linkOf(file), { force: true });
      // A deleted record's folder goes with its last file, as in dist/.
      removeEmptyFolders(dir, files.map(linkOf));
      made.clear();
    },
    async fill(files) {
      if (!fresh || broken) return;
      const filled = await filling;
      filling = undefined;
      const changed = [...since];
      since.clear();
      const giveUp = () => {
        broken = true;
        discardAside();
      };
      if (filled === false) return giveUp();
      // Taken back: the thread linked what dist/ held then; what the build changed since is linked again or unlinked.
      if (filled) for (const [file] of changed) rmSync(path.join(aside, file), { force: true });
      else discardAside();
      const toLink = filled
        ? changed.flatMap(([file, what]) => (what === 'written' ? [file] : []))
        : [...files];
      if (!linkAll(toLink)) return giveUp();
      // A deleted record's folder goes with its last file, as in dist/.
      removeEmptyFolders(
        aside,
        changed.flatMap(([file, what]) => (what === 'deleted' ? [path.join(aside, file)] : [])),
      );
      renameSync(aside, dir);
      fresh = false;
      made.clear();
    },
    clear() {
      rmSync(dir, { recursive: true, force: true });
      made.clear();
    },
    restore(entries) {
      if (fresh || !entries.size) return 0;
      try {
        mkdirSync(path.dirname(distRoot), { recursive: true });
        renameSync(dir, distRoot);
      } catch {
        return 0;
      }
      fresh = true;
      made.clear();
      discardAside();
      // The next links folder is filled on another thread while the build goes on.
      const files = [...entries.keys()];
      filling = fillLinksOffThread({
        root: aside,
        from: distRoot,
        folders: [...foldersOf(files)],
        files,
      }).catch(() => false);
      return entries.size;
    },
  };
  return links;
}

/**
 * Takes files and folders away at once, and deletes them on another thread: removing the
 * last name of a file of tens of megabytes (the link of the llms-full.txt a build
 * replaced) holds its thread while the kernel drops the file's pages. They wait in a folder of `trash`
 * for this process (on the file system of the links, so a rename moves them) until
 * deleted; what a process stopped before deleting left there goes at the first discard of the next.
 */
function discarder(trash: string): (entry: string) => void {
  let mine: string | undefined;
  let count = 0;
  const remove = (entry: string) =>
    void rm(entry, { recursive: true, force: true }).catch(() => undefined);
  return (entry) => {
    if (!mine) {
      for (const left of existsSync(trash) ? readdirSync(trash) : [])
        remove(path.join(trash, left));
      mine = path.join(trash, `${process.pid}-${randomUUID()}`);
      mkdirSync(mine, { recursive: true });
    }
    const aside = path.join(mine, String(count++));
    renameSync(entry, aside);
    remove(aside);
  };
}
