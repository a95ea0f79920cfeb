import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { KeyScope } from '../../core/instances.ts';
import { assertCanonicalUuid, canonicalUuid } from '../../core/uuid.ts';
import { storeKey, type Store } from '../store/store.ts';

/**
 * Organization API keys. A secret is `sk_` plus 32 random bytes (base64url); only its
 * SHA-256 is stored. The key id is derived from the secret, so a presented key finds
 * its record directly, and the hashes are compared in constant time.
 *
 * `orgs/<org>/key` holds the one active key of an organization and is written only by
 * issuing and rotating; `keys/<key_id>` says which organization a key belongs to and when
 * it was last used. A key is valid only while both agree, so the moment rotation
 * replaces the organization's record, the old key stops working. Recording a use never
 * touches the organization's record, so uses cannot delay a rotation nor write an old
 * key back.
 */
export interface StoredKey {
  key_id: string;
  org: string;
  name: string;
  hash: string;
  scopes: KeyScope[];
  created_at: string;
}

interface KeyIndex {
  org: string;
  last_used_at: string | null;
}

/** The active key as a request sees it: its record and its last recorded use. */
export type ActiveKey = StoredKey & { last_used_at: string | null };

export interface KeyInspection {
  key_id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  scopes: KeyScope[];
}

/**
 * `last_used_at` is written at most once per key in this interval (docs/decisions.md):
 * a write per request made every authenticated call pay an fsynced write and made
 * concurrent calls with one key fight over one record.
 */
export const LAST_USED_RESOLUTION_MS = 60_000;

const SECRET_PATTERN = /^sk_[A-Za-z0-9_-]{43}$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const keyIdOf = (secret: string) => `key_${sha256(`id:${secret}`).slice(0, 20)}`;
const orgKey = (org: string) =>
  storeKey('orgs', assertCanonicalUuid(org, 'Organization id'), 'key');
const indexKey = (keyId: string) => storeKey('keys', keyId);

export function inspection(key: ActiveKey): KeyInspection {
  return {
    key_id: key.key_id,
    name: key.name,
    created_at: key.created_at,
    last_used_at: key.last_used_at,
    scopes: key.scopes,
  };
}

function newKey(
  org: string,
  name: string,
  scopes: KeyScope[],
  now: number,
): { secret: string; record: StoredKey } {
  const secret = `sk_${randomBytes(32).toString('base64url')}`;
  return {
    secret,
    record: {
      key_id: keyIdOf(secret),
      org,
      name,
      hash: sha256(secret),
      scopes,
      created_at: new Date(now).toISOString(),
    },
  };
}

export class KeyConflictError extends Error {}

/**
 * Creates an organization's key; refuses when one exists unless `replace`. Returns the
 * secret (shown once) and whether it replaced a key.
 */
export async function issueKey(
  store: Store,
  {
    org,
    name,
    scopes,
    replace = false,
    now = Date.now(),
  }: { org: string; name: string; scopes: KeyScope[]; replace?: boolean; now?: number },
): Promise<{ secret: string; key: StoredKey; replaced?: string }> {
  const { secret, record } = newKey(org, name, scopes, now);
  const current = await store.get<StoredKey>(orgKey(org));
  if (current && !replace) {
    throw new KeyConflictError(
      `Organization ${org} already has a key (${current.value.key_id}): rotate it with POST /orgs/${org}/api/key/rotate and that key, or issue again with --replace to put a new key in its place (the old one stops working).`,
    );
  }
  await store.put<KeyIndex>(
    indexKey(record.key_id),
    { org, last_used_at: null },
    { kind: 'if-absent' },
  );
  const written = await store.put(
    orgKey(org),
    record,
    current ? { kind: 'if-version', version: current.version } : { kind: 'if-absent' },
  );
  if (written === undefined) {
    await store.delete(indexKey(record.key_id));
    throw new KeyConflictError(`The key of ${org} changed while issuing; try again`);
  }
  if (current) await store.delete(indexKey(current.value.key_id));
  return { secret, key: record, ...(current ? { replaced: current.value.key_id } : {}) };
}

export type Authentication =
  | { ok: true; key: ActiveKey }
  /** No usable key: missing, malformed, unknown, rotated away. */
  | { ok: false; reason: 'missing' | 'invalid' }
  /** A valid key of another organization. */
  | { ok: false; reason: 'other-org' };

/**
 * Checks a bearer secret against an organization (a canonical UUID). Two reads; a use is
 * written only when the recorded one is older than LAST_USED_RESOLUTION_MS, with one
 * conditional write that is never retried: if it loses, a concurrent request has just
 * recorded a use, or a rotation removed the key after this request was checked (the
 * request then counts as made before the rotation).
 */
export async function authenticate(
  store: Store,
  org: string,
  secret: string | undefined,
  now = Date.now(),
): Promise<Authentication> {
  if (!secret) return { ok: false, reason: 'missing' };
  if (!SECRET_PATTERN.test(secret)) return { ok: false, reason: 'invalid' };
  const keyId = keyIdOf(secret);
  const index = await store.get<KeyIndex>(indexKey(keyId));
  // A key issued before organization ids had to be UUIDs belongs to an organization no path can name.
  if (!index || canonicalUuid(index.value.org) !== index.value.org)
    return { ok: false, reason: 'invalid' };
  const active = await store.get<StoredKey>(orgKey(index.value.org));
  if (!active || active.value.key_id !== keyId || !sameHash(active.value.hash, sha256(secret)))
    return { ok: false, reason: 'invalid' };
  if (index.value.org !== org) return { ok: false, reason: 'other-org' };
  let lastUsed = index.value.last_used_at ?? null;
  if (lastUsed === null || !(now - Date.parse(lastUsed) < LAST_USED_RESOLUTION_MS)) {
    const stamp = new Date(now).toISOString();
    const written = await store.put<KeyIndex>(
      indexKey(keyId),
      { org: index.value.org, last_used_at: stamp },
      { kind: 'if-version', version: index.version },
    );
    if (written !== undefined) lastUsed = stamp;
  }
  return { ok: true, key: { ...active.value, last_used_at: lastUsed } };
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Replaces the organization's key with a new one of the same name and scopes. Conditional
 * on the key that authenticated the request still being active, so of concurrent
 * rotations exactly one wins; the others get undefined.
 */
export async function rotateKey(
  store: Store,
  org: string,
  presented: StoredKey,
  now = Date.now(),
): Promise<{ secret: string; key: StoredKey } | undefined> {
  const current = await store.get<StoredKey>(orgKey(org));
  if (!current || current.value.key_id !== presented.key_id) return undefined;
  const { secret, record } = newKey(org, current.value.name, current.value.scopes, now);
  await store.put<KeyIndex>(
    indexKey(record.key_id),
    { org, last_used_at: null },
    { kind: 'if-absent' },
  );
  const written = await store.put(orgKey(org), record, {
    kind: 'if-version',
    version: current.version,
  });
  if (written === undefined) {
    await store.delete(indexKey(record.key_id));
    return undefined;
  }
  await store.delete(indexKey(presented.key_id));
  return { secret, key: record };
}
