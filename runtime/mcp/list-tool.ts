import * as z from 'zod';
import { COLLECTION_KEYS } from '../../core/collections.ts';
import { recordId } from './record-id.ts';
import { contentTool } from './content-tool.ts';
import type { ToolContext } from './tool-context.ts';
import { toolError, toolResult } from './tool-result.ts';

/** Records per call: enough to go through a collection in a few calls, small enough for an agent's context. */
const LIST_PAGE_SIZE = 50;

const listInput = z.object({
  collection: z.enum(COLLECTION_KEYS).describe('The collection to go through.'),
  cursor: z
    .string()
    .max(256)
    .optional()
    .describe('The nextCursor of the previous call, for the records after it.'),
  updatedSince: z.iso
    .date()
    .optional()
    .describe('Only records last updated on this date (YYYY-MM-DD) or later.'),
});

const listOutput = z.object({
  items: z.array(
    z.object({
      id: z.string().describe('collection/slug: pass it to fetch'),
      title: z.string(),
      url: z.string(),
      summary: z.string(),
      lastUpdated: z.string().optional(),
    }),
  ),
  total: z.number().int().describe('How many records the collection has, or match updatedSince.'),
  nextCursor: z
    .string()
    .optional()
    .describe('Present when more records follow: pass it as cursor, with the same arguments.'),
});

type ListArgs = z.infer<typeof listInput>;

/** A cursor names where the next call starts and the filter it belongs to, so it cannot be mixed up with another listing's. */
interface Cursor {
  offset: number;
  updatedSince?: string;
}

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string): Cursor | undefined {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (!Number.isSafeInteger(value.offset) || (value.offset as number) < 0) return undefined;
    if (value.updatedSince !== undefined && typeof value.updatedSince !== 'string')
      return undefined;
    return { offset: value.offset as number, updatedSince: value.updatedSince };
  } catch {
    return undefined;
  }
}

async function listRecords({ data }: ToolContext, args: ListArgs) {
  const cursor = args.cursor === undefined ? { offset: 0 } : decodeCursor(args.cursor);
  if (!cursor) {
    return toolError(
      `cursor "${args.cursor}" is not one this tool gave: pass the nextCursor of the previous list call unchanged, or none to start at the first record.`,
    );
  }
  if (args.cursor !== undefined && args.updatedSince !== cursor.updatedSince) {
    return toolError(
      `This cursor belongs to a listing ${cursor.updatedSince ? `with updatedSince ${cursor.updatedSince}` : 'without updatedSince'}: call again with the same updatedSince, or without a cursor to start over.`,
    );
  }
  const { updatedSince } = args;
  const summaries = await data.summaries(args.collection);
  const matching = updatedSince
    ? summaries.filter((summary) => summary.lastUpdated && summary.lastUpdated >= updatedSince)
    : summaries;
  const end = cursor.offset + LIST_PAGE_SIZE;
  return toolResult({
    items: matching.slice(cursor.offset, end).map((summary) => ({
      id: recordId({ collection: args.collection, slug: summary.slug }),
      title: summary.title,
      url: summary.url,
      summary: summary.summary,
      ...(summary.lastUpdated ? { lastUpdated: summary.lastUpdated } : {}),
    })),
    total: matching.length,
    ...(end < matching.length ? { nextCursor: encodeCursor({ offset: end, updatedSince }) } : {}),
  });
}

export const LIST_TOOL = contentTool({
  name: 'list',
  title: 'List a collection',
  description: `Go through one collection's records in the site's order, ${LIST_PAGE_SIZE} at a time, optionally only those updated since a date: to see what a collection holds or what changed. To answer a question, search instead.`,
  input: listInput,
  output: listOutput,
  run: listRecords,
});
