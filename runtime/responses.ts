import { apiError, notFoundError, type ErrorCode } from '../core/api-error.ts';

/** JSON answers, and the Error object with the status its code pairs with (docs/api.md, "Errors"). */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(`${JSON.stringify(body)}\n`, { ...init, headers });
}

export const ERROR_STATUS: Record<ErrorCode, number> = {
  invalid_request: 400,
  missing_field: 400,
  invalid_email: 400,
  not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  internal_error: 500,
  upstream_error: 500,
  not_configured: 500,
  unauthorized: 401,
  forbidden: 403,
};

export function errorResponse(
  code: ErrorCode,
  message: string,
  hint: string,
  docs: string,
  headers: HeadersInit = {},
  status = ERROR_STATUS[code],
): Response {
  return jsonResponse(apiError(code, message, hint, docs), { status, headers });
}

/** The API's 404 for any method on a path that names nothing (its headers come from the header policy, like every answer's). */
export function notFoundResponse(baseUrl: string): Response {
  return jsonResponse(notFoundError(baseUrl), { status: 404 });
}
