import * as z from 'zod';
import { COLLECTION_KEYS } from '../../core/collections.ts';
import { MAX_QUERY_LENGTH } from '../../core/search-options.ts';
import { recordId } from './record-id.ts';
import { contentTool } from './content-tool.ts';
import type { ToolContext } from './tool-context.ts';
import { toolResult } from './tool-result.ts';

const SEARCH_LIMIT = { min: 1, max: 50, default: 10 } as const;

const searchInput = z.object({
  query: z
    .string()
    .min(1)
    .max(MAX_QUERY_LENGTH)
    .regex(/\S/, { error: 'query has no search terms: give at least one word' })
    .describe('Keywords; every term must match, and a term also matches the words it begins.'),
  collection: z
    .enum(COLLECTION_KEYS)
    .optional()
    .describe('Search only this collection; all collections when absent.'),
  limit: z
    .number()
    .int()
    .min(SEARCH_LIMIT.min)
    .max(SEARCH_LIMIT.max)
    .default(SEARCH_LIMIT.default)
    .describe(`How many results, ${SEARCH_LIMIT.min} to ${SEARCH_LIMIT.max}.`),
});

const searchOutput = z.object({
  results: z.array(
    z.object({
      id: z.string().describe('collection/slug: pass it to fetch'),
      title: z.string(),
      url: z.string(),
      collection: z.enum(COLLECTION_KEYS),
      summary: z.string(),
    }),
  ),
});

type SearchArgs = z.infer<typeof searchInput>;

/**
 * The API's search (runtime/static-search-on-disk.ts), narrowed to a collection after
 * ranking every match, so the order stays the API's.
 */
async function search({ data }: ToolContext, { query, collection, limit }: SearchArgs) {
  const hits = collection
    ? (await data.search.search(query, Number.POSITIVE_INFINITY)).filter(
        (hit) => hit.collection === collection,
      )
    : await data.search.search(query, limit);
  return toolResult({
    results: hits.slice(0, limit).map((hit) => ({
      id: recordId(hit),
      title: hit.title,
      url: hit.url,
      collection: hit.collection,
      summary: hit.summary,
    })),
  });
}

export const SEARCH_TOOL = contentTool({
  name: 'search',
  title: 'Search the research',
  description:
    'Find records by keywords across threats, glossary, exposures, apps, ai and posts, best first (title matches rank above summary matches). Start here for any question; then read a result in full with fetch. Use list instead to go through a whole collection.',
  input: searchInput,
  output: searchOutput,
  run: search,
});
