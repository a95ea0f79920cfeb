import type { Config } from '@netlify/functions';
import { COLLECTION_KEYS } from '../core/collections.ts';
import { paths } from '../core/paths.ts';
import { createReadApi } from '../runtime/read-api.ts';
import { functionDataDir, loadServiceData } from '../runtime/service-data.ts';

/**
 * Netlify Function: search and list pages (GET/HEAD). The read gate edge function in
 * front of it applies the rate limit and the common headers. Data comes from the build's
 * dist/_data/, bundled with the function (netlify.toml included_files).
 */
// A Netlify function path takes precedence over the static rewrite, so this function also
// answers lists without a query, with the same first page the build wrote as a file.
const readApi = createReadApi(await loadServiceData(functionDataDir()), { listsWithoutQuery: 'serve' });

export default async (request: Request): Promise<Response> => (await readApi(request)) ?? new Response(null, { status: 404 });

export const config: Config = {
  path: [paths.apiSearch, ...COLLECTION_KEYS.map((key) => paths.apiList(key))],
  // Netlify routes HEAD with GET.
  method: ['GET'],
};
