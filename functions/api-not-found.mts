import type { Config, Context } from '@netlify/functions';
import { guardHandler } from '../runtime/request-guard.ts';
import { notFoundResponse } from '../runtime/responses.ts';
import { functionDataDir, loadServiceData } from '../runtime/service-data.ts';

/** Netlify Function: any other path under /api, any method, is the API's JSON 404. */
const { baseUrl, docs } = await loadServiceData(functionDataDir());

export default guardHandler<Context>({ audience: 'public-read', docs }, async () =>
  notFoundResponse(baseUrl),
);

// Literals only: Netlify reads this statically. test/netlify-bundle.test.ts holds it equal to core/routes.ts.
export const config: Config = {
  path: ['/api/*'],
  excludedPath: [
    '/api/v1',
    '/api/v1/*',
    '/api/v1.json',
    '/api/contact',
    '/api/newsletter',
    '/api/waitlist',
    '/api/sandbox-early-access',
  ],
};
