import { expect, it } from 'vitest';
import {
  type CollectionKey,
  ContentApiError,
  createContentClient,
  type RecordOf,
} from '../../client/index.js';
import { COLLECTION_KEYS } from '../../core/collections.ts';

/**
 * The typed client (client/) against a running host, as a read client uses it: every record
 * of every collection page after page, one record, search, the Markdown twins and llms.txt,
 * and an Error as a ContentApiError. `client` gives each test its own sender address, so no
 * test spends another's rate limit.
 */
export function clientChecks(
  origin: () => string,
  client: () => string,
  options: {
    perCollection: number;
    /** Whether the host serves search and lists with limit and offset (a static mirror does not). */
    dynamic: boolean;
    /** The fetch the client sends with, when the suite looks at every exchange. */
    fetch?: (request: Request) => Promise<Response>;
  },
): void {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const contentClient = () =>
    createContentClient({
      baseUrl: origin(),
      headers: { 'X-Forwarded-For': client() },
      fetch: send,
    });

  it('reads every record of every collection page after page, and each record typed by its collection', async () => {
    const api = contentClient();
    const index = await api.index();
    expect(index.collections.map((c) => c.key)).toEqual([...COLLECTION_KEYS]);
    for (const key of COLLECTION_KEYS) {
      const summaries = [];
      const paging = options.dynamic ? { pageSize: 2 } : {};
      for await (const summary of api.records(key, paging)) summaries.push(summary);
      expect(summaries).toHaveLength(options.perCollection);
      expect(new Set(summaries.map((s) => s.slug)).size).toBe(options.perCollection);
      const record = await api.get(key, summaries[0]!.slug);
      expect(record).toMatchObject({ collection: key, data: { slug: summaries[0]!.slug } });
      expect(await api.markdown(key, summaries[0]!.slug)).toContain(`# ${record.data.title}`);
    }
  });

  it('narrows a record by its collection: a threat has its controls, an exposure its severity', async () => {
    const api = contentClient();
    const detail = (key: CollectionKey, record: RecordOf[CollectionKey]): string => {
      switch (record.collection) {
        case 'threats':
          return record.data.controls.join(' ');
        case 'exposures':
          return record.data.severity;
        default:
          return `${key}: ${record.data.title}`;
      }
    };
    const [threat] = (await api.list('threats')).data;
    expect(detail('threats', await api.get('threats', threat!.slug)).length).toBeGreaterThan(0);
    const [exposure] = (await api.list('exposures')).data;
    expect(['critical', 'high', 'medium', 'low', 'info']).toContain(
      detail('exposures', await api.get('exposures', exposure!.slug)),
    );
  });

  it('revalidates with the ETag a host gives, and reads the kept body on a 304', async () => {
    const statuses: number[] = [];
    const etags: (string | null)[] = [];
    const api = createContentClient({
      baseUrl: origin(),
      headers: { 'X-Forwarded-For': client() },
      fetch: async (request) => {
        const response = await send(request);
        statuses.push(response.status);
        etags.push(response.headers.get('ETag'));
        return response;
      },
    });
    const first = await api.list('threats');
    expect(await api.list('threats')).toEqual(first);
    if (etags[0]) expect(statuses).toEqual([200, 304]);
    else expect(statuses).toEqual([200, 200]);
  });

  it('gives llms.txt and llms-full.txt', async () => {
    const api = contentClient();
    expect(await api.llmsTxt()).toMatch(/^# /);
    expect((await api.llmsFullTxt()).length).toBeGreaterThan(1000);
  });

  it('throws a ContentApiError with the code, hint and request id of an Error', async () => {
    const error = await contentClient()
      .get('threats', 'no-such-threat')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
    expect((error as ContentApiError).hint?.length).toBeGreaterThan(10);
    // Code answers with its request's id; a static mirror's file has none.
    if (options.dynamic) expect((error as ContentApiError).requestId).toBeTruthy();
  });

  if (options.dynamic)
    it('finds what a record is called, and gives every result', async () => {
      const api = contentClient();
      const [first] = (await api.list('glossary')).data;
      const word = first!.title.split(/\s+/)[0]!;
      const results = [];
      for await (const result of api.searchResults(word)) results.push(result);
      expect(results.map((r) => r.slug)).toContain(first!.slug);
      expect((await api.search(word)).total).toBe(results.length);
    });
  else
    it('is told by a static mirror where to search: a ContentApiError naming the full service', async () => {
      const error = await contentClient()
        .search('phishing')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContentApiError);
      expect(error).toMatchObject({ status: 501, code: 'not_configured' });
      expect((error as ContentApiError).hint).toContain('/api/v1/search');
    });
}
