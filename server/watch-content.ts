import { watch, type FSWatcher } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Reports changes under the content folder, in batches. Each folder gets its own
 * (non-recursive) `fs.watch`, because Node 20's `recursive: true` on Linux watches each
 * file's inode: after an editor's atomic save or a `git checkout` replaces a file, it
 * never reports that file again. A folder's watch reports every name written in it,
 * whatever the inode, and costs one inotify watch per folder instead of one per file.
 */
export interface ContentWatcher {
  close(): void;
}

export interface WatchOptions {
  /** A batch is reported once nothing has changed for this long: an editor's save or a checkout is several events. */
  quietMs?: number;
  /** Something the watcher cannot recover from by itself (the content folder itself moved away). */
  onError?: (error: Error) => void;
}

/** How long a burst of events must be quiet before it is one batch: the events of one save come within a few milliseconds, and a checkout split in two batches costs a rebuild more, never a wrong one. */
export const QUIET_MS = 50;

/**
 * Names no build reads that editors and tools write beside the files being edited: a
 * change to them alone must not rebuild (vim rewrites its swap file every few seconds
 * of typing). Hidden files are skipped by the build's globs too.
 */
export function isEditorNoise(name: string): boolean {
  return (
    name.startsWith('.') || // .x.md.swp, .#x.md (Emacs lock), .DS_Store, .git
    name.endsWith('~') || // backups
    /^#.*#$/.test(name) || // Emacs auto-save
    /\.(swp|swx|swo|tmp|bak|crswap)$/i.test(name) ||
    /___jb_(tmp|old)___$/.test(name) || // JetBrains safe write
    name === '4913' // vim's test of whether it may write in the folder
  );
}

/** Watches `root` and calls `onChanges` with each batch of changed paths, relative to root, with `/`. */
export async function watchContent(
  root: string,
  onChanges: (changed: string[]) => void,
  options: WatchOptions = {},
): Promise<ContentWatcher> {
  const quietMs = options.quietMs ?? QUIET_MS;
  const onError = options.onError ?? ((error: Error) => console.error(error.message));
  const folders = new Map<string, { watcher: FSWatcher; ino: number }>();
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  // Every file and folder seen, so a path that is gone can be told apart: a deletion if it
  // was known, else a temporary file (`sed -i`, some editors' saves) that came and went within the batch.
  const known = new Set<string>();
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/') || '.';

  const flush = async () => {
    const batch = [...changed].sort();
    changed.clear();
    const exists = await Promise.all(
      batch.map((file) =>
        lstat(file).then(
          () => true,
          () => false,
        ),
      ),
    );
    const real = batch.filter((file, i) => {
      if (exists[i]) return known.add(file);
      return known.delete(file);
    });
    if (real.length && !closed) onChanges(real.map(relative));
  };
  // Batches are checked one after the other, so they are reported in the order they happened.
  let flushed = Promise.resolve();
  const note = (file: string) => {
    if (closed) return;
    changed.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      flushed = flushed.then(flush).catch((error: Error) => onError(error));
    }, quietMs);
  };

  const unwatch = (folder: string) => {
    for (const [watched, { watcher }] of folders) {
      if (watched === folder || watched.startsWith(folder + path.sep)) {
        watcher.close();
        folders.delete(watched);
      }
    }
  };

  /** Watches a folder and every folder below it; `report` notes the files found (a folder that appeared brings new files). */
  const watchTree = async (folder: string, report: boolean): Promise<void> => {
    const info = await lstat(folder).catch(() => undefined);
    if (closed || !info?.isDirectory()) return;
    // Checked and recorded with no await in between, so two events for one new folder watch it once.
    const watched = folders.get(folder);
    if (watched?.ino === info.ino) return;
    if (watched) unwatch(folder); // removed and recreated (a checkout): the old watch sees nothing any more
    let watcher: FSWatcher;
    try {
      watcher = watch(folder, (_event, name) =>
        onEvent(folder, info.ino, name === null ? null : String(name)),
      );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // gone again already; its parent reported it
      throw error;
    }
    // A watched folder that disappears can error on some platforms; its parent's watch reports the change.
    watcher.on('error', () => unwatch(folder));
    folders.set(folder, { watcher, ino: info.ino });
    known.add(folder);
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (isEditorNoise(entry.name)) continue;
      const child = path.join(folder, entry.name);
      if (entry.isDirectory()) await watchTree(child, report);
      else if (report) note(child);
      else known.add(child);
    }
  };

  const onEvent = (folder: string, ino: number, name: string | null) => {
    if (closed) return;
    if (name === null) return note(folder);
    if (name.split(/[\\/]/).some(isEditorNoise)) return;
    const target = path.join(folder, name);
    note(target);
    void (async () => {
      const info = await lstat(target).catch(() => undefined);
      if (!info) unwatch(target);
      else if (info.isDirectory()) await watchTree(target, true);
      if (folder === root && name === path.basename(root)) {
        // Linux names the watched folder itself when it is deleted or moved; for root, nobody else will notice.
        const now = await lstat(root).catch(() => undefined);
        if (now?.ino !== ino)
          onError(
            new Error(
              `${root} was moved or deleted, so changes to it are no longer seen: restart npm run dev once it is back.`,
            ),
          );
      }
    })().catch((error: Error) => onError(error));
  };

  const rootInfo = await lstat(root).catch(() => undefined);
  if (!rootInfo?.isDirectory())
    throw new Error(
      `${root} is not a folder: set CONTENT_DIR to the content folder (default content/).`,
    );
  await watchTree(root, false);

  return {
    close() {
      closed = true;
      clearTimeout(timer);
      unwatch(root);
    },
  };
}
