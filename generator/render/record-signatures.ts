import { COLLECTION_KEYS, type CollectionKey } from '../../core/collections.ts';
import { VERSION_LENGTH } from '../model/content-version.ts';
import { generatorFingerprint } from '../model/generator.ts';
import { eventLoopTurns } from '../parallel/event-loop-turns.ts';
import type { ContentRecord, Corpus } from '../model/corpus.ts';
import {
  recordKey,
  referencedKeys,
  relationsOf,
  type CorpusRelations,
} from '../model/record-relations.ts';
import type { AppendableText, TextKept, TextStore } from '../model/stores.ts';

/** The signatures of the three files built from one record (render-site.ts, recordOutputs). */
export interface RecordSignatures {
  document: string;
  html: string;
  twin: string;
}

/**
 * What a build keeps of its records for the next one: for each, in its collection's
 * published order (which gives its neighbours), its source, the key of its card, the
 * records it references, the version of its JSON document (the manifest of versions,
 * emit/record-manifest.ts) and its files' signatures, with the generator and site settings
 * they were made under. One line a record, `collection/slug`, source, card, references
 * (space-separated), version, signatures, by tabs: the next build splits only the lines of
 * records that changed or show one that did.
 *
 * Kept as a text: a first line of JSON (generator, settings, write), the records' lines,
 * then a block for each later build that kept the same records in the same order, whose
 * first line (`{"changed":n,"write":…}`) is followed by the n lines that changed, each in
 * the place of its record's. So a build after an edit adds a few lines rather than writing
 * every record's again; once the blocks hold half as many lines as there are records, the
 * next build writes the text whole.
 */
export interface KeptRecords {
  generator: string;
  siteKey: string;
  lines: string[];
  /** The write of dist/ the lines were kept after (write/dist-state.ts, `lastWrite`), when one vouches for them. */
  write?: string;
  /** Where the text the lines were read from or written as stands (its first line and length), and how many lines its blocks hold: what the next build adds a block to. */
  kept?: TextKept & { appended: number };
}

function lineOf(
  record: ContentRecord,
  card: string,
  references: string,
  version: string,
  signatures: RecordSignatures,
): string {
  return [
    recordKey(record),
    record.source,
    card,
    references,
    version,
    signatures.document,
    signatures.html,
    signatures.twin,
  ].join('\t');
}

/** The records of these kept lines, as `collection/slug`, in their order. */
const recordKeysOf = (lines: readonly string[]): string[] =>
  lines.map((line) => line.slice(0, line.indexOf('\t')));

const referencesOf = (line: string) => line.split('\t')[3]!.split(' ').filter(Boolean);

/**
 * What a line kept of a record's file alone, its card's key and its document's version,
 * when the line is of this source and whole: the source follows the name and a tab, and is
 * compared where it stands, without cutting the line; the version has its length, and three
 * signatures follow it. A line damaged on disk reads as a record that changed.
 */
function keptOfTheFile(
  line: string,
  name: string,
  source: string,
): { card: string; version: string } | undefined {
  const cardAt = name.length + source.length + 2;
  if (!line.startsWith(source, name.length + 1) || line[cardAt - 1] !== '\t') return undefined;
  const cardEnd = line.indexOf('\t', cardAt);
  const versionAt = line.indexOf('\t', cardEnd + 1) + 1;
  const versionEnd = line.indexOf('\t', versionAt);
  const twinAt = line.lastIndexOf('\t');
  const htmlAt = line.lastIndexOf('\t', twinAt - 1);
  if (cardEnd < 0 || versionEnd - versionAt !== VERSION_LENGTH) return undefined;
  if (line.lastIndexOf('\t', htmlAt - 1) !== versionEnd) return undefined;
  return { card: line.slice(cardAt, cardEnd), version: line.slice(versionAt, versionEnd) };
}

/** What is made of a record's file alone, worked out for a record whose source changed. */
export interface MadeOfTheRecord {
  /** The key of its card (render/pages/collection-page.ts). */
  card(record: ContentRecord): string;
  /** The version of its JSON document (model/content-version.ts). */
  version(record: ContentRecord): string;
}

