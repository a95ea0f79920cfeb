import type { Config, Context } from '@netlify/functions';
import { guardHandler } from '../runtime/request-guard.ts';
import { createSearchPage } from '../runtime/search-page.ts';
import { functionDataDir, loadServiceData } from '../runtime/service-data.ts';

/**
 * Netlify Function: /search/?q= answered with the search page and the query's results,
 * from the build's page template in dist/_data/ and its static search index (netlify.toml
 * included_files). The markdown-twin edge function in front of it serves the twin.
 */
const data = await loadServiceData(functionDataDir());
const searchPage = createSearchPage(data);

export default guardHandler<Context>({ audience: 'page', docs: data.docs }, (request) =>
  searchPage(request),
);

// Literals only: Netlify reads this statically. test/netlify-bundle.test.ts holds it equal to core/routes.ts.
export const config: Config = {
  path: ['/search'],
  rateLimit: { windowLimit: 600, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
