/**
 * Keeps answers whole while a rebuild replaces dist/ under the app that serves it. The
 * build changes dist/ file by file (or, without a cache, swaps the whole folder), and
 * the app keeps its old rules until it is replaced after the build; so a request read
 * meanwhile can find no file (a 404), a file gone between its stat and its read (a 404
 * as well, or an error from a file streamed), a Content-Length that no longer matches the body, or a new record's file with
 * no rule for it yet (a 404). Such an answer to a GET or HEAD that overlapped a build is
 * asked again once the build is over, when dist/ is settled and the app is the newest
 * good one; or sooner, for the paths npm run dev settles ahead of the build (an edited,
 * new or deleted record's files, and the app with their rules): from then until the end
 * of the build that follows, a 404 there is final (a deleted record's), while a torn body
 * (a file replaced between its stat and its read) is still asked again.
 * Every other answer, and every answer while no build runs, passes untouched.
 */
export interface RebuildGuard {
  /** Runs a build, marking the time dist/ may be changing. */
  building<T>(build: () => Promise<T>): Promise<T>;
  /** Answers with `app`; again, once, if the answer may have been torn by a build. */
  answer(request: Request, app: (request: Request) => Promise<Response>): Promise<Response>;
  /**
   * These URL paths now answer as they will once the build in progress (or the next) is
   * over: their files were just written ahead of it. An answer in flight meanwhile, build
   * or not, overlapped that write.
   */
  settled(paths: readonly string[]): void;
}

export function createRebuildGuard(): RebuildGuard {
  // Goes up when a build starts and when it ends: an answer that saw it move overlapped a build.
  let epoch = 0;
  let running: Promise<unknown> | undefined;
  /** Paths settled ahead, with the epoch they were settled in: final until the end of a build that started after them. */
  const settledAt = new Map<string, number>();
  /** Answers waiting to be asked again: at the end of the build, or when their path is settled. */
  const waiting = new Set<{ path: string; wake(): void }>();
  const wake = (which: (path: string) => boolean) => {
    for (const waiter of waiting) {
      if (!which(waiter.path)) continue;
      waiting.delete(waiter);
      waiter.wake();
    }
  };

  /** The answer as it was sent, or undefined when it may be torn; a 404 is final on a path settled ahead. */
  const whole = async (
    request: Request,
    response: Response,
    settled: boolean,
  ): Promise<Response | undefined> => {
    if ((response.status === 404 && !settled) || response.status >= 500) return undefined;
    const declared = response.headers.get('content-length');
    if (request.method !== 'GET' || declared === null || !response.body) return response;
    const body = new Uint8Array(await response.arrayBuffer());
    if (body.length !== Number(declared)) return undefined;
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };

  return {
    async building(build) {
      const startedIn = ++epoch;
      const work = build();
      running = work;
      try {
        return await work;
      } finally {
        running = undefined;
        epoch++;
        for (const [path, at] of settledAt) if (at < startedIn) settledAt.delete(path);
        wake(() => true);
      }
    },

    settled(paths) {
      // Files changed under answers in flight, which may be torn (a file replaced between its stat and its read), even while no build runs.
      epoch++;
      for (const path of paths) settledAt.set(path, epoch);
      const settled = new Set(paths);
      wake((path) => settled.has(path));
    },

    async answer(request, app) {
      const path = new URL(request.url).pathname;
      const before = epoch;
      const busy = running;
      const overlapped = () => busy !== undefined || epoch !== before;
      // Never repeat a request that may change something.
      const repeatable = request.method === 'GET' || request.method === 'HEAD';
      let checked: Response | undefined;
      try {
        const response = await app(request);
        if (!overlapped() || !repeatable) return response;
        checked = await whole(request, response, settledAt.has(path));
      } catch (error) {
        // A file that vanished between stat and read throws (ENOENT): torn as well, when a build overlapped.
        if (!overlapped() || !repeatable) throw error;
      }
      if (checked) return checked;
      if (running) await new Promise<void>((resolve) => waiting.add({ path, wake: resolve }));
      return app(request);
    },
  };
}
