// The stages of a build that has work to do: load, render and emit. build.ts imports this
// module only once a build has found work, so a build that finds dist/ current loads none
// of their code (the Markdown, schema and rendering libraries are most of the generator).
import { REDIRECTS_FILE, redirectsFile } from './emit/netlify-rules.ts';
import { type EmitOptions, emitApi, emitSite } from './emit/emit-site.ts';
import type { KnownAnalyses } from './load/analysis-store.ts';
import { editRecords } from './load/edit-records.ts';
import type { Corpus } from './model/corpus.ts';
import { type Output, SiteFiles } from './model/outputs.ts';
import { siteKeyOf } from './render/page-outputs.ts';
import { cardKey } from './render/pages/collection-page.ts';
import {
  documentVersion,
  filesOfRecords,
  recordFiles,
  recordOutputs,
} from './render/record-outputs.ts';
import { type KeptRecords, signatureMemo } from './render/record-signatures.ts';
import { type RenderOptions, renderSite } from './render/render-site.ts';

export { loadContent } from './load/load-content.ts';

export interface OutputsOptions extends RenderOptions, EmitOptions {
  /** What the last build kept of its records (render/record-signatures.ts). */
  lastRecords?: KeptRecords;
}

/**
 * The stages between load and write. What the last build kept of its records is read
 * first: the manifest of versions takes their versions, the render their signatures. The
 * API's files are emitted first, from the corpus alone, so that the search index's thread
 * starts while the website is rendered; then the files made of the rendered site are
 * emitted.
 */
export async function outputsOf(corpus: Corpus, options: OutputsOptions) {
  const files = new SiteFiles();
  const memo = await signatureMemo(options.lastRecords, corpus, siteKeyOf(corpus), {
    card: cardKey,
    version: documentVersion,
  });
  await emitApi(corpus, files, memo, options);
  const rendered = await renderSite(corpus, files, memo, options);
  await emitSite(corpus, rendered, files);
  return {
    files: files.take(),
    carried: rendered.carried,
    removed: filesOfRecords(memo.removed()),
    records: rendered.records,
  };
}

/**
 * The files built from each edited or new record alone (page, twin, JSON document), those
 * of deleted records, and the API's rewrite rules when records came or went: for
 * Builder.writeEditedRecords. Undefined when only a whole build can take the change.
 */
export function editedRecordFiles(
  built: Corpus,
  contentDir: string,
  changed: readonly string[],
  analyses: KnownAnalyses,
): { corpus: Corpus; files: Map<string, Output>; gone: string[] } | undefined {
  const edit = editRecords(built, contentDir, changed, analyses);
  if (!edit) return undefined;
  const files = new Map<string, Output>();
  for (const record of edit.records) {
    const { document, page } = recordOutputs(edit.corpus, record);
    for (const { file, output } of [document, page.html, page.twin]) files.set(file, output);
  }
  const gone = edit.removed.flatMap((record) => recordFiles(record));
  const added = edit.records.some(
    (record) => !built.records[record.collection].some((r) => r.slug === record.slug),
  );
  if (added || gone.length) files.set(REDIRECTS_FILE, redirectsFile(edit.corpus));
  return { corpus: edit.corpus, files, gone };
}
