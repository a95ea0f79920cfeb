import type { CollectionKey } from '../../core/collections.ts';
import { apiFile, pageFile, paths } from '../../core/paths.ts';
import { contentVersion } from '../model/content-version.ts';
import type { ContentRecord, Corpus } from '../model/corpus.ts';
import { recordOfKey } from '../model/record-relations.ts';
import { type FileOutput, jsonFile, signatureOf, signedOutput } from '../model/outputs.ts';
import { type PageOutputs, lazyPage, pageSignatures, siteKeyOf, twinFile } from './page-outputs.ts';
import { neighboursOf, recordContext, relatedSignature } from './pages/record-context.ts';
import { recordPage } from './pages/record-page.ts';
import type { RecordSignatures } from './record-signatures.ts';

/** A record's JSON document in the read API: its fields, its body as Markdown. */
export function recordDocument(record: ContentRecord): {
  collection: CollectionKey;
  data: Record<string, unknown>;
} {
  return {
    collection: record.collection,
    data: { slug: record.slug, url: record.url, ...record.fields, body: record.body().markdown },
  };
}

/** The text of a record's JSON document, as written to dist/ (record.complete() reads what a kept record left out). */
export const documentText = (record: ContentRecord): string =>
  jsonFile(recordDocument(record.complete()));

/** The version of a record's JSON document in the manifest of versions (emit/record-manifest.ts): a hash of its bytes. */
export const documentVersion = (record: ContentRecord): string =>
  contentVersion(documentText(record));

/** The signature of a record's JSON document: it is made from the record's file and the site's address alone. */
export const documentSignature = (record: Pick<ContentRecord, 'source'>, baseUrl: string): string =>
  signatureOf(['record', record.source, baseUrl]);

/**
 * The files built from one record and what it shows of others (record-context.ts: related
 * records, its neighbours): its JSON document, its page and the page's twin. Used by the
 * whole site's render and by npm run dev to write an edited record's files before the rest.
 * With `known` signatures (record-signatures.ts), none is worked out.
 */
export function recordOutputs(
  corpus: Corpus,
  record: ContentRecord,
  siteKey = siteKeyOf(corpus),
  known?: RecordSignatures,
): { document: FileOutput<string>; page: PageOutputs } {
  const pagePath = paths.recordPage(record.collection, record.slug);
  return {
    document: {
      file: apiFile(paths.apiRecord(record.collection, record.slug)),
      output: signedOutput(known?.document ?? documentSignature(record, corpus.site.baseUrl), () =>
        documentText(record),
      ),
    },
    page: lazyPage(
      corpus.site,
      pagePath,
      known ??
        pageSignatures(
          siteKey,
          ['record-page', record.source, relatedSignature(corpus, record)],
          [JSON.stringify(neighboursOf(corpus, record))],
        ),
      // Worked out again when rendered rather than held: every record's context, summaries included, is too much to keep.
      () => recordPage(record.complete(), recordContext(corpus, record)),
    ),
  };
}

/** How many files a record's outputs are written to: as many as recordFiles names. */
export const RECORD_FILES: ReturnType<typeof recordFiles>['length'] = 3;

/** The files of dist/ a record's outputs are written to (those of a deleted record are removed). */
export function recordFiles(
  record: Pick<ContentRecord, 'collection' | 'slug'>,
  page = paths.recordPage(record.collection, record.slug),
): [document: string, page: string, twin: string] {
  return [apiFile(paths.apiRecord(record.collection, record.slug)), pageFile(page), twinFile(page)];
}

/** The files of the records named `collection/slug` (record-signatures.ts names those the last build kept and this one has not). */
export const filesOfRecords = (keys: readonly string[]): string[] =>
  keys.flatMap((key) => {
    const record = recordOfKey(key);
    return record ? recordFiles(record) : [];
  });
