import {
  REQUEST_ID_HEADER,
  responseKind,
  withPolicy,
  type Audience,
} from '../core/header-policy.ts';
import { errorResponse } from './responses.ts';

/**
 * The boundary around every handler, on every host (each Netlify function and edge
 * function, and the local server): the answer gets the header policy of its kind and the
 * request's id, and a failure nobody planned for becomes a JSON Error 500 naming that id,
 * with one JSON log line carrying the same id, instead of an empty 500 or a stack trace.
 */
export interface GuardOptions {
  /** Whose answers these are; absent, answers pass as they are (static files) and only failures are shaped. */
  audience?: Audience;
  /** The `docs` URL of the 500's Error. */
  docs: string;
  /** Where the log line goes; standard error by default. */
  log?: (line: string) => void;
}

/** A request id as the platform gives it (Netlify's context.requestId), else a new one. */
export function requestIdOf(platformId: string | undefined): string {
  return platformId && /^[A-Za-z0-9._-]{1,128}$/.test(platformId)
    ? platformId
    : crypto.randomUUID();
}

export async function guarded(
  request: Request,
  requestId: string,
  options: GuardOptions,
  handle: () => Promise<Response>,
): Promise<Response> {
  let response: Response;
  try {
    response = await handle();
    if (options.audience)
      response = withPolicy(response, responseKind(options.audience, response.status));
  } catch (error) {
    (options.log ?? ((line) => console.error(line)))(failureLine(request, requestId, error));
    response = withPolicy(
      errorResponse(
        'internal_error',
        'The server failed to answer this request.',
        `Try again in a minute. If it keeps failing, report request id ${requestId}.`,
        options.docs,
      ),
      responseKind(options.audience ?? 'public-read', 500),
    );
  }
  const headers = new Headers(response.headers);
  headers.set(REQUEST_ID_HEADER, requestId);
  // HEAD answers like GET, without the body.
  const body = request.method === 'HEAD' ? null : response.body;
  if (body === null) await response.body?.cancel();
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** A Web-standard handler wrapped by `guarded`, for an adapter that knows its audience and docs URL up front. */
export function guardHandler<Context extends { requestId?: string } | undefined>(
  options: GuardOptions,
  handler: (request: Request, context: Context) => Promise<Response>,
): (request: Request, context: Context) => Promise<Response> {
  return (request, context) =>
    guarded(request, requestIdOf(context?.requestId), options, () => handler(request, context));
}

/** One line of JSON: what failed, where, and the id the client was given. */
function failureLine(request: Request, requestId: string, error: unknown): string {
  let path = request.url;
  try {
    path = new URL(request.url).pathname;
  } catch {
    // Keep the raw URL: the log must never fail.
  }
  const details =
    error instanceof Error
      ? { name: error.name, message: error.message, stack: error.stack }
      : { message: String(error) };
  return JSON.stringify({
    level: 'error',
    time: new Date().toISOString(),
    requestId,
    method: request.method,
    path,
    message: 'Unhandled failure',
    error: details,
  });
}
