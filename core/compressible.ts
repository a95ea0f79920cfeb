import { MEDIA_TYPES } from './media-types.ts';

/**
 * What is worth compressing, for every host that compresses on its own terms (the local
 * server as it answers, a mirror's precompressed files): text, as the CDN compresses it.
 * Images other than SVG are compressed already.
 */
export const TEXT_EXTENSIONS = ['.html', '.md', '.json', '.txt', '.xml', '.css', '.js', '.svg'];

/** Below this, compression saves less than a packet's worth of bytes, and costs a step. */
export const MIN_COMPRESSED_BYTES = 1024;

/** `text/html; charset=utf-8` -> `text/html`. */
const essence = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

const TEXT_TYPES = new Set(TEXT_EXTENSIONS.map((extension) => essence(MEDIA_TYPES[extension]!)));

/** Whether an answer of this Content-Type is text worth compressing (not an event stream, not an image). */
export const isText = (contentType: string | null): boolean =>
  contentType !== null && TEXT_TYPES.has(essence(contentType));
