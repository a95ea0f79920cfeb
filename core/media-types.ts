/**
 * The Content-Type of a file by its extension, before `_headers` overrides some paths:
 * the local server sends it, and a mirror config sets it itself rather than trusting the
 * host's MIME table, which differs between nginx, Caddy and distributions (nginx says
 * text/xml for .xml, Caddy no charset for .json).
 */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** What a file of any other extension is sent as. */
export const DEFAULT_MEDIA_TYPE = 'application/octet-stream';
