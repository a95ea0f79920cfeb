import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBuildState } from '../generator/cache/build-state.ts';
import type { AppendableText, TextKept } from '../generator/model/stores.ts';
import {
  type KeptRecords,
  readKeptRecords,
  writeKeptRecords,
} from '../generator/render/record-signatures.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

/** A text kept in memory, as the build's state keeps one in a file: added to only while it is as the writer last saw it. */
function memoryText(): AppendableText & { text: string | undefined; wholeWrites: number } {
  const store = {
    text: undefined as string | undefined,
    wholeWrites: 0,
    read: () => store.text,
    write(text: string) {
      store.text = text;
      store.wholeWrites++;
    },
    append(text: string, { head, bytes }: TextKept) {
      if (store.text === undefined || Buffer.byteLength(store.text) !== bytes) return false;
      if (!store.text.startsWith(head)) return false;
      store.text += text;
      return true;
    },
  };
  return store;
}

const line = (name: string, version: string) =>
  `${name}\tsource-${name}\tcard\t\t${version}\tdocument\thtml\ttwin`;
const records = (count: number, version = (i: number) => `v${i}`): string[] =>
  Array.from({ length: count }, (_, i) => line(`posts/p${i}`, version(i)));
const kept = (lines: string[], write = 'write-1'): KeptRecords => ({
  generator: 'g',
  siteKey: 's',
  lines,
  write,
});

describe('the records a build keeps for the next', () => {
  it('are kept whole, then as blocks of the lines that changed, read back as the records now stand', () => {
    const store = memoryText();
    let last = writeKeptRecords(store, kept(records(10)));
    const whole = store.text!;
    expect(store.wholeWrites).toBe(1);

    const edited = records(10, (i) => (i === 3 ? 'v3-edited' : `v${i}`));
    last = writeKeptRecords(store, kept(edited, 'write-2'), readKeptRecords(store));
    // Added to, not written again: the whole text first, then a block of one line.
    expect(store.wholeWrites).toBe(1);
    expect(store.text!.startsWith(whole)).toBe(true);
    expect(store.text!.slice(whole.length)).toBe(
      `{"changed":1,"write":"write-2"}\n${line('posts/p3', 'v3-edited')}\n`,
    );
    expect(readKeptRecords(store)).toMatchObject({ lines: edited, write: 'write-2' });

    // A process that builds again adds to the text it wrote, without reading it.
    const again = records(10, (i) => (i === 3 ? 'v3-edited' : i === 7 ? 'v7-edited' : `v${i}`));
    writeKeptRecords(store, kept(again, 'write-3'), last);
    expect(store.wholeWrites).toBe(1);
    expect(readKeptRecords(store)).toMatchObject({ lines: again, write: 'write-3' });
  });

  it('are written whole when the records or their order changed, the blocks would hold over half the records, or another process wrote them', () => {
    const store = memoryText();
    writeKeptRecords(store, kept(records(10)));
    const rewrites = (now: KeptRecords, last = readKeptRecords(store)) => {
      const before = store.wholeWrites;
      writeKeptRecords(store, now, last);
      expect(readKeptRecords(store)?.lines).toEqual(now.lines);
      return store.wholeWrites - before;
    };
    // A record deleted.
    expect(rewrites(kept(records(9)))).toBe(1);
    // Two records in each other's place.
    const swapped = records(9);
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    expect(rewrites(kept(swapped))).toBe(1);
    // Other site settings.
    expect(rewrites({ ...kept(swapped), siteKey: 'other' })).toBe(1);
    // Four lines changed, a block; five more would make the blocks hold nine lines, over half the nine records.
    const changing = (upTo: number) => swapped.map((l, i) => (i < upTo ? `${l}-${upTo}` : l));
    expect(rewrites({ ...kept(changing(4)), siteKey: 'other' })).toBe(0);
    expect(rewrites({ ...kept(changing(5)), siteKey: 'other' })).toBe(1);
    // Written whole by another process since this one read it, to the same length.
    const read = readKeptRecords(store);
    writeKeptRecords(store, { ...kept(changing(5), 'write-9'), siteKey: 'other' });
    expect(Buffer.byteLength(store.text!)).toBe(read?.kept?.bytes);
    expect(rewrites({ ...kept(changing(6)), siteKey: 'other' }, read)).toBe(1);
  });

  it('are not taken at all from a text cut short or a block naming a record not there', () => {
    const store = memoryText();
    writeKeptRecords(store, kept(records(10)));
    writeKeptRecords(
      store,
      kept(records(10, (i) => (i < 2 ? 'edited' : `v${i}`))),
      readKeptRecords(store),
    );
    const text = store.text!;
    // The last line of the block cut away, whole: the block says two.
    store.text = text.slice(0, text.lastIndexOf('\n', text.length - 2) + 1);
    expect(readKeptRecords(store)).toBeUndefined();
    store.text = text.slice(0, -1);
    expect(readKeptRecords(store)).toBeUndefined();
    store.text = `${text}{"changed":1}\n${line('posts/not-there', 'v')}\n`;
    expect(readKeptRecords(store)).toBeUndefined();
    store.text = text;
    expect(readKeptRecords(store)?.lines).toHaveLength(10);
  });

  it("are added to in the build's state only while the file is as the build read it", async () => {
    const dir = await temporaryDirectory('kept-records-');
    const { records: file } = openBuildState(dir, path.join(dir, 'dist'));
    writeKeptRecords(file, kept(records(10)));
    const read = readKeptRecords(file)!;
    const edited = kept(
      records(10, (i) => (i === 0 ? 'edited' : `v${i}`)),
      'write-2',
    );
    // Written whole again by another process, to the same length, under another first line.
    writeKeptRecords(file, kept(records(10), 'write-9'));
    expect(file.append('{"changed":0}\n', read.kept!)).toBe(false);
    expect(readKeptRecords(file)?.write).toBe('write-9');
    const again = readKeptRecords(file)!;
    writeKeptRecords(file, edited, again);
    expect(file.read()!.endsWith(`{"changed":1,"write":"write-2"}\n${edited.lines[0]}\n`)).toBe(
      true,
    );
    expect(readKeptRecords(file)).toMatchObject({ lines: edited.lines, write: 'write-2' });
  });
});
