import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareSite, startHost, type HostProcess } from './support/host-process.ts';
import { rawUpload } from './support/raw-http.ts';

/**
 * Uploads over the 32 KiB cap against `npm start` itself, from a raw socket, each kind many
 * times over so a refusal that depended on timing would show. No TRUST_PROXY: every request
 * comes from one client, so a refusal that spent the sender's budget would turn into 429s.
 */
let host: HostProcess;
beforeAll(async () => {
  host = await startHost('server/start.ts', await prepareSite(1));
});
afterAll(() => host?.stop());

const REPEATS = 12;
const MIB = 1024 * 1024;
const json = { 'Content-Type': 'application/json' };

describe('bodies over the cap on npm start', () => {
  it('answers a declared 2 MiB body with 413 at once, before the client sends it', async () => {
    for (let i = 0; i < REPEATS; i++) {
      const answer = await rawUpload(host.url, '/api/contact', {
        headers: { ...json, 'Content-Length': String(2 * MIB) },
        body: Buffer.alloc(1024, 0x20),
      });
      expect(answer, host.output()).toEqual({ status: 413, answeredEarly: true });
    }
  });

  it('answers a chunked body with 413 as soon as it crosses the cap, without waiting for its end', async () => {
    for (let i = 0; i < REPEATS; i++) {
      const answer = await rawUpload(host.url, '/api/newsletter', {
        headers: json,
        body: Buffer.alloc(40 * 1024, 0x20),
        chunked: true,
      });
      expect(answer, host.output()).toEqual({ status: 413, answeredEarly: true });
    }
  });

  it('answers 413 to a client that sends all of its 2 MiB before reading, declared or chunked', async () => {
    for (let i = 0; i < REPEATS; i++) {
      for (const chunked of [false, true]) {
        const headers = chunked ? json : { ...json, 'Content-Length': String(2 * MIB) };
        const answer = await rawUpload(host.url, '/api/waitlist', {
          headers,
          body: Buffer.alloc(MIB, 0x20),
          finish: Buffer.alloc(MIB, 0x20),
          chunked,
        });
        expect(answer.status, host.output()).toBe(413);
      }
    }
  });

  it('leaves the sender its whole budget after all those refusals', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${host.url}/api/newsletter`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: `budget${i}@example.com` }),
      });
      expect(res.status).toBe(200);
    }
    expect(
      (
        await fetch(`${host.url}/api/newsletter`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email: 'over@example.com' }),
        })
      ).status,
    ).toBe(429);
  });
});
