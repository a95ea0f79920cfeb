import { stat } from 'node:fs/promises';
import path from 'node:path';
import { builtInputsOf } from '../generator/build.ts';
import type { RequestInfo } from './app.ts';
import { createRebuildGuard } from './rebuild-guard.ts';

type App = ((request: Request, info?: RequestInfo) => Promise<Response>) & { docs: string };

/** What says which build dist/ holds: its manifest's header file, and dist/ itself. */
interface Identity {
  header: string | undefined;
  folder: number | undefined;
}

/** How long answers wait for a build under way before it is taken as stopped halfway. */
export const BUILD_WAIT_MS = 60_000;
/** How often the end of a build under way is looked for. */
const BUILD_POLL_MS = 100;

/**
 * `npm start` over a folder that a build may rebuild while it runs (another local server's,
 * or `npm run build -- --out` the folder): the app (createApp, which keeps the rules and
 * the functions' data it read) is made anew once a build is over, as `npm run dev` makes it
 * anew after its own rebuilds. A build is seen finished by what it writes last: a cached
 * build, the header of its manifest naming the new inputs (write/dist-manifest.ts; it stops
 * naming any before the first change to the folder); a `--no-cache` build, a new folder
 * renamed in place (swapped-write.ts).
 * Each request looks at both with a `stat`; only a change makes a new app, and the
 * request that saw it is answered by the new one. While a cached build writes, the app of
 * the last finished build answers, and the answers that may be torn by the files changing
 * under them (a 404, a 5xx, a short body) are asked again once it is over, as the dev
 * server's are (rebuild-guard.ts): the end is looked for meanwhile without waiting for a
 * request. A build not over within BUILD_WAIT_MS is taken as stopped halfway: answers no
 * longer wait for it.
 */
export async function followBuilds(
  distDir: string,
  cacheDir: string,
  load: () => Promise<App>,
  { buildWaitMs = BUILD_WAIT_MS } = {},
): Promise<App> {
  const root = path.resolve(distDir);
  const built = builtInputsOf(root, cacheDir);
  const manifest = built.file;
  /**
   * The header is replaced by a rename (a new inode each time); dist/'s own times change as
   * files are written in it, its inode only when a build swaps it. `folder` is undefined
   * while there is no dist/ at all.
   */
  const identity = async (): Promise<Identity> => {
    const [header, folder] = await Promise.all([
      stat(manifest).catch(() => undefined),
      stat(root).catch(() => undefined),
    ]);
    return {
      header: header ? `${header.ino}:${header.mtimeMs}:${header.size}` : undefined,
      folder: folder?.ino,
    };
  };
  const same = (a: Identity | undefined, b: Identity) =>
    a !== undefined && a.header === b.header && a.folder === b.folder;

  const guard = createRebuildGuard();
  let seen = await identity();
  let app = await load();
  let loading: Promise<void> | undefined;
  /** Each look is numbered: one that started before the look that last changed `seen` is out of date when it ends. */
  let looks = 0;
  let seenAt = 0;
  /** Whether answers wait for a build under way; and the manifest of a build given up on, not waited for again. */
  let waiting = false;
  let givenUp: Identity | undefined;

  const reload = async () => {
    try {
      app = await load();
      console.log(`Serving the new build of ${distDir}`);
    } catch (error) {
      console.error(
        `Could not serve the new build of ${distDir}, so the last one is still served: ${(error as Error).message}\nBuild it again, or restart npm start, which builds it when stale.`,
      );
    }
  };

  /** Until the build under way is over (and its app made), or given up on. */
  const buildOver = (underway: Identity) =>
    new Promise<void>((resolve) => {
      const started = Date.now();
      const before = seen;
      const timer = setInterval(async () => {
        await look();
        if (!same(seen, before)) {
          clearInterval(timer);
          await loading;
          resolve();
        } else if (Date.now() - started > buildWaitMs) {
          clearInterval(timer);
          givenUp = underway;
          console.error(
            `A build of ${distDir} has not finished within ${buildWaitMs / 1000} s: if it stopped halfway, build it again, or restart npm start, which builds it when stale. Answering from what ${distDir} holds meanwhile.`,
          );
          resolve();
        }
      }, BUILD_POLL_MS);
      // Stopping the server need not wait for it.
      timer.unref();
    });

  const look = async (): Promise<void> => {
    const look = ++looks;
    const now = await identity();
    // No dist/ at all: a `--no-cache` build between taking the old folder away and putting the new one in place.
    if (same(seen, now) || look <= seenAt || now.folder === undefined) return;
    const swapped = now.folder !== seen.folder;
    // A cached build writing now: its manifest names no inputs until it is done.
    if (!swapped && built.inputs() === undefined) {
      if (!waiting && !same(givenUp, now)) {
        waiting = true;
        void guard.building(() => buildOver(now)).finally(() => (waiting = false));
      }
      return;
    }
    seen = now;
    seenAt = look;
    const previous = loading;
    loading = (async () => {
      await previous;
      await reload();
    })();
  };

  const follow = (request: Request, info?: RequestInfo) =>
    guard.answer(request, async (asked) => {
      await look();
      // A request that saw the build finish, and every one after it, is answered by the new app.
      await loading;
      return app(asked, info);
    });
  return Object.assign(follow, { docs: app.docs });
}
