import { randomUUID } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { ManifestEntries } from './dist-manifest.ts';
import { removeEmptyFolders } from './remove-empty-folders.ts';

/**
 * A hard link to every file of dist/, in the cache beside dist/'s manifest, so that a
 * build that finds dist/ gone and the cache kept (a fresh checkout with
 * node_modules restored: what a deploy builds from) links the files back instead of
 * making them again. A link costs a name, not a copy of the data (docs/benchmarks.md has
 * what it spares a deploy).
 *
 * dist-files.ts writes each file aside and renames it over the old one, which leaves the
 * old link holding the old text: each file written is linked again, and each file deleted
 * loses its link. A file changed in place by hand changes under its link too, but no
 * longer has the size and modification time its entry in the manifest records: linked
 * back, the check of dist/ finds it so (dist-check.ts), and the build makes it again.
 * Where links cannot be made (another file system, a file system without them) there are
 * none, and builds are as without them.
 */
export interface DistLinks {
  /** Whether the links folder was not there when opened: dist/'s files written before have no link yet (DistLinks.fill). */
  readonly fresh: boolean;
  /** Links dist/'s `file`, just written, in place of its last link. */
  add(file: string): void;
  /** Removes the links of these files, deleted from dist/, and the folders they leave empty. */
  remove(files: readonly string[]): void;
  /** Links each of these files of dist/ not linked since the folder was opened: what a fresh folder lacks. */
  fill(files: Iterable<string>): void;
  /** Removes every link: the manifest they follow is lost. */
  clear(): void;
  /**
   * Into a dist/ that does not exist: links back each file of the manifest that has a link.
   * The number linked back. A link is not checked here: the check of dist/ that starts
   * with the build finds a file not as the manifest records it, as for any dist/.
   */
  restore(entries: Pick<ManifestEntries, 'keys'>): number;
}

export function openDistLinks(dir: string, distRoot: string): DistLinks {
  let fresh = !existsSync(dir);
  const discard = discarder(`${dir}.trash`);
  /** While fresh: the files linked since the folder was opened. */
  let linked: Set<string> | undefined = fresh ? new Set() : undefined;
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

  const links: DistLinks = {
    get fresh() {
      return fresh;
    },
    add(file) {
      if (broken) return;
      if (link(path.join(distRoot, file), linkOf(file), made) === 'failed') {
        // Half a set of links would be kept up for nothing: none, until a build finds links can be made again.
        broken = true;
        links.clear();
        return;
      }
      linked?.add(file);
    },
    remove(files) {
      if (broken) return;
      for (const file of files) rmSync(linkOf(file), { force: true });
      // A deleted record's folder goes with its last file, as in dist/.
      removeEmptyFolders(dir, files.map(linkOf));
      made.clear();
    },
    fill(files) {
      if (!fresh) return;
      for (const file of files) if (!linked!.has(file)) links.add(file);
      fresh = false;
      linked = undefined;
    },
    clear() {
      rmSync(dir, { recursive: true, force: true });
      made.clear();
    },
    restore(entries) {
      if (fresh) return 0;
      const folders = new Set<string>();
      let restored = 0;
      for (const file of entries.keys()) {
        const result = link(linkOf(file), path.join(distRoot, file), folders);
        if (result === 'failed') break;
        if (result === 'linked') restored++;
      }
      return restored;
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