/** A build's use of the last one's signatures (see signatureMemo). */
export interface SignatureMemo {
  /** The record's signatures as the last build made them, when nothing its files are built from changed since. */
  known(record: ContentRecord): RecordSignatures | undefined;
  /**
   * The key of the record's card (what its collection's page shows of it), which is made
   * from the record's file alone: the last build's when the record's source is the one it
   * had, else worked out now. A collection page is signed with its cards' keys, which are
   * then not made and hashed anew for every card after one edit.
   */
  card(record: ContentRecord): string;
  /**
   * The version of the record's JSON document, which is made from the record's file alone
   * (and the site settings): the last build's when the record's source is the one it had,
   * else worked out now.
   */
  version(record: ContentRecord): string;
  /** Notes a record's signatures, known or worked out anew, for the next build. */
  note(record: ContentRecord, signatures: RecordSignatures): void;
  /** What to keep for the next build: every record noted, in the corpus's order. */
  kept(): KeptRecords;
  /** The records the last build kept that the corpus no longer has, as `collection/slug`. */
  removed(): string[];
}

/**
 * Signatures of the last build's records, for the records of `corpus` that nothing they
 * are built from changed since: working out every record's signature (the records its
 * page shows, hashed) would be a large share of a build after a one-record edit
 * (docs/benchmarks.md).
 *
 * A record's files are built from its own file, the site settings, the generator, what
 * its page shows of its neighbours and of the records it references and that reference it
 * (record-context.ts). So a record keeps its signatures when its source is the one it
 * had, its neighbours are the same records, and no record it shows changed, came or went:
 * that is, it is none of those a changed or new record references now or did before,
 * nor of those that reference it now, nor its neighbours. (A record that referenced one
 * since deleted must itself have changed, or the build stops with a problem.) The rest,
 * and everything when the generator or the site settings changed, are worked out anew.
 */
