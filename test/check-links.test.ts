import { describe, expect, it } from 'vitest';
import { byCollection, type CollectionKey } from '../core/collections.ts';
import type { FileMeta } from '../generator/load/analyze-file.ts';
import { linkProblems, sitePathsOf } from '../generator/load/check-links.ts';
import { CARDS_PER_PAGE } from '../generator/model/site-paths.ts';

const slugs = (records: Partial<Record<CollectionKey, string[]>>) =>
  byCollection((key) => new Set(records[key] ?? []));

describe("a site path, as links are checked against the site's records", () => {
  const threats = Array.from({ length: CARDS_PER_PAGE + 1 }, (_, i) => `threat-${i}`);
  const isSitePath = sitePathsOf(slugs({ threats, glossary: ['page', 'passkeys'] }));

  it("is one of the site's pages, documents and files, or a record's page or document", () => {
    for (const path of [
      '/',
      '/about/',
      '/search/',
      '/docs/api/',
      '/pricing/',
      '/llms.txt',
      '/llms-full.txt',
      '/posts/feed.xml',
      '/api/v1',
      '/api/v1/openapi.json',
      '/api/v1/pricing',
      '/api/v1/threats',
      '/threats/',
      '/threats/page/2/',
      '/glossary/',
      '/posts/',
      '/threats/threat-0/',
      `/threats/threat-${CARDS_PER_PAGE}/`,
      '/api/v1/threats/threat-3',
      '/glossary/page/',
      '/api/v1/glossary/passkeys',
    ]) {
      expect(isSitePath(path), path).toBe(true);
    }
  });

  it('is not a record that does not exist, a page past the last, nor any other path', () => {
    for (const path of [
      '/threats/missing/',
      '/api/v1/threats/missing',
      '/threats/page/3/',
      '/glossary/page/2/',
      '/threats/threat-0',
      '/threats/threat-0/extra/',
      '/api/v1/threats/threat-0/',
      '/api/v1/threats/threat-0/x',
      '/unknown/threat-0/',
      '/constructor/threat-0/',
      '/api/v1/constructor/x',
      '//',
      '/api/v1/',
      '/threats//',
    ]) {
      expect(isSitePath(path), path).toBe(false);
    }
  });

  it('is what a link names, without its query or fragment and with or without its last slash', () => {
    const meta = (...urls: string[]): FileMeta => ({
      data: {},
      problems: [],
      references: [],
      words: 0,
      links: urls.map((url, i) => ({ url, line: i + 1 })),
    });
    const found = linkProblems(
      'a.md',
      meta(
        '/threats/threat-1',
        '/threats/threat-1/#how',
        '/api/v1/threats/threat-2?x=1',
        '/glossary/gone/',
        '/glossary/gone#x',
      ),
      isSitePath,
    );
    expect(found.map((problem) => problem.line)).toEqual([4, 5]);
  });
});
