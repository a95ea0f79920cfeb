import * as z from 'zod';
import { COLLECTION_KEYS } from '../../core/collections.ts';
import { paths } from '../../core/paths.ts';
import { parseRecordId, recordId } from './record-id.ts';
import { textWindow } from './text-window.ts';
import { contentTool } from './content-tool.ts';
import type { ToolContext } from './tool-context.ts';
import { toolError, toolResult } from './tool-result.ts';

/**
 * A part's default size stays well under what clients show of a tool's answer (Claude
 * Code cuts at about 25,000 tokens), counting that the text comes twice: as structured
 * content and in the text block.
 */
const FETCH_CHARS = { min: 1000, max: 50_000, default: 20_000 } as const;

const fetchInput = z.object({
  id: z
    .string()
    .min(1)
    .max(2048)
    .describe(
      'The record: collection/slug as search and list return it (threats/credential-phishing), or the URL of its page.',
    ),
  offset: z
    .number()
    .int()
    .min(0)
    .default(0)
    .describe('Where to start in the text: 0, or the nextOffset of the previous part.'),
  maxChars: z
    .number()
    .int()
    .min(FETCH_CHARS.min)
    .max(FETCH_CHARS.max)
    .default(FETCH_CHARS.default)
    .describe(`The most characters of text to return, ${FETCH_CHARS.min} to ${FETCH_CHARS.max}.`),
});

const fetchOutput = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  text: z.string().describe("The record's Markdown page, or the part of it from offset."),
  nextOffset: z
    .number()
    .int()
    .optional()
    .describe('Present when the text is cut: call fetch again with this offset for the rest.'),
  metadata: z.object({
    collection: z.enum(COLLECTION_KEYS),
    slug: z.string(),
    category: z.string(),
    summary: z.string(),
    lastUpdated: z.string().optional(),
    totalChars: z.number().int().describe('The length of the whole text.'),
  }),
});

type FetchArgs = z.infer<typeof fetchInput>;

async function fetchRecord(
  { data, summaryOf, pageOrigins }: ToolContext,
  { id, offset, maxChars }: FetchArgs,
) {
  const ref = parseRecordId(id, pageOrigins);
  const summary = ref && (await summaryOf(ref));
  const twin = ref && summary && (await data.twin(paths.recordPage(ref.collection, ref.slug)));
  if (!ref || !summary || twin === undefined) {
    return toolError(
      `No record has the id "${id}". An id is collection/slug (one of ${COLLECTION_KEYS.join(', ')}), such as threats/credential-phishing, or a record page's URL: use search or list to find ids.`,
    );
  }
  if (offset > twin.length) {
    return toolError(
      `offset ${offset} is past the end of ${recordId(ref)}, which has ${twin.length} characters: start at 0, or at the nextOffset of the previous part.`,
    );
  }
  const part = textWindow(twin, offset, maxChars);
  return toolResult({
    id: recordId(ref),
    title: summary.title,
    url: summary.url,
    text: part.text,
    ...(part.nextOffset === undefined ? {} : { nextOffset: part.nextOffset }),
    metadata: {
      collection: ref.collection,
      slug: ref.slug,
      category: summary.category,
      summary: summary.summary,
      ...(summary.lastUpdated ? { lastUpdated: summary.lastUpdated } : {}),
      totalChars: twin.length,
    },
  });
}

export const FETCH_TOOL = contentTool({
  name: 'fetch',
  title: 'Read a record',
  description:
    'Read one record in full, as the Markdown of its page: what it is, how it works, the controls and related records. Give the id that search or list returned, or the page URL. A long record comes in parts: call again with offset set to nextOffset.',
  input: fetchInput,
  output: fetchOutput,
  run: fetchRecord,
});
