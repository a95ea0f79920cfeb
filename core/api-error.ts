import { COLLECTION_KEYS } from './collections.ts';
import { paths } from './paths.ts';

/** The API's Error object (docs/api.md, "Errors"), shared by the static 404 and every function. */
export const ERROR_CODES = [
  'not_found',
  'method_not_allowed',
  'invalid_request',
  'invalid_email',
  'missing_field',
  'rate_limited',
  'not_configured',
  'upstream_error',
  'internal_error',
  // The proposed instance and key contract adds these two (docs/decisions.md).
  'unauthorized',
  'forbidden',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiError {
  error: string;
  code: ErrorCode;
  message: string;
  hint: string;
  docs: string;
}

export function apiError(code: ErrorCode, message: string, hint: string, docs: string): ApiError {
  return { error: message, code, message, hint, docs };
}

/** The 404 of the API, the same everywhere: the static api/404.json, the functions, the read gate. */
export function notFoundError(baseUrl: string): ApiError {
  return apiError(
    'not_found',
    'No API resource exists at this path.',
    `Check the path against the API index at ${baseUrl}${paths.apiIndex}; collection keys are ${COLLECTION_KEYS.join(', ')} and slugs come from each collection's list.`,
    baseUrl + paths.openapi,
  );
}
