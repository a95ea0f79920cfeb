/**
 * The site's address: scheme and host (and port), nothing after. site.yaml's `baseUrl` is
 * held to it by its schema, and the override (`--base-url`, SITE_BASE_URL) by `baseUrlProblem`,
 * so canonical URLs are built the same way from either.
 */
export const BASE_URL_PATTERN = /^https?:\/\/[^/?#@\s]+$/;

/** What is wrong with an address given as the site's base URL (a trailing `/` is allowed), or undefined. */
export function baseUrlProblem(text: string): string | undefined {
  const trimmed = text.replace(/\/+$/, '');
  let parsed: URL | undefined;
  try {
    parsed = new URL(trimmed);
  } catch {
    parsed = undefined;
  }
  if (parsed && BASE_URL_PATTERN.test(trimmed)) return undefined;
  const why = !parsed
    ? 'is not a URL'
    : !/^https?:$/.test(parsed.protocol)
      ? 'is not an http(s) address'
      : 'has more than a scheme and a host';
  return `"${text}" ${why}: give the site's address, scheme and host only, such as https://detour.example or http://127.0.0.1:8888`;
}
