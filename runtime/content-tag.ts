/**
 * A strong ETag made from the body of an answer its host gave none, and the 304 of a
 * conditional request that names it. The manifest of versions is what clients poll: every
 * host must let an unchanged poll cost a 304 (docs/api.md, "Syncing a copy"). Static hosts
 * and Netlify's CDN tag their files themselves; Netlify's emulator serves them untagged.
 */
export async function withContentTag(request: Request, response: Response): Promise<Response> {
  if (response.status !== 200 || response.headers.has('ETag') || !response.body) return response;
  const bytes = await response.arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const tag = `"${btoa(String.fromCharCode(...digest)).replace(/=+$/, '')}"`;
  const headers = new Headers(response.headers);
  headers.set('ETag', tag);
  if (namesTag(request.headers.get('If-None-Match'), tag)) {
    for (const name of ['Content-Type', 'Content-Length']) headers.delete(name);
    return new Response(null, { status: 304, headers });
  }
  return new Response(bytes, { status: 200, statusText: response.statusText, headers });
}

/** Whether If-None-Match names the tag: `*`, or the tag in its list, weak or strong (RFC 9110's weak comparison). */
function namesTag(header: string | null, tag: string): boolean {
  if (header === null) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag);
}
