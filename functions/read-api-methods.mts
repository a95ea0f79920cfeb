import type { Config } from '@netlify/functions';
import { createReadApi } from '../runtime/read-api.ts';
import { functionDataDir, loadServiceData } from '../runtime/service-data.ts';

/**
 * Netlify Function: every method other than GET/HEAD on /api/v1, static paths included:
 * 405 with Allow on read paths, 404 on unknown ones, CORS preflight answers.
 */
const readApi = createReadApi(await loadServiceData(functionDataDir()));

export default async (request: Request): Promise<Response> => (await readApi(request)) ?? new Response(null, { status: 404 });

export const config: Config = {
  path: ['/api/v1', '/api/v1/*'],
  method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
};
