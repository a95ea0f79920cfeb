import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientKey } from '../runtime/client-address.ts';
import { createMemoryRateLimiter, MEMORY_RATE_LIMIT_CLIENTS } from '../runtime/rate-limit.ts';
import { createApp } from '../server/app.ts';
import { prepareSite, type ServedSite } from './support/host-process.ts';

describe('clientKey', () => {
  it('counts an IPv6 client by its /64, an IPv4-mapped address as IPv4, and leaves the rest alone', () => {
    expect(clientKey('192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('::FFFF:c000:0201')).toBe('192.0.2.1');
    const network = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2:3:4:5:6',
      '2001:DB8:1:2::9',
      '2001:0db8:0001:0002:ffff::',
      '2001:db8:1:2::1.2.3.4',
      '2001:db8:1:2::1%eth0',
    ]) {
      expect(clientKey(address), address).toBe(network);
    }
    expect(clientKey('2001:db8:1:3::1')).not.toBe(network);
    expect(clientKey(network)).toBe(network);
    for (const other of ['unknown', '1:2:3:4:5:6:7:8:9', '::ffff:1.2.3'])
      expect(clientKey(other)).toBe(other);
  });
});

describe('the in-memory rate limiter', () => {
  const policy = { limit: 3, windowSeconds: 60 };

  it('keeps at most its bound of clients, however many distinct clients come within one window', async () => {
    let now = 0;
    const limiter = createMemoryRateLimiter(policy, () => now, 1_000);
    let largest = 0;
    for (let i = 0; i < 20_000; i++) {
      now += 1; // 20 s in all: every window is still open
      await limiter.take(`198.51.${i >> 8}.${i & 0xff}#${i}`);
      largest = Math.max(largest, limiter.size);
    }
    console.log(
      `in-memory limiter: 20000 distinct clients in one window, bound 1000, largest size ${largest}`,
    );
    expect(largest).toBe(1_000);
    expect(MEMORY_RATE_LIMIT_CLIENTS).toBe(50_000);
  });

  it('forgets the client whose window started first when full, and that client starts a fresh window', async () => {
    let now = 0;
    const limiter = createMemoryRateLimiter(policy, () => now, 2);
    for (let i = 0; i < 3; i++) await limiter.take('first');
    expect((await limiter.take('first')).allowed).toBe(false);
    now += 1;
    await limiter.take('second');
    expect((await limiter.take('first')).allowed).toBe(false);
    await limiter.take('third'); // the table is full: 'first' goes
    expect(limiter.size).toBe(2);
    expect(await limiter.take('first')).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('drops finished windows as requests come, keeping only the clients of the last window', async () => {
    let now = 0;
    const limiter = createMemoryRateLimiter(policy, () => now);
    for (let i = 0; i < 5_000; i++) await limiter.take(`client-${i}`);
    expect(limiter.size).toBe(5_000);
    now += 30_000;
    await limiter.take('client-0'); // still in its window: counted, not renewed
    await limiter.take('late');
    expect(limiter.size).toBe(5_001);
    now += 30_000; // every window but 'late's is over
    await limiter.take('another');
    expect(limiter.size).toBe(2);
    expect(await limiter.take('client-0')).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('puts a client back after its window ended at the back, so finished windows behind it are still dropped', async () => {
    let now = 0;
    const limiter = createMemoryRateLimiter(policy, () => now);
    await limiter.take('a');
    now = 10_000;
    await limiter.take('b');
    now = 60_000;
    await limiter.take('a'); // a's first window is over: a new one runs from 60 s to 120 s
    now = 65_000;
    await limiter.take('c'); // b's window (10 s to 70 s) is still open
    expect(limiter.size).toBe(3);
    expect((await limiter.take('b')).remaining).toBe(1);
    now = 100_000; // b's window is over; a's and c's are not
    await limiter.take('d');
    expect(limiter.size).toBe(3);
    expect((await limiter.take('a')).remaining).toBe(1);
  });
});

describe('per-client limits on the service', () => {
  let site: ServedSite;
  beforeAll(async () => {
    site = await prepareSite(1);
  });

  it('the read limit counts every address of an IPv6 /64 as one client, and IPv4-mapped addresses as IPv4', async () => {
    const app = await createApp({
      distDir: site.distDir,
      dataDir: site.dataDir,
      readRateLimit: { limit: 2, windowSeconds: 60 },
    });
    const read = (remoteAddress: string) =>
      app(new Request('http://local/api/v1'), { remoteAddress });
    expect((await read('2001:db8:7:7::1')).status).toBe(200);
    expect((await read('2001:db8:7:7:ffff::2')).status).toBe(200);
    expect((await read('2001:db8:7:7:1234:5678:9abc:def0')).status).toBe(429);
    expect((await read('2001:db8:7:8::1')).status).toBe(200);
    expect((await read('192.0.2.77')).status).toBe(200);
    expect((await read('::ffff:192.0.2.77')).status).toBe(200);
    expect((await read('::ffff:c000:024d')).status).toBe(429);
  });

  it('the sender limit of the contact endpoints counts an IPv6 /64 as one sender', async () => {
    const app = await createApp({
      distDir: site.distDir,
      dataDir: path.join(site.dataDir, 'senders'),
      contactRateLimit: { limit: 2, windowSeconds: 600 },
    });
    const post = (remoteAddress: string) =>
      app(
        new Request('http://local/api/newsletter', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{"email":"a@example.com"}',
        }),
        { remoteAddress },
      );
    expect((await post('2001:db8:9:9::1')).status).toBe(200);
    expect((await post('2001:db8:9:9::2')).status).toBe(200);
    expect((await post('2001:db8:9:9:abcd::3')).status).toBe(429);
    expect((await post('2001:db8:9:a::1')).status).toBe(200);
  });
});
