import { stat } from 'node:fs/promises';
import path from 'node:path';
import { createBuilder, DEFAULT_CACHE_DIR } from '../generator/build.ts';
import { CONTENT_SECURITY_POLICY } from '../core/header-policy.ts';
import { REDIRECTS_FILE } from '../generator/emit/netlify-rules.ts';
import { ContentError } from '../generator/model/problems.ts';
import { MEDIA_TYPES } from '../core/media-types.ts';
import { pagePathOf, servedPathsOf } from '../core/paths.ts';
import { createApp, type RequestInfo } from './app.ts';
import { createDevReload, type DevReload } from './dev-reload.ts';
import { createRebuildGuard } from './rebuild-guard.ts';
import { withDevScript, withoutConditions } from './inject-dev-script.ts';
import type { ServerSettings } from './settings.ts';

type App = (request: Request, info?: RequestInfo) => Promise<Response>;

/**
 * What `npm run dev` serves: the same app as `npm start` over the last good build, swapped
 * for a fresh one after each successful rebuild (createApp reads `_redirects`, `_headers`
 * and `_data/` once), plus the dev channel under /__dev/ and its script in HTML pages.
 */
export interface DevSite {
  fetch: App;
  /**
   * Writes the files of edited, new or deleted records alone at once, when it can (see
   * Builder.writeEditedRecords), even while a rebuild runs: the record is served changed
   * in milliseconds, and the rebuild that must follow brings lists and search in line.
   * Resolves to whether it wrote anything.
   */
  writeAhead(changes: readonly string[]): Promise<boolean>;
  /** Builds dist/ again and serves it; on failure, says why and keeps serving the last good build. */
  rebuild(changes: readonly string[]): Promise<void>;
  close(): void;
}

/** Names each served build, so a page can tell whether it is older than what the server now serves; unique across restarts. */
function buildNames(): () => string {
  const run = Date.now().toString(36);
  let count = 0;
  return () => `${run}-${++count}`;
}

/** Beyond this many, pages are told that everything may have changed rather than sent the list. */
const LISTED_PAGES = 500;

/** The pages among files written or deleted in dist/, for the pages open on them to reload; undefined for "any page". */
function pagesOf(files: readonly string[]): string[] | undefined {
  const pages = files.flatMap((file) => pagePathOf(file) ?? []);
  return pages.length > LISTED_PAGES ? undefined : pages;
}

function describe(changes: readonly string[]): string {
  if (changes.length <= 3) return changes.join(', ');
  return `${changes.slice(0, 2).join(', ')} and ${changes.length - 2} more`;
}

