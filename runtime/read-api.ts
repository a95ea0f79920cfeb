import { summaryPage } from '../core/summary.ts';
import { clampLimit, pageQuery } from './paginate.ts';
import { READ_METHODS, readRoute } from './read-routes.ts';
import { errorResponse, jsonResponse, notFoundResponse } from './responses.ts';
import { MAX_QUERY_LENGTH } from '../core/search-options.ts';
import type { ServiceData } from './service-data.ts';

/**
 * The dynamic part of the read API (its headers, cacheable per query, come from the header
 * policy's `dynamic-answer` through the request guard): list pages for any limit/offset (none too: the same
 * first page the build wrote as a file), search, and every method other than GET/HEAD on
 * a read path. Static documents (index, records, pricing, OpenAPI) are files, never routed here.
 */
export function createReadApi(data: ServiceData) {
  return async function readApi(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const route = readRoute(url.pathname);

    if (request.method !== 'GET' && request.method !== 'HEAD') {
      if (route.kind === 'unknown') return notFoundResponse(data.baseUrl);
      if (request.method === 'OPTIONS' && request.headers.has('Access-Control-Request-Method')) {
        return new Response(null, {
          status: 204,
          headers: {
            Allow: READ_METHODS,
            'Access-Control-Allow-Methods': READ_METHODS,
            'Access-Control-Allow-Headers': '*',
            'Access-Control-Max-Age': '86400',
          },
        });
      }
      return errorResponse(
        'method_not_allowed',
        `${request.method} is not supported on ${url.pathname}.`,
        `This endpoint is read-only: use ${READ_METHODS.replace(', ', ' or ')}.`,
        data.docs,
        { Allow: READ_METHODS },
      );
    }

    if (route.kind === 'search') {
      const q = url.searchParams.get('q');
      if (q === null || q.trim() === '') {
        return errorResponse(
          'invalid_request',
          'The search query q is missing or empty.',
          'Add a query such as ?q=phishing (at least one character).',
          data.docs,
        );
      }
      if (q.length > MAX_QUERY_LENGTH) {
        return errorResponse(
          'invalid_request',
          `The search query is ${q.length} characters long.`,
          `Shorten q to at most ${MAX_QUERY_LENGTH} characters.`,
          data.docs,
        );
      }
      const limit = clampLimit(url.searchParams.get('limit'));
      const hits = await data.search.search(q, limit);
      return jsonResponse({ query: q, limit, total: hits.length, data: hits });
    }

    if (route.kind === 'list') {
      const { limit, offset } = pageQuery(url.searchParams);
      const summaries = await data.summaries(route.collection);
      return jsonResponse(summaryPage(route.collection, summaries, limit, offset));
    }
    return notFoundResponse(data.baseUrl);
  };
}
