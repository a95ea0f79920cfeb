import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COLLECTION_KEYS, SLUG_PATTERN, type CollectionKey } from '../../core/collections.ts';
import type { KnownAnalyses } from './analysis-store.ts';
import { keepSiteIndex, linkProblems, referenceProblems, siteIndexOf } from './check-links.ts';
import { problemName, toRecord } from './load-content.ts';
import type { ContentRecord, Corpus } from '../model/corpus.ts';
import { analyzeNow } from './analyze-files.ts';
import { compareRecords } from '../model/record-order.ts';
import { carryRelations } from '../model/record-relations.ts';

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
export function editRecords(
  corpus: Corpus,
  contentDir: string,
  changed: readonly string[],
  analyses: KnownAnalyses,
): RecordsEdit | undefined {
  // Only the collections an edit touches are copied: the others, and the checks' index, are the corpus's own.
  const grouped = { ...corpus.records };
  const touched = new Set<CollectionKey>();
  const records: ContentRecord[] = [];
  const removed: ContentRecord[] = [];
  const replaced = new Map<ContentRecord, ContentRecord>();
  for (const name of changed) {
    const [folder, fileName, ...deeper] = name.split('/');
    const collection = COLLECTION_KEYS.find((key) => key === folder);
    const slug = fileName?.endsWith('.md') ? fileName.slice(0, -3) : undefined;
    if (!collection || slug === undefined || deeper.length || !SLUG_PATTERN.test(slug))
      return undefined;
    if (!touched.has(collection)) grouped[collection] = [...grouped[collection]];
    touched.add(collection);
    const list = grouped[collection];
    const at = list.findIndex((record) => record.slug === slug);
    const file = path.join(contentDir, name);
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      if (at >= 0) removed.push(...list.splice(at, 1));
      continue;
    }
    const relative = problemName(file);
    const record = toRecord(
      corpus.site,
      collection,
      relative,
      slug,
      analyzeNow({ file, relative, kind: collection }, bytes, analyses),
    );
    if (record.source === list[at]?.source) continue;
    records.push(record);
    if (at < 0) list.push(record);
    else {
      // The record the corpus had, not one edited earlier in this batch: what relations are carried from.
      if (corpus.records[collection].includes(list[at]!)) replaced.set(list[at]!, record);
      list[at] = record;
    }
  }
  if (!records.length && !removed.length) return undefined;
  for (const key of touched) grouped[key].sort(compareRecords);

  const sameRecords = !removed.length && replaced.size === records.length;
  const index = sameRecords ? siteIndexOf(corpus.records) : siteIndexOf(grouped);
  if (sameRecords) keepSiteIndex(grouped, index);
  // A deletion can break any file's references or links, so then every file is checked; else only the changed ones.
  const checked = removed.length
    ? [...COLLECTION_KEYS.flatMap((key) => grouped[key]), ...Object.values(corpus.pages)]
    : records;
  for (const { file, source } of checked) {
    const meta = analyses.metas.get(source);
    if (
      !meta ||
      meta.problems.length ||
      referenceProblems(file, meta, index.slugs).length ||
      linkProblems(file, meta, index.isSitePath).length
    )
      return undefined;
  }
  const next = { ...corpus, records: grouped };
  if (sameRecords) carryRelations(corpus, next, replaced);
  return { corpus: next, records, removed };
}
