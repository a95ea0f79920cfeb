import { readFileSync } from 'node:fs';
import { COLLECTION_KEYS } from '../core/collections.ts';
import { generatorFingerprint } from './build-cache.ts';
import type { ContentRecord, Corpus } from './load-content.ts';
import { recordKey, referencedKeys, relationsOf } from './record-relations.ts';
import { replaceFile } from './replace-file.ts';

/** The signatures of the three files built from one record (render-site.ts, recordOutputs). */
export interface RecordSignatures {
  document: string;
  html: string;
  twin: string;
}

/**
 * What a build keeps of its records for the next one: for each, in its collection's
 * published order (which gives its neighbours), its source, the records it references and
 * its files' signatures, with the generator and site settings they were made under. One
 * line a record, `collection/slug`, source, references (space-separated), signatures, by
 * tabs: the next build splits only the lines of records that changed or show one that did.
 */
export interface KeptRecords {
  generator: string;
  siteKey: string;
  lines: string[];
}

const LINE_FIELDS = 6;

function lineOf(record: ContentRecord, references: string, signatures: RecordSignatures): string {
  return [recordKey(record), record.source, references, signatures.document, signatures.html, signatures.twin].join('\t');
}

const referencesOf = (line: string) => line.split('\t')[2]!.split(' ').filter(Boolean);

/** A build's use of the last one's signatures (see signatureMemo). */
export interface SignatureMemo {
  /** The record's signatures as the last build made them, when nothing its files are built from changed since. */
  known(record: ContentRecord): RecordSignatures | undefined;
  /** Notes a record's signatures, known or worked out anew, for the next build. */
  note(record: ContentRecord, signatures: RecordSignatures): void;
  /** What to keep for the next build: every record noted, in the corpus's order. */
  kept(): KeptRecords;
}

/**
 * Signatures of the last build's records, for the records of `corpus` that nothing they
 * are built from changed since: working out every record's signature (the records its
 * page shows, hashed) was a sixth of a build after a one-record edit at 10,000 records.
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
export function signatureMemo(last: KeptRecords | undefined, corpus: Corpus, siteKey: string): SignatureMemo {
  const generator = generatorFingerprint();
  const usable = last !== undefined && last.generator === generator && last.siteKey === siteKey;
  const before = new Map<string, { line: string; previous: string | undefined; next: string | undefined }>();
  let previous: { key: string; entry: { next: string | undefined } } | undefined;
  for (const line of usable ? last.lines : []) {
    const key = line.slice(0, line.indexOf('\t'));
    const sameCollection = previous !== undefined && previous.key.slice(0, previous.key.indexOf('/')) === key.slice(0, key.indexOf('/'));
    const entry = { line, previous: sameCollection ? previous!.key : undefined, next: undefined as string | undefined };
    if (sameCollection) previous!.entry.next = key;
    before.set(key, entry);
    previous = { key, entry };
  }

  const relations = relationsOf(corpus);
  const touched = new Set<string>();
  const present = new Set<string>();
  for (const key of usable ? COLLECTION_KEYS : []) {
    const list = corpus.records[key];
    list.forEach((record, i) => {
      const name = recordKey(record);
      present.add(name);
      const old = before.get(name);
      if (old?.line.startsWith(`${name}\t${record.source}\t`)) return;
      touched.add(name);
      for (const target of referencedKeys(record)) touched.add(target);
      if (old) for (const target of referencesOf(old.line)) touched.add(target);
      for (const { records } of relations.referrers(record)) for (const referrer of records) touched.add(recordKey(referrer));
      for (const neighbour of [list[i - 1], list[i + 1]]) if (neighbour) touched.add(recordKey(neighbour));
    });
  }
  for (const [name, { line }] of before) if (!present.has(name)) for (const target of referencesOf(line)) touched.add(target);

  /** Lines of the last build taken as they were, by record. */
  const reused = new Map<ContentRecord, string>();
  const noted = new Map<ContentRecord, string>();
  const keyOrUndefined = (record: ContentRecord | undefined) => record && recordKey(record);
  return {
    known(record) {
      const name = recordKey(record);
      const old = before.get(name);
      if (!old || touched.has(name)) return undefined;
      const { previous, next } = relations.neighbours(record);
      if (keyOrUndefined(previous) !== old.previous || keyOrUndefined(next) !== old.next) return undefined;
      reused.set(record, old.line);
      const [, , , document, html, twin] = old.line.split('\t', LINE_FIELDS) as [string, string, string, string, string, string];
      return { document, html, twin };
    },

    note(record, signatures) {
      noted.set(record, reused.get(record) ?? lineOf(record, referencedKeys(record).join(' '), signatures));
    },

    kept: () => ({ generator, siteKey, lines: COLLECTION_KEYS.flatMap((key) => corpus.records[key].map((record) => noted.get(record)!)) }),
  };
}

export function readKeptRecords(file: string): KeptRecords | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  // Written whole or not at all (replaceFile): a file without its last newline is not ours.
  if (!text.endsWith('\n')) return undefined;
  const lines = text.split('\n');
  try {
    const { generator, siteKey } = JSON.parse(lines[0]!) as Omit<KeptRecords, 'lines'>;
    return typeof generator === 'string' && typeof siteKey === 'string' ? { generator, siteKey, lines: lines.slice(1, -1) } : undefined;
  } catch {
    return undefined;
  }
}

export function writeKeptRecords(file: string, { generator, siteKey, lines }: KeptRecords): void {
  replaceFile(file, `${JSON.stringify({ generator, siteKey })}\n${lines.map((line) => `${line}\n`).join('')}`);
}
