import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_DIR } from '../model/generator.ts';
import { SEARCH_ENGINE_REFERENCE, searchEnginePath } from './browser-bundle.ts';

/**
 * The stylesheet and scripts of `generator/render/assets/`, published under names that
 * carry a hash of their bytes (`/assets/site.3f2a9c1b.css`): a changed file gets a new
 * name, so every host may tell browsers to keep each name for a year (`_headers`). The
 * pages are the only ones to name them; the icons and social images keep their names,
 * which others hard-code. A script that loads the browser's search engine names it as
 * SEARCH_ENGINE_REFERENCE, published as the engine's own name (browser-bundle.ts), which
 * is named by its bytes too.
 */
export const FINGERPRINTED_ASSETS = ['site.css', 'forms.js', 'search.js', 'search-box.js'] as const;
export type FingerprintedAsset = (typeof FINGERPRINTED_ASSETS)[number];

interface Asset {
  source: string;
  path: string;
}

/** Read and hashed once per process: every page's layout names two of them. */
const assets = new Map<FingerprintedAsset, Asset>();

function asset(name: FingerprintedAsset): Asset {
  let known = assets.get(name);
  if (known === undefined) {
    const source = readFileSync(
      path.join(PROJECT_DIR, 'generator', 'render', 'assets', name),
      'utf8',
    ).replaceAll(SEARCH_ENGINE_REFERENCE, searchEnginePath());
    const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
    const extension = path.extname(name);
    known = { source, path: `/assets/${name.slice(0, -extension.length)}.${hash}${extension}` };
    assets.set(name, known);
  }
  return known;
}

/** The file's bytes, as the generator ships them. */
export const assetSource = (name: FingerprintedAsset): string => asset(name).source;

/** The URL path pages load the file from: the name with eight hex digits of the file's SHA-256. */
export const assetPath = (name: FingerprintedAsset): string => asset(name).path;
