import { appendFile, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { type KeyedLogOptions, openKeyedLog as openLog } from '../generator/cache/keyed-log.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

describe.each([
  { read: 'whole', byKey: false },
  { read: 'by key', byKey: true },
])('a keyed log read $read', ({ byKey }) => {
  const openKeyedLog = <Value>(file: string, options: KeyedLogOptions = {}) =>
    openLog<Value>(file, { ...options, byKey });

  it('reads back what was set and deleted, appending only the changes at each save', async () => {
    const file = path.join(await temporaryDirectory('keyed-log-'), 'nested', 'map.log');
    const log = openKeyedLog<[number, string]>(file);
    for (let i = 0; i < 1000; i++) log.set(`key-${i}`, [i, `value ${i}`]);
    log.save();
    const full = (await stat(file)).size;

    const again = openKeyedLog<[number, string]>(file);
    expect(again.size).toBe(1000);
    expect(again.get('key-7')).toEqual([7, 'value 7']);
    again.set('key-7', [7, 'changed']);
    again.delete('key-8');
    again.delete('no-such-key');
    again.set('key-new', [-1, 'new']);
    again.save();
    // Three lines appended, not the map written again.
    expect((await stat(file)).size - full).toBe(
      Buffer.byteLength('["key-7",[7,"changed"]],\n["key-8"],\n["key-new",[-1,"new"]],\n'),
    );

    const third = openKeyedLog<[number, string]>(file);
    expect(third.size).toBe(1000);
    expect(third.get('key-7')).toEqual([7, 'changed']);
    expect(third.has('key-8')).toBe(false);
    expect(third.get('key-new')).toEqual([-1, 'new']);
    expect([...third.keys()]).toContain('key-999');
  });

  it('is written afresh once most of it is outdated lines, with the same entries', async () => {
    const file = path.join(await temporaryDirectory('keyed-log-'), 'map.log');
    const filler = 'x'.repeat(1000);
    for (let round = 0; round < 10; round++) {
      const log = openKeyedLog<string>(file);
      for (let i = 0; i < 100; i++) log.set(`k${i}`, `${filler} ${round}`);
      log.save();
    }
    // Ten rounds of 100 KB of entries, the file never more than about twice what is live.
    expect((await stat(file)).size).toBeLessThan(3 * 100 * 1010);
    const log = openKeyedLog<string>(file);
    expect(log.size).toBe(100);
    expect(log.get('k42')).toBe(`${filler} 9`);
  });

  it('ignores a last line cut short and a damaged line, and writes afresh rather than append after either', async () => {
    const file = path.join(await temporaryDirectory('keyed-log-'), 'map.log');
    await writeFile(file, '["a",1],\n["b",{damaged],\n["c",3],\n["d",[4');
    const log = openKeyedLog<number>(file);
    expect(log.get('a')).toBe(1);
    expect(log.get('b')).toBeUndefined();
    expect(log.has('b')).toBe(false);
    expect(log.get('c')).toBe(3);
    expect(log.has('d')).toBe(false);
    log.set('e', 5);
    log.save();
    const reread = openKeyedLog<number>(file);
    expect([...reread.keys()].sort()).toEqual(['a', 'c', 'e']);
    expect(reread.get('e')).toBe(5);
    await appendFile(file, '["f",6],\n');
    expect(openKeyedLog<number>(file).get('f')).toBe(6);
    // A file of another format: nothing read from it, and written afresh at the first save.
    await writeFile(file, 'a\t1\nb\t2\n');
    const other = openKeyedLog<number>(file);
    expect(other.size).toBe(0);
    other.set('c', 3);
    other.save();
    expect(await readFile(file, 'utf8')).toBe('["c",3],\n');
    // Nothing whole: a file of one line cut short, and an empty file.
    await writeFile(file, '["g",');
    expect(openKeyedLog<number>(file).size).toBe(0);
    await writeFile(file, '');
    const empty = openKeyedLog<number>(file);
    expect(empty.size).toBe(0);
    empty.set('h', 8);
    empty.save();
    expect(await readFile(file, 'utf8')).toBe('["h",8],\n');
  });

  it('reads back text beyond ASCII as written, a damaged line beside it or not', async () => {
    const file = path.join(await temporaryDirectory('keyed-log-'), 'map.log');
    const values = {
      quote: '“Zero trust” — naïve',
      emoji: 'locks 🔐 and keys 🔑',
      cjk: '浏览器安全',
    };
    const log = openKeyedLog<string>(file);
    for (const [key, value] of Object.entries(values)) log.set(key, value);
    log.save();
    expect(Object.fromEntries(openKeyedLog<string>(file).entries())).toEqual(values);
    await appendFile(file, '["broken",\n');
    expect(Object.fromEntries(openKeyedLog<string>(file).entries())).toEqual(values);
  });

  it('reads a file of many times the bytes it reads at once: long lines, text beyond ASCII and a damaged line among them', async () => {
    const file = path.join(await temporaryDirectory('keyed-log-'), 'map.log');
    const log = openKeyedLog<string>(file);
    const values = new Map<string, string>();
    for (let i = 0; i < 3000; i++) {
      // Every 700th line longer than the rest of the file together reads at once.
      const long = i % 700 === 0 ? 'ü'.repeat(100_000) : '';
      values.set(`key ${i}`, `value ${i} “naïve” 🔐 ${long}`);
    }
    for (const [key, value] of values) log.set(key, value);
    log.save();
    const read = openKeyedLog<string>(file);
    expect(read.size).toBe(values.size);
    expect(new Map(read.entries())).toEqual(values);
    // A damaged line in the middle drops that line alone (read by key, once its value is asked for); the file is then written afresh at the next save.
    const text = await readFile(file, 'utf8');
    const middle = text.indexOf('["key 1500"');
    await writeFile(file, `${text.slice(0, middle)}["key 1500",{${text.slice(middle + 12)}`);
    const damaged = openKeyedLog<string>(file);
    expect(damaged.get('key 1500')).toBeUndefined();
    expect(damaged.has('key 1500')).toBe(false);
    expect(damaged.size).toBe(values.size - 1);
    expect(damaged.get('key 1499')).toBe(values.get('key 1499'));
    expect(damaged.get('key 2100')).toBe(values.get('key 2100'));
    damaged.set('key 1500', 'again');
    damaged.save();
    expect(openKeyedLog<string>(file).get('key 1500')).toBe('again');
    expect(openKeyedLog<string>(file).size).toBe(values.size);
  });
  it('writes itself afresh when its file was removed or changed by another hand since it was read', async () => {
    const file = path.join(await temporaryDirectory('keyed-log-'), 'map.log');
    const log = openKeyedLog<number>(file);
    log.set('a', 1);
    log.set('b', 2);
    log.save();
    await rm(file);
    log.delete('b');
    log.save();
    expect([...openKeyedLog<number>(file).keys()]).toEqual(['a']);
    await appendFile(file, '["z",26],\n');
    log.set('c', 3);
    log.save();
    expect([...openKeyedLog<number>(file).keys()].sort()).toEqual(['a', 'c']);
  });

  it('opened empty, reads nothing of its file and replaces it at the first save, even with nothing set', async () => {
    const file = path.join(await temporaryDirectory('keyed-log-'), 'map.log');
    const log = openKeyedLog<number>(file);
    log.set('a', 1);
    log.set('b', 2);
    log.save();
    const empty = openKeyedLog<number>(file, { empty: true });
    expect(empty.size).toBe(0);
    expect(empty.get('a')).toBeUndefined();
    empty.set('c', 3);
    empty.save();
    expect(await readFile(file, 'utf8')).toBe('["c",3],\n');
    openKeyedLog<number>(file, { empty: true }).save();
    expect(await readFile(file, 'utf8')).toBe('');
  });

  it('keeps any key, one with a tab, a line break or a quote too', async () => {
    const file = path.join(await temporaryDirectory('keyed-log-'), 'map.log');
    const log = openKeyedLog<number>(file);
    for (const [i, key] of ['a\tb', 'a\nb', 'a"b', ''].entries()) log.set(key, i);
    log.save();
    expect([...openKeyedLog<number>(file).keys()]).toEqual(['a\tb', 'a\nb', 'a"b', '']);
  });
});

describe('a keyed log read by key', () => {
  it('parses a value only when it is asked for, and every value at once when every entry is', async () => {
    const file = path.join(await temporaryDirectory('keyed-log-'), 'map.log');
    const log = openLog<{ n: number }>(file);
    for (let i = 0; i < 1000; i++) log.set(`key-${i}`, { n: i });
    log.save();
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const byKey = openLog<{ n: number }>(file, { byKey: true });
      expect(byKey.size).toBe(1000);
      expect([...byKey.keys()].slice(0, 2)).toEqual(['key-0', 'key-1']);
      expect(byKey.get('key-500')).toEqual({ n: 500 });
      expect(parse).toHaveBeenCalledTimes(1);
      byKey.set('key-1', { n: -1 });
      byKey.delete('key-2');
      byKey.save();
      expect(Object.fromEntries(byKey.entries())['key-999']).toEqual({ n: 999 });
      // One parse of the whole file for the 997 entries not asked for.
      expect(parse).toHaveBeenCalledTimes(2);
    } finally {
      parse.mockRestore();
    }
    const whole = openLog<{ n: number }>(file);
    expect(whole.get('key-1')).toEqual({ n: -1 });
    expect(whole.has('key-2')).toBe(false);
    expect(whole.size).toBe(999);
  });

  it('parses the rest at once once most values are asked for one by one', async () => {
    const file = path.join(await temporaryDirectory('keyed-log-'), 'map.log');
    const log = openLog<number>(file);
    for (let i = 0; i < 1600; i++) log.set(`key-${i}`, i);
    log.save();
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const byKey = openLog<number>(file, { byKey: true });
      for (let i = 0; i < 1600; i++) expect(byKey.get(`key-${i}`)).toBe(i);
      // A hundred one at a time (a sixteenth of the keys), then one parse of the whole file.
      expect(parse).toHaveBeenCalledTimes(101);
    } finally {
      parse.mockRestore();
    }
  });

  it('drops a damaged value once it is asked for, and writes the file afresh without it', async () => {
    const file = path.join(await temporaryDirectory('keyed-log-'), 'map.log');
    await writeFile(file, '["a",1],\n["b",{damaged],\n["c",3],\n');
    const log = openLog<number>(file, { byKey: true });
    expect(log.has('b')).toBe(true);
    expect(log.get('b')).toBeUndefined();
    expect(log.has('b')).toBe(false);
    log.save();
    expect(await readFile(file, 'utf8')).toBe('["a",1],\n["c",3],\n');
  });

  it('keeps the lines it did not parse as they were when it writes itself afresh', async () => {
    const file = path.join(await temporaryDirectory('keyed-log-'), 'map.log');
    const long = (letter: string, n: number) => `${letter.repeat(20_000)} ${n}`;
    const log = openLog<string>(file);
    for (let i = 0; i < 10; i++) log.set(`k${i}`, long('x', i));
    log.save();
    for (let round = 0; round < 4; round++) {
      const again = openLog<string>(file, { byKey: true });
      for (let i = 0; i < 10; i += 2) again.set(`k${i}`, long('y', round));
      again.save();
    }
    // Appended alone, the file would hold 200 KB and four rounds of 100 KB: it was written afresh, its odd keys never parsed.
    expect((await stat(file)).size).toBeLessThan(450_000);
    const whole = openLog<string>(file);
    expect(whole.get('k3')).toBe(long('x', 3));
    expect(whole.get('k4')).toBe(long('y', 3));
    expect(whole.size).toBe(10);
  });
});