function failure(error: unknown): { message: string; problems: ContentError['problems'] } {
  if (error instanceof ContentError) return { message: error.message, problems: error.problems };
  // Not the content's fault (the generator, the disk): the whole error, so it can be reported or fixed.
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return {
    message: `The build failed (not a content problem; restart npm run dev after fixing the code):\n${message}`,
    problems: [],
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);

/** Until the content builds once, every answer says why there is nothing to serve (the overlay lists the problems too). */
function nothingBuiltYet(message: string): App {
  return async (request) => {
    const headers = {
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    };
    if (!(request.headers.get('accept') ?? '').includes('text/html')) {
      return new Response(
        `Nothing is built yet: fix the content and save, and the dev server builds it.\n\n${message}\n`,
        { status: 503, headers: { ...headers, 'Content-Type': MEDIA_TYPES['.txt']! } },
      );
    }
    const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Nothing built yet</title></head>
<body>
<h1>Nothing built yet</h1>
<p>The content cannot be built, and there is no earlier build to show. Fix the files and save: this page updates by itself.</p>
<pre>${escapeHtml(message)}</pre>
</body>
</html>
`;
    return new Response(page, {
      status: 503,
      headers: { ...headers, 'Content-Type': MEDIA_TYPES['.html']! },
    });
  };
}

/** The dev site of `settings`, built for `baseUrl`, the address it is served at. */
export async function startDevSite(settings: ServerSettings, baseUrl: string): Promise<DevSite> {
  const { contentDir, distDir, dataDir, trustProxy, requireSmtp } = settings;
  const nextBuild = buildNames();
  const serve = () => createApp({ distDir, dataDir, trustProxy, requireSmtp });

  const guard = createRebuildGuard();
  const builder = createBuilder({
    contentDir,
    outDir: distDir,
    cacheDir: DEFAULT_CACHE_DIR,
    baseUrl,
    longLived: true,
  });
  let app: App;
  let servedBuild = nextBuild();
  let reload: DevReload;
  try {
    // Unlike `npm start`, a build even when dist/ is fresh (it then writes nothing): the
    // builder keeps what it built from, to write an edited record's files first.
    const summary = await builder.build();
    console.log(
      `Built ${distDir} (${summary.files} files, ${summary.written} written) in ${summary.milliseconds} ms`,
    );
    app = await serve();
    reload = createDevReload({ kind: 'ok', build: servedBuild });
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.error(error.message);
    const hasBuild = await stat(path.join(distDir, 'index.html')).then(
      () => true,
      () => false,
    );
    if (hasBuild)
      console.error(`Serving the last good build in ${distDir} until the content is fixed.`);
    app = hasBuild ? await serve() : nothingBuiltYet(error.message);
    if (!hasBuild) servedBuild = 'none';
    reload = createDevReload({ kind: 'error', build: servedBuild, ...failure(error) });
  }

  return {
    async fetch(request, info) {
      const dev = reload.handle(request);
      if (dev) return dev;
      let pageBuild = servedBuild;
      const response = await guard.answer(withoutConditions(request), (r) => {
        // Named as the app is chosen: the page's script compares this build with the stream's.
        pageBuild = servedBuild;
        return app(r, info);
      });
      return withDevScript(request, response, reload.scriptUrl(pageBuild));
    },

    async writeAhead(changes) {
      const started = performance.now();
      let first: string[] | undefined;
      try {
        first = builder.writeEditedRecords(changes);
      } catch (error) {
        // The whole rebuild that follows meets the same trouble and reports it.
        console.error(
          `Could not write ${describe(changes)} ahead of the rebuild: ${(error as Error).message}`,
        );
      }
      if (!first) return false;
      // New rewrite rules (a record came or went) are read by a new app.
      if (first.includes(REDIRECTS_FILE)) app = await serve();
      // Requests for these files held by the rebuild in progress are answered now, a deleted record's 404 too.
      guard.settled(first.flatMap(servedPathsOf));
      servedBuild = nextBuild();
      console.log(
        `Updated ${describe(changes)} in ${Math.round(performance.now() - started)} ms (${first.length} files written or deleted); rebuilding the rest`,
      );
      reload.built(servedBuild, changes, { pages: pagesOf(first), complete: false });
      return true;
    },

    async rebuild(changes) {
      const started = performance.now();
      try {
        const summary = await guard.building(async () => {
          // The same build as `npm start`'s (ensure-build.ts), so a restart finds dist/ fresh.
          const written = await builder.build();
          // Requests already in flight finish on the app they started with; new ones get the new build.
          app = await serve();
          servedBuild = nextBuild();
          return written;
        });
        // Printed before pages hear of it, so the terminal never lags behind the browser.
        console.log(
          `Rebuilt for ${describe(changes)} in ${Math.round(performance.now() - started)} ms (${summary.written} written, ${summary.deleted} deleted, ${summary.files} files)`,
        );
        reload.built(servedBuild, changes, {
          pages: pagesOf(summary.changed ?? []),
          complete: true,
        });
      } catch (error) {
        const { message, problems } = failure(error);
        console.error(
          `Rebuild for ${describe(changes)} failed; still serving the last good build.\n${message}`,
        );
        reload.failed({ build: servedBuild, message, problems });
      }
    },

    close: () => reload.close(),
  };
}