export async function signatureMemo(
  last: KeptRecords | undefined,
  corpus: Corpus,
  siteKey: string,
  made: MadeOfTheRecord,
): Promise<SignatureMemo> {
  // Over every record: in npm run dev, a stretch during which nothing would be served.
  const turn = eventLoopTurns();
  const generator = generatorFingerprint();
  const lines =
    last !== undefined && last.generator === generator && last.siteKey === siteKey
      ? last.lines
      : [];
  const oldKeys = recordKeysOf(lines);
  const oldIndex = new Map<string, number>();
  for (const [i, key] of oldKeys.entries()) oldIndex.set(key, i);
  /** Which of the old lines are of records still there. */
  const present = new Uint8Array(lines.length);
  /** Each record's card key and version: for a record whose source is the one it had, those its line holds (they follow the source). */
  const cards = new Map<ContentRecord, string>();
  const versions = new Map<ContentRecord, string>();

  // First pass: what changed, came or went, and every record whose page shows one of them.
  let relations: CorpusRelations | undefined;
  /** Each collection's record names, in its order. */
  const names = {} as Record<CollectionKey, string[]>;
  const touched = new Set<string>();
  for (const key of lines.length ? COLLECTION_KEYS : []) {
    const list = corpus.records[key];
    const listNames = (names[key] = new Array<string>(list.length));
    for (let i = 0; i < list.length; i++) {
      const pause = turn();
      if (pause) await pause;
      const record = list[i]!;
      const name = (listNames[i] = recordKey(record));
      const at = oldIndex.get(name);
      if (at !== undefined) present[at] = 1;
      const kept = at === undefined ? undefined : keptOfTheFile(lines[at]!, name, record.source);
      if (kept) {
        cards.set(record, kept.card);
        versions.set(record, kept.version);
        continue;
      }
      touched.add(name);
      for (const target of referencedKeys(record)) touched.add(target);
      if (at !== undefined) for (const target of referencesOf(lines[at]!)) touched.add(target);
      for (const { records } of (relations ??= relationsOf(corpus)).referrers(record))
        for (const referrer of records) touched.add(recordKey(referrer));
      for (const neighbour of [list[i - 1], list[i + 1]])
        if (neighbour) touched.add(recordKey(neighbour));
    }
  }
  oldKeys.forEach((_name, i) => {
    if (!present[i]) for (const target of referencesOf(lines[i]!)) touched.add(target);
  });

  // Second pass: of the rest, those with the same neighbours as before keep their line.
  const reused = lines.length
    ? await untouchedLines({ corpus, names, touched, lines, oldKeys, oldIndex })
    : new Map<ContentRecord, string>();

  /** The lines of records worked out anew; a reused record's line is the one it had. */
  const noted = new Map<ContentRecord, string>();
  const card = (record: ContentRecord) => {
    let key = cards.get(record);
    if (key === undefined) cards.set(record, (key = made.card(record)));
    return key;
  };
  const version = (record: ContentRecord) => {
    let known = versions.get(record);
    if (known === undefined) versions.set(record, (known = made.version(record)));
    return known;
  };
  return {
    card,
    version,

    known(record) {
      const line = reused.get(record);
      if (line === undefined) return undefined;
      // The signatures are the line's last three fields.
      const twinAt = line.lastIndexOf('\t');
      const htmlAt = line.lastIndexOf('\t', twinAt - 1);
      const documentAt = line.lastIndexOf('\t', htmlAt - 1);
      return {
        document: line.slice(documentAt + 1, htmlAt),
        html: line.slice(htmlAt + 1, twinAt),
        twin: line.slice(twinAt + 1),
      };
    },

    note(record, signatures) {
      if (!reused.has(record))
        noted.set(
          record,
          lineOf(
            record,
            card(record),
            referencedKeys(record).join(' '),
            version(record),
            signatures,
          ),
        );
    },

    removed() {
      if (lines.length) return oldKeys.filter((_key, i) => !present[i]);
      // Kept under other settings, the lines were not compared: their records are looked for now.
      const now = new Set(COLLECTION_KEYS.flatMap((key) => corpus.records[key].map(recordKey)));
      return recordKeysOf(last?.lines ?? []).filter((key) => !now.has(key));
    },

    kept: () => ({
      generator,
      siteKey,
      lines: COLLECTION_KEYS.flatMap((key) =>
        corpus.records[key].map((record) => noted.get(record) ?? reused.get(record)!),
      ),
    }),
  };
}

/** The last build's lines of the records that nothing touched and whose neighbours are the records they were. */
async function untouchedLines({
  corpus,
  names,
  touched,
  lines,
  oldKeys,
  oldIndex,
}: {
  corpus: Corpus;
  names: Record<CollectionKey, string[]>;
  touched: ReadonlySet<string>;
  lines: readonly string[];
  oldKeys: readonly string[];
  oldIndex: ReadonlyMap<string, number>;
}): Promise<Map<ContentRecord, string>> {
  const turn = eventLoopTurns();
  const reused = new Map<ContentRecord, string>();
  const sameNeighbour = (now: string | undefined, collection: string, old: string | undefined) =>
    now !== undefined ? now === old : old === undefined || !old.startsWith(`${collection}/`);
  for (const key of COLLECTION_KEYS) {
    const list = corpus.records[key];
    const listNames = names[key];
    const pause = turn();
    if (pause) await pause;
    for (let i = 0; i < list.length; i++) {
      const name = listNames[i]!;
      const at = oldIndex.get(name);
      if (at === undefined || touched.has(name)) continue;
      if (
        sameNeighbour(listNames[i - 1], key, oldKeys[at - 1]) &&
        sameNeighbour(listNames[i + 1], key, oldKeys[at + 1])
      )
        reused.set(list[i]!, lines[at]!);
    }
  }
  return reused;
}

