/**
 * Keeps answers whole while a rebuild replaces dist/ under the app that serves it. The
 * build changes dist/ file by file (or, without a cache, swaps the whole folder), and
 * the app keeps its old rules until it is replaced after the build; so a request read
 * meanwhile can find no file (a 404), a file gone between its stat and its read (an
 * error), a Content-Length that no longer matches the body, or a new record's file with
 * no rule for it yet (a 404). Such an answer to a GET or HEAD that overlapped a build is
 * asked again once the build is over, when dist/ is settled and the app is the newest
 * good one. Every other answer, and every answer while no build runs, passes untouched.
 */
export interface RebuildGuard {
  /** Runs a build, marking the time dist/ may be changing. */
  building<T>(build: () => Promise<T>): Promise<T>;
  /** Answers with `app`; again, once, if the answer may have been torn by a build. */
  answer(request: Request, app: (request: Request) => Promise<Response>): Promise<Response>;
}

export function createRebuildGuard(): RebuildGuard {
  // Goes up when a build starts and when it ends: an answer that saw it move overlapped a build.
  let epoch = 0;
  let running: Promise<unknown> | undefined;

  /** The answer as it was sent, or undefined when it may be torn. */
  const whole = async (request: Request, response: Response): Promise<Response | undefined> => {
    if (response.status === 404 || response.status >= 500) return undefined;
    const declared = response.headers.get('content-length');
    if (request.method !== 'GET' || declared === null || !response.body) return response;
    const body = new Uint8Array(await response.arrayBuffer());
    if (body.length !== Number(declared)) return undefined;
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

  return {
    async building(build) {
      epoch++;
      const work = build();
      running = work;
      try {
        return await work;
      } finally {
        running = undefined;
        epoch++;
      }
    },

    async answer(request, app) {
      const before = epoch;
      const busy = running;
      const overlapped = () => busy !== undefined || epoch !== before;
      // Never repeat a request that may change something.
      const repeatable = request.method === 'GET' || request.method === 'HEAD';
      let checked: Response | undefined;
      try {
        const response = await app(request);
        if (!overlapped() || !repeatable) return response;
        checked = await whole(request, response);
      } catch (error) {
        // A file that vanished between stat and read throws (ENOENT): torn as well, when a build overlapped.
        if (!overlapped() || !repeatable) throw error;
      }
      if (checked) return checked;
      await running?.catch(() => undefined);
      return app(request);
    },
  };
}
