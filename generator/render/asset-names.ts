import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_DIR } from '../model/generator.ts';

/**
 * The stylesheet and scripts of `generator/render/assets/`, published under names that
 * carry a hash of their bytes (`/assets/site.3f2a9c1b.css`): a changed file gets a new
 * name, so every host may tell browsers to keep each name for a year (`_headers`). The
 * pages are the only ones to name them; the icons and social images keep their names,
 * which others hard-code.
 */
export const FINGERPRINTED_ASSETS = ['site.css', 'forms.js', 'search.js', 'search-box.js'] as const;
export type FingerprintedAsset = (typeof FINGERPRINTED_ASSETS)[number];

const sources = new Map<FingerprintedAsset, string>();

/** The file's bytes, as the generator ships them. */
export function assetSource(name: FingerprintedAsset): string {
  let source = sources.get(name);
  if (source === undefined) {
    source = readFileSync(path.join(PROJECT_DIR, 'generator', 'render', 'assets', name), 'utf8');
    sources.set(name, source);
  }
  return source;
}

/** The URL path pages load the file from: the name with eight hex digits of the file's SHA-256. */
export function assetPath(name: FingerprintedAsset): string {
  const hash = createHash('sha256').update(assetSource(name)).digest('hex').slice(0, 8);
  const extension = path.extname(name);
  return `/assets/${name.slice(0, -extension.length)}.${hash}${extension}`;
}
