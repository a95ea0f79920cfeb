import { hash } from 'node:crypto';

/**
 * Characters of a version: the base64url SHA-256 of the bytes, cut to 96 bits. Two texts
 * of one record sharing a version is then out of reach, and 10,000 records' versions
 * weigh half as much as whole hashes in a manifest that cannot compress them.
 */
export const VERSION_LENGTH = 16;

/** The version of a text: what a client that hashes the bytes it was sent finds too (client/index.js). */
export const contentVersion = (text: string): string =>
  hash('sha256', text, 'base64url').slice(0, VERSION_LENGTH);