export function readKeptRecords(store: TextStore): KeptRecords | undefined {
  const text = store.read();
  // Written whole, or added to by whole blocks: a text without its last newline is not ours.
  if (!text?.endsWith('\n')) return undefined;
  const lines = text.split('\n');
  lines.pop();
  try {
    const { generator, siteKey, write } = JSON.parse(lines[0]!) as Omit<KeptRecords, 'lines'>;
    if (typeof generator !== 'string' || typeof siteKey !== 'string') return undefined;
    // A record's line starts with its collection's name, a block's with a brace.
    let end = 1;
    while (end < lines.length && !lines[end]!.startsWith('{')) end++;
    const records = lines.slice(1, end);
    const blocks = end < lines.length ? applyBlocks(records, lines, end) : { appended: 0, write };
    if (!blocks) return undefined;
    return {
      generator,
      siteKey,
      lines: records,
      ...(typeof blocks.write === 'string' && { write: blocks.write }),
      kept: { ...keptAs(text), appended: blocks.appended },
    };
  } catch {
    return undefined;
  }
}

/** Puts each block's lines, from `lines[start]` on, in the place of their records' in `records`; undefined when a block is cut short or names a record not there. */
function applyBlocks(
  records: string[],
  lines: readonly string[],
  start: number,
): { appended: number; write: unknown } | undefined {
  const at = new Map(recordKeysOf(records).map((key, i) => [key, i]));
  let appended = 0;
  /** The last block's write: that of the build that kept the lines last. */
  let write: unknown;
  for (let i = start; i < lines.length; ) {
    const block = JSON.parse(lines[i]!) as { changed?: unknown; write?: unknown };
    if (typeof block.changed !== 'number' || i + 1 + block.changed > lines.length) return undefined;
    for (const line of lines.slice(i + 1, i + 1 + block.changed)) {
      const place = at.get(line.slice(0, line.indexOf('\t')));
      if (place === undefined) return undefined;
      records[place] = line;
    }
    appended += block.changed;
    write = block.write;
    i += 1 + block.changed;
  }
  return { appended, write };
}

/**
 * Keeps `now` for the next build: as a block added to the text `last` was read from, when
 * `now` holds the same records in the same order under the same generator and settings and
 * the blocks would hold no more lines than half the records; else whole. Returns `now`
 * with where its text stands, for a process that builds again.
 */
export function writeKeptRecords(
  store: AppendableText,
  now: KeptRecords,
  last?: KeptRecords,
): KeptRecords {
  const kept = last?.kept;
  const changed = kept && changedLines(last, now);
  if (changed && kept.appended + changed.length <= now.lines.length / 2) {
    const block = `${JSON.stringify({ changed: changed.length, write: now.write })}\n${changed.map((line) => `${line}\n`).join('')}`;
    if (store.append(block, kept))
      return {
        ...now,
        kept: {
          head: kept.head,
          bytes: kept.bytes + Buffer.byteLength(block),
          appended: kept.appended + changed.length,
        },
      };
  }
  const { generator, siteKey, lines, write } = now;
  // One join, rather than a string made for each line and then joined.
  const text = `${JSON.stringify({ generator, siteKey, write })}\n${lines.length ? `${lines.join('\n')}\n` : ''}`;
  store.write(text);
  return { ...now, kept: { ...keptAs(text), appended: 0 } };
}

const keptAs = (text: string): TextKept => ({
  head: text.slice(0, text.indexOf('\n') + 1),
  bytes: Buffer.byteLength(text),
});

/** The lines of `now` not as `last` kept them, when both hold the same records in the same order under the same generator and settings; undefined otherwise. */
function changedLines(last: KeptRecords, now: KeptRecords): string[] | undefined {
  if (last.generator !== now.generator || last.siteKey !== now.siteKey) return undefined;
  if (last.lines.length !== now.lines.length) return undefined;
  const changed: string[] = [];
  for (let i = 0; i < now.lines.length; i++) {
    const before = last.lines[i]!;
    const after = now.lines[i]!;
    // A record whose line was reused holds the very string it was read as.
    if (before === after) continue;
    if (!after.startsWith(before.slice(0, before.indexOf('\t') + 1))) return undefined;
    changed.push(after);
  }
  return changed;
}
