import type { SearchDocument } from '../../core/search-options.ts';

/** A key per search document that changes whenever the document does, as a build's card keys do (emit/static-search-index.ts). */
export const keysOf = (documents: SearchDocument[]): string[] =>
  documents.map((document) => JSON.stringify(document));
