import path from 'node:path';
import { issueKey } from '../runtime/keys/api-keys.ts';
import { createFileStore } from '../runtime/store/file-store.ts';
import { createApp } from '../server/app.ts';
import { listen } from '../server/listen.ts';

/**
 * Authenticated reads against static reads, over HTTP on loopback, in the same run: bursts
 * of 500 concurrent `GET /orgs/{org}/api/instances` with one key (file store, as `npm start`
 * keeps it), each burst next to a burst of 500 concurrent `GET /api/v1`. Requests per second
 * of a burst: 500 over the time until its last answer. Median of the bursts.
 */
const CONCURRENT = 500;
const BURSTS = 7;
const ORG = '7d1f5c1e-6a0b-4c43-9a51-2b7f0e4d9c10';

interface Burst {
  perSecond: number;
  /** Answers other than 200. */
  failed: number;
}

async function burst(url: string, headers: Record<string, string>): Promise<Burst> {
  const start = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  return {
    perSecond: CONCURRENT / ((performance.now() - start) / 1000),
    failed: statuses.filter((s) => s !== 200).length,
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchOrgApi(dist: string, dataDir: string): Promise<void> {
  const { secret } = await issueKey(createFileStore(path.join(dataDir, 'store')), {
    org: ORG,
    name: 'bench',
    scopes: ['instances:read'],
    replace: true,
  });
  const server = await listen(
    await createApp({ distDir: dist, dataDir, readRateLimit: { limit: 1e9, windowSeconds: 60 } }),
    // One client opens every connection of a burst, while the last burst's may still be open:
    // npm start's per-client and total connection caps would refuse most of them.
    {
      port: 0,
      hostname: '127.0.0.1',
      limits: { maxConnectionsPerClient: 2 * CONCURRENT, maxConnections: 2 * CONCURRENT },
    },
  );
  const authenticated: Burst[] = [];
  const baseline: Burst[] = [];
  try {
    const instances = `${server.url}/orgs/${ORG}/api/instances`;
    const auth = { Authorization: `Bearer ${secret}` };
    await burst(instances, auth);
    await burst(`${server.url}/api/v1`, {});
    for (let i = 0; i < BURSTS; i++) {
      authenticated.push(await burst(instances, auth));
      baseline.push(await burst(`${server.url}/api/v1`, {}));
    }
  } finally {
    await server.close();
  }
  const a = median(authenticated.map((r) => r.perSecond));
  const b = median(baseline.map((r) => r.perSecond));
  const failures = (bursts: Burst[]) => {
    const failed = bursts.reduce((sum, r) => sum + r.failed, 0);
    return failed ? `  (${failed} of ${bursts.length * CONCURRENT} not 200)` : '';
  };
  console.log(
    `\nInstance API: ${CONCURRENT} concurrent requests with one key, median of ${BURSTS} bursts`,
  );
  console.log(
    `  GET /orgs/{org}/api/instances  ${a.toFixed(0)} requests/s${failures(authenticated)}`,
  );
  console.log(`  baseline GET /api/v1           ${b.toFixed(0)} requests/s${failures(baseline)}`);
  console.log(`  authenticated / baseline       ${(a / b).toFixed(2)}x`);
}
