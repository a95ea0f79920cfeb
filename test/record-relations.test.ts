import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { COLLECTION_KEYS } from '../core/collections.ts';
import { KnownAnalyses } from '../generator/load/analysis-store.ts';
import { editRecords } from '../generator/load/edit-records.ts';
import { loadContent } from '../generator/load/load-content.ts';
import type { Corpus } from '../generator/model/corpus.ts';
import { relationsOf } from '../generator/model/record-relations.ts';
import { syntheticSlug, writeSyntheticCorpus } from './support/synthetic-corpus.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

/** Every relation of every record, as the records themselves (so a stale copy of an edited record shows). */
function everyRelation(corpus: Corpus) {
  const relations = relationsOf(corpus);
  return COLLECTION_KEYS.flatMap((key) =>
    corpus.records[key].map((record) => ({
      record: relations.record(key, record.slug),
      neighbours: relations.neighbours(record),
      referrers: relations.referrers(record),
    })),
  );
}

/** The same relations made afresh: relations are made once per corpus object. */
const afresh = (corpus: Corpus) => everyRelation({ ...corpus });

describe("an edited record's relations (npm run dev writes its page at once)", () => {
  let content: string;
  let analyses: KnownAnalyses;
  let corpus: Corpus;
  const term = `glossary/${syntheticSlug('glossary', 2)}.md`;
  const edit = async (change: (text: string) => string) => {
    const file = path.join(content, term);
    await writeFile(file, change(await readFile(file, 'utf8')));
    const edited = editRecords(corpus, content, [term], analyses);
    expect(edited).toBeDefined();
    return edited!.corpus;
  };

  beforeEach(async () => {
    content = await temporaryDirectory('relations-');
    await writeSyntheticCorpus(content, 6);
    analyses = new KnownAnalyses();
    corpus = await loadContent(content, { analyses });
    // Made, as a build makes them before anything is written ahead.
    relationsOf(corpus);
  });

  it('are those made afresh when the edit keeps its place and references: the edited record everywhere, never the one it replaced', async () => {
    const next = await edit((text) =>
      text.replace(/^summary: .*$/m, 'summary: A summary edited while the dev server runs.'),
    );
    const edited = next.records.glossary.find(
      (record) => record.slug === syntheticSlug('glossary', 2),
    )!;
    const relations = everyRelation(next);
    expect(relations).toEqual(afresh(next));
    // By identity: a threat that references the term lists the edited record, and the term's neighbours point at it.
    const seen = relations.flatMap(({ record, neighbours, referrers }) => [
      record,
      neighbours.previous,
      neighbours.next,
      ...referrers.flatMap((r) => r.records),
    ]);
    expect(seen).toContain(edited);
    expect(
      seen
        .filter((record) => record?.slug === edited.slug && record.collection === 'glossary')
        .every((record) => record === edited),
    ).toBe(true);
    expect(everyRelation(corpus)).toEqual(afresh(corpus));
  });

  it('are those made afresh when the edit moves the record in its order or changes what it references', async () => {
    let next = await edit((text) =>
      text.replace(/^title: .*$/m, 'title: "Aardvark, first of all terms"'),
    );
    expect(next.records.glossary[0]!.slug).toBe(syntheticSlug('glossary', 2));
    expect(everyRelation(next)).toEqual(afresh(next));
    corpus = next;
    next = await edit((text) =>
      text.replace(new RegExp(syntheticSlug('exposures', 2), 'g'), syntheticSlug('exposures', 4)),
    );
    expect(everyRelation(next)).toEqual(afresh(next));
  });
});
