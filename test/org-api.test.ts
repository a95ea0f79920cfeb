import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { canTransition, INSTANCE_STATUSES } from '../core/instances.ts';
import { build } from '../generator/build.ts';
import { transition, TransitionError } from '../runtime/instances/instances.ts';
import { createOrgApi } from '../runtime/instances/org-api.ts';
import { createRecordingProvisioner } from '../runtime/instances/recording-provisioner.ts';
import { issueKey } from '../runtime/keys/api-keys.ts';
import { loadServiceData } from '../runtime/service-data.ts';
import { createFileStore } from '../runtime/store/file-store.ts';
import type { Store } from '../runtime/store/store.ts';
import { startServer } from './support/http-server.ts';
import { openApiValidator } from './support/openapi-validator.ts';
import { writeSyntheticCorpus } from './support/synthetic-corpus.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';

const run = promisify(execFile);
const project = path.resolve(import.meta.dirname, '..');
const ORG = '7d1f5c1e-6a0b-4c43-9a51-2b7f0e4d9c10';
const OTHER_ORG = '1b2c3d4e-0000-4000-8000-000000000002';
const NOWHERE_ORG = '99999999-0000-4000-8000-000000000009';
/** The baseUrl of the synthetic corpus. */
const BASE_URL = 'https://detour.example';

let dataDir: string;
let dist: string;
let server: Awaited<ReturnType<typeof startServer>>;
let validate: ReturnType<typeof openApiValidator>;
const secrets: string[] = [];
const logged: string[] = [];

const keysCli = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', path.join(project, 'cli/keys.ts'), ...args], {
    cwd: project,
    env: { ...process.env, DATA_DIR: dataDir },
  });

async function issue(org: string, scopes: string, name = 'test'): Promise<string> {
  const { stdout } = await keysCli(
    'issue',
    '--org',
    org,
    '--name',
    name,
    '--scopes',
    scopes,
    '--replace',
  );
  const lines = stdout.trimEnd().split('\n');
  const secret = lines.at(-1)!;
  expect(secret).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
  expect(lines.slice(0, -1).join('\n')).not.toContain(secret);
  secrets.push(secret);
  return secret;
}

