import { COLLECTION_KEYS, type CollectionKey } from '../../core/collections.ts';
import { contentVersion } from '../model/content-version.ts';
import type { Corpus } from '../model/corpus.ts';
import type { KeyedStore } from '../model/stores.ts';
import { jsonFile } from '../model/outputs.ts';
import { eventLoopTurns } from '../parallel/event-loop-turns.ts';
import { documentSignature, documentText } from '../render/record-outputs.ts';

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
 * What a build keeps of its records' versions for the next, by `collection/slug`: the
 * signature of the document each was hashed from (record-outputs.ts) and its version. A
 * build after an edit hashes the edited record's document alone; a record whose document
 * signature is not the one kept (its file changed, the site's address or the generator
 * did) is hashed again, so its version follows its bytes, not its inputs.
 */
export type KeptVersion = [signature: string, version: string];
export type KeptVersions = KeyedStore<KeptVersion>;

/**
 * The manifest's text: every published record, in the lists' order, with its version.
 * Versions kept in `kept` under the document's signature are taken from there; the others
 * are hashed from the document as it is written, and kept. Entries of records gone are
 * dropped from `kept`, which is saved.
 */
export async function recordManifest(corpus: Corpus, kept?: KeptVersions): Promise<string> {
  const turn = eventLoopTurns();
  const baseUrl = corpus.site.baseUrl;
  const records: ListedRecord[] = [];
  const live = new Set<string>();
  for (const collection of COLLECTION_KEYS) {
    for (const record of corpus.records[collection]) {
      const pause = turn();
      if (pause) await pause;
      const id = `${collection}/${record.slug}`;
      live.add(id);
      const signature = documentSignature(record, baseUrl);
      const known = kept?.get(id);
      // A line damaged on disk reads as no version kept.
      let version = known?.[0] === signature ? known[1] : undefined;
      if (typeof version !== 'string') {
        version = contentVersion(documentText(record));
        kept?.set(id, [signature, version]);
      }
      records.push({ collection, slug: record.slug, url: record.url, version });
    }
  }
  if (kept) {
    for (const id of [...kept.keys()]) if (!live.has(id)) kept.delete(id);
    kept.save();
  }
  const manifest: RecordManifest = {
    version: contentVersion(JSON.stringify(records)),
    total: records.length,
    records,
  };
  return jsonFile(manifest);
}
