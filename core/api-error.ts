/** The section 7 Error object, shared by the static 404 and every function. */
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
