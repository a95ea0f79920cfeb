import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  composedOutput,
  type FileContent,
  type LazyOutput,
  type Output,
} from '../generator/model/outputs.ts';
import { renderOffThread } from '../generator/write/render-off-thread.ts';
import { openBuildState } from '../generator/cache/build-state.ts';
import { DistState } from '../generator/write/dist-state.ts';
import { writeDistSwapped } from '../generator/write/swapped-write.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

describe('outputs with a thread of their own', () => {
  it('start before the write when dist/ does not hold them as they would be written, and the write takes that text', async () => {
    const root = await temporaryDirectory('head-start-');
    const out = path.join(root, 'dist');
    let started = 0;
    const index = (text: string): LazyOutput => ({
      signature: text,
      render: () => text,
      renderElsewhere: async () => {
        started++;
        return text;
      },
    });
    const dist = new DistState(out, openBuildState(path.join(root, 'cache'), out).dist);
    const build = async (output: LazyOutput) => {
      dist.begin();
      dist.prepare('index.json', output);
      const startedBeforeWrite = started;
      const written = await dist.write(new Map<string, Output>([['index.json', output]]), 'inputs');
      return {
        startedBeforeWrite,
        written: written.written,
        text: await readFile(path.join(out, 'index.json'), 'utf8'),
      };
    };
    expect(await build(index('one'))).toEqual({ startedBeforeWrite: 1, written: 1, text: 'one' });
    // Held as it would be written: neither started nor written.
    expect(await build(index('one'))).toEqual({ startedBeforeWrite: 1, written: 0, text: 'one' });
    expect(await build(index('two'))).toEqual({ startedBeforeWrite: 2, written: 1, text: 'two' });
    expect(started).toBe(2);
  });

  it('are made from the text dist/ holds, which a deleted dist/ gets back from its links in the cache, unless it was changed in place and dist/ touched', async () => {
    const root = await temporaryDirectory('kept-');
    const out = path.join(root, 'dist');
    const links = path.join(root, 'cache', 'links');
    const given: (string | undefined)[] = [];
    const index = (text: string): LazyOutput => ({
      signature: text,
      render: () => text,
      renderElsewhere: async (previous) => {
        const last = previous?.('_data/index.json');
        given.push(last && (await readFile(last, 'utf8')));
        return text;
      },
    });
    /** A build as a new process runs it: dist/ opened afresh from the manifest in the cache. */
    const build = async (text: string) => {
      const dist = new DistState(out, openBuildState(path.join(root, 'cache'), out).dist, {
        links,
      });
      dist.begin();
      dist.prepare('_data/index.json', index(text));
      return (
        await dist.write(new Map<string, Output>([['_data/index.json', index(text)]]), 'inputs')
      ).written;
    };
    const file = path.join(out, '_data/index.json');
    const link = path.join(links, '_data/index.json');
    expect(await build('one')).toBe(1);
    expect((await stat(link)).ino).toBe((await stat(file)).ino);
    await rm(out, { recursive: true });
    expect(await build('one')).toBe(0);
    expect(await readFile(file, 'utf8')).toBe('one');
    expect(await build('two')).toBe(1);
    expect((await stat(link)).ino).toBe((await stat(file)).ino);
    await rm(out, { recursive: true });
    expect(await build('three')).toBe(1);
    expect(given).toEqual([undefined, 'one', 'two']);

    // Changed in place, the file changed under its link too: linked back as it is, and taken at the manifest's word...
    await writeFile(file, 'THREE');
    await rm(out, { recursive: true });
    expect(await build('three')).toBe(0);
    expect(await readFile(file, 'utf8')).toBe('THREE');
    // ...until dist/ is touched: then it is checked, and made afresh, not from the text changed by hand.
    await utimes(out, new Date(), new Date());
    expect(await build('three')).toBe(1);
    expect(given).toEqual([undefined, 'one', 'two', undefined]);
    expect(await readFile(file, 'utf8')).toBe('three');
    expect(await readdir(path.join(links, '_data'))).toEqual(['index.json']);
  });

  it('run alone: the pool of page renderers starts once one started early has finished', async () => {
    let finish!: (text: FileContent) => void;
    const earlyText = new Promise<FileContent>((resolve) => (finish = resolve));
    const pooledAt: number[] = [];
    const entries: [string, Output][] = Array.from({ length: 400 }, (_, i): [string, Output] => [
      `page-${i}/index.html`,
      {
        signature: String(i),
        render: () => 'page',
        renderInPool: async () => {
          pooledAt.push(performance.now());
          return 'page';
        },
      },
    ]);
    entries.push([
      'index.json',
      { signature: 'index', render: () => 'index', renderElsewhere: () => earlyText },
    ]);
    const offThread = renderOffThread(entries, () => true, {
      threads: 2,
      headStarts: new Map([['index.json', earlyText]]),
    });
    try {
      const firstPage = offThread.at(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(pooledAt).toEqual([]);
      const finishedAt = performance.now();
      finish('index');
      expect(await firstPage).toBe('page');
      expect(pooledAt[0]).toBeGreaterThanOrEqual(finishedAt);
      expect(await offThread.at(400)).toBe('index');
    } finally {
      await offThread.close();
    }
  });

  it('start after a pool only once every other file is written, the files of parts too: by then the write holds no other output', async () => {
    const root = await temporaryDirectory('last-');
    const out = path.join(root, 'dist');
    /** The files of a write into `dir`, and whether the index's thread found the last page and the file of parts there when it started. */
    const write = (dir: string) => {
      const seen: { written?: boolean[] } = {};
      const pages = Array.from({ length: 400 }, (_, i): [string, Output] => [
        `page-${i}.html`,
        { signature: `${i}`, render: () => `page ${i}`, renderInPool: async () => `page ${i}` },
      ]);
      const parts = composedOutput(
        pages.slice(0, 3).map(([file, output], i) => ({ key: `${i}`, prefix: '', file, output })),
      );
      const index: LazyOutput = {
        signature: 'index',
        render: () => 'index',
        renderElsewhere: async () => {
          seen.written = ['page-399.html', 'all.txt'].map((file) =>
            existsSync(path.join(dir, file)),
          );
          return 'index';
        },
      };
      return {
        seen,
        files: new Map<string, Output>([...pages, ['all.txt', parts], ['index.json', index]]),
      };
    };
    const inPlace = write(out);
    const dist = new DistState(out, openBuildState(path.join(root, 'cache'), out).dist);
    dist.begin();
    await dist.write(inPlace.files, 'inputs', { threads: 2 });
    expect(inPlace.seen.written).toEqual([true, true]);
    expect(await readFile(path.join(out, 'all.txt'), 'utf8')).toBe('page 0page 1page 2');

    const swapped = write(`${path.join(root, 'clean')}.staging-${process.pid}`);
    await writeDistSwapped(path.join(root, 'clean'), swapped.files, { threads: 2 });
    expect(swapped.seen.written).toEqual([true, true]);
  });
});
