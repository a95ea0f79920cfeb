import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBuildState } from '../generator/cache/build-state.ts';
import { contentReader, digestOf, type FileState } from '../generator/load/content-reader.ts';

describe('the content reader with file states kept between builds', () => {
  let dir: string;
  const file = (name: string) => path.join(dir, 'content', name);
  const fileStates = () =>
    openBuildState(path.join(dir, 'cache'), path.join(dir, 'dist')).fileStates<FileState>();
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'content-reader-'));
    mkdirSync(path.join(dir, 'content'));
    for (const name of ['a.md', 'b.md']) writeFileSync(file(name), `# ${name}\n`);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** One build's reads, in a process of its own: each file's digest, and whether the file was read. */
  const build = (names: string[], racyMs = 0) => {
    const reader = contentReader({ states: fileStates(), racyMs });
    const reads = Object.fromEntries(names.map((name) => [name, reader.read(file(name))]));
    reader.saveStates();
    return reads;
  };

  it('takes a file whose state is unchanged as unchanged without reading it', () => {
    expect(build(['a.md', 'b.md'])['a.md']?.bytes?.toString()).toBe('# a.md\n');
    const again = build(['a.md', 'b.md']);
    expect(again['a.md']).toEqual({ digest: digestOf(Buffer.from('# a.md\n')) });
    expect(again['b.md']?.bytes).toBeUndefined();
  });

  it('reads again a file rewritten with the same size and its old modification time put back', () => {
    // A whole second: a time put back through utimes keeps no more than that exactly.
    const then = 1_700_000_000;
    utimesSync(file('a.md'), then, then);
    build(['a.md']);
    const before = statSync(file('a.md'));
    writeFileSync(file('a.md'), '# A.MD\n');
    utimesSync(file('a.md'), then, then);
    expect([statSync(file('a.md')).mtimeMs, statSync(file('a.md')).size]).toEqual([
      before.mtimeMs,
      before.size,
    ]);
    const read = build(['a.md'])['a.md'];
    expect(read?.bytes?.toString()).toBe('# A.MD\n');
    expect(read?.digest).toBe(digestOf(Buffer.from('# A.MD\n')));
  });

  it('sees a file renamed onto another, and forgets deleted files', () => {
    build(['a.md', 'b.md']);
    renameSync(file('b.md'), file('a.md'));
    const read = build(['a.md', 'b.md']);
    expect(read['a.md']?.bytes?.toString()).toBe('# b.md\n');
    expect(read['b.md']).toBeUndefined();
    writeFileSync(file('b.md'), '# b.md\n');
    expect(build(['b.md'])['b.md']?.bytes).toBeDefined();
  });

  it('reads again next time a file changed just before it was read, as it could change again unseen', () => {
    build(['a.md'], 60_000);
    expect(build(['a.md'], 60_000)['a.md']?.bytes).toBeDefined();
    expect(build(['a.md'])['a.md']?.bytes).toBeDefined();
    expect(build(['a.md'])['a.md']?.bytes).toBeUndefined();
  });

  it('keeps the states in memory between builds of one process, and writes them only when they changed', () => {
    const states = fileStates();
    const once = (names: string[]) => {
      const reader = contentReader({ states, racyMs: 0 });
      const reads = names.map((name) => reader.read(file(name)));
      reader.saveStates();
      return reads;
    };
    expect(once(['a.md', 'b.md']).every((read) => read?.bytes)).toBe(true);
    rmSync(path.join(dir, 'cache', 'file-states.log'));
    expect(once(['a.md', 'b.md']).some((read) => read?.bytes)).toBe(false);
    expect(existsSync(path.join(dir, 'cache', 'file-states.log'))).toBe(false);
    // A file no longer read (deleted) changes the states: written again, without it.
    once(['a.md']);
    expect([...fileStates().keys()]).toEqual([file('a.md')]);
  });

  it('keeps the bytes it read ahead for the next read of the file, which takes them, and no others', () => {
    build(['a.md', 'b.md']);
    writeFileSync(file('a.md'), '# a.md, edited\n');
    const reader = contentReader({ states: fileStates(), racyMs: 0 });
    const edited = digestOf(Buffer.from('# a.md, edited\n'));
    expect(reader.readAndHold(file('a.md'))).toBe(edited);
    expect(reader.readAndHold(file('b.md'))).toBe(digestOf(Buffer.from('# b.md\n')));
    // Changed again before the analysis reads it: the analysis takes the bytes that were hashed.
    writeFileSync(file('a.md'), '# a.md, edited twice\n');
    expect(reader.digest(file('a.md'))).toBe(edited);
    expect(reader.read(file('a.md'))).toEqual({
      digest: edited,
      bytes: Buffer.from('# a.md, edited\n'),
    });
    expect(reader.read(file('a.md'))).toEqual({ digest: edited });
    // Known by its state: nothing was read, nothing is held.
    expect(reader.read(file('b.md'))).toEqual({ digest: digestOf(Buffer.from('# b.md\n')) });
  });

  it('keeps no bytes when asked for a digest alone', () => {
    const reader = contentReader();
    expect(reader.digest(file('a.md'))).toBe(digestOf(Buffer.from('# a.md\n')));
    expect(reader.read(file('a.md'))).toEqual({ digest: digestOf(Buffer.from('# a.md\n')) });
    expect(reader.digest(file('missing.md'))).toBeUndefined();
  });

  it('reads every file without a states file', () => {
    const reader = contentReader();
    expect(reader.read(file('a.md'))?.bytes).toBeDefined();
    reader.saveStates();
    expect(contentReader().read(file('a.md'))?.bytes).toBeDefined();
  });
});
