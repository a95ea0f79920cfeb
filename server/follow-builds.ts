import { stat } from 'node:fs/promises';
import path from 'node:path';
import { outputManifestFile } from '../generator/cache/build-cache.ts';
import { readManifest } from '../generator/write/dist-manifest.ts';
import type { RequestInfo } from './app.ts';

type App = ((request: Request, info?: RequestInfo) => Promise<Response>) & { docs: string };

/**
 * `npm start` over a dist/ that `npm run build` may rebuild while it runs: the app
 * (createApp, which keeps the rules and the functions' data it read) is made anew once a
 * build is over, as `npm run dev` makes it anew after its own rebuilds. A build is seen
 * finished by what it writes last: a cached build, the small file of its manifest naming
 * the new inputs (dist-manifest.ts; it stops naming any before the first change to
 * dist/); a `--no-cache` build, a new dist/ folder renamed in place (swapped-write.ts).
 * Each request looks at both with a `stat` (one at a time, shared by the requests that
 * arrive meanwhile); only a change makes a new app, and the request that saw it is
 * answered by the new one. While a build is under way the app of the last finished build
 * keeps answering.
 */
export async function followBuilds(
  distDir: string,
  cacheDir: string,
  load: () => Promise<App>,
): Promise<App> {
  const root = path.resolve(distDir);
  const manifest = outputManifestFile(cacheDir, root);
  const identity = async (): Promise<string> => {
    const [header, folder] = await Promise.all([
      stat(manifest).catch(() => undefined),
      stat(root).catch(() => undefined),
    ]);
    // The header is replaced by a rename (a new inode each time); dist/'s own times change as files are written in it, its inode only when a build swaps it.
    return `${header ? `${header.ino}:${header.mtimeMs}:${header.size}` : '-'}|${folder?.ino ?? '-'}`;
  };

  let seen = await identity();
  let app = await load();
  let loading: Promise<void> | undefined;
  /** Each look is numbered: one that started before the look that last changed `seen` is out of date when it ends. */
  let looks = 0;
  let seenAt = 0;

  const reload = async () => {
    try {
      app = await load();
      console.log(`Serving the new build of ${distDir}`);
    } catch (error) {
      console.error(
        `Could not serve the new build of ${distDir}, so the last one is still served: ${(error as Error).message}\nRun npm run build again, or restart npm start.`,
      );
    }
  };

  const follow = async (request: Request, info?: RequestInfo) => {
    const look = ++looks;
    const now = await identity();
    if (now !== seen && look > seenAt) {
      const swapped = now.split('|')[1] !== seen.split('|')[1];
      // A cached build writing now: its manifest names no inputs until it is done. Looked at again on the next request.
      if (swapped || readManifest(manifest, root)?.inputs !== undefined) {
        seen = now;
        seenAt = look;
        const previous = loading;
        loading = (async () => {
          await previous;
          await reload();
        })();
      }
    }
    // A request that saw the build finish, and every one after it, is answered by the new app.
    await loading;
    return app(request, info);
  };
  return Object.assign(follow, { docs: app.docs });
}