const call = (method: string, p: string, key?: string, body?: unknown) =>
  fetch(server.url + p, {
    method,
    headers: {
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function expectJson(res: Response, status: number, operation: [string, string]) {
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(validate(operation[0], operation[1], status, body)).toEqual([]);
  return body as Record<string, unknown>;
}

const INSTANCES = '/orgs/{org_uuid}/api/instances';
const ONE_INSTANCE = '/orgs/{org_uuid}/api/instances/{instance_uuid}';

beforeAll(async () => {
  const root = await temporaryDirectory('orgs-');
  await writeSyntheticCorpus(path.join(root, 'content'), 1);
  dist = path.join(root, 'dist');
  await build({ contentDir: path.join(root, 'content'), outDir: dist });
  validate = openApiValidator(
    JSON.parse(await readFile(path.join(dist, 'api/v1/openapi.json'), 'utf8')),
  );
  dataDir = path.join(root, 'data');
  for (const method of ['log', 'error', 'warn', 'info'] as const) {
    vi.spyOn(console, method).mockImplementation(
      (...args: unknown[]) => void logged.push(args.map(String).join(' ')),
    );
  }
  server = await startServer({ distDir: dist, dataDir });
});

afterAll(async () => {
  await server.close();
  vi.restoreAllMocks();
});

describe('instances', () => {
  it('runs the whole lifecycle: create, list, reach, delete, gone', async () => {
    const key = await issue(ORG, 'instances:read,instances:write');
    expect(
      await expectJson(await call('GET', `/orgs/${ORG}/api/instances`, key), 200, [
        'GET',
        INSTANCES,
      ]),
    ).toEqual({ instances: [], total: 0 });

    const created = await call('POST', `/orgs/${ORG}/api/instances`, key, {
      image: 'debian-12-firefox-esr',
      size: 'medium',
    });
    const instance = await expectJson(created, 201, ['POST', INSTANCES]);
    expect(instance).toMatchObject({
      status: 'running',
      image: 'debian-12-firefox-esr',
      size: 'medium',
    });
    expect(instance.instance_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(String(instance.created_at)).toISOString()).toBe(instance.created_at);
    // Absolute URLs name the configured site (the build's baseUrl), not the Host the request came to.
    expect(created.headers.get('location')).toBe(
      `${BASE_URL}/orgs/${ORG}/api/instances/${instance.instance_uuid}`,
    );
    expect(instance.access_url).toBe(`${BASE_URL}/sandbox/${instance.instance_uuid}/`);

    const page = await fetch(server.url + new URL(String(instance.access_url)).pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(String(instance.instance_uuid));

    const list = await expectJson(await call('GET', `/orgs/${ORG}/api/instances`, key), 200, [
      'GET',
      INSTANCES,
    ]);
    expect(list).toEqual({ instances: [instance], total: 1 });

    const deleted = await call(
      'DELETE',
      `/orgs/${ORG}/api/instances/${instance.instance_uuid}`,
      key,
    );
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    expect((await fetch(server.url + new URL(String(instance.access_url)).pathname)).status).toBe(
      404,
    );
    const again = await call('DELETE', `/orgs/${ORG}/api/instances/${instance.instance_uuid}`, key);
    expect((await expectJson(again, 404, ['DELETE', ONE_INSTANCE])).code).toBe('not_found');
    expect(await (await call('GET', `/orgs/${ORG}/api/instances`, key)).json()).toEqual({
      instances: [],
      total: 0,
    });
    const store = createFileStore(path.join(dataDir, 'store'));
    expect(await store.list(`sandbox-sessions/`)).toEqual([]);
  });

  it('refuses bad create bodies with a hint listing what is allowed', async () => {
    const key = await issue(ORG, 'instances:read,instances:write');
    const cases: [unknown, string, RegExp][] = [
      [{ image: 'debian-12-chromium', size: 'huge' }, 'invalid_request', /small, medium, large/],
      [{ size: 'small' }, 'missing_field', /ubuntu-24\.04-chromium/],
      [{ image: 'windows-95-netscape', size: 'small' }, 'invalid_request', /debian-12-firefox-esr/],
      [{ image: 'debian-12-chromium' }, 'missing_field', /small, medium, large/],
      [['not', 'an', 'object'], 'invalid_request', /image/],
    ];
    for (const [body, code, hint] of cases) {
      const error = await expectJson(
        await call('POST', `/orgs/${ORG}/api/instances`, key, body),
        400,
        ['POST', INSTANCES],
      );
      expect(error.code).toBe(code);
      expect(String(error.hint)).toMatch(hint);
    }
    expect(await (await call('GET', `/orgs/${ORG}/api/instances`, key)).json()).toEqual({
      instances: [],
      total: 0,
    });
  });

  it('answers wrong methods with 405 and Allow', async () => {
    const key = await issue(ORG, 'instances:read,instances:write');
    const cases: [string, string, string][] = [
      ['PUT', `/orgs/${ORG}/api/instances`, 'GET, POST'],
      ['GET', `/orgs/${ORG}/api/instances/00000000-0000-4000-8000-000000000000`, 'DELETE'],
      ['POST', `/orgs/${ORG}/api/key`, 'GET'],
      ['GET', `/orgs/${ORG}/api/key/rotate`, 'POST'],
    ];
    for (const [method, p, allow] of cases) {
      const res = await call(method, p, key);
      expect(res.status, `${method} ${p}`).toBe(405);
      expect(res.headers.get('allow')).toBe(allow);
      expect(((await res.json()) as { code: string }).code).toBe('method_not_allowed');
    }
  });

  it('has the documented status transitions and enforces them', () => {
    expect(
      INSTANCE_STATUSES.flatMap((from) =>
        INSTANCE_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`),
      ),
    ).toEqual([
      'running->stopped',
      'running->terminated',
      'stopped->running',
      'stopped->terminated',
    ]);
    const instance = {
      instance_uuid: 'x',
      status: 'terminated' as const,
      image: 'i',
      size: 'small' as const,
      created_at: '',
      access_url: '',
    };
    expect(() => transition(instance, 'running')).toThrow(TransitionError);
  });
});

describe('authentication and scopes', () => {
  it('answers a missing or invalid key with 401 and WWW-Authenticate: Bearer', async () => {
    for (const key of [undefined, 'not-a-key', `sk_${'A'.repeat(43)}`]) {
      const res = await call('GET', `/orgs/${ORG}/api/instances`, key);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect((await expectJson(res, 401, ['GET', INSTANCES])).code).toBe('unauthorized');
    }
    const basic = await fetch(`${server.url}/orgs/${ORG}/api/key`, {
      headers: { Authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(basic.status).toBe(401);
  });

  it("refuses another organization's key without revealing whether that organization exists", async () => {
    const theirs = await issue(OTHER_ORG, 'instances:read,instances:write');
    await issue(ORG, 'instances:read,instances:write');
    const created = await (
      await call('POST', `/orgs/${OTHER_ORG}/api/instances`, theirs, {
        image: 'debian-12-chromium',
        size: 'small',
      })
    ).json();
    const intoExisting = await call('GET', `/orgs/${ORG}/api/instances`, theirs);
    const intoNowhere = await call('GET', `/orgs/${NOWHERE_ORG}/api/instances`, theirs);
    expect(intoExisting.status).toBe(intoNowhere.status);
    expect(await intoExisting.json()).toEqual(await intoNowhere.json());
    const deleteAcross = await call(
      'DELETE',
      `/orgs/${ORG}/api/instances/${(created as { instance_uuid: string }).instance_uuid}`,
      theirs,
    );
    expect(deleteAcross.status).toBe(intoNowhere.status);
    const ours = await issue(ORG, 'instances:read');
    const peek = await call(
      'DELETE',
      `/orgs/${OTHER_ORG}/api/instances/${(created as { instance_uuid: string }).instance_uuid}`,
      ours,
    );
    expect(peek.status).toBe(intoNowhere.status);
    const list = (await (await call('GET', `/orgs/${OTHER_ORG}/api/instances`, theirs)).json()) as {
      total: number;
    };
    expect(list.total).toBe(1);
  });

  it('answers a key without the needed scope with 403 forbidden', async () => {
    const reader = await issue(ORG, 'instances:read', 'reader');
    expect((await call('GET', `/orgs/${ORG}/api/instances`, reader)).status).toBe(200);
    const write = await call('POST', `/orgs/${ORG}/api/instances`, reader, {
      image: 'debian-12-chromium',
      size: 'small',
    });
    expect((await expectJson(write, 403, ['POST', INSTANCES])).code).toBe('forbidden');
    expect((await call('GET', `/orgs/${ORG}/api/key`, reader)).status).toBe(200);
    const writer = await issue(ORG, 'instances:write', 'writer');
    expect((await call('GET', `/orgs/${ORG}/api/instances`, writer)).status).toBe(403);
    expect(
      (
        await call('POST', `/orgs/${ORG}/api/instances`, writer, {
          image: 'debian-12-chromium',
          size: 'small',
        })
      ).status,
    ).toBe(201);
  });

  it('refuses organization and instance ids that are not UUIDs with 404, before touching the store', async () => {
    const key = await issue(ORG, 'instances:read,instances:write');
    const touched: string[] = [];
    const real = createFileStore(path.join(dataDir, 'store'));
    const watched: Store = {
      get: (k) => {
        touched.push(k);
        return real.get(k);
      },
      put: (k, v, c) => {
        touched.push(k);
        return real.put(k, v, c);
      },
      delete: (k) => {
        touched.push(k);
        return real.delete(k);
      },
      list: (p) => {
        touched.push(p);
        return real.list(p);
      },
    };
    const orgApi = createOrgApi({
      store: watched,
      provisioner: createRecordingProvisioner(watched),
      data: await loadServiceData(path.join(dist, '_data')),
    });
    const paths = [
      '/orgs/org-1/api/instances',
      '/orgs/x-4142/api/instances',
      '/orgs/..%2Fkeys/api/key',
      `/orgs/${ORG}%2Finstances/api/instances`,
      `/orgs/${ORG.slice(0, -1)}/api/instances`,
      `/orgs/${ORG}0/api/key`,
      `/orgs/${ORG}/api/instances/not-a-uuid`,
      `/orgs/${ORG}/api/instances/..%2F..%2Fkey`,
    ];
    for (const p of paths) {
      const res = await orgApi(
        new Request(`http://127.0.0.1${p}`, {
          method: p.includes('/instances/') ? 'DELETE' : 'GET',
          headers: { Authorization: `Bearer ${key}` },
        }),
      );
      expect(res?.status, p).toBe(404);
      const body = (await res!.json()) as { code: string; hint: string };
      expect(body.code).toBe('not_found');
      expect(body.hint, p).toMatch(/UUID|API description/);
    }
    expect(touched).toEqual([]);
  });

  it('reads an organization id in capitals as the same organization, never as another', async () => {
    const key = await issue(ORG, 'instances:read,instances:write');
    const created = (await (
      await call('POST', `/orgs/${ORG.toUpperCase()}/api/instances`, key, {
        image: 'debian-12-chromium',
        size: 'small',
      })
    ).json()) as { instance_uuid: string };
    const listed = (await (await call('GET', `/orgs/${ORG}/api/instances`, key)).json()) as {
      instances: { instance_uuid: string }[];
    };
    expect(listed.instances.map((i) => i.instance_uuid)).toContain(created.instance_uuid);
    expect(
      (
        await call(
          'DELETE',
          `/orgs/${ORG}/api/instances/${created.instance_uuid.toUpperCase()}`,
          key,
        )
      ).status,
    ).toBe(204);
  });

  it('answers 32 concurrent clients x 20 requests with one key without a single 5xx', async () => {
    const key = await issue(ORG, 'instances:read');
    const statuses = await Promise.all(
      Array.from({ length: 32 }, async () => {
        const mine: number[] = [];
        for (let i = 0; i < 20; i++) {
          const res = await call('GET', `/orgs/${ORG}/api/instances`, key);
          await res.arrayBuffer();
          mine.push(res.status);
        }
        return mine;
      }),
    );
    expect(new Set(statuses.flat())).toEqual(new Set([200]));
  });
});

describe('keys', () => {
  it('inspects without the secret, rotates, and refuses the old key at once', async () => {
    const old = await issue(ORG, 'instances:read,instances:write', 'ci');
    const inspected = await expectJson(await call('GET', `/orgs/${ORG}/api/key`, old), 200, [
      'GET',
      '/orgs/{org_uuid}/api/key',
    ]);
    expect(inspected).toMatchObject({ name: 'ci', scopes: ['instances:read', 'instances:write'] });
    expect(inspected.last_used_at).not.toBeNull();
    expect(JSON.stringify(inspected)).not.toContain(old);

    const rotated = await expectJson(await call('POST', `/orgs/${ORG}/api/key/rotate`, old), 200, [
      'POST',
      '/orgs/{org_uuid}/api/key/rotate',
    ]);
    const fresh = String(rotated.key);
    secrets.push(fresh);
    expect(fresh).toMatch(/^sk_/);
    expect(rotated.key_id).not.toBe(inspected.key_id);
    expect((await call('GET', `/orgs/${ORG}/api/instances`, old)).status).toBe(401);
    const now = await expectJson(await call('GET', `/orgs/${ORG}/api/key`, fresh), 200, [
      'GET',
      '/orgs/{org_uuid}/api/key',
    ]);
    expect(now.key_id).toBe(rotated.key_id);
    expect(now.scopes).toEqual(['instances:read', 'instances:write']);
  });

  it('lets exactly one of 16 concurrent rotations win while 32 clients use the key, with no 5xx', async () => {
    const old = await issue(ORG, 'instances:read,instances:write');
    const reads = Array.from({ length: 32 }, () => call('GET', `/orgs/${ORG}/api/instances`, old));
    const rotations = await Promise.all(
      Array.from({ length: 16 }, () => call('POST', `/orgs/${ORG}/api/key/rotate`, old)),
    );
    const readStatuses = await Promise.all(reads.map(async (r) => (await r).status));
    expect(readStatuses.every((status) => status === 200 || status === 401)).toBe(true);
    const statuses = rotations.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(15).fill(401)]);
    const winner = (await rotations.find((r) => r.status === 200)!.json()) as {
      key: string;
      key_id: string;
    };
    secrets.push(winner.key);
    expect((await call('GET', `/orgs/${ORG}/api/instances`, old)).status).toBe(401);
    const inspected = (await (await call('GET', `/orgs/${ORG}/api/key`, winner.key)).json()) as {
      key_id: string;
    };
    expect(inspected.key_id).toBe(winner.key_id);
  });

  it('leaves exactly one valid key after two concurrent rotations', async () => {
    const old = await issue(ORG, 'instances:read,instances:write');
    const answers = await Promise.all([
      call('POST', `/orgs/${ORG}/api/key/rotate`, old),
      call('POST', `/orgs/${ORG}/api/key/rotate`, old),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 401]);
    const winner = (await answers.find((a) => a.status === 200)!.json()) as {
      key: string;
      key_id: string;
    };
    secrets.push(winner.key);
    expect((await call('GET', `/orgs/${ORG}/api/key`, winner.key)).status).toBe(200);
    expect((await call('GET', `/orgs/${ORG}/api/key`, old)).status).toBe(401);
    const inspected = (await (await call('GET', `/orgs/${ORG}/api/key`, winner.key)).json()) as {
      key_id: string;
    };
    expect(inspected.key_id).toBe(winner.key_id);
  });

  it('refuses to issue over an existing key unless told to replace it', async () => {
    const store = createFileStore(path.join(dataDir, 'store'));
    await expect(
      issueKey(store, { org: ORG, name: 'x', scopes: ['instances:read'] }),
    ).rejects.toThrow(/already has a key/);
    await expect(keysCli('issue', '--org', ORG)).rejects.toMatchObject({ code: 3 });
  });

  it("runs the README's key example as written, again and again", async () => {
    const readme = await readFile(path.join(project, 'README.md'), 'utf8');
    const block = /```sh\n([^`]*?)\n```/g;
    const example = [...readme.matchAll(block)]
      .map((m) => m[1]!)
      .find((b) => b.includes('keys -- issue'));
    const commands = example!
      .slice(example!.indexOf('KEY=$('))
      .replaceAll('http://127.0.0.1:8888', server.url);
    expect(commands).toContain(`--org ${ORG}`);
    for (let run = 0; run < 2; run++) {
      const { stdout } = await promisify(execFile)('bash', ['-c', commands], {
        cwd: project,
        env: { ...process.env, DATA_DIR: dataDir },
      });
      expect(JSON.parse(stdout), `run ${run + 1}`).toMatchObject({
        status: 'running',
        image: 'debian-12-firefox-esr',
        size: 'small',
      });
    }
  });

  it('never stores, logs or returns a secret in clear', async () => {
    expect(secrets.length).toBeGreaterThan(5);
    const files = await fg('**/*', { cwd: dataDir, dot: true, absolute: true });
    const stored = (await Promise.all(files.map((f) => readFile(f, 'utf8')))).join('\n');
    for (const secret of secrets) {
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(secret.slice(3));
      expect(logged.join('\n')).not.toContain(secret);
    }
  });
});
