import type { ApiVersion } from '../core/api-versions.ts';

/**
 * Deprecation (RFC 9745: a structured-field date, `@` + Unix seconds), Sunset
 * (RFC 8594: an HTTP-date) and Link rel="successor-version" for a deprecated version.
 */
export function deprecationHeaders(
  version: ApiVersion | undefined,
  origin: string,
): Record<string, string> {
  const d = version?.deprecation;
  if (!d) return {};
  const seconds = Date.parse(`${d.since}T00:00:00Z`) / 1000;
  return {
    Deprecation: `@${seconds}`,
    Sunset: new Date(`${d.sunset}T00:00:00Z`).toUTCString(),
    Link: `<${new URL(d.successor, origin).href}>; rel="successor-version"`,
  };
}

export function versionOf(pathname: string, versions: ApiVersion[]): ApiVersion | undefined {
  return versions.find((v) => pathname === v.prefix || pathname.startsWith(`${v.prefix}/`));
}
