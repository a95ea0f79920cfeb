import { COLLECTION_KEYS, COLLECTIONS } from '../../core/collections.ts';
import { paths, twinPath } from '../../core/paths.ts';
import type { Corpus } from '../model/corpus.ts';
import { API_VERSION } from '../../core/api-versions.ts';

export function apiIndex(corpus: Corpus) {
  const base = corpus.site.baseUrl;
  return {
    name: corpus.site.apiName,
    version: API_VERSION,
    description: corpus.site.apiDescription,
    openapi: base + paths.openapi,
    documentation: base + paths.apiReference,
    collections: COLLECTION_KEYS.map((key) => ({
      key,
      description: COLLECTIONS[key].description,
      list: base + paths.apiList(key),
      item: base + paths.apiItemTemplate(key),
      count: corpus.records[key].length,
    })),
    endpoints: NON_COLLECTION_ENDPOINTS,
  };
}

export const NON_COLLECTION_ENDPOINTS = [
  {
    method: 'GET',
    path: paths.apiIndex,
    description: 'This index: every collection with its count and URL templates',
  },
  {
    method: 'GET',
    path: paths.apiSearch,
    description: 'Keyword search across every collection (q required, limit 1 to 200)',
  },
  { method: 'GET', path: paths.apiPricing, description: 'Pricing of the extension' },
  {
    method: 'GET',
    path: paths.apiManifest,
    description:
      "Every published record's version (a hash of its JSON document), for clients that keep a copy and fetch only what changed",
  },
  { method: 'GET', path: paths.openapi, description: 'OpenAPI 3.1 description of the whole API' },
  {
    method: 'POST',
    path: '/api/contact',
    description: 'Send a message to the team; the sender receives an acknowledgement',
  },
  {
    method: 'POST',
    path: '/api/newsletter',
    description: 'Subscribe an address to the newsletter',
  },
  { method: 'POST', path: '/api/waitlist', description: 'Join the waitlist' },
  {
    method: 'POST',
    path: '/api/sandbox-early-access',
    description: 'Request early access to the sandbox offering',
  },
  {
    method: 'POST',
    path: paths.mcp,
    description:
      'Model Context Protocol server for AI agents (Streamable HTTP): search, fetch and list tools over every collection',
  },
  {
    method: 'GET',
    path: paths.llms,
    description: 'Plain-text overview of the site for language models',
  },
];

export function pricingDocument(corpus: Corpus) {
  const base = corpus.site.baseUrl;
  const { lastUpdated, ...rest } = corpus.pricing;
  return {
    ...rest,
    pricingPage: base + paths.pricingPage,
    machineReadable: base + twinPath(paths.pricingPage),
    lastUpdated,
  };
}
