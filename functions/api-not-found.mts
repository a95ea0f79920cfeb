import type { Config } from '@netlify/functions';
import { notFoundResponse } from '../runtime/responses.ts';
import { functionDataDir, loadServiceData } from '../runtime/service-data.ts';

/** Netlify Function: any other path under /api, any method, is the API's JSON 404. */
const { baseUrl } = await loadServiceData(functionDataDir());

export default async (): Promise<Response> => notFoundResponse(baseUrl);

// Literals only: Netlify reads this statically. test/netlify-bundle.test.ts holds it equal to core/routes.ts.
export const config: Config = {
  path: ['/api/*'],
  excludedPath: ['/api/v1', '/api/v1/*', '/api/v1.json', '/api/contact', '/api/newsletter', '/api/waitlist', '/api/sandbox-early-access'],
};
