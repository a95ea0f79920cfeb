import type { CollectionKey } from '../../core/collections.ts';
import type { Summary } from '../../core/summary.ts';
import {
  STATIC_SEARCH_HEADER,
  type StaticSearchHeader,
  staticSearchFile,
} from '../../core/static-search-index.ts';
import {
  type Alongside,
  type FileContent,
  type LazyOutput,
  lazyOutput,
  signatureOf,
  signedOutput,
} from '../model/outputs.ts';
import { DATA_DIR } from '../model/site-paths.ts';
import { worthAThread } from '../parallel/worth-a-thread.ts';
import { type SearchFiles, searchFiles, searchIndexOffThread } from './search-index-job.ts';
import { searchDocuments } from './search-index.ts';
import { documentFileNames, staticSearchFileNames } from './static-search-index.ts';

export const SEARCH_INDEX_FILE = `${DATA_DIR}/search-index.json`;

/** Every collection's summaries, made when first asked for, and what each list is signed with. */
export interface SummaryLists {
  /** Each list's signature, made of its records' card keys: known without making the list. */
  keys: Record<CollectionKey, string>;
  /** Every record's card key, collection after collection: the search index's documents in order. */
  cardKeys: string[];
  /** A collection's summaries, as the JSON of its list file. */
  text(key: CollectionKey): string;
  /** Every collection's summaries as JSON: what the index's thread is handed. */
  texts(): Record<CollectionKey, string>;
  summaries(key: CollectionKey): Summary[];
}

/**
 * The search index for the functions and the static index for the browser
 * (core/static-search-index.ts), as outputs written last: made apart from the other
 * outputs, so that what they hold is the summaries alone, not the corpus, until the end of
 * the write. Both are made at once, on a thread of their own when it pays, the static
 * files cut from the index: whichever output is asked for first makes them all, and the
 * lists are made then. The header and the files of stored fields are named before the
 * index is made, from the records' card keys (documentFileNames); the meta and term files, named
 * by their bytes, come with the header (LazyOutput.alongside).
 */
export function searchOutputs(lists: SummaryLists): Map<string, LazyOutput<Uint8Array>> {
  const inputs = Object.values(lists.keys);
  const documentFiles = documentFileNames(lists.cardKeys);
  let made: SearchFiles | undefined;
  let making: Promise<SearchFiles> | undefined;
  const make = () => (made ??= searchFiles(searchDocuments(lists.summaries), documentFiles));
  // The index's output starts the thread (emit-site.ts starts it first), with the file dist/ holds to patch.
  const makeElsewhere = (previous?: string) =>
    (making ??= searchIndexOffThread(lists.texts(), documentFiles, previous));
  const offThread = worthAThread(lists.cardKeys.length);
  const named = staticSearchFileNames(documentFiles);
  const alongside: Alongside = {
    named: (content) => {
      const header = JSON.parse(Buffer.from(content).toString()) as StaticSearchHeader;
      return [header.meta, ...header.termFiles.map(([, name]) => name)].map((name) =>
        staticSearchFile(name).slice(1),
      );
    },
    made: async () => {
      const { files } = offThread ? await makeElsewhere() : make();
      const known = new Set(named);
      return new Map<string, FileContent>([...files].filter(([file]) => !known.has(file)));
    },
  };

  const outputs = new Map<string, LazyOutput<Uint8Array>>([
    [
      SEARCH_INDEX_FILE,
      lazyOutput<Uint8Array>(
        ['search-index', ...inputs],
        () => make().index,
        offThread
          ? { renderElsewhere: async (previous) => (await makeElsewhere(previous)).index }
          : {},
      ),
    ],
  ]);
  const header = STATIC_SEARCH_HEADER.slice(1);
  for (const file of named) {
    const pick = (files: SearchFiles) => files.files.get(file)!;
    outputs.set(
      file,
      signedOutput(
        // Every file but the header is named by what it is made from (its records), so it is
        // signed by its name alone and kept as it is while the name stays.
        signatureOf(file === header ? ['static-search', file, ...inputs] : ['static-search', file]),
        () => pick(make()),
        {
          ...(offThread && { renderElsewhere: async () => pick(await makeElsewhere()) }),
          ...(file === header && { alongside }),
        },
      ),
    );
  }
  return outputs;
}
