import { COLLECTION_KEYS, type CollectionKey } from '../../core/collections.ts';
import { contentVersion } from '../model/content-version.ts';
import type { ContentRecord, Corpus } from '../model/corpus.ts';
import { jsonFile, type LazyOutput, lazyOutput } from '../model/outputs.ts';
import { eventLoopTurns } from '../parallel/event-loop-turns.ts';

/** One published record as the manifest lists it. */
export interface ListedRecord {
  collection: CollectionKey;
  slug: string;
  /** The record's canonical page, as its Summary and its document give it. */
  url: string;
  /** A hash of its JSON document's bytes (contentVersion): it changes exactly when they do. */
  version: string;
}

/** What GET /api/v1/manifest sends. */
export interface RecordManifest {
  /** A hash of every entry: it changes exactly when a record is added, removed or changed. */
  version: string;
  total: number;
  records: ListedRecord[];
}

/**
 * The manifest, signed with what it lists: each published record, in the lists' order,
 * with its URL and its version, as `versionOf` gives it (kept by the last build while the
 * record's file is the same, render/record-signatures.ts, else hashed from the document as
 * it is written). A build after an edit that changed no record's document leaves it unmade.
 */
export async function recordManifest(
  corpus: Corpus,
  versionOf: (record: ContentRecord) => string,
): Promise<LazyOutput<string>> {
  const turn = eventLoopTurns();
  const records: ListedRecord[] = [];
  for (const collection of COLLECTION_KEYS) {
    for (const record of corpus.records[collection]) {
      const pause = turn();
      if (pause) await pause;
      records.push({ collection, slug: record.slug, url: record.url, version: versionOf(record) });
    }
  }
  const listed = records.map(
    ({ collection, slug, url, version }) => `${collection}/${slug}\t${url}\t${version}`,
  );
  return lazyOutput(['record-manifest', listed.join('\n')], () => {
    const manifest: RecordManifest = {
      version: contentVersion(JSON.stringify(records)),
      total: records.length,
      records,
    };
    return jsonFile(manifest);
  });
}
