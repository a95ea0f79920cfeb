import type { Config } from '@netlify/functions';
import { COLLECTION_KEYS } from '../core/collections.ts';
import { paths } from '../core/paths.ts';
import { createReadApi } from '../runtime/read-api.ts';
import { functionDataDir, loadServiceData } from '../runtime/service-data.ts';
import { summaryPage } from '../core/summary.ts';
import { readRoute } from '../runtime/read-routes.ts';
import { jsonResponse } from '../runtime/responses.ts';

/**
 * Netlify Function: search and list pages (GET/HEAD). The read gate edge function in
 * front of it applies the rate limit and the common headers. Data comes from the build's
 * dist/_data/, bundled with the function (netlify.toml included_files).
 */
const data = await loadServiceData(functionDataDir());
const readApi = createReadApi(data);

export default async (request: Request): Promise<Response> => {
  const answer = await readApi(request);
  if (answer) return answer;
  // A list without a query: on Netlify the function owns the list paths, so it answers
  // with the same first page the build wrote as a static file.
  const route = readRoute(new URL(request.url).pathname);
  if (route.kind === 'list') return jsonResponse(summaryPage(route.collection, await data.summaries(route.collection)), { headers: { 'Cache-Control': 'public, max-age=300' } });
  return new Response(null, { status: 404 });
};

export const config: Config = {
  path: [paths.apiSearch, ...COLLECTION_KEYS.map((key) => paths.apiList(key))],
  // Netlify routes HEAD with GET.
  method: ['GET'],
};
