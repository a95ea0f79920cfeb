import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { KeyScope } from '../../core/instances.ts';
import type { Store } from '../store/store.ts';

/**
 * Organization API keys. A secret is `sk_` plus 32 random bytes (base64url); only its
 * SHA-256 is stored. The key id is derived from the secret, so a presented key finds
 * its record directly, and the hashes are compared in constant time.
 *
 * `orgs/<org>/key` holds the one active key of an organization; `keys/<key_id>` says
 * which organization a key belongs to. A key is valid only while both agree, so the
 * moment rotation replaces the organization's record, the old key stops working.
 */
export interface StoredKey {
  key_id: string;
  org: string;
  name: string;
  hash: string;
  scopes: KeyScope[];
  created_at: string;
  last_used_at: string | null;
}

export interface KeyInspection {
  key_id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  scopes: KeyScope[];
}

const SECRET_PATTERN = /^sk_[A-Za-z0-9_-]{43}$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const keyIdOf = (secret: string) => `key_${sha256(`id:${secret}`).slice(0, 20)}`;
const orgKey = (org: string) => `orgs/${encodeOrg(org)}/key`;
const indexKey = (keyId: string) => `keys/${keyId}`;

/** Organization ids become store key segments; anything outside a safe alphabet is hex-encoded. */
export function encodeOrg(org: string): string {
  return /^[a-z0-9-]{1,64}$/.test(org) ? org : `x-${Buffer.from(org).toString('hex').slice(0, 120)}`;
}

export function inspection(key: StoredKey): KeyInspection {
  return { key_id: key.key_id, name: key.name, created_at: key.created_at, last_used_at: key.last_used_at, scopes: key.scopes };
}

function newKey(org: string, name: string, scopes: KeyScope[], now: number): { secret: string; record: StoredKey } {
  const secret = `sk_${randomBytes(32).toString('base64url')}`;
  return {
    secret,
    record: { key_id: keyIdOf(secret), org, name, hash: sha256(secret), scopes, created_at: new Date(now).toISOString(), last_used_at: null },
  };
}

export class KeyConflictError extends Error {}

/** Creates an organization's key; refuses when one exists unless `replace`. Returns the secret (shown once). */
export async function issueKey(
  store: Store,
  { org, name, scopes, replace = false, now = Date.now() }: { org: string; name: string; scopes: KeyScope[]; replace?: boolean; now?: number },
): Promise<{ secret: string; key: StoredKey }> {
  const { secret, record } = newKey(org, name, scopes, now);
  await store.put(indexKey(record.key_id), { org }, { kind: 'if-absent' });
  const current = await store.get<StoredKey>(orgKey(org));
  if (current && !replace) {
    await store.delete(indexKey(record.key_id));
    throw new KeyConflictError(`Organization ${org} already has a key (${current.value.key_id}); rotate it, or issue with --replace`);
  }
  const written = await store.put(orgKey(org), record, current ? { kind: 'if-version', version: current.version } : { kind: 'if-absent' });
  if (written === undefined) {
    await store.delete(indexKey(record.key_id));
    throw new KeyConflictError(`The key of ${org} changed while issuing; try again`);
  }
  if (current) await store.delete(indexKey(current.value.key_id));
  return { secret, key: record };
}

export type Authentication =
  | { ok: true; key: StoredKey }
  /** No usable key: missing, malformed, unknown, rotated away. */
  | { ok: false; reason: 'missing' | 'invalid' }
  /** A valid key of another organization. */
  | { ok: false; reason: 'other-org' };

/** Checks a bearer secret against an organization, recording the use. */
export async function authenticate(store: Store, org: string, secret: string | undefined, now = Date.now()): Promise<Authentication> {
  if (!secret) return { ok: false, reason: 'missing' };
  if (!SECRET_PATTERN.test(secret)) return { ok: false, reason: 'invalid' };
  const keyId = keyIdOf(secret);
  const index = await store.get<{ org: string }>(indexKey(keyId));
  if (!index) return { ok: false, reason: 'invalid' };
  const active = await store.get<StoredKey>(orgKey(index.value.org));
  if (!active || active.value.key_id !== keyId || !sameHash(active.value.hash, sha256(secret))) return { ok: false, reason: 'invalid' };
  if (index.value.org !== org) return { ok: false, reason: 'other-org' };
  // Record the use, unless a rotation landed meanwhile: the old key is never written back.
  for (let attempt = 0; attempt < 10; attempt++) {
    const current = attempt === 0 ? active : await store.get<StoredKey>(orgKey(org));
    if (!current || current.value.key_id !== keyId) return { ok: false, reason: 'invalid' };
    const key = { ...current.value, last_used_at: new Date(now).toISOString() };
    if ((await store.put(orgKey(org), key, { kind: 'if-version', version: current.version })) !== undefined) return { ok: true, key };
  }
  throw new Error(`Could not record the use of ${keyId}: too much contention`);
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Replaces the organization's key with a new one of the same name and scopes. Conditional
 * on the key that authenticated the request still being active, so of two concurrent
 * rotations exactly one wins; the other gets undefined.
 */
export async function rotateKey(store: Store, org: string, presented: StoredKey, now = Date.now()): Promise<{ secret: string; key: StoredKey } | undefined> {
  const current = await store.get<StoredKey>(orgKey(org));
  if (!current || current.value.key_id !== presented.key_id) return undefined;
  const { secret, record } = newKey(org, current.value.name, current.value.scopes, now);
  await store.put(indexKey(record.key_id), { org }, { kind: 'if-absent' });
  const written = await store.put(orgKey(org), record, { kind: 'if-version', version: current.version });
  if (written === undefined) {
    await store.delete(indexKey(record.key_id));
    return undefined;
  }
  await store.delete(indexKey(presented.key_id));
  return { secret, key: record };
}
