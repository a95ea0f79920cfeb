import { hash } from 'node:crypto';
import type { SearchDocument } from '../../core/search-options.ts';
import { DOCUMENTS_PER_FILE, documentFileCount } from '../../core/static-search-index.ts';
import { signatureOf } from '../model/outputs.ts';
import { indexParts } from './search-index.ts';
import {
  cutRuns,
  documentFileBytes,
  metaFileBytes,
  putHeader,
  putNamed,
  rankOf,
  runStarts,
  SEARCH_HEADER_FILE,
  type StaticSearchFiles,
  shardFile,
  termFileBytes,
} from './static-search-layout.ts';

/**
 * The names of the files of stored fields, in their order, from a key per document (in
 * the index's order) that changes whenever the document does: each file is named by its
 * documents' keys, their place (their short ids) and the generator, which are all its
 * content is made from. So the name is known before the index is made, and it changes
 * whenever the file would. A build's keys are its records' card keys, which cover their
 * summaries (render/pages/collection-page.ts), and are kept from one build to the next.
 */
export function documentFileNames(documentKeys: string[]): string[] {
  return Array.from({ length: documentFileCount(documentKeys.length) }, (_, i) => {
    const first = i * DOCUMENTS_PER_FILE;
    const held = documentKeys.slice(first, first + DOCUMENTS_PER_FILE);
    // Lowercase hex: a mirror refuses paths with capitals (core/canonical-path.ts).
    return `d${hash('sha256', signatureOf(['static-search-documents', String(first), ...held]), 'hex').slice(0, 16)}`;
  });
}

/**
 * The files of the static index known before it is made: the header and the files of
 * stored fields. The meta and term files are named by their bytes, so they are known only
 * with the index (staticSearchFiles).
 */
export function staticSearchFileNames(documentFiles: string[]): string[] {
  return [SEARCH_HEADER_FILE, ...documentFiles.map(shardFile)];
}

/**
 * The static index (core/static-search-index.ts) of `documents`, in the order of their
 * short ids, made whole: MiniSearch indexes them all (search-index.ts), and its entries
 * are cut into files (static-search-layout.ts).
 */
export function staticSearchFiles(
  documents: SearchDocument[],
  documentFiles: string[],
): StaticSearchFiles {
  const parts = indexParts(documents);
  const files: StaticSearchFiles = new Map();
  const meta = putNamed(
    files,
    'm',
    metaFileBytes({ fieldLength: parts.fieldLength, rank: rankOf(documents) }),
  );
  const runs = cutRuns(parts.terms, parts.entries, runStarts(parts.terms.length, documents.length));
  const termFiles = runs.map((run): [string, string] => [
    parts.terms[run[0]!]!,
    putNamed(files, 't', termFileBytes(run.map((at) => parts.entries[at]!))),
  ]);
  for (const [i, name] of documentFiles.entries())
    files.set(
      shardFile(name),
      documentFileBytes(
        parts.storedFields.slice(i * DOCUMENTS_PER_FILE, (i + 1) * DOCUMENTS_PER_FILE),
      ),
    );
  putHeader(
    files,
    {
      documentCount: documents.length,
      meta,
      termFiles,
      documentFiles,
      termCount: parts.terms.length,
    },
    parts.totals,
  );
  return files;
}
