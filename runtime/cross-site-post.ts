/**
 * Whether a browser sent this request from another site's page. Browsers say so in
 * Sec-Fetch-Site (Chromium, Firefox, Safari 16.4 and later); an older browser is judged by
 * Origin, which must name the host the request was sent to ("null", sent from sandboxed
 * and opaque contexts, never does). A request with neither header does not come from a
 * browser page, and could be sent from anywhere anyway.
 */
export function isCrossSite(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  try {
    return new URL(origin).host !== new URL(request.url).host;
  } catch {
    return true;
  }
}
