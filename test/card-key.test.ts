import { describe, expect, it } from 'vitest';
import type { Summary } from '../core/summary.ts';
import type { ContentRecord } from '../generator/model/corpus.ts';
import { toSummary } from '../generator/model/record-summary.ts';
import { cardKey } from '../generator/render/pages/collection-page.ts';

const record = (change: Partial<Record<keyof Summary, string>> = {}): ContentRecord => {
  const slug = change.slug ?? 'session-hijacking';
  const self: ContentRecord = {
    collection: 'threats',
    slug,
    file: `threats/${slug}.md`,
    fields: {
      title: change.title ?? 'Session hijacking',
      category: change.category ?? 'account-takeover',
      summary: change.summary ?? 'A stolen session cookie signs the attacker in.',
      lastUpdated: change.lastUpdated ?? '2026-03-09',
      severity: 'high',
    },
    complete: () => self,
    source: 'source',
    words: 420,
    body: () => ({ markdown: '', html: '', ids: [] }),
    url: change.url ?? `https://example.com/threats/${slug}/`,
  };
  return self;
};

describe('a record card key', () => {
  // The API's lists, the functions' data and the search index are signed with their records' card keys (emit/emit-site.ts).
  it('changes with every field of the record summary, so a list signed with card keys is never stale', () => {
    const base = cardKey(record());
    const fields = Object.keys(toSummary(record())) as (keyof Summary)[];
    expect(fields.sort()).toEqual(['category', 'lastUpdated', 'slug', 'summary', 'title', 'url']);
    for (const field of fields)
      expect(cardKey(record({ [field]: `${toSummary(record())[field]}x` })), field).not.toBe(base);
  });

  it('stays the same after an edit that neither the card nor the summary shows: the body, an unlisted field', () => {
    const other = record();
    other.source = 'another source';
    other.body = () => ({ markdown: 'Another body.\n', html: '<p>Another body.</p>', ids: [] });
    other.fields.aliases = ['Cookie theft'];
    expect(cardKey(other)).toBe(cardKey(record()));
  });
});
