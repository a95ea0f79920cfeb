import type { Config, Context } from '@netlify/functions';
import { createReadApi } from '../runtime/read-api.ts';
import { guardHandler } from '../runtime/request-guard.ts';
import { functionDataDir, loadServiceData } from '../runtime/service-data.ts';

/**
 * Netlify Function: every method other than GET/HEAD on the static paths of /api/v1:
 * 405 with Allow on read paths, 404 on unknown ones, CORS preflight answers.
 */
const data = await loadServiceData(functionDataDir());
const readApi = createReadApi(data);

export default guardHandler<Context>({ audience: 'public-read', docs: data.docs }, (request) =>
  readApi(request),
);

// Literals only: Netlify reads this statically. test/netlify-bundle.test.ts holds it equal to core/routes.ts.
export const config: Config = {
  path: ['/api/v1', '/api/v1/*'],
  excludedPath: [
    '/api/v1/search',
    '/api/v1/threats',
    '/api/v1/glossary',
    '/api/v1/exposures',
    '/api/v1/apps',
    '/api/v1/ai',
    '/api/v1/posts',
  ],
  method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
};
