import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createLogger } from '@stoplight/prism-core';
import {
  getHttpOperationsFromSpec,
  type IHttpRequest,
  type IHttpResponse,
  type PrismHttpComponents,
} from '@stoplight/prism-http';
import { createServer } from '@stoplight/prism-http-server';
import * as E from 'fp-ts/Either';
import * as TE from 'fp-ts/TaskEither';
import { expect } from 'vitest';

/**
 * Stoplight Prism as a validating proxy, in process: Prism's own router, request, security
 * and response validation and its server, which reports what it found in `sl-violations`.
 * Only the forwarder is ours: Prism's follows redirects (stoplightio/prism issue 1977), so a
 * 303 would reach its validator as the page it points to. Ours passes the request on as it
 * came (its Host included) and the answer back as it was, except that it asks for the
 * answer uncompressed, which is what Prism can read and validate.
 */
export interface PrismProxy {
  url: string;
  close(): Promise<void>;
}

/** An sl-violations entry: where (`request...` or `response...`), what, how bad. */
export interface Violation {
  location: string[];
  message: string;
  severity: string;
}

export const violationsOf = (headers: Headers): Violation[] =>
  JSON.parse(headers.get('sl-violations') ?? '[]') as Violation[];

/** What Prism says of a request outside the document (a website page, a method not described). */
const NOT_IN_DOCUMENT = 'Selected route not found';

/**
 * Checks what Prism said of one exchange: nothing, for a request to an operation of the
 * document; at least one finding and all of them about the request, for a request made
 * wrong on purpose; only that the route is not in the document, for one that truly is not
 * (matched here against the document's paths, so a documented path Prism failed to route
 * cannot pass as a website page).
 */
export function exchangeJudge(document: { paths: Record<string, Record<string, unknown>> }) {
  const operations = Object.entries(document.paths).map(([template, item]) => ({
    path: new RegExp(
      `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`,
    ),
    methods: new Set(Object.keys(item)),
  }));
  const documented = (method: string, target: string) => {
    const { pathname } = new URL(target, 'http://host');
    return operations.some((o) => o.path.test(pathname) && o.methods.has(method.toLowerCase()));
  };
  return (method: string, target: string, violations: Violation[], invalid = false) => {
    const where = `${method} ${target}: ${JSON.stringify(violations)}`;
    if (!documented(method, target))
      expect(
        violations.map((v) => v.message),
        where,
      ).toEqual([NOT_IN_DOCUMENT]);
    else if (invalid) {
      expect(violations.length, where).toBeGreaterThan(0);
      expect(new Set(violations.map((v) => v.location[0])), where).toEqual(new Set(['request']));
    } else expect(violations, where).toEqual([]);
  };
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  // Prism's server writes the body again, so its length is Prism's to send.
  'content-length',
]);

function passedOn(headers: IncomingHttpHeaders | Record<string, unknown>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    kept[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return kept;
}

function requestBody(body: unknown): string | undefined {
  if (body === null || body === undefined) return undefined;
  // Prism has parsed a JSON body into a value and kept any other as text.
  return typeof body === 'string' ? body : JSON.stringify(body);
}

function send(input: IHttpRequest, upstream: string): Promise<IHttpResponse> {
  const url = new URL(input.url.path, upstream);
  for (const [name, value] of Object.entries(input.url.query ?? {}))
    for (const one of [value].flat()) url.searchParams.append(name, one);
  const body = requestBody(input.body);
  const headers = passedOn(input.headers ?? {});
  headers['accept-encoding'] = 'identity';
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: input.method.toUpperCase(), headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const json = /^application\/(.+\+)?json\b/.test(res.headers['content-type'] ?? '');
        resolve({
          statusCode: res.statusCode ?? 502,
          headers: passedOn(res.headers),
          body: json && text !== '' ? JSON.parse(text) : text,
        });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const forward: PrismHttpComponents['forward'] =
  ({ data }, upstream) =>
  () =>
    TE.tryCatch(() => send(data, upstream), E.toError);

/** Starts Prism on a free loopback port, validating against `documentPath`, in front of `upstream`. */
export async function startPrismProxy(documentPath: string, upstream: string): Promise<PrismProxy> {
  const server = createServer(await getHttpOperationsFromSpec(documentPath), {
    cors: false,
    config: {
      isProxy: true,
      upstream: new URL(upstream),
      upstreamProxy: undefined,
      validateRequest: true,
      validateResponse: true,
      checkSecurity: true,
      errors: false,
      mock: { dynamic: false },
    },
    components: { logger: createLogger('prism', { level: 'silent' }), forward },
  });
  const url = await server.listen(0, '127.0.0.1');
  return { url, close: () => server.close() };
}
