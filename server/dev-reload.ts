import { readFileSync } from 'node:fs';
import { MEDIA_TYPES } from '../core/media-types.ts';
import type { Problem } from '../generator/model/problems.ts';

/**
 * The dev server's channel to open pages: a script and a stylesheet for them, and one
 * Server-Sent Events stream that says when to reload and which content problems to show.
 * Everything lives under `/__dev/`: no collection, slug or page of the site can start
 * with an underscore (slugs are `^[a-z0-9-]+$`), so these paths never shadow the site.
 */
export const DEV_PATH_PREFIX = '/__dev/';
export const DEV_SCRIPT_PATH = '/__dev/live-reload.js';
export const DEV_STYLESHEET_PATH = '/__dev/overlay.css';
export const DEV_EVENTS_PATH = '/__dev/events';

/** What open pages are told: the build being served and, while the content is broken, why it is not the newest. */
export type DevState =
  | { kind: 'ok'; build: string }
  | { kind: 'error'; build: string; message: string; problems: Problem[] };

export interface DevReload {
  /** Answers a request under /__dev/; undefined for any other path. */
  handle(request: Request): Response | undefined;
  /** The script's address for a page served from `build` (the page compares it with what the stream says). */
  scriptUrl(build: string): string;
  /**
   * A new build is served: pages reload (and an overlay from an earlier error goes away);
   * given `pages`, only the pages at those paths, the others being as they were.
   * Not `complete`: only the edited records' own files are new so far, the rest follows.
   */
  built(
    build: string,
    changes: readonly string[],
    update?: { pages?: readonly string[]; complete: boolean },
  ): void;
  /** The content is broken: pages keep the last good build and show the problems. */
  failed(state: Omit<Extract<DevState, { kind: 'error' }>, 'kind'>): void;
  /** Ends every stream, so pages stop waiting on a server that is going away. */
  close(): void;
}

/** A comment every so often keeps idle streams open through proxies and lets a dead connection be noticed. */
const HEARTBEAT_MS = 20_000;
/** Builds remembered for pages that connect late; a page older than all of them reloads. */
const HISTORY = 100;
/** How soon a page reconnects after the dev server restarts (the browser's default is seconds). */
const RETRY_MS = 500;

const clientFile = (name: string) => readFileSync(new URL(`./dev-client/${name}`, import.meta.url));

export function createDevReload(initial: DevState): DevReload {
  const files = new Map<string, { body: Buffer; type: string }>([
    [DEV_SCRIPT_PATH, { body: clientFile('live-reload.js'), type: MEDIA_TYPES['.js']! }],
    [DEV_STYLESHEET_PATH, { body: clientFile('overlay.css'), type: MEDIA_TYPES['.css']! }],
  ]);
  const encoder = new TextEncoder();
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  let state = initial;
  /** The builds served, newest last, each with the pages it changed (undefined: any page), for pages that connect late. */
  const history: { build: string; pages?: readonly string[] }[] = [
    { build: initial.build, pages: [] },
  ];

  const event = (name: string, data: unknown) =>
    encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  /** With `current`, the connecting page is as the served build has it: no build since its own changed it. */
  const stateEvent = (current = false) => {
    const { kind, ...data } = state;
    return event(kind, { ...data, current });
  };
  /** Whether no build after `build` changed the page at `pagePath`; false for a build no longer remembered. */
  const unchangedSince = (build: string | null, pagePath: string | null) => {
    const since = history.findIndex((entry) => entry.build === build);
    return (
      since >= 0 &&
      pagePath !== null &&
      history.slice(since + 1).every((entry) => entry.pages && !entry.pages.includes(pagePath))
    );
  };
  const send = (chunk: Uint8Array) => {
    for (const stream of streams) {
      try {
        stream.enqueue(chunk);
      } catch {
        streams.delete(stream); // already closed by its page
      }
    }
  };
  const end = (stream: ReadableStreamDefaultController<Uint8Array>) => {
    if (!streams.delete(stream)) return;
    try {
      stream.close();
    } catch {
      // already closed
    }
  };

  const heartbeat = setInterval(() => send(encoder.encode(': keep-alive\n\n')), HEARTBEAT_MS);
  heartbeat.unref();

  const connect = (request: Request): Response => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
        streams.add(c);
        // The current state at once: a page that connects during an error shows it, and one
        // built before the newest build learns that it is out of date.
        c.enqueue(encoder.encode(`retry: ${RETRY_MS}\n\n`));
        const asked = new URL(request.url).searchParams;
        c.enqueue(stateEvent(unchangedSince(asked.get('build'), asked.get('path'))));
      },
      cancel() {
        streams.delete(controller);
      },
    });
    // Ending the stream ourselves when the page goes away lets the server finish the answer quietly.
    request.signal.addEventListener('abort', () => end(controller), { once: true });
    return new Response(body, {
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  };

  return {
    handle(request) {
      const { pathname } = new URL(request.url);
      if (!pathname.startsWith(DEV_PATH_PREFIX)) return undefined;
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
      if (pathname === DEV_EVENTS_PATH)
        return request.method === 'HEAD'
          ? new Response(null, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } })
          : connect(request);
      const file = files.get(pathname);
      if (!file)
        return new Response(
          `No dev server file at ${pathname}: the dev server serves ${[...files.keys(), DEV_EVENTS_PATH].join(', ')}.\n`,
          { status: 404, headers: { 'Content-Type': MEDIA_TYPES['.txt']! } },
        );
      // no-store: a page must never run a dev script older than the dev server it talks to.
      const headers = {
        'Content-Type': file.type,
        'Content-Length': String(file.body.length),
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      };
      return new Response(request.method === 'HEAD' ? null : new Uint8Array(file.body), {
        headers,
      });
    },
    scriptUrl: (build) => `${DEV_SCRIPT_PATH}?build=${encodeURIComponent(build)}`,
    built(build, changes, { pages, complete } = { complete: true }) {
      const wasBroken = state.kind === 'error';
      state = { kind: 'ok', build };
      history.push({ build, pages });
      if (history.length > HISTORY) history.shift();
      if (wasBroken) send(stateEvent());
      send(event('reload', { build, changes, pages, complete }));
    },
    failed(error) {
      state = { kind: 'error', ...error };
      send(stateEvent());
    },
    close() {
      clearInterval(heartbeat);
      for (const stream of [...streams]) end(stream);
    },
  };
}
