import { createServer, STATUS_CODES, type Server, type ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { getRequestListener, RequestError } from '@hono/node-server';
import { REQUEST_ID_HEADER, responseKind, withPolicy } from '../core/header-policy.ts';
import { requestIdOf } from '../runtime/request-guard.ts';
import { errorResponse } from '../runtime/responses.ts';

/**
 * Requests refused before the app sees them, by Node's HTTP parser (headers over its
 * limit, malformed HTTP) or by the adapter (a target or Host no URL can be made of), get
 * the API's JSON Error with a request id and one log line, instead of a bare status.
 */
interface Refusal {
  status: number;
  message: string;
  hint: string;
}

function parserRefusal(code: string | undefined): Refusal {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      message: 'The request line and headers are larger than this server accepts (16 KiB in all).',
      hint: 'Shorten the URL (a search query has at most 512 characters) or drop large headers such as cookies.',
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return {
      status: 408,
      message: 'The request did not arrive in time.',
      hint: 'Send the whole request at once, then try again.',
    };
  return {
    status: 400,
    message: 'The request is not valid HTTP.',
    hint: 'Check the request line, the headers and the body framing.',
  };
}

const ADAPTER_REFUSAL: Refusal = {
  status: 400,
  message: 'The request target or its Host header is not valid.',
  hint: 'Send a path that starts with a single "/" and contains no backslash, and a plain host name in Host.',
};

/** The service's docs URL, or a wait for it (a server that listens before its app is made). */
type Docs = string | (() => Promise<string>);

async function refusedResponse(
  { status, message, hint }: Refusal,
  docs: Docs,
  cause: string,
  log: (line: string) => void,
): Promise<Response> {
  const requestId = requestIdOf(undefined);
  log(
    JSON.stringify({
      level: 'warn',
      time: new Date().toISOString(),
      requestId,
      message: 'Refused before routing',
      status,
      cause,
    }),
  );
  return withPolicy(
    errorResponse(
      'invalid_request',
      message,
      hint,
      typeof docs === 'string' ? docs : await docs(),
      { [REQUEST_ID_HEADER]: requestId },
      status,
    ),
    responseKind('public-read', status),
  );
}

/** A Response as the bytes of an HTTP/1.1 answer that closes the connection; a HEAD request gets no body. */
async function serialize(response: Response, head: boolean): Promise<string> {
  const body = await response.text();
  const lines = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`];
  for (const [name, value] of response.headers) lines.push(`${name}: ${value}`);
  lines.push(`content-length: ${Buffer.byteLength(body)}`, 'connection: close');
  return `${lines.join('\r\n')}\r\n\r\n${head ? '' : body}`;
}

type Fetch = Parameters<typeof getRequestListener>[0];

/** For `serve`'s `createServer` option: Node's server with the app mounted by hono's own listener, refusals shaped. */
export function refusalShapingServer(
  fetch: Fetch,
  hostname: string,
  docs: Docs,
  log: (line: string) => void = (line) => console.error(line),
): typeof createServer {
  const make = (options: ServerOptions): Server => {
    const errorHandler = (error: unknown) => {
      // Failures inside the app never get here (the request guard answers them); anything else is the adapter's refusal.
      const cause = error instanceof Error ? error.message : String(error);
      return refusedResponse(
        error instanceof RequestError
          ? ADAPTER_REFUSAL
          : {
              status: 500,
              message: 'The server failed to answer this request.',
              hint: 'Try again in a minute.',
            },
        docs,
        cause,
        log,
      );
    };
    const server = createServer(options, getRequestListener(fetch, { hostname, errorHandler }));
    server.on(
      'clientError',
      (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
        // A reset connection, or one whose answer is already under way, cannot get another answer.
        const started = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })
          ._httpMessage?.headersSent;
        if (error.code === 'ECONNRESET' || !socket.writable || started) {
          socket.destroy();
          return;
        }
        // What the parser read of the request: a HEAD must be answered without a body, or the client reads the body as the next answer.
        const head = error.rawPacket?.toString('latin1', 0, 5) === 'HEAD ';
        void refusedResponse(parserRefusal(error.code), docs, error.code ?? error.message, log)
          .then((response) => serialize(response, head))
          .then((bytes) => socket.end(bytes));
      },
    );
    return server;
  };
  return make as typeof createServer;
}
