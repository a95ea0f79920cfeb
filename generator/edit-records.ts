import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COLLECTION_KEYS, SLUG_PATTERN, type CollectionKey } from '../core/collections.ts';
import type { BuildCache } from './build-cache.ts';
import { knownSitePaths, linkProblems, referenceProblems } from './check-links.ts';
import { problemName, toRecord, type ContentRecord, type Corpus } from './load-content.ts';
import { analyzeNow, knownMeta } from './parallel/analyze-files.ts';
import { compareRecords } from './record-order.ts';

export interface RecordsEdit {
  /** The corpus after the change. */
  corpus: Corpus;
  /** Records new or changed. */
  records: ContentRecord[];
  /** Records whose file is gone. */
  removed: ContentRecord[];
}

/**
 * The corpus after records were edited, added or deleted, for what is built from each
 * record alone (its page, twin and JSON document): npm run dev writes those before the
 * whole build that brings lists, search and the llms files up to date. Only a whole build
 * can judge any other change (a page, the site's settings, a file outside a collection),
 * a file with problems, or a deletion that leaves a link or a reference to the record
 * behind; those give undefined, as does a change that left every record as it was.
 *
 * `changed` are paths relative to `contentDir`, with `/`, as the watcher reports them.
 */
export function editRecords(corpus: Corpus, contentDir: string, changed: readonly string[], cache: BuildCache): RecordsEdit | undefined {
  const byKey = new Map<string, ContentRecord>(COLLECTION_KEYS.flatMap((key) => corpus.records[key].map((record) => [`${key}/${record.slug}`, record] as const)));
  const next = new Map(byKey);
  const records: ContentRecord[] = [];
  const removed: ContentRecord[] = [];
  for (const name of changed) {
    const [folder, fileName, ...deeper] = name.split('/');
    const collection = COLLECTION_KEYS.find((key) => key === folder);
    const slug = fileName?.endsWith('.md') ? fileName.slice(0, -3) : undefined;
    if (!collection || slug === undefined || deeper.length || !SLUG_PATTERN.test(slug)) return undefined;
    const key = `${collection}/${slug}`;
    const file = path.join(contentDir, name);
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      const gone = byKey.get(key);
      if (gone) removed.push(gone);
      next.delete(key);
      continue;
    }
    const relative = problemName(file);
    const record = toRecord(corpus.site, collection, relative, slug, analyzeNow({ file, relative, kind: collection }, bytes, cache));
    if (record.source === byKey.get(key)?.source) continue;
    records.push(record);
    next.set(key, record);
  }
  if (!records.length && !removed.length) return undefined;

  const slugs = Object.fromEntries(COLLECTION_KEYS.map((key) => [key, new Set<string>()])) as Record<CollectionKey, Set<string>>;
  for (const record of next.values()) slugs[record.collection].add(record.slug);
  const sitePaths = knownSitePaths(slugs);
  // A deletion can break any file's references or links, so then every file is checked; else only the changed ones.
  const checked = removed.length ? [...next.values(), ...Object.values(corpus.pages)] : records;
  for (const { file, source } of checked) {
    const meta = knownMeta(cache, source);
    if (!meta || meta.problems.length || referenceProblems(file, meta, slugs).length || linkProblems(file, meta, sitePaths).length) return undefined;
  }
  const grouped = Object.fromEntries(COLLECTION_KEYS.map((key) => [key, [] as ContentRecord[]])) as Corpus['records'];
  for (const record of next.values()) grouped[record.collection].push(record);
  for (const key of COLLECTION_KEYS) grouped[key].sort(compareRecords);
  return { corpus: { ...corpus, records: grouped }, records, removed };
}
