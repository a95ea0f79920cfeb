import { readFileSync } from 'node:fs';
import type { CollectionKey } from '../../core/collections.ts';
import type { Summary } from '../../core/summary.ts';
import type { StaticSearchHeader } from '../../core/static-search-index.ts';
import {
  type Alongside,
  type FileContent,
  type LastFile,
  type LazyOutput,
  signatureOf,
  signedOutput,
} from '../model/outputs.ts';
import { worthAThread } from '../parallel/worth-a-thread.ts';
import { searchIndexOffThread } from './search-index-job.ts';
import { searchDocuments } from './search-index.ts';
import {
  documentFileNames,
  staticSearchFileNames,
  staticSearchFiles,
} from './static-search-index.ts';
import { SEARCH_HEADER_FILE, type StaticSearchFiles, shardFile } from './static-search-layout.ts';
import { type LastStaticSearch, patchStaticSearch } from './static-search-patch.ts';

/** Every collection's summaries, made when first asked for, and what each list is signed with. */
export interface SummaryLists {
  /** Each list's signature, made of its records' card keys: known without making the list. */
  keys: Record<CollectionKey, string>;
  /** Every record's card key, collection after collection: the search index's documents in order. */
  cardKeys: string[];
  /** A collection's summaries, as the JSON of its list file. */
  text(key: CollectionKey): string;
  /** Every collection's summaries as JSON: what the index's thread is handed when it makes the index whole. */
  texts(): Record<CollectionKey, string>;
  summaries(key: CollectionKey): Summary[];
}

/**
 * The search index (core/static-search-index.ts), one index for the functions and the
 * browser, as outputs written last: made apart from the other outputs, so that what they
 * hold is the summaries alone, not the corpus, until the end of the write. Its files are
 * made at once: whichever output is asked for first makes them all. After an edit they
 * are patched from the files the last build left in dist/ (static-search-patch.ts), on
 * this thread, as the patch reads and writes only the files that hold what changed; else
 * the index is made whole, on a thread of its own when it pays. The header and the files
 * of stored fields are named before the index is made, from the records' card keys
 * (documentFileNames); the meta and term files, named by their bytes, come with the header
 * (LazyOutput.alongside).
 */
export function searchOutputs(lists: SummaryLists): Map<string, LazyOutput<Uint8Array>> {
  const inputs = Object.values(lists.keys);
  const documentFiles = documentFileNames(lists.cardKeys);
  let made: StaticSearchFiles | undefined;
  let making: Promise<StaticSearchFiles> | undefined;
  const offThread = worthAThread(lists.cardKeys.length);
  const make = () => (made ??= staticSearchFiles(searchDocuments(lists.summaries), documentFiles));
  // The header's output starts it (emit-site.ts starts it first), with the files dist/ holds to patch.
  const makeApart = (previous?: LastFile) =>
    (making ??= Promise.resolve().then(() => {
      const patched =
        previous &&
        patchStaticSearch(lastFilesIn(previous), searchDocuments(lists.summaries), documentFiles);
      if (patched) return patched;
      return offThread ? searchIndexOffThread(lists.texts(), documentFiles) : make();
    }));
  const named = staticSearchFileNames(documentFiles);
  const alongside: Alongside = {
    named: (content) => {
      const header = JSON.parse(Buffer.from(content).toString()) as StaticSearchHeader;
      return [header.meta, ...header.termFiles.map(([, name]) => name)].map(shardFile);
    },
    made: async () => {
      const files = made ?? (await makeApart());
      const known = new Set(named);
      return new Map<string, FileContent>([...files].filter(([file]) => !known.has(file)));
    },
  };

  const outputs = new Map<string, LazyOutput<Uint8Array>>();
  for (const file of named) {
    const pick = (files: StaticSearchFiles) => files.get(file)!;
    outputs.set(
      file,
      signedOutput(
        // Every file but the header is named by what it is made from (its records), so it is
        // signed by its name alone and kept as it is while the name stays.
        signatureOf(
          file === SEARCH_HEADER_FILE
            ? ['static-search', file, ...inputs]
            : ['static-search', file],
        ),
        () => pick(make()),
        {
          renderElsewhere: async (previous) => pick(await makeApart(previous)),
          ...(file === SEARCH_HEADER_FILE && { alongside }),
        },
      ),
    );
  }
  return outputs;
}

/** The static index's files as dist/ holds them after the last build. */
function lastFilesIn(previous: LastFile): LastStaticSearch {
  return {
    read(file) {
      const at = previous(file);
      if (at === undefined) return undefined;
      try {
        return readFileSync(at);
      } catch {
        return undefined;
      }
    },
    holds: (file) => previous(file) !== undefined,
  };
}
