import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../core/summary.ts';

/**
 * Reads `limit` and `offset` as the API documents them: out-of-range values are clamped, never
 * refused. A value that is not a number (`limit=abc`, `limit=`) counts as absent, so it
 * gets the default; a fraction is truncated (`limit=10.9` is 10).
 */
function integerParam(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : undefined;
}

export function clampLimit(value: string | null): number {
  const n = integerParam(value) ?? DEFAULT_PAGE_LIMIT;
  return Math.min(MAX_PAGE_LIMIT, Math.max(1, n));
}

export function clampOffset(value: string | null): number {
  return Math.max(0, integerParam(value) ?? 0);
}

export function pageQuery(params: URLSearchParams): { limit: number; offset: number } {
  return { limit: clampLimit(params.get('limit')), offset: clampOffset(params.get('offset')) };
}
