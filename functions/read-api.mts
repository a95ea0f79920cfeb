import type { Config, Context } from '@netlify/functions';
import { createReadApi } from '../runtime/read-api.ts';
import { guardHandler } from '../runtime/request-guard.ts';
import { functionDataDir, loadServiceData } from '../runtime/service-data.ts';

/**
 * Netlify Function: search and list pages, and the 405 of other methods on them. The read
 * gate edge function in front of it applies the rate limit and the common headers. Data
 * comes from the build's dist/_data/ and its static search index, bundled with the function
 * (netlify.toml included_files).
 */
const data = await loadServiceData(functionDataDir());
const readApi = createReadApi(data);

export default guardHandler<Context>({ audience: 'public-read', docs: data.docs }, (request) =>
  readApi(request),
);

// Literals only: Netlify reads this statically. test/netlify-bundle.test.ts holds it equal to core/routes.ts.
export const config: Config = {
  path: [
    '/api/v1/search',
    '/api/v1/threats',
    '/api/v1/glossary',
    '/api/v1/exposures',
    '/api/v1/apps',
    '/api/v1/ai',
    '/api/v1/posts',
  ],
};
