import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { MIN_COMPRESSED_BYTES, TEXT_EXTENSIONS } from '../../core/compressible.ts';
import { DATA_DIR } from '../model/site-paths.ts';
import { mapBounded } from './map-bounded.ts';
import { MirrorError } from './mirror-error.ts';

/**
 * `FILE.gz` and `FILE.br` beside each text file of a build, for mirrors that serve
 * precompressed files (nginx gzip_static and brotli_static, Caddy `precompressed`).
 * A separate step: Netlify compresses on its own, and the everyday build stays fast.
 * Same input, same bytes: the gzip header carries no name and no time.
 */
const TEXT = new Set(TEXT_EXTENSIONS);

/** How each variant is made (the benchmark quotes the manifest's sizes as these make them). */
export const VARIANTS = {
  gzip: {
    suffix: '.gz',
    compress: (data: Buffer) =>
      promisify(gzip)(data, {
        level: constants.Z_BEST_COMPRESSION,
        memLevel: constants.Z_MAX_MEMLEVEL,
      }),
  },
  brotli: {
    suffix: '.br',
    compress: (data: Buffer) =>
      promisify(brotliCompress)(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
} as const;

export interface VariantSummary {
  /** Files that got this variant, their bytes, and the variant's bytes. */
  files: number;
  bytesBefore: number;
  bytesAfter: number;
}

export interface PrecompressSummary {
  /** Text files large enough to compress, and their bytes. */
  files: number;
  bytes: number;
  gzip: VariantSummary;
  brotli: VariantSummary;
}

export async function precompress(dir: string): Promise<PrecompressSummary> {
  const root = path.resolve(dir);
  if (!(await stat(root).catch(() => undefined))?.isDirectory())
    throw new MirrorError(`${dir} is not a folder: pass the build's output folder, such as dist.`);
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const candidates = entries
    .filter((entry) => entry.isFile() && TEXT.has(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => path.relative(root, file).split(path.sep)[0] !== DATA_DIR);

  const empty = (): VariantSummary => ({ files: 0, bytesBefore: 0, bytesAfter: 0 });
  const summary: PrecompressSummary = { files: 0, bytes: 0, gzip: empty(), brotli: empty() };
  await mapBounded(candidates, 8, async (file) => {
    const data = await readFile(file);
    if (data.length < MIN_COMPRESSED_BYTES) return;
    summary.files += 1;
    summary.bytes += data.length;
    for (const [name, variant] of Object.entries(VARIANTS) as [
      keyof typeof VARIANTS,
      (typeof VARIANTS)[keyof typeof VARIANTS],
    ][]) {
      const compressed = await variant.compress(data);
      const target = file + variant.suffix;
      // A variant that is not smaller would only cost the client a decompression; an old one is stale.
      if (compressed.length >= data.length) {
        await rm(target, { force: true });
        continue;
      }
      await writeFile(target, compressed);
      summary[name].files += 1;
      summary[name].bytesBefore += data.length;
      summary[name].bytesAfter += compressed.length;
    }
  });
  return summary;
}
